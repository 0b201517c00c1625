"""The attribute census the C tree builder keeps (dom/cssom/attribute_census.h) gives the
cascade's index exactly what the walk over the tree gives: the same elements, in the same order,
for every wanted attribute name, id and class, in no-quirks and quirks mode; and it is handed
out only while the tree is as parsed."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dom
from dom.nodes.parsed_attribute_census import parsed_attribute_census
from dom.nodes.speedups import extension
from tests.conftest import REPO

BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "html"

pytestmark = pytest.mark.skipif(extension is None or not hasattr(extension, "index_attributes"),
                                reason="the C extension is not built (or WEBDOM_PURE_PYTHON is set)")


def _wanted(document: dom.Document) -> tuple[set[str], set[str], set[str]]:
    """Every id, class and attribute name of the document, in the case given and lowercased and
    uppercased, and a few nobody has."""
    ids, classes, names = {"absent", "ABSENT"}, {"absent", "Absent"}, {"absent", "hidden", "type"}
    for lx in document.documentElement._lx.iter("*"):
        for name, value in lx.attrib.items():
            if name.startswith("{"):
                continue
            names.add(name.lower())
            if name == "id":
                ids.update((value, value.lower(), value.upper()))
            elif name == "class":
                for token in value.replace("\f", " ").split():
                    classes.update((token, token.lower(), token.upper()))
    return ids, classes, names


def _index(document: dom.Document, census: Any, quirks: bool) -> tuple[Any, dict[tuple[str, str], list[Any]]]:
    ids, classes, names = _wanted(document)
    fold = quirks
    if fold:  # (the wanted ids and classes are lowercase in quirks mode, as the cascade asks for them)
        ids, classes = {n.lower() for n in ids}, {n.lower() for n in classes}
    index: dict[tuple[str, str], list[Any]] = {("#", n): [] for n in ids}
    index.update({(".", n): [] for n in classes})
    index.update({("@", n): [] for n in names})
    count = extension.index_attributes(document.documentElement._lx, ids, classes, names, fold, index, set(), census)
    return count, index


def _same_as_the_walk(document: dom.Document) -> int:
    census = parsed_attribute_census(document)
    assert census is not None
    entries = 0
    for quirks in (False, True):
        by_census, by_walk = _index(document, census, quirks), _index(document, None, quirks)
        assert by_census[0] == by_walk[0] == len(list(document.documentElement._lx.iter("*")))
        assert by_census[1].keys() == by_walk[1].keys()
        for key, elements in by_walk[1].items():
            assert by_census[1][key] == elements, key  # the same proxies, in tree order
            entries += len(elements)
    return entries


@pytest.mark.parametrize("page", ["wikipedia-42-number.html", "dailymail-article.html",
                                  "whatwg-html-spec-huge-page.html"])
def test_real_pages(page: str) -> None:
    path = BENCH_HTML / page
    if not path.exists():
        pytest.skip(f"{path} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    assert _same_as_the_walk(dom.parse_html(path.read_bytes())) > 1000


def test_shapes_the_walk_knows() -> None:
    """Repeated and mixed-case classes, white space of every kind, empty ids and classes, template
    contents (not in the tree), foreign elements, a table's foster-parented elements and the
    adoption agency's clones (the parser's tree order)."""
    document = dom.parse_html(
        "<!doctype html><div id=A class='a  B\ta\nb\rc A' data-x=1 HIDDEN><p id='' class=''>x</p>"
        "<template><p id=A class=a>in the content</p></template><svg viewBox='0 0 1 1' class=a><g id=g class='a b'/>"
        "</svg><table><tr><td class=c>1</td><p class=a id=f>fostered</p></table>"
        "<b class=a id=b1><i class=b>1<p class=c>2</b>3</i></p>" + "<span class='s a' id=s>s</span>" * 50
        + "<p class='" + " ".join(f"k{i} a k{i % 7}" for i in range(90)) + "' id=many>many classes</p>")
    assert _same_as_the_walk(document) > 50


class_names = st.sampled_from(["a", "A", "b", "c", "a-b", "é", "x\u2014y"])
attribute_values = st.lists(st.tuples(st.sampled_from(["", " ", "\t", "\n", "  ", "\r\n"]), class_names),
                            max_size=4).map(lambda pairs: "".join(space + name for space, name in pairs) + " ")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(["div", "p", "td", "li", "b", "svg", "template", "table", "span"]),
                          attribute_values, st.sampled_from(["", "a", "A", "b", "x"]),
                          st.sampled_from(["", " hidden", " type=a", " data-k=v", " TYPE=b"])),
                min_size=1, max_size=30),
       st.booleans())
def test_generated_markup(elements: list[tuple[str, str, str, str]], quirks: bool) -> None:
    markup = "" if quirks else "<!doctype html>"
    for tag, classes, identifier, more in elements:
        markup += f"<{tag} class='{classes}' id='{identifier}'{more}>t"
    _same_as_the_walk(dom.parse_html(markup))


def test_none_where_the_reference_builds() -> None:
    """A document holding what lxml refuses (a form feed: the mirror keeps a stand-in) is built
    by the reference, which keeps no census."""
    assert parsed_attribute_census(dom.parse_html("<!doctype html><p class='a\fb'>x")) is None


def test_only_while_the_tree_is_as_parsed() -> None:
    document = dom.parse_html("<!doctype html><p class=a id=x>a</p><p class=b>b</p>")
    assert parsed_attribute_census(document) is not None
    document.querySelector("p").className = "b"
    assert parsed_attribute_census(document) is None
    # the cascade then walks: the class set after the parse is found
    style = document.createElement("style")
    style.textContent = ".b { display: none }"
    document.head.append(style)
    assert document.body.innerText == ""


def test_namespaced_attributes() -> None:
    """Beside a namespaced attribute (which lxml stores, picking its prefix), the others are read
    back from the element; the walk passes over the namespaced ones, and so does the census."""
    document = dom.parse_html("<!doctype html><svg><a xlink:href=#x class='a b' id=l data-q>x</a><use xlink:href=#y/>"
                              "</svg><template><svg><a xlink:href=#x class=a>x</a></svg></template><p class=a>")
    assert _same_as_the_walk(document) >= 4


def test_a_template_the_declarative_pass_left_keeps_its_attributes_for_the_cascade() -> None:
    """The parse renames shadowrootmode for turbohtml and sets the template's attributes again
    (dom/parsing/turbohtml_builder.py): the census noted before that is not handed out, so a
    query finds the attribute by its name, and the index reads none of the attributes the
    renaming freed (the template's id here)."""
    document = dom.parse_html(
        b"<style>#t { display: block }</style>"
        b"<div><template shadowrootmode=bogus id=t class=c><i>x</i></template></div>")
    template = document.querySelector("template")
    assert template.getAttribute("shadowrootmode") == "bogus"
    assert parsed_attribute_census(document) is None
    assert document.defaultView.getComputedStyle(template).display == "block"
    assert list(document.querySelectorAll("[shadowrootmode]")) == [template]
