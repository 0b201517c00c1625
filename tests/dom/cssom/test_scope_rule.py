"""@scope (https://drafts.csswg.org/css-cascade-6/#scoped-styles): the CSSScopeRule interface,
scoping roots and limits, :scope and & in scoped rules, implicit roots, nested scopes, scope
proximity in the cascade against specificity, order, importance and layers, and what
getComputedStyle, checkVisibility() and innerText read of scoped rules (issue 33)."""

from __future__ import annotations

from typing import Any

import pytest

import dom
from dom.cssom.css_rules import CSSGroupingRule, CSSMediaRule, CSSStyleRule
from dom.cssom.scope_rule import CSSNestedDeclarations, CSSScopeRule
from dom.cssom.scoped_styles import absolutized
from dom.cssom.style_sheets import CSSStyleSheet
from dom.html.inner_text import reference_get_the_text
from tests.dom.html.test_inner_text_lxml import fast_text
from webidl import DOMException

TREE = ("<div class=a id=a1><p id=p1>p1<span id=s1>s1</span></p><div class=b id=b1><p id=p2>p2</p>"
        "<div class=a id=a2><p id=p3>p3</p><div class=b id=b2><p id=p4>p4</p></div></div></div></div>"
        "<p id=p5>out</p>")
IDS = ("a1", "p1", "s1", "b1", "p2", "a2", "p3", "b2", "p4", "p5")


def _style(element: Any) -> Any:
    return element.ownerDocument.defaultView.getComputedStyle(element)


def _document(css: str, body: str = TREE) -> dom.Document:
    return dom.parse_html(f"<!DOCTYPE html><style>{css}</style><body>{body}")


def _values(document: dom.Document, name: str = "color", ids: tuple[str, ...] = IDS) -> dict[str, str]:
    out = {}
    for identifier in ids:
        element = document.getElementById(identifier)
        assert element is not None
        out[identifier] = _style(element).getPropertyValue(name)
    return out


def _styled(css: str, name: str = "color", value: str = "rgb(255, 0, 0)", body: str = TREE) -> set[str]:
    """The ids of the elements whose *name* computes to *value*."""
    return {identifier for identifier, found in _values(_document(css, body), name).items() if found == value}


RED, BLUE, GREEN = "rgb(255, 0, 0)", "rgb(0, 0, 255)", "rgb(0, 128, 0)"


# -- CSSOM ------------------------------------------------------------------------------------


def test_scope_rule_attributes_and_serialization() -> None:
    sheet = _document("@scope (  .a   >   .b ,#c ) to (   .d ~ .e ) { p { color: red } > span { color: blue } }"
                      " @scope {} @scope to (.x) {} @SCOPE (.a) TO (.b) {}").styleSheets[0]
    rule, implicit, limit_only, upper = sheet.cssRules
    assert isinstance(rule, CSSScopeRule) and isinstance(rule, CSSGroupingRule) and rule.type == 0
    assert (rule.start, rule.end) == (".a > .b, #c", ".d ~ .e")
    assert rule.cssText == "@scope (.a > .b, #c) to (.d ~ .e) {\n  p { color: red; }\n  > span { color: blue; }\n}"
    assert (implicit.start, implicit.end, implicit.cssText) == (None, None, "@scope {\n}")
    assert (limit_only.start, limit_only.end, limit_only.cssText) == (None, ".x", "@scope to (.x) {\n}")
    assert upper.cssText == "@scope (.a) to (.b) {\n}"
    inner = rule.cssRules[1]
    assert isinstance(inner, CSSStyleRule) and inner.selectorText == "> span"
    assert inner.parentRule is rule and inner.parentStyleSheet is sheet


@pytest.mark.parametrize("prelude", [
    ".a", "(.a) (.b)", "(.a) to", "to", "(.a::before)", "(.a) to (.b::after)", "()", "(.a) to ()", "(.a, :bogus)",
    "(> .a)", "(.a) foo", "(.a) from (.b)", "(!)",
])
def test_invalid_preludes_drop_the_rule(prelude: str) -> None:
    rules = _document(f"@scope {prelude} {{ p {{ color: red }} }} .x {{ color: blue }}").styleSheets[0].cssRules
    assert [rule.cssText for rule in rules] == [".x { color: blue; }"]


