"""Scrolling to a fragment (https://html.spec.whatwg.org/#scrolling-to-a-fragment): the indicated
part of a document's URL, its target element, and :target (#selector-target), which the WPT
selector tests (dom/nodes/ParentNode-querySelector-All.html) check in a frame loaded with #target."""

from __future__ import annotations

import pytest

import webdom
from dom.html.fragment_scrolling import (
    TOP_OF_THE_DOCUMENT,
    scroll_to_the_fragment,
    select_the_indicated_part,
    target_element,
)

PAGE = "<!doctype html><div id=a><span id=s></span></div><a name=b></a><p id='\u00e9'></p><p id=top></p><i id=x></i>"


def _document(fragment: str):
    return webdom.parse_html(PAGE, url="http://example.test/page.html" + fragment)


@pytest.mark.parametrize(("fragment", "expected"), [
    ("#a", "div"),  # an ID (find a potential indicated element, step 1)
    ("#b", "a"),  # an a element's name (step 2)
    ("#%C3%A9", "p"),  # found once percent-decoded (select the indicated part, steps 6-9)
    ("#TOP", None),  # no such element: "top" in any ASCII case is the top of the document (step 10)
    ("#", None),  # the empty fragment: the top of the document (step 3)
    ("", None),  # no fragment
    ("#nothing", None),
])
def test_target_element_and_target_pseudo_class(fragment: str, expected: str | None) -> None:
    document = _document(fragment)
    assert target_element(document) is None and document.querySelector(":target") is None  # initially null
    scroll_to_the_fragment(document)
    target = target_element(document)
    assert (target.localName if target is not None else None) == expected
    assert document.querySelector(":target") is target
    assert [e.localName for e in document.querySelectorAll("*") if e.matches(":target")] == ([expected] if expected else [])
    assert document.querySelector(":target-within") is None  # not done (needs the flat tree)


def test_indicated_part() -> None:
    document = _document("#x")
    assert select_the_indicated_part(document, "http://example.test/page.html#top").id == "top"  # an ID first
    assert select_the_indicated_part(document, "http://example.test/page.html#") is TOP_OF_THE_DOCUMENT
    assert select_the_indicated_part(document, "http://example.test/other.html#a") is None  # another URL (step 1)
    scroll_to_the_fragment(document)
    assert document.querySelector("i:target, p:target").id == "x"
    document.getElementById("x").remove()  # a target element out of the tree matches nowhere in it
    assert document.querySelector(":target") is None
