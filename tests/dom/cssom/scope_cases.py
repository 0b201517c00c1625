"""Documents and style sheets with ``@scope`` (CSS Cascade 6 scoped styles) for the Chromium
differential (record_chromium_scope.py, test_chromium_scope.py): scoping roots and limits,
``:scope`` and ``&``, implicit roots of ``<style>`` elements, relative selectors, nested scopes,
scope proximity against specificity, order and importance, layers and media queries, and the
CSSOM serializations of @scope rules (valid and invalid preludes, insertRule)."""

from __future__ import annotations

# The computed properties compared for every element.
PROPERTIES = ("color", "background-color", "z-index", "display", "font-weight", "visibility")

_TREE = ("<div class=a id=a1><p id=p1>p1<span id=s1>s1</span></p><div class=b id=b1><p id=p2>p2</p>"
         "<div class=a id=a2><p id=p3>p3</p><div class=b id=b2><p id=p4>p4</p></div></div></div></div>"
         "<p id=p5>out</p>")


_DEEP = ("<div class=c id=c1><p id=q1>q1</p><div class=c id=c2><div class=c id=c3><p id=q3>q3</p></div>"
         "<p id=q2>q2</p></div></div>")


def _doc(css: str, body: str = _TREE) -> str:
    return f"<style>{css}</style>{body}"


