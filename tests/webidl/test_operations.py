"""webidl.operations: operations whose arguments are converted from the IDL's signature
(webidl/operation_signatures.py, generated), not by the method body."""

from __future__ import annotations

import ast
import inspect
import textwrap
from typing import Any

import pytest

import dom
import webdom  # noqa: F401 -- every module that implements an interface, loaded
from webidl import undefined
from webidl.operation_signatures import ATTRIBUTES, SIGNATURES
from webidl.operations import converted_operations, operation, operations, unsigned_operations


def _token_list() -> Any:
    return dom.parse_html("<p class=a>").querySelector("p").classList


def test_arguments_are_converted_as_the_idl_declares() -> None:
    tokens = _token_list()
    tokens.add(1, 2.5, True, None)  # DOMString... : each value to its string
    assert tokens.value == "a 1 2.5 true null"
    assert tokens.item(-1) is None  # unsigned long: -1 is 4294967295
    assert tokens.item(4294967296) == "a"  # ... and 2**32 is 0
    assert tokens.contains(2.5)


def test_missing_or_undefined_optional_arguments_take_the_default() -> None:
    """https://webidl.spec.whatwg.org/#es-overloads: undefined for an optional argument is as if
    it were missing; null is a value (false, for a boolean)."""
    tokens = _token_list()
    assert tokens.toggle("b") is True and tokens.toggle("b", undefined) is False
    assert tokens.toggle("b", None) is False and tokens.value == "a"  # null: force false
    assert tokens.toggle("a", 1) is True and tokens.value == "a"


def test_every_marked_operation_has_its_signature() -> None:
    """A method marked as an operation whose signature the generated file lacks runs without
    conversions: none may be (regenerate with ``python -m webdom.js.interfaces``)."""
    assert unsigned_operations() == {}


def test_required_arguments_stay_required() -> None:
    with pytest.raises(TypeError):
        _token_list().toggle()


def test_the_method_keeps_its_name_signature_and_documentation() -> None:
    toggle = type(_token_list()).toggle
    assert toggle.__name__ == "toggle" and "domtokenlist-toggle" in (toggle.__doc__ or "")
    assert list(inspect.signature(toggle).parameters) == ["self", "token", "force"]


def test_a_method_that_does_not_match_its_signature_is_refused() -> None:
    with pytest.raises(TypeError, match="are not the IDL arguments"):

        def contains(self: Any, tok: str) -> bool:
            return False

        operation("DOMTokenList")(contains)
    with pytest.raises(TypeError, match="needs a default"):

        def toggle(self: Any, token: str, force: bool) -> bool:
            return False

        operation("DOMTokenList")(toggle)


def test_an_operation_without_a_signature_is_listed() -> None:
    from webidl import operations

    def frobnicate(self: Any) -> None:
        pass

    try:
        assert operation("DOMTokenList")(frobnicate) is frobnicate
        assert ("DOMTokenList", "frobnicate") in unsigned_operations()
    finally:
        operations._UNSIGNED.pop(("DOMTokenList", "frobnicate"), None)


def _conversions_called(method: Any) -> list[str]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(method)))
    return [node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and (node.func.id.startswith("to_") or node.func.id == "convert")]


def test_converted_methods_convert_nothing_themselves() -> None:
    """Where the generated layer converts an operation's arguments, the method does not."""
    converted = converted_operations()
    assert converted, "no operation is converted by webidl.operations"
    for (interface, name), method in converted.items():
        assert _conversions_called(method) == [], f"{interface}.{name} converts its arguments itself"


def test_counts() -> None:
    converted = converted_operations()
    operations_done = sum(1 for key in converted if key in SIGNATURES)
    attributes_done = sum(1 for key in converted if key in ATTRIBUTES)
    print(f"\nconverted by the generated layer: {operations_done} of {len(SIGNATURES)} operations with a generated "
          f"signature, {attributes_done} of {len(ATTRIBUTES)} writable attributes with a generated type")


def test_the_class_decorator_wraps_aliases_and_refuses_a_missing_method() -> None:
    element = type(dom.parse_html("<p>").querySelector("p"))
    assert element.webkitMatchesSelector is element.matches  # the alias is the converted method
    with pytest.raises(TypeError, match="defines no method"):

        @operations("DOMTokenList", "contains")
        class Empty:
            pass


def test_attribute_setters_convert_the_value() -> None:
    """https://webidl.spec.whatwg.org/#es-attributes: the setter converts the value to the
    attribute's type (USVString for URL's) before its steps run."""
    from html_infra.url import URL

    url = URL("http://a/b")
    url.port = 8080.0  # type: ignore[assignment]  # a Number, as JS would pass it
    url.hash = 1  # type: ignore[assignment]
    url.search = None  # type: ignore[assignment]  # null is the string "null"
    assert url.href == "http://a:8080/b?null#1"
    assert ("URL", "href") in converted_operations()
