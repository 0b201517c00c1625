"""CSSStyleDeclaration (https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface):
``element.style`` over the ``style`` attribute (the mixin: dom/element_css_inline_style.py),
and the declarations of a style rule (``rule.style``, dom/cssom/css_rules.py).

The declaration block is parsed with tinycss2 (CSS Syntax) and each value per its property's
grammar (the property table, dom/css/properties.py): a declaration of an unknown property or
with a value its grammar rejects is dropped, as browsers drop it; a valid value is kept as
CSSOM serializes it (``#FFF`` as ``rgb(255, 255, 255)``, ``0`` as a length ``0px``, ``10.50px``
as ``10.5px``, keywords lowercased: dom/css/values.py).  Shorthands are expanded into their
longhands and recombined when the block or the shorthand is serialized
(https://drafts.csswg.org/cssom/#serialize-a-css-declaration-block); a shorthand whose value
holds ``var()`` is kept whole under its name (its longhands are pending substitution).  Custom
properties (``--x``) keep their value verbatim (trimmed) and their name's case.

For an inline style the block is cached per attribute value: a changed attribute is re-parsed on
the next access, and every change made through the object is serialized back into the
attribute.  Property access by camel-cased attribute (``style.backgroundColor``,
``style.cssFloat``, ``style.webkitTransform``) and by dashed name (``getattr(style,
"background-color")``, ``style["background-color"]``) works for every property of the table;
other names read as "" and cannot be set.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import tinycss2

from webidl.interface import IndexedCollection
from webidl.operations import attributes, operations

from .css.declared_values import canonical_name, has_error, parse_declaration
from .css.properties import ALIASES, PROPERTIES, SHORTHANDS, longhands_of, shorthands_containing
from .css.shorthand_serialization import serialize_shorthand

if TYPE_CHECKING:
    from .cssom.css_rules import CSSRule
from .css.values import too_deep

__all__ = ["CSSStyleDeclaration", "parse_css_declaration_block"]


def _is_custom(name: str) -> bool:
    """https://drafts.csswg.org/css-variables/#custom-property"""
    return name.startswith("--")


def _custom_value(tokens: list[Any]) -> str | None:
    """https://drafts.csswg.org/css-variables/#defining-variables: any token sequence without
    bad tokens or unmatched closers, kept as written, trimmed."""
    if too_deep(tokens) or has_error(tokens, custom=True):
        return None
    return tinycss2.serialize(tokens).strip(" \t\n\r\f")


# -- the declaration block ----------------------------------------------------------------------


class _Declaration:
    __slots__ = ("value", "important")

    def __init__(self, value: str, important: bool) -> None:
        self.value = value
        self.important = important


def _parsed(name: str, tokens: list[Any], quirks: bool = False) -> list[tuple[str, str]] | None:
    """The (property, value) declarations a declaration of *name* sets, or None when it is
    dropped (https://drafts.csswg.org/cssom/#parse-a-css-declaration-block)."""
    if _is_custom(name):
        value = _custom_value(tokens)
        return None if value is None else [(name, value)]
    name = canonical_name(name)
    if name not in PROPERTIES:
        return None
    return parse_declaration(name, tokens, quirks)


def _set_declarations(declarations: dict[str, _Declaration], name: str, pairs: list[tuple[str, str]],
                      important: bool, in_place: bool) -> bool:
    """Add the declarations a valid declaration of *name* sets; *in_place*: setProperty keeps a
    declaration's position (https://drafts.csswg.org/cssom/#set-a-css-declaration), a parsed
    block's later declaration moves it last.  Returns whether anything changed."""
    changed = False
    if pairs[0][0] != name:
        declarations.pop(name, None)  # a shorthand kept whole (var()) is superseded by its longhands
    else:
        for longhand in longhands_of(name):  # ... and supersedes them
            changed = declarations.pop(longhand, None) is not None or changed
    for target, value in pairs:
        existing = declarations.get(target)
        if existing is not None and existing.important and not important and not in_place:
            continue  # a block's normal declaration does not override an important one
        if existing is not None and in_place:
            if existing.value != value or existing.important != important:
                # a new declaration at the same key keeps its position; declarations are never
                # changed in place, so the copies of a parsed sheet share them (css_rules._copied)
                declarations[target] = _Declaration(value, important)
                changed = True
            continue
        declarations.pop(target, None)
        declarations[target] = _Declaration(value, important)
        changed = True
    return changed


