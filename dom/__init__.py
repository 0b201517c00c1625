"""The lxml-backed DOM tree: nodes and documents, parsing and serialization, collections, HTML elements.

Work in progress: the node tree core (identity, Text nodes over lxml text slots, the mutation
algorithms) and HTML parsing are here; serialization, selectors and the HTML element classes
come next.
"""

from . import html as _html  # noqa: F401,E402 -- registers the HTML element interfaces
from .events import AbortController, AbortSignal, CustomEvent, Event, EventTarget
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
from .nodes import template as _template  # noqa: F401 -- registers the template element class
from .parsing import parse_html, parse_html_fragment

__all__ = [
    "parse_html", "parse_html_fragment",
    "Node", "CharacterData", "Text", "CDATASection", "Comment", "ProcessingInstruction", "Element", "Document",
    "DocumentFragment", "DocumentType", "DOMImplementation", "register_element_class",
    "Event", "CustomEvent", "EventTarget", "AbortController", "AbortSignal",
]
