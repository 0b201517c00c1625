"""Shadow DOM behaviour checked by web-platform-tests' shadow-dom/ folder, written as Python tests.

Each test says which WPT file checks the same behaviour (the 2021 snapshot in
../shared/conformance/wpt/shadow-dom); the expectations come from the current DOM and HTML
Standards, and where those changed since the snapshot the test says so.  This module has
attachShadow, declarative shadow roots, getHTML and cloning, the ShadowRoot interface,
getRootNode/isConnected/contains, adoption and import; slots, slotchange, events and moveBefore
are in test_shadow_slots_wpt.py, which shares this module's helpers.
"""

from __future__ import annotations

from typing import Any

import pytest

import dom
from html_infra.infra import HTML_NAMESPACE
from webidl import DOMException


def _doc(markup: str = "") -> dom.Document:
    return dom.parse_html(markup)


def _flush() -> None:
    dom.notify_mutation_observers()


# -- Element-interface-attachShadow.html, Element-interface-attachShadow-custom-element.html -----

_HOSTS = ["article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
          "header", "main", "nav", "p", "section", "span"]
_NOT_HOSTS = ["a", "abbr", "address", "area", "audio", "b", "br", "button", "canvas", "details", "dialog",
              "em", "form", "iframe", "img", "input", "label", "li", "ol", "option", "pre", "select", "slot",
              "summary", "table", "template", "textarea", "ul", "video", "unknownelement", "applet", "font"]


@pytest.mark.parametrize("name", _HOSTS + ["my-element", "x-", "a-b-c", "math-α"])
@pytest.mark.parametrize("mode", ["open", "closed"])
def test_attach_shadow_on_valid_host_names(name: str, mode: str) -> None:
    element = _doc().createElement(name)
    root = element.attachShadow({"mode": mode})
    assert isinstance(root, dom.ShadowRoot) and root.host is element and root.mode == mode
    assert element.shadowRoot is (root if mode == "open" else None)


@pytest.mark.parametrize("name", _NOT_HOSTS + ["font-face", "missing-glyph", "annotation-xml"])
def test_attach_shadow_refused_elsewhere(name: str) -> None:
    for mode in ("open", "closed"):
        with pytest.raises(DOMException) as info:
            _doc().createElement(name).attachShadow({"mode": mode})
        assert info.value.name == "NotSupportedError"


def test_attach_shadow_needs_the_html_namespace_and_a_lowercase_custom_name() -> None:
    doc = _doc()
    for element in (doc.createElementNS("http://www.w3.org/2000/svg", "div"),
                    doc.createElementNS(None, "div"),
                    doc.createElementNS(HTML_NAMESPACE, "My-element"),  # not a valid custom element name
                    dom.parse_xml("<div/>").documentElement):
        with pytest.raises(DOMException) as info:
            element.attachShadow({"mode": "open"})
        assert info.value.name == "NotSupportedError"
    xhtml = dom.parse_xml(f'<div xmlns="{HTML_NAMESPACE}"/>').documentElement
    assert xhtml.attachShadow({"mode": "open"}).host is xhtml


def test_attach_shadow_init_conversion() -> None:
    div = _doc().createElement("div")
    for init in ({}, {"mode": True}, {"mode": 1}, {"mode": "OPEN"}, {"mode": "open", "slotAssignment": "auto"}):
        with pytest.raises(TypeError):
            div.attachShadow(init)
    assert div.shadowRoot is None  # nothing attached by a failed call


@pytest.mark.parametrize(("first", "second"), [("open", "open"), ("closed", "closed"), ("open", "closed"),
                                               ("closed", "open")])
def test_attach_shadow_twice(first: str, second: str) -> None:
    div = _doc().createElement("div")
    div.attachShadow({"mode": first})
    with pytest.raises(DOMException) as info:
        div.attachShadow({"mode": second})
    assert info.value.name == "NotSupportedError"


def test_attach_shadow_not_on_other_node_types() -> None:
    doc = _doc()
    for node in (doc, doc.createTextNode(""), doc.createComment(""), doc.createDocumentFragment()):
        assert not hasattr(node, "attachShadow")


# -- declarative/declarative-after-attachshadow, declarative-shadow-dom-attachment ---------------


def test_imperative_attach_over_a_declarative_root() -> None:
    doc = _doc("<div id=h><template shadowrootmode=open><p>declared</p></template></div>")
    host = doc.getElementById("h")
    declared = host.shadowRoot
    seen: list[Any] = []
    observer = dom.MutationObserver(lambda records, _o: seen.extend(records))
    observer.observe(declared, {"childList": True})
    again = host.attachShadow({"mode": "open", "clonable": True, "serializable": True})
    # the declarative root is kept (its other settings too), emptied, and no longer declarative
    assert again is declared and declared.firstChild is None and not declared.clonable
    _flush()
    assert [len(r.removedNodes) for r in seen] == [1]  # the children are removed, observably
    with pytest.raises(DOMException):
        host.attachShadow({"mode": "open"})  # no longer declarative


