"""The input element's type attribute states and value modes (https://html.spec.whatwg.org/#attr-input-type)."""

from __future__ import annotations

from typing import Any

from html_infra.infra import ascii_lowercase

__all__ = ["INPUT_TYPE_STATES", "input_type_state", "type_state_of", "value_mode", "NUMERIC", "AS_DATE"]

# https://html.spec.whatwg.org/#attr-input-type (missing and invalid value default: text)
INPUT_TYPE_STATES = frozenset((
    "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
    "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image",
    "reset", "button",
))
_DEFAULT_MODE = frozenset(("hidden", "submit", "image", "reset", "button"))
_DEFAULT_ON_MODE = frozenset(("checkbox", "radio"))
NUMERIC = frozenset(("date", "month", "week", "time", "datetime-local", "number", "range"))
AS_DATE = frozenset(("date", "month", "week", "time"))



def input_type_state(element: Any) -> str:
    """The state of the type attribute (its keyword, ASCII-lowercased; "text" if missing or invalid)."""
    raw = element._lx.get("type")
    if raw is None:
        return "text"
    state = ascii_lowercase(raw)
    return state if state in INPUT_TYPE_STATES else "text"


def type_state_of(raw: str | None) -> str:
    if raw is None:
        return "text"
    state = ascii_lowercase(raw)
    return state if state in INPUT_TYPE_STATES else "text"


def value_mode(state: str) -> str:
    """https://html.spec.whatwg.org/#dom-input-value: "value", "default", "default/on" or "filename"."""
    if state in _DEFAULT_MODE:
        return "default"
    if state in _DEFAULT_ON_MODE:
        return "default/on"
    if state == "file":
        return "filename"
    return "value"
