"""webdom.implemented_interfaces is the one table of which class implements which interface:
every entry names a class of that interface's name, and no class of an IDL interface's name in
dom, html_infra or webidl is missing from it (a new interface class must be listed to reach the
JS binding and the IDL coverage test)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys

import dom
import html_infra
import webidl
from tests.conftest import specs_path
from webdom.implemented_interfaces import IMPLEMENTED, implementation, implementations
from webdom.js.interfaces import _EXTRA_IDL
from webidl.idl import load_idl

# Classes named like an IDL interface that are something else (not the platform object).
NOT_IMPLEMENTATIONS: dict[str, str] = {}


def _idl_interfaces() -> set[str]:
    paths = sorted(specs_path("idl").glob("*.webidl")) + sorted(_EXTRA_IDL.glob("*.webidl"))
    return {name for name, d in load_idl(paths).definitions.items() if d.kind == "interface"}


def _all_modules() -> None:
    for package in (dom, html_infra, webidl):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.endswith("__main__"):
                importlib.import_module(info.name)


def test_every_entry_is_a_class_of_its_interface_name() -> None:
    for interface, cls in implementations().items():
        assert cls.__name__ == interface, (interface, IMPLEMENTED[interface])
        assert implementation(interface) is cls


def test_no_implementation_is_missing() -> None:
    interfaces = _idl_interfaces()
    assert set(IMPLEMENTED) <= interfaces, sorted(set(IMPLEMENTED) - interfaces)
    _all_modules()
    unlisted = []
    for modname, module in sorted(sys.modules.items()):
        if module is None or not modname.startswith(("dom.", "html_infra.", "webidl.")):
            continue
        for attr, value in vars(module).items():
            if not (inspect.isclass(value) and value.__module__ == modname and attr == value.__name__):
                continue
            if attr in interfaces and IMPLEMENTED.get(attr) != f"{modname}:{attr}":
                if NOT_IMPLEMENTATIONS.get(attr) != f"{modname}:{attr}":
                    unlisted.append(f"{modname}:{attr}")
    assert unlisted == [], f"classes of IDL interface names outside webdom.implemented_interfaces: {unlisted}"
