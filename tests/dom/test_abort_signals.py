"""AbortController and AbortSignal (dom/aborting.py), as WPT dom/abort checks them.

A table of small cases (the module prints its passed/total) and a property of AbortSignal.any().

The cases are written afresh in Python; the shared harness (the case table, its counts, ``page()``)
is tests/dom/event_case_table.py.
"""

from __future__ import annotations

import gc
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dom import AbortController, AbortSignal, Event, EventTarget
from dom.aborting import ThrownValue
from tests.dom.event_case_table import EventCaseTable
from webidl import AbortError, NotSupportedError, undefined

TABLE = EventCaseTable()
case = TABLE.case


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
# Property: AbortSignal.any() follows the controllers its sources depend on
# ---------------------------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------------------------
# The table runner
# ---------------------------------------------------------------------------------------------

test_events = TABLE.runner()
_report = TABLE.report()
