"""Scaling out: one webdom extraction mapped over many pages -- crawled WARC files or a directory.

    python examples/crawl_dask.py [INPUT ...] [--pages N] [--workers N] [--scheduler ADDRESS]
                                  [--engine serial,processes,dask,distributed,selectolax|all] [--make-warc DIR]

INPUT is a WARC file (``.warc``, ``.warc.gz``: what Common Crawl and archiving crawlers write,
read with warcio) or a directory of ``*.html`` pages.  From WARC files every HTML response is a
page, with its URL and its HTTP ``Content-Type`` charset (the transport encoding a browser would
use); a directory's pages (else ../shared/bench-data/html, $WEBDOM_BENCH_DATA, else a page made
here) are repeated to N pages (``--make-warc DIR`` writes them to WARC files, two per worker,
and reads those instead).  Each page is parsed as a browser would (encoding sniffed, links
resolved against the page URL and its <base>) and a record is extracted: title, resolved links,
visible text (innerText), forms (method, resolved action, field names), headings.

Engines: serially; on a ``concurrent.futures.ProcessPoolExecutor``; on a Dask bag with the
processes scheduler; on Dask's distributed scheduler -- a local cluster of N worker processes by
default, or the cluster at ``--scheduler tcp://HOST:8786`` (start one with ``dask scheduler``
and ``dask worker tcp://HOST:8786`` on each machine; the WARC paths must be readable there, as
on a shared file system).  On the distributed scheduler each WARC file is one task that the
worker reads itself, so pages never pass through this process.  ``selectolax`` runs, serially,
the same extraction as a selectolax + ``urljoin`` scraper would write it (its records differ:
that is the point of webdom), for its pages per second.  Dask parts need ``pip install
'webdom[dask]'`` (dask, distributed, warcio); missing ones are skipped with a note.

It prints, per engine, the pages, the pages per second and pages per CPU second -- the
extraction's CPU time, measured in whichever process ran it, so it is one core's throughput
whatever the load and wherever the workers are -- and the first record; then it ships one
parsed document back from a worker process (documents pickle with their URL, encoding and form
state) and prints its title and first link.  Every webdom engine extracts the same records,
which the script checks.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

import webdom
from html_infra.encoding import get_an_encoding
from html_infra.fetch.content_type import extract_a_mime_type

HERE = Path(__file__).resolve().parent
BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", HERE.parent.parent / "shared" / "bench-data")) / "html"


class Page(NamedTuple):
    url: str
    body: bytes  # as received
    charset: str | None = None  # the HTTP Content-Type charset, when the page came with one


def extract(page: Page) -> dict[str, Any]:
    """The per-page work: parse as a browser does, read what a crawler wants.  ``cpu`` is the
    CPU time it took, in the process that ran it."""
    started = time.process_time()
    document = parse_page(page)
    links = [a.href for a in document.links]  # <a href> and <area href>, resolved
    body = document.body
    text = body.innerText if body is not None else ""  # as rendered: hidden elements left out
    record = {
        "url": page.url,
        "title": document.title,
        "encoding": document.characterSet,
        "links": len(links),
        "first_links": links[:3],
        "text_chars": len(text),
        "text_start": " ".join(text.split())[:60],
        "forms": [(form.method, form.action, _field_names(form)) for form in document.forms],
        "headings": [(h.textContent or "").strip()[:40] for h in document.querySelectorAll("h1, h2")][:3],
    }
    record["cpu"] = time.process_time() - started
    return record


def _field_names(form: webdom.HTMLFormElement) -> list[str]:
    """The names the form's controls submit under, in tree order."""
    return [name for control in form.elements if (name := control.getAttribute("name"))]


def parse_page(page: Page) -> webdom.Document:
    """A whole document (returned from a worker, it is pickled with its tree and state).  An
    unknown charset label is ignored, as a browser ignores it."""
    charset = page.charset if page.charset and get_an_encoding(page.charset) else None
    return webdom.parse_html(page.body, url=page.url, encoding=charset)


def is_warc(path: Path) -> bool:
    return path.name.endswith((".warc", ".warc.gz"))


def read_warc(path: str) -> list[Page]:
    """Every HTML response of a WARC file, with its target URL and Content-Type charset (warcio
    undoes the HTTP transfer and content encodings)."""
    from warcio.archiveiterator import ArchiveIterator  # type: ignore[import-untyped]  # only WARC input needs it

    pages = []
    with open(path, "rb") as stream:
        for record in ArchiveIterator(stream):
            if record.rec_type != "response" or record.http_headers is None:
                continue
            if not record.http_headers.get_statuscode().startswith("2"):
                continue
            content_types = [value for name, value in record.http_headers.headers if name.lower() == "content-type"]
            mime = extract_a_mime_type(content_types)  # several lines and quoted commas, as a browser reads them
            if mime is not None and not mime.is_html:
                continue
            charset = mime.parameters.get("charset") if mime is not None else None
            url = record.rec_headers.get_header("WARC-Target-URI")
            pages.append(Page(url, record.content_stream().read(), charset))
    return pages


