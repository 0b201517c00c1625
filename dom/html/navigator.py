"""The Navigator object (https://html.spec.whatwg.org/#the-navigator-object), with the one member
webdom implements: ``sendBeacon()`` (https://w3c.github.io/beacon/#sendbeacon-method), which
checks its URL and data and then answers false, "not queued": webdom does no networking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from webidl.operations import operations

if TYPE_CHECKING:
    from ..fetch import BodyInit

__all__ = ["Navigator"]


@operations("Navigator", "sendBeacon")
class Navigator:
    """https://html.spec.whatwg.org/#navigator (``window.navigator``)."""

    __slots__ = ()

    def __init__(self) -> None:
        raise TypeError("Illegal constructor: use window.navigator")

    @classmethod
    def _new(cls) -> Navigator:
        return cls.__new__(cls)

    def sendBeacon(self, url: str, data: BodyInit | None = None) -> bool:  # noqa: N802 -- IDL name
        """https://w3c.github.io/beacon/#sendbeacon-method"""
        # lazy: the URL modules load at the first URL parsed, fetch (its bodies, MIME types) at
        # the first request or beacon (`import webdom` leaves both)
        from html_infra.url.parser import parse_url

        from ..fetch import api_base_url, extract

        parsed = parse_url(url, api_base_url())  # steps 1-3
        if parsed is None or parsed.scheme not in ("http", "https"):
            raise TypeError(f"sendBeacon(): {url!r} is not a valid http(s) URL")
        if data is not None:  # step 6: the data is extracted (a type it cannot be throws)
            extract(data)
        # step 7 would queue a keepalive fetch and return true; there is no network to queue
        # it on, so the user agent "cannot queue the data" and the answer is false.
        return False

    def __repr__(self) -> str:
        return "<Navigator>"
