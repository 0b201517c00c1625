"""Focus without layout (dom/html/focus.py): the focusing and unfocusing steps, the focus update
steps' events (https://html.spec.whatwg.org/#focus-update-steps), activeElement
(https://html.spec.whatwg.org/#dom-documentorshadowroot-activeelement), focusable areas
(https://html.spec.whatwg.org/#the-tabindex-attribute) and :focus, :focus-within, :focus-visible."""

from __future__ import annotations

from typing import Any

import pytest

import webdom
from dom.html.focus import focus_fixup


def _doc(body: str) -> Any:
    return webdom.parse_html("<!DOCTYPE html><body>" + body)


def _log(document: Any) -> list[tuple[str, str, str | None, bool]]:
    log: list[tuple[str, str, str | None, bool]] = []
    for kind in ("focus", "blur", "focusin", "focusout"):
        document.addEventListener(
            kind,
            lambda e: log.append((e.type, e.target.id, e.relatedTarget.id if e.relatedTarget else None, e.composed)),
            True,
        )
    return log


def test_focus_moves_with_the_events_in_order() -> None:
    doc = _doc("<input id=a><button id=b>b</button>")
    log = _log(doc)
    assert doc.activeElement is doc.body
    doc.getElementById("a").focus()
    assert doc.activeElement is doc.getElementById("a")
    assert log == [("focus", "a", None, True), ("focusin", "a", None, True)]
    log.clear()
    doc.getElementById("b").focus()
    assert log == [("blur", "a", "b", True), ("focusout", "a", "b", True),
                   ("focus", "b", "a", True), ("focusin", "b", "a", True)]
    log.clear()
    doc.getElementById("b").focus()  # already the focused area: nothing (step 5)
    assert log == []
    doc.getElementById("a").blur()  # not focused: nothing (unfocusing steps, step 5)
    assert log == [] and doc.activeElement is doc.getElementById("b")
    doc.getElementById("b").blur()
    assert log == [("blur", "b", None, True), ("focusout", "b", None, True)]
    assert doc.activeElement is doc.body


def test_focus_events_bubble_as_ui_events_say() -> None:
    doc = _doc("<div id=outer><input id=a></div>")
    seen = []
    for kind in ("focus", "focusin"):
        doc.getElementById("outer").addEventListener(kind, lambda e: seen.append((e.type, e.bubbles)))
    doc.getElementById("a").focus()
    assert seen == [("focusin", True)]  # focus does not bubble


@pytest.mark.parametrize(
    "markup, focusable",
    [
        ("<a id=t href=x>l</a>", True),
        ("<a id=t>no href</a>", False),
        ("<div id=t>plain</div>", False),
        ("<div id=t tabindex=-1>negative</div>", True),
        ("<span id=t tabindex=0>zero</span>", True),
        ("<div id=t tabindex=x>error</div>", False),
        ("<input id=t type=hidden>", False),
        ("<input id=t type=checkbox>", True),
        ("<button id=t disabled>d</button>", False),
        ("<fieldset disabled><input id=t></fieldset>", False),
        ("<fieldset disabled><legend><input id=t></legend></fieldset>", True),
        ("<select id=t></select>", True),
        ("<textarea id=t></textarea>", True),
        ("<div hidden><button id=t>b</button></div>", False),
        ("<div style='display: none'><button id=t>b</button></div>", False),
        ("<style>.gone { display: none }</style><div class=gone><button id=t>b</button></div>", False),
        ("<style>.gone { display: none }</style><div class=kept><button id=t>b</button></div>", True),
        ("<div style='visibility: hidden'><button id=t>b</button></div>", True),  # still has a box
        ("<div inert><button id=t>b</button></div>", False),
        ("<details><summary id=t>s</summary>x</details>", True),
        ("<details><summary>s</summary><button id=t>inside</button></details>", False),  # closed
        ("<details open><summary>s</summary><button id=t>inside</button></details>", True),
        ("<div id=t contenteditable>edit</div>", True),
        ("<div contenteditable><p id=t>inner</p></div>", False),  # editable, not an editing host
        ("<iframe id=t></iframe>", True),
        ("<video id=t controls></video>", True),
        ("<video id=t></video>", False),
        ("<svg><a id=t href=x><text>t</text></a></svg>", True),
        ("<template><button id=t>b</button></template>", False),
    ],
)
def test_focusable_areas(markup: str, focusable: bool) -> None:
    doc = _doc(markup)
    target = doc.getElementById("t") or doc.querySelector("template").content.getElementById("t")
    target.focus()
    assert (doc.activeElement is target) is focusable


