"""The state of form controls that their markup does not hold.

A control's value, checkedness, dirty flags, selected files, text selection and custom validity
message (https://html.spec.whatwg.org/#concept-fe-value and what follows it) live on the wrapper
(wrappers persist while their document lives, dom/README.md "identity"), in one object per
control: its ``_form_state`` field, declared by each form control class and made on first use.
A field left at its default means "as the markup says" (``value`` None: the sanitized ``value``
attribute; ``checkedness`` None: the ``checked`` attribute; ``selectedness`` None: the option's
``selected`` attribute).
"""

from __future__ import annotations

from typing import Any

from ... import registry

__all__ = ["FormControlState", "form_state", "form_state_if_any"]


class FormControlState:
    """One form control's state: inputs, textareas, selects, options and the other listed
    elements each use the fields that apply to them."""

    __slots__ = (
        "value", "dirty_value", "checkedness", "dirty_checkedness", "check_stamp", "indeterminate",
        "selected_files", "selection_state", "custom_validity", "textarea_raw_value",
        "default_value_override", "selectedness", "dirtiness", "insertion_stamp", "select_needs_reset",
        "synced_options", "synced_version", "parser_form",
    )

    def __init__(self) -> None:
        self.value: str | None = None  # input: https://html.spec.whatwg.org/#concept-fe-value
        self.dirty_value = False  # https://html.spec.whatwg.org/#concept-fe-dirty
        self.checkedness: bool | None = None  # https://html.spec.whatwg.org/#concept-fe-checked
        self.dirty_checkedness = False  # https://html.spec.whatwg.org/#concept-input-checked-dirty-flag
        self.check_stamp = 0  # when the checkedness last became true (radio groups, dom/html/forms/input.py)
        self.indeterminate = False  # https://html.spec.whatwg.org/#dom-input-indeterminate
        self.selected_files: Any = None  # https://html.spec.whatwg.org/#concept-input-type-file-selected
        self.selection_state: tuple[int, int, str] = (0, 0, "none")  # start, end, direction
        self.custom_validity = ""  # https://html.spec.whatwg.org/#custom-validity-error-message
        self.textarea_raw_value = ""  # https://html.spec.whatwg.org/#concept-textarea-raw-value
        self.default_value_override: str | None = None  # textarea defaultValue (see textarea.py)
        self.selectedness: bool | None = None  # option: https://html.spec.whatwg.org/#concept-option-selectedness
        self.dirtiness = False  # option: https://html.spec.whatwg.org/#concept-option-dirtiness
        self.insertion_stamp = 0  # option: when it was last inserted (select.py)
        self.select_needs_reset = False  # select: the selectedness setting algorithm is due (select.py)
        self.synced_options: list[Any] | None = None  # select: its options at the last sync (select.py)
        self.synced_version = -1  # select: the document version of the last sync
        # (form, ancestors as owner.py's Chain, the document version then) of the parser's
        # association (https://html.spec.whatwg.org/#parser-inserted-flag)
        self.parser_form: tuple[Any, Any, int] | None = None


def form_state(element: Any) -> FormControlState:
    """*element*'s state, made on first use."""
    try:
        value: FormControlState = element._form_state
        return value
    except AttributeError:
        state = element._form_state = FormControlState()
        return state


def form_state_if_any(element: Any) -> FormControlState | None:
    """*element*'s state if it has one yet (reading it does not make one)."""
    try:
        value: FormControlState | None = element._form_state
        return value
    except AttributeError:
        return None

# The node tree, below this floor, reaches form control state (for pickling) through dom.registry.
registry.form_state = form_state
registry.form_state_if_any = form_state_if_any
