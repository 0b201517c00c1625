"""Reading Web IDL fragments into a small model, and checking a Python class against it.

The grammar is parsed by ``widlparser`` (the parser Bikeshed uses to build the WHATWG specs;
it reads every IDL file in ../shared/specs/idl without a warning).  This module flattens its
tree into plain records: definitions (interfaces, mixins, dictionaries, ...) with their members,
partial definitions merged and ``includes`` statements resolved.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

try:
    import widlparser
except ImportError as error:  # an optional dependency: the `idl` extra
    raise ImportError("webidl.idl reads IDL with widlparser: pip install 'webdom[idl]'") from error

from .interface import python_name

__all__ = ["IDLArgument", "IDLMember", "IDLDefinition", "IDLModel", "IDLNotFound", "load_idl", "default_idl_paths",
           "missing_members"]


@dataclass
class IDLArgument:
    """One argument of an operation or constructor, as declared."""

    idl_type: str
    name: str
    optional: bool = False
    variadic: bool = False
    default: str | None = None  # the IDL text of its default value (``false``, ``""``, ``{}``)
    extended_attributes: dict[str, str | None] = field(default_factory=dict)


@dataclass
class IDLMember:
    """One member: kind is attribute, operation, constant, constructor, getter, setter, deleter,
    iterable, maplike, setlike, stringifier."""

    kind: str
    name: str
    idl_type: str = ""
    readonly: bool = False
    static: bool = False
    extended_attributes: dict[str, str | None] = field(default_factory=dict)
    arguments: list[tuple[str, str, bool]] = field(default_factory=list)  # (type, name, optional or variadic)
    argument_details: list[IDLArgument] = field(default_factory=list)


@dataclass
class IDLDefinition:
    kind: str  # "interface", "interface mixin", "dictionary", "enum", "callback", "namespace", ...
    name: str
    inherits: str | None = None
    members: list[IDLMember] = field(default_factory=list)
    extended_attributes: dict[str, str | None] = field(default_factory=dict)
    includes: list[str] = field(default_factory=list)
    values: list[str] = field(default_factory=list)  # enum values
    aliased: str | None = None  # a typedef's type (https://webidl.spec.whatwg.org/#idl-typedefs)


_EXT = re.compile(r"\s*([A-Za-z_][\w]*)\s*(?:=\s*(.+?))?\s*$", re.S)


def _ext_attrs(construct: Any) -> dict[str, str | None]:
    result: dict[str, str | None] = {}
    for ea in getattr(construct, "extended_attributes", None) or []:
        m = _EXT.match(str(ea))
        if m:
            value = m.group(2)
            if value is not None and len(value) >= 2 and value[0] == value[-1] == '"':
                value = value[1:-1]
            result[m.group(1)] = value
    return result


def _member(m: Any) -> IDLMember | None:
    kind = m.idl_type
    inner = getattr(m, "member", m)
    ext = _ext_attrs(m)
    text = str(inner)
    static = bool(re.match(r"\s*static\b", text))
    if kind == "attribute":
        attr = getattr(inner, "attribute", None)
        return IDLMember(
            "attribute",
            m.name,
            str(attr.type).strip() if attr is not None else "",
            bool(attr is not None and attr.readonly),
            static,
            ext,
        )
    if kind == "const":
        return IDLMember("constant", m.name, "", True, True, ext)
    if kind == "method":
        declared = list(getattr(inner, "arguments", None) or [])
        args = [(str(a.type).strip(), a.name, bool(a.optional or a.variadic)) for a in declared]
        details = [
            IDLArgument(str(a.type).strip(), a.name, bool(a.optional), bool(a.variadic),
                        str(a.default).strip().lstrip("=").strip() if a.default else None, _ext_attrs(a))
            for a in declared
        ]
        name = m.name
        if name == "constructor":
            return IDLMember("constructor", name, "", False, True, ext, args, details)
        special = re.match(r"\s*(?:static\s+)?(getter|setter|deleter)\b", text)
        if special:
            return IDLMember(special.group(1), "" if name.startswith("__") else name, "", False, static, ext, args,
                             details)
        rtype = getattr(inner, "return_type", None)
        return IDLMember("operation", name, str(rtype).strip() if rtype else "", False, static, ext, args, details)
    if kind in ("iterable", "maplike", "setlike"):
        pair = "," in text.split("<", 1)[-1]
        return IDLMember(kind, kind, "pair" if pair else "value", "readonly" in text, False, ext)
    if kind == "stringifier":
        named = re.search(r"attribute\s+\S+\s+(\w+)", text)
        return IDLMember("stringifier", named.group(1) if named else "", "", False, False, ext)
    return None


class IDLModel:
    """Definitions by name, partials merged; ``includes`` recorded on the interface."""

    def __init__(self) -> None:
        self.definitions: dict[str, IDLDefinition] = {}

    def add_source(self, text: str) -> None:
        parser = widlparser.Parser(text)
        for construct in parser.constructs:
            kind = construct.idl_type
            name = construct.name
            if name is None:  # widlparser's placeholder for text it could not parse
                continue
            if isinstance(construct, widlparser.IncludesStatement):
                target = self.definitions.setdefault(name, IDLDefinition("interface", name))
                if construct.includes is not None:
                    target.includes.append(construct.includes)
                continue
            definition = self.definitions.get(name)
            if definition is None:
                definition = self.definitions[name] = IDLDefinition(kind, name)
            elif not getattr(construct, "partial", None):
                definition.kind = kind
            inheritance = getattr(construct, "inheritance", None)
            if inheritance is not None and getattr(inheritance, "base", None):
                definition.inherits = inheritance.base
            definition.extended_attributes.update(_ext_attrs(construct))
            if kind == "enum":
                definition.values.extend(re.findall(r'"([^"]*)"', str(construct)))
                continue
            if kind == "typedef":
                definition.aliased = " ".join(str(getattr(construct, "type", "")).split()) or None
                continue
            for m in getattr(construct, "members", None) or []:
                member = _member(m)
                if member is not None:
                    definition.members.append(member)

    def get(self, name: str) -> IDLDefinition:
        try:
            return self.definitions[name]
        except KeyError:
            raise KeyError(f"no IDL definition named {name!r}") from None

    def members(self, name: str, inherited: bool = False) -> list[IDLMember]:
        """The members of interface *name*, with those of included mixins (and, when
        *inherited*, of its ancestors)."""
        definition = self.get(name)
        result = list(definition.members)
        for mixin in definition.includes:
            if mixin in self.definitions:
                result.extend(self.definitions[mixin].members)
        if inherited and definition.inherits and definition.inherits in self.definitions:
            result.extend(self.members(definition.inherits, inherited=True))
        return result

    def reflecting_attributes(self, name: str) -> list[IDLMember]:
        """Attributes of *name* (and its mixins) that carry a ``[Reflect*]`` extended attribute."""
        return [
            m for m in self.members(name)
            if m.kind == "attribute" and any(k.startswith("Reflect") for k in m.extended_attributes)
        ]


class IDLNotFound(FileNotFoundError):
    """The specs' IDL folder is absent (a clone without ``../shared``, an installed package)."""


