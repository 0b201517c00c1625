"""dom/cyclic_collection.py: the collector is paused for the block and left as it was found."""

from __future__ import annotations

import gc

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


def test_computed_styles_run_few_collections() -> None:
    """A cascade and the walk over every element pause the collector: the young passes of a
    getComputedStyle over every element are one or two."""
    page = "<!DOCTYPE html><style>p.x { color: red } div > p { margin: 1px }</style>"
    for element in dom.parse_html(page + "<p>").querySelectorAll("*"):  # (the first styles load the CSSOM)
        element.ownerDocument.defaultView.getComputedStyle(element).display  # noqa: B018
    document = dom.parse_html(page + "<div><p class=x>a<span>b</span></p><p>c</p></div>" * 3000)
    window = document.defaultView
    elements = list(document.querySelectorAll("*"))
    passes: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(info["generation"])

    gc.collect()
    gc.callbacks.append(count)
    try:
        for element in elements:
            window.getComputedStyle(element).display  # noqa: B018
    finally:
        gc.callbacks.remove(count)
    assert len(passes) <= 3 and 2 not in passes, passes  # (one young pass here; nine without the pauses)
