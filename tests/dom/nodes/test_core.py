"""DOM core over lxml: identity, Text nodes over text slots, mutation validity, attributes.

Written from the DOM Standard (the behaviours WPT's dom/nodes tests check)."""

from __future__ import annotations

import gc

import pytest

import dom
from dom import Comment, Document, DocumentFragment, Element, Text
from webidl import HierarchyRequestError, InvalidCharacterError, NamespaceError, NotFoundError


@pytest.fixture
def doc():
    return Document().implementation.createHTMLDocument("T")


def body(doc):
    return doc.documentElement.lastChild


def test_create_html_document_shape(doc):
    assert [n.nodeName for n in doc.childNodes] == ["html", "HTML"]
    html = doc.documentElement
    assert [n.nodeName for n in html.childNodes] == ["HEAD", "BODY"]
    assert html.firstChild.firstChild.textContent == "T"
    assert doc.compatMode == "CSS1Compat" and doc.contentType == "text/html"
    assert doc.lxml_tree.getroot() is html._lx


def test_identity_survives_when_nobody_holds_the_node(doc):
    p = body(doc).appendChild(doc.createElement("p"))
    p.appendChild(doc.createTextNode("x"))
    ident, text_ident = id(p), id(p.firstChild)
    del p
    gc.collect()
    again = body(doc).firstChild
    assert id(again) == ident and id(again.firstChild) == text_ident
    assert again.firstChild is again.childNodes[0] and again.childNodes is again.childNodes


def test_adjacent_text_nodes_share_one_lxml_slot(doc):
    p = body(doc).appendChild(doc.createElement("p"))
    a = p.appendChild(doc.createTextNode("a"))
    b = p.appendChild(doc.createTextNode("b"))
    empty = p.appendChild(doc.createTextNode(""))
    assert p.childNodes.length == 3 and [n.data for n in p.childNodes] == ["a", "b", ""]
    assert p._lx.text == "ab" and p.textContent == "ab"
    assert a.nextSibling is b and b.previousSibling is a and empty.previousSibling is b
    assert a.wholeText == "ab"
    b.data = "B"
    assert p._lx.text == "aB" and p.childNodes.length == 3


def test_elements_keep_following_text_as_siblings(doc):
    p = body(doc).appendChild(doc.createElement("p"))
    p.appendChild(doc.createTextNode("one"))
    two = p.appendChild(doc.createTextNode("two"))
    em = doc.createElement("em")
    p.insertBefore(em, two)
    assert [n.nodeName for n in p.childNodes] == ["#text", "EM", "#text"]
    assert (p._lx.text, em._lx.tail) == ("one", "two")
    other = body(doc).appendChild(doc.createElement("div"))
    other.appendChild(em)  # moving the element must leave "two" behind in p
    assert [n.nodeName for n in p.childNodes] == ["#text", "#text"] and p._lx.text == "onetwo"
    assert em._lx.tail is None and em.parentNode is other
    assert two.parentNode is p


def test_split_text_and_normalize_shape(doc):
    p = body(doc).appendChild(doc.createElement("p"))
    t = p.appendChild(doc.createTextNode("hello world"))
    rest = t.splitText(5)
    assert (t.data, rest.data) == ("hello", " world") and t.nextSibling is rest and p._lx.text == "hello world"
    with pytest.raises(Exception) as info:
        t.splitText(99)
    assert type(info.value).__name__ == "IndexSizeError"
    emoji = p.appendChild(doc.createTextNode("a\U0001F600b"))
    assert emoji.length == 4 and emoji.substringData(1, 2) == "\U0001F600"
    tail = emoji.splitText(3)
    assert tail.data == "b"


def test_xml_illegal_characters_round_trip(doc):
    p = body(doc).appendChild(doc.createElement("p"))
    t = p.appendChild(doc.createTextNode("form\x0cfeed \x00 \ud800"))
    p.setAttribute("data-x", "a\x01b")
    c = p.appendChild(doc.createComment("c -- \x0b"))
    assert t.data == "form\x0cfeed \x00 \ud800" and p.getAttribute("data-x") == "a\x01b"
    assert c.data == "c -- \x0b"
    assert p._lx.text == "form\ufffdfeed \ufffd \ufffd"  # the lxml mirror stays valid


