"""Engines that hand Python only primitives and opaque objects: values cross as tokens.

quickjs-ng (engine_quickjs.py) and STPyV8 (engine_stpyv8.py) both carry strings, numbers and
booleans, hand Python an opaque object for any JS object, and map ``null`` and ``undefined``
alike to None; STPyV8 would also hand script a Python object's attributes.  Every crossing here is
a flat list of tokens (quickjs_glue.js says which), decoded on the other side into the shape
engine.py describes: JS objects become :class:`JSObject` (read with ``o[key]``, called with
``o(*args)``), Python callables become JS functions, and any other Python object becomes an
opaque handle, a frozen empty JS object with no prototype.  Script reaches no Python object by
construction.  A subclass starts the engine's context and says how its values differ (which
objects are opaque, which strings and integers cannot cross as they are).
"""

from __future__ import annotations

import asyncio
import functools
import json
import re
import types
import weakref
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .engine import Engine, EngineScriptError

__all__ = ["NULL", "JSFunctionObject", "JSObject", "TokenEngine"]

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

    def __init__(self, engine: TokenEngine, obj: Any) -> None:
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


class TokenEngine(Engine):
    """An engine whose crossings are tokens; a subclass sets the class attributes and the hooks."""

    many_per_process = True
    null = NULL
    borrowed_strings = False
    keeps_weak_targets = False
    #: the types of the engine's opaque JS objects as Python receives them
    _opaque: tuple[type, ...] = ()
    #: the first character of a token that is not a plain value
    _mark = "\U0010fffd"
    #: a non-ASCII Python string that cannot cross as it is (it goes as UTF-16 code units)
    _unsafe = re.compile("[\ud800-\udfff]")
    #: integers the engine takes as they are (larger ones cross as floats)
    _int_limit = _SAFE_INT
    #: the exceptions the engine's eval raises for a script's uncaught exception
    _script_errors: tuple[type[BaseException], ...] = ()
    #: the most arguments a JS call of a Python callable may pass (the rest go through the receiver)
    _max_arguments: int | str = "Infinity"
    #: Python holds JS objects as numbers in the glue's table, not as the engine's objects
    _by_number = False

    def __init__(self) -> None:
        self._callables: dict[int, Any] = {}
        self._objects: dict[int, Any] = {}     # handle number -> Python object
        self._handles: dict[int, int] = {}     # id(Python object) -> handle number
        self._next = 0
        self._received: list[Any] = []
        self._released: list[int] = []  # the numbers of JS objects Python no longer holds
        self._api: Any = None
        # The engine's context holds these two for as long as it lives, out of sight of Python's
        # garbage collector (STPyV8's does): bound methods there would keep this engine, its realm
        # and its document alive for ever.  They reach the engine weakly.
        self._define("__webdom_dispatch", _weakly(self, "_dispatch"))
        self._define("__webdom_receive", _weakly(self, "_receive"))
        self._raw_eval(f"globalThis.__webdom_glue = ({_GLUE.strip()})(globalThis.__webdom_dispatch,"
                       f" globalThis.__webdom_receive, {json.dumps(self._mark)}, {self._max_arguments},"
                       f" {json.dumps(self._by_number)}, {json.dumps(not self.runs_finalizers)})")
        # each function read from the global by its own script (STPyV8 hands an object back to
        # script as itself only once: see quickjs_glue.js)
        self._glue = {name: self._raw_eval(f"globalThis.__webdom_glue.{name}")
                      for name in ("call", "get", "has", "stash", "setBox", "collected", "writeBack", "out", "release")}
        self._raw_eval("delete globalThis.__webdom_dispatch; delete globalThis.__webdom_receive;"
                       " delete globalThis.__webdom_glue;")
        # V8's stack hook (QuickJS-ng has it too): stacks stay strings, as on SpiderMonkey (no
        # call sites with their functions and receivers for script to walk)
        self._raw_eval("Object.defineProperty(Error, 'prepareStackTrace', { value: undefined, writable: false,"
                       " configurable: false });")
        self.global_ = self._wrap(self._raw_eval("globalThis"))

    # -- what a subclass gives ---------------------------------------------------------------

    def _define(self, name: str, function: Any) -> None:
        """Make the Python *function* the global *name* (a JS function over primitives)."""
        raise NotImplementedError

    def _raw_eval(self, source: str) -> Any:
        """Run *source*; its value as the engine hands it (a primitive or an opaque object)."""
        raise NotImplementedError

    def _script_error(self, error: BaseException) -> EngineScriptError:
        """A script's uncaught exception, as the engine raised it, as its name, message, stack."""
        raise NotImplementedError

    # -- the interface ----------------------------------------------------------------------

    def eval(self, source: str, filename: str = "script") -> Any:
        try:
            value = self._raw_eval(source)
        except self._script_errors as error:
            raise self._script_error(error) from None
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
        raise NotImplementedError

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

    def binding_ready(self, api: Any) -> None:
        """binding.js's box class, which the glue tells from other objects."""
        self._api = api
        self._glue_call("setBox", api["Box"])

    # -- crossing --------------------------------------------------------------------------

    def _wrap(self, value: Any) -> Any:
        """A value as the engine returned it (primitives, opaque objects), decoded."""
        if isinstance(value, self._opaque):
            return self._result(self._glue["out"](value))
        return value

    def _glue_call(self, name: str, *values: Any) -> Any:
        if self._released:
            released, self._released = self._released, []
            self._glue["release"](*released)
        tokens: list[Any] = []
        for value in values:
            self._encode(value, tokens)
        return self._result(self._glue[name](*tokens))

    def _result(self, token: Any) -> Any:
        if type(token) is str and token == self._mark + "T":
            received, self._received = self._received, []
            return self._decode(received)[0]
        return self._decode((token,))[0]

    def _receive(self, *tokens: Any) -> None:
        self._received.extend(tokens)

    def _dispatch(self, number: int | str, *tokens: Any) -> Any:
        """A Python callable called from JS: its arguments decoded, its result encoded; an
        exception becomes a JS Error with its message (no Python traceback crosses)."""
        if type(number) is str:  # the call's number and arguments came through the receiver
            pending, self._received = self._received, []
            number, tokens = pending[0], tuple(pending[1:])
        try:
            buffers: list[tuple[bytearray, bytes]] = []
            result = self._callables[int(number)](*self._decode(tokens, buffers))
            for i, (buffer, before) in enumerate(buffers):
                if buffer != before:  # written into by Python: so is the typed array
                    self._glue["writeBack"](i, bytes(buffer).decode("latin-1"))
            out: list[Any] = []
            self._encode(result, out)
        except Exception as error:  # noqa: BLE001 -- every exception is thrown in JS instead
            return f"{self._mark}e{type(error).__name__}: {error}"
        if len(out) == 1:
            return out[0]
        self._glue["stash"](*out)
        return self._mark + "T"

    def _handle(self, value: Any) -> str:
        number = self._handles.get(id(value))
        if number is None or self._objects.get(number) is not value:
            number = self._next = self._next + 1
            self._handles[id(value)] = number
            self._objects[number] = value
        return f"{self._mark}h{number}"

    def _encode(self, value: Any, out: list[Any]) -> None:
        M = self._mark
        kind = type(value)
        if value is None:
            out.append(M + "u")
        elif value is NULL:
            out.append(M + "n")
        elif kind is bool or kind is float:
            out.append(value)
        elif kind is int:
            out.append(value if -self._int_limit < value < self._int_limit else float(value))
        elif kind is str:
            out.append(value if value.isascii() or not (value[0] == M or self._unsafe.search(value)) else
                       M + "s" + ",".join(str(u) for u in _units(value)))
        elif isinstance(value, self._opaque):
            out.append(value)
        elif kind is _Held:
            out.append(f"{M}r{value.number}")
        elif kind is JSObject or kind is JSFunctionObject or kind is _Box:
            # the global crosses as the glue's own globalThis (STPyV8 may hand back another
            # object for the one it gave Python: the global object behind V8's global proxy)
            obj = value._obj
            out.append(M + "g" if value is self.global_ else f"{M}r{obj.number}" if type(obj) is _Held else obj)
        elif isinstance(value, list | tuple):
            out.append(M + "[")
            for item in value:
                self._encode(item, out)
            out.append(M + "]")
        elif isinstance(value, dict):
            out.append(M + "{")
            for key, item in value.items():
                self._encode(str(key), out)
                self._encode(item, out)
            out.append(M + "}")
        elif isinstance(value, bytes | bytearray | memoryview):
            out.append(M + "b" + bytes(value).decode("latin-1"))
        elif isinstance(value, datetime):
            out.append(f"{M}d{value.timestamp() * 1000}")
        elif isinstance(value, str):
            self._encode(str(value), out)
        elif isinstance(value, int | float):
            self._encode(float(value) if isinstance(value, float) else int(value), out)
        elif isinstance(value, _FUNCTIONS):
            self._next += 1
            self._callables[self._next] = value
            out.append(f"{M}p{self._next}")
        else:
            out.append(self._handle(value))

    def _decode(self, tokens: Any, buffers: list[tuple[bytearray, bytes]] | None = None) -> list[Any]:
        """The values of *tokens*; each typed array's new bytearray and its bytes go to *buffers*."""
        M = self._mark
        stack: list[list[Any]] = [[]]
        it = iter(tokens)
        for token in it:
            kind = type(token)
            value: Any
            if kind is str and token[:1] == M:
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
                    obj = next(it)
                    stack.append(_BoxFrame(_Held(self, int(obj[2:])) if self._by_number else obj, token[2:]))
                    continue
                elif tag == "o":
                    value = JSObject(self, _Held(self, int(token[2:])))
                elif tag == "F":
                    value = JSFunctionObject(self, _Held(self, int(token[2:])))
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
            elif isinstance(token, self._opaque):
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


def _weakly(engine: TokenEngine, method: str) -> Any:
    """A function calling *engine*'s *method* while the engine lives."""
    ref = weakref.ref(engine)
    function = getattr(type(engine), method)  # (looked up once: every crossing calls it)

    def call(*args: Any) -> Any:
        target = ref()
        return None if target is None else function(target, *args)

    return call


class _Held:
    """A JS object held by Python as its number in the glue's table; released when dropped."""

    __slots__ = ("_released", "number")

    def __init__(self, engine: TokenEngine, number: int) -> None:
        self._released = engine._released
        self.number = number

    def __del__(self) -> None:
        self._released.append(self.number)


def _units(value: str) -> list[int]:
    raw = value.encode("utf-16-le", "surrogatepass")
    return [raw[i] | raw[i + 1] << 8 for i in range(0, len(raw), 2)]
