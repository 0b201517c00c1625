"""The HTML element interfaces (https://html.spec.whatwg.org/#element-interfaces).

Every reflected IDL attribute is one declaration naming its reflection kind
(:mod:`dom.reflection`); the declarations mirror the ``[Reflect*]`` extended attributes of
the HTML IDL, plus the enumerated-attribute tables the spec gives in prose.  Members that need a
browser facility (layout, media playback, navigation, script execution) are not defined here;
``img.width``/``img.height`` and ``input.width``/``input.height`` reflect their content
attributes because there is no rendering (the spec's getters return rendered or natural sizes).

HTMLElement and its shared mixins are in html_element.py, the form, table and embedded content
interfaces in form_elements.py, table_elements.py and embedded_elements.py; this module holds
the other interfaces and the registry of the interface of each local name.
"""

from __future__ import annotations

import keyword
from typing import TYPE_CHECKING, Any

from html_infra.infra import HTML_NAMESPACE
from webidl.operations import attributes

from ..event_handlers import WindowEventHandlers
from ..nodes import Element
from ..nodes.element_interfaces import register_element_class, register_element_interface_rule
from ..nodes.proxy_release import has_parent
from ..nodes.template import TemplateElement as _TemplateContents
from ..reflection import (
    Reflect,
    ReflectBool,
    ReflectEnum,
    ReflectLong,
    ReflectTokenList,
    ReflectUnsigned,
    ReflectURL,
)
from . import embedded_elements, form_elements, html_element, table_elements
from .attribute_tables import (
    BLOCKING_SUPPORTED,
    CORS_SETTINGS,
    HYPERLINK_REL_SUPPORTED,
    LINK_AS,
    LINK_REL_SUPPORTED,
    REFERRER_POLICY,
)
from .browser_facilities import (
    MarqueeMixin,
    ScriptSupportsMixin,
    SlotAssignmentMixin,
    StyleDisabledMixin,
)
from .dialog import DialogMixin
from .element_text import AnchorTextMixin, ChildTextContentMixin
from .embedded_elements import (  # noqa: F401
    HTMLAudioElement,
    HTMLCanvasElement,
    HTMLEmbedElement,
    HTMLFrameElement,
    HTMLFrameSetElement,
    HTMLIFrameElement,
    HTMLImageElement,
    HTMLMapElement,
    HTMLMediaElement,
    HTMLObjectElement,
    HTMLParamElement,
    HTMLPictureElement,
    HTMLSourceElement,
    HTMLTrackElement,
    HTMLVideoElement,
)
from .form_elements import (  # noqa: F401
    HTMLButtonElement,
    HTMLDataListElement,
    HTMLFieldSetElement,
    HTMLFormElement,
    HTMLInputElement,
    HTMLLabelElement,
    HTMLLegendElement,
    HTMLMeterElement,
    HTMLOptGroupElement,
    HTMLOptionElement,
    HTMLOutputElement,
    HTMLProgressElement,
    HTMLSelectedContentElement,
    HTMLSelectElement,
    HTMLTextAreaElement,
)
from .html_element import (  # noqa: F401 -- the registry names every interface
    ElementContentEditable,
    HTMLElement,
    HTMLElementBase,
    HTMLHyperlinkElementUtils,
    HTMLOrSVGOrMathMLElement,
    HyperlinkElementUtils,
    PopoverTargetAttributes,
)
from .reflect_setter import (
    BaseHref,
)
from .table_elements import (  # noqa: F401
    HTMLTableCaptionElement,
    HTMLTableCellElement,
    HTMLTableColElement,
    HTMLTableElement,
    HTMLTableRowElement,
    HTMLTableSectionElement,
)

if TYPE_CHECKING:
    from ..cssom.style_sheets import CSSStyleSheet

__all__ = [
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
    "HTMLElementBase",
    "HTMLOrSVGOrMathMLElement",
    "ELEMENT_INTERFACES",
    "element_interface",
    "register",
]


class HTMLAnchorElement(HTMLElement, AnchorTextMixin, HyperlinkElementUtils, HTMLHyperlinkElementUtils):
    """https://html.spec.whatwg.org/#htmlanchorelement"""

    __slots__ = ()

    download = Reflect("download")
    ping = Reflect("ping", usv=True)
    rel = Reflect("rel")
    relList = ReflectTokenList("rel", HYPERLINK_REL_SUPPORTED)
    referrerPolicy = ReflectEnum("referrerpolicy", REFERRER_POLICY)
    coords = Reflect("coords")
    charset = Reflect("charset")
    name = Reflect("name")
    rev = Reflect("rev")
    shape = Reflect("shape")


