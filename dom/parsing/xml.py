"""XML documents: a hardened lxml parse, and wrapping an existing lxml tree as a Document.

https://html.spec.whatwg.org/#xml-parser -- a browser's XML parser is an XML 1.0 parser with
namespaces that never fetches anything: external entities and DTD subsets are not loaded.
lxml's parser is configured the same way here:

* a resolver answers every request for an external entity or DTD subset: the XHTML public
  identifiers of https://html.spec.whatwg.org/#parsing-xhtml-documents get the HTML named
  character references (so ``&nbsp;`` works in XHTML), anything else gets nothing -- no file is
  read and ``no_network=True``, so nothing is fetched;
* ``resolve_entities="internal"``: entities declared in the internal subset are expanded (as
  browsers do); a reference to an entity declared nowhere is a well-formedness error;
* libxml2's entity amplification limit stays on, so "billion laughs" documents fail fast with
  :class:`XMLParseError` instead of eating memory; ``huge_tree=True`` lifts only the size limits
  on text nodes, so libxml2's hard depth limit (2,048 levels) is the one bound left.

What the DOM has and lxml does not is added after parsing: namespace declarations become
``xmlns``/``xmlns:*`` attributes in the XMLNS namespace (first, in declaration order), and
namespaced attributes keep their prefixes.  CDATA sections, which lxml gives as text, become
CDATASection nodes of the text runs (dom/parsing/cdata_sections.py).
"""

from __future__ import annotations

import re
import weakref
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from lxml import etree

from html_infra.infra import XML_NAMESPACE, XMLNS_NAMESPACE
from webidl import join_surrogate_pairs

from ..lxml_mirror import attr_key_for
from ..nodes.document import Document, DocumentType
from ..nodes.identity import node_for
from ..nodes.mutation import mirror_top_level
from .cdata_sections import keep_cdata_sections
from .source import Markup, document_url, encoding_label, read_markup

if TYPE_CHECKING:
    from ..nodes.element import Element

__all__ = ["parse_xml", "wrap", "XMLParseError", "XML_CONTENT_TYPES"]

XML_CONTENT_TYPES = ("text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml")


class XMLParseError(ValueError):
    """The input is not a well-formed XML document (or it tripped a safety limit).
    ``line`` and ``column`` locate the first error.  (DOMParser does not raise: it returns the
    error document of https://html.spec.whatwg.org/multipage/xhtml.html#xml-parser instead.)"""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        # the encoding the bytes were decoded with, when one was determined (the error
        # document's character encoding, as the document's had it parsed)
        self.encoding: str | None = None


# https://html.spec.whatwg.org/#parsing-xhtml-documents: these public identifiers stand for a DTD
# declaring the HTML named character references; no other external entity is retrieved.
XHTML_ENTITY_PUBLIC_IDS = frozenset({
    "-//W3C//DTD XHTML 1.0 Transitional//EN",
    "-//W3C//DTD XHTML 1.1//EN",
    "-//W3C//DTD XHTML 1.0 Strict//EN",
    "-//W3C//DTD XHTML 1.0 Frameset//EN",
    "-//W3C//DTD XHTML Basic 1.0//EN",
    "-//W3C//DTD XHTML 1.1 plus MathML 2.0//EN",
    "-//W3C//DTD XHTML 1.1 plus MathML 2.0 plus SVG 1.1//EN",
    "-//W3C//DTD MathML 2.0//EN",
    "-//WAPFORUM//DTD XHTML Mobile 1.0//EN",
    "-//WAPFORUM//DTD XHTML Mobile 1.1//EN",
    "-//WAPFORUM//DTD XHTML Mobile 1.2//EN",
})
_entity_dtd: list[str] = []


