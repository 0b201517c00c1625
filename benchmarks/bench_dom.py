"""DOM speed and memory on real pages: webdom vs the tools users would pick instead.

    python benchmarks/bench_dom.py [--quick] [--wrapper-layer] [--json PATH]

Inputs (../shared/bench-data/html, see SOURCES.md): three real pages (a 900 KB chunk of the
HTML Standard, a Wikipedia article, a Daily Mail article).  One run; each table prints the time
and the ratio of every peer to webdom's reference row, and a final summary checks the goals:

* parse: ``dom.parse_html`` end to end at least 10x faster than html5lib's own lxml tree builder;
* querySelectorAll: warm, at most the time of raw lxml + cssselect (compiled XPath, no
  wrappers); cold (first query on a fresh document: wrappers created) within 1.5x;
* querySelectorAll ``.item p`` over 10x the elements costs at most 12x the time (cssselect's
  ``descendant-or-self::*/`` XPath does not scale so);
* walking every element and reading an attribute: within 3x of lxml ``iter()`` + ``.get()``;
* live collections: indexing one collection of 10n items on first use costs at most 1.2x the
  time of ten collections of n (as many wrappers made: linear in the collection's size);
* the wrapper layer (``--wrapper-layer`` runs only these): appendChild, outerHTML, cloneNode,
  the sibling walk, wrapper creation, ``a.href``, ``URL.parse`` and memory per wrapped element
  against lxml and urllib.parse, each with its goal.

Serialization, cloning and memory per node are also printed for context.  ``--quick``
uses the two smaller pages and smaller synthetic documents.  ``--json PATH`` writes the tables
in the format ``docs/gen_readme_tables.py`` reads.
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import statistics
import sys
import time
import tracemalloc
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import lxml.html  # noqa: E402
from cssselect import HTMLTranslator  # noqa: E402
from lxml import etree  # noqa: E402

import dom  # noqa: E402
from benchmarks._data import bench_file, best_of  # noqa: E402

SELECTORS = [
    "a[href]",
    "div > p",
    ".mw-headline, .toc, .article-text, .note",
    "#content",
    "li:nth-child(2n+1)",
    "table tr td",
    "[data-x], [data-track]",
    "h1, h2, h3",
    "a:not([href^='http'])",
    "p a[href*='#']",
    "ul li a",
    "*",
]


def _pages(quick: bool) -> list[tuple[str, str]]:
    folder = bench_file("html")
    names = ["wikipedia-42-number.html", "dailymail-article.html"]
    if not quick:
        names.append("whatwg-html-spec-huge-page.html")
    return [(name, (folder / name).read_text(encoding="utf-8", errors="replace")) for name in names]


def _timed(fn: Callable[[], Any]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def _rss() -> int:
    """Resident set size in bytes (Linux), or 0."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * 4096
    except OSError:
        return 0


def _walk_sibling_pointers(document: Any) -> int:
    """Every element in tree order through firstElementChild / nextElementSibling / parentElement
    (no recursion, no collection), reading one attribute of each."""
    count = 0
    root = document.documentElement
    node = root
    while node is not None:
        node.getAttribute("class")
        count += 1
        child = node.firstElementChild
        if child is not None:
            node = child
            continue
        while node is not None and node is not root:
            sibling = node.nextElementSibling
            if sibling is not None:
                node = sibling
                break
            node = node.parentElement
        else:
            node = None
    return count


class Report:
    def __init__(self) -> None:
        self.tables: list[dict[str, Any]] = []
        self.goals: list[tuple[str, float, float, str]] = []  # (goal, measured, limit, comparison)

    def table(self, title: str, unit: str, results: dict[str, float], reference: str, scale: float) -> None:
        print(f"\n{title}")
        print(f"  {'':46} {unit:>12} {'vs webdom':>10}")
        rows = []
        for name, seconds in results.items():
            ratio = seconds / results[reference] if results[reference] else float("nan")
            print(f"  {name:46} {seconds * scale:12.2f} {ratio:9.2f}x")
            rows.append({"name": name, "value": round(seconds * scale, 3), "ratio": round(ratio, 3)})
        self.tables.append({"title": title, "unit": unit, "reference": reference, "rows": rows})

    def goal(self, text: str, measured: float, limit: float, comparison: str = "<=") -> None:
        self.goals.append((text, measured, limit, comparison))

    def summary(self) -> None:
        print("\nsummary")
        for text, measured, limit, comparison in self.goals:
            ok = measured <= limit if comparison == "<=" else measured >= limit
            print(f"  {'PASS' if ok else 'MISS'}  {text}: {measured:.2f} (goal {comparison} {limit:g})")


