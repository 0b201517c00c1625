"""Legacy multi-byte Japanese encodings: EUC-JP, ISO-2022-JP and Shift_JIS
(https://encoding.spec.whatwg.org/#legacy-multi-byte-japanese-encodings), from the spec's
handlers and the indexes jis0208, jis0212 and ISO-2022-JP katakana."""

from __future__ import annotations

import re
from functools import cache

from .indexes import UNMAPPED, index, index_pointers, index_shift_jis_pointers
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

__all__ = [
    "EUCJPDecoder",
    "euc_jp_encoder",
    "ISO2022JPDecoder",
    "iso_2022_jp_encode",
    "ShiftJISDecoder",
    "shift_jis_encoder",
]


def _jis0208(pointer: int) -> str | None:
    c = index("jis0208")[pointer] if 0 <= pointer < len(index("jis0208")) else UNMAPPED
    return None if c == UNMAPPED else c


# -- EUC-JP -------------------------------------------------------------------------------------


def _euc_jp_pairs() -> list[str | None]:
    """Steps 3 and 5 of the decoder for 0x8E or a byte in 0xA1-0xFE, then a byte in 0xA1-0xFE."""
    table = pair_table()
    for leading in (0x8E, *range(0xA1, 0xFF)):
        for byte in range(0xA1, 0xFF):
            if leading == 0x8E:
                c = chr(0xFF61 - 0xA1 + byte) if byte <= 0xDF else "\ufffd"
            else:
                c = _jis0208((leading - 0xA1) * 94 + byte - 0xA1) or "\ufffd"
            table[pair_unit(leading, byte)] = c
    return table


_EUC_JP_RUNS = TwoByteRuns(b"\x00-\x7f", None, _euc_jp_pairs)


class EUCJPDecoder(Decoder):
    """https://encoding.spec.whatwg.org/#euc-jp-decoder"""

    __slots__ = ("jis0212", "leading")
    name = "EUC-JP"

    def __init__(self) -> None:
        super().__init__()
        self.jis0212 = False
        self.leading = 0x00

    def run(self, data: bytes, pos: int) -> tuple[str, int] | None:
        return None if self.leading or self.jis0212 else _EUC_JP_RUNS.decode(self, data, pos)

    def handler(self, queue: ByteQueue, byte: int) -> str | Result:
        if byte == END:
            if self.leading:  # step 1
                self.leading = 0x00
                return ERROR
            return FINISHED  # step 2
        if self.leading == 0x8E and 0xA1 <= byte <= 0xDF:  # step 3
            self.leading = 0x00
            return chr(0xFF61 - 0xA1 + byte)
        if self.leading == 0x8F and 0xA1 <= byte <= 0xFE:  # step 4
            self.jis0212 = True
            self.leading = byte
            return CONTINUE
        if self.leading:  # step 5
            leading = self.leading
            self.leading = 0x00
            c = UNMAPPED
            if 0xA1 <= leading <= 0xFE and 0xA1 <= byte <= 0xFE:
                c = index("jis0212" if self.jis0212 else "jis0208")[(leading - 0xA1) * 94 + byte - 0xA1]
            self.jis0212 = False
            if c != UNMAPPED:
                return c
            if byte < 0x80:
                queue.restore(byte)
            return ERROR
        if byte < 0x80:  # step 6
            return chr(byte)
        if byte in (0x8E, 0x8F) or 0xA1 <= byte <= 0xFE:  # step 7
            self.leading = byte
            return CONTINUE
        return ERROR  # step 8


@cache
def _euc_jp_encoder_table() -> dict[str, bytes]:
    # the later steps first, so that an earlier step's entry replaces theirs
    table = {}
    for c, pointer in index_pointers("jis0208").items():  # steps 7, 9-11
        leading, trailing = divmod(pointer, 94)
        table[c] = bytes((leading + 0xA1, trailing + 0xA1))
    table["\u2212"] = table["\uff0d"]  # step 6
    for cp in range(0xFF61, 0xFFA0):  # step 5
        table[chr(cp)] = bytes((0x8E, cp - 0xFF61 + 0xA1))
    table["\u203e"] = b"\x7e"  # step 4
    table["\u00a5"] = b"\x5c"  # step 3
    table.update({chr(b): bytes((b,)) for b in range(0x80)})  # step 2
    return table


