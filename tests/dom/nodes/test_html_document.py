"""HTML's partial interface Document: tree accessors, collections, named properties, write().

Behaviours from WPT html/dom/documents/dom-tree-accessors (document.title-*, document.body-setter,
document.head, document.getElementsByName-*, nameditem-*) and dynamic-markup-insertion.
"""

from __future__ import annotations

import pytest

import dom
from webidl import DOMException, HierarchyRequestError, InvalidStateError, SecurityError

SVG = "http://www.w3.org/2000/svg"


def test_head_body_title() -> None:
    doc = dom.parse_html("<title>  a \n b  </title><body><p>x")
    assert doc.head.localName == "head"
    assert doc.body.localName == "body"
    assert doc.title == "a b"
    doc.title = "new  title"
    assert doc.querySelector("title").textContent == "new  title"
    assert doc.title == "new title"


def test_title_created_in_head_and_absent_without_head() -> None:
    doc = dom.parse_html("<p>")
    assert doc.title == ""
    doc.title = "T"
    assert doc.head.lastChild.outerHTML == "<title>T</title>"
    doc2 = dom.Document().implementation.createHTMLDocument("x")
    doc2.head.remove()
    doc2.querySelector("title") and doc2.querySelector("title").remove()
    doc2.title = "ignored"
    assert doc2.title == ""
    assert doc2.querySelector("title") is None


def test_title_first_in_tree_order_and_svg_title_ignored_in_html() -> None:
    doc = dom.parse_html("<body><svg><title>svg</title></svg><title>html</title>")
    assert doc.title == "html"


def test_svg_document_title() -> None:
    doc = dom.Document().implementation.createDocument(SVG, "svg", None)
    assert doc.title == ""
    doc.title = " spaced  title "
    first = doc.documentElement.firstChild
    assert first.namespaceURI == SVG and first.localName == "title"
    assert doc.title == " spaced  title "


def test_body_setter() -> None:
    doc = dom.parse_html("<body id=old><p>")
    new = doc.createElement("body")
    doc.body = new
    assert doc.body is new and doc.getElementById("old") is None
    with pytest.raises(HierarchyRequestError):
        doc.body = doc.createElement("div")
    with pytest.raises(HierarchyRequestError):
        doc.body = None
    frameset = doc.createElement("frameset")
    doc.body = frameset
    assert doc.body is frameset
    empty = dom.Document().implementation.createHTMLDocument()
    empty.documentElement.remove()
    with pytest.raises(HierarchyRequestError):
        empty.body = empty.createElement("body")
    xml_body = doc.createElementNS("urn:x", "body")
    with pytest.raises(TypeError):  # not an HTMLElement: the IDL type (HTMLElement?) refuses it first
        doc.body = xml_body


def test_collections_are_live_and_same_object() -> None:
    doc = dom.parse_html(
        "<form></form><img><a href=x>1</a><a name=n>2</a><area href=y><embed><script></script><a>3</a>"
    )
    assert doc.forms is doc.forms
    assert doc.plugins is doc.embeds
    assert [e.localName for e in doc.links] == ["a", "area"]
    assert [e.textContent for e in doc.anchors] == ["2"]
    assert len(doc.images) == 1 and len(doc.scripts) == 1 and len(doc.embeds) == 1
    assert len(doc.applets) == 0
    forms = doc.forms
    doc.body.appendChild(doc.createElement("form"))
    assert forms.length == 2


def test_get_elements_by_name() -> None:
    doc = dom.parse_html("<div name=a></div><input name=a><svg><g name=a></g></svg><p name=b>")
    found = doc.getElementsByName("a")
    assert [e.localName for e in found] == ["div", "input"]  # HTML namespace only
    doc.body.appendChild(doc.createElement("span")).setAttribute("name", "a")
    assert len(found) == 3  # live


def test_named_properties() -> None:
    doc = dom.parse_html(
        "<form name=f></form><img name=pic id=picid><img id=lonely><object id=obj></object>"
        "<embed name=e><embed name=e><iframe name=fr></iframe><div name=divname>"
    )
    assert doc["f"].localName == "form"
    assert doc["pic"] is doc["picid"]
    with pytest.raises(KeyError):
        doc["lonely"]  # an img is named by id only when it also has a name
    with pytest.raises(KeyError):
        doc["divname"]
    assert doc["obj"].localName == "object"
    both = doc["e"]
    assert len(both) == 2
    assert doc["fr"] is None  # the iframe's content window: no browsing context
    assert "f" in doc and "divname" not in doc
    assert doc._supported_property_names() == ["f", "pic", "picid", "obj", "e", "fr"]


def test_dir_and_legacy_colors() -> None:
    doc = dom.parse_html("<html dir=RTL><body text=red>")
    assert doc.dir == "rtl"
    doc.dir = "auto"
    assert doc.documentElement.getAttribute("dir") == "auto"
    assert doc.fgColor == "red"
    doc.bgColor = None
    assert doc.body.getAttribute("bgcolor") == ""


