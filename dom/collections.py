"""Live collections: NodeList and HTMLCollection (https://dom.spec.whatwg.org/#old-style-collections).

Live but lazy (STYLE.md §4): a collection remembers the document's mutation counter at which it
last computed its list and recomputes only when the counter has moved, so ``coll[i]`` in a loop
is O(1) amortized and a mutation costs nothing but ``version += 1``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar, cast

from lxml import etree

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase
from webidl.interface import IndexedCollection, NamedCollection
from webidl.operations import operations

from .lxml_mirror import ESCAPED_NS, lxml_accepts_local
from .memo import MemoKey
from .nodes.identity import node_for
from .notebook import collection_html

if TYPE_CHECKING:
    from .nodes.document import Document
    from .nodes.element import Element
    from .nodes.node import Node

__all__ = [
    "NodeList", "ChildNodeList", "StaticNodeList", "HTMLCollection", "ElementFilter", "ALL", "tag_name_filter",
    "narrowed", "narrowed_to_local_names",
]

# The members of a NodeList of children and of an HTMLCollection (about the collection).
CHILD_NODES = MemoKey("child nodes")
HTML_COLLECTION = MemoKey("HTML collection")

_C = TypeVar("_C")

# The item type of a collection (bare ``NodeList``/``HTMLCollection`` means any node/element).
_N = TypeVar("_N", bound="Node")
_E = TypeVar("_E", bound="Element")


class OverCurrentList(IndexedCollection[_N]):
    """Python protocols straight over a collection's current list, ``_current()`` (the generic
    ones of IndexedCollection go through ``length`` and ``item`` twice per element)."""

    __slots__ = ()

    def _current(self) -> list[_N]:  # pragma: no cover - overridden
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._current())

    def __getitem__(self, index: Any) -> Any:
        if type(index) is int:
            try:
                return self._current()[index]
            except IndexError:
                raise IndexError(f"index {index} out of range for {type(self).__name__}") from None
        return super().__getitem__(index)  # names, slices: the generic rules

    def __contains__(self, item: Any) -> bool:
        return item in self._current()  # C-level; nodes compare by identity

    def __iter__(self) -> Iterator[_N]:
        # Index by index over the current list, so a live list changing during iteration
        # behaves as a JS loop over it would.
        i = 0
        while True:
            items = self._current()
            if i >= len(items):
                return
            yield items[i]
            i += 1


@operations("NodeList", "item")
class NodeList(OverCurrentList[_N]):
    """https://dom.spec.whatwg.org/#interface-nodelist"""

    __slots__ = ()

    def _nodes(self) -> list[_N]:  # pragma: no cover - overridden
        raise NotImplementedError

    @property
    def length(self) -> int:
        return len(self._nodes())

    def item(self, index: int) -> _N | None:
        nodes = self._nodes()
        return nodes[index] if index < len(nodes) else None

    def _current(self) -> list[_N]:
        return self._nodes()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._nodes()!r}>"

    def _repr_html_(self) -> str:
        """Jupyter's view: live or static, the length, the items (dom.notebook)."""
        nodes = self._nodes()
        interface = "NodeList" if type(self) in (StaticNodeList, ChildNodeList) else type(self).__name__
        return collection_html(interface, nodes, len(nodes), live=not isinstance(self, StaticNodeList))


class StaticNodeList(NodeList[_N]):
    """A static NodeList (querySelectorAll results)."""

    __slots__ = ("_list",)

    def __init__(self, nodes: list[_N]) -> None:
        self._list = nodes

    def _nodes(self) -> list[_N]:
        return self._list

    def __iter__(self) -> Iterator[_N]:
        return iter(self._list)  # static: no change to follow during the loop


class ChildNodeList(NodeList["Node"]):
    """``node.childNodes``: live, the same object each time for a node."""

    __slots__ = ("_node",)
    _node: Node  # the parent whose children these are

    @classmethod
    def for_node(cls, node: Node) -> ChildNodeList:
        def make() -> ChildNodeList:
            found = cls.__new__(cls)
            found._node = node
            return found

        return _same_object_of(node, "childNodes", make)

    def _nodes(self) -> list[Node]:
        node = self._node
        lx = getattr(node, "_lx", None)
        if lx is None:  # a Document's children: any change of its own children is logged as None
            return node._doc._memoized(CHILD_NODES, self, node._children)
        return node._doc._memoized_over(CHILD_NODES, self, lx, node._children)


