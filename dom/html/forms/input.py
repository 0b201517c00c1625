"""The input element's value, checkedness and number/date conversions
(https://html.spec.whatwg.org/#the-input-element).

State on the wrapper's ``__dict__`` (wrappers persist, see dom/README.md "identity"):
``_value`` (None until first needed: an input that was never observed has the value its
creation gave it, the sanitized ``value`` attribute), ``_dirty_value``, ``_checkedness`` (None
until needed: the ``checked`` attribute), ``_dirty_checkedness``, ``_indeterminate``.  The
attribute change steps that depend on the *old* state (``type``, ``multiple``, ``min``/``max``/
``step``, ``alpha``/``colorspace``) first materialize the state as it was before the change.

Radio button groups (https://html.spec.whatwg.org/#radio-button-group): setting a radio's
checkedness to true unchecks the rest of its group at once.  The other phenomena that do so
(becoming connected, a name, type or form owner change) are resolved lazily: each radio whose
checkedness became true gets a stamp, and reading the checkedness of a radio makes the group
keep only its most recently stamped checked member (parsed radios share stamp 0: the last in
tree order wins, as if inserted one by one).

Dates: ``valueAsDate`` returns a timezone-aware UTC :class:`datetime.datetime` (the instant a
JS Date would hold) or None, including for instants that ``datetime`` cannot represent (years
outside 1..9999); the setter takes such a datetime (a naive one is taken as UTC), a
:class:`datetime.date`, or None.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import math
import re
from decimal import Decimal, InvalidOperation
from typing import Any

from html_infra.infra import (
    HTML_NAMESPACE,
    ascii_lowercase,
    split_on_commas,
    strip_leading_and_trailing_ascii_whitespace,
    strip_newlines,
)
from html_infra.microsyntaxes import (
    NAMED_COLORS,
    is_valid_float,
    parse_date,
    parse_float,
    parse_local_datetime,
    parse_month,
    parse_time,
    parse_week,
    serialize_float,
)
from webidl import InvalidStateError, NotAllowedError, to_boolean, to_dom_string, to_long
from webidl.conversions import to_unrestricted_double

from ...reflection import ReflectEnum
from .files import FileList
from .owner import is_disabled
from .textarea import TextControlSelectionMixin, _units

__all__ = [
    "InputMixin",
    "INPUT_TYPE_STATES",
    "input_type_state",
    "value_mode",
    "radio_button_group",
]

# https://html.spec.whatwg.org/#attr-input-type (missing and invalid value default: text)
INPUT_TYPE_STATES = frozenset((
    "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
    "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image",
    "reset", "button",
))
_DEFAULT_MODE = frozenset(("hidden", "submit", "image", "reset", "button"))
_DEFAULT_ON_MODE = frozenset(("checkbox", "radio"))
_NUMERIC = frozenset(("date", "month", "week", "time", "datetime-local", "number", "range"))
_AS_DATE = frozenset(("date", "month", "week", "time"))

_MS_PER_DAY = 86_400_000


def input_type_state(element: Any) -> str:
    """The state of the type attribute (its keyword, ASCII-lowercased; "text" if missing or invalid)."""
    raw = element._lx.get("type")
    if raw is None:
        return "text"
    state = ascii_lowercase(raw)
    return state if state in INPUT_TYPE_STATES else "text"


def _state_of(raw: str | None) -> str:
    if raw is None:
        return "text"
    state = ascii_lowercase(raw)
    return state if state in INPUT_TYPE_STATES else "text"


def value_mode(state: str) -> str:
    """https://html.spec.whatwg.org/#dom-input-value: "value", "default", "default/on" or "filename"."""
    if state in _DEFAULT_MODE:
        return "default"
    if state in _DEFAULT_ON_MODE:
        return "default/on"
    if state == "file":
        return "filename"
    return "value"


class _Attrs:
    """The element's attributes, with one attribute seen as it was before a change."""

    __slots__ = ("element", "override")

    def __init__(self, element: Any, override: dict[str, str | None] | None = None) -> None:
        self.element = element
        self.override = override or {}

    def get(self, name: str) -> str | None:
        if name in self.override:
            return self.override[name]
        return self.element.getAttribute(name)  # type: ignore[no-any-return]

    def state(self) -> str:
        return _state_of(self.get("type"))


# -- valid strings ------------------------------------------------------------------------------

_TIME_RE = re.compile(r"[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,3})?)?\Z")


def _is_valid_time_string(value: str) -> bool:
    """https://html.spec.whatwg.org/#valid-time-string"""
    return _TIME_RE.match(value) is not None and parse_time(value) is not None


def _split_local(value: str) -> tuple[str, str] | None:
    for sep in ("T", " "):
        if sep in value:
            date, _, time = value.partition(sep)
            return date, time
    return None


# -- days <-> civil dates (proleptic Gregorian, any year) ---------------------------------------


