"""Dates and times (https://html.spec.whatwg.org/#dates-and-times).

Python types where they can hold every valid value, small records where they cannot:

* dates: ``datetime.date``; years above 9999 (valid in HTML) give a :class:`LargeDate`;
* months: :class:`Month`; yearless dates: :class:`YearlessDate`; weeks: :class:`Week`;
* times: ``datetime.time`` (fractional seconds kept to the microsecond);
* local dates and times: ``datetime.datetime`` (naive), or :class:`LargeDateTime`;
* global dates and times: an aware ``datetime.datetime`` carrying the parsed offset (it is the
  same moment as its UTC value, and keeps the offset for round trips);
* time-zone offsets and durations: ``datetime.timedelta``.

Each ``parse_*`` returns None where the spec says the algorithm "fails".
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal

from .numbers import int_from_digits

_BIG_YEAR = 10**4000


def _year_string(year: int) -> str:
    """At least four digits of *year*, also past str()'s 4300-digit limit (years are unbounded)."""
    if year < _BIG_YEAR:
        return f"{year:04d}"
    return _decimal_digits(year)


def _decimal_digits(n: int) -> str:
    if n < _BIG_YEAR:
        return str(n)
    high, low = divmod(n, _BIG_YEAR)
    return _decimal_digits(high) + f"{low:04000d}"

__all__ = [
    "Month",
    "YearlessDate",
    "Week",
    "LargeDate",
    "LargeDateTime",
    "parse_month",
    "parse_date",
    "parse_yearless_date",
    "parse_time",
    "parse_local_datetime",
    "parse_timezone_offset",
    "parse_global_datetime",
    "parse_week",
    "parse_duration",
    "parse_date_or_time",
    "serialize_month",
    "serialize_date",
    "serialize_yearless_date",
    "serialize_time",
    "serialize_local_datetime",
    "serialize_timezone_offset",
    "serialize_global_datetime",
    "serialize_week",
    "serialize_duration",
    "max_week",
]

_WS = "\t\n\x0c\r "


@dataclass(frozen=True, order=True)
class Month:
    """https://html.spec.whatwg.org/#concept-month"""

    year: int
    month: int


@dataclass(frozen=True, order=True)
class YearlessDate:
    """https://html.spec.whatwg.org/#concept-yearless-date"""

    month: int
    day: int


@dataclass(frozen=True, order=True)
class Week:
    """https://html.spec.whatwg.org/#concept-week"""

    year: int
    week: int


@dataclass(frozen=True, order=True)
class LargeDate:
    """A date whose year is above 9999 (valid in HTML, beyond ``datetime.date``)."""

    year: int
    month: int
    day: int


@dataclass(frozen=True, order=True)
class LargeDateTime:
    """A local date and time whose year is above 9999."""

    date: LargeDate
    time: _dt.time


class _Cursor:
    """A string and a position: the spec's "position" pointer."""

    __slots__ = ("s", "pos")

    def __init__(self, s: str, pos: int = 0) -> None:
        self.s = s
        self.pos = pos

    @property
    def at_end(self) -> bool:
        return self.pos >= len(self.s)

    def peek(self) -> str:
        return self.s[self.pos] if self.pos < len(self.s) else ""

    def digits(self) -> str:
        start = self.pos
        s = self.s
        while self.pos < len(s) and "0" <= s[self.pos] <= "9":
            self.pos += 1
        return s[start : self.pos]

    def expect(self, c: str) -> bool:
        if self.peek() == c and c:
            self.pos += 1
            return True
        return False


_DAYS_IN_MONTH = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def days_in_month(year: int, month: int) -> int:
    """https://html.spec.whatwg.org/#number-of-days-in-month-month-of-year-year (proleptic
    Gregorian leap years, for any positive year)."""
    if month == 2:
        return 29 if (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)) else 28
    return _DAYS_IN_MONTH[month - 1]


# -- components ---------------------------------------------------------------------------------


