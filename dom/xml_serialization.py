"""XML serialization (https://w3c.github.io/DOM-Parsing/#dfn-xml-serialization) and XMLSerializer
(https://html.spec.whatwg.org/#the-xmlserializer-interface).

``XMLSerializer().serializeToString(node)`` serializes any node as XML, declaring the
namespaces the nodes need (``xmlns="..."``, the node's own prefix where it is free, otherwise
generated ``ns1``, ``ns2``... prefixes).  With the *require well-formed* flag (innerHTML and
outerHTML of XML documents), a tree that cannot be serialized as well-formed XML raises
``InvalidStateError``.

Where browsers and the draft differ, this follows browsers and WPT's domparsing tests:
attribute values escape TAB, LF and CR as character references (so they survive a round trip),
and a CDATASection serializes as ``<![CDATA[...]]>`` (the draft's Text steps would escape it).

Iterative (an explicit stack), so documents of any depth serialize.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from html_infra.infra import HTML_NAMESPACE, XML_NAMESPACE, XMLNS_NAMESPACE
from webidl import InvalidStateError
from webidl.operations import operations

from . import serialization  # a module: it imports this one (the XML serialization of fragments)
from .nodes.character_data import is_xml_name
from .nodes.node import Node

__all__ = ["XMLSerializer", "serialize", "xml_serialization"]

_ELEMENT, _ATTRIBUTE, _TEXT, _CDATA, _PI, _COMMENT, _DOCUMENT, _DOCTYPE, _FRAGMENT = 1, 2, 3, 4, 7, 8, 9, 10, 11

@cache
def _not_char() -> re.Pattern[str]:
    """https://www.w3.org/TR/xml/#NT-Char's complement (a str here may hold lone surrogates:
    those are not Chars); compiled on first use, as classes reaching past the BMP cost re ~10 ms."""
    return re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


# https://www.w3.org/TR/xml/#NT-PubidChar
@cache
def _not_pubid_char() -> re.Pattern[str]:
    return re.compile(r"[^\x20\x0d\x0aa-zA-Z0-9\-'()+,./:=?;!*#@$_%]")  # (compiled at first use)


_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;",
                                    "\t": "&#9;", "\n": "&#10;", "\r": "&#13;"})


class _NotWellFormed(Exception):
    """Raised inside the algorithm; XML serialization turns it into InvalidStateError."""


class _PrefixMap:
    """https://w3c.github.io/DOM-Parsing/#dfn-namespace-prefix-map: namespace (or None) -> the
    prefixes declared for it, in order."""

    __slots__ = ("_map",)

    def __init__(self, source: dict[str | None, list[str]] | None = None) -> None:
        self._map: dict[str | None, list[str]] = {k: list(v) for k, v in (source or {}).items()}

    def copy(self) -> _PrefixMap:
        return _PrefixMap(self._map)

    def retrieve_preferred_prefix(self, preferred: str | None, namespace: str | None) -> str | None:
        """https://w3c.github.io/DOM-Parsing/#dfn-retrieving-a-preferred-prefix-string"""
        candidates = self._map.get(namespace)
        if not candidates:
            return None
        return preferred if preferred in candidates else candidates[-1]

    def found(self, prefix: str, namespace: str | None) -> bool:
        """https://w3c.github.io/DOM-Parsing/#dfn-found"""
        return prefix in self._map.get(namespace, ())

    def add(self, prefix: str, namespace: str | None) -> None:
        """https://w3c.github.io/DOM-Parsing/#dfn-add"""
        self._map.setdefault(namespace, []).append(prefix)


def _generate_prefix(prefix_map: _PrefixMap, namespace: str | None, prefix_index: list[int]) -> str:
    """https://w3c.github.io/DOM-Parsing/#dfn-generating-a-prefix"""
    generated = f"ns{prefix_index[0]}"
    prefix_index[0] += 1
    prefix_map.add(generated, namespace)
    return generated


def _null_if_empty(value: str | None) -> str | None:
    return None if value == "" else value


