"""Unit tests for dom.reflection descriptors and the HTML element table (what the WPT data
does not cover: identity of interfaces, nonce slot, keyword aliases, URL resolution)."""

import pytest

import dom
from dom.html import HTMLElement, HTMLUnknownElement
from webidl import IndexSizeError


def doc(html: str = "", url: str = "http://example.test/dir/page.html"):
    return dom.parse_html(html, url=url)


def test_interfaces_by_local_name():
    d = doc("<p><a><foo-bar></foo-bar><blink></blink><listing></listing><h3></h3>")
    assert type(d.querySelector("a")).__name__ == "HTMLAnchorElement"
    assert type(d.querySelector("listing")).__name__ == "HTMLPreElement"
    assert type(d.querySelector("h3")).__name__ == "HTMLHeadingElement"
    assert type(d.querySelector("blink")) is HTMLUnknownElement
    assert isinstance(d.querySelector("foo-bar"), HTMLElement)
    assert not isinstance(d.querySelector("foo-bar"), HTMLUnknownElement)
    assert type(d.createElement("span")).__name__ == "HTMLSpanElement"


def test_numbers():
    d = doc('<img width="100px"><input maxlength="-5" size="0">')
    assert d.querySelector("img").width == 100
    inp = d.querySelector("input")
    assert inp.maxLength == -1
    assert inp.size == 20
    with pytest.raises(IndexSizeError):
        inp.maxLength = -1
    with pytest.raises(IndexSizeError):
        inp.size = 0
    td = d.createElement("td")
    td.setAttribute("colspan", "5000")
    assert td.colSpan == 1000


def test_url_resolution_with_base_and_encoding():
    d = doc('<base href="/base/"><a href=" x?q=é ">a</a>')
    assert d.querySelector("a").href == "http://example.test/base/x?q=%C3%A9"
    d2 = dom.parse_html('<a href="http://[bad">a</a>', url="http://example.test/")
    assert d2.querySelector("a").href == "http://[bad"


def test_enumerated():
    img = doc().createElement("img")
    assert img.crossOrigin is None
    img.setAttribute("crossorigin", "bogus")
    assert img.crossOrigin == "anonymous"
    img.crossOrigin = None
    assert not img.hasAttribute("crossorigin")
    link = doc().createElement("link")
    link.as_ = "SCRIPT"
    assert getattr(link, "as") == "script"


def test_nonce_slot_survives_and_clones():
    d = doc("<script nonce=abc></script>")
    s = d.querySelector("script")
    s.nonce = "other"
    assert s.getAttribute("nonce") == "abc"
    assert s.cloneNode().nonce == "other"
    del s
    assert d.querySelector("script").nonce == "other"