def write_warc(pages: list[Page], path: Path) -> None:
    """The pages as a gzipped WARC file of response records (Content-Type with their charset)."""
    import io

    from warcio.statusandheaders import StatusAndHeaders  # type: ignore[import-untyped]
    from warcio.warcwriter import WARCWriter  # type: ignore[import-untyped]

    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)
        for page in pages:
            content_type = f"text/html; charset={page.charset}" if page.charset else "text/html"
            headers = StatusAndHeaders("200 OK", [("Content-Type", content_type)], protocol="HTTP/1.1")
            record = writer.create_warc_record(
                page.url, "response", payload=io.BytesIO(page.body), http_headers=headers
            )
            writer.write_record(record)


def extract_warc(path: str) -> list[dict[str, Any]]:
    """One distributed task: a WARC file read and extracted where the task runs."""
    return [extract(page) for page in read_warc(path)]


def load_pages(inputs: list[Path], count: int) -> list[Page]:
    warcs = [path for path in inputs if is_warc(path)]
    if warcs:
        return [page for path in warcs for page in read_warc(str(path))]
    directories = inputs or ([BENCH_HTML] if BENCH_HTML.is_dir() else [])
    files = sorted((f for d in directories for f in d.glob("*.html")), key=lambda p: p.stat().st_size)
    if files:
        bodies = [Page(f"https://pages.example/{path.name}", path.read_bytes()) for path in files]
    else:
        rows = "".join(f"<li><a href='item{i}.html?q=cr\xe8me'>item {i}</a>" for i in range(300))
        html = f"<meta charset=windows-1252><title>made here</title><h1>Items</h1><ul>{rows}</ul><form action=/s>"
        bodies = [Page("https://pages.example/made.html", html.encode("windows-1252"))]
    return [bodies[i % len(bodies)] for i in range(count)]


class Job(NamedTuple):
    pages: list[Page]
    warcs: list[str]  # absolute paths, when the pages came from WARC files
    workers: int
    scheduler: str | None  # a distributed scheduler's address; None: a local cluster


def run_serial(job: Job) -> list[dict[str, Any]]:
    return [extract(page) for page in job.pages]


