"""HTML common microsyntaxes: table-driven branches and serialize->parse identities."""

from __future__ import annotations

import datetime as dt
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from html_infra import microsyntaxes as M  # noqa: N812


@pytest.mark.parametrize(
    "s, expected",
    [("42", 42), ("  -7", -7), ("+3", 3), ("12px", 12), ("0x10", 0), ("", None), ("  ", None), ("-", None),
     ("+", None), ("x1", None), ("\u00a012", None), ("١٢", None), ("99999999999999999999", 99999999999999999999)],
)
def test_parse_integer(s, expected):
    assert M.parse_integer(s) == expected


@pytest.mark.parametrize("s, expected", [("5", 5), ("-0", 0), ("-1", None), (" 08", 8), ("a", None)])
def test_parse_non_negative_integer(s, expected):
    assert M.parse_non_negative_integer(s) == expected


@pytest.mark.parametrize(
    "s, expected",
    [("1", 1.0), (" -2.5", -2.5), ("+.5", 0.5), (".5e1", 5.0), ("1.e2", 100.0), ("1e", 1.0), ("1e+", 1.0),
     ("1e-2x", 0.01), ("5.", 5.0), ("-0", 0.0), ("1e309", None), ("-1e309", None), (".", None), ("e5", None),
     ("", None), ("Infinity", None), ("0.1", 0.1), ("1.7976931348623157e308", 1.7976931348623157e308),
     ("123456789012345678901234567890", 1.2345678901234568e29)],
)
def test_parse_float(s, expected):
    result = M.parse_float(s)
    assert result == expected
    if result == 0:
        assert math.copysign(1, result) == 1  # never -0


@pytest.mark.parametrize(
    "s, expected",
    [("100", (100.0, "length")), ("100px", (100.0, "length")), ("50%", (50.0, "percentage")),
     ("50.25%", (50.25, "percentage")), ("7.", (7.0, "length")), ("7.%", (7.0, "percentage")),
     ("  3", (3.0, "length")), ("-3", None), (".5", None), ("", None), ("0", (0.0, "length"))],
)
def test_parse_dimension(s, expected):
    assert M.parse_dimension(s) == expected


def test_nonzero_dimension_and_lists():
    assert M.parse_nonzero_dimension("0.0%") is None
    assert M.parse_nonzero_dimension("0.5%") == (0.5, "percentage")
    assert M.parse_float_list(",;1,2 ; x3.5, -4e1,,") == [1.0, 2.0, 3.5, -40.0]
    assert M.parse_float_list("a") == [0.0]
    assert M.parse_dimension_list("10, 20%, *, 2*, 1.5*,") == [
        (10.0, "absolute"), (20.0, "percentage"), (0.0, "relative"), (2.0, "relative"), (1.5, "relative"),
    ]


@given(st.integers(min_value=-(10**30), max_value=10**30))
def test_integer_round_trip(n):
    assert M.parse_integer(M.serialize_integer(n)) == n
    assert M.is_valid_integer(M.serialize_integer(n))


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_float_round_trip(x):
    s = M.serialize_float(x)
    assert M.parse_float(s) == x + 0.0
    assert M.is_valid_float(s) or "e+" in s  # JS writes "1e+21"; the parser still accepts it


# -- dates and times ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "s, ok",
    [("2024-02", True), ("0001-12", True), ("0000-01", False), ("24-02", False), ("2024-13", False),
     ("2024-1", False), ("12345-06", True), ("2024-02 ", False)],
)
def test_month(s, ok):
    assert (M.parse_month(s) is not None) == ok


@pytest.mark.parametrize(
    "s, expected",
    [("2024-02-29", dt.date(2024, 2, 29)), ("2023-02-29", None), ("1900-02-29", None), ("2000-02-29", dt.date(2000, 2, 29)),
     ("2024-04-31", None), ("2024-4-01", None), ("99999-12-31", M.LargeDate(99999, 12, 31)), ("2024-01-01T", None)],
)
def test_date(s, expected):
    assert M.parse_date(s) == expected


