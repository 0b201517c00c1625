"""input element value modes, sanitization, type changes, checkedness, numbers and dates.

Table-driven ports of WPT html/semantics/forms/the-input-element/{type-change-state, valueMode,
range, color, date, month, week, time, datetime-local, number, email, url, text, radio,
radio-groupname-case, checkbox, input-stepup, input-stepdown, input-value-dirty-flag,
cloning-steps, reset, selection}.html (read, not copied; expected values follow the current
spec).  Each table prints its passed/total.
"""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

import pytest

import dom
from webidl import IndexSizeError, InvalidStateError
from webidl.idl import missing_members

_counts: dict[str, list[int]] = {}


def _record(table: str, ok: bool) -> None:
    entry = _counts.setdefault(table, [0, 0])
    entry[0] += ok
    entry[1] += 1


@pytest.fixture(scope="module", autouse=True)
def _summary() -> Any:
    yield
    for table, (passed, total) in _counts.items():
        print(f"\n{table}: {passed}/{total}")


def doc(body: str = "") -> Any:
    return dom.parse_html(f"<!doctype html><body>{body}")


def new_input(type: str | None = None, **attrs: str) -> Any:
    element = doc().createElement("input")
    if type is not None:
        element.type = type
    for name, value in attrs.items():
        element.setAttribute(name.rstrip("_"), value)
    return element


# -- type-change-state.html ---------------------------------------------------------------------

_TYPES = [
    "hidden", "text", "search", "tel", "url", "email", "password", "datetime-local", "date", "month",
    "week", "time", "number", "range", "color", "checkbox", "radio", "file", "submit", "image", "reset",
    "button",
]
_DEFAULT_MODES = {"hidden", "submit", "image", "reset", "button"}
_PAIRS = [(a, b) for a in _TYPES for b in _TYPES if a != b]


def _model_sanitize(type: str, value: str) -> str:
    """What each type's sanitization makes of the few strings this table produces."""
    if type in ("text", "search", "tel", "password"):
        return value.replace("\r", "")
    if type in ("url", "email"):
        return value.replace("\r", "").strip()
    if type == "number":
        return value if value == "50" else ""
    if type == "range":
        return "50"
    if type == "color":
        return "#000000"
    return ""  # dates and times: none of the strings is valid


def _expected_after_type_change(old: str, new: str, raw: str) -> str:
    """The spec's type change steps (https://html.spec.whatwg.org/#the-input-element): the value
    is sanitized when set and kept across value-mode types; leaving value mode for a default
    mode stores a non-empty value in the value attribute."""
    if new == "file":
        return ""
    old_value_mode = old not in _DEFAULT_MODES | {"checkbox", "radio"}
    value = _model_sanitize(old, raw) if old_value_mode else None  # None: the attribute holds raw
    if new in _DEFAULT_MODES or new in ("checkbox", "radio"):
        stored = raw if value is None else value
        if stored == "":
            return "on" if new in ("checkbox", "radio") else ""
        return stored
    return _model_sanitize(new, raw if value is None else value)


@pytest.mark.parametrize("old,new", _PAIRS, ids=[f"{a}->{b}" for a, b in _PAIRS])
def test_type_change_state(old: str, new: str) -> None:
    ok = False
    try:
        element = new_input(old)
        raw = "  foo\rbar  "
        if old == "file":
            with pytest.raises(InvalidStateError):
                element.value = raw
            assert element.value == ""
        else:
            element.value = raw
            element.type = new
            assert element.value == _expected_after_type_change(old, new, raw)
        ok = True
    finally:
        _record("type-change-state", ok)


# -- valueMode.html -----------------------------------------------------------------------------

_VALUE_MODE = {  # type: (without value attribute, with value="bar"), after .value = "foo"
    "hidden": ("foo", "foo"), "submit": ("foo", "foo"), "image": ("", "bar"), "reset": ("", "bar"),
    "button": ("", "bar"), "checkbox": ("on", "bar"), "radio": ("on", "bar"), "text": ("foo", "foo"),
    "search": ("foo", "foo"), "tel": ("foo", "foo"), "url": ("foo", "foo"), "email": ("foo", "foo"),
    "password": ("foo", "foo"), "datetime-local": ("", ""), "date": ("", ""), "month": ("", ""),
    "week": ("", ""), "time": ("", ""), "number": ("", ""), "range": ("50", "50"),
    "color": ("#000000", "#000000"),
}
_MODE_CASES = [(t, w) for t in _VALUE_MODE for w in (False, True)]


