"""CSS without layout on the real pages (issue 33, goal 6).

    python benchmarks/bench_css.py [--rounds N]

Per page of ../shared/bench-data/html (or ``$WEBDOM_BENCH_DATA``): parsing it; ``body.innerText``
(first call on a fresh tree) with the page's own ``<style>`` sheets -- parsed before, as a crawl
meets a site's sheets again (dom/cssom/style_sheets.py keeps the last texts' rules), and parsed
first ("new sheets": that memory emptied) -- and with them blocked
(``set_author_style_sheets(document, False)``), each against the page's ``body.textContent``;
``getComputedStyle(e).display`` for every element (first calls on a fresh tree) against parsing
the page.  CPU time (``time.process_time``), ``gc.collect()`` before each timed step, the median
of the rounds, the kinds of step interleaved in each round, each ratio the median of the rounds'
ratios; the load average is printed (the machine may be shared: compare the ratios).  Last, the
largest page with one declarative shadow host added at its end (styles along the flat tree), and
its body.innerText against its textContent without hosts, with one and with ten.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import dom  # noqa: E402
from benchmarks._data import BENCH_DATA  # noqa: E402
from dom.cssom import css_rules  # noqa: E402
from dom.cssom.document_style_sheets import set_author_style_sheets  # noqa: E402


def _timed(data: bytes, prepare: Callable[[Any], None], step: Callable[[Any], object]) -> float:
    document = dom.parse_html(data)
    prepare(document)
    gc.collect()
    start = time.process_time()
    step(document)
    return time.process_time() - start


def _all_displays(document: Any) -> None:
    window = document.defaultView
    for element in document.querySelectorAll("*"):
        window.getComputedStyle(element).display  # noqa: B018


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="one round (docs/gen_readme_tables.py --quick)")
    args = parser.parse_args()
    if args.quick:
        args.rounds = 1
    pages = sorted((BENCH_DATA / "html").glob("*.html"))
    if not pages:
        sys.exit(f"no pages in {BENCH_DATA / 'html'}: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'page':<34}{'parse':>9}{'textContent':>13}{'innerText':>18}{'new sheets':>18}{'sheets blocked':>20}"
          f"{'getComputedStyle, all':>24}")
    for path in pages:
        data = path.read_bytes()
        rows: dict[str, list[float]] = {"parse": [], "text": [], "inner": [], "new": [], "blocked": [],
                                        "computed": []}
        for _ in range(args.rounds):
            gc.collect()
            start = time.process_time()
            dom.parse_html(data)
            rows["parse"].append(time.process_time() - start)
            rows["text"].append(_timed(data, lambda d: None, lambda d: d.body.textContent))
            rows["inner"].append(_timed(data, lambda d: None, lambda d: d.body.innerText))
            rows["new"].append(_timed(data, lambda d: css_rules._PARSED.clear(), lambda d: d.body.innerText))
            rows["blocked"].append(
                _timed(data, lambda d: set_author_style_sheets(d, False), lambda d: d.body.innerText))
            rows["computed"].append(_timed(data, lambda d: None, _all_displays))
        m = {name: statistics.median(values) for name, values in rows.items()}

        def ratio(step: str, base: str) -> float:
            """The median over the rounds of each round's ratio (a load change hits both alike)."""
            return statistics.median(a / b for a, b in zip(rows[step], rows[base], strict=True))

        print(f"{path.name:<34}{m['parse'] * 1e3:>7.1f}ms{m['text'] * 1e3:>11.1f}ms"
              f"{m['inner'] * 1e3:>9.1f}ms ({ratio('inner', 'text'):>4.1f}x)"
              f"{m['new'] * 1e3:>9.1f}ms ({ratio('new', 'text'):>4.1f}x)"
              f"{m['blocked'] * 1e3:>11.1f}ms ({ratio('blocked', 'text'):>4.1f}x)"
              f"{m['computed'] * 1e3:>13.0f}ms ({ratio('computed', 'parse'):>4.1f}x parse)")
    _with_a_shadow_host(max(pages, key=lambda path: path.stat().st_size), args.rounds)
    print("a class toggled then two styles read, the cascade brought up to date (dom/cssom/style_invalidation.py)"
          " vs made again:")
    for path in pages:
        _class_toggle(path, args.rounds)


