"""What deep operations leave for CPython's cyclic garbage collector (issue 28: the rows of
benchmarks/bench_hostile.py that grew faster than their input).

The collector's full collections walk every tracked container that has lived long enough, and
come more often as such containers accumulate: an operation that keeps a few containers per
node until it ends (a generator per level of a Range clone, the fragment parser's tree) or
leaves them behind (empty lists for text slots, a names tuple or RareState per element, cycles
only a collection frees) took 5-6x the time for 4x the input.  These tests count the tracked
objects per node at an operation's peak and after it; the bounds are what a node needs (its
wrapper and lxml proxy; a template also its contents fragment, with its lxml document and root).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import dom

N = 1_000


@contextmanager
def _counted() -> Iterator[dict[str, int]]:
    """The growth in tracked objects over the block: "peak" (sampled at the start of each
    collection the block's allocations run) and "after" (with no collection at the end, so
    cycles left behind count)."""
    gc.collect()
    start = len(gc.get_objects())
    counts = {"peak": 0, "after": 0}

    def sample(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            counts["peak"] = max(counts["peak"], len(gc.get_objects()) - start)

    gc.callbacks.append(sample)
    try:
        yield counts
    finally:
        gc.callbacks.remove(sample)
    counts["after"] = len(gc.get_objects()) - start
    counts["peak"] = max(counts["peak"], counts["after"])


def _chain(n: int) -> tuple[Any, Any]:
    document = dom.parse_html("")
    current = document.body
    for _ in range(n):
        current = current.appendChild(document.createElement("div"))
    current.textContent = "x"
    return document, current


def test_append_child_leaves_a_wrapper_and_a_proxy_per_element() -> None:
    """No empty list per text slot (insertion writes two slots) and no names tuple per
    created element (the tag's is shared): 5 tracked objects per element before."""
    _chain(10)  # modules imported and tables made on first use
    with _counted() as counts:
        kept = _chain(N)
    assert counts["after"] <= 2 * N + 100, counts
    assert kept[1].parentNode.localName == "div"


def _range_over(n: int, start_side: bool = False) -> Any:
    """A range from the body's start to the end of the chain's text, or (*start_side*) from the
    text's start to the body's end: its partially contained nodes are the chain, on the end
    side or on the start side."""
    document, leaf = _chain(n)
    r = document.createRange()
    if start_side:
        r.setStart(leaf.firstChild, 0)
        r.setEnd(document.body, 1)
    else:
        r.setStart(document.body, 0)
        r.setEnd(leaf.firstChild, 1)
    return r


def _depth(fragment: Any) -> int:
    depth, node = 0, fragment.firstChild
    while node is not None and node.nodeType == node.ELEMENT_NODE:
        depth, node = depth + 1, node.firstChild
    return depth


def test_range_clone_and_extract_hold_nothing_per_level() -> None:
    """Along a chain of partially contained nodes each level's step runs in its parent's
    place: no generator, subrange and lists per level held until the deepest level ends (and
    the originals get no RareState from the nonce cloning steps).  7-8 per level before."""
    for start_side in (False, True):
        for extract in (False, True):
            _range_over(10, start_side).cloneContents()  # modules imported and tables made on first use
            r = _range_over(N, start_side)
            operation: Callable[[], Any] = r.extractContents if extract else r.cloneContents
            with _counted() as counts:
                fragment = operation()
            assert _depth(fragment) == N and fragment.textContent == "x"
            assert counts["peak"] <= 2 * N + 100, (start_side, extract, counts)
            if extract:
                assert r.collapsed and r.startContainer.textContent == ""


def test_cloning_reads_no_nonce_into_the_original() -> None:
    document = dom.parse_html("<div nonce=abc></div><p></p><span nonce=x></span>")
    div, p, span = document.body.children
    span.nonce = "set"  # the slot, apart from the attribute
    assert [e.cloneNode().nonce for e in (div, p, span)] == ["abc", "", "set"]
    assert div._rare is None and p._rare is None  # cloning did not store their slots
    assert [document.importNode(e).nonce for e in (div, p, span)] == ["abc", "", "set"]
    copy = div.cloneNode()
    div.setAttribute("nonce", "changed")  # the original's later change is not the copy's
    assert (copy.nonce, div.nonce) == ("abc", "changed")


def test_nested_templates_clone_keeps_what_each_template_needs() -> None:
    """A template's contents are a field of the template (a RareState and its dict before)."""
    document = dom.parse_html("<template>" * N + "x")
    document.head.cloneNode(True)  # modules imported and tables made on first use
    with _counted() as counts:
        clone = document.head.cloneNode(True)
    # the template's wrapper and proxy, its contents fragment with its lxml root and document
    assert counts["peak"] <= 5 * N + 100, counts
    assert clone.innerHTML == document.head.innerHTML


def test_fragment_parser_leaves_no_cycles() -> None:
    """The fragment parser's tree is taken apart as it is stored: freed by reference counting,
    it is neither left as cyclic garbage (4 objects per template before) nor held beside the
    DOM it became."""
    div = dom.parse_html("<div></div>").querySelector("div")  # quirks: the fragment parser's path
    div.innerHTML = "<template>x"  # the parser's modules imported, its tables made
    markup = "<template>" * N + "x"
    with _counted() as counts:
        div.innerHTML = markup
    assert counts["after"] <= 5 * N + 100, counts
    assert counts["peak"] <= 6 * N + 100, counts
    assert div.innerHTML == markup + "</template>" * N
