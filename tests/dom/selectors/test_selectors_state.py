"""Pseudo-classes by element state, as https://html.spec.whatwg.org/#pseudo-classes defines
them (checkedness, selectedness, disabledness, constraint validation, mutability...), plus
:lang() by inherited language and :dir() by directionality.  State set from script counts;
attributes alone do not decide."""

from __future__ import annotations

import pytest
from lxml import etree

from dom import parse_html
from dom.selectors.xpath import FUNCTIONS_NS


def ids(node, selector):
    return [e.getAttribute("id") for e in node.querySelectorAll(selector)]


# -- :checked ----------------------------------------------------------------------------------


def test_checked_follows_checkedness_and_selectedness():
    document = parse_html(
        "<select id=s><option id=o1>a<option id=o2>b</select>"
        "<select id=m multiple><option id=m1>a<option id=m2>b</select>"
        + "".join(f"<input type=radio name=g id=r{i} checked>" for i in range(5))
        + "<input type=checkbox id=c><input id=t checked>"
    )
    # a select with no selected option shows its first; a multiple select shows none
    assert ids(document, "option:checked") == ["o1"]
    # five radios of one group marked checked: the last one parsed wins
    assert ids(document, "input:checked") == ["r4"]
    document.getElementById("c").checked = True
    document.getElementById("r1").checked = True
    document.getElementById("o2").selected = True
    assert ids(document, ":checked") == ["o2", "r1", "c"]
    document.getElementById("c").checked = False
    assert ids(document, ":checked") == ["o2", "r1"]
    assert document.getElementById("r1").matches(":checked")
    assert not document.getElementById("t").matches(":checked")  # a text input has no checkedness


def test_checked_attribute_set_after_a_script_checked_it_is_ignored():
    document = parse_html("<input type=checkbox id=c>")
    box = document.getElementById("c")
    box.checked = True
    box.removeAttribute("checked")
    assert box.matches(":checked")  # dirty checkedness: the attribute no longer decides
    assert ids(document, "[checked]") == []


def test_radio_groups_are_per_form():
    document = parse_html(
        "<form><input type=radio name=g id=a checked></form>"
        "<form><input type=radio name=g id=b checked></form><input type=radio name=g id=c checked>"
    )
    assert ids(document, ":checked") == ["a", "b", "c"]


# -- :default and :indeterminate -----------------------------------------------------------------


def test_default():
    document = parse_html(
        "<form id=f><input type=checkbox id=c checked><input type=radio name=r id=r>"
        "<select><option id=o1>a<option id=o2 selected>b</select>"
        "<button type=button id=b0>x</button><input type=submit id=s1><button id=b1>y</button></form>"
        "<button id=lone>z</button><input type=image id=img form=f>"
    )
    assert ids(document, ":default") == ["c", "o2", "s1"]
    document.getElementById("c").checked = False
    document.getElementById("o1").selected = True
    assert ids(document, ":default") == ["c", "o2", "s1"]  # the default stays the default
    document.getElementById("s1").remove()
    assert ids(document, ":default") == ["c", "o2", "b1"]


def test_indeterminate():
    document = parse_html(
        "<input type=checkbox id=c><input type=radio name=a id=a1><input type=radio name=a id=a2>"
        "<input type=radio name=b id=b1 checked><input type=radio id=lone>"
        "<progress id=p1></progress><progress id=p2 value=1></progress>"
    )
    assert ids(document, ":indeterminate") == ["a1", "a2", "lone", "p1"]
    document.getElementById("c").indeterminate = True
    document.getElementById("a2").checked = True
    assert ids(document, ":indeterminate") == ["c", "lone", "p1"]


# -- :enabled and :disabled -----------------------------------------------------------------------


def test_enabled_disabled_with_fieldsets_legends_and_optgroups():
    document = parse_html(
        "<fieldset id=fs disabled><legend id=lg><input id=in-legend></legend>"
        "<legend><input id=second-legend></legend><input id=inside><a id=a href=#>x</a></fieldset>"
        "<select id=s><optgroup id=og disabled><option id=o1>a</optgroup><option id=o2 disabled>b"
        "<option id=o3>c</select><button id=b disabled>x</button><output id=out disabled></output>"
        "<textarea id=t></textarea><p id=p>"
    )
    assert ids(document, ":disabled") == ["fs", "second-legend", "inside", "og", "o1", "o2", "b"]
    assert ids(document, ":enabled") == ["in-legend", "s", "o3", "t"]
    document.getElementById("fs").disabled = False
    assert ids(document, "input:disabled") == []
    document.getElementById("t").setAttribute("disabled", "")
    assert document.getElementById("t").matches(":disabled")
    assert not document.getElementById("p").matches(":enabled, :disabled")


