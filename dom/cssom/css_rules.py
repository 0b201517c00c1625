"""CSS rules (https://drafts.csswg.org/cssom/#css-rules): CSSRuleList, CSSStyleRule,
CSSMediaRule, CSSSupportsRule, CSSImportRule (a rule without fetching: its ``styleSheet`` is
None), CSSFontFaceRule, CSSPageRule, CSSKeyframesRule, CSSNamespaceRule, CSSLayerBlockRule,
CSSLayerStatementRule, CSSContainerRule; ``insertRule``/``deleteRule`` of grouping rules; the
rules of a style sheet's text (the sheets themselves: style_sheets.py; @scope: scope_rule.py).

Rules are parsed with tinycss2 (https://drafts.csswg.org/css-syntax/#parse-a-list-of-rules);
a style rule whose selector the selector engine rejects is dropped, as are unknown at-rules
and ``@import`` after other rules (https://drafts.csswg.org/css-cascade/#at-import).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import tinycss2

from webidl import DOMSyntaxError, HierarchyRequestError, IndexSizeError
from webidl.interface import IndexedCollection
from webidl.operations import attributes, operations

from .. import registry
from ..css.media_queries import MediaList
from ..css.values import MAX_NESTING, as_given, preprocess, too_deep
from ..css_style_declaration import CSSStyleDeclaration, declarations_of, serialize_declaration_block
from ..selectors.parser import InvalidSelector, parse_selector_list, parse_selector_tokens
from .scoped_styles import absolutized
from .supports import supports_condition

if TYPE_CHECKING:
    from .style_sheets import CSSStyleSheet

__all__ = [
    "CSSContainerRule", "CSSFontFaceRule", "CSSGroupingRule", "CSSImportRule", "CSSKeyframesRule",
    "CSSLayerBlockRule", "CSSLayerStatementRule", "CSSMediaRule", "CSSNamespaceRule", "CSSPageRule", "CSSRule",
    "CSSRuleList", "CSSStyleRule", "CSSSupportsRule", "changes", "parsed_rules",
]

# Every change made through the CSSOM adds one: computed styles remembered before are stale.
changes = [0]


def _changed() -> None:
    changes[0] += 1


def _serialize_selector(prelude: list[Any]) -> str:
    """https://drafts.csswg.org/cssom/#serialize-a-group-of-selectors, approximated from the
    tokens: whitespace collapsed, one space around combinators, ", " between selectors."""
    text = tinycss2.serialize(prelude)
    out: list[str] = []
    depth = 0
    pending_space = False
    quote = ""
    for char in text:
        if quote:
            out.append(char)
            if char == quote:
                quote = ""
            continue
        if char in "\"'":
            quote = char
        if char in " \t\n\r\f":
            pending_space = True
            continue
        if depth == 0 and char in ">+~,":
            if out and out[-1] != " ":
                out.append(" " if char != "," else "")
            out.append(char + " ")
            pending_space = False
            continue
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        if pending_space and out and not out[-1].endswith((" ", "(", "[")):
            out.append(" ")
        pending_space = False
        out.append(char)
    return "".join(out).strip().replace(" ,", ",")


class CSSRule:
    """https://drafts.csswg.org/cssom/#the-cssrule-interface"""

    __slots__ = ("_parent_rule", "_sheet", "__weakref__")
    _parent_rule: CSSRule | None
    _sheet: CSSStyleSheet | None
    STYLE_RULE, CHARSET_RULE, IMPORT_RULE, MEDIA_RULE, FONT_FACE_RULE, PAGE_RULE = 1, 2, 3, 4, 5, 6
    KEYFRAMES_RULE, KEYFRAME_RULE, MARGIN_RULE, NAMESPACE_RULE, COUNTER_STYLE_RULE, SUPPORTS_RULE = 7, 8, 9, 10, 11, 12
    FONT_FEATURE_VALUES_RULE = 14
    _type = 0
    _scoping = False  # an @scope rule (scope_rule.py)

    def __init__(self) -> None:
        raise TypeError("Illegal constructor")

    def _init(self) -> None:
        self._parent_rule = None
        self._sheet = None

    @property
    def type(self) -> int:
        """https://drafts.csswg.org/cssom/#dom-cssrule-type"""
        return self._type

    @property
    def cssText(self) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssrule-csstext (setting it does nothing in the
        spec; here the attribute is read-only)"""
        raise NotImplementedError

    @property
    def parentRule(self) -> CSSRule | None:
        return self._parent_rule

    @property
    def parentStyleSheet(self) -> CSSStyleSheet | None:
        return self._sheet

    def _changed(self) -> None:
        _changed()

    def _adopt(self, parent: CSSRule | None, sheet: CSSStyleSheet | None) -> None:
        self._parent_rule, self._sheet = parent, sheet

    def _copy(self) -> CSSRule:
        """A new rule as this one was parsed, sharing nothing a change through the CSSOM
        changes (declarations, media lists, rule lists); no parent, no sheet."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.cssText!r}>"


