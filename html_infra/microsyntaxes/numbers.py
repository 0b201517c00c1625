"""Numbers (https://html.spec.whatwg.org/#numbers)."""

from __future__ import annotations

import math
import re
from typing import Literal

from webidl import number_to_string

from ..infra import split_on_commas

__all__ = [
    "parse_integer",
    "parse_non_negative_integer",
    "parse_float",
    "parse_dimension",
    "parse_nonzero_dimension",
    "parse_float_list",
    "parse_dimension_list",
    "serialize_integer",
    "serialize_float",
    "is_valid_integer",
    "is_valid_non_negative_integer",
    "is_valid_float",
]

_WS = "\t\n\x0c\r "
_DIGITS = "0123456789"
_INTEGER = re.compile(r"[\t\n\x0c\r ]*([-+]?)([0-9]+)")
_VALID_INTEGER = re.compile(r"-?[0-9]+")
_VALID_FLOAT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")

Dimension = tuple[float, Literal["length", "percentage"]]

_CHUNK = 4000  # below CPython's default int_max_str_digits (4300)


def int_from_digits(digits: str) -> int:
    """int() of an ASCII digit string of any length.

    The spec's integers are unbounded; plain int() refuses strings past sys.int_max_str_digits,
    which would turn a long attribute value into a crash instead of a (huge) number.
    """
    if len(digits) <= _CHUNK:
        return int(digits)
    # Split in halves so the big multiplications stay sub-quadratic; depth is log2(len / 4000).
    low = len(digits) // 2
    return int_from_digits(digits[:-low]) * int(10**low) + int_from_digits(digits[-low:])  # int(): ** is Any to mypy


def parse_integer(input: str) -> int | None:
    """https://html.spec.whatwg.org/#rules-for-parsing-integers -- an int, or None for error.

    Leading ASCII whitespace and one "+" or "-" are allowed; parsing stops at the first
    non-digit ("12px" is 12).
    """
    m = _INTEGER.match(input)
    if m is None:
        return None
    value = int_from_digits(m.group(2))
    return -value if m.group(1) == "-" else value


def parse_non_negative_integer(input: str) -> int | None:
    """https://html.spec.whatwg.org/#rules-for-parsing-non-negative-integers"""
    value = parse_integer(input)
    if value is None or value < 0:
        return None
    return value


def is_valid_integer(s: str) -> bool:
    """https://html.spec.whatwg.org/#valid-integer"""
    return _VALID_INTEGER.fullmatch(s) is not None


def is_valid_non_negative_integer(s: str) -> bool:
    """https://html.spec.whatwg.org/#valid-non-negative-integer"""
    return s != "" and s.isascii() and s.isdigit()


def is_valid_float(s: str) -> bool:
    """https://html.spec.whatwg.org/#valid-floating-point-number"""
    return _VALID_FLOAT.fullmatch(s) is not None


def serialize_integer(n: int) -> str:
    """A valid integer for *n* (https://html.spec.whatwg.org/#valid-integer)."""
    return str(int(n))


def serialize_float(n: float) -> str:
    """https://html.spec.whatwg.org/#best-representation-of-the-number-as-a-floating-point-number"""
    return number_to_string(n)


def parse_float(input: str) -> float | None:
    """https://html.spec.whatwg.org/#rules-for-parsing-floating-point-number-values

    The spec computes the exact decimal value and rounds it once to the nearest double; the
    steps below collect that decimal as a string and let ``float()`` do the one correct
    rounding.  Overflow (the spec's 2^1024) is an error; -0 becomes 0.
    """
    n = len(input)
    position = 0
    while position < n and input[position] in _WS:  # step 6
        position += 1
    if position >= n:  # step 7
        return None
    sign = ""
    if input[position] == "-":  # step 8
        sign = "-"
        position += 1
        if position >= n:
            return None
    elif input[position] == "+":
        position += 1
        if position >= n:
            return None
    integer = ""
    fraction = ""
    exponent = ""
    c = input[position]
    if c == "." and position + 1 < n and input[position + 1] in _DIGITS:  # step 9
        integer = "0"
    else:
        if c not in _DIGITS:  # step 10
            return None
        start = position  # step 11
        while position < n and input[position] in _DIGITS:
            position += 1
        integer = input[start:position]
    if position < n and input[position] == ".":  # step 13: fraction
        position += 1
        start = position
        while position < n and input[position] in _DIGITS:
            position += 1
        fraction = input[start:position]
    if position < n and input[position] in "eE":  # step 14
        position += 1
        exp_sign = ""
        if position < n and input[position] in "-+":
            exp_sign = input[position]
            position += 1
        start = position
        while position < n and input[position] in _DIGITS:
            position += 1
        if position > start:
            exponent = exp_sign + input[start:position]
    # Steps 15-18: conversion.
    text = f"{sign}{integer}.{fraction or '0'}e{exponent or '0'}"
    try:
        value = float(text)
    except OverflowError:  # pragma: no cover - float() returns inf instead
        return None
    if math.isinf(value):
        return None
    return value + 0.0  # -0 is not in S: it becomes +0


