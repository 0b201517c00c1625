"""DOMTokenList (https://dom.spec.whatwg.org/#interface-domtokenlist).

A token list is a live view of one null-namespace attribute of an element (``class`` for
``classList``, ``rel`` for ``relList``, ...).  The standard keeps a token set that the attribute
change steps re-parse whenever the attribute changes, and that the methods write back through the
update steps.  The token set is therefore always the ordered-set parse of the attribute's current
value (empty when the attribute is absent), so instead of hooking every attribute change this
module caches the parse keyed by the attribute value it was computed from: reading a list costs
one lxml attribute lookup and a string comparison, and the list is right after ``setAttribute``,
``removeAttribute``, ``Attr.value``, cloning, parsing or any other path that changes the
attribute.

Python protocol (on top of the IDL members): ``len()``, ``tl[i]`` (negative indexes count from
the end; out of range raises ``IndexError``, like NodeList), slices, iteration over the tokens,
``"a" in tl`` (``contains`` for strings, False for anything else) and ``str(tl)`` (the
stringifier, i.e. ``value``).  ``keys()``/``values()``/``entries()``/``forEach()`` are the value
iterator members of ``iterable<DOMString>``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from html_infra.infra import ascii_lowercase
from webidl import DOMSyntaxError, InvalidCharacterError
from webidl.interface import IndexedCollection
from webidl.operations import attributes, operations

from .lxml_mirror import attr_key_for

__all__ = ["DOMTokenList", "parse_ordered_set", "serialize_ordered_set"]

# A run of code points that are not ASCII whitespace (https://infra.spec.whatwg.org/#ascii-whitespace).
_TOKEN = re.compile("[^\t\n\x0c\r ]+")
_ASCII_WHITESPACE = re.compile("[\t\n\x0c\r ]")


def parse_ordered_set(value: str) -> dict[str, None]:
    """https://dom.spec.whatwg.org/#concept-ordered-set-parser -- split on ASCII whitespace and
    keep the first occurrence of each token.  A dict is the ordered set (insertion-ordered,
    O(1) membership)."""
    return dict.fromkeys(_TOKEN.findall(value))


def serialize_ordered_set(tokens: Iterable[str]) -> str:
    """https://dom.spec.whatwg.org/#concept-ordered-set-serializer -- the tokens joined by U+0020."""
    return " ".join(tokens)


def _check_token(token: str) -> None:
    # The argument checks shared by add/remove/toggle/replace.
    if token == "":
        raise DOMSyntaxError("the token must not be empty")
    if _ASCII_WHITESPACE.search(token) is not None:
        raise InvalidCharacterError(f"the token {token!r} contains ASCII whitespace")