def test_yearless_date_and_week():
    assert M.parse_yearless_date("02-29") == M.YearlessDate(2, 29)
    assert M.parse_yearless_date("--12-31") == M.YearlessDate(12, 31)
    assert M.parse_yearless_date("-12-31") is None and M.parse_yearless_date("02-30") is None
    assert M.parse_week("2020-W53") == M.Week(2020, 53)  # 2020 starts on a Wednesday and is a leap year
    assert M.parse_week("2015-W53") == M.Week(2015, 53)  # 2015 starts on a Thursday
    assert M.parse_week("2021-W53") is None and M.parse_week("2021-W00") is None
    assert M.parse_week("2021-w01") is None
    assert [M.max_week(y) for y in (2004, 2009, 2026, 2032)] == [53, 53, 53, 53]


@pytest.mark.parametrize(
    "s, expected",
    [("00:00", dt.time(0, 0)), ("23:59:59", dt.time(23, 59, 59)), ("12:30:15.5", dt.time(12, 30, 15, 500000)),
     ("12:30:15.123456789", dt.time(12, 30, 15, 123457)), ("24:00", None), ("12:60", None), ("1:00", None),
     ("12:00:5", None), ("12:00:60", None), ("12:00:05.", None), ("12:00:05.1.2", None),
     ("12:00:", None), ("12:00:123", None)],
)
def test_time(s, expected):
    assert M.parse_time(s) == expected


def test_local_and_global_datetimes():
    assert M.parse_local_datetime("2020-01-01T10:00") == dt.datetime(2020, 1, 1, 10)
    assert M.parse_local_datetime("2020-01-01 10:00:30") == dt.datetime(2020, 1, 1, 10, 0, 30)
    assert M.parse_local_datetime("2020-01-01t10:00") is None
    g = M.parse_global_datetime("2020-01-01T10:00+05:30")
    assert g.astimezone(dt.UTC) == dt.datetime(2020, 1, 1, 4, 30, tzinfo=dt.UTC)
    assert M.parse_global_datetime("2020-01-01T10:00Z").utcoffset() == dt.timedelta(0)
    assert M.parse_global_datetime("2020-01-01T10:00-0800").utcoffset() == dt.timedelta(hours=-8)
    assert M.parse_global_datetime("2020-01-01T10:00") is None
    assert M.parse_global_datetime("2020-01-01T10:00+24:00") is None
    assert M.parse_global_datetime("2020-01-01T10:00+5:30") is None
    assert M.parse_timezone_offset("Z") == dt.timedelta(0)
    assert M.parse_timezone_offset("-00:30") == dt.timedelta(minutes=-30)


@pytest.mark.parametrize(
    "s, seconds",
    [("PT1H30M", 5400), ("P1DT2S", 86402), ("P2W", 1209600), ("PT0.5S", 0.5), ("1h 30m", 5400), ("1w", 604800),
     ("  3d  4h ", 273600), ("P1M", None), ("PT1M", 60), ("1 m", 60), ("P1Y", None), ("PT.5S", 0.5),
     ("PT1.S", None), ("", None), ("P", None), ("1x", None), ("1", None), (".5h", None)],
)
def test_duration(s, seconds):
    result = M.parse_duration(s)
    assert (result.total_seconds() if result is not None else None) == seconds


def test_date_or_time():
    assert M.parse_date_or_time("2020-05-05") == dt.date(2020, 5, 5)
    assert M.parse_date_or_time("10:15") == dt.time(10, 15)
    assert M.parse_date_or_time("2020-05-05T10:15Z") == dt.datetime(2020, 5, 5, 10, 15, tzinfo=dt.UTC)
    assert M.parse_date_or_time("2020-05-05T10:15") is None
    assert M.parse_date_or_time("2020-05-05 x") is None


