"""DOM events: Event objects and their dispatch (dom/events.py).

The cases port the behaviours checked by WPT dom/events (Event-constructors, Event-constants,
CustomEvent, Event-dispatch-*, Event-timestamp) and the IDL coverage of the event interfaces.
Each group is a table of small cases; the module prints passed/total per group.  Listeners,
propagation, AbortSignal and HTML event handlers have their own modules (test_event_*.py,
test_abort_signals.py).

The cases are written afresh in Python; the shared harness (the case table, its counts, ``page()``)
is tests/dom/event_case_table.py.
"""

from __future__ import annotations

import gc

import pytest

import dom
from dom import AbortController, AbortSignal, CustomEvent, Event, EventTarget
from dom.events import fire_event
from tests.dom.event_case_table import EventCaseTable, page, recorder
from webidl import InvalidStateError, undefined
from webidl.idl import missing_members

TABLE = EventCaseTable()
case = TABLE.case


# ---------------------------------------------------------------------------------------------
# Event constructors, constants, attributes (Event-constructors, Event-constants, CustomEvent)
# ---------------------------------------------------------------------------------------------


@case("Event constructors")
def _initial_state():
    for type_ in ("", "test"):
        ev = Event(type_)
        assert ev.type == type_
        assert ev.target is None and ev.srcElement is None and ev.currentTarget is None
        assert ev.eventPhase == Event.NONE == 0
        assert ev.bubbles is False and ev.cancelable is False and ev.composed is False
        assert ev.defaultPrevented is False and ev.returnValue is True and ev.isTrusted is False
        assert isinstance(ev.timeStamp, float) and ev.timeStamp > 0
        assert ev.composedPath() == []


@case("Event constructors")
def _missing_type():
    with pytest.raises(TypeError):
        Event()  # type: ignore[call-arg]


@case("Event constructors")
def _type_conversion_raises():
    class Bad:
        def __str__(self) -> str:
            raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        Event(Bad())


@case("Event constructors")
def _init_dictionary_table():
    table = [
        ({"bubbles": True, "cancelable": False}, (True, False, False)),
        ({"bubblesIGNORED": True, "cancelable": True}, (False, True, False)),
        ({"bubbles\0IGNORED": True, "cancelable": True}, (False, True, False)),
        ({"cancelable": True}, (False, True, False)),
        ({}, (False, False, False)),
        (None, (False, False, False)),
        (undefined, (False, False, False)),
        ({"bubbles": 1, "cancelable": "", "composed": "x"}, (True, False, True)),
        ({"bubbles": undefined}, (False, False, False)),
    ]
    for init, (bubbles, cancelable, composed) in table:
        ev = Event("Xx", init)
        assert (ev.bubbles, ev.cancelable, ev.composed) == (bubbles, cancelable, composed), init
    ev = Event("Xx", bubbles=True, composed=True)
    assert (ev.bubbles, ev.cancelable, ev.composed) == (True, False, True)
    with pytest.raises(TypeError):
        Event("Xx", sweet=True)
    with pytest.raises(TypeError):
        Event("Xx", "not a dictionary")


@case("Event constructors")
def _init_members_read_in_order():
    called = []

    class Init:
        @property
        def cancelable(self):
            called.append("cancelable")
            return False

        @property
        def bubbles(self):
            called.append("bubbles")
            return True

        @property
        def sweet(self):
            called.append("sweet")
            return "x"

    ev = Event("Xx", Init())
    assert called == ["bubbles", "cancelable", ] and ev.bubbles is True and not hasattr(ev, "sweet")


@case("Event constructors")
def _constants():
    for obj in (Event, Event("x"), CustomEvent, CustomEvent("x")):
        assert (obj.NONE, obj.CAPTURING_PHASE, obj.AT_TARGET, obj.BUBBLING_PHASE) == (0, 1, 2, 3)


@case("Event constructors")
def _readonly_attributes():
    ev = Event("x")
    for name in ("type", "target", "currentTarget", "eventPhase", "bubbles", "cancelable", "defaultPrevented",
                 "composed", "isTrusted", "timeStamp", "srcElement"):
        with pytest.raises(AttributeError):
            setattr(ev, name, 1)


