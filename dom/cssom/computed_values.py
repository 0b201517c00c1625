"""Computed values without layout (https://drafts.csswg.org/css-cascade/#computed): from an
element's cascaded values and its parent's computed values, each property's specified value
(https://drafts.csswg.org/css-cascade/#specified: inheritance, initial values, the CSS-wide
keywords, ``var()`` substitution) made absolute where that needs no layout:

* ``font-size`` in px (keywords per https://drafts.csswg.org/css-fonts/#absolute-size-mapping,
  ``em``/``%`` of the parent's, ``rem`` of the root's, with the browsers' smaller default size for
  the generic ``monospace`` family: _font_size_basis); other lengths in px (font-relative units
  of the element's font size, ``ex``/``ch`` as half an em, viewport units of the configured
  viewport); percentages stay percentages, ``auto`` stays ``auto`` and ``calc()`` stays as given:
  their used values need layout (CSSOM's resolved value of ``width`` and its likes is then the
  computed value, as for an element that is not rendered);
* colours as ``rgb()``/``rgba()``, ``currentcolor`` as the element's colour;
* ``text-align: match-parent`` as the parent's value, start and end made left or right;
* border and outline widths 0px when their style is none or hidden; ``font-weight`` numeric
  (https://drafts.csswg.org/css-fonts/#relative-weights);
* ``display`` blockified for floats, absolutely positioned boxes, the root element and flex and
  grid items (https://drafts.csswg.org/css-display/#transformations); ``float`` none for
  absolutely positioned boxes (https://drafts.csswg.org/css2/#dis-pos-flo).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from itertools import islice
from operator import itemgetter

import tinycss2

from ..css.declared_values import CSS_WIDE_KEYWORDS, parse_declaration
from ..css.media_queries import Viewport
from ..css.properties import LOGICAL, PROPERTIES
from ..css.values import parse_color, rgba_of, serialize_number, serialize_rgba

__all__ = ["INITIAL", "LONGHANDS", "compute", "handed_down"]

LONGHANDS: tuple[str, ...] = tuple(sorted(
    name for name, prop in PROPERTIES.items() if not prop.longhands and name not in LOGICAL))
_INHERITED = frozenset(name for name in LONGHANDS if PROPERTIES[name].inherited)
_LENGTHS = frozenset(name for name in LONGHANDS if "<length" in PROPERTIES[name].grammar)
_COLORS = frozenset(name for name in LONGHANDS if "<color>" in PROPERTIES[name].grammar)
_SIZES = {"xx-small": 9.0, "x-small": 10.0, "small": 13.0, "medium": 16.0, "large": 18.0, "x-large": 24.0,
          "xx-large": 32.0, "xxx-large": 48.0}
# The browsers' default size for the generic monospace family alone is 13px where the others'
# is 16px (a preference of theirs: CSS leaves medium to the user agent), and the keywords'
# sizes at that default are those of Blink's table (recorded from Chromium:
# tests/dom/cssom/record_chromium_font_size.py).
_MONOSPACE_SIZES = {"xx-small": 9.0, "x-small": 10.0, "small": 12.0, "medium": 13.0, "large": 16.0,
                    "x-large": 20.0, "xx-large": 26.0, "xxx-large": 39.0}
_MONOSPACE_SCALE = 13 / 16
# Units relative to the parent's font: a size in them is as absolute as the parent's (rem and the
# other root-relative units count as absolute lengths, as in Blink).
_FONT_RELATIVE = frozenset(("em", "ex", "ch", "ic", "cap", "lh"))
_MINIMUM_LOGICAL_PX = 6.0  # Chromium's default smallest size for a size not set absolutely
# The private key of the computed values holding what font-size is derived from: its keyword
# ("" for none), its size before the minimum (what em and % of the children are relative to),
# and whether an absolute length set it somewhere up the chain ("1").  getPropertyValue lowers
# the names it is given that are not custom properties, so no name reaches this one.
_BASIS = "Font-Size-Basis"
_WIDTHS = {"thin": "1px", "medium": "3px", "thick": "5px"}
_ABSOLUTE = {"px": 1.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6, "pt": 96 / 72, "pc": 16.0}
_LENGTH = re.compile(r"(?<![\w#.-])(-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-z]+)\b")
# https://drafts.csswg.org/css-color-4/#css-system-colors, as Chromium's light scheme gives them
_SYSTEM = {"canvas": "rgb(255, 255, 255)", "canvastext": "rgb(0, 0, 0)", "linktext": "rgb(0, 0, 238)",
           "visitedtext": "rgb(85, 26, 139)", "activetext": "rgb(255, 0, 0)", "buttonface": "rgb(239, 239, 239)",
           "buttontext": "rgb(0, 0, 0)", "buttonborder": "rgb(118, 118, 118)", "field": "rgb(255, 255, 255)",
           "fieldtext": "rgb(0, 0, 0)", "highlight": "rgb(181, 213, 255)", "highlighttext": "rgb(0, 0, 0)",
           "graytext": "rgb(128, 128, 128)", "mark": "rgb(255, 255, 0)", "marktext": "rgb(0, 0, 0)",
           "selecteditem": "rgb(0, 117, 255)", "selecteditemtext": "rgb(255, 255, 255)",
           "accentcolor": "rgb(0, 117, 255)", "accentcolortext": "rgb(255, 255, 255)"}
# https://drafts.csswg.org/css-color-4/#deprecated-system-colors: each is the system colour it maps to
_DEPRECATED = {"activeborder": "buttonborder", "activecaption": "canvas", "appworkspace": "canvas",
               "background": "canvas", "buttonhighlight": "buttonface", "buttonshadow": "buttonface",
               "captiontext": "canvastext", "inactiveborder": "buttonborder", "inactivecaption": "canvas",
               "inactivecaptiontext": "graytext", "infobackground": "canvas", "infotext": "canvastext",
               "menu": "canvas", "menutext": "canvastext", "scrollbar": "canvas", "threeddarkshadow": "buttonborder",
               "threedface": "buttonface", "threedhighlight": "buttonborder", "threedlightshadow": "buttonborder",
               "threedshadow": "buttonborder", "window": "canvas", "windowframe": "buttonborder",
               "windowtext": "canvastext"}
_SYSTEM.update({deprecated: _SYSTEM[current] for deprecated, current in _DEPRECATED.items()})
_BLOCKIFIED = {"inline": "block", "inline-block": "block", "run-in": "block", "inline-table": "table",
               "inline-flex": "flex", "inline-grid": "grid", "table-row-group": "block", "table-column": "block",
               "table-column-group": "block", "table-header-group": "block", "table-footer-group": "block",
               "table-row": "block", "table-cell": "block", "table-caption": "block", "ruby": "block",
               "ruby-text": "block", "ruby-base": "block", "inline list-item": "list-item"}
_FLEX_OR_GRID = frozenset(("flex", "inline-flex", "grid", "inline-grid"))


@lru_cache(maxsize=65536)
def _color(value: str, current: str) -> str:
    """A colour's computed value: rgb()/rgba(); currentcolor is *current*."""
    if value == "currentcolor":
        return current
    system = _SYSTEM.get(value)
    if system is not None:
        return system
    tokens = [t for t in tinycss2.parse_component_value_list(value) if t.type != "whitespace"]
    rgba = rgba_of(tokens[0]) if len(tokens) == 1 else None
    return serialize_rgba(rgba) if rgba is not None else value


