"""Mutation algorithms (https://dom.spec.whatwg.org/#mutation-algorithms) over the lxml store.

Moving an lxml node moves its ``.tail`` with it, but in the DOM the Text nodes after an element
are its siblings, not part of it.  So before an lxml node leaves a place, its tail run is merged
into the slot before it, and where a node arrives in the middle of a run, the run is split at
that point: the part after it becomes the new node's tail.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, cast

from lxml import etree

from webidl import HierarchyRequestError, NotFoundError

from .. import registry  # Node's members reach this module through it; template contents build on it
from ..live_ranges import adopt_registries, live_range_insert, live_range_normalize, live_range_pre_remove
from ..lxml_mirror import ESCAPED_NS, name_from_tag, tag_in_document
from ..mutation_observers import add_transient_observers, queue_tree_mutation_record
from ..mutation_observers import adopted as observed_nodes_adopted
from ..mutation_observers import state as _observers
from ..traversal import node_iterator_pre_remove
from .identity import node_for
from .node import (
    CDATA_SECTION_NODE,
    COMMENT_NODE,
    DOCUMENT_FRAGMENT_NODE,
    DOCUMENT_NODE,
    DOCUMENT_TYPE_NODE,
    ELEMENT_NODE,
    PROCESSING_INSTRUCTION_NODE,
    TEXT_NODE,
    LxmlParent,
    Node,
    SlotOwner,
    is_exclusive_text,
    is_inclusive_ancestor,
    last_child_lx,
)
from .proxy_release import has_parent
from .shadow_host import note_shadow_host, shadow_root_of
from .shadow_host import state as _shadow
from .slots import after_insert, after_remove, before_remove

if TYPE_CHECKING:
    from webidl.dictionary_types import GetRootNodeOptions

    from .character_data import Text
    from .document import Document, DocumentType
    from .element import Element

_N = TypeVar("_N", bound=Node)

# Node kinds by nodeType (the node classes stand above this module): the nodes that can be
# inserted (https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity step 4), and
# Text nodes (a CDATASection is a Text node).
_INSERTABLE = frozenset({DOCUMENT_FRAGMENT_NODE, DOCUMENT_TYPE_NODE, ELEMENT_NODE, TEXT_NODE, CDATA_SECTION_NODE,
                         PROCESSING_INSTRUCTION_NODE, COMMENT_NODE})
_TEXT = frozenset({TEXT_NODE, CDATA_SECTION_NODE})

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
    "move",
    "adopt",
    "normalize",
    "insertion_steps",
    "is_host_including_inclusive_ancestor",
    "mirror_top_level",
]


def is_host_including_inclusive_ancestor(a: Node, b: Node) -> bool:
    """https://dom.spec.whatwg.org/#concept-tree-host-including-inclusive-ancestor (through
    shadow roots' and template contents' hosts)."""
    if is_inclusive_ancestor(a, b):
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
        if is_inclusive_ancestor(a, b):
            return True


def ensure_pre_insert_validity(node: Node, parent: Node, child: Node | None) -> None:
    """https://dom.spec.whatwg.org/#concept-node-ensure-pre-insertion-validity"""
    if parent.nodeType not in (DOCUMENT_NODE, DOCUMENT_FRAGMENT_NODE, ELEMENT_NODE):  # step 1
        raise HierarchyRequestError(f"a {parent.nodeName} node cannot have children")
    if is_host_including_inclusive_ancestor(node, parent):  # step 2
        raise HierarchyRequestError("the new child is an ancestor of the parent")
    if child is not None and child.parentNode is not parent:  # step 3
        raise NotFoundError("the reference child is not a child of this node")
    if node.nodeType not in _INSERTABLE:
        raise HierarchyRequestError(f"a {node.nodeName} node cannot be inserted")  # step 4
    if (node.nodeType in _TEXT and parent.nodeType == DOCUMENT_NODE) or (
        node.nodeType == DOCUMENT_TYPE_NODE and parent.nodeType != DOCUMENT_NODE
    ):  # step 5
        raise HierarchyRequestError(f"a {node.nodeName} node cannot be a child of a {parent.nodeName} node")
    if parent.nodeType == DOCUMENT_NODE:  # step 6
        document = cast("Document", parent)
        children = document._children_list
        child_index = None if child is None else next(i for i, c in enumerate(children) if c is child)
        after_child = [] if child_index is None else children[child_index + 1 :]
        has_element = any(c.nodeType == ELEMENT_NODE for c in children)
        if node.nodeType == DOCUMENT_FRAGMENT_NODE:
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
        elif node.nodeType == ELEMENT_NODE:
            if (
                has_element
                or (child is not None and child.nodeType == DOCUMENT_TYPE_NODE)
                or any(c.nodeType == DOCUMENT_TYPE_NODE for c in after_child)
            ):
                raise HierarchyRequestError("a document can have only one element, after its doctype")
        elif node.nodeType == DOCUMENT_TYPE_NODE:
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
    nodes = node._children() if node.nodeType == DOCUMENT_FRAGMENT_NODE else [node]
    observed = _observers["active"] and not suppress_observers
    if observed:  # the previous sibling of the insertion point, for the mutation record
        previous = child.previousSibling if child is not None else parent.lastChild
    if node.nodeType == DOCUMENT_FRAGMENT_NODE:
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
    # (a document's children: no lxml parent; the elements inserted, for dom/cssom/style_invalidation.py)
    inserted = [getattr(each, "_lx", None) for each in nodes if each.nodeType == ELEMENT_NODE]
    document._changed(getattr(parent, "_lx", None), True, inserted[0] if len(inserted) == 1 else tuple(inserted))
    if observed:  # step 10: queue a tree mutation record
        queue_tree_mutation_record(parent, nodes, [], previous, child)
    for each in nodes:
        insertion_steps(each)
    children_changed_steps(parent)  # step 9


