"""The rendered text collection steps of innerText
(https://html.spec.whatwg.org/#rendered-text-collection-steps) and CSS white-space processing
(https://drafts.csswg.org/css-text/#white-space-phase-1), walked over the lxml store.

This is the fast path of ``inner_text.get_the_text``: the same steps as the walk over DOM
wrappers in ``inner_text.py`` (the reference, which the tests compare it with), without making a
wrapper per node.  It iterates lxml's children directly with an explicit stack, looks each tag's
style up in a table kept per parent style (an element without ``hidden`` or ``style``
attributes whose style reads no other attribute has the style its tag and its parent's style
give), reads text from lxml's slots, and collapses white space with ``re`` over whole text runs
rather than word by word.  Where the store alone does not say what the DOM holds it reads the
wrapper: attributes of an element that has one (getAttribute, as the reference does), and a text
slot whose run is not one non-empty Text node (several Text nodes, or an empty one).  A document
with text lxml cannot hold (``document._escaped_text``) and rows or cells that are the document
element are left to the reference (:class:`NotOnTheFastPath`).

A shadow host met on the way is not entered: its rendered content follows the flat tree
(https://drafts.csswg.org/css-scoping/#flat-tree), which the reference walks.  The host is one
element whose role carries, as the tokens before its (unentered) children, the tokens the
reference collects for it (:meth:`_Walk.host_role`); the tokens of both walks are the same kinds,
so white space collapses and line breaks join across the host's boundaries as in one walk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from html_infra.infra import HTML_NAMESPACE

from ..lxml_mirror import name_from_tag
from ..nodes.element import PLAIN_KEYS, Element
from ..nodes.speedups import extension
from .inner_text_style import (
    BLOCK_LEVEL,
    COLLAPSIBLE,
    OWN_LINES,
    PRESENCE_READ,
    PRESERVED,
    READS_MORE,
    SPACES,
    SPACES_AROUND_NEWLINE,
    TABLE_INTERNAL,
    Style,
    apply_text_transform,
    author_map,
    computed_style,
)

__all__ = ["CLOSE_ATOMIC", "CLOSE_BLOCK", "HostItems", "Kept", "NEWLINE", "NotOnTheFastPath", "OPEN_ATOMIC",
           "OPEN_BLOCK", "TAB", "rendered_text"]


class NotOnTheFastPath(Exception):
    """The walk met something only the reference walk over wrappers answers."""


# Tokens of the collection.  A str is text to collapse as 'white-space: normal' (or nowrap); a
# _Kept is text of the other white-space values; an int is a required line break count; the
# markers below are forced tabs and newlines (steps 5-7) or shape white-space processing.
_OPEN_BLOCK, _CLOSE_BLOCK, _OPEN_ATOMIC, _CLOSE_ATOMIC, _TAB, _NEWLINE = (object() for _ in range(6))
# (the reference walk, inner_text.py, uses the same markers, and gives a host's tokens in these kinds)
OPEN_BLOCK, CLOSE_BLOCK, OPEN_ATOMIC, CLOSE_ATOMIC, TAB, NEWLINE = (
    _OPEN_BLOCK, _CLOSE_BLOCK, _OPEN_ATOMIC, _CLOSE_ATOMIC, _TAB, _NEWLINE)


class _Run:
    """Consecutive required line breaks and markers that emit nothing (block boundaries, the
    end of an atomic inline) as one token: the largest count, and the state they leave.  Line
    break counts and those markers commute (they change different things), so only the last
    marker's line state counts."""

    __slots__ = ("breaks", "resets", "line_start")

    def __init__(self, breaks: int, resets: bool, line_start: bool | None) -> None:
        self.breaks = breaks  # the largest required line break count, 0 if none
        self.resets = resets  # whether a marker drops a pending space
        self.line_start = line_start  # the line state after the last marker; None if no marker


