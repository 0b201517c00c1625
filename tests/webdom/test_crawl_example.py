"""examples/crawl_dask.py runs on a small input with every engine (Dask where installed) and
every engine extracts the same records."""

from __future__ import annotations

import importlib.util
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

HAS_DASK = importlib.util.find_spec("dask") is not None


def test_crawl_example_small_input(tmp_path):
    for i in range(3):
        (tmp_path / f"p{i}.html").write_bytes(
            b"<meta charset=windows-1252><title>page</title><base href=https://site.example/dir/>"
            + b"<a href='cr\xe8me.html?q=cr\xe8me'>x</a>" * (i + 1)
            + b"<form action=/s></form>"
        )
    result = subprocess.run(
        [sys.executable, str(REPO / "examples" / "crawl_dask.py"), str(tmp_path), "--pages", "6", "--workers", "2"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)},
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "6 pages, 0.0 MB, 2 workers" in out
    assert "serial      6 pages in" in out and "processes   6 pages in" in out and "pages per CPU second" in out
    assert ("dask        6 pages in" if HAS_DASK else "dask        skipped") in out
    assert (
        "first record: 'page' (windows-1252), 1 links, first ['https://site.example/dir/cr%C3%A8me.html?q=cr%E8me']"
    ) in out
    assert (
        "a document from a worker: 'page' at https://pages.example/p0.html, first link "
        "https://site.example/dir/cr%C3%A8me.html?q=cr%E8me" in out
    )


HAS_WARC = importlib.util.find_spec("warcio") is not None
HAS_DISTRIBUTED = importlib.util.find_spec("distributed") is not None
BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "html"
BENCH_PAGES = ["wikipedia-42-number.html", "dailymail-article.html"]  # the two smaller ones: a test stays short


def _write_warc(path: Path, responses: list[tuple[str, str, str, bytes]]) -> None:
    """A gzipped WARC of (URL, status line, Content-Type, body) responses, with a request record
    before each, as a crawler writes them."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with path.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)
        for url, status, content_type, body in responses:
            request = StatusAndHeaders("GET / HTTP/1.1", [("Host", "warc.example")], is_http_request=True)
            writer.write_record(writer.create_warc_record(url, "request", http_headers=request))
            headers = StatusAndHeaders(status, [("Content-Type", content_type)], protocol="HTTP/1.1")
            writer.write_record(
                writer.create_warc_record(url, "response", payload=io.BytesIO(body), http_headers=headers)
            )


@pytest.mark.skipif(not HAS_WARC, reason="warcio not installed (pip install 'webdom[dask]')")
@pytest.mark.skipif(not HAS_DISTRIBUTED, reason="dask.distributed not installed (pip install 'webdom[dask]')")
def test_crawl_example_reads_a_warc_on_the_distributed_scheduler(tmp_path):
    missing = [name for name in BENCH_PAGES if not (BENCH_HTML / name).is_file()]
    if missing:
        pytest.skip(f"{BENCH_HTML} lacks {missing}: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    # The charset is only in the HTTP header: a browser (and the example) decodes windows-1252.
    made = (
        b"<title>cr\xe8me</title><base href=https://warc.example/dir/><h1>Caf\xe9</h1><p>Hello <b>world</b>"
        b"<a href='cr\xe8me.html?q=cr\xe8me'>x</a><form method=post action=send><input name=q><select name=s>"
        b"</select></form>"
    )
    responses = [
        ("https://warc.example/made.html", "200 OK", "text/html; charset=windows-1252", made),
        ("https://warc.example/logo.png", "200 OK", "image/png", b"\x89PNG\r\n"),  # not a page
        ("https://warc.example/gone.html", "404 Not Found", "text/html", b"<title>gone</title>"),  # not a page
    ] + [
        (f"https://bench.example/{name}", "200 OK", "text/html; charset=utf-8", (BENCH_HTML / name).read_bytes())
        for name in BENCH_PAGES
    ]
    warc = tmp_path / "crawl.warc.gz"
    _write_warc(warc, responses)
    result = subprocess.run(
        [
            sys.executable,
            str(REPO / "examples" / "crawl_dask.py"),
            str(warc),
            "--workers",
            "2",
            "--engine",
            "serial,distributed,selectolax",
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=600,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), "HOME": str(tmp_path)},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    out = result.stdout
    assert "3 pages," in out and "from 1 WARC files" in out
    # the script checks that the distributed scheduler extracted the same records as the serial run
    assert "serial      3 pages in" in out and "distributed 3 pages in" in out
    assert "selectolax  3 pages in" in out or "selectolax  skipped" in out
    assert (
        "first record: 'crème' (windows-1252), 1 links, first ['https://warc.example/dir/cr%C3%A8me.html?q=cr%E8me']"
    ) in out
    assert (
        "text: 18 characters, 'Café Hello worldx'...; forms: [('post', 'https://warc.example/dir/send', ['q', 's'])]"
        in out
    )
