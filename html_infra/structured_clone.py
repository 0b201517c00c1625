"""Structured serialization and structuredClone over Python values standing for JS values.

https://html.spec.whatwg.org/#safe-passing-of-structured-data

Serialization produces realm-independent records (dicts with a ``"Type"`` key, as the spec's
``{ [[Type]]: ... }`` records); deserialization builds new Python objects from them.  Both
walk the value with an explicit work list, so deeply nested values do not hit Python's
recursion limit, and both keep a memory map so shared references and cycles survive.

How Python values stand for JS values here:

=================================  ==========================  ===========================
Python                             JS                          comes back as
=================================  ==========================  ===========================
None, ``webidl.undefined``         null, undefined             the same
bool, int, float, str              Boolean, Number, String     the same
``bytes``                          ArrayBuffer                 ``bytes``
``bytearray``                      ArrayBuffer                 ``bytearray`` (transferable)
``memoryview``                     a view (Uint8Array)         ``memoryview`` over a clone of
                                                               its buffer (a whole-buffer
                                                               view shares the clone of that
                                                               buffer)
``datetime.datetime``/``date``     Date                        the same type
``re.Pattern``                     RegExp                      a compiled pattern
``list``, ``tuple``                Array                       ``list``
``dict``                           Object / Map                ``dict`` (keys must be
                                                               primitives)
``set``, ``frozenset``             Set                         ``set`` (items: primitives)
exceptions                         Error (name from the class) the matching exception class
``webidl.DOMException``            DOMException (serializable) a DOMException
anything else (functions, nodes,   --                          ``DataCloneError``
URL objects, other classes)
=================================  ==========================  ===========================
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from typing import Any

from webidl import DataCloneError, DOMException, RangeError, undefined

__all__ = [
    "structuredClone",
    "structured_serialize",
    "structured_deserialize",
    "structured_serialize_with_transfer",
    "structured_deserialize_with_transfer",
    "register_serializable",
    "EvalError",
    "URIError",
]

Record = dict[str, Any]

_PRIMITIVES = (type(None), bool, int, float, str)


class EvalError(Exception):
    """The JS EvalError, for round-tripping Error records with that name."""


class URIError(Exception):
    """The JS URIError, for round-tripping Error records with that name."""


# Error names (step 17.2) and the Python classes standing for them.
_ERROR_CLASSES: dict[str, type[BaseException]] = {
    "Error": Exception,
    "EvalError": EvalError,
    "RangeError": RangeError,
    "ReferenceError": NameError,
    "SyntaxError": SyntaxError,
    "TypeError": TypeError,
    "URIError": URIError,
}


def _error_name(error: BaseException) -> str:
    for cls in type(error).__mro__:
        for name, py in _ERROR_CLASSES.items():
            if cls is py and name != "Error":
                return name
    return "Error"


# Serializable platform objects: interface name -> (class, serialization steps, deserialization
# steps).  https://html.spec.whatwg.org/#serializable-objects
_SERIALIZABLE: dict[str, tuple[type, Callable[[Any], dict[str, Any]], Callable[[dict[str, Any]], Any]]] = {}


def register_serializable(
    name: str,
    cls: type,
    serialize: Callable[[Any], dict[str, Any]],
    deserialize: Callable[[dict[str, Any]], Any],
) -> None:
    """Declare a platform object class serializable (its serialization/deserialization steps)."""
    _SERIALIZABLE[name] = (cls, serialize, deserialize)


# DOMException is serializable: https://webidl.spec.whatwg.org/#idl-DOMException
register_serializable(
    "DOMException",
    DOMException,
    lambda e: {"name": e.name, "message": e.message},
    lambda data: DOMException(data["message"], data["name"]),
)


def _platform_type(value: Any) -> str | None:
    for name, (cls, _, _) in _SERIALIZABLE.items():
        if type(value) is cls or isinstance(value, cls):
            return name
    return None


def structured_serialize(value: Any) -> Record:
    """https://html.spec.whatwg.org/#structuredserialize"""
    return _serialize(value, False, {})


