"""DOMStringList (https://html.spec.whatwg.org/#the-domstringlist-interface)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from webidl import to_dom_string
from webidl.interface import IndexedCollection
from webidl.operations import operations

__all__ = ["DOMStringList"]


@operations("DOMStringList", "item", "contains")
class DOMStringList(IndexedCollection[str]):
    """A read-only list of strings: ``DOMStringList(["a", "b"])``
    (https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#the-domstringlist-interface).

    ``item(index)`` returns None when index is not less than the length (the current spec's
    wording: "null if ... greater than or equal to"); ``lst[i]`` raises IndexError there.
    """

    __slots__ = ("_strings",)

    def __init__(self, strings: Iterable[Any] = ()) -> None:
        self._strings = [to_dom_string(s) for s in strings]

    @property
    def length(self) -> int:
        """https://html.spec.whatwg.org/#dom-domstringlist-length"""
        return len(self._strings)

    def item(self, index: int) -> str | None:
        """https://html.spec.whatwg.org/#dom-domstringlist-item"""
        return self._strings[index] if index < len(self._strings) else None

    def contains(self, string: str) -> bool:
        """https://html.spec.whatwg.org/#dom-domstringlist-contains"""
        return string in self._strings

    def __contains__(self, value: object) -> bool:
        return value in self._strings

    def __repr__(self) -> str:
        return f"DOMStringList({self._strings!r})"
