"""The input element's value, checkedness and number/date conversions
(https://html.spec.whatwg.org/#the-input-element).

State in the wrapper's FormControlState (dom/html/forms/control_state.py):
``value`` (None until first needed: an input that was never observed has the value its
creation gave it, the sanitized ``value`` attribute), ``dirty_value``, ``checkedness`` (None
until needed: the ``checked`` attribute), ``dirty_checkedness``, ``indeterminate``.  The
attribute change steps that depend on the *old* state (``type``, ``multiple``, ``min``/``max``/
``step``, ``alpha``/``colorspace``) first materialize the state as it was before the change.

Radio button groups are in radio_groups.py, the type attribute's states in input_types.py.

Dates: ``valueAsDate`` returns a timezone-aware UTC :class:`datetime.datetime` (the instant a
JS Date would hold) or None, including for instants that ``datetime`` cannot represent (years
outside 1..9999); the setter takes such a datetime (a naive one is taken as UTC), a
:class:`datetime.date`, or None.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, cast

from html_infra.infra import (
    HTML_NAMESPACE,
    ascii_lowercase,
    split_on_commas,
    strip_leading_and_trailing_ascii_whitespace,
    strip_newlines,
)
from html_infra.microsyntaxes.numbers import is_valid_float, parse_float, serialize_float
from webidl import InvalidStateError, NotAllowedError
from webidl.operations import attributes, operations

from ... import registry
from ...nodes.element import Element
from ...nodes.identity import node_for
from ...reflection import ReflectEnum
from .control_state import form_state
from .files import FileList
from .input_types import AS_DATE, INPUT_TYPE_STATES, NUMERIC, input_type_state, type_state_of, value_mode
from .owner import HAVING_ID, is_disabled
from .radio_groups import (
    checkedness_of,
    radio_button_group,
    resolve_group,
    set_checkedness,
    stamp_checked,
    uncheck_others,
)
from .textarea import TextControlSelectionMixin, code_units

if TYPE_CHECKING:
    import datetime as _dt
    from decimal import Decimal

    from ..form_elements import HTMLDataListElement

# The dates, times and colors of html_infra.microsyntaxes, and datetime and decimal, are imported by
# the functions that need them ("lazy:"): most inputs are text, and `import webdom` stays fast.

__all__ = [
    "InputMixin",
    "INPUT_TYPE_STATES",
    "input_type_state",
    "value_mode",
    "radio_button_group",
]

class InputAttributes:
    """The element's attributes, with one attribute seen as it was before a change."""

    __slots__ = ("element", "override")

    def __init__(self, element: Any, override: dict[str, str | None] | None = None) -> None:
        self.element = element
        self.override = override or {}

    def get(self, name: str) -> str | None:
        if name in self.override:
            return self.override[name]
        value: str | None = self.element.getAttribute(name)
        return value

    def state(self) -> str:
        return type_state_of(self.get("type"))


# -- value sanitization (https://html.spec.whatwg.org/#value-sanitization-algorithm) ------------


def _sanitize(state: str, value: str, attrs: InputAttributes) -> str:
    if state in ("text", "search", "tel", "password"):
        return strip_newlines(value)
    if state == "url":
        return strip_leading_and_trailing_ascii_whitespace(strip_newlines(value))
    if state == "email":
        if attrs.get("multiple") is None:
            return strip_leading_and_trailing_ascii_whitespace(strip_newlines(value))
        return ",".join(strip_leading_and_trailing_ascii_whitespace(t) for t in split_on_commas(value))
    if state in ("date", "month", "week", "time", "datetime-local"):
        return _sanitize_date_or_time(state, value)
    if state == "number":
        return value if is_valid_float(value) else ""
    if state == "range":
        return _sanitize_range(value, attrs)
    if state == "color":
        return _update_color_well(value, attrs)
    return value