def _days_from_civil(year: int, month: int, day: int) -> int:
    """Days since 1970-01-01 (H. Hinnant's days_from_civil; exact for every year)."""
    year -= month <= 2
    era = year // 400
    yoe = year - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def _civil_from_days(days: int) -> tuple[int, int, int]:
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


def _year_string(year: int) -> str:
    return f"{year:04d}"


def _date_string(year: int, month: int, day: int) -> str:
    return f"{_year_string(year)}-{month:02d}-{day:02d}"


def _time_string(ms: int) -> str:
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


def _time_ms(t: _dt.time) -> int:
    return ((t.hour * 60 + t.minute) * 60 + t.second) * 1000 + t.microsecond // 1000


def _week_monday_days(year: int, week: int) -> int:
    """Days since the epoch of the Monday of ISO week *week* of *year*."""
    jan4 = _days_from_civil(year, 1, 4)
    weekday = (jan4 + 3) % 7  # 1970-01-01 was a Thursday: Monday is 0
    return jan4 - weekday + (week - 1) * 7


def _week_of_days(days: int) -> tuple[int, int]:
    weekday = (days + 3) % 7
    thursday = days - weekday + 3
    year = _civil_from_days(thursday)[0]
    return year, (thursday - _days_from_civil(year, 1, 1)) // 7 + 1


# -- per-type conversions (https://html.spec.whatwg.org/#concept-input-value-string-number) ----


def _string_to_number(state: str, value: str) -> float | None:
    if state in ("number", "range"):
        return parse_float(value)
    if state == "date":
        date = parse_date(value)
        return None if date is None else float(_days_from_civil(date.year, date.month, date.day) * _MS_PER_DAY)
    if state == "month":
        month = parse_month(value)
        return None if month is None else float((month.year - 1970) * 12 + month.month - 1)
    if state == "week":
        week = parse_week(value)
        return None if week is None else float(_week_monday_days(week.year, week.week) * _MS_PER_DAY)
    if state == "time":
        time = parse_time(value)
        return None if time is None else float(_time_ms(time))
    if state == "datetime-local":
        parsed = parse_local_datetime(value)
        if parsed is None:
            return None
        date = parsed.date() if isinstance(parsed, _dt.datetime) else parsed.date
        time = parsed.time() if isinstance(parsed, _dt.datetime) else parsed.time
        return float(_days_from_civil(date.year, date.month, date.day) * _MS_PER_DAY + _time_ms(time))
    return None


def _number_to_string(state: str, number: float) -> str:
    """https://html.spec.whatwg.org/#concept-input-value-number-string"""
    if state in ("number", "range"):
        return serialize_float(number)
    if state == "month":
        months = math.floor(number)
        year, month0 = divmod(months, 12)
        year += 1970
        return f"{_year_string(year)}-{month0 + 1:02d}" if year >= 1 else ""
    # No Date range applies here: the value string has room for any year, and "1 <= year" is
    # the only limit (valueAsDate alone is bounded by the JS time range).
    ms = math.floor(number)
    if state == "time":
        return _time_string(ms % _MS_PER_DAY)
    days, in_day = divmod(ms, _MS_PER_DAY)
    year, month, day = _civil_from_days(days)
    if year < 1:
        return ""
    if state == "date":
        return _date_string(year, month, day)
    if state == "week":
        week_year, week = _week_of_days(days)
        return f"{_year_string(week_year)}-W{week:02d}" if week_year >= 1 else ""
    if state == "datetime-local":
        return f"{_date_string(year, month, day)}T{_time_string(in_day)}"
    return ""


# -- value sanitization (https://html.spec.whatwg.org/#value-sanitization-algorithm) ------------


def _sanitize(state: str, value: str, attrs: _Attrs) -> str:
    if state in ("text", "search", "tel", "password"):
        return strip_newlines(value)
    if state == "url":
        return strip_leading_and_trailing_ascii_whitespace(strip_newlines(value))
    if state == "email":
        if attrs.get("multiple") is None:
            return strip_leading_and_trailing_ascii_whitespace(strip_newlines(value))
        return ",".join(strip_leading_and_trailing_ascii_whitespace(t) for t in split_on_commas(value))
    if state == "date":
        return value if parse_date(value) is not None else ""
    if state == "month":
        return value if parse_month(value) is not None else ""
    if state == "week":
        return value if parse_week(value) is not None else ""
    if state == "time":
        return value if _is_valid_time_string(value) else ""
    if state == "datetime-local":
        parts = _split_local(value)
        if parts is None or parse_date(parts[0]) is None or not _is_valid_time_string(parts[1]):
            return ""
        # The valid normalized local date and time string, from the parsed parts (a float of
        # milliseconds would round a year of many digits).
        parsed = parse_local_datetime(value)
        if parsed is None:
            return ""
        date = parsed.date() if isinstance(parsed, _dt.datetime) else parsed.date
        time = parsed.time() if isinstance(parsed, _dt.datetime) else parsed.time
        return f"{_date_string(date.year, date.month, date.day)}T{_time_string(_time_ms(time))}"
    if state == "number":
        return value if is_valid_float(value) else ""
    if state == "range":
        return _sanitize_range(value, attrs)
    if state == "color":
        return _update_color_well(value, attrs)
    return value


