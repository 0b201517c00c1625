"""Where the markup holds a tag: ``<name`` (or ``</name``) and a character that ends a tag name.

The tokenizer reads a tag name after ``<`` or ``</`` up to tab, LF, FF, space, ``/`` or ``>``
(https://html.spec.whatwg.org/#tag-name-state; CR is LF once the input stream is preprocessed),
lowercasing ASCII letters only.  The passes over a finished tree (the form element pointer,
script preparation, the encoding declared by a ``meta``, declarative shadow roots) first look
for their tags in the text: a page without ``<form`` has no form element, and most pages skip
the pass.

Every page parsed is read for them, so one pass finds all of :data:`OPENINGS` at once (in C:
dom/parsing/ascii_case_speedups.c's ``tag_openings``; the regular expression is the reference).
Where the markup came as bytes that UTF-8 decodes without an error (most pages), those bytes are
read for them instead (:func:`decode_finding_openings`, in C: ``tag_openings_of_utf8``): a str is
longer than its UTF-8 where it holds a character above U+00FF, up to four times.
While a parse runs (:func:`remembered_searches`), what was found in its markup is kept: the
passes ask again (whether there is a ``<template``, four times on a page with one).
"""

from __future__ import annotations

import re
from _thread import _local as thread_local  # threading.local itself, without loading threading
from collections.abc import Callable
from functools import lru_cache

from ..nodes.speedups import extension

__all__ = ["OPENINGS", "Openings", "contains_tag", "decode_finding_openings", "next_tag", "remembered",
           "remembered_searches", "tag_positions"]

# The openings looked for, in the order of the C extension's lists.
OPENINGS = ("<form", "</form", "<script", "</script", "<template", "<meta")

# Where a text holds each of OPENINGS (tag_positions' answers)
Openings = dict[str, list[int]]

# The byte order marks of UTF-16, which override a UTF-8 fallback (https://encoding.spec.whatwg.org/#decode)
_UTF16_BOMS = (b"\xfe\xff", b"\xff\xfe")
_UTF8_BOM = b"\xef\xbb\xbf"


@lru_cache(maxsize=1)  # (compiled at the first use: the C pass is the one in use)
def _opening() -> re.Pattern[str]:
    return re.compile(r"<(/?form|/?script|template|meta)[\t\n\f\r />]", re.IGNORECASE | re.ASCII)


class _Parsing:
    """The markup of the parse :func:`remembered_searches` runs for, and what was found in it."""

    __slots__ = ("answers", "positions", "text")

    def __init__(self, text: str, positions: Openings | None) -> None:
        self.text = text
        self.answers: dict[str, bool] = {}
        self.positions = positions


# per thread: the _Parsing of the parse running, while remembered_searches runs
_PARSING = thread_local()


def _by_opening(lists: tuple[list[int], ...]) -> Openings:
    """The C extension's lists (in the order of OPENINGS) by opening."""
    return dict(zip(OPENINGS, lists, strict=True))


def _every_position(text: str) -> Openings:
    if extension is not None:
        return _by_opening(extension.tag_openings(text))
    found: Openings = {opening: [] for opening in OPENINGS}
    for match in _opening().finditer(text):
        found["<" + match.group(1).lower()].append(match.start())
    return found


def tag_positions(text: str, opening: str) -> list[int]:
    """Where *text* holds *opening* (one of :data:`OPENINGS`, lowercase) in any ASCII case and
    followed by a character that ends a tag name, in order."""
    parsing: _Parsing | None = getattr(_PARSING, "markup", None)
    if parsing is None or parsing.text is not text:
        return _every_position(text)[opening]
    if parsing.positions is None:
        parsing.positions = _every_position(text)
    return parsing.positions[opening]


def next_tag(text: str, opening: str, start: int) -> int:
    """The first of :func:`tag_positions` at or after *start*; -1 if none."""
    from bisect import bisect_left  # lazy: only pages with forms or scripts ask, after their parse

    positions = tag_positions(text, opening)
    at = bisect_left(positions, start)
    return positions[at] if at < len(positions) else -1


def contains_tag(text: str, opening: str) -> bool:
    """Whether *text* holds *opening* as :func:`tag_positions` finds it."""
    return bool(tag_positions(text, opening))


def remembered(text: str, key: str, search: Callable[[], bool]) -> bool:
    """search(), the answer about *text* named *key*: kept while *text* is the markup of the
    parse :func:`remembered_searches` runs for."""
    parsing: _Parsing | None = getattr(_PARSING, "markup", None)
    if parsing is None or parsing.text is not text:
        return search()
    found = parsing.answers.get(key)
    if found is None:
        found = parsing.answers[key] = search()
    return found


class _Remembering:
    """The context of :func:`remembered_searches` (a class, not a generator: every parse enters
    one)."""

    __slots__ = ("outer", "positions", "text")

    def __init__(self, text: str, positions: Openings | None) -> None:
        self.text = text
        self.positions = positions
        self.outer: _Parsing | None = None

    def __enter__(self) -> None:
        self.outer = getattr(_PARSING, "markup", None)
        _PARSING.markup = _Parsing(self.text, self.positions)

    def __exit__(self, *exception: object) -> None:
        _PARSING.markup = self.outer


def remembered_searches(text: str, positions: Openings | None = None) -> _Remembering:
    """Keep what :func:`tag_positions` and :func:`remembered` find in *text* while the block
    parses it; *positions*, if given, are tag_positions' answers for every opening, found
    beforehand (:func:`decode_finding_openings`)."""
    return _Remembering(text, positions)


def decode_finding_openings(data: bytes, encoding: str,
                            decode: Callable[[bytes, str], str]) -> tuple[str, Openings | None]:
    """*decode*(*data*, *encoding*), https://encoding.spec.whatwg.org/#decode, and where that
    is UTF-8 decoding the bytes without an error, what :func:`tag_positions` finds in the text
    for every opening, read from the bytes; else None (the text is searched when asked)."""
    if encoding == "UTF-8" and extension is not None and not data.startswith(_UTF16_BOMS):
        start = len(_UTF8_BOM) if data.startswith(_UTF8_BOM) else 0
        try:
            text = str(memoryview(data)[start:], "utf-8")
        except UnicodeDecodeError:  # (an error's U+FFFD moves the positions after it)
            pass
        else:
            return text, _by_opening(extension.tag_openings_of_utf8(data, start))
    return decode(data, encoding), None
