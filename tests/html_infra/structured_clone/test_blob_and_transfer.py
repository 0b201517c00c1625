"""Blob and File (https://w3c.github.io/FileAPI/) as values and as serializable objects, transfer
of ArrayBuffers (bytearray) with the views over them, and StructuredSerializeForStorage."""

from __future__ import annotations

import time

import pytest

import dom
from html_infra import Blob, File, structuredClone
from html_infra.structured_clone import (
    register_serializable,
    structured_deserialize,
    structured_serialize,
    structured_serialize_for_storage,
)
from webidl import DataCloneError, DOMException, undefined


def test_blob_constructor_parts_and_type() -> None:
    inner = Blob(["inner"])
    blob = Blob(["a\u00e9", b"\x00\x01", bytearray(b"BA"), memoryview(b"mv"), inner, 12, None], {"type": "Text/HTML"})
    assert blob.bytes() == b"a\xc3\xa9\x00\x01BAmvinner12null"
    assert blob.size == len(blob) == 20 and blob.type == "text/html"
    assert Blob().size == 0 and Blob(undefined).type == ""
    assert Blob(["\ud800"]).bytes() == b"\xef\xbf\xbd"  # USVString: a lone surrogate is U+FFFD
    assert Blob([], {"type": "a\u00e9/b"}).type == ""  # outside U+0020-U+007E: the empty string
    assert Blob([], {"type": "a\tb"}).type == ""
    for bad in ("abc", b"abc", None, 5):
        with pytest.raises(TypeError):
            Blob(bad)
    with pytest.raises(TypeError):
        Blob([], {"endings": "crlf"})
    assert Blob(["a\r\nb\rc\n"], {"endings": "native"}).bytes() == b"a\nb\nc\n"
    assert Blob(["a\r\nb"], {"endings": "transparent"}).bytes() == b"a\r\nb"


def test_blob_slice() -> None:
    blob = Blob(["0123456789"], {"type": "text/plain"})
    assert blob.slice().bytes() == b"0123456789" and blob.slice().type == ""
    assert blob.slice(2, 5).text() == "234"
    assert blob.slice(-3).text() == "789" and blob.slice(-30, -8).text() == "01"
    assert blob.slice(5, 2).size == 0 and blob.slice(20).size == 0
    assert blob.slice(0, 2**70).size == 10  # [Clamp] long long
    assert blob.slice(0, 1, "IMAGE/PNG").type == "image/png"
    assert blob.slice(0, 1, "\u0100").type == ""


def test_blob_reads() -> None:
    blob = Blob([b"\xef\xbb\xbfh\xc3\xa9\xff"])
    assert blob.text() == "h\u00e9\ufffd"  # UTF-8 decode: BOM stripped, errors replaced
    buffer = blob.arrayBuffer()
    assert isinstance(buffer, bytearray) and buffer == blob.bytes()
    buffer[0] = 0
    assert blob.bytes()[0] == 0xEF  # a copy


def test_file() -> None:
    before = time.time_ns() // 1_000_000
    file = File(["x", b"yz"], "notes.txt", {"type": "text/plain"})
    assert file.name == "notes.txt" and file.type == "text/plain" and file.text() == "xyz"
    assert before <= file.lastModified <= time.time_ns() // 1_000_000 + 1
    assert File([], "a/b", {"lastModified": 42}).lastModified == 42
    assert File([], "a/b").name == "a/b"  # the current FileAPI keeps the name as given
    assert isinstance(file, Blob) and file.webkitRelativePath == ""
    assert isinstance(file.slice(1), Blob) and not isinstance(file.slice(1), File)
    with pytest.raises(TypeError):
        File(["x"])  # type: ignore[call-arg]
    assert dom.File is File


def test_blob_and_file_clone() -> None:
    blob = Blob([b"data"], {"type": "application/x-thing"})
    file = File([b"%PDF"], "cv.pdf", {"type": "application/pdf", "lastModified": 1700000000000})
    clone = structuredClone({"blob": blob, "file": file, "again": file, "list": [blob, file]})
    assert type(clone["blob"]) is Blob and clone["blob"] is not blob
    assert clone["blob"].bytes() == b"data" and clone["blob"].type == "application/x-thing"
    cf = clone["file"]
    assert type(cf) is File and (cf.name, cf.type, cf.lastModified, cf.bytes()) == (
        "cv.pdf", "application/pdf", 1700000000000, b"%PDF")
    assert clone["again"] is cf and clone["list"][1] is cf and clone["list"][0] is clone["blob"]
    assert structured_serialize(file)["Type"] == "File"


def test_platform_objects_inside_arrays() -> None:
    error = DOMException("m", "NotFoundError")
    clone = structuredClone([error, [Blob(["x"])], (error,)])
    assert isinstance(clone[0], DOMException) and clone[0].name == "NotFoundError"
    assert clone[2][0] is clone[0] and clone[1][0].text() == "x"
    assert structuredClone(Blob(["top"])).text() == "top"


def test_transfer_detaches_and_views_follow() -> None:
    buffer = bytearray(b"abcdef")
    whole = memoryview(buffer)
    part = memoryview(buffer)[2:4]
    clone = structuredClone({"buf": buffer, "whole": whole, "part": part}, transfer=[buffer])
    assert buffer == bytearray() and len(buffer) == 0  # detached
    for view in (whole, part):  # released with their buffer
        with pytest.raises(ValueError):
            len(view)
    assert clone["buf"] == bytearray(b"abcdef") and clone["whole"].obj is clone["buf"]
    assert clone["part"].tobytes() == b"cd"
    clone["buf"][0] = ord("z")
    assert clone["whole"][0] == ord("z")


def test_transfer_errors() -> None:
    buffer = bytearray(b"ab")
    held = memoryview(buffer)  # exported outside the value: cannot be detached
    with pytest.raises(DataCloneError):
        structuredClone(buffer, transfer=[buffer])
    held.release()
    with pytest.raises(DataCloneError):
        structuredClone(None, transfer=[b"immutable"])
    with pytest.raises(DataCloneError):
        structuredClone(None, transfer=[memoryview(bytearray(1))])  # views are not transferable
    with pytest.raises(DataCloneError):
        structuredClone(None, transfer=[buffer, buffer])
    assert buffer == b"ab"
    assert structuredClone(None, transfer=[buffer]) is None and buffer == b""  # detached though not in the value


def test_serialize_for_storage() -> None:
    class Port:
        pass

    register_serializable("WebdomTestPort", Port, lambda p: {}, lambda d: Port(), for_storage=False)
    record = structured_serialize_for_storage({"file": File([b"1"], "a"), "n": [1, "x"]})
    value = structured_deserialize(record)
    assert value["file"].name == "a" and value["n"] == [1, "x"]
    assert isinstance(structuredClone(Port()), Port)
    with pytest.raises(DataCloneError):
        structured_serialize_for_storage([Port()])
    with pytest.raises(DataCloneError):
        structured_serialize_for_storage(lambda: 1)
