"""Every expectation's reason is of a known kind (tests/wpt/reasons.py), and the reasons nobody
has read yet (the runner's own ``fails: ...`` text) do not grow."""

from __future__ import annotations

import json

import pytest

from tests.wpt.reasons import EXPECTATIONS, failures_by_kind, kind

# The runner-written reasons left; lower it as they are read, never raise it.
UNEXPLAINED_AT_MOST = 0


def test_every_reason_has_a_kind() -> None:
    expectations = json.loads(EXPECTATIONS.read_text(encoding="utf-8"))
    for subtests in expectations.values():
        for reason in subtests.values():
            kind(reason)


def test_unexplained_reasons_do_not_grow() -> None:
    unexplained = sum(counts["unexplained"] for counts in failures_by_kind().values())
    assert unexplained <= UNEXPLAINED_AT_MOST


def test_unknown_reason_is_refused() -> None:
    with pytest.raises(ValueError):
        kind("it fails")


def test_readme_table_is_current() -> None:
    """The README's table of failures by kind is the one expectations.json gives now
    (``python -m tests.wpt.reasons --readme`` rewrites it)."""
    from tests.wpt.reasons import README, readme_with_table

    readme = README.read_text(encoding="utf-8")
    assert readme_with_table(readme) == readme
