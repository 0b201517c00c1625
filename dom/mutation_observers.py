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
from functools import cmp_to_key
from typing import TYPE_CHECKING, Any

from webidl.callbacks import invoke_callback_function
from webidl.operations import operations

from .collections import StaticNodeList
from .events import fire_event
from .exception_reporting import report_exception
from .nodes.node import ATTRIBUTE_NODE, CDATA_SECTION_NODE, DOCUMENT_NODE, TEXT_NODE, Node, is_inclusive_ancestor

if TYPE_CHECKING:
    from webidl.dictionary_types import MutationObserverInit

__all__ = ["MutationObserver", "MutationRecord", "microtasks", "notify_mutation_observers",
           "perform_a_microtask_checkpoint"]

# https://dom.spec.whatwg.org/#mutation-observer-list: the surrounding agent's pending mutation
# observers, an ordered set (the observers that got records since the last notification).
_PENDING: dict[MutationObserver, None] = {}
# node -> its registered observer list (https://dom.spec.whatwg.org/#registered-observer-list),
# kept beside the node (weak keys: the list dies with the node).  A node has an entry only while
# its list is not empty, so that disconnect() leaves nothing behind.
_REGISTERED: weakref.WeakKeyDictionary[Any, list[_Registration]] = weakref.WeakKeyDictionary()
# node document -> the nodes whose list holds a registered observer with options["subtree"]
# (transient ones have it): only they can see a mutation below them.  Queueing a record for a
# target in a document without such nodes looks at the target's own list and nothing else.
_SUBTREE: weakref.WeakKeyDictionary[Any, weakref.WeakSet[Any]] = weakref.WeakKeyDictionary()
# subtree-observed node -> lxml nodes found inside it by a walk up from a record's target, at
# which the next walk stops: appending to the bottom of a deep chain walks one level, not the
# chain.  Any removal or move forgets them all (a node found inside may have left since).
_INSIDE: weakref.WeakKeyDictionary[Any, set[Any]] = weakref.WeakKeyDictionary()
# Fast path for the hooks: whether any node may have registered observers.
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


def _store_list(node: Any, registrations: list[_Registration]) -> None:
    """Set *node*'s registered observer list (an empty one is dropped) and its place among its
    document's nodes with subtree observers."""
    if registrations:
        _REGISTERED[node] = registrations
    else:
        _REGISTERED.pop(node, None)
    document = node._doc  # (a document's _doc is itself)
    nodes = _SUBTREE.get(document)
    if any(registration.options["subtree"] for registration in registrations):
        if nodes is None:
            nodes = _SUBTREE[document] = weakref.WeakSet()
        nodes.add(node)
    elif nodes is not None:
        nodes.discard(node)
        _INSIDE.pop(node, None)
        if not nodes:
            del _SUBTREE[document]


def _remove_registrations(node: Any, remove: Callable[[_Registration], bool]) -> None:
    """Remove the registered observers of *node*'s list for which *remove* is true."""
    registrations = _REGISTERED.get(node)
    if registrations is not None:
        _store_list(node, [r for r in registrations if not remove(r)])


def _settle() -> None:
    """Back to the fast path of the mutation algorithms once no node has a registered observer."""
    if not _REGISTERED:
        state["active"] = False
        _INSIDE.clear()


def adopted(old_document: Any) -> None:
    """After a subtree of *old_document* was adopted (https://dom.spec.whatwg.org/#concept-node-adopt):
    its nodes with subtree observers are now found under their new node document."""
    nodes = _SUBTREE.get(old_document)
    if nodes is None:
        return
    _INSIDE.clear()
    for node in [node for node in nodes if node._doc is not old_document]:
        nodes.discard(node)
        _SUBTREE.setdefault(node._doc, weakref.WeakSet()).add(node)
    if not nodes:
        del _SUBTREE[old_document]


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


@operations("MutationObserver", "__init__", "observe")
class MutationObserver:
    """https://dom.spec.whatwg.org/#interface-mutationobserver"""

    def __init__(self, callback: Callable[[list[MutationRecord], MutationObserver], Any]) -> None:
        self._callback = callback
        # https://dom.spec.whatwg.org/#mutationobserver-node-list: the nodes it observes, and
        # apart the nodes where it has transient registered observers (removed from an observed
        # subtree), which notify mutation observers and observe() clean up.
        self._nodes: weakref.WeakSet[Any] = weakref.WeakSet()
        self._transient: weakref.WeakSet[Any] = weakref.WeakSet()
        self._records: list[MutationRecord] = []

    def observe(self, target: Node, options: MutationObserverInit = {}) -> None:  # noqa: B006 -- read only
        """https://dom.spec.whatwg.org/#dom-mutationobserver-observe"""
        # (the MutationObserverInit converted: childList and subtree default to false)
        opts = dict(options)
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
        # 7. Each registered observer of this one on target (a transient one too: target was
        # removed from an observed subtree) drops the transient observers it is the source of,
        # and takes the new options.
        found = False
        for registration in list(_REGISTERED.get(target, ())):
            if registration.observer is self:
                found = True
                for node in list(self._transient):
                    _remove_registrations(node, lambda r: r.source is registration)  # noqa: B023
                registration.options = opts
        registrations = list(_REGISTERED.get(target, ()))
        if not found:
            # 8. Otherwise register, and remember the node.
            registrations.append(_Registration(self, opts))
            self._nodes.add(target)
        _store_list(target, registrations)

    def disconnect(self) -> None:
        """https://dom.spec.whatwg.org/#dom-mutationobserver-disconnect"""
        for node in [*self._nodes, *self._transient]:
            _remove_registrations(node, lambda r: r.observer is self)
        self._nodes.clear()
        self._transient.clear()
        self._records = []
        _settle()

    def takeRecords(self) -> list[MutationRecord]:
        """https://dom.spec.whatwg.org/#dom-mutationobserver-takerecords"""
        records, self._records = self._records, []
        return records


