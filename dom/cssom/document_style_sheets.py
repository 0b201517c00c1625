"""A document's style sheets (https://drafts.csswg.org/cssom/#documentorshadowroot-document-or-shadow-root-css-style-sheets):
the sheets of its ``<style>`` elements (https://html.spec.whatwg.org/#update-a-style-block) and
of its ``<link rel=stylesheet>`` elements, whose text comes only from a loader the user gives
(:func:`set_style_sheet_loader`; without one a link has no sheet: webdom never fetches), and the
viewport media queries are evaluated for (:func:`set_viewport`).

A style element's sheet is made when it is first asked for and kept while the element's child
text, ``media``, ``type`` and ``title`` stay the same (changes made through the CSSOM stay on
it); it is made again, as the HTML Standard's "update a style block" would, when they change.

What is kept lives on the node it is about (the element, the document, the shadow root), never in
a module-level map keyed by it: a sheet refers to its owner node, which holds its document, so
a weak map keyed by the node would keep every document that ever had a sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase

from .. import registry
from ..css.media_queries import Viewport
from ..memo import MemoKey
from ..nodes.identity import node_for
from .parsed_sheet_owners import parsed_sheet_owners
from .style_sheets import CSSStyleSheet, StyleSheetList

__all__ = ["document_sheets", "set_author_style_sheets", "set_style_sheet_loader", "set_viewport", "sheet_of",
           "viewport_of"]

# The document's style sheets (about the style configuration: sheets given, the viewport).
STYLE_SHEETS = MemoKey("style sheets")

Loader = Callable[[str], "str | None"]


class _Environment:
    """What a document's styles depend on beyond the document: the viewport, the loader."""

    __slots__ = ("viewport", "loader", "loaders", "author_sheets")

    def __init__(self) -> None:
        self.viewport = Viewport()
        self.loader: Loader | None = None
        self.loaders = 0  # how many times a loader was set: a link's sheet is loaded again after each
        self.author_sheets = True


# The element's (the inputs its sheet was made from, the sheet), kept by the element.
_SHEET_STATE = "(sheet)"
# Every configuration change adds one (computed styles depend on it).
configuration_changes = [0]
# Called with the document after its viewport changed (media_query_list.py reports the changes).
on_viewport_change: list[Callable[[Any], None]] = []


def _environment(document: Any) -> _Environment:
    environment: _Environment = document._same_object("(style environment)", _Environment)
    return environment


def set_viewport(document: Any, **fields: Any) -> Viewport:
    """Set what media queries are evaluated against for *document*: ``width``, ``height``
    (CSS px), ``resolution`` (dppx), ``media_type``, ``prefers_color_scheme``... (see
    :class:`~dom.css.media_queries.Viewport`); returns the new viewport.  Unknown fields raise
    TypeError."""
    environment = _environment(document)
    environment.viewport = replace(environment.viewport, **fields)
    configuration_changes[0] += 1
    for notify in on_viewport_change:
        notify(document)
    return environment.viewport


def viewport_of(document: Any) -> Viewport:
    return _environment(document).viewport


def set_style_sheet_loader(document: Any, loader: Loader | None) -> None:
    """Give *document* a loader for ``<link rel=stylesheet>``: called with the link's absolute
    URL, it returns the sheet's text, or None when there is none (as a failed fetch).  None
    removes it.  Nothing is ever fetched without one."""
    environment = _environment(document)
    environment.loader = loader
    environment.loaders += 1
    configuration_changes[0] += 1


def set_author_style_sheets(document: Any, enabled: bool) -> None:
    """Apply the document's own style sheets (``<style>``, and ``<link>`` through the loader)
    or not: disabled, the document renders as under a Content-Security-Policy of
    ``style-src-elem 'none'`` (its elements have no sheets; style attributes still apply)."""
    _environment(document).author_sheets = bool(enabled)
    configuration_changes[0] += 1


