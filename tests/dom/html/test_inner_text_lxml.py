"""innerText's walk over the lxml store (dom/html/inner_text_lxml.py) gives exactly what the
reference walk over DOM wrappers (dom/html/inner_text.py) gives: on every html5lib-tests
tree-construction document, on the three real pages of ../shared/bench-data/html, on generated
markup (Hypothesis), and where the DOM holds what lxml does not (runs of several Text nodes,
empty Text nodes, attributes only the wrapper knows)."""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dom
from dom.html import inner_text
from dom.html import inner_text_lxml as inner_text_lxml_module
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


@pytest.mark.parametrize("markup", [
    "<p>a <pre>one\n  two <b>bold</b> tail\n</pre> b <span>c</span>",
    "<div style='white-space:pre-wrap'>  x  <i> y </i>\n z</div> after",
    "<div style='white-space:break-spaces'>a  b</div><div style='white-space:pre-line'> c \n  d </div>",
    "<table><tr><td style='white-space:pre'> cell \n</td> <td><pre>p</pre></td></tr></table>",
    "<pre style='text-transform:uppercase'>up <b>case</b></pre>",
    "<span>x </span><pre></pre><pre>\n</pre> y <code style='white-space:pre'>a  b</code> z",
])
def test_preserved_white_space(markup: str) -> None:
    # the text of boxes whose white space is kept: made into their tokens and appended in C
    document = dom.parse_html("<!doctype html><body>" + markup)
    assert fast_text(document.body) == reference_get_the_text(document.body)


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
              f"<td nowrap style='display:block'>{cell}</td><td style='display:block'>  a  b  </td>"
              f"<td nowrap style='display:block'>  c  d  </td><td style='white-space:pre'> e  f </td>"
              f"<td nowrap style='white-space:pre'> g  h </td></tr></table><p style='visibility:hidden'>{cell}"
              f"<i style='visibility:visible'>v</i></p><details style='display:block'>{cell}</details>"
              f"<input style='display:block'><span id=w style='display:none'>hidden by style</span>{cell}")
    document = dom.parse_html(f"<!doctype html><body><div id=t>{markup}</div>")
    t = document.getElementById("t")
    assert fast_text(t) == reference_get_the_text(t)
    document.getElementById("w").setAttribute("style", "display:inline")  # its wrapper holds it now
    assert fast_text(t) == reference_get_the_text(t)
    assert "hidden by style" in fast_text(t)


needs_c_the_text = pytest.mark.skipif(inner_text_lxml_module._C_THE_TEXT is None,
                                      reason="the C extension is not built (or WEBDOM_PURE_PYTHON is set)")


def _tokens_of(elements: list[Any]) -> list[list[Any]]:
    out = []
    for element in elements:
        style = inner_text._style_if_rendered(element) if hasattr(element, "innerText") else None
        if style is not None and not element._doc._escaped_text:
            out.append(inner_text_lxml_module._collect(element, style))
    return out


@needs_c_the_text
@pytest.mark.parametrize("page", ["whatwg-html-spec-huge-page.html", "wikipedia-42-number.html",
                                  "dailymail-article.html"])
