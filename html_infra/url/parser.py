"""The URL parser's entry points (https://url.spec.whatwg.org/#url-parsing).

:func:`basic_url_parse` first tries :mod:`.fast_path`, which handles the common well-formed URL
and is proven (by property tests) to return exactly what the state machine of
:mod:`.state_machine` returns; everything else runs the state machine.
"""

from __future__ import annotations

from . import record
from .fast_path import fast_parse
from .record import URLRecord
from .state_machine import STATES, BasicURLParser, OnError

__all__ = ["basic_url_parse", "parse_url", "STATES", "OnError"]


def basic_url_parse(
    input: str,
    base: URLRecord | None = None,
    encoding: str | None = None,
    url: URLRecord | None = None,
    state_override: str | None = None,
    on_error: OnError = None,
) -> URLRecord | None:
    """https://url.spec.whatwg.org/#concept-basic-url-parser

    Returns the URL record, or None for failure.  With *url* and *state_override* (a state name
    from :data:`STATES`, e.g. ``"hostname state"``), *url* is modified in place as the setters
    require; the return value is then *url* on success or None on failure.
    """
    if state_override is not None and state_override not in STATES:
        raise ValueError(f"unknown state {state_override!r}")
    if url is None and state_override is None and on_error is None:
        fast = fast_parse(input, base, encoding)
        if fast is not None:
            return fast
    return BasicURLParser(input, base, encoding or "UTF-8", url, state_override, on_error).run()


def parse_url(
    input: str,
    base: URLRecord | str | None = None,
    encoding: str | None = None,
    on_error: OnError = None,
) -> URLRecord | None:
    """https://url.spec.whatwg.org/#concept-url-parser (blob URL entries aside).

    *base* may be a URL record or a string (parsed first; a base that fails to parse makes the
    result failure, as the API URL parser does).  Returns a URL record or None.
    """
    if isinstance(base, str):
        base = basic_url_parse(base, None, encoding)
        if base is None:
            return None
    return basic_url_parse(input, base, encoding, on_error=on_error)


# A blob URL's origin (html_infra.url.record, on which this module builds) is found with the parser.
record.parse_url = parse_url
