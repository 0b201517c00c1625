"""Autofill: the autocomplete attribute's processing model and the ``autocomplete`` IDL attribute.

https://html.spec.whatwg.org/#autofill-processing-model -- the algorithm that sets an input,
select or textarea element's autofill field name, hint set, scope, non-autofill credential type
and IDL-exposed autofill value from its ``autocomplete`` content attribute;
https://html.spec.whatwg.org/#dom-fe-autocomplete returns the IDL-exposed autofill value (so
``"auto"`` reads as ``""``, ``"ON"`` as ``"on"``, and a hidden input's ``"off"`` as ``""``:
``"on"``/``"off"`` are not allowed under the autofill anchor mantle).  Setting reflects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from html_infra.infra import ascii_lowercase, split_on_ascii_whitespace
from webidl import to_dom_string

from ...reflection import Reflection

__all__ = ["Autofill", "autofill", "determine_field_category", "Autocomplete"]

_NORMAL = (
    "name", "honorific-prefix", "given-name", "additional-name", "family-name", "honorific-suffix",
    "nickname", "organization-title", "username", "new-password", "current-password", "one-time-code",
    "organization", "street-address", "address-line1", "address-line2", "address-line3", "address-level4",
    "address-level3", "address-level2", "address-level1", "country", "country-name", "postal-code",
    "cc-name", "cc-given-name", "cc-additional-name", "cc-family-name", "cc-number", "cc-exp",
    "cc-exp-month", "cc-exp-year", "cc-csc", "cc-type", "transaction-currency", "transaction-amount",
    "language", "bday", "bday-day", "bday-month", "bday-year", "sex", "url", "photo",
)
_CONTACT = (
    "tel", "tel-country-code", "tel-national", "tel-area-code", "tel-local", "tel-local-prefix",
    "tel-local-suffix", "tel-extension", "email", "impp",
)
# https://html.spec.whatwg.org/#determine-a-field's-category: token -> (category, maximum tokens)
_CATEGORIES: dict[str, tuple[str, int]] = {
    "off": ("Off", 1),
    "on": ("Automatic", 1),
    **{token: ("Normal", 3) for token in _NORMAL},
    **{token: ("Contact", 4) for token in _CONTACT},
    "webauthn": ("Credential", 5),
}
_CONTACT_KINDS = ("home", "work", "mobile", "fax", "pager")
_MODES = ("shipping", "billing")


def determine_field_category(field_token: str) -> tuple[str | None, int | None]:
    """https://html.spec.whatwg.org/#determine-a-field's-category -> (category, maximum tokens)"""
    return _CATEGORIES.get(ascii_lowercase(field_token), (None, None))


@dataclass
class Autofill:
    """The values the processing model sets on an element."""

    field_name: str = ""
    hint_set: list[str] = field(default_factory=list)
    scope: list[str] = field(default_factory=list)
    credential_type: str | None = None
    idl_value: str = ""


def _wears_anchor_mantle(element: Any) -> bool:
    """https://html.spec.whatwg.org/#autofill-anchor-mantle: an input in the Hidden state."""
    if element.localName != "input":
        return False
    return ascii_lowercase(element.getAttribute("type") or "") == "hidden"


def autofill(element: Any) -> Autofill:
    """https://html.spec.whatwg.org/#autofill-processing-model"""
    result = _named(element)
    if result is not None:
        return result
    # 32. Default
    default = Autofill()
    if _wears_anchor_mantle(element):  # 33.
        return default
    form = getattr(element, "form", None)  # 34.
    off = form is not None and ascii_lowercase(form.getAttribute("autocomplete") or "") == "off"
    default.field_name = "off" if off else "on"  # 35.
    return default


def _named(element: Any) -> Autofill | None:
    """Steps 1-31: the values from the tokens, or None for "jump to the step labeled default"."""
    value = element.getAttribute("autocomplete")
    if value is None:  # 1.
        return None
    tokens = split_on_ascii_whitespace(value)  # 2.
    if not tokens:  # 3.
        return None
    index = len(tokens) - 1  # 4.
    field_token = tokens[index]  # 5.
    category, maximum = determine_field_category(field_token)  # 6.
    if category is None or maximum is None:  # 7.
        return None
    if len(tokens) > maximum:  # 8.
        return None
    if category in ("Off", "Automatic") and _wears_anchor_mantle(element):  # 9.
        return None
    if category == "Off":  # 10.
        return Autofill(field_name="off", idl_value="off")
    if category == "Automatic":  # 11.
        return Autofill(field_name="on", idl_value="on")
    scope: list[str] = []  # 12.
    hints: list[str] = []  # 13.
    credential_type = None  # 14.
    field_token = ascii_lowercase(field_token)
    idl_value = field_token  # 15.
    result = Autofill()

    def done() -> Autofill:  # 26-31.
        result.hint_set, result.credential_type, result.scope = hints, credential_type, scope
        result.field_name, result.idl_value = field_token, idl_value
        return result

    if category == "Credential" and ascii_lowercase(tokens[index]) == "webauthn":  # 16.
        credential_type = "webauthn"
        if index == 0:
            return done()
        index -= 1
        category, maximum = determine_field_category(tokens[index])
        if category not in ("Normal", "Contact") or maximum is None:
            return None
        if index > maximum - 1:
            return None
        idl_value = f"{ascii_lowercase(tokens[index])} {idl_value}"  # (field stays "webauthn")
    if index == 0:  # 17.
        return done()
    index -= 1  # 18.
    token = ascii_lowercase(tokens[index])
    if category == "Contact" and token in _CONTACT_KINDS:  # 19.
        scope.insert(0, token)
        hints.append(token)
        idl_value = f"{token} {idl_value}"
        if index == 0:
            return done()
        index -= 1
        token = ascii_lowercase(tokens[index])
    if token in _MODES:  # 20.
        scope.insert(0, token)
        hints.append(token)
        idl_value = f"{token} {idl_value}"
        if index == 0:
            return done()
        index -= 1
        token = ascii_lowercase(tokens[index])
    if index != 0:  # 21.
        return None
    if not token.startswith("section-"):  # 22. (ASCII case-insensitive: token is lowercased)
        return None
    scope.insert(0, token)  # 23-24.
    idl_value = f"{token} {idl_value}"  # 25.
    return done()


class Autocomplete(Reflection[str]):
    """https://html.spec.whatwg.org/#dom-fe-autocomplete -- the IDL-exposed autofill value;
    setting reflects ([ReflectSetter])."""

    kind = "custom"

    def __init__(self) -> None:
        super().__init__("autocomplete")

    def get(self, element: Any) -> str:
        return autofill(element).idl_value

    def set(self, element: Any, value: Any) -> None:
        element.setAttribute("autocomplete", to_dom_string(value))
