"""The cascade's index by id, class, tag and attribute (dom/cssom/cascade.py) finds exactly the
elements that evaluating every selector over the whole document finds: on the real pages of
../shared/bench-data/html (with their own sheets and the user agent sheet) and a generated page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import dom
from dom.cssom import cascade as cascade_module
from dom.selectors.engine import matching_in_document
from tests.conftest import REPO

BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "html"
GENERATED = """<!DOCTYPE html><style>
td { color: red } tr[hidden] { display: none } .a.b > p:first-child { margin: 0 } #x, .y { width: 1px }
:is(ul, ol) li { color: blue } [data-x] { color: green } table[rules=none i] > tr > td { color: red }
:heading { color: red } a:link { color: blue } .missing td { color: red } * + p { color: red }
</style>""" + "".join(f"<div class='a {'b' if i % 2 else ''}' id=d{i}><p>p<p data-x>q<table><tr><td>c</table>"
                      f"<ul><li>l</ul><h2>h</h2><a href=#>a</a></div>" for i in range(200))


def _brute_force_equal(document: dom.Document) -> int:
    cascade = cascade_module.Cascade(document)
    cascade._match_user_agent()
    selectors = list(cascade_module._user_agent_selectors(cascade.viewport)) + cascade_module._selectors(
        cascade_module.document_sheets(document), cascade.viewport)
    expected: dict[object, int] = {}
    for selector in selectors:
        for lx in matching_in_document(document, selector.text):
            expected[lx] = expected.get(lx, 0) + 1
    got = {lx: len(entries) for lx, entries in cascade.matched.items()}
    assert got == expected
    return len(selectors)


def test_generated_page() -> None:
    assert _brute_force_equal(dom.parse_html(GENERATED)) > 200


@pytest.mark.parametrize("page", ["wikipedia-42-number.html", "dailymail-article.html",
                                  "whatwg-html-spec-huge-page.html"])
def test_real_pages(page: str) -> None:
    path = BENCH_HTML / page
    if not path.exists():
        pytest.skip(f"{path} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    assert _brute_force_equal(dom.parse_html(path.read_bytes())) > 200


def test_odd_class_and_tag_names() -> None:
    markup = ("<!DOCTYPE html><style>.a { color: red } .b { color: red } .\\c9 { color: red } DIV { color: red }"
              "svg foreignObject, svg foreignobject { color: red }</style>"
              "<p class='a\x0bb'>x</p><p class='a\tb'>y</p><p class='\u00c9'>z</p><div>d</div>"
              "<svg><foreignObject>f</foreignObject></svg>")
    assert _brute_force_equal(dom.parse_html(markup)) > 200
