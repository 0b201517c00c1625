"""Hostile inputs: the time of each big case, and how it grows when the input doubles.

    python benchmarks/bench_hostile.py [--quick] [--linearity] [--only TEXT] [--json PATH]

Each case runs at size n and 2n; a linear case takes about 2x the time at 2n (a quadratic one
4x).  Times are the process's processor time, after a garbage collection: the load of other
processes on the machine does not count.  The sizes are those that took minutes before the
fixes (see README "Robustness"):

* one URL host of 16,000 distinct CJK characters (punycode; Python's codec took 22 s);
* 100,000 attributes on one element: outerHTML, walking ``attributes`` (and cloneNode at 20,000,
  which stays quadratic inside lxml);
* a 20,000-deep chain built by appendChild (also after 100 MutationObservers disconnected, whose
  empty registrations every later mutation walked past, and under an observer of the whole
  document, which walked the chain at each record); Range.cloneContents / extractContents over it;
* a 60,000-deep subtree inserted beside a sibling through innerHTML (crashed libxml2 before);
* a ``<input type=date>`` whose year has 300 digits: checkValidity and valueAsNumber;
* n nested ``<template>`` elements (issue 28; RecursionError from ~400 before): parse, outerHTML,
  cloneNode(true), innerHTML (the fragment parser) and adoption by another document;
* n lone-surrogate attribute names (turbohtml's parse fell back to justhtml: UnicodeDecodeError
  before);
* adoption of an n-element HTML subtree by an XML document (its names rewritten for it);
* n distinct tag names parsed (the per-tag table is bounded);
* a script creating and appending n elements (the candidates for document's named properties
  were gathered again after each change before); skipped without pythonmonkey.

No peers: the reference is the same operation at half the size.  Inputs are generated (nothing
from ../shared is needed).  ``--quick`` halves every size; ``--linearity`` times n and 4n and
checks each row against the goal (at most 5x); ``--only TEXT`` runs the rows whose name holds it.
"""

from __future__ import annotations

import gc
import importlib.util
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import dom  # noqa: E402
from html_infra.url import URL  # noqa: E402


def _timed(setup: Callable[[int], Any], run: Callable[[Any], Any], n: int) -> float:
    """The processor time of run(setup(n)): other processes' load does not count, nor the
    collection of what earlier rows left."""
    state = setup(n)
    gc.collect()
    start = time.process_time()
    run(state)
    return time.process_time() - start


# Distinct ideographs that are valid in a host: CJK Unified Ideographs, then Extension B.
_IDEOGRAPHS = [*range(0x4E00, 0x9FF0), *range(0x20000, 0x2A6D0)]


def _cjk_host(n: int) -> str:
    return "https://" + "".join(map(chr, _IDEOGRAPHS[:n])) + "/"


def _attributes(n: int) -> Any:
    # Made by libxml2's XML parser (linear): the HTML parser's own time on such markup is not
    # what is measured here.
    return dom.parse_xml("<p " + " ".join(f'a{i}="v"' for i in range(n)) + "/>").documentElement


def _chain(n: int) -> Any:
    document = dom.parse_html("")
    current = document.body
    for _ in range(n):
        child = document.createElement("div")
        current.appendChild(child)
        current = child
    current.textContent = "x"
    return document, current


def _observed_document(n: int, keep: bool) -> Any:
    """An empty document where 100 MutationObservers observed and disconnected, or where one
    observes the whole document (*keep*)."""
    document = dom.parse_html("")
    observer = dom.MutationObserver(lambda records, observer: None)
    if keep:
        observer.observe(document, {"childList": True, "subtree": True})
    else:
        for _ in range(100):
            element = document.body.appendChild(document.createElement("div"))
            observer.observe(element, {"childList": True, "subtree": True})
            observer.disconnect()
    return document, observer, n


def _observed_chain(state: Any) -> None:
    document, observer, n = state
    current = document.body
    for _ in range(n):
        current = current.appendChild(document.createElement("div"))
    observer.takeRecords()


def _range_over(n: int) -> Any:
    document, leaf = _chain(n)
    r = document.createRange()
    r.setStart(document.body, 0)
    r.setEnd(leaf.firstChild, 1)
    return r


def _section(n: int) -> Any:
    return dom.parse_html("<section><p>a</p></section>").querySelector("section"), "<p>a</p>" + "<div>" * n


def _huge_date(n: int) -> Any:
    return dom.parse_html("".join(f"<input type=date value={'9' * 300}-01-0{1 + i % 9}>" for i in range(n)))


def _nested_templates(n: int) -> Any:
    return dom.parse_html("<template>" * n + "x")


def _template_markup(n: int) -> Any:
    return dom.parse_html("<div></div>").querySelector("div"), "<template>" * n + "x"


