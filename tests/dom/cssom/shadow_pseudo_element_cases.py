"""Documents for the differential of pseudo-elements styled from other tree contexts
(record_chromium_shadow_pseudo_elements.py, test_chromium_shadow_pseudo_elements.py):
``:host::before``, ``::slotted()::marker``, ``::part()::after`` and their order against the
element's own tree's rules, with declarative shadow roots."""

from __future__ import annotations

PSEUDO_ELEMENTS = ("::before", "::after", "::marker")
PROPERTIES = ("content", "color", "font-weight", "font-style", "display")

CASES = [
    # :host::before and ::after from the shadow tree; :host() with an argument
    "<div id=h class=x><template shadowrootmode=open><style>:host::before{content:'host';color:blue}"
    " :host(.x)::after{content:'x';font-weight:bold} :host(.y)::after{content:'y'}</style>in</template></div>",
    # normal declarations: the document's rule wins over :host::before; important ones: :host's
    "<style>#h::before{content:'doc';color:green;font-style:italic}</style><div id=h><template shadowrootmode=open>"
    "<style>:host::before{content:'host';color:red!important;font-style:normal}</style>in</template></div>",
    # a list item host's marker from :host::marker (an li cannot host a shadow root: a div as a list item)
    "<div id=h style=display:list-item><template shadowrootmode=open><style>:host::marker{color:red;content:'* '}"
    "</style>item</template></div>",
    # ::slotted()::before / ::after / ::marker
    "<div id=h><template shadowrootmode=open><style>::slotted(p)::before{content:'s-';color:red}"
    " ::slotted(.b)::after{content:'-b';font-weight:bold} ::slotted(li)::marker{color:green}</style><slot></slot>"
    "</template><p>para</p><p class=b>bee</p><li>item</li></div>",
    # the slotted element's own tree wins for normal declarations, the shadow tree for important ones
    "<style>p::before{content:'doc';color:blue}</style><div id=h><template shadowrootmode=open><style>"
    "::slotted(p)::before{content:'slot';color:red!important}</style><slot></slot></template><p>para</p></div>",
    # ::part()::before / ::after / ::marker from the document
    "<style>::part(label)::before{content:'[';color:red} #h::part(label)::after{content:']'}"
    " ::part(item)::marker{color:green}</style><div id=h><template shadowrootmode=open><span part=label>l</span>"
    "<ul><li part=item>i</li></ul><b part=other>o</b></template></div>",
    # the shadow tree's own ::before loses to the outer ::part() for normal declarations, wins for important
    "<style>::part(p)::before{content:'outer';color:red;font-weight:bold}</style><div id=h><template"
    " shadowrootmode=open><style>span::before{content:'inner';color:green!important}</style><span part=p>x</span>"
    "</template></div>",
    # exportparts forwards a part of a nested shadow tree; ::part() with two names
    "<style>::part(outer-name)::after{content:'fwd'} ::part(a b)::before{content:'ab'}</style><div id=h><template"
    " shadowrootmode=open><div id=i exportparts='inner:outer-name'><template shadowrootmode=open><em part=inner>e"
    "</em></template></div><i part='a b'>ab</i><i part=a>a</i></template></div>",
    # a user-action pseudo-class after the pair styles nothing here
    "<style>::part(q)::before:hover{content:'hover'} ::part(q)::after{content:'after'}</style><div id=h><template"
    " shadowrootmode=open><span part=q>q</span></template></div>",
]
