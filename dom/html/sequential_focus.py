"""Sequential focus navigation (https://html.spec.whatwg.org/#sequential-focus-navigation)
without a layout engine: the order is the document's flattened tabindex-ordered focus navigation
scope, built from the focus navigation scopes of the document, its shadow hosts and its slots
(https://html.spec.whatwg.org/#focus-navigation-scope-owner), and moving along it runs the
focusing steps of dom/html/focus.py.  Popover triggers are not scope owners here (no popover
invoker is tracked for that).
"""

from __future__ import annotations

from typing import Any

from ..nodes.shadow_host import is_shadow_root
from ..nodes.slots import assigned_slot, is_slot
from .focus import focused_area, focusing_steps, is_focusable_area, tabindex_value, unfocusing_steps

__all__ = ["navigate_sequentially", "sequential_focus_navigation_order"]


def _shadow_including_elements(document: Any) -> list[Any]:
    """The document's elements in shadow-including tree order (a host, then its shadow tree,
    then its children)."""
    found: list[Any] = []
    stack = list(reversed(document.children))
    while stack:
        element = stack.pop()
        found.append(element)
        children = list(element.children)
        root = getattr(element, "_shadow_root", None)
        if root is not None:
            children = list(root.children) + children
        stack.extend(reversed(children))
    return found


def _is_scope_owner(element: Any) -> bool:
    """https://html.spec.whatwg.org/#focus-navigation-scope-owner (an element: a shadow host or a slot)."""
    return getattr(element, "_shadow_root", None) is not None or is_slot(element)


def _associated_owner(element: Any, known: dict[Any, Any]) -> Any:
    """https://html.spec.whatwg.org/#associated-focus-navigation-owner (*known* holds the
    answers for elements met before: their ancestors come first in tree order)."""
    parent = element.parentNode
    if parent is None:  # 1.
        return None
    if parent.nodeType == 1 and getattr(parent, "_shadow_root", None) is not None:  # 2.
        return assigned_slot(element)
    if is_shadow_root(parent):  # 3.
        return parent._host
    if parent.nodeType == 9 or parent is parent.ownerDocument.documentElement:  # 4. (and the root)
        return parent if parent.nodeType == 9 else parent.ownerDocument
    return known.get(parent)  # 6.


def _negative(element: Any) -> bool:
    value = tabindex_value(element)
    return value is not None and value < 0


def _tabindex_order(items: list[Any]) -> list[Any]:
    """https://html.spec.whatwg.org/#the-tabindex-attribute: positive values first, ascending,
    then zero or none; ties in shadow-including tree order (*items* is in that order)."""
    def key(item: Any) -> tuple[int, int]:
        value = tabindex_value(item)
        return (0, value) if value is not None and value > 0 else (1, 0)
    return sorted(items, key=key)


def _sequentially_focusable(element: Any) -> bool:
    """https://html.spec.whatwg.org/#sequentially-focusable, as the user agent determines it: a
    focusable area, but not a slot, which has no box of its own to show focus on (display:
    contents; the tabindex attribute's zero value only says "should"), as browsers decide."""
    return is_focusable_area(element) and not is_slot(element)


def sequential_focus_navigation_order(document: Any) -> list[Any]:
    """The document's https://html.spec.whatwg.org/#flattened-tabindex-ordered-focus-navigation-scope."""
    known: dict[Any, Any] = {}
    scopes: dict[Any, list[Any]] = {}
    for element in _shadow_including_elements(document):
        owner = known[element] = _associated_owner(element, known)
        if owner is not None:
            scopes.setdefault(owner, []).append(element)

    def flattened(owner: Any) -> list[Any]:
        # https://html.spec.whatwg.org/#tabindex-ordered-focus-navigation-scope: the scope
        # owners and the focusable areas of the owner's scope, less negative tabindex values
        ordered = _tabindex_order([
            element for element in scopes.get(owner, ())
            if (_is_scope_owner(element) or _sequentially_focusable(element)) and not _negative(element)
        ])
        result: list[Any] = []
        for item in ordered:
            if not _is_scope_owner(item):
                result.append(item)
            elif not _sequentially_focusable(item):  # 2.2
                result.extend(flattened(item))
            else:  # 2.3
                result.append(item)
                result.extend(flattened(item))
        return result

    return flattened(document)


def navigate_sequentially(document: Any, forward: bool = True) -> Any:
    """Move the focus as a Tab (*forward*) or Shift+Tab key press would
    (https://html.spec.whatwg.org/#sequential-focus-navigation): to the next (previous) focusable
    area in the order after the focused one, the first (last) one when the viewport is focused;
    past the end the document's viewport is focused (the user agent would leave the page).
    Returns the newly focused element, or None."""
    order = sequential_focus_navigation_order(document)
    if not forward:
        order.reverse()
    current = focused_area(document)
    candidates = order
    if current is not None:
        if any(item is current for item in order):
            index = next(i for i, item in enumerate(order) if item is current)
            candidates = order[index + 1:]
        else:  # a focused area outside the order (negative tabindex): the next one in tree order
            position = {id(element): i for i, element in enumerate(_shadow_including_elements(document))}
            here = position.get(id(current), -1)
            candidates = [item for item in order if (position[id(item)] > here) == forward]
    if not candidates:
        if current is not None:
            unfocusing_steps(current)
        return None
    focusing_steps(candidates[0])
    return focused_area(document)
