"""examples/teaching.ipynb runs top to bottom in a real kernel (its cells assert what a browser
gives) and shows the notebook views: a document tree, a live collection, a URL's components."""

from __future__ import annotations

import importlib.util

import pytest

from tests.conftest import REPO

NOTEBOOK = REPO / "examples" / "teaching.ipynb"
MISSING = [name for name in ("nbclient", "nbformat", "ipykernel") if importlib.util.find_spec(name) is None]


@pytest.mark.skipif(bool(MISSING), reason=f"{', '.join(MISSING)} not installed (pip install '.[test]')")
def test_teaching_notebook_runs_top_to_bottom() -> None:
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(NOTEBOOK, as_version=4)
    # Executing raises CellExecutionError, naming the cell, at the first failing assert.
    NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(REPO)}}).execute()
    views = [
        output["data"]["text/html"]
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if "text/html" in output.get("data", {})
    ]
    assert any("HTML Document" in view and "<details" in view for view in views)
    assert any("(live)</span> length 3" in view for view in views)
    assert any("(static)</span> length 2" in view for view in views)
    assert any(">pathname</th>" in view for view in views)
