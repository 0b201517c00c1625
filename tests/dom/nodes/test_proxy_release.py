"""dom/nodes/proxy_release.py: lxml proxies dropped children first, the C version and the
reference alike; the tree they belonged to stays whole, whatever the list holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from lxml import etree

from dom.nodes import proxy_release

RELEASES: list[Callable[[list[Any]], None]] = [proxy_release._release_proxies]
PARENT_TESTS: list[Callable[[Any], bool]] = [proxy_release._has_parent]
ANCHORS: list[Callable[[Any, int], list[Any]]] = [proxy_release._anchor_elements]
if proxy_release.release_proxies is not proxy_release._release_proxies:
    RELEASES.append(proxy_release.release_proxies)
    PARENT_TESTS.append(proxy_release.has_parent)
    ANCHORS.append(proxy_release.anchor_elements)


def _nested_tables(depth: int) -> Any:
    root = etree.Element("html")
    cell = etree.SubElement(root, "body")
    for i in range(depth):
        table = etree.SubElement(cell, "table")
        etree.SubElement(table, "form", id=f"f{i}")
        cell = etree.SubElement(etree.SubElement(table, "tr"), "td")
    return root


@pytest.mark.parametrize("release", RELEASES)
def test_deep_forms_released_and_tree_whole(release: Callable[[list[Any]], None]) -> None:
    depth = 3000
    root = _nested_tables(depth)
    forms = list(root.iter("form"))
    kept = forms[1234]
    release(forms)
    assert forms == []
    assert kept.get("id") == "f1234" and kept.getparent().tag == "table"  # a reference held elsewhere
    assert [form.get("id") for form in root.iter("form")] == [f"f{i}" for i in range(depth)]
    assert len(etree.tostring(root)) > depth * 30


@pytest.mark.parametrize("release", RELEASES)
def test_any_list(release: Callable[[list[Any]], None]) -> None:
    root = etree.fromstring("<a><b><c/><!--x--><?p d?></b><e/></a>")
    detached = etree.Element("top")
    leaf = etree.SubElement(etree.SubElement(detached, "mid"), "leaf")
    c, comment, pi = root[0]
    other = etree.fromstring("<x><y><z/></y></x>")  # another document's
    items: list[Any] = [c, c, comment, pi, None, "text", root, leaf, detached[0], root.getroottree(), other[0][0]]
    del c, comment, pi, leaf
    release(items)
    assert items == []
    assert etree.tostring(root) == b"<a><b><c/><!--x--><?p d?></b><e/></a>"
    assert etree.tostring(detached) == b"<top><mid><leaf/></mid></top>"
    assert etree.tostring(other) == b"<x><y><z/></y></x>"
    release(items)  # empty


@pytest.mark.parametrize("release", RELEASES)
def test_a_detached_subtree_held_by_its_proxies_alone(release: Callable[[list[Any]], None]) -> None:
    # Only the list holds the subtree: released, it is freed with its last proxy.
    top = etree.Element("top")
    for i in range(50):
        etree.SubElement(etree.SubElement(top, "p"), "span").text = str(i)
    items = list(top.iter("span"))
    del top
    release(items)
    assert items == []


@pytest.mark.parametrize("has_parent", PARENT_TESTS)
def test_has_parent(has_parent: Callable[[Any], bool]) -> None:
    root = etree.fromstring("<a><b/><!--c--></a>")
    assert not has_parent(root)  # (its parent is the document: lxml gives None)
    assert has_parent(root[0]) and has_parent(root[1])
    assert not has_parent(etree.Element("x"))


@pytest.mark.parametrize("anchor_elements", ANCHORS)
def test_anchor_elements(anchor_elements: Callable[[Any, int], list[Any]]) -> None:
    # a chain 300 deep, each level with a leaf, a comment and text beside its child
    root = etree.Element("root")
    node = root
    for i in range(300):
        node = etree.SubElement(node, "d", n=str(i + 1))
        etree.SubElement(node, "leaf").tail = "t"
        node.append(etree.Comment("c"))
    anchors = anchor_elements(root, 64)
    assert [a.get("n") for a in anchors] == ["64", "128", "192", "256"]
    assert anchor_elements(root, 1)[:3] == [root[0], root[0][2], root[0][2][2]]
    assert anchor_elements(node, 64) == []  # (itself is never one)
    text_only = etree.fromstring("<a><b><c>x</c></b></a>")
    assert anchor_elements(text_only, 2) == []  # c's only child is text
