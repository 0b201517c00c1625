"""Selection: the document's one selection (https://w3c.github.io/selection-api/).

Each document with a browsing context has a unique selection
(https://w3c.github.io/selection-api/#dfn-selection): empty, or holding one live Range (so the
mutation algorithms update it, dom/live_ranges.py) and a direction.  ``document.getSelection()``
and ``window.getSelection()`` return it; a document without a browsing context (``DOMParser``,
``createHTMLDocument``...) has none: null.

There is no user and no layout here, so nothing but these methods changes a selection, "visually
equivalent" boundary points are only equal ones, ``modify()`` (which moves by rendered
characters, words and lines) is not provided, and the stringifier gives the text of the range
as Range's stringifier does (the text nodes' data, not the rendered text a copy would give).
No ``selectionchange`` events are fired (nothing queues tasks for the DOM here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webidl import IndexSizeError, InvalidNodeTypeError, InvalidStateError, NotFoundError
from webidl.operations import operations

from . import registry
from .boundary_points import AFTER, BEFORE, node_length, position, tree_root_of
from .nodes.node import DOCUMENT_TYPE_NODE, Node
from .nodes.shadow import shadow_including_root
from .ranges import Range

if TYPE_CHECKING:
    from .nodes.document import Document

__all__ = ["Selection", "selection_of"]

# https://w3c.github.io/selection-api/#dfn-direction
_FORWARDS, _BACKWARDS, _DIRECTIONLESS = "forward", "backward", "none"


def selection_of(document: Document) -> Selection | None:
    """https://w3c.github.io/selection-api/#dom-document-getselection: the document's selection
    if it has a browsing context (a Window, dom/html/window.py), else None."""
    if document._window is None:
        return None
    return document._same_object("getSelection", lambda: Selection._new(document))


@operations("Selection", "getRangeAt", "addRange", "removeRange", "collapse", "extend", "setBaseAndExtent",
            "selectAllChildren", "containsNode")
class Selection:
    """https://w3c.github.io/selection-api/#selection-interface"""

    __slots__ = ("_document", "_range", "_direction")
    _document: Document
    _range: Range | None
    _direction: str

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("Illegal constructor: a document's selection comes from getSelection()")

    @classmethod
    def _new(cls, document: Document) -> Selection:
        selection = cls.__new__(cls)
        selection._document = document
        selection._range = None  # https://w3c.github.io/selection-api/#dfn-empty: empty
        selection._direction = _DIRECTIONLESS
        return selection

    def _set_range(self, range_: Range | None, direction: str = _DIRECTIONLESS) -> None:
        """Set this's range (by reference) and its direction: a range set by addRange() or
        collapse() is directionless (https://w3c.github.io/selection-api/#dfn-direction)."""
        self._range = range_
        self._direction = direction if range_ is not None else _DIRECTIONLESS

    def _has(self, node: Node) -> bool:
        """Whether the document associated with this is a shadow-including inclusive ancestor
        of *node* (https://dom.spec.whatwg.org/#concept-shadow-including-inclusive-ancestor)."""
        return shadow_including_root(node) is self._document

    def _new_range(self, start: Node, start_offset: int, end: Node, end_offset: int) -> Range:
        """A new live range set by "set the start" then "set the end"
        (https://dom.spec.whatwg.org/#concept-range-bp-set: a doctype or an offset past the
        node's length throws)."""
        new = Range._create(self._document, 0, self._document, 0)
        new._set(start, start_offset, True, "Selection")
        new._set(end, end_offset, False, "Selection")
        return new

    # -- anchor and focus -------------------------------------------------------------------

    def _anchor(self) -> tuple[Node | None, int]:
        """https://w3c.github.io/selection-api/#dfn-anchor: the range's end when the direction
        is backwards, else its start; (None, 0) when empty."""
        r = self._range
        if r is None:
            return None, 0
        if self._direction == _BACKWARDS:
            return r._end_node, r._end_offset
        return r._start_node, r._start_offset

    def _focus(self) -> tuple[Node | None, int]:
        """https://w3c.github.io/selection-api/#dfn-focus"""
        r = self._range
        if r is None:
            return None, 0
        if self._direction == _BACKWARDS:
            return r._start_node, r._start_offset
        return r._end_node, r._end_offset

    @property
    def anchorNode(self) -> Node | None:
        """https://w3c.github.io/selection-api/#dom-selection-anchornode"""
        return self._anchor()[0]

    @property
    def anchorOffset(self) -> int:
        """https://w3c.github.io/selection-api/#dom-selection-anchoroffset"""
        return self._anchor()[1]

    @property
    def focusNode(self) -> Node | None:
        """https://w3c.github.io/selection-api/#dom-selection-focusnode"""
        return self._focus()[0]

    @property
    def focusOffset(self) -> int:
        """https://w3c.github.io/selection-api/#dom-selection-focusoffset"""
        return self._focus()[1]

    @property
    def isCollapsed(self) -> bool:
        """https://w3c.github.io/selection-api/#dom-selection-iscollapsed: anchor and focus are
        the same (both null too)."""
        return self._range is None or self._range.collapsed

    @property
    def rangeCount(self) -> int:
        """https://w3c.github.io/selection-api/#dom-selection-rangecount"""
        return 0 if self._range is None else 1

    @property
    def type(self) -> str:
        """https://w3c.github.io/selection-api/#dom-selection-type"""
        if self._range is None:
            return "None"
        return "Caret" if self._range.collapsed else "Range"

    @property
    def direction(self) -> str:
        """https://w3c.github.io/selection-api/#dom-selection-direction: "none" when empty or
        directionless."""
        return _DIRECTIONLESS if self._range is None else self._direction

    # -- the range --------------------------------------------------------------------------

    def getRangeAt(self, index: int) -> Range:
        """https://w3c.github.io/selection-api/#dom-selection-getrangeat: a reference to (not a
        copy of) this's range."""
        r = self._range
        if index != 0 or r is None:
            raise IndexSizeError(f"getRangeAt: {index} is not a valid index ({self.rangeCount} ranges)")
        # ... or either the focus or the anchor is not in the document tree
        if tree_root_of(r._start_node) is not self._document or tree_root_of(r._end_node) is not self._document:
            raise IndexSizeError("getRangeAt: the selection is not in the document tree")
        return r

    def addRange(self, range: Range) -> None:  # noqa: A002 -- the IDL argument's name
        """https://w3c.github.io/selection-api/#dom-selection-addrange"""
        # 1. The range's root is not the document associated with this: ignored.
        if tree_root_of(range._start_node) is not self._document:
            return
        # 2. Only one range: a second is ignored.
        if self._range is not None:
            return
        self._set_range(range)  # 3. by a strong reference, not a copy

    def removeRange(self, range: Range) -> None:  # noqa: A002 -- the IDL argument's name
        """https://w3c.github.io/selection-api/#dom-selection-removerange"""
        if range is not self._range:
            raise NotFoundError("removeRange: the range is not this selection's range")
        self._set_range(None)

    def removeAllRanges(self) -> None:
        """https://w3c.github.io/selection-api/#dom-selection-removeallranges"""
        self._set_range(None)

    def empty(self) -> None:
        """https://w3c.github.io/selection-api/#dom-selection-empty"""
        self._set_range(None)

    # -- setting the selection --------------------------------------------------------------

    def collapse(self, node: Node | None, offset: int = 0) -> None:
        """https://w3c.github.io/selection-api/#dom-selection-collapse"""
        if node is None:  # 1.
            self.removeAllRanges()
            return
        if node.nodeType == DOCUMENT_TYPE_NODE:  # 2.
            raise InvalidNodeTypeError("collapse: a selection cannot be in a doctype")
        if offset > node_length(node):  # 3.
            raise IndexSizeError(f"collapse: offset {offset} is greater than the node's length")
        if not self._has(node):  # 4.
            return
        self._set_range(self._new_range(node, offset, node, offset))  # 5-7.

    setPosition = collapse  # https://w3c.github.io/selection-api/#dom-selection-setposition

    def collapseToStart(self) -> None:
        """https://w3c.github.io/selection-api/#dom-selection-collapsetostart"""
        r = self._range
        if r is None:
            raise InvalidStateError("collapseToStart: the selection is empty")
        self._set_range(Range._create(r._start_node, r._start_offset, r._start_node, r._start_offset))

    def collapseToEnd(self) -> None:
        """https://w3c.github.io/selection-api/#dom-selection-collapsetoend"""
        r = self._range
        if r is None:
            raise InvalidStateError("collapseToEnd: the selection is empty")
        self._set_range(Range._create(r._end_node, r._end_offset, r._end_node, r._end_offset))

    def extend(self, node: Node, offset: int = 0) -> None:
        """https://w3c.github.io/selection-api/#dom-selection-extend"""
        if not self._has(node):  # 1.
            return
        if self._range is None:  # 2.
            raise InvalidStateError("extend: the selection is empty")
        anchor_node, anchor_offset = self._anchor()  # 3.
        assert anchor_node is not None
        backwards = False
        if tree_root_of(node) is not tree_root_of(anchor_node):  # 4-5.
            new = self._new_range(node, offset, node, offset)
        elif position(anchor_node, anchor_offset, node, offset) != AFTER:  # 6.
            new = self._new_range(anchor_node, anchor_offset, node, offset)
        else:  # 7.
            new = self._new_range(node, offset, anchor_node, anchor_offset)
            backwards = True
        self._set_range(new, _BACKWARDS if backwards else _FORWARDS)  # 8-9.

    def setBaseAndExtent(self, anchorNode: Node, anchorOffset: int, focusNode: Node, focusOffset: int) -> None:
        """https://w3c.github.io/selection-api/#dom-selection-setbaseandextent"""
        anchor_node, anchor_offset, focus_node, focus_offset = anchorNode, anchorOffset, focusNode, focusOffset
        # 1.
        if anchor_offset > node_length(anchor_node) or focus_offset > node_length(focus_node):
            raise IndexSizeError("setBaseAndExtent: an offset is greater than its node's length")
        if not self._has(anchor_node) or not self._has(focus_node):  # 2.
            return
        # 3-5. (Anchor and focus in different trees -- one in a shadow tree -- have no order:
        # "set the end" below collapses the range to the focus.)
        same_tree = tree_root_of(anchor_node) is tree_root_of(focus_node)
        backwards = same_tree and position(focus_node, focus_offset, anchor_node, anchor_offset) == BEFORE
        if backwards:
            new = self._new_range(focus_node, focus_offset, anchor_node, anchor_offset)
        else:
            new = self._new_range(anchor_node, anchor_offset, focus_node, focus_offset)
        self._set_range(new, _BACKWARDS if backwards else _FORWARDS)  # 6-7.

    def selectAllChildren(self, node: Node) -> None:
        """https://w3c.github.io/selection-api/#dom-selection-selectallchildren"""
        if node.nodeType == DOCUMENT_TYPE_NODE:  # 1.
            raise InvalidNodeTypeError("selectAllChildren: a selection cannot be in a doctype")
        if not self._has(node):  # 2.
            return
        count = len(node._children())  # 3.
        self._set_range(self._new_range(node, 0, node, count), _FORWARDS)  # 4-7.

    def deleteFromDocument(self) -> None:
        """https://w3c.github.io/selection-api/#dom-selection-deletefromdocument"""
        if self._range is not None:
            self._range.deleteContents()

    def containsNode(self, node: Node, allowPartialContainment: bool = False) -> bool:
        """https://w3c.github.io/selection-api/#dom-selection-containsnode: whether the range
        holds (allowPartialContainment: meets) the node's first and last boundary points,
        (node, 0) and (node, length); "visually equivalent" points are equal ones here."""
        partial = allowPartialContainment
        r = self._range
        if r is None or tree_root_of(node) is not self._document:
            return False
        if tree_root_of(r._start_node) is not self._document:  # the range left the document
            return False
        first, last = (node, 0), (node, node_length(node))
        start_point = last if partial else first
        end_point = first if partial else last
        return (position(r._start_node, r._start_offset, *start_point) != AFTER
                and position(r._end_node, r._end_offset, *end_point) != BEFORE)

    def __str__(self) -> str:
        """https://w3c.github.io/selection-api/#dom-selection-stringifier: the range's text
        (without layout, the data of its Text nodes, as Range's stringifier)."""
        return "" if self._range is None else str(self._range)

    toString = __str__

    def __repr__(self) -> str:
        return f"<Selection {self.type} {self._range!r}>"


# document.getSelection() (dom.nodes.document, on which this module builds) reaches it through
# dom.registry.
registry.selection_of = selection_of
