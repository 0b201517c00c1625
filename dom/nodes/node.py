"""The Node interface, node identity, and children stored in lxml (https://dom.spec.whatwg.org/#interface-node).

Representation (full account in dom/README.md):

* Every DOM node is a wrapper object of ours.  Element, Comment and ProcessingInstruction
  wrappers hold their lxml node (``_lx``) strongly; the document's identity map
  (``Document._nodes``) maps that lxml proxy to the wrapper and holds the wrapper strongly, so
  ``p.firstChild is p.firstChild`` and internal state survives while nobody holds the node.
  Wrappers are created lazily, only by :func:`dom.nodes.identity.node_for`.
* Text lives in lxml's ``.text`` / ``.tail`` "slots".  A slot holds a *run* of Text nodes
  (normally one) whose concatenated data is the slot's string; the run is kept on the wrapper
  that owns the slot (``_text_run`` of a parent, ``_tail_run`` of a child).
* An Element's or DocumentFragment's children are: the run of its ``.text`` slot, then for
  each lxml child that child followed by the run of its ``.tail`` slot.  A Document's children
  are a short Python list.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TypeGuard, cast

from lxml import etree

from webidl import join_surrogate_pairs
from webidl.dictionaries import convert_dictionary
from webidl.operations import attributes, operations

from .. import collections, registry  # registry: the mutation algorithms, slots, pickling build on this module
from ..events import EventTarget
from ..lxml_mirror import xml_safe
from ..notebook import tree_html
from ..reflection import document_base_url
from .identity import node_for
from .proxy_release import has_parent

if TYPE_CHECKING:
    from webidl.dictionary_types import GetRootNodeOptions

    from ..collections import ChildNodeList
    from .attr import Attr
    from .character_data import Text
    from .document import Document
    from .element import Element

__all__ = [
    "Node", "ELEMENT_NODE", "TEXT_NODE", "COMMENT_NODE", "DOCUMENT_NODE",
    "inclusive_ancestors", "is_exclusive_text", "is_inclusive_ancestor", "last_child_lx",
]

ELEMENT_NODE = 1
ATTRIBUTE_NODE = 2
TEXT_NODE = 3
CDATA_SECTION_NODE = 4
ENTITY_REFERENCE_NODE = 5
ENTITY_NODE = 6
PROCESSING_INSTRUCTION_NODE = 7
COMMENT_NODE = 8
DOCUMENT_NODE = 9
DOCUMENT_TYPE_NODE = 10
DOCUMENT_FRAGMENT_NODE = 11
NOTATION_NODE = 12


_STRING_VALUE = etree.XPath("string()")


def last_child_lx(lx: Any) -> Any:
    """The last lxml child of *lx* or None, in O(1) (``len()`` of an lxml element counts its
    children one by one: appending to a 200,000-child list paid that on every call)."""
    for child in lx.iterchildren(reversed=True):
        return child
    return None


@attributes("Node", "nodeValue", "textContent")
@operations("Node", "cloneNode", "lookupPrefix", "lookupNamespaceURI", "isDefaultNamespace", "appendChild",
            "insertBefore", "replaceChild", "removeChild", "contains", "compareDocumentPosition", "isEqualNode",
            "isSameNode")
class Node(EventTarget):
    """https://dom.spec.whatwg.org/#interface-node"""

    __slots__ = ("_doc", "__weakref__")
    # Declared fields (bare annotations: the slots above hold them).
    _doc: Document  # the node document (https://dom.spec.whatwg.org/#concept-node-document)

    ELEMENT_NODE = ELEMENT_NODE
    ATTRIBUTE_NODE = ATTRIBUTE_NODE
    TEXT_NODE = TEXT_NODE
    CDATA_SECTION_NODE = CDATA_SECTION_NODE
    ENTITY_REFERENCE_NODE = ENTITY_REFERENCE_NODE
    ENTITY_NODE = ENTITY_NODE
    PROCESSING_INSTRUCTION_NODE = PROCESSING_INSTRUCTION_NODE
    COMMENT_NODE = COMMENT_NODE
    DOCUMENT_NODE = DOCUMENT_NODE
    DOCUMENT_TYPE_NODE = DOCUMENT_TYPE_NODE
    DOCUMENT_FRAGMENT_NODE = DOCUMENT_FRAGMENT_NODE
    NOTATION_NODE = NOTATION_NODE

    DOCUMENT_POSITION_DISCONNECTED = 0x01
    DOCUMENT_POSITION_PRECEDING = 0x02
    DOCUMENT_POSITION_FOLLOWING = 0x04
    DOCUMENT_POSITION_CONTAINS = 0x08
    DOCUMENT_POSITION_CONTAINED_BY = 0x10
    DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC = 0x20

    nodeType: int = 0

    # -- tree accessors, overridden by the node kinds -------------------------------------------

    @property
    def parentNode(self) -> Node | None:
        """https://dom.spec.whatwg.org/#dom-node-parentnode"""
        return None

    @property
    def parentElement(self) -> Element | None:
        """https://dom.spec.whatwg.org/#dom-node-parentelement"""
        parent = self.parentNode
        return cast("Element", parent) if parent is not None and parent.nodeType == ELEMENT_NODE else None

    def _children(self) -> list[Node]:
        """The node's children, in order (a fresh list)."""
        return []

    @property
    def childNodes(self) -> ChildNodeList:
        """https://dom.spec.whatwg.org/#dom-node-childnodes -- a live NodeList ([SameObject])."""
        return collections.ChildNodeList.for_node(self)

    def hasChildNodes(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-node-haschildnodes"""
        return self.firstChild is not None

    @property
    def firstChild(self) -> Node | None:
        children = self._children()
        return children[0] if children else None

    @property
    def lastChild(self) -> Node | None:
        children = self._children()
        return children[-1] if children else None

    @property
    def previousSibling(self) -> Node | None:
        parent = self.parentNode
        if parent is None:
            return None
        siblings = parent._children()
        i = _index_of(siblings, self)
        return siblings[i - 1] if i > 0 else None

    @property
    def nextSibling(self) -> Node | None:
        parent = self.parentNode
        if parent is None:
            return None
        siblings = parent._children()
        i = _index_of(siblings, self)
        return siblings[i + 1] if i + 1 < len(siblings) else None

    @property
    def ownerDocument(self) -> Document | None:
        """https://dom.spec.whatwg.org/#dom-node-ownerdocument"""
        return self._doc

    @property
    def nodeName(self) -> str:  # pragma: no cover - every kind overrides it
        raise NotImplementedError

    @property
    def nodeValue(self) -> str | None:
        """https://dom.spec.whatwg.org/#dom-node-nodevalue"""
        return None

    @nodeValue.setter
    def nodeValue(self, value: str | None) -> None:
        pass  # elements, documents, doctypes and fragments: do nothing

    @property
    def isConnected(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-node-isconnected"""
        return self.getRootNode(_COMPOSED).nodeType == DOCUMENT_NODE  # the shadow-including root

    def getRootNode(self, options: GetRootNodeOptions | None = None) -> Node:
        """https://dom.spec.whatwg.org/#dom-node-getrootnode -- the root, or with
        ``{"composed": True}`` the shadow-including root (past each shadow root to its host).  One
        step up, then the parent's own getRootNode: an element finds its top in C, so a Text or a
        doctype costs a few steps however deep it is."""
        parent = self.parentNode
        if parent is not None:
            return parent.getRootNode(options)
        host = getattr(self, "_host", None)
        if host is None or not getattr(self, "_is_shadow_root", False) or not _composed(options):
            return self
        result: Node = host.getRootNode(options)
        return result

    def contains(self, other: Node | None) -> bool:
        """https://dom.spec.whatwg.org/#dom-node-contains"""
        return other is not None and is_inclusive_ancestor(self, other)

    def _get_the_parent(self, event: Any) -> Node | None:
        """https://dom.spec.whatwg.org/#interface-node: the assigned slot if the node is
        assigned, else the parent.  A document has no parent and no browsing context, so its
        "get the parent" is null too (dom/events.py)."""
        slot = registry.assigned_slot(self)
        return slot if slot is not None else self.parentNode

    def isSameNode(self, otherNode: Node | None) -> bool:
        """https://dom.spec.whatwg.org/#dom-node-issamenode"""
        return otherNode is self

    @property
    def baseURI(self) -> str:
        """https://dom.spec.whatwg.org/#dom-node-baseuri -- the node document's document base
        URL, serialized (``<base href>`` resolved against the document's URL)."""
        document = self._doc if self._doc is not None else self
        return document_base_url(document)

    # https://dom.spec.whatwg.org/#dom-node-comparedocumentposition
    def compareDocumentPosition(self, other: Node) -> int:
        """https://dom.spec.whatwg.org/#dom-node-comparedocumentposition"""
        # 1. If this is other, return zero.
        if self is other:
            return 0
        # 2-3. node1 = other, node2 = this; attr1/attr2 when they are attributes.
        node1: Node | None = other
        node2: Node | None = self
        attr1 = attr2 = None
        if other.nodeType == ATTRIBUTE_NODE:  # node1
            attr1 = cast("Attr", other)
            node1 = attr1.ownerElement
        # 5. If node2 is an attribute ...
        if self.nodeType == ATTRIBUTE_NODE:  # node2
            attr2 = cast("Attr", self)
            node2 = attr2.ownerElement
            # 5.2. If attr1 and node1 are non-null, and node2 is node1: both are attributes of
            # the same element; the one that comes first in its attribute list precedes.
            if attr1 is not None and node1 is not None and node2 is node1:
                for attr in node2.attributes:
                    if attr.isEqualNode(attr1):
                        return self.DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC | self.DOCUMENT_POSITION_PRECEDING
                    if attr.isEqualNode(attr2):
                        return self.DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC | self.DOCUMENT_POSITION_FOLLOWING
        # 6. Different trees (or an attribute without an element): disconnected, with a
        # consistent arbitrary order (Python object ids).
        root1 = node1.getRootNode() if node1 is not None else None
        root2 = node2.getRootNode() if node2 is not None else None
        if node1 is None or node2 is None or root1 is not root2:
            order = self.DOCUMENT_POSITION_PRECEDING if id(other) < id(self) else self.DOCUMENT_POSITION_FOLLOWING
            return self.DOCUMENT_POSITION_DISCONNECTED | self.DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC | order
        # 7. node1 is an ancestor of node2 (or the owner element of attr2 is node1) and attr1 is null.
        chain2 = inclusive_ancestors(node2)
        if attr1 is None and (any(n is node1 for n in chain2[1:]) or (attr2 is not None and node1 is node2)):
            return self.DOCUMENT_POSITION_CONTAINS | self.DOCUMENT_POSITION_PRECEDING
        # 8. node1 is a descendant of node2 (or the owner of attr1 is node2) and attr2 is null.
        chain1 = inclusive_ancestors(node1)
        if attr2 is None and (any(n is node2 for n in chain1[1:]) or (attr1 is not None and node1 is node2)):
            return self.DOCUMENT_POSITION_CONTAINED_BY | self.DOCUMENT_POSITION_FOLLOWING
        # 9. node1 precedes node2 in tree order.
        if _precedes(chain1, chain2):
            return self.DOCUMENT_POSITION_PRECEDING
        return self.DOCUMENT_POSITION_FOLLOWING

    # -- namespace lookups (https://dom.spec.whatwg.org/#locate-a-namespace-prefix) -------------

    def lookupPrefix(self, namespace: str | None) -> str | None:
        """https://dom.spec.whatwg.org/#dom-node-lookupprefix"""
        # 1. If namespace is null or the empty string, return null.
        if not namespace:
            return None
        # 2. Switch on the interface this implements.
        element = _lookup_element(self)
        if element is None:
            return None
        return _locate_namespace_prefix(element, namespace)

    def lookupNamespaceURI(self, prefix: str | None) -> str | None:
        """https://dom.spec.whatwg.org/#dom-node-lookupnamespaceuri"""
        # 1. If prefix is the empty string, set it to null.
        prefix = prefix or None
        return _locate_namespace(self, prefix)

    def isDefaultNamespace(self, namespace: str | None) -> bool:
        """https://dom.spec.whatwg.org/#dom-node-isdefaultnamespace"""
        # 1. If namespace is the empty string, set it to null.
        wanted: str | None = namespace or None
        # 2-3. defaultNamespace = locate a namespace for this using null; compare.
        return _locate_namespace(self, None) == wanted

    # -- text content ---------------------------------------------------------------------------

    @property
    def textContent(self) -> str | None:
        """https://dom.spec.whatwg.org/#dom-node-textcontent (get text content)."""
        return None

    @textContent.setter
    def textContent(self, value: str | None) -> None:
        pass

    # -- traversal helpers (no recursion) -------------------------------------------------------

    def _descendants(self) -> Iterator[Node]:
        """Inclusive descendants in tree order, without recursion."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            children = node._children()
            if children:
                stack.extend(reversed(children))

    # -- mutation entry points (https://dom.spec.whatwg.org/#interface-node) ---------------------

    def appendChild(self, node: Node) -> Node:
        """https://dom.spec.whatwg.org/#dom-node-appendchild"""
        return registry.append(node, self)

    def insertBefore(self, node: Node, child: Node | None) -> Node:
        """https://dom.spec.whatwg.org/#dom-node-insertbefore"""
        return registry.pre_insert(node, self, child)

    def replaceChild(self, node: Node, child: Node) -> Node:
        """https://dom.spec.whatwg.org/#dom-node-replacechild"""
        return registry.replace(child, node, self)

    def removeChild(self, child: Node) -> Node:
        """https://dom.spec.whatwg.org/#dom-node-removechild"""
        return registry.pre_remove(child, self)

    def cloneNode(self, subtree: bool = False) -> Node:
        """https://dom.spec.whatwg.org/#dom-node-clonenode"""
        return registry.clone_node(self, None, subtree)

    def isEqualNode(self, otherNode: Node | None) -> bool:
        """https://dom.spec.whatwg.org/#concept-node-equals (iterative)."""
        other = otherNode
        if other is None:
            return False
        pairs = [(self, other)]
        while pairs:
            a, b = pairs.pop()
            if a.nodeType != b.nodeType or not _equal_data(a, b):
                return False
            kids_a, kids_b = a._children(), b._children()
            if len(kids_a) != len(kids_b):
                return False
            pairs.extend(zip(kids_a, kids_b))
        return True

    def normalize(self) -> None:
        """https://dom.spec.whatwg.org/#dom-node-normalize"""
        registry.normalize(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle with the node's tree, keeping identity (dom.nodes.pickling)."""
        return registry.reduce_node(self)

    def __bool__(self) -> bool:
        return True  # a node is truthy even when it has no children

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.nodeName}>"

    def _repr_html_(self) -> str:
        """Jupyter's view: the tree under this node, collapsible, every string escaped (dom.notebook)."""
        return tree_html(self)


_COMPOSED: GetRootNodeOptions = {"composed": True}


def _composed(options: Any) -> bool:
    """GetRootNodeOptions.composed, converted here (a dict or an object with the attribute): not
    by the generated layer, whose wrapper would cost every ``isConnected``."""
    composed: bool = convert_dictionary("GetRootNodeOptions", options, "GetRootNodeOptions")["composed"]
    return composed


def _equal_data(a: Any, b: Any) -> bool:
    """The per-kind conditions of https://dom.spec.whatwg.org/#concept-node-equals."""
    kind = a.nodeType
    if kind == DOCUMENT_TYPE_NODE:
        return (a.name, a.publicId, a.systemId) == (b.name, b.publicId, b.systemId)
    if kind == ELEMENT_NODE:
        if (a._ns, a._prefix, a._local) != (b._ns, b._prefix, b._local):
            return False
        attrs_a = {(ns, local): value for _k, ns, _p, local, value in a._attr_entries()}
        attrs_b = {(ns, local): value for _k, ns, _p, local, value in b._attr_entries()}
        return attrs_a == attrs_b
    if kind == ATTRIBUTE_NODE:
        return (a.namespaceURI, a.localName, a.value) == (b.namespaceURI, b.localName, b.value)
    if kind == PROCESSING_INSTRUCTION_NODE:
        return (a.target, a.data) == (b.target, b.data)
    if kind in (TEXT_NODE, COMMENT_NODE, CDATA_SECTION_NODE):
        same_data: bool = a.data == b.data
        return same_data
    return True



def is_exclusive_text(node: Node | None) -> TypeGuard[Text]:
    """https://dom.spec.whatwg.org/#exclusive-text-node: a Text node that is not a CDATASection."""
    return node is not None and node.nodeType == TEXT_NODE


def inclusive_ancestors(node: Node) -> list[Node]:
    """*node* and its ancestors, root last."""
    chain = [node]
    parent = node.parentNode
    while parent is not None:
        chain.append(parent)
        parent = parent.parentNode
    return chain


def _precedes(chain1: list[Node], chain2: list[Node]) -> bool:
    """Whether the node of *chain1* comes before the node of *chain2* in tree order (same root;
    neither is an ancestor of the other).  Compares the children of the deepest common
    ancestor that lead to each node."""
    i, j = len(chain1) - 1, len(chain2) - 1
    while i > 0 and j > 0 and chain1[i - 1] is chain2[j - 1]:
        i -= 1
        j -= 1
    if i == 0:  # node1 is an ancestor of node2 (reached here through attributes)
        return True
    if j == 0:
        return False
    a, b = chain1[i - 1], chain2[j - 1]
    # *a* and *b* are distinct children of the common ancestor: walk siblings from *a*.
    sibling = a.nextSibling
    while sibling is not None:
        if sibling is b:
            return True
        sibling = sibling.nextSibling
    return False


def _lookup_element(node: Node) -> Any:
    """The element the namespace lookups start from, per node kind (step 2 of
    https://dom.spec.whatwg.org/#dom-node-lookupprefix and #locate-a-namespace)."""
    kind = node.nodeType
    if kind == ELEMENT_NODE:
        return node
    if kind == DOCUMENT_NODE:
        return node._doc.documentElement  # (a document's _doc is itself)
    if kind in (DOCUMENT_TYPE_NODE, DOCUMENT_FRAGMENT_NODE):
        return None
    if kind == ATTRIBUTE_NODE:
        return cast("Attr", node).ownerElement
    return node.parentElement


def _locate_namespace_prefix(element: Any, namespace: str) -> str | None:
    """https://dom.spec.whatwg.org/#locate-a-namespace-prefix (iterative over ancestors)."""
    while element is not None:
        # 1. The element's own namespace and prefix.
        if element.namespaceURI == namespace and element.prefix is not None:
            result: str | None = element.prefix
            return result
        # 2. An xmlns-prefixed attribute whose value is namespace, first in attribute order.
        for _key, attr_ns, attr_prefix, local, value in element._attr_entries():
            if attr_prefix == "xmlns" and attr_ns == "http://www.w3.org/2000/xmlns/" and value == namespace:
                result = local
                return result
        # 3. Recurse into the parent element.
        element = element.parentElement
    return None


def _locate_namespace(node: Node, prefix: str | None) -> str | None:
    """https://dom.spec.whatwg.org/#locate-a-namespace (iterative over ancestors)."""
    current: Any = node
    while current is not None:
        kind = current.nodeType
        if kind == ELEMENT_NODE:
            # 1. xml and xmlns prefixes are fixed.
            if prefix == "xml":
                return "http://www.w3.org/XML/1998/namespace"
            if prefix == "xmlns":
                return "http://www.w3.org/2000/xmlns/"
            # 2. The element's own namespace when its prefix is prefix.
            if current.namespaceURI is not None and current.prefix == prefix:
                result: str | None = current.namespaceURI
                return result
            # 3. An xmlns declaration for prefix (xmlns:prefix, or xmlns for the default).
            for _key, attr_ns, attr_prefix, local, value in current._attr_entries():
                if attr_ns != "http://www.w3.org/2000/xmlns/":
                    continue
                if (prefix is not None and attr_prefix == "xmlns" and local == prefix) or (
                    prefix is None and attr_prefix is None and local == "xmlns"
                ):
                    return value or None
            # 4-5. Otherwise ask the parent element.
            current = current.parentElement
        elif kind == DOCUMENT_NODE:
            current = current.documentElement
        elif kind in (DOCUMENT_TYPE_NODE, DOCUMENT_FRAGMENT_NODE):
            return None
        elif kind == ATTRIBUTE_NODE:
            current = current.ownerElement
        else:
            current = current.parentElement
    return None


def _index_of(nodes: list[Node], node: Node) -> int:
    for i, candidate in enumerate(nodes):
        if candidate is node:
            return i
    return -1


def is_inclusive_ancestor(node: Node, other: Node) -> bool:
    """https://dom.spec.whatwg.org/#concept-tree-inclusive-ancestor: *node* is *other* or one of
    its ancestors (``node.contains(other)`` without the binding's conversion: the algorithms call
    this, on every insertion -- the pre-insert validity's step 2).

    Where both live in lxml, libxml2 walks other's ancestors (no wrapper per ancestor), and a
    node without lxml children answers at once: appending to the bottom of a deep chain costs
    no walk."""
    if other is node:
        return True
    lx = getattr(node, "_lx", None)
    if lx is None:  # a document contains its tree; Text, doctypes and Attrs have no children
        return node.nodeType == DOCUMENT_NODE and other._doc is node and other.getRootNode() is node
    other_lx = getattr(other, "_lx", None)
    if other_lx is None:
        if other.nodeType != TEXT_NODE and other.nodeType != CDATA_SECTION_NODE:
            return False  # documents, doctypes and Attrs are nobody's descendants here
        parent = other.parentNode
        if parent is None or parent is node:
            return parent is node
        other_lx = getattr(parent, "_lx", None)
        if other_lx is None:
            return False
    if next(iter(lx), None) is None:  # no children: only itself, and other is not node
        return False
    return lx in other_lx.iterancestors()


# ---------------------------------------------------------------------------------------------
# Text slots and runs
# ---------------------------------------------------------------------------------------------


# Node's own sibling getters (from the parent's child list), for SlotOwner's when there is no
# lxml parent: the functions themselves, typed (Node.previousSibling.fget is untyped).
if TYPE_CHECKING:

    def _node_previous_sibling(node: Node, /) -> Node | None: ...

    def _node_next_sibling(node: Node, /) -> Node | None: ...

else:
    _node_previous_sibling = Node.previousSibling.fget
    _node_next_sibling = Node.nextSibling.fget


class SlotOwner(Node):
    """A node backed by an lxml node that owns text slots: its ``.tail`` (when it can be a
    child of an lxml-backed parent) and, for parents, its ``.text``."""

    __slots__ = ("_lx", "_text_run", "_tail_run")
    _lx: etree._Element  # the lxml node (an element, comment or processing instruction)
    _text_run: list[Text] | None  # the Text nodes of lx.text once read, None while there are none
    _tail_run: list[Text] | None  # the Text nodes of lx.tail once read, None while there are none

    def _slot_run(self, tail: bool) -> list[Text]:
        """The run of Text nodes in this node's ``.text`` (tail=False) or ``.tail`` slot,
        rebuilt from lxml if lxml was changed behind our back."""
        lx = self._lx
        value = lx.tail if tail else lx.text
        run = self._tail_run if tail else self._text_run
        if run is not None:
            if len(run) == 1:
                if xml_safe(run[0]._data) == (value or ""):
                    return run
            elif xml_safe("".join(t._data for t in run)) == (value or ""):
                return run

        # An empty slot has no Text node whose identity to keep: nothing is stored for it (a
        # walk over every node would otherwise leave two empty lists on each element).
        run = [registry.text_in_slot(self._doc, value, self, tail)] if value else None
        if tail:
            self._tail_run = run
        else:
            self._text_run = run
        return run if run is not None else []

    def _write_slot(self, tail: bool, run: list[Text]) -> None:
        """Store *run* as this node's ``.text`` or ``.tail`` slot, in lxml and on the wrapper."""
        value = "".join(t._data for t in run)
        lx_value = xml_safe(value) or None
        # An empty run is stored as None, as _slot_run does: each insertion and removal writes
        # two slots, and an empty list kept per element is a container the cyclic garbage
        # collector walks at each full collection.
        if tail:
            self._lx.tail = lx_value
            self._tail_run = run or None
        else:
            self._lx.text = lx_value
            self._text_run = run or None
        for t in run:
            t._owner = self
            t._in_tail = tail
        # A tail is text of the parent's; a top-level node's (no lxml parent) is the document's.
        self._doc._changed(self._lx.getparent() if tail else self._lx)


    # Sibling navigation without building the parent's child list (walking a flat element of
    # a million children with nextSibling stays linear).
    @property
    def previousSibling(self) -> Node | None:
        lx = self._lx
        parent_lx = lx.getparent()
        if parent_lx is None:  # a document's child, or no parent at all
            return _node_previous_sibling(self)
        doc = self._doc
        prev = lx.getprevious()
        if prev is not None:
            prev_node = node_for(prev, doc)
            run = prev_node._slot_run(True)
            return run[-1] if run else prev_node
        run = node_for(parent_lx, doc)._slot_run(False)
        return run[-1] if run else None

    @property
    def nextSibling(self) -> Node | None:
        lx = self._lx
        if not has_parent(lx):
            return _node_next_sibling(self)
        run = self._slot_run(True)
        if run:
            return run[0]
        following = lx.getnext()
        return node_for(following, self._doc) if following is not None else None


@attributes("Node", "textContent")
class LxmlParent(SlotOwner):
    """A node whose children live in lxml: Element and DocumentFragment."""

    __slots__ = ()

    def _children(self) -> list[Node]:
        doc = self._doc
        children: list[Node] = list(self._slot_run(False))
        nodes = doc._nodes
        for child_lx in self._lx:
            child = nodes.get(child_lx)
            if child is None:
                child = doc._wrap_new(child_lx)
            children.append(child)
            children.extend(child._slot_run(True))
        return children

    @property
    def firstChild(self) -> Node | None:
        run = self._slot_run(False)
        if run:
            return run[0]
        for child_lx in self._lx:
            return node_for(child_lx, self._doc)
        return None

    @property
    def lastChild(self) -> Node | None:
        last_lx = last_child_lx(self._lx)
        if last_lx is not None:
            last = node_for(last_lx, self._doc)
            run = last._slot_run(True)
            return run[-1] if run else last
        run = self._slot_run(False)
        return run[-1] if run else None

    def hasChildNodes(self) -> bool:
        return last_child_lx(self._lx) is not None or bool(self._slot_run(False))

    @property
    def textContent(self) -> str | None:
        """https://dom.spec.whatwg.org/#concept-descendant-text-content"""
        if self._has_escaped_text():
            text = "".join(
                cast("Text", n)._data for n in self._descendants() if n.nodeType in (TEXT_NODE, CDATA_SECTION_NODE)
            )
            return join_surrogate_pairs(text)  # a lone surrogate per node may pair up across nodes
        # All text is XML-safe, so the XPath string value (the descendant text nodes, not
        # comments or PIs) is the same string, computed in C without making an lxml proxy per
        # element (a proxy freed at once costs a walk up its unwrapped ancestors).
        result: str | None = _STRING_VALUE(self._lx)
        return result

    @textContent.setter
    def textContent(self, value: str | None) -> None:
        registry.string_replace_all("" if value is None else value, self)

    def _has_escaped_text(self) -> bool:
        return bool(self._doc._escaped_text)

