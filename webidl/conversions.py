"""ECMAScript <-> IDL value conversions, with Python values standing for JS values.

https://webidl.spec.whatwg.org/#js-type-mapping

How Python values stand for JS values:

=====================  =============================================================
Python                 JS
=====================  =============================================================
``None``               null
``webidl.undefined``   undefined
``bool``               Boolean
``int``, ``float``     Number (an ``int`` outside +-2**53 is rounded as ``Number(n)`` would)
``str``                String (may hold lone surrogates, as a JS string may)
``list``/``tuple``     Array (ToString joins with ``","`` like ``Array.prototype.toString``)
anything else          an Object; ToPrimitive calls ``__index__`` / ``__float__`` first for a
                       number hint (like ``valueOf``), then ``str()`` (like ``toString``)
=====================  =============================================================

``convert(idl_type, value)`` takes the IDL type as written in IDL (``"unsigned long"``,
``"DOMString?"``, ``"sequence<long>"``, ``"record<DOMString, USVString>"``,
``"(DOMString or long)"``); the type string is parsed once and cached.
"""

from __future__ import annotations

import math
import re
import struct
from collections.abc import Callable, Collection, Iterable, Mapping
from functools import cache, lru_cache
from typing import Any, cast

from .operation_signatures import CALLBACKS, DICTIONARIES, ENUMS
from .platform_objects import implements, interfaces_of, is_interface

__all__ = [
    "BufferSource",
    "Undefined",
    "undefined",
    "convert",
    "to_number",
    "to_string",
    "number_to_string",
    "to_boolean",
    "join_surrogate_pairs",
    "to_dom_string",
    "to_nullable_dom_string",
    "to_usv_string",
    "to_byte_string",
    "to_byte",
    "to_octet",
    "to_short",
    "to_unsigned_short",
    "to_long",
    "to_unsigned_long",
    "to_long_long",
    "to_unsigned_long_long",
    "to_float",
    "to_unrestricted_float",
    "to_double",
    "to_unrestricted_double",
    "convert_to_int",
    "converter",
]


class _Undefined:
    """The JS value undefined (distinct from ``None``, which is null)."""

    _instance: _Undefined | None = None

    def __new__(cls) -> _Undefined:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "undefined"

    def __bool__(self) -> bool:
        return False

    def __reduce__(self) -> str:
        return "undefined"


undefined = _Undefined()
# The type of undefined, for annotations: an optional argument whose default is undefined.
Undefined = _Undefined
# https://webidl.spec.whatwg.org/#BufferSource: the bytes-like objects that stand for one in Python.
BufferSource = bytes | bytearray | memoryview

# ---------------------------------------------------------------------------------------------
# ToNumber (https://tc39.es/ecma262/#sec-tonumber) and StringToNumber
# ---------------------------------------------------------------------------------------------

# StrWhiteSpaceChar: WhiteSpace (TAB VT FF SP NBSP ZWNBSP and every Zs) and LineTerminator.
_JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)


# Compiled at the first string converted to a number (rare: few programs pass numbers as strings),
# not at `import webdom`.
@cache
def _decimal() -> re.Pattern[str]:
    return re.compile(r"[+-]?(?:Infinity|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)")


@cache
def _non_decimal() -> re.Pattern[str]:
    return re.compile(r"0(?:[xX]([0-9a-fA-F]+)|[oO]([0-7]+)|[bB]([01]+))")


def string_to_number(s: str) -> float:
    """https://tc39.es/ecma262/#sec-stringtonumber"""
    s = s.strip(_JS_WHITESPACE)
    if not s:
        return 0.0
    if _decimal().fullmatch(s):
        # float() accepts "Infinity"/"+Infinity"/"-Infinity" and every StrDecimalLiteral; the
        # regex has already refused what float() would wrongly accept ("1_0", "inf", "nan").
        return float(s)
    m = _non_decimal().fullmatch(s)
    if m:
        hexd, octd, bind = m.groups()
        n = int(hexd, 16) if hexd else int(octd, 8) if octd else int(bind, 2)
        return _int_to_number(n)
    return math.nan


def _int_to_number(n: int) -> float:
    """Number(n) for a mathematical integer: round to the nearest double, overflow to Infinity."""
    try:
        return float(n)
    except OverflowError:
        return math.inf if n > 0 else -math.inf


