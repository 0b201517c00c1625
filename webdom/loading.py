"""Loading a page from a URL: ``webdom.load(url)`` and ``webdom.Session``.

What a browser takes from the response decides what the document is, so it is taken here too:

- the ``Content-Type`` charset is the transport-layer encoding given to the HTML encoding
  sniffing algorithm (read as the Fetch Standard reads the header:
  :func:`html_infra.fetch.content_type.extract_a_mime_type`); an unknown label is ignored, as a
  browser ignores it;
- redirects are followed (at most 20, the Fetch Standard's limit) and the final URL is the
  document's URL, which every relative link resolves against; a fragment the redirect's
  ``Location`` lacks is kept from the URL asked for (https://fetch.spec.whatwg.org/#http-redirect-fetch);
- an XML MIME type gives an XML document, HTML an HTML one; without a Content-Type the bytes are
  sniffed (https://mimesniff.spec.whatwg.org/), and other types (images, PDF...) are a LoadError;
- cookies set by responses are sent back on later requests of the same :class:`Session` (one
  jar per session), with its user agent, timeout and size limit;
- ``file:`` URLs read the file (``.xhtml``, ``.xml`` and ``.svg`` files as XML).

HTTP goes through httpx (the ``load`` extra: ``pip install 'webdom[load]'``, with brotli);
``benchmarks/bench_http_clients.py`` compared it with requests, urllib3 and niquests (README,
"Loading pages").  httpx is imported on the first HTTP request only.  The body is read raw and
decoded by :mod:`webdom.content_coding`, within ``max_bytes`` as it decompresses.

Errors are :class:`LoadError` (a ``NetworkError`` DOMException) and its subclasses, with the URL
and, where there was a response, its status; no exception of the HTTP client escapes.  A URL that
is not absolute, or of a scheme other than http, https and file, is a ``ValueError``.

A document loaded with ``subresources=True`` keeps its session, which then serves what the
document needs fetched: an iframe's or frame's ``contentDocument`` (loaded on first use, see
:mod:`dom.loader`) and :meth:`Session.stylesheets`; :meth:`Session.read` serves the JS binding's
frames and scripts.  Without it (the default), and for every document made by ``parse_html``,
nothing is ever fetched.  A session, like a document, belongs to one thread at a time.
"""

from __future__ import annotations

import os
import time
import weakref
from types import TracebackType
from typing import TYPE_CHECKING, Any, NamedTuple, cast
from urllib.parse import unquote_to_bytes

from dom.nodes.document import Document
from dom.nodes.element import Element
from dom.parsing import parse_html, parse_xml
from dom.parsing.xml import XML_CONTENT_TYPES
from dom.reflection import document_base_url, set_about_base_url
from html_infra.encoding import decode, get_an_encoding
from html_infra.fetch.content_type import extract_a_mime_type
from html_infra.mime import MIMEType, parse_mime_type
from html_infra.mime.sniffing import mime_type_sniffing_algorithm
from html_infra.url import URLRecord, parse_url, serialize_url
from webidl.exceptions import NetworkError, NotSupportedError

from .content_coding import ContentDecoder, CorruptBody, UnsupportedCoding, accept_encoding

if TYPE_CHECKING:
    from http.cookiejar import CookieJar

    import httpx

__all__ = [
    "Session",
    "load",
    "LoadError",
    "HTTPStatusError",
    "LoadTimeoutError",
    "ResponseTooLargeError",
    "StyleSheetSource",
]

#: https://fetch.spec.whatwg.org/#http-redirect-fetch step 5: more than 20 redirects is a network error.
MAX_REDIRECTS = 20
DEFAULT_TIMEOUT = 30.0
DEFAULT_MAX_BYTES = 50 * 1024 * 1024
_HTML_NS = "http://www.w3.org/1999/xhtml"
_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"  # what browsers send for a page
_FILE_TYPES = {
    ".xhtml": "application/xhtml+xml",
    ".xht": "application/xhtml+xml",
    ".xml": "application/xml",
    ".svg": "image/svg+xml",
}


class LoadError(NetworkError):
    """A page or subresource could not be loaded (a network error): ``url`` is the URL asked
    for, ``status`` the HTTP status when a response arrived, else None."""

    def __new__(cls, message: str, url: str, status: int | None = None) -> LoadError:
        return cast(LoadError, super().__new__(cls, message))  # DOMException.__new__ takes (message, name)

    def __init__(self, message: str, url: str, status: int | None = None) -> None:
        super().__init__(message)
        self.url = url
        self.status = status

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, self.url, self.status))


