"""Adopted style sheets (https://drafts.csswg.org/cssom/#dom-documentorshadowroot-adoptedstylesheets):
constructed sheets a document or a shadow root applies after its own sheets."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dom
from dom.cssom.style_sheets import CSSStyleSheet
from webidl import DOMException


def _sheet(text: str) -> CSSStyleSheet:
    sheet = CSSStyleSheet()
    sheet.replaceSync(text)
    return sheet


def _color(document: dom.Document, selector: str) -> str:
    element = document.querySelector(selector)
    assert element is not None and document.defaultView is not None
    return document.defaultView.getComputedStyle(element).color


def test_adopted_sheets_apply_after_the_documents_own() -> None:
    document = dom.parse_html("<style>p { color: red }</style><p>a</p><div class=h>secret</div>")
    hiding = _sheet(".h { display: none } p { color: blue }")
    assert document.body is not None and document.body.innerText == "a\n\nsecret"
    array = document.adoptedStyleSheets
    document.adoptedStyleSheets = [hiding]
    assert document.adoptedStyleSheets is array and list(array) == [hiding]  # the same object, new contents
    assert document.body.innerText == "a"
    assert _color(document, "p") == "rgb(0, 0, 255)"  # same specificity: the adopted sheet comes later
    assert len(document.styleSheets) == 1  # styleSheets lists the tree's own sheets only
    hiding.replaceSync(".h { color: green }")  # a change to an adopted sheet restyles
    assert document.body.innerText == "a\n\nsecret" and _color(document, "p") == "rgb(255, 0, 0)"
    array.append(_sheet("p { color: lime }"))
    assert _color(document, "p") == "rgb(0, 255, 0)"
    del array[1]
    assert _color(document, "p") == "rgb(255, 0, 0)"
    array.clear()
    assert len(array) == 0 and array == []


def test_only_constructed_sheets_of_the_document() -> None:
    document = dom.parse_html("<style>p { color: red }</style><p>a</p>")
    sheet = _sheet("p { color: blue }")
    document.adoptedStyleSheets = [sheet]
    with pytest.raises(DOMException) as info:  # a style element's sheet was not constructed
        document.adoptedStyleSheets.append(document.styleSheets[0])  # type: ignore[arg-type]
    assert info.value.name == "NotAllowedError"
    other = dom.parse_html("<p>b</p>")
    with pytest.raises(DOMException) as info:  # constructed for (adopted first by) another document
        other.adoptedStyleSheets = [sheet]
    assert info.value.name == "NotAllowedError"
    fresh = _sheet("p { color: lime }")
    with pytest.raises(DOMException):  # checked whole before any is taken
        document.adoptedStyleSheets = [fresh, document.styleSheets[0]]  # type: ignore[list-item]
    assert list(document.adoptedStyleSheets) == [sheet] and _color(document, "p") == "rgb(0, 0, 255)"
    with pytest.raises(TypeError):
        document.adoptedStyleSheets = ["p { color: red }"]  # type: ignore[list-item]
    with pytest.raises(TypeError):
        document.adoptedStyleSheets[0] = "x"  # type: ignore[call-overload]
    assert list(document.adoptedStyleSheets) == [sheet]


def test_a_shadow_root_adopts_its_own() -> None:
    document = dom.parse_html("<div id=host></div><p>light</p>")
    host = document.getElementById("host")
    assert host is not None
    root = host.attachShadow({"mode": "open"})
    root.innerHTML = "<p>inside</p><span class=h>hidden</span>"
    root.adoptedStyleSheets = [_sheet("p { color: blue } .h { display: none } :host { color: green }")]
    document.adoptedStyleSheets = [_sheet("p { color: red }")]
    view = document.defaultView
    assert view is not None
    inside = root.querySelector("p")
    assert inside is not None
    assert view.getComputedStyle(inside).color == "rgb(0, 0, 255)"  # the document's rule does not reach in
    assert _color(document, "body > p") == "rgb(255, 0, 0)"  # nor the shadow root's out
    assert view.getComputedStyle(host).color == "rgb(0, 128, 0)"  # :host from the adopted sheet
    hidden = root.querySelector(".h")
    assert hidden is not None and not hidden.checkVisibility()
    assert len(root.styleSheets) == 0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["append", "insert", "set", "del", "pop", "slice", "assign"]),
                          st.integers(-4, 4), st.integers(0, 3)), max_size=12))
def test_the_array_behaves_as_a_list(steps: list[tuple[str, int, int]]) -> None:
    """The observable array is a mutable sequence: any run of list operations leaves it as a
    list under the same operations, and the cascade sees its contents in order."""
    document = dom.parse_html("<p>a</p>")
    sheets = [_sheet(f"p {{ z-index: {i} }}") for i in range(4)]
    array: Any = document.adoptedStyleSheets
    model: list[CSSStyleSheet] = []
    for action, index, which in steps:
        try:
            _apply(model, action, index, sheets, which)
        except IndexError:
            with pytest.raises(IndexError):
                _apply(array, action, index, sheets, which)
            continue
        _apply(array, action, index, sheets, which)
        assert list(array) == model
    assert _style(document, "z-index") == (str(sheets.index(model[-1])) if model else "auto")


def _apply(array: Any, action: str, index: int, sheets: list[CSSStyleSheet], which: int) -> None:
    """One list operation on *array* (the observable array, or a list as the model)."""
    sheet = sheets[which]
    if action == "append":
        array.append(sheet)
    elif action == "insert":
        array.insert(index, sheet)
    elif action == "set":
        array[index] = sheet
    elif action == "del":
        del array[index]
    elif action == "pop":
        array.pop(index)
    elif action == "slice":
        array[index:] = [sheet]
    else:
        array[:] = [sheet, sheets[(which + 1) % 4]]


def _style(document: dom.Document, name: str) -> str:
    element = document.querySelector("p")
    assert element is not None and document.defaultView is not None
    return document.defaultView.getComputedStyle(element).getPropertyValue(name)
