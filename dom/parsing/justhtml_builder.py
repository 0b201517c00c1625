"""justhtml's tree, stored in the DOM's representation in one iterative pass.

justhtml (https://pypi.org/project/justhtml/) runs the HTML Standard's tokenizer and tree
construction; this module walks its result once and builds the lxml store directly
(``etree.SubElement`` with the attribute dict: C speed), creating Python wrappers only where the
DOM needs state lxml cannot hold (escaped strings, attribute prefixes, template contents).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from justhtml import JustHTML
from justhtml.core.doctype import doctype_error_and_quirks
from justhtml.core.types import Doctype
from justhtml.dom import Comment as JComment
from justhtml.dom import Element as JElement
from justhtml.dom import ProcessingInstruction as JProcessingInstruction
from justhtml.dom import Text as JText
from justhtml.parser.context import FragmentContext
from lxml import etree

from html_infra.infra import (
    HTML_NAMESPACE,
    MATHML_NAMESPACE,
    SVG_NAMESPACE,
    XLINK_NAMESPACE,
    XML_NAMESPACE,
    XMLNS_NAMESPACE,
)
from webidl import join_surrogate_pairs

from ..nodes.character_data import Comment, ProcessingInstruction, Text
from ..nodes.document import Document, DocumentFragment, DocumentType
from ..nodes.element import Element
from ..nodes.mutation import mirror_top_level
from ..nodes.node import node_for
from ..storage import attr_key_for, element_nsmap, tag_for, xml_safe
from .attribute_lists import make_element

if TYPE_CHECKING:
    from ..html.elements import HTMLTemplateElement
__all__ = ["build_document", "build_fragment", "FOREIGN_ATTRIBUTES", "Builder"]

_NAMESPACES = {None: HTML_NAMESPACE, "html": HTML_NAMESPACE, "svg": SVG_NAMESPACE, "math": MATHML_NAMESPACE}

# https://html.spec.whatwg.org/#adjust-foreign-attributes: qualified name -> (namespace, prefix, local)
FOREIGN_ATTRIBUTES = {
    "xlink:actuate": (XLINK_NAMESPACE, "xlink", "actuate"),
    "xlink:arcrole": (XLINK_NAMESPACE, "xlink", "arcrole"),
    "xlink:href": (XLINK_NAMESPACE, "xlink", "href"),
    "xlink:role": (XLINK_NAMESPACE, "xlink", "role"),
    "xlink:show": (XLINK_NAMESPACE, "xlink", "show"),
    "xlink:title": (XLINK_NAMESPACE, "xlink", "title"),
    "xlink:type": (XLINK_NAMESPACE, "xlink", "type"),
    "xml:lang": (XML_NAMESPACE, "xml", "lang"),
    "xml:space": (XML_NAMESPACE, "xml", "space"),
    "xmlns": (XMLNS_NAMESPACE, None, "xmlns"),
    "xmlns:xlink": (XMLNS_NAMESPACE, "xmlns", "xlink"),
}


def _parse(text: str, scripting: bool, fragment_context: FragmentContext | None = None) -> Any:
    """justhtml's tree for *text*, with tag and attribute names lowercased in ASCII only.

    The tokenizer lowercases "ASCII upper alpha" only (https://html.spec.whatwg.org/#tag-name-state),
    so ``<p ÂB=1>`` has an attribute ``Âb``; justhtml folds names with ``str.lower()``.  Each
    non-ASCII character that ``str.lower()`` would change is parsed as a private-use stand-in
    absent from the text (the tokenizer and tree builder treat all such characters alike), and
    the tree's strings get the true characters back."""
    stand_ins: dict[int, str] = {}
    if not text.isascii():
        cased = sorted(c for c in set(text) if c > "\x7f" and c.lower() != c)
        if cased:
            present = set(text)
            free = (chr(p) for p in range(0xF0000, 0x10FFFE) if chr(p) not in present and p & 0xFFFE != 0xFFFE)
            stand_ins = {ord(stand_in): c for c, stand_in in zip(cased, free)}
            text = text.translate({ord(c): stand_in for stand_in, c in stand_ins.items()})
    parsed = JustHTML(text, sanitize=False, scripting_enabled=scripting, fragment_context=fragment_context)
    if stand_ins:
        _restore(parsed.root, stand_ins)
    return parsed.root


def _restore(root: Any, table: dict[int, str]) -> None:
    """Put the true characters back into every string of justhtml's tree (see :func:`_parse`)."""
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, JElement):
            node.name = node.name.translate(table)
            if node.attrs:
                node.attrs = {
                    name.translate(table): None if value is None else value.translate(table)
                    for name, value in node.attrs.items()
                }
            content = getattr(node, "template_content", None)
            if content is not None:
                stack.append(content)
        elif isinstance(node, (JText, JComment, JProcessingInstruction)):
            node.data = str(node.data or "").translate(table)
        elif isinstance(node.data, Doctype):
            doctype = node.data
            for field in ("name", "public_id", "system_id"):
                value = getattr(doctype, field)
                if value is not None:
                    setattr(doctype, field, value.translate(table))
        stack.extend(node.children or ())


