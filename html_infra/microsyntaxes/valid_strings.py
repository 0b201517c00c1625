"""Which date, time, duration and number-list strings are *valid* (conforming) in HTML.

The parsing rules in :mod:`.dates` and :mod:`.numbers` accept more than authors may write (long
fractions, "P1DT", whitespace in lists); these predicates are the authoring grammars of
https://html.spec.whatwg.org/#dates-and-times and #lists-of-floating-point-numbers.  Each is a
linear regular expression plus the range checks its production states.  Years may have any
number of digits; leap years and weekdays repeat every 400 years, so the checks that need them
look at the year modulo 400 instead of converting thousands of digits.
"""

from __future__ import annotations

import re

from .dates import days_in_month, max_week
from .numbers import is_valid_float

__all__ = [
    "is_valid_month_string",
    "is_valid_date_string",
    "is_valid_yearless_date_string",
    "is_valid_time_string",
    "is_valid_local_date_and_time_string",
    "is_valid_normalized_local_date_and_time_string",
    "is_valid_time_zone_offset_string",
    "is_valid_global_date_and_time_string",
    "is_valid_week_string",
    "is_valid_duration_string",
    "is_valid_date_string_with_optional_time",
    "is_valid_list_of_floating_point_numbers",
]

_MONTH = r"(?P<year>[0-9]{4,})-(?P<month>[0-9]{2})"
_DATE = _MONTH + r"-(?P<day>[0-9]{2})"
_TIME = r"(?P<hour>[0-9]{2}):(?P<minute>[0-9]{2})(?::(?P<second>[0-9]{2})(?:\.(?P<fraction>[0-9]{1,3}))?)?"
_OFFSET = r"(?P<zone>Z|(?P<sign>[+-])(?P<zone_hour>[0-9]{2}):?(?P<zone_minute>[0-9]{2}))"

_MONTH_RE = re.compile(_MONTH)
_DATE_RE = re.compile(_DATE)
_YEARLESS_RE = re.compile(r"(?:--)?(?P<month>[0-9]{2})-(?P<day>[0-9]{2})")
_TIME_RE = re.compile(_TIME)
_LOCAL_RE = re.compile(_DATE + r"[T ]" + _TIME)
_NORMALIZED_LOCAL_RE = re.compile(_DATE + "T" + _TIME)
_OFFSET_RE = re.compile(_OFFSET)
_GLOBAL_RE = re.compile(_DATE + r"[T ]" + _TIME + _OFFSET)
_WEEK_RE = re.compile(r"(?P<year>[0-9]{4,})-W(?P<week>[0-9]{2})")


def _year_in_cycle(year: str) -> int | None:
    """*year* (ASCII digits) moved into 400..799, same leap-ness and weekdays; None if not > 0."""
    if year.strip("0") == "":
        return None
    # 400 divides 10000, so the last four digits fix the year modulo 400.
    return int(year[-4:]) % 400 + 400


def _month_ok(m: re.Match[str]) -> int | None:
    """https://html.spec.whatwg.org/#valid-month-string ranges -> the cycle year, or None."""
    year = _year_in_cycle(m["year"])
    return year if year is not None and 1 <= int(m["month"]) <= 12 else None


def _date_ok(m: re.Match[str]) -> bool:
    """https://html.spec.whatwg.org/#valid-date-string ranges: 1 <= day <= days in that month."""
    year = _month_ok(m)
    return year is not None and 1 <= int(m["day"]) <= days_in_month(year, int(m["month"]))


def _time_ok(m: re.Match[str]) -> bool:
    """https://html.spec.whatwg.org/#valid-time-string ranges (no leap seconds)."""
    return int(m["hour"]) <= 23 and int(m["minute"]) <= 59 and (m["second"] is None or int(m["second"]) <= 59)


def _offset_ok(m: re.Match[str]) -> bool:
    """https://html.spec.whatwg.org/#valid-time-zone-offset-string ranges; "-" only when nonzero."""
    if m["zone"] == "Z":
        return True
    hour, minute = int(m["zone_hour"]), int(m["zone_minute"])
    return hour <= 23 and minute <= 59 and not (m["sign"] == "-" and hour == minute == 0)


def is_valid_month_string(input: str) -> bool:
    """https://html.spec.whatwg.org/#valid-month-string: YYYY-MM, four or more year digits, year > 0."""
    m = _MONTH_RE.fullmatch(input)
    return m is not None and _month_ok(m) is not None


def is_valid_date_string(input: str) -> bool:
    """https://html.spec.whatwg.org/#valid-date-string: a valid month string, "-", DD."""
    m = _DATE_RE.fullmatch(input)
    return m is not None and _date_ok(m)


