"""URL writing and host writing: which strings are *valid* (https://url.spec.whatwg.org/#url-writing).

The URL Standard describes valid input twice: as a grammar (this module, a recogniser for each
named production) and as "the parser reports no validation error".  The tests hold the two
equal on the web-platform-tests URL data and on random strings.  The grammar never fails on
hostile input: each production is a split at a code point that cannot occur before it plus a
linear regular expression.
"""

from __future__ import annotations

import re
from functools import cache

from ..infra import ASCII_ALPHANUMERIC
from .api import URLError
from .host import domain_to_ascii, ends_in_a_number
from .parser import basic_url_parse
from .record import URLRecord, is_special_scheme

__all__ = [
    "is_valid_url_string",
    "is_valid_host_string",
    "is_valid_domain_string",
    "is_valid_ipv4_address_string",
    "is_valid_ipv6_address_string",
    "is_valid_opaque_host_string",
]


def _url_code_point_class(exclude: str = "") -> str:
    """https://url.spec.whatwg.org/#url-code-points, less *exclude*, as a regex class body.

    ASCII alphanumerics, !$&'()*+,-./:;=?@_~, and U+00A0 to U+10FFFD less surrogates and
    noncharacters (U+FDD0..U+FDEF and the last two code points of each plane).
    """
    ascii_part = "".join(re.escape(c) for c in ASCII_ALPHANUMERIC + "!$&'()*+,-./:;=?@_~" if c not in exclude)
    ranges = ["\xa0-\ud7ff", "\ue000-\ufdcf", "\ufdf0-\ufffd"]
    ranges += [f"{chr(plane << 16)}-{chr((plane << 16) | 0xFFFD)}" for plane in range(1, 17)]
    return ascii_part + "".join(ranges)


@cache
def _url_units(exclude: str = "") -> re.Pattern[str]:
    """Zero or more https://url.spec.whatwg.org/#url-units (URL code points and percent-encoded
    bytes) excluding *exclude*.  "%" is not a URL code point, so the alternation never backtracks.
    Compiled on first use: the class reaching past the BMP costs re ~10 ms to compile."""
    return re.compile(f"(?:[{_url_code_point_class(exclude)}]|%[0-9A-Fa-f]{{2}})*")


# What _url_units excludes for: the URL-query and URL-fragment strings (nothing); path segments
# joined by "/" (segments exclude "/" and "?"); opaque hosts (the forbidden host code points).
_QUERY_OR_FRAGMENT = ""
_PATH = "?"
_OPAQUE_HOST = "\x00\t\n\r #/:<>?@[\\]^|"
_URL_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+\-.]*")
_SCHEME_COLON = re.compile(r"[A-Za-z][A-Za-z0-9+\-.]*:")
_PORT = re.compile(r"[0-9]*")

# ---------------------------------------------------------------------------------------------
# Host writing (https://url.spec.whatwg.org/#host-writing)
# ---------------------------------------------------------------------------------------------

# A decimal number 0..255 as the shortest possible string of ASCII digits (no leading zero).
_DECIMAL_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])"
_IPV4 = re.compile(rf"{_DECIMAL_OCTET}(?:\.{_DECIMAL_OCTET}){{3}}")
# A hexadecimal number 0..0xFFFF as the shortest possible string of ASCII hex digits.
_IPV6_PIECE = r"(?:0|[1-9A-Fa-f][0-9A-Fa-f]{0,3})"


@cache
def _ipv6_pieces() -> re.Pattern[str]:
    # Compiled on first use (~8 ms: the bounded repetitions), not on every import.
    return re.compile(rf"{_IPV6_PIECE}(?::{_IPV6_PIECE})*")


def is_valid_ipv4_address_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#valid-ipv4-address-string: four shortest decimal 0..255, dot-separated."""
    return _IPV4.fullmatch(input) is not None


def _pieces_length(input: str) -> int | None:
    """The effective piece length of a valid IPv6-pieces string, else None."""
    return input.count(":") + 1 if _ipv6_pieces().fullmatch(input) else None


def _pieces_and_ipv4_length(input: str) -> int | None:
    """The effective piece length of a valid IPv6-pieces-and-IPv4 string (pieces + 2), else None."""
    pieces, colon, ipv4 = input.rpartition(":")
    if not is_valid_ipv4_address_string(ipv4):
        return None
    if not colon:
        return 2                                       # a valid IPv4-address string alone
    length = _pieces_length(pieces)
    return None if length is None else length + 2