@pytest.mark.parametrize("type,with_attr", _MODE_CASES, ids=[f"{t}-{'attr' if w else 'noattr'}" for t, w in _MODE_CASES])
def test_value_mode(type: str, with_attr: bool) -> None:
    ok = False
    try:
        element = new_input(type)
        if with_attr:
            element.setAttribute("value", "bar")
        element.value = "foo"
        # the default and default/on modes store the new value in the value attribute
        # (the current spec; older WPT copies expect "on" or the old attribute)
        if type in ("hidden", "submit", "image", "reset", "button", "checkbox", "radio"):
            assert element.value == "foo" and element.getAttribute("value") == "foo"
        else:
            assert element.value == _VALUE_MODE[type][with_attr]
        ok = True
    finally:
        _record("valueMode", ok)


def test_value_mode_default_getters() -> None:
    assert new_input("image").value == "" and new_input("checkbox").value == "on"
    assert new_input("image", value="bar").value == "bar" and new_input("radio", value="x").value == "x"
    hidden = new_input("hidden")
    hidden.value = "v"
    assert hidden.getAttribute("value") == "v" and hidden.defaultValue == "v"
    file = new_input("file")
    file.value = ""
    assert file.value == "" and file.valueAsNumber != file.valueAsNumber


# -- sanitization per type ----------------------------------------------------------------------

_SANITIZE = [
    # (type, extra attributes, value set, expected value)
    ("text", {}, "a\r\nb\nc\rd", "abcd"),
    ("text", {}, "  spaces  ", "  spaces  "),
    ("search", {}, "a\nb", "ab"),
    ("tel", {}, " +1\r\n 555 ", " +1 555 "),
    ("password", {}, "pa\nss", "pass"),
    ("url", {}, "  http://example.com/ \n", "http://example.com/"),
    ("url", {}, "\t not a url \r\n", "not a url"),
    ("email", {}, " user@example.com \r\n", "user@example.com"),
    ("email", {}, "a\nb@c", "ab@c"),
    ("email", {"multiple": ""}, " a@b.c , d@e.f ", "a@b.c,d@e.f"),
    ("email", {"multiple": ""}, "a@b.c,,\t", "a@b.c,,"),
    ("email", {"multiple": ""}, "", ""),
    ("date", {}, "2020-02-29", "2020-02-29"),
    ("date", {}, "2019-02-29", ""),
    ("date", {}, "2020-1-01", ""),
    ("date", {}, " 2020-01-01", ""),
    ("date", {}, "0000-01-01", ""),
    ("date", {}, "275760-09-13", "275760-09-13"),
    ("date", {}, "2020-01-01T00:00", ""),
    ("month", {}, "2020-01", "2020-01"),
    ("month", {}, "2020-13", ""),
    ("month", {}, "2020-1", ""),
    ("week", {}, "2020-W53", "2020-W53"),
    ("week", {}, "2019-W53", ""),
    ("week", {}, "2020-W00", ""),
    ("week", {}, "2020-w01", ""),
    ("time", {}, "12:00", "12:00"),
    ("time", {}, "12:00:00.000", "12:00:00.000"),
    ("time", {}, "23:59:59.999", "23:59:59.999"),
    ("time", {}, "24:00", ""),
    ("time", {}, "12:60", ""),
    ("time", {}, "1:00", ""),
    ("time", {}, "12:00:00.", ""),
    ("time", {}, "12:00:00.1234", ""),
    ("datetime-local", {}, "2020-01-01 10:00", "2020-01-01T10:00"),
    ("datetime-local", {}, "2020-01-01T10:00:00.000", "2020-01-01T10:00"),
    ("datetime-local", {}, "2020-01-01T10:00:30.500", "2020-01-01T10:00:30.5"),
    ("datetime-local", {}, "2020-01-01T10:00:00.001", "2020-01-01T10:00:00.001"),
    ("datetime-local", {}, "2020-01-01t10:00", ""),
    ("datetime-local", {}, "2020-01-01T10:00Z", ""),
    ("number", {}, "1e3", "1e3"),
    ("number", {}, "-0.5", "-0.5"),
    ("number", {}, ".5", ".5"),
    ("number", {}, "abc", ""),
    ("number", {}, " 1", ""),
    ("number", {}, "+1", ""),
    ("number", {}, "1.", ""),
    ("number", {}, "Infinity", ""),
    ("range", {"min": "0", "max": "5"}, "-10", "0"),
    ("range", {"min": "0", "max": "5"}, "7", "5"),
    ("range", {}, "", "50"),
    ("range", {"min": "2", "max": "6"}, "x", "4"),
    ("range", {"min": "0", "max": "7", "step": "2"}, "", "4"),
    ("range", {"min": "2", "max": "-3"}, "", "2"),
    ("range", {"min": "5", "max": "12.6"}, "6.7", "7"),
    ("range", {"min": "5.3", "max": "12"}, "6.7", "6.3"),
    ("range", {"min": "5.3", "max": "12", "step": "0.5"}, "6.7", "6.8"),
    ("range", {"min": "0", "max": "5", "step": "xyz"}, "ppp", "3"),
    ("range", {"min": "0", "max": "1", "step": "any"}, "0.123456", "0.123456"),
    ("range", {"min": "0", "max": "10", "step": "3"}, "10", "9"),
    ("color", {}, "", "#000000"),
    ("color", {}, "#FFFFFF", "#ffffff"),
    ("color", {}, "#0F0F0F", "#0f0f0f"),
    ("color", {}, "#fff", "#ffffff"),
    ("color", {}, "#fffffff", "#000000"),
    ("color", {}, "fffffff", "#000000"),
    ("color", {}, "#gggggg", "#000000"),
    ("color", {}, "foobar", "#000000"),
    ("color", {}, "#ffffff\x00", "#000000"),
    ("color", {}, "#ffffff;", "#000000"),
    ("color", {}, " #ffffff ", "#ffffff"),
    ("color", {}, "crimson", "#dc143c"),
    ("color", {}, "bisque", "#ffe4c4"),
    ("color", {}, "currentColor", "#000000"),
    ("color", {}, "transparent", "#000000"),
    ("color", {}, "inherit", "#000000"),
    ("color", {}, "rgb(1,1,1)", "#010101"),
    ("color", {}, "rgb(1,1,1,1)", "#010101"),
    ("color", {}, "hsl(150deg 100 53.5)", "#12ff88"),
    ("color", {}, "#ff000080", "#ff0000"),
    ("color", {"alpha": ""}, "#ff000080", "color(srgb 1 0 0 / 0.501961)"),
    ("hidden", {}, " a\nb ", " a\nb "),
]