def _class_toggle(path: Path, rounds: int) -> None:
    """A script's restyle: toggle a class on the 100th div, then read getComputedStyle().display
    of that div and of an element elsewhere (the middle one), on a page whose styles were all
    read once; against the same with the cascade made again (a gap in the document's log of
    changes, as before the cascade was updated), interleaved, 20 toggles a round each (their
    mean; the first of them, after the cascade was made again, apart too).  Two
    classes: one no selector names, and the div's own first class (which the page's selectors
    may name)."""
    document = dom.parse_html(path.read_bytes())
    window = document.defaultView
    _all_displays(document)
    elements = document.querySelectorAll("*")
    divs = document.querySelectorAll("div")
    target = divs[min(100, len(divs) - 1)]
    other = elements[len(elements) // 2]
    own = target.classList[0] if target.classList.length else None

    def toggle(name: str, scratch: bool) -> list[float]:
        gc.collect()
        times = []
        for _ in range(20):
            start = time.process_time()
            target.classList.toggle(name)
            if scratch:
                document._version += 1  # (a version step outside the log: the cascade is made again)
            window.getComputedStyle(target).display  # noqa: B018
            window.getComputedStyle(other).display  # noqa: B018
            times.append(time.process_time() - start)
        return times

    for name in ("webdom-bench", own):
        if name is None:
            continue
        rows: dict[str, list[float]] = {"first": [], "updated": [], "scratch": []}
        for _ in range(rounds):
            updated = toggle(name, False)  # (the first after a cascade made again: its rules analysed)
            rows["first"].append(updated[0])
            rows["updated"].append(statistics.mean(updated))
            rows["scratch"].append(statistics.mean(toggle(name, True)))
        ratio = statistics.median(a / b for a, b in zip(rows["updated"], rows["scratch"], strict=True))
        print(f"  {path.name:<34}{'.' + name[:24]:<26}{statistics.median(rows['updated']) * 1e3:>8.2f}ms "
              f"(the first {statistics.median(rows['first']) * 1e3:.1f}ms) vs "
              f"{statistics.median(rows['scratch']) * 1e3:>7.1f}ms from scratch ({ratio:.1%})")


# A declarative shadow host, whose light child is slotted: computed styles then follow the flat
# tree (dom/cssom/scoping.py), and body.innerText takes the walk over wrappers for the hosts alone.
_SHADOW_HOST = (b"<div><template shadowrootmode=open><style>p { color: red }</style><p>shadow</p><slot></slot>"
                b"</template><span>slotted</span></div>")


def _with_hosts(plain: bytes, count: int) -> bytes:
    """*plain* with *count* shadow hosts: one at its end, or after *count* of its ``</p>`` spread
    over the page."""
    if count == 1:
        return plain + _SHADOW_HOST
    ends = [m.end() for m in re.finditer(rb"</p>", plain)]
    at = [ends[(i * len(ends)) // count] for i in range(count)] if ends else [len(plain)] * count
    out, last = [], 0
    for position in at:
        out += [plain[last:position], _SHADOW_HOST]
        last = position
    return b"".join(out) + plain[last:]


def _with_a_shadow_host(path: Path, rounds: int) -> None:
    """getComputedStyle on every element, with one host and without it (the ratio: the parser's
    declarative shadow roots make the parse itself slower); body.innerText against the same
    page's body.textContent, without hosts, with one and with ten."""
    plain = path.read_bytes()
    pages = {"plain": plain, "one": _with_hosts(plain, 1), "ten": _with_hosts(plain, 10)}
    rows: dict[str, list[float]] = {"computed": [], "plain computed": []}
    for _ in range(rounds):
        rows["plain computed"].append(_timed(plain, lambda d: None, _all_displays))
        rows["computed"].append(_timed(pages["one"], lambda d: None, _all_displays))
        for name, data in pages.items():
            rows.setdefault(f"{name} text", []).append(_timed(data, lambda d: None, lambda d: d.body.textContent))
            rows.setdefault(f"{name} inner", []).append(_timed(data, lambda d: None, lambda d: d.body.innerText))
    m = {name: statistics.median(values) for name, values in rows.items()}

    def ratio(step: str, base: str) -> float:
        return statistics.median(a / b for a, b in zip(rows[step], rows[base], strict=True))

    print(f"{path.name} with a shadow host: getComputedStyle, all {m['computed'] * 1e3:.0f}ms "
          f"({ratio('computed', 'plain computed'):.1f}x without it)")
    print(f"{path.name} body.innerText vs its textContent: "
          + ", ".join(f"{label} {m[f'{name} inner'] * 1e3:.1f}ms ({ratio(f'{name} inner', f'{name} text'):.1f}x)"
                      for name, label in (("plain", "no host"), ("one", "one host"), ("ten", "ten hosts"))))


if __name__ == "__main__":
    main()
