"""The three top-level packages import and ship their type marker."""

import ast
import importlib
from pathlib import Path

import pytest


@pytest.mark.parametrize("name", ["webidl", "html_infra", "dom"])
def test_package_imports_and_is_typed(name):
    module = importlib.import_module(name)
    assert (Path(module.__file__).parent / "py.typed").exists()


ROOT = Path(__file__).resolve().parent.parent


def test_no_docstring_holds_a_lone_surrogate():
    # pyproject.toml declares Python >= 3.11.  From 3.13 the compiler cleans docstrings through
    # UTF-8, so a "\ud83d" escape in a (non-raw) docstring makes the module fail to import there,
    # while 3.11 compiles it: CI runs 3.11, so the sources are checked here.
    found = []
    for package in ("webidl", "html_infra", "dom", "webdom"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                    doc = ast.get_docstring(node, clean=False)
                    if doc is not None and any("\ud800" <= c <= "\udfff" for c in doc):
                        found.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 1)}")
    assert not found, f"docstrings with a lone surrogate (write them raw: r\"\"\"...): {found}"
