"""Node.compareDocumentPosition, sibling navigation, baseURI and the namespace lookups.

Ports of what WPT dom/nodes/Node-compareDocumentPosition.html, Node-lookupNamespaceURI.html,
Node-isDefaultNamespace and Node-baseURI.html check, on our own test trees.
"""

from __future__ import annotations

import itertools

import pytest

import dom
from dom import Node

HTML = "http://www.w3.org/1999/xhtml"
SVG = "http://www.w3.org/2000/svg"
XMLNS = "http://www.w3.org/2000/xmlns/"


def _tree() -> dom.Document:
    doc = dom.parse_html(
        "<!DOCTYPE html><!--top--><html><head><title>t</title></head><body>"
        "a<p id=p1>one<b>two</b>three<!--c-->four</p>b<svg><g/></svg><div><span>x</span></div>"
        "</body></html>"
    )
    p = doc.getElementById("p1")
    p.appendChild(doc.createTextNode("five"))  # a two-Text run at the end of p
    p.insertBefore(doc.createTextNode(""), p.firstChild)  # an empty Text in a run
    return doc


def _tree_order(root: Node) -> list[Node]:
    out: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(list(node.childNodes)))
    return out


def test_siblings_agree_with_child_lists() -> None:
    doc = _tree()
    for node in _tree_order(doc):
        kids = list(node.childNodes)
        for i, kid in enumerate(kids):
            assert kid.previousSibling is (kids[i - 1] if i else None), (node, i)
            assert kid.nextSibling is (kids[i + 1] if i + 1 < len(kids) else None), (node, i)
            assert kid.parentNode is node


def test_compare_document_position_all_pairs() -> None:
    doc = _tree()
    nodes = _tree_order(doc)
    index = {id(n): i for i, n in enumerate(nodes)}
    checked = 0
    for a, b in itertools.product(nodes, nodes):
        got = a.compareDocumentPosition(b)
        if a is b:
            expected = 0
        elif a.contains(b):
            expected = Node.DOCUMENT_POSITION_CONTAINED_BY | Node.DOCUMENT_POSITION_FOLLOWING
        elif b.contains(a):
            expected = Node.DOCUMENT_POSITION_CONTAINS | Node.DOCUMENT_POSITION_PRECEDING
        elif index[id(b)] < index[id(a)]:
            expected = Node.DOCUMENT_POSITION_PRECEDING
        else:
            expected = Node.DOCUMENT_POSITION_FOLLOWING
        assert got == expected, (a, b, got, expected)
        checked += 1
    print(f"compareDocumentPosition: {checked}/{checked} pairs")


def test_compare_document_position_disconnected_is_consistent() -> None:
    doc = _tree()
    other = doc.createElement("div")
    ab = doc.body.compareDocumentPosition(other)
    ba = other.compareDocumentPosition(doc.body)
    flags = Node.DOCUMENT_POSITION_DISCONNECTED | Node.DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC
    assert ab & flags == flags and ba & flags == flags
    order = Node.DOCUMENT_POSITION_PRECEDING | Node.DOCUMENT_POSITION_FOLLOWING
    assert ab & order and ba & order and (ab & order) != (ba & order)
    assert doc.body.compareDocumentPosition(other) == ab  # stable


def test_compare_document_position_attributes() -> None:
    doc = dom.parse_html("<div a=1 b=2><span c=3></span></div>")
    div = doc.querySelector("div")
    span = doc.querySelector("span")
    a, b, c = div.getAttributeNode("a"), div.getAttributeNode("b"), span.getAttributeNode("c")
    impl = Node.DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC
    assert a.compareDocumentPosition(b) == impl | Node.DOCUMENT_POSITION_FOLLOWING
    assert b.compareDocumentPosition(a) == impl | Node.DOCUMENT_POSITION_PRECEDING
    assert div.compareDocumentPosition(a) == Node.DOCUMENT_POSITION_CONTAINED_BY | Node.DOCUMENT_POSITION_FOLLOWING
    assert a.compareDocumentPosition(div) == Node.DOCUMENT_POSITION_CONTAINS | Node.DOCUMENT_POSITION_PRECEDING
    assert a.compareDocumentPosition(c) == Node.DOCUMENT_POSITION_FOLLOWING
    assert c.compareDocumentPosition(a) == Node.DOCUMENT_POSITION_PRECEDING
    assert span.compareDocumentPosition(a) == Node.DOCUMENT_POSITION_PRECEDING
    with pytest.raises(TypeError):
        div.compareDocumentPosition(None)