def sheet_of(element: Any) -> CSSStyleSheet | None:
    """https://drafts.csswg.org/cssom/#dom-linkstyle-sheet: the sheet of a connected style
    element whose type is CSS (https://html.spec.whatwg.org/#update-a-style-block), or of a
    link to a style sheet that the document's loader returned text for."""
    document = element._doc
    # connected: in the document or in a shadow tree of it (whose root lists the sheet)
    if not element.isConnected or not _environment(document).author_sheets:
        return None
    local = element._name.local
    media = element.getAttribute("media") or ""
    title = element.getAttribute("title")
    if local == "style":
        style_type = element.getAttribute("type")
        if style_type is not None and style_type != "" and ascii_lowercase(style_type) != "text/css":
            return None  # update a style block, step 4
        inputs: tuple[Any, ...] = ("style", element.textContent or "", media, title)
        href = None
    else:
        rel = ascii_lowercase(element.getAttribute("rel") or "").split()
        environment = _environment(document)
        loader = environment.loader
        raw = element.getAttribute("href")
        if "stylesheet" not in rel or "alternate" in rel or loader is None or not raw:
            return None
        href = element.href
        inputs = ("link", href, media, title, environment, environment.loaders)  # (the document's loader, as set last)
    known: list[Any] = element._same_object(_SHEET_STATE, list)
    if known and known[0] == inputs:
        sheet: CSSStyleSheet | None = known[1]
        return sheet
    if local == "style":
        text: str | None = inputs[1]
    else:
        try:
            text = loader(href) if loader is not None and href else None
        except Exception:  # noqa: BLE001 -- a failing loader is a failed fetch: no sheet
            text = None
    sheet = None if text is None else CSSStyleSheet._parse(text, element, href, title, media)
    known[:] = (inputs, sheet)
    return sheet


def _owners(document: Any) -> list[Any]:
    """The document's HTML elements that can have a sheet in tree order: style elements, and
    link elements when the document has a loader (without one a link has none, see sheet_of,
    so pages with many links make no wrappers for them)."""
    root = document.documentElement
    if root is None:
        return []
    names = ("style", "link") if _environment(document).loader is not None else ("style",)
    found = []
    for element in root.getElementsByTagName("*") if not document._is_html else _html_owners(document, root, names):
        if element._name.namespace == HTML_NAMESPACE and element._name.local in names:
            found.append(element)
    return found


def _html_owners(document: Any, root: Any, names: tuple[str, ...]) -> list[Any]:
    parsed = parsed_sheet_owners(document)
    if parsed is not None:  # the tree is as the parser made it
        return [node_for(lx, document) for lx in parsed if lx.tag in names]
    return [node_for(lx, document) for lx in root._lx.iter(*names)]


def document_sheets(document: Any) -> list[CSSStyleSheet]:
    """https://drafts.csswg.org/cssom/#document-or-shadow-root-css-style-sheets, in tree order."""
    sheets = []
    for element in _owners(document):
        sheet = sheet_of(element)
        if sheet is not None:
            sheets.append(sheet)
    return sheets


def style_sheets(document: Any) -> StyleSheetList:
    """https://drafts.csswg.org/cssom/#dom-documentorshadowroot-stylesheets ([SameObject], live)"""
    def sheets() -> list[CSSStyleSheet]:
        found: list[CSSStyleSheet] = document._memoized(STYLE_SHEETS, configuration_changes[0],
                                                        lambda: document_sheets(document))
        return found

    sheet_list: StyleSheetList = document._same_object("styleSheets", lambda: StyleSheetList._new(sheets))
    return sheet_list


def shadow_root_sheets(root: Any) -> list[CSSStyleSheet]:
    """https://drafts.csswg.org/cssom/#document-or-shadow-root-css-style-sheets of a shadow root:
    the sheets of the HTML style and link elements in its tree, in tree order (none while it
    is not connected, as those elements then have no sheet)."""
    sheets = []
    for element in root.querySelectorAll("style, link"):
        if element._name.namespace == HTML_NAMESPACE:
            sheet = sheet_of(element)
            if sheet is not None:
                sheets.append(sheet)
    return sheets


def shadow_root_style_sheets(root: Any) -> StyleSheetList:
    """https://drafts.csswg.org/cssom/#dom-documentorshadowroot-stylesheets for a shadow root
    ([SameObject], live)"""
    sheet_list: StyleSheetList = root._same_object("styleSheets",
                                                   lambda: StyleSheetList._new(lambda: shadow_root_sheets(root)))
    return sheet_list


def has_style_sheet_owners(document: Any) -> bool:
    """Whether the document has an element that can have a sheet (see _owners)."""
    root = document.documentElement
    if root is None:
        return False
    return bool(_owners(document))


registry.style_sheets = style_sheets
registry.shadow_root_style_sheets = shadow_root_style_sheets