def _serialize(value: Any, for_storage: bool, memory: dict[int, Record]) -> Record:
    """https://html.spec.whatwg.org/#structuredserializeinternal, with an explicit work list."""
    keep_alive: list[Any] = []  # ids in memory must stay valid while we work
    work: list[tuple[Record, Any]] = []

    def shallow(v: Any) -> Record:
        if type(v) in _PRIMITIVES or v is undefined:  # step 4
            return {"Type": "primitive", "Value": v}
        key = id(v)
        if key in memory:  # step 2
            return memory[key]
        keep_alive.append(v)
        deep = False
        serialized: Record
        if isinstance(v, _dt.datetime):  # step 11
            serialized = {"Type": "Date", "DateValue": v, "Python": "datetime"}
        elif isinstance(v, _dt.date):
            serialized = {"Type": "Date", "DateValue": v, "Python": "date"}
        elif isinstance(v, re.Pattern):  # step 12
            serialized = {"Type": "RegExp", "OriginalSource": v.pattern, "OriginalFlags": v.flags}
        elif isinstance(v, (bytes, bytearray)):  # step 13
            serialized = {
                "Type": "ArrayBuffer",
                "ArrayBufferData": bytes(v),
                "ArrayBufferByteLength": len(v),
                "Python": type(v).__name__,
            }
        elif isinstance(v, memoryview):  # step 14
            # Python does not expose where a sliced view starts in its buffer, so a view that
            # spans its whole bytes/bytearray shares the cloned buffer; a partial view gets a
            # buffer of its own.
            base = v.obj
            if isinstance(base, (bytes, bytearray)) and v.nbytes == len(base) and v.contiguous:
                buffer_record = shallow(base)
            else:
                buffer_record = {"Type": "ArrayBuffer", "ArrayBufferData": v.tobytes(),
                                 "ArrayBufferByteLength": v.nbytes, "Python": "bytearray"}
            start = 0
            serialized = {
                "Type": "ArrayBufferView",
                "Constructor": "Uint8Array",
                "ArrayBufferSerialized": buffer_record,
                "ByteLength": v.nbytes,
                "ByteOffset": start,
            }
        elif isinstance(v, dict):  # steps 15 / 23 (Map or ordinary Object)
            serialized = {"Type": "Map", "MapData": []}
            deep = True
        elif isinstance(v, (set, frozenset)):  # step 16
            serialized = {"Type": "Set", "SetData": []}
            deep = True
        elif isinstance(v, (list, tuple)):  # step 18
            serialized = {"Type": "Array", "Length": len(v), "Properties": []}
            deep = True
        elif (name := _platform_type(v)) is not None:  # step 19
            serialized = {"Type": name}
            deep = True
        elif isinstance(v, BaseException):  # step 17 (errors that are not platform objects)
            message = str(v) if v.args else None
            serialized = {"Type": "Error", "Name": _error_name(v), "Message": message}
        elif callable(v):  # step 21
            raise DataCloneError(f"{type(v).__name__} object could not be cloned: it is callable")
        else:  # steps 20 and 22: platform objects and other exotic objects
            raise DataCloneError(f"{type(v).__name__} object could not be cloned")
        memory[key] = serialized  # step 24
        if deep:
            work.append((serialized, v))
        return serialized

    root = shallow(value)
    while work:  # step 26: the deep part
        serialized, v = work.pop()
        kind = serialized["Type"]
        if kind == "Map":
            for k, item in v.items():
                key_record = shallow(k)
                if key_record["Type"] != "primitive" and key_record.get("Python") != "bytes":
                    raise DataCloneError("dict keys must be primitives (None, bool, int, float, str) or bytes")
                serialized["MapData"].append((key_record, shallow(item)))
        elif kind == "Set":
            for item in v:
                item_record = shallow(item)
                if item_record["Type"] != "primitive" and item_record.get("Python") != "bytes":
                    raise DataCloneError("set items must be primitives or bytes to be cloned into a Python set")
                serialized["SetData"].append(item_record)
        elif kind == "Array":
            serialized["Properties"] = [(str(i), shallow(item)) for i, item in enumerate(v)]
        else:  # a serializable platform object: its serialization steps
            _, serialize_steps, _ = _SERIALIZABLE[kind]
            serialized["Data"] = serialize_steps(v)
    return root