def test_no_browsing_context_members() -> None:
    doc = dom.parse_html("<p>", url="https://sub.example.com:8080/x")
    assert doc.domain == "sub.example.com"
    with pytest.raises(SecurityError):
        doc.domain = "example.com"
    assert dom.parse_html("").domain == ""
    assert doc.cookie == ""
    doc.cookie = "a=b"
    assert doc.cookie == ""
    assert doc.referrer == ""
    created = dom.DOMParser().parseFromString("<p>", "text/html")  # no browsing context
    assert created.location is None and created.defaultView is None
    assert doc.readyState == "complete" and doc.hidden and doc.visibilityState == "hidden"
    assert not doc.hasFocus() and doc.activeElement is doc.body
    assert len(doc.lastModified) == 19
    doc.designMode = "ON"
    assert doc.designMode == "on"
    doc.designMode = "bogus"
    assert doc.designMode == "on"


def test_domparser_documents_take_the_url_of_the_parsers_global() -> None:
    """https://html.spec.whatwg.org/#dom-domparser-parsefromstring step 2: the new document's
    URL is the parser's relevant global object's associated Document's URL (the default
    document when the parser was made), for HTML, XML and the XML error document alike."""
    from dom.nodes.document import default_document, set_default_document

    saved = default_document()
    set_default_document(dom.parse_html("<p>", url="https://example.test/page?q"))
    try:
        parser = dom.DOMParser()
    finally:
        set_default_document(saved)
    for type in ("text/html", "application/xml", "image/svg+xml"):
        made = parser.parseFromString("<html></html>", type)
        assert made.URL == made.documentURI == made.baseURI == "https://example.test/page?q", type
    assert parser.parseFromString("<a x:y='1'/>", "text/xml").URL == "https://example.test/page?q"
    assert dom.DOMParser().parseFromString("<p>", "text/html").URL == saved.URL


def test_write_open_close() -> None:
    doc = dom.parse_html("<p>old")
    doc.write("<p id=a>one")
    assert doc.readyState == "loading"
    assert doc.getElementById("a").textContent == "one"
    assert "old" not in doc.documentElement.outerHTML
    doc.writeln("<p id=b>two")
    assert doc.getElementById("b").textContent == "two\n"
    doc.close()
    assert doc.readyState == "complete"
    assert doc.compatMode == "BackCompat"
    doc.open()
    assert doc.documentElement is None and doc.compatMode == "CSS1Compat"
    doc.write("<!DOCTYPE html><title>t</title>")
    doc.close()
    assert doc.title == "t" and doc.doctype.name == "html"
    xml = dom.Document()
    for call in (xml.open, xml.close, lambda: xml.write("x")):
        with pytest.raises(InvalidStateError):
            call()


def test_parse_html_unsafe_and_parse_html() -> None:
    doc = dom.Document.parseHTMLUnsafe("<p>hi")
    assert doc.querySelector("p").textContent == "hi"
    with pytest.raises(DOMException):
        dom.Document.parseHTML("<p>")


def test_attribute_nodes() -> None:
    doc = dom.parse_html("<p a=1 b=2>")
    p = doc.querySelector("p")
    a = p.getAttributeNode("a")
    assert a is p.attributes[0] and a.ownerElement is p and a.value == "1"
    p.removeAttribute("a")
    assert a.ownerElement is None and a.value == "1"
    assert p.attributes.length == 1
    new = doc.createAttribute("C")
    assert new.name == "c" and new.value == "" and new.ownerElement is None
    new.value = "3"
    assert p.setAttributeNode(new) is None
    assert p.getAttribute("c") == "3" and new.ownerElement is p
    replacement = doc.createAttribute("b")
    replacement.value = "new"
    old = p.setAttributeNode(replacement)
    assert old.value == "2" and old.ownerElement is None
    assert p.getAttributeNames() == ["b", "c"]
    other = doc.createElement("div")
    with pytest.raises(DOMException) as info:
        other.setAttributeNode(new)
    assert info.value.name == "InUseAttributeError"
    assert p.removeAttributeNode(new) is new and not p.hasAttribute("c")
    with pytest.raises(DOMException) as info:
        p.removeAttributeNode(new)
    assert info.value.name == "NotFoundError"
    ns_attr = doc.createAttributeNS("urn:x", "x:y")
    assert (ns_attr.prefix, ns_attr.localName, ns_attr.namespaceURI) == ("x", "y", "urn:x")
    p.attributes.setNamedItemNS(ns_attr)
    assert p.getAttributeNS("urn:x", "y") == ""
    assert p.attributes.removeNamedItemNS("urn:x", "y") is ns_attr
    with pytest.raises(DOMException):
        p.attributes.removeNamedItem("nope")
    clone = replacement.cloneNode()
    assert clone.isEqualNode(replacement) and clone is not replacement and clone.ownerElement is None
    assert not clone.isEqualNode(doc.createAttribute("b"))


def test_created_documents_take_the_creators_origin() -> None:
    """https://dom.spec.whatwg.org/#dom-domimplementation-createhtmldocument step 8 and
    #dom-domimplementation-createdocument step 7: the new document's origin is the associated
    document's (its URL stays about:blank), so ``domain`` is the creator's host."""
    import webdom

    page = webdom.parse_html("<p>", url="https://example.com/a/b")
    html = page.implementation.createHTMLDocument("t")
    xml = page.implementation.createDocument(None, "r", None)
    assert html.URL == "about:blank" and html.domain == "example.com"
    second = html.implementation.createHTMLDocument()  # made by a made document: the same origin
    assert second.domain == "example.com"
    assert xml.URL == "about:blank"
    assert webdom.parse_html("<p>").implementation.createHTMLDocument().domain == ""  # about:blank: opaque
