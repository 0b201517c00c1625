"""Range behaviour as WPT dom/ranges checks it (Range-setStart/End, -compareBoundaryPoints,
-comparePoint, -isPointInRange, -intersectsNode, -extractContents, -cloneContents,
-deleteContents, -insertNode, -surroundContents, -mutations-*, StaticRange-constructor), written
from the DOM Standard (https://dom.spec.whatwg.org/#ranges) on small trees of our own."""

from __future__ import annotations

import pytest

from dom import parse_html
from dom.ranges import Range, StaticRange
from webidl import (
    HierarchyRequestError,
    IndexSizeError,
    InvalidNodeTypeError,
    InvalidStateError,
    NotSupportedError,
    WrongDocumentError,
)


def setup(markup: str = "<p id=p>abc<b id=b>def</b>ghi</p><div id=d>xyz</div>"):
    doc = parse_html(f"<!DOCTYPE html><body>{markup}")
    return doc, doc.body


def html(node) -> str:
    return "".join(c.outerHTML if c.nodeType == 1 else c.data for c in node.childNodes)


def bounds(r) -> tuple:
    return (r.startContainer, r.startOffset, r.endContainer, r.endOffset)


# -- construction and boundary points -------------------------------------------------------------


def test_new_range_is_collapsed_at_the_document() -> None:
    doc, _ = setup()
    r = doc.createRange()
    assert bounds(r) == (doc, 0, doc, 0) and r.collapsed and r.commonAncestorContainer is doc
    assert isinstance(r, Range) and str(r) == ""


def test_set_start_after_end_collapses_to_start_and_vice_versa() -> None:
    doc, body = setup()
    p = doc.getElementById("p")
    r = doc.createRange()
    r.setStart(p, 1)
    r.setEnd(p, 3)
    r.setStart(p, 3)
    assert bounds(r) == (p, 3, p, 3)
    r.setEnd(p, 1)  # end before start: start moves to it
    assert bounds(r) == (p, 1, p, 1)
    r.setEnd(body, 1)
    r.setStart(doc.getElementById("d").firstChild, 1)  # start after end
    assert r.collapsed and r.endContainer.data == "xyz"
    r.setEnd(body, 2)  # after the start: only the end moves
    assert not r.collapsed and r.startContainer.data == "xyz"


def test_set_start_errors() -> None:
    doc, _ = setup()
    p = doc.getElementById("p")
    r = doc.createRange()
    with pytest.raises(IndexSizeError):
        r.setStart(p, 4)
    with pytest.raises(IndexSizeError):
        r.setEnd(p.firstChild, 4)
    with pytest.raises(InvalidNodeTypeError):
        r.setStart(doc.doctype, 0)
    with pytest.raises(TypeError):
        r.setStart("p", 0)
    r.setStart(p.firstChild, 3)  # a text node's length is its data length
    assert r.startOffset == 3


def test_set_before_after_and_select() -> None:
    doc, body = setup()
    b = doc.getElementById("b")
    p = doc.getElementById("p")
    r = doc.createRange()
    r.setStartBefore(b)
    r.setEndAfter(b)
    assert bounds(r) == (p, 1, p, 2) and str(r) == "def"
    r.setStartAfter(p.firstChild)
    r.setEndBefore(p.lastChild)
    assert bounds(r) == (p, 1, p, 2)
    r.selectNodeContents(p)
    assert bounds(r) == (p, 0, p, 3) and str(r) == "abcdefghi"
    r.selectNode(p)
    assert bounds(r) == (body, 0, body, 1)
    with pytest.raises(InvalidNodeTypeError):
        r.setStartBefore(doc)  # no parent
    with pytest.raises(InvalidNodeTypeError):
        r.selectNodeContents(doc.doctype)
    r.collapse(True)
    assert bounds(r) == (body, 0, body, 0)
    r.selectNode(p)
    r.collapse()
    assert bounds(r) == (body, 1, body, 1)


def test_compare_boundary_points() -> None:
    doc, _ = setup()
    p = doc.getElementById("p")
    a, b = doc.createRange(), doc.createRange()
    a.setStart(p, 0)
    a.setEnd(p, 2)
    b.setStart(p, 1)
    b.setEnd(p, 3)
    assert a.compareBoundaryPoints(Range.START_TO_START, b) == -1
    assert a.compareBoundaryPoints(Range.START_TO_END, b) == 1
    assert a.compareBoundaryPoints(Range.END_TO_END, b) == -1
    assert a.compareBoundaryPoints(Range.END_TO_START, b) == -1  # this start vs source end
    assert b.compareBoundaryPoints(Range.END_TO_START, a) == -1
    with pytest.raises(NotSupportedError):
        a.compareBoundaryPoints(4, b)
    other = parse_html("<p>x").createRange()
    with pytest.raises(WrongDocumentError):
        a.compareBoundaryPoints(0, other)


