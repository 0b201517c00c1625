"""webdom against the C parsers users would pick instead, row by row (issue 27's "How it is judged").

    python benchmarks/bench_peers.py [--quick] [--rounds N] [--pages HTML ...]

Peers: lxml (with cssselect selectors compiled to XPath once), selectolax (lexbor), turbohtml
and BeautifulSoup (its lxml tree builder); a peer that is not installed is left out (``pip
install '.[bench]'`` installs them all).  Pages: the real pages of ../shared/bench-data/html (or
``$WEBDOM_BENCH_DATA``; without them only the generated page is measured) and a generated deep
page (mean element depth >= 30, links, lists, tables and paragraphs at every depth).

Rows, each per page: parse bytes -> tree; ``documentElement.outerHTML`` as the first call on a
fresh tree and as a repeat call; ``querySelectorAll`` as the first call on a fresh tree for the
eight selectors of the issue (``.C a``: C is the page's most frequent class of an element with a
link inside) and their sum; ``body.innerText`` against webdom's own ``body.textContent`` (first
and repeat call); walking
every element reading one attribute (``querySelectorAll('*')`` + ``getAttribute``) against lxml
``iter()`` + ``.get()``, first on a fresh tree and again; ``getComputedStyle(e).display`` for every element
of a fresh tree (``querySelectorAll('*')``) against webdom's own parse of the page; the resident memory per element of a
parsed page with every element wrapped, against lxml's tree with every element proxied (the C
heap's bytes in use, in a fresh interpreter: see ``memory_rows``); and once, ``import webdom`` in a fresh interpreter.

Timing: CPU time of the process (``time.process_time``: the machine is shared, so other
processes' load counts less than in wall time), ``gc.collect()`` before each timed step and the
C heap's deferred frees done (see ``_settle_the_c_heap``), the
candidates of a row taking turns within each round (a load change hits all of them alike), the
webdom/peer ratio taken within each round and its median printed, with the goal and PASS/MISS.
"Fresh tree" work parses its document before the timed step (untimed); BeautifulSoup's soup is
parsed once per page (it keeps nothing between calls, and parsing it is slow).  ``--quick``: the
two smaller real pages, a smaller deep page and three rounds.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import lxml.html  # noqa: E402
from lxml import etree  # noqa: E402

import dom  # noqa: E402
from benchmarks._data import BENCH_DATA, REPO  # noqa: E402

# The eight everyday selectors of issue 27; "{C}" is the page's most frequent class with a link inside.
SELECTORS = [
    "a[href]",
    "div > p",
    ".{C} a",
    "li:nth-child(2n+1)",
    'a:not([href^="http"])',
    "table tr td:first-child",
    "[data-x-internal], [data-page]",
    "p ~ ul",
]
PEERS = ("lxml", "selectolax", "turbohtml", "bs4")
COLUMNS = (*PEERS, "textContent", "webdom parse")
REAL_PAGES = ["wikipedia-42-number.html", "dailymail-article.html", "whatwg-html-spec-huge-page.html"]


def _peer_modules() -> dict[str, Any]:
    """The peers that are installed, by column name."""
    found: dict[str, Any] = {}
    try:
        from cssselect import HTMLTranslator

        found["lxml"] = HTMLTranslator()
    except ImportError:
        pass
    try:
        from selectolax.lexbor import LexborHTMLParser

        found["selectolax"] = LexborHTMLParser
    except ImportError:
        pass
    try:
        import turbohtml

        found["turbohtml"] = turbohtml
    except ImportError:
        pass
    try:
        from bs4 import BeautifulSoup

        found["bs4"] = BeautifulSoup
    except ImportError:
        pass
    return found


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "absent"


# -- the generated deep page -------------------------------------------------------------------

def deep_page(threads: int, depth: int = 60, seed: int = 27) -> bytes:
    """Comment threads nested *depth* levels deep (replies of replies), each level from the 20th
    on carrying a paragraph with links, a list, and now and then a table: most elements sit 25-65
    levels down, as on a deeply nested forum or news page."""
    rng = random.Random(seed)
    words = "the of and to in is that for it as was with be by on not he this are or his".split()
    out = ["<!DOCTYPE html><html><head><title>deep</title></head><body><main id=content>"]
    for t in range(threads):
        for level in range(depth):
            out.append(f'<div class="reply level-{level % 7}" data-depth={level}>')
            if level < 20:
                continue
            text = " ".join(rng.choice(words) for _ in range(rng.randint(3, 12)))
            href = rng.choice(("https://example.org/p/", "/local/", "#c", "?page="))
            out.append(f'<p class=Date>{text} <a href="{href}{t}-{level}">{level}</a> '
                       f'<span class=by><a href="/u/{rng.randint(1, 500)}" data-x-internal=user>user</a></span></p>')
            if level % 3 == 0:
                out.append("<ul>" + "".join(f"<li><a href=#r{i}>reply {i}</a></li>" for i in range(rng.randint(1, 4)))
                           + "</ul>")
            if level % 11 == 0:
                out.append("<table><tr><td>votes<td>12</tr><tr><td data-page=2>next<td>3</tr></table>")
        out.append("</div>" * depth)
    out.append("</main></body></html>")
    return "".join(out).encode()


def mean_element_depth(root: Any) -> float:
    depths: dict[Any, int] = {}
    total = count = 0
    for el in root.iter(etree.Element):
        parent = el.getparent()
        d = 0 if parent is None else depths[parent] + 1
        depths[el] = d
        total += d
        count += 1
    return total / count


# -- the page's class for ".C a" ---------------------------------------------------------------

_IDENT = re.compile(r"-?[A-Za-z_][A-Za-z0-9_-]*\Z")


def most_frequent_linked_class(root: Any) -> str:
    """The class most often found on an element that has an ``a`` descendant (a plain CSS
    identifier, so that ``.C a`` needs no escaping)."""
    counts: Counter[str] = Counter()
    for el in root.iter(etree.Element):
        cls = el.get("class")
        if cls and next(el.iterdescendants("a"), None) is not None:
            counts.update(c for c in set(cls.split()) if _IDENT.match(c))
    return counts.most_common(1)[0][0] if counts else "none"


# -- timing ------------------------------------------------------------------------------------

# A step: setup() (untimed, its value handed to run) then run(state), timed.
Step = tuple[Callable[[], Any], Callable[[Any], Any]]


def _settle_the_c_heap() -> None:
    """Have the C allocator finish freeing what the previous step dropped.  glibc defers part of
    a free (fastbin chunks are merged at the next large request): without this, the first step
    after a large tree was dropped pays for merging that tree's chunks -- a third to a half of a
    parse of the spec page or the deep page -- and which candidate follows which differs every
    other round (the rounds alternate their order)."""
    scratch = bytearray(1 << 12)  # a request past glibc's small bins: it merges the freed chunks now
    del scratch


def _cpu_time(setup: Callable[[], Any], run: Callable[[Any], Any]) -> float:
    state = setup()
    gc.collect()
    _settle_the_c_heap()
    t = time.process_time()
    result = run(state)
    elapsed = time.process_time() - t
    del result, state
    return elapsed


def _no_setup() -> None:
    return None


@dataclass
class Row:
    page: str
    work: str
    goal_column: str | None  # the column the goal's limit applies to
    limit: float
    webdom: list[float] = field(default_factory=list)  # seconds (bytes for a memory row), one per round
    others: dict[str, list[float]] = field(default_factory=dict)
    unit: str = "ms"  # how print_table shows webdom's own figure: "ms", or "B/el" (bytes per element)

    def ratio(self, column: str) -> float | None:
        times = self.others.get(column)
        if not times:
            return None
        return statistics.median(ours / theirs if theirs else float("inf") for ours, theirs in zip(self.webdom, times))

    def passed(self) -> bool | None:
        ratio = self.ratio(self.goal_column) if self.goal_column else None
        return None if ratio is None else ratio <= self.limit


def _measure_rows(rows: list[tuple[Row, dict[str, Step]]], rounds: int) -> None:
    """Each round runs every row's candidates in turn (webdom first in one round, last in the
    next), so rows measured together share the machine's state."""
    for index in range(rounds):
        for row, candidates in rows:
            order = list(candidates.items())
            if index % 2:
                order.reverse()
            for name, (setup, run) in order:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    elapsed = _cpu_time(setup, run)
                (row.webdom if name == "webdom" else row.others.setdefault(name, [])).append(elapsed)


