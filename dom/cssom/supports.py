"""The ``@supports`` condition (https://drafts.csswg.org/css-conditional-3/#at-supports): a
declaration in parentheses is supported when the property table parses it; ``not``, ``and``,
``or`` and ``selector()`` (https://drafts.csswg.org/css-conditional-4/#at-supports-ext) combine."""

from __future__ import annotations

from typing import Any

import tinycss2

from ..css.declared_values import parse_declaration
from ..css.properties import PROPERTIES
from ..selectors.parser import InvalidSelector, parse_selector_list

__all__ = ["supports_condition"]


def supports_condition(tokens: list[Any]) -> bool:
    """https://drafts.csswg.org/css-conditional-3/#at-supports: ``(property: value)`` is true
    when the declaration is valid here; ``not``, ``and``, ``or``, ``selector()``."""
    parts = [t for t in tokens if t.type not in ("whitespace", "comment")]
    if len(parts) == 2 and parts[0].type == "ident" and parts[0].lower_value == "not":
        return not supports_condition([parts[1]])
    if len(parts) == 1:
        token = parts[0]
        if token.type == "function" and token.lower_name == "selector":
            try:
                parse_selector_list(tinycss2.serialize(token.arguments))
            except (InvalidSelector, RecursionError):
                return False
            return True
        if token.type != "() block":
            return False
        inner = [t for t in token.content if t.type not in ("whitespace", "comment")]
        if len(inner) >= 2 and inner[0].type == "ident" and inner[1].type == "literal" and inner[1].value == ":":
            return _supports_declaration(token.content)
        return supports_condition(token.content)
    if len(parts) >= 3 and len(parts) % 2 == 1:
        operators = {t.lower_value for t in parts[1::2] if t.type == "ident"}
        if len(operators) != 1 or len(parts[1::2]) != sum(1 for t in parts[1::2] if t.type == "ident"):
            return False
        results = [supports_condition([t]) for t in parts[0::2]]
        return all(results) if operators == {"and"} else any(results) if operators == {"or"} else False
    return False


def _supports_declaration(content: list[Any]) -> bool:
    declaration = tinycss2.parse_one_declaration(content)
    if declaration.type != "declaration":
        return False
    name = declaration.lower_name
    if name.startswith("--"):
        return True
    return name in PROPERTIES and parse_declaration(name, declaration.value) is not None
