"""CSSStyleDeclaration over the ``style`` attribute: ``element.style``
(https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface,
https://drafts.csswg.org/cssom/#the-elementcssinlinestyle-mixin).

The declaration block is parsed from the attribute with tinycss2 (CSS Syntax) and cached per
attribute value: a changed attribute is re-parsed on the next access, and every change made
through the object is serialized back into the attribute.

What is modelled, and what a CSS engine would add:

* Declarations that are syntactically invalid are dropped: unparsable ones, an empty value,
  bad strings or URLs, unmatched ``)``/``]``/``}``, a ``{}`` block in a non-custom property's
  value.  There is no table of property grammars, so an unknown property name or a value its
  grammar rejects (``color: 12px``) is kept, where a browser would drop it.
* Values are kept as written, re-serialized token by token (comments removed, whitespace
  collapsed); a browser would also serialize them per property (``#FFF`` as
  ``rgb(255, 255, 255)``, ``0`` as ``0px``).  Custom properties (``--x``) keep their value
  verbatim (trimmed) and their name's case.
* The box shorthands (``margin``, ``padding``, ``inset``, ``border-width``, ``border-style``,
  ``border-color``, ``scroll-margin``, ``scroll-padding``) are expanded into their four
  longhands and serialized back as the shorthand when all four are present, as browsers do.
  Other shorthands (``border``, ``background``, ``font``...) and box shorthands whose value
  cannot be split without a grammar (``var()``, more than four parts) are kept as one
  declaration under the shorthand's name.
* Property access by camel-cased attribute (``style.backgroundColor``, ``style.cssFloat``,
  ``style.webkitTransform``) and by dashed name (``getattr(style, "background-color")``,
  ``style["background-color"]``) works for any name; without a property table an unknown
  name reads as "" instead of raising.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import tinycss2
import tinycss2.ast
from tinycss2.serializer import serialize_string_value

from webidl import to_dom_string, to_unsigned_long
from webidl.interface import IndexedCollection

__all__ = ["CSSStyleDeclaration", "ElementCSSInlineStyle", "parse_css_declaration_block"]

_T = TypeVar("_T")

_CSS_WIDE_KEYWORDS = frozenset({"initial", "inherit", "unset", "revert", "revert-layer"})

# The shorthands whose value is 1 to 4 parts for top, right, bottom and left
# (https://drafts.csswg.org/css-box-4/#margin-shorthand and the same pattern elsewhere).
BOX_SHORTHANDS: dict[str, tuple[str, str, str, str]] = {
    "margin": ("margin-top", "margin-right", "margin-bottom", "margin-left"),
    "padding": ("padding-top", "padding-right", "padding-bottom", "padding-left"),
    "inset": ("top", "right", "bottom", "left"),
    "border-width": ("border-top-width", "border-right-width", "border-bottom-width", "border-left-width"),
    "border-style": ("border-top-style", "border-right-style", "border-bottom-style", "border-left-style"),
    "border-color": ("border-top-color", "border-right-color", "border-bottom-color", "border-left-color"),
    "scroll-margin": ("scroll-margin-top", "scroll-margin-right", "scroll-margin-bottom", "scroll-margin-left"),
    "scroll-padding": ("scroll-padding-top", "scroll-padding-right", "scroll-padding-bottom", "scroll-padding-left"),
}
_SHORTHAND_OF = {longhand: shorthand for shorthand, longhands in BOX_SHORTHANDS.items() for longhand in longhands}

# ParseErrors that leave the token valid: CSS Syntax accepts a string or url() closed by EOF.
_EOF_ERRORS = frozenset({"eof-in-string", "eof-in-url"})
_NAME_CHAR = r"(?:[A-Za-z0-9_-]|[^\x00-\x7f]|\\.)"
_IDENT = re.compile(rf"-?(?:[A-Za-z_]|[^\x00-\x7f]|\\.){_NAME_CHAR}*|--{_NAME_CHAR}*")


def _is_custom(name: str) -> bool:
    """https://drafts.csswg.org/css-variables/#custom-property"""
    return name.startswith("--")


# -- values -------------------------------------------------------------------------------------


