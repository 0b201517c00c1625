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
