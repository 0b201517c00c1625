"""The webdom command line's front-door features: --version, `run SCRIPT ARGS...`, `query --prop`,
a validated --url, and quiet exits into a closed pipe (`python -m webdom` as a user runs it)."""

from __future__ import annotations

import subprocess
import sys

import webdom
from tests.conftest import REPO
from webdom.cli import main

PAGE = """<!DOCTYPE html><base href="https://example.org/dir/">
<a href="a.html">A</a><a href="/b?q=1">B</a><a>no href</a><div>d</div><table><tr><td colspan=5000>x</table>"""


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "webdom", *args], input=stdin, capture_output=True, cwd=REPO,
                          timeout=120)


def test_version(capsys):
    result = run("--version")
    assert result.returncode == 0 and result.stdout.decode() == f"webdom {webdom.__version__}\n"


def test_query_prop_prints_idl_attributes(tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    assert main(["query", str(page), "a", "--prop", "href"]) == 0
    assert capsys.readouterr().out.splitlines() == ["https://example.org/dir/a.html", "https://example.org/b?q=1", ""]
    assert main(["query", str(page), "a[href]", "--attr", "href"]) == 0
    assert capsys.readouterr().out.splitlines() == ["a.html", "/b?q=1"]
    assert main(["query", str(page), "td", "--prop", "colSpan"]) == 0
    assert capsys.readouterr().out == "1000\n"
    assert main(["query", str(page), "a, div", "--prop", "hidden"]) == 0
    assert capsys.readouterr().out.splitlines() == ["false"] * 4


def test_query_prop_typo_and_methods_are_errors(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    result = run("query", str(page), "a", "--prop", "hreff")
    assert result.returncode == 1
    assert result.stderr.decode() == (
        "webdom: --prop 'hreff': the matched elements have no such IDL attribute; did you mean 'href'?\n")
    result = run("query", str(page), "a", "--prop", "click")
    assert result.returncode == 1 and "is a method, not an IDL attribute" in result.stderr.decode()


def test_url_is_validated(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    result = run("query", str(page), "a", "--url", "not a url")
    assert result.returncode == 1 and "Traceback" not in result.stderr.decode()
    assert result.stderr.decode() == (
        "webdom: --url 'not a url' is not an absolute URL (e.g. https://example.org/page.html)\n")
    assert run("tree", str(page), "--url", "https://example.org/p.html").returncode == 0


def test_run_passes_arguments_to_the_script(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    script = tmp_path / "script.py"
    script.write_text("import sys\nprint(sys.argv[1:], len(document.links), document.URL)\n")
    expected = "['-v', 'out.csv'] 2 https://example.org/p\n"
    for args in (
        ("run", str(script), "--html", str(page), "--url", "https://example.org/p", "--", "-v", "out.csv"),
        ("run", "--html", str(page), "--url=https://example.org/p", str(script), "-v", "out.csv"),
        ("run", str(script), "--html", str(page), "--url", "https://example.org/p", "-v", "out.csv"),
    ):
        result = run(*args)
        assert result.returncode == 0, result.stderr
        assert result.stdout.decode() == expected
    result = run("run", str(script))
    assert result.returncode == 1 and result.stderr.decode() == (
        "webdom: run needs --html FILE (or --html - for standard input)\n")


def test_run_script_into_a_closed_pipe(tmp_path):
    script = tmp_path / "script.py"
    script.write_text("for i in range(200000):\n    print(document.title, i)\n")
    process = subprocess.Popen(
        [sys.executable, "-m", "webdom", "run", str(script), "--html", "-"], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO,
    )
    process.stdin.write(b"<title>t</title>")
    process.stdin.close()
    first = process.stdout.readline()
    process.stdout.close()
    assert process.wait(timeout=120) == 0 and first == b"t 0\n"
    assert process.stderr.read() == b""
    process.stderr.close()
