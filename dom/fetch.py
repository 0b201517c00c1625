"""Request, Response and ``fetch()`` of the Fetch Standard (https://fetch.spec.whatwg.org/#fetch-api)
without a network.

The constructors do what the standard says -- URLs parsed against the API base URL (the base URL
of the document ``Text()`` and ``Range()`` belong to, see :func:`dom.nodes.document.set_default_document`),
methods, modes and headers checked, bodies extracted -- and the Body mixin reads the bodies
(``text()``, ``json()``, ``formData()``...: settled :class:`webidl.promises.Promise` objects).
:func:`fetch` never connects: after building its Request it answers a promise rejected with a
TypeError, which is what a network error gives.  There are no streams: ``body`` is absent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from html_infra.blob import File
from html_infra.fetch.body import Body, extract_a_body, utf8_decode
from html_infra.fetch.headers import Headers, HeadersInit
from html_infra.fetch.http import (
    is_forbidden_method,
    is_method,
    is_null_body_status,
    is_redirect_status,
    normalize_method,
)
from html_infra.infra import serialize_infra_value_to_json_bytes
from html_infra.mime import MIMEType
from webidl import (
    BufferSource,
    RangeError,
    to_unsigned_short,
    to_usv_string,
    undefined,
)
from webidl.attribute_getters import getter
from webidl.dictionaries import convert_dictionary
from webidl.operations import operations
from webidl.promises import Promise, promise_from

from .aborting import AbortSignal
from .html.forms.form_data import FormData
from .html.forms.submission import multipart_form_data_encode, new_boundary
from .nodes.document import default_document
from .reflection import document_base_url

if TYPE_CHECKING:
    from html_infra.blob import Blob
    from html_infra.url import URLRecord, URLSearchParams
    from webidl.dictionary_types import RequestInit, ResponseInit

__all__ = ["BodyInit", "Request", "Response", "api_base_url", "fetch"]

# https://fetch.spec.whatwg.org/#bodyinit (no ReadableStream here: there are no streams)
BodyInit: TypeAlias = "Blob | BufferSource | FormData | URLSearchParams | str"


def _serialized_url(request: Request) -> str:
    # lazy: as the constructor (which parsed the URL) has loaded them
    from html_infra.url.record import serialize_url

    return serialize_url(request._url)


def api_base_url() -> str:
    """https://html.spec.whatwg.org/#api-base-url of the relevant settings object: the base URL
    of the document the global object stands for."""
    return document_base_url(default_document())


def extract(obj: Any) -> tuple[bytes, str | None]:
    """https://fetch.spec.whatwg.org/#concept-bodyinit-extract, FormData included."""
    if isinstance(obj, FormData):
        boundary = new_boundary()
        return multipart_form_data_encode(list(obj), "UTF-8", boundary), f"multipart/form-data; boundary={boundary}"
    return extract_a_body(obj)


def _multipart_parse(data: bytes, mime: MIMEType) -> list[tuple[str, str | File]]:
    """https://andreubotella.github.io/multipart-form-data/#multipart-form-data-parser (what
    ``formData()`` reads a multipart/form-data body with); TypeError where it fails."""
    boundary = mime.parameters.get("boundary")
    if boundary is None:
        raise TypeError("formData(): multipart/form-data without a boundary")
    delimiter = b"--" + boundary.encode("latin-1", "replace")
    if not data.startswith(delimiter):
        raise TypeError("formData(): the body does not start with its boundary")
    entries: list[tuple[str, str | File]] = []
    position = len(delimiter)
    while True:
        if data.startswith(b"--", position):  # the close delimiter
            return entries
        if not data.startswith(b"\r\n", position):
            raise TypeError("formData(): malformed multipart/form-data body")
        end = data.find(b"\r\n" + delimiter, position + 2)
        if end < 0:
            raise TypeError("formData(): multipart/form-data body without a closing boundary")
        head, separator, content = data[position + 2:end].partition(b"\r\n\r\n")
        if not separator:
            raise TypeError("formData(): a multipart part without a blank line after its headers")
        name = filename = None
        content_type = "text/plain"
        for line in head.split(b"\r\n"):
            field, _, value = line.decode("latin-1").partition(":")
            field, value = field.strip().lower(), value.strip()
            if field == "content-disposition":
                if not value.lower().startswith("form-data"):
                    raise TypeError("formData(): a part that is not form-data")
                for key in ("name", "filename"):
                    found = _disposition_parameter(value, key)
                    if key == "name":
                        name = found
                    else:
                        filename = found
            elif field == "content-type":
                content_type = value
        if name is None:
            raise TypeError("formData(): a multipart part without a name")
        if filename is not None:
            entries.append((name, File([content], filename, {"type": content_type})))
        else:
            entries.append((name, utf8_decode(content)))
        position = end + 2 + len(delimiter)


