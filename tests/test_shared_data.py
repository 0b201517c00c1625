"""The pins of the shared folder (tests/shared_data.py, tests/shared_data.json): they describe the
folder beside the repository when it is there, and the fetch and check steps trust only them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import shared_data
from tests.conftest import CONFORMANCE


def test_the_pins_describe_the_shared_folder() -> None:
    shared = CONFORMANCE.parent
    if not (shared / "conformance" / "README.md").is_file():
        pytest.skip(f"{shared} not found: put shared/ beside the repository to compare its pins")
    pinned = json.loads(shared_data.MANIFEST.read_text(encoding="utf-8"))
    assert shared_data.manifest(shared) == pinned, "regenerate: python -m tests.shared_data manifest"
    fetchable = sum(1 for _, _, url in shared_data._pins(pinned) if url is not None)
    assert fetchable > 2000  # the WPT files, html5lib-tests, URL data, spec sources, bench pages


def test_check_and_fetch_trust_the_checksums(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    (folder / "a").mkdir(parents=True)
    (folder / "a" / "x.txt").write_text("pinned")
    pins = {"bases": [], "files": {"a/x.txt": [shared_data._digest(b"pinned"), 6, -1, None]}}
    assert shared_data.check(folder, pins) == []
    (folder / "a" / "x.txt").write_text("changed")
    assert shared_data.check(folder, pins) == ["changed: a/x.txt"]
    assert shared_data.check(tmp_path / "none", pins) == ["missing: a/x.txt"]
    # A file without an upstream URL is listed, never downloaded.
    assert shared_data.fetch(tmp_path / "out", pins) == 0
    assert not (tmp_path / "out" / "a" / "x.txt").exists()
