"""A fast path for the common, well-formed URL (filled in below the state machine's proof)."""

from __future__ import annotations

from .record import URLRecord


def fast_parse(input: str, base: URLRecord | None, encoding: str | None) -> URLRecord | None:
    """Return the parse of *input* if it is in the fast path's shape, else None (not failure)."""
    return None