def euc_jp_encoder(c: str) -> bytes | None:
    """https://encoding.spec.whatwg.org/#euc-jp-encoder for the scalar value *c*: its bytes, or
    None for an error with *c* (step 8)."""
    return _euc_jp_encoder_table().get(c)


# -- ISO-2022-JP --------------------------------------------------------------------------------

# https://encoding.spec.whatwg.org/#iso-2022-jp-decoder-state
ASCII, ROMAN, KATAKANA, LEADING_BYTE, TRAILING_BYTE, ESCAPE_START, ESCAPE = range(7)

# Runs each state turns into code points without changing state: a state's bytes that return a
# code point, repeated (two at a time in leading byte, as the leading byte and trailing byte
# states alternate).
@cache
def _iso_2022_jp_runs() -> dict[int, re.Pattern[bytes]]:
    return {
        ASCII: re.compile(rb"[\x00-\x0d\x10-\x1a\x1c-\x7f]+"),
        ROMAN: re.compile(rb"[\x00-\x0d\x10-\x1a\x1c-\x7f]+"),
        KATAKANA: re.compile(rb"[\x21-\x5f]+"),
        LEADING_BYTE: re.compile(rb"[\x21-\x7e]{2,}"),  # an even number of them: see run()
    }


_ROMAN = {0x5C: 0x00A5, 0x7E: 0x203E}
# the escape state's steps 3-6: the two bytes after ESC and the state they switch to
_ESCAPES = {b"(B": ASCII, b"(J": ROMAN, b"(I": KATAKANA, b"$@": LEADING_BYTE, b"$B": LEADING_BYTE}
_KATAKANA = {b: 0xFF61 - 0x21 + b for b in range(0x21, 0x60)}


@cache
def _jis0208_units() -> list[str]:
    """Trailing byte state for a leading byte and a byte in 0x21-0x7E, by the two bytes as one
    code unit (no surrogates: both bytes are below 0x80)."""
    table = ["\ufffd"] * 0x7F7F
    for leading in range(0x21, 0x7F):
        for byte in range(0x21, 0x7F):
            table[leading << 8 | byte] = _jis0208((leading - 0x21) * 94 + byte - 0x21) or "\ufffd"
    return table


