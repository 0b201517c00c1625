"""Tokens, keywords and enumerated attributes, boolean attributes, hash-name references.

https://html.spec.whatwg.org/#space-separated-tokens,
https://html.spec.whatwg.org/#keywords-and-enumerated-attributes
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Generic, TypeVar

from ..infra import OrderedSet, ascii_lowercase, split_on_ascii_whitespace, split_on_commas

__all__ = [
    "split_space_separated_tokens",
    "unordered_set_of_unique_tokens",
    "ordered_set_of_unique_tokens",
    "split_comma_separated_tokens",
    "EnumeratedAttribute",
    "is_boolean_attribute_set",
    "parse_hash_name_reference",
]

S = TypeVar("S", bound=Hashable)


def split_space_separated_tokens(value: str) -> list[str]:
    """https://html.spec.whatwg.org/#set-of-space-separated-tokens"""
    return split_on_ascii_whitespace(value)


def unordered_set_of_unique_tokens(value: str) -> set[str]:
    """https://html.spec.whatwg.org/#unordered-set-of-unique-space-separated-tokens"""
    return set(split_on_ascii_whitespace(value))


def ordered_set_of_unique_tokens(value: str) -> OrderedSet[str]:
    """https://html.spec.whatwg.org/#ordered-set-of-unique-space-separated-tokens
    (the DOM's ordered set parser: https://dom.spec.whatwg.org/#concept-ordered-set-parser)."""
    return OrderedSet(split_on_ascii_whitespace(value))


def split_comma_separated_tokens(value: str) -> list[str]:
    """https://html.spec.whatwg.org/#set-of-comma-separated-tokens"""
    return split_on_commas(value)


class EnumeratedAttribute(Generic[S]):
    """An enumerated attribute's keywords and states (https://html.spec.whatwg.org/#enumerated-attribute).

    ``keywords`` maps each keyword (matched ASCII case-insensitively) to its state; the
    missing value default, invalid value default and empty value default are states (None for
    "no state").  ``state(value)`` resolves a content attribute value (None when absent) the way
    the spec says, with one dictionary lookup on the hot path.  ``canonical`` maps a state to
    the keyword reflection returns (the first keyword listed for it unless given).
    """

    __slots__ = ("keywords", "missing_value_default", "invalid_value_default", "empty_value_default", "canonical")

    def __init__(
        self,
        keywords: Mapping[str, S],
        missing_value_default: S | None = None,
        invalid_value_default: S | None = None,
        empty_value_default: S | None = None,
        canonical: Mapping[S, str] | None = None,
    ) -> None:
        self.keywords = {ascii_lowercase(k): v for k, v in keywords.items()}
        self.missing_value_default = missing_value_default
        self.invalid_value_default = invalid_value_default
        self.empty_value_default = empty_value_default
        if canonical is None:
            canonical = {}
            for keyword, state in keywords.items():
                canonical.setdefault(state, keyword)
        self.canonical = dict(canonical)

    def state(self, value: str | None) -> S | None:
        """The state for a content attribute *value* (None: the attribute is absent)."""
        if value is None:
            return self.missing_value_default
        found = self.keywords.get(value)
        if found is None:
            found = self.keywords.get(ascii_lowercase(value))
        if found is not None:
            return found
        if value == "" and self.empty_value_default is not None:
            return self.empty_value_default
        return self.invalid_value_default

    def keyword_for(self, state: S | None) -> str | None:
        return None if state is None else self.canonical.get(state)

    def __repr__(self) -> str:
        return f"EnumeratedAttribute({list(self.keywords)})"


def is_boolean_attribute_set(value: str | None) -> bool:
    """https://html.spec.whatwg.org/#boolean-attribute: presence is true, whatever the value."""
    return value is not None


def parse_hash_name_reference(value: str) -> str | None:
    """https://html.spec.whatwg.org/#rules-for-parsing-a-hash-name-reference, steps 1-2: the name
    to look for, or None.  (Finding the element in a tree is the DOM's part.)"""
    index = value.find("#")
    if index == -1 or index == len(value) - 1:
        return None
    return value[index + 1 :]
