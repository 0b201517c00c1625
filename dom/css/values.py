"""CSS component values: recognising one value of a type (CSS Values and Units,
https://drafts.csswg.org/css-values-4/; CSS Color, https://drafts.csswg.org/css-color-4/) from
tinycss2's tokens, and serializing it as CSSOM does
(https://drafts.csswg.org/cssom/#serializing-css-values).

A value is parsed into its serialization directly: the declared value a declaration block keeps
is its string, so ``10.50px`` becomes ``10.5px``, ``2EM`` ``2em``, ``0`` (as a length) ``0px``,
``#FF0000`` ``rgb(255, 0, 0)`` and ``RED`` ``red`` (https://drafts.csswg.org/css-color-4/#serializing-color-values:
a specified named colour keeps its keyword).  Each ``parse_*`` function takes one component value
(a token) and returns the serialization, or None when the token is not of that type.
"""

from __future__ import annotations

import math
import re
from typing import Any

import tinycss2

from html_infra.microsyntaxes.colors import NAMED_COLORS

from .color_names import SYSTEM_COLORS

__all__ = [
    "LENGTH_UNITS", "MATH_FUNCTIONS", "as_given", "parse_angle", "parse_color", "parse_integer", "parse_length",
    "parse_number", "parse_percentage", "parse_time", "rgba_of", "serialize_number", "serialize_rgba",
    "split_top_level_commas", "too_deep",
]

# https://drafts.csswg.org/css-values-4/#lengths (font-relative, viewport and absolute units)
LENGTH_UNITS = frozenset((
    "px", "em", "rem", "ex", "rex", "ch", "rch", "cap", "rcap", "ic", "ric", "lh", "rlh",
    "vw", "vh", "vi", "vb", "vmin", "vmax", "svw", "svh", "svi", "svb", "svmin", "svmax",
    "lvw", "lvh", "lvi", "lvb", "lvmin", "lvmax", "dvw", "dvh", "dvi", "dvb", "dvmin", "dvmax",
    "cqw", "cqh", "cqi", "cqb", "cqmin", "cqmax", "cm", "mm", "q", "in", "pt", "pc",
))
_ANGLE_UNITS = frozenset(("deg", "grad", "rad", "turn"))
_TIME_UNITS = frozenset(("s", "ms"))
# https://drafts.csswg.org/css-values-4/#math: kept as given (their value may need layout)
MATH_FUNCTIONS = frozenset((
    "calc", "min", "max", "clamp", "round", "mod", "rem", "sin", "cos", "tan", "asin", "acos", "atan",
    "atan2", "pow", "sqrt", "hypot", "log", "exp", "abs", "sign", "var", "env", "attr",
))


# Blocks and functions nested deeper than this make a value (or rule) invalid here: serializing
# them would recurse, and no style sheet nests so deep.
MAX_NESTING = 128


# A backslash and what it escapes: a hex escape (with the one whitespace it swallows) or any
# other code point, so that an escaped backslash is never read as starting an escape.
_ESCAPE = re.compile(r"\\(?:([0-9A-Fa-f]{1,6})(?:\r\n|[ \t\n\r\f])?|.)", re.S)
_SURROGATES_AND_NUL = re.compile("[\x00\ud800-\udfff]")


def _surrogate_escape(match: re.Match[str]) -> str:
    digits = match.group(1)
    return "\\fffd " if digits is not None and 0xD800 <= int(digits, 16) <= 0xDFFF else match.group(0)


def preprocess(text: str) -> str:
    """https://drafts.csswg.org/css-syntax-3/#input-preprocessing (NUL and surrogates become
    U+FFFD), and https://drafts.csswg.org/css-syntax-3/#consume-escaped-code-point's rule that an
    escape for a surrogate is U+FFFD, which tinycss2 does not apply (it yields the lone surrogate)."""
    text = _SURROGATES_AND_NUL.sub("\ufffd", text)
    return _ESCAPE.sub(_surrogate_escape, text) if "\\" in text else text


