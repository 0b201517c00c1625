"""The Infra Standard's primitives (https://infra.spec.whatwg.org/).

Names are the spec terms in snake_case.  Predicates take a one-character string.  Positions
are explicit: ``collect_a_sequence_of_code_points(s, pos, pred)`` returns ``(result, new_pos)``
instead of moving a shared "position variable".

Where a regex or a ``str`` method gives exactly the spec's result it is used for speed; the
tests compare those with literal step-by-step versions.
"""

from __future__ import annotations

import binascii
import math
import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any, Generic, TypeVar

from webidl import RangeError, number_to_string

# The "Byte sequences" and "Lists" sections live in their own modules; their names are Infra's.
from .infra_byte_sequences import (  # noqa: F401 -- re-exported
    byte_case_insensitive_match,
    byte_less_than,
    byte_lowercase,
    byte_uppercase,
    is_byte_sequence_prefix,
)
from .infra_lists import Queue, Stack, sort_in_ascending_order, sort_in_descending_order  # noqa: F401

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

# https://infra.spec.whatwg.org/#namespaces
HTML_NAMESPACE = "http://www.w3.org/1999/xhtml"
MATHML_NAMESPACE = "http://www.w3.org/1998/Math/MathML"
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
XLINK_NAMESPACE = "http://www.w3.org/1999/xlink"
XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace"
XMLNS_NAMESPACE = "http://www.w3.org/2000/xmlns/"

# https://infra.spec.whatwg.org/#ascii-whitespace: TAB, LF, FF, CR, SPACE
ASCII_WHITESPACE = "\t\n\x0c\r "
ASCII_DIGITS = "0123456789"
ASCII_UPPER_HEX = "0123456789ABCDEF"
ASCII_LOWER_HEX = "0123456789abcdef"
ASCII_HEX_DIGITS = "0123456789ABCDEFabcdef"
ASCII_UPPER_ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ASCII_LOWER_ALPHA = "abcdefghijklmnopqrstuvwxyz"
ASCII_ALPHA = ASCII_UPPER_ALPHA + ASCII_LOWER_ALPHA
ASCII_ALPHANUMERIC = ASCII_DIGITS + ASCII_ALPHA

# ---------------------------------------------------------------------------------------------
# Code points (https://infra.spec.whatwg.org/#code-points)
# ---------------------------------------------------------------------------------------------


def is_surrogate(c: str) -> bool:
    """https://infra.spec.whatwg.org/#surrogate"""
    return "\ud800" <= c <= "\udfff"


def is_leading_surrogate(c: str) -> bool:
    """https://infra.spec.whatwg.org/#leading-surrogate"""
    return "\ud800" <= c <= "\udbff"


def is_trailing_surrogate(c: str) -> bool:
    """https://infra.spec.whatwg.org/#trailing-surrogate"""
    return "\udc00" <= c <= "\udfff"


def is_scalar_value(c: str) -> bool:
    """https://infra.spec.whatwg.org/#scalar-value"""
    return not is_surrogate(c)


def is_noncharacter(c: str) -> bool:
    """https://infra.spec.whatwg.org/#noncharacter: U+FDD0..U+FDEF and U+xFFFE/U+xFFFF."""
    cp = ord(c)
    return 0xFDD0 <= cp <= 0xFDEF or (cp & 0xFFFE) == 0xFFFE


def is_ascii_code_point(c: str) -> bool:
    """https://infra.spec.whatwg.org/#ascii-code-point"""
    return c <= "\x7f"


def is_ascii_tab_or_newline(c: str) -> bool:
    """https://infra.spec.whatwg.org/#ascii-tab-or-newline"""
    return c in "\t\n\r" and c != ""


def is_ascii_whitespace(c: str) -> bool:
    """https://infra.spec.whatwg.org/#ascii-whitespace"""
    return c in ASCII_WHITESPACE and c != ""


def is_c0_control(c: str) -> bool:
    """https://infra.spec.whatwg.org/#c0-control: U+0000 NULL to U+001F, inclusive."""
    return "\x00" <= c <= "\x1f"


def is_c0_control_or_space(c: str) -> bool:
    """https://infra.spec.whatwg.org/#c0-control-or-space"""
    return "\x00" <= c <= " "