def is_valid_yearless_date_string(input: str) -> bool:
    """https://html.spec.whatwg.org/#valid-yearless-date-string: optional "--", MM-DD; February
    may have 29 days, as in any leap year."""
    m = _YEARLESS_RE.fullmatch(input)
    if m is None:
        return False
    month = int(m["month"])
    return 1 <= month <= 12 and 1 <= int(m["day"]) <= days_in_month(2000, month)


def is_valid_time_string(input: str) -> bool:
    """https://html.spec.whatwg.org/#valid-time-string: HH:MM, optionally :SS and .F to .FFF."""
    m = _TIME_RE.fullmatch(input)
    return m is not None and _time_ok(m)


def is_valid_local_date_and_time_string(input: str) -> bool:
    """https://html.spec.whatwg.org/#valid-local-date-and-time-string: date, "T" or " ", time."""
    m = _LOCAL_RE.fullmatch(input)
    return m is not None and _date_ok(m) and _time_ok(m)


def is_valid_normalized_local_date_and_time_string(input: str) -> bool:
    """https://html.spec.whatwg.org/#valid-normalised-local-date-and-time-string: date, "T", and
    the time as the shortest possible string (no ":00" seconds, no trailing fraction zeros)."""
    m = _NORMALIZED_LOCAL_RE.fullmatch(input)
    if m is None or not (_date_ok(m) and _time_ok(m)):
        return False
    second, fraction = m["second"], m["fraction"]
    if fraction is not None:
        return not fraction.endswith("0")      # ".5", never ".50" or ".000"
    return second is None or second != "00"


def is_valid_time_zone_offset_string(input: str) -> bool:
    """https://html.spec.whatwg.org/#valid-time-zone-offset-string: "Z", or +HH:MM / +HHMM
    (-HH:MM when not zero)."""
    m = _OFFSET_RE.fullmatch(input)
    return m is not None and _offset_ok(m)


def is_valid_global_date_and_time_string(input: str) -> bool:
    """https://html.spec.whatwg.org/#valid-global-date-and-time-string: date, "T" or " ", time,
    time-zone offset."""
    m = _GLOBAL_RE.fullmatch(input)
    return m is not None and _date_ok(m) and _time_ok(m) and _offset_ok(m)


def is_valid_week_string(input: str) -> bool:
    """https://html.spec.whatwg.org/#valid-week-string: YYYY-Www, 1 <= week <= the week number of
    the last day of that week-year."""
    m = _WEEK_RE.fullmatch(input)
    if m is None:
        return False
    year = _year_in_cycle(m["year"])
    return year is not None and 1 <= int(m["week"]) <= max_week(year)


# The ISO 8601-based form: P, then in order [nD] [T [nH] [nM] [n[.fff]S]], at least one
# component, and a T only with a time component after it.
_ISO_DURATION = re.compile(
    r"P(?=[0-9T])(?:[0-9]+D)?"
    r"(?:T(?=[0-9])(?:[0-9]+H)?(?:[0-9]+M)?(?:[0-9]+(?:\.[0-9]{1,3})?S)?)?"
)
# The other form: duration time components in any order.  Each starts with a digit and ends with
# its scale letter, so whitespace between components belongs to exactly one place (linear).
_COMPONENT = r"(?:[0-9]+[\t\n\x0c\r ]*[WwDdHhMm]|[0-9]+(?:\.[0-9]{1,3})?[\t\n\x0c\r ]*[Ss])"
_COMPONENTS = re.compile(rf"[\t\n\x0c\r ]*{_COMPONENT}(?:[\t\n\x0c\r ]*{_COMPONENT})*[\t\n\x0c\r ]*")


def is_valid_duration_string(input: str) -> bool:
    """https://html.spec.whatwg.org/#valid-duration-string

    "P1DT" is not valid (a "T" needs a time after it) although the parsing rules read it as one
    day; "1h 30m" is valid, "1h 1h" is not (each duration time component scale at most once).
    """
    if _ISO_DURATION.fullmatch(input):
        return True
    if not _COMPONENTS.fullmatch(input):
        return False
    scales = [c.lower() for c in input if c.isalpha()]      # the only letters are the scales
    return len(scales) == len(set(scales))


def is_valid_date_string_with_optional_time(input: str) -> bool:
    """https://html.spec.whatwg.org/#valid-date-string-with-optional-time"""
    return is_valid_date_string(input) or is_valid_global_date_and_time_string(input)


def is_valid_list_of_floating_point_numbers(input: str) -> bool:
    """https://html.spec.whatwg.org/#valid-list-of-floating-point-numbers: valid floating-point
    numbers separated by "," and nothing else (no whitespace); at least one number."""
    return all(is_valid_float(number) for number in input.split(","))
