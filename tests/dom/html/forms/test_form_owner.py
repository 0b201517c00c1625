"""Form owner: ports of WPT behaviours.

Sources (read, not copied): html/semantics/forms/form-control-infrastructure/form.html,
form_attribute.html, form_owner_and_table*.html, association.window.js,
html/semantics/forms/the-label-element/label-attributes.html (control/form),
the-legend-element/legend-form.html, the-option-element/option-form.html,
the-fieldset-element/disabled-*.html (for "is disabled").  The parser's form element pointer:
see ``test_parser_form_pointer``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import dom
from dom.html.forms.owner import form_owner, is_disabled, labeled_control, set_parser_form_owner

LISTED = ("button", "fieldset", "input", "object", "output", "select", "textarea")


def doc(body: str = "") -> Any:
    return dom.parse_html(f"<!doctype html><body>{body}")


CASES: list[tuple[str, Callable[[], None]]] = []


def case(name: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        CASES.append((name, fn))
        return fn

    return register


# -- the form IDL attribute of listed elements (form.html) ---------------------------------------


for _local in LISTED:

    @case(f"{_local}.form is the nearest ancestor form")
    def _(local: str = _local) -> None:
        d = doc(f"<form id=outer><div><{local} id=c></{local}></div></form>")
        assert d.getElementById("c").form is d.getElementById("outer")

    @case(f"{_local}.form is null outside a form")
    def _(local: str = _local) -> None:
        d = doc(f"<{local} id=c></{local}>")
        assert d.getElementById("c").form is None

    @case(f"{_local}.form follows the form attribute")
    def _(local: str = _local) -> None:
        d = doc(f"<form id=a></form><form id=b><{local} id=c form=a></{local}></form>")
        assert d.getElementById("c").form is d.getElementById("a")


@case("img has no form IDL attribute but has a form owner")
def _() -> None:
    d = doc("<form id=f><img id=i></form>")
    img = d.getElementById("i")
    assert form_owner(img) is d.getElementById("f")
    assert not hasattr(img, "form")


@case("non-form-associated elements have no form owner")
def _() -> None:
    d = doc("<form><p id=p></p><meter id=m></meter></form>")
    assert form_owner(d.getElementById("p")) is None and form_owner(d.getElementById("m")) is None


# -- form_attribute.html -------------------------------------------------------------------------


@case("form attribute naming a non-form: null, no fallback to the ancestor form")
def _() -> None:
    d = doc("<div id=x></div><form id=f><input id=i form=x></form>")
    assert d.getElementById("i").form is None


@case("form attribute naming no element: null")
def _() -> None:
    d = doc("<form id=f><input id=i form=nothing></form>")
    assert d.getElementById("i").form is None


@case("empty form attribute: null")
def _() -> None:
    d = doc("<form id=f><input id=i form></form>")
    assert d.getElementById("i").form is None


@case("the first element with the ID must be the form")
def _() -> None:
    d = doc("<div id=f></div><form id=f></form><input id=i form=f>")
    assert d.getElementById("i").form is None


@case("an element before its form in tree order")
def _() -> None:
    d = doc("<input id=i form=f><form id=f></form>")
    assert d.getElementById("i").form is d.getElementById("f")


@case("setting, changing and removing the form attribute")
def _() -> None:
    d = doc("<form id=a><input id=i></form><form id=b></form>")
    i, a, b = (d.getElementById(x) for x in "iab")
    assert i.form is a
    i.setAttribute("form", "b")
    assert i.form is b
    i.setAttribute("form", "a")
    assert i.form is a
    i.setAttribute("form", "zz")
    assert i.form is None
    i.removeAttribute("form")
    assert i.form is a


@case("the form's ID changes")
def _() -> None:
    d = doc("<form id=a></form><form id=b></form><input id=i form=a>")
    i, a, b = (d.getElementById(x) for x in "iab")
    a.id = "z"
    assert i.form is None
    b.id = "a"
    assert i.form is b
    a.id = "a"  # a is first in tree order again
    assert i.form is a


@case("an element with the ID inserted before the form")
def _() -> None:
    d = doc("<form id=f></form><input id=i form=f>")
    i = d.getElementById("i")
    span = d.createElement("span")
    span.id = "f"
    d.body.insertBefore(span, d.body.firstChild)
    assert i.form is None
    span.remove()
    assert i.form is d.getElementById("f")


@case("a disconnected element with a form attribute uses its ancestor form")
def _() -> None:
    d = doc("<form id=f></form>")
    form = d.createElement("form")
    input_ = d.createElement("input")
    input_.setAttribute("form", "f")
    form.appendChild(input_)
    assert input_.form is form
    d.body.appendChild(form)
    assert input_.form is d.getElementById("f")


@case("a disconnected element with a form attribute and no ancestor form: null")
def _() -> None:
    d = doc("<form id=f></form>")
    input_ = d.createElement("input")
    input_.setAttribute("form", "f")
    assert input_.form is None
    d.body.appendChild(input_)
    assert input_.form is d.getElementById("f")


# -- tree changes (association.window.js) --------------------------------------------------------


@case("moving a control into and out of forms")
def _() -> None:
    d = doc("<form id=a></form><form id=b></form>")
    a, b = d.getElementById("a"), d.getElementById("b")
    select = d.createElement("select")
    assert select.form is None
    a.appendChild(select)
    assert select.form is a
    b.appendChild(select)
    assert select.form is b
    select.remove()
    assert select.form is None


@case("removing the form keeps its descendants associated")
def _() -> None:
    d = doc("<form id=f><input id=i></form>")
    form, i = d.getElementById("f"), d.getElementById("i")
    form.remove()
    assert i.form is form


@case("nested forms made by DOM: the nearest ancestor wins")
def _() -> None:
    d = doc("<form id=outer></form>")
    outer = d.getElementById("outer")
    inner = d.createElement("form")
    outer.appendChild(inner)
    button = d.createElement("button")
    inner.appendChild(button)
    assert button.form is inner
    outer.appendChild(button)
    assert button.form is outer


@case("forms in template contents own the controls there")
def _() -> None:
    d = doc("<template><form id=t><input></form></template>")
    content = d.querySelector("template").content
    assert content.querySelector("input").form is content.querySelector("form")


@case("innerHTML: ancestor associations after the fragment is inserted (spec's a/d/e example)")
def _() -> None:
    d = doc("<form id=a><div id=b></div></form>")
    d.getElementById("b").innerHTML = "<table><tr><td></form><form id=c><input id=d></table><input id=e>"
    assert d.getElementById("d").form is d.getElementById("c")
    assert d.getElementById("e").form is d.getElementById("a")


@case("the parser's </form> inside a div: the control stays a descendant")
def _() -> None:
    d = doc("<form id=f><div></form><input id=i></div>")
    assert d.getElementById("i").form is d.getElementById("f")


@case("form owners in an XML document (XHTML namespace)")
def _() -> None:
    d = dom.parse_xml("<html xmlns='http://www.w3.org/1999/xhtml'><body><form id='f'><input id='i'/></form>"
                      "<input id='j' form='f'/></body></html>")
    f = d.getElementById("f")
    assert d.getElementById("i").form is f and d.getElementById("j").form is f


@case("a null-namespace form element in an XML document is not a form")
def _() -> None:
    d = dom.parse_xml("<root><form><input xmlns='http://www.w3.org/1999/xhtml' id='i'/></form></root>")
    assert d.getElementById("i").form is None


# -- parser-inserted association (stored state) --------------------------------------------------


@case("set_parser_form_owner: kept while the ancestors stay, even when the form leaves")
def _() -> None:
    d = doc("<div><form id=f></div><p><input id=i></p>")
    f, i = d.getElementById("f"), d.getElementById("i")
    set_parser_form_owner(i, f)
    assert i.form is f
    f.remove()  # the form's removal is not a removal of the input or its ancestors
    assert i.form is f
    d.body.appendChild(f)
    i.setAttribute("name", "x")  # other changes keep it
    assert i.form is f and f.elements[0] is i


@case("set_parser_form_owner: appendChild within the document resets it (removal first)")
def _() -> None:
    d = doc("<div><form id=f></div><p><input id=i></p>")
    f, i = d.getElementById("f"), d.getElementById("i")
    set_parser_form_owner(i, f)
    d.body.appendChild(d.createElement("p")).appendChild(i)
    assert i.form is None
    f.appendChild(i)
    assert i.form is f
    d.body.appendChild(d.createElement("p")).appendChild(i)
    assert i.form is None  # the flag is gone for good


@case("set_parser_form_owner: moving an ancestor resets it")
def _() -> None:
    d = doc("<div><form id=f></div><p id=p><input id=i></p><section id=s></section>")
    f, i = d.getElementById("f"), d.getElementById("i")
    set_parser_form_owner(i, f)
    d.getElementById("s").appendChild(d.getElementById("p"))
    assert i.form is None


@case("set_parser_form_owner: a form attribute change resets it")
def _() -> None:
    d = doc("<div><form id=f></div><form id=g></form><input id=i>")
    f, i = d.getElementById("f"), d.getElementById("i")
    set_parser_form_owner(i, f)
    i.setAttribute("form", "g")
    assert i.form is d.getElementById("g")
    i.removeAttribute("form")
    assert i.form is None



@case("set_parser_form_owner: a removal that takes the form along keeps it, until one separates them")
def _() -> None:
    d = doc("<section id=s><div id=w><form id=f></form><p><input id=i></p></div></section><div id=t></div>")
    f, i = d.getElementById("f"), d.getElementById("i")
    set_parser_form_owner(i, f)
    w = d.getElementById("w")
    w.remove()  # removed with its form: still one tree, no reset
    assert i.form is f
    d.getElementById("t").appendChild(w)  # an insertion does not reset a parser-inserted control
    assert i.form is f
    d.getElementById("s").appendChild(i)  # removed away from the form: reset, for good
    assert i.form is None
    w.appendChild(i)
    assert i.form is None


def test_parser_form_pointer_table_moved() -> None:
    """A table holding the parser's form and a cell's input can move as a whole; the input
    leaving alone loses the form."""
    d = doc("<div id=r><table><form id=f><tr><td><input id=i></table></div><div id=t></div>")
    f, i = d.getElementById("f"), d.getElementById("i")
    d.getElementById("r").remove()
    assert i.form is f
    d.getElementById("t").appendChild(f.parentNode)
    assert i.form is f
    d.getElementById("t").appendChild(i)
    assert i.form is None

# -- label, legend, option ----------------------------------------------------------------------


@case("label.control: first labelable descendant, hidden inputs skipped")
def _() -> None:
    d = doc("<form id=f><label id=l><input type=hidden><meter id=m></meter><input id=i></label></form>")
    label = d.getElementById("l")
    assert label.control is d.getElementById("m")
    assert label.form is None  # meter is labelable but not form-associated


@case("label.control and label.form with the for attribute")
def _() -> None:
    d = doc("<form id=f><input id=i></form><label id=l for=i><select></select></label>")
    label = d.getElementById("l")
    assert label.control is d.getElementById("i") and label.form is d.getElementById("f")
    label.htmlFor = "nothing"
    assert label.control is None and label.form is None
    label.htmlFor = "l"  # not labelable
    assert label.control is None


@case("label.form follows its control's form attribute; label has no form attribute of its own")
def _() -> None:
    d = doc("<form id=a></form><form id=b><label id=l form=b><input id=i form=a></label></form>")
    assert d.getElementById("l").form is d.getElementById("a")


@case("labeled_control finds labels in a detached tree by for")
def _() -> None:
    d = doc()
    div = d.createElement("div")
    div.innerHTML = "<label for=x></label><textarea id=x></textarea>"
    assert labeled_control(div.firstChild) is div.lastChild


@case("legend.form: the parent fieldset's form, else null")
def _() -> None:
    d = doc("<form id=f><fieldset><legend id=a></legend><div><legend id=b></legend></div></fieldset>"
            "<legend id=c></legend></form><form id=g></form><fieldset form=g><legend id=d></legend></fieldset>")
    assert d.getElementById("a").form is d.getElementById("f")
    assert d.getElementById("b").form is None
    assert d.getElementById("c").form is None
    assert d.getElementById("d").form is d.getElementById("g")


@case("option.form: the form of its nearest ancestor select")
def _() -> None:
    d = doc("<form id=f><select><option id=a></option><optgroup><option id=b></option></optgroup></select>"
            "<datalist><option id=c></option></datalist><option id=d></option></form>"
            "<form id=g></form><select form=g><option id=e></option></select>")
    f = d.getElementById("f")
    assert d.getElementById("a").form is f and d.getElementById("b").form is f
    assert d.getElementById("c").form is None and d.getElementById("d").form is None
    assert d.getElementById("e").form is d.getElementById("g")


# -- disabled form controls (https://html.spec.whatwg.org/#concept-fe-disabled) ------------------


@case("is_disabled: own attribute, disabled fieldset, first legend exception")
def _() -> None:
    d = doc("<fieldset disabled><legend><input id=a></legend><legend><input id=b></legend><input id=c>"
            "</fieldset><input id=d disabled><fieldset><input id=e></fieldset>"
            "<fieldset disabled><fieldset><legend><input id=f></legend></fieldset></fieldset>")
    expected = {"a": False, "b": True, "c": True, "d": True, "e": False, "f": True}
    for key, value in expected.items():
        assert is_disabled(d.getElementById(key)) is value, key


# -- caching ------------------------------------------------------------------------------------


@case("the cached owner follows every kind of mutation")
def _() -> None:
    d = doc("<form id=f><div id=w></div></form><input id=i>")
    f, i = d.getElementById("f"), d.getElementById("i")
    assert i.form is None
    d.getElementById("w").appendChild(i)
    assert i.form is f
    d.getElementById("w").outerHTML = "<p></p>"
    assert i.form is None  # i went with the div, out of the form
    assert i.parentNode.parentNode is None


@case("10,000 controls: owners and form.elements (growth rate: benchmarks/bench_linear.py)")
def _() -> None:
    d = doc("<form id=f>" + "<input name=n>" * 10_000 + "</form>")
    form = d.getElementById("f")
    assert form.length == 10_000
    for _ in range(100):
        assert form.elements[9_999].form is form


# -- the parser's form element pointer ------------------------------------------------------------


def test_parser_form_pointer() -> None:
    """``<div><form></div><input>``: browsers associate the input with the form through the
    parser's form element pointer (dom/parsing/form_pointer.py replays it); moving the input
    resets its owner to the ancestor rule."""
    d = doc("<div><form id=f></div><input id=i>")
    f, i = d.getElementById("f"), d.getElementById("i")
    assert i.form is f and list(f.elements) == [i]
    d.body.appendChild(d.createElement("p")).appendChild(i)
    assert i.form is None


def test_parser_form_pointer_in_a_table() -> None:
    """A form start tag in a table is inserted and popped at once; the cell's controls that
    follow still belong to it (seen on real pages)."""
    d = doc("<table><tr><form id=f><td><input id=i><select id=s></select></td></tr></table><input id=after>")
    f = d.getElementById("f")
    assert d.getElementById("i").form is f and d.getElementById("s").form is f
    assert f.elements.length == 3  # the pointer stays set until a </form> end tag
    d2 = doc("<table><tr><form id=f></form><td><input id=i></table>")
    assert d2.getElementById("i").form is None
    d3 = doc("<table><tr><form id=f><td><input id=i form=other></table><template><input id=t></template>")
    assert d3.getElementById("i").form is None  # a listed element with a form attribute


@pytest.mark.parametrize(
    "markup",
    [
        "<table><form id=f><input id=i></table>",
        "<table><form id=f><div><input id=i></div></table>",
        "<table><tr><td><form id=f></td></tr><input id=i></table>",
        "<input id=other><table><form id=f><input id=i></table>",
        "<table><tr><td>" * 3 + "<table><form id=f><input id=i></table>",
    ],
)
def test_parser_form_pointer_foster_parented(markup: str) -> None:
    """A control made while the pointer is set and foster parented before the table that holds
    the form (https://html.spec.whatwg.org/#foster-parent) precedes the form in tree order: it
    is still the form's."""
    d = doc(markup)
    f, i = d.getElementById("f"), d.getElementById("i")
    assert i.compareDocumentPosition(f) & 4  # (the form follows)
    assert i.form is f and i in list(f.elements)


@pytest.mark.parametrize(
    "markup",
    [
        "<input id=i><table><form id=f></form></table>",  # made before the pointer was set
        "<table><form id=f></form><input id=i></table>",  # after </form> cleared it
        "<input id=i><form id=f></form>",
    ],
)
def test_parser_form_pointer_not_set(markup: str) -> None:
    d = doc(markup)
    assert d.getElementById("i").form is None


# -- runner -------------------------------------------------------------------------------------

_results: dict[str, bool] = {}


@pytest.mark.parametrize("name,fn", CASES, ids=[c[0] for c in CASES])
def test_case(name: str, fn: Callable[[], None]) -> None:
    _results[name] = False
    fn()
    _results[name] = True


def test_summary() -> None:
    print(f"\nform owner WPT ports: {sum(_results.values())}/{len(CASES)} passed")


def test_form_element_pointer_after_a_noscript_with_markup() -> None:
    """With the scripting flag unset (the default) <noscript>'s contents are markup, which the
    replay of the form element pointer must read as the tree builder did: the input keeps the
    form the pointer gives it (https://html.spec.whatwg.org/#create-an-element-for-the-token)."""
    import webdom

    markup = "<noscript><img></noscript><table><tr><form id=f><td><input id=i></td></form></tr></table>"
    for scripting in (False, True):
        doc = webdom.parse_html(markup, scripting=scripting)
        form = doc.getElementById("f")
        assert doc.getElementById("i").form is form and form.length == 1, scripting


def test_form_attribute_in_a_connected_shadow_tree() -> None:
    """https://html.spec.whatwg.org/#reset-the-form-owner step 4 asks that the element be
    connected (https://dom.spec.whatwg.org/#connected): a shadow tree of a connected host is,
    and the form is looked up in the control's own tree, the shadow tree."""
    document = doc("<form id=f></form>")
    host = document.createElement("div")
    root = host.attachShadow({"mode": "open"})
    root.innerHTML = "<form id=f>inner</form><input form=f>"
    control = root.querySelector("input")
    inner = root.getElementById("f")
    assert control.form is None  # not connected
    document.body.appendChild(host)
    assert control.form is inner
    inner.id = "g"
    assert control.form is None
    inner.id = "f"
    host.remove()
    assert control.form is None
