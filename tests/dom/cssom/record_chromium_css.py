"""Record Chromium's answers for tests/dom/cssom/test_chromium_css.py (issue 33, goal 5; needs Debian's
``chromium``; CI does not).

    python tests/dom/cssom/record_chromium_css.py [--bench-data DIR]

Writes tests/dom/cssom/data/css_chromium.json.gz:

* ``declared``: for every property of the table (dom/css/properties.py) and each value the
  generator below makes for its grammar (valid and invalid, in odd cases and spellings),
  ``[getPropertyValue(property), cssText]`` after ``style.setProperty(property, value)`` on a
  fresh element of a no-quirks page;
* ``pages``: for each real page of ``bench-data/html``, rendered with the page's own scripts
  and external style sheets blocked (a Content-Security-Policy that keeps ``<style>`` elements
  and style attributes), the encoding Chromium decoded it with, and in tree order for every
  element of the body: its computed values of the properties in ``COMPUTED`` (the ones whose
  computed value needs no layout) as an index into ``rows`` (the distinct lists of values, joined
  by ``|``), ``checkVisibility()`` with and without the opacity and visibility checks, the
  body's innerText lines as digests, and the viewport's size its media queries saw;
* ``platform``: for each style attribute the unit tests pin (``platform_cases()``: those of
  tests/dom/test_css_style_declaration.py and tests/dom/css/test_declared_values.py), Chromium's
  ``style.cssText`` for an element with that attribute;
* ``documents``: the same for the generated documents of ``generated_documents()`` (the UA
  style sheet's elements, the cascade's order, inheritance and the values that compute without
  layout), keyed by their source.

The pages' text is not copied into the repository, only digests (computed values are keywords,
colours and lengths, not the page's text).  The record runs Chromium
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
    "grid-column": ["1px", "a b", "span 2 / 3", "1 a / span b", "0", "a span 2", "span", "auto / auto", "-1"],
}
# Values tried beside the generated ones: multi-keyword grammars, math functions, short forms.
EXTRA_SAMPLES = {
    "align-content": ["safe center", "unsafe end", "first baseline", "last baseline", "safe left", "center safe"],
    "align-items": ["safe center", "first baseline", "last baseline", "unsafe self-end", "safe stretch"],
    "align-self": ["unsafe flex-start", "first baseline", "auto auto"],
    "justify-content": ["safe left", "unsafe right", "first baseline", "safe space-between"],
    "justify-items": ["legacy left", "right legacy", "legacy center", "legacy", "legacy start", "safe right"],
    "justify-self": ["safe left", "last baseline", "unsafe center"],
    "display": ["block flow", "inline flow-root", "flow inline", "block flex", "inline grid", "inline list-item",
                "list-item block", "block inline", "none none", "inline ruby", "block ruby", "flow-root list-item"],
    "width": ["calc(1px + 2px)", "calc(1in + 1px)", "calc(2 * 3px)", "calc(10px / 2)", "calc(1px + 1em)",
              "calc(1px - 1px)", "calc(100% - (2 * 1em))", "calc(-1px + 50%)", "calc(1.5em - 3px + 2em)",
              "min(1px, 2px)", "calc(1px + var(--x))"],
    "text-indent": ["1em hanging", "each-line 5px", "hanging", "5px each-line hanging", "1em 2em"],
    "background-position": ["center", "left", "10px", "left top", "right 10px bottom", "center center"],
    "flex-flow": ["row nowrap", "column wrap", "nowrap", "row-reverse"],
    "font": ["icon", "menu", "status-bar"],
    "box-shadow": ["0 0 5px red", "inset 1px 1px", "red"],
    "transform": ["rotate(45deg)", "translateX(10PX) scale(2)"],
    "background-image": ["url(a.png), none", "linear-gradient(red, blue)"],
    "cursor": ["url(a.png), pointer", "url(a.png) 1 2, auto"],
    "grid-template-columns": ["repeat(2, 1fr)", "[a] 1fr [b] auto", "100px minmax(0, 1fr)"],
    "-webkit-appearance": ["none", "auto", "textfield"],
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
    return list(dict.fromkeys(values + EXTRA_SAMPLES.get(name, []) + WIDE))


def platform_cases() -> list[str]:
    """The style attributes of the unit tests' parametrized cases (their first argument)."""
    from tests.dom import test_css_style_declaration
    from tests.dom.css import test_declared_values

    cases = []
    for test in (test_css_style_declaration.test_parse_and_serialize, test_css_style_declaration.test_box_shorthands_expand,
                 test_declared_values.test_declared_values):
        for mark in getattr(test, "pytestmark", []):
            if mark.name == "parametrize":
                cases.extend(str(case[0]) for case in mark.args[1])
    return list(dict.fromkeys(cases))


