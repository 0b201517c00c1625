"""turbohtml's tree, stored in the DOM's representation as the parser makes it.

turbohtml (https://pypi.org/project/turbohtml/) runs the HTML Standard's tokenizer and tree
construction in C.  Its ``parse_into`` hands the finished tree to a *tree builder* (one call per
node, in document order, each followed by an ``append`` under its parent) without building
turbohtml's own node objects; the builder here turns those calls straight into lxml elements
(``etree.SubElement`` with the attribute dict) through the store helpers every backend shares
(:class:`~dom.parsing.tree_store.Builder`: XML-illegal strings, attribute prefixes and
processing-instruction targets are kept exactly).

``parse_into`` has no scripting flag and no fragment mode; with the scripting flag on, and for
fragments, turbohtml's own tree (``turbohtml.parse`` / ``parse_fragment``) is walked instead,
feeding the same builder.

Documents are built first by the C extension's TreeBuilder (dom/parsing/tree_builder_speedups.c):
the same protocol storing straight into libxml2, about five times faster; it declines what only
this module's builder stores (strings lxml refuses, declarative shadow roots), which is then
built here.  _TurboBuilder stays the reference the C one is tested against.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

import turbohtml
from lxml import etree
from lxml.etree import SubElement
from turbohtml.treebuild import parse_into

from html_infra.infra import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE

from ..cssom.parsed_sheet_owners import note_parsed_sheet_owners
from ..lxml_mirror import attr_key_for, element_nsmap, needs_escape, tag_for
from ..nodes.document import Document, DocumentFragment, DocumentType
from ..nodes.element import Element
from ..nodes.identity import node_for
from ..nodes.mutation import mirror_top_level
from ..nodes.parsed_attribute_census import forget_parsed_attribute_census, note_parsed_attribute_census
from ..nodes.speedups import extension
from ..selectors.namespaced_elements import note_no_namespaced_element
from .attribute_lists import LONG_ATTRIBUTE_LIST
from .declarative_shadow import may_declare_shadow_roots
from .encoding_change import note_parsed_metas
from .form_pointer import note_parsed_forms
from .quirks import doctype_mode
from .script_preparation import note_parsed_scripts
from .tree_store import FOREIGN_ATTRIBUTES, Builder

if TYPE_CHECKING:
    from ..html.elements import HTMLTemplateElement

__all__ = ["build_document", "build_document_and_names", "build_fragment"]


def build_document_with_justhtml(text: str, scripting: bool) -> Document:
    """The document justhtml builds, for markup turbohtml cannot take (see the callers)."""
    from .justhtml_builder import build_document  # lazy: justhtml costs ~50 ms to import, needed rarely

    return build_document(text, scripting)


def build_fragment_with_justhtml(text: str, context: Element, scripting: bool) -> DocumentFragment:
    """The fragment justhtml builds, for markup or a context turbohtml cannot take."""
    from .justhtml_builder import build_fragment  # lazy: justhtml costs ~50 ms to import, needed rarely

    return build_fragment(text, context, scripting)


_NAMESPACE_URIS = {
    turbohtml.Namespace.HTML: HTML_NAMESPACE,
    turbohtml.Namespace.SVG: SVG_NAMESPACE,
    turbohtml.Namespace.MATHML: MATHML_NAMESPACE,
}
# turbohtml's fragment parser names a foreign context element as html5lib-tests do.
_CONTEXT_PREFIX = {SVG_NAMESPACE: "svg ", MATHML_NAMESPACE: "math "}

# An element handle: [lxml element or None, its last lxml child so far or None, local name,
# namespace, attributes, children kept for later or None].  Elements are created detached and
# appended at once (document order), so the lxml element is made at the append, under its
# parent (a detached lxml element would cost a libxml2 document each).  Children of a template
# (its contents) and everything below them are kept as handles until the template's content
# fragment exists.
_LX, _LAST, _NAME, _NAMESPACE, _ATTRS, _KEPT, _DEPTH = range(7)
# turbohtml, like Chromium and WebKit, stops nesting at 512 open elements and inserts deeper ones
# as siblings; the HTML Standard sets no such limit, so a tree reaching that depth is parsed
# again with justhtml.
_NESTING_LIMIT = 512
_COMMENT = "#comment"
_PI = "#pi"
_DOCTYPE = "#doctype"


def _attributes(namespace: str, attrs: Any) -> list[tuple[str, str | None, str]]:
    """(lxml key, DOM prefix, value) for the parser's (name, value) pairs; foreign elements get
    https://html.spec.whatwg.org/#adjust-foreign-attributes (turbohtml reports the qualified
    name, e.g. ``xlink:href``)."""
    foreign = namespace != HTML_NAMESPACE
    items: list[tuple[str, str | None, str]] = []
    for name, value in attrs:
        value = "" if value is None else value
        if foreign and name in FOREIGN_ATTRIBUTES:
            ns, prefix, local = FOREIGN_ATTRIBUTES[name]
            items.append((attr_key_for(ns, prefix, local), prefix, value))
        else:
            items.append((attr_key_for(None, None, name), None, value))
    return items


class _TurboBuilder(Builder):
    """turbohtml's tree-builder protocol (``turbohtml.treebuild.TreeBuilder``) over the store."""

    def __init__(self, document: Document) -> None:
        super().__init__(document)
        self.root_handle: list[Any] = [None, None, "", "", (), None, 0]
        self.too_deep = False  # an element at turbohtml's nesting limit
        self.top_level: list[Any] = []  # the document's children, as handles
        self.checked = True  # whether strings may hold characters lxml refuses (see :func:`_is_clean`)
        self.tags: dict[str, str] = {}  # HTML local name -> lxml tag
        self.keys: dict[str, str] = {}  # attribute name -> lxml key

    # -- the protocol ---------------------------------------------------------------------------

    def create_document(self) -> list[Any]:
        return self.root_handle

    def create_doctype(self, name: str, public_id: str | None, system_id: str | None) -> tuple[str, ...]:
        return (_DOCTYPE, name or "", public_id or "", system_id or "")

    def create_element(self, name: str, namespace: str, attrs: Any) -> list[Any]:
        return [None, None, name, namespace, attrs, None, 0]

    def create_text(self, data: str) -> str:
        return data

    def create_comment(self, data: str) -> tuple[str, str]:
        return (_COMMENT, data)

    def create_pi(self, target: str, data: str) -> tuple[str, str]:
        return (_PI, f"{target} {data}")

    def append(self, parent: list[Any], child: Any) -> None:
        kind = type(child)
        if parent[_KEPT] is None and parent is not self.root_handle:
            lx = parent[_LX]
            if kind is list:
                depth = child[_DEPTH] = parent[_DEPTH] + 1
                if depth >= _NESTING_LIMIT:
                    self.too_deep = True
                parent[_LAST] = self.place_element(child, lx)
            elif kind is str:
                last = parent[_LAST]
                if self.checked:
                    self.add_text(lx, last, child)
                elif last is None:
                    lx.text = (lx.text or "") + child
                else:
                    last.tail = (last.tail or "") + child
            elif child[0] is _COMMENT:
                parent[_LAST] = self.add_comment(lx, child[1])
            else:
                parent[_LAST] = pi = self.make_pi(child[1])
                lx.append(pi)
        elif parent is self.root_handle:
            self.top_level.append(child)
            if kind is list:
                child[_DEPTH] = 1
                self.place_element(child, None)
        else:  # inside template contents: built once the content exists
            if kind is list:
                child[_KEPT] = []
                child[_DEPTH] = depth = parent[_DEPTH] + 1
                if depth >= _NESTING_LIMIT:
                    self.too_deep = True
            parent[_KEPT].append(child)

    # -- storing --------------------------------------------------------------------------------

    def place_element(self, handle: list[Any], parent_lx: Any | None) -> Any:
        """Make the lxml element for *handle* under *parent_lx* (None: a root)."""
        name = handle[_NAME]
        namespace = handle[_NAMESPACE]
        attrs = handle[_ATTRS]
        if self.checked or parent_lx is None or namespace != HTML_NAMESPACE or len(attrs) >= LONG_ATTRIBUTE_LIST:
            attributes = _attributes(namespace, attrs) if attrs else []
            lx = self.store_element(namespace, name, attributes, parent_lx)
        else:  # an HTML element whose strings need no escaping: the common case, kept short
            tag = self.tags.get(name)
            if tag is None:
                tag = self.tags[name] = tag_for(HTML_NAMESPACE, None, name, True)
            # Attributes one set() at a time: lxml takes about twice as long for an attribute dict.
            lx = SubElement(parent_lx, tag) if tag[0] != "{" else SubElement(parent_lx, tag, nsmap=element_nsmap(tag))
            if attrs:
                keys = self.keys
                put = lx.set
                for attr_name, value in attrs:
                    key = keys.get(attr_name)
                    if key is None:
                        key = keys[attr_name] = attr_key_for(None, None, attr_name)
                    put(key, "" if value is None else value)
            self.created.append(lx)
        handle[_LX] = lx
        if name == "template" and namespace == HTML_NAMESPACE:
            handle[_KEPT] = []
            self.templates.append((lx, handle))
        return lx

    def build_children(self, source: list[Any], lx_parent: Any) -> None:
        """Store the kept children of template handle *source* under *lx_parent* (its content's
        lxml node), iteratively; nested templates wait for their own content again."""
        stack = [(source, lx_parent)]
        while stack:
            handle, lx = stack.pop()
            last = None
            for child in handle[_KEPT]:
                kind = type(child)
                if kind is str:
                    self.add_text(lx, last, child)
                elif kind is list:
                    kept = child[_KEPT]
                    child[_KEPT] = None
                    last = self.place_element(child, lx)
                    if child[_KEPT] is not None:  # a template: its kept children are its contents
                        child[_KEPT] = kept
                    elif kept:
                        child[_KEPT] = kept
                        stack.append((child, last))
                elif child[0] is _COMMENT:
                    last = self.add_comment(lx, child[1])
                else:
                    last = self.make_pi(child[1])
                    lx.append(last)

    def feed_node(self, parent: list[Any], node: Any) -> None:
        """Feed turbohtml node *node* and its subtree to the protocol, iteratively (the walk used
        where ``parse_into`` cannot be: the scripting flag on, fragments)."""
        stack = [(parent, node)]
        while stack:
            parent_handle, current = stack.pop()
            kind = type(current)
            if kind is turbohtml.Text:
                self.append(parent_handle, current.data)
                continue
            if kind is turbohtml.Element:
                attrs = tuple((name, current.attr(name)) for name in current.attrs)
                handle = self.create_element(current.tag, _NAMESPACE_URIS[current.namespace], attrs)
                self.append(parent_handle, handle)
                children = current.children
                if children and type(children[0]) is turbohtml.DocumentFragment:
                    children = children[0].children  # a template's contents
                stack.extend((handle, child) for child in reversed(children))
            elif kind is turbohtml.Comment:
                self.append(parent_handle, (_COMMENT, current.data))
            elif kind is turbohtml.ProcessingInstruction:
                self.append(parent_handle, self.create_pi(current.target, current.data))
            elif kind is turbohtml.Doctype:
                self.append(parent_handle, self.create_doctype(current.name, current.public_id, current.system_id))
            elif kind is turbohtml.CData:  # not made by the HTML parser; its data is text
                self.append(parent_handle, current.data)


