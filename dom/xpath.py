"""XPath (https://dom.spec.whatwg.org/#xpath): XPathEvaluator, XPathExpression, XPathResult.

Expressions are XPath 1.0, evaluated by lxml (libxml2) over the document's lxml mirror, and the
results mapped back to DOM nodes: elements, comments and PIs through the identity map, an
attribute to its Attr object, a text node to the first Text node of its run (XPath's data model
sees adjacent Text nodes as one, as browsers do).

Limits of the mirror, documented rather than hidden: name tests see names as stored (HTML
elements of HTML documents under their lowercase local names, so ``//DIV`` does not match; other
namespaces need a prefix bound by the resolver); elements whose names lxml cannot hold are not
matched by name; a relative expression needs an element, document or fragment as context
(NotSupportedError for Text, Attr, Comment and PI contexts); ``namespace::`` nodes are not supported.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, cast

from lxml import etree

from webidl import DOMSyntaxError, InvalidStateError, NamespaceError, NotSupportedError, to_dom_string
from webidl.operations import operations

from .lxml_mirror import ESCAPED_NS, lxml_accepts_namespace, needs_escape, xml_safe
from .nodes.identity import node_for
from .nodes.node import DOCUMENT_FRAGMENT_NODE, DOCUMENT_NODE, ELEMENT_NODE, LxmlParent, Node

if TYPE_CHECKING:
    from .nodes.document import Document
    from .nodes.element import Element

__all__ = ["XPathEvaluator", "XPathExpression", "XPathNSResolver", "XPathResult", "XPathEvaluatorMixin"]


class _LookupNamespaceURI(Protocol):
    def lookupNamespaceURI(self, prefix: str | None) -> str | None: ...  # noqa: N802 -- the IDL name


# What an XPathNSResolver argument takes (https://dom.spec.whatwg.org/#mixin-xpathevaluatorbase, a
# callback interface): a function of the prefix, or an object with lookupNamespaceURI (a Node).
XPathNSResolver: TypeAlias = Callable[[str | None], str | None] | _LookupNamespaceURI

# String literals, and the prefixes of QNames in an expression (string literals are removed first):
# a name followed by a single colon and a name start or "*"; "::" is an axis.  Compiled at the
# first expression evaluated, not at import.
@cache
def _strings() -> re.Pattern[str]:
    return re.compile(r"\"[^\"]*\"|'[^']*'")


@cache
def _prefix() -> re.Pattern[str]:
    return re.compile(r"(?<![\w.\-$])([A-Za-z_][\w.\-]*):(?=[A-Za-z_*])")


@operations("XPathResult", "snapshotItem")
class XPathResult:
    """https://dom.spec.whatwg.org/#interface-xpathresult"""

    ANY_TYPE = 0
    NUMBER_TYPE = 1
    STRING_TYPE = 2
    BOOLEAN_TYPE = 3
    UNORDERED_NODE_ITERATOR_TYPE = 4
    ORDERED_NODE_ITERATOR_TYPE = 5
    UNORDERED_NODE_SNAPSHOT_TYPE = 6
    ORDERED_NODE_SNAPSHOT_TYPE = 7
    ANY_UNORDERED_NODE_TYPE = 8
    FIRST_ORDERED_NODE_TYPE = 9

    def __init__(self, result_type: int, value: float | str | bool | list[Node], document: Any) -> None:
        self._type = result_type
        self._value = value  # of the kind result_type says
        self._document = document
        self._version = document._version if document is not None else 0
        self._position = 0

    @property
    def resultType(self) -> int:
        return self._type

    def _require(self, *types: int) -> None:
        if self._type not in types:
            raise TypeError(f"the XPathResult is of type {self._type}, which has no such value")

    @property
    def numberValue(self) -> float:
        self._require(self.NUMBER_TYPE)
        return cast(float, self._value)

    @property
    def stringValue(self) -> str:
        self._require(self.STRING_TYPE)
        return cast(str, self._value)

    @property
    def booleanValue(self) -> bool:
        self._require(self.BOOLEAN_TYPE)
        return cast(bool, self._value)

    @property
    def singleNodeValue(self) -> Node | None:
        self._require(self.ANY_UNORDERED_NODE_TYPE, self.FIRST_ORDERED_NODE_TYPE)
        nodes = cast("list[Node]", self._value)
        return nodes[0] if nodes else None

    @property
    def invalidIteratorState(self) -> bool:
        """Whether the document changed since an iterator result was made."""
        iterator = self._type in (self.UNORDERED_NODE_ITERATOR_TYPE, self.ORDERED_NODE_ITERATOR_TYPE)
        return iterator and self._document is not None and self._document._version != self._version

    @property
    def snapshotLength(self) -> int:
        self._require(self.UNORDERED_NODE_SNAPSHOT_TYPE, self.ORDERED_NODE_SNAPSHOT_TYPE)
        return len(cast("list[Node]", self._value))

    def iterateNext(self) -> Node | None:
        self._require(self.UNORDERED_NODE_ITERATOR_TYPE, self.ORDERED_NODE_ITERATOR_TYPE)
        if self.invalidIteratorState:
            raise InvalidStateError("the document was modified since the XPathResult was made")
        nodes = cast("list[Node]", self._value)
        if self._position >= len(nodes):
            return None
        node = nodes[self._position]
        self._position += 1
        return node

    def snapshotItem(self, index: int) -> Node | None:
        self._require(self.UNORDERED_NODE_SNAPSHOT_TYPE, self.ORDERED_NODE_SNAPSHOT_TYPE)
        nodes = cast("list[Node]", self._value)
        return nodes[index] if index < len(nodes) else None

    def __iter__(self) -> Iterator[Node]:
        """Python convenience: the nodes of a node-set result (TypeError for the other kinds)."""
        if self._type in (self.UNORDERED_NODE_ITERATOR_TYPE, self.ORDERED_NODE_ITERATOR_TYPE):
            while (node := self.iterateNext()) is not None:
                yield node
        else:
            self._require(self.UNORDERED_NODE_SNAPSHOT_TYPE, self.ORDERED_NODE_SNAPSHOT_TYPE,
                          self.ANY_UNORDERED_NODE_TYPE, self.FIRST_ORDERED_NODE_TYPE)
            yield from cast("list[Node]", self._value)

    def __repr__(self) -> str:
        return f"<XPathResult type={self._type}>"


