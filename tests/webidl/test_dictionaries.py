"""webidl.dictionaries: IDL dictionaries converted from their generated declaration
(https://webidl.spec.whatwg.org/#js-dictionary)."""

from __future__ import annotations

from typing import Any

import pytest

import dom
from webidl import undefined
from webidl.dictionaries import convert_dictionary, dictionary_members
from webidl.operation_signatures import DICTIONARIES


def test_members_convert_with_their_defaults_inherited_first() -> None:
    converted = convert_dictionary("MouseEventInit", {"clientX": 2.7, "button": 65535, "bubbles": 1}, "init")
    assert converted["clientX"] == 2 and converted["button"] == -1 and converted["bubbles"] is True
    assert converted["screenY"] == 0 and converted["ctrlKey"] is False and converted["view"] is None
    names = [member for member, *_ in dictionary_members("MouseEventInit")]
    assert names[:3] == ["bubbles", "cancelable", "composed"]  # EventInit's, first
    assert names.index("detail") < names.index("altKey") < names.index("button")  # then UIEventInit's, ...


def test_members_are_read_once_each_in_order_from_an_object() -> None:
    """A JS object's getters run once, inherited dictionaries' members first, each dictionary's
    in lexicographic order; undefined is a missing member."""
    read: list[str] = []

    class Init:
        def __getattr__(self, name: str) -> Any:
            read.append(name)
            return undefined if name == "detail" else None if name == "view" else 1

    converted = convert_dictionary("UIEventInit", Init(), "init")
    assert read == ["bubbles", "cancelable", "composed", "detail", "view", "which"]
    assert converted["detail"] == 0  # undefined: the default
    with pytest.raises(TypeError, match="Window"):  # view is a Window?
        convert_dictionary("UIEventInit", {"view": 1}, "init")


def test_a_missing_required_member_and_a_primitive_are_type_errors() -> None:
    with pytest.raises(TypeError, match="formData"):
        convert_dictionary("FormDataEventInit", {}, "FormDataEvent init")
    with pytest.raises(TypeError):
        convert_dictionary("EventInit", "bubbles", "init")
    with pytest.raises(TypeError, match="unexpected"):
        convert_dictionary("EventInit", None, "init", {"bubble": True})
    assert convert_dictionary("EventInit", None, "init") == {"bubbles": False, "cancelable": False, "composed": False}


def test_event_constructors_take_converted_members() -> None:
    """new KeyboardEvent(...) as from JS: each member converted to its IDL type."""
    from dom.ui_events import KeyboardEvent, WheelEvent

    event = KeyboardEvent("keydown", {"key": 5, "repeat": "yes", "keyCode": -1}, ctrlKey=1)
    assert (event.key, event.repeat, event.keyCode, event.ctrlKey) == ("5", True, 4294967295, True)
    with pytest.raises(TypeError):  # a restricted double: NaN is refused
        WheelEvent("wheel", {"deltaX": float("nan")})
    assert dom.CustomEvent("x").detail is None


def test_every_dictionary_has_its_parent() -> None:
    for parent, _ in DICTIONARIES.values():
        assert parent is None or parent in DICTIONARIES
