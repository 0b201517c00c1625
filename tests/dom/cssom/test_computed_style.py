"""getComputedStyle without layout (https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle):
the cascade (https://drafts.csswg.org/css-cascade/), inheritance, initial values, the HTML
Standard's user agent style sheet (https://html.spec.whatwg.org/#rendering) and computed values."""

from __future__ import annotations

import time

import pytest

import dom
from dom.cssom.cascade import cascade_of, specificity
from dom.cssom.document_style_sheets import set_viewport
from dom.selectors.parser import parse_selector_list
from webidl import DOMException

PAGE = """<!DOCTYPE html><html><head><style>
#a { color: #f00; font-size: 2em; border: 1px solid }
div > p:first-child { margin: 1em 0 }
p { color: green !important }
.x.y { color: blue } .x { color: black }
span { font-weight: bolder; float: left }
:root { --main: teal } .v { background-color: var(--main); width: var(--nope, 50%); height: var(--nope) }
@media (max-width: 100px) { .m { display: none } }
@supports (display: nonsense) { .m { display: none } }
i.abs { position: absolute; float: right }
</style></head><body><div id=a><p>one <span>two</span></p><p style="color: red">p2</p>
<b class="x y">b</b><i class="v m abs">v</i><h1>h</h1><ul><li>x</ul></div><div hidden>h</div>
<img align=left><font color=red>f</font></body></html>"""


def _document() -> dom.Document:
    return dom.parse_html(PAGE)


def _style(document: dom.Document, selector: str) -> dom.CSSStyleDeclaration:
    return document.defaultView.getComputedStyle(document.querySelector(selector))


def test_cascade_specificity_importance_order() -> None:
    document = _document()
    assert _style(document, "#a").color == "rgb(255, 0, 0)"
    assert _style(document, "p").color == "rgb(0, 128, 0)"  # !important beats the id's inheritance
    assert _style(document, "p + p").color == "rgb(0, 128, 0)"  # ... and the style attribute
    assert _style(document, "b").color == "rgb(0, 0, 255)"  # .x.y is more specific than .x
    assert specificity(parse_selector_list("#a .b:is(#c, d) > e:where(#f)")[0]) == (2, 1, 1)


def test_inheritance_initial_and_computed_values() -> None:
    document = _document()
    a = _style(document, "#a")
    assert (a.display, a.fontSize, a.borderTopWidth, a.borderTopColor, a.borderTopStyle) == (
        "block", "32px", "1px", "rgb(255, 0, 0)", "solid")
    p = _style(document, "p")
    assert (p.marginTop, p.marginLeft, p.fontSize) == ("32px", "0px", "32px")  # 1em of its own font size
    span = _style(document, "span")
    assert (span.fontWeight, span.cssFloat, span.display) == ("700", "left", "block")  # floats are blockified
    v = _style(document, "i")
    assert (v.backgroundColor, v.width, v.height, v.getPropertyValue("--main")) == ("rgb(0, 128, 128)", "50%", "auto",
                                                                                     "teal")
    assert (v.display, v.position, v.cssFloat) == ("block", "absolute", "none")  # absolute: no float
    assert _style(document, "b").borderTopWidth == "0px"  # style none
    assert _style(document, "body").marginTop == "8px"
    h1 = _style(document, "h1")
    assert (h1.fontSize, h1.fontWeight, h1.display) == ("64px", "700", "block")
    assert (_style(document, "ul").paddingLeft, _style(document, "li").display) == ("40px", "list-item")
    assert _style(document, "[hidden]").display == "none" and _style(document, "head").display == "none"
    assert _style(document, "img").cssFloat == "left"  # presentational hint
    assert _style(document, "font").color == "rgb(255, 0, 0)"
    assert _style(document, "html").display == "block" and _style(document, "html").color == "rgb(0, 0, 0)"


def test_media_and_supports() -> None:
    document = _document()
    assert _style(document, ".m").display == "block"
    set_viewport(document, width=80)
    assert _style(document, ".m").display == "none"