class ISO2022JPDecoder(Decoder):
    """https://encoding.spec.whatwg.org/#iso-2022-jp-decoder, one method per state."""

    __slots__ = ("state", "output_state", "leading", "output")
    name = "ISO-2022-JP"

    def __init__(self) -> None:
        super().__init__()
        self.state = ASCII
        self.output_state = ASCII
        self.leading = 0x00
        self.output = False

    def run(self, data: bytes, pos: int) -> tuple[str, int] | None:
        """Runs of the states that output code points, and between them the escape sequences that
        switch state (the escape start and escape states, steps 1 and 3-7, when they return
        continue)."""
        out = []
        start = pos
        runs = _iso_2022_jp_runs()
        while True:
            if data[pos : pos + 1] == b"\x1b" and self.state in runs and not self.output:
                state = _ESCAPES.get(data[pos + 1 : pos + 3])
                if state is None:
                    break
                self.state = self.output_state = state
                self.output = True
                pos += 3
            pattern = runs.get(self.state)
            match = pattern.match(data, pos) if pattern is not None else None
            if match is None:
                break
            end = match.end()
            if self.state == LEADING_BYTE:
                end -= (end - pos) & 1  # the leading byte of an odd run waits for the handler
                # units below 0x8000, one character each
                text = data[pos:end].decode("utf-16-be").translate(_jis0208_units())
                error = text.find("\ufffd")
                if error != -1:  # the handler returns the error (and the state stays unchanged)
                    text, end = text[:error], pos + 2 * error
                if end == pos:
                    break
                self.output = False  # every byte of the run returned a code point
                out.append(text)
                pos = end
                continue
            self.output = False  # every byte of the run returned a code point
            run = data[pos:end]
            pos = end
            text = run.decode("latin-1")  # isomorphic decode
            out.append(text.translate(_ROMAN) if self.state == ROMAN else
                       text.translate(_KATAKANA) if self.state == KATAKANA else text)
        return ("".join(out), pos) if pos != start else None

    def handler(self, queue: ByteQueue, byte: int) -> str | Result:
        return _STATES[self.state](self, queue, byte)

    def ascii_state(self, queue: ByteQueue, byte: int) -> str | Result:
        if byte == 0x1B:
            self.state = ESCAPE_START
            return CONTINUE
        if 0x00 <= byte <= 0x7F and byte not in (0x0E, 0x0F):
            self.output = False
            return chr(byte)
        if byte == END:
            return FINISHED
        self.output = False
        return ERROR

    def roman_state(self, queue: ByteQueue, byte: int) -> str | Result:
        if byte == 0x1B:
            self.state = ESCAPE_START
            return CONTINUE
        if byte == 0x5C:
            self.output = False
            return "\u00a5"
        if byte == 0x7E:
            self.output = False
            return "\u203e"
        if 0x00 <= byte <= 0x7F and byte not in (0x0E, 0x0F):
            self.output = False
            return chr(byte)
        if byte == END:
            return FINISHED
        self.output = False
        return ERROR

    def katakana_state(self, queue: ByteQueue, byte: int) -> str | Result:
        if byte == 0x1B:
            self.state = ESCAPE_START
            return CONTINUE
        if 0x21 <= byte <= 0x5F:
            self.output = False
            return chr(0xFF61 - 0x21 + byte)
        if byte == END:
            return FINISHED
        self.output = False
        return ERROR

    def leading_byte_state(self, queue: ByteQueue, byte: int) -> str | Result:
        if byte == 0x1B:
            self.state = ESCAPE_START
            return CONTINUE
        if 0x21 <= byte <= 0x7E:
            self.output = False
            self.leading = byte
            self.state = TRAILING_BYTE
            return CONTINUE
        if byte == END:
            return FINISHED
        self.output = False
        return ERROR

    def trailing_byte_state(self, queue: ByteQueue, byte: int) -> str | Result:
        if byte == 0x1B:
            self.state = ESCAPE_START
            return ERROR
        if 0x21 <= byte <= 0x7E:
            self.state = LEADING_BYTE
            c = _jis0208((self.leading - 0x21) * 94 + byte - 0x21)
            return ERROR if c is None else c
        # end-of-queue, and otherwise
        self.state = LEADING_BYTE
        return ERROR

    def escape_start_state(self, queue: ByteQueue, byte: int) -> str | Result:
        if byte in (0x24, 0x28):  # step 1
            self.leading = byte
            self.state = ESCAPE
            return CONTINUE
        if byte != END:  # step 2
            queue.restore(byte)
        self.output = False  # step 3
        self.state = self.output_state
        return ERROR

    def escape_state(self, queue: ByteQueue, byte: int) -> str | Result:
        leading = self.leading  # step 1
        self.leading = 0x00
        state = None  # step 2
        if leading == 0x28 and byte == 0x42:  # step 3
            state = ASCII
        elif leading == 0x28 and byte == 0x4A:  # step 4
            state = ROMAN
        elif leading == 0x28 and byte == 0x49:  # step 5: ESC ( I
            state = KATAKANA
        elif leading == 0x24 and byte in (0x40, 0x42):  # step 6
            state = LEADING_BYTE
        if state is not None:  # step 7
            self.state = self.output_state = state
            output = self.output
            self.output = True
            # two escape sequences in a row (nothing output between them) are an error
            return ERROR if output else CONTINUE
        if byte == END:  # step 8
            queue.restore(leading)
        else:
            queue.restore(leading, byte)
        self.output = False  # step 9
        self.state = self.output_state
        return ERROR