def is_control(c: str) -> bool:
    """https://infra.spec.whatwg.org/#control: a C0 control or U+007F to U+009F."""
    return "\x00" <= c <= "\x1f" or "\x7f" <= c <= "\x9f"


def is_ascii_digit(c: str) -> bool:
    """https://infra.spec.whatwg.org/#ascii-digit"""
    return "0" <= c <= "9" and len(c) == 1


def is_ascii_upper_hex_digit(c: str) -> bool:
    """https://infra.spec.whatwg.org/#ascii-upper-hex-digit"""
    return ("0" <= c <= "9" or "A" <= c <= "F") and len(c) == 1


def is_ascii_lower_hex_digit(c: str) -> bool:
    """https://infra.spec.whatwg.org/#ascii-lower-hex-digit"""
    return ("0" <= c <= "9" or "a" <= c <= "f") and len(c) == 1


def is_ascii_hex_digit(c: str) -> bool:
    """https://infra.spec.whatwg.org/#ascii-hex-digit"""
    return ("0" <= c <= "9" or "A" <= c <= "F" or "a" <= c <= "f") and len(c) == 1


def is_ascii_upper_alpha(c: str) -> bool:
    """https://infra.spec.whatwg.org/#ascii-upper-alpha"""
    return "A" <= c <= "Z" and len(c) == 1


def is_ascii_lower_alpha(c: str) -> bool:
    """https://infra.spec.whatwg.org/#ascii-lower-alpha"""
    return "a" <= c <= "z" and len(c) == 1


def is_ascii_alpha(c: str) -> bool:
    """https://infra.spec.whatwg.org/#ascii-alpha"""
    return ("A" <= c <= "Z" or "a" <= c <= "z") and len(c) == 1


def is_ascii_alphanumeric(c: str) -> bool:
    """https://infra.spec.whatwg.org/#ascii-alphanumeric"""
    return ("0" <= c <= "9" or "A" <= c <= "Z" or "a" <= c <= "z") and len(c) == 1


# ---------------------------------------------------------------------------------------------
# Strings (https://infra.spec.whatwg.org/#strings)
# ---------------------------------------------------------------------------------------------

_TO_LOWER = str.maketrans(ASCII_UPPER_ALPHA, ASCII_LOWER_ALPHA)
_TO_UPPER = str.maketrans(ASCII_LOWER_ALPHA, ASCII_UPPER_ALPHA)


def ascii_lowercase(s: str) -> str:
    """https://infra.spec.whatwg.org/#ascii-lowercase -- only A-Z change (not 'İ', not 'K' Kelvin)."""
    return s.lower() if s.isascii() else s.translate(_TO_LOWER)


def ascii_uppercase(s: str) -> str:
    """https://infra.spec.whatwg.org/#ascii-uppercase"""
    return s.upper() if s.isascii() else s.translate(_TO_UPPER)


def ascii_case_insensitive_match(a: str, b: str) -> bool:
    """https://infra.spec.whatwg.org/#ascii-case-insensitive"""
    return len(a) == len(b) and ascii_lowercase(a) == ascii_lowercase(b)


def is_isomorphic_string(s: str) -> bool:
    """https://infra.spec.whatwg.org/#isomorphic-string"""
    return all(c <= "\xff" for c in s)


def isomorphic_encode(s: str) -> bytes:
    """https://infra.spec.whatwg.org/#isomorphic-encode (ValueError if not an isomorphic string)."""
    try:
        return s.encode("latin-1")
    except UnicodeEncodeError as e:
        raise ValueError(f"isomorphic encode: U+{ord(s[e.start]):04X} is above U+00FF") from None


def isomorphic_decode(data: bytes | bytearray | memoryview) -> str:
    """https://infra.spec.whatwg.org/#isomorphic-decode"""
    return bytes(data).decode("latin-1")


def ascii_encode(s: str) -> bytes:
    """https://infra.spec.whatwg.org/#ascii-encode (ValueError if *s* is not an ASCII string)."""
    if not s.isascii():
        raise ValueError("ASCII encode: the input is not an ASCII string")
    return s.encode("ascii")


def ascii_decode(data: bytes | bytearray | memoryview) -> str:
    """https://infra.spec.whatwg.org/#ascii-decode (ValueError where the spec's assertion fails)."""
    data = bytes(data)
    if not data.isascii():
        raise ValueError("ASCII decode: the input has a byte above 0x7F")
    return data.decode("ascii")


