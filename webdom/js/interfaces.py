"""The interface descriptions the JS binding is built from, generated from the IDL.

https://webidl.spec.whatwg.org/#es-interfaces: for each IDL interface that webdom implements (its
class is named in :mod:`webdom.implemented_interfaces`) and its
ancestors, a plain record the JS side (``binding.js``) turns into an interface object and a
prototype: constants, attributes with the JS-side conversion of their type, operations grouped by
name with ``Function.length`` (the shortest overload's required argument count), the constructor
only where the IDL declares one, indexed/named getters, iterable declarations and stringifiers.
"""

from __future__ import annotations

import importlib
import inspect
import json
import keyword
import re
from functools import cache
from pathlib import Path
from typing import Any

from webidl.idl import IDLMember, IDLModel, IDLNotFound, default_idl_paths, load_idl
from webidl.interface import python_name

from ..implemented_interfaces import IMPLEMENTED, implementations
from .css_properties import css_property_attributes

__all__ = ["binding_idl_paths", "dictionary_specs", "generate", "interface_specs", "python_classes", "type_code"]

_STRINGS = {"DOMString", "USVString", "ByteString", "CSSOMString"}
_NUMBERS = {"byte", "octet", "short", "unsigned short", "long", "unsigned long", "long long",
            "unsigned long long", "float", "unrestricted float", "double", "unrestricted double"}
# Callback functions the DOM takes as plain callables.
_FUNCTIONS = {"EventHandler", "OnErrorEventHandler", "OnBeforeUnloadEventHandler", "MutationCallback", "Function",
              "VoidFunction", "EventHandlerNonNull", "FunctionStringCallback"}
_CALLBACK_INTERFACES = {"EventListener", "NodeFilter", "XPathNSResolver"}


# IDL of interfaces whose standards are not among the WHATWG specs in ../shared/specs (Selection,
# CSSOM's CSSStyleDeclaration, UI Events, Fetch's Request/Response, XMLHttpRequest...): written
# here from those W3C/WHATWG documents, declaring only the members webdom implements.
_EXTRA_IDL = Path(__file__).resolve().parent / "idl"
# What generate() writes from all that IDL; the package reads only these at run time.
_GENERATED = Path(__file__).resolve().parent / "generated"


def binding_idl_paths() -> list[Path]:
    """The IDL the binding is generated from: the specs' IDL, then webdom/js/idl/*.webidl."""
    return default_idl_paths() + sorted(_EXTRA_IDL.glob("*.webidl"))


def _model() -> IDLModel:
    return load_idl(binding_idl_paths())


def python_classes() -> dict[str, type]:
    """IDL interface name -> the Python class implementing it, for the interfaces the binding
    describes (webdom.implemented_interfaces, the one table of them)."""
    specs = interface_specs()
    return {name: cls for name, cls in implementations().items() if name in specs}


# https://webidl.spec.whatwg.org/#es-integer-types: the integer types without [EnforceRange] or
# [Clamp] wrap modulo 2^bits (ToInt32/ToUint32 and their 8/16-bit kin), done on the JS side.
_INTEGERS = {"byte": "y", "octet": "o", "short": "h", "unsigned short": "H", "long": "l", "unsigned long": "L"}


def type_code(idl_type: str, model: IDLModel, known: set[str]) -> str:
    """The JS-side conversion of an IDL type: ``s`` string, ``S`` string with null as "", ``n``
    number, ``y o h H l L`` the integer types that wrap (byte ... unsigned long), ``b`` boolean,
    ``f`` callback function, ``c`` callback interface, ``o:Name`` a platform object of interface
    Name, ``t:Name`` a buffer source of that type (Uint8Array, ArrayBuffer, ...), ``d:Name`` a
    dictionary, ``u``/``us`` a union with a sequence or record (``us``: of
    strings); ``?`` prefix for nullable; ``any`` otherwise."""
    text = idl_type.strip()
    legacy_null = "LegacyNullToEmptyString" in text
    ranged = "EnforceRange" in text or "Clamp" in text
    text = re.sub(r"^\[[^\]]*\]\s*", "", text)
    nullable = text.endswith("?")
    base = text.rstrip("?").strip()
    string_union = _string_union(base, known)
    if string_union:
        code = "S" if string_union == "S" else "s"
    elif base in _STRINGS:
        code = "S" if legacy_null else "s"
    elif base in _INTEGERS and not ranged:
        code = _INTEGERS[base]
    elif base in _NUMBERS:
        code = "n"
    elif base in _dictionaries():
        code = "d:" + base
    elif base.startswith("(") and ("sequence<" in base or "record<" in base):
        strings = re.search(r"record<\s*\w+\s*,\s*(\w+)\s*>", base)
        code = "us" if strings and strings.group(1) in _STRINGS else "u"
    elif base == "boolean":
        code = "b"
    elif base in _FUNCTIONS:
        code = "f"
    elif base in _CALLBACK_INTERFACES:
        code = "c"
    elif base in known:
        code = "o:" + base
    elif base in _BUFFER_TYPES:
        code = "t:" + base
    else:
        return "any"
    return ("?" if nullable else "") + code


