"""MutationObserver (https://dom.spec.whatwg.org/#mutation-observers), behaviours from WPT
dom/nodes/MutationObserver-*.html (childList, attributes, characterData, takeRecords,
disconnect, subtree and transient observers, option validation)."""

from __future__ import annotations

import warnings

import pytest

import dom
from dom import MutationObserver, notify_mutation_observers


@pytest.fixture
def doc() -> dom.Document:
    return dom.parse_html("<div id=root><p id=p>text</p><span id=s></span></div>")


def _summary(records):  # type: ignore[no-untyped-def]
    out = []
    for r in records:
        added = [n.nodeName for n in r.addedNodes]
        removed = [n.nodeName for n in r.removedNodes]
        out.append((r.type, r.target.nodeName, added, removed, r.attributeName, r.oldValue))
    return out


def test_child_list_records(doc: dom.Document) -> None:
    root = doc.getElementById("root")
    observer = MutationObserver(lambda records, obs: None)
    observer.observe(root, {"childList": True})
    b = doc.createElement("b")
    root.appendChild(b)
    root.removeChild(b)
    root.insertBefore(b, root.firstChild)
    records = observer.takeRecords()
    assert _summary(records) == [
        ("childList", "DIV", ["B"], [], None, None),
        ("childList", "DIV", [], ["B"], None, None),
        ("childList", "DIV", ["B"], [], None, None),
    ]
    assert records[0].previousSibling is doc.getElementById("s") and records[0].nextSibling is None
    assert records[2].nextSibling is doc.getElementById("p") and records[2].previousSibling is None
    assert observer.takeRecords() == []


def test_replace_and_inner_html_give_one_record(doc: dom.Document) -> None:
    root = doc.getElementById("root")
    observer = MutationObserver(lambda records, obs: None)
    observer.observe(root, {"childList": True})
    new = doc.createElement("i")
    root.replaceChild(new, doc.getElementById("s"))
    root.innerHTML = "<a></a><b></b>"
    fragment = doc.createDocumentFragment()
    fragment.append(doc.createElement("x"), doc.createElement("y"))
    root.appendChild(fragment)
    assert _summary(observer.takeRecords()) == [
        ("childList", "DIV", ["I"], ["SPAN"], None, None),
        ("childList", "DIV", ["A", "B"], ["P", "I"], None, None),
        ("childList", "DIV", ["X", "Y"], [], None, None),
    ]


def test_attributes_and_filters(doc: dom.Document) -> None:
    p = doc.getElementById("p")
    all_attrs = MutationObserver(lambda records, obs: None)
    filtered = MutationObserver(lambda records, obs: None)
    all_attrs.observe(p, {"attributeOldValue": True})  # implies attributes
    filtered.observe(p, {"attributeFilter": ["class"]})
    p.setAttribute("class", "a")
    p.setAttribute("class", "b")
    p.setAttribute("title", "t")
    p.removeAttribute("title")
    p.setAttributeNS("urn:x", "x:class", "ns")
    assert _summary(all_attrs.takeRecords()) == [
        ("attributes", "P", [], [], "class", None),
        ("attributes", "P", [], [], "class", "a"),
        ("attributes", "P", [], [], "title", None),
        ("attributes", "P", [], [], "title", "t"),
        ("attributes", "P", [], [], "class", None),
    ]
    assert [(r.attributeName, r.oldValue) for r in filtered.takeRecords()] == [("class", None), ("class", None)]


def test_character_data_and_subtree(doc: dom.Document) -> None:
    root = doc.getElementById("root")
    observer = MutationObserver(lambda records, obs: None)
    observer.observe(root, {"characterData": True, "characterDataOldValue": True, "subtree": True})
    text = doc.getElementById("p").firstChild
    text.data = "new"
    text.appendData("!")
    doc.getElementById("p").setAttribute("x", "1")  # not observed
    assert _summary(observer.takeRecords()) == [
        ("characterData", "#text", [], [], None, "text"),
        ("characterData", "#text", [], [], None, "new"),
    ]
    shallow = MutationObserver(lambda records, obs: None)
    shallow.observe(root, {"characterData": True})
    text.data = "again"
    assert shallow.takeRecords() == []  # no subtree: the text node is not the target


