"""Ports of what WPT dom/nodes and dom/collections check about node contents and lists, as tables,
with printed counts: Text-splitText, CharacterData-*, Node-normalize, Node-textContent,
Node-nodeValue, Element-getElementsByTagName(NS), getElementsByClassName, HTMLCollection-*, live and
static NodeLists, the node properties per node type.

Written from the current DOM Standard (https://dom.spec.whatwg.org/); the cases are our own.  The
names, DOMImplementation, insertion, cloning and adoption ports, and the helpers shared here, are in
test_wpt_nodes.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import dom
from tests.conftest import CaseCounts
from tests.dom.nodes.test_wpt_nodes import HTML, SVG, _error_name, _html
from webidl import DOMException

_record = CaseCounts("WPT dom/nodes ports")


# ---------------------------------------------------------------------------------------------
# Text, CharacterData, normalize (Text-splitText.html, CharacterData-*.html, Node-normalize.html)
# ---------------------------------------------------------------------------------------------

SPLIT_CASES = [("abcdef", 0), ("abcdef", 3), ("abcdef", 6), ("a\U0001f600b", 1), ("a\U0001f600b", 3), ("", 0)]


@pytest.mark.parametrize(("data", "offset"), SPLIT_CASES)
def test_split_text(data: str, offset: int) -> None:
    doc = _html()
    parent = doc.createElement("p")
    text = parent.appendChild(doc.createTextNode(data))
    after = parent.appendChild(doc.createElement("b"))
    units = data.encode("utf-16-le")
    head = units[: 2 * offset].decode("utf-16-le")
    tail = units[2 * offset :].decode("utf-16-le")
    new = text.splitText(offset)
    ok = (text.data, new.data) == (head, tail)
    ok = ok and text.nextSibling is new and new.nextSibling is after and new.parentNode is parent
    ok = ok and parent.childNodes.length == 3 and parent.textContent == data
    _record("splitText", ok)
    assert ok


def test_split_text_errors_and_detached() -> None:
    doc = _html()
    text = doc.createTextNode("abc")
    checks = [
        _error_name(lambda: text.splitText(4)) == "IndexSizeError",
        _error_name(lambda: text.splitText(-1)) == "IndexSizeError",  # ToUint32(-1) is huge
    ]
    new = text.splitText(1)
    checks.append(new.parentNode is None and (text.data, new.data) == ("a", "bc"))
    for ok in checks:
        _record("splitText", ok)
    assert all(checks)


CD_CASES: list[tuple[str, str, tuple[Any, ...], str | None, str]] = [
    ("appendData", "test", ("ing",), None, "testing"),
    ("appendData", "test", ("",), None, "test"),
    ("appendData", "test", (None,), None, "testnull"),
    ("insertData", "test", (0, "X"), None, "Xtest"),
    ("insertData", "test", (4, "X"), None, "testX"),
    ("insertData", "test", (5, "X"), "IndexSizeError", "test"),
    ("deleteData", "test", (1, 2), None, "tt"),
    ("deleteData", "test", (1, 100), None, "t"),
    ("deleteData", "test", (4, 1), None, "test"),
    ("deleteData", "test", (5, 1), "IndexSizeError", "test"),
    ("replaceData", "test", (1, 2, "XYZ"), None, "tXYZt"),
    ("replaceData", "test", (0, 100, ""), None, ""),
    ("replaceData", "test", (4, 0, "!"), None, "test!"),
    ("replaceData", "test", (5, 0, "!"), "IndexSizeError", "test"),
    ("deleteData", "\U0001f600x", (0, 1), None, "\ude00x"),
    ("insertData", "\U0001f600", (1, "-"), None, "\ud83d-\ude00"),
    ("replaceData", "a\U0001f600b", (1, 2, ""), None, "ab"),
]


@pytest.mark.parametrize(("method", "data", "args", "error", "result"), CD_CASES)
def test_character_data_methods(method: str, data: str, args: tuple[Any, ...], error: str | None, result: str) -> None:
    doc = _html()
    for node in (doc.createTextNode(data), doc.createComment(data)):
        got = _error_name(lambda n=node: getattr(n, method)(*args))  # type: ignore[misc]
        ok = got == error and node.data == result
        _record("CharacterData methods", ok)
        assert ok, (node, method, args, got, node.data)


@pytest.mark.parametrize(
    ("data", "offset", "count", "expected"),
    [("test", 0, 2, "te"), ("test", 2, 100, "st"), ("test", 4, 1, ""), ("a\U0001f600", 1, 1, "\ud83d"),
     ("a\U0001f600", 1, 2, "\U0001f600"), ("test", 5, 0, "IndexSizeError")],
)
def test_substring_data(data: str, offset: int, count: int, expected: str) -> None:
    node = _html().createTextNode(data)
    try:
        got = node.substringData(offset, count)
    except DOMException as error:
        got = error.name
    _record("substringData", got == expected)
    assert got == expected


def test_character_data_length_and_setters() -> None:
    doc = _html()
    text = doc.createTextNode("a\U0001f600")
    checks = [text.length == 3]
    text.data = None  # [LegacyNullToEmptyString]
    checks.append(text.data == "")
    text.nodeValue = 5
    checks.append(text.data == "5")
    text.textContent = None
    checks.append(text.data == "")
    comment = doc.createComment("x")
    comment.textContent = "y"
    checks.append(comment.data == "y" and comment.nodeValue == "y")
    for ok in checks:
        _record("CharacterData setters", ok)
    assert all(checks)


def test_normalize() -> None:
    doc = _html()
    div = doc.createElement("div")
    div.append("a", "", "b")
    span = div.appendChild(doc.createElement("span"))
    span.append("", "c", "d", "")
    div.append("", "e")
    empty_only = div.appendChild(doc.createElement("i"))
    empty_only.appendChild(doc.createTextNode(""))
    first = div.firstChild
    div.normalize()
    checks = [
        [n.nodeName for n in div.childNodes] == ["#text", "SPAN", "#text", "I"],
        div.firstChild is first and first.data == "ab",
        [n.data for n in span.childNodes] == ["cd"],
        div.childNodes[2].data == "e",
        empty_only.childNodes.length == 0,
        div.textContent == "abcde",
    ]
    for ok in checks:
        _record("normalize", ok)
    assert all(checks)


def test_whole_text() -> None:
    doc = _html()
    p = doc.createElement("p")
    p.append("a", doc.createComment("c"), "b", "c")
    p.append(doc.createElement("i"), "d")
    texts = [n for n in p.childNodes if n.nodeType == 3]
    checks = [texts[0].wholeText == "a", texts[1].wholeText == "bc", texts[2].wholeText == "bc", texts[3].wholeText == "d"]
    for ok in checks:
        _record("wholeText", ok)
    assert all(checks)


# ---------------------------------------------------------------------------------------------
# textContent / nodeValue per node type (Node-textContent.html, Node-nodeValue.html)
# ---------------------------------------------------------------------------------------------

def test_text_content_and_node_value_per_kind() -> None:
    doc = _html()
    element = doc.createElement("div")
    element.innerHTML = "a<b>b<!--c-->d</b><?pi x?>e"
    fragment = doc.createDocumentFragment()
    fragment.append("x", doc.createElement("y"))
    fragment.lastChild.textContent = "z"
    doctype = doc.doctype
    checks = [
        element.textContent == "abde",
        element.nodeValue is None,
        fragment.textContent == "xz",
        doc.textContent is None and doc.nodeValue is None,
        doctype.textContent is None and doctype.nodeValue is None,
        doc.createComment("c").textContent == "c",
        doc.createProcessingInstruction("t", "d").textContent == "d",
    ]
    element.nodeValue = "ignored"
    checks.append(element.textContent == "abde")
    doc.textContent = "ignored"
    checks.append(doc.documentElement is not None)
    element.textContent = ""
    checks.append(element.childNodes.length == 0)
    element.textContent = None
    checks.append(element.childNodes.length == 0)
    element.textContent = 42
    checks.append(element.childNodes.length == 1 and element.firstChild.data == "42")
    attr = doc.createAttribute("a")
    attr.textContent = "v"
    checks.append(attr.value == "v" and attr.nodeValue == "v")
    for ok in checks:
        _record("textContent/nodeValue", ok)
    assert all(checks)


# ---------------------------------------------------------------------------------------------
# Live collections (Element-getElementsByTagName.html, getElementsByClassName-*.html,
# HTMLCollection-*.html, NodeList live/static)
# ---------------------------------------------------------------------------------------------

def test_get_elements_by_tag_name_html_rules() -> None:
    doc = dom.parse_html("<div></div><DIV></DIV><svg><foreignObject/></svg>")
    svg = doc.querySelector("svg")
    svg_lower = svg.appendChild(doc.createElementNS(SVG, "div"))
    svg_upper = svg.appendChild(doc.createElementNS(SVG, "DIV"))
    upper_html = doc.body.appendChild(doc.createElementNS(HTML, "DIV"))  # HTML, uppercase local name
    html_divs = list(doc.body.children)[:2]
    by_lower = doc.getElementsByTagName("div")
    by_upper = doc.getElementsByTagName("DIV")
    checks = [
        # HTML elements compare with the lowercased name, others with the name as given
        list(by_lower) == [*html_divs, svg_lower],
        list(by_upper) == [*html_divs, svg_upper],
        upper_html not in list(by_lower) and upper_html not in list(by_upper),
        len(doc.getElementsByTagName("foreignObject")) == 1,
        len(doc.getElementsByTagName("foreignobject")) == 0,
        len(doc.getElementsByTagName("*")) == len(doc.querySelectorAll("*")),
    ]
    count = len(by_lower)
    doc.body.appendChild(doc.createElement("div"))
    checks.append(len(by_lower) == count + 1)
    for ok in checks:
        _record("getElementsByTagName", ok)
    assert all(checks), checks


def test_get_elements_by_tag_name_ns() -> None:
    doc = dom.parse_html("<p></p><svg><g></g></svg>")
    doc.querySelector("g").appendChild(doc.createElementNS(SVG, "p"))
    checks = [
        len(doc.getElementsByTagNameNS(HTML, "p")) == 1,
        len(doc.getElementsByTagNameNS(SVG, "*")) == 3,
        len(doc.getElementsByTagNameNS("*", "p")) == 2,
        len(doc.getElementsByTagNameNS("", "p")) == 0,
        len(doc.getElementsByTagNameNS(None, "*")) == 0,
    ]
    for ok in checks:
        _record("getElementsByTagNameNS", ok)
    assert all(checks), checks


def test_get_elements_by_class_name() -> None:
    standards = dom.parse_html("<!DOCTYPE html><p class='a b'></p><p class='A'></p><p class='b\ta'></p><svg class='a'></svg>")
    quirks = dom.parse_html("<p class='a b'></p><p class='A'></p>")
    checks = [
        len(standards.getElementsByClassName("a")) == 3,
        len(standards.getElementsByClassName("A")) == 1,
        len(standards.getElementsByClassName("a b")) == 2,
        len(standards.getElementsByClassName(" b  a ")) == 2,
        len(standards.getElementsByClassName("")) == 0,
        len(standards.getElementsByClassName("  ")) == 0,
        len(quirks.getElementsByClassName("a")) == 2,  # quirks mode: ASCII case-insensitive
    ]
    live = standards.getElementsByClassName("new")
    standards.body.firstChild.className = "new"
    checks.append(len(live) == 1)
    for ok in checks:
        _record("getElementsByClassName", ok)
    assert all(checks)


def test_html_collection_named_items_and_names() -> None:
    doc = dom.parse_html(
        "<div id=one name=n1></div><a name=two></a><a id=two></a><span name=three></span>"
        "<svg><g id=svgid name=svgname></g></svg><img name=''>"
    )
    all_elements = doc.getElementsByTagName("*")
    body_kids = doc.body.children
    checks = [
        all_elements.namedItem("one").localName == "div",
        all_elements.namedItem("two").localName == "a" and all_elements.namedItem("two").getAttribute("name") == "two",
        all_elements.namedItem("three") is not None,  # name counts for HTML elements of any kind
        all_elements.namedItem("n1").localName == "div",
        all_elements.namedItem("svgid") is not None,
        all_elements.namedItem("svgname") is None,  # name only counts for HTML elements
        all_elements.namedItem("") is None,
        body_kids["one"] is body_kids.namedItem("one"),
    ]
    checks.append(body_kids.supported_property_names() == ["one", "n1", "two", "three"])
    checks.append(all_elements.supported_property_names() == ["one", "n1", "two", "three", "svgid"])
    checks.append(body_kids.item(100) is None and body_kids[0].localName == "div")
    with pytest.raises(IndexError):
        body_kids[100]
    for ok in checks:
        _record("HTMLCollection named", ok)
    assert all(checks)


def test_live_vs_static_node_lists() -> None:
    doc = dom.parse_html("<ul><li>1</li><li>2</li></ul>")
    ul = doc.querySelector("ul")
    live = ul.childNodes
    static = doc.querySelectorAll("li")
    children = ul.children
    ul.appendChild(doc.createElement("li"))
    ul.firstChild.remove()
    checks = [
        live is ul.childNodes and children is ul.children,
        live.length == 2 and children.length == 2,
        static.length == 2 and static[0].parentNode is None,
        list(live) == [live[0], live[1]],
        live.item(5) is None,
    ]
    for ok in checks:
        _record("live/static lists", ok)
    assert all(checks)


# ---------------------------------------------------------------------------------------------
# Node properties per node type (Node-nodeName.html, Node-properties.html)
# ---------------------------------------------------------------------------------------------

def test_node_properties() -> None:
    doc = _html()
    element = doc.createElementNS(SVG, "svg:rect")
    text = doc.createTextNode("t")
    comment = doc.createComment("c")
    pi = doc.createProcessingInstruction("target", "d")
    fragment = doc.createDocumentFragment()
    cases = [
        (doc, 9, "#document", None),
        (doc.doctype, 10, "html", None),
        (element, 1, "svg:rect", None),
        (text, 3, "#text", "t"),
        (comment, 8, "#comment", "c"),
        (pi, 7, "target", "d"),
        (fragment, 11, "#document-fragment", None),
        (doc.createAttribute("a"), 2, "a", ""),
    ]
    for node, kind, name, value in cases:
        ok = (node.nodeType, node.nodeName, node.nodeValue) == (kind, name, value)
        ok = ok and node.ownerDocument is (None if node is doc else doc)
        ok = ok and (node.parentNode is None if node not in (doc.doctype,) else node.parentNode is doc)
        _record("node properties", ok)
        assert ok, node
