"""The documentation a new user meets: the README's tour runs and says true things, its tables
are generated (markers, generator), every exported name has a docstring, pdoc builds."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import subprocess
import sys

import pytest

from tests.conftest import REPO


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, REPO / "docs" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


README = (REPO / "README.md").read_text(encoding="utf-8")


def test_readme_starts_with_the_two_fresh_machine_commands():
    commands = re.findall(r"^    (python3 -m venv .*)$", README, re.M)
    assert commands[:2] == [
        "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/python examples/tour.py",
        "python3 -m venv .venv && .venv/bin/pip install -q '.[test,js]' && .venv/bin/python -m pytest -n auto --dist loadfile",
    ]
    assert README.index(commands[0]) < README.index("## ")
    # CI runs exactly the README's test command (with the js extra: the sealed-world suite needs it)
    assert commands[1] in (REPO / ".ci" / "run").read_text(encoding="utf-8")


def _comment_value(comment: str):
    for candidate in (comment, comment.split("  ")[0], comment.split(" (")[0], comment.split(":")[0]):
        try:
            return True, ast.literal_eval(candidate.strip())
        except (ValueError, SyntaxError):
            continue
    return False, None


def test_readme_tour_runs_and_its_comments_are_true():
    block = re.search(r"## A short tour\n\n```python\n(.*?)```", README, re.S)[1]
    lines = block.splitlines()
    namespace: dict = {}
    checked = 0
    for statement in ast.parse(block).body:
        source = ast.get_source_segment(block, statement)
        if not isinstance(statement, ast.Expr):
            exec(compile(source, "README.md", "exec"), namespace)
            continue
        value = eval(compile(source, "README.md", "eval"), namespace)
        end_line = lines[statement.end_lineno - 1]
        comments = [end_line.split("# ", 1)[1]] if "# " in end_line[statement.end_col_offset:] else []
        if statement.end_lineno < len(lines) and lines[statement.end_lineno].startswith("# "):
            comments.append(lines[statement.end_lineno][2:])
        for comment in comments:
            ok, expected = _comment_value(comment)
            if ok:
                assert value == expected, (source, value, expected)
                checked += 1
                break
    assert checked >= 12


def test_readme_has_generated_table_markers():
    for name in ("conformance", "bench"):
        assert README.count(f"<!-- {name}:start -->") == 1 and README.count(f"<!-- {name}:end -->") == 1
    table = README.split("<!-- conformance:start -->")[1].split("<!-- conformance:end -->")[0]
    assert "| suite | passed/total | test module |" in table or table.strip() == ""


def test_conformance_table_from_counts():
    gen = load("gen_readme_tables")
    counts = {"suites": {
        "WPT url toascii.json": {"passed": 87, "total": 87, "source": "tests/html_infra/url/test_wpt_url.py"},
        "reflection-a.html": {"passed": 10, "total": 12, "source": "tests/dom/reflection/test_wpt_reflection.py"},
        "reflection-b.html": {"passed": 5, "total": 5, "source": "tests/dom/reflection/test_wpt_reflection.py"},
    }}
    table = gen.conformance_table(counts)
    assert "| WPT url toascii.json | 87/87 | `tests/html_infra/url/test_wpt_url.py` |" in table
    assert "| WPT html/dom reflection-*.html (assertions), 2 pages | 15/17 ⚠ |" in table
    assert table.endswith("| **all suites** | **102/104** | |")
    text = "a\n<!-- conformance:start -->\nold\n<!-- conformance:end -->\nb"
    assert gen.replace_section(text, "conformance", "new") == "a\n<!-- conformance:start -->\nnew\n<!-- conformance:end -->\nb"


def test_bench_section_from_json():
    gen = load("gen_readme_tables")
    data = {"benchmark": "url", "quick": False, "tables": [{
        "title": "absolute URLs (3)", "unit": "µs per URL", "reference": "webdom",
        "rows": [{"name": "webdom", "value": 7.0, "ratio": 1.0}, {"name": "peer", "value": 0.0123, "ratio": 0.5}],
    }]}
    section = gen.bench_section([(REPO / "benchmarks" / "bench_url.py", data)])
    assert "| webdom | 7.00 | 1.00× |" in section and "| peer | 0.0123 | 0.50× |" in section
    assert "`python benchmarks/bench_url.py`" in section


def test_conformance_counts_are_written_as_json(tmp_path):
    # A nested pytest run over one small conformance module writes the JSON file.
    target = tmp_path / "counts.json"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/html_infra/encoding/test_encodings.py"],
        cwd=REPO, capture_output=True, text=True, env={"PATH": "/usr/bin:/bin", "WEBDOM_CONFORMANCE_JSON": str(target)},
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:]
    data = json.loads(target.read_text())
    if not data["suites"]:
        pytest.skip("conformance data absent")
    assert data["suites"]["encoding labels"] == {
        "passed": 228, "total": 228, "source": "tests/html_infra/encoding/test_encodings.py"
    }
    assert "conformance (passed/total)" in result.stdout


def test_every_exported_name_has_a_docstring():
    assert load("build").undocumented() == []


def test_pdoc_builds_a_page(tmp_path):
    pytest.importorskip("pdoc")
    import pdoc.render

    pdoc.render.configure(docformat="restructuredtext", show_source=False)
    pdoc.pdoc("dom.cli", "html_infra.url.api", output_directory=tmp_path)
    page = (tmp_path / "html_infra" / "url" / "api.html").read_text(encoding="utf-8")
    assert "https://url.spec.whatwg.org/#url-class" in page


def test_pdoc_resolves_named_tuple_and_lazily_loaded_names(tmp_path):
    """The API reference builds without a warning where pdoc alone warned: a NamedTuple's
    annotations (StyleSheetSource, ElementName) and names a package loads on first use."""
    pytest.importorskip("pdoc")
    import warnings

    import pdoc.render

    build = load("build")
    modules = ["webdom.loading", "dom.nodes.names"]
    build.load_lazy_names(["webdom", *modules])
    build.resolve_named_tuple_annotations(modules)
    pdoc.render.configure(docformat="restructuredtext", show_source=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pdoc.pdoc(*modules, output_directory=tmp_path)
    assert "StyleSheetSource" in (tmp_path / "webdom" / "loading.html").read_text(encoding="utf-8")
