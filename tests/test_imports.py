"""Every module of the four packages can be the first one a program imports.

Imports sit at module level, and where two modules import each other one of them imports the other
*module* (``from . import mutation``) rather than a name from it.  A cycle gone wrong shows only
when a particular module is imported first, so each module is imported first in a fresh
interpreter.

One interpreter does all of them: importing ``a.b.c`` first runs ``a``'s ``__init__`` to its end
before ``a.b.c`` itself, so a module that ``import a`` already loads is covered by importing ``a``
first; every other module is imported first after the four packages are dropped from
``sys.modules`` (third-party modules stay loaded: they cannot be part of our cycles).
"""

import ast
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("webidl", "html_infra", "dom", "webdom")

CHILD = r"""
import importlib, importlib.util, sys, traceback
from collections.abc import Iterator
from pathlib import Path

PACKAGES = {packages!r}

def fresh():
    for name in [n for n in sys.modules if n.split(".")[0] in PACKAGES]:
        del sys.modules[name]

modules = []
for package in PACKAGES:
    for path in sorted(Path(package).rglob("*.py")):
        parts = path.with_suffix("").parts
        if parts[-1] == "__main__":
            continue                    # running it is not importing it
        modules.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))

def optional_missing(error):
    # the name of a third-party module that is not installed (an optional extra's), or None
    top = (error.name or "").split(".")[0]
    if not top or top in PACKAGES:
        return None
    return top if importlib.util.find_spec(top) is None else None

failures = []
optional = []
checked = 0
for package in PACKAGES:
    fresh()
    try:
        importlib.import_module(package)
    except Exception:
        failures.append((package, traceback.format_exc(limit=-3)))
        continue
    loaded = set(sys.modules)
    for module in modules:
        if module.split(".")[0] != package:
            continue
        checked += 1
        if module in loaded:
            continue
        fresh()
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as error:
            if optional_missing(error):  # the engine modules of an extra that is not installed
                optional.append((module, error.name))
            else:
                failures.append((module, traceback.format_exc(limit=-3)))
        except Exception:
            failures.append((module, traceback.format_exc(limit=-3)))
for module, error in failures:
    print("FIRST IMPORT OF", module, "FAILS:\n" + error)
for module, name in optional:
    print("not imported:", module, "needs", name, "(an optional dependency, not installed)")
print("modules importable first:", checked - len(failures) - len(optional), "of", len(modules) - len(optional))
"""


def test_every_module_can_be_imported_first():
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(packages=PACKAGES)],
        cwd=REPO, capture_output=True, text=True,
    )
    print(child.stdout)
    assert child.returncode == 0, child.stderr
    assert "FAILS" not in child.stdout, child.stdout
    counts = re.search(r"modules importable first: (\d+) of (\d+)", child.stdout)
    assert counts is not None and counts[1] == counts[2] and int(counts[2]) > 100, child.stdout


# --- no module-level import cycle ------------------------------------------------------------------
# The graph of module-level imports: imports inside functions and `if TYPE_CHECKING:` blocks do not
# run when a module loads, so they do not count (lint-imports checks those against the floors).
# Each cycle that remains is listed here, a known debt: a new cycle, or a listed one that grows,
# fails; a listed one that shrinks or goes fails too, until this list is brought down to it.
KNOWN_CYCLES = [
    # form submission and FormData (the entry list)
    {"dom.html.forms.form_data", "dom.html.forms.submission"},
    # the parsing package and DOMParser
    {"dom.parsing", "dom.parsing.dom_parser"},
    # the HTML serialization and the XML serialization (which the fragment serializing algorithm picks)
    {"dom.serialization", "dom.xml_serialization"},
]


