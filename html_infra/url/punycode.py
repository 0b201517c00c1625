"""Punycode (RFC 3492) in O(n log n) for labels of any length.

https://www.rfc-editor.org/rfc/rfc3492#section-6 -- the encoding and decoding procedures.

The textbook procedures are quadratic: encoding rescans the whole label once per distinct
non-basic code point (Python's ``"punycode"`` codec: 22 s for one host of 16,000 distinct CJK
characters, which ``a.href`` reaches on a hostile page), and decoding inserts into the output
once per non-basic code point.  Both are rewritten here over a Fenwick tree (binary indexed
tree) of positions, with the same output as the procedures:

* encoding: the delta emitted for an occurrence of code point ``n`` is the number of code
  points smaller than ``n`` since the previous occurrence (or since the start, or carried from
  the previous ``n``); "how many smaller code points stand before position i" is a prefix
  count over the positions inserted in increasing code point order;
* decoding: the decoder's (position, code point) insertions are placed offline, last first:
  each lands in the free slot whose rank is its position at the time.

The results equal Python's codec (``tests/html_infra/url/test_punycode.py`` checks it on random labels);
failures are ``None`` instead of exceptions.
"""

from __future__ import annotations

__all__ = ["punycode_encode", "punycode_decode"]

# https://www.rfc-editor.org/rfc/rfc3492#section-5 -- parameter values for Punycode
BASE, TMIN, TMAX, SKEW, DAMP, INITIAL_BIAS, INITIAL_N = 36, 1, 26, 38, 700, 72, 0x80
_DIGITS = "abcdefghijklmnopqrstuvwxyz0123456789"
_MAX_CODE_POINT = 0x10FFFF


def _adapt(delta: int, numpoints: int, firsttime: bool) -> int:
    """https://www.rfc-editor.org/rfc/rfc3492#section-6.1 -- bias adaptation function"""
    delta = delta // DAMP if firsttime else delta // 2
    delta += delta // numpoints
    k = 0
    while delta > ((BASE - TMIN) * TMAX) // 2:
        delta //= BASE - TMIN
        k += BASE
    return k + ((BASE - TMIN + 1) * delta) // (delta + SKEW)


def _threshold(k: int, bias: int) -> int:
    return TMIN if k <= bias else TMAX if k >= bias + TMAX else k - bias


class _Fenwick:
    """Counts over positions 0..size-1: add one at a position, count the positions before one,
    find the position of the k-th counted one."""

    __slots__ = ("_tree", "_top")

    def __init__(self, size: int, full: bool = False) -> None:
        tree = [0] * (size + 1)
        if full:  # every position counted once: built in O(size)
            for i in range(1, size + 1):
                tree[i] += 1
                parent = i + (i & -i)
                if parent <= size:
                    tree[parent] += tree[i]
        self._tree = tree
        self._top = 1 << size.bit_length() if size else 0

    def add(self, position: int, amount: int) -> None:
        tree = self._tree
        i = position + 1
        while i < len(tree):
            tree[i] += amount
            i += i & -i

    def count_before(self, position: int) -> int:
        tree = self._tree
        total = 0
        i = position
        while i > 0:
            total += tree[i]
            i -= i & -i
        return total

    def find(self, rank: int) -> int:
        """The position holding the *rank*-th (0-based) counted one."""
        tree = self._tree
        position = 0
        step = self._top
        while step:
            nxt = position + step
            if nxt < len(tree) and tree[nxt] <= rank:
                position = nxt
                rank -= tree[nxt]
            step >>= 1
        return position


def punycode_encode(label: str) -> str:
    """https://www.rfc-editor.org/rfc/rfc3492#section-6.3 -- encoding procedure (without the
    ACE prefix), in O(n log n)."""
    code_points = [ord(c) for c in label]
    output = [c for c in label if ord(c) < INITIAL_N]
    b = h = len(output)
    if b:
        output.append("-")
    # The positions of each non-basic code point, and a prefix count of the positions whose
    # code points are already handled (all basic ones to begin with).
    positions: dict[int, list[int]] = {}
    counted = _Fenwick(len(code_points))
    for i, cp in enumerate(code_points):
        if cp < INITIAL_N:
            counted.add(i, 1)
        else:
            positions.setdefault(cp, []).append(i)
    n, delta, bias = INITIAL_N, 0, INITIAL_BIAS
    for m in sorted(positions):
        delta += (m - n) * (h + 1)
        n = m
        smaller_total = h  # every code point smaller than n is handled
        previous = 0
        for i in positions[m]:
            smaller_before = counted.count_before(i)
            delta += smaller_before - previous  # the code points c < n passed since the last stop
            previous = smaller_before
            q, k = delta, BASE
            while True:  # output delta as a generalized variable-length integer
                t = _threshold(k, bias)
                if q < t:
                    break
                output.append(_DIGITS[t + (q - t) % (BASE - t)])
                q = (q - t) // (BASE - t)
                k += BASE
            output.append(_DIGITS[q])
            bias = _adapt(delta, h + 1, h == b)
            delta = 0
            h += 1
        delta += smaller_total - previous  # the rest of the pass over the input
        for i in positions[m]:
            counted.add(i, 1)
        delta += 1
        n += 1
    return "".join(output)


def punycode_decode(encoded: str) -> str | None:
    """https://www.rfc-editor.org/rfc/rfc3492#section-6.2 -- decoding procedure (without the
    ACE prefix), or None on failure, in O(n log n).  As Python's codec: the basic code points
    are those before the last "-", digits are case-insensitive, and a code point past
    U+10FFFF is a failure."""
    if not encoded.isascii():
        return None
    last_delimiter = encoded.rfind("-")
    basic = encoded[:last_delimiter] if last_delimiter > 0 else ""
    extended = encoded[last_delimiter + 1 :] if last_delimiter >= 0 else encoded
    # Any delta this large puts the code point past U+10FFFF (the output is never longer than
    # the input): failing there keeps the integers small, as RFC 3492's overflow checks do.
    limit = (_MAX_CODE_POINT + 1) * (len(encoded) + 2)
    n, i, bias = INITIAL_N, 0, INITIAL_BIAS
    length = len(basic)
    insertions: list[tuple[int, int]] = []
    position = 0
    while position < len(extended):
        old_i, w, k = i, 1, BASE
        while True:
            if position == len(extended):
                return None  # incomplete
            c = extended[position]
            position += 1
            if "a" <= c <= "z":
                digit = ord(c) - 0x61
            elif "A" <= c <= "Z":
                digit = ord(c) - 0x41
            elif "0" <= c <= "9":
                digit = ord(c) - 22
            else:
                return None
            i += digit * w
            if i > limit:
                return None
            t = _threshold(k, bias)
            if digit < t:
                break
            w *= BASE - t
            k += BASE
        bias = _adapt(i - old_i, length + 1, old_i == 0)
        n += i // (length + 1)
        if n > _MAX_CODE_POINT:
            return None
        i %= length + 1
        insertions.append((i, n))
        length += 1
        i += 1
    # Place the insertions: the last one's position is final; each earlier one takes the
    # free slot of its rank among the slots the later ones left free.
    slots: list[str] = [""] * length
    free = _Fenwick(length, full=True)
    for at, cp in reversed(insertions):
        slot = free.find(at)
        slots[slot] = chr(cp)
        free.add(slot, -1)
    characters = iter(basic)
    return "".join(s if s else next(characters) for s in slots)
