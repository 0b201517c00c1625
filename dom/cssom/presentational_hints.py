"""The presentational hints of HTML elements' attributes that need no layout
(https://html.spec.whatwg.org/#presentational-hints): the author-level declarations below every
author rule that the cascade (cascade.py) adds for ``align``, ``bgcolor``, ``text``,
``color``, ``size``, ``border``, ``frameborder`` and the body's margins."""

from __future__ import annotations

import re
from typing import Any

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase
from html_infra.microsyntaxes.colors import parse_legacy_color
from html_infra.microsyntaxes.numbers import parse_integer, parse_non_negative_integer

from ..css.values import serialize_rgba

__all__ = ["ALIGN_HINTED", "ALWAYS_HINTED", "HINTED_TAGS", "HINT_ATTRIBUTES", "presentational_hints"]

# The elements an align attribute floats (presentational_hints), as lxml tags: an HTML
# document stores HTML elements under their local names, an XML document in their namespace
# (one iteration in C finds them, where a walk testing every element for @align costs ~1 ms).
ALIGN_HINTED = tuple(name for local in ("img", "object", "iframe", "embed", "input", "video")
                     for name in (local, f"{{{HTML_NAMESPACE}}}{local}"))
# The lxml tags of the elements presentational_hints gives hints for (the others have none)
HINTED_TAGS = frozenset(name for local in (
    "img", "object", "iframe", "embed", "input", "video", "body", "table", "td", "th", "tr", "thead", "tbody",
    "tfoot", "font", "center", "div") for name in (local, f"{{{HTML_NAMESPACE}}}{local}"))
# Those of them with hints whatever their attributes (the others have none without attributes)
ALWAYS_HINTED = frozenset(name for local in ("body", "center") for name in (local, f"{{{HTML_NAMESPACE}}}{local}"))
# The attributes whose presence may give the others hints (type only beside align or border)
HINT_ATTRIBUTES = frozenset(("align", "bgcolor", "text", "color", "size", "border", "frameborder"))


class _Hint:
    __slots__ = ("value", "important")

    def __init__(self, value: str) -> None:
        self.value, self.important = value, False


_FLOATS = {"left": "left", "right": "right"}



def presentational_hints(local: str, get: Any) -> dict[str, Any]:
    """https://html.spec.whatwg.org/#presentational-hints that need no layout: ``align`` on
    embedded content floats it (https://html.spec.whatwg.org/#attributes-for-embedded-content-and-images),
    ``bgcolor`` and ``text``/``color`` give colours, ``<font color>``
    (https://html.spec.whatwg.org/#phrasing-content-3)."""
    hints: dict[str, Any] = {}
    align = get("align")
    if align is not None and local in ("img", "object", "iframe", "embed", "input", "video"):
        if local != "input" or ascii_lowercase(get("type") or "") == "image":
            value = _FLOATS.get(ascii_lowercase(align.strip()))
            if value is not None:
                hints["float"] = _Hint(value)
    if local in ("body", "table", "td", "th", "tr", "thead", "tbody", "tfoot"):
        color = get("bgcolor")
        if color:
            parsed = _hint_color(color)
            if parsed is not None:
                hints["background-color"] = _Hint(parsed)
    if local == "body":  # https://html.spec.whatwg.org/#the-page: the margins, 8px by default
        for side, names in (("top", ("marginheight", "topmargin")), ("bottom", ("marginheight", "bottommargin")),
                            ("left", ("marginwidth", "leftmargin")), ("right", ("marginwidth", "rightmargin"))):
            found = next((get(name) for name in names if get(name) is not None), None)
            digits = re.match(r"[ \t\n\f\r]*\+?(\d+)", found or "")
            hints[f"margin-{side}"] = _Hint(f"{int(digits.group(1))}px" if digits else "8px")
    if local in ("font", "body"):
        color = get("color" if local == "font" else "text")
        if color:
            parsed = _hint_color(color)
            if parsed is not None:
                hints["color"] = _Hint(parsed)
    if local == "font":
        size = get("size")
        keyword = _legacy_font_size(size) if size is not None else None
        if keyword is not None:
            hints["font-size"] = _Hint(keyword)
    border = get("border") if local in ("table", "img", "object", "input") else None
    if border is not None:  # https://html.spec.whatwg.org/#tables-2, #images-3
        width = parse_non_negative_integer(border)
        if local == "table" or (width and (local != "input" or ascii_lowercase(get("type") or "") == "image")):
            for side in ("top", "right", "bottom", "left"):
                hints[f"border-{side}-width"] = _Hint(f"{1 if width is None else width}px")
                if local != "table":
                    hints[f"border-{side}-style"] = _Hint("solid")
    if local == "iframe":  # https://html.spec.whatwg.org/#the-iframe-element-2
        frameborder = get("frameborder")
        if frameborder is not None and not parse_integer(frameborder):
            for side in ("top", "right", "bottom", "left"):
                hints[f"border-{side}-width"] = _Hint("0px")
    if local == "center":  # https://html.spec.whatwg.org/#flow-content-3
        hints["text-align"] = _Hint("center")
    elif local in _TEXT_ALIGNED and align is not None:
        value = _ALIGNS.get(ascii_lowercase(align))
        if value is not None:
            hints["text-align"] = _Hint(value)
    return hints


# The elements whose align attribute aligns their text (https://html.spec.whatwg.org/#flow-content-3,
# https://html.spec.whatwg.org/#tables-2) and the text-align each value gives
_TEXT_ALIGNED = frozenset(("div", "thead", "tbody", "tfoot", "tr", "td", "th"))
_ALIGNS = {"center": "center", "middle": "center", "left": "left", "right": "right", "justify": "justify"}
_FONT_SIZES = ("x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large")


def _legacy_font_size(text: str) -> str | None:
    """https://html.spec.whatwg.org/#rules-for-parsing-a-legacy-font-size: the font-size keyword
    of a font element's size attribute, or None (no hint)."""
    match = re.match(r"[ \t\n\f\r]*([+-]?)([0-9]*)", text)
    if match is None or not match.group(2):
        return None  # steps 4 and 7
    mode, value = match.group(1), int(match.group(2))
    if mode == "+":
        value += 3
    elif mode == "-":
        value = 3 - value
    return _FONT_SIZES[min(max(value, 1), 7) - 1]


def _hint_color(text: str) -> str | None:
    """https://html.spec.whatwg.org/#rules-for-parsing-a-legacy-colour-value, as rgb()."""
    color = parse_legacy_color(text)
    return None if color is None else serialize_rgba((float(color[0]), float(color[1]), float(color[2]), 1.0))