class HTTPStatusError(LoadError):
    """The final response's status is not 2xx (``load(..., allow_error_status=True)`` parses it)."""


class LoadTimeoutError(LoadError):
    """No answer within the session's timeout (the whole load, redirects and body included)."""


class ResponseTooLargeError(LoadError):
    """The body, decompressed, is larger than the session's ``max_bytes``."""


class _Response(NamedTuple):
    url: str  # the final URL (after redirects), serialized, fragment included
    status: int
    mime_type: MIMEType | None
    body: bytes


class StyleSheetSource(NamedTuple):
    """One style sheet of a document: its ``<link>`` or ``<style>`` element, the URL it was
    fetched from (None for ``<style>``), its text decoded as CSS says, and the error that
    kept it from loading (then ``text`` is "")."""

    owner: Element
    url: str | None
    text: str
    error: LoadError | None = None


def _default_user_agent() -> str:
    from importlib import metadata  # lazy, as http.cookiejar below: `import webdom` stays fast

    try:
        return f"webdom/{metadata.version('webdom')}"
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "webdom"


def _absolute_url(url: Any, function: str) -> URLRecord:
    if not isinstance(url, str):
        raise TypeError(f"{function}(): url must be a str, not {type(url).__qualname__}")
    record = parse_url(url)
    if record is None:
        raise ValueError(f"{function}(): {url!r} is not an absolute URL (e.g. 'https://example.org/')")
    if record.scheme not in ("http", "https", "file"):
        raise ValueError(f"{function}(): cannot load {record.scheme}: URLs (http, https and file only)")
    return record


