"""Running JS cases in a child process: pythonmonkey has one JS global per process."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[3]


def check_in_child(script: str, payload: Any, cases: Sequence[tuple[str, Any]], engine: str = "pythonmonkey") -> None:
    """Run *script* in a child with *payload* (JSON) on stdin; its last stdout line is a JSON list
    of JSON strings (or null), one per case, compared with each case's expected value.  Skips
    when the module of the *engine* the script's realms run on is not installed."""
    if importlib.util.find_spec(engine) is None:
        pytest.skip(f"the JS binding on this engine needs {engine}: pip install 'webdom[js]'")
    proc = subprocess.run([sys.executable, "-c", script], input=json.dumps(payload), capture_output=True, text=True,
                          cwd=REPO, env={"PYTHONPATH": str(REPO), "PATH": ""})
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = [json.loads(v) if v is not None else None for v in json.loads(proc.stdout.splitlines()[-1])]
    failures = [f"{src}\n  expected {want!r}, got {have!r}" for (src, want), have in zip(cases, got, strict=True)
                if have != want]
    assert not failures, "\n".join(failures) + "\n" + proc.stderr[-2000:]
