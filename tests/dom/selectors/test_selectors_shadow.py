"""Shadow-tree selectors in the DOM APIs: :host, :host(), ::slotted() (CSS Scoping).

https://drafts.csswg.org/css-scoping/#host-selector and #slotted-pseudo, as they apply to
querySelector(All), matches and closest (https://dom.spec.whatwg.org/#scope-match-a-selectors-string),
which evaluate a selector in the context of the tree of the elements they test:

* inside a shadow tree the shadow host stands where the shadow root is, featureless
  (https://drafts.csswg.org/selectors-4/#featureless): only :host, :host() and logical
  combinations of them match it, so ``:host > p`` finds the tree's top-level paragraphs;
* in any other tree :host matches nothing, so ``host.matches(":host")`` is false;
* the host is not inside its shadow tree, so ``shadowRoot.querySelectorAll(":host")`` is empty;
* ::slotted() is a pseudo-element: it parses, and the DOM APIs never return pseudo-elements.
"""

from __future__ import annotations

import pytest

import dom
from webidl import DOMException


@pytest.fixture
def tree() -> tuple[dom.Document, dom.Element, dom.ShadowRoot]:
    doc = dom.parse_html('<section><div id=h class="card x"><span slot=a>light</span></div></section>')
    host = doc.getElementById("h")
    shadow = host.attachShadow({"mode": "open"})
    shadow.innerHTML = '<div class=top><p class=deep>1</p></div><p class=t2>2</p><slot name=a></slot>'
    return doc, host, shadow


def _classes(found: object) -> list[str]:
    return [e.className or e.localName for e in found]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("selector", "expected"), [
    (":host", []),  # the host is not a descendant of its shadow root
    (":host > p", ["t2"]),
    (":host p", ["deep", "t2"]),
    (":host > *", ["top", "t2", "slot"]),
    (":host(.x) > *", ["top", "t2", "slot"]),
    (":host(.y) > *", []),
    (":host(div) p", ["deep", "t2"]),
    (":host(span) p", []),
    (":host(:first-child) > p", ["t2"]),  # the argument sees the host with its features
    (":host(.card.x:not(.z)) > p", ["t2"]),
    # featureless: the host matches no type, class or negation of them
    ("* > p", ["deep"]),
    ("div > p", ["deep"]),
    (":not(.z) > p", ["deep"]),
    (":host.x > p", []),
    (":host:not(.z) > p", []),
    ("*:host > p", ["t2"]),  # the universal selector written out: the same compound as :host
    # logical combinations pass through when their argument may match the host
    (":is(:host) > p", ["t2"]),
    (":where(:host, aside) > p", ["t2"]),
    (":not(:not(:host)) > p", ["t2"]),
    (":is(:host.x) > p", []),
    (":is(div > :host) > p", []),  # the host has no parent inside its shadow tree
    # :has() on the host looks at the shadow tree, the host's children here
    (":host:has(.t2) > p", ["t2"]),
    (":host:has(.nope) > p", []),
    ("section :host p", []),  # the light tree is not visible from the shadow tree
    (":host + p", []),
    ("::slotted(span)", []),
    ("::slotted(*)", []),
])
def test_shadow_root_query(tree: tuple[dom.Document, dom.Element, dom.ShadowRoot], selector: str,
                           expected: list[str]) -> None:
    _, _, shadow = tree
    assert _classes(shadow.querySelectorAll(selector)) == expected
    first = shadow.querySelector(selector)
    assert (first.className or first.localName if first is not None else None) == (expected[0] if expected else None)


def test_matches_and_closest_in_a_shadow_tree(tree: tuple[dom.Document, dom.Element, dom.ShadowRoot]) -> None:
    _, host, shadow = tree
    p = shadow.querySelector(".t2")
    deep = shadow.querySelector(".deep")
    assert p.matches(":host > p") and p.matches(":host(#h) > .t2") and not p.matches(":host(#z) > p")
    assert deep.matches(":host .deep") and not deep.matches(":host > .deep")
    assert deep.closest(":host > div") is shadow.querySelector(".top")
    # closest walks the element's inclusive ancestors, which stop at the shadow root
    assert deep.closest(":host") is None
    # the element queried from: scoped to an element of the shadow tree
    assert _classes(shadow.querySelector(".top").querySelectorAll(":host p")) == ["deep"]


