"""querySelectorAll answers a selector list whose every selector tests an attribute no element of
the document has from the parser's attribute census, without a walk (dom/selectors/engine.py
_none_can_match): the answers are those of the walk, on every shape the census does not cover."""

from __future__ import annotations

from typing import Any

import pytest

import dom
from dom.nodes.speedups import extension
from dom.selectors import engine

pytestmark = pytest.mark.skipif(extension is None or not hasattr(extension, "census_may_hold"),
                                reason="the C extension is not built (or WEBDOM_PURE_PYTHON is set)")

PAGE = (
    "<!doctype html><div id=a data-page=1><p class=x>one<a href=/u data-X-Internal>u</a></p></div>"
    "<svg viewBox='0 0 1 1'><a xlink:href=#s xlink:show=new>s</a></svg><template><i data-inert=1>t</i></template>"
    "<p a:b=1 data-q>q</p>"
)

SELECTORS = [
    "[data-page]", "[data-absent]", "[data-x-internal], [data-page]", "[data-absent], [data-none]",
    "[DATA-PAGE]", "[data-x-internal]", "p [data-absent]", "[data-absent] p", "div[data-page] p",
    "[viewbox]", "[viewBox]", "[href]", "[*|href]", "[*|show]", "[show]", "[data-inert]", "[a\\:b]",
    "[data-absent], p", "[data-absent], [data-page]", ":not([data-absent])", "p:has([data-absent])", "[data-q=x], [data-absent]",
    "[data-page^='1']", "[id]", "[class~=x]",
]


def _walked(document: Any, root: Any, selectors: str, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    with monkeypatch.context() as patched:
        patched.setattr(engine, "_none_can_match", lambda *args: False)
        return list(root.querySelectorAll(selectors))


@pytest.mark.parametrize("selectors", SELECTORS)
def test_the_census_answers_as_the_walk(selectors: str, monkeypatch: pytest.MonkeyPatch) -> None:
    document = dom.parse_html(PAGE.encode())
    template = document.querySelector("template")
    for root in (document, document.body, document.getElementById("a"), template.content):
        assert list(root.querySelectorAll(selectors)) == _walked(document, root, selectors, monkeypatch), (selectors, root)


def test_a_query_for_an_attribute_nobody_has_does_not_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    document = dom.parse_html(PAGE.encode())
    document.querySelectorAll("[data-none]")  # (compiled)
    monkeypatch.setattr(engine, "_run_all", None)  # a walk would fail
    assert list(document.querySelectorAll("[data-none], [data-absent]")) == []
    assert list(document.body.querySelectorAll("p [data-absent]")) == []
    with pytest.raises(TypeError):
        document.querySelectorAll("[data-page]")  # held: walked


def test_the_census_is_of_the_documents_tree_alone() -> None:
    """Nodes of the document outside its tree, made without a mutation of it, are not in the
    census: a fragment the range parses, an element below it."""
    document = dom.parse_html(PAGE.encode())
    version = document._version
    fragment = document.createRange().createContextualFragment("<b data-z><i data-z>y</i></b>")
    assert document._version == version  # (the census is still handed out)
    assert [e.localName for e in fragment.querySelectorAll("[data-z]")] == ["b", "i"]
    assert [e.localName for e in fragment.firstChild.querySelectorAll("[data-z]")] == ["i"]


def test_after_a_mutation_the_census_is_not_read() -> None:
    document = dom.parse_html(PAGE.encode())
    assert list(document.querySelectorAll("[data-new]")) == []
    document.body.setAttribute("data-new", "")
    assert list(document.querySelectorAll("[data-new]")) == [document.body]
    # a subtree outside the document's tree: its own attributes
    detached = document.createElement("div")
    detached.innerHTML = "<b data-absent>x</b>"
    assert [e.localName for e in detached.querySelectorAll("[data-absent]")] == ["b"]


def test_declarative_shadow_roots_keep_their_attributes_findable() -> None:
    """The parse renames shadowrootmode and back (dom/parsing/turbohtml_builder.py): a template
    whose mode is not a shadow root's keeps the attribute, which a query finds."""
    document = dom.parse_html(b"<div><template shadowrootmode=bogus><i>x</i></template></div>")
    assert [e.localName for e in document.querySelectorAll("[shadowrootmode]")] == ["template"]
    document = dom.parse_html(b"<div><template shadowrootmode=open><i>x</i></template></div><p data-x>")
    assert list(document.querySelectorAll("[shadowrootmode]")) == []
    assert len(document.querySelectorAll("[data-x]")) == 1
