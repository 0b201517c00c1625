"""The constraint validation API (https://html.spec.whatwg.org/#the-constraint-validation-api)
for input, select, textarea and output (and any element class that mixes in
:class:`ConstraintValidationMixin`).

What a document without a user gives:

- *tooLong*/*tooShort* need "a value last changed by a user edit", *badInput* a user interface
  holding unconvertible input: with no user they are always false, as in a browser where nobody
  typed.
- *patternMismatch* matches the ``pattern`` attribute as a ``v``-flag RegExp in linear time,
  with RE2 (:mod:`dom.html.forms.pattern`, which says what it cannot express).
- ``reportValidity()`` fires ``invalid`` like ``checkValidity()``; there is no one to report to.
- ``validationMessage`` is an English message in the style of browsers.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from html_infra.infra import HTML_NAMESPACE, normalize_newlines, split_on_commas
from webidl.attribute_getters import getter
from webidl.operations import operations

from ...events import fire_event
from .control_state import form_state
from .input import (
    InputAttributes,
    allowed_value_step,
    as_decimal,
    input_type_state,
    maximum_of,
    minimum_of,
    radio_button_group,
    step_base,
)
from .owner import is_disabled
from .pattern import compile_pattern
from .radio_groups import checkedness_of
from .select import display_size, selectedness, sync

if TYPE_CHECKING:
    from ..html_element import HTMLElement as _ElementBase  # what the mixins below are put before
else:
    _ElementBase = object

__all__ = ["ValidityState", "ConstraintValidationMixin", "is_valid_email_address", "FLAGS"]

FLAGS = (
    "valueMissing", "typeMismatch", "patternMismatch", "tooLong", "tooShort", "rangeUnderflow",
    "rangeOverflow", "stepMismatch", "badInput", "customError",
)
_SUBMITTABLE = frozenset(("button", "input", "select", "textarea"))
_TEXT_LIKE = frozenset(("text", "search", "tel", "url", "email", "password"))
_REQUIRED_APPLIES = _TEXT_LIKE | {"date", "month", "week", "time", "datetime-local", "number", "checkbox",
                                  "radio", "file"}
_READONLY_APPLIES = _TEXT_LIKE | {"date", "month", "week", "time", "datetime-local", "number"}
_RANGE_TYPES = frozenset(("date", "month", "week", "time", "datetime-local", "number", "range"))

# https://html.spec.whatwg.org/#valid-e-mail-address (the ABNF as a regular expression)
@cache
def _email() -> re.Pattern[str]:
    # Compiled on first use (~8 ms: the bounded repetitions), not on every import.
    return re.compile(
        r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
        r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\Z"
    )


def is_valid_email_address(value: str) -> bool:
    """https://html.spec.whatwg.org/#valid-e-mail-address"""
    return _email().match(value) is not None


def _is_disabled(element: Any) -> bool:
    return is_disabled(element)


def _has_datalist_ancestor(element: Any) -> bool:
    tags = ("datalist", f"{{{HTML_NAMESPACE}}}datalist")
    return any(lx.tag in tags for lx in element._lx.iterancestors())


def is_barred(element: Any) -> bool:
    """https://html.spec.whatwg.org/#barred-from-constraint-validation (for a submittable
    element; everything else is never a candidate)."""
    local = element._local if getattr(element, "_ns", None) == HTML_NAMESPACE else None
    if local not in _SUBMITTABLE:
        return True
    if _is_disabled(element) or _has_datalist_ancestor(element):
        return True
    if local == "input":
        state = input_type_state(element)
        if state in ("hidden", "reset", "button"):
            return True
        if state in _READONLY_APPLIES and element.hasAttribute("readonly"):
            return True
    if local == "textarea" and element.hasAttribute("readonly"):
        return True
    if local == "button":
        kind = (element.getAttribute("type") or "").lower()
        if kind in ("reset", "button"):
            return True
    return False


