"""HTMLDialogElement's methods (https://html.spec.whatwg.org/#the-dialog-element).

The ``open`` attribute, ``returnValue``, the modal flag, and the ``beforetoggle``, ``toggle``,
``cancel`` and ``close`` events behave as specified; the ``close``/``toggle`` events that browsers
queue are fired synchronously.  There is no top layer, focus or inertness to manage.
"""

from __future__ import annotations

from typing import Any

from webidl import InvalidStateError, to_dom_string

from .popover import fire_toggle

__all__ = ["DialogMixin"]


class DialogMixin:
    """https://html.spec.whatwg.org/#htmldialogelement"""

    __slots__ = ()

    @property
    def returnValue(self) -> str:
        """https://html.spec.whatwg.org/#dom-dialog-returnvalue"""
        return self.__dict__.get("_return_value", "")  # type: ignore[attr-defined,no-any-return]

    @returnValue.setter
    def returnValue(self, value: Any) -> None:
        self.__dict__["_return_value"] = to_dom_string(value)  # type: ignore[attr-defined]

    def _open_checks(self, modal: bool) -> bool:
        is_open = self.hasAttribute("open")  # type: ignore[attr-defined]
        is_modal = bool(self.__dict__.get("_modal"))  # type: ignore[attr-defined]
        # "If this has an open attribute and is modal of this is (not) modal, return."
        if is_open and is_modal == modal:
            return False
        if is_open:
            raise InvalidStateError("the dialog is already open in the other mode")
        if modal:
            if not self.isConnected:  # type: ignore[attr-defined]
                raise InvalidStateError("showModal() needs a connected dialog")
            if self.__dict__.get("_popover_open"):  # type: ignore[attr-defined]
                raise InvalidStateError("the dialog is showing as a popover")
        return True

    def _show(self, modal: bool) -> None:
        if not self._open_checks(modal):
            return
        if not fire_toggle(self, "beforetoggle", "closed", "open", cancelable=True):
            return
        if self.hasAttribute("open"):  # type: ignore[attr-defined]
            return
        self.setAttribute("open", "")  # type: ignore[attr-defined]
        self.__dict__["_modal"] = modal  # type: ignore[attr-defined]
        fire_toggle(self, "toggle", "closed", "open", cancelable=False)

    def show(self) -> None:
        """https://html.spec.whatwg.org/#dom-dialog-show"""
        self._show(False)

    def showModal(self) -> None:
        """https://html.spec.whatwg.org/#dom-dialog-showmodal"""
        self._show(True)

    def close(self, result: Any = None) -> None:
        """https://html.spec.whatwg.org/#dom-dialog-close -- close the dialog with *result*."""
        self._close_the_dialog(None if result is None else to_dom_string(result))

    def requestClose(self, result: Any = None) -> None:
        """https://html.spec.whatwg.org/#dom-dialog-requestclose -- a cancelable ``cancel``
        event first; closing happens unless it is cancelled."""
        from ..events import fire_event

        if not self.hasAttribute("open"):  # type: ignore[attr-defined]
            return
        if not fire_event("cancel", self, cancelable=True):  # type: ignore[arg-type]
            return
        self._close_the_dialog(None if result is None else to_dom_string(result))

    def _close_the_dialog(self, result: str | None) -> None:
        """https://html.spec.whatwg.org/#close-the-dialog"""
        from ..events import fire_event

        if not self.hasAttribute("open"):  # type: ignore[attr-defined]
            return
        fire_toggle(self, "beforetoggle", "open", "closed", cancelable=False)
        if not self.hasAttribute("open"):  # type: ignore[attr-defined]
            return
        self.removeAttribute("open")  # type: ignore[attr-defined]
        self.__dict__["_modal"] = False  # type: ignore[attr-defined]
        if result is not None:
            self.returnValue = result
        fire_toggle(self, "toggle", "open", "closed", cancelable=False)
        fire_event("close", self)  # type: ignore[arg-type]
