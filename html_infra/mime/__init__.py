"""The MIME Sniffing Standard: MIME type records, groups and resource sniffing.

https://mimesniff.spec.whatwg.org/

>>> from html_infra.mime import parse_mime_type
>>> t = parse_mime_type('Text/HTML; Charset="Shift_JIS"; charset=x')
>>> t.essence, t.parameters, str(t)
('text/html', {'charset': 'Shift_JIS'}, 'text/html;charset=Shift_JIS')
"""

from __future__ import annotations

import re
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..infra import ascii_lowercase, isomorphic_decode, isomorphic_encode

if TYPE_CHECKING:
    from .sniffing import (
        identify_unknown_mime_type,
        match_archive_type_pattern,
        match_audio_or_video_type_pattern,
        match_font_type_pattern,
        match_image_type_pattern,
        mime_type_sniffing_algorithm,
        pattern_matches,
        text_or_binary,
    )

__all__ = [
    "MIMEType",
    "parse_mime_type",
    "parse_mime_type_from_bytes",
    "serialize_mime_type",
    "serialize_mime_type_to_bytes",
    "minimize_supported_mime_type",
    "SUPPORTED_ESSENCES",
    "JAVASCRIPT_ESSENCES",
    "is_javascript_mime_type_essence_match",
    "identify_unknown_mime_type",
    "match_archive_type_pattern",
    "match_audio_or_video_type_pattern",
    "match_font_type_pattern",
    "match_image_type_pattern",
    "mime_type_sniffing_algorithm",
    "pattern_matches",
    "text_or_binary",
]

# The sniffing functions (and their byte-pattern tables) load when first used (PEP 562): parsing a
# document reads MIME types but sniffs no resource.
_SNIFFING = ("identify_unknown_mime_type", "match_archive_type_pattern", "match_audio_or_video_type_pattern",
             "match_font_type_pattern", "match_image_type_pattern", "mime_type_sniffing_algorithm", "pattern_matches",
             "text_or_binary")


def __getattr__(name: str) -> Any:
    if name not in _SNIFFING:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.sniffing"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_SNIFFING))

# https://mimesniff.spec.whatwg.org/#http-token-code-point
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
# https://mimesniff.spec.whatwg.org/#http-quoted-string-token-code-point
_QUOTED_STRING_TOKEN = re.compile("[\t\x20-\x7e\x80-\xff]*")
_HTTP_WHITESPACE = "\t\n\r "


def _collect_http_quoted_string(input: str, position: int) -> tuple[str, int]:
    """https://fetch.spec.whatwg.org/#collect-an-http-quoted-string with extract-value true."""
    assert input[position] == '"'
    position += 1
    value = []
    n = len(input)
    while True:
        start = position
        while position < n and input[position] not in '"\\':
            position += 1
        value.append(input[start:position])
        if position >= n:
            break
        quote_or_backslash = input[position]
        position += 1
        if quote_or_backslash == "\\":
            if position >= n:
                value.append("\\")
                break
            value.append(input[position])
            position += 1
        else:
            break
    return "".join(value), position


