"""Slots and slottables (https://dom.spec.whatwg.org/#shadow-tree-slots).

A slot is an HTML ``<slot>`` element; its assigned nodes live in its wrapper
(``slot._assigned_nodes``), its manually assigned nodes in ``slot._manually_assigned`` (fields
HTMLSlotElement declares).  A slottable (an Element or a Text) keeps its assigned
slot and its manual slot assignment in weak maps here, since Text wrappers declare no such fields:
weak both ways, since a slot holds its document and the document every node of it, so a slot
held by the map would keep its document alive for ever.
Everything is a no-op until a shadow root is first attached (``shadow_host.state``).
"""

from __future__ import annotations

import weakref
from typing import Any

from html_infra.infra import HTML_NAMESPACE

from .. import registry
from ..mutation_observers import queue_mutation_observer_microtask, signal_slots
from .identity import node_for
from .node import ELEMENT_NODE, TEXT_NODE, Node
from .shadow_host import is_shadow_root, shadow_root_of, state

__all__ = [
    "assigned_slot", "assigned_slot_for_bindings", "find_a_slot", "find_slottables", "find_flattened_slottables",
    "assign_slottables", "assign_slottables_for_a_tree", "assign_a_slot", "signal_a_slot_change", "is_slot",
    "after_insert", "before_remove", "after_remove", "slot_attribute_changed", "manual_assign",
    "assigned_nodes", "manually_assigned_nodes",
]



class _SlotMap:
    """slottable -> slot, holding neither (a slot wrapper lives as long as its document)."""

    __slots__ = ("_slots",)

    def __init__(self) -> None:
        self._slots: weakref.WeakKeyDictionary[Node, weakref.ref[Any]] = weakref.WeakKeyDictionary()

    def get(self, node: Any) -> Any:
        found = self._slots.get(node)
        return None if found is None else found()

    def set(self, node: Any, slot: Any) -> None:
        self._slots[node] = weakref.ref(slot)

    def forget(self, node: Any, slot: Any) -> None:
        """Drop *node*'s entry if it is *slot*."""
        if self.get(node) is slot:
            del self._slots[node]


_ASSIGNED_SLOT = _SlotMap()
_MANUAL_SLOT = _SlotMap()
_SLOT_TAGS = ("slot", "{" + HTML_NAMESPACE + "}slot")


def is_slot(node: Any) -> bool:
    """https://dom.spec.whatwg.org/#concept-slot -- the HTML slot element."""
    slot: bool = node.nodeType == ELEMENT_NODE and node._ns == HTML_NAMESPACE and node._local == "slot"
    return slot


def _is_slottable(node: Any) -> bool:
    """https://dom.spec.whatwg.org/#concept-slotable -- Element and Text nodes."""
    return node.nodeType in (ELEMENT_NODE, TEXT_NODE)


def _slot_name(slot: Any) -> str:
    """https://dom.spec.whatwg.org/#slot-name -- a slot's name attribute."""
    return slot.getAttribute("name") or ""


def _slottable_name(node: Any) -> str:
    """https://dom.spec.whatwg.org/#slotable-name -- an element's slot attribute (a slot is a
    slottable too, named by its slot attribute); a Text node's name is the empty string."""
    if node.nodeType != ELEMENT_NODE:
        return ""
    return node.getAttribute("slot") or ""


def assigned_nodes(slot: Any) -> list[Node]:
    """A slot's assigned nodes (https://html.spec.whatwg.org/#slot-assigned-nodes)."""
    try:
        value: list[Node] = slot._assigned_nodes
        return value
    except AttributeError:  # not assigned yet
        return []


def manually_assigned_nodes(slot: Any) -> list[Node]:
    """A slot's manually assigned nodes (https://html.spec.whatwg.org/#manually-assigned-nodes)."""
    try:
        value: list[Node] = slot._manually_assigned
        return value
    except AttributeError:
        return []


def _slots_in(root: Any) -> list[Any]:
    """The slots among *root*'s inclusive descendants, in tree order (found by lxml in C)."""

    lx = getattr(root, "_lx", None)
    if lx is None:  # a Document's lxml tree hangs off its document element
        element = getattr(root, "documentElement", None)
        if element is None:
            return []
        lx = element._lx
    document = root._doc if root.nodeType != 9 else root
    found = [node_for(x, document) for x in lx.iter(*_SLOT_TAGS)]
    return [slot for slot in found if is_slot(slot)]


