"""Documents with shadow trees (declarative ``<template shadowrootmode>``) for the CSS Scoping
differential (record_chromium_shadow.py, test_chromium_shadow.py): shadow trees' own sheets,
``:host``, ``:host()``, ``::slotted()``, the order of tree contexts, inheritance along the flat
tree, and checkVisibility() and innerText of shadow content and slotted elements."""

from __future__ import annotations

# The computed properties compared for every element.
PROPERTIES = ("display", "color", "font-weight", "font-style", "text-transform", "visibility")

CASES = [
    # a shadow tree's own sheet styles its elements; :host styles the host; slotted content inherits from its slot
    "<div id=h><template shadowrootmode=open><style>p{color:red} :host{color:blue}</style><p>in</p><slot></slot>"
    "</template><span>light</span></div>",
    # normal declarations: the outer context (the document's #h) wins over :host
    "<style>p{color:green} #h{color:purple}</style><div id=h><template shadowrootmode=open><style>:host{color:blue}"
    "</style><p>in</p></template>L</div>",
    # a host's child assigned to no slot has no box and inherits nothing
    "<div id=h style='color:blue'><template shadowrootmode=open><p>in</p></template><span>unslotted</span></div>",
    # important declarations: the inner context (::slotted) wins over the document's
    "<style>span{color:green}</style><div id=h><template shadowrootmode=open><style>::slotted(span){color:red"
    "!important} ::slotted(em){color:red}</style><slot></slot></template><span>s</span><em>e</em></div>",
    # an important :host declaration wins over the host's important style attribute (context before it)
    "<div id=h style='color:green!important'><template shadowrootmode=open><style>:host{color:red!important}"
    "</style>x</template></div>",
    # a closed shadow root: its sheet hides what it says, the light text is not slotted
    "<div id=h><template shadowrootmode=closed><style>p{display:none}</style><p>hidden</p><b>shown</b></template>"
    "light</div>",
    # a shadow sheet does not style the light tree; named slots
    "<div id=h><template shadowrootmode=open><style>.x{display:none}</style><slot name=a>fallback</slot><slot>"
    "</slot></template><span class=x>lx</span><b slot=a>slotted</b></div>",
    # inheritance through the slot; :host() with an argument; the featureless host matches no type selector
    "<div id=h><template shadowrootmode=open><style>slot{color:red;text-transform:uppercase} :host(.x){color:green}"
    " div :host{color:blue} :host p{font-weight:bold}</style><div id=w>a<slot>fb</slot>b</div></template>"
    "<span>slotted</span></div>",
    "<div id=h class=x><template shadowrootmode=open><style>:host(.x){color:green} div{color:red} *"
    " {font-style:italic}</style><p>in</p></template></div>",
    # the document's rules do not match inside a shadow tree
    "<style>div p{color:red} p{font-weight:bold}</style><div id=h><template shadowrootmode=open><p>in</p>"
    "</template></div>",
    "<div id=h style='display:none'><template shadowrootmode=open><p>in</p></template></div>",
    # nested shadow trees: ::slotted() matches after flattening; the innermost important declaration wins
    "<div id=o><template shadowrootmode=open><style>::slotted(*){color:red} :host{font-style:italic}</style>"
    "<div id=i><template shadowrootmode=open><style>::slotted(*){color:blue!important;font-weight:bold}</style>"
    "<slot></slot></template><slot></slot></div></template><span>deep</span></div>",
    "<div id=h><template shadowrootmode=open><style>p{display:none}</style><p>x</p><section><span>y</span><slot>"
    "</slot></section></template><em>z</em></div>",
    # fallback content: rendered while the slot has no assigned nodes
    "<div id=h><template shadowrootmode=open><slot>fallback<b>fb</b></slot></template></div>",
    "<div id=h><template shadowrootmode=open><slot>fallback<b>fb</b></slot></template><i>assigned</i></div>",
    "<p id=h><template shadowrootmode=open><style>:host{display:none}</style>x</template>y</p>",
    # a slot inside a display:none element: its assigned nodes have no box
    "<div id=h><template shadowrootmode=open><div style=display:none><slot></slot></div></template><b>gone</b>"
    "</div>",
    # specificity: :host(.x) beats :host; ::slotted(.c) beats ::slotted(*)
    "<div id=h class=x><template shadowrootmode=open><style>:host(.x){color:green} :host{color:red} "
    "::slotted(.c){font-weight:bold} ::slotted(*){font-weight:normal}</style><slot></slot></template>"
    "<span class=c>c</span></div>",
    # visibility inherited through the flat tree; a host's hidden attribute
    "<div id=h><template shadowrootmode=open><style>:host{visibility:hidden} .v{visibility:visible}</style>"
    "<p>a</p><p class=v>b</p><slot></slot></template><em>c</em></div>",
    "<div id=h hidden><template shadowrootmode=open><p>x</p></template></div>",
    # a custom element host, the UA sheet inside the shadow tree, white-space through the slot
    "<my-el id=h><template shadowrootmode=open><style>slot{white-space:pre}</style><h1>Title</h1><ul><li>one"
    "</li></ul><slot></slot></template>a   b</my-el>",
    # a shadow sheet's @media, @layer, :is(:host), :host > x, :host(.k) x; hints and style attributes inside
    "<div id=h class=k><template shadowrootmode=open><style>@media (min-width: 1px) { p { color: red } }"
    " @media print { p { color: blue } } @layer a, b; @layer b { em { color: green } } @layer a { em { color: red }"
    " } :is(:host) { font-weight: bold } :host > section { font-style: italic } :host(:hover) { color: pink }"
    " :host(.k) > section span { text-transform: uppercase }</style><p>p</p><em>e</em><section><span "
    "style='color: olive'>s</span></section><font color=red>f</font><table><tr><th>t</th></tr></table>"
    "</template></div>",
    # a slot attribute naming no slot; a host inside a shadow tree; hidden=until-found in a shadow tree
    "<div id=h><template shadowrootmode=open><slot name=a></slot><div id=i><template shadowrootmode=open>"
    "<style>:host { color: teal }</style><p hidden=until-found>u</p><slot></slot></template><b>in</b></div>"
    "</template><b slot=z>x</b><i slot=a>y</i></div>",
    # ::part(): the host's tree styles the parts of its shadow tree (the outer context wins for normal
    # declarations); every name must be there; a part hidden by it is invisible
    "<style>#h::part(t){color:red} #h::part(t big){font-weight:bold} ::part(x){display:none} #h::part(){color:blue}"
    "</style><div id=h><template shadowrootmode=open><style>p{color:green}</style><p part='t big'>a</p><em part=x>"
    "x</em><b part=t>b</b><i part=big>i</i></template></div>",
    # important declarations: the shadow tree's own wins over the ::part() rule
    "<style>#h::part(t){color:red!important;font-style:italic}</style><div id=h><template shadowrootmode=open>"
    "<style>p{color:blue!important;font-style:normal}</style><p part=t>a</p></template></div>",
    # exportparts forwards an inner part to the tree outside under the name it maps it to; one not exported
    # is not reached
    "<style>#o::part(outer-name){color:red} #o::part(inner){font-weight:bold} #o::part(same){font-style:italic}"
    "</style><div id=o><template shadowrootmode=open><div id=i exportparts='inner:outer-name, same, bad name'>"
    "<template shadowrootmode=open><span part=inner>s</span><em part=same>e</em><b part=hidden>h</b></template>"
    "</div></template></div>",
    # a shadow tree's sheet styles the parts of the hosts inside it; a combinator before the host
    "<div class=k><div id=o><template shadowrootmode=open><style>#i::part(p){color:red} .k #i::part(p)"
    "{font-weight:bold} section #i::part(p){font-style:italic}</style><div id=i><template shadowrootmode=open>"
    "<span part=p>s</span></template></div></template></div></div>",
    "<style>.k #h::part(p){text-transform:uppercase} #h::part(v){visibility:hidden}</style><div class=k><div id=h>"
    "<template shadowrootmode=open><span part=p>up</span> <b part=v>gone</b><slot></slot></template>"
    "<i>light</i></div></div>",
]