@case("Event constructors")
def _custom_event():
    ev = CustomEvent("$", {"detail": 54, "sweet": "x", "cancelable": True})
    assert (ev.type, ev.bubbles, ev.cancelable, ev.detail) == ("$", False, True, 54)
    assert CustomEvent("x").detail is None
    assert isinstance(ev, Event)
    payload = {"a": [1]}
    assert CustomEvent("x", detail=payload).detail is payload
    ev.initCustomEvent("y", True, False, "d")
    assert (ev.type, ev.bubbles, ev.cancelable, ev.detail) == ("y", True, False, "d")
    ev.initCustomEvent("z")
    assert (ev.type, ev.bubbles, ev.detail) == ("z", False, None)


@case("Event constructors")
def _timestamps_increase():
    a = Event("a")
    b = Event("b")
    assert b.timeStamp >= a.timeStamp


# ---------------------------------------------------------------------------------------------
# Dispatch: phases, order, path (Event-dispatch-bubbles-*, Event-dispatch-order, -propagation)
# ---------------------------------------------------------------------------------------------


def _phase_log(bubbles: bool) -> list:
    doc = page()
    inner = doc.getElementById("inner")
    targets = [doc, doc.documentElement, doc.body, doc.getElementById("outer"), doc.getElementById("middle"), inner]
    log: list = []
    for t in targets:
        name = t.nodeName
        t.addEventListener("foo", recorder(log, name + ":capture"), True)
        t.addEventListener("foo", recorder(log, name + ":bubble"), False)
    assert inner.dispatchEvent(Event("foo", bubbles=bubbles)) is True
    return log


@case("dispatch")
def _bubbles_true():
    assert _phase_log(True) == [
        ("#document:capture", 1), ("HTML:capture", 1), ("BODY:capture", 1), ("DIV:capture", 1),
        ("P:capture", 1), ("SPAN:capture", 2), ("SPAN:bubble", 2),
        ("P:bubble", 3), ("DIV:bubble", 3), ("BODY:bubble", 3), ("HTML:bubble", 3), ("#document:bubble", 3),
    ]


@case("dispatch")
def _bubbles_false():
    assert _phase_log(False) == [
        ("#document:capture", 1), ("HTML:capture", 1), ("BODY:capture", 1), ("DIV:capture", 1),
        ("P:capture", 1), ("SPAN:capture", 2), ("SPAN:bubble", 2),
    ]


@case("dispatch")
def _at_target_capture_listeners_first():
    # Event-dispatch-order: at the target, capturing listeners run in the capture pass.
    target = EventTarget()
    log: list = []
    target.addEventListener("x", recorder(log, "bubble"))
    target.addEventListener("x", recorder(log, "capture"), {"capture": True})
    target.dispatchEvent(Event("x"))
    assert log == [("capture", 2), ("bubble", 2)]


@case("dispatch")
def _target_and_current_target():
    doc = page()
    inner, outer = doc.getElementById("inner"), doc.getElementById("outer")
    seen = []
    outer.addEventListener("x", lambda e: seen.append((e.target, e.srcElement, e.currentTarget, e.composedPath())))
    ev = Event("x", bubbles=True)
    inner.dispatchEvent(ev)
    # a parsed page's document has a window, the last item of the path
    path = [inner, doc.getElementById("middle"), outer, doc.body, doc.documentElement, doc, doc.defaultView]
    assert seen == [(inner, inner, outer, path)]
    # after dispatch: target kept, the rest reset
    assert ev.target is inner and ev.currentTarget is None and ev.eventPhase == 0 and ev.composedPath() == []


@case("dispatch")
def _path_ends_at_document_no_window():
    doc = page()
    paths = []
    doc.addEventListener("load", lambda e: paths.append(e.composedPath()))
    doc.body.dispatchEvent(Event("load", bubbles=True))
    assert paths == [[doc.body, doc.documentElement, doc]]


@case("dispatch")
def _legacy_target_override():
    # https://dom.spec.whatwg.org/#concept-event-dispatch step 3: HTML fires a Window's load with
    # the document as its target

    doc = page()
    window = doc.defaultView
    seen = []
    window.addEventListener("load", lambda e: seen.append((e.target, e.currentTarget, e.eventPhase, e.isTrusted)))
    doc.addEventListener("load", lambda e: seen.append("document"))
    assert fire_event("load", window, legacy_target_override=True)
    assert seen == [(doc, window, 2, True)]


