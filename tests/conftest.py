"""Shared test fixtures: where the upstream conformance data lives.

The data is never copied into this repository.  It is read from ``$WEBDOM_CONFORMANCE`` or, by
default, from ``../shared/conformance`` beside the repository root.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CONFORMANCE = Path(os.environ.get("WEBDOM_CONFORMANCE", REPO.parent / "shared" / "conformance"))
SPECS = Path(os.environ.get("WEBDOM_SPECS", REPO.parent / "shared" / "specs"))


def conformance_path(*parts: str) -> Path:
    """Path to a conformance file; skip the calling test with a clear message if it is absent."""
    path = CONFORMANCE.joinpath(*parts)
    if not path.exists():
        pytest.skip(
            f"conformance data {path} not found: put the shared/ folder beside the repository "
            f"or set WEBDOM_CONFORMANCE to the folder that holds it"
        )
    return path


def specs_path(*parts: str) -> Path:
    """Path to a file in shared/specs; skip the calling test if it is absent."""
    path = SPECS.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"spec data {path} not found: put shared/ beside the repository or set WEBDOM_SPECS")
    return path
