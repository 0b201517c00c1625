"""The event path across shadow trees (https://dom.spec.whatwg.org/#concept-event-dispatch).

Each path item is a tuple (invocation target, shadow-adjusted target, root-of-closed-tree,
slot-in-closed-tree, relatedTarget, invocation-target-in-shadow-tree); the adjusted target is
None for items whose target is the one of an earlier item.  The relatedTarget (FocusEvent's and
MouseEvent's, dom.ui_events) is retargeted against each item; an absent one retargets to
itself, null.  There are no touch target lists here (no TouchEvent), so their steps are left
out.
"""

from __future__ import annotations

from typing import Any

from . import registry
from .nodes.node import Node
from .nodes.shadow_host import is_shadow_root
from .nodes.slots import assigned_slot

__all__ = [
    "build_path", "retarget", "composed_path", "invocation_target_in_shadow_tree", "PathItem",
    "shadow_including_inclusive_ancestor",
]

PathItem = tuple[Any, Any, bool, bool, Any, bool]


def _root(node: Any) -> Any:
    return node.getRootNode()


def _is_node(target: Any) -> bool:
    return isinstance(target, Node)


def shadow_including_inclusive_ancestor(a: Any, b: Any) -> bool:
    """https://dom.spec.whatwg.org/#concept-shadow-including-inclusive-ancestor"""
    node = b
    while node is not None:
        if node is a:
            return True
        parent = node.parentNode
        node = node._host if parent is None and is_shadow_root(node) else parent
    return False


def retarget(a: Any, b: Any) -> Any:
    """https://dom.spec.whatwg.org/#retarget"""
    while True:
        if not _is_node(a):
            return a
        root = _root(a)
        if not is_shadow_root(root) or (_is_node(b) and shadow_including_inclusive_ancestor(root, b)):
            return a
        a = root._host


def _append(path: list[PathItem], target: Any, adjusted: Any, related_target: Any, slot_in_closed_tree: bool) -> None:
    """https://dom.spec.whatwg.org/#concept-event-path-append"""
    in_shadow_tree = _is_node(target) and is_shadow_root(_root(target))  # 1-2
    root_of_closed_tree = is_shadow_root(target) and target._mode == "closed"
    path.append((target, adjusted, root_of_closed_tree, slot_in_closed_tree, related_target, in_shadow_tree))


def build_path(event: Any, target: Any, is_activation_event: bool, target_override: Any = None) -> tuple[Any, bool]:
    """Steps 5.1-5.10 of the dispatch algorithm: fills ``event._path`` and returns the
    activation target and clearTargets (*target_override*: step 3's, target when None)."""
    path: list[PathItem] = []
    event._path = path
    activation_target = None
    original_related = event._related_target
    related_target = retarget(original_related, target)  # step 4
    override = target if target_override is None else target_override
    _append(path, target, override, related_target, False)  # 5.2
    if is_activation_event and target._activation_behavior() is not None:  # 5.4
        activation_target = target
    slottable = target if _is_node(target) and _assigned(target) else None  # 5.5
    slot_in_closed_tree = False  # 5.6
    # How many trees below target's tree the walk is: "get the parent" enters a shadow tree
    # through an assigned slot and leaves one from its root to the host; a parent is a
    # shadow-including descendant of target's root while this is not negative (O(1) a step,
    # instead of walking up from every parent).
    level = 0
    parent = target._get_the_parent(event)  # 5.7
    while parent is not None:  # 5.8
        if original_related is not None:  # 5.8.3 (null retargets to null)
            related_target = retarget(original_related, parent)
        if slottable is not None:  # 5.8.1
            slottable = None
            level += 1
            root = _root(parent)
            if is_shadow_root(root) and root._mode == "closed":
                slot_in_closed_tree = True
        elif is_shadow_root(path[-1][0]) and parent is path[-1][0]._host:
            level -= 1
        if _is_node(parent) and _assigned(parent):  # 5.8.2
            slottable = parent
        if not _is_node(parent) or level >= 0:  # 5.8.5
            if (is_activation_event and event._bubbles and activation_target is None
                    and parent._activation_behavior() is not None):
                activation_target = parent
            _append(path, parent, None, related_target, slot_in_closed_tree)
        elif parent is related_target:  # 5.8.6: the path stops where the relatedTarget is
            break
        else:  # 5.8.7: the parent is the host of target's tree: it becomes the target
            target = parent
            level = 0
            if is_activation_event and activation_target is None and target._activation_behavior() is not None:
                activation_target = target
            _append(path, parent, target, related_target, slot_in_closed_tree)
        parent = parent._get_the_parent(event)  # 5.8.8
        slot_in_closed_tree = False  # 5.8.9
    # 5.9-5.10: clear the targets when the last adjusted target or its relatedTarget is in a
    # shadow tree.
    last = next(item for item in reversed(path) if item[1] is not None)
    clear_targets = any(_is_node(t) and is_shadow_root(_root(t)) for t in (last[1], last[4]))
    return activation_target, clear_targets


def invocation_target_in_shadow_tree(event: Any) -> bool:
    """The invocation-target-in-shadow-tree of the path item being invoked (the one whose
    invocation target is the event's currentTarget), as the event path was built: HTML's
    ``window.event`` is left alone for it (https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke
    steps 8-9).  False outside of dispatch."""
    current = event._current_target
    return any(item[0] is current and item[5] for item in event._path)


def _assigned(node: Any) -> bool:
    return assigned_slot(node) is not None


def composed_path(event: Any) -> list[Any]:
    """https://dom.spec.whatwg.org/#dom-event-composedpath"""
    path: list[PathItem] = event._path
    if not path:  # 3
        return []
    current = event._current_target  # 4-6
    result = [current]
    current_index = 0  # 7
    hidden = 0  # 8: currentTargetHiddenSubtreeLevel
    index = len(path) - 1  # 9
    while index >= 0:  # 10
        if path[index][2]:
            hidden += 1
        if path[index][0] is current:
            current_index = index
            break
        if path[index][3]:
            hidden -= 1
        index -= 1
    level = max_level = hidden  # 11
    index = current_index - 1  # 12
    while index >= 0:  # 13
        if path[index][2]:
            level += 1
        if level <= max_level:
            result.insert(0, path[index][0])
        if path[index][3]:
            level -= 1
            max_level = min(max_level, level)
        index -= 1
    level = max_level = hidden  # 14
    index = current_index + 1  # 15
    while index < len(path):  # 16
        if path[index][3]:
            level += 1
        if level <= max_level:
            result.append(path[index][0])
        if path[index][2]:
            level -= 1
            max_level = min(max_level, level)
        index += 1
    return result


# dom.events, on which the node tree builds, reaches the event path through dom.registry.
registry.build_path = build_path
registry.retarget = retarget
registry.composed_path = composed_path