def _namespaces(expression: str, resolver: XPathNSResolver | None) -> dict[str, str]:
    """Bind every prefix the expression uses through *resolver* (a Node, a callable, or an
    object with ``lookupNamespaceURI``)."""
    bound: dict[str, str] = {}
    for prefix in set(_prefix().findall(_strings().sub("", expression))):
        if resolver is None:
            raise NamespaceError(f"the prefix {prefix!r} needs a namespace resolver")
        lookup = getattr(resolver, "lookupNamespaceURI", None)
        uri = lookup(prefix) if lookup is not None else cast("Callable[[str], str | None]", resolver)(prefix)
        if not uri:
            raise NamespaceError(f"the namespace prefix {prefix!r} is not bound")
        uri = to_dom_string(uri)
        # A namespace lxml refuses names no stored element (those are escaped, see the docstring).
        bound[prefix] = uri if lxml_accepts_namespace(uri) else ESCAPED_NS + ":unmatched"
    return bound


def _xml_source(expression: str) -> str:
    """*expression* as lxml takes it: characters XML forbids are U+FFFD in string literals, as
    in the mirror's strings; elsewhere no XPath token holds them (a SyntaxError)."""
    if not needs_escape(expression):
        return expression
    outside = _strings().sub("", expression)
    if needs_escape(outside):
        raise DOMSyntaxError(f"invalid XPath expression {expression!r}: a character XML does not allow")
    return _strings().sub(lambda m: xml_safe(m.group()), expression)


