"""DOMParser (https://html.spec.whatwg.org/#dom-parsing-and-serialization)."""

from __future__ import annotations

from typing import Literal

from webidl.operations import operations

from .. import parsing
from ..nodes.document import Document, default_document
from .xml import XMLParseError, parse_xml

__all__ = ["DOMParser", "PARSERERROR_NAMESPACE", "parse_error_document"]

# The namespace browsers use for the element that reports an XML parse error.
PARSERERROR_NAMESPACE = "http://www.mozilla.org/newlayout/xml/parsererror.xml"

# https://html.spec.whatwg.org/#domparsersupportedtype (the binding refuses any other string)
DOMParserSupportedType = Literal["text/html", "text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml"]


@operations("DOMParser", "parseFromString")
class DOMParser:
    """https://html.spec.whatwg.org/#domparser"""

    __slots__ = ("_document",)

    def __init__(self) -> None:
        """https://html.spec.whatwg.org/#dom-domparser-constructor -- the new object's relevant
        global object is the current one: its associated Document (``set_default_document``)
        gives the URL and the origin of the documents this parser makes."""
        self._document = default_document()

    def parseFromString(self, string: str, type: DOMParserSupportedType) -> Document:
        """https://html.spec.whatwg.org/#dom-domparser-parsefromstring -- an HTML document
        (scripting disabled) or an XML document; ill-formed XML gives a document whose element
        is a ``parsererror`` describing the error, as in browsers."""
        # step 2: the new document's URL is this's relevant global object's associated Document's URL
        url = self._document.URL
        if type == "text/html":  # allow declarative shadow roots is false for DOMParser
            document = parsing.parse_html_without_browsing_context(string, url=url, declarative_shadow_roots=False)
        else:
            try:
                document = parse_xml(string, url=url, content_type=type)
            except XMLParseError as error:
                document = parse_error_document(error, type, url)
        # step 2 as whatwg/html#12881 completes it: the origin too is the associated Document's
        # (as DOM's createDocument() and new Document() take their creator's)
        document._origin_from(self._document)
        return document


def parse_error_document(error: XMLParseError, content_type: str, url: str) -> Document:
    """The XML document of *content_type* browsers make of ill-formed XML: its element is a
    ``parsererror`` describing *error* (the HTML Standard lets an XML document's parse errors be
    "reported inline by mutating the Document", https://html.spec.whatwg.org/#read-xml)."""
    document = Document._new(False, content_type, url)
    if error.encoding is not None:
        document._encoding = error.encoding
    report = document.createElementNS(PARSERERROR_NAMESPACE, "parsererror")
    report.textContent = f"XML Parsing Error: {error}"
    document.appendChild(report)
    return document
