"""webdom.js.interfaces: the IDL types' JS-side conversion codes (no JS engine needed)."""

from __future__ import annotations

import importlib.util

import pytest

if importlib.util.find_spec("widlparser") is None:
    pytest.skip("the binding's interface descriptions need widlparser", allow_module_level=True)

from webdom.js import interfaces


@pytest.mark.parametrize(("idl_type", "code"), [
    ("DOMString", "s"),
    ("(TrustedType or DOMString)", "s"),
    ("(TrustedHTML or [LegacyNullToEmptyString] DOMString)", "S"),
    ("(TrustedScriptURL or USVString)", "s"),
    ("(TrustedHTML or DOMString)?", "?s"),
    ("(DOMString or Function or TrustedScript)", "any"),  # a callable goes through as a function
    ("(Node or DOMString)", "any"),  # a node stays a node
    ("(BufferSource or USVString)", "any"),  # an ArrayBuffer stays bytes (WebSocket.send)
])
def test_string_unions(idl_type: str, code: str) -> None:
    from tests.conftest import specs_path

    specs_path("idl")
    known = {"Node", "Element"}
    assert interfaces.type_code(idl_type, interfaces._model(), known) == code


def test_set_attribute_value_is_a_string() -> None:
    specs = interfaces.interface_specs()
    ops = {op["name"]: op for op in specs["Element"]["ops"]}
    assert ops["setAttribute"]["overloads"] == [{"types": ["s", "s"], "required": 2}]


def test_special_operations_are_inherited() -> None:
    specs = interfaces.interface_specs()
    assert specs["HTMLFormControlsCollection"]["indexed"] and specs["RadioNodeList"]["indexed"]
    assert specs["HTMLOptionsCollection"]["named"] == "namedItem"
    assert specs["HTMLOptionsCollection"]["indexedSetter"] == "?o:HTMLOptionElement"
    assert specs["HTMLSelectElement"]["indexedSetter"] == "?o:HTMLOptionElement"
    assert specs["HTMLCollection"]["indexedSetter"] is None


def test_stringifiers_belong_to_their_interface() -> None:
    """``stringifier attribute`` makes its own interface (and those including its mixin) a
    stringifier, not every interface with an attribute of that name."""
    specs = interfaces.interface_specs()
    assert specs["HTMLAnchorElement"]["stringifier"] and specs["DOMTokenList"]["stringifier"]
    assert specs["URL"]["stringifier"] and specs["URLSearchParams"]["stringifier"]
    for name in ("HTMLBaseElement", "HTMLLinkElement", "HTMLInputElement", "HTMLLIElement", "HTMLDataElement"):
        assert not specs[name]["stringifier"], name


def test_the_generated_files_are_current() -> None:
    """The package reads its interface descriptions from webdom/js/generated (it parses no IDL
    at run time); they must be what the IDL and the Python classes give now."""
    from tests.conftest import specs_path

    specs_path("idl")
    stale = [name for name, text in interfaces.generate().items()
             if (interfaces._GENERATED / name).read_text(encoding="utf-8") != text]
    assert not stale, f"{stale} are stale: run python -m webdom.js.interfaces"


def test_the_generated_operation_signatures_are_current() -> None:
    """webidl/operation_signatures.py, which webidl.operations reads, and the TypedDicts of
    webidl/dictionary_types.py are what the IDL gives now."""
    from tests.conftest import specs_path

    specs_path("idl")
    current = interfaces.OPERATION_SIGNATURES.read_text(encoding="utf-8")
    assert current == interfaces.operation_signatures(), "stale: run python -m webdom.js.interfaces"
    current = interfaces.DICTIONARY_TYPES.read_text(encoding="utf-8")
    assert current == interfaces.dictionary_types(), "stale: run python -m webdom.js.interfaces"
