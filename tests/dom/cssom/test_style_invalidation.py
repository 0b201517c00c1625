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
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import dom
from dom.collections import HTML_COLLECTION
from dom.cssom.cascade import Cascade, cascade_of
from dom.cssom.computed_style import computed_values_of
from dom.cssom.scoping import SLOTTED, flat_parent, other_contexts, tree_cascade
from dom.nodes.identity import node_for
from dom.nodes.shadow_host import shadow_hosts
from tests.conftest import REPO

BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "html"

_TAGS = ("div", "p", "span", "li", "section")
_CLASSES = ("a", "b", "c")
_SIMPLE = (".a", ".b", ".c", "#x", "#y", "[data-k]", '[data-k="1"]', "[title]", ":first-child", ":last-child",
           ":nth-child(2n+1)", ":nth-of-type(2)", ":not(.b)", ":not(p)", ":empty", ":only-child", ":is(.a, #y)",
           ":nth-child(odd of .c)", ":not(.a > *)", ":lang(fr)", ":dir(rtl)", ":focus", ":focus-within",
           ":focus-visible")
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
def _attributes(draw: Any) -> str:
    """An element's class, id and data-k attributes, each maybe."""
    classes = " ".join(draw(st.lists(st.sampled_from(_CLASSES), max_size=2, unique=True)))
    attributes = f' class="{classes}"' if classes else ""
    if draw(st.integers(0, 5)) == 0:
        attributes += f' id="{draw(st.sampled_from(("x", "y")))}"'
    if draw(st.booleans()):
        attributes += f' data-k="{draw(st.sampled_from(("1", "2")))}"'
    if draw(st.integers(0, 3)) == 0:
        attributes += " tabindex=0"  # (focusable: the "focus" mutation)
    return attributes


@st.composite
def _tree(draw: Any, depth: int = 0) -> str:
    out = []
    for _ in range(draw(st.integers(0 if depth else 1, 3 if depth < 3 else 0))):
        tag = draw(st.sampled_from(_TAGS))
        attributes = draw(_attributes())
        text = draw(st.sampled_from(("", "t", " ")))
        out.append(f"<{tag}{attributes}>{text}{draw(_tree(depth + 1))}</{tag}>")
    return "".join(out)


_MUTATION = st.tuples(st.sampled_from(("class", "noclass", "id", "data", "nodata", "title", "style", "nostyle", "lang",
                                       "append", "insert", "remove", "text", "notext", "move", "sheet", "focus")),
                      st.integers(0, 10_000), st.integers(0, 10_000), st.sampled_from(_CLASSES + ("a b", "")),
                      st.booleans())


def _elements(document: Any) -> list[Any]:
    return [node_for(lx, document) for lx in document.body._lx.iter("*")]


def _mutate(document: Any, mutation: tuple[str, int, int, str, bool], targets: list[Any] | None = None) -> None:
    """*targets*: the elements to change (the mutation's first element), else any of the body's."""
    kind, first, second, value, flag = mutation
    elements = targets or _elements(document)
    if not elements:
        elements = [document.body]
    element = elements[first % len(elements)]
    other = _elements(document)[second % len(_elements(document))] if targets and _elements(document) else (
        elements[second % len(elements)])
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
    elif kind == "focus":  # (no mutation: the focused area, which :focus and its likes read)
        element.focus() if flag else (document.activeElement or document.body).blur()


def _assert_as_from_scratch(document: Any, one: int | None = None) -> bool:
    """Compare with a new cascade; *one*: read one element's values first (an element computed
    alone, before the others). Whether the cascade was brought up to date rather than made."""
    elements = [node_for(lx, document) for lx in document.documentElement._lx.iter("*")]
    cascade, fresh = _values_as_from_scratch(document, elements, one)
    assert cascade.author_declarations() == fresh.author_declarations()
    return cascade.invalidation is not None


def _values_as_from_scratch(document: Any, elements: list[Any], one: int | None) -> tuple[Cascade, Cascade]:
    """The document's cascade and a new one, after comparing the computed values of *elements*
    by both; *one*: read one element's values first (an element computed alone)."""
    if one is not None:
        computed_values_of(elements[one % len(elements)])
    cascade = cascade_of(document)
    fresh = Cascade(document)
    for element in elements:
        got = computed_values_of(element)
        expected = computed_values_of(element, fresh)
        assert got == expected, (element, {k: (v, expected[k]) for k, v in (got or {}).items()
                                           if expected and expected[k] != v})
    return cascade, fresh


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(_sheet(), _tree(), st.lists(st.tuples(_MUTATION, st.one_of(st.none(), st.integers(0, 100))), min_size=1,
                                   max_size=8), st.integers(0, 4))
