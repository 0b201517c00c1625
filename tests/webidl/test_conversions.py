"""ES -> IDL conversions (https://webidl.spec.whatwg.org/#js-type-mapping)."""

import math
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

import webidl
from webidl import convert, number_to_string, string_to_number, to_number, undefined


@pytest.mark.parametrize(
    "idl_type, value, expected",
    [
        ("unsigned long", -1, 4294967295),
        ("unsigned long", 2**32, 0),
        ("unsigned long", 4294967296.5, 0),
        ("long", 2**31, -(2**31)),
        ("long", -(2**31) - 1, 2**31 - 1),
        ("long", "  12 ", 12),
        ("long", "0x1F", 31),
        ("long", "1e3", 1000),
        ("long", "", 0),
        ("long", "Infinity", 0),
        ("long", "abc", 0),
        ("long", -3.9, -3),
        ("long", True, 1),
        ("long", None, 0),
        ("long", undefined, 0),
        ("short", 32768, -32768),
        ("unsigned short", 65537, 1),
        ("byte", 255, -1),
        ("octet", -1, 255),
        ("octet", 256, 0),
        ("long long", 2**53 + 2, 2**53 + 2),
        ("unsigned long long", -1, 2**64 - 1),
        ("boolean", "", False),
        ("boolean", "false", True),
        ("boolean", 0.0, False),
        ("boolean", math.nan, False),
        ("boolean", None, False),
        ("boolean", [], True),
        ("double", "1.5", 1.5),
        ("unrestricted double", "Infinity", math.inf),
        ("unrestricted float", 1e300, math.inf),
        ("DOMString", 1e21, "1e+21"),
        ("DOMString", None, "null"),
        ("DOMString", undefined, "undefined"),
        ("DOMString", True, "true"),
        ("DOMString", -0.0, "0"),
        ("DOMString", 5, "5"),
        ("DOMString", 0.1 + 0.2, "0.30000000000000004"),
        ("DOMString", [1, None, "a"], "1,,a"),
        ("USVString", "a\ud800b", "a\ufffdb"),
        ("USVString", "\ud83d\ude00", "\U0001F600"),
        ("ByteString", "\xff", "\xff"),
        ("DOMString?", None, None),
        ("long?", undefined, None),
        ("sequence<long>", [1, "2", 3.7], [1, 2, 3]),
        ("sequence<DOMString>", (1, None), ["1", "null"]),
        ("record<DOMString, long>", {"a": "4"}, {"a": 4}),
        ("(DOMString or long)", 5, 5),
        ("(DOMString or long)", "5", "5"),
        ("(DOMString or long)", None, "null"),
        ("(DOMString or boolean)", True, True),
        ("(sequence<long> or DOMString)", [1], [1]),
        ("(long or DOMString)?", None, None),
    ],
)
def test_convert(idl_type, value, expected):
    result = convert(idl_type, value)
    if isinstance(expected, float) and math.isnan(expected):
        assert math.isnan(result)
    else:
        assert result == expected and type(result) is type(expected)


def test_clamp_and_enforce_range():
    assert convert("octet", 256.7, clamp=True) == 255
    assert convert("octet", -5, clamp=True) == 0
    assert convert("octet", 2.5, clamp=True) == 2  # ties to even
    assert convert("octet", 3.5, clamp=True) == 4
    assert convert("long", math.nan, clamp=True) == 0
    assert convert("long", 3.9, enforce_range=True) == 3
    assert convert("unsigned long long", 2**53 - 1, enforce_range=True) == 2**53 - 1
    for value in (math.nan, math.inf, -1, 2**32):
        with pytest.raises(TypeError):
            convert("unsigned long", value, enforce_range=True)
    with pytest.raises(TypeError):
        convert("long long", 2**53, enforce_range=True)


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan, "Infinity", "x"])
def test_restricted_floats_reject_non_finite(value):
    with pytest.raises(TypeError):
        convert("double", value)
    with pytest.raises(TypeError):
        convert("float", value)


def test_float_rounding_and_overflow():
    assert convert("float", 1.1) == struct.unpack("f", struct.pack("f", 1.1))[0]
    with pytest.raises(TypeError):
        convert("float", 1e300)
    assert convert("unrestricted float", -1e300) == -math.inf
    assert convert("float", 3.4028235e38) == 3.4028234663852886e38


