"""Encoding Standard behaviour where Python's codecs differ, per family, plus the label table."""

from __future__ import annotations

import json

import pytest

from html_infra.encoding import (
    LABELS,
    decode,
    encode,
    encode_or_fail,
    extract_character_encoding_from_meta,
    get_an_encoding,
    get_an_output_encoding,
    prescan_for_encoding,
    sniff_html_encoding,
    utf8_decode,
    utf8_decode_without_bom,
    utf8_decode_without_bom_or_fail,
)
from tests.conftest import conformance_path


def test_every_label_in_the_conformance_table_resolves():
    table = json.loads(conformance_path("encoding", "encodings.json").read_text(encoding="utf-8"))
    count = 0
    for group in table:
        for encoding in group["encodings"]:
            for label in encoding["labels"]:
                assert get_an_encoding(label) == encoding["name"], label
                assert get_an_encoding(f" \t{label.upper()}\n") == encoding["name"], label
                count += 1
    assert count == len(LABELS) == 228
    print(f"\nencoding labels: {count}/{count}")


@pytest.mark.parametrize("label", ["", "utf-16", "utf-32", "utf-7", "latin1 ", "\u0130so-8859-1"])
def test_label_edge_cases(label):
    expected = {"utf-16": "UTF-16LE", "latin1 ": "windows-1252"}.get(label)
    assert get_an_encoding(label) == expected


def test_output_encoding():
    assert get_an_output_encoding("UTF-16BE") == "UTF-8"
    assert get_an_output_encoding("replacement") == "UTF-8"
    assert get_an_output_encoding("Shift_JIS") == "Shift_JIS"


def test_windows_1252_uses_the_spec_index():
    # Python's cp1252 refuses these bytes; the WHATWG index maps them to C1 controls.
    assert decode(b"\x80\x81\x8d\x8f\x90\x9d\x9f", "windows-1252") == "\u20ac\x81\x8d\x8f\x90\x9d\u0178"
    assert encode("\u20ac\x81", "windows-1252") == b"\x80\x81"
    # ISO-8859-1 is a label of windows-1252.
    assert decode(b"\x80", get_an_encoding("iso-8859-1")) == "\u20ac"


@pytest.mark.parametrize("name", ["ISO-8859-2", "KOI8-U", "windows-874", "x-mac-cyrillic", "IBM866", "macintosh"])
def test_single_byte_round_trip(name):
    text = decode(bytes(range(256)), name)
    assert len(text) == 256 and text[:128] == "".join(map(chr, range(128)))
    encodable = "".join(c for c in text if c != "\ufffd")
    assert decode(encode(encodable, name), name) == encodable


def test_every_single_byte_decoder_maps_each_byte_by_its_index():
    """Each byte alone and among others, against the index itself (the decoder takes Latin-1
    decoding for input whose every byte maps to its own code point)."""
    from html_infra.encoding.encodings import SINGLE_BYTE

    for name, index in SINGLE_BYTE.items():
        expected = ["\ufffd" if cp is None else chr(cp) for cp in index]
        for byte in range(256):
            code_point = chr(byte) if byte < 0x80 else expected[byte - 0x80]
            assert decode(bytes([byte, 0x41, byte]), name) == code_point + "A" + code_point, (name, byte)
        assert decode(bytes(range(256)), name) == "".join(map(chr, range(128))) + "".join(expected), name


def test_unmapped_single_byte_decodes_to_replacement():
    assert decode(b"\xa1", "ISO-8859-3") == "\u0126"
    assert decode(b"\xa5", "ISO-8859-3") == "\ufffd"


def test_bom_sniffing_overrides_the_fallback():
    assert decode(b"\xef\xbb\xbfa\xc3\xa9", "windows-1252") == "aé"
    assert decode(b"\xff\xfea\x00", "windows-1252") == "a"
    assert decode(b"\xfe\xff\x00a", "windows-1252") == "a"


def test_utf8_variants():
    assert utf8_decode(b"\xef\xbb\xbfx") == "x"
    assert utf8_decode_without_bom(b"\xef\xbb\xbfx") == "\ufeffx"
    assert utf8_decode_without_bom(b"a\xf0\x9f\x92b") == "a\ufffdb"  # one U+FFFD per maximal subpart
    assert utf8_decode_without_bom(b"\xed\xa0\x80") == "\ufffd\ufffd\ufffd"
    assert utf8_decode_without_bom_or_fail(b"\xff") is None


def test_x_user_defined():
    assert decode(b"a\x80\xff", "x-user-defined") == "a\uf780\uf7ff"
    assert encode("a\uf780\uf7ff", "x-user-defined") == b"a\x80\xff"
    assert encode("\u00e9", "x-user-defined", "html") == b"&#233;"


def test_replacement_encoding():
    assert decode(b"anything", "replacement") == "\ufffd"
    assert decode(b"", "replacement") == ""
    assert get_an_encoding("iso-2022-kr") == "replacement"


def test_html_error_mode_and_encode_or_fail():
    assert encode("a\u20ac\U0001F600", "ISO-8859-2", "html") == b"a&#8364;&#128512;"
    with pytest.raises(UnicodeEncodeError):
        encode("\u20ac", "ISO-8859-2")
    assert encode_or_fail("a\u20acb", "ISO-8859-2") == [b"a", 0x20AC, b"b"]


