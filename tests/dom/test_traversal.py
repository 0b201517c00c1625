"""NodeFilter, NodeIterator and TreeWalker (dom/traversal.py), as tables with printed counts.

Ports what WPT dom/traversal checks (NodeIterator.html, NodeIterator-removal.html,
TreeWalker.html, TreeWalker-basic / -acceptNode-filter / -currentNode / -traversal-skip /
-traversal-reject / -traversal-skip-most / -previousNodeLastChildReject /
-walking-outside-a-tree, NodeFilter-constants): the expectations come from small reference
walks over the Node API written here (tree order lists, the spec's node pointer adjustment), not
from dom/traversal.py.  The test tree mirrors WPT dom/common.js (``setup_range_tests``), shared
with tests/dom/test_ranges.py.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import pytest

import dom
from dom import NodeFilter, NodeIterator, TreeWalker
from tests.conftest import CaseCounts
from webidl import DOMException, InvalidStateError

_record = CaseCounts("WPT dom/traversal ports", prefix="traversal ")


# -- the WPT dom/common.js test tree ------------------------------------------------------------


def setup_range_tests() -> dict[str, Any]:
    """A fresh copy of the nodes WPT dom/common.js builds, by the names its tests use."""
    document = dom.parse_html(
        "<!doctype html><html><head><title>Ranges</title></head><body><div id=log></div>"
        "<p>tail</p></body></html>"
    )
    test_div = document.createElement("div")
    test_div.setAttribute("id", "test")
    document.body.insertBefore(test_div, document.body.firstChild)
    paras = []
    for ident, text, hidden in (
        ("a", "A\u0308b\u0308c\u0308d\u0308e\u0308f\u0308g\u0308h\u0308\n", False),
        ("b", "Ijklmnop\n", True),
        ("c", "Qrstuvwx", False),
        ("d", "Yzabcdef", True),
        ("e", "Ghijklmn", True),
    ):
        p = document.createElement("p")
        p.setAttribute("id", ident)
        if hidden:
            p.setAttribute("style", "display:none")
        p.textContent = text
        test_div.appendChild(p)
        paras.append(p)
    detached_div = document.createElement("div")
    detached_para1 = document.createElement("p")
    detached_para1.appendChild(document.createTextNode("Opqrstuv"))
    detached_para2 = document.createElement("p")
    detached_para2.appendChild(document.createTextNode("Wxyzabcd"))
    detached_div.appendChild(detached_para1)
    detached_div.appendChild(detached_para2)

    foreign_doc = document.implementation.createHTMLDocument("")
    foreign_para1 = foreign_doc.createElement("p")
    foreign_para1.appendChild(foreign_doc.createTextNode("Efghijkl"))
    foreign_para2 = foreign_doc.createElement("p")
    foreign_para2.appendChild(foreign_doc.createTextNode("Mnopqrst"))
    foreign_doc.body.appendChild(foreign_para1)
    foreign_doc.body.appendChild(foreign_para2)

    xml_doctype = document.implementation.createDocumentType("qorflesnorf", "abcde", "x\"'y")
    xml_doc = document.implementation.createDocument(None, None, xml_doctype)
    nodes: dict[str, Any] = {
        "document": document,
        "testDiv": test_div,
        "detachedDiv": detached_div,
        "detachedPara1": detached_para1,
        "detachedPara2": detached_para2,
        "foreignDoc": foreign_doc,
        "foreignPara1": foreign_para1,
        "foreignPara2": foreign_para2,
        "xmlDoc": xml_doc,
        "xmlDoctype": xml_doctype,
        "detachedXmlElement": xml_doc.createElement("everyone-hates-hyphenated-element-names"),
        "detachedTextNode": document.createTextNode("Uvwxyzab"),
        "detachedForeignTextNode": foreign_doc.createTextNode("Cdefghij"),
        "detachedXmlTextNode": xml_doc.createTextNode("Klmnopqr"),
        "detachedProcessingInstruction": xml_doc.createProcessingInstruction("whippoorwill", "chirp chirp chirp"),
        "detachedComment": document.createComment("Stuvwxyz"),
        "detachedForeignComment": foreign_doc.createComment("אריה יהודה"),
        "detachedXmlComment": xml_doc.createComment("בן חיים אליעזר"),
        "docfrag": document.createDocumentFragment(),
        "foreignDocfrag": foreign_doc.createDocumentFragment(),
        "xmlDocfrag": xml_doc.createDocumentFragment(),
    }
    xml_element = xml_doc.createElement("igiveuponcreativenames")
    xml_text = xml_doc.createTextNode("do re mi fa so la ti")
    xml_element.appendChild(xml_text)
    pi = xml_doc.createProcessingInstruction("somePI", 'Did you know that ":syn sync fromstart" is very useful?')
    xml_doc.appendChild(xml_element)
    xml_doc.appendChild(pi)
    xml_comment = xml_doc.createComment("I maliciously created a comment that will break incautious XML serializers")
    xml_doc.appendChild(xml_comment)
    comment = document.createComment("Alphabet soup?")
    test_div.appendChild(comment)
    foreign_comment = foreign_doc.createComment('"Commenter" and "commentator" mean different things.')
    foreign_doc.appendChild(foreign_comment)
    foreign_text = foreign_doc.createTextNode("I admit that I harbor doubts about whether we really need so many things")
    foreign_doc.body.appendChild(foreign_text)
    nodes.update(
        {
            "xmlElement": xml_element,
            "xmlTextNode": xml_text,
            "processingInstruction": pi,
            "xmlComment": xml_comment,
            "comment": comment,
            "foreignComment": foreign_comment,
            "foreignTextNode": foreign_text,
            "doctype": document.doctype,
            "foreignDoctype": foreign_doc.doctype,
        }
    )
    for i, p in enumerate(paras):
        nodes[f"paras[{i}]"] = p
        nodes[f"paras[{i}].firstChild"] = p.firstChild
    for name in ("detachedPara1", "detachedPara2", "foreignPara1", "foreignPara2"):
        nodes[f"{name}.firstChild"] = nodes[name].firstChild
    nodes["document.documentElement"] = document.documentElement
    nodes["document.head"] = document.head
    nodes["document.body"] = document.body
    nodes["foreignDoc.documentElement"] = foreign_doc.documentElement
    nodes["foreignDoc.head"] = foreign_doc.head
    nodes["foreignDoc.body"] = foreign_doc.body
    return nodes


TEST_NODES = [
    "paras[0]", "paras[0].firstChild", "paras[1].firstChild", "foreignPara1", "foreignPara1.firstChild",
    "detachedPara1", "detachedPara1.firstChild", "document", "detachedDiv", "foreignDoc", "foreignPara2",
    "xmlDoc", "xmlElement", "detachedTextNode", "foreignTextNode", "processingInstruction",
    "detachedProcessingInstruction", "comment", "detachedComment", "docfrag", "doctype", "foreignDoctype",
    "paras[1]", "detachedPara2", "detachedPara2.firstChild", "testDiv", "detachedXmlElement",
    "detachedForeignTextNode", "xmlTextNode", "detachedXmlTextNode", "xmlComment", "foreignComment",
    "detachedForeignComment", "detachedXmlComment", "foreignDocfrag", "xmlDocfrag", "xmlDoctype",
]  # fmt: skip


# -- reference walks (tree order over the Node API) ----------------------------------------------


def _next_in_tree(node: Any) -> Any:
    if node.firstChild is not None:
        return node.firstChild
    return _next_skipping_children(node)


def _next_skipping_children(node: Any) -> Any:
    while node is not None:
        if node.nextSibling is not None:
            return node.nextSibling
        node = node.parentNode
    return None


def _previous_in_tree(node: Any) -> Any:
    sibling = node.previousSibling
    if sibling is None:
        return node.parentNode
    while sibling.lastChild is not None:
        sibling = sibling.lastChild
    return sibling


def _is_inclusive_ancestor(ancestor: Any, node: Any) -> bool:
    while node is not None:
        if node is ancestor:
            return True
        node = node.parentNode
    return False


WHAT_TO_SHOWS = [0, 0xFFFFFFFF, NodeFilter.SHOW_ELEMENT, NodeFilter.SHOW_ATTRIBUTE, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_DOCUMENT]
CALLBACKS: dict[str, Callable[[Any], Any] | None] = {
    "null": None,
    "true": lambda node: True,
    "false": lambda node: False,
    "#name": lambda node: node.nodeName[0] == "#",
}


def _shown(node: Any, what_to_show: int, callback: Any) -> bool:
    if not (1 << (node.nodeType - 1)) & what_to_show:
        return False
    return callback is None or callback(node) == NodeFilter.FILTER_ACCEPT


def _check_iterator(root: Any, what_to_show: int, callback: Any) -> None:
    """WPT NodeIterator.html testIterator: nextNode()/previousNode() until null, against the
    spec's traversal written over the reference walks."""
    iterator = root.ownerDocument.createNodeIterator(root, what_to_show, callback) if root.ownerDocument else root.createNodeIterator(root, what_to_show, callback)
    assert iterator.root is root and iterator.referenceNode is root and iterator.pointerBeforeReferenceNode is True
    assert iterator.whatToShow == what_to_show and iterator.filter is callback
    for forward in (True, False):
        iterator = (root.ownerDocument or root).createNodeIterator(root, what_to_show, callback)
        node, before = root, True
        expected_reference, expected_before = root, True
        for step in range(10000):
            while True:
                if forward:
                    if not before:
                        node = _next_in_tree(node)
                        if node is None or not _is_inclusive_ancestor(root, node):
                            node = None
                            break
                    else:
                        before = False
                else:
                    if before:
                        node = None if node is root else _previous_in_tree(node)
                        if node is None or not _is_inclusive_ancestor(root, node):
                            node = None
                            break
                    else:
                        before = True
                if _shown(node, what_to_show, callback):
                    expected_reference, expected_before = node, before
                    break
            got = iterator.nextNode() if forward else iterator.previousNode()
            assert got is node, f"step {step}"
            assert iterator.referenceNode is expected_reference
            assert iterator.pointerBeforeReferenceNode is expected_before
            if node is None:
                break


