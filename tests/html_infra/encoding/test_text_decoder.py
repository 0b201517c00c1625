"""TextDecoder and TextEncoder (https://encoding.spec.whatwg.org/#api): every label of the
Encoding Standard's table, and cases after WPT encoding/textdecoder-*.any.js, encodeInto.any.js
and api-surrogates-utf8.any.js (written here as Python)."""

from __future__ import annotations

import json

import pytest

import html_infra
from html_infra.encoding import LABELS, TextDecoder, TextEncoder, utf8_encode
from tests.conftest import conformance_path
from webidl import RangeError

WHITESPACE = (" ", "\t", "\n", "\f", "\r")


def test_every_label_of_the_table() -> None:
    table = json.loads(conformance_path("encoding", "encodings.json").read_text(encoding="utf-8"))
    passed = total = 0
    for group in table:
        for encoding in group["encodings"]:
            for label in encoding["labels"]:
                total += 1
                if encoding["name"] == "replacement":  # not exposed: the constructor refuses it
                    with pytest.raises(RangeError):
                        TextDecoder(label)
                    passed += 1
                    continue
                name = encoding["name"].lower()
                assert TextDecoder(label).encoding == name, label
                assert TextDecoder(label.upper()).encoding == name, label
                for ws in WHITESPACE:
                    assert TextDecoder(ws + label + ws).encoding == name, label
                if not name.startswith("utf-16"):  # every ASCII-compatible decoder reads ASCII
                    assert TextDecoder(label).decode(b"abc") == "abc", label
                passed += 1
    assert total == len(LABELS)
    print(f"\nTextDecoder labels (encodings.json): {passed}/{total}")


@pytest.mark.parametrize("label", ["", "utf-7", "utf-32", "unicode-1-1-utf-7", "\u0130so-8859-1", "utf8\x0b"])
def test_invalid_labels(label: str) -> None:
    with pytest.raises(RangeError):
        TextDecoder(label)


def test_defaults_and_attributes() -> None:
    decoder = TextDecoder()
    assert (decoder.encoding, decoder.fatal, decoder.ignoreBOM) == ("utf-8", False, False)
    decoder = TextDecoder("UTF-16", {"fatal": 1, "ignoreBOM": "yes"})
    assert (decoder.encoding, decoder.fatal, decoder.ignoreBOM) == ("utf-16le", True, True)
    assert decoder.decode() == "" and TextDecoder().decode(memoryview(b"\xe2\x99\xa5")) == "\u2665"
    with pytest.raises(TypeError):
        TextDecoder().decode("abc")
    with pytest.raises(TypeError):
        TextDecoder().decode(None)
    assert html_infra.TextDecoder is TextDecoder and html_infra.TextEncoder is TextEncoder


BAD_UTF8 = [
    [0xFF], [0xC0], [0xE0], [0xC0, 0x00], [0xC0, 0xC0], [0xE0, 0x00], [0xE0, 0xC0], [0xE0, 0x80, 0x00],
    [0xE0, 0x80, 0xC0], [0xFC, 0x80, 0x80, 0x80, 0x80, 0x80], [0xFE, 0x80, 0x80, 0x80, 0x80, 0x80],
    [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF],
    [0xF0, 0x8F, 0xBF, 0xBF], [0xF8, 0x84, 0x8F, 0xBF, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xB0, 0x80],
    [0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80],
]


@pytest.mark.parametrize("data", BAD_UTF8)
def test_fatal_utf8(data: list[int]) -> None:
    with pytest.raises(TypeError):
        TextDecoder("utf-8", {"fatal": True}).decode(bytes(data))
    assert "\ufffd" in TextDecoder("utf-8").decode(bytes(data))


def test_fatal_other_encodings_and_recovery() -> None:
    with pytest.raises(TypeError):
        TextDecoder("utf-16le", {"fatal": True}).decode(b"\x00")
    with pytest.raises(TypeError):
        TextDecoder("shift_jis", {"fatal": True}).decode(b"\xa0")  # not in the index
    assert TextDecoder("shift_jis").decode(b"\xa0") == "\ufffd"
    with pytest.raises(TypeError):
        TextDecoder("windows-1253", {"fatal": True}).decode(b"\xaa")  # an unmapped single byte
    assert TextDecoder("windows-1253").decode(b"\xaa") == "\ufffd"
    assert TextDecoder("gbk", {"fatal": True}).decode(b"\x80") == "\u20ac"  # not an error
    decoder = TextDecoder("utf-8", {"fatal": True})
    heart = b"\xe2\x99\xa5"
    assert decoder.decode(heart) == "\u2665"
    with pytest.raises(TypeError):
        decoder.decode(heart[:2])
    assert decoder.decode(heart) == "\u2665"  # an error does not stick


@pytest.mark.parametrize(("data", "expected"), [
    ([0x00, 0xD8], "\ufffd"), ([0x00, 0xDC], "\ufffd"), ([0x00, 0xD8, 0x00, 0x00], "\ufffd\x00"),
    ([0x00, 0xDC, 0x00, 0x00], "\ufffd\x00"), ([0x00, 0xDC, 0x00, 0xD8], "\ufffd\ufffd"),
])
def test_utf16_surrogates(data: list[int], expected: str) -> None:
    assert TextDecoder("utf-16le").decode(bytes(data)) == expected
    with pytest.raises(TypeError):
        TextDecoder("utf-16le", {"fatal": True}).decode(bytes(data))