# -- :required and :optional ----------------------------------------------------------------------


def test_required_optional():
    document = parse_html(
        "<input id=t required><input id=h type=hidden required><input id=r type=range required>"
        "<input id=o><select id=s required></select><select id=s2></select>"
        "<textarea id=ta required></textarea><button id=b></button>"
    )
    assert ids(document, ":required") == ["t", "s", "ta"]
    # hidden and range inputs: the required attribute does not apply, so neither matches
    assert ids(document, ":optional") == ["o", "s2"]


# -- :valid and :invalid ---------------------------------------------------------------------------


def test_valid_invalid_by_constraint_validation():
    document = parse_html(
        "<form id=f><fieldset id=fs><input id=req required></fieldset>"
        "<input id=num type=number max=5 value=7><input id=ok value=x>"
        "<input id=ro required readonly><input id=hid type=hidden required>"
        "<button id=b></button><button id=bb type=button></button></form>"
        "<form id=g><input id=email type=email value=a@b.c></form><fieldset id=empty></fieldset>"
    )
    assert ids(document, ":invalid") == ["f", "fs", "req", "num"]
    # readonly and hidden inputs, and non-submit buttons, are barred: neither valid nor invalid
    assert ids(document, ":valid") == ["ok", "b", "g", "email", "empty"]
    document.getElementById("req").value = "filled"
    document.getElementById("num").value = "3"
    assert ids(document, ":invalid") == []
    document.getElementById("ok").setCustomValidity("no")
    assert ids(document, ":invalid") == ["f", "ok"]


def test_form_validity_counts_controls_associated_by_the_form_attribute():
    document = parse_html("<form id=f></form><input id=x form=f required>")
    assert ids(document, "form:invalid") == ["f"]


# -- :in-range and :out-of-range ------------------------------------------------------------------


def test_in_range_out_of_range():
    document = parse_html(
        "<input id=n1 type=number min=1 max=5 value=3><input id=n2 type=number min=1 value=0>"
        "<input id=n3 type=number value=9><input id=r type=range>"
        "<input id=d type=date max=2020-01-01 value=2021-01-01><input id=t min=1 value=0>"
        "<input id=ro type=number min=1 value=0 readonly>"
    )
    assert ids(document, ":in-range") == ["n1", "r"]
    assert ids(document, ":out-of-range") == ["n2", "d"]
    document.getElementById("n2").value = "4"
    assert ids(document, ":out-of-range") == ["d"]


# -- :read-write, :read-only, :placeholder-shown, :autofill -------------------------------------


def test_read_write_and_read_only():
    document = parse_html(
        "<input id=i><input id=ro readonly><input id=dis disabled><input id=cb type=checkbox>"
        "<textarea id=ta></textarea><textarea id=tro readonly></textarea>"
        "<div id=ce contenteditable><span id=inner></span><b id=off contenteditable=false></b></div><p id=p>"
    )
    assert ids(document, ":read-write") == ["i", "ta", "ce", "inner"]
    assert ids(document, "input:read-only, textarea:read-only") == ["ro", "dis", "cb", "tro"]
    assert document.getElementById("p").matches(":read-only")
    document.designMode = "on"
    assert document.getElementById("p").matches(":read-write")


def test_placeholder_shown():
    document = parse_html(
        "<input id=a placeholder=Name><input id=b placeholder=Name value=x><input id=c placeholder>"
        "<input id=d type=checkbox placeholder=x><textarea id=e placeholder=Text></textarea>"
    )
    assert ids(document, ":placeholder-shown") == ["a", "e"]
    document.getElementById("a").value = "typed"
    document.getElementById("b").value = ""
    assert ids(document, ":placeholder-shown") == ["b", "e"]


def test_never_matching_user_state():
    document = parse_html("<input id=a autocomplete=name value=x><input id=b required>")
    assert ids(document, ":autofill, :-webkit-autofill, :user-invalid, :user-valid, :focus, :hover") == []


# -- :open, :modal, :popover-open, :paused --------------------------------------------------------


def test_open_modal_popover_media():
    document = parse_html(
        "<details id=d open></details><details id=d2></details><dialog id=dlg></dialog>"
        "<div id=pop popover></div><video id=v></video><audio id=au muted></audio>"
    )
    assert ids(document, ":open") == ["d"]
    dialog = document.getElementById("dlg")
    dialog.showModal()
    assert ids(document, ":modal") == ["dlg"]
    assert ids(document, ":open") == ["d", "dlg"]
    dialog.close()
    assert ids(document, ":modal") == []
    document.getElementById("pop").showPopover()
    assert ids(document, ":popover-open") == ["pop"]
    assert ids(document, ":paused") == ["v", "au"]
    assert ids(document, ":muted") == ["au"]
    assert ids(document, ":playing") == []


