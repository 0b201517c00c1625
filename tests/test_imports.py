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

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("webidl", "html_infra", "dom", "webdom")

CHILD = r"""
import importlib, importlib.util, sys, traceback
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
