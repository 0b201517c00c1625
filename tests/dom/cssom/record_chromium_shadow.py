"""Record Chromium's computed style, checkVisibility() and innerText in documents with shadow
trees for tests/dom/cssom/test_chromium_shadow.py (needs Debian's ``chromium``; CI does not).

    python tests/dom/cssom/record_chromium_shadow.py

Writes tests/dom/cssom/data/shadow_chromium.json.gz: for each document of shadow_cases.py, in
the order of a walk of the body's elements that enters each open shadow root after its host,
each element's path, its computed values of ``PROPERTIES``, ``checkVisibility()`` and innerText,
and the body's innerText.  Chromium runs headless with no network, as
tests/dom/html/record_inner_text.py does (whose helpers this uses).
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from tests.dom.cssom.shadow_cases import CASES, PROPERTIES  # noqa: E402
from tests.dom.html.record_inner_text import run_chromium  # noqa: E402

NONCE = "webdomrecord"
CSP = (f"<meta http-equiv=Content-Security-Policy content=\"script-src 'nonce-{NONCE}'; "
       "style-src-elem 'unsafe-inline'; style-src-attr 'unsafe-inline'; default-src 'none'\">")


def walk_script(properties: tuple[str, ...] | list[str]) -> str:
    """The script writing each element's path, computed values of *properties*,
    checkVisibility() and innerText (a walk entering open shadow roots after their hosts), and
    the body's innerText, into the root's data-webdom-out attribute."""
    return (f"<script nonce={NONCE}>(function(){{var props={json.dumps(properties)};var me=document.currentScript;"
            "function walk(root,path,out){root.querySelectorAll('*').forEach(function(e){if(e===me)return;"
            "var s=getComputedStyle(e);out.push([path+e.localName+(e.id?'#'+e.id:''),"
            "props.map(function(p){return s.getPropertyValue(p);}),e.checkVisibility(),e.innerText]);"
            "if(e.shadowRoot)walk(e.shadowRoot,path+e.localName+'/',out);});}"
            "var out=[];walk(document.body,'',out);"
            "document.documentElement.setAttribute('data-webdom-out',JSON.stringify({elements:out,"
            "body:document.body.innerText}));})()</script>")


SCRIPT = walk_script(PROPERTIES)


def page(source: str) -> bytes:
    return f"<!doctype html><html><head>{CSP}</head><body>{source}{SCRIPT}</body></html>".encode()


def write_record(name: str, data: dict[str, Any], what: str) -> None:
    """Write *data*, with the version of the Chromium that made it, to tests/dom/cssom/data/*name*
    (gzipped JSON, the same bytes for the same record); *what* says what it holds."""
    data = {"chromium": subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip(),
            **data}
    target = HERE / "data" / name
    target.write_bytes(gzip.compress(json.dumps(data, ensure_ascii=False, sort_keys=True).encode(), mtime=0))
    print(f"wrote {target} ({target.stat().st_size} bytes, {what})")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cases = {source: run_chromium(page(source), Path(tmp)) for source in CASES}
    write_record("shadow_chromium.json.gz", {"properties": list(PROPERTIES), "cases": cases}, f"{len(cases)} documents")


if __name__ == "__main__":
    main()
