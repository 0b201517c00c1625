"""The interface machinery on toy interfaces."""

import pytest

from webidl import undefined
from webidl.interface import (
    IndexedCollection,
    NamedCollection,
    PairIterable,
    attribute,
    operation,
    python_keyword_aliases,
    python_name,
    same_object,
)


@python_keyword_aliases
class Toy:
    def __init__(self):
        self._n = 0
        self._async = False

    @attribute("unsigned long")
    def n(self):
        """An unsigned long attribute."""
        return self._n

    @n.setter
    def n(self, value):
        self._n = value

    @attribute("DOMString")
    def label(self):
        return "fixed"

    @attribute("boolean")
    def async_(self):
        return self._async

    @async_.setter
    def async_(self, value):
        self._async = value

    @operation("DOMString token", "optional boolean force")
    def toggle(self, token, force):
        return (token, force)

    @operation("long a", "optional long b = 7", "DOMString... rest")
    def many(self, a, b, *rest):
        return (a, b, rest)

    @same_object
    def things(self):
        """[SameObject]"""
        return []


def test_attribute_converts_on_set_and_readonly():
    t = Toy()
    t.n = -1
    assert t.n == 4294967295
    t.n = "12"
    assert t.n == 12
    with pytest.raises(AttributeError):
        t.label = "x"
    assert Toy.n.__doc__ == "An unsigned long attribute."


def test_keyword_alias():
    t = Toy()
    setattr(t, "async", 1)
    assert t.async_ is True and getattr(t, "async") is True
    assert python_name("async") == "async_" and python_name("for") == "for_" and python_name("id") == "id"


def test_operation_conversion_and_errors():
    t = Toy()
    assert t.toggle(5) == ("5", undefined)
    assert t.toggle(None, 0) == ("null", False)
    assert t.toggle(token="a", force="x") == ("a", True)
    with pytest.raises(TypeError, match="1 argument required, but only 0 present"):
        t.toggle()
    assert t.many("3") == (3, 7, ())
    assert t.many(1, undefined, 4, None) == (1, 7, ("4", "null"))
    with pytest.raises(TypeError, match="unexpected keyword"):
        t.many(1, zzz=2)


def test_same_object():
    t = Toy()
    assert t.things is t.things
    assert Toy().things is not t.things
    with pytest.raises(AttributeError):
        t.things = []


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


class Pairs(PairIterable):
    def __init__(self):
        self.data = [("a", 1), ("b", 2)]

    def _pairs(self):
        return self.data


def test_pair_iterable():
    p = Pairs()
    assert list(p) == [("a", 1), ("b", 2)] and list(p.keys()) == ["a", "b"] and list(p.values()) == [1, 2]
    got = []
    p.forEach(lambda v, k, obj: got.append((k, v)))
    assert got == [("a", 1), ("b", 2)]


def test_operation_default_literals() -> None:
    # https://webidl.spec.whatwg.org/#dfn-optional-argument-default-value
    from webidl.interface import operation

    class Toy:
        @operation(
            "optional double a = Infinity",
            "optional double b = -Infinity",
            "optional unrestricted double c = NaN",
            "optional long d = 0x10",
            "optional long e = 010",
            "optional long f = -5",
            "optional double g = 1.5e2",
            "optional sequence<long> h = []",
        )
        def f(self, a, b, c, d, e, f, g, h):
            h.append(1)
            return a, b, c, d, e, f, g, h

    t = Toy()
    a, b, c, d, e, f, g, h = t.f()
    assert (a, b, c != c, d, e, f, g, h) == (float("inf"), float("-inf"), True, 16, 8, -5, 150.0, [1])
    # the [] default is a fresh list each call, not one shared mutable object
    assert t.f()[7] == [1]
