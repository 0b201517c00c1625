"""Byte-pattern sniffing (https://mimesniff.spec.whatwg.org/#matching-a-mime-type-pattern).

Tables are written as (pattern, mask, leading bytes to ignore, computed type) rows, the way the
spec writes them.  All functions take the resource header (bytes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import MIMEType

__all__ = [
    "pattern_matches",
    "match_image_type_pattern",
    "match_audio_or_video_type_pattern",
    "match_font_type_pattern",
    "match_archive_type_pattern",
    "identify_unknown_mime_type",
    "text_or_binary",
    "mime_type_sniffing_algorithm",
    "has_binary_data_bytes",
]

# https://mimesniff.spec.whatwg.org/#whitespace-byte
WHITESPACE_BYTES = frozenset(b"\t\n\x0c\r ")
_NONE: frozenset[int] = frozenset()
# https://mimesniff.spec.whatwg.org/#binary-data-byte
_BINARY = frozenset(list(range(0x00, 0x09)) + [0x0B] + list(range(0x0E, 0x1B)) + list(range(0x1C, 0x20)))

Row = tuple[bytes, bytes, frozenset[int], str]


def _row(pattern: str, mask: str, ignored: frozenset[int], mime: str) -> Row:
    return bytes.fromhex(pattern), bytes.fromhex(mask), ignored, mime


def pattern_matches(input: bytes, pattern: bytes, mask: bytes, ignored: frozenset[int] = _NONE) -> bool:
    """https://mimesniff.spec.whatwg.org/#pattern-matching-algorithm"""
    assert len(pattern) == len(mask)
    if len(input) < len(pattern):
        return False
    s = 0
    while s < len(input) and input[s] in ignored:
        s += 1
    for p in range(len(pattern)):
        if s >= len(input) or input[s] & mask[p] != pattern[p]:
            return False
        s += 1
    return True


def _first_match(input: bytes, rows: Sequence[Row]) -> str | None:
    for pattern, mask, ignored, mime in rows:
        if pattern_matches(input, pattern, mask, ignored):
            return mime
    return None


# https://mimesniff.spec.whatwg.org/#image-type-pattern-matching-algorithm
IMAGE_ROWS = [
    _row("00000100", "ffffffff", _NONE, "image/x-icon"),
    _row("00000200", "ffffffff", _NONE, "image/x-icon"),
    _row("424d", "ffff", _NONE, "image/bmp"),
    _row("474946383761", "ffffffffffff", _NONE, "image/gif"),
    _row("474946383961", "ffffffffffff", _NONE, "image/gif"),
    _row("5249464600000000574542505650", "ffffffff00000000ffffffffffff", _NONE, "image/webp"),
    _row("89504e470d0a1a0a", "ffffffffffffffff", _NONE, "image/png"),
    _row("ffd8ff", "ffffff", _NONE, "image/jpeg"),
]

# https://mimesniff.spec.whatwg.org/#audio-or-video-type-pattern-matching-algorithm
AUDIO_VIDEO_ROWS = [
    _row("464f524d0000000041494646", "ffffffff00000000ffffffff", _NONE, "audio/aiff"),
    _row("494433", "ffffff", _NONE, "audio/mpeg"),
    _row("4f67675300", "ffffffffff", _NONE, "application/ogg"),
    _row("4d54686400000006", "ffffffffffffffff", _NONE, "audio/midi"),
    _row("524946460000000041564920", "ffffffff00000000ffffffff", _NONE, "video/avi"),
    _row("524946460000000057415645", "ffffffff00000000ffffffff", _NONE, "audio/wave"),
]

# https://mimesniff.spec.whatwg.org/#font-type-pattern-matching-algorithm
FONT_ROWS = [
    _row("00" * 34 + "4c50", "00" * 34 + "ffff", _NONE, "application/vnd.ms-fontobject"),
    _row("00010000", "ffffffff", _NONE, "font/ttf"),
    _row("4f54544f", "ffffffff", _NONE, "font/otf"),
    _row("74746366", "ffffffff", _NONE, "font/collection"),
    _row("774f4646", "ffffffff", _NONE, "font/woff"),
    _row("774f4632", "ffffffff", _NONE, "font/woff2"),
]

# https://mimesniff.spec.whatwg.org/#archive-type-pattern-matching-algorithm
ARCHIVE_ROWS = [
    _row("1f8b08", "ffffff", _NONE, "application/x-gzip"),
    _row("504b0304", "ffffffff", _NONE, "application/zip"),
    _row("526172211a0700", "ffffffffffffff", _NONE, "application/x-rar-compressed"),
]


