"""Bodies (https://fetch.spec.whatwg.org/#bodies): extracting one from a BodyInit and the Body
mixin's readers (https://fetch.spec.whatwg.org/#body-mixin).

A body here is its bytes (no streams: nothing arrives over a network), kept whole; reading it
once marks it used, as a disturbed stream.  The readers return settled :class:`webidl.promises.Promise`
objects.  ``formData()`` needs the DOM's FormData and is added by :mod:`dom.fetch`.
"""

from __future__ import annotations

from typing import Any

from webidl import to_usv_string
from webidl.promises import Promise, promise_from

from ..blob import Blob
from ..infra import parse_json_bytes_to_infra_value
from ..mime import MIMEType, parse_mime_type

__all__ = ["Body", "extract_a_body", "utf8_decode"]

_Bytes = bytes  # Body has a method named bytes


def extract_a_body(obj: Any) -> tuple[bytes, str | None]:
    """https://fetch.spec.whatwg.org/#concept-bodyinit-extract: the bytes and the Content-Type
    (None: none) of a string, a buffer source, a Blob or a URLSearchParams.  (A FormData is
    extracted by :mod:`dom.fetch`, which knows the multipart/form-data encoding.)"""
    if isinstance(obj, Blob):
        return obj.bytes(), obj.type or None
    if isinstance(obj, bytes | bytearray | memoryview):  # BufferSource: a copy of its bytes
        return bytes(obj), None
    # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
    from ..url.search_params import URLSearchParams
    from ..url.urlencoded import urlencoded_serialize

    if isinstance(obj, URLSearchParams):
        return urlencoded_serialize(list(obj)).encode("utf-8"), "application/x-www-form-urlencoded;charset=UTF-8"
    if isinstance(obj, str):  # a USVString (lone surrogates replaced), UTF-8 encoded
        return to_usv_string(obj).encode("utf-8"), "text/plain;charset=UTF-8"
    raise TypeError(f"cannot use {type(obj).__name__} as a body")


def utf8_decode(data: _Bytes) -> str:
    """https://encoding.spec.whatwg.org/#utf-8-decode: a leading BOM dropped, errors replaced."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.decode("utf-8", "replace")


class Body:
    """https://fetch.spec.whatwg.org/#body-mixin over ``self._body`` (bytes or None) and
    ``self._headers`` (the object's Headers, for its MIME type)."""

    __slots__ = ("_body", "_body_used", "_headers")
    _body: _Bytes | None
    _body_used: bool
    _headers: Any

    @property
    def bodyUsed(self) -> bool:  # noqa: N802 -- IDL name
        """https://fetch.spec.whatwg.org/#dom-body-bodyused"""
        return self._body is not None and self._body_used

    def _unusable(self) -> bool:
        """https://fetch.spec.whatwg.org/#body-unusable"""
        return self._body is not None and self._body_used

    def _mime_type(self) -> MIMEType | None:
        """https://fetch.spec.whatwg.org/#concept-body-mime-type: the last valid MIME type of the
        Content-Type header (https://fetch.spec.whatwg.org/#concept-header-extract-mime-type,
        reduced to its last value)."""
        value = self._headers._get("Content-Type")
        if value is None:
            return None
        mime = None
        for part in value.split(","):
            parsed = parse_mime_type(part)
            if parsed is not None and parsed.essence != "*/*":
                mime = parsed
        return mime

    def _consume(self, convert: Any) -> Promise:
        """https://fetch.spec.whatwg.org/#concept-body-consume"""
        if self._unusable():  # step 1
            return Promise.rejected(TypeError("the body has already been read"))
        data = b""
        if self._body is not None:
            data = self._body
            self._body_used = True
        return promise_from(lambda: convert(data))

    def arrayBuffer(self) -> Promise:  # noqa: N802 -- IDL name
        """https://fetch.spec.whatwg.org/#dom-body-arraybuffer"""
        return self._consume(bytearray)

    def blob(self) -> Promise:
        """https://fetch.spec.whatwg.org/#dom-body-blob"""
        mime = self._mime_type()
        return self._consume(lambda data: Blob._from(data, "" if mime is None else str(mime).lower()))

    def bytes(self) -> Promise:
        """https://fetch.spec.whatwg.org/#dom-body-bytes"""
        return self._consume(_Bytes)

    def json(self) -> Promise:
        """https://fetch.spec.whatwg.org/#dom-body-json -- a syntax error rejects with ValueError
        (JSON.parse's SyntaxError)."""
        return self._consume(parse_json_bytes_to_infra_value)

    def text(self) -> Promise:
        """https://fetch.spec.whatwg.org/#dom-body-text"""
        return self._consume(utf8_decode)

