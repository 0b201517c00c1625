"""Style sheets and rules (https://drafts.csswg.org/cssom/#css-style-sheets), media queries
(https://drafts.csswg.org/mediaqueries-4/) and @supports (https://drafts.csswg.org/css-conditional-3/)."""

from __future__ import annotations

import pytest

import dom
from dom.css.media_queries import Viewport, media_query_list_matches, parse_media_query_list
from dom.cssom.document_style_sheets import set_style_sheet_loader, set_viewport, viewport_of
from dom.cssom.style_sheets import (
    CSSImportRule,
    CSSMediaRule,
    CSSStyleRule,
    CSSStyleSheet,
    CSSSupportsRule,
)
from webidl import DOMException

SHEET = """
@import url(x.css) print;
p { color: RED }
.a>.b,div  +  i{margin:0}
@media (min-width: 600px) { a { display: none } }
@supports (display: grid) and (not (display: nonsense)) { x { color: blue; y: z } }
bad[ { } a { color: red }
"""


def _document(markup: str) -> dom.Document:
    return dom.parse_html("<!DOCTYPE html>" + markup)


def test_style_element_sheet_and_rules() -> None:
    document = _document(f"<style media=screen>{SHEET}</style><p>")
    style = document.querySelector("style")
    sheet = style.sheet
    assert document.styleSheets.length == 1 and document.styleSheets[0] is sheet
    assert sheet.ownerNode is style and sheet.media.mediaText == "screen" and sheet.type == "text/css"
    rules = sheet.cssRules
    assert [type(r) for r in rules] == [CSSImportRule, CSSStyleRule, CSSStyleRule, CSSMediaRule, CSSSupportsRule]
    assert [r.cssText for r in rules[:3]] == [
        '@import url("x.css") print;', "p { color: red; }", ".a > .b, div + i { margin: 0px; }"]
    assert rules[0].href == "x.css" and rules[0].styleSheet is None and rules[0].media.mediaText == "print"
    assert rules[3].cssText == "@media (min-width: 600px) {\n  a { display: none; }\n}"
    assert rules[3].cssRules[0].parentRule is rules[3] and rules[3].cssRules[0].parentStyleSheet is sheet
    assert rules[4].conditionText == "(display: grid) and (not (display: nonsense))"
    assert rules[4].cssRules[0].cssText == "x { color: blue; }"
    assert rules[1].style.parentRule is rules[1] and rules[1].selectorText == "p"
    assert style.sheet is sheet  # the same sheet while the text is the same


def test_sheet_follows_the_element() -> None:
    document = _document("<style>p { color: red }</style>")
    style = document.querySelector("style")
    first = style.sheet
    style.textContent = "p { color: blue }"
    assert style.sheet is not first and style.sheet.cssRules[0].style.color == "blue"
    style.setAttribute("type", "text/less")
    assert style.sheet is None and document.styleSheets.length == 0
    style.removeAttribute("type")
    style.remove()
    assert style.sheet is None and document.styleSheets.length == 0
    assert document.createElement("style").sheet is None


def test_shadow_root_style_sheets() -> None:
    """A style element in a connected shadow tree has a sheet (HTML's update a style block needs
    it connected, https://html.spec.whatwg.org/#update-a-style-block step 3) that its shadow
    root's styleSheets lists, not the document's
    (https://drafts.csswg.org/cssom/#dom-documentorshadowroot-stylesheets)."""
    document = _document("<body>")
    host = document.createElement("div")
    root = host.attachShadow({"mode": "open"})
    root.innerHTML = "<span></span><style>a {}</style><svg><style>b {}</style></svg><style>c {}</style>"
    styles = root.querySelectorAll("style")
    assert root.styleSheets.length == 0 and styles[0].sheet is None
    document.body.appendChild(host)
    sheets = root.styleSheets
    assert sheets is root.styleSheets and sheets.length == 2
    assert sheets[0] is styles[0].sheet and sheets[1] is styles[2].sheet and sheets[0].ownerNode is styles[0]
    assert document.styleSheets.length == 0
    host.remove()
    assert sheets.length == 0 and styles[0].sheet is None