# -- the rows of one page ----------------------------------------------------------------------

def _walk_webdom(document: Any) -> int:
    n = 0
    for el in document.querySelectorAll("*"):
        el.getAttribute("class")
        n += 1
    return n


def _every_computed_style(document: Any) -> None:
    window = document.defaultView
    for element in document.querySelectorAll("*"):
        window.getComputedStyle(element).display  # noqa: B018


def _walk_lxml(root: Any) -> int:
    n = 0
    for el in root.iter(etree.Element):
        el.get("class")
        n += 1
    return n


def page_rows(name: str, data: bytes, peers: dict[str, Any], rounds: int) -> list[Row]:
    parse = dom.parse_html
    lx_parse = lxml.html.document_fromstring
    lx_root = lx_parse(data)
    cls = most_frequent_linked_class(lx_root)
    selectors = [s.replace("{C}", cls) for s in SELECTORS]
    soup = peers["bs4"](data, "lxml") if "bs4" in peers else None
    measured: list[tuple[Row, dict[str, Step]]] = []

    def row(work: str, goal_column: str | None, limit: float, candidates: dict[str, Step]) -> Row:
        r = Row(name, work, goal_column, limit)
        measured.append((r, candidates))
        return r

    def fresh_webdom() -> Any:
        return parse(data)

    def fresh_lxml() -> Any:
        return lx_parse(data)

    # parse bytes -> tree
    cands: dict[str, Step] = {"webdom": (_no_setup, lambda _: parse(data)),
                              "lxml": (_no_setup, lambda _: lx_parse(data))}
    if "selectolax" in peers:
        cands["selectolax"] = (_no_setup, lambda _: peers["selectolax"](data))
    if "turbohtml" in peers:
        cands["turbohtml"] = (_no_setup, lambda _: peers["turbohtml"].parse(data))
    if "bs4" in peers:
        cands["bs4"] = (_no_setup, lambda _: peers["bs4"](data, "lxml"))
    row("parse bytes -> tree", "lxml", 1.5, cands)

    # outerHTML, first call on a fresh tree and a repeat call
    def serialize_candidates(first: bool) -> dict[str, Step]:
        def warmed(make: Callable[[], Any], call: Callable[[Any], Any]) -> Callable[[], Any]:
            def setup() -> Any:
                tree = make()
                if not first:
                    call(tree)
                return tree
            return setup

        def outer(d: Any) -> str:
            return str(d.documentElement.outerHTML)

        c: dict[str, Step] = {
            "webdom": (warmed(fresh_webdom, outer), outer),
            "lxml": (warmed(fresh_lxml, lxml.html.tostring), lxml.html.tostring),
        }
        if "selectolax" in peers:
            c["selectolax"] = (warmed(lambda: peers["selectolax"](data), lambda t: t.html), lambda t: t.html)
        if "turbohtml" in peers:
            c["turbohtml"] = (warmed(lambda: peers["turbohtml"].parse(data), lambda t: t.serialize()),
                              lambda t: t.serialize())
        if soup is not None:
            c["bs4"] = (lambda: soup, str)
        return c

    row("outerHTML, first call (fresh tree)", "lxml", 1.5, serialize_candidates(True))
    row("outerHTML, repeat call", "lxml", 1.2, serialize_candidates(False))

    # querySelectorAll, first call on a fresh tree
    selector_rows = []
    for selector in selectors:
        c = {"webdom": (fresh_webdom, lambda d, s=selector: d.querySelectorAll(s).length)}
        if "lxml" in peers:
            xpath = etree.XPath(peers["lxml"].css_to_xpath(selector))  # precompiled, as a user would
            c["lxml"] = (fresh_lxml, lambda root, x=xpath: len(x(root)))
        if "selectolax" in peers:
            c["selectolax"] = (lambda: peers["selectolax"](data), lambda t, s=selector: len(t.css(s)))
        if "turbohtml" in peers:
            c["turbohtml"] = (lambda: peers["turbohtml"].parse(data), lambda t, s=selector: len(t.select(s)))
        if soup is not None:
            c["bs4"] = (lambda: soup, lambda sp, s=selector: len(sp.select(s)))
        selector_rows.append(row(f"qSA {selector}", "lxml", 1.5, c))

    # body text: the property alone (the body found before the timed step), first and repeat call
    def fresh_body() -> Any:
        return fresh_webdom().body

    def read_body() -> Any:
        body = fresh_body()
        _ = body.innerText, body.textContent
        return body

    for work, setup in (("innerText vs textContent, first call", fresh_body),
                        ("innerText vs textContent, repeat", read_body)):
        row(f"body.{work}", "textContent", 5.0, {
            "webdom": (setup, lambda b: b.innerText), "textContent": (setup, lambda b: b.textContent)})

    # every element + one attribute
    row("walk + getAttribute, fresh tree", "lxml", 1.5, {
        "webdom": (fresh_webdom, _walk_webdom), "lxml": (fresh_lxml, _walk_lxml)})

    def walked() -> Any:
        d = fresh_webdom()
        _walk_webdom(d)
        return d

    row("walk + getAttribute, repeat", "lxml", 1.5, {
        "webdom": (walked, _walk_webdom), "lxml": (fresh_lxml, _walk_lxml)})

    # getComputedStyle(e).display on every element of a fresh tree (issue 33, goal 6), against
    # parsing the same page
    row("getComputedStyle, every element", "webdom parse", 2.0, {
        "webdom": (fresh_webdom, _every_computed_style), "webdom parse": (_no_setup, lambda _: parse(data))})

    _measure_rows(measured, rounds)

    # the eight selectors together, per round
    total = Row(name, "qSA, the eight together", "selectolax", 5.0)
    total.webdom = [sum(r.webdom[i] for r in selector_rows) for i in range(rounds)]
    for column in PEERS:
        if all(column in r.others for r in selector_rows):
            total.others[column] = [sum(r.others[column][i] for r in selector_rows) for i in range(rounds)]
    rows = [r for r, _ in measured]
    at = rows.index(selector_rows[-1]) + 1
    return rows[:at] + [total] + rows[at:]


