"""Infra's lists: stacks, queues and sorting (https://infra.spec.whatwg.org/#lists).

A plain list is Python's ``list``; stacks and queues are lists "designated" for a narrower set of
operations, so they are small classes exposing only those (plus ``len``/``in``/``repr``).
Re-exported by :mod:`html_infra.infra`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from functools import cmp_to_key
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Stack(Generic[T]):
    """https://infra.spec.whatwg.org/#stack -- push, pop and peek; "nothing" is ``None``.

    No iteration: the spec says to use "while" and pop instead of "for each" on a stack.
    """

    __slots__ = ("_items",)

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: list[T] = list(items)

    def push(self, item: T) -> None:
        """https://infra.spec.whatwg.org/#stack-push"""
        self._items.append(item)

    def pop(self) -> T | None:
        """https://infra.spec.whatwg.org/#stack-pop: the last item, removed; None when empty."""
        return self._items.pop() if self._items else None

    def peek(self) -> T | None:
        """https://infra.spec.whatwg.org/#stack-peek: the last item; None when empty."""
        return self._items[-1] if self._items else None

    def is_empty(self) -> bool:
        """https://infra.spec.whatwg.org/#list-is-empty"""
        return not self._items

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, item: object) -> bool:
        return item in self._items

    def __repr__(self) -> str:
        return f"Stack({self._items!r})"


class Queue(Generic[T]):
    """https://infra.spec.whatwg.org/#queue -- enqueue and dequeue; "nothing" is ``None``."""

    __slots__ = ("_items",)

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: deque[T] = deque(items)    # O(1) removal of the first item

    def enqueue(self, item: T) -> None:
        """https://infra.spec.whatwg.org/#queue-enqueue"""
        self._items.append(item)

    def dequeue(self) -> T | None:
        """https://infra.spec.whatwg.org/#queue-dequeue: the first item, removed; None when empty."""
        return self._items.popleft() if self._items else None

    def is_empty(self) -> bool:
        """https://infra.spec.whatwg.org/#list-is-empty"""
        return not self._items

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, item: object) -> bool:
        return item in self._items

    def __repr__(self) -> str:
        return f"Queue({list(self._items)!r})"


def _key(less_than: Callable[[T, T], bool]) -> Callable[[T], Any]:
    def compare(a: T, b: T) -> int:
        if less_than(a, b):
            return -1
        if less_than(b, a):
            return 1
        return 0            # "sort the same": Python's stable sort keeps their relative order

    return cmp_to_key(compare)


def sort_in_ascending_order(items: Iterable[T], less_than: Callable[[T, T], bool]) -> list[T]:
    """https://infra.spec.whatwg.org/#list-sort-in-ascending-order -- a new, stably sorted list."""
    return sorted(items, key=_key(less_than))


def sort_in_descending_order(items: Iterable[T], less_than: Callable[[T, T], bool]) -> list[T]:
    """https://infra.spec.whatwg.org/#list-sort-in-descending-order -- a new list; items that
    sort the same keep their relative order (``reverse=True`` preserves stability)."""
    return sorted(items, key=_key(less_than), reverse=True)


__all__ = ["Queue", "Stack", "sort_in_ascending_order", "sort_in_descending_order"]
