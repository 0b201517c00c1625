"""The HTML serializer in C (dom/serialization_speedups.c) against the algorithm over the wrappers
(dom/serialization.py, serialize_fragment, the reference): the same string for every element's
outerHTML and innerHTML, or a refusal, on html5lib-tests documents, the Chromium corpus, the
bench pages and documents changed through the DOM in the ways only wrappers remember."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

import dom.serialization as serialization
import webdom
from tests.conftest import REPO
from tests.dom.parsing.differential.compare import load_cases
from tests.dom.parsing.test_html5lib_tree import DIR as HTML5LIB_DIR
from tests.dom.parsing.test_html5lib_tree import _read_cases

BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "html"

pytestmark = pytest.mark.skipif(serialization._C_SERIALIZE is None, reason="the C extension is not built or not in use")


def _check(document: Any, every: int = 1) -> int:
    """Compare the two on every *every*-th element; the number the C one wrote."""
    written = 0
    elements = [document.documentElement, *document.querySelectorAll("*")] if document.documentElement else []
    for element in elements[::every]:
        outer = serialization._in_c(element._lx, element._doc, False)
        if outer is not None:
            assert outer == serialization.serialize_fragment(serialization._Single(element))
            written += 1
        if not serialization._serializes_as_void(element):
            holder = serialization.children_holder(element)
            inner = serialization._in_c(holder._lx, holder._doc, True)
            if inner is not None:
                assert inner == serialization.serialize_fragment(element)
    return written


def test_html5lib_documents() -> None:
    if not HTML5LIB_DIR.exists():
        pytest.skip(f"{HTML5LIB_DIR} not found: put shared/ beside the repository or set WEBDOM_CONFORMANCE")
    written = 0
    for _, _, case in _read_cases():
        if case["fragment"] is None:
            written += _check(webdom.parse_html(case["data"]))
    assert written > 5000


def test_chromium_differential_corpus() -> None:
    written = sum(_check(webdom.parse_html(case["input"])) for case in load_cases()[1] if case["context"] is None)
    assert written > 5000


def test_bench_pages() -> None:
    pages = sorted(BENCH_HTML.glob("*.html")) if BENCH_HTML.exists() else []
    if not pages:
        pytest.skip(f"{BENCH_HTML} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    for page in pages:
        document = webdom.parse_html(page.read_bytes())
        assert _check(document, every=97) > 10
        assert serialization._in_c(document.documentElement._lx, document, False) is not None


def test_documents_changed_through_the_dom() -> None:
    """What only wrappers know: prefixes, namespaces, true strings lxml cannot hold, PIs."""
    rng = random.Random(11)
    makers = [
        lambda d: d.createElementNS("urn:x", "p:el"),
        lambda d: d.createElementNS(None, "plain"),
        lambda d: d.createElementNS("http://www.w3.org/2000/svg", "svg:g"),
        lambda d: d.createElement("my-el"),
        lambda d: d.createElement("template"),
        lambda d: d.createComment("a\ufffdb"),
        lambda d: d.createComment("bad\x01"),
        lambda d: d.createProcessingInstruction("t", "d"),
        lambda d: d.createTextNode("x\u00a0<&>\ufffd"),
        lambda d: d.createTextNode("\x02"),
    ]
    for _ in range(300):
        document = webdom.parse_html("<!DOCTYPE html><div id=a><p>t</p><template><b>c</b></template></div>")
        for _ in range(rng.randrange(1, 8)):
            node = rng.choice(makers)(document)
            targets = [*document.querySelectorAll("*")]
            parent = rng.choice(targets)
            if parent.localName == "template" and parent.namespaceURI == "http://www.w3.org/1999/xhtml":
                parent = parent.content
            parent.appendChild(node)
            if node.nodeType == 1:
                choice = rng.randrange(4)
                if choice == 0:
                    node.setAttributeNS("urn:y", "q:at", "v")
                elif choice == 1:
                    node.setAttribute("title", "x\ufffd\x03" if rng.random() < 0.5 else 'a"b\u00a0')
                elif choice == 2:
                    node.setAttributeNS("http://www.w3.org/1999/xlink", "xl:href", "u")
                else:
                    node.setAttribute("@click", "go")
        _check(document)


def test_a_refusal_leaves_the_reference() -> None:
    """Declining is a real route: an attribute in another namespace keeps its prefix on the wrapper."""
    document = webdom.parse_html("<div></div>")
    div = document.querySelector("div")
    div.setAttributeNS("urn:y", "q:at", "v")
    assert serialization._in_c(div._lx, document, False) is None
    assert div.outerHTML == '<div q:at="v"></div>'


def test_nested_templates_are_written_in_c() -> None:
    """Each template's contents are in its content document, whose wrapper map the C serializer
    is handed along (the outer document's map does not hold a nested template's wrapper)."""
    for depth in (2, 50, 3000):
        document = webdom.parse_html("<template>" * depth + "<p>x</p>")
        root = document.documentElement
        written = serialization._in_c(root._lx, document, False)
        assert written is not None
        assert written == serialization.serialize_fragment(serialization._Single(root))