def _px(number: float) -> str:
    return serialize_number(round(number, 6)) + "px"  # (six significant digits, as browsers give)


# _absolute_lengths's answers without viewport units, by (value, font size, root font size): a
# page sets a few margins and paddings over and over
_LENGTHS_DONE: dict[tuple[str, float, float], str] = {}


def _absolute_lengths(value: str, font_px: float, root_px: float, viewport: Viewport) -> str:
    """Every length of *value* in px (values with functions, such as calc(), stay as given)."""
    if "(" in value:
        return value
    if "v" in value:  # (a viewport unit, maybe)
        return _lengths_in_px(value, font_px, root_px, viewport)
    key = (value, font_px, root_px)
    found = _LENGTHS_DONE.get(key)
    if found is None:
        if len(_LENGTHS_DONE) >= 4096:
            _LENGTHS_DONE.clear()
        found = _LENGTHS_DONE[key] = _lengths_in_px(value, font_px, root_px, viewport)
    return found


def _lengths_in_px(value: str, font_px: float, root_px: float, viewport: Viewport) -> str:
    def one(match: re.Match[str]) -> str:
        number, unit = float(match.group(1)), match.group(2)
        factor = _ABSOLUTE.get(unit)
        if factor is None:
            factor = {"em": font_px, "rem": root_px, "ex": font_px / 2, "ch": font_px / 2, "rex": root_px / 2,
                      "rch": root_px / 2, "lh": font_px * 1.2, "rlh": root_px * 1.2, "cap": font_px * 0.7,
                      "ic": font_px, "vw": viewport.width / 100, "vh": viewport.height / 100,
                      "vi": viewport.width / 100, "vb": viewport.height / 100,
                      "vmin": min(viewport.width, viewport.height) / 100,
                      "vmax": max(viewport.width, viewport.height) / 100}.get(unit.lstrip("sld") if unit[0] in "sld"
                                                                             and unit[1:2] == "v" else unit)
        return match.group(0) if factor is None else _px(number * factor)

    return _LENGTH.sub(one, value)


