"""Focus (https://html.spec.whatwg.org/#focus) without a layout engine.

Each document has a focused area: an element, or None for its viewport.  An element is a
focusable area (https://html.spec.whatwg.org/#focusable-area) when it is being rendered -- here:
connected, with a box by the user agent stylesheet and the style attributes of it and its
ancestors (dom/html/inner_text_style.py computes them), assigned to a slot if its parent is a
shadow host -- and it is one of the elements the HTML Standard's table suggests, has a tabindex,
or is an editing host; actually disabled controls and inert elements are not.  The focusing and
unfocusing steps and the focus update steps run as written, for a document that is its own
top-level traversable without system focus (``document.hasFocus()`` is false): ``blur`` then
``focusout`` at the old area, ``focus`` then ``focusin`` at the new one (UI Events' order), each
a composed FocusEvent with its related target.

A removed focused element leaves the viewport focused at once and without events (the removing
steps), so that inserting it again does not bring its focus back, while ``moveBefore`` (which
runs no removing steps) keeps it focused.  One that stays connected but stops being a focusable
area (hidden, disabled, inert) stays focused until the rendering update's focus fixup
(:func:`focus_fixup`), which fires blur.
"""

from __future__ import annotations

import weakref
from typing import Any

from html_infra.infra import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE, ascii_lowercase
from html_infra.microsyntaxes.numbers import parse_integer

from .. import registry
from ..event_path import retarget, shadow_including_inclusive_ancestor
from ..events import fire_event
from ..nodes.shadow_host import is_shadow_root
from ..ui_events import FocusEvent
from .forms.owner import is_disabled
from .references import hash_name_reference

__all__ = [
    "active_element", "focus_fixup", "focus_targets", "focused_area", "focusing_steps", "is_focusable_area",
    "note_user_change", "removing_steps", "tabindex_value", "unfocusing_steps",
]

_CONTROLS = ("button", "select", "textarea", "input", "fieldset", "optgroup", "option")
# https://html.spec.whatwg.org/#navigable-container: focusable, with their content navigable (an
# embed element without src has none: https://html.spec.whatwg.org/#the-embed-element)
_NAVIGABLE_CONTAINERS = ("iframe", "frame", "object", "embed")
# the navigable containers that always have a content navigable (about:blank at least)
_ALWAYS_NAVIGABLE = ("iframe", "frame")


def tabindex_value(element: Any) -> int | None:
    """https://html.spec.whatwg.org/#tabindex-value: the tabindex attribute by the rules for
    parsing integers, None when absent or an error."""
    value = element.getAttribute("tabindex")
    return None if value is None else parse_integer(value)


def _parent_style_chain(element: Any) -> list[Any]:
    """*element* and its flat-tree ancestors up to the document element, outermost first; an
    empty list when one of them has no box (not slotted into its host's shadow tree)."""
    chain = []
    node = element
    while node is not None and getattr(node, "nodeType", None) == 1:
        chain.append(node)
        parent = node.parentNode
        if getattr(parent, "nodeType", None) == 1 and getattr(parent, "_shadow_root", None) is not None:
            slot = node.assignedSlot
            if slot is None:
                return []  # a shadow host's child that no slot takes is not rendered
            parent = slot
        elif parent is not None and is_shadow_root(parent):
            parent = parent._host
        node = parent
    chain.reverse()
    return chain


def _being_rendered(element: Any) -> bool:
    """https://html.spec.whatwg.org/#being-rendered, by the display values the user agent
    stylesheet and style attributes give (no layout: every box counts as rendered)."""
    from .inner_text_style import ROOT_STYLE, Style, author_map, computed_style  # lazy: loads the cascade

    chain = _parent_style_chain(element)
    if not chain:
        return False
    style: Style = ROOT_STYLE
    parent: Any = None
    author = author_map(element._doc)  # what the document's style sheets declare, by element
    for node in chain:
        html = node.namespaceURI == HTML_NAMESPACE
        local = node.localName if html else None
        if parent is not None:  # what a replaced element, a select or a closed details shows
            if style.children == "none":
                return False
            if style.children == "options" and local not in ("option", "optgroup", "hr"):
                return False
            if style.children == "summary" and not _is_summary_for(node, parent):
                return False
        table_part = (
            parent is not None and parent.namespaceURI == HTML_NAMESPACE
            and parent.localName in ("table", "thead", "tbody", "tfoot", "tr")
        )
        style = computed_style(local, node.hasAttribute, node.getAttribute, _yes if table_part else _no, style,
                               author.get(node._lx) if author else None)
        if style.display == "none":
            return False
        parent = node
    return True


