"""Mutation observers (https://dom.spec.whatwg.org/#mutation-observers).

Records are queued exactly where the DOM Standard queues them (the insert, remove, replace and
replace-all algorithms, attribute changes, replace data).  Delivery needs the "mutation observer
microtask", and there is no event loop here: callbacks run when
:func:`notify_mutation_observers` (also exported as ``dom.notify_mutation_observers``) performs
the microtask checkpoint, in observer creation order, or never if nobody calls it;
``takeRecords()`` works at any time.  Until then records accumulate, as they would in a browser
during one long task.
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from webidl import to_boolean, to_dom_string
from webidl.callbacks import invoke_callback_function

from .collections import StaticNodeList
from .events import fire_event
from .exception_reporting import report_exception
from .nodes.node import Node

__all__ = ["MutationObserver", "MutationRecord", "microtasks", "notify_mutation_observers",
           "perform_a_microtask_checkpoint"]

# https://dom.spec.whatwg.org/#mutation-observer-list: the surrounding agent's pending mutation
# observers, an ordered set (the observers that got records since the last notification).
_PENDING: dict[MutationObserver, None] = {}
# node -> its registered observer list (weak keys: the list dies with the node).
_REGISTERED: weakref.WeakKeyDictionary[Any, list[_Registration]] = weakref.WeakKeyDictionary()
# Fast path for the hooks: whether any node has ever been observed.
state = {"active": False, "pending": False}
# https://dom.spec.whatwg.org/#signal-slot-list: slots whose slotchange event is due.
signal_slots: list[Any] = []
# The host's "queue a microtask" (https://html.spec.whatwg.org/#queue-a-microtask), given the
# microtask to run, when a host sets one.  Otherwise a running asyncio loop is the event loop:
# the microtask runs as soon as the current task yields (call_soon).  Without either, the
# records wait for perform_a_microtask_checkpoint() (webdom.run_microtasks()).
host_queue_microtask: list[Callable[[Callable[[], None]], Any]] = []


def queue_mutation_observer_microtask() -> None:
    """https://dom.spec.whatwg.org/#queue-a-mutation-observer-compound-microtask"""
    if state["pending"]:  # 1. already queued
        return
    state["pending"] = True  # 2.
    if host_queue_microtask:  # 3. queue a microtask to notify mutation observers
        host_queue_microtask[0](notify_mutation_observers)
        return
    # No asyncio loaded, no loop running: importing asyncio here would cost every import of
    # the package 25 ms.
    aio = sys.modules.get("asyncio")
    try:
        loop = aio.get_running_loop() if aio is not None else None
    except RuntimeError:
        loop = None
    if loop is not None:
        loop.call_soon(perform_a_microtask_checkpoint)
    # else: delivered at the next perform_a_microtask_checkpoint()


def perform_a_microtask_checkpoint() -> None:
    """https://html.spec.whatwg.org/#perform-a-microtask-checkpoint, for the microtasks the DOM
    queues: the mutation observer microtask (records and slotchange events), until none is
    pending (a callback's own mutations queue it again)."""
    while state["pending"]:
        notify_mutation_observers()


@contextmanager
def microtasks() -> Iterator[None]:
    """``with webdom.microtasks(): ...`` -- the block's mutation records and slotchange events
    are delivered when it ends, as at the end of a task."""
    try:
        yield
    finally:
        perform_a_microtask_checkpoint()


class _Registration:
    """A registered observer (https://dom.spec.whatwg.org/#registered-observer); *source* is set
    for a transient registered observer."""

    __slots__ = ("observer", "options", "source")

    def __init__(self, observer: MutationObserver, options: dict[str, Any], source: _Registration | None = None):
        self.observer = observer
        self.options = options
        self.source = source


class MutationRecord:
    """https://dom.spec.whatwg.org/#interface-mutationrecord"""

    __slots__ = ("type", "target", "addedNodes", "removedNodes", "previousSibling", "nextSibling",
                 "attributeName", "attributeNamespace", "oldValue")

    def __init__(self, type: str, target: Any, added: list[Any], removed: list[Any], previous: Any, following: Any,
                 name: str | None, namespace: str | None, old_value: str | None) -> None:
        self.type = type
        self.target = target
        self.addedNodes = StaticNodeList(list(added))
        self.removedNodes = StaticNodeList(list(removed))
        self.previousSibling = previous
        self.nextSibling = following
        self.attributeName = name
        self.attributeNamespace = namespace
        self.oldValue = old_value

    def __repr__(self) -> str:
        return f"<MutationRecord {self.type} {self.target!r}>"


