"""Selectors of one compound of a type and attribute selectors (``input[type=radio i]``,
``input:not([type=range i], [type=checkbox i])``: a third of the user agent sheet's, about form
controls and lists), matched by the cascade (cascade.py) against the few elements of their
type or attribute without a query: whether such a selector matches an element follows from the
element's name and the values of the attributes it names alone
(https://drafts.csswg.org/selectors-4/#type-selectors, #attribute-selectors, #matches, #negation;
the HTML Standard's case rules, https://html.spec.whatwg.org/#selectors, follow from the
element's name and the document too), so each verdict is remembered by those, for every document
(pages repeat a few such inputs, and the sheet is the same).  A verdict not known yet is the
selector engine's (engine.element_matcher).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from html_infra.infra import ascii_lowercase

from ..selectors.engine import element_matcher
from ..selectors.parser import AttributeSelector, Compound, InvalidSelector, PseudoClass, parse_selector_list
from ..selectors.xpath import lossy
from .selector_keys import AnalysedSelector, with_tags

__all__ = ["by_verdicts", "verdict_names"]

# An attribute or type name lxml stores as it is (not escaped: dom/lxml_mirror.py)
_PLAIN_NAME = re.compile(r"[a-z_][a-z0-9_.-]*")
# At most this many candidates are tested one by one (more: one query over them is cheaper)
FEW = 32
# The verdicts: (selector text, quirks, lxml tag, the attributes it names) -> whether it matches
_VERDICTS: dict[tuple[Any, ...], bool] = {}
_VERDICTS_LIMIT = 16384


def _names(compound: Compound, names: set[str]) -> bool:
    """Add to *names* the attribute names *compound* reads; False when it reads anything else
    (ids, classes, other pseudo-classes, namespaces, names lxml does not store as they are)."""
    if compound.pseudo_element is not None or (compound.type is not None and (compound.type.namespace is not None or (
            compound.type.name != "*" and not _PLAIN_NAME.fullmatch(ascii_lowercase(compound.type.name))))):
        return False
    for simple in compound.simples:
        if isinstance(simple, AttributeSelector):
            name = ascii_lowercase(simple.name)
            if simple.namespace is not None or not _PLAIN_NAME.fullmatch(name) or lossy(simple.value):
                return False
            names.add(name)
        elif isinstance(simple, PseudoClass) and simple.name in ("is", "where", "not") and simple.argument:
            if not all(len(inner.compounds) == 1 and _names(inner.compounds[0], names) for inner in simple.argument):
                return False
        else:
            return False
    return True


@lru_cache(maxsize=2048)
def verdict_names(text: str) -> tuple[str | None, frozenset[str]] | None:
    """For a selector of one compound whose match follows from an element's name and the
    attribute names it reads: (its type's name or None, those attribute names, lowercase); None
    for any other selector."""
    try:
        parsed = parse_selector_list(text)
    except (InvalidSelector, RecursionError):
        return None
    if len(parsed) != 1 or len(parsed[0].compounds) != 1:
        return None
    names: set[str] = set()
    compound = parsed[0].compounds[0]
    if not _names(compound, names) or not names:
        return None
    tag = ascii_lowercase(compound.type.name) if compound.type is not None and compound.type.name != "*" else None
    return tag, frozenset(names)


def by_verdicts(cascade: Any, selector: AnalysedSelector) -> list[Any] | None:
    """The matches of *selector*, when verdict_names knows it, among the elements the index of
    *cascade* lists for one of its type or attribute names, when they are few, in tree order;
    None when it cannot tell (then the cascade's other ways do).  Only in an HTML document's
    tree of HTML elements alone, where an element's lxml tag is its local name (the caller
    checks no_namespaced_element once for its selectors)."""
    named = verdict_names(selector.text)
    # (not where the lxml mirror holds attribute values lossily: values it holds alike may differ)
    if named is None or not cascade.html_document or cascade.shadow is not None or cascade.document._lossy_attributes:
        return None
    present = cascade.present
    tag, names = named
    candidates = None
    for choice in selector.keys[-1]:
        if len(choice) == 1 and choice[0][0] in ("", "@"):
            listed = present.get(choice[0])
            if listed is not None and (candidates is None or len(listed) < len(candidates)):
                candidates = listed
    if candidates is None or len(candidates) > FEW * 4:
        return None
    if tag is not None and candidates and candidates is not present.get(("", tag)):
        candidates = with_tags(candidates, {tag})  # (the type alone rules most out: ``li[type=a s]``)
    if len(candidates) > FEW:
        return None
    quirks = cascade.quirks
    found = []
    test = None
    for lx in candidates:
        key = (selector.text, quirks, lx.tag, tuple(item for item in lx.items() if item[0].lower() in names))
        verdict = _VERDICTS.get(key)
        if verdict is None:
            if test is None:
                test = element_matcher(cascade.document, selector.text)
            verdict = bool(test(lx))
            if len(_VERDICTS) >= _VERDICTS_LIMIT:
                _VERDICTS.clear()
            _VERDICTS[key] = verdict
        if verdict:
            found.append(lx)
    return found
