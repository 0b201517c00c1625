"""Infra's byte sequences (https://infra.spec.whatwg.org/#byte-sequences).

A byte sequence is ``bytes`` (``bytearray`` and ``memoryview`` are accepted and read as bytes);
results are ``bytes``.  Re-exported by :mod:`html_infra.infra`, where the other Infra names live.
"""

from __future__ import annotations

from typing import TypeAlias

ByteSequence: TypeAlias = "bytes | bytearray | memoryview"

_UPPER = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LOWER = b"abcdefghijklmnopqrstuvwxyz"
_TO_LOWER = bytes.maketrans(_UPPER, _LOWER)
_TO_UPPER = bytes.maketrans(_LOWER, _UPPER)


def byte_lowercase(data: ByteSequence) -> bytes:
    """https://infra.spec.whatwg.org/#byte-lowercase: only 0x41 (A) to 0x5A (Z) change."""
    # bytes.lower() is ASCII-only too, but a translation table states the range exactly.
    return bytes(data).translate(_TO_LOWER)


def byte_uppercase(data: ByteSequence) -> bytes:
    """https://infra.spec.whatwg.org/#byte-uppercase: only 0x61 (a) to 0x7A (z) change."""
    return bytes(data).translate(_TO_UPPER)


def byte_case_insensitive_match(a: ByteSequence, b: ByteSequence) -> bool:
    """https://infra.spec.whatwg.org/#byte-case-insensitive"""
    return len(a) == len(b) and byte_lowercase(a) == byte_lowercase(b)


def is_byte_sequence_prefix(potential_prefix: ByteSequence, input: ByteSequence) -> bool:
    """https://infra.spec.whatwg.org/#byte-sequence-prefix -- "input starts with potentialPrefix".

    The spec's loop compares byte i of each until potentialPrefix runs out (true) or input runs
    out first (false); ``bytes.startswith`` is that loop.
    """
    return bytes(input).startswith(bytes(potential_prefix))


def byte_less_than(a: ByteSequence, b: ByteSequence) -> bool:
    """https://infra.spec.whatwg.org/#byte-less-than"""
    a, b = bytes(a), bytes(b)
    # 1. If b is a prefix of a, then return false.
    if is_byte_sequence_prefix(b, a):
        return False
    # 2. If a is a prefix of b, then return true.
    if is_byte_sequence_prefix(a, b):
        return True
    # 3-5. The first differing byte decides; bytes comparison in Python is exactly that.
    return a < b


__all__ = [
    "byte_case_insensitive_match",
    "byte_less_than",
    "byte_lowercase",
    "byte_uppercase",
    "is_byte_sequence_prefix",
]
