"""DOM bugs the web-platform-tests runner (tests/wpt/run.py) revealed, checked in plain Python so
they stay fixed without the JS extra."""

from __future__ import annotations

import pytest

import webdom
from webidl import DOMException, undefined


@pytest.fixture
def document() -> webdom.Document:
    return webdom.parse_html(b"<!doctype html><title>t</title><body>")


# https://dom.spec.whatwg.org/#dom-comment-comment, #dom-text-text: optional DOMString data = ""
@pytest.mark.parametrize("cls", [webdom.Comment, webdom.Text])
def test_character_data_constructors_take_undefined_as_the_default(cls: type) -> None:
    assert cls(undefined).data == ""
    assert cls().data == ""
    assert cls(None).data == "null"
    assert cls(42).data == "42"


# https://dom.spec.whatwg.org/#dom-domimplementation-createhtmldocument: optional title, no default
def test_create_html_document_without_title(document: webdom.Document) -> None:
    for doc in (document.implementation.createHTMLDocument(), document.implementation.createHTMLDocument(undefined)):
        assert doc.getElementsByTagName("title").length == 0
        assert doc.title == ""
    doc = document.implementation.createHTMLDocument(None)
    assert doc.title == "null"
    assert document.implementation.createHTMLDocument("").getElementsByTagName("title").length == 1


# https://dom.spec.whatwg.org/#concept-pi-initialize: the target is checked against XML's Name
@pytest.mark.parametrize("target", ["xml:fail", "A\u00b7A", "a0", "xml", "XML", "a:b:c"])
def test_processing_instruction_targets_matching_name(document: webdom.Document, target: str) -> None:
    pi = document.createProcessingInstruction(target, "x")
    assert pi.target == pi.nodeName == target
    assert pi.data == "x"
    assert pi.cloneNode().target == target
    document.body.append(pi)
    assert document.body.innerHTML == f"<?{target} x?>"


@pytest.mark.parametrize("target", ["A?>", "\u00b7A", "\u00d7A", "A\u00d7", "\\A", "\f", "0", ""])
def test_processing_instruction_targets_not_matching_name(document: webdom.Document, target: str) -> None:
    data = "?>" if target == "A?>" else "x"
    with pytest.raises(DOMException) as caught:
        document.createProcessingInstruction(target.replace("?>", ""), data)
    assert caught.value.name == "InvalidCharacterError"


# https://dom.spec.whatwg.org/#concept-id: id="" gives an element no ID
def test_get_element_by_id_empty_string(document: webdom.Document) -> None:
    document.body.innerHTML = '<div id=""></div>'
    assert document.getElementById("") is None
    fragment = document.createDocumentFragment()
    fragment.append(document.createElement("div"))
    fragment.firstChild.id = ""
    assert fragment.getElementById("") is None
