"""DOM events: stopping propagation, throwing listeners, initEvent (dom/events.py).

The cases port the behaviours checked by WPT dom/events (Event-stopPropagation,
Event-stopImmediatePropagation, Event-cancelBubble, Event-dispatch-throwing, Event-initEvent,
Event-isTrusted), and a property compares the invocation order with a model of dispatch.  The
module prints passed/total of its table of cases.

The cases are written afresh in Python; the shared harness (the case table, its counts, ``page()``)
is tests/dom/event_case_table.py.
"""

from __future__ import annotations

import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dom
from dom import CustomEvent, Event, EventTarget
from dom.events import ReportedExceptionWarning
from tests.dom.event_case_table import EventCaseTable, page
from webidl import InvalidStateError, NotSupportedError

TABLE = EventCaseTable()
case = TABLE.case


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


# ---------------------------------------------------------------------------------------------
# The table runner
# ---------------------------------------------------------------------------------------------

test_events = TABLE.runner()
_report = TABLE.report()
