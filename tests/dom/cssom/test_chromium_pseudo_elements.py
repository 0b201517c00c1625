"""getComputedStyle(element, "::before" / "::after" / "::marker") against Chromium 150: the
computed values of pseudo_element_cases.PROPERTIES for each element of the generated documents,
and what each pseudoElt string of NAMES gives, from the record that
record_chromium_pseudo_elements.py makes.  Every difference must be one of the departures named
here.  Skipped while the record is absent."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest
import tinycss2

import dom
from dom.cssom.computed_style import get_computed_style
from tests.conftest import record_conformance
from tests.dom.cssom.pseudo_element_cases import CASES, NAMES, PROPERTIES, PSEUDO_ELEMENTS

DATA_PATH = Path(__file__).resolve().parent / "data" / "pseudo_elements_chromium.json.gz"

# pseudoElt strings where Chromium departs from CSSOM
# (https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle) or from what is modelled here
NAME_DEPARTURES: dict[str, str] = {
    "before": "a pseudoElt not starting with a colon names the element itself (CSSOM step 3); Chromium takes the "
              "legacy name without colon as ::before",
    "::slotted(p)": "::slotted() and ::part() make obj null, an empty declaration (CSSOM step 3.2); Chromium "
                    "gives the element's own style",
    "::part(x)": "the same",
    "::first-line": "pseudo-elements other than ::before, ::after and ::marker are not modelled (an empty "
                    "declaration); Chromium styles them",
    ":first-letter": "the same",
    "::selection": "the same",
    "::placeholder": "the same",
    "::highlight(x)": "the same",
    "::-webkit-scrollbar": "the same (a prefixed pseudo-element, invalid here)",
}


def _merged_strings(value: str) -> str:
    """*value* with its adjacent strings joined, as Chromium serializes content."""
    out: list[str] = []
    pending: str | None = None
    for token in tinycss2.parse_component_value_list(value):
        if token.type == "string":
            pending = (pending or "") + token.value
            continue
        if token.type == "whitespace" and pending is not None:
            continue
        if pending is not None:
            out.append(_quoted(pending))
            pending = None
        out.append(tinycss2.serialize([token]))
    if pending is not None:
        out.append(_quoted(pending))
    return " ".join(part for part in out if part.strip())


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def departure(pseudo: str, name: str, got: str, expected: str) -> str | None:
    """Why Chromium's computed value differs from webdom's, or None when it is not a named departure."""
    if name == "font-style" and (got, expected) == ("oblique", "italic"):
        return "font-style oblique computes to oblique (https://drafts.csswg.org/css-fonts-4/#font-style-prop); " \
               "Chromium italic (as on elements: test_chromium_css.py)"
    if name == "line-height" and re.fullmatch(r"[0-9.]+", got) and expected.endswith("px"):
        return "a number line-height is its computed value here, as on elements; Chromium gives the used value in " \
               "px (https://drafts.csswg.org/cssom/#resolved-values)"
    if name == "content" and _merged_strings(got) == expected:
        return "content's strings are kept as specified (https://drafts.csswg.org/css-content-3/#content-property); " \
               "Chromium joins adjacent ones"
    if pseudo == "::marker" and name == "white-space" and "pre" in (got, expected):
        return "CSS Lists' user agent rule gives every marker white-space: pre, which author rules override " \
               "(https://drafts.csswg.org/css-lists-3/#ua-stylesheet); Chromium forces pre on an outside marker " \
               "and leaves it off an inside one"
    if pseudo == "::marker" and name == "margin-left" and got == "0px":
        return "Chromium gives markers margins from its list marker layout (font metrics); no layout here"
    return None


def _record() -> dict[str, Any]:
    if not DATA_PATH.exists():
        pytest.skip(f"{DATA_PATH.name} not recorded (run tests/dom/cssom/record_chromium_pseudo_elements.py with "
                    "chromium)")
    data: dict[str, Any] = json.loads(gzip.decompress(DATA_PATH.read_bytes()))
    return data


def test_recorded_for_these_cases() -> None:
    data = _record()
    assert sorted(data["cases"]) == sorted(CASES)
    assert data["properties"] == list(PROPERTIES)
    assert data["pseudo_elements"] == list(PSEUDO_ELEMENTS)
    assert sorted(data["names"]) == sorted(NAMES)


def test_computed_values_of_pseudo_elements() -> None:
    data = _record()
    styles = same = 0
    unexplained: list[Any] = []
    departing: dict[str, int] = {}
    for source, rows in data["cases"].items():
        document = dom.parse_html(f"<!doctype html><html><head></head><body>{source}</body></html>")
        elements = document.querySelectorAll("main *")
        assert [e.localName + (f"#{e.id}" if e.id else "") for e in elements] == [row[0] for row in rows]
        for element, row in zip(elements, rows, strict=True):
            for pseudo, expected in zip(PSEUDO_ELEMENTS, row[1:], strict=True):
                style = get_computed_style(element, pseudo)
                got = [style.getPropertyValue(name) for name in PROPERTIES]
                styles += 1
                if got == expected:
                    same += 1
                    continue
                for name, value, wanted in zip(PROPERTIES, got, expected, strict=True):
                    if value != wanted:
                        why = departure(pseudo, name, value, wanted)
                        if why is None:
                            unexplained.append((source, row[0], pseudo, name, value, wanted))
                        else:
                            departing[why] = departing.get(why, 0) + 1
    record_conformance("pseudo-elements' computed values vs Chromium (generated documents)", same, styles, __file__)
    print(f"{same}/{styles} pseudo-element styles identical; departures: {departing}")
    assert not unexplained, unexplained[:5]
    assert styles >= 900 and same / styles > 0.8  # (each departure above stays named and rare)


def test_pseudo_elt_strings() -> None:
    data = _record()
    document = dom.parse_html("<!doctype html><div id=a>a</div>")
    element = document.getElementById("a")
    differing = []
    for name, (length, display, content) in data["names"].items():
        style = get_computed_style(element, name)
        got = [style.length > 0, style.getPropertyValue("display"), style.getPropertyValue("content")]
        if got != [length > 0, display, content] and name not in NAME_DEPARTURES:
            differing.append((name, got, [length, display, content]))
    assert not differing
    assert all(name in data["names"] for name in NAME_DEPARTURES)
