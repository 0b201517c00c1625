"""Read-only attributes in one line, typed (https://webidl.spec.whatwg.org/#dfn-attribute-getter).

``method = getter[str](lambda self: self._method, doc=...)`` is a ``property`` whose value type
checkers know (the IDL attribute's type, here ``str``): a property made from a lambda is
``Any`` to them.  It is a property at run time (the same C-speed lookup), and keeps its type
argument for the tests that compare it with the IDL (``__orig_class__``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

__all__ = ["getter"]

_T = TypeVar("_T")


class getter(property, Generic[_T]):  # noqa: N801 -- used like property
    """A read-only attribute whose value *fget* computes, of type *_T*."""

    def __init__(self, fget: Callable[[Any], _T], doc: str | None = None) -> None:
        super().__init__(fget, None, None, doc)
        self.__doc__ = doc  # (a property subclass's own docstring would shadow it)

    if TYPE_CHECKING:
        @overload
        def __get__(self, instance: None, owner: type | None = None) -> getter[_T]: ...
        @overload
        def __get__(self, instance: object, owner: type | None = None) -> _T: ...
        def __get__(self, instance: object, owner: type | None = None) -> Any: ...