@pytest.mark.parametrize("type,attrs,value,expected", _SANITIZE,
                         ids=[f"{c[0]}-{c[2]!r}-{'-'.join(c[1])}" for c in _SANITIZE])
def test_sanitization(type: str, attrs: dict[str, str], value: str, expected: str) -> None:
    ok = False
    try:
        element = new_input(type, **attrs)
        element.value = value
        assert element.value == expected
        # the same through the value attribute (creation-time sanitization)
        parsed = doc(f"<input type={type}>").querySelector("input")
        for name, attr_value in attrs.items():
            parsed.setAttribute(name, attr_value)
        parsed.setAttribute("value", value)
        assert parsed.value == expected
        ok = True
    finally:
        _record("sanitization", ok)


def test_parsed_values_are_sanitized_at_creation() -> None:
    d = doc('<input id=a type=number value=" 5"><input id=b type=range min=0 max=5 value=7>'
            '<input id=c type=color value=RED><input id=d value="x&#10;y">')
    assert [d.getElementById(x).value for x in "abcd"] == ["", "5", "#ff0000", "xy"]
    assert d.getElementById("d").defaultValue == "x\ny"


def test_attribute_changes_resanitize() -> None:
    email = new_input("email")
    email.value = " a@b.c , d@e.f "
    assert email.value == "a@b.c , d@e.f"
    email.multiple = True
    assert email.value == "a@b.c,d@e.f"
    rng = new_input("range")
    rng.value = "80"
    rng.max = "50"
    assert rng.value == "50"
    rng.min = "60"  # max < min: the value is the minimum
    assert rng.value == "60"
    color = new_input("color", value="#ff000080")
    assert color.value == "#ff0000"
    color.setAttribute("alpha", "")
    assert color.value.startswith("color(srgb 1 0 0 /")


# -- dirty value flag (input-value-dirty-flag.html, dynamic-value-update) ----------------------


