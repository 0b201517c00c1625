"""innerText and outerText (https://html.spec.whatwg.org/#the-innertext-idl-attribute) without
a layout engine.

The rendered text collection steps need each element's computed 'display', 'visibility' and
'white-space'.  They come here from what a document carries by itself:

- the user agent stylesheet of the HTML Standard's rendering section
  (https://html.spec.whatwg.org/#hidden-elements and the sections after it): which elements are
  ``display: none`` (head, script, style, template, ``[hidden]``, ``input[type=hidden]``,
  closed dialogs, ...), block, list-item, table, table-row, table-cell, table-caption,
  inline-block form controls; ``white-space: pre`` for pre/listing/plaintext/xmp,
  ``pre-wrap`` for textarea and ``pre[wrap]``, ``nowrap`` for nobr and ``td[nowrap]``;
  the contents of a closed ``<details>`` (all but its first summary) are hidden;
- the ``style`` attribute's ``display``, ``visibility``, ``white-space`` and
  ``white-space-collapse`` declarations (read with tinycss2; ``!important`` is honoured against
  the stylesheet's non-important rules, as the cascade would);
- CSS Text's white-space processing for an inline formatting context: collapsible spaces
  collapse across element boundaries, are removed at the start and end of a block's lines and
  before a ``<br>``, and atomic inlines (replaced elements, inline-blocks) keep the spaces
  around them; preserved text (``pre``) is kept as is.

Documents are treated as rendered with scripting disabled (as webdom parses them): ``noscript``
content is shown and ``canvas`` shows its fallback content.

What a layout engine would add and is not modelled here: author stylesheets (``<style>`` and
``<link rel=stylesheet>``: a class that hides an element, ``::before``/``::after`` content,
``text-transform``), inherited 'visibility' and 'display' from selectors, ``overflow`` and
clipping (text scrolled or clipped out of view is still text), floats and absolute
positioning (blockified boxes), the table model's reordering (``<tfoot>`` rendered last) and
anonymous table objects, ``content-visibility`` beyond ``hidden=until-found`` and closed
details, line wrapping (innerText never contains soft wraps anyway), bidi reordering and
CSS ``text-transform``.  An element that is not being rendered (in a ``display: none``
subtree, or not connected) returns its textContent, as the standard says.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, TypeGuard

import tinycss2
from tinycss2.ast import IdentToken

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase
from webidl import NoModificationAllowedError, to_dom_string

from ..nodes.element import Element
from ..nodes.mutation import replace, replace_all

if TYPE_CHECKING:
    from ..nodes.element import Element as _ElementBase  # what the mixins below are put beside
else:
    _ElementBase = object

__all__ = ["InnerTextMixin", "get_the_text", "rendered_text_fragment"]

_ELEMENT, _TEXT, _CDATA = 1, 3, 4

# https://html.spec.whatwg.org/#hidden-elements (and dialog:not([open]), audio:not([controls]))
_DISPLAY_NONE = frozenset((
    "area", "base", "basefont", "datalist", "head", "link", "meta", "noembed", "noframes", "param", "rp",
    "script", "style", "template", "title",
))
# https://html.spec.whatwg.org/#the-page, #flow-content-3, #sections-and-headings, #lists,
# #the-fieldset-and-legend-elements, #the-details-and-summary-elements, #the-select-element-2
_UA_DISPLAY = {
    **dict.fromkeys((
        "html", "body", "address", "blockquote", "center", "dialog", "div", "figure", "figcaption", "footer",
        "form", "header", "hr", "legend", "listing", "main", "p", "plaintext", "pre", "search", "xmp",
        "article", "aside", "h1", "h2", "h3", "h4", "h5", "h6", "hgroup", "nav", "section",
        "dir", "dd", "dl", "dt", "menu", "ol", "ul", "fieldset", "details", "summary", "optgroup", "option",
        "frameset", "frame",
    ), "block"),
    "li": "list-item",
    "table": "table", "caption": "table-caption", "colgroup": "table-column-group", "col": "table-column",
    "thead": "table-header-group", "tbody": "table-row-group", "tfoot": "table-footer-group",
    "tr": "table-row", "td": "table-cell", "th": "table-cell",
    "input": "inline-block", "button": "inline-block", "select": "inline-block", "textarea": "inline-block",
    "meter": "inline-block", "progress": "inline-block", "marquee": "inline-block",
    "ruby": "ruby", "rt": "ruby-text", "slot": "contents",
}
_UA_WHITE_SPACE = {"listing": "pre", "plaintext": "pre", "pre": "pre", "xmp": "pre", "textarea": "pre-wrap",
                   "nobr": "nowrap"}
# Replaced elements and widgets: their descendants have no CSS boxes
# (https://html.spec.whatwg.org/#the-innertext-idl-attribute, the note after the steps).
_REPLACED = frozenset(("img", "input", "textarea", "video", "audio", "iframe", "embed", "meter", "progress",
                       "frame"))
# Block containers: a new line context for white-space processing.
_BLOCK_LEVEL = frozenset(("block", "list-item", "table", "flex", "grid", "flow-root", "table-caption"))
_OWN_LINES = _BLOCK_LEVEL | {"table-cell", "inline-block", "inline-flex", "inline-grid", "inline-table"}
_TABLE_INTERNAL = frozenset(("table", "inline-table", "table-row-group", "table-header-group",
                             "table-footer-group", "table-row", "table-column-group", "table-column"))
_FLEX_OR_GRID = frozenset(("flex", "inline-flex", "grid", "inline-grid"))
_DISPLAY_KEYWORDS = frozenset((
    "none", "contents", "block", "inline", "inline-block", "list-item", "table", "inline-table", "table-row",
    "table-cell", "table-row-group", "table-header-group", "table-footer-group", "table-caption",
    "table-column", "table-column-group", "flex", "inline-flex", "grid", "inline-grid", "flow-root", "ruby",
    "ruby-text",
))
_WHITE_SPACE_KEYWORDS = frozenset(("normal", "nowrap", "pre", "pre-wrap", "pre-line", "break-spaces"))
_WHITE_SPACE_COLLAPSE = {"collapse": "normal", "preserve": "pre-wrap", "preserve-breaks": "pre-line",
                         "break-spaces": "break-spaces", "preserve-spaces": "pre-wrap"}
_PRESERVED = frozenset(("pre", "pre-wrap", "break-spaces"))
_COLLAPSIBLE = re.compile(r"[ \t\n\r]+")
_SPACES_AROUND_NEWLINE = re.compile(r"[ \t\r]*\n[ \t\r]*")
_SPACES = re.compile(r"[ \t\r]+")


class _Style(NamedTuple):
    display: str  # the computed display ("none" subtrees are never entered)
    white_space: str  # inherited
    visible: bool  # inherited 'visibility: visible'
    children: str  # "all", "none" (replaced), "options" (select/optgroup), "summary" (closed details)


_ROOT_STYLE = _Style("block", "normal", True, "all")


@lru_cache(maxsize=512)
def _inline_declarations(style: str) -> dict[str, tuple[str, bool]]:
    """The style attribute's declarations this module reads: name -> (keyword, important)."""
    found: dict[str, tuple[str, bool]] = {}
    for declaration in tinycss2.parse_blocks_contents(style, skip_comments=True, skip_whitespace=True):
        if declaration.type != "declaration":
            continue
        name = declaration.lower_name
        if name not in ("display", "visibility", "white-space", "white-space-collapse"):
            continue
        words = [token.lower_value for token in declaration.value if isinstance(token, IdentToken)]
        if not words or any(t.type not in ("ident", "whitespace", "comment") for t in declaration.value):
            continue
        value = _keyword(name, words)
        if value is not None and not (name in found and found[name][1] and not declaration.important):
            found[name] = (value, declaration.important)
    return found