def _specs_folder() -> Path:
    root = os.environ.get("WEBDOM_SPECS")
    return (Path(root) if root else Path(__file__).resolve().parents[2] / "shared" / "specs") / "idl"


def default_idl_paths() -> list[Path]:
    """The IDL files in ``$WEBDOM_SPECS/idl`` or ``../shared/specs/idl`` beside the repository."""
    return sorted(_specs_folder().glob("*.webidl"))


@cache
def _load_cached(paths: tuple[str, ...]) -> IDLModel:
    model = IDLModel()
    for path in paths:
        model.add_source(Path(path).read_text(encoding="utf-8"))
    return model


def load_idl(paths: list[Path] | None = None) -> IDLModel:
    """Parse IDL files (default: :func:`default_idl_paths`) into one model (cached)."""
    chosen = paths if paths is not None else default_idl_paths()
    if paths is None and not chosen:
        raise IDLNotFound(f"no Web IDL in {_specs_folder()}: put the shared/ folder beside the repository "
                          "or set WEBDOM_SPECS to the folder that holds specs/idl")
    return _load_cached(tuple(str(p) for p in chosen))


def missing_members(
    interface_name: str,
    cls: type,
    idl: IDLModel | list[Path] | None = None,
    inherited: bool = False,
) -> list[str]:
    """List the IDL members of *interface_name* that the Python class *cls* lacks.

    Attributes, operations and constants are looked up by their Python names (``async`` ->
    ``async_``); an unnamed indexed/named getter needs ``__getitem__``, a stringifier ``__str__``
    defined by the class, iterable declarations ``__iter__`` plus entries/keys/values/forEach.
    Constructors are not checked (a Python class is always callable).
    """
    model = idl if isinstance(idl, IDLModel) else load_idl(idl)
    missing: list[str] = []
    for member in model.members(interface_name, inherited=inherited):
        if member.kind in ("attribute", "operation", "constant") or (
            member.kind in ("getter", "setter", "deleter", "stringifier") and member.name
        ):
            if not hasattr(cls, python_name(member.name)):
                missing.append(member.name)
        elif member.kind == "getter" and not hasattr(cls, "__getitem__"):
            missing.append("getter (__getitem__)")
        elif member.kind == "setter" and not hasattr(cls, "__setitem__"):
            missing.append("setter (__setitem__)")
        elif member.kind == "deleter" and not hasattr(cls, "__delitem__"):
            missing.append("deleter (__delitem__)")
        elif member.kind == "stringifier" and not any("__str__" in vars(b) for b in cls.__mro__ if b is not object):
            missing.append("stringifier (__str__)")
        elif member.kind in ("iterable", "maplike", "setlike"):
            for name in ("__iter__", "entries", "keys", "values", "forEach"):
                if not hasattr(cls, name):
                    missing.append(f"{member.kind} ({name})")
    return sorted(set(missing), key=missing.index)
