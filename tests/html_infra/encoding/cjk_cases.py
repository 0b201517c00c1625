"""Generated inputs for the CJK decoder and encoder differential against Chromium
(record_chromium_cjk.py records, test_chromium_cjk.py compares).

Decoders: byte sequences in groups, each sequence decoded alone by ``TextDecoder(encoding,
{fatal})`` (in the "stream" groups, split at each position into two calls, the first streaming); a group's result is a 32-bit FNV-1a hash over the UTF-16 code units of the outputs,
each followed by U+0000 (a fatal error counts as U+FFFF U+0000), so the data stays small.
Encoders: blocks of 256 code points (ASCII excluded: the URL parser treats some of it
specially), each block put after ``?`` in an ``a`` element's href in a document of that
encoding with an http base URL; the block's result is the hash of the href.
"""

from __future__ import annotations

from collections.abc import Iterator

ENCODINGS = ("gb18030", "gbk", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr")

FNV_JS = r"""
function fnv(h, s) {
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619) >>> 0; }
  return h;
}
"""


def fnv(h: int, s: str) -> int:
    """FNV_JS in Python, over UTF-16 code units."""
    data = s.encode("utf-16-le", "surrogatepass")
    for i in range(0, len(data), 2):
        h = ((h ^ (data[i] | data[i + 1] << 8)) * 16777619) & 0xFFFFFFFF
    return h


FNV_START = 2166136261

_ISO_2022_JP_ESCAPES = (b"", b"\x1b(B", b"\x1b(J", b"\x1b(I", b"\x1b$@", b"\x1b$B", b"\x1b$A", b"\x1b(", b"\x1b$",
                        b"\x1b", b"\x1b\x1b", b"\x1bx", b"\x1b$(D", b"\x1b(b")
_ISO_2022_JP_PAYLOADS = (b"", b"A", b"\x21\x21", b"\x24\x22", b"\x30\x21\x30\x22", b"\x5c\x7e", b"\x0e", b"\x0f",
                         b"\x80", b"\x7f", b"\n", b"\x21", b"\x21\x7f", b"\x7f\x21", b"\x31")


def decoder_groups(encoding: str) -> Iterator[tuple[str, list[bytes]]]:
    """(group name, sequences) for *encoding*."""
    yield "single bytes", [bytes([b]) for b in range(256)] + [bytes([b, 0x41]) for b in range(256)]
    if encoding == "iso-2022-jp":
        for e1 in _ISO_2022_JP_ESCAPES:
            yield f"escape {e1!r}", [e1 + p1 + e2 + p2 for p1 in _ISO_2022_JP_PAYLOADS for e2 in _ISO_2022_JP_ESCAPES
                                     for p2 in _ISO_2022_JP_PAYLOADS]
        for lead in range(256):
            yield f"jis0208 {lead:02X}", [b"\x1b$B" + bytes([lead, t]) for t in range(256)]
        for lead in (0x21, 0x30, 0x5F, 0x7E):
            yield f"katakana {lead:02X}", [b"\x1b(I" + bytes([lead, t]) for t in range(256)]
        return
    for lead in range(0x80, 0x100):
        yield f"lead {lead:02X}", [bytes([lead, t]) for t in range(256)] + [bytes([lead, t, 0x41]) for t in range(0x80)]
    if encoding in ("gb18030", "gbk"):
        for b1 in range(0x81, 0xFF):
            yield f"four bytes {b1:02X}", [bytes([b1, b2, b3, b4]) for b2 in range(0x2F, 0x3B)
                                           for b3 in (0x80, 0x81, 0x82, 0x99, 0xFE, 0xFF, 0x30)
                                           for b4 in (0x2F, 0x30, 0x31, 0x35, 0x39, 0x3A)]
        yield "four bytes truncated", [bytes([b1, 0x30, b3])[:n] for b1 in (0x81, 0x84, 0x90, 0xE3, 0xFE)
                                       for b3 in (0x81, 0xFE) for n in (2, 3)]
    if encoding == "euc-jp":
        for b2 in range(0xA0, 0x100):
            yield f"jis0212 {b2:02X}", [bytes([0x8F, b2, t]) for t in range(0xA0, 0x100)] + [bytes([0x8F, b2, 0x41])]


def stream_groups(encoding: str) -> Iterator[tuple[str, list[bytes]]]:
    """Sequences each decoded by one decoder in two calls, split at every position (the first
    call with ``{stream: true}``): three sequences of the decoder groups joined, every 97th
    choice, so that leads, trails and escapes meet the split points."""
    seqs = [seq for _, group in decoder_groups(encoding) for seq in group if len(seq) > 1]
    joined = [seqs[i] + seqs[(i * 7 + 3) % len(seqs)] + seqs[(i * 13 + 5) % len(seqs)] for i in range(0, len(seqs), 97)]
    for start in range(0, len(joined), 100):
        yield f"stream {start // 100}", joined[start:start + 100]


def encoder_blocks() -> list[int]:
    """The first code point of each block of 256."""
    blocks = [b for b in range(0x0000, 0x10000, 0x100) if not 0xD800 <= b < 0xE000]
    blocks += list(range(0x10000, 0x30000, 0x100))
    blocks += [plane << 16 for plane in range(3, 17)] + [(plane << 16) + 0xFF00 for plane in range(3, 17)]
    return blocks


def block_text(start: int) -> str:
    return "".join(chr(c) for c in range(max(start, 0x80), start + 0x100))
