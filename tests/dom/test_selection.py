"""The Selection API (https://w3c.github.io/selection-api/), as WPT's selection/ tests and the
selected-range half of dom/ranges/Range-mutations-* check it, written here on small trees."""

from __future__ import annotations

import pytest

from dom import parse_html
from dom.selection import Selection
from webidl import IndexSizeError, InvalidNodeTypeError, InvalidStateError, NotFoundError


def setup(markup: str = "<p id=p>abc<b id=b>def</b>ghi</p><div id=d>xyz</div>"):
    doc = parse_html(f"<!DOCTYPE html><body>{markup}")
    return doc, doc.getSelection()


def state(s: Selection) -> tuple:
    return (s.anchorNode, s.anchorOffset, s.focusNode, s.focusOffset)


def test_one_selection_per_document_and_none_without_a_browsing_context() -> None:
    doc, s = setup()
    assert isinstance(s, Selection)
    assert doc.getSelection() is s
    assert doc.defaultView.getSelection() is s
    assert doc.implementation.createHTMLDocument("").getSelection() is None
    assert parse_html("<p>").getSelection() is not s
    with pytest.raises(TypeError):
        Selection()


def test_empty_selection() -> None:
    doc, s = setup()
    assert state(s) == (None, 0, None, 0)
    assert (s.isCollapsed, s.rangeCount, s.type, s.direction, str(s)) == (True, 0, "None", "none", "")
    with pytest.raises(IndexSizeError):
        s.getRangeAt(0)
    with pytest.raises(InvalidStateError):
        s.collapseToStart()
    with pytest.raises(InvalidStateError):
        s.collapseToEnd()
    with pytest.raises(InvalidStateError):
        s.extend(doc.body, 0)
    s.deleteFromDocument()  # nothing to delete


def test_add_range_keeps_the_range_itself_and_mutations_update_it() -> None:
    doc, s = setup()
    p = doc.getElementById("p")
    r = doc.createRange()
    r.setStart(p.firstChild, 1)
    r.setEnd(p.lastChild, 2)
    s.addRange(r)
    assert s.rangeCount == 1 and s.getRangeAt(0) is r
    assert state(s) == (p.firstChild, 1, p.lastChild, 2)
    assert (s.type, s.direction, s.isCollapsed, str(s)) == ("Range", "none", False, "bcdefgh")
    with pytest.raises(IndexSizeError):
        s.getRangeAt(1)
    # a second range is ignored
    other = doc.createRange()
    s.addRange(other)
    assert s.getRangeAt(0) is r
    # the selection's range is live: removing the first text node moves its start
    p.firstChild.remove()
    assert (r.startContainer, r.startOffset) == (p, 0)
    assert s.anchorNode is p
    p.lastChild.appendData("!")
    assert s.focusOffset == 2


def test_add_range_ignores_ranges_outside_the_document() -> None:
    doc, s = setup()
    detached = doc.createElement("div")
    detached.append("text")
    r = doc.createRange()
    r.selectNodeContents(detached)
    s.addRange(r)
    assert s.rangeCount == 0
    foreign = doc.implementation.createHTMLDocument("")
    s.addRange(foreign.createRange())
    assert s.rangeCount == 0
    with pytest.raises(TypeError):
        s.addRange(doc.body)


def test_remove_range() -> None:
    doc, s = setup()
    r = doc.createRange()
    s.addRange(r)
    with pytest.raises(NotFoundError):
        s.removeRange(doc.createRange())
    s.removeRange(r)
    assert s.rangeCount == 0
    s.addRange(r)
    s.empty()
    assert s.rangeCount == 0
    s.addRange(r)
    s.removeAllRanges()
    assert s.rangeCount == 0


def test_collapse_and_set_position() -> None:
    doc, s = setup()
    b = doc.getElementById("b")
    s.collapse(b.firstChild, 2)
    assert state(s) == (b.firstChild, 2, b.firstChild, 2)
    assert (s.type, s.isCollapsed, s.direction) == ("Caret", True, "none")
    first = s.getRangeAt(0)
    s.setPosition(b, 1)
    assert s.getRangeAt(0) is not first  # a new range each time
    assert state(s) == (b, 1, b, 1)
    s.collapse(None)
    assert s.rangeCount == 0
    with pytest.raises(IndexSizeError):
        s.collapse(b, 2)
    with pytest.raises(InvalidNodeTypeError):
        s.collapse(doc.doctype, 0)
    s.collapse(doc.createElement("i"), 0)  # not in the document: ignored
    assert s.rangeCount == 0
    with pytest.raises(TypeError):
        s.collapse("b", 0)


