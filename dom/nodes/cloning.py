"""Cloning a node (https://dom.spec.whatwg.org/#concept-node-clone), and the cloning steps of
what builds on the node tree: template contents, clonable shadow roots, form control state.

Cloning makes nodes of every kind, so this module stands above all the node classes; Node's
cloneNode and Document's importNode reach it through dom.registry.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy as _deepcopy
from typing import Any

from .. import registry
from ..lxml_mirror import xml_safe
from .attr import Attr
from .character_data import CDATASection, Comment, ProcessingInstruction, Text
from .document import Document, DocumentFragment, DocumentType
from .element import Element
from .mutation import insert, insertion_steps
from .node import CDATA_SECTION_NODE, Node
from .rare_state import declares_lazy_fields, has_lazy_state
from .shadow import clone_shadow_root
from .shadow_host import shadow_root_of
from .shadow_host import state as _shadow
from .slots import after_insert
from .template import TemplateElement

__all__ = ["clone_node"]


def clone_node(node: Node, document: Document | None = None, deep: bool = False) -> Node:
    """https://dom.spec.whatwg.org/#concept-node-clone (iterative over the subtree).

    The children of a template's contents
    (https://html.spec.whatwg.org/#the-template-element:concept-node-clone-ext) and of a
    clonable shadow root (step 7) are cloned from a work list after the subtree, not by a
    clone nested in the clone: 100,000 nested templates nest no calls."""
    target = document if document is not None else node._doc  # (a document's _doc is itself)
    pending: list[tuple[Node, Node]] = []
    copy = _clone_subtree(node, target, deep, pending)
    while pending:
        original, parent = pending.pop()
        for child in original._children():
            insert(_clone_subtree(child, parent._doc, True, pending), parent, None)
    return copy


def _clone_subtree(node: Node, target: Document, deep: bool, pending: list[tuple[Node, Node]]) -> Node:
    """*node* cloned for *target* (with its subtree when *deep*); the containers whose children
    are still to clone (template contents, shadow roots) are added to *pending* as (original,
    copy) pairs."""
    if deep and isinstance(node, Element) and target._is_html == node._doc._is_html:
        if not node._doc._escaped_text:
            return _clone_element_in_c(node, target, pending)
    copy = _clone_single(node, target, pending)
    if not deep:
        return copy
    stack = [(node, copy)]
    while stack:
        original, clone = stack.pop()
        clone_doc = clone._doc  # (a document's _doc is itself)
        parent_lx = getattr(clone, "_lx", None)  # an element's or a fragment's lxml node
        for child in original._children():
            if parent_lx is not None and isinstance(child, Element):
                # Made in place as the last child: the same tree as inserting it, without
                # lxml's check that it is not an ancestor of its new parent, which walks up
                # the whole (deep) clone each time.  A new detached copy has no observers and
                # no live ranges, so what insert() adds is only the version and the hooks.
                child_copy = _clone_single(child, clone_doc, pending, parent_lx)
                clone_doc._version += 1
                if _shadow["active"]:  # insert steps 7.4-7.6: a clonable host's copy assigns slots
                    after_insert(child_copy, clone)
                insertion_steps(child_copy)
            else:
                child_copy = _clone_single(child, clone_doc, pending)
                insert(child_copy, clone, None)
            stack.append((child, child_copy))
        # https://html.spec.whatwg.org/#the-template-element:concept-node-clone-ext -- a deep
        # clone of a template clones its contents into the copy's contents.
        content = getattr(original, "_template_contents", None) if isinstance(original, TemplateElement) else None
        if content is not None:
            assert isinstance(clone, TemplateElement)  # a clone has its original's interface
            pending.append((content, clone.content))
    return copy


def _clone_element_in_c(node: Element, document: Document, pending: list[tuple[Node, Node]]) -> Element:
    """A deep clone of *node* for *document*: libxml2 copies the lxml subtree, then what only
    wrappers hold is carried over from each wrapper of the original that holds any (cloning
    steps such as form control values, namespaced attribute prefixes and true values, Text
    runs of several or empty Text nodes, true comment data, template contents).  Elements whose
    original has no wrapper have only what lxml holds, and so has their copy."""
    lx = node._lx
    copy_lx = _deepcopy(lx)
    copy_lx.tail = None
    copy = document._wrap_new(copy_lx)
    assert isinstance(copy, Element)
    document._version += 1
    nodes = node._doc._nodes
    # Proxies are held until the end, then freed newest first: one freed at once would walk up
    # its proxy-less ancestors (O(depth) each in a deep tree).
    originals = list(lx.iter())
    get: Callable[[Any], Any] = nodes.get  # Elements mostly, checked below
    plain = _PLAIN_CLONE_CLASSES
    stateful = [
        i for i, o in enumerate(originals)
        if (w := get(o)) is not None
        # most wrappers: an element of a class without fields of its own, with nothing set
        and not (plain.get(type(w)) and not w._attr_extra and w._rare is None and w._text_run is None
                 and w._tail_run is None)
        and _holds_state(w, i == 0)
    ]
    if stateful:
        copies = list(copy_lx.iter())
        for i in stateful:
            original = nodes[originals[i]]
            clone = copy if i == 0 else document._nodes.get(copies[i]) or document._wrap_new(copies[i])
            _carry_state(original, clone, document, i != 0, pending)
        copies.clear()  # CPython clears a list last item first
    originals.clear()
    return copy


def _odd_run(run: list[Text] | None) -> bool:
    """A run lxml's slot string does not give back: several Text nodes, one empty one, or a
    CDATASection (lxml holds its data as text)."""
    if not run:
        return False
    return len(run) > 1 or not run[0]._data or run[0].nodeType == CDATA_SECTION_NODE


# element class -> it declares no lazily set fields of its own (filled by _holds_state)
_PLAIN_CLONE_CLASSES: dict[type, bool] = {}


def _holds_state(wrapper: Any, top: bool) -> bool:
    if isinstance(wrapper, Element):
        cls: type = type(wrapper)  # a class is hashable (mypy reads Element's __eq__ as making it not)
        if cls not in _PLAIN_CLONE_CLASSES:
            _PLAIN_CLONE_CLASSES[cls] = not declares_lazy_fields(cls)
        if wrapper._attr_extra or has_lazy_state(wrapper):
            return True
        run = wrapper._text_run
        if run and (len(run) > 1 or not run[0]._data or run[0].nodeType == CDATA_SECTION_NODE):  # _odd_run, inline
            return True
    elif getattr(wrapper, "_override", None) is not None:
        return True
    if top:
        return False
    return _odd_run(wrapper._tail_run)


def _carry_state(original: Any, clone: Any, document: Document, tail: bool, pending: list[tuple[Node, Node]]) -> None:
    if isinstance(original, Element):
        clone._name = original._name
        if original._attr_extra:
            clone._attr_extra = dict(original._attr_extra)
        steps = getattr(clone, "_cloning_steps", None)
        if steps is not None:
            steps(original)
        if _odd_run(original._text_run):
            clone._text_run = [type(t)._new_in_slot(document, t._data, clone, False) for t in original._slot_run(False)]
        content = getattr(original, "_template_contents", None)
        if content is not None:  # the template's contents, cloned into the copy's contents
            pending.append((content, clone.content))
        if _shadow["active"] and getattr(original, "_shadow_root", None) is not None:
            clone_shadow_root(original, clone, pending)  # step 7: a clonable shadow root
    else:
        clone._override = original._override
    if tail and _odd_run(original._tail_run):
        clone._tail_run = [type(t)._new_in_slot(document, t._data, clone, True) for t in original._slot_run(True)]


def _clone_single(node: Node, document: Document, pending: list[tuple[Node, Node]], parent_lx: Any = None) -> Node:
    if isinstance(node, Attr):
        return Attr._detached(document, node.namespaceURI, node.prefix, node.localName, node.value)
    if isinstance(node, Element):
        entries = list(node._attr_entries())
        attrib = {key: xml_safe(value) for key, _ns, _prefix, _local, value in entries}
        copy = document._create_element(node._ns, node._prefix, node._local, parent_lx, attrib)
        for key, _ns, prefix, _local, value in entries:  # append each: the rest of the steps
            copy._attribute_stored(key, prefix, value, None)
        steps = getattr(copy, "_cloning_steps", None)
        if steps is not None:
            steps(node)
        if _shadow["active"] and shadow_root_of(node) is not None:
            clone_shadow_root(node, copy, pending)
        return copy
    if isinstance(node, CDATASection):
        return CDATASection._new(document, node._data)
    if isinstance(node, Text):
        return Text._new(document, node._data)
    if isinstance(node, Comment):
        return document.createComment(node.data)
    if isinstance(node, ProcessingInstruction):
        return document.createProcessingInstruction(node.target, node.data)
    if isinstance(node, DocumentType):
        return DocumentType(document, node.name, node.publicId, node.systemId)
    if isinstance(node, DocumentFragment):
        return DocumentFragment._new(document)
    if isinstance(node, Document):
        clone = Document._new(node._is_html, node._content_type, node._url)
        clone._is_xml_document = node._is_xml_document  # "a node that implements the same interfaces"
        clone._encoding, clone._mode = node._encoding, node._mode
        clone._origin_url = node._origin_url  # https://dom.spec.whatwg.org/#concept-node-clone: origin too
        return clone
    raise TypeError(f"cannot clone {node!r}")


registry.clone_node = clone_node