def _disposition_parameter(value: str, key: str) -> str | None:
    """A ``key="..."`` parameter of a Content-Disposition header, with the %0A, %0D and %22 the
    encoder writes decoded, as UTF-8."""
    marker = f'; {key}="'
    start = value.find(marker)
    if start < 0:
        return None
    start += len(marker)
    end = value.find('"', start)
    if end < 0:
        raise TypeError("formData(): an unterminated quoted parameter")
    raw = value[start:end].replace("%0A", "\n").replace("%0D", "\r").replace("%22", '"')
    return raw.encode("latin-1").decode("utf-8", "replace")


class _FetchBody(Body):
    """The Body mixin with ``formData()``, which makes a FormData."""

    __slots__ = ()

    def formData(self) -> Promise:  # noqa: N802 -- IDL name
        """https://fetch.spec.whatwg.org/#dom-body-formdata"""
        mime = self._mime_type()

        def convert(data: bytes) -> FormData:
            if mime is not None and mime.essence == "multipart/form-data":  # step 2
                return FormData._with_entries(_multipart_parse(data, mime))
            if mime is not None and mime.essence == "application/x-www-form-urlencoded":  # step 3
                # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
                from html_infra.url.urlencoded import urlencoded_parse_bytes

                return FormData._with_entries(list(urlencoded_parse_bytes(data)))
            raise TypeError("formData(): the body is neither multipart/form-data nor urlencoded")  # step 4

        return self._consume(convert)


