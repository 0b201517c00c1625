"""The URL class's Python face and the spec-level functions (what the WPT data does not cover)."""

from __future__ import annotations

import pytest

import html_infra
from html_infra.url import (
    COMPONENT_PERCENT_ENCODE_SET,
    PATH_PERCENT_ENCODE_SET,
    URL,
    URLError,
    basic_url_parse,
    host_parse,
    parse_url,
    percent_decode,
    percent_encode,
    serialize_host,
    serialize_url,
    urlencoded_parse,
    urlencoded_serialize,
)


def test_failure_is_both_typeerror_and_valueerror():
    assert issubclass(URLError, TypeError) and issubclass(URLError, ValueError)
    with pytest.raises(TypeError):
        URL("no scheme")
    with pytest.raises(ValueError, match="with base"):
        URL("x", "also bad")
    url = URL("http://a/")
    with pytest.raises(URLError):
        url.href = "::"
    assert url.href == "http://a/"  # a failed href set leaves the URL alone


def test_static_parse_and_canparse():
    assert URL.parse("nope") is None
    assert URL.parse("b", "http://a/c").href == "http://a/b"
    assert URL.canParse("http://a") and not URL.canParse("a") and URL.canParse("a", "http://b")
    assert URL.parse("a", "bad base") is None


def test_python_protocols():
    url = URL("HTTP://Example.COM/a?b#c")
    assert str(url) == url.href == url.toJSON() == "http://example.com/a?b#c"
    assert repr(url) == "URL('http://example.com/a?b#c')"
    # Like JS URL objects, == is identity; equals() is the spec's URL equivalence.
    assert url != URL(url.href) and url == url
    assert url.equals(URL("http://example.com/a?b#c"))
    assert not url.equals(URL("http://example.com/a?b"))
    assert url.equals(URL("http://example.com/a?b#other"), exclude_fragments=True)
    assert html_infra.URL is URL


def test_arguments_are_usv_strings():
    assert URL("http://a/\ud800").pathname == "/%EF%BF%BD"
    assert URL("http://a/", None).href == "http://a/"  # None base: no base
    url = URL("http://a/")
    url.port = 8080
    url.search = 1.5
    assert url.href == "http://a:8080/?1.5"
    assert URL("d", URL("http://a/b/c")).href == "http://a/b/d"  # a URL object stringifies


def test_search_params_is_the_same_object_across_href_sets():
    url = URL("http://a/?x=1")
    params = url.searchParams
    url.href = "http://b/?y=2"
    assert url.searchParams is params and list(params) == [("y", "2")]


def test_origins():
    assert URL("https://a.com:443/x").origin == "https://a.com"
    assert URL("blob:https://a.com:8443/x").origin == "https://a.com:8443"
    assert URL("blob:ftp://x/y").origin == "null"  # only http(s) and file inner URLs count
    assert URL("data:,x").origin == "null" and URL("file:///x").origin == "null"


def test_spec_level_functions():
    record = parse_url("x?y#z", "http://a/b/")
    assert serialize_url(record) == "http://a/b/x?y#z"
    assert serialize_url(record, exclude_fragment=True) == "http://a/b/x?y"
    assert parse_url("x", "not a base") is None
    # State override on a record, as the setters do.
    record = parse_url("http://a/")
    assert basic_url_parse("b:8080", url=record, state_override="host state") is record
    assert serialize_url(record) == "http://b:8080/"
    with pytest.raises(ValueError):
        basic_url_parse("x", url=record, state_override="no such state")


def test_hosts():
    assert serialize_host(host_parse("[0:0:0:0:1:0:0:0]")) == "[::1:0:0:0]"
    assert serialize_host(host_parse("[1:0:0:2:0:0:0:3]")) == "[1:0:0:2::3]"  # first longest run
    assert serialize_host(host_parse("[::127.0.0.1]")) == "[::7f00:1]"
    assert serialize_host(host_parse("0x7f.1")) == "127.0.0.1"
    assert serialize_host(host_parse("017700000001")) == "127.0.0.1"
    assert host_parse("1.2.3.4.5") is None and host_parse("256.0.0.0.") is None
    assert host_parse("a b", is_opaque=True) is None
    assert serialize_host(host_parse("%C3%A9", is_opaque=True)) == "%C3%A9"


def test_percent_encoding_and_urlencoded():
    assert percent_decode(b"%41%zz%4") == b"A%zz%4"
    assert percent_encode("a b/é", PATH_PERCENT_ENCODE_SET) == "a%20b/%C3%A9"
    assert percent_encode("a/b?", COMPONENT_PERCENT_ENCODE_SET) == "a%2Fb%3F"
    assert urlencoded_parse("a+b=c%20d&&=x") == [("a b", "c d"), ("", "x")]
    assert urlencoded_serialize([("a b", "~*")]) == "a+b=%7E*"
