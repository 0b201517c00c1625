"""Bounded memory on hostile page content (issue 28, item 7): the per-tag table of element
names (``FOR_TAG``, dom/nodes/element_interfaces.py) is keyed by what pages contain, so a crawler fed
random custom-element names grew it without bound (+44 MB for 200,000 names, kept after every
document was freed).  Run in a child process so that the resident size is this test's alone."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import dom

REPO = Path(__file__).resolve().parents[2]

CHILD = """
import gc, os
from lxml import etree
import dom
from dom.nodes import element_interfaces
from dom.parsing.freed_memory import release_freed_memory

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

def settle():
    gc.collect()
    release_freed_memory(1 << 40)

def pages(prefix):
    for chunk in range(20):  # 20 documents of 10,000 distinct names: 200,000 names
        names = [f"x-{prefix}{chunk}-{i}" for i in range(10_000)]
        document = dom.parse_html("".join(f"<{n}></{n}>" for n in names))
        assert [e.localName for e in document.body.children] == names
        del document

pages("warm")  # the allocator's pools and the modules' caches at their working size
settle()
start = rss()
pages("page")
settle()
webdom_growth = rss() - start
# lxml alone keeps every distinct name in libxml2's per-thread name dictionary: out of reach
start = rss()
for chunk in range(20):
    root = etree.Element("r")
    for i in range(10_000):
        etree.SubElement(root, f"x-lxml{chunk}-{i}")
    del root
settle()
lxml_growth = rss() - start
print(webdom_growth, lxml_growth, max(len(t) for t in element_interfaces.FOR_TAG.values()))
"""


def test_distinct_tag_names_do_not_grow_memory() -> None:
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(CHILD)], cwd=REPO, capture_output=True,
                            text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    webdom_growth, lxml_growth, table_size = result.stdout.split()
    assert int(table_size) <= 10_000
    # what lxml itself keeps, plus a little: the old table alone kept about 44 MB
    assert float(webdom_growth) < float(lxml_growth) + 8, (webdom_growth, lxml_growth)


def test_malloc_trim_is_rate_limited(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28, item 9: malloc_trim's cost grows with the whole heap (13 ms against a 65 ms
    parse with 1.5 GB resident), so a trim per parse is no longer under 0.5% of parsing: the
    calls are spaced so that trimming stays within that budget, whatever a call costs."""
    from dom.parsing import freed_memory

    now = [0.0]
    calls = []

    def trim(pad: int) -> int:  # a heap where each call takes 6 ms
        calls.append(pad)
        now[0] += 0.006
        return 1

    monkeypatch.setattr(freed_memory, "_TRIM", trim)
    monkeypatch.setattr(freed_memory, "_clock", lambda: now[0])
    monkeypatch.setattr(freed_memory, "_account", [0.0, 0.0])
    parses, parse_seconds = 1000, 0.030
    for _ in range(parses):
        freed_memory.release_freed_memory(100_000, parse_seconds)
    trimming = len(calls) * 0.006
    assert 1 <= len(calls) and trimming <= 0.005 * parses * parse_seconds + 0.006
    freed_memory.release_freed_memory(10_000, 100.0)  # small parses never trim
    calls.clear()
    freed_memory.release_freed_memory(10_000_000, 2.0)  # a large parse pays for its trim at once
    assert len(calls) == 1


def test_parse_html_trims_after_a_large_parse(monkeypatch: pytest.MonkeyPatch) -> None:
    from dom.parsing import freed_memory

    calls = []
    monkeypatch.setattr(freed_memory, "_TRIM", lambda pad: calls.append(pad) or 1)
    monkeypatch.setattr(freed_memory, "_account", [0.0, 0.0])
    dom.parse_html("<p>x</p>" * 10_000)
    assert calls == [0]


def test_a_trim_is_charged_with_the_page_faults_after_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The next parse faults the trimmed pages in again (2.0 ms after a 0.44 ms trim on a 220 KB
    page): even a call that takes no time is spaced by that cost, not made after every parse."""
    from dom.parsing import freed_memory

    calls = []
    monkeypatch.setattr(freed_memory, "_TRIM", lambda pad: calls.append(pad) or 1)
    monkeypatch.setattr(freed_memory, "_clock", lambda: 0.0)
    monkeypatch.setattr(freed_memory, "_account", [0.0, 0.0])
    parses, parse_seconds, length = 1000, 0.003, 200_000
    for _ in range(parses):
        freed_memory.release_freed_memory(length, parse_seconds)
    refaults = len(calls) * length * freed_memory._REFAULT_PER_CHARACTER
    assert 1 <= len(calls) and refaults <= 0.005 * parses * parse_seconds + length * freed_memory._REFAULT_PER_CHARACTER


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim and mallopt: Linux only")
def test_the_first_large_parse_raises_glibcs_thresholds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without it, free() gives back the top of the heap a dropped document leaves, and each
    next parse faults those pages in again (a third of a 220 KB page's parse)."""
    import ctypes

    from dom.parsing import freed_memory

    calls: list[tuple[str, tuple[int, ...]]] = []

    class Libc:
        def malloc_trim(self, pad: int) -> int:
            calls.append(("malloc_trim", (pad,)))
            return 1

        def mallopt(self, parameter: int, value: int) -> int:
            calls.append(("mallopt", (parameter, value)))
            return 1

    monkeypatch.setattr(ctypes, "CDLL", lambda name: Libc())
    monkeypatch.setattr(freed_memory, "_TRIM", freed_memory._first_trim)
    monkeypatch.setattr(freed_memory, "_account", [0.0, 0.0])
    dom.parse_html("<p>x</p>" * 100)
    assert calls == []  # a small parse leaves the heap alone
    dom.parse_html("<p>x</p>" * 10_000)
    assert calls == [("mallopt", (-3, 32 << 20)), ("mallopt", (-1, 64 << 20)), ("malloc_trim", (0,))]