def _range_bounds(attrs: _Attrs) -> tuple[float, float]:
    minimum = _parsed_number("range", attrs.get("min"))
    maximum = _parsed_number("range", attrs.get("max"))
    return (0.0 if minimum is None else minimum), (100.0 if maximum is None else maximum)


def _sanitize_range(value: str, attrs: _Attrs) -> str:
    """https://html.spec.whatwg.org/#range-state-(type=range): sanitization, then the
    underflow/overflow/step-mismatch corrections the user agent "must" make."""
    minimum, maximum = _range_bounds(attrs)
    number = parse_float(value) if is_valid_float(value) else None
    if number is None:  # the default value
        number = minimum if maximum < minimum else minimum + (maximum - minimum) / 2
    if number < minimum:
        number = minimum
    elif number > maximum and maximum >= minimum:
        number = maximum
    step = _allowed_value_step("range", attrs)
    if step is not None:
        base = _step_base("range", attrs)
        d_number, d_base, d_step = _dec(number), _dec(base), _dec(step)
        steps = (d_number - d_base) / d_step
        if steps != steps.to_integral_value():
            low = d_base + d_step * steps.to_integral_value(rounding="ROUND_FLOOR")
            high = low + d_step
            # the nearest allowed value in range; on a tie the one nearer +infinity
            candidates = [c for c in (high, low) if c >= _dec(minimum) and (maximum < minimum or c <= _dec(maximum))]
            if candidates:
                number = float(min(candidates, key=lambda c: abs(c - d_number)))
    return serialize_float(number)


def _update_color_well(value: str, attrs: _Attrs) -> str:
    """https://html.spec.whatwg.org/#update-a-color-well-control-color -- parsing covers hex
    colors (3, 4, 6, 8 digits), named colors, ``transparent``, ``currentColor`` (black),
    ``rgb()``/``rgba()`` and ``hsl()``/``hsla()``; other CSS color syntaxes (``color()``,
    ``lab()``, system colors, ...) count as failure (opaque black).  Serialization is exact for the
    Limited sRGB state without ``alpha`` (``#rrggbb``); with ``alpha`` it gives
    ``color(srgb r g b / a)``; the Display P3 state is serialized as Limited sRGB."""
    color = _parse_css_color(value) or (0, 0, 0, 1.0)
    r, g, b, a = color
    if attrs.get("alpha") is None:
        return f"#{r:02x}{g:02x}{b:02x}"

    def num(x: float) -> str:
        text = f"{x:.6g}"
        return text

    if a >= 1:
        return f"color(srgb {num(r / 255)} {num(g / 255)} {num(b / 255)})"
    return f"color(srgb {num(r / 255)} {num(g / 255)} {num(b / 255)} / {num(a)})"


_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_RGB_RE = re.compile(r"(rgba?|hsla?)\(\s*([^)]*)\)\Z", re.IGNORECASE)
_HUE_UNITS = {"deg": 1.0, "grad": 0.9, "rad": 180 / math.pi, "turn": 360.0, "": 1.0}


def _hue(text: str) -> float:
    lower = ascii_lowercase(text)
    for unit, factor in _HUE_UNITS.items():
        if unit and lower.endswith(unit):
            return float(lower[: -len(unit)]) * factor
    return float(lower)


def _hsl_to_rgb(hue: float, saturation: float, lightness: float) -> tuple[float, float, float]:
    """https://drafts.csswg.org/css-color-4/#hsl-to-rgb (components 0..255)."""
    hue %= 360
    saturation = min(1.0, max(0.0, saturation))
    lightness = min(1.0, max(0.0, lightness))

    def f(n: float) -> float:
        k = (n + hue / 30) % 12
        a = saturation * min(lightness, 1 - lightness)
        return (lightness - a * max(-1, min(k - 3, 9 - k, 1))) * 255

    return f(0), f(8), f(4)