def parse_css_declaration_block(text: str, quirks: bool = False) -> dict[str, _Declaration]:
    """https://drafts.csswg.org/cssom/#parse-a-css-declaration-block: the valid declarations of
    *text* in order, later ones replacing earlier ones of the same property, except that a normal
    declaration does not replace an important one (https://drafts.csswg.org/css-cascade/#importance).

    The declarations are consumed as a list of declarations
    (https://www.w3.org/TR/2021/CRD-css-syntax-3-20211224/#consume-list-of-declarations), as
    browsers parse a style attribute: a nested rule is no rule here, its tokens up to the next
    ``;`` one invalid declaration (``p { color: red } width: 1px`` sets nothing)."""
    return declarations_of(tinycss2.parse_declaration_list(text, skip_comments=False, skip_whitespace=True), quirks)


def declarations_of(items: list[Any], quirks: bool = False) -> dict[str, _Declaration]:
    """The declaration block of tinycss2's parsed block contents *items*."""
    declarations: dict[str, _Declaration] = {}
    for item in items:
        if item.type != "declaration":
            continue  # comments, nested rules, at-rules and parse errors are dropped
        name = item.name if _is_custom(item.name) else item.lower_name
        pairs = _parsed(name, item.value or [], quirks)
        if pairs is not None:
            _set_declarations(declarations, canonical_name(name), pairs, item.important, in_place=False)
    return declarations


def serialize_declaration_block(declarations: dict[str, _Declaration]) -> str:
    """https://drafts.csswg.org/cssom/#serialize-a-css-declaration-block"""
    out: list[str] = []
    already_serialized: set[str] = set()
    for name, declaration in declarations.items():  # step 3
        if name in already_serialized:
            continue
        for shorthand in shorthands_containing(name):  # step 3.2, preferred order
            longhands = SHORTHANDS[shorthand][1]
            if any(longhand in already_serialized for longhand in longhands):
                continue
            value, important = shorthand_value(declarations, shorthand)
            if not value:
                continue
            out.append(f"{shorthand}: {value}{' !important' if important else ''};")
            already_serialized.update(longhands)
            break
        else:
            out.append(f"{name}: {declaration.value}{' !important' if declaration.important else ''};")
            already_serialized.add(name)
    return " ".join(out)


def shorthand_value(declarations: dict[str, _Declaration], shorthand: str) -> tuple[str, bool]:
    """A shorthand's value from its longhands' declarations (all present, of one importance),
    and its importance; ("", False) when it has none."""
    kept = declarations.get(shorthand)
    if kept is not None:
        return kept.value, kept.important
    found = [declarations.get(longhand) for longhand in SHORTHANDS[shorthand][1]]
    if any(d is None for d in found):
        return "", False
    importance = {d.important for d in found if d is not None}
    if len(importance) != 1:
        return "", False
    return serialize_shorthand(shorthand, [d.value for d in found if d is not None]), importance.pop()


def _known(name: str) -> bool:
    return _is_custom(name) or canonical_name(name) in PROPERTIES


def _camel_to_property(attribute: str) -> str:
    """https://drafts.csswg.org/cssom/#css-property-to-idl-attribute, reversed: ``cssFloat`` is
    ``float``, ``webkitFoo`` is ``-webkit-foo``, ``backgroundColor`` is ``background-color``."""
    if attribute == "cssFloat":
        return "float"
    if attribute.startswith("webkit") and attribute[6:7].isupper():
        attribute = "Webkit" + attribute[6:]
    return re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), attribute)