class ElementFilter:
    """Which elements an HTMLCollection holds: *keep* decides, and the fields tell the
    collection what it may do without asking it.

    - ``local``: *keep* looks only at the element itself (its names and attributes), not at
      its place in the tree, so removing an element changes nothing else (the removal
      shortcut, see HTMLCollection);
    - ``candidates``: an XPath predicate over the lxml mirror, with its variables, true of at
      least every element kept: lxml finds those first, in C;
    - ``candidate_tags``: lxml tag patterns that match at least every element kept."""

    __slots__ = ("keep", "local", "candidates", "candidate_tags")

    def __init__(
        self,
        keep: Callable[[Element], bool],
        local: bool = False,
        candidates: tuple[str, dict[str, str]] | None = None,
        candidate_tags: tuple[str, ...] | None = None,
    ) -> None:
        self.keep = keep
        self.local = local
        self.candidates = candidates
        self.candidate_tags = candidate_tags


@operations("HTMLCollection", "item", "namedItem")
class HTMLCollection(OverCurrentList[_E], NamedCollection[_E]):
    """https://dom.spec.whatwg.org/#interface-htmlcollection -- elements of a root's subtree (or
    its children) that match a filter, in tree order, live: the list is a value of the
    document's memo, keyed by the collection."""

    __slots__ = ("_root", "_filter", "_children_only")

    def __init__(
        self, root: Node, filter: ElementFilter | Callable[[Element], bool], children_only: bool = False
    ) -> None:
        self._root = root
        self._filter = filter if isinstance(filter, ElementFilter) else ElementFilter(filter)
        self._children_only = children_only

    @classmethod
    def children_of(cls, node: Node) -> HTMLCollection[Element]:
        return _same_object_of(node, "children", lambda: HTMLCollection(node, ALL, children_only=True))

    def _elements(self) -> list[_E]:
        root = self._root
        document = root._doc if root._doc is not None else root
        entry: tuple[int, list[_E]] | None = document._memo_entry(HTML_COLLECTION, self)  # (the memo holds any value)
        if entry is not None and entry[0] == document._version:
            return entry[1]  # the common case, kept free of imports
        return self._recompute(root, document, entry)

    def _recompute(self, root: Node, document: Any, entry: tuple[int, list[_E]] | None) -> list[_E]:
        lx = getattr(root, "_lx", None)
        if entry is not None and lx is not None and self._filter.local and document._unchanged_under(entry[0], lx):
            # The document changed only outside the root's subtree, and the filter looks only at
            # each element itself: the members are what they were.
            document._memo_store(HTML_COLLECTION, self, entry[1])
            return entry[1]
        version = document._version
        last = document._last_removed
        if entry is not None and last is not None and last[0] == entry[0] and last[1] == version and self._filter.local:
            cache = entry[1]
            # The one change since the cache is the removal of an element without element
            # children, and the filter looks only at each element itself: the removed element
            # leaves the list and nothing else changes (``while c.length: c[0].remove()``
            # costs O(matches) per step, not a walk of the tree).
            try:
                cache.remove(last[2])  # identity comparison: nodes have no __eq__
            except ValueError:
                pass
            document._memo_store(HTML_COLLECTION, self, cache)
            return cache
        keep = self._filter.keep
        if self._children_only and lx is None:  # a Document's children: a short list
            # Element is not importable here (an import cycle): its node type tells.
            children = cast("list[_E]", [n for n in root._children() if n.nodeType == 1])
            cache = [e for e in children if keep(e)]
        else:
            get = document._nodes.get
            candidates = self._candidates(root, lx)
            wrapped = [n if (n := get(c)) is not None else node_for(c, document) for c in candidates]
            elements = cast("list[_E]", wrapped)  # the candidates are lxml elements of the filter's kind
            cache = elements if self._filter is ALL else [n for n in elements if keep(n)]
        document._memo_store(HTML_COLLECTION, self, cache)
        return cache

    def _candidates(self, root: Node, lx: Any) -> Any:
        """The lxml elements the filter is tried on, in tree order, straight from lxml (C
        iteration, no recursion): the root's children or descendants (a Document's: its
        element's inclusive descendants), narrowed in C where the filter says how."""
        if self._children_only:
            return lx.iterchildren(tag=etree.Element)
        top = lx
        if lx is None:  # a Document
            element = cast("Document", root).documentElement
            if element is None:
                return []
            top = element._lx
        narrowed = self._filter.candidates
        if narrowed is not None:
            # libxml2 picks a superset of the matches (the filter still decides), so only
            # those get wrappers and Python calls: a stale collection over a large tree is
            # recomputed at the cost of its matches, not of the whole tree.
            predicate, variables = narrowed
            below, self_too = _candidate_paths(predicate)
            return (self_too if lx is None else below)(top, **variables)
        tags = self._filter.candidate_tags or (etree.Element,)  # lxml's C tag matching
        return top.iter(*tags) if lx is None else top.iterdescendants(*tags)

    @property
    def length(self) -> int:
        return len(self._elements())

    def item(self, index: int) -> _E | None:
        elements = self._elements()
        return elements[index] if index < len(elements) else None

    def _current(self) -> list[_E]:
        return self._elements()

    def supported_property_names(self) -> list[str]:
        """https://dom.spec.whatwg.org/#ref-for-dfn-supported-property-names -- each element's
        ID, then (HTML elements) its non-empty name, in tree order, without duplicates: the
        names JS exposes as the collection's own properties."""

        names: dict[str, None] = {}
        for element in self._elements():
            element_id = element.getAttribute("id")
            if element_id:
                names.setdefault(element_id)
            if element._name.namespace == HTML_NAMESPACE:
                name = element.getAttribute("name")
                if name:
                    names.setdefault(name)
        return list(names)

    def namedItem(self, name: str) -> _E | None:
        """https://dom.spec.whatwg.org/#dom-htmlcollection-nameditem-key"""
        if name == "":
            return None
        for element in self._elements():
            if element.getAttribute("id") == name:
                return element
            if element._name.namespace == HTML_NAMESPACE and element.getAttribute("name") == name:
                return element
        return None

    def __repr__(self) -> str:
        return f"<HTMLCollection {self._elements()!r}>"

    def _repr_html_(self) -> str:
        """Jupyter's view: always live, the length, the items (dom.notebook)."""
        elements = self._elements()
        return collection_html(type(self).__name__, elements, len(elements), live=True)