# -- :lang() and :dir() ----------------------------------------------------------------------------


def test_lang_is_inherited():
    document = parse_html(
        "<html lang=en-GB><body><p id=a>x</p><div lang=fr-CA><p id=b>y</p><p id=c lang=''>z</p></div>"
        "<svg><text id=t xml:lang=de></text></svg></body></html>"
    )
    assert ids(document, "p:lang(en)") == ["a"]
    assert ids(document, "p:lang(fr)") == ["b"]
    assert ids(document, ":lang(FR-ca)") == [None, "b"]  # the div and its paragraph
    assert ids(document, "p:lang('*-CA')") == ["b"]
    assert ids(document, "p:lang(en-GB, fr)") == ["a", "b"]
    assert ids(document, "p:lang(en-US)") == []
    assert ids(document, "text:lang(de)") == ["t"]
    detached = document.createElement("p")
    assert not detached.matches(":lang(en)")  # no ancestor, not in the document


def test_lang_pragma_default_language():
    document = parse_html(
        "<meta http-equiv=Content-Language content=de-AT><p id=a>x</p><p id=b lang=en>y</p>"
    )
    assert ids(document, "p:lang(de)") == ["a"]
    ignored = parse_html("<meta http-equiv=content-language content='de, en'><p id=a>x</p>")
    assert ids(ignored, "p:lang(de)") == []


def test_lang_extended_filtering():
    document = parse_html("<p id=a lang=de-Latn-DE>x</p><p id=b lang=de-DE-1996>y</p><p id=c lang=de-x-DE>z</p>")
    assert ids(document, "p:lang(de-DE)") == ["a", "b"]  # RFC 4647 extended filtering
    assert ids(document, "p:lang(de)") == ["a", "b", "c"]


def test_dir_by_directionality():
    document = parse_html(
        "<div id=r dir=rtl><p id=inherits>x</p><p id=l dir=ltr>y</p></div>"
        "<p id=auto dir=auto>\u05e9\u05dc\u05d5\u05dd</p><bdi id=bdi>abc</bdi><input id=tel type=tel dir=rtl>"
        "<p id=plain>z</p>"
    )
    assert ids(document, ":dir(rtl)") == ["r", "inherits", "auto", "tel"]
    assert ids(document, "p:dir(ltr)") == ["l", "plain"]
    assert ids(document, ":dir(sideways)") == []


def test_lang_and_dir_in_a_shadow_tree_follow_the_host():
    """https://html.spec.whatwg.org/#language: an element whose parent is a shadow root has its
    host's language; https://html.spec.whatwg.org/#parent-directionality: its host's
    directionality.  Regression: the walk up stopped at the shadow root (unknown language,
    ltr)."""
    document = parse_html(
        "<html lang=de><body><div id=outer lang=fr dir=rtl><div id=h></div></div><div id=h2></div>"
    )
    shadow = document.getElementById("h").attachShadow({"mode": "open"})
    shadow.innerHTML = "<p id=in>x</p><p id=en lang=en dir=ltr>y</p><p id=auto dir=auto>z</p>"
    other = document.getElementById("h2").attachShadow({"mode": "open"})
    other.innerHTML = "<p id=de>x</p>"
    assert ids(shadow, "p:lang(fr)") == ["in", "auto"]
    assert ids(shadow, "p:dir(rtl)") == ["in"]
    assert ids(shadow, "p:lang(en)") == ["en"]
    assert shadow.getElementById("in").matches(":lang(fr):dir(rtl)")
    assert ids(other, ":lang(de)") == ["de"]  # the document element's language, through the host
    assert ids(other, ":dir(ltr)") == ["de"]
    document.getElementById("outer").setAttribute("lang", "es")
    document.getElementById("outer").removeAttribute("dir")
    assert ids(shadow, "p:lang(es)") == ["in", "auto"]
    assert ids(shadow, "p:dir(rtl)") == []
    detached = document.createElement("div").attachShadow({"mode": "open"})
    detached.innerHTML = "<p>x</p>"
    assert detached.querySelector(":lang(de)") is None  # a host out of the document: no pragma, no language


