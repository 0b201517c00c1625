"""Selectors Level 4 over the lxml mirror (https://drafts.csswg.org/selectors-4/).

* parser.py -- the selectors string, tokenized by tinycss2, as a syntax tree (or a
  "SyntaxError" DOMException saying what is wrong);
* xpath.py -- the tree as XPath that libxml2 evaluates right to left;
* states.py -- element state the HTML Standard's pseudo-classes read (checkedness, validity,
  language, directionality...), called from that XPath;
* engine.py -- querySelector(All), matches and closest on one cache of compiled selectors;
* namespaced_elements.py -- what the parser notes of the trees it builds, for the engine.

The engine loads when first used (lazy: ``import dom`` does not need it), through the stand-ins
``dom/__init__.py`` puts in dom.registry, or through this package's names.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine import closest, matches, parse, query_all, query_first
    from .parser import KNOWN_PSEUDO_ELEMENTS, InvalidSelector, parse_selector_list

__all__ = [
    "query_all",
    "query_first",
    "matches",
    "closest",
    "parse",
    "parse_selector_list",
    "InvalidSelector",
    "KNOWN_PSEUDO_ELEMENTS",
]

_HOME = {"parse_selector_list": "parser", "InvalidSelector": "parser", "KNOWN_PSEUDO_ELEMENTS": "parser"}


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_HOME.get(name, 'engine')}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