def too_deep(tokens: list[Any], limit: int = MAX_NESTING) -> bool:
    """Whether blocks or functions in *tokens* nest deeper than *limit* (found without recursion)."""
    stack: list[tuple[list[Any], int]] = [(tokens, 0)]
    while stack:
        items, depth = stack.pop()
        if depth > limit:
            return True
        for token in items:
            inner = token.arguments if token.type == "function" else getattr(token, "content", None)
            if isinstance(inner, list) and inner:
                stack.append((inner, depth + 1))
    return False


def split_top_level_commas(value: str) -> list[str]:
    """A serialized value (a list of layers, a selector list) split at its commas outside
    brackets, strings and escapes, each part trimmed."""
    parts, depth, start, quote = [], 0, 0, ""
    index = 0
    while index < len(value):
        char = value[index]
        if quote:
            if char == "\\":
                index += 1
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char == "\\":
            index += 1
        elif char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(value[start:index].strip())
            start = index + 1
        index += 1
    parts.append(value[start:].strip())
    return parts


def serialize_number(value: float) -> str:
    """https://drafts.csswg.org/cssom/#serialize-a-css-component-value (<number>): the shortest
    base-ten form, at most six significant digits as browsers give, no exponent, no "-0"."""
    if value != value or math.isinf(value):  # noqa: PLR0124 -- NaN; infinity only from calc()
        return "0"
    if value == int(value) and abs(value) < 1e21:
        return str(int(value))
    text = f"{value:.6g}"
    if "e" in text:
        text = f"{float(text):.20f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _math(token: Any) -> str | None:
    if token.type == "function" and token.lower_name in MATH_FUNCTIONS:
        simplified = _operand(token)
        if simplified is not None:
            return _serialize_sum(simplified)
        return as_given([token])
    return None


# https://drafts.csswg.org/css-values-4/#canonical-unit: the units a specified value's
# simplification converts (absolute lengths to px, times to s, angles to deg)
_CANONICAL = {"px": ("px", 1.0), "in": ("px", 96.0), "cm": ("px", 96 / 2.54), "mm": ("px", 96 / 25.4),
              "q": ("px", 96 / 101.6), "pt": ("px", 96 / 72), "pc": ("px", 16.0), "s": ("s", 1.0),
              "ms": ("s", 0.001), "deg": ("deg", 1.0), "grad": ("deg", 0.9), "rad": ("deg", 180 / math.pi),
              "turn": ("deg", 360.0)}
Sum = dict[str, float]  # unit ("" for a number, "%" for a percentage) -> its summed value


def _simplify_calc(tokens: list[Any]) -> Sum | None:
    """https://drafts.csswg.org/css-values-4/#calc-simplification for a calc() of sums and
    products by numbers: the sum of its terms by unit, or None where it holds what this does
    not simplify (other math functions, var(), a product of two dimensions); then it is kept as
    given."""
    parts = [t for t in tokens if t.type not in ("whitespace", "comment")]
    total: Sum = {}
    sign = 1.0
    index = 0
    while index < len(parts):
        term = _operand(parts[index])
        if term is None:
            return None
        index += 1
        while index + 1 < len(parts) and parts[index].type == "literal" and parts[index].value in ("*", "/"):
            other = _operand(parts[index + 1])
            if other is None:
                return None
            number = other if list(other) == [""] else term if list(term) == [""] else None
            if number is None or (parts[index].value == "/" and list(other) != [""]):
                return None  # a product of two dimensions, or a division by one
            factor = number[""]
            if parts[index].value == "/":
                if factor == 0:
                    return None
                term = {unit: value / factor for unit, value in term.items()}
            else:
                term = {unit: value * factor for unit, value in (other if number is term else term).items()}
            index += 2
        for unit, value in term.items():
            total[unit] = total.get(unit, 0.0) + sign * value
        if index == len(parts):
            return total if total else None
        operator = parts[index]
        if operator.type != "literal" or operator.value not in ("+", "-") or index + 1 == len(parts):
            return None
        sign = 1.0 if operator.value == "+" else -1.0
        index += 1
    return None