class Builder:
    """Builds lxml subtrees for one document, remembering what needs wrappers afterwards."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.escaped_text: dict[tuple[Any, bool], str] = {}  # (owner lx, is tail) -> true slot data
        self.escaped_char_data: list[tuple[Any, str]] = []  # (comment/PI lx, true data)
        self.attr_extras: list[tuple[Any, str, str | None, str | None]] = []  # (lx, key, prefix, true value)
        self.pi_targets: list[tuple[Any, str]] = []
        self.templates: list[tuple[Any, Any]] = []  # (template lx, justhtml content fragment)
        # Every lxml proxy made, alive until finish() frees them deepest first: lxml frees a proxy
        # by walking up to the nearest ancestor that still has one, so freeing them top-down on a
        # deep tree would cost O(depth) each.
        self.created: list[Any] = []

    def make_element(self, j: Any, parent: Any | None) -> Any:
        namespace = _NAMESPACES.get(j.namespace, j.namespace)
        local = j.name
        attributes: list[tuple[str, str | None, str]] = []
        if j.attrs:
            foreign = namespace is not HTML_NAMESPACE and namespace != HTML_NAMESPACE
            for name, value in j.attrs.items():
                value = "" if value is None else value
                if foreign and name in FOREIGN_ATTRIBUTES:
                    ns, prefix, attr_local = FOREIGN_ATTRIBUTES[name]
                    attributes.append((attr_key_for(ns, prefix, attr_local), prefix, value))
                else:
                    attributes.append((attr_key_for(None, None, name), None, value))
        lx = self.store_element(namespace, local, attributes, parent)
        if local == "template" and namespace == HTML_NAMESPACE:
            content = getattr(j, "template_content", None)
            if content is not None:
                self.templates.append((lx, content))
        return lx

    def store_element(
        self, namespace: str | None, local: str, attributes: list[tuple[str, str | None, str]], parent: Any | None
    ) -> Any:
        """Make the lxml element for (namespace, local name) under *parent* (None: a root), with
        *attributes* as (lxml key from ``attr_key_for``, DOM prefix, value); remember the
        prefixes and XML-illegal values lxml cannot hold.  Later duplicates of a key are dropped."""
        tag = tag_for(namespace, None, local, True)
        attrib: dict[str, str] = {}
        extras: list[tuple[str, str | None, str | None]] = []
        for key, prefix, value in attributes:
            if key in attrib:
                continue
            if prefix is not None and key[0] == "{" and not key.startswith("{urn:x-webdom:"):
                extras.append((key, prefix, None))
            safe = xml_safe(value)
            if safe != value:
                extras.append((key, None, value))
            attrib[key] = safe
        lx = make_element(parent, tag, element_nsmap(tag), list(attrib.items()))
        self.created.append(lx)
        for key, prefix, true_value in extras:
            self.attr_extras.append((lx, key, prefix, true_value))
        return lx

    def add_text(self, lx: Any, last: Any | None, data: str) -> None:
        """Append *data* to the text slot of *lx* after its child *last* (None: before the first
        child).  Consecutive data in one slot make one Text node."""
        owner, tail = (lx, False) if last is None else (last, True)
        current = (owner.tail if tail else owner.text) or ""
        safe = xml_safe(data)
        if self.escaped_text and (owner, tail) in self.escaped_text:
            self.escaped_text[owner, tail] += data
        elif safe != data:
            self.escaped_text[owner, tail] = current + data  # the slot so far was exact
        if tail:
            owner.tail = current + safe
        else:
            owner.text = current + safe

    def add_comment(self, lx: Any, data: str) -> Any:
        """Append a comment holding *data* to *lx*; return its lxml node."""
        comment = etree.Comment()
        comment.text = xml_safe(data)
        lx.append(comment)
        if comment.text != data:
            self.escaped_char_data.append((comment, data))
        return comment

    def build_children(self, j_parent: Any, lx_parent: Any) -> None:
        """Build the children of justhtml node *j_parent* into lxml node *lx_parent*, iteratively."""
        stack = [(j_parent, lx_parent)]
        while stack:
            j, lx = stack.pop()
            last = None  # the last lxml child made so far: text after it goes to its tail
            for child in j.children or ():
                kind = type(child)
                if kind is JText:
                    if child.data:
                        self.add_text(lx, last, child.data)
                elif isinstance(child, JElement):
                    last = self.make_element(child, lx)
                    if child.children:
                        stack.append((child, last))
                elif kind is JComment:
                    last = self.add_comment(lx, child.data or "")
                elif kind is JProcessingInstruction:
                    last = self.make_pi(child.data or "")
                    lx.append(last)

    def make_pi(self, raw: str) -> Any:
        target, _, data = raw.partition(" ")
        try:
            lx = etree.ProcessingInstruction(target or "x")
            ok_target = bool(target)
        except ValueError:
            lx = etree.ProcessingInstruction("x-webdom-pi")
            ok_target = False
        lx.text = xml_safe(data)
        if not ok_target:
            self.pi_targets.append((lx, target))
        if lx.text != data:
            self.escaped_char_data.append((lx, data))
        return lx

    def finish(self) -> None:
        """Create the wrappers that hold what lxml cannot, then build template contents (with a
        work list: templates nest as deep as the markup does)."""
        pending = [self]
        while pending:
            builder = pending.pop()
            builder.store_extras()
            while builder.templates:
                template_lx, source = builder.templates.pop()
                content = cast("HTMLTemplateElement", node_for(template_lx, builder.document)).content
                inner = type(builder)(content._doc)
                inner.build_children(source, content._lx)
                pending.append(inner)
            created = builder.created
            while created:  # children were made after their parents: free the deepest first
                created.pop()

    def store_extras(self) -> None:
        """Put what lxml cannot hold (true strings, prefixes, PI targets) on the wrappers."""
        document = self.document
        for (owner_lx, tail), data in self.escaped_text.items():
            owner = node_for(owner_lx, document)
            # Lone surrogates of two character tokens may pair up in one slot: one spelling.
            run = [Text._new_in_slot(document, join_surrogate_pairs(data), owner, tail)]
            if tail:
                owner._tail_run = run
            else:
                owner._text_run = run
        for lx, data in self.escaped_char_data:
            char_data = node_for(lx, document)
            assert isinstance(char_data, (Comment, ProcessingInstruction))
            char_data._override = data
        for lx, target in self.pi_targets:
            pi = node_for(lx, document)
            assert isinstance(pi, ProcessingInstruction)
            pi._target = target
        for lx, key, prefix, true_value in self.attr_extras:
            element = node_for(lx, document)
            assert isinstance(element, Element)
            extra = element._writable_attr_extra()
            old_prefix, old_value = extra.get(key, (None, None))
            extra[key] = (prefix or old_prefix, true_value or old_value)


def build_document(text: str, scripting: bool = False) -> Document:
    """Parse *text* as an HTML document and build the DOM."""
    parsed = _parse(text, scripting)
    document = Document._new(True, "text/html")
    builder = Builder(document)
    doctype_seen = None
    for child in parsed.children or ():
        if isinstance(child, JElement):
            root_lx = builder.make_element(child, None)
            builder.build_children(child, root_lx)
            document._children_list.append(node_for(root_lx, document))
        elif type(child) is JComment:
            comment = document.createComment(child.data or "")
            document._children_list.append(comment)
        elif type(child) is JProcessingInstruction:
            lx = builder.make_pi(child.data if isinstance(child.data, str) else "")  # a PI's data is a str
            document._children_list.append(node_for(lx, document))
        elif getattr(child, "name", None) == "!doctype":
            data: Doctype = child.data
            doctype = DocumentType(document, data.name or "", data.public_id or "", data.system_id or "")
            doctype._parent = document
            document._children_list.append(doctype)
            doctype_seen = data
    builder.finish()
    mirror_top_level(document)
    # https://html.spec.whatwg.org/#the-initial-insertion-mode: no DOCTYPE means quirks mode.
    document._mode = doctype_error_and_quirks(doctype_seen)[1] if doctype_seen is not None else "quirks"
    return document


def build_fragment(text: str, context: Element, scripting: bool = False) -> DocumentFragment:
    """https://html.spec.whatwg.org/#html-fragment-parsing-algorithm: the parsed nodes, in a
    DocumentFragment of *context*'s node document.  justhtml's own fragment mode departs from the
    standard for many contexts, so the fragment goes through :mod:`.fragment`."""
    from .fragment import parse_fragment  # lazy: the Python tree builder (~50 ms to import) serves fragments only

    return parse_fragment(text, context, scripting)
