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
the handler gives for every two-byte sequence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

__all__ = ["END", "CONTINUE", "FINISHED", "ERROR", "ByteQueue", "Decoder", "TwoByteRuns", "process_a_queue"]

END: Final = -1  # https://encoding.spec.whatwg.org/#end-of-queue


class _Result:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


CONTINUE: Final = _Result("continue")  # https://encoding.spec.whatwg.org/#continue
FINISHED: Final = _Result("finished")  # https://encoding.spec.whatwg.org/#finished
ERROR: Final = _Result("error")  # https://encoding.spec.whatwg.org/#error


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

    __slots__ = ()
    name: str = ""

    def handler(self, queue: ByteQueue, byte: int) -> str | _Result:
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


# Pair runs go through UTF-16 as code units (leading byte x 256 + trailing byte) to be looked up
# by str.translate.  With both bytes' top bit flipped the leading byte (0x81 and up in every
# encoding here) gives a unit below 0x8000: never a surrogate, so the conversion is exact.
_FLIP = bytes(b ^ 0x80 for b in range(256))


def pair_unit(leading: int, trailing: int) -> int:
    """The code unit standing for the two bytes in a :class:`TwoByteRuns` table."""
    return (leading ^ 0x80) << 8 | (trailing ^ 0x80)


class TwoByteRuns:
    """Runs of single bytes and two-byte sequences (each from the initial state of the decoder,
    and back to it) decoded with two tables: *singles* for single bytes (None: ASCII only) and
    *pairs*, built on first use, from :func:`pair_unit` to the handler's output for the pair
    (which for an unmapped pair with an ASCII trailing byte is U+FFFD and that byte, as the
    handler restores it and emits it next)."""

    __slots__ = ("_single", "_pair", "_singles", "_build", "_compiled")

    def __init__(self, single: bytes, leading: bytes, trailing: bytes, singles: dict[int, int] | None,
                 build: Callable[[], list[str | None]]) -> None:
        # single and leading bytes must be disjoint, so a run splits into parts as the handler
        # reads it
        self._single = b"[" + single + b"]"
        self._pair = b"[" + leading + b"][" + trailing + b"]"
        self._singles = singles
        self._build = build
        self._compiled: tuple[re.Pattern[bytes], re.Pattern[bytes], list[str | None]] | None = None

    def _compile(self) -> tuple[re.Pattern[bytes], re.Pattern[bytes], list[str | None]]:
        # on first use, not at import
        single, pair = self._single, self._pair
        self._compiled = (re.compile(b"(?:" + single + b"|" + pair + b")+"),
                          re.compile(b"(" + single + b"+)|((?:" + pair + b")+)"), self._build())
        return self._compiled

    def decode(self, data: bytes, pos: int) -> tuple[str, int] | None:
        run, parts, pairs = self._compiled or self._compile()
        match = run.match(data, pos)
        if match is None:
            return None
        out = []
        singles = self._singles
        for part in parts.finditer(data, pos, match.end()):
            single, two = part.group(1, 2)
            if single is not None:
                text = single.decode("latin-1")  # isomorphic decode
                out.append(text if singles is None else text.translate(singles))
            else:
                out.append(two.translate(_FLIP).decode("utf-16-be").translate(pairs))
        return "".join(out), match.end()


def pair_table() -> list[str | None]:
    """An empty table for :class:`TwoByteRuns` (every unit a flipped pair can give)."""
    return [None] * 0x8000