@attributes("CSSStyleRule", "selectorText")
class CSSStyleRule(CSSRule):
    """https://drafts.csswg.org/cssom/#the-cssstylerule-interface"""

    __slots__ = ("_selector_text", "_selectors", "_declarations", "_style")
    _selector_text: str
    _selectors: Any
    _declarations: dict[str, Any]
    _style: CSSStyleDeclaration | None
    _type = CSSRule.STYLE_RULE

    @classmethod
    def _new(cls, selector_text: str, selectors: Any, declarations: dict[str, Any]) -> CSSStyleRule:
        rule = cls.__new__(cls)
        rule._init()
        rule._selector_text, rule._selectors, rule._declarations = selector_text, selectors, declarations
        rule._style = None
        return rule

    def _copy(self) -> CSSStyleRule:
        return CSSStyleRule._new(self._selector_text, self._selectors, _copied(self._declarations))

    @property
    def selectorText(self) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstylerule-selectortext"""
        return self._selector_text

    @selectorText.setter
    def selectorText(self, value: str) -> None:
        tokens = tinycss2.parse_component_value_list(value)
        if too_deep(tokens):
            return  # an invalid selector is ignored
        text = _serialize_selector(tokens)
        try:
            self._selectors = parse_selector_list(absolutized(text) if _in_scope(self._parent_rule) else text)
        except (InvalidSelector, RecursionError):
            return  # an invalid selector is ignored
        self._selector_text = text
        _changed()

    @property
    def style(self) -> CSSStyleDeclaration:
        """https://drafts.csswg.org/cssom/#dom-cssstylerule-style ([SameObject, PutForwards=cssText])"""
        if self._style is None:
            self._style = CSSStyleDeclaration._for_rule(self, self._declarations)
        return self._style

    @style.setter
    def style(self, value: Any) -> None:
        self.style.cssText = value

    @property
    def cssText(self) -> str:
        """https://drafts.csswg.org/cssom/#serialize-a-css-rule (style rule)"""
        block = serialize_declaration_block(self._declarations)
        return f"{self._selector_text} {{ {block} }}" if block else f"{self._selector_text} {{ }}"


@operations("CSSRuleList", "item")
class CSSRuleList(IndexedCollection[CSSRule]):
    """https://drafts.csswg.org/cssom/#the-cssrulelist-interface"""

    __slots__ = ("_rules",)
    _rules: list[CSSRule]

    def __init__(self) -> None:
        raise TypeError("Illegal constructor")

    @classmethod
    def _new(cls, rules: list[CSSRule]) -> CSSRuleList:
        rule_list = cls.__new__(cls)
        rule_list._rules = rules
        return rule_list

    @property
    def length(self) -> int:
        return len(self._rules)

    def item(self, index: int) -> CSSRule | None:
        return self._rules[index] if index < len(self._rules) else None


def _quirks(sheet: Any) -> bool:
    """Whether the sheet's owner is in a quirks-mode document, where the unitless length quirk
    applies (https://quirks.spec.whatwg.org/#the-unitless-length-quirk)."""
    owner = None if sheet is None else sheet._owner_node
    return owner is not None and owner._doc._mode == "quirks"


