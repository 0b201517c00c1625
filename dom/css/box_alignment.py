"""The values of the box alignment properties (CSS Box Alignment 3,
https://drafts.csswg.org/css-align-3/): each property's grammar over keywords, parsed into its
serialization, the shortest form (``first baseline`` is ``baseline``,
https://drafts.csswg.org/cssom/#serialize-a-css-value), or None when the value does not match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["ALIGNMENT_PROPERTIES", "parse_alignment"]

# https://drafts.csswg.org/css-align-3/#typedef-content-position and its siblings
_CONTENT_POSITION = frozenset(("center", "start", "end", "flex-start", "flex-end"))
_SELF_POSITION = _CONTENT_POSITION | {"self-start", "self-end"}
_CONTENT_DISTRIBUTION = frozenset(("space-between", "space-around", "space-evenly", "stretch"))
_OVERFLOW_POSITION = frozenset(("unsafe", "safe"))
_LEFT_RIGHT = frozenset(("left", "right"))


def _baseline(words: list[str]) -> str | None:
    """<baseline-position> = [ first | last ]? baseline; ``first baseline`` is ``baseline``."""
    if words == ["baseline"] or words == ["first", "baseline"]:
        return "baseline"
    if words == ["last", "baseline"]:
        return "last baseline"
    return None


def _positioned(words: list[str], positions: frozenset[str]) -> str | None:
    """<overflow-position>? <position>"""
    if len(words) == 1 and words[0] in positions:
        return words[0]
    if len(words) == 2 and words[0] in _OVERFLOW_POSITION and words[1] in positions:
        return " ".join(words)
    return None


def _align_content(words: list[str]) -> str | None:
    """https://drafts.csswg.org/css-align-3/#propdef-align-content: normal | <baseline-position> |
    <content-distribution> | <overflow-position>? <content-position>"""
    if words == ["normal"] or (len(words) == 1 and words[0] in _CONTENT_DISTRIBUTION):
        return words[0]
    return _baseline(words) or _positioned(words, _CONTENT_POSITION)


def _justify_content(words: list[str]) -> str | None:
    """https://drafts.csswg.org/css-align-3/#propdef-justify-content: normal |
    <content-distribution> | <overflow-position>? [ <content-position> | left | right ]"""
    if words == ["normal"] or (len(words) == 1 and words[0] in _CONTENT_DISTRIBUTION):
        return words[0]
    return _positioned(words, _CONTENT_POSITION | _LEFT_RIGHT)


def _self(words: list[str], positions: frozenset[str], extra: tuple[str, ...]) -> str | None:
    """<extra keywords> | <baseline-position> | <overflow-position>? <positions>"""
    if len(words) == 1 and words[0] in extra:
        return words[0]
    return _baseline(words) or _positioned(words, positions)


def _justify_items(words: list[str]) -> str | None:
    """https://drafts.csswg.org/css-align-3/#propdef-justify-items: normal | stretch |
    <baseline-position> | <overflow-position>? [ <self-position> | left | right ] | legacy |
    legacy && [ left | right | center ]"""
    if "legacy" in words and len(words) == 2:
        other = words[1] if words[0] == "legacy" else words[0]
        return f"legacy {other}" if other in ("left", "right", "center") else None
    return _self(words, _SELF_POSITION | _LEFT_RIGHT, ("normal", "stretch", "legacy"))


_PARSERS: dict[str, Callable[[list[str]], str | None]] = {
    "align-content": _align_content,
    "justify-content": _justify_content,
    # https://drafts.csswg.org/css-align-3/#propdef-align-items and #propdef-align-self
    "align-items": lambda words: _self(words, _SELF_POSITION, ("normal", "stretch")),
    "align-self": lambda words: _self(words, _SELF_POSITION, ("auto", "normal", "stretch")),
    "justify-items": _justify_items,
    # https://drafts.csswg.org/css-align-3/#propdef-justify-self
    "justify-self": lambda words: _self(words, _SELF_POSITION | _LEFT_RIGHT, ("auto", "normal", "stretch")),
}
ALIGNMENT_PROPERTIES = frozenset(_PARSERS)


def parse_alignment(name: str, parts: list[Any]) -> str | None:
    """The value of alignment property *name* given as its significant tokens, or None."""
    if not parts or len(parts) > 2 or any(part.type != "ident" for part in parts):
        return None
    return _PARSERS[name]([str(part.lower_value) for part in parts])
