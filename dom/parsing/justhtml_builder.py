"""justhtml's tree, stored in the DOM's representation in one iterative pass.

justhtml (https://pypi.org/project/justhtml/) runs the HTML Standard's tokenizer and tree
construction; this module walks its result once and builds the lxml store directly
(``etree.SubElement`` with the attribute dict: C speed), creating Python wrappers only where the
DOM needs state lxml cannot hold (escaped strings, attribute prefixes, template contents).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from justhtml import JustHTML
from justhtml.core.types import Doctype
from justhtml.dom import Comment as JComment
from justhtml.dom import Element as JElement
from justhtml.dom import ProcessingInstruction as JProcessingInstruction
from justhtml.dom import Text as JText
from justhtml.parser.context import FragmentContext

from html_infra.infra import (
    HTML_NAMESPACE,
    MATHML_NAMESPACE,
    SVG_NAMESPACE,
)

from ..lxml_mirror import attr_key_for
from ..nodes.document import Document, DocumentFragment, DocumentType
from ..nodes.element import Element
from ..nodes.identity import node_for
from ..nodes.mutation import mirror_top_level
from .quirks import doctype_mode
from .tree_store import FOREIGN_ATTRIBUTES, Builder

if TYPE_CHECKING:
    pass
__all__ = ["build_document", "build_fragment"]

_NAMESPACES = {None: HTML_NAMESPACE, "html": HTML_NAMESPACE, "svg": SVG_NAMESPACE, "math": MATHML_NAMESPACE}


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


class _JustHTMLBuilder(Builder):
    """The store over justhtml's tree."""

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


def build_document(text: str, scripting: bool = False) -> Document:
    """Parse *text* as an HTML document and build the DOM."""
    parsed = _parse(text, scripting)
    document = Document._new(True, "text/html")
    builder = _JustHTMLBuilder(document)
    doctype_seen = None
    for child in parsed.children or ():
        if isinstance(child, JElement):
            root_lx = builder.make_element(child, None)
            builder.build_children(child, root_lx)
            document._children_list.append(node_for(root_lx, document))
        elif type(child) is JComment:
            comment = document.createComment(child.data if isinstance(child.data, str) else "")
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
    document._mode = "quirks" if doctype_seen is None else doctype_mode(
        doctype_seen.name, doctype_seen.public_id, doctype_seen.system_id, doctype_seen.force_quirks)
    return document


def build_fragment(text: str, context: Element, scripting: bool = False) -> DocumentFragment:
    """https://html.spec.whatwg.org/#html-fragment-parsing-algorithm: the parsed nodes, in a
    DocumentFragment of *context*'s node document.  justhtml's own fragment mode departs from the
    standard for many contexts, so the fragment goes through :mod:`.fragment`."""
    from .fragment import parse_fragment  # lazy: the Python tree builder (~50 ms to import) serves fragments only

    return parse_fragment(text, context, scripting)