def _insert_a_css_rule(rules: list[CSSRule], text: str, index: int, nested: bool,
                       quirks: bool = False, scoped: bool = False) -> CSSRule:
    """https://drafts.csswg.org/cssom/#insert-a-css-rule (*scoped*: into an @scope rule's block,
    where style rules take relative selectors)"""
    parsed = tinycss2.parse_one_rule(preprocess(text), skip_comments=True)  # step 1
    if parsed.type == "error":
        raise DOMSyntaxError(f"{text[:80]!r} is not a CSS rule: {parsed.message}")  # step 2
    rule = _rule(parsed, nested, 0, quirks, scoped)
    if rule is None:
        raise DOMSyntaxError(f"{text[:80]!r} is not a valid CSS rule")
    if index > len(rules):  # step 3
        raise IndexSizeError(f"index {index} is past the end of the rule list ({len(rules)} rules)")
    # step 4; the @import rules of a list are all at its start, so the neighbours of *index* tell
    if isinstance(rule, CSSImportRule) and (nested or (index > 0 and not isinstance(
            rules[index - 1], (CSSImportRule, CSSLayerStatementRule)))):
        raise HierarchyRequestError("@import rules must come before every other rule")
    if not isinstance(rule, (CSSImportRule, CSSLayerStatementRule)) and index < len(rules) and isinstance(
            rules[index], CSSImportRule):
        raise HierarchyRequestError("a rule cannot be inserted before an @import rule")
    if isinstance(rule, CSSNamespaceRule) and any(not isinstance(r, (CSSImportRule, CSSNamespaceRule))
                                                   for r in rules):
        raise HierarchyRequestError("@namespace rules cannot be inserted once other rules exist")  # step 5
    rules.insert(index, rule)  # step 6
    _changed()
    return rule


def _remove_a_css_rule(rules: list[CSSRule], index: int) -> None:
    """https://drafts.csswg.org/cssom/#remove-a-css-rule"""
    if index >= len(rules):
        raise IndexSizeError(f"index {index} is past the end of the rule list ({len(rules)} rules)")
    rule = rules.pop(index)
    rule._adopt(None, None)
    _changed()


@operations("CSSGroupingRule", "insertRule", "deleteRule")
class CSSGroupingRule(CSSRule):
    """https://drafts.csswg.org/cssom/#the-cssgroupingrule-interface"""

    __slots__ = ("_rules", "_rule_list")
    _rules: list[CSSRule]
    _rule_list: CSSRuleList | None

    def _init_group(self, rules: list[CSSRule]) -> None:
        self._init()
        self._rules = rules
        self._rule_list = None
        for rule in rules:
            rule._adopt(self, None)

    def _adopt(self, parent: CSSRule | None, sheet: CSSStyleSheet | None) -> None:
        super()._adopt(parent, sheet)
        for rule in self._rules:
            rule._adopt(self, sheet)

    @property
    def cssRules(self) -> CSSRuleList:
        if self._rule_list is None:
            self._rule_list = CSSRuleList._new(self._rules)
        return self._rule_list

    def insertRule(self, rule: str, index: int = 0) -> int:
        """https://drafts.csswg.org/cssom/#dom-cssgroupingrule-insertrule"""
        inserted = _insert_a_css_rule(self._rules, rule, index, True, _quirks(self._sheet), _in_scope(self))
        inserted._adopt(self, self._sheet)
        return int(index)

    def deleteRule(self, index: int) -> None:
        """https://drafts.csswg.org/cssom/#dom-cssgroupingrule-deleterule"""
        _remove_a_css_rule(self._rules, index)

    def _block_text(self, head: str) -> str:
        inner = "".join(f"\n  {rule.cssText}" for rule in self._rules)
        return f"{head} {{{inner}\n}}"


class CSSMediaRule(CSSGroupingRule):
    """https://drafts.csswg.org/cssom/#the-cssmediarule-interface"""

    __slots__ = ("_media",)
    _media: MediaList
    _type = CSSRule.MEDIA_RULE

    @classmethod
    def _new(cls, media: str, rules: list[CSSRule]) -> CSSMediaRule:
        rule = cls.__new__(cls)
        rule._init_group(rules)
        rule._media = MediaList._new(media, _changed)
        return rule

    @property
    def media(self) -> MediaList:
        return self._media

    def _copy(self) -> CSSMediaRule:
        return CSSMediaRule._new(self._media.mediaText, _copied_rules(self._rules))

    @property
    def conditionText(self) -> str:
        return self._media.mediaText

    @property
    def cssText(self) -> str:
        return self._block_text(f"@media {self._media.mediaText}")


class CSSSupportsRule(CSSGroupingRule):
    """https://drafts.csswg.org/css-conditional-3/#the-csssupportsrule-interface"""

    __slots__ = ("_condition", "_matches")
    _condition: str
    _matches: bool
    _type = CSSRule.SUPPORTS_RULE

    @classmethod
    def _new(cls, condition: list[Any], rules: list[CSSRule]) -> CSSSupportsRule:
        rule = cls.__new__(cls)
        rule._init_group(rules)
        rule._condition = as_given(condition)
        rule._matches = supports_condition(condition)
        return rule

    def _copy(self) -> CSSSupportsRule:
        rule = CSSSupportsRule.__new__(CSSSupportsRule)
        rule._init_group(_copied_rules(self._rules))
        rule._condition, rule._matches = self._condition, self._matches
        return rule

    @property
    def conditionText(self) -> str:
        return self._condition

    @property
    def cssText(self) -> str:
        return self._block_text(f"@supports {self._condition}")


