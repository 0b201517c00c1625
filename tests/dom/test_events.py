"""DOM events, AbortController/AbortSignal and HTML event handlers (dom/events.py).

The cases port the behaviours checked by WPT dom/events (Event-constructors, Event-dispatch-*,
EventTarget-add/removeEventListener, AddEventListenerOptions-once/passive/signal,
Event-stopImmediatePropagation, Event-dispatch-throwing, Event-initEvent, CustomEvent,
abort/AbortSignal basics) and html/webappapis/scripting/events (event handler ordering, content
attributes, documents without a browsing context), written afresh in Python.  Each group is a
table of small cases; the module prints passed/total per group.
"""

from __future__ import annotations

import gc
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dom
from dom import AbortController, AbortSignal, CustomEvent, Event, EventTarget
from dom.aborting import ThrownValue
from dom.events import ReportedExceptionWarning, fire_event
from webidl import AbortError, InvalidStateError, NotSupportedError, undefined
from webidl.idl import missing_members

RESULTS: Counter[str] = Counter()
CASES: dict[str, list[Callable[[], None]]] = {}


def case(group: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        CASES.setdefault(group, []).append(fn)
        return fn

    return register


def page() -> Any:
    return dom.parse_html("<div id=outer><p id=middle><span id=inner>text</span></p></div>")


def recorder(log: list, label: Any) -> Callable[[Event], None]:
    return lambda e: log.append((label, e.eventPhase))


@contextmanager
def no_reports() -> Iterator[None]:
    """A context in which a reported exception fails the test."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", ReportedExceptionWarning)
        yield


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
    from dom.events import fire_event

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
    from dom.events import fire_event

    t = EventTarget()
    log = []
    t.addEventListener("webkitAnimationEnd", lambda e: log.append(e.type))
    t.dispatchEvent(Event("animationend"))
    assert log == []
    fire_event("animationend", t)
    assert log == ["webkitAnimationEnd"]


# ---------------------------------------------------------------------------------------------
# addEventListener / removeEventListener (EventTarget-*, EventListener-handleEvent)
# ---------------------------------------------------------------------------------------------


@case("add/remove listeners")
def _duplicates_ignored():
    t = EventTarget()
    count = []

    def f(e):
        count.append(e.eventPhase)

    t.addEventListener("x", f)
    t.addEventListener("x", f, False)
    t.addEventListener("x", f, {"capture": False, "once": True})
    t.addEventListener("x", f, True)  # distinct: capture differs
    t.dispatchEvent(Event("x"))
    assert count == [2, 2]


@case("add/remove listeners")
def _remove_matches_capture():
    t = EventTarget()
    count = []

    def f(e):
        count.append(1)

    t.addEventListener("x", f, True)
    t.removeEventListener("x", f)  # capture false: no match
    t.dispatchEvent(Event("x"))
    t.removeEventListener("x", f, {"capture": True})
    t.dispatchEvent(Event("x"))
    assert count == [1]
    t.removeEventListener("x", None)
    t.removeEventListener("never", f)


@case("add/remove listeners")
def _null_callback_is_noop():
    t = EventTarget()
    t.addEventListener("x", None)
    assert t.dispatchEvent(Event("x")) is True


@case("add/remove listeners")
def _primitive_callback_is_type_error():
    t = EventTarget()
    for bad in ("f", 1, 1.5, True):
        with pytest.raises(TypeError):
            t.addEventListener("x", bad)
        with pytest.raises(TypeError):
            t.removeEventListener("x", bad)


@case("add/remove listeners")
def _missing_arguments():
    t = EventTarget()
    with pytest.raises(TypeError):
        t.addEventListener("x")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        t.removeEventListener()  # type: ignore[call-arg]


@case("add/remove listeners")
def _handle_event_objects():
    t = EventTarget()
    log = []

    class Listener:
        def handleEvent(self, e):
            log.append(("first", e.currentTarget is t))

    listener = Listener()
    t.addEventListener("x", listener)
    t.dispatchEvent(Event("x"))
    listener.handleEvent = lambda e: log.append(("replaced", e.type))  # looked up at each call
    t.dispatchEvent(Event("x"))
    assert log == [("first", True), ("replaced", "x")]
    t.removeEventListener("x", listener)
    t.dispatchEvent(Event("x"))
    assert len(log) == 2


@case("add/remove listeners")
def _handle_event_not_callable_is_reported():
    t = EventTarget()
    after = []
    t.addEventListener("x", object())
    t.addEventListener("x", lambda e: after.append(1))
    with pytest.warns(ReportedExceptionWarning) as record:
        t.dispatchEvent(Event("x"))
    assert isinstance(record[0].message.exception, TypeError) and after == [1]


@case("add/remove listeners")
def _callable_wins_over_handle_event():
    t = EventTarget()
    log = []

    class Both:
        def __call__(self, e):
            log.append("call")

        def handleEvent(self, e):
            log.append("handleEvent")

    t.addEventListener("x", Both())
    t.dispatchEvent(Event("x"))
    assert log == ["call"]


@case("add/remove listeners")
def _bound_methods_match():
    t = EventTarget()

    class Widget:
        def __init__(self):
            self.count = 0

        def on_x(self, e):
            self.count += 1

    w = Widget()
    t.addEventListener("x", w.on_x)
    t.addEventListener("x", w.on_x)
    t.dispatchEvent(Event("x"))
    t.removeEventListener("x", w.on_x)
    t.dispatchEvent(Event("x"))
    assert w.count == 1


@case("add/remove listeners")
def _options_read_in_dictionary_order():
    read = []

    class Options:
        def __getattr__(self, name):
            read.append(name)
            return undefined

    t = EventTarget()
    t.addEventListener("x", None, Options())
    assert read == ["capture", "once", "passive", "signal"]
    read.clear()
    t.removeEventListener("x", None, Options())
    assert read == ["capture"]


@case("add/remove listeners")
def _boolean_options_conversion():
    t = EventTarget()
    log = []
    for value, capture in ((1, True), (0, False), ("", False), ("x", True), (None, False)):
        def f(e):
            log.append(e.eventPhase)
        doc = page()
        doc.addEventListener("y", f, value)
        doc.body.dispatchEvent(Event("y", bubbles=True))
        assert log[-1] == (1 if capture else 3), value
    assert t.dispatchEvent(Event("x"))


@case("add/remove listeners")
def _listener_this_is_current_target():
    # EventTarget-this-of-listener: Python callbacks get the event; currentTarget is "this".
    doc = page()
    seen = []
    doc.body.addEventListener("x", lambda e: seen.append(e.currentTarget))
    doc.getElementById("inner").dispatchEvent(Event("x", bubbles=True))
    assert seen == [doc.body]


@case("add/remove listeners")
def _constructible_event_target():
    target = EventTarget()
    ev = Event("foo", bubbles=True, cancelable=False)
    seen = []

    def listener(e):
        seen.append((e is ev, e.target is target, e.currentTarget is target, e.eventPhase, e.composedPath()))

    target.addEventListener("foo", listener, {"once": True})
    assert target.dispatchEvent(ev) is True
    assert seen == [(True, True, True, 2, [target])]

    class Subclass(EventTarget):
        pass

    sub = Subclass()
    sub.addEventListener("a", listener)
    assert isinstance(sub, EventTarget)


# ---------------------------------------------------------------------------------------------
# Options: once, passive, signal (AddEventListenerOptions-*)
# ---------------------------------------------------------------------------------------------


@case("once/passive/signal")
def _once_table():
    for options, expected in (({"once": True}, 1), ({"once": False}, 2), ({}, 2), (True, 2)):
        t = EventTarget()
        count = []
        t.addEventListener("x", lambda e: count.append(1), options)  # noqa: B023
        t.dispatchEvent(Event("x"))
        t.dispatchEvent(Event("x"))
        assert len(count) == expected, options


@case("once/passive/signal")
def _once_removed_before_invocation():
    t = EventTarget()
    count = []

    def listener(e):
        count.append(1)
        if len(count) < 5:
            t.dispatchEvent(Event("x"))  # nested dispatch does not re-enter it

    t.addEventListener("x", listener, {"once": True})
    t.dispatchEvent(Event("x"))
    assert count == [1]


@case("once/passive/signal")
def _once_readd_inside():
    t = EventTarget()
    count = []

    def listener(e):
        count.append(1)
        t.addEventListener("x", listener, {"once": True})

    t.addEventListener("x", listener, {"once": True})
    t.dispatchEvent(Event("x"))
    t.dispatchEvent(Event("x"))
    assert len(count) == 2


@case("once/passive/signal")
def _passive_table():
    for options, prevented in ((undefined, True), ({}, True), ({"passive": False}, True), ({"passive": True}, False),
                               ({"passive": 0}, True), ({"passive": 1}, False)):
        for via_return_value in (False, True):
            t = EventTarget()
            seen = []

            def handler(e, via=via_return_value):
                assert not e.defaultPrevented
                if via:
                    e.returnValue = False
                else:
                    e.preventDefault()
                seen.append(e.defaultPrevented)  # noqa: B023

            t.addEventListener("test", lambda e: None, {"passive": True})
            t.addEventListener("test", handler, options)
            uncanceled = t.dispatchEvent(Event("test", bubbles=True, cancelable=True))
            assert seen == [prevented] and uncanceled is (not prevented), options


@case("once/passive/signal")
def _passive_option_equivalence():
    for a, b, same in (({"capture": True}, {"capture": False, "passive": False}, False),
                       ({"capture": True}, {"passive": True}, False),
                       ({}, {"passive": False}, True), ({"passive": True}, {"passive": False}, True),
                       (undefined, {"passive": True}, True),
                       ({"capture": True, "passive": False}, {"capture": True, "passive": True}, True)):
        t = EventTarget()
        count = []

        def handler(e):
            count.append(1)  # noqa: B023

        t.addEventListener("test", handler, a)
        t.addEventListener("test", handler, b)
        t.dispatchEvent(Event("test", bubbles=True))
        assert len(count) == (1 if same else 2), (a, b)


@case("once/passive/signal")
def _signal_removes_listener():
    count = []

    def handler(e):
        count.append(1)

    t = EventTarget()
    controller = AbortController()
    t.addEventListener("test", handler, {"signal": controller.signal})
    t.dispatchEvent(Event("test"))
    t.dispatchEvent(Event("test"))
    controller.abort()
    t.dispatchEvent(Event("test"))
    assert len(count) == 2
    t.addEventListener("test", handler, {"signal": controller.signal})  # aborted: never added
    t.dispatchEvent(Event("test"))
    assert len(count) == 2


@case("once/passive/signal")
def _signal_table():
    # (options builder, action between add and dispatch) -> the listener must not run
    def run(options: Callable[[Any], dict], action: Callable[[EventTarget, Any, Callable], None]) -> int:
        count = []

        def handler(e):
            count.append(1)

        t = EventTarget()
        controller = AbortController()
        t.addEventListener("test", handler, options(controller.signal))
        action(t, controller, handler)
        t.dispatchEvent(Event("test"))
        return len(count)

    assert run(lambda s: {"signal": s}, lambda t, c, h: t.removeEventListener("test", h)) == 0
    assert run(lambda s: {"signal": s, "once": True}, lambda t, c, h: c.abort()) == 0
    assert run(lambda s: {"signal": s, "once": True}, lambda t, c, h: t.removeEventListener("test", h)) == 0
    assert run(lambda s: {"signal": s, "capture": True}, lambda t, c, h: c.abort()) == 0
    assert run(lambda s: {"signal": s}, lambda t, c, h: None) == 1


@case("once/passive/signal")
def _signal_multiple_listeners_and_abort_inside():
    t = EventTarget()
    controller = AbortController()
    count = []

    def handler(e):
        count.append(1)

    t.addEventListener("first", handler, {"signal": controller.signal, "once": True})
    t.addEventListener("second", handler, {"signal": controller.signal, "once": True})
    controller.abort()
    t.dispatchEvent(Event("first"))
    t.dispatchEvent(Event("second"))
    t2 = EventTarget()
    c2 = AbortController()
    t2.addEventListener("test", lambda e: c2.abort(), {"signal": c2.signal})
    t2.addEventListener("test", handler, {"signal": c2.signal})
    t2.dispatchEvent(Event("test"))
    t3 = EventTarget()
    c3 = AbortController()

    def adder(e):
        t3.addEventListener("test", handler, {"signal": c3.signal})
        c3.abort()

    t3.addEventListener("test", adder, {"signal": c3.signal})
    t3.dispatchEvent(Event("test"))
    assert count == []


@case("once/passive/signal")
def _nested_abort_terminates():
    t = EventTarget()
    controller = AbortController()
    count = []

    def outer(e):
        def inner(e2):
            count.append(1)
            if len(count) > 5:
                controller.abort()
            t.dispatchEvent(Event("foo"))

        t.addEventListener("foo", inner, {"signal": controller.signal})
        t.dispatchEvent(Event("foo"))

    t.addEventListener("foo", outer, {"once": True})
    t.dispatchEvent(Event("foo"))
    assert 5 < len(count) < 50


@case("once/passive/signal")
def _null_signal_is_type_error():
    t = EventTarget()
    for listener in (lambda e: None, None):
        with pytest.raises(TypeError):
            t.addEventListener("foo", listener, {"signal": None})
    with pytest.raises(TypeError):
        t.addEventListener("foo", None, {"signal": "nope"})


# ---------------------------------------------------------------------------------------------
# Propagation, throwing, initEvent (Event-stopImmediatePropagation, -dispatch-throwing, ...)
# ---------------------------------------------------------------------------------------------


@case("propagation/throwing/init")
def _stop_immediate_propagation():
    doc = page()
    inner, middle = doc.getElementById("inner"), doc.getElementById("middle")
    log = []

    def stopper(e):
        log.append("a")
        e.stopImmediatePropagation()

    inner.addEventListener("x", stopper)
    inner.addEventListener("x", lambda e: log.append("b"))
    middle.addEventListener("x", lambda e: log.append("parent"))
    ev = Event("x", bubbles=True)
    inner.dispatchEvent(ev)
    assert log == ["a"] and ev.cancelBubble is False  # flags unset after dispatch
    inner.dispatchEvent(ev)  # and it can be dispatched again
    assert log == ["a", "a"]


@case("propagation/throwing/init")
def _stop_propagation_finishes_current_target():
    doc = page()
    inner, middle = doc.getElementById("inner"), doc.getElementById("middle")
    log = []
    inner.addEventListener("x", lambda e: (log.append("a"), e.stopPropagation()))
    inner.addEventListener("x", lambda e: log.append("b"))
    middle.addEventListener("x", lambda e: log.append("parent"))
    inner.dispatchEvent(Event("x", bubbles=True))
    assert log == ["a", "b"]


@case("propagation/throwing/init")
def _stop_propagation_in_capture():
    doc = page()
    inner = doc.getElementById("inner")
    log = []
    doc.addEventListener("x", lambda e: (log.append("doc"), e.stopPropagation()), True)
    inner.addEventListener("x", lambda e: log.append("inner"))
    inner.dispatchEvent(Event("x", bubbles=True))
    assert log == ["doc"]


@case("propagation/throwing/init")
def _cancel_bubble():
    ev = Event("x")
    assert ev.cancelBubble is False
    ev.cancelBubble = False
    assert ev.cancelBubble is False
    ev.cancelBubble = 1
    assert ev.cancelBubble is True
    ev.cancelBubble = False  # cannot be unset
    assert ev.cancelBubble is True
    t = EventTarget()
    log = []
    t.addEventListener("x", lambda e: log.append(1))
    t.dispatchEvent(ev)  # propagation stopped before dispatch: nothing runs
    assert log == [] and ev.cancelBubble is False and ev.target is t


@case("propagation/throwing/init")
def _propagation_stopped_before_dispatch():
    doc = page()
    ev = Event("x", bubbles=True)
    ev.stopPropagation()
    log = []
    doc.addEventListener("x", lambda e: log.append(1), True)
    doc.body.dispatchEvent(ev)
    assert log == [] and ev.target is doc.body


@case("propagation/throwing/init")
def _throwing_listener_is_reported():
    t = EventTarget()
    log = []

    def bad(e):
        raise ValueError("boom")

    t.addEventListener("x", bad)
    t.addEventListener("x", lambda e: log.append("after"))
    with pytest.warns(ReportedExceptionWarning, match="boom") as record:
        assert t.dispatchEvent(Event("x")) is True
    assert log == ["after"]
    exc = record[0].message.exception
    assert isinstance(exc, ValueError) and exc.__traceback__ is not None
    assert record[0].filename == __file__  # attributed to the dispatchEvent call


@case("propagation/throwing/init")
def _report_as_error_leaves_event_reset():
    t = EventTarget()
    t.addEventListener("x", lambda e: 1 / 0)
    ev = Event("x")
    with warnings.catch_warnings():
        warnings.simplefilter("error", ReportedExceptionWarning)
        with pytest.raises(ReportedExceptionWarning):
            t.dispatchEvent(ev)
    assert ev.eventPhase == 0 and ev.currentTarget is None
    with pytest.warns(ReportedExceptionWarning):
        t.dispatchEvent(ev)  # not stuck in the dispatching state


@case("propagation/throwing/init")
def _keyboard_interrupt_propagates():
    t = EventTarget()

    def stop(e):
        raise KeyboardInterrupt

    t.addEventListener("x", stop)
    ev = Event("x")
    with pytest.raises(KeyboardInterrupt):
        t.dispatchEvent(ev)
    t.removeEventListener("x", stop)
    assert t.dispatchEvent(ev) is True


@case("propagation/throwing/init")
def _init_event():
    for bubbles in (True, False):
        for cancelable in (True, False):
            ev = Event("e", bubbles=not bubbles, cancelable=not cancelable)
            ev.initEvent("type", bubbles, cancelable)
            assert (ev.type, ev.bubbles, ev.cancelable, ev.isTrusted) == ("type", bubbles, cancelable, False)
    ev = Event("x", cancelable=True)
    ev.preventDefault()
    ev.stopImmediatePropagation()
    ev.initEvent("x", False, True)
    assert ev.defaultPrevented is False and ev.cancelBubble is False
    ev.initEvent("y")
    assert (ev.type, ev.bubbles, ev.cancelable) == ("y", False, False)
    with pytest.raises(TypeError):
        ev.initEvent()  # type: ignore[call-arg]


@case("propagation/throwing/init")
def _init_event_while_dispatching_is_ignored():
    t = EventTarget()
    seen = []

    def listener(e):
        e.initEvent("other", True, True)
        seen.append((e.type, e.bubbles, e.cancelable, e.eventPhase))

    t.addEventListener("x", listener)
    ev = Event("x")
    t.dispatchEvent(ev)
    assert seen == [("x", False, False, 2)] and ev.type == "x"
    ce = CustomEvent("x", detail=1)
    t.addEventListener("x", lambda e: e.initCustomEvent("z", True, True, 2))
    t.dispatchEvent(ce)
    assert (ce.type, ce.detail) == ("x", 1)


@case("propagation/throwing/init")
def _init_event_resets_target():
    t = EventTarget()
    ev = Event("x")
    t.dispatchEvent(ev)
    assert ev.target is t
    ev.initEvent("x")
    assert ev.target is None


@case("propagation/throwing/init")
def _create_event_uninitialized():
    doc = page()
    for name in ("Event", "events", "HTMLEvents", "SVGEvents", "CustomEvent"):
        ev = doc.createEvent(name)
        assert ev.type == "" and ev.isTrusted is False and ev.timeStamp >= 0
        with pytest.raises(InvalidStateError):
            doc.dispatchEvent(ev)
        ev.initEvent("x", True, True)
        assert doc.dispatchEvent(ev) is True
    assert isinstance(doc.createEvent("customevent"), CustomEvent)
    for name in ("TouchEvent", "DeviceMotionEvent", "MouseEvents\u212a", "Nope", "EVENT\u212a", ""):
        with pytest.raises(NotSupportedError):
            doc.createEvent(name)


@case("propagation/throwing/init")
def _is_trusted_false_for_dispatch_event():
    t = EventTarget()
    seen = []
    t.addEventListener("x", lambda e: seen.append(e.isTrusted))
    t.dispatchEvent(Event("x"))
    assert seen == [False]


# ---------------------------------------------------------------------------------------------
# AbortController / AbortSignal
# ---------------------------------------------------------------------------------------------


@case("abort")
def _controller_basics():
    controller = AbortController()
    signal = controller.signal
    assert signal is controller.signal and isinstance(signal, EventTarget)
    assert signal.aborted is False and signal.reason is undefined
    signal.throwIfAborted()
    events = []
    signal.addEventListener("abort", lambda e: events.append((e.type, e.isTrusted, e.target is signal, signal.aborted)))
    controller.abort()
    controller.abort()  # once only
    assert events == [("abort", True, True, True)]
    assert isinstance(signal.reason, AbortError) and signal.reason.name == "AbortError"
    with pytest.raises(AbortError):
        signal.throwIfAborted()


@case("abort")
def _abort_reasons():
    for reason in ("str", 0, None, {"a": 1}, ValueError("v")):
        controller = AbortController()
        controller.abort(reason)
        assert controller.signal.aborted and controller.signal.reason is reason
        if isinstance(reason, BaseException):
            with pytest.raises(ValueError):
                controller.signal.throwIfAborted()
        else:
            with pytest.raises(ThrownValue) as info:
                controller.signal.throwIfAborted()
            assert info.value.value is reason
    controller = AbortController()
    controller.abort(undefined)
    assert isinstance(controller.signal.reason, AbortError)


@case("abort")
def _static_abort():
    signal = AbortSignal.abort()
    assert signal.aborted and isinstance(signal.reason, AbortError)
    assert AbortSignal.abort("r").reason == "r"
    assert AbortSignal.abort() is not AbortSignal.abort()
    with pytest.raises(TypeError):
        AbortSignal()


@case("abort")
def _onabort_handler():
    controller = AbortController()
    log = []
    controller.signal.addEventListener("abort", lambda e: log.append("listener"))
    controller.signal.onabort = lambda e: log.append("handler")
    assert callable(controller.signal.onabort)
    controller.abort()
    assert log == ["listener", "handler"]


@case("abort")
def _abort_algorithms_before_event():
    controller = AbortController()
    log = []
    t = EventTarget()
    t.addEventListener("x", lambda e: log.append("x"), {"signal": controller.signal})

    def on_abort(e):
        t.dispatchEvent(Event("x"))  # the listener is already removed
        log.append("abort")

    controller.signal.addEventListener("abort", on_abort)
    controller.abort()
    assert log == ["abort"]


@case("abort")
def _any():
    a, b = AbortController(), AbortController()
    combined = AbortSignal.any([a.signal, b.signal])
    assert not combined.aborted
    log = []
    combined.addEventListener("abort", lambda e: log.append(("combined", a.signal.aborted)))
    a.signal.addEventListener("abort", lambda e: log.append(("a", combined.aborted)))
    a.abort("why")
    assert combined.aborted and combined.reason == "why"
    # the source's event first, but the dependent is already aborted when it fires
    assert log == [("a", True), ("combined", True)]
    b.abort("other")
    assert combined.reason == "why" and len(log) == 2


@case("abort")
def _any_with_aborted_and_empty():
    aborted = AbortSignal.abort("early")
    result = AbortSignal.any([AbortController().signal, aborted])
    assert result.aborted and result.reason == "early"
    assert AbortSignal.any([]).aborted is False
    assert AbortSignal.any(()).aborted is False
    for bad in ([1], "ab", [None], 5):
        with pytest.raises(TypeError):
            AbortSignal.any(bad)


@case("abort")
def _any_of_any_uses_sources():
    controller = AbortController()
    inner = AbortSignal.any([controller.signal])
    outer = AbortSignal.any([inner])
    order = []
    inner.addEventListener("abort", lambda e: order.append("inner"))
    outer.addEventListener("abort", lambda e: order.append("outer"))
    controller.abort()
    assert inner.aborted and outer.aborted and order == ["inner", "outer"]


@case("abort")
def _any_kept_alive_while_listened():
    controller = AbortController()
    log = []
    AbortSignal.any([controller.signal]).addEventListener("abort", lambda e: log.append(1))
    unobserved = AbortSignal.any([controller.signal])
    del unobserved
    gc.collect()
    controller.abort()
    assert log == [1]


@case("abort")
def _any_does_not_leak():
    controller = AbortController()
    for _ in range(2000):
        AbortSignal.any([controller.signal])
    gc.collect()
    AbortSignal.any([controller.signal])
    assert len(controller.signal._dependents) < 100


@case("abort")
def _timeout_not_supported():
    with pytest.raises(NotSupportedError):
        AbortSignal.timeout(10)
    for bad in (-1, float("nan"), 2**64):
        with pytest.raises(TypeError):
            AbortSignal.timeout(bad)


# ---------------------------------------------------------------------------------------------
# HTML event handlers (html/webappapis/scripting/events)
# ---------------------------------------------------------------------------------------------

UNCALLED = "t.step(function() { assert_unreached('First event handler.') })"


@case("event handlers")
def _spec_example_objects():
    # event-handler-spec-example: the handler listener is registered when first set to an object
    for first in (lambda e: None, object(), [1]):
        doc = page()
        button = doc.createElement("button")
        log = []
        button.onclick = first
        assert button.onclick is first
        button.addEventListener("click", lambda e: log.append(2))  # noqa: B023
        button.setAttribute("onclick", UNCALLED)
        button.addEventListener("click", lambda e: log.append(3))  # noqa: B023
        button.onclick = lambda e: log.append(1)  # noqa: B023
        button.addEventListener("click", lambda e: log.append(4))  # noqa: B023
        with no_reports():
            button.dispatchEvent(Event("click"))
        assert log == [1, 2, 3, 4] and button.getAttribute("onclick") == UNCALLED


@case("event handlers")
def _spec_example_primitives():
    for primitive in (42, None, undefined, "", "x", True):
        doc = page()
        button = doc.createElement("button")
        log = []
        button.onclick = primitive
        assert button.onclick is None
        button.addEventListener("click", lambda e: log.append(1))  # noqa: B023
        button.setAttribute("onclick", UNCALLED)  # registered here
        button.addEventListener("click", lambda e: log.append(3))  # noqa: B023
        button.onclick = lambda e: log.append(2)  # noqa: B023
        button.addEventListener("click", lambda e: log.append(4))  # noqa: B023
        button.dispatchEvent(Event("click"))
        assert log == [1, 2, 3, 4]


@case("event handlers")
def _deactivation_reorders():
    doc = page()
    button = doc.createElement("button")
    log = []
    button.addEventListener("click", lambda e: log.append("ONE"))
    button.setAttribute("onclick", "alert('NOT CALLED')")
    button.addEventListener("click", lambda e: log.append("TWO"))
    button.onclick = None
    button.addEventListener("click", lambda e: log.append("THREE"))
    button.onclick = lambda e: log.append("FOUR")
    button.addEventListener("click", lambda e: log.append("FIVE"))
    button.dispatchEvent(Event("click"))
    assert log == ["ONE", "TWO", "THREE", "FOUR", "FIVE"]


@case("event handlers")
def _content_attribute_is_not_compiled():
    doc = page()
    div = doc.createElement("div")
    div.setAttribute("onclick", "window.ran = true")
    with pytest.warns(ReportedExceptionWarning, match="onclick") as record:
        assert div.onclick is None
    assert isinstance(record[0].message.exception, NotSupportedError)
    assert div.onclick is None  # the value is null now: reported once
    div.onclick = f = (lambda e: None)
    assert div.onclick is f
    div.setAttribute("onclick", "x()")  # the content attribute replaces the IDL value
    with pytest.warns(ReportedExceptionWarning):
        assert div.onclick is None
    div.onclick = f
    div.removeAttribute("onclick")  # removing deactivates
    assert div.onclick is None


@case("event handlers")
def _content_attribute_compiled_by_the_documents_compiler():
    # https://html.spec.whatwg.org/#getting-the-current-value-of-the-event-handler step 3, by the
    # compiler a script engine registered for the element's document (webdom.js's, its realm's)
    from dom.event_handlers import set_handler_compiler

    doc, other = page(), page()
    compiled, log = [], []

    def compiler(element: Any, name: str, body: str) -> Any:
        if body == "bad(":
            raise SyntaxError("unexpected end of script")
        compiled.append((element, name, body))
        return lambda event: log.append((name, body, event.type))

    set_handler_compiler(doc, compiler)
    try:
        div = doc.createElement("div")
        div.setAttribute("onclick", "go()")
        with no_reports():
            div.dispatchEvent(Event("click"))
            assert div.onclick is div.onclick  # compiled once: the handler's value is the callback now
        assert log == [("onclick", "go()", "click")] and compiled == [(div, "onclick", "go()")]
        div.setAttribute("onclick", "bad(")  # a body that does not parse: null, and reported
        with pytest.warns(ReportedExceptionWarning, match="unexpected end"):
            assert div.onclick is None
        elsewhere = other.createElement("div")  # another document's element: no compiler
        elsewhere.setAttribute("onclick", "go()")
        with pytest.warns(ReportedExceptionWarning, match="onclick"):
            assert elsewhere.onclick is None
    finally:
        set_handler_compiler(doc, None)
    div.setAttribute("onclick", "go()")
    with pytest.warns(ReportedExceptionWarning, match="onclick"):
        assert div.onclick is None


@case("event handlers")
def _content_attribute_dispatch_reports_and_continues():
    doc = page()
    div = doc.createElement("div")
    div.setAttribute("onclick", "x()")
    log = []
    div.addEventListener("click", lambda e: log.append(1))
    with pytest.warns(ReportedExceptionWarning):
        assert div.dispatchEvent(Event("click", cancelable=True)) is True
    assert log == [1]


@case("event handlers")
def _parsed_content_attribute_registers_first():
    doc = dom.parse_html('<button onclick="alert(1)">b</button><i onmouseover="x">i</i>')
    button = doc.querySelector("button")
    log = []
    button.addEventListener("click", lambda e: log.append("listener"))
    button.onclick = lambda e: log.append("handler")
    button.dispatchEvent(Event("click"))
    assert log == ["handler", "listener"]
    italic = doc.querySelector("i")
    with pytest.warns(ReportedExceptionWarning):
        assert italic.dispatchEvent(Event("mouseover")) is True  # the handler listener exists


@case("event handlers")
def _return_false_cancels():
    doc = page()
    div = doc.getElementById("outer")
    for name in ("onmouseover", "onclick", "onblur", "ondblclick"):
        setattr(div, name, lambda e: False)
        ev = Event(name[2:], cancelable=True)
        div.dispatchEvent(ev)
        assert ev.defaultPrevented is True, name
        setattr(div, name, lambda e: True)
        ev = Event(name[2:], cancelable=True)
        div.dispatchEvent(ev)
        assert ev.defaultPrevented is False, name
        setattr(div, name, lambda e: 0)
        ev = Event(name[2:], cancelable=True)
        div.dispatchEvent(ev)
        assert ev.defaultPrevented is False, name


@case("event handlers")
def _handler_errors_are_reported():
    doc = page()
    div = doc.getElementById("outer")
    div.onclick = lambda e: 1 / 0
    log = []
    div.addEventListener("click", lambda e: log.append(1))
    with pytest.warns(ReportedExceptionWarning) as record:
        div.dispatchEvent(Event("click"))
    assert isinstance(record[0].message.exception, ZeroDivisionError) and log == [1]
    div.onclick = object()  # kept, but not callable: reported when invoked
    with pytest.warns(ReportedExceptionWarning) as record:
        div.dispatchEvent(Event("click"))
    assert isinstance(record[0].message.exception, TypeError)


@case("event handlers")
def _handle_event_ignored_for_handlers():
    # event-handler-handleEvent-ignored: an object handler is not a callback interface
    doc = page()
    div = doc.getElementById("outer")
    called = []

    class WithHandleEvent:
        def handleEvent(self, e):
            called.append(1)

    div.onclick = WithHandleEvent()
    with pytest.warns(ReportedExceptionWarning):
        div.dispatchEvent(Event("click"))
    assert called == []


@case("event handlers")
def _handlers_in_documents_without_browsing_context():
    # event-handler-no-browsing-context: IDL handlers run, content attributes do not
    for doc in (dom.Document().implementation.createHTMLDocument(""), dom.parse_html("<div></div>")):
        element = doc.createElement("div")
        doc.body.appendChild(element)
        count = []
        element.onclick = lambda e: count.append(1)  # noqa: B023
        element.dispatchEvent(Event("click"))
        assert count == [1]


@case("event handlers")
def _event_type_of_each_handler():
    doc = page()
    div = doc.getElementById("outer")
    for name, event_type in (("onclick", "click"), ("onwebkitanimationend", "webkitAnimationEnd"),
                             ("onwebkittransitionend", "webkitTransitionEnd"), ("onscrollend", "scrollend")):
        seen = []
        setattr(div, name, lambda e: seen.append(e.type))  # noqa: B023
        div.dispatchEvent(Event(event_type))
        div.dispatchEvent(Event(event_type.upper()))
        assert seen == [event_type], name
        setattr(div, name, None)


@case("event handlers")
def _document_handlers():
    doc = page()
    log = []
    doc.onreadystatechange = lambda e: log.append(e.type)
    doc.onclick = lambda e: log.append("doc click")
    doc.onvisibilitychange = lambda e: log.append(e.type)
    doc.dispatchEvent(Event("readystatechange"))
    doc.dispatchEvent(Event("visibilitychange"))
    doc.getElementById("inner").dispatchEvent(Event("click", bubbles=True))
    assert log == ["readystatechange", "visibilitychange", "doc click"]
    assert not hasattr(doc.body, "onreadystatechange")


@case("event handlers")
def _body_window_handlers_have_no_target():
    # event-handler-attributes-windowless-body: no Window, so these read null and do nothing
    doc = dom.parse_html("").implementation.createHTMLDocument("")
    doc.body.innerHTML = ""
    doc.documentElement.replaceChild(dom.parse_html('<body onload="x()" onclick="y()">').body, doc.body)
    body = doc.body
    for name in ("onload", "onblur", "onerror", "onfocus", "onresize", "onscroll", "onhashchange",
                 "onmessage", "onbeforeunload", "onunload"):
        setattr(body, name, lambda e: None)
        assert getattr(body, name) is None, name
    log = []
    body.addEventListener("load", lambda e: log.append("listener"))
    with no_reports():
        body.dispatchEvent(Event("load"))  # no handler listener from the content attribute
    assert log == ["listener"]
    with pytest.warns(ReportedExceptionWarning):
        assert body.onclick is None  # a GlobalEventHandlers member: the body's own
    div = doc.createElement("div")
    div.onload = f = (lambda e: None)
    assert div.onload is f
    frameset = doc.createElement("frameset")
    frameset.onload = f
    assert frameset.onload is None and frameset.onclick is None


@case("event handlers")
def _body_window_handlers_act_on_the_window():
    # https://html.spec.whatwg.org/#determining-the-target-of-an-event-handler: the body's and a
    # frameset's Window handlers are their (active) node document's Window's
    doc = dom.parse_html("<body onload=x()>")
    window, body, frameset = doc.defaultView, doc.body, doc.createElement("frameset")
    log = []
    body.onload = f = (lambda e: log.append((e.type, e.target is doc, e.currentTarget is window)))
    assert window.onload is f and frameset.onload is f and body.onclick is None
    frameset.onhashchange = g = (lambda e: log.append(e.type))
    assert window.onhashchange is g
    with no_reports():  # the IDL attribute replaced the content attribute's handler before it compiled
        fire_event("load", window, legacy_target_override=True)
        window.dispatchEvent(Event("hashchange"))
        doc.dispatchEvent(Event("load"))  # a document's load does not reach the window
    assert log == [("load", True, True), "hashchange"]
    window.onload = None
    assert body.onload is None


@case("event handlers")
def _body_content_attributes_set_the_windows_handlers():
    # https://html.spec.whatwg.org/#event-handler-content-attributes with the target of
    # #determining-the-target-of-an-event-handler: a body's onload="..." (parsed, or set later) is
    # the Window's handler, compiled by the compiler of the Window's document
    from dom.event_handlers import set_handler_compiler

    doc = dom.parse_html("<body onload=started() onclick=clicked()>")
    window, body = doc.defaultView, doc.body
    compiled, log = [], []

    def compiler(target: Any, name: str, body_text: str) -> Any:
        compiled.append((target, name, body_text))
        return lambda event: log.append((name, body_text, event.type))

    set_handler_compiler(doc, compiler)
    try:
        with no_reports():
            fire_event("load", window, legacy_target_override=True)
            body.dispatchEvent(Event("click"))
        assert log == [("onload", "started()", "load"), ("onclick", "clicked()", "click")]
        assert compiled[0] == (window, "onload", "started()") and compiled[1][0] is body
        body.setAttribute("onhashchange", "changed()")
        body.setAttribute("onload", "again()")
        with no_reports():
            window.dispatchEvent(Event("hashchange"))
            fire_event("load", window, legacy_target_override=True)
        assert log[2:] == [("onhashchange", "changed()", "hashchange"), ("onload", "again()", "load")]
        body.removeAttribute("onload")
        assert window.onload is None and body.onload is None
    finally:
        set_handler_compiler(doc, None)
    # without a compiler it fails to compile, as another element's would
    doc = dom.parse_html("<body onload=started()>")
    with pytest.warns(ReportedExceptionWarning, match="onload"):
        assert doc.defaultView.onload is None


@case("event handlers")
def _window_onerror_gets_an_error_events_members():
    # https://html.spec.whatwg.org/#the-event-handler-processing-algorithm steps 3-5: an ErrorEvent
    # named error at a Window gives its five members, and a true return value cancels it
    from dom.html.event_interfaces import ErrorEvent

    doc = dom.parse_html("")
    window = doc.defaultView
    seen = []
    window.onerror = lambda *args: (seen.append(args), True)[1]
    event = ErrorEvent("error", {"message": "m", "filename": "f.js", "lineno": 3, "colno": 4, "error": 5,
                                 "cancelable": True})
    assert window.dispatchEvent(event) is False and seen == [("m", "f.js", 3, 4, 5)]
    assert ErrorEvent("error").error is undefined
    # other targets, other events: the event itself, and false cancels
    doc.body.onerror = lambda e: seen.append(e) or False
    plain = Event("error", cancelable=True)
    assert window.dispatchEvent(plain) is False and seen[-1] is plain  # body.onerror is the window's
    div = doc.createElement("div")
    div.onerror = lambda e: seen.append(e.type)
    div.dispatchEvent(ErrorEvent("error"))
    assert seen[-1] == "error"


@case("event handlers")
def _namespaced_or_foreign_attributes_ignored():
    doc = page()
    div = doc.createElement("div")
    div.setAttributeNS("urn:x", "x:onclick", "a()")
    div.setAttribute("onunknown", "b()")
    with no_reports():
        assert div.onclick is None
    svg = doc.createElementNS("http://www.w3.org/2000/svg", "svg")
    svg.setAttribute("onclick", "c()")
    log = []
    svg.addEventListener("click", lambda e: log.append(1))
    with no_reports():
        svg.dispatchEvent(Event("click"))
    assert log == [1]


@case("event handlers")
def _cloned_content_attribute():
    doc = dom.parse_html('<button onclick="a()">b</button>')
    clone = doc.querySelector("button").cloneNode(True)
    log = []
    clone.addEventListener("click", lambda e: log.append("listener"))
    clone.onclick = lambda e: log.append("handler")
    clone.dispatchEvent(Event("click"))
    assert log == ["handler", "listener"]


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
# Property: the invocation order matches a direct model of the dispatch algorithm
# ---------------------------------------------------------------------------------------------

_LISTENER = st.tuples(st.booleans(), st.sampled_from(["", "", "stop", "stopImmediate", "prevent"]))


@settings(max_examples=150, deadline=None)
@given(
    depth=st.integers(min_value=0, max_value=5),
    listeners=st.lists(st.lists(_LISTENER, max_size=3), min_size=8, max_size=8),
    bubbles=st.booleans(),
    cancelable=st.booleans(),
)
def test_dispatch_order_model(depth, listeners, bubbles, cancelable):
    doc = dom.Document()
    node = doc.appendChild(doc.createElement("root"))
    for i in range(depth):
        node = node.appendChild(doc.createElement(f"n{i}"))
    target = node
    path = [target]
    while path[-1].parentNode is not None:
        path.append(path[-1].parentNode)
    log: list = []
    for index, node in enumerate(path):
        for number, (capture, action) in enumerate(listeners[index]):
            def listener(e, key=(index, number), action=action):
                log.append((key, e.eventPhase))
                if action == "stop":
                    e.stopPropagation()
                elif action == "stopImmediate":
                    e.stopImmediatePropagation()
                elif action == "prevent":
                    e.preventDefault()
            node.addEventListener("x", listener, capture)
    result = target.dispatchEvent(Event("x", bubbles=bubbles, cancelable=cancelable))

    expected: list = []
    stop = canceled = False
    passes = [(i, True) for i in reversed(range(len(path)))] + [(i, False) for i in range(len(path))]
    for index, capturing in passes:
        if index and not capturing and not bubbles:
            continue
        if stop:
            break
        phase = 2 if index == 0 else (1 if capturing else 3)
        for number, (capture, action) in enumerate(listeners[index]):
            if capture != capturing:
                continue
            expected.append(((index, number), phase))
            if action == "prevent" and cancelable:
                canceled = True
            if action in ("stop", "stopImmediate"):
                stop = True
            if action == "stopImmediate":
                break
    assert log == expected
    assert result is (not canceled)


@settings(max_examples=100, deadline=None)
@given(
    combos=st.lists(st.lists(st.integers(min_value=0, max_value=30), max_size=4), max_size=6),
    aborts=st.lists(st.integers(min_value=0, max_value=30), max_size=6),
)
def test_any_follows_its_sources(combos, aborts):
    controllers = [AbortController() for _ in range(4)]
    signals = [c.signal for c in controllers]
    sources: list[set[int]] = [{i} for i in range(4)]  # the controllers each signal depends on
    for combo in combos:
        picked = [j % len(signals) for j in combo]
        signals.append(AbortSignal.any([signals[j] for j in picked]))
        sources.append(set().union(*(sources[j] for j in picked)) if picked else set())
    fired = Counter()
    for index, signal in enumerate(signals):
        signal.addEventListener("abort", lambda e, index=index: fired.update([index]))
    order: list[int] = []
    for k in aborts:
        which = k % 4
        controllers[which].abort(f"reason {which}")
        if which not in order:
            order.append(which)
    for index, signal in enumerate(signals):
        first = next((c for c in order if c in sources[index]), None)
        assert signal.aborted is (first is not None)
        assert signal.reason == (f"reason {first}" if first is not None else undefined)
        assert fired[index] == (1 if first is not None else 0)


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


def test_eventtarget_subclasses_keep_their_listeners() -> None:
    """EventTarget itself, a subclass with a __dict__, and one with __slots__ naming the field all
    keep listeners; a subclass whose __slots__ leave the listeners no place fails when made."""
    class Plain(EventTarget):
        pass

    class Slotted(EventTarget):
        __slots__ = ("_event_target_state", "extra")

    for target in (EventTarget(), Plain(), Slotted()):
        seen: list[str] = []
        target.addEventListener("ping", lambda e, seen=seen: seen.append(e.type))
        target.dispatchEvent(Event("ping"))
        assert seen == ["ping"] and isinstance(target, EventTarget)
    with pytest.raises(TypeError, match="_event_target_state"):
        class NoPlace(EventTarget):
            __slots__ = ("extra",)


# ---------------------------------------------------------------------------------------------
# The table runner
# ---------------------------------------------------------------------------------------------

ALL = [(group, fn) for group, fns in CASES.items() for fn in fns]


@pytest.fixture(autouse=True, scope="module")
def _report():
    yield
    for group in CASES:
        print(f"\nDOM events, {group}: {RESULTS[group + ' passed']}/{RESULTS[group + ' total']}")


@pytest.mark.parametrize("group, fn", ALL, ids=[f"{g}:{f.__name__.strip('_')}" for g, f in ALL])
def test_events(group: str, fn: Callable[[], None]) -> None:
    RESULTS[group + " total"] += 1
    fn()
    RESULTS[group + " passed"] += 1
