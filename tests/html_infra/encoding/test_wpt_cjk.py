"""The WPT CJK encoder and decoder tests (encoding/ in ../shared/conformance/wpt), their cases read
from the test files at run time and run in Python, without the JS binding: each decode() call of
the decoder tests through TextDecoder, each encode() call of the encoder tests through an <a>
element's URL query in a document of that encoding, as the tests themselves do."""

from __future__ import annotations

import re

import webdom
from html_infra.encoding import TextDecoder
from tests.conftest import conformance_path

_STRING = r'"((?:[^"\\]|\\.)*)"'
_DECODE = re.compile(r"decode\(\s*\[([^\]]*)\],\s*" + _STRING + r",\s*" + _STRING + r",?\s*\)")
_ENCODE = re.compile(r"encode\(\s*" + _STRING + r",\s*" + _STRING + r",\s*" + _STRING + r"\s*\)")
_RANGE = re.compile(r"\[(\d+), " + _STRING + r"\]")


def _js_string(literal: str) -> str:
    """A JS double-quoted string literal's value (the escapes these files use)."""
    def escape(match: re.Match[str]) -> str:
        e = match.group(1)
        if e.startswith("u{"):
            return chr(int(e[2:-1], 16))
        if e[0] in "ux":
            return chr(int(e[1:], 16))
        return {"n": "\n", "r": "\r", "t": "\t"}.get(e, e)

    units = re.sub(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)", escape, literal)
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")  # pairs joined


def _bytes(array: str) -> bytes:
    return bytes(int(item, 0) for item in array.replace("\n", " ").split(",") if item.strip())


def _wpt(*path: str) -> str:
    return conformance_path("wpt", "encoding", *path).read_text(encoding="utf-8")


def _ranges() -> list[tuple[int, str]]:
    text = _wpt("legacy-mb-schinese", "gb18030", "resources", "ranges.js")
    return [(int(p), _js_string(s)) for p, s in _RANGE.findall(text)]


def _check_decoders(name: str, encodings: tuple[str, ...], cases: list[tuple[bytes, str, str]]) -> None:
    failures = [
        f"{desc} ({encoding}): {TextDecoder(encoding).decode(data)!r} != {expected!r}"
        for data, expected, desc in cases
        for encoding in encodings
        if TextDecoder(encoding).decode(data) != expected
    ]
    print(f"\nWPT encoding {name}: {len(cases) - len({f.split(' (')[0] for f in failures})}/{len(cases)}")
    assert not failures, failures[:10]


def _check_encoder(name: str, label: str, cases: list[tuple[str, str, str]], wrap: str = "") -> None:
    document = webdom.parse_html(f"<meta charset={label}>".encode())
    failures = []
    for text, expected, desc in cases:
        a = document.createElement("a")  # <a> uses the document's encoding for its URL's query
        a.href = f"https://example.com/?{wrap}{text}{wrap}"
        if a.search[1:] != f"{wrap}{expected}{wrap}":
            failures.append(f"{desc}: {a.search[1:]!r} != {expected!r}")
    print(f"\nWPT encoding {name}: {len(cases) - len(failures)}/{len(cases)}")
    assert not failures, failures[:10]


def test_iso_2022_jp_decoder():
    text = _wpt("iso-2022-jp-decoder.any.js")
    cases = [(_bytes(b), _js_string(s), _js_string(d)) for b, s, d in _DECODE.findall(text)]
    assert len(cases) == 34
    _check_decoders("iso-2022-jp-decoder.any.js", ("iso-2022-jp",), cases)


def test_gb18030_decoder():
    text = _wpt("legacy-mb-schinese", "gb18030", "gb18030-decoder.any.js")
    cases = [(_bytes(b), _js_string(s), _js_string(d)) for b, s, d in _DECODE.findall(text)]
    for i, (pointer, code_point) in enumerate(_ranges()):  # the file's loop over ranges.js
        four = bytes((pointer // 12600 + 0x81, pointer % 12600 // 1260 + 0x30, pointer % 1260 // 10 + 0x81,
                      pointer % 10 + 0x30))
        cases.append((four, code_point, f"range {i}"))
    assert len(cases) == 238
    _check_decoders("gb18030-decoder.any.js", ("gb18030", "gbk"), cases)


def test_gbk_decoder():
    text = _wpt("legacy-mb-schinese", "gbk", "gbk-decoder.any.js")
    arrays = re.findall(r"const (gbkPointers|codePoints) = \[([^\]]*)\]", text)
    numbers = {name: [int(x, 0) for x in body.replace("\n", " ").split(",") if x.strip()] for name, body in arrays}
    cases = []
    for pointer, code_point in zip(numbers["gbkPointers"], numbers["codePoints"], strict=True):
        trail = pointer % 190
        data = bytes((pointer // 190 + 0x81, trail + (0x40 if trail < 0x3F else 0x41)))
        cases.append((data, chr(code_point), f"gbk pointer: {pointer}"))
    _check_decoders("gbk-decoder.any.js", ("gbk",), cases)


def test_gb18030_and_gbk_encoders():
    text = _wpt("legacy-mb-schinese", "gb18030", "gb18030-encoder.html")
    cases = [tuple(map(_js_string, case)) for case in _ENCODE.findall(text)]
    for i, (pointer, code_point) in enumerate(_ranges()):  # the file's encodePointer loop
        first, third = pointer // 12600 + 0x81, pointer % 1260 // 10 + 0x81
        expected = f"%{first:02X}{chr(pointer % 12600 // 1260 + 0x30)}%{third:02X}{chr(pointer % 10 + 0x30)}"
        cases.append((code_point, expected, f"range {i}"))
    assert len(cases) == 218
    _check_encoder("gb18030-encoder.html", "gb18030", cases)  # type: ignore[arg-type]
    text = _wpt("legacy-mb-schinese", "gbk", "gbk-encoder.html")
    _check_encoder("gbk-encoder.html", "gbk", [tuple(map(_js_string, c)) for c in _ENCODE.findall(text)])  # type: ignore[misc]


def test_big5_and_iso_2022_jp_encoders():
    text = _wpt("big5-encoder.html")
    cases = [tuple(map(_js_string, case)) for case in _ENCODE.findall(text)]
    assert len(cases) == 13
    _check_encoder("big5-encoder.html", "big5", cases, wrap="X")  # type: ignore[arg-type]
    text = _wpt("iso-2022-jp-encoder.html")
    cases = [tuple(map(_js_string, case)) for case in _ENCODE.findall(text)]
    assert len(cases) == 12
    _check_encoder("iso-2022-jp-encoder.html", "iso-2022-jp", cases)  # type: ignore[arg-type]