def test_insert_and_delete_rule() -> None:
    sheet = _document("<style>a { color: red }</style>").styleSheets[0]
    assert sheet.insertRule("h1 { color: green }", 1) == 1
    assert sheet.cssRules[1].cssText == "h1 { color: green; }" and sheet.cssRules.length == 2
    assert sheet.insertRule("@media print { p { color: red } }") == 0
    media = sheet.cssRules[0]
    media.insertRule("b { width: 1px }", 1)
    assert media.cssRules[1].parentRule is media
    media.deleteRule(0)
    assert media.cssRules.length == 1
    sheet.deleteRule(0)
    assert [r.cssText for r in sheet.cssRules] == ["a { color: red; }", "h1 { color: green; }"]
    with pytest.raises(DOMException) as error:
        sheet.insertRule("@import 'a.css';", 1)
    assert error.value.name == "HierarchyRequestError"
    with pytest.raises(DOMException) as error:
        sheet.insertRule("{{", 0)
    assert error.value.name == "SyntaxError"
    with pytest.raises(DOMException) as error:
        sheet.insertRule("p {}", 5)
    assert error.value.name == "IndexSizeError"
    with pytest.raises(DOMException) as error:
        sheet.deleteRule(9)
    assert error.value.name == "IndexSizeError"
    rule = sheet.cssRules[0]
    rule.style.color = "#00F"
    rule.selectorText = "b >i"
    rule.selectorText = "::::"  # invalid: ignored
    assert rule.cssText == "b > i { color: rgb(0, 0, 255); }"


def test_constructed_sheet() -> None:
    sheet = CSSStyleSheet()
    sheet.replaceSync("@import 'a.css'; a { color: red } b { }")
    assert [r.cssText for r in sheet.cssRules] == ["a { color: red; }", "b { }"] and sheet.ownerNode is None


def test_link_sheets_only_through_a_loader() -> None:
    document = dom.parse_html("<!DOCTYPE html><link rel=stylesheet href=a.css><link rel=icon href=b.css>",
                              url="https://example.com/page")
    link = document.querySelector("link")
    assert link.sheet is None and document.styleSheets.length == 0  # never the network
    asked: list[str] = []

    def loader(url: str) -> str | None:
        asked.append(url)
        return "p { color: green }" if url.endswith("a.css") else None

    set_style_sheet_loader(document, loader)
    assert link.sheet.href == "https://example.com/a.css" and link.sheet.cssRules[0].selectorText == "p"
    assert document.styleSheets.length == 1 and asked == ["https://example.com/a.css"]


@pytest.mark.parametrize(
    ("query", "serialized", "matches"),
    [
        ("screen", "screen", True), ("PRINT", "print", False), ("", "", True), ("all", "all", True),
        ("screen and (min-width:600px)", "screen and (min-width: 600px)", True),
        ("(max-width: 600px)", "(max-width: 600px)", False), ("not print", "not print", True),
        ("(width >= 1000px)", "(width >= 1000px)", True), ("(400px < width < 800px)", "(400px < width < 800px)", False),
        ("(prefers-color-scheme: dark)", "(prefers-color-scheme: dark)", False),
        ("all and (orientation: landscape)", "(orientation: landscape)", True),
        ("foo bar", "not all", False), ("screen and", "not all", False), ("(min-width: 40em), print", "(min-width: 40em), print", True),
        ("(unknown-feature)", "(unknown-feature)", False),
    ],
)
def test_media_queries(query: str, serialized: str, matches: bool) -> None:
    parsed = parse_media_query_list(query)
    assert ", ".join(parsed) == serialized
    assert media_query_list_matches(parsed, Viewport()) is matches


def test_viewport_is_configurable() -> None:
    document = _document("<style>@media (max-width: 600px) { p { display: none } }</style><p>x")
    media = document.styleSheets[0].cssRules[0].media
    assert not media.matches(viewport_of(document))
    set_viewport(document, width=400)
    assert media.matches(viewport_of(document))
    with pytest.raises(TypeError):
        set_viewport(document, bogus=1)


def test_hostile_sheets() -> None:
    text = "a{color:red}" * 20000 + "@media screen{" * 2000 + "b{}" + "[" * 5000
    sheet = _document("<style></style>").querySelector("style")
    sheet.textContent = text
    assert sheet.sheet.cssRules.length == 20001


def test_style_sheet_list_is_same_object_and_live() -> None:
    document = _document("<style>a { color: red }</style>")
    sheets = document.styleSheets
    assert document.styleSheets is sheets and sheets.length == 1
    document.head.appendChild(document.createElement("style")).textContent = "b { }"
    assert sheets.length == 2 and sheets[1].cssRules[0].selectorText == "b"
    set_style_sheet_loader(document, lambda url: "c { }")
    document.head.appendChild(document.createElement("link")).outerHTML = "<link rel=stylesheet href=c.css>"
    assert sheets.length == 3 and sheets[2].href.endswith("c.css")