def _keyword(name: str, words: list[str]) -> str | None:
    if name == "display":
        if len(words) == 1:
            return words[0] if words[0] in _DISPLAY_KEYWORDS else None
        # the two-keyword syntax (https://drafts.csswg.org/css-display/#the-display-properties)
        if "list-item" in words:
            return "list-item"
        outer = "inline" if "inline" in words else "block"
        inner = next((w for w in words if w in ("flow", "flow-root", "table", "flex", "grid", "ruby")), "flow")
        if inner == "flow":
            return outer
        return inner if outer == "block" else ("inline-block" if inner == "flow-root" else f"inline-{inner}")
    if name == "visibility":
        return words[0] if len(words) == 1 and words[0] in ("visible", "hidden", "collapse") else None
    if name == "white-space":
        return words[0] if len(words) == 1 and words[0] in _WHITE_SPACE_KEYWORDS else None
    return _WHITE_SPACE_COLLAPSE.get(words[0]) if len(words) == 1 else None


def _is_html(node: object) -> TypeGuard[Element]:
    return isinstance(node, Element) and node._name.namespace == HTML_NAMESPACE


def _computed_style(element: Any, parent: _Style) -> _Style:
    """The element's computed display, white-space and visibility from the UA stylesheet and its
    style attribute, given its parent's."""
    display, important = "inline", False
    white_space, visible, children = parent.white_space, parent.visible, "all"
    local = element._name.local if element._name.namespace == HTML_NAMESPACE else None
    if local is not None:
        display = _UA_DISPLAY.get(local, "inline")
        white_space = _UA_WHITE_SPACE.get(local, white_space)
        attributes = element._lx.attrib  # the names are stored plainly: a cheap test first
        hidden = element.getAttribute("hidden") if "hidden" in attributes else None
        if local in _DISPLAY_NONE:
            display = "none"
        elif hidden is not None and local != "embed" and ascii_lowercase(hidden) != "until-found":
            if local not in ("colgroup", "col", "thead", "tbody", "tfoot", "tr"):  # those keep their display
                display = "none"
        if local == "input" and ascii_lowercase(element.getAttribute("type") or "") == "hidden":
            display, important = "none", True
        elif local == "dialog" and "open" not in attributes:
            display = "none"
        elif local == "audio" and "controls" not in attributes:
            display, important = "none", True
        elif local == "pre" and "wrap" in attributes:
            white_space = "pre-wrap"
        elif local in ("td", "th") and "nowrap" in attributes:
            white_space = "nowrap"
        elif local == "textarea" and ascii_lowercase(element.getAttribute("wrap") or "") == "off":
            white_space = "pre"
        elif local == "form" and _is_table_part(element.parentNode):
            display, important = "none", True  # :is(table, thead, tbody, tfoot, tr) > form
        if local in _REPLACED:
            children = "none"
        elif local in ("select", "optgroup"):
            children = "options"
        elif local == "details" and "open" not in attributes:
            children = "summary"
        if hidden is not None and ascii_lowercase(hidden) == "until-found":
            children = "none"  # content-visibility: hidden: the contents are skipped
    style = element.getAttribute("style") if "style" in element._lx.attrib else None
    if style:
        declarations = _inline_declarations(style)
        if "display" in declarations and (not important or declarations["display"][1]):
            display = declarations["display"][0]
        if "white-space" in declarations:
            white_space = declarations["white-space"][0]
        if "white-space-collapse" in declarations:
            white_space = declarations["white-space-collapse"][0]
        if "visibility" in declarations:
            visible = declarations["visibility"][0] == "visible"
    if parent.display in _FLEX_OR_GRID:  # flex and grid items are blockified
        display = {"inline": "block", "inline-block": "block", "inline-table": "table",
                   "inline-flex": "flex", "inline-grid": "grid"}.get(display, display)
    return _Style(display, white_space, visible, children)


