"""input/select/textarea.autocomplete: the IDL-exposed autofill value
(https://html.spec.whatwg.org/#autofill-processing-model), with the cases of WPT
html/semantics/forms/the-form-element/form-autocomplete.html ported."""

from __future__ import annotations

import pytest

import dom
from dom.html.forms.autofill import autofill

KEYWORDS = [
    "on", "off", "name", "honorific-prefix", "given-name", "additional-name", "family-name", "honorific-suffix",
    "nickname", "username", "new-password", "current-password", "one-time-code", "organization-title",
    "organization", "street-address", "address-line1", "address-line2", "address-line3", "address-level4",
    "address-level3", "address-level2", "address-level1", "country", "country-name", "postal-code", "cc-name",
    "cc-given-name", "cc-additional-name", "cc-family-name", "cc-number", "cc-exp", "cc-exp-month", "cc-exp-year",
    "cc-csc", "cc-type", "transaction-currency", "transaction-amount", "language", "bday", "bday-day",
    "bday-month", "bday-year", "sex", "url", "photo", "tel", "tel-country-code", "tel-national", "tel-area-code",
    "tel-local", "tel-local-prefix", "tel-local-suffix", "tel-extension", "email", "impp",
]


def _doc() -> dom.Document:
    return dom.parse_html("")


@pytest.mark.parametrize("form_value", [None, "on", "off", "foobar"])
def test_form_owner_does_not_change_the_idl_value(form_value: str | None) -> None:
    attr = "" if form_value is None else f' autocomplete="{form_value}"'
    document = dom.parse_html(
        f'<form{attr}><input><input autocomplete="on"><input autocomplete="off"><input autocomplete="foobar"></form>'
    )
    form = document.forms[0]
    assert form.autocomplete == ("off" if form_value == "off" else "on")
    assert [e.autocomplete for e in form.elements] == ["", "on", "off", ""]
    # The autofill field name (not exposed) follows the form owner in the default case.
    assert autofill(form.elements[0]).field_name == ("off" if form_value == "off" else "on")


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_allowed_field_names_normalized(keyword: str) -> None:
    element = _doc().createElement("input")
    element.setAttribute("autocomplete", " " + keyword.upper() + "\t")
    assert element.autocomplete == keyword


def test_whitespace_unknown_and_too_many_tokens() -> None:
    document = _doc()
    select = document.createElement("select")
    select.setAttribute("autocomplete", "  \n")
    assert select.autocomplete == ""
    for value in ("foo off", "foo section-foo billing name", "foo section-bar billing work name"):
        select.setAttribute("autocomplete", value)
        assert select.autocomplete == ""
    textarea = document.createElement("textarea")
    textarea.setAttribute("autocomplete", "call-sign")
    assert textarea.autocomplete == ""


def test_auto_is_not_a_keyword() -> None:
    element = _doc().createElement("input")
    element.setAttribute("autocomplete", "auto")
    assert element.autocomplete == ""
    assert element.getAttribute("autocomplete") == "auto"


def test_hidden_input_wears_the_anchor_mantle() -> None:
    hidden = _doc().createElement("input")
    hidden.type = "hidden"
    for value in ("on", "off"):
        hidden.setAttribute("autocomplete", value)
        assert hidden.autocomplete == ""
        assert autofill(hidden).field_name == ""
    hidden.setAttribute("autocomplete", "nickname")
    assert hidden.autocomplete == "nickname"


def test_serialize_section_mode_contact_field() -> None:
    textarea = _doc().createElement("textarea")
    for value, expected in [
        (" HOME\ntel", "home tel"),
        ("shipping   country", "shipping country"),
        ("billing  work  email", "billing work email"),
        ("  section-FOO  bday", "section-foo bday"),
        ("section-a shipping mobile tel", "section-a shipping mobile tel"),
        ("work name", ""),  # a contact kind only goes with a Contact field
        ("current-password webauthn", "current-password webauthn"),
        ("webauthn", "webauthn"),
        ("on webauthn", ""),
    ]:
        textarea.setAttribute("autocomplete", value)
        assert textarea.autocomplete == expected, value
    textarea.setAttribute("autocomplete", "section-x billing home email")
    result = autofill(textarea)
    assert (result.scope, result.hint_set, result.field_name) == (["section-x", "billing", "home"], ["home", "billing"], "email")


def test_setter_reflects() -> None:
    element = _doc().createElement("input")
    element.autocomplete = "Shipping Email"
    assert element.getAttribute("autocomplete") == "Shipping Email"
    assert element.autocomplete == "shipping email"
