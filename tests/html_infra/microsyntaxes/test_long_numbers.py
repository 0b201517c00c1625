"""Digit strings longer than CPython's int() limit (4300 digits) are numbers, not crashes."""

from __future__ import annotations

import math

from html_infra import microsyntaxes as m
from html_infra.microsyntaxes import numbers


def test_parse_integer_past_int_max_str_digits() -> None:
    digits = "12345678" * 1000  # 8000 digits
    value = m.parse_integer(" -" + digits + "px")
    assert value is not None and value < 0
    # compare without str(int) (also limited): rebuild through the same arithmetic
    expected = 0
    for d in digits:
        expected = expected * 10 + int(d)
    assert value == -expected
    assert m.parse_non_negative_integer(digits) == expected
    assert m.parse_non_negative_integer("-" + digits) is None


def test_dimensions_overflow_to_infinity() -> None:
    big = "1" * 5000
    assert numbers.parse_dimension(big) == (math.inf, "length")
    assert numbers.parse_dimension("9" * 400 + "%") == (math.inf, "percentage")
    assert numbers.parse_dimension("1." + "5" * 5000) == (1.5555555555555556, "length")
    assert numbers.parse_dimension_list(big + ",2.5*") == [(math.inf, "absolute"), (2.5, "relative")]
    assert numbers.parse_dimension_list("1." + "2" * 5000) == [(1.2222222222222223, "absolute")]


def test_long_years() -> None:
    year = "1" * 5000
    d = m.parse_date(year + "-01-01")
    assert d is not None and d.month == 1 and d.day == 1 and d.year % 10 == 1
    w = m.parse_week(year + "-W01")
    assert w is not None and w.week == 1
    m.parse_duration("P" + "9" * 5000 + "D")  # must not raise


def test_long_years_round_trip() -> None:
    year = "9" * 9000
    for text, parse, serialize in [
        (year + "-02-28", m.parse_date, m.serialize_date),
        (year + "-12", m.parse_month, m.serialize_month),
        (year + "-W01", m.parse_week, m.serialize_week),
        ("1" + "0" * 4000 + "-01-01", m.parse_date, m.serialize_date),
    ]:
        value = parse(text)
        assert value is not None
        assert serialize(value) == text
