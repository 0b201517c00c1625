"""Invariants the URL Standard promises, checked with hypothesis, and fast path == state machine."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from html_infra.url import URL, URLError, basic_url_parse, parse_url, serialize_url, validation_errors
from html_infra.url.fast_path import fast_parse
from html_infra.url.state_machine import BasicURLParser
from tests.conftest import CONFORMANCE
from webidl import to_usv_string

URL_CHARS = st.sampled_from(
    list("abcxyzABC019:/?#@.%-_~!$&'()*+,;=[]\\ \t\n\"<>^`{}|")
    + ["\x00", "\x7f", "é", "\u00a0", "\ufeff", "💩", "\ud800", "%2e", "%2E", "..", "xn--", "0x", "::"]
)
PREFIXES = st.sampled_from(["", "http://", "https://", "file:", "file:///", "foo:", "foo://", "ws://", "//", "/", "?", "#"])
url_like = st.builds(lambda p, rest: p + "".join(rest), PREFIXES, st.lists(URL_CHARS, max_size=40))
BASES = [None, "http://example.org/a/b?c#d", "file:///C:/dir/file", "sc:opaque", "https://h/"]


def _state_machine(input: str, base_s: str | None):
    base = None
    if base_s is not None:
        base = BasicURLParser(base_s, None, "UTF-8", None, None, None).run()
    return BasicURLParser(input, base, "UTF-8", None, None, None).run(), base


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(url_like, st.sampled_from(BASES))
@example("http://EXAMPLE.com:80/a/./b/../c?x=1#y", None)
@example("?q", "http://example.org/a/b?c#d")
def test_fast_path_equals_state_machine(input, base_s):
    slow, base = _state_machine(input, base_s)
    fast = fast_parse(input, base, None)
    if fast is not None:
        assert slow is not None and serialize_url(fast) == serialize_url(slow)
    public = basic_url_parse(input, base)
    assert (public is None) == (slow is None)
    if slow is not None:
        assert serialize_url(public) == serialize_url(slow)


def test_fast_path_on_the_whole_wpt_corpus():
    path = CONFORMANCE / "url" / "urltestdata.json"
    if not path.exists():
        pytest.skip(f"{path} not found: put shared/ beside the repository or set WEBDOM_CONFORMANCE")
    checked = 0
    for case in json.loads(path.read_text(encoding="utf-8")):
        if not isinstance(case, dict):
            continue
        slow, base = _state_machine(case["input"], case["base"])
        fast = fast_parse(case["input"], base, None)
        if fast is not None:
            checked += 1
            assert slow is not None and serialize_url(fast) == serialize_url(slow), case
    assert checked > 50


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(url_like, st.sampled_from(BASES))
def test_parse_serialize_parse_is_a_fixed_point(input, base):
    record = parse_url(input, base)
    if record is None:
        return
    href = serialize_url(record)
    again = parse_url(href)
    assert again is not None, href
    assert serialize_url(again) == href


SETTERS = ["protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "href"]


@settings(max_examples=800, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["http://u:p@example.org:81/a/b?c=d#e", "file:///C:/x", "foo://h/p", "sc:opaque path", "mailto:a@b"]),
    st.sampled_from(SETTERS),
    st.one_of(url_like, st.lists(URL_CHARS, max_size=12).map("".join)),
)
def test_setters_never_produce_an_unparsable_url(start, setter, value):
    url = URL(start)
    try:
        setattr(url, setter, value)
    except URLError:
        assert setter == "href"
        return
    href = url.href
    reparsed = URL(href)
    assert reparsed.href == href


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=60))
def test_parser_only_fails_the_documented_way(text):
    assert parse_url(text) is None or isinstance(serialize_url(parse_url(text)), str)
    assert URL.parse(text) is None or isinstance(URL.parse(text).href, str)
    assert isinstance(URL.canParse(text, "http://a/"), bool)


def test_huge_and_odd_inputs():
    big = "https://example.org/" + "a/" * 250_000 + "?" + "q" * 200_000 + "#" + "f" * 100_000
    url = URL(big)
    assert len(url.href) == len(big)
    assert URL.parse("http://" + "a" * 1_000_000) is not None
    assert URL.parse("http://[" + "1:" * 100_000 + "]") is None
    assert URL("http://a/\ud800").pathname == "/%EF%BF%BD"
    assert URL.parse("\ud800://x") is None
    for junk in ["", " ", "\x00", "http://", "http://[", ":" * 10_000]:
        assert URL.parse(junk) is None or isinstance(URL.parse(junk).href, str)


LONG = 1_000_000
PATHOLOGICAL = {
    # input -> expected href (None: failure); each ~1 MB, each once quadratic or crashing.
    "http://a:" + "1" * LONG: None,  # a port with more digits than int() accepts
    "http://a:" + "0" * LONG + "8080/": "http://a:8080/",
    "http://" + "%41" * (LONG // 3) + "/": "http://" + "a" * (LONG // 3) + "/",
    "http://[" + "1:" * (LONG // 2) + "]": None,
    "http://" + "1." * (LONG // 2): None,
    "http://" + "@" * (LONG // 2) + "a/": "http://" + "%40" * (LONG // 2 - 1) + "@a/",
    "sc:" + " " * LONG + "?q": "sc:" + " " * (LONG - 1) + "%20?q",
    "http://a/" + "\ufffd" * (LONG // 3): "http://a/" + "%EF%BF%BD" * (LONG // 3),
    "http://a/?" + "é" * (LONG // 2): "http://a/?" + "%C3%A9" * (LONG // 2),
    "http://a/#" + "<" * LONG: "http://a/#" + "%3C" * LONG,
    "file:" + "/" * LONG: "file:///" + "/" * (LONG - 3),
    "a" * LONG + ":b": "a" * LONG + ":b",
    "http://" + "9" * LONG: None,  # an IPv4 number with more digits than int() accepts
    "http://1." + "0" * LONG + "1": "http://1.0.0.1/",
    "http://0x" + "f" * LONG: None,
    "http://0" + "7" * LONG + ".1": None,
}


def test_long_runs_are_linear():
    # Each input took seconds to minutes when strings grew one code point at a time; the growth
    # rate is measured by benchmarks/bench_linear.py, not by a clock in the suite.
    for input, expected in PATHOLOGICAL.items():
        record = parse_url(input)
        assert (None if record is None else serialize_url(record)) == expected, input[:40]
        validation_errors(input)  # the error-reporting route takes the same runs


def test_fast_path_on_the_real_url_corpus():
    # The benchmark's real-world URLs (shared/bench-data/urls): the fast path must agree with
    # the state machine on every one it accepts, absolute and relative to its page.
    import os
    from pathlib import Path

    from tests.conftest import REPO

    data = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "urls"
    if not (data / "kasztp.txt").exists():
        pytest.skip(f"{data} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    urls = [u for u in (data / "kasztp.txt").read_text(encoding="utf-8").split("\n") if u]
    pairs = [line.split("\t", 1) for line in (data / "relative_refs.tsv").read_text(encoding="utf-8").split("\n")
             if "\t" in line]
    taken = 0
    for u in urls[::4]:
        slow, _ = _state_machine(u, None)
        fast = fast_parse(u, None, None)
        if fast is not None:
            taken += 1
            assert slow is not None and serialize_url(fast) == serialize_url(slow), u
    bases: dict[str, object] = {}
    for b, h in pairs[::4]:
        if b not in bases:
            bases[b] = _state_machine(b, None)[0]
        base = bases[b]
        if base is None:
            continue
        slow = BasicURLParser(h, base, "UTF-8", None, None, None).run()
        fast = fast_parse(h, base, None)
        if fast is not None:
            taken += 1
            assert slow is not None and serialize_url(fast) == serialize_url(slow), (b, h)
    assert taken > len(urls) // 8  # the fast path does take the common shapes


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=80), st.sampled_from(BASES))
def test_fixed_point_on_arbitrary_text(text, base):
    record = parse_url(text, base)
    if record is not None:
        href = serialize_url(record)
        again = parse_url(href)
        assert again is not None and serialize_url(again) == href
    assert isinstance(validation_errors(text, base), list)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(SETTERS),
    st.sampled_from(["a", " ", "%zz", "é", "\ud800", ":", "/", "@", "9", "0x", "1."]),
    st.sampled_from(["http://u:p@example.org:81/a/b?c=d#e", "sc:opaque", "file:///x", "sc://h/"]),
)
def test_setters_with_huge_values_fail_only_the_documented_way(setter, unit, start):
    url = URL(start)
    try:
        setattr(url, setter, unit * 20_000)
    except URLError:
        assert setter == "href"
    assert URL(url.href).href == url.href


_GETTERS = ("href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
            "search", "hash")


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(url_like)
@example("HTTPS://Example.COM:443/a/b?x=1&y#f")
@example("http://example.org:8080")
def test_url_objects_from_the_fast_path_equal_the_state_machine(input):
    # URL(...) and URL.parse keep the fast path's parts and build the record on first use; every
    # getter, searchParams and equals must see what the state machine's record gives.
    slow, _ = _state_machine(to_usv_string(input), None)
    parsed = URL.parse(input)
    assert (parsed is None) == (slow is None)
    if slow is None:
        with pytest.raises(URLError):
            URL(input)
        return
    expected = URL._from_record(slow)
    for make in (lambda: URL.parse(input), lambda: URL(input)):
        url = make()
        assert [getattr(url, g) for g in _GETTERS] == [getattr(expected, g) for g in _GETTERS]
        assert list(make().searchParams) == list(expected.searchParams)
        assert make().equals(expected) and expected.equals(make())
        assert str(make()) == url.toJSON() == expected.href


def test_url_setters_before_the_record_is_built():
    for setter, value, href in (
        ("username", "u", "https://u@example.org/a?q#f"),
        ("port", "8443", "https://example.org:8443/a?q#f"),
        ("pathname", "/b/../c", "https://example.org/c?q#f"),
        ("search", "?x=1", "https://example.org/a?x=1#f"),
        ("hash", "", "https://example.org/a?q"),
        ("href", "http://other.example/", "http://other.example/"),
    ):
        url = URL("https://example.org/a?q#f")
        setattr(url, setter, value)
        assert url.href == href, setter
    url = URL.parse("https://example.org/a?x=1")
    url.searchParams.append("y", "2")
    assert url.href == "https://example.org/a?x=1&y=2"
    assert url.record is url.record  # built once
    with pytest.raises(AttributeError):
        url.no_such_attribute  # noqa: B018
