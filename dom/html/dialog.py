"""HTMLDialogElement's methods (https://html.spec.whatwg.org/#the-dialog-element).

The ``open`` attribute, ``returnValue``, the modal flag, and the ``beforetoggle``, ``toggle``,
``cancel`` and ``close`` events behave as specified; the ``close``/``toggle`` events that browsers
queue are fired synchronously.  There is no top layer, focus or inertness to manage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webidl import InvalidStateError
from webidl.operations import attributes, operations

from .. import registry
from ..events import fire_event
from .popover import fire_toggle, is_modal, popover_showing

if TYPE_CHECKING:
    from .html_element import HTMLElement as _ElementBase  # what the mixin below is put before
else:
    _ElementBase = object

__all__ = ["DialogMixin"]


def _set_modal(dialog: Any, modal: bool) -> None:
    dialog._modal = modal  # HTMLDialogElement's declared field (is_modal reads it)
    registry.style_state_changed(dialog._doc)  # (:modal: no tree change)


def _set_return_value(dialog: Any, value: str) -> None:
    dialog._return_value = value

@operations("HTMLDialogElement", "close", "requestClose")
@attributes("HTMLDialogElement", "returnValue")
class DialogMixin(_ElementBase):
    """https://html.spec.whatwg.org/#htmldialogelement"""

    __slots__ = ()
    _return_value: str  # HTMLDialogElement's declared fields
    _modal: bool

    @property
    def returnValue(self) -> str:
        """https://html.spec.whatwg.org/#dom-dialog-returnvalue"""
        try:
            return self._return_value
        except AttributeError:  # never set
            return ""

    @returnValue.setter
    def returnValue(self, value: str) -> None:
        _set_return_value(self, value)

    def _open_checks(self, modal: bool) -> bool:
        is_open = self.hasAttribute("open")
        is_modal_now = is_modal(self)
        # "If this has an open attribute and is modal of this is (not) modal, return."
        if is_open and is_modal_now == modal:
            return False
        if is_open:
            raise InvalidStateError("the dialog is already open in the other mode")
        if modal:
            if not self.isConnected:
                raise InvalidStateError("showModal() needs a connected dialog")
            if popover_showing(self):
                raise InvalidStateError("the dialog is showing as a popover")
        return True

    def _show(self, modal: bool) -> None:
        if not self._open_checks(modal):
            return
        if not fire_toggle(self, "beforetoggle", "closed", "open", cancelable=True):
            return
        if self.hasAttribute("open"):
            return
        self.setAttribute("open", "")
        _set_modal(self, modal)
        fire_toggle(self, "toggle", "closed", "open", cancelable=False)

    def show(self) -> None:
        """https://html.spec.whatwg.org/#dom-dialog-show"""
        self._show(False)

    def showModal(self) -> None:
        """https://html.spec.whatwg.org/#dom-dialog-showmodal"""
        self._show(True)

    def close(self, returnValue: str | None = None) -> None:  # noqa: N803 -- IDL name
        """https://html.spec.whatwg.org/#dom-dialog-close -- close the dialog with *returnValue*
        (None: not given)."""
        self._close_the_dialog(returnValue)

    def requestClose(self, returnValue: str | None = None) -> None:  # noqa: N803 -- IDL name
        """https://html.spec.whatwg.org/#dom-dialog-requestclose -- a cancelable ``cancel``
        event first; closing happens unless it is cancelled."""
        self._request_close(returnValue)

    def _request_close(self, result: str | None) -> None:
        """https://html.spec.whatwg.org/#dialog-request-close (also the request-close command's,
        where None is the source's missing value)."""

        if not self.hasAttribute("open"):
            return
        if not fire_event("cancel", self, cancelable=True):
            return
        self._close_the_dialog(result)

    def _close_the_dialog(self, result: str | None) -> None:
        """https://html.spec.whatwg.org/#close-the-dialog"""

        if not self.hasAttribute("open"):
            return
        fire_toggle(self, "beforetoggle", "open", "closed", cancelable=False)
        if not self.hasAttribute("open"):
            return
        self.removeAttribute("open")
        _set_modal(self, False)
        if result is not None:
            self.returnValue = result
        fire_toggle(self, "toggle", "open", "closed", cancelable=False)
        fire_event("close", self)
