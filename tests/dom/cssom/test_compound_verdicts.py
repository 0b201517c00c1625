"""The cascade's verdicts of selectors of one compound of a type and attributes, remembered by the
element's name and the attributes they name across documents (dom/cssom/compound_verdicts.py),
are those of the selector engine's query over the document: on generated documents whose form
controls and lists repeat those names with other values, cases, and attributes the selectors do
not read, matched one after the other (the verdicts of the ones before known)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import dom
from dom.cssom import cascade as cascade_module
from dom.cssom import compound_verdicts
from dom.cssom.compound_verdicts import verdict_names
from tests.dom.cssom.test_cascade_index import _brute_force_equal

SHEET = ("<style>input:not([type=range i], [value]) { color: red } [dir=rtl i][data-x] { top: 1px }"
         " li:is([type=a s], [value=\"2\"]) { top: 2px } :where(input, li)[data-x~=b] { top: 3px }"
         " *[hidden]:not([data-x|=a]) { top: 4px }</style>")


def _document(rng: random.Random) -> dom.Document:
    parts = []
    for _ in range(40):
        name = rng.choice(["input", "input", "li", "ol", "button", "span"])
        attributes = []
        for attribute, values in (("type", ["radio", "RADIO", "range", "Range", "a", "A", "checkbox", "hidden"]),
                                  ("value", ["1", "2"]), ("dir", ["rtl", "RTL", "ltr", "auto"]),
                                  ("data-x", ["a", "a-b", "b c", "B"]), ("hidden", [""]), ("name", ["q", "r"])):
            if rng.random() < 0.4:
                attributes.append(f'{attribute}="{rng.choice(values)}"')
        parts.append(f"<{name} {' '.join(attributes)}>{'x' if name != 'input' else ''}")
    document = dom.parse_html("<!DOCTYPE html>" + SHEET + "".join(parts))
    for element in list(document.querySelectorAll("input"))[::4]:
        element.setAttributeNS(None, "TYPE", "radio")  # (not the type attribute: another name, in no namespace)
        element.setAttributeNS("urn:x", "x:value", "1")  # (a namespaced attribute: [value] does not read it)
    return document


def test_which_selectors() -> None:
    """A compound of a type (or none) and attribute selectors, in :is(), :where() and :not() too."""
    assert verdict_names("input[type=radio i]") == ("input", frozenset({"type"}))
    assert verdict_names("input:not([type=range i], [VALUE])") == ("input", frozenset({"type", "value"}))
    assert verdict_names("[dir=ltr i]") == (None, frozenset({"dir"}))
    for other in ("input", "input.x", "input[type=a]:dir(ltr)", "ul > li[type]", "svg|a[href]", "[*|type]",
                  ":is(p [x])", "input::before", "a[href], b[href]", "input:not(#x)"):
        assert verdict_names(other) is None, other


def test_verdicts_as_the_query(monkeypatch: pytest.MonkeyPatch) -> None:
    answered: list[str] = []
    real = compound_verdicts.by_verdicts

    def noted(cascade: Any, selector: Any) -> list[Any] | None:
        found = real(cascade, selector)
        if found is not None:
            answered.append(selector.text)
        return found

    monkeypatch.setattr(cascade_module, "by_verdicts", noted)
    monkeypatch.setattr(compound_verdicts, "_VERDICTS", {})
    for seed in range(30):
        _brute_force_equal(_document(random.Random(seed)))
    assert {"input:not([type=range i], [value])", "li:is([type=a s], [value=\"2\"])", "[dir=rtl i][data-x]",
            ":where(input, li)[data-x~=b]", "*[hidden]:not([data-x|=a])", "input[type=radio i]"} <= set(answered)
    assert len(compound_verdicts._VERDICTS) > 100
