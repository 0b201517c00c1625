"""Selectors on attribute values the lxml mirror holds lossily (dom/lxml_mirror.py: what XML cannot
hold is U+FFFD there): a form feed is ASCII whitespace, so it separates classes and ``~=`` words
(https://drafts.csswg.org/selectors-4/#class-html, #attribute-representation), while U+000B and
NUL do not; and a selector value with such characters matches only the true value, not every value
the mirror holds alike.  querySelectorAll, matches, the one-walk query and the cascade agree with
the selectors read on the true values."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import dom
from html_infra.infra import ascii_lowercase, split_on_ascii_whitespace


def _ids(elements: Any) -> list[str]:
    return [e.id for e in elements]


def test_a_form_feed_separates_classes() -> None:
    document = dom.parse_html('<body><div><p id=p class="x\fa">t</p><p id=q class=a>u</p>'
                              '<p id=r class="a\x0bb">v</p></div>')
    p = document.getElementById("p")
    assert p.matches(".a") and p.matches("p.x.a") and p.closest(".a") is p
    for selector in (".a", "p.a", "body .a", "div > .a", "div .a:first-child", "body p.a"):
        found = _ids(document.querySelectorAll(selector))
        assert found == [i for i in ("p", "q") if document.getElementById(i).matches(selector)], selector
    assert _ids(document.querySelectorAll(".a")) == ["p", "q"] == _ids(document.getElementsByClassName("a"))
    # U+000B is no ASCII whitespace: "a\vb" is one class (str.split() would make two)
    assert not document.getElementById("r").matches(".a") and not document.getElementById("r").matches(".b")
    assert document.getElementById("r").matches(".a\\b b")


def test_a_form_feed_separates_words_of_includes() -> None:
    document = dom.parse_html('<p id=p title="u\fv">t</p><p id=q title="u v">t</p>')
    assert _ids(document.querySelectorAll("[title~=v]")) == ["p", "q"]
    assert _ids(document.querySelectorAll("[title~=V i]")) == ["p", "q"]
    assert _ids(document.querySelectorAll('[title="u v"]')) == ["q"]


def test_a_value_the_mirror_cannot_hold_matches_only_itself() -> None:
    document = dom.parse_html('<p id=q title="a\x01b">t</p><p id=r title="a\x02b">t</p><p id=s title="a\ufffdb">t</p>')
    assert _ids(document.querySelectorAll('[title="a\\1 b"]')) == ["q"]
    assert _ids(document.querySelectorAll('[title*="\\2 "]')) == ["r"]
    assert _ids(document.querySelectorAll('[title$="\\fffd b"]')) == ["s"]
    assert _ids(document.querySelectorAll('[title^="a"]')) == ["q", "r", "s"]


def test_the_cascade_reads_the_true_classes() -> None:
    document = dom.parse_html("<style>.a{color:red} [title~=v]{display:inline-block} #i\\1 {color:blue}</style>"
                              '<p class="x\fa" title="u\fv">t</p><p class=a>u</p><p id="i\x01">w</p><p id="i\x02">w</p>')
    window = document.defaultView
    assert [window.getComputedStyle(e).color for e in document.querySelectorAll("p")] == [
        "rgb(255, 0, 0)", "rgb(255, 0, 0)", "rgb(0, 0, 255)", "rgb(0, 0, 0)"]
    assert window.getComputedStyle(document.querySelector("p")).display == "inline-block"


def test_a_lossy_value_set_later_or_adopted_is_read_as_it_is() -> None:
    document = dom.parse_html("<p id=p class=x>t</p>")
    p = document.getElementById("p")
    assert not p.matches(".a")
    p.setAttribute("class", "x\fa")
    assert p.matches(".a") and _ids(document.querySelectorAll("body .a")) == ["p"]
    other = dom.parse_html("<div></div>")
    other.querySelector("div").appendChild(other.adoptNode(p))
    assert _ids(other.querySelectorAll("div > .a")) == ["p"]


# -- generated: values and selectors over characters the mirror holds as they are and lossily ----

_CHARS = ("a", "b", "A", " ", "\f", "\x01", "\x0b", "\ufffd", "-")
_value = st.text(alphabet=st.sampled_from(_CHARS), max_size=5)
_word = st.text(alphabet=st.sampled_from(("a", "b", "A", "\x01", "\ufffd", "-", "\x0b")), min_size=1, max_size=3)


def _escaped(value: str) -> str:
    """*value* as a CSS string's content (hex escapes for what is not a letter or hyphen)."""
    return "".join(c if c.isalpha() and c.isascii() or c == "-" else f"\\{ord(c):x} " for c in value)


def _attribute_matches(actual: str | None, operator: str, value: str, fold: bool) -> bool:
    """https://drafts.csswg.org/selectors-4/#attribute-selectors on the true value."""
    if actual is None:
        return False
    if fold:
        actual, value = ascii_lowercase(actual), ascii_lowercase(value)
    if operator == "=":
        return actual == value
    if operator == "~=":
        return value != "" and not any(c in " \t\n\r\f" for c in value) and value in split_on_ascii_whitespace(actual)
    if operator == "|=":
        return actual == value or actual.startswith(value + "-")
    if not value:
        return False
    return {"^=": actual.startswith, "$=": actual.endswith, "*=": actual.__contains__}[operator](value)


