"""Huge and deeply nested documents: every operation is iterative and linear (or close), and
answers exactly.  Sizes are chosen so that a quadratic step or a recursion would show as a
test that does not finish (or a RecursionError), never as a timing assertion.

``WEBDOM_SLOW=1`` adds a 1,000,000-element flat page and a 300,000-deep chain."""

from __future__ import annotations

import gc
import os
import sys
from typing import Any

import pytest

import dom
from webidl import HierarchyRequestError

SLOW = os.environ.get("WEBDOM_SLOW") == "1"
DEPTHS = [100_000] + ([300_000] if SLOW else [])
WIDTHS = [100_000] + ([1_000_000] if SLOW else [])


def _deepest(node: Any) -> Any:
    while node.firstElementChild is not None:
        node = node.firstElementChild
    return node


@pytest.fixture(scope="module", params=DEPTHS, ids=lambda d: f"depth{d}")
def deep(request: Any) -> tuple[Any, int]:
    depth = request.param
    return dom.parse_html("<!DOCTYPE html><body>" + "<div>" * depth + "leaf"), depth


def test_deep_document_reads(deep: tuple[Any, int]) -> None:
    document, depth = deep
    limit = sys.getrecursionlimit()
    leaf = _deepest(document.body)
    assert leaf.textContent == "leaf" and document.body.textContent == "leaf"
    assert leaf.isConnected and leaf.getRootNode() is document
    assert document.body.contains(leaf) and not leaf.contains(document.body)
    assert document.body.compareDocumentPosition(leaf) == 20  # contained by + following
    assert leaf.closest("body") is document.body
    assert leaf.lookupNamespaceURI(None) == "http://www.w3.org/1999/xhtml"
    assert len(document.querySelectorAll("div")) == depth
    assert len(document.querySelectorAll("div > div")) == depth - 1
    assert document.getElementsByTagName("div").length == depth
    html = document.body.innerHTML
    assert html == "<div>" * depth + "leaf" + "</div>" * depth
    assert sys.getrecursionlimit() == limit


def test_deep_document_clone_and_compare(deep: tuple[Any, int]) -> None:
    document, depth = deep
    copy = document.body.cloneNode(True)
    assert copy.isEqualNode(document.body) and copy is not document.body
    leaf = _deepest(copy)
    assert leaf.textContent == "leaf" and not leaf.isConnected and leaf.getRootNode() is copy
    leaf.textContent = "changed"
    assert not copy.isEqualNode(document.body)


def test_deep_fragment_parsing_and_moves() -> None:
    document = dom.parse_html("<!DOCTYPE html>")
    holder = document.createElement("section")
    holder.innerHTML = "<p>" + "<b>" * 50_000 + "x"
    assert holder.textContent == "x"
    other = dom.parse_html("<!DOCTYPE html>")
    moved = other.adoptNode(holder)
    assert moved is holder and _deepest(holder).ownerDocument is other
    other.body.appendChild(holder)
    assert _deepest(holder).isConnected
    holder.remove()
    assert not _deepest(holder).isConnected
    holder.normalize()
    assert holder.textContent == "x"


def test_deep_tree_built_by_append_child() -> None:
    # The pre-insert ancestor check and the lxml insertion are O(1) for a new element appended
    # at the bottom of a chain (both walked up every ancestor: quadratic, minutes at this depth).
    depth = DEPTHS[0]
    document = dom.parse_html("<!DOCTYPE html>")
    parent = document.body
    for i in range(depth):
        child = document.createElement("div")
        child.setAttribute("data-i", str(i))
        parent.appendChild(child)
        parent = child
    parent.appendChild(document.createTextNode("leaf"))
    assert _deepest(document.body) is parent and parent.getAttribute("data-i") == str(depth - 1)
    assert parent.isConnected and document.body.contains(parent) and not parent.contains(document.body)
    assert document.contains(parent.firstChild) and parent.contains(parent.firstChild)
    top = document.body.firstElementChild
    assert document.querySelectorAll("div").length == depth
    # Moving a subtree (children: lxml's own check) and a cycle is still refused.
    with pytest.raises(HierarchyRequestError):
        parent.appendChild(top)
    document.documentElement.appendChild(top)
    assert top.parentNode is document.documentElement and parent.textContent == "leaf"
    assert document.body.firstElementChild is None and document.body.outerHTML == "<body></body>"


def test_deep_document_is_freed() -> None:
    document = dom.parse_html("<div>" * 100_000)
    leaf = _deepest(document.body)  # every wrapper on the way exists now
    del leaf, document
    gc.collect()  # drops the wrappers newest first (see Document.__del__): quick, no crash


def test_deep_document_of_forms_and_scripts_parsed_and_freed() -> None:
    """The parse's passes hold the forms and scripts, whose ancestors have no lxml proxy: each
    proxy dropped by itself would walk up to the root (dom/nodes/proxy_release.py), O(n * depth)
    over a tree of nested tables (minutes at this depth)."""
    depth = 20_000
    document = dom.parse_html(
        "<div>a<form></form><script></script>" * depth + "<table><tr><td>" * depth
        + "<table><form id=f><input id=i></table>"
    )
    assert document.getElementsByTagName("script").length == depth
    assert document.getElementById("i").form is document.getElementById("f")  # (foster parented)
    assert document.forms.length == depth + 1
    del document
    gc.collect()


