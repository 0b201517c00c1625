"""dom.xhr (XMLHttpRequest without a network), dom.websockets and navigator.sendBeacon."""

from __future__ import annotations

from typing import Any

import pytest

import webdom
from dom.nodes.document import set_default_document
from dom.tasks import run_tasks
from dom.websockets import CloseEvent, WebSocket
from dom.xhr import ProgressEvent, XMLHttpRequest
from webidl import DOMException


@pytest.fixture(autouse=True)
def page() -> Any:
    document = webdom.parse_html("", url="http://example.test/dir/page")
    set_default_document(document)
    yield document
    run_tasks()
    set_default_document(webdom.parse_html(""))


def _record(target: Any, log: list[Any], *types: str) -> None:
    for kind in types:
        target.addEventListener(kind, lambda e: log.append((e.type, getattr(e, "loaded", None))))


def test_open_checks_method_and_url() -> None:
    xhr = XMLHttpRequest()
    for method, url, name in (("GET", "http://a b/", "SyntaxError"), ("a b", "/", "SyntaxError"),
                              ("connect", "/", "SecurityError"), ("TRACK", "/", "SecurityError")):
        with pytest.raises(DOMException) as info:
            xhr.open(method, url)
        assert info.value.name == name
    assert xhr.readyState == XMLHttpRequest.UNSENT
    xhr.open("get", "x?y")
    assert xhr.readyState == xhr.OPENED and xhr._method == "GET"
    assert xhr._url is not None and xhr._url.path == ["dir", "x"]


def test_async_send_fails_in_a_task() -> None:
    xhr = XMLHttpRequest()
    log: list[Any] = []
    xhr.onreadystatechange = lambda e: log.append(("readystatechange", xhr.readyState))
    _record(xhr, log, "loadstart", "error", "loadend", "load")
    upload_log: list[Any] = []
    _record(xhr.upload, upload_log, "loadstart", "error", "loadend")
    xhr.open("POST", "/submit")
    xhr.setRequestHeader("X-A", "1")
    xhr.setRequestHeader("x-a", "2")
    xhr.send("body")
    assert xhr._headers.get("X-A") == "1, 2"
    assert log == [("readystatechange", 1), ("loadstart", 0)] and upload_log == [("loadstart", 0)]
    with pytest.raises(DOMException):  # InvalidStateError: sent already
        xhr.send()
    assert run_tasks() == 1
    assert log[2:] == [("readystatechange", 4), ("error", 0), ("loadend", 0)]
    assert upload_log[1:] == [("error", 0), ("loadend", 0)]
    assert (xhr.status, xhr.statusText, xhr.responseText, xhr.responseURL) == (0, "", "", "")
    assert xhr.getResponseHeader("a") is None and xhr.getAllResponseHeaders() == ""


def test_abort_and_reopen_drop_the_queued_failure() -> None:
    xhr = XMLHttpRequest()
    log: list[Any] = []
    _record(xhr, log, "abort", "error", "loadend")
    xhr.open("GET", "/")
    xhr.send()
    xhr.abort()
    assert log == [("abort", 0), ("loadend", 0)] and xhr.readyState == xhr.UNSENT
    run_tasks()
    assert len(log) == 2


def test_synchronous_send_throws_network_error() -> None:
    xhr = XMLHttpRequest()
    xhr.open("GET", "/", False)
    with pytest.raises(DOMException) as info:
        xhr.send()
    assert info.value.name == "NetworkError" and xhr.readyState == xhr.DONE
    with pytest.raises(DOMException):  # InvalidAccessError: no timeout on a synchronous request
        xhr.timeout = 5


def test_progress_and_close_events() -> None:
    event = ProgressEvent("progress", {"loaded": 3, "total": 10, "lengthComputable": True})
    assert (event.loaded, event.total, event.lengthComputable) == (3, 10, True)
    close = CloseEvent("close", {"code": 1000, "reason": "bye", "wasClean": True})
    assert (close.code, close.reason, close.wasClean) == (1000, "bye", True)


def test_websocket_checks_then_fails() -> None:
    socket = WebSocket("https://example.test/s?q", ["a", "b"])
    assert socket.url == "wss://example.test/s?q" and socket.readyState == socket.CONNECTING
    assert WebSocket("sock").url == "ws://example.test/dir/sock"
    log: list[Any] = []
    socket.onerror = lambda e: log.append(e.type)
    socket.onclose = lambda e: log.append((e.type, e.code, e.wasClean))
    with pytest.raises(DOMException):  # InvalidStateError: not open
        socket.send("x")
    run_tasks()
    assert log == ["error", ("close", 1006, False)] and socket.readyState == socket.CLOSED
    for url, protocols in (("ftp://x/", []), ("ws://x/#f", []), ("http://a b/", []), ("ws://x/", ["a", "a"]),
                           ("ws://x/", ["a b"])):
        with pytest.raises(DOMException) as info:
            WebSocket(url, protocols)
        assert info.value.name == "SyntaxError"
    with pytest.raises(DOMException) as info:
        socket.close(1001)
    assert info.value.name == "InvalidAccessError"
    with pytest.raises(DOMException):
        socket.close(1000, "x" * 124)


def test_websocket_send_when_closed_counts_bytes() -> None:
    """https://websockets.spec.whatwg.org/#dom-websocket-send: after the connection closed, the
    data is not sent and bufferedAmount grows by its size in bytes: UTF-8 for a string, the
    bytes of a buffer source (all of a non-byte view), a Blob's size."""
    from html_infra.blob import Blob

    socket = WebSocket("wss://example.test/")
    run_tasks()
    assert socket.readyState == socket.CLOSED
    socket.send("é")
    socket.send(b"abc")
    socket.send(memoryview(bytearray(8)).cast("I"))
    socket.send(Blob(["12345"]))
    socket.send(42)  # type: ignore[arg-type]  # a number is the union's string, "42"
    assert socket.bufferedAmount == 2 + 3 + 8 + 5 + 2


def test_send_beacon(page: Any) -> None:
    navigator = page.defaultView.navigator
    assert navigator is page.defaultView.navigator
    assert navigator.sendBeacon("/ping", "data") is False  # checked, not queued: no network
    for url in ("http://a b/", "ftp://x/", "data:,x"):
        with pytest.raises(TypeError):
            navigator.sendBeacon(url)
