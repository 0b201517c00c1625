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
    selectors = list(cascade_module._user_agent_selectors(cascade.viewport, cascade.quirks)) + cascade_module._selectors(
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


def test_align_hints_found_by_tag() -> None:
    """The ``align`` presentational hint floats exactly the embedded content that has it, in an
    HTML document (plain lxml tags) and an XML one (namespaced tags), and nothing else."""
    markup = ("<div align=left>d</div><img align=left><img><video align=RIGHT></video>"
              "<input type=image align=left><input align=left><svg><image align=left/></svg>")
    html = dom.parse_html(f"<!DOCTYPE html><body>{markup}")
    floated = {lx.tag: own["float"][0]
               for lx, own in cascade_module.cascade_of(html).author_declarations().items()}
    assert sorted(floated.items()) == [("img", "left"), ("input", "left"), ("video", "right")]
    xml = dom.parse_xml('<html xmlns="http://www.w3.org/1999/xhtml"><body><img align="left"/><p align="left"/>'
                        '</body></html>')
    tags = [lx.tag for lx in cascade_module.cascade_of(xml).author_declarations()]
    assert tags == ["{http://www.w3.org/1999/xhtml}img"]
