"""The Headers class (https://fetch.spec.whatwg.org/#headers-class) over a header list.

``Headers({"Content-Type": "text/plain"})`` or ``Headers([("a", "1")])``; names compare
case-insensitively, iteration yields the sorted and combined ``(name, value)`` pairs.  The guard
("none", "request", "request-no-cors", "response", "immutable") is set by Request and Response.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeAlias

from webidl import undefined
from webidl.operations import operations

from .http import (
    is_cors_safelisted_request_header,
    is_forbidden_request_header,
    is_forbidden_response_header_name,
    is_header_name,
    is_header_value,
    normalize_header_value,
)

__all__ = ["Headers", "HeaderList"]

HeaderList = list[tuple[str, str]]


# https://fetch.spec.whatwg.org/#typedefdef-headersinit (pairs, or a record; a Headers is a sequence
# of pairs too)
HeadersInit: TypeAlias = "Iterable[Iterable[str]] | Mapping[str, str]"


@operations("Headers", "__init__", "append", "delete", "get", "has", "set")
class Headers:
    """https://fetch.spec.whatwg.org/#headers-class"""

    __slots__ = ("_list", "_guard", "_version", "_combined")

    def __init__(self, init: HeadersInit | None = None) -> None:
        """https://fetch.spec.whatwg.org/#dom-headers (*init* None: not given)"""
        self._list: HeaderList = []
        self._guard = "none"  # step 1
        # the header list's changes, counted: iteration sorts and combines once per change
        self._version = 0
        self._combined: tuple[int, list[tuple[str, str]]] = (-1, [])
        if init is not None:
            self._fill(init)  # step 2

    @classmethod
    def _with_guard(cls, guard: str) -> Headers:
        headers = cls()
        headers._guard = guard
        return headers

    def _fill(self, init: HeadersInit | Headers) -> None:
        """https://fetch.spec.whatwg.org/#concept-headers-fill (of an init converted to HeadersInit,
        or another Headers object's list)"""
        if isinstance(init, Headers):
            pairs: list[list[str] | tuple[str, str]] = list(init._list)
        elif isinstance(init, Mapping):
            pairs = list(init.items())
        else:
            pairs = [list(pair) for pair in init]
            for pair in pairs:
                if len(pair) != 2:
                    raise TypeError(f"Headers: a header must be a name-value pair, not {len(pair)} values")
        for name, value in pairs:
            self._append(name, value)

    # https://fetch.spec.whatwg.org/#headers-validate
    def _validate(self, name: str, value: str) -> bool:
        if not is_header_name(name):
            raise TypeError(f"Headers: {name!r} is not a valid header name")
        if not is_header_value(value):
            raise TypeError(f"Headers: {value!r} is not a valid header value")
        if self._guard == "immutable":
            raise TypeError("Headers: these headers are immutable")
        if self._guard == "request" and is_forbidden_request_header(name, value):
            return False
        return not (self._guard == "response" and is_forbidden_response_header_name(name))

    def _append(self, name: str, value: str) -> None:
        """https://fetch.spec.whatwg.org/#concept-headers-append"""
        value = normalize_header_value(value)  # step 1
        if not self._validate(name, value):  # step 2
            return
        if self._guard == "request-no-cors":  # step 3
            temporary = self._get(name)
            combined = value if temporary is None else f"{temporary}, {value}"
            if not is_cors_safelisted_request_header(name, combined):
                return
        self._list.append((name, value))  # step 4
        self._version += 1

    def _get(self, name: str) -> str | None:
        """https://fetch.spec.whatwg.org/#concept-header-list-get"""
        lower = name.lower()
        values = [v for n, v in self._list if n.lower() == lower]
        return ", ".join(values) if values else None

    def append(self, name: str, value: str) -> None:
        """https://fetch.spec.whatwg.org/#dom-headers-append"""
        self._append(name, value)

    def delete(self, name: str) -> None:
        """https://fetch.spec.whatwg.org/#dom-headers-delete"""
        if not self._validate(name, ""):  # step 1
            return
        if self._guard == "request-no-cors" and not is_cors_safelisted_request_header(name, "invalid"):
            return  # step 2: a no-CORS-safelisted request-header name
        lower = name.lower()
        self._list[:] = [(n, v) for n, v in self._list if n.lower() != lower]  # steps 3-4
        self._version += 1

    def get(self, name: str) -> str | None:
        """https://fetch.spec.whatwg.org/#dom-headers-get"""
        if not is_header_name(name):
            raise TypeError(f"Headers: {name!r} is not a valid header name")
        return self._get(name)

    def getSetCookie(self) -> list[str]:  # noqa: N802 -- IDL name
        """https://fetch.spec.whatwg.org/#dom-headers-getsetcookie"""
        return [v for n, v in self._list if n.lower() == "set-cookie"]

    def has(self, name: str) -> bool:
        """https://fetch.spec.whatwg.org/#dom-headers-has"""
        if not is_header_name(name):
            raise TypeError(f"Headers: {name!r} is not a valid header name")
        return self._get(name) is not None

    def set(self, name: str, value: str) -> None:
        """https://fetch.spec.whatwg.org/#dom-headers-set"""
        value = normalize_header_value(value)
        if not self._validate(name, value):
            return
        if self._guard == "request-no-cors" and not is_cors_safelisted_request_header(name, value):
            return
        # https://fetch.spec.whatwg.org/#concept-header-list-set: the first one's value replaced,
        # the others removed
        self._version += 1
        lower = name.lower()
        for index, (n, _) in enumerate(self._list):
            if n.lower() == lower:
                self._list[index] = (n, value)
                self._list[index + 1:] = [(m, v) for m, v in self._list[index + 1:] if m.lower() != lower]
                return
        self._list.append((name, value))

    def _combine(self, name: str, value: str) -> None:
        """https://fetch.spec.whatwg.org/#concept-header-list-combine (no validation: the caller's)"""
        self._version += 1
        lower = name.lower()
        for index, (n, v) in enumerate(self._list):
            if n.lower() == lower:
                self._list[index] = (n, f"{v}, {value}")
                return
        self._list.append((name, value))

    def _copy_list_of(self, other: Headers) -> None:
        self._list = list(other._list)
        self._version += 1

    def _sort_and_combine(self) -> list[tuple[str, str]]:
        """https://fetch.spec.whatwg.org/#concept-header-list-sort-and-combine (once per change
        of the list: values grouped by lowercased name in one pass)"""
        if self._combined[0] == self._version:
            return self._combined[1]
        values: dict[str, list[str]] = {}
        for n, v in self._list:
            values.setdefault(n.lower(), []).append(v)
        headers: list[tuple[str, str]] = []
        for name in sorted(values):
            if name == "set-cookie":
                headers.extend((name, v) for v in values[name])
            else:
                headers.append((name, ", ".join(values[name])))
        self._combined = (self._version, headers)
        return headers

    # iterable<ByteString, ByteString> (https://fetch.spec.whatwg.org/#headers-class: the value
    # pairs to iterate over are the header list sorted and combined, recomputed per step)
    def entries(self) -> Iterator[tuple[str, str]]:
        index = 0
        while True:
            pairs = self._sort_and_combine()
            if index >= len(pairs):
                return
            yield pairs[index]
            index += 1

    def keys(self) -> Iterator[str]:
        return (name for name, _ in self.entries())

    def values(self) -> Iterator[str]:
        return (value for _, value in self.entries())

    def forEach(self, callback: Any, thisArg: Any = undefined) -> None:  # noqa: N802,N803 -- IDL names
        for name, value in self.entries():
            callback(value, name, self)

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return self.entries()

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and is_header_name(name) and self._get(name) is not None

    def __repr__(self) -> str:
        return f"Headers({self._sort_and_combine()!r})"
