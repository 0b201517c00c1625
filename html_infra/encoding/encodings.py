"""The encodings (https://encoding.spec.whatwg.org/#encodings) and the Encoding Standard's
hooks for other standards (https://encoding.spec.whatwg.org/#specification-hooks): labels,
decoders and encoders.  The package, :mod:`html_infra.encoding`, re-exports them with the
TextDecoder/TextEncoder API and HTML's encoding sniffing, which build on this module."""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..infra import ASCII_WHITESPACE
from .io_queue import ByteQueue, Decoder, process_a_queue

if TYPE_CHECKING:
    from _codecs import _EncodingMap  # typeshed's only name for charmap_build's result

__all__ = [
    "LABELS",
    "get_an_encoding",
    "get_an_output_encoding",
    "decode",
    "encode",
    "encode_or_fail",
    "utf8_decode",
    "utf8_decode_without_bom",
    "utf8_decode_without_bom_or_fail",
    "utf8_encode",
    "BOM_SNIFF",
    "bom_sniff",
    "SINGLE_BYTE", "UTF_CODECS", "decode_no_bom", "multi_byte_decoder",
]

_DATA = json.loads((Path(__file__).resolve().parent / "data.json").read_text("utf-8"))
# https://encoding.spec.whatwg.org/#names-and-labels
LABELS: dict[str, str] = _DATA["labels"]
SINGLE_BYTE: dict[str, list[int | None]] = _DATA["single_byte"]

# Python's UTF codecs decode as the Encoding Standard's UTF-8 and UTF-16 decoders do: "replace"
# gives one U+FFFD per maximal subpart (https://encoding.spec.whatwg.org/#utf-8-decoder), and the
# UTF-16 codecs one per lone surrogate or odd byte (#shared-utf-16-decoder); the tests check both.
UTF_CODECS = {"UTF-8": "utf-8", "UTF-16BE": "utf-16-be", "UTF-16LE": "utf-16-le"}

# The multi-byte encodings, written from the spec's handlers (not Python's CJK codecs, whose
# tables and error handling differ): the module, decoder class and encoder of each, imported on
# first use so that ``import webdom`` does not pay for them.  GBK's decoder is gb18030's
# (https://encoding.spec.whatwg.org/#gbk-decoder).  ISO-2022-JP's encoder has state: it encodes a
# whole string.
_MULTI_BYTE = {
    "GBK": ("simplified_chinese", "GB18030Decoder", "gbk_encoder"),
    "gb18030": ("simplified_chinese", "GB18030Decoder", "gb18030_encoder"),
    "Big5": ("traditional_chinese", "Big5Decoder", "big5_encoder"),
    "EUC-JP": ("japanese", "EUCJPDecoder", "euc_jp_encoder"),
    "ISO-2022-JP": ("japanese", "ISO2022JPDecoder", "iso_2022_jp_encode"),
    "Shift_JIS": ("japanese", "ShiftJISDecoder", "shift_jis_encoder"),
    "EUC-KR": ("korean", "EUCKRDecoder", "euc_kr_encoder"),
}


def multi_byte_decoder(encoding: str) -> type[Decoder] | None:
    """The decoder class of a multi-byte *encoding* (an instance is a decoder instance), or None."""
    found = _MULTI_BYTE.get(encoding)
    if found is None:
        return None
    decoder: type[Decoder] = getattr(import_module(f".{found[0]}", __package__), found[1])
    return decoder


def _multi_byte_encoder(encoding: str) -> Callable[[str], Any] | None:
    found = _MULTI_BYTE.get(encoding)
    if found is None:
        return None
    encoder: Callable[[str], Any] = getattr(import_module(f".{found[0]}", __package__), found[2])
    return encoder


def get_an_encoding(label: str) -> str | None:
    """https://encoding.spec.whatwg.org/#concept-encoding-get -- the encoding's name, or None."""
    key = label.strip(ASCII_WHITESPACE)
    if not key.isascii():
        return None
    return LABELS.get(key.lower())


def get_an_output_encoding(encoding: str) -> str:
    """https://encoding.spec.whatwg.org/#get-an-output-encoding"""
    if encoding in ("replacement", "UTF-16BE", "UTF-16LE"):
        return "UTF-8"
    return encoding