@pytest.mark.parametrize("markup", [
    "<div id=h><template shadowrootmode=open></template><template shadowrootmode=open>2</template></div>",
    "<div id=h><template shadowrootmode=open></template><template shadowrootmode=closed>2</template></div>",
])
def test_second_declarative_template_stays_a_template(markup: str) -> None:
    host = _doc(markup).getElementById("h")
    assert host.shadowRoot is not None
    template = host.firstElementChild
    assert template.localName == "template" and template.content.textContent == "2"


@pytest.mark.parametrize("name", _HOSTS)
def test_declarative_on_every_valid_host(name: str) -> None:
    doc = _doc(f"<{name} id=h><template shadowrootmode=open><i>s</i></template></{name}>")
    host = doc.getElementById("h") or doc.body  # <body> merges into the existing body
    assert host.shadowRoot is not None and host.shadowRoot.innerHTML == "<i>s</i>"


@pytest.mark.parametrize("name", ["button", "img", "a", "select"])
def test_declarative_on_an_invalid_host_keeps_the_template(name: str) -> None:
    doc = _doc(f"<{name} id=h><template shadowrootmode=open><i>s</i></template></{name}>")
    host = doc.getElementById("h")
    assert host.shadowRoot is None


# -- declarative/declarative-shadow-dom-basic, declarative-shadow-dom-opt-in, script-access -----


def test_declarative_root_settings() -> None:
    doc = _doc(
        "<div id=a><template shadowrootmode=open>a</template></div>"
        "<div id=b><template shadowrootmode=open shadowrootdelegatesfocus shadowrootclonable"
        " shadowrootserializable shadowrootslotassignment=manual>b</template></div>"
        "<div id=c><template shadowrootmode=open shadowrootslotassignment=bogus>c</template></div>"
    )
    a, b, c = (doc.getElementById(i).shadowRoot for i in "abc")
    assert (a.delegatesFocus, a.clonable, a.serializable, a.slotAssignment) == (False, False, False, "named")
    assert (b.delegatesFocus, b.clonable, b.serializable, b.slotAssignment) == (True, True, True, "manual")
    assert c.slotAssignment == "named"  # an invalid value falls back to "named"


def test_shadowrootmode_reflection_on_template() -> None:
    doc = _doc()
    template = doc.createElement("template")
    assert template.shadowRootMode == ""
    template.setAttribute("shadowrootmode", "OPEN")
    assert template.shadowRootMode == "open"  # enumerated, limited to known values
    template.setAttribute("shadowrootmode", "nope")
    assert template.shadowRootMode == ""
    template.shadowRootMode = "closed"
    assert template.getAttribute("shadowrootmode") == "closed"
    template.shadowRootDelegatesFocus = True
    template.shadowRootClonable = True
    template.shadowRootSerializable = True
    assert template.hasAttribute("shadowrootdelegatesfocus") and template.hasAttribute("shadowrootclonable")
    assert template.hasAttribute("shadowrootserializable")


def test_declarative_only_where_the_parser_allows_it() -> None:
    markup = "<div id=h><template shadowrootmode=open><b>s</b></template></div>"
    # DOMParser, innerHTML, createContextualFragment and insertAdjacentHTML keep templates
    parsed = dom.DOMParser().parseFromString(markup, "text/html")
    assert parsed.getElementById("h").shadowRoot is None
    doc = _doc("<div id=t></div>")
    target = doc.getElementById("t")
    target.innerHTML = markup
    assert target.querySelector("#h").shadowRoot is None
    target.insertAdjacentHTML("beforeend", markup.replace("id=h", "id=k"))
    assert target.querySelector("#k").shadowRoot is None
    fragment = doc.createRange().createContextualFragment(markup)
    assert fragment.querySelector("#h").shadowRoot is None
    # setHTMLUnsafe and parseHTMLUnsafe do allow them
    target.setHTMLUnsafe(markup)
    assert target.querySelector("#h").shadowRoot.innerHTML == "<b>s</b>"
    assert dom.Document.parseHTMLUnsafe(markup).getElementById("h").shadowRoot is not None


def test_declarative_shadow_root_nested_and_in_template_contents() -> None:
    doc = _doc(
        "<div id=h><template shadowrootmode=open><span id=inner>"
        "<template shadowrootmode=open><i>deep</i></template></span></template></div>"
        "<template id=t><div><template shadowrootmode=open><b>in contents</b></template></div></template>"
    )
    inner = doc.getElementById("h").shadowRoot.getElementById("inner")
    assert inner.shadowRoot.innerHTML == "<i>deep</i>"
    in_contents = doc.getElementById("t").content.firstChild
    assert in_contents.shadowRoot is not None and in_contents.shadowRoot.textContent == "in contents"