@settings(max_examples=150, deadline=None)
@given(classes=st.lists(_value, min_size=1, max_size=5), titles=st.lists(_value, min_size=1, max_size=5),
       word=_word, value=_value, operator=st.sampled_from(("=", "~=", "|=", "^=", "$=", "*=")),
       fold=st.booleans())
def test_generated_values_match_as_their_true_values(classes: list[str], titles: list[str], word: str, value: str,
                                                     operator: str, fold: bool) -> None:
    body = "".join(f'<p class="{c}" title="{t}"></p>' for c, t in zip(classes, titles))
    document = dom.parse_html(f"<!doctype html><body><div>{body}</div>")
    elements = list(document.querySelectorAll("p"))
    class_selector = "." + "".join(f"\\{ord(c):x} " for c in word)
    expected = [e for e in elements if word in split_on_ascii_whitespace(e.getAttribute("class"))]
    for selector in (class_selector, f"div {class_selector}", f"div > p{class_selector}"):
        assert list(document.querySelectorAll(selector)) == expected, selector
        assert [e for e in elements if e.matches(selector)] == expected, selector
    attribute_selector = f'[title{operator}"{_escaped(value)}"{" i" if fold else ""}]'
    expected = [e for e in elements if _attribute_matches(e.getAttribute("title"), operator, value, fold)]
    assert list(document.querySelectorAll(attribute_selector)) == expected, attribute_selector
    assert [e for e in elements if e.matches(attribute_selector)] == expected, attribute_selector


def test_the_cascade_brought_up_to_date_reads_the_true_classes() -> None:
    """After a mutation the cascade rematches the elements by their index keys
    (dom/cssom/style_invalidation.py): those of a class held lossily are its true classes."""
    document = dom.parse_html("<style>.a{color:red} .b:focus-within{color:blue}</style>"
                              '<p id=p class="x\fy">t</p><p id=q class="b\fz" tabindex=0>u</p>')
    window = document.defaultView
    p, q = document.getElementById("p"), document.getElementById("q")
    assert window.getComputedStyle(p).color == "rgb(0, 0, 0)"
    p.setAttribute("class", "x\fa")
    assert window.getComputedStyle(p).color == "rgb(255, 0, 0)"
    q.focus()
    assert window.getComputedStyle(q).color == "rgb(0, 0, 255)"
    p.setAttribute("class", "a\x0bb")
    assert window.getComputedStyle(p).color == "rgb(0, 0, 0)"


def test_the_cascade_tells_values_the_mirror_holds_alike_apart() -> None:
    """Verdicts remembered by the attribute values an element has (dom/cssom/compound_verdicts.py)
    are not those of the lxml mirror where it holds them lossily."""
    document = dom.parse_html('<style>p[title="a\\1 b"]{color:red} p[title~=v]{display:inline}</style>'
                              '<p title="a\x01b">t</p><p title="a\x02b">t</p><p title="a\x01b">t</p>'
                              '<p title="u\fv">t</p><p title="u\x01v">t</p>')
    window = document.defaultView
    assert [window.getComputedStyle(e).color for e in document.querySelectorAll("p")] == [
        "rgb(255, 0, 0)", "rgb(0, 0, 0)", "rgb(255, 0, 0)", "rgb(0, 0, 0)", "rgb(0, 0, 0)"]
    assert [window.getComputedStyle(e).display for e in document.querySelectorAll("p")] == [
        "block", "block", "block", "inline", "block"]


def test_attribute_selectors_with_a_namespace_read_the_true_values() -> None:
    """``[|a]`` (no namespace) and ``[*|a]`` (any namespace: the attributes of any namespace whose
    local name is a, and the one in none) read the true values too."""
    document = dom.parse_html('<p id=p>t</p><p id=q a="c">u</p><svg><g id=g></g></svg>')
    p = document.getElementById("p")
    p.setAttributeNS("urn:x", "x:a", "b\fc")
    p.setAttribute("t", "q\fz")
    g = document.getElementById("g")
    g.setAttributeNS("urn:x", "x:A", "C\fd")
    cases = {"[*|a~=c]": ["p", "q"], "[*|a~=b]": ["p"], "[a~=c]": ["q"], "[|t~=z]": ["p"], "[*|t~=z]": ["p"],
             '[*|a="b\\c c"]': ["p"], "[*|A~=C]": ["g"], "[*|a~=C i]": ["p", "q"], "[*|A~=c]": ["p", "q"]}
    for selector, expected in cases.items():
        assert _ids(document.querySelectorAll(selector)) == expected, selector
        assert [e.id for e in document.querySelectorAll("*") if e.matches(selector)] == expected, selector
