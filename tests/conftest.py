"""Shared test fixtures: where the upstream conformance data lives, and the conformance counts.

The data is never copied into this repository.  It is read from ``$WEBDOM_CONFORMANCE`` or, by
default, from ``../shared/conformance`` beside the repository root.

Conformance counts: a test module that reads data through :func:`conformance_path` or
:func:`specs_path` and prints lines ``<suite>: <passed>/<total>`` (optionally followed by a word
such as "assertions") has them collected from pytest's captured output; a conftest may also call
:func:`record_conformance` directly.  The counts are printed in a "conformance" section at the end
of the run and, when ``$WEBDOM_CONFORMANCE_JSON`` names a file, written there as JSON
(``docs/gen_readme_tables.py`` turns that file into the README's table).  With ``-s`` nothing is
captured, so only directly recorded counts appear.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from webidl.idl import IDLNotFound

# Hypothesis' per-example deadline and "too slow" health check measure wall time, which on a
# loaded or slow machine (2 shared cores, CI) fails correct code at random.  The suite's own
# time is watched as a whole instead.  Tests may still set their own settings.
settings.register_profile("webdom", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "webdom"))

REPO = Path(__file__).resolve().parent.parent
CONFORMANCE = Path(os.environ.get("WEBDOM_CONFORMANCE", REPO.parent / "shared" / "conformance"))
SPECS = Path(os.environ.get("WEBDOM_SPECS", REPO.parent / "shared" / "specs"))


def conformance_path(*parts: str) -> Path:
    """Path to a conformance file; skip the calling test with a clear message if it is absent."""
    _CONFORMANCE_MODULES.add(sys._getframe(1).f_code.co_filename)
    path = CONFORMANCE.joinpath(*parts)
    if not path.exists():
        pytest.skip(
            f"conformance data {path} not found: put the shared/ folder beside the repository "
            f"or set WEBDOM_CONFORMANCE to the folder that holds it"
        )
    return path


def specs_path(*parts: str) -> Path:
    """Path to a file in shared/specs; skip the calling test if it is absent."""
    _CONFORMANCE_MODULES.add(sys._getframe(1).f_code.co_filename)
    path = SPECS.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"spec data {path} not found: put shared/ beside the repository or set WEBDOM_SPECS")
    return path


# -- conformance counts ---------------------------------------------------------------------------

CONFORMANCE_COUNTS: dict[str, dict[str, object]] = {}
_CONFORMANCE_MODULES: set[str] = set()  # files of the modules that asked for conformance/spec data
_COUNT_LINE = re.compile(r"^\s*(?P<suite>\S.*?):\s+(?P<passed>\d+)/(?P<total>\d+)(?: [A-Za-z ]+)?\s*$")


def record_conformance(suite: str, passed: int, total: int, source: str = "") -> None:
    """Record *passed*/*total* for *suite* (a later record of the same suite replaces it);
    *source*, a test module's path (``__file__`` too), is kept relative to the repository, so
    the README's tables hold no machine's paths."""
    if source and Path(source).is_absolute():
        try:
            source = Path(source).resolve().relative_to(REPO).as_posix()
        except ValueError:
            pass
    CONFORMANCE_COUNTS[suite] = {"passed": passed, "total": total, "source": source}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    output = report.capstdout
    if not output:
        return
    source = report.nodeid.split("::", 1)[0]
    if (REPO / source).resolve() not in {Path(name).resolve() for name in _CONFORMANCE_MODULES}:
        return
    for line in output.splitlines():
        match = _COUNT_LINE.match(line)
        if match:
            record_conformance(match["suite"], int(match["passed"]), int(match["total"]), source)


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> object:
    """A test that reads the specs' IDL (webidl.idl's default) skips, naming the folder, where it is absent."""
    try:
        return (yield)
    except IDLNotFound as absent:
        pytest.skip(str(absent))


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter, config) -> None:
    if not CONFORMANCE_COUNTS:
        return
    terminalreporter.write_sep("-", "conformance (passed/total)")
    for suite, counts in sorted(CONFORMANCE_COUNTS.items()):
        terminalreporter.write_line(f"{suite}: {counts['passed']}/{counts['total']}")


def pytest_sessionfinish(session: pytest.Session) -> None:
    """On a pytest-xdist worker, hand its counts to the controller (``-n``: each test module runs
    whole on one worker with ``--dist loadfile``, so its printed counts are complete)."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["conformance"] = json.dumps(CONFORMANCE_COUNTS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """On the controller of a pytest-xdist run: a worker's counts join the run's."""
    counts = getattr(node, "workeroutput", {}).get("conformance")
    if counts:
        CONFORMANCE_COUNTS.update(json.loads(counts))


def pytest_unconfigure(config) -> None:
    target = os.environ.get("WEBDOM_CONFORMANCE_JSON")
    if target and not hasattr(config, "workerinput"):  # (the controller writes, not each worker)
        data = {"conformance_data": str(CONFORMANCE), "suites": CONFORMANCE_COUNTS}
        Path(target).write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")


# -- table-driven case counts ---------------------------------------------------------------------


class CaseCounts:
    """Passed/total per group of a module's table-driven cases: ``record = CaseCounts("title")`` at
    module level, ``record(group, ok)`` per case.  The counts are printed when the module's tests
    end (one ``<prefix><group>: passed/total`` line per group), so they join the conformance
    counts like any printed count line."""

    def __init__(self, title: str, prefix: str = "") -> None:
        self.title = title
        self.prefix = prefix
        self.passed: Counter[str] = Counter()
        self.total: Counter[str] = Counter()

    def __call__(self, group: str, ok: object) -> None:
        self.total[group] += 1
        self.passed[group] += bool(ok)

    def print_counts(self) -> None:
        print(f"\n{self.title} (passed/total):")
        for group in sorted(self.total):
            print(f"  {self.prefix}{group}: {self.passed[group]}/{self.total[group]}")


@pytest.fixture(scope="module", autouse=True)
def _print_case_counts(request: pytest.FixtureRequest):
    yield
    for value in vars(request.module).values():
        if isinstance(value, CaseCounts):
            value.print_counts()
