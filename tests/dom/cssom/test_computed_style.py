"""getComputedStyle without layout (https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle):
the cascade (https://drafts.csswg.org/css-cascade/), inheritance, initial values, the HTML
Standard's user agent style sheet (https://html.spec.whatwg.org/#rendering) and computed values."""

from __future__ import annotations

import time

import pytest

import dom
from dom.cssom.cascade import specificity
from dom.cssom.document_style_sheets import set_viewport
from dom.selectors.parser import parse_selector_list
from webidl import DOMException

PAGE = """<!DOCTYPE html><html><head><style>
#a { color: #f00; font-size: 2em; border: 1px solid }
div > p:first-child { margin: 1em 0 }
p { color: green !important }
.x.y { color: blue } .x { color: black }
span { font-weight: bolder; float: left }
:root { --main: teal } .v { background-color: var(--main); width: var(--nope, 50%); height: var(--nope) }
@media (max-width: 100px) { .m { display: none } }
@supports (display: nonsense) { .m { display: none } }
i.abs { position: absolute; float: right }
</style></head><body><div id=a><p>one <span>two</span></p><p style="color: red">p2</p>
<b class="x y">b</b><i class="v m abs">v</i><h1>h</h1><ul><li>x</ul></div><div hidden>h</div>
<img align=left><font color=red>f</font></body></html>"""


def _document() -> dom.Document:
    return dom.parse_html(PAGE)


def _style(document: dom.Document, selector: str) -> dom.CSSStyleDeclaration:
    return document.defaultView.getComputedStyle(document.querySelector(selector))


def test_cascade_specificity_importance_order() -> None:
    document = _document()
    assert _style(document, "#a").color == "rgb(255, 0, 0)"
    assert _style(document, "p").color == "rgb(0, 128, 0)"  # !important beats the id's inheritance
    assert _style(document, "p + p").color == "rgb(0, 128, 0)"  # ... and the style attribute
    assert _style(document, "b").color == "rgb(0, 0, 255)"  # .x.y is more specific than .x
    assert specificity(parse_selector_list("#a .b:is(#c, d) > e:where(#f)")[0]) == (2, 1, 1)


def test_inheritance_initial_and_computed_values() -> None:
    document = _document()
    a = _style(document, "#a")
    assert (a.display, a.fontSize, a.borderTopWidth, a.borderTopColor, a.borderTopStyle) == (
        "block", "32px", "1px", "rgb(255, 0, 0)", "solid")
    p = _style(document, "p")
    assert (p.marginTop, p.marginLeft, p.fontSize) == ("32px", "0px", "32px")  # 1em of its own font size
    span = _style(document, "span")
    assert (span.fontWeight, span.cssFloat, span.display) == ("700", "left", "block")  # floats are blockified
    v = _style(document, "i")
    assert (v.backgroundColor, v.width, v.height, v.getPropertyValue("--main")) == ("rgb(0, 128, 128)", "50%", "auto",
                                                                                     "teal")
    assert (v.display, v.position, v.cssFloat) == ("block", "absolute", "none")  # absolute: no float
    assert _style(document, "b").borderTopWidth == "0px"  # style none
    assert _style(document, "body").marginTop == "8px"
    h1 = _style(document, "h1")
    assert (h1.fontSize, h1.fontWeight, h1.display) == ("64px", "700", "block")
    assert (_style(document, "ul").paddingLeft, _style(document, "li").display) == ("40px", "list-item")
    assert _style(document, "[hidden]").display == "none" and _style(document, "head").display == "none"
    assert _style(document, "img").cssFloat == "left"  # presentational hint
    assert _style(document, "font").color == "rgb(255, 0, 0)"
    assert _style(document, "html").display == "block" and _style(document, "html").color == "rgb(0, 0, 0)"


def test_media_and_supports() -> None:
    document = _document()
    assert _style(document, ".m").display == "block"
    set_viewport(document, width=80)
    assert _style(document, ".m").display == "none"


def test_live_and_read_only() -> None:
    document = _document()
    style = _style(document, "b")
    assert style.cssText == "" and style.length > 100 and style.getPropertyValue("margin") == "0px"
    document.querySelector("b").setAttribute("style", "color: #123456")
    assert style.color == "rgb(18, 52, 86)"
    document.styleSheets[0].insertRule("b { display: none }", 0)
    assert style.display == "none"
    with pytest.raises(DOMException) as error:
        style.color = "red"
    assert error.value.name == "NoModificationAllowedError"
    with pytest.raises(DOMException):
        style.setProperty("color", "red")
    detached = document.createElement("p")
    assert document.defaultView.getComputedStyle(detached).length == 0
    with pytest.raises(TypeError):
        document.defaultView.getComputedStyle("p")


def test_every_element_of_a_large_document() -> None:
    rules = "".join(f".c{i} {{ color: rgb({i % 256}, 0, 0); margin-left: {i}px }}" for i in range(300))
    body = "".join(f"<div class=c{i % 400}><p>t<span>s</span></p></div>" for i in range(3000))
    document = dom.parse_html(f"<!DOCTYPE html><style>{rules}</style>{body}")
    window = document.defaultView
    start = time.perf_counter()
    values = [window.getComputedStyle(e).color for e in document.querySelectorAll("div")]
    assert values[5] == "rgb(5, 0, 0)" and values[350] == "rgb(0, 0, 0)"
    assert time.perf_counter() - start < 20


def test_hostile_custom_properties_and_depth() -> None:
    chain = "".join(f"--v{i}: var(--v{i + 1}) var(--v{i + 1});" for i in range(40)) + "--v40: x;"
    document = dom.parse_html(f"<!DOCTYPE html><style>:root {{ {chain} }} p {{ width: var(--v0); color: var(--a) }}"
                              ":root { --a: var(--b); --b: var(--a) }</style><p>x")
    start = time.perf_counter()
    style = _style(document, "p")
    assert (style.width, style.color) == ("auto", "rgb(0, 0, 0)")  # invalid at computed-value time: unset
    deep = dom.parse_html("<!DOCTYPE html><style>div { color: red }</style>" + "<div>" * 20000 + "x")
    element = deep.querySelectorAll("div")[-1]
    assert deep.defaultView.getComputedStyle(element).color == "rgb(255, 0, 0)" and element.checkVisibility()
    assert time.perf_counter() - start < 30
