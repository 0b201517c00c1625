"""``parse_html(..., parser="html5lib")``: html5lib's tree reaches the DOM with nothing lost.

Every html5lib-tests tree-construction case (``#script-on`` ones with the scripting flag on) is
parsed twice with html5lib 1.1: once through ``dom.parsing.html5lib_builder`` into the DOM
(dumped through the public DOM API, as in test_html5lib_tree.py) and once into html5lib's own
``etree`` tree (dumped by html5lib's own ``testSerializer``).  Each case asserts the two dumps are
the same tree; the one explained difference is template contents: html5lib 1.1 has no template
insertion mode and leaves what it parsed inside ``<template>`` as the template's children, which
the DOM keeps as the template's ``content``, so the DOM dump shows those nodes under a
``content`` line one level deeper (:func:`flatten_template_contents` undoes exactly that).

Three counts are printed: cases html5lib's own tree passes, cases the DOM passes, and cases where
the two trees agree (all of them, or the test fails).

Fragments are the exception: html5lib 1.1's fragment mode predates the current standard (no
foreign context elements, no template contents, the old select parsing), so every backend parses
fragments with the project's own fragment parsing algorithm (``dom.parsing.fragment``).  For a
fragment case the test asserts that ``parser="html5lib"`` gives the same DOM as the default.
"""

from __future__ import annotations

import re
from collections import Counter

import html5lib
import pytest

import dom
from dom.nodes import template as _template  # noqa: F401 -- registers the template element class
from dom.parsing import parse_html, parse_html_fragment
from tests.conftest import conformance_path
from tests.dom.parsing.test_html5lib_tree import _context, _read_cases, dump

RESULTS: Counter = Counter()
CASES = _read_cases()
_ETREE = html5lib.getTreeBuilder("etree", fullTree=True)
_HTML_ELEMENT = re.compile(r"^<html ")


def html5lib_own_dump(data: str, fragment: str | None, scripting: bool) -> str:
    """html5lib's etree tree dumped by html5lib's testSerializer, turned into the tests' format:
    the root line dropped, ``|`` + two spaces per level -> ``| `` + two spaces per level, the
    HTML namespace designator dropped, and the DOCTYPE line (which testSerializer writes without
    ``|``) given one."""
    parser = html5lib.HTMLParser(tree=_ETREE, namespaceHTMLElements=True)
    if fragment is not None:
        root = parser.parseFragment(data, container=fragment, scripting=scripting)
    else:
        root = parser.parse(data, scripting=scripting)
    text = parser.tree.testSerializer(root)
    for child in root:
        if child.tag == "<!DOCTYPE>":
            line = parser.tree.testSerializer(child)
            text = text.replace("\n" + line, "\n|  " + line, 1)
    lines = []
    for line in text.split("\n")[1:]:
        if line.startswith("|"):
            body = line[3:]
            indent = len(body) - len(body.lstrip(" "))
            line = "| " + body[:indent] + _HTML_ELEMENT.sub("<", body[indent:])
        lines.append(line)
    return "\n".join(lines)


def flatten_template_contents(text: str) -> str:
    """A DOM dump with each template's ``content`` line removed and the nodes under it moved one
    level up: html5lib's own tree has them as the template's children."""
    lines = []
    removed: list[int] = []  # depths of the content lines we are inside
    for line in text.split("\n"):
        if not line.startswith("| "):
            lines.append(line)  # a continuation line of multi-line data
            continue
        body = line[2:]
        item = body.lstrip(" ")
        depth = (len(body) - len(item)) // 2
        while removed and depth <= removed[-1]:
            removed.pop()
        if item == "content":
            removed.append(depth)
            continue
        lines.append("| " + body[2 * len(removed) :])
    return "\n".join(lines)


def _dom_dump(case: dict, scripting: bool) -> str:
    if case["fragment"]:
        return dump(parse_html_fragment(case["data"], _context(case["fragment"]), scripting, parser="html5lib"))
    return dump(parse_html(case["data"], parser="html5lib", scripting=scripting))


@pytest.fixture(autouse=True, scope="module")
def _report():
    yield
    for kind in ("documents", "fragments"):
        total = RESULTS[f"{kind} total"]
        if total:
            print(f"\nhtml5lib-tests tree construction, html5lib 1.1 own etree {kind}: {RESULTS[kind + ' own']}/{total}")
            print(f"html5lib-tests tree construction, DOM with parser=html5lib {kind}: {RESULTS[kind + ' dom']}/{total}")
            same = "html5lib tree equals the DOM" if kind == "documents" else "same DOM as the default parser"
            print(f"{same}, {kind}: {RESULTS[kind + ' same']}/{total}")


