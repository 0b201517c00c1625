"""A response's MIME type from its ``Content-Type`` header lines, as the Fetch Standard reads it.

The charset a page is decoded with comes from here, so several lines, quoted commas and a
later ``*/*`` must be read as a browser reads them, not with ``str.split(";")``.
"""

from __future__ import annotations

from collections.abc import Iterable

from html_infra.mime import MIMEType, parse_mime_type

__all__ = ["get_decode_and_split", "extract_a_mime_type"]

_HTTP_TAB_OR_SPACE = "\t "


def _skip_http_quoted_string(input: str, position: int) -> int:
    """https://fetch.spec.whatwg.org/#collect-an-http-quoted-string with extract-value false:
    where the quoted string starting at *position* ends (the caller keeps the text as it is)."""
    position += 1  # the opening quote
    while position < len(input):
        c = input[position]
        position += 1
        if c == "\\":
            if position >= len(input):
                break
            position += 1
        elif c == '"':
            break
    return position


def get_decode_and_split(value: str) -> list[str]:
    """https://fetch.spec.whatwg.org/#header-value-get-decode-and-split of a header's combined
    (", "-joined, isomorphic-decoded) value: split on commas outside quoted strings."""
    position = 0
    values: list[str] = []
    temporary_value = ""
    while True:
        start = position
        while position < len(value) and value[position] not in '",':
            position += 1
        temporary_value += value[start:position]
        if position < len(value) and value[position] == '"':
            end = _skip_http_quoted_string(value, position)
            temporary_value += value[position:end]
            position = end
            if position < len(value):
                continue
        values.append(temporary_value.strip(_HTTP_TAB_OR_SPACE))
        temporary_value = ""
        if position >= len(value):
            return values
        position += 1  # the comma


def extract_a_mime_type(header_values: Iterable[str]) -> MIMEType | None:
    """https://fetch.spec.whatwg.org/#concept-header-extract-mime-type over the values of a
    response's ``Content-Type`` header lines (in order); None for failure.  A later line with the
    same essence and no charset keeps the earlier line's charset; ``*/*`` and unparsable values
    are skipped."""
    lines = list(header_values)
    if not lines:  # step 5: no Content-Type header
        return None
    charset: str | None = None
    essence: str | None = None
    mime_type: MIMEType | None = None
    for value in get_decode_and_split(", ".join(lines)):  # step 6
        temporary = parse_mime_type(value)
        if temporary is None or temporary.essence == "*/*":
            continue
        mime_type = temporary
        if mime_type.essence != essence:
            charset = mime_type.parameters.get("charset")
            essence = mime_type.essence
        elif "charset" not in mime_type.parameters and charset is not None:
            mime_type.parameters["charset"] = charset
    return mime_type
