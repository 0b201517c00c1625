"""Members whose real behaviour needs a browser facility, given the value the spec defines for
a document with no browsing context, no rendering, no fetching and no media playback -- or a
clear :class:`webidl.NotSupportedError` where no such value exists.

Defined here:

- ``innerText``/``outerText`` getters: a non-CSS user agent returns the descendant text content
  (https://html.spec.whatwg.org/#dom-innertext); the ``innerText`` setter is implemented fully.
- ``accessKeyLabel``: "" (no access key is ever assigned).
- img ``naturalWidth``/``naturalHeight`` 0, ``currentSrc`` "", ``complete`` per the spec with a
  current request that never leaves "unavailable" (images are not fetched).
- iframe/frame/object ``contentDocument``/``contentWindow``/``getSVGDocument()``: None (no
  content navigable); embed ``getSVGDocument()``: None.
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

from typing import Any

from html_infra.infra import HTML_NAMESPACE
from webidl import NotSupportedError, to_dom_string

from ..collections import HTMLCollection

__all__ = [
    "InnerTextMixin", "ImageMixin", "NavigableContainerMixin", "CanvasMixin", "MediaMixin", "TrackMixin",
    "MapMixin", "DataListMixin", "ProgressPositionMixin", "ScriptSupportsMixin", "type_member",
]


class InnerTextMixin:
    """https://html.spec.whatwg.org/#the-innertext-idl-attribute"""

    __slots__ = ()

    @property
    def innerText(self) -> str:  # noqa: N802
        # "If this is not being rendered or if the user agent is a non-CSS user agent, then
        # return this's descendant text content."
        return self.textContent or ""  # type: ignore[attr-defined]

    @innerText.setter
    def innerText(self, value: Any) -> None:  # noqa: N802
        """https://html.spec.whatwg.org/#set-the-inner-text-steps"""
        fragment = _rendered_text_fragment(to_dom_string(value), self.ownerDocument)  # type: ignore[attr-defined]
        self.textContent = ""  # type: ignore[attr-defined]
        self.appendChild(fragment)  # type: ignore[attr-defined]

    @property
    def outerText(self) -> str:  # noqa: N802
        return self.textContent or ""  # type: ignore[attr-defined]

    @outerText.setter
    def outerText(self, value: Any) -> None:  # noqa: N802
        raise NotSupportedError("setting outerText is not implemented")

    @property
    def accessKeyLabel(self) -> str:  # noqa: N802
        """https://html.spec.whatwg.org/#dom-accesskeylabel -- no assigned access key."""
        return ""


def _rendered_text_fragment(text: str, document: Any) -> Any:
    """https://html.spec.whatwg.org/#rendered-text-fragment -- Text nodes with a br for each
    line break (CRLF, CR or LF)."""
    fragment = document.createDocumentFragment()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for i, line in enumerate(lines):
        if i:
            fragment.appendChild(document.createElement("br"))
        if line:
            fragment.appendChild(document.createTextNode(line))
    return fragment


class ImageMixin:
    """https://html.spec.whatwg.org/#htmlimageelement members that depend on fetching."""

    __slots__ = ()

    naturalWidth = property(lambda self: 0, doc="https://html.spec.whatwg.org/#dom-img-naturalwidth")
    naturalHeight = property(lambda self: 0, doc="https://html.spec.whatwg.org/#dom-img-naturalheight")
    currentSrc = property(lambda self: "", doc="https://html.spec.whatwg.org/#dom-img-currentsrc")

    @property
    def complete(self) -> bool:
        """https://html.spec.whatwg.org/#dom-img-complete (the current request stays unavailable)."""
        src = self.getAttribute("src")  # type: ignore[attr-defined]
        srcset = self.getAttribute("srcset")  # type: ignore[attr-defined]
        return (src is None and srcset is None) or (srcset is None and src == "")


class NavigableContainerMixin:
    """iframe, frame, object: no content navigable, so no nested document or window."""

    __slots__ = ()

    contentDocument = property(lambda self: None, doc="https://html.spec.whatwg.org/#dom-iframe-contentdocument")
    contentWindow = property(lambda self: None, doc="https://html.spec.whatwg.org/#dom-iframe-contentwindow")

    def getSVGDocument(self) -> None:  # noqa: N802
        """https://html.spec.whatwg.org/#dom-iframe-getsvgdocument"""
        return None


