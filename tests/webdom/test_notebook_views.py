"""What Jupyter shows for documents, elements, collections and URLs (``_repr_html_``), and that a
hostile page cannot put markup of its own into the notebook."""

from __future__ import annotations

from html.parser import HTMLParser

import webdom
from dom.notebook import MAX_ITEMS

# The only elements the views write; anything else in the output came from the page.
OURS = {"div", "span", "details", "summary", "b", "i", "ol", "li", "table", "caption", "tr", "th", "td"}


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.started: list[str] = []
        self.open: list[str] = []
        self.attributes: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.started.append(tag)
        self.attributes.update(name for name, _ in attrs)
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, (self.open[-5:], tag)
        self.open.pop()


def _checked(html: str) -> _Tags:
    """The output's tags: only ours, only our attributes, every element closed in order."""
    tags = _Tags()
    tags.feed(html)
    tags.close()
    assert set(tags.started) <= OURS, set(tags.started) - OURS
    assert tags.attributes <= {"style", "open", "start", "value"}, tags.attributes
    assert tags.open == []
    return tags


HOSTILE = (
    b"<title></details><script>alert(1)</script></title>"
    b"<div id='\"><img src=x onerror=alert(1)>' class='a </details><b>'>"
    b"<a<b>odd tag name</a<b><p>&lt;/div&gt;&lt;script&gt;x()&lt;/script&gt;<!-- --><script>y()</script> -->"
    b"<svg><foreignObject><p onclick=z()>in svg</p></foreignObject></svg>"
)


def test_hostile_page_shows_as_text() -> None:
    document = webdom.parse_html(HOSTILE, url="https://evil.example/")
    for view in (
        document._repr_html_(),
        document.body._repr_html_(),
        document.getElementsByTagName("*")._repr_html_(),
        document.querySelectorAll("*")._repr_html_(),
        document.body.childNodes._repr_html_(),
        webdom.URL("https://evil.example/?q=</table><script>a()</script>#<b>")._repr_html_(),
    ):
        _checked(view)
        assert "<script" not in view and "<img" not in view  # (onerror=... stays text: _checked saw no such attribute)
    view = document._repr_html_()
    assert "a&lt;b" in view  # the tag name as the parser read it, escaped
    assert "&lt;/details&gt;&lt;script&gt;" in view


def test_tree_shows_tag_id_classes_text_and_folds() -> None:
    document = webdom.parse_html(
        "<!doctype html><ul id=menu class='nav top'><li>Home<li>About <b>us</b></ul>", url="https://example.org/"
    )
    view = document._repr_html_()
    tags = _checked(view)
    assert "HTML Document" in view and "https://example.org/" in view and "CSS1Compat" in view
    assert "&lt;!DOCTYPE html&gt;" in view
    assert ">ul<" in view and ">#menu<" in view and ">.nav.top<" in view and ">Home<" in view
    assert tags.started.count("details") == view.count("</details>") >= 3  # html, head/body, ul, the mixed li
    assert "<details open><summary>" in view


def test_deep_and_large_trees_are_cut_and_stay_closed() -> None:
    deep = webdom.parse_html("<div>" * 20_000 + "end")  # no recursion: the walk keeps its own stack
    view = deep._repr_html_()
    _checked(view)
    assert "more nodes not shown (max_nodes=500)" in view


def test_collections_show_live_or_static_and_their_length() -> None:
    document = webdom.parse_html("<p>a<p>b")
    live = document.getElementsByTagName("p")
    static = document.querySelectorAll("p")
    document.body.append(document.createElement("p"))
    assert "(live)</span> length 3" in live._repr_html_()
    assert "<b>NodeList</b>" in static._repr_html_() and "(static)</span> length 2" in static._repr_html_()
    assert "<b>NodeList</b>" in document.body.childNodes._repr_html_()
    assert "<b>HTMLCollection</b>" in document.body.children._repr_html_()
    many = webdom.parse_html("<br>" * (MAX_ITEMS + 5)).getElementsByTagName("br")
    assert "… 5 more" in _checked_view(many._repr_html_())


def _checked_view(html: str) -> str:
    _checked(html)
    return html


def test_url_components() -> None:
    view = _checked_view(webdom.URL("../b?x=1&y=%3C#f", "https://user@example.org/a/c")._repr_html_())
    for name, value in [
        ("href", "https://user@example.org/b?x=1&amp;y=%3C#f"),
        ("origin", "https://example.org"),
        ("pathname", "/b"),
        ("search", "?x=1&amp;y=%3C"),
        ("hash", "#f"),
        ("username", "user"),
    ]:
        assert f">{name}</th><td" in view and f">{value}</td>" in view
    assert "y = &lt;" in view  # searchParams decoded, then escaped
