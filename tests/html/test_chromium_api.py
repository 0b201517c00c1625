"""A differential against Chromium for focus, moveBefore, MutationObserver order and buttons
with command/commandfor: the scripted cases of chromium_api_cases.py, recorded in Chromium by
record_chromium_api.py, run here through webdom's JS binding (webdom.js.Realm, in a child
process: one JS global per process).  Where Chromium departs from the standard the case is named
in DEPARTURES with the section webdom follows, and webdom's answer is checked against the
standard's.  Skips when the ``js`` extra is not installed."""

from __future__ import annotations

import gzip
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO, record_conformance
from tests.html.chromium_api_cases import CASES, script_source

DATA = json.loads(gzip.decompress((Path(__file__).parent / "data" / "chromium_api.json.gz").read_bytes()))

CHILD = r"""
import json, sys
import webdom
from webdom.js import Realm
realm = Realm(webdom.parse_html("<!doctype html><html><head><title>t</title></head><body></body></html>"))
realm.eval(sys.stdin.read())
realm.run_until_idle()
print(realm.evaluate("JSON.stringify([globalThis.webdomDone, globalThis.webdomOut])"))
"""

# case -> (what the standard gives, as JSON text, and why Chromium differs)
DEPARTURES: dict[str, tuple[str, str]] = {}

# cases that wait for moveBefore's move algorithm (https://dom.spec.whatwg.org/#concept-node-move)
# to be completed; strict, so that they fail once it is
MOVE_PENDING: dict[str, str] = {}


@pytest.fixture(scope="module")
def webdom_results() -> dict[str, str]:
    if importlib.util.find_spec("pythonmonkey") is None:
        pytest.skip("the JS binding needs pythonmonkey: pip install 'webdom[js]'")
    proc = subprocess.run([sys.executable, "-c", CHILD], input=script_source(), capture_output=True, text=True,
                          cwd=REPO, env={"PYTHONPATH": str(REPO), "PATH": ""}, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    done, results = json.loads(proc.stdout.splitlines()[-1])
    assert done, "the cases did not all finish"
    return results  # type: ignore[no-any-return]


def _params() -> list[Any]:
    params = []
    for name in CASES:
        marks = []
        if name in MOVE_PENDING:
            marks.append(pytest.mark.xfail(strict=True, reason=f"moveBefore's move algorithm: {MOVE_PENDING[name]}"))
        params.append(pytest.param(name, marks=marks, id=name))
    return params


@pytest.mark.parametrize("name", _params())
def test_against_chromium(name: str, webdom_results: dict[str, str]) -> None:
    got = webdom_results.get(name)
    if name in DEPARTURES:
        assert got == DEPARTURES[name][0] != DATA["cases"][name]
    else:
        assert got == DATA["cases"][name]


def test_recorded_every_case() -> None:
    assert sorted(DATA["cases"]) == sorted(CASES)


def test_agreement(webdom_results: dict[str, str]) -> None:
    for area in sorted({name.split("/")[0] for name in CASES}):
        names = [n for n in CASES if n.startswith(area + "/")]
        same = sum(webdom_results.get(n) == DATA["cases"][n] for n in names)
        record_conformance(f"{area} vs Chromium, scripted cases", same, len(names), "tests/html/test_chromium_api.py")
        print(f"\n{area} vs Chromium {DATA['chromium']}: {same}/{len(names)}")
