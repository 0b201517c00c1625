"""dom/parsing/tag_starts.py: a tag's start found in the markup, ASCII case-insensitively, by
the C extension's search and by the regular expressions it stands in for."""

from __future__ import annotations

import random

import pytest

from dom.nodes.speedups import extension
from dom.parsing import tag_starts


def _assert_c_finds_what_the_pattern_finds(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(tag_starts, "extension", None)
    reference = {opening: tag_starts.tag_positions(text, opening) for opening in tag_starts.OPENINGS}
    monkeypatch.setattr(tag_starts, "extension", extension)
    found = {opening: tag_starts.tag_positions(text, opening) for opening in tag_starts.OPENINGS}
    assert found == reference, text


def test_what_a_tag_start_is() -> None:
    text = "<FORMS> <Form\n<form/ </form> x<form"
    assert tag_starts.tag_positions(text, "<form") == [8, 14]  # "<FORMS" names another tag; "<form" at the end ends no name
    assert tag_starts.tag_positions(text, "</form") == [21]
    assert tag_starts.next_tag(text, "<form", 9) == 14 and tag_starts.next_tag(text, "<form", 15) == -1
    assert tag_starts.contains_tag("<META charset=x>", "<meta")
    assert not tag_starts.contains_tag("<\u017fcript>", "<script")  # long s is an s in Unicode case folding only
    text = "<script\t</SCRIPT><TEMPLATE\f<template <meta/<met <scripts </form"
    assert [tag_starts.tag_positions(text, opening) for opening in tag_starts.OPENINGS] == [
        [], [], [0], [8], [17, 27], [37]]


@pytest.mark.skipif(extension is None, reason="the C extension is not in use")
def test_the_c_pass_finds_what_the_pattern_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(27)
    alphabet = ["<", "/", "f", "F", "o", "r", "m", ">", " ", "\t", "s", "c", "i", "p", "t", "e", "a", "l", "x"]
    wide = ["\u017f", "\u0130", "\u20ac", "\U0001f600", "\xe9"]  # each string kind: 1, 2 and 4 bytes a character
    for _ in range(5000):
        letters = alphabet + wide[: rng.randrange(len(wide) + 1)]
        _assert_c_finds_what_the_pattern_finds(monkeypatch, "".join(rng.choice(letters) for _ in range(rng.randrange(40))))


@pytest.mark.skipif(extension is None, reason="the C extension is not in use")
def test_the_c_pass_is_not_fooled_by_a_wide_character_holding_the_byte_of_lt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wide characters hold the byte of "<" (U+013C, U+3C00, U+3C3C) or of a letter with 0x20
    set (U+0146, U+0166) without being them, next to a real "<form" or standing for one."""
    rng = random.Random(28)
    alphabet = ["<", "f", "o", "r", "m", " ", "/", "\u013c", "\u3c00", "\u3c3c", "\u0146", "\u0166"]
    for _ in range(3000):
        _assert_c_finds_what_the_pattern_finds(monkeypatch, "".join(rng.choice(alphabet) for _ in range(rng.randrange(40))))
    assert tag_starts.tag_positions("\u3c00form \u013cform <form ", "<form") == [12]
    assert tag_starts.tag_positions("<\u0146orm <\u0166orm <Form>", "<form") == [12]


@pytest.mark.skipif(extension is None, reason="the C extension is not in use")
def test_the_c_pass_over_long_texts_finds_what_the_pattern_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts long enough for the pass to test 16, 8 or 4 positions at a time, with the openings'
    characters everywhere (in both cases, and in wide characters whose low byte is theirs)."""
    rng = random.Random(29)
    alphabet = ["<", "/", "f", "F", "o", "O", "r", "m", "M", ">", " ", "s", "S", "c", "t", "e", "l", "a", "p", "i"]
    wide = ["\u013c", "\u0166", "\u0173", "\u3c00", "\u20ac", "\U0001f600"]
    for _ in range(1500):
        letters = alphabet + wide[: rng.randrange(len(wide) + 1)]
        text = "".join(rng.choice(letters) for _ in range(rng.randrange(200)))
        _assert_c_finds_what_the_pattern_finds(monkeypatch, text)
        start = rng.randint(0, len(text))
        end = rng.randint(start, len(text))
        # ASCII case folding alone: a wide character never stands for a letter
        folded = "".join(c.lower() if c.isascii() else "\0" for c in text[start:end])
        for needle in ("shadowrootmode", "form", "te", "<f", "/"):
            position = extension.find_ascii_case_insensitive(text, needle, start, end)
            expected_at = folded.find(needle)
            assert position == (-1 if expected_at < 0 else start + expected_at), (text, needle, start, end)
    page = "<p>" + "x" * 100 + "<TEMPLATE shadowRootMode=open>" + "y" * 50
    assert extension.find_ascii_case_insensitive(page, "shadowrootmode", 0, len(page)) == 113
    assert tag_starts.tag_positions(page, "<template") == [103]


def _counting_passes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the pass over a str reads from now on (tag_starts._every_position)."""
    passes: list[str] = []
    every_position = tag_starts._every_position

    def counting(text: str) -> dict[str, list[int]]:
        passes.append(text)
        return every_position(text)

    monkeypatch.setattr(tag_starts, "_every_position", counting)
    return passes


def test_a_parse_reads_its_markup_for_tags_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The passes after the tree is built ask about their tags (whether there is a ``<template``:
    the declarative shadow roots' before and after the build, script preparation, the form
    pointer; where the forms and scripts start and end): while the parse runs, one pass over
    the markup answers them all, and is forgotten after."""
    import dom

    passes = _counting_passes(monkeypatch)
    markup = "<form><input></form><template><p>x</p></template><script>1</script>" * 3
    document = dom.parse_html(markup)
    assert len(document.querySelectorAll("template")) == 3 and len(document.forms) == 3
    assert passes == [markup]
    passes.clear()
    assert tag_starts.contains_tag(markup, "<template") and passes == [markup]  # outside a parse: read again
    with tag_starts.remembered_searches(markup):
        assert tag_starts.tag_positions(markup, "<template") == [20, 87, 154]
        assert tag_starts.contains_tag(markup, "<form") and tag_starts.next_tag(markup, "</form", 14) == 80
        assert not tag_starts.contains_tag(markup + " ", "<meta")  # another text: not this one's answer
    assert passes == [markup, markup, markup + " "]


@pytest.mark.skipif(extension is None, reason="the C extension is not in use")
def test_the_c_pass_over_utf8_bytes_finds_what_the_pass_over_the_text_finds() -> None:
    """Positions count characters, not bytes: the continuation bytes before an opening are left
    out, counted sixteen at a time (past 255 blocks too, where the lanes are summed); a
    character whose UTF-8 holds no "<" byte never stands for one."""
    rng = random.Random(30)
    alphabet = ["<", "/", "f", "F", "o", "r", "m", ">", " ", "s", "c", "i", "p", "t", "e", "a", "l", "M", "T",
                "\xe9", "\u013c", "\u3c00", "\u20ac", "\U0001f600", "\U0010ffff", "\0"]
    for size in [40] * 3000 + [300] * 300 + [6000] * 20:
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(size)))
        data = text.encode()
        assert extension.tag_openings_of_utf8(data, 0) == extension.tag_openings(text), text
        assert extension.tag_openings_of_utf8(b"\xef\xbb\xbf" + data, 3) == extension.tag_openings(text), text
    # a page of 100,000 continuation-heavy bytes, an opening at its end
    text = "\u20ac" * 50_000 + "<meta>"
    assert extension.tag_openings_of_utf8(text.encode(), 0)[5] == [50_000]
    with pytest.raises(ValueError):
        extension.tag_openings_of_utf8(b"x", 2)


