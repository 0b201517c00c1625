"""HTML and XML parsing into the DOM (behind one small interface).

``parse_html`` runs a conformant HTML5 tree builder and stores the result in the DOM's own
representation in one iterative pass:

* ``parser="turbohtml"`` (default): turbohtml, a conformant parser in C, driving this package's
  tree builder (about 15x faster than html5lib, as conformant as justhtml);
* ``parser="justhtml"``: justhtml, the most conformant pure-Python engine on html5lib-tests;
* ``parser="html5lib"``: html5lib with this package's own tree builder (not html5lib's lxml
  builder, which renames attributes and drops characters lxml refuses).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache
from typing import Any

from webidl import join_surrogate_pairs

from .. import registry
from ..html.nonce import hide_nonces_in_document
from ..html.window import create_window
from ..nodes.document import Document, DocumentFragment
from .declarative_shadow import attach_declarative_shadow_roots, may_declare_shadow_roots
from .dom_parser import DOMParser
from .encoding_change import parse_changing_the_encoding
from .freed_memory import collect_dropped_documents, release_freed_memory
from .script_preparation import prepare_parsed_scripts
from .source import Markup, document_url, encoding_label, read_markup
from .tag_starts import Openings, remembered_searches
from .xml import XMLParseError, parse_xml, wrap
from .xml_fragment import xml_fragment_parsing_algorithm

__all__ = ["parse_html", "parse_html_fragment", "parse_xml", "wrap", "XMLParseError", "DOMParser", "PARSERS"]

PARSERS = ("turbohtml", "justhtml", "html5lib")


def parse_html(
    markup: Markup,
    url: str = "about:blank",
    encoding: str | None = None,
    parser: str | None = None,
    csp_header: str | None = None,
    scripting: bool = False,
    declarative_shadow_roots: bool = True,
    container_encoding: str | None = None,
) -> Document:
    """Parse an HTML document (https://html.spec.whatwg.org/#parsing).

    Bytes go through the HTML encoding sniffing algorithm (*encoding* acts as the transport
    layer's charset); the document records the encoding, its URL and its quirks mode.
    *scripting* is the parser's scripting flag (off by default: no scripts run here, so
    ``<noscript>`` content is parsed as markup, as DOMParser does).
    *declarative_shadow_roots* is the document's "allow declarative shadow roots" (true, as for
    a document a browser loads: ``<template shadowrootmode>`` attaches a shadow root).
    *container_encoding*, for a frame's document, is its container document's character encoding
    where the two are same origin: bytes with no BOM, charset or ``<meta>`` take it
    (https://html.spec.whatwg.org/#determining-the-character-encoding step 6).
    *markup* may also be an open file or an ``os.PathLike`` path (see :mod:`dom.parsing.source`:
    other types raise TypeError, an unknown *encoding* label or a relative *url* ValueError).
    The document stands for a page loaded in a browser tab: it has a Window
    (``document.defaultView``) and ``document.location`` (see :mod:`dom.html.window`).
    """
    document = parse_html_without_browsing_context(
        markup, url, encoding, parser, csp_header, scripting, declarative_shadow_roots, container_encoding
    )
    create_window(document)
    return document


@cache  # (a function, not imports in the one below: a parse would resolve each import again)
def _parse_steps() -> tuple[Callable[[Document, str, bool, bool], None],
                            Callable[[str, bool], tuple[Document, frozenset[str] | None]],
                            Callable[..., tuple[str, str]]]:
    """The form element pointer's pass, turbohtml's builder and the encoding sniffing algorithm:
    loaded with the first parse, not with the package (turbohtml takes ~20 ms to import, the
    encodings read their label table from JSON)."""
    # lazy: see above
    from html_infra.encoding.sniffing import sniff_html_encoding

    from .form_pointer import associate_with_form_element_pointer
    from .turbohtml_builder import build_document_and_names

    return associate_with_form_element_pointer, build_document_and_names, sniff_html_encoding


def parse_html_without_browsing_context(
    markup: Markup,
    url: str = "about:blank",
    encoding: str | None = None,
    parser: str | None = None,
    csp_header: str | None = None,
    scripting: bool = False,
    declarative_shadow_roots: bool = True,
    container_encoding: str | None = None,
) -> Document:
    """:func:`parse_html` for documents that have no browsing context (DOMParser's)."""
    started = time.perf_counter()
    markup = read_markup(markup, "parse_html")
    url = document_url(url, "parse_html")
    given = encoding_label(encoding, "parse_html")
    engine = parser or "turbohtml"
    associate_with_form_element_pointer, build_with_turbohtml, sniff_html_encoding = _parse_steps()
    build: Callable[[str, bool], tuple[Document, frozenset[str] | None]]
    if engine == "turbohtml":
        build = build_with_turbohtml
    elif engine == "justhtml":  # lazy: justhtml costs ~50 ms to import, and only this choice needs it
        from .justhtml_builder import build_document as build_justhtml

        def build(text: str, scripting: bool) -> tuple[Document, frozenset[str] | None]:
            return build_justhtml(text, scripting), None
    elif engine == "html5lib":  # lazy: html5lib is an optional, slow-to-import backend
        from .html5lib_builder import build_document as build_html5lib

        def build(text: str, scripting: bool) -> tuple[Document, frozenset[str] | None]:
            return build_html5lib(text, scripting), None
    else:
        raise ValueError(f"unknown parser {parser!r}; choose one of {PARSERS}")

    def tree(text: str, openings: Openings | None = None) -> tuple[Document, frozenset[str] | None]:
        with remembered_searches(text, openings):  # (the passes below ask the builder's questions again)
            try:
                document, names = build(text, scripting)
            except AssertionError:  # html5lib 1.1's own consistency checks fail on some markup
                if engine != "html5lib":
                    raise
                raise ValueError("html5lib cannot parse this markup (an internal assertion failed); "
                                 "the default parser can") from None
            # What the tree builder does beside the tree, which no backend reports.  *names*, where
            # the builder reports them, are the HTML elements it made: a pass about others is skipped.
            if names is None or "form" in names:
                associate_with_form_element_pointer(document, text, scripting, names is None or "template" in names)
            if names is None or "script" in names:
                prepare_parsed_scripts(document, text, names is None or "template" in names)
            if declarative_shadow_roots and (names is None or "template" in names) and may_declare_shadow_roots(text):
                attach_declarative_shadow_roots(document)  # a pass over the finished tree
            return document, names

    collect_dropped_documents(len(markup))
    if isinstance(markup, bytes):
        name, confidence = sniff_html_encoding(markup, encoding, container_encoding=container_encoding)
        # A <meta> declaring another encoding past the prescan's reach re-decodes the bytes.
        document, name = parse_changing_the_encoding(markup, name, confidence, tree)
    else:
        name = given or "UTF-8"
        document = tree(join_surrogate_pairs(markup))[0]  # one spelling for every string of the tree
    document._url = url
    document._encoding = name
    document._csp_header = csp_header
    if csp_header:
        # https://html.spec.whatwg.org/#nonce-attributes: elements becoming connected in a
        # document whose CSP list came from a header hide their nonce content attributes.
        hide_nonces_in_document(document)
    release_freed_memory(len(markup), time.perf_counter() - started)
    return document


def parse_html_fragment(
    markup: str, context: Any, scripting: bool = False, parser: str | None = None
) -> DocumentFragment:
    """The HTML fragment parsing algorithm: a DocumentFragment (in *context*'s document) holding
    the nodes parsed with *context* (an Element) as the context element
    (https://html.spec.whatwg.org/multipage/parsing.html#html-fragment-parsing-algorithm).
    *parser* is one of :data:`PARSERS`, as for :func:`parse_html`."""
    markup = join_surrogate_pairs(markup)
    if parser == "html5lib":
        # lazy: html5lib is an optional, slow-to-import backend
        from .html5lib_builder import build_fragment as build_with_html5lib

        return build_with_html5lib(markup, context, scripting)
    if parser in (None, "turbohtml"):
        # lazy: the Python tree builder (~50 ms to import) serves only contexts turbohtml cannot take
        from .fragment import needs_more_than_a_name, parse_fragment

        if needs_more_than_a_name(context):  # turbohtml takes a context element by name only
            return parse_fragment(markup, context, scripting)
        from .turbohtml_builder import build_fragment  # lazy: turbohtml loads with the first parse

        return build_fragment(markup, context, scripting)
    if parser != "justhtml":
        raise ValueError(f"unknown parser {parser!r}; choose one of {PARSERS}")
    from .justhtml_builder import build_fragment  # lazy: justhtml costs ~50 ms to import

    return build_fragment(markup, context, scripting)


def fragment_parsing_algorithm_steps(context: Any, markup: str) -> DocumentFragment:
    """https://html.spec.whatwg.org/#fragment-parsing-algorithm-steps: a DocumentFragment of
    the nodes parsed with *context* -- the XML fragment parsing algorithm when the context's
    node document is an XML document, the HTML one otherwise."""
    if context._doc._is_html:
        return parse_html_fragment(markup, context)

    new_children = xml_fragment_parsing_algorithm(markup, context)  # step 3
    fragment: DocumentFragment = context._doc.createDocumentFragment()  # step 5
    for node in new_children:  # step 6
        fragment.appendChild(node)
    return fragment

# The node tree, below this floor, reaches the parsers (innerHTML, setHTMLUnsafe, document.write,
# parseHTMLUnsafe) through dom.registry.
registry.fragment_parsing_algorithm_steps = fragment_parsing_algorithm_steps
registry.parse_html = parse_html
registry.parse_html_without_browsing_context = parse_html_without_browsing_context
registry.attach_declarative_shadow_roots = attach_declarative_shadow_roots
