"""Where the markup holds a tag: ``<name`` (or ``</name``) and a character that ends a tag name.

The tokenizer reads a tag name after ``<`` or ``</`` up to tab, LF, FF, space, ``/`` or ``>``
(https://html.spec.whatwg.org/#tag-name-state; CR is LF once the input stream is preprocessed),
lowercasing ASCII letters only.  The passes over a finished tree (the form element pointer,
script preparation, the encoding declared by a ``meta``) first look for their tag in the text:
a page without ``<form`` has no form element, and most pages skip the pass.

These searches run over every page parsed, so the C extension does them
(dom/parsing/ascii_case_speedups.c); the regular expressions are the reference.  While a parse
runs (:func:`remembered_searches`), what :func:`contains_tag` and :func:`remembered` found in its
markup is kept: the passes after the tree is built ask again (whether there is a ``<template``,
four times on a page with one).
"""

from __future__ import annotations

import re
from _thread import _local as thread_local  # threading.local itself, without loading threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache

from ..nodes.speedups import extension

__all__ = ["contains_tag", "find_tag", "find_last_tag", "remembered", "remembered_searches"]

# per thread: (the markup being parsed, what was found in it by key) while remembered_searches runs
_PARSING = thread_local()

_END_OF_NAME = "\t\n\f\r />"


@lru_cache(maxsize=16)
def _pattern(opening: str) -> re.Pattern[str]:
    return re.compile(re.escape(opening) + "[\t\n\f\r />]", re.IGNORECASE | re.ASCII)


def find_tag(text: str, opening: str, start: int = 0, end: int | None = None) -> int:
    """The index of the first *opening* (``"<form"``, ``"</form"``: lowercase) in text[start:end]
    in any ASCII case and followed, before *end*, by a character that ends a tag name; -1 if none."""
    end = len(text) if end is None else end
    if extension is None:
        match = _pattern(opening).search(text, start, end)
        return -1 if match is None else match.start()
    size = len(opening)
    while True:
        found: int = extension.find_ascii_case_insensitive(text, opening, start, end - 1, False)
        if found < 0 or text[found + size] in _END_OF_NAME:
            return found
        start = found + 1


def find_last_tag(text: str, opening: str, start: int = 0) -> int:
    """The index of the last *opening* in text[start:], as :func:`find_tag` finds the first; -1 if none."""
    if extension is None:  # tails of growing length: the last one is usually near the end
        size = 4096
        while True:
            tail = max(start, len(text) - size)
            last = -1
            for match in _pattern(opening).finditer(text, tail):
                last = match.start()
            if last >= 0 or tail == start:
                return last
            size *= 4
    size = len(opening)
    end = len(text) - 1  # the character ending the name comes after the opening
    while True:
        found: int = extension.find_ascii_case_insensitive(text, opening, start, end, True)
        if found < 0 or text[found + size] in _END_OF_NAME:
            return found
        end = found + size - 1


def contains_tag(text: str, opening: str) -> bool:
    """Whether *text* holds *opening* as :func:`find_tag` finds it."""
    return remembered(text, opening, lambda: find_tag(text, opening) >= 0)


def remembered(text: str, key: str, search: Callable[[], bool]) -> bool:
    """search(), the answer about *text* named *key*: kept while *text* is the markup of the
    parse :func:`remembered_searches` runs for."""
    parsing = getattr(_PARSING, "markup", None)
    if parsing is None or parsing[0] is not text:
        return search()
    answers: dict[str, bool] = parsing[1]
    found = answers.get(key)
    if found is None:
        found = answers[key] = search()
    return found


@contextmanager
def remembered_searches(text: str) -> Iterator[None]:
    """Keep the answers of :func:`remembered` about *text* while the block parses it."""
    outer = getattr(_PARSING, "markup", None)
    _PARSING.markup = (text, {})
    try:
        yield
    finally:
        _PARSING.markup = outer