def _sanitize_date_or_time(state: str, value: str) -> str:
    import datetime as _dt  # lazy: see above

    from html_infra.microsyntaxes import dates, value_numbers  # lazy: see above

    if state == "date":
        return value if dates.parse_date(value) is not None else ""
    if state == "month":
        return value if dates.parse_month(value) is not None else ""
    if state == "week":
        return value if dates.parse_week(value) is not None else ""
    if state == "time":
        return value if value_numbers.is_valid_time_string(value) else ""
    # datetime-local
    parts = value_numbers.split_local_datetime(value)
    if parts is None or dates.parse_date(parts[0]) is None or not value_numbers.is_valid_time_string(parts[1]):
        return ""
    # The valid normalized local date and time string, from the parsed parts (a float of
    # milliseconds would round a year of many digits).
    parsed = dates.parse_local_datetime(value)
    if parsed is None:
        return ""
    date = parsed.date() if isinstance(parsed, _dt.datetime) else parsed.date
    time = parsed.time() if isinstance(parsed, _dt.datetime) else parsed.time
    time_string = value_numbers.time_string(value_numbers.time_ms(time))
    return f"{value_numbers.date_string(date.year, date.month, date.day)}T{time_string}"


def _range_bounds(attrs: InputAttributes) -> tuple[float, float]:
    minimum = _parsed_number("range", attrs.get("min"))
    maximum = _parsed_number("range", attrs.get("max"))
    return (0.0 if minimum is None else minimum), (100.0 if maximum is None else maximum)


def _sanitize_range(value: str, attrs: InputAttributes) -> str:
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
    step = allowed_value_step("range", attrs)
    if step is not None:
        base = step_base("range", attrs)
        d_number, d_base, d_step = as_decimal(number), as_decimal(base), as_decimal(step)
        steps = (d_number - d_base) / d_step
        if steps != steps.to_integral_value():
            low = d_base + d_step * steps.to_integral_value(rounding="ROUND_FLOOR")
            high = low + d_step
            # the nearest allowed value in range; on a tie the one nearer +infinity
            candidates = [
                c for c in (high, low)
                if c >= as_decimal(minimum) and (maximum < minimum or c <= as_decimal(maximum))
            ]
            if candidates:
                number = float(min(candidates, key=lambda c: abs(c - d_number)))
    return serialize_float(number)


def _update_color_well(value: str, attrs: InputAttributes) -> str:
    """https://html.spec.whatwg.org/#update-a-color-well-control-color -- parsing covers hex
    colors (3, 4, 6, 8 digits), named colors, ``transparent``, ``currentColor`` (black),
    ``rgb()``/``rgba()`` and ``hsl()``/``hsla()``; other CSS color syntaxes (``color()``,
    ``lab()``, system colors, ...) count as failure (opaque black).  Serialization is exact for the
    Limited sRGB state without ``alpha`` (``#rrggbb``); with ``alpha`` it gives
    ``color(srgb r g b / a)``; the Display P3 state is serialized as Limited sRGB."""
    from html_infra.microsyntaxes.colors import parse_css_color  # lazy: see above

    color = parse_css_color(value) or (0, 0, 0, 1.0)
    r, g, b, a = color
    if attrs.get("alpha") is None:
        return f"#{r:02x}{g:02x}{b:02x}"

    def num(x: float) -> str:
        text = f"{x:.6g}"
        return text

    if a >= 1:
        return f"color(srgb {num(r / 255)} {num(g / 255)} {num(b / 255)})"
    return f"color(srgb {num(r / 255)} {num(g / 255)} {num(b / 255)} / {num(a)})"


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
    if value is None:
        return None
    from html_infra.microsyntaxes.value_numbers import value_string_to_number  # lazy: see above

    return value_string_to_number(state, value)


def minimum_of(state: str, attrs: InputAttributes) -> float | None:
    """https://html.spec.whatwg.org/#concept-input-min"""
    found = _parsed_number(state, attrs.get("min"))
    if found is None and state == "range":
        return 0.0
    return found


def maximum_of(state: str, attrs: InputAttributes) -> float | None:
    """https://html.spec.whatwg.org/#concept-input-max"""
    found = _parsed_number(state, attrs.get("max"))
    if found is None and state == "range":
        return 100.0
    return found


def allowed_value_step(state: str, attrs: InputAttributes) -> float | None:
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


def step_base(state: str, attrs: InputAttributes) -> float:
    """https://html.spec.whatwg.org/#concept-input-min-zero"""
    for name in ("min", "value"):
        found = _parsed_number(state, attrs.get(name))
        if found is not None:
            return found
    return float(_STEP[state][2]) if state in _STEP else 0.0


def as_decimal(x: float) -> Decimal:
    """A float as the decimal it prints as, so that steps like 0.1 are exact."""
    from decimal import Decimal  # lazy: see above

    return Decimal(repr(x))


# -- the mixin ----------------------------------------------------------------------------------


