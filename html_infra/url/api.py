"""The URL class (https://url.spec.whatwg.org/#url-class)."""

from __future__ import annotations

from typing import Any

from webidl import Undefined, to_usv_string, undefined
from webidl.operations import attributes

from .fast_path import AbsoluteParts, absolute_parts, record_from_parts
from .host import serialize_host
from .parser import basic_url_parse
from .percent_encoding import USERINFO_PERCENT_ENCODE_SET, utf8_percent_encode
from .record import URLRecord, serialize_path, serialize_url, urls_equal
from .search_params import URLSearchParams
from .urlencoded import urlencoded_parse

__all__ = ["URL", "URLError"]


class URLError(TypeError, ValueError):
    """A URL failed to parse: the TypeError the URL constructor throws, and a ValueError
    (https://url.spec.whatwg.org/#dom-url-url)."""


def _api_url_parse(url: str, base: Any) -> URLRecord | None:
    """https://url.spec.whatwg.org/#api-url-parser"""
    parsed_base = None
    if base is not None and base is not undefined:
        parsed_base = basic_url_parse(to_usv_string(base))
        if parsed_base is None:
            return None
    return basic_url_parse(url, parsed_base)


# The components a notebook shows, in the order of the URL Standard's getters.
_COMPONENTS = ("href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
               "hash")


@attributes("URL", "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
            "hash")
