"""The computed 'display', 'white-space', 'visibility' and 'text-transform' that innerText's
rendered text collection steps (https://html.spec.whatwg.org/#rendered-text-collection-steps)
read, without a layout engine: the user agent stylesheet of https://html.spec.whatwg.org/#rendering
(as tables here: the fast path needs no selector matching for it), the author style sheets'
declarations (dom/cssom/cascade.py) and the element's ``style`` attribute (see ``inner_text.py``
for what is and is not modelled).

:func:`computed_style` is told how to read the element's attributes, so that the walk over DOM
wrappers (the reference, ``inner_text.py``) and the walk over the lxml store
(``inner_text_lxml.py``) compute every element's style by the same steps."""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

import tinycss2
from tinycss2.ast import IdentToken

from html_infra.infra import ascii_lowercase

from ..cssom.cascade import RENDERING, cascade_of
from ..cssom.document_style_sheets import viewport_of

# https://html.spec.whatwg.org/#hidden-elements (and dialog:not([open]), audio:not([controls]))
DISPLAY_NONE = frozenset((
    "area", "base", "basefont", "datalist", "head", "link", "meta", "noembed", "noframes", "param", "rp",
    "script", "style", "template", "title",
))
# https://html.spec.whatwg.org/#the-page, #flow-content-3, #sections-and-headings, #lists,
# #the-fieldset-and-legend-elements, #the-details-and-summary-elements, #the-select-element-2
UA_DISPLAY = {
    **dict.fromkeys((
        "html", "body", "address", "blockquote", "center", "dialog", "div", "figure", "figcaption", "footer",
        "form", "header", "hr", "legend", "listing", "main", "p", "plaintext", "pre", "search", "xmp",
        "article", "aside", "h1", "h2", "h3", "h4", "h5", "h6", "hgroup", "nav", "section",
        "dir", "dd", "dl", "dt", "menu", "ol", "ul", "fieldset", "details", "summary", "optgroup", "option",
        "frameset", "frame",
    ), "block"),
    "li": "list-item",
    "table": "table", "caption": "table-caption", "colgroup": "table-column-group", "col": "table-column",
    "thead": "table-header-group", "tbody": "table-row-group", "tfoot": "table-footer-group",
    "tr": "table-row", "td": "table-cell", "th": "table-cell",
    "input": "inline-block", "button": "inline-block", "select": "inline-block", "textarea": "inline-block",
    "meter": "inline-block", "progress": "inline-block", "marquee": "inline-block",
    "ruby": "ruby", "rt": "ruby-text", "slot": "contents",
}
UA_WHITE_SPACE = {"listing": "pre", "plaintext": "pre", "pre": "pre", "xmp": "pre", "textarea": "pre-wrap",
                   "nobr": "nowrap"}
# Replaced elements and widgets: their descendants have no CSS boxes
# (https://html.spec.whatwg.org/#the-innertext-idl-attribute, the note after the steps).
REPLACED = frozenset(("img", "input", "textarea", "video", "audio", "iframe", "embed", "meter", "progress",
                       "frame"))
# Block containers: a new line context for white-space processing.
BLOCK_LEVEL = frozenset(("block", "list-item", "table", "flex", "grid", "flow-root", "table-caption"))
OWN_LINES = BLOCK_LEVEL | {"table-cell", "inline-block", "inline-flex", "inline-grid", "inline-table"}
TABLE_INTERNAL = frozenset(("table", "inline-table", "table-row-group", "table-header-group",
                             "table-footer-group", "table-row", "table-column-group", "table-column"))