OURS = "webdom parse_html (turbohtml + DOM store)"


def bench_parse(report: Report, pages: list[tuple[str, str]], repeat: int) -> dict[str, Any]:
    import html5lib
    import turbohtml
    from bs4 import BeautifulSoup
    from justhtml import JustHTML

    tools: dict[str, Callable[[str], Any]] = {
        OURS: dom.parse_html,
        "webdom parse_html(parser='justhtml')": lambda text: dom.parse_html(text, parser="justhtml"),
        "webdom parse_html(parser='html5lib')": lambda text: dom.parse_html(text, parser="html5lib"),
        "html5lib.parse(treebuilder='lxml')": lambda text: html5lib.parse(text, treebuilder="lxml"),
        "BeautifulSoup(text, 'lxml') (not HTML5)": lambda text: BeautifulSoup(text, "lxml"),
        "justhtml alone (JustHTML)": lambda text: JustHTML(text, sanitize=False),
        "turbohtml alone (turbohtml.parse)": turbohtml.parse,
        "lxml.html.document_fromstring (not HTML5)": lxml.html.document_fromstring,
    }
    results = dict.fromkeys(tools, 0.0)
    documents = {}
    total = 0
    for name, text in pages:
        total += len(text)
        documents[name] = dom.parse_html(text)
        for tool, parse in tools.items():  # each page through every tool in turn
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                results[tool] += best_of(lambda: parse(text), repeat)  # noqa: B023 -- called at once
    report.table(f"parse ({len(pages)} pages, {total / 1e6:.2f} M characters)", "ms", results, OURS, 1e3)
    ours = results[OURS]
    store_share = 1 - results["turbohtml alone (turbohtml.parse)"] / ours
    print(f"  (the DOM store's share of webdom's parse, beyond turbohtml's own tree: {store_share:.0%})")
    report.goal("parse: html5lib(lxml) / webdom", results["html5lib.parse(treebuilder='lxml')"] / ours, 10.0, ">=")
    return documents


def bench_select(report: Report, pages: list[tuple[str, str]], documents: dict[str, Any], repeat: int) -> None:
    from bs4 import BeautifulSoup

    lxml_roots = {name: lxml.html.document_fromstring(text) for name, text in pages}
    soups = {name: BeautifulSoup(text, "lxml") for name, text in pages}
    translator = HTMLTranslator()
    compiled = {sel: etree.XPath(translator.css_to_xpath(sel)) for sel in SELECTORS}

    # Cold: the first query of each selector on a freshly parsed document creates the wrappers
    # of the elements it returns; warm: the wrappers exist (the steady state of a script).  A
    # collection first, as bench_peers.py does before each timed step: else a full pass of the
    # cyclic collector (90 ms over what this process keeps) falls into one query or another as
    # the allocations before it happen to add up, and the total moved by half from run to run.
    cold = 0.0
    for _name, text in pages:
        fresh = dom.parse_html(text)
        gc.collect()
        cold += sum(_timed(lambda: fresh.querySelectorAll(sel)) for sel in SELECTORS)

    print(f"\nquerySelectorAll per selector (sum over {len(pages)} pages, warm)")
    print(f"  {'selector':42} {'found':>7} {'webdom ms':>10} {'lxml ms':>9} {'ratio':>7} {'bs4 ms':>8} {'ratio':>7}")
    totals = {"webdom querySelectorAll": 0.0, "lxml + cssselect (compiled XPath)": 0.0, "BeautifulSoup.select": 0.0}
    for sel in SELECTORS:
        ours = raw = float("inf")
        for _round in range(repeat + 1):  # interleaved rounds: load on the machine hits both sides
            ours = min(ours, sum(_timed(lambda: documents[name].querySelectorAll(sel)) for name, _ in pages))
            raw = min(raw, sum(_timed(lambda: compiled[sel](lxml_roots[name])) for name, _ in pages))
        soup = sum(best_of(lambda: soups[name].select(sel), 1) for name, _ in pages)
        found = sum(documents[name].querySelectorAll(sel).length for name, _ in pages)
        totals["webdom querySelectorAll"] += ours
        totals["lxml + cssselect (compiled XPath)"] += raw
        totals["BeautifulSoup.select"] += soup
        print(
            f"  {sel:42} {found:7} {ours * 1e3:10.2f} {raw * 1e3:9.2f} {ours / raw:6.2f}x"
            f" {soup * 1e3:8.1f} {soup / ours:6.2f}x"
        )
    totals["webdom querySelectorAll, cold (fresh document)"] = cold
    report.table(f"querySelectorAll, {len(SELECTORS)} selectors (total)", "ms", totals, "webdom querySelectorAll", 1e3)
    raw = totals["lxml + cssselect (compiled XPath)"]
    report.goal("querySelectorAll: webdom / lxml+cssselect (warm)", totals["webdom querySelectorAll"] / raw, 1.0)
    report.goal("querySelectorAll: webdom / lxml+cssselect (cold)", cold / raw, 1.5)