def _yes() -> bool:
    return True


def _no() -> bool:
    return False


def _is_summary_for(element: Any, details: Any) -> bool:
    """https://html.spec.whatwg.org/#summary-for-its-parent-details"""
    if element.namespaceURI != HTML_NAMESPACE or element.localName != "summary":
        return False
    if details.namespaceURI != HTML_NAMESPACE or details.localName != "details":
        return False
    first = next((c for c in details.children if c.namespaceURI == HTML_NAMESPACE and c.localName == "summary"), None)
    return first is element


def _is_inert(element: Any) -> bool:
    """https://html.spec.whatwg.org/#inert: an ``inert`` attribute on it or a flat-tree ancestor,
    or outside the topmost open modal dialog."""
    node = element
    while node is not None:
        if getattr(node, "nodeType", None) == 1 and node.namespaceURI == HTML_NAMESPACE and node.hasAttribute("inert"):
            return True
        parent = node.parentNode
        node = parent._host if parent is not None and is_shadow_root(parent) else parent
    document = element.ownerDocument
    modal = None
    for dialog in document.querySelectorAll("dialog[open]") if document is not None else ():
        if dialog.matches(":modal"):
            modal = dialog
    if modal is None:
        return False
    node = element
    while node is not None:
        if node is modal:
            return False
        parent = node.parentNode
        node = parent._host if parent is not None and is_shadow_root(parent) else parent
    return True


def _editing_host(element: Any) -> bool:
    """https://html.spec.whatwg.org/#editing-host: contenteditable true or plaintext-only on an
    element whose parent is not editable (or any element of a document in design mode's body)."""
    value = element.getAttribute("contenteditable")
    if value is None or ascii_lowercase(value) not in ("", "true", "plaintext-only"):
        return False
    parent = element.parentElement
    return not (parent is not None and getattr(parent, "isContentEditable", False))


def is_focusable_area(element: Any) -> bool:
    """https://html.spec.whatwg.org/#focusable-area for an element, as the tabindex section's
    list suggests (https://html.spec.whatwg.org/#the-tabindex-attribute)."""
    if getattr(element, "nodeType", None) != 1 or not element.isConnected:
        return False
    namespace = element.namespaceURI
    if namespace not in (HTML_NAMESPACE, SVG_NAMESPACE, MATHML_NAMESPACE):
        return False
    local = element.localName
    if namespace == HTML_NAMESPACE and local in _CONTROLS and is_disabled(element):
        return False  # actually disabled controls are not focusable
    if tabindex_value(element) is not None:
        suggested = True
    elif namespace == HTML_NAMESPACE:
        suggested = (
            (local in ("a", "area") and element.hasAttribute("href"))
            or local in ("button", "select", "textarea")
            or (local == "input" and ascii_lowercase(element.getAttribute("type") or "") != "hidden")
            or (local == "summary" and element.parentElement is not None
                and _is_summary_for(element, element.parentElement))
            or (local in _NAVIGABLE_CONTAINERS and (local != "embed" or element.hasAttribute("src")))
            or (local in ("audio", "video") and element.hasAttribute("controls"))
            # the user agent decides whether dialog elements are focusable (the note in
            # https://html.spec.whatwg.org/#dialog-focusing-steps); browsers make them so
            or local == "dialog"
            or _editing_host(element)
        )
    else:
        suggested = local == "a" and (element.hasAttribute("href") or element.hasAttributeNS(
            "http://www.w3.org/1999/xlink", "href"))
    if not suggested:
        return False
    # a shadow host whose shadow root delegates focus is not a focusable area itself (the
    # focusable area table's second criterion): focusing it gets its focus delegate instead
    root = getattr(element, "_shadow_root", None)
    if root is not None and root._delegates_focus:
        return False
    if local == "area" and namespace == HTML_NAMESPACE:
        return _area_shapes_rendered(element)
    return _being_rendered(element)


