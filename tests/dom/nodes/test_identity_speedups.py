"""The identity map's C hot path (dom/nodes/identity_speedups.c) against its Python reference.

The extension makes a wrapper only for an element whose names it learnt from a wrapper the
reference made; every test here checks that what it makes is what the reference would, and that
everything else still reaches the reference.  ``WEBDOM_PURE_PYTHON=1`` runs the reference alone:
the last test runs part of the suite so, in a child process.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import weakref
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

import dom
from dom import Element, register_element_class
from dom.html.elements import HTMLElement
from dom.nodes.document import Document, python_wrap_new
from dom.nodes.element import ELEMENT_WRAPPER_SLOTS, PLAIN_KEYS
from dom.nodes.identity import node_for, python_node_for
from dom.nodes.speedups import extension

pytestmark = pytest.mark.skipif(
    extension is None, reason="the C extension is not in use (pip install . builds it with a C compiler; WEBDOM_PURE_PYTHON unset)"
)

ROOT = Path(__file__).resolve().parents[3]

MARKUP = (
    "<!DOCTYPE html><div id=a class=b><a href=/x>t</a><a>u</a><my-widget></my-widget><Unknown-Tag></Unknown-Tag>"
    "<svg viewBox='0 0 1 1'><circle/><foreignObject><p>in</p></foreignObject><a href=y></a></svg>"
    "<math><mi>x</mi></math><table><tr><td>c</td></tr></table><template><b>t</b></template>"
    "<select><option>o</option></select><input type=radio name=r><!--c--><?pi x?></div>"
)

XML = (
    "<r xmlns='urn:a' xmlns:p='urn:p' xmlns:h='http://www.w3.org/1999/xhtml'><p:e/><e/><h:div/><h:a/>"
    "<x xmlns=''/><p:e/><h:div/></r>"
)


def _fields(node: Any) -> tuple[Any, ...]:
    """What a wrapper is: its class and its names (interface, namespace, prefix, local name)."""
    if isinstance(node, Element):
        return (type(node), node._name[:4], node.namespaceURI, node.prefix, node.localName, node.tagName)
    return (type(node), node.nodeName)


def _wrap_all(doc: Any, wrap: Any) -> list[tuple[Any, ...]]:
    return [_fields(wrap(lx, doc)) for lx in doc.documentElement._lx.iter()]


@pytest.mark.parametrize("kind", ["html", "xml"])
def test_wrappers_match_the_reference(kind: str) -> None:
    def parse() -> Any:
        return dom.parse_html(MARKUP) if kind == "html" else dom.parse_xml(XML)

    parse().querySelectorAll("*")  # the names are learnt, so the next documents take the C path
    ours = _wrap_all(parse(), node_for)
    reference = _wrap_all(parse(), python_node_for)
    assert ours == reference
    assert node_for is not python_node_for and Document._wrap_new is not python_wrap_new


def test_same_object_however_reached() -> None:
    doc = dom.parse_html(MARKUP)
    first = doc.body.firstElementChild  # the C _wrap_new method
    assert node_for(first._lx, doc) is first is python_node_for(first._lx, doc)
    links = doc.querySelectorAll("a")
    assert links[0] is doc.getElementsByTagName("a")[0] is first.firstElementChild


def test_the_fields_are_the_references() -> None:
    doc = dom.parse_html("<p>a<b>b</b></p><p>c</p>")
    made = doc.querySelectorAll("p")[1]  # the second <p>: made in C
    other = dom.parse_html("<p>a<b>b</b></p><p>c</p>")
    reference = python_wrap_new(other, other.querySelectorAll("p")[1]._lx)
    for name in ("_text_run", "_tail_run", "_rare"):
        assert getattr(made, name) is getattr(reference, name) is None
    assert made._attr_extra is reference._attr_extra is PLAIN_KEYS  # no namespaced or escaped key
    escaped = dom.parse_html("<p @click=x></p><p @click=y></p>")  # "@click" is stored under an escaped key
    other_escaped = dom.parse_html("<p @click=x></p><p @click=y></p>")
    made_escaped = escaped.querySelectorAll("p")[1]
    reference_escaped = python_wrap_new(other_escaped, other_escaped.querySelectorAll("p")[1]._lx)
    assert made_escaped._attr_extra is reference_escaped._attr_extra is None
    assert made._doc is doc and made._lx.getparent() is doc.body._lx
    assert made._name is reference._name  # one ElementName per tag
    made.textContent = "x"
    made.setAttribute("class", "k")
    assert doc.body.innerHTML == '<p>a<b>b</b></p><p class="k">x</p>'


def test_register_element_class_is_seen_by_wrappers_made_later() -> None:
    class Widget(HTMLElement):
        __slots__ = ()

    dom.parse_html("<x-speedup-widget></x-speedup-widget>").querySelectorAll("*")
    register_element_class("http://www.w3.org/1999/xhtml", "x-speedup-widget", Widget)
    try:
        doc = dom.parse_html("<x-speedup-widget></x-speedup-widget><x-speedup-widget></x-speedup-widget>")
        assert [type(e) for e in doc.querySelectorAll("x-speedup-widget")] == [Widget, Widget]
    finally:
        register_element_class("http://www.w3.org/1999/xhtml", "x-speedup-widget", HTMLElement)
    later = dom.parse_html("<x-speedup-widget></x-speedup-widget>").querySelector("x-speedup-widget")
    assert type(later) is not Widget


def test_many_names_and_hostile_ones() -> None:
    # More names than the cache has entries, names that differ by namespace only, and names
    # lxml stores escaped: every wrapper is still the reference's.
    names = [f"x-n{i}" for i in range(3000)] + ["a", "A-b", "x\u00e9", "x-\U0001f600"]
    markup = "".join(f"<{n}></{n}>" for n in names) + "<svg><a></a><x-n1></x-n1></svg>"
    for _ in range(2):
        ours = _wrap_all(dom.parse_html(markup), node_for)
    assert ours == _wrap_all(dom.parse_html(markup), python_node_for)
    doc = Document()
    for namespace in (None, "urn:a", "http://www.w3.org/1999/xhtml", "a b"):
        for qualified in ("e", "p:e", "div"):
            if namespace is None and ":" in qualified:
                continue
            made = [doc.createElementNS(namespace, qualified) for _ in range(3)]
            assert {_fields(e) for e in made} == {_fields(made[0])}
            assert made[0].namespaceURI == namespace and made[0].localName == qualified.rpartition(":")[2]


def test_other_arguments_reach_the_reference() -> None:
    doc = dom.parse_html("<p>")
    with pytest.raises(TypeError):
        node_for(doc.body._lx)  # type: ignore[call-arg]
    with pytest.raises((TypeError, AttributeError)):
        node_for(doc.body._lx, object())  # type: ignore[arg-type]
    comment = etree.Comment("c")
    doc.body._lx.append(comment)
    assert node_for(comment, doc).nodeType == 8  # comments: the reference


def test_configure_checks_the_running_lxml_layout() -> None:
    """configure() reads lxml's proxy where lxml's own header puts it, and declines (None: the
    Python path alone) when a probe element's libxml2 node is not found there."""
    from dom.nodes.node import Node, SlotOwner

    assert extension is not None
    doc_slots = (vars(Document)["_nodes"], vars(Document)["_is_html"], vars(Document)["_csp_header"])
    el_slots = (vars(Node)["_doc"], vars(SlotOwner)["_lx"], vars(SlotOwner)["_text_run"], vars(SlotOwner)["_tail_run"],
                vars(Element)["_attr_extra"], vars(Element)["_name"], vars(Element)["_rare"])
    assert el_slots == ELEMENT_WRAPPER_SLOTS  # the declared fields, from the classes that hold them
    for probe in (etree.Element("not-the-probe"), object()):
        assert extension.configure(
            probe, etree._Element, Document, Element, python_wrap_new, doc_slots, el_slots, PLAIN_KEYS
        ) is None


