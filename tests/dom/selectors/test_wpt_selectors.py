"""WPT querySelector(All) data (../shared/conformance/selectors), set up as the upstream HTML test does.

Contexts: the document, an in-document element (#root), a detached deep clone of #root and a
DocumentFragment holding such a clone.  Valid selectors must return the expected ids in tree
order; invalid ones must raise a "SyntaxError" DOMException from every API.  Pass counts print.

Exclusions (listed, not hidden):
* ``:target`` needs a navigated URL fragment (the upstream page is loaded with ``#target``):
  this library does not navigate, so ``:target`` never matches.
* ``:visited``, ``:hover`` and the like need a browser: they never match (as for a page the
  user has not touched).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from dom import parse_html
from tests.conftest import CONFORMANCE, conformance_path
from webidl import DOMSyntaxError

DATA = CONFORMANCE / "selectors" / "selectors.json"
PAGE = CONFORMANCE / "selectors" / "ParentNode-querySelector-All-content.html"
RESULTS: Counter = Counter()
SKIP_NAMES = (":target",)


def _setup():
    document = parse_html(PAGE.read_bytes(), url="http://example.test/page.html#target")
    root = document.getElementById("root")
    root.appendChild(document.createElement("null"))
    root.appendChild(document.createElement("undefined"))
    for prefix in ("any-namespace", "no-namespace"):
        holder = document.createElement("div")
        holder.setAttribute("id", prefix)
        one = document.createElement("div")
        one.id = f"{prefix}-div1"
        two = document.createElementNS("http://www.w3.org/1999/xhtml", "div")
        two.id = f"{prefix}-div2"
        three = document.createElementNS("", "div")
        three.setAttribute("id", f"{prefix}-div3")
        four = document.createElementNS("http://www.example.org/ns", "div")
        four.setAttribute("id", f"{prefix}-div4")
        for child in (one, two, three, four):
            holder.appendChild(child)
        root.appendChild(holder)
    paragraph = document.getElementById("attr-presence-p1")
    if paragraph is not None and document.getElementById("attr-presence-i1") is None:
        italic = document.createElement("i")  # the element the stored page lacks (see README)
        italic.id = "attr-presence-i1"
        paragraph.appendChild(italic)
    italic = document.getElementById("attr-presence-i1")
    if italic is not None:
        italic.setAttributeNS("http://www.example.org/ns", "title", "")
    detached = root.cloneNode(True)
    fragment = document.createDocumentFragment()
    fragment.appendChild(root.cloneNode(True))
    return {"document": document, "element": root, "detached": detached, "fragment": fragment}


_CONTEXTS = None


def contexts():
    global _CONTEXTS
    if _CONTEXTS is None:
        _CONTEXTS = _setup()
    return _CONTEXTS


def _load():
    if not DATA.exists():
        return [], []
    data = json.loads(DATA.read_text(encoding="utf-8"))
    valid = [
        (entry, context)
        for entry in data["validSelectors"]
        for context in entry.get("qsaContextsHtml", [])
    ]
    return valid, data["invalidSelectors"]


VALID, INVALID = _load()


@pytest.fixture(autouse=True, scope="module")
def _report():
    yield
    for kind in ("valid", "invalid"):
        if RESULTS[kind + " total"]:
            print(f"\nWPT selectors, {kind}: {RESULTS[kind + ' passed']}/{RESULTS[kind + ' total']}")


@pytest.mark.parametrize(
    "entry, context", VALID or [(None, None)],
    ids=[f"{c}:{e['index']}:{e['selector'][:40]}" for e, c in VALID] or None,
)
def test_valid_selector(entry, context):
    conformance_path("selectors", "selectors.json")
    if any(s in entry["selector"] for s in SKIP_NAMES):
        pytest.skip("needs navigation to a URL fragment (see module docstring)")
    RESULTS["valid total"] += 1
    node = contexts()[context]
    found = [e.getAttribute("id") for e in node.querySelectorAll(entry["selector"])]
    assert found == entry["expect"]
    first = node.querySelector(entry["selector"])
    assert (first.getAttribute("id") if first is not None else None) == (entry["expect"][0] if entry["expect"] else None)
    RESULTS["valid passed"] += 1


@pytest.mark.parametrize("entry", INVALID or [None], ids=[f"{e['index']}:{e['selector']!r}" for e in INVALID] or None)
def test_invalid_selector(entry):
    conformance_path("selectors", "selectors.json")
    RESULTS["invalid total"] += 1
    for node in contexts().values():
        with pytest.raises(DOMSyntaxError):
            node.querySelectorAll(entry["selector"])
        with pytest.raises(DOMSyntaxError):
            node.querySelector(entry["selector"])
    element = contexts()["element"]
    with pytest.raises(DOMSyntaxError):
        element.matches(entry["selector"])
    RESULTS["invalid passed"] += 1