@lru_cache(maxsize=64)
def _candidate_paths(predicate: str) -> tuple[etree.XPath, etree.XPath]:
    return etree.XPath(f"descendant::*[{predicate}]"), etree.XPath(f"descendant-or-self::*[{predicate}]")


def narrowed(keep: Callable[[Element], bool], predicate: str, **variables: str) -> ElementFilter:
    """A local filter of *keep*, with an XPath predicate over the lxml mirror true of at least
    every element it keeps (``$name`` refers to *variables*): HTMLCollection evaluates it
    first, in C."""
    return ElementFilter(keep, local=True, candidates=(predicate, variables))


def narrowed_to_local_names(keep: Callable[[Element], bool], *names: str) -> ElementFilter:
    """A filter of *keep*, when every element it keeps has one of the local *names*:
    HTMLCollection then lets lxml find the elements with those names (any namespace) first, in
    C.  Names not stored as themselves (escaped in the mirror) leave *keep* without that."""

    if all(lxml_accepts_local(name) for name in names):
        # Escaped elements (a prefix, a namespace lxml refuses) hide their local name in the
        # mirror: they stay candidates.
        escaped = "{" + ESCAPED_NS + "}*"
        return ElementFilter(keep, local=True, candidate_tags=(*("{*}" + name for name in names), escaped))
    return ElementFilter(keep)


# The filter keeping every element (recognised by identity: no call per element).
ALL = ElementFilter(lambda element: True, local=True)


def tag_name_filter(qualified_name: str, html_document: bool) -> ElementFilter:
    """https://dom.spec.whatwg.org/#concept-getelementsbytagname -- *html_document*: whether the
    root's node document is an HTML document when the list is made (step 2 decides once; the
    list keeps its filter if the root is later adopted into an XML document)."""

    if qualified_name == "*":
        return ALL
    lower = ascii_lowercase(qualified_name)
    if not html_document:  # step 3
        def keep(e: Element) -> bool:
            return e._qualified_name == qualified_name
    else:  # step 2
        def keep(e: Element) -> bool:
            if e._name.namespace == HTML_NAMESPACE:
                return e._qualified_name == lower
            return e._qualified_name == qualified_name

    return narrowed_to_local_names(keep, *sorted({lower.rpartition(":")[2], qualified_name.rpartition(":")[2]}))


def _same_object_of(node: Node, name: str, make: Callable[[], _C]) -> _C:
    """The [SameObject] collection *name* of *node*: kept by the node when it keeps such objects
    (elements, documents), else by its document under the node's id (checked on reuse)."""
    keeper = getattr(type(node), "_same_object", None)
    if keeper is not None:
        value: _C = keeper(node, name, make)
        return value
    document = node._doc
    if document is None:
        return make()
    key = (name, id(node))
    found = document._objects.get(key)
    if found is None or (found._node if isinstance(found, ChildNodeList) else found._root) is not node:
        found = document._objects[key] = make()
    return found