def to_number(value: Any) -> float:
    """https://tc39.es/ecma262/#sec-tonumber -- always returns a float."""
    t = type(value)
    if t is float:
        return cast(float, value)
    if t is int:
        return _int_to_number(value)
    if t is str:
        return string_to_number(value)
    if t is bool:
        return 1.0 if value else 0.0
    if value is None:
        return 0.0
    if value is undefined:
        return math.nan
    if isinstance(value, (bool, int, float, str)):  # subclasses
        return to_number(_base_value(value))
    if isinstance(value, (list, tuple)):
        return string_to_number(to_string(value))
    # ToPrimitive(hint number): valueOf (here __index__/__float__) before toString (__str__).
    if hasattr(value, "__index__"):
        return _int_to_number(value.__index__())
    if hasattr(value, "__float__"):
        return float(value)
    return string_to_number(str(value))


def _base_value(value: Any) -> Any:
    for base in (bool, int, float, str):
        if isinstance(value, base):
            return base(value)
    return value


# ---------------------------------------------------------------------------------------------
# Number::toString (https://tc39.es/ecma262/#sec-numeric-types-number-tostring) and ToString
# ---------------------------------------------------------------------------------------------


def number_to_string(x: float | int) -> str:
    """Number::toString(x) with radix 10, exactly as JS prints numbers
    (https://tc39.es/ecma262/#sec-numeric-types-number-tostring).

    Python's ``repr(float)`` already gives the shortest digits that round-trip (the ``k`` digits
    the spec asks for); only the layout rules differ.
    """
    if type(x) is int:
        if -(2**53) <= x <= 2**53:
            return str(x)  # exact, and below 1e21 JS prints integers in plain notation
        x = _int_to_number(x)
    elif type(x) is not float:
        x = float(x)
    if x != x:
        return "NaN"
    if x == 0:
        return "0"  # both +0 and -0 (step 2)
    if x < 0:
        return "-" + number_to_string(-x)
    if x == math.inf:
        return "Infinity"
    r = repr(x)
    if "e" in r:
        mantissa, _, exp_s = r.partition("e")
        exp = int(exp_s)
    else:
        mantissa, exp = r, 0
    int_part, _, frac = mantissa.partition(".")
    if frac == "0":
        frac = ""
    digits = int_part + frac
    n = len(int_part) + exp  # value = 0.digits * 10**n
    stripped = digits.lstrip("0")
    n -= len(digits) - len(stripped)
    digits = stripped.rstrip("0")
    k = len(digits)
    if k <= n <= 21:
        return digits + "0" * (n - k)
    if 0 < n <= 21:
        return digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return "0." + "0" * (-n) + digits
    e = n - 1
    sign = "+" if e >= 0 else "-"
    if k == 1:
        return f"{digits}e{sign}{abs(e)}"
    return f"{digits[0]}.{digits[1:]}e{sign}{abs(e)}"


def to_string(value: Any) -> str:
    """https://tc39.es/ecma262/#sec-tostring"""
    t = type(value)
    if t is str:
        return cast(str, value)
    if t is int or t is float:
        return number_to_string(value)
    if t is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if value is undefined:
        return "undefined"
    if isinstance(value, (bool, int, float, str)):
        return to_string(_base_value(value))
    if isinstance(value, (list, tuple)):
        # Array.prototype.toString -> join(","): null and undefined become "".
        return ",".join("" if v is None or v is undefined else to_string(v) for v in value)
    return str(value)


def to_boolean(value: Any) -> bool:
    """https://tc39.es/ecma262/#sec-toboolean (the IDL boolean conversion)."""
    t = type(value)
    if t is bool:
        return value is True
    if value is None or value is undefined:
        return False
    if t is str or t is int:
        return bool(value)
    if t is float:
        return not (value == 0 or value != value)
    if isinstance(value, (bool, int, float, str)):
        return to_boolean(_base_value(value))
    return True  # every Object is truthy (document.all aside, which is not a Python concern here)


# ---------------------------------------------------------------------------------------------
# Integer types (https://webidl.spec.whatwg.org/#abstract-opdef-converttoint)
# ---------------------------------------------------------------------------------------------


