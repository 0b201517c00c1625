"""form.elements (HTMLFormControlsCollection), RadioNodeList and the form's indexed and named
properties: ports of WPT behaviours.

Sources (read, not copied): html/semantics/forms/the-form-element/form-elements-filter.html,
form-elements-matches.html, form-elements-nameditem-01/02.html, form-elements-interfaces-01.html,
form-nameditem.html, form-indexed-element.html, form-length.html,
html/infrastructure/common-dom-interfaces/collections/htmlformcontrolscollection.html and
radionodelist.html.  JS ``form.x`` is ``form["x"]`` here (named properties do not shadow
attributes in Python); ``undefined`` results are KeyError/IndexError.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import dom
from dom.html.elements import HTMLFieldSetElement, HTMLFormElement
from dom.html.forms.controls_collection import HTMLFormControlsCollection, RadioNodeList
from webidl.idl import missing_members


def doc(body: str = "") -> Any:
    return dom.parse_html(f"<!doctype html><body>{body}")


def ids(elements: Any) -> list[str]:
    return [e.id for e in elements]


CASES: list[tuple[str, Callable[[], None]]] = []


def case(name: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        CASES.append((name, fn))
        return fn

    return register


# -- form-elements-filter / matches / interfaces -------------------------------------------------


@case("elements: the listed elements, image buttons excluded, in tree order")
def _() -> None:
    d = doc("<form id=f><button id=a></button><fieldset id=b><legend id=no1></legend><input id=c></fieldset>"
            "<object id=d></object><output id=e></output><select id=g><option id=no2></option></select>"
            "<textarea id=h></textarea><input type=image id=no3><img id=no4><label id=no5></label>"
            "<meter id=no6></meter><progress id=no7></progress><datalist id=no8></datalist>"
            "<input type=IMAGE id=no9><input type=hidden id=i></form>")
    f = d.getElementById("f")
    assert ids(f.elements) == ["a", "b", "c", "d", "e", "g", "h", "i"]
    assert isinstance(f.elements, HTMLFormControlsCollection) and f.elements is f.elements


@case("elements: controls associated by the form attribute, anywhere in the document, tree order")
def _() -> None:
    d = doc("<input id=a form=f><form id=f><input id=b><input id=x form=g></form><input id=c form=f>"
            "<form id=g></form>")
    assert ids(d.getElementById("f").elements) == ["a", "b", "c"]
    assert ids(d.getElementById("g").elements) == ["x"]


@case("elements is live")
def _() -> None:
    d = doc("<form id=f><input id=a></form>")
    f = d.getElementById("f")
    elements = f.elements
    b = d.createElement("textarea")
    b.id = "b"
    f.insertBefore(b, f.firstChild)
    assert ids(elements) == ["b", "a"]
    d.getElementById("a").type = "image"
    assert ids(elements) == ["b"]
    d.getElementById("a").type = "text"
    d.getElementById("a").remove()
    assert ids(elements) == ["b"]


@case("elements of a form outside the document")
def _() -> None:
    d = doc()
    form = d.createElement("form")
    form.innerHTML = "<input id=a><div><select id=b></select></div>"
    assert ids(form.elements) == ["a", "b"]


@case("nested forms made by DOM: each form gets its own controls")
def _() -> None:
    d = doc("<form id=outer><input id=a></form>")
    outer = d.getElementById("outer")
    inner = d.createElement("form")
    inner.innerHTML = "<input id=b>"
    outer.appendChild(inner)
    assert ids(outer.elements) == ["a"] and ids(inner.elements) == ["b"]


# -- length and the indexed getter (form-length, form-indexed-element) --------------------------


@case("form.length and len(form)")
def _() -> None:
    d = doc("<form id=f><input><input type=image><select></select><img></form>")
    f = d.getElementById("f")
    assert f.length == 2 and len(f) == 2 and f.elements.length == 2


@case("form[i]: the elements collection's item, IndexError out of range")
def _() -> None:
    d = doc("<form id=f><input id=a><input id=b></form>")
    f = d.getElementById("f")
    assert f[0].id == "a" and f[1].id == "b" and f[-1].id == "b"
    assert f.elements.item(2) is None
    with pytest.raises(IndexError):
        f[2]
    assert f["1"].id == "b"  # an array index string is an index
    with pytest.raises(IndexError):
        f["2"]


@case("form-indexed-element: the indexed getter follows tree changes")
def _() -> None:
    d = doc("<form id=f><input id=a><input id=b></form>")
    f = d.getElementById("f")
    first = f[0]
    f.insertBefore(d.createElement("button"), first)
    assert f[0].localName == "button" and f[1] is first


@case("forms have no item or namedItem method")
def _() -> None:
    f = doc("<form></form>").querySelector("form")
    assert not hasattr(f, "item") and not hasattr(f, "namedItem")


@case("iteration, membership and truthiness")
def _() -> None:
    d = doc("<form id=f><input id=a name=n><input id=b></form><form id=empty></form>")
    f = d.getElementById("f")
    assert ids(list(f)) == ["a", "b"]
    assert d.getElementById("a") in f and "n" in f and "a" in f and "zz" not in f
    assert bool(d.getElementById("empty")) is True and len(d.getElementById("empty")) == 0


# -- HTMLFormControlsCollection.namedItem (form-elements-nameditem-01/02) -----------------------


@case("namedItem by id and by name")
def _() -> None:
    d = doc("<form id=f><input id=a><input name=b></form>")
    elements = d.getElementById("f").elements
    assert elements.namedItem("a").id == "a"
    assert elements.namedItem("b").name == "b"
    assert elements["a"] is elements.namedItem("a")


@case("namedItem: several matches give a RadioNodeList in tree order")
def _() -> None:
    d = doc("<form id=f><input id=x name=one><input name=x id=two><input id=three></form>")
    result = d.getElementById("f").elements.namedItem("x")
    assert isinstance(result, RadioNodeList)
    assert [e.getAttribute("name") for e in result] == ["one", "x"] and result.length == 2


@case("the form's named property for several controls is one live RadioNodeList")
def _() -> None:
    d = doc("<form id=f><input name=d id=a><input name=d id=b></form><input name=d form=f id=c>")
    form = d.getElementById("f")
    first = form._named_property("d")
    assert isinstance(first, RadioNodeList) and first is form._named_property("d")
    assert [e.id for e in first] == ["a", "b", "c"]
    d.getElementById("b").remove()
    assert [e.id for e in first] == ["a", "c"] and form._named_property("d") is first


@case("namedItem: empty name and no match are null; image buttons are not found")
def _() -> None:
    d = doc("<form id=f><input id=a><input type=image name=img><input name=''></form>")
    elements = d.getElementById("f").elements
    assert elements.namedItem("") is None and elements.namedItem("nope") is None
    assert elements.namedItem("img") is None
    with pytest.raises(KeyError):
        elements["nope"]


@case("namedItem's RadioNodeList is live")
def _() -> None:
    d = doc("<form id=f><input name=r><input name=r></form>")
    f = d.getElementById("f")
    radios = f.elements.namedItem("r")
    extra = d.createElement("input")
    extra.name = "r"
    f.appendChild(extra)
    assert radios.length == 3 and radios[2] is extra
    f.firstChild.remove()
    assert radios.length == 2


@case("HTMLFormControlsCollection supported property names: tree order, id before name")
def _() -> None:
    d = doc("<form id=f><input id=b name=a><input name=c><input id=a><input name='' id=''><select name=d id=d>"
            "</select><input type=image name=img></form>")
    assert d.getElementById("f").elements._supported_property_names() == ["b", "a", "c", "d"]


# -- RadioNodeList.value (radionodelist.html) ---------------------------------------------------


RADIOS = ("<form id=f><input type=checkbox name=rdo value=0 id=c0 checked><input type=radio name=rdo id=r1>"
          "<input type=radio name=rdo id=r2 value=2><input type=radio name=rdo id=r3 value=3>"
          "<input type=text name=rdo id=t4 value=on><input type=radio name=rdo id=r5 value=on></form>")


@case("RadioNodeList.value: '' when no radio is checked (checkboxes do not count)")
def _() -> None:
    d = doc(RADIOS)
    assert d.getElementById("f")["rdo"].value == ""


@case("RadioNodeList.value: the first checked radio's value attribute")
def _() -> None:
    d = doc(RADIOS)
    d.getElementById("r2").checked = True
    assert d.getElementById("f")["rdo"].value == "2"


@case("RadioNodeList.value: 'on' for a checked radio without a value attribute")
def _() -> None:
    d = doc(RADIOS)
    d.getElementById("r1").checked = True
    assert d.getElementById("f")["rdo"].value == "on"


@case("RadioNodeList.value setter checks the first radio with that value")
def _() -> None:
    d = doc(RADIOS)
    rdo = d.getElementById("f")["rdo"]
    rdo.value = "3"
    assert d.getElementById("r3").checked and rdo.value == "3"


@case("RadioNodeList.value = 'on' checks the first radio with no value or value 'on'")
def _() -> None:
    d = doc(RADIOS)
    rdo = d.getElementById("f")["rdo"]
    rdo.value = "on"
    assert d.getElementById("r1").checked and not d.getElementById("r5").checked
    d.getElementById("r1").setAttribute("value", "1")
    rdo.value = "on"
    assert d.getElementById("r5").checked  # the text input with value on is not a radio


@case("RadioNodeList.value setter: no radio with that value changes nothing")
def _() -> None:
    d = doc(RADIOS)
    rdo = d.getElementById("f")["rdo"]
    rdo.value = "2"
    rdo.value = "0"  # only the checkbox has it
    assert d.getElementById("r2").checked and d.getElementById("c0").checked  # the checkbox is untouched


@case("RadioNodeList is a NodeList: item(), indexes, iteration")
def _() -> None:
    d = doc("<form id=f><input type=radio name=radio value=x><input type=radio name=radio value=y>"
            "<input type=radio name=radio value=z></form>")
    radio = d.getElementById("f")["radio"]
    assert radio.item(3) is None and radio.item(-1) is None
    assert [radio.item(i).value for i in range(3)] == ["x", "y", "z"]
    assert [r.value for r in radio] == ["x", "y", "z"]
    assert not callable(radio)


# -- the form's named getter and the past names map (form-nameditem.html) ------------------------


@case("form[name]: a single element, not a list")
def _() -> None:
    d = doc("<form id=f><input type=button name=button></form>")
    f = d.getElementById("f")
    assert f["button"] is d.querySelector("input") and not isinstance(f["button"], RadioNodeList)


@case("form[name]: named elements do not shadow attributes in Python, but are reachable by key")
def _() -> None:
    d = doc("<form id=f method=post><input name=method><input name=action><input name=length></form>")
    f = d.getElementById("f")
    assert f.method == "post" and f.length == 3
    assert f["method"].localName == "input" and f["length"].name == "length"


@case("form[name]: img elements are found when no listed element matches")
def _() -> None:
    d = doc("<form id=f><img id=pic><img name=two><img name=two><input name=both><img name=both></form>")
    f = d.getElementById("f")
    assert f["pic"].localName == "img"
    assert isinstance(f["two"], RadioNodeList) and f["two"].length == 2
    assert f["both"].localName == "input"


@case("form[name]: image buttons are not named properties")
def _() -> None:
    d = doc("<form id=f><input type=image name=go></form>")
    with pytest.raises(KeyError):
        d.getElementById("f")["go"]


@case("past names map: a renamed control keeps its old name")
def _() -> None:
    d = doc("<form id=f><input id=a></form>")
    f = d.getElementById("f")
    control = f["a"]
    control.id = "b"
    assert f["a"] is control and f["b"] is control
    control.removeAttribute("id")
    assert f["a"] is control and f["b"] is control


@case("past names map: unused until the name was looked up")
def _() -> None:
    d = doc("<form id=f><input id=a></form>")
    f = d.getElementById("f")
    d.getElementById("a").id = "b"
    with pytest.raises(KeyError):
        f["a"]


@case("past names map: entries leave when the element changes form owner")
def _() -> None:
    d = doc("<form id=f><input id=a></form><form id=g></form>")
    f, g = d.getElementById("f"), d.getElementById("g")
    control = f["a"]
    control.id = "b"
    g.appendChild(control)
    with pytest.raises(KeyError):
        f["a"]
    with pytest.raises(KeyError):
        f["b"]


@case("past names map: a current element wins over the past entry")
def _() -> None:
    d = doc("<form id=f><input id=a><input id=x></form>")
    f = d.getElementById("f")
    old = f["a"]
    old.id = "z"
    newer = d.getElementById("x")
    newer.id = "a"
    assert f["a"] is newer


@case("past names map: several matches return the list and do not replace the entry")
def _() -> None:
    d = doc("<form id=f><input id=a><input id=b></form>")
    f = d.getElementById("f")
    first = f["a"]
    d.getElementById("b").id = "a"
    assert isinstance(f["a"], RadioNodeList)
    d.getElementById("a").id = "q"  # the first in tree order is renamed
    assert f["a"].id == "a" and f["a"] is not first
    second = f["a"]
    second.id = "gone"
    assert f["a"] is second  # the map now points at the latest single match


@case("supported property names: listed and img interleaved in tree order, id before name")
def _() -> None:
    d = doc("<form id=f><input name=c id=d><img name=a id=b><input name=e></form>")
    f = d.getElementById("f")
    assert f._supported_property_names() == ["d", "c", "b", "a", "e"]


@case("supported property names: past names after the element's current names, by age")
def _() -> None:
    d = doc("<form id=f><input name=c id=d><img name=a id=b><input name=e></form>")
    f = d.getElementById("f")
    img = f["a"]
    img.name = "z"
    f["z"]
    img.name = "y"
    assert f._supported_property_names() == ["d", "c", "b", "y", "a", "z", "e"]


@case("supported property names: empty names are left out, duplicates kept once")
def _() -> None:
    d = doc("<form id=f><input id='' name=x><input name=x id=y><input id=x></form>")
    assert d.getElementById("f")._supported_property_names() == ["x", "y"]


@case("form[''] and unknown names raise KeyError")
def _() -> None:
    d = doc("<form id=f><input id='' name=''></form>")
    f = d.getElementById("f")
    for key in ("", "unknown"):
        with pytest.raises(KeyError):
            f[key]


@case("controls associated by the form attribute are named properties")
def _() -> None:
    d = doc("<form id=f></form><input form=f name=outside>")
    assert d.getElementById("f")["outside"].name == "outside"


@case("fieldset.elements: listed descendants (image buttons included), live, same object")
def _() -> None:
    d = doc("<fieldset id=f><legend><input id=a></legend><div><select id=b></select><img><input type=image id=c>"
            "<fieldset id=d><output id=e></output></fieldset></div><label><meter></meter></label></fieldset>")
    f = d.getElementById("f")
    elements = f.elements
    assert ids(elements) == ["a", "b", "c", "d", "e"] and f.elements is elements
    inner = d.getElementById("d")
    inner.remove()
    assert ids(elements) == ["a", "b", "c"]
    assert ids(inner.elements) == ["e"]


# -- IDL coverage -------------------------------------------------------------------------------


def test_idl_coverage() -> None:
    assert missing_members("HTMLFormControlsCollection", HTMLFormControlsCollection, inherited=True) == []
    assert missing_members("RadioNodeList", RadioNodeList, inherited=True) == []
    assert missing_members("HTMLFormElement", HTMLFormElement, inherited=False) == []
    assert "elements" not in missing_members("HTMLFieldSetElement", HTMLFieldSetElement, inherited=False)


# -- runner -------------------------------------------------------------------------------------

_results: dict[str, bool] = {}


@pytest.mark.parametrize("name,fn", CASES, ids=[c[0] for c in CASES])
def test_case(name: str, fn: Callable[[], None]) -> None:
    _results[name] = False
    fn()
    _results[name] = True


def test_summary() -> None:
    passed = sum(_results.values())
    print(f"\nform.elements / RadioNodeList / form named access WPT ports: {passed}/{len(CASES)} passed")