def _html_entities_dtd() -> str:
    """https://html.spec.whatwg.org/entities.dtd, built from the named character references."""
    if not _entity_dtd:
        from html.entities import html5  # lazy: only XHTML documents with a known public id need it

        declarations = []
        for name, value in html5.items():
            if not name.endswith(";") or name[:-1] in ("amp", "lt", "gt", "quot", "apos"):
                continue
            # "<" and "&" are escaped twice: replacement text is parsed again as markup.
            text = "".join(f"&#38;#{ord(c)};" if c in "<&" else f"&#{ord(c)};" for c in value)
            declarations.append(f'<!ENTITY {name[:-1]} "{text}">')
        _entity_dtd.append("\n".join(declarations))
    return _entity_dtd[0]


class _Resolver(etree.Resolver):
    """Every external entity lxml asks for: the HTML entities DTD for the XHTML public
    identifiers, nothing (an empty entity) for anything else -- no file or network access."""

    def resolve(self, system_url: Any, public_id: Any, context: Any) -> Any:
        if public_id in XHTML_ENTITY_PUBLIC_IDS:
            return self.resolve_string(_html_entities_dtd(), context)
        return self.resolve_string("", context)


def _parser(encoding: str | None = None) -> etree.XMLParser:
    parser = etree.XMLParser(
        encoding=encoding,
        resolve_entities="internal",
        no_network=True,
        load_dtd=True,  # only through _Resolver
        dtd_validation=False,
        huge_tree=True,
        remove_blank_text=False,
        remove_comments=False,
        remove_pis=False,
        strip_cdata=True,
        collect_ids=False,
    )
    parser.resolvers.add(_Resolver())
    return parser


def parse_xml(
    markup: Markup,
    url: str = "about:blank",
    content_type: str = "application/xml",
    encoding: str | None = None,
) -> Document:
    """Parse an XML document (https://html.spec.whatwg.org/#xml-parser) into an XML Document.

    *markup* as bytes is decoded as XML says (BOM, else *encoding* -- the transport layer's
    charset, authoritative over the XML declaration as RFC 7303 section 3.2 says --, else the XML
    declaration, else UTF-8), in the encodings of the Encoding Standard only (see
    :func:`xml_encoding`); a str is parsed as it is (an encoding declaration in it is ignored).
    Raises :class:`XMLParseError` for ill-formed input and for bytes in an encoding a browser
    does not decode (UTF-7, UTF-32, EBCDIC...); an unknown *encoding* label is a ValueError.
    """
    if content_type not in XML_CONTENT_TYPES:
        raise ValueError(f"{content_type!r} is not an XML MIME type; use one of {XML_CONTENT_TYPES}")
    markup = read_markup(markup, "parse_xml")  # also a file or a path; TypeError for other types
    url = document_url(url, "parse_xml")
    transport = encoding_label(encoding, "parse_xml")
    encoding = "UTF-8"
    if not isinstance(markup, str):
        encoding, markup = _decoded(bytes(markup), transport)
    data, parser = join_surrogate_pairs(markup).encode("utf-8", "surrogatepass"), _parser("utf-8")
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        line, column = error.position if error.position else (None, None)
        failure = XMLParseError(str(error), line, column)
        failure.encoding = encoding
        raise failure from None
    document = _document_over(root.getroottree(), html=False, content_type=content_type, url=url)
    document._encoding = encoding
    _declarations_to_attributes(document, root)
    keep_cdata_sections(document, data)
    return document


# Byte signatures of "<?" in encodings outside the Encoding Standard (XML 1.0, appendix F:
# https://www.w3.org/TR/xml/#sec-guessing), tried after the BOM sniff: UTF-32LE's BOM
# (FF FE 00 00) is UTF-16LE's BOM followed by a NUL, so it decodes as UTF-16LE (to ill-formed XML).
_FOREIGN_SIGNATURES = (
    (b"\x00\x00\xfe\xff", "UTF-32BE"),
    (b"\x00\x00\x00<", "UTF-32BE"), (b"<\x00\x00\x00", "UTF-32LE"), (b"Lo\xa7\x94", "EBCDIC"),
)


@cache
def _declared_label() -> re.Pattern[bytes]:
    """The XML declaration's encoding label (compiled at the first XML bytes parsed)."""
    return re.compile(rb"<\?xml[^>]*?\sencoding\s*=\s*[\"']([^\"'>]*)")


