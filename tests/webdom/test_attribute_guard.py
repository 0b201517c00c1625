"""Assigning an attribute that is not part of an element's or document's interface raises
AttributeError naming the member it resembles, instead of leaving the DOM unchanged."""

from __future__ import annotations

import weakref

import pytest

import webdom


@pytest.fixture
def document():
    return webdom.parse_html("<p id=p>x</p><a href=/a>a</a><input>", url="https://example.org/")


@pytest.mark.parametrize(
    ("name", "meant"),
    [("innerHtml", "innerHTML"), ("classname", "className"), ("inner_html", "innerHTML"),
     ("textcontent", "textContent"), ("idd", "id"), ("outerHtml", "outerHTML")],
)
def test_typo_raises_with_suggestion(document, name, meant):
    p = document.getElementById("p")
    before = p.outerHTML
    with pytest.raises(AttributeError, match=rf"HTMLParagraphElement has no attribute '{name}'; did you mean '{meant}'\?"):
        setattr(p, name, "x")
    assert p.outerHTML == before and not hasattr(p, name)


def test_no_suggestion_for_unrelated_names(document):
    with pytest.raises(AttributeError, match=r"no attribute 'my_data' \(DOM objects take only") as caught:
        document.body.my_data = 1
    assert "dataset" in str(caught.value) and "WeakKeyDictionary" in str(caught.value)


def test_interface_members_still_assign(document):
    p, a, field = document.getElementById("p"), document.querySelector("a"), document.querySelector("input")
    p.innerHTML = "<b>y</b>"
    p.className = "c"
    p.hidden = True
    p.id = "q"
    a.href = "b"
    field.value = "v"
    setattr(document.createElement("script"), "async", False)  # keyword alias
    document.title = "T"
    assert p.outerHTML == '<p id="q" class="c" hidden=""><b>y</b></p>' and a.href == "https://example.org/b"
    assert field.value == "v" and document.title == "T"


def test_readonly_attribute_still_raises(document):
    with pytest.raises(AttributeError):
        document.body.tagName = "DIV"


def test_document_is_guarded_too(document):
    with pytest.raises(AttributeError, match="did you mean 'title'"):
        document.tilte = "x"
    with pytest.raises(AttributeError, match="did you mean 'body'"):
        document.bdy = None


def test_user_data_has_places_to_go(document):
    p = document.getElementById("p")
    p.dataset.seen = "yes"  # in the markup: data-seen
    notes: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
    notes[p] = {"score": 3}  # beside the tree, gone with the node
    assert p.getAttribute("data-seen") == "yes" and notes[document.getElementById("p")]["score"] == 3


def test_subclass_attributes_are_allowed():
    class Fancy(webdom.HTMLElement):
        __slots__ = ()
        extra = None

    webdom.register_element_class("http://www.w3.org/1999/xhtml", "x-guard-test", Fancy)
    element = webdom.parse_html("<x-guard-test>").querySelector("x-guard-test")
    assert isinstance(element, Fancy)
    element.extra = 5
    assert element.extra == 5