def test_cjk_decoder_corrections():
    assert decode(b"a\x80b", "gb18030") == "a\u20acb"
    assert decode(b"\x80", "GBK") == "\u20ac"
    assert decode(b"\xa0\xfd\x80\xb1", "Shift_JIS") == "\ufffd\ufffd\x80\uff71"


def test_cjk_families():
    assert encode("\u2261", "Shift_JIS") == b"\x81\xdf"
    assert decode(b"\x81\xdf", "Shift_JIS") == "\u2261"
    assert encode("\u00a5", "ISO-2022-JP", "html").startswith(b"\x1b(J")
    assert encode("\x0e", "ISO-2022-JP", "html") == b"&#65533;"  # the encoder refuses SO/SI/ESC
    assert encode("\ue5e5", "gb18030", "html") == b"&#58853;"
    assert encode("\u20ac", "GBK") == b"\x80"
    assert encode("\U0001F600", "GBK", "html") == b"&#128512;"  # GBK has no four-byte sequences
    assert encode("\U0001F600", "gb18030") == "\U0001F600".encode("gb18030")
    assert decode(encode("\ud55c\uad6d", "EUC-KR"), "EUC-KR") == "\ud55c\uad6d"
    assert decode(encode("\u4e2d\u6587", "Big5"), "Big5") == "\u4e2d\u6587"
    assert decode(encode("\u65e5\u672c", "EUC-JP"), "EUC-JP") == "\u65e5\u672c"


@pytest.mark.parametrize(
    "content, expected",
    [
        ("text/html; charset=utf-8", "UTF-8"),
        ("text/html;charset='shift_jis'", "Shift_JIS"),
        ('text/html; charset="koi8-r"', "KOI8-R"),
        ("charset = windows-1251 ; x", "windows-1251"),
        ("text/html; charset='unterminated", None),
        ("text/html; charsetx=utf-8; charset=utf-8", "UTF-8"),
        ("text/html", None),
        ("charset=", None),
        ("CHARSET=EUC-KR", "EUC-KR"),
    ],
)
def test_extract_character_encoding_from_meta(content, expected):
    assert extract_character_encoding_from_meta(content) == expected


@pytest.mark.parametrize(
    "data, expected",
    [
        (b"<!-- <meta charset=koi8-r> --><meta charset=utf-8>", "UTF-8"),
        (b"<meta http-equiv='Content-Type' content='text/html; charset=euc-kr'>", "EUC-KR"),
        (b"<meta content='text/html; charset=euc-kr'>", None),  # needs the pragma
        (b"<meta content='text/html; charset=euc-kr' http-equiv=content-type>", "EUC-KR"),
        (b"<meta charset=utf-16le>", "UTF-8"),
        (b"<meta charset=x-user-defined>", "windows-1252"),
        (b"<meta charset=bogus><meta charset=big5>", "Big5"),
        (b"<meta charset=utf-8 charset=koi8-r>", "UTF-8"),
        (b"<div title='<meta charset=koi8-r>'><meta charset=iso-8859-5>", "ISO-8859-5"),
        (b"<?xml version='1.0' encoding='iso-8859-7'?>", "ISO-8859-7"),
        (b"<\x00?\x00x\x00m\x00l\x00", "UTF-16LE"),
        (b"<meta/charset=utf-8>", "UTF-8"),
        (b"<metacharset=utf-8>", None),
        (b"x" * 1020 + b"<meta charset=koi8-r>", None),  # split over the 1024-byte boundary
    ],
)
def test_prescan(data, expected):
    assert prescan_for_encoding(data) == expected


def test_sniff_order():
    page = b"<meta charset=koi8-r>"
    assert sniff_html_encoding(page) == ("KOI8-R", "tentative")
    assert sniff_html_encoding(page, transport_charset="utf-8") == ("UTF-8", "certain")
    assert sniff_html_encoding(b"\xef\xbb\xbf" + page, transport_charset="latin1") == ("UTF-8", "certain")
    assert sniff_html_encoding(b"plain") == ("windows-1252", "tentative")
    assert sniff_html_encoding(page, transport_charset="no-such-thing") == ("KOI8-R", "tentative")



def test_sniff_takes_the_container_documents_encoding():
    # https://html.spec.whatwg.org/#determining-the-character-encoding step 6: after the
    # prescan, before the default; never UTF-16 (a frame's bytes are not UTF-16 without a BOM)
    assert sniff_html_encoding(b"plain", container_encoding="UTF-8") == ("UTF-8", "tentative")
    assert sniff_html_encoding(b"plain", container_encoding="UTF-16LE") == ("windows-1252", "tentative")
    assert sniff_html_encoding(b"<meta charset=koi8-r>", container_encoding="UTF-8") == ("KOI8-R", "tentative")
    assert sniff_html_encoding(b"\xfe\xffx", container_encoding="UTF-8") == ("UTF-16BE", "certain")
    assert sniff_html_encoding(b"plain", transport_charset="gbk", container_encoding="UTF-8") == ("GBK", "certain")