def _round_half_even(x: float) -> int:
    return round(x)  # Python's round() is ties-to-even, as the [Clamp] step requires


def convert_to_int(
    value: Any,
    bit_length: int,
    signed: bool,
    *,
    clamp: bool = False,
    enforce_range: bool = False,
) -> int:
    """https://webidl.spec.whatwg.org/#abstract-opdef-converttoint"""
    # Step 1-3: the bounds.
    if bit_length == 64:
        upper = 2**53 - 1
        lower = -(2**53) + 1 if signed else 0
    elif signed:
        lower = -(2 ** (bit_length - 1))
        upper = 2 ** (bit_length - 1) - 1
    else:
        lower = 0
        upper = 2**bit_length - 1
    # Fast path: an in-range Python int is already the answer whatever the flags say.
    if type(value) is int and lower <= value <= upper:
        return value
    x = to_number(value)  # step 4; -0 is handled below, as every branch maps it to 0
    if enforce_range:  # step 6
        if x != x or x in (math.inf, -math.inf):
            raise TypeError(f"value {number_to_string(x)} is not a finite number")
        xi = math.trunc(x)
        if xi < lower or xi > upper:
            raise TypeError(f"value {number_to_string(x)} is outside the range [{lower}, {upper}]")
        return xi
    if clamp and x == x:  # step 7
        x = min(max(x, lower), upper)
        return _round_half_even(x)
    if x != x or x == 0 or x in (math.inf, -math.inf):  # step 8
        return 0
    xi = math.trunc(x)  # step 9: IntegerPart
    xi %= 1 << bit_length  # step 10 (Python's % already gives the non-negative modulo)
    if signed and xi >= 1 << (bit_length - 1):  # step 11
        xi -= 1 << bit_length
    return xi


def to_byte(v: Any, **flags: Any) -> int:
    """https://webidl.spec.whatwg.org/#js-byte

    The JS value *v* as an IDL ``byte`` (8-bit signed);
    *flags*: ``clamp`` / ``enforce_range`` for [Clamp] / [EnforceRange]."""
    return convert_to_int(v, 8, True, **flags)


def to_octet(v: Any, **flags: Any) -> int:
    """https://webidl.spec.whatwg.org/#js-octet

    The JS value *v* as an IDL ``octet`` (8-bit unsigned);
    *flags*: ``clamp`` / ``enforce_range`` for [Clamp] / [EnforceRange]."""
    return convert_to_int(v, 8, False, **flags)


def to_short(v: Any, **flags: Any) -> int:
    """https://webidl.spec.whatwg.org/#js-short

    The JS value *v* as an IDL ``short`` (16-bit signed);
    *flags*: ``clamp`` / ``enforce_range`` for [Clamp] / [EnforceRange]."""
    return convert_to_int(v, 16, True, **flags)


def to_unsigned_short(v: Any, **flags: Any) -> int:
    """https://webidl.spec.whatwg.org/#js-unsigned-short

    The JS value *v* as an IDL ``unsigned short`` (16-bit unsigned);
    *flags*: ``clamp`` / ``enforce_range`` for [Clamp] / [EnforceRange]."""
    return convert_to_int(v, 16, False, **flags)


def to_long(v: Any, **flags: Any) -> int:
    """https://webidl.spec.whatwg.org/#js-long

    The JS value *v* as an IDL ``long`` (32-bit signed);
    *flags*: ``clamp`` / ``enforce_range`` for [Clamp] / [EnforceRange]."""
    if type(v) is int and -2147483648 <= v <= 2147483647:
        return v
    return convert_to_int(v, 32, True, **flags)


def to_unsigned_long(v: Any, **flags: Any) -> int:
    """https://webidl.spec.whatwg.org/#js-unsigned-long

    The JS value *v* as an IDL ``unsigned long`` (32-bit unsigned);
    *flags*: ``clamp`` / ``enforce_range`` for [Clamp] / [EnforceRange]."""
    if type(v) is int and 0 <= v <= 4294967295:
        return v
    return convert_to_int(v, 32, False, **flags)


def to_long_long(v: Any, **flags: Any) -> int:
    """https://webidl.spec.whatwg.org/#js-long-long

    The JS value *v* as an IDL ``long long`` (64-bit signed, within ±(2^53 − 1));
    *flags*: ``clamp`` / ``enforce_range`` for [Clamp] / [EnforceRange]."""
    return convert_to_int(v, 64, True, **flags)