def _parse_css_color(value: str) -> tuple[int, int, int, float] | None:
    text = value.strip("\t\n\x0c\r ")
    lower = ascii_lowercase(text)
    if lower in NAMED_COLORS:
        r, g, b = NAMED_COLORS[lower]
        return r, g, b, 1.0
    if lower == "transparent":
        return 0, 0, 0, 0.0
    if lower == "currentcolor":  # no element style to resolve against: the initial color, black
        return 0, 0, 0, 1.0
    if text.startswith("#") and len(text) in (4, 5, 7, 9) and all(c in _HEX_DIGITS for c in text[1:]):
        digits = text[1:]
        if len(digits) <= 4:
            digits = "".join(c * 2 for c in digits)
        r, g, b = int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
        a = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1.0
        return r, g, b, a
    match = _RGB_RE.match(text)
    if match is None:
        return None
    function = ascii_lowercase(match.group(1))[:3]
    body = match.group(2).strip()
    if "," in body:
        parts = [p.strip() for p in body.split(",")]
    else:
        main, _, alpha = body.partition("/")
        parts = main.split() + ([alpha.strip()] if alpha else [])
    if len(parts) not in (3, 4):
        return None
    try:
        channels = []
        if function == "hsl":
            saturation, lightness = (float(p[:-1] if p.endswith("%") else p) / 100 for p in parts[1:3])
            channels = list(_hsl_to_rgb(_hue(parts[0]), saturation, lightness))
        else:
            for part in parts[:3]:
                if part.endswith("%"):
                    channels.append(float(part[:-1]) * 255 / 100)
                else:
                    channels.append(float(part))
        alpha_value = 1.0
        if len(parts) == 4:
            alpha_value = float(parts[3][:-1]) / 100 if parts[3].endswith("%") else float(parts[3])
    except ValueError:
        return None
    if any(math.isnan(c) for c in channels) or math.isnan(alpha_value):
        return None
    # round half toward +infinity, clamp to 0..255
    r, g, b = (min(255, max(0, math.floor(c + 0.5))) for c in channels)
    return r, g, b, min(1.0, max(0.0, alpha_value))


# -- min / max / step (https://html.spec.whatwg.org/#the-min-and-max-attributes) ----------------

# state -> (step scale factor, default step, default step base)
_STEP = {
    "date": (86_400_000, 1, 0),
    "month": (1, 1, 0),
    "week": (604_800_000, 1, -259_200_000),
    "time": (1000, 60, 0),
    "datetime-local": (1000, 60, 0),
    "number": (1, 1, 0),
    "range": (1, 1, 0),
}


def _parsed_number(state: str, value: str | None) -> float | None:
    return None if value is None else _string_to_number(state, value)


def _minimum(state: str, attrs: _Attrs) -> float | None:
    """https://html.spec.whatwg.org/#concept-input-min"""
    found = _parsed_number(state, attrs.get("min"))
    if found is None and state == "range":
        return 0.0
    return found


def _maximum(state: str, attrs: _Attrs) -> float | None:
    """https://html.spec.whatwg.org/#concept-input-max"""
    found = _parsed_number(state, attrs.get("max"))
    if found is None and state == "range":
        return 100.0
    return found


def _allowed_value_step(state: str, attrs: _Attrs) -> float | None:
    """https://html.spec.whatwg.org/#concept-input-step"""
    if state not in _STEP:
        return None
    scale, default, _base = _STEP[state]
    raw = attrs.get("step")
    if raw is None:
        return float(default * scale)
    if ascii_lowercase(raw) == "any":
        return None
    parsed = parse_float(raw)
    if parsed is None or parsed <= 0:
        return float(default * scale)
    if state == "month":  # months are whole: a fractional step rounds (as implementations do)
        parsed = max(1.0, float(round(parsed)))
    return parsed * scale


def _step_base(state: str, attrs: _Attrs) -> float:
    """https://html.spec.whatwg.org/#concept-input-min-zero"""
    for name in ("min", "value"):
        found = _parsed_number(state, attrs.get(name))
        if found is not None:
            return found
    return float(_STEP[state][2]) if state in _STEP else 0.0


def _dec(x: float) -> Decimal:
    """A float as the decimal it prints as, so that steps like 0.1 are exact."""
    return Decimal(repr(x))


# -- radio button groups ------------------------------------------------------------------------

_stamps = itertools.count(1)


def _form_owner(element: Any) -> Any:
    return getattr(element, "form", None)


def radio_button_group(element: Any) -> list[Any]:
    """https://html.spec.whatwg.org/#radio-button-group -- the radio inputs of *element*'s tree
    with the same non-empty name and the same form owner, in tree order (*element* included)."""
    radios = _same_name_radios(element)
    if len(radios) < 2:
        return [element]
    owner = _form_owner(element)
    return [other for other in radios if other is element or _form_owner(other) is owner]


def _same_name_radios(element: Any) -> list[Any]:
    """The radios of *element*'s tree with its (non-empty) name: a superset of its group."""
    entry = _name_entry(element)
    return [element] if entry is None else entry[0]


def _name_entry(element: Any) -> list[Any] | None:
    """[radios with *element*'s name in its tree, checkedness epoch they were last resolved at],
    or None for a radio without a name (or a non-radio)."""
    name = element._lx.get("name")
    if not name or input_type_state(element) != "radio":
        return None
    root = element._lx
    while True:  # the root of the lxml tree (a document's root, a fragment's container, ...)
        parent = root.getparent()
        if parent is None:
            break
        root = parent
    return _radios_by_name(element._doc, root).get(element.getAttribute("name"))