def _merged(tokens: list[Any]) -> list[Any]:
    """*tokens* with each stretch of counts and silent markers made one _Run."""
    out: list[Any] = []
    run: _Run | None = None
    for token in tokens:
        silent = token is _OPEN_BLOCK or token is _CLOSE_BLOCK or token is _CLOSE_ATOMIC
        if token.__class__ is int or silent:
            if run is None:
                run = _Run(0, False, None)
                out.append(run)
            if silent:
                run.resets, run.line_start = True, token is not _CLOSE_ATOMIC
            else:
                run.breaks = max(run.breaks, token)
        else:
            run = None
            out.append(token)
    return out


class _Kept(NamedTuple):
    data: str
    white_space: str  # pre, pre-wrap, break-spaces or pre-line


Kept = _Kept
# (a shadow host, the computed style of its parent) -> the host's computed style and the tokens
# the reference walk collects for it and what it renders
HostItems = Callable[[Any, Style], tuple[Style, list[Any]]]


# How a style's text children are collected: not at all (not visible), as collapsible str
# tokens, the same without white-space-only runs (table internals), or as _Kept.
_SKIP, _NORMAL, _NORMAL_IN_TABLE, _KEPT, _KEPT_IN_TABLE = range(5)


class _Box:
    """One distinct computed style, with what the walk derives from it: how its text children
    are collected, and the styles of its children by tag (for children whose style depends on
    their tag alone)."""

    __slots__ = ("style", "mode", "by_tag", "fast", "c_mode", "kept_white_space")

    def __init__(self, style: Style) -> None:
        self.style = style
        in_table = style.display in TABLE_INTERNAL
        if not style.visible:  # step 2: a text node's visibility is its parent's
            self.mode = _SKIP
        elif style.white_space in PRESERVED:
            self.mode = _KEPT
        elif style.white_space == "pre-line":
            self.mode = _KEPT_IN_TABLE if in_table else _KEPT
        else:
            self.mode = _NORMAL_IN_TABLE if in_table else _NORMAL
        # tag, (tag, attribute present) or (tag, "style", style attribute) -> the role of a child
        self.by_tag: dict[Any, _Role] = {}
        # text is appended as it is: collapsed as 'normal', not transformed
        self.fast = self.mode == _NORMAL and style.text_transform == "none"
        # how the C walk reads its text slots when the node has no wrapper: as lxml's (0, with or
        # without one), not at all (1), lxml's unless white space alone (2), lxml's as a _Kept of
        # kept_white_space (4); else by _add_slot (3)
        untransformed = style.text_transform == "none"
        self.kept_white_space = style.white_space if self.mode == _KEPT and untransformed else None
        self.c_mode = 0 if self.fast else 1 if self.mode == _SKIP else (
            2 if self.mode == _NORMAL_IN_TABLE and untransformed else 4 if self.kept_white_space else 3)


_LIMIT = 4096  # the caches below are dropped when they grow past this (names are unbounded)
_PER_BOX = 256  # the same for each box's table of its children's roles by tag
_BOXES: tuple[dict[Style, _Box], dict[Style, _Box]] = ({}, {})  # by html_document
_LOCALS: tuple[dict[str, str | None], dict[str, str | None]] = ({}, {})  # tag -> HTML local name or None
_UNSEEN = object()


def _box(style: Style, html_document: bool) -> _Box:
    boxes = _BOXES[html_document]
    box = boxes.get(style)
    if box is None:
        if len(boxes) >= _LIMIT:
            boxes.clear()
        box = boxes[style] = _Box(style)
    return box


def _local(tag: Any, html_document: bool) -> str | None:
    """The local name of an element with lxml tag *tag* when it is an HTML element, else None."""
    locals_ = _LOCALS[html_document]
    local = locals_.get(tag, _UNSEEN)
    if local is _UNSEEN:
        namespace, _prefix, name = name_from_tag(tag, html_document)
        local = name if namespace == HTML_NAMESPACE else None
        if len(locals_) >= _LIMIT:
            locals_.clear()
        locals_[tag] = local
    return local  # type: ignore[return-value]