def _is_table_part(node: Any) -> bool:
    return node is not None and node.nodeType == _ELEMENT and node._ns == HTML_NAMESPACE and node._local in (
        "table", "thead", "tbody", "tfoot", "tr")


def _rendered_children(node: Any, style: _Style) -> list[Any]:
    """The child nodes that can have boxes (step 3's select/optgroup rule, replaced elements,
    a closed details' first summary)."""
    if style.children == "none":
        return []
    children: list[Any] = node._children()
    if style.children == "options":
        # Only option and optgroup descendants of a select (option descendants of an optgroup).
        wanted = ("option",) if node._name.local == "optgroup" else ("option", "optgroup")
        out: list[Any] = []
        stack = list(reversed(children))
        while stack:
            child = stack.pop()
            if child.nodeType != _ELEMENT:
                continue
            if _is_html(child) and child._name.local in wanted:
                out.append(child)
            else:
                stack.extend(reversed(child._children()))
        return out
    if style.children == "summary":
        summary = next((c for c in children if _is_html(c) and c._name.local == "summary"), None)
        return [] if summary is None else [summary]
    return children


# Tokens of the collection: strings are rendered text or forced breaks; ints are required line
# break counts; the markers below shape white-space processing and produce nothing.
_OPEN_BLOCK, _CLOSE_BLOCK, _OPEN_ATOMIC, _CLOSE_ATOMIC = object(), object(), object(), object()


