"""application/x-www-form-urlencoded (https://url.spec.whatwg.org/#application/x-www-form-urlencoded)."""

from __future__ import annotations

from collections.abc import Iterable

from .percent_encoding import (
    URLENCODED_PERCENT_ENCODE_SET,
    output_encoding,
    percent_decode,
    percent_encode_after_encoding,
)

__all__ = ["urlencoded_parse", "urlencoded_parse_bytes", "urlencoded_serialize"]


def urlencoded_parse_bytes(data: bytes) -> list[tuple[str, str]]:
    """https://url.spec.whatwg.org/#concept-urlencoded-parser"""
    output = []
    for sequence in data.split(b"&"):
        if not sequence:
            continue
        name, _, value = sequence.partition(b"=")
        name = percent_decode(name.replace(b"+", b" "))
        value = percent_decode(value.replace(b"+", b" "))
        output.append((name.decode("utf-8", "replace"), value.decode("utf-8", "replace")))
    return output


def urlencoded_parse(s: str) -> list[tuple[str, str]]:
    """https://url.spec.whatwg.org/#concept-urlencoded-string-parser (UTF-8 encode, then parse)."""
    return urlencoded_parse_bytes(s.encode("utf-8", "replace"))


def urlencoded_serialize(tuples: Iterable[tuple[str, str]], encoding: str = "UTF-8") -> str:
    """https://url.spec.whatwg.org/#concept-urlencoded-serializer

    *encoding* is an encoding name; a non-UTF-8 one gives the legacy form encoding where
    unencodable code points become ``%26%23N%3B``.
    """
    encoding = output_encoding(encoding)
    output = []
    for name, value in tuples:
        n = percent_encode_after_encoding(encoding, name, URLENCODED_PERCENT_ENCODE_SET, True)
        v = percent_encode_after_encoding(encoding, value, URLENCODED_PERCENT_ENCODE_SET, True)
        output.append(f"{n}={v}")
    return "&".join(output)