class _Role:
    """What the walk does with an element of one computed style and local name: its box, the
    tokens before and after its children (steps 5-9, and where its box starts and ends a
    line), and whether the tokens after depend on its being its row's last cell (step 6) or its
    table's last row (step 7)."""

    __slots__ = ("box", "local", "present", "reads_more", "none", "plain", "children", "normal", "before", "after",
                 "after_not_last", "cell", "row", "packed")

    def __init__(self, own: Style, local: str | None, html_document: bool) -> None:
        self.box = _box(own, html_document)
        # what computed_style reads of an element of this name beyond its hidden and style
        # attributes: the name of an attribute whose presence counts, and whether it reads
        # attribute values or its parent (then its style is not cached by tag)
        self.local = local
        self.present = PRESENCE_READ.get(local) if local else None
        self.reads_more = local in READS_MORE
        self.none = own.display == "none"
        rendered = own.display != "contents"
        before: list[Any] = []
        head: list[Any] = []  # after the children, before step 6's tab and step 7's newline
        tail: list[Any] = []  # after those
        self.cell = self.row = False
        if rendered and own.visible:
            if local == "br":  # step 5
                head.append(_NEWLINE)
            self.cell = own.display == "table-cell"  # step 6
            self.row = own.display == "table-row"  # step 7
            if local == "p":  # step 8
                before.insert(0, 2)
                tail.append(2)
            if own.display in BLOCK_LEVEL:  # step 9
                before.insert(0, 1)
                tail.append(1)
        if rendered and own.display in OWN_LINES:
            block = own.display in BLOCK_LEVEL or own.display == "table-cell"
            before.append(_OPEN_BLOCK if block else _OPEN_ATOMIC)
            head.insert(0, _CLOSE_BLOCK if block else _CLOSE_ATOMIC)
        elif rendered and own.children == "none" and local is not None and local != "br":
            before.append(_OPEN_ATOMIC)  # a replaced inline: an atomic inline box
            head.insert(0, _CLOSE_ATOMIC)
        elif local == "br":
            head.insert(0, _CLOSE_BLOCK)  # the line ends: spaces before a br are removed
            tail.append(_OPEN_BLOCK)
        self.before = _merged(before)
        self.after = _merged(head + tail)  # for a cell or row: when it is the last of its row or table
        self.after_not_last = _merged(head + [_TAB if self.cell else _NEWLINE] + tail)
        # an inline box of all its children that is neither br nor p adds no tokens of its own
        self.plain = not (before or self.after or self.cell or self.row)
        self.children = own.children
        self.normal = self.box.fast
        self.pack()

    def pack(self) -> None:
        """What the C walk reads (dom/html/rendered_text_collection_speedups.c, its R_* fields, in order)."""
        self.packed = (self.none, self.plain, self.before, self.after, self.cell or self.row,
                       _CHILDREN_CODES.get(self.children, 2), self.normal, self.box, self.reads_more, self.present,
                       self.local, self.children, self.after_not_last, self.cell,
                       self.box.style.display == "table-cell")


def _host_role(own: Style, local: str | None, html_document: bool, items: list[Any]) -> _Role:
    """The role of a shadow host of computed style *own* for which the reference collected
    *items* (its own tokens of steps 5-9 among them): all of them before its children, which
    the walk does not enter (its rendered children are the flat tree's).  Not kept in _ROLES."""
    role = _Role(own, local, html_document)
    role.before = _merged(items)
    role.after = role.after_not_last = []
    role.cell = role.row = role.reads_more = False
    role.plain = False
    role.present = None
    role.children = "none"
    role.normal = False
    role.pack()
    return role


_CHILDREN_CODES = {"all": 0, "none": 1}  # else 2: the children a select, optgroup or closed details shows

_ROLES: tuple[dict[tuple[Style, str | None], _Role], dict[tuple[Style, str | None], _Role]] = ({}, {})


def _role(own: Style, local: str | None, html_document: bool) -> _Role:
    roles = _ROLES[html_document]
    role = roles.get((own, local))
    if role is None:
        if len(roles) >= _LIMIT:
            roles.clear()
        role = roles[own, local] = _Role(own, local, html_document)
    return role