def _html_rows() -> list[Row]:
    # "<TAG" followed by a tag-terminating byte (0x20 or ">"): the spec writes the terminator as
    # "TT"; it is expanded here into one row per terminator.
    rows: list[Row] = []
    for tag in ("!DOCTYPE HTML", "HTML", "HEAD", "SCRIPT", "IFRAME", "H1", "DIV", "FONT", "TABLE", "A",
                "STYLE", "TITLE", "B", "BODY", "BR", "P", "!--"):
        letters = tag.encode("ascii")
        mask = bytes([0xFF] + [0xDF if 0x41 <= b <= 0x5A else 0xFF for b in letters])
        for terminator in (b" ", b">"):
            rows.append((b"<" + letters + terminator, mask + b"\xff", WHITESPACE_BYTES, "text/html"))
    return rows


# https://mimesniff.spec.whatwg.org/#rules-for-identifying-an-unknown-mime-type, step 1
SCRIPTABLE_ROWS = _html_rows() + [
    _row("3c3f786d6c", "ffffffffff", WHITESPACE_BYTES, "text/xml"),
    _row("255044462d", "ffffffffff", _NONE, "application/pdf"),
]
# ... and step 2.
UNKNOWN_ROWS = [
    _row("252150532d41646f62652d", "ff" * 11, _NONE, "application/postscript"),
    _row("feff0000", "ffff0000", _NONE, "text/plain"),
    _row("fffe0000", "ffff0000", _NONE, "text/plain"),
    _row("efbbbf00", "ffffff00", _NONE, "text/plain"),
]


def match_image_type_pattern(input: bytes) -> str | None:
    """https://mimesniff.spec.whatwg.org/#image-type-pattern-matching-algorithm"""
    return _first_match(input, IMAGE_ROWS)


def _matches_mp4(sequence: bytes) -> bool:
    """https://mimesniff.spec.whatwg.org/#matches-the-signature-for-mp4"""
    length = len(sequence)
    if length < 12:
        return False
    box_size = int.from_bytes(sequence[0:4], "big")
    if length < box_size or box_size % 4 != 0:
        return False
    if sequence[4:8] != b"ftyp":
        return False
    if sequence[8:11] == b"mp4":
        return True
    bytes_read = 16
    while bytes_read < box_size:
        if sequence[bytes_read : bytes_read + 3] == b"mp4":
            return True
        bytes_read += 4
    return False


def _parse_vint(sequence: bytes, iter: int) -> tuple[int, int]:
    """https://mimesniff.spec.whatwg.org/#parse-a-vint -> (parsed number, number size)."""
    length = len(sequence)
    mask = 128
    max_vint_length = 8
    number_size = 1
    index = iter
    while number_size < max_vint_length and number_size < length:
        if sequence[index] & mask:
            break
        mask >>= 1
        number_size += 1
    parsed = sequence[index] & ~mask
    index += 1
    remaining = number_size - 1
    while remaining:
        parsed = (parsed << 8) | sequence[index]
        index += 1
        if index >= length:
            break
        remaining -= 1
    return parsed, number_size


def _matches_webm(sequence: bytes) -> bool:
    """https://mimesniff.spec.whatwg.org/#matches-the-signature-for-webm"""
    length = len(sequence)
    if length < 4 or sequence[0:4] != b"\x1a\x45\xdf\xa3":
        return False
    iter = 4
    while iter < length and iter < 38:
        if sequence[iter : iter + 2] == b"\x42\x82":
            iter += 2
            if iter >= length:
                return False
            _, number_size = _parse_vint(sequence, iter)
            iter += number_size
            # The spec says "iter >= length - 4"; implementations (and the WPT data, e.g. a
            # 12-byte header ending in "webm") accept a DocType that ends the header exactly.
            if iter > length - 4:
                return False
            # Matching a padded sequence "webm" at offset iter: zero bytes, then "webm".
            end = iter
            while end < length and sequence[end] == 0:
                end += 1
            if sequence[end : end + 4] == b"webm":
                return True
            return False
        iter += 1
    return False


_MP3_RATES = [0, 32000, 40000, 48000, 56000, 64000, 80000, 96000, 112000, 128000, 160000, 192000, 224000,
              256000, 320000]
_MP25_RATES = [0, 8000, 16000, 24000, 32000, 40000, 48000, 56000, 64000, 80000, 96000, 112000, 128000,
               144000, 160000]
_SAMPLE_RATES = [44100, 48000, 32000]


