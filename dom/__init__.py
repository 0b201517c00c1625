"""The lxml-backed DOM tree: nodes and documents, parsing and serialization, collections, HTML elements.

Entry points: :func:`parse_html` (HTML documents, bytes sniffed for their encoding),
:func:`parse_xml` (hardened XML parsing), :func:`wrap` (a Document over an existing lxml tree),
:class:`DOMParser`, ``Document()`` and ``DOMImplementation`` for scripted documents.  How the DOM
is stored over lxml is described in dom/README.md.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# The floors above the node tree fill dom.registry and register their element interfaces when they
# load (dom/README.md, "Floors"): the HTML interfaces, the parsers; so does the event path, which
# builds on the node tree.  The selector engine, the CSSOM, ranges, selections and the serializers
# load when first used (lazy: a program that parses and reads the tree needs none of them): their
# registry names stand in for them until then, and so do this package's names of them
# (``__getattr__`` below).
from . import event_path as _event_path  # noqa: F401
from . import html as _html  # noqa: F401
from . import registry as _registry
from .aborting import AbortController, AbortSignal
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

if TYPE_CHECKING:
    from .css.media_queries import MediaList, Viewport
    from .css_style_declaration import CSSStyleDeclaration
    from .cssom.adopted_style_sheets import AdoptedStyleSheets
    from .cssom.css_rules import CSSImportRule, CSSMediaRule, CSSRule, CSSRuleList, CSSStyleRule, CSSSupportsRule
    from .cssom.document_style_sheets import set_author_style_sheets, set_style_sheet_loader, set_viewport
    from .cssom.media_query_list import MediaQueryList, MediaQueryListEvent
    from .cssom.style_sheets import CSSStyleSheet, StyleSheet, StyleSheetList
    from .ranges import AbstractRange, Range, StaticRange
    from .selection import Selection
    from .xml_serialization import XMLSerializer

# name -> the module defining it, loaded at the name's first use
_LAZY = {
    "MediaList": "css.media_queries", "Viewport": "css.media_queries",
    "CSSStyleDeclaration": "css_style_declaration",
    "AdoptedStyleSheets": "cssom.adopted_style_sheets",
    **dict.fromkeys(("CSSImportRule", "CSSMediaRule", "CSSRule", "CSSRuleList", "CSSStyleRule", "CSSSupportsRule"),
                    "cssom.css_rules"),
    **dict.fromkeys(("set_author_style_sheets", "set_style_sheet_loader", "set_viewport"),
                    "cssom.document_style_sheets"),
    "MediaQueryList": "cssom.media_query_list", "MediaQueryListEvent": "cssom.media_query_list",
    **dict.fromkeys(("CSSStyleSheet", "StyleSheet", "StyleSheetList"), "cssom.style_sheets"),
    **dict.fromkeys(("AbstractRange", "Range", "StaticRange"), "ranges"),
    "Selection": "selection",
    "XMLSerializer": "xml_serialization",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


_registry.fill_on_first_call("dom.selectors.engine", "query_first", "query_all", "matches", "closest")
_registry.fill_on_first_call("dom.cssom.document_style_sheets", "style_sheets", "shadow_root_style_sheets")
_registry.fill_on_first_call("dom.cssom.adopted_style_sheets", "adopted_style_sheets", "set_adopted_style_sheets")
_registry.fill_on_first_call("dom.cssom.visibility", "check_visibility")
_registry.fill_on_first_call("dom.cssom.scope_rule", "scope_rule")
_registry.fill_on_first_call("dom.ranges", "create_range")  # ranges and selections: at the first made
_registry.fill_on_first_call("dom.selection", "selection_of")
# the serializers: at the first node serialized (innerHTML, outerHTML, getHTML)
_registry.fill_on_first_call("dom.serialization", "fragment_serializing_algorithm_steps", "get_html",
                             "children_holder")
_register_collections()  # live collections refuse pickling with advice, once all are defined