def _record_namespace_information(
    element: Any, prefix_map: _PrefixMap, local_prefixes: dict[str, str | None]
) -> str | None:
    """https://w3c.github.io/DOM-Parsing/#recording-the-namespace-information -- returns the
    default namespace declaration's value (None when there is none)."""
    default_namespace_attr_value = None
    for _key, namespace, prefix, local, value in element._attr_entries():
        if namespace != XMLNS_NAMESPACE:
            continue
        if prefix is None:  # a default namespace declaration
            default_namespace_attr_value = value
            continue
        prefix_definition, namespace_definition = local, _null_if_empty(value)
        if namespace_definition == XML_NAMESPACE:
            continue
        if prefix_map.found(prefix_definition, namespace_definition):
            continue  # already declared on an ancestor: no duplicate
        prefix_map.add(prefix_definition, namespace_definition)
        local_prefixes[prefix_definition] = namespace_definition
    return default_namespace_attr_value


def _serialize_attribute_value(value: str | None, require_well_formed: bool) -> str:
    """https://w3c.github.io/DOM-Parsing/#dfn-serializing-an-attribute-value"""
    if require_well_formed and value is not None and _not_char().search(value):
        raise _NotWellFormed("an attribute value holds a character XML does not allow")
    return "" if value is None else value.translate(_ATTRIBUTE_ESCAPES)


def _serialize_attributes(
    element: Any, prefix_map: _PrefixMap, prefix_index: list[int], local_prefixes: dict[str, str | None],
    ignore_namespace_definition_attribute: bool, require_well_formed: bool,
) -> str:
    """https://w3c.github.io/DOM-Parsing/#dfn-xml-serialization-of-the-attributes"""
    result: list[str] = []
    localname_set: set[tuple[str | None, str]] = set()
    for _key, namespace, prefix, local, value in element._attr_entries():
        if require_well_formed and (namespace, local) in localname_set:  # step 3.1
            raise _NotWellFormed(f"two attributes named {local!r} in one namespace")
        localname_set.add((namespace, local))
        candidate_prefix = None
        if namespace is not None:  # step 3.5
            candidate_prefix = prefix_map.retrieve_preferred_prefix(prefix, namespace)
            if namespace == XMLNS_NAMESPACE:
                if (
                    value == XML_NAMESPACE
                    or (prefix is None and ignore_namespace_definition_attribute)
                    or (prefix is not None
                        and (local not in local_prefixes or local_prefixes[local] != _null_if_empty(value)))
                ):
                    continue
                if require_well_formed and value == XMLNS_NAMESPACE:
                    raise _NotWellFormed("the XMLNS namespace cannot be declared")
                if require_well_formed and value == "":
                    raise _NotWellFormed("a namespace prefix declaration cannot undeclare a namespace")
                if prefix == "xmlns":
                    candidate_prefix = "xmlns"
            elif candidate_prefix is None:
                candidate_prefix = _generate_prefix(prefix_map, namespace, prefix_index)
                declared = _serialize_attribute_value(namespace, require_well_formed)
                result.append(f' xmlns:{candidate_prefix}="{declared}"')
        result.append(" ")
        if candidate_prefix is not None:
            result.append(candidate_prefix + ":")
        if require_well_formed and (":" in local or not is_xml_name(local) or (local == "xmlns" and namespace is None)):
            raise _NotWellFormed(f"{local!r} is not a well-formed attribute name")
        result.append(f'{local}="{_serialize_attribute_value(value, require_well_formed)}"')
    return "".join(result)