@pytest.mark.parametrize("callback", list(CALLBACKS))
@pytest.mark.parametrize("what_to_show", WHAT_TO_SHOWS)
@pytest.mark.parametrize("root_name", TEST_NODES)
def test_node_iterator_walks(root_name: str, what_to_show: int, callback: str) -> None:
    nodes = setup_range_tests()
    ok = False
    try:
        _check_iterator(nodes[root_name], what_to_show, CALLBACKS[callback])
        ok = True
    finally:
        _record("NodeIterator.html", ok)


# -- NodeIterator-removal.html -----------------------------------------------------------------


def _expected_after_removal(iterator: Any, removed: Any) -> tuple[Any, bool]:
    """The NodeIterator pre-remove steps of the current standard (the node following the
    removed subtree must be inside the root; WPT's own model predates that)."""
    reference, before = iterator.referenceNode, iterator.pointerBeforeReferenceNode
    root = iterator.root
    if not _is_inclusive_ancestor(removed, reference) or _is_inclusive_ancestor(removed, root):
        return reference, before
    if before:
        following = _next_skipping_children(removed)
        if following is not None and _is_inclusive_ancestor(root, following):
            return following, True
    return _previous_in_tree(removed), False


@pytest.mark.parametrize("removed_name", TEST_NODES)
def test_node_iterator_removal(removed_name: str) -> None:
    nodes = setup_range_tests()
    removed = nodes[removed_name]
    if removed.parentNode is None:
        pytest.skip("WPT skips nodes without a parent")
    document = nodes["document"]
    iterators = []
    for root_name in TEST_NODES:
        root = nodes[root_name]
        previous = None
        for k in range(1000):
            iterator = document.createNodeIterator(root)
            for _ in range(k):
                iterator.nextNode()
            if previous is not None and (iterator.referenceNode, iterator.pointerBeforeReferenceNode) == previous:
                break
            previous = (iterator.referenceNode, iterator.pointerBeforeReferenceNode)
            iterators.append((iterator, _expected_after_removal(iterator, removed)))
    parent, sibling = removed.parentNode, removed.nextSibling
    parent.removeChild(removed)
    ok = all(
        it.referenceNode is ref and it.pointerBeforeReferenceNode is before for it, (ref, before) in iterators
    )
    parent.insertBefore(removed, sibling)
    _record("NodeIterator-removal.html", ok)
    assert ok