def test_live_and_read_only() -> None:
    document = _document()
    style = _style(document, "b")
    assert style.cssText == "" and style.length > 100 and style.getPropertyValue("margin") == "0px"
    document.querySelector("b").setAttribute("style", "color: #123456")
    assert style.color == "rgb(18, 52, 86)"
    document.styleSheets[0].insertRule("b { display: none }", 0)
    assert style.display == "none"
    with pytest.raises(DOMException) as error:
        style.color = "red"
    assert error.value.name == "NoModificationAllowedError"
    with pytest.raises(DOMException):
        style.setProperty("color", "red")
    detached = document.createElement("p")
    assert document.defaultView.getComputedStyle(detached).length == 0
    with pytest.raises(TypeError):
        document.defaultView.getComputedStyle("p")


def test_every_element_of_a_large_document() -> None:
    rules = "".join(f".c{i} {{ color: rgb({i % 256}, 0, 0); margin-left: {i}px }}" for i in range(300))
    body = "".join(f"<div class=c{i % 400}><p>t<span>s</span></p></div>" for i in range(3000))
    document = dom.parse_html(f"<!DOCTYPE html><style>{rules}</style>{body}")
    window = document.defaultView
    values = [window.getComputedStyle(e).color for e in document.querySelectorAll("div")]
    assert values[5] == "rgb(5, 0, 0)" and values[350] == "rgb(0, 0, 0)"


def test_hostile_custom_properties_and_depth() -> None:
    chain = "".join(f"--v{i}: var(--v{i + 1}) var(--v{i + 1});" for i in range(40)) + "--v40: x;"
    document = dom.parse_html(f"<!DOCTYPE html><style>:root {{ {chain} }} p {{ width: var(--v0); color: var(--a) }}"
                              ":root { --a: var(--b); --b: var(--a) }</style><p>x")
    start = time.perf_counter()  # a guard: an exponential var() expansion fails here instead of hanging
    style = _style(document, "p")
    assert (style.width, style.color) == ("auto", "rgb(0, 0, 0)")  # invalid at computed-value time: unset
    deep = dom.parse_html("<!DOCTYPE html><style>div { color: red }</style>" + "<div>" * 20000 + "x")
    element = deep.querySelectorAll("div")[-1]
    assert deep.defaultView.getComputedStyle(element).color == "rgb(255, 0, 0)" and element.checkVisibility()
    assert time.perf_counter() - start < 30


def test_quirks_mode_rules_only_in_quirks_mode() -> None:
    """https://html.spec.whatwg.org/#rendering: the rules "in quirks mode" (user_agent_quirks.css),
    such as table's reset of inherited fonts and white-space, apply in quirks mode only."""
    source = "<div style='white-space: pre; font-size: 20px'><table><tr><td id=t>a</td></tr></table></div>"
    standard = dom.parse_html("<!DOCTYPE html>" + source)
    assert (_style(standard, "#t").whiteSpace, _style(standard, "#t").fontSize) == ("pre", "20px")
    quirks = dom.parse_html(source)
    assert (_style(quirks, "#t").whiteSpace, _style(quirks, "#t").fontSize) == ("normal", "16px")
    assert _style(quirks, "td").getPropertyValue("white-space") == "normal"
    assert _style(dom.parse_html("<li>x"), "li").listStylePosition == "inside"
    assert _style(dom.parse_html("<ul><li>x</ul>"), "li").listStylePosition == "outside"  # unset in a list
    assert _style(dom.parse_html("<!DOCTYPE html><li>x"), "li").listStylePosition == "outside"


