"""Blob and File (https://w3c.github.io/FileAPI/): immutable bytes with a MIME type, and a name.

``Blob(["<p>", b"bytes", other_blob], {"type": "text/html"})`` and
``File([b"%PDF-1"], "cv.pdf", {"type": "application/pdf"})`` as in JS.  The read methods
that return promises in JS (``text()``, ``bytes()``, ``arrayBuffer()``) return their value
directly: the bytes are in memory, there is nothing to wait for.  ``stream()`` is not provided
(no Streams here).  Both are serializable objects for structured clone
(https://w3c.github.io/FileAPI/#blob-section, "Blob objects are serializable objects").
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeAlias

from webidl import BufferSource
from webidl.operations import operations

from .infra import ascii_lowercase

if TYPE_CHECKING:
    from webidl.dictionary_types import BlobPropertyBag, FilePropertyBag

__all__ = ["Blob", "BlobPart", "File"]

# https://w3c.github.io/FileAPI/#typedefdef-blobpart
BlobPart: TypeAlias = "BufferSource | Blob | str"


def _is_ascii_printable(s: str) -> bool:
    return all("\x20" <= c <= "\x7e" for c in s)


def _blob_type(value: str) -> str:
    """The type normalisation of the constructors and slice(): a string with a code point
    outside U+0020-U+007E becomes "", otherwise it is ASCII-lowercased."""
    return ascii_lowercase(value) if _is_ascii_printable(value) else ""


def _convert_line_endings_to_native(s: str) -> str:
    """https://w3c.github.io/FileAPI/#convert-line-endings-to-native"""
    native = "\r\n" if os.linesep == "\r\n" else "\n"
    return s.replace("\r\n", "\n").replace("\r", "\n").replace("\n", native)


def _process_blob_parts(parts: Iterable[BlobPart], endings: str) -> bytes:
    """https://w3c.github.io/FileAPI/#process-blob-parts (of parts converted to sequence<BlobPart>)."""
    out = bytearray()
    for element in parts:
        if isinstance(element, Blob):
            out += element._bytes
        elif isinstance(element, str):  # USVString
            s = _convert_line_endings_to_native(element) if endings == "native" else element
            out += s.encode("utf-8")
        else:  # a BufferSource: a copy of its bytes
            out += memoryview(element).tobytes()
    return bytes(out)




@operations("Blob", "__init__", "slice")
class Blob:
    """https://w3c.github.io/FileAPI/#blob-section"""

    __slots__ = ("_bytes", "_type")

    def __init__(self, blobParts: Iterable[BlobPart] = (),  # noqa: N803 -- IDL name
                 options: BlobPropertyBag = {}) -> None:  # noqa: B006 -- read only, as the IDL's "= {}"
        """https://w3c.github.io/FileAPI/#constructorBlob"""
        self._bytes = _process_blob_parts(blobParts, options["endings"])
        self._type = _blob_type(options["type"])

    @classmethod
    def _from(cls, data: bytes, type_: str) -> Blob:
        blob = cls.__new__(cls)
        blob._bytes = bytes(data)
        blob._type = type_
        return blob

    @property
    def size(self) -> int:
        """https://w3c.github.io/FileAPI/#dfn-size"""
        return len(self._bytes)

    @property
    def type(self) -> str:
        """https://w3c.github.io/FileAPI/#dfn-type"""
        return self._type

    def slice(self, start: int | None = None, end: int | None = None, contentType: str | None = None) -> Blob:  # noqa: N803
        """https://w3c.github.io/FileAPI/#dfn-slice -- negative offsets count from the end (None:
        not given)."""
        size = len(self._bytes)
        relative_start = 0 if start is None else _relative(start, size)
        relative_end = size if end is None else _relative(end, size)
        content_type = "" if contentType is None else _blob_type(contentType)
        span = max(relative_end - relative_start, 0)
        return Blob._from(self._bytes[relative_start : relative_start + span], content_type)

    def bytes(self) -> bytes:
        """https://w3c.github.io/FileAPI/#dom-blob-bytes (the bytes, not a promise)."""
        return self._bytes

    def arrayBuffer(self) -> bytearray:  # noqa: N802 -- IDL name
        """https://w3c.github.io/FileAPI/#dom-blob-arraybuffer (a new buffer, not a promise)."""
        return bytearray(self._bytes)

    def text(self) -> str:
        """https://w3c.github.io/FileAPI/#dom-blob-text -- UTF-8 decode (BOM stripped, errors
        replaced)."""
        data = self._bytes
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        return data.decode("utf-8", "replace")

    def __len__(self) -> int:
        return len(self._bytes)

    def __str__(self) -> str:
        # JS String(blob): what a Blob becomes where a string is expected (a URLSearchParams
        # built from a FormData holding files, a Blob part that is not a Blob part).
        return f"[object {type(self).__name__}]"

    def __repr__(self) -> str:
        return f"<Blob size={self.size} type={self._type!r}>"


def _relative(value: int, size: int) -> int:
    return max(size + value, 0) if value < 0 else min(value, size)


@operations("File", "__init__")
class File(Blob):
    """https://w3c.github.io/FileAPI/#file-section"""

    __slots__ = ("_name", "_last_modified")
    _last_modified: int

    def __init__(self, fileBits: Iterable[BlobPart], fileName: str,  # noqa: N803 -- IDL names
                 options: FilePropertyBag = {}) -> None:  # noqa: B006 -- read only, as the IDL's "= {}"
        """https://w3c.github.io/FileAPI/#file-constructor"""
        self._bytes = _process_blob_parts(fileBits, options["endings"])
        self._name = fileName
        self._type = _blob_type(options["type"])
        if "lastModified" in options:
            self._last_modified = options["lastModified"]
        else:  # the current date and time, in milliseconds since the epoch
            self._last_modified = time.time_ns() // 1_000_000

    @property
    def name(self) -> str:
        """https://w3c.github.io/FileAPI/#dfn-name"""
        return self._name

    @property
    def lastModified(self) -> int:  # noqa: N802 -- IDL name
        """https://w3c.github.io/FileAPI/#dfn-lastModified"""
        return self._last_modified

    @property
    def webkitRelativePath(self) -> str:  # noqa: N802 -- IDL name
        """https://wicg.github.io/entries-api/#dom-file-webkitrelativepath ("" here: no directory
        was picked)."""
        return ""

    def __repr__(self) -> str:
        return f"<File {self._name!r} size={self.size} type={self._type!r}>"


def _serialize_blob(blob: Blob) -> dict[str, Any]:
    """Blob's serialization steps: its snapshot (the bytes), size and type."""
    return {"ByteSequence": blob._bytes, "type": blob._type}


def _deserialize_blob(data: dict[str, Any]) -> Blob:
    return Blob._from(data["ByteSequence"], data["type"])


def _serialize_file(file: File) -> dict[str, Any]:
    """File's serialization steps: the Blob's, plus name and lastModified."""
    return {**_serialize_blob(file), "name": file._name, "lastModified": file._last_modified}


def _deserialize_file(data: dict[str, Any]) -> File:
    file = File.__new__(File)
    file._bytes, file._type = data["ByteSequence"], data["type"]
    file._name, file._last_modified = data["name"], data["lastModified"]
    return file