class _Text(NamedTuple):
    data: str
    white_space: str


def _collect(element: Any, style: _Style) -> list[Any]:
    """https://html.spec.whatwg.org/#rendered-text-collection-steps over the children of
    *element*, iteratively (an explicit stack: deep trees do not recurse)."""
    tokens: list[Any] = []
    last_cells: dict[int, Any] = {}  # id(row) -> its last cell; id(table) -> its last row
    last_rows: dict[int, Any] = {}
    # Work items: (node, parent style) to enter, or a list of tokens to emit on the way out.
    stack: list[Any] = [(child, style) for child in reversed(_rendered_children(element, style))]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            tokens.extend(item)
            continue
        node, parent = item
        kind = node.nodeType
        if kind in (_TEXT, _CDATA):
            if not parent.visible:  # step 2: the text's visibility is its parent's
                continue
            data = node.data
            if parent.display in _TABLE_INTERNAL and parent.white_space not in _PRESERVED and not data.strip(" \t\n\r"):
                continue  # white space between table parts generates no box
            tokens.append(_Text(data, parent.white_space))
            continue
        if kind != _ELEMENT:
            continue
        own = _computed_style(node, parent)
        if own.display == "none":
            continue
        rendered = own.display != "contents"
        before: list[Any] = []
        after: list[Any] = []
        if rendered and own.visible:
            local = node._name.local if _is_html(node) else None
            if local == "br":  # step 5
                after.append("\n")
            if own.display == "table-cell":  # step 6
                row = node.parentNode
                if id(row) not in last_cells:
                    last_cells[id(row)] = _last_cell(row, parent)
                if last_cells[id(row)] is not node:
                    after.append("\t")
            if own.display == "table-row":  # step 7
                table = _table_of(node)
                if id(table) not in last_rows:
                    last_rows[id(table)] = _last_row(table) if table is not None else None
                if last_rows[id(table)] is not node:
                    after.append("\n")
            if local == "p":  # step 8
                before.insert(0, 2)
                after.append(2)
            if own.display in _BLOCK_LEVEL:  # step 9
                before.insert(0, 1)
                after.append(1)
        if rendered and own.display in _OWN_LINES:
            opener, closer = (_OPEN_BLOCK, _CLOSE_BLOCK) if own.display in _BLOCK_LEVEL or own.display == "table-cell" \
                else (_OPEN_ATOMIC, _CLOSE_ATOMIC)
            before.append(opener)
            after.insert(0, closer)
        elif rendered and own.children == "none" and _is_html(node) and node._name.local != "br":
            before.append(_OPEN_ATOMIC)  # a replaced inline: an atomic inline box
            after.insert(0, _CLOSE_ATOMIC)
        elif _is_html(node) and node._name.local == "br":
            after.insert(0, _CLOSE_BLOCK)  # the line ends: spaces before a br are removed
            after.append(_OPEN_BLOCK)
        tokens.extend(before)
        stack.append(after)
        stack.extend((child, own) for child in reversed(_rendered_children(node, own)))
    return tokens


