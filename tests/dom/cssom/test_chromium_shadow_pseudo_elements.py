"""Pseudo-elements styled from other tree contexts against Chromium 150: ``:host::before``,
``::slotted()::marker`` and ``::part()::after`` (dom/cssom/scoping.py's pseudo_element_contexts),
for every element of the documents of shadow_pseudo_element_cases.py (shadow trees' elements
included), from the record that record_chromium_shadow_pseudo_elements.py makes.  Skipped while
the record is absent."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

import dom
from dom.cssom.computed_style import get_computed_style
from tests.conftest import record_conformance
from tests.dom.cssom.shadow_pseudo_element_cases import CASES, PROPERTIES, PSEUDO_ELEMENTS

DATA_PATH = Path(__file__).resolve().parent / "data" / "shadow_pseudo_elements_chromium.json.gz"


def _record() -> dict[str, Any]:
    if not DATA_PATH.exists():
        pytest.skip(f"{DATA_PATH.name} not recorded (run tests/dom/cssom/record_chromium_shadow_pseudo_elements.py "
                    "with chromium)")
    data: dict[str, Any] = json.loads(gzip.decompress(DATA_PATH.read_bytes()))
    return data


def _walk(root: Any, path: str, out: list[list[Any]]) -> None:
    for element in root.querySelectorAll("*"):
        row: list[Any] = [path + element.localName + (f"#{element.id}" if element.id else "")]
        for pseudo in PSEUDO_ELEMENTS:
            style = get_computed_style(element, pseudo)
            row.append([style.getPropertyValue(name) for name in PROPERTIES])
        out.append(row)
        if element.shadowRoot is not None:
            _walk(element.shadowRoot, path + element.localName + "/", out)


def test_pseudo_elements_from_other_tree_contexts() -> None:
    data = _record()
    assert data["properties"] == list(PROPERTIES) and data["pseudo_elements"] == list(PSEUDO_ELEMENTS)
    same = total = 0
    different = []
    for source in CASES:
        expected = data["cases"][source]
        document = dom.parse_html(f"<!doctype html><html><head></head><body>{source}</body></html>")
        found: list[list[Any]] = []
        _walk(document.body, "", found)
        assert [row[0] for row in found] == [row[0] for row in expected], source
        for mine, theirs in zip(found, expected, strict=True):
            for pseudo, got, want in zip(PSEUDO_ELEMENTS, mine[1:], theirs[1:], strict=True):
                total += 1
                if got == want:
                    same += 1
                else:
                    different.append((source[:60], mine[0], pseudo, got, want))
    record_conformance("pseudo-elements from other tree contexts vs Chromium (styles)", same, total,
                       "tests/dom/cssom/test_chromium_shadow_pseudo_elements.py")
    assert not different, different[:10]


def test_the_pair_styles_no_element() -> None:
    """``::slotted(p)::before`` and ``::part(x)::after`` style the pseudo-element alone, and a
    user-action pseudo-class after ``::slotted()`` or ``::part()`` styles nothing (nothing is
    hovered): the elements keep their own values."""
    document = dom.parse_html(
        "<!doctype html><style>::part(x)::after{color:red} ::part(x):hover{color:red}</style><div id=h><template "
        "shadowrootmode=open><style>::slotted(p)::before{color:red} ::slotted(p):hover{color:red}</style><span "
        "part=x>s</span><slot></slot></template><p>p</p></div>")
    host = document.getElementById("h")
    span = host.shadowRoot.querySelector("span")
    paragraph = document.querySelector("p")
    window = document.defaultView
    assert window.getComputedStyle(span).color == window.getComputedStyle(paragraph).color == "rgb(0, 0, 0)"
    assert window.getComputedStyle(span, "::after").color == window.getComputedStyle(paragraph, "::before").color \
        == "rgb(255, 0, 0)"