@operations("Request", "__init__")
class Request(_FetchBody):
    """https://fetch.spec.whatwg.org/#request-class"""

    __slots__ = ("_url", "_method", "_signal", "_mode", "_credentials", "_cache", "_redirect", "_referrer",
                 "_referrer_policy", "_integrity", "_keepalive", "_duplex")
    _method: str
    _signal: AbortSignal
    _mode: str
    _credentials: str
    _cache: str
    _redirect: str
    _referrer: str
    _referrer_policy: str
    _integrity: str
    _keepalive: bool
    _duplex: str

    def __init__(self, input: Request | str, init: RequestInit = {}) -> None:  # noqa: A002, B006 -- IDL name; read only
        """https://fetch.spec.whatwg.org/#dom-request (*init* converted: the members given)"""
        base_url = api_base_url()  # step 3
        if isinstance(input, Request):  # step 6
            source: Request | None = input
            url = input._url.copy()
            fallback_mode = None
        else:  # step 5
            source = None
            text = input
            # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
            from html_infra.url.parser import parse_url

            parsed = parse_url(text, base_url)
            if parsed is None:
                raise TypeError(f"Request: {text!r} is not a valid URL")
            if parsed.includes_credentials:
                raise TypeError(f"Request: {text!r} includes credentials")
            url, fallback_mode = parsed, "cors"
        self._url: URLRecord = url
        self._method = source._method if source else "GET"
        self._mode = source._mode if source else "cors"
        self._credentials = source._credentials if source else "same-origin"
        self._cache = source._cache if source else "default"
        self._redirect = source._redirect if source else "follow"
        self._referrer = source._referrer if source else "about:client"
        self._referrer_policy = source._referrer_policy if source else ""
        self._integrity = source._integrity if source else ""
        self._keepalive = source._keepalive if source else False
        self._duplex = "half"
        given = init
        if given.get("window") is not None:  # step 11
            raise TypeError("Request: window can only be null")
        if given:  # step 12
            if self._mode == "navigate":
                self._mode = "same-origin"
            self._referrer = "about:client"
            self._referrer_policy = ""
        if "referrer" in given:  # step 14
            referrer = given["referrer"]
            if referrer == "":
                self._referrer = "no-referrer"
            else:
                # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
                from html_infra.url.parser import parse_url
                from html_infra.url.record import serialize_url

                parsed_referrer = parse_url(referrer, base_url)
                if parsed_referrer is None:
                    raise TypeError(f"Request: {referrer!r} is not a valid referrer URL")
                self._referrer = serialize_url(parsed_referrer)
        if "referrerPolicy" in given:  # step 15
            self._referrer_policy = given["referrerPolicy"]
        mode = given.get("mode", fallback_mode)  # step 16
        if mode == "navigate":  # step 17
            raise TypeError("Request: mode cannot be navigate")
        if mode is not None:  # step 18
            self._mode = mode
        if "credentials" in given:  # step 19
            self._credentials = given["credentials"]
        if "cache" in given:  # step 20
            self._cache = given["cache"]
        if self._cache == "only-if-cached" and self._mode != "same-origin":  # step 21
            raise TypeError("Request: cache only-if-cached needs mode same-origin")
        if "redirect" in given:  # step 22
            self._redirect = given["redirect"]
        if "integrity" in given:  # step 23
            self._integrity = given["integrity"]
        if "keepalive" in given:  # step 24
            self._keepalive = given["keepalive"]
        if "method" in given:  # step 25
            method = given["method"]
            if not is_method(method):
                raise TypeError(f"Request: {method!r} is not a valid method")
            if is_forbidden_method(method):
                raise TypeError(f"Request: {method!r} is a forbidden method")
            self._method = normalize_method(method)
        if "duplex" in given:
            self._duplex = given["duplex"]
        signal = given.get("signal", source._signal if source else None)  # step 26
        # step 29: this's signal follows the given one (https://dom.spec.whatwg.org/#abortsignal-follow)
        self._signal = AbortSignal.any([signal]) if signal is not None else AbortSignal._new()
        self._headers = Headers._with_guard("request")  # step 30
        if self._mode == "no-cors":  # step 31
            if self._method not in ("GET", "HEAD", "POST"):
                raise TypeError(f"Request: {self._method!r} is not allowed in no-cors mode")
            self._headers._guard = "request-no-cors"
        headers_init: HeadersInit | Headers | None = source._headers if source else None
        if given:  # step 32
            # (a union member is an object in the TypedDict: its conversion made it a HeadersInit)
            default = Headers(source._headers) if source else None
            headers_init = cast("HeadersInit | None", given.get("headers", default))
        if headers_init is not None:
            self._headers._fill(headers_init)
        input_body = source._body if source else None  # step 33
        init_body_given = given.get("body") is not None
        if (init_body_given or input_body is not None) and self._method in ("GET", "HEAD"):  # step 34
            raise TypeError("Request: a GET or HEAD request cannot have a body")
        self._body = None
        self._body_used = False
        if init_body_given:  # step 36
            self._body, content_type = extract(given["body"])
            if content_type is not None and self._headers._get("Content-Type") is None:
                self._headers._append("Content-Type", content_type)
        elif input_body is not None:  # steps 39-41: the input's body moves to the new request
            assert source is not None
            if source._unusable():
                raise TypeError("Request: the input request's body has already been read")
            self._body = input_body
            source._body_used = True

    # -- attributes (https://fetch.spec.whatwg.org/#request-class) ------------------------------

    method = getter[str](lambda self: self._method, doc="https://fetch.spec.whatwg.org/#dom-request-method")
    url = getter[str](_serialized_url, doc="https://fetch.spec.whatwg.org/#dom-request-url")
    headers = getter[Headers](lambda self: self._headers, doc="https://fetch.spec.whatwg.org/#dom-request-headers")
    destination = getter[str](lambda self: "", doc="https://fetch.spec.whatwg.org/#dom-request-destination")
    referrerPolicy = getter[str](lambda self: self._referrer_policy,  # noqa: N815 -- IDL name
                              doc="https://fetch.spec.whatwg.org/#dom-request-referrerpolicy")
    mode = getter[str](lambda self: self._mode, doc="https://fetch.spec.whatwg.org/#dom-request-mode")
    credentials = getter[str](lambda self: self._credentials, doc="https://fetch.spec.whatwg.org/#dom-request-credentials")
    cache = getter[str](lambda self: self._cache, doc="https://fetch.spec.whatwg.org/#dom-request-cache")
    redirect = getter[str](lambda self: self._redirect, doc="https://fetch.spec.whatwg.org/#dom-request-redirect")
    integrity = getter[str](lambda self: self._integrity, doc="https://fetch.spec.whatwg.org/#dom-request-integrity")
    keepalive = getter[bool](lambda self: self._keepalive, doc="https://fetch.spec.whatwg.org/#dom-request-keepalive")
    isReloadNavigation = getter[bool](lambda self: False,  # noqa: N815
                                  doc="https://fetch.spec.whatwg.org/#dom-request-isreloadnavigation")
    isHistoryNavigation = getter[bool](lambda self: False,  # noqa: N815
                                   doc="https://fetch.spec.whatwg.org/#dom-request-ishistorynavigation")
    signal = getter[AbortSignal](lambda self: self._signal, doc="https://fetch.spec.whatwg.org/#dom-request-signal")
    duplex = getter[str](lambda self: self._duplex, doc="https://fetch.spec.whatwg.org/#dom-request-duplex")

    @property
    def referrer(self) -> str:
        """https://fetch.spec.whatwg.org/#dom-request-referrer"""
        return {"no-referrer": "", "client": "about:client"}.get(self._referrer, self._referrer)

    def clone(self) -> Request:
        """https://fetch.spec.whatwg.org/#dom-request-clone"""
        if self._unusable():
            raise TypeError("Request.clone(): the body has already been read")
        copy = Request(self)
        self._body_used = False  # Request(self) moved the body: a clone shares it instead
        return copy

    def __repr__(self) -> str:
        return f"<Request {self._method} {self.url}>"