def _reconfigure(reference: Any, el_slots: tuple[Any, ...] = ELEMENT_WRAPPER_SLOTS) -> Any:
    assert extension is not None
    doc_slots = (vars(Document)["_nodes"], vars(Document)["_is_html"], vars(Document)["_csp_header"])
    probe = etree.Element("webdom-layout-probe")
    return extension.configure(probe, etree._Element, Document, Element, reference, doc_slots, el_slots, PLAIN_KEYS)


def test_configure_checks_the_declared_fields() -> None:
    """The C stores go into the slots named by ELEMENT_WRAPPER_FIELDS, in its order: slots in
    another order are refused, not written into the wrong fields."""
    swapped = (ELEMENT_WRAPPER_SLOTS[1], ELEMENT_WRAPPER_SLOTS[0], *ELEMENT_WRAPPER_SLOTS[2:])
    try:
        with pytest.raises(TypeError, match="_doc"):
            _reconfigure(python_wrap_new, swapped)
    finally:
        assert _reconfigure(python_wrap_new) is not None


class OutsideWidget(HTMLElement):
    """An element class defined outside dom and webdom, with fields of its own."""

    __slots__ = ("mark",)


class OwnInitWidget(HTMLElement):
    __slots__ = ()

    def _init_wrapper(self, document: Any, lx: Any, name: Any) -> None:
        super()._init_wrapper(document, lx, name)


