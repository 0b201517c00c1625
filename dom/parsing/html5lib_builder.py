"""html5lib's parse, stored in the DOM's representation with nothing lost on the way.

html5lib (https://pypi.org/project/html5lib/) builds its tree through a tree-builder interface.
Its own lxml builder cannot be used: lxml refuses names and strings the HTML parser produces, so
that builder renames attributes (``foo"bar`` -> ``fooU00022bar``), rewrites ``--`` in comments
and raises ValueError on a control character, a noncharacter or a lone surrogate.  This module
gives html5lib a small tree builder of plain Python nodes (exact names, namespaces, attribute
tuples and strings), then stores that tree in one iterative pass with the same helpers as the
justhtml path (:class:`~dom.parsing.tree_store.Builder`): escaped names, attribute
prefixes and XML-illegal characters are kept exactly as justhtml's are.

html5lib 1.1 does not implement the template insertion mode: it parses what is inside a
``<template>`` like any element's children.  Those nodes, as html5lib parsed them, become the
template's contents (its ``content`` DocumentFragment), where the DOM keeps template contents
and where serialization and cloning look for them.
"""

from __future__ import annotations

from typing import Any

from html5lib import HTMLParser
from html5lib.treebuilders import base

from html_infra.infra import HTML_NAMESPACE

from ..lxml_mirror import attr_key_for
from ..nodes.document import Document, DocumentFragment, DocumentType
from ..nodes.element import Element
from ..nodes.identity import node_for
from ..nodes.mutation import mirror_top_level
from .tree_store import Builder

__all__ = ["build_document", "build_fragment"]


class _Text:
    """A text node under construction; html5lib delivers text in many small pieces."""

    __slots__ = ("parts",)

    def __init__(self, data: str) -> None:
        self.parts = [data]


class _Parent(base.Node):
    """A node with children: element, document or document fragment.

    https://html.spec.whatwg.org/#insert-a-character: text inserted right after a Text node
    joins it, so a run of character tokens makes one Text node.
    """

    def appendChild(self, node: Any) -> None:
        children = self.childNodes
        if type(node) is _Text:
            if children and type(children[-1]) is _Text:
                children[-1].parts.extend(node.parts)
                return
        else:
            node.parent = self
        children.append(node)

    def insertText(self, data: str, insertBefore: Any = None) -> None:
        children = self.childNodes
        index = len(children) if insertBefore is None else children.index(insertBefore)
        if index and type(children[index - 1]) is _Text:
            children[index - 1].parts.append(data)
        else:
            children.insert(index, _Text(data))

    def insertBefore(self, node: Any, refNode: Any) -> None:
        children = self.childNodes
        index = children.index(refNode)
        if type(node) is _Text and index and type(children[index - 1]) is _Text:
            children[index - 1].parts.extend(node.parts)
            return
        if type(node) is not _Text:
            node.parent = self
        children.insert(index, node)

    def removeChild(self, node: Any) -> None:
        self.childNodes.remove(node)
        node.parent = None

    def reparentChildren(self, newParent: Any) -> None:
        for child in self.childNodes:
            newParent.appendChild(child)
        self.childNodes = []

    # types-html5lib declares hasContent, cloneNode and the name as returning/taking None or a str
    # only; html5lib calls them for these results and builds documents with no name.
    def hasContent(self) -> bool:  # type: ignore[override]
        return bool(self.childNodes)


class _Element(_Parent):
    def __init__(self, name: str, namespace: str | None = None) -> None:
        super().__init__(name)
        self.namespace = namespace or HTML_NAMESPACE
        self.nameTuple = (self.namespace, name)

    def cloneNode(self) -> _Element:  # type: ignore[override]  # see hasContent
        clone = _Element(self.name, self.namespace)
        clone.attributes = dict(self.attributes)
        return clone


class _Document(_Parent):
    def __init__(self) -> None:
        super().__init__(None)  # type: ignore[arg-type]  # see hasContent


class _Fragment(_Parent):
    def __init__(self) -> None:
        super().__init__(None)  # type: ignore[arg-type]  # see hasContent


class _Comment(base.Node):
    def __init__(self, data: str) -> None:
        super().__init__(None)  # type: ignore[arg-type]  # see hasContent
        self.value = data