def _pieces_or_pieces_and_ipv4_length(input: str) -> int | None:
    length = _pieces_length(input)
    return length if length is not None else _pieces_and_ipv4_length(input)


def is_valid_ipv6_address_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#valid-ipv6-address-string (without the brackets)."""
    before, compressed, after = input.partition("::")
    if not compressed:
        # Eight pieces, or six pieces and an IPv4 address, uncompressed.
        return _pieces_or_pieces_and_ipv4_length(input) == 8
    # "::", optionally preceded by pieces and followed by pieces or pieces-and-IPv4, with at
    # most seven effective pieces around it.  A second "::" leaves ":" in a side, never valid.
    preceding = 0 if before == "" else _pieces_length(before)
    following = 0 if after == "" else _pieces_or_pieces_and_ipv4_length(after)
    return preceding is not None and following is not None and preceding + following <= 7


def is_valid_domain_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#valid-domain-string -- a string that is a valid domain
    (https://url.spec.whatwg.org/#valid-domain): the strict domain parser accepts it and the
    result does not end in a number."""
    if re.search("[\ud800-\udfff]", input):
        return False                 # the domain parser takes a scalar value string
    domain = domain_to_ascii(input, be_strict=True)
    return domain is not None and not ends_in_a_number(domain)


def is_valid_host_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#valid-host-string: a valid domain string, a valid
    IPv4-address string, or "[" valid IPv6-address string "]"."""
    if input.startswith("[") and input.endswith("]"):
        return is_valid_ipv6_address_string(input[1:-1])
    return is_valid_ipv4_address_string(input) or is_valid_domain_string(input)


def is_valid_opaque_host_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#valid-opaque-host-string: one or more URL units excluding
    forbidden host code points, or "[" valid IPv6-address string "]"."""
    if input.startswith("[") and input.endswith("]"):
        return is_valid_ipv6_address_string(input[1:-1])
    return input != "" and _url_units(_OPAQUE_HOST).fullmatch(input) is not None


# ---------------------------------------------------------------------------------------------
# URL writing (https://url.spec.whatwg.org/#url-writing)
# ---------------------------------------------------------------------------------------------


def _is_url_port_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#url-port-string: empty, or decimal digits for a 16-bit
    unsigned integer (leading zeros allowed: "080" represents 80)."""
    return _PORT.fullmatch(input) is not None and (input == "" or int(input) <= 0xFFFF)


def _split_authority(input: str) -> tuple[str, str | None, str]:
    """Split what follows "//" into (host, port or None, path).  No host production contains
    "/", and only a bracketed IPv6 address contains ":", so the first "/" ends the authority
    and the first ":" after any "]" starts the port."""
    authority, slash, path = input.partition("/")
    path = slash + path
    host_end = authority.find("]") + 1 if authority.startswith("[") else 0
    colon = authority.find(":", host_end)
    if colon < 0:
        return authority, None, path
    return authority[:colon], authority[colon + 1 :], path


def _is_path_absolute_url_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#path-absolute-url-string: "/" and URL-path-segment strings
    separated by "/" (each segment: URL units other than "/" and "?")."""
    return input.startswith("/") and _url_units(_PATH).fullmatch(input) is not None


def _is_path_absolute_non_authority_url_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#path-absolute-non-authority-url-string"""
    return _is_path_absolute_url_string(input) and not input.startswith("//")


def _is_path_relative_scheme_less_url_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#path-relative-scheme-less-url-string: a path-relative-URL
    string (segments, not starting with "/") not starting with a URL-scheme string and ":"."""
    return (
        not input.startswith("/")
        and _url_units(_PATH).fullmatch(input) is not None
        and _SCHEME_COLON.match(input) is None
    )


def _is_opaque_path_url_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#opaque-path-url-string: URL units other than "?", not
    starting with "/"."""
    return not input.startswith("/") and _url_units(_PATH).fullmatch(input) is not None


def _is_scheme_relative_special_url_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#scheme-relative-special-url-string:
    "//" valid-host-string [":" URL-port-string] [path-absolute-URL string]."""
    if not input.startswith("//"):
        return False
    host, port, path = _split_authority(input[2:])
    return (
        is_valid_host_string(host)
        and (port is None or _is_url_port_string(port))
        and (path == "" or _is_path_absolute_url_string(path))
    )


def _is_scheme_relative_url_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#scheme-relative-url-string: "//" opaque-host-and-port-string
    [path-absolute-URL string]; the opaque-host-and-port string may be empty."""
    if not input.startswith("//"):
        return False
    host, port, path = _split_authority(input[2:])
    if host == "" and port is None:
        host_and_port = True
    else:
        host_and_port = is_valid_opaque_host_string(host) and (port is None or _is_url_port_string(port))
    return host_and_port and (path == "" or _is_path_absolute_url_string(path))


def _is_scheme_relative_file_url_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#scheme-relative-file-url-string: "//", then optionally a
    valid host string and/or a path-absolute-URL string (never a port)."""
    if not input.startswith("//"):
        return False
    authority, slash, rest = input[2:].partition("/")
    path = slash + rest
    return (authority == "" or is_valid_host_string(authority)) and (
        path == "" or _is_path_absolute_url_string(path)
    )


def _is_absolute_url_string(input: str) -> bool:
    """https://url.spec.whatwg.org/#absolute-url-string"""
    # Only the query may contain "?", so the first "?" starts it.
    input, question_mark, query = input.partition("?")
    if question_mark and _url_units(_QUERY_OR_FRAGMENT).fullmatch(query) is None:
        return False
    scheme, colon, rest = input.partition(":")
    if not colon or _URL_SCHEME.fullmatch(scheme) is None:
        return False
    scheme = scheme.lower()            # "an ASCII case-insensitive match for a special scheme"
    if scheme == "file":
        return _is_scheme_relative_file_url_string(rest)
    if is_special_scheme(scheme):
        return _is_scheme_relative_special_url_string(rest)
    return (
        _is_scheme_relative_url_string(rest)
        or _is_path_absolute_non_authority_url_string(rest)
        or _is_opaque_path_url_string(rest)
    )


def _is_relative_url_string(input: str, base: URLRecord) -> bool:
    """https://url.spec.whatwg.org/#relative-url-string, given base URL's scheme."""
    input, question_mark, query = input.partition("?")
    if question_mark and _url_units(_QUERY_OR_FRAGMENT).fullmatch(query) is None:
        return False
    if _is_path_absolute_non_authority_url_string(input) or _is_path_relative_scheme_less_url_string(input):
        return True
    if base.scheme == "file":
        return _is_scheme_relative_file_url_string(input)
    if is_special_scheme(base.scheme):
        return _is_scheme_relative_special_url_string(input)
    return _is_scheme_relative_url_string(input)


def is_valid_url_string(input: str, base: URLRecord | str | None = None) -> bool:
    """https://url.spec.whatwg.org/#valid-url-string -- an absolute-URL-with-fragment string, or,
    given *base*, a relative-URL-with-fragment string.

    *base* may be a URL record or a string; a string that fails to parse raises
    :class:`~html_infra.url.URLError`, as the URL constructor does.

    >>> is_valid_url_string("https://example.org/a?b#c"), is_valid_url_string("https://user@example.org/")
    (True, False)
    >>> is_valid_url_string("../x", "https://example.org/a/b"), is_valid_url_string("../x")
    (True, False)
    """
    base_url = _parse_base(base)
    # "#" is not a URL code point: only the fragment's own "#" can occur, and first.
    input, number_sign, fragment = input.partition("#")
    if number_sign and _url_units(_QUERY_OR_FRAGMENT).fullmatch(fragment) is None:
        return False
    if _is_absolute_url_string(input):
        return True
    if base_url is None:
        return False
    # https://url.spec.whatwg.org/#relative-url-with-fragment-string
    if base_url.has_opaque_path:
        return input == "" and number_sign == "#"
    return _is_relative_url_string(input, base_url)


def _parse_base(base: URLRecord | str | None) -> URLRecord | None:
    if base is None or isinstance(base, URLRecord):
        return base
    parsed = basic_url_parse(base)
    if parsed is None:
        raise URLError(f"Invalid base URL: {base!r}")
    return parsed