def test_compare_point_is_point_in_range_intersects_node() -> None:
    doc, body = setup()
    p = doc.getElementById("p")
    b = doc.getElementById("b")
    d = doc.getElementById("d")
    r = doc.createRange()
    r.setStart(p, 1)
    r.setEnd(p, 2)
    assert r.comparePoint(p, 0) == -1 and r.comparePoint(p, 1) == 0 and r.comparePoint(p, 3) == 1
    assert r.comparePoint(b.firstChild, 2) == 0 and r.comparePoint(d, 0) == 1
    assert r.isPointInRange(b, 0) and not r.isPointInRange(d, 0)
    assert r.intersectsNode(b) and r.intersectsNode(p) and not r.intersectsNode(d)
    assert r.intersectsNode(doc)  # no parent: true
    with pytest.raises(InvalidNodeTypeError):
        r.comparePoint(doc.doctype, 0)
    with pytest.raises(IndexSizeError):
        r.comparePoint(p, 9)
    with pytest.raises(IndexSizeError):
        r.isPointInRange(p, 9)
    other = parse_html("<p>x")
    with pytest.raises(WrongDocumentError):
        r.comparePoint(other.body, 0)
    assert not r.isPointInRange(other.body, 0) and not r.intersectsNode(other.body)
    r.setStart(body, 0)
    assert r.commonAncestorContainer is body


# -- contents -------------------------------------------------------------------------------------


def _range(doc, start, so, end, eo):
    r = doc.createRange()
    r.setStart(start, so)
    r.setEnd(end, eo)
    return r


def test_clone_contents_partially_contained_nodes() -> None:
    doc, body = setup()
    p = doc.getElementById("p")
    d = doc.getElementById("d")
    r = _range(doc, p.firstChild, 1, d.firstChild, 2)
    frag = r.cloneContents()
    assert [c.nodeName for c in frag.childNodes] == ["P", "DIV"]
    assert frag.firstChild.outerHTML == '<p id="p">bc<b id="b">def</b>ghi</p>'
    assert frag.lastChild.outerHTML == '<div id="d">xy</div>'
    assert html(body) == '<p id="p">abc<b id="b">def</b>ghi</p><div id="d">xyz</div>'  # untouched


def test_extract_contents_moves_and_collapses() -> None:
    doc, body = setup()
    p = doc.getElementById("p")
    d = doc.getElementById("d")
    r = _range(doc, p.firstChild, 1, d.firstChild, 2)
    frag = r.extractContents()
    assert frag.firstChild.outerHTML == '<p id="p">bc<b id="b">def</b>ghi</p>'
    assert frag.lastChild.outerHTML == '<div id="d">xy</div>'
    assert html(body) == '<p id="p">a</p><div id="d">z</div>'
    assert bounds(r) == (body, 1, body, 1)


def test_extract_within_one_text_node() -> None:
    doc, _ = setup()
    text = doc.getElementById("b").firstChild
    r = _range(doc, text, 1, text, 2)
    frag = r.extractContents()
    assert html(frag) == "e" and text.data == "df" and bounds(r) == (text, 1, text, 1)


def test_extract_with_doctype_inside_is_hierarchy_error() -> None:
    doc, body = setup()
    r = _range(doc, doc, 0, body, 0)
    with pytest.raises(HierarchyRequestError):
        r.extractContents()
    with pytest.raises(HierarchyRequestError):
        r.cloneContents()


def test_delete_contents() -> None:
    doc, body = setup()
    p = doc.getElementById("p")
    r = _range(doc, p.firstChild, 2, p.lastChild, 1)
    r.deleteContents()
    assert html(body) == '<p id="p">abhi</p><div id="d">xyz</div>'
    assert p.childNodes.length == 2 and bounds(r) == (p, 1, p, 1)
    r.selectNodeContents(body)
    r.deleteContents()
    assert html(body) == "" and r.collapsed
    doc.createRange().deleteContents()  # collapsed: nothing