def _area_shapes_rendered(area: Any) -> bool:
    """The focusable area table's image map row: an area element has no box of its own; its
    shapes are focusable areas when its map is associated with an img element that is being
    rendered and is not expressly inert (https://html.spec.whatwg.org/#image-map)."""
    map_element = area.parentElement
    while map_element is not None and not (map_element.namespaceURI == HTML_NAMESPACE
                                           and map_element.localName == "map"):
        map_element = map_element.parentElement
    if map_element is None:
        return False
    root = area.getRootNode()
    for img in root.querySelectorAll("img[usemap]"):
        if hash_name_reference(img, img.getAttribute("usemap")) is map_element and _being_rendered(img) \
                and not _expressly_inert(img):
            return True
    return False


def _expressly_inert(element: Any) -> bool:
    """https://html.spec.whatwg.org/#expressly-inert: inert, with an inert attribute of its own."""
    return element.hasAttribute("inert") and _is_inert(element)


def focused_area(document: Any) -> Any:
    """The document's focused area's element, None for the viewport.  A removed focused element
    leaves the viewport focused at once, without events (the synchronous fixup of
    https://html.spec.whatwg.org/#node-remove-ext); one that stays connected but stops being a
    focusable area (disabled, hidden, inert) stays focused until :func:`focus_fixup`."""
    element = getattr(document, "_focused_area", None)
    if element is None:
        return None
    if element.ownerDocument is not document or not element.isConnected:
        document._focused_area = None
        return None
    return element


def focus_fixup(document: Any) -> None:
    """https://html.spec.whatwg.org/#update-the-rendering step 17: if the focused area of
    *document* is not a focusable area, run the focusing steps for its viewport (blur and
    focusout fire at the element).  webdom renders nothing: an embedder with an event loop (the
    JS realm) runs this at its rendering opportunities; a Python caller, when it wants it."""
    current = focused_area(document)
    if current is None or (is_focusable_area(current) and not _is_inert(current)):
        return
    _focus_update(document, _chain(document, current), _chain(document, None), None)


def _focus_delegate(target: Any) -> Any:
    """https://html.spec.whatwg.org/#focus-delegate (no focus trigger: "other")."""
    root = getattr(target, "_shadow_root", None)
    if root is not None and not root._delegates_focus:  # 1.
        return None
    where = root if root is not None else target  # 2-3.
    for descendant in where.querySelectorAll("[autofocus]"):  # 4-5. the autofocus delegate
        found = descendant if is_focusable_area(descendant) else _get_focusable_area(descendant)
        if found is not None:
            return found
    dialog = target.namespaceURI == HTML_NAMESPACE and target.localName == "dialog"
    for descendant in where.querySelectorAll("*"):  # 6.
        tabindex = tabindex_value(descendant)
        # a dialog takes only a sequentially focusable descendant (a negative tabindex is not one)
        if is_focusable_area(descendant) and not (dialog and tabindex is not None and tabindex < 0):
            return descendant
        found = _get_focusable_area(descendant)
        if found is not None:
            return found
    return None


def _get_focusable_area(target: Any) -> Any:
    """https://html.spec.whatwg.org/#get-the-focusable-area for an element that is not one."""
    root = getattr(target, "_shadow_root", None)
    if root is not None and getattr(root, "_delegates_focus", False):
        focused = focused_area(target.ownerDocument)
        if focused is not None and shadow_including_inclusive_ancestor(target, focused):
            return focused
        return _focus_delegate(target)
    return None