def _module_level_imports(body: list[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            test = node.test
            if not (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"
                    or isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"):
                yield from _module_level_imports(node.body)
            yield from _module_level_imports(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, *(handler.body for handler in node.handlers), node.orelse, node.finalbody):
                yield from _module_level_imports(block)
        elif isinstance(node, ast.With):
            yield from _module_level_imports(node.body)


def module_level_import_graph() -> dict[str, set[str]]:
    """{module: the modules of the four packages it imports when it loads}."""
    paths = {}
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            parts = path.relative_to(REPO).with_suffix("").parts
            paths[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        imported = graph.setdefault(module, set())
        for node in _module_level_imports(ast.parse(path.read_text(encoding="utf-8")).body):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names if alias.name in paths)
                continue
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                if f"{target}.{alias.name}" in paths:      # `from . import submodule`
                    imported.add(f"{target}.{alias.name}")
                elif target in paths:
                    imported.add(target)
        imported.discard(module)
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, no recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []
    for start in sorted(graph):
        if start in index:
            continue
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        work = [(start, iter(sorted(graph[start])))]
        while work:
            module, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    break
                if successor in on_stack:
                    low[module] = min(low[module], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == module:
                            break
                    if len(component) > 1:
                        cycles.append(component)
    return cycles


def test_import_cycles_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"d"}}
    assert import_cycles(graph) == [{"a", "b", "c"}]


def test_no_module_level_import_cycle_but_the_known_ones():
    cycles = sorted(import_cycles(module_level_import_graph()), key=len, reverse=True)
    print("module-level import cycles:", [len(cycle) for cycle in cycles])
    for cycle in cycles:
        assert cycle in KNOWN_CYCLES, f"a new or grown import cycle of {len(cycle)} modules: {sorted(cycle)}"
    for known in KNOWN_CYCLES:
        assert known in cycles, (
            f"a known import cycle shrank or went: bring KNOWN_CYCLES down to the cycles found, "
            f"{[sorted(cycle) for cycle in cycles]}"
        )


def test_every_dom_module_stands_on_a_floor():
    """lint-imports checks the floors of the modules its layers name: a module on none would go
    unchecked, so each module of dom (but the package itself) must be on one."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    (floors,) = [contract for contract in config["contracts"] if contract["name"].startswith("dom floors")]
    on_a_floor = [name.strip() for layer in floors["layers"] for name in layer.split(":")]
    modules = [module for module in module_level_import_graph() if module.startswith("dom.")]
    unplaced = [
        module for module in modules
        if not any(module == floor or module.startswith(floor + ".") for floor in on_a_floor)
    ]
    assert not unplaced, f"put these modules on a floor in pyproject.toml's dom floors contract: {unplaced}"


def test_import_dom_fills_the_registry():
    """Each name dom.registry declares is filled by the module that defines it once dom is imported
    (in a fresh interpreter, so that no other test has imported the module for it)."""
    child = subprocess.run(
        [sys.executable, "-c", "import dom, dom.registry as r; print(sorted(n for n in r.__annotations__ if not hasattr(r, n)))"],
        cwd=REPO, capture_output=True, text=True,
    )
    assert child.returncode == 0, child.stderr
    assert child.stdout.strip() == "[]", f"declared in dom.registry but not filled by import dom: {child.stdout}"


def test_imports_inside_functions_are_lazy_loading_and_say_so():
    """An import inside a function only loads an optional or slow module late, and says so ("lazy"
    or "optional" on its line or just above): to dodge an import cycle, the module that is built on
    fills a registry instead (dom/registry.py, STYLE.md section 10)."""
    unexplained = []
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            source = path.read_text(encoding="utf-8")
            lines = source.splitlines()
            for function in ast.walk(ast.parse(source)):
                if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                for node in ast.walk(function):
                    if isinstance(node, (ast.Import, ast.ImportFrom)):
                        said = " ".join(lines[max(0, node.lineno - 6):node.lineno]).lower()
                        if "lazy" not in said and "optional" not in said:
                            unexplained.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert not unexplained, f"imports inside functions that do not say why they are lazy: {sorted(set(unexplained))}"


# --- what `import webdom` leaves for later -----------------------------------------------------------
# Loaded at the first call that needs them (dom/README.md, "Floors"), so that `import webdom` stays
# fast for programs that parse and read the tree.
LOADED_WHEN_FIRST_USED = ("dom.selectors.engine", "dom.cssom.cascade", "dom.cssom.computed_style",
                          "dom.cssom.style_sheets", "dom.css_style_declaration", "dom.css.properties",
                          "dom.html.inner_text", "tinycss2")

LAZY_CHILD = r"""
import sys
import webdom
print(sorted(m for m in {modules!r} if m in sys.modules))
document = webdom.parse_html(b"<style>p {{ color: red }}</style><p style='width: 1px'>x</p>")
p = document.querySelector("p")
print(p.tagName, document.defaultView.getComputedStyle(p).color, p.style.width, document.body.innerText,
      document.styleSheets.length, p.checkVisibility(), webdom.CSSStyleSheet.__name__)
print(sorted(m for m in {modules!r} if m not in sys.modules))
"""


def test_import_webdom_leaves_the_selector_engine_and_the_cssom_for_their_first_use():
    child = subprocess.run([sys.executable, "-c", LAZY_CHILD.format(modules=LOADED_WHEN_FIRST_USED)],
                           cwd=REPO, capture_output=True, text=True)
    assert child.returncode == 0, child.stderr
    loaded_at_import, answers, still_missing = child.stdout.splitlines()
    assert loaded_at_import == "[]", f"import webdom loads {loaded_at_import}"
    assert answers == "P rgb(255, 0, 0) 1px x 1 True CSSStyleSheet"
    assert still_missing == "[]"


# Modules `import webdom` leaves for the first call that needs them, with such a call (an expression
# on `document`, a parsed page) and what it gives: the call must load the module and still work.
FIRST_USES = {
    "html_infra.microsyntaxes.dates": ("document.getElementById('d').value", "2020-02-29"),
    "html_infra.microsyntaxes.colors": ("document.getElementById('c').value", "#ff0000"),
    "html_infra.microsyntaxes.valid_strings": (
        "__import__('html_infra.microsyntaxes').microsyntaxes.is_valid_week_string('2020-W53')", "True"),
    "datetime": ("document.getElementById('d').valueAsDate.isoformat()", "2020-02-29T00:00:00+00:00"),
    "decimal": ("document.getElementById('n').stepUp() or document.getElementById('n').value", "1.3"),
    "html_infra.url": ("document.getElementById('a').href + ' ' + webdom.URL('b?x', 'https://example.org/a').href",
                       "https://example.org/x https://example.org/b?x"),
    "dom.fetch": ("[document.defaultView.navigator.sendBeacon('https://example.org/'), "
                  "webdom.Request('https://example.org/a').url, webdom.Headers({'a': 'b'}).get('a')]",
                  "[False, 'https://example.org/a', 'b']"),
    "html_infra.encoding": ("webdom.parse_html(b'<meta charset=windows-1252>\\xe9').body.textContent", "\u00e9"),
    "json": ("__import__('html_infra.infra').infra.serialize_infra_value_to_json_string({'a': [1.5, None]})",
             '{"a":[1.5,null]}'),
    "dom.ranges": ("document.createRange().collapsed", "True"),
    "dom.selection": ("document.defaultView.getSelection().rangeCount", "0"),
    "dom.serialization": ("document.getElementById('a').outerHTML", '<a id="a" href="https://example.org/x"></a>'),
    "dom.xml_serialization": ("webdom.XMLSerializer().serializeToString(document.createElement('br'))",
                              '<br xmlns="http://www.w3.org/1999/xhtml" />'),
    "html_infra.mime.sniffing": ("__import__('html_infra.mime').mime.text_or_binary(b'\\x00')", "application/octet-stream"),
}

FIRST_USES_CHILD = r"""
import sys
import webdom
uses = {uses!r}
print(sorted(m for m in uses if m in sys.modules))
document = webdom.parse_html("<input id=d type=date value=2020-02-29><input id=c type=color value=#FF0000>"
                             "<input id=n type=number step=0.1 value=1.2><a id=a href='https://example.org/x'>")
for module, (call, _) in uses.items():
    print(module, eval(call), module in sys.modules)
"""


def test_import_webdom_leaves_modules_for_their_first_use():
    child = subprocess.run([sys.executable, "-c", FIRST_USES_CHILD.format(uses=FIRST_USES)],
                           cwd=REPO, capture_output=True, text=True)
    assert child.returncode == 0, child.stderr
    loaded_at_import, *lines = child.stdout.splitlines()
    assert loaded_at_import == "[]", f"import webdom loads {loaded_at_import}"
    assert lines == [f"{module} {answer} True" for module, (_, answer) in FIRST_USES.items()]