def test_relative_and_nesting_selectors_in_the_prelude_and_rules() -> None:
    rule = _document("@scope (.a) to (& > .b) { & .c { color: red } }").styleSheets[0].cssRules[0]
    assert rule.end == "& > .b" and rule.cssRules[0].selectorText == "& .c"
    # the relative <scope-end> and a nested <scope-start> are relative to :scope
    nested = _document("@scope (.a) { @scope (> .b) to (> p) { p { color: red } } }").styleSheets[0].cssRules[0]
    assert nested.cssRules[0].start == "> .b" and nested.cssRules[0].end == "> p"
    assert absolutized("p, > span, & .b, .c:scope, :is(&, .d) e") == (
        ":where(:scope) p, :where(:scope) > span, :where(:scope) .b, .c:scope, :is(:where(:scope), .d) e")


def test_insert_and_delete_rule_inside_scope() -> None:
    document = _document("@scope (.a) { p { color: red } }")
    rule = document.styleSheets[0].cssRules[0]
    assert rule.insertRule("> span { color: blue }", 1) == 1
    assert rule.insertRule("@media screen { & > p { z-index: 2 } }", 0) == 0
    assert rule.cssText == ("@scope (.a) {\n  @media screen {\n  & > p { z-index: 2; }\n}\n  p { color: red; }\n"
                            "  > span { color: blue; }\n}")
    assert isinstance(rule.cssRules[0], CSSMediaRule) and rule.cssRules[0].parentRule is rule
    assert rule.cssRules[2].parentStyleSheet is document.styleSheets[0]
    # the rules inserted apply: > span styles the root's children only, the nested @media's & > p too
    assert _style(document.getElementById("s1")).color == RED  # (p1's, inherited)
    assert _style(document.getElementById("p1")).zIndex == "2"
    assert _style(document.getElementById("p2")).zIndex == "auto"
    with pytest.raises(DOMException) as error:
        rule.insertRule("p { color: red }", 9)
    assert error.value.name == "IndexSizeError"
    with pytest.raises(DOMException) as error:
        rule.insertRule("@import url(a.css);", 0)
    assert error.value.name == "HierarchyRequestError"
    with pytest.raises(DOMException) as error:
        rule.insertRule("!! {}", 0)
    assert error.value.name == "SyntaxError"
    rule.insertRule("p {", 0)  # an unfinished block: a rule without declarations
    assert rule.cssRules[0].cssText == "p { }"
    rule.deleteRule(0)
    rule.deleteRule(0)
    assert rule.cssRules.length == 2 and _style(document.getElementById("p1")).zIndex == "auto"
    # a relative selector outside @scope is invalid
    with pytest.raises(DOMException):
        document.styleSheets[0].insertRule("> span { color: blue }", 0)


def test_scope_rule_in_a_constructed_sheet_and_selector_text_setter() -> None:
    document = _document("", "<div class=a><p id=p>x</p></div><p id=q>y</p>")
    sheet = CSSStyleSheet()
    sheet.replaceSync("@scope (.a) { p { color: red } }")
    document.adoptedStyleSheets = [sheet]
    assert _values(document, ids=("p", "q")) == {"p": RED, "q": "rgb(0, 0, 0)"}
    style_rule = sheet.cssRules[0].cssRules[0]
    style_rule.selectorText = "> p"  # relative: valid inside @scope
    assert style_rule.selectorText == "> p" and _values(document, ids=("p",)) == {"p": RED}
    style_rule.selectorText = ":scope"
    assert _values(document, ids=("p",)) == {"p": RED}  # inherited from the root now
    assert _style(document.querySelector(".a")).color == RED