class CSSContainerRule(CSSGroupingRule):
    """https://drafts.csswg.org/css-contain-3/#the-csscontainerrule-interface: a container query
    needs layout, so its rules never apply here."""

    __slots__ = ("_condition",)
    _condition: str

    @classmethod
    def _new(cls, condition: str, rules: list[CSSRule]) -> CSSContainerRule:
        rule = cls.__new__(cls)
        rule._init_group(rules)
        rule._condition = condition
        return rule

    def _copy(self) -> CSSContainerRule:
        return CSSContainerRule._new(self._condition, _copied_rules(self._rules))

    @property
    def conditionText(self) -> str:
        return self._condition

    @property
    def cssText(self) -> str:
        return self._block_text(f"@container {self._condition}")


class CSSLayerBlockRule(CSSGroupingRule):
    """https://drafts.csswg.org/css-cascade-5/#the-csslayerblockrule-interface (the cascade orders
    its rules by layer: dom/cssom/cascade_layers.py)."""

    __slots__ = ("_name",)
    _name: str

    @classmethod
    def _new(cls, name: str, rules: list[CSSRule]) -> CSSLayerBlockRule:
        rule = cls.__new__(cls)
        rule._init_group(rules)
        rule._name = name
        return rule

    def _copy(self) -> CSSLayerBlockRule:
        return CSSLayerBlockRule._new(self._name, _copied_rules(self._rules))

    @property
    def name(self) -> str:
        return self._name

    @property
    def cssText(self) -> str:
        return self._block_text(f"@layer {self._name}" if self._name else "@layer")


def _in_scope(rule: CSSRule | None) -> bool:
    """Whether *rule* is or is inside an @scope rule (whose style rules are scoped)."""
    while rule is not None:
        if rule._scoping:
            return True
        rule = rule._parent_rule
    return False


class _TextRule(CSSRule):
    """A rule kept with its text: @import, @namespace, @layer statements, @keyframes."""

    __slots__ = ("_text", "_name")
    _text: str
    _name: str

    @classmethod
    def _new(cls, text: str, name: str = "") -> Any:
        rule = cls.__new__(cls)
        rule._init()
        rule._text, rule._name = text, name
        return rule

    def _copy(self) -> _TextRule:
        rule: _TextRule = type(self)._new(self._text, self._name)
        return rule

    @property
    def cssText(self) -> str:
        return self._text


class CSSImportRule(_TextRule):
    """https://drafts.csswg.org/cssom/#the-cssimportrule-interface -- nothing is fetched."""

    __slots__ = ("_media",)
    _media: MediaList
    _type = CSSRule.IMPORT_RULE

    def _copy(self) -> CSSImportRule:
        rule: CSSImportRule = CSSImportRule._new(self._text, self._name)
        rule._media = MediaList._new(self._media.mediaText, _changed)
        return rule

    @property
    def href(self) -> str:
        return self._name

    @property
    def media(self) -> MediaList:
        return self._media

    @property
    def styleSheet(self) -> None:
        """No style sheet is fetched for an @import rule."""
        return None

    @property
    def layerName(self) -> str | None:
        return None

    @property
    def supportsText(self) -> str | None:
        return None


class CSSNamespaceRule(_TextRule):
    """https://drafts.csswg.org/cssom/#the-cssnamespacerule-interface"""

    __slots__ = ("_prefix",)
    _prefix: str
    _type = CSSRule.NAMESPACE_RULE

    def _copy(self) -> CSSNamespaceRule:
        rule: CSSNamespaceRule = CSSNamespaceRule._new(self._text, self._name)
        rule._prefix = self._prefix
        return rule

    @property
    def namespaceURI(self) -> str:
        return self._name

    @property
    def prefix(self) -> str:
        return self._prefix


class CSSLayerStatementRule(_TextRule):
    """https://drafts.csswg.org/css-cascade-5/#the-csslayerstatementrule-interface"""

    __slots__ = ()

    @property
    def nameList(self) -> list[str]:
        return [name.strip() for name in self._name.split(",")]