# the focused element removed: it matched :focus at the last update, and is gone from the tree
@example("* { display: inline }", '<div id="x" tabindex=0></div>',
         [(("focus", 1, 0, "a", True), None), (("remove", 1, 0, "a", False), None)], 0)
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


_STRUCTURAL = (":empty", ":not(:empty)", ":first-child", ":last-child", ":only-child", ":nth-child(2)",
               ":nth-last-child(2)", ":first-of-type", ":last-of-type", ":only-of-type", ":nth-of-type(2)",
               ":nth-last-of-type(1)", ":nth-child(odd of :empty)", ":is(:empty, .c)")
_CHILD_MUTATION = st.tuples(st.sampled_from(("append", "append", "text", "notext", "remove", "insert", "move")),
                            st.integers(0, 10_000), st.integers(0, 10_000), st.sampled_from(_CLASSES + ("",)),
                            st.booleans())


@st.composite
def _structural_sibling_selector(draw: Any) -> str:
    """A structural pseudo-class in a compound left of a sibling combinator, then maybe more."""
    # (:empty, read of an element's children, the most: what a change of children reaches)
    left = draw(st.sampled_from(("", "div", "p", "span"))) + draw(st.one_of(
        st.sampled_from((":empty", ":not(:empty)")), st.sampled_from(_STRUCTURAL)))
    out = f"{left}{draw(st.sampled_from((' ~ ', ' + ')))}{draw(st.sampled_from(('*', 'p', 'div', 'span', '.a')))}"
    if draw(st.booleans()):
        return out
    return draw(st.sampled_from(("", "section ", ".b "))) + out + draw(st.sampled_from(("", " b", " > *", " ~ *")))


@st.composite
def _sibling_tree(draw: Any) -> str:
    """Rows of siblings, many of them empty: what the selectors above read."""
    rows = []
    for _ in range(draw(st.integers(1, 3))):
        row = "".join(f"<{tag}{draw(_attributes())}>{draw(st.sampled_from(('', '', 't', '<b></b>')))}</{tag}>"
                      for tag in draw(st.lists(st.sampled_from(("div", "span", "p")), min_size=1, max_size=5)))
        rows.append(f"<section>{row}</section>")
    return "".join(rows)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(_structural_sibling_selector(), min_size=1, max_size=4), _sibling_tree(),
       st.lists(_CHILD_MUTATION, min_size=1, max_size=6))
@example(["div:empty ~ p"], "<div></div><p>x</p>", [("append", 1, 0, "", False)])
def test_structural_states_read_through_sibling_combinators(selectors: list[str], tree: str,
                                                            mutations: list[Any]) -> None:
    """A change of an element's children changes its :empty (and of its children their places),
    which selectors read through sibling combinators at the elements after it and below those."""
    sheet = " ".join(f"{selector} {{ {_DECLARATIONS[n % len(_DECLARATIONS)]} }}"
                     for n, selector in enumerate(selectors))
    document = dom.parse_html(f"<!DOCTYPE html><style>{sheet}</style><body>{tree}")
    _assert_as_from_scratch(document)
    for mutation in mutations:
        # (the body's elements from the last: hypothesis draws small numbers most, and the
        # body or a row's container is seldom what needs changing)
        _mutate(document, mutation, _elements(document)[:0:-1] or None)
        _assert_as_from_scratch(document, mutation[1])