def test_string_type_errors_and_flags():
    assert convert("DOMString", None, legacy_null_to_empty_string=True) == ""
    with pytest.raises(TypeError):
        convert("ByteString", "\u0100")
    with pytest.raises(TypeError):
        convert("sequence<long>", "abc")  # a string primitive is not an iterable Object
    with pytest.raises(TypeError):
        convert("record<DOMString, long>", [("a", 1)])
    assert convert("ScrollBehavior", "auto", enum_values=("auto", "smooth")) == "auto"
    with pytest.raises(TypeError):
        convert("ScrollBehavior", "fast", enum_values=("auto", "smooth"))
    with pytest.raises(ValueError):
        convert("no such type", 1)


def test_to_primitive_of_objects():
    class Index:
        def __index__(self):
            return 7

    class Text:
        def __str__(self):
            return " 42 "

    assert convert("long", Index()) == 7
    assert convert("long", Text()) == 42
    assert convert("DOMString", Text()) == " 42 "


@pytest.mark.parametrize(
    "x, expected",
    [
        (0.0, "0"), (-0.0, "0"), (math.nan, "NaN"), (math.inf, "Infinity"), (-math.inf, "-Infinity"),
        (1e21, "1e+21"), (1e20, "100000000000000000000"), (123456789012345680000.0, "123456789012345680000"),
        (1e-7, "1e-7"), (1.5e-7, "1.5e-7"), (1e-6, "0.000001"), (0.000001234, "0.000001234"),
        (1.5, "1.5"), (-1.5, "-1.5"), (100.0, "100"), (0.1, "0.1"), (1 / 3, "0.3333333333333333"),
        (5e-324, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"), (2.5e25, "2.5e+25"),
        (2**53 + 1, "9007199254740992"), (10**400, "Infinity"), (-(10**400), "-Infinity"), (42, "42"),
    ],
)
def test_number_to_string(x, expected):
    assert number_to_string(x) == expected


@pytest.mark.parametrize(
    "s, expected",
    [
        ("  12 ", 12.0), ("0x1F", 31.0), ("0X1f", 31.0), ("0o17", 15.0), ("0b101", 5.0), ("1e3", 1000.0),
        ("", 0.0), ("   ", 0.0), ("Infinity", math.inf), ("+Infinity", math.inf), ("-Infinity", -math.inf),
        (".5", 0.5), ("5.", 5.0), ("-.5e-1", -0.05), ("\ufeff7\u3000", 7.0), ("\u00a0\u2028 8 \n", 8.0),
        ("1_000", math.nan), ("infinity", math.nan), ("inf", math.nan), ("nan", math.nan), ("-0x1", math.nan),
        ("0x", math.nan), ("1e", math.nan), ("12px", math.nan), ("١", math.nan),
    ],
)
def test_string_to_number(s, expected):
    result = string_to_number(s)
    assert (math.isnan(result) and math.isnan(expected)) or result == expected


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_number_to_string_round_trips(x):
    s = number_to_string(x)
    assert float(s) == x or (x == 0 and float(s) == 0)
    assert to_number(s) == x or x == 0


@given(st.integers(min_value=-(2**70), max_value=2**70))
def test_integer_conversions_wrap_modulo(n):
    x = float(n)  # what JS would hold
    expected = int(x) % 2**32
    assert convert("unsigned long", n) == expected
    assert convert("long", n) == (expected - 2**32 if expected >= 2**31 else expected)


def test_named_helpers_are_exported():
    for name in ("to_dom_string", "to_usv_string", "to_number", "number_to_string", "to_boolean",
                 "to_long", "to_unsigned_long", "to_double"):
        assert callable(getattr(webidl, name))


def test_nullable_dom_string_maps_undefined_to_null() -> None:
    from webidl import to_nullable_dom_string, undefined

    assert to_nullable_dom_string(undefined) is None
    assert to_nullable_dom_string(None) is None
    assert to_nullable_dom_string("") == ""
    assert to_nullable_dom_string(1.5) == "1.5"


def test_create_element_ns_with_undefined_namespace_is_null() -> None:
    # DOMString? turns undefined into null, not into the string "undefined".
    import dom
    from webidl import undefined

    doc = dom.parse_html("")
    assert doc.createElementNS(undefined, "x").namespaceURI is None
    assert doc.createAttributeNS(undefined, "y").namespaceURI is None
    assert doc.documentElement.lookupPrefix(undefined) is None
