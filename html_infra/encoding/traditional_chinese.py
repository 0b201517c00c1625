"""Legacy multi-byte Chinese (traditional) encodings: Big5
(https://encoding.spec.whatwg.org/#legacy-multi-byte-chinese-(traditional)-encodings), from the
spec's handlers and index Big5."""

from __future__ import annotations

from functools import cache

from .indexes import UNMAPPED, index, index_big5_pointers
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

__all__ = ["Big5Decoder", "big5_encoder"]

# https://encoding.spec.whatwg.org/#big5-decoder step 3.6: pointers that decode to two code points
_TWO_CODE_POINTS = {1133: "\u00ca\u0304", 1135: "\u00ca\u030c", 1164: "\u00ea\u0304", 1166: "\u00ea\u030c"}


def _pointer(leading: int, byte: int) -> int | None:
    """Steps 3.4-3.5 of the decoder."""
    offset = 0x40 if byte < 0x7F else 0x62
    if 0x40 <= byte <= 0x7E or 0xA1 <= byte <= 0xFE:
        return (leading - 0x81) * 157 + (byte - offset)
    return None


def _pairs() -> list[str | None]:
    table = pair_table()
    big5 = index("big5")
    for leading in range(0x81, 0xFF):
        for byte in (*range(0x40, 0x7F), *range(0xA1, 0xFF)):
            pointer = _pointer(leading, byte)
            assert pointer is not None
            c = _TWO_CODE_POINTS.get(pointer) or (big5[pointer] if pointer < len(big5) else UNMAPPED)
            if c == UNMAPPED:
                c = unmapped_pair(byte)
            table[pair_unit(leading, byte)] = c
    return table


_RUNS = TwoByteRuns(b"\x00-\x7f", None, _pairs)


class Big5Decoder(Decoder):
    """https://encoding.spec.whatwg.org/#big5-decoder"""

    __slots__ = ("leading",)
    name = "Big5"

    def __init__(self) -> None:
        super().__init__()
        self.leading = 0x00

    def run(self, data: bytes, pos: int) -> tuple[str, int] | None:
        return None if self.leading else _RUNS.decode(self, data, pos)

    def handler(self, queue: ByteQueue, byte: int) -> str | Result:
        if byte == END:
            if self.leading:  # step 1
                self.leading = 0x00
                return ERROR
            return FINISHED  # step 2
        if self.leading:  # step 3
            leading = self.leading
            self.leading = 0x00
            pointer = _pointer(leading, byte)
            if pointer in _TWO_CODE_POINTS:
                return _TWO_CODE_POINTS[pointer]
            big5 = index("big5")
            if pointer is not None and pointer < len(big5) and big5[pointer] != UNMAPPED:
                return big5[pointer]
            if byte < 0x80:
                queue.restore(byte)
            return ERROR
        if byte < 0x80:  # step 4
            return chr(byte)
        if 0x81 <= byte <= 0xFE:  # step 5
            self.leading = byte
            return CONTINUE
        return ERROR  # step 6


@cache
def _encoder_table() -> dict[str, bytes]:
    table = {}
    for c, pointer in index_big5_pointers().items():  # steps 3, 5-8
        leading, trailing = divmod(pointer, 157)
        table[c] = bytes((leading + 0x81, trailing + (0x40 if trailing < 0x3F else 0x62)))
    table.update({chr(b): bytes((b,)) for b in range(0x80)})  # step 2 comes first
    return table


def big5_encoder(c: str) -> bytes | None:
    """https://encoding.spec.whatwg.org/#big5-encoder for the scalar value *c*: its bytes, or
    None for an error with *c* (step 4)."""
    return _encoder_table().get(c)