@pytest.mark.parametrize(("selector", "markup", "change"), [
    ("div:empty ~ p", "<div></div><p>x</p>", lambda d: d.querySelector("div").appendChild(d.createElement("b"))),
    ("div:empty + p", "<div></div><p>x</p>", lambda d: d.querySelector("div").append("t")),
    ("div:empty ~ p span", "<div></div><p><span>x</span></p>",
     lambda d: d.querySelector("div").appendChild(d.createElement("b"))),
    ("div:not(:empty) ~ p", "<div><b></b></div><p>x</p>", lambda d: d.querySelector("b").remove()),
    ("section:empty ~ div p", "<section></section><div><p>x</p></div>",
     lambda d: d.querySelector("section").append("t")),
    ("p:nth-child(2 of :empty)", "<div></div><i></i><p></p><p></p>",
     lambda d: d.querySelector("div").append("t")),
    ("div:first-child ~ p", "<section><div></div><p>x</p></section>",
     lambda d: d.querySelector("section").prepend(d.createElement("b"))),
    ("div:last-child ~ p", "<section><p>x</p><div></div></section>",
     lambda d: d.querySelector("section").appendChild(d.querySelector("p"))),
    ("div:only-child + p span", "<section><div></div><p><span>x</span></p></section>",
     lambda d: d.querySelector("p").remove()),
])
def test_a_change_of_children_restyles_what_reads_them_through_a_sibling(selector: str, markup: str,
                                                                         change: Any) -> None:
    """Regression: ``div:empty ~ p`` kept p red after the div got a child (the change rematched
    the div and its subtree, not its siblings)."""
    document = dom.parse_html(f"<!DOCTYPE html><style>{selector} {{ color: red }}</style><body>{markup}")
    _assert_as_from_scratch(document)
    change(document)
    assert _assert_as_from_scratch(document)  # (brought up to date, as a new cascade)


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


def test_focus_changes_restyle_at_the_next_read() -> None:
    """focus() and blur() change what :focus, :focus-within and :focus-visible match without a
    mutation: the next read brings the cascade up to date (not made again), with no version
    step (live collections and other values of the tree stand).  Regression: the read after
    them gave the values from before until the next mutation."""
    document = dom.parse_html(
        "<!DOCTYPE html><style>input:focus { color: red } div:focus-within { float: left }"
        " :focus-visible ~ b { display: none }</style><div><span><input id=i><b>x</b></span></div><ul><li>1</ul>")
    field = document.getElementById("i")
    assert field is not None
    items = document.getElementsByTagName("li")
    assert len(items) == 1
    _assert_as_from_scratch(document)
    cascade = cascade_of(document)
    version = document._version
    for step in (field.focus, field.blur, field.focus):
        step()
        assert document._version == version
        assert cascade_of(document) is cascade
        assert _assert_as_from_scratch(document)
    window = document.defaultView
    assert window.getComputedStyle(field).color == "rgb(255, 0, 0)"
    assert window.getComputedStyle(document.querySelector("div")).float == "left"
    assert window.getComputedStyle(document.querySelector("b")).display == "none"
    assert document._memo_entry(HTML_COLLECTION, items)[0] == version  # type: ignore[index]


def test_checkedness_and_selectedness_restyle_at_the_next_read() -> None:
    """input.checked, a radio group's unchecking and select.value change what :checked matches
    without a mutation: the next read brings the cascade up to date."""
    document = dom.parse_html(
        "<!DOCTYPE html><style>input:checked + p { color: red } option:checked { float: left }</style>"
        "<input type=radio name=r id=a checked><p>a</p><input type=radio name=r id=b><p>b</p>"
        "<input type=checkbox id=c><p>c</p><select><option>x<option id=y>y</select>")
    _assert_as_from_scratch(document)
    cascade = cascade_of(document)
    version = document._version
    steps = [lambda: setattr(document.getElementById("b"), "checked", True),
             lambda: document.getElementById("c").click(),  # type: ignore[union-attr]
             lambda: setattr(document.querySelector("select"), "value", "y")]
    for step in steps:
        step()
        assert document._version == version
        assert cascade_of(document) is cascade
        assert _assert_as_from_scratch(document)
    first, second, third = document.querySelectorAll("p")
    assert [computed_values_of(p)["color"] for p in (first, second, third)] == [  # type: ignore[index]
        "rgb(0, 0, 0)", "rgb(255, 0, 0)", "rgb(255, 0, 0)"]
    assert computed_values_of(document.getElementById("y"))["float"] == "left"  # type: ignore[index]


