"""Colors (https://html.spec.whatwg.org/#colours).

Simple colors are the ``#rrggbb`` values of ``<input type=color>``; the legacy color rules are
what ``bgcolor``-like attributes use.
"""

from __future__ import annotations

import math
import re

from ..infra import ascii_lowercase

__all__ = [
    "NAMED_COLORS", "parse_simple_color", "serialize_simple_color", "parse_legacy_color", "serialize_legacy_color",
    "parse_css_color",
]

RGB = tuple[int, int, int]

# The CSS named colors (https://drafts.csswg.org/css-color-4/#named-colors), 148 keywords.
NAMED_COLORS: dict[str, RGB] = {
    "aliceblue": (240, 248, 255), "antiquewhite": (250, 235, 215), "aqua": (0, 255, 255),
    "aquamarine": (127, 255, 212), "azure": (240, 255, 255), "beige": (245, 245, 220), "bisque": (255, 228, 196),
    "black": (0, 0, 0), "blanchedalmond": (255, 235, 205), "blue": (0, 0, 255), "blueviolet": (138, 43, 226),
    "brown": (165, 42, 42), "burlywood": (222, 184, 135), "cadetblue": (95, 158, 160), "chartreuse": (127, 255, 0),
    "chocolate": (210, 105, 30), "coral": (255, 127, 80), "cornflowerblue": (100, 149, 237),
    "cornsilk": (255, 248, 220), "crimson": (220, 20, 60), "cyan": (0, 255, 255), "darkblue": (0, 0, 139),
    "darkcyan": (0, 139, 139), "darkgoldenrod": (184, 134, 11), "darkgray": (169, 169, 169),
    "darkgreen": (0, 100, 0), "darkgrey": (169, 169, 169), "darkkhaki": (189, 183, 107),
    "darkmagenta": (139, 0, 139), "darkolivegreen": (85, 107, 47), "darkorange": (255, 140, 0),
    "darkorchid": (153, 50, 204), "darkred": (139, 0, 0), "darksalmon": (233, 150, 122),
    "darkseagreen": (143, 188, 143), "darkslateblue": (72, 61, 139), "darkslategray": (47, 79, 79),
    "darkslategrey": (47, 79, 79), "darkturquoise": (0, 206, 209), "darkviolet": (148, 0, 211),
    "deeppink": (255, 20, 147), "deepskyblue": (0, 191, 255), "dimgray": (105, 105, 105),
    "dimgrey": (105, 105, 105), "dodgerblue": (30, 144, 255), "firebrick": (178, 34, 34),
    "floralwhite": (255, 250, 240), "forestgreen": (34, 139, 34), "fuchsia": (255, 0, 255),
    "gainsboro": (220, 220, 220), "ghostwhite": (248, 248, 255), "gold": (255, 215, 0),
    "goldenrod": (218, 165, 32), "gray": (128, 128, 128), "green": (0, 128, 0), "greenyellow": (173, 255, 47),
    "grey": (128, 128, 128), "honeydew": (240, 255, 240), "hotpink": (255, 105, 180), "indianred": (205, 92, 92),
    "indigo": (75, 0, 130), "ivory": (255, 255, 240), "khaki": (240, 230, 140), "lavender": (230, 230, 250),
    "lavenderblush": (255, 240, 245), "lawngreen": (124, 252, 0), "lemonchiffon": (255, 250, 205),
    "lightblue": (173, 216, 230), "lightcoral": (240, 128, 128), "lightcyan": (224, 255, 255),
    "lightgoldenrodyellow": (250, 250, 210), "lightgray": (211, 211, 211), "lightgreen": (144, 238, 144),
    "lightgrey": (211, 211, 211), "lightpink": (255, 182, 193), "lightsalmon": (255, 160, 122),
    "lightseagreen": (32, 178, 170), "lightskyblue": (135, 206, 250), "lightslategray": (119, 136, 153),
    "lightslategrey": (119, 136, 153), "lightsteelblue": (176, 196, 222), "lightyellow": (255, 255, 224),
    "lime": (0, 255, 0), "limegreen": (50, 205, 50), "linen": (250, 240, 230), "magenta": (255, 0, 255),
    "maroon": (128, 0, 0), "mediumaquamarine": (102, 205, 170), "mediumblue": (0, 0, 205),
    "mediumorchid": (186, 85, 211), "mediumpurple": (147, 112, 219), "mediumseagreen": (60, 179, 113),
    "mediumslateblue": (123, 104, 238), "mediumspringgreen": (0, 250, 154), "mediumturquoise": (72, 209, 204),
    "mediumvioletred": (199, 21, 133), "midnightblue": (25, 25, 112), "mintcream": (245, 255, 250),
    "mistyrose": (255, 228, 225), "moccasin": (255, 228, 181), "navajowhite": (255, 222, 173), "navy": (0, 0, 128),
    "oldlace": (253, 245, 230), "olive": (128, 128, 0), "olivedrab": (107, 142, 35), "orange": (255, 165, 0),
    "orangered": (255, 69, 0), "orchid": (218, 112, 214), "palegoldenrod": (238, 232, 170),
    "palegreen": (152, 251, 152), "paleturquoise": (175, 238, 238), "palevioletred": (219, 112, 147),
    "papayawhip": (255, 239, 213), "peachpuff": (255, 218, 185), "peru": (205, 133, 63), "pink": (255, 192, 203),
    "plum": (221, 160, 221), "powderblue": (176, 224, 230), "purple": (128, 0, 128),
    "rebeccapurple": (102, 51, 153), "red": (255, 0, 0), "rosybrown": (188, 143, 143), "royalblue": (65, 105, 225),
    "saddlebrown": (139, 69, 19), "salmon": (250, 128, 114), "sandybrown": (244, 164, 96),
    "seagreen": (46, 139, 87), "seashell": (255, 245, 238), "sienna": (160, 82, 45), "silver": (192, 192, 192),
    "skyblue": (135, 206, 235), "slateblue": (106, 90, 205), "slategray": (112, 128, 144),
    "slategrey": (112, 128, 144), "snow": (255, 250, 250), "springgreen": (0, 255, 127),
    "steelblue": (70, 130, 180), "tan": (210, 180, 140), "teal": (0, 128, 128), "thistle": (216, 191, 216),
    "tomato": (255, 99, 71), "turquoise": (64, 224, 208), "violet": (238, 130, 238), "wheat": (245, 222, 179),
    "white": (255, 255, 255), "whitesmoke": (245, 245, 245), "yellow": (255, 255, 0),
    "yellowgreen": (154, 205, 50),
}
_HEX = frozenset("0123456789abcdefABCDEF")


