"""Infra Standard primitives (https://infra.spec.whatwg.org/)."""

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from html_infra import infra as I  # noqa: N812


def test_code_point_classes():
    assert all(I.is_ascii_whitespace(c) for c in "\t\n\x0c\r ")
    assert not I.is_ascii_whitespace("\x0b") and not I.is_ascii_whitespace("\xa0")
    assert I.is_c0_control("\x00") and I.is_c0_control("\x1f") and not I.is_c0_control(" ")
    assert I.is_c0_control_or_space(" ") and not I.is_c0_control_or_space("!")
    assert I.is_control("\x7f") and I.is_control("\x9f") and not I.is_control("\xa0")
    assert I.is_noncharacter("\ufdd0") and I.is_noncharacter("\ufdef") and I.is_noncharacter("\U0001fffe")
    assert not I.is_noncharacter("\ufdf0") and not I.is_noncharacter("\ufffd")
    assert I.is_surrogate("\ud800") and I.is_surrogate("\udfff") and not I.is_scalar_value("\udc00")
    assert I.is_ascii_hex_digit("f") and I.is_ascii_upper_hex_digit("F") and not I.is_ascii_upper_hex_digit("f")
    assert I.is_ascii_lower_hex_digit("a") and not I.is_ascii_hex_digit("g")
    assert I.is_ascii_alpha("Z") and not I.is_ascii_alpha("é") and I.is_ascii_alphanumeric("7")
    assert not I.is_ascii_digit("٣")


def test_ascii_case():
    assert I.ascii_lowercase("ÀBC İ \u212a") == "Àbc İ \u212a"  # only A-Z change
    assert I.ascii_uppercase("straße") == "STRAßE"
    assert I.ascii_case_insensitive_match("HeLLo", "hello")
    assert not I.ascii_case_insensitive_match("\u212a", "k")


def test_whitespace_and_newlines():
    assert I.strip_leading_and_trailing_ascii_whitespace("\x0c a \xa0\n") == "a \xa0"
    assert I.strip_and_collapse_ascii_whitespace("  a \t\n b  c ") == "a b c"
    assert I.strip_newlines("a\r\nb\nc\r") == "abc"
    assert I.normalize_newlines("a\r\nb\rc\n\r") == "a\nb\nc\n\n"


@pytest.mark.parametrize(
    "s, expected",
    [("", []), ("  ", []), (" a  b\x0cc\t", ["a", "b", "c"]), ("a\xa0b", ["a\xa0b"])],
)
def test_split_on_ascii_whitespace(s, expected):
    assert I.split_on_ascii_whitespace(s) == expected


@pytest.mark.parametrize(
    "s, expected",
    [("", []), (",", [""]), ("a,b", ["a", "b"]), (" a , b ,", ["a", "b"]), ("a,,b", ["a", "", "b"]), (" ", [""])],
)
def test_split_on_commas(s, expected):
    assert I.split_on_commas(s) == expected


def _split_on_commas_by_steps(s):
    position, tokens = 0, []
    while position < len(s):
        token, position = I.collect_a_sequence_of_code_points(s, position, lambda c: c != ",")
        tokens.append(I.strip_leading_and_trailing_ascii_whitespace(token))
        if position < len(s):
            position += 1
    return tokens


@given(st.text(alphabet=" ,\tab\x0c"))
def test_split_on_commas_matches_the_spec_steps(s):
    assert I.split_on_commas(s) == _split_on_commas_by_steps(s)


def test_strictly_split_and_collect():
    assert I.strictly_split("a,,b,", ",") == ["a", "", "b", ""]
    assert I.strictly_split("", ",") == [""]
    assert I.collect_a_sequence_of_code_points("123abc", 0, I.is_ascii_digit) == ("123", 3)
    assert I.skip_ascii_whitespace("a  \tb", 1) == 4


def test_isomorphic_and_scalar_values():
    assert I.isomorphic_encode("a\xff") == b"a\xff"
    with pytest.raises(ValueError):
        I.isomorphic_encode("\u0100")
    assert I.isomorphic_decode(b"\x80\xff") == "\x80\xff"
    assert I.convert_to_scalar_value_string("a\ud800b\udfff") == "a\ufffdb\ufffd"


def test_code_unit_order():
    # U+1F600 is D83D DE00 in UTF-16, which sorts before U+FF00 although its code point is larger.
    assert I.code_unit_less_than("\U0001F600", "\uff00")
    assert not I.code_unit_less_than("\uff00", "\U0001F600")
    assert sorted(["b", "\U0001F600", "\uff00", "a"], key=I.code_unit_sort_key) == ["a", "b", "\U0001F600", "\uff00"]
    assert I.code_unit_length("a\U0001F600") == 3


def test_ordered_set():
    s = I.OrderedSet(["a", "b", "a"])
    assert list(s) == ["a", "b"] and len(s) == 2 and "a" in s
    s.append("a")
    s.prepend("z")
    assert list(s) == ["z", "a", "b"]
    s.replace("b", "z")  # first of the two becomes the replacement, others removed
    assert list(s) == ["z", "a"]
    s.replace("q", "r")
    assert list(s) == ["z", "a"]
    s.insert(1, "m")
    s.remove("z")
    assert list(s) == ["m", "a"] and s[1] == "a" and s.index("a") == 1


def test_json_helpers():
    assert I.serialize_infra_value_to_json_string({"a": [1, 2.5, None, True, 1e21, float("nan")]}) == (
        '{"a":[1,2.5,null,true,1e+21,null]}'
    )
    assert I.serialize_infra_value_to_json_string("\ud800") == '"\\ud800"'
    assert I.parse_json_string_to_infra_value('{"b":1,"a":[true]}') == {"b": 1, "a": [True]}
    assert I.parse_json_bytes_to_infra_value(b'\xef\xbb\xbf{"x":"\xc3\xa9"}') == {"x": "é"}
    with pytest.raises(ValueError):
        I.parse_json_string_to_infra_value("NaN")
    with pytest.raises(ValueError):
        I.parse_json_string_to_infra_value("{")


@pytest.mark.parametrize(
    "data, expected",
    [
        ("", b""), ("YQ", b"a"), ("YR", b"a"), ("YQ==", b"a"), ("YQ=", None), ("YQ===", None),
        (" Y Q\n=\t= ", b"a"), ("a", None), ("abcde", None), ("ab=c", None), ("ab-c", None),
        ("YWJj", b"abc"), ("YWI", b"ab"), ("=", None), ("==", None), ("====", None), ("\xa0YQ", None),
    ],
)
def test_forgiving_base64_decode(data, expected):
    assert I.forgiving_base64_decode(data) == expected


@given(st.binary())
def test_forgiving_base64_round_trip(data):
    encoded = I.forgiving_base64_encode(data)
    assert encoded == base64.b64encode(data).decode()
    assert I.forgiving_base64_decode(encoded) == data
    assert I.forgiving_base64_decode(encoded.rstrip("=")) == data


def test_namespaces():
    assert I.HTML_NAMESPACE == "http://www.w3.org/1999/xhtml"
    assert I.XMLNS_NAMESPACE == "http://www.w3.org/2000/xmlns/"
    assert I.SVG_NAMESPACE.endswith("/2000/svg") and I.MATHML_NAMESPACE.endswith("MathML")
