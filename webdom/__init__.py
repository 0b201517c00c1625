"""webdom: a browser's DOM layer without a browser -- the documented front door.

``import webdom`` gives the public API of the three packages the project is built from
(:mod:`webidl` <- :mod:`html_infra` <- :mod:`dom`, which stay importable on their own)::

    import webdom

    document = webdom.parse_html(open("page.html", "rb"), url="https://example.org/page.html")
    for a in document.querySelectorAll("a[href]"):
        print(a.href)                      # resolved as a browser resolves it

Entry points: :func:`load` (a page from a URL, see :mod:`webdom.loading`) and :class:`Session`;
:func:`parse_html` (HTML, bytes sniffed for their encoding), :func:`parse_xml`,
:func:`wrap` (a Document over an existing lxml tree), :class:`DOMParser`; :func:`serialize` (a
document or node as markup, doctype included); :class:`URL` and
:class:`URLSearchParams`; :class:`DOMException` with one subclass per name; the node, collection
and ``HTML*Element`` interfaces, for ``isinstance`` checks and annotations.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from dom import Location, Window  # the platform APIs beside the tree
from dom.aborting import AbortController, AbortSignal
from dom.collections import (
    HTMLCollection,
    NodeList,
)
from dom.events import (
    CustomEvent,
    Event,
    EventTarget,
)
from dom.html import (
    HTMLAnchorElement,
    HTMLAreaElement,
    HTMLAudioElement,
    HTMLBaseElement,
    HTMLBodyElement,
    HTMLBRElement,
    HTMLButtonElement,
    HTMLCanvasElement,
    HTMLDataElement,
    HTMLDataListElement,
    HTMLDetailsElement,
    HTMLDialogElement,
    HTMLDirectoryElement,
    HTMLDivElement,
    HTMLDListElement,
    HTMLElement,
    HTMLEmbedElement,
    HTMLFieldSetElement,
    HTMLFontElement,
    HTMLFormElement,
    HTMLFrameElement,
    HTMLFrameSetElement,
    HTMLHeadElement,
    HTMLHeadingElement,
    HTMLHRElement,
    HTMLHtmlElement,
    HTMLIFrameElement,
    HTMLImageElement,
    HTMLInputElement,
    HTMLLabelElement,
    HTMLLegendElement,
    HTMLLIElement,
    HTMLLinkElement,
    HTMLMapElement,
    HTMLMarqueeElement,
    HTMLMediaElement,
    HTMLMenuElement,
    HTMLMetaElement,
    HTMLMeterElement,
    HTMLModElement,
    HTMLObjectElement,
    HTMLOListElement,
    HTMLOptGroupElement,
    HTMLOptionElement,
    HTMLOrSVGOrMathMLElement,
    HTMLOutputElement,
    HTMLParagraphElement,
    HTMLParamElement,
    HTMLPictureElement,
    HTMLPreElement,
    HTMLProgressElement,
    HTMLQuoteElement,
    HTMLScriptElement,
    HTMLSelectedContentElement,
    HTMLSelectElement,
    HTMLSlotElement,
    HTMLSourceElement,
    HTMLSpanElement,
    HTMLStyleElement,
    HTMLTableCaptionElement,
    HTMLTableCellElement,
    HTMLTableColElement,
    HTMLTableElement,
    HTMLTableRowElement,
    HTMLTableSectionElement,
    HTMLTemplateElement,
    HTMLTextAreaElement,
    HTMLTimeElement,
    HTMLTitleElement,
    HTMLTrackElement,
    HTMLUListElement,
    HTMLUnknownElement,
    HTMLVideoElement,
)
from dom.html.event_interfaces import (
    BeforeUnloadEvent,
    DragEvent,
    HashChangeEvent,
    MessageEvent,
    PageTransitionEvent,
    PopStateEvent,
    StorageEvent,
)
from dom.html.forms.all_collection import (
    HTMLAllCollection,
)
from dom.html.forms.controls_collection import (
    HTMLFormControlsCollection,
    RadioNodeList,
)
from dom.html.forms.files import (
    File,
    FileList,
)
from dom.html.forms.form_data import (
    FormData,
    FormDataEvent,
)
from dom.html.forms.select import (
    HTMLOptionsCollection,
    Option,
)
from dom.html.forms.submission import (
    FormSubmission,
    SubmitEvent,
)
from dom.html.forms.validity import (
    ValidityState,
)
from dom.html.navigator import Navigator
from dom.mutation_observers import (
    MutationObserver,
    MutationRecord,
    microtasks,
    notify_mutation_observers,
)
from dom.mutation_observers import perform_a_microtask_checkpoint as run_microtasks
from dom.nodes import (
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
from dom.nodes.attr import (
    Attr,
    NamedNodeMap,
)
from dom.nodes.shadow import (
    ShadowRoot,
)
from dom.parsing import (
    DOMParser,
    XMLParseError,
    parse_html,
    parse_html_fragment,
    parse_xml,
    wrap,
)
from dom.stringmap import (
    DOMStringMap,
)
from dom.tag_types import (
    HTMLCollectionOf,
    NodeListOf,
)
from dom.tokenlist import (
    DOMTokenList,
)
from dom.traversal import (
    NodeFilter,
    NodeIterator,
    TreeWalker,
)
from dom.ui_events import (
    CompositionEvent,
    FocusEvent,
    InputEvent,
    KeyboardEvent,
    MouseEvent,
    TextEvent,
    UIEvent,
    WheelEvent,
)
from dom.xpath import (
    XPathEvaluator,
    XPathExpression,
    XPathResult,
)
from webidl import BufferSource, Undefined, undefined
from webidl.exceptions import (
    AbortError,
    ConstraintError,
    DataCloneError,
    DataError,
    DOMException,
    DOMSyntaxError,
    EncodingError,
    HierarchyRequestError,
    IndexSizeError,
    InUseAttributeError,
    InvalidAccessError,
    InvalidCharacterError,
    InvalidModificationError,
    InvalidNodeTypeError,
    InvalidStateError,
    NamespaceError,
    NetworkError,
    NoModificationAllowedError,
    NotAllowedError,
    NotFoundError,
    NotReadableError,
    NotSupportedError,
    OperationError,
    OptOutError,
    QuotaExceededError,
    RangeError,
    ReadOnlyError,
    SecurityError,
    TimeoutError_,
    TransactionInactiveError,
    TypeMismatchError,
    UnknownError,
    URLMismatchError,
    VersionError,
    WrongDocumentError,
)
from webidl.promises import Promise

if TYPE_CHECKING:
    from dom import (
        AdoptedStyleSheets,
        CSSImportRule,
        CSSMediaRule,
        CSSRule,
        CSSRuleList,
        CSSStyleDeclaration,
        CSSStyleRule,
        CSSStyleSheet,
        CSSSupportsRule,
        MediaList,
        MediaQueryList,
        MediaQueryListEvent,
        StyleSheet,
        StyleSheetList,
        Viewport,
        set_author_style_sheets,
        set_style_sheet_loader,
        set_viewport,
    )
    from dom.fetch import Request, Response, fetch  # the networking APIs, which never connect
    from dom.ranges import AbstractRange, Range, StaticRange
    from dom.selection import Selection
    from dom.websockets import CloseEvent, WebSocket
    from dom.xhr import ProgressEvent, XMLHttpRequest, XMLHttpRequestEventTarget, XMLHttpRequestUpload
    from dom.xml_serialization import XMLSerializer, serialize
    from html_infra.domstringlist import DOMStringList
    from html_infra.fetch import Headers
    from html_infra.structured_clone import structuredClone
    from html_infra.url import URL, URLError, URLSearchParams

    from .loading import (
        HTTPStatusError,
        LoadError,
        LoadTimeoutError,
        ResponseTooLargeError,
        Session,
        StyleSheetSource,
        load,
    )

# Names loaded when first used (https://peps.python.org/pep-0562/): the CSSOM, the network-facing
# APIs, structured clone and the URL classes, which a program that parses and reads pages never
# needs at import (the URL parser loads at the first URL a document has or resolves).
_LAZY = {
    **dict.fromkeys(("AdoptedStyleSheets", "CSSImportRule", "CSSMediaRule", "CSSRule", "CSSRuleList",
                     "CSSStyleDeclaration", "CSSStyleRule", "CSSStyleSheet", "CSSSupportsRule", "MediaList",
                     "MediaQueryList", "MediaQueryListEvent", "StyleSheet", "StyleSheetList", "Viewport",
                     "set_author_style_sheets", "set_style_sheet_loader", "set_viewport"), "dom"),
    **dict.fromkeys(("Request", "Response", "fetch"), "dom.fetch"),
    **dict.fromkeys(("AbstractRange", "Range", "StaticRange"), "dom.ranges"),
    "Selection": "dom.selection",
    **dict.fromkeys(("XMLSerializer", "serialize"), "dom.xml_serialization"),
    "Headers": "html_infra.fetch",
    **dict.fromkeys(("CloseEvent", "WebSocket"), "dom.websockets"),
    **dict.fromkeys(("URL", "URLError", "URLSearchParams"), "html_infra.url"),
    **dict.fromkeys(("ProgressEvent", "XMLHttpRequest", "XMLHttpRequestEventTarget", "XMLHttpRequestUpload"),
                    "dom.xhr"),
    "DOMStringList": "html_infra.domstringlist",
    "structuredClone": "html_infra.structured_clone",
    **dict.fromkeys(("HTTPStatusError", "LoadError", "LoadTimeoutError", "ResponseTooLargeError", "Session",
                     "StyleSheetSource", "load"), "webdom.loading"),
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__version__ = "0.1.0"

__all__ = [
    "__version__",
    "DOMParser",
    "XMLParseError",
    "parse_html",
    "parse_html_fragment",
    "parse_xml",
    "wrap",
    "CDATASection",
    "CharacterData",
    "Comment",
    "Document",
    "DocumentFragment",
    "ShadowRoot",
    "DocumentType",
    "DOMImplementation",
    "Element",
    "Node",
    "ProcessingInstruction",
    "Text",
    "register_element_class",
    "Attr",
    "NamedNodeMap",
    "HTMLCollection",
    "NodeList",
    "DOMTokenList",
    "DOMStringMap",
    "NodeListOf",
    "HTMLCollectionOf",
    "AbortController",
    "AbortSignal",
    "CustomEvent",
    "Event",
    "EventTarget",
    "UIEvent",
    "FocusEvent",
    "MouseEvent",
    "WheelEvent",
    "InputEvent",
    "KeyboardEvent",
    "CompositionEvent",
    "TextEvent",
    "BeforeUnloadEvent",
    "DragEvent",
    "HashChangeEvent",
    "MessageEvent",
    "PageTransitionEvent",
    "PopStateEvent",
    "StorageEvent",
    "MutationObserver",
    "MutationRecord",
    "notify_mutation_observers",
    "run_microtasks",
    "microtasks",
    "NodeFilter",
    "NodeIterator",
    "TreeWalker",
    "AbstractRange",
    "Range",
    "Selection",
    "StaticRange",
    "XPathEvaluator",
    "XPathExpression",
    "XPathResult",
    "CSSStyleDeclaration",
    "CSSStyleSheet",
    "AdoptedStyleSheets",
    "MediaQueryList",
    "MediaQueryListEvent",
    "StyleSheet",
    "StyleSheetList",
    "CSSRuleList",
    "CSSRule",
    "CSSStyleRule",
    "CSSMediaRule",
    "CSSSupportsRule",
    "CSSImportRule",
    "MediaList",
    "Viewport",
    "set_viewport",
    "set_style_sheet_loader",
    "set_author_style_sheets",
    "Location",
    "Window",
    "HTMLAnchorElement",
    "HTMLAreaElement",
    "HTMLAudioElement",
    "HTMLBRElement",
    "HTMLBaseElement",
    "HTMLBodyElement",
    "HTMLButtonElement",
    "HTMLCanvasElement",
    "HTMLDListElement",
    "HTMLDataElement",
    "HTMLDataListElement",
    "HTMLDetailsElement",
    "HTMLDialogElement",
    "HTMLDirectoryElement",
    "HTMLDivElement",
    "HTMLElement",
    "HTMLEmbedElement",
    "HTMLFieldSetElement",
    "HTMLFontElement",
    "HTMLFormElement",
    "HTMLFrameElement",
    "HTMLFrameSetElement",
    "HTMLHRElement",
    "HTMLHeadElement",
    "HTMLHeadingElement",
    "HTMLHtmlElement",
    "HTMLIFrameElement",
    "HTMLImageElement",
    "HTMLInputElement",
    "HTMLLIElement",
    "HTMLLabelElement",
    "HTMLLegendElement",
    "HTMLLinkElement",
    "HTMLMapElement",
    "HTMLMarqueeElement",
    "HTMLMediaElement",
    "HTMLMenuElement",
    "HTMLMetaElement",
    "HTMLMeterElement",
    "HTMLModElement",
    "HTMLOListElement",
    "HTMLObjectElement",
    "HTMLOptGroupElement",
    "HTMLOptionElement",
    "HTMLOrSVGOrMathMLElement",
    "HTMLOutputElement",
    "HTMLParagraphElement",
    "HTMLParamElement",
    "HTMLPictureElement",
    "HTMLPreElement",
    "HTMLProgressElement",
    "HTMLQuoteElement",
    "HTMLScriptElement",
    "HTMLSelectElement",
    "HTMLSelectedContentElement",
    "HTMLSlotElement",
    "HTMLSourceElement",
    "HTMLSpanElement",
    "HTMLStyleElement",
    "HTMLTableCaptionElement",
    "HTMLTableCellElement",
    "HTMLTableColElement",
    "HTMLTableElement",
    "HTMLTableRowElement",
    "HTMLTableSectionElement",
    "HTMLTemplateElement",
    "HTMLTextAreaElement",
    "HTMLTimeElement",
    "HTMLTitleElement",
    "HTMLTrackElement",
    "HTMLUListElement",
    "HTMLUnknownElement",
    "HTMLVideoElement",
    "HTMLAllCollection",
    "HTMLFormControlsCollection",
    "RadioNodeList",
    "File",
    "FileList",
    "FormData",
    "FormDataEvent",
    "XMLSerializer",
    "HTMLOptionsCollection",
    "Option",
    "FormSubmission",
    "SubmitEvent",
    "ValidityState",
    "DOMStringList",
    "structuredClone",
    "URL",
    "URLError",
    "URLSearchParams",
    "undefined",
    "Undefined",
    "BufferSource",
    "DOMException",
    "RangeError",
    "IndexSizeError",
    "HierarchyRequestError",
    "WrongDocumentError",
    "InvalidCharacterError",
    "NoModificationAllowedError",
    "NotFoundError",
    "NotSupportedError",
    "InUseAttributeError",
    "InvalidStateError",
    "DOMSyntaxError",
    "InvalidModificationError",
    "NamespaceError",
    "InvalidAccessError",
    "TypeMismatchError",
    "SecurityError",
    "NetworkError",
    "AbortError",
    "URLMismatchError",
    "QuotaExceededError",
    "TimeoutError_",
    "InvalidNodeTypeError",
    "DataCloneError",
    "EncodingError",
    "NotReadableError",
    "UnknownError",
    "ConstraintError",
    "DataError",
    "TransactionInactiveError",
    "ReadOnlyError",
    "VersionError",
    "OperationError",
    "NotAllowedError",
    "OptOutError",
    "Headers",
    "Request",
    "Response",
    "fetch",
    "Promise",
    "XMLHttpRequest",
    "XMLHttpRequestEventTarget",
    "XMLHttpRequestUpload",
    "ProgressEvent",
    "WebSocket",
    "CloseEvent",
    "Navigator",
    "serialize",
    "load",
    "Session",
    "LoadError",
    "HTTPStatusError",
    "LoadTimeoutError",
    "ResponseTooLargeError",
    "StyleSheetSource",
]