_NUMERIC_REFERENCE = re.compile(r"&#(?:[xX]([0-9a-fA-F]+)|([0-9]+))")


def _is_clean(text: str) -> bool:
    """Whether no string the parser makes from *text* can hold a character lxml refuses, so the
    builder may skip checking each one.  The parser's strings come from the input, from named
    character references (none of which is such a character) and from numeric ones
    (https://html.spec.whatwg.org/#numeric-character-reference-end-state keeps C0 controls and
    noncharacters such as U+FFFF)."""
    if needs_escape(text):
        return False
    if "&#" not in text:
        return True
    for match in _NUMERIC_REFERENCE.finditer(text):
        hex_digits, digits = match.groups()
        value = int(hex_digits, 16) if hex_digits else int(digits)
        if (value < 0x20 and value not in (0x00, 0x09, 0x0A, 0x0D)) or value in (0xFFFE, 0xFFFF):
            return False
    return True


def build_document(text: str, scripting: bool = False) -> Document:
    """Parse *text* as an HTML document with turbohtml and build the DOM (see
    :func:`build_document_and_names`)."""
    return build_document_and_names(text, scripting)[0]


def build_document_and_names(text: str, scripting: bool = False) -> tuple[Document, frozenset[str] | None]:
    """Parse *text* as an HTML document with turbohtml and build the DOM; with it, the local
    names of the HTML elements made (template contents included) where the C tree builder made
    them, else None (not known): the passes over the finished tree skip a name it lacks.

    A lone surrogate is a parse error that the standard keeps in the input stream
    (https://html.spec.whatwg.org/#preprocessing-the-input-stream: "surrogate-in-input-stream"),
    and this package keeps it in every string of the tree as a browser's DOMString does.
    turbohtml keeps it in text and attribute values but cannot hand out an attribute name
    holding one (its attribute dict raises UnicodeDecodeError): such markup is parsed with
    justhtml, which keeps it there too."""
    if not scripting and _TreeBuilder is not None:
        # (parse_into attaches declarative shadow roots itself and reports neither them nor
        # their templates: markup that may declare one is built with the attribute renamed)
        built = _build_declarative_in_c(text) if may_declare_shadow_roots(text) else _build_document_in_c(text)
        if built is not None:
            return built
    clean = _is_clean(text)
    try:
        return _build_document(text, scripting, checked=not clean), None
    except UnicodeDecodeError:
        return build_document_with_justhtml(text, scripting), None
    except ValueError:  # lxml refused a string after all: build again, checking each one
        if not clean:
            raise
        return _build_document(text, scripting, checked=True), None


