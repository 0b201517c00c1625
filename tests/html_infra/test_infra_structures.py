"""Infra's byte sequences, code units, lists, stacks, queues, sets and maps.

Examples are the Infra Standard's own (https://infra.spec.whatwg.org/), each named by its
anchor; properties compare the fast versions with literal step-by-step ones.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from html_infra import infra as I  # noqa: N812
from webidl import RangeError

# --- Byte sequences (#byte-sequences) -------------------------------------------------------


def test_byte_sequence_notation_and_case():
    assert bytes([0x48, 0x49]) == b"HI"                       # "0x48 0x49 can also be `HI`"
    assert I.byte_lowercase(b"Content-TYPE\xc4") == b"content-type\xc4"   # only 0x41..0x5A
    assert I.byte_uppercase(bytearray(b"text/html;\xe4")) == b"TEXT/HTML;\xe4"
    assert I.byte_case_insensitive_match(b"Content-Type", b"content-type")
    assert not I.byte_case_insensitive_match(b"\xc4", b"\xe4")   # not Latin-1 case
    assert not I.byte_case_insensitive_match(b"a", b"ab")


def test_byte_sequence_prefix_and_order():
    assert I.is_byte_sequence_prefix(b"", b"")
    assert I.is_byte_sequence_prefix(b"HT", b"HTTP")
    assert not I.is_byte_sequence_prefix(b"HTTP", b"HT")
    assert not I.is_byte_sequence_prefix(b"ht", b"HTTP")
    assert I.byte_less_than(b"a", b"ab") and not I.byte_less_than(b"ab", b"a")
    assert not I.byte_less_than(b"a", b"a")
    assert I.byte_less_than(b"\x00\xff", b"\x01")
    assert I.byte_less_than(memoryview(b"Z"), b"a")


def _prefix_by_steps(potential_prefix, input):
    i = 0
    while True:
        if i >= len(potential_prefix):
            return True
        if i >= len(input):
            return False
        if potential_prefix[i] != input[i]:
            return False
        i += 1


def _byte_less_than_by_steps(a, b):
    if _prefix_by_steps(b, a):
        return False
    if _prefix_by_steps(a, b):
        return True
    n = next(i for i in range(min(len(a), len(b))) if a[i] != b[i])
    return a[n] < b[n]


@given(st.binary(max_size=6), st.binary(max_size=6))
def test_byte_sequence_algorithms_match_the_steps(a, b):
    assert I.is_byte_sequence_prefix(a, b) == _prefix_by_steps(a, b)
    assert I.byte_less_than(a, b) == _byte_less_than_by_steps(a, b)
    lowered = bytes(c + 0x20 if 0x41 <= c <= 0x5A else c for c in a)
    assert I.byte_lowercase(a) == lowered
    assert I.byte_uppercase(a) == bytes(c - 0x20 if 0x61 <= c <= 0x7A else c for c in a)


def test_ascii_encode_and_decode():
    assert I.ascii_encode("text/html") == b"text/html"
    assert I.ascii_decode(b"text/html") == "text/html"
    with pytest.raises(ValueError):
        I.ascii_encode("caf\xe9")
    with pytest.raises(ValueError):
        I.ascii_decode(b"caf\xc3\xa9")


# --- Code units (#strings) ------------------------------------------------------------------


def test_string_interpreted_as_code_points():
    # #example-javascript-string-in-code-points: 0xD83D 0xDCA9 0xD800 are U+1F4A9 and U+D800,
    # whether the pair is held as one astral character or as two surrogates.
    for s in ("\U0001f4a9\ud800", "\ud83d\udca9\ud800"):
        assert I.code_point_substring(s, 0) == "\U0001f4a9\ud800"
        assert I.code_point_substring(s, 0, 1) == "\U0001f4a9"
        assert I.code_point_substring(s, 1, 1) == "\ud800"
        assert I.code_unit_length(I.code_point_substring(s, 0)) == 3


def test_code_unit_prefix_and_suffix():
    assert I.is_code_unit_prefix("", "")
    assert I.is_code_unit_prefix("!", "!important") and not I.is_code_unit_prefix("!!", "!")
    assert I.is_code_unit_suffix(".", "example.") and not I.is_code_unit_suffix("..", ".")
    # A leading surrogate is a code unit prefix of the astral character it starts.
    assert I.is_code_unit_prefix("\ud83d", "\U0001f47d") and not "\U0001f47d".startswith("\ud83d")
    assert I.is_code_unit_suffix("\udc7d", "a\U0001f47d")
    assert not I.is_code_unit_prefix("\ud83e", "\U0001f47d")


def test_code_unit_substring_examples():
    # #example-code-unit-substring: from 1 with length 3 within "Hello world" is "ell".
    assert I.code_unit_substring("Hello world", 1, 3) == "ell"
    assert I.code_unit_substring("Hello world", 1, 4 - 1) == "ell"      # "from 1 to 4"
    assert I.code_unit_substring("", 0, 0) == ""                        # positions, not indices
    assert I.code_unit_substring("Hello world", 6) == "world"           # to the end
    # The code point substring from 0 with length 1 within the alien is the alien; the code unit
    # substring is the lone leading surrogate.
    assert I.code_point_substring("\U0001f47d", 0, 1) == "\U0001f47d"
    assert I.code_unit_substring("\U0001f47d", 0, 1) == "\ud83d"
    assert I.code_unit_substring("a\U0001f47db", 2, 2) == "\udc7db"
    assert I.code_unit_substring("a\U0001f47db", 1, 2) == "\U0001f47d"


@pytest.mark.parametrize("start, length", [(-1, 1), (0, -1), (3, 1), (0, 4)])
def test_substring_assertions_raise_range_error(start, length):
    with pytest.raises(RangeError):
        I.code_unit_substring("a\U0001f47d", start, length)
    with pytest.raises(RangeError):
        I.code_point_substring("abc", start, length + 1 if length > 0 else length)


def _units(s):
    data = s.encode("utf-16-be", "surrogatepass")
    return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]


_strings = st.text(alphabet=st.sampled_from("a\xe9\uff5e\U0001f600\ud83d\ude00\udc00"), max_size=6)


@given(_strings, _strings)
def test_code_unit_prefix_suffix_match_the_steps(a, b):
    ua, ub = _units(a), _units(b)
    assert I.is_code_unit_prefix(a, b) == _prefix_by_steps(ua, ub)
    assert I.is_code_unit_suffix(a, b) == _prefix_by_steps(ua[::-1], ub[::-1])


@given(_strings, st.integers(0, 12), st.integers(0, 12))
def test_code_unit_substring_matches_the_steps(s, start, length):
    units = _units(s)
    if start + length > len(units):
        with pytest.raises(RangeError):
            I.code_unit_substring(s, start, length)
        return
    assert _units(I.code_unit_substring(s, start, length)) == units[start : start + length]


# --- Lists, stacks and queues (#lists) ------------------------------------------------------


def test_list_sort_example():
    # #example-list-sort: by code unit order of the second item; (200, "OK") stays before
    # (null, "OK") since they sort the same.
    original = [(200, "OK"), (404, "Not Found"), (None, "OK")]
    by_text = lambda a, b: I.code_unit_less_than(a[1], b[1])  # noqa: E731
    assert I.sort_in_ascending_order(original, by_text) == [(404, "Not Found"), (200, "OK"), (None, "OK")]
    assert I.sort_in_descending_order(original, by_text) == [(200, "OK"), (None, "OK"), (404, "Not Found")]
    assert original == [(200, "OK"), (404, "Not Found"), (None, "OK")]     # a new list
    # Code unit order, not code point order: the smiley sorts before the fullwidth tilde.
    assert I.sort_in_ascending_order(["\uff5e", "\U0001f600"], I.code_unit_less_than) == ["\U0001f600", "\uff5e"]


def test_stack():
    stack: I.Stack[str] = I.Stack()
    assert stack.pop() is None and stack.peek() is None and stack.is_empty()
    stack.push("a")
    stack.push("b")
    assert stack.peek() == "b" and len(stack) == 2 and "a" in stack
    assert stack.pop() == "b" and stack.pop() == "a" and stack.pop() is None
    assert repr(I.Stack([1])) == "Stack([1])"


def test_queue():
    queue: I.Queue[int] = I.Queue()
    assert queue.dequeue() is None and queue.is_empty()
    for n in (1, 2, 3):
        queue.enqueue(n)
    assert len(queue) == 3 and 2 in queue
    assert [queue.dequeue(), queue.dequeue(), queue.dequeue(), queue.dequeue()] == [1, 2, 3, None]


# --- Ordered sets (#sets) -------------------------------------------------------------------


def test_ordered_set_clone_example():
    # #example-list-clone: replacing "a" with "foo" in the clone leaves the original alone.
    original = I.OrderedSet(["a", "b", "c"])
    clone = original.clone()
    clone.replace("a", "foo")
    assert list(clone) == ["foo", "b", "c"] and original[0] == "a"
    assert isinstance(original.copy(), I.OrderedSet)


def test_ordered_set_replace_example():
    # #example-set-replace
    assert list(_replaced(["a", "b", "c"], "a", "c")) == ["c", "b"]
    assert list(_replaced(["c", "b", "a"], "a", "c")) == ["c", "b"]


def _replaced(items, item, replacement):
    s = I.OrderedSet(items)
    s.replace(item, replacement)
    return s


def test_set_operations():
    a = I.OrderedSet(["a", "b", "c"])
    b = I.OrderedSet(["d", "c", "a"])
    assert list(a.intersection(b)) == ["a", "c"]          # in A's order
    assert list(a.union(b)) == ["a", "b", "c", "d"]      # A, then B's new items
    assert list(a.difference(b)) == ["b"]
    assert list(a.union(["a", "e", "e"])) == ["a", "b", "c", "e"]
    assert list(a) == ["a", "b", "c"]                    # operands unchanged
    # "an ordered set is both a subset and a superset of itself"
    assert a.is_subset_of(a) and a.is_superset_of(a)
    assert I.OrderedSet(["c", "a"]).is_subset_of(a) and a.is_superset_of(I.OrderedSet(["c", "a"]))
    assert not a.is_subset_of(b) and not b.is_superset_of(a)
    assert I.OrderedSet().is_subset_of(I.OrderedSet())
    # Set equality ignores order; == keeps the list view (order matters).
    assert I.OrderedSet(["c", "a"]).is_equal_to(I.OrderedSet(["a", "c"]))
    assert I.OrderedSet(["c", "a"]) != I.OrderedSet(["a", "c"])


@given(st.lists(st.integers(0, 5)), st.lists(st.integers(0, 5)))
def test_set_operations_match_their_definitions(xs, ys):
    a, b = I.OrderedSet(xs), I.OrderedSet(ys)
    assert list(a.union(b)) == list(dict.fromkeys(xs + ys))
    assert list(a.intersection(b)) == [x for x in dict.fromkeys(xs) if x in set(ys)]
    assert list(a.difference(b)) == [x for x in dict.fromkeys(xs) if x not in set(ys)]
    assert a.is_subset_of(b) == set(xs).issubset(ys) == b.is_superset_of(a)


# --- Ordered maps (#maps) -------------------------------------------------------------------


def test_map_get_with_default_example():
    # #example-map-get-with-default
    example = I.OrderedMap({"a": "x", "b": "y"})
    assert example["a"] == example.get("a", "z") == "x"
    assert example.get("c", "z") == "z"


def test_map_clone_example():
    # #example-map-clone: setting a key in the clone leaves the original; values are shared.
    original = I.OrderedMap({"a": [1, 2, 3], "b": []})
    clone = original.clone()
    clone["a"] = [-1, -2, -3]
    assert original["a"] == [1, 2, 3] and clone["a"] == [-1, -2, -3]
    clone["b"].append(4)
    assert original["b"] == [4]
    assert type(original.copy()) is I.OrderedMap


def test_map_keys_values_and_sorting():
    m = I.OrderedMap()
    m.set("b", 2)
    m.set("a", 1)
    m.set("b", 3)                                         # an existing key keeps its position
    keys = m.get_keys()
    assert isinstance(keys, I.OrderedSet) and list(keys) == ["b", "a"]
    assert m.get_values() == [3, 1]
    by_key = lambda x, y: I.code_unit_less_than(x[0], y[0])  # noqa: E731
    assert list(m.sort_in_ascending_order(by_key).items()) == [("a", 1), ("b", 3)]
    assert list(m.sort_in_descending_order(by_key).items()) == [("b", 3), ("a", 1)]
    assert list(m.sorted(by_key).items()) == [("a", 1), ("b", 3)]
    assert list(m.sorted(by_key, descending=True)) == ["b", "a"]
    assert type(m.sorted(by_key)) is I.OrderedMap and list(m) == ["b", "a"]
    # Entries that sort the same keep their relative order.
    ties = I.OrderedMap({"x": 1, "y": 0, "z": 1})
    by_value = lambda p, q: p[1] < q[1]  # noqa: E731
    assert list(ties.sort_in_ascending_order(by_value)) == ["y", "x", "z"]
    assert list(ties.sort_in_descending_order(by_value)) == ["x", "z", "y"]


def test_public_names():
    for name in ("byte_lowercase", "byte_uppercase", "byte_case_insensitive_match", "is_byte_sequence_prefix",
                 "byte_less_than", "ascii_encode", "ascii_decode", "is_code_unit_prefix", "is_code_unit_suffix",
                 "code_unit_substring", "code_point_substring", "Stack", "Queue", "sort_in_ascending_order",
                 "sort_in_descending_order"):
        assert name in I.__all__, name
