"""The style sheet owners of a document as its parser found them.

The HTML style and link elements of a document's tree as its parser made them, in tree order:
valid until the document's next mutation, they spare the first cascade of a large page a walk
over every element (dom/cssom/document_style_sheets.py reads them).  A module of its own, so that
the parser notes them without loading the CSSOM.
"""

from __future__ import annotations

from typing import Any

from ..memo import MemoKey

__all__ = ["PARSED_OWNERS", "note_parsed_sheet_owners", "parsed_sheet_owners"]

PARSED_OWNERS = MemoKey("sheet owners as parsed")


def note_parsed_sheet_owners(document: Any, elements: list[Any]) -> None:
    """Remember *elements*, the lxml elements of every HTML ``style`` and ``link`` element of
    *document*'s tree in tree order, as the parser that built the tree found them."""
    document._memo_store(PARSED_OWNERS, None, elements)


def parsed_sheet_owners(document: Any) -> list[Any] | None:
    """The elements :func:`note_parsed_sheet_owners` noted, while the tree is as the parser made
    it (None after a mutation, or when the parser noted none)."""
    parsed = document._memo_entry(PARSED_OWNERS, None)
    if parsed is not None and parsed[0] == document._version:
        return list(parsed[1])
    return None
