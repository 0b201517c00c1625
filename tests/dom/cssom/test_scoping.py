"""CSS Scoping (https://drafts.csswg.org/css-scoping/) for computed style: shadow trees' own
sheets, :host, :host() and ::slotted(), the order of tree contexts
(https://drafts.csswg.org/css-cascade-5/#cascade-context), inheritance along the flat tree, and
checkVisibility() and innerText of shadow content (issue 33)."""

from __future__ import annotations

from typing import Any

import dom
from dom.cssom.cascade import specificity
from dom.cssom.computed_style import get_computed_style
from dom.cssom.document_style_sheets import set_author_style_sheets, set_style_sheet_loader
from dom.selectors.engine import parse


def _doc(body: str) -> Any:
    return dom.parse_html(f"<!DOCTYPE html><body>{body}")


def _style(element: Any, name: str) -> str:
    return get_computed_style(element).getPropertyValue(name)


def _closed_host(body: str) -> tuple[Any, Any]:
    """A document with one host made by attachShadow({mode: 'closed'}) and its shadow root."""
    document = _doc(body)
    host = document.getElementById("h")
    return host, host.attachShadow({"mode": "closed"})


def test_a_shadow_trees_own_sheet_styles_it_and_the_documents_do_not() -> None:
    document = _doc("<style>p { color: red } div p { font-weight: bold }</style><div id=h>"
                    "<template shadowrootmode=open><style>p { font-style: italic }</style><p>in</p></template></div>")
    inner = document.getElementById("h").shadowRoot.querySelector("p")
    assert _style(inner, "color") == "rgb(0, 0, 0)"
    assert _style(inner, "font-weight") == "400"
    assert _style(inner, "font-style") == "italic"
    assert _style(inner, "display") == "block"  # the user agent sheet applies in every tree
    assert inner.checkVisibility() is True
    assert inner.innerText == "in"


def test_closed_shadow_root_content_is_styled_visible_and_has_inner_text() -> None:
    host, root = _closed_host("<div id=h>light</div>")
    root.innerHTML = "<style>.x { display: none } h1 { text-transform: uppercase }</style><h1>Title</h1><p class=x>no</p>"
    heading, hidden = root.querySelector("h1"), root.querySelector("p")
    assert _style(heading, "font-size") == "32px"
    assert heading.checkVisibility() is True
    assert heading.innerText == "TITLE"
    assert hidden.checkVisibility() is False
    assert hidden.innerText == "no"  # not being rendered: its textContent
    assert host.ownerDocument.body.innerText == ""  # the light text is assigned to no slot


def test_host_rules_and_the_order_of_tree_contexts() -> None:
    # normal declarations: the outer context wins; important ones: the inner context, over the
    # host's important style attribute too (context comes before element-attached styles)
    document = _doc("<style>#a { color: green } #b { color: green !important }</style>"
                    "<div id=a><template shadowrootmode=open><style>:host { color: red; font-style: italic }"
                    "</style></template></div>"
                    "<div id=b><template shadowrootmode=open><style>:host { color: blue !important }</style>"
                    "</template></div>"
                    "<div id=c style='color: green !important'><template shadowrootmode=open>"
                    "<style>:host { color: blue !important }</style></template></div>")
    a, b, c = (document.getElementById(name) for name in "abc")
    assert _style(a, "color") == "rgb(0, 128, 0)"
    assert _style(a, "font-style") == "italic"
    assert _style(b, "color") == "rgb(0, 0, 255)"
    assert _style(c, "color") == "rgb(0, 0, 255)"


def test_a_host_and_its_children_styled_alike_with_their_siblings_by_the_document() -> None:
    """Every element's values at once (the walk that shares values between elements matched
    alike under one parent) still gives a host its :host rules and a host's child its slot's."""
    document = _doc("<div></div><div id=h><template shadowrootmode=open><style>:host { display: none }"
                    " slot { color: red }</style><slot></slot></template><span>s</span></div><span>t</span>")
    host = document.getElementById("h")
    _style(document.body, "display")
    _style(document.head, "display")  # (a second element: every element's values at once)
    assert _style(host, "display") == "none"
    assert _style(host.firstElementChild, "color") == "rgb(255, 0, 0)"


def test_host_is_featureless_in_its_shadow_tree() -> None:
    document = _doc("<div id=h class=x><template shadowrootmode=open><style>div { color: red } .x { color: red }"
                    " :host(.x) { font-weight: bold } :host(.y) { font-style: italic } :host(.x) { color: blue }"
                    " :host { color: red }</style><p>in</p></template></div>")
    host = document.getElementById("h")
    assert _style(host, "color") == "rgb(0, 0, 255)"  # :host(.x) is more specific than :host
    assert _style(host, "font-weight") == "700"
    assert _style(host, "font-style") == "normal"
    # the shadow tree's top-level elements inherit from the host
    assert _style(host.shadowRoot.querySelector("p"), "color") == "rgb(0, 0, 255)"


def test_specificity_of_host_and_slotted() -> None:
    assert specificity(parse(":host")[0]) == (0, 1, 0)
    assert specificity(parse(":host(.a#b)")[0]) == (1, 2, 0)
    assert specificity(parse("::slotted(span.a)")[0]) == (0, 1, 2)