def test_names_lxml_cannot_hold(doc):
    p = doc.createElement("p")
    p.setAttribute('foo"bar', "1")
    assert p.getAttribute('foo"bar') == "1" and p.getAttributeNames() == ['foo"bar']
    odd = doc.createElementNS("http://www.w3.org/1999/xhtml", "a:b")
    assert (odd.prefix, odd.localName, odd.tagName) == ("a", "b", "A:B")
    svg = doc.createElementNS("http://www.w3.org/2000/svg", "foreignObject")
    assert svg.tagName == "foreignObject" and svg._lx.tag == "{http://www.w3.org/2000/svg}foreignObject"
    svg.setAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", "#x")
    assert svg.getAttributeNS("http://www.w3.org/1999/xlink", "href") == "#x"
    assert svg.getAttribute("xlink:href") == "#x" and svg.getAttributeNames() == ["xlink:href"]
    svg.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns", "http://www.w3.org/2000/svg")
    assert svg.getAttribute("xmlns") == "http://www.w3.org/2000/svg"


def test_attribute_api(doc):
    e = doc.createElement("div")
    e.setAttribute("ID", "main")  # lowercased on HTML elements in HTML documents
    assert e.getAttribute("id") == "main" and e.id == "main" and e.hasAttribute("Id")
    e.id = 5
    assert e.getAttribute("id") == "5"
    e.className = None
    assert e.getAttribute("class") == "null"
    assert e.toggleAttribute("hidden") is True and e.getAttribute("hidden") == ""
    assert e.toggleAttribute("hidden") is False and not e.hasAttribute("hidden")
    assert e.toggleAttribute("hidden", False) is False
    e.removeAttribute("class")
    assert e.getAttributeNames() == ["id"]
    with pytest.raises(InvalidCharacterError):
        e.setAttribute("a b", "x")
    with pytest.raises(NamespaceError):
        e.setAttributeNS(None, "x:y", "1")


def test_pre_insert_validity(doc):
    div = doc.createElement("div")
    child = div.appendChild(doc.createElement("span"))
    with pytest.raises(HierarchyRequestError):
        child.appendChild(div)  # an ancestor
    with pytest.raises(HierarchyRequestError):
        div.appendChild(div)
    with pytest.raises(NotFoundError):
        div.insertBefore(doc.createElement("i"), doc.createElement("b"))
    with pytest.raises(HierarchyRequestError):
        doc.appendChild(doc.createTextNode("x"))
    with pytest.raises(HierarchyRequestError):
        doc.appendChild(doc.createElement("second-root"))
    with pytest.raises(HierarchyRequestError):
        div.appendChild(doc.doctype)
    text = doc.createTextNode("t")
    with pytest.raises(HierarchyRequestError):
        text.appendChild(doc.createTextNode("u"))
    with pytest.raises(TypeError):
        div.appendChild("not a node")
    with pytest.raises(NotFoundError):
        div.removeChild(doc.createElement("x"))


def test_fragments_move_their_children(doc):
    fragment = doc.createDocumentFragment()
    fragment.appendChild(doc.createTextNode("a"))
    fragment.appendChild(doc.createElement("b"))
    fragment.appendChild(doc.createTextNode("c"))
    assert fragment.childNodes.length == 3
    p = body(doc).appendChild(doc.createElement("p"))
    p.appendChild(doc.createTextNode("0"))
    p.appendChild(fragment)
    assert [n.nodeName for n in p.childNodes] == ["#text", "#text", "B", "#text"]
    assert fragment.childNodes.length == 0 and p.textContent == "0ac"


def test_replace_child_and_text_content(doc):
    p = body(doc).appendChild(doc.createElement("p"))
    old = p.appendChild(doc.createElement("i"))
    p.appendChild(doc.createTextNode("after"))
    new = doc.createElement("b")
    assert p.replaceChild(new, old) is old and old.parentNode is None
    assert [n.nodeName for n in p.childNodes] == ["B", "#text"] and new._lx.tail == "after"
    p.textContent = "plain"
    assert p.childNodes.length == 1 and p.firstChild.data == "plain" and p._lx.text == "plain" and len(p._lx) == 0
    p.textContent = ""
    assert p.childNodes.length == 0


