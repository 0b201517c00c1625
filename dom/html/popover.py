"""The popover API (https://html.spec.whatwg.org/#the-popover-attribute): showPopover(),
hidePopover(), togglePopover() over each element's popover visibility state.

Nothing is rendered, so there is no top layer, light dismiss or focus handling; the state, the
validity checks and the ``beforetoggle``/``toggle`` events are as specified (the ``toggle``
event, queued in browsers, is fired synchronously here; both carry ``oldState``/``newState``).
Popover auto stacks are not kept: showing an ``auto`` popover does not hide others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Unpack

from webidl import InvalidStateError, NotSupportedError
from webidl.operations import operations

from .. import registry
from ..events import Event, fire_event

if TYPE_CHECKING:
    from webidl.dictionary_types import ShowPopoverOptions, ToggleEventInit, TogglePopoverOptions

    from ..nodes.element import Element
    from ..nodes.element import Element as _ElementBase  # what the mixins below are put beside
else:
    _ElementBase = object

__all__ = ["PopoverMixin", "ToggleEvent"]


@operations("ToggleEvent", "__init__")
class ToggleEvent(Event):
    """https://html.spec.whatwg.org/#toggleevent"""

    __slots__ = ("_old_state", "_new_state", "_source")
    _old_state: str
    _new_state: str
    _init_dictionary = "ToggleEventInit"

    def __init__(self, type: str, eventInitDict: ToggleEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[ToggleEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._old_state = dictionary["oldState"]
        self._new_state = dictionary["newState"]
        self._source = dictionary.get("source")

    @property
    def oldState(self) -> str:
        return self._old_state

    @property
    def newState(self) -> str:
        return self._new_state

    @property
    def source(self) -> Element | None:
        return self._source


def fire_toggle(element: Any, name: str, old: str, new: str, cancelable: bool) -> bool:
    """Fire a ToggleEvent named *name* (https://html.spec.whatwg.org/#fire-a-toggle-event)."""
    return fire_event(name, element, ToggleEvent, cancelable=cancelable, oldState=old, newState=new)


def popover_showing(element: Any) -> bool:
    """Whether *element*'s popover visibility state is showing
    (https://html.spec.whatwg.org/#popover-visibility-state; HTMLElement's ``_popover_open``)."""
    try:
        value: bool = element._popover_open
        return value
    except AttributeError:  # never shown, or not an HTML element
        return False


def set_popover_showing(element: Any, showing: bool) -> None:
    element._popover_open = showing
    registry.style_state_changed(element._doc)  # (:popover-open: no tree change)


def is_modal(element: Any) -> bool:
    """A dialog's is modal flag (https://html.spec.whatwg.org/#is-modal; HTMLDialogElement's
    ``_modal``); False for other elements."""
    try:
        value: bool = element._modal
        return value
    except AttributeError:
        return False


@operations("HTMLElement", "showPopover", "togglePopover")
class PopoverMixin(_ElementBase):
    """https://html.spec.whatwg.org/#dom-showpopover and friends."""

    __slots__ = ()

    def _popover_showing(self) -> bool:
        return popover_showing(self)

    def _check_popover_validity(self, expected_showing: bool) -> bool:
        """https://html.spec.whatwg.org/#check-popover-validity"""
        # 1. No popover attribute: NotSupportedError (unless already in the expected state and
        # the attribute was removed, which cannot happen here without a hide).
        if self.getAttribute("popover") is None:
            raise NotSupportedError("the element has no popover attribute")
        # 2-3. Already in the wanted state: nothing to do.
        if self._popover_showing() != expected_showing:
            return False
        # 4. Disconnected elements cannot be shown.
        if not self.isConnected:
            raise InvalidStateError("the popover element is not connected")
        # 6. A modal dialog cannot be a popover.
        if is_modal(self):
            raise InvalidStateError("an open modal dialog cannot be shown as a popover")
        return True

    def showPopover(self, options: ShowPopoverOptions = {}) -> None:  # noqa: B006 -- read only, as the IDL's "= {}"
        """https://html.spec.whatwg.org/#dom-showpopover"""
        if not self._check_popover_validity(False):
            return
        if not fire_toggle(self, "beforetoggle", "closed", "open", cancelable=True):
            return
        if not self._check_popover_validity(False):
            return
        set_popover_showing(self, True)
        fire_toggle(self, "toggle", "closed", "open", cancelable=False)

    def hidePopover(self) -> None:
        """https://html.spec.whatwg.org/#dom-hidepopover"""
        if not self._check_popover_validity(True):
            return
        fire_toggle(self, "beforetoggle", "open", "closed", cancelable=False)
        if not self._popover_showing():
            return
        set_popover_showing(self, False)
        fire_toggle(self, "toggle", "open", "closed", cancelable=False)

    def togglePopover(self, options: TogglePopoverOptions | bool = {}) -> bool:  # noqa: B006 -- read only
        """https://html.spec.whatwg.org/#dom-togglepopover -- *options* is a boolean force or a
        dict with ``force``; returns whether the popover is showing afterwards."""
        force = options if isinstance(options, bool) else options.get("force")
        if self._popover_showing() and force is not True:
            self.hidePopover()
        elif force is not False:
            self.showPopover()
        else:
            # Still check validity (it throws for a missing attribute or a disconnected element).
            self._check_popover_validity(self._popover_showing())
        return self._popover_showing()

    def _attribute_changed(self, local_name: str, old: Any, value: Any, namespace: Any) -> None:
        # https://html.spec.whatwg.org/#the-popover-attribute: changing the popover attribute's
        # state hides a showing popover.
        parent = getattr(super(), "_attribute_changed", None)
        if parent is not None:
            parent(local_name, old, value, namespace)
        if local_name == "popover" and namespace is None and self._popover_showing() and old != value:
            set_popover_showing(self, False)
