"""Turning an IDL interface declaration into a Python class: small descriptors and mixins.

https://webidl.spec.whatwg.org/#es-interfaces

Nothing here is a metaclass; each piece is a plain descriptor, decorator or mixin a reader can
follow:

``attribute(idl_type, **flags)``
    a property whose setter receives the value already converted to *idl_type*
    (https://webidl.spec.whatwg.org/#es-attributes); without a setter it is readonly and
    assignment raises ``AttributeError`` (JS strict mode would throw a TypeError).
``operation("DOMString name", "optional boolean force", ...)``
    converts the arguments of a method by their IDL types, fills in optional defaults and raises
    the "not enough arguments" TypeError (https://webidl.spec.whatwg.org/#es-operations).
``same_object``
    [SameObject]: the getter runs once per instance, its result is cached.
``IndexedCollection`` / ``NamedCollection``
    indexed and named property getters as Python protocols (``len``, ``[]``, ``in``, iteration).
``PairIterable``
    ``iterable<K, V>``: ``entries``/``keys``/``values``/``forEach`` and ``__iter__`` over pairs.
``stringifier``
    marks the method that ``str()`` calls.
``python_keyword_aliases``
    a class decorator: ``async_`` is also reachable as ``getattr(x, "async")``.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable, Iterator
from copy import copy
from functools import wraps
from typing import Any, TypeVar

from .conversions import convert, undefined

__all__ = [
    "attribute",
    "IDLAttribute",
    "operation",
    "same_object",
    "stringifier",
    "IndexedCollection",
    "NamedCollection",
    "PairIterable",
    "python_keyword_aliases",
    "python_name",
]

T = TypeVar("T")


def python_name(idl_name: str) -> str:
    """The Python name of an IDL member: keywords get a trailing underscore (``async_``)."""
    return idl_name + "_" if keyword.iskeyword(idl_name) else idl_name


def python_keyword_aliases(cls: type[T]) -> type[T]:
    """Class decorator: for each ``kw_`` member whose base is a Python keyword, make ``kw``
    reachable too (``getattr(obj, "async")``; assignment through ``setattr`` works as well,
    because the alias is the same descriptor)."""
    for name in list(vars(cls)):
        if name.endswith("_") and keyword.iskeyword(name[:-1]):
            setattr(cls, name[:-1], vars(cls)[name])
    return cls


class IDLAttribute(property):
    """A regular attribute: a property that converts assigned values to its IDL type first."""

    idl_type: str
    flags: dict[str, Any]

    def __set__(self, obj: Any, value: Any) -> None:
        if self.fset is None:
            raise AttributeError(f"{self.fget.__name__ if self.fget else 'attribute'} is read-only")
        super().__set__(obj, convert(self.idl_type, value, **self.flags))

    def setter(self, fset: Callable[[Any, Any], None]) -> IDLAttribute:
        new = IDLAttribute(self.fget, fset, self.fdel, self.__doc__)
        new.__doc__ = self.__doc__
        new.idl_type = self.idl_type
        new.flags = self.flags
        return new


def attribute(idl_type: str, **flags: Any) -> Callable[[Callable[[Any], Any]], IDLAttribute]:
    """Decorate a getter: ``@attribute("unsigned long")`` then ``@name.setter``."""

    def decorate(fget: Callable[[Any], Any]) -> IDLAttribute:
        prop = IDLAttribute(fget, None, None, fget.__doc__)
        prop.__doc__ = fget.__doc__  # a property subclass's own docstring would shadow it
        prop.idl_type = idl_type
        prop.flags = flags
        return prop

    return decorate


_PARAM = re.compile(r"\s*(optional\s+)?(.+?)(\.\.\.)?\s+(\w+)\s*(?:=\s*(.+))?\s*$")
_LITERALS = {"true": True, "false": False, "null": None, '""': "", "[]": [], "{}": {}}


def _parse_param(spec: str) -> tuple[bool, str, bool, str, Any]:
    m = _PARAM.fullmatch(spec)
    if not m:
        raise ValueError(f"cannot read the IDL argument {spec!r}")
    optional, idl_type, variadic, name, default = m.groups()
    if default is None:
        value: Any = undefined
    elif default in _LITERALS:
        value = _LITERALS[default]
    elif default.startswith('"'):
        value = default[1:-1]
    elif default in ("Infinity", "-Infinity", "NaN"):
        # https://webidl.spec.whatwg.org/#prod-float: IDL spells these as keywords
        value = float(default.replace("Infinity", "inf"))
    elif re.fullmatch(r"-?0[xX][0-9a-fA-F]+|-?0[0-7]*|-?[1-9][0-9]*", default):
        # https://webidl.spec.whatwg.org/#prod-integer: C-style hex, octal or decimal
        value = int(default, 0) if not re.fullmatch(r"-?0[0-7]+", default) else int(default, 8)
    else:
        value = float(default)
    return bool(optional), idl_type.strip(), bool(variadic), name, value


def operation(*params: str, **flags: Any) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Convert a method's arguments by their IDL declarations.

    ``@operation("DOMString token", "optional boolean force")``: required arguments that are
    missing raise ``TypeError``; a missing optional argument without a default is passed as
    :data:`webidl.undefined`, one with a default (``"optional long n = 0"``) as that value;
    ``"DOMString... tokens"`` collects the rest.  Keyword arguments are accepted by name.
    """
    parsed = [_parse_param(p) for p in params]
    required = sum(1 for optional, _, variadic, _, _ in parsed if not optional and not variadic)

    def decorate(method: Callable[..., T]) -> Callable[..., T]:
        op_name = method.__name__.rstrip("_")

        @wraps(method)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> T:
            converted: list[Any] = []
            args_list = list(args)
            for index, (optional, idl_type, variadic, name, default) in enumerate(parsed):
                if variadic:
                    converted.extend(convert(idl_type, a, **flags) for a in args_list[index:])
                    break
                if index < len(args_list):
                    value = args_list[index]
                elif name in kwargs:
                    value = kwargs.pop(name)
                elif optional:
                    # "[]" and "{}" defaults are fresh objects per call, as in JS
                    converted.append(copy(default) if type(default) in (list, dict) else default)
                    continue
                else:
                    given = len(args_list) + len(kwargs)
                    raise TypeError(
                        f"Failed to execute '{op_name}': {required} argument"
                        f"{'s' if required != 1 else ''} required, but only {given} present."
                    )
                if optional and value is undefined:
                    converted.append(copy(default) if type(default) in (list, dict) else default)
                else:
                    converted.append(convert(idl_type, value, **flags))
            if kwargs:
                raise TypeError(f"{op_name}() got unexpected keyword arguments {sorted(kwargs)}")
            # Extra positional arguments are ignored, as JS ignores them.
            return method(self, *converted)

        wrapper.idl_params = parsed  # type: ignore[attr-defined]
        return wrapper

    return decorate