def _items_page(n: int) -> str:
    """n list items as comment threads are written: each a div.item with a heading, a paragraph
    and a nested reply block holding a paragraph."""
    item = "<div class=item><h3>Title</h3><p>Text <a href=#x>link</a></p><div class=reply><p>Reply</p></div></div>"
    return "<!DOCTYPE html><title>items</title><main>" + item * n + "</main>"


def bench_select_scaling(report: Report, quick: bool) -> None:
    """``.item p`` over n and 10n items: the descendant combinator stays linear."""
    translator = HTMLTranslator()
    raw_xpath = etree.XPath(translator.css_to_xpath(".item p"))
    sizes = (1_000, 10_000) if not quick else (500, 5_000)
    results: dict[str, float] = {}
    for n in sizes:
        text = _items_page(n)
        document = dom.parse_html(text)
        root = lxml.html.document_fromstring(text)
        document.querySelectorAll(".item p")  # wrappers exist: the warm case
        ours = raw = float("inf")
        for _round in range(3):
            ours = min(ours, _timed(lambda: document.querySelectorAll(".item p")))
            raw = min(raw, _timed(lambda: raw_xpath(root)))
        results[f"webdom, {n} items ({5 * n} elements)"] = ours
        results[f"lxml + cssselect, {n} items ({5 * n} elements)"] = raw
    names = list(results)
    report.table("querySelectorAll('.item p') scaling", "ms", results, names[0], 1e3)
    scaling = results[names[2]] / results[names[0]]
    report.goal("querySelectorAll '.item p': webdom time(10x elements) / time(1x)", scaling, 12.0)
    print(f"  (lxml + cssselect: time(10x) / time(1x) = {results[names[3]] / results[names[1]]:.1f})")


def _form_page(n: int) -> str:
    """n form rows: a checkbox (every other one checked), three radios all marked checked, a
    required text input (every third one empty), a select without a selected option, and every
    tenth row in a disabled fieldset."""
    rows = []
    for i in range(n):
        row = (
            f"<label><input type=checkbox name=c{i}{' checked' if i % 2 else ''}></label>"
            f"<input type=radio name=r{i} value=a checked><input type=radio name=r{i} value=b checked>"
            f"<input type=radio name=r{i} value=c checked>"
            f"<input name=t{i} required{'' if i % 3 == 0 else ' value=x'}>"
            f"<select name=s{i}><option>a<option>b</select>"
        )
        rows.append(f"<fieldset disabled>{row}</fieldset>" if i % 10 == 0 else f"<p>{row}</p>")
    return "<!DOCTYPE html><form>" + "".join(rows) + "</form>"


def bench_select_state(report: Report, quick: bool) -> None:
    """State pseudo-classes (answered by the forms code) beside cssselect's attribute-based
    versions, which give other answers (a select's implicit first option, one checked radio per
    group, scripts' changes)."""
    n = 500 if not quick else 200
    text = _form_page(n)
    document = dom.parse_html(text)
    root = lxml.html.document_fromstring(text)
    translator = HTMLTranslator()
    results: dict[str, float] = {}
    for selector in (":checked", ":disabled", ":invalid", "input:indeterminate, input:required"):
        document.querySelectorAll(selector)
        found = document.querySelectorAll(selector).length
        results[f"webdom {selector} ({found} found)"] = min(
            _timed(lambda: document.querySelectorAll(selector)) for _ in range(3)
        )
        try:
            xpath = etree.XPath(translator.css_to_xpath(selector))
        except Exception:  # noqa: BLE001 -- cssselect does not know it
            continue
        results[f"lxml + cssselect {selector} ({len(xpath(root))} found, by attributes)"] = min(
            _timed(lambda: xpath(root)) for _ in range(3)
        )
    names = list(results)
    report.table(f"state pseudo-classes over {n} form rows ({8 * n} controls)", "ms", results, names[0], 1e3)


