"""High Resolution Time's Performance object (dom/hr_time.py): window.performance."""

from __future__ import annotations

import pytest

import dom
from dom import Event, EventTarget
from dom.hr_time import Performance
from dom.ui_events import MouseEvent


def test_now_shares_the_events_time_origin() -> None:
    # WPT dom/events/Event-timestamp-high-resolution.html: an event made between two now()
    # calls has a timeStamp between them
    performance = dom.parse_html("").defaultView.performance
    for cls in (Event, MouseEvent):
        before = performance.now()
        event = cls("x")
        after = performance.now()
        assert before <= event.timeStamp <= after


def test_performance_object() -> None:
    window = dom.parse_html("").defaultView
    performance = window.performance
    assert performance is window.performance and isinstance(performance, EventTarget)
    assert performance.now() >= 0
    # coarsened to 100 us, and the origin lies in the past (milliseconds since the epoch)
    now = performance.now()  # one reading: two calls may fall 100 us apart on a loaded machine
    assert round(now * 10) == pytest.approx(now * 10)
    assert 1.6e12 < performance.timeOrigin
    assert performance.toJSON() == {"timeOrigin": performance.timeOrigin}
    with pytest.raises(TypeError):
        Performance()
