"""insertAdjacentElement/Text, getHTML/setHTMLUnsafe, moveBefore, ProcessingInstruction
attributes, NonDocumentTypeChildNode on character data, DocumentFragment.getElementById.

Behaviours from WPT dom/nodes/insert-adjacent.html, Element-insertAdjacentText,
dom/nodes/moveBefore/*, dom/nodes/ProcessingInstruction-attributes (2026), and
dom/nodes/DocumentFragment-getElementById.html.
"""

from __future__ import annotations

import pytest

import dom
from webidl import DOMException


def _doc() -> dom.Document:
    return dom.parse_html("<div id=a><p id=target>t</p></div>")


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        ("beforebegin", "<div id=\"a\"><b></b><p id=\"target\">t</p></div>"),
        ("afterbegin", "<div id=\"a\"><p id=\"target\"><b></b>t</p></div>"),
        ("BeforeEnd", "<div id=\"a\"><p id=\"target\">t<b></b></p></div>"),
        ("afterend", "<div id=\"a\"><p id=\"target\">t</p><b></b></div>"),
    ],
)
def test_insert_adjacent_element(where: str, expected: str) -> None:
    doc = _doc()
    target = doc.getElementById("target")
    b = doc.createElement("b")
    assert target.insertAdjacentElement(where, b) is b
    assert doc.getElementById("a").outerHTML == expected


def test_insert_adjacent_errors_and_detached() -> None:
    doc = _doc()
    lone = doc.createElement("span")
    assert lone.insertAdjacentElement("beforebegin", doc.createElement("i")) is None
    assert lone.insertAdjacentElement("afterend", doc.createElement("i")) is None
    with pytest.raises(DOMException) as info:
        lone.insertAdjacentElement("middle", doc.createElement("i"))
    assert info.value.name == "SyntaxError"
    with pytest.raises(TypeError):
        lone.insertAdjacentElement("afterbegin", doc.createTextNode("x"))
    with pytest.raises(DOMException) as info:
        doc.documentElement.insertAdjacentElement("beforebegin", doc.createElement("i"))
    assert info.value.name == "HierarchyRequestError"


def test_insert_adjacent_text() -> None:
    doc = _doc()
    target = doc.getElementById("target")
    target.insertAdjacentText("afterbegin", "1")
    target.insertAdjacentText("beforeend", 2)
    assert [n.data for n in target.childNodes] == ["1", "t", "2"]
    target.normalize()
    assert target.firstChild.data == "1t2"


def test_get_and_set_html_unsafe() -> None:
    doc = _doc()
    div = doc.getElementById("a")
    assert div.getHTML() == div.innerHTML == '<p id="target">t</p>'
    assert div.getHTML({"serializableShadowRoots": True}) == div.innerHTML
    div.setHTMLUnsafe("<td>x</td><b>y</b>")
    assert div.innerHTML == "x<b>y</b>"
    with pytest.raises(DOMException) as info:
        div.setHTML("<b>")
    assert info.value.name == "NotSupportedError"
    template = doc.createElement("template")
    template.setHTMLUnsafe("<tr><td>1</td></tr>")
    assert template.content.firstChild.localName == "tr"
    assert div.shadowRoot is None and div.assignedSlot is None
    with pytest.raises(DOMException):  # <template> is not a valid shadow host name
        template.attachShadow({"mode": "open"})
    div.slot = "s"
    assert div.getAttribute("slot") == "s"


def test_move_before() -> None:
    doc = dom.parse_html("<div id=a><i></i><b></b></div><div id=c></div>")
    a, c = doc.getElementById("a"), doc.getElementById("c")
    i, b = a.firstChild, a.lastChild
    a.moveBefore(b, i)
    assert [n.localName for n in a.childNodes] == ["b", "i"]
    a.moveBefore(b, b)  # moving before itself keeps the order
    assert [n.localName for n in a.childNodes] == ["b", "i"]
    c.moveBefore(i, None)
    assert i.parentNode is c
    detached = doc.createElement("span")
    with pytest.raises(DOMException) as info:
        c.moveBefore(detached, None)  # different root
    assert info.value.name == "HierarchyRequestError"
    with pytest.raises(DOMException) as info:
        b.moveBefore(a, None)  # an ancestor
    assert info.value.name == "HierarchyRequestError"
    with pytest.raises(DOMException) as info:
        c.moveBefore(b, a)  # not a child of c
    assert info.value.name == "NotFoundError"
    with pytest.raises(DOMException) as info:
        doc.moveBefore(doc.createTextNode("x"), None)
    assert info.value.name == "HierarchyRequestError"


def test_processing_instruction_attributes() -> None:
    doc = dom.Document()
    pi = doc.createProcessingInstruction("xml-stylesheet", "href=\"s.css\" type='text/css' t=\"&lt;&#x41;&#66;\"")
    assert pi.getAttributeNames() == ["href", "type", "t"]
    assert pi.getAttribute("t") == "<AB" and pi.hasAttribute("href") and pi.hasAttributes()
    pi.setAttribute("media", 'a<b"c&>')
    assert pi.data == 'href="s.css" type="text/css" t="&lt;AB" media="a&lt;b&quot;c&amp;&gt;"'
    assert pi.getAttribute("media") == 'a<b"c&>'
    pi.removeAttribute("href")
    assert pi.getAttributeNames() == ["type", "t", "media"]
    assert pi.toggleAttribute("x") is True and pi.data.endswith(' x=""')
    assert pi.toggleAttribute("x", True) is True
    assert pi.toggleAttribute("x") is False and pi.getAttribute("x") is None
    with pytest.raises(DOMException) as info:
        pi.setAttribute("bad name", "v")
    assert info.value.name == "InvalidCharacterError"
    for data in ("garbage", 'a="1"b="2"', 'a="1" a="2"', 'a="<"', "a='1", 'a="&bogus;"'):
        pi.data = data
        assert not pi.hasAttributes(), data
        assert pi.getAttributeNames() == []
    pi.data = ' a = "1"  b=\'2\' '
    assert pi.getAttributeNames() == ["a", "b"]
    made = dom.ProcessingInstruction("target", 'x="1"')
    assert made.target == "target" and made.getAttribute("x") == "1"


def test_character_data_element_siblings() -> None:
    doc = dom.parse_html("<div><i></i>text<!--c--><b></b></div>")
    text = doc.querySelector("i").nextSibling
    comment = text.nextSibling
    assert text.previousElementSibling.localName == "i"
    assert text.nextElementSibling.localName == "b"
    assert comment.previousElementSibling.localName == "i"
    assert doc.createTextNode("x").nextElementSibling is None


def test_fragment_get_element_by_id() -> None:
    doc = dom.parse_html("")
    fragment = doc.createDocumentFragment()
    fragment.append(doc.createElement("div"))
    fragment.firstChild.innerHTML = "<p id=x>1</p><p id=x>2</p>"
    assert fragment.getElementById("x").textContent == "1"
    assert fragment.getElementById("nope") is None
    assert doc.getElementById("x") is None