def bench_walk(report: Report, pages: list[tuple[str, str]], documents: dict[str, Any], repeat: int) -> None:
    lxml_roots = {name: lxml.html.document_fromstring(text) for name, text in pages}
    count = sum(sum(1 for _ in root.iter(etree.Element)) for root in lxml_roots.values())

    def qsa(doc: Any) -> None:
        for el in doc.querySelectorAll("*"):
            el.getAttribute("class")

    def by_tag(doc: Any) -> None:
        for el in doc.getElementsByTagName("*"):
            el.getAttribute("class")

    def raw(root: Any) -> None:
        for el in root.iter(etree.Element):
            el.get("class")

    results = {
        "webdom querySelectorAll('*') + getAttribute": sum(
            best_of(lambda: qsa(documents[n]), repeat) for n, _ in pages
        ),
        "webdom getElementsByTagName('*') + getAttribute": sum(
            best_of(lambda: by_tag(documents[n]), repeat) for n, _ in pages
        ),
        "webdom firstElementChild/nextElementSibling walk": sum(
            best_of(lambda: _walk_sibling_pointers(documents[n]), repeat) for n, _ in pages
        ),
        "lxml iter() + .get()": sum(best_of(lambda: raw(lxml_roots[n]), repeat) for n, _ in pages),
    }
    report.table(
        f"walk every element, read 'class' ({count} elements)", "µs/element", results,
        "webdom querySelectorAll('*') + getAttribute", 1e6 / count,
    )
    base = results["lxml iter() + .get()"]
    for name in list(results)[:3]:
        report.goal(f"walk: {name.removeprefix('webdom ')} / lxml", results[name] / base, 3.0)


class _Bare:
    """The floor for any wrapper written in Python: an object with an element wrapper's slots."""

    __slots__ = ("f0", "f1", "f2", "f3", "f4", "f5", "f6", "__weakref__")


def _bare_wrappers(doc: Any, lxs: Iterable[Any]) -> dict[Any, _Bare]:
    """A _Bare per lxml element, its seven fields stored as Document._wrap_new stores an element
    wrapper's, entered in an identity map."""
    table: dict[Any, _Bare] = {}
    new = object.__new__
    for lx in lxs:
        o = new(_Bare)
        o.f0 = o.f5 = doc
        o.f1 = lx
        o.f2 = o.f3 = o.f4 = o.f6 = None
        table[lx] = o
    return table


def bench_live_scoped(report: Report, quick: bool) -> None:
    """Mutate one subtree 10,000 times and read a live collection of another after each change:
    the collection's members stay valid while the document changes elsewhere, so each read
    costs about what the change itself does, however large the other subtree (its members are
    not walked again).  Against the same changes without the reads, in interleaved rounds."""
    changes = 10_000 if not quick else 2_000
    rounds = 5 if not quick else 3
    markup = "<!DOCTYPE html><div id=a></div><div id=b>" + "<p><span>x</span></p>" * 2_000 + "</div>"

    def setup() -> tuple[Any, Any, Any]:
        doc = dom.parse_html(markup)
        other = doc.getElementById("b")
        spans = other.getElementsByTagName("span")
        assert spans.length  # the collection's members computed once before the changes
        return doc, doc.getElementById("a"), spans

    def with_reads(doc: Any, target: Any, spans: Any) -> None:
        for i in range(changes):
            target.setAttribute("data-i", str(i))
            target.appendChild(doc.createElement("i"))
            assert spans.length

    def alone(doc: Any, target: Any, spans: Any) -> None:
        for i in range(changes):
            target.setAttribute("data-i", str(i))
            target.appendChild(doc.createElement("i"))

    cases = {f"{changes} changes in #a, reading #b's getElementsByTagName after each": with_reads,
             f"{changes} changes in #a alone": alone}
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(rounds):
        for name, run in cases.items():
            state = setup()
            gc.collect()
            times[name].append(_timed(lambda: run(*state)))  # noqa: B023
    results = {name: statistics.median(values) for name, values in times.items()}
    report.table("a live collection of one subtree while another changes (4,000 elements in it)", "ms",
                 results, next(iter(results)), 1e3)
    first, second = results.values()
    report.goal("changes + reads of another subtree's collection / the changes alone", first / second, 1.5)