STRING = "\x00123ABCabc\x80\xff\u0100\u1000\ufffd\U00010000\U0010ffff"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16le", "utf-16be"])
@pytest.mark.parametrize("window", [1, 2, 3, 4, 5])
def test_streaming(encoding: str, window: int) -> None:
    data = STRING.encode(encoding)
    decoder = TextDecoder(encoding)
    out = "".join(decoder.decode(data[i : i + window], {"stream": True}) for i in range(0, len(data), window))
    assert out + decoder.decode() == STRING


@pytest.mark.parametrize("label", ["shift_jis", "euc-jp", "iso-2022-jp", "big5", "euc-kr", "gb18030", "gbk"])
def test_streaming_legacy_multibyte(label: str) -> None:
    text = {"big5": "\u4e2d\u6587", "euc-kr": "\ud55c\uad6d\uc5b4", "gb18030": "\u4e2d\u6587\U00020000",
            "gbk": "\u4e2d\u6587"}.get(label, "\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8")
    codec = {"shift_jis": "cp932", "euc-jp": "euc_jp", "iso-2022-jp": "iso2022_jp", "big5": "big5hkscs",
             "euc-kr": "cp949"}.get(label, label)
    data = ("a" + text + "z").encode(codec)
    decoder = TextDecoder(label)
    out = "".join(decoder.decode(data[i : i + 1], {"stream": True}) for i in range(len(data)))
    assert out + decoder.decode() == "a" + text + "z"


def test_end_of_queue() -> None:
    for data in (b"\xf0", b"\xf0\x9f", b"\xf0\x9f\x92"):
        assert TextDecoder().decode(data) == "\ufffd"
    decoder = TextDecoder()
    decoder.decode(b"\xf0", {"stream": True})
    assert decoder.decode() == "\ufffd"
    decoder.decode(b"\xf0", {"stream": True})
    decoder.decode(b"\x9f", {"stream": True})
    assert decoder.decode() == "\ufffd"
    decoder.decode(b"\xf0\x9f", {"stream": True})
    assert decoder.decode(b"\x92") == "\ufffd"


@pytest.mark.parametrize(("encoding", "data"), [
    ("utf-8", b"\xef\xbb\xbfabc"), ("utf-16le", b"\xff\xfea\x00b\x00c\x00"), ("utf-16be", b"\xfe\xff\x00a\x00b\x00c"),
])
def test_byte_order_marks(encoding: str, data: bytes) -> None:
    for ignore in (True, False):
        decoder = TextDecoder(encoding, {"ignoreBOM": ignore})
        expected = "\ufeffabc" if ignore else "abc"
        assert decoder.decode(data) == expected and decoder.decode(data) == expected  # reused
    decoder = TextDecoder(encoding)
    assert decoder.decode(data[:1], {"stream": True}) == ""
    assert decoder.decode(data[1:], {"stream": True}) == "abc"
    assert decoder.decode(data, {"stream": True}) == "\ufeffabc"  # only the stream's first BOM goes
    assert decoder.decode() == ""
    other = {"utf-8": "utf-16le", "utf-16le": "utf-8", "utf-16be": "utf-8"}[encoding]
    assert TextDecoder(other).decode(data) != "abc"  # a BOM never switches the encoding
    assert TextDecoder("utf-8").decode(b"\xef\xbb\xbf\xef\xbb\xbfx") == "\ufeffx"  # remove only one


def test_text_encoder() -> None:
    encoder = TextEncoder()
    assert encoder.encoding == "utf-8" and encoder.encode() == b""
    assert encoder.encode("\u00a5\U0001D306") == b"\xc2\xa5\xf0\x9d\x8c\x86"
    # api-surrogates-utf8: lone surrogates become U+FFFD, a pair written as two code points is one
    assert encoder.encode("abc\ud800def\udc00\ud800\udc00") == b"abc\xef\xbf\xbddef\xef\xbf\xbd\xf0\x90\x80\x80"
    assert encoder.encode(12) == b"12" and encoder.encode(None) == b"null"
    assert TextDecoder().decode(encoder.encode(STRING)) == STRING


@pytest.mark.parametrize(("source", "size", "read", "written"), [
    ("Hi", 0, 0, b""), ("A", 10, 1, b"A"), ("\U0001D306", 4, 2, b"\xf0\x9d\x8c\x86"), ("\U0001D306A", 3, 0, b""),
    ("\ud834A\udf06A\u00a5Hi", 10, 5, b"\xef\xbf\xbdA\xef\xbf\xbdA\xc2\xa5"), ("A\udf06", 4, 2, b"A\xef\xbf\xbd"),
    ("\u00a5\u00a5", 4, 2, b"\xc2\xa5\xc2\xa5"), ("\ud834\udf06", 4, 2, b"\xf0\x9d\x8c\x86"),
])
def test_encode_into(source: str, size: int, read: int, written: bytes) -> None:
    for offset in (0, 4):
        buffer = bytearray(size + offset + 2)
        view = memoryview(buffer)[offset : offset + size]
        assert TextEncoder().encodeInto(source, view) == {"read": read, "written": len(written)}
        assert bytes(buffer) == bytes(offset) + written + bytes(size + 2 - len(written))
    target = bytearray(size)
    assert TextEncoder().encodeInto(source, target)["read"] == read
    with pytest.raises(TypeError):
        TextEncoder().encodeInto(source, bytes(4))


def test_utf8_encode_replaces_surrogates() -> None:
    # https://encoding.spec.whatwg.org/#utf-8-encode: a scalar value string first (Python's
    # "replace" error handler would have written "?").
    assert utf8_encode("a\ud800b") == b"a\xef\xbf\xbdb"
    assert utf8_encode("\ud83d\ude00") == "\U0001F600".encode()
