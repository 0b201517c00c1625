"""The registered observer lists behind MutationObserver (https://dom.spec.whatwg.org/#registered-observer-list):
disconnect() and delivery leave nothing behind, and queueing a record in a tree costs no walk
of its ancestors for observers that are gone (issue 28: after one observe/disconnect test, a
100,000-deep append paid for every stale registration at every level)."""

from __future__ import annotations

import gc
import sys
from typing import Any

import dom
from dom import MutationObserver, mutation_observers, notify_mutation_observers


def _observer(seen: list[Any] | None = None) -> MutationObserver:
    return MutationObserver(lambda records, observer: (seen if seen is not None else []).extend(records))


def test_disconnect_empties_the_lists() -> None:
    document = dom.parse_html("<div id=a><p id=b></p></div>")
    a, b = document.getElementById("a"), document.getElementById("b")
    observer = _observer()
    observer.observe(a, {"childList": True, "subtree": True})
    observer.observe(b, {"attributes": True})
    assert a in mutation_observers._REGISTERED and b in mutation_observers._REGISTERED
    assert document in mutation_observers._SUBTREE
    observer.disconnect()
    assert a not in mutation_observers._REGISTERED and b not in mutation_observers._REGISTERED
    assert document not in mutation_observers._SUBTREE
    assert not observer._nodes and not observer._transient


def test_delivery_removes_transient_observers() -> None:
    document = dom.parse_html("<div id=a><p id=b><i></i></p></div>")
    a, b = document.getElementById("a"), document.getElementById("b")
    seen: list[Any] = []
    observer = _observer(seen)
    observer.observe(a, {"childList": True, "subtree": True})
    a.removeChild(b)  # b keeps a transient registered observer until the next delivery
    assert [r.source is not None for r in mutation_observers._REGISTERED[b]] == [True]
    b.firstChild.remove()  # seen through the transient observer
    notify_mutation_observers()
    assert [(r.target.id, len(r.removedNodes)) for r in seen] == [("a", 1), ("b", 1)]
    assert b not in mutation_observers._REGISTERED and not observer._transient
    b.append(document.createElement("u"))  # no longer observed
    notify_mutation_observers()
    assert len(seen) == 2
    observer.disconnect()


def test_observe_again_drops_the_transient_observers_of_its_registration() -> None:
    document = dom.parse_html("<div id=a><p id=b></p></div>")
    a, b = document.getElementById("a"), document.getElementById("b")
    observer = _observer()
    observer.observe(a, {"childList": True, "subtree": True})
    a.removeChild(b)
    assert b in mutation_observers._REGISTERED
    observer.observe(a, {"attributes": True})  # step 7.1
    assert b not in mutation_observers._REGISTERED
    assert document not in mutation_observers._SUBTREE  # no subtree option any more
    observer.disconnect()


def test_lists_go_with_their_nodes() -> None:
    gc.collect()
    before = len(mutation_observers._REGISTERED), len(mutation_observers._SUBTREE)

    def observe_and_forget() -> None:
        document = dom.parse_html("<div><p></p></div>")
        for element in document.getElementsByTagName("*"):
            _observer().observe(element, {"attributes": True, "subtree": True})

    observe_and_forget()
    gc.collect()
    assert (len(mutation_observers._REGISTERED), len(mutation_observers._SUBTREE)) == before


def test_adopted_subtree_observers_see_mutations_in_the_new_document() -> None:
    document = dom.parse_html("<div id=a><p></p></div>")
    other = dom.parse_html("")
    a = document.getElementById("a")
    seen: list[Any] = []
    observer = _observer(seen)
    observer.observe(a, {"childList": True, "subtree": True})
    other.body.append(other.adoptNode(a))
    assert document not in mutation_observers._SUBTREE and a in mutation_observers._SUBTREE[other]
    a.firstChild.append(other.createElement("b"))
    notify_mutation_observers()
    assert [(r.target.nodeName, r.addedNodes[0].nodeName) for r in seen] == [("P", "B")]
    observer.disconnect()


def test_records_go_to_the_nearest_observer_first() -> None:
    document = dom.parse_html("<div id=a><div id=b><div id=c></div></div></div>")
    order: list[str] = []
    observers = []
    for node_id in ("a", "c", "b"):  # registered in another order than the tree's
        observer = MutationObserver(lambda records, observer, node_id=node_id: order.append(node_id))
        observer.observe(document.getElementById(node_id), {"attributes": True, "subtree": True})
        observers.append(observer)
    document.getElementById("c").setAttribute("x", "1")
    notify_mutation_observers()
    assert order == ["c", "b", "a"]  # the pending observers in the order they got records
    for observer in observers:
        observer.disconnect()


def _calls_to_build_a_chain(depth: int) -> int:
    """Python and C function calls made while appending *depth* elements, each to the last,
    after 100 observe/disconnect cycles in the same document."""
    document = dom.parse_html("")
    for _ in range(100):
        element = document.body.appendChild(document.createElement("div"))
        observer = _observer()
        observer.observe(element, {"childList": True, "subtree": True, "attributes": True})
        observer.disconnect()
    current = document.body
    calls = 0

    def count(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        for _ in range(depth):
            current = current.appendChild(document.createElement("div"))
    finally:
        sys.setprofile(None)
    return calls


def test_appending_to_a_deep_chain_after_observers_stays_linear() -> None:
    assert _calls_to_build_a_chain(2000) <= 5 * _calls_to_build_a_chain(500)