_SURROGATES = re.compile("[\ud800-\udfff]")


def convert_to_scalar_value_string(s: str) -> str:
    """https://infra.spec.whatwg.org/#javascript-string-convert: surrogates become U+FFFD."""
    if _SURROGATES.search(s) is None:
        return s
    return _SURROGATES.sub("\ufffd", s)


def code_unit_sort_key(s: str) -> bytes:
    """A key that orders strings by UTF-16 code units (https://infra.spec.whatwg.org/#code-unit-less-than).

    Python compares code points, which differs from code units for astral characters versus
    U+E000..U+FFFF; big-endian UTF-16 bytes compare exactly like code unit sequences.
    """
    return s.encode("utf-16-be", "surrogatepass")


def code_unit_less_than(a: str, b: str) -> bool:
    """https://infra.spec.whatwg.org/#code-unit-less-than"""
    return code_unit_sort_key(a) < code_unit_sort_key(b)


def code_unit_length(s: str) -> int:
    """The length of *s* in UTF-16 code units (the JS ``length``)."""
    if s.isascii():
        return len(s)
    return len(s) + sum(1 for c in s if c > "\uffff")


def _code_units(s: str) -> bytes:
    # A Python str holds code points; its UTF-16 form (lone surrogates kept) is the JS string.
    return s.encode("utf-16-be", "surrogatepass")


def _from_code_units(units: bytes) -> str:
    # Decoding joins a leading+trailing surrogate pair into one astral code point and keeps a
    # lone surrogate as itself: the JS "interpreted as containing code points" view.
    return units.decode("utf-16-be", "surrogatepass")


def is_code_unit_prefix(potential_prefix: str, input: str) -> bool:
    r"""https://infra.spec.whatwg.org/#code-unit-prefix -- "input starts with potentialPrefix".

    Compared as UTF-16 code units, so "\ud83d" is a code unit prefix of "\U0001f47d".
    """
    if potential_prefix.isascii() or input.isascii():
        # An ASCII side has no surrogate halves to split, so code points compare as code units.
        return input.startswith(potential_prefix)
    return _code_units(input).startswith(_code_units(potential_prefix))


def is_code_unit_suffix(potential_suffix: str, input: str) -> bool:
    """https://infra.spec.whatwg.org/#code-unit-suffix -- "input ends with potentialSuffix"."""
    if potential_suffix.isascii() or input.isascii():
        return input.endswith(potential_suffix)
    # Two bytes per code unit, so a byte-level suffix of the UTF-16 form is a code unit suffix.
    return _code_units(input).endswith(_code_units(potential_suffix))


def _check_substring_range(start: int, length: int, size: int) -> None:
    # Steps 1-2 are assertions in the spec; a caller breaking them gets a RangeError.
    if start < 0 or length < 0:
        raise RangeError(f"substring start ({start}) and length ({length}) must be nonnegative")
    if start + length > size:
        raise RangeError(f"substring end ({start + length}) is past the string's length ({size})")


def code_unit_substring(s: str, start: int, length: int | None = None) -> str:
    """https://infra.spec.whatwg.org/#code-unit-substring -- *length* code units from *start*.

    Without *length*, up to the end (#code-unit-substring-to-the-end-of-the-string).  Cutting a
    surrogate pair leaves a lone surrogate, as JS ``substr`` does.
    """
    if s.isascii():
        size = len(s)
        length = size - start if length is None else length
        _check_substring_range(start, length, size)
        return s[start : start + length]
    units = _code_units(s)
    size = len(units) // 2
    length = size - start if length is None else length
    _check_substring_range(start, length, size)
    return _from_code_units(units[2 * start : 2 * (start + length)])


def code_point_substring(s: str, start: int, length: int | None = None) -> str:
    """https://infra.spec.whatwg.org/#code-point-substring -- *length* code points from *start*.

    Code points as JS sees them in the UTF-16 string: a surrogate pair (even one a Python str
    holds as two characters) is one code point, a lone surrogate is one.
    """
    points = _from_code_units(_code_units(s)) if not s.isascii() else s
    size = len(points)
    length = size - start if length is None else length
    _check_substring_range(start, length, size)
    return points[start : start + length]


def strip_newlines(s: str) -> str:
    """https://infra.spec.whatwg.org/#strip-newlines"""
    return s.replace("\n", "").replace("\r", "")


