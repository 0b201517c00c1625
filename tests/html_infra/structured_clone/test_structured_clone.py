"""structuredClone battery (value types, identity, cycles, errors), after WPT's structured-clone tests."""

from __future__ import annotations

import datetime as dt
import math
import re

import pytest

from html_infra import DOMStringList, structuredClone
from html_infra.structured_clone import (
    EvalError,
    URIError,
    structured_deserialize,
    structured_serialize,
)
from html_infra.url import URL
from webidl import DataCloneError, DOMException, NotFoundError, RangeError, undefined


@pytest.mark.parametrize(
    "value",
    [None, undefined, True, False, 0, -1, 2**53, 1.5, math.inf, -math.inf, "", "abc", "\ud800", "\U0001F600", -0.0],
)
def test_primitives(value):
    clone = structuredClone(value)
    assert clone is value or clone == value
    if isinstance(value, float) and value == 0:
        assert math.copysign(1, clone) == math.copysign(1, value)


def test_nan():
    assert math.isnan(structuredClone(math.nan))


def test_dates_and_regexps():
    d = dt.datetime(2024, 2, 29, 12, 30, tzinfo=dt.UTC)
    clone = structuredClone(d)
    assert clone == d and clone is not d or clone == d
    assert structuredClone(dt.date(2020, 1, 2)) == dt.date(2020, 1, 2)
    pattern = re.compile(r"a+b", re.IGNORECASE | re.MULTILINE)
    clone = structuredClone(pattern)
    assert clone.pattern == pattern.pattern and clone.flags == pattern.flags


def test_buffers_and_views():
    data = bytearray(b"\x00\x01\x02")
    clone = structuredClone(data)
    assert clone == data and clone is not data and isinstance(clone, bytearray)
    assert structuredClone(b"xyz") == b"xyz"
    view = memoryview(data)
    pair = structuredClone([data, view])
    assert isinstance(pair[1], memoryview) and pair[1].obj is pair[0]  # the view shares the cloned buffer
    pair[0][0] = 9
    assert pair[1][0] == 9 and data[0] == 0
    part = structuredClone(memoryview(data)[1:])
    assert part.tobytes() == b"\x01\x02"


def test_containers_identity_and_cycles():
    shared = {"k": [1, 2]}
    value = {"a": shared, "b": shared, "list": [shared, shared], "set": {1, "x"}, "tuple": (1, 2)}
    value["self"] = value
    clone = structuredClone(value)
    assert clone is not value and clone["self"] is clone
    assert clone["a"] is clone["b"] is clone["list"][0] is clone["list"][1]
    assert clone["a"] is not shared and clone["a"] == {"k": [1, 2]}
    assert clone["set"] == {1, "x"} and clone["tuple"] == [1, 2]  # JS has only Arrays
    lst: list = []
    lst.append(lst)
    c = structuredClone(lst)
    assert c[0] is c


def test_deep_nesting_does_not_recurse():
    root: list = []
    cur = root
    for _ in range(100_000):
        nxt: list = []
        cur.append(nxt)
        cur = nxt
    clone = structuredClone(root)
    depth = 0
    while clone:
        clone = clone[0]
        depth += 1
    assert depth == 100_000


@pytest.mark.parametrize(
    "error, cls, name",
    [(Exception("m"), Exception, "Error"), (TypeError("t"), TypeError, "TypeError"), (RangeError("r"), RangeError, "RangeError"),
     (SyntaxError("s"), SyntaxError, "SyntaxError"), (NameError("n"), NameError, "ReferenceError"),
     (EvalError("e"), EvalError, "EvalError"), (URIError("u"), URIError, "URIError"), (KeyError("k"), Exception, "Error")],
)
def test_errors(error, cls, name):
    record = structured_serialize(error)
    assert record["Type"] == "Error" and record["Name"] == name
    clone = structured_deserialize(record)
    assert type(clone) is cls and str(clone) == str(error) or type(error) is KeyError


def test_dom_exception_is_serializable():
    clone = structuredClone(NotFoundError("missing"))
    assert type(clone) is NotFoundError and clone.message == "missing" and clone.code == 8
    custom = structuredClone(DOMException("x", "Whatever"))
    assert type(custom) is DOMException and custom.name == "Whatever"


class Plain:
    pass


@pytest.mark.parametrize(
    "value",
    [lambda: 1, print, Plain(), Plain, (x for x in ()), URL("https://a/"), DOMStringList(["a"]), re, object(),
     {("tuple", "key"): 1}, {frozenset(): 1}],
)
def test_not_cloneable(value):
    with pytest.raises(DataCloneError):
        structuredClone(value)
    with pytest.raises(DataCloneError):
        structuredClone({"nested": [value]})


def test_transfer():
    buffer = bytearray(b"hello")
    clone = structuredClone({"buf": buffer, "again": buffer}, transfer=[buffer])
    assert clone["buf"] == b"hello" and clone["buf"] is clone["again"]
    assert len(buffer) == 0  # detached
    with pytest.raises(DataCloneError):
        structuredClone(1, transfer=[b"immutable"])
    other = bytearray(b"x")
    with pytest.raises(DataCloneError):
        structuredClone(other, transfer=[other, other])


def test_domstringlist():
    strings = DOMStringList(["a", "b", None])
    assert strings.length == len(strings) == 3 and strings.item(2) == "null"
    assert strings.item(3) is None and strings.item(-1) is None  # -1 converts to 4294967295
    assert strings[0] == "a" and strings[-1] == "null" and list(strings) == ["a", "b", "null"]
    assert strings.contains("b") and not strings.contains("c") and "a" in strings
    with pytest.raises(IndexError):
        strings[5]