class MutationObserver:
    """https://dom.spec.whatwg.org/#interface-mutationobserver"""

    def __init__(self, callback: Callable[[list[MutationRecord], MutationObserver], Any]) -> None:
        if not callable(callback):
            raise TypeError("MutationObserver needs a callable callback")
        self._callback = callback
        self._nodes: list[weakref.ref[Any]] = []
        self._records: list[MutationRecord] = []

    def observe(self, target: Any, options: Any = None) -> None:
        """https://dom.spec.whatwg.org/#dom-mutationobserver-observe"""

        if not isinstance(target, Node):
            raise TypeError("MutationObserver.observe needs a Node")
        raw = dict(options or {})
        opts: dict[str, Any] = {
            "childList": to_boolean(raw.get("childList", False)),
            "subtree": to_boolean(raw.get("subtree", False)),
        }
        for key in ("attributes", "characterData", "attributeOldValue", "characterDataOldValue"):
            if key in raw and raw[key] is not None:
                opts[key] = to_boolean(raw[key])
        if raw.get("attributeFilter") is not None:
            opts["attributeFilter"] = [to_dom_string(name) for name in raw["attributeFilter"]]
        # 1-2. Old values or a filter imply the kind they belong to.
        if ("attributeOldValue" in opts or "attributeFilter" in opts) and "attributes" not in opts:
            opts["attributes"] = True
        if "characterDataOldValue" in opts and "characterData" not in opts:
            opts["characterData"] = True
        # 3-6. Something must be observed, consistently.
        if not (opts["childList"] or opts.get("attributes") or opts.get("characterData")):
            raise TypeError("observe() needs childList, attributes or characterData to be true")
        if opts.get("attributeOldValue") and not opts.get("attributes"):
            raise TypeError("attributeOldValue needs attributes")
        if "attributeFilter" in opts and not opts.get("attributes"):
            raise TypeError("attributeFilter needs attributes")
        if opts.get("characterDataOldValue") and not opts.get("characterData"):
            raise TypeError("characterDataOldValue needs characterData")
        state["active"] = True
        registrations = _REGISTERED.setdefault(target, [])
        # 7. Each registered observer of this one on target (a transient one too: target was
        # removed from an observed subtree) drops the transient observers it is the source of,
        # on every node observed, and takes the new options.
        found = False
        for registration in list(registrations):
            if registration.observer is self:
                found = True
                for ref in self._nodes:
                    node = ref()
                    if node is not None and node in _REGISTERED:
                        _REGISTERED[node] = [r for r in _REGISTERED[node] if r.source is not registration]
                registration.options = opts
        if found:
            return
        # 8. Otherwise register, and remember the node.
        registrations.append(_Registration(self, opts))
        self._nodes.append(weakref.ref(target))

    def disconnect(self) -> None:
        """https://dom.spec.whatwg.org/#dom-mutationobserver-disconnect"""
        for ref in self._nodes:
            node = ref()
            if node is not None and node in _REGISTERED:
                _REGISTERED[node] = [r for r in _REGISTERED[node] if r.observer is not self]
        self._nodes = []
        self._records = []

    def takeRecords(self) -> list[MutationRecord]:
        """https://dom.spec.whatwg.org/#dom-mutationobserver-takerecords"""
        records, self._records = self._records, []
        return records


def _observed_inclusive_ancestors(target: Any) -> list[Any]:
    """Target's inclusive ancestors that have registered observers.  With few registered nodes
    (the usual case), each is asked whether it contains target (libxml2 walks up, in C): a
    mutation at the bottom of a 100,000-deep tree then costs no walk of its ancestors in Python."""
    if not _REGISTERED:
        return []
    if len(_REGISTERED) <= 32:
        if target.nodeType == 2:  # an Attr: only itself (its element is no parent)
            return [target] if target in _REGISTERED else []
        return [node for node in list(_REGISTERED.keys()) if node is target or node.contains(target)]
    found = []
    node = target
    while node is not None:
        if node in _REGISTERED:
            found.append(node)
        node = node.parentNode if node.nodeType != 2 else None
    return found