# -- memory per element ------------------------------------------------------------------------

# Run in a fresh interpreter per measure, with every Python object allocated by the C allocator
# (PYTHONMALLOC=malloc) so that glibc's count of bytes in use (mallinfo2) holds the tree, its
# strings and the wrappers alike: tracemalloc cannot see libxml2's allocations, and the resident
# set would also count the heap that parsing used and freed.  A tiny parse first loads what the
# first parse and the wrappers load.
_MEMORY_PROBE = """
import ctypes, gc, sys
sys.path.insert(0, {repo!r})
data = open({path!r}, "rb").read()
class Info(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]
mallinfo2 = ctypes.CDLL(None).mallinfo2
mallinfo2.restype = Info
def in_use():
    gc.collect()
    info = mallinfo2()
    return info.uordblks + info.hblkhd
if {webdom!r}:
    import dom
    warm = dom.parse_html(b"<!DOCTYPE html><p class=x><a href=/>x</a>")
    list(warm.querySelectorAll("*")); del warm
    before = in_use()
    tree = dom.parse_html(data)
    kept = list(tree.querySelectorAll("*"))
else:
    import lxml.html
    from lxml import etree
    warm = lxml.html.document_fromstring(b"<!DOCTYPE html><p class=x><a href=/>x</a>")
    list(warm.iter(etree.Element)); del warm
    before = in_use()
    tree = lxml.html.document_fromstring(data)
    kept = list(tree.iter(etree.Element))
print((in_use() - before) / len(kept), len(kept))
"""


