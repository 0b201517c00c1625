"""The HTML fragment parsing algorithm through the public API (innerHTML, insertAdjacentHTML,
template contents, parse_html_fragment): what the Chromium differential cannot show (a context
inside a form, quirks mode, the scripting flag, processing instructions, deep input)."""

from __future__ import annotations

import pytest

from dom.parsing import PARSERS, parse_html, parse_html_fragment

HTML = "http://www.w3.org/1999/xhtml"
SVG = "http://www.w3.org/2000/svg"
MATHML = "http://www.w3.org/1998/Math/MathML"


def _names(nodes) -> list[str]:
    return [node.nodeName for node in nodes]


@pytest.fixture(params=PARSERS)
def document(request):
    return parse_html("<!DOCTYPE html><body>", parser=request.param)


def test_issue_examples_through_inner_html(document):
    pre = document.createElement("pre")
    pre.innerHTML = '</form><BODY>"</BODY>'
    assert _names(pre.childNodes) == ["#text"] and pre.textContent == '"'
    table = document.createElement("table")
    table.innerHTML = '<dd>"<tr><3'
    assert _names(table.childNodes) == ["DD", "TBODY", "#text"]
    assert table.lastChild.data == "<3"
    math = document.createElementNS(MATHML, "math")
    math.innerHTML = "<html><hr>"
    assert [(n.namespaceURI, n.localName) for n in math.childNodes] == [(MATHML, "html"), (HTML, "hr")]


def test_form_in_a_row_context_is_inserted_and_popped(document):
    row = document.createElement("tr")
    row.innerHTML = "<optgroup><div><form><i></i>"
    assert row.innerHTML == "<optgroup><div><form></form><i></i></div></optgroup>"


def test_a_form_ancestor_of_the_context_sets_the_form_element_pointer(document):
    form = document.createElement("form")
    div = form.appendChild(document.createElement("div"))
    div.innerHTML = "<form id=inner><input name=q></form>x"
    assert div.innerHTML == '<input name="q">x'  # the nested form start tag is ignored
    alone = document.createElement("div")
    alone.innerHTML = "<form id=inner><input name=q></form>x"
    assert alone.innerHTML == '<form id="inner"><input name="q"></form>x'


def test_template_context_and_template_contents(document):
    template = document.createElement("template")
    template.innerHTML = "<tr><td>x</td></tr><col>"
    assert _names(template.content.childNodes) == ["TR"]
    assert template.innerHTML == "<tr><td>x</td></tr>"


def test_context_attributes_make_an_html_integration_point(document):
    plain = document.createElementNS(MATHML, "annotation-xml")
    plain.innerHTML = "<section>x</section>"
    assert plain.firstChild.namespaceURI == MATHML
    html = document.createElementNS(MATHML, "annotation-xml")
    html.setAttribute("encoding", "text/html")
    html.innerHTML = "<section>x</section>"
    assert html.firstChild.namespaceURI == HTML


def test_a_context_of_another_namespace_is_not_the_html_element_of_its_name(document):
    """https://html.spec.whatwg.org/#reset-the-insertion-mode-appropriately looks at HTML elements
    only, and a context outside the HTML namespace is the adjusted current node
    (#tree-construction-dispatcher): tokens go through the foreign content rules, a breakout tag
    like body back to "in body" (WPT domparsing/createContextualFragment.html)."""
    fake = document.createElementNS("http://fake-namespace", "html")
    fake.innerHTML = "<body><p>"
    assert _names(fake.childNodes) == ["P"]  # not the html element's head and body
    table = document.createElementNS("urn:x", "table")
    table.innerHTML = "<tr><td>x"
    assert [(n.namespaceURI, n.localName) for n in table.childNodes] == [("urn:x", "tr")]
    selected = document.createRange()
    selected.selectNodeContents(fake)
    assert selected.createContextualFragment("<body><p>").isEqualNode(
        document.createRange().createContextualFragment("<body><p>"))


def test_quirks_mode_of_the_context_document():
    quirks = parse_html("<body>")
    assert quirks.compatMode == "BackCompat"
    div = quirks.createElement("div")
    div.innerHTML = "<p><table></table>"
    assert div.innerHTML == "<p><table></table></p>"  # in quirks mode a table does not close a p
    standard = parse_html("<!DOCTYPE html><body>").createElement("div")
    standard.innerHTML = "<p><table></table>"
    assert standard.innerHTML == "<p></p><table></table>"


def test_scripting_flag_decides_noscript(document):
    context = document.createElement("div")
    off = parse_html_fragment("<noscript><b>x</b></noscript>", context)
    assert off.firstChild.firstChild.localName == "b"
    on = parse_html_fragment("<noscript><b>x</b></noscript>", context, scripting=True)
    assert on.firstChild.firstChild.nodeType == 3 and on.firstChild.firstChild.data == "<b>x</b>"
    noscript = document.createElement("noscript")
    assert parse_html_fragment("<b>x</b>", noscript, scripting=True).firstChild.data == "<b>x</b>"


def test_processing_instructions(document):
    div = document.createElement("div")
    div.innerHTML = "<?pi some data?><?xml version=1?>"
    pi, comment = div.childNodes
    assert (pi.nodeType, pi.target, pi.data) == (7, "pi", "some data")
    assert (comment.nodeType, comment.data) == (8, "?xml version=1?")


def test_raw_text_contexts_and_control_characters(document):
    for name, markup, text in (
        ("textarea", "\n<b>a&amp;</b>", "\n<b>a&</b>"),  # no LF is dropped: no textarea start tag ran
        ("title", "a\x00b", "a\ufffdb"),
        ("script", "<b>&amp;</b>", "<b>&amp;</b>"),
        ("plaintext", "</plaintext>x", "</plaintext>x"),
    ):
        fragment = parse_html_fragment(markup, document.createElement(name))
        assert [node.data for node in fragment.childNodes] == [text], name


def test_insert_adjacent_html_uses_the_parent_as_context(document):
    table = document.body.appendChild(document.createElement("table"))
    tbody = table.appendChild(document.createElement("tbody"))
    tbody.insertAdjacentHTML("afterend", "<tr><td>x")
    assert _names(table.childNodes) == ["TBODY", "TBODY"]


def test_deep_fragment_parses_without_recursion(document):
    div = document.createElement("div")
    div.innerHTML = "<span>" * 50_000 + "x"
    depth, node = 0, div
    while node.firstChild is not None and node.firstChild.nodeType == 1:
        node, depth = node.firstChild, depth + 1
    assert depth == 50_000 and node.textContent == "x"