def test_declarations_directly_in_scope() -> None:
    document = _document("@scope (.a) { color: red; p { color: blue } font-weight: bold; bogus: 1 } "
                         ":where(.b) { z-index: 1 } @scope (.b) { z-index: 2; @media screen { font-style: italic } }")
    rule = document.styleSheets[0].cssRules[0]
    first, style_rule, last = rule.cssRules
    assert isinstance(first, CSSNestedDeclarations) and isinstance(last, CSSNestedDeclarations)
    assert (first.cssText, style_rule.cssText, last.cssText) == ("color: red;", "p { color: blue; }",
                                                                   "font-weight: bold;")
    assert rule.cssText == "@scope (.a) {\n  color: red;\n  p { color: blue; }\n  font-weight: bold;\n}"
    assert first.parentRule is rule and first.style.color == "red" and first.type == 0
    # they match the root as :where(:scope): no specificity, but the nearest proximity
    values = _values(document)
    assert (values["a1"], values["p1"], values["b1"]) == (RED, BLUE, RED)
    assert _values(document, "font-weight")["a2"] == "700"
    assert _values(document, "z-index")["b1"] == "2"
    # in a nested group rule of @scope declarations are dropped, as browsers do
    assert document.styleSheets[0].cssRules[1 + 1].cssRules[1].cssText == "@media screen {\n}"
    first.style.setProperty("color", "green")
    assert _style(document.getElementById("a1")).color == GREEN


# -- matching ---------------------------------------------------------------------------------


def test_roots_and_limits() -> None:
    assert _styled("@scope (.a) { p { color: red } }") == {"p1", "s1", "p2", "p3", "p4"}
    # limits are out of scope, as is everything below them (the inner .a's scope is limited by b2)
    assert _styled("@scope (.a) to (.b) { p { color: red } }") == {"p1", "s1", "p3"}
    assert _styled("@scope (.a) to (.b) { * { z-index: 1 } }", "z-index", "1") == {"p1", "s1", "p3"}  # (not :scope)
    # a limit matching the root puts the whole scope out
    assert _styled("@scope (.a) to (:scope) { * { color: red } }") == set()
    assert _styled("@scope (.a) to (.b:scope) { :scope { z-index: 1 } }", "z-index", "1", body=TREE.replace(
        "class=a id=a2", "class='a b' id=a2")) == {"a1"}
    # <scope-end> is relative to the root: > .b limits the root's children only
    assert _styled("@scope (.a) to (> .b) { p { color: red } }") == {"p1", "s1", "p3"}
    assert _styled("@scope (.b) to (.b) { p { color: red } }") == {"p2", "p3", "p4"}  # (b2 is a root too)
    assert _styled("@scope (.missing) { p { color: red } }") == set()


def test_scope_and_nesting_selectors() -> None:
    # the scoping root is matched through :scope only
    assert _styled("@scope (.a) { div { color: red } }", "color") == {"b1", "a2", "p2", "p3", "b2", "p4"}
    assert _styled("@scope (.a) { :scope { z-index: 3 } }", "z-index", "3") == {"a1", "a2"}
    assert _styled("@scope (.a) { > p { z-index: 3 } }", "z-index", "3") == {"p1", "p3"}
    assert _styled("@scope (.a) { & > p { z-index: 3 } }", "z-index", "3") == {"p1", "p3"}
    assert _styled("@scope (.a) { :scope > p { z-index: 3 } }", "z-index", "3") == {"p1", "p3"}
    # the compounds left of :scope match anywhere; only the subject must be in scope
    assert _styled("@scope (.a) { .b :scope > p { z-index: 3 } }", "z-index", "3") == {"p3"}
    assert _styled("@scope (.a) { .b & p { z-index: 3 } }", "z-index", "3") == {"p3", "p4"}
    # a selector without :scope or & is relative to the root: .a must be inside the .b root
    assert _styled("@scope (.b) { .a p { z-index: 3 } }", "z-index", "3") == {"p3", "p4"}
    # the subject only: a sibling of the root is out of scope
    assert _styled("@scope (#p1) { :scope ~ * { z-index: 3 } }", "z-index", "3") == set()


def test_implicit_root_is_the_style_elements_parent() -> None:
    document = dom.parse_html("<!DOCTYPE html><body><div id=w><style>@scope { p { color: red } :scope { z-index: 4 }"
                              " }</style><p id=in>in</p><div><p id=deep>d</p></div></div><p id=out>out</p>")
    assert _values(document, ids=("in", "deep", "out")) == {"in": RED, "deep": RED, "out": "rgb(0, 0, 0)"}
    assert _style(document.getElementById("w")).zIndex == "4"
    limited = dom.parse_html("<!DOCTYPE html><body><section id=w><style>@scope to (div) { > p, p { color: red } }"
                             "</style><p id=in>in</p><div><p id=deep>d</p></div></section>")
    assert _values(limited, ids=("in", "deep")) == {"in": RED, "deep": "rgb(0, 0, 0)"}
    # in <head>, the implicit root is the head: the body is out of scope
    head = dom.parse_html("<!DOCTYPE html><head><style>@scope { p { color: red } }</style></head><body><p id=x>x")
    assert _values(head, ids=("x",)) == {"x": "rgb(0, 0, 0)"}


