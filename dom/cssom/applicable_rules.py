"""The style rules of a style sheet that apply (https://drafts.csswg.org/css-cascade/#cascading):
those inside conditional group rules whose conditions hold (``@media`` for the viewport,
``@supports``; not ``@container``, which needs layout), each with its cascade layer
(https://drafts.csswg.org/css-cascade-5/#layering) and the ``@scope`` rules around it, for the
cascade (cascade.py) and the pseudo-elements' styles (pseudo_element_styles.py)."""

from __future__ import annotations

from ..css.media_queries import Viewport
from .cascade_layers import LayerOrder
from .css_rules import (
    CSSContainerRule,
    CSSGroupingRule,
    CSSLayerBlockRule,
    CSSLayerStatementRule,
    CSSMediaRule,
    CSSRule,
    CSSStyleRule,
    CSSSupportsRule,
)
from .scope_rule import CSSNestedDeclarations, CSSScopeRule

__all__ = ["style_rules"]


def style_rules(rules: list[CSSRule], viewport: Viewport,
                out: list[tuple[CSSStyleRule | CSSNestedDeclarations, tuple[int, ...], tuple[CSSScopeRule, ...]]],
                layers: LayerOrder | None) -> None:
    """The style rules that apply, in order, each with its layer's key (() without *layers*)
    and the @scope rules it is in: grouping rules' conditions evaluated, layers declared,
    iteratively."""
    stack: list[tuple[list[CSSRule], int, tuple[str, ...], tuple[CSSScopeRule, ...]]] = [(rules, 0, (), ())]
    while stack:
        current, index, layer, scopes = stack.pop()
        key = layers.key(layer) if layers is not None else ()
        while index < len(current):
            rule = current[index]
            index += 1
            if isinstance(rule, (CSSStyleRule, CSSNestedDeclarations)):
                out.append((rule, key, scopes))
            elif isinstance(rule, CSSLayerStatementRule) and layers is not None:
                for name in rule.nameList:
                    layers.declare(layer, name)
            elif isinstance(rule, CSSGroupingRule) and not isinstance(rule, CSSContainerRule):
                if isinstance(rule, CSSMediaRule) and not rule.media.matches(viewport):
                    continue
                if isinstance(rule, CSSSupportsRule) and not rule._matches:
                    continue
                if isinstance(rule, (CSSMediaRule, CSSSupportsRule, CSSLayerBlockRule, CSSScopeRule)):
                    inner = layers.declare(layer, rule._name) if isinstance(rule, CSSLayerBlockRule) and (
                        layers is not None) else layer
                    stack.append((current, index, layer, scopes))
                    stack.append((rule._rules, 0, inner, (*scopes, rule) if isinstance(rule, CSSScopeRule) else scopes))
                    break
