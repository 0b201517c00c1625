"""The HTTP clients webdom.load could stand on, measured for what loading a page needs.

    python benchmarks/bench_http_clients.py [--requests N]

Candidates: httpx, requests, urllib3 and niquests, each left out when not installed.  A
standard-library server on 127.0.0.1 serves one page (the smallest bench page of
../shared/bench-data/html or $WEBDOM_BENCH_DATA, else a generated 100 KB page), plain and gzip-
and brotli-encoded, behind a redirect that sets a cookie.  Per client:

- import time: ``import`` in a fresh interpreter, median of 5;
- fetch time: N sequential GETs of the page through one client object (keep-alive), median;
- features, checked against the server rather than taken from the docs: gzip and brotli
  decoded, the cookie set during a redirect sent back on the next request, the redirect history
  kept, a read timeout raised on a slow response, the body readable in chunks (a size limit can
  stop the download).

Then, with brotli and httpx installed, a decompression bomb (100 MB of spaces, brotli-compressed)
read with a 1 MB limit: the peak memory (tracemalloc) through httpx's ``iter_bytes`` stopping
after the first chunk past the limit, and through ``webdom.load(max_bytes=1_000_000)``, which
decodes with an output budget (webdom/content_coding.py).
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", HERE.parent.parent / "shared" / "bench-data")) / "html"


def _page() -> bytes:
    pages = sorted(BENCH_HTML.glob("*.html"), key=lambda p: p.stat().st_size) if BENCH_HTML.is_dir() else []
    if pages:
        return pages[0].read_bytes()
    return b"<!doctype html><title>made here</title>" + b"<p>" + b"x" * 100_000


PAGE = _page()


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def _send(self, status: int, body: bytes, headers: dict[str, str]) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802
        html = {"Content-Type": "text/html; charset=utf-8"}
        if self.path == "/page":
            self._send(200, PAGE, html)
        elif self.path == "/gzip":
            self._send(200, gzip.compress(PAGE), {**html, "Content-Encoding": "gzip"})
        elif self.path == "/br":
            import brotli  # only asked for when brotli is installed (see main)

            self._send(200, brotli.compress(PAGE), {**html, "Content-Encoding": "br"})
        elif self.path == "/br-bomb":
            self._send(200, _bomb(), {**html, "Content-Encoding": "br"})
        elif self.path == "/redirect":
            self._send(302, b"", {"Location": "/cookie-check", "Set-Cookie": "session=abc; Path=/"})
        elif self.path == "/cookie-check":
            self._send(200, (self.headers.get("Cookie") or "").encode(), html)
        elif self.path == "/slow":
            time.sleep(1.0)
            self._send(200, b"late", html)
        else:
            self._send(404, b"", html)


_BOMB: list[bytes] = []


def _bomb() -> bytes:
    if not _BOMB:
        import brotli

        _BOMB.append(brotli.compress(b"<p>" + b" " * 100_000_000, quality=5))
    return _BOMB[0]


def _bomb_peaks(base: str) -> None:
    """Peak memory reading the brotli bomb with a 1 MB limit, through httpx and through webdom."""
    import tracemalloc

    import httpx

    sys.path.insert(0, str(HERE.parent))
    import webdom

    def through_httpx() -> None:
        with httpx.stream("GET", f"{base}/br-bomb") as response:
            received = 0
            for chunk in response.iter_bytes():
                received += len(chunk)
                if received > 1_000_000:
                    break

    def through_webdom() -> None:
        try:
            webdom.load(f"{base}/br-bomb", max_bytes=1_000_000)
        except webdom.ResponseTooLargeError:
            pass

    size = len(_bomb())  # made before measuring: the server runs in this process
    peaks = []
    for read in (through_httpx, through_webdom):  # each in its own frame: nothing read outlives it
        tracemalloc.start()
        read()
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    print(
        f"\nbrotli bomb ({size} bytes -> 100 MB), 1 MB limit, peak memory: httpx iter_bytes "
        f"{peaks[0] / 1e6:.1f} MB, webdom.load {peaks[1] / 1e6:.1f} MB"
    )


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:  # a client gave up on /slow: expected
        pass


def _import_time(module: str) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    times = []
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        times.append(float(out.stdout))
    return statistics.median(times)


class Client:
    """One candidate: how to make a client object and GET a URL with it."""

    def __init__(
        self,
        module: str,
        make: Callable[[], Any],
        get: Callable[[Any, str, float], tuple[int, bytes]],
        history: Callable[[Any, str], int],
        chunks: Callable[[Any, str], int],
    ) -> None:
        self.module, self.make, self.get, self.history, self.chunks = module, make, get, history, chunks


def _clients() -> list[Client]:
    found = []
    try:
        import httpx

        found.append(
            Client(
                "httpx",
                lambda: httpx.Client(follow_redirects=True),
                lambda c, u, t: (lambda r: (r.status_code, r.content))(c.get(u, timeout=t)),
                lambda c, u: len(c.get(u).history),
                lambda c, u: _count_chunks(c.stream("GET", u), lambda r: r.iter_bytes(4096)),
            )
        )
    except ImportError:
        pass
    try:
        import requests

        found.append(
            Client(
                "requests",
                requests.Session,
                lambda c, u, t: (lambda r: (r.status_code, r.content))(c.get(u, timeout=t)),
                lambda c, u: len(c.get(u).history),
                lambda c, u: sum(1 for _ in c.get(u, stream=True).iter_content(4096)),
            )
        )
    except ImportError:
        pass
    try:
        import urllib3

        found.append(
            Client(
                "urllib3",
                urllib3.PoolManager,
                lambda c, u, t: (lambda r: (r.status, r.data))(c.request("GET", u, timeout=t)),
                lambda c, u: len(c.request("GET", u, retries=urllib3.Retry(redirect=5)).retries.history),
                lambda c, u: sum(1 for _ in c.request("GET", u, preload_content=False).stream(4096)),
            )
        )
    except ImportError:
        pass
    try:
        import niquests

        found.append(
            Client(
                "niquests",
                niquests.Session,
                lambda c, u, t: (lambda r: (r.status_code, r.content))(c.get(u, timeout=t)),
                lambda c, u: len(c.get(u).history),
                lambda c, u: sum(1 for _ in c.get(u, stream=True).iter_content(4096)),
            )
        )
    except ImportError:
        pass
    return found


def _count_chunks(context: Any, chunks: Callable[[Any], Any]) -> int:
    with context as response:
        return sum(1 for _ in chunks(response))


def _check(action: Callable[[], bool]) -> str:
    try:
        return "yes" if action() else "no"
    except Exception as error:  # a missing feature shows as the client's own error
        return f"no ({type(error).__name__})"


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--requests", type=int, default=50)
    arguments.add_argument("--quick", action="store_true", help="10 requests (docs/gen_readme_tables.py --quick)")
    options = arguments.parse_args()
    if options.quick:
        options.requests = 10
    try:
        import brotli  # noqa: F401

        has_brotli = True
    except ImportError:
        has_brotli = False
    server = _Server(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    print(f"page: {len(PAGE):,} bytes; {options.requests} GETs per client; Python {sys.version.split()[0]}\n")
    print(
        "| client | version | import (ms) | GET, keep-alive (ms) | gzip | brotli | cookie across a redirect "
        "| redirect history | read timeout | chunked read |"
    )
    print("| --- | --- | ---: | ---: | --- | --- | --- | --- | --- | --- |")
    for client in _clients():
        module = sys.modules[client.module]
        session = client.make()
        times = []
        for _ in range(options.requests):
            started = time.perf_counter()
            status, body = client.get(session, f"{base}/page", 10.0)
            times.append(time.perf_counter() - started)
            assert status == 200 and body == PAGE
        gzip_ok = _check(lambda: client.get(session, f"{base}/gzip", 10.0)[1] == PAGE)
        brotli_ok = _check(lambda: client.get(session, f"{base}/br", 10.0)[1] == PAGE) if has_brotli else "n/a"
        cookie_ok = _check(lambda: client.get(client.make(), f"{base}/redirect", 10.0)[1] == b"session=abc")
        history_ok = _check(lambda: client.history(client.make(), f"{base}/redirect") == 1)

        def slow() -> bool:
            try:
                client.get(session, f"{base}/slow", 0.2)
            except Exception:
                return True
            return False

        print(
            f"| {client.module} | {getattr(module, '__version__', '?')} | {_import_time(client.module) * 1000:.0f} "
            f"| {statistics.median(times) * 1000:.2f} | {gzip_ok} | {brotli_ok} | {cookie_ok} | {history_ok} "
            f"| {_check(slow)} | {_check(lambda: client.chunks(session, f'{base}/page') > 1)} |"
        )
    try:
        import httpx  # noqa: F401

        _bomb_peaks(base)
    except ImportError:
        print("\n(brotli bomb: needs httpx and brotli)")
    server.shutdown()


if __name__ == "__main__":
    main()