def _month_component(c: _Cursor) -> tuple[int, int] | None:
    """https://html.spec.whatwg.org/#parse-a-month-component"""
    year_s = c.digits()
    if len(year_s) < 4:
        return None
    year = int_from_digits(year_s)
    if year <= 0:
        return None
    if not c.expect("-"):
        return None
    month_s = c.digits()
    if len(month_s) != 2:
        return None
    month = int(month_s)
    if not 1 <= month <= 12:
        return None
    return year, month


def _date_component(c: _Cursor) -> tuple[int, int, int] | None:
    """https://html.spec.whatwg.org/#parse-a-date-component"""
    ym = _month_component(c)
    if ym is None:
        return None
    year, month = ym
    if not c.expect("-"):
        return None
    day_s = c.digits()
    if len(day_s) != 2:
        return None
    day = int(day_s)
    if not 1 <= day <= days_in_month(year, month):
        return None
    return year, month, day


def _yearless_date_component(c: _Cursor) -> tuple[int, int] | None:
    """https://html.spec.whatwg.org/#parse-a-yearless-date-component"""
    start = c.pos
    while c.peek() == "-":
        c.pos += 1
    if c.pos - start not in (0, 2):
        return None
    month_s = c.digits()
    if len(month_s) != 2:
        return None
    month = int(month_s)
    if not 1 <= month <= 12:
        return None
    if not c.expect("-"):
        return None
    day_s = c.digits()
    if len(day_s) != 2:
        return None
    day = int(day_s)
    if not 1 <= day <= days_in_month(2000, month):
        return None
    return month, day


def _time_component(c: _Cursor) -> tuple[int, int, Decimal] | None:
    """https://html.spec.whatwg.org/#parse-a-time-component"""
    hour_s = c.digits()
    if len(hour_s) != 2:
        return None
    hour = int(hour_s)
    if not 0 <= hour <= 23:
        return None
    if not c.expect(":"):
        return None
    minute_s = c.digits()
    if len(minute_s) != 2:
        return None
    minute = int(minute_s)
    if not 0 <= minute <= 59:
        return None
    second = Decimal(0)
    if c.peek() == ":":
        c.pos += 1
        s = c.s
        if c.pos + 1 >= len(s) or not (s[c.pos].isascii() and s[c.pos].isdigit()) or not (
            s[c.pos + 1].isascii() and s[c.pos + 1].isdigit()
        ):
            return None
        start = c.pos
        while c.pos < len(s) and (s[c.pos] == "." or "0" <= s[c.pos] <= "9"):
            c.pos += 1
        seq = s[start : c.pos]
        if len(seq) == 3 or (len(seq) > 3 and seq[2] != ".") or seq.count(".") > 1:
            return None
        second = Decimal(seq)
        if not 0 <= second < 60:
            return None
    return hour, minute, second


def _timezone_component(c: _Cursor) -> tuple[int, int] | None:
    """https://html.spec.whatwg.org/#parse-a-time-zone-offset-component"""
    ch = c.peek()
    if ch == "Z":
        c.pos += 1
        return 0, 0
    if ch not in ("+", "-") or not ch:
        return None
    negative = ch == "-"
    c.pos += 1
    s = c.digits()
    if len(s) == 2:
        hours = int(s)
        if not c.expect(":"):
            return None
        m = c.digits()
        if len(m) != 2:
            return None
        minutes = int(m)
    elif len(s) == 4:
        hours, minutes = int(s[:2]), int(s[2:])
    else:
        return None
    if not 0 <= hours <= 23 or not 0 <= minutes <= 59:
        return None
    return (-hours, -minutes) if negative else (hours, minutes)


