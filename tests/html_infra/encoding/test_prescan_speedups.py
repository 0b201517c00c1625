"""The prescan's byte loop in C (html_infra/encoding/sniffing_speedups.c) against the Python
reference (sniffing._prescan, which runs without it): the same encoding (or the same XML
declaration's, once the bytes run out) on the html5lib-tests encoding data and on generated markup made of the pieces the loop tells
apart (comments, tags, quotes, spaces, "=", "/", ">", the meta attributes, bytes cut anywhere)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from html_infra.encoding import sniffing
from tests.html_infra.encoding.test_html5lib_encoding import CASES

next_meta = sniffing._next_meta
pytestmark = pytest.mark.skipif(next_meta is None, reason="the C extension is not built (or WEBDOM_PURE_PYTHON is set)")


def _outcome(data: bytes, loop: object) -> str | None:
    saved = sniffing._next_meta
    sniffing._next_meta = loop  # type: ignore[assignment]
    try:
        return sniffing.prescan_for_encoding(data)
    finally:
        sniffing._next_meta = saved


def _agree(data: bytes) -> None:
    assert _outcome(data, next_meta) == _outcome(data, None), data


def test_html5lib_encoding_cases_agree() -> None:
    if not CASES:
        pytest.skip("html5lib-tests encoding data not found (see tests/conftest.py)")
    for _name, data, _expected in CASES:
        _agree(data)


@pytest.mark.parametrize("data", [
    b'<meta charset="utf-8">',
    b"<META CHARSET=UTF-8>",
    b"<meta\tcharset = 'windows-1252' >",
    b'<meta http-equiv="Content-Type" content="text/html; charset=euc-jp">',
    b'<meta content="text/html; charset=euc-jp">',  # no pragma: passed over
    b'<meta content="charset=gbk" http-equiv=content-type charset=nonsense>',
    b'<meta charset=utf-8 charset=latin1>',  # the first of a name counts
    b"<!-- <meta charset=gbk> --><meta charset=big5>",
    b"<!--><meta charset=big5>",
    b"<meta/charset=shift_jis>",
    b"<meta =charset=utf-8>",
    b'<div title="<meta charset=gbk>"><meta charset=koi8-r>',
    b"</p <meta charset=gbk>><meta charset=koi8-u>",
    b"<?x <meta charset=gbk> ?><meta charset=utf-16>",
    b"<meta charset=x-user-defined>",
    b"<meta charset=\"utf-8",  # the bytes end inside the value
    b"<meta charset=utf-8",
    b"<meta",
    b"<meta ",
    b"<a<meta charset=gbk>",
    b"<a href=x<meta charset=gbk>",
    b"<\xffmeta charset=gbk><meta charset=iso-2022-jp>",
    b'<?xml version="1.0" encoding="windows-1251"?><meta charset=',  # out of bytes: the XML declaration's
])
def test_cases_agree(data: bytes) -> None:
    _agree(data)


_PIECES = st.sampled_from([
    b"<", b">", b"/", b"=", b'"', b"'", b" ", b"\t", b"\n", b"\x0c", b"\r", b"-", b"!", b"?",
    b"<!--", b"-->", b"<meta", b"<META", b"<meta ", b"<meta/", b"</", b"<!", b"<?", b"<a ", b"<p>", b"</div>",
    b"charset", b"CHARSET", b"content", b"http-equiv", b"content-type", b"text/html; charset=",
    b"utf-8", b"windows-1252", b"gbk", b"x-user-defined", b"utf-16le", b"bogus", b"\xe9", b"\x00", b"x",
    b'<?xml encoding="koi8-r"?>',
])


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECES, max_size=40))
def test_generated_markup_agrees(pieces: list[bytes]) -> None:
    data = b"".join(pieces)
    _agree(data)
    _agree(b"<meta " + data)