class Session:
    """Loads pages and their subresources with one cookie jar, user agent, timeout and size limit.

    ``timeout`` (seconds) bounds each load as a whole: connecting, redirects and reading the body;
    ``max_bytes`` bounds the body after decompression (a small gzip body cannot become gigabytes).
    ``user_agent`` and ``headers`` are sent with every request (changing them takes effect at
    the next); ``max_redirects`` applies from the next connection (after :meth:`close`).  Use
    it as a context manager, or call :meth:`close`, to close its connections (a later load
    opens them again)."""

    __slots__ = (
        "user_agent",
        "timeout",
        "max_bytes",
        "max_redirects",
        "headers",
        "_jar",
        "_client",
        "_frames",
        "__weakref__",
    )

    def __init__(
        self,
        *,
        user_agent: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        max_bytes: int = DEFAULT_MAX_BYTES,
        max_redirects: int = MAX_REDIRECTS,
        headers: dict[str, str] | None = None,
    ) -> None:
        if timeout <= 0 or max_bytes <= 0 or max_redirects < 0:
            raise ValueError("Session(): timeout and max_bytes must be positive, max_redirects not negative")
        self.user_agent = user_agent if user_agent is not None else _default_user_agent()
        self.timeout = timeout
        self.max_bytes = max_bytes
        self.max_redirects = max_redirects
        self.headers = dict(headers or {})
        from http.cookiejar import CookieJar  # lazy: it imports urllib.request (~15 ms), needed once a Session is

        self._jar = CookieJar()
        self._client: httpx.Client | None = None
        # iframe/frame element -> (the URL it was loaded from, its document): loaded once per URL.
        self._frames: weakref.WeakKeyDictionary[Element, tuple[str, Document | None]] = weakref.WeakKeyDictionary()

    @property
    def cookies(self) -> CookieJar:
        """The session's cookie jar (the standard library's), shared by every request it makes."""
        return self._jar

    def __enter__(self) -> Session:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Close the session's connections; cookies are kept."""
        if self._client is not None:
            self._client.close()
            self._client = None

    def load(
        self,
        url: str,
        *,
        encoding: str | None = None,
        parser: str | None = None,
        subresources: bool = False,
        allow_error_status: bool = False,
    ) -> Document:
        """The document at *url*, parsed as a browser parses what it receives (module docstring).

        *encoding* replaces the response's charset (as ``parse_html``'s); *parser* chooses the
        HTML parser; with *subresources* the document keeps this session to load its frames;
        with *allow_error_status* a 4xx/5xx page is parsed instead of raising HTTPStatusError."""
        response = self._fetch(_absolute_url(url, "load"), allow_error_status)
        document = self._parse(response, encoding, parser)
        if subresources:
            document._loader = self
        return document

    def _parse(self, response: _Response, encoding: str | None, parser: str | None,
               container_encoding: str | None = None) -> Document:
        mime = response.mime_type
        if mime is None or mime.essence in ("unknown/unknown", "application/unknown"):
            # https://mimesniff.spec.whatwg.org/#mime-type-sniffing-algorithm: no usable type given,
            # so the bytes decide; text that matches no pattern is taken for HTML, as browsers render it.
            sniffed = parse_mime_type(mime_type_sniffing_algorithm(response.body[:1445], None))
            mime = None if sniffed is None or sniffed.essence == "text/plain" else sniffed
        if mime is None or mime.is_html:
            charset = mime.parameters.get("charset") if mime is not None else None
            if encoding is None and charset is not None and get_an_encoding(charset) is not None:
                encoding = charset  # https://html.spec.whatwg.org/#determining-the-character-encoding step 4
            return parse_html(response.body, url=response.url, encoding=encoding, parser=parser,
                              container_encoding=container_encoding)
        if mime.is_xml:
            content_type = mime.essence if mime.essence in XML_CONTENT_TYPES else "application/xml"
            charset = mime.parameters.get("charset")
            if encoding is None and charset is not None and get_an_encoding(charset) is not None:
                encoding = charset  # authoritative over the XML declaration (RFC 7303 section 3.2)
            return parse_xml(response.body, url=response.url, content_type=content_type, encoding=encoding)
        raise LoadError(f"{response.url} is {mime.essence}, not an HTML or XML document", response.url, response.status)

    # -- fetching ------------------------------------------------------------------------------

    def _fetch(
        self, record: URLRecord, allow_error_status: bool = False, body: bytes | None = None, content_type: str = ""
    ) -> _Response:
        if record.scheme == "file":
            if body is not None:
                raise LoadError(
                    f"{serialize_url(record)}: a file: URL cannot take a request body", serialize_url(record)
                )
            return self._fetch_file(record)
        return self._fetch_http(record, allow_error_status, body, content_type)

    def _fetch_file(self, record: URLRecord) -> _Response:
        url = serialize_url(record)
        if record.host not in (None, "", "localhost"):
            raise LoadError(f"{url}: file: URLs with a host other than localhost cannot be read here", url)
        path = os.fsdecode(unquote_to_bytes("/" + "/".join(record.path)))  # a file URL's path is a list
        try:
            with open(path, "rb") as file:
                body = file.read(self.max_bytes + 1)
        except OSError as error:
            raise LoadError(f"{url}: {error.strerror or error}", url) from None
        if len(body) > self.max_bytes:
            raise ResponseTooLargeError(f"{url} is larger than max_bytes ({self.max_bytes:,} bytes)", url)
        suffix = path[path.rfind(".") :].lower() if "." in path.rsplit("/", 1)[-1] else ""
        kind, _, subtype = _FILE_TYPES.get(suffix, "text/html").partition("/")
        return _Response(url, 200, MIMEType(kind, subtype), body)

    def _http(self) -> httpx.Client:
        if self._client is None:
            try:
                import httpx  # the optional 'load' extra, imported on the first HTTP request only
            except ImportError:
                raise NotSupportedError("loading http(s) URLs needs httpx: pip install 'webdom[load]'") from None
            self._client = httpx.Client(
                follow_redirects=True,
                max_redirects=self.max_redirects,
                timeout=self.timeout,
                cookies=self._jar,  # the jar itself, not a copy: it outlives a closed client
                # Decoded by webdom.content_coding, not by httpx: bounded by max_bytes as it decompresses.
                headers={"Accept": _ACCEPT, "Accept-Encoding": accept_encoding()},
            )
        return self._client

    def _fetch_http(
        self, record: URLRecord, allow_error_status: bool, body: bytes | None = None, content_type: str = ""
    ) -> _Response:
        client = self._http()
        import httpx  # lazy (the optional extra): already loaded by _http above

        url = serialize_url(record)
        deadline = time.monotonic() + self.timeout
        try:
            headers = {"User-Agent": self.user_agent, **self.headers}  # per request: they may have changed
            if body is not None and content_type:
                headers["Content-Type"] = content_type
            method = "GET" if body is None else "POST"
            target = serialize_url(record, exclude_fragment=True)
            with client.stream(method, target, headers=headers, content=body) as response:
                final = self._final_url(str(response.url), record, url)
                if time.monotonic() > deadline:  # slow redirects, each within the per-read timeout
                    raise LoadTimeoutError(f"{final} took longer than {self.timeout} s", url, response.status_code)
                status = response.status_code
                if not 200 <= status < 300 and not allow_error_status:
                    raise HTTPStatusError(f"{final} answered {status} {response.reason_phrase}", url, status)
                declared = response.headers.get("content-length", "")
                if "content-encoding" not in response.headers and declared.isdigit() and int(declared) > self.max_bytes:
                    raise ResponseTooLargeError(
                        f"{final} declares {int(declared):,} bytes, more than max_bytes ({self.max_bytes:,})",
                        url,
                        status,
                    )
                try:
                    decoder = ContentDecoder(response.headers.get("content-encoding"))
                except UnsupportedCoding as error:
                    raise LoadError(f"{final}: unsupported Content-Encoding: {error}", url, status) from None
                received = bytearray()
                # Raw chunks decoded here, within what max_bytes leaves (webdom/content_coding.py).
                for raw in response.iter_raw():
                    received += decoder.decode(raw, self.max_bytes + 1 - len(received))
                    if len(received) > self.max_bytes:
                        raise ResponseTooLargeError(
                            f"{final} is larger than max_bytes ({self.max_bytes:,} bytes after decompression)",
                            url,
                            status,
                        )
                    if time.monotonic() > deadline:  # a slow trickle never trips the per-read timeout
                        raise LoadTimeoutError(f"{final} took longer than {self.timeout} s", url, status)
                received += decoder.finish(self.max_bytes + 1 - len(received))
                if len(received) > self.max_bytes:
                    raise ResponseTooLargeError(f"{final} is larger than max_bytes ({self.max_bytes:,})", url, status)
                mime = extract_a_mime_type(response.headers.get_list("content-type"))
                return _Response(final, status, mime, bytes(received))
        except httpx.TimeoutException:
            raise LoadTimeoutError(f"{url}: no answer within {self.timeout} s", url) from None
        except httpx.TooManyRedirects:
            raise LoadError(f"{url}: more than {self.max_redirects} redirects", url) from None
        except CorruptBody as error:
            raise LoadError(f"{url}: the body could not be decompressed ({error})", url) from None
        except (httpx.HTTPError, httpx.InvalidURL, httpx.StreamError, httpx.CookieConflict) as error:
            raise LoadError(f"{url}: {error or type(error).__name__}", url) from None

    @staticmethod
    def _final_url(final: str, asked: URLRecord, url: str) -> str:
        record = parse_url(final)
        if record is None:  # httpx and the URL Standard disagree on a redirect target
            raise LoadError(f"{url} redirected to {final!r}, which is not a valid URL", url)
        if record.fragment is None and asked.fragment is not None:
            record.fragment = asked.fragment  # https://fetch.spec.whatwg.org/#http-redirect-fetch step 12
        return serialize_url(record)

    # -- subresources --------------------------------------------------------------------------

    def nested_document(self, container: Element) -> Document | None:
        """:class:`dom.loader.SubresourceLoader`: :meth:`frame_document`, None where it fails."""
        try:
            return self.frame_document(container)
        except (LoadError, ValueError):  # a browser shows an error page; the DOM shows no document
            return None

    def frame_document(self, container: Element) -> Document | None:
        """The document a connected ``<iframe>`` or ``<frame>`` shows, cross-origin ones included
        (its ``contentDocument`` hides those, as a browser does): ``srcdoc`` parsed, else ``src``
        loaded through this session (once per URL), else about:blank.  None for other elements,
        disconnected ones and a ``src`` of a scheme a session cannot load (data:, javascript:).
        Raises what :meth:`load` raises."""
        if container.namespaceURI != _HTML_NS or container.localName not in ("iframe", "frame"):
            return None
        if not container.isConnected:  # no content navigable before insertion, none after removal
            return None
        # https://html.spec.whatwg.org/#process-the-iframe-attributes: srcdoc wins over src, and
        # https://html.spec.whatwg.org/#shared-attribute-processing-steps-for-iframe-and-frame-elements:
        # a missing, empty or unparsable src shows about:blank.
        srcdoc = container.getAttribute("srcdoc") if container.localName == "iframe" else None
        url = "about:blank"
        if srcdoc is None and container.getAttribute("src"):
            resolved = str(getattr(container, "src", ""))  # the reflected src: parsed against the base URL
            if parse_url(resolved) is not None:
                url = resolved
        key = f"srcdoc:{srcdoc}" if srcdoc is not None else url
        known = self._frames.get(container)
        if known is not None and known[0] == key:
            return known[1]
        document: Document | None
        if srcdoc is not None or url == "about:blank":
            document = parse_html(srcdoc or "", url="about:srcdoc" if srcdoc is not None else "about:blank")
            document._loader = self
            # https://html.spec.whatwg.org/#concept-document-about-base-url: links in a srcdoc
            # resolve against the container document's base URL
            set_about_base_url(document, document_base_url(container._doc))
        elif url.startswith(("http:", "https:", "file:")):
            response = self._fetch(_absolute_url(url, "load"))
            # https://html.spec.whatwg.org/#determining-the-character-encoding step 6: a
            # same-origin container document lends its encoding
            record, container_record = parse_url(response.url), parse_url(container._doc.URL)
            same_origin = (record is not None and container_record is not None
                           and record.origin.same_origin(container_record.origin))
            document = self._parse(response, None, None, container._doc.characterSet if same_origin else None)
            document._loader = self
        else:
            document = None
        self._frames[container] = (key, document)
        return document

    def read(self, url: str, body: bytes | None = None, content_type: str = "") -> tuple[bytes, str | None] | None:
        """The body and Content-Type of *url* (POSTed *body* when given), None when it cannot be
        loaded: the ``read`` of ``webdom.js.Realm``, so that scripts and frames of a page run in
        the JS binding load through this session (``Realm(document, read=session.read)``)."""
        try:
            response = self._fetch(_absolute_url(url, "read"), False, body, content_type)
        except (LoadError, ValueError, NotSupportedError):
            return None
        return response.body, (response.mime_type.serialize() if response.mime_type is not None else None)

    def stylesheets(self, document: Document) -> list[StyleSheetSource]:
        """The text of each ``<style>`` and of each ``<link rel=stylesheet href>`` (fetched
        through this session) of *document*, in tree order; a sheet that fails to load has its
        error and no text, as a browser skips it."""
        sheets = []
        for element in document.querySelectorAll("style, link[rel][href]"):
            if element.localName == "style":
                sheets.append(StyleSheetSource(element, None, element.textContent or ""))
                continue
            rel = (element.getAttribute("rel") or "").lower().split()
            if "stylesheet" not in rel or element.hasAttribute("disabled"):
                continue
            href = str(getattr(element, "href", ""))
            try:
                response = self._fetch(_absolute_url(href, "stylesheets"))
            except (LoadError, ValueError) as error:
                failure = error if isinstance(error, LoadError) else LoadError(str(error), href)
                sheets.append(StyleSheetSource(element, href, "", failure))
                continue
            sheets.append(StyleSheetSource(element, response.url, decode_stylesheet(response, document.characterSet)))
        return sheets


