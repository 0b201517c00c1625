"""The user agent style sheet's rules whose selector is a type selector alone (``div``, ``td``:
a fifth of its selectors and most of its matches), kept out of the cascade's per-element lists
(cascade.py): which of them match an element follows from its local name alone
(https://drafts.csswg.org/selectors-4/#type-selectors; the sheet's type selectors match in any
namespace here, as its other selectors do), so each name has one tuple of their entries, shared
by every element of that name, as browsers' rule sets bucket rules by tag."""

from __future__ import annotations

import re
from typing import Any

from .cascade_origins import ORIGINS
from .selector_keys import AnalysedSelector

__all__ = ["Entry", "by_type"]

Entry = tuple[int, Any, int, dict[str, Any]]  # (origin, specificity, order, declarations): Cascade.matched's
_UA = ORIGINS[0]
# A type selector's text that names an element as lxml stores it (lowercase, no namespace prefix)
_BARE_TYPE = re.compile(r"[a-z][a-z0-9_.-]*")


def _type_alone(selector: AnalysedSelector) -> str | None:
    """The local name a selector of a type selector alone names (its text is that name), else None."""
    keys = selector.keys
    if len(keys) != 1 or len(keys[0]) != 1 or len(keys[0][0]) != 1 or selector.langs:
        return None
    kind, name = keys[0][0][0]
    text = selector.text.strip(" \t\n\r\f")
    return name if kind == "" and text == name and _BARE_TYPE.fullmatch(name) else None


def by_type(selectors: tuple[AnalysedSelector, ...]) -> tuple[tuple[AnalysedSelector, ...],
                                                         dict[str, tuple[Entry, ...]]]:
    """The user agent *selectors* (no layers) but those of a type selector alone, and for each
    local name the entries of those that match it, in the sheet's order (the entries
    Cascade.entry would make)."""
    others: list[AnalysedSelector] = []
    by_name: dict[str, list[Entry]] = {}
    for selector in selectors:
        name = _type_alone(selector)
        if name is None:
            others.append(selector)
        else:
            by_name.setdefault(name, []).append((_UA, selector.specificity, selector.order, selector.declarations))
    return tuple(others), {name: tuple(entries) for name, entries in by_name.items()}
