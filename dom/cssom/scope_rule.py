"""The ``@scope`` rule (https://drafts.csswg.org/css-cascade-6/#scope-atrule): CSSScopeRule
(https://drafts.csswg.org/css-cascade-6/#the-cssscoperule-interface) and the declarations written
directly in its block, CSSNestedDeclarations
(https://drafts.csswg.org/css-nesting-1/#cssnesteddeclarations), which apply to the scoping root
as ``:where(:scope)`` does (https://drafts.csswg.org/css-cascade-6/#scope-atrule).  The
cascade of their rules: scoped_styles.py.
"""

from __future__ import annotations

from typing import Any

import tinycss2

from .. import registry
from ..css_style_declaration import CSSStyleDeclaration, declarations_of, serialize_declaration_block
from ..selectors.parser import parse_selector_list
from .css_rules import CSSGroupingRule, CSSRule, CSSStyleRule, _copied, _copied_rules, _rule, _serialize_selector
from .scoped_styles import valid_selectors

__all__ = ["CSSNestedDeclarations", "CSSScopeRule", "scope_rule"]

# What the declarations directly in an @scope block match (the root, adding no specificity)
_ROOT = ":where(:scope)"


class CSSScopeRule(CSSGroupingRule):
    """https://drafts.csswg.org/css-cascade-6/#the-cssscoperule-interface: its rules match in
    scope of the roots its ``start`` selects, above the limits its ``end`` selects."""

    __slots__ = ("_start", "_end")
    _start: str | None
    _end: str | None
    _scoping = True

    @classmethod
    def _new(cls, start: str | None, end: str | None, rules: list[CSSRule]) -> CSSScopeRule:
        rule = cls.__new__(cls)
        rule._init_group(rules)
        rule._start, rule._end = start, end
        return rule

    def _copy(self) -> CSSScopeRule:
        return CSSScopeRule._new(self._start, self._end, _copied_rules(self._rules))

    @property
    def start(self) -> str | None:
        """https://drafts.csswg.org/css-cascade-6/#dom-cssscoperule-start"""
        return self._start

    @property
    def end(self) -> str | None:
        """https://drafts.csswg.org/css-cascade-6/#dom-cssscoperule-end"""
        return self._end

    @property
    def cssText(self) -> str:
        """https://drafts.csswg.org/cssom/#serialize-a-css-rule, as browsers write @scope."""
        head = "@scope"
        if self._start is not None:
            head += f" ({self._start})"
        if self._end is not None:
            head += f" to ({self._end})"
        return self._block_text(head)


class CSSNestedDeclarations(CSSRule):
    """https://drafts.csswg.org/css-nesting-1/#cssnesteddeclarations: declarations of an @scope
    block between its rules; the cascade takes them as a style rule of ``:where(:scope)``."""

    __slots__ = ("_declarations", "_style")
    _declarations: dict[str, Any]
    _style: CSSStyleDeclaration | None
    _selector_text = _ROOT
    _selectors = parse_selector_list(_ROOT)

    @classmethod
    def _new(cls, declarations: dict[str, Any]) -> CSSNestedDeclarations:
        rule = cls.__new__(cls)
        rule._init()
        rule._declarations, rule._style = declarations, None
        return rule

    def _copy(self) -> CSSNestedDeclarations:
        return CSSNestedDeclarations._new(_copied(self._declarations))

    # https://drafts.csswg.org/css-nesting-1/#dom-cssnesteddeclarations-style: a style rule's
    # ([SameObject, PutForwards=cssText]), over the same two slots
    style = CSSStyleRule.style

    @property
    def cssText(self) -> str:
        """https://drafts.csswg.org/cssom/#serialize-a-css-rule (nested declarations: the block)"""
        return serialize_declaration_block(self._declarations)


def scope_rule(item: Any, depth: int, quirks: bool, scoped: bool) -> CSSScopeRule | None:
    """https://drafts.csswg.org/css-cascade-6/#at-ruledef-scope: ``@scope [(<scope-start>)]? [to
    (<scope-end>)]?``, each a selector list without pseudo-elements (<scope-end>, and a
    <scope-start> inside another @scope (*scoped*), relative to the scoping root); any other
    prelude makes the rule invalid (dropped).  Its block holds rules and declarations
    (https://drafts.csswg.org/css-syntax/#consume-block-contents), each run of declarations
    between rules one CSSNestedDeclarations."""
    parts = [t for t in item.prelude if t.type not in ("whitespace", "comment")]
    start = end = None
    if parts and parts[0].type == "() block":
        start = _serialize_selector(parts.pop(0).content)
        if not valid_selectors(start, scoped):
            return None
    if parts and parts[0].type == "ident" and parts[0].lower_value == "to":
        if len(parts) < 2 or parts[1].type != "() block":
            return None
        end = _serialize_selector(parts[1].content)
        if not valid_selectors(end, True):
            return None
        parts = parts[2:]
    if parts:
        return None
    rules: list[CSSRule] = []
    run: list[Any] = []
    for child in [*tinycss2.parse_blocks_contents(item.content or [], skip_comments=True, skip_whitespace=True),
                  None]:
        if child is not None and child.type == "declaration":
            run.append(child)
            continue
        if run:
            declarations = declarations_of(run, quirks)
            if declarations:
                rules.append(CSSNestedDeclarations._new(declarations))
            run = []
        if child is not None and child.type in ("qualified-rule", "at-rule"):
            rule = _rule(child, True, depth + 1, quirks, True)
            if rule is not None and rule.type != CSSRule.IMPORT_RULE:
                rules.append(rule)
    return CSSScopeRule._new(start, end, rules)


registry.scope_rule = scope_rule