class same_object:  # noqa: N801 -- used as a decorator, like property
    """[SameObject] (https://webidl.spec.whatwg.org/#SameObject): compute once per instance.

    The value is stored in the instance's ``__dict__``, or, for ``__slots__`` classes, in a slot
    named ``_same_object_<name>`` that the class must declare.
    """

    def __init__(self, fget: Callable[[Any], Any]) -> None:
        self.fget = fget
        self.__doc__ = fget.__doc__
        self.name = fget.__name__
        self.slot = f"_same_object_{self.name}"

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.slot = f"_same_object_{name}"

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        try:
            return object.__getattribute__(obj, self.slot)
        except AttributeError:
            value = self.fget(obj)
            object.__setattr__(obj, self.slot, value)
            return value

    def __set__(self, obj: Any, value: Any) -> None:
        raise AttributeError(f"{self.name} is read-only")


def stringifier(method: Callable[[Any], str]) -> Callable[[Any], str]:
    """Mark *method* as the stringifier (https://webidl.spec.whatwg.org/#idl-stringifiers): the
    class's ``__str__`` calls it.  Use inside a class body: ``__str__ = stringifier(toString)``."""
    return method


class IndexedCollection:
    """An interface with an indexed property getter (https://webidl.spec.whatwg.org/#dfn-support-indexed-properties).

    Subclasses provide ``length`` and ``item(index)`` (returning None out of range); this adds
    ``len()``, ``[i]`` (negative indexes count from the end, as Python users expect; out of
    range raises ``IndexError``), slices, iteration and ``in``.
    """

    __slots__ = ()

    length: int

    def item(self, index: int) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def __len__(self) -> int:
        return self.length

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

    def _named_getitem(self, key: Any) -> Any:
        raise TypeError(f"{type(self).__name__} indices must be integers, not {type(key).__name__}")

    def __iter__(self) -> Iterator[Any]:
        # Reads index by index, so a live collection changing during iteration behaves as a JS
        # loop over it would.
        i = 0
        while i < self.length:
            yield self.item(i)
            i += 1

    def __contains__(self, value: object) -> bool:
        return any(value is x or value == x for x in self)

    # The value iterator members of an interface with an indexed getter
    # (https://webidl.spec.whatwg.org/#idl-iterable): keys are indices.
    def keys(self) -> Iterator[int]:
        return iter(range(self.length))

    def values(self) -> Iterator[Any]:
        return iter(self)

    def entries(self) -> Iterator[tuple[int, Any]]:
        return enumerate(self)

    def forEach(self, callback: Callable[..., Any], this_arg: Any = None) -> None:
        for i, value in enumerate(self):
            callback(value, i, self)


class NamedCollection(IndexedCollection):
    """An indexed collection that also supports named properties (``namedItem``): ``coll["id"]``
    returns the named item or raises ``KeyError``."""

    __slots__ = ()

    def namedItem(self, name: str) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def _named_getitem(self, key: Any) -> Any:
        result = self.namedItem(key)
        if result is None:
            raise KeyError(key)
        return result


class PairIterable:
    """``iterable<K, V>`` (https://webidl.spec.whatwg.org/#idl-iterable): subclasses provide
    ``_pairs()``, a list (or live sequence) of (key, value) tuples."""

    __slots__ = ()

    def _pairs(self) -> list[tuple[Any, Any]]:  # pragma: no cover - overridden
        raise NotImplementedError

    def __iter__(self) -> Iterator[tuple[Any, Any]]:
        i = 0
        while i < len(self._pairs()):
            yield self._pairs()[i]
            i += 1

    def entries(self) -> Iterator[tuple[Any, Any]]:
        return iter(self)

    def keys(self) -> Iterator[Any]:
        return (k for k, _ in self)

    def values(self) -> Iterator[Any]:
        return (v for _, v in self)

    def forEach(self, callback: Callable[..., Any], this_arg: Any = None) -> None:
        for key, value in self:
            callback(value, key, self)