def test_dirty_value_flag() -> None:
    element = new_input("text", value="a")
    assert element.value == "a"
    element.setAttribute("value", "b")
    assert element.value == "b"  # not dirty: follows the attribute
    element.value = "c"
    element.setAttribute("value", "d")
    assert element.value == "c" and element.defaultValue == "d"
    element.defaultValue = "e"
    assert element.value == "c"
    element._reset()
    assert element.value == "e"
    element.setAttribute("value", "f")
    assert element.value == "f"  # reset cleared the dirty flag


def test_type_change_to_value_mode_clears_dirty_flag() -> None:
    element = new_input("checkbox", value="x")
    element.type = "text"
    assert element.value == "x"
    element.setAttribute("value", "y")
    assert element.value == "y"
    element.value = "typed"
    element.type = "checkbox"  # value mode -> default/on: the value goes to the attribute
    assert element.getAttribute("value") == "typed" and element.value == "typed"


# -- valueAsNumber / valueAsDate ----------------------------------------------------------------

_AS_NUMBER = [
    ("date", "1970-01-01", 0.0),
    ("date", "2019-12-10", 1575936000000.0),
    ("date", "1969-12-31", -86400000.0),
    ("month", "1970-01", 0.0),
    ("month", "2019-12", 599.0),
    ("month", "1969-12", -1.0),
    ("week", "1970-W01", -259200000.0),
    ("week", "2019-W50", 1575849600000.0),
    ("time", "00:00", 0.0),
    ("time", "12:00:00.5", 43200500.0),
    ("time", "23:59", 86340000.0),
    ("datetime-local", "1970-01-01T00:00", 0.0),
    ("datetime-local", "2019-12-10T10:30", 1575973800000.0),
    ("number", "1e3", 1000.0),
    ("number", "-0.25", -0.25),
    ("range", "42", 42.0),
]


@pytest.mark.parametrize("type,value,number", _AS_NUMBER, ids=[f"{c[0]}-{c[1]}" for c in _AS_NUMBER])
def test_value_as_number_round_trip(type: str, value: str, number: float) -> None:
    ok = False
    try:
        element = new_input(type, value=value)
        assert element.valueAsNumber == number
        other = new_input(type)
        other.valueAsNumber = number
        expected = {"12:00:00.5": "12:00:00.5", "1e3": "1000"}.get(value, value)
        assert other.value == expected
        ok = True
    finally:
        _record("valueAsNumber", ok)


def test_value_as_number_errors_and_nan() -> None:
    text = new_input("text", value="5")
    assert math.isnan(text.valueAsNumber)
    with pytest.raises(InvalidStateError):
        text.valueAsNumber = 5
    number = new_input("number", value="5")
    with pytest.raises(TypeError):
        number.valueAsNumber = math.inf
    number.valueAsNumber = math.nan
    assert number.value == ""
    assert math.isnan(new_input("date").valueAsNumber)
    time = new_input("time")
    time.valueAsNumber = 86400000 + 60000  # wraps around the day
    assert time.value == "00:01"
    month = new_input("month")
    month.valueAsNumber = 12.7
    assert month.value == "1971-01"
    date = new_input("date")
    date.valueAsNumber = -62135596800001  # before year 1
    assert date.value == ""


def test_value_as_date() -> None:
    utc = dt.UTC
    assert new_input("date", value="2019-12-10").valueAsDate == dt.datetime(2019, 12, 10, tzinfo=utc)
    assert new_input("month", value="2019-12").valueAsDate == dt.datetime(2019, 12, 1, tzinfo=utc)
    assert new_input("week", value="2019-W50").valueAsDate == dt.datetime(2019, 12, 9, tzinfo=utc)
    assert new_input("time", value="10:30").valueAsDate == dt.datetime(1970, 1, 1, 10, 30, tzinfo=utc)
    assert new_input("datetime-local", value="2019-12-10T10:30").valueAsDate is None  # does not apply
    assert new_input("date", value="").valueAsDate is None
    assert new_input("date", value="20000-01-01").valueAsDate is None  # beyond datetime
    element = new_input("date")
    element.valueAsDate = dt.datetime(2019, 12, 10, 23, 0, tzinfo=dt.timezone(dt.timedelta(hours=-2)))
    assert element.value == "2019-12-11"  # the date current in UTC
    element.valueAsDate = dt.date(2000, 2, 29)
    assert element.value == "2000-02-29"
    element.valueAsDate = None
    assert element.value == ""
    week = new_input("week")
    week.valueAsDate = dt.datetime(2020, 12, 31)
    assert week.value == "2020-W53"
    time = new_input("time")
    time.valueAsDate = dt.datetime(2000, 1, 1, 13, 5, 7, 250000)
    assert time.value == "13:05:07.25"
    with pytest.raises(TypeError):
        element.valueAsDate = "2019-12-10"
    with pytest.raises(InvalidStateError):
        new_input("number").valueAsDate = None


