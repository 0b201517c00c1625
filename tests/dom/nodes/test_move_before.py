"""moveBefore() and the DOM Standard's move algorithm (issue 32).

https://dom.spec.whatwg.org/#move: the live range and NodeIterator pre-remove steps, the slot
steps for the old and the new parent, the live range offsets past the reference child, the
moving steps instead of the removing and insertion steps, and two mutation records at the end
(no transient observers).  With the HTML Standard's steps
(https://html.spec.whatwg.org/#dom-trees:concept-node-remove-ext step 2: a removed focused area
leaves the viewport focused; #dom-trees:concept-node-move-ext: a moved one stays focused; the
option element's moving steps, #update-an-option's-nearest-ancestor-select).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

import dom
import webdom
from dom import MutationObserver, notify_mutation_observers
from webidl import DOMException


def _doc(body: str) -> Any:
    return webdom.parse_html("<!DOCTYPE html><body>" + body)


def _focus_log(document: Any) -> list[str]:
    log: list[str] = []
    for kind in ("focus", "blur", "focusin", "focusout"):
        document.addEventListener(kind, lambda e: log.append(f"{e.type} {e.target.id}"), True)
    return log


# -- focus: the removing steps do not run for a move ------------------------------------------------


def test_a_moved_focused_element_stays_focused() -> None:
    doc = _doc("<div id=a><button id=b>b</button></div><div id=c><i id=i></i></div>")
    log = _focus_log(doc)
    button, c = doc.getElementById("b"), doc.getElementById("c")
    button.focus()
    log.clear()
    c.moveBefore(button, doc.getElementById("i"))
    assert button.parentNode is c and doc.activeElement is button and log == []
    assert button.matches(":focus") and c.matches(":focus-within")
    doc.body.moveBefore(c, None)  # an ancestor of the focused element moves
    assert doc.activeElement is button and log == []


def test_a_removed_focused_element_loses_focus_even_when_inserted_again() -> None:
    """The removing steps make the viewport the focused area at once, without events: inserting
    the element again (in the same task) does not give focus back, unlike a move."""
    doc = _doc("<div id=a><button id=b>b</button></div><div id=c></div>")
    log = _focus_log(doc)
    button, c = doc.getElementById("b"), doc.getElementById("c")
    button.focus()
    log.clear()
    c.appendChild(button)  # remove, then insert
    assert doc.activeElement is doc.body and log == [] and not button.matches(":focus")
    button.focus()
    doc.getElementById("a").appendChild(c)  # the focused element's ancestor is removed, then inserted
    assert doc.activeElement is doc.body
    button.focus()
    doc.getElementById("a").innerHTML = "<p>replaced</p>"  # replace all removes it
    assert doc.activeElement is doc.body


def test_focus_in_a_shadow_tree_of_a_moved_or_removed_host() -> None:
    doc = _doc("<div id=host></div><div id=c></div>")
    host, c = doc.getElementById("host"), doc.getElementById("c")
    root = host.attachShadow({"mode": "open"})
    root.innerHTML = "<button id=in>x</button>"
    inner = root.getElementById("in")
    inner.focus()
    assert doc.activeElement is host and root.activeElement is inner
    c.moveBefore(host, None)  # a shadow-including ancestor moves: no removing steps
    assert doc.activeElement is host and root.activeElement is inner
    doc.body.appendChild(host)  # removed (with its shadow tree), then inserted
    assert doc.activeElement is doc.body and root.activeElement is None


# -- mutation records: two, at the end; no transient observers ---------------------------------------


@pytest.fixture
def observed() -> Iterator[tuple[Any, MutationObserver]]:
    doc = _doc("<div id=a><i id=x></i><b id=m></b><i id=y></i></div><div id=c><u id=u></u><s id=s></s></div>")
    observer = MutationObserver(lambda records, obs: None)
    try:
        yield doc, observer
    finally:
        observer.disconnect()
        notify_mutation_observers()
        # the observed nodes die now: a registered node that lives on slows later mutations
        del doc, observer
        gc.collect()


def test_two_records_old_parent_first(observed: tuple[Any, MutationObserver]) -> None:
    doc, observer = observed
    observer.observe(doc.body, {"childList": True, "subtree": True})
    m, c, s = doc.getElementById("m"), doc.getElementById("c"), doc.getElementById("s")
    c.moveBefore(m, s)
    records = observer.takeRecords()
    assert [(r.target.id, [n.id for n in r.addedNodes], [n.id for n in r.removedNodes]) for r in records] == [
        ("a", [], ["m"]), ("c", ["m"], [])]
    assert records[0].previousSibling.id == "x" and records[0].nextSibling.id == "y"
    assert records[1].previousSibling.id == "u" and records[1].nextSibling is s


def test_a_move_in_place_still_queues_both_records(observed: tuple[Any, MutationObserver]) -> None:
    """moveBefore(node, node) moves before node's next sibling (steps 1-2): the same place."""
    doc, observer = observed
    observer.observe(doc.getElementById("a"), {"childList": True})
    a, m = doc.getElementById("a"), doc.getElementById("m")
    a.moveBefore(m, m)
    assert [n.id for n in a.children] == ["x", "m", "y"]
    records = observer.takeRecords()
    assert [([n.id for n in r.addedNodes], [n.id for n in r.removedNodes]) for r in records] == [([], ["m"]), (["m"], [])]
    assert records[1].previousSibling.id == "x" and records[1].nextSibling.id == "y"