def _fire_focus_event(name: str, target: Any, related: Any) -> None:
    """https://html.spec.whatwg.org/#fire-a-focus-event, and UI Events' focusin/focusout after
    focus/blur (bubbling)."""
    # "fire an event": trusted (https://dom.spec.whatwg.org/#concept-event-fire)
    view = getattr(target.ownerDocument, "defaultView", None)
    fire_event(name, target, FocusEvent, relatedTarget=related, view=view, composed=True)
    if name == "focus" and getattr(target.ownerDocument, "_focused_area", None) is not target:
        return  # a focus listener moved focus on: focusin would announce a focus already gone
    follow = {"focus": "focusin", "blur": "focusout"}[name]
    fire_event(follow, target, FocusEvent, relatedTarget=related, view=view, composed=True, bubbles=True)


# The input elements whose value the user changed while they were focused (note_user_change),
# with the value each had when it gained focus: the focus update steps fire change at them.
_VALUE_WHEN_FOCUSED: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
_CHANGED_BY_USER: weakref.WeakSet[Any] = weakref.WeakSet()
# https://html.spec.whatwg.org/#concept-input-apply: types the change event does not apply to, or
# that have an activation behavior of their own (their change is fired there)
_NO_CHANGE_ON_BLUR = ("hidden", "button", "submit", "reset", "image", "checkbox", "radio", "file")


def _is_text_input(element: Any) -> bool:
    return getattr(element, "nodeType", None) == 1 and element.namespaceURI == HTML_NAMESPACE and \
        element.localName == "input"


def note_user_change(element: Any) -> None:
    """The user (not script) changed the value of *element*, the focused input element: when it
    loses focus with a value other than the one it was focused with, the focus update steps fire
    ``change`` at it (https://html.spec.whatwg.org/#focus-update-steps step 2.1).  For user-agent
    front ends (and the WPT runner's test_driver)."""
    if _is_text_input(element):
        _CHANGED_BY_USER.add(element)


def _commit_on_blur(entry: Any) -> None:
    """https://html.spec.whatwg.org/#focus-update-steps step 2.1 (user validity is not tracked)."""
    if entry not in _CHANGED_BY_USER:
        return
    _CHANGED_BY_USER.discard(entry)
    kind = ascii_lowercase(entry.getAttribute("type") or "")
    if kind not in _NO_CHANGE_ON_BLUR and entry.value != _VALUE_WHEN_FOCUSED.get(entry):
        fire_event("change", entry, bubbles=True)


def _focus_update(document: Any, old_chain: list[Any], new_chain: list[Any], target: Any) -> None:
    """https://html.spec.whatwg.org/#focus-update-steps"""
    old_chain, new_chain = list(old_chain), list(new_chain)
    while old_chain and new_chain and old_chain[-1] is new_chain[-1]:  # 1.
        old_chain.pop()
        new_chain.pop()
    for entry in old_chain:  # 2. (the document entry is the viewport's: its blur goes to the window, not kept here)
        if _is_text_input(entry):
            _commit_on_blur(entry)  # 2.1
        if getattr(entry, "nodeType", None) == 1:
            last_new = new_chain[-1] if new_chain else None
            related = last_new if entry is old_chain[-1] and getattr(last_new, "nodeType", None) == 1 else None
            if document._focused_area is entry:
                document._focused_area = None
                registry.style_state_changed(document)  # (:focus and its likes: no tree change)
            _fire_focus_event("blur", entry, related)
    for entry in reversed(new_chain):  # 4.
        if getattr(entry, "nodeType", None) == 1:
            document._focused_area = entry  # 4.1: designate it the focused area
            registry.style_state_changed(document)
            if _is_text_input(entry):  # what "the user changed the value" is measured against
                _VALUE_WHEN_FOCUSED[entry] = entry.value
                _CHANGED_BY_USER.discard(entry)
            last_old = old_chain[-1] if old_chain else None
            related = last_old if entry is new_chain[-1] and getattr(last_old, "nodeType", None) == 1 else None
            _fire_focus_event("focus", entry, related)


def _chain(document: Any, element: Any) -> list[Any]:
    """https://html.spec.whatwg.org/#focus-chain of an element's focusable area, or of the
    viewport (None): the area, then its document (a top-level traversable of its own here)."""
    return [document] if element is None else [element, document]