def test_nested_scopes() -> None:
    assert _styled("@scope (.a) { @scope (.b) { p { color: red } } }") == {"p2", "p3", "p4"}
    # the outer limit bounds the inner scope
    assert _styled("@scope (.a) to (.b) { @scope (p) { span { color: red } } }") == {"s1"}
    # a nested <scope-start> is relative to the outer root
    assert _styled("@scope (.a) { @scope (:scope > .b) { p { z-index: 2 } } }", "z-index", "2") == {"p2", "p3", "p4"}
    assert _styled("@scope (.a) { @scope (> .b) to (.a) { p { z-index: 2 } } }", "z-index", "2") == {"p2", "p4"}
    # the innermost root is :scope
    assert _styled("@scope (.b) { @scope (.a) { :scope { z-index: 5 } } }", "z-index", "5") == {"a2"}
    # @scope in @media and @layer, and those in @scope
    assert _styled("@media (min-width: 1px) { @scope (.b) { p { color: red } } } @media print { @scope (.a) "
                   "{ p { color: blue } } }") == {"p2", "p3", "p4"}
    assert _styled("@scope (.a) { @media print { p { color: red } } @supports (display: grid) { > p { color: red } "
                   "} }") == {"p1", "s1", "p3"}


def test_scope_in_shadow_trees() -> None:
    document = dom.parse_html(
        "<!DOCTYPE html><body><div id=h><template shadowrootmode=open><style>@scope { :scope { z-index: 3 } > p "
        "{ font-weight: bold } div p { color: red } }</style><p id=in>in</p><div><p id=deep>x</p></div></template>"
        "<p id=light>light</p></div><div id=k><template shadowrootmode=open><style>@scope (:host) to (.y) { p { color: "
        "red } } @scope (.x) { p { z-index: 1 } }</style><p id=kp>in</p><div class=x><p id=kx>x</p></div><div class=y>"
        "<p id=ky>y</p></div></template></div>")
    host = document.getElementById("h")
    inner = host.shadowRoot.getElementById("in")
    deep = host.shadowRoot.getElementById("deep")
    # the implicit root of a <style> at the top of a shadow tree is the host: :scope styles it
    assert _style(host).zIndex == "3"
    assert _style(inner).fontWeight == "700" and _style(deep).fontWeight == "400"
    assert _style(deep).color == RED
    # the document's elements are out of the shadow tree's scope
    assert _style(document.getElementById("light")).fontWeight == "400"
    shadow = document.getElementById("k").shadowRoot
    colors = {i: _style(shadow.getElementById(i)).color for i in ("kp", "kx", "ky")}
    assert colors == {"kp": RED, "kx": RED, "ky": "rgb(0, 0, 0)"}
    assert _style(shadow.getElementById("kx")).zIndex == "1"
    assert _style(shadow.getElementById("kp")).zIndex == "auto"


# -- the cascade ------------------------------------------------------------------------------