def assigned_slot(node: Any) -> Any:
    """The node's assigned slot (https://dom.spec.whatwg.org/#slotable-assigned-slot), or None."""
    if not state["active"]:
        return None
    return _ASSIGNED_SLOT.get(node)


def assigned_slot_for_bindings(node: Any) -> Any:
    """https://dom.spec.whatwg.org/#dom-slotable-assignedslot: find a slot with open true."""
    if not state["active"]:
        return None
    return find_a_slot(node, open_only=True)


def find_a_slot(slottable: Any, open_only: bool = False) -> Any:
    """https://dom.spec.whatwg.org/#find-a-slot"""
    # 1. No parent: null.
    parent = slottable.parentNode
    if parent is None:
        return None
    # 2-3. The parent's shadow root.
    shadow = shadow_root_of(parent)
    if shadow is None:
        return None
    # 4. Only open shadow roots, if asked.
    if open_only and shadow._mode != "open":
        return None
    # 5. Manual assignment: the slot whose manually assigned nodes contain slottable.
    if shadow._slot_assignment == "manual":
        slot = _MANUAL_SLOT.get(slottable)
        if slot is not None and slot.getRootNode() is shadow:
            return slot
        return None
    # 6. The first slot in tree order whose name is slottable's name.
    name = _slottable_name(slottable)
    for slot in _slots_in(shadow):
        if _slot_name(slot) == name:
            return slot
    return None


def find_slottables(slot: Any) -> list[Node]:
    """https://dom.spec.whatwg.org/#find-slotables"""
    result: list[Node] = []
    root = slot.getRootNode()
    if not is_shadow_root(root):  # 3
        return result
    host = root._host
    if root._slot_assignment == "manual":  # 5
        for slottable in manually_assigned_nodes(slot):
            if slottable.parentNode is host:
                result.append(slottable)
    else:  # 6
        for child in host._children():
            if _is_slottable(child) and find_a_slot(child) is slot:
                result.append(child)
    return result


def find_flattened_slottables(slot: Any) -> list[Node]:
    """https://dom.spec.whatwg.org/#find-flattened-slotables (a work list, not recursion)."""
    result: list[Node] = []
    if not is_shadow_root(slot.getRootNode()):  # 2
        return result
    # A stack of iterators over the nodes to flatten, one per slot being expanded.
    stack = [iter(_slottables_or_fallback(slot))]
    while stack:
        node = next(stack[-1], None)
        if node is None:
            stack.pop()
        elif is_slot(node) and is_shadow_root(node.getRootNode()):  # 5.1
            stack.append(iter(_slottables_or_fallback(node)))
        else:
            result.append(node)
    return result


def _slottables_or_fallback(slot: Any) -> list[Node]:
    # 3-4. The slot's slottables, else its slottable children (the fallback content).
    slottables = find_slottables(slot)
    if not slottables:
        slottables = [child for child in slot._children() if _is_slottable(child)]
    return slottables


def assign_slottables(slot: Any) -> None:
    """https://dom.spec.whatwg.org/#assign-slotables"""
    slottables = find_slottables(slot)  # 1
    old = assigned_nodes(slot)
    if len(old) != len(slottables) or any(a is not b for a, b in zip(old, slottables)):
        signal_a_slot_change(slot)  # 2
    slot._assigned_nodes = slottables  # 3
    for node in old:  # nodes that left this slot are no longer assigned to it
        _ASSIGNED_SLOT.forget(node, slot)
    for node in slottables:  # 4
        _ASSIGNED_SLOT.set(node, slot)


def assign_slottables_for_a_tree(root: Any) -> None:
    """https://dom.spec.whatwg.org/#assign-slotables-for-a-tree"""
    for slot in _slots_in(root):
        assign_slottables(slot)


def assign_a_slot(slottable: Any) -> None:
    """https://dom.spec.whatwg.org/#assign-a-slot"""
    slot = find_a_slot(slottable)
    if slot is not None:
        assign_slottables(slot)


