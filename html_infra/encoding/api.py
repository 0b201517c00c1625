"""The Encoding Standard's API: TextDecoder and TextEncoder (https://encoding.spec.whatwg.org/#api).

``TextDecoder(label="utf-8", {"fatal": bool, "ignoreBOM": bool})`` decodes bytes-like input
(bytes, bytearray, memoryview) with every encoding the project decodes, streaming with
``decode(chunk, {"stream": True})``; ``TextEncoder().encode(s)`` returns the UTF-8 bytes and
``encodeInto(s, buffer)`` writes into a bytearray or writable memoryview.  Python values stand
for JS values as everywhere: ``encode`` returns ``bytes`` where JS returns a Uint8Array.
"""

from __future__ import annotations

import codecs
from typing import TYPE_CHECKING, Any

from webidl import RangeError
from webidl.operations import operations

from .encodings import SINGLE_BYTE, UTF_CODECS, decode_no_bom, get_an_encoding, multi_byte_decoder
from .io_queue import ByteQueue, process_a_queue

if TYPE_CHECKING:
    from webidl import BufferSource
    from webidl.dictionary_types import TextDecodeOptions, TextDecoderOptions, TextEncoderEncodeIntoResult

__all__ = ["TextDecoder", "TextEncoder"]

# https://encoding.spec.whatwg.org/#textdecoder: the encodings whose BOM the decoder strips
_BOM_STRIPPING = frozenset(("UTF-8", "UTF-16LE", "UTF-16BE"))


class _Decoder:
    """An instance of an encoding's decoder with its I/O queue, keeping what a chunk left
    unfinished (https://encoding.spec.whatwg.org/#dom-textdecoder-decode)."""

    __slots__ = ("_encoding", "_fatal", "_incremental", "_multi_byte", "_queue")

    def __init__(self, encoding: str, fatal: bool) -> None:
        self._encoding = encoding
        self._fatal = fatal
        self._incremental: Any = None
        self._multi_byte = None
        self._queue = ByteQueue()
        if encoding in SINGLE_BYTE or encoding == "x-user-defined":
            return  # one byte is one code point: nothing is ever pending
        multi_byte = multi_byte_decoder(encoding)
        if multi_byte is not None:
            self._multi_byte = multi_byte()
            return
        self._incremental = codecs.getincrementaldecoder(UTF_CODECS[encoding])("strict" if fatal else "replace")

    def decode(self, data: bytes, final: bool) -> str:
        """Process the queued bytes; at the end of the stream, a pending sequence is an error."""
        if self._multi_byte is not None:
            self._queue.push(data)
            return process_a_queue(self._multi_byte, self._queue, final, self._fatal)
        if self._incremental is None:
            return decode_no_bom(data, self._encoding, "strict" if self._fatal else "replace")
        text: str = self._incremental.decode(data, final)
        return text


