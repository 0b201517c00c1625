"""The encodings (https://encoding.spec.whatwg.org/#encodings) and the Encoding Standard's
hooks for other standards (https://encoding.spec.whatwg.org/#specification-hooks): labels,
decoders and encoders.  The package, :mod:`html_infra.encoding`, re-exports them with the
TextDecoder/TextEncoder API and HTML's encoding sniffing, which build on this module."""

from __future__ import annotations

import codecs
import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from ..infra import ASCII_WHITESPACE

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
    "CP932_EXTRAS", "PY_CODECS", "SINGLE_BYTE", "decode_no_bom",
]

_DATA = json.loads(resources.files("html_infra.encoding").joinpath("data.json").read_text("utf-8"))
# https://encoding.spec.whatwg.org/#names-and-labels
LABELS: dict[str, str] = _DATA["labels"]
SINGLE_BYTE: dict[str, list[int | None]] = _DATA["single_byte"]

# Python codecs standing for the WHATWG multi-byte encodings.
PY_CODECS = {
    "UTF-8": "utf-8",
    "UTF-16BE": "utf-16-be",
    "UTF-16LE": "utf-16-le",
    "GBK": "gbk",
    "gb18030": "gb18030",
    "Big5": "big5hkscs",
    "EUC-JP": "euc_jp",
    "ISO-2022-JP": "iso2022_jp",
    "Shift_JIS": "cp932",
    "EUC-KR": "cp949",
}


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


# https://encoding.spec.whatwg.org/#bom-sniff
BOM_SNIFF = ((b"\xef\xbb\xbf", "UTF-8"), (b"\xfe\xff", "UTF-16BE"), (b"\xff\xfe", "UTF-16LE"))


def bom_sniff(data: bytes) -> str | None:
    """https://encoding.spec.whatwg.org/#bom-sniff"""
    for bom, name in BOM_SNIFF:
        if data.startswith(bom):
            return name
    return None


def _gb18030_errors(error: UnicodeError) -> tuple[str, int]:
    # https://encoding.spec.whatwg.org/#gb18030-decoder step 5: a lone 0x80 is U+20AC, which
    # Python's gb18030 codec refuses.
    assert isinstance(error, UnicodeDecodeError)
    if error.object[error.start] == 0x80:
        return "\u20ac", error.start + 1
    return "\ufffd", error.end


codecs.register_error("webdom-gb18030", _gb18030_errors)

# cp932 decodes the single bytes 0xA0 and 0xFD-0xFF to private-use characters; the WHATWG
# Shift_JIS decoder returns an error for them (https://encoding.spec.whatwg.org/#shift_jis-decoder).
CP932_EXTRAS = str.maketrans({"\uf8f0": "\ufffd", "\uf8f1": "\ufffd", "\uf8f2": "\ufffd", "\uf8f3": "\ufffd"})


def decode_no_bom(data: bytes, encoding: str, errors: str = "replace") -> str:
    if encoding in SINGLE_BYTE:
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
    if encoding in ("gb18030", "GBK") and errors == "replace":
        return data.decode("gb18030", "webdom-gb18030")
    if encoding == "Shift_JIS":
        return data.decode("cp932", errors).translate(CP932_EXTRAS)
    return data.decode(PY_CODECS[encoding], errors)


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


# Code points the WHATWG encoders refuse although Python's codecs encode them.
_REFUSED = {
    # https://encoding.spec.whatwg.org/#iso-2022-jp-encoder step 2 (error with U+FFFD)
    "ISO-2022-JP": {"\x0e": 0xFFFD, "\x0f": 0xFFFD, "\x1b": 0xFFFD},
    # https://encoding.spec.whatwg.org/#gb18030-encoder step 3
    "gb18030": {"\ue5e5": 0xE5E5},
    "GBK": {"\ue5e5": 0xE5E5},
}


def _encode_strict(text: str, encoding: str) -> bytes:
    if encoding in SINGLE_BYTE:
        _, table = _single_byte_tables(encoding)
        return codecs.charmap_encode(text, "strict", table)[0]
    if encoding == "x-user-defined":
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
    if encoding == "GBK":
        # The WHATWG GBK encoder is the gb18030 encoder without four-byte sequences, and with
        # U+20AC as the single byte 0x80.
        out = bytearray()
        for i, c in enumerate(text):
            if c == "\u20ac":
                out.append(0x80)
                continue
            b = c.encode("gb18030")
            if len(b) == 4:
                raise UnicodeEncodeError("GBK", text, i, i + 1, "needs a four-byte sequence")
            out += b
        return bytes(out)
    return text.encode(PY_CODECS[encoding], "strict")


def encode_or_fail(text: str, encoding: str) -> list[bytes | int]:
    """https://encoding.spec.whatwg.org/#encode-or-fail, continued past each failure.

    Returns the output as a list of byte chunks and, in between, the code points the encoder
    could not encode (ints) -- the caller decides what an error becomes: HTML writes ``&#N;``,
    the URL Standard ``%26%23N%3B``.
    """
    encoding = get_an_output_encoding(encoding)
    if encoding == "UTF-8":
        return [utf8_encode(text)]
    refused = _REFUSED.get(encoding, {})
    out: list[bytes | int] = []
    start = 0
    n = len(text)
    while start < n:
        # Encode up to the next refused code point, splitting at errors Python reports.
        end = start
        while end < n and text[end] not in refused:
            end += 1
        segment = text[start:end]
        while segment:
            try:
                out.append(_encode_strict(segment, encoding))
                break
            except UnicodeEncodeError as e:
                if e.start:
                    out.append(_encode_strict(segment[: e.start], encoding))
                out.extend(ord(c) for c in segment[e.start : e.end])
                segment = segment[e.end :]
        if end < n:
            out.append(refused[text[end]])
            end += 1
        start = end
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

