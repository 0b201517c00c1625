"""HTMLHyperlinkElementUtils for ``a`` and ``area``.

https://html.spec.whatwg.org/#api-for-a-and-area

The element's *url* is not cached: "reinitialize url" runs at the start of every member, so
recomputing it from the ``href`` attribute each time is exactly the spec's observable
behaviour (and there is no stale state to keep in sync with attribute changes).  The URL parts
read and written by each member follow the URL Standard's URL API steps, which the HTML steps
mirror, so they are delegated to :class:`html_infra.url.URL` over the element's URL record;
what HTML adds is the null-URL handling and "update href".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webidl.operations import attributes

from ..reflection import document_base_url_record

if TYPE_CHECKING:
    from html_infra.url import URL, URLRecord

    from ..nodes.element import Element as _ElementBase  # what the mixins below are put beside
else:
    _ElementBase = object

__all__ = ["HTMLHyperlinkElementUtilsMixin"]


def _hyperlink_url(element: Any) -> URLRecord | None:
    """https://html.spec.whatwg.org/#reinitialise-url and #concept-hyperlink-url-set: the
    ``href`` attribute parsed relative to the node document, or None (null)."""
    href = element.getAttribute("href")
    if href is None:
        return None
    # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
    from html_infra.url.parser import basic_url_parse

    document = element.ownerDocument
    base = document_base_url_record(document)
    return None if base is None else basic_url_parse(href, base, getattr(document, "characterSet", "UTF-8"))


def _url_api(url: URLRecord) -> URL:
    # lazy: as in _hyperlink_url, which made the record
    from html_infra.url.api import URL

    return URL._from_record(url)


def _part(name: str, null_value: str, *, writable: bool = True) -> property:
    def get(self: Any) -> str:
        url = _hyperlink_url(self)
        if url is None:
            return null_value
        part: str = getattr(_url_api(url), name)
        return part

    def set(self: Any, value: str) -> None:
        url = _hyperlink_url(self)
        if url is None:  # "If this's url is null, then return."
            return
        api = _url_api(url)
        setattr(api, name, value)
        # https://html.spec.whatwg.org/#update-href
        self.setAttribute("href", api.href)

    get.__doc__ = f"https://html.spec.whatwg.org/#dom-hyperlink-{name}"
    return property(get, set if writable else None)


@attributes("HTMLHyperlinkElementUtils", "href")
@attributes("HyperlinkElementUtils", "protocol", "username", "password", "host", "hostname", "port", "pathname",
            "search", "hash")
class HTMLHyperlinkElementUtilsMixin(_ElementBase):
    """The URL-decomposition members of ``a``/``area`` (``target`` and friends are declared with
    the element's reflected attributes)."""

    __slots__ = ()

    @property
    def href(self) -> str:
        """https://html.spec.whatwg.org/#dom-hyperlink-href"""
        url = _hyperlink_url(self)
        if url is None:
            href = self.getAttribute("href")
            return "" if href is None else href
        return _url_api(url).href

    @href.setter
    def href(self, value: str) -> None:
        self.setAttribute("href", value)

    origin = _part("origin", "", writable=False)
    protocol = _part("protocol", ":")
    username = _part("username", "")
    password = _part("password", "")
    host = _part("host", "")
    hostname = _part("hostname", "")
    port = _part("port", "")
    pathname = _part("pathname", "")
    search = _part("search", "")
    hash = _part("hash", "")

    def toString(self) -> str:  # noqa: N802 -- stringifier
        """https://html.spec.whatwg.org/#dom-hyperlink-href (stringifier)"""
        return self.href

    def __str__(self) -> str:
        return self.href
