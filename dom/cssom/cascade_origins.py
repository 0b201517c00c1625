"""Cascade origins and importance (https://drafts.csswg.org/css-cascade/#cascade-origin), the
order the cascade ranks declarations in, with tree contexts, and the rollback of ``revert`` and
``revert-layer`` (https://drafts.csswg.org/css-cascade-5/#default) over a ranked list
(dom/cssom/cascade.py sorts each element's declarations with cascade_sort)."""

from __future__ import annotations

from typing import Any

from ..css.properties import LOGICAL
from .cascade_layers import important_key

__all__ = ["ORIGINS", "cascade_sort", "in_context", "out_of_context", "reverted"]

# Origin and importance of a declaration, in the order they win: user agent, presentational
# hints, author rules, style attribute, author !important, style attribute !important, user
# agent !important.
ORIGINS = _UA, _HINTS, _AUTHOR, _INLINE, _AUTHOR_IMPORTANT, _INLINE_IMPORTANT, _UA_IMPORTANT = tuple(range(7))

_AUTHOR_ORIGIN = frozenset((_HINTS, _AUTHOR, _INLINE, _AUTHOR_IMPORTANT, _INLINE_IMPORTANT))
# Each rank's origin and importance: UA, author (hints, rules, style attribute), author !important, UA !important
_TIER = (0, 1, 1, 1, 2, 2, 3)
# The rank of an !important declaration of each origin
_IMPORTANT = {_UA: _UA_IMPORTANT, _AUTHOR: _AUTHOR_IMPORTANT, _INLINE: _INLINE_IMPORTANT}


def cascade_sort(groups: Any, contexts: bool) -> dict[str, str]:
    """https://drafts.csswg.org/css-cascade/#cascade-sort: each property's winning value among
    the declarations of the entries (origin, specificity -- (layer, specificity) for layered
    author rules --, order, declarations) of *groups*, (tree context, entries) pairs: by origin
    and importance, tree context (*contexts*: in_context), layer, specificity and order, with
    ``revert`` and ``revert-layer`` rolled back (reverted)."""
    ranked: list[tuple[int, Any, int, str, str, int]] = []
    reverting = False
    for context, group in groups:
        for origin, spec, order, declarations in group:
            for name, declaration in declarations.items():
                rank, key = origin, spec
                if declaration.important:
                    rank = _IMPORTANT.get(origin, origin)
                    if origin == _AUTHOR:  # important declarations: the layers' order reversed
                        key = (important_key(spec[0]), spec[1])
                value = declaration.value
                reverting = reverting or value in ("revert", "revert-layer")
                ranked.append((rank, key, order, name, value, context))
    ranked.sort(key=in_context if contexts else out_of_context)
    if reverting:
        return reverted(ranked)
    # flow-relative properties cascade with their physical ones (horizontal-tb, ltr)
    return {LOGICAL.get(name, name): value for _rank, _spec, _order, name, value, _context in ranked}


def out_of_context(item: tuple[int, Any, int, str, str, int]) -> tuple[int, Any, int]:
    return item[0], item[1], item[2]


def in_context(item: tuple[int, Any, int, str, str, int]) -> tuple[int, int, int, Any, int]:
    """The cascade order with tree contexts (https://drafts.csswg.org/css-cascade-5/#cascade-context):
    after origin and importance, the outer context wins for normal declarations and the inner one
    for important ones (https://drafts.csswg.org/css-scoping/#shadow-cascading); then the rest."""
    tier = _TIER[item[0]]
    return tier, item[5] if tier >= 2 else -item[5], item[0], item[1], item[2]


def reverted(ranked: list[tuple[int, Any, int, str, str, int]]) -> dict[str, str]:
    """The cascaded values of *ranked* (sorted, the winner last) where ``revert`` rolls a
    property back to the declarations of the origins below its own
    (https://drafts.csswg.org/css-cascade-5/#valdef-all-revert: the user agent's for an author
    declaration, none for the user agent's) and ``revert-layer`` to those of the layers below
    its own (https://drafts.csswg.org/css-cascade-5/#valdef-all-revert-layer; the style
    attribute and the hints are their origin's layer of their own)."""
    by_property: dict[str, list[tuple[int, Any, str]]] = {}
    for rank, spec, _order, name, value, _context in ranked:
        by_property.setdefault(LOGICAL.get(name, name), []).append((rank, spec, value))
    out: dict[str, str] = {}
    for name, candidates in by_property.items():
        index = len(candidates) - 1
        while index >= 0:
            rank, spec, value = candidates[index]
            if value == "revert":
                author = rank in _AUTHOR_ORIGIN
                while index >= 0 and (candidates[index][0] in _AUTHOR_ORIGIN) == author:
                    index -= 1
                if not author:
                    break  # the user agent origin reverted: as unset
            elif value == "revert-layer":
                layer = (rank, spec[0] if rank in (_AUTHOR, _AUTHOR_IMPORTANT) else None)
                while index >= 0 and (candidates[index][0], candidates[index][1][0] if candidates[index][0] in (
                        _AUTHOR, _AUTHOR_IMPORTANT) else None) == layer:
                    index -= 1
            else:
                out[name] = value
                break
    return out
