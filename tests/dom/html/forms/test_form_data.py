"""FormData (https://xhr.spec.whatwg.org/#interface-formdata), the formdata event
(https://html.spec.whatwg.org/#constructing-the-form-data-set) and URLSearchParams(formData),
after WPT xhr/formdata/*.html."""

from __future__ import annotations

from typing import Any

import pytest

import dom
from dom import File, FileList, FormData, FormDataEvent
from html_infra import Blob
from html_infra.url import URLSearchParams
from webidl import InvalidStateError, NotFoundError


def page(markup: str) -> Any:
    return dom.parse_html(f"<!doctype html><form action='https://shop.test/s' method=post>{markup}</form>")


def test_empty_and_methods() -> None:
    data = FormData()
    assert len(data) == 0 and data.get("a") is None and data.getAll("a") == [] and not data.has("a")
    data.append("a", "1")
    data.append("b", 2)
    data.append("a", "3")
    assert data.get("a") == "1" and data.getAll("a") == ["1", "3"] and data.has("b") and "a" in data
    assert data.get("b") == "2"  # USVString
    assert list(data) == [("a", "1"), ("b", "2"), ("a", "3")]
    assert list(data.keys()) == ["a", "b", "a"] and list(data.values()) == ["1", "2", "3"]
    data.set("a", "x")  # replaces the first, removes the rest
    assert list(data.entries()) == [("a", "x"), ("b", "2")]
    data.set("c", "y")
    assert list(data) == [("a", "x"), ("b", "2"), ("c", "y")]
    data.delete("b")
    assert list(data) == [("a", "x"), ("c", "y")]
    data.append("\ud800", "a\udc00b")  # lone surrogates: U+FFFD
    assert data.get("\ufffd") == "a\ufffdb"
    seen: list[tuple[Any, Any]] = []
    data.forEach(lambda value, key, obj: seen.append((key, value)))
    assert seen[0] == ("a", "x") and len(seen) == 3


def test_iteration_sees_changes() -> None:
    data = FormData()
    data.append("a", "1")
    keys = []
    for key, _ in data:
        keys.append(key)
        if len(keys) < 3:
            data.append(f"k{len(keys)}", "v")
    assert keys == ["a", "k1", "k2"]


def test_blob_and_file_entries() -> None:
    data = FormData()
    data.append("blob", Blob(["x"], {"type": "text/plain"}))
    value = data.get("blob")
    assert isinstance(value, File) and value.name == "blob" and value.type == "text/plain" and value.text() == "x"
    data.append("named", Blob(["y"]), "y.txt")
    assert data.get("named").name == "y.txt"
    original = File(["z"], "z.bin", {"lastModified": 7})
    data.set("file", original)
    assert data.get("file") is original
    data.set("file", original, "renamed.bin")
    renamed = data.get("file")
    assert renamed is not original and renamed.name == "renamed.bin" and renamed.lastModified == 7
    # three arguments are the Blob overload (https://webidl.spec.whatwg.org/#dfn-overload-resolution-algorithm):
    # a string there is a TypeError, as in browsers
    with pytest.raises(TypeError, match="Blob"):
        data.append("str", "plain", "ignored.txt")
    assert data.get("str") is None


def test_from_form_with_submitter() -> None:
    document = page(
        "<input name=q value='a b'><input type=checkbox name=c checked><input type=checkbox name=d>"
        "<select name=s><option>o1<option selected>o2</select><textarea name=t>l1\nl2</textarea>"
        "<input type=file name=f><button name=go value=1>Go</button><button name=other value=2>Other</button>"
        "<input name=off disabled value=x>"
    )
    form = document.forms[0]
    go = document.querySelector("button[name=go]")
    data = FormData(form)
    assert [k for k, _ in data] == ["q", "c", "s", "t", "f"]
    assert data.get("q") == "a b" and data.get("c") == "on" and data.get("s") == "o2" and data.get("t") == "l1\nl2"
    empty_file = data.get("f")
    assert isinstance(empty_file, File) and empty_file.name == "" and empty_file.type == "application/octet-stream"
    assert FormData(form, go).get("go") == "1" and not FormData(form, go).has("other")
    with pytest.raises(TypeError):
        FormData(form, document.querySelector("input"))  # not a submit button
    other = page("<button>x</button>").querySelector("button")
    with pytest.raises(NotFoundError):
        FormData(form, other)
    with pytest.raises(TypeError):
        FormData(go)
    with pytest.raises(TypeError):
        FormData(None)


def test_formdata_event_and_submission_share_the_list() -> None:
    document = page("<input name=a value=1><input type=file name=f>")
    form = document.forms[0]
    form.querySelector("[type=file]").files = FileList([File([b"PNG"], "p.png", {"type": "image/png"})])
    events: list[Any] = []

    def listener(event: Any) -> None:
        events.append(event)
        event.formData.append("added", "by listener")
        event.formData.delete("a")

    form.addEventListener("formdata", listener)
    data = FormData(form)
    event = events[0]
    assert isinstance(event, FormDataEvent) and event.bubbles and not event.cancelable and event.isTrusted
    assert event.target is form and isinstance(event.formData, FormData) and event.formData is not data
    assert [k for k, _ in data] == ["f", "added"]
    submission = form.submission()
    assert len(events) == 2 and submission.body == b"f=p.png&added=by+listener"
    form.enctype = "multipart/form-data"
    body = form.submission(boundary="B").body
    assert b'filename="p.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n' in body


def test_recursion_guard() -> None:
    form = page("<input name=a value=1>").forms[0]
    inner: list[Any] = []

    def listener(event: Any) -> None:
        with pytest.raises(InvalidStateError):
            FormData(form)
        inner.append(form.submit())  # the submission algorithm returns early
    form.addEventListener("formdata", listener)
    assert FormData(form).get("a") == "1"
    assert inner == [None]
    form.removeEventListener("formdata", listener)
    assert FormData(form).get("a") == "1"  # the flag was reset


def test_form_data_event_constructor() -> None:
    data = FormData()
    event = FormDataEvent("formdata", {"formData": data, "bubbles": True})
    assert event.formData is data and event.bubbles and not event.isTrusted
    with pytest.raises(TypeError):
        FormDataEvent("formdata", {})
    with pytest.raises(TypeError):
        FormDataEvent("formdata", {"formData": "x"})


def test_url_search_params_from_form_data() -> None:
    data = FormData()
    data.append("a", "1 2")
    data.append("f", File(["x"], "x.txt"))
    params = URLSearchParams(data)
    assert list(params) == [("a", "1 2"), ("f", "[object File]")]  # String(file), as in JS
    assert str(params) == "a=1+2&f=%5Bobject+File%5D"