def to_unsigned_long_long(v: Any, **flags: Any) -> int:
    """https://webidl.spec.whatwg.org/#js-unsigned-long-long

    The JS value *v* as an IDL ``unsigned long long`` (64-bit unsigned, within 2^53 − 1);
    *flags*: ``clamp`` / ``enforce_range`` for [Clamp] / [EnforceRange]."""
    return convert_to_int(v, 64, False, **flags)


# ---------------------------------------------------------------------------------------------
# Floating point types (https://webidl.spec.whatwg.org/#js-float and following)
# ---------------------------------------------------------------------------------------------

_PACK_F = struct.Struct("<f")


def _to_binary32(x: float) -> float:
    """Round to the nearest IEEE binary32 value (ties to even); overflow gives +-Infinity."""
    try:
        return cast(float, _PACK_F.unpack(_PACK_F.pack(x))[0])
    except OverflowError:
        # struct refuses values that round beyond FLT_MAX; IEEE rounding says: the largest
        # finite float32 is 3.4028234663852886e38, and values >= 2**128 - 2**103 round to inf.
        limit = 2.0**128 - 2.0**103
        if abs(x) >= limit:
            return math.copysign(math.inf, x)
        return math.copysign(3.4028234663852886e38, x)


def to_double(v: Any) -> float:
    """https://webidl.spec.whatwg.org/#js-double -- non-finite values are a TypeError."""
    x = v if type(v) is float else to_number(v)
    if x != x or x in (math.inf, -math.inf):
        raise TypeError(f"the value {number_to_string(x)} is not a finite floating-point value")
    return x


def to_unrestricted_double(v: Any) -> float:
    """https://webidl.spec.whatwg.org/#js-unrestricted-double"""
    return v if type(v) is float else to_number(v)


def to_float(v: Any) -> float:
    """https://webidl.spec.whatwg.org/#js-float"""
    x = to_double(v)
    y = _to_binary32(x)
    if y in (math.inf, -math.inf):
        raise TypeError(f"the value {number_to_string(x)} is out of range for float")
    return y


def to_unrestricted_float(v: Any) -> float:
    """https://webidl.spec.whatwg.org/#js-unrestricted-float"""
    x = to_unrestricted_double(v)
    if x != x:
        return math.nan
    return _to_binary32(x)


# ---------------------------------------------------------------------------------------------
# String types (https://webidl.spec.whatwg.org/#js-DOMString and following)
# ---------------------------------------------------------------------------------------------

_SURROGATE = re.compile("[\ud800-\udfff]")


def join_surrogate_pairs(s: str) -> str:
    """The one Python spelling of a JS string: each surrogate pair as its astral code point,
    lone surrogates kept.

    A JS string is a sequence of UTF-16 code units, so ``"\\ud83d\\ude00"`` and ``"😀"`` are
    the same string there; in Python they are two different ``str`` values (``==`` tells them
    apart).  Every string webidl converts to a DOMString, and every string the DOM hands out,
    is in this form.
    """
    if s.isascii() or _SURROGATE.search(s) is None:
        return s
    return s.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def to_dom_string(v: Any, *, legacy_null_to_empty_string: bool = False) -> str:
    """https://webidl.spec.whatwg.org/#js-DOMString (in the canonical spelling:
    :func:`join_surrogate_pairs`)."""
    if type(v) is str:
        return join_surrogate_pairs(v)
    if v is None and legacy_null_to_empty_string:
        return ""
    return join_surrogate_pairs(to_string(v))


def to_nullable_dom_string(v: Any) -> str | None:
    """https://webidl.spec.whatwg.org/#js-nullable: ``DOMString?`` -- undefined and null are null."""
    if type(v) is str:
        return v
    if v is None or v is undefined:
        return None
    return to_string(v)


