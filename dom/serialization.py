"""Serializing HTML fragments (https://html.spec.whatwg.org/#serialising-html-fragments).

Iterative (an explicit stack), so documents of any depth serialize.  Follows the current text:
``<`` and ``>`` are escaped in attribute values too, and processing instructions end with
``?>`` (the standard changed after the 2026-06-28 snapshot; the current standard wins).
"""

from __future__ import annotations

from typing import Any

from html_infra.infra import (
    HTML_NAMESPACE,
    MATHML_NAMESPACE,
    SVG_NAMESPACE,
    XLINK_NAMESPACE,
    XML_NAMESPACE,
    XMLNS_NAMESPACE,
)
from webidl import join_surrogate_pairs

__all__ = [
    "serialize_fragment", "serialize_node", "escape_string", "VOID_ELEMENTS", "fragment_serializing_algorithm_steps",
]

# https://html.spec.whatwg.org/#void-elements, plus the legacy names that
# https://html.spec.whatwg.org/#serializes-as-void adds.
VOID_ELEMENTS = frozenset({
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    "basefont", "bgsound", "frame", "keygen", "param",
})
_RAW_TEXT_PARENTS = frozenset({"style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"})
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "\u00a0": "&nbsp;", "<": "&lt;", ">": "&gt;"})
_ATTR_ESCAPES = str.maketrans({"&": "&amp;", "\u00a0": "&nbsp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})
_PLAIN_NAMESPACES = (HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE)


def escape_string(s: str, attribute_mode: bool = False) -> str:
    """https://html.spec.whatwg.org/#escapingString"""
    return s.translate(_ATTR_ESCAPES if attribute_mode else _TEXT_ESCAPES)


def _serializes_as_void(node: Any) -> bool:
    """https://html.spec.whatwg.org/#serializes-as-void"""
    return node.nodeType == 1 and node._ns == HTML_NAMESPACE and node._local in VOID_ELEMENTS


def _attribute_name(namespace: str | None, prefix: str | None, local: str) -> str:
    """https://html.spec.whatwg.org/#attribute's-serialised-name"""
    if namespace is None:
        return local
    if namespace == XML_NAMESPACE:
        return "xml:" + local
    if namespace == XMLNS_NAMESPACE:
        return "xmlns" if local == "xmlns" else "xmlns:" + local
    if namespace == XLINK_NAMESPACE:
        return "xlink:" + local
    return local if prefix is None else f"{prefix}:{local}"


def _children_of(node: Any) -> list[Any]:
    if node.nodeType == 1 and node._ns == HTML_NAMESPACE and node._local == "template":
        node = node.content  # step 3: a template serializes its contents
    return node._children()


def serialize_fragment(node: Any, scripting: bool = False) -> str:
    """https://html.spec.whatwg.org/#html-fragment-serialisation-algorithm (children of *node*)."""
    if _serializes_as_void(node):
        return ""
    out: list[str] = []
    # The stack holds nodes to open, and strings (closing tags) to emit.
    stack: list[Any] = list(reversed(_children_of(node)))
    while stack:
        current = stack.pop()
        if isinstance(current, str):
            out.append(current)
            continue
        kind = current.nodeType
        if kind == 1:
            tagname = current._local if current._ns in _PLAIN_NAMESPACES else current._qualified_name
            out.append("<" + tagname)
            for _key, namespace, prefix, local, value in current._attr_entries():
                out.append(f' {_attribute_name(namespace, prefix, local)}="{value.translate(_ATTR_ESCAPES)}"')
            out.append(">")
            if _serializes_as_void(current):
                continue
            stack.append(f"</{tagname}>")
            stack.extend(reversed(_children_of(current)))
        elif kind == 3 or kind == 4:
            parent = current.parentNode
            if (
                parent is not None
                and parent.nodeType == 1
                and parent._ns == HTML_NAMESPACE
                and (parent._local in _RAW_TEXT_PARENTS or (scripting and parent._local == "noscript"))
            ):
                out.append(current.data)
            else:
                out.append(current.data.translate(_TEXT_ESCAPES))
        elif kind == 8:
            out.append(f"<!--{current.data}-->")
        elif kind == 7:
            out.append(f"<?{current.target} {current.data}?>")
        elif kind == 10:
            out.append(f"<!DOCTYPE {current.name}>")
    return join_surrogate_pairs("".join(out))  # lone surrogates of adjacent nodes may pair up


def serialize_node(node: Any) -> str:
    """The node itself with its subtree (outerHTML's serialization): the fragment serialization
    of a stand-in parent holding only *node*."""
    if node.nodeType in (9, 11):
        return serialize_fragment(node)
    out = serialize_fragment(_Single(node))
    return out


class _Single:
    """A pretend parent whose only child is the given node (for outerHTML)."""

    nodeType = 11

    def __init__(self, node: Any) -> None:
        self._node = node

    def _children(self) -> list[Any]:
        return [self._node]


def fragment_serializing_algorithm_steps(node: Any, require_well_formed: bool, outer: bool = False) -> str:
    """https://html.spec.whatwg.org/#fragment-serializing-algorithm-steps -- the HTML fragment
    serialization in HTML documents, the XML serialization (InvalidStateError where it would
    not be well-formed) in XML documents.  *outer* stands for outerHTML's "fictional node whose
    only child is this".  For innerHTML the XML serialization is of the node's children, as in
    browsers (the node itself would repeat the element in its own innerHTML)."""
    document = node if node.nodeType == 9 else node._doc
    if document._is_html:
        return serialize_node(node) if outer else serialize_fragment(node)
    from .xml_serialization import xml_serialization

    if outer:
        return xml_serialization(node, require_well_formed)
    if node.nodeType == 1 and node._ns == HTML_NAMESPACE and node._local == "template":
        node = node.content
    return "".join(xml_serialization(child, require_well_formed) for child in node._children())
