"""Traversal: NodeFilter, NodeIterator and TreeWalker (https://dom.spec.whatwg.org/#traversal).

Every walk here is a loop over the Node API (firstChild, nextSibling, parentNode, ...), never a
recursion, so a 100,000-deep tree is fine.  A NodeIterator registers itself (weakly) with its
root's node document; the remove algorithm (dom/nodes/mutation.py) runs the NodeIterator
pre-remove steps for the iterators of the removed node's document only, so documents without
iterators pay one dictionary lookup per removal.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeAlias, cast

from webidl import InvalidStateError, to_unsigned_short
from webidl.operations import attributes

from .nodes.node import Node, is_inclusive_ancestor

__all__ = ["NodeFilter", "NodeFilterCallback", "NodeIterator", "TreeWalker", "node_iterator_pre_remove"]


class NodeFilter:
    """https://dom.spec.whatwg.org/#interface-nodefilter

    A callback interface: a filter is a callable taking the node, or any object with an
    ``acceptNode(node)`` method (a subclass of this class, say).  This class also carries the
    constants.  Its own ``acceptNode`` accepts every node.
    """

    # Constants for acceptNode()
    FILTER_ACCEPT = 1
    FILTER_REJECT = 2
    FILTER_SKIP = 3

    # Constants for whatToShow
    SHOW_ALL = 0xFFFFFFFF
    SHOW_ELEMENT = 0x1
    SHOW_ATTRIBUTE = 0x2
    SHOW_TEXT = 0x4
    SHOW_CDATA_SECTION = 0x8
    SHOW_ENTITY_REFERENCE = 0x10  # legacy
    SHOW_ENTITY = 0x20  # legacy
    SHOW_PROCESSING_INSTRUCTION = 0x40
    SHOW_COMMENT = 0x80
    SHOW_DOCUMENT = 0x100
    SHOW_DOCUMENT_TYPE = 0x200
    SHOW_DOCUMENT_FRAGMENT = 0x400
    SHOW_NOTATION = 0x800  # legacy

    def acceptNode(self, node: Node) -> int:
        return NodeFilter.FILTER_ACCEPT


class _AcceptNode(Protocol):
    def acceptNode(self, node: Node) -> int: ...  # noqa: N802 -- the IDL name


# What a NodeFilter argument takes (https://webidl.spec.whatwg.org/#idl-callback-interfaces): a
# function of the node, or an object with acceptNode.
NodeFilterCallback: TypeAlias = Callable[[Node], int] | _AcceptNode


FILTER_ACCEPT = NodeFilter.FILTER_ACCEPT
FILTER_REJECT = NodeFilter.FILTER_REJECT
FILTER_SKIP = NodeFilter.FILTER_SKIP



def _call_filter(filter_: Any, node: Node) -> Any:
    """https://webidl.spec.whatwg.org/#call-a-user-objects-operation with "acceptNode": a
    callable is called itself; otherwise its ``acceptNode`` (an attribute, or a mapping key for
    a dict standing for a JS object literal) must be callable."""
    if callable(filter_):
        return filter_(node)
    if isinstance(filter_, Mapping):
        method = filter_.get("acceptNode")
    else:
        method = getattr(filter_, "acceptNode", None)
    if not callable(method):
        raise TypeError("NodeFilter: acceptNode is not a function")
    return method(node)


class _Traverser:
    """What NodeIterator and TreeWalker share: root, whatToShow, filter, is active."""

    __slots__ = ("_root", "_what_to_show", "_filter", "_active", "__weakref__")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError(f"Illegal constructor: use document.create{type(self).__name__}()")

    def _init(self, root: Node, what_to_show: int, filter_: Any) -> None:
        self._root = root
        self._what_to_show = what_to_show
        self._filter = filter_
        self._active = False

    @property
    def root(self) -> Node:
        """https://dom.spec.whatwg.org/#dom-nodeiterator-root"""
        return self._root

    @property
    def whatToShow(self) -> int:
        """https://dom.spec.whatwg.org/#dom-nodeiterator-whattoshow"""
        return self._what_to_show

    @property
    def filter(self) -> NodeFilterCallback | None:
        """https://dom.spec.whatwg.org/#dom-nodeiterator-filter"""
        return cast("NodeFilterCallback | None", self._filter)

    def _filter_node(self, node: Node) -> int:
        """https://dom.spec.whatwg.org/#concept-node-filter"""
        # 1. Re-entrance (a filter calling back into its own traverser) is an error.
        if self._active:
            raise InvalidStateError("the filter is already running")
        # 2-3. The node type's bit of whatToShow.
        if not (self._what_to_show >> (node.nodeType - 1)) & 1:
            return FILTER_SKIP
        # 4. No filter: accept.
        if self._filter is None:
            return FILTER_ACCEPT
        # 5-7. Call the filter with "is active" set (reset on exceptions too).
        self._active = True
        try:
            return to_unsigned_short(_call_filter(self._filter, node))
        finally:
            self._active = False


