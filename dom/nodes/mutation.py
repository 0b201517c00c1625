"""Mutation algorithms (https://dom.spec.whatwg.org/#mutation-algorithms) over the lxml store.

Moving an lxml node moves its ``.tail`` with it, but in the DOM the Text nodes after an element
are its siblings, not part of it.  So before an lxml node leaves a place, its tail run is merged
into the slot before it, and where a node arrives in the middle of a run, the run is split at
that point: the part after it becomes the new node's tail.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy as _deepcopy
from typing import TYPE_CHECKING, Any, TypeVar

from lxml import etree

from webidl import HierarchyRequestError, NotFoundError

from ..live_ranges import adopt_registries, live_range_insert, live_range_pre_remove
from ..mutation_observers import add_transient_observers, queue_tree_mutation_record
from ..mutation_observers import state as _observers
from ..storage import ESCAPED_NS, name_from_tag, tag_in_document, xml_safe
from ..traversal import node_iterator_pre_remove
from .attr import Attr
from .character_data import CDATASection, Comment, ProcessingInstruction, Text
from .document import Document, DocumentFragment, DocumentType
from .element import Element
from .lazy_state import declares_lazy_fields, has_lazy_state
from .node import (
    DOCUMENT_FRAGMENT_NODE,
    DOCUMENT_NODE,
    DOCUMENT_TYPE_NODE,
    ELEMENT_NODE,
    TEXT_NODE,
    LxmlParent,
    Node,
    SlotOwner,
    last_child_lx,
    node_for,
)
from .shadow import clone_shadow_root, shadow_root_of
from .shadow import state as _shadow
from .slots import after_insert, after_remove, before_remove
from .template import TemplateElement, template_contents_owner_document

_N = TypeVar("_N", bound=Node)

__all__ = [
    "ensure_pre_insert_validity",
    "pre_insert",
    "insert",
    "append",
    "replace",
    "replace_all",
    "string_replace_all",
    "pre_remove",
    "remove",
    "adopt",
    "clone_node",
    "insertion_steps",
    "is_host_including_inclusive_ancestor",
    "mirror_top_level",
]


def is_host_including_inclusive_ancestor(a: Node, b: Node) -> bool:
    """https://dom.spec.whatwg.org/#concept-tree-host-including-inclusive-ancestor (through
    shadow roots' and template contents' hosts)."""
    if a.contains(b):
        return True
    # Past b's root to its host: only a node with descendants, a host or a document can be met
    # there.  A childless element that hosts nothing (the new element of appendChild building a
    # 100,000-deep chain) answers without the O(depth) walk to b's root.
    lx = getattr(a, "_lx", None)
    if lx is None:
        if a.nodeType != DOCUMENT_NODE:
            return False
    elif (
        next(iter(lx), None) is None
        and (not _shadow["active"] or shadow_root_of(a) is None)
        and getattr(a, "_local", None) != "template"
    ):
        return False
    while True:
        host = getattr(b.getRootNode(), "_host", None)
        if host is None:
            return False
        b = host
        if a.contains(b):
            return True


def ensure_pre_insert_validity(node: Node, parent: Node, child: Node | None) -> None:
    """https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity"""
    if parent.nodeType not in (DOCUMENT_NODE, DOCUMENT_FRAGMENT_NODE, ELEMENT_NODE):  # step 1
        raise HierarchyRequestError(f"a {parent.nodeName} node cannot have children")
    if is_host_including_inclusive_ancestor(node, parent):  # step 2
        raise HierarchyRequestError("the new child is an ancestor of the parent")
    if child is not None and child.parentNode is not parent:  # step 3
        raise NotFoundError("the reference child is not a child of this node")
    if not isinstance(node, (DocumentFragment, DocumentType, Element, Text, ProcessingInstruction, Comment)):
        raise HierarchyRequestError(f"a {node.nodeName} node cannot be inserted")  # step 4
    if (isinstance(node, Text) and parent.nodeType == DOCUMENT_NODE) or (
        isinstance(node, DocumentType) and parent.nodeType != DOCUMENT_NODE
    ):  # step 5
        raise HierarchyRequestError(f"a {node.nodeName} node cannot be a child of a {parent.nodeName} node")
    if parent.nodeType == DOCUMENT_NODE:  # step 6
        document = parent
        assert isinstance(document, Document)
        children = document._children_list
        child_index = None if child is None else next(i for i, c in enumerate(children) if c is child)
        after_child = [] if child_index is None else children[child_index + 1 :]
        has_element = any(c.nodeType == ELEMENT_NODE for c in children)
        if isinstance(node, DocumentFragment):
            kids = node._children()
            elements = sum(1 for c in kids if c.nodeType == ELEMENT_NODE)
            if elements > 1 or any(c.nodeType == TEXT_NODE for c in kids):
                raise HierarchyRequestError("a document can have only one element and no text")
            if elements == 1 and (
                has_element
                or (child is not None and child.nodeType == DOCUMENT_TYPE_NODE)
                or any(c.nodeType == DOCUMENT_TYPE_NODE for c in after_child)
            ):
                raise HierarchyRequestError("a document can have only one element, after its doctype")
        elif isinstance(node, Element):
            if (
                has_element
                or (child is not None and child.nodeType == DOCUMENT_TYPE_NODE)
                or any(c.nodeType == DOCUMENT_TYPE_NODE for c in after_child)
            ):
                raise HierarchyRequestError("a document can have only one element, after its doctype")
        elif isinstance(node, DocumentType):
            preceding = children if child is None else children[:child_index]
            if (
                any(c.nodeType == DOCUMENT_TYPE_NODE for c in children)
                or any(c.nodeType == ELEMENT_NODE for c in preceding)
                or (child is None and has_element)
            ):
                raise HierarchyRequestError("a document can have only one doctype, before its element")


def pre_insert(node: _N, parent: Node, child: Node | None) -> _N:
    """https://dom.spec.whatwg.org/#concept-node-pre-insert"""
    ensure_pre_insert_validity(node, parent, child)
    reference = child
    if reference is node:
        reference = node.nextSibling
    insert(node, parent, reference)
    return node


