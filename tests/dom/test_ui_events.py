"""UI Events and HTML event interfaces (dom/ui_events.py, dom/html/event_interfaces.py):
document.createEvent's table, constructors with their init dictionaries, the legacy init
methods, and the relatedTarget's retargeting across shadow trees during dispatch."""

from __future__ import annotations

from typing import Any

import pytest

import webdom
from webidl import NotSupportedError


@pytest.fixture
def document() -> webdom.Document:
    return webdom.parse_html(b"<!doctype html><body><div id=host></div><p id=outside></p>")


# https://dom.spec.whatwg.org/#dom-document-createevent: the table, ASCII case-insensitively.
@pytest.mark.parametrize(("name", "cls"), [
    ("BeforeUnloadEvent", webdom.BeforeUnloadEvent), ("CompositionEvent", webdom.CompositionEvent),
    ("DragEvent", webdom.DragEvent), ("FocusEvent", webdom.FocusEvent),
    ("HashChangeEvent", webdom.HashChangeEvent), ("KeyboardEvent", webdom.KeyboardEvent),
    ("MessageEvent", webdom.MessageEvent), ("MouseEvent", webdom.MouseEvent), ("MouseEvents", webdom.MouseEvent),
    ("StorageEvent", webdom.StorageEvent), ("TextEvent", webdom.TextEvent), ("UIEvent", webdom.UIEvent),
    ("UIEvents", webdom.UIEvent),
])
def test_create_event_table(document: webdom.Document, name: str, cls: type) -> None:
    for spelling in (name, name.lower(), name.upper()):
        event = document.createEvent(spelling)
        assert type(event) is cls
        assert (event.type, event.target, event.eventPhase, event.bubbles, event.isTrusted) == ("", None, 0, False, False)
    assert isinstance(document.createEvent(name), webdom.Event)


@pytest.mark.parametrize("name", ["KeyboardEvents", "FocusEvents", "WheelEvent", "InputEvent", "PointerEvent",
                                  "TouchEvent", "PageTransitionEvent", "MOUSEEVENT\u017f"])
def test_create_event_rejects_names_outside_the_table(document: webdom.Document, name: str) -> None:
    with pytest.raises(NotSupportedError):
        document.createEvent(name)


def test_mouse_event_dictionary_and_modifiers(document: webdom.Document) -> None:
    event = webdom.MouseEvent("click", {"bubbles": True, "clientX": 3.9, "screenY": -2, "button": 65537,
                                        "ctrlKey": 1, "modifierCapsLock": True, "relatedTarget": document.body})
    assert (event.clientX, event.screenY, event.button, event.buttons) == (3, -2, 1, 0)
    assert event.ctrlKey and not event.shiftKey and event.bubbles
    assert event.getModifierState("Control") and event.getModifierState("CapsLock")
    assert not event.getModifierState("control") and not event.getModifierState("Shift")
    assert event.relatedTarget is document.body and event.view is None and event.detail == 0
    assert isinstance(event, webdom.UIEvent)
    with pytest.raises(TypeError):
        webdom.MouseEvent("click", relatedTarget="body")
    with pytest.raises(TypeError):
        webdom.UIEvent("x", view=document)  # a Document is not a Window
    wheel = webdom.WheelEvent("wheel", deltaY=1.5, deltaMode=webdom.WheelEvent.DOM_DELTA_LINE)
    assert (wheel.deltaX, wheel.deltaY, wheel.deltaMode) == (0.0, 1.5, 1)


def test_other_ui_event_dictionaries() -> None:
    key = webdom.KeyboardEvent("keydown", key="a", code="KeyA", keyCode=65, repeat=True, shiftKey=True)
    assert (key.key, key.code, key.keyCode, key.charCode, key.repeat, key.location) == ("a", "KeyA", 65, 0, True, 0)
    assert key.getModifierState("Shift") and key.DOM_KEY_LOCATION_NUMPAD == 3
    assert webdom.InputEvent("input").data is None
    assert webdom.InputEvent("input", data="x", inputType="insertText").inputType == "insertText"
    assert webdom.CompositionEvent("compositionend", data="\u3042").data == "\u3042"
    assert webdom.FocusEvent("focus").relatedTarget is None
    with pytest.raises(TypeError):
        webdom.TextEvent("textInput")


def test_html_event_dictionaries() -> None:
    assert webdom.HashChangeEvent("hashchange", oldURL="a", newURL="b").newURL == "b"
    message = webdom.MessageEvent("message", data={"k": 1}, origin="https://a.test", lastEventId="7")
    assert (message.data, message.origin, message.lastEventId, message.source, message.ports) == (
        {"k": 1}, "https://a.test", "7", None, ())
    storage = webdom.StorageEvent("storage", key="k", newValue="v")
    assert (storage.key, storage.oldValue, storage.newValue, storage.url, storage.storageArea) == ("k", None, "v", "", None)
    assert webdom.PageTransitionEvent("pageshow", persisted=True).persisted is True
    assert webdom.PopStateEvent("popstate", state=[1]).state == [1]
    assert webdom.DragEvent("drop", clientX=4).clientX == 4
    with pytest.raises(TypeError):
        webdom.BeforeUnloadEvent("beforeunload")