def _build_document(text: str, scripting: bool, checked: bool) -> Document:
    document = Document._new(True, "text/html")
    builder = _TurboBuilder(document)
    builder.checked = checked
    if scripting or may_declare_shadow_roots(text):
        # parse_into attaches declarative shadow roots to turbohtml's own tree and hands the
        # builder none of their content; the templates are kept for the declarative pass of
        # dom/parsing/declarative_shadow.py instead.
        tree = turbohtml.parse(text, scripting=scripting, allow_declarative_shadow_roots=False)
        for child in tree.children:
            builder.feed_node(builder.root_handle, child)
    else:
        parse_into(text, builder)  # type: ignore[misc]  # turbohtml types one handle type; this builder has several
    doctype_seen = None
    children = document._children_list
    for child in builder.top_level:
        kind = type(child)
        if kind is list:
            children.append(node_for(child[_LX], document))
        elif child[0] is _COMMENT:
            children.append(document.createComment(child[1]))
        elif child[0] is _PI:
            children.append(node_for(builder.make_pi(child[1]), document))
        elif kind is tuple:  # the doctype
            doctype = DocumentType(document, child[1], child[2], child[3])
            doctype._parent = document
            children.append(doctype)
            doctype_seen = child
    builder.finish()
    if builder.too_deep:
        return _deep_document(text, scripting)
    mirror_top_level(document)
    document._mode = _quirks_mode(text, doctype_seen)
    return document


