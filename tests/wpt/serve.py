"""Serve the WPT folder over HTTP as tests/wpt/run.py shows it to webdom, for running another
engine under the same conditions (tests/wpt/jsdom_compare.js):

    python -m tests.wpt.serve [--port N]      # prints "serving http://127.0.0.1:N", then serves
    python -m tests.wpt.serve --list DIR_OR_FILE ...   # run.py's test files, one a line

The responses are run.py's own, from the same code: a file inside the WPT folder (with run.py's
aliases), a wptserve handler the runner emulates (``run._HANDLERS``, GET or POST), and the
Content-Type the realm gives a response (``run._CONTENT_TYPES``; without one, the extension
picks XML or HTML, as ``Realm._document_of_response`` does); anything else is an empty 404.
``X.any.html``/``X.window.html`` is the wrapper document run.py builds for ``X.any.js``/
``X.window.js`` (its ``<div id=log>``, ``self.GLOBAL``, testharness.js, the ``// META: script=``
dependencies, the test), as markup.  ``/resources/testharnessreport.js`` does what run.py's hook
does after testharness.js (no output in the document) and hands the completion's list to
``window.__wpt_done(tests, status)`` where the driver defined it.  Nothing else of wptserve
(substitution of ``.sub`` files, the stash, other Python handlers) is served: run.py has none of it.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from tests.wpt import run

# What run.py's hook does, for an engine that loads testharnessreport.js itself.
REPORT_JS = b"""setup({ output: false });
add_completion_callback(function (tests, status) {
  if (typeof window.__wpt_done === "function") window.__wpt_done(tests, status);
});
"""
# The types Realm._document_of_response infers from the extension when a response has none.
_XML_TYPES = {".xml": "application/xml", ".xhtml": "application/xhtml+xml", ".svg": "image/svg+xml"}


def wrapper(rel: str) -> bytes | None:
    """The document run.py runs ``X.any.js``/``X.window.js`` in, for its ``.any.html``/
    ``.window.html`` URL (None when there is no such test)."""
    source_rel = re.sub(r"\.(any|window)\.html$", r".\1.js", rel)
    path = run.WPT / source_rel
    if source_rel == rel or not path.is_file():
        return None
    source = path.read_text(encoding="utf-8")
    # a long timeout only matters to a harness on a real clock (run.py's timers are virtual)
    timeout = '<meta name="timeout" content="long">' if re.search(r"^// META: timeout=long", source, re.M) else ""
    scripts = ["<script>self.GLOBAL = { isWindow: () => true, isWorker: () => false, "
               "isShadowRealm: () => false };</script>",
               '<script src="/resources/testharness.js"></script>',
               '<script src="/resources/testharnessreport.js"></script>']
    scripts += [f'<script src="{html.escape(src)}"></script>'
                for src in re.findall(r"^// META: script=(\S+)", source, re.M)]
    scripts.append(f'<script src="{html.escape(Path(source_rel).name)}"></script>')
    return (f"<!doctype html><meta charset=utf-8>{timeout}<title></title><body><div id=log></div>"
            + "".join(scripts)).encode()


def respond(target: str, body: bytes | None = None, content_type: str | None = None) -> tuple[int, bytes, str]:
    """Status, body and Content-Type for a request of *target* (path and query), as run.py's
    ``read`` answers webdom."""
    path = urlsplit(target).path
    if path == "/resources/testharnessreport.js":
        return 200, REPORT_JS, "text/javascript"
    if body is None and path.endswith((".any.html", ".window.html")):
        page = wrapper(path.lstrip("/"))
        if page is not None:
            return 200, page, "text/html"
    url = run.ORIGIN + target
    file = run._url_to_path(url) if body is None else None
    if file is not None:
        data: bytes | tuple[bytes, str] | None = file.read_bytes()
        kind = run._CONTENT_TYPES.get(file.suffix.lower())
        if kind is not None:
            data = (file.read_bytes(), kind)
    else:
        data = run._handler_response(url, body, content_type)
    if data is None:
        return 404, b"", "text/html"
    if isinstance(data, tuple):
        return 200, data[0], data[1]
    return 200, data, next((t for ext, t in _XML_TYPES.items() if path.endswith(ext)), "text/html")


class _Handler(BaseHTTPRequestHandler):
    def _answer(self, body: bytes | None) -> None:
        status, data, kind = respond(self.path, body, self.headers.get("Content-Type"))
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:  # noqa: N802 -- http.server's name
        self._answer(None)

    def do_POST(self) -> None:  # noqa: N802 -- http.server's name
        self._answer(self.rfile.read(int(self.headers.get("Content-Length") or 0)))

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 -- http.server's name
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--port", type=int, default=0, help="the port on 127.0.0.1 (default: any free one)")
    parser.add_argument("--list", nargs="+", metavar="TARGET", help="print run.py's test files of these targets")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(run.test_files(args.list)))
        return 0
    server = ThreadingHTTPServer(("127.0.0.1", args.port), _Handler)
    print(f"serving http://127.0.0.1:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