def test_proximity_after_specificity_before_order() -> None:
    # the nearer root wins, whatever the order
    for css in ("@scope (.a) { p { color: red } } @scope (.b) { p { color: blue } }",
                "@scope (.b) { p { color: blue } } @scope (.a) { p { color: red } }"):
        values = _values(_document(css))
        assert (values["p1"], values["p2"], values["p3"], values["p4"]) == (RED, BLUE, RED, BLUE)
    # specificity first: #p2 beats the nearer .b root
    values = _values(_document("@scope (.a) { #p2 { color: red } } @scope (.b) { p { color: blue } }"))
    assert (values["p2"], values["p4"]) == (RED, BLUE)
    # :scope counts as a pseudo-class: (0,1,1) beats (0,0,1)
    values = _values(_document("@scope (.a) { :scope p { color: red } } @scope (.b) { p { color: blue } }"))
    assert (values["p2"], values["p4"]) == (RED, RED)
    # the implied :where(:scope) and & add nothing: order decides between equal specificity and proximity
    values = _values(_document("@scope (.a) { & p { color: red } } @scope (.a) { p { color: blue } }"))
    assert values["p1"] == BLUE
    # an unscoped declaration has infinite proximity: it loses to a scoped one of equal specificity
    # wherever it is, and wins by specificity
    assert _values(_document("p { color: green } @scope (.a) { p { color: red } }"))["p1"] == RED
    assert _values(_document("@scope (.a) { p { color: red } } p { color: green }"))["p1"] == RED
    assert _values(_document("@scope (.a) { p { color: red } } p#p1 { color: green }"))["p1"] == GREEN
    # several roots: the nearest counts (p3's own .a)
    assert _values(_document("@scope (.a) { p { color: red } } @scope (#b1) { p { color: blue } }"))["p3"] == RED


def test_proximity_with_importance_and_layers() -> None:
    # important declarations: proximity still prefers the nearer root
    values = _values(_document("@scope (.a) { p { color: red !important } } @scope (.b) { p { color: blue "
                               "!important } }"))
    assert (values["p2"], values["p3"]) == (BLUE, RED)
    # an important scoped declaration beats a normal more specific one
    assert _values(_document("@scope (.a) { p { color: red !important } } #p2 { color: green }"))["p2"] == RED
    # layers before proximity: the later layer wins however far its root
    values = _values(_document("@layer x, y; @layer y { @scope (.a) { p { color: red } } } @layer x { @scope (.b) "
                               "{ p { color: blue } } }"))
    assert (values["p2"], values["p4"]) == (RED, RED)
    # a layered scoped rule loses to an unlayered one; important declarations reverse the layers
    assert _values(_document("@scope (.a) { @layer l { p { color: red } } } p { color: green }"))["p1"] == GREEN
    values = _values(_document("@layer l { @scope (.b) { p { color: red !important } } } @scope (.a) { p { color: "
                               "blue !important } }"))
    assert (values["p1"], values["p2"], values["p3"]) == (BLUE, RED, RED)


# -- what reads the cascade -------------------------------------------------------------------


def test_check_visibility_and_inner_text_follow_scoped_rules() -> None:
    document = _document("@scope (.a) to (.b) { p { display: none } } @scope (.b) { span { visibility: hidden } }",
                         "<div class=a><p id=hidden>gone</p><div class=b><p id=kept>kept<span id=v>v</span></p></div>"
                         "</div>")
    assert document.getElementById("hidden").checkVisibility() is False
    assert document.getElementById("kept").checkVisibility() is True
    assert document.getElementById("v").checkVisibility({"checkVisibilityCSS": True}) is False
    assert document.body.innerText == "kept"
    assert reference_get_the_text(document.body) == fast_text(document.body) == "kept"
    # a change through the CSSOM is seen
    document.styleSheets[0].cssRules[0].deleteRule(0)
    assert document.body.innerText == "gone\n\nkept"


def test_every_element_at_once_agrees_with_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk that shares computed values by the identity of the matched entries
    (dom/cssom/style_sharing_speedups.c) gives the reference's values with scoped entries, whose
    proximity makes entries of one rule differ between elements."""
    from dom.cssom import computed_style

    page = ("<!DOCTYPE html><style>@scope (.a) to (.b) { p { color: red } :scope { font-size: 20px } } "
            "@scope (.b) { p { color: blue !important; font-weight: bold } } p { color: green } "
            "@layer l { @scope (div) { span { text-transform: uppercase } } }</style><body>" + TREE * 3)

    def every(document: dom.Document, order: int) -> list[dict[str, str] | None]:
        elements = list(document.querySelectorAll("*"))
        values = {id(e): computed_style.computed_values_of(e) for e in elements[::order]}
        return [values[id(e)] for e in elements]

    shared = every(dom.parse_html(page), 1)
    monkeypatch.setattr(computed_style, "_SHARE", None)
    reference = every(dom.parse_html(page), -1)
    assert len(shared) == len(reference) > 30
    assert shared == reference
    assert {values["color"] for values in reference if values} >= {"rgb(255, 0, 0)", "rgb(0, 0, 255)"}
