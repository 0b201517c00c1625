"""Where benchmark inputs live: ``$WEBDOM_BENCH_DATA`` or ``../shared/bench-data``."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BENCH_DATA = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data"))


def bench_file(*parts: str) -> Path:
    path = BENCH_DATA.joinpath(*parts)
    if not path.exists():
        sys.exit(f"benchmark data {path} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    return path


def best_of(fn: Callable[[], object], repeat: int = 3) -> float:
    """The best wall time of *repeat* runs of *fn*, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best
