"""innerText's walk over the lxml store (dom/html/inner_text_lxml.py) gives exactly what the
reference walk over DOM wrappers (dom/html/inner_text.py) gives: on every html5lib-tests
tree-construction document, on the three real pages of ../shared/bench-data/html, on generated
markup (Hypothesis), and where the DOM holds what lxml does not (runs of several Text nodes,
empty Text nodes, attributes only the wrapper knows)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dom
from dom.html import inner_text
from dom.html.inner_text import reference_get_the_text
from dom.html.inner_text_lxml import NotOnTheFastPath, rendered_text
from tests.conftest import REPO, conformance_path
from tests.dom.parsing.test_html5lib_tree import _read_cases

BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "html"


def fast_text(element: Any) -> str:
    """innerText by the lxml walk alone: the reference may not stand in for it."""
    style = inner_text._style_if_rendered(element)
    if style is None:
        return str(element.textContent or "")
    return rendered_text(element, style)  # raises NotOnTheFastPath where it does not answer


def assert_same(elements: list[Any]) -> int:
    compared = 0
    for element in elements:
        if not hasattr(element, "innerText"):  # not an HTML element
            continue
        assert fast_text(element) == reference_get_the_text(element), element.outerHTML[:300]
        compared += 1
    return compared


def test_html5lib_tree_construction_documents() -> None:
    conformance_path("html5lib-tests", "tree-construction")
    compared = 0
    for _name, _index, case in _read_cases():
        if case["fragment"] is not None:
            continue
        document = dom.parse_html(case["data"])
        compared += assert_same(list(document.querySelectorAll("*")))
    assert compared > 5000


@pytest.mark.parametrize("page", ["whatwg-html-spec-huge-page.html", "wikipedia-42-number.html",
                                  "dailymail-article.html"])
def test_real_pages(page: str) -> None:
    path = BENCH_HTML / page
    if not path.exists():
        pytest.skip(f"{path} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    document = dom.parse_html(path.read_bytes())
    body = document.body
    assert fast_text(body) == reference_get_the_text(body)
    # a sample of the page's elements, and every element whose kind the walk treats apart
    everything = list(document.querySelectorAll("*"))
    special = list(document.querySelectorAll("table, tr, td, th, select, details, pre, textarea, br, [style], "
                                             "[hidden], input, form, li"))
    sample = everything[:: max(1, len(everything) // 150)] + special[:: max(1, len(special) // 150)]
    assert assert_same(sample) > 30


def test_runs_and_attributes_only_the_wrappers_hold() -> None:
    document = dom.parse_html(
        "<!doctype html><body><div id=t>a <span id=s>b</span><pre id=p>x</pre>"
        "<table id=tb><tr><td id=c1>1</td><td id=c2>2</td></tr></table>"
        "<input id=i><span id=ws style='white-space:pre-wrap'></span> c</div>")
    t = document.getElementById("t")
    s = document.getElementById("s")
    s.firstChild.splitText(0)  # a run of an empty Text node and "b"
    s.appendChild(document.createTextNode("  "))
    document.getElementById("p").appendChild(document.createTextNode(""))
    document.getElementById("p").firstChild.splitText(1)
    row = document.getElementById("c1").parentNode
    row.insertBefore(document.createTextNode("  "), document.getElementById("c2"))  # white space between cells
    row.insertBefore(document.createTextNode("z"), document.getElementById("c2"))
    ws = document.getElementById("ws")
    ws.appendChild(document.createTextNode(""))  # an empty preserved Text node keeps a pending space
    ws.appendChild(document.createTextNode(""))
    document.getElementById("i").setAttributeNS("urn:x", "type", "hidden")  # getAttribute('type') finds it
    expected = reference_get_the_text(t)
    assert fast_text(t) == expected
    assert "z" in expected


@pytest.mark.parametrize(("markup", "expected"), [
    # white space between table parts has no box, even where a space would otherwise be kept
    ("<table><tr><td style=display:inline-block>a</td> <td style=display:inline-block>b</td></tr></table>", "ab"),
    ("<table style='white-space:pre-line'>\n<tr><td>a</td></tr>\n<tr><td>b</td></tr>\n</table>", "a\nb"),
    ("<p>a</p><p>b</p>", "a\n\nb"),
])
def test_white_space_between_table_parts(markup: str, expected: str) -> None:
    t = dom.parse_html(f"<!doctype html><body><div id=t>{markup}</div>").getElementById("t")
    assert fast_text(t) == reference_get_the_text(t) == expected


def test_an_empty_preserved_text_node_keeps_the_pending_space() -> None:
    document = dom.parse_html("<!doctype html><body><div id=t>a <span id=w style='white-space:pre-wrap'></span>"
                              "<div>x</div></div>")
    document.getElementById("w").appendChild(document.createTextNode(""))  # lxml's slot stays empty
    t = document.getElementById("t")
    assert fast_text(t) == reference_get_the_text(t) == "a \nx"


def test_escaped_text_and_root_rows_use_the_reference() -> None:
    document = dom.parse_html("<!doctype html><body><p id=t>a\x0cb</p>")
    p = document.getElementById("t")
    style = inner_text._style_if_rendered(p)
    assert style is not None
    with pytest.raises(NotOnTheFastPath):
        rendered_text(p, style)
    assert p.innerText == reference_get_the_text(p) == "a\x0cb"
    xml = dom.DOMParser().parseFromString(
        "<tbody xmlns='http://www.w3.org/1999/xhtml'><tr><td>a</td></tr><tr><td>b</td></tr></tbody>",
        "application/xhtml+xml")
    root = xml.documentElement
    style = inner_text._style_if_rendered(root)
    assert style is not None
    with pytest.raises(NotOnTheFastPath):  # the rows' table is the document itself
        rendered_text(root, style)
    assert root.innerText == reference_get_the_text(root) == "a\nb"


def test_the_lxml_walk_answers_on_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_reference(*args: Any) -> Any:
        raise AssertionError("the reference walk ran")

    monkeypatch.setattr(inner_text, "_collect", no_reference)
    document = dom.parse_html("<!doctype html><body><div id=t><p>a</p><table><tr><td>1<td>2</table>"
                              "<select><option>o</select><pre> x </pre></div>")
    assert document.getElementById("t").innerText == "a\n\n1\t2\no\n x "


# Generated markup: the elements and attributes whose handling differs, nested at random.
_TAGS = ["div", "p", "span", "b", "td", "tr", "table", "tbody", "pre", "br", "select", "option", "optgroup",
         "details", "summary", "input", "textarea", "li", "ul", "img", "ruby", "rt", "nobr", "form", "dialog",
         "svg", "h1", "button", "caption", "template", "audio"]
_ATTRS = ["", " hidden", " hidden=until-found", " style='display:none'", " style='display:block'",
          " style='display:inline-block'", " style='white-space:pre'", " style='white-space:pre-line'",
          " style='visibility:hidden'", " style='visibility:visible'", " style='display:flex'",
          " style='display:table-cell'", " style='display:contents'", " open", " type=hidden", " nowrap",
          " wrap", " style='display:table-row'", " controls"]
_TEXTS = ["", " ", "a", " a ", "b  c", "\n", " \t\n x\n y ", "  ", "d\n\ne", "<!--c-->", "&nbsp;"]


@st.composite
def markup(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 4 if depth < 4 else 0))):
        if draw(st.booleans()):
            parts.append(draw(st.sampled_from(_TEXTS)))
        else:
            tag = draw(st.sampled_from(_TAGS))
            attrs = draw(st.sampled_from(_ATTRS))
            parts.append(f"<{tag}{attrs}>{draw(markup(depth + 1))}</{tag}>")
    return "".join(parts)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(markup())
def test_generated_markup(body: str) -> None:
    document = dom.parse_html(f"<!doctype html><body><div id=t>{body}</div>")
    elements = list(document.querySelectorAll("*"))
    assert assert_same(elements) == len([e for e in elements if hasattr(e, "innerText")])


def test_many_distinct_tags_keep_the_tables_bounded() -> None:
    from dom.html import inner_text_lxml

    markup = "".join(f"<x-t{i}>w{i} </x-t{i}>" for i in range(3 * inner_text_lxml._PER_BOX))
    t = dom.parse_html(f"<!doctype html><body><div id=t>{markup}</div>").getElementById("t")
    assert fast_text(t) == reference_get_the_text(t)
    assert max(len(box.by_tag) for box in inner_text_lxml._BOXES[True].values()) <= inner_text_lxml._PER_BOX


def test_repeated_style_attributes_in_different_boxes() -> None:
    """A style attribute's role is kept per parent box and value: the same value under parents
    of other styles, beside names that read more attributes, and on elements with wrappers."""
    cell = "<span style='text-transform:uppercase'>u</span><b style='display:block'>b</b>"
    markup = (f"<div>{cell}</div><pre style='white-space:normal'>{cell}  x</pre><table><tr><td>{cell}</td>"
              f"<td nowrap style='display:block'>{cell}</td></tr></table><p style='visibility:hidden'>{cell}"
              f"<i style='visibility:visible'>v</i></p><details style='display:block'>{cell}</details>"
              f"<input style='display:block'><span id=w style='display:none'>hidden by style</span>{cell}")
    document = dom.parse_html(f"<!doctype html><body><div id=t>{markup}</div>")
    t = document.getElementById("t")
    assert fast_text(t) == reference_get_the_text(t)
    document.getElementById("w").setAttribute("style", "display:inline")  # its wrapper holds it now
    assert fast_text(t) == reference_get_the_text(t)
    assert "hidden by style" in fast_text(t)
