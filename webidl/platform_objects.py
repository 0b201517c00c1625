"""Which interfaces a Python value implements, for the conversions to interface types.

https://webidl.spec.whatwg.org/#dfn-platform-object: a platform object implements its interface
and every interface that one inherits from (https://webidl.spec.whatwg.org/#implements).  The
generator (``python -m webdom.js.interfaces``) writes, from the one table of which class
implements which interface and from the IDL's inheritance, each class's interfaces into
:data:`webidl.operation_signatures.IMPLEMENTS`, keyed by the class's ``module:qualname``: so this
layer reads the answer from the class of a value (the class's module is loaded, or the value
would not exist) and imports nothing above it.  A subclass implements what its bases do.
"""

from __future__ import annotations

from typing import Any

from .operation_signatures import IMPLEMENTS

__all__ = ["implementers", "implements", "interfaces_of", "is_interface", "is_platform_object"]

# Every interface name some class implements (the interface types a conversion can check).
_INTERFACES = frozenset(name for names in IMPLEMENTS.values() for name in names)
_BY_CLASS: dict[type, frozenset[str]] = {}
# interface -> the classes met so far whose instances implement it (a generated wrapper's inline
# test: a value of one of these passes without a call).
_IMPLEMENTERS: dict[str, set[type]] = {}


def interfaces_of(cls: type) -> frozenset[str]:
    """The interfaces an instance of *cls* implements (empty for a class that is not a
    platform object's), from its class and its bases."""
    found = _BY_CLASS.get(cls)
    if found is None:
        found = frozenset(name for klass in cls.__mro__
                          for name in IMPLEMENTS.get(f"{klass.__module__}:{klass.__qualname__}", ()))
        _BY_CLASS[cls] = found
        for name in found:
            _IMPLEMENTERS.setdefault(name, set()).add(cls)
    return found


def implementers(interface: str) -> set[type]:
    """The classes met so far that implement *interface*: a live set, which grows as
    :func:`interfaces_of` meets more (so a value whose class is in it implements *interface*;
    one whose class is not may still)."""
    return _IMPLEMENTERS.setdefault(interface, set())


def implements(value: Any, interface: str) -> bool:
    """https://webidl.spec.whatwg.org/#implements: *value* is a platform object implementing
    *interface*."""
    return interface in interfaces_of(value.__class__)


def is_platform_object(value: Any) -> bool:
    """https://webidl.spec.whatwg.org/#dfn-platform-object"""
    return bool(interfaces_of(value.__class__))


def is_interface(name: str) -> bool:
    """*name* is an interface some class implements (so an argument's type that can be checked)."""
    return name in _INTERFACES
