"""The webdom command line, as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys

from dom.cli import main

PAGE = """<!DOCTYPE html><title>t</title><base href="https://example.org/dir/">
<ul><li><a href="a.html" class=x>A</a><li><a href="/b?q=1">B</a></ul>"""


def test_url(capsys):
    assert main(["url", "../x?y=1#z", "--base", "https://example.org/a/b"]) == 0
    out = capsys.readouterr().out
    assert "href      https://example.org/x?y=1#z" in out and "param     y = 1" in out
    assert main(["url", "https://user@EXAMPLE.org:443/", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["host"] == "example.org" and data["validationErrors"][0]["name"] == "invalid-credentials"


def test_url_failure(capsys):
    assert main(["url", "https://exa mple.org"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("webdom: invalid URL") and "\n" == err[-1] and err.count("\n") == 1


def test_query_and_tree(tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    assert main(["query", str(page), "a.x"]) == 0
    assert capsys.readouterr().out.strip() == '<a href="a.html" class="x">A</a>'
    assert main(["query", str(page), "li a", "--attr", "href"]) == 0
    assert capsys.readouterr().out.split() == ["a.html", "/b?q=1"]
    assert main(["query", str(page), "a", "--count"]) == 0
    assert capsys.readouterr().out.strip() == "2"
    assert main(["tree", str(page)]) == 0
    tree = capsys.readouterr().out
    assert "DOCTYPE: html" in tree and '  A href="a.html" class="x"' in tree


def test_errors_are_one_line(tmp_path, capsys):
    assert main(["query", str(tmp_path / "missing.html"), "a"]) == 1
    assert capsys.readouterr().err.startswith("webdom: no such file")
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    assert main(["query", str(page), "a[["]) == 1
    assert capsys.readouterr().err.startswith("webdom: invalid selector")


def test_run_and_module_entry(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    script = tmp_path / "script.py"
    script.write_text("print(document.querySelector('title').textContent)\n")
    result = subprocess.run(
        [sys.executable, "-m", "dom", "run", str(script), "--html", str(page)], capture_output=True, text=True
    )
    assert result.returncode == 0 and result.stdout.strip() == "t"