def structured_deserialize(serialized: Record, memory: dict[int, Any] | None = None) -> Any:
    """https://html.spec.whatwg.org/#structureddeserialize, with an explicit work list."""
    memory = {} if memory is None else memory
    work: list[tuple[Record, Any]] = []

    def shallow(record: Record) -> Any:
        key = id(record)
        if key in memory:  # step 2
            return memory[key]
        kind = record["Type"]
        deep = False
        if kind == "primitive":
            return record["Value"]
        if kind == "Date":
            value: Any = record["DateValue"]
            value = value.replace() if isinstance(value, _dt.datetime) else _dt.date(value.year, value.month, value.day)
        elif kind == "RegExp":
            value = re.compile(record["OriginalSource"], record["OriginalFlags"])
        elif kind == "ArrayBuffer":
            data = record["ArrayBufferData"]
            value = bytes(data) if record.get("Python") == "bytes" else bytearray(data)
        elif kind == "ArrayBufferView":
            buffer = shallow(record["ArrayBufferSerialized"])
            offset, length = record["ByteOffset"], record["ByteLength"]
            value = memoryview(buffer)[offset : offset + length]
        elif kind == "Map":
            value = {}
            deep = True
        elif kind == "Set":
            value = set()
            deep = True
        elif kind == "Array":
            value = [None] * record["Length"]
            deep = True
        elif kind == "Error":
            cls = _ERROR_CLASSES.get(record["Name"], Exception)
            value = cls(record["Message"]) if record["Message"] is not None else cls()
        elif kind in _SERIALIZABLE:
            value = None  # made once its data is deserialized, below
            deep = True
        else:
            raise DataCloneError(f"cannot deserialize a record of type {kind!r}")
        if value is not None:
            memory[key] = value
        if deep:
            work.append((record, value))
        return value

    root = shallow(serialized)
    while work:
        record, value = work.pop()
        kind = record["Type"]
        if kind == "Map":
            for key_record, value_record in record["MapData"]:
                value[shallow(key_record)] = shallow(value_record)
        elif kind == "Set":
            for item_record in record["SetData"]:
                value.add(shallow(item_record))
        elif kind == "Array":
            for index, item_record in record["Properties"]:
                value[int(index)] = shallow(item_record)
        else:
            _, _, deserialize_steps = _SERIALIZABLE[kind]
            made = deserialize_steps(record["Data"])
            memory[id(record)] = made
            if record is serialized:
                root = made
    return root


def structured_serialize_with_transfer(value: Any, transfer_list: list[Any]) -> Record:
    """https://html.spec.whatwg.org/#structuredserializewithtransfer

    Only ``bytearray`` (ArrayBuffer) is transferable here; transferring detaches it, which in
    Python means it is emptied.
    """
    memory: dict[int, Record] = {}
    seen: set[int] = set()
    for transferable in transfer_list:
        if not isinstance(transferable, bytearray):
            raise DataCloneError(f"{type(transferable).__name__} object is not transferable")
        if id(transferable) in seen:
            raise DataCloneError("the same object appears twice in the transfer list")
        seen.add(id(transferable))
        memory[id(transferable)] = {"Type": "ArrayBuffer", "Transferred": True}
    serialized = _serialize(value, False, memory)
    transfer_records = []
    for transferable in transfer_list:
        record = memory[id(transferable)]
        record.update(
            {"Type": "ArrayBuffer", "ArrayBufferData": bytes(transferable), "ArrayBufferByteLength": len(transferable),
             "Python": "bytearray"}
        )
        transferable.clear()  # detach
        transfer_records.append(record)
    return {"Serialized": serialized, "TransferDataHolders": transfer_records}


def structured_deserialize_with_transfer(serialize_with_transfer_result: Record) -> tuple[Any, list[Any]]:
    """https://html.spec.whatwg.org/#structureddeserializewithtransfer -> (value, transferred)."""
    memory: dict[int, Any] = {}
    transferred = []
    for record in serialize_with_transfer_result["TransferDataHolders"]:
        buffer = bytearray(record["ArrayBufferData"])
        memory[id(record)] = buffer
        transferred.append(buffer)
    value = structured_deserialize(serialize_with_transfer_result["Serialized"], memory)
    return value, transferred


def structuredClone(value: Any, transfer: list[Any] | None = None) -> Any:  # noqa: N802 -- the IDL name
    """https://html.spec.whatwg.org/#dom-structuredclone"""
    result = structured_serialize_with_transfer(value, list(transfer or []))
    clone, _ = structured_deserialize_with_transfer(result)
    return clone


structured_clone = structuredClone