@case("dispatch")
def _invocation_target_in_shadow_tree_is_fixed_with_the_path():
    # https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke steps 8-9 (HTML's
    # window.event) read the flag the path was built with, not where the node is now
    from dom.event_path import invocation_target_in_shadow_tree

    doc = page()
    host = doc.createElement("div")
    child = host.attachShadow({"mode": "open"}).appendChild(doc.createElement("b"))
    seen = []

    def first(e):
        host.appendChild(child)  # out of the shadow tree, mid-dispatch
        seen.append(invocation_target_in_shadow_tree(e))

    child.addEventListener("x", first)
    child.addEventListener("x", lambda e: seen.append(invocation_target_in_shadow_tree(e)))
    host.addEventListener("x", lambda e: seen.append(invocation_target_in_shadow_tree(e)))
    ev = Event("x", bubbles=True, composed=True)
    child.dispatchEvent(ev)
    assert seen == [True, True, False]
    assert not invocation_target_in_shadow_tree(ev)


@case("dispatch")
def _detached_subtree_and_fragment():
    doc = page()
    frag = doc.createDocumentFragment()
    div = frag.appendChild(doc.createElement("div"))
    text = div.appendChild(doc.createTextNode("t"))
    log = []
    frag.addEventListener("x", lambda e: log.append("fragment"))
    text.addEventListener("x", lambda e: log.append("text"))
    text.dispatchEvent(Event("x", bubbles=True))
    assert log == ["text", "fragment"]
    lone = doc.createElement("b")
    lone.addEventListener("x", lambda e: log.append(e.composedPath()))
    lone.dispatchEvent(Event("x", bubbles=True))
    assert log[-1] == [lone]


@case("dispatch")
def _attr_and_comment_targets():
    doc = page()
    attr = doc.createAttribute("a")
    comment = doc.body.appendChild(doc.createComment("c"))
    log = []
    attr.addEventListener("x", lambda e: log.append("attr"))
    doc.body.addEventListener("x", lambda e: log.append("body"))
    comment.addEventListener("x", lambda e: log.append("comment"))
    attr.dispatchEvent(Event("x", bubbles=True))
    comment.dispatchEvent(Event("x", bubbles=True))
    assert log == ["attr", "comment", "body"]


@case("dispatch")
def _dispatch_return_value():
    t = EventTarget()
    t.addEventListener("x", lambda e: e.preventDefault())
    assert t.dispatchEvent(Event("x", cancelable=True)) is False
    assert t.dispatchEvent(Event("x")) is True  # not cancelable: preventDefault ignored


@case("dispatch")
def _defaultPrevented_after_dispatch():
    t = EventTarget()
    ev = Event("x", cancelable=True)
    t.addEventListener("x", lambda e: e.preventDefault())
    t.dispatchEvent(ev)
    assert ev.defaultPrevented is True and ev.returnValue is False
    ev2 = Event("x", cancelable=True)
    ev2.preventDefault()  # before dispatch: the flag is set and stays
    assert ev2.defaultPrevented and EventTarget().dispatchEvent(ev2) is False


@case("dispatch")
def _return_value_setter():
    ev = Event("x", cancelable=True)
    ev.returnValue = True
    assert ev.defaultPrevented is False
    ev.returnValue = False
    assert ev.defaultPrevented is True and ev.returnValue is False
    ev.returnValue = True  # cannot undo
    assert ev.defaultPrevented is True
    ev = Event("x")
    ev.returnValue = False
    assert ev.defaultPrevented is False


@case("dispatch")
def _redispatch_after_dispatch():
    t = EventTarget()
    count = []
    t.addEventListener("x", lambda e: count.append(1))
    ev = Event("x")
    t.dispatchEvent(ev)
    t.dispatchEvent(ev)
    assert len(count) == 2


@case("dispatch")
def _dispatch_while_dispatching_is_invalid():
    t = EventTarget()
    errors = []

    def listener(e):
        try:
            t.dispatchEvent(e)
        except InvalidStateError as exc:
            errors.append(exc.name)

    t.addEventListener("x", listener)
    t.dispatchEvent(Event("x"))
    assert errors == ["InvalidStateError"]


