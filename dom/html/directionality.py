"""The directionality of elements (https://html.spec.whatwg.org/#the-directionality), from the
``dir`` attribute (https://html.spec.whatwg.org/#the-dir-attribute): the state of an element's
``dir``, the auto directionality of its text or a form control's value, and the parent
directionality (a shadow root's host's for its children).  ``:dir()`` (dom/selectors/states.py)
and form submission's ``dirname`` entries ask it."""

from __future__ import annotations

import unicodedata
from typing import Any

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase

from ..nodes.identity import node_for
from ..nodes.shadow_host import is_shadow_root
from ..nodes.slots import assigned_nodes
from .forms.input_types import input_type_state
from .forms.owner import is_html

__all__ = ["directionality", "is_auto_directionality_control"]

# https://html.spec.whatwg.org/#auto-directionality-form-associated-elements (input states)
_AUTO_DIRECTIONALITY_INPUTS = frozenset(
    ("hidden", "text", "search", "tel", "url", "email", "password", "submit", "reset", "button")
)


def _input_state(element: Any) -> str:
    """The type state of an input element, "" for any other element."""
    return input_type_state(element) if is_html(element, "input") else ""


def _first_strong_direction(text: str) -> str | None:
    """ "ltr"/"rtl" from the first character of bidirectional type L, R or AL, else None."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind == "L":
            return "ltr"
        if kind in ("R", "AL"):
            return "rtl"
    return None


def is_auto_directionality_control(element: Any) -> bool:
    """https://html.spec.whatwg.org/#auto-directionality-form-associated-elements"""
    return is_html(element, "textarea") or _input_state(element) in _AUTO_DIRECTIONALITY_INPUTS


def _auto_directionality(element: Any) -> str | None:
    """https://html.spec.whatwg.org/#auto-directionality"""
    if is_auto_directionality_control(element):  # 1.
        value = str(element.value)
        return _first_strong_direction(value) or ("ltr" if value else None)
    if is_html(element, "slot") and is_shadow_root(element.getRootNode()):  # 2.
        assigned: list[Any] = assigned_nodes(element)
        if assigned:
            for child in assigned:
                found = (_first_strong_direction(child.data) if child.nodeType == 3  # the text node directionality
                         else _contained_text_auto_directionality(child, True))
                if found is not None:
                    return found
            return None
    return _contained_text_auto_directionality(element, False)  # 3.


# https://html.spec.whatwg.org/#contained-text-auto-directionality: the elements whose text it
# passes over (with their descendants'), beside those with a dir attribute in a state
_ISOLATED = ("bdi", "script", "style", "textarea")


def _passed_over(element: Any) -> bool:
    return element._ns == HTML_NAMESPACE and (element._local in _ISOLATED or ascii_lowercase(
        element.getAttribute("dir") or "") in ("ltr", "rtl", "auto"))


def _contained_text_auto_directionality(element: Any, can_exclude_root: bool) -> str | None:
    """https://html.spec.whatwg.org/#contained-text-auto-directionality, over the lxml tree
    (an element's text, then each child's subtree and the text after it, is tree order)."""
    if can_exclude_root and _passed_over(element):
        return None
    document = element._doc
    nodes = document._nodes
    pending = [element._lx]
    while pending:
        item = pending.pop()
        if isinstance(item, str):  # a text run after an element
            found = _first_strong_direction(item)
            if found is not None:
                return found
            continue
        if item is not element._lx:
            child = nodes.get(item) or node_for(item, document)
            if _passed_over(child):
                continue
            if is_html(child, "slot"):
                root: Any = child.getRootNode()
                if is_shadow_root(root):
                    return directionality(root._host)
        found = _first_strong_direction(item.text or "") if isinstance(item.tag, str) else None
        if found is not None:
            return found
        for child_lx in reversed(item):  # (a stack: the first child is taken first)
            if child_lx.tail:
                pending.append(child_lx.tail)
            if isinstance(child_lx.tag, str):
                pending.append(child_lx)
    return None


def directionality(element: Any, memo: dict[Any, str] | None = None) -> str:
    """https://html.spec.whatwg.org/#the-directionality: "ltr" or "rtl".  *memo*, kept by the
    caller while the tree does not change (a selector query), holds the answers of the elements
    passed: a walk up stops at the first element it knows (O(1) each in tree order)."""
    node = element
    passed = []  # the elements that take their parent's directionality
    found = "ltr"
    while node is not None and getattr(node, "nodeType", 0) == 1:
        if memo is not None and node in memo:
            found = memo[node]
            break
        state = ascii_lowercase(node.getAttribute("dir") or "") if node._ns == HTML_NAMESPACE else ""
        if state in ("ltr", "rtl"):
            found = state
            break
        if state == "auto" or is_html(node, "bdi"):
            found = _auto_directionality(node) or "ltr"
            break
        if is_html(node, "input") and _input_state(node) == "tel":
            found = "ltr"
            break
        passed.append(node)
        # the parent directionality: a shadow root's host's for its children
        parent = node.parentNode
        node = parent._host if is_shadow_root(parent) else parent
    if memo is not None:
        memo.update(dict.fromkeys(passed, found))
        memo[element] = found
    return found
