"""Parsing a declaration's value per its property's grammar and expanding shorthands into their
longhands (https://drafts.csswg.org/css-cascade/#shorthand); recombining them into a shorthand's
value is shorthand_serialization.py's.

:func:`parse_declaration` answers what https://drafts.csswg.org/cssom/#parse-a-css-value does
for one property: the longhand declarations a valid value sets, each as its serialization, or
None when the value does not match the grammar (the declaration is then dropped, as browsers
drop it).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import tinycss2.ast

from .box_alignment import ALIGNMENT_PROPERTIES, parse_alignment
from .properties import ALIASES, PROPERTIES, QUIRKY_LENGTHS, SHORTHANDS, Property
from .values import (
    MATH_FUNCTIONS,
    as_given,
    parse_angle,
    parse_color,
    parse_integer,
    parse_length,
    parse_number,
    parse_percentage,
    parse_time,
    serialize_number,
    too_deep,
)

__all__ = ["CSS_WIDE_KEYWORDS", "canonical_name", "has_error", "parse_declaration", "parse_longhand"]

CSS_WIDE_KEYWORDS = frozenset({"initial", "inherit", "unset", "revert", "revert-layer"})
# ParseErrors that leave the token valid: CSS Syntax accepts a string or url() closed by EOF.
_EOF_ERRORS = frozenset({"eof-in-string", "eof-in-url"})

Matcher = Callable[[Any], "str | None"]


def _image(token: Any) -> str | None:
    """<image> (https://drafts.csswg.org/css-images-3/#image-values): url() or an image function."""
    if token.type == "url":
        return as_given([token])
    if token.type == "function" and (token.lower_name.endswith("gradient") or token.lower_name in (
            "url", "image", "image-set", "-webkit-image-set", "cross-fade", "element", "paint", "var")):
        return as_given([token])
    return None


def _type_matcher(name: str, quirks: bool, prop: str) -> Matcher:
    if name == "alignment":
        return lambda t: parse_alignment(prop, [t])
    if name == "position":
        return lambda t: _position(t, quirks)
    if name == "shadow":  # a shadow is never one token
        return lambda t: None
    minimum = 1.0 if name.endswith("+1") else 0.0 if name.endswith("+") else None
    name = name.removesuffix("+1").rstrip("+")
    if name == "length":
        return lambda t: parse_length(t, minimum, quirks=quirks)
    if name == "length-percentage":
        return lambda t: parse_length(t, minimum, percentage=True, quirks=quirks)
    if name == "percentage":
        return lambda t: parse_percentage(t, minimum)
    if name == "number":
        return lambda t: parse_number(t, minimum)
    if name == "integer":
        return lambda t: parse_integer(t, minimum)
    if name == "color":
        return parse_color
    if name == "time":
        return lambda t: parse_time(t, minimum)
    if name == "angle":
        return parse_angle
    if name == "string":
        return lambda t: as_given([t]) if t.type == "string" else None
    if name == "url":
        return lambda t: as_given([t]) if t.type == "url" else None
    if name == "image":
        return _image
    if name == "custom-ident":
        return lambda t: t.value if t.type == "ident" and t.lower_value not in CSS_WIDE_KEYWORDS | {"default"} else None
    raise ValueError(f"unknown type <{name}> in the property table")


class _Grammar:
    """A compiled grammar: keywords, type matchers, the repetition range, and whether any value
    without a syntax error is accepted as given."""

    __slots__ = ("keywords", "types", "at_most", "as_given", "colors", "vocabulary")

    def __init__(self, text: str, quirks: bool, prop: str) -> None:
        self.at_most = 1
        if text.endswith("{1,2}"):
            text, self.at_most = text[:-5], 2
        self.keywords: set[str] = set()
        self.types: list[Matcher] = []
        self.as_given = False
        self.colors = "<color>" in text
        self.vocabulary: set[str] = set()  # the identifiers an as-given value may hold
        for alternative in text.split(" | "):
            alternative = alternative.strip()
            if alternative.startswith("<as-given"):
                self.as_given = True
                self.vocabulary.update(w for w in alternative[10:-1].split() if not w.startswith("<"))
            elif alternative.startswith("<"):
                self.types.append(_type_matcher(alternative[1:-1], quirks, prop))
            else:
                self.keywords.add(alternative)

    def one(self, token: Any) -> str | None:
        if token.type == "ident" and token.lower_value in self.keywords:
            return str(token.lower_value)
        for matcher in self.types:
            value = matcher(token)
            if value is not None:
                return value
        return None


@cache
def _grammar(name: str, quirks: bool = False) -> _Grammar:
    return _Grammar(PROPERTIES[name].grammar, quirks, name)


def _significant(tokens: list[Any]) -> list[Any]:
    return [t for t in tokens if t.type not in ("whitespace", "comment")]


def has_error(tokens: list[Any], custom: bool = False) -> bool:
    """Whether a declaration's value holds what no property's grammar accepts (found without
    recursion): a bad string or URL, an unmatched closer, and outside a custom property
    (https://drafts.csswg.org/css-variables/#defining-variables) a ``{}`` block, ``;`` or ``!``."""
    stack = [tokens]
    while stack:
        for token in stack.pop():
            kind = token.type
            if kind == "error" and token.kind not in _EOF_ERRORS:
                return True
            if not custom and (kind == "{} block" or (kind == "literal" and token.value in (";", "!"))):
                return True
            if kind == "function":
                stack.append(token.arguments)
            elif kind.endswith("block"):
                stack.append(token.content)
    return False


def _has_substitution(tokens: list[Any]) -> bool:
    stack = [tokens]
    while stack:
        for token in stack.pop():
            if token.type == "function":
                if token.lower_name in ("var", "env", "attr"):
                    return True
                stack.append(token.arguments)
    return False


def canonical_name(name: str) -> str:
    """A property name as the table knows it (a legacy alias is its property)."""
    return ALIASES.get(name, name)


def parse_longhand(name: str, tokens: list[Any], quirks: bool = False) -> str | None:
    """The value of longhand *name* given as *tokens* (no CSS-wide keyword), or None."""
    grammar = _grammar(name, quirks)
    parts = _significant(tokens)
    if not parts:
        return None
    if name == "text-indent":
        return _text_indent(parts, quirks)
    if name == "display":
        return _display(parts)
    if name in _COUNTER_DEFAULTS:
        return _counters(name, parts)
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value in _INITIAL_PARTS.get(name, ()):
        return "none"  # a component at its initial value is omitted; all omitted, the image's none
    if name in ("box-shadow", "text-shadow") and not (len(parts) == 1 and parts[0].type == "ident"):
        return _shadows(parts, name == "box-shadow", quirks)
    if len(parts) == 1 and name in _NUMBER_RANGES:
        return _ranged_number(name, parts[0], grammar)
    if name in ALIGNMENT_PROPERTIES:
        return parse_alignment(name, parts)
    if len(parts) <= grammar.at_most:
        values = [grammar.one(part) for part in parts]
        if all(value is not None for value in values):
            if len(values) == 2 and values[0] == values[1] and name.endswith("radius"):
                return values[0]
            return " ".join(values)  # type: ignore[arg-type]
    if grammar.as_given or any(t.type == "function" and t.lower_name in MATH_FUNCTIONS for t in parts):
        if any(t.type == "literal" and t.value == ":" for t in parts):
            return None
        if grammar.as_given and (grammar.keywords or grammar.vocabulary or grammar.colors):
            if any(t.type == "ident" and t.lower_value not in grammar.keywords | grammar.vocabulary and not (
                    grammar.colors and parse_color(t) is not None) for t in parts):
                return None  # an identifier the grammar does not take (properties.py)
            if len(parts) == 1 and (parts[0].type in ("ident", "hash") or (
                    grammar.colors and parts[0].type == "function" and parts[0].lower_name in _COLOR_FUNCTIONS)):
                return None  # a keyword or colour that is no value of its own
        if name in _TRACK_LISTS:
            return as_given(_zero_lengths(tokens))
        return as_given(tokens)
    return None


# https://drafts.csswg.org/css-grid-2/#track-sizing: track sizes are lengths (or flexible, or
# keywords), so a unitless zero among them, or in minmax() and fit-content(), is the length
# 0px (https://drafts.csswg.org/css-values-4/#zero-value); repeat()'s count is an integer
_TRACK_LISTS = frozenset(("grid-template-columns", "grid-template-rows", "grid-auto-columns", "grid-auto-rows"))


def _zero_lengths(tokens: list[Any]) -> list[Any]:
    out = []
    for token in tokens:
        if token.type == "number" and token.value == 0:
            token = tinycss2.ast.DimensionToken(token.source_line, token.source_column, 0, 0, "0", "px")
        elif token.type == "function" and token.lower_name in ("minmax", "fit-content"):
            token = tinycss2.ast.FunctionBlock(token.source_line, token.source_column, token.name,
                                               _zero_lengths(token.arguments))
        elif token.type == "function" and token.lower_name == "repeat":
            comma = next((i for i, t in enumerate(token.arguments) if t.type == "literal" and t.value == ","),
                         len(token.arguments))
            token = tinycss2.ast.FunctionBlock(token.source_line, token.source_column, token.name,
                                               token.arguments[:comma] + _zero_lengths(token.arguments[comma:]))
        out.append(token)
    return out


# https://drafts.csswg.org/css-display-3/#the-display-properties: an outer and an inner display
# type, serialized as the shortest form (https://drafts.csswg.org/css-display-3/#display-value-summary)
_OUTER = ("block", "inline", "run-in")
_INNER = ("flow", "flow-root", "table", "flex", "grid", "ruby")
_SHORT = {("block", "flow"): "block", ("inline", "flow"): "inline", ("run-in", "flow"): "run-in",
          ("block", "flow-root"): "flow-root", ("inline", "flow-root"): "inline-block", ("block", "table"): "table",
          ("inline", "table"): "inline-table", ("block", "flex"): "flex", ("inline", "flex"): "inline-flex",
          ("block", "grid"): "grid", ("inline", "grid"): "inline-grid", ("inline", "ruby"): "ruby"}


def _display(parts: list[Any]) -> str | None:
    """display: one keyword of the table, or an outer and an inner display type (or a list
    item's) in either order; ``flow`` alone is ``block``."""
    if any(part.type != "ident" for part in parts) or len(parts) > 3:
        return None
    words = [str(part.lower_value) for part in parts]
    if len(words) == 1:
        return "block" if words[0] == "flow" else words[0] if words[0] in _grammar("display").keywords else None
    outer = [w for w in words if w in _OUTER]
    inner = [w for w in words if w in _INNER]
    item = [w for w in words if w == "list-item"]
    if len(outer) > 1 or len(inner) > 1 or len(item) > 1 or len(outer) + len(inner) + len(item) != len(words):
        return None
    if item:  # <display-outside>? && [ flow | flow-root ]? && list-item
        if inner and inner[0] not in ("flow", "flow-root"):
            return None
        out = [] if outer in ([], ["block"]) else outer
        return " ".join([*out, *([] if inner in ([], ["flow"]) else inner), "list-item"])
    pair = (outer[0] if outer else ("inline" if inner[0] == "ruby" else "block"), inner[0] if inner else "flow")
    return _SHORT.get(pair, " ".join(pair))


_COLOR_FUNCTIONS = frozenset(("rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color",
                              "color-mix", "light-dark"))
_HORIZONTAL = {"left": "left", "right": "right", "center": "center"}


def _position(token: Any, quirks: bool) -> str | None:
    """One component of a <position> (https://drafts.csswg.org/css-values-4/#position) given
    alone: the other is center, the horizontal one written first (``top`` is ``center top``)."""
    if token.type == "ident":
        word = token.lower_value
        if word in _HORIZONTAL:
            return f"{word} center"
        return f"center {word}" if word in ("top", "bottom") else None
    value = parse_length(token, percentage=True, quirks=quirks)
    return None if value is None else f"{value} center"


# The keywords of shorthands kept as given (mask, https://drafts.csswg.org/css-masking/#the-mask;
# border-image, https://drafts.csswg.org/css-backgrounds/#border-image) that are a longhand's
# initial value: alone, the shortest serialization (https://drafts.csswg.org/cssom/#serialize-a-css-value)
# is the image's initial none.
_INITIAL_PARTS = {"mask": frozenset(("match-source", "add", "repeat", "border-box")),
                  "border-image": frozenset(("stretch",))}


def _shadows(parts: list[Any], box: bool, quirks: bool) -> str | None:
    """<shadow># (https://drafts.csswg.org/css-backgrounds/#box-shadow: <color>? && <length>{2,4}
    && inset?; https://drafts.csswg.org/css-text-decor-3/#text-shadow-property: no inset, at most
    three lengths), each serialized in the grammar's order: colour, lengths, inset; the blur
    radius not negative."""
    layers: list[list[Any]] = [[]]
    for part in parts:
        if part.type == "literal" and part.value == ",":
            layers.append([])
        else:
            layers[-1].append(part)
    out = []
    for layer in layers:
        color: str | None = None
        inset = False
        lengths: list[str] = []
        ended = False  # the lengths are one run
        for part in layer:
            length = parse_length(part, quirks=quirks)
            if length is not None and not ended:
                lengths.append(length)
                continue
            ended = bool(lengths)
            if box and part.type == "ident" and part.lower_value == "inset" and not inset:
                inset = True
                continue
            value = parse_color(part)
            if value is None or color is not None:
                return None
            color = value
        if not 2 <= len(lengths) <= (4 if box else 3) or (len(lengths) > 2 and lengths[2].startswith("-")):
            return None
        out.append(" ".join([*([color] if color else []), *lengths, *(["inset"] if inset else [])]))
    return ", ".join(out)


def _text_indent(parts: list[Any], quirks: bool) -> str | None:
    """https://drafts.csswg.org/css-text-3/#propdef-text-indent: <length-percentage> &&
    hanging? && each-line?, in that order when serialized."""
    length: str | None = None
    keywords: set[str] = set()
    for part in parts:
        if part.type == "ident" and part.lower_value in ("hanging", "each-line") and part.lower_value not in keywords:
            keywords.add(part.lower_value)
            continue
        value = parse_length(part, percentage=True, quirks=quirks)
        if value is None or length is not None:
            return None
        length = value
    if length is None:
        return None
    return " ".join([length, *(k for k in ("hanging", "each-line") if k in keywords)])


# Numbers a grammar bounds (https://drafts.csswg.org/css-fonts/#font-weight-absolute-values:
# 1 to 1000) and percentages that are specified as numbers (https://drafts.csswg.org/css-color-4/#transparency:
# an opacity percentage serializes as its number).
_NUMBER_RANGES: dict[str, tuple[float | None, float | None]] = {"font-weight": (1.0, 1000.0), "opacity": (None, None)}


def _ranged_number(name: str, token: Any, grammar: _Grammar) -> str | None:
    low, high = _NUMBER_RANGES[name]
    if token.type == "number" and (
            (low is not None and token.value < low) or (high is not None and token.value > high)):
        return None
    if name == "opacity" and token.type == "percentage":
        return serialize_number(token.value / 100)
    return grammar.one(token)


def parse_declaration(name: str, tokens: list[Any], quirks: bool = False) -> list[tuple[str, str]] | None:
    """The (longhand, value) pairs a declaration of *name* (a known property, lowercased)
    sets, or None when its value is invalid.  A CSS-wide keyword alone sets every longhand to
    it; a value with var() is kept on the property (or the shorthand) as given, as its grammar
    is checked only at computed-value time (https://drafts.csswg.org/css-variables/#using-variables)."""
    if has_error(tokens) or too_deep(tokens):
        return None
    parts = _significant(tokens)
    if not parts:
        return None
    prop = PROPERTIES[name]
    quirks = quirks and name in QUIRKY_LENGTHS
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value in CSS_WIDE_KEYWORDS:
        keyword = parts[0].lower_value
        return [(longhand, keyword) for longhand in prop.longhands] or [(name, keyword)]
    if any(t.type == "ident" and t.lower_value in CSS_WIDE_KEYWORDS for t in parts):
        return None  # a CSS-wide keyword only stands alone
    if _has_substitution(tokens):
        return [(name, as_given(tokens))]
    if not prop.longhands:
        value = parse_longhand(name, tokens, quirks)
        return None if value is None else [(name, value)]
    kind = SHORTHANDS[name][0]
    return _EXPANDERS[kind](prop, parts, quirks)


# https://drafts.csswg.org/css-lists-3/#auto-numbering: the integer a counter name without one
# gets; the names that are no <counter-name> (https://drafts.csswg.org/css-values-4/#custom-idents,
# and none)
_COUNTER_DEFAULTS = {"counter-reset": "0", "counter-set": "0", "counter-increment": "1"}
_NOT_COUNTER_NAMES = frozenset(("none", "default", *CSS_WIDE_KEYWORDS))


def _counters(name: str, parts: list[Any]) -> str | None:
    """https://drafts.csswg.org/css-lists-3/#propdef-counter-reset, #propdef-counter-set and
    #propdef-counter-increment: none, or counter names each with an optional <integer>, written
    with it (0, or 1 for counter-increment, when omitted); counter-reset also takes
    ``reversed(name)``, whose value without an integer is left to the elements it counts."""
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value == "none":
        return "none"
    out = []
    index = 0
    while index < len(parts):
        part = parts[index]
        index += 1
        if part.type == "ident" and part.lower_value not in _NOT_COUNTER_NAMES:
            counter, default = as_given([part]), _COUNTER_DEFAULTS[name]
        elif name == "counter-reset" and part.type == "function" and part.lower_name == "reversed":
            inner = _significant(part.arguments)
            if len(inner) != 1 or inner[0].type != "ident" or inner[0].lower_value in _NOT_COUNTER_NAMES:
                return None
            counter, default = f"reversed({as_given(inner)})", ""
        else:
            return None
        value = parse_integer(parts[index]) if index < len(parts) else None
        if value is not None:
            index += 1
        value = value or default
        out.append(f"{counter} {value}" if value else counter)
    return " ".join(out)


# -- shorthand expansion ------------------------------------------------------------------------


def _box(prop: Property, parts: list[Any], quirks: bool) -> list[tuple[str, str]] | None:
    """https://drafts.csswg.org/css-box-4/#margin-shorthand and its likes: 1 to 4 values for
    top, right, bottom and left."""
    if not 1 <= len(parts) <= 4:
        return None
    grammar = _grammar(prop.longhands[0], quirks)
    values = [grammar.one(part) for part in parts]
    if any(value is None for value in values):
        return None
    top = values[0]
    right = values[1] if len(values) > 1 else top
    bottom = values[2] if len(values) > 2 else top
    left = values[3] if len(values) > 3 else right
    return list(zip(prop.longhands, (top, right, bottom, left), strict=True))  # type: ignore[arg-type]


def _radius(prop: Property, parts: list[Any], quirks: bool) -> list[tuple[str, str]] | None:
    """https://drafts.csswg.org/css-backgrounds/#border-radius: horizontal radii [/ vertical]."""
    slash = [i for i, t in enumerate(parts) if t.type == "literal" and t.value == "/"]
    if len(slash) > 1:
        return None
    horizontal = _box(prop, parts[:slash[0]] if slash else parts, quirks)
    vertical = _box(prop, parts[slash[0] + 1:], quirks) if slash else horizontal
    if horizontal is None or vertical is None:
        return None
    return [(h[0], h[1] if h[1] == v[1] else f"{h[1]} {v[1]}") for h, v in zip(horizontal, vertical, strict=True)]


# Where a keyword fits two longhands, the grammar's own order decides: ``outline: auto`` is a style.
_PARSE_ORDER = {"outline": ("outline-style", "outline-width", "outline-color")}


def _any_order(prop: Property, parts: list[Any], quirks: bool) -> list[tuple[str, str]] | None:
    """A shorthand whose parts may come in any order (``a || b || c``): each part is taken by
    the first longhand still free whose grammar accepts it; the others are reset to their
    initial values (https://drafts.csswg.org/css-cascade/#shorthand)."""
    found: dict[str, str] = {}
    for part in parts:
        for longhand in _PARSE_ORDER.get(prop.name, prop.longhands):
            if longhand in found:
                continue
            value = _grammar(longhand, quirks).one(part)
            if value is not None:
                found[longhand] = value
                break
        else:
            return None
    if prop.name == "list-style" and parts[0].type == "ident" and len(parts) == 1 and found.get(
            "list-style-image") == "none":
        found = {"list-style-type": "none"}  # "none" sets the type, the image stays none
    return [(longhand, found.get(longhand, PROPERTIES[longhand].initial)) for longhand in prop.longhands]


def _border(prop: Property, parts: list[Any], quirks: bool) -> list[tuple[str, str]] | None:
    """https://drafts.csswg.org/css-backgrounds/#the-border-shorthands: one width, style and
    colour for all four sides."""
    side = _any_order(PROPERTIES["border-top"], parts, quirks)
    if side is None:
        return None
    width, style, color = (value for _, value in side)
    by_kind = {"width": width, "style": style, "color": color, "image": "none"}
    return [(longhand, by_kind[longhand.rsplit("-", 1)[1]]) for longhand in prop.longhands]


def _pair(prop: Property, parts: list[Any], quirks: bool) -> list[tuple[str, str]] | None:
    """One or two values; the second defaults to the first (overflow, gap, place-*)."""
    if not 1 <= len(parts) <= 2:
        return None
    values = [_grammar(longhand, quirks).one(part) for longhand, part in zip(prop.longhands, parts, strict=False)]
    if any(value is None for value in values):
        return None
    if len(values) == 1:
        values.append(values[0])
    return list(zip(prop.longhands, values, strict=True))  # type: ignore[arg-type]


def _slash(prop: Property, parts: list[Any], quirks: bool) -> list[tuple[str, str]] | None:
    """grid-row, grid-column: start [/ end]; a missing end is auto (or the start's name)."""
    slash = [i for i, t in enumerate(parts) if t.type == "literal" and t.value == "/"]
    if len(slash) > 1 or not all(_grid_line(side) for side in (
            (parts[:slash[0]], parts[slash[0] + 1:]) if slash else (parts,))):
        return None
    start = " ".join(as_given([t]) for t in (parts[:slash[0]] if slash else parts))
    end = " ".join(as_given([t]) for t in parts[slash[0] + 1:]) if slash else (
        "auto" if not start.isidentifier() else start)
    if not start or not end:
        return None
    return [(prop.longhands[0], start), (prop.longhands[1], end)]


def _grid_line(parts: list[Any]) -> bool:
    """https://drafts.csswg.org/css-grid-2/#typedef-grid-row-start-grid-line: auto |
    <custom-ident> | [ <integer [-inf,-1]> | <integer [1,inf]> ] && <custom-ident>? |
    span && [ <integer [1,inf]> || <custom-ident> ]"""
    words = [p.lower_value for p in parts if p.type == "ident"]
    numbers = [p for p in parts if p.type == "number"]
    if not parts or len(words) + len(numbers) != len(parts) or len(numbers) > 1 or any(
            not n.is_integer or n.value == 0 for n in numbers):
        return False
    if words == ["auto"] and not numbers:
        return True
    span = words.count("span")
    idents = [w for w in words if w != "span"]
    if span > 1 or len(idents) > 1 or "auto" in idents or idents and idents[0] in CSS_WIDE_KEYWORDS | {"default"}:
        return False
    if span:
        return bool(idents or numbers) and (not numbers or numbers[0].value > 0) and (
            parts[0].type == "ident" and parts[0].lower_value == "span" or parts[-1].type == "ident" and (
                parts[-1].lower_value == "span"))
    return bool(idents or numbers)


def _flex(prop: Property, parts: list[Any], quirks: bool) -> list[tuple[str, str]] | None:
    """https://drafts.csswg.org/css-flexbox/#flex-property: none | [grow shrink? || basis];
    an omitted basis is 0%, an omitted shrink 1."""
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value in ("none", "auto"):
        grow = "0" if parts[0].lower_value == "none" else "1"
        return list(zip(prop.longhands, (grow, grow, "auto"), strict=True))
    numbers: list[str] = []
    basis: str | None = None
    for part in parts:
        number = parse_number(part, 0.0) if part.type == "number" else None
        if number is not None and len(numbers) < 2 and (basis is None or not numbers):
            numbers.append(number)
            continue
        value = _grammar("flex-basis", quirks).one(part)
        if value is None or basis is not None:
            return None
        basis = value
    if not numbers and basis is None:
        return None
    grow = numbers[0] if numbers else "1"
    shrink = numbers[1] if len(numbers) > 1 else "1"
    return list(zip(prop.longhands, (grow, shrink, basis if basis is not None else "0%"), strict=True))


_FONT_SYSTEM = frozenset(("caption", "icon", "menu", "message-box", "small-caption", "status-bar"))


def _font(prop: Property, parts: list[Any], quirks: bool) -> list[tuple[str, str]] | None:
    """https://drafts.csswg.org/css-fonts/#font-prop: [style || variant || weight || stretch]?
    size [/ line-height]? family | <system-family-name>; every longhand not given is reset to
    its initial value.  A system font's longhands are the platform's: the keyword is kept on the
    shorthand, as a value with var() is."""
    if len(parts) == 1 and parts[0].type == "ident" and parts[0].lower_value in _FONT_SYSTEM:
        return [(prop.name, str(parts[0].lower_value))]
    found: dict[str, str] = {}
    index = 0
    while index < len(parts):
        part = parts[index]
        if part.type == "ident" and part.lower_value == "normal":
            index += 1
            continue
        for longhand in ("font-style", "font-variant", "font-weight", "font-stretch"):
            if longhand in found or (longhand == "font-stretch" and part.type != "ident"):
                continue  # (the shorthand's width is <font-width-css3>: keywords, no percentage)
            grammar = _grammar(longhand, quirks)
            value = grammar.one(part)
            if value is not None and not (longhand == "font-variant" and value not in ("small-caps", "none")):
                if longhand == "font-weight" and part.type == "number" and not 1 <= part.value <= 1000:
                    return None
                found[longhand] = value
                break
        else:
            break
        index += 1
    if index >= len(parts):
        return None
    size = _grammar("font-size", quirks).one(parts[index])
    if size is None:
        return None
    found["font-size"] = size
    index += 1
    if index < len(parts) and parts[index].type == "literal" and parts[index].value == "/":
        if index + 1 >= len(parts):
            return None
        line_height = _grammar("line-height", quirks).one(parts[index + 1])
        if line_height is None:
            return None
        found["line-height"] = line_height
        index += 2
    family = parts[index:]
    if not family or any(t.type not in ("ident", "string") and not (t.type == "literal" and t.value == ",")
                         for t in family):
        return None
    found["font-family"] = _family(family)
    return [(longhand, found.get(longhand, "normal" if longhand != "font-size" else "medium"))
            for longhand in prop.longhands]


def _family(tokens: list[Any]) -> str:
    """A font family list: names of several identifiers joined by one space, ", " between."""
    names: list[list[str]] = [[]]
    for token in tokens:
        if token.type == "literal":
            names.append([])
        else:
            names[-1].append(as_given([token]))
    return ", ".join(" ".join(name) for name in names)


_REPEAT = frozenset(("repeat-x", "repeat-y", "repeat", "no-repeat", "space", "round"))
_ATTACHMENT = frozenset(("scroll", "fixed", "local"))
_BOX = frozenset(("border-box", "padding-box", "content-box", "text"))
_POSITION = frozenset(("left", "right", "top", "bottom", "center"))


def _background(prop: Property, parts: list[Any], quirks: bool) -> list[tuple[str, str]] | None:
    """https://drafts.csswg.org/css-backgrounds/#background: one or more comma-separated layers,
    the last of which may hold the colour; each longhand's value is its layers' values joined
    by ", "."""
    layers: list[list[Any]] = [[]]
    for part in parts:
        if part.type == "literal" and part.value == ",":
            layers.append([])
        else:
            layers[-1].append(part)
    columns: dict[str, list[str]] = {longhand: [] for longhand in prop.longhands}
    color = "transparent"
    for number, layer in enumerate(layers):
        if not layer:
            return None
        found: dict[str, str] = {}
        boxes: list[str] = []
        index = 0
        while index < len(layer):
            part = layer[index]
            word: str = part.lower_value if part.type == "ident" else ""
            image = _image(part) if not word else ("none" if word == "none" else None)
            if image is not None and "background-image" not in found:
                found["background-image"] = image
            elif word in _REPEAT and "background-repeat" not in found:
                second = layer[index + 1] if index + 1 < len(layer) else None
                if word not in ("repeat-x", "repeat-y") and second is not None and second.type == "ident" and (
                        second.lower_value in _REPEAT - {"repeat-x", "repeat-y"}):
                    found["background-repeat"] = f"{word} {second.lower_value}"
                    index += 1
                else:
                    found["background-repeat"] = word
            elif word in _ATTACHMENT and "background-attachment" not in found:
                found["background-attachment"] = word
            elif word in _BOX and len(boxes) < 2:
                boxes.append(word)
            elif (word in _POSITION or parse_length(part, percentage=True, quirks=quirks) is not None) and (
                    "background-position" not in found):
                position: list[str] = []
                while index < len(layer) and len(position) < 4:
                    token = layer[index]
                    value = token.lower_value if token.type == "ident" and token.lower_value in _POSITION else (
                        parse_length(token, percentage=True, quirks=quirks))
                    if value is None:
                        break
                    position.append(value)
                    index += 1
                if len(position) == 1:  # https://drafts.csswg.org/css-backgrounds/#propdef-background-position
                    position = [_position(layer[index - 1], quirks) or position[0]]
                found["background-position"] = " ".join(position)
                if index < len(layer) and layer[index].type == "literal" and layer[index].value == "/":
                    size: list[str] = []
                    index += 1
                    while index < len(layer) and len(size) < 2:
                        token = layer[index]
                        value = token.lower_value if token.type == "ident" and token.lower_value in (
                            "auto", "cover", "contain") else parse_length(token, 0.0, percentage=True)
                        if value is None:
                            break
                        size.append(value)
                        index += 1
                    if not size:
                        return None
                    found["background-size"] = " ".join(size)
                continue
            else:
                value = parse_color(part)
                if value is None or number != len(layers) - 1 or "background-color" in found:
                    return None
                found["background-color"] = value
            index += 1
        if boxes:
            found["background-origin"] = boxes[0]
            found["background-clip"] = boxes[-1]
        for longhand in prop.longhands:
            if longhand == "background-color":
                continue
            columns[longhand].append(found.get(longhand, PROPERTIES[longhand].initial))
        color = found.get("background-color", color)
    result = [(longhand, ", ".join(columns[longhand])) for longhand in prop.longhands if longhand != "background-color"]
    return [*result, ("background-color", color)]


_EXPANDERS: dict[str, Callable[[Property, list[Any], bool], list[tuple[str, str]] | None]] = {
    "box": _box, "radius": _radius, "any order": _any_order, "border": _border, "pair": _pair, "slash": _slash,
    "flex": _flex, "font": _font, "background": _background,
    "all": lambda prop, parts, quirks: None,  # a CSS-wide keyword alone, or nothing (parse_declaration)
}
