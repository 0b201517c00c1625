"""The user agent origin's part of every document's cascade (cascade.py), shared between
documents: one entry per user agent rule in the cascade's per-element lists, and the cascaded
values (https://drafts.csswg.org/css-cascade/#cascaded) of the elements those rules alone match.
Pages of one site, or one page parsed again, then cascade each such element once: an element's
cascaded values follow from its entries, its presentational hints and its style attribute, in
its document's mode (the style attribute's parse)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cascade_origins import ORIGINS
from .selector_keys import AnalysedSelector
from .user_agent_types import Entry

__all__ = ["user_agent_cascaded", "user_agent_entry"]

_UA = ORIGINS[0]
_LIMIT = 4096  # (either memo: a document's user agent sheet has some 350 matched rules)
# (order, text, id of the declarations) -> the entry, which holds the declarations: their id stays theirs
_ENTRIES: dict[tuple[Any, ...], Entry] = {}
# (quirks, Cascade.cascaded's key) -> (what the key names by id, held so that no other object
# takes those ids, the cascaded values)
_CASCADED: dict[tuple[Any, ...], tuple[Any, Any, dict[str, str]]] = {}


def user_agent_entry(selector: AnalysedSelector) -> Entry:
    """The entry of the user agent rule *selector* in the cascade's per-element lists."""
    key = (selector.order, selector.text, id(selector.declarations))
    found = _ENTRIES.get(key)
    if found is None:
        if len(_ENTRIES) >= _LIMIT:
            _ENTRIES.clear()  # (other viewports' rules; an entry made again only shares less)
        found = _ENTRIES[key] = (_UA, selector.specificity, selector.order, selector.declarations)
    return found


def user_agent_cascaded(quirks: bool, key: tuple[Any, ...], named: Any, entries: Any,
                        cascade: Callable[[], dict[str, str]]) -> dict[str, str] | None:
    """The cascaded values of an element of Cascade.cascaded's *key*, matched by the user agent
    rules of *named* and *entries*, from any document in the mode *quirks* (*cascade* makes
    them the first time); None when another origin's rule is among *entries*."""
    if not all(entry[0] == _UA for entry in entries):
        return None
    wide = (quirks, key)
    held = _CASCADED.get(wide)
    if held is None:
        if len(_CASCADED) >= _LIMIT:
            _CASCADED.clear()
        held = _CASCADED[wide] = (named, tuple(entries), cascade())
    return held[2]