def _operand(token: Any) -> Sum | None:
    kind = token.type
    if kind == "number":
        return {"": float(token.value)}
    if kind == "percentage":
        return {"%": float(token.value)}
    if kind == "dimension":
        unit, factor = _CANONICAL.get(token.lower_unit, (token.lower_unit, 1.0))
        return {unit: float(token.value) * factor}
    if kind == "() block":
        return _simplify_calc(token.content)
    if kind == "function" and token.lower_name == "calc":
        return _simplify_calc(token.arguments)
    if kind == "function" and token.lower_name in ("min", "max"):
        # https://drafts.csswg.org/css-values-4/#calc-simplification: a min() or max() of values
        # of one unit is the value it chooses
        arguments: list[list[Any]] = [[]]
        for item in token.arguments:
            if item.type == "literal" and item.value == ",":
                arguments.append([])
            else:
                arguments[-1].append(item)
        sums = [_simplify_calc(argument) for argument in arguments]
        if any(total is None or len(total) != 1 for total in sums):
            return None
        units = {next(iter(total)) for total in sums if total is not None}
        if len(units) != 1:
            return None
        unit = units.pop()
        values = [total[unit] for total in sums if total is not None]
        return {unit: min(values) if token.lower_name == "min" else max(values)}
    return None


def _serialize_sum(total: Sum) -> str:
    """https://drafts.csswg.org/css-values-4/#serialize-a-math-function with its children sorted
    (https://drafts.csswg.org/css-values-4/#sort-a-calculations-children): the number, the
    percentage, then the dimensions by unit; a negative term after the first as "- x"."""
    units = sorted(total, key=lambda unit: (unit != "", unit != "%", unit))
    out = ""
    for unit in units:
        value = total[unit]
        if out:
            out += f" - {serialize_number(-value)}{unit}" if value < 0 else f" + {serialize_number(value)}{unit}"
        else:
            out = f"{serialize_number(value)}{unit}"
    return f"calc({out})"


def parse_number(token: Any, minimum: float | None = None) -> str | None:
    """<number> (https://drafts.csswg.org/css-values-4/#numbers), not below *minimum*."""
    if token.type == "number":
        if minimum is not None and token.value < minimum:
            return None
        return serialize_number(token.value)
    return _math(token)


def parse_integer(token: Any, minimum: float | None = None) -> str | None:
    """<integer>: a number token written without a fraction or exponent."""
    if token.type == "number" and token.is_integer:
        return parse_number(token, minimum)
    return _math(token)


def parse_percentage(token: Any, minimum: float | None = None) -> str | None:
    """<percentage>"""
    if token.type == "percentage":
        if minimum is not None and token.value < minimum:
            return None
        return serialize_number(token.value) + "%"
    return _math(token)


def parse_length(token: Any, minimum: float | None = None, percentage: bool = False,
                 quirks: bool = False) -> str | None:
    """<length> (or <length-percentage>): a unit is lowercased, zero without a unit is ``0px``
    (https://drafts.csswg.org/css-values-4/#zero-value); *quirks*: the unitless lengths of
    https://quirks.spec.whatwg.org/#the-unitless-length-quirk."""
    kind = token.type
    if kind == "dimension":
        unit = token.lower_unit
        if unit not in LENGTH_UNITS or (minimum is not None and token.value < minimum):
            return None
        return serialize_number(token.value) + str(unit)
    if kind == "number" and (token.value == 0 or quirks):
        if minimum is not None and token.value < minimum:
            return None
        return serialize_number(token.value) + "px"
    if kind == "percentage" and percentage:
        return parse_percentage(token, minimum)
    return _math(token)


def parse_angle(token: Any) -> str | None:
    """<angle>; a unitless zero is allowed where CSS Transforms allow it."""
    if token.type == "dimension" and token.lower_unit in _ANGLE_UNITS:
        return serialize_number(token.value) + str(token.lower_unit)
    if token.type == "number" and token.value == 0:
        return "0deg"
    return _math(token)


def parse_time(token: Any, minimum: float | None = None) -> str | None:
    """<time>"""
    if token.type == "dimension" and token.lower_unit in _TIME_UNITS:
        if minimum is not None and token.value < minimum:
            return None
        return serialize_number(token.value) + str(token.lower_unit)
    return _math(token)