_STATES = {
    ASCII: ISO2022JPDecoder.ascii_state,
    ROMAN: ISO2022JPDecoder.roman_state,
    KATAKANA: ISO2022JPDecoder.katakana_state,
    LEADING_BYTE: ISO2022JPDecoder.leading_byte_state,
    TRAILING_BYTE: ISO2022JPDecoder.trailing_byte_state,
    ESCAPE_START: ISO2022JPDecoder.escape_start_state,
    ESCAPE: ISO2022JPDecoder.escape_state,
}


@cache
def _iso_2022_jp_jis0208() -> dict[str, bytes]:
    """Steps 10 and 13-15 of the encoder: code point -> the two bytes in the jis0208 state."""
    table = {}
    for c, pointer in index_pointers("jis0208").items():
        leading, trailing = divmod(pointer, 94)
        table[c] = bytes((leading + 0x21, trailing + 0x21))
    return table


_ENCODER_ASCII, _ENCODER_ROMAN, _ENCODER_JIS0208 = range(3)  # #iso-2022-jp-encoder-state


def iso_2022_jp_encode(text: str) -> list[bytes | int]:
    """https://encoding.spec.whatwg.org/#iso-2022-jp-encoder over the scalar values of *text*,
    with end-of-queue: bytes, and the code point of each error (U+FFFD for SO, SI and ESC, step
    3, so that the output cannot hold an escape sequence the input smuggled in)."""
    jis0208 = _iso_2022_jp_jis0208()
    katakana = index("iso-2022-jp-katakana")
    state = _ENCODER_ASCII
    out: list[bytes | int] = []
    i, n = 0, len(text)
    while i < n:  # each pass handles text[i]; "restore codePoint" is not advancing i
        c = text[i]
        cp = ord(c)
        if state != _ENCODER_JIS0208 and cp in (0x0E, 0x0F, 0x1B):  # step 3
            out.append(0xFFFD)
            i += 1
            continue
        if state == _ENCODER_ASCII and cp < 0x80:  # step 4
            out.append(bytes((cp,)))
            i += 1
            continue
        if state == _ENCODER_ROMAN and ((cp < 0x80 and cp not in (0x5C, 0x7E)) or cp in (0xA5, 0x203E)):  # step 5
            out.append(b"\x5c" if cp == 0xA5 else b"\x7e" if cp == 0x203E else bytes((cp,)))
            i += 1
            continue
        if cp < 0x80:  # step 6 (the state is not ASCII)
            state = _ENCODER_ASCII
            out.append(b"\x1b\x28\x42")
            continue
        if cp in (0xA5, 0x203E):  # step 7 (the state is not Roman)
            state = _ENCODER_ROMAN
            out.append(b"\x1b\x28\x4a")
            continue
        if cp == 0x2212:  # step 8
            c = "\uff0d"
        elif 0xFF61 <= cp <= 0xFF9F:  # step 9
            c = katakana[cp - 0xFF61]
        two = jis0208.get(c)  # step 10
        if two is None:  # step 11
            if state == _ENCODER_JIS0208:
                state = _ENCODER_ASCII
                out.append(b"\x1b\x28\x42")
                continue
            out.append(ord(c))
            i += 1
            continue
        if state != _ENCODER_JIS0208:  # step 12
            state = _ENCODER_JIS0208
            out.append(b"\x1b\x24\x42")
            continue
        out.append(two)  # steps 13-15
        i += 1
    if state != _ENCODER_ASCII:  # step 1 (end-of-queue)
        out.append(b"\x1b\x28\x42")
    # adjacent bytes as one chunk, as the other encoders give them
    merged: list[bytes | int] = []
    run: list[bytes] = []
    for part in out:
        if isinstance(part, bytes):
            run.append(part)
            continue
        if run:
            merged.append(b"".join(run))
            run.clear()
        merged.append(part)
    if run:
        merged.append(b"".join(run))
    return merged


# -- Shift_JIS ----------------------------------------------------------------------------------