FLEX_OR_GRID = frozenset(("flex", "inline-flex", "grid", "inline-grid"))
_DISPLAY_KEYWORDS = frozenset((
    "none", "contents", "block", "inline", "inline-block", "list-item", "table", "inline-table", "table-row",
    "table-cell", "table-row-group", "table-header-group", "table-footer-group", "table-caption",
    "table-column", "table-column-group", "flex", "inline-flex", "grid", "inline-grid", "flow-root", "ruby",
    "ruby-text",
))
_WHITE_SPACE_KEYWORDS = frozenset(("normal", "nowrap", "pre", "pre-wrap", "pre-line", "break-spaces"))
_WHITE_SPACE_COLLAPSE = {"collapse": "normal", "preserve": "pre-wrap", "preserve-breaks": "pre-line",
                         "break-spaces": "break-spaces", "preserve-spaces": "pre-wrap"}
PRESERVED = frozenset(("pre", "pre-wrap", "break-spaces"))
COLLAPSIBLE = re.compile(r"[ \t\n\r]+")
SPACES_AROUND_NEWLINE = re.compile(r"[ \t\r]*\n[ \t\r]*")
SPACES = re.compile(r"[ \t\r]+")


class Style(NamedTuple):
    display: str  # the computed display ("none" subtrees are never entered)
    white_space: str  # inherited
    visible: bool  # inherited 'visibility: visible'
    children: str  # "all", "none" (replaced, content-visibility: hidden), "options" (select/optgroup), "summary"
    text_transform: str = "none"  # inherited


ROOT_STYLE = Style("block", "normal", True, "all")
# The properties computed_style reads from author style sheets (and the style attribute).
READ = RENDERING
_TEXT_TRANSFORMS = frozenset(("none", "uppercase", "lowercase", "capitalize"))


@lru_cache(maxsize=512)
def inline_declarations(style: str) -> dict[str, tuple[str, bool]]:
    """The style attribute's declarations this module reads: name -> (keyword, important)."""
    found: dict[str, tuple[str, bool]] = {}
    for declaration in tinycss2.parse_blocks_contents(style, skip_comments=True, skip_whitespace=True):
        if declaration.type != "declaration":
            continue
        name = declaration.lower_name
        if name not in READ:
            continue
        words = [token.lower_value for token in declaration.value if isinstance(token, IdentToken)]
        if not words or any(t.type not in ("ident", "whitespace", "comment") for t in declaration.value):
            continue
        value = _keyword(name, words)
        if value is not None and not (name in found and found[name][1] and not declaration.important):
            found[name] = (value, declaration.important)
    return found


def _keyword(name: str, words: list[str]) -> str | None:
    if name == "display":
        if len(words) == 1:
            return words[0] if words[0] in _DISPLAY_KEYWORDS or words[0] in ("initial", "unset", "inherit") else None
        # the two-keyword syntax (https://drafts.csswg.org/css-display/#the-display-properties)
        if "list-item" in words:
            return "list-item"
        outer = "inline" if "inline" in words else "block"
        inner = next((w for w in words if w in ("flow", "flow-root", "table", "flex", "grid", "ruby")), "flow")
        if inner == "flow":
            return outer
        return inner if outer == "block" else ("inline-block" if inner == "flow-root" else f"inline-{inner}")
    if name == "visibility":
        return words[0] if len(words) == 1 and words[0] in ("visible", "hidden", "collapse", "inherit", "initial",
                                                             "unset") else None
    if len(words) != 1:
        return None
    word = words[0]
    if word in ("inherit", "initial", "unset", "revert"):
        return word
    if name == "white-space":
        return word if word in _WHITE_SPACE_KEYWORDS else None
    if name == "white-space-collapse":
        return _WHITE_SPACE_COLLAPSE.get(word)
    if name == "text-transform":
        return word if word in _TEXT_TRANSFORMS else None
    if name == "content-visibility":
        return word if word in ("visible", "auto", "hidden") else None
    if name == "float":
        return word if word in ("none", "left", "right", "inline-start", "inline-end") else None
    if name == "position":
        return word if word in ("static", "relative", "absolute", "fixed", "sticky") else None
    return None