def test_many_inserted_rules() -> None:
    sheet = CSSStyleSheet()
    for i in range(20000):
        sheet.insertRule(f".c{i} {{ color: red }}", sheet.cssRules.length if i % 2 else 0)
    assert sheet.cssRules.length == 20000
    assert sheet.cssRules[0].selectorText == ".c19998" and sheet.cssRules[19999].selectorText == ".c19999"
    with pytest.raises(DOMException):
        sheet.insertRule("@import 'a.css';", 1)


def test_deep_media_and_selectors_without_recursion() -> None:
    document = _document(f"<style media='{'(' * 50000}'>a {{ color: red }}</style>")
    assert document.styleSheets[0].media.mediaText == "not all"
    rule = document.styleSheets[0].cssRules[0]
    rule.selectorText = ":is(" * 50000
    assert rule.selectorText == "a"
    assert parse_media_query_list("(" * 50000) == ["not all"]


def test_style_disabled_is_the_sheets_flag() -> None:
    """https://html.spec.whatwg.org/#dom-style-disabled"""
    document = _document("<style>p { display: none }</style><p>x")
    style = document.querySelector("style")
    assert style.disabled is False
    style.disabled = True
    assert style.sheet.disabled is True and style.disabled is True
    assert document.body.innerText == "x"  # a disabled sheet applies no rule
    style.disabled = False
    assert document.body.innerText == ""
    detached = document.createElement("style")
    detached.disabled = True
    assert detached.disabled is False


def test_unitless_length_quirk_in_sheets() -> None:
    """https://quirks.spec.whatwg.org/#the-unitless-length-quirk applies to a quirks-mode
    document's sheets, not to a no-quirks one's nor to constructed sheets."""
    quirky = dom.parse_html("<style>p { width: 100; outline-offset: 5 }</style><p>x").styleSheets[0]
    assert quirky.cssRules[0].cssText == "p { width: 100px; }"
    quirky.insertRule("i { height: 3 }", 1)
    assert quirky.cssRules[1].style.height == "3px"
    assert _document("<style>p { width: 100 }</style>").styleSheets[0].cssRules[0].cssText == "p { }"
    constructed = CSSStyleSheet()
    constructed.replaceSync("p { width: 100 }")
    assert constructed.cssRules[0].cssText == "p { }"


def test_sheets_of_the_same_text_share_nothing() -> None:
    """A sheet's text is parsed once and its rules copied for the next sheet of that text
    (dom/cssom/style_sheets.py): each sheet's rules are its own
    (https://drafts.csswg.org/cssom/#create-a-css-style-sheet), so a change through the CSSOM
    to one sheet leaves the other, and the computed styles of its document, as they were."""
    text = SHEET.replace("bad[ { } a { color: red }", "@layer base { b { color: green } } @font-face { font-family: x }")
    first, second = (_document(f"<style>{text}</style><p>x</p><a>y</a>") for _ in range(2))
    one, two = first.styleSheets[0], second.styleSheets[0]
    assert [r.cssText for r in one.cssRules] == [r.cssText for r in two.cssRules]
    for a, b in zip(one.cssRules, two.cssRules, strict=True):
        assert a is not b and a.parentStyleSheet is one and b.parentStyleSheet is two
    one.cssRules[1].style.setProperty("color", "blue")
    one.cssRules[2].style.cssText = "margin: 1px"
    one.cssRules[3].media.appendMedium("print")
    one.cssRules[3].cssRules[0].style.display = "block"
    one.cssRules[0].media.mediaText = "screen"
    one.cssRules[5].cssRules[0].style.color = "red"
    one.deleteRule(6)
    one.insertRule("i { color: red }", 1)
    assert [r.cssText for r in two.cssRules] == [r.cssText for r in _document(f"<style>{text}</style>").styleSheets[
        0].cssRules]
    assert two.cssRules[1].style.color == "red" and two.cssRules[3].media.mediaText == "(min-width: 600px)"
    assert one.cssRules[2].style.color == "blue" and one.cssRules[4].cssRules[0].parentRule is one.cssRules[4]
    assert second.defaultView.getComputedStyle(second.querySelector("p")).color == "rgb(255, 0, 0)"
    assert first.defaultView.getComputedStyle(first.querySelector("p")).color == "rgb(0, 0, 255)"
