"""The cascade brought up to date after mutations (dom/cssom/style_invalidation.py) answers as a
cascade made from scratch: every element's computed values (all longhands) and the author
declarations innerText reads, after each of random sequences of attribute, style attribute,
child-list and text mutations on generated documents with generated sheets, and after a few
mutations of a real page of ../shared/bench-data/html."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dom
from dom.cssom.cascade import Cascade, cascade_of
from dom.cssom.computed_style import computed_values_of
from dom.nodes.identity import node_for
from tests.conftest import REPO

BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "html"

_TAGS = ("div", "p", "span", "li", "section")
_CLASSES = ("a", "b", "c")
_SIMPLE = (".a", ".b", ".c", "#x", "#y", "[data-k]", '[data-k="1"]', "[title]", ":first-child", ":last-child",
           ":nth-child(2n+1)", ":nth-of-type(2)", ":not(.b)", ":not(p)", ":empty", ":only-child", ":is(.a, #y)",
           ":nth-child(odd of .c)", ":not(.a > *)", ":lang(fr)", ":dir(rtl)")
_DECLARATIONS = ("display: none", "display: inline", "display: block", "visibility: hidden", "float: left",
                 "position: absolute", "white-space: pre", "color: red", "color: blue", "font-size: 2em",
                 "text-transform: uppercase", "margin-left: 1em", "text-align: right")


@st.composite
def _selector(draw: Any) -> str:
    out = ""
    for position in range(draw(st.integers(1, 3))):
        if position:
            out += draw(st.sampled_from((" ", " > ", " + ", " ~ ")))
        compound = draw(st.sampled_from(("", "", "*", *_TAGS))) + "".join(
            draw(st.lists(st.sampled_from(_SIMPLE), max_size=2)))
        out += compound or "*"
    return out


@st.composite
def _sheet(draw: Any) -> str:
    rules = []
    for _ in range(draw(st.integers(1, 8))):
        declarations = "; ".join(d + (" !important" if draw(st.booleans()) and draw(st.booleans()) else "")
                                 for d in draw(st.lists(st.sampled_from(_DECLARATIONS), min_size=1, max_size=3)))
        rule = f"{draw(_selector())} {{ {declarations} }}"
        media = draw(st.sampled_from(("", "", "(min-width: 1px)", "(max-width: 1px)")))
        rules.append(f"@media {media} {{ {rule} }}" if media else rule)
    return "\n".join(rules)


@st.composite
def _tree(draw: Any, depth: int = 0) -> str:
    out = []
    for _ in range(draw(st.integers(0 if depth else 1, 3 if depth < 3 else 0))):
        tag = draw(st.sampled_from(_TAGS))
        classes = " ".join(draw(st.lists(st.sampled_from(_CLASSES), max_size=2, unique=True)))
        attributes = f' class="{classes}"' if classes else ""
        if draw(st.integers(0, 5)) == 0:
            attributes += f' id="{draw(st.sampled_from(("x", "y")))}"'
        if draw(st.booleans()):
            attributes += f' data-k="{draw(st.sampled_from(("1", "2")))}"'
        text = draw(st.sampled_from(("", "t", " ")))
        out.append(f"<{tag}{attributes}>{text}{draw(_tree(depth + 1))}</{tag}>")
    return "".join(out)


_MUTATION = st.tuples(st.sampled_from(("class", "noclass", "id", "data", "nodata", "title", "style", "nostyle", "lang",
                                       "append", "insert", "remove", "text", "notext", "move", "sheet")),
                      st.integers(0, 10_000), st.integers(0, 10_000), st.sampled_from(_CLASSES + ("a b", "")),
                      st.booleans())


def _elements(document: Any) -> list[Any]:
    return [node_for(lx, document) for lx in document.body._lx.iter("*")]


def _mutate(document: Any, mutation: tuple[str, int, int, str, bool]) -> None:
    kind, first, second, value, flag = mutation
    elements = _elements(document)
    if not elements:
        elements = [document.body]
    element = elements[first % len(elements)]
    other = elements[second % len(elements)]
    if kind == "class":
        element.className = value
    elif kind == "noclass":
        element.removeAttribute("class")
    elif kind == "id":
        element.id = "x" if flag else "y"
    elif kind == "data":
        element.setAttribute("data-k", "1" if flag else "2")
    elif kind == "lang":
        element.setAttribute("lang" if flag else "dir", "fr" if flag else "rtl")
    elif kind == "sheet":  # (a change of the document's sheets: the cascade is made again)
        style = document.querySelector("style")
        if style is None:  # (an earlier "remove" took it out of the body)
            style = document.head.appendChild(document.createElement("style"))
        if flag:
            style.appendChild(document.createTextNode(" p { color: olive }"))
        else:
            document.body.appendChild(style)
    elif kind == "nodata":
        element.removeAttribute("data-k")
    elif kind == "title":
        element.setAttribute("title", value)
    elif kind == "style":
        element.setAttribute("style", "display: none" if flag else "color: green; float: right")
    elif kind == "nostyle":
        element.removeAttribute("style")
    elif kind in ("append", "insert"):
        new = document.createElement(_TAGS[first % len(_TAGS)])
        if value:
            new.className = value
        if flag:
            new.appendChild(document.createElement("span"))
        if kind == "append":
            element.appendChild(new)
        else:
            (element.parentNode or document.body).insertBefore(new, element)
    elif kind == "remove":
        if element is not document.body:
            element.remove()
    elif kind == "text":
        element.appendChild(document.createTextNode("x"))
    elif kind == "notext":
        for child in list(element.childNodes):
            if child.nodeType == 3:
                child.remove()
    elif kind == "move":
        if element is not document.body and not element.contains(other) and other is not element:
            other.appendChild(element) if flag else other.parentNode.insertBefore(element, other)


def _assert_as_from_scratch(document: Any, one: int | None = None) -> bool:
    """Compare with a new cascade; *one*: read one element's values first (an element computed
    alone, before the others). Whether the cascade was brought up to date rather than made."""
    elements = [node_for(lx, document) for lx in document.documentElement._lx.iter("*")]
    if one is not None:
        computed_values_of(elements[one % len(elements)])
    cascade = cascade_of(document)
    fresh = Cascade(document)
    for element in elements:
        got = computed_values_of(element)
        expected = computed_values_of(element, fresh)
        assert got == expected, (element, {k: (v, expected[k]) for k, v in (got or {}).items()
                                           if expected and expected[k] != v})
    assert cascade.author_declarations() == fresh.author_declarations()
    return cascade.invalidation is not None


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(_sheet(), _tree(), st.lists(st.tuples(_MUTATION, st.one_of(st.none(), st.integers(0, 100))), min_size=1,
                                   max_size=8), st.integers(0, 4))
def test_mutations_restyle_as_from_scratch(sheet: str, tree: str, mutations: list[Any], text_only: int) -> None:
    """*text_only*: for the first mutations, only what innerText reads is compared (the cascade
    updated before the user agent sheet is matched)."""
    document = dom.parse_html(f"<!DOCTYPE html><style>{sheet}</style><body>{tree}")
    if not text_only:
        _assert_as_from_scratch(document)
    for step, (mutation, one) in enumerate(mutations):
        _mutate(document, mutation)
        if step + 1 < text_only:
            assert cascade_of(document).author_declarations() == Cascade(document).author_declarations()
            assert not cascade_of(document).ua_matched
        else:
            _assert_as_from_scratch(document, one)


def test_mutations_are_brought_up_to_date() -> None:
    """A class toggle and an insertion update the cascade rather than make it again."""
    document = dom.parse_html("<!DOCTYPE html><style>.a p { display: none } li + li { color: red }</style>"
                              "<div><p>x</p></div><ul><li>1<li>2</ul>")
    cascade = cascade_of(document)
    computed_values_of(document.body)
    document.querySelector("div").className = "a"
    assert cascade_of(document) is cascade
    assert computed_values_of(document.querySelector("p"))["display"] == "none"  # type: ignore[index]
    document.querySelector("ul").appendChild(document.createElement("li"))
    assert cascade_of(document) is cascade
    assert computed_values_of(document.querySelectorAll("li")[2])["color"] == "rgb(255, 0, 0)"  # type: ignore[index]


def test_a_real_page_restyles_as_from_scratch() -> None:
    page = BENCH_HTML / "wikipedia-42-number.html"
    if not page.exists():
        pytest.skip(f"{page} is absent (the shared bench data: ../shared/bench-data)")
    document = dom.parse_html(page.read_bytes())
    _assert_as_from_scratch(document)
    divs = document.querySelectorAll("div")
    links = document.querySelectorAll("a")
    updated = 0
    steps = [
        lambda: divs[100].classList.toggle("mw-collapsed"),
        lambda: divs[20].setAttribute("style", "display: none"),
        lambda: links[50].setAttribute("class", "new"),
        lambda: divs[60].appendChild(document.createElement("p")),
        lambda: divs[61].remove(),
        lambda: document.querySelector("h2").setAttribute("id", "other"),
    ]
    for step in steps:
        step()
        updated += _assert_as_from_scratch(document, 7)
    assert updated


def test_state_pseudo_classes_follow_other_elements() -> None:
    """:lang(), :dir() and :disabled follow an ancestor's attributes (not a feature of the
    selector): the elements they can match are tested again."""
    document = dom.parse_html(
        "<!DOCTYPE html><style>p:lang(fr) { display: none } span:dir(rtl) { float: left }"
        " input:disabled { visibility: hidden }</style>"
        "<div><p>x</p><span>y</span></div><fieldset><input></fieldset>")
    _assert_as_from_scratch(document)
    div = document.querySelector("div")
    assert div is not None
    div.setAttribute("lang", "fr")
    assert _assert_as_from_scratch(document)
    assert computed_values_of(document.querySelector("p"))["display"] == "none"  # type: ignore[index]
    div.setAttribute("dir", "rtl")
    assert _assert_as_from_scratch(document)
    fieldset = document.querySelector("fieldset")
    assert fieldset is not None
    fieldset.setAttribute("disabled", "")
    assert _assert_as_from_scratch(document)
    assert computed_values_of(document.querySelector("input"))["visibility"] == "hidden"  # type: ignore[index]


def test_scoped_rules_follow_mutations() -> None:
    """A sheet with @scope rules (whose roots, limits and proximity a mutation can change) is
    matched again after a change: the answers are a new cascade's."""
    document = dom.parse_html(
        "<!DOCTYPE html><style>@scope (.card) to (.slot) { p { color: red } :scope { display: none } }"
        "@scope (.a) { p { color: blue } }</style><div class=card><p>x</p><div><p>y</p></div></div>"
        "<div class=a><div class=card><p>z</p></div></div>")
    _assert_as_from_scratch(document)
    inner = document.querySelectorAll("div")[1]
    steps = [
        lambda: inner.classList.add("slot"),  # a limit now: its p leaves the scope
        lambda: document.querySelectorAll("div")[2].classList.remove("a"),
        lambda: inner.appendChild(document.createElement("p")),
        lambda: document.body.firstElementChild.classList.remove("card"),
    ]
    for step in steps:
        step()
        assert not _assert_as_from_scratch(document)  # (made again, not brought up to date)
