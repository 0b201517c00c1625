"""The cascade's index by id, class, tag and attribute (dom/cssom/cascade.py), with the user agent
rules it matches by an element's name (dom/cssom/user_agent_types.py), finds exactly the
elements that evaluating every selector over the whole document finds: on the real pages of
../shared/bench-data/html (with their own sheets and the user agent sheet) and a generated page."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

import dom
from dom.cssom import cascade as cascade_module
from dom.cssom import type_chains
from dom.cssom.type_chains import type_chain_matches
from dom.nodes.speedups import extension
from dom.selectors.engine import matching_in_document
from tests.conftest import REPO

BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "html"
GENERATED = """<!DOCTYPE html><style>
td { color: red } tr[hidden] { display: none } .a.b > p:first-child { margin: 0 } #x, .y { width: 1px }
:is(ul, ol) li { color: blue } [data-x] { color: green } table[rules=none i] > tr > td { color: red }
:heading { color: red } a:link { color: blue } .missing td { color: red } * + p { color: red }
p:hover, div > p:visited:first-child { display: none } :is(:hover, .b) > p { display: block } :not(:hover) > h2 { top: 0 }
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
    # (the user agent's type selectors alone match by the element's name: user_agent_types.py)
    got = {lx: len(cascade.matched.get(lx, ())) + len(cascade.named(lx.tag))
           for lx in document.documentElement._lx.iter("*")}
    assert {lx: count for lx, count in got.items() if count} == expected
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


def test_tags_below_few_anchors() -> None:
    """A selector whose rightmost compound names only tags takes its candidates below the few
    elements a class or id on its left finds (nested anchors, child chains, a sibling
    combinator before the anchor), with the same matches as evaluating it over the document."""
    markup = ("<!DOCTYPE html><style>.n p { color: red } .n > .n > p { color: red } h2 + .n span { color: red }"
              "#top li > a, #nowhere li { color: red } .n :is(ul, ol) li { color: red } .n > p + p { color: red }"
              "</style>" + "<div><p>x</p><ul><li><a>a</a></ul></div>" * 300
              + "<h2>h</h2><div class=n id=top><p>a<span>s</span></p><div class=n><p>b</p><p>c</p>"
                "<ol><li><a>l</a></li></ol></div></div>")
    document = dom.parse_html(markup)
    cascade = cascade_module.Cascade(document)
    cascade._match_user_agent()
    first = cascade_module._selectors(cascade_module.document_sheets(document), cascade.viewport)[0]
    below = cascade._below_anchors(first, first.keys[-1], 64, lambda kind, name: name)
    assert below is not None and [lx.text for lx in below] == ["a", "b", "c"]  # .n p: nested anchors once
    assert _brute_force_equal(document) > 200


def test_subtrees_exact_compounds_and_focus() -> None:
    """Selectors found by a query below the few elements of a compound on their left (a
    sibling combinator after it: below their parents, https://drafts.csswg.org/selectors-4/#combinators),
    by their index keys alone (ids, classes, a type, attribute names, :link:
    https://html.spec.whatwg.org/#selector-link, an SVG element with the attribute tested) and
    by the focused element (:focus, :focus-visible, :focus-within), and tested by their
    language (https://drafts.csswg.org/selectors-4/#the-lang-pseudo) match as evaluating them
    over the document."""
    markup = ("<!DOCTYPE html><style>.s ~ div td { color: red } .s + * * { color: red } #t > tr + tr > * { color: red }"
              ".k > * { color: red } .k ~ * > * { color: red } a:link.q, .q.r, abbr[title], [title].q, area:any-link"
              " { color: red } :focus { color: red } :focus-visible > b, :focus-within > i { color: red }"
              "a:lang(ar), p:lang(en), .q:lang(\"\"), b:lang(\"de-*-CH\") { color: red }</style>"
              "<meta http-equiv=content-language content=en-GB>"
              + "<div><table><tr><td>x<td>y</table><a href=#>l</a><abbr title=t>a</abbr></div>" * 200
              + "<p class=s>s</p><div><table id=t><tr><td>1<tr><td>2</table></div><div class=k><p>k</p></div><p>n<b>b</b>"
                "<a class='q r' href=#>q</a><span class=q title=x>t</span><svg><a class=q title=y /></svg>"
                "<map><area href=#></map><div><input id=f><i>i</i></div><div lang=ar-EG><p>p<a href=#>a</a></p>"
                "<p lang=''><a class=q>u</a><b lang=de-Latn-CH>b</b></p></div>")
    document = dom.parse_html(markup)
    document.getElementById("f").focus()
    assert _brute_force_equal(document) > 200
    selectors = {s.text: s for s in cascade_module._selectors(cascade_module.document_sheets(document),
                                                              cascade_module.viewport_of(document))}
    texts = ("a:link.q", ".q.r", "abbr[title]", ".s ~ div td", 'b:lang("de-*-CH")')
    assert [selectors[text].exact for text in texts] == [2, 1, 2, 0, 2]
    assert selectors[".s ~ div td"].downward == (False, True)


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