def append(node: Node, parent: Node) -> Node:
    """https://dom.spec.whatwg.org/#concept-node-append"""
    return pre_insert(node, parent, None)


def insert(node: Node, parent: Node, child: Node | None, suppress_observers: bool = False) -> None:
    """https://dom.spec.whatwg.org/#concept-node-insert"""
    nodes = node._children() if isinstance(node, DocumentFragment) else [node]
    observed = _observers["active"] and not suppress_observers
    if observed:  # the previous sibling of the insertion point, for the mutation record
        previous = child.previousSibling if child is not None else parent.lastChild
    if isinstance(node, DocumentFragment):
        for each in nodes:  # step 4: remove the fragment's children
            remove(each, suppress_observers=True)
        if nodes and _observers["active"]:  # step 4.2: a record for the fragment
            queue_tree_mutation_record(node, [], nodes, None, None)
    document = parent._doc  # (a document's _doc is itself)
    if child is not None and document._live_ranges:
        # step 5: live range offsets in parent past child's index grow by the count

        live_range_insert(parent, child, len(nodes), document)
    for each in nodes:  # step 7
        adopt(each, document)
        if isinstance(parent, LxmlParent):  # an element or fragment: its children live in lxml
            _insert_in_lxml_parent(each, parent, child)
            if _shadow["active"]:  # steps 7.4-7.6: slots
                after_insert(each, parent)
        else:  # the document (a document's _doc is itself)
            _insert_in_document(each, document, child)
    document._version += 1
    if observed:  # step 10: queue a tree mutation record
        queue_tree_mutation_record(parent, nodes, [], previous, child)
    for each in nodes:
        insertion_steps(each)


def insertion_steps(node: Node) -> None:
    """The insertion steps of later layers (e.g. nonce hiding): a node's ``_inserted()``."""
    hook = getattr(node, "_inserted", None)
    if hook is not None:
        hook()


def _insert_in_document(node: Node, document: Document, child: Node | None) -> None:
    children = document._children_list
    index = len(children) if child is None else next(i for i, c in enumerate(children) if c is child)
    children.insert(index, node)
    if isinstance(node, DocumentType):
        node._parent = document
    mirror_top_level(document)


