"""A fast path for the common, well-formed URL.

It accepts only inputs on which the basic URL parser's state machine provably takes the plain
route, and returns ``None`` ("not my shape", never "failure") for everything else, which then
goes through the state machine.  The property tests in ``tests/html_infra/url/test_url_properties.py``
compare both on generated inputs and on the whole WPT corpus.

The shape, for absolute URLs: a special scheme other than "file", "//", an ASCII host made of
letters, digits, "-", "." and "_" that does not end in a number (so no IPv4 parsing), an
optional port, then path/query/fragment made only of printable ASCII characters that none of
the percent-encode sets involved would encode, with no dot segments.  For relative references
against a base of that shape: path-absolute ("/x"), path-relative ("x/y"), query-only ("?q"),
fragment-only ("#f") and empty references with the same character rules.
"""

from __future__ import annotations

import re

from .record import SPECIAL_SCHEMES, URLRecord

__all__ = ["fast_parse", "absolute_parts", "record_from_parts", "AbsoluteParts"]

# Printable ASCII minus space and the characters some percent-encode set of the path, query or
# fragment would encode (" ' < > \ ^ ` { }); "\\" is also a path separator in special URLs.
_SAFE = r"[!#-&(-;=?-\[\]_a-z|~]"
_PATH_SAFE = r"[!$-&(-;=@-\[\]_a-z|~]"  # without "?" and "#", which end the path
_QUERY_SAFE = r"[!$-&(-;=?-\[\]_a-z|~]"  # without "#", which ends the query
# One match checks the characters and splits the parts.
_ABSOLUTE = re.compile(
    r"(?i:(https?|wss?|ftp)):"
    r"//([A-Za-z0-9_][A-Za-z0-9._-]*)"  # host
    r"(?::([0-9]{0,5}))?"  # port
    r"(/" + _PATH_SAFE + r"*)?"  # path
    r"(?:\?(" + _QUERY_SAFE + r"*))?"  # query
    r"(?:#(" + _SAFE + r"*))?"  # fragment
)
_ALL_SAFE = re.compile(_SAFE + "*")
_HAS_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
_HEX_NUMBER = re.compile(r"0[xX][0-9A-Fa-f]*")
_DEFAULT_PORTS = SPECIAL_SCHEMES


def _path_ok(path: str) -> bool:
    # No dot segments, in any spelling: "." / ".." / "%2e" variants.
    return "/." not in path and "%2e" not in path and "%2E" not in path


AbsoluteParts = tuple[str, str, int | None, str | None, str | None, str | None]


def absolute_parts(input: str) -> AbsoluteParts | None:
    """The parts of *input* (scheme, host, port, path, query, fragment, as the URL record will
    hold them except that the path is still one string) if it is an absolute URL of the fast
    path's shape; otherwise None (not failure).

    A tuple of strings is all this allocates: :class:`~.api.URL` keeps it and builds the record
    on first use, so parsing many URLs leaves one tracked object per URL for the cyclic garbage
    collector instead of three (URL, record, path list).
    """
    m = _ABSOLUTE.fullmatch(input)
    return None if m is None else _parts_of(m)


def _parts_of(m: re.Match[str]) -> AbsoluteParts | None:
    scheme, host, port_s, path, query, fragment = m.groups()
    # The host must not end in a number (https://url.spec.whatwg.org/#ends-in-a-number-checker),
    # or the IPv4 parser would run; the path must have no dot segments.
    last = (host[:-1] if host[-1] == "." else host).rpartition(".")[2]
    if last == "" or last.isdigit() or (last[0] == "0" and _HEX_NUMBER.fullmatch(last)):
        return None
    if path and ("/." in path or "%2" in path and ("%2e" in path or "%2E" in path)):
        return None
    scheme = scheme.lower()
    port = None
    if port_s:
        port = int(port_s)
        if port > 65535:
            return None
        if port == _DEFAULT_PORTS[scheme]:
            port = None
    return scheme, host.lower(), port, path, query, fragment


def record_from_parts(parts: AbsoluteParts) -> URLRecord:
    """The URL record of :func:`absolute_parts`' result."""
    scheme, host, port, path, query, fragment = parts
    # a special URL's empty path serializes as "/"
    return URLRecord(scheme, "", "", host, port, path[1:].split("/") if path else [""], query, fragment)


def fast_parse(input: str, base: URLRecord | None, encoding: str | None) -> URLRecord | None:
    """The parse of *input*, if it has the fast path's shape; otherwise None (not failure)."""
    if encoding is not None and encoding not in ("UTF-8", "utf-8"):
        return None  # the query's encoding would matter
    m = _ABSOLUTE.fullmatch(input)
    if m is not None:
        parts = _parts_of(m)  # None: the state machine's to decide (IPv4 host, dot segments...)
        return None if parts is None else record_from_parts(parts)
    if not _ALL_SAFE.fullmatch(input):
        return None
    if base is None or _HAS_SCHEME.match(input) or input.startswith("//"):
        return None
    scheme = base.scheme
    if scheme not in SPECIAL_SCHEMES or scheme == "file" or not isinstance(base.path, list):
        return None
    # A relative reference against a special, non-file base (the relative state).
    path_part, _, rest = input.partition("#")
    fragment = rest if "#" in input else None
    path_part, q, query_part = path_part.partition("?")
    query = query_part if q else None
    if path_part == "":
        # "", "?q" or "#f": the base's path, and its query unless a new one is given.
        if not q:
            query = base.query
        path = list(base.path)
    elif path_part.startswith("/"):
        if not _path_ok(path_part):
            return None
        path = path_part[1:].split("/")
    else:
        if not _path_ok("/" + path_part):
            return None
        path = base.path[:-1] + path_part.split("/")
    return URLRecord(scheme, base.username, base.password, base.host, base.port, path, query, fragment)