def _input_flags(element: Any) -> dict[str, bool]:
    flags: dict[str, bool] = {}
    state = input_type_state(element)
    value = element.value
    mutable = not _is_disabled(element) and not (state in _READONLY_APPLIES and element.hasAttribute("readonly"))
    required = state in _REQUIRED_APPLIES and element.hasAttribute("required")
    # https://html.spec.whatwg.org/#suffering-from-being-missing
    if state == "checkbox":
        flags["valueMissing"] = required and not checkedness_of(element)
    elif state == "radio":
        group = radio_button_group(element)
        element.checked  # noqa: B018 -- resolves the group's checkedness first
        flags["valueMissing"] = any(e.hasAttribute("required") for e in group) and not any(
            checkedness_of(e) for e in group)
    elif state == "file":
        flags["valueMissing"] = required  # no file can be selected
    else:
        flags["valueMissing"] = required and mutable and value == ""
    # https://html.spec.whatwg.org/#suffering-from-a-type-mismatch
    if state == "email" and value != "":
        if element.hasAttribute("multiple"):
            flags["typeMismatch"] = not all(is_valid_email_address(v) for v in split_on_commas(value))
        else:
            flags["typeMismatch"] = not is_valid_email_address(value)
    elif state == "url" and value != "":
        # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
        from html_infra.url.parser import parse_url

        flags["typeMismatch"] = parse_url(value) is None
    # https://html.spec.whatwg.org/#attr-input-pattern
    pattern = element.getAttribute("pattern")
    if state in _TEXT_LIKE and pattern is not None and value != "":
        compiled = compile_pattern(pattern)
        if compiled is not None:
            values = split_on_commas(value) if state == "email" and element.hasAttribute("multiple") else [value]
            flags["patternMismatch"] = not all(compiled.matches(v) for v in values)
    # https://html.spec.whatwg.org/#the-min-and-max-attributes and #the-step-attribute
    if state in _RANGE_TYPES and value != "":
        # lazy: the value numbers bring the date microsyntaxes, which `import webdom` leaves for later
        from html_infra.microsyntaxes.value_numbers import value_string_to_number

        attrs = InputAttributes(element)
        number = value_string_to_number(state, value)
        if number is not None:
            minimum, maximum = minimum_of(state, attrs), maximum_of(state, attrs)
            if state == "time" and minimum is not None and maximum is not None and maximum < minimum:
                # a reversed range (https://html.spec.whatwg.org/#has-a-reversed-range)
                flags["rangeUnderflow"] = flags["rangeOverflow"] = maximum < number < minimum
            else:
                flags["rangeUnderflow"] = minimum is not None and number < minimum
                flags["rangeOverflow"] = maximum is not None and number > maximum
            step = allowed_value_step(state, attrs)
            if step is not None:
                steps = (as_decimal(number) - as_decimal(step_base(state, attrs))) / as_decimal(step)
                flags["stepMismatch"] = steps != steps.to_integral_value()
    return flags


def _select_flags(element: Any) -> dict[str, bool]:
    """https://html.spec.whatwg.org/#the-select-element (constraint validation)"""
    if not element.hasAttribute("required"):
        return {}
    options = sync(element)
    selected = [o for o in options if selectedness(o)]
    if not selected:
        return {"valueMissing": True}
    # https://html.spec.whatwg.org/#placeholder-label-option
    first = options[0]
    is_placeholder = (
        not element.hasAttribute("multiple") and display_size(element) == 1 and first.value == ""
        and first.parentNode is element
    )
    return {"valueMissing": is_placeholder and selected == [first]}


def _textarea_flags(element: Any) -> dict[str, bool]:
    """https://html.spec.whatwg.org/#the-textarea-element (constraint validation)"""
    mutable = not _is_disabled(element) and not element.hasAttribute("readonly")
    return {"valueMissing": element.hasAttribute("required") and mutable and element.value == ""}


def validity_flags(element: Any) -> dict[str, bool]:
    """Every validity state of *element* (https://html.spec.whatwg.org/#validity-states)."""
    local = element._local if getattr(element, "_ns", None) == HTML_NAMESPACE else None
    if local == "input":
        found = _input_flags(element)
    elif local == "select":
        found = _select_flags(element)
    elif local == "textarea":
        found = _textarea_flags(element)
    else:
        found = {}
    flags = dict.fromkeys(FLAGS, False)
    flags.update(found)
    flags["customError"] = form_state(element).custom_validity != ""
    return flags


