"""parse_html(parser="html5lib") on markup where html5lib 1.1's own assertions fail: a
documented ValueError, not an AssertionError (found by tests/fuzz)."""

from __future__ import annotations

import pytest

import dom

MARKUP = "<table><math id=i>}0%\x7f-<html xlink:href=u></template>#\x00\ufffe\r<!--<body><xmp>}\x0c=<mi></noscript></plaintext><td a:b=c>"


def test_html5lib_assertion_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="html5lib cannot parse"):
        dom.parse_html(MARKUP, parser="html5lib")
    assert dom.parse_html(MARKUP).body is not None  # the default parser takes it