def decode_stylesheet(response: _Response, environment_encoding: str | None) -> str:
    """https://drafts.csswg.org/css-syntax/#input-byte-stream: decode with the fallback encoding
    (the Content-Type charset, else an ``@charset "...";`` rule at the very start, else the
    environment encoding -- the document's --, else UTF-8); a BOM overrides it."""
    fallback = None
    charset = response.mime_type.parameters.get("charset") if response.mime_type is not None else None
    if charset is not None:
        fallback = get_an_encoding(charset)
    head = response.body[:1024]
    if fallback is None and head.startswith(b'@charset "'):
        end = head.find(b'";', 10)
        if end > 0 and b'"' not in head[10:end]:
            fallback = get_an_encoding(head[10:end].decode("latin-1"))
            if fallback in ("UTF-16BE", "UTF-16LE"):  # a rule written in ASCII cannot be UTF-16
                fallback = "UTF-8"
    return decode(response.body, fallback or environment_encoding or "UTF-8")


def load(
    url: str,
    *,
    encoding: str | None = None,
    parser: str | None = None,
    subresources: bool = False,
    allow_error_status: bool = False,
    user_agent: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
    headers: dict[str, str] | None = None,
) -> Document:
    """The document at *url* (http, https or file), loaded through a new :class:`Session` made
    with the given options (see :meth:`Session.load`).  Use a Session to keep cookies between
    loads."""
    session = Session(user_agent=user_agent, timeout=timeout, max_bytes=max_bytes, headers=headers)
    try:
        return session.load(
            url, encoding=encoding, parser=parser, subresources=subresources, allow_error_status=allow_error_status
        )
    finally:
        if not subresources:  # the document keeps the session to load its frames: it reopens then
            session.close()