def _tag_role(by_tag: dict[Any, _Role], tag: str, present: str | None, parent: Style, html_document: bool) -> _Role:
    """The role of an element of lxml tag *tag* without hidden and style attributes, with the
    attribute *present* (or none), under a parent of style *parent*: computed once, kept in the
    parent box's table (for a tag whose style reads more, a stand-in that says so)."""
    if len(by_tag) >= _PER_BOX:
        by_tag.clear()
    local = _local(tag, html_document)
    role = _role(_cached_style(local, present, parent), local, html_document)
    by_tag[tag if present is None else (tag, present)] = role
    return role


def _cached_style(local: str | None, present: str | None, parent: Style) -> Style:
    """computed_style of an element without hidden and style attributes that reads nothing else
    but whether the attribute *present* is there."""
    return computed_style(local, lambda name: name == present, lambda name: None, lambda: False, parent)


class _Walk:
    """The state of one collection: the document's identity map and kind, and the last cell of
    each row and last row of each table (found once each, from the end)."""

    __slots__ = ("author", "marked", "hosts", "host_items", "host_roles", "authored_roles", "nodes", "html_document",
                 "last_cells", "last_rows")
    # what reads_as_lxml compares (the C walk reads them here)
    plain_keys = PLAIN_KEYS
    plain_get_attribute = staticmethod(vars(Element)["getAttribute"])

    def __init__(self, document: Any, hosts: dict[Any, Any] | None = None, host_items: HostItems | None = None) -> None:
        self.author = author_map(document)
        # shadow hosts by lxml element, and what the reference collects for one
        self.hosts = hosts or {}
        self.host_items = host_items
        self.host_roles: dict[tuple[Any, Style], _Role] = {}
        # (tag, parent style, identity of the author declarations) -> the role (see attributed_role)
        self.authored_roles: dict[tuple[str, Style, int], _Role] = {}
        # the elements whose role is not their tag's alone: those an author rule or hint matches, and hosts
        self.marked = {**self.author, **dict.fromkeys(self.hosts)} if self.hosts else self.author
        self.nodes: dict[Any, Any] = document._nodes
        self.html_document = bool(document._is_html)
        self.last_cells: dict[Any, Any] = {}
        self.last_rows: dict[Any, Any] = {}

    def style(self, lx: Any, local: str | None, parent: Style) -> Style:
        """computed_style of *lx*: through its wrapper's getAttribute when it has one (as the
        reference reads it), else from lxml (an element without a wrapper has only plain,
        XML-safe attributes: the parser makes the wrapper of any other at once)."""
        wrapper = self.nodes.get(lx)
        attrib = lx.attrib
        get = wrapper.getAttribute if wrapper is not None else lx.get
        return computed_style(local, attrib.__contains__, get, lambda: self.is_table_part(lx.getparent()), parent,
                              self.author.get(lx) if self.author else None)

    def reads_as_lxml(self, lx: Any) -> bool:
        """Whether the element's getAttribute answers lxml's values: it has no wrapper, or its
        wrapper keeps nothing of its attributes and reads them with Element's own getAttribute."""
        wrapper = self.nodes.get(lx)
        return wrapper is None or (wrapper._attr_extra is PLAIN_KEYS
                                   and type(wrapper).getAttribute is self.plain_get_attribute)

    def role(self, lx: Any, box: _Box) -> _Role:
        """The role of the element *lx* as a child of a box *box* (what _collect finds inline)."""
        tag = lx.tag
        by_tag = box.by_tag
        role = by_tag.get(tag) or _tag_role(by_tag, tag, None, box.style, self.html_document)
        keys = lx.keys()
        authored = bool(self.marked) and lx in self.marked
        if keys or role.reads_more or authored:
            return self.attributed_role(lx, tag, role, box, keys, authored)
        return role

    def attributed_role(self, lx: Any, tag: str, role: _Role, box: _Box, keys: list[str], authored: bool) -> _Role:
        """The role of an element with attributes (*keys*), or whose style reads more than its
        tag, or that an author rule matches or that is a shadow host (*authored*); *role* is its
        role by tag alone."""
        if authored and self.hosts and lx in self.hosts:
            return self.host_role(lx, box)
        if authored or role.reads_more or "hidden" in keys:
            local = role.local
            present = role.present
            if not (role.reads_more or "hidden" in keys or "style" in keys or present in keys):
                # its style then follows from its name, its parent's and the author declarations
                # alone: elements an author rule styles alike share the role (the walk keeps the
                # author map, so the declarations' identity holds)
                key = (tag, box.style, id(self.author.get(lx)))
                found = self.authored_roles.get(key)
                if found is None:
                    found = self.authored_roles[key] = _role(self.style(lx, local, box.style), local,
                                                             self.html_document)
                return found
            return _role(self.style(lx, local, box.style), local, self.html_document)
        if "style" in keys:
            return self.styled_role(lx, tag, role, box)
        present = role.present
        if present is not None and present in keys:
            by_tag = box.by_tag
            return by_tag.get((tag, present)) or _tag_role(by_tag, tag, present, box.style, self.html_document)
        return role

    def host_role(self, lx: Any, box: _Box) -> _Role:
        """The role of the shadow host *lx* in a box *box*: its tokens are the reference's
        (kept for the walk: the last cell of a row may ask for it before the walk meets it)."""
        key = (lx, box.style)
        role = self.host_roles.get(key)
        if role is None:
            assert self.host_items is not None
            own, items = self.host_items(self.hosts[lx], box.style)
            local = _local(lx.tag, self.html_document)
            role = self.host_roles[key] = _host_role(own, local, self.html_document, items)
        return role

    def attributed_role_of(self, lx: Any, tag: str, role: _Role, box: _Box, authored: bool) -> _Role:
        """attributed_role, reading the element's attribute names itself (for the C walk)."""
        return self.attributed_role(lx, tag, role, box, lx.keys(), authored)

    def styled_role(self, lx: Any, tag: str, role: _Role, box: _Box) -> _Role:
        """The role of an element with a style attribute and no hidden one that no author rule
        matches, in a box of style *box*; *role* is its role without the attribute.  When its
        attributes read as lxml's (reads_as_lxml), the role depends on the attribute's
        value (and on whether the one attribute whose presence its name reads is there, as
        ``nowrap`` on a cell): kept in the box's table by (tag, "style", value[, presence]), as
        pages repeat their style attributes."""
        local = role.local
        if not self.reads_as_lxml(lx):
            return _role(self.style(lx, local, box.style), local, self.html_document)
        by_tag = box.by_tag
        present = role.present
        value = lx.get("style")
        key: tuple[Any, ...] = (tag, "style", value) if present is None else (tag, "style", value, present in lx.attrib)
        found = by_tag.get(key)
        if found is None:
            if len(by_tag) >= _PER_BOX:
                by_tag.clear()
            found = by_tag[key] = _role(self.style(lx, local, box.style), local, self.html_document)
        return found

    def is_table_part(self, lx: Any) -> bool:
        return lx is not None and isinstance(lx.tag, str) and _local(lx.tag, self.html_document) in (
            "table", "thead", "tbody", "tfoot", "tr")

    def after(self, lx: Any, role: _Role, parent: Any, parent_style: Style) -> list[Any]:
        """The tokens after the children of a table cell (step 6: a tab unless it is its row's
        last cell) or row (step 7: a newline unless it is its table's last row); *parent* is its
        parent, or None when the walk does not know it."""
        return role.after if self.last_of(lx, role, parent, parent_style) is lx else role.after_not_last

    def last_of(self, lx: Any, role: _Role, parent: Any, parent_style: Style) -> Any:
        """The last cell of a table cell's row, or the last row of a row's table (None if none)."""
        if role.cell:
            row = parent if parent is not None else lx.getparent()
            if row is None:
                raise NotOnTheFastPath("a table cell that is the document element")
            last = self.last_cells.get(row, _UNSEEN)
            if last is _UNSEEN:
                last = self.last_cells[row] = self.last_cell(row, parent_style)
        else:
            table = self.table_of(lx)
            last = self.last_rows.get(table, _UNSEEN)
            if last is _UNSEEN:
                last = self.last_rows[table] = self.last_row(table)
        return last

    def last_cell(self, row: Any, row_style: Style) -> Any:
        box = _box(row_style, self.html_document)
        for child in row.iterchildren(reversed=True):  # (reversed() would make a proxy per child first)
            if isinstance(child.tag, str) and self.role(child, box).box.style.display == "table-cell":
                return child
        return None

    def table_of(self, row: Any) -> Any:
        parent = row.getparent()
        if parent is not None and isinstance(parent.tag, str) and _local(parent.tag, self.html_document) in (
                "thead", "tbody", "tfoot"):
            parent = parent.getparent()
        if parent is None:
            raise NotOnTheFastPath("a table row whose table is the document")
        return parent

    def last_row(self, table: Any) -> Any:
        """The last tr of the table's rows, direct or in its sections, in tree order."""
        html_document = self.html_document
        for child in table.iterchildren(reversed=True):  # (reversed() would make a proxy per child first)
            local = _local(child.tag, html_document) if isinstance(child.tag, str) else None
            if local == "tr":
                return child
            if local in ("thead", "tbody", "tfoot"):
                for row in child.iterchildren(reversed=True):
                    if isinstance(row.tag, str) and _local(row.tag, html_document) == "tr":
                        return row
        return None

    def selected_children(self, lx: Any, local: str | None, children: str) -> list[Any]:
        """The children with boxes of a select or optgroup (its option and optgroup
        descendants) or of a closed details (its first summary child)."""
        html_document = self.html_document
        if children == "summary":
            for child in lx:
                if isinstance(child.tag, str) and _local(child.tag, html_document) == "summary":
                    return [child]
            return []
        wanted = ("option",) if local == "optgroup" else ("option", "optgroup")
        out = []
        stack = list(reversed(lx))
        while stack:
            child = stack.pop()
            if not isinstance(child.tag, str):
                continue
            if _local(child.tag, html_document) in wanted:
                out.append(child)
            else:
                stack.extend(reversed(child))
        return out

    def slot(self, lx: Any, tail: bool) -> list[str] | None:
        """The data of the Text nodes of a text slot when the wrapper holds a run that is not
        one non-empty Text node; None when lxml's slot says it all."""
        wrapper = self.nodes.get(lx)
        if wrapper is None:
            return None
        run = wrapper._tail_run if tail else wrapper._text_run
        if run is None or (len(run) == 1 and run[0]._data):
            return None
        return [t._data for t in wrapper._slot_run(tail)]


