"""The lxml-backed DOM tree: nodes and documents, parsing and serialization, collections, HTML elements.

Entry points: :func:`parse_html` (HTML documents, bytes sniffed for their encoding),
:func:`parse_xml` (hardened XML parsing), :func:`wrap` (a Document over an existing lxml tree),
:class:`DOMParser`, ``Document()`` and ``DOMImplementation`` for scripted documents.  How the DOM
is stored over lxml is described in dom/README.md.
"""

# The floors above the node tree fill dom.registry and register their element interfaces when they
# load (dom/README.md, "Floors"): the HTML interfaces, the selector engine, the serializers, the parsers;
# so does the event path, which builds on the node tree.
from . import event_path as _event_path  # noqa: F401
from . import html as _html  # noqa: F401
from . import selectors as _selectors  # noqa: F401
from . import serialization as _serialization  # noqa: F401
from .aborting import AbortController, AbortSignal
from .css.media_queries import MediaList, Viewport
from .css_style_declaration import CSSStyleDeclaration
from .cssom.adopted_style_sheets import AdoptedStyleSheets
from .cssom.css_rules import CSSImportRule, CSSMediaRule, CSSRule, CSSRuleList, CSSStyleRule, CSSSupportsRule
from .cssom.document_style_sheets import set_author_style_sheets, set_style_sheet_loader, set_viewport
from .cssom.media_query_list import MediaQueryList, MediaQueryListEvent
from .cssom.style_sheets import CSSStyleSheet, StyleSheet, StyleSheetList
from .events import CustomEvent, Event, EventTarget
from .html.event_interfaces import (
    BeforeUnloadEvent,
    DragEvent,
    HashChangeEvent,
    MessageEvent,
    PageTransitionEvent,
    PopStateEvent,
    StorageEvent,
)
from .html.forms.files import File, FileList
from .html.forms.form_data import FormData, FormDataEvent
from .html.references import hash_name_reference
from .html.window import Location, Window
from .mutation_observers import MutationObserver, MutationRecord, notify_mutation_observers
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
from .nodes.pickling import register_collections as _register_collections
from .nodes.shadow import ShadowRoot
from .parsing import DOMParser, XMLParseError, parse_html, parse_html_fragment, parse_xml, wrap
from .ranges import AbstractRange, Range, StaticRange
from .selection import Selection
from .traversal import NodeFilter, NodeIterator, TreeWalker
from .ui_events import (
    CompositionEvent,
    FocusEvent,
    InputEvent,
    KeyboardEvent,
    MouseEvent,
    TextEvent,
    UIEvent,
    WheelEvent,
)
from .xml_serialization import XMLSerializer

__all__ = [
    "parse_html", "parse_html_fragment", "parse_xml", "wrap", "DOMParser", "XMLParseError",
    "Node", "CharacterData", "Text", "CDATASection", "Comment", "ProcessingInstruction", "Element", "Document",
    "DocumentFragment", "DocumentType", "DOMImplementation", "register_element_class", "ShadowRoot",
    "Event", "CustomEvent", "EventTarget", "AbortController", "AbortSignal",
    "MutationObserver", "MutationRecord", "notify_mutation_observers",
    "NodeFilter", "NodeIterator", "TreeWalker", "AbstractRange", "StaticRange", "Range", "Selection",
    "File", "FileList", "FormData", "FormDataEvent", "XMLSerializer",
    "hash_name_reference", "Window", "Location", "CSSStyleDeclaration",
    "AdoptedStyleSheets", "MediaQueryList", "MediaQueryListEvent",
    "CSSStyleSheet", "StyleSheet", "StyleSheetList", "CSSRuleList", "CSSRule", "CSSStyleRule",
    "CSSMediaRule",
    "CSSSupportsRule", "CSSImportRule", "MediaList", "Viewport", "set_viewport", "set_style_sheet_loader",
    "set_author_style_sheets",
    "UIEvent", "FocusEvent", "MouseEvent", "WheelEvent", "InputEvent", "KeyboardEvent", "CompositionEvent",
    "TextEvent", "BeforeUnloadEvent", "DragEvent", "HashChangeEvent", "MessageEvent", "PageTransitionEvent",
    "PopStateEvent", "StorageEvent",
]

_register_collections()  # live collections refuse pickling with advice, once all are defined
