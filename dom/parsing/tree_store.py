"""The DOM's store as a parser builds it: lxml elements made in document order, with what lxml
cannot hold (XML-illegal strings, attribute prefixes, processing-instruction targets) kept for
the wrappers, and template contents built into their fragments.  Every parser backend's builder
(turbohtml, justhtml, html5lib, the fragment parser) walks its own tree into it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from lxml import etree

from html_infra.infra import XLINK_NAMESPACE, XML_NAMESPACE, XMLNS_NAMESPACE
from webidl import join_surrogate_pairs

from ..lxml_mirror import element_nsmap, tag_for, xml_safe
from ..nodes.character_data import Comment, ProcessingInstruction, Text
from ..nodes.document import Document
from ..nodes.element import Element
from ..nodes.identity import node_for
from .attribute_lists import make_element

if TYPE_CHECKING:
    from ..html.elements import HTMLTemplateElement

__all__ = ["FOREIGN_ATTRIBUTES", "Builder"]

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


class Builder:
    """Builds lxml subtrees for one document, remembering what needs wrappers afterwards."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.escaped_text: dict[tuple[Any, bool], str] = {}  # (owner lx, is tail) -> true slot data
        self.escaped_char_data: list[tuple[Any, str]] = []  # (comment/PI lx, true data)
        self.attr_extras: list[tuple[Any, str, str | None, str | None]] = []  # (lx, key, prefix, true value)
        self.pi_targets: list[tuple[Any, str]] = []
        self.templates: list[tuple[Any, Any]] = []  # (template lx, the parser's content fragment)
        # Every lxml proxy made, alive until finish() frees them deepest first: lxml frees a proxy
        # by walking up to the nearest ancestor that still has one, so freeing them top-down on a
        # deep tree would cost O(depth) each.
        self.created: list[Any] = []

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

    def build_children(self, source: Any, lx_parent: Any) -> None:
        """Build the children of the parser's node *source* into lxml node *lx_parent* (each
        parser's builder walks its own tree; template contents come back here from finish())."""
        raise NotImplementedError

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
            if true_value is not None:
                element._doc._lossy_attributes = True