def test_node_iterator_removal_inside_filter() -> None:
    """Removals run from a filter adjust the candidate reference too."""
    document = dom.parse_html("<div id=r><a></a><b></b><i></i></div>")
    root = document.getElementById("r")
    a, b, i = root.childNodes

    def drop_b(node: Any) -> int:
        if node is a and b.parentNode is not None:
            root.removeChild(b)
        return NodeFilter.FILTER_ACCEPT

    iterator = document.createNodeIterator(root, NodeFilter.SHOW_ELEMENT, drop_b)
    assert iterator.nextNode() is root
    assert iterator.nextNode() is a
    assert iterator.nextNode() is i
    _record("NodeIterator-removal.html", True)


def test_node_iterator_basics() -> None:
    document = dom.parse_html("<p>x</p>")
    iterator = document.createNodeIterator(document)
    iterator.detach()
    iterator.detach()
    assert (iterator.whatToShow, iterator.filter, iterator.referenceNode) == (0xFFFFFFFF, None, document)
    assert document.createNodeIterator(document, None, None).whatToShow == 0
    for name in ("root", "whatToShow", "filter", "referenceNode", "pointerBeforeReferenceNode"):
        with pytest.raises(AttributeError):
            setattr(iterator, name, None)
    with pytest.raises(TypeError):
        document.createNodeIterator("not a node")
    with pytest.raises(TypeError):
        NodeIterator()

    class Boom(Exception):
        pass

    def raising(node: Any) -> int:
        raise Boom

    with pytest.raises(Boom):
        document.createNodeIterator(document, NodeFilter.SHOW_ALL, raising).nextNode()

    # Recursive filters need to throw.
    depth = [0]

    def recursive(node: Any) -> int:
        if iterator.referenceNode is not document and depth[0] == 0:
            depth[0] += 1
            iterator.nextNode()
        return NodeFilter.FILTER_ACCEPT

    iterator = document.createNodeIterator(document, NodeFilter.SHOW_ALL, recursive)
    iterator.nextNode()
    iterator.nextNode()
    with pytest.raises(InvalidStateError):
        iterator.nextNode()
    depth[0] -= 1
    with pytest.raises(InvalidStateError):
        iterator.previousNode()
    _record("NodeIterator.html", True)