def to_usv_string(v: Any) -> str:
    """https://webidl.spec.whatwg.org/#js-USVString: lone surrogates become U+FFFD.

    A Python ``str`` holds code points, so a surrogate in it is always "lone" (a paired one
    would be a single astral code point) -- except for surrogate pairs written as two code
    points, which JS would see as one astral character; those are joined first.
    """
    s = v if type(v) is str else to_string(v)
    if _SURROGATE.search(s) is None:
        return s
    return s.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def to_byte_string(v: Any) -> str:
    """https://webidl.spec.whatwg.org/#js-ByteString"""
    s = v if type(v) is str else to_string(v)
    for ch in s:
        if ord(ch) > 0xFF:
            raise TypeError(f"ByteString cannot hold the character U+{ord(ch):04X}")
    return s


# ---------------------------------------------------------------------------------------------
# convert(): the type-string front end
# ---------------------------------------------------------------------------------------------

_Converter = Callable[[Any], Any]

_INT_TYPES: dict[str, tuple[int, bool]] = {
    "byte": (8, True),
    "octet": (8, False),
    "short": (16, True),
    "unsigned short": (16, False),
    "long": (32, True),
    "unsigned long": (32, False),
    "long long": (64, True),
    "unsigned long long": (64, False),
}
_FLOAT_TYPES: dict[str, _Converter] = {
    "float": to_float,
    "unrestricted float": to_unrestricted_float,
    "double": to_double,
    "unrestricted double": to_unrestricted_double,
}
_STRING_TYPES = ("DOMString", "USVString", "ByteString")
# webidl.dictionaries.convert_dictionary, which that module (built on this one) puts here
DICTIONARY_CONVERSION: list[Callable[[str, Any, str], dict[str, Any]]] = []
# Python values that stand for JS primitives (bytes: no JS value, but no object either)
_PRIMITIVES = (str, int, float, bool, bytes)
_NUMERIC = set(_INT_TYPES) | set(_FLOAT_TYPES)