def focusing_steps(target: Any, fallback: Any = None) -> None:
    """https://html.spec.whatwg.org/#focusing-steps for an element"""
    document = target.ownerDocument
    if not is_focusable_area(target):  # 1.
        target = _get_focusable_area(target)
    if target is None:  # 2.
        if fallback is None:
            return
        target = fallback
    if _is_inert(target):  # 4.
        return
    current = focused_area(document)
    if target is current:  # 5.
        return
    _focus_update(document, _chain(document, current), _chain(document, target), target)  # 6-8.


def unfocusing_steps(target: Any) -> None:
    """https://html.spec.whatwg.org/#unfocusing-steps for an element"""
    document = target.ownerDocument
    current = focused_area(document)
    root = getattr(target, "_shadow_root", None)
    if root is not None and root._delegates_focus and current is not None:  # 1.
        if shadow_including_inclusive_ancestor(root, current):
            target = current
    if _is_inert(target):  # 2.
        return
    old_chain = _chain(document, current)  # 4.
    if not any(entry is target for entry in old_chain):  # 5.
        return
    # 6. A focused element that stopped being focusable is still the focused area until the
    # rendering update's fixup; blur() unfocuses it meanwhile, as browsers do and the WPT
    # expect (shadow-dom/focus/focus-method-delegatesFocus.html removes tabindex, then blurs).
    if not is_focusable_area(target) and target is not current:
        return
    # 8. No system focus here: the focus update steps with an empty new chain.
    _focus_update(document, old_chain, [], None)


def active_element(root: Any) -> Any:
    """https://html.spec.whatwg.org/#dom-documentorshadowroot-activeelement for a Document or a
    ShadowRoot *root*."""
    document = root if root.nodeType == 9 else root.ownerDocument
    candidate = focused_area(document)  # 1.
    if candidate is None:
        candidate = document
    candidate = retarget(candidate, root)  # 2.
    if candidate.getRootNode() is not root:  # 3.
        return None
    if candidate.nodeType != 9:  # 4.
        return candidate
    return candidate.body if candidate.body is not None else candidate.documentElement  # 5-7.


def focus_targets(document: Any) -> tuple[list[Any], list[Any]]:
    """The elements matching :focus (the focused element unless it is a navigable container, and
    the shadow hosts whose shadow tree holds it: https://html.spec.whatwg.org/#selector-focus)
    and :focus-within (the focused element and its flat-tree ancestors: a slotted element's
    are its slot's, https://drafts.csswg.org/selectors-4/#the-focus-within-pseudo), for the
    selectors engine."""
    focused = focused_area(document)
    if focused is None:
        return [], []
    container = focused.namespaceURI == HTML_NAMESPACE and focused.localName in _ALWAYS_NAVIGABLE
    focus = [] if container else [focused]
    node = focused
    while node is not None:  # shadow-including ancestors: the hosts
        parent = node.parentNode
        if parent is not None and is_shadow_root(parent):
            focus.append(parent._host)
            parent = parent._host
        node = parent
    within = []
    node = focused
    while node is not None:  # flat-tree ancestors
        if getattr(node, "nodeType", None) == 1:
            within.append(node)
        parent = node.parentNode
        if getattr(parent, "nodeType", None) == 1 and getattr(parent, "_shadow_root", None) is not None:
            slot = node.assignedSlot
            parent = slot if slot is not None else parent
        elif parent is not None and is_shadow_root(parent):
            parent = parent._host
        node = parent
    return focus, within


def removing_steps(removed: Any) -> None:
    """Step 2 of the removing steps for the HTML Standard
    (https://html.spec.whatwg.org/#dom-trees:concept-node-remove-ext), run for each
    shadow-including inclusive descendant of a removed node: if the document's focused area is
    one of them, the viewport becomes the focused area (no blur: the steps fire no events).
    The move algorithm does not run removing steps, so a moved focused element stays focused."""
    document = removed._doc
    node = document._focused_area
    while node is not None:  # up from the focused area, through shadow roots to their hosts
        if node is removed:
            document._focused_area = None
            return
        parent = node.parentNode
        node = parent if parent is not None else getattr(node, "_host", None)


registry.focus_removing_steps = removing_steps
registry.active_element = active_element
registry.focus_targets = focus_targets
