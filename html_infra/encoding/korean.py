"""Legacy multi-byte Korean encodings: EUC-KR
(https://encoding.spec.whatwg.org/#legacy-multi-byte-korean-encodings), from the spec's handlers
and index EUC-KR."""

from __future__ import annotations

from functools import cache

from .indexes import UNMAPPED, index, index_pointers
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

__all__ = ["EUCKRDecoder", "euc_kr_encoder"]


def _pairs() -> list[str | None]:
    table = pair_table()
    euc_kr = index("euc-kr")
    for leading in range(0x81, 0xFF):
        for byte in range(0x41, 0xFF):
            c = euc_kr[(leading - 0x81) * 190 + (byte - 0x41)]
            if c == UNMAPPED:
                c = unmapped_pair(byte)
            table[pair_unit(leading, byte)] = c
    return table


_RUNS = TwoByteRuns(b"\x00-\x7f", None, _pairs)


class EUCKRDecoder(Decoder):
    """https://encoding.spec.whatwg.org/#euc-kr-decoder"""

    __slots__ = ("leading",)
    name = "EUC-KR"

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
            if 0x41 <= byte <= 0xFE:
                c = index("euc-kr")[(leading - 0x81) * 190 + (byte - 0x41)]
                if c != UNMAPPED:
                    return c
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
    for c, pointer in index_pointers("euc-kr").items():  # steps 3, 5-7
        leading, trailing = divmod(pointer, 190)
        table[c] = bytes((leading + 0x81, trailing + 0x41))
    table.update({chr(b): bytes((b,)) for b in range(0x80)})  # step 2 comes first
    return table


def euc_kr_encoder(c: str) -> bytes | None:
    """https://encoding.spec.whatwg.org/#euc-kr-encoder for the scalar value *c*: its bytes, or
    None for an error with *c* (step 4)."""
    return _encoder_table().get(c)
