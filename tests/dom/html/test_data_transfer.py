"""DataTransfer, DataTransferItemList and DataTransferItem (https://html.spec.whatwg.org/#the-datatransfer-interface)
made by the constructor: a read/write drag data store, and its FileList for a file input."""

from __future__ import annotations

import pytest

import dom
from dom import tasks
from dom.html.data_transfer import DataTransfer, DataTransferItem, DataTransferItemList
from html_infra.blob import File
from webidl import NotSupportedError


def test_constructor_state() -> None:
    dt = DataTransfer()
    assert (dt.dropEffect, dt.effectAllowed, dt.types, dt.items.length, dt.files.length) == ("none", "none", (), 0, 0)
    assert dt.items is dt.items and dt.files is dt.files  # [SameObject]
    with pytest.raises(TypeError):
        DataTransferItemList()
    with pytest.raises(TypeError):
        DataTransferItem()


def test_effects_take_only_their_values() -> None:
    dt = DataTransfer()
    dt.dropEffect = "copy"
    dt.dropEffect = "copyMove"  # not a drop effect: ignored
    dt.effectAllowed = "copyMove"
    dt.effectAllowed = "bogus"
    assert (dt.dropEffect, dt.effectAllowed) == ("copy", "copyMove")


def test_strings() -> None:
    dt = DataTransfer()
    dt.setData("Text", "hello")  # "text" is text/plain, formats are lowercased
    dt.setData("URL", "# a comment\r\nhttps://example.org/a\r\nhttps://example.org/b")
    assert dt.types == ("text/plain", "text/uri-list")
    assert dt.getData("TEXT/PLAIN") == "hello" and dt.getData("text") == "hello"
    assert dt.getData("url") == "https://example.org/a"  # the first URL of the list
    assert dt.getData("text/uri-list").startswith("# a comment")
    assert dt.getData("text/html") == ""
    dt.setData("text/plain", "again")  # replaces the item, at the end of the list
    assert dt.types == ("text/uri-list", "text/plain") and dt.getData("text") == "again"
    dt.clearData("url")
    assert dt.types == ("text/plain",)
    item = dt.items.add("<b>x</b>", "Text/HTML")
    assert item is dt.items[1] and (item.kind, item.type) == ("string", "text/html")
    with pytest.raises(NotSupportedError):
        dt.items.add("twice", "text/html")
    seen: list[str] = []
    item.getAsString(seen.append)  # in a task
    item.getAsString(None)
    assert seen == [] and item.getAsFile() is None
    tasks.run_tasks()
    assert seen == ["<b>x</b>"]
    dt.clearData()
    assert dt.types == () and dt.items.length == 0
    assert (item.kind, item.type) == ("", "")  # its item left the store: the disabled mode
    item.getAsString(seen.append)
    tasks.run_tasks()
    assert seen == ["<b>x</b>"]


def test_files_for_a_file_input() -> None:
    dt = DataTransfer()
    cv = File([b"%PDF-"], "cv.pdf", {"type": "Application/PDF"})
    item = dt.items.add(cv)
    assert (item.kind, item.type) == ("file", "application/pdf")
    copy = item.getAsFile()
    assert copy is not cv and isinstance(copy, File) and (copy.name, copy.size, copy.type) == ("cv.pdf", 5, "application/pdf")
    dt.setData("text", "note")
    dt.clearData()  # strings only: the file stays
    assert dt.types == ("Files",) and dt.files.length == 1 and dt.files[0] is cv
    document = dom.parse_html("<form><input type=file name=cv></form>")
    file_input = document.querySelector("input")
    file_input.files = dt.files
    assert file_input.files.item(0) is cv and file_input.value == "C:\\fakepath\\cv.pdf"
    files = dt.files
    dt.items.remove(5)  # past the end: nothing
    dt.items.remove(0)
    assert files is dt.files and files.length == 0 and dt.types == ()  # live
    dt.items.add(cv)
    dt.items.clear()
    assert dt.items.length == 0


def test_add_resolves_its_overloads() -> None:
    # add(DOMString data, DOMString type) or add(File data), by argument count then type
    dt = DataTransfer()
    assert dt.items.add(7, "Text/X").type == "text/x" and dt.getData("text/x") == "7"  # a string overload
    with pytest.raises(TypeError):
        dt.items.add("a string without its type")
    item = dt.items.add(File([], "f.txt"), "text/plain")  # two arguments: the string overload, as in browsers
    assert (item.kind, dt.getData("text")) == ("string", "[object File]")
    assert dt.items.add(File([], "f.txt")).kind == "file"