def platform_page() -> tuple[bytes, list[str]]:
    cases = platform_cases()
    script = (f"<script nonce={NONCE}>(function(){{var cases={json.dumps(cases)};var out={{}};"
              "var e=document.createElement('div');document.body.appendChild(e);"
              "cases.forEach(function(c,i){e.setAttribute('style',c);out[i]=e.style.cssText;});"
              "document.documentElement.setAttribute('data-webdom-out',JSON.stringify(out));})()</script>")
    return f"<!doctype html><html><head>{CSP}</head><body>{script}</body></html>".encode(), cases


def declared_page() -> tuple[bytes, list[list[str]]]:
    cases = [[name, value] for name in sorted(PROPERTIES) for value in samples(name)]
    script = (f"<script nonce={NONCE}>(function(){{var cases={json.dumps(cases)};var out={{}};"
              "var e=document.createElement('div');document.body.appendChild(e);"
              "cases.forEach(function(c,i){e.removeAttribute('style');e.style.setProperty(c[0],c[1]);"
              "out[i]=[e.style.getPropertyValue(c[0]),e.style.cssText];});"
              "document.documentElement.setAttribute('data-webdom-out',JSON.stringify(out));})()</script>")
    return f"<!doctype html><html><head>{CSP}</head><body>{script}</body></html>".encode(), cases


# Every element of the body but this script itself (the last), with its computed values, its
# checkVisibility() answers and its local name (the names' digest tells a misaligned comparison).
PAGE_SCRIPT = (f"<script nonce={NONCE}>(function(){{var props={json.dumps(COMPUTED)};var out={{computed:[],"
               "visible:[],names:[]};var me=document.currentScript;"
               "document.body.querySelectorAll('*').forEach(function(e){if(e===me)return;var s=getComputedStyle(e);"
               "out.names.push(e.localName);"
               "out.computed.push(props.map(function(p){return s.getPropertyValue(p);}).join('|'));"
               "out.visible.push([e.checkVisibility(),e.checkVisibility({checkOpacity:true,checkVisibilityCSS:true})]);});"
               "out.body=document.body.innerText;out.charset=document.characterSet;out.viewport=[innerWidth,innerHeight];"
               "document.documentElement.setAttribute('data-webdom-out',JSON.stringify(out));})()</script>")


# Generated documents: each element of the body compared.  The UA style sheet's elements, then
# the cascade (specificity, importance, order, inheritance) and computed values without layout.
_ELEMENTS = ("a abbr address article aside b bdi bdo blockquote br button caption center cite code dd del details "
             "dfn dialog div dl dt em fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr i "
             "iframe img input ins kbd label legend li main mark menu meter nav noscript ol optgroup option output p "
             "pre progress q rp rt ruby s samp search section select small span strike strong sub summary sup "
             "table tbody td textarea tfoot th thead tr tt u ul var video wbr xmp listing").split()
_DECLARATIONS = ("display: none", "display: inline-block", "display: flex", "display: contents", "float: left",
                 "position: absolute", "position: fixed", "visibility: hidden", "visibility: collapse",
                 "content-visibility: hidden", "opacity: 0", "opacity: 50%", "color: #ABC", "color: currentcolor",
                 "color: hsl(120 50% 50% / .5)", "color: transparent", "background-color: red",
                 "font-size: 2em", "font-size: 150%", "font-size: larger", "font-size: x-small", "font-size: 12pt",
                 "font-weight: bold", "font-weight: bolder", "font-weight: lighter", "font-weight: 350",
                 "font-style: oblique", "white-space: pre", "white-space: pre-line", "text-transform: uppercase",
                 "border-top: 2px solid", "border-top: thin dotted red", "border: 0.3px solid", "border-width: 3.7px",
                 "border-top-style: hidden; border-top-width: 5px", "border: medium", "list-style-type: square",
                 "list-style: upper-roman inside", "text-align: center", "text-align: start",
                 "vertical-align: middle", "vertical-align: 3px", "overflow: hidden", "overflow-x: hidden",
                 "z-index: 3", "cursor: pointer", "direction: rtl", "all: initial", "color: inherit",
                 "display: inherit", "font-size: unset", "visibility: initial", "float: right; display: inline",
                 "position: absolute; display: inline-table", "display: table-cell; float: left",
                 "letter-spacing: 1px", "border-top-color: currentcolor; color: blue")