# -- TreeWalker ---------------------------------------------------------------------------------


def _filter_value(node: Any, what_to_show: int, callback: Any) -> int:
    if not (1 << (node.nodeType - 1)) & what_to_show:
        return NodeFilter.FILTER_SKIP
    if callback is None:
        return NodeFilter.FILTER_ACCEPT
    return int(callback(node))


def _walk_order(root: Any, what_to_show: int, callback: Any) -> list[Any]:
    """The nodes repeated nextNode() calls return from the root: accepted descendants in tree
    order, a rejected node's subtree left out."""
    order = []
    stack = list(reversed(root._children()))
    while stack:
        node = stack.pop()
        result = _filter_value(node, what_to_show, callback)
        if result == NodeFilter.FILTER_ACCEPT:
            order.append(node)
        if result != NodeFilter.FILTER_REJECT:
            stack.extend(reversed(node._children()))
    return order


def _check_walker(root: Any, what_to_show: int, callback: Any) -> None:
    document = root if root.nodeType == 9 else root.ownerDocument
    walker = document.createTreeWalker(root, what_to_show, callback)
    assert walker.root is root and walker.currentNode is root
    assert walker.whatToShow == what_to_show and walker.filter is callback
    # parentNode() from the root is null (it never leaves the root).
    assert walker.parentNode() is None and walker.currentNode is root
    order = _walk_order(root, what_to_show, callback)
    got = []
    while (node := walker.nextNode()) is not None:
        got.append(node)
    assert got == order
    assert walker.currentNode is (order[-1] if order else root)
    back = []
    while (node := walker.previousNode()) is not None:
        back.append(node)
    expected_back = list(reversed(order[:-1])) if order else []
    if order and _filter_value(root, what_to_show, callback) == NodeFilter.FILTER_ACCEPT:
        expected_back.append(root)
    assert back == expected_back
    # firstChild()/lastChild() from the root: the first/last accepted node reached through
    # skipped nodes only (any other result, even a non-constant one, ends the descent).
    walker.currentNode = root
    by_skip = _tops(root, what_to_show, callback, {NodeFilter.FILTER_SKIP})
    assert walker.firstChild() is (by_skip[0] if by_skip else None)
    walker.currentNode = root
    assert walker.lastChild() is (by_skip[-1] if by_skip else None)
    # nextSibling()/previousSibling() step through the accepted nodes reached through any
    # node that is not rejected.
    tops = _tops(root, what_to_show, callback, None)
    if tops:
        walker.currentNode = tops[0]
        seen = [tops[0]]
        while (node := walker.nextSibling()) is not None:
            seen.append(node)
        assert seen == tops
        walker.currentNode = tops[-1]
        seen = [tops[-1]]
        while (node := walker.previousSibling()) is not None:
            seen.append(node)
        assert seen == list(reversed(tops))


