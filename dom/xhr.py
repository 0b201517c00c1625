"""XMLHttpRequest (https://xhr.spec.whatwg.org/) without a network, and ProgressEvent.

``open()`` does all its checks (a method that is not a token is a SyntaxError, CONNECT/TRACE/TRACK
a SecurityError, a URL that does not parse against the API base URL a SyntaxError) and ``send()``
its own; the fetch itself never connects: it is a network error at once.  A synchronous request
then throws a NetworkError; an asynchronous one runs the request error steps in a task
(:mod:`dom.tasks`): readyState becomes DONE, ``readystatechange``, then ``error`` and
``loadend`` progress events (at ``upload`` first when it has listeners and a body was sent).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Unpack

from html_infra.fetch.headers import Headers
from html_infra.fetch.http import (
    is_forbidden_method,
    is_forbidden_request_header,
    is_header_name,
    is_header_value,
    is_method,
    normalize_header_value,
    normalize_method,
)
from html_infra.infra import convert_to_scalar_value_string
from html_infra.url import URLRecord, parse_url
from html_infra.url.percent_encoding import USERINFO_PERCENT_ENCODE_SET, utf8_percent_encode
from webidl import (
    DOMSyntaxError,
    InvalidAccessError,
    InvalidStateError,
    NetworkError,
    SecurityError,
    to_dom_string,
)
from webidl.attribute_getters import getter
from webidl.operations import attributes, operations

from .event_handlers import EventHandlerAttribute
from .events import Event, EventTarget, fire_event
from .fetch import api_base_url, extract
from .nodes.document import Document, default_document
from .serialization import serialize_fragment
from .tasks import queue_a_task
from .xml_serialization import xml_serialization

if TYPE_CHECKING:
    from webidl.dictionary_types import ProgressEventInit

    from .fetch import BodyInit

__all__ = ["ProgressEvent", "XMLHttpRequest", "XMLHttpRequestEventTarget", "XMLHttpRequestUpload"]

UNSENT, OPENED, HEADERS_RECEIVED, LOADING, DONE = range(5)
_RESPONSE_TYPES = ("", "arraybuffer", "blob", "document", "json", "text")


@operations("ProgressEvent", "__init__")
class ProgressEvent(Event):
    """https://xhr.spec.whatwg.org/#interface-progressevent"""

    __slots__ = ("_length_computable", "_loaded", "_total")
    _init_dictionary = "ProgressEventInit"

    def __init__(self, type: str, eventInitDict: ProgressEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[ProgressEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._length_computable = dictionary["lengthComputable"]
        self._loaded = dictionary["loaded"]
        self._total = dictionary["total"]

    lengthComputable = getter[bool](lambda self: self._length_computable,  # noqa: N815 -- IDL name
                                doc="https://xhr.spec.whatwg.org/#dom-progressevent-lengthcomputable")
    loaded = getter[int](lambda self: self._loaded, doc="https://xhr.spec.whatwg.org/#dom-progressevent-loaded")
    total = getter[int](lambda self: self._total, doc="https://xhr.spec.whatwg.org/#dom-progressevent-total")


def fire_progress_event(name: str, target: EventTarget, transmitted: int, length: int) -> None:
    """https://xhr.spec.whatwg.org/#concept-event-fire-progress"""
    fire_event(name, target, ProgressEvent, loaded=transmitted, total=length, lengthComputable=length != 0)


class XMLHttpRequestEventTarget(EventTarget):
    """https://xhr.spec.whatwg.org/#xmlhttprequesteventtarget"""

    __slots__ = ("_event_target_state",)

    def __init__(self) -> None:
        raise TypeError("Illegal constructor")

    onloadstart = EventHandlerAttribute()
    onprogress = EventHandlerAttribute()
    onabort = EventHandlerAttribute()
    onerror = EventHandlerAttribute()
    onload = EventHandlerAttribute()
    ontimeout = EventHandlerAttribute()
    onloadend = EventHandlerAttribute()


class XMLHttpRequestUpload(XMLHttpRequestEventTarget):
    """https://xhr.spec.whatwg.org/#xmlhttprequestupload"""

    __slots__ = ()

    @classmethod
    def _new(cls) -> XMLHttpRequestUpload:
        return cls.__new__(cls)


@attributes("XMLHttpRequest", "timeout", "withCredentials")
@operations("XMLHttpRequest", "open")
@operations("XMLHttpRequest", "setRequestHeader", "getResponseHeader", "overrideMimeType", "send")
class XMLHttpRequest(XMLHttpRequestEventTarget):
    """https://xhr.spec.whatwg.org/#interface-xmlhttprequest -- every fetch is a network error."""

    __slots__ = ("_state", "_send_flag", "_timeout", "_cross_origin_credentials", "_method", "_url",
                 "_headers", "_body", "_synchronous", "_upload_complete", "_upload_listener", "_upload",
                 "_response_type", "_generation")

    UNSENT = UNSENT
    OPENED = OPENED
    HEADERS_RECEIVED = HEADERS_RECEIVED
    LOADING = LOADING
    DONE = DONE

    def __init__(self) -> None:
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest"""
        self._state = UNSENT
        self._send_flag = False
        self._timeout = 0
        self._cross_origin_credentials = False
        self._method = "GET"
        self._url: URLRecord | None = None
        self._headers = Headers()
        self._body: bytes | None = None
        self._synchronous = False
        self._upload_complete = False
        self._upload_listener = False
        self._upload = XMLHttpRequestUpload._new()
        self._response_type = ""
        self._generation = 0  # bumped by open() and abort(): a queued failure of an older send is dropped

    onreadystatechange = EventHandlerAttribute()

    @property
    def readyState(self) -> int:  # noqa: N802 -- IDL name
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-readystate"""
        return self._state

    def open(self, method: str, url: str, async_: bool = True, username: str | None = None,
             password: str | None = None) -> None:
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-open (two overloads: with two arguments,
        step 7 takes async true and no username or password, the defaults here)"""
        if not is_method(method):  # step 2
            raise DOMSyntaxError(f"open(): {method!r} is not a valid method")
        if is_forbidden_method(method):  # step 3
            raise SecurityError(f"open(): {method!r} is a forbidden method")
        method = normalize_method(method)  # step 4

        document = default_document()
        parsed = parse_url(url, api_base_url(), document.characterSet)  # step 5: encoding-parse
        if parsed is None:  # step 6
            raise DOMSyntaxError(f"open(): {url!r} is not a valid URL")
        if parsed.host is not None:  # step 8
            if username is not None:
                parsed.username = _percent_encoded_userinfo(username)
            if password is not None:
                parsed.password = _percent_encoded_userinfo(password)
        if not async_ and (self._timeout != 0 or self._response_type != ""):  # step 9
            raise InvalidAccessError("open(): a synchronous request cannot have a timeout or a responseType")
        self._generation += 1  # step 10: terminate the ongoing fetch
        self._send_flag = False  # step 11
        self._upload_listener = False
        self._method = method
        self._url = parsed
        self._synchronous = not async_
        self._headers = Headers()
        if self._state != OPENED:  # step 12
            self._state = OPENED
            fire_event("readystatechange", self)

    def setRequestHeader(self, name: str, value: str) -> None:  # noqa: N802 -- IDL name
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-setrequestheader"""
        if self._state != OPENED:  # step 1
            raise InvalidStateError("setRequestHeader(): the request is not opened")
        if self._send_flag:  # step 2
            raise InvalidStateError("setRequestHeader(): the request was sent")
        value = normalize_header_value(value)  # step 3
        if not is_header_name(name):  # step 4
            raise DOMSyntaxError(f"setRequestHeader(): {name!r} is not a valid header name")
        if not is_header_value(value):
            raise DOMSyntaxError(f"setRequestHeader(): {value!r} is not a valid header value")
        if is_forbidden_request_header(name, value):  # step 5
            return
        self._headers._combine(name, value)  # step 6

    @property
    def timeout(self) -> int:
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-timeout"""
        return self._timeout

    @timeout.setter
    def timeout(self, value: int) -> None:
        if self._synchronous and self._state != UNSENT:  # a Window's synchronous request
            raise InvalidAccessError("timeout: cannot be set on a synchronous request")
        self._timeout = value

    @property
    def withCredentials(self) -> bool:  # noqa: N802 -- IDL name
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-withcredentials"""
        return self._cross_origin_credentials

    @withCredentials.setter
    def withCredentials(self, value: bool) -> None:  # noqa: N802
        if self._state not in (UNSENT, OPENED):  # step 1
            raise InvalidStateError("withCredentials: the request is past opened")
        if self._send_flag:  # step 2
            raise InvalidStateError("withCredentials: the request was sent")
        self._cross_origin_credentials = value

    @property
    def upload(self) -> XMLHttpRequestUpload:
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-upload ([SameObject])"""
        return self._upload

    def send(self, body: Document | BodyInit | None = None) -> None:
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-send -- the fetch is a network error."""
        if self._state != OPENED:  # step 1
            raise InvalidStateError("send(): the request is not opened")
        if self._send_flag:  # step 2
            raise InvalidStateError("send(): the request was sent already")
        if self._method in ("GET", "HEAD"):  # step 3
            body = None
        self._body = None
        if body is not None:  # step 4
            if isinstance(body, Document):  # serialized (https://w3c.github.io/DOM-Parsing/#dfn-fragment-serializing-algorithm)
                text = serialize_fragment(body, False) if body._is_html else xml_serialization(body, False)
                self._body = convert_to_scalar_value_string(text).encode("utf-8")  # "converted"
                content_type: str | None = "text/html;charset=UTF-8" if body._is_html \
                    else "application/xml;charset=UTF-8"
            else:
                self._body, content_type = extract(body)
            if content_type is not None and self._headers._get("Content-Type") is None:
                self._headers._combine("Content-Type", content_type)
        # step 5: no listener on upload before send() means no upload events
        self._upload_listener = bool(self._upload._event_listeners_for_dispatch())
        self._upload_complete = self._body is None  # step 9
        if self._synchronous:  # step 12: the fetch is a network error
            self._request_error_steps("error", NetworkError("send(): network error (webdom does no networking)"))
            return
        self._send_flag = True  # step 11.1
        fire_progress_event("loadstart", self, 0, 0)  # step 11.2
        if not self._upload_complete and self._upload_listener:  # step 11.3-11.4
            fire_progress_event("loadstart", self._upload, 0, 0)
        if self._state != OPENED or not self._send_flag:  # step 11.5: a listener called open() or abort()
            return
        generation = self._generation

        def network_error() -> None:  # the fetch (step 11.8) answers a network error, in a task
            if self._generation == generation:  # unless open() or abort() ended this send()
                self._request_error_steps("error")

        queue_a_task(network_error)

    def _request_error_steps(self, event: str, exception: Exception | None = None) -> None:
        """https://xhr.spec.whatwg.org/#request-error-steps"""
        self._state = DONE  # step 1
        self._send_flag = False  # step 2
        if self._synchronous and exception is not None:  # step 4
            raise exception
        fire_event("readystatechange", self)  # step 5
        if not self._upload_complete:  # step 6
            self._upload_complete = True
            if self._upload_listener:
                fire_progress_event(event, self._upload, 0, 0)
                fire_progress_event("loadend", self._upload, 0, 0)
        fire_progress_event(event, self, 0, 0)  # step 7
        fire_progress_event("loadend", self, 0, 0)  # step 8

    def abort(self) -> None:
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-abort"""
        self._generation += 1  # step 1: abort the fetch
        if (self._state == OPENED and self._send_flag) or self._state in (HEADERS_RECEIVED, LOADING):  # step 2
            self._request_error_steps("abort")
        if self._state == DONE:  # step 3
            self._state = UNSENT

    @property
    def responseURL(self) -> str:  # noqa: N802 -- IDL name
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-responseurl -- a network error has no URL."""
        return ""

    @property
    def status(self) -> int:
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-status -- a network error's is 0."""
        return 0

    @property
    def statusText(self) -> str:  # noqa: N802 -- IDL name
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-statustext"""
        return ""

    def getResponseHeader(self, name: str) -> str | None:  # noqa: N802 -- IDL name
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-getresponseheader -- none."""
        return None

    def getAllResponseHeaders(self) -> str:  # noqa: N802 -- IDL name
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-getallresponseheaders"""
        return ""

    def overrideMimeType(self, mime: str) -> None:  # noqa: N802 -- IDL name
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-overridemimetype"""
        if self._state in (LOADING, DONE):
            raise InvalidStateError("overrideMimeType(): the response is loading or done")

    @property
    def responseType(self) -> str:  # noqa: N802 -- IDL name
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-responsetype"""
        return self._response_type

    @responseType.setter
    def responseType(self, value: str) -> None:  # noqa: N802 -- (an enumeration: converted here)
        value = to_dom_string(value)
        if value not in _RESPONSE_TYPES:  # an enumeration: other values are ignored
            return
        if self._state in (LOADING, DONE):  # step 2
            raise InvalidStateError("responseType: the response is loading or done")
        if self._synchronous and self._state != UNSENT:  # step 3
            raise InvalidAccessError("responseType: cannot be set on a synchronous request")
        self._response_type = value

    @property
    def response(self) -> Any:
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-response -- a network error: "" for
        text, else null."""
        return "" if self._response_type in ("", "text") else None

    @property
    def responseText(self) -> str:  # noqa: N802 -- IDL name
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-responsetext"""
        if self._response_type not in ("", "text"):
            raise InvalidStateError("responseText: responseType is not '' or 'text'")
        return ""

    @property
    def responseXML(self) -> None:  # noqa: N802 -- IDL name
        """https://xhr.spec.whatwg.org/#dom-xmlhttprequest-responsexml"""
        if self._response_type not in ("", "document"):
            raise InvalidStateError("responseXML: responseType is not '' or 'document'")
        return None

    def __repr__(self) -> str:
        return f"<XMLHttpRequest readyState={self._state}>"


def _percent_encoded_userinfo(value: str) -> str:
    """https://url.spec.whatwg.org/#set-the-username (and set the password): UTF-8 percent-encoded
    with the userinfo percent-encode set."""
    return utf8_percent_encode(value, USERINFO_PERCENT_ENCODE_SET)
