"""Build the API reference from the docstrings with pdoc: HTML in docs/api/ (not committed).

    pip install pdoc            # or: pip install '.[docs]'
    python docs/build.py        # writes docs/api/index.html
    python docs/build.py --check-docstrings   # only list public names without a docstring

Every public module of ``webidl``, ``html_infra`` and ``dom`` is documented (pdoc alone would
stop at a package's ``__all__``, which names classes and functions, not submodules).  The
docstrings are reStructuredText-flavoured (````code````, ``:func:``), hence
``--docformat restructuredtext``.  ``docs/index.md`` is the page's introduction.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import typing
import warnings
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ["webdom", "webidl", "html_infra", "dom"]
# Scripts that are not part of the API (they run on import or regenerate data files).
SKIP = {"dom.__main__", "webdom.__main__", "html_infra.encoding.generate_data", "dom.generate_tag_types"}


def public_modules() -> list[str]:
    sys.path.insert(0, str(REPO))
    names: list[str] = []
    for package in PACKAGES:
        module = importlib.import_module(package)
        names.append(package)
        for info in pkgutil.walk_packages(module.__path__, package + "."):
            if info.name in SKIP or any(part.startswith("_") for part in info.name.split(".")):
                continue
            names.append(info.name)
    return names


def load_lazy_names(modules: list[str]) -> None:
    """Load the names a module exports on first use (a PEP 562 ``__getattr__``: ``import webdom``
    stays fast) into its namespace, where pdoc reads a module's members."""
    for name in modules:
        module = importlib.import_module(name)
        for exported in getattr(module, "__all__", []):
            if exported not in vars(module):
                try:
                    setattr(module, exported, getattr(module, exported))
                except ImportError:  # an optional extra that is not installed: left out
                    continue


def resolve_named_tuple_annotations(modules: list[str]) -> None:
    """A NamedTuple's generated ``__new__`` has its module's string annotations but not its
    module's namespace (nor the names the module imports only for type checkers): evaluate them
    where the class is defined, with the packages' public names beside."""
    public = {}
    for package in PACKAGES:
        module = importlib.import_module(package)
        public.update({name: getattr(module, name) for name in getattr(module, "__all__", [])})
    for name in modules:
        module = importlib.import_module(name)
        for value in list(vars(module).values()):
            if not (isinstance(value, type) and issubclass(value, tuple) and hasattr(value, "_fields")
                    and value.__module__ == name):
                continue
            annotations = getattr(value.__new__, "__annotations__", {})
            namespace = {**public, **vars(module)}
            for key, annotation in list(annotations.items()):
                text = annotation.__forward_arg__ if isinstance(annotation, typing.ForwardRef) else annotation
                if isinstance(text, str):
                    try:
                        annotations[key] = eval(text, namespace)  # noqa: S307 (our own annotations)
                    except (NameError, TypeError):
                        continue


def undocumented() -> list[str]:
    """Names exported by the packages' ``__all__`` that have no docstring of their own."""
    missing = []
    for package in PACKAGES:
        module = importlib.import_module(package)
        for name in getattr(module, "__all__", []):
            value = getattr(module, name)
            if not (inspect.isclass(value) or inspect.isfunction(value) or inspect.ismodule(value)):
                continue  # constants carry no docstring of their own
            doc = value.__doc__
            if inspect.isclass(value) and doc == getattr(value.__mro__[1], "__doc__", None) and doc:
                doc = None  # inherited from the base class: not this name's own
            if not doc or not doc.strip():
                missing.append(f"{package}.{name}")
    return missing


def main() -> int:
    if "--check-docstrings" in sys.argv:
        missing = undocumented()
        for name in missing:
            print(name)
        return 1 if missing else 0
    import pdoc
    import pdoc.render

    output = REPO / "docs" / "api"
    pdoc.render.configure(docformat="restructuredtext", show_source=False, search=True)
    with warnings.catch_warnings():
        # A package listed after its parent was already reached through it: harmless.
        warnings.filterwarnings("ignore", message="The module specification")
        modules = public_modules()
        load_lazy_names(modules)
        resolve_named_tuple_annotations(modules)
        pdoc.pdoc(*modules, output_directory=output)
    print(f"API reference written to {output / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
