"""QuickJS-ng through the ``quickjs`` module: a context per realm, several per process.

quickjs-ng hands Python only primitives and opaque ``quickjs.Object`` values, and maps both
``null`` and ``undefined`` to None.  Every crossing here is a flat list of tokens
(quickjs_glue.js says which), decoded on the other side into the shape engine.py describes:
JS objects become :class:`JSObject` (read with ``o[key]``, called with ``o(*args)``), Python
callables become JS functions, and any other Python object becomes an opaque handle, a frozen
empty JS object with no prototype.  Script reaches no Python object by construction.

Differences from pythonmonkey that a caller sees: typed arrays cross as copies of their bytes
(``memoryview`` over a new ``bytearray``), a script's completion value ``null`` reads as
``undefined`` (the module's ``eval`` tells them apart no more), stacks name no file, and
WeakRef targets are released by the engine itself (no ClearKeptObjects to call).
"""

from __future__ import annotations

import asyncio
import functools
import re
import types
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import quickjs

from .engine import Engine, EngineScriptError

__all__ = ["JSFunctionObject", "JSObject", "QuickJSEngine"]

_M = "\U0010fffd"
_LONE = re.compile("[\ud800-\udfff]")
_SAFE_INT = 2**53
_FUNCTIONS = (types.FunctionType, types.MethodType, types.BuiltinFunctionType, functools.partial)
_GLUE = Path(__file__).with_name("quickjs_glue.js").read_text(encoding="utf-8")


class _Null:
    """JS null, as Python holds it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "null"

    def __bool__(self) -> bool:
        return False


NULL = _Null()


class JSObject:
    """A JS object held by Python: ``o[key]``, ``o.key``, ``key in o``."""

    __slots__ = ("_engine", "_obj")

    def __init__(self, engine: QuickJSEngine, obj: Any) -> None:
        self._engine = engine
        self._obj = obj

    def __getitem__(self, key: Any) -> Any:
        return self._engine._glue_call("get", self._obj, key)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return self._engine._glue_call("get", self._obj, name)

    def __contains__(self, key: object) -> bool:
        return bool(self._engine._glue_call("has", self._obj, key))

    def __call__(self, *args: Any) -> Any:
        return self._engine._glue_call("call", self._obj, None, *args)


class JSFunctionObject(JSObject):
    """A JS function held by Python."""

    __slots__ = ()


class _Box:
    """One of binding.js's boxes, decoded: its kind and value, and the JS object to send back."""

    __slots__ = ("_obj", "kind", "value")

    def __init__(self, obj: Any, kind: str, value: Any) -> None:
        self._obj = obj
        self.kind = kind
        self.value = value

    def __getitem__(self, key: str) -> Any:
        return self.value if key == "value" else self.kind


class _BoxFrame(list[Any]):
    """A box whose value is being decoded."""

    def __init__(self, obj: Any, kind: str) -> None:
        super().__init__()
        self.obj = obj
        self.kind = kind