@case("dispatch")
def _dispatch_type_errors():
    t = EventTarget()
    for bad in (None, "x", {}, 1):
        with pytest.raises(TypeError):
            t.dispatchEvent(bad)


@case("dispatch")
def _listeners_snapshot():
    # listeners added during dispatch do not run; removed ones do not run either
    t = EventTarget()
    log = []

    def second(e):
        log.append("second")

    def first(e):
        log.append("first")
        t.addEventListener("x", lambda e: log.append("added"))
        t.removeEventListener("x", second)

    t.addEventListener("x", first)
    t.addEventListener("x", second)
    t.dispatchEvent(Event("x"))
    assert log == ["first"]
    t.dispatchEvent(Event("x"))
    assert log == ["first", "first", "added"]


@case("dispatch")
def _tree_mutation_during_dispatch_keeps_path():
    doc = page()
    inner, middle, outer = (doc.getElementById(i) for i in ("inner", "middle", "outer"))
    log = []
    inner.addEventListener("x", lambda e: middle.removeChild(inner))
    outer.addEventListener("x", lambda e: log.append(e.composedPath()[0] is inner))
    inner.dispatchEvent(Event("x", bubbles=True))
    assert log == [True] and inner.parentNode is None


@case("dispatch")
def _listeners_added_to_later_path_items_run():
    # Event-dispatch-handlers-changed: each invocation clones the list it then has
    doc = page()
    inner, outer = doc.getElementById("inner"), doc.getElementById("outer")
    log = []

    def at_target(e):
        log.append("target")
        outer.addEventListener("x", lambda e: log.append(("outer", e.eventPhase)))
        outer.addEventListener("x", lambda e: log.append("outer capture (too late)"), True)

    inner.addEventListener("x", at_target)
    inner.dispatchEvent(Event("x", bubbles=True))
    assert log == ["target", ("outer", 3)]


@case("dispatch")
def _reentrant_dispatch_keeps_outer_state():
    # Event-dispatch-reenter: a nested dispatch of another event does not disturb the first
    doc = page()
    inner, middle = doc.getElementById("inner"), doc.getElementById("middle")
    log = []

    def outer_listener(e):
        log.append((e.type, e.eventPhase, e.currentTarget.nodeName))
        if e.type == "a":
            inner.dispatchEvent(Event("b", bubbles=True))
        log.append((e.type, e.eventPhase, e.currentTarget.nodeName, e.target.nodeName))

    for node in (inner, middle):
        node.addEventListener("a", outer_listener)
        node.addEventListener("b", outer_listener)
    middle.dispatchEvent(Event("a", bubbles=True))
    assert log == [
        ("a", 2, "P"), ("b", 2, "SPAN"), ("b", 2, "SPAN", "SPAN"), ("b", 3, "P"), ("b", 3, "P", "SPAN"),
        ("a", 2, "P", "P"),
    ]


@case("dispatch")
def _multiple_cancel_and_prevent():
    doc = page()
    inner = doc.getElementById("inner")
    log = []

    def first(e):
        e.preventDefault()
        e.cancelBubble = True
        log.append("first")

    inner.addEventListener("x", first)
    inner.addEventListener("x", lambda e: log.append(("second", e.defaultPrevented)))
    doc.body.addEventListener("x", lambda e: log.append("body"))
    assert inner.dispatchEvent(Event("x", bubbles=True, cancelable=True)) is False
    assert log == ["first", ("second", True)]


@case("dispatch")
def _default_passive_for_touch_on_document():
    doc = page()
    results = {}
    for name, target in (("window", doc.defaultView), ("document", doc), ("html", doc.documentElement),
                         ("body", doc.body), ("div", doc.getElementById("outer"))):
        def listener(e, name=name):
            e.preventDefault()
            results[name] = e.defaultPrevented
        target.addEventListener("touchstart", listener)
        target.dispatchEvent(Event("touchstart", cancelable=True))
        target.removeEventListener("touchstart", listener)
    assert results == {"window": False, "document": False, "html": False, "body": False, "div": True}


@case("dispatch")
def _listeners_survive_wrapper_release():
    doc = page()
    log = []
    doc.getElementById("inner").addEventListener("x", lambda e: log.append(e.type))
    gc.collect()
    doc.getElementById("inner").dispatchEvent(Event("x"))
    assert log == ["x"]