# The C tree builder (dom/parsing/tree_builder_speedups.c), when the extension has one that runs
# on this lxml; it builds what _TurboBuilder builds, for a document whose strings need no checks.
_TreeBuilder: Any = None
if extension is not None and hasattr(extension, "TreeBuilder"):
    try:
        extension.TreeBuilder(etree.Element("probe"), HTML_NAMESPACE, None, None, None)
        _TreeBuilder = extension.TreeBuilder
    except ImportError:  # libxml2's functions could not be found in lxml.etree: the reference builds
        pass


# (the C builder asks once per name per document: cached, a name costs a dict lookup in C
# instead of a Python call from the second document on)
@lru_cache(maxsize=4096)
def _resolve_tag(name: str, namespace: str) -> tuple[str | None, str]:
    """(namespace in lxml, local name in lxml) of an element the parser names, for the C builder."""
    tag = tag_for(namespace, None, name, True)
    if tag[0] == "{":
        href, _, local = tag[1:].partition("}")
        return href, local
    return None, tag


@lru_cache(maxsize=4096)
def _resolve_attr(name: str, foreign: bool) -> tuple[str, str | None, str, str | None]:
    """(lxml key, its namespace, its local name, the DOM prefix the wrapper keeps or None) of an
    attribute the parser names (on a foreign element when *foreign*), for the C builder: the
    key and prefix :func:`_attributes` and ``Builder.store_element`` give it."""
    if foreign and name in FOREIGN_ATTRIBUTES:
        namespace, prefix, local = FOREIGN_ATTRIBUTES[name]
        key = attr_key_for(namespace, prefix, local)
    else:
        prefix = None
        key = attr_key_for(None, None, name)
    if key[0] != "{":
        return key, None, key, None
    href, _, local = key[1:].partition("}")
    return key, href, local, None if prefix is None or href.startswith("urn:x-webdom:") else prefix


