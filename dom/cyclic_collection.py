"""Pausing Python's cyclic garbage collector while webdom builds what it keeps.

The collector runs a young pass every 700 new container objects, and an older pass every ten
of those, walking everything promoted since.  Work that makes tens of thousands of objects and
keeps them all (a cascade's match lists for every element, every element's computed values in
one walk) finds nothing to free in those passes: on the WHATWG spec page they took 5 ms of
getComputedStyle's 24 over every element.  Paused, the work's objects are walked once, by the
young pass that runs at the next allocation after it.  The extension's bulk wrapping
(``querySelectorAll('*')``) pauses it the same way in C.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused"]


@contextmanager
def paused() -> Iterator[None]:
    """Run the block with the cyclic collector paused, and leave it as it was found (off
    stays off: the caller turned it off)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