def test_decoding_utf8_finds_the_openings_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """decode_finding_openings decodes as https://encoding.spec.whatwg.org/#decode does (a byte
    order mark overrides the encoding, errors become U+FFFD) and gives tag_positions' answers
    where it read them from UTF-8 bytes; else None."""
    from html_infra.encoding.encodings import decode

    markup = "<meta charset=utf-8>caf\xe9<form></form><script>\u20ac</script>"
    cases = [
        (markup.encode(), "UTF-8"),
        (b"\xef\xbb\xbf" + markup.encode(), "UTF-8"),  # the UTF-8 byte order mark is left out
        (b"\xff\xfe" + markup.encode("utf-16-le"), "UTF-8"),  # a UTF-16 one overrides the encoding
        (markup.encode()[:-3] + b"\xff<form>", "UTF-8"),  # an error: U+FFFD
        (markup.encode("latin-1", "replace"), "windows-1252"),
    ]
    for data, encoding in cases:
        text, openings = tag_starts.decode_finding_openings(data, encoding, decode)
        assert text == decode(data, encoding)
        read_from_bytes = extension is not None and encoding == "UTF-8" and data[:2] != b"\xff\xfe" and b"\xff<" not in data
        assert (openings is not None) == read_from_bytes, data
        if openings is not None:
            assert openings == {opening: tag_starts.tag_positions(text, opening) for opening in tag_starts.OPENINGS}
            with tag_starts.remembered_searches(text, openings):
                monkeypatch.setattr(tag_starts, "_every_position", None)  # not searched again
                assert tag_starts.next_tag(text, "</form", 0) == text.index("</form")
            monkeypatch.undo()


@pytest.mark.skipif(extension is None, reason="the C extension is not in use")
def test_a_parse_of_utf8_bytes_reads_the_bytes_for_tags_as_it_decodes(monkeypatch: pytest.MonkeyPatch) -> None:
    import dom

    passes = _counting_passes(monkeypatch)
    markup = "<meta charset=utf-8><form><input></form><template><p>\u20ac</p></template><script>1</script>" * 3
    document = dom.parse_html(markup.encode())
    assert len(document.querySelectorAll("template")) == 3 and len(document.forms) == 3
    assert document.forms[2].elements[0] is document.querySelectorAll("input")[2]
    assert passes == []
    dom.parse_html(markup.encode("utf-16"))
    assert passes == [markup]
