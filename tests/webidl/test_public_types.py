"""Precise public types (issue 30, goal 2): every argument of an IDL operation and every value of
a writable IDL attribute whose IDL type is not ``any`` has a Python annotation other than
``Any`` on the method or setter implementing it -- except the few named below, each with the
reason.  Read from the IDL (skipped without ../shared/specs); an entry listed here that is now
typed fails the test too, so the list stays current."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from tests.conftest import specs_path
from webidl.interface import python_name

# Interface.operation(argument) -> why its annotation is Any.
ALLOWED = {
    # typed for type checkers by DocumentTagTypes' overloads (createElement("a") -> HTMLAnchorElement);
    # the runtime method sits under `if not TYPE_CHECKING`
    "Document.createElement(localName)": "overloads in dom/tag_types.py",
    "Document.createElement(options)": "overloads in dom/tag_types.py",
    "Document.createElementNS(namespace)": "overloads in dom/tag_types.py",
    "Document.createElementNS(qualifiedName)": "overloads in dom/tag_types.py",
    "Document.createElementNS(options)": "overloads in dom/tag_types.py",
}


def _model() -> Any:
    specs_path("idl")
    from webdom.js.interfaces import _model as model

    return model()


def _implementations() -> list[tuple[str, type, list[Any]]]:
    from webdom.implemented_interfaces import IMPLEMENTED, implementation

    model = _model()
    found = []
    for name in IMPLEMENTED:
        definition = model.definitions.get(name)
        if definition is None:
            continue
        members = list(definition.members)
        for mixin in definition.includes:
            if mixin in model.definitions:
                members += model.definitions[mixin].members
        found.append((name, implementation(name), members))
    return found


def _untyped(annotation: Any) -> bool:
    return annotation in (None, "Any", Any)


def test_operation_arguments_are_typed() -> None:
    untyped = set()
    for name, cls, members in _implementations():
        counts: dict[str, int] = {}
        for member in members:
            if member.kind == "operation" and member.name:
                counts[member.name] = counts.get(member.name, 0) + 1
        for member in members:
            # (an overloaded operation's Python parameters are named after one of its overloads)
            if member.kind != "operation" or not member.name or member.static or counts[member.name] > 1:
                continue
            method = getattr(cls, python_name(member.name), None)
            if method is None:
                continue
            annotations = getattr(inspect.unwrap(method), "__annotations__", None)
            if annotations is None:  # a method in C (lxml's, or the speedups'): typed by its stub
                continue
            for argument in member.argument_details:
                if argument.idl_type.strip() != "any" and _untyped(annotations.get(python_name(argument.name))):
                    untyped.add(f"{name}.{member.name}({argument.name})")
    assert sorted(untyped - set(ALLOWED)) == [], "typed as Any where the IDL names a type"
    assert sorted(set(ALLOWED) - untyped) == [], "typed now: remove them from ALLOWED"


def test_constructor_arguments_are_typed() -> None:
    """https://webidl.spec.whatwg.org/#idl-constructors: a constructor's arguments are the
    class's ``__init__`` parameters, typed as the operations' are."""
    untyped = set()
    for name, cls, members in _implementations():
        constructors = [member for member in members if member.kind == "constructor"]
        init = inspect.unwrap(vars(cls).get("__init__", cls.__init__))
        annotations = getattr(init, "__annotations__", None)
        if len(constructors) != 1 or annotations is None:  # none, overloaded, or object's
            continue
        for argument in constructors[0].argument_details:
            if argument.idl_type.strip() != "any" and _untyped(annotations.get(python_name(argument.name))):
                untyped.add(f"{name}({argument.name})")
    assert sorted(untyped) == [], "typed as Any where the IDL names a type"


def test_attribute_setters_are_typed() -> None:
    untyped = []
    for name, cls, members in _implementations():
        for member in members:
            if member.kind != "attribute" or member.readonly or member.static or member.idl_type.strip() == "any":
                continue
            prop = next((vars(k)[python_name(member.name)] for k in cls.__mro__ if python_name(member.name) in vars(k)),
                        None)
            if not isinstance(prop, property) or prop.fset is None:
                continue  # a reflection descriptor (typed by its kind) or a read-only Python property
            setter = inspect.unwrap(prop.fset)
            parameters = list(inspect.signature(setter).parameters)[1:]
            if parameters and _untyped(setter.__annotations__.get(parameters[0])):
                untyped.append(f"{name}.{member.name}")
    assert untyped == []


def test_the_check_can_fail() -> None:
    assert _untyped(Any) and _untyped("Any") and not _untyped("str")
    if not ALLOWED:
        pytest.fail("ALLOWED should name the known exceptions")
