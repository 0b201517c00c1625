"""Every generated signature, exercised: for each operation of webidl/operation_signatures.py
and each writable attribute, the conversion the generated layer puts in front of the method is
called with values that test its IDL type (null for a non-nullable type, out-of-range and
fractional numbers, NaN and infinities, objects, bytes-like objects, lone surrogates, undefined for an optional
argument) and must give what https://webidl.spec.whatwg.org/#es-type-mapping gives for that
type, or the same TypeError.  The method behind it is a stand-in that records what it received,
so this checks the generated layer itself for all of them, not only for the methods converted
so far (tests/webidl/test_operations.py covers those)."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator
from typing import Any

import pytest

from webidl import operations as ops
from webidl import undefined
from webidl.conversions import convert
from webidl.operation_signatures import ATTRIBUTES, CALLBACKS, DICTIONARIES, ENUMS, SIGNATURES
from webidl.platform_objects import implements, is_interface

_MISSING = object()


class _Stringy:
    def __str__(self) -> str:
        return "obj"


# JS values (their Python stand-ins) that exercise the conversions: null, undefined, booleans,
# integers in and out of every range, fractions, NaN and infinities, -0, big numbers, strings
# (numeric, empty, a lone surrogate, a surrogate pair), and an object.
SAMPLES: list[Any] = [
    None, undefined, True, False, 0, 1, -1, 255, 256, -129, 65536, 2**31, -(2**31) - 1, 2**32 + 5, 2**53, -(2**63),
    0.5, -1.5, 2.5, float("nan"), float("inf"), float("-inf"), -0.0, 1e21, "", "7", "x", "\ud800", "\ud83d\ude00",
    _Stringy(), b"ab", bytearray(b"ab"), memoryview(b"ab"),
]


def _samples() -> list[Any]:
    """SAMPLES and platform objects (a node of three kinds, a range, a window)."""
    objects = _platform_objects()
    return [*SAMPLES, _instance("Text"), _instance("HTMLElement"), _instance("Range"), _instance("Window"),
            next(o for o in objects if implements(o, "Document"))]


def _expected(idl_type: str, flags: set[str], value: Any) -> tuple[str, Any]:
    """('ok', the converted value) or ('raises', the exception type) for *value*."""
    element = idl_type.removeprefix("sequence<").removesuffix(">").rstrip("?")
    try:
        return "ok", convert(idl_type, value, clamp="clamp" in flags, enforce_range="enforce_range" in flags,
                             legacy_null_to_empty_string="legacy_null" in flags, enum_values=ENUMS.get(element))
    except Exception as error:  # noqa: BLE001 -- the exception type is the expectation
        return "raises", type(error)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    return type(a) is type(b) and a == b


def _stand_in(name: str, arguments: tuple[tuple[str, str, str], ...]) -> Any:
    """A method of *arguments*' parameters that returns what it received."""
    params, names = [], []
    for argument, _, flag_text in arguments:
        flags = set(flag_text.split(","))
        if "variadic" in flags:
            params.append(f"*{argument}")
            names.append(f"list({argument})")
        elif "optional" in flags:
            params.append(f"{argument}=_MISSING")
            names.append(argument)
        else:
            params.append(argument)
            names.append(argument)
    namespace: dict[str, Any] = {"_MISSING": _MISSING}
    exec(f"def {ops._idl_name(name)}(self, {', '.join(params)}):\n    return [{', '.join(names)}]\n", namespace)  # noqa: S102
    return namespace[ops._idl_name(name)]


@pytest.fixture
def isolated() -> Iterator[None]:
    """The stand-ins must not replace the real methods in the records of what is converted."""
    converted, unsigned = dict(ops._CONVERTED), dict(ops._UNSIGNED)
    yield
    ops._CONVERTED.clear()
    ops._CONVERTED.update(converted)
    ops._UNSIGNED.clear()
    ops._UNSIGNED.update(unsigned)