@pytest.mark.parametrize("change", [
    lambda d: setattr(d.getElementById("i"), "value", "abc"),  # :placeholder-shown, :invalid
    lambda d: setattr(d.getElementById("t"), "value", "abc"),
    lambda d: d.querySelector("form").reset(),  # (after a value: see below)
    lambda d: setattr(d.getElementById("c"), "indeterminate", True),  # :indeterminate
    lambda d: d.getElementById("pp").showPopover(),  # :popover-open
    lambda d: d.querySelector("dialog").showModal(),  # :modal
])
def test_other_element_states_restyle_at_the_next_read(change: Any) -> None:
    """A control's value, indeterminate flag, a popover's showing and a dialog's modal flag
    change what selectors match without a mutation: the next read is a new cascade's."""
    document = dom.parse_html(
        "<!DOCTYPE html><style>:is(input, textarea):placeholder-shown { color: red } [required]:invalid"
        " { float: left } input:indeterminate { color: blue } div:popover-open { float: right }"
        " dialog:modal { color: green }</style>"
        "<form><input id=i placeholder=p required><textarea id=t placeholder=p required></textarea>"
        "<input type=checkbox id=c></form><div popover id=pp>x</div><dialog>d</dialog>")
    document.getElementById("t").value = "x"  # type: ignore[union-attr]
    document.getElementById("i").value = "x"  # type: ignore[union-attr]
    _assert_as_from_scratch(document)
    version = document._version
    change(document)
    if document._version == version:
        assert _assert_as_from_scratch(document)  # (brought up to date)
    else:
        _assert_as_from_scratch(document)


def test_a_cascade_made_with_the_focus_follows_it_away() -> None:
    """A cascade made while an element has the focus tests its matches again when the focus
    leaves, by blur() or by the removal of a subtree that holds it."""
    markup = ("<!DOCTYPE html><style>div:focus-within { float: left } input:focus { color: red }</style>"
              "<div><span><input id=i></span></div>")
    for leave in (lambda d: d.getElementById("i").blur(), lambda d: d.querySelector("span").remove()):
        document = dom.parse_html(markup)
        document.getElementById("i").focus()  # type: ignore[union-attr]
        document.head.append(document.createElement("style"))  # (the sheets change: a new cascade)
        assert computed_values_of(document.querySelector("div"))["float"] == "left"  # type: ignore[index]
        leave(document)
        assert _assert_as_from_scratch(document)
        assert computed_values_of(document.querySelector("div"))["float"] == "none"  # type: ignore[index]


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


# -- documents with shadow trees -----------------------------------------------------------------

_HOST_SELECTORS = (":host", ":host(.a)", ":host(:is(.b *))", ":host(:first-child)", ":host([data-k])", "::slotted(*)",
                   "::slotted(.a)", "::slotted(:nth-child(2))", "::slotted(p)", "p", ".a p", ":host(.b) p",
                   "slot", "p:lang(fr)", "span:dir(rtl)", ":host(.c) span", "span + p", "::slotted(:is(.c *))")
_PART_SELECTORS = ("::part(x)", ".a ::part(x)", "div.b::part(x)", ".c + div::part(x)", ":first-child::part(x)",
                   "::part(x)::before", "#x::part(x)")


@st.composite
def _host_sheet(draw: Any) -> str:
    return " ".join(f"{draw(st.sampled_from(_HOST_SELECTORS))} {{ {draw(st.sampled_from(_DECLARATIONS))} }}"
                    for _ in range(draw(st.integers(1, 5))))


@st.composite
def _shadow_tree(draw: Any, depth: int = 0) -> str:
    """A tree of _tree's kind whose divs may be shadow hosts (declarative shadow roots)."""
    out = []
    for _ in range(draw(st.integers(0 if depth else 1, 3 if depth < 3 else 0))):
        tag = draw(st.sampled_from(_TAGS))
        attributes = draw(_attributes())
        shadow = ""
        if tag == "div" and draw(st.booleans()):
            inside = draw(st.sampled_from(("<slot></slot>", "<section class=a><slot></slot></section>",
                                           "<slot name=s></slot><slot><b>fallback</b></slot>", "",
                                           "<slot><i>fallback</i></slot>")))
            shadow = (f"<template shadowrootmode=open><style>{draw(_host_sheet())}</style>{inside}"
                      f"<p part=x>t<span>u</span></p></template>")
        text = draw(st.sampled_from(("", "t", " ")))
        out.append(f"<{tag}{attributes}>{shadow}{text}{draw(_shadow_tree(depth + 1))}</{tag}>")
    return "".join(out)