def computed_style(local: str | None, has: Callable[[str], bool], get: Callable[[str], str | None],
                   parent_is_table_part: Callable[[], bool], parent: Style,
                   author: dict[str, tuple[str, bool]] | None = None) -> Style:
    """An element's computed display, white-space, visibility and text-transform from the UA
    stylesheet, the author style sheets' declarations *author* (property -> (keyword,
    important), from dom/cssom/cascade.py; None when none match it) and its style attribute,
    given its parent's.  *local* is its local name when it is an HTML element (None otherwise);
    ``has(name)`` tells whether an attribute of that plain (null-namespace, unprefixed) name is
    stored, ``get(name)`` is getAttribute; ``parent_is_table_part()`` whether its parent is an
    HTML table, thead, tbody, tfoot or tr element."""
    display, important = "inline", False
    white_space, visible, children = parent.white_space, parent.visible, "all"
    if local is not None:
        display = UA_DISPLAY.get(local, "inline")
        white_space = UA_WHITE_SPACE.get(local, white_space)
        hidden = get("hidden") if has("hidden") else None  # the names are stored plainly: a cheap test first
        if local in DISPLAY_NONE:
            display = "none"
        elif hidden is not None and local != "embed" and ascii_lowercase(hidden) != "until-found":
            if local not in ("colgroup", "col", "thead", "tbody", "tfoot", "tr"):  # those keep their display
                display = "none"
        if local == "input" and ascii_lowercase(get("type") or "") == "hidden":
            display, important = "none", True
        elif local == "dialog" and not has("open"):
            display = "none"
        elif local == "audio" and not has("controls"):
            display, important = "none", True
        elif local == "pre" and has("wrap"):
            white_space = "pre-wrap"
        elif local in ("td", "th") and has("nowrap"):
            white_space = "nowrap"
        elif local == "textarea" and ascii_lowercase(get("wrap") or "") == "off":
            white_space = "pre"
        elif local == "form" and parent_is_table_part():
            display, important = "none", True  # :is(table, thead, tbody, tfoot, tr) > form
        if local in REPLACED:
            children = "none"
        elif local in ("select", "optgroup"):
            children = "options"
        elif local == "details" and not has("open"):
            children = "summary"
        if hidden is not None and ascii_lowercase(hidden) == "until-found":
            children = "none"  # content-visibility: hidden: the contents are skipped
    # https://drafts.csswg.org/css-cascade/#cascade-sort: author normal < style attribute normal <
    # author important < style attribute important < UA important
    chosen: dict[str, tuple[int, str]] = {}
    if author:
        for name, (value, is_important) in author.items():
            if name in READ:
                chosen[name] = (3 if is_important else 1, value)
    style = get("style") if has("style") else None
    if style:
        for name, (value, is_important) in inline_declarations(style).items():
            rank = 4 if is_important else 2
            if name not in chosen or chosen[name][0] < rank:
                chosen[name] = (rank, value)
    text_transform = parent.text_transform
    floated = positioned = False
    if chosen:
        def value_of(name: str, inherited: str, initial: str) -> str | None:
            found = chosen.get(name)
            if found is None:
                return None
            value = found[1]
            if value == "inherit" or (value in ("unset", "revert") and name in _INHERITED):
                return inherited
            if value in ("initial", "unset", "revert"):
                return initial
            return value

        found_display = chosen.get("display")
        if found_display is not None and (not important or found_display[0] >= 5):
            display = value_of("display", parent.display, "inline") or display
        white_space = value_of("white-space", parent.white_space, "normal") or white_space
        white_space = value_of("white-space-collapse", parent.white_space, "normal") or white_space
        visibility = value_of("visibility", "visible" if parent.visible else "hidden", "visible")
        if visibility is not None:
            visible = visibility == "visible"
        text_transform = value_of("text-transform", parent.text_transform, "none") or text_transform
        if value_of("content-visibility", "visible", "visible") == "hidden":
            children = "none"  # https://drafts.csswg.org/css-contain-2/#content-visibility
        floated = (value_of("float", "none", "none") or "none") != "none"
        positioned = value_of("position", "static", "static") in ("absolute", "fixed")
    if parent.display in FLEX_OR_GRID or floated or positioned:
        # flex and grid items, floats and absolutely positioned boxes are blockified
        # (https://drafts.csswg.org/css-display/#transformations)
        display = _BLOCKIFY.get(display, display)
    return Style(display, white_space, visible, children, text_transform)


