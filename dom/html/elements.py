"""The HTML element interfaces (https://html.spec.whatwg.org/#element-interfaces).

Every reflected IDL attribute is one declaration naming its reflection kind
(:mod:`dom.reflection`); the declarations mirror the ``[Reflect*]`` extended attributes of
the HTML IDL, plus the enumerated-attribute tables the spec gives in prose.  Members that need a
browser facility (layout, media playback, navigation, script execution) are not defined here;
``img.width``/``img.height`` and ``input.width``/``input.height`` reflect their content
attributes because there is no rendering (the spec's getters return rendered or natural sizes).
"""

from __future__ import annotations

import keyword
from typing import Any

from html_infra.infra import HTML_NAMESPACE
from webidl import to_boolean, to_dom_string

from ..css_style_declaration import ElementCSSInlineStyle
from ..events import HTMLElementEventHandlers, WindowEventHandlers
from ..nodes import Element
from ..nodes.document import register_element_class
from ..nodes.template import TemplateElement as _TemplateContents
from ..reflection import (
    Reflect,
    ReflectBool,
    ReflectElement,
    ReflectEnum,
    ReflectFormAction,
    ReflectLong,
    ReflectNonNegative,
    ReflectPositive,
    ReflectPositiveDouble,
    ReflectPositiveWithFallback,
    ReflectRange,
    ReflectTokenList,
    ReflectUnsigned,
    ReflectURL,
)
from ..stringmap import DOMStringMap
from .custom_getters import (
    Autocapitalize,
    Autocorrect,
    BaseHref,
    Draggable,
    Hidden,
    MeterNumber,
    ProgressValue,
    TabIndex,
    Translate,
    WritingSuggestions,
)
from .dialog import DialogMixin
from .forms.autofill import Autocomplete
from .forms.controls_collection import FieldSetElementsMixin, FormControlsMixin
from .forms.input import InputMixin
from .forms.labels import LabelsMixin
from .forms.owner import FormAssociatedMixin, LabelFormMixin, LegendFormMixin, OptionFormMixin
from .forms.select import OptGroupMixin, OptionMixin, SelectMixin
from .forms.submission import FormSubmissionMixin
from .forms.textarea import OutputMixin, TextAreaMixin
from .forms.validity import ConstraintValidationMixin
from .hyperlink import HTMLHyperlinkElementUtilsMixin
from .inert import (
    CanvasMixin,
    DataListMixin,
    ImageDecodeMixin,
    ImageMixin,
    InnerTextMixin,
    MapMixin,
    MarqueeMixin,
    MediaMixin,
    NavigableContainerMixin,
    ProgressPositionMixin,
    ScriptSupportsMixin,
    SlotAssignmentMixin,
    StyleDisabledMixin,
    TrackMixin,
    TrackObjectMixin,
    VideoSizeMixin,
    type_member,
)
from .interaction import UserInteractionMixin
from .nonce import cryptographic_nonce, hide_nonces_in_document, set_cryptographic_nonce
from .nonce import inserted as nonce_inserted
from .popover import PopoverMixin
from .tables import TableCellMixin, TableMixin, TableRowMixin, TableSectionMixin
from .text import AnchorTextMixin, ChildTextContentMixin, OptionTextMixin