_RESPONSE_TYPES = ("basic", "cors", "default", "error", "opaque", "opaqueredirect")


def _is_reason_phrase(text: str) -> bool:
    """https://httpwg.org/specs/rfc9112.html#status.line: HTAB, SP, VCHAR and obs-text."""
    return all(c in "\t " or "\x21" <= c <= "\x7e" or "\x80" <= c <= "\xff" for c in text)


class _StaticOrBody:
    """``Response.json``: the IDL has both ``static Response json(data, init)`` and the Body
    mixin's ``json()``; read off the class it is the static one, off an instance the reader."""

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return Response._json_static
        return Body.json.__get__(obj)


@operations("Response", "__init__")
class Response(_FetchBody):
    """https://fetch.spec.whatwg.org/#response-class"""

    __slots__ = ("_type", "_status", "_status_text", "_url")

    def __init__(self, body: BodyInit | None = None,
                 init: ResponseInit = {}) -> None:  # noqa: B006 -- read only, as the IDL's "= {}"
        """https://fetch.spec.whatwg.org/#dom-response"""
        self._type = "default"  # step 1
        self._url: str = ""
        self._headers = Headers._with_guard("response")  # step 2
        body_with_type = None if body is None else extract(body)  # steps 3-4
        self._initialize(init, body_with_type)  # step 5

    def _initialize(self, init: ResponseInit, body_with_type: tuple[bytes, str | None] | None) -> None:
        """https://fetch.spec.whatwg.org/#initialize-a-response (*init* converted: its defaults in)"""
        status, status_text = init["status"], init["statusText"]
        if not 200 <= status <= 599:  # step 1
            raise RangeError(f"Response: status {status} is not in the range 200 to 599")
        if not _is_reason_phrase(status_text):  # step 2
            raise TypeError(f"Response: {status_text!r} is not a valid status text")
        self._status, self._status_text = status, status_text  # steps 3-4
        headers = init.get("headers")
        if headers is not None:  # step 5
            self._headers._fill(headers)
        self._body = None
        self._body_used = False
        if body_with_type is not None:  # step 6
            if is_null_body_status(status):
                raise TypeError(f"Response: a response with status {status} cannot have a body")
            self._body, content_type = body_with_type
            if content_type is not None and self._headers._get("Content-Type") is None:
                self._headers._append("Content-Type", content_type)

    @classmethod
    def _make(cls, status: int, type_: str = "default") -> Response:
        response = cls()
        response._status = status
        response._type = type_
        return response

    @staticmethod
    def error() -> Response:
        """https://fetch.spec.whatwg.org/#dom-response-error -- a network error."""
        response = Response._make(0, "error")
        response._headers._guard = "immutable"
        return response

    @staticmethod
    def redirect(url: Any, status: Any = 302) -> Response:
        """https://fetch.spec.whatwg.org/#dom-response-redirect"""
        text = to_usv_string(url)
        # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
        from html_infra.url.parser import parse_url
        from html_infra.url.record import serialize_url

        parsed = parse_url(text, api_base_url())  # step 1
        if parsed is None:  # step 2
            raise TypeError(f"Response.redirect(): {text!r} is not a valid URL")
        status = to_unsigned_short(status)
        if not is_redirect_status(status):  # step 3
            raise RangeError(f"Response.redirect(): {status} is not a redirect status")
        response = Response._make(status)  # steps 4-5
        response._headers._append("Location", serialize_url(parsed))  # steps 6-7
        response._headers._guard = "immutable"
        return response

    @staticmethod
    def _json_static(data: Any, init: Any = undefined) -> Response:
        """https://fetch.spec.whatwg.org/#dom-response-json"""
        body = serialize_infra_value_to_json_bytes(_to_infra(data))  # step 1
        response = Response()
        converted = cast("ResponseInit", convert_dictionary("ResponseInit", init, "Response.json() init"))
        response._initialize(converted, (body, "application/json"))  # steps 2-3
        return response

    json = _StaticOrBody()  # static json(data, init) off the class, the Body reader off an instance

    # -- attributes --------------------------------------------------------------------------

    type = getter[str](lambda self: self._type, doc="https://fetch.spec.whatwg.org/#dom-response-type")
    url = getter[str](lambda self: self._url, doc="https://fetch.spec.whatwg.org/#dom-response-url")
    redirected = getter[bool](lambda self: False, doc="https://fetch.spec.whatwg.org/#dom-response-redirected")
    status = getter[int](lambda self: self._status, doc="https://fetch.spec.whatwg.org/#dom-response-status")
    ok = getter[bool](lambda self: 200 <= self._status <= 299, doc="https://fetch.spec.whatwg.org/#dom-response-ok")
    statusText = getter[str](lambda self: self._status_text,  # noqa: N815 -- IDL name
                          doc="https://fetch.spec.whatwg.org/#dom-response-statustext")
    headers = getter[Headers](lambda self: self._headers, doc="https://fetch.spec.whatwg.org/#dom-response-headers")

    def clone(self) -> Response:
        """https://fetch.spec.whatwg.org/#dom-response-clone"""
        if self._unusable():
            raise TypeError("Response.clone(): the body has already been read")
        copy = Response._make(self._status, self._type)
        copy._status_text, copy._url, copy._body = self._status_text, self._url, self._body
        copy._headers._copy_list_of(self._headers)
        copy._headers._guard = self._headers._guard
        return copy

    def __repr__(self) -> str:
        return f"<Response {self._status} {self._type}>"


def _to_infra(value: Any) -> Any:
    """A JS value as JSON.stringify reads it (https://infra.spec.whatwg.org/#serialize-a-javascript-value-to-json-bytes),
    for the values that cross the binding: mappings, sequences, strings, numbers, booleans, null."""
    if value is undefined or callable(value):
        raise TypeError("Response.json(): the data cannot be serialized as JSON")
    if isinstance(value, Mapping):
        return {to_usv_string(k): _to_infra(v) for k, v in value.items()
                if v is not undefined and not callable(v)}
    if isinstance(value, list | tuple):
        return [None if v is undefined or callable(v) else _to_infra(v) for v in value]
    return value


def fetch(input: Any, init: Any = undefined) -> Promise:  # noqa: A002 -- IDL name
    """https://fetch.spec.whatwg.org/#dom-global-fetch -- the Request is made (its errors reject
    the promise, as the standard's step 2), then the fetch is a network error (webdom does no
    networking): a promise rejected with a TypeError either way."""

    def steps() -> Any:
        request = Request(input, init)
        raise TypeError(f"fetch(): network error ({request.url}: webdom does no networking)")

    return promise_from(steps)