def test_host_in_the_light_tree(tree: tuple[dom.Document, dom.Element, dom.ShadowRoot]) -> None:
    doc, host, _ = tree
    # In the host's own tree :host represents nothing (it is not in the context of a shadow
    # tree), whatever its argument.
    assert not host.matches(":host") and not host.matches(":host(.x)") and not host.matches(":host(*)")
    assert host.matches(":not(:host)")
    assert doc.querySelectorAll(":host").length == 0 and doc.querySelector(":host(div)") is None
    assert host.closest(":host") is None
    # a light child of the host is not in the shadow tree either
    assert not doc.querySelector("span").matches(":host > span")
    # nor is an element of a plain DocumentFragment
    fragment = doc.createDocumentFragment()
    fragment.append(doc.createElement("p"))
    assert fragment.querySelectorAll(":host > p").length == 0


def test_nested_shadow_trees_see_their_own_host(tree: tuple[dom.Document, dom.Element, dom.ShadowRoot]) -> None:
    _, host, shadow = tree
    inner_host = shadow.querySelector(".top")
    inner = inner_host.attachShadow({"mode": "closed"})
    inner.innerHTML = "<p>inner</p>"
    assert inner.querySelector(":host(.top) > p").textContent == "inner"
    assert inner.querySelector(":host(.card) > p") is None  # the outer host is not this tree's host
    # the inner host, seen from the outer shadow tree, is an ordinary element
    assert inner_host.matches(":host > .top") and not inner_host.matches(":host")


def test_slotted_matches_nothing_but_parses(tree: tuple[dom.Document, dom.Element, dom.ShadowRoot]) -> None:
    doc, host, shadow = tree
    span = doc.querySelector("span")
    assert span.assignedSlot is shadow.querySelector("slot")
    for selector in ("::slotted(span)", "slot::slotted([slot=a])", "::slotted(*)::before", "::slotted(.a:hover)"):
        assert doc.querySelectorAll(selector).length == 0 and shadow.querySelectorAll(selector).length == 0
        assert not span.matches(selector) and span.closest(selector) is None


@pytest.mark.parametrize("selector", [
    ":host()", ":host(a b)", ":host(a > b)", ":host(a, b)", ":host(::before)", ":host(!)",
    "::slotted()", "::slotted(a b)", "::slotted(a, b)", "::slotted(::before)", "::slotted(a)::slotted(b)",
    "::slotted(a)::selection", "::slotted(a) b", "::slotted",
    # https://drafts.csswg.org/css-scoping/: :host-context() was removed from the specification
    # (w3c/csswg-drafts#1914); Chromium still accepts it, the specification wins.
    ":host-context(body)", ":host-context(.dark) p",
])
def test_invalid_shadow_selectors(tree: tuple[dom.Document, dom.Element, dom.ShadowRoot], selector: str) -> None:
    doc, host, shadow = tree
    for call in (lambda: shadow.querySelectorAll(selector), lambda: host.matches(selector),
                 lambda: doc.querySelector(selector)):
        with pytest.raises(DOMException) as info:
            call()
        assert info.value.name == "SyntaxError"


@pytest.mark.parametrize("selector", [
    ":host", ":HOST", ":host(*)", ":host( .a )", ":host(div#i.c[x]:not(.d))", "::slotted(*)", "::SLOTTED( p )",
    "slot::slotted(.a)", "::slotted(p)::marker", "::slotted(p)::before", "::slotted(p):hover", ":is(:host) p",
    ":host(:is(a, b))", ":host(a",  # a block left open at the end is closed (CSS Syntax)
])
def test_valid_shadow_selectors(tree: tuple[dom.Document, dom.Element, dom.ShadowRoot], selector: str) -> None:
    doc, host, shadow = tree
    shadow.querySelectorAll(selector)
    host.matches(selector)


def test_host_argument_in_an_xml_document() -> None:
    # The host's tree and the shadow tree are classified separately (namespaced or not).
    doc = dom.parse_xml('<root xmlns="http://www.w3.org/1999/xhtml"><div id="h" class="x"/></root>')
    host = doc.getElementById("h")
    shadow = host.attachShadow({"mode": "open"})
    shadow.append(doc.createElementNS(None, "item"))
    assert _classes(shadow.querySelectorAll(":host(div.x) > item")) == ["item"]
    assert shadow.querySelectorAll(":host(span) > item").length == 0
