"""element.style: CSSStyleDeclaration over the style attribute
(https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface)."""

from __future__ import annotations

import pytest

import dom
from dom.css_style_declaration import CSSStyleDeclaration


def _element(style: str | None = None) -> dom.Element:
    document = dom.parse_html("<div id=x></div>")
    element = document.getElementById("x")
    if style is not None:
        element.setAttribute("style", style)
    return element


def test_same_object_and_put_forwards() -> None:
    element = _element("color: red")
    style = element.style
    assert isinstance(style, CSSStyleDeclaration) and element.style is style
    element.style = "color: green"  # [PutForwards=cssText]
    assert element.getAttribute("style") == "color: green;" and element.style is style
    assert style.parentRule is None
    with pytest.raises(TypeError):
        CSSStyleDeclaration()


def test_no_style_attribute() -> None:
    element = _element()
    assert element.style.cssText == "" and len(element.style) == 0
    assert element.style.color == "" and element.style.item(0) == ""
    assert not element.hasAttribute("style")  # reading never creates the attribute
    element.style.color = "red"
    assert element.getAttribute("style") == "color: red;"


@pytest.mark.parametrize(
    ("attribute", "css_text"),
    [
        ("color: red", "color: red;"),
        ("color:red;;;  background:blue", "color: red; background: blue;"),
        ("COLOR: red", "color: red;"),  # property names are ASCII case-insensitive
        ("color: red; color: blue", "color: blue;"),  # the last declaration wins
        ("color: red; width: 1px; color: blue", "width: 1px; color: blue;"),
        ("color: red !important; color: blue", "color: red !important;"),  # importance wins
        ("color: red !IMPORTANT", "color: red !important;"),
        ("color: red ! important", "color: red !important;"),
        ("color", ""),  # no colon: invalid
        ("color:", ""),  # empty value: invalid
        ("color: ; width: 1px", "width: 1px;"),
        ("color:: invalid; width: 1px", "width: 1px;"),  # a top-level colon: in no property's grammar
        # a calc() of one unit is simplified (https://drafts.csswg.org/css-values-4/#calc-simplification)
        ("width: calc(1px + 2px)", "width: calc(3px);"),
        ("width: calc( 1px  +  2em )", "width: calc(2em + 1px);"),
        ("color: red /* comment */", "color: red;"),
        ("font-family: a/**/b", "font-family: a b;"),
        ("a: ); width: 1px", "width: 1px;"),  # an unmatched closer drops its declaration
        ("content: \"a\nb; width: 2px", "width: 2px;"),  # a bad string (newline) too
        ("content: 'x", 'content: "x";'),  # a string closed by EOF is valid
        # a nested rule is no rule in a style attribute: its tokens up to ";" are one bad declaration
        ("p { color: red } width: 1px", ""),
        ("p { color: red }; width: 1px", "width: 1px;"),
        ("@media x { a: b } width: 1px", "width: 1px;"),
        ("width: {1px}", ""),
        ("background: url(a.png) no-repeat", 'background: url("a.png") no-repeat;'),
        ("background: url( 'a b.png' )", 'background: url("a b.png");'),
        ("--Foo:  { a }  ", "--Foo: { a };"),  # custom properties: as written, case kept
        ("--x:;", "--x: ;"),  # an empty custom property is valid
        ("--x: ); width: 1px", "width: 1px;"),
    ],
)
def test_parse_and_serialize(attribute: str, css_text: str) -> None:
    assert _element(attribute).style.cssText == css_text


@pytest.mark.parametrize(
    ("attribute", "longhands", "css_text"),
    [
        ("margin: 1px", ("1px", "1px", "1px", "1px"), "margin: 1px;"),
        ("margin: 1px 2px", ("1px", "2px", "1px", "2px"), "margin: 1px 2px;"),
        ("margin: 1px 2px 3px", ("1px", "2px", "3px", "2px"), "margin: 1px 2px 3px;"),
        ("margin: 1px 2px 3px 4px", ("1px", "2px", "3px", "4px"), "margin: 1px 2px 3px 4px;"),
        ("margin: 1px 2px 1px 2px", ("1px", "2px", "1px", "2px"), "margin: 1px 2px;"),
        ("margin: inherit", ("inherit",) * 4, "margin: inherit;"),
        ("margin: 1px; margin-left: 5px", ("1px", "1px", "1px", "5px"), "margin: 1px 1px 1px 5px;"),
        ("margin-top: 1px; margin-right: 1px; margin-bottom: 1px; margin-left: 1px",
         ("1px",) * 4, "margin: 1px;"),
    ],
)
def test_box_shorthands_expand(attribute: str, longhands: tuple[str, ...], css_text: str) -> None:
    style = _element(attribute).style
    assert (style.marginTop, style.marginRight, style.marginBottom, style.marginLeft) == longhands
    assert style.cssText == css_text and len(style) == 4
    assert list(style) == ["margin-top", "margin-right", "margin-bottom", "margin-left"]
    assert style.getPropertyValue("margin") == css_text.removeprefix("margin: ").removesuffix(";")


