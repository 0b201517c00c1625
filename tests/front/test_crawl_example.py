"""examples/crawl_dask.py runs on a small input with every engine (Dask where installed) and
every engine extracts the same records."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from tests.conftest import REPO

HAS_DASK = importlib.util.find_spec("dask") is not None


def test_crawl_example_small_input(tmp_path):
    for i in range(3):
        (tmp_path / f"p{i}.html").write_bytes(
            b"<meta charset=windows-1252><title>page</title><base href=https://site.example/dir/>"
            + b"<a href='cr\xe8me.html?q=cr\xe8me'>x</a>" * (i + 1) + b"<form action=/s></form>")
    result = subprocess.run(
        [sys.executable, str(REPO / "examples" / "crawl_dask.py"), str(tmp_path), "--pages", "6", "--workers", "2"],
        capture_output=True, text=True, cwd=REPO, timeout=300,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)},
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "6 pages, 0.0 MB, 2 workers" in out
    assert "serial      6 pages in" in out and "processes   6 pages in" in out and "pages per CPU second" in out
    assert ("dask        6 pages in" if HAS_DASK else "dask        skipped") in out
    assert ("first record: 'page' (windows-1252), 1 links, first "
            "['https://site.example/dir/cr%C3%A8me.html?q=cr%E8me']") in out
    assert "a document from a worker: 'page' at https://pages.example/p0.html, first link " \
           "https://site.example/dir/cr%C3%A8me.html?q=cr%E8me" in out