def mirror_top_level(document: Document) -> None:
    """Keep top-level comments/PIs as siblings of the root in the lxml tree, where possible."""
    root = document.documentElement
    if root is None:
        return
    children = document._children_list
    index = next(i for i, c in enumerate(children) if c is root)
    for child in children[:index]:  # each lands directly before the root, so keep the order
        if hasattr(child, "_lx"):
            root._lx.addprevious(child._lx)
    anchor = root._lx
    for child in children[index + 1 :]:
        if hasattr(child, "_lx"):
            anchor.addnext(child._lx)
            anchor = child._lx


def _slot_before(parent: LxmlParent, child: Node | None) -> tuple[SlotOwner, bool, int]:
    """Where a node inserted before *child* lands: (slot owner, is tail, index in its run)."""
    if child is None:
        last_lx = last_child_lx(parent._lx)
        if last_lx is not None:
            last = node_for(last_lx, parent._doc)
            run = last._slot_run(True)
            return last, True, len(run)
        return parent, False, len(parent._slot_run(False))
    if isinstance(child, Text):
        owner = child._owner
        assert owner is not None
        run = child._run()
        return owner, child._in_tail, next(i for i, t in enumerate(run) if t is child)
    # An lxml-backed child: the slot just before it.
    if TYPE_CHECKING:  # a child of an lxml parent that is no Text (no check at run time)
        assert isinstance(child, SlotOwner)
    previous = child._lx.getprevious()
    if previous is None:
        return parent, False, len(parent._slot_run(False))

    owner_node = node_for(previous, parent._doc)
    return owner_node, True, len(owner_node._slot_run(True))


def _insert_in_lxml_parent(node: Node, parent: LxmlParent, child: Node | None) -> None:
    owner, tail, index = _slot_before(parent, child)
    run = owner._slot_run(tail)
    if isinstance(node, Text):
        run.insert(index, node)
        owner._write_slot(tail, run)
        return
    assert isinstance(node, SlotOwner)
    # Split the run: the part after the insertion point becomes the new node's tail.
    before, after = run[:index], run[index:]
    lx = node._lx
    remade = child is None and _remade_as_last_child(node, parent._lx)
    if not remade and next(iter(lx), None) is not None and (
        lx.getroottree().getroot() is not parent._lx.getroottree().getroot()
    ):
        # libxml2's sibling insertion moves a subtree from another lxml document with a
        # recursive walk that overflows the C stack near 55,000 levels; appending runs lxml's
        # own iterative move, after which the sibling insertion stays within one document.
        parent._lx.append(lx)
    if remade:
        pass
    elif tail:
        owner._lx.addnext(lx)
    else:
        owner._lx.insert(0, lx)
    owner._write_slot(tail, before)
    node._write_slot(True, after)


def _remade_as_last_child(node: Node, parent_lx: Any) -> bool:
    """Append a lone element by making its lxml node anew as *parent_lx*'s last child and
    moving the wrapper onto it; False (nothing done) when the node is not a lone element.

    lxml's append walks up every ancestor of the new parent (its cycle check, and more): O(depth)
    per insertion, so building a 100,000-deep tree by appendChild was quadratic.  A new
    sub-element needs no such check.  Only for an element without children, text, siblings or
    namespaces (the case of a new element): nothing else can hold its lxml node, and a plain
    tag and attributes need no namespace lookup up the ancestors either."""
    if not isinstance(node, Element):
        return False
    lx = node._lx
    tag = lx.tag
    if (
        tag[0] == "{"  # type: ignore[index]  # types-lxml types .tag as any tag name; an element's is a str
        or lx.text is not None
        or lx.getparent() is not None
        or lx.getprevious() is not None
        or lx.getnext() is not None
        or next(iter(lx), None) is not None
    ):
        return False
    attributes = lx.attrib
    if any(key[0] == "{" for key in attributes):
        return False
    made = etree.SubElement(parent_lx, tag, dict(attributes))
    nodes = node._doc._nodes
    del nodes[lx]
    node._lx = made
    nodes[made] = node
    return True


def pre_remove(child: Node, parent: Node) -> Node:
    """https://dom.spec.whatwg.org/#concept-node-pre-remove"""
    if child.parentNode is not parent:
        raise NotFoundError("the node to remove is not a child of this node")
    remove(child)
    return child


