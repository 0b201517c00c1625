"""CSS style sheets (https://drafts.csswg.org/cssom/#css-style-sheets): StyleSheet,
CSSStyleSheet (``insertRule``/``deleteRule``, ``replaceSync``), StyleSheetList; their rules are
css_rules.py's.

A sheet's text is parsed once (https://drafts.csswg.org/css-syntax/#parse-a-css-stylesheet) and
its rules copied for each later sheet of the same text (a crawl meets a site's sheets on page
after page; the copies are the sheet's own, changed through the CSSOM without touching others).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from webidl import DOMSyntaxError
from webidl.interface import IndexedCollection
from webidl.operations import attributes, operations

from ..css.media_queries import MediaList
from .css_rules import (
    CSSContainerRule,
    CSSFontFaceRule,
    CSSGroupingRule,
    CSSImportRule,
    CSSKeyframesRule,
    CSSLayerBlockRule,
    CSSLayerStatementRule,
    CSSMediaRule,
    CSSNamespaceRule,
    CSSPageRule,
    CSSRule,
    CSSRuleList,
    CSSStyleRule,
    CSSSupportsRule,
    _changed,
    _insert_a_css_rule,
    _quirks,
    _remove_a_css_rule,
    changes,
    parsed_rules,
)
from .scope_rule import CSSNestedDeclarations, CSSScopeRule

if TYPE_CHECKING:
    from webidl.dictionary_types import CSSStyleSheetInit

    from ..nodes.character_data import ProcessingInstruction
    from ..nodes.element import Element

__all__ = [
    "CSSContainerRule", "CSSFontFaceRule", "CSSGroupingRule", "CSSImportRule", "CSSKeyframesRule",
    "CSSLayerBlockRule", "CSSLayerStatementRule", "CSSMediaRule", "CSSNamespaceRule", "CSSNestedDeclarations",
    "CSSPageRule", "CSSRule", "CSSRuleList", "CSSScopeRule", "CSSStyleRule", "CSSStyleSheet", "CSSSupportsRule",
    "StyleSheet", "StyleSheetList", "changes",
]


# -- style sheets -------------------------------------------------------------------------------


@attributes("StyleSheet", "disabled")
class StyleSheet:
    """https://drafts.csswg.org/cssom/#the-stylesheet-interface"""

    __slots__ = ("_owner_node", "_href", "_title", "_media", "_disabled", "_owner_rule", "__weakref__")
    _owner_node: Any
    _href: str | None
    _title: str | None
    _media: MediaList
    _disabled: bool
    _owner_rule: CSSRule | None

    @property
    def type(self) -> str:
        return "text/css"

    @property
    def href(self) -> str | None:
        return self._href

    @property
    def ownerNode(self) -> Element | ProcessingInstruction | None:
        return cast("Element | ProcessingInstruction | None", self._owner_node)

    @property
    def parentStyleSheet(self) -> StyleSheet | None:
        return None

    @property
    def title(self) -> str | None:
        return self._title

    @property
    def media(self) -> MediaList:
        return self._media

    @property
    def disabled(self) -> bool:
        return self._disabled

    @disabled.setter
    def disabled(self, value: bool) -> None:
        self._disabled = value
        _changed()


