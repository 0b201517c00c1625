"""File inputs (https://html.spec.whatwg.org/#file-upload-state-(type=file)) and the constraint
validation API on the listed elements that are never candidates (fieldset, object, output) or
only through a custom error (button)."""

from __future__ import annotations

from typing import Any

import pytest

import dom
from dom import File, FileList
from webidl import InvalidStateError


def page(markup: str) -> Any:
    return dom.parse_html(f"<!doctype html><form method=post action='https://shop.test/up'>{markup}</form>")


def test_files_applies_only_to_file_inputs() -> None:
    document = page("<input type=file name=f><input name=t>")
    file_input, text = document.querySelectorAll("input")
    assert isinstance(file_input.files, FileList) and len(file_input.files) == 0
    assert file_input.files is file_input.files  # the same object until the selection changes
    assert text.files is None
    text.files = FileList([File([], "a.txt")])  # does not apply: ignored
    assert text.files is None and text.value == ""


def test_selected_files_show_in_value_and_submission() -> None:
    document = page("<input type=file name=f multiple>")
    file_input = document.querySelector("input")
    assert file_input.value == ""
    chosen = FileList([File([b"%PDF-1"], "cv.pdf", {"type": "application/pdf"}),
                       File([b"\x89PNG"], "photo.png", {"type": "image/png"})])
    file_input.files = chosen
    assert file_input.files is chosen and file_input.files.item(1).name == "photo.png"
    assert file_input.files.item(2) is None and chosen.length == 2 and chosen[0].size == 6
    assert file_input.value == "C:\\fakepath\\cv.pdf"
    form = document.forms[0]
    form.enctype = "multipart/form-data"
    body = form.submission(boundary="B").body
    assert body.count(b'name="f"; filename=') == 2
    assert b'filename="photo.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n' in body
    form.enctype = "application/x-www-form-urlencoded"
    assert form.submission().body == b"f=cv.pdf&f=photo.png"  # urlencoded sends the names
    file_input.files = None  # null: nothing happens
    assert file_input.files is chosen
    file_input.value = ""  # the empty string empties the selection
    assert len(file_input.files) == 0 and file_input.value == ""
    with pytest.raises(InvalidStateError):
        file_input.value = "C:\\evil"
    form.enctype = "multipart/form-data"
    body = form.submission(boundary="B").body
    assert b'name="f"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n' in body


def test_files_rejects_non_filelists() -> None:
    file_input = page("<input type=file>").querySelector("input")
    with pytest.raises(TypeError):
        file_input.files = [File([], "x")]
    with pytest.raises(TypeError):
        FileList(["x"])  # type: ignore[list-item]


@pytest.mark.parametrize("markup", ["<fieldset></fieldset>", "<object></object>", "<output></output>"])
def test_never_candidates(markup: str) -> None:
    element = page(markup).forms[0].firstElementChild
    assert element.willValidate is False
    element.setCustomValidity("broken")
    # The flag is set, but an element barred from constraint validation is never invalid to
    # checkValidity() and has no message.
    assert element.validity.customError is True and element.validity.valid is False
    assert element.checkValidity() is True and element.reportValidity() is True
    assert element.validationMessage == ""


def test_buttons() -> None:
    document = page("<button name=b>go</button><button type=reset>r</button><button type=button>b</button>")
    submit, reset, plain = document.querySelectorAll("button")
    assert submit.willValidate is True and reset.willValidate is False and plain.willValidate is False
    fired = []
    submit.addEventListener("invalid", lambda event: fired.append(event.type))
    assert submit.checkValidity() is True
    submit.setCustomValidity("pick a size")
    assert submit.validity.customError and submit.validationMessage == "pick a size"
    assert submit.checkValidity() is False and fired == ["invalid"]
    assert document.forms[0].checkValidity() is False
    submit.disabled = True
    assert submit.willValidate is False and submit.checkValidity() is True


def test_idl_members() -> None:
    from webidl import idl

    for name in ("HTMLButtonElement", "HTMLFieldSetElement", "HTMLObjectElement", "HTMLInputElement"):
        assert idl.missing_members(name, getattr(dom.html, name), inherited=True) == []


def test_untyped_file_is_sent_as_octet_stream() -> None:
    document = page("<input type=file name=f>")
    document.querySelector("input").files = FileList([File(["raw"], "blob.bin")])
    form = document.forms[0]
    form.enctype = "multipart/form-data"
    body = form.submission(boundary="B").body
    assert b'filename="blob.bin"\r\nContent-Type: application/octet-stream\r\n\r\nraw\r\n' in body
