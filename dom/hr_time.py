"""High Resolution Time's Performance object (https://w3c.github.io/hr-time/#the-performance-interface):
``now()``, ``timeOrigin`` and ``toJSON()``.

The time origin is the one :mod:`dom.events` stamps events with (its ``timeStamp`` is the
coarsened milliseconds since that module's import, standing in for the global's creation), so an
event made between two ``performance.now()`` calls has a timeStamp between them.  Times are
coarsened to 100 microseconds, the resolution for contexts that are not cross-origin isolated
(https://w3c.github.io/hr-time/#dfn-coarsen-time).
"""

from __future__ import annotations

import time
from typing import Any

from .events import TIME_ORIGIN, EventTarget, coarse_now

__all__ = ["Performance"]

# The time origin as milliseconds since the Unix epoch (https://w3c.github.io/hr-time/#dfn-time-origin)
_EPOCH_TIME_ORIGIN = time.time() * 1000 - (time.perf_counter() - TIME_ORIGIN) * 1000


class Performance(EventTarget):
    """https://w3c.github.io/hr-time/#the-performance-interface (``window.performance``)."""

    __slots__ = ("_event_target_state",)

    def __init__(self) -> None:
        raise TypeError("Illegal constructor: use window.performance")

    @classmethod
    def _new(cls) -> Performance:
        return cls.__new__(cls)

    def now(self) -> float:
        """https://w3c.github.io/hr-time/#dom-performance-now: the current high resolution time,
        coarsened, relative to the time origin."""
        return coarse_now()

    @property
    def timeOrigin(self) -> float:  # noqa: N802 -- IDL name
        """https://w3c.github.io/hr-time/#dom-performance-timeorigin (coarsened)"""
        return (_EPOCH_TIME_ORIGIN * 10 // 1) / 10

    def toJSON(self) -> dict[str, Any]:  # noqa: N802 -- IDL name
        """https://w3c.github.io/hr-time/#dom-performance-tojson: the default toJSON steps
        (https://webidl.spec.whatwg.org/#default-tojson-steps) over the one attribute."""
        return {"timeOrigin": self.timeOrigin}
