"""The numbers behind input values (https://html.spec.whatwg.org/#concept-input-value-string-number):
an ``<input>``'s value string converted to a number and back, per type state (``date``, ``month``,
``week``, ``time``, ``datetime-local`` as milliseconds or months since the epoch, ``number`` and
``range`` as floats), over a proleptic Gregorian calendar exact for every year.
"""

from __future__ import annotations

import datetime as _dt
import math
import re

from .dates import parse_date, parse_local_datetime, parse_month, parse_time, parse_week
from .numbers import parse_float, serialize_float

__all__ = [
    "MS_PER_DAY",
    "as_number",
    "is_valid_time_string",
    "split_local_datetime",
    "days_from_civil",
    "civil_from_days",
    "year_string",
    "date_string",
    "time_string",
    "time_ms",
    "value_string_to_number",
    "value_number_to_string",
]

MS_PER_DAY = 86_400_000


# -- valid strings ------------------------------------------------------------------------------

_TIME_RE = re.compile(r"[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,3})?)?\Z")


def is_valid_time_string(value: str) -> bool:
    """https://html.spec.whatwg.org/#valid-time-string"""
    return _TIME_RE.match(value) is not None and parse_time(value) is not None


def split_local_datetime(value: str) -> tuple[str, str] | None:
    """A local date and time string's date and time halves (split at its "T" or space)."""
    for sep in ("T", " "):
        if sep in value:
            date, _, time = value.partition(sep)
            return date, time
    return None


# -- days <-> civil dates (proleptic Gregorian, any year) ---------------------------------------


def days_from_civil(year: int, month: int, day: int) -> int:
    """Days since 1970-01-01 (H. Hinnant's days_from_civil; exact for every year)."""
    year -= month <= 2
    era = year // 400
    yoe = year - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(days: int) -> tuple[int, int, int]:
    days += 719468
    era = days // 146097
    doe = days - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    year = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + (3 if mp < 10 else -9)
    return year + (month <= 2), month, day


def year_string(year: int) -> str:
    """*year* with at least four digits."""
    return f"{year:04d}"


def date_string(year: int, month: int, day: int) -> str:
    return f"{year_string(year)}-{month:02d}-{day:02d}"


def time_string(ms: int) -> str:
    """The shortest valid time string for *ms* milliseconds after midnight."""
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)
    out = f"{hours:02d}:{minutes:02d}"
    if seconds or millis:
        out += f":{seconds:02d}"
        if millis:
            out += "." + f"{millis:03d}".rstrip("0")
    return out


def time_ms(t: _dt.time) -> int:
    return ((t.hour * 60 + t.minute) * 60 + t.second) * 1000 + t.microsecond // 1000


def _week_monday_days(year: int, week: int) -> int:
    """Days since the epoch of the Monday of ISO week *week* of *year*."""
    jan4 = days_from_civil(year, 1, 4)
    weekday = (jan4 + 3) % 7  # 1970-01-01 was a Thursday: Monday is 0
    return jan4 - weekday + (week - 1) * 7


def _week_of_days(days: int) -> tuple[int, int]:
    weekday = (days + 3) % 7
    thursday = days - weekday + 3
    year = civil_from_days(thursday)[0]
    return year, (thursday - days_from_civil(year, 1, 1)) // 7 + 1


# -- per-type conversions (https://html.spec.whatwg.org/#concept-input-value-string-number) ----


def as_number(value: int) -> float | None:
    """*value* as a JS Number, or None where no Number holds it: a valid date string may have
    any number of year digits, and a year of 300 digits is past the largest double (such a
    value "cannot be converted to a number": valueAsNumber is NaN, no range applies)."""
    try:
        return float(value)
    except OverflowError:
        return None


def value_string_to_number(state: str, value: str) -> float | None:
    """https://html.spec.whatwg.org/#concept-input-value-string-number for the type *state*."""
    if state in ("number", "range"):
        return parse_float(value)
    if state == "date":
        date = parse_date(value)
        return None if date is None else as_number(days_from_civil(date.year, date.month, date.day) * MS_PER_DAY)
    if state == "month":
        month = parse_month(value)
        return None if month is None else as_number((month.year - 1970) * 12 + month.month - 1)
    if state == "week":
        week = parse_week(value)
        return None if week is None else as_number(_week_monday_days(week.year, week.week) * MS_PER_DAY)
    if state == "time":
        time = parse_time(value)
        return None if time is None else float(time_ms(time))
    if state == "datetime-local":
        parsed = parse_local_datetime(value)
        if parsed is None:
            return None
        date = parsed.date() if isinstance(parsed, _dt.datetime) else parsed.date
        time = parsed.time() if isinstance(parsed, _dt.datetime) else parsed.time
        return as_number(days_from_civil(date.year, date.month, date.day) * MS_PER_DAY + time_ms(time))
    return None


def value_number_to_string(state: str, number: float) -> str:
    """https://html.spec.whatwg.org/#concept-input-value-number-string"""
    if state in ("number", "range"):
        return serialize_float(number)
    if state == "month":
        months = math.floor(number)
        year, month0 = divmod(months, 12)
        year += 1970
        return f"{year_string(year)}-{month0 + 1:02d}" if year >= 1 else ""
    # No Date range applies here: the value string has room for any year, and "1 <= year" is
    # the only limit (valueAsDate alone is bounded by the JS time range).
    ms = math.floor(number)
    if state == "time":
        return time_string(ms % MS_PER_DAY)
    days, in_day = divmod(ms, MS_PER_DAY)
    year, month, day = civil_from_days(days)
    if year < 1:
        return ""
    if state == "date":
        return date_string(year, month, day)
    if state == "week":
        week_year, week = _week_of_days(days)
        return f"{year_string(week_year)}-W{week:02d}" if week_year >= 1 else ""
    if state == "datetime-local":
        return f"{date_string(year, month, day)}T{time_string(in_day)}"
    return ""