# https://html.spec.whatwg.org/#cors-settings-attributes ("" is the Anonymous state's keyword too)
CORS_SETTINGS = {"anonymous": "anonymous", "": "anonymous", "use-credentials": "use-credentials"}
# https://html.spec.whatwg.org/#referrer-policy-attributes (https://w3c.github.io/webappsec-referrer-policy/)
REFERRER_POLICY = (
    "", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin", "strict-origin",
    "origin-when-cross-origin", "strict-origin-when-cross-origin", "unsafe-url",
)
# https://fetch.spec.whatwg.org/#concept-potential-destination (the link element's as attribute)
LINK_AS = (
    "fetch", "audio", "document", "embed", "font", "image", "json", "manifest", "object", "report",
    "script", "sharedworker", "style", "track", "video", "worker", "xslt",
)
URLENCODED = "application/x-www-form-urlencoded"
# https://html.spec.whatwg.org/#attr-fs-enctype / #attr-fs-method
FORM_ENCTYPES = (URLENCODED, "multipart/form-data", "text/plain")
FORM_METHODS = ("get", "post", "dialog")
# https://html.spec.whatwg.org/#attr-input-type
INPUT_TYPES = (
    "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
    "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image",
    "reset", "button",
)
# Supported tokens of rel/relList (https://html.spec.whatwg.org/#linkTypes) and sandbox.
LINK_REL_SUPPORTED = (
    "alternate", "dns-prefetch", "expect", "icon", "manifest", "modulepreload", "next", "pingback",
    "preconnect", "prefetch", "preload", "search", "stylesheet",
)
HYPERLINK_REL_SUPPORTED = ("noreferrer", "noopener", "opener")
# https://html.spec.whatwg.org/#blocking-attributes: the supported tokens are the possible blocking tokens.
BLOCKING_SUPPORTED = ("render",)
SANDBOX_SUPPORTED = (
    "allow-downloads", "allow-forms", "allow-modals", "allow-orientation-lock", "allow-pointer-lock",
    "allow-popups", "allow-popups-to-escape-sandbox", "allow-presentation", "allow-same-origin",
    "allow-scripts", "allow-top-navigation", "allow-top-navigation-by-user-activation",
    "allow-top-navigation-to-custom-protocols",
)
# https://html.spec.whatwg.org/#attr-popover, #attr-media-preload, #attr-track-kind
POPOVER = {"auto": "auto", "": "auto", "manual": "manual", "hint": "hint"}
PRELOAD = {"none": "none", "metadata": "metadata", "auto": "auto", "": "auto"}
TRACK_KINDS = ("subtitles", "captions", "descriptions", "chapters", "metadata")


class _HTMLElementBase(Element):
    """Element plus the HTML hooks every HTML element shares: the [[CryptographicNonce]] slot
    (https://html.spec.whatwg.org/#cryptographicnonce) kept in sync with the ``nonce`` content
    attribute and copied by cloning."""

    __slots__ = ("_nonce",)  # https://html.spec.whatwg.org/#cryptographicnonce (see dom/html/nonce.py)

    @property
    def nonce(self) -> str:
        """https://html.spec.whatwg.org/#dom-noncedelement-nonce"""
        return cryptographic_nonce(self)

    @nonce.setter
    def nonce(self, value: Any) -> None:
        set_cryptographic_nonce(self, to_dom_string(value))

    @property
    def dataset(self) -> Any:
        """https://html.spec.whatwg.org/#dom-dataset ([SameObject]; DOMStringMap from
        dom/stringmap.py, constructed as ``DOMStringMap(element)``)."""
        return self._same_object("dataset", lambda: DOMStringMap(self))

    def _init_wrapper(self, document: Any, lx: Any, names: Any = None) -> None:
        super()._init_wrapper(document, lx, names)
        # A parsed document with a header-delivered CSP hides its nonces before anything of
        # it is observed through the DOM (see dom.html.nonce).
        if document._csp_header and not document._nonces_hidden:
            hide_nonces_in_document(document, self)

    def _inserted(self) -> None:
        parent = getattr(super(), "_inserted", None)
        if parent is not None:
            parent()
        nonce_inserted(self)

    def _attribute_changed(self, local_name: str, old: str | None, value: str | None, namespace: str | None) -> None:
        super()._attribute_changed(local_name, old, value, namespace)
        # https://html.spec.whatwg.org/#nonce-attributes (attribute change steps)
        if local_name == "nonce" and namespace is None:
            set_cryptographic_nonce(self, "" if value is None else value)
        if namespace is None:
            ReflectElement.attribute_changed(self, local_name)

    def _cloning_steps(self, original: Any) -> None:
        # https://html.spec.whatwg.org/#nonce-attributes (cloning steps)
        parent = getattr(super(), "_cloning_steps", None)
        if parent is not None:
            parent(original)
        set_cryptographic_nonce(self, cryptographic_nonce(original))