# https://webidl.spec.whatwg.org/#idl-buffer-source-types: a value must be of the named kind
# (binding.js checks it, and refuses one over a SharedArrayBuffer unless [AllowShared]).
_BUFFER_TYPES = {"ArrayBuffer", "DataView", "Int8Array", "Int16Array", "Int32Array", "Uint8Array", "Uint16Array",
                 "Uint32Array", "Uint8ClampedArray", "BigInt64Array", "BigUint64Array", "Float32Array",
                 "Float64Array"}


def _split_top_level(text: str, separator: str) -> list[str]:
    """*text* split at *separator* outside brackets (a union's members, which may be
    ``sequence<...>``, ``record<K, V>`` or a union themselves)."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        if text[i] in "<(":
            depth += 1
        elif text[i] in ">)":
            depth -= 1
        elif depth == 0 and text.startswith(separator, i):
            parts.append(text[start:i])
            start = i = i + len(separator)
            continue
        i += 1
    parts.append(text[start:])
    return [part.strip() for part in parts]


def _string_union(base: str, known: set[str]) -> str:
    """``s`` (``S`` with [LegacyNullToEmptyString]) for a union of a string type with Trusted
    Types, which webdom does not implement -- ``(TrustedHTML or DOMString)``, ``TrustedType``:
    no JS value can be one of those, so https://webidl.spec.whatwg.org/#es-union converts every
    value as the string type (an object through its toString); "" for any other type."""
    if not (base.startswith("(") and base.endswith(")")) or "(" in base[1:] or "<" in base:
        return ""
    members = [re.sub(r"^\[([^\]]*)\]\s*", "", m.strip()) for m in base[1:-1].split(" or ")]
    strings = [m for m in members if m in _STRINGS]
    others = [m for m in members if m not in _STRINGS]
    # (only Trusted Types: a typedef such as BufferSource names values that can cross)
    if not strings or any(not m.startswith("Trusted") or m in known for m in others):
        return ""
    return "S" if "LegacyNullToEmptyString" in base else "s"


@cache
def _dictionaries() -> dict[str, dict[str, Any]]:
    """https://webidl.spec.whatwg.org/#idl-dictionaries: name -> {"parent", "members": [[name,
    IDL type, required]]}, read from the IDL text (the model keeps no dictionary members)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in binding_idl_paths())
    text = re.sub(r"//[^\n]*", "", text)
    found: dict[str, dict[str, Any]] = {}
    # (a member's default may be "{}": the body is everything up to a "}" that is not that)
    pattern = r"(?:partial\s+)?dictionary\s+(\w+)\s*(?::\s*(\w+))?\s*\{((?:[^{}]|\{\})*)\}\s*;"
    for name, parent, body in re.findall(pattern, text, re.S):
        entry = found.setdefault(name, {"parent": None, "members": []})
        entry["parent"] = entry["parent"] or parent or None
        for member in body.split(";"):
            default = re.search(r"=\s*(.*?)\s*$", member, re.S)
            member = re.sub(r"\s*=.*$", "", member.strip(), flags=re.S)
            required = bool(re.match(r"(?:\[[^\]]*\]\s*)?required\b", member))
            member = re.sub(r"^(?:\[[^\]]*\]\s*)?(?:required\s+)?", "", member)
            m = re.match(r"(.+?)\s+(\w+)$", member, re.S)
            if m:
                entry["members"].append([m.group(2), " ".join(m.group(1).split()), required,
                                         default.group(1) if default else None])
    return found


@cache
def dictionary_specs() -> dict[str, dict[str, Any]]:
    """The dictionaries for ``binding.js``: name -> {"parent", "members": [[name, type code,
    required]]}, each dictionary's own members in lexicographic order
    (https://webidl.spec.whatwg.org/#es-dictionary converts them in that order, inherited first).
    Read from the generated file (see :func:`generate`)."""
    found: dict[str, dict[str, Any]] = json.loads((_GENERATED / "dictionaries.json").read_text(encoding="utf-8"))
    return found