# -- stepUp / stepDown (input-stepup.html, input-stepdown.html, range.html) ---------------------

_STEPS = [
    # (type, attributes, method, n, expected value)
    ("number", {"value": "1"}, "stepUp", 1, "2"),
    ("number", {"value": "1"}, "stepDown", 1, "0"),
    ("number", {"value": "1", "step": "0.1"}, "stepUp", 2, "1.2"),
    ("number", {"value": "0.1", "step": "0.1"}, "stepUp", 2, "0.3"),
    ("number", {"value": "1", "max": "0"}, "stepUp", 1, "1"),
    ("number", {"value": "", "step": "2"}, "stepUp", 1, "2"),
    ("number", {"value": "5", "min": "1", "step": "3"}, "stepUp", 1, "7"),
    ("number", {"value": "5", "min": "1", "step": "3"}, "stepDown", 1, "4"),
    ("number", {"value": "1", "min": "0", "max": "10"}, "stepDown", 5, "0"),
    ("number", {"value": "9", "min": "0", "max": "10"}, "stepUp", 5, "10"),
    ("number", {"value": "1.5"}, "stepUp", 1, "2.5"),  # the value attribute is the step base
    ("number", {"value": "1.5", "min": "0"}, "stepUp", 1, "2"),
    ("number", {"value": "1.5", "min": "0"}, "stepDown", 1, "1"),
    ("range", {"min": "3", "max": "14", "value": "6", "step": "3"}, "stepUp", 1, "9"),
    ("range", {"min": "3", "max": "11", "value": "9", "step": "3"}, "stepDown", 1, "6"),
    ("range", {"min": "3", "max": "14", "value": "9", "step": "3"}, "stepUp", 2, "12"),
    ("range", {"min": "3", "max": "11", "value": "6", "step": "3"}, "stepDown", 2, "3"),
    ("date", {"value": "2019-12-10"}, "stepUp", 1, "2019-12-11"),
    ("date", {"value": "2019-12-10", "step": "7"}, "stepDown", 2, "2019-11-26"),
    ("month", {"value": "2019-12"}, "stepUp", 1, "2020-01"),
    ("week", {"value": "2019-W52"}, "stepUp", 1, "2020-W01"),
    ("time", {"value": "23:59"}, "stepUp", 1, "00:00"),
    ("time", {"value": "10:00", "step": "1"}, "stepDown", 1, "09:59:59"),
    ("datetime-local", {"value": "2019-12-31T23:59"}, "stepUp", 1, "2020-01-01T00:00"),
]


@pytest.mark.parametrize("type,attrs,method,n,expected", _STEPS,
                         ids=[f"{c[0]}-{c[2]}({c[3]})-{c[1]}" for c in _STEPS])
def test_step(type: str, attrs: dict[str, str], method: str, n: int, expected: str) -> None:
    ok = False
    try:
        element = new_input(type, **attrs)
        getattr(element, method)(n)
        assert element.value == expected
        ok = True
    finally:
        _record("stepUp/stepDown", ok)


def test_step_errors() -> None:
    with pytest.raises(InvalidStateError):
        new_input("text").stepUp()
    with pytest.raises(InvalidStateError):
        new_input("number", step="any").stepDown()
    reversed_range = new_input("number", min="5", max="1", value="3")
    reversed_range.stepUp()
    assert reversed_range.value == "3"
    no_valid_step = new_input("number", min="1", max="1.5", step="2", value="1.2")
    no_valid_step.stepUp()
    assert no_valid_step.value == "1.2"


# -- checkedness and radio button groups (radio.html, radio-groupname-case.html, checkbox.html) --


def test_checkbox_checkedness() -> None:
    box = new_input("checkbox")
    assert box.checked is False
    box.defaultChecked = True
    assert box.checked is True
    box.checked = False
    box.defaultChecked = False
    box.defaultChecked = True
    assert box.checked is False  # dirty checkedness: the attribute no longer counts
    box._reset()
    assert box.checked is True
    box.indeterminate = True
    assert box.indeterminate and box.checked