@cache
def _single_byte_tables(name: str) -> tuple[str, dict[int, int] | _EncodingMap]:
    index = SINGLE_BYTE[name]
    # Bytes 0x00-0x7F are ASCII; an unmapped pointer decodes as an error (U+FFFE marks
    # "undefined" for Python's charmap codec).
    decoding = "".join(chr(i) for i in range(128)) + "".join(
        "\ufffe" if cp is None else chr(cp) for cp in index
    )
    return decoding, codecs.charmap_build(decoding)


@cache
def _latin1_bytes(name: str) -> bytes | None:
    """The bytes that *name*'s decoder maps to the code point of the same number (every byte
    below 0x80, and those above where the index agrees with Latin-1), when they are most of
    the upper half (windows-1252, which ``latin1``/``iso-8859-1`` labels too, and the like):
    input made of them decodes as Latin-1, some forty times faster than the charmap."""
    upper = [0x80 + pointer for pointer, cp in enumerate(SINGLE_BYTE[name]) if cp == 0x80 + pointer]
    return bytes(range(0x80)) + bytes(upper) if len(upper) >= 96 else None


# https://encoding.spec.whatwg.org/#bom-sniff
BOM_SNIFF = ((b"\xef\xbb\xbf", "UTF-8"), (b"\xfe\xff", "UTF-16BE"), (b"\xff\xfe", "UTF-16LE"))


_BOMS = tuple(bom for bom, _ in BOM_SNIFF)


def bom_sniff(data: bytes) -> str | None:
    """https://encoding.spec.whatwg.org/#bom-sniff"""
    if not data.startswith(_BOMS):  # (one call for the common answer: every page parsed asks)
        return None
    for bom, name in BOM_SNIFF:
        if data.startswith(bom):
            return name
    return None


def decode_no_bom(data: bytes, encoding: str, errors: str = "replace") -> str:
    """Process a queue (https://encoding.spec.whatwg.org/#concept-encoding-run) of *data*, all of
    it, with an instance of *encoding*'s decoder: error mode "replacement" (*errors*
    ``"replace"``) or "fatal" (``"strict"``: a ``UnicodeDecodeError``)."""
    if encoding == "UTF-8":  # (most pages: answered before the tables are looked in)
        return data.decode("utf-8", errors)
    if encoding in SINGLE_BYTE:
        same = _latin1_bytes(encoding)
        if same is not None and not data.translate(None, same):  # every byte is its code point
            return data.decode("latin-1")
        table, _ = _single_byte_tables(encoding)
        return codecs.charmap_decode(data, errors, table)[0]
    if encoding == "x-user-defined":
        # https://encoding.spec.whatwg.org/#x-user-defined-decoder
        return "".join(chr(b) if b < 0x80 else chr(0xF780 + b - 0x80) for b in data)
    if encoding == "replacement":
        # https://encoding.spec.whatwg.org/#replacement-decoder: one U+FFFD, then the end.
        if errors == "strict" and data:
            raise UnicodeDecodeError("replacement", data, 0, len(data), "replacement encoding")
        return "\ufffd" if data else ""
    multi_byte = multi_byte_decoder(encoding)
    if multi_byte is not None:
        return process_a_queue(multi_byte(), ByteQueue(data), True, errors == "strict")
    return data.decode(UTF_CODECS[encoding], errors)


def decode(data: bytes, fallback: str) -> str:
    """https://encoding.spec.whatwg.org/#decode: a BOM overrides *fallback* (an encoding name)."""
    sniffed = bom_sniff(data)
    if sniffed is not None:
        data = data[3:] if sniffed == "UTF-8" else data[2:]
        return decode_no_bom(data, sniffed)
    return decode_no_bom(data, fallback)


