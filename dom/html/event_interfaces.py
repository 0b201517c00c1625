"""Event interfaces of the HTML Standard that ``document.createEvent`` names
(https://dom.spec.whatwg.org/#dom-document-createevent, the [[HTML]] rows) and their neighbours:
BeforeUnloadEvent, DragEvent, HashChangeEvent, MessageEvent, PageTransitionEvent, PopStateEvent
and StorageEvent; and ErrorEvent, which script error reports fire at the global (webdom.js).

The library fires none of them (there is no navigation, no drag and drop, no other window to
post a message or share storage); they exist so that pages and tests can construct, create and
dispatch them, with their init dictionaries read as the DOM defines
(https://dom.spec.whatwg.org/#defining-event-interfaces, see :class:`dom.events.Event`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Unpack

from webidl import to_boolean, to_dom_string, to_nullable_dom_string, to_usv_string, undefined
from webidl.operations import attributes, operations

from .. import registry
from ..events import CREATE_EVENT_INTERFACES, Event
from ..ui_events import MouseEvent

if TYPE_CHECKING:
    from webidl.dictionary_types import (
        DragEventInit,
        ErrorEventInit,
        HashChangeEventInit,
        MessageEventInit,
        PageTransitionEventInit,
        PopStateEventInit,
        StorageEventInit,
    )

    from .data_transfer import DataTransfer

__all__ = [
    "BeforeUnloadEvent", "DragEvent", "ErrorEvent", "HashChangeEvent", "MessageEvent", "PageTransitionEvent",
    "PopStateEvent", "StorageEvent",
]


def _nullable_usv(value: Any) -> str | None:
    return None if value is None or value is undefined else to_usv_string(value)


@attributes("BeforeUnloadEvent", "returnValue")
class BeforeUnloadEvent(Event):
    """https://html.spec.whatwg.org/#the-beforeunloadevent-interface (no constructor)."""

    __slots__ = ("_return_value",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("Illegal constructor: BeforeUnloadEvent has no constructor (use document.createEvent)")

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._return_value = ""

    @property  # type: ignore[override]  # a DOMString here, where Event's is a boolean
    def returnValue(self) -> str:
        """https://html.spec.whatwg.org/#dom-beforeunloadevent-returnvalue (legacy): a string
        that, when not empty, asks the user to confirm leaving the page."""
        return self._return_value

    @returnValue.setter
    def returnValue(self, value: str) -> None:
        self._return_value = value


@operations("DragEvent", "__init__")
class DragEvent(MouseEvent):
    """https://html.spec.whatwg.org/#the-dragevent-interface (DataTransfer is not implemented:
    ``dataTransfer`` is whatever the init dictionary gave, null by default)."""

    __slots__ = ("_data_transfer",)
    _init_dictionary = "DragEventInit"

    def __init__(self, type: str, eventInitDict: DragEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[DragEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._data_transfer = dictionary.get("dataTransfer")

    @property
    def dataTransfer(self) -> DataTransfer | None:
        """https://html.spec.whatwg.org/#dom-dragevent-datatransfer"""
        return self._data_transfer


@operations("HashChangeEvent", "__init__")
class HashChangeEvent(Event):
    """https://html.spec.whatwg.org/#the-hashchangeevent-interface"""

    __slots__ = ("_old_url", "_new_url")
    _old_url: str
    _new_url: str
    _init_dictionary = "HashChangeEventInit"

    def __init__(self, type: str, eventInitDict: HashChangeEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[HashChangeEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._new_url = dictionary["newURL"]
        self._old_url = dictionary["oldURL"]

    @property
    def oldURL(self) -> str:
        """https://html.spec.whatwg.org/#dom-hashchangeevent-oldurl"""
        return self._old_url

    @property
    def newURL(self) -> str:
        """https://html.spec.whatwg.org/#dom-hashchangeevent-newurl"""
        return self._new_url


@operations("MessageEvent", "__init__")
class MessageEvent(Event):
    """https://html.spec.whatwg.org/#the-messageevent-interface"""

    __slots__ = ("_data", "_origin", "_last_event_id", "_source", "_ports")
    _origin: str
    _last_event_id: str
    _init_dictionary = "MessageEventInit"

    def __init__(self, type: str, eventInitDict: MessageEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[MessageEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._data = dictionary.get("data")
        self._last_event_id = dictionary["lastEventId"]
        self._origin = dictionary["origin"]
        self._ports = tuple(dictionary.get("ports", ()))  # FrozenArray<MessagePort>
        self._source = dictionary.get("source")

    @property
    def data(self) -> Any:
        """https://html.spec.whatwg.org/#dom-messageevent-data"""
        return self._data

    @property
    def origin(self) -> str:
        """https://html.spec.whatwg.org/#dom-messageevent-origin"""
        return self._origin

    @property
    def lastEventId(self) -> str:
        """https://html.spec.whatwg.org/#dom-messageevent-lasteventid"""
        return self._last_event_id

    @property
    def source(self) -> object:
        """https://html.spec.whatwg.org/#dom-messageevent-source"""
        return self._source

    @property
    def ports(self) -> tuple[Any, ...]:
        """https://html.spec.whatwg.org/#dom-messageevent-ports"""
        return self._ports

    def initMessageEvent(self, type: str, bubbles: bool = False, cancelable: bool = False,  # noqa: A002
                         data: Any = None, origin: str = "", lastEventId: str = "",  # noqa: N803
                         source: object = None, ports: Iterable[object] = ()) -> None:
        """https://html.spec.whatwg.org/#dom-messageevent-initmessageevent (legacy): as
        initEvent, and the other attributes from the arguments."""
        type_ = to_dom_string(type)
        origin_ = to_usv_string(origin)
        last_event_id = to_dom_string(lastEventId)
        ports_ = tuple(ports)
        if self._dispatching:
            return
        self._initialize(type_, to_boolean(bubbles), to_boolean(cancelable))
        self._data = None if data is undefined else data
        self._origin = origin_
        self._last_event_id = last_event_id
        self._source = None if source is undefined else source
        self._ports = ports_


@operations("ErrorEvent", "__init__")
class ErrorEvent(Event):
    """https://html.spec.whatwg.org/#the-errorevent-interface: a Window's ``onerror`` handler
    gets its five members as arguments (dom.event_handlers)."""

    __slots__ = ("_message", "_filename", "_lineno", "_colno", "_error")
    _message: str
    _filename: str
    _lineno: int
    _colno: int
    _init_dictionary = "ErrorEventInit"

    def __init__(self, type: str, eventInitDict: ErrorEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[ErrorEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._colno = dictionary["colno"]
        self._error = dictionary.get("error", undefined)
        self._filename = dictionary["filename"]
        self._lineno = dictionary["lineno"]
        self._message = dictionary["message"]

    @property
    def message(self) -> str:
        """https://html.spec.whatwg.org/#dom-errorevent-message"""
        return self._message

    @property
    def filename(self) -> str:
        """https://html.spec.whatwg.org/#dom-errorevent-filename"""
        return self._filename

    @property
    def lineno(self) -> int:
        """https://html.spec.whatwg.org/#dom-errorevent-lineno"""
        return self._lineno

    @property
    def colno(self) -> int:
        """https://html.spec.whatwg.org/#dom-errorevent-colno"""
        return self._colno

    @property
    def error(self) -> Any:
        """https://html.spec.whatwg.org/#dom-errorevent-error"""
        return self._error


@operations("PageTransitionEvent", "__init__")
class PageTransitionEvent(Event):
    """https://html.spec.whatwg.org/#the-pagetransitionevent-interface"""

    __slots__ = ("_persisted",)
    _persisted: bool
    _init_dictionary = "PageTransitionEventInit"

    def __init__(self, type: str, eventInitDict: PageTransitionEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[PageTransitionEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._persisted = dictionary["persisted"]

    @property
    def persisted(self) -> bool:
        """https://html.spec.whatwg.org/#dom-pagetransitionevent-persisted"""
        return self._persisted


@operations("PopStateEvent", "__init__")
class PopStateEvent(Event):
    """https://html.spec.whatwg.org/#the-popstateevent-interface"""

    __slots__ = ("_state", "_has_ua_visual_transition")
    _has_ua_visual_transition: bool
    _init_dictionary = "PopStateEventInit"

    def __init__(self, type: str, eventInitDict: PopStateEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[PopStateEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._has_ua_visual_transition = dictionary["hasUAVisualTransition"]
        self._state = dictionary.get("state")

    @property
    def state(self) -> Any:
        """https://html.spec.whatwg.org/#dom-popstateevent-state"""
        return self._state

    @property
    def hasUAVisualTransition(self) -> bool:
        """https://html.spec.whatwg.org/#dom-popstateevent-hasuavisualtransition"""
        return self._has_ua_visual_transition


def _storage_or_null(value: Any, what: str) -> Any:
    if value is None or value is undefined:
        return None
    # webdom has no Web Storage (no localStorage/sessionStorage), so no value is a Storage.
    raise TypeError(f"{what}: {type(value).__name__} is not a Storage")


@operations("StorageEvent", "__init__")
class StorageEvent(Event):
    """https://html.spec.whatwg.org/#the-storageevent-interface"""

    __slots__ = ("_key", "_old_value", "_new_value", "_url", "_storage_area")
    _key: str | None
    _old_value: str | None
    _new_value: str | None
    _url: str
    _init_dictionary = "StorageEventInit"

    def __init__(self, type: str, eventInitDict: StorageEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[StorageEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._key = dictionary["key"]
        self._new_value = dictionary["newValue"]
        self._old_value = dictionary["oldValue"]
        self._storage_area = _storage_or_null(dictionary.get("storageArea"), "StorageEventInit.storageArea")
        self._url = dictionary["url"]

    @property
    def key(self) -> str | None:
        """https://html.spec.whatwg.org/#dom-storageevent-key"""
        return self._key

    @property
    def oldValue(self) -> str | None:
        """https://html.spec.whatwg.org/#dom-storageevent-oldvalue"""
        return self._old_value

    @property
    def newValue(self) -> str | None:
        """https://html.spec.whatwg.org/#dom-storageevent-newvalue"""
        return self._new_value

    @property
    def url(self) -> str:
        """https://html.spec.whatwg.org/#dom-storageevent-url"""
        return self._url

    @property
    def storageArea(self) -> object:
        """https://html.spec.whatwg.org/#dom-storageevent-storagearea"""
        return self._storage_area

    def initStorageEvent(self, type: str, bubbles: bool = False, cancelable: bool = False,  # noqa: A002
                         key: str | None = None, oldValue: str | None = None,  # noqa: N803
                         newValue: str | None = None, url: str = "", storageArea: object = None) -> None:  # noqa: N803
        """https://html.spec.whatwg.org/#dom-storageevent-initstorageevent (legacy)"""
        type_ = to_dom_string(type)
        key_, old, new = (to_nullable_dom_string(v) for v in (key, oldValue, newValue))
        url_ = to_usv_string(url)
        area = _storage_or_null(storageArea, "initStorageEvent")
        if self._dispatching:
            return
        self._initialize(type_, to_boolean(bubbles), to_boolean(cancelable))
        self._key, self._old_value, self._new_value = key_, old, new
        self._url = url_
        self._storage_area = area


# https://dom.spec.whatwg.org/#dom-document-createevent: the [[HTML]] rows.
CREATE_EVENT_INTERFACES.update({
    "beforeunloadevent": BeforeUnloadEvent,
    "dragevent": DragEvent,
    "hashchangeevent": HashChangeEvent,
    "messageevent": MessageEvent,
    "storageevent": StorageEvent,
})

# The node tree, below this floor, reaches ErrorEvent through dom.registry.
registry.error_event_interface = ErrorEvent