def test_values_the_chromium_differential_found() -> None:
    """Computed values tests/dom/cssom/test_chromium_css.py found webdom computing otherwise."""
    document = dom.parse_html(
        "<!DOCTYPE html><ul><li id=l>x</ul><ul dir=rtl><li id=r>y</ul><ul style='text-align: center'><li id=c>z</ul>"
        "<table><tr><th id=th>h</th></tr></table><div style='text-align: right'><table><tr><th id=th2>h</th>"
        "</tr></table></div><div id=w1 style='border: 0.3px solid'></div><div id=w2 style='border: 3.7px solid; "
        "outline: 2.5px solid'></div><p id=sys style='color: ThreeDFace; background-color: windowframe'>"
        "<font id=f5 size=5>a</font><font id=fp size=' +1'>b</font><font id=fx size=x>c</font><center id=ce>c</center>"
        "<div id=da align=RIGHT>d</div><table border=2 id=tb><tr><td align=middle id=td>t</td></tr></table>"
        "<table border id=tb2></table><iframe id=if frameborder=0></iframe><img id=im border=3>")
    get = document.defaultView.getComputedStyle
    by_id = document.getElementById
    # https://drafts.csswg.org/css-text-3/#valdef-text-align-match-parent (li's user agent rule)
    assert [get(by_id(i)).textAlign for i in ("l", "r", "c")] == ["left", "right", "center"]
    # https://html.spec.whatwg.org/#tables-2: th centred where its parent's text-align is initial
    assert (get(by_id("th")).textAlign, get(by_id("th2")).textAlign) == ("center", "right")
    # https://drafts.csswg.org/css-values-4/#snap-a-length-as-a-border-width
    assert get(by_id("w1")).borderTopWidth == "1px"
    assert (get(by_id("w2")).borderTopWidth, get(by_id("w2")).outlineWidth) == ("3px", "2px")
    # https://drafts.csswg.org/css-color-4/#deprecated-system-colors
    assert (get(by_id("sys")).color, get(by_id("sys")).backgroundColor) == ("rgb(239, 239, 239)", "rgb(118, 118, 118)")
    # https://html.spec.whatwg.org/#rules-for-parsing-a-legacy-font-size
    assert [get(by_id(i)).fontSize for i in ("f5", "fp", "fx")] == ["24px", "18px", "16px"]
    # https://html.spec.whatwg.org/#flow-content-3 and #tables-2: align hints
    assert [get(by_id(i)).textAlign for i in ("ce", "da", "td")] == ["center", "right", "center"]
    # border and frameborder attributes
    assert (get(by_id("tb")).borderTopWidth, get(by_id("tb2")).borderTopWidth) == ("2px", "1px")
    assert get(by_id("if")).borderTopWidth == "0px"
    assert (get(by_id("im")).borderTopWidth, get(by_id("im")).borderTopStyle) == ("3px", "solid")


def test_cascade_layers() -> None:
    """https://drafts.csswg.org/css-cascade-5/#cascade-layering: layers in the order their names
    are first declared, before specificity; unlayered rules last; important declarations in the
    reverse order; nested layers before their parent's own rules."""
    document = dom.parse_html("""<!DOCTYPE html><style>
    @layer base, theme;
    @layer theme { p { color: red } #i { color: red !important } }
    @layer base { p.x#i { color: blue; font-style: italic !important } #i { color: blue !important } }
    p { color: green; font-style: normal !important }
    @layer theme.inner { p { text-align: right } }
    @layer theme { p { text-align: center } }
    @layer { p { font-weight: 700 } }
    @layer { p { font-weight: 300 } }
    </style><style>@layer base { #j { background-color: red } } @layer theme { p { background-color: blue } }</style>
    <p class=x id=i>a</p><p class=x id=j>b</p>""")
    get = document.defaultView.getComputedStyle
    first, second = document.querySelectorAll("p")
    assert get(first).color == "rgb(0, 0, 255)"  # important: the earlier layer wins
    assert get(second).backgroundColor == "rgb(0, 0, 255)"  # the later layer wins, whatever the specificity
    assert get(first).fontStyle == "italic"  # important in a layer beats important unlayered
    assert get(first).textAlign == "center"  # a layer's own rules after its sublayers
    assert get(first).fontWeight == "300"  # anonymous layers in order
    document = dom.parse_html("<!DOCTYPE html><style>p { color: red } @layer a { p { color: blue } }</style><p>x")
    assert document.defaultView.getComputedStyle(document.querySelector("p")).color == "rgb(255, 0, 0)"


