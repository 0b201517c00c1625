"""Tasks (https://html.spec.whatwg.org/#concept-task) for the few objects that fire events after
the call that started them returns: XMLHttpRequest's and WebSocket's failures.

webdom runs no event loop.  :func:`queue_a_task` appends to one queue; :func:`run_tasks` runs
the queued tasks in order (a Python caller runs it when it wants the events, e.g. after
``xhr.send()``).  An embedder with an event loop (the JS realm) sets :data:`on_queue` to be told
when a task is queued, and runs them from its loop.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

__all__ = ["on_queue", "queue_a_task", "run_tasks"]

_queue: deque[Callable[[], Any]] = deque()
# Called after each task is queued (the embedder schedules run_tasks on its event loop).
on_queue: list[Callable[[], Any]] = []


def queue_a_task(steps: Callable[[], Any]) -> None:
    """https://html.spec.whatwg.org/#queue-a-task (one task source: the order is the order queued)."""
    _queue.append(steps)
    for notify in on_queue:
        notify()


def run_tasks() -> int:
    """Run the queued tasks, and those they queue, in order; how many ran."""
    count = 0
    while _queue:
        _queue.popleft()()
        count += 1
    return count