def _add_text(tokens: list[Any], data: str, box: _Box) -> None:
    mode = box.mode
    if box.style.text_transform != "none":
        data = apply_text_transform(data, box.style.text_transform)
    if mode == _NORMAL:
        tokens.append(data)
    elif mode == _KEPT:
        tokens.append(_Kept(data, box.style.white_space))
    elif mode != _SKIP and data.strip(" \t\n\r"):  # white space between table parts has no box
        tokens.append(data if mode == _NORMAL_IN_TABLE else _Kept(data, box.style.white_space))


def _add_slot(walk: _Walk, tokens: list[Any], lx: Any, tail: bool, box: _Box) -> None:
    run = walk.slot(lx, tail)
    if run is None:
        data = lx.tail if tail else lx.text
        if data:
            _add_text(tokens, data, box)
    else:
        for data in run:
            _add_text(tokens, data, box)


_C_COLLECT: Any = getattr(extension, "collect", None)


def _collect(element: Any, style: Style, hosts: dict[Any, Any] | None = None,
             host_items: HostItems | None = None) -> list[Any]:
    """https://html.spec.whatwg.org/#rendered-text-collection-steps over the children of
    *element* (whose computed style is *style*), in tree order with an explicit stack; the
    shadow hosts *hosts* (by lxml element) are not entered: *host_items* gives their tokens.

    Text collapsed as 'white-space: normal' is read from lxml's slots alone: what a run of
    several or empty Text nodes adds to it, collapsed, is what their concatenation adds."""
    walk = _Walk(element._doc, hosts, host_items)
    html_document = walk.html_document
    tokens: list[Any] = []
    root = element._lx
    root_box = _box(style, html_document)
    if style.children == "all":
        _add_slot(walk, tokens, root, False, root_box)
        children: Any = root
    elif style.children != "none":
        local = _local(root.tag, html_document) if isinstance(root.tag, str) else None
        children = walk.selected_children(root, local, style.children)
    else:
        return tokens
    if _C_COLLECT is not None:
        _C_COLLECT(tokens, children, root, root_box, children is root, walk.marked or None, walk, _tag_role,
                   _add_slot, html_document, _Kept)
    else:
        _walk(walk, tokens, children, root, root_box)
    return tokens