def insertion_steps(node: Node) -> None:
    """The insertion steps of later layers (e.g. nonce hiding): a node's ``_inserted()``."""
    hook = getattr(node, "_inserted", None)
    if hook is not None:
        hook()


def children_changed_steps(parent: Node) -> None:
    """https://dom.spec.whatwg.org/#concept-node-children-changed-ext, which later layers define
    for some elements (a textarea's): a node's ``_children_changed()``."""
    hook = getattr(parent, "_children_changed", None)
    if hook is not None:
        hook()


def _insert_in_document(node: Node, document: Document, child: Node | None) -> None:
    children = document._children_list
    index = len(children) if child is None else next(i for i, c in enumerate(children) if c is child)
    children.insert(index, node)
    if node.nodeType == DOCUMENT_TYPE_NODE:
        cast("DocumentType", node)._parent = document
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
    if child.nodeType in _TEXT:
        text = cast("Text", child)
        owner = text._owner
        assert owner is not None
        run = text._run()
        return owner, text._in_tail, next(i for i, t in enumerate(run) if t is child)
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
    if node.nodeType in _TEXT:
        run.insert(index, cast("Text", node))
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
    if node.nodeType != ELEMENT_NODE:
        return False
    element = cast("Element", node)
    lx = element._lx
    tag = lx.tag
    if (
        tag[0] == "{"  # type: ignore[index]  # types-lxml types .tag as any tag name; an element's is a str
        or lx.text is not None
        or has_parent(lx)
        or lx.getprevious() is not None
        or lx.getnext() is not None
        or next(iter(lx), None) is not None
    ):
        return False
    attributes = lx.attrib
    if any(key[0] == "{" for key in attributes):
        return False
    made = etree.SubElement(parent_lx, tag, dict(attributes))
    nodes = element._doc._nodes
    del nodes[lx]
    element._lx = made
    nodes[made] = element
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
        _removing_steps(node)
        add_transient_observers(node, parent)
        if not suppress_observers:
            queue_tree_mutation_record(parent, [], [node], old_previous, old_next)
        children_changed_steps(parent)  # step 17
        return
    _remove(node, parent)
    if _shadow["active"]:
        after_remove(node, parent, slot)
    _removing_steps(node)
    children_changed_steps(parent)  # step 17


def _removing_steps(node: Node) -> None:
    """Step 13: the removing steps of the node's shadow-including inclusive descendants, of which
    the node tree's later layers define one that needs the tree: the HTML Standard's for a
    focused area (dom.html.focus), asked only while the document has one."""
    if node._doc._focused_area is not None:
        registry.focus_removing_steps(node)


