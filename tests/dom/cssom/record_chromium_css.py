"""Record Chromium's answers for tests/dom/cssom/test_chromium_css.py (issue 33, goal 5; needs Debian's
``chromium``; CI does not).

    python tests/dom/cssom/record_chromium_css.py [--bench-data DIR]

Writes tests/css/data/css_chromium.json.gz:

* ``declared``: for every property of the table (dom/css/properties.py) and each value the
  generator below makes for its grammar (valid and invalid, in odd cases and spellings),
  ``[getPropertyValue(property), cssText]`` after ``style.setProperty(property, value)`` on a
  fresh element of a no-quirks page;
* ``pages``: for each real page of ``bench-data/html``, rendered with the page's own scripts
  and external style sheets blocked (a Content-Security-Policy that keeps ``<style>`` elements
  and style attributes), the encoding Chromium decoded it with, and in tree order for every
  element of the body: a digest of its computed values of the properties in
  ``COMPUTED`` (the ones whose computed value needs no layout), ``checkVisibility()`` with and
  without the opacity and visibility checks, and the body's innerText lines as digests.

The pages' text is not copied into the repository, only digests.  The record runs Chromium
headless with no network beyond 127.0.0.1, as tests/dom/html/record_inner_text.py does (whose helpers
this uses).
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from dom.css.properties import PROPERTIES, SHORTHANDS  # noqa: E402
from tests.dom.html.record_inner_text import line_digest, run_chromium, with_csp  # noqa: E402

NONCE = "webdomrecord"
CSP = (f"<meta http-equiv=Content-Security-Policy content=\"script-src 'nonce-{NONCE}'; "
       "style-src-elem 'unsafe-inline'; style-src-attr 'unsafe-inline'; default-src 'none'\">")
# Properties whose computed value needs no layout, compared on the real pages.
COMPUTED = ("display", "visibility", "content-visibility", "color", "background-color", "font-size", "font-weight",
            "font-style", "position", "float", "text-transform", "white-space", "opacity", "border-top-width",
            "border-top-style", "border-top-color", "list-style-type", "text-align", "vertical-align", "overflow-x",
            "z-index", "cursor", "direction")

# Sample values per grammar type: valid ones in the spellings pages use, and invalid ones.
SAMPLES = {
    "length": ["0", "10px", "10.50PX", "1E1px", "+3px", "-3px", "2EM", ".5rem", "1in", "5", "calc(1px + 2px)",
               "10 px", "1px 2px"],
    "length-percentage": ["0", "10px", "50%", "33.3333333%", "-1px", "2Em", "calc(100% - 10PX)", "5", "px"],
    "percentage": ["50%", "0%", "-5%", "5"],
    "number": ["0", "1", "1.50", "+3", "-2", ".5", "1e1", "1px"],
    "integer": ["0", "3", "-2", "1.5", "+7"],
    "color": ["#FF0000", "#f00c", "#ABCDEF80", "RED", "ReBeccaPurple", "rgb(1,2,3)", "rgb(1 2 3 / 50%)",
              "rgba(0,0,0,.5)", "rgb(300, -1, 0)", "rgb(100%, 0%, 0%)", "hsl(120, 100%, 50%)", "hsl(120deg 100% 25% / .2)",
              "hwb(0 0% 0%)", "transparent", "currentColor", "Canvas", "notacolor", "#ff", "rgb(1, 2%, 3)"],
    "string": ['"a"', "'b c'", "a"],
    "url": ["url(a.png)", "url('a b.png')"],
    "image": ["url(a.png)", "linear-gradient(#FFF, red)", "none"],
    "time": ["1s", "200MS", "0", "-1s"],
    "angle": ["45DEG", "0", "1turn"],
    "custom-ident": ["foo", "Bar", "default"],
}
WIDE = ["inherit", "INITIAL", "unset", "revert", "inherit inherit"]
SHORTHAND_SAMPLES = {
    "margin": ["0", "1px 2px", "1px 2px 3px", "1px 2px 3px 4px", "0 AUTO", "1px 2px 3px 4px 5px", "-"],
    "border": ["1px solid red", "solid", "none", "0", "2px dashed", "thick double #00F", "red 1px", "1px 2px solid"],
    "border-top": ["1px solid red", "dotted", "3px"],
    "font": ["12px serif", "bold 12px/1.5 Arial, 'Helvetica Neue', sans-serif", "italic small-caps 700 1em/2 a",
             "12px", "caption", "bold", "1.2em/1.5 system-ui"],
    "background": ["red", "#FFF url(a.png) no-repeat", "none", "url(a.png) center / cover no-repeat fixed",
                   "linear-gradient(#FFF, red), url(b.png) red", "0 0 / 10px 10px", "red blue"],
    "flex": ["1", "none", "auto", "2 3 10px", "0 1 auto", "1 1 0%", "10px", "1 2 3"],
    "overflow": ["hidden", "hidden auto", "scroll SCROLL", "bogus"],
    "gap": ["10px", "10px 10px", "1px 2%", "normal"],
    "list-style": ["none", "square inside", "url(a.png)", "disc outside none"],
    "text-decoration": ["underline", "underline dotted red", "none", "line-through 2px"],
    "border-radius": ["5px", "5px 10px", "5px 10px / 3px", "50%", "1px 2px 3px 4px / 5px 6px"],
    "outline": ["0", "none", "1px solid", "auto", "thin dotted red"],
    "flex-flow": ["column", "row wrap", "wrap column-reverse"],
    "place-items": ["center", "start end"],
    "grid-row": ["1", "1 / 3", "span 2", "a"],
}


def samples(name: str) -> list[str]:
    """The values tried for property *name*."""
    prop = PROPERTIES[name]
    if name in SHORTHAND_SAMPLES:
        values = list(SHORTHAND_SAMPLES[name])
    elif prop.longhands:
        values = SHORTHAND_SAMPLES.get(SHORTHANDS[name][0], ["1px", "a b", "red"])
    else:
        values = []
        for alternative in prop.grammar.removesuffix("{1,2}").split(" | "):
            alternative = alternative.strip()
            if alternative.startswith("<") and alternative != "<as-given>":
                values.extend(SAMPLES.get(alternative[1:-1].rstrip("+"), []))
            elif not alternative.startswith("<"):
                values.extend([alternative, alternative.upper()])
        values.append("bogus-keyword")
    return list(dict.fromkeys(values + WIDE))


def declared_page() -> tuple[bytes, list[list[str]]]:
    cases = [[name, value] for name in sorted(PROPERTIES) for value in samples(name)]
    script = (f"<script nonce={NONCE}>(function(){{var cases={json.dumps(cases)};var out={{}};"
              "var e=document.createElement('div');document.body.appendChild(e);"
              "cases.forEach(function(c,i){e.removeAttribute('style');e.style.setProperty(c[0],c[1]);"
              "out[i]=[e.style.getPropertyValue(c[0]),e.style.cssText];});"
              "document.documentElement.setAttribute('data-webdom-out',JSON.stringify(out));})()</script>")
    return f"<!doctype html><html><head>{CSP}</head><body>{script}</body></html>".encode(), cases


PAGE_SCRIPT = (f"<script nonce={NONCE}>(function(){{var props={json.dumps(COMPUTED)};var out={{computed:[],"
               "visible:[]}};document.body.querySelectorAll('*').forEach(function(e){var s=getComputedStyle(e);"
               "out.computed.push(props.map(function(p){return s.getPropertyValue(p);}).join('|'));"
               "out.visible.push([e.checkVisibility(),e.checkVisibility({checkOpacity:true,checkVisibilityCSS:true})]);});"
               "out.body=document.body.innerText;out.charset=document.characterSet;"
               "document.documentElement.setAttribute('data-webdom-out',JSON.stringify(out));})()</script>")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bench-data", default=str(HERE.parents[3] / "shared" / "bench-data"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        page, cases = declared_page()
        results = run_chromium(page, workdir)
        declared = [[name, value, *results[str(i)]] for i, (name, value) in enumerate(cases)]
        pages = {}
        for html in sorted((Path(args.bench_data) / "html").glob("*.html")):
            result = run_chromium(with_csp(html.read_bytes(), CSP, PAGE_SCRIPT), workdir)
            pages[html.name] = {
                "charset": result["charset"],
                "computed": [line_digest(values) for values in result["computed"]],
                "visible": result["visible"],
                "lines": [line_digest(line) for line in result["body"].split("\n")],
            }
            print(f"{html.name}: {len(result['computed'])} elements")
    data = {"chromium": subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip(),
            "computed_properties": list(COMPUTED), "declared": declared, "pages": pages}
    target = HERE / "data" / "css_chromium.json.gz"
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(gzip.compress(json.dumps(data, ensure_ascii=False, sort_keys=True).encode(), mtime=0))
    print(f"wrote {target} ({target.stat().st_size} bytes, {len(declared)} declared values)")


if __name__ == "__main__":
    main()
