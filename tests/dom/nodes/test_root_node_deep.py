"""getRootNode and isConnected on deep trees: the C walk's memo of ancestors' tops
(dom/nodes/tree_root_speedups.c) answers as the walk does, and follows the tree as it changes."""

from __future__ import annotations

import dom
from dom.nodes import element


def _chain(depth: int) -> tuple[dom.Document, list[dom.Element]]:
    document = dom.parse_html("<!DOCTYPE html><body>" + "<div><a>x</a>" * depth)
    return document, list(document.querySelectorAll("div"))


def _reference_root(node: dom.Node) -> dom.Node:
    while node.parentNode is not None:
        node = node.parentNode
    return node


def test_every_element_of_a_deep_chain() -> None:
    document, divs = _chain(700)
    links = list(document.querySelectorAll("a"))
    assert all(a.isConnected for a in links) and all(d.getRootNode() is document for d in divs)
    middle = divs[350]
    middle.remove()
    # (a new version: the memo made before the removal is not read)
    for node in divs + links:
        assert node.getRootNode() is _reference_root(node)
        assert node.isConnected == (_reference_root(node) is document)
    assert not links[-1].isConnected and links[-1].getRootNode() is middle
    assert links[10].isConnected
    document.body.append(middle)
    assert all(a.isConnected for a in links)


def test_a_detached_deep_chain_and_its_moves() -> None:
    document, divs = _chain(600)
    top = divs[100]
    top.remove()
    deepest = divs[-1]
    assert deepest.getRootNode() is top
    divs[400].remove()  # a second top inside the detached chain
    assert deepest.getRootNode() is divs[400] and divs[200].getRootNode() is top
    fragment = document.createDocumentFragment()
    fragment.append(divs[400])
    assert deepest.getRootNode() is fragment and not deepest.isConnected


def test_the_walk_without_the_memo_agrees() -> None:
    document, divs = _chain(300)
    answers = [d.getRootNode() for d in divs]
    saved = element._TOPMOST_ELEMENT
    element._TOPMOST_ELEMENT = None
    try:
        assert [d.getRootNode() for d in divs] == answers
    finally:
        element._TOPMOST_ELEMENT = saved