def test_revert_and_revert_layer() -> None:
    """https://drafts.csswg.org/css-cascade-5/#default: revert rolls back to the user agent
    origin, revert-layer to the layers below."""
    document = dom.parse_html("""<!DOCTYPE html><style>
    div { display: inline } div.r { display: revert } li { display: revert }
    @layer a { em { font-style: normal } } @layer b { em { font-style: revert-layer } }
    span { display: block } span { display: revert-layer }
    </style><div class=r>d</div><ul><li>l</li></ul><em>e</em><span>s</span>
    <p style="display: revert">p</p><b style="color: red; color: revert">b</b>""")
    get = document.defaultView.getComputedStyle
    by = document.querySelector
    assert get(by("div")).display == "block"  # the user agent's div
    assert get(by("li")).display == "list-item"
    assert get(by("em")).fontStyle == "normal"  # layer a's value
    assert get(by("span")).display == "inline"  # no layer below: the user agent's, none: initial
    assert get(by("p")).display == "block"
    assert get(by("b")).color == "rgb(0, 0, 0)"  # reverted to inherited (the user agent sets none)


def test_form_controls_look_as_in_chromium() -> None:
    """https://html.spec.whatwg.org/#form-controls-2 leaves a control's look to the user agent:
    Chromium's (dom/cssom/user_agent_form_controls.css), as Chromium 150 computes it."""
    document = dom.parse_html("<!DOCTYPE html><input><input type=checkbox><input type=submit><button>b</button>"
                              "<select><option>o</select><textarea></textarea><meter></meter><input type=hidden>")
    window = document.defaultView
    names = ("display", "font-size", "background-color", "border-top-width", "border-top-style", "border-top-color",
             "cursor", "padding-left", "white-space")
    rows = [[window.getComputedStyle(e).getPropertyValue(n) for n in names] for e in document.body.children]
    assert rows == [
        ["inline-block", "13.3333px", "rgb(255, 255, 255)", "2px", "inset", "rgb(118, 118, 118)", "text", "2px", "normal"],
        ["inline-block", "13.3333px", "rgba(0, 0, 0, 0)", "0px", "none", "rgb(0, 0, 0)", "default", "0px", "normal"],
        ["inline-block", "13.3333px", "rgb(239, 239, 239)", "2px", "outset", "rgb(0, 0, 0)", "default", "6px", "pre"],
        ["inline-block", "13.3333px", "rgb(239, 239, 239)", "2px", "outset", "rgb(0, 0, 0)", "default", "6px", "normal"],
        ["inline-block", "13.3333px", "rgb(239, 239, 239)", "1px", "solid", "rgb(118, 118, 118)", "default", "0px", "pre"],
        ["inline-block", "13.3333px", "rgb(255, 255, 255)", "1px", "solid", "rgb(118, 118, 118)", "text", "2px",
         "pre-wrap"],
        ["inline-block", "16px", "rgba(0, 0, 0, 0)", "0px", "none", "rgb(0, 0, 0)", "auto", "0px", "normal"],
        ["none", "13.3333px", "rgba(0, 0, 0, 0)", "0px", "none", "rgb(0, 0, 0)", "default", "0px", "normal"],
    ]


_SHARING_PAGE = """<!DOCTYPE html><html><head><style>
li { color: navy } li:nth-child(odd) { color: olive } td + td { color: teal }
.c { font-size: 1.5em } .c .c { font-size: smaller } div > span { display: block }
</style></head><body bgcolor=silver text=maroon><table border=2 bgcolor=red><tr><th>h<th align=left>l
<tr><td>1<td>2<td bgcolor=blue>3<td align=center>4</table><div align=right><span>r</span></div><div class=c>
<div class=c><p>p<span>s</span></p></div></div><center><p>c</p></center><font color=green size=+2>f</font>
<img align=left border=3><input type=image align=right border=1><iframe frameborder=0></iframe>
<ul><li>1<li>2<li style="color: red">3<li>4</ul><svg><g><text>t</text></g></svg><math><mi>x</mi></math>
<p style="font-size: 20px"><b>b<i>i</i></b></p></body></html>"""


