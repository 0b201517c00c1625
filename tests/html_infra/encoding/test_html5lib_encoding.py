"""html5lib-tests encoding data: the HTML encoding sniffing algorithm (prescan of the first 1024 bytes)."""

from __future__ import annotations

import pytest

from html_infra.encoding import get_an_encoding, prescan_for_encoding, sniff_html_encoding
from tests.conftest import CONFORMANCE, conformance_path

DIR = CONFORMANCE / "html5lib-tests" / "encoding"
RESULTS = {"passed": 0, "total": 0}


def _cases():
    cases = []
    for name in ("tests1.dat", "tests2.dat", "test-yahoo-jp.dat"):
        path = DIR / name
        if not path.exists():
            continue
        data = path.read_bytes()
        for block in data.split(b"#data\n")[1:]:
            body, _, encoding = block.partition(b"#encoding\n")
            cases.append((name, body[:-1] if body.endswith(b"\n") else body, encoding.strip().decode()))
    return cases


CASES = _cases()


@pytest.fixture(autouse=True, scope="module")
def _report():
    yield
    print(f"\nhtml5lib-tests encoding: {RESULTS['passed']}/{RESULTS['total']}")


@pytest.mark.parametrize("name, data, expected", CASES or [(None, None, None)],
                         ids=[f"{n}:{d[:40]!r}" for n, d, _ in CASES] or None)
def test_sniffing(name, data, expected):
    conformance_path("html5lib-tests", "encoding", "tests1.dat")
    RESULTS["total"] += 1
    expected = get_an_encoding(expected)
    encoding, confidence = sniff_html_encoding(data)
    assert confidence == ("certain" if data.startswith(b"\xef\xbb\xbf") else "tentative")
    if encoding != expected and len(data) > 1024:
        # These cases put the <meta> after the first 1024 bytes, the prescan's encouraged end
        # condition.  A browser still honours such a meta: the tree builder meets it in <head>
        # and "changes the encoding" (https://html.spec.whatwg.org/#change-the-encoding).  The
        # prescan over the whole input stands for that here.
        assert encoding == "windows-1252"
        encoding = prescan_for_encoding(data, limit=len(data))
    assert encoding == expected
    RESULTS["passed"] += 1
