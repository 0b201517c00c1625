"""The webdom command line, as a user runs it: every subcommand on a small page, on real pages
from ../shared/bench-data/html (skipped where absent), and on bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dom.cli import dump_tree, main
from tests.conftest import REPO

PAGE = """<!DOCTYPE html><title>t</title><base href="https://example.org/dir/">
<ul><li><a href="a.html" class=x>A</a><li><a href="/b?q=1">B</a></ul>"""

BENCH_HTML = Path(os.environ.get("WEBDOM_BENCH_DATA", REPO.parent / "shared" / "bench-data")) / "html"


def real_page(name: str) -> Path:
    path = BENCH_HTML / name
    if not path.exists():
        pytest.skip(f"{path} not found: put shared/ beside the repository or set WEBDOM_BENCH_DATA")
    return path


def webdom(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m dom`` as a user would, in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "dom", *args], input=stdin, capture_output=True, cwd=REPO, timeout=120
    )


def one_error_line(result: subprocess.CompletedProcess, start: str) -> None:
    err = result.stderr.decode()
    assert result.returncode != 0, result
    assert err.startswith(f"webdom: {start}"), err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err


# -- url ----------------------------------------------------------------------------------------


def test_url(capsys):
    assert main(["url", "../x?y=1#z", "--base", "https://example.org/a/b"]) == 0
    out = capsys.readouterr().out
    assert "href      https://example.org/x?y=1#z" in out and "param     y = 1" in out
    assert "origin    https://example.org" in out
    assert main(["url", "https://user@EXAMPLE.org:443/", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["host"] == "example.org" and data["port"] == "" and data["origin"] == "https://example.org"
    assert data["validationErrors"][0] == {"name": "invalid-credentials", "position": 12}


def test_url_lists_every_validation_error(capsys):
    assert main(["url", "https://user@example.org\\p ath"]) == 0
    errors = [line.split()[1] for line in capsys.readouterr().out.splitlines() if line.startswith("error")]
    assert errors == ["invalid-credentials", "invalid-reverse-solidus", "invalid-URL-unit"]


def test_url_failure(capsys):
    assert main(["url", "https://exa mple.org"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("webdom: invalid URL 'https://exa mple.org' (") and err.count("\n") == 1
    assert main(["url", "http://[::1"]) == 1
    assert "IPv6-unclosed" in capsys.readouterr().err
    assert main(["url", "x", "--base", "not a base"]) == 1
    assert capsys.readouterr().err.startswith("webdom: invalid base URL 'not a base' (missing-scheme-non-relative-URL")
    assert main(["url", "x"]) == 1
    assert capsys.readouterr().err.startswith("webdom: invalid URL 'x' (missing-scheme-non-relative-URL at 0)")


def test_url_failure_in_a_subprocess():
    one_error_line(webdom("url", "https://exa mple.org", "--json"), "invalid URL")


# -- query ---------------------------------------------------------------------------------------


def test_query_and_tree(tmp_path, capsys):
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    assert main(["query", str(page), "a.x"]) == 0
    assert capsys.readouterr().out.strip() == '<a href="a.html" class="x">A</a>'
    assert main(["query", str(page), "li a", "--attr", "href"]) == 0
    assert capsys.readouterr().out.split() == ["a.html", "/b?q=1"]
    assert main(["query", str(page), "li a", "--text"]) == 0
    assert capsys.readouterr().out.split() == ["A", "B"]
    assert main(["query", str(page), "a", "--count"]) == 0
    assert capsys.readouterr().out.strip() == "2"
    assert main(["query", str(page), "a", "--attr", "class"]) == 0  # elements without it are skipped
    assert capsys.readouterr().out.split() == ["x"]
    assert main(["tree", str(page)]) == 0
    tree = capsys.readouterr().out
    assert "DOCTYPE: html" in tree and '      A href="a.html" class="x"' in tree and "#text: 'A'" in tree


def test_query_stdin_is_sniffed_bytes():
    # windows-1252 bytes on stdin: the <meta> prescan finds the encoding, as a browser's would.
    page = '<meta charset="windows-1252"><p id=p>caf\xe9 cr\xe8me</p>'.encode("windows-1252")
    result = webdom("query", "-", "#p", "--text", stdin=page)
    assert result.returncode == 0 and result.stdout.decode("utf-8").strip() == "caf\xe9 cr\xe8me"
    # A UTF-8 BOM wins over the prescan.
    result = webdom("query", "-", "p", "--text", stdin=b"\xef\xbb\xbf<meta charset=latin1><p>\xc3\xa9")
    assert result.stdout.decode("utf-8").strip() == "\xe9"
    # --encoding is the transport charset.
    result = webdom("query", "-", "p", "--text", "--encoding", "windows-1251", stdin=b"<p>\xc6")
    assert result.stdout.decode("utf-8").strip() == "\u0416"


def test_query_resolves_links_against_url(tmp_path):
    page = tmp_path / "page.html"
    page.write_text('<a href="../up?q=1">x</a>')
    script = tmp_path / "hrefs.py"
    script.write_text("for a in document.querySelectorAll('a'): print(a.href)\n")
    result = webdom("run", str(script), "--html", str(page), "--url", "https://example.org/a/b/c.html")
    assert result.stdout.decode().strip() == "https://example.org/a/up?q=1"


def test_bad_inputs(tmp_path, capsys):
    assert main(["query", str(tmp_path / "missing.html"), "a"]) == 1
    assert capsys.readouterr().err == f"webdom: no such file: {tmp_path / 'missing.html'}\n"
    assert main(["tree", str(tmp_path)]) == 1
    assert "is a directory" in capsys.readouterr().err
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    for selector in ["a[[", "", "p:nth-child(", "::-webkit-nonsense", "a >"]:
        assert main(["query", str(page), selector]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"webdom: invalid selector {selector!r} (SyntaxError)") and err.count("\n") == 1
    assert main(["query", str(page), "a", "--encoding", "no-such-label"]) == 1
    assert capsys.readouterr().err == "webdom: unknown encoding label 'no-such-label'\n"
    assert main(["run", str(tmp_path / "nope.py"), "--html", str(page)]) == 1
    assert capsys.readouterr().err.startswith("webdom: no such script")


def test_bad_inputs_in_a_subprocess(tmp_path):
    one_error_line(webdom("query", str(tmp_path / "missing.html"), "a"), "no such file")
    one_error_line(webdom("query", "-", "a[[", stdin=b"<a>"), "invalid selector")
    one_error_line(webdom("tree", str(tmp_path / "missing.html")), "no such file")
    usage = webdom("query")  # argparse: usage and a one-line error, exit code 2
    assert usage.returncode == 2 and b"error:" in usage.stderr


# -- tree ----------------------------------------------------------------------------------------


def test_tree_shows_node_kinds(capsys):
    from dom import parse_html

    document = parse_html("<!DOCTYPE html><!--c--><p a=1 b='x y'>one<br>two<template><i>t</i></template>")
    assert dump_tree(document).splitlines() == [
        "DOCTYPE: html",
        "#comment: 'c'",
        "HTML",
        "  HEAD",
        "  BODY",
        '    P a="1" b="x y"',
        "      #text: 'one'",
        "      BR",
        "      #text: 'two'",
        "      TEMPLATE",
        "        #document-fragment",
        "          I",
        "            #text: 't'",
    ]


def test_tree_of_a_deep_document_does_not_recurse(tmp_path):
    page = tmp_path / "deep.html"
    page.write_text("<div>" * 5000 + "x")
    result = webdom("tree", str(page))
    assert result.returncode == 0 and result.stdout.decode().rstrip().endswith("#text: 'x'")


def test_tree_streams_into_a_closed_pipe():
    # `webdom tree big.html | head -1`: the reader closing the pipe is not an error.
    big = b"<ul>" + b"<li>item" * 200_000
    process = subprocess.Popen(
        [sys.executable, "-m", "dom", "tree", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, cwd=REPO,
    )
    process.stdin.write(big)
    process.stdin.close()
    first = process.stdout.readline()
    process.stdout.close()
    assert process.wait(timeout=120) == 0 and first == b"HTML\n"
    assert process.stderr.read() == b""
    process.stderr.close()


# -- run -----------------------------------------------------------------------------------------


def test_run_and_module_entry(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    script = tmp_path / "script.py"
    script.write_text("import sys\nprint(document.querySelector('title').textContent, sys.argv == [__file__])\n")
    result = webdom("run", str(script), "--html", str(page))
    assert result.returncode == 0 and result.stdout.decode().strip() == "t True"


def test_run_script_errors(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    script = tmp_path / "boom.py"
    script.write_text("x = 1\nraise ValueError('boom')\n")
    result = webdom("run", str(script), "--html", str(page))
    err = result.stderr.decode()
    assert result.returncode == 1 and err.endswith("ValueError: boom\n")
    assert str(script) in err and "runpy" not in err and "cli.py" not in err
    script.write_text("import sys\nsys.exit(3)\n")
    assert webdom("run", str(script), "--html", str(page)).returncode == 3
    script.write_text("document.querySelector('[[')\n")
    result = webdom("run", str(script), "--html", str(page))
    assert result.returncode == 1 and "SyntaxError" in result.stderr.decode()


def test_console_script_is_declared():
    # The command belongs to the front-door package; webdom.cli.main is dom.cli.main.
    text = (REPO / "pyproject.toml").read_text()
    assert 'webdom = "webdom.cli:main"' in text
    import webdom.cli

    assert webdom.cli.main is main


# -- real pages ----------------------------------------------------------------------------------


def test_real_page_query():
    page = real_page("wikipedia-42-number.html")
    result = webdom("query", str(page), "title", "--text")
    assert result.returncode == 0 and result.stdout.decode().strip() == "42 (number) - Wikipedia, the free encyclopedia"
    count = int(webdom("query", str(page), "a[href]", "--count").stdout)
    hrefs = webdom("query", str(page), "a[href]", "--attr", "href").stdout.decode().splitlines()
    assert count > 100 and len(hrefs) == count
    html = webdom("query", str(page), "h1").stdout.decode()
    assert html.startswith("<h1") and html.rstrip().endswith("</h1>")


def test_real_page_tree_and_run(tmp_path):
    page = real_page("dailymail-article.html")
    result = webdom("tree", str(page))
    lines = result.stdout.decode().splitlines()
    assert result.returncode == 0 and lines[0].startswith("DOCTYPE: html") and len(lines) > 1000
    assert any(line.strip().startswith("#text: ") for line in lines)
    assert any(line.strip().startswith("#comment: ") for line in lines)
    script = tmp_path / "count.py"
    script.write_text(
        "links = document.querySelectorAll('a[href]')\n"
        "print(len(links), document.links.length == len(document.querySelectorAll('a[href], area[href]')))\n"
        "print(links[0].href)\n"
    )
    result = webdom("run", str(script), "--html", str(page), "--url", "https://www.dailymail.co.uk/news/x.html")
    first, second = result.stdout.decode().splitlines()
    assert result.returncode == 0 and first.endswith(" True") and second.startswith("http")


def test_real_huge_page_query():
    # The page declares no encoding (its server sent "charset=utf-8"): sniffing alone falls back to
    # windows-1252, as a browser opening the file would; --encoding plays the HTTP header's part.
    page = real_page("whatwg-html-spec-huge-page.html")
    sniffed = webdom("query", str(page), "h2 .pubdate", "--text")
    assert sniffed.returncode == 0 and sniffed.stdout.decode().strip() == "1 November 2014"
    heading = webdom("query", str(page), "h2", "--text", "--encoding", "utf-8").stdout.decode().splitlines()
    assert heading[0] == "Living Standard \u2014 Last Updated 1 November 2014"
    fallback = webdom("query", str(page), "h2", "--text").stdout.decode().splitlines()
    assert fallback[0] == "Living Standard \u00e2\u20ac\u201d Last Updated 1 November 2014"