def test_dir_auto_contained_text_and_slots():
    """https://html.spec.whatwg.org/#contained-text-auto-directionality passes over bdi, script,
    style, textarea and elements with a dir state; a slot in a shadow tree gives its host's
    directionality, and a slot with dir=auto the first strong text of its assigned nodes
    (https://html.spec.whatwg.org/#auto-directionality step 2)."""
    document = parse_html(
        "<p id=a dir=auto><bdi>\u05e9</bdi>abc</p><p id=b dir=auto><span dir=ltr>x</span>\u05e9</p>"
        "<p id=c dir=auto><!--x-->\u05e9</p><p id=d dir=auto><style>p{}</style>\u05e9</p>"
        "<div id=h dir=rtl>abc</div><div id=g><span>\u05e9</span></div>"
    )
    assert ids(document, "p:dir(rtl)") == ["b", "c", "d"]
    shadow = document.getElementById("h").attachShadow({"mode": "open"})
    shadow.innerHTML = "<span id=s dir=auto>x<slot></slot></span><span id=t dir=auto><slot></slot>x</span>"
    assert ids(shadow, "span:dir(rtl)") == ["t"]  # (its slot first: the host's; "x" first: ltr)
    other = document.getElementById("g").attachShadow({"mode": "open"})
    other.innerHTML = "<slot id=u dir=auto></slot><slot id=v name=none dir=auto></slot>"
    assert ids(other, "slot:dir(rtl)") == ["u"]  # (the assigned span's text; v has none: ltr)


# -- :defined --------------------------------------------------------------------------------------


def test_defined():
    document = parse_html("<my-el id=a></my-el><font-face id=b></font-face><p id=c><svg><my-el id=d></my-el></svg>")
    # custom element names (no definitions here) are undefined; reserved names and SVG are not
    assert ids(document, ":not(:defined)") == ["a"]
    assert document.getElementById("c").matches(":defined")


# -- state in detached trees and fragments --------------------------------------------------------


def test_state_in_fragments_and_detached_trees():
    document = parse_html("")
    fragment = document.createDocumentFragment()
    select = document.createElement("select")
    select.innerHTML = "<option id=o1>a<option id=o2>b"
    fragment.append(select)
    assert ids(fragment, "option:checked") == ["o1"]
    div = document.createElement("div")
    div.innerHTML = "<fieldset disabled><input id=i></fieldset><input id=j required>"
    assert ids(div, "input:disabled") == ["i"]
    assert ids(div, ":invalid") == ["j"]
    assert div.querySelector(":enabled").id == "j"


_SELECTORS4_PAGE = (
    '<html lang=en><body><prefix:div-custom></prefix:div-custom><a-b></a-b><svg><x:y-z/></svg>'
    '<a id=l1 href="">self</a><a id=l2 href="#x">frag</a><a id=l3 href="/page?q=1">same</a><a id=l4 href="/other">o</a>'
    '<p id=p lang="">untagged<span id=s>in</span></p><div id=d>en</div>'
)


def _ids(doc, selector):  # type: ignore[no-untyped-def]
    return [e.id or e.localName for e in doc.querySelectorAll(selector)]


def test_selectors_4_leftovers() -> None:
    """Selectors 4 pseudo-classes the engine did not know, each as the spec defines it here."""
    import webdom

    doc = webdom.parse_html(_SELECTORS4_PAGE, url="http://x.test/page?q=1#top")
    # https://drafts.csswg.org/selectors-4/#local-link-pseudo: the fragment counts only when the link has one
    assert _ids(doc, ":local-link") == ["l1", "l3"]
    # https://drafts.csswg.org/selectors-4/#the-lang-pseudo: lang="" is known to be untagged
    assert _ids(doc, ':lang("")') == ["p", "s"]
    assert _ids(doc, "div:lang(en)") == ["d"] and "p" not in _ids(doc, ":lang(en)")
    # https://drafts.csswg.org/selectors-4/#time-pseudos: no timeline, so nothing is current, past or future;
    # no fragment navigation, so no target (as :target)
    for selector in (":current", ":past", ":future", ":current(p, div)", ":target-within", "div:not(:target-within)"):
        assert len(doc.querySelectorAll(selector)) == (1 if selector.startswith("div:not") else 0), selector
    # https://html.spec.whatwg.org/#selector-defined: <prefix:div-custom> has a valid custom element name
    assert _ids(doc, ":not(:defined)") == ["prefix:div-custom", "a-b"]
    assert doc.querySelector("svg").firstElementChild.matches(":defined")


def test_the_state_functions_stay_out_of_other_xpath_evaluations():
    """The XPath functions behind the state pseudo-classes are given to the selectors' own XPath
    objects only: lxml registers the functions of its global FunctionNamespace into every
    evaluation's context, which slowed every XPath call in the process (a user's lxml code
    too) once a selector had run."""
    document = parse_html("<input id=a required><input id=b value=x required>")
    assert ids(document, "input:invalid") == ["a"]  # the functions work where they are given
    foreign = etree.XPath("wd:state('invalid')", namespaces={"wd": FUNCTIONS_NS})
    with pytest.raises(etree.XPathEvalError):
        foreign(etree.fromstring("<a/>"))