# What shadowrootmode is renamed to for parse_into (see _build_declarative_in_c)
_MODE_STAND_IN = "data-webdom-declared-shadowrootmode"


def _build_declarative_in_c(text: str) -> tuple[Document, frozenset[str] | None] | None:
    """_build_document_in_c for markup that may declare shadow roots: with every shadowrootmode
    renamed, parse_into reports the templates as ordinary ones, which the declarative pass of
    dom/parsing/declarative_shadow.py then attaches, as it does for the reference's tree.  The
    names go back to shadowrootmode, in their places, when each one renamed is a template's
    attribute name (as it is in pages); else None (the reference builds the document)."""
    if extension is None or extension.contains_ascii_case_insensitive(text, _MODE_STAND_IN):
        return None
    pieces: list[str] = []
    start = 0
    while (found := extension.find_ascii_case_insensitive(text, "shadowrootmode", start, len(text))) >= 0:
        pieces += (text[start:found], _MODE_STAND_IN)
        start = found + len("shadowrootmode")
    pieces.append(text[start:])
    every: list[Any] = []  # the templates the builder made, contents' included
    built = _build_document_in_c("".join(pieces), every)
    if built is None or built[0]._deep:  # (a deep tree is parsed again by justhtml, from the renamed text)
        return None
    templates = [lx for lx in every if lx.get(_MODE_STAND_IN) is not None]
    if len(templates) != len(pieces) // 2:  # a renamed one was in text, a comment, another name ...
        return None
    for lx in templates:
        items = lx.items()
        lx.attrib.clear()
        for key, value in items:
            lx.set("shadowrootmode" if key == _MODE_STAND_IN else key, value)
    if templates:
        forget_parsed_attribute_census(built[0])  # (it noted the attributes renamed, now freed)
    return built


def _deep_document(text: str, scripting: bool) -> Document:
    """The document of a tree that reaches turbohtml's nesting limit, parsed by justhtml (which
    has none), known to be deep."""
    document = build_document_with_justhtml(text, scripting)
    document._deep = True
    document._anchor_deep_tree()
    return document


def _build_document_in_c(text: str,
                         templates: list[Any] | None = None) -> tuple[Document, frozenset[str] | None] | None:
    """The document _build_document makes, built by the C tree builder, and the local names of
    its HTML elements; None when it meets what only the reference stores (strings lxml refuses,
    declarative shadow roots: then nothing of its work is kept).  Each template element made
    (in template contents too) is added to *templates*, if given."""
    document = Document._new(True, "text/html")
    owners: dict[Any, Document] = {}  # a content fragment's container -> its node document

    def template_content(template_lx: Any) -> Any:
        # The template's wrapper makes its content (https://html.spec.whatwg.org/#template-contents)
        # in the node document of the document, or of the content, the template is in.
        if templates is not None:
            templates.append(template_lx)
        owner = owners.get(template_lx.getroottree().getroot(), document)
        content = cast("HTMLTemplateElement", node_for(template_lx, owner)).content
        owners[content._lx] = content._doc
        return content._lx

    host = etree.Element("webdom-host")  # its libxml2 document becomes the tree's
    builder = _TreeBuilder(host, HTML_NAMESPACE, _resolve_tag, _resolve_attr, template_content)
    try:
        parse_into(text, builder)
    except ValueError:  # a string lxml refuses after all (UnicodeError included): the reference decides
        return None
    top, attr_extras, too_deep, unsupported, namespaced, html_names, noted, census = builder.finish()
    if unsupported:
        return None
    if too_deep:
        return _deep_document(text, False), None
    children = document._children_list
    doctype_seen = None
    for entry in top:
        if type(entry) is not tuple:
            children.append(node_for(entry, document))
        elif entry[0] == _COMMENT:
            children.append(document.createComment(entry[1]))
        else:
            doctype = DocumentType(document, entry[1], entry[2], entry[3])
            doctype._parent = document
            children.append(doctype)
            doctype_seen = entry
    for lx, key, prefix, _ in attr_extras:
        owner = owners.get(lx.getroottree().getroot(), document)
        extra = cast(Element, node_for(lx, owner))._writable_attr_extra()
        extra[key] = (prefix, extra.get(key, (None, None))[1])
    if len(children) > (doctype_seen is not None) + 1:  # a comment or PI beside the doctype and the root
        mirror_top_level(document)
    document._mode = _quirks_mode(text, doctype_seen)
    root = document.documentElement
    if root is not None and not namespaced:
        note_no_namespaced_element(document, root._lx)
    # the elements the passes after the build look for, as the builder met them (see its finish())
    sheet_owners, forms, scripts, metas = noted
    note_parsed_sheet_owners(document, sheet_owners)
    note_parsed_forms(document, forms)
    note_parsed_scripts(document, scripts)
    note_parsed_metas(document, metas)
    note_parsed_attribute_census(document, census)
    return document, html_names