@pytest.mark.parametrize(
    "file, index, case", CASES or [(None, None, None)], ids=[f"{f}:{i}" for f, i, _ in CASES] or None
)
def test_html5lib_option_keeps_html5lib_tree(file, index, case):
    conformance_path("html5lib-tests", "tree-construction")
    kind = "fragments" if case["fragment"] else "documents"
    scripting = case["script"] == "on"
    RESULTS[f"{kind} total"] += 1
    own = html5lib_own_dump(case["data"], case["fragment"], scripting)
    got = _dom_dump(case, scripting)
    RESULTS[f"{kind} own"] += own == case["expected"]
    RESULTS[f"{kind} dom"] += got == case["expected"]
    if case["fragment"]:
        default = dump(parse_html_fragment(case["data"], _context(case["fragment"]), scripting))
        assert got == default
    else:
        assert flatten_template_contents(got) == own
    RESULTS[f"{kind} same"] += 1


def test_flatten_template_contents_is_exact():
    nested = "| <template>\n|   content\n|     <p>\n|       <template>\n|         content\n|           \"x\"\n| <b>"
    assert flatten_template_contents(nested) == "| <template>\n|   <p>\n|     <template>\n|       \"x\"\n| <b>"
    assert flatten_template_contents('| <p>\n|   "content"') == '| <p>\n|   "content"'


# -- what html5lib's lxml builder loses, kept -------------------------------------------------

XLINK = "http://www.w3.org/1999/xlink"
XML = "http://www.w3.org/XML/1998/namespace"
XMLNS = "http://www.w3.org/2000/xmlns/"
SVG = "http://www.w3.org/2000/svg"
HTML = "http://www.w3.org/1999/xhtml"


def _html5lib(markup: str) -> dom.Document:
    return parse_html(markup, parser="html5lib")


def test_attribute_names_lxml_refuses_are_kept():
    p = _html5lib('<p foo"bar=1 a:b=2 xmlns=3 {x}y=4>').body.firstChild
    assert [a.name for a in p.attributes] == ['foo"bar', "a:b", "xmlns", "{x}y"]
    assert [a.namespaceURI for a in p.attributes] == [None] * 4
    assert p.getAttribute('foo"bar') == "1" and p.getAttribute("{x}y") == "4"
    assert p.outerHTML == '<p foo"bar="1" a:b="2" xmlns="3" {x}y="4"></p>'


@pytest.mark.parametrize("parser", ["justhtml", "html5lib"])
def test_names_with_braces_are_not_clark_notation(parser):
    # lxml reads "{ns}local" as a namespaced name; the DOM name must stay as it was
    p = parse_html("<p {x}y=1 z}=2><a{b}c>", parser=parser).body.firstChild
    assert [(a.namespaceURI, a.name) for a in p.attributes] == [(None, "{x}y"), (None, "z}")]
    assert (p.firstChild.namespaceURI, p.firstChild.localName) == ("http://www.w3.org/1999/xhtml", "a{b}c")
    p.setAttribute("{u}v", "3")
    assert p.getAttributeNode("{u}v").namespaceURI is None
    assert p.outerHTML == '<p {x}y="1" z}="2" {u}v="3"><a{b}c></a{b}c></p>'


def test_element_names_lxml_refuses_are_kept():
    body = _html5lib("<a:b>x</a:b><c\u00b7d>").body
    assert [e.localName for e in body.children] == ["a:b", "c\u00b7d"]
    assert body.firstChild.namespaceURI == "http://www.w3.org/1999/xhtml"


def test_comment_keeps_double_hyphens():
    document = _html5lib("<!-- a -- b --><p><!--x---y-->")
    assert document.firstChild.data == " a -- b "
    assert document.body.firstChild.firstChild.data == "x---y"
    assert document.body.innerHTML == "<p><!--x---y--></p>"


def test_control_characters_noncharacters_and_surrogates_are_kept():
    odd = "\x01\x0b\uffff\ufffe\ud800\udfff\udc00"
    document = _html5lib(f"<p title='{odd}'>a{odd}b</p><!--{odd}-->")
    p = document.body.firstChild
    # the same JS string in its one Python spelling: the surrogate pair joined, the lone one kept
    odd = "\x01\x0b\uffff\ufffe\U000103ff\udc00"
    assert p.getAttribute("title") == odd
    assert p.firstChild.data == f"a{odd}b" and len(p.childNodes) == 1
    assert document.body.lastChild.data == odd
    assert p.outerHTML == f'<p title="{odd}">a{odd}b</p>'
    # the lxml mirror holds U+FFFD in their place and stays serializable
    from lxml import etree

    assert "a\ufffd" in etree.tostring(document.lxml_tree, encoding="unicode")


def test_text_pieces_make_one_text_node_with_the_true_data():
    # html5lib delivers this text as several character tokens (entities, NUL, CR handling)
    p = _html5lib("<p>x&amp;\x01y&lt;\uffffz&#x1;\r\n</p>").body.firstChild
    assert [t.data for t in p.childNodes] == ["x&\x01y<\uffffz\x01\n"]