def _last_cell(row: Any, row_style: _Style) -> Any:
    """The last child of *row* whose box is a table-cell (found once per row, from the end)."""
    for child in reversed(row._children()):
        if child.nodeType == _ELEMENT and _computed_style(child, row_style).display == "table-cell":
            return child
    return None


def _last_row(table: Any) -> Any:
    """The last tr of *table*'s rows (direct, or in its thead/tbody/tfoot sections), in tree
    order: the table model's reordering of sections is layout, not modelled."""
    for child in reversed(table._children()):
        if not _is_html(child):
            continue
        if child._name.local == "tr":
            return child
        if child._name.local in ("thead", "tbody", "tfoot"):
            row = next((c for c in reversed(child._children()) if _is_html(c) and c._name.local == "tr"), None)
            if row is not None:
                return row
    return None


def _table_of(row: Any) -> Any:
    parent = row.parentNode
    if _is_html(parent) and parent._name.local in ("thead", "tbody", "tfoot"):
        parent = parent.parentNode
    return parent


def _process_white_space(tokens: list[Any]) -> list[str | int]:
    """CSS white-space processing (https://drafts.csswg.org/css-text/#white-space-phase-1 and
    phase 2) over the collected text: collapsible spaces collapse across element boundaries and
    are removed at the start and end of lines; returns strings and required line break counts."""
    results: list[str | int] = []
    pending_space = False  # a collapsible space kept only if something follows on the line
    line_start = True
    for token in tokens:
        if isinstance(token, _Text):
            white_space = token.white_space
            if white_space in _PRESERVED:
                if pending_space:
                    results.append(" ")
                results.append(token.data)
                pending_space = False
                if token.data:
                    line_start = token.data.endswith("\n")
                continue
            if white_space == "pre-line":
                text = _SPACES.sub(" ", _SPACES_AROUND_NEWLINE.sub("\n", token.data))
            else:
                text = _COLLAPSIBLE.sub(" ", token.data)
            for segment in re.split(r"( |\n)", text):
                if segment == " ":
                    if not line_start:
                        pending_space = True
                elif segment == "\n":
                    pending_space = False
                    results.append("\n")
                    line_start = True
                elif segment:
                    if pending_space:
                        results.append(" ")
                        pending_space = False
                    results.append(segment)
                    line_start = False
        elif isinstance(token, int) or isinstance(token, str):
            if token in ("\t", "\n"):
                pending_space = False
            results.append(token)
        elif token is _OPEN_BLOCK or token is _CLOSE_BLOCK:
            pending_space, line_start = False, True
        elif token is _OPEN_ATOMIC:  # the spaces before an atomic inline stay; inside, a new line
            if pending_space:
                results.append(" ")
            pending_space, line_start = False, True
        elif token is _CLOSE_ATOMIC:  # after it, the line goes on with content
            pending_space, line_start = False, False
    return results


def get_the_text(element: Any) -> str:
    """https://html.spec.whatwg.org/#get-the-text-steps"""
    style = _style_if_rendered(element)
    if style is None:  # step 1
        return element.textContent or ""
    results = _process_white_space(_collect(element, style))  # steps 2-3
    results = [item for item in results if item != ""]  # step 4
    start, end = 0, len(results)
    while start < end and isinstance(results[start], int):  # step 5
        start += 1
    while end > start and isinstance(results[end - 1], int):
        end -= 1
    out: list[str] = []
    run = 0
    for item in results[start:end]:  # step 6
        if isinstance(item, int):
            run = max(run, item)
            continue
        if run:
            out.append("\n" * run)
            run = 0
        out.append(item)
    return "".join(out)  # step 7


