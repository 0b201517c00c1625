"""The web-platform-tests' own testharness.js tests, run through webdom's JS binding.

A fast subset runs here (each file in a child process, see run.py); ``WEBDOM_WPT_FULL=1`` runs
every directory the runner covers (``WEBDOM_WPT_FULL="url dom/nodes"`` only those).  A failing
subtest not listed in expectations.json (with its reason) is a regression; a listed one that
passes must be removed from the list.  Skips when the ``js`` extra (pythonmonkey) is not
installed.
"""

from __future__ import annotations

import importlib.util
import json
import os

import pytest

from tests.conftest import conformance_path
from tests.wpt import run

# One or two files per part of the binding: collections and named properties, dataset (a named
# setter), callbacks and reported exceptions, constructors, typed arrays, URL and its search params.
FAST = [
    "url/urlsearchparams-append.any.js", "url/urlsearchparams-constructor.any.js", "url/urlsearchparams-sort.any.js",
    "url/urlsearchparams-stringifier.any.js", "url/url-tojson.any.js", "dom/nodes/CharacterData-appendData.html",
    "dom/nodes/CharacterData-remove.html", "dom/nodes/ChildNode-after.html", "dom/nodes/Comment-constructor.html",
    "dom/nodes/Document-constructor.html", "dom/collections/HTMLCollection-supported-property-names.html",
    "dom/collections/HTMLCollection-as-prototype.html", "dom/collections/namednodemap-supported-property-names.html",
    "dom/collections/domstringmap-supported-property-names.html", "dom/events/EventListener-handleEvent.html",
    "dom/events/Event-dispatch-throwing.html", "encoding/textdecoder-fatal.any.js",
    # document.all's [[Call]], an unnamed indexed getter, an index-named dataset property, an indexed setter
    "html/infrastructure/common-dom-interfaces/collections/htmlallcollection.html",
    "html/semantics/forms/the-form-element/form-indexed-element.html",
    "html/dom/elements/global-attributes/dataset-binding.window.js",
    "html/semantics/forms/the-select-element/common-HTMLOptionsCollection.html",
    # nested frames discarded while their parent frame is (a crash of frames.js before)
    "dom/nodes/Node-isConnected.html",
    # an expando hiding a later named property ([LegacyOverrideBuiltIns]); <body onload> compiled as the
    # Window's handler, with frames decoded in their container's encoding
    "html/semantics/forms/the-form-element/form-nameditem.html", "encoding/remove-only-one-bom.html",
]


@pytest.fixture(scope="module")
def results() -> list[dict[str, object]]:
    if importlib.util.find_spec("pythonmonkey") is None:
        pytest.skip("the JS binding needs pythonmonkey: pip install 'webdom[js]'")
    conformance_path("wpt", "resources", "testharness.js")
    full = os.environ.get("WEBDOM_WPT_FULL", "")
    files = run.test_files(run.DIRECTORIES if full == "1" else full.split()) if full else FAST
    found = run.run_files(files, jobs=int(os.environ.get("WEBDOM_WPT_JOBS", "1")))
    print("\n" + run.summarize(found).splitlines()[-1].replace("wpt:", "wpt-subset:"))
    return found


def test_no_regressions(results: list[dict[str, object]]) -> None:
    expectations = run.load_expectations()
    problems = [p for r in results for p in run.check(r, expectations.get(str(r["file"]), {}))]
    assert not problems, "\n".join(problems[:40])


def test_expectations_have_reasons() -> None:
    for file, entries in run.load_expectations().items():
        for name, reason in entries.items():
            assert reason.strip(), f"{file} | {name}: no reason"
            # run.py --update-expectations writes "fails: <assertion message>" for a failure no
            # pattern explains: a placeholder, to be replaced by a reason a reader can check
            assert not reason.startswith("fails:"), f"{file} | {name}: a generated reason ({reason[:80]})"


def test_expectations_sorted_by_file() -> None:
    """Sorted, so that merges of branches that each touch a few files stay easy."""
    text = run.EXPECTATIONS.read_text(encoding="utf-8")
    files = list(json.loads(text))
    assert files == sorted(files)