def test_delivery_at_the_checkpoint_and_disconnect(doc: dom.Document) -> None:
    root = doc.getElementById("root")
    calls: list[tuple[int, object]] = []
    observer = MutationObserver(lambda records, obs: calls.append((len(records), obs)))
    observer.observe(root, {"childList": True, "subtree": True})
    root.append("a")
    doc.getElementById("p").append("b")
    assert calls == []
    notify_mutation_observers()
    assert calls == [(2, observer)]
    notify_mutation_observers()
    assert len(calls) == 1  # nothing new
    observer.disconnect()
    root.append("c")
    notify_mutation_observers()
    assert len(calls) == 1


def test_transient_observers_follow_removed_nodes(doc: dom.Document) -> None:
    root = doc.getElementById("root")
    observer = MutationObserver(lambda records, obs: None)
    observer.observe(root, {"attributes": True, "subtree": True})
    p = doc.getElementById("p")
    p.remove()
    p.setAttribute("late", "1")  # still observed until the next delivery
    assert [r.attributeName for r in observer.takeRecords()] == ["late"]
    notify_mutation_observers()
    p.setAttribute("later", "1")
    assert observer.takeRecords() == []


def test_reobserving_replaces_options(doc: dom.Document) -> None:
    root = doc.getElementById("root")
    observer = MutationObserver(lambda records, obs: None)
    observer.observe(root, {"childList": True})
    observer.observe(root, {"attributes": True})
    root.append("x")
    root.setAttribute("a", "1")
    assert [r.type for r in observer.takeRecords()] == ["attributes"]


