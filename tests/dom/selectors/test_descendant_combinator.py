"""Selectors of type, id, class and child-index compounds joined by descendant, child and sibling
combinators (``X Y``, ``ul > li a``, ``p ~ ul``, ``h2 + p``, ``li:nth-child(odd)``) matched in one
walk in C (dom/selectors/descendant_combinator_speedups.c) find
what the XPath query finds: on generated documents (no-quirks and quirks mode, with templates, a
shadow tree, foreign elements, names in several cases), queried from the document and from
elements, and on the real bench pages."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

import dom
from dom.selectors import engine
from tests.conftest import REPO

BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "html"

pytestmark = pytest.mark.skipif(engine._DESCENDANTS_BELOW is None,
                                reason="the C extension is not built (or WEBDOM_PURE_PYTHON is set)")

_TAGS = ("div", "p", "span", "a", "li", "DIV")
_CLASSES = ("a", "b", "A", "b-c", "\u00e9")
_COMPOUNDS = ("div", "p", "span", "a", "*", "DIV", ".a", ".A", ".b", ".b-c", ".\u00e9", "#x", "#X", "div.a",
              "p.a.b", "span#y", "a.b", ".a.A", "li#x.a", "li:nth-child(2n+1)", ":first-child", "p:last-child",
              ".a:only-child", ":nth-child(3)", "span:nth-last-child(-n+2)", ":nth-child(odd):nth-last-child(even)",
              "a:nth-child(-2n+5)", ":nth-child(n+3).b", ":nth-last-child(1)")


def _tree(rng: random.Random, depth: int = 0) -> str:
    out = []
    for _ in range(rng.randint(0, (12 if rng.random() < 0.2 else 4) if depth < 5 else 0)):
        tag = rng.choice(_TAGS)
        attributes = ""
        if rng.random() < 0.6:
            attributes += " class='" + "\t".join(rng.sample(_CLASSES, rng.randint(1, 3))) + " '"
        if rng.random() < 0.2:
            attributes += f" id={rng.choice(('x', 'X', 'y'))}"
        out.append(f"<{tag}{attributes}>t{_tree(rng, depth + 1)}</{tag}>")
    if depth == 1 and rng.random() < 0.2:
        out.append("<template><div class=a><a>in template</a></div></template>")
    if depth == 1 and rng.random() < 0.1:
        out.append("<svg class=a><a class=b></a></svg>")
    return "".join(out)


def _both(root: Any, selector: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], list[Any]]:
    fast = list(root.querySelectorAll(selector))
    with monkeypatch.context() as patched:
        patched.setattr(engine, "_DESCENDANTS_BELOW", None)
        slow = list(root.querySelectorAll(selector))
    return fast, slow


@pytest.mark.parametrize("seed", range(40))
def test_generated_documents_as_xpath(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    doctype = "<!DOCTYPE html>" if seed % 3 else ""  # (every third in quirks mode: classes and ids fold)
    host = "<div class=a id=h><template shadowrootmode=open><p class=a><a class=b>s</a></p></template></div>"
    document = dom.parse_html(f"{doctype}<body class=b>{_tree(rng)}{host if seed % 4 == 0 else ''}")
    elements = list(document.querySelectorAll("*"))
    used = 0
    for _ in range(12):
        selector = rng.choice(_COMPOUNDS)
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            selector += rng.choice((" ", " ", " > ", ">", " ~ ", "~", " + ", "+")) + rng.choice(_COMPOUNDS)
        for root in [document, *rng.sample(elements, min(3, len(elements)))]:
            fast, slow = _both(root, selector, monkeypatch)
            assert fast == slow, (selector, root, document.compatMode)
            start = root._lx if root is not document else document.documentElement._lx
            used += engine._descendants_below(document, start, root is document, selector) is not None
    # (the walk in C answered, not only XPath: but in a tree with foreign elements)
    assert used or document.querySelector("svg") is not None


def test_what_the_walk_leaves_to_xpath(monkeypatch: pytest.MonkeyPatch) -> None:
    """Other selectors, foreign elements in the tree, shadow trees and fragments: XPath answers."""
    for selector in (".a a, p", "[class] a", ".a a:hover", "svg|a a", ".a ::before", ".a ~ p:hover", "a",
                     "#x#y a", "a " * 9 + "a", ".a", "li:nth-child(2 of .a)", "p:nth-of-type(2)", "p:empty a",
                     ".\ud800 a", "#\ufffd a", ".a .b\x00"):  # (names the lxml mirror holds as U+FFFD)
        assert engine.combinator_chain(selector) is None, selector
    # (a selector's lone surrogate is U+FFFD, https://drafts.csswg.org/css-syntax-3/#input-preprocessing;
    # an attribute's stays itself)
    lone = dom.parse_html("<div class='\ud800 a' id='\ufffd'><a>x</a></div>")
    assert [len(lone.querySelectorAll(s)) for s in (".a a", ".\ud800 a", "#\ufffd a", "#\ud800 a")] == [1, 0, 1, 1]
    assert engine.combinator_chain("DIV.a#x > p  a:first-child") == (
        (("div", "x", ("a",), ()), ("p", None, (), ()), ("a", None, (), ((0, 1, 0),))), "> ")
    assert engine.combinator_chain("li:nth-last-child(odd)") == (((("li", None, (), ((2, 1, 1),))),), "")
    assert engine.combinator_chain("h2 + p ~ ul") == (
        (("h2", None, (), ()), ("p", None, (), ()), ("ul", None, (), ())), "+~")
    # a sibling combinator from an element: the walk would need its ancestors' siblings, XPath answers
    siblings = dom.parse_html("<p class=a></p><div><ul><li>x</ul></div>")
    div = siblings.querySelector("div")
    assert engine._descendants_below(siblings, div._lx, False, ".a ~ div li") is None  # type: ignore[union-attr]
    assert [li.textContent for li in div.querySelectorAll(".a ~ div li")] == ["x"]  # type: ignore[union-attr]
    assert engine._descendants_below(siblings, siblings.documentElement._lx, True, ".a ~ div li") is not None
    document = dom.parse_html("<div class=a><p><a class=b>x</a></p><svg><a class=b></a></svg></div>")
    root = document.documentElement._lx
    assert engine._descendants_below(document, root, True, ".a a") is None  # (an svg element: namespaced)
    assert len(document.querySelectorAll(".a a")) == 2
    plain = dom.parse_html("<div class=a><template><p class=a><a>t</a></p></template><a>x</a></div>")
    content = plain.querySelector("template").content  # type: ignore[union-attr]
    assert engine._descendants_below(plain, content._lx, False, ".a a") is None
    assert [a.textContent for a in content.querySelectorAll(".a a")] == ["t"]
    assert [a.textContent for a in plain.querySelectorAll(".a a")] == ["x"]


@pytest.mark.parametrize("page", ["wikipedia-42-number.html", "dailymail-article.html",
                                  "whatwg-html-spec-huge-page.html"])
def test_real_pages_as_xpath(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = BENCH_HTML / page
    if not path.exists():
        pytest.skip(f"{path} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    document = dom.parse_html(path.read_bytes())
    counted = 0
    for selector in ("div a", ".navbox-list a", "#content p", "ul li", "table td", ".t1 a", "div.mw-body span",
                     "body *", "li.toclevel-1 a", "p code", "div > p", "ul > li > a", "table tr td", "div p > a",
                     "body > div div > ul li", "li:nth-child(2n+1)", "tr:nth-child(even) td:first-child",
                     "ul > li:last-child a", "td:nth-last-child(2)", "p ~ ul", "h2 + p", "li + li a",
                     "div ~ div > p", "tr ~ tr td:first-child + td", ".mw-headline ~ a"):
        fast, slow = _both(document, selector, monkeypatch)
        assert fast == slow, selector
        counted += len(fast)
    assert counted
