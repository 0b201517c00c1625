"""Recombining longhands into a shorthand's value (https://drafts.csswg.org/cssom/#serialize-a-css-value,
the shorthand case): the shortest value that sets them all, by the shorthand's kind
(dom/css/properties.py's SHORTHANDS), as declared_values.py expands it.
"""

from __future__ import annotations

from .declared_values import CSS_WIDE_KEYWORDS
from .properties import PROPERTIES, SHORTHANDS
from .values import split_top_level_commas

__all__ = ["serialize_shorthand"]


def _serialize_box(values: list[str]) -> str:
    top, right, bottom, left = values
    if left == right:
        if bottom == top:
            return top if right == top else f"{top} {right}"
        return f"{top} {right} {bottom}"
    return f"{top} {right} {bottom} {left}"


def serialize_shorthand(name: str, values: list[str]) -> str:
    """https://drafts.csswg.org/cssom/#serialize-a-css-value for a shorthand, given its
    longhands' values in order: the shortest value that sets them all, or "" when none can
    (a CSS-wide keyword not on every longhand, a longhand value the shorthand cannot say)."""
    kind, longhands = SHORTHANDS[name]
    keywords = {v for v in values if v in CSS_WIDE_KEYWORDS}
    if keywords:
        return values[0] if len(set(values)) == 1 else ""
    if kind == "all":
        return ""  # only a CSS-wide keyword on every longhand says all
    if kind == "box":
        return _serialize_box(values)
    if kind == "radius":
        pairs = [v.split(" ") for v in values]
        horizontal = _serialize_box([p[0] for p in pairs])
        vertical = _serialize_box([p[-1] for p in pairs])
        return horizontal if horizontal == vertical else f"{horizontal} / {vertical}"
    if kind == "pair":
        return values[0] if values[0] == values[1] else f"{values[0]} {values[1]}"
    if kind == "slash":
        return values[0] if values[1] == ("auto" if not values[0].isidentifier() else values[0]) else (
            f"{values[0]} / {values[1]}")
    if kind == "border":
        sides = [values[i:12:4] for i in range(4)]  # per side: width, style, color
        if any(side != sides[0] for side in sides) or values[12] != "none":
            return ""  # border-image can only be reset
        return serialize_shorthand("border-top", sides[0])
    if kind == "any order":
        if name == "flex-flow":  # the initial values omitted, the direction kept when both are
            return " ".join(v for v, initial in zip(values, ("row", "nowrap"), strict=True) if v != initial) or "row"
        given = [v for longhand, v in zip(longhands, values, strict=True) if v != PROPERTIES[longhand].initial]
        if name == "list-style" and not given:
            return "outside none disc"  # every longhand initial: each written, as browsers do
        if name == "text-decoration" and not given:
            return "none"
        if name == "outline" and not given:
            return "none"
        return " ".join(given) if given else values[longhands.index(next(
            (lh for lh in longhands if lh.endswith("style")), longhands[0]))]
    if kind == "flex":
        return " ".join(values)
    if kind == "font":
        return _serialize_font(values)
    if kind == "background":
        return _serialize_background(longhands, values)
    return ""


def _serialize_font(values: list[str]) -> str:
    style, variant, weight, stretch, size, line_height, family = values
    if variant not in ("normal", "small-caps") or stretch.endswith("%"):
        return ""
    parts = [v for v in (style, variant, weight, stretch) if v != "normal"]
    parts.append(size if line_height == "normal" else f"{size} / {line_height}")
    parts.append(family)
    return " ".join(parts)


def _serialize_background(longhands: tuple[str, ...], values: list[str]) -> str:
    layers = [split_top_level_commas(v) for v in values[:-1]]
    count = len(layers[0])
    if any(len(layer) != count for layer in layers):
        return ""
    out = []
    for index in range(count):
        parts = []
        by_name = {longhand: layer[index] for longhand, layer in zip(longhands, layers, strict=False)}
        for longhand in longhands[:-1]:
            value = by_name[longhand]
            if longhand == "background-size":
                continue
            if longhand == "background-position" and by_name["background-size"] != "auto":
                parts.append(f"{value} / {by_name['background-size']}")
                continue
            if longhand == "background-clip" and value == by_name["background-origin"]:
                continue
            if value != PROPERTIES[longhand].initial:
                parts.append(value)
        if index == count - 1 and values[-1] != "transparent":
            parts.append(values[-1])
        out.append(" ".join(parts) or "none")
    return ", ".join(out)
