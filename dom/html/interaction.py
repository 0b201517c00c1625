"""HTMLElement members from the "User interaction" chapter (https://html.spec.whatwg.org/#editing):
``click()``, ``focus()``/``blur()``, ``spellcheck``, ``contentEditable``/``isContentEditable``,
and ``attachInternals()``.

Without rendering nothing is focusable (https://html.spec.whatwg.org/#focusable-area needs a
rendered element), so ``focus()`` and ``blur()`` do nothing, as for any element not being
rendered.  ``click()`` fires a real ``click`` event through the DOM's dispatch, with the
checkbox/radio activation behaviour (toggle before dispatch, restore when cancelled, ``input``
and ``change`` after); hyperlinks and submit buttons have nothing to navigate, so their
activation stops there (a form "cannot navigate" without a browsing context).
"""

from __future__ import annotations

from typing import Any

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase
from webidl import DOMSyntaxError, NotSupportedError, to_boolean, to_dom_string

from ..events import dispatch, fire_event
from ..ui_events import MouseEvent

__all__ = ["UserInteractionMixin", "PointerEvent"]

_FORM_CONTROLS = ("button", "input", "select", "textarea", "fieldset", "optgroup", "option")


# The elements whose click in progress flag is set (https://html.spec.whatwg.org/#click-in-progress-flag):
# set only while their click() runs.
_CLICKS_IN_PROGRESS: set[Any] = set()

class PointerEvent(MouseEvent):
    """The synthetic pointer event ``click()`` fires (https://html.spec.whatwg.org/#fire-a-synthetic-pointer-event).
    Pointer Events' own members (pointerId, pressure, ...) are not implemented: it has the
    MouseEvent members, and its click is an activation event."""

    __slots__ = ()


def _actually_disabled(element: Any) -> bool:
    """https://html.spec.whatwg.org/#concept-fe-disabled for the listed form controls: its own
    ``disabled`` attribute, or a disabled fieldset ancestor (outside that fieldset's first legend)."""
    if element.hasAttribute("disabled") and element._local in ("button", "input", "select", "textarea", "fieldset"):
        return True
    child = element
    parent = element.parentElement
    while parent is not None:
        if parent._ns == HTML_NAMESPACE and parent._local == "fieldset" and parent.hasAttribute("disabled"):
            legend = next((c for c in parent.children if c._ns == HTML_NAMESPACE and c._local == "legend"), None)
            if child is not legend:
                return True
        child, parent = parent, parent.parentElement
    return False


