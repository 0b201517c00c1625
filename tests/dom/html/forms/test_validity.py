"""Constraint validation: validity states per control, willValidate, validationMessage,
checkValidity/reportValidity, setCustomValidity.  Table-driven, in the manner of WPT
html/semantics/forms/constraints/form-validation-validity-*.html (read, not copied)."""

from __future__ import annotations

from typing import Any

import pytest

import dom
from dom.html.forms.validity import FLAGS, ValidityState, is_valid_email_address

_counts = [0, 0]


@pytest.fixture(scope="module", autouse=True)
def _summary() -> Any:
    yield
    print(f"\nvalidity table: {_counts[0]}/{_counts[1]}")


def first(markup: str) -> Any:
    d = dom.parse_html(f"<!doctype html><body>{markup}")
    return d.querySelector("[data-t]") or d.body.firstElementChild


# (markup of the control (the element with data-t, else the first), flag expected true or "valid")
_TABLE = [
    ("<input data-t required>", "valueMissing"),
    ("<input data-t required value=x>", "valid"),
    ("<input data-t required readonly>", "valid"),  # barred, and not mutable
    ("<input data-t required disabled>", "valid"),
    ("<input data-t type=number required>", "valueMissing"),
    ("<input data-t type=date required value=2020-13-01>", "valueMissing"),  # sanitized to ""
    ("<input data-t type=checkbox required>", "valueMissing"),
    ("<input data-t type=checkbox required checked>", "valid"),
    ("<input data-t type=radio name=r required><input type=radio name=r>", "valueMissing"),
    ("<input data-t type=radio name=r><input type=radio name=r required>", "valueMissing"),
    ("<input data-t type=radio name=r required><input type=radio name=r checked>", "valid"),
    ("<input data-t type=file required>", "valueMissing"),
    ("<input data-t type=hidden required>", "valid"),
    ("<input data-t type=range required>", "valid"),  # required does not apply
    ("<input data-t type=color required>", "valid"),
    ("<input data-t type=email value=a@b>", "valid"),
    ("<input data-t type=email value=a@b.example>", "valid"),
    ("<input data-t type=email value=ab>", "typeMismatch"),
    ("<input data-t type=email value='a@b c'>", "typeMismatch"),
    ("<input data-t type=email value='a@-b'>", "typeMismatch"),
    ("<input data-t type=email multiple value='a@b, c@d'>", "valid"),
    ("<input data-t type=email multiple value='a@b,c'>", "typeMismatch"),
    ("<input data-t type=email multiple value=''>", "valid"),
    ("<input data-t type=url value='http://example.com/'>", "valid"),
    ("<input data-t type=url value='example.com'>", "typeMismatch"),
    ("<input data-t type=url value='http://exa mple.com'>", "typeMismatch"),
    ("<input data-t pattern='[a-z]+' value=abc>", "valid"),
    ("<input data-t pattern='[a-z]+' value=abc1>", "patternMismatch"),
    ("<input data-t pattern='[a-z]+' value=''>", "valid"),
    ("<input data-t pattern='a|b' value=ab>", "patternMismatch"),  # anchored around the group
    ("<input data-t pattern='(' value=x>", "valid"),  # does not compile: no pattern
    ("<input data-t type=email multiple pattern='[a-z]+@x' value='a@x,b@y'>", "patternMismatch"),
    ("<input data-t type=number pattern='1' value=2>", "valid"),  # pattern does not apply
    ("<input data-t maxlength=2 value=abc>", "valid"),  # tooLong needs a user edit
    ("<input data-t minlength=5 value=abc>", "valid"),
    ("<input data-t type=number min=5 value=3>", "rangeUnderflow"),
    ("<input data-t type=number max=5 value=7>", "rangeOverflow"),
    ("<input data-t type=number min=1 max=9 value=5>", "valid"),
    ("<input data-t type=number step=2 min=0 value=3>", "stepMismatch"),
    ("<input data-t type=number step=2 value=3>", "valid"),  # the value attribute is the step base
    ("<input data-t type=number step=2 min=1 value=3>", "valid"),
    ("<input data-t type=number step=0.1 value=0.3>", "valid"),  # decimal arithmetic
    ("<input data-t type=number step=any value=0.123>", "valid"),
    ("<input data-t type=date min=2020-01-10 value=2020-01-01>", "rangeUnderflow"),
    ("<input data-t type=date step=2 min=1970-01-01 value=1970-01-02>", "stepMismatch"),
    ("<input data-t type=time min=22:00 max=02:00 value=23:00>", "valid"),  # reversed range
    ("<input data-t type=time min=22:00 max=02:00 value=12:00>", "rangeUnderflow rangeOverflow"),
    ("<input data-t type=time min=00:00 value=10:00:30>", "stepMismatch"),  # default step 60 s
    ("<input data-t type=month max=2020-01 value=2020-02>", "rangeOverflow"),
    ("<input data-t type=week min=2020-W10 value=2020-W09>", "rangeUnderflow"),
    ("<input data-t type=datetime-local max=2020-01-01T00:00 value=2020-01-01T00:01>", "rangeOverflow"),
    ("<input data-t type=range min=0 max=10 value=20>", "valid"),  # clamped by sanitization
    ("<select data-t required><option>a</select>", "valid"),
    ("<select data-t required><option value=''>Pick<option>a</select>", "valueMissing"),
    ("<select data-t required><option value=''>Pick<option selected>a</select>", "valid"),
    ("<select data-t required><optgroup><option value=''>Pick</optgroup><option>a</select>", "valid"),
    ("<select data-t required multiple><option value=''>Pick</select>", "valueMissing"),
    ("<select data-t required multiple><option value='' selected>Pick</select>", "valid"),
    ("<select data-t required size=2><option value=''>a</select>", "valueMissing"),
    ("<select data-t required></select>", "valueMissing"),
    ("<select data-t></select>", "valid"),
    ("<textarea data-t required></textarea>", "valueMissing"),
    ("<textarea data-t required>x</textarea>", "valid"),
    ("<textarea data-t required readonly></textarea>", "valid"),
    ("<textarea data-t maxlength=1>abc</textarea>", "valid"),
    ("<output data-t>x</output>", "valid"),
]


