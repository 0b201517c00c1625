"""The table element interfaces (https://html.spec.whatwg.org/#tables); their behaviour is in
dom/html/tables.py."""

from __future__ import annotations

from ..reflection import (
    Reflect,
    ReflectBool,
    ReflectEnum,
    ReflectRange,
)
from .html_element import HTMLElement
from .tables import TableCellMixin, TableMixin, TableRowMixin, TableSectionMixin


class HTMLTableCaptionElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmltablecaptionelement"""

    __slots__ = ()

    align = Reflect("align")


class HTMLTableCellElement(HTMLElement, TableCellMixin):
    """https://html.spec.whatwg.org/#htmltablecellelement"""

    __slots__ = ()

    colSpan = ReflectRange("colspan", 1, 1000, default=1)
    rowSpan = ReflectRange("rowspan", 0, 65534, default=1)
    headers = Reflect("headers")
    scope = ReflectEnum("scope", ("row", "col", "rowgroup", "colgroup"))
    abbr = Reflect("abbr")
    align = Reflect("align")
    axis = Reflect("axis")
    height = Reflect("height")
    width = Reflect("width")
    ch = Reflect("char")
    chOff = Reflect("charoff")
    noWrap = ReflectBool("nowrap")
    vAlign = Reflect("valign")
    bgColor = Reflect("bgcolor", null_to_empty=True)


class HTMLTableColElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmltablecolelement"""

    __slots__ = ()

    span = ReflectRange("span", 1, 1000, default=1)
    align = Reflect("align")
    ch = Reflect("char")
    chOff = Reflect("charoff")
    vAlign = Reflect("valign")
    width = Reflect("width")


class HTMLTableElement(HTMLElement, TableMixin):
    """https://html.spec.whatwg.org/#htmltableelement"""

    __slots__ = ()

    align = Reflect("align")
    border = Reflect("border")  # no [LegacyNullToEmptyString] here, unlike img's border
    frame = Reflect("frame")
    rules = Reflect("rules")
    summary = Reflect("summary")
    width = Reflect("width")
    bgColor = Reflect("bgcolor", null_to_empty=True)
    cellPadding = Reflect("cellpadding", null_to_empty=True)
    cellSpacing = Reflect("cellspacing", null_to_empty=True)


class HTMLTableRowElement(HTMLElement, TableRowMixin):
    """https://html.spec.whatwg.org/#htmltablerowelement"""

    __slots__ = ()

    align = Reflect("align")
    ch = Reflect("char")
    chOff = Reflect("charoff")
    vAlign = Reflect("valign")
    bgColor = Reflect("bgcolor", null_to_empty=True)


class HTMLTableSectionElement(HTMLElement, TableSectionMixin):
    """https://html.spec.whatwg.org/#htmltablesectionelement"""

    __slots__ = ()

    align = Reflect("align")
    ch = Reflect("char")
    chOff = Reflect("charoff")
    vAlign = Reflect("valign")