def bench_live(report: Report, quick: bool) -> None:
    """Index every item of a live collection once (first use: the wrappers are created): one
    collection of 10n items against ten collections of n items in ten documents, so that both
    make as many wrappers and grow the heap alike.  Linear means the one large collection costs
    no more per item than the ten small ones.  (Timing one collection of n against one of 10n
    compared different amounts of CPython's garbage collection: a full collection, which
    traverses every object, fell in the large case and not in the small one, and moved the ratio
    between 2 and 25.)  Each case is the best of five rounds on new documents, the earlier
    garbage collected first; the same with the collector paused, and a floor (what any Python
    wrapper costs: a bare object and an identity-map entry per child) show what is the machine's."""
    n = 10_000 if not quick else 5_000
    rounds = 5 if not quick else 3

    def index_all(collection: Callable[[Any], Any]) -> Callable[[Any], None]:
        def run(doc: Any) -> None:
            items = collection(doc)
            for i in range(items.length):
                items[i]
        return run

    def floor(doc: Any) -> None:
        _bare_wrappers(doc, doc.body.firstElementChild._lx.iterchildren())

    cases = {
        "live getElementsByTagName": index_all(lambda d: d.getElementsByTagName("li")),
        "live .children": index_all(lambda d: d.body.firstElementChild.children),
        "live .childNodes": index_all(lambda d: d.body.firstElementChild.childNodes),
        "floor: bare object + dict entry per child": floor,
    }
    shapes = {"ten": (10, n), "one": (1, 10 * n)}
    best: dict[tuple[str, str, bool], float] = {}
    for _ in range(rounds):
        for kind, run in cases.items():
            for shape, (documents, items) in shapes.items():
                for paused in (False, True):
                    docs = [dom.parse_html("<!DOCTYPE html><ul>" + "<li>x" * items + "</ul>") for _ in range(documents)]
                    gc.collect()
                    if paused:
                        gc.disable()
                    try:
                        t = _timed(lambda: [run(d) for d in docs])  # noqa: B023
                    finally:
                        gc.enable()
                    best[kind, shape, paused] = min(best.get((kind, shape, paused), float("inf")), t)
                    docs = []
    for paused in (False, True):
        results: dict[str, float] = {}
        for kind in cases:
            results[f"{kind}: 10 collections of {n}"] = best[kind, "ten", paused]
            results[f"{kind}: 1 collection of {10 * n}"] = best[kind, "one", paused]
        title = "live collections: index every item once (first use: wrappers created)"
        if paused:
            title += ", the garbage collector paused"
        report.table(title, "ms", results, next(iter(results)), 1e3)
        for kind in cases:
            ratio = best[kind, "one", paused] / best[kind, "ten", paused]
            if paused or kind.startswith("floor"):
                print(f"  {kind}: one of {10 * n} / ten of {n}{', collector paused' if paused else ''}: {ratio:.2f}")
            else:
                report.goal(f"{kind}: one collection of {10 * n} / ten of {n}", ratio, 1.2)


def bench_serialize_clone(report: Report, pages: list[tuple[str, str]], documents: dict[str, Any], repeat: int) -> None:
    lxml_roots = {name: lxml.html.document_fromstring(text) for name, text in pages}
    results = {
        "webdom documentElement.outerHTML": sum(
            best_of(lambda: documents[n].documentElement.outerHTML, repeat) for n, _ in pages
        ),
        "lxml.html.tostring": sum(best_of(lambda: lxml.html.tostring(lxml_roots[n]), repeat) for n, _ in pages),
    }
    report.table("serialize the document element", "ms", results, "webdom documentElement.outerHTML", 1e3)
    results = {
        "webdom documentElement.cloneNode(True)": sum(
            best_of(lambda: documents[n].documentElement.cloneNode(True), repeat) for n, _ in pages
        ),
        "copy.deepcopy(lxml root)": sum(best_of(lambda: copy.deepcopy(lxml_roots[n]), repeat) for n, _ in pages),
    }
    report.table("deep clone of the document element", "ms", results, "webdom documentElement.cloneNode(True)", 1e3)


def _interleaved(candidates: dict[str, Callable[[], Any]], rounds: int) -> dict[str, float]:
    """The best time of each candidate over *rounds* rounds, the candidates taking turns within
    each round (so a load change on the machine hits all of them alike)."""
    best = dict.fromkeys(candidates, float("inf"))
    for _ in range(rounds):
        for name, fn in candidates.items():
            best[name] = min(best[name], _timed(fn))
    return best


