"""URL writing and host writing (https://url.spec.whatwg.org/#url-writing, #host-writing).

The standard defines valid URL strings twice: by the writing grammar, and as strings the parser
takes without a validation error.  The two are checked equal on every WPT URL case and on random
strings built from the pieces URLs are made of.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from html_infra.url import (
    URLError,
    is_valid_domain_string,
    is_valid_host_string,
    is_valid_ipv4_address_string,
    is_valid_ipv6_address_string,
    is_valid_opaque_host_string,
    is_valid_url_string,
    parse_url,
    validation_errors,
)
from tests.conftest import conformance_path


def _parses_without_validation_error(input: str, base: str | None) -> bool:
    return parse_url(input, base) is not None and validation_errors(input, base) == []


def test_grammar_equals_parser_on_wpt_urltestdata():
    cases = []
    for name in ("urltestdata.json", "urltestdata-javascript-only.json"):
        data = json.loads(conformance_path("url", name).read_text(encoding="utf-8"))
        cases += [case for case in data if isinstance(case, dict)]
    mismatches = []
    for case in cases:
        input, base = case["input"], case["base"]
        if base is not None and parse_url(base) is None:     # no such case today; keep the contract
            with pytest.raises(URLError):
                is_valid_url_string(input, base)
            continue
        if is_valid_url_string(input, base) != _parses_without_validation_error(input, base):
            mismatches.append((input, base))
    print(f"WPT url writing grammar = parser without validation error: {len(cases) - len(mismatches)}/{len(cases)}")
    assert mismatches == []


_PIECES = [
    "https:", "http:", "file:", "foo:", "HTTPS:", "ws:", "//", "/", "\\", "?", "#", "@", ":", "[", "]", "::",
    "::1", "1", "0", "00", "255", "256", "1.2.3.4", ".", "..", "%41", "%zz", "%", "a", "A", "\xe9", "\xdf",
    "xn--", "-", "_", " ", "\t", "example", "org", "80", "65536", "ffff", "0x", "c:", "c|", "|", "<", "^",
    "\ufdd0", "\U0001f600", "\uff41", "\uff11", "\u3002", "\u2460", "'", "~", "!", "localhost", "\x00", "\x7f",
    "\u200d", "xn--53h", "[1:2:3:4:5:6:7:8]", "::ffff:", "%EF%BC%91", "%31",
]
_BASES = [None, "https://example.org/a/b", "file:///c:/x", "foo://h/p", "mailto:x", "foo:/p"]
_PREFIXES = ["", "https://", "http://", "file://", "file:///", "foo://", "foo:", "https:"]


@given(st.sampled_from(_PREFIXES), st.lists(st.sampled_from(_PIECES), max_size=8), st.sampled_from(_BASES))
def test_grammar_equals_parser_on_random_strings(prefix, pieces, base):
    input = prefix + "".join(pieces)
    assert is_valid_url_string(input, base) == _parses_without_validation_error(input, base)


@pytest.mark.parametrize(
    "input, base",
    [
        ("https://example.org/a?b#c", None),
        ("HTTPS://EXAMPLE.ORG:443/", None),
        ("https://example.org:", None),                  # the URL-port string may be empty
        ("https://example.org:080/", None),              # digits representing 80
        ("https://\u2615.example/", None),               # IDNA: ☕.example
        ("https://127.0.0.1/", None),
        ("https://[::1]/", None),
        ("https://[::ffff:1.2.3.4]/", None),
        ("file:///c:/x", None),
        ("file://localhost/x", None),
        ("foo:", None),
        ("foo://", None),
        ("foo://ex%41mple:99/p?q#f", None),
        ("mailto:user@example.org", None),             # an opaque path may hold "@"
        ("data:text/plain,a%20b", None),
        ("../x?y#z", "https://example.org/a/b"),
        ("//other.example/", "https://example.org/"),
        ("", "https://example.org/"),
        ("#f", "mailto:x"),                              # the only relative string for an opaque path
        # The error table's example for file-invalid-Windows-drive-letter: the parser's steps
        # report nothing for it (only "c|/..." reaches that error) and the grammar accepts it.
        ("/c:/path/to/file", "file:///c:/"),
    ],
)
def test_valid_url_strings(input, base):
    assert is_valid_url_string(input, base)


# Every example in the standard's validation error table is invalid.
@pytest.mark.parametrize(
    "input, base",
    [
        ("https://exa%23mple.org", None), ("https://exam%70le.org", None), ("foo://exa[mple.org", None),
        ("https://127.0.0.1./", None), ("https://1.2.3/", None), ("https://1.2.3.4.5/", None),
        ("https://test.42", None), ("https://127.0.0x0.1", None), ("https://255.255.4000.1", None),
        ("https://[::1", None), ("https://[:1]", None), ("https://[1:2:3:4:5:6:7:8:9]", None),
        ("https://[1::1::1]", None), ("https://[1:2:3!:4]", None), ("https://[1:2:3:]", None),
        ("https://[1:2:3]", None), ("https://[::01]", None), ("https://[1:1:1:1:1:1:1:127.0.0.1]", None),
        ("https://[ffff::.0.0.1]", None), ("https://[ffff::127.0.xyz.1]", None), ("https://[ffff::127.0xyz]", None),
        ("https://[ffff::127.00.0.1]", None), ("https://[ffff::127.0.0.1.2]", None),
        ("https://[ffff::127.0.0.4000]", None), ("https://[ffff::127.0.0]", None),
        ("https://example.org/>", None), (" https://example.org ", None), ("ht\ntps://example.org", None),
        ("https://example.org/%s", None), ("file:c:/my-secret-folder", None), ("https:example.org", None),
        ("https:foo.html", "https://example.org/"), ("\U0001f4a9", None), ("\U0001f4a9", "mailto:user@example.org"),
        ("https://example.org\\path\\to\\file", None), ("https://user@example.org", None),
        ("ssh://user@example.org", None), ("https://#fragment", None), ("https://:443", None),
        ("https://user:pass@", None), ("https://example.org:70000", None), ("https://example.org:7z", None),
        ("c|/path/to/file", "file:///c:/"), ("file://c:", None),
        # and: the fragment's "#" is the only one; IPv4 written with non-ASCII digits or dots.
        ("https://example.org/#a#b", None), ("https://\uff11.2.3.4/", None), ("https://127\u30020.0.1/", None),
    ],
)
def test_invalid_url_strings(input, base):
    assert not is_valid_url_string(input, base)


def test_relative_strings_need_a_base():
    assert not is_valid_url_string("../x") and not is_valid_url_string("#f")
    assert not is_valid_url_string("x", "mailto:x")                 # opaque-path base: "#" only
    assert is_valid_url_string("//h/p", "file:///x")                # file base: a file URL's host
    assert is_valid_url_string("//localhost/p", "file:///x")
    assert not is_valid_url_string("//h:80/p", "file:///x")         # no port in a file URL


def test_a_base_that_fails_to_parse_raises():
    with pytest.raises(URLError):
        is_valid_url_string("x", "not a url")
    with pytest.raises(URLError):
        validation_errors("x", "not a url")
    with pytest.raises(TypeError):                                  # URLError is the JS TypeError
        validation_errors("https://example.org/", "")
    assert validation_errors("x", "https://example.org/") == []


def test_parser_reports_ipv4_from_non_ascii_input():
    # The newer standard's IPv4-non-ASCII-input: IDNA mapped the text to an IPv4 address.
    assert [e.name for e in validation_errors("https://\u2460.\u2461.\u2462.\u2463/")] == ["IPv4-non-ASCII-input"]
    assert [e.name for e in validation_errors("https://%EF%BC%91.2.3.4/")] == [
        "domain-percent-encoded", "IPv4-non-ASCII-input",
    ]
    assert parse_url("https://\uff11.2.3.4/").host == 0x01020304


@pytest.mark.parametrize(
    "input, valid",
    [("0.0.0.0", True), ("127.0.0.1", True), ("255.255.255.255", True), ("127.0.0.001", False),
     ("256.0.0.1", False), ("1.2.3", False), ("1.2.3.4.", False), ("0x7f.0.0.1", False), ("\uff11.2.3.4", False),
     ("", False)],
)
def test_valid_ipv4_address_string(input, valid):
    assert is_valid_ipv4_address_string(input) is valid


@pytest.mark.parametrize(
    "input, valid",
    [
        ("1:2:3:4:5:6:7:8", True), ("0:0:0:0:0:0:0:0", True), ("FFFF:abcd:0:0:0:0:0:1", True),
        ("1:2:3:4:5:6:1.2.3.4", True), ("::", True), ("::1", True), ("1::", True), ("1::2", True),
        ("::ffff:1.2.3.4", True), ("::1.2.3.4", True), ("1:2:3:4:5:6:7::", True), ("::1:2:3:4:5:6:7", True),
        ("1:2:3:4:5::1.2.3.4", True),
        ("1:2:3:4:5:6:7", False), ("1:2:3:4:5:6:7:8:9", False), ("::1:2:3:4:5:6:7:8", False),
        ("1:2:3:4:5:6::1.2.3.4", False), ("1:2:3:4:5:6:7:1.2.3.4", False), ("1::2::3", False), (":1", False),
        ("1:", False), (":::", False), ("::01", False), ("10000::", False), ("::1.2.3", False),
        ("::01.2.3.4", False), ("[::1]", False), ("", False),
    ],
)
def test_valid_ipv6_address_string(input, valid):
    assert is_valid_ipv6_address_string(input) is valid


@pytest.mark.parametrize(
    "input, valid",
    [("example.org", True), ("EXAMPLE.org", True), ("example.org.", True), ("\u2615.example", True),
     ("xn--53h.example", True), ("", False), ("a_b.example", False), ("-a.example", False),
     ("ex%41mple.org", False), ("xn--", False), ("example.0", False), ("1.2.3.4", False), ("a" * 64 + ".org", False),
     ("\ud800.example", False)],
)
def test_valid_domain_string(input, valid):
    assert is_valid_domain_string(input) is valid


def test_valid_host_and_opaque_host_strings():
    assert is_valid_host_string("example.org") and is_valid_host_string("1.2.3.4")
    assert is_valid_host_string("[::1]") and not is_valid_host_string("::1")
    assert not is_valid_host_string("") and not is_valid_host_string("1.2.3")
    assert not is_valid_host_string("[1.2.3.4]")
    assert is_valid_opaque_host_string("ex%41mple") and is_valid_opaque_host_string("\xe9xample")
    assert is_valid_opaque_host_string("[::1]") and is_valid_opaque_host_string("1.2.3")
    assert not is_valid_opaque_host_string("") and not is_valid_opaque_host_string("exa[mple")
    assert not is_valid_opaque_host_string("a%zz") and not is_valid_opaque_host_string("a b")


def test_hostile_input_is_answered():
    # Linear productions: a long run of each kind still gets an answer (no backtracking blow-up).
    for body in ("a" * 100_000, "%41" * 30_000, "/" * 100_000, ":" * 100_000, "[" + "1:" * 30_000):
        assert isinstance(is_valid_url_string("https://" + body), bool)
        assert isinstance(is_valid_url_string("foo://" + body + "#" + body), bool)
    assert not is_valid_ipv6_address_string("1:" * 50_000)