def _following(node: Node, root: Node) -> Node | None:
    """The node after *node* in tree order, within *root*'s inclusive descendants."""
    child = node.firstChild
    if child is not None:
        return child
    current: Node | None = node
    while current is not None and current is not root:
        sibling = current.nextSibling
        if sibling is not None:
            return sibling
        current = current.parentNode
    return None


def _preceding(node: Node, root: Node) -> Node | None:
    """The node before *node* in tree order, within *root*'s inclusive descendants."""
    if node is root:
        return None
    sibling = node.previousSibling
    if sibling is None:
        return node.parentNode
    while True:
        last = sibling.lastChild
        if last is None:
            return sibling
        sibling = last


def _following_outside(node: Node, root: Node) -> Node | None:
    """The first node following *node* that is an inclusive descendant of *root* and not an
    inclusive descendant of *node* (its subtree skipped)."""
    current: Node | None = node
    while current is not None and current is not root:
        sibling = current.nextSibling
        if sibling is not None:
            return sibling
        current = current.parentNode
    return None


class NodeIterator(_Traverser):
    """https://dom.spec.whatwg.org/#interface-nodeiterator

    The reference and the candidate reference are node pointers: (node, pointer before).
    """

    __slots__ = ("_reference", "_pointer_before", "_candidate")
    _reference: Node
    _pointer_before: bool
    # The candidate reference of a traversal in progress (None between traversals): the
    # removal steps adjust it while a filter runs.
    _candidate: tuple[Node, bool] | None

    @classmethod
    def _create(cls, root: Node, what_to_show: int, filter_: Any) -> NodeIterator:
        """https://dom.spec.whatwg.org/#dom-document-createnodeiterator (of converted arguments)"""
        iterator = cls.__new__(cls)
        # 1-6. root, reference (root, true), whatToShow, filter.
        iterator._init(root, what_to_show, filter_)
        iterator._reference = root
        iterator._pointer_before = True
        iterator._candidate = None
        iterators_of(root._doc if root._doc is not None else root).add(iterator)
        return iterator

    @property
    def referenceNode(self) -> Node:
        """https://dom.spec.whatwg.org/#dom-nodeiterator-referencenode"""
        return self._reference

    @property
    def pointerBeforeReferenceNode(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-nodeiterator-pointerbeforereferencenode"""
        return self._pointer_before

    def _traverse(self, forward: bool) -> Node | None:
        """https://dom.spec.whatwg.org/#concept-nodeiterator-traverse"""
        root = self._root
        # 1. candidate reference = reference.
        self._candidate = (self._reference, self._pointer_before)
        result = None
        while True:  # 3.
            node, before = self._candidate
            if forward:  # 3.1
                if not before:
                    following = _following(node, root)
                    if following is None:
                        break
                    self._candidate = (following, False)
                else:
                    self._candidate = (node, False)
            else:  # 3.2
                if before:
                    preceding = _preceding(node, root)
                    if preceding is None:
                        break
                    self._candidate = (preceding, True)
                else:
                    self._candidate = (node, True)
            node = self._candidate[0]  # 3.3
            try:  # 3.4
                result_of_filter = self._filter_node(node)
            except BaseException:
                self._candidate = None
                raise
            if result_of_filter == FILTER_ACCEPT:  # 3.5 -- the candidate may have been
                # adjusted by removals inside the filter, so read it back.
                self._reference, self._pointer_before = self._candidate
                result = node
                break
        self._candidate = None  # 4.
        return result

    def nextNode(self) -> Node | None:
        """https://dom.spec.whatwg.org/#dom-nodeiterator-nextnode"""
        return self._traverse(True)

    def previousNode(self) -> Node | None:
        """https://dom.spec.whatwg.org/#dom-nodeiterator-previousnode"""
        return self._traverse(False)

    def detach(self) -> None:
        """https://dom.spec.whatwg.org/#dom-nodeiterator-detach -- does nothing."""

    def _adjust(self, pointer: tuple[Node, bool], removed: Node) -> tuple[Node, bool]:
        """https://dom.spec.whatwg.org/#nodeiterator-pre-removing-steps: adjust a node pointer."""
        node, before = pointer
        root = self._root
        # 1. Unaffected unless the removed node holds the pointer's node (and not the root).
        if not is_inclusive_ancestor(removed, node) or is_inclusive_ancestor(removed, root):
            return pointer
        # 2. Pointer before: move to the first following node outside the removed subtree.
        if before:
            following = _following_outside(removed, root)
            if following is not None:
                return (following, True)
        # 3-4. Otherwise the last node before the removed subtree.
        sibling = removed.previousSibling
        if sibling is None:
            parent = removed.parentNode
            assert parent is not None
            return (parent, False)
        while True:
            last = sibling.lastChild
            if last is None:
                return (sibling, False)
            sibling = last

    def __repr__(self) -> str:
        return f"<NodeIterator root={self._root!r} reference={self._reference!r}>"


def iterators_of(document: Any) -> weakref.WeakSet[NodeIterator]:
    registry = document._node_iterators
    if registry is None:
        registry = document._node_iterators = weakref.WeakSet()
    value: weakref.WeakSet[NodeIterator] = registry
    return value


def node_iterator_pre_remove(node: Node, document: Any) -> None:
    """Step 4 of https://dom.spec.whatwg.org/#concept-node-remove: the NodeIterator pre-remove
    steps for every NodeIterator whose root's node document is *node*'s node document."""
    registry = document._node_iterators
    if not registry:
        return
    for iterator in list(registry):
        root_document = iterator._root._doc if iterator._root._doc is not None else iterator._root
        if root_document is not document:
            continue
        # https://dom.spec.whatwg.org/#nodeiterator-pre-removing-steps
        iterator._reference, iterator._pointer_before = iterator._adjust(
            (iterator._reference, iterator._pointer_before), node
        )
        if iterator._candidate is not None:
            iterator._candidate = iterator._adjust(iterator._candidate, node)


@attributes("TreeWalker", "currentNode")
class TreeWalker(_Traverser):
    """https://dom.spec.whatwg.org/#interface-treewalker"""

    __slots__ = ("_current",)

    @classmethod
    def _create(cls, root: Node, what_to_show: int, filter_: Any) -> TreeWalker:
        """https://dom.spec.whatwg.org/#dom-document-createtreewalker (of converted arguments)"""
        walker = cls.__new__(cls)
        walker._init(root, what_to_show, filter_)
        walker._current = root
        return walker

    @property
    def currentNode(self) -> Node:
        """https://dom.spec.whatwg.org/#dom-treewalker-currentnode"""
        return self._current

    @currentNode.setter
    def currentNode(self, value: Node) -> None:
        self._current = value

    def parentNode(self) -> Node | None:
        """https://dom.spec.whatwg.org/#dom-treewalker-parentnode"""
        node: Node | None = self._current
        while node is not None and node is not self._root:
            node = node.parentNode
            if node is not None and self._filter_node(node) == FILTER_ACCEPT:
                self._current = node
                return node
        return None

    def _traverse_children(self, first: bool) -> Node | None:
        """https://dom.spec.whatwg.org/#concept-traverse-children"""
        node: Node | None = self._current.firstChild if first else self._current.lastChild
        while node is not None:
            result = self._filter_node(node)
            if result == FILTER_ACCEPT:
                self._current = node
                return node
            if result == FILTER_SKIP:
                child = node.firstChild if first else node.lastChild
                if child is not None:
                    node = child
                    continue
            while node is not None:
                sibling = node.nextSibling if first else node.previousSibling
                if sibling is not None:
                    node = sibling
                    break
                parent = node.parentNode
                if parent is None or parent is self._root or parent is self._current:
                    return None
                node = parent
        return None

    def firstChild(self) -> Node | None:
        """https://dom.spec.whatwg.org/#dom-treewalker-firstchild"""
        return self._traverse_children(True)

    def lastChild(self) -> Node | None:
        """https://dom.spec.whatwg.org/#dom-treewalker-lastchild"""
        return self._traverse_children(False)

    def _traverse_siblings(self, forward: bool) -> Node | None:
        """https://dom.spec.whatwg.org/#concept-traverse-siblings"""
        node: Node | None = self._current
        if node is self._root:
            return None
        while True:
            assert node is not None
            sibling = node.nextSibling if forward else node.previousSibling
            while sibling is not None:
                node = sibling
                result = self._filter_node(node)
                if result == FILTER_ACCEPT:
                    self._current = node
                    return node
                sibling = node.firstChild if forward else node.lastChild
                if result == FILTER_REJECT or sibling is None:
                    sibling = node.nextSibling if forward else node.previousSibling
            node = node.parentNode
            if node is None or node is self._root:
                return None
            if self._filter_node(node) == FILTER_ACCEPT:
                return None

    def nextSibling(self) -> Node | None:
        """https://dom.spec.whatwg.org/#dom-treewalker-nextsibling"""
        return self._traverse_siblings(True)

    def previousSibling(self) -> Node | None:
        """https://dom.spec.whatwg.org/#dom-treewalker-previoussibling"""
        return self._traverse_siblings(False)

    def previousNode(self) -> Node | None:
        """https://dom.spec.whatwg.org/#dom-treewalker-previousnode"""
        node = self._current
        root = self._root
        while node is not root:
            sibling = node.previousSibling
            while sibling is not None:
                node = sibling
                result = self._filter_node(node)
                while result != FILTER_REJECT:
                    last = node.lastChild
                    if last is None:
                        break
                    node = last
                    result = self._filter_node(node)
                if result == FILTER_ACCEPT:
                    self._current = node
                    return node
                sibling = node.previousSibling
            parent = node.parentNode
            if node is root or parent is None:
                return None
            node = parent
            if self._filter_node(node) == FILTER_ACCEPT:
                self._current = node
                return node
        return None

    def nextNode(self) -> Node | None:
        """https://dom.spec.whatwg.org/#dom-treewalker-nextnode"""
        node = self._current
        root = self._root
        result = FILTER_ACCEPT
        while True:
            while result != FILTER_REJECT:
                child = node.firstChild
                if child is None:
                    break
                node = child
                result = self._filter_node(node)
                if result == FILTER_ACCEPT:
                    self._current = node
                    return node
            sibling = None
            temporary: Node | None = node
            while temporary is not None:
                if temporary is root:
                    return None
                sibling = temporary.nextSibling
                if sibling is not None:
                    break
                temporary = temporary.parentNode
            if sibling is None:
                return None
            node = sibling
            result = self._filter_node(node)
            if result == FILTER_ACCEPT:
                self._current = node
                return node

    def __repr__(self) -> str:
        return f"<TreeWalker root={self._root!r} current={self._current!r}>"