def memory_rows(pages: list[tuple[str, bytes]], rounds: int) -> list[Row]:
    """Resident memory per element of a parsed page with every element wrapped (webdom: the
    document and a wrapper per element from ``querySelectorAll('*')``; lxml: its tree and a
    proxy per element from ``iter()``), each measured in a fresh interpreter, webdom's bytes per
    element over lxml's; glibc only (``mallinfo2``, glibc 2.33 and later)."""
    try:
        ctypes.CDLL(None).mallinfo2  # noqa: B018
    except (OSError, AttributeError):
        return []
    rows = []
    env = {**os.environ, "PYTHONMALLOC": "malloc"}
    with tempfile.TemporaryDirectory() as folder:
        for name, data in pages:
            path = Path(folder) / "page.html"
            path.write_bytes(data)
            row = Row(name, "memory per element, all wrapped", "lxml", 1.5, unit="B/el")
            for index in range(rounds):
                for webdom in ((True, False) if index % 2 == 0 else (False, True)):
                    code = _MEMORY_PROBE.format(repo=str(REPO), path=str(path), webdom=webdom)
                    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                          cwd=REPO, env=env)
                    per_element = float(done.stdout.split()[0])
                    (row.webdom if webdom else row.others.setdefault("lxml", [])).append(per_element)
            rows.append(row)
    return rows


# -- import time -------------------------------------------------------------------------------

IMPORTS = {"webdom": "webdom", "lxml": "lxml.html", "selectolax": "selectolax.lexbor", "turbohtml": "turbohtml",
           "bs4": "bs4"}


