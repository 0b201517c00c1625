"""``labels`` of labelable elements (https://html.spec.whatwg.org/#dom-lfe-labels)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase

from ...collections import NodeList
from ...memo import MemoKey
from .owner import labeled_control

if TYPE_CHECKING:
    from ...nodes.element import Element
    from ...nodes.element import Element as _ElementBase  # what the mixins below are put beside
    from ..form_elements import HTMLLabelElement
else:
    _ElementBase = object

__all__ = ["LabelsMixin"]

# A labelable element's labels (about its NodeList).
LABELS = MemoKey("labels")
# The labels of a tree grouped by labeled control (about the tree's root): one pass over the
# labels serves every control's list (each list walking the whole tree was O(n) per control).
LABELS_BY_CONTROL = MemoKey("labels by labeled control")


class _LabelsNodeList(NodeList["HTMLLabelElement"]):
    """The live NodeList of the label elements, in tree order, whose labeled control is the
    element ([SameObject]); recomputed when the document changed."""

    __slots__ = ("_element",)

    def __init__(self, element: Element) -> None:
        self._element = element

    def _nodes(self) -> list[HTMLLabelElement]:
        return self._element._doc._memoized(LABELS, self, self._labels)

    def _labels(self) -> list[HTMLLabelElement]:
        element = self._element
        root: Any = element.getRootNode()  # a document, a fragment or an element
        by_control = element._doc._memoized(LABELS_BY_CONTROL, root, lambda: _labels_by_control(root))
        return by_control.get(id(element), [])


def _labels_by_control(root: Any) -> dict[int, list[HTMLLabelElement]]:
    """The HTML label elements of the tree of *root* in tree order, grouped by the ``id()`` of
    their labeled control (the memo entry keeps the tree, and with it the controls)."""
    candidates = root.getElementsByTagName("label") if hasattr(root, "getElementsByTagName") else []
    if root.nodeType == 1 and root.localName == "label":
        candidates = [root, *candidates]
    found: dict[int, list[HTMLLabelElement]] = {}
    for label in candidates:
        if label._ns == HTML_NAMESPACE:
            control = labeled_control(label)
            if control is not None:
                found.setdefault(id(control), []).append(label)
    return found


class LabelsMixin(_ElementBase):
    """https://html.spec.whatwg.org/#dom-lfe-labels -- None for ``input type=hidden``."""

    __slots__ = ()

    @property
    def labels(self) -> NodeList[HTMLLabelElement] | None:
        if self._local == "input" and ascii_lowercase(self.getAttribute("type") or "") == "hidden":
            return None
        return self._same_object("labels", lambda: _LabelsNodeList(self))
