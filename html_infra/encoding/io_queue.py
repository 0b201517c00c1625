"""I/O queues and processing them with a decoder (https://encoding.spec.whatwg.org/#concept-stream,
https://encoding.spec.whatwg.org/#concept-encoding-run), for the multi-byte decoders written from
the spec's handlers.

A decoder's ``handler(queue, byte)`` is the spec's handler, step by step: *byte* is a byte or
:data:`END` (end-of-queue), and it returns the code points it emits (a ``str``), or
:data:`CONTINUE`, :data:`FINISHED` or :data:`ERROR`.  Calling it per byte costs a microsecond,
so :func:`process_a_queue` first asks the decoder for a *run*: from its initial state, the longest
stretch of bytes made only of single bytes and two-byte sequences, whose output the decoder
computes with a few C-speed operations (:class:`TwoByteRuns`).  A run ends in the initial state
too, so the handler takes over exactly where the stretch ends; the tests check that runs give what
the handler gives for every two-byte sequence and for random bytes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

__all__ = ["END", "CONTINUE", "FINISHED", "ERROR", "Result", "ByteQueue", "Decoder", "TwoByteRuns", "process_a_queue",
           "pair_table", "pair_unit", "unmapped_pair"]

END: Final = -1  # https://encoding.spec.whatwg.org/#end-of-queue


class Result:
    """A handler's result other than code points: continue, finished or error."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


CONTINUE: Final = Result("continue")  # https://encoding.spec.whatwg.org/#continue
FINISHED: Final = Result("finished")  # https://encoding.spec.whatwg.org/#finished
ERROR: Final = Result("error")  # https://encoding.spec.whatwg.org/#error


class ByteQueue:
    """https://encoding.spec.whatwg.org/#concept-stream of bytes: the unread bytes of the input
    pushed so far, with the bytes a handler restored in front of them."""

    __slots__ = ("data", "pos", "restored")

    def __init__(self, data: bytes = b"") -> None:
        self.data = data
        self.pos = 0
        self.restored: list[int] = []  # a stack: the next byte to read is the last

    def push(self, data: bytes) -> None:
        """https://encoding.spec.whatwg.org/#concept-stream-push (of a chunk, before end-of-queue)"""
        self.data = self.data[self.pos :] + data
        self.pos = 0

    def read(self) -> int | None:
        """https://encoding.spec.whatwg.org/#concept-stream-read -- None when the bytes pushed so
        far are all read (the caller decides whether that is end-of-queue)."""
        if self.restored:
            return self.restored.pop()
        if self.pos < len(self.data):
            self.pos += 1
            return self.data[self.pos - 1]
        return None

    def restore(self, *items: int) -> None:
        """https://encoding.spec.whatwg.org/#concept-stream-prepend"""
        self.restored.extend(reversed(items))


class Decoder:
    """An instance of an encoding's decoder (https://encoding.spec.whatwg.org/#decoder)."""

    __slots__ = ("views",)
    name: str = ""

    def __init__(self) -> None:
        self.views: list[Any] | None = None  # TwoByteRuns' reading of the input as units

    def handler(self, queue: ByteQueue, byte: int) -> str | Result:
        raise NotImplementedError

    def run(self, data: bytes, pos: int) -> tuple[str, int] | None:
        """The output of the bytes from *pos* to the returned end, which the handler would give
        from the decoder's present state, ending in the same state (None: no such run)."""
        return None


def process_a_queue(decoder: Decoder, queue: ByteQueue, final: bool, fatal: bool) -> str:
    """https://encoding.spec.whatwg.org/#concept-encoding-run with error mode "replacement" or
    "fatal" (a ``UnicodeDecodeError``).  Without *final* the bytes pushed so far are processed and
    the decoder keeps its state for the next chunk, as TextDecoder's stream option does
    (https://encoding.spec.whatwg.org/#dom-textdecoder-decode step 5.2)."""
    out: list[str] = []
    careful_until = -1  # fatal mode: where the handler alone must go (a run there has an error)
    while True:
        if not queue.restored and queue.pos > careful_until:
            run = decoder.run(queue.data, queue.pos)
            if run is not None:
                text, end = run
                if fatal and "\ufffd" in text:
                    careful_until = end  # no index holds U+FFFD: the handler will find the error
                else:
                    out.append(text)
                    queue.pos = end
                    continue
        byte = queue.read()
        if byte is None:
            if not final:
                break
            byte = END
        result = decoder.handler(queue, byte)
        if type(result) is str:
            out.append(result)
        elif result is CONTINUE:
            continue
        elif result is FINISHED:
            break
        elif fatal:
            start = max(queue.pos - 1, 0)
            raise UnicodeDecodeError(decoder.name, queue.data, start, start + 1, "not valid in the encoding")
        else:
            out.append("\ufffd")
    return "".join(out)


