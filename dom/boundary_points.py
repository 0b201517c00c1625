"""Boundary points and the tree facts ranges need: a node's index and length, and the
position of one boundary point relative to another (https://dom.spec.whatwg.org/#concept-range-bp).

Offsets count DOM children (several Text nodes can share one lxml text slot) or UTF-16 code
units of CharacterData.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from .nodes.node import (
    ATTRIBUTE_NODE,
    CDATA_SECTION_NODE,
    COMMENT_NODE,
    DOCUMENT_NODE,
    DOCUMENT_TYPE_NODE,
    PROCESSING_INSTRUCTION_NODE,
    TEXT_NODE,
    LxmlParent,
    Node,
    inclusive_ancestors,
    is_inclusive_ancestor,
)

if TYPE_CHECKING:
    from .nodes.character_data import CharacterData, Text
    from .nodes.document import Document

__all__ = [
    "BEFORE", "EQUAL", "AFTER", "node_index", "node_length", "child_at", "inclusive_ancestors", "tree_root_of",
    "is_inclusive_ancestor", "position", "node_document",
]

BEFORE, EQUAL, AFTER = -1, 0, 1

# Node kinds by nodeType: ranges stand below the node classes (only Node's tree is needed here).
_TEXT = (TEXT_NODE, CDATA_SECTION_NODE)
_CHARACTER_DATA = (TEXT_NODE, CDATA_SECTION_NODE, COMMENT_NODE, PROCESSING_INSTRUCTION_NODE)


def node_index(node: Node) -> int:
    """https://dom.spec.whatwg.org/#concept-tree-index, without building the parent's child
    list: a Text node's place in its run, an lxml node's place counted over lxml siblings and
    their tail runs (a sibling with no wrapper yet has one Text node in a non-empty tail)."""
    parent = node.parentNode
    if parent is None:
        return 0
    if parent.nodeType == DOCUMENT_NODE:
        for i, child in enumerate(cast("Document", parent)._children_list):
            if child is node:
                return i
        return 0
    if node.nodeType in _TEXT:
        text = cast("Text", node)
        owner = text._owner
        run = text._run()
        position = next((i for i, t in enumerate(run) if t is node), 0)
        if not text._in_tail or owner is None:  # a tail run always has its owner
            return position
        return node_index(owner) + 1 + position
    lx = getattr(node, "_lx", None)
    if lx is None or not isinstance(parent, LxmlParent):  # pragma: no cover - defensive
        return next(i for i, c in enumerate(parent._children()) if c is node)
    count = len(parent._slot_run(False))
    wrappers: dict[Any, Any] = node._doc._nodes  # lxml node -> its wrapper (a SlotOwner)
    for sibling in lx.itersiblings(preceding=True):
        wrapper = wrappers.get(sibling)
        if wrapper is None:
            count += 2 if sibling.tail else 1
        else:
            count += 1 + len(wrapper._slot_run(True))
    return count


def node_length(node: Node) -> int:
    """https://dom.spec.whatwg.org/#concept-node-length"""
    kind = node.nodeType
    if kind == DOCUMENT_TYPE_NODE or kind == ATTRIBUTE_NODE:
        return 0
    if kind in _CHARACTER_DATA:
        return cast("CharacterData", node).length
    if kind == DOCUMENT_NODE:
        return len(cast("Document", node)._children_list)
    if isinstance(node, LxmlParent):
        count = len(node._slot_run(False))
        wrappers: dict[Any, Any] = node._doc._nodes  # lxml node -> its wrapper (a SlotOwner)
        for child in node._lx:
            wrapper = wrappers.get(child)
            if wrapper is None:
                count += 2 if child.tail else 1
            else:
                count += 1 + len(wrapper._slot_run(True))
        return count
    return len(node._children())


def child_at(node: Node, index: int) -> Node | None:
    """The child of *node* whose index is *index*, or None."""
    if index < 0:
        return None
    children = node._children()
    return children[index] if index < len(children) else None


def tree_root_of(node: Node) -> Node:
    parent = node.parentNode
    while parent is not None:
        node = parent
        parent = node.parentNode
    return node


def position(node_a: Node, offset_a: int, node_b: Node, offset_b: int) -> int:
    """https://dom.spec.whatwg.org/#concept-range-bp-position: BEFORE (-1), EQUAL (0) or AFTER
    (1) of (node_a, offset_a) relative to (node_b, offset_b), both in one tree."""
    # 2. Same node: compare offsets.
    if node_a is node_b:
        return (offset_a > offset_b) - (offset_a < offset_b)
    chain_a, chain_b = inclusive_ancestors(node_a), inclusive_ancestors(node_b)
    i, j = len(chain_a) - 1, len(chain_b) - 1
    while i > 0 and j > 0 and chain_a[i - 1] is chain_b[j - 1]:
        i -= 1
        j -= 1
    # 4. node_a is an ancestor of node_b: after if node_b's ancestor child is before offset_a.
    if i == 0:
        return AFTER if node_index(chain_b[j - 1]) < offset_a else BEFORE
    # 3. node_a follows node_b as its descendant: the inverse of (node_b, offset_b) vs node_a.
    if j == 0:
        return BEFORE if node_index(chain_a[i - 1]) < offset_b else AFTER
    # 3/5. Neither contains the other: tree order of the two children of the common ancestor.
    return BEFORE if node_index(chain_a[i - 1]) < node_index(chain_b[j - 1]) else AFTER


def node_document(node: Node) -> Any:
    return node if node.nodeType == DOCUMENT_NODE else node._doc
