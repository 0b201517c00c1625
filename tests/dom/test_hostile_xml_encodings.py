"""parse_xml(bytes) decodes only the encodings of the Encoding Standard (issue 28, item 6):
https://html.spec.whatwg.org/#character-encodings -- "User agents must not support other
encodings" (UTF-7, UTF-32, EBCDIC...).  libxml2 alone decodes them all: UTF-7 turned
``+ADw-script+AD4-`` into a real ``<script>`` while characterSet said UTF-8."""

from __future__ import annotations

import pytest

import dom
from dom.parsing.dom_parser import parse_error_document
from dom.parsing.xml import XMLParseError


@pytest.mark.parametrize(
    "data",
    [
        b'<?xml version="1.0" encoding="UTF-7"?><r>+ADw-script+AD4-alert(1)+ADw-/script+AD4-</r>',
        b"<?xml version='1.0' encoding='utf-7'?><r/>",
        b'<?xml version="1.0" encoding="UTF-32"?><r/>',
        "<r>é</r>".encode("utf-32-be"),  # without a BOM
        b"\x00\x00\xfe\xff" + "<r>é</r>".encode("utf-32-be"),  # UTF-32BE's BOM
        '<?xml version="1.0"?><r/>'.encode("utf-32-be"),
        '<?xml version="1.0"?><r/>'.encode("utf-32-le"),
        '<?xml version="1.0" encoding="IBM037"?><r/>'.encode("cp037"),
        b'<?xml version="1.0" encoding="ISO-2022-KR"?><r/>',  # the replacement encoding
        b'<?xml version="1.0" encoding="no-such-encoding"?><r/>',
    ],
)
def test_encodings_browsers_do_not_decode_are_refused(data: bytes) -> None:
    with pytest.raises(XMLParseError, match="not"):
        dom.parse_xml(data)


@pytest.mark.parametrize(
    ("data", "encoding", "text"),
    [
        (b"<r>\xc3\xa9</r>", "UTF-8", "é"),
        (b'<?xml version="1.0" encoding="windows-1252"?><r>\xe9\x80</r>', "windows-1252", "é€"),
        (b'<?xml version="1.0" encoding="latin1"?><r>\x80</r>', "windows-1252", "€"),  # WHATWG labels
        (b'\xef\xbb\xbf<?xml version="1.0" encoding="windows-1252"?><r>\xc3\xa9</r>', "UTF-8", "é"),  # BOM wins
        ('<?xml version="1.0" encoding="UTF-16"?><r>é</r>'.encode("utf-16"), "UTF-16LE", "é"),
        ('<?xml version="1.0" encoding="UTF-16"?><r>é</r>'.encode("utf-16-be"), "UTF-16BE", "é"),
        (b'<?xml version="1.0" encoding="shift_jis"?><r>\x82\xa0</r>', "Shift_JIS", "あ"),
        (b'<?xml version="1.0" encoding="UTF-16"?><r>x</r>', "UTF-8", "x"),  # declaration read as ASCII
    ],
)
def test_encodings_of_the_standard(data: bytes, encoding: str, text: str) -> None:
    document = dom.parse_xml(data)
    assert document.characterSet == encoding
    assert document.documentElement.textContent == text


def test_utf7_markup_stays_text() -> None:
    # not a script element, however the bytes are read
    with pytest.raises(XMLParseError):
        dom.parse_xml(b'<?xml version="1.0" encoding="UTF-7"?><r>+ADw-script+AD4-</r>')
    document = dom.parse_xml(b'<?xml version="1.0" encoding="UTF-8"?><r>+ADw-script+AD4-</r>')
    assert document.getElementsByTagName("script").length == 0


def test_invalid_bytes_are_an_error() -> None:
    with pytest.raises(XMLParseError, match="not valid UTF-8"):
        dom.parse_xml(b"<r>\xff</r>")


def test_utf32le_bom_is_read_as_utf16le_bom() -> None:
    # The Encoding Standard's BOM sniff comes first (https://encoding.spec.whatwg.org/#bom-sniff):
    # FF FE 00 00 is UTF-16LE's BOM and a NUL, so the bytes decode as UTF-16LE to ill-formed XML,
    # and the error document has that encoding, as browsers give it (WPT encoding/utf-32.html).
    with pytest.raises(XMLParseError) as caught:
        dom.parse_xml(b"\xff\xfe\x00\x00" + "<r>é</r>".encode("utf-32-le"))
    assert caught.value.encoding == "UTF-16LE"
    document = parse_error_document(caught.value, "application/xml", "https://example.org/a.xml")
    assert document.characterSet == "UTF-16LE"
    assert document.documentElement.localName == "parsererror"


def test_an_error_before_decoding_leaves_the_encoding_undetermined() -> None:
    with pytest.raises(XMLParseError) as caught:
        dom.parse_xml('<?xml version="1.0"?><r/>'.encode("utf-32-le"))
    assert caught.value.encoding is None
    assert parse_error_document(caught.value, "application/xml", "about:blank").characterSet == "UTF-8"
    with pytest.raises(XMLParseError) as caught:
        dom.parse_xml(b'<?xml version="1.0" encoding="windows-1252"?><r>')
    assert caught.value.encoding == "windows-1252"