def xml_encoding(data: bytes) -> str:
    """The encoding of an XML document's bytes, from the encodings of the Encoding Standard only
    (https://html.spec.whatwg.org/#character-encodings: "User agents must not support other
    encodings", which rules out UTF-7, UTF-32 and EBCDIC): a BOM
    (https://encoding.spec.whatwg.org/#bom-sniff), else UTF-16 as XML 1.0 detects it without
    one (``<?`` in UTF-16), else the XML declaration read as
    https://html.spec.whatwg.org/#concept-get-xml-encoding-when-sniffing reads it, else UTF-8.
    A declared label the Encoding Standard does not define, or one of its "replacement"
    encodings, is an :class:`XMLParseError`: libxml2 would decode UTF-7 and the others."""
    # lazy: the encodings (their label table, read from JSON) load at the first bytes decoded or label looked up
    from html_infra.encoding.encodings import bom_sniff
    from html_infra.encoding.sniffing import get_an_xml_encoding

    sniffed = bom_sniff(data)
    if sniffed is not None:
        return sniffed
    for signature, name in _FOREIGN_SIGNATURES:
        if data.startswith(signature):
            raise XMLParseError(f"{name} is not an encoding of the Encoding Standard; browsers do not decode it")
    if data.startswith(b"<\x00?\x00"):
        return "UTF-16LE"
    if data.startswith(b"\x00<\x00?"):
        return "UTF-16BE"
    encoding = get_an_xml_encoding(data)
    declared = _declared_label().match(data)
    if declared is not None and (encoding is None or encoding == "replacement"):
        label = declared.group(1).decode("latin-1")
        raise XMLParseError(f"encoding {label!r} is not one the Encoding Standard decodes; browsers do not decode it")
    return encoding or "UTF-8"


def _decoded(data: bytes, transport: str | None = None) -> tuple[str, str]:
    """The encoding of XML bytes *data* and the text they decode to (an XML processor's
    error mode is "fatal": https://encoding.spec.whatwg.org/#decode-and-encode).  A BOM wins
    over the *transport* encoding, which wins over the XML declaration."""
    # lazy: the encodings (their label table, read from JSON) load at the first bytes decoded or label looked up
    from html_infra.encoding.encodings import bom_sniff, decode_no_bom

    encoding = xml_encoding(data) if transport is None or bom_sniff(data) is not None else transport
    if encoding == "replacement":  # a label of an encoding browsers refuse (ISO-2022-KR and others)
        raise XMLParseError("the transport encoding is one the Encoding Standard does not decode")
    bom = {"UTF-8": b"\xef\xbb\xbf", "UTF-16LE": b"\xff\xfe", "UTF-16BE": b"\xfe\xff"}.get(encoding)
    if bom is not None and data.startswith(bom):
        data = data[len(bom):]
    try:
        return encoding, decode_no_bom(data, encoding, "strict")
    except UnicodeDecodeError as error:
        failure = XMLParseError(f"the bytes are not valid {encoding} (byte {error.start})")
        failure.encoding = encoding
        raise failure from None


# Documents made by wrap(), by the lxml root element they hold (so wrapping twice gives the
# same Document, as long as it lives).
_WRAPPED: weakref.WeakValueDictionary[Any, Document] = weakref.WeakValueDictionary()


