"""Overloaded operations: https://webidl.spec.whatwg.org/#dfn-overload-resolution-algorithm.

An operation the IDL declares more than once (``setRangeText(replacement)`` and
``setRangeText(replacement, start, end, optional selectionMode)``) has its overloads in
:data:`webidl.operation_signatures.OVERLOADS`.  :func:`resolver` makes the wrapper that picks one
by the number of arguments and, where several have that many, by the value at the first index
where their types differ (the distinguishing argument index), converts the arguments to the
chosen overload's types and calls the method with them positionally.  The method implements all
the overloads with one parameter list (defaults or ``*args`` for the arguments some lack).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple

from .conversions import _NUMERIC, _PRIMITIVES, _STRING_TYPES, generated_converter, undefined
from .operation_signatures import DICTIONARIES, ENUMS
from .platform_objects import implements, is_interface

__all__ = ["resolver"]


class _Entry(NamedTuple):
    """An item of the effective overload set (https://webidl.spec.whatwg.org/#dfn-effective-overload-set):
    one overload cut to a number of arguments."""

    overload: int
    types: tuple[str, ...]
    optional: tuple[bool, ...]
    converters: tuple[Callable[[Any], Any], ...]


def _effective_overload_set(overloads: tuple[tuple[tuple[str, str, str], ...], ...]) -> list[_Entry]:
    entries = []
    for index, arguments in enumerate(overloads):
        types = tuple(idl_type for _, idl_type, _ in arguments)
        optional = tuple("optional" in flags for _, _, flags in arguments)
        converters = tuple(generated_converter(idl_type, flags.split(",")) for _, idl_type, flags in arguments)
        entries.append(_Entry(index, types, optional, converters))
        # each optional argument from the end left out in turn
        for cut in range(len(arguments) - 1, -1, -1):
            if not optional[cut]:
                break
            entries.append(_Entry(index, types[:cut], optional[:cut], converters[:cut]))
    return entries


def _members(idl_type: str) -> list[str]:
    base = idl_type.rstrip("?")
    return [m.strip().rstrip("?") for m in base[1:-1].split(" or ")] if base.startswith("(") else [base]


def _has(idl_type: str, test: Callable[[str], bool]) -> bool:
    return any(test(member) for member in _members(idl_type))


def _distinguished(entries: list[_Entry], d: int, value: Any) -> _Entry:
    """Step 12 of the overload resolution algorithm: the entry whose type at index *d* the value
    belongs to, tried in the standard's order."""
    def first(test: Callable[[_Entry], bool]) -> _Entry | None:
        return next((entry for entry in entries if test(entry)), None)

    candidates: list[Callable[[_Entry], bool]] = []
    if value is undefined:
        candidates.append(lambda e: e.optional[d])
    if value is None or value is undefined:
        candidates.append(lambda e: e.types[d].endswith("?") or _has(e.types[d], DICTIONARIES.__contains__))
    if not isinstance(value, _PRIMITIVES) and value is not None and value is not undefined:
        candidates.append(lambda e: _has(e.types[d], lambda t: is_interface(t) and implements(value, t)))
        candidates.append(lambda e: _has(e.types[d], DICTIONARIES.__contains__))
    if type(value) is bool:
        candidates.append(lambda e: _has(e.types[d], "boolean".__eq__))
    if type(value) in (int, float):
        candidates.append(lambda e: _has(e.types[d], _NUMERIC.__contains__))
    candidates.append(lambda e: _has(e.types[d], lambda t: t in _STRING_TYPES or t in ENUMS))
    candidates.append(lambda e: _has(e.types[d], _NUMERIC.__contains__))
    candidates.append(lambda e: _has(e.types[d], "boolean".__eq__))
    for test in candidates:
        found = first(test)
        if found is not None:
            return found
    raise TypeError(f"{type(value).__name__} value matches no overload")


def resolver(method: Callable[..., Any], overloads: tuple[tuple[tuple[str, str, str], ...], ...],
             what: str) -> Callable[..., Any]:
    """The wrapper of *method* implementing the overloaded operation *what* (Interface.name)."""
    effective = _effective_overload_set(overloads)
    maxarg = max(len(entry.types) for entry in effective)

    def resolve(self: Any, *args: Any) -> Any:
        # 1-4. The entries of as many arguments as given (extra arguments are ignored, as in JS).
        argcount = min(maxarg, len(args))
        entries = [entry for entry in effective if len(entry.types) == argcount]
        if not entries:
            raise TypeError(f"{what}: no overload takes {len(args)} arguments")
        entry = entries[0]
        if len(entries) > 1:  # 6, 12: the distinguishing argument index
            d = next(i for i in range(argcount) if len({e.types[i] for e in entries}) > 1)
            entry = _distinguished(entries, d, args[d])
        converted = []
        for i in range(argcount):
            value = args[i]
            if value is undefined and entry.optional[i]:  # missing: the method's default
                if all(rest is undefined for rest in args[i:argcount]):
                    break
                converted.append(undefined)
                continue
            converted.append(entry.converters[i](value))
        return method(self, *converted)

    functools.update_wrapper(resolve, method)
    return resolve
