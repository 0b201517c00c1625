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
- the document's style sheets (``<style>``, ``<link rel=stylesheet>`` through the loader the
  user gives: dom/cssom/) and the ``align`` presentational hint, and the ``style`` attribute:
  their ``display``, ``visibility``, ``white-space``, ``white-space-collapse``,
  ``content-visibility``, ``text-transform``, ``float`` and ``position`` declarations, in cascade
  order (author normal < style attribute normal < author important < style attribute important
  < user agent important); floats and absolutely positioned boxes are blockified and
  ``text-transform`` is applied to the text;
- CSS Text's white-space processing for an inline formatting context: collapsible spaces
  collapse across element boundaries, are removed at the start and end of a block's lines and
  before a ``<br>``, and atomic inlines (replaced elements, inline-blocks) keep the spaces
  around them; preserved text (``pre``) is kept as is.

Documents are treated as rendered with scripting disabled (as webdom parses them): ``noscript``
content is shown and ``canvas`` shows its fallback content; a document rendered with scripting
enabled (a webdom.js realm's: its viewport says so) hides noscript and makes canvas a replaced
element (inner_text_style.author_map).

In a document with shadow trees, the rendered content of a shadow host follows the flat tree
(https://drafts.csswg.org/css-scoping/#flat-tree): its children that are assigned to a slot with
a box, each with its slot's style to inherit (``::slotted()`` rules apply), and its own style
with its shadow tree's ``:host`` rules.  The walk over the lxml store stops at each host and takes
the host's tokens from the walk over wrappers here (:func:`_host_items`).

What a layout engine would add and is not modelled here: ``::before``/``::after`` content,
``overflow`` and clipping (text scrolled or clipped out of view is still text), the placement
of floats and positioned boxes (only their blockification is), the table model's reordering
(``<tfoot>`` rendered last) and anonymous table objects, line wrapping (innerText never
contains soft wraps anyway) and bidi reordering.  An element that is not being rendered (in a ``display: none``
subtree, or not connected) returns its textContent, as the standard says.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple, TypeGuard

from html_infra.infra import HTML_NAMESPACE
from webidl import NoModificationAllowedError

from ..cssom.computed_style import computed_values_of
from ..cssom.document_style_sheets import viewport_of
from ..cssom.scoping import NOT_IN_FLAT_TREE, flat_parent
from ..nodes.element import Element
from ..nodes.identity import node_for
from ..nodes.mutation import replace, replace_all
from ..nodes.shadow_host import shadow_hosts, shadow_root_of
from ..nodes.slots import assigned_nodes, assigned_slot
from .inner_text_flat_tree import FlatStyles, Unmodelled
from .inner_text_lxml import CLOSE_ATOMIC as _CLOSE_ATOMIC
from .inner_text_lxml import CLOSE_BLOCK as _CLOSE_BLOCK
from .inner_text_lxml import NEWLINE, TAB, Kept, NotOnTheFastPath, rendered_text
from .inner_text_lxml import OPEN_ATOMIC as _OPEN_ATOMIC
from .inner_text_lxml import OPEN_BLOCK as _OPEN_BLOCK
from .inner_text_style import (
    BLOCK_LEVEL,
    COLLAPSIBLE,
    OWN_LINES,
    PRESERVED,
    REPLACED,
    ROOT_STYLE,
    SPACES,
    SPACES_AROUND_NEWLINE,
    TABLE_INTERNAL,
    Style,
    apply_text_transform,
    author_map,
    computed_style,
)

__all__ = ["get_the_text", "reference_get_the_text", "rendered_text_fragment", "set_inner_text", "set_outer_text"]

_ELEMENT, _TEXT, _CDATA = 1, 3, 4


def _is_html(node: object) -> TypeGuard[Element]:
    return isinstance(node, Element) and node._name.namespace == HTML_NAMESPACE


def _computed_style(element: Any, parent: Style, in_shadow_tree: bool | None = None,
                    flat: FlatStyles | None = None) -> Style:
    """The element's computed display, white-space and visibility (see computed_style), its
    attributes read through the element wrapper; in a document with shadow trees, from its
    computed values along the flat tree (:func:`_flat_style`) where shadow trees can change
    them: in a shadow tree, on a host (``:host``) and on a host's children (``::slotted()``; their
    descendants inherit from them as the walk passes styles down).  *in_shadow_tree*: whether
    it is in a shadow tree, when the caller knows.  *flat*: the flat tree's styles by the
    document's model, when the caller walks a host's content with them (inner_text_flat_tree.py)."""
    if in_shadow_tree is None:
        in_shadow_tree = element._doc in shadow_hosts and _in_shadow_tree(element)
    if in_shadow_tree or (element._doc in shadow_hosts and (
            shadow_root_of(element) is not None or shadow_root_of(element.parentNode) is not None)):
        if flat is not None:
            return flat.style_of(element)
        return _flat_style(element) or _NO_BOX
    lx = element._lx
    author = author_map(element._doc)
    return computed_style(
        element._name.local if element._name.namespace == HTML_NAMESPACE else None,
        lambda name: name in lx.attrib,
        element.getAttribute,
        lambda: _is_table_part(element.parentNode),
        parent,
        author.get(lx) if author else None,
    )


_NO_BOX = Style("none", "normal", False, "none")


def _in_shadow_tree(node: Any) -> bool:
    """Whether *node* is in a shadow tree (its lxml tree's top is a shadow root's container)."""
    return getattr(node._doc._nodes.get(node._lx.getroottree().getroot()), "_is_shadow_root", False) is True


def _hosts_for_the_lxml_walk(element: Any) -> dict[Any, Any] | None:
    """The shadow hosts of the element's document by lxml element, for the lxml walk over
    *element*, which reads the document's sheets alone and stops at hosts
    (inner_text_lxml.py); None when *element* is a host or in a shadow tree (the walk over
    wrappers answers)."""
    document = element._doc
    hosts = shadow_hosts.get(document)
    if not hosts:
        return {}
    if shadow_root_of(element) is not None or _in_shadow_tree(element):
        return None
    return {host._lx: host for host in hosts if host._doc is document}


def _flat_style(element: Any) -> Style | None:
    """The element's Style from its computed values (dom/cssom/computed_style.py), which follow
    the flat tree and the shadow trees' sheets (https://drafts.csswg.org/css-scoping/#flat-tree);
    None when it has none (not connected)."""
    values = computed_values_of(element, alone=True)  # (a few elements: not the whole document's)
    if values is None:
        return None
    local = element._name.local if element._name.namespace == HTML_NAMESPACE else None
    children = "all"
    if local in REPLACED or values["content-visibility"] == "hidden":
        children = "none"
    elif local in ("select", "optgroup"):
        children = "options"
    elif local == "details" and not element.hasAttribute("open"):
        children = "summary"
    return Style(values["display"], values["white-space"], values["visibility"] == "visible", children,
                 values["text-transform"])


def _flat_rendered(element: Any) -> Style | None:
    """The element's Style when it and its flat tree ancestors have boxes or are ``display:
    contents`` (it is in the flat tree, under no ``display: none``, no replaced element...);
    else None."""
    document = element._doc
    chain = [element]
    node = element
    while True:
        up, status = flat_parent(document, node._lx)
        if status == NOT_IN_FLAT_TREE:
            return None
        if up is None:
            if node is not document.documentElement:
                return None
            break
        node = document._nodes.get(up) or node_for(up, document)
        chain.append(node)
    style: Style | None = None
    parent_node: Any = None
    for node in reversed(chain):
        if parent_node is not None and node.parentNode is parent_node and style is not None and not any(
                c is node for c in _rendered_children(parent_node, style)):
            return None
        if style is not None and style.children == "none":
            return None
        style = _flat_style(node)
        if style is None or style.display == "none":
            return None
        parent_node = node
    return style


def _children_with_styles(node: Any, style: Style, flat: FlatStyles | None = None) -> list[tuple[Any, Style]]:
    """The rendered children of *node* with the style their text inherits: in a document with
    shadow trees, a host's children that are assigned to a slot with boxes, with the slot's
    style (https://drafts.csswg.org/css-scoping/#flat-tree), and no fallback content of a slot
    that has assigned nodes."""
    children = _rendered_children(node, style)
    if not children or node._doc not in shadow_hosts:
        return [(child, style) for child in children]
    if shadow_root_of(node) is not None:
        out = []
        for child in children:
            slot = assigned_slot(child)
            slot_style = None if slot is None else flat.rendered(slot) if flat is not None else _flat_rendered(slot)
            if slot_style is not None:
                out.append((child, slot_style))
        return out
    if _is_html(node) and node._name.local == "slot" and assigned_nodes(node):
        return []
    return [(child, style) for child in children]


def _is_table_part(node: Any) -> bool:
    return node is not None and node.nodeType == _ELEMENT and node._ns == HTML_NAMESPACE and node._local in (
        "table", "thead", "tbody", "tfoot", "tr")


def _rendered_children(node: Any, style: Style) -> list[Any]:
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
# break counts; the markers (the lxml walk's: a host's tokens pass to it) shape white-space
# processing and produce nothing.


class _Text(NamedTuple):
    data: str
    white_space: str


def _collect(element: Any, style: Style) -> list[Any]:
    """https://html.spec.whatwg.org/#rendered-text-collection-steps over the children of
    *element*, iteratively (an explicit stack: deep trees do not recurse)."""
    # (the walk never enters a shadow root: its elements are all in the tree *element* is in)
    in_shadow_tree = element._doc in shadow_hosts and _in_shadow_tree(element)
    return _collect_items(list(reversed(_children_with_styles(element, style))), in_shadow_tree)


def _host_items(host: Any, parent: Style) -> tuple[Style, list[Any]]:
    """The computed style of the shadow host *host* (in no shadow tree) whose parent's style
    is *parent*, and the rendered text collection steps over *host* itself, as the lxml walk's
    tokens (inner_text_lxml.py: it stops at hosts and takes their tokens from here).  The flat
    tree's styles come from the document's model (inner_text_flat_tree.py), or from computed
    values where that model does not answer."""
    document = host._doc
    flat = None
    if viewport_of(document).scripting == "none":
        flat = FlatStyles(document, _rendered_children, _is_table_part)
        parent_node = host.parentNode
        if parent_node is not None and parent_node.nodeType == _ELEMENT:
            flat.known[parent_node._lx] = parent  # (the lxml walk's style of it is the same model's)
        try:
            own = flat.style_of(host)
            flat.shown[host._lx] = own
            tokens = [] if own.display == "none" else _collect_items([(host, parent)], False, flat)
        except Unmodelled:
            flat = None
    if flat is None:
        own = _computed_style(host, parent, False)
        tokens = [] if own.display == "none" else _collect_items([(host, parent)], False)
    out: list[Any] = []
    for token in tokens:
        if isinstance(token, _Text):
            if token.white_space in PRESERVED or token.white_space == "pre-line":
                out.append(Kept(token.data, token.white_space))
            else:  # normal, nowrap: collapsed alike
                out.append(token.data)
        elif token == "\t":
            out.append(TAB)
        elif token == "\n":
            out.append(NEWLINE)
        else:
            out.append(token)
    return own, out


def _collect_items(stack: list[Any], in_shadow_tree: bool, flat: FlatStyles | None = None) -> list[Any]:
    """The rendered text collection steps over the work items *stack* (the last one first):
    (node, parent style) to enter, or a list of tokens to emit on the way out."""
    tokens: list[Any] = []
    last_cells: dict[int, Any] = {}  # id(row) -> its last cell; id(table) -> its last row
    last_rows: dict[int, Any] = {}
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
            if parent.display in TABLE_INTERNAL and parent.white_space not in PRESERVED and not data.strip(" \t\n\r"):
                continue  # white space between table parts generates no box
            if parent.text_transform != "none":
                data = apply_text_transform(data, parent.text_transform)
            tokens.append(_Text(data, parent.white_space))
            continue
        if kind != _ELEMENT:
            continue
        own = _computed_style(node, parent, in_shadow_tree, flat)
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
                    last_cells[id(row)] = _last_cell(row, parent, flat)
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
            if own.display in BLOCK_LEVEL:  # step 9
                before.insert(0, 1)
                after.append(1)
        if rendered and own.display in OWN_LINES:
            opener, closer = (_OPEN_BLOCK, _CLOSE_BLOCK) if own.display in BLOCK_LEVEL or own.display == "table-cell" \
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
        stack.extend(reversed(_children_with_styles(node, own, flat)))
    return tokens


def _last_cell(row: Any, row_style: Style, flat: FlatStyles | None = None) -> Any:
    """The last child of *row* whose box is a table-cell (found once per row, from the end)."""
    for child in reversed(row._children()):
        if child.nodeType == _ELEMENT and _computed_style(child, row_style, None, flat).display == "table-cell":
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
            if white_space in PRESERVED:
                if pending_space:
                    results.append(" ")
                results.append(token.data)
                pending_space = False
                if token.data:
                    line_start = token.data.endswith("\n")
                continue
            if white_space == "pre-line":
                text = SPACES.sub(" ", SPACES_AROUND_NEWLINE.sub("\n", token.data))
            else:
                text = COLLAPSIBLE.sub(" ", token.data)
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
    """https://html.spec.whatwg.org/#get-the-text-steps, steps 2-3 collected over the lxml store
    (inner_text_lxml.py), or by the walk over wrappers below where that cannot answer."""
    return _get_the_text(element, True)


def reference_get_the_text(element: Any) -> str:
    """https://html.spec.whatwg.org/#get-the-text-steps by the walk over DOM wrappers alone: the
    reference that the lxml walk is tested against."""
    return _get_the_text(element, False)


def _get_the_text(element: Any, over_lxml: bool) -> str:
    style = _style_if_rendered(element)
    if style is None:  # step 1
        return element.textContent or ""
    if over_lxml:
        hosts = _hosts_for_the_lxml_walk(element)
        if hosts is not None:
            try:
                return rendered_text(element, style, hosts, _host_items)  # steps 2-7
            except NotOnTheFastPath:
                pass
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


def _under_a_host(element: Any) -> bool:
    """Whether *element* is in a shadow tree or has a shadow host among its ancestors: then its
    flat tree ancestors are not its ancestors.  (Otherwise its style and its ancestors' follow
    the document's sheets alone, as in a document without shadow trees.)"""
    node = element.parentNode
    while node is not None and node.nodeType == _ELEMENT:
        if shadow_root_of(node) is not None:
            return True
        node = node.parentNode
    return node is None or node.nodeType != 9


def _style_if_rendered(element: Any) -> Style | None:
    """The element's computed style when it is being rendered; None when it is not (not
    connected, in a display:none subtree, display:contents, or inside an element whose
    children have no boxes)."""
    if not element.isConnected:
        return None
    if element._doc in shadow_hosts and _under_a_host(element):
        flat = _flat_rendered(element)
        return None if flat is None or flat.display == "contents" else flat
    chain = []
    node = element
    while node is not None and node.nodeType == _ELEMENT:
        chain.append(node)
        node = node.parentNode
    if node is None or node.nodeType != 9:  # in a shadow tree or fragment: not rendered here
        return None
    style = ROOT_STYLE
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


def set_inner_text(element: Any, value: str) -> None:
    """https://html.spec.whatwg.org/#set-the-inner-text-steps"""
    fragment = rendered_text_fragment(value, element._doc)  # ([LegacyNullToEmptyString]: None came as "")
    replace_all(fragment, element)


def set_outer_text(element: Any, value: str) -> None:
    """https://html.spec.whatwg.org/#dom-outertext (the setter steps)"""
    parent = element.parentNode
    if parent is None:  # step 1
        raise NoModificationAllowedError("outerText cannot be set on an element without a parent")
    next_ = element.nextSibling
    previous = element.previousSibling
    document = element._doc
    fragment = rendered_text_fragment(value, document)
    if fragment.firstChild is None:  # step 5
        fragment.appendChild(document.createTextNode(""))
    replace(element, fragment, parent)
    if next_ is not None and next_.previousSibling is not None and next_.previousSibling.nodeType == _TEXT:
        _merge_with_next_text_node(next_.previousSibling)  # step 7
    if previous is not None and previous.nodeType == _TEXT:  # step 8
        _merge_with_next_text_node(previous)
