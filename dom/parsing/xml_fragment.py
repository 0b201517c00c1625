"""The XML fragment parsing algorithm (https://html.spec.whatwg.org/#xml-fragment-parsing-algorithm):
what innerHTML, outerHTML, insertAdjacentHTML and createContextualFragment parse with when
the context element's node document is an XML document.

The markup is parsed inside a start tag declaring every namespace prefix in scope on the
context element and its default namespace, with the same hardened lxml parser as
:func:`dom.parse_xml`; ill-formed markup raises a "SyntaxError" DOMException.
"""

from __future__ import annotations

from typing import Any

from html_infra.infra import XML_NAMESPACE, XMLNS_NAMESPACE
from webidl import DOMSyntaxError

from .xml import XMLParseError, parse_xml

__all__ = ["xml_fragment_parsing_algorithm"]

_ELEMENT = 1
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", '"': "&quot;"})
_CONTEXT_NAME = "webdom-fragment-context"


def _prefixes_in_scope(context: Any) -> list[str]:
    """Prefixes that lookupNamespaceURI() may resolve on *context*: those of the element and its
    ancestors and of their xmlns:* declarations."""
    seen: dict[str, None] = {}
    node = context
    while node is not None and node.nodeType == _ELEMENT:
        if node._prefix:
            seen.setdefault(node._prefix)
        for _key, namespace, prefix, local, _value in node._attr_entries():
            if namespace == XMLNS_NAMESPACE and prefix == "xmlns":
                seen.setdefault(local)
            elif prefix:
                seen.setdefault(prefix)
        node = node.parentNode
    return [p for p in seen if p not in ("xml", "xmlns")]


def xml_fragment_parsing_algorithm(markup: str, context: Any) -> list[Any]:
    """https://html.spec.whatwg.org/#xml-fragment-parsing-algorithm -- the new children, adopted
    into *context*'s node document."""

    declarations = []  # step 2: the in-scope prefixes and default namespace
    default_namespace = context.lookupNamespaceURI(None)
    if default_namespace:
        declarations.append(f' xmlns="{default_namespace.translate(_ESCAPES)}"')
    for prefix in _prefixes_in_scope(context):
        namespace = context.lookupNamespaceURI(prefix)
        if namespace and namespace != XML_NAMESPACE:
            declarations.append(f' xmlns:{prefix}="{namespace.translate(_ESCAPES)}"')
    wrapped = f"<{_CONTEXT_NAME}{''.join(declarations)}>{markup}</{_CONTEXT_NAME}>"  # steps 3-4
    try:
        document = parse_xml(wrapped)
    except XMLParseError as error:  # steps 5-6: not well-formed (or content after the end tag)
        raise DOMSyntaxError(f"The markup is not well-formed XML: {error}") from None
    root = document.documentElement
    if root is None or root.localName != _CONTEXT_NAME or len(document.childNodes) != 1:
        raise DOMSyntaxError("The markup is not well-formed XML: content outside the fragment")
    owner = context._doc
    children = list(root.childNodes)  # step 7
    for child in children:
        owner.adoptNode(child)
    return children
