"""Window and Location: the small part of a browsing context a parsed page can honour
(https://html.spec.whatwg.org/#the-window-object, https://html.spec.whatwg.org/#the-location-interface).

A document from :func:`dom.parse_html` stands for a page loaded into a top-level browsing
context, so it gets a :class:`Window` (``document.defaultView``) and a :class:`Location`
(``document.location``, the same object as ``window.location``).  Documents a browser creates
without a browsing context -- ``DOMParser``, ``createDocument``/``createHTMLDocument``,
``new Document()``, template contents, clones -- have neither (both None), as in browsers.

There is no networking, so navigation is limited to what needs none:

* a navigation to the document's URL with a different fragment is a fragment navigation
  (https://html.spec.whatwg.org/#navigate-fragid): the document's URL is updated, so
  ``location.hash = "x"``, ``location.href = "#x"`` and ``location.assign("#x")`` work;
  no ``hashchange`` event is fired (there is no event loop to queue it on) and nothing scrolls;
* every other navigation (another URL, ``reload()``, a ``search``/``pathname``/... setter that
  changes more than the fragment) would load a new document: it raises NotSupportedError, after
  the URL parsing steps (so an unparsable URL is still the spec's SyntaxError).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from html_infra.domstringlist import DOMStringList
from html_infra.infra import (
    forgiving_base64_decode,
    forgiving_base64_encode,
    is_isomorphic_string,
    isomorphic_decode,
    isomorphic_encode,
)
from webidl import DOMSyntaxError, InvalidCharacterError, NotSupportedError
from webidl.operations import attributes, implemented_in, operations

from .. import registry
from ..event_handlers import GlobalEventHandlers, WindowEventHandlers, activate_parsed_window_handlers
from ..events import EventListener, EventTarget, EventTargetState
from ..hr_time import Performance
from ..reflection import document_base_url
from .navigator import Navigator

if TYPE_CHECKING:
    from collections.abc import Callable

    from html_infra.url import URL, URLRecord

    from ..cssom.computed_style import ComputedStyleDeclaration
    from ..cssom.media_query_list import MediaQueryList
    from ..nodes.document import Document
    from ..nodes.element import Element
    from ..selection import Selection

__all__ = ["Window", "Location", "create_window"]


def _computed_style_steps() -> Callable[..., ComputedStyleDeclaration]:
    from ..cssom.computed_style import getComputedStyle  # lazy: the cascade loads at the first call

    return getComputedStyle


def create_window(document: Document) -> Window:
    """Give *document* a browsing-context-like Window (its relevant global object)."""
    window = Window._new(document)
    document._window = window
    return window


@operations("WindowOrWorkerGlobalScope", "btoa", "atob")
@operations("Window", "getComputedStyle", "matchMedia")
@attributes("Window", "name")
class Window(GlobalEventHandlers, WindowEventHandlers, EventTarget):
    """https://html.spec.whatwg.org/#the-window-object -- a top-level window with one document.

    ``window``, ``self``, ``frames``, ``top`` and ``parent`` are the window itself (there is no
    WindowProxy distinction and no nested browsing contexts); it is the parent of its document
    in the event path (https://html.spec.whatwg.org/#the-window-object:get-the-parent), except
    for ``load`` events.  It has the GlobalEventHandlers and WindowEventHandlers attributes
    (``onload``, ``onerror``, ``onhashchange``...; dom.event_handlers)."""

    __slots__ = ("_document", "_location", "_name", "_navigator", "_performance", "_event_target_state")
    _document: Document
    # [SameObject] attributes, made at their first use (every page parsed gets a Window)
    _location: Location | None
    _name: str
    _navigator: Navigator | None
    _performance: Performance | None

    def __init__(self) -> None:
        raise TypeError("Illegal constructor: a Window comes with a parsed document (document.defaultView)")

    @classmethod
    def _new(cls, document: Document) -> Window:
        window = cls.__new__(cls)
        window._document = document
        window._location = window._navigator = window._performance = None
        window._name = ""
        return window

    def _event_state_created(self, state: EventTargetState) -> None:
        super()._event_state_created(state)
        # the body's (or frameset's) parsed onload="..." and the like are this Window's handlers
        activate_parsed_window_handlers(self, self._document)

    def _event_listeners_for_dispatch(self) -> list[EventListener] | None:
        return self._event_state().listeners  # the parsed body handler attributes take part too

    @property
    def document(self) -> Document:
        """https://html.spec.whatwg.org/#dom-document-2"""
        return self._document

    @property
    def window(self) -> Window:
        """https://html.spec.whatwg.org/#dom-window"""
        return self

    self = frames = top = parent = window  # https://html.spec.whatwg.org/#dom-self and siblings

    @property
    def length(self) -> int:
        """https://html.spec.whatwg.org/#dom-length -- no child navigables."""
        return 0

    @property
    def opener(self) -> None:
        """https://html.spec.whatwg.org/#dom-opener"""
        return None

    @property
    def frameElement(self) -> None:
        """https://html.spec.whatwg.org/#dom-frameelement -- a top-level window."""
        return None

    @property
    def closed(self) -> bool:
        """https://html.spec.whatwg.org/#dom-window-closed"""
        return False

    @property
    def name(self) -> str:
        """https://html.spec.whatwg.org/#dom-name (the navigable's target name)"""
        return self._name

    @name.setter
    def name(self, value: str) -> None:
        self._name = value

    @property
    def navigator(self) -> Navigator:
        """https://html.spec.whatwg.org/#dom-navigator ([SameObject])"""
        if self._navigator is None:
            self._navigator = Navigator._new()
        return self._navigator

    @property
    def performance(self) -> Performance:
        """https://w3c.github.io/hr-time/#the-performance-attribute (dom.hr_time)"""
        if self._performance is None:
            self._performance = Performance._new()
        return self._performance

    @property
    def location(self) -> Location:
        """https://html.spec.whatwg.org/#dom-location ([PutForwards=href])"""
        if self._location is None:
            self._location = Location._new(self)
        return self._location

    @location.setter
    def location(self, value: Any) -> None:
        self.location.href = value

    def getSelection(self) -> Selection | None:
        """https://w3c.github.io/selection-api/#dom-window-getselection: the associated
        Document's (dom.selection)."""
        return self._document.getSelection()

    def matchMedia(self, query: str) -> MediaQueryList:  # noqa: N802 -- IDL name
        """https://drafts.csswg.org/cssom-view/#dom-window-matchmedia (dom/cssom/media_query_list.py)"""
        from ..cssom.media_query_list import match_media  # lazy: the CSSOM loads when first used

        return match_media(self._document, query)

    @implemented_in(_computed_style_steps)
    def getComputedStyle(self, elt: Element, pseudoElt: str | None = None) -> ComputedStyleDeclaration:  # noqa: N802, N803
        """https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle, without layout: the steps
        of dom/cssom/computed_style.py, which the binding calls directly once loaded."""
        return _computed_style_steps()(self, elt, pseudoElt)

    def btoa(self, data: str) -> str:
        """https://html.spec.whatwg.org/#dom-btoa"""
        # Step 1: a code point above U+00FF is an InvalidCharacterError.
        if not is_isomorphic_string(data):
            raise InvalidCharacterError("btoa: the string has a character outside Latin-1")
        # Steps 2-3: each code point as one byte, forgiving-base64 encoded.
        return forgiving_base64_encode(isomorphic_encode(data))

    def atob(self, data: str) -> str:
        """https://html.spec.whatwg.org/#dom-atob"""
        # Steps 1-2: forgiving-base64 decode; failure is an InvalidCharacterError.
        decoded = forgiving_base64_decode(data)
        if decoded is None:
            raise InvalidCharacterError("atob: the string is not correctly encoded base64")
        # Step 3: the bytes as code points (a ByteString).
        return isomorphic_decode(decoded)

    def __repr__(self) -> str:
        return f"<Window {self._document.URL}>"


@operations("Location", "assign", "replace")
@attributes("Location", "href", "protocol", "host", "hostname", "port", "pathname", "search", "hash")
class Location:
    """https://html.spec.whatwg.org/#location -- the URL parts of the document's URL.

    ``str(location)`` is ``href`` (the stringifier).  Navigation: see the module docstring."""

    __slots__ = ("_window", "_ancestor_origins")
    _window: Window
    _ancestor_origins: DOMStringList

    def __init__(self) -> None:
        raise TypeError("Illegal constructor: use document.location or window.location")

    @classmethod
    def _new(cls, window: Window) -> Location:
        location = cls.__new__(cls)
        location._window = window
        location._ancestor_origins = DOMStringList()
        return location

    # https://html.spec.whatwg.org/#concept-location-url
    def _url(self) -> URLRecord:
        # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
        from html_infra.url.parser import basic_url_parse

        record = basic_url_parse(self._window._document.URL)
        assert record is not None  # a document's URL is always a valid URL
        return record

    def _parse(self, url: str) -> URLRecord:
        """Encoding-parse *url* relative to the document (the entry settings object's API base
        URL), SyntaxError on failure (assign, replace and the href setter)."""

        # lazy: as in _url
        from html_infra.url.parser import parse_url

        document = self._window._document
        record = parse_url(url, document_base_url(document), document.characterSet)
        if record is None:
            raise DOMSyntaxError(f"{url!r} is not a valid URL")
        return record

    def _navigate(self, url: URLRecord) -> None:
        """https://html.spec.whatwg.org/#location-object-navigate, reduced to the navigations
        that need no fetch: https://html.spec.whatwg.org/#navigate step "navigate to a
        fragment" (the URL equals the current one with fragments excluded and has a fragment)."""
        # lazy: as in _url
        from html_infra.url.record import serialize_url

        current = self._url()
        if url.fragment is not None and serialize_url(url, exclude_fragment=True) == serialize_url(
            current, exclude_fragment=True
        ):
            # https://html.spec.whatwg.org/#navigate-fragid: the new history entry's URL
            # becomes the document's URL.
            self._window._document._url = serialize_url(url)
            return
        raise NotSupportedError(
            f"navigating to {serialize_url(url)!r} would load a new document, and webdom does no networking"
        )

    # -- href -----------------------------------------------------------------------------------

    @property
    def href(self) -> str:
        """https://html.spec.whatwg.org/#dom-location-href"""
        return self._window._document.URL

    @href.setter
    def href(self, value: str) -> None:
        self._navigate(self._parse(value))

    def toString(self) -> str:
        return self.href

    __str__ = toString

    def __repr__(self) -> str:
        return f"<Location {self.href}>"

    @property
    def origin(self) -> str:
        """https://html.spec.whatwg.org/#dom-location-origin"""
        return self._api().origin

    @property
    def ancestorOrigins(self) -> DOMStringList:
        """https://html.spec.whatwg.org/#dom-location-ancestororigins -- a top-level document: empty."""
        return self._ancestor_origins

    # -- URL parts: getters as the URL class's, setters edit a copy and navigate ------------------

    def _api(self) -> URL:
        """The URL class over a copy of this's url: its getters are Location's getters, and its
        host, hostname, port, pathname and search setters are Location's steps on copyURL."""
        # lazy: as in _url
        from html_infra.url.api import URL

        return URL._from_record(self._url())

    @property
    def protocol(self) -> str:
        """https://html.spec.whatwg.org/#dom-location-protocol"""
        return self._api().protocol

    @protocol.setter
    def protocol(self, value: str) -> None:
        # lazy: as in _url
        from html_infra.url.parser import basic_url_parse

        copy_url = self._url()
        if basic_url_parse(value + ":", url=copy_url, state_override="scheme start state") is None:
            raise DOMSyntaxError(f"{value!r} is not a valid scheme")
        if copy_url.scheme not in ("http", "https"):
            return
        self._navigate(copy_url)

    def _set_part(self, part: str, value: str) -> None:
        """https://html.spec.whatwg.org/#dom-location-host and the hostname, port, pathname and
        search setters: the URL setter's steps on copyURL (returning early where it does:
        an opaque path; no host for port), then Location-object navigate to copyURL."""
        copy = self._api()
        url = copy.record
        if (part == "port" and url.cannot_have_username_password_port) or (
            part in ("host", "hostname", "pathname") and url.has_opaque_path
        ):
            return  # the setter's early return, before any navigation
        setattr(copy, part, value)
        self._navigate(url)

    @property
    def host(self) -> str:
        """https://html.spec.whatwg.org/#dom-location-host"""
        return self._api().host

    @host.setter
    def host(self, value: str) -> None:
        self._set_part("host", value)

    @property
    def hostname(self) -> str:
        """https://html.spec.whatwg.org/#dom-location-hostname"""
        return self._api().hostname

    @hostname.setter
    def hostname(self, value: str) -> None:
        self._set_part("hostname", value)

    @property
    def port(self) -> str:
        """https://html.spec.whatwg.org/#dom-location-port"""
        return self._api().port

    @port.setter
    def port(self, value: str) -> None:
        self._set_part("port", value)

    @property
    def pathname(self) -> str:
        """https://html.spec.whatwg.org/#dom-location-pathname"""
        return self._api().pathname

    @pathname.setter
    def pathname(self, value: str) -> None:
        self._set_part("pathname", value)

    @property
    def search(self) -> str:
        """https://html.spec.whatwg.org/#dom-location-search"""
        return self._api().search

    @search.setter
    def search(self, value: str) -> None:
        self._set_part("search", value)

    @property
    def hash(self) -> str:
        """https://html.spec.whatwg.org/#dom-location-hash"""
        return self._api().hash

    @hash.setter
    def hash(self, value: str) -> None:
        # lazy: as in _url
        from html_infra.url.parser import basic_url_parse

        copy_url = self._url()
        this_fragment = copy_url.fragment
        copy_url.fragment = ""
        basic_url_parse(value.removeprefix("#"), url=copy_url, state_override="fragment state")
        if copy_url.fragment == this_fragment:  # step 6: no navigation to the same fragment
            return
        self._navigate(copy_url)

    # -- methods ----------------------------------------------------------------------------------

    def assign(self, url: str) -> None:
        """https://html.spec.whatwg.org/#dom-location-assign"""
        self._navigate(self._parse(url))

    def replace(self, url: str) -> None:
        """https://html.spec.whatwg.org/#dom-location-replace"""
        self._navigate(self._parse(url))

    def reload(self) -> None:
        """https://html.spec.whatwg.org/#dom-location-reload -- would fetch the document again."""
        raise NotSupportedError("reloading would fetch the document again, and webdom does no networking")

# The node tree, below this floor, reaches the Window interface and create_window through dom.registry.
registry.window_interface = Window
registry.create_window = create_window