def remove(node: Node, suppress_observers: bool = False) -> None:
    """https://dom.spec.whatwg.org/#concept-node-remove"""
    parent = node.parentNode
    if parent is None:
        return
    if _shadow["active"]:
        slot = before_remove(node)
    if _observers["active"]:
        # steps 14-15: transient observers, and a tree mutation record (old siblings first)
        old_previous, old_next = node.previousSibling, node.nextSibling
        _remove(node, parent)
        if _shadow["active"]:  # steps 10-12: slots
            after_remove(node, parent, slot)
        add_transient_observers(node, parent)
        if not suppress_observers:
            queue_tree_mutation_record(parent, [], [node], old_previous, old_next)
        return
    _remove(node, parent)
    if _shadow["active"]:
        after_remove(node, parent, slot)


def _remove(node: Node, parent: Node) -> None:
    document = node._doc
    version_before = document._version
    if document._live_ranges or document._node_iterators:
        # steps 3-4: the live range and NodeIterator pre-remove steps (a document keeps these
        # registries only once it has live ranges or iterators: dom/ranges.py, dom/traversal.py)

        live_range_pre_remove(node, parent, document)
        node_iterator_pre_remove(node, document)
    if parent.nodeType == DOCUMENT_NODE:
        assert isinstance(parent, Document)
        parent._children_list = [c for c in parent._children_list if c is not node]
        if isinstance(node, DocumentType):
            node._parent = None
        lx = getattr(node, "_lx", None)
        if lx is not None and lx.getparent() is None:
            # Top-level lxml nodes: take a comment/PI out of the root's sibling chain by giving
            # it a detached place of its own (lxml has no "unlink" for top-level siblings).
            holder = _detached_holder()
            holder.append(lx)
            holder.remove(lx)
        document._version += 1
        return
    if isinstance(node, Text):
        text_owner = node._owner
        assert text_owner is not None
        run = [t for t in node._run() if t is not node]
        text_owner._write_slot(node._in_tail, run)
        node._detach()
        return
    assert isinstance(node, SlotOwner)
    # Merge this node's tail run into the slot before it, then take it out of lxml.
    following = node._slot_run(True)
    lx = node._lx
    previous = lx.getprevious()

    if previous is None:
        owner = parent  # the parent's .text slot
        tail = False
    else:
        owner = node_for(previous, document)  # the previous lxml sibling's .tail slot
        tail = True
    assert isinstance(owner, SlotOwner)
    merged = owner._slot_run(tail) + following
    node._write_slot(True, [])
    parent_lx = lx.getparent()
    assert parent_lx is not None
    parent_lx.remove(lx)
    owner._write_slot(tail, merged)
    document._version += 1
    if isinstance(node, Element) and next(lx.iterchildren(tag=etree.Element), None) is None:
        # What the versions between these two numbers changed: only this element left the
        # tree (HTMLCollection updates its cache from it, dom/collections.py).
        document._last_removed = (version_before, document._version, node)


_HOLDER: list[etree._Element] = []


def _detached_holder() -> etree._Element:
    if not _HOLDER:
        _HOLDER.append(etree.Element("{urn:x-webdom}holder"))
    return _HOLDER[0]


