"""webdom.load and webdom.Session against real local HTTP servers (127.0.0.1 only) and files.

The HTTP tests need httpx (the 'load' extra, also in 'test'); without it they skip and the
file: and argument tests still run.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import importlib.util
import subprocess
import sys
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import webdom
from webdom import HTTPStatusError, LoadError, LoadTimeoutError, ResponseTooLargeError, Session

try:
    import httpx  # noqa: F401

    HAS_HTTPX = True
except ImportError:
    HAS_HTTPX = False

needs_httpx = pytest.mark.skipif(not HAS_HTTPX, reason="httpx is not installed (pip install 'webdom[load]')")

HTML = "text/html"
Route = Callable[["_Handler"], None]


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    routes: dict[str, Route] = {}
    seen: list[tuple[str, dict[str, str]]] = []

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def reply(self, status: int, body: bytes = b"", content_type: str | None = HTML, **headers: str) -> None:
        self.send_response(status)
        if content_type is not None:
            self.send_header("Content-Type", content_type)
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802
        type(self).seen.append((self.path, dict(self.headers)))
        route = type(self).routes.get(self.path.split("?")[0])
        if route is None:
            self.reply(404, b"<title>not here</title>")
        else:
            route(self)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:  # a client that gave up (timeouts)
        pass


def _serve(routes: dict[str, Route]) -> Iterator[tuple[str, list[tuple[str, dict[str, str]]]]]:
    handler = type("Handler", (_Handler,), {"routes": routes, "seen": []})
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", handler.seen
    finally:
        server.shutdown()
        server.server_close()


def _trickle(handler: _Handler) -> None:
    handler.send_response(200)
    handler.send_header("Content-Type", HTML)
    handler.send_header("Content-Length", "20")
    handler.end_headers()
    for _ in range(20):  # one byte every 0.1 s: no read waits long, the whole takes 2 s
        handler.wfile.write(b"x")
        handler.wfile.flush()
        time.sleep(0.1)


def _raw_deflate(data: bytes) -> bytes:
    compressor = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush()


@functools.lru_cache(maxsize=1)
def _brotli_bomb() -> bytes:
    import brotli

    return brotli.compress(b"<p>" + b" " * 100_000_000, quality=5)  # 100 MB in a few KB


OTHER: list[str] = []  # the other server's base URL (another port: another origin)

ROUTES: dict[str, Route] = {
    "/utf8": lambda h: h.reply(200, "<p>crème</p>".encode(), "text/html; charset=utf-8"),
    "/latin1": lambda h: h.reply(200, b"<p>cr\xe8me</p>", "text/html; charset=ISO-8859-1"),
    "/header-beats-meta": lambda h: h.reply(
        200, "<meta charset=windows-1252><p>crème".encode(), "text/html;charset=utf-8"
    ),
    "/bogus-charset": lambda h: h.reply(200, b"<meta charset=windows-1252><p>cr\xe8me", "text/html; charset=no-such"),
    "/two-lines": lambda h: (
        h.send_response(200),
        h.send_header("Content-Type", "text/html;charset=windows-1252"),
        h.send_header("Content-Type", "text/html"),  # same essence, no charset: the first line's charset stays
        h.send_header("Content-Length", "12"),
        h.end_headers(),
        h.wfile.write(b"<p>cr\xe8me</p>"),
    ),
    "/redirect": lambda h: h.reply(302, content_type=None, Location="/final/page.html"),
    "/redirect-with-fragment": lambda h: h.reply(301, content_type=None, Location="/final/page.html#there"),
    "/final/page.html": lambda h: h.reply(200, b"<a href='next.html'>n</a><form action=''></form>"),
    "/loop": lambda h: h.reply(302, content_type=None, Location="/loop"),
    "/gzip": lambda h: h.reply(
        200, gzip.compress("<p>zipped é</p>".encode()), "text/html; charset=utf-8", Content_Encoding="gzip"
    ),
    "/bomb": lambda h: h.reply(200, gzip.compress(b"<p>" + b" " * 3_000_000), HTML, Content_Encoding="gzip"),
    "/big": lambda h: h.reply(200, b"<p>" + b"x" * 2_000_000),
    "/deflate": lambda h: h.reply(200, zlib.compress(b"<p>wrapped"), HTML, Content_Encoding="deflate"),
    "/raw-deflate": lambda h: h.reply(200, _raw_deflate(b"<p>raw"), HTML, Content_Encoding="deflate"),
    "/corrupt": lambda h: h.reply(200, b"not gzip at all", HTML, Content_Encoding="gzip"),
    "/zstd": lambda h: h.reply(200, b"(zstd frame)", HTML, Content_Encoding="zstd"),
    "/twice": lambda h: h.reply(200, gzip.compress(gzip.compress(b"<p>x")), HTML, Content_Encoding="gzip, gzip"),
    "/br-bomb": lambda h: h.reply(200, _brotli_bomb(), HTML, Content_Encoding="br"),
    "/slow": lambda h: (time.sleep(2.0), h.reply(200, b"late")),
    "/trickle": _trickle,
    "/set-cookie": lambda h: h.reply(200, b"<p>set", Set_Cookie="flavour=oat; Path=/"),
    "/redirect-setting-cookie": lambda h: h.reply(
        302, content_type=None, Location="/echo", Set_Cookie="via=redirect; Path=/"
    ),
    "/echo": lambda h: h.reply(
        200, f"<pre>{h.headers.get('Cookie') or ''}|{h.headers.get('User-Agent')}</pre>".encode()
    ),
    "/xhtml": lambda h: h.reply(
        200, b'<html xmlns="http://www.w3.org/1999/xhtml"><body><p>x</p></body></html>', "application/xhtml+xml"
    ),
    "/png": lambda h: h.reply(200, b"\x89PNG\r\n", "image/png"),
    "/xml-latin1": lambda h: h.reply(
        200, b"<?xml version='1.0' encoding='utf-8'?><p>cr\xe8me</p>", "text/xml; charset=windows-1252"
    ),
    "/untyped-html": lambda h: h.reply(200, b"\n<!DOCTYPE html><title>sniffed</title>", None),
    "/untyped-text": lambda h: h.reply(200, b"just words <b>bold", None),
    "/untyped-xml": lambda h: h.reply(200, b"<?xml version='1.0'?><root/>", None),
    "/untyped-png": lambda h: h.reply(200, b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", None),
    "/framed": lambda h: h.reply(
        200,
        (
            b"<iframe id=same src='/frame.html'></iframe><iframe id=cross src='%s/frame.html'></iframe>"
            b"<iframe id=doc srcdoc='<p>inline'></iframe><iframe id=empty></iframe><iframe id=missing src=/gone></iframe>"
            b"<link rel=stylesheet href=/style.css><style>p { color: red }</style><link rel='alternate stylesheet' "
            b"href=/gone.css><link rel=icon href=/icon.png>"
        )
        % OTHER[0].encode(),
    ),
    "/frame.html": lambda h: h.reply(200, b"<title>framed</title><a href=x>x</a>"),
    "/framed-utf8": lambda h: h.reply(
        200, b"<meta charset=utf-8><iframe id=same src=/untagged.html></iframe><iframe id=cross src='%s/untagged.html'>"
        % OTHER[0].encode(),
    ),
    "/untagged.html": lambda h: h.reply(200, "<title>crème</title>".encode()),
    "/style.css": lambda h: h.reply(200, b'@charset "windows-1252"; p::before { content: "cr\xe8me" }', "text/css"),
}


@pytest.fixture(scope="module")
def other() -> Iterator[str]:
    routes: dict[str, Route] = {
        "/frame.html": lambda h: h.reply(200, b"<title>elsewhere</title>"),
        "/untagged.html": lambda h: h.reply(200, "<title>crème</title>".encode()),
    }
    for base, _ in _serve(routes):
        OTHER[:] = [base]
        yield base


@pytest.fixture(scope="module")
def server(other: str) -> Iterator[tuple[str, list[tuple[str, dict[str, str]]]]]:
    yield from _serve(ROUTES)


@pytest.fixture
def base(server: tuple[str, list[Any]]) -> str:
    return server[0]


# -- charsets -----------------------------------------------------------------------------------


@needs_httpx
@pytest.mark.parametrize(
    ("path", "encoding"),
    [
        ("/utf8", "UTF-8"),
        ("/latin1", "windows-1252"),  # ISO-8859-1 is a label of windows-1252
        ("/header-beats-meta", "UTF-8"),  # the transport layer is certain; the meta is not consulted
        ("/bogus-charset", "windows-1252"),  # an unknown label is ignored: the meta decides
        ("/two-lines", "windows-1252"),
    ],
)
def test_content_type_charset_is_the_transport_encoding(base: str, path: str, encoding: str) -> None:
    document = webdom.load(base + path)
    assert document.characterSet == encoding
    assert document.querySelector("p").textContent == "crème"


@needs_httpx
def test_encoding_argument_replaces_the_header(base: str) -> None:
    assert webdom.load(base + "/utf8", encoding="windows-1252").characterSet == "windows-1252"


# -- redirects, URL -----------------------------------------------------------------------------


@needs_httpx
def test_redirect_gives_the_final_url_every_link_resolves_against(base: str) -> None:
    document = webdom.load(base + "/redirect")
    assert document.URL == base + "/final/page.html"
    assert document.querySelector("a").href == base + "/final/next.html"
    assert document.forms[0].action == base + "/final/page.html"
    assert document.location.pathname == "/final/page.html"


@needs_httpx
def test_fragment_survives_a_redirect_unless_location_has_one(base: str) -> None:
    assert webdom.load(base + "/redirect#top").URL == base + "/final/page.html#top"
    assert webdom.load(base + "/redirect-with-fragment#top").URL == base + "/final/page.html#there"


@needs_httpx
def test_redirect_loop_is_a_load_error(base: str) -> None:
    with pytest.raises(LoadError, match="redirects") as caught:
        webdom.load(base + "/loop")
    assert isinstance(caught.value, webdom.NetworkError) and caught.value.name == "NetworkError"
    assert caught.value.url == base + "/loop"


# -- content ------------------------------------------------------------------------------------


@needs_httpx
def test_gzip_is_decoded(base: str) -> None:
    assert webdom.load(base + "/gzip").querySelector("p").textContent == "zipped é"


@needs_httpx
def test_content_codings(base: str, server: tuple[str, list[tuple[str, dict[str, str]]]]) -> None:
    assert webdom.load(base + "/deflate").querySelector("p").textContent == "wrapped"
    assert webdom.load(base + "/raw-deflate").querySelector("p").textContent == "raw"
    assert server[1][-1][1]["Accept-Encoding"].startswith("gzip, deflate")
    with pytest.raises(LoadError, match="decompressed"):
        webdom.load(base + "/corrupt")
    for path in ("/zstd", "/twice"):  # not asked for, or more than one coding: refused, not parsed
        with pytest.raises(LoadError, match="Content-Encoding"):
            webdom.load(base + path)


@needs_httpx
@pytest.mark.skipif(importlib.util.find_spec("brotli") is None, reason="brotli is not installed")
def test_brotli_bomb_stops_at_the_limit(base: str) -> None:
    import tracemalloc

    bomb = _brotli_bomb()  # made before measuring: the server sends it from this process
    assert len(bomb) < 100_000
    tracemalloc.start()
    try:
        with pytest.raises(ResponseTooLargeError):
            webdom.load(base + "/br-bomb", max_bytes=1_000_000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000  # the 100 MB body was never decoded whole


@needs_httpx
def test_xml_mime_type_gives_an_xml_document(base: str) -> None:
    document = webdom.load(base + "/xhtml")
    assert document.contentType == "application/xhtml+xml"
    assert document.querySelector("p").namespaceURI == "http://www.w3.org/1999/xhtml"


@needs_httpx
def test_xml_charset_is_authoritative_over_the_declaration(base: str) -> None:
    document = webdom.load(base + "/xml-latin1")
    assert document.characterSet == "windows-1252" and document.documentElement.textContent == "crème"


@needs_httpx
def test_not_a_document(base: str) -> None:
    with pytest.raises(LoadError, match="image/png"):
        webdom.load(base + "/png")


@needs_httpx
def test_without_content_type_the_bytes_decide(base: str) -> None:
    assert webdom.load(base + "/untyped-html").title == "sniffed"
    assert webdom.load(base + "/untyped-text").querySelector("b").textContent == "bold"  # no pattern: HTML
    assert webdom.load(base + "/untyped-xml").documentElement.localName == "root"
    with pytest.raises(LoadError, match="image/png"):
        webdom.load(base + "/untyped-png")


@needs_httpx
def test_error_status(base: str) -> None:
    with pytest.raises(HTTPStatusError, match="404") as caught:
        webdom.load(base + "/nothing-here")
    assert caught.value.status == 404
    assert webdom.load(base + "/nothing-here", allow_error_status=True).title == "not here"


# -- limits -------------------------------------------------------------------------------------


@needs_httpx
def test_slow_server_times_out(base: str) -> None:
    started = time.monotonic()
    with pytest.raises(LoadTimeoutError):
        webdom.load(base + "/slow", timeout=0.3)
    assert time.monotonic() - started < 1.5


@needs_httpx
def test_trickling_server_times_out_as_a_whole(base: str) -> None:
    started = time.monotonic()
    with pytest.raises(LoadTimeoutError):
        webdom.load(base + "/trickle", timeout=0.5)  # each read takes 0.1 s: only the total trips
    assert time.monotonic() - started < 1.5


@needs_httpx
@pytest.mark.parametrize("path", ["/big", "/bomb"])
def test_size_limit(base: str, path: str) -> None:
    with pytest.raises(ResponseTooLargeError, match="max_bytes"):
        webdom.load(base + path, max_bytes=1_000_000)
    assert webdom.load(base + path, max_bytes=5_000_000).body is not None


@needs_httpx
def test_connection_refused_is_a_load_error() -> None:
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(LoadError) as caught:
        webdom.load(f"http://127.0.0.1:{port}/")
    assert caught.value.status is None


# -- sessions: cookies, user agent --------------------------------------------------------------


@needs_httpx
def test_cookies_are_kept_per_session(base: str) -> None:
    with Session() as session:
        session.load(base + "/set-cookie")
        assert session.load(base + "/echo").querySelector("pre").textContent.startswith("flavour=oat|")
        assert [cookie.name for cookie in session.cookies] == ["flavour"]
        session.close()  # a closed session reopens its connections, with the same jar
        assert session.load(base + "/echo").querySelector("pre").textContent.startswith("flavour=oat|")
    assert Session().load(base + "/echo").querySelector("pre").textContent.startswith("|")  # a new jar
    webdom.load(base + "/set-cookie")
    assert webdom.load(base + "/echo").querySelector("pre").textContent.startswith("|")  # load(): no jar kept


@needs_httpx
def test_cookie_set_by_a_redirect_is_sent_on(base: str) -> None:
    assert webdom.load(base + "/redirect-setting-cookie").querySelector("pre").textContent.startswith("via=redirect|")


@needs_httpx
def test_user_agent_and_headers(base: str, server: tuple[str, list[tuple[str, dict[str, str]]]]) -> None:
    text = webdom.load(base + "/echo").querySelector("pre").textContent
    assert text.split("|")[1].startswith("webdom")
    session = Session(user_agent="tester/1.0", headers={"Accept-Language": "fr"})
    assert session.load(base + "/echo").querySelector("pre").textContent == "|tester/1.0"
    assert server[1][-1][1]["Accept-Language"] == "fr"


# -- subresources -------------------------------------------------------------------------------


@needs_httpx
def test_frames_load_only_when_asked(base: str, server: tuple[str, list[tuple[str, dict[str, str]]]]) -> None:
    seen = server[1]
    plain = webdom.load(base + "/framed")
    assert plain.getElementById("same").contentDocument is None
    assert plain.getElementById("doc").contentDocument is None
    assert not any(path == "/frame.html" for path, _ in seen)  # nothing fetched without subresources

    document = webdom.load(base + "/framed", subresources=True)
    same = document.getElementById("same")
    nested = same.contentDocument
    assert nested.title == "framed" and nested.URL == base + "/frame.html"
    assert nested.querySelector("a").href == base + "/x"
    assert same.contentDocument is nested and same.contentWindow is nested.defaultView  # loaded once
    assert sum(path == "/frame.html" for path, _ in seen) == 1
    assert document.getElementById("cross").contentDocument is None  # another origin: hidden
    assert document.getElementById("cross").contentWindow is None
    session = document._loader
    assert isinstance(session, Session)
    assert session.frame_document(document.getElementById("cross")).title == "elsewhere"
    assert document.getElementById("doc").contentDocument.body.textContent == "inline"
    assert document.getElementById("empty").contentDocument.URL == "about:blank"
    assert document.getElementById("missing").contentDocument is None  # 404: no document
    with pytest.raises(HTTPStatusError):
        session.frame_document(document.getElementById("missing"))
    same.setAttribute("src", "/final/page.html")  # a new URL loads anew
    assert same.contentDocument.URL == base + "/final/page.html"


@needs_httpx
def test_a_frame_takes_its_same_origin_containers_encoding(base: str) -> None:
    # https://html.spec.whatwg.org/#determining-the-character-encoding step 6: no BOM, charset or
    # <meta> in the frame's bytes, so a same-origin container document's encoding decodes them
    document = webdom.load(base + "/framed-utf8", subresources=True)
    same = document.getElementById("same").contentDocument
    assert (same.characterSet, same.title) == ("UTF-8", "crème")
    cross = document._loader.frame_document(document.getElementById("cross"))
    assert (cross.characterSet, cross.title) == ("windows-1252", "crÃ¨me")


@needs_httpx
def test_stylesheets(base: str) -> None:
    with Session() as session:
        document = session.load(base + "/framed", subresources=True)
        sheets = session.stylesheets(document)
    assert [(s.owner.localName, s.url) for s in sheets] == [
        ("link", base + "/style.css"),
        ("style", None),
        ("link", base + "/gone.css"),
    ]
    assert 'content: "crème"' in sheets[0].text  # @charset decides where the Content-Type says nothing
    assert sheets[1].text == "p { color: red }" and sheets[1].error is None
    assert sheets[2].text == "" and isinstance(sheets[2].error, HTTPStatusError)


def test_parse_html_never_has_a_loader() -> None:
    document = webdom.parse_html("<iframe src='https://example.org/'></iframe>", url="https://example.org/")
    assert document._loader is None and document.querySelector("iframe").contentDocument is None


# -- file: URLs and arguments (no httpx needed) -------------------------------------------------


def test_file_url(tmp_path: Path) -> None:
    page = tmp_path / "a page.html"
    page.write_bytes(b"<meta charset=windows-1252><a href='other.html'>cr\xe8me</a>")
    document = webdom.load(page.as_uri())
    assert document.URL == page.as_uri() and document.URL.endswith("/a%20page.html")
    assert document.characterSet == "windows-1252" and document.querySelector("a").textContent == "crème"
    assert document.querySelector("a").href == (tmp_path / "other.html").as_uri()
    xhtml = tmp_path / "p.xhtml"
    xhtml.write_bytes(b'<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>')
    assert webdom.load(xhtml.as_uri()).contentType == "application/xhtml+xml"


def test_file_url_errors(tmp_path: Path) -> None:
    with pytest.raises(LoadError, match="No such file"):
        webdom.load((tmp_path / "missing.html").as_uri())
    with pytest.raises(LoadError):
        webdom.load(tmp_path.as_uri())  # a directory
    big = tmp_path / "big.html"
    big.write_bytes(b"x" * 2000)
    with pytest.raises(ResponseTooLargeError):
        webdom.load(big.as_uri(), max_bytes=1000)


@pytest.mark.parametrize(
    ("url", "error"),
    [
        ("page.html", ValueError),
        ("ftp://example.org/", ValueError),
        ("javascript:alert(1)", ValueError),
        (b"https://example.org/", TypeError),
    ],
)
def test_bad_arguments(url: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        webdom.load(url)


def test_bad_session_options() -> None:
    with pytest.raises(ValueError):
        Session(timeout=0)


def test_without_httpx_http_is_not_supported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "httpx", None)  # `import httpx` now raises ImportError
    with pytest.raises(webdom.NotSupportedError, match=r"webdom\[load\]"):
        webdom.load("http://127.0.0.1:9/")


def test_load_errors_pickle() -> None:
    import pickle

    error = pickle.loads(pickle.dumps(HTTPStatusError("gone", "https://example.org/", 410)))
    assert type(error) is HTTPStatusError and (error.url, error.status, error.message) == (
        "https://example.org/",
        410,
        "gone",
    )


# -- the command line ---------------------------------------------------------------------------


@needs_httpx
def test_cli_loads_a_url(base: str) -> None:
    command = [sys.executable, "-m", "webdom", "query", base + "/redirect", "a", "--prop", "href"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout == base + "/final/next.html\n"
    result = subprocess.run(
        [sys.executable, "-m", "webdom", "tree", base + "/nothing"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1 and result.stderr.startswith("webdom: ") and "404" in result.stderr
    result = subprocess.run(
        [sys.executable, "-m", "webdom", "tree", base + "/utf8", "--url", "https://x.example/"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1 and "--url" in result.stderr


def test_cli_loads_a_file_url(tmp_path: Path) -> None:
    from webdom.cli import main

    page = tmp_path / "p.html"
    page.write_bytes(b"<a href=x>y</a>")
    assert main(["query", page.as_uri(), "a", "--count"]) == 0


def test_srcdoc_frame_of_a_file_page_and_pickling_drops_the_session(tmp_path: Path) -> None:
    import pickle

    page = tmp_path / "framed.html"
    page.write_text("<base href='https://base.example/dir/'><iframe srcdoc='<p>inside<a href=x></a>'></iframe>")
    document = webdom.load(page.as_uri(), subresources=True)
    nested = document.querySelector("iframe").contentDocument
    assert nested.body.textContent == "inside"  # about:srcdoc: the container's origin
    assert nested.querySelector("a").href == "https://base.example/dir/x"  # the container's base URL
    copy = pickle.loads(pickle.dumps(document))  # a session does not travel: the copy fetches nothing
    assert copy._loader is None and copy.querySelector("iframe").contentDocument is None


def test_frame_sources_a_session_does_not_fetch(tmp_path: Path) -> None:
    page = tmp_path / "frames.html"
    page.write_text(
        "<iframe id=bad src='http://exa mple/'></iframe><iframe id=data src='data:text/html,x'></iframe>"
        "<iframe id=blank src='about:blank'></iframe>"
    )
    document = webdom.load(page.as_uri(), subresources=True)
    assert document.getElementById("bad").contentDocument.URL == "about:blank"  # unparsable: about:blank
    assert document.getElementById("blank").contentDocument.URL == "about:blank"
    assert document.getElementById("data").contentDocument is None  # not a scheme a session loads
    detached = document.createElement("iframe")
    detached.srcdoc = "<p>x"
    assert detached.contentDocument is None  # no content navigable until inserted
    document.body.append(detached)
    assert detached.contentDocument.body.textContent == "x"
    detached.remove()
    assert detached.contentDocument is None


@needs_httpx
def test_headers_changed_between_loads_are_sent(base: str) -> None:
    with Session() as session:
        session.load(base + "/echo")
        session.user_agent = "changed/2"
        assert session.load(base + "/echo").querySelector("pre").textContent == "|changed/2"


CHILD = r"""
import asyncio, http.server, json, sys, threading, webdom
from webdom.js import Realm

class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass
    def do_GET(self):
        if self.path == "/top":
            body, extra = b"<iframe src=/frame></iframe>", [("Set-Cookie", "who=me; Path=/")]
        else:
            body, extra = ("<title>" + (self.headers.get("Cookie") or "none") + "</title>").encode(), []
        self.send_response(200)
        for name, value in [("Content-Type", "text/html"), ("Content-Length", str(len(body))), *extra]:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
session = webdom.Session()
document = session.load(f"http://127.0.0.1:{server.server_address[1]}/top")
realm = Realm(document, url=document.URL, read=session.read)
out = []
async def main():
    for src in json.loads(sys.stdin.read())["scripts"]:
        await realm.run()
        value = realm.eval("JSON.stringify(" + "eval(" + json.dumps(src) + "))")
        out.append(value if isinstance(value, str) else None)
asyncio.run(main())
print(json.dumps(out))
"""


@needs_httpx
def test_js_realm_reads_frames_through_the_session() -> None:
    from tests.webdom.js.child import check_in_child

    cases = [("document.querySelector('iframe').contentDocument.title", "who=me")]  # the session's cookie
    check_in_child(CHILD, {"scripts": [src for src, _ in cases]}, cases)
