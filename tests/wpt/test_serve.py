"""tests/wpt/serve.py, which shows another engine (jsdom_compare.js) the WPT folder as run.py shows
it to webdom: the same files, emulated handlers and types, and run.py's wrapper for .any.js.
No pythonmonkey needed; the WPT folder is read from ../shared (skipped without it)."""

from __future__ import annotations

import threading
import urllib.error
import urllib.request
from http.server import ThreadingHTTPServer

from tests.conftest import conformance_path
from tests.wpt import run, serve


def test_files_and_types_are_run_pys() -> None:
    conformance_path("wpt", "resources", "testharness.js")
    status, body, kind = serve.respond("/dom/nodes/Node-cloneNode.html")
    assert (status, kind) == (200, "text/html")
    assert body == (run.WPT / "dom/nodes/Node-cloneNode.html").read_bytes()
    # an alias of run.py's, and the types the realm gives by extension
    assert serve.respond("/resources/WebIDLParser.js")[1] == (run.WPT / "resources/webidl2/lib/webidl2.js").read_bytes()
    assert serve.respond("/resources/testharness.js")[2] == "text/javascript"
    assert serve.respond("/dom/nodes/Document-contentType/resources/blob.xml")[2] == "application/xml"
    # nothing outside the folder, nothing absent
    assert serve.respond("/../README.md")[0] == 404
    assert serve.respond("/no/such/file.html")[:2] == (404, b"")


def test_emulated_handlers_are_run_pys() -> None:
    conformance_path("wpt", "resources", "testharness.js")
    status, body, kind = serve.respond("/dom/nodes/encoding.py?label=koi8-r")
    assert (status, body, kind) == (200, run._handler_response(f"{run.ORIGIN}/dom/nodes/encoding.py?label=koi8-r"),
                                    "text/html")
    # a POST reaches a handler only (form-submission.py checks the posted form)
    target = "/html/semantics/forms/form-submission-0/resources/form-submission.py"
    assert serve.respond(target, b"foo=bara", "application/x-www-form-urlencoded")[1:] == (b"OK", "text/plain")
    assert serve.respond(target, b"foo=bar", "application/x-www-form-urlencoded")[1] == b"FAIL"
    assert serve.respond("/dom/nodes/Node-cloneNode.html", b"x", "text/plain")[0] == 404


def test_wrapper_of_any_js() -> None:
    """X.any.html is run.py's document for X.any.js: the log div, GLOBAL, testharness.js and the
    report hook, the META scripts, the test; a long timeout kept for a harness on a real clock."""
    conformance_path("wpt", "resources", "testharness.js")
    status, body, kind = serve.respond("/url/urlsearchparams-sort.any.html?x")
    assert (status, kind) == (200, "text/html")
    text = body.decode()
    assert text.startswith("<!doctype html><meta charset=utf-8><title></title><body><div id=log></div>")
    assert text.index("self.GLOBAL") < text.index("/resources/testharness.js") < text.index(
        "/resources/testharnessreport.js") < text.index('src="urlsearchparams-sort.any.js"')
    meta = serve.respond("/encoding/textdecoder-fatal-single-byte.any.html?1-1000")[1].decode()
    assert '<meta name="timeout" content="long">' in meta
    assert serve.respond("/url/no-such-test.any.html")[0] == 404
    assert b"__wpt_done" in serve.respond("/resources/testharnessreport.js")[1]


def test_server_answers_over_http() -> None:
    conformance_path("wpt", "resources", "testharness.js")
    server = ThreadingHTTPServer(("127.0.0.1", 0), serve._Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        with urllib.request.urlopen(f"{base}/dom/nodes/encoding.py?label=latin1") as response:
            assert response.headers["Content-Type"] == "text/html"
            assert b'charset="latin1"' in response.read()
        request = urllib.request.Request(f"{base}/fetch/api/resources/echo-content.py", data=b"abc", method="POST")
        with urllib.request.urlopen(request) as response:
            assert response.read() == b"abc"
        try:
            urllib.request.urlopen(f"{base}/nothing-here.html")
            raise AssertionError("a missing file answered")
        except urllib.error.HTTPError as error:
            assert error.code == 404
    finally:
        server.shutdown()
        server.server_close()
