"""Documents and nodes round-trip through pickle: tree, URL, encoding, mode, content type, and the
state markup cannot carry; nodes pickled together keep their identity; deep trees do not recurse."""

from __future__ import annotations

import copy
import pickle

import pytest

import webdom

PAGE = (
    b"<!--top--><!DOCTYPE html><meta charset=windows-1252><title>T</title><form action=/s>"
    b"<input name=a value=x><input type=checkbox name=c><input type=radio name=r value=1 checked>"
    b"<input type=radio name=r value=2><select name=s><option>1<option>2</select>"
    b"<select name=m multiple><option selected>x<option>y</select><textarea name=t>t</textarea>"
    b"<input type=file name=f></form><script nonce=abc></script>"
    b"<template><p>in <b>t</b></template><svg><a xlink:href='#x'/></svg>"
    b"<p foo\"bar=1 class='a b'>cr\xe8me\x0c</p>"
)


def roundtrip(*objects):
    return pickle.loads(pickle.dumps(objects))


@pytest.fixture
def document():
    return webdom.parse_html(PAGE, url="https://example.org/dir/page.html", csp_header="script-src 'nonce-abc'")


def test_document_round_trip(document):
    (copy_,) = roundtrip(document)
    assert copy_ is not document and isinstance(copy_, webdom.Document)
    assert copy_.documentElement.outerHTML == document.documentElement.outerHTML
    assert (copy_.URL, copy_.characterSet, copy_.compatMode, copy_.contentType) == (
        "https://example.org/dir/page.html", "windows-1252", "CSS1Compat", "text/html")
    assert copy_.doctype.name == "html" and copy_.childNodes[0].data == "top"
    assert copy_.querySelector("p").textContent == "crème\x0c"  # the true string, not lxml's U+FFFD
    assert copy_.querySelector("svg a").attributes[0].name == "xlink:href"
    assert copy_.querySelector("template").content.firstChild.outerHTML == "<p>in <b>t</b></p>"
    assert copy_.forms[0].submission().url == document.forms[0].submission().url


def test_quirks_mode_and_xml_documents():
    (quirky,) = roundtrip(webdom.parse_html("<p>no doctype"))
    assert quirky.compatMode == "BackCompat"
    xml = webdom.parse_xml(b"<?xml version='1.0'?><r xmlns:x='urn:x'><x:a x:b='1'/><!--c--></r>",
                           url="https://example.org/a.xml", content_type="image/svg+xml")
    (copy_,) = roundtrip(xml)
    assert copy_.contentType == "image/svg+xml" and copy_.URL == "https://example.org/a.xml"
    first = copy_.documentElement.firstChild
    assert (first.prefix, first.namespaceURI, first.attributes[0].name) == ("x", "urn:x", "x:b")
    assert copy_.documentElement.lastChild.data == "c"


def test_state_markup_cannot_carry(document):
    text, box, radio1, radio2, select, multi, area, files = document.querySelectorAll("input, select, textarea")
    text.value = "typed"
    box.checked = True
    radio2.checked = True
    select.selectedIndex = 1
    multi.options[1].selected = True
    area.value = "edited"
    (copy_,) = roundtrip(document)
    text2, box2, radio1b, radio2b, select2, multi2, area2, _files = copy_.querySelectorAll("input, select, textarea")
    assert text2.value == "typed" and text2.getAttribute("value") == "x"
    assert box2.checked and not box2.hasAttribute("checked")
    assert not radio1b.checked and radio2b.checked
    assert select2.selectedIndex == 1 and [o.selected for o in multi2.options] == [True, True]
    assert area2.value == "edited" and area2.defaultValue == "t"
    text2.value = "again"  # the dirty flag came along: a reset restores the default
    copy_.forms[0].reset()
    assert text2.value == "x" and area2.value == "t"
    script = copy_.querySelector("script")
    assert script.nonce == "abc" and script.getAttribute("nonce") == ""  # still hidden