def _dictionary_specs(interfaces: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    model = _model()
    names = set(interfaces)
    return {name: {"parent": d["parent"] if d["parent"] in _dictionaries() else None,
                   "members": sorted([m, type_code(t, model, names), r] for m, t, r, _ in d["members"])}
            for name, d in _dictionaries().items()}


def _legacy_factories(text: str | None) -> list[str]:
    """The names of an interface's [LegacyFactoryFunction]s (Image, Audio, Option)."""
    return re.findall(r"(\w+)\s*\(", text or "")


def _required(arguments: list[tuple[str, str, bool]]) -> int:
    count = 0
    for _type, _name, optional in arguments:
        if optional:
            break
        count += 1
    return count


def _types(overloads: list[IDLMember], model: IDLModel, known: set[str]) -> list[str]:
    width = max((len(o.arguments) for o in overloads), default=0)
    result = []
    for i in range(width):
        codes = {type_code(o.arguments[i][0], model, known) if i < len(o.arguments) else "any" for o in overloads}
        result.append(codes.pop() if len(codes) == 1 else "any")
    return result


@cache
def _null_to_empty_arguments() -> frozenset[tuple[str, str]]:
    """(operation, argument) pairs declared ``[LegacyNullToEmptyString] DOMString`` (the model
    keeps an argument's type, not its extended attributes)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in binding_idl_paths())
    found = set()
    for op, args in re.findall(r"(\w+)\s*\(([^()]*)\)\s*;", text):
        for arg in re.findall(r"\[LegacyNullToEmptyString\]\s*(?:DOMString|CSSOMString)\s+(\w+)", args):
            found.add((op, arg))
    return frozenset(found)


def _argument_code(op: str, arg: tuple[str, str, bool], model: IDLModel, known: set[str]) -> str:
    return "S" if (op, arg[1]) in _null_to_empty_arguments() else type_code(arg[0], model, known)


def _overloads(overloads: list[IDLMember], model: IDLModel, known: set[str]) -> list[dict[str, Any]]:
    """Each overload's argument conversions, for overload resolution on the JS side
    (https://webidl.spec.whatwg.org/#es-overloads): the type codes and how many arguments are
    required (the model does not tell a variadic argument from an optional one: extra arguments
    take the last argument's conversion)."""
    return [{"types": [_argument_code(o.name, a, model, known) for a in o.arguments],
             "required": _required(o.arguments)} for o in overloads]


def _promised(overloads: list[IDLMember]) -> str | None:
    """The T of an operation returning ``Promise<T>`` (None: not a promise)."""
    found = re.fullmatch(r"Promise\s*<\s*(.+?)\s*>", overloads[0].idl_type.strip())
    return found.group(1) if found else None


def _variadic(method: Any) -> bool:
    """Whether the Python method takes any number of arguments (the IDL model does not keep
    the ``...`` of a variadic argument)."""
    try:
        return any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in inspect.signature(method).parameters.values())
    except (TypeError, ValueError):
        return False


@cache
def _stringifier_attributes() -> dict[str, frozenset[str]]:
    """interface -> its ``stringifier attribute`` names, those of the mixins it includes too (the
    model keeps no stringifier flag; an attribute of the same name elsewhere -- HTMLBaseElement's
    href, an input's value -- is not one)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in binding_idl_paths())
    text = re.sub(r"//[^\n]*", "", text)
    own: dict[str, set[str]] = {}
    pattern = r"(?:partial\s+)?interface\s+(?:mixin\s+)?(\w+)[^{]*\{(.*?)\}\s*;"
    for name, body in re.findall(pattern, text, re.S):
        found = re.findall(r"stringifier\s+(?:readonly\s+)?attribute\s+(?:\[[^\]]*\]\s*)?\S+\s+(\w+)\s*;", body)
        if found:
            own.setdefault(name, set()).update(found)
    result = {name: set(names) for name, names in own.items()}
    for name, mixin in re.findall(r"(\w+)\s+includes\s+(\w+)\s*;", text):
        result.setdefault(name, set()).update(own.get(mixin, ()))
    return {name: frozenset(names) for name, names in result.items() if names}


def _constant(cls: type | None, name: str) -> Any:
    value = getattr(cls, python_name(name), None) if cls is not None else None
    return value if isinstance(value, int | float) else None


def callback_interface_constants() -> dict[str, list[list[Any]]]:
    """https://webidl.spec.whatwg.org/#legacy-callback-interface-object: a callback interface
    with constants (NodeFilter) has an interface object holding them.  The IDL model keeps no
    members for callback interfaces: the constants come from the Python class of that name."""
    found: dict[str, list[list[Any]]] = {}
    for name in sorted(_CALLBACK_INTERFACES):
        for module in ("dom.traversal", "dom.events", "dom.xpath"):
            cls = getattr(importlib.import_module(module), name, None)
            if inspect.isclass(cls):
                found[name] = [[k, v] for k, v in vars(cls).items()
                               if k.isupper() and type(v) is int]
                break
    return {name: consts for name, consts in found.items() if consts}


@cache
def interface_specs() -> dict[str, dict[str, Any]]:
    """name -> description of the interface for ``binding.js`` (JSON-able), read from the file
    :func:`generate` wrote: the installed package parses no IDL and reads nothing outside itself."""
    found: dict[str, dict[str, Any]] = json.loads((_GENERATED / "interfaces.json").read_text(encoding="utf-8"))
    return found


def generate() -> dict[str, str]:
    """The generated files' texts, from the IDL (the specs' and webdom/js/idl's) and the Python
    classes that implement it: one line per interface or dictionary, so a change reads as one."""
    interfaces = _interface_specs()
    if not interfaces:
        raise IDLNotFound(f"webdom.js: no Web IDL found (looked in {[str(p) for p in binding_idl_paths()]})")
    return {"interfaces.json": _lines(interfaces), "dictionaries.json": _lines(_dictionary_specs(interfaces))}


def _lines(specs: dict[str, Any]) -> str:
    body = ",\n".join(f"{json.dumps(name)}: {json.dumps(spec, separators=(',', ':'))}" for name, spec in specs.items())
    return "{\n" + body + "\n}\n"


def main() -> None:
    """``python -m webdom.js.interfaces``: regenerate the files from ../shared/specs/idl."""
    for name, text in generate().items():
        (_GENERATED / name).write_text(text, encoding="utf-8")
        print(f"wrote {_GENERATED / name}")
    OPERATION_SIGNATURES.write_text(operation_signatures(), encoding="utf-8")
    print(f"wrote {OPERATION_SIGNATURES}")
    DICTIONARY_TYPES.write_text(dictionary_types(), encoding="utf-8")
    print(f"wrote {DICTIONARY_TYPES}")


# The Python side of the same IDL: webidl.operations converts the arguments of the operations
# listed there.
OPERATION_SIGNATURES = Path(__file__).resolve().parents[2] / "webidl" / "operation_signatures.py"
DICTIONARY_TYPES = OPERATION_SIGNATURES.with_name("dictionary_types.py")
_PYTHON_TYPES = {"boolean": "bool", "DOMString": "str", "USVString": "str", "ByteString": "str", "float": "float",
                 "unrestricted float": "float", "double": "float", "unrestricted double": "float"}
_SIMPLE = {"DOMString", "USVString", "ByteString", "boolean", "byte", "octet", "short", "unsigned short", "long",
           "unsigned long", "long long", "unsigned long long", "float", "unrestricted float", "double",
           "unrestricted double", "any",
           # (buffer sources: webidl.conversions takes a bytes-like object for one)
           "ArrayBufferView", "BufferSource", "AllowSharedBufferSource"} | _BUFFER_TYPES
_FLAGS = {"Clamp": "clamp", "EnforceRange": "enforce_range", "LegacyNullToEmptyString": "legacy_null"}


def _is_enum(name: str, model: IDLModel) -> bool:
    return name in model.definitions and model.definitions[name].kind == "enum"


def _simple_type(idl_type: str, model: IDLModel) -> str | None:
    """*idl_type* as webidl.conversions spells it, when it converts it (a string, number, boolean
    or buffer source type, an interface webdom implements, nullable or not, an enumeration, a
    dictionary, a callback, a sequence or record of those, a union of those, and a string type
    in a union with Trusted Types only, which no value can be here: see _string_union); a
    typedef stands for its type (https://webidl.spec.whatwg.org/#idl-typedefs); else None."""
    # (WindowProxy is the Window a script holds: https://html.spec.whatwg.org/#windowproxy)
    text = " ".join(re.sub(r"\[[^\]]*\]\s*", "", idl_type).replace("CSSOMString", "DOMString")
                    .replace("WindowProxy", "Window").split())
    text = text.replace("< ", "<").replace(" >", ">")
    nullable = text.endswith("?")
    base = text[:-1] if nullable else text
    definition = model.definitions.get(base)
    if base not in _SIMPLE and definition is not None and definition.aliased:
        return _simple_type(definition.aliased + ("?" if nullable else ""), model)
    if _string_union(base, set()):  # its string type: (TrustedScriptURL or USVString) is a USVString
        string = next(m.strip() for m in base[1:-1].split(" or ") if m.strip() in _STRINGS)
        return string + "?" if nullable else string
    if base.startswith("(") and base.endswith(")"):
        return _union_type(base, nullable, model)
    if base in IMPLEMENTED:  # an interface type (https://webidl.spec.whatwg.org/#js-interface)
        return text
    if base in _dictionaries() and not nullable:  # https://webidl.spec.whatwg.org/#js-dictionary
        return text
    if definition is not None and definition.kind == "callback":  # a callback function or interface
        # (an event handler's, [LegacyTreatNonObjectAsNull], takes any value: its setter's own steps,
        # https://html.spec.whatwg.org/#event-handler-attributes)
        return None if "LegacyTreatNonObjectAsNull" in definition.extended_attributes else text
    if base in _SIMPLE or _is_enum(base, model):
        return text
    inner = re.fullmatch(r"(?:sequence|ObservableArray)<(.+)>", base)
    if inner:  # https://webidl.spec.whatwg.org/#js-sequence (an observable array's setter takes one)
        element = _simple_type(inner.group(1), model)
        return None if element is None else f"sequence<{element}>" + ("?" if nullable else "")
    record = re.fullmatch(r"record<(\w+),\s*(.+)>", base)
    if record and record.group(1) in _STRINGS:  # https://webidl.spec.whatwg.org/#js-record
        value = _simple_type(record.group(2), model)
        return None if value is None else f"record<{record.group(1)}, {value}>" + ("?" if nullable else "")
    return None


def _union_type(base: str, nullable: bool, model: IDLModel) -> str | None:
    """A union's members as _simple_type spells them, flattened
    (https://webidl.spec.whatwg.org/#dfn-flattened-union-member-types: a typedef's union
    members are its own), or None where webidl.conversions does not convert it."""
    members: list[str] = []
    for member in _split_top_level(base[1:-1], " or "):
        simple = _simple_type(member.strip(), model)
        # (no enumeration in a union: webidl.conversions takes one enumeration's values per type)
        if simple is None or simple.endswith("?") or _is_enum(simple, model):
            return None
        if simple.startswith("(") and simple.endswith(")"):
            members += _split_top_level(simple[1:-1], " or ")
        else:
            members.append(simple)
    # (one dictionary at most, as the IDL allows)
    if sum(member in _dictionaries() for member in members) > 1:
        return None
    return "(" + " or ".join(members) + ")" + ("?" if nullable else "")


def operation_signatures() -> str:
    """The text of webidl/operation_signatures.py: for the interfaces webdom implements (their
    ancestors and the mixins they include), each regular operation that is not overloaded and
    takes only arguments webidl.conversions converts, its arguments as declared."""
    model = _model()
    names: set[str] = set()
    for name in implementations():
        while name and name in model.definitions and name not in names:
            names.add(name)
            names.update(model.definitions[name].includes)
            name = model.definitions[name].inherits or ""
    if "XMLDocument" in model.definitions:
        names.add("XMLDocument")
    lines: list[str] = []
    overload_lines: list[str] = []
    attributes: list[str] = []
    enums: set[str] = set()
    for name in sorted(n for n in names if n in model.definitions):
        for member in model.definitions[name].members:
            # (an enumeration's attribute ignores a value outside it, where an operation throws:
            # https://webidl.spec.whatwg.org/#es-attributes, the setter steps; not listed)
            if member.kind == "attribute" and not member.readonly and not member.static:
                simple = _simple_type(member.idl_type, model)
                if simple is not None and not _is_enum(simple.rstrip("?"), model):
                    flags = [flag for attr, flag in _FLAGS.items()
                             if attr in member.extended_attributes or f"[{attr}]" in member.idl_type]
                    attributes.append(f"    ({name!r}, {member.name!r}): ({simple!r}, {','.join(flags)!r}),")
        operations: dict[str, list[IDLMember]] = {}
        for member in model.definitions[name].members:
            if member.kind in ("operation", "getter") and member.name and not member.static:
                operations.setdefault(member.name, []).append(member)
            elif member.kind == "constructor":  # (the Python class's __init__)
                operations.setdefault("constructor", []).append(member)
        for op_name, overloads in sorted(operations.items()):
            declared = [_arguments(overload, model, enums) for overload in overloads]
            if any(arguments is None for arguments in declared):
                continue
            bodies = ["(" + ", ".join(arguments or ()) + ("," if len(arguments or ()) == 1 else "") + ")"
                      for arguments in declared]
            if len(overloads) == 1:
                lines.append(f"    ({name!r}, {op_name!r}): {bodies[0]},")
            else:  # https://webidl.spec.whatwg.org/#dfn-overload-resolution-algorithm: each in order
                overload_lines.append(f"    ({name!r}, {op_name!r}): ({', '.join(bodies)}),")
    dictionary_lines = []
    for name, dictionary in sorted(_dictionaries().items()):
        members = []
        for member, idl_type, required, default in sorted(dictionary["members"]):
            simple = _simple_type(idl_type, model)
            element = (simple or "").removeprefix("sequence<").removesuffix(">").rstrip("?")
            if _is_enum(element, model):
                enums.add(element)
            member_flags = ",".join((["required"] if required else []) + (["default"] if default is not None else []))
            members.append(f"({member!r}, {simple or 'any'!r}, {member_flags!r}, {_default_value(default)})")
        parent = dictionary["parent"] if dictionary["parent"] in _dictionaries() else None
        body = ", ".join(members) + ("," if len(members) == 1 else "")
        dictionary_lines.append(f"    {name!r}: ({parent!r}, ({body})),")
    enum_lines = [f"    {e!r}: {tuple(model.definitions[e].values)!r}," for e in sorted(enums)]
    callback_lines = [f"    {name!r}: {'interface' if name in _CALLBACK_INTERFACES else 'function'!r},"
                      for name, definition in sorted(model.definitions.items()) if definition.kind == "callback"]
    implements_lines = []
    for target, interfaces in sorted(_implements(model).items()):
        implements_lines.append(f"    {target!r}: {interfaces!r},")
    return (
        '"""Generated by ``python -m webdom.js.interfaces`` from the IDL: do not edit.\n\n'
        "(interface or mixin, operation) -> its arguments as (name, IDL type, flags) for the regular\n"
        "operations that are not overloaded and take only types webidl.conversions converts, of the\n"
        "interfaces webdom implements; the enumerations among those types with their values; and the\n"
        "writable attributes of such a type (not an enumeration) with their type and flags.\n"
        "webidl.operations converts the arguments of the methods and setters that implement them.\n"
        '"""\n\n'
        "SIGNATURES: dict[tuple[str, str], tuple[tuple[str, str, str], ...]] = {\n"
        + "\n".join(lines) + "\n}\n\n"
        "# (interface, operation) -> the arguments of each of its overloads, for an overloaded operation\n"
        "OVERLOADS: dict[tuple[str, str], tuple[tuple[tuple[str, str, str], ...], ...]] = {\n"
        + "\n".join(overload_lines) + "\n}\n\n"
        "ENUMS: dict[str, tuple[str, ...]] = {\n" + "\n".join(enum_lines) + "\n}\n\n"
        "ATTRIBUTES: dict[tuple[str, str], tuple[str, str]] = {\n" + "\n".join(attributes) + "\n}\n\n"
        "# dictionary -> (the dictionary it inherits, its members in lexicographic order as (name, IDL type\n"
        "# or 'any' where webidl.conversions does not convert it, flags 'required' and 'default', the\n"
        "# default value))\n"
        "DICTIONARIES: dict[str, tuple[str | None, tuple[tuple[str, str, str, object], ...]]] = {\n"
        + "\n".join(dictionary_lines) + "\n}\n\n"
        "# 'module:Class' of each class implementing an interface -> that interface and those it inherits\n"
        "# from, as the IDL declares (webidl.platform_objects reads a value's interfaces from its class)\n"
        "IMPLEMENTS: dict[str, tuple[str, ...]] = {\n" + "\n".join(implements_lines) + "\n}\n\n"
        "# callback type -> 'function' (https://webidl.spec.whatwg.org/#idl-callback-functions) or 'interface'\n"
        "# (https://webidl.spec.whatwg.org/#idl-callback-interfaces)\n"
        "CALLBACKS: dict[str, str] = {\n" + "\n".join(callback_lines) + "\n}\n"
    )


def _implements(model: IDLModel) -> dict[str, tuple[str, ...]]:
    """https://webidl.spec.whatwg.org/#implements: the class named for each interface (not
    mixin) in webdom.implemented_interfaces -> the interface and its inherited interfaces."""
    found: dict[str, tuple[str, ...]] = {}
    # (an interface mixin is no type: https://webidl.spec.whatwg.org/#idl-interface-mixins)
    mixins = {mixin for definition in model.definitions.values() for mixin in definition.includes}
    for interface, target in IMPLEMENTED.items():
        if interface in mixins:
            continue
        chain: list[str] = []
        name = interface
        while name and name not in chain:
            chain.append(name)
            name = (model.definitions[name].inherits or "") if name in model.definitions else ""
        found[target] = tuple(chain) if target not in found else found[target] + tuple(chain)
    return found


def _arguments(overload: IDLMember, model: IDLModel, enums: set[str]) -> list[str] | None:
    """An operation's arguments as (name, type, flags) source text, or None where one has a type
    webidl.conversions does not convert (its enumerations are added to *enums*)."""
    arguments = []
    for argument in overload.argument_details:
        simple = _simple_type(argument.idl_type, model)
        if simple is None:
            return None
        flags = [f for f in ("optional", "variadic") if getattr(argument, f)]
        if argument.default == "{}":  # (a dictionary's, or a union's with one)
            flags.append("empty_dictionary")
        flags += [flag for attr, flag in _FLAGS.items()
                  if attr in argument.extended_attributes or f"[{attr}]" in argument.idl_type]
        element = simple.removeprefix("sequence<").removesuffix(">").rstrip("?")
        if _is_enum(element, model):
            enums.add(element)
        arguments.append(f"({argument.name!r}, {simple!r}, {','.join(flags)!r})")
    return arguments


def _default_value(text: str | None) -> str:
    """A dictionary member's IDL default value as Python source
    (https://webidl.spec.whatwg.org/#dfn-dictionary-member-default-value): None for null (and for
    no default); an empty sequence is an empty tuple (shared, so immutable)."""
    if text is None:
        return "None"
    literal = {"true": "True", "false": "False", "null": "None", "[]": "()", "{}": "None"}
    if text in literal:
        return literal[text]
    if text.startswith('"'):
        return repr(text[1:-1])
    number = float(text) if re.fullmatch(r"-?[0-9.]+(?:[eE][-+]?[0-9]+)?", text) else None
    if number is None:
        raise ValueError(f"a dictionary default the generator does not read: {text}")
    return repr(int(number)) if number.is_integer() and "." not in text else repr(number)


def _interface_specs() -> dict[str, dict[str, Any]]:
    model = _model()
    classes = {name: cls for name, cls in implementations().items() if name in model.definitions}
    names: set[str] = set()
    if "XMLDocument" in model.definitions and "Document" in classes:
        names.add("XMLDocument")  # webdom's Document class serves both (the bridge picks by document kind)
    for name in classes:
        while name and name in model.definitions and name not in names:
            names.add(name)
            name = model.definitions[name].inherits or ""
    specs: dict[str, dict[str, Any]] = {}
    for name in sorted(names):
        definition = model.get(name)
        cls = classes.get(name)
        members = model.members(name)
        spec: dict[str, Any] = {
            "parent": definition.inherits if definition.inherits in names else None,
            "ctor": None, "consts": [], "attrs": [], "ops": [], "indexed": False, "named": False,
            "iterable": None, "stringifier": False, "indexedSetter": None, "namedSetter": False, "namedDeleter": False,
            "overrideBuiltins": "LegacyOverrideBuiltIns" in definition.extended_attributes,
            "unenumerableNamed": "LegacyUnenumerableNamedProperties" in definition.extended_attributes,
            "noInterfaceObject": "LegacyNoInterfaceObject" in definition.extended_attributes,
            "aliases": re.findall(r"\w+", definition.extended_attributes.get("LegacyWindowAlias") or ""),
            "factories": _legacy_factories(definition.extended_attributes.get("LegacyFactoryFunction")),
        }
        ctors = [m for m in members if m.kind == "constructor"]
        if ctors and cls is not None:
            spec["ctor"] = {"length": min(_required(c.arguments) for c in ctors), "types": _types(ctors, model, names),
                            "overloads": _overloads(ctors, model, names)}
        ops: dict[tuple[str, bool], list[IDLMember]] = {}
        for m in members:
            if m.kind == "constant":
                value = _constant(cls, m.name)
                if value is not None:
                    spec["consts"].append([m.name, value])
            elif m.kind == "attribute":
                if cls is not None and not m.static and not hasattr(cls, python_name(m.name)):
                    continue  # not implemented: absent, so feature tests see it missing
                ext = m.extended_attributes
                spec["attrs"].append({
                    "name": m.name, "readonly": m.readonly, "static": m.static,
                    "type": type_code(m.idl_type, model, names) if "LegacyNullToEmptyString" not in ext
                    else "S", "putForwards": ext.get("PutForwards"), "replaceable": "Replaceable" in ext,
                    "unforgeable": "LegacyUnforgeable" in ext or "LegacyUnforgeable" in definition.extended_attributes,
                    "unscopable": "Unscopable" in ext,
                    # https://webidl.spec.whatwg.org/#idl-observable-array: its getter's array is a view
                    "observable": m.idl_type.strip().startswith("ObservableArray<"),
                })
                if m.name in _stringifier_attributes().get(name, ()):
                    spec["stringifier"] = True
            elif m.kind in ("operation", "getter", "setter", "deleter") and m.name:
                if cls is not None and not hasattr(cls, python_name(m.name)):
                    continue
                ops.setdefault((m.name, m.static), []).append(m)
            if m.kind == "getter" and m.arguments:
                if "unsigned long" in m.arguments[0][0]:
                    spec["indexed"] = True
                elif cls is not None:
                    spec["named"] = m.name or True  # the operation's name when it has one
            elif m.kind == "setter" and len(m.arguments) == 2 and "unsigned long" in m.arguments[0][0]:
                spec["indexedSetter"] = type_code(m.arguments[1][0], model, names)
            elif m.kind in ("setter", "deleter") and m.arguments and "DOMString" in m.arguments[0][0]:
                spec["namedSetter" if m.kind == "setter" else "namedDeleter"] = True
            elif m.kind in ("iterable", "maplike", "setlike"):
                spec["iterable"] = m.idl_type
            elif m.kind == "stringifier":
                spec["stringifier"] = True
        for (op_name, static), overloads in ops.items():
            spec["ops"].append({
                "name": op_name, "static": static, "length": min(_required(o.arguments) for o in overloads),
                "types": _types(overloads, model, names), "overloads": _overloads(overloads, model, names),
                "variadic": _variadic(getattr(cls, python_name(op_name), None)),
                "void": all(o.idl_type == "undefined" for o in overloads),
                "unscopable": any("Unscopable" in o.extended_attributes for o in overloads),
                # https://webidl.spec.whatwg.org/#dfn-create-operation-function step 2: an
                # exception becomes a rejected promise; the promised type, for ArrayBuffer
                "promise": _promised(overloads),
            })
        if name == "CSSStyleDeclaration" and cls is not None:
            spec["attrs"] += _css_property_attributes()
        specs[name] = spec
    for name in specs:
        _inherit_special_operations(specs, name)
    return specs


def _css_property_attributes() -> list[dict[str, Any]]:
    """https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface: an attribute per
    supported CSS property and spelling, ``[CEReactions] attribute [LegacyNullToEmptyString]
    CSSOMString``; the DOM class answers any such name (its ``__getattr__``/``__setattr__``)."""
    return [{"name": n, "readonly": False, "static": False, "type": "S", "putForwards": None, "replaceable": False,
             "unforgeable": False, "unscopable": False} for n in css_property_attributes()]


_SPECIAL = ("indexed", "named", "indexedSetter", "namedSetter", "namedDeleter")


def _inherit_special_operations(specs: dict[str, dict[str, Any]], name: str) -> None:
    """https://webidl.spec.whatwg.org/#dfn-support-indexed-properties: an interface supports
    indexed (named) properties when it or an inherited interface declares the getter; the same
    for the setters and the deleter (HTMLFormControlsCollection's items are HTMLCollection's)."""
    spec = specs[name]
    parent = spec["parent"]
    if parent is None:
        return
    _inherit_special_operations(specs, parent)
    for key in _SPECIAL:
        if not spec.get(key) and specs[parent].get(key):
            spec[key] = specs[parent][key]


def _python_type(idl_type: str, model: IDLModel) -> str:
    """The Python annotation of a dictionary member's IDL type: an interface, a callback or a
    type webidl.conversions does not convert is ``object`` (this module names no class of the
    layers above; the conversion checks it)."""
    simple = _simple_type(idl_type, model)
    if simple is None or simple.startswith("("):
        return "object"
    nullable = simple.endswith("?")
    base = simple.removesuffix("?")
    inner = re.fullmatch(r"sequence<(.+)>", base)
    if inner:
        found = f"Sequence[{_python_type(inner.group(1), model)}]"
    elif base in _PYTHON_TYPES:
        found = _PYTHON_TYPES[base]
    elif base in _NUMBERS:
        found = "int"
    elif _is_enum(base, model):
        found = "Literal[" + ", ".join(repr(v) for v in model.definitions[base].values) + "]"
    elif base in _dictionaries():
        found = base
    else:
        found = "object"
    return f"{found} | None" if nullable and found != "object" else found


def dictionary_types() -> str:
    """The text of webidl/dictionary_types.py: a TypedDict per IDL dictionary, for the types of
    the Python methods that take one (what the generated layer hands them: every member
    converted, defaults filled in)."""
    model = _model()
    dictionaries = _dictionaries()
    blocks = []
    for name in sorted(dictionaries, key=lambda n: (_depth(n, dictionaries), n)):
        parent = dictionaries[name]["parent"]
        base = parent if parent in dictionaries else "TypedDict"
        lines = []
        for member, idl_type, required, _ in sorted(dictionaries[name]["members"]):
            python = _python_type(idl_type, model)
            if keyword.iskeyword(member):  # (no class attribute can be named so)
                lines.append(f"    # {member}: {python} (a Python keyword)")
                continue
            lines.append(f"    {member}: {f'Required[{python}]' if required else python}")
        body = "\n".join(lines) or "    pass"
        blocks.append(f"class {name}({base}, total=False):\n{body}\n")
    return (
        '"""Generated by ``python -m webdom.js.interfaces`` from the IDL: do not edit.\n\n'
        "https://webidl.spec.whatwg.org/#idl-dictionaries: each dictionary as a TypedDict, the type of\n"
        "a method parameter the generated layer converts to it (webidl.dictionaries): a dict holding\n"
        "the members given and the defaults.  Members of an interface, callback or union type are\n"
        "``object`` here (webidl names no class of the layers above); their conversion checks them.\n"
        '"""\n\n'
        "from __future__ import annotations\n\n"
        "from collections.abc import Sequence\n"
        "from typing import Literal, Required, TypedDict\n\n"
        f"__all__ = {sorted(dictionaries)!r}\n\n\n"
        + "\n\n".join(blocks)
    )


def _depth(name: str, dictionaries: dict[str, dict[str, Any]]) -> int:
    parent = dictionaries[name]["parent"]
    return 0 if parent not in dictionaries else 1 + _depth(parent, dictionaries)


if __name__ == "__main__":
    main()