def _match_mp3_header(sequence: bytes, s: int) -> bool:
    """https://mimesniff.spec.whatwg.org/#match-an-mp3-header

    The spec's expressions like "sequence[s + 1] & 0x06 >> 1" mean "(sequence[s + 1] & 0x06) >> 1",
    as implementations read them.
    """
    length = len(sequence)
    if length - s < 4:
        return False
    if sequence[s] != 0xFF or (sequence[s + 1] & 0xE0) != 0xE0:
        return False
    layer = (sequence[s + 1] & 0x06) >> 1
    if layer == 0:
        return False
    bit_rate = (sequence[s + 2] & 0xF0) >> 4
    if bit_rate == 15:
        return False
    sample_rate = (sequence[s + 2] & 0x0C) >> 2
    if sample_rate == 3:
        return False
    final_layer = 4 - layer
    return final_layer == 3


def _matches_mp3_without_id3(sequence: bytes) -> bool:
    """https://mimesniff.spec.whatwg.org/#matches-the-signature-for-mp3-without-id3"""
    length = len(sequence)
    s = 0
    if not _match_mp3_header(sequence, s):
        return False
    version = (sequence[s + 1] & 0x18) >> 3
    bitrate_index = (sequence[s + 2] & 0xF0) >> 4
    bitrate = _MP25_RATES[bitrate_index] if version & 0x01 else _MP3_RATES[bitrate_index]
    samplerate = _SAMPLE_RATES[(sequence[s + 2] & 0x0C) >> 2]
    pad = (sequence[s + 2] & 0x02) >> 1
    scale = 72 if version == 1 else 144
    size = bitrate * scale // samplerate
    if pad:
        size += 1
    skipped = size
    if skipped < 4 or skipped > length - s:
        return False
    s += skipped
    return _match_mp3_header(sequence, s)


def match_audio_or_video_type_pattern(input: bytes) -> str | None:
    """https://mimesniff.spec.whatwg.org/#audio-or-video-type-pattern-matching-algorithm"""
    matched = _first_match(input, AUDIO_VIDEO_ROWS)
    if matched is not None:
        return matched
    if _matches_mp4(input):
        return "video/mp4"
    if _matches_webm(input):
        return "video/webm"
    if _matches_mp3_without_id3(input):
        return "audio/mpeg"
    return None


def match_font_type_pattern(input: bytes) -> str | None:
    """https://mimesniff.spec.whatwg.org/#font-type-pattern-matching-algorithm"""
    return _first_match(input, FONT_ROWS)


def match_archive_type_pattern(input: bytes) -> str | None:
    """https://mimesniff.spec.whatwg.org/#archive-type-pattern-matching-algorithm"""
    return _first_match(input, ARCHIVE_ROWS)


def has_binary_data_bytes(header: bytes) -> bool:
    return any(b in _BINARY for b in header)


def identify_unknown_mime_type(header: bytes, sniff_scriptable: bool = False) -> str:
    """https://mimesniff.spec.whatwg.org/#rules-for-identifying-an-unknown-mime-type"""
    if sniff_scriptable:
        matched = _first_match(header, SCRIPTABLE_ROWS)
        if matched is not None:
            return matched
    matched = _first_match(header, UNKNOWN_ROWS)
    if matched is not None:
        return matched
    for matcher in (match_image_type_pattern, match_audio_or_video_type_pattern, match_archive_type_pattern):
        matched = matcher(header)
        if matched is not None:
            return matched
    if not has_binary_data_bytes(header):
        return "text/plain"
    return "application/octet-stream"


def text_or_binary(header: bytes) -> str:
    """https://mimesniff.spec.whatwg.org/#rules-for-text-or-binary"""
    if header[:2] in (b"\xfe\xff", b"\xff\xfe") or header[:3] == b"\xef\xbb\xbf":
        return "text/plain"
    if not has_binary_data_bytes(header):
        return "text/plain"
    return "application/octet-stream"


def mime_type_sniffing_algorithm(
    header: bytes,
    supplied: MIMEType | None,
    no_sniff: bool = False,
    check_for_apache_bug: bool = False,
) -> str:
    """https://mimesniff.spec.whatwg.org/#mime-type-sniffing-algorithm -> the computed MIME type.

    *header* is the resource header (the first 1445 bytes suffice).  Supported image/audio/video
    types are those this module can sniff.
    """
    header = header[:1445]
    if supplied is not None and (supplied.is_xml or supplied.is_html):
        return str(supplied)
    if supplied is None or supplied.essence in ("unknown/unknown", "application/unknown", "*/*"):
        return identify_unknown_mime_type(header, sniff_scriptable=not no_sniff)
    if no_sniff:
        return str(supplied)
    if check_for_apache_bug:
        return text_or_binary(header)
    if supplied.is_image:
        matched = match_image_type_pattern(header)
        if matched is not None:
            return matched
    if supplied.is_audio_or_video:
        matched = match_audio_or_video_type_pattern(header)
        if matched is not None:
            return matched
    return str(supplied)
