"""Determining the character encoding of an HTML byte stream.

https://html.spec.whatwg.org/#determining-the-character-encoding
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from .encodings import bom_sniff, get_an_encoding

__all__ = [
    "sniff_html_encoding",
    "prescan_for_encoding",
    "extract_character_encoding_from_meta",
    "get_an_xml_encoding",
    "change_the_encoding",
    "PRESCAN_LIMIT",
]

# The spec encourages prescanning only the first 1024 bytes.
PRESCAN_LIMIT = 1024

# The prescan's byte loop in C (html_infra/encoding/sniffing_speedups.c, in the package's optional
# extension): the attributes of the next meta start tag from a position, and the position after
# it, or None when the bytes run out.  _prescan below is the reference it follows.
_next_meta: Callable[[bytes, int], tuple[list[tuple[str, str]], int] | None] | None = None
if not os.environ.get("WEBDOM_PURE_PYTHON"):
    try:
        from _webdom_speedups import next_meta as _next_meta
    except ImportError:  # built without a C compiler, or from a source tree
        _next_meta = None

_SPACE = b"\t\n\x0c\r "
_SPACE_OR_SLASH = b"\t\n\x0c\r /"


class _OutOfBytes(Exception):
    """The prescan ran past the bytes it may look at."""


def extract_character_encoding_from_meta(s: str) -> str | None:
    """https://html.spec.whatwg.org/#algorithm-for-extracting-a-character-encoding-from-a-meta-element"""
    position = 0
    lower = s.lower() if s.isascii() else "".join(c.lower() if c <= "\x7f" else c for c in s)
    n = len(s)
    while True:
        found = lower.find("charset", position)  # loop
        if found == -1:
            return None
        position = found + 7
        while position < n and s[position] in "\t\n\x0c\r ":
            position += 1
        if position >= n or s[position] != "=":
            continue  # position is just before that next character
        position += 1
        while position < n and s[position] in "\t\n\x0c\r ":
            position += 1
        if position >= n:
            return None
        c = s[position]
        if c in "\"'":
            end = s.find(c, position + 1)
            if end == -1:
                return None
            return get_an_encoding(s[position + 1 : end])
        end = position
        while end < n and s[end] not in "\t\n\x0c\r ;":
            end += 1
        return get_an_encoding(s[position:end])


def _is_ascii_alpha_byte(data: bytes, p: int) -> bool:
    return p < len(data) and (0x41 <= data[p] <= 0x5A or 0x61 <= data[p] <= 0x7A)


# Runs of bytes the steps below pass over one at a time, adding each to the name or the value:
# read at once (the spec's byte-by-byte loops, with the same stopping bytes).
_NAME_RUN = re.compile(rb"[^=\t\n\x0c\r />]*")
_UNQUOTED_RUN = re.compile(rb"[^\t\n\x0c\r >]*")


def _lowered(run: bytes) -> str:
    """The bytes of *run* as the steps add them: A-Z as a-z, any other byte as the code point
    of its value (bytes.lower changes ASCII letters only; latin-1 maps each byte to its value)."""
    return run.lower().decode("latin-1")


def _get_attribute(data: bytes, position: int) -> tuple[tuple[str, str] | None, int]:
    """https://html.spec.whatwg.org/#concept-get-attributes-when-sniffing -> (attribute, position)."""
    n = len(data)

    def at(p: int) -> int:
        if p >= n:
            raise _OutOfBytes
        return data[p]

    while at(position) in _SPACE_OR_SLASH:  # step 1
        position += 1
    if at(position) == 0x3E:  # step 2
        return None, position
    name: list[str] = []  # step 3 (the value is read in one piece below)
    while True:  # steps 4-5
        b = at(position)
        if b == 0x3D and name:
            position += 1
            break  # to "value"
        if b in _SPACE:
            # Spaces (steps 6-8).
            while at(position) in _SPACE:
                position += 1
            if at(position) != 0x3D:
                return ("".join(name), ""), position
            position += 1
            break
        if b == 0x2F or b == 0x3E:
            return ("".join(name), ""), position
        name.append(chr(b + 0x20) if 0x41 <= b <= 0x5A else chr(b))
        position += 1
        run = _NAME_RUN.match(data, position)  # the bytes that step 5 adds to the name as it goes
        assert run is not None  # (a possibly empty run always matches)
        name.append(_lowered(run.group()))
        position = run.end()
    while at(position) in _SPACE:  # step 9: value
        position += 1
    b = at(position)  # step 10
    if b in (0x22, 0x27):
        end = data.find(b, position + 1)  # the bytes before the closing quote are the value
        if end < 0:
            raise _OutOfBytes
        return ("".join(name), _lowered(data[position + 1 : end])), end + 1
    if b == 0x3E:
        return ("".join(name), ""), position
    run = _UNQUOTED_RUN.match(data, position)  # steps 10-12: up to a space or ">"
    assert run is not None
    if run.end() >= n:
        raise _OutOfBytes
    return ("".join(name), _lowered(run.group())), run.end()


