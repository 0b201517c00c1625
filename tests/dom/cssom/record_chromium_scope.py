"""Record Chromium's answers for tests/dom/cssom/test_chromium_scope.py (needs Debian's
``chromium``; CI does not).

    python tests/dom/cssom/record_chromium_scope.py

Writes tests/dom/cssom/data/scope_chromium.json.gz: for each document of scope_cases.py, in the
order of a walk of the body's elements that enters each open shadow root after its host, each
element's path, its computed values of ``PROPERTIES``,
``checkVisibility()`` and innerText, and the body's innerText; for each style sheet of
``SHEETS``, each top-level rule's interface name, type, cssText, and start and end (@scope
rules); for each of ``INSERTIONS``, the first rule's cssText after the insertRule call or the
name of the exception it threw.  Chromium runs headless with no network, as
tests/dom/html/record_inner_text.py does (whose helpers this uses).
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from tests.dom.cssom.record_chromium_shadow import CSP, NONCE, walk_script, write_record  # noqa: E402
from tests.dom.cssom.scope_cases import CASES, INSERTIONS, PROPERTIES, SHEETS  # noqa: E402
from tests.dom.html.record_inner_text import run_chromium  # noqa: E402

SCRIPT = walk_script(PROPERTIES)
CSSOM_SCRIPT = (
    f"<script nonce={NONCE}>(function(){{var sheets={json.dumps(SHEETS)};var insertions={json.dumps(INSERTIONS)};"
    "function sheetOf(text){var s=document.createElement('style');s.textContent=text;document.head.appendChild(s);"
    "return s;}"
    "var out={sheets:[],insertions:[]};"
    "sheets.forEach(function(t){var s=sheetOf(t);out.sheets.push([].map.call(s.sheet.cssRules,function(r){"
    "return [r.constructor.name,r.type,r.cssText,'start' in r?r.start:null,'end' in r?r.end:null];}));s.remove();});"
    "insertions.forEach(function(c){var s=sheetOf(c[0]);var r=s.sheet.cssRules[0];var got;"
    "try{r.insertRule(c[1],c[2]);got=r.cssText;}catch(e){got=e.name;}out.insertions.push(got);s.remove();});"
    "document.documentElement.setAttribute('data-webdom-out',JSON.stringify(out));})()</script>")


def page(source: str, script: str = SCRIPT) -> bytes:
    return f"<!doctype html><html><head>{CSP}</head><body>{source}{script}</body></html>".encode()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cssom = run_chromium(page("", CSSOM_SCRIPT), Path(tmp))
        cases = {source: run_chromium(page(source), Path(tmp)) for source in CASES}
    write_record("scope_chromium.json.gz", {
        "properties": list(PROPERTIES), "cases": cases, "sheets": dict(zip(SHEETS, cssom["sheets"], strict=True)),
        "insertions": cssom["insertions"]}, f"{len(cases)} documents, {len(SHEETS)} sheets")


if __name__ == "__main__":
    main()
