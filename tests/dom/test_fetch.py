"""html_infra.fetch and dom.fetch: Headers, Request, Response, the Body readers and fetch(),
none of which reaches a network."""

from __future__ import annotations

import asyncio

import pytest

import webdom
from dom.fetch import Request, Response, fetch
from dom.html.forms.form_data import FormData
from dom.nodes.document import set_default_document
from html_infra.blob import Blob
from html_infra.fetch import Headers, is_forbidden_method, normalize_method
from html_infra.url import URLSearchParams
from webidl import RangeError
from webidl.promises import Promise


@pytest.fixture
def page() -> object:
    """The API base URL is the base URL of the default document (the global's, in JS)."""
    document = webdom.parse_html("<base href='http://example.test/dir/'>", url="http://example.test/")
    set_default_document(document)
    yield document
    set_default_document(webdom.parse_html(""))


def test_methods() -> None:
    assert normalize_method("get") == "GET" and normalize_method("patch") == "patch"
    assert is_forbidden_method("tRaCk") and not is_forbidden_method("GET")


def test_headers_sort_combine_and_validate() -> None:
    headers = Headers({"B": "1", "a": " 2\t"})
    headers.append("b", "3")
    headers.append("Set-Cookie", "x")
    headers.append("set-cookie", "y")
    assert list(headers) == [("a", "2"), ("b", "1, 3"), ("set-cookie", "x"), ("set-cookie", "y")]
    assert headers.get("B") == "1, 3" and "A" in headers and headers.getSetCookie() == ["x", "y"]
    headers.set("b", "4")
    headers.delete("A")
    assert list(headers.keys()) == ["b", "set-cookie", "set-cookie"] and headers.get("b") == "4"
    for bad in (("a b", "x"), ("a", "x\ny"), ("a", "\0")):
        with pytest.raises(TypeError):
            Headers([bad])
    with pytest.raises(TypeError):
        Headers([("a", "1", "2")])
    with pytest.raises(TypeError):  # a ByteString holds code points up to U+00FF
        Headers({"a": "\u0100"})


def test_request_headers_guard_drops_forbidden_ones() -> None:
    request = Request("http://x/", {"headers": {"Cookie": "a", "Sec-X": "b", "X-Ok": "c"}})
    assert list(request.headers) == [("x-ok", "c")]
    with pytest.raises(TypeError):  # a Response's headers after Response.error() are immutable
        Response.error().headers.append("a", "b")


def test_request_url_and_errors(page: object) -> None:
    request = Request("p?q#f")
    assert request.url == "http://example.test/dir/p?q#f" and request.method == "GET"
    assert (request.mode, request.credentials, request.cache, request.redirect) == ("cors", "same-origin", "default",
                                                                                    "follow")
    assert request.referrer == "about:client" and not request.signal.aborted
    for url in ("http://a b/", "http://user:pass@x/"):
        with pytest.raises(TypeError):
            Request(url)
    for init in ({"method": "a b"}, {"method": "CONNECT"}, {"mode": "navigate"}, {"mode": "bogus"},
                 {"method": "GET", "body": "x"}, {"window": 1}, {"cache": "only-if-cached"},
                 {"mode": "no-cors", "method": "PUT"}):
        with pytest.raises(TypeError):
            Request("http://x/", init)
    assert Request("http://x/", {"method": "post"}).method == "POST"
    assert Request("http://x/", {"method": "patch"}).method == "patch"


def test_request_from_request_moves_its_body() -> None:
    first = Request("http://x/", {"method": "POST", "body": "abc", "headers": [("X-A", "1")]})
    second = Request(first)
    assert first.bodyUsed and second.headers.get("x-a") == "1" and second.text().result() == "abc"
    with pytest.raises(TypeError):
        Request(first)


def test_body_readers() -> None:
    response = Response("a=1&b=%41+", {"headers": {"Content-Type": "application/x-www-form-urlencoded;charset=x"}})
    assert not response.bodyUsed
    data = response.formData().result()
    assert isinstance(data, FormData) and list(data) == [("a", "1"), ("b", "A ")] and response.bodyUsed
    again = response.text()
    assert again.state == "rejected" and isinstance(again.reason, TypeError)
    assert Response("\ufeff{\"a\": [1]}").json().result() == {"a": [1]}
    assert Response("é").bytes().result() == "é".encode()
    assert Response(b"\x00\x01").arrayBuffer().result() == bytearray(b"\x00\x01")
    blob = Response("x", {"headers": {"Content-Type": "Text/Plain"}}).blob().result()
    assert isinstance(blob, Blob) and blob.type == "text/plain"
    with pytest.raises(TypeError):  # text/plain is not a form body
        Response("a=1").formData().result()
    with pytest.raises(ValueError):
        Response("{").json().result()
    assert Response().text().result() == "" and not Response().bodyUsed  # a null body


def test_extracted_bodies_set_content_type() -> None:
    assert Response("x").headers.get("content-type") == "text/plain;charset=UTF-8"
    assert Response(URLSearchParams("a=1 2")).text().result() == "a=1+2"
    assert Response(Blob(["b"], {"type": "text/x"})).headers.get("content-type") == "text/x"
    assert Response(b"raw").headers.get("content-type") is None
    form = FormData()
    form.append("n\"ame", "v\r\nw")
    response = Response(form)
    assert response.headers.get("content-type").startswith("multipart/form-data; boundary=")
    assert list(response.formData().result()) == [("n\"ame", "v\r\nw")]
    # BodyInit is a union with USVString: any other object is its string, as `new Response({})`
    # is "[object Object]" (https://webidl.spec.whatwg.org/#es-union, step 16)
    thing = object()
    assert Response(thing).text().result() == str(thing)  # type: ignore[arg-type]
    with pytest.raises(TypeError):  # HeadersInit is a sequence or a record
        Response("x", {"headers": 5})


def test_response_statics_and_init(page: object) -> None:
    response = Response("x", {"status": 201, "statusText": "Made", "headers": {"A": "1"}})
    assert (response.status, response.statusText, response.ok, response.type) == (201, "Made", True, "default")
    with pytest.raises(RangeError):
        Response("", {"status": 600})
    with pytest.raises(TypeError):
        Response("", {"statusText": "a\nb"})
    with pytest.raises(TypeError):  # a null body status cannot have a body
        Response("x", {"status": 204})
    redirect = Response.redirect("../up", 307)
    assert redirect.status == 307 and redirect.headers.get("location") == "http://example.test/up"
    with pytest.raises(RangeError):
        Response.redirect("/x", 200)
    with pytest.raises(TypeError):
        Response.redirect("http://a b/")
    error = Response.error()
    assert (error.type, error.status, error.ok) == ("error", 0, False)
    made = Response.json({"a": [1, None]}, {"status": 202})
    assert made.status == 202 and made.headers.get("content-type") == "application/json"
    clone = made.clone()
    assert clone.status == 202 and clone.headers is not made.headers
    assert made.json().result() == {"a": [1, None]} == clone.json().result()
    with pytest.raises(TypeError):
        made.clone()


def test_fetch_never_connects() -> None:
    promise = fetch("http://example.com/")
    assert isinstance(promise, Promise) and promise.state == "rejected" and isinstance(promise.reason, TypeError)
    assert "no networking" in str(promise.reason)
    with pytest.raises(TypeError, match="not a valid URL"):
        fetch("http://a b/").result()


def test_promise_is_awaitable() -> None:
    async def read() -> str:
        return await Response("hi").text()  # type: ignore[no-any-return]

    assert asyncio.run(read()) == "hi"
    with pytest.raises(TypeError):
        Promise()