class URL:
    """https://url.spec.whatwg.org/#url

    ``URL(url, base=None)`` raises :class:`URLError` (a TypeError and a ValueError) on failure.
    ``str(url)`` is the href.  Like JS URL objects, ``==`` is identity; :meth:`equals` is URL
    equivalence (optionally excluding fragments).
    """

    # _url, the URL record, is left unset by the common absolute URL's route, which keeps the
    # fast path's parts instead (a tuple of strings, which the cyclic garbage collector stops
    # tracking): __getattr__ builds the record on first use.  Parsing many URLs then costs one
    # tracked object each, not three, and every later read of _url is a plain slot read.
    __slots__ = ("_url", "_parts", "_query", "__weakref__")
    _url: URLRecord
    _query: URLSearchParams | None  # created on first use of searchParams

    def __init__(self, url: str | URL, base: str | URL | None | Undefined = undefined) -> None:
        if type(url) is str and (base is undefined or base is None):
            parts = absolute_parts(url)  # (matches ASCII only: such a str is its own USVString)
            if parts is not None:
                self._parts = parts
                self._query = None
                return
        url = to_usv_string(url)
        parsed = _api_url_parse(url, base)
        if parsed is None:
            if base is None or base is undefined:
                raise URLError(f"Invalid URL: {url!r}")
            raise URLError(f"Invalid URL: {url!r} with base {to_usv_string(base)!r}")
        self._initialize(parsed)

    def __getattr__(self, name: str) -> Any:
        # Called only for a slot that is unset: _url of a URL made from the fast path's parts.
        if name == "_url":
            parts: AbsoluteParts = object.__getattribute__(self, "_parts")
            record = self._url = record_from_parts(parts)
            return record
        raise AttributeError(name)

    # https://url.spec.whatwg.org/#url-initialize
    def _initialize(self, record: URLRecord) -> None:
        self._url = record
        # The query object is created on first use (it is still the same object every time):
        # most URL objects never have their searchParams read.
        self._query = None

    def _reparse_query(self, query: str | None) -> None:
        if self._query is not None:
            self._query._list = [] if query is None else urlencoded_parse(query)

    @classmethod
    def _from_record(cls, record: URLRecord) -> URL:
        obj = cls.__new__(cls)
        obj._initialize(record)
        return obj

    @classmethod
    def parse(cls, url: Any, base: Any = undefined) -> URL | None:
        """https://url.spec.whatwg.org/#dom-url-parse"""
        if base is undefined or base is None:  # the common case, without the base's steps
            if type(url) is str:
                parts = absolute_parts(url)  # (matches ASCII only: such a str is its own USVString)
                if parts is not None:
                    obj = cls.__new__(cls)
                    obj._parts = parts
                    obj._query = None
                    return obj
            parsed = basic_url_parse(to_usv_string(url))
        else:
            url = to_usv_string(url)
            parsed = _api_url_parse(url, base)
        if parsed is None:
            return None
        obj = cls.__new__(cls)
        obj._url = parsed
        obj._query = None
        return obj

    @staticmethod
    def canParse(url: Any, base: Any = undefined) -> bool:
        """https://url.spec.whatwg.org/#dom-url-canparse"""
        return _api_url_parse(to_usv_string(url), base) is not None

    @property
    def record(self) -> URLRecord:
        """The underlying URL record (spec-level access for other algorithms)."""
        return self._url

    # -- href ---------------------------------------------------------------------------------

    @property
    def href(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-href"""
        return serialize_url(self._url)

    @href.setter
    def href(self, value: str) -> None:
        parsed = basic_url_parse(value)
        if parsed is None:
            raise URLError(f"Invalid URL: {value!r}")
        self._url = parsed
        self._reparse_query(parsed.query)

    def toJSON(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-tojson"""
        return serialize_url(self._url)

    def __str__(self) -> str:
        return serialize_url(self._url)

    # -- origin -------------------------------------------------------------------------------

    @property
    def origin(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-origin"""
        return self._url.origin.serialize()

    # -- protocol -----------------------------------------------------------------------------

    @property
    def protocol(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-protocol"""
        return self._url.scheme + ":"

    @protocol.setter
    def protocol(self, value: str) -> None:
        basic_url_parse(value + ":", url=self._url, state_override="scheme start state")

    # -- username / password ------------------------------------------------------------------

    @property
    def username(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-username"""
        return self._url.username

    @username.setter
    def username(self, value: str) -> None:
        if self._url.cannot_have_username_password_port:
            return
        self._url.username = utf8_percent_encode(value, USERINFO_PERCENT_ENCODE_SET)

    @property
    def password(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-password"""
        return self._url.password

    @password.setter
    def password(self, value: str) -> None:
        if self._url.cannot_have_username_password_port:
            return
        self._url.password = utf8_percent_encode(value, USERINFO_PERCENT_ENCODE_SET)

    # -- host / hostname / port ---------------------------------------------------------------

    @property
    def host(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-host"""
        url = self._url
        if url.host is None:
            return ""
        if url.port is None:
            return serialize_host(url.host)
        return f"{serialize_host(url.host)}:{url.port}"

    @host.setter
    def host(self, value: str) -> None:
        if self._url.has_opaque_path:
            return
        basic_url_parse(value, url=self._url, state_override="host state")

    @property
    def hostname(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-hostname"""
        return "" if self._url.host is None else serialize_host(self._url.host)

    @hostname.setter
    def hostname(self, value: str) -> None:
        if self._url.has_opaque_path:
            return
        basic_url_parse(value, url=self._url, state_override="hostname state")

    @property
    def port(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-port"""
        return "" if self._url.port is None else str(self._url.port)

    @port.setter
    def port(self, value: str) -> None:
        if self._url.cannot_have_username_password_port:
            return
        if value == "":
            self._url.port = None
        else:
            basic_url_parse(value, url=self._url, state_override="port state")

    # -- pathname / search / hash -------------------------------------------------------------

    @property
    def pathname(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-pathname"""
        return serialize_path(self._url)

    @pathname.setter
    def pathname(self, value: str) -> None:
        if self._url.has_opaque_path:
            return
        self._url.path = []
        basic_url_parse(value, url=self._url, state_override="path start state")

    @property
    def search(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-search"""
        query = self._url.query
        return "" if not query else "?" + query

    @search.setter
    def search(self, value: str) -> None:
        url = self._url
        if value == "":
            url.query = None
            self._reparse_query(None)
            return
        input = value[1:] if value.startswith("?") else value
        url.query = ""
        basic_url_parse(input, url=url, state_override="query state")
        self._reparse_query(input)

    @property
    def searchParams(self) -> URLSearchParams:
        """https://url.spec.whatwg.org/#dom-url-searchparams ([SameObject])"""
        if self._query is None:
            # The URL constructor's "initialize" step: the query as it is -- a leading "?" of
            # "??a=b" is data here, unlike the URLSearchParams(init) constructor's string case.
            query = self._query = URLSearchParams()
            query._list = urlencoded_parse(self._url.query or "")
            query._url = self
            return query
        return self._query

    @property
    def hash(self) -> str:
        """https://url.spec.whatwg.org/#dom-url-hash"""
        fragment = self._url.fragment
        return "" if not fragment else "#" + fragment

    @hash.setter
    def hash(self, value: str) -> None:
        url = self._url
        if value == "":
            url.fragment = None
            return
        input = value[1:] if value.startswith("#") else value
        url.fragment = ""
        basic_url_parse(input, url=url, state_override="fragment state")

    # -- Python protocols ---------------------------------------------------------------------

    def equals(self, other: URL | URLRecord, exclude_fragments: bool = False) -> bool:
        """https://url.spec.whatwg.org/#concept-url-equals"""
        other_record = other._url if isinstance(other, URL) else other
        return urls_equal(self._url, other_record, exclude_fragments)

    def _repr_html_(self) -> str:
        """Jupyter's view: the URL split into its components (the getters of
        https://url.spec.whatwg.org/#urlutils-members) and its query's name/value pairs, escaped."""
        from html import escape  # lazy: html loads its entity table (~3 ms), only notebooks need it

        cell = 'style="text-align: left; padding: 0 1em 0 0; font-family: ui-monospace, monospace"'
        rows = [
            f"<tr><th {cell}>{name}</th><td {cell}>{escape(str(getattr(self, name)))}</td></tr>"
            for name in _COMPONENTS
        ]
        rows += [
            f"<tr><th {cell}>searchParams</th><td {cell}>{escape(key)} = {escape(value)}</td></tr>"
            for key, value in self.searchParams
        ]
        return f"<table><caption style=\"text-align: left\"><b>URL</b></caption>{''.join(rows)}</table>"

    def __repr__(self) -> str:
        return f"URL({serialize_url(self._url)!r})"
