"""Record Chromium's answers for tests/dom/cssom/test_chromium_shadow_pseudo_elements.py (needs
Debian's ``chromium``; CI does not).

    python tests/dom/cssom/record_chromium_shadow_pseudo_elements.py

Writes tests/dom/cssom/data/shadow_pseudo_elements_chromium.json.gz: for each document of
shadow_pseudo_element_cases.py, in the order of a walk of the body's elements that enters each
open shadow root after its host, each element's path and, for each of ``PSEUDO_ELEMENTS``, its
computed values of ``PROPERTIES``.  Chromium runs headless with no network, as
tests/dom/html/record_inner_text.py does (whose helpers this uses).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from tests.dom.cssom.record_chromium_shadow import CSP, NONCE, write_record  # noqa: E402
from tests.dom.cssom.shadow_pseudo_element_cases import CASES, PROPERTIES, PSEUDO_ELEMENTS  # noqa: E402
from tests.dom.html.record_inner_text import run_chromium  # noqa: E402

SCRIPT = (f"<script nonce={NONCE}>(function(){{var props={json.dumps(PROPERTIES)};"
          f"var pseudos={json.dumps(PSEUDO_ELEMENTS)};var me=document.currentScript;"
          "function walk(root,path,out){root.querySelectorAll('*').forEach(function(e){if(e===me)return;"
          "out.push([path+e.localName+(e.id?'#'+e.id:'')].concat(pseudos.map(function(n){"
          "var s=getComputedStyle(e,n);return props.map(function(p){return s.getPropertyValue(p);});})));"
          "if(e.shadowRoot)walk(e.shadowRoot,path+e.localName+'/',out);});}"
          "var out=[];walk(document.body,'',out);"
          "document.documentElement.setAttribute('data-webdom-out',JSON.stringify(out));})()</script>")


def page(source: str) -> bytes:
    return f"<!doctype html><html><head>{CSP}</head><body>{source}{SCRIPT}</body></html>".encode()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cases = {source: run_chromium(page(source), Path(tmp)) for source in CASES}
    write_record("shadow_pseudo_elements_chromium.json.gz", {
        "properties": list(PROPERTIES), "pseudo_elements": list(PSEUDO_ELEMENTS), "cases": cases}, f"{len(cases)} documents")


if __name__ == "__main__":
    main()