def queue_mutation_record(kind: str, target: Any, name: str | None = None, namespace: str | None = None,
                          old_value: str | None = None, added: list[Any] | tuple[()] = (),
                          removed: list[Any] | tuple[()] = (), previous: Any = None, following: Any = None) -> None:
    """https://dom.spec.whatwg.org/#queue-a-mutation-record"""
    # 1-3. The interested observers of target's inclusive ancestors, with their old values.
    interested: dict[MutationObserver, str | None] = {}
    for node in _observed_inclusive_ancestors(target):
        for registration in _REGISTERED.get(node, ()):
            options = registration.options
            if node is not target and not options["subtree"]:
                continue
            if kind == "attributes":
                if not options.get("attributes"):
                    continue
                if "attributeFilter" in options and (namespace is not None or name not in options["attributeFilter"]):
                    continue
            if kind == "characterData" and not options.get("characterData"):
                continue
            if kind == "childList" and not options["childList"]:
                continue
            observer = registration.observer
            if observer not in interested:
                interested[observer] = None
            if (kind == "attributes" and options.get("attributeOldValue")) or (
                kind == "characterData" and options.get("characterDataOldValue")
            ):
                interested[observer] = old_value
    if not interested:
        return
    # 4. One record per interested observer, which joins the pending mutation observers.
    for observer, mapped_old_value in interested.items():
        observer._records.append(
            MutationRecord(kind, target, list(added), list(removed), previous, following, name, namespace,
                           mapped_old_value)
        )
        _PENDING[observer] = None
    # 5. Queue a mutation observer microtask.
    queue_mutation_observer_microtask()


def queue_tree_mutation_record(target: Any, added: list[Any], removed: list[Any], previous: Any,
                               following: Any) -> None:
    """https://dom.spec.whatwg.org/#queue-a-tree-mutation-record"""
    if added or removed:
        queue_mutation_record("childList", target, added=added, removed=removed, previous=previous,
                              following=following)


def add_transient_observers(node: Any, parent: Any) -> None:
    """Step 14 of https://dom.spec.whatwg.org/#concept-node-remove: subtree observers of the
    parent's inclusive ancestors keep watching the removed node until the next delivery."""
    ancestor = parent
    while ancestor is not None:
        for registration in list(_REGISTERED.get(ancestor, ())):
            if registration.options["subtree"]:
                _REGISTERED.setdefault(node, []).append(
                    _Registration(registration.observer, registration.options, registration)
                )
                registration.observer._nodes.append(weakref.ref(node))
        ancestor = ancestor.parentNode


def notify_mutation_observers() -> None:
    """https://dom.spec.whatwg.org/#notify-mutation-observers -- the mutation observer microtask:
    each observer with records gets them (callback(records, observer)); exceptions are reported
    as warnings (the dispatch goes on), like event listeners' exceptions."""
    state["pending"] = False  # 1.
    observers = list(_PENDING)  # 2-3. notifySet: the pending observers, in the order they got records
    _PENDING.clear()
    # 3-4. signalSet: the signal slots as they are now (later signals wait for the next run).
    slots = list(signal_slots)
    signal_slots.clear()
    for observer in observers:
        records = observer.takeRecords()
        # Remove all transient registered observers whose observer is this one.
        for ref in observer._nodes:
            node = ref()
            if node is not None and node in _REGISTERED:
                _REGISTERED[node] = [r for r in _REGISTERED[node] if not (r.observer is observer and r.source)]
        if records:
            try:
                # https://dom.spec.whatwg.org/#notify-mutation-observers step 6.4: `this` is the observer
                invoke_callback_function(observer._callback, observer, records, observer)
            except Exception as error:  # https://html.spec.whatwg.org/#report-an-exception
                report_exception(error, "MutationObserver callback")
    # 6. Each slot of signalSet gets a bubbling slotchange.
    if slots:
        for slot in slots:
            fire_event("slotchange", slot, bubbles=True)