def _tops(root: Any, what_to_show: int, callback: Any, descend: set[int] | None) -> list[Any]:
    """Accepted descendants of *root* with no accepted ancestor below it, reached through
    nodes whose filter result is in *descend* (None: any result but FILTER_REJECT)."""
    tops = []
    stack = list(reversed(root._children()))
    while stack:
        node = stack.pop()
        result = _filter_value(node, what_to_show, callback)
        if result == NodeFilter.FILTER_ACCEPT:
            tops.append(node)
        elif (result in descend) if descend is not None else result != NodeFilter.FILTER_REJECT:
            stack.extend(reversed(node._children()))
    return tops


@pytest.mark.parametrize("callback", list(CALLBACKS))
@pytest.mark.parametrize("what_to_show", WHAT_TO_SHOWS)
@pytest.mark.parametrize("root_name", TEST_NODES)
def test_tree_walker_walks(root_name: str, what_to_show: int, callback: str) -> None:
    nodes = setup_range_tests()
    ok = False
    try:
        _check_walker(nodes[root_name], what_to_show, CALLBACKS[callback])
        ok = True
    finally:
        _record("TreeWalker.html", ok)


def _abc_tree(markup: str) -> tuple[Any, Any]:
    document = dom.parse_html("<div id=root>" + markup + "</div>")
    return document, document.getElementById("root")