@operations("XPathExpression", "evaluate")
class XPathExpression:
    """https://dom.spec.whatwg.org/#interface-xpathexpression (compiled once, by lxml)."""

    def __init__(self, expression: str, resolver: XPathNSResolver | None = None) -> None:
        self._source = expression
        namespaces = _namespaces(self._source, resolver)
        self._compiled: dict[int, etree.XPath] = {}
        self._namespaces = namespaces
        self._compile(XPathResult.ANY_TYPE)

    def _compile(self, wanted: int) -> etree.XPath:
        found = self._compiled.get(wanted)
        if found is None:
            source = _xml_source(self._source)
            # The scalar types ask XPath itself for the conversion of any result.
            if wanted == XPathResult.NUMBER_TYPE:
                source = f"number({source})"
            elif wanted == XPathResult.STRING_TYPE:
                source = f"string({source})"
            elif wanted == XPathResult.BOOLEAN_TYPE:
                source = f"boolean({source})"
            try:
                found = etree.XPath(source, namespaces=self._namespaces, smart_strings=True)
            except etree.XPathError as error:  # syntax, and libxml2's own limits (nesting depth)
                raise DOMSyntaxError(f"invalid XPath expression {self._source!r}: {error}") from None
            self._compiled[wanted] = found
        return found

    def evaluate(self, contextNode: Node, type: int = 0, result: XPathResult | None = None) -> XPathResult:  # noqa: A002
        """https://dom.spec.whatwg.org/#dom-xpathexpression-evaluate"""
        wanted = type
        if not 0 <= wanted <= 9:
            raise NotSupportedError(f"{wanted} is not an XPathResult type")
        document = contextNode if contextNode.nodeType == DOCUMENT_NODE else contextNode.ownerDocument
        context = _context_lx(contextNode, self._source)
        try:
            value = self._compile(wanted)(context) if context is not None else []
        except etree.XPathError as error:  # unknown functions, wrong argument types, limits
            raise DOMSyntaxError(f"XPath expression {self._source!r} failed: {error}") from None
        if isinstance(value, bool):
            kind = XPathResult.BOOLEAN_TYPE
        elif isinstance(value, float):
            kind = XPathResult.NUMBER_TYPE
        elif isinstance(value, str):
            kind = XPathResult.STRING_TYPE
            value = str(value)
        else:
            nodes = _to_nodes(value, document)
            if wanted in (XPathResult.ANY_TYPE,):
                return XPathResult(XPathResult.UNORDERED_NODE_ITERATOR_TYPE, nodes, document)
            if wanted in (XPathResult.NUMBER_TYPE, XPathResult.STRING_TYPE, XPathResult.BOOLEAN_TYPE):
                raise TypeError("the expression did not give the requested type")
            return XPathResult(wanted, nodes, document)
        if wanted not in (XPathResult.ANY_TYPE, kind):
            raise TypeError("the result of the expression is not a node-set")
        return XPathResult(kind, value, document)


def _context_lx(node: Node, source: str) -> Any:
    kind = node.nodeType
    if kind == DOCUMENT_NODE:
        root = cast("Document", node).documentElement
        return None if root is None else root._lx.getroottree()
    if kind in (ELEMENT_NODE, DOCUMENT_FRAGMENT_NODE):  # lxml takes no comment or PI as context
        return cast("LxmlParent", node)._lx
    if source.lstrip().startswith("/"):  # absolute: only the context's document matters
        document = node.ownerDocument
        root = document.documentElement if document is not None else None
        return None if root is None else root._lx.getroottree()
    raise NotSupportedError("a relative XPath expression needs an element, document or fragment as context node")


def _to_nodes(items: list[Any], document: Any) -> list[Node]:
    nodes: list[Node] = []
    seen: set[int] = set()
    for item in items:
        node: Any
        if isinstance(item, etree._Element):
            if isinstance(item, etree._Entity):
                continue
            node = node_for(item, document)
        elif isinstance(item, etree._ElementUnicodeResult):  # lxml's "smart string": text or an attribute value
            parent = cast("Element", node_for(item.getparent(), document))
            if item.is_attribute:
                node = next((a for a in parent.attributes._attrs() if a._key == item.attrname), None)
            else:
                run = parent._slot_run(bool(item.is_tail))
                node = run[0] if run else None
        else:
            raise NotSupportedError("XPath namespace nodes are not supported")
        if node is not None and id(node) not in seen:
            seen.add(id(node))
            nodes.append(node)
    return nodes


@operations("XPathEvaluatorBase", "createNSResolver", "createExpression", "evaluate")
class XPathEvaluatorMixin:
    """https://dom.spec.whatwg.org/#mixin-xpathevaluatorbase (on Document and XPathEvaluator)."""

    __slots__ = ()

    def createExpression(self, expression: str, resolver: XPathNSResolver | None = None) -> XPathExpression:
        """https://dom.spec.whatwg.org/#dom-xpathevaluatorbase-createexpression"""
        return XPathExpression(expression, resolver)

    def createNSResolver(self, nodeResolver: Node) -> Node:  # noqa: N803
        """https://dom.spec.whatwg.org/#dom-xpathevaluatorbase-creatensresolver -- returns
        *nodeResolver* itself (its lookupNamespaceURI resolves prefixes)."""
        return nodeResolver

    def evaluate(  # noqa: PLR0913
        self, expression: str, contextNode: Node, resolver: XPathNSResolver | None = None,  # noqa: N803
        type: int = 0, result: XPathResult | None = None,  # noqa: A002
    ) -> XPathResult:
        """https://dom.spec.whatwg.org/#dom-xpathevaluatorbase-evaluate"""
        return XPathExpression(expression, resolver).evaluate(contextNode, type, result)


class XPathEvaluator(XPathEvaluatorMixin):
    """https://dom.spec.whatwg.org/#interface-xpathevaluator"""

