"""The Web IDL binding layer: ES<->IDL value conversions, DOMException, collection protocols, IDL model.

https://webidl.spec.whatwg.org/ -- depends on nothing else in the project.
"""

from . import dictionaries as _dictionaries  # noqa: F401 -- fills conversions.DICTIONARY_CONVERSION
from . import exceptions
from .conversions import (
    BufferSource,
    Undefined,
    convert,
    convert_to_int,
    join_surrogate_pairs,
    number_to_string,
    string_to_number,
    to_boolean,
    to_byte,
    to_byte_string,
    to_dom_string,
    to_double,
    to_float,
    to_long,
    to_long_long,
    to_nullable_dom_string,
    to_number,
    to_octet,
    to_short,
    to_string,
    to_unrestricted_double,
    to_unrestricted_float,
    to_unsigned_long,
    to_unsigned_long_long,
    to_unsigned_short,
    to_usv_string,
    undefined,
)
from .exceptions import *  # noqa: F403 -- DOMException, RangeError and one subclass per name

__all__ = [
    "convert",
    "convert_to_int",
    "number_to_string",
    "string_to_number",
    "to_boolean",
    "to_byte",
    "to_byte_string",
    "to_dom_string",
    "join_surrogate_pairs",
    "to_nullable_dom_string",
    "to_double",
    "to_float",
    "to_long",
    "to_long_long",
    "to_number",
    "to_octet",
    "to_short",
    "to_string",
    "to_unrestricted_double",
    "to_unrestricted_float",
    "to_unsigned_long",
    "to_unsigned_long_long",
    "to_unsigned_short",
    "to_usv_string",
    "undefined",
    "BufferSource",
    "Undefined",
]
__all__ += exceptions.__all__