def import_row(peers: dict[str, Any], rounds: int) -> Row:
    """``import webdom`` in a fresh interpreter (CPU time inside it, as every row measures --
    the machine is shared --, the interpreter's own start-up excluded, bytecode written by an
    untimed import first), against the peers' imports; the goal is absolute: <= 0.1 s."""
    # bytecode may be written (PYTHONDONTWRITEBYTECODE would make every import compile its sources,
    # which no installed package does): one untimed import of each writes it first
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def timed_import(module: str) -> float:
        code = f"import time; t = time.process_time(); import {module}; print(time.process_time() - t)"
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO,
                              env=env)
        return float(done.stdout.split()[-1])

    row = Row("-", "import (fresh interpreter)", "seconds", 0.1)
    names = ["webdom", "lxml", *(p for p in PEERS if p in peers and p != "lxml")]
    for name in names:
        timed_import(IMPORTS[name])
    for index in range(rounds):
        for name in (names if index % 2 == 0 else reversed(names)):
            seconds = timed_import(IMPORTS[name])
            (row.webdom if name == "webdom" else row.others.setdefault(name, [])).append(seconds)
    row.others["seconds"] = [1.0] * rounds  # webdom's seconds, judged against the absolute goal
    return row


# -- output ------------------------------------------------------------------------------------

def _cell(ratio: float | None) -> str:
    return "-" if ratio is None else f"{ratio:.2f}x"


def print_table(rows: list[Row], columns: list[str]) -> tuple[int, int]:
    header = f"{'page':26} {'work':44} {'webdom ms':>10} " + " ".join(f"{c:>11}" for c in columns)
    print(header + f" {'goal':>20} {'':>4}")
    met = judged = 0
    for r in rows:
        own = statistics.median(r.webdom)
        figure = f"{own * 1e3:10.2f}" if r.unit == "ms" else f"{own:>6.0f} {r.unit}"
        cells = " ".join(f"{_cell(r.ratio(c)):>11}" for c in columns)
        if r.goal_column == "seconds":
            goal = f"<= {r.limit:g} s"
        else:
            goal = f"<= {r.limit:g}x {r.goal_column}"
        verdict = r.passed()
        if verdict is not None:
            judged += 1
            met += verdict
        mark = "" if verdict is None else ("PASS" if verdict else "MISS")
        print(f"{r.page[:26]:26} {r.work[:44]:44} {figure:>10} {cells} {goal:>20} {mark:>4}")
    return met, judged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="two real pages, a smaller deep page, three rounds")
    parser.add_argument("--rounds", type=int, help="interleaved rounds (default 9, --quick 3)")
    parser.add_argument("--pages", nargs="+", type=Path, metavar="HTML",
                        help="measure these HTML files instead of the bench pages (an independent run on other pages)")
    args = parser.parse_args()
    # Nine rounds: on this shared machine one round's ratio strays by 5-10% (the load of other
    # processes, the clock), and the median of five still moved rows on their line from run to run.
    rounds = args.rounds or (3 if args.quick else 9)
    started = time.perf_counter()
    peers = _peer_modules()

    pages: list[tuple[str, bytes]] = []
    folder = BENCH_DATA / "html"
    if args.pages:
        pages += [(path.name, path.read_bytes()) for path in args.pages]
    elif folder.is_dir():
        names = REAL_PAGES[:2] if args.quick else REAL_PAGES
        pages += [(n, (folder / n).read_bytes()) for n in names if (folder / n).exists()]
    else:
        print(f"(real pages skipped: {folder} not found; put shared/ beside the repository or set "
              "WEBDOM_BENCH_DATA)")
    deep = deep_page(25 if args.quick else 50)
    depth = mean_element_depth(lxml.html.document_fromstring(deep))
    pages.append((f"generated deep ({len(deep) // 1000} KB)", deep))

    versions = ", ".join(f"{d} {_version(d)}" for d in ("webdom", "lxml", "cssselect", "selectolax", "turbohtml",
                                                       "beautifulsoup4"))
    load = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    print(f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores{load}; {versions}")
    missing = [p for p in PEERS if p not in peers]
    if missing:
        print(f"(absent peers left out: {', '.join(missing)}; pip install '.[bench]')")
    print(f"generated deep page: mean element depth {depth:.1f}")
    print(f"median of {rounds} interleaved rounds of webdom time / peer time (CPU time), gc before each step\n")

    rows: list[Row] = []
    for name, data in pages:
        rows += page_rows(name, data, peers, rounds)
    rows += memory_rows(pages, rounds)
    rows.append(import_row(peers, rounds))
    columns = [c for c in COLUMNS if any(c in r.others for r in rows)]
    met, judged = print_table(rows, columns)
    print(f"\n{met}/{judged} goals met ({', '.join(name for name, _ in pages)}; .C a with C = the page's most "
          f"frequent class with a link inside)")
    print(f"(total {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