_SHADOW_PAGE = """<!DOCTYPE html><html><head><style>
span { color: teal } .h > b { font-weight: 100 } div { font-size: 20px }
</style></head><body><p><span>light</span></p><div class=h><template shadowrootmode=open><style>
:host { color: red; font-size: 10px } ::slotted(b) { text-transform: uppercase } p { font-style: italic }
</style><p><slot name=one></slot></p><section><slot></slot></section></template><b slot=one>one<i>i</i></b>
<span>two</span><em slot=nowhere>unslotted<u>u</u></em></div><div><span>after</span><b>b</b></div>
<article><template shadowrootmode=open><slot></slot></template><p>in <span>s</span></p></article></body></html>"""


@pytest.mark.parametrize("page", [_SHARING_PAGE, _SHADOW_PAGE], ids=["hints", "shadow trees"])
def test_every_element_at_once_agrees_with_the_reference(monkeypatch: pytest.MonkeyPatch, page: str) -> None:
    """The computed values of every element in one walk (dom/cssom/style_sharing_speedups.c, when
    the extension is built) are those of the per-element reference, whichever element is asked
    first: hints, th, style attributes, foreign elements, shadow hosts and their children (along
    the flat tree) are the reference's."""
    from dom.cssom import computed_style

    def every(document: dom.Document, order: int) -> list[dict[str, str] | None]:
        elements = list(document.querySelectorAll("*"))
        values = {id(e): computed_style.computed_values_of(e) for e in elements[::order]}
        return [values[id(e)] for e in elements]

    shared = every(dom.parse_html(page), 1)
    monkeypatch.setattr(computed_style, "_SHARE", None)
    reference = every(dom.parse_html(page), -1)
    assert len(shared) == len(reference) > 15
    assert shared == reference
    assert all(values is not None for values in reference)


_COUSINS_PAGE = """<!DOCTYPE html><html><head><style>
.a { margin: 3px; display: block } .b { padding: 5px; border: 1px solid } .f { display: flex } .g { display: grid }
.c { margin-top: inherit; color: green } .r { width: 2rem } .v { --w: 7px } .u { width: var(--w, 1px) }
.big { font-size: 30px } html.root { font-size: 20px } .n { color: red; float: left }
</style></head><body><div class=a><span>x</span><span class=c>c</span><b class=r>r</b><i class=u>u</i></div>
<div class=b><span>x</span><span class=c>c</span><b class=r>r</b><i class=u>u</i></div>
<div class=f><span>x</span><span class=c>c</span></div><div class=g><span>x</span></div>
<div class="a v"><i class=u>u</i><span>x</span></div><div class="b v"><i class=u>u</i></div>
<div class=big><span>x</span><b class=r>r</b></div><div class="big a"><span>x</span></div>
<p class=n><span>x</span><em class=c>e</em></p><p class="n b"><span>x</span><em class=c>e</em></p></body></html>"""


def test_cousins_share_what_their_parents_hand_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """Elements with the same cascaded values under parents that differ only in what they do
    not pass down (margins, padding, borders) share one dict of computed values
    (computed_values.handed_down); under a flex or grid container, with ``inherit`` on a
    property that is not inherited, with var() or custom properties, other font sizes or
    another root font size, they have their own: every value is the one computed alone."""
    from dom.cssom import computed_style

    def every(document: dom.Document) -> list[dict[str, str] | None]:
        return [computed_style.computed_values_of(e) for e in document.querySelectorAll("*")]

    for em, markup in (("16px", _COUSINS_PAGE), ("20px", _COUSINS_PAGE.replace("<html>", "<html class=root>"))):
        document = dom.parse_html(markup)
        shared = every(document)
        spans = document.querySelectorAll("div > span:not(.c)")
        assert computed_style.computed_values_of(spans[0]) is computed_style.computed_values_of(spans[1])
        with monkeypatch.context() as patched:
            patched.setattr(computed_style, "handed_down", lambda cascaded, parent, memo: None)
            alone = every(dom.parse_html(markup))
        assert shared == alone and all(values is not None for values in alone)
        if em == "16px":  # the root's font size changed by a script: rem lengths follow
            document.documentElement.className = "root"
            assert every(document) == every(dom.parse_html(markup.replace("<html>", "<html class=root>")))
        inherited = [v["margin-top"] for v in shared if v is not None and v["color"] == "rgb(0, 128, 0)"]
        assert inherited == ["3px", "0px", "0px", em, em], inherited