def _index_of(document: dom.Document) -> dict[tuple[str, str], list[object]]:
    cascade = cascade_module.Cascade(document)
    cascade._match_user_agent()
    return {key: list(found) for key, found in cascade.present.items()}


@pytest.mark.skipif(cascade_module._C_INDEX is None, reason="the C extension is not built (or WEBDOM_PURE_PYTHON is set)")
@pytest.mark.parametrize("page", ["wikipedia-42-number.html", "dailymail-article.html",
                                  "whatwg-html-spec-huge-page.html", None])
def test_c_index_walk_equals_the_reference(page: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The index's walk by attribute name, id, class and tag in C (dom/cssom/cascade_index_speedups.c)
    lists the elements the Python walk lists, in quirks and no-quirks mode (an element's class
    repeated, past the 16 classes it remembers); where it gives up
    midway (an attribute stored in a shape it leaves to Python), the lists it began are redone."""
    if page is None:
        markups = [GENERATED, GENERATED.replace("<!DOCTYPE html>", ""),
                   "<!DOCTYPE html><style>.Ab, #X, [HIDDEN], [data-\u00e9] { display: none }</style>"
                   "<p class='ab\u000cAb  ab' id=x HIDDEN data-\u00c9 data-\u00e9>a</p><p class=''>b</p>",
                   "<!DOCTYPE html><style>" + "".join(f".c{i} " + "{ color: red }" for i in range(20)) + "</style>"
                   "<p class='" + " ".join(f"c{i % 20}" for i in range(45)) + " x'>many classes</p>",
                   # (quirks mode: names folded; the C walk passes over names by their first byte
                   # and length first: long names share a length bucket, short ones a first byte)
                   "<style>." + "L" * 70 + ", #Yz, .q, [Ab] { display: none }</style>"
                   "<p class='" + "l" * 70 + " " + "l" * 71 + " Q qq " + "L" * 64 + "' id=yZ aB>a</p>"
                   "<p id=Y class=' q'>b</p><p id=yz0 ab=1>c</p>"]
        documents = [dom.parse_html(markup) for markup in markups]
    else:
        path = BENCH_HTML / page
        if not path.exists():
            pytest.skip(f"{path} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
        documents = [dom.parse_html(path.read_bytes())]
    real = cascade_module._C_INDEX

    def gives_up(*args: object) -> None:
        real(*args)
        return None

    for document in documents:
        in_c = _index_of(document)
        monkeypatch.setattr(cascade_module, "_C_INDEX", gives_up)
        assert _index_of(document) == in_c
        monkeypatch.setattr(cascade_module, "_C_INDEX", None)
        assert _index_of(document) == in_c
        monkeypatch.setattr(cascade_module, "_C_INDEX", real)


def test_types_joined_by_descendant_combinators() -> None:
    """Selectors of types alone joined by descendant combinators (the user agent sheet's nested
    lists, AnalysedSelector.tag_chain) are matched by their elements' nearest ancestors of each
    compound's types: the same elements as the query over the document, foreign elements too."""
    document = dom.parse_html("<!DOCTYPE html><style>menu ol li b { color: red } :is(ul, ol) :where(ul) li { top: 0 }"
                              " section p i { color: blue } p section i { color: green }</style>"
                              "<ul><li><ol><li><ul><li><b>x</b></ul></ol><li>y</ul><menu><li><ol><li><p><b>z</b></ol>"
                              "</menu><dir><dl><dd><menu><li>w</menu></dl></dir><section><p><span><i>i</i></span>"
                              "</section><ol id=host></ol>")
    from dom.cssom.selector_keys import analysed
    from dom.selectors.parser import parse_selector_list

    assert analysed(parse_selector_list(":is(ul, ol) :where(ul) li"), ":is(ul, ol) :where(ul) li")[0].tag_chain == (
        ("ul", "ol"), ("ul",), ("li",))
    assert not analysed(parse_selector_list("ul > li"), "ul > li")[0].tag_chain
    assert not analysed(parse_selector_list("ul li.x"), "ul li.x")[0].tag_chain
    _brute_force_equal(document)
    svg = "http://www.w3.org/2000/svg"
    foreign = document.createElementNS(svg, "ul")  # a type selector without a namespace matches it
    foreign.appendChild(document.createElementNS(svg, "ol")).appendChild(document.createElement("ul"))
    document.getElementById("host").appendChild(foreign)
    _brute_force_equal(document)


def test_candidates_by_their_parents_keys() -> None:
    """A selector whose rightmost compound a child combinator joins to the one before (``table >
    tr``) tests only the candidates whose parent has that compound's keys: the same matches as
    evaluating it over the document, with rows a script put right in a table."""
    document = dom.parse_html(
        "<!DOCTYPE html><style>.k > p { color: red } div > #x { color: red } [data-a] > span { color: red }"
        ":is(section, div) > p { color: red }</style>"
        + "<div class=k><p>1</p><span id=x>2</span></div><section data-a><span>3</span><p>4</p></section>" * 50)
    for _ in range(3):
        table = document.createElement("table")
        table.append(document.createElement("tr"))
        document.body.append(table)
    assert _brute_force_equal(document) > 200
    cascade = cascade_module.Cascade(document)
    cascade._match_user_agent()
    assert sum(1 for lx in cascade.matched if lx.tag == "tr") == 3  # table > tr


def test_child_chains_from_few_anchors(monkeypatch: pytest.MonkeyPatch) -> None:
    """A selector whose compounds right of one the index narrows to few elements are joined by
    child and next-sibling combinators (``#t > table > tbody > tr > td:first-child + td``, ``table > tr``) is
    matched down from that compound's elements (anchored_selectors.py): the same matches as
    evaluating it over the document, with nested anchors, runs of siblings, a sibling combinator
    right after the anchor and relations on its left."""
    from dom.cssom import anchored_selectors

    rows = "".join(f"<tr><td>{i}<td class=v>{i}<td>x" for i in range(150))
    document = dom.parse_html(
        "<!DOCTYPE html><style>#t > table > tbody > tr > td:first-child + td { color: red }"
        "#t > table > tbody > tr > td:last-child { color: blue } .n > .n > p { top: 0 }"
        ".n > p + p + ul > :first-child { left: 0 } h2 + .n > p { right: 0 } .n + div > p { bottom: 0 }"
        "section .n > p:first-child { width: 1px } .n > :not(p) { height: 1px } .m > span { top: 1px }"
        ".n > :first-child + p + ul > :last-child { top: 2px } .m > b:first-child:last-child > span { top: 3px }"
        ".m > :last-child + b, #t > table > tbody > :first-child > td:last-child { top: 4px }</style>"
        f"<div id=t><table>{rows}</table></div>"
        + "<div><p>x</p><ul><li>y</ul></div>" * 200
        + "<h2>h</h2><div class=n><p>a</p><p>b</p><ul><li>c</ul><div class=n><p>d</p><p>e</p><ul><li>f</ul></div></div>"
          "<div><p>g</p></div><section><div class=n><p>i</p></div></section>"
        + "<div class=m>" + "<span>s</span><b><span>t</span></b>" * 20 + "</div>")
    answered: list[str] = []
    real = anchored_selectors.matching_from_anchors

    def noted(document: object, text: str, position: int, anchors: list[object]) -> list[object] | None:
        found = real(document, text, position, anchors)
        if found is not None:
            answered.append(text)
        return found

    monkeypatch.setattr(anchored_selectors, "matching_from_anchors", noted)
    assert _brute_force_equal(document) > 200
    assert "#t > table > tbody > tr > td:first-child + td" in answered and ".n > p + p + ul > :first-child" in answered
    assert "table > tr" in answered  # (the user agent's rule, from the page's one table: tags anchor too)
    assert ".m > span" in answered  # (forty spans below the anchor: one query, not forty tests)
    assert ".n > :first-child + p + ul > :last-child" in answered  # (the third child, the last: by position)
    cascade = cascade_module.Cascade(document)
    cascade._match_user_agent()
    red = [lx for lx, entries in cascade.matched.items() if any(e[3].get("color") and e[3]["color"].value == "red"
                                                                 for e in entries)]
    assert len(red) == 150 and all(lx.get("class") == "v" for lx in red)


def test_chains_of_types_that_matched_nothing() -> None:
    """A chain of types of two compounds that matches nothing (``:is(ol, ul) :is(ol, ul)`` on a
    page without nested lists) answers for the chains that follow it in the same sheet whose two
    compounds in a row name fewer types (``:is(ol, ul) ul``, ``ol ul li``): they match nothing
    either, without a walk; with nested lists, all match as the query over the document finds."""
    flat = dom.parse_html("<!DOCTYPE html>" + "<ul><li>a</ul><ol><li>b</ol><div><ul><li>c</ul></div>" * 100)
    cascade = cascade_module.Cascade(flat)
    cascade._match_user_agent()
    unrelated: list[tuple[set[str], set[str]]] = []
    assert type_chain_matches(cascade, (("ol", "ul"), ("ol", "ul")), unrelated) == []
    assert unrelated == [({"ol", "ul"}, {"ol", "ul"})]
    assert type_chain_matches(cascade, (("ol",), ("ul",), ("li",)), unrelated) == []
    assert len(type_chain_matches(cascade, (("ul",), ("li",)), unrelated) or ()) == 200  # (not a pair it knows)
    _brute_force_equal(flat)
    nested = dom.parse_html("<!DOCTYPE html>" + "<ul><li>a<ol><li>b<ul><li>c</ul></ol></ul>" * 100)
    _brute_force_equal(nested)


def test_tags_narrow_few_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Few candidates (the elements with a ``type`` attribute) are narrowed by the rightmost
    compound's tags before they are tested, by the elements' tags (not a set of the listed li of
    the page), and tested by one query over them all (matching_among): only dfn and li are
    tested, and the matches are those of the query over the document."""
    document = dom.parse_html("<!DOCTYPE html><style>dfn[type=a] { color: red } li[type=a s] { top: 0 }</style>"
                              + "<ol type=i><li>x<li type=a>a<li type=A>b</ol><input type=a><script type=a></script>"
                              + "<dfn type=a>d</dfn>" * 3 + "<ul><li>y</ul>" * 300)
    tested: list[tuple[str, str]] = []
    real = cascade_module.matching_among

    def noting(document: object, text: str, candidates: list[Any]) -> list[Any] | None:
        tested.extend((text, lx.tag) for lx in candidates)
        return real(document, text, candidates)

    monkeypatch.setattr(cascade_module, "matching_among", noting)
    # (the way tested here, not the verdicts of compounds of a type and attributes: compound_verdicts.py)
    monkeypatch.setattr(cascade_module, "by_verdicts", lambda cascade, selector: None)
    assert _brute_force_equal(document) > 200
    assert [tag for text, tag in tested if text == "dfn[type=a]"] == ["dfn"] * 3
    assert {tag for text, tag in tested if text == "li[type=a s]"} == {"li"}


def test_elements_by_tag_in_c_as_the_reference() -> None:
    """The cascade's filter of lxml elements by tag (with_tags: elements_named in C when built)
    keeps what ``lx.tag in names`` keeps: elements in no namespace by name, never a foreign
    element or a comment, the reference's answer for names it leaves (braces, many names)."""
    from dom.cssom.selector_keys import with_tags

    document = dom.parse_html("<!DOCTYPE html><a href=#>x</a><area href=#><svg><a href=#>y</a></svg><!--c--><p>z")
    elements = list(document.documentElement._lx.iter())
    assert any(not isinstance(lx.tag, str) for lx in elements)  # (a comment)
    for names in ({"a", "area"}, {"a"}, {"svg", "p"}, {"{http://www.w3.org/2000/svg}a"}, {f"x{i}" for i in range(20)}
                  | {"p"}, set()):
        assert with_tags(elements, names) == [lx for lx in elements if lx.tag in names], names
    from dom.nodes.speedups import extension

    if extension is not None:
        assert extension.elements_named(elements, ("a", "p")) == [lx for lx in elements if lx.tag in ("a", "p")]
        assert extension.elements_named(elements, ("{x}a",)) is None
        assert extension.elements_named([*elements, "not an element"], ("a",)) is None


@pytest.mark.parametrize("doctype", ["<!DOCTYPE html>", ""], ids=["no-quirks", "quirks"])
def test_one_query_over_candidates_as_a_test_of_each(doctype: str) -> None:
    """matching_among (the cascade's few candidates tested by one query) keeps, in the
    candidates' order, the elements a test of each keeps: with :root, :dir(), :lang(), :scope
    (left to the tests), structural and sibling selectors, classes in quirks mode."""
    from dom.selectors.engine import element_matcher, matching_among

    document = dom.parse_html(doctype + "<html lang=en><body><p class=A dir=rtl>a<p>b<span>c</span><p lang=fr>d"
                              "<svg><a>e</a></svg><input type=text><b>f</b><i>g</i></body></html>")
    candidates = list(document.documentElement._lx.iter("*"))[::-1]  # (not in tree order)
    for text in (":root", "html", ":dir(rtl)", ":lang(fr)", "p + p", ":nth-child(2)", ".a", ".A", "p:not(.A)",
                 "body > *:last-child", "input[type=TEXT i]", "a", "*", "b ~ i, span", ":scope"):
        test = element_matcher(document, text)
        expected = [lx for lx in candidates if test(lx)]
        found = matching_among(document, text, candidates)
        assert (found if text != ":scope" else expected) == expected, text
        if text == ":scope":
            assert found is None


def _nested_lists(rng: random.Random) -> str:
    """A random tree of lists, list items and other elements, nested up to six deep."""
    def element(depth: int) -> str:
        name = rng.choice(["ul", "ol", "dl", "menu", "dir", "li", "div", "section", "b"])
        inner = "".join(element(depth + 1) for _ in range(rng.randrange(3))) if depth < 6 else ""
        return f"<{name}>{inner}x</{name}>"
    return "<!DOCTYPE html>" + "".join(element(0) for _ in range(8))


@pytest.mark.parametrize("seed", range(12))
def test_chains_of_types_in_c_as_the_reference(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The walks up from each element of a chain of types in C (with_named_ancestors,
    dom/cssom/type_chain_speedups.c) keep the elements the reference's walks by lxml keep, in
    the same order: on random nested lists, for the user agent sheet's chains and others; and
    the function alone with foreign elements of the lists' names in the tree, which it passes by."""
    document = dom.parse_html(_nested_lists(random.Random(seed)))
    lists = ("dir", "dl", "menu", "ol", "ul")
    chains = [(lists, lists), (lists[1:], ("dir", "menu", "ul")), (("dir", "menu", "ol", "ul"),) * 2 + (("ul",),),
              (("ul",), ("li",)), (("ol", "div"), ("li",), ("b", "ul")), (("section",), ("b",))]
    cascade = cascade_module.Cascade(document)
    cascade._match_user_agent()
    in_c = [type_chain_matches(cascade, chain, []) for chain in chains]
    monkeypatch.setattr(type_chains, "_WITH_NAMED_ANCESTORS", None)
    cascade = cascade_module.Cascade(document)
    cascade._match_user_agent()
    assert in_c == [type_chain_matches(cascade, chain, []) for chain in chains]
    assert any(in_c)
    walk = getattr(extension, "with_named_ancestors", None)
    if walk is None:
        return
    svg = "http://www.w3.org/2000/svg"
    for index, element in enumerate(list(document.querySelectorAll("li, b"))[::3]):
        foreign = element.appendChild(document.createElementNS(svg, "ul" if index % 2 else "ol"))
        foreign.appendChild(document.createElement("ul")).appendChild(document.createElement("li"))
    elements = list(document.documentElement._lx.iter())
    for chain in chains:
        def reference(lx: Any, chain: tuple[tuple[str, ...], ...] = chain) -> bool:
            for names in reversed(chain[:-1]):
                lx = next(lx.iterancestors(*names), None)
                if lx is None:
                    return False
            return True
        assert walk(elements, chain[:-1]) == [lx for lx in elements if reference(lx)]


def test_keys_no_element_has_in_quirks_mode() -> None:
    """In quirks mode the index folds ids and classes to lowercase (as the selectors' match
    them): a selector whose class or id no element has, in any case, is passed over
    (selector_keys.ruled_out), one whose class an element has in another case is not."""
    document = dom.parse_html("<style>.Big p, #Top { color: red } .missing b, #none { color: blue }</style>"
                              + "<div class=big id=TOP><p>x</p><b>y</b></div>" * 50)
    assert document.compatMode == "BackCompat"
    _brute_force_equal(document)
    cascade = cascade_module.Cascade(document)
    cascade._match_user_agent()
    assert sum(1 for lx in cascade.matched if lx.tag in ("p", "div")) == 100
