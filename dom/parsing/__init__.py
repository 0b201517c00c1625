"""HTML and XML parsing into the DOM (behind one small interface).

``parse_html`` runs a conformant HTML5 tree builder and stores the result in the DOM's own
representation in one iterative pass:

* ``parser="justhtml"`` (default): justhtml, the most conformant Python engine on html5lib-tests;
* ``parser="html5lib"``: html5lib with this package's own tree builder (not html5lib's lxml
  builder, which renames attributes and drops characters lxml refuses).
"""

from __future__ import annotations

from typing import Any

from html_infra.encoding import decode, get_an_encoding, sniff_html_encoding
from webidl import join_surrogate_pairs

from ..nodes.document import Document
from .dom_parser import DOMParser
from .justhtml_builder import build_document, build_fragment
from .xml import XMLParseError, parse_xml, wrap

__all__ = ["parse_html", "parse_html_fragment", "parse_xml", "wrap", "XMLParseError", "DOMParser", "PARSERS"]

PARSERS = ("justhtml", "html5lib")


def parse_html(
    markup: str | bytes,
    url: str = "about:blank",
    encoding: str | None = None,
    parser: str | None = None,
    csp_header: str | None = None,
    scripting: bool = False,
) -> Document:
    """Parse an HTML document (https://html.spec.whatwg.org/#parsing).

    Bytes go through the HTML encoding sniffing algorithm (*encoding* acts as the transport
    layer's charset); the document records the encoding, its URL and its quirks mode.
    *scripting* is the parser's scripting flag (off by default: no scripts run here, so
    ``<noscript>`` content is parsed as markup, as DOMParser does).
    """
    if isinstance(markup, (bytes, bytearray, memoryview)):
        name, _confidence = sniff_html_encoding(bytes(markup), transport_charset=encoding)
        text = decode(bytes(markup), name)
    else:
        text = join_surrogate_pairs(markup)  # one spelling for every string of the tree
        name = get_an_encoding(encoding) if encoding else "UTF-8"
        if name is None:
            raise ValueError(f"unknown encoding label {encoding!r}")
    engine = parser or "justhtml"
    if engine == "justhtml":
        document = build_document(text, scripting)
    elif engine == "html5lib":
        from .html5lib_builder import build_document as build_with_html5lib

        try:
            document = build_with_html5lib(text, scripting)
        except AssertionError:  # html5lib 1.1's own consistency checks fail on some markup
            raise ValueError("html5lib cannot parse this markup (an internal assertion failed); "
                             "the default parser can") from None
    else:
        raise ValueError(f"unknown parser {parser!r}; choose one of {PARSERS}")
    document._url = url
    document._encoding = name
    document._csp_header = csp_header
    if csp_header:
        # https://html.spec.whatwg.org/#nonce-attributes: elements becoming connected in a
        # document whose CSP list came from a header hide their nonce content attributes.
        from ..html.nonce import hide_nonces_in_document

        hide_nonces_in_document(document)
    return document


def parse_html_fragment(markup: str, context: Any, scripting: bool = False, parser: str | None = None) -> Any:
    """The HTML fragment parsing algorithm: a DocumentFragment (in *context*'s document) holding
    the nodes parsed with *context* (an Element) as the context element
    (https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm).
    *parser* is one of :data:`PARSERS`, as for :func:`parse_html`."""
    markup = join_surrogate_pairs(markup)
    if parser == "html5lib":
        from .html5lib_builder import build_fragment as build_with_html5lib

        return build_with_html5lib(markup, context, scripting)
    if parser not in (None, "justhtml"):
        raise ValueError(f"unknown parser {parser!r}; choose one of {PARSERS}")
    return build_fragment(markup, context, scripting)