class CanvasMixin:
    """https://html.spec.whatwg.org/#htmlcanvaselement (no rendering contexts)."""

    __slots__ = ()

    def getContext(self, contextId: Any, options: Any = None) -> None:  # noqa: N802, N803
        """https://html.spec.whatwg.org/#dom-canvas-getcontext: null for unsupported types."""
        to_dom_string(contextId)
        return None

    def toDataURL(self, type: Any = "image/png", quality: Any = None) -> str:  # noqa: N802, A002
        """https://html.spec.whatwg.org/#dom-canvas-todataurl"""
        if self.width == 0 or self.height == 0:  # type: ignore[attr-defined]
            return "data:,"
        raise NotSupportedError("canvas bitmaps cannot be encoded here (no rendering)")

    def toBlob(self, callback: Any, type: Any = "image/png", quality: Any = None) -> None:  # noqa: N802, A002
        raise NotSupportedError("canvas bitmaps cannot be encoded here (no rendering)")

    def transferControlToOffscreen(self) -> None:  # noqa: N802
        raise NotSupportedError("OffscreenCanvas is not available")


class MediaMixin:
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

    networkState = property(lambda self: 0, doc="https://html.spec.whatwg.org/#dom-media-networkstate")
    readyState = property(lambda self: 0, doc="https://html.spec.whatwg.org/#dom-media-readystate")
    error = property(lambda self: None, doc="https://html.spec.whatwg.org/#dom-media-error")
    currentSrc = property(lambda self: "", doc="https://html.spec.whatwg.org/#dom-media-currentsrc")
    paused = property(lambda self: True, doc="https://html.spec.whatwg.org/#dom-media-paused")
    seeking = property(lambda self: False, doc="https://html.spec.whatwg.org/#dom-media-seeking")
    ended = property(lambda self: False, doc="https://html.spec.whatwg.org/#dom-media-ended")

    def canPlayType(self, type: Any) -> str:  # noqa: N802, A002
        """https://html.spec.whatwg.org/#dom-navigator-canplaytype: "" = cannot play."""
        to_dom_string(type)
        return ""

    def load(self) -> None:
        raise NotSupportedError("media loading needs a browser")

    def play(self) -> None:
        raise NotSupportedError("media playback needs a browser")


class TrackMixin:
    """https://html.spec.whatwg.org/#htmltrackelement (the track is never loaded)."""

    __slots__ = ()

    NONE = 0
    LOADING = 1
    LOADED = 2
    ERROR = 3
    readyState = property(lambda self: 0, doc="https://html.spec.whatwg.org/#dom-track-readystate")


def _cached_collection(element: Any, key: str, names: tuple[str, ...]) -> HTMLCollection:
    found = element.__dict__.get(key)
    if found is None:
        found = element.__dict__[key] = HTMLCollection(
            element, lambda e: e._ns == HTML_NAMESPACE and e.localName in names
        )
    return found


class MapMixin:
    __slots__ = ()

    @property
    def areas(self) -> HTMLCollection:
        """https://html.spec.whatwg.org/#dom-map-areas ([SameObject])"""
        return _cached_collection(self, "_areas", ("area",))


class DataListMixin:
    __slots__ = ()

    @property
    def options(self) -> HTMLCollection:
        """https://html.spec.whatwg.org/#dom-datalist-options ([SameObject])"""
        return _cached_collection(self, "_options", ("option",))


class ProgressPositionMixin:
    __slots__ = ()

    @property
    def position(self) -> float:
        """https://html.spec.whatwg.org/#dom-progress-position: -1 when indeterminate."""
        if not self.hasAttribute("value"):  # type: ignore[attr-defined]
            return -1.0
        return self.value / self.max  # type: ignore[attr-defined,no-any-return]


class ScriptSupportsMixin:
    __slots__ = ()

    @staticmethod
    def supports(type: Any) -> bool:  # noqa: A002
        """https://html.spec.whatwg.org/#dom-script-supports"""
        return to_dom_string(type) in ("classic", "module", "importmap", "speculationrules")


def type_member(value: str) -> property:
    """A read-only ``type`` returning a fixed string (fieldset, output, textarea)."""
    return property(lambda self: value, doc=f"always {value!r}")
