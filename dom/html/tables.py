"""The table API of HTMLTableElement, HTMLTableSectionElement, HTMLTableRowElement and
HTMLTableCellElement (https://html.spec.whatwg.org/#tables) -- the members that are not
reflection: caption/tHead/tFoot/tBodies/rows, the create/delete/insert methods, rowIndex,
sectionRowIndex, cells and cellIndex.

The mixins here only use the public DOM (children, createElement, insertBefore, remove) plus the
live HTMLCollection of :mod:`dom.collections`, whose version-stamped cache keeps ``rows[i]``
in a loop cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard, TypeVar

from html_infra.infra import HTML_NAMESPACE
from webidl import HierarchyRequestError, IndexSizeError
from webidl.operations import attributes, operations

from ..collections import HTMLCollection
from ..memo import MemoKey
from ..nodes.element import Element

if TYPE_CHECKING:  # the types of what the table interfaces return
    from ..nodes.element import Element as _ElementBase  # what the mixins below are put after
    from ..tag_types import HTMLCollectionOf
    from .elements import (
        HTMLTableCaptionElement,
        HTMLTableCellElement,
        HTMLTableRowElement,
        HTMLTableSectionElement,
    )
else:
    _ElementBase = object

__all__ = ["TableMixin", "TableSectionMixin", "TableRowMixin", "TableCellMixin"]

# The members of a collection computed from its root (a table's rows).
COMPUTED_COLLECTION = MemoKey("computed collection")


def _is_html(node: object, *local_names: str) -> TypeGuard[Element]:
    return isinstance(node, Element) and node._ns == HTML_NAMESPACE and node._local in local_names


def _child_elements(parent: Any, *local_names: str) -> list[Any]:
    return [c for c in parent.children if _is_html(c, *local_names)]


_E = TypeVar("_E", bound="Element")
_C = TypeVar("_C")


class _ComputedCollection(HTMLCollection[_E]):
    """A live HTMLCollection whose members come from a function of the root (for the table's
    rows, whose order is not plain tree order), recomputed when the document version moves."""

    __slots__ = ("_compute",)

    def __init__(self, root: Element, compute: Callable[[Any], list[_E]]) -> None:
        super().__init__(root, lambda e: True)
        self._compute = compute

    def _elements(self) -> list[_E]:
        return self._root._doc._memoized(COMPUTED_COLLECTION, self, lambda: self._compute(self._root))


def _cached(element: Element, key: str, make: Callable[[], _C]) -> _C:
    return element._same_object(key, make)


def _table_rows(table: Any) -> list[Any]:
    """https://html.spec.whatwg.org/#dom-table-rows -- thead rows, then rows of tbody and of the
    table itself in tree order, then tfoot rows."""
    head: list[Any] = []
    body: list[Any] = []
    foot: list[Any] = []
    for child in table.children:
        if _is_html(child, "thead"):
            head += _child_elements(child, "tr")
        elif _is_html(child, "tfoot"):
            foot += _child_elements(child, "tr")
        elif _is_html(child, "tbody"):
            body += _child_elements(child, "tr")
        elif _is_html(child, "tr"):
            body.append(child)
    return head + body + foot


@operations("HTMLTableElement", "insertRow", "deleteRow")
@attributes("HTMLTableElement", "caption", "tHead", "tFoot")
class TableMixin(_ElementBase):
    """https://html.spec.whatwg.org/#htmltableelement"""

    __slots__ = ()

    # -- caption ------------------------------------------------------------------------------
    @property
    def caption(self) -> HTMLTableCaptionElement | None:
        """https://html.spec.whatwg.org/#dom-table-caption"""
        found = _child_elements(self, "caption")
        return found[0] if found else None

    @caption.setter
    def caption(self, value: HTMLTableCaptionElement | None) -> None:
        self.deleteCaption()
        if value is not None:
            self.insertBefore(value, self.firstChild)

    def createCaption(self) -> HTMLTableCaptionElement:
        """https://html.spec.whatwg.org/#dom-table-createcaption"""
        caption = self.caption
        if caption is None:
            caption = self._doc.createElement("caption")
            self.insertBefore(caption, self.firstChild)
        return caption

    def deleteCaption(self) -> None:
        """https://html.spec.whatwg.org/#dom-table-deletecaption"""
        caption = self.caption
        if caption is not None:
            caption.remove()

    # -- thead / tfoot ------------------------------------------------------------------------
    def _section(self, name: str) -> Any:
        found = _child_elements(self, name)
        return found[0] if found else None

    def _set_section(self, name: str, value: HTMLTableSectionElement | None) -> None:
        if value is not None and not _is_html(value, name):
            raise HierarchyRequestError(f"{name} must be a {name} element")
        old = self._section(name)
        if old is not None:
            old.remove()
        if value is not None:
            if name == "thead":
                # before the first child that is neither a caption nor a colgroup
                ref = next((c for c in self.childNodes if not _is_html(c, "caption", "colgroup")
                            and getattr(c, "nodeType", 0) == 1), None)
                self.insertBefore(value, ref)
            else:
                self.appendChild(value)

    @property
    def tHead(self) -> HTMLTableSectionElement | None:
        """https://html.spec.whatwg.org/#dom-table-thead"""
        section: HTMLTableSectionElement | None = self._section("thead")
        return section

    @tHead.setter
    def tHead(self, value: HTMLTableSectionElement | None) -> None:
        self._set_section("thead", value)

    @property
    def tFoot(self) -> HTMLTableSectionElement | None:
        """https://html.spec.whatwg.org/#dom-table-tfoot"""
        section: HTMLTableSectionElement | None = self._section("tfoot")
        return section

    @tFoot.setter
    def tFoot(self, value: HTMLTableSectionElement | None) -> None:
        self._set_section("tfoot", value)

    def createTHead(self) -> HTMLTableSectionElement:
        """https://html.spec.whatwg.org/#dom-table-createthead"""
        head = self.tHead
        if head is None:
            head = self._doc.createElement("thead")
            self._set_section("thead", head)
        return head

    def deleteTHead(self) -> None:
        """https://html.spec.whatwg.org/#dom-table-deletethead"""
        head = self.tHead
        if head is not None:
            head.remove()

    def createTFoot(self) -> HTMLTableSectionElement:
        """https://html.spec.whatwg.org/#dom-table-createtfoot"""
        foot = self.tFoot
        if foot is None:
            foot = self._doc.createElement("tfoot")
            self.appendChild(foot)
        return foot

    def deleteTFoot(self) -> None:
        """https://html.spec.whatwg.org/#dom-table-deletetfoot"""
        foot = self.tFoot
        if foot is not None:
            foot.remove()

    # -- bodies and rows ----------------------------------------------------------------------
    @property
    def tBodies(self) -> HTMLCollectionOf[HTMLTableSectionElement]:
        """https://html.spec.whatwg.org/#dom-table-tbodies ([SameObject])"""
        return _cached(self, "tBodies", lambda: _ComputedCollection(self, lambda t: _child_elements(t, "tbody")))

    def createTBody(self) -> HTMLTableSectionElement:
        """https://html.spec.whatwg.org/#dom-table-createtbody -- after the last tbody child."""
        body = self._doc.createElement("tbody")
        bodies = _child_elements(self, "tbody")
        ref = bodies[-1].nextSibling if bodies else None
        self.insertBefore(body, ref)
        return body

    @property
    def rows(self) -> HTMLCollectionOf[HTMLTableRowElement]:
        """https://html.spec.whatwg.org/#dom-table-rows ([SameObject])"""
        return _cached(self, "rows", lambda: _ComputedCollection(self, _table_rows))

    def insertRow(self, index: int = -1) -> HTMLTableRowElement:
        """https://html.spec.whatwg.org/#dom-table-insertrow"""
        rows = _table_rows(self)
        if index < -1 or index > len(rows):
            raise IndexSizeError(f"row index {index} is out of range")
        row = self._doc.createElement("tr")
        if not rows:
            bodies = _child_elements(self, "tbody")
            if bodies:
                bodies[-1].appendChild(row)
            else:
                body = self._doc.createElement("tbody")
                body.appendChild(row)
                self.appendChild(body)
        elif index == -1 or index == len(rows):
            rows[-1].parentNode.appendChild(row)
        else:
            rows[index].parentNode.insertBefore(row, rows[index])
        return row

    def deleteRow(self, index: int) -> None:
        """https://html.spec.whatwg.org/#dom-table-deleterow"""
        rows = _table_rows(self)
        if index == -1:
            if rows:
                rows[-1].remove()
            return
        if index < 0 or index >= len(rows):
            raise IndexSizeError(f"row index {index} is out of range")
        rows[index].remove()


