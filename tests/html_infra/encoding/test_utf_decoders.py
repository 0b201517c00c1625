"""Python's UTF codecs, which html_infra.encoding keeps for UTF-8 and UTF-16, against the Encoding
Standard's UTF-8 decoder (https://encoding.spec.whatwg.org/#utf-8-decoder) and shared UTF-16
decoder (https://encoding.spec.whatwg.org/#shared-utf-16-decoder), written here from the spec's
steps: the same output for any bytes, whole and in chunks."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from html_infra.encoding import TextDecoder, decode_no_bom


def spec_utf8(data: bytes) -> str:
    out = []
    code_point = bytes_seen = bytes_needed = 0
    lower, upper = 0x80, 0xBF
    queue = list(data)
    i = 0
    while True:
        byte = queue[i] if i < len(queue) else None
        i += 1
        if byte is None:  # steps 1-2
            if bytes_needed:
                out.append("\ufffd")
            return "".join(out)
        if bytes_needed == 0:  # step 3
            if byte <= 0x7F:
                out.append(chr(byte))
            elif 0xC2 <= byte <= 0xDF:
                bytes_needed, code_point = 1, byte & 0x1F
            elif 0xE0 <= byte <= 0xEF:
                lower = 0xA0 if byte == 0xE0 else 0x80
                upper = 0x9F if byte == 0xED else 0xBF
                bytes_needed, code_point = 2, byte & 0xF
            elif 0xF0 <= byte <= 0xF4:
                lower = 0x90 if byte == 0xF0 else 0x80
                upper = 0x8F if byte == 0xF4 else 0xBF
                bytes_needed, code_point = 3, byte & 0x7
            else:
                out.append("\ufffd")
            continue
        if not lower <= byte <= upper:  # step 4: error, the byte restored
            code_point = bytes_needed = bytes_seen = 0
            lower, upper = 0x80, 0xBF
            i -= 1
            out.append("\ufffd")
            continue
        lower, upper = 0x80, 0xBF  # steps 5-9
        code_point = (code_point << 6) | (byte & 0x3F)
        bytes_seen += 1
        if bytes_seen == bytes_needed:
            out.append(chr(code_point))
            code_point = bytes_needed = bytes_seen = 0


def spec_utf16(data: bytes, big_endian: bool) -> str:
    out = []
    leading_byte = leading_surrogate = None
    queue = list(data)
    i = 0
    while True:
        byte = queue[i] if i < len(queue) else None
        i += 1
        if byte is None:  # steps 1-2
            if leading_byte is not None or leading_surrogate is not None:
                out.append("\ufffd")
            return "".join(out)
        if leading_byte is None:  # step 3
            leading_byte = byte
            continue
        unit = (leading_byte << 8) + byte if big_endian else (byte << 8) + leading_byte  # step 4
        leading_byte = None  # step 5
        if leading_surrogate is not None:  # step 6
            lead, leading_surrogate = leading_surrogate, None
            if 0xDC00 <= unit <= 0xDFFF:
                out.append(chr(0x10000 + ((lead - 0xD800) << 10) + (unit - 0xDC00)))
                continue
            i -= 2  # step 6.7: the unit's two bytes restored
            out.append("\ufffd")
            continue
        if 0xD800 <= unit <= 0xDBFF:  # step 7
            leading_surrogate = unit
        elif 0xDC00 <= unit <= 0xDFFF:  # step 8
            out.append("\ufffd")
        else:
            out.append(chr(unit))  # step 9


_BYTES = st.lists(st.sampled_from([0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF,
                                   0xD8, 0xDB, 0xDC, 0xDF, 0x9F, 0xA0, 0x8F, 0x90]), max_size=24).map(bytes)


@given(_BYTES, st.integers(0, 24))
def test_utf8(data: bytes, cut: int) -> None:
    expected = spec_utf8(data)
    assert decode_no_bom(data, "UTF-8") == expected
    decoder = TextDecoder("utf-8", {"ignoreBOM": True})
    assert decoder.decode(data[:cut], {"stream": True}) + decoder.decode(data[cut:]) == expected


@given(_BYTES, st.integers(0, 24), st.booleans())
def test_utf16(data: bytes, cut: int, big_endian: bool) -> None:
    expected = spec_utf16(data, big_endian)
    encoding = "UTF-16BE" if big_endian else "UTF-16LE"
    assert decode_no_bom(data, encoding) == expected
    decoder = TextDecoder(encoding, {"ignoreBOM": True})
    assert decoder.decode(data[:cut], {"stream": True}) + decoder.decode(data[cut:]) == expected