@operations("CSSStyleDeclaration", "item", "getPropertyValue", "getPropertyPriority", "setProperty", "removeProperty")
@attributes("CSSStyleDeclaration", "cssText", "cssFloat")
class CSSStyleDeclaration(IndexedCollection[str]):
    """https://drafts.csswg.org/cssom/#cssstyledeclaration -- an element's inline style, or a
    rule's declarations (its owner is then the rule, and the element None).

    Python protocols: ``len(style)``, ``style[i]`` (property names), ``style["color"]`` (value),
    iteration over the property names, ``"color" in style``."""

    __slots__ = ("_owner", "_seen", "_declarations", "_names", "_rule", "__weakref__")

    _owner: Any
    _seen: str | None | object
    _declarations: dict[str, _Declaration]
    _names: list[str] | None
    _rule: Any

    def __init__(self) -> None:
        raise TypeError("Illegal constructor: use element.style")

    @classmethod
    def _for_element(cls, element: Any) -> CSSStyleDeclaration:
        declaration = cls.__new__(cls)
        object.__setattr__(declaration, "_owner", element)
        object.__setattr__(declaration, "_seen", _UNSEEN)
        object.__setattr__(declaration, "_declarations", {})
        object.__setattr__(declaration, "_names", None)
        object.__setattr__(declaration, "_rule", None)
        return declaration

    @classmethod
    def _for_rule(cls, rule: Any, declarations: dict[str, _Declaration]) -> CSSStyleDeclaration:
        """The declarations of a CSS rule (https://drafts.csswg.org/cssom/#dom-cssstylerule-style)."""
        declaration = cls.__new__(cls)
        object.__setattr__(declaration, "_owner", None)
        object.__setattr__(declaration, "_seen", None)
        object.__setattr__(declaration, "_declarations", declarations)
        object.__setattr__(declaration, "_names", None)
        object.__setattr__(declaration, "_rule", rule)
        return declaration

    # -- the style attribute ----------------------------------------------------------------------

    def _quirks(self) -> bool:
        return self._owner is not None and self._owner._doc._mode == "quirks"

    def _block(self) -> dict[str, _Declaration]:
        """The declarations, re-parsed when the style attribute's value changed since last read
        (https://drafts.csswg.org/cssom/#the-elementcssinlinestyle-mixin: attribute change steps)."""
        if self._owner is None:
            return self._declarations
        value = self._owner.getAttribute("style")
        if value != self._seen:
            object.__setattr__(self, "_declarations", parse_css_declaration_block(value or "", self._quirks()))
            object.__setattr__(self, "_seen", value)
            object.__setattr__(self, "_names", None)
        return self._declarations

    def _update_style_attribute(self) -> None:
        """https://drafts.csswg.org/cssom/#update-style-attribute-for: set the attribute to the
        serialization (the updating flag: the new value is already the parsed state)."""
        object.__setattr__(self, "_names", None)
        if self._owner is None:
            if self._rule is not None:
                self._rule._changed()
            return
        text = self._serialize()
        object.__setattr__(self, "_seen", text)
        self._owner.setAttribute("style", text)

    def _check_writable(self) -> None:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-setproperty step 1 (the
        readonly flag of a computed style)."""

    # -- IDL --------------------------------------------------------------------------------------

    @property
    def cssText(self) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-csstext"""
        self._block()
        return self._serialize()

    @cssText.setter
    def cssText(self, value: str) -> None:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-csstext (null is "null", which
        declares nothing)"""
        self._check_writable()
        self._block()
        object.__setattr__(self, "_declarations", parse_css_declaration_block(value, self._quirks()))
        if self._rule is not None:
            self._rule._declarations = self._declarations
        self._update_style_attribute()

    def _serialize(self) -> str:
        """https://drafts.csswg.org/cssom/#serialize-a-css-declaration-block"""
        return serialize_declaration_block(self._declarations)

    @property
    def length(self) -> int:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-length"""
        return len(self._block())

    def item(self, index: int) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-item -- "" out of range."""
        declarations = self._block()
        if self._names is None:
            object.__setattr__(self, "_names", list(declarations))
        names = self._names
        assert names is not None
        return names[index] if index < len(names) else ""

    def _name(self, name: str) -> str:
        return name if _is_custom(name) else canonical_name(name.translate(_ASCII_LOWER))

    def getPropertyValue(self, property: str) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-getpropertyvalue"""
        return self._value_of(self._name(property))

    def _value_of(self, name: str) -> str:
        """getPropertyValue for a property name already as the table knows it."""
        declarations = self._block()
        declaration = declarations.get(name)
        if declaration is not None:
            return declaration.value
        if name in SHORTHANDS:  # step 2
            return shorthand_value(declarations, name)[0]
        return ""

    def getPropertyPriority(self, property: str) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-getpropertypriority"""
        name = self._name(property)
        declarations = self._block()
        declaration = declarations.get(name)
        if declaration is not None:
            return "important" if declaration.important else ""
        if name in SHORTHANDS:
            value, important = shorthand_value(declarations, name)
            return "important" if value and important else ""
        return ""

    def setProperty(self, property: str, value: str, priority: str = "") -> None:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-setproperty"""
        self._check_writable()  # step 1
        name = self._name(property)
        if not _known(name):  # step 2: not a supported property
            return
        if value == "":  # step 3
            self.removeProperty(name)
            return
        if priority and priority.translate(_ASCII_LOWER) != "important":  # steps 4-5
            return
        tokens = tinycss2.parse_component_value_list(value, skip_comments=False)
        pairs = _parsed(name, tokens, self._quirks())  # step 6: parse as the property's value
        if pairs is None:
            return
        if _set_declarations(self._block(), name, pairs, bool(priority), in_place=True):
            self._update_style_attribute()

    def removeProperty(self, property: str) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-removeproperty"""
        self._check_writable()
        name = self._name(property)
        value = self.getPropertyValue(name)
        declarations = self._block()
        removed = False
        for target in (name, *longhands_of(name)):
            if declarations.pop(target, None) is not None:
                removed = True
        if removed:
            self._update_style_attribute()
        return value

    @property
    def parentRule(self) -> CSSRule | None:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-parentrule -- None for an
        inline style."""
        return cast("CSSRule | None", self._rule)

    @property
    def cssFloat(self) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-cssfloat"""
        return self.getPropertyValue("float")

    @cssFloat.setter
    def cssFloat(self, value: str) -> None:
        self.setProperty("float", value)

    # -- camel-cased and dashed attributes (https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface)

    def __getattr__(self, attribute: str) -> str:
        if attribute.startswith("_"):
            raise AttributeError(attribute)
        # a property outside the table reads "" (the JS binding's attributes cover every shipped
        # property: reading one must not throw)
        return self.getPropertyValue(_camel_to_property(attribute) if "-" not in attribute else attribute)

    def __setattr__(self, attribute: str, value: Any) -> None:
        if attribute.startswith("_") or hasattr(type(self), attribute):
            object.__setattr__(self, attribute, value)
            return
        # [LegacyNullToEmptyString]: None clears the property.
        name = _camel_to_property(attribute) if "-" not in attribute else attribute
        self.setProperty(name, "" if value is None else value)

    def __delattr__(self, attribute: str) -> None:
        self.removeProperty(_camel_to_property(attribute) if "-" not in attribute else attribute)

    def _named_getitem(self, key: Any) -> str:
        if not isinstance(key, str):
            return super()._named_getitem(key)
        return self.getPropertyValue(key)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._name(name) in self._block()

    def __str__(self) -> str:
        return self.cssText

    def __repr__(self) -> str:
        return f"<CSSStyleDeclaration {self.cssText!r}>"


