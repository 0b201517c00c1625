"""outerHTML after attribute changes: what the serializer learnt about a tree before (which
elements libxml2 cannot write as the standard does) is updated for the changed elements only;
the result must be the one a document that never learnt anything gives."""

from __future__ import annotations

import random

import dom

_PAGE = (
    "<!DOCTYPE html><html><head><title>t</title></head><body>"
    "<div id=a class=x><p>one <b>two</b> &amp; three</p><ul><li>a</li><li></li></ul></div>"
    "<a href='https://example.org/a b'>link</a><img src=x alt=''><svg><circle r=1></circle></svg>"
    "<form action=/go><input name=q value=v checked></form><script>if (a<b) {}</script>"
    "</body></html>"
)

# Values and names that send an element down the algorithm's route, and ordinary ones.
_CHANGES = [
    ("class", "plain"), ("title", 'say "hi"'), ("title", "a\rb"), ("data-x", "\u00a0nb"),
    ("href", " x\u00e9"), ("src", "a b"), ("checked", ""), ("hidden", ""), ("name", "n\u00e9"),
    ("action", "/q?a=<b>"), ("data-y", "\ufffd"), ("lang", "en"), ("style", "a:b"),
]


def _apply(document: dom.Document, steps: list[tuple[int, str, str | None]]) -> None:
    elements = document.querySelectorAll("*")
    for index, name, value in steps:
        element = elements[index % len(elements)]
        if value is None:
            element.removeAttribute(name)
        else:
            element.setAttribute(name, value)


def test_outer_html_after_attribute_changes_matches_a_fresh_document() -> None:
    rng = random.Random(19)
    count = len(dom.parse_html(_PAGE).querySelectorAll("*"))
    for _ in range(60):
        warm = dom.parse_html(_PAGE)
        _ = warm.documentElement.outerHTML  # learn the tree
        done: list[tuple[int, str, str | None]] = []
        for _ in range(rng.randrange(1, 6)):
            steps = []
            for _ in range(rng.randrange(1, 4)):
                name, value = rng.choice(_CHANGES)
                steps.append((rng.randrange(count), name, None if rng.random() < 0.25 else value))
            _apply(warm, steps)
            done.extend(steps)
            fresh = dom.parse_html(_PAGE)
            _apply(fresh, done)
            assert warm.documentElement.outerHTML == fresh.documentElement.outerHTML
            assert warm.body.innerHTML == fresh.body.innerHTML


def test_namespaced_attribute_after_learning() -> None:
    warm = dom.parse_html(_PAGE)
    _ = warm.documentElement.outerHTML
    warm.body.setAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", "#x")
    warm.querySelector("circle").setAttributeNS("urn:other", "o:z", "1")
    fresh = dom.parse_html(_PAGE)
    fresh.body.setAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", "#x")
    fresh.querySelector("circle").setAttributeNS("urn:other", "o:z", "1")
    assert warm.documentElement.outerHTML == fresh.documentElement.outerHTML
    assert 'xlink:href="#x"' in warm.body.outerHTML