class HTMLOrSVGOrMathMLElement:
    """https://html.spec.whatwg.org/#htmlorsvgormathmlelement"""

    __slots__ = ()

    autofocus = ReflectBool("autofocus")
    tabIndex = TabIndex("tabindex")
    style = ElementCSSInlineStyle.style  # https://drafts.csswg.org/cssom/#elementcssinlinestyle


class ElementContentEditable:
    """https://html.spec.whatwg.org/#elementcontenteditable"""

    __slots__ = ()

    enterKeyHint = ReflectEnum("enterkeyhint", ("enter", "done", "go", "next", "previous", "search", "send"))
    inputMode = ReflectEnum("inputmode", ("none", "text", "tel", "url", "email", "numeric", "decimal", "search"))


class HyperlinkElementUtils:
    """https://html.spec.whatwg.org/#hyperlinkelementutils"""

    __slots__ = ()

    hreflang = Reflect("hreflang")
    type = Reflect("type")


class HTMLHyperlinkElementUtils(HTMLHyperlinkElementUtilsMixin):
    """https://html.spec.whatwg.org/#htmlhyperlinkelementutils (URL members in dom.html.hyperlink)"""

    __slots__ = ()

    target = Reflect("target")


class PopoverTargetAttributes:
    """https://html.spec.whatwg.org/#popovertargetattributes"""

    __slots__ = ()

    # https://html.spec.whatwg.org/#attr-popovertargetaction
    popoverTargetAction = ReflectEnum("popovertargetaction", ("toggle", "show", "hide"), missing="toggle",
                                      invalid="toggle")
    # Reflect="popovertarget": whatwg/html a95983cf corrected the IDL that this copy predates
    popoverTargetElement = ReflectElement("popovertarget")


class HTMLElement(HTMLElementEventHandlers, PopoverMixin, UserInteractionMixin, _HTMLElementBase,
                  ElementContentEditable, HTMLOrSVGOrMathMLElement, InnerTextMixin):
    """https://html.spec.whatwg.org/#htmlelement"""

    __slots__ = ("_popover_open",)  # https://html.spec.whatwg.org/#popover-visibility-state: True when showing

    title = Reflect("title")
    lang = Reflect("lang")
    dir = ReflectEnum("dir", ("ltr", "rtl", "auto"))
    hidden = Hidden("hidden")
    translate = Translate("translate")
    draggable = Draggable("draggable")
    inert = ReflectBool("inert")
    accessKey = Reflect("accesskey")
    writingSuggestions = WritingSuggestions("writingsuggestions")
    autocapitalize = Autocapitalize("autocapitalize")
    autocorrect = Autocorrect("autocorrect")
    popover = ReflectEnum("popover", POPOVER, invalid="manual", nullable=True)
    headingOffset = ReflectRange("headingoffset", 0, 8)
    headingReset = ReflectBool("headingreset")


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


class HTMLMediaElement(HTMLElement, MediaMixin):
    """https://html.spec.whatwg.org/#htmlmediaelement"""

    __slots__ = ("_media",)  # what a script set: MediaState (dom/html/inert.py)

    src = ReflectURL("src")
    crossOrigin = ReflectEnum("crossorigin", CORS_SETTINGS, invalid="anonymous", nullable=True)
    preload = ReflectEnum("preload", PRELOAD, missing="metadata", invalid="metadata")
    autoplay = ReflectBool("autoplay")
    loop = ReflectBool("loop")
    controls = ReflectBool("controls")
    defaultMuted = ReflectBool("muted")
    loading = ReflectEnum("loading", ("lazy", "eager"), missing="eager", invalid="eager")


class HTMLAudioElement(HTMLMediaElement):
    """https://html.spec.whatwg.org/#htmlaudioelement"""

    __slots__ = ()


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