def _walk(walk: _Walk, tokens: list[Any], children: Any, root: Any, root_box: _Box) -> None:
    """The walk of _collect from its first frame: the children of *root* (*children* is *root*)
    or the elements of the list *children* (a select's options, a closed details' summary)."""
    html_document = walk.html_document
    append = tokens.append
    extend = tokens.extend
    author = walk.marked
    # Frames: (children iterator, the parent's box, whether the children's tails are text of the
    # parent, the tokens after the parent's children, the parent)
    stack: list[tuple[Iterator[Any], _Box, bool, list[Any], Any]] = [
        (iter(children), root_box, children is root, [], root)]
    while stack:
        children, box, tails, after, parent = stack[-1]
        by_tag = box.by_tag
        normal = box.fast
        for child in children:
            tag = child.tag
            if tag.__class__ is not str:  # a comment or processing instruction: only its tail is text
                if tails:
                    if normal:
                        if child.tail:
                            append(child.tail)
                    else:
                        _add_slot(walk, tokens, child, True, box)
                continue
            role = by_tag.get(tag)
            if role is None:
                role = _tag_role(by_tag, tag, None, box.style, html_document)
            keys = child.keys()  # one call into lxml; most elements have no attributes
            authored = child in author if author else False  # an author rule or hint matches it, or a host
            if keys or role.reads_more or authored:
                present = role.present  # most attributes (class, href, id) leave the role as it is
                if (authored or role.reads_more or "hidden" in keys or "style" in keys
                        or (present is not None and present in keys)):
                    role = walk.attributed_role(child, tag, role, box, keys, authored)
            if not role.none:
                if role.plain:
                    child_after = role.after
                else:
                    if role.before:
                        extend(role.before)
                    if role.cell or role.row:
                        child_after = walk.after(child, role, parent if tails else None, box.style)
                    else:
                        child_after = role.after
                children_kind = role.children
                if children_kind == "all":
                    if role.normal:
                        text = child.text
                        if text:
                            append(text)
                    else:
                        _add_slot(walk, tokens, child, False, role.box)
                    if len(child):  # enter it
                        stack.append((iter(child), role.box, True, child_after, child))
                        break
                elif children_kind != "none":
                    stack.append((iter(walk.selected_children(child, role.local, children_kind)), role.box, False,
                                  child_after, child))
                    break
                if child_after:
                    extend(child_after)
            if tails:
                if normal:
                    text = child.tail
                    if text:
                        append(text)
                else:
                    _add_slot(walk, tokens, child, True, box)
        else:
            stack.pop()
            if after:
                extend(after)
            if stack and stack[-1][2]:
                below = stack[-1][1]
                if below.fast:
                    text = parent.tail
                    if text:
                        append(text)
                else:
                    _add_slot(walk, tokens, parent, True, below)