class HTMLAreaElement(HTMLElement, HyperlinkElementUtils, HTMLHyperlinkElementUtils):
    """https://html.spec.whatwg.org/#htmlareaelement"""

    __slots__ = ()

    alt = Reflect("alt")
    coords = Reflect("coords")
    shape = Reflect("shape")
    download = Reflect("download")
    ping = Reflect("ping", usv=True)
    rel = Reflect("rel")
    relList = ReflectTokenList("rel", HYPERLINK_REL_SUPPORTED)
    referrerPolicy = ReflectEnum("referrerpolicy", REFERRER_POLICY)
    noHref = ReflectBool("nohref")


class HTMLBRElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlbrelement"""

    __slots__ = ()

    clear = Reflect("clear")


class HTMLBaseElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlbaseelement"""

    __slots__ = ()

    href = BaseHref("href")
    target = Reflect("target")


class HTMLBodyElement(WindowEventHandlers, HTMLElement):
    """https://html.spec.whatwg.org/#htmlbodyelement"""

    __slots__ = ()

    text = Reflect("text", null_to_empty=True)
    link = Reflect("link", null_to_empty=True)
    vLink = Reflect("vlink", null_to_empty=True)
    aLink = Reflect("alink", null_to_empty=True)
    bgColor = Reflect("bgcolor", null_to_empty=True)
    background = Reflect("background")


class HTMLDListElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmldlistelement"""

    __slots__ = ()

    compact = ReflectBool("compact")


class HTMLDataElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmldataelement"""

    __slots__ = ()

    value = Reflect("value")


class HTMLDetailsElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmldetailselement"""

    __slots__ = ()

    name = Reflect("name")
    open = ReflectBool("open")


class HTMLDialogElement(DialogMixin, HTMLElement):
    """https://html.spec.whatwg.org/#htmldialogelement (the methods: dom.html.dialog)"""

    __slots__ = ("_return_value", "_modal")  # https://html.spec.whatwg.org/#dom-dialog-returnvalue, #is-modal

    open = ReflectBool("open")
    closedBy = Reflect("closedby")


class HTMLDirectoryElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmldirectoryelement"""

    __slots__ = ()

    compact = ReflectBool("compact")


class HTMLDivElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmldivelement"""

    __slots__ = ()

    align = Reflect("align")


class HTMLFontElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlfontelement"""

    __slots__ = ()

    color = Reflect("color", null_to_empty=True)
    face = Reflect("face")
    size = Reflect("size")


class HTMLHRElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlhrelement"""

    __slots__ = ()

    align = Reflect("align")
    color = Reflect("color")  # no [LegacyNullToEmptyString] here, unlike font's color
    noShade = ReflectBool("noshade")
    size = Reflect("size")
    width = Reflect("width")


class HTMLHeadElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlheadelement"""

    __slots__ = ()


class HTMLHeadingElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlheadingelement"""

    __slots__ = ()

    align = Reflect("align")


class HTMLHtmlElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlhtmlelement"""

    __slots__ = ()

    version = Reflect("version")


class HTMLLIElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmllielement"""

    __slots__ = ()

    value = ReflectLong("value")
    type = Reflect("type")


class HTMLLinkElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmllinkelement"""

    __slots__ = ()

    href = ReflectURL("href")
    crossOrigin = ReflectEnum("crossorigin", CORS_SETTINGS, invalid="anonymous", nullable=True)
    rel = Reflect("rel")
    as_ = ReflectEnum("as", LINK_AS)
    relList = ReflectTokenList("rel", LINK_REL_SUPPORTED)
    media = Reflect("media")
    integrity = Reflect("integrity")
    hreflang = Reflect("hreflang")

    @property
    def sheet(self) -> CSSStyleSheet | None:
        """https://drafts.csswg.org/cssom/#dom-linkstyle-sheet (text from the document's
        loader only: dom.cssom.document_style_sheets.set_style_sheet_loader)"""
        from ..cssom.document_style_sheets import sheet_of  # lazy: the CSSOM loads when first used

        return sheet_of(self)
    type = Reflect("type")
    sizes = ReflectTokenList("sizes")
    imageSrcset = Reflect("imagesrcset", usv=True)
    imageSizes = Reflect("imagesizes")
    referrerPolicy = ReflectEnum("referrerpolicy", REFERRER_POLICY)
    blocking = ReflectTokenList("blocking", BLOCKING_SUPPORTED)
    disabled = ReflectBool("disabled")
    charset = Reflect("charset")
    rev = Reflect("rev")
    target = Reflect("target")
    # https://html.spec.whatwg.org/#fetch-priority-attributes
    fetchPriority = ReflectEnum("fetchpriority", ("high", "low", "auto"), missing="auto", invalid="auto")


class HTMLMarqueeElement(HTMLElement, MarqueeMixin):
    """https://html.spec.whatwg.org/#htmlmarqueeelement"""

    __slots__ = ()

    behavior = ReflectEnum("behavior", ("scroll", "slide", "alternate"), missing="scroll", invalid="scroll")
    bgColor = Reflect("bgcolor")  # no [LegacyNullToEmptyString] here, unlike body's bgColor
    direction = ReflectEnum("direction", ("up", "right", "down", "left"), missing="left", invalid="left")
    height = Reflect("height")
    hspace = ReflectUnsigned("hspace")
    scrollAmount = ReflectUnsigned("scrollamount", default=6)
    scrollDelay = ReflectUnsigned("scrolldelay", default=85)
    trueSpeed = ReflectBool("truespeed")
    vspace = ReflectUnsigned("vspace")
    width = Reflect("width")


class HTMLMenuElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlmenuelement"""

    __slots__ = ()

    compact = ReflectBool("compact")


class HTMLMetaElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlmetaelement"""

    __slots__ = ()

    name = Reflect("name")
    httpEquiv = Reflect("http-equiv")
    content = Reflect("content")
    media = Reflect("media")
    scheme = Reflect("scheme")


class HTMLModElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlmodelement"""

    __slots__ = ()

    cite = ReflectURL("cite")
    dateTime = Reflect("datetime")


class HTMLOListElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlolistelement"""

    __slots__ = ()

    reversed = ReflectBool("reversed")
    start = ReflectLong("start", default=1)
    type = Reflect("type")
    compact = ReflectBool("compact")


class HTMLParagraphElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlparagraphelement"""

    __slots__ = ()

    align = Reflect("align")


class HTMLPreElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlpreelement"""

    __slots__ = ()

    width = ReflectLong("width")


class HTMLQuoteElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlquoteelement"""

    __slots__ = ()

    cite = ReflectURL("cite")


@attributes("HTMLScriptElement", "async_")
class HTMLScriptElement(HTMLElement, ChildTextContentMixin, ScriptSupportsMixin):
    """https://html.spec.whatwg.org/#htmlscriptelement"""

    __slots__ = ("_force_async",)  # https://html.spec.whatwg.org/#script-force-async

    def _init_wrapper(self, document: Any, lx: Any, name: Any) -> None:
        super()._init_wrapper(document, lx, name)
        # "force async" starts true for created elements and false for parser-created ones;
        # wrappers are made lazily, and only parser-created scripts are already in a tree
        # when first wrapped.
        self._force_async = not has_parent(lx)

    @property
    def async_(self) -> bool:
        """https://html.spec.whatwg.org/#dom-script-async"""
        return self._force_async or self.hasAttribute("async")

    @async_.setter
    def async_(self, value: bool) -> None:
        self._force_async = False
        if value:
            self.setAttribute("async", "")
        else:
            self.removeAttribute("async")

    def _attribute_changed(self, local_name: str, old: str | None, value: str | None, namespace: str | None) -> None:
        super()._attribute_changed(local_name, old, value, namespace)
        # https://html.spec.whatwg.org/#script-processing-model: adding async clears force async
        if local_name == "async" and namespace is None and old is None and value is not None:
            self._force_async = False

    type = Reflect("type")
    src = ReflectURL("src")
    noModule = ReflectBool("nomodule")
    defer = ReflectBool("defer")
    blocking = ReflectTokenList("blocking", BLOCKING_SUPPORTED)
    crossOrigin = ReflectEnum("crossorigin", CORS_SETTINGS, invalid="anonymous", nullable=True)
    referrerPolicy = ReflectEnum("referrerpolicy", REFERRER_POLICY)
    integrity = Reflect("integrity")
    charset = Reflect("charset")
    event = Reflect("event")
    htmlFor = Reflect("for")
    # https://html.spec.whatwg.org/#fetch-priority-attributes
    fetchPriority = ReflectEnum("fetchpriority", ("high", "low", "auto"), missing="auto", invalid="auto")