def _radios_by_name(document: Any, root: Any) -> dict[str, list[Any]]:
    """The radio inputs under an lxml root by name (each ``[radios in tree order, resolved
    epoch]``), cached per tree until the document next changes, so that reading every radio of
    a page stays linear."""
    from ...nodes.node import node_for

    cache = document.__dict__.setdefault("_radio_index", {})
    found = cache.get(id(root))
    if found is not None and found[0] is root and found[1] == document._version:
        return found[2]  # type: ignore[no-any-return]
    index: dict[str, list[Any]] = {}
    for lx in root.iter("input", f"{{{HTML_NAMESPACE}}}input"):
        if lx.get("name") is None:
            continue
        other = node_for(lx, document)
        if getattr(other, "_ns", None) != HTML_NAMESPACE or input_type_state(other) != "radio":
            continue
        index.setdefault(other.getAttribute("name"), [[], -1])[0].append(other)
    if len(cache) > 64:  # detached trees come and go: keep the cache small
        cache.clear()
    cache[id(root)] = (root, document._version, index)
    return index


# Bumped whenever a checkedness changes, so that resolved groups know when to look again.
_epoch = [0]


def _checkedness(element: Any) -> bool:
    state = element.__dict__.get("_checkedness")
    if state is None:
        state = element.__dict__["_checkedness"] = element._lx.get("checked") is not None
    return state  # type: ignore[no-any-return]


def _set_checkedness(element: Any, value: bool) -> None:
    element.__dict__["_checkedness"] = value
    if value:
        element.__dict__["_check_stamp"] = next(_stamps)
    _epoch[0] += 1


def _checked_group_members(element: Any) -> list[Any]:
    """The checked members of *element*'s radio button group other than *element* (form owners
    are only looked up for checked radios)."""
    checked = [e for e in _same_name_radios(element) if e is not element and _checkedness(e)]
    if not checked:
        return []
    owner = _form_owner(element)
    return [e for e in checked if _form_owner(e) is owner]


def _resolve_group(element: Any) -> None:
    """Keep only the most recently checked radio of each group sharing *element*'s name (all
    groups of that name at once, then remembered until the tree or a checkedness changes)."""
    entry = _name_entry(element)
    if entry is None or entry[1] == _epoch[0]:
        return
    radios = entry[0]
    checked = [e for e in radios if _checkedness(e)]
    if len(checked) > 1:
        by_owner: dict[int, list[Any]] = {}
        for e in checked:
            by_owner.setdefault(id(_form_owner(e)), []).append(e)
        for members in by_owner.values():
            if len(members) > 1:
                # the most recently checked wins; among radios untouched since parsing
                # (stamp 0) the last in tree order
                keep = max(enumerate(members), key=lambda p: (p[1].__dict__.get("_check_stamp", 0), p[0]))[1]
                for other in members:
                    if other is not keep:
                        other.__dict__["_checkedness"] = False
    entry[1] = _epoch[0]


def _uncheck_others(element: Any) -> None:
    for other in _checked_group_members(element):
        other.__dict__["_checkedness"] = False
    _epoch[0] += 1


# -- the mixin ----------------------------------------------------------------------------------