def parse_dimension(input: str) -> Dimension | None:
    """https://html.spec.whatwg.org/#rules-for-parsing-dimension-values -> (value, "length"|"percentage")."""
    n = len(input)
    position = 0
    while position < n and input[position] in _WS:
        position += 1
    if position >= n or input[position] not in _DIGITS:
        return None
    start = position
    while position < n and input[position] in _DIGITS:
        position += 1
    integer_digits = input[start:position]
    # float() of the digit string rounds once and gives inf past the double range (no crash).
    value = float(integer_digits)
    if position >= n:
        return value, "length"
    if input[position] == ".":
        position += 1
        if position >= n or input[position] not in _DIGITS:
            return _current_dimension_value(value, input, position)
        start = position
        while position < n and input[position] in _DIGITS:
            position += 1
        # value + digits/10^k, computed exactly and rounded once.
        value = float(f"{integer_digits}.{input[start:position]}")
        if position >= n:
            return value, "length"
    return _current_dimension_value(value, input, position)


def _current_dimension_value(value: float, input: str, position: int) -> Dimension:
    """https://html.spec.whatwg.org/#current-dimension-value"""
    if position < len(input) and input[position] == "%":
        return value, "percentage"
    return value, "length"


def parse_nonzero_dimension(input: str) -> Dimension | None:
    """https://html.spec.whatwg.org/#rules-for-parsing-non-zero-dimension-values"""
    result = parse_dimension(input)
    if result is None or result[0] == 0:
        return None
    return result


def parse_float_list(input: str) -> list[float]:
    """https://html.spec.whatwg.org/#rules-for-parsing-a-list-of-floating-point-numbers"""
    delimiters = _WS + ",;"
    numbers: list[float] = []
    n = len(input)
    position = 0
    while position < n and input[position] in delimiters:
        position += 1
    while position < n:
        while position < n and input[position] not in delimiters + _DIGITS + ".-":
            position += 1  # leading garbage
        start = position
        while position < n and input[position] not in delimiters:
            position += 1
        number = parse_float(input[start:position])
        numbers.append(0.0 if number is None else number)
        while position < n and input[position] in delimiters:
            position += 1
    return numbers


def parse_dimension_list(input: str) -> list[tuple[float, Literal["percentage", "relative", "absolute"]]]:
    """https://html.spec.whatwg.org/#rules-for-parsing-a-list-of-dimensions"""
    raw = input[:-1] if input.endswith(",") else input
    result: list[tuple[float, Literal["percentage", "relative", "absolute"]]] = []
    for token in split_on_commas(raw):
        n = len(token)
        position = 0
        value = 0.0
        unit: Literal["percentage", "relative", "absolute"] = "absolute"
        if position >= n:
            result.append((value, "relative"))
            continue
        if token[position] in _DIGITS:
            start = position
            while position < n and token[position] in _DIGITS:
                position += 1
            value += float(token[start:position])
        if position < n and token[position] == ".":
            # The spec collects the whitespace and digits "from position", which points at the
            # "."; implementations read the digits after it, as done here.
            start = position
            while position < n and token[position] in _WS + _DIGITS + ".":
                if token[position] == "." and position != start:
                    break
                position += 1
            s = "".join(c for c in token[start + 1 : position] if c in _DIGITS)
            if s:
                value += float("0." + s)
        while position < n and token[position] in _WS:
            position += 1
        if position < n and token[position] == "%":
            unit = "percentage"
        elif position < n and token[position] == "*":
            unit = "relative"
        result.append((value, unit))
    return result