def _the_text(tokens: list[Any]) -> str:
    """Steps 3-7 of https://html.spec.whatwg.org/#get-the-text-steps over the collected tokens:
    CSS white-space processing (https://drafts.csswg.org/css-text/#white-space-phase-1 and
    phase 2: collapsible spaces collapse across element boundaries and are removed at the start
    and end of lines), then the required line breaks.  A collapsible run is handled whole: after
    collapsing, only its first and last characters can be spaces whose fate depends on its
    neighbours."""
    out: list[str] = []
    append = out.append
    breaks = 0  # the largest required line break count since the last string (step 6)
    pending_space = False  # a collapsible space kept only if something follows on the line
    line_start = True
    collapse = COLLAPSIBLE.sub
    for token in tokens:
        kind = token.__class__
        if kind is str:
            text = token
            if "\n" in text or "  " in text or "\t" in text or "\r" in text:  # cheaper tests than re's
                text = collapse(" ", text)
            if not text:
                continue
            if text == " ":
                if not line_start:
                    pending_space = True
                continue
            if text[0] == " ":
                if not line_start:
                    pending_space = True
                text = text[1:]
            trailing = text[-1] == " "
            if breaks:
                if out:  # step 5: none before the first string (step 4: empty strings are no strings)
                    append("\n" * breaks)
                breaks = 0
            if pending_space:
                append(" ")
            append(text[:-1] if trailing else text)
            line_start = False
            pending_space = trailing
            continue
        if kind is _Run:
            if token.breaks > breaks:
                breaks = token.breaks
            if token.resets:
                pending_space = False
                line_start = token.line_start
            continue
        if kind is int:
            if token > breaks:
                breaks = token
            continue
        if kind is _Kept:
            pieces, pending_space, line_start = _kept(token, pending_space, line_start)
        elif token is _OPEN_BLOCK or token is _CLOSE_BLOCK:
            pending_space, line_start = False, True
            continue
        elif token is _TAB or token is _NEWLINE:
            pending_space = False
            pieces = ["\t" if token is _TAB else "\n"]
        elif token is _OPEN_ATOMIC:  # the spaces before an atomic inline stay; inside, a new line
            pieces = [" "] if pending_space else []
            pending_space, line_start = False, True
        else:  # _CLOSE_ATOMIC: after it, the line goes on with content
            pending_space, line_start = False, False
            continue
        for piece in pieces:
            if piece:
                if breaks:
                    if out:
                        append("\n" * breaks)
                    breaks = 0
                append(piece)
    return "".join(out)  # step 7; step 5: the breaks left at the end are dropped


