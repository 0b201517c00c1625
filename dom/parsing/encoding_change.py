"""Changing the encoding while parsing (https://html.spec.whatwg.org/#changing-the-encoding-while-parsing).

The prescan looks at the first 1024 bytes only; a page whose ``<meta charset>`` comes later is
decoded with the default (windows-1252) at *tentative* confidence.  The tree builder checks every
``meta`` it inserts ("A start tag whose tag name is "meta"" in
https://html.spec.whatwg.org/#parsing-main-inhead, which the "in body" and "in template" modes
also use): the first one declaring an encoding makes the confidence certain, and a different
encoding makes the browser re-decode the bytes and parse again.

The backends build the whole tree in one call, so the check runs on the finished tree: the
first ``meta`` element in tree order stands for the first one inserted (they differ only when
foster parenting moves a later ``meta`` in front of an earlier one in a table), unless the C tree
builder listed the metas as it inserted them.  A ``meta`` in
template contents is not looked at.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from html_infra.infra import ascii_case_insensitive_match

from ..memo import MemoKey
from ..nodes.document import Document
from .tag_starts import Openings, contains_tag, decode_finding_openings

__all__ = ["encoding_declared_in_tree", "note_parsed_metas", "parse_changing_the_encoding"]

# The HTML meta elements of a document's tree in the order its parser inserted them
# (note_parsed_metas): valid until the document's next mutation, they spare the check a walk
# over every element.
PARSED_METAS = MemoKey("meta elements as parsed")


def note_parsed_metas(document: Document, metas: list[Any]) -> None:
    """Remember *metas*, the lxml elements of every HTML ``meta`` element of *document*'s tree
    in the order the parser that built the tree inserted them."""
    document._memo_store(PARSED_METAS, None, metas)


@cache  # (a function, not imports in the ones below: a parse would resolve each import again)
def _encoding_steps() -> tuple[Callable[[bytes, str], str], Callable[[str, str], str | None],
                               Callable[[str], str | None], Callable[[str], str | None]]:
    """decode, change_the_encoding, get_an_encoding, extract_character_encoding_from_meta: the
    encodings load at the first bytes decoded or label looked up (their label table is JSON)."""
    # lazy: see above
    from html_infra.encoding.encodings import decode, get_an_encoding
    from html_infra.encoding.sniffing import change_the_encoding, extract_character_encoding_from_meta

    return decode, change_the_encoding, get_an_encoding, extract_character_encoding_from_meta


def encoding_declared_in_tree(document: Document) -> str | None:
    """The encoding the first ``meta`` element that declares one names: its ``charset``
    attribute, or else ``http-equiv="content-type"`` with a ``content`` attribute (the "in
    head" steps for a ``meta`` start tag)."""
    root = document.documentElement
    if root is None:
        return None
    _decode, _change, get_an_encoding, extract_character_encoding_from_meta = _encoding_steps()
    # the parser's list while the tree is as parsed, else a walk (HTML elements are stored under
    # their local name)
    for meta in document._memoized(PARSED_METAS, None, lambda: list(root._lx.iter("meta"))):
        charset = meta.get("charset")
        if charset is not None:
            encoding = get_an_encoding(charset)
            if encoding is not None:
                return encoding
        http_equiv = meta.get("http-equiv")
        content = meta.get("content")
        if http_equiv is not None and ascii_case_insensitive_match(http_equiv, "content-type") and content is not None:
            encoding = extract_character_encoding_from_meta(content)
            if encoding is not None:
                return encoding
    return None


def parse_changing_the_encoding(
    data: bytes, encoding: str, confidence: str,
    build: Callable[[str, Openings | None], tuple[Document, frozenset[str] | None]],
) -> tuple[Document, str]:
    """Decode *data* with *encoding*, build the document with *build*, and when the confidence
    was tentative and the tree declares another encoding, decode and build again with that one
    (then certain).  Returns the document and the encoding its strings were decoded with.
    *build* takes the text and, where known, where it holds the tags the passes after the tree
    builder look for (see dom/parsing/tag_starts.py); it gives the document and the local names
    of its HTML elements where it knows them (None: not known)."""
    decode, change_the_encoding, _get, _extract = _encoding_steps()
    text, openings = decode_finding_openings(data, encoding, decode)
    document, names = build(text, openings)
    if confidence != "tentative":
        return document, encoding
    if not (contains_tag(text, "<meta") if names is None else "meta" in names):
        return document, encoding  # no meta element, no declaration to look for
    declared = encoding_declared_in_tree(document)
    if declared is None:
        return document, encoding
    new = change_the_encoding(encoding, declared)
    if new is None:
        return document, encoding
    return build(*decode_finding_openings(data, new, decode))[0], new
