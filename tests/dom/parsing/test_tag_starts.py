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


def _assert_searches_agree(monkeypatch: pytest.MonkeyPatch, rng: random.Random, text: str,
                           openings: tuple[str, ...]) -> tuple[int, int]:
    """find_tag and find_last_tag in C answer as the patterns do for each of *openings* over a
    random stretch of *text*; returns the stretch."""
    start = rng.randint(0, len(text))
    end = rng.randint(start, len(text))
    for opening in openings:
        found, expected = _both(monkeypatch, "find_tag", text, opening, start, end)
        assert found == expected, (text, opening, start, end)
        found, expected = _both(monkeypatch, "find_last_tag", text, opening, start)
        assert found == expected, (text, opening, start)
    return start, end


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
        _assert_searches_agree(monkeypatch, rng, text, ("<form", "</form", "<script", "<f"))


@pytest.mark.skipif(extension is None, reason="the C extension is not in use")
def test_the_c_search_is_not_fooled_by_a_wide_character_holding_the_byte_of_lt(monkeypatch: pytest.MonkeyPatch) -> None:
    """In 2-byte strings "<" is looked for byte-wise: U+013C, U+3C00 and U+3C3C hold its byte
    without being it, next to a real "<form" or standing for one."""
    rng = random.Random(28)
    alphabet = ["<", "f", "o", "r", "m", " ", "/", "\u013c", "\u3c00", "\u3c3c", "\u0146"]
    for _ in range(3000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(40)))
        _assert_searches_agree(monkeypatch, rng, text, ("<form", "</form", "<f"))
    assert tag_starts.find_tag("\u3c00form \u013cform <form ", "<form") == 12
    assert tag_starts.find_last_tag("<form \u3c00form \u013cform ", "<form") == 0


@pytest.mark.skipif(extension is None, reason="the C extension is not in use")
def test_the_c_search_over_long_texts_finds_what_the_patterns_find(monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts long enough for the search to test 16 or 8 positions at a time, with the needle's
    characters everywhere (in both cases, and in wide characters whose low byte is theirs)."""
    rng = random.Random(29)
    alphabet = ["<", "/", "f", "F", "o", "O", "r", "m", "M", ">", " ", "s", "S", "c", "t", "e", "l", "a", "p"]
    wide = ["\u013c", "\u0166", "\u0173", "\u3c00", "\u20ac", "\U0001f600"]
    for _ in range(1500):
        letters = alphabet + wide[: rng.randrange(len(wide) + 1)]
        text = "".join(rng.choice(letters) for _ in range(rng.randrange(200)))
        start, end = _assert_searches_agree(monkeypatch, rng, text, ("<form", "</form", "<template", "<f"))
        # ASCII case folding alone: a wide character never stands for a letter
        folded = "".join(c.lower() if c.isascii() else "\0" for c in text[start:end])
        for needle in ("shadowrootmode", "form", "te"):
            last = rng.random() < 0.5
            position = extension.find_ascii_case_insensitive(text, needle, start, end, last)
            expected_at = folded.rfind(needle) if last else folded.find(needle)
            assert position == (-1 if expected_at < 0 else start + expected_at), (text, needle, start, end, last)
    page = "<p>" + "x" * 100 + "<TEMPLATE shadowRootMode=open>" + "y" * 50
    assert extension.find_ascii_case_insensitive(page, "shadowrootmode", 0, len(page), False) == 113
    assert extension.find_ascii_case_insensitive(page, "shadowrootmode", 0, len(page), True) == 113
    assert tag_starts.find_tag(page, "<template") == 103 and tag_starts.find_last_tag(page, "<template") == 103


def test_a_parse_asks_each_search_of_its_markup_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The passes after the tree is built ask whether there is a ``<template`` again (the
    declarative shadow roots' before and after the build, script preparation, the form pointer):
    while the parse runs the answer is kept, and forgotten after."""
    import dom

    asked: list[str] = []
    find_tag = tag_starts.find_tag

    def counting(text: str, opening: str, start: int = 0, end: int | None = None) -> int:
        asked.append(opening)
        return find_tag(text, opening, start, end)

    monkeypatch.setattr(tag_starts, "find_tag", counting)
    markup = "<form><input></form><template><p>x</p></template><script>1</script>" * 3
    document = dom.parse_html(markup)
    assert len(document.querySelectorAll("template")) == 3 and len(document.forms) == 3
    assert asked.count("<template") == 1
    asked.clear()
    assert tag_starts.contains_tag(markup, "<template") and asked == ["<template"]  # outside a parse: asked
    with tag_starts.remembered_searches(markup):
        assert tag_starts.contains_tag(markup, "<template") and tag_starts.contains_tag(markup, "<template")
        assert not tag_starts.contains_tag(markup + " ", "<template ")  # another text: not this one's answer
    assert asked == ["<template", "<template", "<template "]
