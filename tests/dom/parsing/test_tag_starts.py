"""dom/parsing/tag_starts.py: a tag's start found in the markup, ASCII case-insensitively, by
the C extension's search and by the regular expressions it stands in for."""

from __future__ import annotations

import random

import pytest

from dom.nodes.speedups import extension
from dom.parsing import tag_starts


def _both(monkeypatch: pytest.MonkeyPatch, call: str, *args: object) -> tuple[object, object]:
    monkeypatch.setattr(tag_starts, "extension", None)
    reference = getattr(tag_starts, call)(*args)
    monkeypatch.setattr(tag_starts, "extension", extension)
    return getattr(tag_starts, call)(*args), reference


def test_what_a_tag_start_is() -> None:
    text = "<FORMS> <Form\n<form/ </form> x<form"
    assert tag_starts.find_tag(text, "<form") == 8  # "<FORMS" names another tag; "<form" at the end ends no name
    assert tag_starts.find_tag(text, "<form", 9) == 14
    assert tag_starts.find_tag(text, "<form", 9, 20) == 14
    assert tag_starts.find_tag(text, "<form", 9, 19) == -1  # the "/" ending the name is past the end
    assert tag_starts.find_last_tag(text, "<form") == 14
    assert tag_starts.find_last_tag(text, "</form") == 21
    assert tag_starts.contains_tag("<META charset=x>", "<meta")
    assert not tag_starts.contains_tag("<\u017fcript>", "<script")  # long s is an s in Unicode case folding only


@pytest.mark.skipif(extension is None, reason="the C extension is not in use")
def test_the_c_search_finds_what_the_patterns_find(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(27)
    alphabet = ["<", "/", "f", "F", "o", "r", "m", ">", " ", "\t", "s", "c", "i", "p", "t", "x"]
    wide = ["\u017f", "\u0130", "\u20ac", "\U0001f600", "\xe9"]  # each string kind: 1, 2 and 4 bytes a character
    for _ in range(5000):
        letters = alphabet + wide[: rng.randrange(len(wide) + 1)]
        text = "".join(rng.choice(letters) for _ in range(rng.randrange(40)))
        start = rng.randint(0, len(text))
        end = rng.randint(start, len(text))
        for opening in ("<form", "</form", "<script", "<f"):
            found, expected = _both(monkeypatch, "find_tag", text, opening, start, end)
            assert found == expected, (text, opening, start, end)
            found, expected = _both(monkeypatch, "find_last_tag", text, opening, start)
            assert found == expected, (text, opening, start)


@pytest.mark.skipif(extension is None, reason="the C extension is not in use")
def test_the_c_search_is_not_fooled_by_a_wide_character_holding_the_byte_of_lt(monkeypatch: pytest.MonkeyPatch) -> None:
    """In 2-byte strings "<" is looked for byte-wise: U+013C, U+3C00 and U+3C3C hold its byte
    without being it, next to a real "<form" or standing for one."""
    rng = random.Random(28)
    alphabet = ["<", "f", "o", "r", "m", " ", "/", "\u013c", "\u3c00", "\u3c3c", "\u0146"]
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(40)))
        start = rng.randint(0, len(text))
        end = rng.randint(start, len(text))
        for opening in ("<form", "</form", "<f"):
            found, expected = _both(monkeypatch, "find_tag", text, opening, start, end)
            assert found == expected, (text, opening, start, end)
            found, expected = _both(monkeypatch, "find_last_tag", text, opening, start)
            assert found == expected, (text, opening, start)
    assert tag_starts.find_tag("\u3c00form \u013cform <form ", "<form") == 12
    assert tag_starts.find_last_tag("<form \u3c00form \u013cform ", "<form") == 0
