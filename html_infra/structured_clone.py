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
``html_infra.blob.Blob``/``File``  Blob, File (serializable)   a Blob / File with the bytes
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

from . import blob as _blob

__all__ = [
    "structuredClone",
    "structured_serialize",
    "structured_deserialize",
    "structured_serialize_with_transfer",
    "structured_deserialize_with_transfer",
    "structured_serialize_for_storage",
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
# Interfaces whose serialization steps throw when forStorage is true.
_NOT_FOR_STORAGE: set[str] = set()


def register_serializable(
    name: str,
    cls: type,
    serialize: Callable[[Any], dict[str, Any]],
    deserialize: Callable[[dict[str, Any]], Any],
    for_storage: bool = True,
) -> None:
    """Declare a platform object class serializable (its serialization/deserialization steps;
    the serialization steps return plain data: primitives and bytes, nothing to walk).
    ``for_storage=False`` makes StructuredSerializeForStorage refuse it with DataCloneError."""
    _SERIALIZABLE[name] = (cls, serialize, deserialize)
    if not for_storage:
        _NOT_FOR_STORAGE.add(name)


# DOMException is serializable: https://webidl.spec.whatwg.org/#idl-DOMException
register_serializable(
    "DOMException",
    DOMException,
    lambda e: {"name": e.name, "message": e.message},
    lambda data: DOMException(data["message"], data["name"]),
)


# https://w3c.github.io/FileAPI/#blob-section and #file-section: Blob and File are serializable.
register_serializable("Blob", _blob.Blob, _blob._serialize_blob, _blob._deserialize_blob)
register_serializable("File", _blob.File, _blob._serialize_file, _blob._deserialize_file)


def _platform_type(value: Any) -> str | None:
    """The most derived registered interface *value* implements (a File is a File, not a Blob)."""
    for cls in type(value).__mro__:
        for name, (registered, _, _) in _SERIALIZABLE.items():
            if cls is registered:
                return name
    return None


def structured_serialize(value: Any) -> Record:
    """https://html.spec.whatwg.org/#structuredserialize"""
    return _serialize(value, False, {})


def structured_serialize_for_storage(value: Any) -> Record:
    """https://html.spec.whatwg.org/#structuredserializeforstorage -- for values kept across
    sessions (IndexedDB, history state): platform objects whose steps refuse storage throw
    DataCloneError.  There are no SharedArrayBuffers here, the other thing it refuses."""
    return _serialize(value, True, {})


def _serialize(
    value: Any, for_storage: bool, memory: dict[int, Record], views: list[memoryview] | None = None
) -> Record:
    """https://html.spec.whatwg.org/#structuredserializeinternal, with an explicit work list.
    Every memoryview met is added to *views* (transfer releases those over a detached buffer)."""
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
            if views is not None:
                views.append(v)
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
            if for_storage and name in _NOT_FOR_STORAGE:
                raise DataCloneError(f"{name} objects cannot be serialized for storage")
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
            # Serialization steps return plain data, so the object is made now (and an Array
            # holding it gets the object, not a placeholder).
            _, _, deserialize_steps = _SERIALIZABLE[kind]
            value = deserialize_steps(record["Data"])
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
        else:  # Array
            for index, item_record in record["Properties"]:
                value[int(index)] = shallow(item_record)
    return root


def structured_serialize_with_transfer(value: Any, transfer_list: list[Any]) -> Record:
    """https://html.spec.whatwg.org/#structuredserializewithtransfer

    ``bytearray`` is the transferable ArrayBuffer here.  Transferring detaches it, which in
    Python means it is emptied; memoryviews over it inside *value* are released (a detached
    view), and their clones are views over the transferred buffer.  A transferred bytearray
    that other memoryviews still export cannot be emptied: DataCloneError.
    """
    memory: dict[int, Record] = {}
    seen: set[int] = set()
    for transferable in transfer_list:  # step 2
        if not isinstance(transferable, bytearray):
            raise DataCloneError(f"{type(transferable).__name__} object is not transferable")
        if id(transferable) in seen:
            raise DataCloneError("the same object appears twice in the transfer list")
        seen.add(id(transferable))
        memory[id(transferable)] = {"Type": "ArrayBuffer", "Transferred": True}
    views: list[memoryview] = []
    serialized = _serialize(value, False, memory, views)  # step 4
    transfer_records = []
    for transferable in transfer_list:  # step 5
        record = memory[id(transferable)]
        record.update(
            {"Type": "ArrayBuffer", "ArrayBufferData": bytes(transferable), "ArrayBufferByteLength": len(transferable),
             "Python": "bytearray"}
        )
        # DetachArrayBuffer: views in the value over this buffer are detached with it (released);
        # one held elsewhere keeps the bytearray from being emptied.  As in the standard, the
        # buffers before a failing one stay detached.
        for view in views:
            if view.obj is transferable:
                view.release()
        try:
            transferable.clear()
        except BufferError:
            raise DataCloneError(
                "the ArrayBuffer cannot be detached: a memoryview outside the value still exports it"
            ) from None
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