def move(node: Node, new_parent: Node, child: Node | None) -> None:
    """https://dom.spec.whatwg.org/#move -- *node* into *new_parent* before *child*, keeping its
    state: neither the removing nor the insertion steps run (a focused element stays focused),
    but the moving steps do; the node is not adopted (it stays in its shadow-including root) and
    gets no transient observers."""
    composed: GetRootNodeOptions = {"composed": True}
    if new_parent.getRootNode(composed) is not node.getRootNode(composed):  # step 1
        raise HierarchyRequestError("moveBefore needs the node and the new parent in the same shadow-including tree")
    if is_host_including_inclusive_ancestor(node, new_parent):  # step 2
        raise HierarchyRequestError("the node is a host-including inclusive ancestor of the new parent")
    if child is not None and child.parentNode is not new_parent:  # step 3
        raise NotFoundError("the reference child is not a child of this node")
    if node.nodeType not in (ELEMENT_NODE, TEXT_NODE, CDATA_SECTION_NODE, PROCESSING_INSTRUCTION_NODE, COMMENT_NODE):
        raise HierarchyRequestError("only elements and character data can be moved")  # step 4
    if new_parent.nodeType == DOCUMENT_NODE:
        if node.nodeType in _TEXT:  # step 5
            raise HierarchyRequestError("a document cannot have text children")
        if node.nodeType == ELEMENT_NODE:  # step 6 (an element child, node itself included)
            children = cast("Document", new_parent)._children_list
            after_child = [] if child is None else children[next(i for i, c in enumerate(children) if c is child) + 1 :]
            if (
                any(c.nodeType == ELEMENT_NODE for c in children)
                or (child is not None and child.nodeType == DOCUMENT_TYPE_NODE)
                or any(c.nodeType == DOCUMENT_TYPE_NODE for c in after_child)
            ):
                raise HierarchyRequestError("a document can have only one element, after its doctype")
    old_parent = node.parentNode  # step 7
    assert old_parent is not None  # step 8 (step 1 holds only for a node with a parent or a root)
    document = node._doc
    observed = _observers["active"]
    if observed:  # steps 11-12
        old_previous, old_next = node.previousSibling, node.nextSibling
    slot = before_remove(node) if _shadow["active"] else None
    # steps 9-10 (the live range and NodeIterator pre-remove steps) and 13: out of the children
    _remove(node, old_parent)
    if _shadow["active"]:  # steps 14-16: assign slottables, signal a slot change
        after_remove(node, old_parent, slot)
    if child is not None and document._live_ranges:  # step 17: live ranges past child's index
        live_range_insert(new_parent, child, 1, document)
    if observed:  # step 18
        new_previous = child.previousSibling if child is not None else new_parent.lastChild
    if isinstance(new_parent, LxmlParent):  # steps 19-20
        _insert_in_lxml_parent(node, new_parent, child)
        if _shadow["active"]:  # steps 21-23: assign a slot, signal a slot change, assign slottables
            after_insert(node, new_parent)
    else:
        _insert_in_document(node, document, child)
    document._changed(getattr(new_parent, "_lx", None), True, getattr(node, "_lx", None) if (
        node.nodeType == ELEMENT_NODE) else None)
    registry.moving_steps(node)  # step 24 (no custom elements here: no connectedMoveCallback)
    if observed:  # steps 25-26
        queue_tree_mutation_record(old_parent, [], [node], old_previous, old_next)
        queue_tree_mutation_record(new_parent, [node], [], new_previous, child)


def _remove(node: Node, parent: Node) -> None:
    document = node._doc
    version_before = document._version
    if document._live_ranges or document._node_iterators:
        # steps 3-4: the live range and NodeIterator pre-remove steps (a document keeps these
        # registries only once it has live ranges or iterators: dom/ranges.py, dom/traversal.py)

        live_range_pre_remove(node, parent, document)
        node_iterator_pre_remove(node, document)
    if parent.nodeType == DOCUMENT_NODE:
        parent = cast("Document", parent)
        parent._children_list = [c for c in parent._children_list if c is not node]
        if node.nodeType == DOCUMENT_TYPE_NODE:
            cast("DocumentType", node)._parent = None
        lx = getattr(node, "_lx", None)
        if lx is not None and not has_parent(lx):
            # Top-level lxml nodes: take a comment/PI out of the root's sibling chain by giving
            # it a detached place of its own (lxml has no "unlink" for top-level siblings).
            holder = _detached_holder()
            holder.append(lx)
            holder.remove(lx)
        document._changed(None)
        return
    if node.nodeType in _TEXT:
        text = cast("Text", node)
        text_owner = text._owner
        assert text_owner is not None
        run = [t for t in text._run() if t is not node]
        text_owner._write_slot(text._in_tail, run)
        text._detach()
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
    document._changed(parent_lx, False, lx if node.nodeType == ELEMENT_NODE else None)
    if node.nodeType == ELEMENT_NODE and next(lx.iterchildren(tag=etree.Element), None) is None:
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
    if node.nodeType not in _INSERTABLE:
        raise HierarchyRequestError(f"a {node.nodeName} node cannot be inserted")
    if (node.nodeType in _TEXT and parent.nodeType == DOCUMENT_NODE) or (
        node.nodeType == DOCUMENT_TYPE_NODE and parent.nodeType != DOCUMENT_NODE
    ):
        raise HierarchyRequestError(f"a {node.nodeName} node cannot be a child of a {parent.nodeName} node")
    if parent.nodeType == DOCUMENT_NODE:  # step 6, with "child" excluded from the counts
        parent = cast("Document", parent)
        others = [c for c in parent._children_list if c is not child]
        index = next(i for i, c in enumerate(parent._children_list) if c is child)
        preceding = parent._children_list[:index]
        following = parent._children_list[index + 1 :]
        def has(nodes: list[Node], kind: int) -> bool:
            return any(c.nodeType == kind for c in nodes)
        if node.nodeType == DOCUMENT_FRAGMENT_NODE:
            kids = node._children()
            elements = sum(1 for c in kids if c.nodeType == ELEMENT_NODE)
            if elements > 1 or any(c.nodeType == TEXT_NODE for c in kids):
                raise HierarchyRequestError("a document can have only one element and no text")
            if elements == 1 and (has(others, ELEMENT_NODE) or has(following, DOCUMENT_TYPE_NODE)):
                raise HierarchyRequestError("a document can have only one element, after its doctype")
        elif node.nodeType == ELEMENT_NODE:
            if has(others, ELEMENT_NODE) or has(following, DOCUMENT_TYPE_NODE):
                raise HierarchyRequestError("a document can have only one element, after its doctype")
        elif node.nodeType == DOCUMENT_TYPE_NODE:
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
    nodes = node._children() if node.nodeType == DOCUMENT_FRAGMENT_NODE else [node]  # step 8
    insert(node, parent, reference, suppress_observers=True)  # step 9
    if _observers["active"]:  # step 10
        queue_tree_mutation_record(parent, nodes, removed, previous, reference)
    return child