@functools.cache
def _platform_objects() -> tuple[Any, ...]:
    """One platform object of each kind the signatures name (a value of an interface type)."""
    import dom
    from dom.fetch import Request
    from dom.html.forms.files import FileList
    from dom.html.forms.form_data import FormData
    from html_infra.blob import Blob
    from html_infra.url import URLSearchParams

    document = dom.parse_html("<!DOCTYPE html><form></form><table><caption></caption><thead></thead></table>"
                              "<select><option></option><optgroup></optgroup></select><p id=x>t</p>")
    text = document.querySelector("p").firstChild
    attr = document.createAttribute("a")
    return (text, attr, document.doctype, *document.querySelectorAll("*"), document, document.createRange(),
            document.createEvent("Event"), document.defaultView, FileList(), FormData(), Blob(), URLSearchParams(),
            Request("https://example.org/"),
            document.evaluate("/", document, None, 0, None))


def _callback(*arguments: Any) -> None:
    """A JS function's stand-in."""


def _instance(interface: str) -> Any:
    found = next((o for o in _platform_objects() if implements(o, interface)), None)
    assert found is not None, f"no sample implements {interface}"
    return found


def _valid(idl_type: str) -> Any:
    element = idl_type.removeprefix("sequence<").removesuffix(">").rstrip("?")
    if element.startswith("("):  # a union: a value of its first member
        return _valid(element[1:-1].split(" or ")[0])
    if is_interface(element):
        return _instance(element)
    if element in DICTIONARIES:  # its required members, each with a valid value
        found, name = {}, element
        while name:
            parent, members = DICTIONARIES[name]
            found.update({member: _valid(t) for member, t, flags, _ in members if "required" in flags})
            name = parent
        return found
    if element in CALLBACKS:  # a function is both a callback function and an object
        return _callback
    if element in ENUMS:
        value: Any = ENUMS[element][0]
    elif element in ("boolean",):
        value = True
    elif "Buffer" in element or element.endswith("Array"):  # a buffer source: writable, for a typed array
        value = bytearray(b"a")
    elif "String" in element:
        value = "a"
    elif element == "any":
        value = 1
    else:
        value = 1
    return [value] if idl_type.startswith("sequence<") else value


@pytest.mark.parametrize("key", sorted(SIGNATURES), ids=lambda key: f"{key[0]}.{key[1]}")
def test_operation_arguments(key: tuple[str, str], isolated: None) -> None:
    interface, name = key
    arguments = SIGNATURES[key]
    wrapper = ops.operation(interface)(_stand_in(name, arguments))
    valid = [_valid(idl_type) for _, idl_type, _ in arguments]
    for position, (_, idl_type, flag_text) in enumerate(arguments):
        flags = set(flag_text.split(",")) - {""}
        for value in _samples():
            given = list(valid)
            given[position] = value
            if "variadic" in flags:
                given = given[:position] + [value, value]
            if "optional" in flags and value is undefined and "empty_dictionary" not in flags:
                # undefined for an optional argument: not given, the method's default applies
                assert wrapper(None, *given)[position] is _MISSING
                continue
            outcome, expected = _expected(idl_type, flags, value)
            if outcome == "raises":
                with pytest.raises(expected):
                    wrapper(None, *given)
                continue
            received = wrapper(None, *given)[position]
            if "variadic" in flags:
                assert all(_same(r, expected) for r in received) and len(received) == 2, (key, value, received)
            else:
                assert _same(received, expected), (key, value, received, expected)
    required = [a for a, (_, _, f) in zip(valid, arguments, strict=True) if "optional" not in f and "variadic" not in f]
    if len(required) < len(arguments):  # the optional and variadic ones left out
        received = wrapper(None, *required)
        for r, (_, idl_type, flag_text) in zip(received[len(required):], arguments[len(required):], strict=True):
            # (a default of {}: the dictionary's members' defaults)
            expected = _expected(idl_type, set(), undefined)[1] if "empty_dictionary" in flag_text else _MISSING
            assert r == expected or (expected is _MISSING and r == [])
    if required:
        with pytest.raises(TypeError):  # a required argument missing: Python's own TypeError
            wrapper(None, *required[:-1])