def _html_subtree(n: int) -> Any:
    div = dom.parse_html("<div>" + "<p>a<b>b</b></p>" * (n // 2) + "</div>").querySelector("div")
    return div, dom.parse_xml("<r/>")


def _distinct_tags(n: int) -> str:
    return "".join(f"<x-t{i}></x-t{i}>" for i in range(n))


_REALM: list[Any] = []  # pythonmonkey has one JS global per process: one Realm for every run


def _script_loop(n: int) -> Any:
    if not _REALM:
        from webdom.js.realm import Realm

        _REALM.append(Realm(dom.parse_html("<p id=a></p>")))
    realm = _REALM[0]
    realm.eval("document.body.textContent = ''")
    return realm, f"for (let i = 0; i < {n}; i++) document.body.appendChild(document.createElement('div'));"


CASES: list[tuple[str, int, Callable[[int], Any], Callable[[Any], Any]]] = [
    ("URL host of n distinct CJK characters (punycode)", 16_000, _cjk_host, URL),
    ("outerHTML, n attributes", 100_000, _attributes, lambda el: el.outerHTML),
    ("walk element.attributes, n attributes", 100_000, _attributes, lambda el: [a.name for a in el.attributes]),
    ("cloneNode, n attributes (O(n²) in lxml, see README)", 20_000, _attributes, lambda el: el.cloneNode()),
    ("appendChild building an n-deep chain", 20_000, lambda n: n, _chain),
    ("appendChild n deep after 100 MutationObservers disconnected", 20_000,
     lambda n: _observed_document(n, keep=False), _observed_chain),
    ("appendChild n deep under a subtree MutationObserver", 20_000, lambda n: _observed_document(n, keep=True),
     _observed_chain),
    ("Range.cloneContents, n deep", 20_000, _range_over, lambda r: r.cloneContents()),
    ("Range.extractContents, n deep", 20_000, _range_over, lambda r: r.extractContents()),
    ("innerHTML of an n-deep subtree beside a sibling", 60_000, _section,
     lambda s: setattr(s[0], "innerHTML", s[1])),
    ("checkValidity + valueAsNumber, n inputs with 300-digit years", 2_000, _huge_date,
     lambda d: [(i.checkValidity(), i.valueAsNumber) for i in d.querySelectorAll("input")]),
    ("parse n nested templates", 50_000, lambda n: "<template>" * n + "x", dom.parse_html),
    ("outerHTML, n nested templates", 50_000, _nested_templates, lambda d: d.documentElement.outerHTML),
    ("cloneNode(true), n nested templates", 50_000, _nested_templates, lambda d: d.documentElement.cloneNode(True)),
    ("innerHTML = n nested templates (fragment parser)", 20_000, _template_markup,
     lambda s: setattr(s[0], "innerHTML", s[1])),
    ("adoptNode, n nested templates", 50_000, _nested_templates, lambda d: dom.parse_html("").adoptNode(d.head)),
    ("parse n lone-surrogate attribute names", 20_000,
     lambda n: "<p " + " ".join(f"a{i}\ud800" for i in range(n)) + ">", dom.parse_html),
    ("XML document adopts an n-element HTML subtree", 100_000, _html_subtree, lambda s: s[1].adoptNode(s[0])),
    ("parse n distinct tag names", 100_000, _distinct_tags, dom.parse_html),
    # each property read of document asks for its named properties ([LegacyOverrideBuiltIns])
    ("JS: n times document.body.appendChild(document.createElement())", 5_000, _script_loop,
     lambda s: s[0].eval(s[1])),
]


def main(argv: list[str]) -> None:
    if "--help" in argv or "-h" in argv:
        print(__doc__)
        return
    quick = "--quick" in argv
    # --linearity: n and 4n, each row checked against the goal (1x -> 4x input <= 5x time)
    factor = 4 if "--linearity" in argv else 2
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    rows = []
    print(f"{'case':<62} {'n':>8} {'time (s)':>9} {f'{factor}n (s)':>8} {'ratio':>6}")
    for name, size, setup, run in CASES:
        if only not in name:
            continue
        if name.startswith("JS:") and importlib.util.find_spec("pythonmonkey") is None:
            print(f"{name:<62} skipped: the JS binding needs pythonmonkey")
            continue
        n = size // 2 if quick else size
        small = _timed(setup, run, n)
        big = _timed(setup, run, factor * n)
        ratio = big / small if small else float("nan")
        rows.append({"case": name, "n": n, "factor": factor, "seconds": small, "seconds_big": big, "ratio": ratio})
        verdict = ("  PASS" if ratio <= 5 else "  MISS") if factor == 4 else ""
        print(f"{name:<62} {n:>8} {small:>9.2f} {big:>8.2f} {ratio:>5.1f}x{verdict}", flush=True)
    if factor == 4:
        print("(linear: about 4x from n to 4n; the goal is at most 5x)")
    else:
        print("(about 2x from n to 2n is linear; 4x would be quadratic)")
    if "--json" in argv:
        Path(argv[argv.index("--json") + 1]).write_text(json.dumps(rows, indent=1))

if __name__ == "__main__":
    main(sys.argv[1:])