# The first token of most documents: the DOCTYPE that sets no quirks mode
# (https://html.spec.whatwg.org/#doctype-state, #before-doctype-name-state, #after-doctype-name-state).
_STANDARD_DOCTYPE = re.compile(r"[\t\n\f\r ]*<!doctype[\t\n\f\r ]+html[\t\n\f\r ]*>", re.IGNORECASE | re.ASCII)
_DOCTYPE_START = re.compile("<!doctype", re.IGNORECASE | re.ASCII)
_COMMON_STANDARD_DOCTYPES = ("<!DOCTYPE html>", "<!doctype html>")


def _quirks_mode(text: str, doctype: tuple[str, ...] | None) -> str:
    """The document's mode from https://html.spec.whatwg.org/#the-initial-insertion-mode: no
    DOCTYPE means quirks mode; otherwise its name and identifiers, and its force-quirks flag,
    which the tree does not keep (nor whether an identifier was missing or empty): the tokenizer
    reads the DOCTYPE token again, lazily (it is the first token that is not a comment or
    whitespace)."""
    if doctype is None:
        return "quirks"
    # no tokenizer needed: name "html", no identifiers, no force-quirks (most pages spell it one
    # of two ways: the pattern's reading starts cold at each parse)
    if text.startswith(_COMMON_STANDARD_DOCTYPES) or _STANDARD_DOCTYPE.match(text):
        return "no-quirks"
    # Every DOCTYPE state emits the token at a ">": the input up to the first ">" after a
    # "<!doctype" holds the whole token, unless that "<!doctype" was in a comment before it (then
    # the prefix has no DOCTYPE token, and the whole input is read).
    start = _DOCTYPE_START.search(text)
    end = -1 if start is None else text.find(">", start.end())
    for source in ((text[:end + 1], text) if end >= 0 else (text,)):
        for token in turbohtml.tokenize(source):
            if token.type == turbohtml.TokenType.DOCTYPE:
                return doctype_mode(token.name, token.public_id, token.system_id, token.force_quirks)
    return "no-quirks"  # not reached: the tree has a DOCTYPE only when the tokenizer made one


def build_fragment(text: str, context: Element, scripting: bool = False) -> DocumentFragment:
    """https://html.spec.whatwg.org/#html-fragment-parsing-algorithm with turbohtml: the parsed
    nodes, in a DocumentFragment of *context*'s node document."""
    name = _CONTEXT_PREFIX.get(context.namespaceURI or "", "") + context.localName
    try:
        holder = turbohtml.parse_fragment(text, name, scripting=scripting)
    except ValueError:  # turbohtml knows context elements by its own tag list (not my-element)
        return build_fragment_with_justhtml(text, context, scripting)
    fragment = DocumentFragment._new(context._doc)
    builder = _TurboBuilder(context._doc)
    top: list[Any] = [fragment._lx, None, "", "", (), None, 0]
    try:
        for child in holder.children:
            builder.feed_node(top, child)
    except UnicodeDecodeError:  # an attribute name with a lone surrogate (see build_document)
        return build_fragment_with_justhtml(text, context, scripting)
    builder.finish()
    if builder.too_deep:
        return build_fragment_with_justhtml(text, context, scripting)
    return fragment
