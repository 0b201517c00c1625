# ruff: noqa: E501 -- the table below is data: one property per line, as in its spec
"""The property table: each CSS property's name, value grammar, initial value, whether it is
inherited, and a shorthand's longhands, as data (the "Name / Value / Initial / Inherited" lines
of each property's definition table in its CSS module; the modules are cited per group).

A grammar is a small form of https://drafts.csswg.org/css-values-4/#value-defs: alternatives
separated by ``|``, each a keyword or a type: ``<length>``, ``<length-percentage>``,
``<percentage>``, ``<number>``, ``<integer>``, ``<color>``, ``<string>``, ``<url>``,
``<image>``, ``<time>``, ``<angle>``, ``<custom-ident>``; a ``+`` after a type's name means
non-negative, ``+1`` at least one; ``{1,2}`` after the whole grammar means one or two such values; ``<alignment>``
is the property's grammar in CSS Box Alignment (box_alignment.py).  ``<as-given>``
accepts any value without a syntax error and keeps it as given (re-serialized token by token):
it stands for grammars this table does not write out (transforms, grid templates, shadows,
font families, transitions...), so their invalid values are kept where a browser drops them.
Where keywords are listed beside it, or as ``<as-given: word ... <color>>`` (the identifiers it
takes only beside other parts), an identifier outside functions must be one of them (or a colour
where ``<color>`` is listed): the grammar's keywords are all the identifiers it takes, so
``background-image: bogus`` is dropped, and one identifier or colour alone must be a keyword of
its own (``box-shadow: inset`` is dropped); a grammar of ``<as-given>`` alone (custom
identifiers: animation names, counters, font families) takes any.  ``<position>`` is one
component of https://drafts.csswg.org/css-values-4/#position, given alone: the other is
``center``; ``<shadow>`` a list of shadows (declared_values.py).  text-indent's keywords are
declared_values.py's.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ALIASES", "LOGICAL", "PROPERTIES", "QUIRKY_LENGTHS", "SHORTHANDS", "Property", "longhands_of", "shorthands_containing"]


@dataclass(frozen=True, slots=True)
class Property:
    name: str
    inherited: bool
    initial: str
    grammar: str
    longhands: tuple[str, ...] = ()  # a shorthand's longhands, in canonical order


_SIDES = ("top", "right", "bottom", "left")
_SIZE = "<length-percentage+> | auto | min-content | max-content | fit-content"
_MAX_SIZE = "<length-percentage+> | none | min-content | max-content | fit-content"
_BORDER_STYLE = "none | hidden | dotted | dashed | solid | double | groove | ridge | inset | outset"
_LINE_WIDTH = "<length+> | thin | medium | thick"
# https://drafts.csswg.org/css-ui/#outline-style: <outline-line-style> is <line-style> but hidden
_OUTLINE_STYLE = "none | dotted | dashed | solid | double | groove | ridge | inset | outset"
_OVERFLOW = "visible | hidden | clip | scroll | auto | overlay"

# name | inherited (y/n) | initial | grammar
_TABLE = f"""
display | n | inline | none | contents | block | inline | inline-block | list-item | table | inline-table | table-row | table-cell | table-row-group | table-header-group | table-footer-group | table-caption | table-column | table-column-group | flex | inline-flex | grid | inline-grid | flow-root | ruby | ruby-text | ruby-base | ruby-text-container | ruby-base-container | run-in
visibility | y | visible | visible | hidden | collapse
opacity | n | 1 | <number> | <percentage>
content-visibility | n | visible | visible | auto | hidden
float | n | none | none | left | right | inline-start | inline-end
clear | n | none | none | left | right | both | inline-start | inline-end
position | n | static | static | relative | absolute | fixed | sticky
top | n | auto | <length-percentage> | auto
right | n | auto | <length-percentage> | auto
bottom | n | auto | <length-percentage> | auto
left | n | auto | <length-percentage> | auto
z-index | n | auto | <integer> | auto
box-sizing | n | content-box | content-box | border-box
width | n | auto | {_SIZE}
height | n | auto | {_SIZE}
min-width | n | auto | {_SIZE}
min-height | n | auto | {_SIZE}
max-width | n | none | {_MAX_SIZE}
max-height | n | none | {_MAX_SIZE}
margin-top | n | 0px | <length-percentage> | auto
margin-right | n | 0px | <length-percentage> | auto
margin-bottom | n | 0px | <length-percentage> | auto
margin-left | n | 0px | <length-percentage> | auto
padding-top | n | 0px | <length-percentage+>
padding-right | n | 0px | <length-percentage+>
padding-bottom | n | 0px | <length-percentage+>
padding-left | n | 0px | <length-percentage+>
overflow-x | n | visible | {_OVERFLOW}
overflow-y | n | visible | {_OVERFLOW}
text-overflow | n | clip | clip | ellipsis | <string>
color | y | canvastext | <color>
background-color | n | transparent | <color>
background-image | n | none | none | <as-given>
background-repeat | n | repeat | repeat-x | repeat-y | repeat | no-repeat | space | round | <as-given>
background-attachment | n | scroll | scroll | fixed | local | <as-given>
background-position | n | 0% 0% | <position> | <as-given: left right top bottom center>
background-size | n | auto | auto | cover | contain | <as-given>
background-origin | n | padding-box | border-box | padding-box | content-box | <as-given>
background-clip | n | border-box | border-box | padding-box | content-box | text | <as-given>
border-top-color | n | currentcolor | <color>
border-right-color | n | currentcolor | <color>
border-bottom-color | n | currentcolor | <color>
border-left-color | n | currentcolor | <color>
border-top-style | n | none | {_BORDER_STYLE}
border-right-style | n | none | {_BORDER_STYLE}
border-bottom-style | n | none | {_BORDER_STYLE}
border-left-style | n | none | {_BORDER_STYLE}
border-top-width | n | medium | {_LINE_WIDTH}
border-right-width | n | medium | {_LINE_WIDTH}
border-bottom-width | n | medium | {_LINE_WIDTH}
border-left-width | n | medium | {_LINE_WIDTH}
border-top-left-radius | n | 0px | <length-percentage+>{{1,2}}
border-top-right-radius | n | 0px | <length-percentage+>{{1,2}}
border-bottom-right-radius | n | 0px | <length-percentage+>{{1,2}}
border-bottom-left-radius | n | 0px | <length-percentage+>{{1,2}}
border-collapse | y | separate | separate | collapse
border-spacing | y | 0px 0px | <length+>{{1,2}}
border-image | n | none | none | stretch | repeat | round | space | <as-given: fill>
outline-color | n | auto | <color> | auto
outline-style | n | none | auto | {_OUTLINE_STYLE}
outline-width | n | medium | {_LINE_WIDTH}
outline-offset | n | 0px | <length>
box-shadow | n | none | none | <shadow>
font-family | y | serif | <as-given>
font-size | y | medium | <length-percentage+> | xx-small | x-small | small | medium | large | x-large | xx-large | xxx-large | larger | smaller | math
font-style | y | normal | normal | italic | oblique | <as-given>
font-weight | y | normal | <number+> | normal | bold | bolder | lighter
font-variant | y | normal | normal | none | small-caps | all-small-caps | petite-caps | all-petite-caps | unicase | titling-caps | common-ligatures | no-common-ligatures | discretionary-ligatures | no-discretionary-ligatures | historical-ligatures | no-historical-ligatures | contextual | no-contextual | lining-nums | oldstyle-nums | proportional-nums | tabular-nums | diagonal-fractions | stacked-fractions | ordinal | slashed-zero | jis78 | jis83 | jis90 | jis04 | simplified | traditional | full-width | proportional-width | ruby | sub | super | historical-forms | <as-given>
font-stretch | y | normal | normal | ultra-condensed | extra-condensed | condensed | semi-condensed | semi-expanded | expanded | extra-expanded | ultra-expanded | <percentage+>
line-height | y | normal | normal | <number+> | <length-percentage+>
letter-spacing | y | normal | normal | <length>
word-spacing | y | normal | normal | <length-percentage>
text-align | y | start | start | end | left | right | center | justify | match-parent | justify-all | -webkit-center | -webkit-left | -webkit-right
text-indent | y | 0px | <length-percentage>
text-transform | y | none | none | capitalize | uppercase | lowercase | full-width | full-size-kana | <as-given>
text-decoration-line | n | none | none | underline | overline | line-through | blink | spelling-error | grammar-error | <as-given>
text-decoration-style | n | solid | solid | double | dotted | dashed | wavy
text-decoration-color | n | currentcolor | <color>
text-decoration-thickness | n | auto | auto | from-font | <length-percentage>
text-shadow | y | none | none | <shadow>
white-space | y | normal | normal | pre | nowrap | pre-wrap | break-spaces | pre-line
white-space-collapse | y | collapse | collapse | discard | preserve | preserve-breaks | preserve-spaces | break-spaces
word-break | y | normal | normal | keep-all | break-all | break-word | auto-phrase
overflow-wrap | y | normal | normal | break-word | anywhere
vertical-align | n | baseline | baseline | sub | super | text-top | text-bottom | middle | top | bottom | <length-percentage>
direction | y | ltr | ltr | rtl
unicode-bidi | n | normal | normal | embed | isolate | bidi-override | isolate-override | plaintext
writing-mode | y | horizontal-tb | horizontal-tb | vertical-rl | vertical-lr | sideways-rl | sideways-lr
list-style-type | y | disc | <string> | none | <custom-ident>
list-style-position | y | outside | inside | outside
list-style-image | y | none | none | <image>
quotes | y | auto | auto | none | match-parent | <as-given>
content | n | normal | normal | none | open-quote | close-quote | no-open-quote | no-close-quote | <as-given>
cursor | y | auto | auto | default | none | context-menu | help | pointer | progress | wait | cell | crosshair | text | vertical-text | alias | copy | move | no-drop | not-allowed | grab | grabbing | e-resize | n-resize | ne-resize | nw-resize | s-resize | se-resize | sw-resize | w-resize | ew-resize | ns-resize | nesw-resize | nwse-resize | col-resize | row-resize | all-scroll | zoom-in | zoom-out | -webkit-grab | -webkit-grabbing | -webkit-zoom-in | -webkit-zoom-out | <as-given>
pointer-events | y | auto | auto | none | visiblepainted | visiblefill | visiblestroke | visible | painted | fill | stroke | all | bounding-box
user-select | n | auto | auto | text | none | contain | all
table-layout | n | auto | auto | fixed
caption-side | y | top | top | bottom
empty-cells | y | show | show | hide
flex-direction | n | row | row | row-reverse | column | column-reverse
flex-wrap | n | nowrap | nowrap | wrap | wrap-reverse
flex-grow | n | 0 | <number+>
flex-shrink | n | 1 | <number+>
flex-basis | n | auto | content | {_SIZE}
order | n | 0 | <integer>
align-items | n | normal | <alignment>
align-self | n | auto | <alignment>
align-content | n | normal | <alignment>
justify-content | n | normal | <alignment>
justify-items | n | legacy | <alignment>
justify-self | n | auto | <alignment>
row-gap | n | normal | normal | <length-percentage+>
column-gap | n | normal | normal | <length-percentage+>
grid-template-columns | n | none | none | auto | min-content | max-content | subgrid | <as-given>
grid-template-rows | n | none | none | auto | min-content | max-content | subgrid | <as-given>
grid-template-areas | n | none | none | <as-given>
grid-auto-columns | n | auto | auto | min-content | max-content | <as-given>
grid-auto-rows | n | auto | auto | min-content | max-content | <as-given>
grid-auto-flow | n | row | row | column | dense | <as-given>
grid-row-start | n | auto | <as-given>
grid-row-end | n | auto | <as-given>
grid-column-start | n | auto | <as-given>
grid-column-end | n | auto | <as-given>
grid-area | n | auto | <as-given>
transform | n | none | none | <as-given>
transform-origin | n | 50% 50% 0px | <position> | <as-given: left right top bottom center>
transform-style | n | flat | flat | preserve-3d
perspective | n | none | none | <length+>
translate | n | none | none | <as-given>
rotate | n | none | none | <as-given: x y z>
scale | n | none | none | <as-given>
transition | n | all | <as-given>
animation | n | none 0s ease 0s 1 normal none running | <as-given>
will-change | n | auto | <as-given>
filter | n | none | none | <as-given>
backdrop-filter | n | none | none | <as-given>
clip | n | auto | auto | <as-given>
clip-path | n | none | none | border-box | padding-box | content-box | margin-box | fill-box | stroke-box | view-box | <as-given>
mask | n | none | none | luminance | alpha | match-source | add | subtract | intersect | exclude | repeat-x | repeat-y | repeat | no-repeat | space | round | border-box | padding-box | content-box | fill-box | stroke-box | view-box | no-clip | <position> | <as-given: left right top bottom center auto cover contain>
mix-blend-mode | n | normal | normal | multiply | screen | overlay | darken | lighten | color-dodge | color-burn | hard-light | soft-light | difference | exclusion | hue | saturation | color | luminosity | plus-darker | plus-lighter
object-fit | n | fill | fill | contain | cover | none | scale-down
object-position | n | 50% 50% | <position> | <as-given: left right top bottom center>
isolation | n | auto | auto | isolate
resize | n | none | none | both | horizontal | vertical | block | inline
appearance | n | none | none | auto | base-select | menulist-button | textfield | searchfield | textarea | checkbox | radio | menulist | listbox | meter | progress-bar | button
aspect-ratio | n | auto | auto | <as-given>
contain | n | none | none | strict | content | size | inline-size | layout | style | paint | <as-given>
tab-size | y | 8 | <number+> | <length+>
hyphens | y | manual | none | manual | auto
scroll-behavior | n | auto | auto | smooth
counter-reset | n | none | <as-given>
counter-increment | n | none | <as-given>
counter-set | n | none | <as-given>
column-count | n | auto | auto | <integer+1>
column-width | n | auto | auto | <length+>
-webkit-line-clamp | n | none | none | <integer+1>
-webkit-box-orient | n | horizontal | horizontal | vertical | inline-axis | block-axis
-webkit-text-fill-color | y | currentcolor | <color>
-webkit-tap-highlight-color | y | rgba(0, 0, 0, 0.18) | <color>
-webkit-font-smoothing | y | auto | auto | none | antialiased | subpixel-antialiased
accent-color | y | auto | auto | <color>
caret-color | y | auto | auto | <color>
fill | y | black | none | context-fill | context-stroke | <color> | <as-given: <color>>
stroke | y | none | none | context-fill | context-stroke | <color> | <as-given: <color>>
"""

PROPERTIES: dict[str, Property] = {}
for _line in _TABLE.strip().splitlines():
    _name, _inherited, _initial, _grammar = (_part.strip() for _part in _line.split(" | ", 3))
    PROPERTIES[_name] = Property(_name, _inherited == "y", _initial, _grammar)

for _side in _SIDES:
    PROPERTIES[f"scroll-margin-{_side}"] = Property(f"scroll-margin-{_side}", False, "0px", "<length>")
    PROPERTIES[f"scroll-padding-{_side}"] = Property(f"scroll-padding-{_side}", False, "auto",
                                                     "auto | <length-percentage+>")

# Flow-relative properties (https://drafts.csswg.org/css-logical/): each the physical property
# it maps to in a horizontal-tb, ltr writing mode (cascade.py maps them so).
LOGICAL: dict[str, str] = {}
for _logical, _physical in (("block-start", "top"), ("block-end", "bottom"), ("inline-start", "left"),
                            ("inline-end", "right")):
    for _kind in ("margin", "padding", "inset", "scroll-margin", "scroll-padding"):
        _name = f"{_kind}-{_logical}"
        _target = _physical if _kind == "inset" else f"{_kind}-{_physical}"
        PROPERTIES[_name] = Property(_name, False, PROPERTIES[_target].initial, PROPERTIES[_target].grammar)
        LOGICAL[_name] = _target
    for _part in ("width", "style", "color"):
        _name, _target = f"border-{_logical}-{_part}", f"border-{_physical}-{_part}"
        PROPERTIES[_name] = Property(_name, False, PROPERTIES[_target].initial, PROPERTIES[_target].grammar)
        LOGICAL[_name] = _target
for _logical, _physical in (("block-size", "height"), ("inline-size", "width"), ("min-block-size", "min-height"),
                            ("min-inline-size", "min-width"), ("max-block-size", "max-height"),
                            ("max-inline-size", "max-width")):
    PROPERTIES[_logical] = Property(_logical, False, PROPERTIES[_physical].initial, PROPERTIES[_physical].grammar)
    LOGICAL[_logical] = _physical

# Shorthands: (name, kind, longhands).  The kind names how the value is split (shorthands.py):
# "box": 1 to 4 values for top, right, bottom, left; "any order": each part taken by the first
# longhand whose grammar accepts it, the others set to their initial value; "pair": one or two
# values (the second defaults to the first); the rest have steps of their own.
_SHORTHANDS: list[tuple[str, str, tuple[str, ...]]] = [
    ("margin", "box", tuple(f"margin-{s}" for s in _SIDES)),
    ("padding", "box", tuple(f"padding-{s}" for s in _SIDES)),
    ("inset", "box", _SIDES),
    ("border-width", "box", tuple(f"border-{s}-width" for s in _SIDES)),
    ("border-style", "box", tuple(f"border-{s}-style" for s in _SIDES)),
    ("border-color", "box", tuple(f"border-{s}-color" for s in _SIDES)),
    ("scroll-margin", "box", tuple(f"scroll-margin-{s}" for s in _SIDES)),
    ("scroll-padding", "box", tuple(f"scroll-padding-{s}" for s in _SIDES)),
    ("border-radius", "radius", ("border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius",
                                 "border-bottom-left-radius")),
    *((f"border-{s}", "any order", (f"border-{s}-width", f"border-{s}-style", f"border-{s}-color")) for s in _SIDES),
    # https://drafts.csswg.org/css-backgrounds/#border-shorthand: border also resets border-image
    ("border", "border", (*(f"border-{s}-{p}" for p in ("width", "style", "color") for s in _SIDES), "border-image")),
    ("outline", "any order", ("outline-color", "outline-style", "outline-width")),
    ("list-style", "any order", ("list-style-position", "list-style-image", "list-style-type")),
    ("text-decoration", "any order", ("text-decoration-line", "text-decoration-thickness", "text-decoration-style",
                                      "text-decoration-color")),
    ("flex-flow", "any order", ("flex-direction", "flex-wrap")),
    ("overflow", "pair", ("overflow-x", "overflow-y")),
    *((f"{kind}-{axis}", "pair", (f"{kind}-{axis}-start", f"{kind}-{axis}-end"))
      for kind in ("margin", "padding", "inset", "scroll-margin", "scroll-padding") for axis in ("block", "inline")),
    *((f"border-{axis}-{part}", "pair", (f"border-{axis}-start-{part}", f"border-{axis}-end-{part}"))
      for axis in ("block", "inline") for part in ("width", "style", "color")),
    *((f"border-{axis}-{end}", "any order", (f"border-{axis}-{end}-width", f"border-{axis}-{end}-style",
                                              f"border-{axis}-{end}-color"))
      for axis in ("block", "inline") for end in ("start", "end")),
    ("gap", "pair", ("row-gap", "column-gap")),
    ("place-content", "pair", ("align-content", "justify-content")),
    ("place-items", "pair", ("align-items", "justify-items")),
    ("place-self", "pair", ("align-self", "justify-self")),
    ("grid-row", "slash", ("grid-row-start", "grid-row-end")),
    ("grid-column", "slash", ("grid-column-start", "grid-column-end")),
    ("flex", "flex", ("flex-grow", "flex-shrink", "flex-basis")),
    ("font", "font", ("font-style", "font-variant", "font-weight", "font-stretch", "font-size", "line-height",
                      "font-family")),
    ("background", "background", ("background-image", "background-position", "background-size",
                                  "background-repeat", "background-attachment", "background-origin",
                                  "background-clip", "background-color")),
]
SHORTHANDS: dict[str, tuple[str, tuple[str, ...]]] = {name: (kind, longhands) for name, kind, longhands in _SHORTHANDS}
for _name, _kind, _longhands in _SHORTHANDS:
    PROPERTIES[_name] = Property(_name, PROPERTIES[_longhands[0]].inherited, "", _kind, _longhands)
# https://drafts.csswg.org/css-cascade/#all-shorthand: every longhand but direction and
# unicode-bidi (and custom properties); its only values are the CSS-wide keywords
_ALL = tuple(name for name, prop in PROPERTIES.items() if not prop.longhands and name not in (
    "direction", "unicode-bidi"))
SHORTHANDS["all"] = ("all", _ALL)
PROPERTIES["all"] = Property("all", False, "", "all", _ALL)

# https://quirks.spec.whatwg.org/#the-unitless-length-quirk: the properties whose <length> may be
# a unitless number in a quirks-mode document
QUIRKY_LENGTHS = frozenset((
    "background-position", "border-spacing", "border-top-width", "border-right-width", "border-bottom-width",
    "border-left-width", "border-width", "bottom", "clip", "font-size", "height", "left", "letter-spacing",
    "margin", "margin-top", "margin-right", "margin-bottom", "margin-left", "max-height", "max-width",
    "min-height", "min-width", "padding", "padding-top", "padding-right", "padding-bottom", "padding-left",
    "right", "text-indent", "top", "vertical-align", "width", "word-spacing", "border-top", "border-right",
    "border-bottom", "border-left", "border", "inset",
))

# Legacy aliases (https://drafts.csswg.org/css-align/#gap-legacy,
# https://drafts.csswg.org/css-ui/#appearance-switching and friends): parsed as their property,
# under its name.
ALIASES = {"-webkit-appearance": "appearance", "grid-gap": "gap", "grid-row-gap": "row-gap", "grid-column-gap": "column-gap", "word-wrap": "overflow-wrap",
           "-webkit-transform": "transform"}

# For each longhand, the shorthands that contain it, preferred first
# (https://drafts.csswg.org/cssom/#concept-shorthands-preferred-order: most longhands first).
_CONTAINING: dict[str, list[str]] = {}
for _name, (_kind, _longhands) in sorted(SHORTHANDS.items(), key=lambda item: (-len(item[1][1]), item[0])):
    for _longhand in _longhands:
        _CONTAINING.setdefault(_longhand, []).append(_name)


def longhands_of(name: str) -> tuple[str, ...]:
    shorthand = SHORTHANDS.get(name)
    return shorthand[1] if shorthand is not None else ()


def shorthands_containing(name: str) -> list[str]:
    return _CONTAINING.get(name, [])
