"""URL parsing speed on real URLs: webdom vs the parsers users would pick instead.

    python benchmarks/bench_url.py [--quick] [--json PATH]

Inputs (../shared/bench-data/urls, see SOURCES.md): 48k real absolute URLs (kasztp.txt) and
60k base+href pairs from 258 real pages (relative_refs.tsv).  Prints time per URL and the
ratio of each peer to webdom, in one run.  Peers not installed are skipped
(``pip install '.[bench]'`` installs them).  ``--json PATH`` also writes the tables as JSON
(the format ``docs/gen_readme_tables.py`` reads: ``{"benchmark", "tables": [{"title", "unit",
"reference", "rows": [{"name", "value", "ratio"}]}]}``).
"""

from __future__ import annotations

import json
import sys
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._data import bench_file, best_of  # noqa: E402
from html_infra.url import URL, basic_url_parse  # noqa: E402


def main() -> None:
    quick = "--quick" in sys.argv
    urls = [u for u in bench_file("urls", "kasztp.txt").read_text(encoding="utf-8").split("\n") if u]
    pairs = [
        line.split("\t", 1)
        for line in bench_file("urls", "relative_refs.tsv").read_text(encoding="utf-8").split("\n")
        if "\t" in line
    ]
    if quick:
        urls, pairs = urls[:5000], pairs[:5000]
    repeat = 1 if quick else 3

    absolute: dict[str, float] = {}
    absolute["webdom basic_url_parse"] = best_of(lambda: [basic_url_parse(u) for u in urls], repeat)

    def webdom_url_objects() -> None:
        for u in urls:
            URL.parse(u)

    absolute["webdom URL.parse (objects)"] = best_of(webdom_url_objects, repeat)
    absolute["urllib.parse.urlsplit"] = best_of(lambda: [urllib.parse.urlsplit(u) for u in urls], repeat)
    try:
        import whatwg_url

        sample = urls[:5000]

        def run_whatwg() -> None:
            for u in sample:
                try:
                    whatwg_url.parse_url(u)
                except Exception:
                    pass

        absolute["whatwg-url (pure Python)"] = best_of(run_whatwg, 1) * len(urls) / len(sample)
    except ImportError:
        pass
    try:
        import yarl

        absolute["yarl.URL"] = best_of(lambda: [yarl.URL(u) for u in urls], repeat)
    except ImportError:
        pass
    try:
        import ada_url

        def run_ada() -> None:
            for u in urls:
                try:
                    ada_url.URL(u)
                except ValueError:
                    pass

        absolute["ada-url (C++)"] = best_of(run_ada, repeat)
    except ImportError:
        pass

    relative: dict[str, float] = {}

    def webdom_relative() -> None:
        bases: dict[str, object] = {}
        for b, h in pairs:
            base = bases.get(b)
            if base is None:
                base = bases[b] = basic_url_parse(b)
            basic_url_parse(h, base)  # type: ignore[arg-type]

    relative["webdom basic_url_parse(href, base)"] = best_of(webdom_relative, repeat)
    relative["urllib.parse.urljoin"] = best_of(lambda: [urllib.parse.urljoin(b, h) for b, h in pairs], repeat)
    try:
        import whatwg_url

        pair_sample = pairs[:5000]

        def whatwg_relative() -> None:
            for b, h in pair_sample:
                try:
                    whatwg_url.parse_url(h, base=b)
                except Exception:
                    pass

        relative["whatwg-url (pure Python)"] = best_of(whatwg_relative, 1) * len(pairs) / len(pair_sample)
    except ImportError:
        pass
    try:
        import yarl

        def yarl_relative() -> None:
            bases: dict[str, yarl.URL] = {}
            for b, h in pairs:
                base = bases.get(b)
                if base is None:
                    base = bases[b] = yarl.URL(b)
                try:
                    base.join(yarl.URL(h))
                except ValueError:
                    pass

        relative["yarl.URL.join"] = best_of(yarl_relative, repeat)
    except ImportError:
        pass
    try:
        import ada_url

        def ada_relative() -> None:
            for b, h in pairs:
                try:
                    ada_url.join_url(b, h)
                except ValueError:
                    pass

        relative["ada-url join_url (C++)"] = best_of(ada_relative, repeat)
    except ImportError:
        pass

    tables = []
    for title, results, n, ref in (
        (f"absolute URLs ({len(urls)})", absolute, len(urls), "webdom basic_url_parse"),
        (f"base + href pairs ({len(pairs)})", relative, len(pairs), "webdom basic_url_parse(href, base)"),
    ):
        print(f"\n{title}")
        print(f"  {'parser':38} {'us/URL':>8} {'vs webdom':>10}")
        rows = []
        for name, seconds in results.items():
            print(f"  {name:38} {seconds / n * 1e6:8.2f} {seconds / results[ref]:9.2f}x")
            rows.append({"name": name, "value": round(seconds / n * 1e6, 2), "ratio": round(seconds / results[ref], 2)})
        tables.append({"title": title, "unit": "µs per URL", "reference": ref, "rows": rows})
    if "--json" in sys.argv:
        target = sys.argv[sys.argv.index("--json") + 1]
        Path(target).write_text(json.dumps({"benchmark": "url", "quick": quick, "tables": tables}, indent=2) + "\n")
    # The speed goals: within 3x of urllib.parse.urlsplit, and at least 5x faster than the
    # pure-Python WHATWG parser.
    ours = absolute["webdom basic_url_parse"]
    print(f"\ngoal check: webdom / urlsplit = {ours / absolute['urllib.parse.urlsplit']:.2f} (goal <= 3)")
    if "whatwg-url (pure Python)" in absolute:
        print(f"            whatwg-url / webdom = {absolute['whatwg-url (pure Python)'] / ours:.1f} (goal >= 5)")


if __name__ == "__main__":
    main()
