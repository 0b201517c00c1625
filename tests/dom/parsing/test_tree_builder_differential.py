"""The C tree builder (dom/parsing/tree_builder_speedups.c) against its Python reference
(dom/parsing/turbohtml_builder.py, _TurboBuilder): the same libxml2 tree -- namespace
declarations, attribute order and prefixes included -- and the same DOM, on every
html5lib-tests document, the bench pages, the Chromium differential corpus and hostile markup."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

import dom.parsing.turbohtml_builder as turbo
from dom.nodes.speedups import extension
from dom.parsing import parse_html
from tests.conftest import REPO
from tests.dom.parsing.differential.compare import load_cases
from tests.dom.parsing.test_html5lib_tree import DIR as HTML5LIB_DIR
from tests.dom.parsing.test_html5lib_tree import _read_cases

BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "html"

_MADE_UP_PREFIX = re.compile(rb"\bns[0-9]+\b")


def test_an_extension_built_has_its_tree_builder() -> None:
    """The two C files build into one extension (setup.py): where it loads, the builder works."""
    if extension is None:
        pytest.skip("the C extension is not in use (WEBDOM_PURE_PYTHON set, or built without a compiler)")
    assert turbo._TreeBuilder is extension.TreeBuilder


needs_c = pytest.mark.skipif(turbo._TreeBuilder is None, reason="the C extension with its tree builder is not built")

HOSTILE = [
    "",
    "x",
    "<!--a--><!--b--><html><!--c-->",
    "<html a=1 b=2><body c=3>",
    "<p " + " ".join(f"a{i}=v" for i in range(200)) + ">",  # a long attribute list
    "<svg " + " ".join(f"xlink:href{i}=v" for i in range(70)) + " xlink:href=u>",
    "<svg><a xlink:href=u xml:lang=en xmlns:xlink=x xmlns=y><math><mi xlink:title=t><svg><g>",
    "<div @click=f :class=c x-on:click=g v-bind:a=b>t</div>",  # names lxml refuses
    "<my:tag a:b=c><Unknown-Tag>",
    "<template><template><p>a</p></template>b<svg><a xlink:href=u></a></svg></template>tail",
    "<template shadowrootmode=open><p>shadow</p></template>",
    "<div><template ShadowRootMode=open shadowrootclonable><div><template SHADOWROOTMODE=closed>x</template>",
    "<p>\x01\x0b\ufffe</p><!--\x02-->",  # strings lxml refuses: the reference stores them
    "<p title='\x03'>",
    "<p>" + "<b>" * 600,  # deeper than turbohtml nests
    "<table><tr><td>a<form><input></table><input>",
    "&#0;&#x1;&#xFFFF;&#x10FFFF;",
    "<?pi data?><!DOCTYPE html PUBLIC '-//W3C//DTD HTML 4.01//EN'><p>",
]


def _lxml_trees(document: Any) -> list[bytes]:
    """The libxml2 trees: the document's, then each template content's, in document order.  The
    prefixes lxml makes up for attribute namespaces (ns0, ns1: numbered per libxml2 document,
    and template contents are built in another document by the reference) are not compared."""
    out = []
    pending = [document]
    while pending:
        node = pending.pop(0)
        root = node.documentElement if hasattr(node, "documentElement") else node
        if root is None:
            out.append(b"")
            continue
        out.append(_MADE_UP_PREFIX.sub(b"ns", etree.tostring(root._lx)))
        for template in root.querySelectorAll("template"):
            if template.namespaceURI == "http://www.w3.org/1999/xhtml":
                pending.append(template.content)
    return out


def _dom(document: Any) -> Iterator[tuple[Any, ...]]:
    """What script sees of every node, template contents included."""
    yield ("mode", document.compatMode, document.characterSet)
    stack = [document]
    while stack:
        node = stack.pop()
        kind = node.nodeType
        if kind == 1:
            yield (
                "element",
                node.namespaceURI,
                node.prefix,
                node.localName,
                tuple((a.namespaceURI, a.prefix, a.localName, a.value) for a in node.attributes),
            )
            if node.localName == "template" and node.namespaceURI == "http://www.w3.org/1999/xhtml":
                stack.append(node.content)
        elif kind == 10:
            yield ("doctype", node.name, node.publicId, node.systemId)
        elif kind in (3, 7, 8):
            yield (kind, node.nodeName, node.nodeValue)
        else:
            yield (kind,)
        stack.extend(reversed(list(node.childNodes)))


def _both(markup: str | bytes) -> tuple[Any, Any]:
    made_in_c = parse_html(markup)
    builder = turbo._TreeBuilder
    turbo._TreeBuilder = None
    try:
        reference = parse_html(markup)
    finally:
        turbo._TreeBuilder = builder
    return made_in_c, reference


def _assert_same(markup: str | bytes) -> None:
    made_in_c, reference = _both(markup)
    assert _lxml_trees(made_in_c) == _lxml_trees(reference)
    assert list(_dom(made_in_c)) == list(_dom(reference))
    for selector in ("a", "*|a", "svg *", "[href]"):  # the parser's note on namespaced elements
        assert [e.namespaceURI for e in made_in_c.querySelectorAll(selector)] == [
            e.namespaceURI for e in reference.querySelectorAll(selector)
        ]


@needs_c
@pytest.mark.parametrize("markup", HOSTILE)
def test_hostile_markup(markup: str) -> None:
    _assert_same(markup)


@needs_c
def test_html5lib_documents() -> None:
    if not HTML5LIB_DIR.exists():
        pytest.skip(f"{HTML5LIB_DIR} not found: put shared/ beside the repository or set WEBDOM_CONFORMANCE")
    cases = [case for _, _, case in _read_cases() if case["fragment"] is None and case["script"] != "on"]
    assert len(cases) > 1000
    for case in cases:
        _assert_same(case["data"])


@needs_c
def test_bench_pages() -> None:
    pages = sorted(BENCH_HTML.glob("*.html")) if BENCH_HTML.exists() else []
    if not pages:
        pytest.skip(f"{BENCH_HTML} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    for page in pages:
        _assert_same(page.read_bytes())


@needs_c
def test_chromium_differential_corpus() -> None:
    documents = [case["input"] for case in load_cases()[1] if case["context"] is None]
    assert len(documents) > 1000
    for markup in documents:
        _assert_same(markup)


@needs_c
def test_the_c_builder_is_what_parses() -> None:
    """The fast path is taken for ordinary markup (a test of this file's premise)."""
    built = turbo._build_document_in_c("<!DOCTYPE html><p class=x>t<svg><a xlink:href=u></a></svg><template><i>")
    assert built is not None
    document, html_names = built
    assert document.querySelector("svg a").getAttributeNS("http://www.w3.org/1999/xlink", "href") == "u"
    # the HTML elements made, template contents included (the svg elements are not HTML ones)
    assert html_names == {"html", "head", "body", "p", "template", "i"}
    assert turbo._build_document_in_c("<p>\x01") is None  # stored by the reference


_NOTED_MARKUP = [
    "<link rel=stylesheet href=a><style>p{}</style><form id=f><input></form>",
    # foreign style elements, template contents and a form the parser drops are not listed
    "<svg><style>s{}</style></svg><template><style>t{}</style><form></form></template>"
    "<form id=1><form id=2></form><math><link></math><table><form id=3><style>u{}</style></table>",
    "<p>no sheet, no form<script>s()</script><template><script>t()</script></template><svg><script/></svg>",
    "<meta charset=utf-8><p><meta http-equiv=content-type content='text/html; charset=koi8-r'>"
    "<template><meta charset=x></template><svg><meta charset=y></svg>",
]


@needs_c
@pytest.mark.parametrize("markup", _NOTED_MARKUP)
def test_the_c_builder_notes_what_a_walk_finds(markup: str) -> None:
    """The style, link, form, script and meta elements the C builder lists as it makes them (the
    style sheets' owners, the form element pointer's forms, the scripts to prepare and the metas
    that may declare the encoding while the tree is as parsed) are those a walk over the finished
    tree finds, in tree order."""
    from dom.cssom.parsed_sheet_owners import PARSED_OWNERS
    from dom.parsing.encoding_change import PARSED_METAS
    from dom.parsing.form_pointer import PARSED_FORMS
    from dom.parsing.script_preparation import PARSED_SCRIPTS

    built = turbo._build_document_in_c(markup)
    assert built is not None
    document = built[0]
    root = document.documentElement._lx
    owners = document._memo_entry(PARSED_OWNERS, None)
    forms = document._memo_entry(PARSED_FORMS, None)
    assert owners is not None and owners[0] == document._version
    assert forms is not None and forms[0] == document._version
    assert owners[1] == list(root.iter("style", "link"))
    assert forms[1] == list(root.iter("form"))
    scripts = document._memo_entry(PARSED_SCRIPTS, None)
    assert scripts is not None and scripts[0] == document._version
    assert scripts[1] == list(root.iter("script"))
    metas = document._memo_entry(PARSED_METAS, None)
    assert metas is not None and metas[0] == document._version
    assert metas[1] == list(root.iter("meta"))


def test_sheets_and_forms_follow_mutations_after_parsing() -> None:
    """After a mutation the lists noted at parse time are not used: a style element inserted or
    removed changes document.styleSheets; the form element pointer still associates a control
    made after its form was closed."""
    document = parse_html("<style>p{display:none}</style><p>hidden<div>shown</div>")
    assert document.body.innerText == "shown"
    assert len(document.styleSheets) == 1
    document.querySelector("style").remove()
    assert len(document.styleSheets) == 0
    assert document.body.innerText == "hidden\n\nshown"  # a p is followed by two line breaks
    added = document.createElement("style")
    added.textContent = "div{display:none}"
    document.head.append(added)
    assert len(document.styleSheets) == 1
    assert document.body.innerText == "hidden"
    kept = parse_html("<div><form id=f></div><input id=i>")
    assert kept.getElementById("i").form is kept.getElementById("f")


def _edit_short_strings(document: Any) -> list[str]:
    """Changes to texts and attribute values shorter than two pointers (the C builder keeps
    those in their libxml2 node), and what the tree reads after each."""
    seen = []
    first, second = document.querySelectorAll("p")
    text = first.firstChild
    text.appendData("-grown past sixteen bytes")
    seen.append(first.outerHTML)
    text.data = "s"
    first.append("t")
    first.normalize()
    seen.append(first.outerHTML)
    second.setAttribute("title", second.getAttribute("title") + "y" * 20)
    seen.append(second.outerHTML)
    copy = document.body.cloneNode(True)
    other = document.implementation.createHTMLDocument("")
    other.body.append(other.adoptNode(copy))
    seen.append(other.body.innerHTML)
    second.firstChild.splitText(1)
    seen.append(repr([n.data for n in second.childNodes]))
    document.body.textContent = "end"
    seen.append(document.documentElement.outerHTML)
    return seen


@needs_c
def test_short_strings_kept_in_their_node_change_as_others() -> None:
    markup = "<p>ab</p><p title=x>cd</p>"
    made_in_c, reference = _both(markup)
    assert _edit_short_strings(made_in_c) == _edit_short_strings(reference)


@needs_c
def test_case_insensitive_search() -> None:
    """The declarative-shadow-root check (parse_into reports no such template) against re."""
    find = extension.contains_ascii_case_insensitive
    rng = random.Random(7)
    for _ in range(20000):
        text = "".join(rng.choice("aAbBsS\u00e9\u017fx\U0001f600") for _ in range(rng.randrange(12)))
        needle = "".join(rng.choice("abs") for _ in range(rng.randrange(1, 4)))
        assert find(text, needle) == (re.search(re.escape(needle), text, re.IGNORECASE | re.ASCII) is not None)
    assert find("<template ShadowRootMode=open>", "shadowrootmode")
    assert not find("<template \u017fhadowrootmode=open>", "shadowrootmode")  # long s folds to s only in Unicode


_DECLARATIVE_MARKUP = [
    "<div><template shadowrootmode=open><p>in<slot></slot></template><span>out</span></div>",
    # nested, closed, clonable, upper case, a second template in one host (stays a template,
    # its attributes in their order), settings of every kind
    "<div><template SHADOWROOTMODE=closed shadowrootclonable><b><template shadowrootmode=open><i>x</i></template>"
    "</b></template><template data-a=1 shadowrootmode=open data-b=2><u>second</u></template></div>",
    "<template shadowrootmode=open id=t>at the top: no host</template><p><template shadowrootmode=bogus>b</template>",
    "<table><template shadowrootmode=open><td>t</td></template></table>",
]


@needs_c
@pytest.mark.parametrize("markup", _DECLARATIVE_MARKUP)
def test_declarative_shadow_roots_built_in_c(markup: str) -> None:
    """Markup declaring shadow roots is built by the C builder (shadowrootmode renamed for the
    parse, back in its place after), then attached by the declarative pass, as the reference's."""
    assert turbo._build_declarative_in_c(markup) is not None
    _assert_same(markup)
    made_in_c, reference = _both(markup)
    hosts = [e.outerHTML + e.shadowRoot.innerHTML for e in made_in_c.querySelectorAll("*") if e.shadowRoot]
    assert hosts == [e.outerHTML + e.shadowRoot.innerHTML for e in reference.querySelectorAll("*") if e.shadowRoot]
    # without "allow declarative shadow roots" the templates stay, named as written
    kept = parse_html(markup, declarative_shadow_roots=False)
    assert "shadowrootmode" in kept.documentElement.outerHTML and turbo._MODE_STAND_IN not in kept.documentElement.outerHTML


@needs_c
@pytest.mark.parametrize("markup", [
    "<div><template shadowrootmode=open>x</template></div><p>shadowrootmode in text",
    "<div><template shadowrootmode=open>x</template></div><!-- shadowrootmode -->",
    "<div><template data-shadowrootmode=open>x</template></div><p title=ShadowRootMode>",
    f"<div><template shadowrootmode=open>x</template></div><p {turbo._MODE_STAND_IN}=1>",
    "<div><template shadowrootmode=open>x</template></div><svg><template shadowrootmode=open/></svg>",
    "<div><template shadowrootmode=open>" * 300 + "x",  # past the nesting limit: justhtml's tree
])
def test_declarative_markup_the_reference_builds(markup: str) -> None:
    """Where shadowrootmode is more than a template's attribute name, the reference builds."""
    assert turbo._build_declarative_in_c(markup) is None
    _assert_same(markup)


# Characters of every width the C builder encodes itself (text_utf8: Latin-1 and UCS-2 strings,
# sixteen ASCII characters at a time) or leaves to CPython (ASCII, characters above U+FFFF), with
# those lxml refuses among them: controls, U+FFFE, U+FFFF and lone surrogates.
_ALPHABET = ["a", " ", "\n", "\t", "\r", "é", "\x85", "ÿ", "ā", "߿", "ࠀ", "中", "\ud7ff", "\ue000", "\ufffd",
             "\U0001f600", "\x01", "\x1f", "\ufffe", "\uffff", "\ud800", "\udfff", "<", "&"]


def _in_every_place(value: str) -> Iterator[str]:
    """Markup holding *value* as a text, an attribute value, a comment and a foreign attribute's
    value (each alone: one string lxml refuses leaves the whole document to the reference)."""
    quoted = value.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;")
    yield f"<p>{quoted}</p>"
    yield f"<p title='{quoted}'>"
    yield f"<!--{value.replace('-', '')}--><p>"
    yield f"<svg><a xlink:href='{quoted}'>t</a></svg>"


@needs_c
def test_text_of_every_width() -> None:
    runs = ["x" * 15, "y" * 16, "z" * 33, "w" * 9000]  # (the last: longer than the builder's scratch buffer)
    for width in ("é", "中", "\U0001f600", ""):
        for bad in ("", "\x01", "\ufffe", "\ud800", "\x7f"):
            for run in runs:
                for value in (run + width + bad + run, bad + run + width, width + run + bad):
                    for markup in _in_every_place(value):
                        _assert_same(markup)
    chooser = random.Random(27)
    for _ in range(300):
        value = "".join(chooser.choice(_ALPHABET) * chooser.choice((1, 1, 2, 17)) for _ in range(chooser.randint(0, 12)))
        for markup in _in_every_place(value):
            _assert_same(markup)


@needs_c
def test_clean_text_of_every_width_is_built_in_c() -> None:
    """The C builder keeps what it encodes itself (it does not leave it to the reference)."""
    text = "déjà vu ā 中文 " * 3 + "plain ascii text, longer than sixteen" + "\U0001f600"
    document = turbo._build_document_in_c(f"<p title='{text}'>{text}<!--{text}-->")
    assert document is not None
    paragraph = document[0].querySelector("p")
    assert paragraph is not None and paragraph.textContent == text and paragraph.getAttribute("title") == text
    assert paragraph.firstChild is not None and paragraph.lastChild is not None
    assert paragraph.lastChild.nodeValue == text
