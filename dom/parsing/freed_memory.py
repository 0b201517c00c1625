"""Giving the memory a document parse freed back to the operating system.

A parse makes the lxml tree (libxml2's nodes and strings, kept) interleaved on the C heap with
the parser's own objects (freed when the parse ends).  glibc keeps the freed pages between kept
nodes as part of the process: on the benchmark pages that is about 40% more resident memory
per element than the lxml tree itself.  ``malloc_trim`` hands those pages back; other C
libraries do nothing here.

What a call costs depends on the whole heap, not on the parse: glibc walks every free chunk
of every arena and advises the kernel of each free page again, each call.  With a small heap
it takes about 0.1 ms (under 1% of a 100 KB page's parse); with 1.5 GB resident whose free
space is in page-sized holes, 6 ms against a 31 ms parse of the same page (19%; the issue's
probe saw 13 ms against 65 ms).  So the calls are rate-limited: a trim waits until the parses
since the last one took 200 times as long as that one did, which keeps trimming under 0.5% of
the parsing time on any heap (a large parse, or the first, trims at once).

A trim costs afterwards too: the pages it gave back are faulted in again by the next parse, the
more the larger the parse that freed them (not the heap).  Measured on a 220 KB page: 0.44 ms
trimming, then 2.0 ms more for the next parse (1,100 page faults), about 9 ns per character of
the markup; a call is charged with both.

glibc trims on its own, too: each ``free`` that leaves more than its trim threshold free at the
top of the heap gives that back (``M_TRIM_THRESHOLD``, 128 KB at first, raised as large blocks
are freed).  Dropping a parsed document frees its nodes, most of them at the top, so every parse
of a page after the first faulted its pages in again: 540 page faults, a third of the parse of a
220 KB page, and 40% of the spec page's (908 KB).  At the first large parse both thresholds are
set to the largest values glibc's own adjustment gives them (``DEFAULT_MMAP_THRESHOLD_MAX``, 32 MB,
for blocks served by mmap, and twice that for trimming): the next parse reuses the freed top.
Setting them stops the adjustment, so the mmap threshold is set too: left where it stood, a
markup string or buffer above it would be mapped and faulted in afresh at every parse (which is
what a ``MALLOC_TRIM_THRESHOLD_`` set for the whole process does).  Giving pages back is left to
the rate-limited trims above.

Dropped documents are freed by Python's cyclic collector (a document and its wrappers refer to
each other), whose thresholds count Python objects, not the libxml2 trees they hold: a loop that
only parses makes few objects, and dropped documents waited for it (40 parses of the spec page
held 255 MB).  Once the markup parsed since the last full collection passes _COLLECT_AFTER
characters, the next large parse runs one first: a full collection costs about what a few
thousand objects' walk does, under 2% of the parsing it follows.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable

__all__ = ["collect_dropped_documents", "release_freed_memory"]

# Smaller parses free too little to be worth a call (fragment parsing runs per innerHTML).
_MIN_MARKUP = 64 * 1024
# The share of parsing time trimming may take.
_BUDGET = 0.005
# The page faults after a trim, in seconds per character of the markup whose parse freed the pages.
_REFAULT_PER_CHARACTER = 9e-9


# mallopt's parameters, and the values glibc's adjustment reaches at most (see the docstring)
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
_KEPT_TOP = 64 << 20
_LARGEST_FROM_THE_HEAP = 32 << 20


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, once its trim threshold is raised; None on other C libraries."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # lazy: only a large parse trims, and ctypes is slow to import

    try:
        libc = ctypes.CDLL(None)
        trim: Callable[[int], int] = libc.malloc_trim  # glibc only (musl has none)
        mallopt: Callable[[int, int], int] = libc.mallopt
    except (OSError, AttributeError):
        return None
    mallopt(_M_MMAP_THRESHOLD, _LARGEST_FROM_THE_HEAP)
    mallopt(_M_TRIM_THRESHOLD, _KEPT_TOP)
    return trim


def _first_trim(pad: int) -> int:
    """malloc_trim looked up at the first trim (the first large parse's), which then calls it
    directly."""
    global _TRIM
    _TRIM = _malloc_trim()
    return 0 if _TRIM is None else _TRIM(pad)


_TRIM: Callable[[int], int] | None = _first_trim
_clock = time.perf_counter
# [seconds of parsing since the last trim, what the last trim took]
_account = [0.0, 0.0]


def release_freed_memory(markup_length: int, parse_seconds: float = float("inf")) -> None:
    """After parsing *markup_length* characters into a document in *parse_seconds*: return
    the freed heap pages, when the parsing since the last trim has paid for one."""
    if _TRIM is None or markup_length < _MIN_MARKUP:
        return
    _account[0] += parse_seconds
    if _account[0] * _BUDGET < _account[1]:
        return
    start = _clock()
    _TRIM(0)
    _account[:] = [0.0, _clock() - start + markup_length * _REFAULT_PER_CHARACTER]


# The characters of markup parsed since the last full collection, at which a parse runs one.
_COLLECT_AFTER = 8_000_000
# [characters parsed since the last full collection seen, the full collections counted then]
_since_collection = [0, 0]


def collect_dropped_documents(markup_length: int) -> None:
    """Before parsing *markup_length* characters: free the documents dropped since the last
    full collection, when the markup parsed since then passes _COLLECT_AFTER (see the module
    docstring).  Not while the collector is off: the caller turned it off."""
    if markup_length < _MIN_MARKUP:
        return
    full = gc.get_stats()[2]["collections"]
    if full != _since_collection[1]:  # one ran since (the collector's own, or a caller's)
        _since_collection[:] = [0, full]
    _since_collection[0] += markup_length
    if _since_collection[0] > _COLLECT_AFTER and gc.isenabled():
        gc.collect()