def _element_start(
    node: Any, namespace: str | None, prefix_map: _PrefixMap, prefix_index: list[int], require_well_formed: bool
) -> tuple[str, str | None, str | None, _PrefixMap]:
    """https://w3c.github.io/DOM-Parsing/#xml-serializing-an-element-node steps 1-17: the start
    tag, the qualified name for the end tag (None: no end tag), the inherited namespace and the
    prefix map for the children."""
    local = node._name.local
    if require_well_formed and (":" in local or not is_xml_name(local)):  # step 1
        raise _NotWellFormed(f"{local!r} is not a well-formed element name")
    markup = ["<"]
    skip_end_tag = False
    ignore_namespace_definition_attribute = False
    prefix_map = prefix_map.copy()  # step 6: map
    local_prefixes: dict[str, str | None] = {}
    local_default_namespace = _record_namespace_information(node, prefix_map, local_prefixes)  # step 8
    inherited_ns = namespace
    ns = node._name.namespace
    if inherited_ns == ns:  # step 11
        if local_default_namespace is not None:
            ignore_namespace_definition_attribute = True
        qualified_name = "xml:" + local if ns == XML_NAMESPACE else local
        markup.append(qualified_name)
    else:  # step 12
        prefix = node._name.prefix
        candidate_prefix = prefix_map.retrieve_preferred_prefix(prefix, ns)
        if prefix == "xmlns":
            if require_well_formed:
                raise _NotWellFormed("an element cannot have the prefix xmlns")
            candidate_prefix = prefix
        if candidate_prefix is not None:  # step 12.4
            qualified_name = f"{candidate_prefix}:{local}"
            if local_default_namespace is not None and local_default_namespace != XML_NAMESPACE:
                inherited_ns = _null_if_empty(local_default_namespace)
            markup.append(qualified_name)
        elif prefix is not None:  # step 12.5
            if prefix in local_prefixes:
                prefix = _generate_prefix(prefix_map, ns, prefix_index)
            prefix_map.add(prefix, ns)
            qualified_name = f"{prefix}:{local}"
            markup.append(qualified_name)
            markup.append(f' xmlns:{prefix}="{_serialize_attribute_value(ns, require_well_formed)}"')
            if local_default_namespace is not None:
                inherited_ns = _null_if_empty(local_default_namespace)
        elif local_default_namespace is None or local_default_namespace != ns:  # step 12.6 ("" is not null)
            ignore_namespace_definition_attribute = True
            qualified_name = local
            inherited_ns = ns
            markup.append(qualified_name)
            markup.append(f' xmlns="{_serialize_attribute_value(ns, require_well_formed)}"')
        else:  # step 12.7
            qualified_name = local
            inherited_ns = ns
            markup.append(qualified_name)
    markup.append(_serialize_attributes(node, prefix_map, prefix_index, local_prefixes,
                                        ignore_namespace_definition_attribute, require_well_formed))  # step 13
    has_children = node.firstChild is not None
    if ns == HTML_NAMESPACE and not has_children and local in serialization.VOID_ELEMENTS:  # step 14
        markup.append(" /")
        skip_end_tag = True
    if ns != HTML_NAMESPACE and not has_children:  # step 15
        markup.append("/")
        skip_end_tag = True
    markup.append(">")
    return "".join(markup), None if skip_end_tag else qualified_name, inherited_ns, prefix_map


def _leaf(node: Any, require_well_formed: bool) -> str:
    """The XML serialization of a node without children to walk."""
    kind = node.nodeType
    if kind == _TEXT:  # https://w3c.github.io/DOM-Parsing/#xml-serializing-a-text-node
        data: str = node.data
        if require_well_formed and _not_char().search(data):
            raise _NotWellFormed("text holds a character XML does not allow")
        return data.translate(_TEXT_ESCAPES)
    if kind == _CDATA:
        data = node.data
        if require_well_formed and (_not_char().search(data) or "]]>" in data):
            raise _NotWellFormed("a CDATA section cannot hold ']]>' or characters XML does not allow")
        return f"<![CDATA[{data}]]>"
    if kind == _COMMENT:  # https://w3c.github.io/DOM-Parsing/#xml-serializing-a-comment-node
        data = node.data
        if require_well_formed and (_not_char().search(data) or "--" in data or data.endswith("-")):
            raise _NotWellFormed("a comment cannot hold '--' or end with '-'")
        return f"<!--{data}-->"
    if kind == _PI:  # https://w3c.github.io/DOM-Parsing/#xml-serializing-a-processinginstruction-node
        target, data = node.target, node.data
        if require_well_formed and (":" in target or target.lower() == "xml"):
            raise _NotWellFormed(f"{target!r} is not a well-formed processing instruction target")
        if require_well_formed and (_not_char().search(data) or "?>" in data):
            raise _NotWellFormed("a processing instruction cannot hold '?>'")
        return f"<?{target} {data}?>"
    if kind == _DOCTYPE:  # https://w3c.github.io/DOM-Parsing/#xml-serializing-a-documenttype-node
        public_id, system_id = node.publicId, node.systemId
        if require_well_formed and _not_pubid_char().search(public_id):
            raise _NotWellFormed("the public identifier holds a character PubidChar does not allow")
        if require_well_formed and ('"' in system_id and "'" in system_id):
            raise _NotWellFormed("the system identifier holds both quotation marks")
        markup: str = "<!DOCTYPE " + node.name
        if public_id:
            markup += f' PUBLIC "{public_id}"'
        if system_id and not public_id:
            markup += " SYSTEM"
        if system_id:
            markup += f' "{system_id}"'
        return markup + ">"
    return ""  # Attr and anything else: the empty string


