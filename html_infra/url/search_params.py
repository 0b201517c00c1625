"""The URLSearchParams class (https://url.spec.whatwg.org/#interface-urlsearchparams)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from webidl.operations import operations

from ..infra import code_unit_sort_key
from .urlencoded import urlencoded_parse, urlencoded_serialize

if TYPE_CHECKING:
    from .api import URL

__all__ = ["URLSearchParams"]


# https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams: (sequence<sequence<USVString>> or
# record<USVString, USVString> or USVString); a URLSearchParams is a sequence of pairs
URLSearchParamsInit: TypeAlias = "Iterable[Iterable[str]] | Mapping[str, str] | str"


@operations("URLSearchParams", "__init__", "append", "delete", "get", "getAll", "has", "set")
class URLSearchParams:
    """https://url.spec.whatwg.org/#urlsearchparams

    ``URLSearchParams("?a=1&b=2")``, ``URLSearchParams([("a", "1")])`` or
    ``URLSearchParams({"a": "1"})``.  Iteration yields ``(name, value)`` pairs.
    """

    __slots__ = ("_list", "_url", "__weakref__")

    def __init__(self, init: URLSearchParamsInit = "") -> None:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams (*init* converted: a
        list of pairs, a record -- keys equal after conversion already merged -- or a string)"""
        self._list: list[tuple[str, str]] = []
        self._url: URL | None = None
        if isinstance(init, str):  # step 3
            self._list = urlencoded_parse(init[1:] if init.startswith("?") else init)
        elif isinstance(init, Mapping):  # step 2
            self._list = list(init.items())
        else:  # step 1
            for pair in init:
                items = list(pair)
                if len(items) != 2:
                    raise TypeError(f"URLSearchParams: a pair must have exactly 2 items, not {len(items)}")
                self._list.append((items[0], items[1]))

    # https://url.spec.whatwg.org/#concept-urlsearchparams-update
    def _update(self) -> None:
        url = self._url
        if url is None:
            return
        serialized = urlencoded_serialize(self._list)
        url._url.query = serialized if serialized != "" else None

    @property
    def size(self) -> int:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-size"""
        return len(self._list)

    def append(self, name: str, value: str) -> None:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-append"""
        self._list.append((name, value))
        self._update()

    def delete(self, name: str, value: str | None = None) -> None:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-delete (*value* left out, or
        ``webidl.undefined``: not given; None is JS null, the value "null")"""
        if value is None:
            self._list = [(n, v) for n, v in self._list if n != name]
        else:
            self._list = [(n, v) for n, v in self._list if not (n == name and v == value)]
        self._update()

    def get(self, name: str) -> str | None:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-get"""
        for n, v in self._list:
            if n == name:
                return v
        return None

    def getAll(self, name: str) -> list[str]:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-getall"""
        return [v for n, v in self._list if n == name]

    def has(self, name: str, value: str | None = None) -> bool:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-has (*value* as for :meth:`delete`)"""
        if value is None:
            return any(n == name for n, _ in self._list)
        return (name, value) in self._list

    def set(self, name: str, value: str) -> None:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-set"""
        out: list[tuple[str, str]] = []
        found = False
        for n, v in self._list:
            if n == name:
                if not found:
                    out.append((name, value))
                    found = True
            else:
                out.append((n, v))
        if not found:
            out.append((name, value))
        self._list = out
        self._update()

    def sort(self) -> None:
        """https://url.spec.whatwg.org/#dom-urlsearchparams-sort: stable, by UTF-16 code units."""
        self._list.sort(key=lambda pair: code_unit_sort_key(pair[0]))
        self._update()

    def toString(self) -> str:
        """https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior"""
        return urlencoded_serialize(self._list)

    __str__ = toString

    # iterable<USVString, USVString>
    def __iter__(self) -> Iterator[tuple[str, str]]:
        # Like the JS iterator, this reads the live list index by index, so changes made while
        # iterating are seen.
        i = 0
        while i < len(self._list):
            yield self._list[i]
            i += 1

    def entries(self) -> Iterator[tuple[str, str]]:
        return iter(self)

    def keys(self) -> Iterator[str]:
        return (n for n, _ in self)

    def values(self) -> Iterator[str]:
        return (v for _, v in self)

    def forEach(self, callback: Callable[..., Any], this_arg: Any = None) -> None:
        for name, value in self:
            callback(value, name, self)

    def __len__(self) -> int:
        return len(self._list)

    def __contains__(self, name: object) -> bool:
        return self.has(cast(str, name))  # any value converts, as for has()

    def __repr__(self) -> str:
        return f"URLSearchParams({self._list!r})"

