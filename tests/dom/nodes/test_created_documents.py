"""Documents made by script: their origin (issue 32).

https://dom.spec.whatwg.org/#dom-document-document, #dom-domimplementation-createdocument,
https://html.spec.whatwg.org/#dom-domparser-parsefromstring and #dom-parsehtmlunsafe with
whatwg/html#12881: a document made by script takes the origin of the document that made it
(``domain`` tells it; the URL of a DOMParser document is its creator's, the others' about:blank).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import dom
from dom.nodes.document import default_document, set_default_document


@pytest.fixture
def page() -> Iterator[dom.Document]:
    """A page of https://sub.example.com as the current global object's associated Document."""
    saved = default_document()
    document = dom.parse_html("<p>", url="https://sub.example.com/a/b")
    set_default_document(document)
    try:
        yield document
    finally:
        set_default_document(saved)


def test_domparser_documents_take_the_associated_documents_origin(page: dom.Document) -> None:
    """https://html.spec.whatwg.org/#dom-domparser-parsefromstring step 2 (whatwg/html#12881):
    URL and origin are those of this's relevant global object's associated Document, for HTML, XML
    and the parsererror document alike."""
    parser = dom.DOMParser()
    for markup, type_ in (("<p>", "text/html"), ("<r/>", "application/xml"), ("<svg xmlns='http://www.w3.org/2000/svg'/>",
                          "image/svg+xml"), ("<r>", "text/xml")):  # the last is ill-formed: a parsererror document
        made = parser.parseFromString(markup, type_)
        assert made.URL == "https://sub.example.com/a/b"
        assert made.domain == "sub.example.com", type_


def test_domparser_keeps_the_global_it_was_made_in(page: dom.Document) -> None:
    """The relevant global is the DOMParser's own (the one current when it was constructed),
    not the one current at parseFromString."""
    parser = dom.DOMParser()
    set_default_document(dom.parse_html("", url="https://other.example/"))
    assert parser.parseFromString("<p>", "text/html").domain == "sub.example.com"
    assert dom.DOMParser().parseFromString("<p>", "text/html").domain == "other.example"


def test_an_origin_passes_from_a_made_document_to_the_ones_it_makes(page: dom.Document) -> None:
    """A document made by a document whose URL is about:blank still has its creator's origin,
    and passes it on (and a clone keeps it: https://dom.spec.whatwg.org/#concept-node-clone)."""
    made = page.implementation.createHTMLDocument("t")
    set_default_document(made)
    assert dom.DOMParser().parseFromString("<p>", "text/html").URL == "about:blank"
    assert dom.DOMParser().parseFromString("<p>", "text/html").domain == "sub.example.com"
    assert dom.Document.parseHTMLUnsafe("<p>").domain == "sub.example.com"
    assert made.cloneNode(True).domain == "sub.example.com"


def test_parse_html_unsafe_takes_the_current_globals_origin(page: dom.Document) -> None:
    """https://html.spec.whatwg.org/#dom-parsehtmlunsafe (a static method: the current global
    object's associated Document; whatwg/html#12881)."""
    made = dom.Document.parseHTMLUnsafe("<p>hi")
    assert made.URL == "about:blank" and made.domain == "sub.example.com"


def test_new_document_takes_the_current_globals_origin(page: dom.Document) -> None:
    """https://dom.spec.whatwg.org/#dom-document-document: this's origin is the origin of the
    current global object's associated Document."""
    made = dom.Document()
    assert made.URL == "about:blank" and made.domain == "sub.example.com"
    assert made.implementation.createHTMLDocument().domain == "sub.example.com"


def test_without_a_page_the_origin_is_opaque() -> None:
    """Python's own global (no page set) has an about:blank document of an opaque origin, as a
    browser's initial about:blank without a creator: the documents it makes have an opaque origin,
    ``domain`` is the empty string."""
    saved = default_document()
    set_default_document(dom.Document())
    try:
        assert dom.DOMParser().parseFromString("<p>", "text/html").domain == ""
        assert dom.Document.parseHTMLUnsafe("<p>").domain == ""
        assert dom.Document().domain == ""
    finally:
        set_default_document(saved)


SVG = "http://www.w3.org/2000/svg"


def test_every_svg_element_named_svg_is_an_svgsvgelement() -> None:
    """https://svgwg.org/svg2-draft/struct.html#InterfaceSVGSVGElement: the interface of the
    ``svg`` element of the SVG namespace, however it is made (an SVGGraphicsElement, an SVGElement);
    an ``svg`` of another namespace is not one."""
    from dom.html.foreign import SVGElement, SVGGraphicsElement, SVGSVGElement

    page = dom.parse_html("<svg><svg></svg></svg>")
    made = [page.createElementNS(SVG, "svg"), page.createElementNS(SVG, "s:svg"), *page.querySelectorAll("svg"),
            dom.DOMParser().parseFromString(f"<svg xmlns='{SVG}'/>", "image/svg+xml").documentElement,
            page.createElementNS(SVG, "svg").cloneNode()]
    for element in made:
        assert type(element) is SVGSVGElement
        assert isinstance(element, SVGGraphicsElement) and isinstance(element, SVGElement)
    assert not isinstance(page.createElementNS(None, "svg"), SVGSVGElement)
    assert not isinstance(page.createElementNS(SVG, "g"), SVGSVGElement)
    assert not isinstance(page.createElement("svg"), SVGSVGElement)  # an HTMLUnknownElement


def test_root_element_of_parsed_svg_documents() -> None:
    """https://svgwg.org/svg2-draft/struct.html#__svg__Document__rootElement: the document
    element if it is an SVGSVGElement, else null -- for a DOMParser document of image/svg+xml or
    text/xml alike."""
    parser = dom.DOMParser()
    for type_ in ("image/svg+xml", "text/xml", "application/xml"):
        document = parser.parseFromString(f"<svg xmlns='{SVG}'><svg/></svg>", type_)
        assert document.rootElement is document.documentElement is not None, type_
        assert document.rootElement.localName == "svg"
    assert parser.parseFromString("<svg/>", "image/svg+xml").rootElement is None  # no namespace
    assert parser.parseFromString(f"<g xmlns='{SVG}'/>", "image/svg+xml").rootElement is None
    assert parser.parseFromString(f"<svg xmlns='{SVG}'>", "image/svg+xml").rootElement is None  # parsererror
    assert parser.parseFromString("<svg></svg>", "text/html").rootElement is None  # <html> is the root


def test_root_element_follows_the_document_element() -> None:
    """rootElement is read from the current document element, not kept."""
    document = dom.DOMParser().parseFromString("<r/>", "text/xml")
    assert document.rootElement is None
    document.replaceChild(document.createElementNS(SVG, "svg"), document.documentElement)
    assert document.rootElement is document.documentElement
    document.removeChild(document.documentElement)
    assert document.rootElement is None
    made = dom.parse_html("").implementation.createDocument(SVG, "svg")
    assert made.rootElement is made.documentElement and made.contentType == "image/svg+xml"
