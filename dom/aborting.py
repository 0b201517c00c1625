"""Aborting ongoing activities (https://dom.spec.whatwg.org/#aborting-ongoing-activities):
:class:`AbortController` and :class:`AbortSignal`.

* **AbortSignal.timeout()** raises ``NotSupportedError``: it needs an event loop to queue the
  abort task on, and firing events from a timer thread would run listeners concurrently with the
  caller's DOM code.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from webidl import AbortError, NotSupportedError, convert, undefined
from webidl.operations import operations

from . import registry
from .event_handlers import EventHandlerAttribute
from .events import EventTarget, fire_event

__all__ = ["AbortController", "AbortSignal", "ThrownValue"]


class ThrownValue(Exception):  # noqa: N818 -- it is not an error, it carries a thrown value
    """Raised by :meth:`AbortSignal.throwIfAborted` when the abort reason is not an exception:
    JavaScript can throw any value, Python only exceptions.  ``value`` is the reason."""

    def __init__(self, value: Any) -> None:
        self.value = value
        super().__init__(repr(value))


class AbortSignal(EventTarget):
    """https://dom.spec.whatwg.org/#interface-AbortSignal (no constructor: get one from an
    AbortController or the static ``abort``/``any``)."""

    __slots__ = (
        "_reason", "_algorithms", "_dependent", "_sources", "_dependents", "_pinned", "__weakref__",
        "_event_target_state",
    )
    _reason: Any
    _algorithms: list[Callable[[], Any]]
    _dependent: bool
    # source signals and dependent signals are weak sets in the spec; kept as ordered lists
    # of weak references so that dependents are aborted in the order they were made.
    _sources: list[weakref.ref[AbortSignal]]
    _dependents: list[weakref.ref[AbortSignal]]
    _pinned: list[AbortSignal]

    def __init__(self) -> None:
        raise TypeError("Illegal constructor: use AbortController().signal, AbortSignal.abort() or AbortSignal.any()")

    @classmethod
    def _new(cls) -> AbortSignal:
        signal = cls.__new__(cls)
        signal._reason = undefined
        signal._algorithms = []
        signal._dependent = False
        signal._sources = []
        signal._dependents = []
        signal._pinned = []
        return signal

    @staticmethod
    def abort(reason: Any = undefined) -> AbortSignal:
        """https://dom.spec.whatwg.org/#dom-abortsignal-abort"""
        signal = AbortSignal._new()
        signal._reason = _default_reason() if reason is undefined else reason
        return signal

    @staticmethod
    def timeout(milliseconds: Any) -> AbortSignal:
        """https://dom.spec.whatwg.org/#dom-abortsignal-timeout -- NotSupportedError: it needs an
        event loop to queue the abort on (see the module docstring)."""
        convert("unsigned long long", milliseconds, enforce_range=True)
        raise NotSupportedError("AbortSignal.timeout() needs an event loop, which this library does not have")

    @staticmethod
    def any(signals: Any) -> AbortSignal:  # noqa: A003 -- the IDL name
        """https://dom.spec.whatwg.org/#dom-abortsignal-any"""
        if isinstance(signals, (str, bytes, Mapping)) or not isinstance(signals, Iterable):
            raise TypeError("AbortSignal.any() takes a sequence of AbortSignal objects")
        converted = list(signals)
        for signal in converted:
            if not isinstance(signal, AbortSignal):
                raise TypeError("AbortSignal.any() takes a sequence of AbortSignal objects")
        return _create_dependent_abort_signal(converted)

    @property
    def aborted(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-abortsignal-aborted"""
        return self._reason is not undefined

    @property
    def reason(self) -> Any:
        """https://dom.spec.whatwg.org/#dom-abortsignal-reason (``webidl.undefined`` until aborted)"""
        return self._reason

    def throwIfAborted(self) -> None:
        """https://dom.spec.whatwg.org/#dom-abortsignal-throwifaborted (a reason that is not an
        exception is raised wrapped in :class:`ThrownValue`)."""
        reason = self._reason
        if reason is undefined:
            return
        if isinstance(reason, BaseException):
            raise reason
        raise ThrownValue(reason)

    # -- internal -------------------------------------------------------------------------------

    def _add_algorithm(self, algorithm: Callable[[], Any]) -> None:
        """https://dom.spec.whatwg.org/#abortsignal-add"""
        if self.aborted:
            return
        self._algorithms.append(algorithm)
        self._pin()

    def _pin(self) -> None:
        """https://dom.spec.whatwg.org/#abort-signal-garbage-collection: a dependent signal with
        abort listeners or algorithms stays alive while its sources can still abort it."""
        if not self._dependent or self.aborted:
            return
        for ref in self._sources:
            source = ref()
            if source is not None and not any(p is self for p in source._pinned):
                source._pinned.append(self)

    def _signal_abort(self, reason: Any = undefined) -> None:
        """https://dom.spec.whatwg.org/#abortsignal-signal-abort"""
        if self.aborted:
            return
        self._reason = _default_reason() if reason is undefined else reason
        to_abort: list[AbortSignal] = []
        for ref in self._dependents:
            dependent = ref()
            if dependent is not None and not dependent.aborted:
                dependent._reason = self._reason
                to_abort.append(dependent)
        self._dependents = []
        self._pinned = []
        self._run_abort_steps()
        for dependent in to_abort:
            dependent._run_abort_steps()

    def _run_abort_steps(self) -> None:
        """https://dom.spec.whatwg.org/#run-the-abort-steps"""
        algorithms, self._algorithms = self._algorithms, []
        for algorithm in algorithms:
            algorithm()
        fire_event("abort", self)

    def __repr__(self) -> str:
        return f"<AbortSignal aborted={self.aborted}>"

    onabort = EventHandlerAttribute()  # https://dom.spec.whatwg.org/#abortsignal-onabort


def _default_reason() -> AbortError:
    return AbortError("signal is aborted without reason")


def _create_dependent_abort_signal(signals: list[AbortSignal]) -> AbortSignal:
    """https://dom.spec.whatwg.org/#create-a-dependent-abort-signal"""
    result = AbortSignal._new()
    for signal in signals:
        if signal.aborted:
            result._reason = signal._reason
            return result
    result._dependent = True
    own = weakref.ref(result)

    def link(source: AbortSignal) -> None:
        if any(ref() is source for ref in result._sources):
            return  # a set: each source once
        result._sources.append(weakref.ref(source))
        deps = source._dependents
        if len(deps) >= 32 and len(deps) & (len(deps) - 1) == 0:  # prune dead entries now and then
            deps[:] = [ref for ref in deps if ref() is not None]
        deps.append(own)

    for signal in signals:
        if not signal._dependent:
            link(signal)
        else:
            for ref in signal._sources:
                source = ref()
                if source is not None:
                    link(source)
    return result


@operations("AbortController", "abort")
class AbortController:
    """https://dom.spec.whatwg.org/#interface-abortcontroller"""

    __slots__ = ("_signal",)

    def __init__(self) -> None:
        """https://dom.spec.whatwg.org/#dom-abortcontroller-abortcontroller"""
        self._signal = AbortSignal._new()

    @property
    def signal(self) -> AbortSignal:
        """https://dom.spec.whatwg.org/#abortcontroller-signal ([SameObject])"""
        return self._signal

    def abort(self, reason: Any = undefined) -> None:
        """https://dom.spec.whatwg.org/#dom-abortcontroller-abort -- without a reason (or with
        ``webidl.undefined``) the reason is an "AbortError" DOMException; None is the JS null,
        a reason like any other."""
        self._signal._signal_abort(reason)

    def __repr__(self) -> str:
        return f"<AbortController aborted={self._signal.aborted}>"


# dom.events, on which this module builds, reaches AbortSignal through dom.registry.
registry.abort_signal_interface = AbortSignal