def utf8_decode(data: bytes) -> str:
    """https://encoding.spec.whatwg.org/#utf-8-decode (strips a UTF-8 BOM)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.decode("utf-8", "replace")


def utf8_decode_without_bom(data: bytes) -> str:
    """https://encoding.spec.whatwg.org/#utf-8-decode-without-bom

    Python's "replace" error handler substitutes one U+FFFD per maximal subpart, as the
    Encoding Standard's UTF-8 decoder does.
    """
    return data.decode("utf-8", "replace")


def utf8_decode_without_bom_or_fail(data: bytes) -> str | None:
    """https://encoding.spec.whatwg.org/#utf-8-decode-without-bom-or-fail"""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _scalar_value_string(s: str) -> str:
    """https://infra.spec.whatwg.org/#javascript-string-convert for a str standing for a JS
    string: a surrogate pair written as two code points is one scalar value, a lone surrogate
    becomes U+FFFD (Python's "replace" when encoding would write "?")."""
    if s.isascii():
        return s
    try:
        s.encode("utf-8")
        return s
    except UnicodeEncodeError:
        return s.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def utf8_encode(s: str) -> bytes:
    """https://encoding.spec.whatwg.org/#utf-8-encode (lone surrogates become U+FFFD first)."""
    return _scalar_value_string(s).encode("utf-8")


def _encode_strict(text: str, encoding: str) -> bytes:
    """The single-byte and x-user-defined encoders, raising ``UnicodeEncodeError`` at the first
    error."""
    if encoding in SINGLE_BYTE:
        _, table = _single_byte_tables(encoding)
        return codecs.charmap_encode(text, "strict", table)[0]
    assert encoding == "x-user-defined"
    out = bytearray()
    for i, c in enumerate(text):
        cp = ord(c)
        if cp < 0x80:
            out.append(cp)
        elif 0xF780 <= cp <= 0xF7FF:
            out.append(cp - 0xF780 + 0x80)
        else:
            raise UnicodeEncodeError("x-user-defined", text, i, i + 1, "unencodable")
    return bytes(out)


def _encode_multi_byte(text: str, encoder: Callable[[str], bytes | None]) -> list[bytes | int]:
    out: list[bytes | int] = []
    run = bytearray()
    for c in text:
        encoded = encoder(c)
        if encoded is not None:
            run += encoded
            continue
        if run:
            out.append(bytes(run))
            run.clear()
        out.append(ord(c))
    if run:
        out.append(bytes(run))
    return out


def encode_or_fail(text: str, encoding: str) -> list[bytes | int]:
    """https://encoding.spec.whatwg.org/#encode-or-fail, continued past each failure.

    Returns the output as a list of byte chunks and, in between, the code points the encoder
    could not encode (ints) -- the caller decides what an error becomes: HTML writes ``&#N;``,
    the URL Standard ``%26%23N%3B``.  *text* is first converted to scalar values (a lone
    surrogate is U+FFFD), as the encoders take scalar values
    (https://encoding.spec.whatwg.org/#concept-encoding-process step 3).
    """
    encoding = get_an_output_encoding(encoding)
    if encoding == "UTF-8":
        return [utf8_encode(text)]
    text = _scalar_value_string(text)
    multi_byte = _multi_byte_encoder(encoding)
    if encoding == "ISO-2022-JP":  # ASCII too: its encoder refuses SO, SI and ESC
        assert multi_byte is not None
        encoded: list[bytes | int] = multi_byte(text)
        return encoded
    if text.isascii():  # every other encoder writes ASCII as itself
        return [text.encode("ascii")] if text else []
    if multi_byte is not None:
        return _encode_multi_byte(text, multi_byte)
    out: list[bytes | int] = []
    segment = text
    while segment:
        # Encode up to the next error the charmap codec reports.
        try:
            out.append(_encode_strict(segment, encoding))
            break
        except UnicodeEncodeError as e:
            if e.start:
                out.append(_encode_strict(segment[: e.start], encoding))
            out.extend(ord(c) for c in segment[e.start : e.end])
            segment = segment[e.end :]
    return out


def encode(text: str, encoding: str, error_mode: str = "fatal") -> bytes:
    """https://encoding.spec.whatwg.org/#encode-or-fail with an error mode.

    *encoding* is an encoding name (``get_an_encoding`` result).  ``error_mode="html"`` writes
    an unencodable code point as ``&#N;`` (https://encoding.spec.whatwg.org/#error-mode);
    ``"fatal"`` raises ``UnicodeEncodeError``.
    """
    parts = encode_or_fail(text, encoding)
    out = bytearray()
    for part in parts:
        if isinstance(part, int):
            if error_mode != "html":
                raise UnicodeEncodeError(encoding, chr(part), 0, 1, "cannot be encoded")
            out += f"&#{part};".encode("ascii")
        else:
            out += part
    return bytes(out)