@operations("CSSStyleSheet", "__init__", "insertRule", "deleteRule", "replaceSync", "addRule", "removeRule")
class CSSStyleSheet(StyleSheet):
    """https://drafts.csswg.org/cssom/#the-cssstylesheet-interface; ``CSSStyleSheet()`` makes a
    constructed style sheet (https://drafts.csswg.org/cssom/#dom-cssstylesheet-cssstylesheet)."""

    __slots__ = ("_rules", "_rule_list", "_constructed", "_constructor_document")
    _rules: list[CSSRule]
    _rule_list: CSSRuleList | None
    _constructed: bool
    _constructor_document: Any  # a constructed sheet's document, once adopted (adopted_style_sheets.py)

    def __init__(self, options: CSSStyleSheetInit = {}) -> None:  # noqa: B006 -- read only, as the IDL's "= {}"
        """https://drafts.csswg.org/cssom/#dom-cssstylesheet-cssstylesheet"""
        media = options["media"]  # (MediaList or DOMString): a list's text
        self._setup(None, None, None, media if isinstance(media, str) else cast("MediaList", media).mediaText)
        self._constructed = True
        self._disabled = options["disabled"]

    def _setup(self, owner: Any, href: str | None, title: str | None, media: str) -> None:
        self._owner_node, self._href, self._title = owner, href, title
        self._media = MediaList._new(media, _changed)
        self._disabled = False
        self._owner_rule = None
        self._rules = []
        self._rule_list = None
        self._constructed = False
        self._constructor_document = None

    @classmethod
    def _parse(cls, text: str, owner: Any = None, href: str | None = None, title: str | None = None,
               media: str = "") -> CSSStyleSheet:
        """https://drafts.csswg.org/cssom/#create-a-css-style-sheet with the rules of *text*
        (https://drafts.csswg.org/css-syntax/#parse-a-css-stylesheet)."""
        sheet = cls.__new__(cls)
        sheet._setup(owner, href, title, media)
        sheet._set_rules(text, changed=False)  # a new sheet: the owner's change already counts
        return sheet

    def _set_rules(self, text: str, changed: bool = True) -> None:
        for rule in self._rules:
            rule._adopt(None, None)
        self._rules[:] = parsed_rules(text, _quirks(self))
        for rule in self._rules:
            rule._adopt(None, self)
        if changed:
            _changed()

    @property
    def ownerRule(self) -> CSSRule | None:
        return self._owner_rule

    @property
    def cssRules(self) -> CSSRuleList:
        """https://drafts.csswg.org/cssom/#dom-cssstylesheet-cssrules (no origin check: no
        sheet here comes from another origin)"""
        if self._rule_list is None:
            self._rule_list = CSSRuleList._new(self._rules)
        return self._rule_list

    @property
    def rules(self) -> CSSRuleList:
        """https://drafts.csswg.org/cssom/#dom-cssstylesheet-rules (legacy)"""
        return self.cssRules

    def insertRule(self, rule: str, index: int = 0) -> int:
        """https://drafts.csswg.org/cssom/#dom-cssstylesheet-insertrule"""
        inserted = _insert_a_css_rule(self._rules, rule, index, False, _quirks(self))
        if self._constructed and isinstance(inserted, CSSImportRule):
            del self._rules[index]
            raise DOMSyntaxError("a constructed style sheet cannot hold @import rules")
        inserted._adopt(None, self)
        return int(index)

    def deleteRule(self, index: int) -> None:
        """https://drafts.csswg.org/cssom/#dom-cssstylesheet-deleterule"""
        _remove_a_css_rule(self._rules, index)

    def addRule(self, selector: str = "undefined", style: str = "undefined", index: int | None = None) -> int:
        """https://drafts.csswg.org/cssom/#dom-cssstylesheet-addrule (legacy): always -1."""
        at = len(self._rules) if index is None else index
        self.insertRule(f"{selector} {{ {style} }}", at)
        return -1

    def removeRule(self, index: int = 0) -> None:
        self.deleteRule(index)

    def replaceSync(self, text: str) -> None:
        """https://drafts.csswg.org/cssom/#dom-cssstylesheet-replacesync (@import rules are dropped)."""
        self._set_rules(text)
        self._rules[:] = [r for r in self._rules if not isinstance(r, CSSImportRule)]

    def __repr__(self) -> str:
        return f"<CSSStyleSheet ({len(self._rules)} rules)>"


@operations("StyleSheetList", "item")
class StyleSheetList(IndexedCollection[CSSStyleSheet]):
    """https://drafts.csswg.org/cssom/#the-stylesheetlist-interface: the document's sheets in
    tree order of their owner nodes, live (asked of *sheets* on each access)."""

    __slots__ = ("_source",)
    _source: Any

    def __init__(self) -> None:
        raise TypeError("Illegal constructor")

    @classmethod
    def _new(cls, source: Any) -> StyleSheetList:
        sheet_list = cls.__new__(cls)
        sheet_list._source = source
        return sheet_list

    @property
    def _sheets(self) -> list[CSSStyleSheet]:
        sheets: list[CSSStyleSheet] = self._source()
        return sheets

    @property
    def length(self) -> int:
        return len(self._sheets)

    def item(self, index: int) -> CSSStyleSheet | None:
        sheets = self._sheets
        return sheets[index] if index < len(sheets) else None
