"""parse_html(parser="html5lib") on markup where html5lib 1.1's own assertions fail: a
documented ValueError, not an AssertionError (found by tests/fuzz)."""

from __future__ import annotations

import pytest

import dom

MARKUP = "<table><math id=i>}0%\x7f-<html xlink:href=u></template>#\x00\ufffe\r<!--<body><xmp>}\x0c=<mi></noscript></plaintext><td a:b=c>"


def test_html5lib_assertion_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="html5lib cannot parse"):
        dom.parse_html(MARKUP, parser="html5lib")
    assert dom.parse_html(MARKUP).body is not None  # the default parser takes it


# -- lone surrogates in names (issue 28, item 4) ------------------------------------------------------
# https://html.spec.whatwg.org/#preprocessing-the-input-stream: a surrogate is a parse error
# ("surrogate-in-input-stream") that stays in the input stream; this package keeps lone surrogates
# in every string, as a browser's DOMString does, so an attribute name keeps one as text does.

SURROGATE_MARKUP = [
    ("<p \ud800>", '<p \ud800=""></p>'),
    ("<p a\ud800b=1 c>", '<p a\ud800b="1" c=""></p>'),
    ("<p \udc00\ud800=x>", '<p \udc00\ud800="x"></p>'),
    ("<svg><x\ud800 y\ud800=1>", '<svg><x\ud800 y\ud800="1"></x\ud800></svg>'),
    ("<p\ud800 a=\ud800>t\ud800<!--\ud800-->", '<p\ud800 a="\ud800">t\ud800<!--\ud800--></p\ud800>'),
    ("<div \ud800 shadowrootmode=open>", '<div \ud800="" shadowrootmode="open"></div>'),
]


@pytest.mark.parametrize("parser", ["turbohtml", "justhtml", "html5lib"])
@pytest.mark.parametrize(("markup", "body"), SURROGATE_MARKUP)
def test_lone_surrogate_names_with_every_parser(parser: str, markup: str, body: str) -> None:
    for scripting in (False, True):
        document = dom.parse_html(markup, parser=parser, scripting=scripting)
        assert document.body.innerHTML == body
        document.body.innerHTML = markup  # the fragment parser of the same backend
        assert document.body.innerHTML == body


def test_lone_surrogate_names_in_dom_parser_and_document_write() -> None:
    parsed = dom.DOMParser().parseFromString("<p \ud800>", "text/html")
    assert parsed.body.firstChild.getAttributeNames() == ["\ud800"]
    document = dom.parse_html("")
    document.open()
    document.write("<p \ud800=1>")
    document.close()
    assert document.body.firstChild.getAttribute("\ud800") == "1"


def test_lone_surrogate_attribute_name_in_turbohtml_fragment() -> None:
    from dom.parsing.turbohtml_builder import build_fragment

    context = dom.parse_html("<div></div>").querySelector("div")
    fragment = build_fragment("<p \ud800>", context)
    assert fragment.firstChild.getAttributeNames() == ["\ud800"]