_UNSEEN = object()
_ASCII_LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}


def _property_to_idl_attribute(name: str, lowercase_first: bool = False) -> str:
    """https://drafts.csswg.org/cssom/#css-property-to-idl-attribute"""
    out: list[str] = []
    uppercase_next = False
    for c in name[1:] if lowercase_first else name:
        if c == "-":
            uppercase_next = True
        elif uppercase_next:
            uppercase_next = False
            out.append(c.upper() if "a" <= c <= "z" else c)
        else:
            out.append(c)
    return "".join(out)


def _attribute(name: str) -> property:
    """The IDL attribute of the supported property *name*: reads getPropertyValue, sets
    setProperty ([LegacyNullToEmptyString]), deletes removeProperty."""

    def get(self: CSSStyleDeclaration) -> str:
        return self._value_of(name)

    def set_(self: CSSStyleDeclaration, value: Any) -> None:
        self.setProperty(name, "" if value is None else value)

    def delete(self: CSSStyleDeclaration) -> None:
        self.removeProperty(name)

    return property(get, set_, delete, f"The {name} property (https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-camel-cased-attribute)")


# The attributes _define_attributes made: attribute name -> the property it reads (a subclass
# that reads values its own way redefines them: dom/cssom/computed_style.py).
ATTRIBUTE_PROPERTIES: dict[str, str] = {}


def _define_attributes() -> None:
    """The camel-cased, webkit-cased and dashed attributes
    (https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface) of every property of the
    table that are Python identifiers, as properties of the class (__getattr__ answers the
    others, and any name outside the table, as a failed lookup: far slower)."""
    for alias_or_name in (*PROPERTIES, *ALIASES):
        name = canonical_name(alias_or_name)
        attributes = [_property_to_idl_attribute(alias_or_name)]
        if alias_or_name.startswith("-webkit-"):
            attributes.append(_property_to_idl_attribute(alias_or_name, lowercase_first=True))
        for attribute in attributes:
            if attribute.isidentifier() and not hasattr(CSSStyleDeclaration, attribute) and (
                    canonical_name(_camel_to_property(attribute)) == name):
                setattr(CSSStyleDeclaration, attribute, _attribute(name))
                ATTRIBUTE_PROPERTIES[attribute] = name


_define_attributes()