def test_collapse_to_start_and_end() -> None:
    doc, s = setup()
    p = doc.getElementById("p")
    s.setBaseAndExtent(p.lastChild, 2, p.firstChild, 1)
    old = s.getRangeAt(0)
    s.collapseToStart()
    assert state(s) == (p.firstChild, 1, p.firstChild, 1) and s.getRangeAt(0) is not old
    s.setBaseAndExtent(p.firstChild, 1, p.lastChild, 2)
    s.collapseToEnd()
    assert state(s) == (p.lastChild, 2, p.lastChild, 2)


def test_set_base_and_extent_direction() -> None:
    doc, s = setup()
    p = doc.getElementById("p")
    s.setBaseAndExtent(p.firstChild, 1, p.lastChild, 2)
    assert state(s) == (p.firstChild, 1, p.lastChild, 2) and s.direction == "forward"
    s.setBaseAndExtent(p.lastChild, 2, p.firstChild, 1)
    assert state(s) == (p.lastChild, 2, p.firstChild, 1) and s.direction == "backward"
    r = s.getRangeAt(0)
    assert (r.startContainer, r.startOffset, r.endContainer, r.endOffset) == (p.firstChild, 1, p.lastChild, 2)
    assert str(s) == "bcdefgh"
    with pytest.raises(IndexSizeError):
        s.setBaseAndExtent(p.firstChild, 9, p, 0)
    before = state(s)
    s.setBaseAndExtent(doc.createElement("i"), 0, p, 0)  # not in the document: ignored
    assert state(s) == before


def test_extend() -> None:
    doc, s = setup()
    p, d = doc.getElementById("p"), doc.getElementById("d")
    s.collapse(p.firstChild, 1)
    s.extend(d.firstChild, 2)
    assert state(s) == (p.firstChild, 1, d.firstChild, 2) and s.direction == "forward"
    s.extend(p, 0)  # before the anchor: backwards, the range flips
    assert state(s) == (p.firstChild, 1, p, 0) and s.direction == "backward"
    r = s.getRangeAt(0)
    assert (r.startContainer, r.startOffset, r.endContainer, r.endOffset) == (p, 0, p.firstChild, 1)
    s.extend(p.firstChild)  # offset 0, before the anchor (p.firstChild, 1)
    assert state(s) == (p.firstChild, 1, p.firstChild, 0) and s.direction == "backward"
    s.extend(p.firstChild, 1)  # the anchor itself: forwards, collapsed
    assert state(s) == (p.firstChild, 1, p.firstChild, 1) and s.direction == "forward" and s.isCollapsed
    with pytest.raises(IndexSizeError):
        s.extend(p.firstChild, 99)
    s.extend(doc.createElement("i"), 0)  # not in the document: ignored


def test_extend_from_the_anchor_keeps_the_anchor() -> None:
    doc, s = setup()
    p = doc.getElementById("p")
    s.setBaseAndExtent(p.lastChild, 2, p.firstChild, 1)  # anchor at the end (backwards)
    s.extend(p.lastChild, 3)
    assert state(s) == (p.lastChild, 2, p.lastChild, 3) and s.direction == "forward"


def test_select_all_children() -> None:
    doc, s = setup()
    p = doc.getElementById("p")
    s.selectAllChildren(p)
    assert state(s) == (p, 0, p, 3) and s.direction == "forward" and str(s) == "abcdefghi"
    with pytest.raises(InvalidNodeTypeError):
        s.selectAllChildren(doc.doctype)
    s.selectAllChildren(doc.createElement("i"))  # ignored
    assert state(s) == (p, 0, p, 3)


def test_delete_from_document() -> None:
    doc, s = setup()
    p = doc.getElementById("p")
    s.setBaseAndExtent(p.firstChild, 1, p.lastChild, 1)
    s.deleteFromDocument()
    assert p.outerHTML == '<p id="p">ahi</p>'
    assert s.isCollapsed and s.anchorNode is p and s.anchorOffset == 1  # DOM: deleteContents steps 6-8


def test_contains_node() -> None:
    doc, s = setup()
    p, b, d = (doc.getElementById(i) for i in ("p", "b", "d"))
    assert not s.containsNode(p)
    s.setBaseAndExtent(p.firstChild, 1, p.lastChild, 2)
    assert s.containsNode(b) and s.containsNode(b.firstChild)
    assert not s.containsNode(p) and s.containsNode(p, True)
    assert not s.containsNode(d) and not s.containsNode(d, True)
    assert not s.containsNode(doc.createElement("b"), True)
    s.selectAllChildren(p)
    # (p, 0) and (p, 3) are p's own first and last boundary points
    assert s.containsNode(p.firstChild) and s.containsNode(p) and not s.containsNode(doc.body)


def test_getrangeat_after_the_range_leaves_the_document() -> None:
    doc, s = setup()
    r = doc.createRange()
    s.addRange(r)
    r.selectNodeContents(doc.createElement("i"))  # the range itself moves out of the document
    with pytest.raises(IndexSizeError):
        s.getRangeAt(0)
