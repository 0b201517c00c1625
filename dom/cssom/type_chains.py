"""Selectors of types alone joined by descendant combinators (``:is(ul, ol) ul``, the user agent
sheet's nested lists: AnalysedSelector.tag_chain), matched by the cascade (cascade.py) from
their elements' nearest ancestors of each compound's types
(https://drafts.csswg.org/selectors-4/#descendant-combinators), not by a query over the tree:
in C when the extension is built (dom/cssom/type_chain_speedups.c).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..nodes.speedups import extension
from ..selectors.engine import no_namespaced_element

__all__ = ["PLAIN_TAG", "all_plain_tags", "list_tags", "type_chain_matches"]

# A tag lxml's iter() takes as a plain name (no namespace braces, no wildcard)
PLAIN_TAG = re.compile(r"[a-z_][a-z0-9_.-]*")


@lru_cache(maxsize=256)
def all_plain_tags(tags: frozenset[str]) -> bool:
    """Whether lxml's iter() takes every tag of *tags* as a plain name."""
    return all(PLAIN_TAG.fullmatch(tag) for tag in tags)


# The walks up from each element in C (dom/cssom/type_chain_speedups.c), None without it.
_WITH_NAMED_ANCESTORS: Any = getattr(extension, "with_named_ancestors", None)


def type_chain_matches(cascade: Any, chain: tuple[tuple[str, ...], ...],
                       unrelated: list[tuple[set[str], set[str]]]) -> list[Any] | None:
    """The matches of a selector of types joined by descendant combinators (AnalysedSelector.tag_chain):
    the elements of the last compound's names, each with an ancestor of the compound
    before's names, that one with an ancestor of the names before ... (the nearest such
    ancestor will do: it has every ancestor a farther one has); None when an element's
    name does not say its type (not an HTML document, names lxml's iter() does not take).
    *unrelated*: pairs of sets of names no element of the first has an element of the
    second below it, found by the chains of two compounds that matched nothing before in
    this pass over a sheet (a chain with two such compounds in a row matches nothing)."""
    if not all(PLAIN_TAG.fullmatch(name) for names in chain for name in names):
        return None
    namespaced = not no_namespaced_element(cascade.document, cascade.tree_lx)
    # (in an HTML document a plain tag is an HTML element's local name; a type selector
    # without a namespace matches a foreign element of that local name too)
    ancestors = [tuple(f"{{*}}{name}" for name in names) if namespaced else names for names in chain[:-1]]
    if namespaced:
        candidates: Any = cascade.tree_lx.iter(*(f"{{*}}{name}" for name in chain[-1]))
    else:
        # (the names no element has left out: lxml's walks test fewer)
        list_tags(cascade, {name for names in chain for name in names})
        chain = tuple(tuple(name for name in names if cascade._elements("", name)) for names in chain)
        if not all(chain):
            return []
        if any(set(names) <= above and set(below_names) <= below for above, below in unrelated
               for names, below_names in zip(chain, chain[1:])):
            return []  # (``ol ul`` after ``:is(ol, ul) :is(ol, ul)`` found none)
        ancestors = list(chain[:-1])
        candidates = [lx for name in chain[-1] for lx in cascade._elements("", name)]
        walked: list[Any] | None = (_WITH_NAMED_ANCESTORS(candidates, tuple(ancestors))
                                    if _WITH_NAMED_ANCESTORS is not None else None)
        if walked is not None:  # (the walks up from every candidate cost little in C: no test first)
            if not walked and len(chain) == 2:
                unrelated.append((set(chain[0]), set(chain[1])))
            return walked
        if set(chain[0]) <= set(chain[1]) and not any(next(lx.iterdescendants(*chain[1]), None) is not None
                                                      for name in chain[0] for lx in cascade._elements("", name)):
            # (nested lists, on a page that has none: no element of the first names holds
            # one of the second's -- each such subtree then holds none of the first names
            # either, so they are walked once -- and the walks up from every candidate,
            # which reach the root, are spared)
            unrelated.append((set(chain[0]), set(chain[1])))
            return []
    found: list[Any] = []
    for lx in candidates:
        node = lx
        for names in reversed(ancestors):
            node = next(node.iterancestors(*names), None)
            if node is None:
                break
        else:
            found.append(lx)
    if not found and len(chain) == 2 and not namespaced:
        unrelated.append((set(chain[0]), set(chain[1])))
    return found


def list_tags(cascade: Any, names: Any) -> None:
    """List in the index of *cascade* the deferred tags among *names* in one walk (the index
    would walk the tree once for each: ``:heading``, ``:is(dir, dl, menu, ol, ul)``)."""
    wanted = [name for name in names if name in cascade.deferred]
    if len(wanted) > 1:
        lists: dict[str, list[Any]] = {name: [] for name in wanted}
        for lx in cascade.tree_lx.iter(*wanted):
            lists[lx.tag].append(lx)
        for name in wanted:
            cascade.deferred.discard(name)
            cascade.present["", name] = lists[name]
