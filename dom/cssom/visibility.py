"""``element.checkVisibility(options)`` (https://drafts.csswg.org/cssom-view/#dom-element-checkvisibility)
from computed values, without layout: whether the element has a box (no ``display: none`` on it
or an ancestor, not ``display: contents``), is not in the skipped contents of an ancestor with
``content-visibility: hidden`` (``hidden=until-found``, or a closed ``<details>`` but for its
summary, whose contents the user agent style sheet hides), and, as the options ask, has no
ancestor of opacity 0 and is visible.  ``content-visibility: auto`` never skips contents here
(nothing is off-screen without layout).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from html_infra.infra import HTML_NAMESPACE

from .. import registry
from ..nodes.identity import node_for
from ..nodes.shadow_host import shadow_hosts
from .cascade import cascade_of
from .computed_style import computed_values_of
from .scoping import NOT_IN_FLAT_TREE, flat_parent

if TYPE_CHECKING:
    from webidl.dictionary_types import CheckVisibilityOptions

__all__ = ["check_visibility"]

# Replaced elements: their children have no boxes (https://html.spec.whatwg.org/#replaced-elements)
_REPLACED = frozenset(("img", "input", "textarea", "video", "audio", "iframe", "embed", "object", "canvas",
                       "meter", "progress", "select"))


def check_visibility(element: Any, opts: CheckVisibilityOptions) -> bool:
    """https://drafts.csswg.org/cssom-view/#dom-element-checkvisibility (with the converted
    CheckVisibilityOptions)"""
    if not element.isConnected:
        return False  # not in the document (or a shadow tree of it): no box
    document = element._doc
    cascade = cascade_of(document)
    values = computed_values_of(element, cascade)
    if values is None or values["display"] in ("none", "contents"):  # step 1
        return False
    check_opacity = opts["opacityProperty"] or opts["checkOpacity"]
    flat = document in shadow_hosts  # the ancestors are those of the flat tree (scoping.py)
    child = element
    ancestor = element.parentNode if not flat else _flat_parent(document, element)
    if ancestor is False:
        return False
    while ancestor is not None and ancestor.nodeType == 1:
        ancestor_values = computed_values_of(ancestor, cascade)
        if ancestor_values is None or ancestor_values["display"] == "none":
            return False  # step 1: an ancestor without a box
        if ancestor_values["content-visibility"] == "hidden":  # step 2
            return False
        if ancestor._name.namespace == HTML_NAMESPACE:
            local = ancestor._name.local
            if local in _REPLACED:
                return False
            if local == "details" and not ancestor.hasAttribute("open") and not (
                    child._name.namespace == HTML_NAMESPACE and child._name.local == "summary"
                    and child is next((c for c in ancestor.children if c.localName == "summary"), None)):
                return False  # details:not([open])::details-content { content-visibility: hidden }
        if check_opacity and ancestor_values["opacity"] == "0":  # step 3
            return False
        child = ancestor
        ancestor = ancestor.parentNode if not flat else _flat_parent(document, ancestor)
        if ancestor is False:
            return False
    if check_opacity and values["opacity"] == "0":
        return False
    if (opts["visibilityProperty"] or opts["checkVisibilityCSS"]) and values["visibility"] != "visible":
        return False  # step 4
    return True  # steps 5-6


def _flat_parent(document: Any, element: Any) -> Any:
    """The element's parent in the flat tree (https://drafts.csswg.org/css-scoping/#flat-tree),
    None at the document element, False when it is not in the flat tree (it has no box)."""
    parent, status = flat_parent(document, element._lx)
    if status == NOT_IN_FLAT_TREE:
        return False
    if parent is None:
        return None
    return document._nodes.get(parent) or node_for(parent, document)


registry.check_visibility = check_visibility
