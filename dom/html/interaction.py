"""HTMLElement members from the "User interaction" chapter (https://html.spec.whatwg.org/#editing):
``click()``, ``spellcheck``, ``contentEditable``/``isContentEditable``,
and ``attachInternals()``.

``focus()`` and ``blur()`` are HTMLOrSVGOrMathMLElement's (dom/html/focus.py).  ``click()``
fires a real ``click`` event through the DOM's dispatch, with the checkbox/radio activation
behaviour (toggle before dispatch, restore when cancelled, ``input`` and ``change`` after), and
submit and reset buttons' (a submit button validates its form and fires ``submit``, as
requestSubmit() does; a reset button resets its form); hyperlinks have nothing to navigate, so
their activation stops there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase
from webidl import DOMSyntaxError, NotSupportedError
from webidl.operations import attributes

from ..events import dispatch, fire_event
from ..ui_events import MouseEvent
from .commands import invoke_command, popover_target_activation
from .forms.owner import button_type_state, is_submit_button, labeled_control
from .forms.submission import submit_from

if TYPE_CHECKING:
    from ..nodes.element import Element as _ElementBase  # what the mixins below are put beside
else:
    _ElementBase = object

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


def _button_activation(element: Any) -> Any:
    """The activation behaviour of buttons, input elements (other than checkboxes and radio
    buttons, whose behaviour has legacy pre-activation steps) and hyperlinks, or None for other
    elements.  What it does is looked up when it runs, after the listeners (a click listener may
    change a button's type):

    - https://html.spec.whatwg.org/#the-button-element:activation-behaviour: a submit button
      submits its form owner from itself, a reset button resets it, and a button with
      ``commandfor`` or ``popovertarget`` invokes its target (dom/html/commands.py);
    - the input activation behaviour of the Submit Button, Image Button and Reset Button states
      (https://html.spec.whatwg.org/#submit-button-state-(type=submit) and the sections after);
    - an ``a``/``area`` with ``href``: following it has nothing to navigate here, but it is the
      activation target, so a button around it is not activated.

    Submitting runs up to the navigation (validation, the ``submit`` event), as requestSubmit()
    does: no browsing context is navigated, so the "fully active" check has nothing to stop."""
    if element._ns != HTML_NAMESPACE:
        return None
    local = element._local
    if local == "label":
        return _label_activation(element)
    if local in ("a", "area"):
        return (lambda event: None) if element.hasAttribute("href") else None
    if local not in ("button", "input") or not hasattr(element, "form"):
        return None
    if local == "input" and ascii_lowercase(element.getAttribute("type") or "") == "hidden":
        return None  # nothing to activate: a click on it inside a label is the label's (as in browsers)

    def activation(event: Any) -> None:
        # the button's step 1, the input's "not mutable" check: a disabled control does nothing
        if _actually_disabled(element):
            return
        form = element.form
        kind = ascii_lowercase(element.getAttribute("type") or "")
        if form is not None:
            if is_submit_button(element):  # a button's step 3.1, the inputs' Submit/Image Button states
                submit_from(form, element)
                return
            if kind == "reset":  # 3.2, the input Reset Button state
                form.reset()
                return
            if local == "button" and button_type_state(element) == "auto":  # 3.3
                return
            if local == "input" and kind != "button":  # the input's step 3
                return
        if local == "button":
            invoke_command(element, event)  # steps 4-6: commandfor, else popovertarget
        else:
            popover_target_activation(element, event.target)  # the input's step 4

    return activation


def _is_interactive_content(element: Any) -> bool:
    """https://html.spec.whatwg.org/#interactive-content"""
    if getattr(element, "_ns", None) != HTML_NAMESPACE:
        return False
    local = element._local
    if local in ("button", "details", "embed", "iframe", "label", "select", "textarea"):
        return True
    if local == "a":
        result: bool = element.hasAttribute("href")
        return result
    if local in ("audio", "video"):
        result = element.hasAttribute("controls")
        return result
    if local == "img":
        result = element.hasAttribute("usemap") or element.hasAttribute("controls")
        return result
    if local == "input":
        return ascii_lowercase(element.getAttribute("type") or "") != "hidden"
    return False


def _label_activation(label: Any) -> Any:
    """https://html.spec.whatwg.org/#the-label-element: the activation behaviour "should match
    the platform's label behavior"; as in browsers, a click on the label clicks its labeled
    control, except for events targeted at interactive content inside the label (or inside
    those), which must do nothing -- and a click already on the control or inside it."""

    def activation(event: Any) -> None:
        target = event.target
        node = target
        while node is not None and node is not label:
            if _is_interactive_content(node):
                return
            node = node.parentNode
        control = labeled_control(label)
        if control is None or control is target or (target is not None and control.contains(target)):
            return
        click = getattr(control, "click", None)  # every labelable element is an HTML element
        if click is not None:
            click()

    return activation


@attributes("HTMLElement", "spellcheck")
@attributes("ElementContentEditable", "contentEditable")
class UserInteractionMixin(_ElementBase):
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
        checkboxes and radio buttons (https://html.spec.whatwg.org/#the-input-element:activation-behaviour)
        here; buttons, the other inputs and hyperlinks in :func:`_button_activation`."""
        element: Any = self
        kind = ascii_lowercase(element.getAttribute("type") or "") if element._local == "input" else ""
        if kind not in ("checkbox", "radio") or not hasattr(element, "checked"):
            button = _button_activation(element)
            return None if button is None else (button, None, None)
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
    def spellcheck(self, value: bool) -> None:
        self.setAttribute("spellcheck", "true" if value else "false")

    # -- contenteditable (https://html.spec.whatwg.org/#contenteditable) ------------------------

    @property
    def contentEditable(self) -> str:
        """"true", "plaintext-only", "false" or "inherit" (the attribute's state)."""
        return _editable_state(self) or "inherit"

    @contentEditable.setter
    def contentEditable(self, value: str) -> None:
        lowered = ascii_lowercase(value)
        if lowered == "inherit":
            self.removeAttribute("contenteditable")
        elif lowered in ("true", "false", "plaintext-only"):
            self.setAttribute("contenteditable", lowered)
        else:
            raise DOMSyntaxError(f"{value!r} is not 'true', 'false', 'plaintext-only' or 'inherit'")

    @property
    def isContentEditable(self) -> bool:
        """https://html.spec.whatwg.org/#dom-iscontenteditable -- an editing host or editable:
        the document is in design mode, or the nearest contenteditable state is not false."""
        document = self.ownerDocument
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

    def attachInternals(self) -> NoReturn:
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