def _font_size(value: str, parent_px: float, parent_absolute: bool, root_px: float,
               viewport: Viewport) -> tuple[str, float, bool]:
    """https://drafts.csswg.org/css-fonts/#font-size-prop: the specified size in px of *value*
    (no CSS-wide keyword) given the parent's, as (keyword or "", size, set by an absolute length
    here or up the chain); a keyword's size is the table's for the family (_font_size_basis)."""
    if value in _SIZES:
        return value, _SIZES[value], False
    if value == "larger":
        return "", parent_px * 1.2, parent_absolute
    if value == "smaller":
        return "", parent_px / 1.2, parent_absolute
    if value.endswith("%") and "(" not in value:
        return "", parent_px * float(value[:-1]) / 100, parent_absolute
    match = _LENGTH.fullmatch(value)
    absolute = parent_absolute or match is None or match.group(2) not in _FONT_RELATIVE
    converted = _absolute_lengths(value, parent_px, root_px, viewport)
    if converted.endswith("px") and " " not in converted:
        try:
            return "", float(converted[:-2]), absolute
        except ValueError:
            pass
    return "", parent_px, parent_absolute  # math functions: not evaluated here


def _is_monospace(family: str) -> bool:
    """Whether a computed font-family is the generic monospace alone (not quoted, not in a list)."""
    return family.strip().lower() == "monospace"


def _font_size_basis(declared: str | None, specified: str, family: str, parent: dict[str, str] | None,
                     root_px: float, viewport: Viewport) -> tuple[str, float, bool]:
    """The element's font size as Blink computes it: (keyword or "", specified size in px,
    absolute), from its declared font-size (None when not declared: inherited), *specified*
    (the declared value once var() is substituted, "" for a CSS-wide keyword) and its computed
    font-family.  https://drafts.csswg.org/css-fonts/#font-size-prop with the browsers'
    monospace default size: a keyword's size is the monospace table's (_MONOSPACE_SIZES) where
    the family is the generic monospace alone; and a size not set by an absolute length whose
    element changes between that family and any other (from its parent's) is looked up again
    for its keyword, or else scaled by 13/16 (16/13 going back)."""
    if parent is None:
        keyword, size, absolute, parent_monospace = "medium", _SIZES["medium"], False, False
    else:
        basis = parent.get(_BASIS)
        if basis is None:  # (values not made by compute: derived from no keyword)
            keyword, size, absolute = "", float(parent["font-size"][:-2]), False
        else:
            keyword, number, flag = basis.split("|")
            size, absolute = float(number), flag == "1"
        parent_monospace = _is_monospace(parent["font-family"])
    monospace = _is_monospace(family)
    if declared == "initial":
        keyword, absolute = "medium", False
    elif specified:
        keyword, size, absolute = _font_size(specified, size, absolute, root_px, viewport)
    # (else inherited, "inherit", "unset" and "revert": the parent's)
    if keyword and monospace:
        size = _MONOSPACE_SIZES[keyword]
    elif keyword:
        size = _SIZES[keyword]
    elif monospace != parent_monospace and not absolute:
        size = size * _MONOSPACE_SCALE if monospace else size / _MONOSPACE_SCALE
    return keyword, size, absolute