@operations("HTMLTableSectionElement", "insertRow", "deleteRow")
class TableSectionMixin(_ElementBase):
    """https://html.spec.whatwg.org/#htmltablesectionelement"""

    __slots__ = ()

    @property
    def rows(self) -> HTMLCollectionOf[HTMLTableRowElement]:
        """https://html.spec.whatwg.org/#dom-tbody-rows ([SameObject])"""
        return _cached(self, "rows", lambda: _ComputedCollection(self, lambda s: _child_elements(s, "tr")))

    def insertRow(self, index: int = -1) -> HTMLTableRowElement:
        """https://html.spec.whatwg.org/#dom-tbody-insertrow"""
        rows = _child_elements(self, "tr")
        if index < -1 or index > len(rows):
            raise IndexSizeError(f"row index {index} is out of range")
        row = self._doc.createElement("tr")
        if index == -1 or index == len(rows):
            self.appendChild(row)
        else:
            self.insertBefore(row, rows[index])
        return row

    def deleteRow(self, index: int) -> None:
        """https://html.spec.whatwg.org/#dom-tbody-deleterow"""
        rows = _child_elements(self, "tr")
        if index == -1:
            if rows:
                rows[-1].remove()
            return
        if index < 0 or index >= len(rows):
            raise IndexSizeError(f"row index {index} is out of range")
        rows[index].remove()