def test_a_disconnected_element_is_not_focused() -> None:
    doc = _doc("")
    button = doc.createElement("button")
    button.focus()
    assert doc.activeElement is doc.body


def test_the_focused_element_removed_or_disabled_leaves_the_viewport_focused() -> None:
    """Removal: the synchronous fixup, no events, the viewport (activeElement: the body) is
    focused.  Disabled: the element stays focused until the rendering update's fixup
    (https://html.spec.whatwg.org/#update-the-rendering step 17), which fires blur."""
    doc = _doc("<button id=a>a</button><button id=b>b</button>")
    log = _log(doc)
    a = doc.getElementById("a")
    a.focus()
    log.clear()
    a.remove()
    assert doc.activeElement is doc.body and log == []
    b = doc.getElementById("b")
    b.focus()
    b.disabled = True
    assert doc.activeElement is b
    log.clear()
    focus_fixup(doc)
    assert doc.activeElement is doc.body
    assert doc.querySelectorAll(":focus").length == 0
    assert [entry[0] for entry in log] == ["blur", "focusout"]
    focus_fixup(doc)
    assert [entry[0] for entry in log] == ["blur", "focusout"]


def test_shadow_trees() -> None:
    """activeElement is retargeted; the host matches :focus; :focus-within follows the flat tree."""
    doc = _doc("<div id=host></div><p id=p></p>")
    host = doc.getElementById("host")
    root = host.attachShadow({"mode": "open"})
    inner = doc.createElement("button")
    inner.id = "inner"
    root.appendChild(inner)
    inner.focus()
    assert doc.activeElement is host
    assert root.activeElement is inner
    assert [e.id for e in doc.querySelectorAll(":focus")] == ["host"]
    assert [e.id for e in root.querySelectorAll(":focus")] == ["inner"]
    assert [e.localName for e in doc.querySelectorAll(":focus-within")] == ["html", "body", "div"]
    assert [e.id for e in doc.querySelectorAll(":focus-visible")] == []  # the host only matches :focus
    assert [e.id for e in root.querySelectorAll(":focus-visible")] == ["inner"]
    other = doc.getElementById("p").attachShadow({"mode": "open"})
    assert other.activeElement is None


def test_delegates_focus() -> None:
    """https://html.spec.whatwg.org/#focus-delegate: a host whose shadow root delegates focus
    gives it to its first focusable area (an autofocus one first)."""
    doc = _doc("<div id=host></div>")
    host = doc.getElementById("host")
    root = host.attachShadow({"mode": "open", "delegatesFocus": True})
    root.innerHTML = "<span>text</span><input id=first><input id=auto autofocus>"
    host.focus()
    assert root.activeElement is root.getElementById("auto")
    host.blur()  # blurs the focused element inside (unfocusing steps, step 1)
    assert doc.activeElement is doc.body
    plain = _doc("<div id=host></div>").getElementById("host")
    plain.attachShadow({"mode": "open"}).innerHTML = "<input>"
    plain.focus()
    assert plain.ownerDocument.activeElement is plain.ownerDocument.body


def test_a_host_that_delegates_focus_is_not_focusable_itself() -> None:
    """https://html.spec.whatwg.org/#focusable-area: an element is a focusable area only if it is
    not a shadow host or its shadow root's delegates focus is false, so focus() on such a host
    with a tabindex still goes to its focus delegate, and to nothing when it has none."""
    doc = _doc("<div id=host tabindex=0></div><div id=out tabindex=0></div>")
    host = doc.getElementById("host")
    root = host.attachShadow({"mode": "open", "delegatesFocus": True})
    root.innerHTML = "<div id=a tabindex=-1>a</div><div id=b tabindex=0>b</div>"
    host.focus()
    assert root.activeElement is root.getElementById("a")
    assert doc.activeElement is host
    assert host.matches(":focus")
    for child in list(root.childNodes):
        child.remove()
    doc.getElementById("out").focus()
    host.focus()  # no focus delegate: focus stays where it was
    assert doc.activeElement is doc.getElementById("out")


