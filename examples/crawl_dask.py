"""Scaling out: one webdom extraction mapped over many pages, on several processes.

    python examples/crawl_dask.py [DIR] [--pages N] [--workers N] [--engine serial|processes|dask|all]

Each page is parsed as a browser would (encoding sniffed, links resolved against the page URL
and its <base>), and a small record is extracted: title, resolved links, forms, headings.  The
same function runs serially, on a ``concurrent.futures.ProcessPoolExecutor`` and on a Dask bag
with the multiprocessing scheduler (``pip install 'webdom[dask]'``; skipped with a note when
Dask is absent).  Pages come from DIR (every ``*.html``), else from ../shared/bench-data/html
($WEBDOM_BENCH_DATA), smallest first and repeated to N pages, else from a page made here.

It prints, per engine, the pages, the pages per second, the CPU seconds used (this process
and its workers) and pages per CPU second -- the throughput of one core -- and the first record;
then it ships one parsed document back from a worker process (documents pickle with their URL,
encoding and form state) and prints its title and first link.  Every engine extracts the same
records, which the script checks.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import webdom

HERE = Path(__file__).resolve().parent
BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", HERE.parent.parent / "shared" / "bench-data")) / "html"

Page = tuple[str, bytes]  # (URL, body as received)


def extract(page: Page) -> dict[str, Any]:
    """The per-page work: parse as a browser does, read what a crawler wants."""
    url, body = page
    document = webdom.parse_html(body, url=url)
    links = [a.href for a in document.links]  # <a href> and <area href>, resolved
    return {
        "url": url,
        "title": document.title,
        "encoding": document.characterSet,
        "links": len(links),
        "first_links": links[:3],
        "forms": [form.action for form in document.forms],
        "headings": [(h.textContent or "").strip()[:40] for h in document.querySelectorAll("h1, h2")][:3],
    }


def parse_page(page: Page) -> webdom.Document:
    """A whole document, returned from a worker (pickled with its tree and state)."""
    return webdom.parse_html(page[1], url=page[0])


def load_pages(directory: Path | None, count: int) -> list[Page]:
    if directory is not None:
        files = sorted(directory.glob("*.html"), key=lambda p: p.stat().st_size)
    else:
        files = sorted(BENCH_HTML.glob("*.html"), key=lambda p: p.stat().st_size) if BENCH_HTML.is_dir() else []
    if files:
        bodies = [(f"https://pages.example/{path.name}", path.read_bytes()) for path in files]
    else:
        rows = "".join(f"<li><a href='item{i}.html?q=cr\xe8me'>item {i}</a>" for i in range(300))
        html = f"<meta charset=windows-1252><title>made here</title><h1>Items</h1><ul>{rows}</ul><form action=/s>"
        bodies = [("https://pages.example/made.html", html.encode("windows-1252"))]
    return [bodies[i % len(bodies)] for i in range(count)]


def run_serial(pages: list[Page], workers: int) -> list[dict[str, Any]]:
    return [extract(page) for page in pages]


def run_processes(pages: list[Page], workers: int) -> list[dict[str, Any]]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(extract, pages, chunksize=max(1, len(pages) // (workers * 4))))


def run_dask(pages: list[Page], workers: int) -> list[dict[str, Any]]:
    import dask
    import dask.bag as db

    bag = db.from_sequence(pages, npartitions=max(1, min(len(pages), workers * 4)))  # type: ignore[no-untyped-call]
    with dask.config.set(scheduler="processes", num_workers=workers):
        return list(bag.map(extract).compute())


def cpu_seconds() -> float:
    """CPU time of this process and its finished children: pages per CPU second is the
    throughput of one core, whatever else the machine is doing."""
    try:
        import resource
    except ImportError:  # not on Unix: this process only
        return time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def has_dask() -> bool:
    try:
        import dask.bag  # noqa: F401
    except ImportError:
        return False
    return True


ENGINES: dict[str, Callable[[list[Page], int], list[dict[str, Any]]]] = {
    "serial": run_serial,
    "processes": run_processes,
    "dask": run_dask,
}


def measure(names: Iterable[str], pages: list[Page], workers: int) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = []
    expected: list[dict[str, Any]] | None = None
    for name in names:
        if name == "dask" and not has_dask():
            print("dask        skipped: pip install 'webdom[dask]'")
            continue
        used = 1 if name == "serial" else workers
        start, cpu_start = time.perf_counter(), cpu_seconds()
        records = ENGINES[name](pages, workers)
        seconds, cpu = time.perf_counter() - start, cpu_seconds() - cpu_start
        if expected is None:
            expected = records
        assert records == expected, f"{name} extracted different records"
        rate = len(pages) / seconds
        print(f"{name:11} {len(pages)} pages in {seconds:6.2f} s: {rate:6.2f} pages/s with {used} worker"
              f"{'s' if used > 1 else ' '}; {cpu:6.2f} CPU s: {len(pages) / cpu:5.2f} pages per CPU second")
        results.append({"engine": name, "pages": len(pages), "seconds": seconds, "cpu": cpu, "workers": used})
    if expected:
        first = expected[0]
        print(f"first record: {first['title'][:50]!r} ({first['encoding']}), {first['links']} links,"
              f" first {first['first_links'][:1]}")
    return results


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", type=Path, help="a directory of *.html pages")
    parser.add_argument("--pages", type=int, default=2, help="how many pages to process (default 2)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--engine", choices=[*ENGINES, "all"], default="all")
    args = parser.parse_args(argv)
    pages = load_pages(args.directory, args.pages)
    print(f"{len(pages)} pages, {sum(len(b) for _, b in pages) / 1e6:.1f} MB, {args.workers} workers,"
          f" {os.cpu_count()} cores")
    measure(ENGINES if args.engine == "all" else [args.engine], pages, args.workers)
    with ProcessPoolExecutor(max_workers=1) as pool:
        document = pool.submit(parse_page, pages[0]).result()
    link = document.links.item(0)
    print(f"a document from a worker: {document.title[:50]!r} at {document.URL},"
          f" first link {link.href if link is not None else None}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