def test_declarative_template_not_a_direct_child_of_host() -> None:
    # Only the template's parent becomes the host; a template in a table's foster-parented
    # position or inside another element's content makes that element the host.
    doc = _doc("<div id=h><p><template shadowrootmode=open>x</template></p></div>")
    host = doc.getElementById("h")
    assert host.shadowRoot is None and host.firstElementChild.shadowRoot.textContent == "x"


# -- getinnerhtml.tentative.html (now getHTML), Node-prototype-cloneNode.html -------------------


@pytest.mark.parametrize("mode", ["open", "closed"])
@pytest.mark.parametrize("serializable", [True, False])
@pytest.mark.parametrize("delegates_focus", [True, False])
@pytest.mark.parametrize("clonable", [True, False])
def test_get_html_of_a_host(mode: str, serializable: bool, delegates_focus: bool, clonable: bool) -> None:
    doc = _doc()
    host = doc.body.appendChild(doc.createElement("div"))
    root = host.attachShadow({"mode": mode, "serializable": serializable, "delegatesFocus": delegates_focus,
                              "clonable": clonable})
    root.appendChild(doc.createElement("slot"))
    host.appendChild(doc.createElement("span"))
    attributes = f' shadowrootmode="{mode}"'
    if delegates_focus:
        attributes += ' shadowrootdelegatesfocus=""'
    if serializable:
        attributes += ' shadowrootserializable=""'
    if clonable:
        attributes += ' shadowrootclonable=""'
    shadow = f"<template{attributes}><slot></slot></template>"
    assert host.getHTML() == "<span></span>"  # serializableShadowRoots defaults to false
    assert host.getHTML({"serializableShadowRoots": True}) == (shadow if serializable else "") + "<span></span>"
    assert host.getHTML({"shadowRoots": [root]}) == shadow + "<span></span>"
    assert host.getHTML({"serializableShadowRoots": False, "shadowRoots": []}) == "<span></span>"
    assert host.innerHTML == "<span></span>"
    # a host nested below the node serialized
    wrapped = doc.body.getHTML({"serializableShadowRoots": True})
    assert wrapped == "<div>" + (shadow if serializable else "") + "<span></span></div>"


def test_get_html_with_a_void_or_template_host_content() -> None:
    doc = _doc()
    host = doc.createElement("div")
    root = host.attachShadow({"mode": "open", "serializable": True})
    root.innerHTML = "<br><template><i>t</i></template>&lt;"
    assert host.getHTML({"serializableShadowRoots": True}) == (
        '<template shadowrootmode="open" shadowrootserializable=""><br><template><i>t</i></template>&lt;</template>')
    assert root.getHTML() == "<br><template><i>t</i></template>&lt;"


@pytest.mark.parametrize("deep", [True, False])
def test_clone_node_of_clonable_roots(deep: bool) -> None:
    doc = _doc()
    host = doc.createElement("div")
    host.append(doc.createElement("b"))
    root = host.attachShadow({"mode": "closed", "clonable": True, "delegatesFocus": True,
                              "slotAssignment": "manual", "serializable": True})
    root.innerHTML = "<slot></slot><span><i>x</i></span>"
    copy = host.cloneNode(deep)
    shadow = copy._shadow_root  # closed: not exposed through shadowRoot
    assert copy.shadowRoot is None and shadow is not root and shadow.host is copy
    assert (shadow.mode, shadow.clonable, shadow.delegatesFocus, shadow.slotAssignment, shadow.serializable) == (
        "closed", True, True, "manual", True)
    assert shadow.innerHTML == "<slot></slot><span><i>x</i></span>"  # the shadow tree is always deep
    assert copy.childNodes.length == (1 if deep else 0)
    # importNode clones the same way
    imported = dom.parse_html("").importNode(host, deep)
    assert imported._shadow_root.innerHTML == root.innerHTML


def test_clone_node_of_non_clonable_and_declarative_roots() -> None:
    doc = _doc("<div id=d><template shadowrootmode=open shadowrootclonable><p>d</p></template></div>"
               "<div id=n><template shadowrootmode=open><p>n</p></template></div>")
    clonable = doc.getElementById("d").cloneNode(True)
    assert clonable.shadowRoot.innerHTML == "<p>d</p>"
    # the declarative flag is cloned: attachShadow may still replace the copy's root
    assert clonable.attachShadow({"mode": "open"}) is clonable.shadowRoot
    # declarative roots are no longer clonable by default (they were before shadowrootclonable)
    assert doc.getElementById("n").cloneNode(True).shadowRoot is None
    div = doc.createElement("div")
    div.attachShadow({"mode": "open"}).innerHTML = "<p>x</p>"
    assert div.cloneNode(True).shadowRoot is None
    shadow = doc.getElementById("d").shadowRoot
    with pytest.raises(DOMException) as info:
        shadow.cloneNode(True)  # https://dom.spec.whatwg.org/#concept-node-clone step 1
    assert info.value.name == "NotSupportedError"
    with pytest.raises(DOMException):
        doc.importNode(shadow, True)


