"""getComputedStyle(element, pseudoElt) for ::before, ::after and ::marker
(dom/cssom/pseudo_element_styles.py; https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle)."""

from __future__ import annotations

from typing import Any

import pytest

import dom
from dom.cssom.computed_style import get_computed_style
from webidl import NoModificationAllowedError


def _style(source: str, selector: str = "#x", pseudo: str = "::before") -> Any:
    document = dom.parse_html(f"<!doctype html>{source}")
    return get_computed_style(document.querySelector(selector), pseudo)


def test_specificity_order_and_importance() -> None:
    assert _style("<style>#x::before { color: red } div::before { color: blue }</style><div id=x>").color == \
        "rgb(255, 0, 0)"
    assert _style("<style>div::before { color: red } div::before { color: blue }</style><div id=x>").color == \
        "rgb(0, 0, 255)"  # the same specificity: the later rule
    assert _style("<style>div::before { color: red !important } #x::before { color: blue }</style>"
                  "<div id=x>").color == "rgb(255, 0, 0)"
    # ::before counts as a type: (0,0,2) beats the universal ::before's (0,0,1) written later
    assert _style("<style>div::before { color: red } ::before { color: blue }</style><div id=x>").color == \
        "rgb(255, 0, 0)"
    # the element's own rules do not style its pseudo-elements
    assert _style("<style>#x { visibility: hidden; font-weight: bold }</style><div id=x>").visibility == "hidden"
    assert _style("<style>#x { position: absolute }</style><div id=x>").position == "static"


def test_layers() -> None:
    source = ("<style>@layer a { #x::before { color: red; font-size: 20px !important } } "
              "div::before { color: blue; font-size: 30px !important }</style><div id=x>")
    style = _style(source)
    assert style.color == "rgb(0, 0, 255)"  # unlayered normal declarations win over layered ones
    assert style.fontSize == "20px"  # important ones: the layers' order reversed


def test_important_declaration_keeps_layer_order_of_the_rest() -> None:
    """A rule's !important declaration does not reverse the layer order of its normal ones."""
    document = dom.parse_html("<style>@layer a { p { background-color: green } } "
                              "p { color: red !important; background-color: blue }</style><p>x")
    assert get_computed_style(document.querySelector("p")).backgroundColor == "rgb(0, 0, 255)"
    assert _style("<style>@layer a { div::before { content: 'a' } } "
                  "div::before { color: red !important; content: 'b' }</style><div id=x>").content == '"b"'


def test_inherits_from_the_element() -> None:
    source = "<style>main { color: green; font-size: 20px } #x::before { font-size: 2em }</style><main><p id=x>"
    style = _style(source)
    assert (style.color, style.fontSize) == ("rgb(0, 128, 0)", "40px")
    assert _style("<style>#x { visibility: hidden }</style><div id=x>", pseudo="::after").visibility == "hidden"
    # display is not inherited, but a flex container's ::before is a flex item: blockified
    flex = "<style>#x { display: flex } #x::before { content: 'a' }</style><div id=x>"
    assert (_style(flex).display, _style(flex, pseudo="::after").display) == ("block", "block")
    assert _style("<style>#x::before { float: left }</style><div id=x>").display == "block"


def test_user_agent_rules() -> None:
    assert _style("<q id=x>q</q>").content == "open-quote"
    assert _style("<q id=x>q</q>", pseudo="::after").content == "close-quote"
    marker = _style("<ul><li id=x>i</ul>", pseudo="::marker")
    assert (marker.unicodeBidi, marker.whiteSpace, marker.textTransform) == ("isolate", "pre", "none")
    assert _style("<style>#x::before { content: none }</style><q id=x>q</q>").content == "none"


def test_content() -> None:
    assert _style("<div id=x>").content == "none"  # normal computes to none on ::before and ::after
    assert _style("<style>#x::after { content: normal }</style><div id=x>", pseudo="::after").content == "none"
    assert _style("<div id=x>", pseudo="::marker").content == "normal"
    assert _style("<style>#x::before { content: 'x' }</style><div id=x>").content == '"x"'
    assert _style("<style>#x::before { content: '' }</style><div id=x>").content == '""'
    assert _style("<style>#x::before { content: attr(title) }</style><div id=x title='a\"b'>").content == '"a\\"b"'
    assert _style("<style>#x::before { content: attr(title) }</style><div id=x>").content == '""'
    assert _style("<style>#x::before { content: counter(n) }</style><div id=x>").content == "counter(n)"


