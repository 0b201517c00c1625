"""Hash-name references (https://html.spec.whatwg.org/#rules-for-parsing-a-hash-name-reference)."""

from __future__ import annotations

import pytest

import dom
from dom import hash_name_reference


def _doc(body: str):
    return dom.parse_html("<!doctype html><body>" + body)


def test_the_standards_example():
    # The image map example of the img element: usemap="#shapes" and <map name="shapes">.
    document = _doc('<img src="shapes.png" usemap="#shapes" alt="Four shapes"><map name="shapes">'
                    '<area shape=rect coords="50,50,100,100"></map>')
    img = document.images[0]
    assert hash_name_reference(img, img.useMap) is document.querySelector("map")


@pytest.mark.parametrize("value", ["", "shapes", "#", "x#"])
def test_no_number_sign_or_nothing_after_it_is_null(value):
    document = _doc('<map name="shapes"></map><map name=""></map>')
    assert hash_name_reference(document.body, value) is None


def test_text_after_the_first_number_sign():
    document = _doc('<map name="a#b"></map><map name="b"></map>')
    assert hash_name_reference(document, "page.html#a#b").getAttribute("name") == "a#b"


def test_first_in_tree_order_by_id_or_name():
    document = _doc('<div><map id="m" name="other"></map></div><map name="m"></map>')
    first = document.querySelector("div map")
    assert hash_name_reference(document.body, "#m") is first          # by id, earlier in tree order
    assert hash_name_reference(document.body, "#other") is first


def test_case_sensitive_as_the_current_standard_says():
    # Older HTML matched names compatibility-caseless; now the value must be identical.
    document = _doc('<map name="Shapes"></map><map name="shapes"></map><map name="SHAPES"></map>')
    maps = document.querySelectorAll("map")
    assert hash_name_reference(document, "#shapes") is maps[1]
    assert hash_name_reference(document, "#SHAPES") is maps[2]
    assert hash_name_reference(document, "#sHAPES") is None


def test_only_elements_of_the_type():
    document = _doc('<div id="x"></div><object name="x"></object><svg><map name="x"></map></svg><map name="x"></map>')
    found = hash_name_reference(document, "#x")
    assert found is document.querySelectorAll("map")[-1] and found.namespaceURI == "http://www.w3.org/1999/xhtml"
    assert hash_name_reference(document, "#x", local_name="object") is document.querySelector("object")


def test_scope_is_the_tree_of_the_context_node():
    document = _doc('<map name="m"></map>')
    detached = document.createElement("div")
    inner = document.createElement("map")
    inner.setAttribute("name", "m")
    detached.append(inner)
    img = document.createElement("img")
    detached.append(img)
    assert hash_name_reference(img, "#m") is inner                      # the detached subtree
    assert hash_name_reference(document.body, "#m") is document.querySelector("map")
    fragment = document.createDocumentFragment()
    fragment.append(inner)
    assert hash_name_reference(fragment, "#m") is inner
    assert hash_name_reference(document.createTextNode("t"), "#m") is None
    assert hash_name_reference(dom.Document(), "#m") is None            # no document element


def test_values_stored_differently_in_lxml_still_match():
    document = _doc("")
    m = document.createElement("map")
    m.setAttribute("name", "a\x01b")                                     # XML-illegal, kept by the DOM
    document.body.append(m)
    assert hash_name_reference(document, "#a\x01b") is m
    assert hash_name_reference(document, "#a\ufffdb") is None


def test_arguments_convert_as_dom_strings():
    document = _doc('<map name="1"></map><map name="null"></map>')
    assert hash_name_reference(document, "#" + "1") is document.querySelector("map")
    assert hash_name_reference(document, None) is None                  # "null" has no "#"
    with pytest.raises(TypeError):
        hash_name_reference("not a node", "#1")  # type: ignore[arg-type]
