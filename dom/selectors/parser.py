"""Parsing a selector list into an abstract syntax tree (https://drafts.csswg.org/selectors-4/#grammar).

The string is tokenized by tinycss2 (CSS Syntax Level 3: escapes, strings, blocks closed at the
end of input, An+B), then read here by the Selectors Level 4 grammar::

    <complex-selector> = <compound-selector> [ <combinator>? <compound-selector> ]*
    <compound-selector> = [ <type-selector>? <subclass-selector>* [ <pseudo-element> <pseudo-class>* ]* ]!

Anything the grammar (or the set of pseudo-classes a browser knows) rejects raises
:class:`InvalidSelector` with a message naming the offending part in plain words; the engine turns
it into a "SyntaxError" DOMException.  No namespace prefix is declared for the DOM APIs, so
``ns|div`` is invalid while ``*|div`` and ``|div`` are not.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, cast

import tinycss2
from tinycss2.nth import parse_nth

from ..css.values import preprocess

__all__ = [
    "InvalidSelector",
    "TypeSelector",
    "IdSelector",
    "ClassSelector",
    "AttributeSelector",
    "PseudoClass",
    "PseudoElement",
    "Compound",
    "Complex",
    "parse_selector_list",
    "KNOWN_PSEUDO_ELEMENTS",
    "PSEUDO_CLASSES",
]


class InvalidSelector(Exception):
    """The selector does not parse; the message says where and why."""


# -- the tree -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TypeSelector:
    """``name`` ("*" for the universal selector) in ``namespace``: None when no prefix was given
    (any namespace: the DOM APIs declare no default namespace), "*" for ``*|``, "" for ``|``."""

    namespace: str | None
    name: str


@dataclass(frozen=True)
class IdSelector:
    name: str


@dataclass(frozen=True)
class ClassSelector:
    name: str


@dataclass(frozen=True)
class AttributeSelector:
    """``[namespace|name operator value flag]``; namespace None for no prefix (no namespace),
    "*" for any; operator None for a presence test; flag "i", "s" or None."""

    namespace: str | None
    name: str
    operator: str | None
    value: str
    flag: str | None


@dataclass(frozen=True)
class PseudoClass:
    """``:name`` or ``:name(argument)``; the argument's shape depends on the pseudo-class (a
    selector list, an ``(a, b, of-list)`` triple, a tuple of strings...)."""

    name: str
    argument: Any = None


@dataclass(frozen=True)
class PseudoElement:
    name: str
    argument: Compound | None = None  # ::slotted()'s compound selector
    names: tuple[str, ...] = ()  # ::part()'s part names
    # the tree-abiding pseudo-element after ::slotted() or ::part() (::part(x)::before): the
    # selector then styles that pseudo-element of the elements they match, not the elements
    then: str | None = None
    # the user-action pseudo-classes after it (::before:hover): nothing is hovered or focused
    # here, so such a selector styles nothing
    states: tuple[str, ...] = ()


Simple = IdSelector | ClassSelector | AttributeSelector | PseudoClass


@dataclass(frozen=True)
class Compound:
    type: TypeSelector | None
    simples: tuple[Simple, ...]
    pseudo_element: PseudoElement | None = None


@dataclass(frozen=True)
class Complex:
    """Compounds joined by combinators (" ", ">", "+", "~"): ``combinators[i]`` sits between
    ``compounds[i]`` and ``compounds[i + 1]``.  A relative selector (in ``:has()``) has one more
    combinator, first, relating the anchor element to ``compounds[0]``."""

    compounds: tuple[Compound, ...]
    combinators: tuple[str, ...]

    @property
    def pseudo_element(self) -> PseudoElement | None:
        return self.compounds[-1].pseudo_element


# -- what a browser knows -----------------------------------------------------------------------

# https://drafts.csswg.org/css-pseudo-4/ and friends: pseudo-elements valid in a selector (they
# never match an element).
KNOWN_PSEUDO_ELEMENTS = frozenset({
    "before", "after", "first-line", "first-letter", "marker", "placeholder", "selection", "backdrop",
    "file-selector-button", "target-text", "spelling-error", "grammar-error", "highlight", "slotted", "part",
    "cue", "cue-region", "details-content", "picker", "picker-icon", "checkmark", "scroll-marker",
    "scroll-marker-group", "scroll-button", "column", "view-transition", "view-transition-group",
    "view-transition-image-pair", "view-transition-old", "view-transition-new", "search-text",
})
_FUNCTIONAL_PSEUDO_ELEMENTS = frozenset({
    "highlight", "slotted", "part", "cue", "cue-region", "picker", "scroll-button", "view-transition-group",
    "view-transition-image-pair", "view-transition-old", "view-transition-new",
})
# Written with one colon, these four are pseudo-elements (CSS 2 syntax).
_LEGACY_PSEUDO_ELEMENTS = frozenset({"before", "after", "first-line", "first-letter"})
# The pseudo-elements a tree-abiding one may follow.
_FOLLOWED = frozenset({"slotted", "part"})
# https://drafts.csswg.org/css-pseudo-4/#treelike: pseudo-elements that may follow ::slotted().
_TREE_ABIDING = frozenset({"before", "after", "marker", "placeholder", "file-selector-button"})
# Pseudo-classes that may follow a pseudo-element (https://drafts.csswg.org/selectors-4/#pseudo-element-states).
_AFTER_PSEUDO_ELEMENT = frozenset({"hover", "active", "focus", "focus-visible", "focus-within"})

# Every pseudo-class without an argument that the engine knows (xpath.py says how each matches).
PSEUDO_CLASSES = frozenset({
    # structural and tree (https://drafts.csswg.org/selectors-4/#structural-pseudos)
    "root", "empty", "first-child", "last-child", "only-child", "first-of-type", "last-of-type",
    "only-of-type", "scope", "defined", "link", "any-link", "local-link",
    # time-dimensional (https://drafts.csswg.org/selectors-4/#time-pseudos): no playback here
    "current", "past", "future",
    # shadow trees (https://drafts.csswg.org/css-scoping/#host-selector)
    "host",
    # element state, from the HTML Standard (https://html.spec.whatwg.org/#pseudo-classes)
    "checked", "default", "indeterminate", "enabled", "disabled", "required", "optional", "valid",
    "invalid", "in-range", "out-of-range", "read-only", "read-write", "placeholder-shown", "autofill",
    "-webkit-autofill", "open", "modal", "popover-open", "heading",
    # media elements: nothing plays here, so they are all paused
    "playing", "paused", "seeking", "buffering", "stalled", "muted", "volume-locked",
    # need a user, a navigation, a focus or layout: never match here
    "visited", "hover", "active", "focus", "focus-visible", "focus-within", "target", "target-within",
    "user-valid", "user-invalid", "fullscreen", "picture-in-picture", "xr-overlay",
})
# Functional pseudo-classes taking a selector list; forgiving ones drop the items that fail.
_LIST_FUNCTIONS = {"is": True, "where": True, "not": False, "has": False, "current": False}
_NTH_FUNCTIONS = frozenset({"nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type"})


# -- the parser ---------------------------------------------------------------------------------


def _describe(token: Any) -> str:
    """A token as a person reads it in an error message."""
    if token is None:
        return "the end of the selector"
    text = tinycss2.serialize([token]) if token.type != "error" else ""
    if token.type == "error":
        return {"bad-string": "a string broken by a newline", "eof-in-url": "an unterminated url("}.get(
            token.kind, f"an unmatched '{token.kind}'" if token.kind in ")]}" else "a parse error"
        )
    return f"'{text}'" if token.type != "whitespace" else "whitespace"


def _clean(tokens: list[Any]) -> list[Any]:
    """Tokens without comments; a string left open at the end of input is closed (CSS Syntax
    error recovery), any other tokenizer error makes the selector invalid."""
    out = []
    for token in tokens:
        if token.type == "comment":
            continue
        if token.type == "error":
            if token.kind == "eof-in-string":
                continue
            raise InvalidSelector(f"found {_describe(token)}")
        out.append(token)
    return out


def _split_commas(tokens: list[Any]) -> list[list[Any]]:
    parts: list[list[Any]] = [[]]
    for token in tokens:
        if token.type == "literal" and token.value == ",":
            parts.append([])
        else:
            parts[-1].append(token)
    return parts


def _strip(tokens: list[Any]) -> list[Any]:
    start, end = 0, len(tokens)
    while start < end and tokens[start].type == "whitespace":
        start += 1
    while end > start and tokens[end - 1].type == "whitespace":
        end -= 1
    return tokens[start:end]




def parse_selector_list(text: str) -> tuple[Complex, ...]:
    """https://drafts.csswg.org/selectors-4/#parse-a-selector -- a <selector-list>, or
    InvalidSelector."""
    tokens = tinycss2.parse_component_value_list(preprocess(text))
    return _Parser().selector_list(_clean(tokens), relative=False)


def parse_selector_tokens(tokens: list[Any]) -> tuple[Complex, ...]:
    """parse_selector_list of a style rule's prelude as the sheet's parse tokenized it (from
    preprocessed input: https://drafts.csswg.org/css-syntax/#input-preprocessing)."""
    return _Parser().selector_list(_clean(tokens), relative=False)


class _Parser:
    """Reads one selector list; ``in_has`` forbids :has() nested in :has() (the grammar of
    https://drafts.csswg.org/selectors-4/#relational)."""

    __slots__ = ("tokens", "pos", "in_has")

    def __init__(self, in_has: bool = False) -> None:
        self.tokens: list[Any] = []
        self.pos = 0
        self.in_has = in_has

    # -- lists and complex selectors --------------------------------------------------------------

    def selector_list(self, tokens: list[Any], relative: bool, forgiving: bool = False) -> tuple[Complex, ...]:
        parts = _split_commas(tokens)
        result = []
        for index, part in enumerate(parts):
            part = _strip(part)
            try:
                if not part:
                    if forgiving:
                        continue
                    if len(parts) == 1:
                        raise InvalidSelector("the selector is empty")
                    where = "before the first ','" if index == 0 else "after ','"
                    raise InvalidSelector(f"a selector is missing {where}")
                result.append(_Parser(self.in_has).complex(part, relative))
            except InvalidSelector:
                if not forgiving:
                    raise
        return tuple(result)

    def peek(self) -> Any:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def next(self) -> Any:
        token = self.peek()
        self.pos += 1
        return token

    def skip_whitespace(self) -> bool:
        seen = False
        while (token := self.peek()) is not None and token.type == "whitespace":
            self.pos += 1
            seen = True
        return seen

    def combinator(self) -> str | None:
        token = self.peek()
        if token is not None and token.type == "literal" and token.value in (">", "+", "~"):
            self.pos += 1
            combinator: str = token.value
            return combinator
        return None

    def complex(self, tokens: list[Any], relative: bool) -> Complex:
        self.tokens, self.pos = tokens, 0
        combinators: list[str] = []
        if relative:
            combinators.append(self.combinator() or " ")
            self.skip_whitespace()
        compounds = [self.compound()]
        while self.peek() is not None:
            spaced = self.skip_whitespace()
            if self.peek() is None:
                break
            found = self.combinator()
            if found is None:
                if not spaced:
                    raise InvalidSelector(f"unexpected {_describe(self.peek())}")
                found = " "
            if compounds[-1].pseudo_element is not None:
                raise InvalidSelector(f"nothing may follow the pseudo-element ::{compounds[-1].pseudo_element.name}")
            self.skip_whitespace()
            if self.peek() is None:
                raise InvalidSelector(f"a selector is missing after the combinator '{found}'")
            combinators.append(found)
            compounds.append(self.compound())
        return Complex(tuple(compounds), tuple(combinators))

    # -- compound selectors -----------------------------------------------------------------------

    def compound(self) -> Compound:
        start = self.peek()
        type_selector = self.type_selector()
        simples: list[Simple] = []
        pseudo_element: PseudoElement | None = None
        while (token := self.peek()) is not None:
            if token.type == "whitespace" or (token.type == "literal" and token.value in (">", "+", "~")):
                break
            if pseudo_element is not None and not (token.type == "literal" and token.value == ":"):
                raise InvalidSelector(f"unexpected {_describe(token)} after the pseudo-element")
            self.pos += 1
            if token.type == "hash":
                if not token.is_identifier:
                    raise InvalidSelector(f"'#{token.value}' is not a valid ID selector (an ID selector needs a name)")
                simples.append(IdSelector(token.value))
            elif token.type == "literal" and token.value == ".":
                name = self.next()
                if name is None or name.type != "ident":
                    raise InvalidSelector(f"a class name must follow '.', not {_describe(name)}")
                simples.append(ClassSelector(name.value))
            elif token.type == "[] block":
                simples.append(_attribute(token))
            elif token.type == "literal" and token.value == ":":
                following = self.peek()
                if following is not None and following.type == "literal" and following.value == ":":
                    self.pos += 1
                    if pseudo_element is not None:
                        following_element = self.pseudo_element()
                        # https://drafts.csswg.org/css-scoping/#slotted-pseudo: ::slotted() may be
                        # followed by a tree-abiding pseudo-element (::slotted(p)::marker), as may
                        # ::part() (https://drafts.csswg.org/css-shadow-parts/#part); the pair styles
                        # that pseudo-element of the elements they match, and no element
                        if (pseudo_element.name not in _FOLLOWED or pseudo_element.then is not None
                                or following_element.name not in _TREE_ABIDING):
                            raise InvalidSelector("a pseudo-element cannot follow another pseudo-element")
                        pseudo_element = replace(pseudo_element, then=following_element.name)
                        continue
                    pseudo_element = self.pseudo_element()
                    continue
                pseudo = self.pseudo_class()
                if isinstance(pseudo, PseudoElement):
                    if pseudo_element is not None:
                        raise InvalidSelector("a pseudo-element cannot follow another pseudo-element")
                    pseudo_element = pseudo
                elif pseudo_element is not None and pseudo.name not in _AFTER_PSEUDO_ELEMENT:
                    raise InvalidSelector(f"':{pseudo.name}' cannot follow a pseudo-element")
                elif pseudo_element is not None:
                    pseudo_element = replace(pseudo_element, states=(*pseudo_element.states, pseudo.name))
                else:
                    simples.append(pseudo)
            elif token.type == "literal" and token.value == "&":
                # https://drafts.csswg.org/css-nesting-1/#nest-selector: outside a style rule, :scope
                simples.append(PseudoClass("scope"))
            elif _name_or_star(token) is not None or (token.type == "literal" and token.value == "|"):
                raise InvalidSelector(f"a type selector ({_describe(token)}) must come first in a compound selector")
            else:
                raise InvalidSelector(f"unexpected {_describe(token)}")
        if type_selector is None and not simples and pseudo_element is None:
            raise InvalidSelector(f"expected a selector, found {_describe(start)}")
        return Compound(type_selector, tuple(simples), pseudo_element)

    def type_selector(self) -> TypeSelector | None:
        """https://drafts.csswg.org/selectors-4/#typedef-type-selector with its <ns-prefix>."""
        token = self.peek()
        if token is None:
            return None
        first = _name_or_star(token)
        bar = token.type == "literal" and token.value == "|"
        if first is None and not bar:
            return None
        following = self.tokens[self.pos + 1] if self.pos + 1 < len(self.tokens) else None
        if bar or (following is not None and following.type == "literal" and following.value == "|"):
            self.pos += 1 if bar else 2
            name_token = self.next()
            name = _name_or_star(name_token) if name_token is not None else None
            if name is None:
                raise InvalidSelector(f"an element name or '*' must follow '|', not {_describe(name_token)}")
            namespace = "" if bar else first
            if namespace not in ("", "*"):
                raise InvalidSelector(
                    f"the namespace prefix '{namespace}' is not declared (selectors given to the DOM have none)"
                )
            return TypeSelector(namespace, name)
        self.pos += 1
        return TypeSelector(None, cast(str, first))  # not bar, so first is a name or "*"

    # -- pseudo-classes and pseudo-elements -------------------------------------------------------

    def pseudo_element(self) -> PseudoElement:
        token = self.next()
        if token is not None and token.type == "ident":
            name = token.lower_value
            if name in KNOWN_PSEUDO_ELEMENTS and name not in _FUNCTIONAL_PSEUDO_ELEMENTS:
                return PseudoElement(name)
        elif token is not None and token.type == "function":
            name = token.lower_name
            if name == "slotted":
                # https://drafts.csswg.org/css-scoping/#slotted-pseudo: ::slotted(<compound-selector>)
                return PseudoElement(name, self.compound_argument("::slotted()", _clean(token.arguments)))
            if name == "part":
                # https://drafts.csswg.org/css-shadow-parts/#part: ::part(<ident>+)
                idents = [t for t in _clean(token.arguments) if t.type != "whitespace"]
                if not idents or any(t.type != "ident" for t in idents):
                    raise InvalidSelector("::part() takes one or more part names")
                return PseudoElement(name, names=tuple(t.value for t in idents))
            if name in _FUNCTIONAL_PSEUDO_ELEMENTS:
                return PseudoElement(name)
        raise InvalidSelector(f"unknown pseudo-element ::{_bare(token)}")

    def pseudo_class(self) -> PseudoClass | PseudoElement:
        token = self.next()
        if token is not None and token.type == "ident":
            name = token.lower_value
            if name in _LEGACY_PSEUDO_ELEMENTS:
                return PseudoElement(name)
            if name in PSEUDO_CLASSES:
                return PseudoClass(name)
            if name in _LIST_FUNCTIONS or name in _NTH_FUNCTIONS or name in ("lang", "dir"):
                raise InvalidSelector(f"':{name}' needs an argument in parentheses")
        elif token is not None and token.type == "function":
            return self.functional(token)
        raise InvalidSelector(f"unknown pseudo-class :{_bare(token)}")

    def functional(self, token: Any) -> PseudoClass:
        name = token.lower_name
        arguments = _clean(token.arguments)
        if name in _LIST_FUNCTIONS:
            has = name == "has"
            if has and self.in_has:
                raise InvalidSelector(":has() cannot be nested inside :has()")
            inner = _Parser(self.in_has or has)
            selectors = inner.selector_list(arguments, relative=has, forgiving=_LIST_FUNCTIONS[name])
            for selector in selectors:
                if any(compound.pseudo_element is not None for compound in selector.compounds):
                    raise InvalidSelector(f"a pseudo-element cannot appear inside :{name}()")
            if not selectors and not _LIST_FUNCTIONS[name]:
                raise InvalidSelector(f":{name}() needs a selector")
            return PseudoClass(name, selectors)
        if name in _NTH_FUNCTIONS:
            return PseudoClass(name, self.nth(name, arguments))
        if name == "lang":
            ranges = []
            for part in _split_commas(arguments):
                part = _strip(part)
                if len(part) != 1 or part[0].type not in ("ident", "string"):
                    raise InvalidSelector(":lang() takes language ranges (identifiers or strings) separated by commas")
                ranges.append(part[0].value)
            return PseudoClass(name, tuple(ranges))
        if name in ("dir", "state"):
            part = _strip(arguments)
            if len(part) != 1 or part[0].type != "ident":
                raise InvalidSelector(f":{name}() takes one identifier")
            return PseudoClass(name, part[0].lower_value if name == "dir" else part[0].value)
        if name == "heading":
            levels = []
            for part in _split_commas(arguments):
                part = _strip(part)
                if len(part) != 1 or part[0].type != "number" or not part[0].is_integer:
                    raise InvalidSelector(":heading() takes integers separated by commas")
                levels.append(part[0].int_value)
            return PseudoClass(name, tuple(levels))
        if name == "host":
            # https://drafts.csswg.org/css-scoping/#host-selector: :host(<compound-selector>).
            # :host-context() is no longer defined (the CSS WG removed it, w3c/csswg-drafts#1914),
            # so it is an unknown pseudo-class here although Chromium still accepts it.
            return PseudoClass(name, self.compound_argument(f":{name}()", arguments))
        raise InvalidSelector(f"unknown pseudo-class :{name}()")

    def compound_argument(self, what: str, arguments: list[Any]) -> Compound:
        """The single <compound-selector> argument of :host() and ::slotted()."""
        tokens = _strip(arguments)
        if not tokens:
            raise InvalidSelector(f"{what} needs a compound selector")
        inner = _Parser(self.in_has)
        inner.tokens, inner.pos = tokens, 0
        compound = inner.compound()
        if (extra := inner.peek()) is not None:
            if extra.type == "whitespace" or (extra.type == "literal" and extra.value in (">", "+", "~", ",")):
                raise InvalidSelector(f"{what} takes one compound selector (no combinator, no list)")
            raise InvalidSelector(f"unexpected {_describe(extra)} in {what}")
        if compound.pseudo_element is not None:
            raise InvalidSelector(f"a pseudo-element cannot appear inside {what}")
        return compound

    def nth(self, name: str, arguments: list[Any]) -> tuple[int, int, tuple[Complex, ...] | None]:
        """https://drafts.csswg.org/css-syntax-3/#anb-microsyntax, then ``of <complex-real-selector-list>``
        for :nth-child() and :nth-last-child() (https://drafts.csswg.org/selectors-4/#the-nth-child-pseudo)."""
        of_at = next(
            (i for i, t in enumerate(arguments) if t.type == "ident" and t.lower_value == "of"), None
        )
        an_b = arguments if of_at is None else arguments[:of_at]
        parsed = parse_nth(an_b) if _strip(an_b) else None
        if parsed is None:
            raise InvalidSelector(f":{name}() takes an An+B expression such as 2n+1, odd or even")
        of = None
        if of_at is not None:
            if name not in ("nth-child", "nth-last-child") or not an_b or an_b[-1].type != "whitespace":
                raise InvalidSelector(f"'of' is not allowed in :{name}()")
            if not _strip(arguments[of_at + 1 :]):
                raise InvalidSelector(f"a selector must follow 'of' in :{name}()")
            of = _Parser(self.in_has).selector_list(arguments[of_at + 1 :], relative=False)
            if any(c.pseudo_element is not None for s in of for c in s.compounds):
                raise InvalidSelector(f"a pseudo-element cannot appear inside :{name}()")
        return parsed[0], parsed[1], of


def _bare(token: Any) -> str:
    if token is None:
        return " (nothing follows the colon)"
    if token.type == "function":
        name: str = token.name
        return name + "()"
    return tinycss2.serialize([token]) if token.type != "error" else "?"


def _name_or_star(token: Any) -> str | None:
    if token.type == "ident":
        name: str = token.value
        return name
    if token.type == "literal" and token.value == "*":
        return "*"
    return None


_OPERATORS = {"=": "=", "~=": "~=", "|=": "|=", "^=": "^=", "$=": "$=", "*=": "*="}


def _attribute(block: Any) -> AttributeSelector:
    """https://drafts.csswg.org/selectors-4/#typedef-attribute-selector"""
    tokens = _strip(_clean(block.content))
    pos = 0

    def at(i: int) -> Any:
        return tokens[i] if i < len(tokens) else None

    first = at(0)
    if first is None:
        raise InvalidSelector("an attribute selector '[]' needs an attribute name")
    namespace: str | None = None
    if first.type == "literal" and first.value == "|":
        namespace, pos = "", 1
    elif _name_or_star(first) is not None and (bar := at(1)) is not None and bar.type == "literal" and bar.value == "|":
        namespace, pos = _name_or_star(first), 2
        if namespace != "*":
            raise InvalidSelector(
                f"the namespace prefix '{namespace}' is not declared (selectors given to the DOM have none)"
            )
    name_token = at(pos)
    if name_token is None or name_token.type != "ident":
        raise InvalidSelector(f"an attribute name is missing in [{tinycss2.serialize(block.content)}]")
    pos += 1
    while (t := at(pos)) is not None and t.type == "whitespace":
        pos += 1
    operator_token = at(pos)
    if operator_token is None:
        return AttributeSelector(namespace, name_token.value, None, "", None)
    if operator_token.type != "literal" or operator_token.value not in _OPERATORS:
        raise InvalidSelector(f"unexpected {_describe(operator_token)} in an attribute selector")
    pos += 1
    while (t := at(pos)) is not None and t.type == "whitespace":
        pos += 1
    value_token = at(pos)
    if value_token is None or value_token.type not in ("ident", "string"):
        raise InvalidSelector(
            f"the attribute selector [{tinycss2.serialize(block.content)}] needs a value (an identifier or a string)"
        )
    pos += 1
    while (t := at(pos)) is not None and t.type == "whitespace":
        pos += 1
    flag = None
    flag_token = at(pos)
    if flag_token is not None:
        if flag_token.type != "ident" or flag_token.lower_value not in ("i", "s"):
            raise InvalidSelector(f"unexpected {_describe(flag_token)} in an attribute selector (flags are i and s)")
        flag = flag_token.lower_value
        pos += 1
        if at(pos) is not None:
            raise InvalidSelector(f"unexpected {_describe(at(pos))} in an attribute selector")
    return AttributeSelector(namespace, name_token.value, operator_token.value, value_token.value or "", flag)
