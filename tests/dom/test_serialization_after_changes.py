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


def test_problems_of_a_subtree_survive_changes_elsewhere(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The serializer's knowledge of a subtree is a memo value over that subtree
    (Document._memoized_over's rule): changing another subtree does not make it check this one
    again, changing this one does, and the output stays the fresh document's."""
    from dom import serialization

    monkeypatch.setattr(serialization, "_C_SERIALIZE", None)  # the libxml2 route, where the memo is
    checked: list[object] = []
    real = serialization._problems
    monkeypatch.setattr(serialization, "_problems", lambda top, *rest: checked.append(top) or real(top, *rest))
    document = dom.parse_html("<div id=a><p>x<li></li></p></div><div id=b><i>y</i></div>")
    a, b = document.getElementById("a"), document.getElementById("b")
    first = a.outerHTML
    assert len(checked) == 1
    for i in range(50):
        b.appendChild(document.createElement("span")).textContent = str(i)
        assert a.outerHTML == first
    assert len(checked) == 1
    a.firstChild.appendChild(document.createTextNode("z"))
    fresh = dom.parse_html("<div id=a><p>x<li></li></p></div>")
    fresh.getElementById("a").firstChild.appendChild(fresh.createTextNode("z"))
    assert a.outerHTML == fresh.getElementById("a").outerHTML
    assert [top for top in checked if top is a._lx] == [a._lx, a._lx]


def test_problems_follow_a_move_to_another_namespace_scope(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A subtree moved under other namespace declarations (out of an svg) is checked again: what
    libxml2 writes for it depends on the declarations in scope."""
    from dom import serialization

    monkeypatch.setattr(serialization, "_C_SERIALIZE", None)
    markup = "<div id=d></div><svg><g id=g><circle r=1></circle></g></svg>"
    document = dom.parse_html(markup)
    g = document.getElementById("g")
    before = g.outerHTML
    document.getElementById("d").appendChild(g)
    fresh = dom.parse_html(markup)
    fresh.getElementById("d").appendChild(fresh.getElementById("g"))
    assert g.outerHTML == fresh.getElementById("g").outerHTML
    assert document.body.innerHTML == fresh.body.innerHTML
    assert before == g.outerHTML


def test_a_comment_changed_outdates_what_was_derived_from_its_subtree_only() -> None:
    """A comment's or processing instruction's data change is logged as a change of its parent's
    children (dom/memo.py): outerHTML and innerText of the subtrees holding it are made again,
    and the cascade is brought up to date, not made again."""
    from dom.cssom.cascade import cascade_of

    document = dom.parse_html("<style>p{color:red}</style><div id=a><p>x<!--one--></p></div><div id=b>y</div>")
    a, b = document.getElementById("a"), document.getElementById("b")
    window = document.defaultView
    p = document.querySelector("p")
    before = (a.outerHTML, b.outerHTML, document.body.innerHTML, window.getComputedStyle(p).color)
    cascade = cascade_of(document)
    comment = p.lastChild
    comment.data = "two"
    assert a.outerHTML == before[0].replace("one", "two") and b.outerHTML == before[1]
    assert document.body.innerHTML == before[2].replace("one", "two")
    assert window.getComputedStyle(p).color == before[3] and cascade_of(document) is cascade
    fresh = dom.parse_html(document.documentElement.outerHTML)
    assert fresh.body.innerHTML == document.body.innerHTML