def replace(child: Node, node: Node, parent: Node) -> Node:
    """https://dom.spec.whatwg.org/#concept-node-replace"""
    if parent.nodeType not in (DOCUMENT_NODE, DOCUMENT_FRAGMENT_NODE, ELEMENT_NODE):
        raise HierarchyRequestError(f"a {parent.nodeName} node cannot have children")
    if is_host_including_inclusive_ancestor(node, parent):
        raise HierarchyRequestError("the new child is an ancestor of the parent")
    if child.parentNode is not parent:
        raise NotFoundError("the node to replace is not a child of this node")
    if not isinstance(node, (DocumentFragment, DocumentType, Element, Text, ProcessingInstruction, Comment)):
        raise HierarchyRequestError(f"a {node.nodeName} node cannot be inserted")
    if (isinstance(node, Text) and parent.nodeType == DOCUMENT_NODE) or (
        isinstance(node, DocumentType) and parent.nodeType != DOCUMENT_NODE
    ):
        raise HierarchyRequestError(f"a {node.nodeName} node cannot be a child of a {parent.nodeName} node")
    if parent.nodeType == DOCUMENT_NODE:  # step 6, with "child" excluded from the counts
        assert isinstance(parent, Document)
        others = [c for c in parent._children_list if c is not child]
        index = next(i for i, c in enumerate(parent._children_list) if c is child)
        preceding = parent._children_list[:index]
        following = parent._children_list[index + 1 :]
        def has(nodes: list[Node], kind: int) -> bool:
            return any(c.nodeType == kind for c in nodes)
        if isinstance(node, DocumentFragment):
            kids = node._children()
            elements = sum(1 for c in kids if c.nodeType == ELEMENT_NODE)
            if elements > 1 or any(c.nodeType == TEXT_NODE for c in kids):
                raise HierarchyRequestError("a document can have only one element and no text")
            if elements == 1 and (has(others, ELEMENT_NODE) or has(following, DOCUMENT_TYPE_NODE)):
                raise HierarchyRequestError("a document can have only one element, after its doctype")
        elif isinstance(node, Element):
            if has(others, ELEMENT_NODE) or has(following, DOCUMENT_TYPE_NODE):
                raise HierarchyRequestError("a document can have only one element, after its doctype")
        elif isinstance(node, DocumentType):
            if has(others, DOCUMENT_TYPE_NODE) or has(preceding, ELEMENT_NODE):
                raise HierarchyRequestError("a document can have only one doctype, before its element")
    reference = child.nextSibling  # step 2
    if reference is node:  # step 3
        reference = node.nextSibling
    previous = child.previousSibling if _observers["active"] else None  # step 4
    # Step 6: adopting removes node from its parent first, observed (its own record, with its
    # siblings as they were); replaceChild(x, x) gives that record and the one of step 10.
    adopt(node, parent._doc)
    removed: list[Node] = []  # step 5
    if child.parentNode is not None:  # step 7 (false only when child is node)
        removed = [child]
        remove(child, suppress_observers=True)
    nodes = node._children() if isinstance(node, DocumentFragment) else [node]  # step 8
    insert(node, parent, reference, suppress_observers=True)  # step 9
    if _observers["active"]:  # step 10
        queue_tree_mutation_record(parent, nodes, removed, previous, reference)
    return child


def replace_all(node: Node | None, parent: Node) -> None:
    """https://dom.spec.whatwg.org/#concept-node-replace-all"""
    removed = parent._children()
    added = [] if node is None else node._children() if isinstance(node, DocumentFragment) else [node]
    for child in removed:
        remove(child, suppress_observers=True)
    if node is not None:
        insert(node, parent, None, suppress_observers=True)
    if _observers["active"]:  # step 7: one record for the whole replacement
        queue_tree_mutation_record(parent, added, removed, None, None)


def string_replace_all(string: str, parent: Node) -> None:
    """https://dom.spec.whatwg.org/#string-replace-all"""
    node = parent._doc.createTextNode(string) if string else None
    replace_all(node, parent)


def adopt(node: Node, document: Document) -> None:
    """https://dom.spec.whatwg.org/#concept-node-adopt

    The template contents and shadow roots of the subtree are adopted from a work list, not by
    an adoption nested in this one: nested templates nest no calls."""
    work: list[tuple[Node, Document]] = [(node, document)]
    while work:
        node, document = work.pop()
        _adopt_subtree(node, document, work)


