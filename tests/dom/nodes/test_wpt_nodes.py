"""Ports of what WPT dom/nodes checks about making, inserting, cloning and adopting nodes, as tables,
with printed counts.

Written from the current DOM Standard (https://dom.spec.whatwg.org/) and the behaviours the WPT
files test (Document-createElement(NS), DOMImplementation-create*, Node-insertBefore /
appendChild / replaceChild / removeChild and pre-insertion-validation-*, Node-cloneNode,
ParentNode-append / prepend / replaceChildren, ChildNode-before / after / replaceWith,
Document-importNode / adoptNode).  The cases are our own.  Text, CharacterData, textContent,
collections and node properties are in test_wpt_text_and_collections.py, which shares this
module's helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import dom
from tests.conftest import CaseCounts
from webidl import DOMException

HTML = "http://www.w3.org/1999/xhtml"
SVG = "http://www.w3.org/2000/svg"
MATHML = "http://www.w3.org/1998/Math/MathML"
XML_NS = "http://www.w3.org/XML/1998/namespace"
XMLNS = "http://www.w3.org/2000/xmlns/"

_record = CaseCounts("WPT dom/nodes ports")


def _error_name(call: Callable[[], Any]) -> str | None:
    try:
        call()
    except DOMException as error:
        return error.name
    except TypeError:
        return "TypeError"
    return None


def _html() -> dom.Document:
    return dom.Document().implementation.createHTMLDocument("title")


# ---------------------------------------------------------------------------------------------
# Names (Document-createElement.html, Document-createElementNS.js, attributes.html)
# ---------------------------------------------------------------------------------------------

CREATE_ELEMENT = [
    ("a", None), ("A", None), ("a1", None), ("a-b", None), ("a.b", None), ("a:b", None),
    ("a\u00b7", None), ("\u00e9", None), ("\U0001f600", None), (":a", None), ("_a", None),
    ("a\"b", None), ("a'b", None), ("a=b", None), ("a\u00a0", None), ("a-", None),
    ("", "InvalidCharacterError"), ("1a", "InvalidCharacterError"), ("-a", "InvalidCharacterError"),
    (".a", "InvalidCharacterError"), ("a b", "InvalidCharacterError"), ("a\tb", "InvalidCharacterError"),
    ("a/b", "InvalidCharacterError"), ("a>b", "InvalidCharacterError"), ("a\x00", "InvalidCharacterError"),
    (":a\"", "InvalidCharacterError"), ("_a b", "InvalidCharacterError"), ("\u00e9 ", "InvalidCharacterError"),
    ("<a", "InvalidCharacterError"), ("\u00e9<", "InvalidCharacterError"), ("@a", "InvalidCharacterError"),
]


@pytest.mark.parametrize(("name", "error"), CREATE_ELEMENT)
def test_create_element_names(name: str, error: str | None) -> None:
    doc = _html()
    got = _error_name(lambda: doc.createElement(name))
    _record("createElement names", got == error)
    assert got == error
    if error is None:
        element = doc.createElement(name)
        lower = name.lower() if name.isascii() else "".join(c.lower() if c.isascii() else c for c in name)
        assert element.localName == lower and element.namespaceURI == HTML and element.prefix is None


CREATE_ELEMENT_NS = [
    (None, "a", None, (None, None, "a")),
    ("", "a", None, (None, None, "a")),
    (HTML, "p", None, (HTML, None, "p")),
    (HTML, "h:p", None, (HTML, "h", "p")),
    ("urn:x", "x:y", None, ("urn:x", "x", "y")),
    ("urn:x", "x:y:z", None, ("urn:x", "x", "y:z")),
    ("urn:x", ":y", "InvalidCharacterError", None),
    ("urn:x", "y:", "InvalidCharacterError", None),
    ("urn:x", "x y:z", "InvalidCharacterError", None),
    ("urn:x", "x:1", "InvalidCharacterError", None),
    ("urn:x", "", "InvalidCharacterError", None),
    (None, "x:y", "NamespaceError", None),
    ("", "x:y", "NamespaceError", None),
    ("urn:x", "xml:y", "NamespaceError", None),
    (XML_NS, "xml:y", None, (XML_NS, "xml", "y")),
    (XML_NS, "y", None, (XML_NS, None, "y")),
    ("urn:x", "xmlns", "NamespaceError", None),
    ("urn:x", "xmlns:y", "NamespaceError", None),
    (XMLNS, "xmlns", None, (XMLNS, None, "xmlns")),
    (XMLNS, "xmlns:y", None, (XMLNS, "xmlns", "y")),
    (XMLNS, "y", "NamespaceError", None),
    (XMLNS, "x:y", "NamespaceError", None),
    (SVG, "svg", None, (SVG, None, "svg")),
    (SVG, "foreignObject", None, (SVG, None, "foreignObject")),
    ("urn:x", "\u00e9:\u00e9", None, ("urn:x", "\u00e9", "\u00e9")),
    ("urn:x", "a>:b", "InvalidCharacterError", None),
    ("urn:x", "a:b>", "InvalidCharacterError", None),
]


@pytest.mark.parametrize(("namespace", "qualified", "error", "expected"), CREATE_ELEMENT_NS)
def test_create_element_ns(namespace: Any, qualified: str, error: str | None, expected: Any) -> None:
    for doc in (_html(), dom.Document()):
        got = _error_name(lambda d=doc: d.createElementNS(namespace, qualified))  # type: ignore[misc]
        ok = got == error
        if ok and expected is not None:
            element = doc.createElementNS(namespace, qualified)
            ok = (element.namespaceURI, element.prefix, element.localName) == expected
            # tagName is the qualified name, uppercased only for HTML elements of HTML documents
            upper = doc.contentType == "text/html" and namespace == HTML
            ok = ok and element.tagName == (qualified.upper() if upper else qualified)
        _record("createElementNS", ok)
        assert ok, (doc, namespace, qualified, got)


ATTRIBUTE_NAMES = [
    ("a", None), ("A", None), ("a:b", None), ("1", None), ("-", None), ("a\"b", None), ("a'b", None),
    ("\u00e9", None), ("a<b", None), ("", "InvalidCharacterError"), ("a b", "InvalidCharacterError"),
    ("a=b", "InvalidCharacterError"), ("a/b", "InvalidCharacterError"), ("a>b", "InvalidCharacterError"),
    ("a\x00", "InvalidCharacterError"), ("a\x0c", "InvalidCharacterError"),
]


@pytest.mark.parametrize(("name", "error"), ATTRIBUTE_NAMES)
def test_attribute_names(name: str, error: str | None) -> None:
    doc = _html()
    element = doc.createElement("div")
    checks = [
        _error_name(lambda: element.setAttribute(name, "v")) == error,
        _error_name(lambda: element.toggleAttribute(name)) == error,
        _error_name(lambda: doc.createAttribute(name)) == error,
    ]
    if error is None:
        checks.append(element.hasAttribute(name) is False)  # toggled on then off again
        element.setAttribute(name, "v")
        checks.append(element.getAttribute(name) == "v")
        checks.append(element.getAttributeNames() == [name.lower()])
    for ok in checks:
        _record("attribute names", ok)
    assert all(checks)


DOCTYPE_NAMES = [
    ("html", None), ("", None), ("a:b", None), ("1", None), ("<a", None), ("a b", "InvalidCharacterError"),
    ("a>", "InvalidCharacterError"), ("a\x00", "InvalidCharacterError"), ("a\t", "InvalidCharacterError"),
]


@pytest.mark.parametrize(("name", "error"), DOCTYPE_NAMES)
def test_doctype_names(name: str, error: str | None) -> None:
    impl = _html().implementation
    got = _error_name(lambda: impl.createDocumentType(name, "pub", "sys"))
    ok = got == error
    if ok and error is None:
        doctype = impl.createDocumentType(name, "pub", "sys")
        ok = (doctype.name, doctype.publicId, doctype.systemId, doctype.nodeName) == (name, "pub", "sys", name)
    _record("createDocumentType", ok)
    assert ok


@pytest.mark.parametrize(
    ("target", "data", "error"),
    [
        ("xml-stylesheet", "href='a'", None), ("x", "", None), ("x", "a?>", "InvalidCharacterError"),
        ("", "d", "InvalidCharacterError"), ("1x", "d", "InvalidCharacterError"),
        ("a b", "d", "InvalidCharacterError"), ("\u00e9", "d", None),
    ],
)
def test_create_processing_instruction(target: str, data: str, error: str | None) -> None:
    doc = dom.Document()
    got = _error_name(lambda: doc.createProcessingInstruction(target, data))
    _record("createProcessingInstruction", got == error)
    assert got == error


# ---------------------------------------------------------------------------------------------
# DOMImplementation (DOMImplementation-createDocument.html, -createHTMLDocument.html)
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("namespace", "qualified", "content_type"),
    [
        (HTML, "html", "application/xhtml+xml"),
        (SVG, "svg", "image/svg+xml"),
        (MATHML, "math", "application/xml"),
        ("urn:x", "x:root", "application/xml"),
        (None, "", "application/xml"),
        (None, "root", "application/xml"),
    ],
)
def test_create_document(namespace: Any, qualified: str, content_type: str) -> None:
    impl = _html().implementation
    doctype = impl.createDocumentType("d", "", "")
    doc = impl.createDocument(namespace, qualified, doctype)
    checks = [
        doc.contentType == content_type,
        doc.doctype is doctype and doctype.ownerDocument is doc,
        doc.URL == "about:blank" and doc.compatMode == "CSS1Compat" and doc.characterSet == "UTF-8",
        doc.firstChild is doctype,
    ]
    if qualified:
        checks.append(doc.documentElement.namespaceURI == (namespace or None))
        checks.append(doc.documentElement.tagName == qualified)
    else:
        checks.append(doc.documentElement is None)
    for ok in checks:
        _record("createDocument", ok)
    assert all(checks)


def test_create_html_document_shapes() -> None:
    impl = _html().implementation
    for title, expected in ((None, None), ("", ""), ("T \u00e9", "T \u00e9")):
        doc = impl.createHTMLDocument(title) if title is not None else impl.createHTMLDocument()
        names = [n.nodeName for n in doc.childNodes]
        head = [n.nodeName for n in doc.head.childNodes]
        checks = [
            names == ["html", "HTML"],
            doc.doctype.name == "html",
            head == ([] if expected is None else ["TITLE"]),
            doc.body is not None and doc.body.childNodes.length == 0,
            doc.title == (expected or ""),
            doc.contentType == "text/html" and doc.compatMode == "CSS1Compat",
        ]
        for ok in checks:
            _record("createHTMLDocument", ok)
        assert all(checks), title


# ---------------------------------------------------------------------------------------------
# Pre-insertion validity (Node-insertBefore.html, pre-insertion-validation-hierarchy.html,
# Node-replaceChild.html, Node-appendChild.html)
# ---------------------------------------------------------------------------------------------

def _kinds(doc: dom.Document) -> dict[str, Any]:
    return {
        "element": doc.createElement("i"),
        "text": doc.createTextNode("t"),
        "comment": doc.createComment("c"),
        "pi": doc.createProcessingInstruction("p", "d"),
        "doctype": doc.implementation.createDocumentType("html", "", ""),
        "fragment": doc.createDocumentFragment(),
        "document": dom.Document(),
    }


# (parent kind, node kind) -> exception name for appendChild on an empty-enough parent
APPEND_TABLE = {
    ("element", "element"): None, ("element", "text"): None, ("element", "comment"): None,
    ("element", "pi"): None, ("element", "doctype"): "HierarchyRequestError",
    ("element", "fragment"): None, ("element", "document"): "HierarchyRequestError",
    ("fragment", "element"): None, ("fragment", "text"): None, ("fragment", "doctype"): "HierarchyRequestError",
    ("fragment", "document"): "HierarchyRequestError",
    ("text", "element"): "HierarchyRequestError", ("comment", "text"): "HierarchyRequestError",
    ("pi", "comment"): "HierarchyRequestError", ("doctype", "element"): "HierarchyRequestError",
    ("document", "text"): "HierarchyRequestError", ("document", "comment"): None, ("document", "pi"): None,
    ("document", "fragment"): None, ("document", "document"): "HierarchyRequestError",
}


@pytest.mark.parametrize(("parent_kind", "node_kind"), sorted(APPEND_TABLE))
def test_append_child_hierarchy(parent_kind: str, node_kind: str) -> None:
    doc = _html()
    parent = dom.Document() if parent_kind == "document" else _kinds(doc)[parent_kind]
    node = _kinds(parent if parent_kind == "document" else doc)[node_kind]
    expected = APPEND_TABLE[(parent_kind, node_kind)]
    got = _error_name(lambda: parent.appendChild(node))
    ok = got == expected
    if ok and expected is None and node_kind != "fragment":
        ok = node.parentNode is parent and parent.lastChild is node
    _record("appendChild hierarchy", ok)
    assert ok, (parent_kind, node_kind, got)


def test_document_child_rules() -> None:
    """The document-specific steps of https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity."""
    cases: list[tuple[str, Callable[[], Any], str | None]] = []
    doc = dom.Document()
    impl = doc.implementation
    root = doc.createElement("root")
    doc.appendChild(root)
    doctype = impl.createDocumentType("x", "", "")

    def frag(*kinds: str) -> Any:
        fragment = doc.createDocumentFragment()
        for kind in kinds:
            fragment.appendChild(doc.createElement("e") if kind == "e" else doc.createTextNode("t"))
        return fragment

    cases += [
        ("second element", lambda: doc.appendChild(doc.createElement("x")), "HierarchyRequestError"),
        ("fragment with two elements", lambda: dom.Document().appendChild(frag("e", "e")), "HierarchyRequestError"),
        ("fragment with text", lambda: dom.Document().appendChild(frag("t")), "HierarchyRequestError"),
        ("fragment with element when one exists", lambda: doc.appendChild(frag("e")), "HierarchyRequestError"),
        ("doctype after element", lambda: doc.appendChild(doctype), "HierarchyRequestError"),
        ("doctype before element", lambda: doc.insertBefore(doctype, root), None),
        ("second doctype", lambda: doc.insertBefore(impl.createDocumentType("y", "", ""), root), "HierarchyRequestError"),
        ("element before doctype", lambda: dom.Document().appendChild(impl.createDocumentType("z", "", "")) and None, None),
        ("text into document", lambda: doc.appendChild(doc.createTextNode("x")), "HierarchyRequestError"),
        ("replace element by element", lambda: doc.replaceChild(doc.createElement("new"), doc.documentElement), None),
        ("replace doctype by element", lambda: doc.replaceChild(doc.createElement("x"), doc.doctype), "HierarchyRequestError"),
        ("replace doctype by doctype", lambda: doc.replaceChild(impl.createDocumentType("w", "", ""), doc.doctype), None),
        ("insert before a non-child", lambda: doc.insertBefore(doc.createComment("c"), root), "NotFoundError"),
        ("remove a non-child", lambda: doc.removeChild(root), "NotFoundError"),
        ("replace a non-child", lambda: doc.replaceChild(doc.createComment("c"), root), "NotFoundError"),
    ]
    fresh = dom.Document()
    element = fresh.createElement("e")
    fresh.appendChild(element)
    cases.append(
        ("element before the doctype", lambda: fresh.insertBefore(fresh.implementation.createDocumentType("d", "", ""), element) and fresh.insertBefore(fresh.createElement("x"), fresh.doctype), "HierarchyRequestError"),
    )
    for label, call, expected in cases:
        got = _error_name(call)
        _record("document child rules", got == expected)
        assert got == expected, label


def test_insert_ancestor_and_self() -> None:
    doc = _html()
    outer = doc.createElement("div")
    inner = outer.appendChild(doc.createElement("span"))
    cases = [
        (lambda: inner.appendChild(outer), "HierarchyRequestError"),
        (lambda: outer.appendChild(outer), "HierarchyRequestError"),
        (lambda: inner.insertBefore(doc.createElement("x"), outer), "NotFoundError"),
        (lambda: outer.replaceChild(doc.createElement("x"), doc.createElement("y")), "NotFoundError"),
        (lambda: outer.replaceChild(outer, inner), "HierarchyRequestError"),
        (lambda: outer.appendChild(None), "TypeError"),
        (lambda: outer.appendChild("text"), "TypeError"),
        (lambda: outer.insertBefore(doc.createElement("x"), "bogus"), "TypeError"),
        (lambda: outer.replaceChild(inner, inner), None),
    ]
    for call, expected in cases:
        got = _error_name(call)
        _record("insert ancestor/self", got == expected)
        assert got == expected


def test_insert_before_reference_is_node_itself() -> None:
    doc = _html()
    parent = doc.createElement("div")
    a, b, c = (parent.appendChild(doc.createElement(n)) for n in "abc")
    parent.insertBefore(b, b)  # reference child is node: use its next sibling
    ok = [n.localName for n in parent.childNodes] == ["a", "b", "c"]
    parent.insertBefore(a, None)
    ok = ok and [n.localName for n in parent.childNodes] == ["b", "c", "a"]
    fragment = doc.createDocumentFragment()
    fragment.append("1", doc.createElement("f"), "2")
    parent.insertBefore(fragment, c)
    ok = ok and [n.nodeName for n in parent.childNodes] == ["B", "#text", "F", "#text", "C", "A"]
    ok = ok and fragment.childNodes.length == 0
    _record("insertBefore order", ok)
    assert ok


# ---------------------------------------------------------------------------------------------
# cloneNode (Node-cloneNode.html, Node-cloneNode-document-*.html)
# ---------------------------------------------------------------------------------------------

def test_clone_node_kinds() -> None:
    doc = _html()
    element = doc.createElementNS("urn:x", "x:el")
    element.setAttributeNS("urn:y", "y:a", "1")
    element.setAttribute("b", "2")
    element.appendChild(doc.createTextNode("t"))
    shallow = element.cloneNode()
    deep = element.cloneNode(True)
    checks = [
        shallow is not element and shallow.childNodes.length == 0,
        (shallow.namespaceURI, shallow.prefix, shallow.localName) == ("urn:x", "x", "el"),
        [(a.namespaceURI, a.prefix, a.localName, a.value) for a in shallow.attributes]
        == [("urn:y", "y", "a", "1"), (None, None, "b", "2")],
        deep.isEqualNode(element) and deep.firstChild is not element.firstChild,
        deep.ownerDocument is doc and deep.parentNode is None,
    ]
    for node in (doc.createTextNode("x"), doc.createComment("c"), doc.createProcessingInstruction("t", "d"),
                 doc.createDocumentFragment(), doc.doctype, doc.createAttribute("q")):
        copy = node.cloneNode(True)
        checks.append(copy is not node and copy.isEqualNode(node) and copy.nodeType == node.nodeType)
    for ok in checks:
        _record("cloneNode", ok)
    assert all(checks)


def test_clone_document() -> None:
    doc = dom.parse_html("<!DOCTYPE html><p>x", url="https://example.com/")
    shallow = doc.cloneNode()
    deep = doc.cloneNode(True)
    xml = dom.Document().implementation.createDocument(SVG, "svg", None)
    checks = [
        shallow.childNodes.length == 0 and shallow.contentType == "text/html",
        shallow.URL == "https://example.com/" and shallow.compatMode == doc.compatMode,
        deep.isEqualNode(doc) and deep.documentElement is not doc.documentElement,
        deep.documentElement.ownerDocument is deep,
        deep.querySelector("p").textContent == "x",
        xml.cloneNode().contentType == "image/svg+xml",
    ]
    for ok in checks:
        _record("cloneNode document", ok)
    assert all(checks)


def test_clone_template_contents() -> None:
    doc = dom.parse_html("<template><p>in</p></template>")
    template = doc.querySelector("template")
    deep = template.cloneNode(True)
    shallow = template.cloneNode(False)
    checks = [
        deep.content.firstChild.outerHTML == "<p>in</p>",
        deep.content is not template.content,
        deep.content.ownerDocument is template.content.ownerDocument,
        shallow.content.childNodes.length == 0,
    ]
    for ok in checks:
        _record("cloneNode template", ok)
    assert all(checks)


# ---------------------------------------------------------------------------------------------
# ParentNode / ChildNode convenience methods (ParentNode-append.html, ChildNode-after.html, ...)
# ---------------------------------------------------------------------------------------------

def _names(parent: Any) -> list[str]:
    return [n.nodeName if n.nodeType != 3 else n.data for n in parent.childNodes]


def test_parent_node_methods() -> None:
    doc = _html()
    parent = doc.createElement("div")
    x = doc.createElement("x")
    parent.append("a", x, 1, None)
    checks = [_names(parent) == ["a", "X", "1", "null"]]
    parent.prepend(doc.createElement("y"), "b")
    checks.append(_names(parent) == ["Y", "b", "a", "X", "1", "null"])
    parent.replaceChildren("only")
    checks.append(_names(parent) == ["only"])
    parent.replaceChildren()
    checks.append(parent.childNodes.length == 0)
    checks.append(_error_name(lambda: parent.append(parent)) == "HierarchyRequestError")
    checks.append(_error_name(lambda: doc.append("text")) == "HierarchyRequestError")
    checks.append(_error_name(lambda: doc.replaceChildren(doc.createElement("a"), doc.createElement("b"))) == "HierarchyRequestError")
    checks.append(doc.documentElement is not None)  # the failed replaceChildren changed nothing
    for ok in checks:
        _record("ParentNode methods", ok)
    assert all(checks)


def test_child_node_methods() -> None:
    doc = _html()
    parent = doc.createElement("div")
    a, b, c = (parent.appendChild(doc.createElement(n)) for n in "abc")
    b.before("1", c)
    checks = [_names(parent) == ["A", "1", "C", "B"]]
    b.after(a, "2")
    checks.append(_names(parent) == ["1", "C", "B", "A", "2"])
    c.replaceWith(c, "3")  # replacing with itself among others
    checks.append(_names(parent) == ["1", "C", "3", "B", "A", "2"])
    b.replaceWith()
    checks.append(_names(parent) == ["1", "C", "3", "A", "2"])
    a.remove()
    a.remove()  # no parent: nothing happens
    checks.append(_names(parent) == ["1", "C", "3", "2"])
    lone = doc.createElement("lone")
    lone.before("x")
    lone.after("y")
    lone.replaceWith("z")
    checks.append(lone.parentNode is None)
    text = parent.firstChild
    text.after(doc.createElement("t"))
    checks.append(_names(parent)[:2] == ["1", "T"])
    for ok in checks:
        _record("ChildNode methods", ok)
    assert all(checks)


# ---------------------------------------------------------------------------------------------
# importNode / adoptNode (Document-importNode.html, Document-adoptNode.html)
# ---------------------------------------------------------------------------------------------

def test_import_and_adopt() -> None:
    source = dom.parse_html("<div id=d a=1><p>x</p></div>")
    target = dom.Document()
    div = source.getElementById("d")
    shallow = target.importNode(div)
    deep = target.importNode(div, True)
    by_options = target.importNode(div, {"subtree": True})
    checks = [
        shallow.ownerDocument is target and shallow.childNodes.length == 0 and shallow.getAttribute("a") == "1",
        deep.isEqualNode(div) and div.parentNode is source.body,
        by_options.isEqualNode(div),
        _error_name(lambda: target.importNode(source)) == "NotSupportedError",
        _error_name(lambda: target.adoptNode(source)) == "NotSupportedError",
    ]
    p = div.firstChild
    adopted = target.adoptNode(div)
    checks += [
        adopted is div and div.parentNode is None and div.ownerDocument is target,
        p.ownerDocument is target and div.firstChild is p,
        source.getElementById("d") is None,
    ]
    target.appendChild(div)
    checks.append(target.documentElement is div)
    back = source.adoptNode(div)
    checks.append(back.ownerDocument is source and target.documentElement is None)
    attr = source.createAttribute("q")
    checks.append(target.adoptNode(attr).ownerDocument is target)
    for ok in checks:
        _record("importNode/adoptNode", ok)
    assert all(checks)
