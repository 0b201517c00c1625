"""The styles innerText reads along the flat tree (https://drafts.csswg.org/css-scoping/#flat-tree)
of a shadow host's rendered content, by the model of inner_text_style.computed_style: the user
agent sheet's tables, each element's own tree's author declarations and its style attribute,
with the declarations of the other tree contexts that style it (``:host``, ``::slotted()``,
``::part()``: dom/cssom/scoping.py) ordered as
https://drafts.csswg.org/css-cascade-5/#cascade-context orders them (after origin and
importance, the outer context wins for normal declarations, the inner one for important ones).

This spares a host's text the computed values of the document (dom/cssom/computed_style.py),
whose first use matches the user agent sheet over the whole document.  What the model does not
say as computed values would (``revert``, values with functions such as ``var()``,
presentational hints in a shadow tree, an element outside the document's tree) raises
:class:`Unmodelled`: the caller then takes computed values.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from html_infra.infra import HTML_NAMESPACE

from ..cssom.cascade import _AUTHOR, RENDERING, cascade_of
from ..cssom.cascade_layers import important_key
from ..cssom.presentational_hints import ALIGN_HINTED
from ..cssom.scoping import NOT_IN_FLAT_TREE, SLOTTED, TOP, flat_parent, other_contexts, tree_cascade
from ..nodes.identity import node_for
from .inner_text_style import ROOT_STYLE, Style, author_map, computed_style, inline_declarations

__all__ = ["FlatStyles", "Unmodelled"]

_REVERTING = frozenset(("revert", "revert-layer"))
# a style attribute declaration of what innerText reads that inline_declarations may leave out
# (revert, var() and other functions)
_READ_NAMES = "|".join(sorted(RENDERING))
_UNMODELLED_TEXT = re.compile(rf"(?:^|[;\s])(?:{_READ_NAMES})\s*:[^;]*(?:revert|\()", re.IGNORECASE)
Declarations = dict[str, tuple[str, bool]]


class Unmodelled(Exception):
    """The element's style needs what only its computed values say."""