def _serialize_components(tokens: list[Any]) -> str | None:
    """The value's component values as a string (whitespace and comments collapsed to one space,
    none at the ends or just inside brackets); None when the value is invalid."""
    out: list[str] = []
    for token in tokens:
        kind = token.type
        if kind in ("whitespace", "comment"):
            if out and out[-1] != " ":
                out.append(" ")
            continue
        if kind == "error":
            if token.kind not in _EOF_ERRORS:
                return None
            continue
        if kind == "function":
            inner = _serialize_components(token.arguments)
            if inner is None:
                return None
            out.append(f"{tinycss2.serialize([tinycss2.ast.IdentToken(0, 0, token.name)])}({inner})")
        elif kind in ("() block", "[] block", "{} block"):
            inner = _serialize_components(token.content)
            if inner is None:
                return None
            out.append(f"{kind[0]}{inner}{kind[1]}")
        elif kind == "string":  # https://drafts.csswg.org/cssom/#serialize-a-string
            out.append(f'"{serialize_string_value(token.value)}"')
        elif kind == "url":  # https://drafts.csswg.org/cssom/#serialize-a-url
            out.append(f'url("{serialize_string_value(token.value)}")')
        else:
            out.append(tinycss2.serialize([token]))
    while out and out[-1] == " ":
        out.pop()
    if out and out[0] == " ":
        out.pop(0)
    return "".join(out)


def _has_error(tokens: list[Any]) -> bool:
    for token in tokens:
        if token.type == "error" and token.kind not in _EOF_ERRORS:
            return True
        inner = getattr(token, "arguments", None) or getattr(token, "content", None)
        if isinstance(inner, list) and _has_error(inner):
            return True
    return False


def _parse_value(name: str, tokens: list[Any]) -> str | None:
    """The declaration's value as stored, or None if the declaration is invalid (dropped)."""
    if _is_custom(name):
        # https://drafts.csswg.org/css-variables/#defining-variables: any token sequence without
        # bad tokens or unmatched closers; kept as written, trimmed.
        if _has_error(tokens):
            return None
        return tinycss2.serialize(tokens).strip(" \t\n\r\f")
    if any(token.type == "{} block" for token in tokens):
        return None
    if any(token.type == "literal" and token.value in (";", "!", ":") for token in tokens):
        # "red !important" or "a; b" given to setProperty; a top-level colon ("color:: x")
        # is in no property's grammar
        return None
    value = _serialize_components(tokens)
    return value or None


def _box_parts(value: str, tokens: list[Any]) -> list[str] | None:
    """A box shorthand's value split into its 1 to 4 parts, or None when that needs a grammar."""
    parts: list[str] = []
    for token in tokens:
        if token.type in ("whitespace", "comment"):
            continue
        if token.type == "function" and token.lower_name in ("var", "env", "attr"):
            return None
        if token.type == "literal" or token.type.endswith("block"):
            return None
        part = _serialize_components([token])
        if part is None:
            return None
        parts.append(part)
    if not 1 <= len(parts) <= 4:
        return None
    if len(parts) > 1 and any(part.lower() in _CSS_WIDE_KEYWORDS for part in parts):
        return None
    top = parts[0]
    right = parts[1] if len(parts) > 1 else top
    bottom = parts[2] if len(parts) > 2 else top
    left = parts[3] if len(parts) > 3 else right
    return [top, right, bottom, left]


def _serialize_box(values: list[str]) -> str:
    """The shortest box shorthand value for top, right, bottom, left; "" if not representable
    (a CSS-wide keyword can only stand alone)."""
    top, right, bottom, left = values
    if any(v.lower() in _CSS_WIDE_KEYWORDS for v in values):
        return top if len(set(values)) == 1 else ""
    if left == right:
        if bottom == top:
            return top if right == top else f"{top} {right}"
        return f"{top} {right} {bottom}"
    return f"{top} {right} {bottom} {left}"


# -- the declaration block ----------------------------------------------------------------------


class _Declaration:
    __slots__ = ("value", "important")

    def __init__(self, value: str, important: bool) -> None:
        self.value = value
        self.important = important


def _component_tokens(value: str) -> list[Any]:
    return tinycss2.parse_component_value_list(value, skip_comments=False)


