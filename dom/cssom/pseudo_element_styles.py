"""The computed values of the tree-abiding pseudo-elements ``::before``, ``::after``
(https://drafts.csswg.org/css-pseudo-4/#generated-content) and ``::marker``
(https://drafts.csswg.org/css-pseudo-4/#marker-pseudo), for ``getComputedStyle(element,
pseudoElt)`` (https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle).

A pseudo-element's cascade holds the rules whose selector ends in that pseudo-element and whose
compounds, without it, match its originating element: the user agent's (``q::before``, CSS
Lists' ``::marker`` rule) and the author sheets' of the element's tree, by origin and importance,
layers, specificity (the pseudo-element counting as a type: (0,0,1)) and order.  It inherits
from its originating element (https://drafts.csswg.org/css-pseudo-4/#treelike).  Its values are
computed on each read from the current sheets and the element's current values, so they follow
the document as it changes.  The rules of other tree contexts join the cascade as for elements
(scoping.py): ``:host::before`` from the element's shadow tree, ``::slotted(p)::marker`` from its
slots', ``::part(x)::after`` from the trees outside.  Not modelled: the rules of ``@scope``;
pseudo-elements other than these three give an empty declaration.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

import tinycss2

from ..memo import MemoKey
from ..nodes.shadow_host import state as shadow_state
from ..selectors.engine import parsed_matcher
from ..selectors.parser import Complex
from .adopted_style_sheets import adopted_sheets
from .applicable_rules import style_rules as _style_rules
from .cascade import cascade_of
from .cascade_layers import LayerOrder
from .cascade_origins import ORIGINS
from .computed_values import compute
from .css_rules import changes
from .document_style_sheets import configuration_changes, document_sheets, shadow_root_sheets
from .scoping import SLOTTED, flat_parent, pseudo_element_contexts, pseudo_element_is
from .selector_keys import specificity
from .style_sheets import CSSStyleSheet
from .user_agent_sheets import form_controls_sheet, user_agent_sheet

__all__ = ["SUPPORTED", "pseudo_element_type", "pseudo_element_values"]

SUPPORTED = frozenset(("before", "after", "marker"))
# Written with one colon, these are pseudo-elements too (https://drafts.csswg.org/selectors-4/#pseudo-element-syntax)
_LEGACY = frozenset(("before", "after", "first-line", "first-letter"))

_UA, _HINTS, _AUTHOR = ORIGINS[:3]

# https://drafts.csswg.org/css-lists-3/#ua-stylesheet: the marker's rule of CSS Lists' default
# style sheet (font-variant-numeric is not in the property table)
_LISTS_SHEET = "::marker { unicode-bidi: isolate; font-variant-numeric: tabular-nums; white-space: pre; " \
    "text-transform: none; }"

# https://drafts.csswg.org/css-lists-3/#marker-properties: the properties that apply to
# ::marker (author declarations of others are ignored), with line-height and text-transform
# as Chromium takes them
_MARKER_PROPERTIES = frozenset((
    "color", "content", "direction", "unicode-bidi", "white-space", "white-space-collapse", "text-wrap-mode",
    "text-combine-upright", "line-height", "text-transform",
))
_MARKER_PREFIXES = ("font", "animation", "transition", "--")

_RULES = MemoKey("pseudo-element rules")


def pseudo_element_type(pseudo_elt: str) -> str | None:
    """Step 3 of https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle: None when
    *pseudo_elt* names the element itself (empty, or not starting with a colon); else the
    pseudo-element's name when it parses as a <pseudo-element-selector> this module styles
    (``::before``, or ``:before`` in the legacy syntax); else "" (obj is null: an invalid one,
    ``::slotted()`` and ``::part()``, and those not modelled here give an empty declaration)."""
    if not pseudo_elt or pseudo_elt[0] != ":":
        return None
    tokens: list[Any] = tinycss2.parse_component_value_list(pseudo_elt, skip_comments=True)
    if len(tokens) == 3 and tokens[1] == ":" and tokens[2].type == "ident":
        name: str = tokens[2].lower_value
    elif len(tokens) == 2 and tokens[1].type == "ident" and tokens[1].lower_value in _LEGACY:
        name = tokens[1].lower_value
    else:
        return ""
    return name if name in SUPPORTED else ""


@lru_cache(maxsize=1)
def _lists_sheet() -> CSSStyleSheet:
    return CSSStyleSheet._parse(_LISTS_SHEET)


# A rule of a pseudo-element: its selector without the pseudo-element (None: any element), its
# origin, its specificity (with its layer's key), its order and its declarations.
_Rule = tuple[Complex | None, int, Any, int, dict[str, Any]]


def _rules_of(sheets: list[CSSStyleSheet], viewport: Any, origin: int, name: str, layered: bool,
              out: list[_Rule]) -> None:
    """Add to *out* the style rules of *sheets* (one origin) whose selectors end in ::*name*."""
    rules: list[Any] = []
    layers = LayerOrder() if layered else None
    for sheet in sheets:
        if not sheet.disabled and sheet.media.matches(viewport):
            _style_rules(sheet._rules, viewport, rules, layers)
    for order, (rule, layer, scopes) in enumerate(rules):
        if scopes or not rule._declarations or name not in rule._selector_text.lower():
            continue
        declarations = rule._declarations
        if name == "marker" and origin == _AUTHOR:
            declarations = _marker_declarations(declarations)
        for complex_ in rule._selectors:
            if not pseudo_element_is(complex_.pseudo_element, name):
                continue  # (another, or followed by a user-action pseudo-class: ::before:hover matches nothing here)
            last = replace(complex_.compounds[-1], pseudo_element=None)
            selector = None if len(complex_.compounds) == 1 and last.type is None and not last.simples else Complex(
                (*complex_.compounds[:-1], last), complex_.combinators)  # (None: ::before alone matches any element)
            spec = specificity(complex_)
            out.append((selector, origin, (layer, spec) if layer else spec, order, declarations))


def _candidates(element: Any, name: str) -> list[_Rule]:
    """The rules of the element's tree that may style its ::*name*, remembered for the document's version."""
    document = element._doc
    root = element.getRootNode()
    shadow = root if getattr(root, "_is_shadow_root", False) else None

    def collect() -> list[_Rule]:
        cascade = cascade_of(document)
        viewport = cascade.viewport
        found: list[_Rule] = []
        ua = [user_agent_sheet(), form_controls_sheet()] + ([user_agent_sheet(True)] if cascade.quirks else [])
        if name == "marker":
            ua.insert(0, _lists_sheet())
        _rules_of(ua, viewport, _UA, name, False, found)
        owner = document if shadow is None else shadow
        author = (document_sheets(document) if shadow is None else shadow_root_sheets(shadow)) + adopted_sheets(owner)
        _rules_of(author, viewport, _AUTHOR, name, True, found)
        return found

    return document._memoized(_RULES, (changes[0], configuration_changes[0], name, shadow), collect)  # type: ignore[no-any-return]


def pseudo_element_values(element: Any, name: str, parent: dict[str, str]) -> dict[str, str]:
    """The computed values of the element's ::*name* (one of SUPPORTED), given the element's
    computed values *parent*."""
    document = element._doc
    cascade = cascade_of(document)
    lx = element._lx
    entries = []
    for selector, origin, spec, order, declarations in _candidates(element, name):
        if selector is None or parsed_matcher(document, lx, selector)(lx):
            entries.append((origin, spec, order, declarations))
    cascaded = cascade._cascade(entries, None, None, _other_contexts(cascade, element, name))
    values = compute(cascaded, parent, cascade.root_px, cascade.viewport, False)
    if name == "marker":
        # (Chromium: an outside marker is an inline-block, an inside one inline; blockified
        # as a flex or grid item)
        if values["display"] == "inline" and parent["list-style-position"] != "inside":
            values["display"] = "inline-block"
    elif values["content"] == "normal":
        # https://drafts.csswg.org/css-content-3/#valdef-content-normal: none on ::before and ::after
        values["content"] = "none"
    if "attr(" in values["content"]:
        values["content"] = _attributes_substituted(values["content"], element)
    return values


def _other_contexts(cascade: Any, element: Any, name: str) -> tuple[tuple[int, Any], ...]:
    """The rules of other tree contexts for the element's ::*name*, ranked (scoping.py), once a
    shadow root exists (before, there are none)."""
    if not shadow_state["active"]:
        return ()
    lx = element._lx
    parent, place = flat_parent(element._doc, lx)
    contexts = pseudo_element_contexts(cascade, lx, parent if place == SLOTTED else None, name)
    if name != "marker":
        return contexts
    return tuple((rank, [(origin, spec, order, _marker_declarations(declarations))
                         for origin, spec, order, declarations in group]) for rank, group in contexts)


def _marker_declarations(declarations: dict[str, Any]) -> dict[str, Any]:
    """An author rule's declarations that apply to ::marker
    (https://drafts.csswg.org/css-lists-3/#marker-properties)."""
    return {key: value for key, value in declarations.items() if key in _MARKER_PROPERTIES
            or key.startswith(_MARKER_PREFIXES)}


def _attributes_substituted(value: str, element: Any) -> str:
    """https://drafts.csswg.org/css-values-5/#attr-substitution: each ``attr(<attr-name>)``
    (without type or fallback) of *value* replaced, at computed-value time, by the element's
    attribute value as a string ("" when it has none)."""
    out = []
    tokens: list[Any] = tinycss2.parse_component_value_list(value)
    for token in tokens:
        if token.type == "function" and token.lower_name == "attr":
            arguments = [t for t in token.arguments if t.type not in ("whitespace", "comment")]
            if len(arguments) == 1 and arguments[0].type == "ident":
                out.append(_string(element.getAttribute(arguments[0].value) or ""))
                continue
        out.append(tinycss2.serialize([token]))
    return "".join(out)


def _string(text: str) -> str:
    """https://drafts.csswg.org/cssom/#serialize-a-string"""
    out = []
    for char in text:
        if char == "\0":
            out.append("\ufffd")
        elif "\x01" <= char <= "\x1f" or char == "\x7f":
            out.append(f"\\{ord(char):x} ")
        elif char in ('"', "\\"):
            out.append("\\" + char)
        else:
            out.append(char)
    return '"' + "".join(out) + '"'