@operations("HTMLTableRowElement", "insertCell", "deleteCell")
class TableRowMixin(_ElementBase):
    """https://html.spec.whatwg.org/#htmltablerowelement"""

    __slots__ = ()

    @property
    def rowIndex(self) -> int:
        """https://html.spec.whatwg.org/#dom-tr-rowindex"""
        parent = self.parentNode
        table = parent if _is_html(parent, "table") else None
        if table is None and _is_html(parent, "thead", "tbody", "tfoot"):
            grand = parent.parentNode
            table = grand if _is_html(grand, "table") else None
        if table is None:
            return -1
        rows = _table_rows(table)
        return next((i for i, r in enumerate(rows) if r is self), -1)

    @property
    def sectionRowIndex(self) -> int:
        """https://html.spec.whatwg.org/#dom-tr-sectionrowindex"""
        parent = self.parentNode
        if parent is None:
            return -1
        if _is_html(parent, "table"):
            rows = _table_rows(parent)  # the table's rows collection, as the spec says
        elif _is_html(parent, "thead", "tbody", "tfoot"):
            rows = _child_elements(parent, "tr")
        else:
            return -1
        return next((i for i, r in enumerate(rows) if r is self), -1)

    @property
    def cells(self) -> HTMLCollectionOf[HTMLTableCellElement]:
        """https://html.spec.whatwg.org/#dom-tr-cells ([SameObject])"""
        return _cached(self, "cells", lambda: _ComputedCollection(self, lambda r: _child_elements(r, "td", "th")))

    def insertCell(self, index: int = -1) -> HTMLTableCellElement:
        """https://html.spec.whatwg.org/#dom-tr-insertcell"""
        cells = _child_elements(self, "td", "th")
        if index < -1 or index > len(cells):
            raise IndexSizeError(f"cell index {index} is out of range")
        cell = self._doc.createElement("td")
        if index == -1 or index == len(cells):
            self.appendChild(cell)
        else:
            self.insertBefore(cell, cells[index])
        return cell

    def deleteCell(self, index: int) -> None:
        """https://html.spec.whatwg.org/#dom-tr-deletecell"""
        cells = _child_elements(self, "td", "th")
        if index == -1:
            if cells:
                cells[-1].remove()
            return
        if index < 0 or index >= len(cells):
            raise IndexSizeError(f"cell index {index} is out of range")
        cells[index].remove()


class TableCellMixin(_ElementBase):
    """https://html.spec.whatwg.org/#htmltablecellelement"""

    __slots__ = ()

    @property
    def cellIndex(self) -> int:
        """https://html.spec.whatwg.org/#dom-tdth-cellindex"""
        parent = self.parentNode
        if not _is_html(parent, "tr"):
            return -1
        cells = _child_elements(parent, "td", "th")
        return next((i for i, c in enumerate(cells) if c is self), -1)
