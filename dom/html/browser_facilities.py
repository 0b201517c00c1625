"""Members whose real behaviour needs a browser facility, given the value the spec defines for
a document with no browsing context, no rendering, no fetching and no media playback -- or a
clear :class:`webidl.NotSupportedError` where no such value exists.

Defined here:

- (``innerText``/``outerText`` live in :mod:`.element_text`, re-exported here.)
- ``accessKeyLabel``: "" (no access key is ever assigned).
- img ``naturalWidth``/``naturalHeight`` 0, ``currentSrc`` "", ``complete`` per the spec with a
  current request that never leaves "unavailable" (images are not fetched).
- iframe/frame/object ``contentDocument``/``contentWindow``/``getSVGDocument()``: None (no
  content navigable) unless the document has a loader the user gave (:mod:`dom.loader`);
  embed ``getSVGDocument()``: None.
- canvas ``getContext()``: None (no context type is supported); ``toDataURL()`` of a 0-sized
  canvas is "data:,", otherwise, like ``toBlob()`` and ``transferControlToOffscreen()``, raises
  NotSupportedError (no bitmap encoder).
- media elements: the NETWORK_*/HAVE_* constants, ``networkState`` NETWORK_EMPTY,
  ``readyState`` HAVE_NOTHING, ``error`` None, ``currentSrc`` "", ``paused`` True,
  ``canPlayType()`` "" (nothing can be played); ``play()``/``load()`` raise NotSupportedError.
- track: NONE/LOADING/LOADED/ERROR and ``readyState`` NONE.
- map ``areas``, datalist ``options`` (live collections), progress ``position``, script
  ``supports()``, and the ``type`` of fieldset/output/textarea/select.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn

from html_infra.infra import HTML_NAMESPACE
from html_infra.microsyntaxes import parse_integer
from webidl import (
    EncodingError,
    IndexSizeError,
    NotSupportedError,
    to_dom_string,
)
from webidl.attribute_getters import getter
from webidl.operations import attributes, operations

from ..collections import HTMLCollection
from ..event_handlers import EventHandlerAttribute
from ..events import EventTarget
from ..nodes.slots import assigned_nodes, find_flattened_slottables, manual_assign
from .element_text import InnerTextMixin

if TYPE_CHECKING:
    from webidl.dictionary_types import AssignedNodesOptions

    from ..nodes.character_data import Text
    from ..nodes.document import Document
    from ..nodes.element import Element
    from ..nodes.element import Element as _ElementBase  # what the mixins below are put beside
    from .form_elements import HTMLOptionElement
    from .window import Window
else:
    _ElementBase = object

__all__ = [
    "InnerTextMixin", "ImageMixin", "NavigableContainerMixin", "CanvasMixin", "MediaMixin", "TrackMixin",
    "MapMixin", "DataListMixin", "ProgressPositionMixin", "ScriptSupportsMixin", "type_member", "TimeRanges",
    "AudioTrackList", "VideoTrackList", "TextTrackList",
    "VideoSizeMixin", "ImageDecodeMixin", "MarqueeMixin", "StyleDisabledMixin", "TrackObjectMixin",
    "SlotAssignmentMixin",
]


class ImageMixin(_ElementBase):
    """https://html.spec.whatwg.org/#htmlimageelement members that depend on fetching."""

    __slots__ = ()

    naturalWidth = getter[int](lambda self: 0, doc="https://html.spec.whatwg.org/#dom-img-naturalwidth")
    naturalHeight = getter[int](lambda self: 0, doc="https://html.spec.whatwg.org/#dom-img-naturalheight")
    currentSrc = getter[str](lambda self: "", doc="https://html.spec.whatwg.org/#dom-img-currentsrc")

    @property
    def complete(self) -> bool:
        """https://html.spec.whatwg.org/#dom-img-complete (the current request stays unavailable)."""
        src = self.getAttribute("src")
        srcset = self.getAttribute("srcset")
        return (src is None and srcset is None) or (srcset is None and src == "")