def xml_serialization(node: Any, require_well_formed: bool) -> str:
    """https://w3c.github.io/DOM-Parsing/#dfn-xml-serialization -- InvalidStateError when
    *require_well_formed* is set and the result would not be well-formed."""
    prefix_map = _PrefixMap()
    prefix_map.add("xml", XML_NAMESPACE)
    prefix_index = [1]
    try:
        return _serialize(node, None, prefix_map, prefix_index, require_well_formed)
    except _NotWellFormed as error:
        raise InvalidStateError(f"The node cannot be serialized as well-formed XML: {error}") from None


def _serialize(node: Any, namespace: str | None, prefix_map: _PrefixMap, prefix_index: list[int],
               require_well_formed: bool) -> str:
    """https://w3c.github.io/DOM-Parsing/#dfn-xml-serialization-algorithm over an explicit stack."""
    out: list[str] = []
    # Work items: (node, context namespace, prefix map) to serialize, or a string to emit.
    stack: list[Any] = [(node, namespace, prefix_map)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        current, context_namespace, current_map = item
        kind = current.nodeType
        if kind == _ELEMENT:
            start, end_name, inherited_ns, child_map = _element_start(
                current, context_namespace, current_map, prefix_index, require_well_formed)
            out.append(start)
            if end_name is not None:
                stack.append(f"</{end_name}>")
                children = serialization.markup_children(current)
                stack.extend((child, inherited_ns, child_map) for child in reversed(children))
        elif kind == _DOCUMENT:
            if require_well_formed and current.documentElement is None:
                raise _NotWellFormed("a document without a document element")
            stack.extend((child, context_namespace, current_map) for child in reversed(current._children()))
        elif kind == _FRAGMENT:
            stack.extend((child, context_namespace, current_map) for child in reversed(current._children()))
        else:
            out.append(_leaf(current, require_well_formed))
    return "".join(out)


def serialize(node: Node) -> str:
    """*node* and its subtree as markup, as a browser's "save page" writes a document (jsdom's
    ``serialize()``): the markup a parent holding only *node* gets from the fragment serializing
    algorithm (https://w3c.github.io/DOM-Parsing/#dfn-fragment-serializing-algorithm): in an
    HTML document the HTML serialization (a document's is its children, doctype included),
    otherwise the XML serialization."""
    if not isinstance(node, Node):
        raise TypeError(f"serialize() takes a Node, not {type(node).__name__}")
    if node._doc._is_html:  # the node document (a document's is itself)
        return serialization.serialize_node(node)
    return xml_serialization(node, False)


@operations("XMLSerializer", "serializeToString")
class XMLSerializer:
    """https://html.spec.whatwg.org/#the-xmlserializer-interface"""

    __slots__ = ()

    def serializeToString(self, root: Node) -> str:  # noqa: N802 -- IDL name
        """https://html.spec.whatwg.org/#dom-xmlserializer-serializetostring (without the
        require well-formed flag)."""
        return xml_serialization(root, False)

    def __repr__(self) -> str:
        return "XMLSerializer()"