def _split_top_level(s: str, sep: str) -> list[str]:
    """Split *s* on *sep* outside <> and () brackets."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(s):
        c = s[i]
        if c in "<(":
            depth += 1
        elif c in ">)":
            depth -= 1
        elif depth == 0 and s.startswith(sep, i):
            parts.append(s[start:i].strip())
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(s[start:].strip())
    return parts


# https://webidl.spec.whatwg.org/#idl-buffer-source-types, as Python holds them: any bytes-like
# object is an ArrayBuffer or a view of one (JS typed arrays reach Python as memoryviews); a
# typed array (Uint8Array, ...) is one an algorithm may write into: a bytearray or a writable
# memoryview.  (JS checks a value's exact kind before it reaches Python.)
_READABLE = (bytes, bytearray, memoryview)
_BUFFERS = frozenset({"ArrayBuffer", "SharedArrayBuffer", "ArrayBufferView", "DataView", "BufferSource",
                      "AllowSharedBufferSource"})
_TYPED_ARRAYS = frozenset({"Int8Array", "Int16Array", "Int32Array", "Uint8Array", "Uint16Array", "Uint32Array",
                           "Uint8ClampedArray", "BigInt64Array", "BigUint64Array", "Float16Array", "Float32Array",
                           "Float64Array"})


def _is_sequence_like(v: Any) -> bool:
    return isinstance(v, Iterable) and not isinstance(v, (str, bytes, Mapping))


@lru_cache(maxsize=512)
def _compile(
    idl_type: str,
    clamp: bool,
    enforce_range: bool,
    legacy_null: bool,
    enum_values: tuple[str, ...] | None,
) -> tuple[_Converter, frozenset[str]]:
    """Compile an IDL type string to a converter and the set of its "flattened" categories."""
    t = " ".join(idl_type.split())
    if t.endswith("?"):
        inner, cats = _compile(t[:-1], clamp, enforce_range, legacy_null, enum_values)

        def nullable(v: Any) -> Any:
            # https://webidl.spec.whatwg.org/#js-nullable
            return None if v is None or v is undefined else inner(v)

        return nullable, cats | {"null"}
    if t.startswith("(") and t.endswith(")"):
        return _compile_union(_split_top_level(t[1:-1], " or "), clamp, enforce_range, legacy_null)
    if t in _INT_TYPES:
        bits, signed = _INT_TYPES[t]
        if not clamp and not enforce_range and bits == 32:
            return (to_long if signed else to_unsigned_long), frozenset({"numeric"})

        def integer(v: Any) -> int:
            return convert_to_int(v, bits, signed, clamp=clamp, enforce_range=enforce_range)

        return integer, frozenset({"numeric"})
    if t in _FLOAT_TYPES:
        return _FLOAT_TYPES[t], frozenset({"numeric"})
    if t == "boolean":
        return to_boolean, frozenset({"boolean"})
    if t == "DOMString":
        if legacy_null:
            return (lambda v: to_dom_string(v, legacy_null_to_empty_string=True)), frozenset({"string"})
        return to_dom_string, frozenset({"string"})
    if t == "USVString":
        return to_usv_string, frozenset({"string"})
    if t == "ByteString":
        return to_byte_string, frozenset({"string"})
    if t in ("any", "object", "undefined"):
        return (lambda v: v), frozenset({"any"})
    if t in _BUFFERS or t in _TYPED_ARRAYS:
        writable = t in _TYPED_ARRAYS

        def buffer_source(v: Any) -> Any:
            # https://webidl.spec.whatwg.org/#js-buffer-source-types: a reference to the object
            # itself; a typed array is a view the algorithm may write into (bytes is read-only)
            if not isinstance(v, _READABLE) or writable and (type(v) is bytes or type(v) is memoryview and v.readonly):
                raise TypeError(f"{type(v).__name__} value is not of type {t}")
            return v

        return buffer_source, frozenset({"buffer"})
    m = re.fullmatch(r"(sequence|FrozenArray|ObservableArray)<(.*)>", t)
    if m:
        item, _ = _compile(m.group(2), clamp, enforce_range, legacy_null, enum_values)

        def sequence(v: Any) -> list[Any]:
            # https://webidl.spec.whatwg.org/#js-sequence: an iterable Object; strings and
            # plain objects (mappings) are not.
            if not _is_sequence_like(v):
                raise TypeError(f"{type(v).__name__} object is not iterable as a sequence")
            return [item(x) for x in v]

        return sequence, frozenset({"sequence"})
    m = re.fullmatch(r"record<(.*)>", t)
    if m:
        key_t, value_t = _split_top_level(m.group(1), ",")
        key, _ = _compile(key_t, False, False, False, None)
        value, _ = _compile(value_t, clamp, enforce_range, legacy_null, enum_values)

        def record(v: Any) -> dict[str, Any]:
            # https://webidl.spec.whatwg.org/#js-record
            if not isinstance(v, Mapping):
                raise TypeError(f"{type(v).__name__} object is not a record")
            return {key(k): value(x) for k, x in v.items()}

        return record, frozenset({"record"})
    if enum_values is not None:
        allowed = frozenset(enum_values)
        name = t

        def enumeration(v: Any) -> str:
            # https://webidl.spec.whatwg.org/#js-enumeration
            s = to_dom_string(v)
            if s not in allowed:
                raise TypeError(f"{s!r} is not a valid value of the enumeration {name}")
            return s

        return enumeration, frozenset({"string"})
    if t in DICTIONARIES:

        def dictionary(v: Any) -> dict[str, Any]:
            # https://webidl.spec.whatwg.org/#js-dictionary
            return DICTIONARY_CONVERSION[0](t, v, t)

        return dictionary, frozenset({"dictionary"})
    if CALLBACKS.get(t) == "function":

        def callback_function(v: Any) -> Any:
            # https://webidl.spec.whatwg.org/#js-callback-function: a callable object
            if not callable(v):
                raise TypeError(f"{type(v).__name__} is not a function ({t})")
            return v

        return callback_function, frozenset({"callback"})
    if CALLBACKS.get(t) == "interface":

        def callback_interface(v: Any) -> Any:
            # https://webidl.spec.whatwg.org/#js-callback-interface: any object (a function too)
            if v is None or v is undefined or isinstance(v, _PRIMITIVES):
                raise TypeError(f"{'null' if v is None else type(v).__name__} is not an object ({t})")
            return v

        return callback_interface, frozenset({"callback"})

    if is_interface(t):
        name = t

        def interface(v: Any) -> Any:
            # https://webidl.spec.whatwg.org/#js-interface
            if implements(v, name):
                return v
            raise TypeError(f"{'null' if v is None else type(v).__name__} is not of type '{name}'")

        return interface, frozenset({"interface:" + t})
    raise ValueError(f"unsupported IDL type {idl_type!r}")


def _compile_union(
    members: list[str], clamp: bool, enforce_range: bool, legacy_null: bool
) -> tuple[_Converter, frozenset[str]]:
    """https://webidl.spec.whatwg.org/#js-union, for unions of the types above."""
    compiled = [(m, *_compile(m, clamp, enforce_range, legacy_null, None)) for m in members]
    cats: frozenset[str] = frozenset().union(*(c for _, _, c in compiled))

    def pick(category: str) -> _Converter | None:
        for _, conv, c in compiled:
            if category in c:
                return conv
        return None

    interfaces = [c.removeprefix("interface:") for c in cats if c.startswith("interface:")]
    dictionary = pick("dictionary")

    def union(v: Any) -> Any:
        if v is None or v is undefined:
            if "null" in cats:  # (step 2)
                return None
            if dictionary is not None:  # (step 4) null and undefined are the empty dictionary
                return dictionary(v)
        # A platform object implementing one of the interface types is that value (step 5).
        if interfaces and any(name in interfaces_of(v.__class__) for name in interfaces):
            return v
        if "any" in cats:
            return v
        # (steps 7-9) an ArrayBuffer or a view of one is the buffer source type
        if isinstance(v, _READABLE) and (conv := pick("buffer")) is not None:
            return conv(v)
        t = type(v)
        # pick(category) is None exactly when no member has that category
        if isinstance(v, Mapping) and (conv := pick("record")) is not None:
            return conv(v)
        if t is not str and _is_sequence_like(v) and (conv := pick("sequence")) is not None:
            return conv(v)
        # (step 12) any other object is the dictionary
        if dictionary is not None and v is not None and v is not undefined and not isinstance(v, _PRIMITIVES):
            return dictionary(v)
        if t is bool and "boolean" in cats:
            return v
        if t in (int, float) and not isinstance(v, bool) and (conv := pick("numeric")) is not None:
            return conv(v)
        for category in ("string", "numeric", "boolean"):
            conv = pick(category)
            if conv is not None:
                return conv(v)
        raise TypeError(f"{type(v).__name__} value does not match the union {' or '.join(members)}")

    return union, cats


