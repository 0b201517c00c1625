"""The node tree (https://dom.spec.whatwg.org/#nodes) over lxml; see dom/README.md."""

# mutation first: the node modules import it as a module (an import cycle), so loading starts there.
from . import mutation  # noqa: F401
from .character_data import CDATASection, CharacterData, Comment, ProcessingInstruction, Text
from .document import Document, DocumentFragment, DocumentType, DOMImplementation, register_element_class
from .element import Element
from .node import Node, node_for

__all__ = [
    "Node", "CharacterData", "Text", "CDATASection", "Comment", "ProcessingInstruction", "Element",
    "Document", "DocumentFragment", "DocumentType", "DOMImplementation", "register_element_class", "node_for",
]
