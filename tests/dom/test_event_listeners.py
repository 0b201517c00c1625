"""DOM events: addEventListener/removeEventListener and their options (dom/events.py).

The cases port the behaviours checked by WPT dom/events (EventTarget-add/removeEventListener,
EventTarget-constructible, EventListener-handleEvent, AddEventListenerOptions-once/passive/
signal).  Each group is a table of small cases; the module prints passed/total per group.

The cases are written afresh in Python; the shared harness (the case table, its counts, ``page()``)
is tests/dom/event_case_table.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dom import AbortController, Event, EventTarget
from dom.events import ReportedExceptionWarning
from tests.dom.event_case_table import EventCaseTable, page
from webidl import undefined

TABLE = EventCaseTable()
case = TABLE.case


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
# EventTarget subclasses
# ---------------------------------------------------------------------------------------------


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

test_events = TABLE.runner()
_report = TABLE.report()
