"""Node identity: the one wrapper of an lxml node (https://dom.spec.whatwg.org/#concept-node).

Every DOM node is a wrapper object of ours; the document's identity map (``Document._nodes``)
maps an lxml proxy to its wrapper, so the same node is the same Python object however it is
reached.  Wrappers are created lazily, only by :func:`node_for`.  This module knows no node
class: it stands below the node tree so that anything built on lxml nodes (collections,
traversal, the mutation algorithms) can turn one into its wrapper.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .speedups import extension

if TYPE_CHECKING:
    from .document import Document
    from .node import SlotOwner

__all__ = ["ELEMENT_WRAPPER_FIELDS", "node_for", "nodes_for", "python_node_for", "python_nodes_for"]

# The fields an element wrapper is made with, declared once: Element._init_wrapper stores them
# (the reference), the C extension's Document._wrap_new stores the same into the same slots (it is
# configured with their descriptors in this order and checks their names, identity_speedups.c),
# and every other slot of an element class is state set lazily (dom/nodes/rare_state.py).
ELEMENT_WRAPPER_FIELDS = ("_doc", "_lx", "_text_run", "_tail_run", "_attr_extra", "_name", "_rare")


def python_node_for(lx: Any, document: Document) -> SlotOwner:
    """The wrapper of an lxml node: looked up in the document's identity map, created on first use."""
    node = document._nodes.get(lx)
    if node is None:
        node = document._wrap_new(lx)
    return node


def python_nodes_for(lxs: Iterable[Any], document: Document) -> list[SlotOwner]:
    """The wrappers of the lxml nodes *lxs*, in order (node_for on each)."""
    get = document._nodes.get
    return [n if (n := get(lx)) is not None else node_for(lx, document) for lx in lxs]


# node_for is python_node_for, done in C when the optional extension is there (dom/nodes/speedups.py);
# nodes_for the same for many nodes.
node_for: Callable[[Any, Document], SlotOwner] = python_node_for if extension is None else extension.node_for
nodes_for: Callable[[Iterable[Any], Document], list[SlotOwner]] = (
    python_nodes_for if extension is None or not hasattr(extension, "nodes_for") else extension.nodes_for)
