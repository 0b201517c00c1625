"""The three top-level packages import and ship their type marker."""

import importlib
from pathlib import Path

import pytest


@pytest.mark.parametrize("name", ["webidl", "html_infra", "dom"])
def test_package_imports_and_is_typed(name):
    module = importlib.import_module(name)
    assert (Path(module.__file__).parent / "py.typed").exists()
