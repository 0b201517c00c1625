"""dom/cyclic_collection.py: the collector is paused for the block and left as it was found."""

from __future__ import annotations

import gc
import traceback

import pytest

import dom
from dom.cyclic_collection import paused


def test_paused_and_restored() -> None:
    assert gc.isenabled()
    with paused():
        assert not gc.isenabled()
        with paused():  # nested: the inner block leaves it off
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), paused():
        raise ValueError
    assert gc.isenabled()


def test_off_stays_off() -> None:
    gc.disable()
    try:
        with paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_no_pass_runs_inside_the_bulk_work() -> None:
    """The cascade's matching, the walk over every element's computed values and the bulk
    wrapping of querySelectorAll('*') run no collector pass (without the pauses, the page below
    gave nine inside them); the passes run after, outside them."""
    page = "<!DOCTYPE html><style>p.x { color: red } div > p { margin: 1px }</style>"
    for element in dom.parse_html(page + "<p>").querySelectorAll("*"):  # (the first styles load the CSSOM)
        element.ownerDocument.defaultView.getComputedStyle(element).display  # noqa: B018
    document = dom.parse_html(page + "<div><p class=x>a<span>b</span></p><p>c</p></div>" * 3000)
    window = document.defaultView
    inside: list[str] = []
    bulk = {"_match", "_index", "_every_element", "subtree_wrappers", "nodes_for"}

    def check(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            frames = {frame.name for frame in traceback.extract_stack()}
            if "__exit__" not in frames:  # (the pass a pause's end lets run)
                inside.extend(sorted(frames & bulk))

    gc.collect()
    gc.callbacks.append(check)
    try:
        for element in document.querySelectorAll("*"):
            window.getComputedStyle(element).display  # noqa: B018
    finally:
        gc.callbacks.remove(check)
    assert inside == []