def _shadow_elements(document: Any, connected: bool = True) -> list[Any]:
    """The elements of the shadow trees of the document's hosts (and of those inside): of the
    *connected* ones, else of all."""
    found = []
    for host in sorted(shadow_hosts.get(document, ()), key=lambda host: id(host._lx)):
        if host.isConnected or not connected:
            found.extend(node_for(lx, document) for lx in host.shadowRoot._lx.iter("*") if lx is not host.shadowRoot._lx)
    return found


def _near_hosts(document: Any, where: str) -> list[Any]:
    """The light tree's hosts (*where* "host"), their children ("child"), their ancestors
    ("above") or the siblings of those ("beside"): where the rules of other tree contexts read."""
    hosts = [host._lx for host in shadow_hosts.get(document, ()) if host.isConnected
             and host._lx.getroottree().getroot() is document.documentElement._lx]
    found: dict[Any, None] = {}
    for lx in hosts:
        if where == "host":
            found[lx] = None
        elif where == "child":
            found.update(dict.fromkeys(lx.iterchildren("*")))
        else:
            for ancestor in lx.iterancestors():
                if ancestor.tag in ("html", "head"):
                    break
                if where == "above":
                    found[ancestor] = None
                else:
                    found.update(dict.fromkeys(ancestor.itersiblings("*", preceding=True)))
                    found.update(dict.fromkeys(ancestor.itersiblings("*")))
    return [node_for(lx, document) for lx in sorted(found, key=id)]


_SHADOW_MUTATION = st.tuples(st.sampled_from(("class", "data", "lang", "slot", "part", "append", "remove", "text")),
                             st.integers(0, 10_000), st.sampled_from(_CLASSES), st.booleans())


def _mutate_shadow(document: Any, mutation: tuple[str, int, str, bool]) -> None:
    """A mutation inside a shadow tree, or of a host's child's slot, or a new shadow root."""
    kind, first, value, flag = mutation
    inside = _shadow_elements(document)
    if kind == "slot":  # a host's child's slot
        elements = _near_hosts(document, "child") or _elements(document)
        if elements:
            elements[first % len(elements)].setAttribute("slot", "s" if flag else "t")
        return
    if kind == "append" and flag:  # a new shadow root on a light element without one
        elements = [e for e in _elements(document) if e.shadowRoot is None and e.localName in ("div", "section")]
        if elements:
            root = elements[first % len(elements)].attachShadow({"mode": "open"})
            root.innerHTML = "<style>:host { float: left } ::slotted(*) { color: red }</style><slot></slot>"
        return
    if not inside:
        return
    element = inside[first % len(inside)]
    if kind == "class":
        element.className = value
    elif kind == "data":
        element.setAttribute("data-k", "1")
    elif kind == "lang":
        element.setAttribute("lang" if flag else "dir", "fr" if flag else "rtl")
    elif kind == "part":
        element.setAttribute("part", "x" if flag else "y")
    elif kind == "append":
        element.appendChild(document.createElement("span"))
    elif kind == "remove":
        element.remove()
    elif kind == "text":
        element.appendChild(document.createTextNode("x"))


def _assert_shadow_as_from_scratch(document: Any, one: int | None = None) -> bool:
    """_assert_as_from_scratch for the light tree and the shadow trees, along the flat tree; and
    what innerText reads of each shadow tree's element (its tree's matched rules and those of
    the other contexts). Whether the cascade was brought up to date rather than made."""
    elements = [node_for(lx, document) for lx in document.documentElement._lx.iter("*")]
    elements += _shadow_elements(document, connected=False)
    cascade, fresh = _values_as_from_scratch(document, elements, one)

    def read(made: Cascade, lx: Any) -> Any:
        up, place = flat_parent(document, lx)
        scope = tree_cascade(made, lx)
        own = scope.matched.get(lx, []) if scope is not None else None
        return ([(o, s, order, id(d)) for o, s, order, d in own or ()],
                [(rank, [(o, s, order, id(d)) for o, s, order, d in group])
                 for rank, group in other_contexts(made, lx, up if place == SLOTTED else None)])

    for element in elements:
        if element.isConnected:
            assert read(cascade, element._lx) == read(fresh, element._lx), element
    assert cascade.author_declarations() == fresh.author_declarations()
    return cascade.invalidation is not None and cascade_of(document) is cascade


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(st.sampled_from(_PART_SELECTORS), max_size=3), _sheet(), _shadow_tree(),
       st.lists(st.tuples(st.one_of(_MUTATION, _SHADOW_MUTATION),
                          st.sampled_from(("any", "host", "child", "above", "beside")),
                          st.one_of(st.none(), st.integers(0, 100))), min_size=1, max_size=8))