def as_given(tokens: list[Any]) -> str:
    """The component values re-serialized (https://drafts.csswg.org/cssom/#serialize-a-css-value
    for values without a dedicated form): whitespace and comments collapsed to one space, none
    at the ends; numbers shortest, units lowercased, colours inside
    (gradients, shadows) as colours, strings and URLs quoted."""
    out: list[str] = []
    for token in tokens:
        kind = token.type
        if kind in ("whitespace", "comment"):
            if out and out[-1] != " " and not out[-1].endswith(("(", "[")):
                out.append(" ")
            continue
        if kind == "literal" and token.value == "," and out and out[-1] == " ":
            out.pop()
        if kind == "function":
            inner = as_given(token.arguments)
            color = parse_color(token) if token.lower_name in _COLOR_FUNCTIONS else None
            out.append(color if color is not None else f"{token.name}({inner})")  # as written: translateX
        elif kind in ("() block", "[] block"):
            out.append(f"{kind[0]}{as_given(token.content)}{kind[1]}")
        elif kind == "string":  # https://drafts.csswg.org/cssom/#serialize-a-string
            out.append(f'"{tinycss2.serializer.serialize_string_value(token.value)}"')
        elif kind == "url":  # https://drafts.csswg.org/cssom/#serialize-a-url
            out.append(f'url("{tinycss2.serializer.serialize_string_value(token.value)}")')
        elif kind == "number":
            out.append(serialize_number(token.value))
        elif kind == "percentage":
            out.append(serialize_number(token.value) + "%")
        elif kind == "dimension":
            out.append(serialize_number(token.value) + token.lower_unit)
        elif kind == "hash":
            color = parse_color(token)
            out.append(color if color is not None else tinycss2.serialize([token]))
        else:
            out.append(tinycss2.serialize([token]))
        if kind == "literal" and token.value == ",":
            out.append(" ")
    while out and out[-1] == " ":
        out.pop()
    text = "".join(out)
    return text.replace("( ", "(").replace(" )", ")")


# -- colours ------------------------------------------------------------------------------------

_COLOR_FUNCTIONS = frozenset(("rgb", "rgba", "hsl", "hsla", "hwb"))
RGBA = tuple[float, float, float, float]


def parse_color(token: Any) -> str | None:
    """<color> (https://drafts.csswg.org/css-color-4/#color-syntax) as a specified value
    serializes: a named or system colour, ``transparent`` and ``currentcolor`` as their keyword
    lowercased, sRGB colours as ``rgb(r, g, b)``/``rgba(r, g, b, a)``; other colour spaces
    (lab(), oklch(), color()...) as given."""
    if token.type == "ident":
        name = token.lower_value
        if name in NAMED_COLORS or name in SYSTEM_COLORS or name in ("transparent", "currentcolor"):
            return str(name)
        return None
    if token.type == "function" and token.lower_name in ("lab", "lch", "oklab", "oklch", "color", "color-mix",
                                                          "light-dark", "var", "env"):
        return as_given([token])
    rgba = rgba_of(token)
    return None if rgba is None else serialize_rgba(rgba)