def test_deep_document_walks_that_make_proxies() -> None:
    """Walks that make lxml proxies on the way and drop them (innerText's, each selector query's
    climb to its tree's root) stop at the anchors a deep parsed tree keeps every 64 levels
    (dom/nodes/proxy_release.py); without them each dropped proxy walks up to the root."""
    depth = 10_000
    document = dom.parse_html("<table><tr><td>a<form><input></form>" * depth)
    assert document.body.innerText.count("a") == depth
    forms = document.forms
    assert all(forms[k].closest("table") is not None for k in range(depth))
    assert document.querySelector("input").form is forms[0]
    del document
    gc.collect()


def test_deep_document_form_states_and_direction() -> None:
    """What each control asks of its ancestors (a disabled fieldset, its labels, :dir()) is not
    a walk in Python over every ancestor per control: O(n * depth) on nested tables."""
    depth = 4_000
    document = dom.parse_html(
        "<table><tr><td>a<form><input><label>l<input></label></form>" * depth
        + "<fieldset disabled><legend><input id=e></legend><input id=d></fieldset>"
    )
    inputs = document.querySelectorAll("input")
    assert all(control.validity.valid for control in inputs)
    assert [(e.localName, e.id) for e in document.querySelectorAll(":disabled")] == [("fieldset", ""), ("input", "d")]
    assert sum(control.labels.length for control in inputs) == depth
    assert document.querySelectorAll(":dir(ltr)").length == document.querySelectorAll("*").length


def test_deep_controls_of_the_form_pointer() -> None:
    """Controls the parser's form pointer gives a form they are not inside keep their ancestors
    (to see whether a later move reset the owner) in chains shared with each other
    (dom/html/forms/owner.py): a list each held n * depth references (64 million here)."""
    depth = 8_000
    document = dom.parse_html("<div><form id=f></div>" + "<div>" * depth + "<input>" * depth)
    form = document.getElementById("f")
    inputs = document.querySelectorAll("input")
    assert inputs.length == depth and all(control.form is form for control in inputs)
    inputs[0].remove()  # a removal that separates it from the form resets its owner
    assert inputs[0].form is None and inputs[1].form is form


@pytest.fixture(scope="module", params=WIDTHS, ids=lambda n: f"width{n}")
def flat(request: Any) -> tuple[Any, int]:
    n = request.param
    items = "".join(f"<li id=i{i} class='item c{i % 7}'>item {i}" for i in range(n))
    return dom.parse_html(f"<!DOCTYPE html><ul>{items}</ul>"), n


def test_flat_document_reads(flat: tuple[Any, int]) -> None:
    document, n = flat
    ul = document.querySelector("ul")
    assert ul.children.length == n and ul.childNodes.length == n
    assert ul.children[n - 1].id == f"i{n - 1}" and ul.lastChild.firstChild.data == f"item {n - 1}"
    count, node = 0, ul.firstChild
    while node is not None:
        count, node = count + 1, node.nextSibling
    assert count == n
    count, node = 0, ul.lastChild
    while node is not None:
        count, node = count + 1, node.previousSibling
    assert count == n
    assert document.getElementById(f"i{n // 2}").textContent == f"item {n // 2}"
    assert len(document.querySelectorAll(".c3")) == len(range(3, n, 7))
    assert document.getElementsByClassName("item c3").length == len(range(3, n, 7))
    assert document.body.textContent.endswith(f"item {n - 1}")


def test_flat_live_collections_follow_removals_and_appends(flat: tuple[Any, int]) -> None:
    document, n = flat
    ul = document.querySelector("ul").cloneNode(True)  # the fixture's tree stays intact
    document.body.appendChild(ul)
    sixes = ul.getElementsByClassName("c6")
    children = ul.children
    expected = len(range(6, n, 7))
    assert sixes.length == expected
    removed = 0
    while sixes.length and removed < 3000:  # the classic loop: stays O(matches) per step
        first = sixes[0]
        first.remove()
        removed += 1
        assert first not in sixes
    assert sixes.length == expected - removed and children.length == n - removed
    for _ in range(3000):  # appending stays O(1) per step on a very wide element
        ul.appendChild(document.createElement("li")).className = "c6"
    assert sixes.length == expected and children.length == n - removed + 3000
    assert [e.className for e in sixes][-1] == "c6" and sixes[sixes.length - 1] is ul.lastChild
    ul.remove()


def test_flat_document_serializes_and_clones(flat: tuple[Any, int]) -> None:
    document, n = flat
    ul = document.querySelector("ul")
    html = ul.outerHTML
    assert html.count("<li ") == n and html.endswith(f"item {n - 1}</li></ul>")
    assert ul.cloneNode(True).outerHTML == html


def test_live_collections_equal_fresh_ones_through_random_removals() -> None:
    """The cache shortcut for removals (dom/collections.py) against a recomputation."""
    import random

    rng = random.Random(7)
    markup = "".join(rng.choice(["<p class=a>", "<i class='a b'></i>", "<b>x</b>", "</p>", "<em class=b>"]) for _ in range(600))
    document = dom.parse_html("<!DOCTYPE html><body>" + markup)
    live = [document.getElementsByClassName("a"), document.getElementsByTagName("i"), document.body.children,
            document.getElementsByTagName("*"), document.forms, document.querySelector("body").getElementsByClassName("b")]
    fresh = [lambda: document.getElementsByClassName("a"), lambda: document.getElementsByTagName("i"),
             lambda: document.body.children, lambda: document.getElementsByTagName("*"), lambda: document.forms,
             lambda: document.querySelector("body").getElementsByClassName("b")]
    for collection in live:
        assert collection.length >= 0  # cached now
    for _ in range(200):
        elements = list(document.body.getElementsByTagName("*"))
        if not elements:
            break
        rng.choice(elements).remove()
        for collection, make in zip(live, fresh):
            assert list(collection) == list(make())