class CSSKeyframesRule(_TextRule):
    """https://drafts.csswg.org/css-animations/#interface-csskeyframesrule (kept as text)."""

    __slots__ = ()
    _type = CSSRule.KEYFRAMES_RULE

    @property
    def name(self) -> str:
        return self._name


class _DeclarationsRule(CSSRule):
    __slots__ = ("_declarations", "_style", "_head")
    _declarations: dict[str, Any]
    _style: CSSStyleDeclaration | None
    _head: str

    @classmethod
    def _new(cls, head: str, declarations: dict[str, Any]) -> Any:
        rule = cls.__new__(cls)
        rule._init()
        rule._head, rule._declarations, rule._style = head, declarations, None
        return rule

    def _copy(self) -> _DeclarationsRule:
        rule: _DeclarationsRule = type(self)._new(self._head, _copied(self._declarations))
        return rule

    @property
    def style(self) -> CSSStyleDeclaration:
        if self._style is None:
            self._style = CSSStyleDeclaration._for_rule(self, self._declarations)
        return self._style

    @property
    def cssText(self) -> str:
        block = serialize_declaration_block(self._declarations)
        return f"{self._head} {{ {block} }}" if block else f"{self._head} {{ }}"


class CSSFontFaceRule(_DeclarationsRule):
    """https://drafts.csswg.org/css-fonts/#cssfontfacerule (descriptors are kept if they are
    properties of the table: font-family, font-style, font-weight...)."""

    __slots__ = ()
    _type = CSSRule.FONT_FACE_RULE


class CSSPageRule(_DeclarationsRule):
    """https://drafts.csswg.org/cssom/#the-csspagerule-interface"""

    __slots__ = ()
    _type = CSSRule.PAGE_RULE

    @property
    def selectorText(self) -> str:
        return self._head.removeprefix("@page").strip()


# -- parsing ------------------------------------------------------------------------------------


def _copied(declarations: dict[str, Any]) -> dict[str, Any]:
    """A declaration block's copy: a dict of its own (setProperty changes the block), holding
    the same declarations (none is changed in place: css_style_declaration._set_declarations)."""
    return dict(declarations)


def _copied_rules(rules: list[CSSRule]) -> list[CSSRule]:
    return [rule._copy() for rule in rules]


# The rules of the style sheet texts parsed last, by (text, quirks): never handed out, only copied
_PARSED: OrderedDict[tuple[str, bool], list[CSSRule]] = OrderedDict()
_PARSED_LIMIT = 64


def parsed_rules(text: str, quirks: bool = False) -> list[CSSRule]:
    """The rules of a style sheet's *text* (https://drafts.csswg.org/css-syntax/#parse-a-css-stylesheet),
    new objects without parent or sheet: parsed once per text among the last _PARSED_LIMIT,
    copied after."""
    key = (text, quirks)
    template = _PARSED.get(key)
    if template is None:
        # (input preprocessing once for the whole sheet, as CSS Syntax's parse does: the
        # selectors are then parsed from the sheet's own tokens)
        items = tinycss2.parse_stylesheet(preprocess(text), skip_comments=True, skip_whitespace=True)
        template = _rules(items, False, 0, quirks)
        _PARSED[key] = template
        if len(_PARSED) > _PARSED_LIMIT:
            _PARSED.popitem(last=False)
    else:
        _PARSED.move_to_end(key)
    return _copied_rules(template)


def _rules(items: list[Any], nested: bool, depth: int = 0, quirks: bool = False,
           scoped: bool = False) -> list[CSSRule]:
    """The rules of a list of tinycss2 rules, invalid ones dropped; @import only first
    (*scoped*: inside an @scope rule)."""
    rules: list[CSSRule] = []
    for item in items:
        rule = _rule(item, nested, depth, quirks, scoped)
        if rule is None:
            continue
        if isinstance(rule, CSSImportRule) and (nested or any(
                not isinstance(r, (CSSImportRule, CSSLayerStatementRule)) for r in rules)):
            continue
        rules.append(rule)
    return rules


def _block_items(content: list[Any] | None) -> list[Any]:
    return tinycss2.parse_rule_list(content or [], skip_comments=True, skip_whitespace=True)