class NavigableContainerMixin(_ElementBase):
    """iframe, frame, object: no nested document or window, unless the element's document was
    loaded through a loader the user gave (``webdom.Session``, see :mod:`dom.loader`): an iframe
    or frame then shows the document its loader fetches for it."""

    __slots__ = ()

    @property
    def contentDocument(self) -> Document | None:  # noqa: N802
        """https://html.spec.whatwg.org/#dom-iframe-contentdocument: the nested document, null
        when there is none or when its origin is not the same as the container's document's (a
        cross-origin frame's document is hidden from the page, as in a browser)."""
        loader = self._doc._loader
        if loader is None:
            return None
        nested = loader.nested_document(self)
        if nested is None or not _same_origin(nested.URL, self._doc.URL):
            return None
        return nested

    @property
    def contentWindow(self) -> Window | None:  # noqa: N802
        """https://html.spec.whatwg.org/#dom-iframe-contentwindow: the nested document's Window
        (given only where ``contentDocument`` is: no cross-origin WindowProxy is modelled)."""
        nested = self.contentDocument
        return None if nested is None else nested.defaultView

    def getSVGDocument(self) -> None:  # noqa: N802
        """https://html.spec.whatwg.org/#dom-iframe-getsvgdocument"""
        return None


def _same_origin(nested: str, container: str) -> bool:
    """https://html.spec.whatwg.org/#same-origin of a nested document's and its container's
    document's origins.  about:blank and about:srcdoc documents inherit their creator's origin
    (https://html.spec.whatwg.org/#determining-the-origin); a file: URL's origin is opaque, the
    same as no other."""
    if nested in ("about:blank", "about:srcdoc"):
        return True
    # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
    from html_infra.url.parser import parse_url

    first, second = parse_url(nested), parse_url(container)
    return first is not None and second is not None and first.origin.same_origin(second.origin)


@operations("HTMLCanvasElement", "getContext", "toDataURL", "toBlob")
class CanvasMixin(_ElementBase):
    """https://html.spec.whatwg.org/#htmlcanvaselement (no rendering contexts)."""

    __slots__ = ()
    width: int  # reflected by the element class
    height: int

    def getContext(self, contextId: str, options: Any = None) -> None:  # noqa: N802, N803
        """https://html.spec.whatwg.org/#dom-canvas-getcontext: null for unsupported types."""
        return None

    def toDataURL(self, type: str = "image/png", quality: Any = None) -> str:  # noqa: N802, A002
        """https://html.spec.whatwg.org/#dom-canvas-todataurl"""
        if self.width == 0 or self.height == 0:
            return "data:,"
        raise NotSupportedError("canvas bitmaps cannot be encoded here (no rendering)")

    def toBlob(self, callback: Callable[..., object], type: str = "image/png",  # noqa: N802, A002
               quality: Any = None) -> None:
        raise NotSupportedError("canvas bitmaps cannot be encoded here (no rendering)")

    def transferControlToOffscreen(self) -> None:  # noqa: N802
        raise NotSupportedError("OffscreenCanvas is not available")


class MediaState:
    """What a script set on a media element that never loads (HTMLMediaElement's ``_media``)."""

    __slots__ = ("src_object", "default_start", "default_rate", "rate", "preserves_pitch", "volume", "muted")

    def __init__(self) -> None:
        self.src_object: Any = None
        self.default_start = 0.0
        self.default_rate = 1.0
        self.rate = 1.0
        self.preserves_pitch = True
        self.volume = 1.0
        self.muted: bool | None = None  # None: the default muted state (the ``muted`` attribute)


def media_state(element: Any) -> MediaState:
    try:
        value: MediaState = element._media
        return value
    except AttributeError:
        state = element._media = MediaState()
        return state


@operations("HTMLMediaElement", "canPlayType", "addTextTrack", "fastSeek")
@attributes("HTMLMediaElement", "currentTime", "volume", "muted", "defaultPlaybackRate", "playbackRate",
            "preservesPitch")
