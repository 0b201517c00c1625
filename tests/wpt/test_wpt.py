"""The web-platform-tests' own testharness.js tests, run through webdom's JS binding.

A fast subset runs here (each file in its own process, see run.py); ``WEBDOM_WPT_FULL=1`` runs
every file of url/ and dom/nodes.  A failing subtest not listed in expectations.json (with its
reason) is a regression; a listed one that passes must be removed from the list.  Skips when the
``js`` extra (pythonmonkey) is not installed.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

from tests.conftest import conformance_path
from tests.wpt import run

FAST = [
    "url/urlsearchparams-append.any.js", "url/urlsearchparams-constructor.any.js", "url/urlsearchparams-sort.any.js",
    "url/urlsearchparams-stringifier.any.js", "url/url-tojson.any.js", "dom/nodes/CharacterData-appendData.html",
    "dom/nodes/CharacterData-remove.html", "dom/nodes/ChildNode-after.html", "dom/nodes/Comment-constructor.html",
]


@pytest.fixture(scope="module")
def results() -> list[dict[str, object]]:
    if importlib.util.find_spec("pythonmonkey") is None:
        pytest.skip("the JS binding needs pythonmonkey: pip install 'webdom[js]'")
    conformance_path("wpt", "resources", "testharness.js")
    files = run.test_files(["url", "dom/nodes"]) if os.environ.get("WEBDOM_WPT_FULL") else FAST
    found = run.run_files(files, jobs=int(os.environ.get("WEBDOM_WPT_JOBS", "1")))
    print("\n" + run.summarize(found).splitlines()[-1].replace("wpt:", "wpt-subset:"))
    return found


def test_no_regressions(results: list[dict[str, object]]) -> None:
    expectations = run.load_expectations()
    problems = [p for r in results for p in run.check(r, expectations.get(str(r["file"]), {}))]
    assert not problems, "\n".join(problems[:40])


def test_expectations_have_reasons() -> None:
    for file, entries in run.load_expectations().items():
        for name, reason in entries.items():
            assert reason.strip(), f"{file} | {name}: no reason"