def test_insert_node() -> None:
    doc, body = setup()
    p = doc.getElementById("p")
    text = p.firstChild
    r = _range(doc, text, 1, text, 2)
    span = doc.createElement("span")
    r.insertNode(span)  # splits the text node
    assert html(p) == 'a<span></span>bc<b id="b">def</b>ghi'
    # the split leaves the start in the first half; the end follows the moved data
    assert (r.startContainer, r.startOffset) == (text, 1) and text.data == "a"
    assert r.endContainer.data == "bc" and r.endOffset == 1
    frag = doc.createDocumentFragment()
    frag.append("1", "2")
    r2 = _range(doc, body, 0, body, 0)
    r2.insertNode(frag)
    assert html(body).startswith("12<p") and bounds(r2) == (body, 0, body, 2)
    with pytest.raises(HierarchyRequestError):
        _range(doc, p, 0, p, 0).insertNode(p)  # inserting a node into itself
    comment = doc.createComment("c")
    p.append(comment)
    with pytest.raises(HierarchyRequestError):
        _range(doc, comment, 0, comment, 0).insertNode(doc.createElement("i"))


def test_surround_contents() -> None:
    doc, _ = setup()
    p = doc.getElementById("p")
    r = _range(doc, p, 1, p, 2)
    wrapper = doc.createElement("em")
    wrapper.textContent = "old"
    r.surroundContents(wrapper)
    assert html(p) == 'abc<em><b id="b">def</b></em>ghi'
    assert r.startContainer is p and r.startOffset == 1 and r.endOffset == 2
    bad = _range(doc, p.firstChild, 1, wrapper.firstChild.firstChild, 1)  # partially contains <em>
    with pytest.raises(InvalidStateError):
        bad.surroundContents(doc.createElement("i"))
    with pytest.raises(InvalidNodeTypeError):
        r.surroundContents(doc.createDocumentFragment())


# -- live ranges ----------------------------------------------------------------------------------


def test_live_range_updates_on_child_removal_and_insertion() -> None:
    doc, body = setup()
    p = doc.getElementById("p")
    b = doc.getElementById("b")
    r = _range(doc, p, 1, p, 3)
    p.insertBefore(doc.createTextNode("x"), p.firstChild)
    assert (r.startOffset, r.endOffset) == (2, 4)
    p.removeChild(b)
    assert (r.startOffset, r.endOffset) == (2, 3)
    inner = _range(doc, p.lastChild, 1, p.lastChild, 2)
    p.removeChild(p.lastChild)  # the range's node goes: its boundary moves to the parent
    assert bounds(inner) == (p, p.childNodes.length, p, p.childNodes.length)
    body.removeChild(p)
    assert r.startContainer is body and r.collapsed


def test_live_range_updates_on_character_data_changes() -> None:
    doc, _ = setup()
    text = doc.getElementById("d").firstChild  # "xyz"
    r = _range(doc, text, 1, text, 3)
    text.insertData(0, "ab")
    assert (r.startOffset, r.endOffset) == (3, 5)
    text.deleteData(0, 4)  # "abxyz" -> "z"
    assert (r.startOffset, r.endOffset) == (0, 1)
    text.data = "new"
    assert (r.startOffset, r.endOffset) == (0, 0)
    text.data = "hello world"
    r.setStart(text, 8)
    r.setEnd(text, 11)
    tail = text.splitText(6)
    assert r.startContainer is tail and r.startOffset == 2 and r.endContainer is tail and r.endOffset == 5


def test_live_range_updates_on_normalize() -> None:
    doc, _ = setup("<p id=p></p>")
    p = doc.getElementById("p")
    p.append("ab", "cd")
    second = p.lastChild
    r = _range(doc, second, 1, p, 2)
    p.normalize()
    assert r.startContainer is p.firstChild and r.startOffset == 3
    assert r.endContainer is p and r.endOffset == 1


def test_clone_range_and_detach() -> None:
    doc, _ = setup()
    p = doc.getElementById("p")
    r = _range(doc, p, 0, p, 2)
    c = r.cloneRange()
    assert bounds(c) == bounds(r) and c is not r
    r.detach()  # does nothing
    assert bounds(r) == (p, 0, p, 2)


def test_static_range() -> None:
    doc, _ = setup()
    p = doc.getElementById("p")
    s = StaticRange({"startContainer": p, "startOffset": 5, "endContainer": p, "endOffset": 0})
    assert bounds(s) == (p, 5, p, 0) and not s.collapsed  # not validated, not live
    with pytest.raises(TypeError):
        StaticRange({"startContainer": p})
    with pytest.raises(InvalidNodeTypeError):
        StaticRange({"startContainer": doc.doctype, "startOffset": 0, "endContainer": p, "endOffset": 0})