@operations("TextDecoder", "__init__", "decode")
class TextDecoder:
    """https://encoding.spec.whatwg.org/#interface-textdecoder"""

    __slots__ = ("_encoding", "_fatal", "_ignore_bom", "_bom_seen", "_do_not_flush", "_decoder")

    def __init__(self, label: str = "utf-8", options: TextDecoderOptions = {}) -> None:  # noqa: B006 -- read only
        """https://encoding.spec.whatwg.org/#dom-textdecoder"""
        opts = options
        encoding = get_an_encoding(label)  # step 1
        if encoding is None or encoding == "replacement":  # step 2
            raise RangeError(f"The encoding label {label!r} is not supported")
        self._encoding = encoding  # step 3
        self._fatal: bool = opts["fatal"]  # step 4: error mode
        self._ignore_bom: bool = opts["ignoreBOM"]  # step 5
        self._bom_seen = False
        self._do_not_flush = False
        self._decoder = _Decoder(encoding, self._fatal)

    @property
    def encoding(self) -> str:
        """https://encoding.spec.whatwg.org/#dom-textdecoder-encoding -- the name, lowercased."""
        return self._encoding.lower()

    @property
    def fatal(self) -> bool:
        """https://encoding.spec.whatwg.org/#dom-textdecoder-fatal"""
        return self._fatal

    @property
    def ignoreBOM(self) -> bool:  # noqa: N802 -- IDL name
        """https://encoding.spec.whatwg.org/#dom-textdecoder-ignorebom"""
        return self._ignore_bom

    def decode(self, input: BufferSource | None = None,
               options: TextDecodeOptions = {}) -> str:  # noqa: B006 -- read only, as the IDL's "= {}"
        """https://encoding.spec.whatwg.org/#dom-textdecoder-decode (*input* None: not given) --
        a decoding error in fatal mode is a TypeError."""
        if not self._do_not_flush:  # step 1: a fresh decoder and BOM state
            self._decoder = _Decoder(self._encoding, self._fatal)
            self._bom_seen = False
        # step 3: https://webidl.spec.whatwg.org/#dfn-get-buffer-source-copy
        data = b"" if input is None else memoryview(input).tobytes()
        self._do_not_flush = options["stream"]  # step 2
        try:
            output = self._decoder.decode(data, not self._do_not_flush)  # steps 4-5
        except UnicodeDecodeError:
            self._do_not_flush = False  # the next call starts afresh
            raise TypeError(f"The {self._encoding} data is not valid") from None
        return self._serialize(output)

    def _serialize(self, output: str) -> str:
        """https://encoding.spec.whatwg.org/#concept-td-serialize -- a leading BOM of the
        decoder's own encoding is dropped once per stream unless ignoreBOM is set."""
        if output and not self._bom_seen:
            self._bom_seen = True
            if output[0] == "\ufeff" and self._encoding in _BOM_STRIPPING and not self._ignore_bom:
                return output[1:]
        return output

    def __repr__(self) -> str:
        return f"TextDecoder({self.encoding!r}, fatal={self._fatal}, ignoreBOM={self._ignore_bom})"


def _scalar_values_with_units(source: str) -> list[tuple[str, int]]:
    """Each scalar value of *source* read as a JS string, with the UTF-16 code units it took
    (a pair written as two surrogate code points is one astral value; a lone surrogate is
    U+FFFD for one unit)."""
    out: list[tuple[str, int]] = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        cp = ord(c)
        if 0xD800 <= cp <= 0xDBFF and i + 1 < n and 0xDC00 <= ord(source[i + 1]) <= 0xDFFF:
            out.append((chr(0x10000 + ((cp - 0xD800) << 10) + ord(source[i + 1]) - 0xDC00), 2))
            i += 2
            continue
        if 0xD800 <= cp <= 0xDFFF:
            out.append(("\ufffd", 1))
        else:
            out.append((c, 2 if cp > 0xFFFF else 1))
        i += 1
    return out


@operations("TextEncoder", "encode", "encodeInto")
class TextEncoder:
    """https://encoding.spec.whatwg.org/#interface-textencoder -- always UTF-8."""

    __slots__ = ()

    @property
    def encoding(self) -> str:
        """https://encoding.spec.whatwg.org/#dom-textencoder-encoding"""
        return "utf-8"

    def encode(self, input: str = "") -> bytes:
        """https://encoding.spec.whatwg.org/#dom-textencoder-encode (bytes for the Uint8Array)."""
        return input.encode("utf-8")

    def encodeInto(self, source: str, destination: bytearray | memoryview) -> TextEncoderEncodeIntoResult:  # noqa: N802
        """https://encoding.spec.whatwg.org/#dom-textencoder-encodeinto -- writes whole UTF-8
        sequences while they fit; returns ``{"read": UTF-16 code units, "written": bytes}``.
        The destination, a Uint8Array, is a bytearray or a writable memoryview."""
        target = memoryview(destination)
        if target.format != "B" or target.ndim != 1:
            target = target.cast("B")
        text = source
        read = written = 0
        available = len(target)
        for scalar, units in _scalar_values_with_units(text):
            encoded = scalar.encode("utf-8")
            if written + len(encoded) > available:
                break
            target[written : written + len(encoded)] = encoded
            read += units
            written += len(encoded)
        return {"read": read, "written": written}

    def __repr__(self) -> str:
        return "TextEncoder()"