def test_a_moved_node_gets_no_transient_observers(observed: tuple[Any, MutationObserver]) -> None:
    """https://dom.spec.whatwg.org/#concept-node-remove step 14 adds transient observers; the move
    algorithm has no such step, so an observer of the old parent's subtree alone stops seeing
    the node at once."""
    doc, observer = observed
    a, c, m = doc.getElementById("a"), doc.getElementById("c"), doc.getElementById("m")
    observer.observe(a, {"attributes": True, "subtree": True})
    c.moveBefore(m, None)
    m.setAttribute("late", "1")
    assert observer.takeRecords() == []
    a.appendChild(m)
    c.appendChild(m)  # a removal: transiently observed until the next notification
    m.setAttribute("later", "1")
    assert [r.attributeName for r in observer.takeRecords()] == ["later"]


# -- live ranges and NodeIterator -----------------------------------------------------------------


def test_live_ranges_follow_the_move() -> None:
    doc = _doc("<div id=a><i id=x></i><b id=m>text</b><i id=y></i></div><div id=c><u></u><s id=s></s><q></q></div>")
    a, c, m, s = (doc.getElementById(i) for i in ("a", "c", "m", "s"))
    inside = doc.createRange()
    inside.setStart(m.firstChild, 2)  # in the moved node: pre-remove steps set it to (a, 1)
    inside.setEnd(m, 1)
    after_old = doc.createRange()
    after_old.setStart(a, 3)  # past m's index in the old parent: one less
    after_old.setEnd(a, 3)
    after_new = doc.createRange()
    after_new.setStart(c, 1)  # not past s's index (1): unchanged
    after_new.setEnd(c, 3)  # past it: one more (step 17)
    c.moveBefore(m, s)
    assert (inside.startContainer, inside.startOffset, inside.endContainer, inside.endOffset) == (a, 1, a, 1)
    assert (after_old.startContainer, after_old.startOffset) == (a, 2)
    assert (after_new.startOffset, after_new.endOffset) == (1, 4)
    assert [n.nodeName for n in c.childNodes] == ["U", "B", "S", "Q"]