def _style_if_rendered(element: Any) -> _Style | None:
    """The element's computed style when it is being rendered; None when it is not (not
    connected, in a display:none subtree, display:contents, or inside an element whose
    children have no boxes)."""
    if not element.isConnected:
        return None
    chain = []
    node = element
    while node is not None and node.nodeType == _ELEMENT:
        chain.append(node)
        node = node.parentNode
    if node is None or node.nodeType != 9:  # in a shadow tree or fragment: not rendered here
        return None
    style = _ROOT_STYLE
    parent_node: Any = None
    for node in reversed(chain):
        if parent_node is not None and not any(c is node for c in _rendered_children(parent_node, style)):
            return None
        style = _computed_style(node, style)
        if style.display == "none":
            return None
        parent_node = node
    return None if style.display == "contents" else style


def rendered_text_fragment(input: str, document: Any) -> Any:
    """https://html.spec.whatwg.org/#rendered-text-fragment"""
    fragment = document.createDocumentFragment()  # step 1
    position, length = 0, len(input)  # step 2
    while position < length:  # step 4
        end = position
        while end < length and input[end] not in "\r\n":
            end += 1
        text = input[position:end]  # step 4.1
        position = end
        if text:  # step 4.2
            fragment.appendChild(document.createTextNode(text))
        while position < length and input[position] in "\r\n":  # step 4.3
            if input[position] == "\r" and position + 1 < length and input[position + 1] == "\n":
                position += 1
            position += 1
            fragment.appendChild(document.createElementNS(HTML_NAMESPACE, "br"))
    return fragment


def _merge_with_next_text_node(node: Any) -> None:
    """https://html.spec.whatwg.org/#merge-with-the-next-text-node"""
    next_ = node.nextSibling
    if next_ is None or next_.nodeType != _TEXT:
        return
    node._replace_data(len(node.data), 0, next_.data)
    next_.remove()


class InnerTextMixin(_ElementBase):
    """https://html.spec.whatwg.org/#the-innertext-idl-attribute (HTMLElement members)."""

    __slots__ = ()

    @property
    def innerText(self) -> str:  # noqa: N802 -- IDL name
        """https://html.spec.whatwg.org/#dom-innertext"""
        return get_the_text(self)

    @innerText.setter
    def innerText(self, value: Any) -> None:  # noqa: N802
        """https://html.spec.whatwg.org/#set-the-inner-text-steps"""
        fragment = rendered_text_fragment(to_dom_string(value, legacy_null_to_empty_string=True), self._doc)
        replace_all(fragment, self)

    @property
    def outerText(self) -> str:  # noqa: N802 -- IDL name
        """https://html.spec.whatwg.org/#dom-outertext"""
        return get_the_text(self)

    @outerText.setter
    def outerText(self, value: Any) -> None:  # noqa: N802
        """https://html.spec.whatwg.org/#dom-outertext (the setter steps)"""
        parent = self.parentNode
        if parent is None:  # step 1
            raise NoModificationAllowedError("outerText cannot be set on an element without a parent")
        next_ = self.nextSibling
        previous = self.previousSibling
        document = self._doc
        fragment = rendered_text_fragment(to_dom_string(value, legacy_null_to_empty_string=True), document)
        if fragment.firstChild is None:  # step 5
            fragment.appendChild(document.createTextNode(""))
        replace(self, fragment, parent)
        if next_ is not None and next_.previousSibling is not None and next_.previousSibling.nodeType == _TEXT:
            _merge_with_next_text_node(next_.previousSibling)  # step 7
        if previous is not None and previous.nodeType == _TEXT:  # step 8
            _merge_with_next_text_node(previous)

    @property
    def accessKeyLabel(self) -> str:  # noqa: N802
        """https://html.spec.whatwg.org/#dom-accesskeylabel -- no assigned access key."""
        return ""
