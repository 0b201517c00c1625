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
from webidl import DOMException


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


def test_remembered_positions_follow_removals_and_moves() -> None:
    """The walk up from a record's target stops at nodes found inside an observed node before
    (appending to a deep chain walks one level); after any random sequence of insertions,
    removals, replacements and moves, the answer is still Node.contains'."""
    import random

    rng = random.Random(4)
    document = dom.parse_html("<div id=a><div id=b><p id=c>t</p></div></div><div id=d></div>")
    observers = []
    for node in (document, document.getElementById("a"), document.getElementById("b"), document.getElementById("d")):
        observer = _observer()
        observer.observe(node, {"childList": True, "subtree": True, "characterData": True, "attributes": True})
        observers.append(observer)
    detached = document.createElement("section")  # a tree of its own, observed too
    detached.innerHTML = "<i><u></u></i>"
    observers[0].observe(detached, {"childList": True, "subtree": True})

    def nodes() -> list[Any]:
        found = [*document.getElementsByTagName("*"), detached, *detached.getElementsByTagName("*")]
        return found + [n.firstChild for n in found if n.firstChild is not None and n.firstChild.nodeType == 3]

    for _ in range(300):
        everything = nodes()
        target = rng.choice([n for n in everything if n.nodeType == 1])
        node = rng.choice([n for n in everything if n.nodeName not in ("HTML", "HEAD", "BODY")])
        kind = rng.randrange(6)
        try:
            if kind == 0:
                target.appendChild(document.createElement("em"))
            elif kind == 1:
                target.appendChild(node)  # a move: removed from its old place first
            elif kind == 2 and node.parentNode is not None:
                node.remove()
            elif kind == 3 and node.parentNode is not None:
                node.parentNode.replaceChild(document.createElement("s"), node)
            elif kind == 4:
                target.setAttribute("x", "1")
                if node.nodeType == 3:
                    node.data += "x"
            elif kind == 5 and hasattr(target, "moveBefore") and node.parentNode is not None:
                target.moveBefore(node, None)
        except DOMException:
            pass
        observed = [document, detached, *(n for n in everything if n in mutation_observers._SUBTREE.get(document, ()))]
        for candidate in rng.sample(nodes(), min(6, len(nodes()))):
            for ancestor in observed:
                assert mutation_observers._contains(ancestor, candidate) == ancestor.contains(candidate)
        for observer in observers:
            observer.takeRecords()
    for observer in observers:
        observer.disconnect()