# https://w3c.github.io/uievents/#legacy-interface-UIEvent and its siblings: init*Event
def test_legacy_init_methods(document: webdom.Document) -> None:
    mouse = document.createEvent("MouseEvents")
    mouse.initMouseEvent("click", True, True, None, 2, 10, 20, 30, 40, True, False, True, False, 1, document.body)
    assert (mouse.type, mouse.bubbles, mouse.detail, mouse.screenX, mouse.clientY) == ("click", True, 2, 10, 40)
    assert (mouse.ctrlKey, mouse.altKey, mouse.shiftKey, mouse.metaKey, mouse.button) == (True, False, True, False, 1)
    assert mouse.relatedTarget is document.body
    ui = document.createEvent("UIEvent")
    ui.initUIEvent("x", False, True, None, 5)
    assert (ui.type, ui.cancelable, ui.detail) == ("x", True, 5)
    key = document.createEvent("KeyboardEvent")
    key.initKeyboardEvent("keyup", False, False, None, "Enter", 0, False, True)
    assert (key.key, key.altKey, key.ctrlKey) == ("Enter", True, False)
    text = document.createEvent("TextEvent")
    assert text.data == ""
    text.initTextEvent("textInput")
    assert text.data == "undefined"  # the IDL's default
    storage = document.createEvent("StorageEvent")
    storage.initStorageEvent("storage", False, False, "k", None, "v", "https://a.test/")
    assert (storage.key, storage.newValue, storage.url) == ("k", "v", "https://a.test/")
    assert document.body.dispatchEvent(mouse) is True  # initialized: dispatchable
    before = document.createEvent("BeforeUnloadEvent")
    before.returnValue = "leave?"
    assert before.returnValue == "leave?"


def test_dispatching_a_mouse_click_runs_activation_behaviour(document: webdom.Document) -> None:
    box = document.createElement("input")
    box.type = "checkbox"
    document.body.appendChild(box)
    box.dispatchEvent(webdom.MouseEvent("click", bubbles=True, cancelable=True))
    assert box.checked is True


def _shadow(document: webdom.Document) -> tuple[Any, Any, Any, Any]:
    host = document.getElementById("host")
    root = host.attachShadow({"mode": "open"})
    a, b = document.createElement("span"), document.createElement("span")
    root.append(a, b)
    return host, root, a, b


# https://dom.spec.whatwg.org/#concept-event-dispatch steps 4, 5 and 5.8.3-5.8.6
def test_related_target_in_the_same_shadow_tree_stops_the_path_at_the_host(document: webdom.Document) -> None:
    host, root, a, b = _shadow(document)
    seen: list[tuple[Any, Any, Any]] = []
    for node in (a, root, host, document.body, document):
        node.addEventListener("mouseover", lambda e: seen.append((e.currentTarget, e.target, e.relatedTarget)))
    a.dispatchEvent(webdom.MouseEvent("mouseover", bubbles=True, composed=True, relatedTarget=b))
    assert seen == [(a, a, b), (root, a, b)]  # it never leaves the shadow tree


def test_related_target_is_retargeted_for_listeners_outside(document: webdom.Document) -> None:
    host, root, a, b = _shadow(document)
    outside = document.getElementById("outside")
    seen: list[tuple[Any, Any]] = []
    for node in (outside, document.body):
        node.addEventListener("mouseover", lambda e: seen.append((e.currentTarget, e.relatedTarget)))
    event = webdom.MouseEvent("mouseover", bubbles=True, relatedTarget=b)
    outside.dispatchEvent(event)
    assert seen == [(outside, host), (document.body, host)]
    assert event.relatedTarget is host and event.target is outside


def test_targets_in_a_shadow_tree_are_cleared_after_dispatch(document: webdom.Document) -> None:
    host, root, a, b = _shadow(document)
    outside = document.getElementById("outside")
    seen: list[tuple[Any, Any, Any]] = []
    for node in (a, host, document.body):
        node.addEventListener("mouseout", lambda e: seen.append((e.currentTarget, e.target, e.relatedTarget)))
    event = webdom.MouseEvent("mouseout", bubbles=True, composed=True, relatedTarget=outside)
    a.dispatchEvent(event)
    assert seen == [(a, a, outside), (host, host, outside), (document.body, host, outside)]
    assert event.target is host and event.relatedTarget is outside  # the last item's values
    # not composed: the path ends at the shadow root, whose item's target is in the shadow tree
    event = webdom.MouseEvent("mouseout", bubbles=True, relatedTarget=outside)
    a.dispatchEvent(event)
    assert seen[-1] == (a, a, outside)
    assert event.target is None and event.relatedTarget is None  # step 9: clearTargets
    focus = webdom.FocusEvent("focusin", bubbles=True, relatedTarget=b)
    outside.dispatchEvent(focus)
    assert focus.target is outside and focus.relatedTarget is host


def test_related_target_retargeting_to_the_target_invokes_nothing(document: webdom.Document) -> None:
    host, root, a, b = _shadow(document)
    calls: list[Any] = []
    host.addEventListener("mouseover", calls.append)
    host.dispatchEvent(webdom.MouseEvent("mouseover", relatedTarget=a))  # a retargets to host
    assert calls == []
    host.dispatchEvent(webdom.MouseEvent("mouseover", relatedTarget=host))  # the same node: dispatched
    assert len(calls) == 1
