"""How nodes and collections show in Jupyter: the HTML their ``_repr_html_`` returns.

A document or element is a collapsible tree (``<details>``), one line per element with its tag,
id, classes and text, the first levels open; a collection is its interface, whether it is live,
its length and its items.  Every piece of the page is escaped: a hostile page's text, attribute
values and even tag names reach the notebook as text, never as markup.  The walk keeps its own
stack (deep trees do not recurse) and stops after ``max_nodes`` nodes, saying so.

This module reads nodes through the DOM API only, so it stands below the node tree.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["tree_html", "collection_html", "MAX_NODES", "MAX_ITEMS"]


def escape(text: str) -> str:
    """html.escape; html is imported when a notebook first shows a node, not with the tree."""
    from html import escape as html_escape  # lazy: html loads its entity table (~3 ms)

    return html_escape(text)

MAX_NODES = 500  # nodes drawn in one tree: a notebook cell stays responsive on a real page
MAX_ITEMS = 100  # items listed for a collection
OPEN_DEPTH = 3  # levels of a tree shown unfolded
TEXT_CHARACTERS = 80

_HTML_NS = "http://www.w3.org/1999/xhtml"
_BOX = 'style="font-family: ui-monospace, monospace; font-size: 12px; line-height: 1.5"'
_CHILD = 'style="margin-left: 1.4em"'
_TAG = 'style="color: #881280"'
_ID = 'style="color: #994500"'
_CLASS = 'style="color: #1a1aa6"'
_TEXT = 'style="color: #555"'


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= TEXT_CHARACTERS else text[: TEXT_CHARACTERS - 1] + "…"


def _name(element: Any) -> str:
    """The name a reader knows the element by: lower case for HTML elements (``tagName`` is upper)."""
    return str(element.localName if element.namespaceURI == _HTML_NS else element.nodeName)


def element_label(element: Any) -> str:
    """``tag#id.class.class``, escaped, with colours."""
    label = f"<span {_TAG}>{escape(_name(element))}</span>"
    identifier = element.getAttribute("id")
    if identifier:
        label += f"<span {_ID}>#{escape(identifier)}</span>"
    classes = (element.getAttribute("class") or "").split()
    if classes:
        label += f"<span {_CLASS}>.{escape('.'.join(classes))}</span>"
    return label


def _own_text(node: Any) -> str:
    """The element's direct text (its Text children), the words a reader finds it by."""
    return _short("".join(child.data for child in node.childNodes if child.nodeType == 3))


def _line(node: Any) -> str:
    """One node as a line of the tree (what a collapsed ``<details>`` shows as its summary)."""
    kind = node.nodeType
    if kind == 1:
        text = _own_text(node)
        return element_label(node) + (f" <span {_TEXT}>{escape(text)}</span>" if text else "")
    if kind == 3:
        return f"<span {_TEXT}>“{escape(_short(node.data))}”</span>"
    if kind == 8:
        return f"<span {_TEXT}>&lt;!-- {escape(_short(node.data))} --&gt;</span>"
    if kind == 10:
        return f"<span {_TEXT}>&lt;!DOCTYPE {escape(node.name)}&gt;</span>"
    if kind == 9:
        return f"<b>#document</b> <span {_TEXT}>{escape(node.URL)}</span>"
    return f"<span {_TEXT}>{escape(str(node.nodeName))}</span>"


def _shown_children(node: Any) -> list[Any]:
    return [child for child in node.childNodes if child.nodeType != 3 or child.data.strip()]


def tree_html(root: Any, max_nodes: int = MAX_NODES) -> str:
    """The tree under *root* (a Document, Element or DocumentFragment) as nested ``<details>``;
    an element whose children are all text shows them on its own line."""
    out = [f"<div {_BOX}>"]
    if root.nodeType == 9:
        out.append(
            f"<div><b>{'HTML' if root.contentType == 'text/html' else 'XML'} Document</b> "
            f"<span {_TEXT}>{escape(root.URL)} · {escape(root.characterSet)} · {escape(root.compatMode)} · "
            f"{escape(root.contentType)}</span></div>"
        )
    drawn = 0
    stack: list[tuple[Any, int] | None] = [(root, 0)]  # None closes a <details>
    if root.nodeType in (9, 11):  # a document or fragment: its children are the tree's roots
        if root.nodeType == 11:
            out.append(f"<div><b>{escape(type(root).__name__)}</b></div>")
        stack = [(child, 0) for child in reversed(_shown_children(root))]
    while stack:
        entry = stack.pop()
        if entry is None:
            out.append("</div></details>")
            continue
        if drawn >= max_nodes:
            out.append(f"<div><i>… more nodes not shown (max_nodes={max_nodes})</i></div>")
            out.extend("</div></details>" for item in stack if item is None)
            break
        node, depth = entry
        drawn += 1
        children = _shown_children(node) if node.nodeType in (1, 9, 11) else []
        if not children or all(child.nodeType == 3 for child in children):
            out.append(f"<div>{_line(node)}</div>")
            continue
        # The summary is the element alone: its text is among the children it unfolds to.
        summary = element_label(node) if node.nodeType == 1 else _line(node)
        out.append(f"<details{' open' if depth < OPEN_DEPTH else ''}><summary>{summary}</summary><div {_CHILD}>")
        stack.append(None)
        stack.extend((child, depth + 1) for child in reversed(children))
    out.append("</div>")
    return "".join(out)


def collection_html(interface: str, items: Iterable[Any], length: int, live: bool) -> str:
    """A collection: its interface, live or static, its length, and its first items, each
    numbered by its index."""
    head = f"<b>{escape(interface)}</b> <span {_TEXT}>({'live' if live else 'static'})</span> length {length}"
    rows = []
    for index, item in enumerate(items):
        if index >= MAX_ITEMS:
            rows.append(f"<li><i>… {length - MAX_ITEMS} more</i></li>")
            break
        rows.append(f'<li value="{index}">{_line(item)}</li>')
    listing = f'<ol start="0" style="margin: 0.2em 0">{"".join(rows)}</ol>' if rows else ""
    return f"<div {_BOX}><div>{head}</div>{listing}</div>"
