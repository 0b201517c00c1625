"""Overloaded operations resolved as https://webidl.spec.whatwg.org/#dfn-overload-resolution-algorithm
says (webidl.overloads): by the number of arguments, then by the value at the distinguishing
argument index; each argument converted to the chosen overload's type."""

from __future__ import annotations

import pytest

import dom
from html_infra.blob import Blob
from webidl import undefined
from webidl.operation_signatures import OVERLOADS
from webidl.operations import converted_operations


def _textarea() -> object:
    document = dom.parse_html("<textarea>abcdef</textarea>")
    return document.querySelector("textarea")


def test_by_count() -> None:
    area = _textarea()
    area.setRangeText("X", 1, 3)  # the second overload, selectionMode "preserve"
    assert area.value == "aXdef"
    area.setRangeText("Y", "0", 1.9, "select")  # its arguments converted: unsigned long, SelectionMode
    assert area.value == "YXdef" and (area.selectionStart, area.selectionEnd) == (0, 1)
    area.setRangeText("Z")  # the first: the selection
    assert area.value == "ZXdef"
    with pytest.raises(TypeError):  # two arguments: no overload takes two
        area.setRangeText("Z", 1)
    with pytest.raises(TypeError):  # not a SelectionMode
        area.setRangeText("Z", 0, 1, "everything")
    area.setRangeText("W", 0, 0, undefined)  # an optional argument undefined: its default
    assert area.value.startswith("W")


def test_by_the_distinguishing_argument() -> None:
    from dom.html.forms.form_data import FormData

    data = FormData()
    data.append("s", 5)  # (USVString name, USVString value): a number becomes its string
    data.append("b", Blob(["x"]))  # (USVString name, Blob blobValue, optional filename)
    data.append("n", Blob(["y"]), 3)
    assert data.get("s") == "5" and data.get("b").name == "blob" and data.get("n").name == "3"
    with pytest.raises(TypeError, match="Blob"):
        data.append("s", "v", "f")  # three arguments: only the Blob overload


def test_select_remove_overloads() -> None:
    document = dom.parse_html("<div><select><option>a<option>b</select></div>")
    select = document.querySelector("select")
    select.remove("1")  # remove(long index): the option
    assert select.length == 1
    select.remove()  # ChildNode's remove(): the select itself
    assert document.querySelector("select") is None


def test_every_overloaded_operation_webdom_implements_is_resolved() -> None:
    from webdom.implemented_interfaces import IMPLEMENTED, implementation

    for interface in IMPLEMENTED:
        implementation(interface)
    converted = converted_operations()
    binding_only = {("Window", "alert")}  # implemented by the JS binding alone
    assert sorted(set(OVERLOADS) - set(converted) - binding_only) == []