class InputMixin(TextControlSelectionMixin):
    """Value, checkedness and conversions of HTMLInputElement (https://html.spec.whatwg.org/#htmlinputelement)."""

    __slots__ = ()

    # -- internal state --------------------------------------------------------------------

    def _value_state(self, attrs: _Attrs | None = None) -> str:
        """The element's value, materialized on first use (with *attrs* giving the attributes
        as they were before a change being processed)."""
        value = self.__dict__.get("_value")
        if value is None:
            attrs = attrs or _Attrs(self)
            raw = attrs.get("value")
            value = _sanitize(attrs.state(), "" if raw is None else raw, attrs)
            self.__dict__["_value"] = value
        return value  # type: ignore[no-any-return]

    def _set_value_state(self, value: str) -> None:
        self.__dict__["_value"] = value

    def _sanitize_now(self) -> None:
        attrs = _Attrs(self)
        state = attrs.state()
        value = self._value_state()
        if state == "color" and not self.__dict__.get("_dirty_value", False):
            # update a color well control color: a clean control starts from the attribute
            raw = attrs.get("value")
            value = "" if raw is None else raw
        self.__dict__["_value"] = _sanitize(state, value, attrs)

    # -- value -----------------------------------------------------------------------------

    @property
    def value(self) -> str:
        """https://html.spec.whatwg.org/#dom-input-value"""
        state = input_type_state(self)
        mode = value_mode(state)
        if mode == "value":
            return self._value_state()
        if mode == "filename":  # the first selected file's name behind the fake path browsers use
            files = self.__dict__.get("_selected_files")
            return "C:\\fakepath\\" + files[0].name if files else ""
        raw = self.getAttribute("value")  # type: ignore[attr-defined]
        if raw is None:
            return "on" if mode == "default/on" else ""
        return raw  # type: ignore[no-any-return]

    @value.setter
    def value(self, value: Any) -> None:
        value = "" if value is None else to_dom_string(value)  # [LegacyNullToEmptyString]
        state = input_type_state(self)
        mode = value_mode(state)
        if mode == "value":
            old = self._value_state()
            self._set_value_state(value)
            self.__dict__["_dirty_value"] = True
            self._sanitize_now()
            if self._value_state() != old:  # step 5: the cursor moves to the end
                self._move_cursor_to_end()
        elif mode == "filename":
            if value != "":
                raise InvalidStateError("the value of a file input can only be set to the empty string")
            self.__dict__.pop("_selected_files", None)  # empty the list of selected files
        else:
            self.setAttribute("value", value)  # type: ignore[attr-defined]

    @property
    def files(self) -> FileList | None:
        """https://html.spec.whatwg.org/#dom-input-files -- the selected files (the same
        FileList until they change) for type=file, else None."""
        if input_type_state(self) != "file":
            return None
        files = self.__dict__.get("_selected_files")
        if files is None:
            files = self.__dict__["_selected_files"] = FileList()
        return files  # type: ignore[no-any-return]

    @files.setter
    def files(self, value: FileList | None) -> None:
        if value is not None and not isinstance(value, FileList):
            raise TypeError("files must be a FileList or None")
        if value is None or input_type_state(self) != "file":
            return
        self.__dict__["_selected_files"] = value

    def _move_cursor_to_end(self) -> None:
        end = _units(self._value_state())
        self.__dict__["_selection_state"] = (end, end, "none")

    # -- text selection (https://html.spec.whatwg.org/#textFieldSelection) ------------------

    def _relevant_value(self) -> str:
        return self._value_state()

    def _set_relevant_value(self, value: str) -> None:
        self._set_value_state(value)

    def _selection_applies(self) -> bool:
        return input_type_state(self) in _SELECTABLE

    # https://html.spec.whatwg.org/#dom-input-colorspace (limited to only known values)
    colorSpace = ReflectEnum("colorspace", ("limited-srgb", "display-p3"), missing="limited-srgb",
                             invalid="limited-srgb")

    @property
    def list(self) -> Any:
        """https://html.spec.whatwg.org/#dom-input-list -- the suggestions source element: the
        first element of the tree with the ``list`` attribute's ID, if it is a datalist."""
        if input_type_state(self) not in _LIST_APPLIES:
            return None
        ident = self.getAttribute("list")  # type: ignore[attr-defined]
        if not ident:
            return None
        root = self._lx  # type: ignore[attr-defined]
        while root.getparent() is not None:
            root = root.getparent()
        from ...nodes.node import node_for
        from .owner import _HAVING_ID

        for lx in _HAVING_ID(root):  # in C: no lxml proxy per element
            node = node_for(lx, self._doc)  # type: ignore[attr-defined]
            if node.getAttribute("id") == ident:
                if getattr(node, "_ns", None) == HTML_NAMESPACE and node.localName == "datalist":
                    return node
                return None
        return None

    def showPicker(self) -> None:
        """https://html.spec.whatwg.org/#dom-input-showpicker -- there is never transient user
        activation without a user, so a mutable control raises NotAllowedError."""
        _show_picker(self)

    # -- checkedness -----------------------------------------------------------------------

    @property
    def checked(self) -> bool:
        """https://html.spec.whatwg.org/#dom-input-checked"""
        if input_type_state(self) == "radio":
            _resolve_group(self)
        return _checkedness(self)

    @checked.setter
    def checked(self, value: Any) -> None:
        value = to_boolean(value)
        if input_type_state(self) == "radio":
            _resolve_group(self)
        _set_checkedness(self, value)
        self.__dict__["_dirty_checkedness"] = True
        if value and input_type_state(self) == "radio":
            _uncheck_others(self)

    @property
    def indeterminate(self) -> bool:
        """https://html.spec.whatwg.org/#dom-input-indeterminate"""
        return self.__dict__.get("_indeterminate", False)  # type: ignore[no-any-return]

    @indeterminate.setter
    def indeterminate(self, value: Any) -> None:
        self.__dict__["_indeterminate"] = to_boolean(value)

    # -- numbers and dates -----------------------------------------------------------------

    @property
    def valueAsNumber(self) -> float:
        """https://html.spec.whatwg.org/#dom-input-valueasnumber (NaN where it does not apply)"""
        state = input_type_state(self)
        if state not in _NUMERIC:
            return math.nan
        number = _string_to_number(state, self._value_state())
        return math.nan if number is None else number

    @valueAsNumber.setter
    def valueAsNumber(self, value: Any) -> None:
        number = to_unrestricted_double(value)
        if math.isinf(number):
            raise TypeError("valueAsNumber cannot be set to an infinite number")
        state = input_type_state(self)
        if state not in _NUMERIC:
            raise InvalidStateError(f"valueAsNumber does not apply to type={state} inputs")
        self.value = "" if math.isnan(number) else _number_to_string(state, number)

    @property
    def valueAsDate(self) -> _dt.datetime | None:
        """https://html.spec.whatwg.org/#dom-input-valueasdate -- a UTC datetime or None."""
        state = input_type_state(self)
        if state not in _AS_DATE:
            return None
        value = self._value_state()
        if state == "month":  # https://html.spec.whatwg.org/#month-state-(type=month): the first of the month
            month = parse_month(value)
            number = None if month is None else float(_days_from_civil(month.year, month.month, 1) * _MS_PER_DAY)
        else:
            number = _string_to_number(state, value)
        if number is None:
            return None
        try:
            return _dt.datetime(1970, 1, 1, tzinfo=_dt.UTC) + _dt.timedelta(milliseconds=number)
        except OverflowError:
            return None

    @valueAsDate.setter
    def valueAsDate(self, value: Any) -> None:
        state = input_type_state(self)
        if state not in _AS_DATE:
            raise InvalidStateError(f"valueAsDate does not apply to type={state} inputs")
        if value is None:
            self.value = ""
            return
        if isinstance(value, _dt.datetime):
            if value.tzinfo is None:
                value = value.replace(tzinfo=_dt.UTC)
            delta = value - _dt.datetime(1970, 1, 1, tzinfo=_dt.UTC)
        elif isinstance(value, _dt.date):
            delta = _dt.datetime(value.year, value.month, value.day, tzinfo=_dt.UTC) - _dt.datetime(
                1970, 1, 1, tzinfo=_dt.UTC)
        else:
            raise TypeError("valueAsDate takes a datetime.datetime, a datetime.date or None")
        ms = delta // _dt.timedelta(milliseconds=1)
        if state == "month":  # the month current at that instant in UTC
            year, month, _day = _civil_from_days(ms // _MS_PER_DAY)
            self.value = f"{_year_string(year)}-{month:02d}" if year >= 1 else ""
            return
        self.value = _number_to_string(state, float(ms))

    def stepUp(self, n: Any = 1) -> None:
        """https://html.spec.whatwg.org/#dom-input-stepup"""
        self._step(to_long(n), up=True)

    def stepDown(self, n: Any = 1) -> None:
        """https://html.spec.whatwg.org/#dom-input-stepdown"""
        self._step(to_long(n), up=False)

    def _step(self, n: int, up: bool) -> None:
        state = input_type_state(self)
        attrs = _Attrs(self)
        if state not in _NUMERIC:  # step 1
            raise InvalidStateError(f"stepUp()/stepDown() do not apply to type={state} inputs")
        step = _allowed_value_step(state, attrs)
        if step is None:  # step 2
            raise InvalidStateError("the input has no allowed value step (step=any)")
        minimum, maximum = _minimum(state, attrs), _maximum(state, attrs)
        d_step, d_base = _dec(step), _dec(_step_base(state, attrs))
        d_min = None if minimum is None else _dec(minimum)
        d_max = None if maximum is None else _dec(maximum)
        if d_min is not None and d_max is not None:
            if d_min > d_max:  # step 3
                return
            lowest = d_base + d_step * ((d_min - d_base) / d_step).to_integral_value(rounding="ROUND_CEILING")
            if lowest > d_max:  # step 4
                return
        number = _string_to_number(state, self._value_state())  # step 5
        value = Decimal(0) if number is None else _dec(number)
        before = value  # step 6
        steps = (value - d_base) / d_step
        if steps != steps.to_integral_value():  # step 7
            rounding = "ROUND_CEILING" if up else "ROUND_FLOOR"
            value = d_base + d_step * steps.to_integral_value(rounding=rounding)
        else:
            delta = d_step * n
            value += delta if up else -delta
        if d_min is not None and value < d_min:  # step 8
            value = d_base + d_step * ((d_min - d_base) / d_step).to_integral_value(rounding="ROUND_CEILING")
        if d_max is not None and value > d_max:  # step 9
            value = d_base + d_step * ((d_max - d_base) / d_step).to_integral_value(rounding="ROUND_FLOOR")
        if (not up and value > before) or (up and value < before):  # step 10
            return
        try:
            as_float = float(value)
        except (InvalidOperation, OverflowError):
            return
        self.value = _number_to_string(state, as_float)  # steps 11-12

    # -- reset, cloning and attribute changes ----------------------------------------------

    def _reset(self) -> None:
        """https://html.spec.whatwg.org/#the-input-element (the reset algorithm)"""
        self.__dict__["_dirty_value"] = False
        self.__dict__["_dirty_checkedness"] = False
        raw = self.getAttribute("value")  # type: ignore[attr-defined]
        self._set_value_state("" if raw is None else raw)
        checked = self.hasAttribute("checked")  # type: ignore[attr-defined]
        _set_checkedness(self, checked)
        if checked and input_type_state(self) == "radio":
            _uncheck_others(self)
        self._sanitize_now()

    def _cloning_steps(self, original: Any) -> None:
        parent = getattr(super(), "_cloning_steps", None)
        if parent is not None:
            parent(original)
        state = self.__dict__
        state["_value"] = original._value_state()
        state["_dirty_value"] = original.__dict__.get("_dirty_value", False)
        state["_checkedness"] = _checkedness(original)
        state["_dirty_checkedness"] = original.__dict__.get("_dirty_checkedness", False)
        state["_indeterminate"] = original.__dict__.get("_indeterminate", False)

    def _inserted(self) -> None:
        parent = getattr(super(), "_inserted", None)
        if parent is not None:
            parent()
        # "the element becomes connected": a checked radio wins its (new) group
        if input_type_state(self) == "radio" and _checkedness(self):
            self.__dict__["_check_stamp"] = next(_stamps)

    def _attribute_changed(self, local_name: str, old: str | None, value: str | None, namespace: str | None) -> None:
        super()._attribute_changed(local_name, old, value, namespace)  # type: ignore[misc]
        if namespace is not None:
            return
        state = self.__dict__
        if local_name == "value":
            self._value_state(_Attrs(self, {"value": old}))
            if not state.get("_dirty_value", False):
                self._set_value_state("" if value is None else value)
                self._sanitize_now()
        elif local_name == "type":
            old_state, new_state = _state_of(old), _state_of(value)
            if old_state != new_state:
                self._value_state(_Attrs(self, {"type": old}))
                if old_state == "radio":
                    _checkedness(self)
                self._type_change(old_state, new_state)
        elif local_name == "checked" and (old is None) != (value is None):
            if "_checkedness" not in state:
                state["_checkedness"] = old is not None
            if not state.get("_dirty_checkedness", False):
                _set_checkedness(self, value is not None)
                if value is not None and input_type_state(self) == "radio":
                    _uncheck_others(self)
        elif local_name == "name":
            if input_type_state(self) == "radio" and _checkedness(self):
                state["_check_stamp"] = next(_stamps)
        elif local_name in ("multiple", "min", "max", "step", "alpha", "colorspace"):
            current = input_type_state(self)
            relevant = {"multiple": "email", "alpha": "color", "colorspace": "color"}.get(local_name, "range")
            if current == relevant:
                self._value_state(_Attrs(self, {local_name: old}))
                self._sanitize_now()

    def _type_change(self, old_state: str, new_state: str) -> None:
        """https://html.spec.whatwg.org/#the-input-element (type change steps)"""
        old_mode, new_mode = value_mode(old_state), value_mode(new_state)
        value = self._value_state()
        if old_mode == "value" and value != "" and new_mode in ("default", "default/on"):  # step 1
            self.setAttribute("value", value)  # type: ignore[attr-defined]
        elif old_mode != "value" and new_mode == "value":  # step 2
            raw = self.getAttribute("value")  # type: ignore[attr-defined]
            self._set_value_state("" if raw is None else raw)
            self.__dict__["_dirty_value"] = False
        elif old_mode != "filename" and new_mode == "filename":  # step 3
            self._set_value_state("")
        # step 5, "signal a type change": a checked radio wins its group
        if new_state == "radio" and _checkedness(self):
            self.__dict__["_check_stamp"] = next(_stamps)
        self._sanitize_now()  # step 6
        # steps 7-9: a control that becomes selectable gets its cursor at the start
        if old_state not in _SELECTABLE and new_state in _SELECTABLE:
            self.__dict__["_selection_state"] = (0, 0, "none")


def _show_picker(element: Any) -> None:
    """https://html.spec.whatwg.org/#dom-input-showpicker steps 1-2 (shared with select)."""
    mutable = not is_disabled(element)
    if getattr(element, "_local", None) == "input" and element.hasAttribute("readonly") and (
            input_type_state(element) in _READONLY_TYPES):
        mutable = False
    if not mutable:
        raise InvalidStateError("showPicker() needs a mutable control")
    raise NotAllowedError("showPicker() needs transient user activation, which a document without a user never has")


_LIST_APPLIES = frozenset((
    "text", "search", "tel", "url", "email", "date", "month", "week", "time", "datetime-local", "number",
    "range", "color",
))
_READONLY_TYPES = frozenset((
    "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local",
    "number",
))

# https://html.spec.whatwg.org/#do-not-apply (setRangeText() applies)
_SELECTABLE = frozenset(("text", "search", "tel", "url", "password"))
