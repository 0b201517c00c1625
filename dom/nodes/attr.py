"""Attr and NamedNodeMap (https://dom.spec.whatwg.org/#interface-attr, #interface-namednodemap).

An Attr object is made on demand for an attribute of an element and cached on the element by
its lxml key, so ``el.attributes[0] is el.attributes[0]``; its value reads through to the element.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from webidl import NotFoundError
from webidl.interface import NamedCollection
from webidl.operations import attributes, operations

from ..memo import MemoKey
from .node import ATTRIBUTE_NODE, Node

if TYPE_CHECKING:
    from .element import Element

__all__ = ["Attr", "NamedNodeMap"]

# https://dom.spec.whatwg.org/#concept-element-attribute (the Attr objects of an element's list)
ATTRIBUTE_LIST = MemoKey("attribute list")


@attributes("Attr", "value")
@attributes("Node", "nodeValue", "textContent")
class Attr(Node):
    """https://dom.spec.whatwg.org/#interface-attr"""

    __slots__ = ("_element", "_key", "namespaceURI", "prefix", "localName", "_detached_value", "_event_target_state")
    nodeType = ATTRIBUTE_NODE

    _element: Element | None  # the owner element, None for a detached attribute
    _key: str | None  # the element's lxml attribute key, None when detached
    namespaceURI: str | None
    prefix: str | None
    localName: str
    _detached_value: str  # the value while detached (and the last value once removed)

    @classmethod
    def _detached(cls, document: Any, namespace: str | None, prefix: str | None, local: str, value: str) -> Attr:
        """An attribute with no element (createAttribute, cloning, removal)."""
        attr = cls.__new__(cls)
        attr._doc = document
        attr._element = None
        attr._key = None
        attr.namespaceURI, attr.prefix, attr.localName = namespace, prefix, local
        attr._detached_value = value
        return attr

    @property
    def name(self) -> str:
        """https://dom.spec.whatwg.org/#dom-attr-name (the qualified name)."""
        return self.localName if self.prefix is None else f"{self.prefix}:{self.localName}"

    nodeName = name

    @property
    def value(self) -> str:
        """https://dom.spec.whatwg.org/#dom-attr-value"""
        element = self._element
        if element is None:
            return self._detached_value
        for key, _ns, _prefix, _local, value in element._attr_entries():
            if key == self._key:
                return value
        return self._detached_value

    @value.setter
    def value(self, value: str) -> None:
        if self._element is None:
            self._detached_value = value
        else:
            key = self._key
            assert key is not None  # an attribute with an element has its key
            self._element._store_attribute(key, self.prefix, value)

    def _set_node_value(self, value: str | None) -> None:
        """https://dom.spec.whatwg.org/#dom-node-nodevalue and #dom-node-textcontent for an Attr:
        null is the empty string, then set an existing attribute value."""
        self.value = "" if value is None else value

    nodeValue = property(cast(property, value).fget, _set_node_value, doc="https://dom.spec.whatwg.org/#dom-node-nodevalue")
    textContent = property(cast(property, value).fget, _set_node_value, doc="https://dom.spec.whatwg.org/#dom-node-textcontent")

    @property
    def ownerElement(self) -> Element | None:
        """https://dom.spec.whatwg.org/#dom-attr-ownerelement"""
        return self._element

    @property
    def specified(self) -> bool:
        return True

    def __repr__(self) -> str:
        return f"<Attr {self.name}={self.value!r}>"


@operations("NamedNodeMap", "item", "getNamedItem", "getNamedItemNS", "removeNamedItem", "removeNamedItemNS",
            "setNamedItem")
class NamedNodeMap(NamedCollection["Attr"]):
    """https://dom.spec.whatwg.org/#interface-namednodemap (live: it reads the element each time)."""

    __slots__ = ("_element",)

    def __init__(self, element: Element) -> None:
        self._element = element

    def _attrs(self) -> list[Attr]:
        element = self._element
        # The list is remembered with the document version it was made at: iterating by
        # item(i) rebuilt it per index, O(n²) over 100,000 attributes.
        return element._doc._memoized(ATTRIBUTE_LIST, element, self._make_attrs)

    def _make_attrs(self) -> list[Attr]:
        element = self._element
        cache = element._attr_node_map()
        result = []
        for key, namespace, prefix, local, _value in element._attr_entries():
            attr = cache.get(key)
            if attr is None:
                attr = Attr.__new__(Attr)
                attr._doc = element._doc
                attr._element = element
                attr._key = key
                attr._detached_value = ""
                cache[key] = attr
            attr.namespaceURI, attr.prefix, attr.localName = namespace, prefix, local
            result.append(attr)
        return result

    @property
    def length(self) -> int:
        return len(self._attrs())  # lxml counts its attribute list on each len()

    def item(self, index: int) -> Attr | None:
        attrs = self._attrs()
        return attrs[index] if index < len(attrs) else None

    def getNamedItem(self, qualifiedName: str) -> Attr | None:
        """https://dom.spec.whatwg.org/#dom-namednodemap-getnameditem"""
        found = self._element._find_by_qualified_name(qualifiedName)
        if found is None:
            return None
        return next(a for a in self._attrs() if a._key == found[0])

    def namedItem(self, name: str) -> Attr | None:
        return self.getNamedItem(name)

    def getNamedItemNS(self, namespace: str | None, localName: str) -> Attr | None:
        """https://dom.spec.whatwg.org/#dom-namednodemap-getnameditemns"""
        namespace = namespace or None  # "" means null
        local_name = localName
        for attr in self._attrs():
            if attr.namespaceURI == namespace and attr.localName == local_name:
                return attr
        return None

    def setNamedItem(self, attr: Attr) -> Attr | None:
        """https://dom.spec.whatwg.org/#dom-namednodemap-setnameditem"""
        return self._element.setAttributeNode(attr)

    setNamedItemNS = setNamedItem

    def removeNamedItem(self, qualifiedName: str) -> Attr:
        """https://dom.spec.whatwg.org/#dom-namednodemap-removenameditem"""
        attr = self.getNamedItem(qualifiedName)
        if attr is None:
            raise NotFoundError(f"no attribute named {qualifiedName!r}")
        key = attr._key
        assert key is not None  # one of the element's attributes
        self._element._remove_key(key)
        return attr

    def removeNamedItemNS(self, namespace: str | None, localName: str) -> Attr:
        """https://dom.spec.whatwg.org/#dom-namednodemap-removenameditemns"""
        attr = self.getNamedItemNS(namespace, localName)
        if attr is None:
            raise NotFoundError(f"no attribute {localName!r} in namespace {namespace!r}")
        key = attr._key
        assert key is not None  # one of the element's attributes
        self._element._remove_key(key)
        return attr

    def __repr__(self) -> str:
        return f"<NamedNodeMap {self._attrs()!r}>"
