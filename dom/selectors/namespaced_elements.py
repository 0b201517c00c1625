"""Whether a tree has a namespaced element, as its parser found it.

Type selectors over a tree whose every element is an HTML element stored under its local name
translate to plain lxml names (dom/selectors/xpath.py).  The parser knows this of what it built,
so it notes it here: a module of its own, so that noting it does not load the selector engine.
"""

from __future__ import annotations

from typing import Any

from ..memo import MemoKey

__all__ = ["NO_NAMESPACED_ELEMENT", "note_no_namespaced_element", "no_namespaced_element_since"]

# Whether a tree (about its top lxml node) has no namespaced element: type selectors match lxml names.
NO_NAMESPACED_ELEMENT = MemoKey("no namespaced element")


def note_no_namespaced_element(document: Any, top: Any) -> None:
    """Remember that *top*'s tree has no namespaced element, as the parser that built it knows
    (until the document's next mutation), sparing the first query the walk over the tree."""
    document._memo_store(NO_NAMESPACED_ELEMENT, top, True)


def no_namespaced_element_since(document: Any, top: Any, version: int) -> bool:
    """Whether *top*'s tree was known to have no namespaced element at a version of the document
    at or after *version* (a caller that knows what changed since may note it again)."""
    entry = document._memo_entry(NO_NAMESPACED_ELEMENT, top)
    return entry is not None and entry[1] is True and entry[0] >= version