CASES = [
    # roots and limits
    _doc("@scope (.a) { p { color: red } }"),
    _doc("@scope (.a) to (.b) { p { color: red } }"),
    _doc("@scope (.a) to (.b) { * { color: red } }"),
    _doc("@scope (.a) { :scope { color: red } }"),
    _doc("@scope (.a) to (.b) { :scope { z-index: 1 } .b { z-index: 2 } }"),
    _doc("@scope (.a) to (:scope) { p { color: red } :scope { z-index: 3 } }"),
    _doc("@scope (.a) to (.b:scope) { :scope { z-index: 3 } }"),
    _doc("@scope (.a) to (> .b) { p { color: red } }"),
    _doc("@scope (.a) to (& > .b) { p { color: red } }"),
    _doc("@scope (#a2) to (.b) { p { color: red } }"),
    _doc("@scope (.b) to (.b) { p { color: red } }"),
    _doc("@scope (.missing) { p { color: red } }"),
    _doc("@scope (.a, .b) to (p) { * { color: red } }"),
    # :scope, & and relative selectors
    _doc("@scope (.a) { > p { color: red } }"),
    _doc("@scope (.a) { :scope > p { color: red } }"),
    _doc("@scope (.a) { & > p { color: red } }"),
    _doc("@scope (.a) { .b & p { color: red } }"),
    _doc("@scope (.a) { .b :scope > p { color: red } }"),
    _doc("@scope (.b) { .a p { color: red } }"),
    _doc("@scope (.b) { :scope ~ p, + p, p span { color: red } }"),
    _doc("@scope (.a) { :is(:scope, .b) > p { color: red } }"),
    _doc("@scope (.a) { :not(:scope) { font-weight: bold } }"),
    # implicit roots: the <style> element's parent
    "<div id=w><style>@scope { p { color: red } :scope { z-index: 4 } }</style><p id=in>in</p></div><p id=out>out</p>",
    "<div id=w><style>@scope to (.b) { p { color: red } }</style><p id=in>in</p><div class=b><p id=lim>x</p></div>"
    "</div><p id=out>out</p>",
    "<section id=w><style>@scope { > p { color: red } }</style><p id=in>in</p><div><p id=deep>d</p></div></section>",
    # scope proximity against specificity and order
    _doc("@scope (.a) { p { color: red } } @scope (.b) { p { color: blue } }"),
    _doc("@scope (.b) { p { color: blue } } @scope (.a) { p { color: red } }"),
    _doc("@scope (.a) { p { color: red } } p { color: green }"),
    _doc("p { color: green } @scope (.a) { p { color: red } }"),
    _doc("@scope (.a) { p { color: red } } p#p2, p#p4 { color: green }"),
    _doc("@scope (.a) { #p2 { color: red } } @scope (.b) { p { color: blue } }"),
    _doc("@scope (.a) { :scope p { color: red } } @scope (.b) { p { color: blue } }"),
    _doc("@scope (#a1) { p { color: red } } @scope (.a) { p { color: blue } }"),
    _doc("@scope (.a) { p { color: red !important } } @scope (.b) { p { color: blue } }"),
    _doc("@scope (.a) { p { color: red !important } } @scope (.b) { p { color: blue !important } }"),
    _doc("@scope (.a) { p { color: red !important } } #p2 { color: green }"),
    # layers and media queries
    _doc("@layer x, y; @layer y { @scope (.a) { p { color: red } } } @layer x { @scope (.b) { p { color: blue } } }"),
    _doc("@scope (.a) { @layer l { p { color: red } } } p { color: green }"),
    _doc("@layer l { @scope (.b) { p { color: red !important } } } @scope (.a) { p { color: blue !important } }"),
    _doc("@media (min-width: 1px) { @scope (.b) { p { color: red } } } @media print { @scope (.a) { p { color: blue }"
         " } }"),
    _doc("@scope (.a) { @media (min-width: 1px) { p { color: red } } @supports (display: grid) { span { color: blue }"
         " } }"),
    # nested scopes
    _doc("@scope (.a) { @scope (.b) { p { color: red } } }"),
    _doc("@scope (.a) to (.b) { @scope (p) { span { color: red } } }"),
    _doc("@scope (.a) { @scope (:scope > .b) { p { color: red } } }"),
    _doc("@scope (.a) { @scope (.b) to (.a) { p { color: red } } }"),
    _doc("@scope (.b) { @scope (.a) { :scope { z-index: 5 } p { color: red } } }"),
    # a nested implicit @scope: the <style>'s parent, a root only in scope of the enclosing roots
    _doc("@scope (.a) { @scope { p { color: red } } }"),
    _doc("@scope (.a) { @scope to (.b) { p { color: red } } }"),
    "<div class=a id=a1><style>@scope (.a) { @scope to (.b) { p { color: red } } }</style><p id=p1>p1</p>"
    "<div class=b id=b1><p id=p2>p2</p></div></div>",
    # :has(), :not() and :nth-child(of) around :scope; revert-layer in a scoped rule
    _doc("@scope (.a) { :scope:has(> .b) { z-index: 7 } }"),
    _doc("@scope (.b) { :not(.a) > p { color: red } }"),
    _doc("@scope (.a) { p:nth-child(1 of :scope > *) { z-index: 8 } }"),
    _doc("@scope (.a) to (.b) { p { color: red; color: revert-layer } } @layer { p { color: blue } }"),
    "<main id=m><style>@scope (p) { :scope { color: red } }</style><p id=x>x</p></main><section><style>@scope { p "
    "{ font-weight: bold } }</style></section><p id=y>y</p>",
    # display, visibility: checkVisibility() and innerText follow scoped rules
    _doc("@scope (.b) { p { display: none } }"),
    _doc("@scope (.a) to (.b) { p { visibility: hidden } }"),
    _doc("@scope (.a) { :scope > p { display: none } } span { display: block }"),
    # deeper proximity: the nearest root that matches counts
    _doc("@scope (#c1) { p { color: red } } @scope (.c) { p { color: blue } } @scope (#c2) { p { color: green } }",
         _DEEP),
    _doc("@scope (.c) { :scope > * > p { color: red } } @scope (#c3) { p { color: blue } }", _DEEP),
    _doc("@scope (.c) { :scope > p { color: red } } @scope (#c1) { :scope p { color: blue } }", _DEEP),
    _doc("@scope (#c1) { p { color: red !important } } @scope (#c3) { p { color: blue } }", _DEEP),
    # declarations directly in @scope (and in its nested group rules) apply to the root as :where(:scope)
    _doc("@scope (.a) { color: red; p { color: blue } font-weight: bold }"),
    _doc("@scope (.b) { z-index: 2; @media (min-width: 1px) { font-weight: bold } }"),
    _doc(":where(.a) { color: green } @scope (.a) { color: red } .a { background-color: blue }"),
    # shadow trees: a shadow tree's @scope rules match in it; the implicit root of a <style> in the shadow root
    "<div id=h><template shadowrootmode=open><style>@scope (.x) to (.y) { p { color: red } }</style><div class=x>"
    "<p id=in>in</p><div class=y><p id=lim>l</p></div></div><p id=out>out</p></template><p id=light>light</p></div>",
    "<div id=h><template shadowrootmode=open><style>@scope { p { color: red } div { z-index: 2 } }</style><p id=in>in"
    "</p><div id=d>d</div></template></div>",
    "<div id=h><template shadowrootmode=open><style>@scope { :scope { z-index: 3 } > p { font-weight: bold } div p"
    " { color: red } :host { visibility: hidden } }</style><p id=in>in</p><div id=d><p id=dp>x</p></div></template>"
    "</div>",
    "<div id=h><template shadowrootmode=open><style>@scope (:host) { :scope { z-index: 4 } p { color: red } }</style>"
    "<p id=in>in</p></template></div>",
    "<div id=h><template shadowrootmode=open><style>@scope (div) { :scope { z-index: 4 } p { color: red } }</style>"
    "<p id=in>in</p></template></div>",
    # invalid preludes drop the rule
    _doc("@scope .a { p { color: red } }"),
    _doc("@scope (.a) (.b) { p { color: red } }"),
    _doc("@scope (.a) to { p { color: red } }"),
    _doc("@scope (.a::before) { p { color: red } }"),
    _doc("@scope (.a) to (.b::after) { p { color: red } }"),
    _doc("@scope (.a) from (.b) { p { color: red } }"),
    _doc("@scope (!) { p { color: red } } p { font-weight: bold }"),
]

