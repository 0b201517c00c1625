"""Selectors the cascade matches left to right from a few anchor elements: those whose compounds
right of one that the index narrows to few elements are joined by child and next-sibling
combinators (https://drafts.csswg.org/selectors-4/#combinators), as a page's rules for one
table's cells (``#entities > table > tbody > tr > td:first-child + td``).  Each match lies a
fixed number of steps down (and across) from an element of that compound, so the steps from
those elements find them all, where a query over the tree would test every ``td`` of the page
upwards.  (Browsers match right to left from each candidate; this index has the few anchors, and
libxml2 walks down from them.)
"""

from __future__ import annotations

from typing import Any

from ..selectors.engine import matching_from_anchors, parse
from .selector_keys import AnalysedSelector

__all__ = ["matches_from_anchors"]


def matches_from_anchors(cascade: Any, selector: AnalysedSelector, few: int, folded: Any,
                         list_tags: bool = True) -> list[Any] | None:
    """The matches of *selector* in the document's tree of *cascade*, in tree order, found from
    the elements of the compound with the fewest elements of one of its index keys (``table >
    tr``: the tables) among those followed by a child combinator right of which come only child
    and next-sibling combinators; None when there is no such compound with at most *few*
    elements, or in a shadow tree or a document that is not HTML (where the cascade's other
    ways answer).  *list_tags*: a tag the index has not listed yet may anchor (a walk lists it)."""
    if not cascade.html_document or cascade.shadow is not None:
        return None
    parsed = parse(selector.text)
    if len(parsed) != 1 or len(parsed[0].compounds) != len(selector.keys):
        return None
    combinators = parsed[0].combinators
    best: tuple[int, list[Any]] | None = None
    for position in range(len(combinators) - 1, -1, -1):
        if combinators[position] not in (">", "+"):
            break
        if combinators[position] != ">":
            continue  # (an anchor is followed by a child combinator: matching_from_anchors)
        for choice in selector.keys[position]:
            if not choice or (not list_tags and any(
                    kind == "" and ("", name) not in cascade.present for kind, name in choice)):
                continue
            anchors = [lx for kind, name in choice for lx in cascade._elements(kind, folded(kind, name))]
            if len(choice) > 1:
                anchors = list(dict.fromkeys(anchors))
            if best is None or len(anchors) < len(best[1]):
                best = (position, anchors)
    if best is None or len(best[1]) > few:
        return None
    if not best[1]:
        return []
    return matching_from_anchors(cascade.document, selector.text, *best)