# -- ShadowRoot-interface.html, Element-interface-shadowRoot-attribute.html ---------------------


def test_shadow_root_interface() -> None:
    doc = _doc("<div id=h></div>")
    host = doc.getElementById("h")
    root = host.attachShadow({"mode": "open"})
    root.innerHTML = "<p id=x>x</p><style></style>"
    assert isinstance(root, dom.DocumentFragment) and root.nodeType == 11
    assert root.ownerDocument is doc and root.parentNode is None and root.parentElement is None
    assert root.getElementById("x") is root.firstChild and doc.getElementById("x") is None
    assert root.styleSheets is not None if hasattr(root, "styleSheets") else True
    with pytest.raises(TypeError):
        dom.ShadowRoot()
    assert host.shadowRoot is root
    closed_host = doc.createElement("span")
    closed_host.attachShadow({"mode": "closed"})
    assert closed_host.shadowRoot is None


# -- Node: getRootNode({composed}), isConnected, contains (dom/nodes and shadow-dom tests) ------


def test_get_root_node_and_is_connected_across_shadow_boundaries() -> None:
    doc = _doc("<div id=h></div>")
    host = doc.getElementById("h")
    outer = host.attachShadow({"mode": "closed"})
    middle = outer.appendChild(doc.createElement("span"))
    inner = middle.attachShadow({"mode": "open"})
    deep = inner.appendChild(doc.createElement("em"))
    text = deep.appendChild(doc.createTextNode("t"))
    assert text.getRootNode() is inner and text.getRootNode({"composed": False}) is inner
    assert text.getRootNode({"composed": True}) is doc
    assert inner.getRootNode() is inner and inner.getRootNode({"composed": True}) is doc
    assert middle.getRootNode() is outer
    assert all(n.isConnected for n in (text, deep, inner, middle, outer))
    host.remove()
    assert not any(n.isConnected for n in (text, deep, inner, middle, outer, host))
    assert text.getRootNode({"composed": True}) is host
    doc.body.append(host)
    assert text.isConnected
    middle.remove()  # out of the outer shadow tree: the inner tree goes with its host
    assert not deep.isConnected and deep.getRootNode({"composed": True}) is middle


def test_contains_is_not_shadow_including() -> None:
    doc = _doc("<div id=h><b>light</b></div>")
    host = doc.getElementById("h")
    root = host.attachShadow({"mode": "open"})
    inner = root.appendChild(doc.createElement("p"))
    assert root.contains(inner) and root.contains(root) and not root.contains(host)
    assert not host.contains(inner) and not doc.contains(inner) and not doc.contains(root)
    assert not inner.contains(host.firstChild) and host.contains(host.firstChild)
    assert inner.compareDocumentPosition(host) & dom.Node.DOCUMENT_POSITION_DISCONNECTED


# -- Document-prototype-adoptNode.html, Document-prototype-importNode.html ----------------------


@pytest.mark.parametrize("mode", ["open", "closed"])
def test_adopt_and_import_of_a_shadow_root(mode: str) -> None:
    doc = _doc()
    root = doc.createElement("div").attachShadow({"mode": mode})
    other = dom.DOMParser().parseFromString("", "text/html")
    with pytest.raises(DOMException) as info:
        other.adoptNode(root)  # https://dom.spec.whatwg.org/#dom-document-adoptnode step 2
    assert info.value.name == "HierarchyRequestError"
    with pytest.raises(DOMException) as info:
        other.importNode(root, True)
    assert info.value.name == "NotSupportedError"


# -- MouseEvent-prototype-offsetX-offsetY.html (its setup): innerHTML on a custom element -------


def test_inner_html_with_a_custom_element_as_context() -> None:
    doc = _doc("<!DOCTYPE html><my-host></my-host>")
    host = doc.querySelector("my-host")
    host.innerHTML = '<div id="container"><span id="target">Click here</div></div>'
    assert host.innerHTML == '<div id="container"><span id="target">Click here</span></div>'
    root = host.attachShadow({"mode": "open"})
    root.innerHTML = "<style>p {}</style><p>x"
    assert root.innerHTML == "<style>p {}</style><p>x</p>"