def prescan_for_encoding(data: bytes, limit: int = PRESCAN_LIMIT) -> str | None:
    """https://html.spec.whatwg.org/#prescan-a-byte-stream-to-determine-its-encoding

    Looks at the first *limit* bytes (the end condition).  Returns an encoding name or None.
    """
    data = data[:limit]
    # Step 2: UTF-16 XML declarations.
    if data.startswith(b"<\x00?\x00x\x00"):
        return "UTF-16LE"
    if data.startswith(b"\x00<\x00?\x00x"):
        return "UTF-16BE"
    if _next_meta is not None:  # (every page parsed from bytes comes here: no exception on the way)
        position = 0
        while (found := _next_meta(data, position)) is not None:
            attributes, position = found
            encoding = _declared_by_meta(attributes)
            if encoding is not None:
                return encoding
        return get_an_xml_encoding(data)
    if b"<meta" not in data.lower():
        # Only a meta element's attributes make the loop return: without one it runs to the
        # end of the bytes, where the prescan ends ("out of bytes").
        return get_an_xml_encoding(data)
    try:
        return _prescan(data)
    except _OutOfBytes:
        return get_an_xml_encoding(data)


def _prescan(data: bytes) -> str | None:
    """Step 3's loop over *data*, a meta start tag in it (the reference of the C loop)."""
    n = len(data)
    position = 0
    while position < n:  # step 3: loop
        if data[position] != 0x3C:
            # Every case below starts at a "<"; any other byte is passed over ("do nothing with
            # that byte"), so go straight to the next "<".
            position = data.find(b"<", position)
            if position == -1:
                raise _OutOfBytes
        if data.startswith(b"<!--", position):
            end = data.find(b"-->", position + 2)
            if end == -1:
                raise _OutOfBytes
            position = end + 2
        elif (
            data[position : position + 5].lower() == b"<meta"
            and position + 5 < n
            and data[position + 5] in _SPACE_OR_SLASH
        ):
            position += 5
            attributes = []
            while True:  # step 6: attributes
                attribute, position = _get_attribute(data, position)
                if attribute is None:
                    break
                attributes.append(attribute)
            encoding = _declared_by_meta(attributes)
            if encoding is not None:
                return encoding
        elif data[position] == 0x3C and (
            _is_ascii_alpha_byte(data, position + 1)
            or (data[position + 1 : position + 2] == b"/" and _is_ascii_alpha_byte(data, position + 2))
        ):
            run = _UNQUOTED_RUN.match(data, position)  # to a space or ">"
            assert run is not None  # (a possibly empty run always matches)
            position = run.end()
            if position >= n:
                raise _OutOfBytes
            while True:
                attribute, position = _get_attribute(data, position)
                if attribute is None:
                    break
        elif data[position : position + 2] in (b"<!", b"</", b"<?"):
            end = data.find(b">", position + 1)
            if end == -1:
                raise _OutOfBytes
            position = end
        position += 1  # next byte
    raise _OutOfBytes