@pytest.mark.parametrize("markup,expected", _TABLE, ids=[m for m, _ in _TABLE])
def test_validity_table(markup: str, expected: str) -> None:
    _counts[1] += 1
    element = first(markup)
    validity = element.validity
    on = {name for name in FLAGS if getattr(validity, name)}
    if expected == "valid":
        assert on == set() and validity.valid
    else:
        assert on == set(expected.split()) and not validity.valid
    _counts[0] += 1


_WILL_VALIDATE = [
    ("<input data-t>", True),
    ("<input data-t type=hidden>", False),
    ("<input data-t type=reset>", False),
    ("<input data-t type=button>", False),
    ("<input data-t type=submit>", True),
    ("<input data-t readonly>", False),
    ("<input data-t type=checkbox readonly>", True),  # readonly does not apply
    ("<input data-t disabled>", False),
    ("<fieldset disabled><input data-t></fieldset>", False),
    ("<fieldset disabled><legend><input data-t></legend></fieldset>", True),
    ("<datalist><input data-t></datalist>", False),
    ("<select data-t></select>", True),
    ("<select data-t disabled></select>", False),
    ("<textarea data-t></textarea>", True),
    ("<textarea data-t readonly></textarea>", False),
    ("<output data-t></output>", False),
]


@pytest.mark.parametrize("markup,expected", _WILL_VALIDATE, ids=[m for m, _ in _WILL_VALIDATE])
def test_will_validate(markup: str, expected: bool) -> None:
    assert first(markup).willValidate is expected


def test_custom_validity_and_messages() -> None:
    element = first("<input data-t>")
    assert element.validationMessage == "" and element.checkValidity()
    element.setCustomValidity("Not\r\nthis")
    assert element.validity.customError and not element.validity.valid
    assert element.validationMessage == "Not\nthis"
    element.setCustomValidity("")
    assert element.validity.valid
    required = first("<input data-t required>")
    assert required.validationMessage == "Please fill out this field."
    number = first("<input data-t type=number min=5 value=1>")
    assert "5" in number.validationMessage
    barred = first("<input data-t required disabled>")
    barred.setCustomValidity("x")
    assert barred.validationMessage == "" and barred.checkValidity()  # barred: always valid to check
    assert barred.validity.customError  # the state is still there


def test_check_validity_fires_invalid() -> None:
    element = first("<input data-t required>")
    events: list[Any] = []
    element.addEventListener("invalid", lambda event: events.append(event))
    assert element.checkValidity() is False
    assert element.reportValidity() is False
    assert [e.type for e in events] == ["invalid", "invalid"]
    assert events[0].cancelable and not events[0].bubbles and events[0].isTrusted
    element.value = "ok"
    assert element.checkValidity() and len(events) == 2


def test_validity_is_same_object_and_live() -> None:
    element = first("<input data-t required>")
    validity = element.validity
    assert validity is element.validity and isinstance(validity, ValidityState)
    assert validity.valueMissing
    element.value = "x"
    assert not validity.valueMissing and validity.valid
    assert "valid" in repr(validity)


@pytest.mark.parametrize("value,valid", [
    ("a@b", True), ("first.last+tag@sub.example.org", True), ("a@b-c.d", True), ("@b", False),
    ("a@", False), ("a b@c", False), ("a@b..c", False), ("a@" + "x" * 64, False), ("a@" + "x" * 63, True),
    ("a@b_c", False), ("ü@b", False),
])
def test_valid_email_address(value: str, valid: bool) -> None:
    assert is_valid_email_address(value) is valid