@attributes("DOMTokenList", "value")
@operations("DOMTokenList", "item", "contains", "add", "remove", "toggle", "replace", "supports")
class DOMTokenList(IndexedCollection[str]):
    """https://dom.spec.whatwg.org/#interface-domtokenlist

    ``DOMTokenList(element, local_name, supported_tokens=None)``: the list of *element*'s
    null-namespace attribute *local_name*.  *supported_tokens* (any iterable of strings) are the
    tokens ``supports()`` accepts, compared ASCII case-insensitively; None means the attribute
    defines no supported tokens, so ``supports()`` raises ``TypeError``.
    """

    __slots__ = ("_element", "_local_name", "_key", "_supported", "_raw", "_set", "_tokens", "__weakref__")

    def __init__(self, element: Any, local_name: str, supported_tokens: Iterable[str] | None = None) -> None:
        self._element = element
        self._local_name = local_name
        # The lxml key of the attribute (null namespace, this local name): fixed for the list's life.
        self._key = attr_key_for(None, None, local_name)
        self._supported = (
            None if supported_tokens is None else frozenset(ascii_lowercase(t) for t in supported_tokens)
        )
        # Cache: the attribute value (None = absent) the token set was parsed from.
        self._raw: str | None = None
        self._set: dict[str, None] = {}
        self._tokens: tuple[str, ...] = ()

    # -- the associated attribute -----------------------------------------------------------------

    def _attribute_value(self) -> str | None:
        """https://dom.spec.whatwg.org/#concept-element-attributes-get-by-namespace (namespace
        null, this list's local name) -> its value, or None."""
        element = self._element
        lx = getattr(element, "_lx", None)
        if lx is None:  # an element-like object without the lxml store: its public API
            found: str | None = element.getAttributeNS(None, self._local_name)
        else:
            found = element._value_for_key(self._key)
        return found

    def _set_attribute_value(self, value: str) -> None:
        """https://dom.spec.whatwg.org/#concept-element-attributes-set-value (namespace null,
        prefix null): change the attribute, or append it when absent."""
        element = self._element
        if getattr(element, "_lx", None) is None:
            element.setAttributeNS(None, self._local_name, value)
        else:
            element._store_attribute(self._key, None, value)

    def _token_set(self) -> dict[str, None]:
        """https://dom.spec.whatwg.org/#concept-dtl-tokens, as the attribute change steps leave
        it: the parse of the attribute's value, or empty when there is no attribute."""
        raw = self._attribute_value()
        if raw != self._raw:
            self._raw = raw
            self._set = {} if raw is None else parse_ordered_set(raw)
            self._tokens = tuple(self._set)
        return self._set

    def _update(self, tokens: dict[str, None]) -> None:
        """https://dom.spec.whatwg.org/#concept-dtl-update for the token set *tokens*."""
        # 1. No attribute and an empty set: leave the element alone (no empty attribute appears).
        if not tokens and self._attribute_value() is None:
            return
        # 2. Write the serialization; the attribute change steps would re-parse it to *tokens*.
        value = serialize_ordered_set(tokens)
        self._set_attribute_value(value)
        self._raw, self._set, self._tokens = value, tokens, tuple(tokens)

    # -- IDL members --------------------------------------------------------------------------------

    @property
    def length(self) -> int:
        """https://dom.spec.whatwg.org/#dom-domtokenlist-length"""
        self._token_set()
        return len(self._tokens)

    def item(self, index: int) -> str | None:
        """https://dom.spec.whatwg.org/#dom-domtokenlist-item (None past the end; the IDL
        ``unsigned long`` conversion makes -1 a huge index, so also None)."""
        self._token_set()
        tokens = self._tokens
        return tokens[index] if index < len(tokens) else None

    def contains(self, token: str) -> bool:
        """https://dom.spec.whatwg.org/#dom-domtokenlist-contains"""
        return token in self._token_set()

    def add(self, *tokens: str) -> None:
        """https://dom.spec.whatwg.org/#dom-domtokenlist-add"""
        # 1. Every token is checked before any is added.
        for token in tokens:
            _check_token(token)
        # 2. Append each to a copy of the token set (the cached dict is never mutated in place).
        new_set = dict(self._token_set())
        for token in tokens:
            new_set[token] = None
        # 3.
        self._update(new_set)

    def remove(self, *tokens: str) -> None:
        """https://dom.spec.whatwg.org/#dom-domtokenlist-remove"""
        for token in tokens:
            _check_token(token)
        new_set = dict(self._token_set())
        for token in tokens:
            new_set.pop(token, None)
        self._update(new_set)

    def toggle(self, token: str, force: bool | None = None) -> bool:
        """https://dom.spec.whatwg.org/#dom-domtokenlist-toggle (*force* None: not given; null
        or any other value given converts to a boolean)."""
        given = force is not None
        force_value = bool(force)
        # 1-2.
        _check_token(token)
        current = self._token_set()
        # 3. Present: remove unless force is true; no update when nothing changes (web compat).
        if token in current:
            if not given or not force_value:
                new_set = dict(current)
                del new_set[token]
                self._update(new_set)
                return False
            return True
        # 4. Absent: add unless force is false.
        if not given or force_value:
            new_set = dict(current)
            new_set[token] = None
            self._update(new_set)
            return True
        # 5.
        return False

    def replace(self, token: str, newToken: str) -> bool:  # noqa: N803 -- IDL argument name
        """https://dom.spec.whatwg.org/#dom-domtokenlist-replace"""
        new_token = newToken
        # 1. Both arguments are checked for emptiness before either is checked for whitespace.
        if token == "" or new_token == "":
            raise DOMSyntaxError("the token must not be empty")
        # 2.
        _check_token(token)
        _check_token(new_token)
        current = self._token_set()
        # 3.
        if token not in current:
            return False
        # 4. https://infra.spec.whatwg.org/#set-replace: the first of token/newToken becomes
        # newToken, later instances of either go.
        new_set: dict[str, None] = {}
        for t in current:
            if t == token or t == new_token:
                new_set[new_token] = None
            else:
                new_set[t] = None
        # 5-6. (The update steps run even when token == newToken, normalising the attribute.)
        self._update(new_set)
        return True

    def supports(self, token: str) -> bool:
        """https://dom.spec.whatwg.org/#dom-domtokenlist-supports (the validation steps)."""
        # 1. No supported tokens defined for this element and attribute.
        if self._supported is None:
            raise TypeError(f"the {self._local_name!r} attribute has no supported tokens")
        # 2-4.
        return ascii_lowercase(token) in self._supported

    @property
    def value(self) -> str:
        """https://dom.spec.whatwg.org/#dom-domtokenlist-value (the serialize steps: the
        attribute's value, "" when absent -- not the serialized token set)."""
        raw = self._attribute_value()
        return "" if raw is None else raw

    @value.setter
    def value(self, value: str) -> None:
        self._set_attribute_value(value)

    # The stringifier is the value attribute.
    def __str__(self) -> str:
        return self.value

    toString = __str__

    # -- Python protocol ----------------------------------------------------------------------------

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index: Any) -> Any:
        if type(index) is int:  # one read of the attribute instead of length + item()
            self._token_set()
            tokens = self._tokens
            if -len(tokens) <= index < len(tokens):
                return tokens[index]
            raise IndexError(f"index {index} out of range for DOMTokenList of length {len(tokens)}")
        return super().__getitem__(index)

    def __iter__(self) -> Iterator[str]:
        # Live, index by index as a JS loop over the list.  Between two steps the attribute is
        # re-read only if the document's mutation counter moved (every DOM attribute change
        # bumps it), so a pass over a long unchanged list is linear, not quadratic.
        i = 0
        seen_document: Any = None
        seen_version = -1
        while True:
            document = getattr(self._element, "_doc", None)
            if document is None or document is not seen_document or document._version != seen_version:
                self._token_set()
                seen_document = document
                seen_version = -1 if document is None else document._version
            tokens = self._tokens
            if i >= len(tokens):
                return
            yield tokens[i]
            i += 1

    def __contains__(self, token: object) -> bool:
        return isinstance(token, str) and token in self._token_set()

    def __repr__(self) -> str:
        return f"<DOMTokenList {list(self._token_set())!r}>"
