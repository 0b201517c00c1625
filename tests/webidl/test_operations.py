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
from webidl.conversions import converter
from webidl.operation_signatures import ATTRIBUTES, SIGNATURES
from webidl.operations import converted_operations, inline_conversions, operation, operations, unsigned_operations


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


def _reflected() -> dict[tuple[str, str], Any]:
    """(interface, attribute) -> the reflection descriptor implementing that writable attribute."""
    from dom.reflection import Reflection
    from webdom.implemented_interfaces import IMPLEMENTED, implementation

    found = {}
    for interface, name in ATTRIBUTES:
        if interface in IMPLEMENTED:
            for klass in implementation(interface).__mro__:
                value = vars(klass).get(name, vars(klass).get(f"{name}_"))
                if value is not None:
                    if isinstance(value, Reflection):
                        found[(interface, name)] = value
                    break
    return found


def test_counts() -> None:
    from webdom.implemented_interfaces import IMPLEMENTED, implementation

    for interface in IMPLEMENTED:  # every module that implements an interface, imported
        implementation(interface)
    converted = converted_operations()
    with_arguments = {key for key, arguments in SIGNATURES.items() if arguments}
    operations_done = sum(1 for key in converted if key in with_arguments)
    inline = sum(1 for key in inline_conversions() if key in with_arguments)
    attributes_done = sum(1 for key in converted if key in ATTRIBUTES)
    reflected = len(_reflected())
    print(f"\nconverted by the generated layer: {operations_done} of the {len(with_arguments)} operations with "
          f"arguments ({inline} more convert inline on purpose; {len(SIGNATURES) - len(with_arguments)} take none); "
          f"{attributes_done} of {len(ATTRIBUTES)} writable attributes, and {reflected} more by reflection "
          f"descriptors whose kind matches the generated type")


# What each reflection descriptor's kind converts to (its setter's conversion), for the check below.
_KIND_TYPES = {
    "DOMString": "DOMString", "DOMString?": "DOMString?", "USVString": "USVString", "enum": "DOMString",
    "enum?": "DOMString?", "boolean": "boolean", "long": "long", "long non-negative": "long",
    "unsigned long": "unsigned long", "unsigned long positive": "unsigned long",
    "unsigned long positive with fallback": "unsigned long", "unsigned long clamped": "unsigned long",
    "double": "double", "double positive": "double", "Element?": "Element?",
}
# Descriptors with steps of their own (kind "custom"): the IDL type their setter converts to.
_CUSTOM_TYPES = {"Autocapitalize": "DOMString", "Autocomplete": "DOMString", "WritingSuggestions": "DOMString",
                 "Autocorrect": "boolean", "Draggable": "boolean", "Translate": "boolean",
                 "Hidden": "(boolean or unrestricted double or DOMString)?"}


def test_reflection_descriptors_convert_to_the_generated_type() -> None:
    """A reflected attribute's setter converts with its descriptor's kind: that kind must be the
    attribute's IDL type, [LegacyNullToEmptyString] included (the IDL's, not a guess)."""
    wrong = []
    for (interface, name), descriptor in _reflected().items():
        idl_type, flags = ATTRIBUTES[(interface, name)]
        kind = descriptor.kind
        if kind == "URL":
            expected = "USVString" if descriptor.usv else "DOMString"
        elif kind == "custom":
            expected = _CUSTOM_TYPES[type(descriptor).__name__]
        else:
            expected = _KIND_TYPES[kind]
        legacy_null = bool(getattr(descriptor, "null_to_empty", False))
        if expected != idl_type or legacy_null != ("legacy_null" in flags):
            wrong.append(f"{interface}.{name}: {type(descriptor).__name__} {kind} (legacy null {legacy_null}), "
                         f"IDL {idl_type} {flags}")
    assert wrong == []
    assert len(_reflected()) > 300