def _weight(value: str, parent: str) -> str:
    """https://drafts.csswg.org/css-fonts/#font-weight-prop and #relative-weights"""
    if value == "normal":
        return "400"
    if value == "bold":
        return "700"
    if value in ("bolder", "lighter"):
        try:
            inherited = float(parent)
        except ValueError:  # the parent's weight is a math function: not evaluated here
            inherited = 400.0
        if value == "bolder":
            return "400" if inherited < 350 else "700" if inherited < 550 else "900" if inherited < 900 else parent
        return parent if inherited < 100 else "100" if inherited < 550 else "400" if inherited < 750 else "700"
    return value


_MAX_SUBSTITUTED = 65536  # characters: references that double at each level stop here, not at 2**32
_VAR = re.compile(r"var\(\s*(--[^,\s)]+)\s*(?:,([^()]*(?:\([^()]*\)[^()]*)*))?\)")


def _substitute(value: str, custom: dict[str, str]) -> str | None:
    """https://drafts.csswg.org/css-variables/#substitute-a-var: each var() replaced by the
    custom property's value or its fallback; None when neither exists (invalid at computed-value
    time).  Nested var() are substituted up to a fixed depth, and a value that grows past
    _MAX_SUBSTITUTED characters is invalid (an attack by references that double at each level)."""
    for _ in range(32):
        if "var(" not in value:
            return value
        missing = False

        def one(match: re.Match[str]) -> str:
            nonlocal missing
            found = custom.get(match.group(1))
            if found is not None and found != "":
                return found
            if match.group(2) is not None:
                return match.group(2).strip()
            missing = True
            return ""

        value = _VAR.sub(one, value)
        if missing or len(value) > _MAX_SUBSTITUTED:
            return None  # https://drafts.csswg.org/css-variables/#long-variables: too long is invalid
    return None


def _initial_values() -> dict[str, str]:
    values: dict[str, str] = {}
    for name in LONGHANDS:
        initial = PROPERTIES[name].initial
        if name in _COLORS:
            initial = _color(initial, "rgb(0, 0, 0)")
        elif name == "font-size":
            initial = "16px"
        elif name == "font-weight":
            initial = "400"
        values[name] = initial
    return values


INITIAL = _initial_values()
_LONGHAND_COUNT = len(INITIAL)
_NOT_INHERITED_INITIAL = {name: value for name, value in INITIAL.items() if name not in _INHERITED}
_INHERITED_IN_ORDER = tuple(name for name in INITIAL if name in _INHERITED)
_INHERITED_OF = itemgetter(*_INHERITED_IN_ORDER)  # a parent's inherited values, in that order
_CURRENTCOLOR_INITIAL = frozenset(name for name in _COLORS if PROPERTIES[name].initial == "currentcolor")