def convert(
    idl_type: str,
    value: Any,
    *,
    clamp: bool = False,
    enforce_range: bool = False,
    legacy_null_to_empty_string: bool = False,
    enum_values: Iterable[str] | None = None,
) -> Any:
    """Convert the Python stand-in for a JS value to the IDL type *idl_type*
    (https://webidl.spec.whatwg.org/#js-type-mapping).

    >>> convert("unsigned long", -1)
    4294967295
    >>> convert("DOMString", 1e21)
    '1e+21'

    Flags stand for extended attributes: ``clamp`` = [Clamp], ``enforce_range`` = [EnforceRange],
    ``legacy_null_to_empty_string`` = [LegacyNullToEmptyString]; ``enum_values`` gives the values
    of an enumeration type (any other name is then taken as that enumeration).
    """
    ev = tuple(enum_values) if enum_values is not None else None
    converter, _ = _compile(idl_type, clamp, enforce_range, legacy_null_to_empty_string, ev)
    return converter(value)


def converter(
    idl_type: str,
    *,
    clamp: bool = False,
    enforce_range: bool = False,
    legacy_null_to_empty_string: bool = False,
    enum_values: Iterable[str] | None = None,
) -> Callable[[Any], Any]:
    """The conversion :func:`convert` applies for these arguments, as one function (compiled once,
    for a caller that converts many values to the same type)."""
    ev = tuple(enum_values) if enum_values is not None else None
    return _compile(idl_type, clamp, enforce_range, legacy_null_to_empty_string, ev)[0]


def generated_converter(idl_type: str, flags: Collection[str] = ()) -> Callable[[Any], Any]:
    """The conversion of *idl_type* as webidl/operation_signatures.py writes a type and its flags
    (``clamp``, ``enforce_range``, ``legacy_null``): an enumeration's values come from its
    ``ENUMS``."""
    element = idl_type.removeprefix("sequence<").removesuffix(">").rstrip("?")
    return converter(idl_type, clamp="clamp" in flags, enforce_range="enforce_range" in flags,
                     legacy_null_to_empty_string="legacy_null" in flags, enum_values=ENUMS.get(element))
