"""docs/divergences.md: every seed feature the current standards replaced or removed has an entry
(what the older text said, the current standard, what webdom does, why), docs/index.md links it,
and the "webdom" claims hold."""

from __future__ import annotations

import datetime as dt
import re

import pytest

import dom
from html_infra import microsyntaxes as M  # noqa: N812
from html_infra.mime import parse_mime_type
from html_infra.mime.sniffing import mime_type_sniffing_algorithm
from html_infra.url import URL, default_port, is_special_scheme, is_valid_url_string, parse_url, validation_errors
from tests.conftest import REPO

DOC = (REPO / "docs" / "divergences.md").read_text(encoding="utf-8")
SECTIONS = dict(re.findall(r"^### (.+?)\n(.*?)(?=^##|\Z)", DOC, re.S | re.M))

# Each item the issue lists, as words its section heading must contain.
ITEMS = [
    ("gopher", "relative schemes"),
    ("scheme data", "opaque path"),
    ("grammar rules", "validation errors"),
    ("forbidden host code points", "path percent-encode set"),
    ("2008", "url decomposition attributes"),
    ("ratios", "lists of integers"),
    ("time offsets", "vaguer moments in time"),
    ("2008 date and time syntax",),
    ("domtokenlist.has", "contains"),
    ("dom feature strings",),
    ("feed-or-html sniffing",),
    ("xml:base",),
    ("not_supported_err", "typeerror"),
    ('"+" prefix', "dimension"),
    ("hash-name", "case-sensitive"),
    ('parse_duration("p1dt")',),
]


def _section(words: tuple[str, ...]) -> str:
    matches = [body for title, body in SECTIONS.items() if all(w in title.lower().replace("`", "") for w in words)]
    assert len(matches) == 1, f"no single section for {words}"
    return matches[0]


@pytest.mark.parametrize("words", ITEMS, ids=lambda w: w[0])
def test_each_item_says_what_changed_what_webdom_does_and_why(words):
    body = _section(words)
    for label in ("**Older", "**Current standard:**", "**webdom:**", "**Why:**"):
        assert label in body, (words, label)
    assert "https://" in body                      # cites the current section


def test_index_links_the_document():
    index = (REPO / "docs" / "index.md").read_text(encoding="utf-8")
    assert "(divergences.md)" in index


# -- the "webdom" lines, checked -----------------------------------------------------------------


def test_url_claims():
    assert default_port("gopher") is None and not is_special_scheme("gopher")
    assert URL("gopher://x:70/").port == "70"
    record = parse_url("mailto:user@example.org")
    assert isinstance(record.path, str) and record.has_opaque_path
    assert not hasattr(record, "scheme_data")
    assert [e.name for e in validation_errors("https://user@example.org")] == ["invalid-credentials"]
    assert not is_valid_url_string("https://user@example.org")
    assert URL("http://x/a^b").pathname == "/a%5Eb" and parse_url("foo://exa<mple") is None
    assert [e.name for e in validation_errors("https://\uff11.2.3.4/")] == ["IPv4-non-ASCII-input"]
    assert validation_errors("/c:/path/to/file", "file:///c:/") == []
    assert is_valid_url_string("/c:/path/to/file", "file:///c:/")


def test_url_decomposition_claims():
    document = dom.parse_html('<a href="http://x:80/?">x</a>')
    a = document.querySelector("a")
    assert a.port == "" and a.search == ""
    a.protocol = "https:::"
    assert a.href == "https://x/?"


def test_microsyntax_claims():
    assert M.parse_float_list("1.5,2") == [1.5, 2.0]
    assert not any(n in name for name in M.__all__ for n in ("_ratio", "list_of_integers", "integer_list", "time_offset"))
    assert M.parse_dimension("+5") is None and M.parse_dimension("5") == (5.0, "length")
    assert M.parse_duration("P1DT") == dt.timedelta(days=1) and not M.is_valid_duration_string("P1DT")
    assert M.parse_duration("PT") is None and M.parse_duration("P") is None
    assert M.is_valid_global_date_and_time_string("2011-11-18 14:54+0000")


def test_dom_claims():
    document = dom.parse_html('<p class="a">x</p><meter></meter><map name="Shapes"></map>')
    p = document.querySelector("p")
    assert p.classList.contains("a") and "a" in p.classList and not hasattr(p.classList, "has")
    assert document.implementation.hasFeature() is True
    assert not hasattr(p, "isSupported") and not hasattr(document.implementation, "getFeature")
    with pytest.raises(TypeError):
        document.querySelector("meter").value = float("inf")
    assert dom.hash_name_reference(document, "#shapes") is None
    assert dom.hash_name_reference(document, "#Shapes") is document.querySelector("map")
    xml = dom.parse_xml(
        b'<r xmlns="http://www.w3.org/1999/xhtml" xml:base="http://other.example/d/"><a href="x">x</a></r>',
        url="https://example.org/doc.xml",
    )
    link = xml.documentElement.firstChild
    assert link.baseURI == "https://example.org/doc.xml" and link.href == "https://example.org/x"


def test_no_feed_sniffing():
    rss = b'<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>'
    assert mime_type_sniffing_algorithm(rss, parse_mime_type("text/html")) == "text/html"