class UserInteractionMixin:
    """https://html.spec.whatwg.org/#htmlelement members that are about interaction."""

    __slots__ = ()

    # -- click() --------------------------------------------------------------------------------

    def click(self) -> None:
        """https://html.spec.whatwg.org/#dom-click"""

        element: Any = self
        # 1. A disabled form control does nothing.
        if element._local in _FORM_CONTROLS and _actually_disabled(element):
            return
        # 2-3. The click in progress flag stops re-entrant clicks.
        if element in _CLICKS_IN_PROGRESS:
            return
        _CLICKS_IN_PROGRESS.add(element)
        try:
            # 4. Fire a synthetic pointer event named click: bubbles, cancelable, composed, not
            # trusted; dispatch runs the activation behaviour around the listeners.
            event = PointerEvent("click", bubbles=True, cancelable=True, composed=True)
            dispatch(event, element)
        finally:
            # 5. Unset the click in progress flag.
            _CLICKS_IN_PROGRESS.discard(element)

    def _activation_behavior(self) -> Any:
        """https://dom.spec.whatwg.org/#eventtarget-activation-behavior of HTML elements:
        checkboxes and radio buttons (https://html.spec.whatwg.org/#the-input-element:activation-behaviour).
        Hyperlinks, submit and reset buttons have activation behaviour that navigates or submits;
        a document without a browsing context cannot navigate, so they have none here."""
        element: Any = self
        if element._local != "input" or not hasattr(element, "checked"):
            return None
        kind = ascii_lowercase(element.getAttribute("type") or "")
        if kind not in ("checkbox", "radio"):
            return None
        saved: dict[str, Any] = {}

        def legacy_pre_activation() -> None:
            saved["checked"] = element.checked
            saved["indeterminate"] = getattr(element, "indeterminate", False)
            if kind == "checkbox":
                element.checked = not saved["checked"]
                if hasattr(element, "indeterminate"):
                    element.indeterminate = False
            else:
                saved["previous"] = next((r for r in _radio_group(element) if r.checked), None)
                element.checked = True

        def legacy_canceled_activation() -> None:
            if kind == "checkbox":
                element.checked = saved["checked"]
                if hasattr(element, "indeterminate"):
                    element.indeterminate = saved["indeterminate"]
            elif saved.get("previous") is not None and saved["previous"] in _radio_group(element):
                saved["previous"].checked = True
            else:
                element.checked = False

        def activation(event: Any) -> None:
            # Input activation behaviour: if connected, fire input then change.
            if element.isConnected:
                fire_event("input", element, bubbles=True, composed=True)
                fire_event("change", element, bubbles=True)

        return (activation, legacy_pre_activation, legacy_canceled_activation)

    # -- focus ----------------------------------------------------------------------------------

    def focus(self, options: Any = None) -> None:
        """https://html.spec.whatwg.org/#dom-focus -- nothing is rendered, so nothing is a
        focusable area: the focusing steps return at once."""

    def blur(self) -> None:
        """https://html.spec.whatwg.org/#dom-blur -- nothing can have focus: does nothing."""

    # -- spellcheck (https://html.spec.whatwg.org/#spelling-and-grammar-checking) ---------------

    @property
    def spellcheck(self) -> bool:
        """True when checking is enabled: the nearest ``spellcheck`` attribute in the true or
        false state on the element or its ancestors, else the default (enabled)."""
        node: Any = self
        while node is not None and node.nodeType == 1:
            value = node.getAttribute("spellcheck") if node._ns == HTML_NAMESPACE else None
            if value is not None:
                value = ascii_lowercase(value)
                if value in ("", "true"):
                    return True
                if value == "false":
                    return False
            node = node.parentElement
        return True

    @spellcheck.setter
    def spellcheck(self, value: Any) -> None:
        self.setAttribute("spellcheck", "true" if to_boolean(value) else "false")  # type: ignore[attr-defined]

    # -- contenteditable (https://html.spec.whatwg.org/#contenteditable) ------------------------

    @property
    def contentEditable(self) -> str:
        """"true", "plaintext-only", "false" or "inherit" (the attribute's state)."""
        return _editable_state(self) or "inherit"

    @contentEditable.setter
    def contentEditable(self, value: Any) -> None:
        value = to_dom_string(value)
        lowered = ascii_lowercase(value)
        if lowered == "inherit":
            self.removeAttribute("contenteditable")  # type: ignore[attr-defined]
        elif lowered in ("true", "false", "plaintext-only"):
            self.setAttribute("contenteditable", lowered)  # type: ignore[attr-defined]
        else:
            raise DOMSyntaxError(f"{value!r} is not 'true', 'false', 'plaintext-only' or 'inherit'")

    @property
    def isContentEditable(self) -> bool:
        """https://html.spec.whatwg.org/#dom-iscontenteditable -- an editing host or editable:
        the document is in design mode, or the nearest contenteditable state is not false."""
        document = self.ownerDocument  # type: ignore[attr-defined]
        if document is not None and getattr(document, "designMode", "off") == "on":
            return True
        node: Any = self
        while node is not None and node.nodeType == 1:
            state = _editable_state(node) if node._ns == HTML_NAMESPACE else None
            if state is not None:
                return state != "false"
            node = node.parentElement
        return False

    # -- custom elements ------------------------------------------------------------------------

    def attachInternals(self) -> Any:
        """https://html.spec.whatwg.org/#dom-attachinternals -- only custom elements have
        internals, and webdom has no custom element definitions: NotSupportedError."""
        raise NotSupportedError("attachInternals() needs a custom element definition")


def _editable_state(element: Any) -> str | None:
    """The contenteditable attribute's state: "true", "false", "plaintext-only", or None
    (missing or invalid: the inherit state)."""
    value = element.getAttribute("contenteditable")
    if value is None:
        return None
    value = ascii_lowercase(value)
    if value in ("", "true"):
        return "true"
    if value in ("false", "plaintext-only"):
        return value
    return None


def _radio_group(element: Any) -> list[Any]:
    """The other radio buttons of *element*'s group (same name, same form owner, same tree)."""
    name = element.getAttribute("name")
    if not name:
        return []
    form = getattr(element, "form", None)
    root = element.getRootNode()
    found = []
    for other in root.querySelectorAll("input") if hasattr(root, "querySelectorAll") else []:
        if (
            other is not element
            and ascii_lowercase(other.getAttribute("type") or "") == "radio"
            and other.getAttribute("name") == name
            and getattr(other, "form", None) is form
        ):
            found.append(other)
    return found
