"""What the parse functions accept, checked before parsing: markup, a document URL, an encoding label.

A browser receives a byte stream, a URL and a transport charset; a Python caller may hand over
something else by mistake (a file object's ``repr``, an int, a relative URL, a misspelt label).
Parsing ``str(thing)`` would give a document that looks plausible and is wrong, so each mistake
is a clear TypeError or ValueError naming what was expected.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import IO, Any, Union

__all__ = ["Markup", "read_markup", "document_url", "encoding_label"]

#: What ``parse_html``/``parse_xml`` accept: text, bytes-like data, an open file (binary or
#: text), or a filesystem path (``pathlib.Path``; a ``str`` is always markup, never a path).
Markup = Union[str, bytes, bytearray, memoryview, IO[bytes], IO[str], "os.PathLike[str]"]


def _type_name(value: object) -> str:
    return type(value).__qualname__


def read_markup(markup: Any, function: str) -> str | bytes:
    """The text or bytes of *markup* (see :data:`Markup`); TypeError for anything else."""
    if isinstance(markup, str):
        return markup
    if isinstance(markup, (bytes, bytearray, memoryview)):
        return bytes(markup)
    if isinstance(markup, os.PathLike):
        path = os.fspath(markup)
        if not isinstance(path, str):
            path = os.fsdecode(path)
        with open(path, "rb") as file:
            return file.read()
    read = getattr(markup, "read", None)
    if callable(read):
        data = read()
        if isinstance(data, (str, bytes)):
            return data
        if isinstance(data, (bytearray, memoryview)):
            return bytes(data)
        raise TypeError(f"{function}(): {_type_name(markup)}.read() returned {_type_name(data)}, not str or bytes")
    raise TypeError(
        f"{function}() takes markup as str, bytes, a file object opened for reading or an os.PathLike "
        f"path, not {_type_name(markup)}"
    )


def document_url(url: Any, function: str) -> str:
    """*url* serialized, if it is an absolute URL (https://url.spec.whatwg.org/#absolute-url-string).

    A document's URL is a URL record, never relative: a relative *url* would leave every link
    of the document unresolvable, so it raises ValueError; a non-str raises TypeError."""
    if not isinstance(url, str):
        raise TypeError(f"{function}(): url must be a str, not {_type_name(url)}")
    serialized = _absolute_url(url)
    if serialized is None:
        raise ValueError(f"{function}(): url {url!r} is not an absolute URL (e.g. 'https://example.org/page.html')")
    return serialized


@lru_cache(maxsize=256)
def _absolute_url(url: str) -> str | None:
    # A crawl parses many documents with one URL (about:blank, or pages of one site): the URL
    # parser runs once per distinct string.
    # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
    from html_infra.url.parser import basic_url_parse
    from html_infra.url.record import serialize_url

    record = basic_url_parse(url)
    return None if record is None else serialize_url(record)


def encoding_label(encoding: Any, function: str) -> str | None:
    """The encoding's name for the label *encoding* (https://encoding.spec.whatwg.org/#concept-encoding-get),
    None for None; ValueError for an unknown label (a browser ignores a bad HTTP charset, but
    an argument with a typo is the caller's mistake), TypeError for a non-str."""
    if encoding is None:
        return None
    if not isinstance(encoding, str):
        raise TypeError(f"{function}(): encoding must be a str label or None, not {_type_name(encoding)}")
    # lazy: the encodings (their label table, read from JSON) load at the first bytes decoded or label looked up
    from html_infra.encoding.encodings import get_an_encoding

    name = get_an_encoding(encoding)
    if name is None:
        raise ValueError(f"{function}(): unknown encoding label {encoding!r} (e.g. 'utf-8', 'windows-1252')")
    return name
