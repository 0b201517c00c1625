"""The node tree (https://dom.spec.whatwg.org/#nodes) over lxml; see dom/README.md."""

# The mutation algorithms, cloning and the template element fill dom.registry for Node's members.
from . import cloning, mutation, template  # noqa: F401
from .character_data import CDATASection, CharacterData, Comment, ProcessingInstruction, Text
from .document import Document, DocumentFragment, DocumentType, DOMImplementation, register_element_class
from .element import Element
from .identity import node_for
from .node import Node

__all__ = [
    "Node", "CharacterData", "Text", "CDATASection", "Comment", "ProcessingInstruction", "Element",
    "Document", "DocumentFragment", "DocumentType", "DOMImplementation", "register_element_class", "node_for",
]
