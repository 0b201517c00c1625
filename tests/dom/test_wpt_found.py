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


# https://dom.spec.whatwg.org/#dom-domimplementation-createdocument: optional DocumentType? doctype = null
def test_create_document_with_undefined_doctype(document: webdom.Document) -> None:
    doc = document.implementation.createDocument(undefined, None, undefined)
    assert doc.doctype is None and doc.documentElement is None
    doc = document.implementation.createDocument(None, "", undefined)
    assert doc.childNodes.length == 0


# "the current global object's associated Document" in the Text/Comment/DocumentFragment/Range
# constructors: a realm running scripts against a page makes it that document.
def test_constructors_use_the_default_document(document: webdom.Document) -> None:
    from dom.nodes.document import default_document, set_default_document

    before = default_document()
    set_default_document(document)
    try:
        for node in (webdom.Text("a"), webdom.Comment("b"), webdom.DocumentFragment(), webdom.Range()):
            owner = node.ownerDocument if hasattr(node, "ownerDocument") else node.startContainer
            assert owner is document
    finally:
        set_default_document(before)


# https://webidl.spec.whatwg.org/#js-dictionary: an undefined dictionary member is not present
def test_attach_shadow_undefined_members_take_defaults(document: webdom.Document) -> None:
    host = document.createElement("div")
    shadow = host.attachShadow({"mode": "open", "slotAssignment": undefined, "clonable": undefined,
                                "delegatesFocus": undefined, "serializable": undefined})
    assert shadow.slotAssignment == "named" and shadow.clonable is False and shadow.delegatesFocus is False
    with pytest.raises(TypeError):
        document.createElement("div").attachShadow({"mode": undefined})


# https://drafts.csswg.org/css-syntax-3/#consume-escaped-code-point: \0 and surrogate escapes are
# U+FFFD, and must not match NUL or lone surrogates (which the lxml mirror also holds as U+FFFD).
@pytest.mark.parametrize(
    ("value", "selector", "found"),
    [
        ("zero\x00", "#zero\\0", False), ("zero\x00", "#zero\\000000", False), ("zero\ufffd", "#zero\\0", True),
        ("\ud83dsurrogateFirst", "#\\d83d surrogateFirst", False),
        ("surrogateSecond\udd11", "#surrogateSecond\\dd11", False),
        ("\ufffdsurrogateFirst", "#\\d83d surrogateFirst", True), ("a\\d83d", "#a\\\\d83d", True),
        ("zero\x00", ".zero\\0", False), ("x zero\ufffd", ".zero\\0", True),
    ],
)
def test_selector_escapes_for_nul_and_surrogates(document: webdom.Document, value: str, selector: str,
                                                 found: bool) -> None:
    span = document.createElement("span")
    span.setAttribute("id" if selector[0] == "#" else "class", value)
    document.body.append(span)
    assert (document.querySelector(selector) is span) is found
    assert span.matches(selector) is found


# https://dom.spec.whatwg.org/#dom-document-adoptnode step 2, #dom-document-importnode steps 1, 4-5
def test_adopt_and_import_shadow_roots_and_options(document: webdom.Document) -> None:
    shadow = document.createElement("div").attachShadow({"mode": "open"})
    other = webdom.Document()
    with pytest.raises(DOMException) as caught:
        other.adoptNode(shadow)
    assert caught.value.name == "HierarchyRequestError"
    with pytest.raises(DOMException) as caught:
        other.importNode(shadow)
    assert caught.value.name == "NotSupportedError"
    div = document.createElement("div")
    div.append(document.createElement("p"))
    assert other.importNode(div, {}).childNodes.length == 1  # ImportNodeOptions: selfOnly = false
    assert other.importNode(div, {"selfOnly": True}).childNodes.length == 0
    assert other.importNode(div, {"selfOnly": undefined}).childNodes.length == 1
    assert other.importNode(div, undefined).childNodes.length == 0
    assert other.importNode(div, True).childNodes.length == 1