@pytest.mark.parametrize(("cls", "reference_calls"), [(OutsideWidget, 1), (OwnInitWidget, 3)])
def test_a_class_defined_anywhere_takes_the_c_path(cls: type[Element], reference_calls: int) -> None:
    """Any class that makes its wrappers as Element does gets the C path after its first
    wrapper, whatever module defines it (no layout-matching class stands in for it); one with an
    _init_wrapper of its own gets the reference for every wrapper, since C cannot run its steps."""
    calls = []

    def counting_reference(doc: Any, lx: Any) -> Any:
        calls.append(lx)
        return python_wrap_new(doc, lx)

    register_element_class("http://www.w3.org/1999/xhtml", "x-outside-widget", cls)
    try:
        doc = dom.parse_html("<x-outside-widget></x-outside-widget>" * 3)
        widgets = list(doc.body._lx)
        assert _reconfigure(counting_reference) is not None
        made = [node_for(lx, doc) for lx in widgets]
        assert [type(w) for w in made] == [cls] * 3
        assert len(calls) == reference_calls
        assert all(w._name is made[0]._name and w._doc is doc for w in made)
        if cls is OutsideWidget:
            made[1].mark = "own field"  # a declared slot of the class, empty until set
            assert made[1].mark == "own field" and not hasattr(made[2], "mark")
    finally:
        assert _reconfigure(python_wrap_new) is not None
        register_element_class("http://www.w3.org/1999/xhtml", "x-outside-widget", HTMLElement)