class HTMLSlotElement(HTMLElement, SlotAssignmentMixin):
    """https://html.spec.whatwg.org/#htmlslotelement"""

    __slots__ = ("_assigned_nodes", "_manually_assigned")  # dom/nodes/slots.py

    name = Reflect("name")


class HTMLSpanElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlspanelement"""

    __slots__ = ()


class HTMLStyleElement(HTMLElement, StyleDisabledMixin):
    """https://html.spec.whatwg.org/#htmlstyleelement"""

    __slots__ = ()

    media = Reflect("media")
    blocking = ReflectTokenList("blocking", BLOCKING_SUPPORTED)
    type = Reflect("type")

    @property
    def sheet(self) -> CSSStyleSheet | None:
        """https://drafts.csswg.org/cssom/#dom-linkstyle-sheet"""
        from ..cssom.document_style_sheets import sheet_of  # lazy: the CSSOM loads when first used

        return sheet_of(self)


class HTMLTemplateElement(HTMLElement, _TemplateContents):
    """https://html.spec.whatwg.org/#htmltemplateelement"""

    __slots__ = ()

    shadowRootDelegatesFocus = ReflectBool("shadowrootdelegatesfocus")
    shadowRootClonable = ReflectBool("shadowrootclonable")
    shadowRootSerializable = ReflectBool("shadowrootserializable")
    shadowRootCustomElementRegistry = Reflect("shadowrootcustomelementregistry")
    # https://html.spec.whatwg.org/#dom-template-shadowrootmode (limited to only known values)
    shadowRootMode = ReflectEnum("shadowrootmode", ("open", "closed"))
    shadowRootSlotAssignment = ReflectEnum("shadowrootslotassignment", ("named", "manual"), missing="named",
                                           invalid="named")


class HTMLTimeElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmltimeelement"""

    __slots__ = ()

    dateTime = Reflect("datetime")


class HTMLTitleElement(HTMLElement, ChildTextContentMixin):
    """https://html.spec.whatwg.org/#htmltitleelement"""

    __slots__ = ()


class HTMLUListElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlulistelement"""

    __slots__ = ()

    compact = ReflectBool("compact")
    type = Reflect("type")


class HTMLUnknownElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlunknownelement"""

    __slots__ = ()


