"""Selector queries on deep trees: libxml2's document-order keys (dom/selectors/document_order_speedups.c)
give the same answers as its walks, and none is left behind for a later query or a user's XPath."""

from __future__ import annotations

import random
from typing import Any

import pytest
from lxml import etree

import dom
from dom.selectors import engine

pytestmark = pytest.mark.skipif(engine._NUMBER is None, reason="the C extension is not built")

SELECTORS = (".r a", "div > a", "a", "div div a", "*", ".r:nth-child(2n) > b", "a ~ b, b + a", ":is(.r, .s) b",
             "div:not(.r) a", "body :first-child")


def _chain(depth: int, seed: int) -> str:
    """A chain of nested divs with links and bold text beside each, some classes left out."""
    rng = random.Random(seed)
    parts = []
    for i in range(depth):
        cls = rng.choice(("r", "s", ""))
        parts.append(f"<div class='{cls}'><a>{i}</a><b>{i}</b>")
    return "<!DOCTYPE html><body>" + "".join(parts)


def _answers(root: Any, numbered: bool, monkeypatch: pytest.MonkeyPatch) -> list[list[Any]]:
    with monkeypatch.context() as patch:
        if not numbered:
            patch.setattr(engine, "_NUMBER", None)
        return [list(root.querySelectorAll(selector)) for selector in SELECTORS]


def _no_keys_left(root_lx: Any) -> None:
    # a stale key would misorder a union of elements that moved; libxml2 sorts by key first
    moved = list(root_lx.iter("a"))[:5]
    for lx in moved:
        parent = lx.getparent()
        parent.append(lx)  # (its key, if any were left, would now name a place it left)
    order = {lx: i for i, lx in enumerate(root_lx.iter())}
    union = root_lx.xpath("descendant::a | descendant::b")
    assert [order[lx] for lx in union] == sorted(order[lx] for lx in union)


@pytest.mark.parametrize("depth", [600, 1500])
def test_a_parsed_deep_tree(depth: int, monkeypatch: pytest.MonkeyPatch) -> None:
    document = dom.parse_html(_chain(depth, depth))
    assert document._deep  # (past the parser's nesting limit: the tree is known to be deep)
    calls = []
    number = engine._NUMBER
    monkeypatch.setattr(engine, "_NUMBER", lambda lx, deep: calls.append(lx) or number(lx, deep))
    assert _answers(document, True, monkeypatch) == _answers(document, False, monkeypatch)
    assert calls  # the keys were used
    _no_keys_left(document.documentElement._lx)
    # after a change, the keys are made again for the changed tree
    body = document.body
    body.insertBefore(document.createElement("a"), body.firstChild)
    assert _answers(document, True, monkeypatch) == _answers(document, False, monkeypatch)


def test_a_deep_tree_built_by_a_script_and_a_detached_one(monkeypatch: pytest.MonkeyPatch) -> None:
    document = dom.parse_html("<!DOCTYPE html><body>")
    node = document.body
    for i in range(400):
        div = document.createElement("div")
        div.className = "r" if i % 3 else "s"
        div.append(document.createElement("a"), document.createElement("b"))
        node.appendChild(div)
        node = div
    assert not document._deep  # (found deep from the query's root instead)
    assert engine._NUMBER(document.documentElement._lx, False)
    engine._UNNUMBER(document.documentElement._lx)
    assert _answers(document, True, monkeypatch) == _answers(document, False, monkeypatch)
    detached = document.body.firstElementChild
    detached.remove()
    assert _answers(detached, True, monkeypatch) == _answers(detached, False, monkeypatch)
    _no_keys_left(detached._lx)
    _no_keys_left(document.documentElement._lx)


def test_a_shallow_tree_is_not_numbered() -> None:
    document = dom.parse_html("<!DOCTYPE html><body>" + "<div><p><a>x</a></p></div>" * 50)
    assert not engine._NUMBER(document.documentElement._lx, False)
    assert len(document.querySelectorAll("div a")) == 50


def test_keys_are_only_on_elements_while_a_query_runs() -> None:
    document = dom.parse_html(_chain(700, 1))
    root = document.documentElement._lx
    assert engine._NUMBER(root, True)
    try:  # while numbered, libxml2 sorts by the keys: the answers are the walk's
        union = root.xpath("descendant::b | descendant::a")
        assert union == [lx for lx in root.iter() if lx.tag in ("a", "b")]
    finally:
        engine._UNNUMBER(root)
    _no_keys_left(root)
    assert isinstance(root, etree._Element)


def test_language_holders_in_c_as_the_xpath() -> None:
    """The elements with a language attribute, found by a walk in C for :lang() over many
    elements (states._languages_in_document): those of the XPath over the attributes, in tree
    order -- lang in no namespace, xml:lang, in foreign content and in a template's contents,
    from the root or an element; a node the walk leaves to libxml2 gives None."""
    from dom.selectors import states

    document = dom.parse_html("<!DOCTYPE html><html lang=en><body><p lang=fr>a<b lang=''>b</b></p>"
                              "<svg><g xml:lang=de><text lang=x>t</text></g></svg><div data-lang=no>"
                              "<template><i lang=ja>j</i></template><span LANG=ES>s</span></div></body></html>")
    xml = dom.parse_xml("<r xmlns:p='urn:p' xml:lang='en'><a p:lang='no'/><b lang='de'><c/></b></r>")
    for root in (document.documentElement._lx, document.body._lx, xml.documentElement._lx):
        expected = list(dict.fromkeys(attribute.getparent() for attribute in states._LANGUAGE_ATTRIBUTES(root)))
        assert states._HOLDERS is None or states._HOLDERS(root) == expected
        assert len(expected) >= 2
    tree = etree.fromstring("<r lang='en'><a/></r>")
    tree[0].append(etree.Entity("amp"))
    assert engine.extension is None or engine.extension.language_holders(tree) is None
