"""The pattern attribute as a v-flag RegExp, matched in linear time (dom/html/forms/pattern.py)."""

from __future__ import annotations

import pytest

import webdom
from dom.html.forms.pattern import compile_pattern


def _mismatch(pattern: str, value: str) -> bool:
    doc = webdom.parse_html("<input>")
    field = doc.querySelector("input")
    field.setAttribute("pattern", pattern)
    field.value = value
    return bool(field.validity.patternMismatch)


# The WPT's infinite_backtracking.html: a backtracking engine takes 2^n steps on this value.
def test_hostile_pattern_is_linear() -> None:
    assert _mismatch("(\\d+)*$", "12345678901234567890123456789123456789z") is True
    assert _mismatch("(\\d+)*$", "1" * 100_000) is False
    assert _mismatch("(a|aa)*b", "a" * 50_000) is True


@pytest.mark.parametrize(("pattern", "value", "matches"), [
    ("[a-z]{3}", "abc", True), ("[a-z]{3}", "abcd", False),  # anchored at both ends
    ("a$", "a\n", False),  # JS's $ never matches before a final newline
    ("a.c", "a\nc", False), ("a.c", "a\u2028c", False), ("a.c", "a\u00e9c", True),  # . and line terminators
    ("\\s", "\u00a0", True), ("\\s", "\ufeff", True), ("\\S", "\u3000", False),  # ECMAScript WhiteSpace
    ("\\d", "\u0663", False), ("\\w", "\u00e9", False),  # ASCII only, as in JS
    ("a\\u{10FFFF}", "a\U0010ffff", True), ("\\uD83D\\uDE00", "\U0001f600", True), ("\\u00e9", "\u00e9", True),
    ("\\cJ", "\n", True), ("\\x41", "A", True), ("[^]", "x", True), ("[]", "x", False),
    ("\\p{Lu}+", "\u00c0B", True), ("\\p{Script=Greek}", "\u03b1", True), ("\\P{Letter}", "1", True),
    ("[\\d\\s-]+", "1 2", None), ("[\\d\\s]+", "1 2", True), ("[a\\-z]", "-", True),
    ("(?<n>a)\\k<n>", "aa", True), ("(a)\\1", "aa", True), ("(a)\\1", "ab", False),  # backtracking fallback
    ("(?=.*\\d)[a-z\\d]{3}", "ab1", True), ("(?=.*\\d)[a-z\\d]{3}", "abc", False), ("(?<!a)b", "b", True),
    ("a{2000}", "a" * 2000, True),  # over RE2's repetition limit: the bounded fallback
])
def test_javascript_semantics(pattern: str, value: str, matches: bool | None) -> None:
    compiled = compile_pattern(pattern)
    assert (None if compiled is None else compiled.matches(value)) is matches


# https://html.spec.whatwg.org/#compiled-pattern-regular-expression step 4: no pattern
@pytest.mark.parametrize("pattern", [
    "(abc", "a)(b", "a{", "\\a", "[(]", "[a-]", "[a&&b]", "a**", "\\1", "\\k<x>", "[z-a]",
    "\\u1234\\cx[5-[]{2}",  # valid with the u flag (the 2021 WPT's assumption), not with v
])
def test_v_mode_syntax_errors_give_no_pattern(pattern: str) -> None:
    assert compile_pattern(pattern) is None
    assert _mismatch(pattern, "anything") is False


def test_what_cannot_be_matched_in_linear_time_constrains_nothing() -> None:
    assert compile_pattern("((a+)+)(?=b)b") is None  # nested quantifiers with a lookahead
    assert compile_pattern("[\\p{L}--[a-z]]") is None  # v-flag set operations
    assert compile_pattern("(\\d+)*(?=x)") is None


def test_multiple_emails_each_match() -> None:
    doc = webdom.parse_html('<input type=email multiple pattern="[a-z]+@x\\.test">')
    field = doc.querySelector("input")
    field.value = "a@x.test, b@x.test"
    assert field.validity.patternMismatch is False
    field.value = "a@x.test,B@x.test"
    assert field.validity.patternMismatch is True


def test_lone_surrogate_values() -> None:
    compiled = compile_pattern(".")
    assert compiled is not None and compiled.matches("\ud800")
