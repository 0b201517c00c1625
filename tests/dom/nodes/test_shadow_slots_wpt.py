"""Shadow DOM behaviour checked by web-platform-tests' shadow-dom/ folder: slots and slot assignment,
slotchange, events across shadow boundaries, moveBefore() with slots.

Each test says which WPT file checks the same behaviour (the 2021 snapshot in
../shared/conformance/wpt/shadow-dom); the expectations come from the current DOM and HTML
Standards, and where those changed since the snapshot the test says so.  The other shadow-dom
ports, and the helpers shared here, are in test_shadow_wpt.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import dom
from tests.dom.nodes.test_shadow_wpt import _doc, _flush
from webidl import DOMException

# -- slots.html, slots-fallback.html, HTMLSlotElement-interface.html, Slottable-mixin.html ------


def _component(light: str, shadow: str, mode: str = "open", **init: Any) -> tuple[dom.Document, dom.Element, Any]:
    doc = _doc(f"<div id=h>{light}</div>")
    host = doc.getElementById("h")
    root = host.attachShadow({"mode": mode, **init})
    root.innerHTML = shadow
    return doc, host, root


def test_named_slots_and_the_default_slot() -> None:
    doc, host, root = _component(
        "<p id=c1 slot=s1>1</p><p id=c2 slot=s2>2</p><p id=c3>3</p><p id=c4 slot=missing>4</p>",
        "<slot id=s1 name=s1></slot><slot id=s2 name=s2></slot><slot id=s3></slot><slot id=s1b name=s1></slot>")
    s1, s2, s3, s1b = (root.getElementById(i) for i in ("s1", "s2", "s3", "s1b"))
    c1, c2, c3, c4 = (doc.getElementById(f"c{i}") for i in range(1, 5))
    assert s1.assignedNodes() == [c1] and s2.assignedNodes() == [c2] and s1b.assignedNodes() == []
    assert s3.assignedNodes() == [c3]
    assert c4.assignedSlot is None and c1.assignedSlot is s1
    assert s1.name == "s1" and s3.name == ""
    # the first slot with a name wins; removing it hands its slottables to the next one
    s1.remove()
    assert s1b.assignedNodes() == [c1] and c1.assignedSlot is s1b and s1.assignedNodes() == []
    c4.slot = ""
    assert s3.assignedNodes() == [c3, c4]
    c3.removeAttribute("slot")
    c2.setAttribute("slot", "")
    assert s3.assignedNodes() == [c2, c3, c4]  # tree order, not assignment order


def test_slot_name_with_whitespace_and_case() -> None:
    doc, host, root = _component("<b slot=' A '>x</b><i slot=a>y</i>", "<slot name=' A '></slot><slot name=a></slot>")
    first, second = root.querySelectorAll("slot")
    assert first.assignedNodes() == [host.firstChild]  # names compare exactly
    assert second.assignedNodes() == [host.lastChild]


def test_text_nodes_are_slottables_but_comments_are_not() -> None:
    doc, host, root = _component("text<!--c--><b>b</b>", "<slot></slot>")
    slot = root.firstChild
    text, _comment, b = host.childNodes
    assert slot.assignedNodes() == [text, b] and slot.assignedElements() == [b]
    assert text.assignedSlot is slot
    text.data = ""  # an empty Text node is still a slottable
    assert slot.assignedNodes() == [text, b]


def test_fallback_content() -> None:
    doc, host, root = _component(
        "", "<slot id=s1><p id=f1>fallback</p>text<slot id=s2><i id=f2>nested fallback</i></slot></slot>")
    s1, s2 = root.getElementById("s1"), root.getElementById("s2")
    f1, text, _s2 = s1.childNodes
    f2 = root.getElementById("f2")
    assert s1.assignedNodes() == [] and s1.assignedNodes({"flatten": True}) == [f1, text, f2]
    assert s1.assignedElements({"flatten": True}) == [f1, f2]
    assert s2.assignedNodes({"flatten": True}) == [f2]
    assert f1.assignedSlot is None  # fallback content is not assigned
    light = host.appendChild(doc.createElement("span"))
    assert s1.assignedNodes({"flatten": True}) == [light]  # assigned nodes replace the fallback
    assert s2.assignedNodes({"flatten": True}) == [f2]


def test_nested_slots_flatten_through_each_tree() -> None:
    doc = _doc("<div id=outer><b id=b1>1</b><b id=b2 slot=x>2</b></div>")
    outer = doc.getElementById("outer")
    outer_root = outer.attachShadow({"mode": "open"})
    outer_root.innerHTML = "<div id=inner><slot id=os name=x slot=y></slot><slot id=od></slot></div>"
    inner = outer_root.getElementById("inner")
    inner_root = inner.attachShadow({"mode": "open"})
    inner_root.innerHTML = "<slot id=is name=y></slot><slot id=id></slot>"
    os_, od = outer_root.getElementById("os"), outer_root.getElementById("od")
    is_, id_ = inner_root.getElementById("is"), inner_root.getElementById("id")
    b1, b2 = doc.getElementById("b1"), doc.getElementById("b2")
    assert is_.assignedNodes() == [os_] and id_.assignedNodes() == [od]
    assert is_.assignedNodes({"flatten": True}) == [b2]
    assert id_.assignedNodes({"flatten": True}) == [b1]
    assert os_.assignedSlot is is_ and b2.assignedSlot is os_
    b2.slot = ""
    assert is_.assignedNodes({"flatten": True}) == []  # os has no assigned nodes and no fallback
    assert id_.assignedElements({"flatten": True}) == [b1, b2]


def test_slot_outside_a_shadow_tree() -> None:
    doc = _doc("<slot id=s><b>fallback</b></slot>")
    slot = doc.getElementById("s")
    assert slot.assignedNodes() == [] and slot.assignedNodes({"flatten": True}) == []
    assert slot.assignedElements({"flatten": True}) == []


def test_assigned_slot_of_closed_trees() -> None:
    doc, host, root = _component("<b>x</b>", "<slot></slot>", mode="closed")
    assert root.firstChild.assignedNodes() == [host.firstChild]
    assert host.firstChild.assignedSlot is None  # https://dom.spec.whatwg.org/#dom-slotable-assignedslot
    # a slot in a closed tree assigned into an open one is likewise hidden from the light node
    doc2, host2, root2 = _component("<b>x</b>", "<div id=i><slot></slot></div>", mode="open")
    inner = root2.getElementById("i")
    inner.attachShadow({"mode": "closed"}).innerHTML = "<slot></slot>"
    assert host2.firstChild.assignedSlot is root2.querySelector("slot")
    assert root2.querySelector("slot").assignedSlot is None


# -- imperative-slot-api.html ------------------------------------------------------------------


def _manual(light: str = "<b id=c1>1</b><b id=c2>2</b><b id=c3>3</b>") -> tuple[dom.Document, dom.Element, Any, list[Any]]:
    doc, host, root = _component(light, "<slot id=s1></slot><slot id=s2></slot><slot id=s3></slot>",
                                 slotAssignment="manual")
    return doc, host, root, [root.getElementById(f"s{i}") for i in (1, 2, 3)]


def test_manual_assignment_ignores_names() -> None:
    doc, host, root, (s1, s2, _s3) = _manual('<b id=c1 slot=s1>1</b>')
    c1 = doc.getElementById("c1")
    s1.name = "s1"
    assert s1.assignedNodes() == [] and c1.assignedSlot is None
    s1.assign(c1)
    assert s1.assignedNodes() == [c1] and c1.assignedSlot is s1


def test_assign_moves_between_slots_and_deduplicates() -> None:
    doc, host, root, (s1, s2, s3) = _manual()
    c1, c2, c3 = (doc.getElementById(f"c{i}") for i in (1, 2, 3))
    s1.assign(c2, c1, c2)  # an ordered set: the first occurrence keeps its place
    assert s1.assignedNodes() == [c2, c1]
    s2.assign(c1, c3)
    assert s1.assignedNodes() == [c2] and s2.assignedNodes() == [c1, c3]
    s1.assign()
    assert s1.assignedNodes() == [] and c2.assignedSlot is None
    s2.assign(c3)  # reassigning a slot clears the nodes it had
    assert c1.assignedSlot is None and s2.assignedNodes() == [c3]


def test_manual_assignment_follows_the_slot_and_the_slottable() -> None:
    doc, host, root, (s1, s2, _s3) = _manual()
    c1, c2, _c3 = (doc.getElementById(f"c{i}") for i in (1, 2, 3))
    s1.assign(c1, c2)
    c1.remove()  # no longer the host's child: not assigned, but remembered
    assert s1.assignedNodes() == [c2] and c1.assignedSlot is None
    host.prepend(c1)
    # https://dom.spec.whatwg.org/#concept-node-insert step 7.4 assigns a slot only in named
    # mode, and step 7.6 assigns the slots of the inserted node's own tree (the document):
    # the manual slot's assigned nodes are recomputed at its next assignment.  Chromium
    # (WPT imperative-slot-api.html) assigns at once; the standard wins.
    assert s1.assignedNodes() == [c2]
    s2.assign()
    assert s1.assignedNodes() == [c1, c2]  # tree order of the host's children
    s1.remove()
    assert c1.assignedSlot is None and s1.assignedNodes() == []
    root.append(s1)  # the slot comes back: its manually assigned nodes are assigned again
    assert s1.assignedNodes() == [c1, c2]


def test_assign_to_a_slot_of_a_named_tree_or_no_tree() -> None:
    doc, host, root = _component("<b>x</b>", "<slot></slot>")
    slot = root.firstChild
    b = host.firstChild
    slot.assign(b)  # remembered, but named assignment decides
    assert slot.assignedNodes() == [b]
    lone = doc.createElement("slot")
    lone.assign(b)
    assert lone.assignedNodes() == [] and b.assignedSlot is slot
    with pytest.raises(TypeError):
        slot.assign(doc.createComment("no"))
    with pytest.raises(TypeError):
        slot.assign("text")


def test_assigning_a_node_of_another_host() -> None:
    doc, host, root, (s1, _s2, _s3) = _manual()
    other = doc.body.appendChild(doc.createElement("div"))
    other_child = other.appendChild(doc.createElement("i"))
    s1.assign(other_child)
    assert s1.assignedNodes() == [] and other_child.assignedSlot is None


# -- slotchange.html, slotchange-event.html, imperative-slot-api-slotchange.html ----------------


def _listen(*targets: Any) -> list[tuple[str, Any]]:
    seen: list[tuple[str, Any]] = []
    for target in targets:
        target.addEventListener("slotchange", lambda e, t=target: seen.append((e.target.id, t)))
    return seen


def test_slotchange_fires_once_per_slot_after_mutation_observers() -> None:
    doc, host, root = _component("<b id=c1>1</b>", "<slot id=s></slot>")
    slot = root.getElementById("s")
    _flush()
    order: list[str] = []
    observer = dom.MutationObserver(lambda records, _o: order.append("observer"))
    observer.observe(host, {"childList": True})
    slot.addEventListener("slotchange", lambda e: order.append(f"slotchange {e.bubbles} {e.composed}"))
    host.append(doc.createElement("i"))
    host.append(doc.createElement("i"))
    host.firstChild.remove()
    assert order == []
    _flush()
    # https://dom.spec.whatwg.org/#notify-mutation-observers: callbacks, then slotchange events
    assert order == ["observer", "slotchange True False"]


def test_slotchange_bubbles_within_the_shadow_tree_only() -> None:
    doc, host, root = _component("", "<div id=wrap><slot id=s></slot></div>")
    _flush()
    seen = _listen(root.getElementById("s"), root.getElementById("wrap"), root, host, doc)
    host.append(doc.createTextNode("t"))
    _flush()
    assert [t for _, t in seen] == [root.getElementById("s"), root.getElementById("wrap"), root]


def test_slotchange_for_renamed_slots_and_slottables() -> None:
    doc, host, root = _component("<b id=c slot=a>c</b>", "<slot id=a name=a></slot><slot id=b name=b></slot>")
    a, b = root.getElementById("a"), root.getElementById("b")
    _flush()
    seen = _listen(a, b)
    doc.getElementById("c").slot = "b"
    _flush()
    assert sorted(i for i, _ in seen) == ["a", "b"]
    seen.clear()
    doc.getElementById("c").slot = "b"  # unchanged: no event
    _flush()
    assert seen == []
    a.name = "b"  # a is now first for "b"
    _flush()
    assert sorted(i for i, _ in seen) == ["a", "b"]


def test_slotchange_when_fallback_content_changes() -> None:
    # https://dom.spec.whatwg.org/#concept-node-insert step 7.5: a slot with no assigned nodes
    # signals a change when a child is inserted (its fallback content changed)
    doc, host, root = _component("", "<slot id=s></slot>")
    slot = root.getElementById("s")
    _flush()
    seen = _listen(slot)
    slot.append(doc.createElement("i"))
    _flush()
    assert [i for i, _ in seen] == ["s"]
    slot.firstChild.remove()  # removal step 13
    _flush()
    assert len(seen) == 2
    host.append(doc.createElement("u"))  # now assigned
    _flush()
    assert len(seen) == 3
    slot.append(doc.createElement("i"))  # fallback of a slot with assigned nodes: nothing
    _flush()
    assert len(seen) == 3


def test_slotchange_for_slots_inserted_and_removed() -> None:
    doc, host, root = _component("<b>x</b>", "")
    _flush()
    slot = doc.createElement("slot")
    seen = _listen(slot, root)
    root.append(slot)
    _flush()
    assert [t for _, t in seen] == [slot, root]
    seen.clear()
    slot.remove()
    _flush()
    assert [t for _, t in seen] == [slot]  # fired at the removed slot, which no longer reaches root


def test_slotchange_not_fired_outside_shadow_trees_or_without_change() -> None:
    doc = _doc("<slot id=s></slot>")
    slot = doc.getElementById("s")
    _flush()
    seen = _listen(slot)
    slot.append(doc.createElement("i"))
    _flush()
    assert seen == []
    doc2, host, root = _component("", "<slot id=s name=x></slot>")
    _flush()
    seen = _listen(root.getElementById("s"))
    host.append(doc2.createElement("i"))  # for the default slot, and there is none
    _flush()
    assert seen == []


def test_slotchange_for_nested_slots() -> None:
    doc = _doc("<div id=outer></div>")
    outer = doc.getElementById("outer")
    outer_root = outer.attachShadow({"mode": "open"})
    outer_root.innerHTML = "<div id=inner><slot id=os></slot></div>"
    inner = outer_root.getElementById("inner")
    inner_root = inner.attachShadow({"mode": "open"})
    inner_root.innerHTML = "<slot id=is></slot>"
    _flush()
    seen = _listen(outer_root.getElementById("os"), inner_root.getElementById("is"))
    outer.append(doc.createElement("b"))
    _flush()
    # Only the slot whose assigned nodes changed is signalled (the inner slot's assigned node,
    # the outer slot, is unchanged); the inner slot hears the event as it bubbles from the
    # outer slot through its assigned slot, with the outer slot as target.
    assert [(i, t.id) for i, t in seen] == [("os", "os"), ("os", "is")]


def test_slotchange_for_manual_assignment() -> None:
    doc, host, root, (s1, s2, _s3) = _manual()
    _flush()
    seen = _listen(s1, s2)
    c1 = doc.getElementById("c1")
    s1.assign(c1)
    _flush()
    assert [i for i, _ in seen] == ["s1"]
    seen.clear()
    s1.assign(c1)  # the same assignment: no change
    _flush()
    assert seen == []
    s2.assign(c1)
    _flush()
    assert sorted(i for i, _ in seen) == ["s1", "s2"]


# -- event-composed-path.html, event-inside-shadow-tree.html, event-composed.html ---------------


def _nested(mode: str) -> dict[str, Any]:
    """A host in the document; a host inside its shadow tree; a target inside that one."""
    doc = _doc("<div id=host><span id=light>l</span></div>")
    nodes: dict[str, Any] = {"doc": doc, "host": doc.getElementById("host"), "light": doc.getElementById("light")}
    nodes["root"] = nodes["host"].attachShadow({"mode": mode})
    nodes["root"].innerHTML = "<div id=wrap><span id=inner_host></span><slot id=slot></slot></div>"
    nodes["wrap"] = nodes["root"].getElementById("wrap")
    nodes["slot"] = nodes["root"].getElementById("slot")
    nodes["inner_host"] = nodes["root"].getElementById("inner_host")
    nodes["inner_root"] = nodes["inner_host"].attachShadow({"mode": mode})
    nodes["inner_root"].innerHTML = "<p id=target>t</p>"
    nodes["target"] = nodes["inner_root"].getElementById("target")
    return nodes


@pytest.mark.parametrize("mode", ["open", "closed"])
def test_composed_path_seen_from_each_tree(mode: str) -> None:
    n = _nested(mode)
    doc = n["doc"]
    seen: dict[str, tuple[Any, list[Any]]] = {}
    for name in ("target", "inner_root", "inner_host", "root", "host", "doc"):
        n[name].addEventListener("e", lambda e, k=name: seen.__setitem__(k, (e.target, e.composedPath())))
    n["target"].dispatchEvent(dom.Event("e", bubbles=True, composed=True))
    window = doc.defaultView
    light_tail = [n["host"], doc.body, doc.documentElement, doc, window]
    outer_tail = [n["inner_host"], n["wrap"], n["root"], *light_tail]
    full = [n["target"], n["inner_root"], *outer_tail]
    assert seen["target"] == (n["target"], full) and seen["inner_root"] == (n["target"], full)
    hidden = mode == "closed"
    assert seen["inner_host"] == (n["inner_host"], outer_tail if hidden else full)
    assert seen["root"] == (n["inner_host"], outer_tail if hidden else full)
    assert seen["host"] == (n["host"], light_tail if hidden else full)
    assert seen["doc"] == (n["host"], light_tail if hidden else full)


def test_uncomposed_event_stops_at_its_shadow_root() -> None:
    n = _nested("open")
    reached: list[str] = []
    for name in ("target", "inner_root", "inner_host", "root", "host", "doc"):
        n[name].addEventListener("e", lambda e, k=name: reached.append(k))
    event = dom.Event("e", bubbles=True)
    n["target"].dispatchEvent(event)
    assert reached == ["target", "inner_root"]
    assert event.composedPath() == [] and event.target is None  # cleared: the target was in a shadow tree
    assert event.composed is False


def test_composed_path_through_a_slot() -> None:
    n = _nested("open")
    doc = n["doc"]
    paths: dict[str, list[Any]] = {}
    for name in ("light", "slot", "root", "host"):
        n[name].addEventListener("e", lambda e, k=name: paths.__setitem__(k, e.composedPath()))
    n["light"].dispatchEvent(dom.Event("e", bubbles=True))  # not composed: slots are still entered
    expected = [n["light"], n["slot"], n["wrap"], n["root"], n["host"], doc.body, doc.documentElement, doc,
                doc.defaultView]
    assert paths == {name: expected for name in ("light", "slot", "root", "host")}


def test_composed_path_after_dispatch_and_mutation() -> None:
    n = _nested("open")
    event = dom.Event("e", bubbles=True, composed=True)
    captured: list[Any] = []
    n["host"].addEventListener("e", lambda e: (captured.append(e.composedPath()), n["host"].remove()))
    n["target"].dispatchEvent(event)
    # the path is built before dispatch; removing a node while dispatching does not change it
    assert captured[0][0] is n["target"] and n["host"] in captured[0]
    assert event.composedPath() == [] and event.eventPhase == 0 and event.currentTarget is None


def test_event_listener_at_host_sees_at_target_phase() -> None:
    n = _nested("open")
    phases: list[tuple[str, int]] = []
    n["host"].addEventListener("e", lambda e: phases.append(("capture", e.eventPhase)), True)
    n["host"].addEventListener("e", lambda e: phases.append(("bubble", e.eventPhase)))
    n["wrap"].addEventListener("e", lambda e: phases.append(("wrap capture", e.eventPhase)), True)
    n["wrap"].addEventListener("e", lambda e: phases.append(("wrap bubble", e.eventPhase)))
    n["target"].dispatchEvent(dom.Event("e", bubbles=True, composed=True))
    # capturing listeners run first at a host that is a retargeted target
    assert phases == [("capture", 2), ("wrap capture", 1), ("wrap bubble", 3), ("bubble", 2)]


def test_stop_propagation_inside_shadow_tree() -> None:
    n = _nested("open")
    reached: list[str] = []
    n["inner_root"].addEventListener("e", lambda e: e.stopPropagation())
    for name in ("inner_host", "host"):
        n[name].addEventListener("e", lambda e, k=name: reached.append(k))
    n["target"].dispatchEvent(dom.Event("e", bubbles=True, composed=True))
    assert reached == []


# -- moveBefore() across shadow boundaries (https://dom.spec.whatwg.org/#move) ------------------


def test_move_before_keeps_slot_assignment_current() -> None:
    doc, host, root = _component("<b id=b slot=a>b</b><i id=i>i</i>", "<slot id=a name=a></slot><slot id=d></slot>")
    a, d = root.getElementById("a"), root.getElementById("d")
    b, i = doc.getElementById("b"), doc.getElementById("i")
    _flush()
    seen = _listen(a, d)
    host.moveBefore(i, b)  # reorder within the host: the default slot's nodes are the same
    assert d.assignedNodes() == [i] and a.assignedNodes() == [b]
    doc.body.moveBefore(b, None)  # out of the host: unassigned (steps 14-16)
    assert a.assignedNodes() == [] and b.assignedSlot is None
    root.moveBefore(d, a)  # a slot moved inside its shadow tree stays assigned
    assert d.assignedNodes() == [i]
    _flush()
    # https://dom.spec.whatwg.org/#move steps 14 and 23 reassign d (emptied, then refilled)
    # even when the node comes back to the same slot: d is signalled, like a remove and insert
    assert [x for x, _ in seen] == ["d", "a"]


def test_move_before_across_a_shadow_boundary() -> None:
    # https://dom.spec.whatwg.org/#move step 1 compares shadow-including roots: a node may move
    # from the light tree into a connected shadow tree of the same document, and back
    doc, host, root = _component("<b id=b>b</b>", "<slot id=d></slot><p id=p></p>")
    b, p, d = doc.getElementById("b"), root.getElementById("p"), root.getElementById("d")
    p.moveBefore(b, None)
    assert b.parentNode is p and d.assignedNodes() == [] and b.isConnected
    doc.body.moveBefore(b, None)
    assert b.parentNode is doc.body
    with pytest.raises(DOMException) as info:
        p.moveBefore(host, None)  # the host would be inside its own shadow tree
    assert info.value.name == "HierarchyRequestError"
    detached = doc.createElement("div")
    with pytest.raises(DOMException) as info:
        detached.moveBefore(b, None)  # different shadow-including roots
    assert info.value.name == "HierarchyRequestError"
