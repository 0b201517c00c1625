"""Validation errors (https://url.spec.whatwg.org/#validation-error), listed by the parser."""

from __future__ import annotations

from typing import NamedTuple

from .api import URLError
from .parser import basic_url_parse, parse_url
from .record import URLRecord

__all__ = ["ValidationError", "validation_errors"]


class ValidationError(NamedTuple):
    """A validation error: its name in the spec's table and the pointer where it occurred."""

    name: str
    position: int


def validation_errors(input: str, base: URLRecord | str | None = None) -> list[ValidationError]:
    """Parse *input* and list the validation errors in the order the parser meets them.

    >>> [e.name for e in validation_errors("https://user@example.org:80\\\\x y")]
    ['invalid-credentials', 'invalid-reverse-solidus', 'invalid-URL-unit']

    A *base* string that fails to parse raises :class:`~html_infra.url.URLError` (as ``new URL``
    does): an empty list would wrongly say *input* is valid.
    """
    if isinstance(base, str):
        parsed_base = basic_url_parse(base)
        if parsed_base is None:
            raise URLError(f"Invalid base URL: {base!r}")
        base = parsed_base
    errors: list[ValidationError] = []
    parse_url(input, base, on_error=lambda name, pos: errors.append(ValidationError(name, pos)))
    return errors