# https://html.spec.whatwg.org/#element-interfaces -- the interface of each HTML local name;
# obsolete names from https://html.spec.whatwg.org/#non-conforming-features.
ELEMENT_INTERFACES: dict[str, type[Element]] = {
    "a": HTMLAnchorElement,
    "abbr": HTMLElement,
    "address": HTMLElement,
    "area": HTMLAreaElement,
    "article": HTMLElement,
    "aside": HTMLElement,
    "audio": HTMLAudioElement,
    "b": HTMLElement,
    "base": HTMLBaseElement,
    "bdi": HTMLElement,
    "bdo": HTMLElement,
    "blockquote": HTMLQuoteElement,
    "body": HTMLBodyElement,
    "br": HTMLBRElement,
    "button": HTMLButtonElement,
    "canvas": HTMLCanvasElement,
    "caption": HTMLTableCaptionElement,
    "cite": HTMLElement,
    "code": HTMLElement,
    "col": HTMLTableColElement,
    "colgroup": HTMLTableColElement,
    "data": HTMLDataElement,
    "datalist": HTMLDataListElement,
    "dd": HTMLElement,
    "del": HTMLModElement,
    "details": HTMLDetailsElement,
    "dfn": HTMLElement,
    "dialog": HTMLDialogElement,
    "div": HTMLDivElement,
    "dl": HTMLDListElement,
    "dt": HTMLElement,
    "em": HTMLElement,
    "embed": HTMLEmbedElement,
    "fieldset": HTMLFieldSetElement,
    "figcaption": HTMLElement,
    "figure": HTMLElement,
    "footer": HTMLElement,
    "form": HTMLFormElement,
    "h1": HTMLHeadingElement,
    "h2": HTMLHeadingElement,
    "h3": HTMLHeadingElement,
    "h4": HTMLHeadingElement,
    "h5": HTMLHeadingElement,
    "h6": HTMLHeadingElement,
    "head": HTMLHeadElement,
    "header": HTMLElement,
    "hgroup": HTMLElement,
    "hr": HTMLHRElement,
    "html": HTMLHtmlElement,
    "i": HTMLElement,
    "iframe": HTMLIFrameElement,
    "img": HTMLImageElement,
    "input": HTMLInputElement,
    "ins": HTMLModElement,
    "kbd": HTMLElement,
    "label": HTMLLabelElement,
    "legend": HTMLLegendElement,
    "li": HTMLLIElement,
    "link": HTMLLinkElement,
    "main": HTMLElement,
    "map": HTMLMapElement,
    "mark": HTMLElement,
    "menu": HTMLMenuElement,
    "meta": HTMLMetaElement,
    "meter": HTMLMeterElement,
    "nav": HTMLElement,
    "noscript": HTMLElement,
    "object": HTMLObjectElement,
    "ol": HTMLOListElement,
    "optgroup": HTMLOptGroupElement,
    "option": HTMLOptionElement,
    "output": HTMLOutputElement,
    "p": HTMLParagraphElement,
    "picture": HTMLPictureElement,
    "pre": HTMLPreElement,
    "progress": HTMLProgressElement,
    "q": HTMLQuoteElement,
    "rp": HTMLElement,
    "rt": HTMLElement,
    "ruby": HTMLElement,
    "s": HTMLElement,
    "samp": HTMLElement,
    "search": HTMLElement,
    "script": HTMLScriptElement,
    "section": HTMLElement,
    "select": HTMLSelectElement,
    "selectedcontent": HTMLSelectedContentElement,
    "slot": HTMLSlotElement,
    "small": HTMLElement,
    "source": HTMLSourceElement,
    "span": HTMLSpanElement,
    "strong": HTMLElement,
    "style": HTMLStyleElement,
    "sub": HTMLElement,
    "summary": HTMLElement,
    "sup": HTMLElement,
    "table": HTMLTableElement,
    "tbody": HTMLTableSectionElement,
    "td": HTMLTableCellElement,
    "textarea": HTMLTextAreaElement,
    "tfoot": HTMLTableSectionElement,
    "th": HTMLTableCellElement,
    "thead": HTMLTableSectionElement,
    "time": HTMLTimeElement,
    "title": HTMLTitleElement,
    "tr": HTMLTableRowElement,
    "track": HTMLTrackElement,
    "u": HTMLElement,
    "ul": HTMLUListElement,
    "var": HTMLElement,
    "video": HTMLVideoElement,
    "wbr": HTMLElement,
    "applet": HTMLUnknownElement,
    "dir": HTMLDirectoryElement,
    "font": HTMLFontElement,
    "frame": HTMLFrameElement,
    "frameset": HTMLFrameSetElement,
    "marquee": HTMLMarqueeElement,
    "listing": HTMLPreElement,
    "xmp": HTMLPreElement,
    "param": HTMLParamElement,
    "acronym": HTMLElement,
    "basefont": HTMLElement,
    "big": HTMLElement,
    "center": HTMLElement,
    "nobr": HTMLElement,
    "noembed": HTMLElement,
    "noframes": HTMLElement,
    "plaintext": HTMLElement,
    "rb": HTMLElement,
    "rtc": HTMLElement,
    "strike": HTMLElement,
    "tt": HTMLElement,
    "template": HTMLTemplateElement,
}

# Python keywords: ``a.as_`` and ``getattr(a, "as")`` are the same attribute.
_INTERFACE_MODULES = (__name__, html_element.__name__, form_elements.__name__, table_elements.__name__,
                      embedded_elements.__name__)
for _cls in list(globals().values()):
    if isinstance(_cls, type) and _cls.__module__ in _INTERFACE_MODULES:
        for _name in [n for n in vars(_cls) if n.endswith("_") and keyword.iskeyword(n[:-1])]:
            setattr(_cls, _name[:-1], vars(_cls)[_name])


def element_interface(local_name: str) -> type[Element]:
    """https://html.spec.whatwg.org/#element-interface for an HTML-namespace local name."""
    cls = ELEMENT_INTERFACES.get(local_name)
    if cls is not None:
        return cls
    if "-" in local_name:  # a valid custom element name uses HTMLElement (checked loosely)
        return HTMLElement
    return HTMLUnknownElement


def register() -> None:
    """Register every HTML interface with the DOM core (also done on import)."""
    register_element_interface_rule(HTML_NAMESPACE, element_interface)
    for local_name, cls in ELEMENT_INTERFACES.items():
        register_element_class(HTML_NAMESPACE, local_name, cls)


register()