def _declared_by_meta(attributes: list[tuple[str, str]]) -> str | None:
    """Steps 2-16 of the meta case of the prescan's loop, given the tag's attributes in order:
    the encoding it declares, or None (go on to the next byte)."""
    attribute_names: set[str] = set()
    got_pragma = False
    need_pragma: bool | None = None
    charset: str | None | bool = None  # None: null; False: failure
    for name, value in attributes:
        if name in attribute_names:  # step 7
            continue
        attribute_names.add(name)
        if name == "http-equiv":  # step 9
            if value == "content-type":
                got_pragma = True
        elif name == "content":
            encoding = extract_character_encoding_from_meta(value)
            if encoding is not None and charset is None:
                charset = encoding
                need_pragma = True
        elif name == "charset":
            encoding = get_an_encoding(value)
            charset = encoding if encoding is not None else False
            need_pragma = False
    # Processing (steps 11-16)
    if need_pragma is None or (need_pragma and not got_pragma) or not charset:
        return None
    assert isinstance(charset, str)
    if charset in ("UTF-16BE", "UTF-16LE"):
        return "UTF-8"
    if charset == "x-user-defined":
        return "windows-1252"
    return charset


def get_an_xml_encoding(data: bytes) -> str | None:
    """https://html.spec.whatwg.org/#concept-get-xml-encoding-when-sniffing"""
    if not data.startswith(b"<?xml"):
        return None
    end = data.find(b">")
    if end == -1:
        return None
    position = data.find(b"encoding", 0)
    if position == -1:
        return None
    position += 8
    n = len(data)
    while position < n and data[position] <= 0x20:
        position += 1
    if position >= n or data[position] != 0x3D:
        return None
    position += 1
    while position < n and data[position] <= 0x20:
        position += 1
    if position >= n or data[position] not in (0x22, 0x27):
        return None
    quote = data[position]
    position += 1
    end_position = data.find(bytes([quote]), position)
    if end_position == -1:
        return None
    potential = data[position:end_position]
    if any(b <= 0x20 for b in potential):
        return None
    encoding = get_an_encoding(potential.decode("latin-1"))
    if encoding in ("UTF-16BE", "UTF-16LE"):
        return "UTF-8"
    return encoding


def sniff_html_encoding(
    data: bytes,
    transport_charset: str | None = None,
    default: str = "windows-1252",
    container_encoding: str | None = None,
) -> tuple[str, str]:
    """https://html.spec.whatwg.org/#determining-the-character-encoding -> (encoding, confidence).

    Confidence is "certain" (BOM or transport layer) or "tentative".  *transport_charset* is the
    charset parameter of the Content-Type header, if any; *default* is the last resort (the
    spec's table suggests windows-1252 for most locales).  *container_encoding* is, for a
    frame's document, the character encoding of its container document when the two are same
    origin (the caller checks that part of step 6).
    """
    bom = bom_sniff(data)  # step 1
    if bom is not None:
        return bom, "certain"
    if transport_charset is not None:  # step 4
        encoding = get_an_encoding(transport_charset)
        if encoding is not None:
            return encoding, "certain"
    encoding = prescan_for_encoding(data)  # step 5
    if encoding is not None:
        return encoding, "tentative"
    if container_encoding is not None and container_encoding not in ("UTF-16BE", "UTF-16LE"):  # step 6
        return container_encoding, "tentative"
    return default, "tentative"  # step 9


def change_the_encoding(current: str, new: str) -> str | None:
    """https://html.spec.whatwg.org/#changing-the-encoding-while-parsing, for a parser that met
    *new* (an encoding name) in a ``meta`` element while decoding with *current* at tentative
    confidence.  Returns the encoding to re-decode the whole input with, or None when the
    encoding stays; either way the confidence is "certain" afterwards.

    Step 5 (switching decoders on the fly when the bytes read so far decode the same in both)
    and step 6 (navigating again with the new encoding) give the same result for a complete
    input, which is re-decoded here in full.
    """
    if current in ("UTF-16BE", "UTF-16LE"):  # step 1
        return None
    if new in ("UTF-16BE", "UTF-16LE"):  # step 2
        new = "UTF-8"
    if new == "x-user-defined":  # step 3
        new = "windows-1252"
    if new == current:  # step 4: names here are the encodings' canonical names
        return None
    return new  # steps 5-6