def test_svg_names_and_foreign_attribute_namespaces():
    document = _html5lib(
        '<svg viewBox="0 0 1 1" xml:lang=en xmlns:xlink=x xmlns=y><a xlink:href=#t xml:base=/b/></a>'
        "<foreignObject><p xlink:href=plain></p></foreignObject></svg>"
    )
    svg = document.body.firstChild
    assert svg.namespaceURI == SVG and svg.localName == "svg"
    assert svg.getAttribute("viewBox") == "0 0 1 1" and svg.attributes[0].localName == "viewBox"
    lang = svg.getAttributeNodeNS(XML, "lang")
    assert (lang.prefix, lang.localName, lang.name, lang.value) == ("xml", "lang", "xml:lang", "en")
    xlink_decl = svg.getAttributeNodeNS(XMLNS, "xlink")
    assert (xlink_decl.prefix, xlink_decl.name, xlink_decl.value) == ("xmlns", "xmlns:xlink", "x")
    xmlns = svg.getAttributeNodeNS(XMLNS, "xmlns")
    assert (xmlns.prefix, xmlns.name, xmlns.value) == (None, "xmlns", "y")
    a = svg.firstChild
    href = a.getAttributeNodeNS(XLINK, "href")
    assert (href.prefix, href.name, href.value) == ("xlink", "xlink:href", "#t")
    # html5lib 1.1 still adjusts xml:base (an older table than the current standard's): kept as it did
    assert a.getAttributeNS(XML, "base") == "/b/"
    foreign = svg.lastChild
    assert foreign.localName == "foreignObject"
    p = foreign.firstChild
    assert p.namespaceURI == "http://www.w3.org/1999/xhtml" and p.getAttribute("xlink:href") == "plain"
    assert p.attributes[0].namespaceURI is None
    assert document.querySelector("svg a").getAttributeNS(XLINK, "href") == "#t"


def test_doctype_and_quirks_modes():
    assert _html5lib("<p>").compatMode == "BackCompat"
    document = _html5lib("<!DOCTYPE html><p>")
    assert document.compatMode == "CSS1Compat" and document._mode == "no-quirks"
    assert document.doctype.name == "html" and document.firstChild is document.doctype
    limited = _html5lib(
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" '
        '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'
    )
    assert limited._mode == "limited-quirks" and limited.compatMode == "CSS1Compat"
    assert limited.doctype.publicId == "-//W3C//DTD XHTML 1.0 Transitional//EN"
    assert _html5lib('<!DOCTYPE html PUBLIC "-//W3O//DTD W3 HTML 3.0//EN">')._mode == "quirks"


def test_template_children_become_its_contents():
    document = _html5lib("<template id=t><p>x<template>y</template></p></template>")
    template = document.getElementById("t")
    assert len(template.childNodes) == 0
    p = template.content.firstChild
    assert p.localName == "p" and p.ownerDocument is not document
    assert p.lastChild.content.firstChild.data == "y"
    assert template.outerHTML == '<template id="t"><p>x<template>y</template></p></template>'
    assert document.querySelector("p") is None  # as in a browser: contents are not in the page
    assert template.cloneNode(True).content.firstChild.textContent == "x"


def test_fragments_with_html5lib():
    document = _html5lib("")
    fragment = parse_html_fragment("<tr><td>a\x01</td>", document.createElement("table"), parser="html5lib")
    assert fragment.firstChild.localName == "tbody"
    assert fragment.firstChild.textContent == "a\x01"
    assert fragment.ownerDocument is document
    svg = document.createElementNS(SVG, "svg")
    fragment = parse_html_fragment("<path/><p>x", svg, parser="html5lib")
    # html5lib 1.1 has no foreign fragment contexts (it would give an HTML path and drop the <p>);
    # fragments go through the standard's algorithm for every backend: an SVG path, then an HTML p.
    assert [(n.localName, n.namespaceURI) for n in fragment.childNodes] == [("path", SVG), ("p", HTML)]
    assert [n.localName for n in parse_html_fragment("<path/><p>x", svg).childNodes] == ["path", "p"]
    with pytest.raises(ValueError):
        parse_html_fragment("", svg, parser="nope")


def test_same_tree_as_the_default_parser_on_ordinary_markup():
    markup = (
        "<!DOCTYPE html><html lang=en><head><title>T</title><meta charset=utf-8></head>"
        "<body><table><tr><td>1<td>2</table><ul><li>a<li>b</ul><b>x<i>y</b>z</i>"
        "<svg><circle r=1 /></svg><math><mi>x</mi></math><!--c--></body></html>"
    )
    assert dump(_html5lib(markup)) == dump(parse_html(markup))


def test_a_100000_deep_document_parses_without_recursion():
    document = _html5lib("<span>" * 100_000 + "x")
    node, depth = document.body, 0
    while node.firstChild is not None and node.firstChild.nodeType == node.ELEMENT_NODE:
        node, depth = node.firstChild, depth + 1
    assert depth == 100_000 and node.textContent == "x"


def test_deeply_nested_templates_do_not_recurse():
    document = _html5lib("<template>" * 5000 + "x")
    node, depth = document.body.firstChild, 0  # html5lib 1.1 puts <template> in the body
    while node.nodeType == node.ELEMENT_NODE:
        node, depth = node.content.firstChild, depth + 1
    assert depth == 5000 and node.data == "x"
