"""Undoing a response's ``Content-Encoding`` without letting a small body become a huge one.

An HTTP client decompresses each chunk it receives as a whole: 64 KB of gzip can become 64 MB,
and 64 KB of brotli gigabytes, before a size limit counting the decoded chunks sees any of it.
The decoders here take an output budget with every chunk (zlib's ``max_length``, brotli's
``output_buffer_limit``) and stop at it, so :class:`webdom.Session`'s ``max_bytes`` bounds the
memory a response can take, decompressed.

One content coding is decoded (https://www.rfc-editor.org/rfc/rfc9110#section-8.4.1): gzip,
deflate (zlib-wrapped, or raw as some servers send it) and br (with the brotli package, 1.2 or
later); ``identity`` is none.  A response using another coding, or several, is refused rather
than parsed as if it were markup.
"""

from __future__ import annotations

import zlib
from typing import Any

__all__ = ["ContentDecoder", "accept_encoding", "UnsupportedCoding", "CorruptBody"]


class UnsupportedCoding(ValueError):
    """A Content-Encoding this module does not decode (the caller reports it as a load error)."""


class CorruptBody(ValueError):
    """The body is not valid data of its content coding."""


def _brotli() -> Any:
    """The brotli module if it can bound its output (1.2 or later), else None."""
    try:
        import brotli  # optional (the 'load' extra): br is asked for only where it is installed
    except ImportError:
        return None
    return brotli if "output_buffer_limit" in (brotli.Decompressor.process.__doc__ or "") else None


def accept_encoding() -> str:
    """The ``Accept-Encoding`` request header value: the codings :class:`ContentDecoder` decodes here."""
    return "gzip, deflate, br" if _brotli() is not None else "gzip, deflate"


class ContentDecoder:
    """Decodes the body of a response whose ``Content-Encoding`` header is *header* (None: none),
    chunk by chunk, each :meth:`decode` call producing at most *budget* bytes."""

    __slots__ = ("_coding", "_zlib", "_brotli", "_first")

    def __init__(self, header: str | None) -> None:
        codings = [c.strip().lower() for c in (header or "").split(",") if c.strip()]
        codings = [c for c in codings if c != "identity"]
        if len(codings) > 1:
            raise UnsupportedCoding(f"more than one content coding ({header})")
        self._coding = codings[0] if codings else None
        self._zlib: Any = None
        self._brotli: Any = None
        self._first = True
        if self._coding in ("gzip", "x-gzip"):
            self._zlib = zlib.decompressobj(16 + zlib.MAX_WBITS)
        elif self._coding == "deflate":
            self._zlib = zlib.decompressobj(zlib.MAX_WBITS)
        elif self._coding == "br":
            brotli = _brotli()
            if brotli is None:
                raise UnsupportedCoding("br (install brotli 1.2 or later: pip install 'webdom[load]')")
            self._brotli = brotli.Decompressor()
        elif self._coding is not None:
            raise UnsupportedCoding(self._coding)

    def decode(self, data: bytes, budget: int) -> bytes:
        """The decoded bytes of the next chunk *data*, at most *budget* (>= 1) of them: when the
        result is *budget* long there may be more (the caller, counting against its limit, stops)."""
        if self._coding is None:
            return data[:budget]
        if self._brotli is not None:
            try:
                return bytes(self._brotli.process(data, output_buffer_limit=budget))[:budget]
            except Exception as error:  # brotli.error, the only exception the decompressor raises
                raise CorruptBody(f"br: {error}") from None
        try:
            result: bytes = self._zlib.decompress(data, budget)
        except zlib.error as error:
            if not (self._coding == "deflate" and self._first):
                raise CorruptBody(f"{self._coding}: {error}") from None
            # Raw deflate without the zlib wrapper, which some servers send as "deflate".
            self._zlib = zlib.decompressobj(-zlib.MAX_WBITS)
            try:
                result = self._zlib.decompress(data, budget)
            except zlib.error as raw_error:
                raise CorruptBody(f"deflate: {raw_error}") from None
        self._first = False
        return result

    def finish(self, budget: int) -> bytes:
        """What the decoder still holds once the body has ended (little: every chunk was decoded
        as far as its input went)."""
        if self._zlib is not None:
            rest: bytes = self._zlib.flush()
            return rest[:budget]
        return b""