def compute(cascaded: dict[str, str], parent: dict[str, str] | None, root_px: float, viewport: Viewport,
            is_root: bool) -> dict[str, str]:
    """The computed values of an element given its cascaded values and its parent's computed
    values (None for the root); custom properties are kept under their names."""
    if parent is None:
        values = dict(INITIAL)
    else:  # inherited properties and custom properties from the parent, the others initial (two C copies)
        values = parent.copy()
        values.update(_NOT_INHERITED_INITIAL)
    custom = values  # custom properties are kept beside the others, under their names
    customs, plain = _prepared(cascaded)
    for name, value in customs:
        custom[name] = value
    specified: dict[str, str] = plain.copy() if plain is not None else {}
    for name, value in () if plain is not None else cascaded.items():
        if name.startswith("--"):
            continue
        if "var(" in value:
            substituted = _substitute(value, custom)
            pairs = None
            if substituted is not None and name in PROPERTIES:
                pairs = parse_declaration(name, tinycss2.parse_component_value_list(substituted))
            if pairs is None:  # invalid at computed-value time: unset
                pairs = [(longhand, "unset") for longhand in (PROPERTIES[name].longhands or (name,))] if (
                    name in PROPERTIES) else []
            for longhand, longhand_value in pairs:
                if longhand not in cascaded or longhand == name:
                    specified[longhand] = longhand_value
            continue
        if name in INITIAL:
            specified[name] = value
    declared_size = specified.get("font-size")
    for name, value in specified.items():
        if value in CSS_WIDE_KEYWORDS:
            inherit = value == "inherit" or (value != "initial" and name in _INHERITED)
            values[name] = parent[name] if inherit and parent is not None else INITIAL[name]
            specified[name] = ""  # computed already
    basis = parent.get(_BASIS) if parent is not None and not is_root else None
    if basis is not None and "font-size" not in specified and "font-family" not in specified:
        # the parent's size and family: _font_size_basis gives the parent's basis again, and the
        # basis and font-size copied from the parent are what the steps below would write
        _keyword, size, flag = basis.split("|")
        font_px, absolute = float(size), flag == "1"
        computed_px = _MINIMUM_LOGICAL_PX if 0 < font_px < _MINIMUM_LOGICAL_PX and not absolute else font_px
    else:
        keyword, font_px, absolute = _font_size_basis(
            declared_size, specified.get("font-size", ""), specified.get("font-family") or values["font-family"],
            parent, (float(parent["font-size"][:-2]) if parent is not None else _SIZES["medium"]) if is_root
            else root_px, viewport)
        values[_BASIS] = f"{keyword}|{font_px!r}|{absolute:d}"
        # Chromium's smallest size, for sizes not set absolutely: the computed value's (em stays
        # relative to the size before it, in Blink as for the children's font-size)
        computed_px = _MINIMUM_LOGICAL_PX if 0 < font_px < _MINIMUM_LOGICAL_PX and not absolute else font_px
        values["font-size"] = _px(computed_px)
    color = specified.get("color")
    if color:
        values["color"] = _color(color, parent["color"] if parent is not None else INITIAL["color"])
    current = values["color"]
    for name, value in specified.items():
        if not value or name in ("font-size", "color"):
            continue
        if name in _COLORS:
            value = _color(value, current)
        elif name == "font-weight":
            value = _weight(value, parent["font-weight"] if parent is not None else "400")
        elif name == "text-align" and value == "match-parent":
            value = _match_parent(parent if parent is not None else INITIAL)
        elif name == "line-height" and value.endswith("%") and "(" not in value:
            value = _px(computed_px * float(value[:-1]) / 100)
        elif name == "opacity" and "(" not in value:  # clamped (https://drafts.csswg.org/css-color-4/#transparency)
            number = float(value[:-1]) / 100 if value.endswith("%") else float(value)
            value = serialize_number(min(max(number, 0.0), 1.0))
        elif name in _LENGTHS:
            value = _absolute_lengths(value, font_px, root_px, viewport)
        values[name] = value
    for name in _CURRENTCOLOR_INITIAL:  # an initial currentcolor is the element's colour
        if name not in specified:
            values[name] = current
    for width, style in _BORDERS:  # https://drafts.csswg.org/css-backgrounds/#border-width
        value = _snap(_WIDTHS.get(values[width], values[width]))
        values[width] = "0px" if values[style] in ("none", "hidden") else value
    value = _snap(_WIDTHS.get(values["outline-width"], values["outline-width"]))
    values["outline-width"] = "0px" if values["outline-style"] == "none" else value
    _blockify(values, parent, is_root)
    return values


_BORDERS = tuple((f"border-{side}-width", f"border-{side}-style") for side in ("top", "right", "bottom", "left"))
# The custom properties and the specified values of a cascaded dict without var() (compute's
# first steps), and whether it reads more of the parent's values than what it hands down
# (handed_down), by the dict's identity: the cascade shares each dict among many elements and
# never changes it.  (The entry holds the dict: its id stays its own.)
_PREPARED: dict[int, tuple[dict[str, str], tuple[tuple[str, str], ...], dict[str, str] | None, bool]] = {}
_PREPARED_LIMIT = 4096


def _prepared_entry(cascaded: dict[str, str]) -> tuple[dict[str, str], tuple[tuple[str, str], ...],
                                                       dict[str, str] | None, bool]:
    entry = _PREPARED.get(id(cascaded))
    if entry is not None and entry[0] is cascaded:
        return entry
    customs = tuple((name, value) for name, value in cascaded.items() if name.startswith("--"))
    plain: dict[str, str] | None = {name: value for name, value in cascaded.items()
                                    if not name.startswith("--") and name in INITIAL}
    if any("var(" in value for name, value in cascaded.items() if not name.startswith("--")):
        plain = None
    reads_more = plain is None or any(value == "inherit" and name not in _INHERITED for name, value in plain.items())
    if len(_PREPARED) >= _PREPARED_LIMIT:
        _PREPARED.clear()
    entry = _PREPARED[id(cascaded)] = (cascaded, customs, plain, reads_more)
    return entry