_INHERITED = frozenset(("visibility", "white-space", "white-space-collapse", "text-transform"))
_BLOCKIFY = {"inline": "block", "inline-block": "block", "inline-table": "table", "inline-flex": "flex",
             "inline-grid": "grid", "table-row-group": "block", "table-header-group": "block",
             "table-footer-group": "block", "table-row": "block", "table-cell": "block", "table-caption": "block",
             "table-column": "block", "table-column-group": "block", "ruby": "block", "ruby-text": "block"}


_WORD_START = re.compile(r"(^|[^\w'\u2019])(\w)")


def apply_text_transform(data: str, transform: str) -> str:
    """https://drafts.csswg.org/css-text/#text-transform-property: uppercase and lowercase by
    Unicode's full case mappings; capitalize the first letter of each word (a word starts after
    a character that is neither a letter, a digit nor an apostrophe; within one text node)."""
    if transform == "uppercase":
        return data.upper()
    if transform == "lowercase":
        return data.lower()
    if transform == "capitalize":
        return _WORD_START.sub(lambda m: m.group(1) + m.group(2).upper(), data)
    return data


def author_map(document: Any) -> dict[Any, dict[str, tuple[str, bool]]]:
    """The author-level declarations of the document's style sheets and presentational hints,
    by lxml element (empty when the document has neither): dom/cssom/cascade.py.  The model of
    the user agent sheet here is the scripting-disabled one; where the document is rendered
    with scripting enabled (a webdom.js realm's), its HTML noscript elements also have the user
    agent's ``display: none !important`` (https://html.spec.whatwg.org/#hidden-elements,
    ``@media (scripting)``), which no author declaration overrides, and a canvas represents
    embedded content, a replaced element (https://html.spec.whatwg.org/#the-canvas-element):
    its fallback content has no boxes, which this model says with ``content-visibility:
    hidden`` (an inline one is then an atomic inline, as a replaced element)."""
    found = cascade_of(document).author_declarations()
    root = document.documentElement
    if viewport_of(document).scripting == "none" or root is None or not document._is_html:
        return found
    # (made once per cascade: innerText asks for it at every call)
    known = _SCRIPTING_MAPS.get(document)
    if known is not None and known[0] is found:
        return known[1]
    scripted = found
    for lx in root._lx.iter("noscript", "canvas"):
        if scripted is found:
            scripted = dict(found)
        rule = ("display", ("none", True)) if lx.tag == "noscript" else ("content-visibility", ("hidden", True))
        scripted[lx] = {**found.get(lx, {}), rule[0]: rule[1]}
    _SCRIPTING_MAPS[document] = (found, scripted)
    return scripted


# document -> (the cascade's author map, that map with the scripting-enabled user agent rules)
_SCRIPTING_MAPS: weakref.WeakKeyDictionary[Any, tuple[dict[Any, Any], dict[Any, Any]]] = weakref.WeakKeyDictionary()


# What computed_style reads of an HTML element besides its hidden and style attributes: whether
# one attribute is there (PRESENCE_READ), or attribute values and the parent (READS_MORE).  An
# element without hidden and style attributes whose name is in neither has the same style
# wherever its parent's is the same; one named in PRESENCE_READ, the same for each answer.
PRESENCE_READ = {"dialog": "open", "audio": "controls", "pre": "wrap", "td": "nowrap", "th": "nowrap",
                 "details": "open"}
READS_MORE = frozenset(("input", "textarea", "form"))