def generated_documents() -> list[str]:
    """The generated documents' sources."""
    documents = [f"<!DOCTYPE html><body><{name}>x</{name}><{name} hidden>y</{name}>" for name in _ELEMENTS]
    documents.append("<!DOCTYPE html><body><p align=center>a<img align=left><table align=right border=1 "
                     "bgcolor=red><tr><td nowrap valign=top>c</td></tr></table><font color=red size=5>f</font>"
                     "<hr noshade><ul type=square><li>l</ul><ol type=a><li>o</ol><center>c</center>")
    for declaration in _DECLARATIONS:
        documents.append(f"<!DOCTYPE html><body><div style='{declaration}'>a<span>b<em>c</em></span><p>p</p>"
                         f"<li>l</li><h1>h</h1></div>")
    documents.extend([
        "<!DOCTYPE html><style>#a { color: red } .b { color: blue } div { color: green }</style>"
        "<body><div id=a class=b>x</div><div class=b>y</div><div>z</div>",
        "<!DOCTYPE html><style>div { color: red !important } #a { color: blue }</style><body><div id=a>x</div>",
        "<!DOCTYPE html><style>div { display: none } div { display: block }</style><body><div>x</div>",
        "<!DOCTYPE html><style>.h { display: none }</style><body><div class=h>a<p>b</p></div><p class=h>c</p>",
        "<!DOCTYPE html><style>@media (min-width: 1px) { p { color: red } } @media print { p { color: blue } }"
        "</style><body><p>x</p>",
        "<!DOCTYPE html><style>@supports (display: grid) { p { display: grid } } @supports (display: nope) "
        "{ p { color: red } }</style><body><p>x</p>",
        "<!DOCTYPE html><style>p { font-size: 20px } span { font-size: 0.5em; border-top: 1em solid }"
        "</style><body><p>a<span>b</span></p>",
        "<!DOCTYPE html><style>:root { --c: red } p { color: var(--c) } span { color: var(--nope, blue) }</style>"
        "<body><p>a<span>b</span></p>",
        "<!DOCTYPE html><style>p:first-child { color: red } p + p { color: blue } p:not(.x) { float: left }"
        "</style><body><p>a</p><p class=x>b</p><p>c</p>",
        "<!DOCTYPE html><style>div { visibility: hidden } span { visibility: visible }</style>"
        "<body><div>a<span>b</span><em>c</em></div>",
        "<!DOCTYPE html><style>.o { opacity: 0 } .c { content-visibility: hidden }</style>"
        "<body><div class=o>a<p>b</p></div><div class=c>c<p>d</p></div>",
        "<!DOCTYPE html><style>p { color: red; color: nonsense } em { display: block; display: bogus }</style>"
        "<body><p>a<em>b</em></p>",
        "<!DOCTYPE html><style>body { font: italic bold 12px/30px Georgia, serif } p { font: 20px monospace }"
        "</style><body><p>a<tt>b</tt><code>c</code></p><pre>d</pre>",
        "<!DOCTYPE html><body><details><summary>s</summary><p>hidden</p></details><details open><p>o</p></details>"
        "<select><option>a<option selected>b</select><button>b</button><input type=hidden><textarea>t</textarea>",
        "<body><table><tr><td>quirks</td></tr></table><p>a</p><font size=7>b</font>",
    ])
    return documents


def document_page(source: str) -> bytes:
    """A generated document with the recording script, as with_csp places it."""
    return with_csp(source.encode(), CSP, PAGE_SCRIPT)


def record_page(result: dict, rows: dict[str, int]) -> dict:
    return {
        "charset": result["charset"],
        "computed": [rows.setdefault(values, len(rows)) for values in result["computed"]],
        "visible": result["visible"],
        "names": line_digest(" ".join(result["names"])),
        "viewport": result["viewport"],
        "lines": [line_digest(line) for line in result["body"].split("\n")],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bench-data", default=str(HERE.parents[3] / "shared" / "bench-data"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        page, cases = declared_page()
        results = run_chromium(page, workdir)
        declared = [[name, value, *results[str(i)]] for i, (name, value) in enumerate(cases)]
        page, attributes = platform_page()
        results = run_chromium(page, workdir)
        platform = [[attribute, results[str(i)]] for i, attribute in enumerate(attributes)]
        rows: dict[str, int] = {}
        pages = {}
        for html in sorted((Path(args.bench_data) / "html").glob("*.html")):
            result = run_chromium(with_csp(html.read_bytes(), CSP, PAGE_SCRIPT), workdir)
            pages[html.name] = record_page(result, rows)
            print(f"{html.name}: {len(result['computed'])} elements")
        documents = {source: record_page(run_chromium(document_page(source), workdir), rows)
                     for source in generated_documents()}
    data = {"chromium": subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip(),
            "computed_properties": list(COMPUTED), "declared": declared, "platform": platform, "pages": pages, "documents": documents,
            "rows": list(rows)}
    target = HERE / "data" / "css_chromium.json.gz"
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(gzip.compress(json.dumps(data, ensure_ascii=False, sort_keys=True).encode(), mtime=0))
    print(f"wrote {target} ({target.stat().st_size} bytes, {len(declared)} declared values)")


if __name__ == "__main__":
    main()
