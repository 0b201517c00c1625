"""@scope (CSS Cascade 6 scoped styles) against Chromium: computed values, checkVisibility() and
innerText of every element of the documents of scope_cases.py and their bodies' innerText, the
CSSOM of its style sheets (each rule's interface, type, cssText, start and end) and insertRule
into @scope rules, from the record that record_chromium_scope.py makes.  Skipped while the
record is absent."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

import dom
from dom.cssom.computed_style import get_computed_style
from dom.cssom.scope_rule import CSSScopeRule
from tests.conftest import record_conformance
from tests.dom.cssom.scope_cases import CASES, INSERTIONS, PROPERTIES, SHEETS

DATA_PATH = Path(__file__).resolve().parent / "data" / "scope_chromium.json.gz"


def _record() -> dict[str, Any]:
    if not DATA_PATH.exists():
        pytest.skip(f"{DATA_PATH.name} not recorded (run tests/dom/cssom/record_chromium_scope.py with chromium)")
    data: dict[str, Any] = json.loads(gzip.decompress(DATA_PATH.read_bytes()))
    return data


def _elements(root: Any, path: str = "", out: list[list[Any]] | None = None) -> list[list[Any]]:
    """The walk of record_chromium_scope.py: the elements, each open shadow tree's after its host."""
    out = [] if out is None else out
    for element in root.querySelectorAll("*"):
        style = get_computed_style(element)
        out.append([path + element.localName + (f"#{element.id}" if element.id else ""),
                    [style.getPropertyValue(name) for name in PROPERTIES], element.checkVisibility(),
                    element.innerText])
        if element.shadowRoot is not None:
            _elements(element.shadowRoot, path + element.localName + "/", out)
    return out


def test_scoped_documents_against_chromium() -> None:
    data = _record()
    assert data["properties"] == list(PROPERTIES)
    passed = total = 0
    mismatches = []
    for source in CASES:
        expected = data["cases"][source]
        document = dom.parse_html(f"<!doctype html><html><head></head><body>{source}</body></html>")
        found = _elements(document.body)
        assert [row[0] for row in found] == [row[0] for row in expected["elements"]], source
        for mine, theirs in zip(found, expected["elements"], strict=True):
            total += 1
            if mine == theirs:
                passed += 1
            else:
                mismatches.append((source, mine, theirs))
        total += 1
        if document.body.innerText == expected["body"]:
            passed += 1
        else:
            mismatches.append((source, "body innerText", document.body.innerText, expected["body"]))
    record_conformance("@scope vs Chromium, generated documents (elements and bodies)", passed, total, __file__)
    assert not mismatches, mismatches[:5]


def _sheet(text: str) -> Any:
    document = dom.parse_html("<!doctype html><html><head></head><body></body></html>")
    style = document.createElement("style")
    style.textContent = text
    document.head.appendChild(style)
    return style.sheet


def test_scope_rule_cssom_against_chromium() -> None:
    data = _record()
    passed = total = 0
    mismatches = []
    for text in SHEETS:
        found = [[type(rule).__name__, rule.type, rule.cssText, rule.start if isinstance(rule, CSSScopeRule) else None,
                  rule.end if isinstance(rule, CSSScopeRule) else None] for rule in _sheet(text).cssRules]
        total += 1
        if found == data["sheets"][text]:
            passed += 1
        else:
            mismatches.append((text, found, data["sheets"][text]))
    for (text, rule, index), expected in zip(INSERTIONS, data["insertions"], strict=True):
        first = _sheet(text).cssRules[0]
        try:
            first.insertRule(rule, index)
            got = first.cssText
        except Exception as error:  # noqa: BLE001 - the DOMException's name is compared
            got = getattr(error, "name", type(error).__name__)
        total += 1
        if got == expected:
            passed += 1
        else:
            mismatches.append((text, rule, got, expected))
    record_conformance("@scope vs Chromium, CSSOM (sheets and insertRule)", passed, total, __file__)
    assert not mismatches, mismatches