class QuickJSEngine(Engine):
    name = "quickjs"
    many_per_process = True
    null = NULL
    borrowed_strings = False
    keeps_weak_targets = False

    def __init__(self) -> None:
        self._ctx = quickjs.Context()
        self._callables: dict[int, Any] = {}
        self._objects: dict[int, Any] = {}     # handle number -> Python object
        self._handles: dict[int, int] = {}     # id(Python object) -> handle number
        self._next = 0
        self._received: tuple[Any, ...] = ()
        self._api: Any = None
        self._ctx.add_callable("__webdom_dispatch", self._dispatch)
        self._ctx.add_callable("__webdom_receive", self._receive)
        glue = self._ctx.eval(f"({_GLUE.strip()})(globalThis.__webdom_dispatch, globalThis.__webdom_receive)")
        self._ctx.eval("delete globalThis.__webdom_dispatch; delete globalThis.__webdom_receive;")
        getter = self._ctx.eval("(o, k) => o[k]")
        self._glue = {name: getter(glue, name) for name in ("call", "get", "has", "stash", "setBox", "collected",
                                                            "writeBack")}
        # QuickJS-ng has V8's stack hook: stacks stay strings, as on SpiderMonkey (no call sites
        # with their functions and receivers for script to walk)
        self._ctx.eval("Object.defineProperty(Error, 'prepareStackTrace', { value: undefined, writable: false,"
                       " configurable: false });")
        self._identity = self._ctx.eval("(v) => v")
        self.global_ = self._wrap(self._ctx.eval("globalThis"))

    # -- the interface ----------------------------------------------------------------------

    def eval(self, source: str, filename: str = "script") -> Any:
        try:
            value = self._ctx.eval(source)
        except quickjs.JSException as error:
            text = str(error).strip()
            first, _, stack = text.partition("\n")
            name, _, message = first.partition(": ")
            if not message or " " in name:
                name, message = "Error", first
            raise EngineScriptError(name, message, stack.strip()) from None
        return self._wrap(value)

    def is_function(self, value: Any) -> bool:
        return type(value) is JSFunctionObject

    def is_string(self, value: Any) -> bool:
        return type(value) is str

    def is_null(self, value: Any) -> bool:
        return value is NULL

    def box(self, value: Any) -> tuple[str, Any] | None:
        return (value.kind, value.value) if type(value) is _Box else None

    async def run_jobs(self, loop: asyncio.AbstractEventLoop) -> None:
        while True:
            try:
                if not self._ctx.execute_pending_job():
                    return
            except quickjs.JSException:
                continue

    def clear_kept_objects(self) -> None:
        """binding.js keeps what a WeakRef would (the engine does not); the handles of collected
        objects go."""
        if self._api is not None:
            self._api["clearKept"]()
        for number in self._glue_call("collected"):
            if number < 0:  # a Python callable's function
                self._callables.pop(-int(number), None)
                continue
            obj = self._objects.pop(int(number), None)
            if obj is not None and self._handles.get(id(obj)) == int(number):
                del self._handles[id(obj)]

    def collect(self) -> None:
        self._ctx.gc()

    def binding_ready(self, api: Any) -> None:
        """binding.js's box class, which the glue tells from other objects."""
        self._api = api
        self._glue_call("setBox", api["Box"])

    # -- crossing --------------------------------------------------------------------------

    def _wrap(self, value: Any) -> Any:
        """A value as quickjs-ng returned it (primitives, opaque objects), decoded."""
        if type(value) is quickjs.Object:
            return self._glue_call("call", _Raw(self._identity), None, _Raw(value))
        return value

    def _glue_call(self, name: str, *values: Any) -> Any:
        tokens: list[Any] = []
        for value in values:
            self._encode(value, tokens)
        return self._result(self._glue[name](*tokens))

    def _result(self, token: Any) -> Any:
        if type(token) is str and token == _M + "T":
            received, self._received = self._received, ()
            return self._decode(received)[0]
        return self._decode((token,))[0]

    def _receive(self, *tokens: Any) -> None:
        self._received = tokens

    def _dispatch(self, number: int, *tokens: Any) -> Any:
        """A Python callable called from JS: its arguments decoded, its result encoded; an
        exception becomes a JS Error with its message (no Python traceback crosses)."""
        try:
            buffers: list[tuple[bytearray, bytes]] = []
            result = self._callables[number](*self._decode(tokens, buffers))
            for i, (buffer, before) in enumerate(buffers):
                if buffer != before:  # written into by Python: so is the typed array
                    self._glue["writeBack"](i, bytes(buffer).decode("latin-1"))
            out: list[Any] = []
            self._encode(result, out)
        except Exception as error:  # noqa: BLE001 -- every exception is thrown in JS instead
            return f"{_M}e{type(error).__name__}: {error}"
        if len(out) == 1:
            return out[0]
        self._glue["stash"](*out)
        return _M + "T"

    def _handle(self, value: Any) -> str:
        number = self._handles.get(id(value))
        if number is None or self._objects.get(number) is not value:
            number = self._next = self._next + 1
            self._handles[id(value)] = number
            self._objects[number] = value
        return f"{_M}h{number}"

    def _encode(self, value: Any, out: list[Any]) -> None:
        kind = type(value)
        if value is None:
            out.append(_M + "u")
        elif value is NULL:
            out.append(_M + "n")
        elif kind is bool or kind is float:
            out.append(value)
        elif kind is int:
            out.append(value if -_SAFE_INT < value < _SAFE_INT else float(value))
        elif kind is str:
            out.append(value if value.isascii() or not (value[0] == _M or _LONE.search(value)) else
                       _M + "s" + ",".join(str(u) for u in _units(value)))
        elif kind is quickjs.Object:
            out.append(value)
        elif kind is JSObject or kind is JSFunctionObject or kind is _Box or kind is _Raw:
            out.append(value._obj)
        elif isinstance(value, list | tuple):
            out.append(_M + "[")
            for item in value:
                self._encode(item, out)
            out.append(_M + "]")
        elif isinstance(value, dict):
            out.append(_M + "{")
            for key, item in value.items():
                self._encode(str(key), out)
                self._encode(item, out)
            out.append(_M + "}")
        elif isinstance(value, bytes | bytearray | memoryview):
            out.append(_M + "b" + bytes(value).decode("latin-1"))
        elif isinstance(value, datetime):
            out.append(f"{_M}d{value.timestamp() * 1000}")
        elif isinstance(value, str):
            self._encode(str(value), out)
        elif isinstance(value, int | float):
            self._encode(float(value) if isinstance(value, float) else int(value), out)
        elif isinstance(value, _FUNCTIONS):
            self._next += 1
            self._callables[self._next] = value
            out.append(f"{_M}p{self._next}")
        else:
            out.append(self._handle(value))

    def _decode(self, tokens: Any, buffers: list[tuple[bytearray, bytes]] | None = None) -> list[Any]:
        """The values of *tokens*; each typed array's new bytearray and its bytes go to *buffers*."""
        stack: list[list[Any]] = [[]]
        it = iter(tokens)
        for token in it:
            kind = type(token)
            value: Any
            if kind is str and token[:1] == _M:
                tag = token[1]
                if tag == "u":
                    value = None
                elif tag == "n":
                    value = NULL
                elif tag == "s":
                    rest = token[2:]
                    raw = b"".join(int(u).to_bytes(2, "little") for u in rest.split(",")) if rest else b""
                    value = raw.decode("utf-16-le", "surrogatepass")
                elif tag == "[":
                    stack.append([])
                    continue
                elif tag == "]":
                    value = stack.pop()
                elif tag == "h":
                    value = self._objects[int(token[2:])]
                elif tag == "f":
                    value = JSFunctionObject(self, next(it))
                elif tag == "B":
                    stack.append(_BoxFrame(next(it), token[2:]))
                    continue
                elif tag == "x":  # bytes from JS, in hex (a NUL would end a string from QuickJS)
                    data = bytes.fromhex(token[2:])
                    buffer = bytearray(data)
                    if buffers is not None:
                        buffers.append((buffer, data))
                    value = memoryview(buffer)
                elif tag == "d":
                    value = datetime.fromtimestamp(float(token[2:]) / 1000, tz=UTC)
                else:
                    raise TypeError(f"an unknown token from JS: {tag!r}")
            elif kind is quickjs.Object:
                value = JSObject(self, token)
            else:
                value = token
            top = stack[-1]
            top.append(value)
            while type(top) is _BoxFrame:
                stack.pop()
                boxed = _Box(top.obj, top.kind, top[0])
                top = stack[-1]
                top.append(boxed)
        return stack[0]


class _Raw:
    """A quickjs.Object to send as it is."""

    __slots__ = ("_obj",)

    def __init__(self, obj: Any) -> None:
        self._obj = obj


def _units(value: str) -> list[int]:
    raw = value.encode("utf-16-le", "surrogatepass")
    return [raw[i] | raw[i + 1] << 8 for i in range(0, len(raw), 2)]
