"""The document's memo (dom/memo.py): every kind of derived value is a declared MemoKey."""

from __future__ import annotations

import ast
from pathlib import Path

import dom
from dom.memo import STALE, MemoKey

REPO = Path(__file__).resolve().parents[2]
_MEMO_CALLS = {"_memoized", "_memoized_over", "_memo_entry", "_memo_store", "_outdate"}


def test_every_memo_call_names_a_declared_key() -> None:
    """Each call of the memo names its kind by a module-level MemoKey of the calling module (or
    one it imports by name), never by a string or a tuple made on the spot."""
    calls = 0
    for path in sorted((REPO / "dom").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        declared = {
            target.id
            for node in tree.body if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", None) == "MemoKey"
            for target in node.targets if isinstance(target, ast.Name)
        }
        own = {  # the memo's own methods pass their caller's kind on
            id(call) for function in ast.walk(tree)
            if isinstance(function, ast.FunctionDef) and function.name in _MEMO_CALLS
            for call in ast.walk(function)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) in _MEMO_CALLS and id(node) not in own:
                calls += 1
                kind = node.args[0] if node.args else None
                where = f"{path.relative_to(REPO)}:{node.lineno}"
                assert isinstance(kind, ast.Name) and kind.id in declared, f"{where}: not a declared MemoKey"
    assert calls >= 15


def test_a_kind_is_its_own_key() -> None:
    doc = dom.parse_html("<p id=a></p>")
    first, second = MemoKey("same name"), MemoKey("same name")
    assert doc._memoized(first, doc, lambda: 1) == 1
    assert doc._memoized(second, doc, lambda: 2) == 2  # same name, another kind
    assert doc._memoized(first, doc, lambda: 3) == 1  # kept at this version
    doc.body.append("x")
    assert doc._memoized(first, doc, lambda: 4) == 4  # a new version computes again
    assert repr(first) == "<MemoKey same name>"


def test_a_subtree_collection_stays_valid_while_another_subtree_changes() -> None:
    doc = dom.parse_html("<div id=a><p>x</p></div><div id=b><p><span>1</span></p><p><span>2</span></p></div>")
    a, b = doc.getElementById("a"), doc.getElementById("b")
    spans, kids = b.getElementsByTagName("span"), b.childNodes
    first = spans._elements()
    version = doc._version
    a.setAttribute("class", "k")
    a.appendChild(doc.createElement("span"))
    a.firstChild.textContent = "y"
    assert doc._version > version
    assert spans._elements() is first  # not computed again: every change was outside #b
    assert len(kids) == 2


def test_subtree_collections_follow_every_kind_of_change() -> None:
    """Random changes in two subtrees and between them: the live collections of one subtree
    always hold what a fresh query gives (the log of changes never keeps a stale value)."""
    import random

    rng = random.Random(7)
    doc = dom.parse_html("<div id=a><p><span>a</span></p></div><div id=b><p><span>b</span></p></div>")
    a, b = doc.getElementById("a"), doc.getElementById("b")
    live = [(b, b.getElementsByTagName("span")), (b, b.children), (a, a.getElementsByTagName("*"))]
    nodes_live = [(b, b.childNodes), (a.firstElementChild, a.firstElementChild.childNodes)]
    for _ in range(400):
        where = rng.choice([a, b, a.firstElementChild or a, b.lastElementChild or b])
        op = rng.randrange(7)
        if op == 0:
            where.appendChild(doc.createElement(rng.choice(["span", "p", "i"])))
        elif op == 1 and where.firstChild is not None:
            where.firstChild.remove()
        elif op == 2:
            where.setAttribute("data-x", str(rng.random()))
        elif op == 3:
            where.appendChild(doc.createTextNode("t"))
        elif op == 4 and where.firstChild is not None and where.firstChild.nodeType == 3:
            where.firstChild.data = "changed"
        elif op == 5:
            other = rng.choice([a, b])
            moved = rng.choice(list(where.querySelectorAll("span")) or [doc.createElement("span")])
            if not moved.contains(other):
                other.appendChild(moved)  # moved between subtrees
        elif op == 6:
            doc.body.appendChild(doc.createComment("c")).data = "d"  # a change outside both
        for root, collection in live:
            kind = "*" if collection is live[2][1] else "span"
            expected = list(root.children) if collection is live[1][1] else list(root.querySelectorAll(kind))
            assert list(collection) == expected
        for root, collection in nodes_live:
            assert list(collection) == list(root._children())


_OUTDATED = MemoKey("a value that reads a state the tree does not hold")
_KEPT = MemoKey("a value of the tree alone")


def test_outdate_takes_no_version_step() -> None:
    """_outdate makes one value's next read compute it again; the version stays, and with it
    every other value (a focus change outdates the cascade, not the live collections)."""
    document = dom.parse_html("<p>x</p>")
    made: list[str] = []
    for kind in (_OUTDATED, _KEPT):
        document._memoized(kind, None, lambda kind=kind: made.append(kind.name))  # type: ignore[misc]
    version = document._version
    document._outdate(_OUTDATED, None)
    assert document._version == version
    assert document._memo_entry(_OUTDATED, None)[0] == STALE  # type: ignore[index]
    made.clear()
    for kind in (_OUTDATED, _KEPT):
        document._memoized(kind, None, lambda kind=kind: made.append(kind.name))  # type: ignore[misc]
    assert made == [_OUTDATED.name]
    document._outdate(MemoKey("never stored"), None)  # (nothing to outdate: nothing happens)
