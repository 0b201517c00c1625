"""Legacy multi-byte Chinese (simplified) encodings: gb18030 and GBK
(https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(simplified)-encodings), from the
spec's handlers and the indexes gb18030 and gb18030 ranges."""

from __future__ import annotations

from functools import cache

from .indexes import UNMAPPED, index, index_gb18030_ranges_code_point, index_gb18030_ranges_pointer, index_pointers
from .io_queue import (
    CONTINUE,
    END,
    ERROR,
    FINISHED,
    ByteQueue,
    Decoder,
    Result,
    TwoByteRuns,
    pair_table,
    pair_unit,
    unmapped_pair,
)

__all__ = ["GB18030Decoder", "gb18030_encoder", "gbk_encoder"]


def _pairs() -> list[str | None]:
    """Step 5 of the decoder for every leading byte and every byte that makes a pointer."""
    table = pair_table()
    gb18030 = index("gb18030")
    for leading in range(0x81, 0xFF):
        for byte in (*range(0x40, 0x7F), *range(0x80, 0xFF)):
            offset = 0x40 if byte < 0x7F else 0x41
            c = gb18030[(leading - 0x81) * 190 + (byte - offset)]
            if c == UNMAPPED:  # (index gb18030 maps every pointer, but the spec allows for gaps)
                c = unmapped_pair(byte)
            table[pair_unit(leading, byte)] = c
    return table


# ASCII and 0x80 (U+20AC) alone; a leading byte and a byte in 0x40-0x7E or 0x80-0xFE
_RUNS = TwoByteRuns(b"\x00-\x80", {0x80: 0x20AC}, _pairs)


class GB18030Decoder(Decoder):
    """https://encoding.spec.whatwg.org/#gb18030-decoder (also GBK's decoder,
    https://encoding.spec.whatwg.org/#gbk-decoder)."""

    __slots__ = ("first", "second", "third")
    name = "gb18030"

    def __init__(self) -> None:
        super().__init__()
        self.first = self.second = self.third = 0x00

    def run(self, data: bytes, pos: int) -> tuple[str, int] | None:
        if self.first:
            return None
        return _RUNS.decode(self, data, pos)

    def handler(self, queue: ByteQueue, byte: int) -> str | Result:
        if byte == END:
            if self.first == self.second == self.third == 0x00:  # step 1
                return FINISHED
            self.first = self.second = self.third = 0x00  # step 2
            return ERROR
        if self.third:  # step 3
            if not 0x30 <= byte <= 0x39:
                queue.restore(self.second, self.third, byte)
                self.first = self.second = self.third = 0x00
                return ERROR
            code_point = index_gb18030_ranges_code_point(
                (self.first - 0x81) * (10 * 126 * 10)
                + (self.second - 0x30) * (10 * 126)
                + (self.third - 0x81) * 10
                + byte - 0x30
            )
            self.first = self.second = self.third = 0x00
            if code_point is None:
                return ERROR
            return chr(code_point)
        if self.second:  # step 4
            if 0x81 <= byte <= 0xFE:
                self.third = byte
                return CONTINUE
            queue.restore(self.second, byte)
            self.first = self.second = 0x00
            return ERROR
        if self.first:  # step 5
            if 0x30 <= byte <= 0x39:
                self.second = byte
                return CONTINUE
            leading = self.first
            self.first = 0x00
            pointer = None
            offset = 0x40 if byte < 0x7F else 0x41
            if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFE:
                pointer = (leading - 0x81) * 190 + (byte - offset)
            c = UNMAPPED if pointer is None else index("gb18030")[pointer]
            if c != UNMAPPED:
                return c
            if byte < 0x80:
                queue.restore(byte)
            return ERROR
        if byte < 0x80:  # step 6
            return chr(byte)
        if byte == 0x80:  # step 7
            return "\u20ac"
        if 0x81 <= byte <= 0xFE:  # step 8
            self.first = byte
            return CONTINUE
        return ERROR  # step 9


# https://encoding.spec.whatwg.org/#gb18030-encoder step 5: the Private Use code points that
# GB18030-2005 gave two bytes and the 2022 mapping moved to other code points, kept encodable.
_PRIVATE_USE = {
    "\ue78d": b"\xa6\xd9", "\ue78e": b"\xa6\xda", "\ue78f": b"\xa6\xdb", "\ue790": b"\xa6\xdc",
    "\ue791": b"\xa6\xdd", "\ue792": b"\xa6\xde", "\ue793": b"\xa6\xdf", "\ue794": b"\xa6\xec",
    "\ue795": b"\xa6\xed", "\ue796": b"\xa6\xf3", "\ue81e": b"\xfe\x59", "\ue826": b"\xfe\x61",
    "\ue82b": b"\xfe\x66", "\ue82c": b"\xfe\x67", "\ue832": b"\xfe\x6d", "\ue843": b"\xfe\x7e",
    "\ue854": b"\xfe\x90", "\ue864": b"\xfe\xa0",
}


@cache
def _two_bytes(is_gbk: bool) -> dict[str, bytes]:
    """Steps 2-7 of the encoder as one table: code point -> bytes (the later steps first, so
    that an earlier step's entry replaces theirs)."""
    table = {}
    for c, pointer in index_pointers("gb18030").items():  # steps 6-7
        trailing = pointer % 190
        table[c] = bytes((pointer // 190 + 0x81, trailing + (0x40 if trailing < 0x3F else 0x41)))
    table.update(_PRIVATE_USE)  # step 5
    if is_gbk:
        table["\u20ac"] = b"\x80"  # step 4
    table.pop("\ue5e5", None)  # step 3: an error (index gb18030 does not hold it anyway)
    table.update({chr(b): bytes((b,)) for b in range(0x80)})  # step 2
    return table


def gb18030_encoder(c: str, is_gbk: bool = False) -> bytes | None:
    """https://encoding.spec.whatwg.org/#gb18030-encoder for the scalar value *c*: its bytes, or
    None for an error with *c*.  *is_gbk* makes it GBK's encoder
    (https://encoding.spec.whatwg.org/#gbk-encoder)."""
    found = _two_bytes(is_gbk).get(c)
    if found is not None:
        return found
    if c == "\ue5e5" or is_gbk:  # steps 3 and 8
        return None
    pointer = index_gb18030_ranges_pointer(ord(c))  # step 9
    byte1, pointer = divmod(pointer, 10 * 126 * 10)  # steps 10-11
    byte2, pointer = divmod(pointer, 10 * 126)  # steps 12-13
    byte3, byte4 = divmod(pointer, 10)  # steps 14-15
    return bytes((byte1 + 0x81, byte2 + 0x30, byte3 + 0x81, byte4 + 0x30))  # step 16


def gbk_encoder(c: str) -> bytes | None:
    """https://encoding.spec.whatwg.org/#gbk-encoder: gb18030's encoder with is GBK set."""
    return gb18030_encoder(c, is_gbk=True)
