"""``window.matchMedia()`` (https://drafts.csswg.org/cssom-view/#dom-window-matchmedia): a
MediaQueryList whose ``matches`` follows the document's viewport (``set_viewport``), and
``change`` events (MediaQueryListEvent) when a viewport change flips it.

The standard evaluates media queries and reports changes in the event loop's "update the
rendering" step (https://drafts.csswg.org/cssom-view/#evaluate-media-queries-and-report-changes);
here ``set_viewport`` queues a task that does it, and ``matches`` answers for the viewport as it
is now.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, Unpack

from webidl.operations import operations

from ..css.media_queries import media_query_list_matches, parse_media_query_list
from ..event_handlers import EventHandlerAttribute
from ..events import Event, EventListenerCallback, EventTarget, fire_event
from ..tasks import queue_a_task
from .document_style_sheets import on_viewport_change, viewport_of

if TYPE_CHECKING:
    from webidl.dictionary_types import MediaQueryListEventInit

__all__ = ["MediaQueryList", "MediaQueryListEvent", "match_media"]


@operations("MediaQueryListEvent", "__init__")
class MediaQueryListEvent(Event):
    """https://drafts.csswg.org/cssom-view/#mediaquerylistevent"""

    __slots__ = ("_media", "_matches")
    _media: str  # (converted with the dictionary)
    _matches: bool
    _init_dictionary = "MediaQueryListEventInit"

    def __init__(self, type: str, eventInitDict: MediaQueryListEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[MediaQueryListEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._media = dictionary["media"]
        self._matches = dictionary["matches"]

    @property
    def media(self) -> str:
        """https://drafts.csswg.org/cssom-view/#dom-mediaquerylistevent-media"""
        return self._media

    @property
    def matches(self) -> bool:
        """https://drafts.csswg.org/cssom-view/#dom-mediaquerylistevent-matches"""
        return self._matches


@operations("MediaQueryList", "addListener", "removeListener")
class MediaQueryList(EventTarget):
    """https://drafts.csswg.org/cssom-view/#the-mediaquerylist-interface"""

    __slots__ = ("_event_target_state", "_document", "_queries", "_reported", "__weakref__")
    _document: Any
    _queries: list[str]
    _reported: bool

    def __init__(self) -> None:
        raise TypeError("Illegal constructor: use window.matchMedia()")

    @classmethod
    def _new(cls, document: Any, queries: list[str]) -> MediaQueryList:
        mql = cls.__new__(cls)
        mql._document = document
        mql._queries = queries
        mql._reported = mql.matches  # the matches state last reported
        return mql

    @property
    def media(self) -> str:
        """https://drafts.csswg.org/cssom-view/#dom-mediaquerylist-media: the media query list,
        serialized (https://drafts.csswg.org/cssom/#serialize-a-media-query-list)."""
        return ", ".join(self._queries)

    @property
    def matches(self) -> bool:
        """https://drafts.csswg.org/cssom-view/#dom-mediaquerylist-matches, for the viewport as
        it is now."""
        return media_query_list_matches(self._queries, viewport_of(self._document))

    def addListener(self, callback: EventListenerCallback | None) -> None:  # noqa: N802 -- IDL name
        """https://drafts.csswg.org/cssom-view/#dom-mediaquerylist-addlistener (legacy)"""
        if callback is not None:
            self.addEventListener("change", callback)

    def removeListener(self, callback: EventListenerCallback | None) -> None:  # noqa: N802 -- IDL name
        """https://drafts.csswg.org/cssom-view/#dom-mediaquerylist-removelistener (legacy)"""
        if callback is not None:
            self.removeEventListener("change", callback)

    onchange = EventHandlerAttribute()

    def __repr__(self) -> str:
        return f"<MediaQueryList {self.media!r} matches={self.matches}>"


# document -> its MediaQueryList objects, in creation order (weakly: one a script dropped reports nothing)
_LISTS: weakref.WeakKeyDictionary[Any, list[weakref.ref[MediaQueryList]]] = weakref.WeakKeyDictionary()


def match_media(document: Any, query: str) -> MediaQueryList:
    """https://drafts.csswg.org/cssom-view/#dom-window-matchmedia: a new MediaQueryList of
    *query*, parsed as a media query list, for *document*."""
    mql = MediaQueryList._new(document, parse_media_query_list(query))
    lists = _LISTS.setdefault(document, [])
    lists[:] = [ref for ref in lists if ref() is not None]
    lists.append(weakref.ref(mql))
    return mql


def _report_changes(document: Any) -> None:
    """https://drafts.csswg.org/cssom-view/#evaluate-media-queries-and-report-changes, in a task."""
    lists = _LISTS.get(document)
    if not lists:
        return

    def report() -> None:
        for ref in list(lists):
            mql = ref()
            if mql is not None and mql.matches != mql._reported:
                mql._reported = mql.matches
                fire_event("change", mql, MediaQueryListEvent, media=mql.media, matches=mql._reported)

    queue_a_task(report)


on_viewport_change.append(_report_changes)