class FlatStyles:
    """The styles of the elements of one walk over a host's rendered content, along the flat
    tree: :meth:`style_of` (what its computed values would give) and :meth:`rendered` (its
    style when it and its flat tree ancestors have boxes, else None).  *rendered_children* and
    *is_table_part* are inner_text.py's (which children of an element can have boxes; whether
    an element is an HTML table part)."""

    __slots__ = ("document", "cascade", "author", "known", "shown", "rendered_children", "is_table_part", "resolved")

    def __init__(self, document: Any, rendered_children: Callable[[Any, Style], list[Any]],
                 is_table_part: Callable[[Any], bool]) -> None:
        self.document = document
        self.cascade = cascade_of(document)
        self.author = author_map(document)
        self.known: dict[Any, Style] = {}  # lxml element -> its style (the caller may seed it)
        self.shown: dict[Any, Style] = {}  # lxml element -> its style, known to have a box
        self.rendered_children = rendered_children
        self.is_table_part = is_table_part
        self.resolved: dict[tuple[int, ...], Declarations] = {}  # the entries' ids -> their declarations

    def style_of(self, element: Any) -> Style:
        """The element's style, its flat tree ancestors' found first (from the nearest known one)."""
        chain: list[tuple[Any, Any]] = []  # (lxml element, the slot it is assigned to), leaf first
        lx = element._lx
        parent = None
        while True:
            known = self.known.get(lx)
            if known is not None:
                parent = known
                break
            up, status = flat_parent(self.document, lx)
            chain.append((lx, up if status == SLOTTED else None))
            if status == TOP:
                if lx is not self.cascade.root_lx:
                    raise Unmodelled("not in the document's tree")
                parent = ROOT_STYLE
                break
            if status == NOT_IN_FLAT_TREE:
                parent = ROOT_STYLE  # no box: it inherits nothing (initial values)
                break
            lx = up
        for lx, slot_lx in reversed(chain):
            parent = self.known[lx] = self._own(lx, slot_lx, parent)
        return parent

    def rendered(self, element: Any) -> Style | None:
        """The element's style when it and its flat tree ancestors up to one known to have a
        box (or the document element) have boxes or are ``display: contents``, and each is
        among its parent's children that can have boxes; else None."""
        document = self.document
        nodes = document._nodes
        chain = [element]
        node = element
        style = None
        while True:
            style = self.shown.get(node._lx)
            if style is not None:
                chain.pop()
                break
            up, status = flat_parent(document, node._lx)
            if status == NOT_IN_FLAT_TREE:
                return None
            if up is None:
                if node._lx is not self.cascade.root_lx:
                    return None
                break
            node = nodes.get(up) or node_for(up, document)
            chain.append(node)
        parent_node: Any = node if style is not None else None
        for node in reversed(chain):
            if parent_node is not None and style is not None and node.parentNode is parent_node and not any(
                    c is node for c in self.rendered_children(parent_node, style)):
                return None
            if style is not None and style.children == "none":
                return None
            style = self.style_of(node)
            if style.display == "none":
                return None
            self.shown[node._lx] = style
            parent_node = node
        return style

    def _own(self, lx: Any, slot_lx: Any, parent: Style) -> Style:
        """The style of the lxml element *lx* (assigned to the slot *slot_lx*, or None) whose
        flat tree parent's style is *parent*."""
        document = self.document
        wrapper: Any = document._nodes.get(lx) or node_for(lx, document)
        scope = tree_cascade(self.cascade, lx)
        if scope is None:
            raise Unmodelled("an element of no tree with a cascade")
        if scope is self.cascade:
            own = self.author.get(lx)
        else:
            if lx.tag in ALIGN_HINTED and lx.get("align") is not None:
                raise Unmodelled("a presentational hint in a shadow tree")
            own = self._declarations(scope.matched.get(lx, ()))
        has: Callable[[str], bool] = lx.attrib.__contains__
        style = wrapper.getAttribute("style") if "style" in lx.attrib else None
        if style is not None and _UNMODELLED_TEXT.search(style):
            raise Unmodelled("revert or a function in a style attribute")
        extra = other_contexts(self.cascade, lx, slot_lx)
        if extra:
            # the style attribute is of the element's own context: cascaded here with the others
            inline = inline_declarations(style) if style else None
            own = self._across_contexts(own, extra, inline)
            has = _without_style(has)
        if own and any(name in RENDERING and (value in _REVERTING or "(" in value)
                       for name, (value, _important) in own.items()):
            raise Unmodelled("revert or a function")
        local = wrapper._name.local if wrapper._name.namespace == HTML_NAMESPACE else None
        return computed_style(local, has, wrapper.getAttribute, lambda: self.is_table_part(wrapper.parentNode),
                              parent, own)

    def _declarations(self, entries: Any) -> Declarations:
        """The author declarations of one tree context's *entries* (Cascade.matched's form) that
        innerText reads: property -> (value, important), each the winner of its context."""
        key = tuple(map(id, entries))  # (the entries are the cascades' own tuples: their ids stay theirs)
        found = self.resolved.get(key)
        if found is None:
            ranked = sorted(
                ((1 if d.important else 0, (important_key(spec[0]), spec[1]) if d.important else spec, order,
                  name, d.value, d.important)
                 for origin, spec, order, declarations in entries if origin == _AUTHOR
                 for name, d in declarations.items() if name in RENDERING),
                key=lambda item: item[:3])
            found = self.resolved[key] = {name: (value, important)
                                                  for _i, _s, _o, name, value, important in ranked}
        return found

    def _across_contexts(self, own: Declarations | None, extra: tuple[tuple[int, Any], ...],
                         inline: Declarations | None) -> Declarations:
        """*own* (the element's own tree's rules, context 0) and *inline* (its style attribute's,
        context 0 too) with the declarations of the other contexts *extra* ((rank, entries):
        inner ones positive), each property's winner by importance, then context (the outer for
        normal declarations, the inner for important ones), then the style attribute over rules
        (cascade.py's Cascade.cascaded orders them so)."""
        best: dict[str, tuple[tuple[int, int, int], str, bool]] = {}
        groups = [(0, 0, own or {}), (0, 1, inline or {})]
        groups += [(context, 0, self._declarations(entries)) for context, entries in extra]
        for context, attribute, declarations in groups:
            for name, (value, important) in declarations.items():
                key = (2, context, attribute) if important else (1, -context, attribute)
                if name not in best or best[name][0] < key:
                    best[name] = (key, value, important)
        return {name: (value, important) for name, (_key, value, important) in best.items()}


def _without_style(has: Callable[[str], bool]) -> Callable[[str], bool]:
    """*has*, without the style attribute (its declarations are cascaded already)."""
    return lambda name: name != "style" and has(name)