def test_inner_text_reads_the_same_author_map_before_and_after_computed_styles() -> None:
    """The author declarations innerText reads are those of the properties it reads, whether or
    not computed styles matched the other rules first (an element styled only in colour is not
    one innerText must look at)."""
    markup = "<style>p { color: red } .h { display: none; color: blue }</style><p>a</p><p class=h>b</p>"
    before = dom.parse_html(markup)
    expected = cascade_of(before).author_declarations()
    after = dom.parse_html(markup)
    after.defaultView.getComputedStyle(after.querySelector("p")).color  # noqa: B018
    after.defaultView.getComputedStyle(after.body).color  # noqa: B018
    found = cascade_of(after).author_declarations()
    assert [(lx.tag, d) for lx, d in found.items()] == [(lx.tag, d) for lx, d in expected.items()]
    assert [d for d in found.values()] == [{"display": ("none", False)}]
    assert after.body.innerText == "a"


def test_the_common_call_and_attribute_reads_answer_as_the_reference() -> None:
    """Window.getComputedStyle(element) and a computed style's attributes have a C path
    (dom/cssom/computed_style_speedups.c, when built): every call answers as the operation with
    its conversions, every read as the Python attribute, before and after a mutation."""
    from dom.css_style_declaration import ATTRIBUTE_PROPERTIES, CSSStyleDeclaration
    from dom.cssom.computed_style import ComputedStyleDeclaration, _computed_attribute

    document = _document()
    window = document.defaultView
    elements = document.querySelectorAll("*")
    names = ["display", "color", "fontSize", "fontWeight", "marginTop", "backgroundColor", "float"]
    reference = {name: _computed_attribute(ATTRIBUTE_PROPERTIES[name], getattr(CSSStyleDeclaration, name))
                 for name in names}
    for _round in range(2):
        for element in elements:
            style = window.getComputedStyle(element)
            assert type(style) is ComputedStyleDeclaration
            for name in names:
                assert getattr(style, name) == reference[name].fget(style) == style.getPropertyValue(
                    ATTRIBUTE_PROPERTIES[name]), (element, name)
        document.querySelector("#a").setAttribute("style", "color: blue; font-size: 3px")  # (then read again)
    span = document.querySelector("span")
    assert window.getComputedStyle(span, None).fontSize == window.getComputedStyle(elt=span).fontSize == "3px"
    assert window.getComputedStyle(span, "::before").display == "inline"  # (a pseudo-element's own style)
    assert window.getComputedStyle(span, "::nonsense").display == ""
    with pytest.raises(TypeError):
        window.getComputedStyle(document)
    with pytest.raises(TypeError):
        window.getComputedStyle()
    # a sheet changed through the CSSOM (the C read's memo key is that of the sheets' changes)
    sheet = document.styleSheets[0]
    for display in ("flex", "grid"):
        sheet.insertRule(f"#a {{ display: {display} }}", sheet.cssRules.length)
        style = window.getComputedStyle(document.querySelector("#a"))
        assert style.display == reference["display"].fget(style) == display
    span.remove()
    assert window.getComputedStyle(span).display == ""  # not in its document's tree
    with pytest.raises(DOMException):
        window.getComputedStyle(document.body).display = "block"