# (tree markup, filter {id: result}, script of (action, expected id or None))
_SKIP_REJECT = '<div id="A1"><div id="B1"><div id="C1"></div></div><div id="B2"></div><div id="B3"></div></div>'
_LAST_CHILD_REJECT = (
    '<div id="A1"><div id="B1"><div id="C1"></div><div id="C2"><div id="D1"></div><div id="D2"></div></div></div>'
    '<div id="B2"><div id="C3"></div><div id="C4"></div></div></div>'
)
S, R = NodeFilter.FILTER_SKIP, NodeFilter.FILTER_REJECT
WALKER_CASES = [
    ("skip nextNode", _SKIP_REJECT, {"B1": S}, None, ["nextNode A1", "nextNode C1", "nextNode B2", "nextNode B3"]),
    ("skip firstChild", _SKIP_REJECT, {"B1": S}, None, ["firstChild A1", "firstChild C1"]),
    ("skip nextSibling", _SKIP_REJECT, {"B2": S}, None, ["firstChild A1", "firstChild B1", "nextSibling B3"]),
    ("skip parentNode", _SKIP_REJECT, {"B1": S}, "C1", ["parentNode A1"]),
    ("skip previousSibling", _SKIP_REJECT, {"B2": S}, "B3", ["previousSibling B1"]),
    ("skip previousNode", _SKIP_REJECT, {"B1": S}, "B3", ["previousNode B2", "previousNode C1", "previousNode A1"]),
    ("reject nextNode", _SKIP_REJECT, {"B1": R}, None, ["nextNode A1", "nextNode B2", "nextNode B3"]),
    ("reject firstChild", _SKIP_REJECT, {"B1": R}, None, ["firstChild A1", "firstChild B2"]),
    ("reject nextSibling", _SKIP_REJECT, {"B2": R}, None, ["firstChild A1", "firstChild B1", "nextSibling B3"]),
    ("reject parentNode", _SKIP_REJECT, {"B1": R}, "C1", ["parentNode A1"]),
    ("reject previousSibling", _SKIP_REJECT, {"B2": R}, "B3", ["previousSibling B1"]),
    ("reject previousNode", _SKIP_REJECT, {"B1": R}, "B3", ["previousNode B2", "previousNode A1"]),
    ("skip-most nextSibling", '<div id="A1"><div id="B1"><div id="C1"></div></div><div id="B2"></div><div id="B3"></div></div>',
     {"A1": S, "B2": S}, "B1", ["nextSibling B3"]),
    ("skip-most previousSibling", '<div id="A1"><div id="B1"><div id="C1"></div></div><div id="B2"></div><div id="B3"></div></div>',
     {"A1": S, "B2": S}, "B3", ["previousSibling B1"]),
    ("previousNode after last child reject", _LAST_CHILD_REJECT, {"C2": R}, None,
     ["firstChild A1", "nextNode B1", "nextNode C1", "nextNode B2", "previousNode C1"]),
    ("previousSibling last child skip", _LAST_CHILD_REJECT, {"B1": S, "C2": S}, None,
     ["firstChild A1", "nextNode C1", "nextNode D1", "nextNode D2", "nextNode B2", "previousSibling D2"]),
    ("siblings stop at an accepted parent", _SKIP_REJECT, {}, "C1", ["nextSibling -", "previousSibling -"]),
    ("root has no siblings", _SKIP_REJECT, {}, "root", ["nextSibling -", "previousSibling -", "parentNode -"]),
]  # fmt: skip


@pytest.mark.parametrize("name,markup,results,start,script", WALKER_CASES, ids=[c[0] for c in WALKER_CASES])
def test_tree_walker_cases(name: str, markup: str, results: dict[str, int], start: str | None, script: list[str]) -> None:
    document, root = _abc_tree(markup)

    def by_id(node: Any) -> int:
        return results.get(node.getAttribute("id"), NodeFilter.FILTER_ACCEPT)

    walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, by_id)
    if start is not None:
        walker.currentNode = document.getElementById(start)
    ok = True
    for step in script:
        action, expected = step.split()
        before = walker.currentNode
        got = getattr(walker, action)()
        if expected == "-":
            ok = ok and got is None and walker.currentNode is before
        else:
            ok = ok and got is not None and got.getAttribute("id") == expected and walker.currentNode is got
    _record("TreeWalker-traversal-*.html", ok)
    assert ok


