"""The URL Standard (https://url.spec.whatwg.org/), usable on its own.

>>> from html_infra.url import URL
>>> u = URL("../b?x=1#f", "https://example.org/a/c")
>>> u.href, u.searchParams.get("x")
('https://example.org/b?x=1#f', '1')

Spec-level functions return a :class:`URLRecord` or None for failure; the :class:`URL` class
raises :class:`URLError` (both TypeError and ValueError).  Validation errors, by the spec's
names, are reported by :func:`validation_errors` or through ``parse_url(..., on_error=...)``.

Modules, one per concept: ``record`` (URL record, origin, serializer, equivalence), ``parser``
(the URL parser's entry points), ``state_machine`` (the basic URL parser's states),
``validation`` (validation errors by name), ``fast_path`` (the common well-formed shapes, proven equal
to the state machine by tests), ``host`` (host parser and serializer, IPv4, IPv6, domain to
ASCII/Unicode), ``idna`` (UTS #46 processing with the URL Standard's flags; the mapping table is
the ``idna`` package's, character properties come from ``unicodedata2`` when installed so both
are the same Unicode version), ``percent_encoding``, ``urlencoded``, ``search_params``
(URLSearchParams), ``api`` (the URL class) and ``writing`` (valid URL and host strings).
"""

from .api import URL, URLError
from .host import (
    IPv4Address,
    IPv6Address,
    domain_to_ascii,
    domain_to_unicode,
    ends_in_a_number,
    host_parse,
    ipv4_parse,
    ipv6_parse,
    opaque_host_parse,
    serialize_host,
)
from .parser import STATES, basic_url_parse, parse_url
from .percent_encoding import (
    C0_CONTROL_PERCENT_ENCODE_SET,
    COMPONENT_PERCENT_ENCODE_SET,
    FRAGMENT_PERCENT_ENCODE_SET,
    PATH_PERCENT_ENCODE_SET,
    QUERY_PERCENT_ENCODE_SET,
    SPECIAL_QUERY_PERCENT_ENCODE_SET,
    URLENCODED_PERCENT_ENCODE_SET,
    USERINFO_PERCENT_ENCODE_SET,
    percent_decode,
    percent_encode,
    percent_encode_after_encoding,
    string_percent_decode,
    utf8_percent_encode,
)
from .record import (
    SPECIAL_SCHEMES,
    OpaqueOrigin,
    TupleOrigin,
    URLRecord,
    default_port,
    is_special_scheme,
    serialize_path,
    serialize_url,
    url_origin,
    urls_equal,
)
from .search_params import URLSearchParams
from .urlencoded import urlencoded_parse, urlencoded_parse_bytes, urlencoded_serialize
from .validation import ValidationError, validation_errors
from .writing import (
    is_valid_domain_string,
    is_valid_host_string,
    is_valid_ipv4_address_string,
    is_valid_ipv6_address_string,
    is_valid_opaque_host_string,
    is_valid_url_string,
)

__all__ = [
    "URL", "URLError", "URLSearchParams", "URLRecord", "IPv4Address", "IPv6Address", "TupleOrigin",
    "OpaqueOrigin", "ValidationError", "STATES", "SPECIAL_SCHEMES", "basic_url_parse", "parse_url",
    "validation_errors", "serialize_url", "serialize_path", "serialize_host", "urls_equal", "url_origin",
    "default_port", "is_special_scheme", "host_parse", "opaque_host_parse", "ipv4_parse", "ipv6_parse",
    "ends_in_a_number", "domain_to_ascii", "domain_to_unicode", "percent_encode", "utf8_percent_encode",
    "percent_encode_after_encoding", "percent_decode", "string_percent_decode", "urlencoded_parse",
    "urlencoded_parse_bytes", "urlencoded_serialize", "C0_CONTROL_PERCENT_ENCODE_SET",
    "FRAGMENT_PERCENT_ENCODE_SET", "QUERY_PERCENT_ENCODE_SET", "SPECIAL_QUERY_PERCENT_ENCODE_SET",
    "PATH_PERCENT_ENCODE_SET", "USERINFO_PERCENT_ENCODE_SET", "COMPONENT_PERCENT_ENCODE_SET",
    "URLENCODED_PERCENT_ENCODE_SET",
]
__all__ += [
    "is_valid_url_string", "is_valid_host_string", "is_valid_domain_string", "is_valid_ipv4_address_string",
    "is_valid_ipv6_address_string", "is_valid_opaque_host_string",
]
