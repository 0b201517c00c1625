"""select / option / optgroup / HTMLOptionsCollection: ports of WPT behaviours.

Sources (read, not copied; each case says which file it follows):
html/semantics/forms/the-select-element/{select-value, select-add, select-remove,
select-selectedOptions, inserted-or-removed, option-selectedness-script-mutation,
select-attribute-change-reset, common-HTMLOptionsCollection}.html,
html/infrastructure/common-dom-interfaces/collections/htmloptionscollection.html,
html/semantics/forms/the-option-element/option-{index,selected,text}.html.
Each case is a function of a fresh document; a summary test prints passed/total.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import dom
from dom.html.forms.select import HTMLOptionsCollection, Option
from webidl import HierarchyRequestError, NotFoundError
from webidl.idl import missing_members

CASES: list[tuple[str, Callable[[Any], None]]] = []


def case(name: str) -> Callable[[Callable[[Any], None]], Callable[[Any], None]]:
    def register(fn: Callable[[Any], None]) -> Callable[[Any], None]:
        CASES.append((name, fn))
        return fn

    return register


def doc(body: str = "") -> Any:
    return dom.parse_html(f"<!doctype html><body>{body}")


def values(coll: Any) -> list[str]:
    return [o.value for o in coll]


# -- select-value.html --------------------------------------------------------------------------


@case("select-value: options")
def _(d: Any) -> None:
    d = doc("<select><option value=0></option><option selected value=1></option></select>")
    assert d.querySelector("select").value == "1"


@case("select-value: optgroups")
def _(d: Any) -> None:
    d = doc("<select><optgroup><option value=0></option></optgroup><optgroup></optgroup><optgroup>"
            "<option></option><option value=1></option><option selected value=2></option></optgroup></select>")
    assert d.querySelector("select").value == "2"


@case("select-value: option is child of div (customizable select: still listed)")
def _(d: Any) -> None:
    d = doc("<select><option selected value=1></option></select>")
    select = d.querySelector("select")
    option = select.options[0]
    div = d.createElement("div")
    select.appendChild(div)
    div.appendChild(option)
    assert select.value == "1"


@case("option label and value read the content attributes in no namespace")
def _(d: Any) -> None:
    d = doc("<select><option>child</option></select>")
    option = d.querySelector("option")
    option.setAttributeNS("urn:x", "label", "namespaced")
    option.setAttributeNS("urn:x", "value", "namespaced")
    assert (option.label, option.value) == ("child", "child")
    option.label, option.value = "l", "v"
    assert (option.getAttributeNS(None, "label"), option.getAttributeNS(None, "value")) == ("l", "v")
    assert (option.getAttributeNS("urn:x", "label"), option.label, option.value) == ("namespaced", "l", "v")


@case("select-value: no options")
def _(d: Any) -> None:
    assert doc("<select></select>").querySelector("select").value == ""


@case("select value setter picks the first matching option and marks it dirty")
def _(d: Any) -> None:
    d = doc("<select><option>a<option>b<option>b</select>")
    select = d.querySelector("select")
    select.value = "b"
    assert select.selectedIndex == 1
    select.value = "zzz"
    assert select.selectedIndex == -1 and select.value == ""


# -- select-add.html / select-add-optgroup ------------------------------------------------------


@case("select-add: add an option")
def _(d: Any) -> None:
    d = doc("<select></select>")
    select = d.querySelector("select")
    select.add(Option(d, "Marry", "1"))
    assert select.options[0].value == "1"


@case("select-add: HierarchyRequestError when element is an ancestor")
def _(d: Any) -> None:
    d = doc("<div><option id=o><select id=s><option>TEST</option></select></option></div>")
    select = d.getElementById("s")
    option = d.getElementById("o")
    if select is None or not option.contains(select):  # the parser may not nest them; build it
        option = d.createElement("option")
        select = d.createElement("select")
        option.appendChild(select)
    with pytest.raises(HierarchyRequestError):
        select.add(option)


@case("add(): before as index, element, out-of-range, same element, optgroup")
def _(d: Any) -> None:
    d = doc("<select><option>a<option>b</select>")
    select = d.querySelector("select")
    c = Option(d, "c")
    select.add(c, 0)
    assert values(select) == ["c", "a", "b"]
    e = Option(d, "e")
    select.add(e, 99)
    assert values(select) == ["c", "a", "b", "e"]
    f = Option(d, "f")
    select.add(f, select.options[2])
    assert values(select) == ["c", "a", "f", "b", "e"]
    select.add(f, f)  # same element: nothing happens
    assert values(select) == ["c", "a", "f", "b", "e"]
    group = d.createElement("optgroup")
    group.appendChild(Option(d, "g"))
    select.add(group, None)
    assert values(select)[-1] == "g"
    # before inside an optgroup: inserted into that optgroup
    h = Option(d, "h")
    select.add(h, select.options[5])
    assert h.parentNode is group and values(select)[-2:] == ["h", "g"]


@case("add(): NotFoundError for a before outside the select, TypeError for non-options")
def _(d: Any) -> None:
    d = doc("<select><option>a</select><p>")
    select = d.querySelector("select")
    with pytest.raises(NotFoundError):
        select.add(Option(d, "x"), d.querySelector("p"))
    with pytest.raises(TypeError):
        select.add(d.createElement("p"))
    with pytest.raises(TypeError):
        select.options.add(d.createElement("p"))


# -- select-remove.html -------------------------------------------------------------------------


def _remove_case(getter: Callable[[Any], Any]) -> Callable[[Any], None]:
    def run(d: Any) -> None:
        d = doc()
        div = d.createElement("div")
        select = d.createElement("select")
        div.appendChild(select)
        options = []
        for i in range(3):
            option = d.createElement("option")
            option.textContent = str(i)
            select.appendChild(option)
            options.append(option)
        getter(select).remove(-1)
        assert list(select.options) == options and select.parentNode is div
        getter(select).remove(3)
        assert list(select.options) == options and select.parentNode is div
        getter(select).remove(0)
        assert list(select.options) == options[1:] and select.parentNode is div

    return run


case("select-remove: select.remove(n)")(_remove_case(lambda s: s))
case("select-remove: select.options.remove(n)")(_remove_case(lambda s: s.options))


@case("select-remove: remove() with no argument is ChildNode.remove")
def _(d: Any) -> None:
    d = doc()
    div = d.createElement("div")
    select = d.createElement("select")
    div.appendChild(select)
    select.remove()
    assert select.parentNode is None and div.firstChild is None


# -- select-selectedOptions.html ----------------------------------------------------------------

_SELECTED_OPTIONS_PAGE = """
<select id=none><option>One<option>Two<option>Three</select>
<select id=one><option>One<option selected>Two<option>Three</select>
<select multiple id=mnone><option>One<option>Two<option>Three</select>
<select multiple id=mtwo><option>One<option selected>Two<option selected>Three</select>
<select id=named><option>One<option>Two<option id=named-option selected>Three</select>
<select id=invalid><option selected>One<option selected>Two<option>Three</select>
<select multiple id=change><option selected>One<option selected>Two<option selected>Three</select>
"""


@case("selectedOptions: no selected option selects the first")
def _(d: Any) -> None:
    select = doc(_SELECTED_OPTIONS_PAGE).getElementById("none")
    assert list(select.selectedOptions) == [select.children[0]]


@case("selectedOptions: one selected option")
def _(d: Any) -> None:
    select = doc(_SELECTED_OPTIONS_PAGE).getElementById("one")
    assert list(select.selectedOptions) == [select.children[1]]


@case("selectedOptions: multiple with none selected")
def _(d: Any) -> None:
    select = doc(_SELECTED_OPTIONS_PAGE).getElementById("mnone")
    assert select.selectedOptions.item(0) is None and select.selectedOptions.length == 0


@case("selectedOptions: multiple with two selected")
def _(d: Any) -> None:
    select = doc(_SELECTED_OPTIONS_PAGE).getElementById("mtwo")
    assert list(select.selectedOptions) == select.children[1:3]


@case("selectedOptions: two selected without multiple keeps the last")
def _(d: Any) -> None:
    select = doc(_SELECTED_OPTIONS_PAGE).getElementById("invalid")
    assert list(select.selectedOptions) == [select.children[1]]


@case("selectedOptions: namedItem, SameObject, live after option.selected = false")
def _(d: Any) -> None:
    d = doc(_SELECTED_OPTIONS_PAGE)
    select = d.getElementById("named")
    assert select.selectedOptions.namedItem("named-option") is select.children[2]
    assert select.selectedOptions is select.selectedOptions
    change = d.getElementById("change")
    before = change.selectedOptions
    assert before.length == 3
    change.selectedOptions[1].selected = False
    assert change.selectedOptions is before and before.length == 2


@case("selectedOptions: selectedIndex = -1 then removing an option re-runs the algorithm")
def _(d: Any) -> None:
    d = doc()
    select = d.createElement("select")
    a = Option(d, "a", "a", True, True)
    b = Option(d, "b")
    select.append(a, b)
    d.body.append(select)
    options = select.selectedOptions
    assert list(options) == [a]
    select.selectedIndex = -1
    assert list(options) == []
    b.remove()
    assert a.selected and list(options) == [a]


@case("selectedOptions: selectedIndex = -1 survives unrelated mutations, _reset re-selects")
def _(d: Any) -> None:
    d = doc()
    select = d.createElement("select")
    a, b = Option(d, "a"), Option(d, "b")
    select.append(a, b)
    d.body.append(select)
    select.selectedIndex = -1
    d.body.appendChild(d.createElement("p"))
    select.setAttribute("name", "x")
    assert select.selectedIndex == -1
    select._reset()
    assert a.selected and list(select.selectedOptions) == [a]


# -- inserted-or-removed.html -------------------------------------------------------------------


@case("inserted-or-removed: the last selected option wins (parser)")
def _(d: Any) -> None:
    d = doc("<select id=a><option selected>First<option selected>Second</select>"
            "<select id=b><optgroup><option selected>First<option selected>Second</optgroup></select>")
    assert d.getElementById("a").selectedOptions[0].textContent == "Second"
    assert d.getElementById("b").selectedOptions[0].textContent == "Second"


@case("inserted-or-removed: the last selected option wins (DOM)")
def _(d: Any) -> None:
    d = doc("<select></select>")
    target = d.querySelector("select")
    o1, o2 = d.createElement("option"), d.createElement("option")
    o1.defaultSelected = o2.defaultSelected = True
    o1.textContent, o2.textContent = "First", "Second"
    target.appendChild(o1)
    target.appendChild(o2)
    assert target.selectedOptions[0].textContent == "Second"
    target.innerHTML = ""
    group = d.createElement("optgroup")
    o3, o4 = d.createElement("option"), d.createElement("option")
    o3.defaultSelected = o4.defaultSelected = True
    o3.textContent, o4.textContent = "First", "Second"
    group.appendChild(o3)
    group.appendChild(o4)
    target.appendChild(group)
    assert target.selectedOptions[0].textContent == "Second"


@case("inserted-or-removed: jQuery-style fragment append")
def _(d: Any) -> None:
    d = doc("<select></select>")
    target = d.querySelector("select")
    fragment = d.createDocumentFragment()
    div = d.createElement("div")
    div.innerHTML = '<select multiple><option value="one" selected>First</option>' \
                    '<option value="two" selected>Second</option></select>'
    while div.firstChild.firstChild is not None:
        fragment.appendChild(div.firstChild.firstChild)
    target.appendChild(fragment)
    assert target.selectedOptions[0].textContent == "Second"


@case("inserted-or-removed: innerHTML")
def _(d: Any) -> None:
    d = doc("<select></select>")
    target = d.querySelector("select")
    target.innerHTML = "<option selected>First</option><option selected>Second</option>"
    assert target.selectedOptions[0].textContent == "Second"
    target.innerHTML = ("<option selected>First</option><optgroup><option selected>Second</option>"
                        "<option selected>Third</option></optgroup><option selected>Fourth</option>")
    assert target.selectedOptions[0].textContent == "Fourth"


@case("inserted-or-removed: an inserted selected option wins wherever it goes")
def _(d: Any) -> None:
    d = doc("<select></select>")
    target = d.querySelector("select")
    for location in range(3):
        target.innerHTML = "<option>A</option><option selected>C</option><option>D</option>"
        reference = target.querySelectorAll("option")[location]
        option = d.createElement("option")
        option.selected = True
        option.textContent = "B"
        target.insertBefore(option, reference)
        assert target.selectedOptions[0].textContent == "B", location


# -- option-selectedness-script-mutation.html / select-attribute-change-reset.html --------------


@case("script mutation: setting selected attribute moves the selection")
def _(d: Any) -> None:
    d = doc()
    select = d.createElement("select")
    first, second = Option(d, "123"), Option(d, "234")
    select.append(first, second)
    options = select.selectedOptions
    assert select.selectedIndex == 0 and list(options) == [first]
    second.setAttribute("selected", "")
    assert select.selectedIndex == 1 and list(options) == [second]


@case("script mutation: removing the selected attribute falls back to the first option")
def _(d: Any) -> None:
    d = doc()
    select = d.createElement("select")
    first, second = Option(d, "123"), Option(d, "234")
    second.defaultSelected = True
    select.append(first, second)
    assert select.selectedIndex == 1
    second.removeAttribute("selected")
    assert select.selectedIndex == 0 and list(select.selectedOptions) == [first]


@case("script mutation: multiple keeps both selected attributes and option.selected")
def _(d: Any) -> None:
    d = doc()
    select = d.createElement("select")
    select.multiple = True
    first, second = Option(d, "123"), Option(d, "234")
    select.append(first, second)
    assert select.selectedOptions.length == 0
    first.setAttribute("selected", "")
    second.setAttribute("selected", "")
    assert list(select.selectedOptions) == [first, second]
    first.removeAttribute("selected")
    second.removeAttribute("selected")
    first.selected = second.selected = True
    assert list(select.selectedOptions) == [first, second]
    assert not first.hasAttribute("selected") and not second.hasAttribute("selected")


@case("script mutation: option.selected = true in a single select")
def _(d: Any) -> None:
    d = doc()
    select = d.createElement("select")
    first, second = Option(d, "123"), Option(d, "234")
    select.append(first, second)
    assert select.selectedIndex == 0
    second.selected = True
    assert select.selectedIndex == 1 and not second.hasAttribute("selected")


@case("attribute-change-reset: size to 1, multiple removed, disabled removed")
def _(d: Any) -> None:
    d = doc("<select id=s1 size=2><option id=o1>A</select>"
            "<select id=s2 multiple size=1><option id=o2>B</select>"
            "<select id=s3><option id=o3a disabled>C<option disabled>D</select>"
            "<select id=s4><optgroup id=g4 disabled><option id=o4>E</optgroup></select>")
    s1 = d.getElementById("s1")
    assert s1.value == ""
    s1.size = 1
    assert d.getElementById("o1").selected and s1.value == "A"
    s2 = d.getElementById("s2")
    assert s2.value == ""
    s2.removeAttribute("multiple")
    assert d.getElementById("o2").selected and s2.value == "B"
    s3 = d.getElementById("s3")
    assert s3.value == ""
    d.getElementById("o3a").disabled = False
    assert d.getElementById("o3a").selected and s3.value == "C"
    s4 = d.getElementById("s4")
    assert s4.value == ""
    d.getElementById("g4").disabled = False
    assert d.getElementById("o4").selected and s4.value == "E"


@case("attribute-change-reset: selected attribute add/remove, dirty option ignores it")
def _(d: Any) -> None:
    d = doc("<select id=s5><option id=a5>F<option id=b5>G</select>"
            "<select id=s6><option id=a6>H<option id=b6 selected>I</select>"
            "<select id=s7><option id=a7 selected>J<option id=b7>K</select>")
    a5, b5 = d.getElementById("a5"), d.getElementById("b5")
    assert a5.selected
    b5.setAttribute("selected", "")
    assert b5.selected and not a5.selected and d.getElementById("s5").value == "G"
    a6, b6 = d.getElementById("a6"), d.getElementById("b6")
    assert b6.selected
    b6.removeAttribute("selected")
    assert not b6.selected and a6.selected and d.getElementById("s6").value == "H"
    a7, b7 = d.getElementById("a7"), d.getElementById("b7")
    a7.selected = True
    a7.removeAttribute("selected")
    assert a7.selected and not b7.selected and d.getElementById("s7").value == "J"


# -- common-HTMLOptionsCollection.html / htmloptionscollection.html -----------------------------

_A = "<select id=a>\n  <option>1</option>\n  <option>2</option>\n  <option>3</option>\n<!--c-->\n" \
     "  <option>4</option>\n  <option>5</option>\n</select>"


@case("options length setter grows and trims")
def _(d: Any) -> None:
    d = doc("<select id=selly><option>1<option>2<option>3<option>4</select>")
    selly = d.getElementById("selly")
    assert selly.length == 4
    selly.length = 7
    assert selly.length == 7 and values(selly) == ["1", "2", "3", "4", "", "", ""]
    selly.length = 7
    assert selly.length == 7
    selly.length = 4
    with pytest.raises(IndexError):
        selly[6]
    assert selly.options.item(6) is None and selly.length == 4
    selly.length = 100_001  # more than 100,000: ignored
    assert selly.length == 4


@case("htmloptionscollection: shorter/longer length keep value and child count")
def _(d: Any) -> None:
    d = doc(_A)
    a = d.getElementById("a")
    opts = a.options
    assert opts.length == 5
    original = a.innerHTML
    a.value = 3
    opts.length = 3
    assert values(opts) == ["1", "2", "3"] and a.value == "3" and a.childNodes.length == 11
    a.innerHTML = original
    a.value = 3
    opts.length = 7
    assert values(opts) == ["1", "2", "3", "4", "5", "", ""] and a.value == "3" and a.childNodes.length == 15


@case("htmloptionscollection: options inside p and optgroup count, in select and nested optgroup not")
def _(d: Any) -> None:
    d = doc(_A)
    a = d.getElementById("a")
    original = a.innerHTML
    expected = {"p": 6, "select": 5, "optgroup": 6, "optgroup2": 5}
    for wrapper, length in expected.items():
        a.innerHTML = original
        outer = d.createElement("optgroup" if wrapper == "optgroup2" else wrapper)
        inner = outer
        if wrapper == "optgroup2":
            inner = d.createElement("optgroup")
            outer.appendChild(inner)
        option = d.createElement("option")
        option.textContent = "6"
        inner.appendChild(option)
        a.appendChild(outer)
        a.value = 3
        assert a.options.length == length, wrapper
        assert a.value == "3"


@case("htmloptionscollection: namedItem and [name]")
def _(d: Any) -> None:
    d = doc("<select id=b><option id=b1>1<option name=b2>2<option id=b3>3<option id=b3>4"
            "<option name=b4>5<option name=b4>6<option id=b5>7<option name=b5>8"
            "<option id=b6 name=b7>9<option id=b6 name=b6>10<option id=b8 name=b9>11</select>")
    opts = d.getElementById("b").options
    expected = {"b1": "1", "b2": "2", "b3": "3", "b4": "5", "b5": "7", "b6": "9", "b8": "11", "b9": "11"}
    for name, value in expected.items():
        assert opts.namedItem(name).value == value, name
    assert opts.namedItem("c") is None
    assert opts["b2"].innerHTML == "2" and opts[0].innerHTML == "1"
    assert opts.item("b2").innerHTML == "1"  # "b2" converts to unsigned long 0
    n = opts.length
    opts.add(Option(d, "2", "2"))
    assert opts[n].value == "2"
    opts.remove(0)
    assert opts.length == n
    with pytest.raises(TypeError):
        opts.add(d.createElement("p"))


@case("indexed setter: replace, append with padding, null removes")
def _(d: Any) -> None:
    d = doc("<select><option>a<optgroup><option>b</optgroup></select>")
    select = d.querySelector("select")
    x = Option(d, "x")
    select[1] = x  # replaces b inside its optgroup
    assert values(select) == ["a", "x"] and x.parentNode.localName == "optgroup"
    y = Option(d, "y")
    select.options[4] = y
    assert values(select) == ["a", "x", "", "", "y"]
    select[0] = None
    assert values(select) == ["x", "", "", "y"]
    select.options[10] = None  # out of range: nothing
    assert len(select) == 4
    with pytest.raises(TypeError):
        select[0] = d.createElement("p")


@case("selectedIndex on select and options collection")
def _(d: Any) -> None:
    d = doc("<select><option>a<option>b<option>c</select>")
    select = d.querySelector("select")
    assert select.selectedIndex == 0 and select.options.selectedIndex == 0
    select.options.selectedIndex = 2
    assert select.selectedIndex == 2 and select.value == "c"
    select.selectedIndex = 7
    assert select.selectedIndex == -1
    select.selectedIndex = "1"
    assert select.value == "b"


@case("display size 4 (multiple) / size > 1: nothing selected by default")
def _(d: Any) -> None:
    d = doc("<select size=3><option>a</select><select multiple><option>a</select>"
            "<select size=bogus><option>a</select>")
    s1, s2, s3 = d.querySelectorAll("select")
    assert s1.selectedIndex == -1 and s2.selectedIndex == -1 and s3.selectedIndex == 0
    assert s1.type == "select-one" and s2.type == "select-multiple"


@case("first non-disabled option is selected by default")
def _(d: Any) -> None:
    d = doc("<select><option disabled>a<optgroup disabled><option>b</optgroup><option>c</select>")
    assert d.querySelector("select").value == "c"


@case("list of options: hr, datalist, option and nested select contents are excluded")
def _(d: Any) -> None:
    d = doc("<div></div>")
    select = d.createElement("select")
    d.body.appendChild(select)
    select.innerHTML = ("<option>1</option><hr><div><option>2</option><datalist><option>x</option></datalist>"
                        "<span><optgroup><option>3</option></optgroup></span></div>")
    inner = d.createElement("optgroup")  # the parser does not nest optgroups: build it
    inner.innerHTML = "<option>y</option>"
    select.querySelector("optgroup").appendChild(inner)
    select.querySelector("hr").innerHTML = "<option>z</option>"
    assert values(select) == ["1", "2", "3"]
    assert [o.index for o in select.options] == [0, 1, 2]


# -- option element -----------------------------------------------------------------------------


@case("option-index: 0 outside a list of options, position inside")
def _(d: Any) -> None:
    d = doc("<select><option id=a>a<optgroup><option id=b>b</optgroup></select><datalist><option id=c>c"
            "<option id=d>d</datalist>")
    assert d.getElementById("a").index == 0 and d.getElementById("b").index == 1
    assert d.getElementById("d").index == 0 and d.createElement("option").index == 0


@case("option-selected: defaultSelected, selected and the Option factory")
def _(d: Any) -> None:
    d = doc()
    assert Option(d, "a", "v", True).selected is False  # three arguments: selectedness false
    assert Option(d, "a", "v", True).defaultSelected is True
    assert Option(d, "a", "v", False, True).selected is True
    option = d.createElement("option")
    assert option.selected is False
    option.defaultSelected = True
    assert option.selected is True  # not dirty: follows the attribute
    option.selected = False
    option.defaultSelected = False
    option.defaultSelected = True
    assert option.selected is False  # dirty: the attribute has no effect any more
    assert Option(d, "t").value == "t" and Option(d, " a  b ").text == "a b"


@case("option.selected = false on the only selected option asks for a reset")
def _(d: Any) -> None:
    d = doc("<select><option>a<option selected>b</select>")
    a, b = d.querySelectorAll("option")
    b.selected = False
    assert a.selected and not b.selected


@case("select reset algorithm restores defaults and clears dirtiness")
def _(d: Any) -> None:
    d = doc("<select multiple><option selected>a<option>b<option selected>c</select>")
    select = d.querySelector("select")
    a, b, c = select.options
    select.value = "b"
    assert list(select.selectedOptions) == [b]
    select._reset()
    assert list(select.selectedOptions) == [a, c]
    a.removeAttribute("selected")  # dirtiness was cleared: the attribute counts again
    assert list(select.selectedOptions) == [c]


@case("Python protocols: len, iteration, indexing, truthiness of an empty select")
def _(d: Any) -> None:
    d = doc("<select><option>a<option>b</select><select></select>")
    select, empty = d.querySelectorAll("select")
    assert len(select) == 2 and [o.text for o in select] == ["a", "b"] and select[-1].text == "b"
    assert select.item(1) is select[1] and select.namedItem("nope") is None
    assert bool(empty) and len(empty) == 0
    assert isinstance(select.options, HTMLOptionsCollection) and select.options is select.options


@case("moving an option between selects updates both")
def _(d: Any) -> None:
    d = doc("<select id=x><option selected>a<option>b</select><select id=y><option>c</select>")
    x, y = d.getElementById("x"), d.getElementById("y")
    assert x.value == "a" and y.value == "c"
    y.appendChild(x.options[0])
    assert x.value == "b" and y.value == "a"


@case("a large parsed select (its growth rate: benchmarks/bench_linear.py)")
def _(d: Any) -> None:
    d = doc("<select>" + "<option>x" * 5000 + "<option selected>last</select>")
    select = d.querySelector("select")
    for _ in range(200):
        assert select.value == "last"
    assert select.options[4999].text == "x" and select.selectedIndex == 5000


# -- runner -------------------------------------------------------------------------------------

_results: dict[str, bool] = {}


@pytest.mark.parametrize("name,fn", CASES, ids=[c[0] for c in CASES])
def test_case(name: str, fn: Callable[[Any], None]) -> None:
    _results[name] = False
    fn(None)
    _results[name] = True


def test_summary() -> None:
    passed = sum(_results.values())
    print(f"\nselect/option WPT ports: {passed}/{len(CASES)} passed")


def test_idl_coverage() -> None:
    """Only forms-A members (form, labels), constraint validation, showPicker and members that
    belong to other parts (events, popovers, ...) are left."""
    from dom.html import elements as E

    for name, allowed in {
        "HTMLSelectElement": {"form", "labels"},
        "HTMLOptionElement": {"form"},
        "HTMLOptionsCollection": set(),
    }.items():
        cls = HTMLOptionsCollection if name == "HTMLOptionsCollection" else getattr(E, name)
        own = missing_members(name, cls, inherited=False)
        assert set(own) <= allowed, (name, own)
