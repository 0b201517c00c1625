"""Scoped styles (https://drafts.csswg.org/css-cascade-6/#scoped-styles): the rules of an
``@scope`` rule (scope_rule.py's CSSScopeRule) match only the elements in scope of their scoping
roots, and the cascade orders them by scope proximity.

- The scoping roots (https://drafts.csswg.org/css-cascade-6/#explicit-scopes) are the elements
  matching ``<scope-start>``; without it, the parent element of the style sheet's owner node
  (``<style>``'s parent), or the root of the tree
  (https://drafts.csswg.org/css-cascade-6/#implicit-scope).
  A nested ``@scope``'s ``<scope-start>`` is scoped by the enclosing one: its roots are in scope
  of the outer roots.
- The scoping limits (https://drafts.csswg.org/css-cascade-6/#scoping-limit) are the elements
  matching ``<scope-end>`` relative to the root (``:scope`` is the root); an element is in
  scope (https://drafts.csswg.org/css-cascade-6/#in-scope) when it is an inclusive descendant
  of the root and not an inclusive descendant of a limit (of its own scope or an enclosing one).
- The selectors of scoped style rules, and ``<scope-end>`` and a nested ``<scope-start>``, are
  made absolute (https://drafts.csswg.org/css-cascade-6/#scope-atrule): one that begins with a
  combinator, or contains neither ``:scope`` nor ``&``, is prefixed with ``:where(:scope)``
  (which adds no specificity); ``&`` is ``:where(:scope)`` too.  The subject must be in scope;
  the selector's other compounds match anywhere.
- Scope proximity (https://drafts.csswg.org/css-cascade-6/#scope-proximity; the weak scoping
  proximity of https://drafts.csswg.org/css-cascade-6/#cascade-proximity-weak), the number of
  generations between the root and the subject (the nearest root's when several match), is
  ordered after specificity and before order of appearance: the entries of scoped rules carry
  ``specificity + (-hops,)``, which sorts after the bare specificity of an unscoped rule (whose
  proximity is infinite) and before a farther scope's; the layer's key comes first as for
  every author rule, so importance (cascade_layers.important_key) reverses layers only.
- In a shadow tree, the implicit root of a ``<style>`` at its top, and a root ``:host`` selects,
  is the host, which its selectors cannot name but as ``:scope``: the root's descendants are
  the tree's elements, and a ``:scope`` rule styles the host with the tree's ``:host`` rules.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import tinycss2
from tinycss2.serializer import serialize_identifier

from ..css.values import split_top_level_commas
from ..lxml_mirror import FRAGMENT_TAG
from ..selectors.engine import matches_shadow_host, matching_in_document, matching_in_scope
from ..selectors.parser import Complex, Compound, InvalidSelector, PseudoClass, parse_selector_list
from .selector_keys import specificity

__all__ = ["ScopedRule", "Scoping", "absolutized", "match_scoped_rules", "valid_selectors"]

# A style rule inside @scope rules as the cascade takes it: the rule, its layer's key, its order
# of appearance, its @scope rules (outermost first) and its style sheet.
ScopedRule = tuple[Any, tuple[int, ...], int, tuple[Any, ...], Any]

_COMBINATORS = frozenset(">+~")
_SCOPE = Compound(None, (PseudoClass("scope"),))
# A shadow tree's host as its sheets' rules name it (https://drafts.csswg.org/css-scoping/#host-selector)
_HOST = Complex((Compound(None, (PseudoClass("host"),)),), ())
_WHERE_SCOPE = ":where(:scope)"


def _text(tokens: list[Any]) -> tuple[str, bool]:
    """The tokens serialized with each ``&`` as ``:where(:scope)``, and whether they name the
    root (``&`` or ``:scope``, at any depth)."""
    out: list[str] = []
    names_root = False
    previous: Any = None
    for token in tokens:
        if token.type == "literal" and token.value == "&":
            out.append(_WHERE_SCOPE)
            names_root = True
        elif token.type == "function":
            inner, found = _text(token.arguments)
            names_root = names_root or found
            out.append(f"{serialize_identifier(token.name)}({inner})")
        else:
            if (token.type == "ident" and token.lower_value == "scope" and previous is not None
                    and previous.type == "literal" and previous.value == ":"):
                names_root = True
            out.append(tinycss2.serialize([token]))
        previous = token
    return "".join(out), names_root


@lru_cache(maxsize=1024)
def absolutized(selectors: str) -> str:
    """https://drafts.csswg.org/css-cascade-6/#scope-atrule: a scoped selector list (a
    <relative-selector-list>) as absolute selectors relative to ``:scope``."""
    parts: list[str] = []
    for part in split_top_level_commas(selectors):
        tokens: list[Any] = [t for t in tinycss2.parse_component_value_list(part) if t.type != "comment"]
        while tokens and tokens[0].type == "whitespace":
            tokens.pop(0)
        if not tokens:
            parts.append("")  # (an empty selector: the list is invalid)
            continue
        text, names_root = _text(tokens)
        text = text.strip()
        leading = bool(tokens) and tokens[0].type == "literal" and tokens[0].value in _COMBINATORS
        parts.append(f"{_WHERE_SCOPE} {text}" if leading or not names_root else text)
    return ", ".join(parts)


class Scoping:
    """One scoping root with its limits (https://drafts.csswg.org/css-cascade-6/#scoping-limit),
    in an enclosing scope's (*parent*) when its @scope is nested."""

    __slots__ = ("root", "limits", "parent")

    def __init__(self, root: Any, limits: set[Any], parent: Scoping | None) -> None:
        self.root = root
        # an element is out of scope below a limit of any enclosing scope too
        self.limits: set[Any] = limits | parent.limits if parent is not None else limits
        self.parent = parent

    def hops(self, lx: Any) -> int | None:
        """The scope proximity of *lx* (https://drafts.csswg.org/css-cascade-6/#cascade-proximity-weak):
        the generations between the root and *lx*; None when *lx* is not in scope."""
        limits = self.limits
        root = self.root
        count = 0
        node = lx
        while node is not root:
            if node in limits:
                return None
            node = node.getparent()
            if node is None:
                return None
            count += 1
        return None if root in limits else count


class _Roots:
    """The scoping roots of the @scope rules of one cascade, each rule's found once."""

    __slots__ = ("cascade", "found", "roots")

    def __init__(self, cascade: Any) -> None:
        self.cascade = cascade
        self.found: dict[tuple[int, ...], list[Scoping]] = {}
        self.roots: dict[tuple[int, ...], dict[Any, list[Scoping]]] = {}

    def by_root(self, chain: tuple[Any, ...], sheet: Any) -> dict[Any, list[Scoping]]:
        """The scopings of :meth:`of` by their roots."""
        key = (id(sheet), *map(id, chain))
        found = self.roots.get(key)
        if found is None:
            found = self.roots[key] = {}
            for scoping in self.of(chain, sheet):
                found.setdefault(scoping.root, []).append(scoping)
        return found

    def of(self, chain: tuple[Any, ...], sheet: Any) -> list[Scoping]:
        key = (id(sheet), *map(id, chain))
        found = self.found.get(key)
        if found is None:
            parents = self.of(chain[:-1], sheet) if len(chain) > 1 else None
            found = self.found[key] = self._scopings(chain[-1], sheet, parents)
        return found

    def _scopings(self, rule: Any, sheet: Any, parents: list[Scoping] | None) -> list[Scoping]:
        cascade = self.cascade
        document, shadow = cascade.document, cascade.shadow_lx
        roots: list[tuple[Any, Scoping | None]] = []
        if rule._start is None:
            # https://drafts.csswg.org/css-cascade-6/#implicit-scope: the owner node's parent
            # element, else the tree's root (a shadow tree's container: every element below it);
            # nested, a root only where it is in scope of the enclosing roots
            owner = getattr(sheet, "_owner_node", None)
            implicit = owner._lx.getparent() if owner is not None and hasattr(owner, "_lx") else None
            if implicit is None:
                implicit = cascade.tree_lx
            roots = [(implicit, None)] if parents is None else [
                (implicit, parent) for parent in parents if parent.hops(implicit) is not None]
        elif parents is None:
            roots = [(lx, None) for lx in matching_in_document(document, rule._start, shadow)]
            if shadow is not None and any(len(complex_.compounds) == 1 and matches_shadow_host(
                    document, shadow, complex_.compounds[0]) for complex_ in parse_selector_list(rule._start)):
                roots.insert(0, (shadow, None))  # the host (:host): its shadow tree in scope
        else:
            text = absolutized(rule._start)
            for parent in parents:
                roots.extend((lx, parent) for lx in _matches(document, text, parent.root, shadow)
                             if parent.hops(lx) is not None)
        out = []
        for root, enclosing in roots:
            limits = set(_matches(document, absolutized(rule._end), root, shadow)) if rule._end is not None else set()
            out.append(Scoping(root, limits, enclosing))
        return out


def _matches(document: Any, text: str, root: Any, shadow: Any) -> list[Any]:
    """The elements of *root*'s subtree that match the absolute selectors *text* with ``:scope``
    meaning *root*.  A shadow tree's container as the root (the implicit root of a ``<style>``
    at the top of a shadow tree, or the host) is no element its selectors can name: there the
    selectors relative to the root match its descendants (``:where(:scope) X``) or, for one
    compound, its children (``:where(:scope) > X``); the others match none of its elements."""
    if root.tag != FRAGMENT_TAG:
        return matching_in_scope(document, text, root, shadow)
    found: list[Any] = []
    for part in split_top_level_commas(text):
        if not part.startswith(f"{_WHERE_SCOPE} "):
            continue
        rest = part[len(_WHERE_SCOPE):].strip()
        if rest[:1] == ">":
            rest = rest[1:].strip()
            if len(parse_selector_list(rest)[0].compounds) == 1:
                found.extend(lx for lx in matching_in_document(document, rest, shadow) if lx.getparent() is root)
        elif rest[:1] not in ("+", "~"):
            found.extend(matching_in_document(document, rest, shadow))
    return list(dict.fromkeys(found)) if len(found) > 1 else found


def match_scoped_rules(cascade: Any, rules: list[ScopedRule], origin: int) -> None:
    """Add to ``cascade.matched`` an entry ``(origin, spec, order, declarations)`` for each
    element in scope that a selector of a scoped style rule of *rules* matches, ``spec`` being
    its layer's key and its specificity followed by minus its scope proximity (one entry object
    per selector and proximity: elements matched alike share them)."""
    document, shadow = cascade.document, cascade.shadow_lx
    roots = _Roots(cascade)
    matched = cascade.matched
    for rule, layer, order, chain, sheet in rules:
        scopings = roots.of(chain, sheet)
        if not scopings:
            continue
        text = absolutized(rule._selector_text)
        complexes: tuple[Complex, ...] = rule._selectors
        texts = split_top_level_commas(text) if len(complexes) > 1 else [text]
        if len(texts) != len(complexes):
            texts, complexes = [text], (max(complexes, key=specificity),)
        for selector, complex_ in zip(texts, complexes, strict=True):
            if complex_.pseudo_element is not None:
                continue  # ::before and its likes style no element
            if len(scopings) > 1 and complex_.combinators == (" ",) and selector.startswith(f"{_WHERE_SCOPE} "):
                nearest = _below_roots(document, selector[len(_WHERE_SCOPE) + 1:], roots.by_root(chain, sheet), shadow)
            else:
                nearest = {}
                for scoping in scopings:
                    for lx in _matches(document, selector, scoping.root, shadow):
                        hops = scoping.hops(lx)
                        if hops is not None and lx.tag != FRAGMENT_TAG and hops < nearest.get(lx, hops + 1):
                            nearest[lx] = hops
            base = specificity(complex_)
            if complex_.compounds == (_SCOPE,) and cascade.shadow is not None and any(
                    scoping.root is shadow and scoping.hops(shadow) == 0 for scoping in scopings):
                # a shadow tree's scoping root that is its host (implicit, or :host): :scope
                # styles the host, as the tree's :host rules do (scoping.py)
                cascade.scoped.append((_HOST, (*base, 0), order, rule._declarations, layer))
            entries: dict[int, tuple[int, Any, int, dict[str, Any]]] = {}
            for lx, hops in nearest.items():
                entry = entries.get(hops)
                if entry is None:
                    spec = (*base, -hops)
                    entry = entries[hops] = (origin, (layer, spec) if layer else spec, order, rule._declarations)
                matched[lx].append(entry)


def _below_roots(document: Any, compound: str, by_root: dict[Any, list[Scoping]], shadow: Any) -> dict[Any, int]:
    """The proximity of each element in scope that ``:where(:scope) <compound>`` matches under
    many roots: the elements *compound* matches in the tree, each with its nearest ancestor that
    is a root in whose scope it is (one query, not one per root, whose subtrees nest)."""
    nearest: dict[Any, int] = {}
    for lx in matching_in_document(document, compound, shadow):
        node = lx.getparent()
        while node is not None and lx not in nearest:
            for scoping in by_root.get(node, ()):
                hops = scoping.hops(lx)
                if hops is not None:
                    nearest[lx] = hops
                    break
            node = node.getparent()
    return nearest


def valid_selectors(text: str, relative: bool) -> bool:
    """Whether *text* is a valid <scope-start> or <scope-end> (made absolute when *relative*):
    a selector list without pseudo-elements."""
    try:
        complexes = parse_selector_list(absolutized(text) if relative else text)
    except (InvalidSelector, RecursionError):
        return False
    return all(complex_.pseudo_element is None for complex_ in complexes)