def signal_a_slot_change(slot: Any) -> None:
    """https://dom.spec.whatwg.org/#signal-a-slot-change -- slotchange fires at the next
    mutation observer microtask (dom.notify_mutation_observers)."""

    if not any(s is slot for s in signal_slots):
        signal_slots.append(slot)
    queue_mutation_observer_microtask()


def _has_slot(node: Any) -> bool:
    """Whether *node* has an inclusive descendant that is a slot."""
    lx = getattr(node, "_lx", None)
    if lx is None or node.nodeType != ELEMENT_NODE:
        return False
    return bool(_slots_in(node))


# -- hooks of the mutation algorithms ---------------------------------------------------------


def after_insert(node: Any, parent: Any) -> None:
    """Steps 7.4-7.6 of https://dom.spec.whatwg.org/#concept-node-insert, for one node."""
    shadow = shadow_root_of(parent)
    if shadow is not None and shadow._slot_assignment == "named" and _is_slottable(node):
        assign_a_slot(node)  # 7.4
    if is_slot(parent) and not assigned_nodes(parent) and is_shadow_root(parent.getRootNode()):
        signal_a_slot_change(parent)  # 7.5
    if _has_slot(node):  # 7.6 (a tree without a new slot keeps its assignments)
        assign_slottables_for_a_tree(node.getRootNode())


def before_remove(node: Any) -> Any:
    """The node's assigned slot, read before https://dom.spec.whatwg.org/#concept-node-remove."""
    return _ASSIGNED_SLOT.get(node)


def after_remove(node: Any, parent: Any, slot: Any) -> None:
    """Steps 10-12 of https://dom.spec.whatwg.org/#concept-node-remove."""
    if slot is not None:
        assign_slottables(slot)  # 10
    if is_slot(parent) and not assigned_nodes(parent) and is_shadow_root(parent.getRootNode()):
        signal_a_slot_change(parent)  # 11
    if _has_slot(node):  # 12
        assign_slottables_for_a_tree(parent.getRootNode())
        assign_slottables_for_a_tree(node)


def slot_attribute_changed(element: Any, local_name: str, old: str | None, value: str | None) -> None:
    """The attribute change steps of https://dom.spec.whatwg.org/#shadow-tree-slots (a slot's
    ``name``, a slottable's ``slot``); called for null-namespace attributes.  Nothing to do until
    the first shadow root is attached."""
    if not state["active"]:
        return
    if value == old or (value is None and old == "") or (value == "" and old is None):
        return
    if local_name == "name" and is_slot(element):
        assign_slottables_for_a_tree(element.getRootNode())
    if local_name == "slot":
        slot = _ASSIGNED_SLOT.get(element)
        if slot is not None:
            assign_slottables(slot)
        assign_a_slot(element)


def manual_assign(slot: Any, nodes: tuple[Node, ...]) -> None:
    """https://html.spec.whatwg.org/#dom-slot-assign (of nodes the binding converted to
    ``(Element or Text)``)"""

    for node in manually_assigned_nodes(slot):  # 1
        _MANUAL_SLOT.forget(node, slot)
    nodes_set: list[Node] = []  # 2
    for node in nodes:  # 3
        previous = _MANUAL_SLOT.get(node)
        if previous is not None and previous is not slot:
            previous._manually_assigned = [n for n in manually_assigned_nodes(previous) if n is not node]
        _MANUAL_SLOT.set(node, slot)
        if not any(n is node for n in nodes_set):
            nodes_set.append(node)
    slot._manually_assigned = nodes_set  # 4
    state["active"] = True
    assign_slottables_for_a_tree(slot.getRootNode())  # 5
    registry.style_state_changed(slot._doc)  # (the flat tree changed, and no tree mutation said so)


# Node's "get the parent" (dom.nodes.node, on which this module builds) reaches the assigned slot
# through dom.registry.
registry.assigned_slot = assigned_slot


# Element's and Text's assignedSlot and Element's attribute change steps (dom.nodes.element and
# dom.nodes.character_data, on which this module builds) reach these through dom.registry.
registry.assigned_slot_for_bindings = assigned_slot_for_bindings
registry.slot_attribute_changed = slot_attribute_changed