def test_base_uri() -> None:
    doc = dom.parse_html("<base href='/x/'><p>", url="https://example.com/a/b?q")
    assert doc.baseURI == "https://example.com/x/"
    assert doc.querySelector("p").baseURI == "https://example.com/x/"
    assert doc.createTextNode("t").baseURI == "https://example.com/x/"
    doc.querySelector("base").remove()
    assert doc.querySelector("p").baseURI == "https://example.com/a/b?q"
    assert dom.Document().baseURI == "about:blank"


@pytest.fixture
def xml_tree() -> tuple[dom.Document, dom.Element, dom.Element]:
    doc = dom.DOMImplementation(dom.Document()).createDocument("urn:root", "r:root", None) if False else None
    doc = dom.Document().implementation.createDocument("urn:root", "r:root", None)
    root = doc.documentElement
    root.setAttributeNS(XMLNS, "xmlns:foo", "urn:foo")
    root.setAttributeNS(XMLNS, "xmlns", "urn:default")
    child = doc.createElementNS("urn:child", "c:child")
    root.appendChild(child)
    return doc, root, child


def test_lookup_namespace_uri(xml_tree: tuple[dom.Document, dom.Element, dom.Element]) -> None:
    doc, root, child = xml_tree
    cases = [
        (root, "r", "urn:root"),
        (root, "foo", "urn:foo"),
        (root, None, "urn:default"),
        (root, "", "urn:default"),
        (root, "xml", "http://www.w3.org/XML/1998/namespace"),
        (root, "xmlns", XMLNS),
        (root, "nope", None),
        (child, "c", "urn:child"),
        (child, "r", "urn:root"),
        (child, "foo", "urn:foo"),
        (child, None, "urn:default"),
        (doc, "foo", "urn:foo"),
        (doc.createComment("x"), "foo", None),
        (doc.createDocumentFragment(), "foo", None),
    ]
    for node, prefix, expected in cases:
        assert node.lookupNamespaceURI(prefix) == expected, (node, prefix)
    text = doc.createTextNode("t")
    child.appendChild(text)
    assert text.lookupNamespaceURI("c") == "urn:child"
    attr = root.getAttributeNodeNS(XMLNS, "foo")
    assert attr.lookupNamespaceURI("r") == "urn:root"
    # an empty xmlns declaration unsets the default namespace
    child.setAttributeNS(XMLNS, "xmlns", "")
    assert child.lookupNamespaceURI(None) is None


def test_lookup_prefix_and_default(xml_tree: tuple[dom.Document, dom.Element, dom.Element]) -> None:
    doc, root, child = xml_tree
    assert root.lookupPrefix("urn:root") == "r"
    assert root.lookupPrefix("urn:foo") == "foo"
    assert child.lookupPrefix("urn:foo") == "foo"
    assert child.lookupPrefix("urn:child") == "c"
    assert child.lookupPrefix("urn:default") is None  # the default namespace has no prefix
    assert child.lookupPrefix(None) is None and child.lookupPrefix("") is None
    assert doc.lookupPrefix("urn:foo") == "foo"
    assert doc.doctype is None
    assert root.isDefaultNamespace("urn:default")
    assert not root.isDefaultNamespace("urn:root")
    assert not child.isDefaultNamespace("urn:child")  # prefixed
    assert dom.Document().isDefaultNamespace(None)


def test_html_document_lookups() -> None:
    doc = dom.parse_html("<p><svg><g/></svg>")
    p = doc.querySelector("p")
    g = doc.querySelector("g")
    assert p.lookupNamespaceURI(None) == HTML
    assert p.isDefaultNamespace(HTML)
    assert g.lookupNamespaceURI(None) == SVG
    assert g.isDefaultNamespace(SVG)
    assert doc.isDefaultNamespace(HTML)
    assert doc.doctype is None or doc.doctype.lookupNamespaceURI(None) is None


def test_siblings_on_large_flat_tree_are_linear() -> None:
    doc = dom.parse_html("<div>" + "<i></i>x" * 20000 + "</div>")
    div = doc.querySelector("div")
    count = 0
    node = div.firstChild
    while node is not None:
        count += 1
        node = node.nextSibling
    assert count == 40000
    node = div.lastChild
    while node is not None:
        count -= 1
        node = node.previousSibling
    assert count == 0