def normalize_newlines(s: str) -> str:
    """https://infra.spec.whatwg.org/#normalize-newlines"""
    return s.replace("\r\n", "\n").replace("\r", "\n")


def strip_leading_and_trailing_ascii_whitespace(s: str) -> str:
    """https://infra.spec.whatwg.org/#strip-leading-and-trailing-ascii-whitespace"""
    return s.strip(ASCII_WHITESPACE)


_WS_RUN = re.compile("[\t\n\x0c\r ]+")


def strip_and_collapse_ascii_whitespace(s: str) -> str:
    """https://infra.spec.whatwg.org/#strip-and-collapse-ascii-whitespace"""
    return _WS_RUN.sub(" ", s).strip(" ")


def collect_a_sequence_of_code_points(
    s: str, position: int, predicate: Callable[[str], bool]
) -> tuple[str, int]:
    """https://infra.spec.whatwg.org/#collect-a-sequence-of-code-points -> (result, position)"""
    start = position
    n = len(s)
    while position < n and predicate(s[position]):
        position += 1
    return s[start:position], position


def skip_ascii_whitespace(s: str, position: int) -> int:
    """https://infra.spec.whatwg.org/#skip-ascii-whitespace -> the new position"""
    n = len(s)
    while position < n and s[position] in ASCII_WHITESPACE:
        position += 1
    return position


def strictly_split(s: str, delimiter: str) -> list[str]:
    """https://infra.spec.whatwg.org/#strictly-split (always at least one token)."""
    return s.split(delimiter)


def split_on_ascii_whitespace(s: str) -> list[str]:
    """https://infra.spec.whatwg.org/#split-on-ascii-whitespace"""
    # str.split() with no argument also splits on non-ASCII whitespace, so name the set.
    return [t for t in _WS_RUN.split(s) if t]


def split_on_commas(s: str) -> list[str]:
    """https://infra.spec.whatwg.org/#split-on-commas

    Each token is stripped of ASCII whitespace and may be empty; a trailing comma does not add
    an empty token (the loop ends when position is past the end), and "" gives no token.
    """
    if not s:
        return []
    tokens = [t.strip(ASCII_WHITESPACE) for t in s.split(",")]
    if s.endswith(","):
        tokens.pop()
    return tokens


def concatenate(items: Iterable[str], separator: str = "") -> str:
    """https://infra.spec.whatwg.org/#string-concatenate"""
    return separator.join(items)


# ---------------------------------------------------------------------------------------------
# Data structures (https://infra.spec.whatwg.org/#data-structures)
# ---------------------------------------------------------------------------------------------


