"""innerText and outerText (https://html.spec.whatwg.org/#the-innertext-idl-attribute): the
spec's steps, and a differential against Chromium recorded by record_inner_text.py (generated
cases, and the body text of the three real pages of ../shared/bench-data/html, compared line by
line through digests).  Where Chromium and the standard differ, the standard wins and the case
is named in DEPARTURES."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

import pytest

import dom
from dom.cssom.document_style_sheets import set_author_style_sheets
from dom.html.inner_text import reference_get_the_text
from tests.conftest import REPO, record_conformance
from tests.dom.html.inner_text_cases import CASES
from tests.dom.html.record_inner_text import line_digest
from webidl import NoModificationAllowedError

DATA = json.loads(gzip.decompress((Path(__file__).parent / "data" / "inner_text_chromium.json.gz").read_bytes()))
BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "html"

# case -> (what the standard gives, why Chromium differs)
DEPARTURES = {
    "noscript": ("ansb", "webdom renders as with scripting disabled, so noscript is shown; the recording "
                         "had scripting on (`@media (scripting) { noscript { display: none } }`)"),
    "canvas": ("afallbackb", "with scripting disabled a canvas represents its fallback content"),
    "hidden until-found": ("a\nc", "hidden=until-found is content-visibility: hidden, not display: none: the "
                                   "div keeps its block box (step 9's line breaks), only its contents are skipped; "
                                   "Chromium drops the box"),
}


def body_page(markup: str) -> Any:
    return dom.parse_html(f"<!doctype html><body><div>{markup}</div>")


@pytest.mark.parametrize("name", sorted(CASES))
def test_against_chromium(name: str) -> None:
    got = body_page(CASES[name]).getElementById("t").innerText
    if name in DEPARTURES:
        assert got == DEPARTURES[name][0] != DATA["cases"][name]
    else:
        assert got == DATA["cases"][name]


def test_case_counts() -> None:
    same = sum(body_page(m).getElementById("t").innerText == DATA["cases"][n] for n, m in CASES.items())
    assert same == len(CASES) - len(DEPARTURES)
    record_conformance("innerText vs Chromium, generated cases", same, len(CASES), "tests/dom/html/test_inner_text.py")
    print(f"\ninnerText vs Chromium {DATA['chromium']}: {same}/{len(CASES)} (departures: {', '.join(DEPARTURES)})")


@pytest.mark.parametrize("page", sorted(DATA["pages"]))
def test_real_pages(page: str) -> None:
    path = BENCH_HTML / page
    if not path.exists():
        pytest.skip(f"{path} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    expected = DATA["pages"][page]
    document = dom.parse_html(path.read_bytes(), encoding=expected["charset"])
    # as recorded: the page's own style sheets blocked (record_inner_text.py's style-src-elem 'none')
    set_author_style_sheets(document, False)
    lines = [line_digest(line) for line in document.body.innerText.split("\n")]
    same = sum(a == b for a, b in zip(lines, expected["lines"]))
    record_conformance(f"innerText vs Chromium, {page} (lines)", same, len(expected["lines"]),
                       "tests/dom/html/test_inner_text.py")
    assert lines == expected["lines"]


def test_not_rendered_returns_text_content() -> None:
    document = dom.parse_html("<!doctype html><title> T  x</title><body><div id=n style=display:none>a  <b>b</b>"
                              "<p>c</div><div id=c style='display:contents'>x <p>y</div><template><p>t</template>")
    assert document.querySelector("title").innerText == " T  x"
    assert document.getElementById("n").innerText == "a  bc"
    assert document.getElementById("c").innerText == "x y"  # display: contents is not being rendered
    detached = document.createElement("div")
    detached.innerHTML = "a<p>b</p>"
    assert detached.innerText == "ab" and detached.outerText == "ab"
    assert document.querySelector("template").content.firstChild.innerText == "t"
    xml = dom.DOMParser().parseFromString("<r xmlns='http://www.w3.org/1999/xhtml'><p>a</p><p>b</p></r>",
                                          "application/xhtml+xml")
    assert xml.getElementsByTagName("r")[0].innerText == "a\n\nb"


def test_inner_text_setter() -> None:
    document = body_page("<p id=t>old <b>x</b></p>")
    p = document.getElementById("t")
    records: list[Any] = []
    observer = dom.MutationObserver(lambda r, o: records.extend(r))
    observer.observe(p, {"childList": True})
    p.innerText = "a\r\nb\rc\n\nd"
    assert p.innerHTML == "a<br>b<br>c<br><br>d"
    dom.notify_mutation_observers()
    assert len(records) == 1  # replace all: one record
    p.innerText = None  # [LegacyNullToEmptyString]
    assert p.innerHTML == "" and p.innerText == ""
    p.innerText = "\n"
    assert p.innerHTML == "<br>"


def test_outer_text_setter() -> None:
    document = body_page("<p id=p>a<span id=t>x</span>b</p>")
    p = document.getElementById("p")
    document.getElementById("t").outerText = "1\n2"
    assert p.innerHTML == "a1<br>2b"
    assert [n.nodeName for n in p.childNodes] == ["#text", "BR", "#text"]  # merged with the neighbours
    assert p.firstChild.data == "a1" and p.lastChild.data == "2b"
    span = document.createElement("span")
    p.appendChild(span)
    span.outerText = ""  # an empty Text node stands in, then merges
    assert p.lastChild.data == "2b" and len(p.childNodes) == 3
    with pytest.raises(NoModificationAllowedError):
        document.createElement("i").outerText = "x"


def test_deep_tree_does_not_recurse() -> None:
    depth = 50_000
    document = dom.parse_html("<!doctype html><body>" + "<div>" * depth + "x" + "</div>" * depth)
    assert document.body.innerText == "x"


def test_noscript_is_hidden_when_scripting_is_enabled() -> None:
    """A document rendered with scripting enabled (a webdom.js realm's, or one whose viewport
    says so) hides noscript, as the user agent sheet's ``@media (scripting) { noscript {
    display: none !important } }`` does (https://html.spec.whatwg.org/#hidden-elements); an
    author's !important display does not bring it back.  Without scripting it is shown."""
    from dom.cssom.document_style_sheets import set_viewport

    document = dom.parse_html("<p>a<noscript>NS</noscript>b</p>")
    assert document.body is not None and document.body.innerText == "aNSb"
    set_viewport(document, scripting="enabled")
    assert document.body.innerText == "ab" and reference_get_the_text(document.body) == "ab"
    styled = dom.parse_html("<style>noscript { display: block !important }</style><p>a<noscript>NS</noscript>b")
    set_viewport(styled, scripting="enabled")
    assert styled.body is not None and styled.body.innerText == "ab"


def test_canvas_is_replaced_when_scripting_is_enabled() -> None:
    """https://html.spec.whatwg.org/#the-canvas-element: with scripting enabled a canvas
    represents embedded content (a replaced element: its fallback content has no boxes, and an
    inline one is an atomic inline, so the space after it stays); without, its fallback
    content is shown."""
    from dom.cssom.document_style_sheets import set_viewport

    document = dom.parse_html("<div><canvas>fallback</canvas> abc</div><p>x <canvas>fb</canvas> y</p>")
    div, p = document.querySelector("div"), document.querySelector("p")
    assert div is not None and p is not None
    assert (div.innerText, p.innerText) == ("fallback abc", "x fb y")
    set_viewport(document, scripting="enabled")
    assert (div.innerText, p.innerText) == (" abc", "x  y")
    assert (reference_get_the_text(div), reference_get_the_text(p)) == (" abc", "x  y")