def _shift_jis_pointer(leading: int, byte: int) -> int | None:
    """Steps 3.4-3.6 of the decoder."""
    offset = 0x40 if byte < 0x7F else 0x41
    leading_offset = 0x81 if leading < 0xA0 else 0xC1
    if 0x40 <= byte <= 0x7E or 0x80 <= byte <= 0xFC:
        return (leading - leading_offset) * 188 + byte - offset
    return None


def _shift_jis_code_point(pointer: int | None) -> str | None:
    """Steps 3.7-3.9 of the decoder."""
    if pointer is None:
        return None
    if 8836 <= pointer <= 10715:  # EUDC: Private Use, as Windows decodes them
        return chr(0xE000 - 8836 + pointer)
    return _jis0208(pointer)


def _shift_jis_pairs() -> list[str | None]:
    table = pair_table()
    for leading in (*range(0x81, 0xA0), *range(0xE0, 0xFD)):
        for byte in (*range(0x40, 0x7F), *range(0x80, 0xFD)):
            c = _shift_jis_code_point(_shift_jis_pointer(leading, byte))
            table[pair_unit(leading, byte)] = c or unmapped_pair(byte)
    return table


# single bytes: ASCII, 0x80 and the halfwidth katakana 0xA1-0xDF
_SHIFT_JIS_RUNS = TwoByteRuns(
    b"\x00-\x80\xa1-\xdf", {b: 0xFF61 - 0xA1 + b for b in range(0xA1, 0xE0)}, _shift_jis_pairs
)


class ShiftJISDecoder(Decoder):
    """https://encoding.spec.whatwg.org/#shift_jis-decoder"""

    __slots__ = ("leading",)
    name = "Shift_JIS"

    def __init__(self) -> None:
        super().__init__()
        self.leading = 0x00

    def run(self, data: bytes, pos: int) -> tuple[str, int] | None:
        return None if self.leading else _SHIFT_JIS_RUNS.decode(self, data, pos)

    def handler(self, queue: ByteQueue, byte: int) -> str | Result:
        if byte == END:
            if self.leading:  # step 1
                self.leading = 0x00
                return ERROR
            return FINISHED  # step 2
        if self.leading:  # step 3
            leading = self.leading
            self.leading = 0x00
            c = _shift_jis_code_point(_shift_jis_pointer(leading, byte))
            if c is not None:
                return c
            if byte < 0x80:
                queue.restore(byte)
            return ERROR
        if byte <= 0x80:  # step 4
            return chr(byte)
        if 0xA1 <= byte <= 0xDF:  # step 5
            return chr(0xFF61 - 0xA1 + byte)
        if 0x81 <= byte <= 0x9F or 0xE0 <= byte <= 0xFC:  # step 6
            self.leading = byte
            return CONTINUE
        return ERROR  # step 7


@cache
def _shift_jis_encoder_table() -> dict[str, bytes]:
    # the later steps first, so that an earlier step's entry replaces theirs
    table = {}
    for c, pointer in index_shift_jis_pointers().items():  # steps 7, 9-13
        leading, trailing = divmod(pointer, 188)
        table[c] = bytes((leading + (0x81 if leading < 0x1F else 0xC1), trailing + (0x40 if trailing < 0x3F else 0x41)))
    table["\u2212"] = table["\uff0d"]  # step 6
    for cp in range(0xFF61, 0xFFA0):  # step 5
        table[chr(cp)] = bytes((cp - 0xFF61 + 0xA1,))
    table["\u203e"] = b"\x7e"  # step 4
    table["\u00a5"] = b"\x5c"  # step 3
    table.update({chr(b): bytes((b,)) for b in range(0x81)})  # step 2: ASCII and U+0080
    return table


def shift_jis_encoder(c: str) -> bytes | None:
    """https://encoding.spec.whatwg.org/#shift_jis-encoder for the scalar value *c*: its bytes,
    or None for an error with *c* (step 8)."""
    return _shift_jis_encoder_table().get(c)