def _units(data: bytes, start: int) -> str:
    """*data* from *start* as code units of two bytes each (leading byte x 256 + trailing byte),
    one character per unit.  UTF-32 is the means (each unit widened to four bytes by slice
    assignment, then decoded with surrogates passed through): unlike UTF-16 it never joins two
    units into one character, so unit i stays character i."""
    count = (len(data) - start) // 2
    wide = bytearray(4 * count)
    wide[0::4] = data[start + 1 : start + 2 * count : 2]
    wide[1::4] = data[start : start + 2 * count : 2]
    return wide.decode("utf-32-le", "surrogatepass")


def pair_unit(leading: int, trailing: int) -> int:
    """The code unit standing for two bytes in a :class:`TwoByteRuns` table."""
    return leading << 8 | trailing


def unmapped_pair(trailing: int) -> str:
    """The output of a pair the index does not map: an error (U+FFFD), then the trailing byte
    again if it is ASCII, as every two-byte handler restores an ASCII byte to the queue."""
    return "\ufffd" + chr(trailing) if trailing < 0x80 else "\ufffd"


def pair_table() -> list[str | None]:
    """An empty table for :class:`TwoByteRuns`: None for every unit that is not a pair."""
    return [None] * 0x10000


class TwoByteRuns:
    """Runs of single bytes and two-byte sequences, each from the initial state of the decoder
    and back to it, decoded with two tables: *singles* for single bytes (the class *single*;
    None: ASCII, as itself) and *pairs*, built on first use, from :func:`pair_unit` to the
    handler's output for that pair (which for an unmapped pair with an ASCII trailing byte is
    U+FFFD and that byte, as the handler restores the byte and emits it next).  A pair is a unit
    whose entry is not None; its leading byte must not be a single byte.

    The input is read twice as units (from an even and from an odd byte), so a run of pairs is one
    match of a character class over the units and one ``str.translate``: C speed throughout.
    """

    __slots__ = ("_single", "_singles", "_build", "_compiled")

    def __init__(self, single: bytes, singles: dict[int, int] | None, build: Callable[[], list[str | None]]) -> None:
        self._single = single
        self._singles = singles
        self._build = build
        self._compiled: tuple[re.Pattern[bytes], re.Pattern[str], list[str | None]] | None = None

    def _compile(self) -> tuple[re.Pattern[bytes], re.Pattern[str], list[str | None]]:
        # on first use, not at import
        pairs = self._build()
        ranges = []
        unit = 0
        while unit < len(pairs):
            if pairs[unit] is None:
                unit += 1
                continue
            first = unit
            while unit < len(pairs) and pairs[unit] is not None:
                unit += 1
            ranges.append(f"\\u{first:04x}-\\u{unit - 1:04x}")
        self._compiled = (re.compile(b"[" + self._single + b"]+"), re.compile("[" + "".join(ranges) + "]+"), pairs)
        return self._compiled

    def decode(self, decoder: Decoder, data: bytes, pos: int) -> tuple[str, int] | None:
        single, pair, pairs = self._compiled or self._compile()
        singles = self._singles
        views = decoder.views
        if views is None or views[0] is not data:
            views = decoder.views = [data, None, None]  # the units from an even and an odd byte
        out = []
        start, n = pos, len(data)
        while pos < n:
            singles_match = single.match(data, pos)
            if singles_match is not None:
                text = singles_match.group().decode("latin-1")  # isomorphic decode
                out.append(text if singles is None or text.isascii() else text.translate(singles))
                pos = singles_match.end()
            parity = pos & 1
            units = views[1 + parity]
            if units is None:
                units = views[1 + parity] = _units(data, parity)
            pairs_match = pair.match(units, pos >> 1)
            if pairs_match is None:
                if singles_match is None:
                    break
                continue
            out.append(pairs_match.group().translate(pairs))
            pos += 2 * (pairs_match.end() - (pos >> 1))
        if pos == start:
            return None
        return "".join(out), pos
