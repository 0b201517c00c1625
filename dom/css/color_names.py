"""The system colours of https://drafts.csswg.org/css-color-4/#css-system-colors, as data (the
named colours are html_infra.microsyntaxes.colors.NAMED_COLORS)."""

from __future__ import annotations

__all__ = ["SYSTEM_COLORS"]

# https://drafts.csswg.org/css-color-4/#css-system-colors (and the deprecated ones, still parsed)
SYSTEM_COLORS = frozenset((
    "accentcolor", "accentcolortext", "activetext", "buttonborder", "buttonface", "buttontext", "canvas",
    "canvastext", "field", "fieldtext", "graytext", "highlight", "highlighttext", "linktext", "mark",
    "marktext", "selecteditem", "selecteditemtext", "visitedtext",
    "activeborder", "activecaption", "appworkspace", "background", "buttonhighlight", "buttonshadow",
    "captiontext", "inactiveborder", "inactivecaption", "inactivecaptiontext", "infobackground", "infotext",
    "menu", "menutext", "scrollbar", "threeddarkshadow", "threedface", "threedhighlight",
    "threedlightshadow", "threedshadow", "window", "windowframe", "windowtext",
))