def parse_simple_color(input: str) -> RGB | None:
    """A valid simple color ``#rrggbb`` (any case) to (r, g, b), or None.

    https://html.spec.whatwg.org/#valid-simple-colour
    """
    if len(input) != 7 or input[0] != "#" or not all(c in _HEX for c in input[1:]):
        return None
    return int(input[1:3], 16), int(input[3:5], 16), int(input[5:7], 16)


def serialize_simple_color(color: RGB) -> str:
    """The valid lowercase simple color (https://html.spec.whatwg.org/#valid-lowercase-simple-colour)."""
    r, g, b = color
    return f"#{r:02x}{g:02x}{b:02x}"


def parse_legacy_color(input: str) -> RGB | None:
    """https://html.spec.whatwg.org/#rules-for-parsing-a-legacy-colour-value -> (r, g, b) or None."""
    if input == "":  # step 1
        return None
    input = input.strip("\t\n\x0c\r ")  # step 2
    lower = ascii_lowercase(input)
    if lower == "transparent":  # step 3
        return None
    if lower in NAMED_COLORS:  # step 4
        return NAMED_COLORS[lower]
    if len(input) == 4 and input[0] == "#" and all(c in _HEX for c in input[1:]):  # step 5
        return int(input[1], 16) * 17, int(input[2], 16) * 17, int(input[3], 16) * 17
    # Step 6: astral code points become "00"; 7: at most 128 code points; 8: drop a leading "#".
    input = "".join("00" if c > "\uffff" else c for c in input)
    input = input[:128]
    if input.startswith("#"):
        input = input[1:]
    input = "".join(c if c in _HEX else "0" for c in input)  # step 9
    while len(input) == 0 or len(input) % 3:  # step 10
        input += "0"
    length = len(input) // 3  # step 11
    components = [input[:length], input[length : 2 * length], input[2 * length :]]
    if length > 8:  # step 12
        components = [c[length - 8 :] for c in components]
        length = 8
    while length > 2 and all(c[0] == "0" for c in components):  # step 13
        components = [c[1:] for c in components]
        length -= 1
    if length > 2:  # step 14
        components = [c[:2] for c in components]
    r, g, b = (int(c, 16) for c in components)  # steps 15-18
    return r, g, b