def test_lang_over_many_elements_as_each_element_alone() -> None:
    """:lang() over many elements of the document (their languages read from the elements
    with a language attribute at once) matches what each element's own language gives."""
    from dom.selectors.states import matches_lang, of_language

    markup = ('<!DOCTYPE html><html lang=en><meta http-equiv=content-language content=fr><style>'
              'a:lang(de) { color: red } a:lang(en) { color: blue } a:lang(ja) { color: green }</style><body>'
              + "<p lang=de><a href=#>d</a><span lang=''><a href=#>u</a></span></p><a href=# lang=ja>j</a>"
              + "<svg><a xml:lang=de href=#>s</a></svg><a href=#>e</a>" * 200
              # holders that repeat the language they inherit, around and inside others
              + "<div lang=en><a href=#>e</a><p lang=de><a href=#>d</a><b lang=en><a href=#>e</a></b>"
                "<i lang=de><a href=#>d</a></i></p><a href=#>e</a></div><div lang=fr><a href=#>f</a></div>"
              # a language only an element that is not a link has
              "<span lang=ko>k</span>")
    for text in (markup, markup.replace("<html lang=en>", "<html>")):
        document = dom.parse_html(text)
        links = list(document.documentElement._lx.iter("a", "{*}a"))
        assert len(links) >= 256
        groups: dict[int, object] = {}  # (kept over the ranges, as the cascade keeps them)
        for ranges in (("de",), ("en",), ("ja",), ("fr",), ("",), ("*",), ("de", "ja"), ("zz",), ("ko",)):
            expected = [lx for lx in links if matches_lang(lx, document, ranges, {})]
            assert of_language(links, document, ranges, {}, {}, True) == expected, ranges
            assert of_language(links, document, ranges, {}, groups, True) == expected, ranges
        colours = {a.textContent: document.defaultView.getComputedStyle(a).color for a in document.querySelectorAll("a")}
        assert colours["d"] == "rgb(255, 0, 0)" and colours["j"] == "rgb(0, 128, 0)"


def test_values_shared_across_documents_by_all_they_depend_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Computed values are shared between documents by content (computed_style._ALIKE_ANYWHERE,
    with what values hand down, _HANDED; user agent cascaded values, user_agent_entries.py): the
    root's font size, the viewport and the mode are part of what they are shared by."""
    from dom.cssom import computed_style, user_agent_entries

    def margin(html_size: str, rule: str, width: float | None = None) -> str:
        document = dom.parse_html(f"<!DOCTYPE html><style>html {{ font-size: {html_size} }} body {{ font-size: 16px }}"
                                  f" p {{ {rule} }}</style><p>x")
        if width is not None:
            set_viewport(document, width=width)
        return _style(document, "p").marginLeft

    assert (margin("20px", "margin-left: 2rem"), margin("10px", "margin-left: 2rem")) == ("40px", "20px")
    assert (margin("10px", "margin-left: 10vw"), margin("10px", "margin-left: 10vw", 640)) == ("128px", "64px")
    # the cascaded values of elements matched by user agent rules alone, by quirks mode too (a
    # style attribute's unitless length is a length in quirks mode only)
    for doctype, width in (("<!DOCTYPE html>", "auto"), ("", "10px"), ("<!DOCTYPE html>", "auto")):
        for tag in ("p", "x-p"):  # (no user agent rule names x-p: nothing but the mode tells them apart)
            assert _style(dom.parse_html(f"{doctype}<{tag} style='width: 10'>x"), tag).width == width
    # every element of a page computed again from other documents' values equals a fresh computation
    before = dom.parse_html(PAGE)
    shared = [dict(before.defaultView.getComputedStyle(e)._values() or {}) for e in before.querySelectorAll("*")]
    monkeypatch.setattr(computed_style, "_ALIKE_ANYWHERE", {})
    monkeypatch.setattr(computed_style, "_HANDED", {})
    monkeypatch.setattr(user_agent_entries, "_CASCADED", {})
    monkeypatch.setattr(user_agent_entries, "_ENTRIES", {})
    fresh = dom.parse_html(PAGE)
    assert [dict(fresh.defaultView.getComputedStyle(e)._values() or {}) for e in fresh.querySelectorAll("*")] == shared