@case("dispatch")
def _legacy_webkit_types_only_for_trusted():

    t = EventTarget()
    log = []
    t.addEventListener("webkitAnimationEnd", lambda e: log.append(e.type))
    t.dispatchEvent(Event("animationend"))
    assert log == []
    fire_event("animationend", t)
    assert log == ["webkitAnimationEnd"]


# ---------------------------------------------------------------------------------------------
# Dispatch: activation behaviour (legacy-pre-activation, canceled and activation steps)
# ---------------------------------------------------------------------------------------------


class _MouseLikeEvent(Event):
    """Stands for a MouseEvent (none exists yet): its clicks are activation events."""

    _is_mouse_event = True


class _Box(EventTarget):
    """An EventTarget with a parent and, optionally, activation behaviour."""

    def __init__(self, name, parent=None, log=None, legacy=False):
        self.name, self.parent, self.log, self.legacy = name, parent, log, legacy

    def _get_the_parent(self, event):
        return self.parent

    def _activation_behavior(self):
        if self.log is None:
            return None
        log, name = self.log, self.name
        activate = lambda e: log.append((name, "activate", e.eventPhase, e.defaultPrevented))  # noqa: E731
        if not self.legacy:
            return activate, None, None
        return activate, (lambda: log.append((name, "pre"))), (lambda: log.append((name, "canceled")))


@case("dispatch")
def _activation_behavior():
    for event_class, event_type, bubbles, cancel, expected in (
        (_MouseLikeEvent, "click", True, False, [("outer", "pre"), "listener", ("outer", "activate", 0, False)]),
        (_MouseLikeEvent, "click", True, True, [("outer", "pre"), "listener", ("outer", "canceled")]),
        (_MouseLikeEvent, "click", False, False, ["listener"]),  # only the target may activate
        (_MouseLikeEvent, "dblclick", True, False, ["listener"]),
        (Event, "click", True, False, ["listener"]),
    ):
        log: list = []
        root = _Box("root", log=log)
        outer = _Box("outer", root, log=log, legacy=True)
        inner = _Box("inner", outer)

        def listener(e, cancel=cancel, log=log):
            log.append("listener")
            if cancel:
                e.preventDefault()

        inner.addEventListener(event_type, listener)
        inner.dispatchEvent(event_class(event_type, bubbles=bubbles, cancelable=True))
        assert log == expected, (event_class, event_type, bubbles, cancel)
    log = []
    target = _Box("target", _Box("parent", log=log), log=log)
    target.dispatchEvent(_MouseLikeEvent("click", bubbles=True))
    assert log == [("target", "activate", 0, False)]  # the target itself comes first


# ---------------------------------------------------------------------------------------------
# IDL coverage
# ---------------------------------------------------------------------------------------------


@case("IDL coverage")
def _event_interfaces_complete():
    for name, cls in (("EventTarget", EventTarget), ("Event", Event), ("CustomEvent", CustomEvent),
                      ("AbortController", AbortController), ("AbortSignal", AbortSignal)):
        assert missing_members(name, cls, inherited=True) == [], name


@case("IDL coverage")
def _nodes_are_event_targets():
    from dom.html.elements import HTMLBodyElement, HTMLElement, HTMLFrameSetElement

    assert issubclass(dom.Node, EventTarget)
    listener_members = {"addEventListener", "removeEventListener", "dispatchEvent"}
    for name, cls in (("Node", dom.Node), ("Element", dom.Element), ("Text", dom.Text), ("Document", dom.Document),
                      ("HTMLElement", HTMLElement)):
        missing = missing_members(name, cls, inherited=True)
        assert not listener_members & set(missing), name
        assert not [m for m in missing if m.startswith("on")], (name, missing)
    assert "createEvent" not in missing_members("Document", dom.Document)
    assert missing_members("WindowEventHandlers", HTMLBodyElement) == []
    assert missing_members("WindowEventHandlers", HTMLFrameSetElement) == []


# ---------------------------------------------------------------------------------------------
# The table runner
# ---------------------------------------------------------------------------------------------

test_events = TABLE.runner()
_report = TABLE.report()
