"""The HTML Standard's common microsyntaxes (https://html.spec.whatwg.org/#common-microsyntaxes).

Every ``parse_*`` returns None where the spec returns an error or "fails"; every value a parser
returns has a ``serialize_*`` that writes it back as a valid (normalized) string.

The colors, the dates and times and their valid-string grammars load when first used (PEP 562):
``import dom`` needs only the numbers and tokens, and the dates alone bring datetime, decimal and
dataclasses.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from . import numbers, tokens
from .numbers import *  # noqa: F403
from .tokens import *  # noqa: F403

if TYPE_CHECKING:
    from . import colors as colors  # the submodules, re-exported
    from . import dates as dates
    from . import valid_strings as valid_strings
    from .colors import *  # noqa: F403
    from .dates import *  # noqa: F403
    from .valid_strings import *  # noqa: F403

serialize_non_negative_integer = numbers.serialize_integer

# name -> the submodule that defines it (each submodule's __all__; a test keeps them equal)
_LAZY = {
    **dict.fromkeys(("NAMED_COLORS", "parse_simple_color", "serialize_simple_color", "parse_legacy_color",
                     "serialize_legacy_color", "parse_css_color"), "colors"),
    **dict.fromkeys(("Month", "YearlessDate", "Week", "LargeDate", "LargeDateTime", "parse_month", "parse_date",
                     "parse_yearless_date", "parse_time", "parse_local_datetime", "parse_timezone_offset",
                     "parse_global_datetime", "parse_week", "parse_duration", "parse_date_or_time",
                     "serialize_month", "serialize_date", "serialize_yearless_date", "serialize_time",
                     "serialize_local_datetime", "serialize_timezone_offset", "serialize_global_datetime",
                     "serialize_week", "serialize_duration", "max_week"), "dates"),
    **dict.fromkeys(("is_valid_month_string", "is_valid_date_string", "is_valid_yearless_date_string",
                     "is_valid_time_string", "is_valid_local_date_and_time_string",
                     "is_valid_normalized_local_date_and_time_string", "is_valid_time_zone_offset_string",
                     "is_valid_global_date_and_time_string", "is_valid_week_string", "is_valid_duration_string",
                     "is_valid_date_string_with_optional_time", "is_valid_list_of_floating_point_numbers"),
                    "valid_strings"),
}
_LAZY_MODULES = ("colors", "dates", "valid_strings")

__all__ = [
    *(name for name, module in _LAZY.items() if module in ("colors", "dates")), *numbers.__all__, *tokens.__all__,
    *(name for name, module in _LAZY.items() if module == "valid_strings"), "serialize_non_negative_integer",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY_MODULES:
        return import_module(f"{__name__}.{name}")  # the import sets the package's attribute
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | set(_LAZY_MODULES))
