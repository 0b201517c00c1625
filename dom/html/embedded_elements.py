"""The embedded content element interfaces (https://html.spec.whatwg.org/#embedded-content):
images, media, canvas, iframes and other navigable containers, object and embed, image maps.
Nothing is fetched, decoded or played (dom/html/browser_facilities.py)."""

from __future__ import annotations

from ..event_handlers import WindowEventHandlers
from ..reflection import (
    Reflect,
    ReflectBool,
    ReflectEnum,
    ReflectTokenList,
    ReflectUnsigned,
    ReflectURL,
)
from .attribute_tables import (
    CORS_SETTINGS,
    PRELOAD,
    REFERRER_POLICY,
    SANDBOX_SUPPORTED,
    TRACK_KINDS,
)
from .browser_facilities import (
    CanvasMixin,
    ImageDecodeMixin,
    ImageMixin,
    MapMixin,
    MediaMixin,
    NavigableContainerMixin,
    TrackMixin,
    TrackObjectMixin,
    VideoSizeMixin,
)
from .forms.owner import FormAssociatedMixin
from .forms.validity import ConstraintValidationMixin
from .html_element import HTMLElement


class HTMLMediaElement(HTMLElement, MediaMixin):
    """https://html.spec.whatwg.org/#htmlmediaelement"""

    __slots__ = ("_media",)  # what a script set: MediaState (dom/html/browser_facilities.py)

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


class HTMLVideoElement(HTMLMediaElement, VideoSizeMixin):
    """https://html.spec.whatwg.org/#htmlvideoelement"""

    __slots__ = ()

    width = ReflectUnsigned("width")
    height = ReflectUnsigned("height")
    poster = ReflectURL("poster")
    playsInline = ReflectBool("playsinline")


class HTMLCanvasElement(HTMLElement, CanvasMixin):
    """https://html.spec.whatwg.org/#htmlcanvaselement (no rendering contexts here)"""

    __slots__ = ()

    # Prose: "must reflect the respective content attributes of the same name, with the same
    # defaults" -- 300 and 150 (https://html.spec.whatwg.org/#attr-canvas-width).
    width = ReflectUnsigned("width", default=300)
    height = ReflectUnsigned("height", default=150)


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


class HTMLMapElement(HTMLElement, MapMixin):
    """https://html.spec.whatwg.org/#htmlmapelement"""

    __slots__ = ()

    name = Reflect("name")


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
    codeBase = ReflectURL("codebase", usv=False)  # [ReflectURL] DOMString codeBase
    codeType = Reflect("codetype")
    useMap = Reflect("usemap")
    border = Reflect("border", null_to_empty=True)


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


class HTMLTrackElement(HTMLElement, TrackMixin, TrackObjectMixin):
    """https://html.spec.whatwg.org/#htmltrackelement"""

    __slots__ = ()

    kind = ReflectEnum("kind", TRACK_KINDS, missing="subtitles", invalid="metadata")
    src = ReflectURL("src")
    srclang = Reflect("srclang")
    label = Reflect("label")
    default = ReflectBool("default")
