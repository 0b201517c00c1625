"""Every script in examples/ runs as a user runs it (``python examples/NAME.py`` in a fresh
process) and prints what its docstring promises."""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys

import pytest

from tests.conftest import REPO

EXAMPLES = sorted((REPO / "examples").glob("*.py"))

HAS_BS4 = importlib.util.find_spec("bs4") is not None

# Lines (or parts of lines) each example must print; an example not listed must still run
# cleanly and print something.
EXPECTED: dict[str, list[str]] = {
    "tour.py": [
        "== Resolving links the way a browser does (URL Standard) ==",
        "'https://bücher.example/Straße'",
        "-> https://xn--bcher-kva.example/Stra%C3%9Fe",
        "convert('unsigned long', -1) = 4294967295",
        "  title: Shoes | links: ['https://shop.example/catalogue/red.html', 'https://shop.example/blue.html?c=bleu']",
        "  first item: A1 ['item', 'sale'] True",
        '  after edits: 3 items; <li class="item" data-sku="A1" data-seen="yes">',
        "  form: https://shop.example/search | size '52' valid? False - Value must be less than or equal to 48.",
        '    LI class="item" data-sku="A1" data-seen="yes"',
        "  the request it makes (steps after validation): https://shop.example/search?q=red+shoes&size=52",
        "  FormData(form): [('q', 'red shoes'), ('size', '52')]",
        "  the list's innerText (as rendered): 'Red\\nBlue\\nGreen'",
    ],
    "reflection.py": [
        "document encoding         windows-1252",
        "td colspan=\"5000\"         1000 (clamped to 1000)",
    ],
    "scripting.py": [
        "  ../v1/changes.html                   -> https://docs.example/guide/v1/changes.html",
        "  https://github.com/example/project   -> https://github.com/example/project?utm_source=docs",
        "  mailto:team@docs.example             -> mailto:team@docs.example",
        "  <a> 'btn btn-primary'                  -> 'button button--primary' (data-old-class kept)",
        "  <ul> 'old-style'                        -> 'legacy' (data-old-class kept)",
        "  2 entries; first link: '#new', whose href is https://docs.example/guide/v2/#new",
        '<body><nav class="toc"><ol><li><a href="#new">What\'s new</a></li><li><a href="#fixes">Fixes</a></li></ol></nav>',
        'target="_blank" rel="noopener external" data-old-class="btn btn-primary external-link">the code</a>',
    ],
    "teaching.py": [
        "== How a URL is parsed, step by step ==",
        "  validation error invalid-URL-unit: leading/trailing C0 control or space removed",
        "    scheme state                             'TTPS:'",
        "  validation error invalid-credentials at 15: the URL has credentials (user:password@)",
        "                   ^",
        "  serialized: https://user:pw@example.com/a/c%20d?q=%C3%A4#top",
        "  validation error invalid-reverse-solidus at 19: a backslash used as a slash in a special URL",
        "  serialized: http://127.0.0.1/",
        "  serialized: https://example.org/a/up?x",
        "  validation error IPv6-unclosed at 10: an IPv6 address without its closing ]",
        "  result: failure (URL.parse returns None; new URL() raises TypeError)",
        "  validation error port-out-of-range at 25: the port is above 65535",
        "== Live collections change with the tree; querySelectorAll does not ==",
        "  start:               todo=3 snapshot=3 children=4",
        "  after append(li):    todo=4 snapshot=3 children=5",
        "    still marked todo: ['ship'] (each removal shifted the live list under the index)",
        "    still marked todo: []",
        "== Reflected attributes: content attribute -> IDL attribute ==",
        '  <td colspan="2000">                  td.colSpan        = 1000',
        '  <div hidden="false">                 div.hidden        = True',
        "  <form method=\"put\">                  form.method       = 'get'",
        "  <a href=\"  ../x y \">                 a.href            = 'https://example.org/x%20y'",
        "    input.maxLength = -1         -> raises IndexSizeError (IndexSizeError)",
    ],
    "scraper_testing.py": [
        "page encoding: windows-1252; document base URL: https://shop.example/fr/boutique/",
        "    browser  https://shop.example/fr/boutique/cr%C3%A8me.html?q=cr%E8me%20br%FBl%E9e&tri=prix",
        "    urljoin  'https://shop.example/fr/boutique/crème.html?q=crème brûlée&tri=prix'",
        "    browser  https://evil.example/steal",
        "    browser  javascript:alert(1)",
        "    browser  http://127.0.0.1/admin",
        "    browser  https://xn--bcher-kva.example/",
        "    browser  'https://exa mple.example/'   (does not parse: a.href is the attribute as is)",
        "13 links in document.links",
        "urljoin with the <base> differs from the browser on 7 of them",
    ] + (
        ["    naive    https://shop.example/fr/catalogue/fantôme.html",
         "the naive BeautifulSoup scrape differs on 11 (extra links included)"]
        if HAS_BS4 else ["naive BeautifulSoup column skipped: pip install beautifulsoup4"]
    ),
}


def run(path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(path), *args], capture_output=True, text=True, encoding="utf-8", cwd=REPO,
        timeout=120, # PYTHONPATH: a checkout not installed into the venv runs the same code an install would.
        env={"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8", "PYTHONPATH": str(REPO)},
    )


def test_the_examples_are_all_here():
    names = {path.name for path in EXAMPLES}
    assert {"tour.py", "scripting.py", "teaching.py", "scraper_testing.py", "form_submission.py"} <= names


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_example_runs_and_prints_what_it_promises(path):
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    assert docstring, "each example says what it prints in its docstring"
    result = run(path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.strip()
    lines = result.stdout.splitlines()
    for expected in EXPECTED.get(path.name, []):
        assert expected in lines or any(expected in line for line in lines), expected


def test_teaching_sections_run_one_at_a_time():
    result = run(REPO / "examples" / "teaching.py", "collections")
    assert result.returncode == 0 and result.stdout.lstrip().startswith("== Live collections")
    assert "== How a URL" not in result.stdout
    result = run(REPO / "examples" / "teaching.py", "nonsense")
    assert result.returncode == 1 and "unknown section 'nonsense'" in result.stderr
