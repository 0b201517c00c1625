"""Precise types for users: a typed user script passes mypy --strict, and every planted bug in a
copy of that kind of code is flagged on its line (and nothing else is).  mypy runs as a user's
would over an installed package (--follow-imports=silent: errors inside webdom are not the
script's).  Skipped where mypy is not installed (it is in the `test` extra)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

HERE = Path(__file__).parent

needs_mypy = pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (pip install mypy)")


def mypy(*files: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-error-summary",
         "--cache-dir", str(cache), *map(str, files)],
        capture_output=True, text=True, cwd=REPO, timeout=600,
    )


@needs_mypy
def test_user_script_passes_mypy_strict(tmp_path):
    result = mypy(HERE / "user_script.py", cache=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


@needs_mypy
def test_every_planted_bug_is_flagged(tmp_path):
    path = HERE / "planted_bugs.py"
    planted = {i for i, line in enumerate(path.read_text().splitlines(), 1) if "# planted:" in line}
    result = mypy(path, cache=tmp_path)
    flagged = {int(n) for n in re.findall(r"planted_bugs\.py:(\d+): error", result.stdout)}
    print(result.stdout)
    assert len(planted) >= 7
    assert flagged == planted, f"missed {sorted(planted - flagged)}, unexpected {sorted(flagged - planted)}"


def test_user_script_runs():
    result = subprocess.run([sys.executable, str(HERE / "user_script.py")], capture_output=True, text=True, cwd=REPO,
                            env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "https://shop.example/fr/blue.html" in result.stdout


def test_tag_types_are_generated_and_current():
    result = subprocess.run([sys.executable, "-m", "dom.generate_tag_types", "--check"], capture_output=True,
                            text=True, cwd=REPO, timeout=120)
    assert result.returncode == 0, result.stderr


def test_tag_types_cover_every_element_interface():
    from dom import tag_types
    from dom.html import ELEMENT_INTERFACES

    for tag, cls in ELEMENT_INTERFACES.items():
        alias = getattr(tag_types, f"{cls.__name__}Tag")
        assert tag in alias.__args__, tag


def test_runtime_bases_are_empty():
    import webdom

    document = webdom.parse_html("<a href=x>")
    assert isinstance(document, webdom.Document) and document.createElement("a").localName == "a"
    for base in type(document).__mro__[1:3]:
        assert base.__slots__ == () and not [n for n in vars(base) if not n.startswith("__")]


@needs_mypy
def test_scaling_out_example_passes_mypy_strict(tmp_path):
    result = mypy(REPO / "examples" / "crawl_dask.py", cache=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
