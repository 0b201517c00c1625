"""CSS Scoping for computed style (https://drafts.csswg.org/css-scoping/#shadow-dom): shadow
trees' style sheets, ``:host`` and ``::slotted()``, the cascade between tree contexts, and
inheritance along the flat tree.

- Each shadow tree has a cascade of its own (cascade.py's Cascade over its lxml container),
  made when a style of it is first asked for and kept with the document's: its own sheets
  (``<style>`` and ``<link>`` elements in it) and the user agent's match its elements; the
  document's sheets do not (https://drafts.csswg.org/css-scoping/#shadow-cascading).
- The rules of a shadow tree's sheets whose selector matches the host, featureless there
  (https://drafts.csswg.org/css-scoping/#host-selector), style the host, and those with
  ``::slotted(<compound>)`` the elements assigned, after flattening, to the slots they match
  (https://drafts.csswg.org/css-scoping/#slotted-pseudo).
- Declarations of different tree contexts are ordered after origin and importance: for
  normal ones the outer context wins, for important ones the inner
  (https://drafts.csswg.org/css-cascade-5/#cascade-context).  The contexts that can style one
  element are in shadow-including tree order: its own tree, the shadow trees of the slots it is
  assigned to (each one's inside the previous one's), then its own shadow tree (``:host``).
- Inheritance follows the flat tree (https://drafts.csswg.org/css-scoping/#flat-tree): a shadow
  tree's top-level elements inherit from the host, a slotted element from its slot.  An
  element that is not in the flat tree (a host's child assigned to no slot, a slot's fallback
  content when the slot has assigned nodes) has no box and inherits nothing, as Chromium
  computes it.

- A tree's ``::part(<ident>+)`` rules style the elements of its hosts' shadow trees whose
  ``part`` attribute has every name (https://drafts.csswg.org/css-shadow-parts/#part), and, through
  the ``exportparts`` of hosts inside those trees, the parts they forward under the names they map
  them to (https://drafts.csswg.org/css-shadow-parts/#exportparts-attr).  The host's tree is the
  outer context.
- A tree's sheets are its own, then those it adopted (``adoptedStyleSheets``: adopted_style_sheets.py).

``:host-context()`` is not a selector here: the CSS WG removed it (w3c/csswg-drafts#1914).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from html_infra.infra import HTML_NAMESPACE

from ..lxml_mirror import FRAGMENT_TAG
from ..nodes.identity import node_for
from ..nodes.shadow_host import shadow_root_of
from ..nodes.slots import assigned_nodes, assigned_slot
from ..selectors.engine import matches_shadow_host, parsed_matcher
from ..selectors.parser import Complex, Compound, PseudoElement, TypeSelector
from .cascade import _AUTHOR, Cascade

__all__ = ["IN_FLAT_TREE", "NOT_IN_FLAT_TREE", "SLOTTED", "TOP", "flat_parent", "other_contexts",
           "pseudo_element_contexts", "pseudo_element_is", "tree_cascade"]

_SLOT_TAGS = frozenset(("slot", f"{{{HTML_NAMESPACE}}}slot"))
_SPACE = re.compile("[ \t\n\f\r]")
IN_FLAT_TREE, SLOTTED, NOT_IN_FLAT_TREE, TOP = 0, 1, 2, 3  # flat_parent's answers beside the parent


def flat_parent(document: Any, lx: Any) -> tuple[Any, int]:
    """The lxml element that is *lx*'s parent in the flat tree
    (https://drafts.csswg.org/css-scoping/#flat-tree), with IN_FLAT_TREE (SLOTTED when it is
    the slot *lx* is assigned to); (None, NOT_IN_FLAT_TREE) for a host's child assigned to no
    slot or a slot's fallback content while the slot has assigned nodes; (None, TOP) for the
    top of its tree (the document element, or an element of a tree that is not a shadow tree)."""
    parent = lx.getparent()
    if parent is None:
        return None, TOP
    nodes = document._nodes
    if parent.tag == FRAGMENT_TAG:
        root = nodes.get(parent)
        if getattr(root, "_is_shadow_root", False):
            return root._host._lx, IN_FLAT_TREE  # the shadow root's children: the host's in the flat tree
        return None, TOP
    wrapper = nodes.get(parent)
    if wrapper is not None:
        if shadow_root_of(wrapper) is not None:  # a host's child: in its slot, if any
            slot = assigned_slot(nodes.get(lx) or node_for(lx, document))
            return (None, NOT_IN_FLAT_TREE) if slot is None else (slot._lx, SLOTTED)
        if parent.tag in _SLOT_TAGS and assigned_nodes(wrapper):
            return None, NOT_IN_FLAT_TREE  # fallback content of a slot with assigned nodes
    return parent, IN_FLAT_TREE


def tree_cascade(cascade: Cascade, lx: Any) -> Cascade | None:
    """The cascade of *lx*'s tree: *cascade* (the document's) or that of the shadow tree *lx* is
    in, made the first time; None for an element of another tree (a template's contents)."""
    top = lx.getroottree().getroot()
    if top is cascade.root_lx:
        return cascade
    if top is None or top.tag != FRAGMENT_TAG:
        return None
    found = cascade.scopes.get(top)
    if found is None:
        root = cascade.document._nodes.get(top)
        if not getattr(root, "_is_shadow_root", False):
            return None
        found = _scope(cascade, root)
    return found


def _scope(cascade: Cascade, shadow: Any) -> Cascade:
    """The cascade of the shadow tree of ShadowRoot *shadow*, kept with the document's."""
    found = cascade.scopes.get(shadow._lx)
    if found is None:
        found = cascade.scopes[shadow._lx] = Cascade(cascade.document, shadow)
    return found


def _host_entries(scope: Cascade) -> list[tuple[int, Any, int, dict[str, Any]]]:
    """The entries of the shadow tree's rules that match its host (scope.host_entries, once)."""
    if scope.host_entries is None:
        scope.host_entries = [
            (_AUTHOR, (layer, spec) if layer else spec, order, declarations)
            for selector, spec, order, declarations, layer in scope.scoped
            if selector.pseudo_element is None and matches_shadow_host(scope.document, scope.shadow_lx,
                                                                       selector.compounds[0])]
    return scope.host_entries


def _styles_elements(pseudo: PseudoElement) -> bool:
    """Whether a ``::slotted()`` or ``::part()`` styles the elements it matches: not when a
    pseudo-element follows it (``::part(x)::before`` styles theirs) or a user-action
    pseudo-class (``::part(x):hover``: nothing is hovered here)."""
    return pseudo.then is None and not pseudo.states


def _slot_part(selector: Complex) -> Complex:
    """The selector of the slots a ``...::slotted()`` selector names: its compounds without the
    pseudo-element (any element when nothing else is left)."""
    last = selector.compounds[-1]
    kind = last.type if last.type is not None or last.simples else TypeSelector(None, "*")
    return Complex((*selector.compounds[:-1], Compound(kind, last.simples)), selector.combinators)


def _slotted_entries(scope: Cascade, slot_lx: Any, lx: Any) -> list[tuple[int, Any, int, dict[str, Any]]]:
    """The entries of the shadow tree's ``::slotted()`` rules whose slots include *slot_lx* and
    whose argument *lx*, assigned to it after flattening, matches."""
    candidates = scope.slot_entries.get(slot_lx)
    if candidates is None:
        candidates = scope.slot_entries[slot_lx] = []
        for selector, spec, order, declarations, layer in scope.scoped:
            pseudo = selector.pseudo_element
            if pseudo is not None and pseudo.argument is not None and _styles_elements(pseudo) and parsed_matcher(
                    scope.document, slot_lx, _slot_part(selector))(slot_lx):
                candidates.append((pseudo.argument, (_AUTHOR, (layer, spec) if layer else spec, order, declarations)))
    if not candidates:
        return []
    return [entry for argument, entry in candidates if parsed_matcher(scope.document, lx, argument)(lx)]


def _part_mapping(text: str) -> list[tuple[str, str]]:
    """https://drafts.csswg.org/css-shadow-parts/#parsing-mapping-list: the (inner, outer) name
    pairs of an ``exportparts`` value; an entry that is not one or two names is skipped."""
    pairs = []
    for item in text.split(","):
        inner, colon, outer = (side.strip(" \t\n\f\r") for side in item.partition(":"))
        if inner and (not colon or outer) and not _SPACE.search(inner) and not _SPACE.search(outer):
            pairs.append((inner, outer if colon else inner))
    return pairs


def _part_entries(outer: Cascade, host_lx: Any, names: frozenset[str]) -> list[tuple[int, Any, int, dict[str, Any]]]:
    """The entries of *outer*'s ``::part()`` rules whose names are all in *names* and whose
    selector, without the pseudo-element, matches the host *host_lx* (once per host and names)."""
    key = (host_lx, names)
    found = outer.part_entries.get(key)
    if found is None:
        found = outer.part_entries[key] = [
            (_AUTHOR, (layer, spec) if layer else spec, order, declarations)
            for selector, spec, order, declarations, layer in outer.part_rules
            if names.issuperset(selector.pseudo_element.names)  # type: ignore[union-attr]
            and _styles_elements(selector.pseudo_element)  # type: ignore[arg-type]
            and parsed_matcher(outer.document, host_lx, _slot_part(selector))(host_lx)]
    return found


Entries = list[tuple[int, Any, int, dict[str, Any]]]


def _contexts(cascade: Cascade, lx: Any, slot_lx: Any, slotted: Callable[[Cascade, Any], Entries],
              parts: Callable[[Cascade, Any, frozenset[str]], Entries],
              host: Callable[[Cascade], Entries]) -> tuple[tuple[int, Any], ...]:
    """The entries of the tree contexts other than its own that style *lx* (assigned to the
    slot *slot_lx*, or None), each group with its rank (cascade.py's Cascade.cascaded): the
    entries *slotted* gives for each shadow tree of the slots it is assigned to, after
    flattening (ranks 1, 2...: each one's inside the previous one's); those *parts* gives for
    each tree outside its own shadow tree whose hosts forward its part names (ranks -1 for its
    host's tree, -2 for the one outside that...); those *host* gives for its own shadow tree."""
    document = cascade.document
    nodes = document._nodes
    found: list[tuple[int, Any]] = []
    context = 0
    if slot_lx is not None and lx.tag in _SLOT_TAGS:
        slot_lx = None  # (a slot is flattened away: ::slotted() matches what is assigned to it)
    while slot_lx is not None:  # the slots it is assigned to, after flattening
        context += 1
        scope = tree_cascade(cascade, slot_lx)
        if scope is None or scope.shadow is None:
            break
        entries = slotted(scope, slot_lx)
        if entries:
            found.append((context, entries))
        slot = nodes.get(slot_lx)
        next_slot = assigned_slot(slot) if slot is not None else None
        slot_lx = next_slot._lx if next_slot is not None else None
    part = lx.get("part")
    if part:  # a part of its host: the ::part() rules of the trees outside
        names = frozenset(name for name in _SPACE.split(part) if name)
        outside: list[tuple[int, Any]] = []
        rank, top = 0, lx.getroottree().getroot()
        while names and top is not None and top.tag == FRAGMENT_TAG:
            root = nodes.get(top)
            if not getattr(root, "_is_shadow_root", False):
                break
            host_lx = root._host._lx
            outer = tree_cascade(cascade, host_lx)
            if outer is None:
                break
            rank -= 1
            entries = parts(outer, host_lx, names)
            if entries:
                outside.append((rank, entries))
            exported = host_lx.get("exportparts")  # the names the host forwards to the tree outside
            names = frozenset(out for inner, out in _part_mapping(exported) if inner in names) if exported \
                else frozenset()
            top = host_lx.getroottree().getroot()
        found[:0] = outside
    wrapper = nodes.get(lx)
    shadow = shadow_root_of(wrapper) if wrapper is not None else None
    if shadow is not None:  # its own shadow tree's :host rules
        entries = host(_scope(cascade, shadow))
        if entries:
            found.append((context + 1, entries))
    return tuple(found)


def other_contexts(cascade: Cascade, lx: Any, slot_lx: Any) -> tuple[tuple[int, Any], ...]:
    """The entries of the tree contexts other than its own that style *lx* (assigned to the
    slot *slot_lx*, or None): ``::slotted()``, ``::part()`` and ``:host`` rules (_contexts)."""
    return _contexts(
        cascade, lx, slot_lx,
        lambda scope, slot: _slotted_entries(scope, slot, lx) if scope.scoped else [],
        lambda outer, host_lx, names: _part_entries(outer, host_lx, names) if outer.part_rules else [],
        lambda scope: _host_entries(scope) if scope.scoped else [])


def pseudo_element_contexts(cascade: Cascade, lx: Any, slot_lx: Any, name: str) -> tuple[tuple[int, Any], ...]:
    """The entries of the tree contexts other than its own that style the ``::name`` of *lx*
    (assigned to the slot *slot_lx*, or None), ranked as other_contexts ranks them: the
    ``::slotted(...)::name`` rules of its slots' shadow trees
    (https://drafts.csswg.org/css-scoping/#slotted-pseudo), the ``::part(...)::name`` rules of
    the trees outside (https://drafts.csswg.org/css-shadow-parts/#part) and the ``:host::name``
    rules of its own shadow tree (https://drafts.csswg.org/css-scoping/#host-selector)."""
    document = cascade.document

    def slotted(scope: Cascade, slot_lx: Any) -> Entries:
        return [(_AUTHOR, (layer, spec) if layer else spec, order, declarations)
                for selector, spec, order, declarations, layer in scope.scoped
                if pseudo_element_is(selector.pseudo_element, "slotted", name)
                and parsed_matcher(document, slot_lx, _slot_part(selector))(slot_lx)
                and parsed_matcher(document, lx, selector.pseudo_element.argument)(lx)]  # type: ignore[union-attr,arg-type]

    def parts(outer: Cascade, host_lx: Any, names: frozenset[str]) -> Entries:
        return [(_AUTHOR, (layer, spec) if layer else spec, order, declarations)
                for selector, spec, order, declarations, layer in outer.part_rules
                if pseudo_element_is(selector.pseudo_element, "part", name)
                and names.issuperset(selector.pseudo_element.names)  # type: ignore[union-attr]
                and parsed_matcher(document, host_lx, _slot_part(selector))(host_lx)]

    def host(scope: Cascade) -> Entries:
        return [(_AUTHOR, (layer, spec) if layer else spec, order, declarations)
                for selector, spec, order, declarations, layer in scope.scoped
                if len(selector.compounds) == 1 and pseudo_element_is(selector.pseudo_element, name, None)
                and matches_shadow_host(document, scope.shadow_lx, replace(selector.compounds[0], pseudo_element=None))]

    return _contexts(cascade, lx, slot_lx, slotted, parts, host)


def pseudo_element_is(pseudo: PseudoElement | None, name: str, then: str | None = None) -> bool:
    """Whether *pseudo* is ``::name`` followed by ``::then`` (None: by nothing), with no
    user-action pseudo-class after it."""
    return pseudo is not None and pseudo.name == name and pseudo.then == then and not pseudo.states
