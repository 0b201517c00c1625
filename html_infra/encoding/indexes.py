"""The Encoding Standard's multi-byte indexes (https://encoding.spec.whatwg.org/#indexes).

The indexes come from ``multi_byte_indexes.json``, generated into the package from the spec's
``indexes.json`` by ``generate_data.py``; they are read on first use, so ``import webdom`` does
not pay for them.  Each index is kept as a string: the character at a pointer is the index code
point, U+FFFF where the pointer is not in the index.  The pointer tables for the encoders (index
pointer, with the Shift_JIS and Big5 variants) are built from them on first use too.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from functools import cache
from importlib import resources

__all__ = [
    "UNMAPPED",
    "index",
    "index_code_point",
    "index_pointers",
    "index_shift_jis_pointers",
    "index_big5_pointers",
    "index_gb18030_ranges_code_point",
    "index_gb18030_ranges_pointer",
]

UNMAPPED = "\uffff"  # generate_data.py's mark for a pointer that is not in an index


@cache
def _data() -> dict[str, object]:
    text = resources.files("html_infra.encoding").joinpath("multi_byte_indexes.json").read_text("utf-8")
    data: dict[str, object] = json.loads(text)
    return data


def index(name: str) -> str:
    """The index *name* (``"big5"``, ``"euc-kr"``, ``"gb18030"``, ``"jis0208"``, ``"jis0212"``,
    ``"iso-2022-jp-katakana"``) as a string indexed by pointer."""
    table = _data()[name]
    assert isinstance(table, str)
    return table


def index_code_point(name: str, pointer: int) -> int | None:
    """https://encoding.spec.whatwg.org/#index-code-point"""
    table = index(name)
    if 0 <= pointer < len(table) and table[pointer] != UNMAPPED:
        return ord(table[pointer])
    return None


@cache
def index_pointers(name: str) -> dict[str, int]:
    """https://encoding.spec.whatwg.org/#index-pointer for every code point of the index *name*:
    the first pointer of each code point (the index holds duplicates)."""
    pointers: dict[str, int] = {}
    for pointer, c in enumerate(index(name)):
        if c != UNMAPPED:
            pointers.setdefault(c, pointer)
    return pointers


@cache
def index_shift_jis_pointers() -> dict[str, int]:
    """https://encoding.spec.whatwg.org/#index-shift_jis-pointer: index jis0208 without the
    pointers 8272 to 8835, so that later duplicates (the IBM extensions) are used."""
    pointers: dict[str, int] = {}
    for pointer, c in enumerate(index("jis0208")):
        if c != UNMAPPED and not 8272 <= pointer <= 8835:
            pointers.setdefault(c, pointer)
    return pointers


@cache
def index_big5_pointers() -> dict[str, int]:
    """https://encoding.spec.whatwg.org/#index-big5-pointer: index Big5 without the Hong Kong
    Supplementary Character Set extensions (pointers below (0xA1 - 0x81) x 157), and the last
    pointer for six code points whose first pointer browsers do not produce."""
    pointers: dict[str, int] = {}
    last = {"\u2550", "\u255e", "\u2561", "\u256a", "\u5341", "\u5345"}
    for pointer, c in enumerate(index("big5")):
        if c == UNMAPPED or pointer < (0xA1 - 0x81) * 157:
            continue
        if c in last:
            pointers[c] = pointer  # step 2: the last pointer wins
        else:
            pointers.setdefault(c, pointer)
    return pointers


@cache
def _ranges() -> tuple[list[int], list[int]]:
    """index gb18030 ranges as its pointers and its code points (both ascending: one order
    serves both lookups)."""
    pairs = _data()["gb18030-ranges"]
    assert isinstance(pairs, list)
    pointers = [int(p) for p, _ in pairs]
    code_points = [int(c) for _, c in pairs]
    assert pointers == sorted(pointers) and code_points == sorted(code_points)
    return pointers, code_points


def index_gb18030_ranges_code_point(pointer: int) -> int | None:
    """https://encoding.spec.whatwg.org/#index-gb18030-ranges-code-point"""
    if 39419 < pointer < 189000 or pointer > 1237575:  # step 1
        return None
    if pointer == 7457:  # step 2
        return 0xE7C7
    pointers, code_points = _ranges()
    i = bisect_right(pointers, pointer) - 1  # step 3: the last pointer <= pointer
    return code_points[i] + pointer - pointers[i]  # step 4


def index_gb18030_ranges_pointer(code_point: int) -> int:
    """https://encoding.spec.whatwg.org/#index-gb18030-ranges-pointer"""
    if code_point == 0xE7C7:  # step 1
        return 7457
    pointers, code_points = _ranges()
    i = bisect_right(code_points, code_point) - 1  # step 2: the last code point <= codePoint
    return pointers[i] + code_point - code_points[i]  # step 3
