"""Names and namespaces (https://dom.spec.whatwg.org/#namespaces): the checks createElement,
createElementNS, setAttribute(NS), createAttribute and the like run on the names they are given."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from html_infra.infra import XML_NAMESPACE, XMLNS_NAMESPACE
from webidl import InvalidCharacterError, NamespaceError, to_nullable_dom_string

if TYPE_CHECKING:
    from .element import Element

__all__ = ["ElementName", "is_valid_element_local_name", "is_valid_attribute_local_name", "is_valid_namespace_prefix",
           "validate_and_extract"]


class ElementName(NamedTuple):
    """An element's namespace, namespace prefix and local name
    (https://dom.spec.whatwg.org/#concept-element-namespace and the two after it), with the
    interface of its wrapper, and whether that class makes its wrappers as Element does (so the
    C extension may make them itself, see PLAIN_WRAPPER_INITS).
    One tuple is shared by all the elements of one lxml tag in documents of one kind, so a
    wrapper holds its names in one field."""

    interface: type[Element]
    namespace: str | None
    prefix: str | None
    local: str
    plain: bool = False


# https://dom.spec.whatwg.org/#valid-element-local-name and friends (the current, permissive
# rules that follow what the HTML parser can produce).
def is_valid_element_local_name(name: str) -> bool:
    """https://dom.spec.whatwg.org/#valid-element-local-name"""
    if not name:
        return False
    first = name[0]
    if first.isascii() and first.isalpha():
        return not any(c in "\t\n\x0c\r />" or c == "\x00" for c in name)
    if first == ":" or first == "_" or ord(first) >= 0x80:
        return all(
            c.isascii() and (c.isalnum() or c in "-._:") or ord(c) >= 0x80
            for c in name[1:]
        )
    return False


def is_valid_attribute_local_name(name: str) -> bool:
    """https://dom.spec.whatwg.org/#valid-attribute-local-name"""
    return bool(name) and not any(c in "\t\n\x0c\r />=" or c == "\x00" for c in name)


def is_valid_namespace_prefix(prefix: str) -> bool:
    """https://dom.spec.whatwg.org/#valid-namespace-prefix"""
    return bool(prefix) and not any(c in "\t\n\x0c\r />" or c == "\x00" for c in prefix)


def validate_and_extract(
    namespace: Any, qualified_name: str, context: str = "element"
) -> tuple[str | None, str | None, str]:
    """https://dom.spec.whatwg.org/#validate-and-extract -> (namespace, prefix, local name)."""
    namespace = to_nullable_dom_string(namespace) or None  # "" means null
    prefix: str | None = None
    local_name = qualified_name
    if ":" in qualified_name:
        prefix, _, local_name = qualified_name.partition(":")
        if not is_valid_namespace_prefix(prefix):
            raise InvalidCharacterError(f"{prefix!r} is not a valid namespace prefix")
    valid = is_valid_attribute_local_name if context == "attribute" else is_valid_element_local_name
    if not valid(local_name):
        raise InvalidCharacterError(f"{local_name!r} is not a valid {context} local name")
    if prefix is not None and namespace is None:
        raise NamespaceError("a prefix needs a namespace")
    if prefix == "xml" and namespace != XML_NAMESPACE:
        raise NamespaceError("the xml prefix is bound to the XML namespace")
    if (qualified_name == "xmlns" or prefix == "xmlns") and namespace != XMLNS_NAMESPACE:
        raise NamespaceError("xmlns is bound to the XMLNS namespace")
    if namespace == XMLNS_NAMESPACE and qualified_name != "xmlns" and prefix != "xmlns":
        raise NamespaceError("the XMLNS namespace needs the xmlns prefix")
    return namespace, prefix, local_name
