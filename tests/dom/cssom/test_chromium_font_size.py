"""Computed font sizes against Chromium (issue 33, goal 5), from the record that
tests/dom/cssom/record_chromium_font_size.py makes: the browsers' default size for the generic
monospace family (13px where the others' is 16px), Blink's keyword table at that size, the
rescaling of inherited and relative sizes when the generic family changes, and Chromium's
smallest size for sizes not set absolutely (dom/cssom/computed_values.py, _font_size_basis).
Every element of every generated document, the root included, has Chromium's font-size, but
for the named departures of quirks mode.
Skipped while the record is absent (Chromium is needed to make it; CI only reads it)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

import dom
from dom.cssom.computed_values import LONGHANDS
from tests.conftest import record_conformance
from tests.dom.cssom.record_chromium_font_size import page

DATA_PATH = Path(__file__).resolve().parent / "data" / "font_size_chromium.json.gz"

# Where Chromium differs: (webdom's value, Chromium's) -> why, in quirks mode only.
QUIRKS_DEPARTURES: dict[tuple[str, str], str] = {
    ("10px", "9px"): "Blink's keyword table in quirks mode is another at the 13px monospace default (x-small 9px, "
                     "small 10px, xxx-large 40px); computed values are computed without the document's mode",
    ("12px", "10px"): "the same, small",
    ("39px", "40px"): "the same, xxx-large",
}


def _data() -> dict[str, Any]:
    if not DATA_PATH.exists():
        pytest.skip(f"{DATA_PATH} not recorded: run tests/dom/cssom/record_chromium_font_size.py where Chromium is "
                    "installed")
    return json.loads(gzip.decompress(DATA_PATH.read_bytes()))  # type: ignore[no-any-return]


def test_font_sizes() -> None:
    data = _data()
    same = total = 0
    different = []
    departing: set[tuple[str, str]] = set()
    for source, expected in data["documents"].items():
        document = dom.parse_html(page(source), scripting=True)
        window = document.defaultView
        root = document.documentElement
        elements = [root, *(e for e in root.querySelectorAll("*") if e.localName != "script")]
        assert len(elements) == len(expected), source
        for element, (size, _family) in zip(elements, expected, strict=True):
            got = window.getComputedStyle(element).getPropertyValue("font-size")
            total += 1
            if got == size:
                same += 1
            elif document.compatMode == "BackCompat" and (got, size) in QUIRKS_DEPARTURES:
                departing.add((got, size))
            else:
                different.append((source, element.localName, element.getAttribute("style"), got, size))
    record_conformance("CSS computed font-size vs Chromium, generated documents (elements)", same, total,
                       "tests/dom/cssom/test_chromium_font_size.py")
    assert not different, different[:20]
    assert departing == set(QUIRKS_DEPARTURES)  # each named departure still departs


def test_private_basis_is_not_a_property() -> None:
    """What a font size derives from, kept beside the computed values, is no property of the
    computed style: neither listed nor readable."""
    document = dom.parse_html("<!DOCTYPE html><pre>a</pre>")
    style = document.defaultView.getComputedStyle(document.querySelector("pre"))
    assert style.getPropertyValue("font-size") == "13px"
    assert [style.item(i) for i in range(style.length)] == list(LONGHANDS)
    assert style.getPropertyValue("font-size-basis") == style.getPropertyValue("Font-Size-Basis") == ""