class MediaMixin(_ElementBase):
    """https://html.spec.whatwg.org/#htmlmediaelement in its initial state: nothing is ever
    fetched or played."""

    __slots__ = ()

    NETWORK_EMPTY = 0
    NETWORK_IDLE = 1
    NETWORK_LOADING = 2
    NETWORK_NO_SOURCE = 3
    HAVE_NOTHING = 0
    HAVE_METADATA = 1
    HAVE_CURRENT_DATA = 2
    HAVE_FUTURE_DATA = 3
    HAVE_ENOUGH_DATA = 4

    networkState = getter[int](lambda self: 0, doc="https://html.spec.whatwg.org/#dom-media-networkstate")
    readyState = getter[int](lambda self: 0, doc="https://html.spec.whatwg.org/#dom-media-readystate")
    error = getter[None](lambda self: None, doc="https://html.spec.whatwg.org/#dom-media-error")
    currentSrc = getter[str](lambda self: "", doc="https://html.spec.whatwg.org/#dom-media-currentsrc")
    paused = getter[bool](lambda self: True, doc="https://html.spec.whatwg.org/#dom-media-paused")
    seeking = getter[bool](lambda self: False, doc="https://html.spec.whatwg.org/#dom-media-seeking")
    ended = getter[bool](lambda self: False, doc="https://html.spec.whatwg.org/#dom-media-ended")

    def canPlayType(self, type: str) -> str:  # noqa: N802, A002
        """https://html.spec.whatwg.org/#dom-navigator-canplaytype: "" = cannot play."""
        return ""

    def load(self) -> None:
        raise NotSupportedError("media loading needs a browser")

    def play(self) -> None:
        raise NotSupportedError("media playback needs a browser")

    def pause(self) -> None:
        """https://html.spec.whatwg.org/#dom-media-pause -- already paused: nothing changes."""

    @property
    def srcObject(self) -> object:
        """https://html.spec.whatwg.org/#dom-media-srcobject (stored; never loaded)."""
        return media_state(self).src_object

    @srcObject.setter
    def srcObject(self, value: object) -> None:
        media_state(self).src_object = value

    # Nothing is buffered, played or seekable: empty time ranges.
    buffered = getter["TimeRanges"](lambda self: TimeRanges(), doc="https://html.spec.whatwg.org/#dom-media-buffered")
    played = getter["TimeRanges"](lambda self: TimeRanges(), doc="https://html.spec.whatwg.org/#dom-media-played")
    seekable = getter["TimeRanges"](lambda self: TimeRanges(), doc="https://html.spec.whatwg.org/#dom-media-seekable")
    # https://html.spec.whatwg.org/#dom-media-duration: NaN while no media data is available.
    duration = getter[float](lambda self: float("nan"), doc="https://html.spec.whatwg.org/#dom-media-duration")

    @property
    def currentTime(self) -> float:
        """https://html.spec.whatwg.org/#dom-media-currenttime -- with readyState HAVE_NOTHING,
        the default playback start position."""
        return media_state(self).default_start

    @currentTime.setter
    def currentTime(self, value: float) -> None:
        media_state(self).default_start = value

    def fastSeek(self, time: float) -> None:
        """https://html.spec.whatwg.org/#dom-media-fastseek (as setting currentTime here)."""
        self.currentTime = time

    def getStartDate(self) -> None:
        """https://html.spec.whatwg.org/#dom-media-getstartdate -- no timeline offset: an
        invalid date, given as None."""
        return None

    @property
    def defaultPlaybackRate(self) -> float:
        """https://html.spec.whatwg.org/#dom-media-defaultplaybackrate"""
        return media_state(self).default_rate

    @defaultPlaybackRate.setter
    def defaultPlaybackRate(self, value: float) -> None:
        media_state(self).default_rate = value

    @property
    def playbackRate(self) -> float:
        """https://html.spec.whatwg.org/#dom-media-playbackrate"""
        return media_state(self).rate

    @playbackRate.setter
    def playbackRate(self, value: float) -> None:
        media_state(self).rate = value

    @property
    def preservesPitch(self) -> bool:
        """https://html.spec.whatwg.org/#dom-media-preservespitch"""
        return media_state(self).preserves_pitch

    @preservesPitch.setter
    def preservesPitch(self, value: bool) -> None:
        media_state(self).preserves_pitch = value

    @property
    def volume(self) -> float:
        """https://html.spec.whatwg.org/#dom-media-volume"""
        return media_state(self).volume

    @volume.setter
    def volume(self, value: float) -> None:
        volume = value
        if not 0.0 <= volume <= 1.0:
            raise IndexSizeError(f"volume {volume} is outside the range 0.0 to 1.0")
        media_state(self).volume = volume

    @property
    def muted(self) -> bool:
        """https://html.spec.whatwg.org/#dom-media-muted -- initially whether the element had a
        ``muted`` attribute (the default muted state)."""
        found = media_state(self).muted
        return self.hasAttribute("muted") if found is None else found

    @muted.setter
    def muted(self, value: bool) -> None:
        media_state(self).muted = value

    # No media resource: no audio, video or text tracks; each list is one object per element.
    audioTracks = getter["AudioTrackList"](lambda self: self._same_object("audioTracks", AudioTrackList),
                           doc="https://html.spec.whatwg.org/#dom-media-audiotracks")
    videoTracks = getter["VideoTrackList"](lambda self: self._same_object("videoTracks", VideoTrackList),
                           doc="https://html.spec.whatwg.org/#dom-media-videotracks")
    textTracks = getter["TextTrackList"](lambda self: self._same_object("textTracks", TextTrackList),
                          doc="https://html.spec.whatwg.org/#dom-media-texttracks")

    def addTextTrack(self, kind: str, label: str = "", language: str = "") -> NoReturn:
        """https://html.spec.whatwg.org/#dom-media-addtexttrack -- TextTrack is not implemented."""
        raise NotSupportedError("TextTrack objects are not implemented (no media timeline)")


