"""Wrappers declare their state: no per-object __dict__, so a misspelt field fails loudly while
every IDL attribute (and its Python-keyword alias) still works."""

from __future__ import annotations

import pickle

import pytest

import dom
from dom.html.forms.control_state import form_state_if_any


def _page() -> dom.Document:
    return dom.parse_html(
        "<form><input id=i value=a><textarea id=t>x</textarea><select id=s><option>1<option>2</select></form>"
        "<p id=p class=a>text</p><script id=sc></script><template id=tp><b>in</b></template>"
    )


@pytest.mark.parametrize("name", ["_typo", "_valeu", "__dict__"])
def test_undeclared_private_fields_are_refused(name: str) -> None:
    document = _page()
    for element in (document.getElementById("p"), document.getElementById("i"), document.body):
        with pytest.raises(AttributeError):
            setattr(element, name, 1)
    with pytest.raises(AttributeError):
        setattr(document, name, 1)


def test_no_instance_dict() -> None:
    document = _page()
    for node in (document, document.getElementById("p"), document.getElementById("i"), document.body.firstChild):
        assert not hasattr(node, "__dict__")


def test_unknown_public_names_are_refused() -> None:
    p = _page().getElementById("p")
    with pytest.raises(AttributeError, match="innerHTML"):
        p.innerHtml = "x"  # type: ignore[attr-defined]


def test_idl_attributes_and_keyword_aliases_still_work() -> None:
    document = _page()
    p = document.getElementById("p")
    p.id = "q"
    p.className = "b c"
    p.title = "t"
    p.hidden = True
    p.onclick = lambda event: None
    assert (p.id, list(p.classList), p.title, p.hidden) == ("q", ["b", "c"], "t", True)
    script = document.getElementById("sc")
    script.async_ = True
    assert getattr(script, "async") is True
    setattr(script, "async", False)  # the IDL name that is a Python keyword
    assert script.async_ is False
    document.title = "new"
    document.designMode = "on"
    assert (document.title, document.designMode) == ("new", "on")


def test_state_lives_in_declared_fields() -> None:
    document = _page()
    field = document.getElementById("i")
    assert form_state_if_any(field) is None  # nothing made until the state is used
    field.value = "typed"
    state = form_state_if_any(field)
    assert state is not None and state.value == "typed" and state.dirty_value
    p = document.getElementById("p")
    assert p.classList is p.classList and p.dataset is p.dataset and p.style is p.style
    assert p.attributes is p.attributes and p.childNodes is p.childNodes and p.children is p.children
    template = document.getElementById("tp")
    assert template.content is template.content


def test_declared_state_survives_clone_and_pickle() -> None:
    document = _page()
    document.getElementById("i").value = "typed"
    document.getElementById("t").value = "area"
    document.getElementById("s").selectedIndex = 1
    form = document.forms[0]
    copy = form.cloneNode(True)
    assert [copy.elements[0].value, copy.elements[1].value] == ["typed", "area"]
    again = pickle.loads(pickle.dumps(document))
    assert again.getElementById("i").value == "typed"
    assert again.getElementById("t").value == "area"
    assert again.getElementById("s").selectedIndex == 1


def test_xml_document_interface_survives_clone_and_pickle() -> None:
    """createDocument makes an XMLDocument (https://dom.spec.whatwg.org/#dom-domimplementation-createdocument
    step 1), which its clone and its pickle stay ("a node that implements the same interfaces");
    DOMParser's XML documents are Documents (https://html.spec.whatwg.org/#dom-domparser-parsefromstring)."""
    made = dom.parse_html("<p>").implementation.createDocument(None, "r")
    parsed = dom.DOMParser().parseFromString("<r/>", "application/xml")
    assert made._is_xml_document and not parsed._is_xml_document
    assert made.cloneNode()._is_xml_document and pickle.loads(pickle.dumps(made))._is_xml_document
    assert not pickle.loads(pickle.dumps(parsed))._is_xml_document
