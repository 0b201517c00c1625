"""Reporting an exception (https://html.spec.whatwg.org/#report-an-exception): what the DOM does
with an exception a listener or an event handler raised, as a Python warning (see dom.events'
module docstring, which re-exports these names)."""

from __future__ import annotations

import sys
import warnings
from types import FrameType

__all__ = ["ReportedExceptionWarning", "report_exception"]


class ReportedExceptionWarning(RuntimeWarning):
    """An exception the DOM reported instead of raising
    (https://html.spec.whatwg.org/#report-an-exception): a listener that raised during dispatch,
    or an event handler content attribute that could not be compiled.  ``exception`` is the
    original exception, traceback included."""

    def __init__(self, exception: BaseException, context: str = "") -> None:
        self.exception = exception
        where = f"{context}: " if context else ""
        super().__init__(f"{where}{type(exception).__name__}: {exception}")


# The modules whose frames a report skips to find the caller (the event modules).
_EVENT_MODULES = frozenset({f"{__package__}.events", f"{__package__}.aborting", f"{__package__}.event_handlers"})


def report_exception(exception: BaseException, context: str = "") -> None:
    """https://html.spec.whatwg.org/#report-an-exception, as a Python warning (see the module
    docstring) attributed to the first caller outside the event modules (the ``dispatchEvent`` call
    or the attribute read)."""
    level = 2  # warn()'s stacklevel 1 is this function; 2 its caller, the frame below
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__") in _EVENT_MODULES:
        frame = frame.f_back
        level += 1
    warnings.warn(ReportedExceptionWarning(exception, context), stacklevel=level)