@operations("HTMLInputElement", "stepUp", "stepDown")
@attributes("HTMLInputElement", "checked", "indeterminate", "value", "valueAsNumber", "selectionStart", "selectionEnd",
            "selectionDirection", "files")
class InputMixin(TextControlSelectionMixin):
    """Value, checkedness and conversions of HTMLInputElement (https://html.spec.whatwg.org/#htmlinputelement)."""

    __slots__ = ()

    # -- internal state --------------------------------------------------------------------

    def _value_state(self, attrs: InputAttributes | None = None) -> str:
        """The element's value, materialized on first use (with *attrs* giving the attributes
        as they were before a change being processed)."""
        value = form_state(self).value
        if value is None:
            attrs = attrs or InputAttributes(self)
            raw = attrs.get("value")
            value = _sanitize(attrs.state(), "" if raw is None else raw, attrs)
            form_state(self).value = value
        return value

    def _set_value_state(self, value: str) -> None:
        form_state(self).value = value
        registry.style_state_changed(self._doc)  # (:placeholder-shown, :invalid ...: no tree change)

    def _sanitize_now(self) -> None:
        attrs = InputAttributes(self)
        state = attrs.state()
        value = self._value_state()
        if state == "color" and not form_state(self).dirty_value:
            # update a color well control color: a clean control starts from the attribute
            raw = attrs.get("value")
            value = "" if raw is None else raw
        form_state(self).value = _sanitize(state, value, attrs)
        registry.style_state_changed(self._doc)

    # -- value -----------------------------------------------------------------------------

    @property
    def value(self) -> str:
        """https://html.spec.whatwg.org/#dom-input-value"""
        state = input_type_state(self)
        mode = value_mode(state)
        if mode == "value":
            return self._value_state()
        if mode == "filename":  # the first selected file's name behind the fake path browsers use
            files = form_state(self).selected_files
            return "C:\\fakepath\\" + files[0].name if files else ""
        raw = self.getAttribute("value")
        if raw is None:
            return "on" if mode == "default/on" else ""
        return raw

    @value.setter
    def value(self, value: str) -> None:
        # ([LegacyNullToEmptyString]: None came as "")
        state = input_type_state(self)
        mode = value_mode(state)
        if mode == "value":
            old = self._value_state()
            self._set_value_state(value)
            form_state(self).dirty_value = True
            self._sanitize_now()
            if self._value_state() != old:  # step 5: the cursor moves to the end
                self._move_cursor_to_end()
        elif mode == "filename":
            if value != "":
                raise InvalidStateError("the value of a file input can only be set to the empty string")
            form_state(self).selected_files = None  # empty the list of selected files
        else:
            self.setAttribute("value", value)

    @property
    def files(self) -> FileList | None:
        """https://html.spec.whatwg.org/#dom-input-files -- the selected files (the same
        FileList until they change) for type=file, else None."""
        if input_type_state(self) != "file":
            return None
        files = form_state(self).selected_files
        if files is None:
            files = form_state(self).selected_files = FileList()
        value: FileList | None = files
        return value

    @files.setter
    def files(self, value: FileList | None) -> None:
        if value is None or input_type_state(self) != "file":
            return
        form_state(self).selected_files = value

    def _move_cursor_to_end(self) -> None:
        end = code_units(self._value_state())
        form_state(self).selection_state = (end, end, "none")

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
    def list(self) -> HTMLDataListElement | None:
        """https://html.spec.whatwg.org/#dom-input-list -- the suggestions source element: the
        first element of the tree with the ``list`` attribute's ID, if it is a datalist."""
        if input_type_state(self) not in _LIST_APPLIES:
            return None
        ident = self.getAttribute("list")
        if not ident:
            return None
        root = self._lx
        parent = root.getparent()
        while parent is not None:
            root, parent = parent, parent.getparent()

        for lx in HAVING_ID(root):  # in C: no lxml proxy per element
            node = node_for(lx, self._doc)
            if isinstance(node, Element) and node.getAttribute("id") == ident:  # lxml elements: always
                if node._ns == HTML_NAMESPACE and node._local == "datalist":
                    return cast("HTMLDataListElement", node)
                return None
        return None

    def showPicker(self) -> None:
        """https://html.spec.whatwg.org/#dom-input-showpicker -- there is never transient user
        activation without a user, so a mutable control raises NotAllowedError."""
        show_picker(self)

    # -- checkedness -----------------------------------------------------------------------

    @property
    def checked(self) -> bool:
        """https://html.spec.whatwg.org/#dom-input-checked"""
        if input_type_state(self) == "radio":
            resolve_group(self)
        return checkedness_of(self)

    @checked.setter
    def checked(self, value: bool) -> None:
        if input_type_state(self) == "radio":
            resolve_group(self)
        set_checkedness(self, value)
        form_state(self).dirty_checkedness = True
        if value and input_type_state(self) == "radio":
            uncheck_others(self)

    @property
    def indeterminate(self) -> bool:
        """https://html.spec.whatwg.org/#dom-input-indeterminate"""
        return form_state(self).indeterminate

    @indeterminate.setter
    def indeterminate(self, value: bool) -> None:
        form_state(self).indeterminate = value
        registry.style_state_changed(self._doc)

    # -- numbers and dates -----------------------------------------------------------------

    @property
    def valueAsNumber(self) -> float:
        """https://html.spec.whatwg.org/#dom-input-valueasnumber (NaN where it does not apply)"""
        state = input_type_state(self)
        if state not in NUMERIC:
            return math.nan
        from html_infra.microsyntaxes.value_numbers import value_string_to_number  # lazy: see above

        number = value_string_to_number(state, self._value_state())
        return math.nan if number is None else number

    @valueAsNumber.setter
    def valueAsNumber(self, value: float) -> None:
        number = value
        if math.isinf(number):
            raise TypeError("valueAsNumber cannot be set to an infinite number")
        state = input_type_state(self)
        if state not in NUMERIC:
            raise InvalidStateError(f"valueAsNumber does not apply to type={state} inputs")
        from html_infra.microsyntaxes.value_numbers import value_number_to_string  # lazy: see above

        self.value = "" if math.isnan(number) else value_number_to_string(state, number)

    @property
    def valueAsDate(self) -> _dt.datetime | None:
        """https://html.spec.whatwg.org/#dom-input-valueasdate -- a UTC datetime or None."""
        state = input_type_state(self)
        if state not in AS_DATE:
            return None
        import datetime as _dt  # lazy: see above

        from html_infra.microsyntaxes import dates  # lazy: see above
        from html_infra.microsyntaxes import value_numbers as vn

        value = self._value_state()
        if state == "month":  # https://html.spec.whatwg.org/#month-state-(type=month): the first of the month
            month = dates.parse_month(value)
            days = None if month is None else vn.days_from_civil(month.year, month.month, 1)
            number = None if days is None else vn.as_number(days * vn.MS_PER_DAY)
        else:
            number = vn.value_string_to_number(state, value)
        if number is None:
            return None
        try:
            return _dt.datetime(1970, 1, 1, tzinfo=_dt.UTC) + _dt.timedelta(milliseconds=number)
        except OverflowError:
            return None

    @valueAsDate.setter
    def valueAsDate(self, value: _dt.date | None) -> None:
        state = input_type_state(self)
        if state not in AS_DATE:
            raise InvalidStateError(f"valueAsDate does not apply to type={state} inputs")
        import datetime as _dt  # lazy: see above

        from html_infra.microsyntaxes import value_numbers as vn  # lazy: see above

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
            year, month, _day = vn.civil_from_days(ms // vn.MS_PER_DAY)
            self.value = f"{vn.year_string(year)}-{month:02d}" if year >= 1 else ""
            return
        self.value = vn.value_number_to_string(state, float(ms))

    def stepUp(self, n: int = 1) -> None:
        """https://html.spec.whatwg.org/#dom-input-stepup"""
        self._step(n, up=True)

    def stepDown(self, n: int = 1) -> None:
        """https://html.spec.whatwg.org/#dom-input-stepdown"""
        self._step(n, up=False)

    def _step(self, n: int, up: bool) -> None:
        state = input_type_state(self)
        attrs = InputAttributes(self)
        if state not in NUMERIC:  # step 1
            raise InvalidStateError(f"stepUp()/stepDown() do not apply to type={state} inputs")
        from decimal import Decimal, InvalidOperation  # lazy: see above

        from html_infra.microsyntaxes.value_numbers import value_number_to_string, value_string_to_number  # lazy


        step = allowed_value_step(state, attrs)
        if step is None:  # step 2
            raise InvalidStateError("the input has no allowed value step (step=any)")
        minimum, maximum = minimum_of(state, attrs), maximum_of(state, attrs)
        d_step, d_base = as_decimal(step), as_decimal(step_base(state, attrs))
        d_min = None if minimum is None else as_decimal(minimum)
        d_max = None if maximum is None else as_decimal(maximum)
        if d_min is not None and d_max is not None:
            if d_min > d_max:  # step 3
                return
            lowest = d_base + d_step * ((d_min - d_base) / d_step).to_integral_value(rounding="ROUND_CEILING")
            if lowest > d_max:  # step 4
                return
        number = value_string_to_number(state, self._value_state())  # step 5
        value = Decimal(0) if number is None else as_decimal(number)
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
        self.value = value_number_to_string(state, as_float)  # steps 11-12

    # -- reset, cloning and attribute changes ----------------------------------------------

    def _reset(self) -> None:
        """https://html.spec.whatwg.org/#the-input-element (the reset algorithm)"""
        form_state(self).dirty_value = False
        form_state(self).dirty_checkedness = False
        raw = self.getAttribute("value")
        self._set_value_state("" if raw is None else raw)
        checked = self.hasAttribute("checked")
        set_checkedness(self, checked)
        if checked and input_type_state(self) == "radio":
            uncheck_others(self)
        self._sanitize_now()

    def _cloning_steps(self, original: Any) -> None:
        parent = getattr(super(), "_cloning_steps", None)
        if parent is not None:
            parent(original)
        state, source = form_state(self), form_state(original)
        state.value = original._value_state()
        state.dirty_value = source.dirty_value
        state.checkedness = checkedness_of(original)
        state.dirty_checkedness = source.dirty_checkedness
        state.indeterminate = source.indeterminate

    def _inserted(self) -> None:
        parent = getattr(super(), "_inserted", None)
        if parent is not None:
            parent()
        # "the element becomes connected": a checked radio wins its (new) group
        if input_type_state(self) == "radio" and checkedness_of(self):
            stamp_checked(self)

    def _attribute_changed(self, local_name: str, old: str | None, value: str | None, namespace: str | None) -> None:
        super()._attribute_changed(local_name, old, value, namespace)
        if namespace is not None:
            return
        state = form_state(self)
        if local_name == "value":
            self._value_state(InputAttributes(self, {"value": old}))
            if not state.dirty_value:
                self._set_value_state("" if value is None else value)
                self._sanitize_now()
        elif local_name == "type":
            old_state, new_state = type_state_of(old), type_state_of(value)
            if old_state != new_state:
                self._value_state(InputAttributes(self, {"type": old}))
                if old_state == "radio":
                    checkedness_of(self)
                self._type_change(old_state, new_state)
        elif local_name == "checked" and (old is None) != (value is None):
            if state.checkedness is None:
                state.checkedness = old is not None
            if not state.dirty_checkedness:
                set_checkedness(self, value is not None)
                if value is not None and input_type_state(self) == "radio":
                    uncheck_others(self)
        elif local_name == "name":
            if input_type_state(self) == "radio" and checkedness_of(self):
                stamp_checked(self)
        elif local_name in ("multiple", "min", "max", "step", "alpha", "colorspace"):
            current = input_type_state(self)
            relevant = {"multiple": "email", "alpha": "color", "colorspace": "color"}.get(local_name, "range")
            if current == relevant:
                self._value_state(InputAttributes(self, {local_name: old}))
                self._sanitize_now()

    def _type_change(self, old_state: str, new_state: str) -> None:
        """https://html.spec.whatwg.org/#the-input-element (type change steps)"""
        old_mode, new_mode = value_mode(old_state), value_mode(new_state)
        value = self._value_state()
        if old_mode == "value" and value != "" and new_mode in ("default", "default/on"):  # step 1
            self.setAttribute("value", value)
        elif old_mode != "value" and new_mode == "value":  # step 2
            raw = self.getAttribute("value")
            self._set_value_state("" if raw is None else raw)
            form_state(self).dirty_value = False
        elif old_mode != "filename" and new_mode == "filename":  # step 3
            self._set_value_state("")
        # step 5, "signal a type change": a checked radio wins its group
        if new_state == "radio" and checkedness_of(self):
            stamp_checked(self)
        self._sanitize_now()  # step 6
        # steps 7-9: a control that becomes selectable gets its cursor at the start
        if old_state not in _SELECTABLE and new_state in _SELECTABLE:
            form_state(self).selection_state = (0, 0, "none")


def show_picker(element: Any) -> None:
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