# https://dom.spec.whatwg.org/#queue-a-mutation-observer-compound-microtask through the host's
# "queue a microtask" (a script realm's event loop)
def test_mutation_observer_microtask_goes_to_the_host(document: webdom.Document) -> None:
    from dom import mutation_observers

    queued: list = []
    seen: list = []
    mutation_observers.notify_mutation_observers()  # nothing pending from earlier tests
    mutation_observers.host_queue_microtask[:] = [queued.append]
    try:
        observer = webdom.MutationObserver(lambda records, obs: seen.append(len(records)))
        observer.observe(document.body, {"childList": True})
        document.body.append("a")
        document.body.append("b")
        assert len(queued) == 1  # one microtask however many records
        queued.pop()()
        assert seen == [2]
        document.body.append("c")
        assert len(queued) == 1
        queued.pop()()
        assert seen == [2, 1]
        observer.disconnect()
    finally:
        mutation_observers.host_queue_microtask.clear()


# https://dom.spec.whatwg.org/#concept-element-attributes-get-by-name: the FIRST attribute whose
# qualified name matches, which may be an unprefixed one in a namespace
def test_attribute_by_name_is_the_first_in_order(document: webdom.Document) -> None:
    el = document.createElement("div")
    el.setAttributeNS("xx", "align", "right")
    el.setAttributeNS("", "align", "left")
    assert el.getAttribute("align") == "right"
    assert el.getAttributeNS(None, "align") == "left"
    el.setAttribute("align", "up")  # changes the first one
    assert el.getAttributeNS("xx", "align") == "up" and el.getAttributeNS(None, "align") == "left"
    el.removeAttribute("align")
    assert el.getAttribute("align") == "left"
    el2 = document.createElement("div")
    el2.setAttribute("foo", "left")
    el2.setAttributeNS("xx", "foo", "right")
    assert el2.getAttribute("foo") == "left"


# https://dom.spec.whatwg.org/#dom-document-createtreewalker: optional unsigned long whatToShow =
# 0xFFFFFFFF, optional NodeFilter? filter = null; undefined takes the defaults
def test_traversal_defaults_for_undefined(document: webdom.Document) -> None:
    for make in (document.createTreeWalker, document.createNodeIterator):
        walker = make(document.body, undefined, undefined)
        assert walker.whatToShow == 0xFFFFFFFF and walker.filter is None
        assert make(document.body, 0).whatToShow == 0


# https://html.spec.whatwg.org/#compiled-pattern-regular-expression step 3: the pattern alone
# must compile, so it cannot escape the anchoring group
def test_pattern_cannot_escape_its_group(document: webdom.Document) -> None:
    field = document.createElement("input")
    field.pattern = "a)(b"
    field.value = "de"
    assert field.validity.patternMismatch is False
    field.pattern = "[a-c]+"
    assert field.validity.patternMismatch is True


# https://html.spec.whatwg.org/#submitevent: SubmitEventInit's HTMLElement? submitter
def test_submit_event_submitter_type(document: webdom.Document) -> None:
    from dom.html.forms.submission import SubmitEvent

    with pytest.raises(TypeError):
        SubmitEvent("submit", {"submitter": "bar"})
    button = document.createElement("button")
    assert SubmitEvent("submit", {"submitter": button}).submitter is button
    assert SubmitEvent("submit", {"submitter": None}).submitter is None
    assert SubmitEvent("submit", {"submitter": undefined}).submitter is None
    assert SubmitEvent("submit").submitter is None


# https://svgwg.org/svg2-draft/linking.html#InterfaceSVGAElement: SVG's <a> has relList too
def test_svg_a_element_rel_list() -> None:
    doc = webdom.parse_html('<svg><a rel="noopener x"></a></svg>')
    a = doc.querySelector("a")
    assert type(a).__name__ == "SVGAElement" and a.namespaceURI == "http://www.w3.org/2000/svg"
    assert isinstance(a.relList, webdom.DOMTokenList) and a.relList is a.relList
    assert list(a.relList) == ["noopener", "x"] and a.relList.supports("noreferrer")
    a.relList.remove("x")
    assert a.getAttribute("rel") == "noopener"
    assert type(doc.createElementNS("http://www.w3.org/2000/svg", "a")).__name__ == "SVGAElement"
    assert not hasattr(doc.createElementNS("http://www.w3.org/2000/svg", "g"), "relList")