class VideoSizeMixin(_ElementBase):
    """https://html.spec.whatwg.org/#dom-video-videowidth: 0 without a video resource."""

    __slots__ = ()

    videoWidth = getter[int](lambda self: 0, doc="https://html.spec.whatwg.org/#dom-video-videowidth")
    videoHeight = getter[int](lambda self: 0, doc="https://html.spec.whatwg.org/#dom-video-videoheight")


@operations("TimeRanges", "start", "end")
class TimeRanges:
    """https://html.spec.whatwg.org/#timeranges (always empty here)."""

    __slots__ = ()

    @property
    def length(self) -> int:
        return 0

    def start(self, index: int) -> float:
        raise IndexSizeError(f"TimeRanges index {index} is out of range (the ranges are empty)")

    def end(self, index: int) -> float:
        raise IndexSizeError(f"TimeRanges index {index} is out of range (the ranges are empty)")

    def __len__(self) -> int:
        return 0


# (AudioTrackList, VideoTrackList and TextTrackList declare getTrackById alike)
@operations(("AudioTrackList", "TextTrackList", "VideoTrackList"), "getTrackById")
class _TrackList(EventTarget):
    """A media element's tracks of one kind (https://html.spec.whatwg.org/#audiotracklist-and-videotracklist-objects,
    https://html.spec.whatwg.org/#texttracklist): always empty, as no media resource is loaded."""

    __slots__ = ("_event_target_state",)

    onchange = EventHandlerAttribute()
    onaddtrack = EventHandlerAttribute()
    onremovetrack = EventHandlerAttribute()

    @property
    def length(self) -> int:
        return 0

    def getTrackById(self, id: str) -> None:  # noqa: A002
        """https://html.spec.whatwg.org/#dom-audiotracklist-gettrackbyid: no track has *id*."""
        return None

    def __len__(self) -> int:
        return 0

    def __getitem__(self, index: int) -> Any:
        raise IndexError(index)

    def __iter__(self) -> Iterator[Any]:
        return iter(())


class AudioTrackList(_TrackList):
    """https://html.spec.whatwg.org/#audiotracklist"""

    __slots__ = ()


class VideoTrackList(_TrackList):
    """https://html.spec.whatwg.org/#videotracklist"""

    __slots__ = ()

    @property
    def selectedIndex(self) -> int:
        """https://html.spec.whatwg.org/#dom-videotracklist-selectedindex: -1, no track."""
        return -1


class TextTrackList(_TrackList):
    """https://html.spec.whatwg.org/#texttracklist"""

    __slots__ = ()


class ImageDecodeMixin(_ElementBase):
    __slots__ = ()

    def decode(self) -> None:
        """https://html.spec.whatwg.org/#dom-img-decode -- the document is not fully active, so
        the promise is rejected with an EncodingError: raised here."""
        raise EncodingError("the image cannot be decoded: the document is not fully active")


@attributes("HTMLMarqueeElement", "loop")
class MarqueeMixin(_ElementBase):
    """https://html.spec.whatwg.org/#the-marquee-element-2 (never rendered: start/stop change
    nothing visible)."""

    __slots__ = ()

    @property
    def loop(self) -> int:
        """The marquee loop count: the ``loop`` attribute when a valid integer > 0, else -1."""

        try:
            value = parse_integer(self.getAttribute("loop") or "")
        except ValueError:
            return -1
        return value if value is not None and value > 0 else -1

    @loop.setter
    def loop(self, value: int) -> None:
        new = value
        if new != self.loop and (new > 0 or new == -1):
            self.setAttribute("loop", str(new))

    def start(self) -> None:
        """https://html.spec.whatwg.org/#dom-marquee-start"""

    def stop(self) -> None:
        """https://html.spec.whatwg.org/#dom-marquee-stop"""