def test_mutations_with_shadow_trees_restyle_as_from_scratch(parts: list[str], sheet: str, tree: str,
                                                             mutations: list[Any]) -> None:
    """Mutations of hosts, of their children, of their ancestors and those's siblings, inside
    shadow trees and of unrelated elements, in a document whose divs may host shadow trees (with
    :host, ::slotted() and ::part() rules)."""
    outer = " ".join(f"{selector} {{ float: right; color: green }}" for selector in parts)
    document = dom.parse_html(f"<!DOCTYPE html><style>{outer} {sheet}</style><body>{tree}")
    _assert_shadow_as_from_scratch(document)
    for mutation, where, one in mutations:
        if len(mutation) == 4:
            _mutate_shadow(document, mutation)
        else:
            _mutate(document, mutation, None if where == "any" else _near_hosts(document, where))
        _assert_shadow_as_from_scratch(document, one)


def test_an_unrelated_mutation_beside_a_shadow_host_is_brought_up_to_date() -> None:
    """A class toggle and an insertion away from the host update the cascade rather than make it
    again, and the shadow tree's values stand; a change of an ancestor of the host that changes
    its values drops those of its shadow tree."""
    document = dom.parse_html(
        "<!DOCTYPE html><style>.a p { display: none } li + li { color: red } .red { color: red }"
        " ::part(x) { float: left }</style>"
        "<div><p>x</p></div><ul><li>1<li>2</ul><section><div id=h><template shadowrootmode=open>"
        "<style>:host(.on) { float: left } ::slotted(*) { white-space: pre } p { display: inline }</style>"
        "<slot></slot><p part=x>in</p></template><span>slotted</span></div></section>")
    host = document.getElementById("h")
    assert host is not None and host.shadowRoot is not None
    inner = host.shadowRoot.querySelector("p")
    assert inner is not None
    cascade = cascade_of(document)
    computed_values_of(document.body)
    assert computed_values_of(inner)["color"] == "rgb(0, 0, 0)"  # type: ignore[index]
    document.querySelector("div").className = "a"  # type: ignore[union-attr]
    assert cascade_of(document) is cascade
    assert computed_values_of(document.querySelector("p"))["display"] == "none"  # type: ignore[index]
    document.querySelector("ul").appendChild(document.createElement("li"))  # type: ignore[union-attr]
    assert cascade_of(document) is cascade
    assert computed_values_of(document.querySelectorAll("li")[2])["color"] == "rgb(255, 0, 0)"  # type: ignore[index]
    assert _assert_shadow_as_from_scratch(document)
    document.querySelector("section").className = "red"  # type: ignore[union-attr]
    assert cascade_of(document) is cascade
    assert computed_values_of(inner)["color"] == "rgb(255, 0, 0)"  # type: ignore[index]
    assert _assert_shadow_as_from_scratch(document)
    host.className = "on"  # (what :host(.on) reads: made again)
    assert cascade_of(document) is not cascade
    assert computed_values_of(host)["float"] == "left"  # type: ignore[index]


_HOSTED = ("<!DOCTYPE html><style>.a ::part(x) {{ color: green }} {outer}</style><body><p>o</p>"
           "<section class=a><div id=h><template shadowrootmode=open><style>:host {{ color: blue }} {inner}</style>"
           "<slot name=s></slot><slot><b>fallback</b></slot><p part=x>in</p></template>{children}</div></section>")