class _Doctype(base.Node):
    def __init__(self, name: str | None, publicId: str | None, systemId: str | None) -> None:
        super().__init__(name)  # type: ignore[arg-type]  # see hasContent
        self.publicId = publicId
        self.systemId = systemId


class _TreeBuilder(base.TreeBuilder):
    """html5lib's tree-builder interface over the plain nodes above."""

    documentClass = _Document
    elementClass = _Element
    commentClass = _Comment
    doctypeClass = _Doctype
    fragmentClass = _Fragment

    def testSerializer(self, node: Any) -> str:
        raise NotImplementedError("dump the DOM built by build_document instead")


def attribute_items(attributes: dict[Any, str]) -> list[tuple[str, str | None, str]]:
    """(lxml key, DOM prefix, value) of html5lib's attributes (and dom.parsing.fragment's, which
    has the same shape): a plain name, or (prefix, local name, namespace) once adjusted."""
    items: list[tuple[str, str | None, str]] = []
    for name, value in attributes.items():
        if type(name) is tuple:
            prefix, local, namespace = name
            items.append((attr_key_for(namespace, prefix, local), prefix, value))
        else:
            items.append((attr_key_for(None, None, name), None, value))
    return items


class _Html5libBuilder(Builder):
    """The justhtml path's store builder, reading html5lib's nodes."""

    def build_children(self, parent: _Parent, lx_parent: Any) -> None:
        """Store the children of html5lib node *parent* under lxml node *lx_parent*, iteratively."""
        stack = [(parent, lx_parent)]
        while stack:
            node, lx = stack.pop()
            last = None  # the last lxml child made so far: text after it goes to its tail
            for child in node.childNodes:
                kind = type(child)
                if kind is _Text:
                    self.add_text(lx, last, "".join(child.parts))
                elif kind is _Element:
                    last = self.store_element(child.namespace, child.name, attribute_items(child.attributes), lx)
                    if not child.childNodes:
                        continue
                    if child.name == "template" and child.namespace == HTML_NAMESPACE:
                        self.templates.append((last, child))  # its children go to its contents
                    else:
                        stack.append((child, last))
                elif kind is _Comment:
                    last = self.add_comment(lx, child.value)
                else:  # html5lib puts doctypes only in the document
                    raise TypeError(f"unexpected {kind.__name__} in html5lib's tree")


def _parser() -> HTMLParser:
    return HTMLParser(tree=_TreeBuilder, namespaceHTMLElements=True)


def build_document(text: str, scripting: bool = False) -> Document:
    """Parse *text* as an HTML document with html5lib and build the DOM."""
    parser = _parser()
    parsed = parser.parse(text, scripting=scripting)
    document = Document._new(True, "text/html")
    builder = _Html5libBuilder(document)
    for child in parsed.childNodes:
        kind = type(child)
        if kind is _Element:
            root_lx = builder.store_element(child.namespace, child.name, attribute_items(child.attributes), None)
            builder.build_children(child, root_lx)  # html5lib's root is always <html>
            document._children_list.append(node_for(root_lx, document))
        elif kind is _Comment:
            document._children_list.append(document.createComment(child.value))
        elif kind is _Doctype:
            doctype = DocumentType(document, child.name or "", child.publicId or "", child.systemId or "")
            doctype._parent = document
            document._children_list.append(doctype)
        else:  # the Document node cannot hold text (html5lib never puts any there)
            raise TypeError(f"unexpected {kind.__name__} in html5lib's document")
    builder.finish()
    mirror_top_level(document)
    # html5lib decides the mode in its initial insertion mode: "no quirks", "limited quirks" or
    # "quirks" (https://html.spec.whatwg.org/#the-initial-insertion-mode).
    document._mode = parser.compatMode.replace(" ", "-")
    return document


def build_fragment(text: str, context: Element, scripting: bool = False) -> DocumentFragment:
    """https://html.spec.whatwg.org/#html-fragment-parsing-algorithm: the parsed nodes, in a
    DocumentFragment of *context*'s node document.  html5lib 1.1's fragment mode predates the
    current standard (select, template, foreign contexts), so the fragment goes through
    :mod:`.fragment`, which runs html5lib's tokenizer with the standard's tree construction."""
    # lazy: the Python tree builder (~50 ms to import) serves fragments only (it imports this module)
    from .fragment import parse_fragment

    return parse_fragment(text, context, scripting)