@attributes("HTMLStyleElement", "disabled")
class StyleDisabledMixin(_ElementBase):
    """https://html.spec.whatwg.org/#dom-style-disabled: the disabled flag of the element's CSS
    style sheet (dom/cssom/document_style_sheets.py); false, and setting does nothing, when it
    has none."""

    __slots__ = ()

    @property
    def disabled(self) -> bool:
        from ..cssom.document_style_sheets import sheet_of  # lazy: the CSSOM loads when first used

        sheet = sheet_of(self)
        return False if sheet is None else sheet.disabled

    @disabled.setter
    def disabled(self, value: bool) -> None:
        from ..cssom.document_style_sheets import sheet_of  # lazy, as the getter

        flag = value
        sheet = sheet_of(self)
        if sheet is not None:
            sheet.disabled = flag


class TrackObjectMixin(_ElementBase):
    __slots__ = ()

    @property
    def track(self) -> NoReturn:
        """https://html.spec.whatwg.org/#dom-track-track -- TextTrack is not implemented."""
        raise NotSupportedError("TextTrack objects are not implemented (no media timeline)")


@operations("HTMLSlotElement", "assign", "assignedNodes", "assignedElements")
class SlotAssignmentMixin(_ElementBase):
    """https://html.spec.whatwg.org/#the-slot-element (the DOM's slots, dom/nodes/slots.py)."""

    __slots__ = ()

    def assignedNodes(self, options: AssignedNodesOptions = {}) -> list[Any]:  # noqa: B006 -- read only
        """https://html.spec.whatwg.org/#dom-slot-assignednodes"""
        if not options["flatten"]:
            return list(assigned_nodes(self))
        return find_flattened_slottables(self)

    def assignedElements(self, options: AssignedNodesOptions = {}) -> list[Any]:  # noqa: B006 -- read only
        """https://html.spec.whatwg.org/#dom-slot-assignedelements"""
        return [node for node in self.assignedNodes(options) if node.nodeType == 1]

    def assign(self, *nodes: Element | Text) -> None:
        """https://html.spec.whatwg.org/#dom-slot-assign"""

        manual_assign(self, nodes)


class TrackMixin(_ElementBase):
    """https://html.spec.whatwg.org/#htmltrackelement (the track is never loaded)."""

    __slots__ = ()

    NONE = 0
    LOADING = 1
    LOADED = 2
    ERROR = 3
    readyState = getter[int](lambda self: 0, doc="https://html.spec.whatwg.org/#dom-track-readystate")


def _cached_collection(element: Any, key: str, names: tuple[str, ...]) -> HTMLCollection[Any]:
    collection: HTMLCollection[Any] = element._same_object(key, lambda: HTMLCollection(
        element, lambda e: e._ns == HTML_NAMESPACE and e.localName in names
    ))
    return collection


class MapMixin(_ElementBase):
    __slots__ = ()

    @property
    def areas(self) -> HTMLCollection[Element]:
        """https://html.spec.whatwg.org/#dom-map-areas ([SameObject])"""
        return _cached_collection(self, "areas", ("area",))


class DataListMixin(_ElementBase):
    __slots__ = ()

    @property
    def options(self) -> HTMLCollection[HTMLOptionElement]:
        """https://html.spec.whatwg.org/#dom-datalist-options ([SameObject])"""
        return _cached_collection(self, "options", ("option",))


class ProgressPositionMixin(_ElementBase):
    __slots__ = ()
    value: float  # the element class's IDL attributes
    max: float

    @property
    def position(self) -> float:
        """https://html.spec.whatwg.org/#dom-progress-position: -1 when indeterminate."""
        if not self.hasAttribute("value"):
            return -1.0
        return self.value / self.max


class ScriptSupportsMixin(_ElementBase):
    __slots__ = ()

    @staticmethod
    def supports(type: Any) -> bool:  # noqa: A002
        """https://html.spec.whatwg.org/#dom-script-supports"""
        return to_dom_string(type) in ("classic", "module", "importmap", "speculationrules")


def type_member(value: str) -> getter[str]:
    """A read-only ``type`` returning a fixed string (fieldset, output, textarea)."""
    return getter[str](lambda self: value, doc=f"always {value!r}")
