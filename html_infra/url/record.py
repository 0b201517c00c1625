"""The URL record, special schemes, serializer, equivalence and origin.

https://url.spec.whatwg.org/#url-representation
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .host import Host, serialize_host

__all__ = [
    "URLRecord",
    "SPECIAL_SCHEMES",
    "default_port",
    "is_special_scheme",
    "serialize_url",
    "serialize_path",
    "urls_equal",
    "Origin",
    "TupleOrigin",
    "OpaqueOrigin",
    "url_origin",
]

# The URL parser (html_infra.url.parser), which builds on this module, puts itself here when it
# loads: a blob URL's origin is the origin of its parsed path.
parse_url: Callable[[str], URLRecord | None] | None = None

# https://url.spec.whatwg.org/#special-scheme -> https://url.spec.whatwg.org/#default-port
SPECIAL_SCHEMES: dict[str, int | None] = {
    "ftp": 21,
    "file": None,
    "http": 80,
    "https": 443,
    "ws": 80,
    "wss": 443,
}


def is_special_scheme(scheme: str) -> bool:
    """https://url.spec.whatwg.org/#special-scheme"""
    return scheme in SPECIAL_SCHEMES


def default_port(scheme: str) -> int | None:
    """https://url.spec.whatwg.org/#default-port"""
    return SPECIAL_SCHEMES.get(scheme)


class URLRecord:
    """https://url.spec.whatwg.org/#concept-url

    ``path`` is a list of segments, or a ``str`` for an opaque path.  The blob URL entry is
    left out (no blob store exists without a browser).
    """

    __slots__ = ("scheme", "username", "password", "host", "port", "path", "query", "fragment")

    def __init__(
        self,
        scheme: str = "",
        username: str = "",
        password: str = "",
        host: Host | None = None,
        port: int | None = None,
        path: list[str] | str | None = None,
        query: str | None = None,
        fragment: str | None = None,
    ) -> None:
        self.scheme = scheme
        self.username = username
        self.password = password
        self.host = host
        self.port = port
        self.path: list[str] | str = [] if path is None else path
        self.query = query
        self.fragment = fragment

    @property
    def is_special(self) -> bool:
        """https://url.spec.whatwg.org/#is-special"""
        return self.scheme in SPECIAL_SCHEMES

    @property
    def includes_credentials(self) -> bool:
        """https://url.spec.whatwg.org/#include-credentials"""
        return self.username != "" or self.password != ""

    @property
    def has_opaque_path(self) -> bool:
        """https://url.spec.whatwg.org/#url-opaque-path"""
        return isinstance(self.path, str)

    @property
    def cannot_have_username_password_port(self) -> bool:
        """https://url.spec.whatwg.org/#cannot-have-a-username-password-port"""
        return self.host is None or self.host == "" or self.scheme == "file"

    @property
    def origin(self) -> Origin:
        return url_origin(self)

    def copy(self) -> URLRecord:
        path = self.path if isinstance(self.path, str) else list(self.path)
        return URLRecord(
            self.scheme, self.username, self.password, self.host, self.port, path, self.query, self.fragment
        )

    def serialize(self, exclude_fragment: bool = False) -> str:
        return serialize_url(self, exclude_fragment)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, URLRecord):
            return NotImplemented
        return serialize_url(self) == serialize_url(other)

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable (typeshed types __hash__ as a method)

    def __repr__(self) -> str:
        return f"<URLRecord {serialize_url(self)}>"


def shorten_path(url: URLRecord) -> None:
    """https://url.spec.whatwg.org/#shorten-a-urls-path"""
    path = url.path
    assert isinstance(path, list)
    if url.scheme == "file" and len(path) == 1 and _is_normalized_windows_drive_letter(path[0]):
        return
    if path:
        path.pop()


def _is_normalized_windows_drive_letter(s: str) -> bool:
    """https://url.spec.whatwg.org/#normalized-windows-drive-letter"""
    return len(s) == 2 and s[1] == ":" and s[0].isascii() and s[0].isalpha()


def serialize_path(url: URLRecord) -> str:
    """https://url.spec.whatwg.org/#url-path-serializer"""
    if isinstance(url.path, str):
        return url.path
    return "".join("/" + segment for segment in url.path)


def serialize_url(url: URLRecord, exclude_fragment: bool = False) -> str:
    """https://url.spec.whatwg.org/#concept-url-serializer"""
    output = [url.scheme, ":"]
    if url.host is not None:
        output.append("//")
        if url.username != "" or url.password != "":
            output.append(url.username)
            if url.password != "":
                output.append(":" + url.password)
            output.append("@")
        output.append(serialize_host(url.host))
        if url.port is not None:
            output.append(f":{url.port}")
    path = url.path
    if url.host is None and isinstance(path, list) and len(path) > 1 and path[0] == "":
        output.append("/.")  # keeps web+demo:/.//not-a-host/ from becoming a host
    output.append(serialize_path(url))
    if url.query is not None:
        output.append("?" + url.query)
    if not exclude_fragment and url.fragment is not None:
        output.append("#" + url.fragment)
    return "".join(output)


def urls_equal(a: URLRecord, b: URLRecord, exclude_fragments: bool = False) -> bool:
    """https://url.spec.whatwg.org/#concept-url-equals"""
    return serialize_url(a, exclude_fragments) == serialize_url(b, exclude_fragments)


# ---------------------------------------------------------------------------------------------
# Origins (https://html.spec.whatwg.org/#concept-origin)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TupleOrigin:
    """https://html.spec.whatwg.org/#concept-origin-tuple"""

    scheme: str
    host: Host
    port: int | None
    domain: str | None = None

    def serialize(self) -> str:
        """https://html.spec.whatwg.org/#ascii-serialisation-of-an-origin"""
        result = f"{self.scheme}://{serialize_host(self.host)}"
        if self.port is not None:
            result += f":{self.port}"
        return result

    def same_origin(self, other: Origin) -> bool:
        """https://html.spec.whatwg.org/#same-origin"""
        return (
            isinstance(other, TupleOrigin)
            and (self.scheme, self.host, self.port) == (other.scheme, other.host, other.port)
        )

    def __str__(self) -> str:
        return self.serialize()


class OpaqueOrigin:
    """https://html.spec.whatwg.org/#concept-origin-opaque -- equal only to itself."""

    __slots__ = ()

    def serialize(self) -> str:
        return "null"

    def same_origin(self, other: Origin) -> bool:
        return other is self

    def __str__(self) -> str:
        return "null"

    def __repr__(self) -> str:
        return f"<OpaqueOrigin at {id(self):#x}>"


Origin = TupleOrigin | OpaqueOrigin


def url_origin(url: URLRecord) -> Origin:
    """https://url.spec.whatwg.org/#concept-url-origin"""
    scheme = url.scheme
    if scheme == "blob":
        assert parse_url is not None, "html_infra.url.parser sets it when it loads"
        path_url = parse_url(serialize_path(url))
        if path_url is None:
            return OpaqueOrigin()
        if path_url.scheme in ("http", "https", "file"):
            return url_origin(path_url)
        return OpaqueOrigin()
    if scheme in ("ftp", "http", "https", "ws", "wss"):
        assert url.host is not None
        return TupleOrigin(scheme, url.host, url.port, None)
    # "file": left to the reader by the spec; browsers and WPT give an opaque origin.
    return OpaqueOrigin()
