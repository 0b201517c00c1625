"""The document's memo (dom/memo.py): every kind of derived value is a declared MemoKey."""

from __future__ import annotations

import ast
from pathlib import Path

import dom
from dom.memo import MemoKey

REPO = Path(__file__).resolve().parents[2]
_MEMO_CALLS = {"_memoized", "_memo_entry", "_memo_store"}


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