def _set_declaration(
    declarations: dict[str, _Declaration], name: str, value: str, tokens: list[Any], important: bool, in_place: bool
) -> None:
    """Add one valid declaration, expanding a box shorthand into its longhands.  *in_place*:
    setProperty keeps the declaration's position (https://drafts.csswg.org/cssom/#set-a-css-declaration);
    a parsed block's later declaration moves it last."""
    targets: list[tuple[str, str]]
    parts = _box_parts(value, tokens) if name in BOX_SHORTHANDS else None
    if parts is not None:
        declarations.pop(name, None)  # a kept-as-written shorthand is superseded
        targets = list(zip(BOX_SHORTHANDS[name], parts, strict=True))
    else:
        targets = [(name, value)]
        for longhand in BOX_SHORTHANDS.get(name, ()):  # ... and supersedes its longhands
            declarations.pop(longhand, None)
    for target, target_value in targets:
        existing = declarations.get(target)
        if existing is not None and existing.important and not important and not in_place:
            continue  # a block's normal declaration does not override an important one
        if existing is not None and in_place:
            existing.value, existing.important = target_value, important
            continue
        declarations.pop(target, None)
        declarations[target] = _Declaration(target_value, important)


def parse_css_declaration_block(text: str) -> dict[str, _Declaration]:
    """https://drafts.csswg.org/cssom/#parse-a-css-declaration-block: the valid declarations of
    *text* in order, later ones replacing earlier ones of the same property, except that a normal
    declaration does not replace an important one (https://drafts.csswg.org/css-cascade/#importance)."""
    declarations: dict[str, _Declaration] = {}
    for item in tinycss2.parse_blocks_contents(text, skip_comments=False, skip_whitespace=True):
        if item.type != "declaration":
            continue  # comments, nested rules, at-rules and parse errors are dropped
        name = item.name if _is_custom(item.name) else item.lower_name
        value = _parse_value(name, item.value or [])
        if value is None:
            continue
        _set_declaration(declarations, name, value, item.value or [], item.important, in_place=False)
    return declarations


def _camel_to_property(attribute: str) -> str:
    """https://drafts.csswg.org/cssom/#css-property-to-idl-attribute, reversed: ``cssFloat`` is
    ``float``, ``webkitFoo`` is ``-webkit-foo``, ``backgroundColor`` is ``background-color``."""
    if attribute == "cssFloat":
        return "float"
    if attribute.startswith("webkit") and attribute[6:7].isupper():
        attribute = "Webkit" + attribute[6:]
    return re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), attribute)