def _make_time(hour: int, minute: int, second: Decimal) -> _dt.time:
    rounded = (second * 1_000_000).quantize(Decimal(1), rounding=ROUND_HALF_EVEN)
    micro = min(int(rounded), 59_999_999)  # 59.9999999 must not round up to 60
    return _dt.time(hour, minute, micro // 1_000_000, micro % 1_000_000)


def _make_date(year: int, month: int, day: int) -> _dt.date | LargeDate:
    return _dt.date(year, month, day) if year <= 9999 else LargeDate(year, month, day)


def _whole(c: _Cursor, result: object) -> object:
    return result if result is not None and c.at_end else None


# -- parse a ... string ---------------------------------------------------------------------------


def parse_month(input: str) -> Month | None:
    """https://html.spec.whatwg.org/#parse-a-month-string"""
    c = _Cursor(input)
    ym = _month_component(c)
    return Month(*ym) if ym is not None and c.at_end else None


def parse_date(input: str) -> _dt.date | LargeDate | None:
    """https://html.spec.whatwg.org/#parse-a-date-string"""
    c = _Cursor(input)
    ymd = _date_component(c)
    return _make_date(*ymd) if ymd is not None and c.at_end else None


def parse_yearless_date(input: str) -> YearlessDate | None:
    """https://html.spec.whatwg.org/#parse-a-yearless-date-string"""
    c = _Cursor(input)
    md = _yearless_date_component(c)
    return YearlessDate(*md) if md is not None and c.at_end else None


def parse_time(input: str) -> _dt.time | None:
    """https://html.spec.whatwg.org/#parse-a-time-string"""
    c = _Cursor(input)
    hms = _time_component(c)
    return _make_time(*hms) if hms is not None and c.at_end else None


def parse_local_datetime(input: str) -> _dt.datetime | LargeDateTime | None:
    """https://html.spec.whatwg.org/#parse-a-local-date-and-time-string"""
    c = _Cursor(input)
    ymd = _date_component(c)
    if ymd is None or c.peek() not in ("T", " ") or c.at_end:
        return None
    c.pos += 1
    hms = _time_component(c)
    if hms is None or not c.at_end:
        return None
    time = _make_time(*hms)
    date = _make_date(*ymd)
    if isinstance(date, LargeDate):
        return LargeDateTime(date, time)
    return _dt.datetime.combine(date, time)


def parse_timezone_offset(input: str) -> _dt.timedelta | None:
    """https://html.spec.whatwg.org/#parse-a-time-zone-offset-string"""
    c = _Cursor(input)
    tz = _timezone_component(c)
    if tz is None or not c.at_end:
        return None
    return _dt.timedelta(hours=tz[0], minutes=tz[1])


def parse_global_datetime(input: str) -> _dt.datetime | None:
    """https://html.spec.whatwg.org/#parse-a-global-date-and-time-string

    Returns an aware datetime at the parsed offset; years beyond 9999 (and moments that leave
    ``datetime``'s range once converted to UTC) return None -- they are not representable.
    """
    c = _Cursor(input)
    ymd = _date_component(c)
    if ymd is None or c.peek() not in ("T", " ") or c.at_end:
        return None
    c.pos += 1
    hms = _time_component(c)
    if hms is None or c.at_end:
        return None
    tz = _timezone_component(c)
    if tz is None or not c.at_end:
        return None
    if ymd[0] > 9999:
        return None
    offset = _dt.timedelta(hours=tz[0], minutes=tz[1])
    local = _dt.datetime.combine(_dt.date(*ymd), _make_time(*hms))
    try:
        (local - offset)  # the UTC moment must exist too
    except OverflowError:
        return None
    return local.replace(tzinfo=_dt.timezone(offset))


def max_week(year: int) -> int:
    """The week number of the last day of *year* (https://html.spec.whatwg.org/#week-number-of-the-last-day)."""
    # An ISO week-numbering year has 53 weeks if it starts on a Thursday, or is a leap year
    # starting on a Wednesday.
    first = _weekday(year, 1, 1)
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return 53 if first == 3 or (first == 2 and leap) else 52


def _weekday(year: int, month: int, day: int) -> int:
    """Monday = 0, for any positive proleptic Gregorian year (Sakamoto's method)."""
    t = (0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4)
    y = year - (month < 3)
    sunday_based = (y + y // 4 - y // 100 + y // 400 + t[month - 1] + day) % 7
    return (sunday_based - 1) % 7


def parse_week(input: str) -> Week | None:
    """https://html.spec.whatwg.org/#parse-a-week-string"""
    c = _Cursor(input)
    year_s = c.digits()
    if len(year_s) < 4:
        return None
    year = int_from_digits(year_s)
    if year <= 0 or not c.expect("-") or not c.expect("W"):
        return None
    week_s = c.digits()
    if len(week_s) != 2:
        return None
    week = int(week_s)
    if not 1 <= week <= max_week(year) or not c.at_end:
        return None
    return Week(year, week)


def parse_duration(input: str) -> _dt.timedelta | None:
    """https://html.spec.whatwg.org/#parse-a-duration-string (both syntaxes)."""
    c = _Cursor(input)
    months = Decimal(0)
    seconds = Decimal(0)
    component_count = 0
    m_is_months = False

    def skip_ws() -> None:
        while c.peek() and c.peek() in _WS:
            c.pos += 1

    skip_ws()
    if c.at_end:
        return None
    if c.peek() == "P":
        c.pos += 1
        m_is_months = True
        skip_ws()
    while True:
        if c.at_end:
            break
        if c.peek() == "T":
            c.pos += 1
            m_is_months = False
            skip_ws()
            continue
        nxt = c.peek()
        if nxt == ".":
            n = Decimal(0)
        elif "0" <= nxt <= "9":
            n = Decimal(c.digits())
        else:
            return None
        if c.at_end:
            return None
        nxt = c.peek()
        c.pos += 1
        if nxt == ".":
            s = c.digits()
            if not s:
                return None
            n += Decimal(s) / (Decimal(10) ** len(s))
            skip_ws()
            if c.at_end:
                return None
            nxt = c.peek()
            c.pos += 1
            if nxt not in ("S", "s"):
                return None
            units = "seconds"
        else:
            if nxt in _WS:
                skip_ws()
                nxt = c.peek()
                c.pos += 1
            lower = nxt.lower() if nxt.isascii() else nxt
            if lower == "y":
                units, m_is_months = "years", True
            elif lower == "m" and m_is_months:
                units = "months"
            elif lower == "w":
                units, m_is_months = "weeks", False
            elif lower == "d":
                units, m_is_months = "days", False
            elif lower == "h":
                units, m_is_months = "hours", False
            elif lower == "m":
                units = "minutes"
            elif lower == "s":
                units, m_is_months = "seconds", False
            else:
                return None
        component_count += 1
        multiplier = 1
        if units == "years":
            multiplier *= 12
            units = "months"
        if units == "months":
            months += n * multiplier
        else:
            for unit, factor in (("weeks", 7), ("days", 24), ("hours", 60), ("minutes", 60)):
                if units == unit:
                    multiplier *= factor
                    units = {"weeks": "days", "days": "hours", "hours": "minutes", "minutes": "seconds"}[unit]
            seconds += n * multiplier
        skip_ws()
    if component_count == 0 or months != 0:
        return None
    try:
        return _dt.timedelta(seconds=float(seconds))
    except OverflowError:
        return None


def parse_date_or_time(input: str) -> _dt.date | LargeDate | _dt.time | _dt.datetime | None:
    """https://html.spec.whatwg.org/#parse-a-date-or-time-string"""
    c = _Cursor(input)
    start = c.pos
    date_present = time_present = True
    ymd = _date_component(c)
    if ymd is None:
        date_present = False
    if date_present and not c.at_end and c.peek() in ("T", " "):
        c.pos += 1
    elif date_present:
        time_present = False
    else:
        c.pos = start
    hms = None
    if time_present:
        hms = _time_component(c)
        if hms is None:
            return None
    if date_present and time_present and c.at_end:
        return None
    tz = None
    if date_present and time_present:
        tz = _timezone_component(c)
        if tz is None:
            return None
    if not c.at_end:
        return None
    if date_present and not time_present and ymd is not None:
        return _make_date(*ymd)
    if time_present and not date_present and hms is not None:
        return _make_time(*hms)
    assert ymd is not None and hms is not None and tz is not None
    if ymd[0] > 9999:
        return None
    offset = _dt.timedelta(hours=tz[0], minutes=tz[1])
    return _dt.datetime.combine(_dt.date(*ymd), _make_time(*hms)).replace(tzinfo=_dt.timezone(offset))


# -- serializers (the valid, normalized forms) ----------------------------------------------------


def serialize_month(month: Month) -> str:
    """https://html.spec.whatwg.org/#valid-month-string"""
    return f"{_year_string(month.year)}-{month.month:02d}"


def serialize_date(date: _dt.date | LargeDate) -> str:
    """https://html.spec.whatwg.org/#valid-date-string"""
    return f"{_year_string(date.year)}-{date.month:02d}-{date.day:02d}"


def serialize_yearless_date(date: YearlessDate) -> str:
    """https://html.spec.whatwg.org/#valid-yearless-date-string"""
    return f"{date.month:02d}-{date.day:02d}"


def serialize_time(time: _dt.time) -> str:
    """The shortest valid time string (https://html.spec.whatwg.org/#valid-time-string).

    Fractional seconds are written to the millisecond (valid time strings allow at most three
    fractional digits); finer precision is truncated.
    """
    out = f"{time.hour:02d}:{time.minute:02d}"
    ms = time.microsecond // 1000
    if time.second or ms:
        out += f":{time.second:02d}"
        if ms:
            out += "." + f"{ms:03d}".rstrip("0")
    return out


def serialize_local_datetime(value: _dt.datetime | LargeDateTime) -> str:
    """https://html.spec.whatwg.org/#valid-normalised-local-date-and-time-string"""
    if isinstance(value, LargeDateTime):
        return f"{serialize_date(value.date)}T{serialize_time(value.time)}"
    return f"{serialize_date(value.date())}T{serialize_time(value.time())}"


def serialize_timezone_offset(offset: _dt.timedelta) -> str:
    """https://html.spec.whatwg.org/#valid-time-zone-offset-string"""
    minutes = int(offset.total_seconds() // 60)
    if minutes == 0:
        return "Z"
    sign = "-" if minutes < 0 else "+"
    minutes = abs(minutes)
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def serialize_global_datetime(value: _dt.datetime, forced_utc: bool = True) -> str:
    """https://html.spec.whatwg.org/#valid-normalised-forced-utc-global-date-and-time-string

    With *forced_utc* false the value's own offset is written instead of "Z".
    """
    if value.tzinfo is None:
        raise ValueError("a global date and time needs a time-zone offset")
    if forced_utc:
        utc = value.astimezone(_dt.UTC)
        return f"{serialize_date(utc.date())}T{serialize_time(utc.time())}Z"
    offset = value.utcoffset() or _dt.timedelta(0)
    return f"{serialize_date(value.date())}T{serialize_time(value.time())}{serialize_timezone_offset(offset)}"


def serialize_week(week: Week) -> str:
    """https://html.spec.whatwg.org/#valid-week-string"""
    return f"{_year_string(week.year)}-W{week.week:02d}"


def serialize_duration(duration: _dt.timedelta) -> str:
    """A valid duration string (https://html.spec.whatwg.org/#valid-duration-string), ISO 8601
    form: ``P[nD][T[nH][nM][n[.fff]S]]``."""
    total_ms = round(duration.total_seconds() * 1000)
    if total_ms < 0:
        raise ValueError("durations are not negative")
    days, rest = divmod(total_ms, 86_400_000)
    hours, rest = divmod(rest, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, ms = divmod(rest, 1000)
    out = "P" + (f"{days}D" if days else "")
    time = ""
    if hours:
        time += f"{hours}H"
    if minutes:
        time += f"{minutes}M"
    if seconds or ms or (not days and not time):
        time += f"{seconds}" + (("." + f"{ms:03d}".rstrip("0")) if ms else "") + "S"
    return out + ("T" + time if time else "")
