"""The HTML Standard's common microsyntaxes (https://html.spec.whatwg.org/#common-microsyntaxes).

Every ``parse_*`` returns None where the spec returns an error or "fails"; every value a parser
returns has a ``serialize_*`` that writes it back as a valid (normalized) string.
"""

from . import colors, dates, numbers, tokens, valid_strings
from .colors import *  # noqa: F403
from .dates import *  # noqa: F403
from .numbers import *  # noqa: F403
from .tokens import *  # noqa: F403
from .valid_strings import *  # noqa: F403

serialize_non_negative_integer = numbers.serialize_integer

__all__ = [
    *colors.__all__, *dates.__all__, *numbers.__all__, *tokens.__all__, *valid_strings.__all__,
    "serialize_non_negative_integer",
]