class MIMEType:
    """https://mimesniff.spec.whatwg.org/#mime-type -- ``str()`` serializes it."""

    __slots__ = ("type", "subtype", "parameters")

    def __init__(self, type: str, subtype: str, parameters: dict[str, str] | None = None) -> None:
        self.type = type
        self.subtype = subtype
        self.parameters: dict[str, str] = {} if parameters is None else parameters

    @property
    def essence(self) -> str:
        """https://mimesniff.spec.whatwg.org/#mime-type-essence"""
        return f"{self.type}/{self.subtype}"

    def serialize(self) -> str:
        return serialize_mime_type(self)

    __str__ = serialize

    def __repr__(self) -> str:
        return f"MIMEType({serialize_mime_type(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MIMEType):
            return (self.type, self.subtype, list(self.parameters.items())) == (
                other.type, other.subtype, list(other.parameters.items()),
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # parameters are mutable (typeshed types __hash__ as a method)

    # -- MIME type groups (https://mimesniff.spec.whatwg.org/#mime-type-groups) --------------

    @property
    def is_image(self) -> bool:
        return self.type == "image"

    @property
    def is_audio_or_video(self) -> bool:
        return self.type in ("audio", "video") or self.essence == "application/ogg"

    @property
    def is_font(self) -> bool:
        return self.type == "font" or self.essence in _FONT_ESSENCES

    @property
    def is_zip_based(self) -> bool:
        return self.subtype.endswith("+zip") or self.essence == "application/zip"

    @property
    def is_archive(self) -> bool:
        return self.essence in ("application/x-rar-compressed", "application/zip", "application/x-gzip")

    @property
    def is_xml(self) -> bool:
        return self.subtype.endswith("+xml") or self.essence in ("text/xml", "application/xml")

    @property
    def is_html(self) -> bool:
        return self.essence == "text/html"

    @property
    def is_scriptable(self) -> bool:
        return self.is_xml or self.is_html or self.essence == "application/pdf"

    @property
    def is_javascript(self) -> bool:
        return self.essence in JAVASCRIPT_ESSENCES

    @property
    def is_json(self) -> bool:
        return self.subtype.endswith("+json") or self.essence in ("application/json", "text/json")

    def groups(self) -> list[str]:
        """The names of the groups this type belongs to, as the WPT data spells them."""
        names = [
            ("image", self.is_image), ("audio or video", self.is_audio_or_video), ("font", self.is_font),
            ("ZIP-based", self.is_zip_based), ("archive", self.is_archive), ("XML", self.is_xml),
            ("HTML", self.is_html), ("scriptable", self.is_scriptable), ("JavaScript", self.is_javascript),
            ("JSON", self.is_json),
        ]
        return [name for name, member in names if member]


_FONT_ESSENCES = frozenset({
    "application/font-cff", "application/font-otf", "application/font-sfnt", "application/font-ttf",
    "application/font-woff", "application/vnd.ms-fontobject", "application/vnd.ms-opentype",
})
# https://mimesniff.spec.whatwg.org/#javascript-mime-type
JAVASCRIPT_ESSENCES = frozenset({
    "application/ecmascript", "application/javascript", "application/x-ecmascript", "application/x-javascript",
    "text/ecmascript", "text/javascript", "text/javascript1.0", "text/javascript1.1", "text/javascript1.2",
    "text/javascript1.3", "text/javascript1.4", "text/javascript1.5", "text/jscript", "text/livescript",
    "text/x-ecmascript", "text/x-javascript",
})


def is_javascript_mime_type_essence_match(s: str) -> bool:
    """https://mimesniff.spec.whatwg.org/#javascript-mime-type-essence-match"""
    return s.isascii() and s.lower() in JAVASCRIPT_ESSENCES


def parse_mime_type(input: str) -> MIMEType | None:
    """https://mimesniff.spec.whatwg.org/#parse-a-mime-type -- a MIMEType, or None for failure."""
    input = input.strip(_HTTP_WHITESPACE)  # step 1
    n = len(input)
    slash = input.find("/")  # steps 2-3
    if slash <= 0 or not _TOKEN.fullmatch(input, 0, slash):  # step 4
        return None
    position = slash + 1  # steps 5-6 (slash found, so position is not past the end)
    semicolon = input.find(";", position)  # step 7
    if semicolon == -1:
        semicolon = n
    subtype = input[position:semicolon].rstrip(_HTTP_WHITESPACE)  # step 8
    if not subtype or not _TOKEN.fullmatch(subtype):  # step 9
        return None
    mime = MIMEType(input[:slash].lower(), subtype.lower())  # step 10 (tokens are ASCII)
    position = semicolon
    parameters = mime.parameters
    while position < n:  # step 11
        position += 1  # skip ";"
        while position < n and input[position] in _HTTP_WHITESPACE:
            position += 1
        start = position
        while position < n and input[position] not in ";=":
            position += 1
        name = ascii_lowercase(input[start:position])
        if position < n:
            if input[position] == ";":
                continue
            position += 1  # skip "="
        if position >= n:
            break
        if input[position] == '"':
            value, position = _collect_http_quoted_string(input, position)
            while position < n and input[position] != ";":
                position += 1
        else:
            start = position
            while position < n and input[position] != ";":
                position += 1
            value = input[start:position].rstrip(_HTTP_WHITESPACE)
            if value == "":
                continue
        if (
            name
            and _TOKEN.fullmatch(name)
            and _QUOTED_STRING_TOKEN.fullmatch(value)
            and name not in parameters
        ):
            parameters[name] = value
    return mime


def parse_mime_type_from_bytes(input: bytes) -> MIMEType | None:
    """https://mimesniff.spec.whatwg.org/#parse-a-mime-type-from-bytes"""
    return parse_mime_type(isomorphic_decode(input))


def serialize_mime_type(mime: MIMEType) -> str:
    """https://mimesniff.spec.whatwg.org/#serialize-a-mime-type"""
    parts = [mime.type, "/", mime.subtype]
    for name, value in mime.parameters.items():
        parts += [";", name, "="]
        if value == "" or not _TOKEN.fullmatch(value):
            value = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        parts.append(value)
    return "".join(parts)


def serialize_mime_type_to_bytes(mime: MIMEType) -> bytes:
    """https://mimesniff.spec.whatwg.org/#serialize-a-mime-type-to-bytes"""
    return isomorphic_encode(serialize_mime_type(mime))


# What this library "supports" in the sense of
# https://mimesniff.spec.whatwg.org/#supported-by-the-user-agent: it interprets HTML, XML and
# text, and it can identify (sniff) these image, audio and video types.
SUPPORTED_ESSENCES = frozenset({
    "text/html", "text/plain", "text/css", "image/png", "image/gif", "image/jpeg", "image/webp", "image/bmp",
    "image/x-icon", "audio/mpeg", "audio/wave", "audio/aiff", "audio/midi", "application/ogg", "video/mp4",
    "video/webm", "video/avi",
})


def minimize_supported_mime_type(mime: MIMEType) -> str:
    """https://mimesniff.spec.whatwg.org/#minimize-a-supported-mime-type"""
    if mime.is_javascript:
        return "text/javascript"
    if mime.is_json:
        return "application/json"
    if mime.essence == "image/svg+xml":
        return "image/svg+xml"
    if mime.is_xml:
        return "application/xml"
    if mime.essence in SUPPORTED_ESSENCES:
        return mime.essence
    return ""