def wrap(tree: Any, url: str = "about:blank", html: bool | None = None) -> Document:
    """A Document over an existing lxml tree (an ``_ElementTree`` or any of its elements),
    *without copying it*: DOM mutations change the tree, and its nodes are the DOM's nodes.

    *html* says whether it is an HTML document (unprefixed tags are HTML elements, as in trees
    from ``lxml.html``); by default it is when the root's tag is ``html`` without a namespace.
    The tree is not rewritten: namespace declarations (lxml's ``nsmap``) are not exposed as
    ``xmlns`` attributes, unlike :func:`parse_xml`.  Entity references are replaced by their
    text.  Editing the tree with lxml while holding DOM Text nodes of it loses their identity
    (see dom/README.md).
    """
    if isinstance(tree, etree._ElementTree):
        element_tree = tree
    elif isinstance(tree, etree._Element):
        element_tree = tree.getroottree()
    else:
        raise TypeError(f"wrap() needs an lxml ElementTree or element, not {type(tree).__name__}")
    root = element_tree.getroot()
    if root is None:
        raise ValueError("the lxml tree has no root element")
    found = _WRAPPED.get(root)
    if found is not None:
        return found
    if html is None:
        html = root.tag == "html"
    _replace_entities(root)
    document = _document_over(
        element_tree, html=html, content_type="text/html" if html else "application/xml", url=url
    )
    _attribute_prefixes(document, root)
    _WRAPPED[root] = document
    return document


def _document_over(element_tree: Any, html: bool, content_type: str, url: str) -> Document:
    """A Document whose tree is *element_tree*: doctype from docinfo, top-level comments and
    PIs from the root's siblings."""
    document = Document._new(html, content_type, url)
    root = element_tree.getroot()
    info = element_tree.docinfo
    if info.doctype:
        name = info.root_name or ""
        doctype = DocumentType(document, name, info.public_id or "", info.system_url or "")
        doctype._parent = document
        document._children_list.append(doctype)
    before = list(root.itersiblings(preceding=True))
    before.reverse()
    after = list(root.itersiblings())
    for lx in [*before, root, *after]:
        if lx.tag is etree.Entity:
            continue
        document._children_list.append(node_for(lx, document))
    mirror_top_level(document)
    return document


def _replace_entities(root: Any) -> None:
    """Entity references (``lxml.etree._Entity``) have no DOM node: their text replaces them."""
    for entity in list(root.iter(etree.Entity)):
        parent = entity.getparent()
        text = entity.text + (entity.tail or "")
        previous = entity.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + text
        else:
            parent.text = (parent.text or "") + text
        parent.remove(entity)


def _prefix_in_scope(lx: etree._Element, namespace: str) -> str | None:
    if namespace == XML_NAMESPACE:
        return "xml"
    for prefix, uri in lx.nsmap.items():
        if uri == namespace and prefix is not None:
            return prefix
    return None


def _attribute_prefixes(document: Document, root: Any) -> None:
    """Namespaced attributes keep the prefix they were written with (wrapper state only)."""
    for lx in root.xpath("descendant-or-self::*[@*[namespace-uri() != '']]"):
        element = cast("Element", node_for(lx, document))
        for key in lx.attrib:
            if key[0] == "{":
                namespace = key[1 : key.index("}")]
                prefix = _prefix_in_scope(lx, namespace)
                if prefix is not None:
                    element._writable_attr_extra()[key] = (prefix, None)


def _declarations_to_attributes(document: Document, root: Any) -> None:
    """Namespace declarations become xmlns attributes (the DOM keeps them as attributes), and
    namespaced attributes keep their prefixes."""
    _attribute_prefixes(document, root)
    pending: list[tuple[str | None, str]] = []
    for event, item in etree.iterwalk(root, events=("start-ns", "start")):
        if event == "start-ns":
            pending.append(cast("tuple[str | None, str]", item))  # (prefix, URI)
            continue
        if not pending:
            continue
        lx = cast(etree._Element, item)  # a "start" event's element
        element = cast("Element", node_for(lx, document))
        others = [(key, value) for key, value in lx.attrib.items()]
        extras = dict(element._attr_extra or {})
        lx.attrib.clear()
        element._attr_extra = None
        for prefix, uri in pending:
            if prefix:
                key = attr_key_for(XMLNS_NAMESPACE, "xmlns", prefix)
                element._store_attribute(key, "xmlns", uri)
            else:
                key = attr_key_for(XMLNS_NAMESPACE, None, "xmlns")
                element._store_attribute(key, None, uri)
        for key, value in others:
            element._store_attribute(key, extras.get(key, (None, None))[0], value)
        pending = []
    document._version = 0
