"""Button commands (https://html.spec.whatwg.org/#attr-button-command): the ``command`` and
``commandfor`` attributes of buttons, the CommandEvent a button fires at its target
(https://html.spec.whatwg.org/#the-commandevent-interface), the built-in popover and dialog
commands, and the popover target attributes' activation behaviour
(https://html.spec.whatwg.org/#popover-target-attribute-activation-behavior) buttons and
inputs fall back to.

Nothing is rendered, so the popover and dialog steps are those of their API here (no top layer,
focus or close watchers); the events and their order are as specified.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Unpack, cast

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase
from webidl import DOMException
from webidl.operations import operations

from ..event_path import retarget, shadow_including_inclusive_ancestor
from ..events import Event, fire_event
from .forms.owner import is_disabled, is_submit_button
from .popover import popover_showing

if TYPE_CHECKING:
    from webidl.dictionary_types import CommandEventInit

    from ..nodes.element import Element

__all__ = [
    "CommandEvent", "command_state", "invoke_command", "popover_target_activation",
]

# https://html.spec.whatwg.org/#attr-button-command: the built-in keywords (each its own state).
_COMMAND_KEYWORDS = frozenset(
    ("toggle-popover", "show-popover", "hide-popover", "close", "request-close", "show-modal")
)
_POPOVER_COMMANDS = frozenset(("toggle-popover", "show-popover", "hide-popover"))


@operations("CommandEvent", "__init__")
class CommandEvent(Event):
    """https://html.spec.whatwg.org/#commandevent"""

    __slots__ = ("_source", "_command")
    _command: str
    _init_dictionary = "CommandEventInit"

    def __init__(self, type: str, eventInitDict: CommandEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[CommandEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        source = dictionary.get("source")
        if source is not None and getattr(source, "nodeType", None) != 1:
            raise TypeError("CommandEventInit.source must be an Element or null")
        self._source = source
        self._command = dictionary["command"]

    @property
    def command(self) -> str:
        """https://html.spec.whatwg.org/#dom-commandevent-command"""
        return self._command

    @property
    def source(self) -> Element | None:
        """https://html.spec.whatwg.org/#dom-commandevent-source: the source retargeted against
        the current target (a listener outside a shadow tree sees its host)."""
        if self._source is None:
            return None
        return cast("Element | None", retarget(self._source, self.currentTarget))


def command_state(button: Any) -> str | None:
    """The state of *button*'s ``command`` attribute: a built-in keyword (lowercased), the value
    itself for a custom command keyword (one starting with "--"), or None for the Unknown state
    (its missing value default and invalid value default)."""
    value = button.getAttribute("command")
    if value is None:
        return None
    if value.startswith("--"):  # https://html.spec.whatwg.org/#attr-button-command-custom
        return str(value)
    keyword = ascii_lowercase(value)
    return keyword if keyword in _COMMAND_KEYWORDS else None


def _is_valid_command(command: str | None, target: Any) -> bool:
    """https://html.spec.whatwg.org/#determine-if-command-is-valid"""
    if command is None:  # 1. Unknown
        return False
    if command.startswith("--"):  # 2. Custom
        return True
    if getattr(target, "namespaceURI", None) != HTML_NAMESPACE:  # 3.
        return False
    if command in _POPOVER_COMMANDS:  # 4.
        return True
    # 5-6. The elements with "is valid command steps": dialog (https://html.spec.whatwg.org/#the-dialog-element).
    return target.localName == "dialog" and command in ("close", "request-close", "show-modal")


def _popover_validity(popover: Any, expected_showing: bool) -> bool:
    """Check popover validity (https://html.spec.whatwg.org/#check-popover-validity), an
    exception counting as false, as the callers here say."""
    try:
        valid: bool = popover._check_popover_validity(expected_showing)
    except DOMException:
        return False
    return valid


def _hide(popover: Any) -> None:
    try:
        popover.hidePopover()  # the hide popover algorithm, its exceptions not thrown
    except DOMException:
        pass


def _show(popover: Any) -> None:
    try:
        popover.showPopover()
    except DOMException:
        pass


def invoke_command(button: Any, event: Any) -> None:
    """Steps 4-6 of a button element's activation behaviour
    (https://html.spec.whatwg.org/#the-button-element:activation-behaviour): the command for its
    commandfor target, else the popover target attribute activation behaviour."""
    target = button.commandForElement  # 4. get the commandfor-associated element
    if target is None:
        popover_target_activation(button, event.target)  # 6.
        return
    command = command_state(button)  # 5.1
    if not _is_valid_command(command, target):  # 5.2
        return
    assert command is not None
    # 5.3-5.4: "fire an event", so a trusted one
    if not fire_event("command", target, CommandEvent, command=command, source=button, cancelable=True):
        return
    if not target.isConnected or command.startswith("--"):  # 5.5-5.6
        return
    if command == "hide-popover":  # 5.7
        if _popover_validity(target, True):
            _hide(target)
    elif command == "toggle-popover":  # 5.8
        if _popover_validity(target, False):
            _show(target)
        elif _popover_validity(target, True):
            _hide(target)
    elif command == "show-popover":  # 5.9
        if _popover_validity(target, False):
            _show(target)
    elif target.localName == "dialog":  # 5.10: the dialog element's command steps
        _dialog_command(target, button, command)


def _dialog_command(dialog: Any, source: Any, command: str) -> None:
    """https://html.spec.whatwg.org/#the-dialog-element: the command steps for dialog elements
    (the source's optional value is its value attribute, or null)."""
    if popover_showing(dialog):  # 1. in the popover showing state
        return
    value = source.getAttribute("value")
    open_ = dialog.hasAttribute("open")
    if command == "close" and open_:  # 2.
        dialog._close_the_dialog(value)
    elif command == "request-close" and open_:  # 3.
        dialog._request_close(value)
    elif command == "show-modal" and not open_:  # 4. show a modal dialog (it may refuse)
        try:
            dialog.showModal()
        except DOMException:
            pass


def _is_button(node: Any) -> bool:
    """https://html.spec.whatwg.org/#concept-button: a button element, or an input in the Submit
    Button, Image Button, Reset Button or Button state."""
    if getattr(node, "namespaceURI", None) != HTML_NAMESPACE:
        return False
    if node.localName == "button":
        return True
    return node.localName == "input" and ascii_lowercase(node.getAttribute("type") or "") in (
        "submit", "image", "reset", "button",
    )


def _popover_target_element(node: Any) -> Any:
    """https://html.spec.whatwg.org/#popover-target-element"""
    if not _is_button(node) or is_disabled(node):  # 1-2.
        return None
    if node.form is not None and is_submit_button(node):  # 3.
        return None
    popover = node.popoverTargetElement  # 4. get the popovertarget-associated element
    if popover is None or getattr(popover, "namespaceURI", None) != HTML_NAMESPACE:  # 5.
        return None
    if ascii_lowercase(popover.getAttribute("popover") or "x") not in ("", "auto", "manual", "hint"):  # 6.
        return None
    return popover


def popover_target_activation(node: Any, event_target: Any) -> None:
    """https://html.spec.whatwg.org/#popover-target-attribute-activation-behavior"""
    popover = _popover_target_element(node)  # 1.
    if popover is None:  # 2.
        return
    # 3. A click inside the popover on an invoker that the popover holds does nothing.
    if (
        shadow_including_inclusive_ancestor(popover, event_target)
        and shadow_including_inclusive_ancestor(node, popover)
        and popover is not node
    ):
        return
    action = ascii_lowercase(node.getAttribute("popovertargetaction") or "")
    showing = popover_showing(popover)
    if action == "show" and showing:  # 4.
        return
    if action == "hide" and not showing:  # 5.
        return
    if showing:  # 6.
        _hide(popover)
    elif _popover_validity(popover, False):  # 7.
        _show(popover)
