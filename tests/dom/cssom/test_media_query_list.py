"""window.matchMedia() (https://drafts.csswg.org/cssom-view/#dom-window-matchmedia): MediaQueryList
and its change events, evaluated against the document's viewport."""

from __future__ import annotations

from typing import Any

import pytest

import dom
from dom.cssom.document_style_sheets import set_viewport
from dom.cssom.media_query_list import MediaQueryList, MediaQueryListEvent
from dom.tasks import run_tasks


def _window() -> Any:
    document = dom.parse_html("<p>x</p>")
    set_viewport(document, width=1000, height=700)
    run_tasks()
    return document.defaultView


def test_media_and_matches() -> None:
    window = _window()
    mql = window.matchMedia("(MIN-WIDTH: 800px) , print")
    assert isinstance(mql, MediaQueryList) and mql is not window.matchMedia("(min-width: 800px), print")
    assert mql.media == "(min-width: 800px), print" and mql.matches
    assert window.matchMedia("(max-width: 800px)").matches is False
    assert window.matchMedia("bogus(").media == "not all" and not window.matchMedia("bogus(").matches
    assert window.matchMedia("").matches and window.matchMedia("").media == ""
    assert not window.matchMedia("(scripting)").matches  # rendered with scripting disabled
    assert window.matchMedia("(SCRIPTING)").media == "(scripting)"  # a boolean feature's name, lowercased
    with pytest.raises(TypeError):
        MediaQueryList()


def test_change_events_follow_the_viewport() -> None:
    window = _window()
    mql = window.matchMedia("(min-width: 800px)")
    log: list[Any] = []
    mql.onchange = lambda event: log.append((type(event).__name__, event.media, event.matches, event.isTrusted))

    def listener(event: Any) -> None:
        log.append("listener")

    mql.addListener(listener)
    mql.addListener(None)  # (null is ignored)
    set_viewport(window.document, width=600)
    assert mql.matches is False and log == []  # the change is reported in a task
    run_tasks()
    assert log == [("MediaQueryListEvent", "(min-width: 800px)", False, True), "listener"]
    mql.removeListener(listener)
    set_viewport(window.document, height=500)  # no change of this list's matches: nothing reported
    run_tasks()
    set_viewport(window.document, width=900)
    run_tasks()
    assert log[2:] == [("MediaQueryListEvent", "(min-width: 800px)", True, True)]


def test_media_query_list_event() -> None:
    event = MediaQueryListEvent("change", {"media": "print", "matches": 1}, bubbles=True)
    assert (event.media, event.matches, event.bubbles) == ("print", True, True)
    assert (MediaQueryListEvent("x").media, MediaQueryListEvent("x").matches) == ("", False)


def test_the_query_is_preprocessed_as_css() -> None:
    """https://drafts.csswg.org/css-syntax-3/#input-preprocessing: a lone surrogate and NUL in the
    query become U+FFFD before it is parsed (the media text holds no lone surrogate)."""
    window = _window()
    assert window.matchMedia("\ud800").media == "\ufffd"
    assert window.matchMedia("screen, \x00x").media == "screen, \ufffdx"
    assert window.matchMedia("screen, \ud800x").matches  # the first query still matches