def test_tree_walker_filters() -> None:
    """WPT TreeWalker-acceptNode-filter.html: callables, objects with acceptNode, errors."""
    document, root = _abc_tree('<div id="A1"><div id="B1"></div><div id="B2"></div></div>')

    def skip_b1(node: Any) -> int:
        return NodeFilter.FILTER_SKIP if node.getAttribute("id") == "B1" else NodeFilter.FILTER_ACCEPT

    class ObjectFilter(NodeFilter):
        def acceptNode(self, node: Any) -> int:
            return skip_b1(node)

    for filter_ in (skip_b1, ObjectFilter(), {"acceptNode": skip_b1}):
        walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, filter_)
        assert walker.currentNode is root
        assert walker.firstChild().id == "A1"
        assert walker.nextNode().id == "B2" and walker.currentNode.id == "B2"
    walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, None)
    assert walker.firstChild().id == "A1" and walker.nextNode().id == "B1"

    class Empty:
        pass

    class NotCallable:
        acceptNode = "foo"

    class Boom(Exception):
        pass

    class RaisingGetter:
        @property
        def acceptNode(self) -> Any:
            raise Boom

    def raising(node: Any) -> int:
        raise Boom

    for filter_, error in ((Empty(), TypeError), (NotCallable(), TypeError), ({}, TypeError), (raising, Boom), (RaisingGetter(), Boom)):
        walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, filter_)
        with pytest.raises(error):
            walker.firstChild()
        assert walker.currentNode is root
        with pytest.raises(error):
            walker.nextNode()
        assert walker.currentNode is root
        # The active flag is reset after an exception: the same error again, not InvalidStateError.
        with pytest.raises(error):
            walker.nextNode()

    # A callable with an acceptNode attribute is called itself.
    def accept_all(node: Any) -> int:
        return NodeFilter.FILTER_ACCEPT

    accept_all.acceptNode = lambda node: NodeFilter.FILTER_SKIP  # type: ignore[attr-defined]
    walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, accept_all)
    assert walker.firstChild().id == "A1" and walker.nextNode().id == "B1"

    # acceptNode is looked up on every call.
    calls = [0]

    class Counting:
        @property
        def acceptNode(self) -> Any:
            calls[0] += 1
            return lambda node: NodeFilter.FILTER_ACCEPT

    walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, Counting())
    assert calls[0] == 0
    walker.nextNode()
    walker.nextNode()
    assert calls[0] == 2
    with pytest.raises(TypeError):
        document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, 42)
    with pytest.raises(TypeError):
        TreeWalker()
    # Re-entrance from a filter: InvalidStateError.
    walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL, lambda node: walker.nextNode() or 1)
    with pytest.raises(InvalidStateError):
        walker.firstChild()
    _record("TreeWalker-acceptNode-filter.html", True)


def test_tree_walker_current_node_outside_root() -> None:
    """WPT TreeWalker-currentNode.html and TreeWalker-walking-outside-a-tree.html."""
    document = dom.parse_html(
        "<div id='subTree'><p>Lorem ipsum <span>dolor <b>sit</b> amet</span>, consectetur "
        "<i>adipisicing</i> elit</p></div>"
    )
    sub = document.getElementById("subTree")
    show = 0x01 | 0x08 | 0x10 | 0x20
    walker = document.createTreeWalker(sub, show, lambda node: True)
    assert walker.parentNode() is None and walker.currentNode is sub
    html = document.documentElement
    for action, expected in (
        ("parentNode", None), ("nextNode", html.firstChild), ("previousNode", None),
        ("firstChild", html.firstChild), ("lastChild", html.lastChild), ("nextSibling", None),
        ("previousSibling", None),
    ):  # fmt: skip
        walker.currentNode = html
        assert getattr(walker, action)() is expected, action
        assert walker.currentNode is (expected if expected is not None else html)
    walker.currentNode = document.body
    assert walker.lastChild() is sub
    with pytest.raises(TypeError):
        walker.currentNode = None

    container = document.createElement("div")
    head, title, body, p = (document.createElement(n) for n in ("head", "title", "body", "p"))
    container.appendChild(head)
    head.appendChild(title)
    container.appendChild(body)
    body.appendChild(p)
    walker = document.createTreeWalker(body, 0xFFFFFFFF, None)
    container.removeChild(body)
    assert walker.lastChild() is p
    container.appendChild(p)
    assert walker.previousNode() is title
    p.appendChild(body)
    assert walker.nextNode() is p
    assert walker.nextNode() is body
    assert walker.previousNode() is None
    _record("TreeWalker-currentNode.html", True)


