"""Shadow DOM behaviour checked by web-platform-tests' shadow-dom/ folder, written as Python tests.

Each test says which WPT file checks the same behaviour (the 2021 snapshot in
../shared/conformance/wpt/shadow-dom); the expectations come from the current DOM and HTML
Standards, and where those changed since the snapshot the test says so.
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


# -- slots.html, slots-fallback.html, HTMLSlotElement-interface.html, Slottable-mixin.html ------


def _component(light: str, shadow: str, mode: str = "open", **init: Any) -> tuple[dom.Document, dom.Element, Any]:
    doc = _doc(f"<div id=h>{light}</div>")
    host = doc.getElementById("h")
    root = host.attachShadow({"mode": mode, **init})
    root.innerHTML = shadow
    return doc, host, root


def test_named_slots_and_the_default_slot() -> None:
    doc, host, root = _component(
        "<p id=c1 slot=s1>1</p><p id=c2 slot=s2>2</p><p id=c3>3</p><p id=c4 slot=missing>4</p>",
        "<slot id=s1 name=s1></slot><slot id=s2 name=s2></slot><slot id=s3></slot><slot id=s1b name=s1></slot>")
    s1, s2, s3, s1b = (root.getElementById(i) for i in ("s1", "s2", "s3", "s1b"))
    c1, c2, c3, c4 = (doc.getElementById(f"c{i}") for i in range(1, 5))
    assert s1.assignedNodes() == [c1] and s2.assignedNodes() == [c2] and s1b.assignedNodes() == []
    assert s3.assignedNodes() == [c3]
    assert c4.assignedSlot is None and c1.assignedSlot is s1
    assert s1.name == "s1" and s3.name == ""
    # the first slot with a name wins; removing it hands its slottables to the next one
    s1.remove()
    assert s1b.assignedNodes() == [c1] and c1.assignedSlot is s1b and s1.assignedNodes() == []
    c4.slot = ""
    assert s3.assignedNodes() == [c3, c4]
    c3.removeAttribute("slot")
    c2.setAttribute("slot", "")
    assert s3.assignedNodes() == [c2, c3, c4]  # tree order, not assignment order


def test_slot_name_with_whitespace_and_case() -> None:
    doc, host, root = _component("<b slot=' A '>x</b><i slot=a>y</i>", "<slot name=' A '></slot><slot name=a></slot>")
    first, second = root.querySelectorAll("slot")
    assert first.assignedNodes() == [host.firstChild]  # names compare exactly
    assert second.assignedNodes() == [host.lastChild]


def test_text_nodes_are_slottables_but_comments_are_not() -> None:
    doc, host, root = _component("text<!--c--><b>b</b>", "<slot></slot>")
    slot = root.firstChild
    text, _comment, b = host.childNodes
    assert slot.assignedNodes() == [text, b] and slot.assignedElements() == [b]
    assert text.assignedSlot is slot
    text.data = ""  # an empty Text node is still a slottable
    assert slot.assignedNodes() == [text, b]


def test_fallback_content() -> None:
    doc, host, root = _component(
        "", "<slot id=s1><p id=f1>fallback</p>text<slot id=s2><i id=f2>nested fallback</i></slot></slot>")
    s1, s2 = root.getElementById("s1"), root.getElementById("s2")
    f1, text, _s2 = s1.childNodes
    f2 = root.getElementById("f2")
    assert s1.assignedNodes() == [] and s1.assignedNodes({"flatten": True}) == [f1, text, f2]
    assert s1.assignedElements({"flatten": True}) == [f1, f2]
    assert s2.assignedNodes({"flatten": True}) == [f2]
    assert f1.assignedSlot is None  # fallback content is not assigned
    light = host.appendChild(doc.createElement("span"))
    assert s1.assignedNodes({"flatten": True}) == [light]  # assigned nodes replace the fallback
    assert s2.assignedNodes({"flatten": True}) == [f2]


def test_nested_slots_flatten_through_each_tree() -> None:
    doc = _doc("<div id=outer><b id=b1>1</b><b id=b2 slot=x>2</b></div>")
    outer = doc.getElementById("outer")
    outer_root = outer.attachShadow({"mode": "open"})
    outer_root.innerHTML = "<div id=inner><slot id=os name=x slot=y></slot><slot id=od></slot></div>"
    inner = outer_root.getElementById("inner")
    inner_root = inner.attachShadow({"mode": "open"})
    inner_root.innerHTML = "<slot id=is name=y></slot><slot id=id></slot>"
    os_, od = outer_root.getElementById("os"), outer_root.getElementById("od")
    is_, id_ = inner_root.getElementById("is"), inner_root.getElementById("id")
    b1, b2 = doc.getElementById("b1"), doc.getElementById("b2")
    assert is_.assignedNodes() == [os_] and id_.assignedNodes() == [od]
    assert is_.assignedNodes({"flatten": True}) == [b2]
    assert id_.assignedNodes({"flatten": True}) == [b1]
    assert os_.assignedSlot is is_ and b2.assignedSlot is os_
    b2.slot = ""
    assert is_.assignedNodes({"flatten": True}) == []  # os has no assigned nodes and no fallback
    assert id_.assignedElements({"flatten": True}) == [b1, b2]


def test_slot_outside_a_shadow_tree() -> None:
    doc = _doc("<slot id=s><b>fallback</b></slot>")
    slot = doc.getElementById("s")
    assert slot.assignedNodes() == [] and slot.assignedNodes({"flatten": True}) == []
    assert slot.assignedElements({"flatten": True}) == []


def test_assigned_slot_of_closed_trees() -> None:
    doc, host, root = _component("<b>x</b>", "<slot></slot>", mode="closed")
    assert root.firstChild.assignedNodes() == [host.firstChild]
    assert host.firstChild.assignedSlot is None  # https://dom.spec.whatwg.org/#dom-slotable-assignedslot
    # a slot in a closed tree assigned into an open one is likewise hidden from the light node
    doc2, host2, root2 = _component("<b>x</b>", "<div id=i><slot></slot></div>", mode="open")
    inner = root2.getElementById("i")
    inner.attachShadow({"mode": "closed"}).innerHTML = "<slot></slot>"
    assert host2.firstChild.assignedSlot is root2.querySelector("slot")
    assert root2.querySelector("slot").assignedSlot is None


# -- imperative-slot-api.html ------------------------------------------------------------------


def _manual(light: str = "<b id=c1>1</b><b id=c2>2</b><b id=c3>3</b>") -> tuple[dom.Document, dom.Element, Any, list[Any]]:
    doc, host, root = _component(light, "<slot id=s1></slot><slot id=s2></slot><slot id=s3></slot>",
                                 slotAssignment="manual")
    return doc, host, root, [root.getElementById(f"s{i}") for i in (1, 2, 3)]


def test_manual_assignment_ignores_names() -> None:
    doc, host, root, (s1, s2, _s3) = _manual('<b id=c1 slot=s1>1</b>')
    c1 = doc.getElementById("c1")
    s1.name = "s1"
    assert s1.assignedNodes() == [] and c1.assignedSlot is None
    s1.assign(c1)
    assert s1.assignedNodes() == [c1] and c1.assignedSlot is s1


def test_assign_moves_between_slots_and_deduplicates() -> None:
    doc, host, root, (s1, s2, s3) = _manual()
    c1, c2, c3 = (doc.getElementById(f"c{i}") for i in (1, 2, 3))
    s1.assign(c2, c1, c2)  # an ordered set: the first occurrence keeps its place
    assert s1.assignedNodes() == [c2, c1]
    s2.assign(c1, c3)
    assert s1.assignedNodes() == [c2] and s2.assignedNodes() == [c1, c3]
    s1.assign()
    assert s1.assignedNodes() == [] and c2.assignedSlot is None
    s2.assign(c3)  # reassigning a slot clears the nodes it had
    assert c1.assignedSlot is None and s2.assignedNodes() == [c3]


def test_manual_assignment_follows_the_slot_and_the_slottable() -> None:
    doc, host, root, (s1, s2, _s3) = _manual()
    c1, c2, _c3 = (doc.getElementById(f"c{i}") for i in (1, 2, 3))
    s1.assign(c1, c2)
    c1.remove()  # no longer the host's child: not assigned, but remembered
    assert s1.assignedNodes() == [c2] and c1.assignedSlot is None
    host.prepend(c1)
    # https://dom.spec.whatwg.org/#concept-node-insert step 7.4 assigns a slot only in named
    # mode, and step 7.6 assigns the slots of the inserted node's own tree (the document):
    # the manual slot's assigned nodes are recomputed at its next assignment.  Chromium
    # (WPT imperative-slot-api.html) assigns at once; the standard wins.
    assert s1.assignedNodes() == [c2]
    s2.assign()
    assert s1.assignedNodes() == [c1, c2]  # tree order of the host's children
    s1.remove()
    assert c1.assignedSlot is None and s1.assignedNodes() == []
    root.append(s1)  # the slot comes back: its manually assigned nodes are assigned again
    assert s1.assignedNodes() == [c1, c2]


def test_assign_to_a_slot_of_a_named_tree_or_no_tree() -> None:
    doc, host, root = _component("<b>x</b>", "<slot></slot>")
    slot = root.firstChild
    b = host.firstChild
    slot.assign(b)  # remembered, but named assignment decides
    assert slot.assignedNodes() == [b]
    lone = doc.createElement("slot")
    lone.assign(b)
    assert lone.assignedNodes() == [] and b.assignedSlot is slot
    with pytest.raises(TypeError):
        slot.assign(doc.createComment("no"))
    with pytest.raises(TypeError):
        slot.assign("text")


def test_assigning_a_node_of_another_host() -> None:
    doc, host, root, (s1, _s2, _s3) = _manual()
    other = doc.body.appendChild(doc.createElement("div"))
    other_child = other.appendChild(doc.createElement("i"))
    s1.assign(other_child)
    assert s1.assignedNodes() == [] and other_child.assignedSlot is None


# -- slotchange.html, slotchange-event.html, imperative-slot-api-slotchange.html ----------------


def _listen(*targets: Any) -> list[tuple[str, Any]]:
    seen: list[tuple[str, Any]] = []
    for target in targets:
        target.addEventListener("slotchange", lambda e, t=target: seen.append((e.target.id, t)))
    return seen


def test_slotchange_fires_once_per_slot_after_mutation_observers() -> None:
    doc, host, root = _component("<b id=c1>1</b>", "<slot id=s></slot>")
    slot = root.getElementById("s")
    _flush()
    order: list[str] = []
    observer = dom.MutationObserver(lambda records, _o: order.append("observer"))
    observer.observe(host, {"childList": True})
    slot.addEventListener("slotchange", lambda e: order.append(f"slotchange {e.bubbles} {e.composed}"))
    host.append(doc.createElement("i"))
    host.append(doc.createElement("i"))
    host.firstChild.remove()
    assert order == []
    _flush()
    # https://dom.spec.whatwg.org/#notify-mutation-observers: callbacks, then slotchange events
    assert order == ["observer", "slotchange True False"]


def test_slotchange_bubbles_within_the_shadow_tree_only() -> None:
    doc, host, root = _component("", "<div id=wrap><slot id=s></slot></div>")
    _flush()
    seen = _listen(root.getElementById("s"), root.getElementById("wrap"), root, host, doc)
    host.append(doc.createTextNode("t"))
    _flush()
    assert [t for _, t in seen] == [root.getElementById("s"), root.getElementById("wrap"), root]


def test_slotchange_for_renamed_slots_and_slottables() -> None:
    doc, host, root = _component("<b id=c slot=a>c</b>", "<slot id=a name=a></slot><slot id=b name=b></slot>")
    a, b = root.getElementById("a"), root.getElementById("b")
    _flush()
    seen = _listen(a, b)
    doc.getElementById("c").slot = "b"
    _flush()
    assert sorted(i for i, _ in seen) == ["a", "b"]
    seen.clear()
    doc.getElementById("c").slot = "b"  # unchanged: no event
    _flush()
    assert seen == []
    a.name = "b"  # a is now first for "b"
    _flush()
    assert sorted(i for i, _ in seen) == ["a", "b"]


def test_slotchange_when_fallback_content_changes() -> None:
    # https://dom.spec.whatwg.org/#concept-node-insert step 7.5: a slot with no assigned nodes
    # signals a change when a child is inserted (its fallback content changed)
    doc, host, root = _component("", "<slot id=s></slot>")
    slot = root.getElementById("s")
    _flush()
    seen = _listen(slot)
    slot.append(doc.createElement("i"))
    _flush()
    assert [i for i, _ in seen] == ["s"]
    slot.firstChild.remove()  # removal step 13
    _flush()
    assert len(seen) == 2
    host.append(doc.createElement("u"))  # now assigned
    _flush()
    assert len(seen) == 3
    slot.append(doc.createElement("i"))  # fallback of a slot with assigned nodes: nothing
    _flush()
    assert len(seen) == 3


def test_slotchange_for_slots_inserted_and_removed() -> None:
    doc, host, root = _component("<b>x</b>", "")
    _flush()
    slot = doc.createElement("slot")
    seen = _listen(slot, root)
    root.append(slot)
    _flush()
    assert [t for _, t in seen] == [slot, root]
    seen.clear()
    slot.remove()
    _flush()
    assert [t for _, t in seen] == [slot]  # fired at the removed slot, which no longer reaches root


def test_slotchange_not_fired_outside_shadow_trees_or_without_change() -> None:
    doc = _doc("<slot id=s></slot>")
    slot = doc.getElementById("s")
    _flush()
    seen = _listen(slot)
    slot.append(doc.createElement("i"))
    _flush()
    assert seen == []
    doc2, host, root = _component("", "<slot id=s name=x></slot>")
    _flush()
    seen = _listen(root.getElementById("s"))
    host.append(doc2.createElement("i"))  # for the default slot, and there is none
    _flush()
    assert seen == []


def test_slotchange_for_nested_slots() -> None:
    doc = _doc("<div id=outer></div>")
    outer = doc.getElementById("outer")
    outer_root = outer.attachShadow({"mode": "open"})
    outer_root.innerHTML = "<div id=inner><slot id=os></slot></div>"
    inner = outer_root.getElementById("inner")
    inner_root = inner.attachShadow({"mode": "open"})
    inner_root.innerHTML = "<slot id=is></slot>"
    _flush()
    seen = _listen(outer_root.getElementById("os"), inner_root.getElementById("is"))
    outer.append(doc.createElement("b"))
    _flush()
    # Only the slot whose assigned nodes changed is signalled (the inner slot's assigned node,
    # the outer slot, is unchanged); the inner slot hears the event as it bubbles from the
    # outer slot through its assigned slot, with the outer slot as target.
    assert [(i, t.id) for i, t in seen] == [("os", "os"), ("os", "is")]


def test_slotchange_for_manual_assignment() -> None:
    doc, host, root, (s1, s2, _s3) = _manual()
    _flush()
    seen = _listen(s1, s2)
    c1 = doc.getElementById("c1")
    s1.assign(c1)
    _flush()
    assert [i for i, _ in seen] == ["s1"]
    seen.clear()
    s1.assign(c1)  # the same assignment: no change
    _flush()
    assert seen == []
    s2.assign(c1)
    _flush()
    assert sorted(i for i, _ in seen) == ["s1", "s2"]


# -- event-composed-path.html, event-inside-shadow-tree.html, event-composed.html ---------------


def _nested(mode: str) -> dict[str, Any]:
    """A host in the document; a host inside its shadow tree; a target inside that one."""
    doc = _doc("<div id=host><span id=light>l</span></div>")
    nodes: dict[str, Any] = {"doc": doc, "host": doc.getElementById("host"), "light": doc.getElementById("light")}
    nodes["root"] = nodes["host"].attachShadow({"mode": mode})
    nodes["root"].innerHTML = "<div id=wrap><span id=inner_host></span><slot id=slot></slot></div>"
    nodes["wrap"] = nodes["root"].getElementById("wrap")
    nodes["slot"] = nodes["root"].getElementById("slot")
    nodes["inner_host"] = nodes["root"].getElementById("inner_host")
    nodes["inner_root"] = nodes["inner_host"].attachShadow({"mode": mode})
    nodes["inner_root"].innerHTML = "<p id=target>t</p>"
    nodes["target"] = nodes["inner_root"].getElementById("target")
    return nodes


@pytest.mark.parametrize("mode", ["open", "closed"])
def test_composed_path_seen_from_each_tree(mode: str) -> None:
    n = _nested(mode)
    doc = n["doc"]
    seen: dict[str, tuple[Any, list[Any]]] = {}
    for name in ("target", "inner_root", "inner_host", "root", "host", "doc"):
        n[name].addEventListener("e", lambda e, k=name: seen.__setitem__(k, (e.target, e.composedPath())))
    n["target"].dispatchEvent(dom.Event("e", bubbles=True, composed=True))
    window = doc.defaultView
    light_tail = [n["host"], doc.body, doc.documentElement, doc, window]
    outer_tail = [n["inner_host"], n["wrap"], n["root"], *light_tail]
    full = [n["target"], n["inner_root"], *outer_tail]
    assert seen["target"] == (n["target"], full) and seen["inner_root"] == (n["target"], full)
    hidden = mode == "closed"
    assert seen["inner_host"] == (n["inner_host"], outer_tail if hidden else full)
    assert seen["root"] == (n["inner_host"], outer_tail if hidden else full)
    assert seen["host"] == (n["host"], light_tail if hidden else full)
    assert seen["doc"] == (n["host"], light_tail if hidden else full)


def test_uncomposed_event_stops_at_its_shadow_root() -> None:
    n = _nested("open")
    reached: list[str] = []
    for name in ("target", "inner_root", "inner_host", "root", "host", "doc"):
        n[name].addEventListener("e", lambda e, k=name: reached.append(k))
    event = dom.Event("e", bubbles=True)
    n["target"].dispatchEvent(event)
    assert reached == ["target", "inner_root"]
    assert event.composedPath() == [] and event.target is None  # cleared: the target was in a shadow tree
    assert event.composed is False


def test_composed_path_through_a_slot() -> None:
    n = _nested("open")
    doc = n["doc"]
    paths: dict[str, list[Any]] = {}
    for name in ("light", "slot", "root", "host"):
        n[name].addEventListener("e", lambda e, k=name: paths.__setitem__(k, e.composedPath()))
    n["light"].dispatchEvent(dom.Event("e", bubbles=True))  # not composed: slots are still entered
    expected = [n["light"], n["slot"], n["wrap"], n["root"], n["host"], doc.body, doc.documentElement, doc,
                doc.defaultView]
    assert paths == {name: expected for name in ("light", "slot", "root", "host")}


def test_composed_path_after_dispatch_and_mutation() -> None:
    n = _nested("open")
    event = dom.Event("e", bubbles=True, composed=True)
    captured: list[Any] = []
    n["host"].addEventListener("e", lambda e: (captured.append(e.composedPath()), n["host"].remove()))
    n["target"].dispatchEvent(event)
    # the path is built before dispatch; removing a node while dispatching does not change it
    assert captured[0][0] is n["target"] and n["host"] in captured[0]
    assert event.composedPath() == [] and event.eventPhase == 0 and event.currentTarget is None


def test_event_listener_at_host_sees_at_target_phase() -> None:
    n = _nested("open")
    phases: list[tuple[str, int]] = []
    n["host"].addEventListener("e", lambda e: phases.append(("capture", e.eventPhase)), True)
    n["host"].addEventListener("e", lambda e: phases.append(("bubble", e.eventPhase)))
    n["wrap"].addEventListener("e", lambda e: phases.append(("wrap capture", e.eventPhase)), True)
    n["wrap"].addEventListener("e", lambda e: phases.append(("wrap bubble", e.eventPhase)))
    n["target"].dispatchEvent(dom.Event("e", bubbles=True, composed=True))
    # capturing listeners run first at a host that is a retargeted target
    assert phases == [("capture", 2), ("wrap capture", 1), ("wrap bubble", 3), ("bubble", 2)]


def test_stop_propagation_inside_shadow_tree() -> None:
    n = _nested("open")
    reached: list[str] = []
    n["inner_root"].addEventListener("e", lambda e: e.stopPropagation())
    for name in ("inner_host", "host"):
        n[name].addEventListener("e", lambda e, k=name: reached.append(k))
    n["target"].dispatchEvent(dom.Event("e", bubbles=True, composed=True))
    assert reached == []


# -- moveBefore() across shadow boundaries (https://dom.spec.whatwg.org/#move) ------------------


def test_move_before_keeps_slot_assignment_current() -> None:
    doc, host, root = _component("<b id=b slot=a>b</b><i id=i>i</i>", "<slot id=a name=a></slot><slot id=d></slot>")
    a, d = root.getElementById("a"), root.getElementById("d")
    b, i = doc.getElementById("b"), doc.getElementById("i")
    _flush()
    seen = _listen(a, d)
    host.moveBefore(i, b)  # reorder within the host: the default slot's nodes are the same
    assert d.assignedNodes() == [i] and a.assignedNodes() == [b]
    doc.body.moveBefore(b, None)  # out of the host: unassigned (steps 14-16)
    assert a.assignedNodes() == [] and b.assignedSlot is None
    root.moveBefore(d, a)  # a slot moved inside its shadow tree stays assigned
    assert d.assignedNodes() == [i]
    _flush()
    # https://dom.spec.whatwg.org/#move steps 14 and 23 reassign d (emptied, then refilled)
    # even when the node comes back to the same slot: d is signalled, like a remove and insert
    assert [x for x, _ in seen] == ["d", "a"]


def test_move_before_across_a_shadow_boundary() -> None:
    # https://dom.spec.whatwg.org/#move step 1 compares shadow-including roots: a node may move
    # from the light tree into a connected shadow tree of the same document, and back
    doc, host, root = _component("<b id=b>b</b>", "<slot id=d></slot><p id=p></p>")
    b, p, d = doc.getElementById("b"), root.getElementById("p"), root.getElementById("d")
    p.moveBefore(b, None)
    assert b.parentNode is p and d.assignedNodes() == [] and b.isConnected
    doc.body.moveBefore(b, None)
    assert b.parentNode is doc.body
    with pytest.raises(DOMException) as info:
        p.moveBefore(host, None)  # the host would be inside its own shadow tree
    assert info.value.name == "HierarchyRequestError"
    detached = doc.createElement("div")
    with pytest.raises(DOMException) as info:
        detached.moveBefore(b, None)  # different shadow-including roots
    assert info.value.name == "HierarchyRequestError"


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