def test_a_wrapper_made_during_the_allocation_wins() -> None:
    """Allocating a wrapper may run a collection, and Python code in it (a gc callback here)
    may wrap the same node first: the C path then answers that wrapper, never a second one."""
    doc = dom.parse_html("<p>x</p>" * 200)
    lxs = list(doc.body._lx)
    node_for(lxs[0], doc)  # the reference teaches the C path the name "p"
    made_in_collection: dict[Any, Any] = {}

    def wrap_pending(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            for lx in lxs[1:]:
                if lx not in doc._nodes:
                    made_in_collection[lx] = python_wrap_new(doc, lx)
                    break

    threshold = gc.get_threshold()
    gc.callbacks.append(wrap_pending)
    gc.set_threshold(1)  # every allocation may collect
    try:
        found = [node_for(lx, doc) for lx in lxs[1:]]
    finally:
        gc.callbacks.remove(wrap_pending)
        gc.set_threshold(*threshold)
    assert made_in_collection, "no collection ran during the allocations"
    for lx, wrapper in zip(lxs[1:], found, strict=True):
        assert wrapper is doc._nodes[lx]
        if lx in made_in_collection:
            assert wrapper is made_in_collection[lx]


def test_wrappers_are_freed_with_their_document() -> None:
    doc = dom.parse_html("<p>a</p>" * 50)
    doc.querySelectorAll("p")
    wrappers = [weakref.ref(p) for p in doc.querySelectorAll("p")]
    document = weakref.ref(doc)
    del doc
    gc.collect()
    assert document() is None and all(w() is None for w in wrappers)


def test_the_reference_alone() -> None:
    # The Python reference still passes the identity and core tests without the extension.
    env = dict(os.environ, WEBDOM_PURE_PYTHON="1")
    check = "from dom.nodes.speedups import extension; assert extension is None"
    subprocess.run([sys.executable, "-c", check], cwd=ROOT, env=env, check=True)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/dom/nodes/test_core.py",
         "tests/dom/nodes/test_wpt_nodes.py", "tests/dom/nodes/test_wpt_text_and_collections.py",
         "tests/dom/nodes/test_declared_state.py", "tests/dom/parsing/test_xml.py"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


def test_get_attribute_matches_the_reference() -> None:
    """Element.getAttribute in C (its common case) answers as the reference does, every case."""
    from dom.nodes.document import python_get_attribute

    assert Element.getAttribute is not python_get_attribute
    doc = dom.parse_html(
        "<p class=a id=b data-x='' title='\u00e9&amp;' @click=go></p><p CLASS=c xml:lang=en></p>"
        "<svg><a xlink:href=u class=s></a></svg><div></div>"
    )
    doc.querySelector("div").setAttributeNS("urn:x", "x:k", "v")
    doc.querySelector("div").setAttribute("bad", "\x01")  # a value lxml cannot hold
    names = ["class", "id", "data-x", "title", "missing", "CLASS", "x:k", "k", "bad", "@click", "xlink:href",
             "xml:lang", "", "a\x00", "\u00e9", 7, None, "href"]
    for element in doc.querySelectorAll("*"):
        for name in names:
            assert element.getAttribute(name) == python_get_attribute(element, name), (element, name)
    with pytest.raises(TypeError):
        doc.body.getAttribute()


@pytest.mark.parametrize("kind", ["html", "xml"])
def test_subtree_wrappers_are_those_of_lxml_iterator(kind: str) -> None:
    """querySelectorAll("*") wraps a subtree's elements by a walk over libxml2's nodes in C
    (subtree_wrappers): the same wrappers, in the same order, as wrapping what lxml's iterator
    gives, from a document and from an element; a subtree with an entity reference (lxml's
    iterator decides) is left to that iterator, the wrappers made before it kept."""
    from dom.nodes.identity import python_nodes_for

    document = dom.parse_html(MARKUP * 20) if kind == "html" else dom.parse_xml(XML)
    root = document.documentElement
    expected = python_nodes_for(root._lx.iter(etree.Element), document)
    assert list(document.querySelectorAll("*")) == expected and len(expected) > 5
    assert extension.subtree_wrappers(root._lx, document, True) == expected
    inner = expected[1]
    assert list(inner.querySelectorAll("*")) == python_nodes_for(inner._lx.iterdescendants(etree.Element), document)
    assert extension.subtree_wrappers(inner._lx, document, False) == list(inner.querySelectorAll("*"))
    assert extension.subtree_wrappers(expected[-1]._lx, document, False) == []
    tree = etree.fromstring("<r><a><b/></a><c/></r>")
    wrapped = dom.wrap(tree.getroottree())
    tree[0].append(etree.Entity("amp"))  # (a node the DOM never makes: wrap() makes one text)
    tree[0].append(etree.Element("d"))
    assert extension.subtree_wrappers(tree, wrapped, True) is None
    assert [e.localName for e in wrapped.querySelectorAll("*")] == ["r", "a", "b", "d", "c"]


def test_bulk_wrapping_pauses_the_collector_and_restores_it() -> None:
    """querySelectorAll('*') and the other bulk calls make their wrappers with the cyclic
    collector paused (it would run every 700 and free nothing), and leave it as they found it:
    running when it ran (its young pass once, at the next allocation), off when the caller had
    turned it off, and running after a call that failed."""
    document = dom.parse_html("<div>" + "<p><b>x</b></p>" * 2000 + "</div>")
    collections: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    gc.collect()
    gc.callbacks.append(count)
    try:
        wrappers = document.querySelectorAll("*")
        during = len(collections)
        assert gc.isenabled()
        [object() for _ in range(10)]  # (untracked allocations) -- then a tracked one runs the pass
        [[] for _ in range(10)]
    finally:
        gc.callbacks.remove(count)
    assert len(wrappers) == 4004
    assert during <= 1 and collections == [0], collections  # one young pass (15 without the pause)
    gc.disable()
    try:
        assert len(dom.parse_html("<p>a<p>b").querySelectorAll("*")) == 5
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(TypeError):
        extension.nodes_for(42, document)  # not iterable
    assert gc.isenabled()
