"""Percent-encoded bytes (https://url.spec.whatwg.org/#percent-encoded-bytes).

A percent-encode set is represented by the set of ASCII code points it contains beyond the
C0 control percent-encode set; every set also contains the C0 controls and everything above
U+007E, which :func:`_in_set` checks by range.  Each set is precomputed as a 128-entry
lookup table mapping an ASCII character to its escape (or itself), so encoding ASCII text is a
single ``str.translate``-like pass.
"""

from __future__ import annotations

import re

from ..encoding import encode_or_fail, get_an_encoding, get_an_output_encoding

__all__ = [
    "C0_CONTROL_PERCENT_ENCODE_SET",
    "FRAGMENT_PERCENT_ENCODE_SET",
    "QUERY_PERCENT_ENCODE_SET",
    "SPECIAL_QUERY_PERCENT_ENCODE_SET",
    "PATH_PERCENT_ENCODE_SET",
    "USERINFO_PERCENT_ENCODE_SET",
    "COMPONENT_PERCENT_ENCODE_SET",
    "URLENCODED_PERCENT_ENCODE_SET",
    "PercentEncodeSet",
    "percent_encode_byte",
    "percent_encode",
    "utf8_percent_encode",
    "percent_encode_after_encoding",
    "output_encoding",
    "percent_decode",
    "string_percent_decode",
]


class PercentEncodeSet:
    """A percent-encode set: the C0 control percent-encode set plus *extra* ASCII code points."""

    __slots__ = ("name", "extra", "table", "_needs")

    def __init__(self, name: str, extra: str, base: PercentEncodeSet | None = None) -> None:
        self.name = name
        self.extra: frozenset[str] = frozenset(extra) | (base.extra if base else frozenset())
        # table[i] is the replacement for chr(i) (i < 128): "%XX" or the character itself.
        self.table = {
            i: (f"%{i:02X}" if (i < 0x20 or i > 0x7E or chr(i) in self.extra) else chr(i)) for i in range(128)
        }
        # A regex that finds the first character needing encoding: fast "nothing to do" check.
        # Written as the complement of the printable ASCII left unencoded: a class spanning
        # U+007F-U+10FFFF costs re milliseconds to compile, on every import.
        kept = "".join(re.escape(chr(i)) for i in range(0x20, 0x7F) if chr(i) not in self.extra)
        self._needs = re.compile(f"[^{kept}]")

    def __contains__(self, c: str) -> bool:
        return c < " " or c > "~" or c in self.extra

    def needs_encoding(self, s: str) -> bool:
        return self._needs.search(s) is not None

    def __repr__(self) -> str:
        return f"<{self.name} percent-encode set>"


# https://url.spec.whatwg.org/#c0-control-percent-encode-set
C0_CONTROL_PERCENT_ENCODE_SET = PercentEncodeSet("C0 control", "")
# https://url.spec.whatwg.org/#fragment-percent-encode-set
FRAGMENT_PERCENT_ENCODE_SET = PercentEncodeSet("fragment", ' "<>`')
# https://url.spec.whatwg.org/#query-percent-encode-set
QUERY_PERCENT_ENCODE_SET = PercentEncodeSet("query", ' "#<>')
# https://url.spec.whatwg.org/#special-query-percent-encode-set
SPECIAL_QUERY_PERCENT_ENCODE_SET = PercentEncodeSet("special-query", "'", QUERY_PERCENT_ENCODE_SET)
# https://url.spec.whatwg.org/#path-percent-encode-set
PATH_PERCENT_ENCODE_SET = PercentEncodeSet("path", "?^`{}", QUERY_PERCENT_ENCODE_SET)
# https://url.spec.whatwg.org/#userinfo-percent-encode-set
USERINFO_PERCENT_ENCODE_SET = PercentEncodeSet("userinfo", "/:;=@[\\]^|", PATH_PERCENT_ENCODE_SET)
# https://url.spec.whatwg.org/#component-percent-encode-set
COMPONENT_PERCENT_ENCODE_SET = PercentEncodeSet("component", "$%&+,", USERINFO_PERCENT_ENCODE_SET)
# https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set
URLENCODED_PERCENT_ENCODE_SET = PercentEncodeSet(
    "application/x-www-form-urlencoded", "!'()~", COMPONENT_PERCENT_ENCODE_SET
)


def percent_encode_byte(byte: int) -> str:
    """https://url.spec.whatwg.org/#percent-encode"""
    return f"%{byte:02X}"


def utf8_percent_encode(s: str, encode_set: PercentEncodeSet) -> str:
    """https://url.spec.whatwg.org/#string-utf-8-percent-encode

    *s* must be a scalar value string (the URL parser's input always is).
    """
    if not encode_set.needs_encoding(s):
        return s
    table = encode_set.table
    out = []
    for c in s:
        if c < "\x80":
            out.append(table[ord(c)])
        else:
            out.append("".join(f"%{b:02X}" for b in c.encode("utf-8", "surrogatepass")))
    return "".join(out)


percent_encode = utf8_percent_encode


def output_encoding(encoding: str | None) -> str:
    """https://encoding.spec.whatwg.org/#get-an-output-encoding, from a label or name (the
    encoding the URL parser and the urlencoded serializer percent-encode queries in)."""
    if encoding is None or encoding in ("UTF-8", "utf-8", "utf8"):
        return "UTF-8"
    name = get_an_encoding(encoding)
    if name is None:
        raise ValueError(f"unknown encoding label {encoding!r}")
    return get_an_output_encoding(name)


def percent_encode_after_encoding(
    encoding: str, s: str, encode_set: PercentEncodeSet, space_as_plus: bool = False
) -> str:
    """https://url.spec.whatwg.org/#string-percent-encode-after-encoding

    *encoding* is a WHATWG encoding name.  A code point the encoding cannot represent becomes
    ``%26%23`` + its decimal value + ``%3B`` (an HTML character reference, percent-encoded):
    "‽" in Shift_JIS gives ``%26%238253%3B``.
    """
    if encoding == "UTF-8":
        if not space_as_plus:
            return utf8_percent_encode(s, encode_set)
        chunks: list[bytes | int] = [s.encode("utf-8", "surrogatepass")]
    else:
        chunks = encode_or_fail(s, encoding)
    table = encode_set.table
    out = []
    for chunk in chunks:
        if isinstance(chunk, int):
            out.append(f"%26%23{chunk}%3B")
            continue
        # Each byte is percent-encoded if, as an isomorphic code point, it is in the set; the
        # ISO-2022-JP escape sequences are bytes like any other.
        for b in chunk:
            if space_as_plus and b == 0x20:
                out.append("+")
            elif b < 0x80:
                out.append(table[b])
            else:
                out.append(f"%{b:02X}")
    return "".join(out)


_PCT = re.compile(rb"%([0-9A-Fa-f]{2})")


def percent_decode(data: bytes) -> bytes:
    """https://url.spec.whatwg.org/#percent-decode"""
    if b"%" not in data:
        return data
    return _PCT.sub(lambda m: bytes([int(m.group(1), 16)]), data)


def string_percent_decode(s: str) -> bytes:
    """https://url.spec.whatwg.org/#string-percent-decode: UTF-8 encode, then percent-decode."""
    return percent_decode(s.encode("utf-8", "surrogatepass"))