def _lxml_position(node: Any) -> Any:
    """The lxml node whose lxml ancestors are *node*'s ancestors: its own, a Text's parent's
    (None for a node that has neither, and a Text that is a document's child)."""
    lx = getattr(node, "_lx", None)
    if lx is None and (node.nodeType == TEXT_NODE or node.nodeType == CDATA_SECTION_NODE):
        lx = getattr(node.parentNode, "_lx", None)
    return lx


def _contains(ancestor: Any, node: Any) -> bool:
    """``ancestor.contains(node)`` for a subtree-observed *ancestor*: the walk up from *node*
    stops at a node found inside *ancestor* by an earlier walk (see _INSIDE)."""
    if ancestor is node:
        return True
    document = ancestor.nodeType == DOCUMENT_NODE  # its tree in lxml is its document element's
    top = getattr(ancestor.documentElement if document else ancestor, "_lx", None)
    lx = _lxml_position(node)
    if top is None or lx is None:
        return is_inclusive_ancestor(ancestor, node)
    if not document and lx is not top and next(iter(top), None) is None:  # nothing inside but its Text
        return False
    known = _INSIDE.get(ancestor)
    if known is None:
        known = _INSIDE[ancestor] = set()
    path: list[Any] = []
    while lx is not None:
        if lx is top or lx in known:
            known.update(path)
            return True
        path.append(lx)
        lx = lx.getparent()
    # not below the document element: a document's other children (comments) are its too
    return document and is_inclusive_ancestor(ancestor, node)


def _subtree_observed_ancestors(node: Any) -> list[Any]:
    """*node*'s inclusive ancestors whose registered observer lists hold a subtree observer,
    nearest first.  Only the document's nodes with such lists are looked at: with a few (the
    usual case), each is asked whether it contains *node* (libxml2 walks up, in C), so a
    mutation at the bottom of a 100,000-deep tree walks no ancestors in Python; a document
    without any costs one look-up."""
    observed = _SUBTREE.get(node._doc)
    if not observed or node.nodeType == ATTRIBUTE_NODE:  # an Attr: its element is no parent
        return []
    if len(observed) <= 32:
        found: list[Any] = [each for each in list(observed) if _contains(each, node)]
        if len(found) > 1:  # ancestors of one node: each pair is ordered by containment
            found.sort(key=cmp_to_key(_ancestor_last))
        return found
    found = []
    while node is not None:
        if node in observed:
            found.append(node)
        node = node.parentNode
    return found


def _ancestor_last(a: Any, b: Any) -> int:
    return 1 if _contains(a, b) else -1


def _observed_inclusive_ancestors(target: Any) -> list[Any]:
    """Target's inclusive ancestors that have registered observers, target first: target's
    own list, then the ancestors with subtree observers (the others cannot be interested)."""
    found = [node for node in _subtree_observed_ancestors(target) if node is not target]
    if target in _REGISTERED:
        found.insert(0, target)
    return found


def queue_mutation_record(kind: str, target: Any, name: str | None = None, namespace: str | None = None,
                          old_value: str | None = None, added: list[Any] | tuple[()] = (),
                          removed: list[Any] | tuple[()] = (), previous: Any = None, following: Any = None) -> None:
    """https://dom.spec.whatwg.org/#queue-a-mutation-record"""
    if removed:  # (a move removes without the removal algorithm)
        _INSIDE.clear()
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
    _INSIDE.clear()  # the removed nodes are inside no observed node of the tree any more
    added = []
    for ancestor in _subtree_observed_ancestors(parent):
        for registration in _REGISTERED.get(ancestor, ()):
            if registration.options["subtree"]:
                added.append(_Registration(registration.observer, registration.options, registration))
                registration.observer._transient.add(node)
    if added:
        _store_list(node, [*_REGISTERED.get(node, ()), *added])


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
        # 6.3. Remove all transient registered observers whose observer is this one.
        for node in list(observer._transient):
            _remove_registrations(node, lambda r: r.observer is observer and r.source is not None)  # noqa: B023
        observer._transient.clear()
        if records:
            try:
                # https://dom.spec.whatwg.org/#notify-mutation-observers step 6.4: `this` is the observer
                invoke_callback_function(observer._callback, observer, records, observer)
            except Exception as error:  # https://html.spec.whatwg.org/#report-an-exception
                report_exception(error, "MutationObserver callback")
    _settle()
    # 6. Each slot of signalSet gets a bubbling slotchange.
    if slots:
        for slot in slots:
            fire_event("slotchange", slot, bubbles=True)
