"""The ParentNode and ChildNode mixins (https://dom.spec.whatwg.org/#interface-parentnode,
https://dom.spec.whatwg.org/#interface-childnode)."""

from __future__ import annotations

from typing import Any

from webidl import to_dom_string

from .node import Node

__all__ = ["ParentNodeMixin", "ChildNodeMixin", "convert_nodes_into_a_node"]


def convert_nodes_into_a_node(nodes: tuple[Any, ...], document: Any) -> Node:
    """https://dom.spec.whatwg.org/#convert-nodes-into-a-node"""
    converted = [n if isinstance(n, Node) else document.createTextNode(to_dom_string(n)) for n in nodes]
    if len(converted) == 1:
        return converted[0]
    fragment = document.createDocumentFragment()
    for node in converted:
        fragment.appendChild(node)
    return fragment


class ParentNodeMixin:
    """querySelector(All), append/prepend/replaceChildren, element children."""

    __slots__ = ()

    def querySelector(self, selectors: Any) -> Any:
        """https://dom.spec.whatwg.org/#dom-parentnode-queryselector"""
        from ..selectors import query_first

        return query_first(self, to_dom_string(selectors))  # type: ignore[arg-type]

    def querySelectorAll(self, selectors: Any) -> Any:
        """https://dom.spec.whatwg.org/#dom-parentnode-queryselectorall (a static NodeList)."""
        from ..collections import StaticNodeList
        from ..selectors import query_all

        return StaticNodeList(query_all(self, to_dom_string(selectors)))  # type: ignore[arg-type]

    def append(self, *nodes: Any) -> None:
        """https://dom.spec.whatwg.org/#dom-parentnode-append"""
        from .mutation import append

        document = self if self.nodeType == 9 else self._doc  # type: ignore[attr-defined]
        append(convert_nodes_into_a_node(nodes, document), self)  # type: ignore[arg-type]

    def prepend(self, *nodes: Any) -> None:
        """https://dom.spec.whatwg.org/#dom-parentnode-prepend"""
        from .mutation import pre_insert

        document = self if self.nodeType == 9 else self._doc  # type: ignore[attr-defined]
        pre_insert(convert_nodes_into_a_node(nodes, document), self, self.firstChild)  # type: ignore[arg-type,attr-defined]

    def replaceChildren(self, *nodes: Any) -> None:
        """https://dom.spec.whatwg.org/#dom-parentnode-replacechildren"""
        from .mutation import ensure_pre_insert_validity, replace_all

        document = self if self.nodeType == 9 else self._doc  # type: ignore[attr-defined]
        node = convert_nodes_into_a_node(nodes, document)
        ensure_pre_insert_validity(node, self, None)  # type: ignore[arg-type]
        replace_all(node, self)  # type: ignore[arg-type]

    def getElementsByTagName(self, qualifiedName: Any) -> Any:
        """https://dom.spec.whatwg.org/#concept-getelementsbytagname"""
        from ..collections import HTMLCollection, tag_name_filter

        return HTMLCollection(self, tag_name_filter(to_dom_string(qualifiedName)))  # type: ignore[arg-type]

    def getElementsByTagNameNS(self, namespace: Any, localName: Any) -> Any:
        """https://dom.spec.whatwg.org/#concept-getelementsbytagnamens"""
        from ..collections import HTMLCollection

        ns = None if namespace is None or namespace == "" else to_dom_string(namespace)
        local = to_dom_string(localName)
        return HTMLCollection(
            self,  # type: ignore[arg-type]
            lambda e: (ns == "*" or e._ns == ns) and (local == "*" or e._local == local),
        )

    def getElementsByClassName(self, classNames: Any) -> Any:
        """https://dom.spec.whatwg.org/#concept-getelementsbyclassname"""
        from html_infra.infra import ascii_lowercase, split_on_ascii_whitespace

        from ..collections import HTMLCollection

        wanted = split_on_ascii_whitespace(to_dom_string(classNames))
        quirks = (self if self.nodeType == 9 else self._doc)._mode == "quirks"  # type: ignore[attr-defined]
        if not wanted:
            return HTMLCollection(self, lambda e: False)  # type: ignore[arg-type]
        if quirks:
            wanted_set = {ascii_lowercase(c) for c in wanted}

            def keep(e: Any) -> bool:
                have = {ascii_lowercase(c) for c in split_on_ascii_whitespace(e.getAttribute("class") or "")}
                return wanted_set <= have
        else:
            wanted_exact = set(wanted)

            def keep(e: Any) -> bool:
                value = e._lx.get("class")
                return value is not None and wanted_exact <= set(split_on_ascii_whitespace(e.getAttribute("class")))

        return HTMLCollection(self, keep)  # type: ignore[arg-type]

    @property
    def childElementCount(self) -> int:
        return sum(1 for n in self._children() if n.nodeType == 1)  # type: ignore[attr-defined]

    @property
    def firstElementChild(self) -> Any:
        return next((n for n in self._children() if n.nodeType == 1), None)  # type: ignore[attr-defined]

    @property
    def lastElementChild(self) -> Any:
        return next((n for n in reversed(self._children()) if n.nodeType == 1), None)  # type: ignore[attr-defined]


class ChildNodeMixin:
    """before/after/replaceWith/remove (https://dom.spec.whatwg.org/#interface-childnode)."""

    __slots__ = ()

    def _viable(self, nodes: tuple[Any, ...], forward: bool) -> Any:
        sibling = self.nextSibling if forward else self.previousSibling  # type: ignore[attr-defined]
        while sibling is not None and any(sibling is n for n in nodes):
            sibling = sibling.nextSibling if forward else sibling.previousSibling
        return sibling

    def before(self, *nodes: Any) -> None:
        """https://dom.spec.whatwg.org/#dom-childnode-before"""
        from .mutation import pre_insert

        parent = self.parentNode  # type: ignore[attr-defined]
        if parent is None:
            return
        previous = self._viable(nodes, forward=False)
        node = convert_nodes_into_a_node(nodes, self._doc)  # type: ignore[attr-defined]
        reference = parent.firstChild if previous is None else previous.nextSibling
        pre_insert(node, parent, reference)

    def after(self, *nodes: Any) -> None:
        """https://dom.spec.whatwg.org/#dom-childnode-after"""
        from .mutation import pre_insert

        parent = self.parentNode  # type: ignore[attr-defined]
        if parent is None:
            return
        following = self._viable(nodes, forward=True)
        pre_insert(convert_nodes_into_a_node(nodes, self._doc), parent, following)  # type: ignore[attr-defined]

    def replaceWith(self, *nodes: Any) -> None:
        """https://dom.spec.whatwg.org/#dom-childnode-replacewith"""
        from .mutation import pre_insert, replace

        parent = self.parentNode  # type: ignore[attr-defined]
        if parent is None:
            return
        following = self._viable(nodes, forward=True)
        node = convert_nodes_into_a_node(nodes, self._doc)  # type: ignore[attr-defined]
        if self.parentNode is parent:  # type: ignore[attr-defined]
            replace(self, node, parent)  # type: ignore[arg-type]
        else:
            pre_insert(node, parent, following)

    def remove(self) -> None:
        """https://dom.spec.whatwg.org/#dom-childnode-remove"""
        from .mutation import remove

        if self.parentNode is not None:  # type: ignore[attr-defined]
            remove(self)  # type: ignore[arg-type]
