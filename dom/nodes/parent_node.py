"""The ParentNode and ChildNode mixins (https://dom.spec.whatwg.org/#interface-parentnode,
https://dom.spec.whatwg.org/#interface-childnode)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from html_infra.infra import ascii_lowercase, split_on_ascii_whitespace
from webidl.operations import operations

from .. import registry  # the selector engine (dom.selectors) stands above
from ..collections import HTMLCollection, StaticNodeList, narrowed, narrowed_to_local_names, tag_name_filter
from ..lxml_mirror import needs_escape
from . import mutation
from .node import Node

if TYPE_CHECKING:
    from .document import Document
    from .element import Element

    _NodeBase = Node  # what the mixins below are put before
else:
    _NodeBase = object

__all__ = ["ParentNodeMixin", "ChildNodeMixin", "convert_nodes_into_a_node"]


def convert_nodes_into_a_node(nodes: tuple[Node | str, ...], document: Document) -> Node:
    """https://dom.spec.whatwg.org/#convert-nodes-into-a-node (of the values the binding
    converted to ``(Node or DOMString)``)."""
    converted = [document.createTextNode(n) if isinstance(n, str) else n for n in nodes]  # 1
    if len(converted) == 1:  # 2
        return converted[0]
    fragment = document.createDocumentFragment()  # 3
    for node in converted:
        mutation.append(node, fragment)
    return fragment


# The arguments of these operations are converted as the IDL declares them (webidl.operations);
# Element and Document declare the getElementsBy* ones alike (the signature is Element's).
@operations(("Element", "Document"), "getElementsByTagName", "getElementsByTagNameNS", "getElementsByClassName")
@operations("ParentNode", "querySelector", "querySelectorAll", "moveBefore", "append", "prepend", "replaceChildren")
class ParentNodeMixin(_NodeBase):
    """querySelector(All), append/prepend/replaceChildren, element children."""

    __slots__ = ()

    def querySelector(self, selectors: str) -> Any:
        """https://dom.spec.whatwg.org/#dom-parentnode-queryselector"""
        return registry.query_first(self, selectors)

    def querySelectorAll(self, selectors: str) -> Any:
        """https://dom.spec.whatwg.org/#dom-parentnode-queryselectorall (a static NodeList)."""
        return StaticNodeList(registry.query_all(self, selectors))

    def moveBefore(self, node: Node, child: Node | None) -> None:
        """https://dom.spec.whatwg.org/#dom-parentnode-movebefore -- a state-preserving move
        (mutation.move)."""
        reference = node.nextSibling if child is node else child  # steps 1-2
        mutation.move(node, self, reference)  # step 3

    def append(self, *nodes: Node | str) -> None:
        """https://dom.spec.whatwg.org/#dom-parentnode-append"""
        document = self._doc  # (a document's _doc is itself)
        mutation.append(convert_nodes_into_a_node(nodes, document), self)

    def prepend(self, *nodes: Node | str) -> None:
        """https://dom.spec.whatwg.org/#dom-parentnode-prepend"""
        document = self._doc  # (a document's _doc is itself)
        mutation.pre_insert(convert_nodes_into_a_node(nodes, document), self, self.firstChild)

    def replaceChildren(self, *nodes: Node | str) -> None:
        """https://dom.spec.whatwg.org/#dom-parentnode-replacechildren"""
        document = self._doc  # (a document's _doc is itself)
        node = convert_nodes_into_a_node(nodes, document)
        mutation.ensure_pre_insert_validity(node, self, None)
        mutation.replace_all(node, self)

    def getElementsByTagName(self, qualifiedName: str) -> Any:
        """https://dom.spec.whatwg.org/#concept-getelementsbytagname"""
        return HTMLCollection(self, tag_name_filter(qualifiedName, self._doc._is_html))

    def getElementsByTagNameNS(self, namespace: str | None, localName: str) -> HTMLCollection[Element]:
        """https://dom.spec.whatwg.org/#concept-getelementsbytagnamens"""
        ns = namespace or None  # "" means null
        local = localName

        def keep(e: Any) -> bool:
            return (ns == "*" or e._ns == ns) and (local == "*" or e._local == local)

        return HTMLCollection(self, keep if local == "*" else narrowed_to_local_names(keep, local))

    def getElementsByClassName(self, classNames: str) -> Any:
        """https://dom.spec.whatwg.org/#concept-getelementsbyclassname"""
        wanted = split_on_ascii_whitespace(classNames)
        quirks = self._doc._mode == "quirks"  # (a document's _doc is itself)
        if not wanted:
            return HTMLCollection(self, lambda e: False)
        tokens = sorted({ascii_lowercase(c) for c in wanted} if quirks else set(wanted))

        def keep(e: Any) -> bool:
            value = e._value_for_key("class")  # the class attribute: null namespace
            if value is None:
                return False
            have = split_on_ascii_whitespace(ascii_lowercase(value) if quirks else value)
            return all(token in have for token in tokens)

        # Candidates in C: a class attribute containing each wanted name (ASCII-lowercased in
        # quirks mode).  A name with characters the lxml mirror replaces cannot be looked for.
        if any(needs_escape(c) for c in tokens):
            return HTMLCollection(self, narrowed(keep, "@class"))
        value = "translate(@class, $upper, $lower)" if quirks else "@class"
        predicate = " and ".join(f"contains({value}, $c{i})" for i in range(len(tokens)))
        variables = {f"c{i}": token for i, token in enumerate(tokens)}
        if quirks:
            variables.update(upper="ABCDEFGHIJKLMNOPQRSTUVWXYZ", lower="abcdefghijklmnopqrstuvwxyz")
        return HTMLCollection(self, narrowed(keep, predicate, **variables))

    @property
    def childElementCount(self) -> int:
        return sum(1 for n in self._children() if n.nodeType == 1)

    @property
    def firstElementChild(self) -> Element | None:
        return cast("Element | None", next((n for n in self._children() if n.nodeType == 1), None))

    @property
    def lastElementChild(self) -> Element | None:
        return cast("Element | None", next((n for n in reversed(self._children()) if n.nodeType == 1), None))


