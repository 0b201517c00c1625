"""Record Chromium's answers for tests/dom/cssom/test_chromium_pseudo_elements.py (needs
Debian's ``chromium``; CI does not).

    python tests/dom/cssom/record_chromium_pseudo_elements.py

Writes tests/dom/cssom/data/pseudo_elements_chromium.json.gz: for each document of
pseudo_element_cases.py, each element of the body's main element (its tag and id, in tree
order) with its ``::before``, ``::after`` and ``::marker`` computed values of ``PROPERTIES``;
and for each string of ``NAMES``, ``getComputedStyle(#a, name)``'s length, display and content
in a document of one div.  Chromium runs headless with no network, as
tests/dom/html/record_inner_text.py does (whose helpers this uses).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from tests.dom.cssom.pseudo_element_cases import CASES, NAMES, PROPERTIES, PSEUDO_ELEMENTS  # noqa: E402
from tests.dom.cssom.record_chromium_shadow import CSP, NONCE, write_record  # noqa: E402
from tests.dom.html.record_inner_text import run_chromium  # noqa: E402

SCRIPT = (f"<script nonce={NONCE}>(function(){{var props={json.dumps(PROPERTIES)};"
          f"var pseudos={json.dumps(PSEUDO_ELEMENTS)};var out=[];"
          "document.querySelectorAll('main *').forEach(function(e){var row=[e.localName+(e.id?'#'+e.id:'')];"
          "pseudos.forEach(function(n){var s=getComputedStyle(e,n);"
          "row.push(props.map(function(p){return s.getPropertyValue(p);}));});out.push(row);});"
          "document.documentElement.setAttribute('data-webdom-out',JSON.stringify(out));})()</script>")
NAMES_SCRIPT = (f"<script nonce={NONCE}>(function(){{var names={json.dumps(NAMES)};"
                "var a=document.getElementById('a');var out=names.map(function(n){var s=getComputedStyle(a,n);"
                "return [s.length,s.getPropertyValue('display'),s.getPropertyValue('content')];});"
                "document.documentElement.setAttribute('data-webdom-out',JSON.stringify(out));})()</script>")
NAMES_DOCUMENT = "<div id=a>a</div>"


def page(source: str, script: str = SCRIPT) -> bytes:
    return f"<!doctype html><html><head>{CSP}</head><body>{source}{script}</body></html>".encode()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        names = run_chromium(page(NAMES_DOCUMENT, NAMES_SCRIPT), Path(tmp))
        cases = {source: run_chromium(page(source), Path(tmp)) for source in CASES}
    write_record("pseudo_elements_chromium.json.gz", {
        "properties": list(PROPERTIES), "pseudo_elements": list(PSEUDO_ELEMENTS), "cases": cases,
        "names": dict(zip(NAMES, names, strict=True))}, f"{len(cases)} documents")


if __name__ == "__main__":
    main()