class OrderedSet(Generic[T]):
    """https://infra.spec.whatwg.org/#ordered-set -- a list whose items are unique.

    Python's ``set`` is unordered and ``dict.fromkeys`` lacks the list operations the spec uses
    (prepend, replace, insert before an index), so this wraps a dict used as an ordered index.
    """

    __slots__ = ("_items",)

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: dict[T, None] = dict.fromkeys(items)

    def append(self, item: T) -> None:
        """https://infra.spec.whatwg.org/#set-append: no-op if already present."""
        self._items.setdefault(item, None)

    add = append

    def extend(self, items: Iterable[T]) -> None:
        for item in items:
            self._items.setdefault(item, None)

    def prepend(self, item: T) -> None:
        """https://infra.spec.whatwg.org/#set-prepend"""
        if item not in self._items:
            self._items = {item: None, **self._items}

    def replace(self, item: T, replacement: T) -> None:
        """https://infra.spec.whatwg.org/#set-replace: replace the first of item/replacement
        with replacement and remove all other instances of both."""
        if item not in self._items and replacement not in self._items:
            return
        out: dict[T, None] = {}
        for existing in self._items:
            if existing == item or existing == replacement:
                out.setdefault(replacement, None)
            else:
                out[existing] = None
        self._items = out

    def insert(self, index: int, item: T) -> None:
        if item in self._items:
            return
        keys = list(self._items)
        keys.insert(index, item)
        self._items = dict.fromkeys(keys)

    def remove(self, item: T) -> None:
        """https://infra.spec.whatwg.org/#list-remove (no error if absent)."""
        self._items.pop(item, None)

    def clear(self) -> None:
        self._items.clear()

    def index(self, item: T) -> int:
        return list(self._items).index(item)

    def __contains__(self, item: object) -> bool:
        return item in self._items

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index: int) -> T:
        return list(self._items)[index]

    def clone(self) -> OrderedSet[T]:
        """https://infra.spec.whatwg.org/#list-clone -- a shallow copy, same designation."""
        return OrderedSet(self._items)

    copy = clone

    def is_subset_of(self, superset: OrderedSet[T]) -> bool:
        """https://infra.spec.whatwg.org/#set-subset: every item of self is in *superset*."""
        return all(item in superset for item in self._items)

    def is_superset_of(self, subset: OrderedSet[T]) -> bool:
        """https://infra.spec.whatwg.org/#set-superset"""
        return all(item in self._items for item in subset)

    def is_equal_to(self, other: OrderedSet[T]) -> bool:
        """https://infra.spec.whatwg.org/#set-equal: subset and superset, whatever the order
        (``==`` compares the orders too, as for lists)."""
        return self.is_subset_of(other) and self.is_superset_of(other)

    def intersection(self, other: Iterable[T]) -> OrderedSet[T]:
        """https://infra.spec.whatwg.org/#set-intersection: self's items in *other*, in self's order."""
        b = other if isinstance(other, OrderedSet) else OrderedSet(other)
        return OrderedSet(item for item in self._items if item in b)

    def union(self, other: Iterable[T]) -> OrderedSet[T]:
        """https://infra.spec.whatwg.org/#set-union: a clone of self, then other's new items appended."""
        result = self.clone()
        result.extend(other)
        return result

    def difference(self, other: Iterable[T]) -> OrderedSet[T]:
        """https://infra.spec.whatwg.org/#set-difference: self's items not in *other*."""
        b = other if isinstance(other, OrderedSet) else OrderedSet(other)
        return OrderedSet(item for item in self._items if item not in b)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, OrderedSet):
            return list(self._items) == list(other._items)
        return NotImplemented

    def __repr__(self) -> str:
        return f"OrderedSet({list(self._items)!r})"


class OrderedMap(dict[K, V]):
    """https://infra.spec.whatwg.org/#ordered-map

    Python's ``dict`` is already an ordered map with the spec's "set" (keeps the position of an
    existing key) and "remove" semantics; this subclass only adds the spec's names.
    """

    def set(self, key: K, value: V) -> None:
        self[key] = value

    def remove(self, key: K) -> None:
        self.pop(key, None)

    def exists(self, key: K) -> bool:
        return key in self

    def get_keys(self) -> OrderedSet[K]:
        """https://infra.spec.whatwg.org/#map-getting-the-keys -- a new ordered set."""
        return OrderedSet(self.keys())

    def get_values(self) -> list[V]:
        """https://infra.spec.whatwg.org/#map-getting-the-values -- a new list."""
        return list(self.values())

    def clone(self) -> OrderedMap[K, V]:
        """https://infra.spec.whatwg.org/#map-clone -- shallow: values are shared, not copied."""
        return OrderedMap(self)

    copy = clone     # dict.copy would return a plain dict

    def sort_in_ascending_order(self, less_than: Callable[[tuple[K, V], tuple[K, V]], bool]) -> OrderedMap[K, V]:
        """https://infra.spec.whatwg.org/#map-sort-in-ascending-order -- a new map; *less_than*
        compares two (key, value) entries; entries that sort the same keep their order."""
        return OrderedMap(sort_in_ascending_order(self.items(), less_than))

    def sort_in_descending_order(self, less_than: Callable[[tuple[K, V], tuple[K, V]], bool]) -> OrderedMap[K, V]:
        """https://infra.spec.whatwg.org/#map-sort-in-descending-order"""
        return OrderedMap(sort_in_descending_order(self.items(), less_than))

    def sorted(
        self, less_than: Callable[[tuple[K, V], tuple[K, V]], bool], *, descending: bool = False
    ) -> OrderedMap[K, V]:
        """Either sort, chosen by *descending*."""
        if descending:
            return self.sort_in_descending_order(less_than)
        return self.sort_in_ascending_order(less_than)


# ---------------------------------------------------------------------------------------------
# JSON (https://infra.spec.whatwg.org/#json)
# ---------------------------------------------------------------------------------------------


