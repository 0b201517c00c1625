"""The textarea and output elements' values, and the text control selection APIs.

- https://html.spec.whatwg.org/#the-textarea-element
- https://html.spec.whatwg.org/#the-output-element
- https://html.spec.whatwg.org/#textFieldSelection

A textarea whose dirty value flag is false has the raw value its "children changed steps" and
reset keep it at: its child text content.  That is derived on read, so parsing and DOM edits cost
nothing; only a script-set value is stored (``textarea_raw_value`` in its FormControlState).

Selection offsets count UTF-16 code units, as in a browser (a character outside the BMP counts
two).  There is no user and no rendering: the selection is plain state that the APIs read and
write; a change queues a task (dom/tasks.py) that fires ``select``, as "set the selection range"
says (a Python caller gets those events from ``dom.tasks.run_tasks()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from html_infra.infra import normalize_newlines
from webidl import IndexSizeError, InvalidStateError
from webidl.operations import attributes, operations

from ... import registry
from ...events import fire_event
from ...nodes.mutation import string_replace_all
from ...tasks import queue_a_task
from ..element_text import child_text_content
from .control_state import form_state, form_state_if_any

if TYPE_CHECKING:
    from ..html_element import HTMLElement as _ElementBase  # what the mixins below are put before
else:
    _ElementBase = object

__all__ = ["TextAreaMixin", "OutputMixin", "TextControlSelectionMixin", "SELECTION_MODES"]

# https://html.spec.whatwg.org/#selectionmode
SELECTION_MODES = ("select", "start", "end", "preserve")
SelectionMode: TypeAlias = Literal["select", "start", "end", "preserve"]
_INFINITY = float("inf")


def code_units(s: str) -> int:
    """The length of *s* in UTF-16 code units."""
    return len(s) + sum(1 for c in s if c > "\uffff")


def _splice(s: str, start: int, end: int, replacement: str) -> str:
    """Replace UTF-16 code units [start, end) of *s* by *replacement*."""
    data = s.encode("utf-16-le", "surrogatepass")
    new = data[: 2 * start] + replacement.encode("utf-16-le", "surrogatepass") + data[2 * end :]
    return new.decode("utf-16-le", "surrogatepass")


def _descendant_text_content(node: Any) -> str:
    """https://dom.spec.whatwg.org/#concept-descendant-text-content"""
    return node.textContent or ""


