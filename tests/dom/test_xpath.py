"""Document.evaluate / createExpression / XPathResult (https://dom.spec.whatwg.org/#xpath),
behaviours from WPT domxpath/*.html (result types, iterator invalidation, resolvers, errors)."""

from __future__ import annotations

import pytest

import dom
from dom.xpath import XPathEvaluator, XPathResult
from webidl import DOMException

SVG = "http://www.w3.org/2000/svg"


@pytest.fixture
def doc() -> dom.Document:
    return dom.parse_html("<p id=a class=x>one<b>two</b>three</p><p id=b>four</p><svg><g id=s></g></svg>")


def test_node_set_results(doc: dom.Document) -> None:
    result = doc.evaluate("//p", doc)
    assert result.resultType == XPathResult.UNORDERED_NODE_ITERATOR_TYPE
    first = result.iterateNext()
    assert first is doc.getElementById("a")
    assert result.iterateNext() is doc.getElementById("b") and result.iterateNext() is None
    snapshot = doc.evaluate("//p", doc, None, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE)
    assert snapshot.snapshotLength == 2 and snapshot.snapshotItem(5) is None
    assert doc.evaluate("//b", doc, None, XPathResult.FIRST_ORDERED_NODE_TYPE).singleNodeValue.localName == "b"
    assert doc.evaluate("//nothing", doc, None, 9).singleNodeValue is None


def test_scalar_results(doc: dom.Document) -> None:
    assert doc.evaluate("count(//p)", doc).numberValue == 2.0
    assert doc.evaluate("//p", doc, None, XPathResult.STRING_TYPE).stringValue == "onetwothree"
    assert doc.evaluate("//p", doc, None, XPathResult.NUMBER_TYPE).numberValue != doc.evaluate("1", doc).numberValue
    assert doc.evaluate("//p", doc, None, XPathResult.BOOLEAN_TYPE).booleanValue is True
    assert doc.evaluate("//q", doc, None, XPathResult.BOOLEAN_TYPE).booleanValue is False
    assert doc.evaluate("name(.)", doc.querySelector("b"), None, 2).stringValue == "b"
    with pytest.raises(TypeError):
        _ = doc.evaluate("count(//p)", doc).stringValue
    with pytest.raises(TypeError):
        doc.evaluate("count(//p)", doc, None, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE)
    with pytest.raises(TypeError):
        _ = doc.evaluate("//p", doc).snapshotLength


def test_text_and_attribute_nodes_map_to_dom_nodes(doc: dom.Document) -> None:
    texts = list(doc.evaluate("//p/text()", doc, None, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE))
    p = doc.getElementById("a")
    assert texts[0] is p.firstChild and texts[1] is p.lastChild and texts[2] is doc.getElementById("b").firstChild
    attr = doc.evaluate("//p/@class", doc, None, 9).singleNodeValue
    assert attr is p.getAttributeNode("class")
    p.appendChild(doc.createTextNode("more"))  # a two-node run: XPath sees one text node
    run = list(doc.evaluate("text()", p, None, 7))
    assert run == [p.firstChild, p.childNodes[2]]


def test_namespaces_and_resolvers(doc: dom.Document) -> None:
    g = doc.getElementById("s")
    assert doc.evaluate("//svg:g", doc, lambda prefix: SVG if prefix == "svg" else None, 9).singleNodeValue is g

    class Resolver:
        def lookupNamespaceURI(self, prefix: str) -> str | None:
            return SVG if prefix == "s" else None

    assert doc.evaluate("//s:g[@id='s']", doc, Resolver(), 9).singleNodeValue is g
    xml = dom.parse_xml('<r xmlns:k="urn:k"><k:c/><k:c/></r>')
    assert xml.evaluate("count(//k:c)", xml, xml.documentElement, 1).numberValue == 2  # a node's scope
    assert doc.createNSResolver(g) is g
    for bad in ("//svg:g", "//x:g"):
        with pytest.raises(DOMException) as info:
            doc.evaluate(bad, doc, (lambda p: None) if bad == "//x:g" else None)
        assert info.value.name == "NamespaceError"
    assert doc.evaluate("//p[@class='a:b']", doc).iterateNext() is None  # prefixes in strings are text


def test_errors_and_invalidation(doc: dom.Document) -> None:
    for bad in ("//p[", "", "1 +", "bogus-fn()"):
        with pytest.raises(DOMException) as info:
            doc.evaluate(bad, doc)
        assert info.value.name == "SyntaxError"
    iterator = doc.evaluate("//p", doc)
    iterator.iterateNext()
    doc.body.append("x")
    assert iterator.invalidIteratorState
    with pytest.raises(DOMException) as info:
        iterator.iterateNext()
    assert info.value.name == "InvalidStateError"
    snapshot = doc.evaluate("//p", doc, None, 7)
    doc.body.append("y")
    assert snapshot.snapshotItem(0) is doc.getElementById("a")  # snapshots are not invalidated
    with pytest.raises(TypeError):
        doc.evaluate("//p", "not a node")
    with pytest.raises(DOMException):
        doc.evaluate("//p", doc, None, 42)


def test_expression_objects_and_evaluator(doc: dom.Document) -> None:
    expression = doc.createExpression("//b")
    assert expression.evaluate(doc, 9).singleNodeValue.localName == "b"
    assert expression.evaluate(doc.getElementById("b"), 9).singleNodeValue.localName == "b"
    assert XPathEvaluator().evaluate("count(//*)", doc).numberValue == len(doc.querySelectorAll("*"))
    relative = doc.createExpression("b")
    assert relative.evaluate(doc.getElementById("a"), 9).singleNodeValue.localName == "b"
    with pytest.raises(DOMException):
        relative.evaluate(doc.getElementById("a").firstChild, 9)  # Text context, relative path
    assert doc.evaluate("//b", doc.getElementById("a").firstChild, None, 9).singleNodeValue.localName == "b"
    xml = dom.parse_xml("<r><c/><c/></r>")
    assert xml.evaluate("count(/r/c)", xml).numberValue == 2