def _rule(item: Any, nested: bool, depth: int = 0, quirks: bool = False, scoped: bool = False) -> CSSRule | None:
    kind = item.type
    if kind in ("qualified-rule", "at-rule") and (depth > MAX_NESTING or too_deep(item.prelude)):
        return None  # nested too deeply to be a real sheet: dropped, without recursing
    if kind == "qualified-rule":
        return _style_rule(item, quirks, scoped)
    if kind != "at-rule":
        return None
    name = item.lower_at_keyword
    prelude = as_given(item.prelude)
    if name == "media" and item.content is not None:
        return CSSMediaRule._new(tinycss2.serialize(item.prelude), _nested(item, depth, quirks, scoped))
    if name == "supports" and item.content is not None:
        return CSSSupportsRule._new(item.prelude, _nested(item, depth, quirks, scoped))
    if name == "container" and item.content is not None:
        return CSSContainerRule._new(prelude, _nested(item, depth, quirks, scoped))
    if name == "layer":
        if item.content is not None:
            return CSSLayerBlockRule._new(prelude, _nested(item, depth, quirks, scoped))
        statement: CSSLayerStatementRule | None = CSSLayerStatementRule._new(f"@layer {prelude};", prelude) if (
            prelude) else None
        return statement
    if name == "scope" and item.content is not None:
        found: CSSRule | None = registry.scope_rule(item, depth, quirks, scoped)  # (scope_rule.py)
        return found
    if name == "import" and item.content is None:
        return _import_rule(item.prelude)
    if name == "namespace" and item.content is None:
        parts = [t for t in item.prelude if t.type not in ("whitespace", "comment")]
        if not parts or len(parts) > 2 or parts[-1].type not in ("string", "url"):
            return None
        rule: CSSNamespaceRule = CSSNamespaceRule._new(f"@namespace {prelude};", parts[-1].value)
        rule._prefix = parts[0].value if len(parts) == 2 and parts[0].type == "ident" else ""
        return rule
    if name in ("keyframes", "-webkit-keyframes") and item.content is not None:
        if too_deep(item.content):
            return None
        text = f"@{name} {prelude} {{ {as_given(item.content)} }}"
        keyframes: CSSKeyframesRule = CSSKeyframesRule._new(text, prelude)
        return keyframes
    if name == "font-face" and item.content is not None:
        font_face: CSSFontFaceRule = CSSFontFaceRule._new("@font-face", _declarations(item.content, quirks))
        return font_face
    if name == "page" and item.content is not None:
        page: CSSPageRule = CSSPageRule._new(f"@page {prelude}".strip(), _declarations(item.content, quirks))
        return page
    return None  # @charset and unknown at-rules are dropped


def _nested(item: Any, depth: int, quirks: bool, scoped: bool = False) -> list[CSSRule]:
    """The rules inside a grouping rule's block."""
    return _rules(_block_items(item.content), True, depth + 1, quirks, scoped)


def _declarations(content: list[Any], quirks: bool = False) -> dict[str, Any]:
    return declarations_of(tinycss2.parse_blocks_contents(content, skip_comments=True, skip_whitespace=True), quirks)


def _style_rule(item: Any, quirks: bool = False, scoped: bool = False) -> CSSStyleRule | None:
    """A style rule; *scoped* (in an @scope rule), its selectors made absolute for matching
    (https://drafts.csswg.org/css-cascade-6/#scope-atrule), its selectorText as written."""
    text = _serialize_selector(item.prelude)
    try:
        selectors = parse_selector_list(absolutized(text)) if scoped else parse_selector_tokens(item.prelude)
    except (InvalidSelector, RecursionError):
        return None  # https://drafts.csswg.org/selectors-4/#invalid: the whole rule is dropped
    return CSSStyleRule._new(text, selectors, _declarations(item.content, quirks))


def _import_rule(prelude: list[Any]) -> CSSImportRule | None:
    """https://drafts.csswg.org/css-cascade/#at-import: a URL or string, then a media list."""
    parts = [t for t in prelude if t.type not in ("whitespace", "comment")]
    if not parts:
        return None
    first = parts[0]
    if first.type in ("string", "url"):
        href = first.value
    elif first.type == "function" and first.lower_name == "url" and first.arguments and (
            first.arguments[0].type == "string"):
        href = first.arguments[0].value
    else:
        return None
    index = prelude.index(first) + 1
    media_text = tinycss2.serialize(prelude[index:]).strip()
    rule: CSSImportRule = CSSImportRule._new("", href)
    rule._media = MediaList._new(media_text, _changed)
    media = rule._media.mediaText
    rule._text = f'@import url("{href}"){" " + media if media else ""};'
    return rule