def test_display() -> None:
    """Chromium 150: a ::before or ::after is inline with or without content; an outside marker
    is inline-block, an inside one inline."""
    assert _style("<div id=x>").display == "inline"
    assert _style("<style>#x::before { content: 'a' }</style><div id=x>").display == "inline"
    assert _style("<style>#x::before { display: block }</style><div id=x>").display == "block"
    assert _style("<ul><li id=x>i</ul>", pseudo="::marker").display == "inline-block"
    assert _style("<ul style='list-style-position: inside'><li id=x>i</ul>", pseudo="::marker").display == "inline"


def test_marker_takes_only_its_properties() -> None:
    source = ("<style>#x::marker { display: block; visibility: hidden; margin-left: 3px; color: red; "
              "font-size: 30px; content: '-' }</style><ul><li id=x>i</ul>")
    marker = _style(source, pseudo="::marker")
    assert (marker.display, marker.visibility, marker.marginLeft) == ("inline-block", "visible", "0px")
    assert (marker.color, marker.fontSize, marker.content) == ("rgb(255, 0, 0)", "30px", '"-"')


@pytest.mark.parametrize("name", ["::before", ":before", "::BEFORE", ":BeFoRe", "::/**/before"])
def test_names_of_before(name: str) -> None:
    style = _style("<style>#x:before { color: red }</style><div id=x>", pseudo=name)
    assert style.color == "rgb(255, 0, 0)"
    assert style.length > 0


def test_legacy_after() -> None:
    assert _style("<style>#x::after { color: red }</style><div id=x>", pseudo=":after").color == "rgb(255, 0, 0)"


@pytest.mark.parametrize("name", [
    ":marker",  # only ::before, ::after, ::first-line and ::first-letter have a legacy syntax
    "::foo", ":foo", ":", "::", "::before ", "::before::after", "::after:hover", ":hover",
    "::slotted(p)", "::part(x)",  # null in CSSOM (Chromium 150 gives the element's style)
    "::first-line", "::selection", "::placeholder",  # not modelled
])
def test_empty_declarations(name: str) -> None:
    style = _style("<div id=x>", pseudo=name)
    assert style.length == 0
    assert style.display == "" and style.getPropertyValue("color") == ""


@pytest.mark.parametrize("name", ["", "before", " ::before"])
def test_names_of_the_element(name: str) -> None:
    """Not starting with a colon: the element's own style (CSSOM; Chromium 150 takes "before"
    as ::before)."""
    style = _style("<div id=x>", pseudo=name)
    assert (style.display, style.content) == ("block", "normal")


def test_user_action_pseudo_class_after_pseudo_element() -> None:
    assert _style("<style>#x::before:hover { color: red }</style><div id=x>").color == "rgb(0, 0, 0)"
    style = _style("<style>#x::before:hover, #x::before { color: red } span::before:hover, #x::before { color: blue }"
                   "</style><div id=x>")
    assert style.color == "rgb(0, 0, 255)"


def test_follows_the_document() -> None:
    document = dom.parse_html("<!doctype html><style>.on::before { content: 'on'; color: red }</style><div id=x>")
    element = document.getElementById("x")
    style = get_computed_style(element, "::before")
    assert style.content == "none"
    element.className = "on"
    assert (style.content, style.color) == ('"on"', "rgb(255, 0, 0)")
    document.styleSheets[0].insertRule(".on::before { color: blue }", 1)
    assert style.color == "rgb(0, 0, 255)"
    element.className = ""
    assert (style.content, style.color) == ("none", "rgb(0, 0, 0)")
    element.remove()
    assert style.length == 0 and style.content == ""


def test_read_only() -> None:
    style = _style("<div id=x>")
    with pytest.raises(NoModificationAllowedError):
        style.setProperty("color", "red")