dates = st.dates(min_value=dt.date(1, 1, 1))
times = st.times().map(lambda t: t.replace(microsecond=t.microsecond // 1000 * 1000))


@given(dates)
def test_date_round_trip(d):
    assert M.parse_date(M.serialize_date(d)) == d
    month = M.Month(d.year, d.month)
    assert M.parse_month(M.serialize_month(month)) == month
    yearless = M.YearlessDate(d.month, d.day)
    assert M.parse_yearless_date(M.serialize_yearless_date(yearless)) == yearless
    iso = d.isocalendar()
    week = M.Week(iso[0], iso[1])
    if iso[0] > 0:
        assert M.parse_week(M.serialize_week(week)) == week


@given(times)
def test_time_round_trip(t):
    assert M.parse_time(M.serialize_time(t)) == t


@given(dates, times)
def test_local_datetime_round_trip(d, t):
    value = dt.datetime.combine(d, t)
    assert M.parse_local_datetime(M.serialize_local_datetime(value)) == value


@given(st.datetimes(min_value=dt.datetime(2, 1, 1), max_value=dt.datetime(9998, 1, 1)), times,
       st.integers(min_value=-23 * 60 - 59, max_value=23 * 60 + 59))
def test_global_datetime_round_trip(day, t, offset_minutes):
    tz = dt.timezone(dt.timedelta(minutes=offset_minutes))
    value = dt.datetime.combine(day.date(), t).replace(tzinfo=tz)
    for forced in (True, False):
        parsed = M.parse_global_datetime(M.serialize_global_datetime(value, forced_utc=forced))
        assert parsed == value


@given(st.integers(min_value=0, max_value=10**9).map(lambda ms: dt.timedelta(milliseconds=ms)))
def test_duration_round_trip(d):
    assert M.parse_duration(M.serialize_duration(d)) == d


# -- colors, tokens ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "s, expected",
    [("", None), ("transparent", None), ("  TransParent ", None), ("red", (255, 0, 0)), ("RebeccaPurple", (102, 51, 153)),
     ("#fff", (255, 255, 255)), ("#FfF", (255, 255, 255)), ("fff", (15, 15, 15)), ("chucknorris", (192, 0, 0)),
     ("#1234567890abcdef", (18, 120, 205)), ("#0000000000ff00000000ff", (0, 255, 0)), ("😀", (0, 0, 0)),
     ("#abcd", (171, 205, 0)), ("  #00ff00  ", (0, 255, 0)), ("#zzzzzz", (0, 0, 0)), ("crimson", (220, 20, 60))],
)
def test_legacy_color(s, expected):
    assert M.parse_legacy_color(s) == expected
    if expected is not None:
        assert M.parse_legacy_color(M.serialize_legacy_color(expected)) == expected


@given(st.tuples(*[st.integers(0, 255)] * 3))
def test_simple_color_round_trip(rgb):
    s = M.serialize_simple_color(rgb)
    assert s == s.lower() and M.parse_simple_color(s) == rgb and M.parse_simple_color(s.upper()) == rgb


def test_simple_color_errors():
    assert M.parse_simple_color("#fff") is None and M.parse_simple_color("00ff00x") is None
    assert len(M.NAMED_COLORS) == 148


def test_tokens_and_enumerated():
    assert M.split_space_separated_tokens("  a\tb  a ") == ["a", "b", "a"]
    assert M.unordered_set_of_unique_tokens("a b a") == {"a", "b"}
    assert list(M.ordered_set_of_unique_tokens("b a b")) == ["b", "a"]
    assert M.split_comma_separated_tokens(" a ,b,,d d ") == ["a", "b", "", "d d"]
    enum = M.EnumeratedAttribute({"get": "GET", "post": "POST", "dialog": "dialog"}, missing_value_default="GET",
                                 invalid_value_default="GET")
    assert enum.state(None) == "GET" and enum.state("POST") == "POST" and enum.state("bogus") == "GET"
    assert enum.keyword_for("POST") == "post"
    cors = M.EnumeratedAttribute({"anonymous": "anon", "use-credentials": "creds", "": "anon"},
                                 invalid_value_default="anon")
    assert cors.state("") == "anon" and cors.state(None) is None and cors.state("USE-CREDENTIALS") == "creds"
    dirs = M.EnumeratedAttribute({"ltr": "ltr", "rtl": "rtl", "auto": "auto"}, empty_value_default="auto")
    assert dirs.state("") == "auto" and dirs.state("x") is None
    kelvin = M.EnumeratedAttribute({"k": 1})
    assert kelvin.state("\u212a") is None  # only ASCII case-insensitive
    assert M.is_boolean_attribute_set("") and not M.is_boolean_attribute_set(None)
    assert M.parse_hash_name_reference("map.html#top") == "top" and M.parse_hash_name_reference("x#") is None


def test_the_package_names_what_its_lazy_submodules_define():
    """The package lists the names of the submodules it loads when first used: each submodule's
    __all__, every name there giving the submodule's own object."""
    from html_infra.microsyntaxes import colors, dates, valid_strings

    for module in (colors, dates, valid_strings):
        listed = [name for name, where in M._LAZY.items() if where == module.__name__.rpartition(".")[2]]
        assert listed == module.__all__
        assert all(getattr(M, name) is getattr(module, name) for name in listed)