class CSSStyleDeclaration(IndexedCollection[str]):
    """https://drafts.csswg.org/cssom/#cssstyledeclaration -- an element's inline style.

    Python protocols: ``len(style)``, ``style[i]`` (property names), ``style["color"]`` (value),
    iteration over the property names, ``"color" in style``."""

    __slots__ = ("_owner", "_seen", "_declarations", "_names", "__weakref__")

    _owner: Any
    _seen: str | None | object
    _declarations: dict[str, _Declaration]
    _names: list[str] | None

    def __init__(self) -> None:
        raise TypeError("Illegal constructor: use element.style")

    @classmethod
    def _for_element(cls, element: Any) -> CSSStyleDeclaration:
        declaration = cls.__new__(cls)
        object.__setattr__(declaration, "_owner", element)
        object.__setattr__(declaration, "_seen", _UNSEEN)
        object.__setattr__(declaration, "_declarations", {})
        object.__setattr__(declaration, "_names", None)
        return declaration

    # -- the style attribute ----------------------------------------------------------------------

    def _block(self) -> dict[str, _Declaration]:
        """The declarations, re-parsed when the style attribute's value changed since last read
        (https://drafts.csswg.org/cssom/#the-elementcssinlinestyle-mixin: attribute change steps)."""
        value = self._owner.getAttribute("style")
        if value != self._seen:
            object.__setattr__(self, "_declarations", parse_css_declaration_block(value or ""))
            object.__setattr__(self, "_seen", value)
            object.__setattr__(self, "_names", None)
        return self._declarations

    def _update_style_attribute(self) -> None:
        """https://drafts.csswg.org/cssom/#update-style-attribute-for: set the attribute to the
        serialization (the updating flag: the new value is already the parsed state)."""
        text = self._serialize()
        object.__setattr__(self, "_seen", text)
        object.__setattr__(self, "_names", None)
        self._owner.setAttribute("style", text)

    # -- IDL --------------------------------------------------------------------------------------

    @property
    def cssText(self) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-csstext"""
        self._block()
        return self._serialize()

    @cssText.setter
    def cssText(self, value: Any) -> None:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-csstext ([LegacyNullToEmptyString])"""
        text = "" if value is None else to_dom_string(value)
        object.__setattr__(self, "_declarations", parse_css_declaration_block(text))
        self._update_style_attribute()

    def _serialize(self) -> str:
        """https://drafts.csswg.org/cssom/#serialize-a-css-declaration-block"""
        declarations = self._declarations
        out: list[str] = []
        already_serialized: set[str] = set()
        for name, declaration in declarations.items():
            if name in already_serialized:
                continue
            shorthand = _SHORTHAND_OF.get(name)
            if shorthand is not None:
                value, important = self._shorthand_value(shorthand)
                if value:
                    out.append(f"{shorthand}: {value}{' !important' if important else ''};")
                    already_serialized.update(BOX_SHORTHANDS[shorthand])
                    continue
            out.append(f"{name}: {declaration.value}{' !important' if declaration.important else ''};")
            already_serialized.add(name)
        return " ".join(out)

    @property
    def length(self) -> int:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-length"""
        return len(self._block())

    def item(self, index: Any) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-item -- "" out of range."""
        declarations = self._block()
        index = to_unsigned_long(index)
        if self._names is None:
            object.__setattr__(self, "_names", list(declarations))
        names = self._names
        assert names is not None
        return names[index] if index < len(names) else ""

    def _shorthand_value(self, shorthand: str) -> tuple[str, bool]:
        declarations = self._declarations
        found = [declarations.get(longhand) for longhand in BOX_SHORTHANDS[shorthand]]
        if any(d is None for d in found):
            return "", False
        importance = {d.important for d in found if d is not None}
        if len(importance) != 1:
            return "", False
        return _serialize_box([d.value for d in found if d is not None]), importance.pop()

    def _name(self, property: Any) -> str:
        name = to_dom_string(property)
        return name if _is_custom(name) else name.translate(_ASCII_LOWER)

    def getPropertyValue(self, property: Any) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-getpropertyvalue"""
        name = self._name(property)
        declaration = self._block().get(name)
        if declaration is not None:
            return declaration.value
        if name in BOX_SHORTHANDS:  # self._block() ran above
            return self._shorthand_value(name)[0]
        return ""

    def getPropertyPriority(self, property: Any) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-getpropertypriority"""
        name = self._name(property)
        declaration = self._block().get(name)
        if declaration is not None:
            return "important" if declaration.important else ""
        if name in BOX_SHORTHANDS:
            value, important = self._shorthand_value(name)
            return "important" if value and important else ""
        return ""

    def setProperty(self, property: Any, value: Any, priority: Any = "") -> None:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-setproperty"""
        name = self._name(property)
        value = to_dom_string(value)
        priority = to_dom_string(priority)
        if not _IDENT.fullmatch(name):  # step 2: not a property name
            return
        if value == "":  # step 3
            self.removeProperty(name)
            return
        if priority and priority.translate(_ASCII_LOWER) != "important":  # steps 4-5
            return
        tokens = _component_tokens(value)
        parsed = _parse_value(name, tokens)  # step 6: parse as the property's value
        if parsed is None:
            return
        declarations = self._block()
        _set_declaration(declarations, name, parsed, tokens, bool(priority), in_place=True)
        self._update_style_attribute()

    def removeProperty(self, property: Any) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-removeproperty"""
        name = self._name(property)
        value = self.getPropertyValue(name)
        declarations = self._block()
        removed = False
        for target in (name, *BOX_SHORTHANDS.get(name, ())):
            if declarations.pop(target, None) is not None:
                removed = True
        if removed:
            self._update_style_attribute()
        return value

    @property
    def parentRule(self) -> None:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-parentrule -- an inline style."""
        return None

    @property
    def cssFloat(self) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-cssfloat"""
        return self.getPropertyValue("float")

    @cssFloat.setter
    def cssFloat(self, value: Any) -> None:
        self.setProperty("float", "" if value is None else value)

    # -- camel-cased and dashed attributes (https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface)

    def __getattr__(self, attribute: str) -> str:
        if attribute.startswith("_"):
            raise AttributeError(attribute)
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


class ElementCSSInlineStyle:
    """The ``style`` attribute of HTML elements ([SameObject, PutForwards=cssText]):
    https://drafts.csswg.org/cssom/#dom-elementcssinlinestyle-style."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Element member the property uses (HTMLElement takes the property over)

        def _same_object(self, name: str, make: Callable[[], _T]) -> _T: ...

    @property
    def style(self) -> CSSStyleDeclaration:
        return self._same_object("style", lambda: CSSStyleDeclaration._for_element(self))

    @style.setter
    def style(self, value: Any) -> None:
        self.style.cssText = value