def bench_wrapper_layer(report: Report, pages: list[tuple[str, str]], quick: bool) -> None:
    """The wrapper layer against lxml itself: each row a ratio measured in one run, in
    interleaved rounds, with its goal."""
    import urllib.parse

    from dom.nodes.identity import node_for
    from html_infra.url import URL

    rounds = 3 if quick else 5
    texts = [text for _, text in pages]

    # appendChild onto a deep chain vs onto one flat parent: the pre-insert ancestor check must
    # not walk up the chain in Python.
    depth = 2_000 if quick else 5_000

    def chain() -> None:
        doc = dom.parse_html("<!DOCTYPE html>")
        parent = doc.body
        for _ in range(depth):
            child = doc.createElement("div")
            parent.appendChild(child)
            parent = child

    def flat() -> None:
        doc = dom.parse_html("<!DOCTYPE html>")
        parent = doc.body
        for _ in range(depth):
            parent.appendChild(doc.createElement("div"))

    r = _interleaved({f"appendChild onto a {depth}-deep chain": chain, "appendChild onto one parent": flat}, rounds)
    report.table(f"appendChild, {depth} elements", "ms", r, f"appendChild onto a {depth}-deep chain", 1e3)
    deep = r[f"appendChild onto a {depth}-deep chain"]
    report.goal("appendChild: deep chain / flat", deep / r["appendChild onto one parent"], 2.0)

    # outerHTML: warm (every wrapper exists) and fresh (first use after parsing) vs libxml2's
    # serializer through lxml.
    warm_docs = [dom.parse_html(t) for t in texts]
    for d in warm_docs:
        _walk_sibling_pointers(d)
    lxml_roots = [lxml.html.document_fromstring(t) for t in texts]
    fresh_docs: list[Any] = []

    def fresh_outer() -> None:
        for d in fresh_docs:
            _ = d.documentElement.outerHTML

    def changed_outer() -> None:
        # a change first (an attribute set to the value it has after the first round), so
        # nothing learnt from the previous serialization of the document holds
        for d in warm_docs:
            d.documentElement.setAttribute("data-bench", "")
            _ = d.documentElement.outerHTML

    best_fresh = float("inf")
    warm = dict.fromkeys(("webdom outerHTML (warm)", "webdom outerHTML (warm, after a change)", "lxml.html.tostring"),
                         float("inf"))
    for _ in range(rounds):  # interleaved, the fresh documents parsed (untimed) within each round
        for name, fn in (("webdom outerHTML (warm)", lambda: [d.documentElement.outerHTML for d in warm_docs]),
                         ("webdom outerHTML (warm, after a change)", changed_outer),
                         ("lxml.html.tostring", lambda: [lxml.html.tostring(root) for root in lxml_roots])):
            warm[name] = min(warm[name], _timed(fn))
        fresh_docs[:] = [dom.parse_html(t) for t in texts]
        gc.collect()  # the previous round's documents, not this serialization's cost
        best_fresh = min(best_fresh, _timed(fresh_outer))
    warm["webdom outerHTML (fresh document)"] = best_fresh
    report.table("outerHTML of the document element", "ms", warm, "webdom outerHTML (warm)", 1e3)
    tostring = warm["lxml.html.tostring"]
    report.goal("outerHTML warm / lxml.html.tostring", warm["webdom outerHTML (warm)"] / tostring, 3.0)
    changed = warm["webdom outerHTML (warm, after a change)"]
    report.goal("outerHTML warm after a change / lxml.html.tostring", changed / tostring, 3.0)
    report.goal("outerHTML fresh / lxml.html.tostring", best_fresh / tostring, 5.0)

    # cloneNode(true) vs copy.deepcopy of the lxml subtree.
    r = _interleaved({
        "webdom documentElement.cloneNode(True)": lambda: [d.documentElement.cloneNode(True) for d in warm_docs],
        "copy.deepcopy(lxml root)": lambda: [copy.deepcopy(root) for root in lxml_roots],
    }, rounds)
    report.table("deep clone of the document element", "ms", r, "webdom documentElement.cloneNode(True)", 1e3)
    ours = r["webdom documentElement.cloneNode(True)"]
    report.goal("cloneNode(true) / copy.deepcopy", ours / r["copy.deepcopy(lxml root)"], 3.0)

    # firstElementChild/nextElementSibling walk + getAttribute vs lxml iter() + get().
    def raw_walk() -> None:
        for root in lxml_roots:
            for el in root.iter(etree.Element):
                el.get("class")

    r = _interleaved({
        "webdom firstElementChild/nextElementSibling walk": lambda: [_walk_sibling_pointers(d) for d in warm_docs],
        "lxml iter() + .get()": raw_walk,
    }, rounds)
    report.table("element walk reading 'class'", "ms", r, "webdom firstElementChild/nextElementSibling walk", 1e3)
    ours = r["webdom firstElementChild/nextElementSibling walk"]
    report.goal("element walk / lxml iter+get", ours / r["lxml iter() + .get()"], 2.0)

    # Wrapper creation: wrapping every element of a fresh document, less the lookups of the
    # same wrappers once they exist; lxml's own proxy creation for comparison.
    count = sum(sum(1 for _ in root.iter(etree.Element)) for root in lxml_roots)
    created = looked_up = proxies = float("inf")

    def wrap_all(elements: list[tuple[Any, list[Any]]]) -> None:
        for d, lxs in elements:
            for lx in lxs:
                node_for(lx, d)

    slots = [name for cls in type(dom.parse_html("<p>").body).__mro__ for name in vars(cls).get("__slots__", ())]
    assert len(slots) == len(_Bare.__slots__), slots  # keep the floor's layout the wrapper's

    kept: list[dict[Any, _Bare]] = []  # freed after the timing, as the wrappers are

    def bare_all(elements: list[tuple[Any, list[Any]]]) -> None:
        for d, lxs in elements:
            kept.append(_bare_wrappers(d, lxs))

    bare = float("inf")
    for _ in range(rounds):
        elements = [(d, list(d.documentElement._lx.iter(etree.Element))) for d in map(dom.parse_html, texts)]
        # The earlier rounds' documents are garbage in cycles: collected before each timing, so
        # that a collection of theirs is not counted (the wrappers' own collections are).
        gc.collect()
        created = min(created, _timed(lambda: wrap_all(elements)))  # noqa: B023
        looked_up = min(looked_up, _timed(lambda: wrap_all(elements)))  # noqa: B023
        gc.collect()
        bare = min(bare, _timed(lambda: bare_all(elements)))  # noqa: B023
        elements = []
        kept.clear()
        fresh_roots = [lxml.html.document_fromstring(t) for t in texts]
        proxies = min(proxies, _timed(lambda: [list(root.iter(etree.Element)) for root in fresh_roots]))  # noqa: B023
        fresh_roots = []
    r = {
        "webdom wrapper creation": created - looked_up,
        f"floor: a bare Python object, {len(slots)} slots, in a dict": bare,
        "lxml proxy creation (iter)": proxies,
    }
    title = f"creating a wrapper per element ({count} elements)"
    report.table(title, "µs/element", r, "webdom wrapper creation", 1e6 / count)
    report.goal("wrapper creation, µs per element", (created - looked_up) / count * 1e6, 0.5)

    # a.href of every link of a page (its base URL parsed once) vs urllib.parse.urljoin.
    link_docs = [dom.parse_html(t, url=f"https://example.org/{name}") for name, t in pages]
    links = [(d, list(d.querySelectorAll("a[href]"))) for d in link_docs]
    pairs = [(d.URL, a.getAttribute("href")) for d, anchors in links for a in anchors]
    r = _interleaved({
        "webdom a.href": lambda: [a.href for _, anchors in links for a in anchors],
        "urllib.parse.urljoin(page URL, href)": lambda: [urllib.parse.urljoin(b, h) for b, h in pairs],
    }, rounds)
    report.table(f"a.href of every link ({len(pairs)} links)", "µs/link", r, "webdom a.href", 1e6 / max(len(pairs), 1))
    report.goal("a.href / urljoin", r["webdom a.href"] / r["urllib.parse.urljoin(page URL, href)"], 1.5)

    # URL.parse vs urllib.parse.urlsplit on real absolute URLs.
    urls = [u for u in bench_file("urls", "kasztp.txt").read_text(encoding="utf-8").split("\n") if u]
    if quick:
        urls = urls[:5000]
    r = _interleaved({
        "webdom URL.parse": lambda: [URL.parse(u) for u in urls],
        "urllib.parse.urlsplit": lambda: [urllib.parse.urlsplit(u) for u in urls],
    }, rounds)
    report.table(f"URL.parse ({len(urls)} absolute URLs)", "µs/URL", r, "webdom URL.parse", 1e6 / len(urls))
    report.goal("URL.parse / urlsplit", r["webdom URL.parse"] / r["urllib.parse.urlsplit"], 1.0)

    # Memory per element with every element wrapped vs the lxml tree alone: resident memory
    # growth, each measured in a fresh interpreter (in this one, freed memory is reused).  The
    # --quick pages are too small for it: lxml's tree can fit in memory the imports left mapped
    # (its growth measured 0), so the goal is judged on the full three pages only.
    if quick:
        print("\nresident memory per element: not measured with --quick (the pages are too small for RSS growth)")
        return
    import subprocess

    names = [name for name, _ in pages]

    def rss_growth(build: str) -> float:
        # (a tiny document built the same way first: what the first parse and the wrappers load
        # -- turbohtml, the encodings' tables, the modules webdom imports at their first use --
        # is the process's, not the elements', as bench_peers.py's memory rows measure it)
        warm = build.replace("texts", "[b'<!DOCTYPE html><p class=x><a href=/>x</a>']")
        script = (
            "import sys, gc; sys.path.insert(0, sys.argv[1]); import lxml.html, dom\n"
            "from benchmarks.bench_dom import _pages, _rss\n"
            "texts = [t for n, t in _pages(False) if n in sys.argv[2:]]\n"
            f"warm = {warm}; del warm\n"
            "gc.collect(); before = _rss()\n"
            f"held = {build}\n"
            "gc.collect(); print(_rss() - before)\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", script, str(Path(__file__).resolve().parent.parent), *names],
            capture_output=True, text=True, check=True,
        )
        return float(done.stdout.split()[-1])

    # Each the median of three fresh interpreters, taking turns: one measurement moves by a few
    # percent with where the allocator's pages fall (lxml alone: 515-536 B per element).
    lxml_runs: list[float] = []
    ours_runs: list[float] = []
    for _ in range(3):
        lxml_runs.append(rss_growth("[lxml.html.document_fromstring(t) for t in texts]"))
        ours_runs.append(rss_growth("[(d, d.querySelectorAll('*')) for d in map(dom.parse_html, texts)]"))
    lxml_bytes, ours_bytes = sorted(lxml_runs)[1], sorted(ours_runs)[1]
    r = {"webdom, every element wrapped": ours_bytes, "lxml.html.document_fromstring": lxml_bytes}
    report.table("resident memory per element (RSS growth)", "B/element", r, "webdom, every element wrapped", 1 / count)
    report.goal("memory per element, all wrapped / lxml", ours_bytes / max(lxml_bytes, 1), 1.5)


