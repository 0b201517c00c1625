"""Invalidation sets of selectors (https://drafts.csswg.org/selectors-4/): the features a
selector reads of other elements than the one it matches -- the ids, classes and attribute
names of its compounds, and whether an element is ``:empty`` (EMPTY: its children), with
the extent of the elements a change of one can affect, given by the combinators to its right
(https://drafts.csswg.org/selectors-4/#combinators): the element itself (its rightmost
compound), its descendants (only descendant and child combinators follow), or its following
siblings and their descendants (a sibling combinator follows, or a feature inside a complex
argument of :is()/:not()), or all its siblings and their descendants (the ``of S`` of
:nth-child(), which counts siblings on either side).  Combinators only lead down and to the
right, so these bound every feature of a selector without :has().  style_invalidation.py and
shadow_invalidation.py bring a cascade up to date with them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from html_infra.infra import ascii_lowercase, split_on_ascii_whitespace

from ..lxml_mirror import attr_name_from_key
from ..selectors.engine import parse
from ..selectors.parser import AttributeSelector, ClassSelector, Complex, Compound, IdSelector, PseudoClass
from ..selectors.xpath import NEVER_MATCHING

__all__ = ["EMPTY", "PARENT", "SELF", "SIBLINGS", "SUBTREE", "Analysis", "analyse", "analysis_of", "changed_features"]

# The extents of a feature's change (see the module docstring), growing
SELF, SUBTREE, SIBLINGS, PARENT = 1, 2, 3, 4
# The feature of :empty (https://drafts.csswg.org/selectors-4/#the-empty-pseudo): a change of an
# element's children or text changes it, as an attribute change changes an attribute's; its
# extent says which other elements then read it (``div:empty ~ p``: the following siblings)
EMPTY = (":", "empty")
_STRUCTURAL = frozenset({"nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type", "first-child",
                         "last-child", "only-child", "first-of-type", "last-of-type", "only-of-type", "empty"})
_LOGICAL = frozenset({"is", "where", "not", "matches"})
# pseudo-classes that read nothing but the element's tag, its href (the links) or its place
_PLAIN = frozenset({"link", "any-link", "heading", "root", "scope"}) | NEVER_MATCHING


class Analysis(NamedTuple):
    features: dict[tuple[str, str], int]  # index key -> the extent of its change
    structural: int  # 0: none, 1: its children's matches follow a parent's children, 2: their subtrees'
    states: frozenset[str]  # its element-state pseudo-classes
    unbounded: bool  # :has()


@lru_cache(maxsize=4096)
def analysis_of(text: str, fold: bool) -> Analysis | None:
    """The invalidation set of the selector *text* (ids and classes folded to lowercase with
    *fold*: quirks mode); None when it does not parse as one complex selector."""
    try:
        complexes = parse(text)
    except Exception:  # noqa: BLE001 (the cascade took it from a parsed rule: another parse gives the same)
        return None
    if len(complexes) != 1:
        return None
    return analyse(complexes[0], fold)


def analyse(selector: Complex, fold: bool) -> Analysis:
    """The invalidation set of the parsed complex *selector* (see _analysis)."""
    features: dict[tuple[str, str], int] = {}
    flags = {"structural": 0, "unbounded": False}
    states: set[str] = set()

    def note(key: tuple[str, str], extent: int) -> None:
        if fold and key[0] in ".#":
            key = (key[0], ascii_lowercase(key[1]))
        if features.get(key, 0) < extent:
            features[key] = extent

    def complex_(selector: Complex, extent: int, nested: bool) -> None:
        count = len(selector.compounds)
        for position, compound in enumerate(selector.compounds):
            following = selector.combinators[position:]
            if position == count - 1:
                own = extent
            else:
                own = max(extent, SUBTREE if all(c in (" ", ">") for c in following) else SIBLINGS)
            compound_(compound, own, nested or position < count - 1)
        for position, combinator in enumerate(selector.combinators):
            if combinator not in (" ", ">"):
                last = position == count - 2 and not nested
                flags["structural"] = max(int(flags["structural"]), 1 if last else 2)

    def compound_(compound: Compound, extent: int, nested: bool) -> None:
        for simple in compound.simples:
            if isinstance(simple, IdSelector):
                note(("#", simple.name), extent)
            elif isinstance(simple, ClassSelector):
                note((".", simple.name), extent)
            elif isinstance(simple, AttributeSelector):
                note(("@", ascii_lowercase(simple.name)), extent)
            elif isinstance(simple, PseudoClass):
                name = simple.name
                if name in _LOGICAL:
                    for inner in simple.argument or ():
                        complex_(inner, extent, nested or len(inner.compounds) > 1)
                elif name in _STRUCTURAL:
                    flags["structural"] = max(int(flags["structural"]), 2 if nested or extent > SELF else 1)
                    if name == "empty":  # (it reads the element's own children: see EMPTY)
                        note(EMPTY, extent)
                    argument = simple.argument
                    if isinstance(argument, tuple) and len(argument) == 3 and argument[2]:
                        for inner in argument[2]:  # of S: the siblings on either side count
                            complex_(inner, PARENT, True)
                elif name in ("link", "any-link"):
                    note(("@", "href"), extent)
                elif name == "has":
                    flags["unbounded"] = True
                elif name not in _PLAIN:
                    states.add(name)

    complex_(selector, SELF, False)
    return Analysis(features, int(flags["structural"]), frozenset(states), bool(flags["unbounded"]))



def changed_features(lx: Any, attributes: dict[str, str | None], fold: bool) -> list[tuple[str, str]]:
    """The index keys that the changes of *lx*'s attributes (their keys and values before) add
    or remove."""
    found: list[tuple[str, str]] = []
    for key, old in attributes.items():
        _namespace, _prefix, local = attr_name_from_key(key)
        new = lx.get(key)
        found.append(("@", ascii_lowercase(local)))
        if key == "class":
            before = set(split_on_ascii_whitespace(old or ""))
            after = set(split_on_ascii_whitespace(new or ""))
            found.extend((".", ascii_lowercase(name) if fold else name) for name in before ^ after)
        elif key == "id":
            found.extend(("#", ascii_lowercase(name) if fold else name) for name in (old, new) if name)
    return found
