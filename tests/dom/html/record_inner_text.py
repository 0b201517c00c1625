"""Record Chromium's innerText for tests/dom/html/test_inner_text.py (needs Debian's ``chromium``).

    python tests/dom/html/record_inner_text.py [--bench-data DIR]

Writes tests/dom/html/data/inner_text_chromium.json.gz: the innerText of every case in
inner_text_cases.py, and for each real page of ``bench-data/html`` the list of its body's
innerText lines as short digests (the pages' text is not copied into the repository) and the
encoding Chromium decoded it with.

Chromium runs headless with no network beyond 127.0.0.1.  A Content-Security-Policy meta
added to each page lets only the recording script run (the page's own scripts are blocked) and
blocks author style sheets (``style-src-elem 'none'``) while keeping style attributes: webdom
models the user agent stylesheet and the style attribute, not author style sheets.  Scripting
is therefore on in Chromium (``noscript`` hidden, ``canvas`` replaced), where webdom renders as
with scripting disabled; the test names those cases.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from tests.dom.html.inner_text_cases import CASES  # noqa: E402

NONCE = "webdomrecord"
CSP = (f"<meta http-equiv=Content-Security-Policy content=\"script-src 'nonce-{NONCE}'; "
       "style-src-elem 'none'; style-src-attr 'unsafe-inline'; default-src 'none'\">")
SCRIPT = (f"<script nonce={NONCE}>(function(){{var out={{}};"
          "document.querySelectorAll('[data-t]').forEach(function(e){out[e.getAttribute('data-t')]=e.innerText;});"
          "if(!document.querySelector('[data-t]')){out.body=document.body.innerText;out.charset=document.characterSet;}"
          "document.documentElement.setAttribute('data-webdom-out',JSON.stringify(out));})()</script>")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def line_digest(line: str) -> str:
    return hashlib.sha1(line.encode("utf-8", "surrogatepass")).hexdigest()[:10]


def run_chromium(page: bytes, workdir: Path) -> dict[str, str]:
    import dom

    path = workdir / "page.html"
    path.write_bytes(page)
    out = subprocess.run(
        ["chromium", *FLAGS, f"--user-data-dir={workdir / 'profile'}", "--dump-dom", path.as_uri()],
        capture_output=True, check=True, timeout=300,
    ).stdout
    document = dom.parse_html(out, encoding="utf-8")
    return json.loads(document.documentElement.getAttribute("data-webdom-out"))  # type: ignore[no-any-return]


def with_csp(page: bytes, csp: str = CSP, script: str = SCRIPT) -> bytes:
    """The page with the CSP meta at the start of its head (after <head>, or <html>, or the
    doctype: before the doctype it would switch to quirks mode) and the script at its end."""
    at = 0
    for pattern in (rb"<head(?=[\s>])[^>]*>", rb"<html(?=[\s>])[^>]*>", rb"<!doctype[^>]*>"):
        match = re.search(pattern, page, re.IGNORECASE)
        if match:
            at = match.end()
            break
    return page[:at] + csp.encode() + page[at:] + script.encode()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bench-data", default=str(HERE.parents[3] / "shared" / "bench-data"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        bodies = "".join(
            f"<div>{markup.replace('id=t', f'data-t={i}')}</div>" for i, markup in enumerate(CASES.values())
        )
        page = f"<!doctype html><html><head>{CSP}</head><body>{bodies}{SCRIPT}</body></html>".encode()
        results = run_chromium(page, workdir)
        cases = {name: results[str(i)] for i, name in enumerate(CASES)}
        pages = {}
        for html in sorted((Path(args.bench_data) / "html").glob("*.html")):
            result = run_chromium(with_csp(html.read_bytes()), workdir)
            text = result["body"]
            # Chromium guesses the encoding of an undeclared file:// page; the test decodes the
            # bytes as Chromium did, so that only innerText is compared.
            pages[html.name] = {"charset": result["charset"], "lines": [line_digest(line) for line in text.split("\n")]}
            print(f"{html.name}: {len(text)} characters, {text.count(chr(10)) + 1} lines")
    data = {"chromium": subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip(),
            "cases": cases, "pages": pages}
    target = HERE / "data" / "inner_text_chromium.json.gz"
    target.write_bytes(gzip.compress(json.dumps(data, ensure_ascii=False, sort_keys=True).encode(), mtime=0))
    print(f"wrote {target} ({target.stat().st_size} bytes, {len(cases)} cases)")


if __name__ == "__main__":
    main()