# Style sheets whose CSSOM is compared: each top-level rule's cssText, and for each @scope rule
# its start and end.
SHEETS = [
    "@scope {}",
    "@scope (.a) {}",
    "@scope (.a) to (.b) { div { display: block } }",
    "@scope to (.b) {}",
    "@scope (  .a   >   .b ,  #c  ) to (   .d   ~ .e ) { p { color: red } }",
    "@scope (.a) { > p { color: red } & .b { color: blue } :scope { z-index: 1 } }",
    "@scope (.a) to (> .b) {}",
    "@scope (.a) to (& > .b) {}",
    "@scope (:is(.a, .b)) { @scope (.c) to (.d) { p { color: red } } }",
    "@scope (.a) { @media screen { p { color: red } } }",
    "@layer l { @scope (.a) { p { color: red } } }",
    "@SCOPE (.a) TO (.b) {}",
    "@scope (.a) { p { color: red } }  .x { color: blue }",
    "@scope .a {} .x { color: blue }",
    "@scope (.a) (.b) {} .x { color: blue }",
    "@scope (.a) to {} .x { color: blue }",
    "@scope to {} .x { color: blue }",
    "@scope (.a::before) {} .x { color: blue }",
    "@scope () {} .x { color: blue }",
    "@scope (.a) to () {} .x { color: blue }",
    "@scope (.a, :bogus) {} .x { color: blue }",
    "@scope (> .a) {} .x { color: blue }",
    "@scope (.a) foo {} .x { color: blue }",
    "@scope (.a);",
    "@scope (.a) { color: red; p { color: blue } font-weight: bold }",
    "@scope (.a) { @media screen { z-index: 1 } }",
]

# insertRule into the first rule of a sheet: (sheet text, rule text, index); the outcome is the
# rule's cssText or the exception's name.
INSERTIONS = [
    ("@scope (.a) {}", "p { color: red }", 0),
    ("@scope (.a) { p { color: red } }", "> span { color: blue }", 1),
    ("@scope (.a) { p { color: red } }", "& .b { color: blue }", 0),
    ("@scope (.a) { p { color: red } }", "@media screen { p { color: blue } }", 1),
    ("@scope (.a) { p { color: red } }", "@scope (.b) { p { color: blue } }", 0),
    ("@scope (.a) { p { color: red } }", "p { color: blue }", 5),
    ("@scope (.a) { p { color: red } }", "p {", 0),
    ("@scope (.a) { p { color: red } }", "@import url(a.css);", 0),
    ("@media screen { @scope (.a) {} }", "@scope (.b) to (.c) {}", 0),
]
