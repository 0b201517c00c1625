"""The table harness of the DOM event tests (test_events.py, test_event_listeners.py,
test_event_propagation.py, test_abort_signals.py, test_event_handlers.py).

Each of those modules makes one ``EventCaseTable``, registers its small cases with ``@case(group)``
and ends with ``test_events = TABLE.runner()`` and ``_report = TABLE.report()``: one parametrized
test per case, and one "DOM events, <group>: passed/total" line per group when the module ends.
A group's cases all live in one module, so the printed counts add up across the modules.
"""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import dom
from dom import Event
from dom.events import ReportedExceptionWarning

Case = Callable[[], None]


class EventCaseTable:
    """One module's cases by group, in registration order, with their passed/total counts."""

    def __init__(self) -> None:
        self.cases: dict[str, list[Case]] = {}
        self.results: Counter[str] = Counter()

    def case(self, group: str) -> Callable[[Case], Case]:
        def register(fn: Case) -> Case:
            self.cases.setdefault(group, []).append(fn)
            return fn

        return register

    def runner(self) -> Callable[[str, Case], None]:
        """The parametrized test running every case registered so far (call it last)."""
        table = [(group, fn) for group, fns in self.cases.items() for fn in fns]
        results = self.results

        @pytest.mark.parametrize("group, fn", table, ids=[f"{g}:{f.__name__.strip('_')}" for g, f in table])
        def test_events(group: str, fn: Case) -> None:
            results[group + " total"] += 1
            fn()
            results[group + " passed"] += 1

        return test_events

    def report(self) -> Any:
        """The module's autouse fixture printing the counts per group once its tests are done."""

        @pytest.fixture(autouse=True, scope="module")
        def _report() -> Iterator[None]:
            yield
            for group in self.cases:
                print(f"\nDOM events, {group}: {self.results[group + ' passed']}/{self.results[group + ' total']}")

        return _report


def page() -> Any:
    return dom.parse_html("<div id=outer><p id=middle><span id=inner>text</span></p></div>")


def recorder(log: list, label: Any) -> Callable[[Event], None]:
    return lambda e: log.append((label, e.eventPhase))


@contextmanager
def no_reports() -> Iterator[None]:
    """A context in which a reported exception fails the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", ReportedExceptionWarning)
        yield