def test_radio_group_exclusivity() -> None:
    d = doc("<input type=radio name=group1 id=r1><input type=radio name=group1 id=r2>"
            "<input type=radio name=group3 id=r8 checked><input type=radio name=group3 id=r9>"
            "<input type=radio name=group4 id=r10><input type=radio name=group4 id=r11 checked>")
    r1, r2 = d.getElementById("r1"), d.getElementById("r2")
    assert not r1.checked and not r2.checked
    r1.checked = True
    assert r1.checked and not r2.checked
    r2.checked = True
    assert not r1.checked and r2.checked
    r8, r9, r10, r11 = (d.getElementById(f"r{i}") for i in (8, 9, 10, 11))
    assert r8.checked and not r9.checked and not r10.checked and r11.checked
    r9.name = "group4"
    r9.checked = True
    assert r8.checked and r9.checked and not r10.checked and not r11.checked


def test_radio_group_name_is_case_sensitive() -> None:
    d = doc("<input type=radio name=sText id=a checked><input type=radio name=stext id=b checked>"
            "<input type=radio name=groüp id=c checked><input type=radio name=groÜp id=d checked>")
    assert all(d.getElementById(x).checked for x in "abcd")


def test_parsed_radios_last_checked_wins() -> None:
    d = doc("<input type=radio name=g id=a checked><input type=radio name=g id=b checked>"
            "<input type=radio name=g id=c>")
    assert not d.getElementById("a").checked and d.getElementById("b").checked


def test_radio_groups_are_per_tree_and_per_name() -> None:
    d = doc("<input type=radio name=g id=a checked>")
    detached = d.createElement("input")
    detached.type = "radio"
    detached.name = "g"
    detached.checked = True
    a = d.getElementById("a")
    assert a.checked and detached.checked  # different trees
    d.body.appendChild(detached)  # becomes connected while checked: it wins
    assert detached.checked and not a.checked
    nameless = d.createElement("input")
    nameless.type = "radio"
    nameless.checked = True
    d.body.appendChild(nameless)
    assert nameless.checked and detached.checked  # no name: a group of its own


def test_checked_attribute_on_radio_unchecks_group() -> None:
    d = doc("<input type=radio name=g id=a checked><input type=radio name=g id=b>")
    a, b = d.getElementById("a"), d.getElementById("b")
    assert a.checked
    b.setAttribute("checked", "")
    assert b.checked and not a.checked
    a.type = "checkbox"
    a.checked = True
    assert a.checked and b.checked  # a is no radio any more


def test_radio_reset_in_tree_order() -> None:
    d = doc("<input type=radio name=g id=a checked><input type=radio name=g id=b checked>")
    a, b = d.getElementById("a"), d.getElementById("b")
    a.checked = True
    assert a.checked and not b.checked
    a._reset()
    b._reset()
    assert b.checked and not a.checked


# -- cloning-steps.html -------------------------------------------------------------------------


def test_cloning_steps() -> None:
    d = doc()
    element = d.createElement("input")
    element.value = "foo bar"
    element.type = "checkbox"
    element.checked = True
    element.indeterminate = True
    clone = element.cloneNode()
    assert clone.checked and clone.indeterminate and clone.value == "foo bar"
    text = d.createElement("input")
    text.value = "typed"
    copy = text.cloneNode()
    assert copy.value == "typed"
    copy.setAttribute("value", "attr")
    assert copy.value == "typed"  # the dirty value flag came along


# -- text selection (selection.html, input-textselection-01.html) -------------------------------


def test_selection_api() -> None:
    element = new_input("text", value="hello")
    assert (element.selectionStart, element.selectionEnd, element.selectionDirection) == (0, 0, "none")
    element.select()
    assert (element.selectionStart, element.selectionEnd) == (0, 5)
    element.setSelectionRange(1, 3, "backward")
    assert (element.selectionStart, element.selectionEnd, element.selectionDirection) == (1, 3, "backward")
    element.setSelectionRange(4, 2)
    assert (element.selectionStart, element.selectionEnd) == (2, 2)
    element.selectionStart = 10
    assert (element.selectionStart, element.selectionEnd) == (5, 5)
    element.value = "hi"
    assert element.selectionStart == 2
    element.setRangeText("ey", 1, 2, "end")
    assert element.value == "hey" and element.selectionStart == 3
    with pytest.raises(IndexSizeError):
        element.setRangeText("x", 3, 1)
    number = new_input("number")
    assert number.selectionStart is None and number.selectionDirection is None
    with pytest.raises(InvalidStateError):
        number.setSelectionRange(0, 0)
    number.select()  # ignored
    emoji = new_input("text", value="a\U0001f600b")
    emoji.select()
    assert emoji.selectionEnd == 4  # UTF-16 code units