def bench_memory(pages: list[tuple[str, str]]) -> None:
    """Python-heap bytes (tracemalloc) and resident memory per element and per node, while the
    parsed tree is held.  tracemalloc does not see libxml2's own allocations, so lxml alone shows
    only its Python-side cost there; RSS includes everything (and allocator noise)."""
    print("\nmemory while the parsed trees are held (bytes)")
    print(f"  {'':48} {'heap/elem':>10} {'heap/node':>10} {'RSS/elem':>10} {'RSS/node':>10}")
    texts = [text for _, text in pages]
    roots = [lxml.html.document_fromstring(t) for t in texts]
    elements = sum(sum(1 for _ in r.iter(etree.Element)) for r in roots)
    # DOM nodes: elements, comments, PIs and one Text node per non-empty text slot.
    nodes = sum(
        sum(1 + bool(x.tail) + bool(x.text and isinstance(x.tag, str)) for x in r.iter())
        for r in roots
    )
    del roots

    def measure(label: str, build: Callable[[], list[Any]]) -> None:
        gc.collect()
        rss = _rss()
        tracemalloc.start()
        held = build()
        gc.collect()
        heap = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        gc.collect()
        grown = _rss() - rss
        per = (heap / elements, heap / nodes, grown / elements, grown / nodes)
        print(f"  {label:48} " + " ".join(f"{v:10.0f}" for v in per))
        del held

    measure("lxml.html.document_fromstring", lambda: [lxml.html.document_fromstring(t) for t in texts])
    measure("webdom parse_html (lazy wrappers)", lambda: [dom.parse_html(t) for t in texts])

    def all_wrapped() -> list[Any]:
        docs = [dom.parse_html(t) for t in texts]
        for d in docs:
            d.querySelectorAll("*")
        return docs

    measure("webdom parse_html + every element wrapped", all_wrapped)
    print(f"  ({elements} elements, ~{nodes} nodes; RSS includes freed-but-kept parser memory)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="the two smaller pages, smaller synthetic documents")
    parser.add_argument("--wrapper-layer", action="store_true", help="only the wrapper-layer rows against lxml")
    parser.add_argument("--json", metavar="PATH", help="write the tables for docs/gen_readme_tables.py")
    args = parser.parse_args()
    quick = args.quick
    repeat = 1 if quick else 2
    pages = _pages(quick)
    report = Report()
    started = time.perf_counter()
    if args.wrapper_layer:
        bench_wrapper_layer(report, pages, quick)
        report.summary()
        return
    documents = bench_parse(report, pages, 1)
    bench_select(report, pages, documents, repeat)
    bench_select_scaling(report, quick)
    bench_select_state(report, quick)
    bench_walk(report, pages, documents, repeat)
    bench_live(report, quick)
    bench_live_scoped(report, quick)
    bench_serialize_clone(report, pages, documents, repeat)
    bench_memory(pages)
    bench_wrapper_layer(report, pages, quick)
    report.summary()
    print(f"\n(total {time.perf_counter() - started:.0f} s)")
    if args.json:
        Path(args.json).write_text(
            json.dumps({"benchmark": "dom", "quick": quick, "tables": report.tables}, indent=2) + "\n"
        )


if __name__ == "__main__":
    main()