@operations("ChildNode", "before", "after", "replaceWith")
class ChildNodeMixin(_NodeBase):
    """before/after/replaceWith/remove (https://dom.spec.whatwg.org/#interface-childnode)."""

    __slots__ = ()

    # https://dom.spec.whatwg.org/#interface-nondocumenttypechildnode (Element overrides these
    # with lxml's sibling iteration; CharacterData and the rest walk the DOM siblings).
    @property
    def previousElementSibling(self) -> Element | None:
        """https://dom.spec.whatwg.org/#dom-nondocumenttypechildnode-previouselementsibling"""
        sibling = self.previousSibling
        while sibling is not None and sibling.nodeType != 1:
            sibling = sibling.previousSibling
        return cast("Element | None", sibling)

    @property
    def nextElementSibling(self) -> Element | None:
        """https://dom.spec.whatwg.org/#dom-nondocumenttypechildnode-nextelementsibling"""
        sibling = self.nextSibling
        while sibling is not None and sibling.nodeType != 1:
            sibling = sibling.nextSibling
        return cast("Element | None", sibling)

    def _viable(self, nodes: tuple[Node | str, ...], forward: bool) -> Any:
        sibling = self.nextSibling if forward else self.previousSibling
        while sibling is not None and any(sibling is n for n in nodes):
            sibling = sibling.nextSibling if forward else sibling.previousSibling
        return sibling

    def before(self, *nodes: Node | str) -> None:
        """https://dom.spec.whatwg.org/#dom-childnode-before"""
        parent = self.parentNode
        if parent is None:
            return
        previous = self._viable(nodes, forward=False)
        node = convert_nodes_into_a_node(nodes, self._doc)
        reference = parent.firstChild if previous is None else previous.nextSibling
        mutation.pre_insert(node, parent, reference)

    def after(self, *nodes: Node | str) -> None:
        """https://dom.spec.whatwg.org/#dom-childnode-after"""
        parent = self.parentNode
        if parent is None:
            return
        following = self._viable(nodes, forward=True)
        mutation.pre_insert(convert_nodes_into_a_node(nodes, self._doc), parent, following)

    def replaceWith(self, *nodes: Node | str) -> None:
        """https://dom.spec.whatwg.org/#dom-childnode-replacewith"""
        parent = self.parentNode
        if parent is None:
            return
        following = self._viable(nodes, forward=True)
        node = convert_nodes_into_a_node(nodes, self._doc)
        if self.parentNode is parent:
            mutation.replace(self, node, parent)
        else:
            mutation.pre_insert(node, parent, following)

    def remove(self) -> None:
        """https://dom.spec.whatwg.org/#dom-childnode-remove"""
        if self.parentNode is not None:
            mutation.remove(self)

