"""Ranges: AbstractRange, StaticRange and Range (https://dom.spec.whatwg.org/#ranges).

Boundary points and their positions are in dom/boundary_points.py, the update steps the
mutation algorithms run in dom/live_ranges.py.

Offsets count DOM children (several Text nodes can share one lxml text slot) or UTF-16 code
units of CharacterData.  Nothing here recurses: the extract and clone algorithms, recursive in
the standard, run as generators on an explicit stack.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any, cast

from webidl import (
    HierarchyRequestError,
    IndexSizeError,
    InvalidNodeTypeError,
    InvalidStateError,
    NotSupportedError,
    WrongDocumentError,
)
from webidl.operations import operations

from . import registry  # the fragment parser (dom.parsing) stands above
from .boundary_points import (
    AFTER,
    BEFORE,
    child_at,
    inclusive_ancestors,
    node_document,
    node_index,
    node_length,
    position,
    tree_root_of,
)
from .live_ranges import ranges_of
from .nodes.character_data import CharacterData, Comment, ProcessingInstruction, Text
from .nodes.cloning import clone_node
from .nodes.document import default_document
from .nodes.element import Element
from .nodes.mutation import append, ensure_pre_insert_validity, pre_insert, remove, replace_all
from .nodes.node import (
    ATTRIBUTE_NODE,
    COMMENT_NODE,
    DOCUMENT_FRAGMENT_NODE,
    DOCUMENT_NODE,
    DOCUMENT_TYPE_NODE,
    Node,
)

if TYPE_CHECKING:
    from webidl.dictionary_types import StaticRangeInit

    from .nodes.document import Document, DocumentFragment

__all__ = ["AbstractRange", "StaticRange", "Range"]



# -- the interfaces -----------------------------------------------------------------------------


class AbstractRange:
    """https://dom.spec.whatwg.org/#interface-abstractrange"""

    __slots__ = ("_start_node", "_start_offset", "_end_node", "_end_offset", "__weakref__")
    _start_node: Node
    _start_offset: int
    _end_node: Node
    _end_offset: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("Illegal constructor")

    @property
    def startContainer(self) -> Node:
        """https://dom.spec.whatwg.org/#dom-range-startcontainer"""
        return self._start_node

    @property
    def startOffset(self) -> int:
        """https://dom.spec.whatwg.org/#dom-range-startoffset"""
        return self._start_offset

    @property
    def endContainer(self) -> Node:
        """https://dom.spec.whatwg.org/#dom-range-endcontainer"""
        return self._end_node

    @property
    def endOffset(self) -> int:
        """https://dom.spec.whatwg.org/#dom-range-endoffset"""
        return self._end_offset

    @property
    def collapsed(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-range-collapsed"""
        return self._start_node is self._end_node and self._start_offset == self._end_offset

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} ({self._start_node!r}, {self._start_offset})"
            f"-({self._end_node!r}, {self._end_offset})>"
        )


@operations("StaticRange", "__init__")
class StaticRange(AbstractRange):
    """https://dom.spec.whatwg.org/#interface-staticrange -- does not follow mutations."""

    __slots__ = ()

    def __init__(self, init: StaticRangeInit) -> None:
        """https://dom.spec.whatwg.org/#dom-staticrange-staticrange (init: a StaticRangeInit
        mapping with startContainer, startOffset, endContainer, endOffset)."""
        values = init
        start, end = cast("Node", values["startContainer"]), cast("Node", values["endContainer"])
        start_offset, end_offset = values["startOffset"], values["endOffset"]
        # 1. Doctypes and attributes cannot be boundary points.
        if {start.nodeType, end.nodeType} & {DOCUMENT_TYPE_NODE, ATTRIBUTE_NODE}:
            raise InvalidNodeTypeError("a StaticRange cannot start or end in a doctype or an attribute")
        # 2.
        self._start_node, self._start_offset = start, start_offset
        self._end_node, self._end_offset = end, end_offset

    def _is_valid(self) -> bool:
        """https://dom.spec.whatwg.org/#staticrange-valid"""
        start, end = self._start_node, self._end_node
        return (
            tree_root_of(start) is tree_root_of(end)
            and self._start_offset <= node_length(start)
            and self._end_offset <= node_length(end)
            and position(start, self._start_offset, end, self._end_offset) != AFTER
        )


@operations("Range", "collapse", "createContextualFragment", "setStart", "setEnd", "setStartBefore", "setStartAfter",
            "setEndBefore", "setEndAfter", "selectNode", "selectNodeContents", "compareBoundaryPoints",
            "isPointInRange", "comparePoint", "intersectsNode", "insertNode", "surroundContents")
class Range(AbstractRange):
    """https://dom.spec.whatwg.org/#interface-range -- a live range."""

    __slots__ = ()

    START_TO_START = 0
    START_TO_END = 1
    END_TO_END = 2
    END_TO_START = 3

    def __init__(self) -> None:
        """https://dom.spec.whatwg.org/#dom-range-range: (the associated Document, 0)."""

        document = default_document()
        self._start_node = self._end_node = document
        self._start_offset = self._end_offset = 0
        ranges_of(document).add(self)

    @classmethod
    def _create(cls, start: Node, start_offset: int, end: Node, end_offset: int) -> Range:
        new = cls.__new__(cls)
        new._start_node, new._start_offset = start, start_offset
        new._end_node, new._end_offset = end, end_offset
        new._register()
        return new

    def _register(self) -> None:
        ranges_of(node_document(self._start_node)).add(self)
        end_document = node_document(self._end_node)
        if end_document is not node_document(self._start_node):
            ranges_of(end_document).add(self)

    # -- boundary points ------------------------------------------------------------------------

    def _set(self, node: Node, offset: int, start: bool, operation: str) -> None:
        """https://dom.spec.whatwg.org/#concept-range-bp-set"""
        # 1-2.
        if node.nodeType == DOCUMENT_TYPE_NODE:
            raise InvalidNodeTypeError("a range boundary cannot be in a doctype")
        length = node_length(node)
        if offset > length:
            raise IndexSizeError(f"offset {offset} is greater than the node's length {length}")
        # 4.
        same_root = tree_root_of(self._start_node) is tree_root_of(node)
        if start:
            if not same_root or position(node, offset, self._end_node, self._end_offset) == AFTER:
                self._end_node, self._end_offset = node, offset
            self._start_node, self._start_offset = node, offset
        else:
            if not same_root or position(node, offset, self._start_node, self._start_offset) == BEFORE:
                self._start_node, self._start_offset = node, offset
            self._end_node, self._end_offset = node, offset
        self._register()

    def setStart(self, node: Node, offset: int) -> None:
        """https://dom.spec.whatwg.org/#dom-range-setstart"""
        self._set(node, offset, True, "setStart")

    def setEnd(self, node: Node, offset: int) -> None:
        """https://dom.spec.whatwg.org/#dom-range-setend"""
        self._set(node, offset, False, "setEnd")

    def _parent_of(self, node: Node, operation: str) -> Node:
        parent = node.parentNode
        if parent is None:
            raise InvalidNodeTypeError("the node has no parent")
        return parent

    def setStartBefore(self, node: Node) -> None:
        """https://dom.spec.whatwg.org/#dom-range-setstartbefore"""
        parent = self._parent_of(node, "setStartBefore")
        self._set(parent, node_index(node), True, "setStartBefore")

    def setStartAfter(self, node: Node) -> None:
        """https://dom.spec.whatwg.org/#dom-range-setstartafter"""
        parent = self._parent_of(node, "setStartAfter")
        self._set(parent, node_index(node) + 1, True, "setStartAfter")

    def setEndBefore(self, node: Node) -> None:
        """https://dom.spec.whatwg.org/#dom-range-setendbefore"""
        parent = self._parent_of(node, "setEndBefore")
        self._set(parent, node_index(node), False, "setEndBefore")

    def setEndAfter(self, node: Node) -> None:
        """https://dom.spec.whatwg.org/#dom-range-setendafter"""
        parent = self._parent_of(node, "setEndAfter")
        self._set(parent, node_index(node) + 1, False, "setEndAfter")

    def collapse(self, toStart: bool = False) -> None:  # noqa: N803 -- IDL argument name
        """https://dom.spec.whatwg.org/#dom-range-collapse"""
        if toStart:
            self._end_node, self._end_offset = self._start_node, self._start_offset
        else:
            self._start_node, self._start_offset = self._end_node, self._end_offset

    def _select(self, node: Node) -> None:
        """https://dom.spec.whatwg.org/#concept-range-select"""
        parent = node.parentNode
        if parent is None:  # 2.
            raise InvalidNodeTypeError("the node has no parent")
        index = node_index(node)  # 3.
        self._start_node, self._start_offset = parent, index  # 4.
        self._end_node, self._end_offset = parent, index + 1  # 5.
        self._register()

    def selectNode(self, node: Node) -> None:
        """https://dom.spec.whatwg.org/#dom-range-selectnode"""
        self._select(node)

    def selectNodeContents(self, node: Node) -> None:
        """https://dom.spec.whatwg.org/#dom-range-selectnodecontents"""
        if node.nodeType == DOCUMENT_TYPE_NODE:  # 1.
            raise InvalidNodeTypeError("a range boundary cannot be in a doctype")
        length = node_length(node)  # 2.
        self._start_node, self._start_offset = node, 0  # 3.
        self._end_node, self._end_offset = node, length  # 4.
        self._register()

    @property
    def commonAncestorContainer(self) -> Node:
        """https://dom.spec.whatwg.org/#dom-range-commonancestorcontainer"""
        return self._common_ancestor()

    def _common_ancestor(self) -> Node:
        """https://dom.spec.whatwg.org/#dom-range-commonancestorcontainer: the start node's
        first inclusive ancestor that is an inclusive ancestor of the end node (over one chain
        of ids, so a deep tree costs its depth, not depth squared)."""
        end_chain = {id(n) for n in inclusive_ancestors(self._end_node)}
        container: Node | None = self._start_node
        while container is not None and id(container) not in end_chain:
            container = container.parentNode
        assert container is not None, "a range's boundary points share a root"
        return container

    # -- comparisons ----------------------------------------------------------------------------

    def compareBoundaryPoints(self, how: int, sourceRange: Range) -> int:
        """https://dom.spec.whatwg.org/#dom-range-compareboundarypoints"""
        if how not in (0, 1, 2, 3):  # 1.
            raise NotSupportedError(f"{how} is not a valid comparison type")
        if tree_root_of(self._start_node) is not tree_root_of(sourceRange._start_node):  # 2.
            raise WrongDocumentError("the two ranges are in different trees")
        if how == self.START_TO_START:  # 4.
            this, source = (self._start_node, self._start_offset), (sourceRange._start_node, sourceRange._start_offset)
        elif how == self.START_TO_END:
            this, source = (self._end_node, self._end_offset), (sourceRange._start_node, sourceRange._start_offset)
        elif how == self.END_TO_END:
            this, source = (self._end_node, self._end_offset), (sourceRange._end_node, sourceRange._end_offset)
        else:
            this, source = (self._start_node, self._start_offset), (sourceRange._end_node, sourceRange._end_offset)
        return position(this[0], this[1], source[0], source[1])  # 5.

    def _check_point(self, node: Node, offset: int) -> None:
        if node.nodeType == DOCUMENT_TYPE_NODE:
            raise InvalidNodeTypeError("a boundary point cannot be in a doctype")
        length = node_length(node)
        if offset > length:
            raise IndexSizeError(f"offset {offset} is greater than the node's length {length}")

    def isPointInRange(self, node: Node, offset: int) -> bool:
        """https://dom.spec.whatwg.org/#dom-range-ispointinrange"""
        if tree_root_of(node) is not tree_root_of(self._start_node):  # 1.
            return False
        self._check_point(node, offset)  # 2-3.
        if position(node, offset, self._start_node, self._start_offset) == BEFORE:  # 4.
            return False
        return position(node, offset, self._end_node, self._end_offset) != AFTER

    def comparePoint(self, node: Node, offset: int) -> int:
        """https://dom.spec.whatwg.org/#dom-range-comparepoint"""
        if tree_root_of(node) is not tree_root_of(self._start_node):  # 1.
            raise WrongDocumentError("the node is not in the range's tree")
        self._check_point(node, offset)  # 2-3.
        if position(node, offset, self._start_node, self._start_offset) == BEFORE:  # 4.
            return -1
        if position(node, offset, self._end_node, self._end_offset) == AFTER:  # 5.
            return 1
        return 0

    def intersectsNode(self, node: Node) -> bool:
        """https://dom.spec.whatwg.org/#dom-range-intersectsnode"""
        if tree_root_of(node) is not tree_root_of(self._start_node):  # 1.
            return False
        parent = node.parentNode  # 2.
        if parent is None:  # 3.
            return True
        offset = node_index(node)  # 4.
        return (
            position(parent, offset, self._end_node, self._end_offset) == BEFORE
            and position(parent, offset + 1, self._start_node, self._start_offset) == AFTER
        )  # 5.

    # -- contained nodes ------------------------------------------------------------------------

    def _partially_contained_chains(self, common: Node) -> tuple[list[Node], list[Node]]:
        """The partially contained nodes: the start node's inclusive ancestors below *common*
        (start side, deepest first) and the end node's (end side, deepest first)."""
        start_side = []
        node: Node | None = self._start_node
        while node is not None and node is not common:
            start_side.append(node)
            node = node.parentNode
        end_side = []
        node = self._end_node
        while node is not None and node is not common:
            end_side.append(node)
            node = node.parentNode
        return start_side, end_side

    def _contained_top_level(self) -> list[Node]:
        """The nodes contained in this range, in tree order, omitting any node whose parent is
        also contained (https://dom.spec.whatwg.org/#contained)."""
        start, start_offset = self._start_node, self._start_offset
        end, end_offset = self._end_node, self._end_offset
        common = self._common_ancestor()
        if isinstance(common, CharacterData):
            return []
        start_side, end_side = self._partially_contained_chains(common)
        result: list[Node] = []
        # Start side: the start node's children from the offset, then each partially contained
        # node's following siblings, going up.
        if start_side:
            if not isinstance(start, CharacterData):
                result.extend(start._children()[start_offset:])
            for node in start_side[:-1]:
                sibling = node.nextSibling
                while sibling is not None:
                    result.append(sibling)
                    sibling = sibling.nextSibling
            low = node_index(start_side[-1]) + 1
        else:
            low = start_offset
        # Middle: the common ancestor's children between the two sides.
        high = node_index(end_side[-1]) if end_side else end_offset
        if high > low:
            result.extend(common._children()[low:high])
        # End side, going down: each partially contained node's preceding siblings, then the
        # end node's children before the offset.
        for node in reversed(end_side[:-1]):
            parent = node.parentNode
            assert parent is not None
            for sibling in parent._children():
                if sibling is node:
                    break
                result.append(sibling)
        if end_side and not isinstance(end, CharacterData):
            result.extend(end._children()[:end_offset])
        return result

    # -- mutations ------------------------------------------------------------------------------

    def _collapse_point(self, common: Node, start_side: list[Node]) -> tuple[Node, int]:
        """Steps 6-7 of deleteContents / 13-14 of extract: where the range collapses to.  The
        start node is an inclusive ancestor of the end node exactly when it is the common
        ancestor (no start side); otherwise the first ancestor of the start node that is an
        inclusive ancestor of the end node is the common ancestor, and the reference node the
        top of the start side (read from the chains: a walk per ancestor was O(depth²))."""
        if not start_side:
            return self._start_node, self._start_offset
        return common, node_index(start_side[-1]) + 1

    def deleteContents(self) -> None:
        """https://dom.spec.whatwg.org/#dom-range-deletecontents"""

        if self.collapsed:  # 1.
            return
        start, start_offset = self._start_node, self._start_offset  # 2.
        end, end_offset = self._end_node, self._end_offset
        if start is end and isinstance(start, CharacterData):  # 3.
            start._replace_data(start_offset, end_offset - start_offset, "")
            return
        nodes_to_remove = self._contained_top_level()  # 4.
        common = self._common_ancestor()
        new_node, new_offset = self._collapse_point(common, self._partially_contained_chains(common)[0])  # 5-7.
        self._start_node, self._start_offset = new_node, new_offset  # 8.
        self._end_node, self._end_offset = new_node, new_offset
        if isinstance(start, CharacterData):  # 9.
            start._replace_data(start_offset, start.length - start_offset, "")
        for node in nodes_to_remove:  # 10.
            if node.parentNode is not None:
                remove(node)
        if isinstance(end, CharacterData):  # 11.
            end._replace_data(0, end_offset, "")

    def extractContents(self) -> DocumentFragment:
        """https://dom.spec.whatwg.org/#dom-range-extractcontents"""
        fragment: DocumentFragment = node_document(self._start_node).createDocumentFragment()  # extract step 1
        _run(_extract(self, True, fragment))
        return fragment

    def cloneContents(self) -> DocumentFragment:
        """https://dom.spec.whatwg.org/#dom-range-clonecontents"""
        fragment: DocumentFragment = node_document(self._start_node).createDocumentFragment()  # clone step 1
        _run(_extract(self, False, fragment))
        return fragment

    def _insert(self, node: Node) -> None:
        """https://dom.spec.whatwg.org/#concept-range-insert"""

        start = self._start_node
        # 1.
        if (
            isinstance(start, (ProcessingInstruction, Comment))
            or (isinstance(start, Text) and start.parentNode is None)
            or start is node
        ):
            raise HierarchyRequestError("cannot insert a node at this range's start")
        # 2-4.
        if isinstance(start, Text):
            reference: Node | None = start
        else:
            reference = child_at(start, self._start_offset)
        # 5.
        parent = start if reference is None else reference.parentNode
        assert parent is not None
        # 6.
        ensure_pre_insert_validity(node, parent, reference)
        # 7.
        if isinstance(start, Text):
            reference = start.splitText(self._start_offset)
        # 8.
        if node is reference:
            reference = reference.nextSibling
        # 9.
        if node.parentNode is not None:
            remove(node)
        # 10-11.
        new_offset = node_length(parent) if reference is None else node_index(reference)
        new_offset += node_length(node) if node.nodeType == DOCUMENT_FRAGMENT_NODE else 1
        # 12.
        pre_insert(node, parent, reference)
        # 13.
        if self.collapsed:
            self._end_node, self._end_offset = parent, new_offset
            self._register()

    def insertNode(self, node: Node) -> None:
        """https://dom.spec.whatwg.org/#dom-range-insertnode"""
        self._insert(node)

    def surroundContents(self, newParent: Node) -> None:
        """https://dom.spec.whatwg.org/#dom-range-surroundcontents"""
        new_parent = newParent
        # 1. A partially contained node that is not a Text node.
        start_side, end_side = self._partially_contained_chains(self._common_ancestor())
        if any(not isinstance(n, Text) for n in start_side + end_side):
            raise InvalidStateError("the range partially contains a non-Text node")
        # 2.
        if new_parent.nodeType in (DOCUMENT_NODE, DOCUMENT_TYPE_NODE, DOCUMENT_FRAGMENT_NODE):
            raise InvalidNodeTypeError(f"a {new_parent.nodeName} node cannot surround a range")
        fragment = self.extractContents()  # 3.
        if new_parent.hasChildNodes():  # 4.
            replace_all(None, new_parent)
        self._insert(new_parent)  # 5.
        append(fragment, new_parent)  # 6.
        self._select(new_parent)  # 7.

    def cloneRange(self) -> Range:
        """https://dom.spec.whatwg.org/#dom-range-clonerange"""
        return Range._create(self._start_node, self._start_offset, self._end_node, self._end_offset)

    def detach(self) -> None:
        """https://dom.spec.whatwg.org/#dom-range-detach -- does nothing."""

    def __str__(self) -> str:
        """https://dom.spec.whatwg.org/#dom-range-stringifier"""
        start, start_offset = self._start_node, self._start_offset
        end, end_offset = self._end_node, self._end_offset
        # 2. Within one Text node.
        if start is end and isinstance(start, Text):
            return start.substringData(start_offset, end_offset - start_offset)
        parts = []
        if isinstance(start, Text):  # 3.
            parts.append(start.substringData(start_offset, start.length - start_offset))
        for node in self._contained_top_level():  # 4. Text nodes contained, in tree order
            if isinstance(node, Text):
                parts.append(node._data)
            elif node.nodeType != DOCUMENT_TYPE_NODE and not isinstance(node, CharacterData):
                parts.extend(n._data for n in node._descendants() if isinstance(n, Text))
        if isinstance(end, Text):  # 5.
            parts.append(end.substringData(0, end_offset))
        return "".join(parts)

    toString = __str__

    # -- members from other specifications ------------------------------------------------------

    def createContextualFragment(self, string: str) -> DocumentFragment:
        """https://html.spec.whatwg.org/#dom-range-createcontextualfragment"""

        markup = string  # 1. (no Trusted Types here; converted by the binding)
        node = self._start_node  # 2.
        element: Any = None  # 3.
        if isinstance(node, Element):  # 4.
            element = node
        elif isinstance(node, Text) or node.nodeType == COMMENT_NODE:  # 5. Text or Comment
            element = node.parentElement
        # 6. No element, or the html element of an HTML document: a body element as context.
        document = node_document(node)
        if element is None or (
            element._doc._is_html and element.localName == "html" and element.namespaceURI == "http://www.w3.org/1999/xhtml"
        ):
            element = document.createElementNS("http://www.w3.org/1999/xhtml", "body")
        # 7. The fragment parsing algorithm steps (XML in XML documents).  8. Scripts need no
        # marking: nothing here runs scripts.
        return registry.fragment_parsing_algorithm_steps(element, markup)

    def getClientRects(self) -> Any:
        """https://drafts.csswg.org/cssom-view/#dom-range-getclientrects -- needs layout."""
        raise NotSupportedError("getClientRects() needs a layout engine")

    def getBoundingClientRect(self) -> Any:
        """https://drafts.csswg.org/cssom-view/#dom-range-getboundingclientrect -- needs layout."""
        raise NotSupportedError("getBoundingClientRect() needs a layout engine")


# -- extract and clone the contents, as generators on an explicit stack --------------------------

# A step yields the sub-steps (the standard's recursive calls) that must finish before its own
# next steps, and returns the sub-step that is its last act, if any.
_Step = Generator["_Step", None, "_Step | None"]


def _run(root: _Step) -> None:
    """Drive a generator that yields sub-generators, with no Python recursion.  A sub-step a
    step returns runs in its place: along a chain of partially contained nodes that is every
    level's last act, so the levels left behind are freed as it goes instead of being held (a
    generator, a subrange and lists per level) until the deepest one finishes -- objects that
    would age into the garbage collector's oldest generation, each of its full collections
    walking them again."""
    stack = [root]
    while stack:
        try:
            request = next(stack[-1])
        except StopIteration as done:
            stack.pop()
            if done.value is not None:
                stack.append(done.value)
            continue
        stack.append(request)


def _clone_with_data(node: CharacterData, offset: int, count: int) -> Node:
    """A clone of *node* whose data is the substring (offset, count) of *node*'s data."""

    clone = cast(CharacterData, clone_node(node))
    clone.data = node.substringData(offset, count)
    return clone


def _extract(
    range_: Range, extract: bool, into: Node, chains: tuple[Node, list[Node], list[Node]] | None = None
) -> _Step:
    """https://dom.spec.whatwg.org/#concept-range-extract (extract true) and
    https://dom.spec.whatwg.org/#concept-range-clone (extract false).  *into*: the node the
    result goes into -- step 1's new fragment for the range itself, and for a subrange its
    parent's clone of its partially contained node, so each level appends to a node already in
    place (appending a subfragment moved the whole deeper chain once per level: O(depth²) in
    lxml).  *chains*: the common ancestor and partially contained chains when the caller knows
    them (a subrange's are its parent range's chains less one node; recomputing them per level
    was O(depth²)).  Only fresh, unobserved nodes see the difference, so the result and the
    mutations of the tree are the standard's."""

    start, start_offset = range_._start_node, range_._start_offset
    end, end_offset = range_._end_node, range_._end_offset
    # 1. The fragment, made by the caller in the start node's node document.
    fragment = into
    # 2.
    if range_.collapsed:
        return None
    # 4. Within one CharacterData node.
    if start is end and isinstance(start, CharacterData):
        append(_clone_with_data(start, start_offset, end_offset - start_offset), fragment)
        if extract:
            start._replace_data(start_offset, end_offset - start_offset, "")
        return None
    # 5-9.
    if chains is None:
        common = range_._common_ancestor()
        start_side, end_side = range_._partially_contained_chains(common)
    else:
        common, start_side, end_side = chains
    first_partial = start_side[-1] if start_side else None
    last_partial = end_side[-1] if end_side else None
    # 10. The contained children of the common ancestor.
    low = start_offset if first_partial is None else node_index(first_partial) + 1
    high = end_offset if last_partial is None else node_index(last_partial)
    contained = common._children()[low:high] if high > low else []
    # 11.
    if any(child.nodeType == DOCUMENT_TYPE_NODE for child in contained):
        raise HierarchyRequestError("a doctype cannot be extracted or cloned into a fragment")
    if extract:
        # 12-15. Collapse the range first.
        new_node, new_offset = range_._collapse_point(common, start_side)
        range_._start_node, range_._start_offset = new_node, new_offset
        range_._end_node, range_._end_offset = new_node, new_offset
    # 16-17 (extract) / 12-13 (clone): the first partially contained child.
    if isinstance(first_partial, CharacterData):
        assert isinstance(start, CharacterData)
        append(_clone_with_data(start, start_offset, start.length - start_offset), fragment)
        if extract:
            start._replace_data(start_offset, start.length - start_offset, "")
    elif first_partial is not None:
        clone = clone_node(first_partial)
        append(clone, fragment)
        subrange = _subrange(start, start_offset, first_partial, node_length(first_partial))
        start_side.pop()  # the subrange's start side (this level no longer reads it)
        first_step = _extract(subrange, extract, clone, (first_partial, start_side, []))  # appends to clone
        if not contained and last_partial is None:
            return first_step  # nothing follows it here
        yield first_step
    # 18 / 14: the contained children, moved or cloned with their subtrees.
    for child in contained:
        append(child if extract else clone_node(child, deep=True), fragment)
    # 19-20 / 15-16: the last partially contained child.
    if isinstance(last_partial, CharacterData):
        assert isinstance(end, CharacterData)
        append(_clone_with_data(end, 0, end_offset), fragment)
        if extract:
            end._replace_data(0, end_offset, "")
    elif last_partial is not None:
        clone = clone_node(last_partial)
        append(clone, fragment)
        subrange = _subrange(last_partial, 0, end, end_offset)
        end_side.pop()
        return _extract(subrange, extract, clone, (last_partial, [], end_side))
    return None


def _subrange(start: Node, start_offset: int, end: Node, end_offset: int) -> Range:
    """The standard's "new live range" for the recursive steps: only its boundary points at
    the time of the call are read, so it is not registered for updates."""
    subrange = Range.__new__(Range)
    subrange._start_node, subrange._start_offset = start, start_offset
    subrange._end_node, subrange._end_offset = end, end_offset
    return subrange


def _create_range(document: Document) -> Range:
    """https://dom.spec.whatwg.org/#dom-document-createrange: a range at (document, 0)."""
    return Range._create(document, 0, document, 0)


# document.createRange() (dom.nodes.document, on which this module builds) reaches Range through
# dom.registry.
registry.create_range = _create_range
