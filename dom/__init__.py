"""The lxml-backed DOM tree: nodes and documents, parsing and serialization, collections, HTML elements.

Work in progress: the node tree core (identity, Text nodes over lxml text slots, the mutation
algorithms) is here; parsing, serialization and the HTML element classes come next.
"""

from .nodes import (
    CDATASection,
    CharacterData,
    Comment,
    Document,
    DocumentFragment,
    DocumentType,
    DOMImplementation,
    Element,
    Node,
    ProcessingInstruction,
    Text,
    register_element_class,
)

__all__ = [
    "Node", "CharacterData", "Text", "CDATASection", "Comment", "ProcessingInstruction", "Element", "Document",
    "DocumentFragment", "DocumentType", "DOMImplementation", "register_element_class",
]