def rgba_of(token: Any) -> RGBA | None:
    """The sRGB colour of a hex colour, a named colour or an rgb()/hsl()/hwb() function
    (channels 0-255, alpha 0-1), or None."""
    kind = token.type
    if kind == "hash":
        return _hex(token.value)
    if kind == "ident":
        name = token.lower_value
        if name == "transparent":
            return (0.0, 0.0, 0.0, 0.0)
        named = NAMED_COLORS.get(name)
        return None if named is None else (float(named[0]), float(named[1]), float(named[2]), 1.0)
    if kind != "function" or token.lower_name not in _COLOR_FUNCTIONS:
        return None
    args = [t for t in token.arguments if t.type not in ("whitespace", "comment")]
    alpha_token = None
    legacy = any(t.type == "literal" and t.value == "," for t in args)
    if any(t.type == "literal" and t.value == "," for t in args):  # the legacy syntax
        if len(args) not in (5, 7) or any(not (t.type == "literal" and t.value == ",") for t in args[1::2]):
            return None
        values = args[0::2]
        if len(values) == 4:
            alpha_token = values.pop()
    else:
        if len(args) == 5 and args[3].type == "literal" and args[3].value == "/":
            alpha_token = args[4]
            args = args[:3]
        if len(args) != 3:
            return None
        values = args
    alpha = 1.0
    if alpha_token is not None:
        if alpha_token.type == "number":
            alpha = alpha_token.value
        elif alpha_token.type == "percentage":
            alpha = alpha_token.value / 100
        else:
            return None
    alpha = min(max(alpha, 0.0), 1.0)
    name = token.lower_name[:3]
    if name == "rgb":
        kinds = {t.type for t in values}
        if not kinds <= {"number", "percentage"} or (legacy and len(kinds) > 1):
            return None
        channels = [t.value * 2.55 if t.type == "percentage" else t.value for t in values]
        r, g, b = (min(max(c, 0.0), 255.0) for c in channels)
        return (r, g, b, alpha)
    hue = values[0]
    if hue.type == "number":
        h = hue.value
    elif hue.type == "dimension" and hue.lower_unit in _ANGLE_UNITS:
        h = hue.value * {"deg": 1, "grad": 0.9, "rad": 180 / math.pi, "turn": 360}[hue.lower_unit]
    else:
        return None
    if values[1].type != "percentage" or values[2].type != "percentage":
        return None
    a, b = values[1].value / 100, values[2].value / 100
    if name == "hsl":  # https://drafts.csswg.org/css-color-4/#hsl-to-rgb
        rgb = _hsl_to_rgb(h, min(max(a, 0.0), 1.0), min(max(b, 0.0), 1.0))
    else:  # https://drafts.csswg.org/css-color-4/#hwb-to-rgb
        white, black = min(max(a, 0.0), 1.0), min(max(b, 0.0), 1.0)
        if white + black >= 1:
            gray = white / (white + black)
            rgb = (gray, gray, gray)
        else:
            red, green, blue = (c * (1 - white - black) + white for c in _hsl_to_rgb(h, 1.0, 0.5))
            rgb = (red, green, blue)
    return (rgb[0] * 255, rgb[1] * 255, rgb[2] * 255, alpha)


def _hsl_to_rgb(hue: float, saturation: float, light: float) -> tuple[float, float, float]:
    hue %= 360

    def f(n: int) -> float:
        k = (n + hue / 30) % 12
        a = saturation * min(light, 1 - light)
        return light - a * max(-1, min(k - 3, 9 - k, 1))

    return (f(0), f(8), f(4))


def _hex(digits: str) -> RGBA | None:
    """https://drafts.csswg.org/css-color-4/#hex-notation"""
    if len(digits) not in (3, 4, 6, 8) or any(c not in "0123456789abcdefABCDEF" for c in digits):
        return None
    if len(digits) <= 4:
        digits = "".join(c * 2 for c in digits)
    channels = [int(digits[i:i + 2], 16) for i in range(0, len(digits), 2)]
    alpha = channels[3] / 255 if len(channels) == 4 else 1.0
    return (float(channels[0]), float(channels[1]), float(channels[2]), alpha)


def serialize_rgba(rgba: RGBA) -> str:
    """https://drafts.csswg.org/css-color-4/#serializing-sRGB-values: channels rounded to
    integers, ``rgba()`` only when the alpha is not 1, the alpha with the fewest decimals that
    round-trip through 8 bits."""
    red, green, blue = (round(c) for c in rgba[:3])
    alpha = rgba[3]
    if alpha >= 1:
        return f"rgb({red}, {green}, {blue})"
    byte = round(alpha * 255)
    text = serialize_number(round(alpha, 3))
    for places in (1, 2):
        candidate = round(byte / 255, places)
        if round(candidate * 255) == byte:
            text = serialize_number(candidate)
            break
    else:
        text = serialize_number(round(byte / 255, 3))
    return f"rgba({red}, {green}, {blue}, {text})"
