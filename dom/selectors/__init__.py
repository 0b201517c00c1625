"""Selectors Level 4 over the lxml mirror (https://drafts.csswg.org/selectors-4/).

* parser.py -- the selectors string, tokenized by tinycss2, as a syntax tree (or a
  "SyntaxError" DOMException saying what is wrong);
* xpath.py -- the tree as XPath that libxml2 evaluates right to left;
* states.py -- element state the HTML Standard's pseudo-classes read (checkedness, validity,
  language, directionality...), called from that XPath;
* engine.py -- querySelector(All), matches and closest on one cache of compiled selectors.
"""

from .. import registry
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

# The node tree, below this floor, reaches the selector engine (querySelector, matches, closest) through dom.registry.
registry.query_first = query_first
registry.query_all = query_all
registry.matches = matches
registry.closest = closest