@operations(("HTMLInputElement", "HTMLTextAreaElement"), "setSelectionRange", "setRangeText")
class TextControlSelectionMixin(_ElementBase):
    """select(), selectionStart/End/Direction, setSelectionRange(), setRangeText()
    (https://html.spec.whatwg.org/#textFieldSelection).  Classes provide ``_relevant_value()``,
    ``_set_relevant_value(value)`` and ``_selection_applies()``."""

    __slots__ = ()

    def _relevant_value(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def _set_relevant_value(self, value: str) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def _selection_applies(self) -> bool:
        return True

    def _set_dirty_value_flag(self) -> None:
        form_state(self).dirty_value = True

    def _selection(self) -> tuple[int, int, str]:
        """The selection, clamped to the relevant value as it is now ("whenever the relevant
        value changes" steps, run lazily)."""
        start, end, direction = form_state(self).selection_state
        length = code_units(self._relevant_value())
        return min(start, length), min(end, length), direction

    def _check_applies(self) -> None:
        if not self._selection_applies():
            raise InvalidStateError("the text selection APIs do not apply to this input type")

    def _set_selection_range(self, start: int | None, end: float | None, direction: str | None = None) -> None:
        """https://html.spec.whatwg.org/#set-the-selection-range"""
        start = 0 if start is None else start
        end = 0 if end is None else end
        length = code_units(self._relevant_value())
        start = min(start, length)
        end_i = int(min(end, length))
        if end_i <= start:
            start = end_i
        if direction not in ("backward", "forward"):
            direction = "none"
        changed = self._selection() != (start, end_i, direction)
        form_state(self).selection_state = (start, end_i, direction)
        if changed:  # 6. a select event, in a task
            queue_a_task(lambda: fire_event("select", self, bubbles=True))

    def select(self) -> None:
        """https://html.spec.whatwg.org/#dom-textarea/input-select"""
        if not self._selection_applies():
            return  # input types without selectable text ignore the call
        self._set_selection_range(0, _INFINITY)

    @property
    def selectionStart(self) -> int | None:
        """https://html.spec.whatwg.org/#dom-textarea/input-selectionstart"""
        if not self._selection_applies():
            return None
        return self._selection()[0]

    @selectionStart.setter
    def selectionStart(self, value: int | None) -> None:
        self._check_applies()
        start = value
        _s, end, direction = self._selection()
        if start is not None and end < start:
            end = start
        self._set_selection_range(start, end, direction)

    @property
    def selectionEnd(self) -> int | None:
        """https://html.spec.whatwg.org/#dom-textarea/input-selectionend"""
        if not self._selection_applies():
            return None
        return self._selection()[1]

    @selectionEnd.setter
    def selectionEnd(self, value: int | None) -> None:
        self._check_applies()
        start, _e, direction = self._selection()
        self._set_selection_range(start, value, direction)

    @property
    def selectionDirection(self) -> str | None:
        """https://html.spec.whatwg.org/#dom-textarea/input-selectiondirection"""
        if not self._selection_applies():
            return None
        return self._selection()[2]

    @selectionDirection.setter
    def selectionDirection(self, value: str | None) -> None:
        self._check_applies()
        start, end, _d = self._selection()
        self._set_selection_range(start, end, value)

    def setSelectionRange(self, start: int, end: int, direction: str | None = None) -> None:
        """https://html.spec.whatwg.org/#dom-textarea/input-setselectionrange (*direction* None:
        not given)"""
        self._check_applies()
        self._set_selection_range(start, end, direction)

    def setRangeText(self, replacement: str, start: int | None = None, end: int | None = None,
                     selectionMode: SelectionMode = "preserve") -> None:  # noqa: N803
        """https://html.spec.whatwg.org/#dom-textarea/input-setrangetext --
        ``setRangeText(replacement)`` or ``setRangeText(replacement, start, end, selectionMode="preserve")``
        (two overloads: the binding takes 1, 3 or 4 arguments)."""
        self._check_applies()
        self._set_dirty_value_flag()  # step 2
        selection_start, selection_end, _direction = self._selection()
        mode = selectionMode
        if start is None or end is None:  # step 3
            start, end = selection_start, selection_end
        if start > end:  # step 4
            raise IndexSizeError("the start offset is greater than the end offset")
        value = self._relevant_value()
        length = code_units(value)
        start, end = min(start, length), min(end, length)  # steps 5-6
        self._set_relevant_value(_splice(value, start, end, replacement))  # steps 9-10
        new_length = code_units(replacement)
        new_end = start + new_length
        if mode == "select":
            selection_start, selection_end = start, new_end
        elif mode == "start":
            selection_start = selection_end = start
        elif mode == "end":
            selection_start = selection_end = new_end
        else:  # preserve
            delta = new_length - (end - start)
            if selection_start > end:
                selection_start += delta
            elif selection_start > start:
                selection_start = start
            if selection_end > end:
                selection_end += delta
            elif selection_end > start:
                selection_end = new_end
        self._set_selection_range(selection_start, selection_end)


@attributes("HTMLTextAreaElement", "selectionStart", "selectionEnd", "selectionDirection", "value", "defaultValue")
class TextAreaMixin(TextControlSelectionMixin):
    """The value members of HTMLTextAreaElement (https://html.spec.whatwg.org/#htmltextareaelement)."""

    __slots__ = ()

    def _raw_value(self) -> str:
        """https://html.spec.whatwg.org/#concept-textarea-raw-value"""
        if form_state(self).dirty_value:
            return form_state(self).textarea_raw_value
        return child_text_content(self)

    def _api_value(self) -> str:
        """https://html.spec.whatwg.org/#concept-fe-api-value"""
        return normalize_newlines(self._raw_value())

    def _relevant_value(self) -> str:
        return self._api_value()

    def _set_relevant_value(self, value: str) -> None:
        form_state(self).textarea_raw_value = value
        form_state(self).dirty_value = True
        registry.style_state_changed(self._doc)  # (:placeholder-shown, :invalid ...: no tree change)

    def _set_dirty_value_flag(self) -> None:
        # the raw value stops following the children: it keeps their text as it is now
        # (https://html.spec.whatwg.org/#concept-textarea-raw-value)
        if not form_state(self).dirty_value:
            form_state(self).textarea_raw_value = child_text_content(self)
            form_state(self).dirty_value = True

    @property
    def defaultValue(self) -> str:
        """https://html.spec.whatwg.org/#dom-textarea-defaultvalue"""
        return child_text_content(self)

    @defaultValue.setter
    def defaultValue(self, value: str) -> None:
        string_replace_all(value, self)

    @property
    def value(self) -> str:
        """https://html.spec.whatwg.org/#dom-textarea-value"""
        return self._api_value()

    @value.setter
    def value(self, value: str) -> None:
        # ([LegacyNullToEmptyString]: None came as "")
        old = self._api_value()
        form_state(self).textarea_raw_value = value
        form_state(self).dirty_value = True
        registry.style_state_changed(self._doc)
        new = self._api_value()
        if new != old:  # step 4: the cursor moves to the end
            end = code_units(new)
            form_state(self).selection_state = (end, end, "none")

    @property
    def textLength(self) -> int:
        """https://html.spec.whatwg.org/#dom-textarea-textlength (UTF-16 code units)"""
        return code_units(self._api_value())

    def _reset(self) -> None:
        """https://html.spec.whatwg.org/#the-textarea-element (the reset algorithm)"""
        form_state(self).dirty_value = False
        form_state(self).textarea_raw_value = ""
        registry.style_state_changed(self._doc)

    def _children_changed(self) -> None:
        """https://html.spec.whatwg.org/#the-textarea-element: the children changed steps set a
        clean textarea's raw value to its child text content (derived on read here), and that
        change of the relevant value clamps the selection (https://html.spec.whatwg.org/#textFieldSelection:
        "whenever the relevant value changes"), which a later read could not do for a value
        that shrank and grew back in between."""
        state = form_state_if_any(self)
        if state is None or state.dirty_value:
            return
        start, end, direction = state.selection_state
        if start or end:
            length = code_units(self._relevant_value())
            state.selection_state = (min(start, length), min(end, length), direction)

    def _cloning_steps(self, original: Any) -> None:
        parent = getattr(super(), "_cloning_steps", None)
        if parent is not None:
            parent(original)
        if form_state(original).dirty_value:
            form_state(self).textarea_raw_value = original._raw_value()
            form_state(self).dirty_value = True


@attributes("HTMLOutputElement", "defaultValue", "value")
class OutputMixin(_ElementBase):
    """The value members of HTMLOutputElement (https://html.spec.whatwg.org/#htmloutputelement)."""

    __slots__ = ()

    def _default_value(self) -> str:
        """https://html.spec.whatwg.org/#concept-output-default-value"""
        override = form_state(self).default_value_override
        if override is not None:
            return override
        return _descendant_text_content(self)

    @property
    def value(self) -> str:
        """https://html.spec.whatwg.org/#dom-output-value"""
        return _descendant_text_content(self)

    @value.setter
    def value(self, value: str) -> None:
        form_state(self).default_value_override = self._default_value()
        string_replace_all(value, self)

    @property
    def defaultValue(self) -> str:
        """https://html.spec.whatwg.org/#dom-output-defaultvalue"""
        return self._default_value()

    @defaultValue.setter
    def defaultValue(self, value: str) -> None:
        if form_state(self).default_value_override is None:
            string_replace_all(value, self)
            return
        form_state(self).default_value_override = value

    def _reset(self) -> None:
        """https://html.spec.whatwg.org/#the-output-element (the reset algorithm)"""
        string_replace_all(self._default_value(), self)
        form_state(self).default_value_override = None