def test_node_iterator_pre_remove_steps() -> None:
    """https://dom.spec.whatwg.org/#nodeiterator-pre-removing-steps run for a move too."""
    doc = _doc("<div id=a><i id=x></i><b id=m><em id=e></em></b><i id=y></i></div><div id=c></div>")
    a, c, m = doc.getElementById("a"), doc.getElementById("c"), doc.getElementById("m")
    iterator = doc.createNodeIterator(a, 1)  # NodeFilter.SHOW_ELEMENT
    while iterator.nextNode() is not doc.getElementById("e"):
        pass
    assert iterator.referenceNode.id == "e" and not iterator.pointerBeforeReferenceNode
    c.moveBefore(m, None)  # the reference node leaves the root's subtree with m
    assert iterator.referenceNode.id == "x" and not iterator.pointerBeforeReferenceNode
    assert iterator.nextNode().id == "y"


# -- slots -----------------------------------------------------------------------------------------


def test_slot_steps_of_the_old_and_the_new_parent() -> None:
    doc = _doc("<div id=host><b id=b slot=n>b</b></div><div id=c><i id=i slot=n>i</i></div>")
    host, c = doc.getElementById("host"), doc.getElementById("c")
    root = host.attachShadow({"mode": "open"})
    root.innerHTML = "<slot id=n name=n></slot><slot id=d></slot>"
    n, d = root.getElementById("n"), root.getElementById("d")
    notify_mutation_observers()
    changes: list[str] = []
    for slot in (n, d):
        slot.addEventListener("slotchange", lambda e: changes.append(e.target.id))
    b, i = doc.getElementById("b"), doc.getElementById("i")
    host.moveBefore(i, b)  # into the host: step 21 assigns it a slot (before b in tree order)
    assert n.assignedNodes() == [i, b] and i.assignedSlot is n
    c.moveBefore(b, None)  # out: step 14 assigns slottables for its old slot
    assert n.assignedNodes() == [i] and b.assignedSlot is None
    root.moveBefore(n, None)  # a slot moves in its tree: step 16 reassigns both trees
    assert n.assignedNodes() == [i] and d.assignedNodes() == []
    notify_mutation_observers()
    assert changes == ["n"]


# -- the moving steps ------------------------------------------------------------------------------


def test_option_moving_steps_update_both_selects() -> None:
    """The option element's moving steps: the selectedness setting algorithm of the select it
    left and of the select it joined."""
    doc = _doc("<select id=s1><option id=a1>1</option><option id=a2 selected>2</option></select>"
               "<select id=s2><option id=b1 selected>1</option></select>")
    s1, s2, a2 = doc.getElementById("s1"), doc.getElementById("s2"), doc.getElementById("a2")
    assert s1.value == "2" and s2.value == "1"
    s2.moveBefore(a2, None)
    assert s1.selectedIndex == 0 and s1.value == "1"  # s1 has no selected option left: its first
    assert s2.value == "2" and not doc.getElementById("b1").selected  # the arriving selected option wins


# -- the pre-move validity checks --------------------------------------------------------------------


def test_move_validity() -> None:
    doc = _doc("<div id=a><p id=p></p></div>")
    p = doc.getElementById("p")
    with pytest.raises(DOMException) as info:
        doc.moveBefore(doc.documentElement, None)  # step 6: the document has an element child
    assert info.value.name == "HierarchyRequestError"
    with pytest.raises(DOMException) as info:
        doc.moveBefore(doc.createComment("c"), None)  # step 1: a detached comment, another root
    assert info.value.name == "HierarchyRequestError"
    comment = doc.body.appendChild(doc.createComment("c"))
    doc.moveBefore(comment, doc.documentElement)  # a comment may move to the document
    assert doc.childNodes[1] is comment and p.parentNode.id == "a"
    with pytest.raises(DOMException) as info:
        doc.moveBefore(p, doc.doctype)  # step 6: before the doctype
    assert info.value.name == "HierarchyRequestError"
    xml = dom.parse_xml("<r><a/></r>")
    with pytest.raises(DOMException) as info:
        xml.moveBefore(xml.documentElement.firstChild, None)
    assert info.value.name == "HierarchyRequestError"
    with pytest.raises(TypeError):
        doc.body.moveBefore("p", None)