def test_hr_color_has_no_legacy_null_to_empty_string() -> None:
    """https://html.spec.whatwg.org/#HTMLHRElement-partial: color is a plain DOMString (null is
    "null"), unlike font's color; likewise marquee's bgColor and table's border."""
    document = dom.parse_html("<hr><font></font><marquee></marquee><table></table>")
    hr, font = document.querySelector("hr"), document.querySelector("font")
    hr.color = None  # type: ignore[assignment]
    font.color = None  # type: ignore[assignment]
    document.querySelector("marquee").bgColor = None
    document.querySelector("table").border = None
    assert (hr.getAttribute("color"), font.getAttribute("color")) == ("null", "")
    assert document.querySelector("marquee").getAttribute("bgcolor") == "null"
    assert document.querySelector("table").getAttribute("border") == "null"


# For each operation that converts inline: a receiver, and its arguments' sample values.
_VALUES = [None, 1, -0.0, 2.5, 1e21, True, float("nan"), "x", "\ud800"]
_INLINE_RECEIVERS: dict[tuple[str, str], Any] = {
    ("Element", "getAttribute"): lambda: dom.parse_html(
        '<p null=a 1=b 0=c 2.5=d 1e+21=e true=f nan=g x=h>').querySelector("p"),
}


def test_inline_conversions_equal_the_generated_ones() -> None:
    """An operation that keeps its own conversion (a hot path) answers as if the generated
    conversion had run: each sample value gives what its converted value gives."""
    assert set(inline_conversions()) == set(_INLINE_RECEIVERS), "give each inline operation a receiver here"
    for key, (method, _) in inline_conversions().items():
        arguments = SIGNATURES[key]
        assert len(arguments) == 1, "extend this test for operations of several arguments"
        convert = converter(arguments[0][1])
        receiver = _INLINE_RECEIVERS[key]()
        for value in _VALUES:
            assert method(receiver, value) == method(receiver, convert(value)), (key, value)


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


def test_a_string_argument_gets_its_one_spelling() -> None:
    """A str passed to a converted DOMString argument or setter still has its surrogate pairs
    joined (the wrapper's shortcut takes only ASCII strings as they are)."""
    document = dom.parse_html("<p>")
    assert document.createTextNode("\ud83d\ude00").data == "\U0001f600"
    p = document.querySelector("p")
    p.id = "\ud83d\ude00"
    assert p.id == "\U0001f600"


def test_the_wrapper_is_compiled_at_the_first_call_and_takes_the_stand_ins_place() -> None:
    """Compiling every wrapper at import would add to ``import webdom``: a stand-in compiles its
    wrapper at the first call and puts it in its place (aliases too)."""
    from webidl import operations as module

    recorded = dict(module._CONVERTED)
    try:

        @operations("DOMStringList", "item")
        class Strings:
            def item(self, index: int) -> int:
                return index

            alias = item
    finally:  # the real DOMStringList.item stays the recorded one
        module._CONVERTED.clear()
        module._CONVERTED.update(recorded)

    stand_in = vars(Strings)["item"]
    assert Strings.alias is stand_in
    assert Strings().item(-1) == 4294967295  # converted by the compiled wrapper
    compiled = vars(Strings)["item"]
    assert compiled is not stand_in and Strings.alias is compiled
    assert Strings().alias(4294967296) == 0


def test_keyword_arguments_are_members_of_the_last_dictionary() -> None:
    """``Event("click", bubbles=True)``: a Python caller's keyword arguments are members of the
    constructor's dictionary, converted with it and given after the dictionary's own."""
    from dom.events import Event
    from dom.html.forms.form_data import FormData, FormDataEvent
    from dom.ui_events import MouseEvent

    assert Event("x", {"bubbles": False}, bubbles=True).bubbles is True
    event = MouseEvent("click", {"clientX": 3.7}, ctrlKey=1)
    assert (event.clientX, event.ctrlKey, event.getModifierState("Control")) == (3, True, True)
    with pytest.raises(TypeError, match="unexpected members"):
        Event("x", bubble=True)
    data = FormData()
    assert FormDataEvent("formdata", {"formData": data}).formData is data
    with pytest.raises(TypeError, match="required member formData"):
        FormDataEvent("formdata", {})

    def contains(self: Any, other: Any, **members: Any) -> bool:
        return False

    with pytest.raises(TypeError, match="dictionary type"):  # Node.contains(Node? other)
        operation("Node")(contains)