def test_emulated_percent_encoding_handler() -> None:
    """The runner's url/resources/percent-encoding.py (no pythonmonkey needed): the frame document
    it serves, parsed as a browser would (its meta gives the encoding), has a link whose query
    is percent-encoded in that encoding and whose fragment in UTF-8, as url/percent-encoding.json
    says."""
    import base64

    import webdom

    units = json.loads(conformance_path("wpt", "url", "resources", "percent-encoding.json").read_text(encoding="utf-8"))
    checked = 0
    for unit in units:
        if isinstance(unit, str):
            continue
        value = base64.b64encode(unit["input"].encode("utf-8")).decode("ascii")
        for encoding, expected in unit["output"].items():
            url = f"{run.ORIGIN}/url/resources/percent-encoding.py?encoding={encoding}&value={value}"
            body = run._handler_response(url)
            assert body is not None
            link = webdom.parse_html(body, url=url).querySelector("a")
            assert (link.search, link.hash) == (f"?{expected}", f"#{unit['output']['utf-8']}"), (unit, encoding)
            checked += 1
    print(f"\npercent-encoding.py emulated: {checked}/{checked} query/fragment pairs")
    assert checked


def test_emulated_encoding_handler() -> None:
    """The runner's dom/nodes/encoding.py: a document whose meta names a label parses in that
    label's encoding (utf-16 becomes UTF-8 from a meta, https://html.spec.whatwg.org/#prescan-a-byte-stream-to-determine-its-encoding)."""
    import webdom

    for label, name in (("latin1", "windows-1252"), ("koi8-r", "KOI8-R"), ("utf-16", "UTF-8"), ("sjis", "Shift_JIS")):
        url = f"{run.ORIGIN}/dom/nodes/encoding.py?label={label}"
        body = run._handler_response(url)
        assert body is not None
        assert webdom.parse_html(body, url=url).characterSet == name, label


def test_testdriver_click_and_send_keys() -> None:
    """The runner's test_driver automation (tests/wpt/testdriver.py, no pythonmonkey needed): a
    click fires trusted pointer and mouse events around the focusing of what it lands in, and
    a click with its activation behavior; keys go to the focused element, Tab moves the focus,
    characters are typed into a text control, Enter submits its form implicitly."""
    import webdom
    from tests.wpt import testdriver

    doc = webdom.parse_html("<!doctype html><form><input id=t><input id=c type=checkbox>"
                            "<span id=s>x</span></form><button id=b>b</button>")
    log: list[tuple[str, str, bool]] = []
    for kind in ("pointerdown", "mousedown", "focus", "pointerup", "mouseup", "click", "keydown", "keypress",
                 "beforeinput", "input", "keyup", "submit"):
        doc.addEventListener(kind, lambda e: log.append((e.type, e.target.id, e.isTrusted)), True)
    testdriver.click(doc.getElementById("c"))
    assert [entry[0] for entry in log] == ["pointerdown", "mousedown", "focus", "pointerup", "mouseup", "click",
                                           "input"]  # the checkbox's activation behavior
    assert all(trusted for _, _, trusted in log) and doc.getElementById("c").checked
    log.clear()
    testdriver.click(doc.getElementById("s"))  # nothing focusable: the focus leaves
    assert doc.activeElement is doc.body
    testdriver.send_keys(doc.getElementById("t"), "ab")
    assert doc.getElementById("t").value == "ab"
    assert ("input", "t", True) in log and ("keypress", "t", True) in log
    testdriver.send_keys(doc.getElementById("t"), "\ue004")
    assert doc.activeElement is doc.getElementById("c")
    log.clear()
    testdriver.send_keys(doc.getElementById("t"), "\ue007")
    assert ("submit", "", True) in log
    select = doc.createElement("select")
    select.innerHTML = "<option>1<option disabled>2<option>3"
    doc.body.append(select)
    testdriver.send_keys(select, "\ue015")  # ArrowDown: the next enabled option
    assert select.selectedIndex == 2