def replace_all(node: Node | None, parent: Node) -> None:
    """https://dom.spec.whatwg.org/#concept-node-replace-all"""
    removed = parent._children()
    added = [] if node is None else node._children() if node.nodeType == DOCUMENT_FRAGMENT_NODE else [node]
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
    if old_document._lossy_attributes:
        document._lossy_attributes = True
    templates = []
    shadows = []
    for wrapper in moved:
        wrapper._doc = document
        for run_name in ("_text_run", "_tail_run"):
            for text in getattr(wrapper, run_name, None) or ():
                text._doc = document
        if wrapper.nodeType == ELEMENT_NODE:
            wrapper = cast("Element", wrapper)
            for attr in wrapper._attr_node_map().values():  # the element's Attr objects
                attr._doc = document
            content = getattr(wrapper, "_template_contents", None)  # a template's contents
            if content is not None:
                templates.append(content)
            shadow = shadow_root_of(wrapper)
            if shadow is not None:  # shadow-including descendants move too
                shadows.append(shadow)
                note_shadow_host(document, wrapper)
    # https://html.spec.whatwg.org/#the-template-element:concept-node-adopt-ext
    if templates:
        owner = registry.template_contents_owner_document(document)
        work.extend((content, owner) for content in templates)
    work.extend((shadow, document) for shadow in shadows)
    document._version += 1
    old_document._version += 1
    if _observers["active"]:  # nodes with subtree observers are found by their node document
        observed_nodes_adopted(old_document)


def _store_names_for(subtree: list[Any], old_document: Document, html_document: bool) -> None:
    """Retag the elements of *subtree* (lxml nodes of *old_document*) as a document of the other
    kind stores their names (see :func:`dom.lxml_mirror.tag_in_document`): the DOM name of each,
    from its wrapper or its old tag, stays what it was."""
    nodes = old_document._nodes
    escaped = "{" + ESCAPED_NS + "}"
    retagged = False
    for sub in subtree:
        tag = sub.tag
        if type(tag) is not str:  # a comment or a processing instruction
            continue
        wrapper = nodes.get(sub)
        if wrapper is not None and wrapper.nodeType == ELEMENT_NODE:
            name = cast("Element", wrapper)._name
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


def normalize(root: Node) -> None:
    """https://dom.spec.whatwg.org/#dom-node-normalize"""
    for node in list(root._descendants()):
        if not is_exclusive_text(node) or node.parentNode is None:
            continue
        if node._data == "":
            remove(node)
            continue
        # 3. The contiguous exclusive Text nodes after node.
        siblings = []
        sibling = node.nextSibling
        while is_exclusive_text(sibling):
            siblings.append(sibling)
            sibling = sibling.nextSibling
        if not siblings:
            continue
        # 4. Append their data to node (replace data at its end: live ranges keep offsets).
        length = node.length
        node._replace_data(length, 0, "".join(t._data for t in siblings))
        ranges = node._doc._live_ranges
        for sibling in siblings:
            if ranges:  # 6. live ranges in or just before sibling move into node
                live_range_normalize(node, sibling, length)
            length += sibling.length
            # 7. (removing each sibling right after its step 6 gives the same offsets as
            # removing them all afterwards: the removal shifts later indices by one)
            remove(sibling)


registry.append = append
registry.pre_insert = pre_insert
registry.replace = replace
registry.pre_remove = pre_remove
registry.string_replace_all = string_replace_all
registry.normalize = normalize
