"""WebSocket (https://websockets.spec.whatwg.org/#the-websocket-interface) without a network, and
CloseEvent.

The constructor does the standard's URL and protocol checks (SyntaxError); establishing the
connection then fails at once, since webdom does no networking: in a task (:mod:`dom.tasks`)
readyState becomes CLOSED and ``error`` then ``close`` (code 1006, not clean) are fired, as
for a server that cannot be reached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Unpack

from html_infra.fetch.http import is_header_name
from html_infra.url import parse_url, serialize_url
from webidl import (
    BufferSource,
    DOMSyntaxError,
    InvalidAccessError,
    InvalidStateError,
    to_dom_string,
)
from webidl.attribute_getters import getter
from webidl.operations import operations

from .event_handlers import EventHandlerAttribute
from .events import Event, EventTarget, fire_event
from .fetch import api_base_url
from .tasks import queue_a_task

if TYPE_CHECKING:
    from collections.abc import Sequence

    from html_infra.blob import Blob
    from webidl.dictionary_types import CloseEventInit

__all__ = ["CloseEvent", "WebSocket"]

CONNECTING, OPEN, CLOSING, CLOSED = range(4)


@operations("CloseEvent", "__init__")
class CloseEvent(Event):
    """https://websockets.spec.whatwg.org/#the-closeevent-interface"""

    __slots__ = ("_was_clean", "_code", "_reason")
    _init_dictionary = "CloseEventInit"

    def __init__(self, type: str, eventInitDict: CloseEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[CloseEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._code = dictionary["code"]
        self._reason = dictionary["reason"]
        self._was_clean = dictionary["wasClean"]

    wasClean = getter[bool](lambda self: self._was_clean,  # noqa: N815 -- IDL name
                        doc="https://websockets.spec.whatwg.org/#dom-closeevent-wasclean")
    code = getter[int](lambda self: self._code, doc="https://websockets.spec.whatwg.org/#dom-closeevent-code")
    reason = getter[str](lambda self: self._reason, doc="https://websockets.spec.whatwg.org/#dom-closeevent-reason")


def get_a_url_record(url: str, base_url: str) -> str:
    """https://websockets.spec.whatwg.org/#get-a-url-record (serialized)"""
    record = parse_url(url, base_url)  # step 1
    if record is None:  # step 2
        raise DOMSyntaxError(f"WebSocket: {url!r} is not a valid URL")
    if record.scheme == "http":  # step 3
        record.scheme = "ws"
    elif record.scheme == "https":  # step 4
        record.scheme = "wss"
    if record.scheme not in ("ws", "wss"):  # step 5
        raise DOMSyntaxError(f"WebSocket: {url!r} is not a ws: or wss: URL")
    if record.fragment is not None:  # step 6
        raise DOMSyntaxError(f"WebSocket: {url!r} has a fragment")
    return serialize_url(record)


@operations("WebSocket", "__init__", "close", "send")
class WebSocket(EventTarget):
    """https://websockets.spec.whatwg.org/#the-websocket-interface -- never connects."""

    __slots__ = ("_url", "_ready_state", "_binary_type", "_buffered_amount", "_event_target_state")

    CONNECTING = CONNECTING
    OPEN = OPEN
    CLOSING = CLOSING
    CLOSED = CLOSED

    def __init__(self, url: str, protocols: str | Sequence[str] = ()) -> None:
        """https://websockets.spec.whatwg.org/#dom-websocket-websocket"""
        record = get_a_url_record(url, api_base_url())  # steps 1-2
        protocols = [protocols] if isinstance(protocols, str) else list(protocols)  # step 3
        # step 4: https://www.rfc-editor.org/rfc/rfc6455#section-4.1: each a token, none repeated
        if len(set(protocols)) != len(protocols) or not all(is_header_name(p) for p in protocols):
            raise DOMSyntaxError("WebSocket: the protocols must be distinct tokens")
        self._url = record  # step 5
        self._ready_state = CONNECTING
        self._binary_type = "blob"
        self._buffered_amount = 0
        queue_a_task(self._fail)  # step 7: establishing the connection fails

    def _fail(self) -> None:
        """https://websockets.spec.whatwg.org/#feedback-from-the-protocol: the connection is
        closed (it could not be established): readyState CLOSED, then error and close."""
        if self._ready_state == CLOSED:
            return
        self._ready_state = CLOSED
        fire_event("error", self)
        fire_event("close", self, CloseEvent, wasClean=False, code=1006, reason="")

    url = getter[str](lambda self: self._url, doc="https://websockets.spec.whatwg.org/#dom-websocket-url")
    readyState = getter[int](lambda self: self._ready_state,  # noqa: N815 -- IDL name
                          doc="https://websockets.spec.whatwg.org/#dom-websocket-readystate")
    bufferedAmount = getter[int](lambda self: self._buffered_amount,  # noqa: N815 -- IDL name
                              doc="https://websockets.spec.whatwg.org/#dom-websocket-bufferedamount")
    extensions = getter[str](lambda self: "", doc="https://websockets.spec.whatwg.org/#dom-websocket-extensions")
    protocol = getter[str](lambda self: "", doc="https://websockets.spec.whatwg.org/#dom-websocket-protocol")

    onopen = EventHandlerAttribute()
    onerror = EventHandlerAttribute()
    onclose = EventHandlerAttribute()
    onmessage = EventHandlerAttribute()

    @property
    def binaryType(self) -> str:  # noqa: N802 -- IDL name
        """https://websockets.spec.whatwg.org/#dom-websocket-binarytype"""
        return self._binary_type

    @binaryType.setter
    def binaryType(self, value: str) -> None:  # noqa: N802 -- (an enumeration: converted here)
        value = to_dom_string(value)
        if value in ("blob", "arraybuffer"):  # an enumeration: other values are ignored
            self._binary_type = value

    def close(self, code: int | None = None, reason: str | None = None) -> None:
        """https://websockets.spec.whatwg.org/#dom-websocket-close (None: not given)"""
        if code is not None:  # step 1
            if code != 1000 and not 3000 <= code <= 4999:
                raise InvalidAccessError(f"WebSocket.close(): {code} is not 1000 or in 3000-4999")
        if reason is not None:  # step 2
            if len(reason.encode("utf-8")) > 123:
                raise DOMSyntaxError("WebSocket.close(): the reason is longer than 123 bytes")
        if self._ready_state in (CLOSING, CLOSED):  # step 3
            return
        # step 4: not yet established: fail the connection (its close task is already queued)
        self._ready_state = CLOSING

    def send(self, data: BufferSource | Blob | str) -> None:
        """https://websockets.spec.whatwg.org/#dom-websocket-send"""
        if self._ready_state == CONNECTING:  # step 1
            raise InvalidStateError("WebSocket.send(): the connection is not open yet")
        # the connection is closing or closed: the data is not sent, bufferedAmount grows by its
        # size in bytes
        if isinstance(data, str):
            self._buffered_amount += len(data.encode("utf-8"))
        elif isinstance(data, bytes | bytearray | memoryview):
            self._buffered_amount += memoryview(data).nbytes
        else:
            self._buffered_amount += data.size

    def __repr__(self) -> str:
        return f"<WebSocket {self._url} readyState={self._ready_state}>"