def test_c_white_space_processing_on_real_pages(page: str) -> None:
    """The C extension's white-space processing (dom/html/inner_text_speedups.c) gives what
    _the_text gives, on the tokens of every element of the real pages that has a table, list,
    paragraph or pre around it."""
    path = BENCH_HTML / page
    if not path.exists():
        pytest.skip(f"{path} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    document = dom.parse_html(path.read_bytes())
    streams = _tokens_of([document.body, *document.querySelectorAll("pre, table, ul, ol, p, dl")[:2000]])
    assert len(streams) > 50
    for tokens in streams:
        assert inner_text_lxml_module.the_text(tokens) == inner_text_lxml_module._the_text(tokens)


@needs_c_the_text
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(markup())
def test_c_white_space_processing_on_generated_markup(body: str) -> None:
    document = dom.parse_html(f"<!doctype html><body><div id=t>{body}\u00a0\U0001f600 \t</div>")
    for tokens in _tokens_of(list(document.querySelectorAll("*"))):
        assert inner_text_lxml_module.the_text(tokens) == inner_text_lxml_module._the_text(tokens)


@needs_c_the_text
def test_c_white_space_processing_hand_made_tokens() -> None:
    """Token streams the walk rarely makes: empty strings, white space alone, kept text at the
    start, breaks before anything and at the end, an open atomic box after a pending space."""
    m = inner_text_lxml_module
    run = m._Run
    streams = [
        [], [""], [" "], ["\t\n "], [2, "a", 3], ["a ", m._OPEN_ATOMIC, "b", m._CLOSE_ATOMIC, " c "],
        [m._Kept(" x \n y ", "pre-line"), "z"], [m._Kept("", "pre"), " a"], [run(2, True, True), " a  b ", 1],
        ["a", m._TAB, m._NEWLINE, run(0, True, False), " b"], ["é  ", "\U0001f600", 4], ["a", 1, m._Kept("p\n", "pre")],
        # text of each width after text of each width (the output widens as it goes)
        [" a  b\t", "ü\n\nx ", "\u2014  y", "z \r w", m._Kept(" \u2014 k\n", "pre"), "\U0001f600  v", "\u2014", " q  r ",
         m._Kept("\U0001f600\t", "pre"), "é é"],
        [m._Kept("\u00ff ", "pre"), "\u0100", 2, "\U00010000 \n x"],
    ]
    for tokens in streams:
        assert m.the_text(list(tokens)) == m._the_text(list(tokens)), tokens


needs_c_collect = pytest.mark.skipif(inner_text_lxml_module._C_COLLECT is None,
                                     reason="the C extension is not built (or WEBDOM_PURE_PYTHON is set)")


def _token_values(tokens: list[Any]) -> list[Any]:
    """The tokens' values, each stretch of adjacent strings as one: the C walk gives the text it
    reads from libxml2 between two other tokens as one str (white-space processing reads adjacent
    strings as their concatenation), the Python walk one per text slot."""
    run = inner_text_lxml_module._Run
    values: list[Any] = []
    for t in tokens:
        if type(t) is str and values and type(values[-1]) is str:
            values[-1] += t
        else:
            values.append((t.breaks, t.resets, t.line_start) if isinstance(t, run) else t)
    return values


def assert_same_collection(elements: list[Any], monkeypatch: pytest.MonkeyPatch) -> int:
    """The C walk (dom/html/rendered_text_collection_speedups.c) collects the tokens the Python
    walk collects (adjacent strings joined), and the text from them is the same."""
    compared = 0
    m = inner_text_lxml_module
    for element in elements:
        style = inner_text._style_if_rendered(element) if hasattr(element, "innerText") else None
        if style is None or element._doc._escaped_text:
            continue
        in_c = m._collect(element, style)
        with monkeypatch.context() as patch:
            patch.setattr(m, "_C_COLLECT", None)
            in_python = m._collect(element, style)
        assert _token_values(in_c) == _token_values(in_python), element.outerHTML[:300]
        assert m._the_text(in_c) == m._the_text(in_python), element.outerHTML[:300]
        compared += 1
    return compared


@needs_c_collect
@pytest.mark.parametrize("page", ["whatwg-html-spec-huge-page.html", "wikipedia-42-number.html",
                                  "dailymail-article.html"])
def test_c_collection_on_real_pages(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = BENCH_HTML / page
    if not path.exists():
        pytest.skip(f"{path} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    document = dom.parse_html(path.read_bytes())
    elements = list(document.querySelectorAll("*"))
    assert assert_same_collection([document.body, *elements[:: max(1, len(elements) // 3000)]], monkeypatch) > 1000


@needs_c_collect
def test_c_collection_on_html5lib_documents(monkeypatch: pytest.MonkeyPatch) -> None:
    conformance_path("html5lib-tests", "tree-construction")
    compared = 0
    for _name, _index, case in _read_cases():
        if case["fragment"] is None:
            compared += assert_same_collection(list(dom.parse_html(case["data"]).querySelectorAll("*")), monkeypatch)
    assert compared > 5000


@needs_c_collect
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(markup())
def test_c_collection_on_generated_markup(body: str) -> None:
    document = dom.parse_html(f"<!doctype html><body><div id=t>{body}</div><select><option>o<optgroup><option>p"
                              f"</select><details><summary>s</summary>d</details><!-- c -->tail")
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert assert_same_collection(list(document.querySelectorAll("*")), monkeypatch) > 0


@needs_c_collect
def test_c_collection_with_author_rules_and_wrapper_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Elements an author rule or hint matches, text runs only wrappers hold, namespaced and
    attribute-reading elements: the C walk hands them to the same Python steps."""
    document = dom.parse_html(
        "<!doctype html><style>.h { display: none } .b { display: block } td.x { visibility: hidden }</style><body>"
        "<div id=t>a<span class=h>hidden</span><i class=b>block</i><img align=left alt=x>"
        "<table><tr><td class=x>c1<td>c2</tr><tr><td>c3</table><svg><text>svg text</text></svg>"
        "<math><mi>x</mi></math><pre>  kept\n  text </pre><dialog open>d</dialog><input type=hidden>"
        "<p hidden>gone</p><p style='text-transform:uppercase'>up <b>bold</b></p><?pi x?>after pi"
        "<table id=u><tr><td>a<td style=display:none>b<!-- c --></tr> <tr><td>c<td>d</tr></table>"
        "<span style=visibility:hidden>in<b>visible</b> tail</span></div>")
    t = document.getElementById("t")
    t.appendChild(document.createTextNode(""))
    t.appendChild(document.createTextNode(" two  nodes "))
    t.querySelector("pre").appendChild(document.createTextNode("more\n"))
    row = document.getElementById("u").querySelector("tr")
    row.appendChild(document.createTextNode("  "))
    row.appendChild(document.createTextNode("row text"))  # a wrapper's run in a table box
    t.querySelector("[style='visibility:hidden'] b").appendChild(document.createTextNode("x"))
    assert assert_same_collection([document.body, t, *t.querySelectorAll("*")], monkeypatch) > 10
    assert fast_text(t) == reference_get_the_text(t)


def test_elements_an_author_rule_styles_alike_share_their_role() -> None:
    """The walk keeps the role of elements an author rule styles, by tag, parent style and
    declarations: elements of other tags, other parents' styles, other rules, or with their own
    hidden, style or presence-read attributes under the same rule get their own."""
    document = dom.parse_html(
        "<!doctype html><style>.b { display: block } .n { display: none } .h { visibility: hidden }"
        ".t { text-transform: uppercase }</style><body><div id=t>"
        "<span class=b>one</span>x<i class=b>two</i>y<span class=b>three</span>"
        "<pre><span class=b>  in  pre </span> z <span class=t>up</span></pre><span class=t>up</span>"
        "<div class=h><span class=b>hidden</span><span class=b style=visibility:visible>shown</span></div>"
        "<span class=b hidden>gone</span><span class=b style=display:inline>inline</span>"
        "<table><tr><td class=b nowrap>a  b</td><td class=b>c  d</td></tr></table>"
        "<details class=b><summary>s</summary>body</details><details class=b open><summary>s</summary>open</details>"
        "<span class=n>none</span>w</div>")
    t = document.getElementById("t")
    assert fast_text(t) == reference_get_the_text(t)
    assert "shown" in fast_text(t) and "hidden" not in fast_text(t) and "open" in fast_text(t)
    assert "UP" in fast_text(t) and "gone" in fast_text(t) and "body" not in fast_text(t)  # (.b overrides [hidden])


def test_wrapped_elements_whose_attributes_lxml_holds_take_the_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """An element with a wrapper whose getAttribute answers lxml's values (the parser's, with
    nothing namespaced) is read from lxml like one without: wrapping every element
    (``querySelectorAll('*')``) leaves innerText on the C walk, whose style table computes a
    repeated style attribute once.  A wrapper holding a prefixed attribute, or a text run, is
    still read through the DOM."""
    # fresh tables: a box's table left near its limit by earlier walks would be dropped midway
    monkeypatch.setattr(inner_text_lxml_module, "_BOXES", ({}, {}))
    run = uuid.uuid4().hex  # style values no earlier walk kept in the tables
    markup = (f"<!doctype html><body><div id=t><p style='display:none; --r:{run}'>gone</p>"
              f"<p style='--r:{run}'>b</p><p style='--r:{run}'>c</p><p style='--r:{run}'>d</p>"
              f"<b id=ns style='--r:{run}'>ns</b><b style='--r:{run}'>bb</b><em id=run>r</em> tail</div>")
    document = dom.parse_html(markup)
    t = document.getElementById("t")
    expected = reference_get_the_text(t)
    assert len(document.querySelectorAll("*")) == 11  # every element wrapped
    styled = []
    original = inner_text_lxml_module._Walk.style

    def counting(walk: Any, lx: Any, *args: Any) -> Any:
        styled.append(lx.tag)
        return original(walk, lx, *args)

    monkeypatch.setattr(inner_text_lxml_module._Walk, "style", counting)
    assert fast_text(t) == expected == "b\n\nc\n\nd\n\nnsbbr tail"
    assert sorted(styled) == ["b", "p", "p"]  # once per distinct (name, style attribute)
    ns = document.getElementById("ns")
    ns.setAttribute("style", f"display:none; --r:{run}")
    ns.setAttributeNS("urn:x", "x:style", "display:inline")  # the wrapper keeps its prefix
    document.getElementById("run").appendChild(document.createTextNode(" two"))
    styled.clear()
    assert fast_text(t) == reference_get_the_text(t) == "b\n\nc\n\nd\n\nbbr two tail"
    assert styled == ["b"]  # #ns alone, through its wrapper (the others' roles are the tables' still)
