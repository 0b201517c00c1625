"""Dictionaries converted from the IDL's declaration: https://webidl.spec.whatwg.org/#js-dictionary.

A dictionary argument (``new MouseEvent("click", {clientX: 3})``) converts member by member:
the dictionaries it inherits first, each one's members in lexicographic order; a member whose
value is undefined (or missing) takes its default, if the IDL gives one, and is otherwise absent;
a required member that is absent is a TypeError.  :func:`convert_dictionary` does this from the
members the generator wrote into :mod:`webidl.operation_signatures` (``DICTIONARIES``), so the
code that reads a dictionary gets converted values with their defaults filled in and converts
nothing itself.  Members of types the generated layer does not convert (interfaces, callbacks,
unions) arrive as given, for their reader to check.

On the Python side a dictionary is a Mapping, or any other object whose attributes stand for a
JS object's properties; None and undefined are the empty dictionary.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from .conversions import DICTIONARY_CONVERSION, generated_converter, undefined
from .operation_signatures import DICTIONARIES

__all__ = ["convert_dictionary", "dictionary_members"]

# Python values that are JS primitives: not an object, so not a dictionary.
_PRIMITIVES = (str, int, float, bool, bytes)


@cache
def dictionary_members(name: str) -> tuple[tuple[str, Callable[[Any], Any] | None, bool, bool, Any], ...]:
    """The members of dictionary *name* in conversion order (inherited dictionaries first), as
    (member, its conversion or None for one given as it is, required, has a default, default)."""
    if name not in DICTIONARIES:
        raise KeyError(f"no generated dictionary {name} (regenerate with python -m webdom.js.interfaces)")
    parent, members = DICTIONARIES[name]
    own = []
    for member, idl_type, flag_text, default in members:
        flags = set(flag_text.split(","))
        convert = None if idl_type == "any" else generated_converter(idl_type)
        own.append((member, convert, "required" in flags, "default" in flags, default))
    return (dictionary_members(parent) if parent else ()) + tuple(own)


def convert_dictionary(name: str, value: Any, what: str, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """*value* converted to the IDL dictionary *name* (https://webidl.spec.whatwg.org/#js-dictionary):
    member -> converted value, defaults included, absent members left out.  *overrides* (a
    Python caller's keyword arguments) are members given after *value*'s, converted alike; a
    name that is no member is a TypeError.  *what* names the dictionary in error messages."""
    if value is not None and value is not undefined and isinstance(value, _PRIMITIVES):
        raise TypeError(f"{what}: {type(value).__name__} value is not an object")
    members = dictionary_members(name)
    if overrides:
        unknown = set(overrides) - {member for member, *_ in members}
        if unknown:
            raise TypeError(f"{what}: unexpected members {sorted(unknown)}")
    is_mapping = isinstance(value, Mapping)
    source: Any = value
    result: dict[str, Any] = {}
    for member, convert, required, has_default, default in members:
        given = undefined
        if overrides and member in overrides:
            given = overrides[member]
        elif value is not None and value is not undefined:
            given = source.get(member, undefined) if is_mapping else getattr(source, member, undefined)
        if given is not undefined:
            result[member] = given if convert is None else convert(given)
        elif has_default:
            result[member] = default
        elif required:
            raise TypeError(f"{what}: the required member {member} is missing")
    return result


DICTIONARY_CONVERSION.append(convert_dictionary)