NODE_FILTER_CONSTANTS = {
    "FILTER_ACCEPT": 1, "FILTER_REJECT": 2, "FILTER_SKIP": 3,
    "SHOW_ALL": 0xFFFFFFFF, "SHOW_ELEMENT": 0x1, "SHOW_ATTRIBUTE": 0x2, "SHOW_TEXT": 0x4,
    "SHOW_CDATA_SECTION": 0x8, "SHOW_ENTITY_REFERENCE": 0x10, "SHOW_ENTITY": 0x20,
    "SHOW_PROCESSING_INSTRUCTION": 0x40, "SHOW_COMMENT": 0x80, "SHOW_DOCUMENT": 0x100,
    "SHOW_DOCUMENT_TYPE": 0x200, "SHOW_DOCUMENT_FRAGMENT": 0x400, "SHOW_NOTATION": 0x800,
}  # fmt: skip


@pytest.mark.parametrize("name", list(NODE_FILTER_CONSTANTS))
def test_node_filter_constants(name: str) -> None:
    ok = getattr(NodeFilter, name) == NODE_FILTER_CONSTANTS[name] == getattr(NodeFilter(), name)
    _record("NodeFilter-constants.html", ok)
    assert ok


def test_what_to_show_bits_per_node_type() -> None:
    """Each node type is shown by its own bit (nodeType - 1), attributes included."""
    document = dom.parse_html("<!doctype html><p a=1>t<!--c--></p>")
    p = document.querySelector("p")
    attr = p.getAttributeNode("a")
    xml = dom.Document()
    cdata = xml.createCDATASection("x")
    pi = xml.createProcessingInstruction("t", "d")
    for node in (document, document.doctype, p, p.firstChild, p.lastChild, attr, cdata, pi, document.createDocumentFragment()):
        for bit in range(12):
            walker = (node.ownerDocument or node).createTreeWalker(node, 1 << bit, None)
            accepted = walker._filter_node(node) == NodeFilter.FILTER_ACCEPT
            assert accepted is (bit == node.nodeType - 1)
    _record("whatToShow bits", True)


def test_idl_members() -> None:
    from webidl import idl

    for name, cls in (("NodeIterator", NodeIterator), ("TreeWalker", TreeWalker), ("NodeFilter", NodeFilter)):
        assert idl.missing_members(name, cls, inherited=True) == []


def test_deep_tree_is_iterative() -> None:
    """A 100,000-deep tree: walkers and iterators use loops, not recursion."""
    depth = 100_000
    document = dom.parse_html("<div>" * (depth + 1))
    top, deepest = deep_chain(document, depth)
    deepest.appendChild(document.createTextNode("leaf"))
    limit = sys.getrecursionlimit()
    iterator = document.createNodeIterator(top, NodeFilter.SHOW_TEXT)
    assert iterator.nextNode() is deepest.firstChild
    assert iterator.previousNode() is deepest.firstChild
    assert iterator.previousNode() is None
    walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT)
    assert walker.nextNode() is deepest.firstChild
    assert walker.previousNode() is None
    walker.currentNode = deepest.firstChild
    assert walker.parentNode() is None
    assert walker.currentNode is deepest.firstChild
    walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT)
    assert walker.firstChild() is deepest.firstChild
    # Removing the whole chain moves a pointer to the root.
    iterator = document.createNodeIterator(top)
    for _ in range(depth // 2):
        iterator.nextNode()
    top.removeChild(top.firstChild)
    assert iterator.referenceNode is top and iterator.pointerBeforeReferenceNode is False
    assert sys.getrecursionlimit() == limit
    _record("deep trees", True)


def deep_chain(document: Any, depth: int) -> tuple[Any, Any]:
    """The parsed chain of *depth* + 1 nested divs: (outermost, innermost).  (Built by the
    parser: moving an ever larger subtree into a new parent, appendChild by appendChild, costs
    lxml a walk over the subtree each time.)"""
    top = node = document.body.firstChild
    for _ in range(depth):
        node = node.firstChild
    assert node.firstChild is None
    return top, node


def _error(call: Callable[[], Any]) -> str | None:
    try:
        call()
    except DOMException as error:
        return error.name
    except TypeError:
        return "TypeError"
    return None