def test_live_child_nodes_track_mutation(doc):
    p = body(doc).appendChild(doc.createElement("p"))
    nodes = p.childNodes
    assert nodes.length == 0
    p.appendChild(doc.createElement("a"))
    p.appendChild(doc.createTextNode("x"))
    assert nodes.length == 2 and nodes[1].data == "x"
    assert len(body(doc).children) == 1


def test_adopt_moves_identity_between_documents(doc):
    other = Document().implementation.createHTMLDocument()
    p = doc.createElement("p")
    p.appendChild(doc.createTextNode("x"))
    body(other).appendChild(p)
    assert p.ownerDocument is other and p.firstChild.ownerDocument is other
    assert body(other).firstChild is p


def test_clone_node(doc):
    p = body(doc).appendChild(doc.createElement("p"))
    p.setAttribute("class", "c")
    p.appendChild(doc.createTextNode("a"))
    p.appendChild(doc.createElement("b")).appendChild(doc.createTextNode("b"))
    shallow = p.cloneNode() if hasattr(p, "cloneNode") else None
    from dom.nodes.cloning import clone_node

    deep = clone_node(p, deep=True)
    assert deep is not p and deep.getAttribute("class") == "c" and deep.textContent == "ab"
    assert deep.parentNode is None and deep.firstChild is not p.firstChild
    del shallow


def test_comment_and_constructors(doc):
    c = Comment("x")
    assert c.data == "x" and c.nodeName == "#comment"
    t = Text("y")
    assert t.data == "y" and t.parentNode is None
    f = DocumentFragment()
    f.appendChild(t)
    assert t.parentNode is f
    assert isinstance(doc.createElement("div"), Element)


def test_deep_trees_do_not_recurse(doc):
    node = body(doc)
    for _ in range(5000):
        node = node.appendChild(doc.createElement("div"))
    assert body(doc).textContent == ""
    assert sum(1 for _ in body(doc)._descendants()) == 5001


def test_document_children_is_live_over_its_element_only(doc):
    children = doc.children
    assert list(children) == [doc.documentElement]
    doc.prepend(Comment("c"))
    assert children.length == 1 and children[0] is doc.documentElement
    doc.documentElement.remove()
    assert children.length == 0


@pytest.mark.parametrize("other", ["x", "\x01", "\ud800"])
def test_text_content_includes_cdata_sections_whatever_the_text(other):
    # https://dom.spec.whatwg.org/#concept-descendant-text-content: every Text descendant, and
    # a CDATASection is a Text node.  Text lxml cannot hold ("\x01", a lone surrogate) takes
    # another path than XML-safe text; both must agree.
    xml = Document().implementation.createDocument(None, "r", None)
    element = xml.createElement("q")
    element.append(xml.createCDATASection("c"), xml.createTextNode(other))
    assert element.textContent == "c" + other
    assert element.lastChild.wholeText == other  # wholeText: exclusive Text nodes only


def test_get_elements_by_tag_name_decides_html_ness_when_made():
    """https://dom.spec.whatwg.org/#concept-getelementsbytagname: the root's document is an HTML
    document or not when the list is made; adopting the root into an XML document later keeps
    the ASCII-lowercase match of HTML elements."""
    import dom

    html = dom.parse_html("<div><p>x</p><p>y</p></div>")
    div = html.querySelector("div")
    upper = div.getElementsByTagName("P")
    assert len(upper) == 2
    xml = html.implementation.createDocument(None, "r", None)
    xml.documentElement.appendChild(xml.adoptNode(div))
    assert len(upper) == 2
    assert len(div.getElementsByTagName("P")) == 0  # made in the XML document: qualified names as they are


def test_attr_node_value_and_text_content_take_null_as_empty() -> None:
    """https://dom.spec.whatwg.org/#dom-node-nodevalue: nodeValue and textContent are DOMString?
    and null is the empty string, where Attr.value is a DOMString (null is "null")."""
    p = dom.parse_html("<p a=1>").querySelector("p")
    attr = p.getAttributeNode("a")
    attr.nodeValue = None
    assert p.getAttribute("a") == ""
    attr.value = "x"
    attr.textContent = None
    assert p.getAttribute("a") == ""
    attr.value = None  # type: ignore[assignment]
    assert p.getAttribute("a") == "null"
    text = p.ownerDocument.createTextNode("t")
    text.nodeValue, text.textContent = None, None
    assert text.data == ""