class HTMLButtonElement(
    FormAssociatedMixin, ConstraintValidationMixin, HTMLElement, PopoverTargetAttributes, LabelsMixin
):
    """https://html.spec.whatwg.org/#htmlbuttonelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    command = Reflect("command")
    disabled = ReflectBool("disabled")
    formAction = ReflectFormAction("formaction")
    formEnctype = ReflectEnum("formenctype", FORM_ENCTYPES, invalid=URLENCODED)
    formMethod = ReflectEnum("formmethod", FORM_METHODS, invalid="get")
    formNoValidate = ReflectBool("formnovalidate")
    formTarget = Reflect("formtarget")
    name = Reflect("name")
    type = ReflectEnum("type", ("submit", "reset", "button"), missing="submit", invalid="submit")
    value = Reflect("value")
    # Reflect="commandfor": whatwg/html a95983cf corrected the IDL that this copy predates
    commandForElement = ReflectElement("commandfor")


class HTMLCanvasElement(HTMLElement, CanvasMixin):
    """https://html.spec.whatwg.org/#htmlcanvaselement (no rendering contexts here)"""

    __slots__ = ()

    # Prose: "must reflect the respective content attributes of the same name, with the same
    # defaults" -- 300 and 150 (https://html.spec.whatwg.org/#attr-canvas-width).
    width = ReflectUnsigned("width", default=300)
    height = ReflectUnsigned("height", default=150)


class HTMLDListElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmldlistelement"""

    __slots__ = ()

    compact = ReflectBool("compact")


class HTMLDataElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmldataelement"""

    __slots__ = ()

    value = Reflect("value")


class HTMLDataListElement(HTMLElement, DataListMixin):
    """https://html.spec.whatwg.org/#htmldatalistelement"""

    __slots__ = ()


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


class HTMLEmbedElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlembedelement"""

    __slots__ = ()

    src = ReflectURL("src")
    type = Reflect("type")
    width = Reflect("width")
    height = Reflect("height")
    align = Reflect("align")
    name = Reflect("name")
    getSVGDocument = NavigableContainerMixin.getSVGDocument


class HTMLFieldSetElement(FormAssociatedMixin, FieldSetElementsMixin, ConstraintValidationMixin, HTMLElement):
    """https://html.spec.whatwg.org/#htmlfieldsetelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    disabled = ReflectBool("disabled")
    name = Reflect("name")
    type = type_member("fieldset")


class HTMLFontElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlfontelement"""

    __slots__ = ()

    color = Reflect("color", null_to_empty=True)
    face = Reflect("face")
    size = Reflect("size")


class HTMLFormElement(FormControlsMixin, FormSubmissionMixin, HTMLElement):
    """https://html.spec.whatwg.org/#htmlformelement"""

    __slots__ = ("_past_names_map",)  # https://html.spec.whatwg.org/#past-names-map

    acceptCharset = Reflect("accept-charset")
    action = ReflectFormAction("action")
    autocomplete = ReflectEnum("autocomplete", ("on", "off"), missing="on", invalid="on")
    enctype = ReflectEnum("enctype", FORM_ENCTYPES, missing=URLENCODED, invalid=URLENCODED)
    encoding = ReflectEnum("enctype", FORM_ENCTYPES, missing=URLENCODED, invalid=URLENCODED)
    method = ReflectEnum("method", FORM_METHODS, missing="get", invalid="get")
    name = Reflect("name")
    noValidate = ReflectBool("novalidate")
    target = Reflect("target")
    rel = Reflect("rel")
    relList = ReflectTokenList("rel", HYPERLINK_REL_SUPPORTED)


class HTMLFrameElement(HTMLElement, NavigableContainerMixin):
    """https://html.spec.whatwg.org/#htmlframeelement"""

    __slots__ = ()

    name = Reflect("name")
    scrolling = Reflect("scrolling")
    src = ReflectURL("src")
    frameBorder = Reflect("frameborder")
    longDesc = ReflectURL("longdesc")
    noResize = ReflectBool("noresize")
    marginHeight = Reflect("marginheight", null_to_empty=True)
    marginWidth = Reflect("marginwidth", null_to_empty=True)


class HTMLFrameSetElement(WindowEventHandlers, HTMLElement):
    """https://html.spec.whatwg.org/#htmlframesetelement"""

    __slots__ = ()

    cols = Reflect("cols")
    rows = Reflect("rows")


class HTMLHRElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlhrelement"""

    __slots__ = ()

    align = Reflect("align")
    color = Reflect("color", null_to_empty=True)
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


class HTMLIFrameElement(HTMLElement, NavigableContainerMixin):
    """https://html.spec.whatwg.org/#htmliframeelement"""

    __slots__ = ()

    src = ReflectURL("src")
    # (TrustedHTML or DOMString): without Trusted Types the string is stored as given.
    srcdoc = Reflect("srcdoc")
    name = Reflect("name")
    sandbox = ReflectTokenList("sandbox", SANDBOX_SUPPORTED)
    allow = Reflect("allow")
    allowFullscreen = ReflectBool("allowfullscreen")
    width = Reflect("width")
    height = Reflect("height")
    referrerPolicy = ReflectEnum("referrerpolicy", REFERRER_POLICY)
    loading = ReflectEnum("loading", ("lazy", "eager"), missing="eager", invalid="eager")
    align = Reflect("align")
    scrolling = Reflect("scrolling")
    frameBorder = Reflect("frameborder")
    longDesc = ReflectURL("longdesc")
    marginHeight = Reflect("marginheight", null_to_empty=True)
    marginWidth = Reflect("marginwidth", null_to_empty=True)


class HTMLImageElement(HTMLElement, ImageMixin, ImageDecodeMixin):
    """https://html.spec.whatwg.org/#htmlimageelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    alt = Reflect("alt")
    src = ReflectURL("src")
    srcset = Reflect("srcset", usv=True)
    sizes = Reflect("sizes")
    crossOrigin = ReflectEnum("crossorigin", CORS_SETTINGS, invalid="anonymous", nullable=True)
    useMap = Reflect("usemap")
    isMap = ReflectBool("ismap")
    controls = ReflectBool("controls")
    width = ReflectUnsigned("width")
    height = ReflectUnsigned("height")
    referrerPolicy = ReflectEnum("referrerpolicy", REFERRER_POLICY)
    decoding = ReflectEnum("decoding", ("sync", "async", "auto"), missing="auto", invalid="auto")
    loading = ReflectEnum("loading", ("lazy", "eager"), missing="eager", invalid="eager")
    name = Reflect("name")
    lowsrc = ReflectURL("lowsrc")
    align = Reflect("align")
    hspace = ReflectUnsigned("hspace")
    vspace = ReflectUnsigned("vspace")
    longDesc = ReflectURL("longdesc")
    border = Reflect("border", null_to_empty=True)
    # https://html.spec.whatwg.org/#fetch-priority-attributes
    fetchPriority = ReflectEnum("fetchpriority", ("high", "low", "auto"), missing="auto", invalid="auto")


class HTMLInputElement(
    FormAssociatedMixin, InputMixin, ConstraintValidationMixin, HTMLElement, PopoverTargetAttributes, LabelsMixin
):
    """https://html.spec.whatwg.org/#htmlinputelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    accept = Reflect("accept")
    alpha = ReflectBool("alpha")
    alt = Reflect("alt")
    autocomplete = Autocomplete()  # the IDL-exposed autofill value (dom/html/forms/autofill.py)
    defaultChecked = ReflectBool("checked")
    dirName = Reflect("dirname")
    disabled = ReflectBool("disabled")
    formAction = ReflectFormAction("formaction")
    formEnctype = ReflectEnum("formenctype", FORM_ENCTYPES, invalid=URLENCODED)
    formMethod = ReflectEnum("formmethod", FORM_METHODS, invalid="get")
    formNoValidate = ReflectBool("formnovalidate")
    formTarget = Reflect("formtarget")
    height = ReflectUnsigned("height")
    max = Reflect("max")
    maxLength = ReflectNonNegative("maxlength")
    min = Reflect("min")
    minLength = ReflectNonNegative("minlength")
    multiple = ReflectBool("multiple")
    name = Reflect("name")
    pattern = Reflect("pattern")
    placeholder = Reflect("placeholder")
    readOnly = ReflectBool("readonly")
    required = ReflectBool("required")
    size = ReflectPositive("size", default=20)  # prose: limited to only positive numbers, default 20
    src = ReflectURL("src")
    step = Reflect("step")
    type = ReflectEnum("type", INPUT_TYPES, missing="text", invalid="text")
    defaultValue = Reflect("value")
    width = ReflectUnsigned("width")
    align = Reflect("align")
    useMap = Reflect("usemap")


class HTMLLIElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmllielement"""

    __slots__ = ()

    value = ReflectLong("value")
    type = Reflect("type")


class HTMLLabelElement(LabelFormMixin, HTMLElement):
    """https://html.spec.whatwg.org/#htmllabelelement"""

    __slots__ = ()

    htmlFor = Reflect("for")


class HTMLLegendElement(LegendFormMixin, HTMLElement):
    """https://html.spec.whatwg.org/#htmllegendelement"""

    __slots__ = ()

    align = Reflect("align")


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


class HTMLMapElement(HTMLElement, MapMixin):
    """https://html.spec.whatwg.org/#htmlmapelement"""

    __slots__ = ()

    name = Reflect("name")


class HTMLMarqueeElement(HTMLElement, MarqueeMixin):
    """https://html.spec.whatwg.org/#htmlmarqueeelement"""

    __slots__ = ()

    behavior = ReflectEnum("behavior", ("scroll", "slide", "alternate"), missing="scroll", invalid="scroll")
    bgColor = Reflect("bgcolor", null_to_empty=True)
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


class HTMLMeterElement(HTMLElement, LabelsMixin):
    """https://html.spec.whatwg.org/#htmlmeterelement"""

    __slots__ = ()

    value = MeterNumber("value")
    min = MeterNumber("min")
    max = MeterNumber("max")
    low = MeterNumber("low")
    high = MeterNumber("high")
    optimum = MeterNumber("optimum")


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


class HTMLObjectElement(FormAssociatedMixin, ConstraintValidationMixin, HTMLElement, NavigableContainerMixin):
    """https://html.spec.whatwg.org/#htmlobjectelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    data = ReflectURL("data")
    type = Reflect("type")
    name = Reflect("name")
    width = Reflect("width")
    height = Reflect("height")
    align = Reflect("align")
    archive = Reflect("archive")
    code = Reflect("code")
    declare = ReflectBool("declare")
    hspace = ReflectUnsigned("hspace")
    standby = Reflect("standby")
    vspace = ReflectUnsigned("vspace")
    codeBase = ReflectURL("codebase")
    codeType = Reflect("codetype")
    useMap = Reflect("usemap")
    border = Reflect("border", null_to_empty=True)


class HTMLOptGroupElement(OptGroupMixin, HTMLElement):
    """https://html.spec.whatwg.org/#htmloptgroupelement"""

    __slots__ = ()

    disabled = ReflectBool("disabled")
    label = Reflect("label")


class HTMLOptionElement(OptionFormMixin, OptionMixin, HTMLElement, OptionTextMixin):
    """https://html.spec.whatwg.org/#htmloptionelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    disabled = ReflectBool("disabled")
    defaultSelected = ReflectBool("selected")


class HTMLOutputElement(FormAssociatedMixin, OutputMixin, ConstraintValidationMixin, HTMLElement, LabelsMixin):
    """https://html.spec.whatwg.org/#htmloutputelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    htmlFor = ReflectTokenList("for")
    name = Reflect("name")
    type = type_member("output")


class HTMLParagraphElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlparagraphelement"""

    __slots__ = ()

    align = Reflect("align")


class HTMLParamElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlparamelement"""

    __slots__ = ()

    name = Reflect("name")
    value = Reflect("value")
    type = Reflect("type")
    valueType = Reflect("valuetype")


class HTMLPictureElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlpictureelement"""

    __slots__ = ()


class HTMLPreElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlpreelement"""

    __slots__ = ()

    width = ReflectLong("width")


class HTMLProgressElement(HTMLElement, ProgressPositionMixin, LabelsMixin):
    """https://html.spec.whatwg.org/#htmlprogresselement"""

    __slots__ = ()

    value = ProgressValue("value")
    max = ReflectPositiveDouble("max", default=1.0)


class HTMLQuoteElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlquoteelement"""

    __slots__ = ()

    cite = ReflectURL("cite")


class HTMLScriptElement(HTMLElement, ChildTextContentMixin, ScriptSupportsMixin):
    """https://html.spec.whatwg.org/#htmlscriptelement"""

    __slots__ = ("_force_async",)  # https://html.spec.whatwg.org/#script-force-async

    def _init_wrapper(self, document: Any, lx: Any, names: Any = None) -> None:
        super()._init_wrapper(document, lx, names)
        # "force async" starts true for created elements and false for parser-created ones;
        # wrappers are made lazily, and only parser-created scripts are already in a tree
        # when first wrapped.
        self._force_async = lx.getparent() is None

    @property
    def async_(self) -> bool:
        """https://html.spec.whatwg.org/#dom-script-async"""
        return self._force_async or self.hasAttribute("async")

    @async_.setter
    def async_(self, value: Any) -> None:
        self._force_async = False
        if to_boolean(value):
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


class HTMLSelectElement(FormAssociatedMixin, SelectMixin, ConstraintValidationMixin, HTMLElement, LabelsMixin):
    """https://html.spec.whatwg.org/#htmlselectelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    autocomplete = Autocomplete()  # the IDL-exposed autofill value (dom/html/forms/autofill.py)
    disabled = ReflectBool("disabled")
    multiple = ReflectBool("multiple")
    name = Reflect("name")
    required = ReflectBool("required")
    size = ReflectUnsigned("size", default=0)
    @property
    def type(self) -> str:
        """https://html.spec.whatwg.org/#dom-select-type"""
        return "select-multiple" if self.hasAttribute("multiple") else "select-one"


class HTMLSelectedContentElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlselectedcontentelement"""

    __slots__ = ()


class HTMLSlotElement(HTMLElement, SlotAssignmentMixin):
    """https://html.spec.whatwg.org/#htmlslotelement"""

    __slots__ = ("_assigned_nodes", "_manually_assigned")  # dom/nodes/slots.py

    name = Reflect("name")


class HTMLSourceElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlsourceelement"""

    __slots__ = ()

    src = ReflectURL("src")
    type = Reflect("type")
    srcset = Reflect("srcset", usv=True)
    sizes = Reflect("sizes")
    media = Reflect("media")
    width = ReflectUnsigned("width")
    height = ReflectUnsigned("height")


class HTMLSpanElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlspanelement"""

    __slots__ = ()


class HTMLStyleElement(HTMLElement, StyleDisabledMixin):
    """https://html.spec.whatwg.org/#htmlstyleelement"""

    __slots__ = ()

    media = Reflect("media")
    blocking = ReflectTokenList("blocking", BLOCKING_SUPPORTED)
    type = Reflect("type")


class HTMLTableCaptionElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmltablecaptionelement"""

    __slots__ = ()

    align = Reflect("align")


class HTMLTableCellElement(HTMLElement, TableCellMixin):
    """https://html.spec.whatwg.org/#htmltablecellelement"""

    __slots__ = ()

    colSpan = ReflectRange("colspan", 1, 1000, default=1)
    rowSpan = ReflectRange("rowspan", 0, 65534, default=1)
    headers = Reflect("headers")
    scope = ReflectEnum("scope", ("row", "col", "rowgroup", "colgroup"))
    abbr = Reflect("abbr")
    align = Reflect("align")
    axis = Reflect("axis")
    height = Reflect("height")
    width = Reflect("width")
    ch = Reflect("char")
    chOff = Reflect("charoff")
    noWrap = ReflectBool("nowrap")
    vAlign = Reflect("valign")
    bgColor = Reflect("bgcolor", null_to_empty=True)


class HTMLTableColElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmltablecolelement"""

    __slots__ = ()

    span = ReflectRange("span", 1, 1000, default=1)
    align = Reflect("align")
    ch = Reflect("char")
    chOff = Reflect("charoff")
    vAlign = Reflect("valign")
    width = Reflect("width")


class HTMLTableElement(HTMLElement, TableMixin):
    """https://html.spec.whatwg.org/#htmltableelement"""

    __slots__ = ()

    align = Reflect("align")
    border = Reflect("border", null_to_empty=True)
    frame = Reflect("frame")
    rules = Reflect("rules")
    summary = Reflect("summary")
    width = Reflect("width")
    bgColor = Reflect("bgcolor", null_to_empty=True)
    cellPadding = Reflect("cellpadding", null_to_empty=True)
    cellSpacing = Reflect("cellspacing", null_to_empty=True)


