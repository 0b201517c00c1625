"""HTTP methods and header names and values as the Fetch Standard defines them
(https://fetch.spec.whatwg.org/#methods, https://fetch.spec.whatwg.org/#terminology-headers).

Byte sequences are kept as ``str`` of code points U+0000..U+00FF (a ByteString's value), as the
binding hands them over.
"""

from __future__ import annotations

import re

from ..mime import parse_mime_type

__all__ = [
    "is_cors_safelisted_request_header",
    "is_forbidden_method",
    "is_forbidden_request_header",
    "is_forbidden_response_header_name",
    "is_header_name",
    "is_header_value",
    "is_method",
    "is_null_body_status",
    "is_redirect_status",
    "normalize_header_value",
    "normalize_method",
]

# https://httpwg.org/specs/rfc9110.html#tokens: token = 1*tchar
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
HTTP_WHITESPACE = "\t\n\r "
_FORBIDDEN_METHODS = frozenset(("CONNECT", "TRACE", "TRACK"))
_NORMALIZED_METHODS = frozenset(("DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"))
_FORBIDDEN_REQUEST_HEADER_NAMES = frozenset((
    "accept-charset", "accept-encoding", "access-control-request-headers", "access-control-request-method",
    "connection", "content-length", "cookie", "cookie2", "date", "dnt", "expect", "host", "keep-alive",
    "origin", "referer", "set-cookie", "te", "trailer", "transfer-encoding", "upgrade", "via",
))
_METHOD_OVERRIDE_NAMES = frozenset(("x-http-method", "x-http-method-override", "x-method-override"))


def is_method(method: str) -> bool:
    """https://fetch.spec.whatwg.org/#concept-method: a token."""
    return _TOKEN.fullmatch(method) is not None


def is_forbidden_method(method: str) -> bool:
    """https://fetch.spec.whatwg.org/#forbidden-method: CONNECT, TRACE or TRACK, byte-case-insensitively."""
    return method.upper() in _FORBIDDEN_METHODS


def normalize_method(method: str) -> str:
    """https://fetch.spec.whatwg.org/#concept-method-normalize: the six common methods uppercased."""
    upper = method.upper()
    return upper if upper in _NORMALIZED_METHODS else method


def is_header_name(name: str) -> bool:
    """https://fetch.spec.whatwg.org/#header-name: a token."""
    return _TOKEN.fullmatch(name) is not None


def normalize_header_value(value: str) -> str:
    """https://fetch.spec.whatwg.org/#concept-header-value-normalize: strip leading and trailing
    HTTP whitespace bytes."""
    return value.strip(HTTP_WHITESPACE)


def is_header_value(value: str) -> bool:
    """https://fetch.spec.whatwg.org/#header-value: no leading or trailing HTTP tab or space
    bytes, no 0x00, 0x0A or 0x0D."""
    return (value == value.strip("\t ")) and not any(c in value for c in "\x00\n\r")


def is_forbidden_request_header(name: str, value: str) -> bool:
    """https://fetch.spec.whatwg.org/#forbidden-request-header"""
    lower = name.lower()
    if lower in _FORBIDDEN_REQUEST_HEADER_NAMES or lower.startswith(("proxy-", "sec-")):  # steps 1-2
        return True
    if lower in _METHOD_OVERRIDE_NAMES:  # step 3: a method override naming a forbidden method
        # https://fetch.spec.whatwg.org/#header-value-get-decode-and-split, on commas only (a
        # quoted string cannot name a method)
        return any(is_forbidden_method(part.strip(HTTP_WHITESPACE)) for part in value.split(","))
    return False


def is_forbidden_response_header_name(name: str) -> bool:
    """https://fetch.spec.whatwg.org/#forbidden-response-header-name"""
    return name.lower() in ("set-cookie", "set-cookie2")


# https://fetch.spec.whatwg.org/#cors-unsafe-request-header-byte
_CORS_UNSAFE = frozenset(chr(c) for c in range(0x20) if c != 0x09) | frozenset('"():<>?@[\\]{}\x7f')


def is_cors_safelisted_request_header(name: str, value: str) -> bool:
    """https://fetch.spec.whatwg.org/#cors-safelisted-request-header (the checks on the value's
    bytes; ``range`` is left out: no-cors requests here never reach a network)."""
    if len(value) > 128:  # step 1
        return False
    lower = name.lower()
    if lower == "accept":
        return not any(c in _CORS_UNSAFE for c in value)
    if lower in ("accept-language", "content-language"):
        return all(c.isascii() and (c.isalnum() or c in " *,-.;=") for c in value)
    if lower == "content-type":
        if any(c in _CORS_UNSAFE for c in value):
            return False

        mime = parse_mime_type(value)
        return mime is not None and mime.essence in (
            "application/x-www-form-urlencoded", "multipart/form-data", "text/plain")
    return False


def is_null_body_status(status: int) -> bool:
    """https://fetch.spec.whatwg.org/#null-body-status"""
    return status in (101, 103, 204, 205, 304)


def is_redirect_status(status: int) -> bool:
    """https://fetch.spec.whatwg.org/#redirect-status"""
    return status in (301, 302, 303, 307, 308)
