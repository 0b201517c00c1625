"""Live collections: NodeList and HTMLCollection (https://dom.spec.whatwg.org/#old-style-collections).

Live but lazy (STYLE.md §4): a collection remembers the document's mutation counter at which it
last computed its list and recomputes only when the counter has moved, so ``coll[i]`` in a loop
is O(1) amortized and a mutation costs nothing but ``version += 1``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lxml import etree

from webidl import to_unsigned_long
from webidl.interface import IndexedCollection, NamedCollection

if TYPE_CHECKING:
    from .nodes.element import Element
    from .nodes.node import Node

__all__ = ["NodeList", "ChildNodeList", "StaticNodeList", "HTMLCollection", "tag_name_filter"]


class NodeList(IndexedCollection):
    """https://dom.spec.whatwg.org/#interface-nodelist"""

    __slots__ = ()

    def _nodes(self) -> list[Node]:  # pragma: no cover - overridden
        raise NotImplementedError

    @property
    def length(self) -> int:
        return len(self._nodes())

    def item(self, index: Any) -> Node | None:
        i = to_unsigned_long(index)
        nodes = self._nodes()
        return nodes[i] if i < len(nodes) else None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._nodes()!r}>"


class StaticNodeList(NodeList):
    """A static NodeList (querySelectorAll results)."""

    __slots__ = ("_list",)

    def __init__(self, nodes: list[Node]) -> None:
        self._list = nodes

    def _nodes(self) -> list[Node]:
        return self._list


class ChildNodeList(NodeList):
    """``node.childNodes``: live, the same object each time for a node."""

    __slots__ = ("_node", "_cache", "_version")

    @classmethod
    def for_node(cls, node: Node) -> ChildNodeList:
        cache = node._doc.__dict__.setdefault("_child_lists", {}) if node._doc is not None else {}
        found = cache.get(id(node))
        if found is None or found._node is not node:
            found = cls.__new__(cls)
            found._node = node
            found._cache = None
            found._version = -1
            cache[id(node)] = found
        return found

    def _nodes(self) -> list[Node]:
        version = self._node._doc._version
        if self._cache is None or self._version != version:
            self._cache = self._node._children()
            self._version = version
        return self._cache


class HTMLCollection(NamedCollection):
    """https://dom.spec.whatwg.org/#interface-htmlcollection -- elements of a root's subtree (or
    its children) that match a filter, in tree order, live."""

    __slots__ = ("_root", "_filter", "_children_only", "_cache", "_version")

    def __init__(self, root: Node, filter: Callable[[Element], bool], children_only: bool = False) -> None:
        self._root = root
        self._filter = filter
        self._children_only = children_only
        self._cache: list[Element] | None = None
        self._version = -1

    @classmethod
    def children_of(cls, node: Node) -> HTMLCollection:
        doc = node._doc if node._doc is not None else node
        cache = doc.__dict__.setdefault("_children_collections", {})
        found = cache.get(id(node))
        if found is None or found._root is not node:
            found = cls(node, lambda e: True, children_only=True)
            cache[id(node)] = found
        return found

    def _elements(self) -> list[Element]:
        from .nodes.element import Element
        from .nodes.node import node_for

        root = self._root
        document = root._doc if root._doc is not None else root
        version = document._version
        if self._cache is None or self._version != version:
            keep = self._filter
            if self._children_only:
                self._cache = [n for n in root._children() if isinstance(n, Element) and keep(n)]
            else:
                # Descendant elements straight from lxml (C iteration, tree order, no recursion).
                lx = getattr(root, "_lx", None)
                if lx is None:  # a Document
                    element = root.documentElement  # type: ignore[attr-defined]
                    candidates = [] if element is None else element._lx.iter(tag=etree.Element)
                else:
                    candidates = lx.iterdescendants(tag=etree.Element)
                nodes = document._nodes  # type: ignore[union-attr]
                cache: list[Element] = []
                for child_lx in candidates:
                    node = nodes.get(child_lx)
                    if node is None:
                        node = node_for(child_lx, document)  # type: ignore[arg-type]
                    if keep(node):  # type: ignore[arg-type]
                        cache.append(node)  # type: ignore[arg-type]
                self._cache = cache
            self._version = version
        return self._cache

    @property
    def length(self) -> int:
        return len(self._elements())

    def item(self, index: Any) -> Element | None:
        i = to_unsigned_long(index)
        elements = self._elements()
        return elements[i] if i < len(elements) else None

    def supported_property_names(self) -> list[str]:
        """https://dom.spec.whatwg.org/#ref-for-dfn-supported-property-names -- each element's
        ID, then (HTML elements) its non-empty name, in tree order, without duplicates: the
        names JS exposes as the collection's own properties."""
        from html_infra.infra import HTML_NAMESPACE

        names: dict[str, None] = {}
        for element in self._elements():
            element_id = element.getAttribute("id")
            if element_id:
                names.setdefault(element_id)
            if element._ns == HTML_NAMESPACE:
                name = element.getAttribute("name")
                if name:
                    names.setdefault(name)
        return list(names)

    def namedItem(self, key: Any) -> Element | None:
        """https://dom.spec.whatwg.org/#dom-htmlcollection-nameditem-key"""
        from html_infra.infra import HTML_NAMESPACE

        key = str(key)
        if key == "":
            return None
        for element in self._elements():
            if element.getAttribute("id") == key:
                return element
            if element._ns == HTML_NAMESPACE and element.getAttribute("name") == key:
                return element
        return None

    def __repr__(self) -> str:
        return f"<HTMLCollection {self._elements()!r}>"


def tag_name_filter(qualified_name: str) -> Callable[[Element], bool]:
    """https://dom.spec.whatwg.org/#concept-getelementsbytagname"""
    from html_infra.infra import HTML_NAMESPACE, ascii_lowercase

    if qualified_name == "*":
        return lambda e: True
    lower = ascii_lowercase(qualified_name)

    def keep(e: Element) -> bool:
        if e._ns == HTML_NAMESPACE and e._doc._is_html:
            return e._qualified_name == lower
        return e._qualified_name == qualified_name

    return keep