class HTMLTableRowElement(HTMLElement, TableRowMixin):
    """https://html.spec.whatwg.org/#htmltablerowelement"""

    __slots__ = ()

    align = Reflect("align")
    ch = Reflect("char")
    chOff = Reflect("charoff")
    vAlign = Reflect("valign")
    bgColor = Reflect("bgcolor", null_to_empty=True)


class HTMLTableSectionElement(HTMLElement, TableSectionMixin):
    """https://html.spec.whatwg.org/#htmltablesectionelement"""

    __slots__ = ()

    align = Reflect("align")
    ch = Reflect("char")
    chOff = Reflect("charoff")
    vAlign = Reflect("valign")


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


class HTMLTextAreaElement(FormAssociatedMixin, TextAreaMixin, ConstraintValidationMixin, HTMLElement, LabelsMixin):
    """https://html.spec.whatwg.org/#htmltextareaelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    autocomplete = Autocomplete()  # the IDL-exposed autofill value (dom/html/forms/autofill.py)
    cols = ReflectPositiveWithFallback("cols", default=20)
    dirName = Reflect("dirname")
    disabled = ReflectBool("disabled")
    maxLength = ReflectNonNegative("maxlength")
    minLength = ReflectNonNegative("minlength")
    name = Reflect("name")
    placeholder = Reflect("placeholder")
    readOnly = ReflectBool("readonly")
    required = ReflectBool("required")
    rows = ReflectPositiveWithFallback("rows", default=2)
    wrap = Reflect("wrap")
    type = type_member("textarea")


class HTMLTimeElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmltimeelement"""

    __slots__ = ()

    dateTime = Reflect("datetime")


class HTMLTitleElement(HTMLElement, ChildTextContentMixin):
    """https://html.spec.whatwg.org/#htmltitleelement"""

    __slots__ = ()


class HTMLTrackElement(HTMLElement, TrackMixin, TrackObjectMixin):
    """https://html.spec.whatwg.org/#htmltrackelement"""

    __slots__ = ()

    kind = ReflectEnum("kind", TRACK_KINDS, missing="subtitles", invalid="metadata")
    src = ReflectURL("src")
    srclang = Reflect("srclang")
    label = Reflect("label")
    default = ReflectBool("default")


class HTMLUListElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlulistelement"""

    __slots__ = ()

    compact = ReflectBool("compact")
    type = Reflect("type")


class HTMLUnknownElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlunknownelement"""

    __slots__ = ()


class HTMLVideoElement(HTMLMediaElement, VideoSizeMixin):
    """https://html.spec.whatwg.org/#htmlvideoelement"""

    __slots__ = ()

    width = ReflectUnsigned("width")
    height = ReflectUnsigned("height")
    poster = ReflectURL("poster")
    playsInline = ReflectBool("playsinline")


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
for _cls in list(globals().values()):
    if isinstance(_cls, type) and _cls.__module__ == __name__:
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
    register_element_class(HTML_NAMESPACE, None, _DefaultHTMLElement)
    for local_name, cls in ELEMENT_INTERFACES.items():
        register_element_class(HTML_NAMESPACE, local_name, cls)


class _DefaultHTMLElement(HTMLUnknownElement):
    """Unknown local names: HTMLUnknownElement, or HTMLElement for custom element names.  The
    core's table has one default class per namespace, so this class rebinds itself on creation."""

    __slots__ = ()

    def _init_wrapper(self, document: Any, lx: Any, names: Any = None) -> None:
        super()._init_wrapper(document, lx, names)
        if "-" in self._local:
            self.__class__ = _CustomHTMLElement
        else:
            self.__class__ = HTMLUnknownElement


class _CustomHTMLElement(HTMLElement):
    __slots__ = ()


register()