def _adopt_subtree(node: Node, document: Document, work: list[tuple[Node, Document]]) -> None:
    """Adopt *node*'s subtree into *document*; its template contents and shadow roots, which
    follow it, are added to *work*."""
    old_document = node._doc
    if node.parentNode is not None:
        remove(node)
    if old_document is document:
        return
    if old_document._live_ranges or old_document._node_iterators:
        # live ranges and NodeIterators that point into the moved nodes must follow the
        # mutations of the new document too

        adopt_registries(old_document, document)
    # Move every wrapper of the subtree that exists to the new document's identity map first
    # (looking children up afterwards must find these wrappers, not make new ones), then set
    # their node document: wrappers, their Text runs and Attr objects.
    moved: list[Node] = []
    lx = getattr(node, "_lx", None)
    if lx is not None:
        # All proxies are held until the loop ends, then freed last first (descendants before
        # ancestors): one freed at once would walk up its unwrapped ancestors, O(depth) each.
        subtree = list(lx.iter())
        if old_document._is_html != document._is_html:
            _store_names_for(subtree, old_document, document._is_html)
        for sub in subtree:
            found = old_document._nodes.pop(sub, None)
            if found is not None:
                document._nodes[sub] = found
                moved.append(found)
    else:
        moved.append(node)  # a Text, DocumentType or Attr
    if old_document._escaped_text:
        document._escaped_text = True
    templates = []
    shadows = []
    for wrapper in moved:
        wrapper._doc = document
        for run_name in ("_text_run", "_tail_run"):
            for text in getattr(wrapper, run_name, None) or ():
                text._doc = document
        if isinstance(wrapper, Element):
            for attr in wrapper._attr_node_map().values():  # the element's Attr objects
                attr._doc = document
            content = wrapper._held_object("content")  # a template's contents
            if content is not None:
                templates.append(content)
            shadow = shadow_root_of(wrapper)
            if shadow is not None:  # shadow-including descendants move too
                shadows.append(shadow)
    # https://html.spec.whatwg.org/#the-template-element:concept-node-adopt-ext
    if templates:
        owner = template_contents_owner_document(document)
        work.extend((content, owner) for content in templates)
    work.extend((shadow, document) for shadow in shadows)
    document._version += 1
    old_document._version += 1


def _store_names_for(subtree: list[Any], old_document: Document, html_document: bool) -> None:
    """Retag the elements of *subtree* (lxml nodes of *old_document*) as a document of the other
    kind stores their names (see :func:`dom.storage.tag_in_document`): the DOM name of each,
    from its wrapper or its old tag, stays what it was."""
    nodes = old_document._nodes
    escaped = "{" + ESCAPED_NS + "}"
    retagged = False
    for sub in subtree:
        tag = sub.tag
        if type(tag) is not str:  # a comment or a processing instruction
            continue
        wrapper = nodes.get(sub)
        if isinstance(wrapper, Element):
            name = wrapper._name
            triple = (name.namespace, name.prefix, name.local)
        elif wrapper is None:
            triple = name_from_tag(tag, old_document._is_html)
            if triple[1] is None and triple[0] is not None and tag[0] == "{" and not tag.startswith(escaped):
                triple = (triple[0], sub.prefix, triple[2])  # an XML element's own prefix
        else:  # a fragment's container
            continue
        new = tag_in_document(tag, triple, html_document)
        if new is not None:
            sub.tag = new
            retagged = True
    if retagged:
        # lxml declares the namespace of a new tag on the element; the old tag's declarations
        # stay (nothing of the DOM is an lxml declaration: an XML document's xmlns attributes
        # are stored as attributes), and the HTML serializer would write them.
        etree.cleanup_namespaces(subtree[0])


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
        content = original._held_object("content") if isinstance(original, TemplateElement) else None
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
    """A run lxml's slot string does not give back: several Text nodes, or one empty one."""
    if not run:
        return False
    return len(run) > 1 or not run[0]._data


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
        if run and (len(run) > 1 or not run[0]._data):  # _odd_run, inline: asked of every element
            return True
    elif getattr(wrapper, "_override", None) is not None:
        return True
    if top:
        return False
    run = wrapper._tail_run
    return bool(run) and (len(run) > 1 or not run[0]._data)


def _carry_state(original: Any, clone: Any, document: Document, tail: bool, pending: list[tuple[Node, Node]]) -> None:
    if isinstance(original, Element):
        clone._name = original._name
        if original._attr_extra:
            clone._attr_extra = dict(original._attr_extra)
        steps = getattr(clone, "_cloning_steps", None)
        if steps is not None:
            steps(original)
        if _odd_run(original._text_run):
            clone._text_run = [Text._new_in_slot(document, t._data, clone, False) for t in original._slot_run(False)]
        content = original._held_object("content")
        if content is not None:  # the template's contents, cloned into the copy's contents
            pending.append((content, clone.content))
        if _shadow["active"] and getattr(original, "_shadow_root", None) is not None:
            clone_shadow_root(original, clone, pending)  # step 7: a clonable shadow root
    else:
        clone._override = original._override
    if tail and _odd_run(original._tail_run):
        clone._tail_run = [Text._new_in_slot(document, t._data, clone, True) for t in original._slot_run(True)]


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
        return clone
    raise TypeError(f"cannot clone {node!r}")