class ValidityState:
    """https://html.spec.whatwg.org/#validitystate -- live: each attribute reads the element now."""

    __slots__ = ("_element",)

    def __init__(self, element: Any) -> None:
        self._element = element

    def _flag(self, name: str) -> bool:
        return validity_flags(self._element)[name]

    valueMissing = getter[bool](lambda self: self._flag("valueMissing"))
    typeMismatch = getter[bool](lambda self: self._flag("typeMismatch"))
    patternMismatch = getter[bool](lambda self: self._flag("patternMismatch"))
    tooLong = getter[bool](lambda self: self._flag("tooLong"))
    tooShort = getter[bool](lambda self: self._flag("tooShort"))
    rangeUnderflow = getter[bool](lambda self: self._flag("rangeUnderflow"))
    rangeOverflow = getter[bool](lambda self: self._flag("rangeOverflow"))
    stepMismatch = getter[bool](lambda self: self._flag("stepMismatch"))
    badInput = getter[bool](lambda self: self._flag("badInput"))
    customError = getter[bool](lambda self: self._flag("customError"))

    @property
    def valid(self) -> bool:
        """https://html.spec.whatwg.org/#dom-validitystate-valid"""
        return not any(validity_flags(self._element).values())

    def __repr__(self) -> str:
        on = [name for name, value in validity_flags(self._element).items() if value]
        return f"<ValidityState {' '.join(on) or 'valid'}>"


_MESSAGES = {
    "valueMissing": "Please fill out this field.",
    "typeMismatch": "Please enter a valid value.",
    "patternMismatch": "Please match the requested format.",
    "tooLong": "Please shorten this text.",
    "tooShort": "Please lengthen this text.",
    "rangeUnderflow": "Value must be greater than or equal to {min}.",
    "rangeOverflow": "Value must be less than or equal to {max}.",
    "stepMismatch": "Please enter a valid value.",
    "badInput": "Please enter a valid value.",
}


# (every listed element declares setCustomValidity with the same signature)
@operations(("HTMLInputElement", "HTMLButtonElement", "HTMLFieldSetElement", "HTMLObjectElement", "HTMLOutputElement",
             "HTMLSelectElement", "HTMLTextAreaElement"), "setCustomValidity")
class ConstraintValidationMixin(_ElementBase):
    """willValidate, validity, validationMessage, checkValidity(), reportValidity(),
    setCustomValidity() (https://html.spec.whatwg.org/#the-constraint-validation-api)."""

    __slots__ = ()

    @property
    def willValidate(self) -> bool:
        """https://html.spec.whatwg.org/#dom-cva-willvalidate"""
        return not is_barred(self)

    @property
    def validity(self) -> ValidityState:
        """https://html.spec.whatwg.org/#dom-cva-validity ([SameObject], live)"""
        return self._same_object("validity", lambda: ValidityState(self))

    def setCustomValidity(self, error: str) -> None:
        """https://html.spec.whatwg.org/#dom-cva-setcustomvalidity"""
        form_state(self).custom_validity = normalize_newlines(error)

    @property
    def validationMessage(self) -> str:
        """https://html.spec.whatwg.org/#dom-cva-validationmessage"""
        if is_barred(self):
            return ""
        flags = validity_flags(self)
        if flags["customError"]:
            return form_state(self).custom_validity
        for name, message in _MESSAGES.items():
            if flags[name]:
                return message.format(min=self.getAttribute("min"), max=self.getAttribute("max"))
        return ""

    def checkValidity(self) -> bool:
        """https://html.spec.whatwg.org/#dom-cva-checkvalidity -- fires a cancelable
        ``invalid`` event at an invalid candidate."""
        if is_barred(self) or not any(validity_flags(self).values()):
            return True

        fire_event("invalid", self, cancelable=True)
        return False

    def reportValidity(self) -> bool:
        """https://html.spec.whatwg.org/#dom-cva-reportvalidity (no user to report to)"""
        return self.checkValidity()

