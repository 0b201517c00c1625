"""Pass/total reporting for the URL conformance suites."""

from __future__ import annotations

from collections import defaultdict

import pytest

from tests.conftest import record_conformance

RESULTS: dict[str, list[int]] = defaultdict(lambda: [0, 0])


@pytest.fixture
def record_result(request):
    """Call with the suite name; the test's outcome is counted at teardown."""
    names: list[str] = []
    yield names.append
    rep = getattr(request.node, "rep_call", None)
    for name in names:
        RESULTS[name][1] += 1
        if rep is not None and rep.passed:
            RESULTS[name][0] += 1


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call":
        item.rep_call = rep


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session):
    # tests/conftest.py prints these with the other suites' counts (and saves them as JSON); on a
    # pytest-xdist worker, before it hands its counts to the controller (tests/conftest.py).
    for name, (passed, total) in sorted(RESULTS.items()):
        record_conformance(f"WPT url {name}", passed, total, "tests/html_infra/url/test_wpt_url.py")
