"""Whether a tree has a namespaced element, remembered per document version.

Type selectors over a tree whose every element is an HTML element stored under its local name
translate to plain lxml names (dom/selectors/xpath.py).  The parser knows this of what it built,
so it notes it here, sparing the first query a walk over the tree: a module of its own, so that
noting it does not load the selector engine.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from ..lxml_mirror import FRAGMENT_TAG
from ..memo import MemoKey

__all__ = ["no_namespaced_element_in", "note_no_namespaced_element", "no_namespaced_element_since"]

# Whether a tree (about its top lxml node) has no namespaced element: type selectors match lxml names.
NO_NAMESPACED_ELEMENT = MemoKey("no namespaced element")


_HAS_NAMESPACED = etree.XPath("boolean(descendant-or-self::*[namespace-uri() != ''])")


def no_namespaced_element_in(document: Any, top: Any) -> bool:
    """Whether no element of the tree whose top lxml node is *top* is namespaced, remembered
    until the document's next mutation."""
    return bool(document._memoized(NO_NAMESPACED_ELEMENT, top, lambda: _plain(top)))


def _plain(top: Any) -> bool:
    if top.tag == FRAGMENT_TAG:  # the container never meets a type selector
        return not any(_HAS_NAMESPACED(child) for child in top.iterchildren(etree.Element))
    return not _HAS_NAMESPACED(top)


def note_no_namespaced_element(document: Any, top: Any) -> None:
    """Remember that *top*'s tree has no namespaced element, as the parser that built it knows
    (until the document's next mutation), sparing the first query the walk over the tree."""
    document._memo_store(NO_NAMESPACED_ELEMENT, top, True)


def no_namespaced_element_since(document: Any, top: Any, version: int) -> bool:
    """Whether *top*'s tree was known to have no namespaced element at a version of the document
    at or after *version* (a caller that knows what changed since may note it again)."""
    entry = document._memo_entry(NO_NAMESPACED_ELEMENT, top)
    return entry is not None and entry[1] is True and entry[0] >= version