def test_text_node_boundaries_survive(document):
    p = document.querySelector("p")
    p.appendChild(document.createTextNode("more"))
    p.appendChild(document.createTextNode(""))
    (copy_,) = roundtrip(document)
    assert [n.data for n in copy_.querySelector("p").childNodes] == ["crème\x0c", "more", ""]


def test_nodes_pickled_together_keep_identity(document):
    p = document.querySelector("p")
    inner = document.querySelector("template").content.querySelector("b")
    doc2, p2, text2, inner2, classes2, children2, found2 = roundtrip(
        document, p, p.firstChild, inner, p.classList, document.body.childNodes, document.querySelectorAll("input"))
    assert p2.ownerDocument is doc2 and p2 is doc2.querySelector("p") and text2 is p2.firstChild
    assert inner2 is doc2.querySelector("template").content.querySelector("b")
    assert classes2 is p2.classList and list(classes2) == ["a", "b"]
    assert children2 is doc2.body.childNodes and found2[0] is doc2.querySelector("input")
    assert isinstance(found2, webdom.NodeList) and len(found2) == 5


def test_a_node_alone_pickles_with_its_document(document):
    (button,) = roundtrip(document.querySelector("input"))
    assert button.value == "x" and button.form is button.ownerDocument.forms[0]
    assert button.ownerDocument.URL == document.URL


def test_detached_nodes(document):
    div = document.createElement("div")
    div.innerHTML = "<i>x</i>y"
    fragment = document.createDocumentFragment()
    fragment.append("a", document.createElement("hr"))
    div2, italic2, fragment2, text2 = roundtrip(div, div.firstChild, fragment, document.createTextNode("t"))
    assert div2.parentNode is None and div2.outerHTML == "<div><i>x</i>y</div>" and italic2 is div2.firstChild
    assert div2.ownerDocument.URL == document.URL and div2.ownerDocument is fragment2.ownerDocument
    assert fragment2.nodeType == 11 and [n.nodeName for n in fragment2.childNodes] == ["#text", "HR"]
    assert text2.data == "t" and text2.parentNode is None


def test_attr_nodes(document):
    p = document.querySelector("p")
    attr2, p2 = roundtrip(p.getAttributeNode("class"), p)
    assert attr2.ownerElement is p2 and attr2 is p2.getAttributeNode("class")
    (loose,) = roundtrip(document.createAttribute("data-x"))
    assert loose.ownerElement is None and loose.name == "data-x"


def test_live_collections_say_what_to_do(document):
    for collection in (document.forms, document.getElementsByTagName("p"), document.forms[0].elements):
        with pytest.raises(TypeError, match=r"cannot be pickled: pickle list\(collection\)"):
            pickle.dumps(collection)
    (items,) = roundtrip(list(document.forms))
    assert items[0].action == "https://example.org/s"


def test_deep_tree_pickles_without_recursion():
    document = webdom.parse_html("<div>" * 5000 + "x")
    (copy_,) = roundtrip(document)
    assert len(copy_.querySelectorAll("div")) == 5000 and copy_.body.textContent == "x"


def test_copy_and_deepcopy(document):
    p = document.querySelector("p")
    assert copy.copy(p) is p  # same tree, same node
    deep = copy.deepcopy(p)
    assert deep is not p and deep.outerHTML == p.outerHTML and deep.ownerDocument is not document


def test_url_and_exceptions_pickle():
    url = webdom.URL("https://example.org/a?x=1#f")
    url2, params2 = roundtrip(url, webdom.URLSearchParams("a=1&b=2"))
    assert url2.href == url.href and str(params2) == "a=1&b=2"
    url2.searchParams.append("y", "2")
    assert url2.href == "https://example.org/a?x=1&y=2#f"
    (error,) = roundtrip(webdom.IndexSizeError("too big"))
    assert type(error) is webdom.IndexSizeError and (error.name, error.code, error.message) == ("IndexSizeError", 1, "too big")