@pytest.mark.parametrize(("outer", "inner", "children", "change"), [
    # the host's children: its slots' fallback content leaves the flat tree
    ("", "", "", lambda d: d.getElementById("h").appendChild(d.createElement("i"))),
    # a host's child's slot: now none (no box, it inherits nothing)
    ("", "", "<span>x</span>", lambda d: d.querySelector("span").setAttribute("slot", "t")),
    # the host's class (:host()'s argument)
    ("", ":host(.on) { float: left }", "", lambda d: d.getElementById("h").classList.add("on")),
    # an ancestor's class (a complex argument of :host() reads the host's ancestors)
    ("", ":host(:is(.b *)) { float: left }", "", lambda d: d.querySelector("section").classList.add("b")),
    # the host's place among its siblings (structural)
    ("", ":host(:first-child) { float: left }", "", lambda d: d.querySelector("section").prepend(
        d.createElement("i"))),
    ("i + div::part(x) { float: left }", "", "", lambda d: d.querySelector("section").prepend(d.createElement("i"))),
    # ::slotted()'s argument
    ("", "::slotted(.on) { float: left }", "<span>x</span>", lambda d: d.querySelector("span").classList.add("on")),
    # the host moved: the document's ::part() rules read its ancestors
    ("", "", "", lambda d: d.body.appendChild(d.getElementById("h"))),
    # the host removed: its shadow tree has no values
    ("", "", "", lambda d: d.querySelector("section").remove()),
])
def test_what_other_tree_contexts_read_of_the_light_tree(outer: str, inner: str, children: str, change: Any) -> None:
    document = dom.parse_html(_HOSTED.format(outer=outer, inner=inner, children=children))
    _assert_shadow_as_from_scratch(document)
    change(document)
    _assert_shadow_as_from_scratch(document)
    document.querySelector("p").className = "z"  # (unrelated: brought up to date)
    assert _assert_shadow_as_from_scratch(document)


_LANG_HOSTED = ("<!DOCTYPE html><html lang=de><body><section{outer}><div id=h{host}><template shadowrootmode=open>"
                "<style>p:lang(fr) {{ color: red }} p:dir(rtl) {{ float: left }} :lang(es) {{ white-space: pre }}"
                " span:lang(de) {{ display: none }}</style><p>x<span>y</span></p></template></div></section>")


def _shadow_values(document: Any) -> list[Any]:
    host = document.getElementById("h")
    return [computed_values_of(element) for element in host.shadowRoot.querySelectorAll("*")]


@pytest.mark.parametrize(("outer", "host", "change", "outer_after", "host_after", "expected"), [
    # expected: whether the shadow tree's p is then :lang(fr), :dir(rtl), :lang(es)
    ("", " lang=fr", lambda d: d.getElementById("h").setAttribute("lang", "es"), "", " lang=es", (0, 0, 1)),
    (" lang=fr", "", lambda d: d.querySelector("section").setAttribute("lang", "es"), " lang=es", "", (0, 0, 1)),
    (" lang=fr", "", lambda d: d.querySelector("section").removeAttribute("lang"), "", "", (0, 0, 0)),
    ("", "", lambda d: d.querySelector("section").setAttribute("lang", "fr"), " lang=fr", "", (1, 0, 0)),
    (" dir=rtl", "", lambda d: d.querySelector("section").setAttribute("dir", "ltr"), " dir=ltr", "", (0, 0, 0)),
    ("", "", lambda d: d.getElementById("h").setAttribute("dir", "rtl"), "", " dir=rtl", (0, 1, 0)),
    (" dir=rtl lang=fr", " dir=ltr", lambda d: d.getElementById("h").removeAttribute("dir"), " dir=rtl lang=fr", "",
     (1, 1, 0)),
])
def test_lang_and_dir_in_a_shadow_tree_follow_the_host(outer: str, host: str, change: Any, outer_after: str,
                                                       host_after: str, expected: tuple[int, int, int]) -> None:
    """A shadow tree's :lang() and :dir() read its host's language and directionality
    (https://html.spec.whatwg.org/#language, #parent-directionality), and a change of those on
    the host or its ancestors restyles it: its values are those of the page parsed with the
    attributes as they are now, and agree with matches().  Regression: the shadow tree's
    elements had no language and were ltr."""
    document = dom.parse_html(_LANG_HOSTED.format(outer=outer, host=host))
    _assert_shadow_as_from_scratch(document)
    change(document)
    _assert_shadow_as_from_scratch(document)
    fresh = dom.parse_html(_LANG_HOSTED.format(outer=outer_after, host=host_after))
    assert _shadow_values(document) == _shadow_values(fresh)
    p = document.getElementById("h").shadowRoot.querySelector("p")  # type: ignore[union-attr]
    values = computed_values_of(p)
    assert values is not None
    states = (p.matches(":lang(fr)"), p.matches(":dir(rtl)"), p.matches(":lang(es)"))
    assert states == tuple(bool(state) for state in expected)
    assert (values["color"] == "rgb(255, 0, 0)", values["float"] == "left", values["white-space"] == "pre") == states
    before = dom.parse_html(_LANG_HOSTED.format(outer=outer, host=host))
    assert _shadow_values(before) != _shadow_values(fresh)  # (each change changes a value)


