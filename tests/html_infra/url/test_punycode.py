"""html_infra/url/punycode.py: RFC 3492 samples, equality with Python's codec, huge hosts."""

from __future__ import annotations

import encodings.punycode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from html_infra.url import URL
from html_infra.url.punycode import punycode_decode, punycode_encode

# https://www.rfc-editor.org/rfc/rfc3492#section-7.1 (a few of the sample strings)
RFC_SAMPLES = [
    ("\u0644\u064a\u0647\u0645\u0627\u0628\u062a\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064a\u061f", "egbpdaj6bu4bxfgehfvwxn"),
    ("\u4ed6\u4eec\u4e3a\u4ec0\u4e48\u4e0d\u8bf4\u4e2d\u6587", "ihqwcrb4cv8a8dqg056pqjye"),
    ("3\u5e74B\u7d44\u91d1\u516b\u5148\u751f", "3B-ww4c5e180e575a65lsy2b"),
    ("\u3072\u3068\u3064\u5c4b\u6839\u306e\u4e0b2", "2-u9tlzr9756bt3uc0v"),
]

LABEL = st.text(st.sampled_from("ab-9Z\u00e9\u00df\u4e2d\u6587\U0001f600\U0010ffff\x80\ud800"), max_size=20)


@pytest.mark.parametrize(("label", "encoded"), RFC_SAMPLES)
def test_rfc_samples(label: str, encoded: str) -> None:
    assert punycode_encode(label) == encoded
    assert punycode_decode(encoded) == label
    assert punycode_decode(encoded.upper()) == label  # digits are case-insensitive


@settings(max_examples=400, deadline=None)
@given(LABEL)
def test_encode_equals_python_codec(label: str) -> None:
    encoded = label.encode("punycode").decode("ascii")
    assert punycode_encode(label) == encoded
    assert punycode_decode(encoded) == label


@settings(max_examples=400, deadline=None)
@given(st.text(st.sampled_from("abkz09-AZ9"), max_size=12))
def test_decode_equals_python_codec(encoded: str) -> None:
    try:
        expected: str | None = encoded.encode("ascii").decode("punycode")
    except UnicodeError:
        expected = None
    assert punycode_decode(encoded) == expected


def test_failures_are_none() -> None:
    assert punycode_decode("9" * 100_000) is None  # past U+10FFFF: stops early, small integers
    assert punycode_decode("a-\u00e9") is None
    assert punycode_decode("a-b!") is None
    assert punycode_decode("bu") is None  # incomplete variable-length integer


def test_huge_host_does_not_use_the_quadratic_codec(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 16,000-character CJK host took 22 s through Python's codec; the URL parser now uses
    the O(n log n) encoder and decoder (the codec is made to fail to prove it)."""

    def refuse(*args: object) -> bytes:
        raise AssertionError("Python's punycode codec is quadratic")

    monkeypatch.setattr(encodings.punycode, "punycode_encode", refuse)
    monkeypatch.setattr(encodings.punycode, "punycode_decode", refuse)
    host = "".join(chr(0x4E00 + i) for i in range(16_000))
    url = URL(f"https://{host}/")
    assert url.hostname.startswith("xn--")
    assert punycode_decode(url.hostname[4:]) == host
    assert URL(f"https://{url.hostname}/").hostname == url.hostname  # the xn-- label decodes back