def test_a_modal_dialog_makes_the_rest_inert() -> None:
    doc = _doc("<button id=out>o</button><dialog id=d><button id=in>i</button></dialog>")
    doc.getElementById("d").showModal()
    doc.getElementById("out").focus()
    assert doc.activeElement is doc.body
    doc.getElementById("in").focus()
    assert doc.activeElement is doc.getElementById("in")


def test_focus_pseudo_classes() -> None:
    doc = _doc("<form id=f><fieldset id=s><input id=a></fieldset></form><input id=b>")
    assert doc.querySelectorAll(":focus, :focus-within, :focus-visible").length == 0
    doc.getElementById("a").focus()
    assert [e.id for e in doc.querySelectorAll(":focus")] == ["a"]
    assert [e.id for e in doc.querySelectorAll("[id]:focus-within")] == ["f", "s", "a"]
    assert doc.getElementById("a").matches(":focus-visible")
    assert doc.getElementById("f").matches(":focus-within:not(:focus)")


def test_sequential_focus_navigation_order_with_shadow_trees() -> None:
    """https://html.spec.whatwg.org/#flattened-tabindex-ordered-focus-navigation-scope: positive
    tabindex values first, then tree order; a shadow host's scope follows the host (or stands
    for it when it is not focusable), a slot's scope holds its assigned nodes; negative
    tabindex values are left out, with the whole scope of such a host."""
    from dom.html.sequential_focus import navigate_sequentially, sequential_focus_navigation_order

    doc = _doc("<div id=a tabindex=0></div><div id=host><p id=s2 slot=two tabindex=0></p>"
               "<p id=s1 slot=one tabindex=0></p></div><input id=last><p id=first tabindex=3></p>"
               "<div id=neg tabindex=-1><button id=inneg></button></div>")
    root = doc.getElementById("host").attachShadow({"mode": "open"})
    root.innerHTML = "<b id=in tabindex=0></b><slot name=one tabindex=0></slot><slot name=two></slot>"
    neg_root = doc.getElementById("neg").attachShadow({"mode": "open"})
    neg_root.innerHTML = "<button id=hidden></button><slot></slot>"
    order = [e.id for e in sequential_focus_navigation_order(doc)]
    assert order == ["first", "a", "in", "s1", "s2", "last"]
    assert navigate_sequentially(doc).id == "first"
    assert navigate_sequentially(doc).id == "a"
    assert navigate_sequentially(doc).id == "in" and doc.activeElement.id == "host"
    assert navigate_sequentially(doc, forward=False).id == "a"
    doc.getElementById("last").focus()
    assert navigate_sequentially(doc) is None and doc.activeElement is doc.body  # past the end


def test_focus_events_are_trusted() -> None:
    """https://html.spec.whatwg.org/#fire-a-focus-event fires the event, which makes it trusted
    (https://dom.spec.whatwg.org/#concept-event-fire)."""
    doc = _doc("<input id=a><input id=b>")
    seen: list[tuple[str, bool]] = []
    for kind in ("focus", "blur", "focusin", "focusout"):
        doc.addEventListener(kind, lambda e: seen.append((e.type, e.isTrusted)), True)
    doc.getElementById("a").focus()
    doc.getElementById("b").focus()
    assert seen == [("focus", True), ("focusin", True), ("blur", True), ("focusout", True), ("focus", True),
                    ("focusin", True)]


def test_change_fires_when_a_user_changed_input_loses_focus() -> None:
    """https://html.spec.whatwg.org/#focus-update-steps step 2.1: an input whose value the user
    changed while focused gets a bubbling trusted change as it loses focus, before blur; not
    when script changed it, nor when the user put the old value back."""
    from dom.html.focus import note_user_change

    doc = _doc("<input id=a value=x><input id=b>")
    a, b = doc.getElementById("a"), doc.getElementById("b")
    seen: list[tuple[str, bool, bool]] = []
    for kind in ("change", "blur"):
        a.addEventListener(kind, lambda e: seen.append((e.type, e.bubbles, e.isTrusted)))
    a.focus()
    a.value = "script"
    b.focus()
    assert seen == [("blur", False, True)]
    seen.clear()
    a.focus()
    a.value = "typed"
    note_user_change(a)
    b.focus()
    assert seen == [("change", True, True), ("blur", False, True)]
    seen.clear()
    a.focus()
    a.value = "other"
    note_user_change(a)
    a.value = "typed"  # back to the value it was focused with
    b.focus()
    assert seen == [("blur", False, True)]