def _kept(token: _Kept, pending_space: bool, line_start: bool) -> tuple[list[str], bool, bool]:
    """The strings of text whose white space is not collapsed as 'normal' (pre, pre-wrap,
    break-spaces: kept as is; pre-line: spaces collapse, newlines stay), and the new
    (pending_space, line_start)."""
    data = token.data
    pieces = [" "] if pending_space else []
    if token.white_space != "pre-line":
        pieces.append(data)
        return pieces, False, data.endswith("\n") if data else line_start
    pieces = []
    lines = SPACES.sub(" ", SPACES_AROUND_NEWLINE.sub("\n", data)).split("\n")
    for index, text in enumerate(lines):
        if index:
            pending_space, line_start = False, True
            pieces.append("\n")
        if not text:
            continue
        if text == " ":
            if not line_start:
                pending_space = True
            continue
        if text[0] == " ":
            if not line_start:
                pending_space = True
            text = text[1:]
        trailing = text[-1] == " "
        if pending_space:
            pieces.append(" ")
        pieces.append(text[:-1] if trailing else text)
        line_start, pending_space = False, trailing
    return pieces, pending_space, line_start


# The C extension's _the_text (dom/html/inner_text_speedups.c) and _walk
# (dom/html/rendered_text_collection_speedups.c), None without it.
_C_THE_TEXT: Any = getattr(extension, "the_text", None)
_MARKERS = (_OPEN_BLOCK, _CLOSE_BLOCK, _OPEN_ATOMIC, _CLOSE_ATOMIC, _TAB, _NEWLINE)


def the_text(tokens: list[Any]) -> str:
    """_the_text, in C when the extension is built."""
    if _C_THE_TEXT is not None:
        return str(_C_THE_TEXT(tokens, _Run, _Kept, _MARKERS, _kept))
    return _the_text(tokens)


def rendered_text(element: Any, style: Style, hosts: dict[Any, Any] | None = None,
                  host_items: HostItems | None = None) -> str:
    """Steps 2-7 of https://html.spec.whatwg.org/#get-the-text-steps for a rendered *element*
    of computed style *style*: the rendered text collection steps over its children, white
    space processed, the required line breaks in place.  *hosts*: the shadow hosts under
    *element* (by lxml element, not *element* itself), whose tokens *host_items* gives.  Raises
    NotOnTheFastPath where the reference must answer."""
    if element._doc._escaped_text:
        raise NotOnTheFastPath("text that lxml cannot hold")
    return the_text(_collect(element, style, hosts, host_items))
