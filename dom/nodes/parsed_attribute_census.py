"""The attribute census of a document as its parser made it.

The C tree builder notes, while it makes each attribute of the document's own tree, the entries
the cascade's index looks for: the attribute's name, the id it gives and its class tokens, each
with a hash, in tree order (``dom/cssom/attribute_census.h``).  Valid until the document's next
mutation, it spares the first cascade of a fresh tree the walk over every node
(``dom/cssom/cascade_index_speedups.c`` reads it), and tells a query for an attribute no element
has that it finds nothing (dom/selectors/engine.py).  In the node tree's floor, below the parser
that notes it and the cascade and selectors that read it.
"""

from __future__ import annotations

from typing import Any

from ..memo import MemoKey

__all__ = ["forget_parsed_attribute_census", "note_parsed_attribute_census", "parsed_attribute_census"]

_CENSUS = MemoKey("attribute census as parsed")


def note_parsed_attribute_census(document: Any, census: Any) -> None:
    """Remember *census*, the C tree builder's attribute census of *document*'s own tree (an
    opaque capsule), or nothing when it kept none."""
    if census is not None:
        document._memo_store(_CENSUS, None, census)


def parsed_attribute_census(document: Any) -> Any:
    """The census :func:`note_parsed_attribute_census` noted, while the tree is as the parser
    made it (None after a mutation, or when the parser noted none)."""
    parsed = document._memo_entry(_CENSUS, None)
    if parsed is not None and parsed[0] == document._version:
        return parsed[1]
    return None


def forget_parsed_attribute_census(document: Any) -> None:
    """Drop *document*'s census: its attributes were changed past the mutation algorithms (which
    make the census stale by the document's version)."""
    document._memo.pop((_CENSUS, None), None)
