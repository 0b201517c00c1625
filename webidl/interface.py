"""Python protocols for IDL interfaces with indexed and named property getters.

https://webidl.spec.whatwg.org/#es-interfaces

``python_name(idl_name)``
    the Python spelling of an IDL member: keywords get a trailing underscore (``async_``).
``IndexedCollection`` / ``NamedCollection``
    indexed and named property getters as Python protocols (``len``, ``[]``, ``in``, iteration).

Attribute and argument conversions are written where each interface is implemented, with the
``webidl.conversions`` functions.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast, overload

_T = TypeVar("_T")

__all__ = ["IndexedCollection", "NamedCollection", "python_name"]


def python_name(idl_name: str) -> str:
    """The Python name of an IDL member: keywords get a trailing underscore (``async_``)."""
    return idl_name + "_" if keyword.iskeyword(idl_name) else idl_name


class IndexedCollection(Generic[_T]):
    """An interface with an indexed property getter (https://webidl.spec.whatwg.org/#dfn-support-indexed-properties).

    Subclasses provide ``length`` and ``item(index)`` (returning None out of range; *_T* is the
    item type); this adds
    ``len()``, ``[i]`` (negative indexes count from the end, as Python users expect; out of
    range raises ``IndexError``), slices, iteration and ``in``.
    """

    __slots__ = ()

    @property
    def length(self) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def item(self, index: int) -> _T | None:  # pragma: no cover - overridden
        raise NotImplementedError

    def __len__(self) -> int:
        return self.length

    @overload
    def __getitem__(self, index: int) -> _T: ...
    @overload
    def __getitem__(self, index: slice) -> list[_T]: ...
    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self.item(i) for i in range(*index.indices(self.length))]
        if isinstance(index, bool) or not isinstance(index, int):
            return self._named_getitem(index)
        n = self.length
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError(f"index {index} out of range for {type(self).__name__} of length {n}")
        return self.item(index)

    def _named_getitem(self, key: Any) -> _T:  # the item for a non-integer key: none here
        raise TypeError(f"{type(self).__name__} indices must be integers, not {type(key).__name__}")

    def __iter__(self) -> Iterator[_T]:
        # Reads index by index, so a live collection changing during iteration behaves as a JS
        # loop over it would.
        i = 0
        while i < self.length:
            yield cast(_T, self.item(i))  # in range: not None
            i += 1

    def __contains__(self, value: object) -> bool:
        return any(value is x or value == x for x in self)

    # The value iterator members of an interface with an indexed getter
    # (https://webidl.spec.whatwg.org/#idl-iterable): keys are indices.
    def keys(self) -> Iterator[int]:
        return iter(range(self.length))

    def values(self) -> Iterator[_T]:
        return iter(self)

    def entries(self) -> Iterator[tuple[int, _T]]:
        return enumerate(self)

    def forEach(self, callback: Callable[..., Any], this_arg: Any = None) -> None:
        for i, value in enumerate(self):
            callback(value, i, self)


class NamedCollection(IndexedCollection[_T]):
    """An indexed collection that also supports named properties (``namedItem``): ``coll["id"]``
    returns the named item or raises ``KeyError``."""

    __slots__ = ()

    def namedItem(self, name: str) -> _T | None:  # pragma: no cover - overridden
        raise NotImplementedError

    if TYPE_CHECKING:  # str keys: the named getter, which IndexedCollection refuses
        @overload
        def __getitem__(self, index: int | str) -> _T: ...
        @overload
        def __getitem__(self, index: slice) -> list[_T]: ...
        def __getitem__(self, index: Any) -> Any: ...

    def _named_getitem(self, key: Any) -> _T:
        result = self.namedItem(key)
        if result is None:
            raise KeyError(key)
        return result
