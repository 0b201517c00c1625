"""A document is freed once the user drops it, whatever was asked of it.

A crawl parses page after page: anything webdom keeps about a node in a module-level map (a
weak map whose value refers back to the node's document, a list of pending work) keeps every
page alive.  Each case here uses an API on a fresh document, drops it, and checks that a
garbage collection frees it.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable
from typing import Any

import pytest

import dom
from dom.mutation_observers import perform_a_microtask_checkpoint

PAGE = b"""<!DOCTYPE html><html><head><title>t</title>
<style>.hidden { display: none } p { color: red }</style>
<link rel=stylesheet href=/site.css>
</head><body><p class=hidden>hidden <a href=/x>link</a></p><p id=p>shown</p>
<form><input name=q value=v><select name=s><option>o</select></form>
<div id=host><span slot=s>slotted</span> text</div><ul><li>1<li>2</ul></body></html>"""


def _slots(d: Any) -> None:
    root = d.getElementById("host").attachShadow({"mode": "open"})
    root.innerHTML = "<style>span { color: blue }</style><slot name=s></slot><slot></slot>"
    assert d.querySelector("span").assignedSlot is not None
    root.styleSheets.length  # noqa: B018


def _manual_slots(d: Any) -> None:
    root = d.getElementById("host").attachShadow({"mode": "open", "slotAssignment": "manual"})
    slot = root.appendChild(d.createElement("slot"))
    slot.assign(d.querySelector("span"))
    assert d.querySelector("span").assignedSlot is slot


def _adopted(d: Any) -> None:
    sheet = dom.CSSStyleSheet()
    sheet.replaceSync("p { color: green }")
    d.adoptedStyleSheets = [sheet]
    root = d.getElementById("host").attachShadow({"mode": "open"})
    root.adoptedStyleSheets = [sheet]
    d.defaultView.getComputedStyle(d.getElementById("p")).color  # noqa: B018


def _linked_sheet(d: Any) -> None:
    dom.set_style_sheet_loader(d, lambda url: "a { color: lime }")
    assert d.styleSheets.length == 2
    d.defaultView.getComputedStyle(d.querySelector("a")).color  # noqa: B018


def _observer(d: Any) -> None:
    observer = dom.MutationObserver(lambda records, o: None)
    observer.observe(d.body, {"childList": True, "subtree": True, "attributes": True})
    d.body.appendChild(d.createElement("p")).id = "new"


def _every_computed_style(d: Any) -> None:
    window = d.defaultView
    for element in d.querySelectorAll("*"):
        window.getComputedStyle(element).display  # noqa: B018


CASES: dict[str, Callable[[Any], Any]] = {
    "parse": lambda d: None,
    "innerText": lambda d: d.body.innerText,
    "outerText": lambda d: d.getElementById("p").outerText,
    "getComputedStyle": _every_computed_style,
    "checkVisibility": lambda d: d.querySelector("a").checkVisibility(),
    "styleSheets": lambda d: [rule.cssText for sheet in d.styleSheets for rule in sheet.cssRules],
    "sheet": lambda d: d.querySelector("style").sheet.insertRule("li { color: red }"),
    "style attribute": lambda d: d.getElementById("p").style.setProperty("color", "red"),
    "matchMedia": lambda d: d.defaultView.matchMedia("(min-width: 100px)").matches,
    "linked sheet": _linked_sheet,
    "adoptedStyleSheets": _adopted,
    "slots": _slots,
    "manual slots": _manual_slots,
    "mutation observer": _observer,
    "selectors": lambda d: (d.querySelectorAll("ul > li:nth-child(odd)").length, d.body.matches("body"),
                            d.querySelector("a").closest("p")),
    "live collections": lambda d: (d.getElementsByTagName("li").length, d.forms[0].elements.length,
                                   d.body.children.length, d.links.length),
    "forms": lambda d: (dom.FormData(d.forms[0]), d.querySelector("select").selectedOptions.length,
                        d.querySelector("input").focus()),
    "events": lambda d: (d.body.addEventListener("click", lambda event: None), d.body.click()),
    "ranges": lambda d: (d.createRange().selectNodeContents(d.body), d.createTreeWalker(d.body).nextNode()),
    "innerHTML": lambda d: setattr(d.body, "innerHTML", "<p>new</p><template><b>t</b></template>"),
    "cloning": lambda d: d.cloneNode(True).documentElement.outerHTML,
    "reflection": lambda d: (d.querySelector("a").href, d.body.classList.add("x"), d.body.dataset),
}


@pytest.mark.parametrize("name", CASES)
def test_dropped_document_is_freed(name: str) -> None:
    document = dom.parse_html(PAGE)
    CASES[name](document)
    perform_a_microtask_checkpoint()  # pending mutation records and slotchange events are delivered
    ref = weakref.ref(document)
    del document
    gc.collect()
    assert ref() is None, f"the document is still alive after {name}"


def test_pending_records_hold_their_document_until_delivered() -> None:
    """Records waiting for the mutation observer microtask refer to their nodes, as in a browser
    during a long task; delivering them lets the document go."""
    document = dom.parse_html(PAGE)
    _observer(document)
    ref = weakref.ref(document)
    del document
    gc.collect()
    assert ref() is not None
    perform_a_microtask_checkpoint()
    gc.collect()
    assert ref() is None


def test_a_loop_that_only_parses_frees_the_documents_it_drops(monkeypatch: pytest.MonkeyPatch) -> None:
    """Documents wait for the cyclic collector, which counts Python objects and not the trees
    they hold: once the markup parsed since the last full collection passes a budget, the next
    large parse runs one (dom/parsing/freed_memory.py)."""
    from dom.parsing import freed_memory

    monkeypatch.setattr(freed_memory, "_COLLECT_AFTER", 300_000)
    page = "<!DOCTYPE html><p>" + "<a href=/x>link</a> text " * 3000
    gc.collect()
    full = gc.get_stats()[2]["collections"]
    refs = []
    for _ in range(5):  # 5 x 75,000 characters
        document = dom.parse_html(page)
        refs.append(weakref.ref(document))
        del document
    assert gc.get_stats()[2]["collections"] > full
    assert [ref() is None for ref in refs[:3]] == [True] * 3  # (the fourth parse ran it)
