"""The indexed/named collection protocols on a toy interface."""

import pytest

from webidl.interface import IndexedCollection, NamedCollection, python_name


def test_python_name() -> None:
    assert python_name("async") == "async_" and python_name("for") == "for_"
    assert python_name("length") == "length"


class Coll(NamedCollection):
    def __init__(self, items):
        self._items = items

    @property
    def length(self):
        return len(self._items)

    def item(self, index):
        return self._items[index] if 0 <= index < len(self._items) else None

    def namedItem(self, name):
        return next((x for x in self._items if x == name), None)


def test_indexed_and_named_collections():
    c = Coll(["a", "b", "c"])
    assert len(c) == 3 and c[0] == "a" and c[-1] == "c" and c[1:] == ["b", "c"]
    assert list(c) == ["a", "b", "c"] and "b" in c and "z" not in c
    assert list(c.keys()) == [0, 1, 2] and list(c.entries())[1] == (1, "b")
    assert c["b"] == "b"
    with pytest.raises(IndexError):
        c[3]
    with pytest.raises(KeyError):
        c["zz"]
    seen = []
    c.forEach(lambda v, i, coll: seen.append((i, v, coll is c)))
    assert seen[0] == (0, "a", True)
    assert isinstance(c, IndexedCollection)