def parse_json_string_to_infra_value(s: str) -> Any:
    """https://infra.spec.whatwg.org/#parse-a-json-string-to-an-infra-value

    Objects become ordered maps (dicts), arrays lists; JSON.parse semantics: duplicate keys keep
    the last value at the first key's position... (JS keeps the first insertion position, which a
    dict's assignment also does).  Raises ValueError where JSON.parse throws SyntaxError.
    """

    import json  # lazy: JSON is for fetch bodies and the binding, not for `import webdom`

    def no_constants(name: str) -> Any:
        raise ValueError(f"{name} is not valid JSON")

    try:
        return json.loads(s, parse_constant=no_constants)
    except json.JSONDecodeError as e:
        raise ValueError(str(e)) from None


def parse_json_bytes_to_infra_value(data: bytes) -> Any:
    """https://infra.spec.whatwg.org/#parse-json-bytes-to-an-infra-value (UTF-8 decode, BOM stripped)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return parse_json_string_to_infra_value(data.decode("utf-8", "replace"))


def serialize_infra_value_to_json_string(value: Any) -> str:
    """https://infra.spec.whatwg.org/#serialize-an-infra-value-to-a-json-string

    JSON.stringify semantics: no whitespace, numbers as Number::toString, non-finite -> null.
    """
    return _stringify(value)


def serialize_infra_value_to_json_bytes(value: Any) -> bytes:
    """https://infra.spec.whatwg.org/#serialize-an-infra-value-to-json-bytes"""
    return serialize_infra_value_to_json_string(value).encode("utf-8", "surrogatepass")


def _stringify(value: Any) -> str:
    # Iterative would be nicer for huge nesting; Infra values built by specs are shallow.
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return number_to_string(value) if math.isfinite(value) else "null"
    if isinstance(value, str):
        return _quote_json(value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{_quote_json(str(k))}:{_stringify(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple, OrderedSet)):
        return "[" + ",".join(_stringify(v) for v in value) + "]"
    raise TypeError(f"{type(value).__name__} is not an Infra value")


def _quote_json(s: str) -> str:
    # JSON.stringify's QuoteJSONString escapes lone surrogates as \\udXXX (well-formed stringify).
    import json  # lazy: as in parse_json_string_to_infra_value

    out = json.dumps(s, ensure_ascii=False)
    if _SURROGATES.search(out):
        out = _SURROGATES.sub(lambda m: f"\\u{ord(m.group()):04x}", out)
    return out


# ---------------------------------------------------------------------------------------------
# Forgiving base64 (https://infra.spec.whatwg.org/#forgiving-base64)
# ---------------------------------------------------------------------------------------------



@cache
def _b64_alphabet() -> re.Pattern[str]:
    return re.compile(r"[A-Za-z0-9+/]*")  # (compiled at the first decode, not at import)


def forgiving_base64_encode(data: bytes | bytearray | memoryview) -> str:
    """https://infra.spec.whatwg.org/#forgiving-base64-encode"""
    return binascii.b2a_base64(bytes(data), newline=False).decode("ascii")  # what base64.b64encode does


def forgiving_base64_decode(data: str) -> bytes | None:
    """https://infra.spec.whatwg.org/#forgiving-base64-decode -- bytes, or None for failure."""
    # Step 1: remove all ASCII whitespace.
    data = _WS_RUN.sub("", data)
    # Step 2: a length divisible by 4 may end with one or two "=".
    if len(data) % 4 == 0:
        if data.endswith("=="):
            data = data[:-2]
        elif data.endswith("="):
            data = data[:-1]
    # Step 3.
    if len(data) % 4 == 1:
        return None
    # Step 4: only + / and ASCII alphanumerics remain allowed.
    if not _b64_alphabet().fullmatch(data):
        return None
    # Steps 5-10: RFC 4648 decoding, discarding the leftover bits of a final partial group
    # (so "YQ" and "YR" both give b"a"); binascii in non-strict mode does exactly that once the
    # group is padded.
    padded = data + "=" * (-len(data) % 4)
    try:
        return binascii.a2b_base64(padded)
    except binascii.Error:  # pragma: no cover - excluded by the checks above
        return None


__all__ = [name for name in dir() if not name.startswith("_") and name not in {
    "annotations", "binascii", "cache", "math", "re", "Any", "Callable", "Generic",
    "Iterable", "Iterator", "TypeVar", "T", "number_to_string", "RangeError",
}]