def test_idl_coverage() -> None:
    from dom.html.elements import HTMLInputElement

    left = set(missing_members("HTMLInputElement", HTMLInputElement, inherited=False))
    assert left <= {"form", "files", "labels"}, left  # form/labels: forms A; files: no File API


def test_list_color_space_show_picker() -> None:
    from webidl import NotAllowedError

    d = doc("<input id=a list=dl type=range colorspace=DISPLAY-P3><datalist id=dl></datalist>"
            "<input id=b list=a><input id=c type=password list=dl><input id=d disabled>")
    a = d.getElementById("a")
    assert a.list is d.getElementById("dl") and a.colorSpace == "display-p3"
    assert d.getElementById("b").list is None  # not a datalist
    assert d.getElementById("c").list is None  # list does not apply to passwords
    a.setAttribute("colorspace", "srgb")
    assert a.colorSpace == "limited-srgb"
    with pytest.raises(NotAllowedError):
        a.showPicker()
    with pytest.raises(InvalidStateError):
        d.getElementById("d").showPicker()


# -- invariants ---------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_VALUE_TYPES = [t for t in _TYPES if t not in _DEFAULT_MODES | {"checkbox", "radio", "file"}]
_odd_strings = st.one_of(
    st.text(max_size=30),
    st.from_regex(r"-?[0-9]{1,6}(\.[0-9]{1,4})?(e-?[0-9])?", fullmatch=True),
    st.from_regex(r"[0-9]{4,6}-[0-9]{2}(-[0-9]{2})?([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,4})?)?)?", fullmatch=True),
    st.from_regex(r"[0-9]{4}-W[0-9]{2}", fullmatch=True),
)


@settings(max_examples=150, deadline=None)
@given(type=st.sampled_from(_VALUE_TYPES), value=_odd_strings)
def test_sanitization_is_idempotent_and_total(type: str, value: str) -> None:
    element = new_input(type)
    element.value = value  # never raises
    once = element.value
    element.value = once
    assert element.value == once
    number = element.valueAsNumber
    if number == number and type != "range":  # a parsable value converts back to itself
        other = new_input(type)
        other.valueAsNumber = number
        assert other.valueAsNumber == number


@settings(max_examples=60, deadline=None)
@given(type=st.sampled_from(_VALUE_TYPES), value=_odd_strings, n=st.integers(-5, 5))
def test_step_never_crashes_and_stays_valid(type: str, value: str, n: int) -> None:
    element = new_input(type)
    element.value = value
    for method in (element.stepUp, element.stepDown):
        try:
            method(n)
        except InvalidStateError:
            assert type not in ("number", "range", "date", "month", "week", "time", "datetime-local")
            continue
        after = element.value
        element.value = after
        assert element.value == after  # stepping produces sanitized values


def test_reading_many_radios() -> None:
    # Its growth rate is measured by benchmarks/bench_linear.py.
    markup = "".join(f"<input type=radio name=g{i % 40} {'checked' if i % 3 == 0 else ''}>" for i in range(4000))
    inputs = list(doc(f"<form>{markup}</form>").querySelectorAll("input"))
    assert sum(e.checked for e in inputs) == 40


def test_value_as_number_beyond_the_date_range_still_writes_a_date() -> None:
    # "convert a number to a string" has no Date range: year 300000 is a valid date string, so the
    # number read from it writes it back (hypothesis found the old 8.64e15 cut-off).
    for type, value in (("date", "300000-01-01"), ("week", "300000-W01"), ("datetime-local", "300000-01-01T00:00")):
        source = new_input(type)
        source.value = value
        copy = new_input(type)
        copy.valueAsNumber = source.valueAsNumber
        assert copy.value == value


def test_datetime_local_normalizes_huge_years_without_rounding() -> None:
    element = new_input("datetime-local")
    element.value = "999999999999999999999999-01-01 00:00:01.500"
    assert element.value == "999999999999999999999999-01-01T00:00:01.5"