def run_processes(job: Job) -> list[dict[str, Any]]:
    with ProcessPoolExecutor(max_workers=job.workers) as pool:
        return list(pool.map(extract, job.pages, chunksize=max(1, len(job.pages) // (job.workers * 4))))


def run_dask(job: Job) -> list[dict[str, Any]]:
    import dask
    import dask.bag as db

    partitions = max(1, min(len(job.pages), job.workers * 4))
    bag = db.from_sequence(job.pages, npartitions=partitions)  # type: ignore[no-untyped-call]
    with dask.config.set(scheduler="processes", num_workers=job.workers):
        return list(bag.map(extract).compute())


def run_distributed(job: Job) -> list[dict[str, Any]]:
    from dask.distributed import Client, LocalCluster

    if job.scheduler is not None:
        client = Client(job.scheduler)  # type: ignore[no-untyped-call]
    else:  # one single-threaded worker process per core asked for: parsing is CPU-bound Python
        cluster = LocalCluster(n_workers=job.workers, threads_per_worker=1, dashboard_address=None)  # type: ignore[no-untyped-call]
        client = Client(cluster)  # type: ignore[no-untyped-call]
    with client:
        if job.warcs:  # a task per file, read on the worker: the pages never pass through here
            per_file = client.gather(client.map(extract_warc, job.warcs))  # type: ignore[no-untyped-call]
            return [record for records in per_file for record in records]
        return list(client.gather(client.map(extract, job.pages)))  # type: ignore[no-untyped-call]
    # (the local cluster closes with its client)


def selectolax_extract(page: Page) -> dict[str, Any]:
    """What a scraper typically writes with selectolax and urllib.parse: links joined to the page
    URL or the <base>, text of the body, forms -- for its speed, not its answers."""
    from urllib.parse import urljoin

    from selectolax.lexbor import LexborHTMLParser  # type: ignore[import-not-found,unused-ignore]  # the bench extra

    started = time.process_time()
    tree = LexborHTMLParser(page.body)  # bytes are read as UTF-8: what a scraper passing bytes gets
    base_element = tree.css_first("base[href]")
    base = urljoin(page.url, base_element.attributes.get("href") or "") if base_element else page.url
    links = [urljoin(base, a.attributes.get("href") or "") for a in tree.css("a[href], area[href]")]
    title = tree.css_first("title")
    text = tree.body.text(separator=" ") if tree.body is not None else ""
    forms = [
        (
            (form.attributes.get("method") or "get").lower(),
            urljoin(base, form.attributes.get("action") or ""),
            [e.attributes.get("name") for e in form.css("input, select, textarea, button") if e.attributes.get("name")],
        )
        for form in tree.css("form")
    ]
    return {
        "url": page.url,
        "title": title.text() if title else "",
        "links": len(links),
        "forms": forms,
        "text_chars": len(text),
        "cpu": time.process_time() - started,
    }


def run_selectolax(job: Job) -> list[dict[str, Any]]:
    return [selectolax_extract(page) for page in job.pages]


def available(name: str) -> str | None:
    """None when the engine can run here, else what to install."""
    needs = {"dask": ["dask.bag"], "distributed": ["dask.distributed", "warcio"], "selectolax": ["selectolax.lexbor"]}
    for module in needs.get(name, []):
        try:
            __import__(module)
        except ImportError:
            return "pip install 'webdom[dask]'" if name != "selectolax" else "pip install selectolax"
    return None


ENGINES: dict[str, Callable[[Job], list[dict[str, Any]]]] = {
    "serial": run_serial,
    "processes": run_processes,
    "dask": run_dask,
    "distributed": run_distributed,
    "selectolax": run_selectolax,
}
WEBDOM_ENGINES = ("serial", "processes", "dask", "distributed")


def without_cpu(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{key: value for key, value in record.items() if key != "cpu"} for record in records]


def measure(names: Iterable[str], job: Job) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = []
    expected: list[dict[str, Any]] | None = None
    for name in names:
        missing = available(name)
        if missing is not None:
            print(f"{name:11} skipped: {missing}")
            continue
        used = job.workers if name in ("processes", "dask", "distributed") else 1
        start = time.perf_counter()
        records = ENGINES[name](job)
        seconds = time.perf_counter() - start
        cpu = sum(record["cpu"] for record in records)
        if name in WEBDOM_ENGINES:
            if expected is None:
                expected = without_cpu(records)
            assert without_cpu(records) == expected, f"{name} extracted different records"
        pages = len(records)
        print(
            f"{name:11} {pages} pages in {seconds:6.2f} s: {pages / seconds:6.2f} pages/s with {used} worker"
            f"{'s' if used > 1 else ' '}; {cpu:6.2f} CPU s: {pages / cpu:5.2f} pages per CPU second"
        )
        results.append({"engine": name, "pages": pages, "seconds": seconds, "cpu": cpu, "workers": used})
    if expected:
        first = expected[0]
        print(
            f"first record: {first['title'][:50]!r} ({first['encoding']}), {first['links']} links,"
            f" first {first['first_links'][:1]}"
        )
        print(f"  text: {first['text_chars']} characters, {first['text_start'][:40]!r}...; forms: {first['forms'][:1]}")
    return results


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inputs", nargs="*", type=Path, help="WARC files (.warc, .warc.gz) or directories of *.html")
    parser.add_argument("--pages", type=int, default=2, help="pages from a directory (default 2; WARC: all)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler's address (default: a local cluster)")
    parser.add_argument(
        "--make-warc",
        type=Path,
        default=None,
        metavar="DIR",
        help="write the pages to WARC files in DIR, then read them",
    )
    parser.add_argument("--engine", default="all", help=f"comma-separated, of {', '.join(ENGINES)}; or all")
    args = parser.parse_args(argv)
    names = list(ENGINES) if args.engine == "all" else args.engine.split(",")
    unknown = [name for name in names if name not in ENGINES]
    if unknown:
        parser.error(f"unknown engine {unknown[0]!r}: choose from {', '.join(ENGINES)}")
    for path in args.inputs:
        if not path.exists():
            parser.error(f"no such file or directory: {path}")
    pages = load_pages(args.inputs, args.pages)
    if not pages:
        parser.error("no HTML responses in the input")
    if args.make_warc is not None:  # WARC files of the pages, read back as a crawl's would be
        # Two files per worker: on the distributed scheduler a file is a task, the unit spread over workers.
        count = min(len(pages), 2 * args.workers)
        args.make_warc.mkdir(parents=True, exist_ok=True)
        args.inputs = [args.make_warc / f"pages-{i}.warc.gz" for i in range(count)]
        for i, path in enumerate(args.inputs):
            write_warc(pages[i::count], path)
        pages = load_pages(args.inputs, args.pages)
    warcs = [str(path.resolve()) for path in args.inputs if is_warc(path)]
    print(
        f"{len(pages)} pages, {sum(len(p.body) for p in pages) / 1e6:.1f} MB, {args.workers} workers,"
        f" {os.cpu_count()} cores{f', from {len(warcs)} WARC files' if warcs else ''}"
    )
    measure(names, Job(pages, warcs, args.workers, args.scheduler))
    with ProcessPoolExecutor(max_workers=1) as pool:
        document = pool.submit(parse_page, pages[0]).result()
    link = document.links.item(0)
    print(
        f"a document from a worker: {document.title[:50]!r} at {document.URL},"
        f" first link {link.href if link is not None else None}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