@pytest.mark.parametrize(
    "options",
    [{}, {"childList": False}, {"attributes": False, "attributeOldValue": True},
     {"attributes": False, "attributeFilter": ["a"]}, {"characterData": False, "characterDataOldValue": True}],
)
def test_invalid_options(doc: dom.Document, options: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(TypeError):
        MutationObserver(lambda records, obs: None).observe(doc, options)


def test_callback_errors_are_reported(doc: dom.Document) -> None:
    def boom(records, obs):  # type: ignore[no-untyped-def]
        raise RuntimeError("boom")

    observer = MutationObserver(boom)
    observer.observe(doc, {"childList": True, "subtree": True})
    doc.body.append("x")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        notify_mutation_observers()
    assert any("boom" in str(w.message) for w in caught)
    with pytest.raises(TypeError):
        MutationObserver("not callable")  # type: ignore[arg-type]


def _siblings(records):  # type: ignore[no-untyped-def]
    name = lambda n: n.nodeName if n is not None else None  # noqa: E731
    return [([name(n) for n in r.addedNodes], [name(n) for n in r.removedNodes], name(r.previousSibling),
             name(r.nextSibling)) for r in records]


def test_split_text_queues_the_insertion_record(doc: dom.Document) -> None:
    """https://dom.spec.whatwg.org/#concept-text-split step 7.1 inserts the new node (a childList
    record, previousSibling the split node) before step 8 changes the data."""
    p = doc.getElementById("p")
    observer = MutationObserver(lambda records, obs: None)
    observer.observe(p, {"childList": True, "characterData": True, "subtree": True})
    text = p.firstChild
    new = text.splitText(2)
    records = observer.takeRecords()
    assert [r.type for r in records] == ["childList", "characterData"]
    assert records[0].addedNodes[0] is new and records[0].previousSibling is text and records[0].nextSibling is None


@pytest.mark.parametrize(("new", "old", "expected"), [
    # a sibling replaces another: adopting it removes it first, with its siblings as they were
    (2, 1, [([], ["I"], "B", None), (["I"], ["B"], "A", None)]),
    (0, 1, [([], ["A"], None, "B"), (["A"], ["B"], "A", "I")]),
    # replaceChild(x, x): the removal by adoption, then the insertion (two records)
    (1, 1, [([], ["B"], "A", "I"), (["B"], [], "A", "I")]),
])
def test_replace_child_records(new: int, old: int, expected: list[object]) -> None:
    """https://dom.spec.whatwg.org/#concept-node-replace: step 6 adopts node (observed) before
    step 7 removes child (suppressed)."""
    div = dom.parse_html("<div><a></a><b></b><i></i></div>").querySelector("div")
    observer = MutationObserver(lambda records, obs: None)
    observer.observe(div, {"childList": True})
    div.replaceChild(div.children[new], div.children[old])
    assert _siblings(observer.takeRecords()) == expected


def test_records_arrive_by_themselves_under_a_running_loop_and_at_a_checkpoint_without_one() -> None:
    """Under a running asyncio loop the mutation observer microtask runs when the current task
    yields; without a loop, webdom.run_microtasks() or the end of a ``with webdom.microtasks()``
    block delivers the records (https://html.spec.whatwg.org/#perform-a-microtask-checkpoint)."""
    import asyncio

    import webdom

    div = dom.parse_html("<div></div>").querySelector("div")
    got: list[int] = []
    observer = MutationObserver(lambda records, obs: got.append(len(records)))
    observer.observe(div, {"childList": True})
    div.append("a")
    assert got == []
    webdom.run_microtasks()
    assert got == [1]
    with webdom.microtasks():
        div.append("b")
        div.append("c")
        assert got == [1]
    assert got == [1, 2]

    async def task() -> list[int]:
        div.append("d")
        before = list(got)
        await asyncio.sleep(0)
        return before

    assert asyncio.run(task()) == [1, 2] and got == [1, 2, 1]


def test_observers_are_notified_in_the_order_they_got_records(doc: dom.Document) -> None:
    """https://dom.spec.whatwg.org/#notify-mutation-observers: notifySet is the pending mutation
    observers, which an observer joins when a record is queued for it -- not creation order."""
    order: list[str] = []
    first = MutationObserver(lambda records, observer: order.append("first"))
    second = MutationObserver(lambda records, observer: order.append("second"))
    a, b = doc.createElement("a"), doc.createElement("b")
    doc.body.append(a, b)
    first.observe(a, {"attributes": True})
    second.observe(b, {"attributes": True})
    b.setAttribute("x", "1")
    a.setAttribute("x", "1")
    notify_mutation_observers()
    assert order == ["second", "first"]
    order.clear()
    first.takeRecords()
    a.setAttribute("y", "1")
    first.takeRecords()  # taken before the notification: still pending, nothing to deliver
    notify_mutation_observers()
    assert order == []


def test_observe_on_a_transiently_observed_node_drops_its_removed_subtrees(doc: dom.Document) -> None:
    """https://dom.spec.whatwg.org/#dom-mutationobserver-observe step 7: the registered observer
    found on target may be a transient one; the transient observers it is the source of (on
    subtrees removed from the removed subtree) are dropped."""
    records: list[object] = []
    observer = MutationObserver(lambda found, o: records.extend(found))
    outer = doc.createElement("div")
    middle = doc.createElement("p")
    inner = doc.createElement("b")
    middle.append(inner)
    outer.append(middle)
    doc.body.append(outer)
    observer.observe(outer, {"attributes": True, "subtree": True})
    middle.remove()  # middle: a transient observer whose source is outer's registration
    inner.remove()  # inner: a transient observer whose source is middle's transient one
    observer.observe(middle, {"attributes": True, "subtree": True})  # step 7 on the transient one
    inner.setAttribute("x", "1")
    assert observer.takeRecords() == []
    middle.setAttribute("y", "1")
    assert [r.attributeName for r in observer.takeRecords()] == ["y"]