def serialize_legacy_color(color: RGB) -> str:
    """A legacy color value as the valid simple color that parses back to it (``#rrggbb``)."""
    return serialize_simple_color(color)


_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_RGB_RE = re.compile(r"(rgba?|hsla?)\(\s*([^)]*)\)\Z", re.IGNORECASE)
_HUE_UNITS = {"deg": 1.0, "grad": 0.9, "rad": 180 / math.pi, "turn": 360.0, "": 1.0}


def _hue(text: str) -> float:
    lower = ascii_lowercase(text)
    for unit, factor in _HUE_UNITS.items():
        if unit and lower.endswith(unit):
            return float(lower[: -len(unit)]) * factor
    return float(lower)


def _hsl_to_rgb(hue: float, saturation: float, lightness: float) -> tuple[float, float, float]:
    """https://drafts.csswg.org/css-color-4/#hsl-to-rgb (components 0..255)."""
    hue %= 360
    saturation = min(1.0, max(0.0, saturation))
    lightness = min(1.0, max(0.0, lightness))

    def f(n: float) -> float:
        k = (n + hue / 30) % 12
        a = saturation * min(lightness, 1 - lightness)
        return (lightness - a * max(-1, min(k - 3, 9 - k, 1))) * 255

    return f(0), f(8), f(4)


def parse_css_color(value: str) -> tuple[int, int, int, float] | None:
    """A CSS <color> as (r, g, b, alpha), for the color well of ``<input type=color>``: hex colors
    (3, 4, 6, 8 digits), named colors, ``transparent``, ``currentColor`` (black), ``rgb()``/
    ``rgba()`` and ``hsl()``/``hsla()``; other syntaxes give None
    (https://drafts.csswg.org/css-color-4/#color-syntax)."""
    text = value.strip("\t\n\x0c\r ")
    lower = ascii_lowercase(text)
    if lower in NAMED_COLORS:
        r, g, b = NAMED_COLORS[lower]
        return r, g, b, 1.0
    if lower == "transparent":
        return 0, 0, 0, 0.0
    if lower == "currentcolor":  # no element style to resolve against: the initial color, black
        return 0, 0, 0, 1.0
    if text.startswith("#") and len(text) in (4, 5, 7, 9) and all(c in _HEX_DIGITS for c in text[1:]):
        digits = text[1:]
        if len(digits) <= 4:
            digits = "".join(c * 2 for c in digits)
        r, g, b = int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
        a = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1.0
        return r, g, b, a
    match = _RGB_RE.match(text)
    if match is None:
        return None
    function = ascii_lowercase(match.group(1))[:3]
    body = match.group(2).strip()
    if "," in body:
        parts = [p.strip() for p in body.split(",")]
    else:
        main, _, alpha = body.partition("/")
        parts = main.split() + ([alpha.strip()] if alpha else [])
    if len(parts) not in (3, 4):
        return None
    try:
        channels = []
        if function == "hsl":
            saturation, lightness = (float(p[:-1] if p.endswith("%") else p) / 100 for p in parts[1:3])
            channels = list(_hsl_to_rgb(_hue(parts[0]), saturation, lightness))
        else:
            for part in parts[:3]:
                if part.endswith("%"):
                    channels.append(float(part[:-1]) * 255 / 100)
                else:
                    channels.append(float(part))
        alpha_value = 1.0
        if len(parts) == 4:
            alpha_value = float(parts[3][:-1]) / 100 if parts[3].endswith("%") else float(parts[3])
    except ValueError:
        return None
    if any(math.isnan(c) for c in channels) or math.isnan(alpha_value):
        return None
    # round half toward +infinity, clamp to 0..255
    r, g, b = (min(255, max(0, math.floor(c + 0.5))) for c in channels)
    return r, g, b, min(1.0, max(0.0, alpha_value))