@pytest.mark.parametrize("key", sorted(ATTRIBUTES), ids=lambda key: f"{key[0]}.{key[1]}")
def test_attribute_setters(key: tuple[str, str], isolated: None) -> None:
    interface, name = key
    idl_type, flag_text = ATTRIBUTES[key]
    flags = set(flag_text.split(",")) - {""}
    received: list[Any] = []
    prop = ops._converted_setter(interface, name, property(lambda self: None, lambda self, v: received.append(v)))
    assert prop.fset is not None
    for value in _samples():
        outcome, expected = _expected(idl_type, flags, value)
        if outcome == "raises":
            with pytest.raises(expected):
                prop.fset(None, value)
            continue
        received.clear()
        prop.fset(None, value)
        assert len(received) == 1 and _same(received[0], expected), (key, value, received, expected)


def test_interface_arguments_take_platform_objects_of_that_interface() -> None:
    """https://webidl.spec.whatwg.org/#js-interface: a platform object implementing the interface
    or one inheriting from it passes as itself; another platform object, a str, a number or null
    (for a non-nullable type) is a TypeError; (Node or DOMString) keeps a Node and converts the
    rest to a string (https://webidl.spec.whatwg.org/#js-union)."""
    text, element, document = _instance("Text"), _instance("HTMLElement"), _instance("Document")
    for interface, value in (("Node", text), ("Node", element), ("Element", element), ("EventTarget", element)):
        assert _expected(interface, set(), value) == ("ok", value)
    for value in (document.createRange(), "x", 1, None, _Stringy()):
        assert _expected("Node", set(), value)[0] == "raises"
    assert _expected("Element", set(), text)[0] == "raises"
    assert _expected("Node?", set(), None) == ("ok", None)
    assert _expected("Node?", set(), undefined) == ("ok", None)
    assert _expected("(Node or DOMString)", set(), text) == ("ok", text)
    assert _expected("(Node or DOMString)", set(), 1.5) == ("ok", "1.5")
    assert _expected("(Node or DOMString)", set(), document.createRange())[0] == "ok"  # its string


def test_callback_arguments() -> None:
    """https://webidl.spec.whatwg.org/#js-callback-function: a callable, else a TypeError;
    https://webidl.spec.whatwg.org/#js-callback-interface: any object (a function or one with
    the operation), a primitive or null a TypeError."""
    class Filter:
        def acceptNode(self, node: Any) -> int:
            return 1

    assert _expected("VoidFunction", set(), _callback) == ("ok", _callback)
    assert _expected("VoidFunction", set(), Filter())[0] == "raises"
    for value in (_callback, Filter(), _instance("Text")):
        assert _expected("NodeFilter", set(), value) == ("ok", value)
    for value in ("x", 1, True, None):
        assert _expected("NodeFilter", set(), value)[0] == "raises"
    assert _expected("NodeFilter?", set(), None) == ("ok", None)


def test_the_samples_cover_each_kind_of_outcome() -> None:
    """The samples make each numeric type both convert and (with [EnforceRange]) throw, and a
    string type keep or replace a lone surrogate: the checks above can fail."""
    assert _expected("unsigned long", {"enforce_range"}, -1)[0] == "raises"
    assert _expected("double", set(), float("nan"))[0] == "raises"
    assert _expected("USVString", set(), "\ud800") == ("ok", "\ufffd")
    assert _expected("DOMString", set(), "\ud800") == ("ok", "\ud800")
    assert _expected("DOMString", set(), "\ud83d\ude00") == ("ok", "\U0001f600")
    assert _expected("octet", {"clamp"}, 300) == ("ok", 255)