def _prepared(cascaded: dict[str, str]) -> tuple[tuple[tuple[str, str], ...], dict[str, str] | None]:
    """The custom properties of *cascaded*, and its values of the properties of the table in
    order (None when one holds var(): those are substituted with the custom properties)."""
    entry = _prepared_entry(cascaded)
    return entry[1], entry[2]


def handed_down(cascaded: dict[str, str], parent: dict[str, str],
                memo: dict[int, tuple[dict[str, str], tuple[object, ...]]]) -> tuple[object, ...] | None:
    """What compute reads of *parent*, the computed values of an element's parent, for an element
    with the *cascaded* values (a key: elements with the same cascaded values under parents
    that hand down the same compute the same values, as browsers share styles between
    cousins): its inherited and custom properties, the basis of its font size and whether it
    is a flex or grid container (compute's _blockify).  None when *cascaded* would read more:
    ``inherit`` on a property that is not inherited, or var() (substituted first).  *memo*
    keeps each parent's by its identity (its entry holds it: the id stays its own)."""
    if _prepared_entry(cascaded)[3]:
        return None
    entry = memo.get(id(parent))
    if entry is None or entry[0] is not parent:
        key: tuple[object, ...] = (_INHERITED_OF(parent), parent["display"] in _FLEX_OR_GRID)
        # the basis and the custom properties: the keys after the longhands, in compute's order
        # (the longhands first: the root's copy of INITIAL, then each child's copy of its
        # parent's); in any other order, sorted
        # (read from the end: a few keys after some two hundred)
        tail = tuple(islice(reversed(parent.items()), max(len(parent) - _LONGHAND_COUNT, 0)))[::-1]
        if len(parent) != _LONGHAND_COUNT + len(tail) or not all(
                name == _BASIS or name.startswith("--") for name, _value in tail):
            tail = tuple(sorted(item for item in parent.items() if item[0] == _BASIS or item[0].startswith("--")))
        key += tail
        entry = memo[id(parent)] = (parent, key)
    return entry[1]


@lru_cache(maxsize=1024)
def _snap(value: str) -> str:
    """https://drafts.csswg.org/css-values-4/#snap-a-length-as-a-border-width (a device pixel
    being 1px): a width between 0 and 1px is 1px, a greater one rounded down to whole pixels."""
    if not value.endswith("px") or "(" in value:
        return value
    number = float(value[:-2])
    if number <= 0 or number == int(number):
        return value
    return "1px" if number < 1 else _px(math.floor(number))


def _match_parent(parent: dict[str, str]) -> str:
    """https://drafts.csswg.org/css-text-3/#valdef-text-align-match-parent: the parent's computed
    value, its start or end made left or right by the parent's direction."""
    value = parent["text-align"]
    if value in ("start", "end"):
        return "left" if (value == "start") == (parent["direction"] == "ltr") else "right"
    return value


def _blockify(values: dict[str, str], parent: dict[str, str] | None, is_root: bool) -> None:
    """https://drafts.csswg.org/css-display/#transformations and https://drafts.csswg.org/css2/#dis-pos-flo"""
    position = values["position"]
    absolute = position in ("absolute", "fixed")
    if absolute:
        values["float"] = "none"
    display = values["display"]
    if display == "none":
        return
    if display == "contents" and is_root:
        values["display"] = "block"
        return
    if absolute or values["float"] != "none" or is_root or (
            parent is not None and parent["display"] in _FLEX_OR_GRID and display != "contents"):
        values["display"] = _BLOCKIFIED.get(display, display)


def parse_color_keyword(value: str) -> str | None:
    """Whether *value* is a colour (used by the presentational hints)."""
    tokens = [t for t in tinycss2.parse_component_value_list(value) if t.type != "whitespace"]
    return parse_color(tokens[0]) if len(tokens) == 1 else None