def test_event_interfaces_convert_their_own_dictionary() -> None:
    """Each event interface with a constructor converts it with the generated layer, and the
    dictionary the internal creation steps use (``_init_dictionary``: createEvent, fire an
    event) is the constructor's (https://dom.spec.whatwg.org/#concept-event-constructor)."""
    from dom.events import Event
    from webdom.implemented_interfaces import IMPLEMENTED, implementation

    converted = converted_operations()
    checked = 0
    for interface in IMPLEMENTED:
        cls = implementation(interface)
        if not (isinstance(cls, type) and issubclass(cls, Event)) or (interface, "constructor") not in SIGNATURES:
            continue
        assert (interface, "constructor") in converted, f"{interface}'s constructor converts nothing"
        assert cls._init_dictionary == SIGNATURES[(interface, "constructor")][1][1], interface
        checked += 1
    assert checked >= 20


def _lazy_toggle(load: Any) -> type:
    """A class whose DOMTokenList.toggle operation has its steps loaded by *load*."""
    from webidl.operations import implemented_in

    @operations("DOMTokenList", "toggle")
    class Lazy:
        @implemented_in(load)
        def toggle(self, token: str, force: bool = False) -> str:
            return str(load()(self, token, force))

    return Lazy


def _toggle_steps(self: Any, token: str, force: bool = False) -> str:
    return f"{token}:{force}"


def test_steps_in_a_module_loaded_at_the_first_call_are_called_directly_after_it() -> None:
    """webidl.operations.implemented_in: the wrapper built at the first call converts the
    arguments and calls the loaded function itself (Window.getComputedStyle's steps load the
    CSSOM that way), not the method standing in for it."""
    loads: list[int] = []

    def load() -> Any:
        loads.append(1)
        return _toggle_steps

    lazy = _lazy_toggle(load)()
    assert loads == []  # nothing loaded until the first call
    assert lazy.toggle(1, 0) == "1:False"  # converted: DOMString, boolean
    assert lazy.toggle("a") == "a:False"
    assert loads == [1]
    assert type(lazy).__dict__["toggle"].__wrapped__ is _toggle_steps  # the built wrapper calls the steps


def test_a_method_put_in_the_class_by_the_load_stays() -> None:
    def fast(self: Any, token: Any, force: Any = False) -> str:
        return "fast"

    def load() -> Any:
        lazy.toggle = fast  # the loaded module's own method
        return _toggle_steps

    lazy = _lazy_toggle(load)
    assert lazy().toggle(1) == "1:False"  # the first call: converted, by the steps
    assert lazy.__dict__["toggle"] is fast and lazy().toggle("a") == "fast"


def test_window_get_computed_style_calls_the_cssom_directly() -> None:
    from dom.cssom.computed_style import getComputedStyle

    document = dom.parse_html("<p style='color: red'>")
    window = document.defaultView
    assert window.getComputedStyle(document.querySelector("p")).color == "rgb(255, 0, 0)"
    method = type(window).getComputedStyle
    if not hasattr(method, "__wrapped__"):
        # the common call in C (dom/cssom/computed_style_speedups.c), put in the class as the
        # CSSOM loaded; the others (a keyword here) by the binding, which leaves it there
        assert type(method).__name__ == "method_descriptor"
        assert window.getComputedStyle(elt=document.querySelector("p")).color == "rgb(255, 0, 0)"
        assert type(window).getComputedStyle is method
        return
    assert method.__wrapped__ is getComputedStyle