def test_shorthand_cases_that_need_longhands() -> None:
    style = _element("margin-top: 1px; margin-right: 1px; margin-bottom: 1px").style
    assert style.margin == "" and style.cssText == "margin-top: 1px; margin-right: 1px; margin-bottom: 1px;"
    style = _element("margin: 1px; margin-top: 2px !important").style
    assert style.margin == "" and style.getPropertyPriority("margin") == ""
    # a later declaration of a property replaces the earlier one and moves last
    assert style.cssText == "margin-right: 1px; margin-bottom: 1px; margin-left: 1px; margin-top: 2px !important;"
    style = _element("margin: 1px !important").style
    assert style.getPropertyPriority("margin") == "important" and style.cssText == "margin: 1px !important;"
    # other shorthands and values that need a grammar are kept as written
    style = _element("border: 1px solid red; padding: var(--p); font: 12px/1.5 serif").style
    assert style.cssText == "border: 1px solid red; padding: var(--p); font: 12px / 1.5 serif;"
    assert style.padding == "var(--p)" and style.paddingTop == ""
    style.padding = "1px"
    assert style.cssText == "border: 1px solid red; font: 12px / 1.5 serif; padding: 1px;"
    assert style.removeProperty("padding") == "1px" and "padding-top" not in style
    assert _element("inset: 0 auto").style.cssText == "inset: 0px auto;"
    assert _element("border-width: 1px 2px").style.borderLeftWidth == "2px"


def test_length_item_indexing() -> None:
    style = _element("color: red; --x: 1; float: left").style
    assert style.length == len(style) == 3
    assert [style.item(i) for i in range(4)] == ["color", "--x", "float", ""]
    assert style[0] == "color" and style[-1] == "float" and style[0:2] == ["color", "--x"]
    with pytest.raises(IndexError):
        style[3]
    assert style["color"] == "red" and style["--x"] == "1"
    assert "color" in style and "COLOR" in style and "width" not in style
    assert style.item(2**32 + 1) == "--x"  # unsigned long conversion


def test_property_access_names() -> None:
    style = _element("background-color: red; float: left; -webkit-transform: none; --my-var: 3").style
    assert style.backgroundColor == "red" and getattr(style, "background-color") == "red"
    assert style.cssFloat == "left" and style.webkitTransform == "none" and style.WebkitTransform == "none"
    assert style.getPropertyValue("--my-var") == "3" and style.getPropertyValue("--MY-VAR") == ""
    assert style.getPropertyValue("BACKGROUND-COLOR") == "red"
    setattr(style, "border-top-color", "blue")
    assert style.borderTopColor == "blue"
    style.cssFloat = "right"
    assert style.getPropertyValue("float") == "right"
    style.backgroundColor = None  # [LegacyNullToEmptyString]: removes
    assert "background-color" not in style
    with pytest.raises(AttributeError):
        style._missing  # noqa: B018


def test_set_property() -> None:
    element = _element("color: red; width: 1px")
    style = element.style
    style.setProperty("color", "blue")  # in place: the position is kept
    assert element.getAttribute("style") == "color: blue; width: 1px;"
    style.setProperty("color", "green", "IMPORTANT")
    assert style.getPropertyPriority("color") == "important"
    style.setProperty("color", "green", "bogus")  # an unknown priority: ignored
    style.setProperty("color", "red !important")  # not a value
    style.setProperty("color", "red; width: 2px")
    style.setProperty("color", "")  # removes
    assert element.getAttribute("style") == "width: 1px;"
    style.setProperty("1bad", "x")
    style.setProperty("--Custom", "  a  b ")
    assert style.getPropertyValue("--Custom") == "a  b"
    style.setProperty("width", 5)  # a quirks-mode document: the unitless length quirk
    assert style.width == "5px"
    assert element.getAttribute("style") == "width: 5px; --Custom: a  b;"


def test_remove_property() -> None:
    element = _element("color: red !important; width: 1px")
    style = element.style
    assert style.removeProperty("COLOR") == "red"
    assert element.getAttribute("style") == "width: 1px;"
    assert style.removeProperty("color") == ""
    del style.width
    assert element.getAttribute("style") == ""  # the attribute stays, empty


def test_attribute_changes_are_reparsed() -> None:
    element = _element("color: red")
    style = element.style
    assert style.color == "red"
    element.setAttribute("style", "color: blue")
    assert style.color == "blue"
    element.removeAttribute("style")
    assert style.cssText == ""
    style.cssText = "width: 1px; bogus"
    assert element.getAttribute("style") == "width: 1px;"
    style.cssText = None
    assert element.getAttribute("style") == ""


def test_mutation_records() -> None:
    element = _element("color: red")
    observer = dom.MutationObserver(lambda records, observer: None)
    observer.observe(element, {"attributes": True, "attributeOldValue": True})
    element.style.color = "blue"
    records = observer.takeRecords()
    assert [(r.attributeName, r.oldValue) for r in records] == [("style", "color: red")]


def test_style_is_html_only() -> None:
    document = dom.parse_xml("<r xmlns='urn:x' style='color: red'/>")
    assert not hasattr(document.documentElement, "style")


def test_hostile_input_is_linear() -> None:
    element = _element("; ".join(f"--p{i}: {i}" for i in range(5000)) + "; margin: " + "1px " * 5000)
    style = element.style
    assert len(style) == 5000 and style.item(4999) == "--p4999" and "margin-top" not in style  # 5000 parts: invalid