def test_a_shadow_trees_state_matches_follow_the_light_tree() -> None:
    """A slot matches :focus-within when what is assigned to it has the focus: tested again at
    the next mutation of the light tree, as the document's own."""
    document = dom.parse_html(
        "<!DOCTYPE html><body><p>x</p><div id=h><template shadowrootmode=open><style>slot:focus-within { color: red }"
        "</style><b><slot></slot></b></template><input id=i></div>")
    _assert_shadow_as_from_scratch(document)
    document.getElementById("i").focus()  # type: ignore[union-attr]
    document.querySelector("p").className = "z"  # type: ignore[union-attr]
    _assert_shadow_as_from_scratch(document)
    slot = document.getElementById("h").shadowRoot.querySelector("slot")  # type: ignore[union-attr]
    assert computed_values_of(slot)["color"] == "rgb(255, 0, 0)"  # type: ignore[index]


def test_slot_assign_restyles_at_the_next_read() -> None:
    """slot.assign() changes the flat tree without a mutation: the next read is a new
    cascade's (made again: shadow roots that assign their slots manually are not brought up to
    date).  Regression: the values from before stood until the next mutation."""
    document = dom.parse_html("<!DOCTYPE html><body><p>x</p><div id=h><span>a</span><i>b</i></div>")
    host = document.getElementById("h")
    assert host is not None
    root = host.attachShadow({"mode": "open", "slotAssignment": "manual"})
    root.innerHTML = "<style>slot { color: red } ::slotted(i) { float: left }</style><slot></slot>"
    _assert_shadow_as_from_scratch(document)
    version = document._version
    span, italic = document.querySelector("span"), document.querySelector("i")
    assert computed_values_of(span)["color"] == "rgb(0, 0, 0)"  # type: ignore[index]  # (not slotted: no box)
    slot = root.querySelector("slot")
    slot.assign(span, italic)  # type: ignore[union-attr]
    assert document._version == version
    assert computed_values_of(span)["color"] == "rgb(255, 0, 0)"  # type: ignore[index]
    assert computed_values_of(italic)["float"] == "left"  # type: ignore[index]
    _assert_shadow_as_from_scratch(document)
    slot.assign(italic)  # type: ignore[union-attr]
    assert computed_values_of(span)["color"] == "rgb(0, 0, 0)"  # type: ignore[index]
    _assert_shadow_as_from_scratch(document)


def test_focus_in_a_shadow_tree_restyles_it_and_its_host() -> None:
    """The host matches :focus while its shadow tree holds the focus."""
    document = dom.parse_html(
        "<!DOCTYPE html><style>div:focus { color: red } div:focus-within { float: left }</style><body><p>x</p>"
        "<div id=h><template shadowrootmode=open><style>input:focus { color: blue }</style><input id=i>"
        "</template></div>")
    host = document.getElementById("h")
    field = host.shadowRoot.getElementById("i")  # type: ignore[union-attr]
    _assert_shadow_as_from_scratch(document)
    field.focus()
    assert computed_values_of(host)["color"] == "rgb(255, 0, 0)"  # type: ignore[index]
    assert computed_values_of(field)["color"] == "rgb(0, 0, 255)"  # type: ignore[index]
    _assert_shadow_as_from_scratch(document)
    field.blur()
    assert computed_values_of(host)["float"] == "none"  # type: ignore[index]
    _assert_shadow_as_from_scratch(document)


def test_manually_assigned_slots_make_the_cascade_again() -> None:
    """slot.assign() takes no version step: a later mutation makes the cascade again."""
    document = dom.parse_html("<!DOCTYPE html><body><p>x</p><div id=h><span>a</span><i>b</i></div>")
    host = document.getElementById("h")
    assert host is not None
    root = host.attachShadow({"mode": "open", "slotAssignment": "manual"})
    root.innerHTML = "<style>slot { color: red }</style><slot></slot>"
    _assert_shadow_as_from_scratch(document)
    root.querySelector("slot").assign(document.querySelector("span"))  # type: ignore[union-attr]
    document.querySelector("p").className = "z"  # type: ignore[union-attr]
    assert not _assert_shadow_as_from_scratch(document)
    assert computed_values_of(document.querySelector("span"))["color"] == "rgb(255, 0, 0)"  # type: ignore[index]