def test_slotted_rules_and_inheritance_through_the_slot() -> None:
    document = _doc("<style>span { color: green }</style><div id=h><template shadowrootmode=open><style>"
                    "slot { text-transform: uppercase; font-style: italic } ::slotted(span) { color: red }"
                    " ::slotted(.imp) { color: red !important } ::slotted(*) { font-weight: bold }</style>"
                    "<div><slot></slot></div></template><span>a</span><span class=imp>b</span>c</div>")
    host = document.getElementById("h")
    plain, important = host.querySelectorAll("span")
    assert _style(plain, "color") == "rgb(0, 128, 0)"  # the document's rule: the outer context wins
    assert _style(important, "color") == "rgb(255, 0, 0)"  # important: the inner context wins
    assert _style(plain, "font-weight") == "700"
    assert _style(plain, "font-style") == "italic"  # inherited from the slot
    assert _style(host.shadowRoot.querySelector("slot"), "font-weight") == "400"  # ::slotted styles no slot
    assert document.body.innerText == "ABC"  # the text inherits the slot's text-transform


def test_nested_slots_flatten() -> None:
    document = _doc("<div id=o><template shadowrootmode=open><style>::slotted(*) { color: red }</style>"
                    "<div id=i><template shadowrootmode=open><style>::slotted(*) { color: blue !important;"
                    " font-weight: bold }</style><slot></slot></template><slot></slot></div></template>"
                    "<span>deep</span></div>")
    span = document.querySelector("span")
    assert _style(span, "color") == "rgb(0, 0, 255)"
    assert _style(span, "font-weight") == "700"
    outer_slot = document.getElementById("o").shadowRoot.querySelector("slot")
    assert _style(outer_slot, "font-weight") == "400"


def test_elements_outside_the_flat_tree_have_no_box_and_inherit_nothing() -> None:
    document = _doc("<div id=h style='color: blue'><template shadowrootmode=open><slot name=x>fallback<b>fb</b>"
                    "</slot></template><span>unslotted</span><i slot=x>in</i></div>")
    host = document.getElementById("h")
    span = host.querySelector("span")
    assert _style(span, "color") == "rgb(0, 0, 0)"
    assert span.checkVisibility() is False
    assert span.innerText == "unslotted"
    fallback = host.shadowRoot.querySelector("b")  # the slot has an assigned node
    assert fallback.checkVisibility() is False
    assert _style(host.querySelector("i"), "color") == "rgb(0, 0, 255)"
    assert host.innerText == "in"


def test_visibility_follows_the_flat_tree() -> None:
    document = _doc("<div id=h><template shadowrootmode=open><style>:host { visibility: hidden }"
                    " .none { display: none }</style><p>a</p><div class=none><slot></slot></div></template>"
                    "<em>gone</em></div><div id=g style='display: none'><template shadowrootmode=open><p>x</p>"
                    "</template></div>")
    host = document.getElementById("h")
    paragraph = host.shadowRoot.querySelector("p")
    assert _style(paragraph, "visibility") == "hidden"
    assert paragraph.checkVisibility() is True
    assert paragraph.checkVisibility({"checkVisibilityCSS": True}) is False
    assert host.querySelector("em").checkVisibility() is False  # its slot is in a display: none element
    assert document.getElementById("g").shadowRoot.querySelector("p").checkVisibility() is False
    assert document.body.innerText == ""


def test_styles_follow_changes_of_the_shadow_tree() -> None:
    document = _doc("<div id=h><span>light</span></div>")
    host = document.getElementById("h")
    span = host.querySelector("span")
    assert span.checkVisibility() is True
    root = host.attachShadow({"mode": "open"})
    assert span.checkVisibility() is False  # attached: the child is assigned to no slot
    root.innerHTML = "<style>::slotted(span) { color: red }</style><slot></slot>"
    assert span.checkVisibility() is True
    assert _style(span, "color") == "rgb(255, 0, 0)"
    style = root.querySelector("style")
    style.textContent = "::slotted(span) { color: blue }"
    assert _style(span, "color") == "rgb(0, 0, 255)"
    style.remove()
    assert _style(span, "color") == "rgb(0, 0, 0)"
    assert len(root.styleSheets) == 0


def test_linked_sheets_in_a_shadow_tree_and_blocked_sheets() -> None:
    document = _doc("<div id=h><template shadowrootmode=open><link rel=stylesheet href=https://x.test/s.css>"
                    "<style>b { font-style: italic }</style><b>x</b></template></div>")
    bold = document.getElementById("h").shadowRoot.querySelector("b")
    assert _style(bold, "color") == "rgb(0, 0, 0)"  # no loader: the link has no sheet
    set_style_sheet_loader(document, lambda url: "b { color: red }" if url == "https://x.test/s.css" else None)
    assert _style(bold, "color") == "rgb(255, 0, 0)"
    assert _style(bold, "font-style") == "italic"
    set_author_style_sheets(document, False)  # the shadow tree's sheets are blocked too
    assert _style(bold, "color") == "rgb(0, 0, 0)"
    assert _style(bold, "font-weight") == "700"  # the user agent sheet still applies


def test_part_follows_the_part_attribute() -> None:
    """https://drafts.csswg.org/css-shadow-parts/#part: Element.part is the ``part`` attribute's
    token list, and a change to it restyles."""
    document = dom.parse_html("<style>#h::part(title) { display: none }</style><div id=h></div>")
    host = document.getElementById("h")
    assert host is not None
    root = host.attachShadow({"mode": "open"})
    root.innerHTML = "<h1>T</h1>"
    heading = root.querySelector("h1")
    assert heading is not None and heading.checkVisibility()
    heading.part.add("title")
    assert heading.getAttribute("part") == "title" and not heading.checkVisibility()
    heading.part = "other"  # [PutForwards=value]
    assert heading.checkVisibility() and list(heading.part) == ["other"]
