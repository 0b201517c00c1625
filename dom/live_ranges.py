"""The live range update steps the mutation algorithms run (https://dom.spec.whatwg.org/#concept-live-range).

Live ranges register themselves (weakly) with the node document of their boundary points
(``document._live_ranges``).  The mutation algorithms call these steps only when that document
has live ranges, so documents without ranges pay one field read per mutation.  When nodes are
adopted into another document, the old document's ranges and NodeIterators are registered with
the new one too (they may point into the adopted subtree).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from .boundary_points import is_inclusive_ancestor, node_index
from .nodes.node import Node
from .traversal import iterators_of

if TYPE_CHECKING:
    from .ranges import Range

__all__ = [
    "ranges_of", "adopt_registries", "live_range_pre_remove", "live_range_insert", "live_range_replace_data",
    "live_range_split", "live_range_normalize",
]


def ranges_of(document: Any) -> weakref.WeakSet[Range]:
    registry = document._live_ranges
    if registry is None:
        registry = document._live_ranges = weakref.WeakSet()
    value: weakref.WeakSet[Range] = registry
    return value


def adopt_registries(old_document: Any, document: Any) -> None:
    """Adoption moves nodes to *document*: its mutations must now update the old document's
    live ranges and NodeIterators that point into the moved nodes (extra entries are harmless:
    every update step compares nodes)."""
    ranges = old_document._live_ranges
    if ranges:
        ranges_of(document).update(ranges)
    iterators = old_document._node_iterators
    if iterators:
        iterators_of(document).update(iterators)


def live_range_pre_remove(node: Node, parent: Node, document: Any) -> None:
    """https://dom.spec.whatwg.org/#live-range-pre-remove-steps (step 3 of "remove")."""
    ranges = document._live_ranges
    if not ranges:
        return
    index = node_index(node)  # 3.
    for r in list(ranges):
        if is_inclusive_ancestor(node, r._start_node):  # 4.
            r._start_node, r._start_offset = parent, index
        if is_inclusive_ancestor(node, r._end_node):  # 5.
            r._end_node, r._end_offset = parent, index
        if r._start_node is parent and r._start_offset > index:  # 6.
            r._start_offset -= 1
        if r._end_node is parent and r._end_offset > index:  # 7.
            r._end_offset -= 1


def live_range_insert(parent: Node, child: Node, count: int, document: Any) -> None:
    """Step 5 of https://dom.spec.whatwg.org/#concept-node-insert: offsets in *parent* past
    *child*'s index grow by the number of inserted nodes."""
    ranges = document._live_ranges
    if not ranges:
        return
    affected = [r for r in ranges if r._start_node is parent or r._end_node is parent]
    if not affected:
        return
    index = node_index(child)
    for r in affected:
        if r._start_node is parent and r._start_offset > index:  # 5.1
            r._start_offset += count
        if r._end_node is parent and r._end_offset > index:  # 5.2
            r._end_offset += count


def live_range_replace_data(node: Node, offset: int, count: int, data_length: int) -> None:
    """Steps 8-11 of https://dom.spec.whatwg.org/#concept-cd-replace"""
    ranges = node._doc._live_ranges
    if not ranges:
        return
    end = offset + count
    for r in list(ranges):
        if r._start_node is node:
            if offset < r._start_offset <= end:  # 8.
                r._start_offset = offset
            elif r._start_offset > end:  # 10.
                r._start_offset += data_length - count
        if r._end_node is node:
            if offset < r._end_offset <= end:  # 9.
                r._end_offset = offset
            elif r._end_offset > end:  # 11.
                r._end_offset += data_length - count


def live_range_split(node: Node, new_node: Node, offset: int, parent: Node | None) -> None:
    """Steps 7.1-7.5 of https://dom.spec.whatwg.org/#concept-text-split, run after *new_node*
    was put after *node* in *parent* (and before the data of *node* is cut)."""
    ranges = node._doc._live_ranges
    if not ranges:
        return
    affected = [r for r in ranges if parent in (r._start_node, r._end_node) or node in (r._start_node, r._end_node)]
    if not affected:
        return
    index = node_index(node)
    for r in affected:
        # 7.1: inserting new_node before node's next sibling (index + 1) moves later offsets,
        # and 7.4-7.5: an offset equal to index + 1 moves too -- together: offsets > index.
        if r._start_node is parent and r._start_offset > index:
            r._start_offset += 1
        if r._end_node is parent and r._end_offset > index:
            r._end_offset += 1
        if r._start_node is node and r._start_offset > offset:  # 7.2
            r._start_node, r._start_offset = new_node, r._start_offset - offset
        if r._end_node is node and r._end_offset > offset:  # 7.3
            r._end_node, r._end_offset = new_node, r._end_offset - offset


def live_range_normalize(node: Node, current: Node, length: int) -> None:
    """Steps 6.1-6.4 of https://dom.spec.whatwg.org/#dom-node-normalize for one following Text
    node *current* (merged into *node*, whose data before it is *length* code units long)."""
    ranges = node._doc._live_ranges
    if not ranges:
        return
    parent = current.parentNode
    index = None
    for r in list(ranges):
        if r._start_node is current:  # 6.1
            r._start_node, r._start_offset = node, r._start_offset + length
        if r._end_node is current:  # 6.2
            r._end_node, r._end_offset = node, r._end_offset + length
        if parent is not None and (r._start_node is parent or r._end_node is parent):
            if index is None:
                index = node_index(current)
            if r._start_node is parent and r._start_offset == index:  # 6.3
                r._start_node, r._start_offset = node, length
            if r._end_node is parent and r._end_offset == index:  # 6.4
                r._end_node, r._end_offset = node, length
