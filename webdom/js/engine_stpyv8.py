"""V8 through STPyV8: a context (``JSContext``) per realm, several per process.

STPyV8 hands Python JS objects as ``JSObject`` proxies and maps both ``null`` and ``undefined``
to None, like quickjs-ng, so values cross as the same tokens (engine_tokens.py,
quickjs_glue.js).  It would hand script any Python object as a proxy over its attributes
(``__class__`` included): here only the glue's two entry points cross, held in the glue's
closure and deleted from the global before any other script runs; every other Python object is
an opaque handle, a frozen empty object.

What STPyV8's conversions get wrong, and the tokens carry instead: a Python string with an
astral character reaches V8 with U+FFFD in its place (such strings cross as UTF-16 code units,
and the mark is a BMP character), a Python integer past 32 bits is truncated (those cross as
floats), and a lone surrogate from V8 becomes U+FFFD (the glue sends those as code units).
V8 runs promise jobs itself when the outermost call from Python returns (its default policy),
which is the microtask checkpoint HTML's "clean up after running script" performs; each entry
from Python enters the realm's context.  Stacks name no file (scripts are compiled unnamed).
STPyV8 runs none of V8's tasks, so no FinalizationRegistry callback ever runs: binding.js and the
glue find what was collected by a sweep after each full collection (``runs_finalizers``).
"""

from __future__ import annotations

import asyncio
import os
import re
from typing import Any

# STPyV8's start reads its ICU data from under $HOME, and crashes on import when HOME is unset
# (as in a child process with an empty environment); its Python half finds the same folder from
# the password database then
os.environ.setdefault("HOME", os.path.expanduser("~"))

import STPyV8  # noqa: E402 -- after HOME is set

from .engine import EngineScriptError
from .engine_tokens import TokenEngine

__all__ = ["V8Engine"]

# "TypeError: message (  @ 1 : 6 )  -> source line": the part STPyV8 appends to V8's message
_WHERE = re.compile(r" \(  @ (\d+) : (\d+) \)  -> .*\Z", re.S)


# make(true) a WeakRef to a new object; then make(false) allocates 32 MB that it drops, and
# answers whether the object has been collected
_GC_SENTINEL = """(() => {
  let sentinel = null;
  return (start) => {
    if (start) { sentinel = new WeakRef({}); return false; }
    const junk = [];
    for (let i = 0; i < 16; i++) junk.push(new Array(262144).fill(i));
    return sentinel.deref() === undefined;
  };
})()"""
_GC_ROUNDS = 200
# Every context made, kept for the process.  A realm dropped is freed by a garbage collection of
# its cycle, in no set order: STPyV8 crashes when a context goes before the JSObjects of it that
# the same collection frees after it.  So a dropped realm frees its document and its Python side,
# and leaves its V8 context (about 3 MB with the binding) here.
_CONTEXTS: list[Any] = []


class V8Engine(TokenEngine):
    name = "v8"
    _opaque = (STPyV8.JSObject,)
    _mark = "\ufdd0"  # a noncharacter: a string from Python starting with it crosses as code units
    _unsafe = re.compile("[\ud800-\udfff\U00010000-\U0010ffff]")
    _int_limit = 2**31
    _max_arguments = 10  # STPyV8 refuses a call to Python with more than 13
    # STPyV8 hands an object it gave Python back to script as itself only once (then as a Python
    # proxy over it): Python holds JS objects by number instead
    _by_number = True
    # STPyV8 runs none of V8's tasks, FinalizationRegistry callbacks among them
    runs_finalizers = False
    # STPyV8 raises a Python exception named after the JS error (TypeError, SyntaxError, JSError)
    _script_errors = (Exception,)

    def __init__(self) -> None:
        self._ctx = STPyV8.JSContext()
        _CONTEXTS.append(self._ctx)
        with self._ctx:  # the glue's setup calls JS functions directly
            super().__init__()
            self._gc_sentinel = self._ctx.eval(_GC_SENTINEL)

    def _define(self, name: str, function: Any) -> None:
        with self._ctx:
            setattr(self._ctx.locals, name, function)

    def _raw_eval(self, source: str) -> Any:
        with self._ctx:
            return self._ctx.eval(source)

    def eval(self, source: str, filename: str = "script") -> Any:
        with self._ctx:
            return super().eval(source, filename)

    def _glue_call(self, name: str, *values: Any) -> Any:
        with self._ctx:
            return super()._glue_call(name, *values)

    def _script_error(self, error: BaseException) -> EngineScriptError:
        text = str(error).strip()
        where = _WHERE.search(text)
        stack = ""
        if where is not None:
            text = text[:where.start()]
            stack = f"at <anonymous>:{where[1]}:{int(where[2]) + 1}"
        name, _, message = text.partition(": ")
        if not message or " " in name:
            name, message = "Error", text
        return EngineScriptError(name, message, stack)

    async def run_jobs(self, loop: asyncio.AbstractEventLoop) -> None:
        """Nothing waits: V8 ran the jobs when the outermost call from Python returned."""

    def collect(self) -> None:
        """A full collection, by allocating until V8 has made one: STPyV8 offers no collection
        on demand (its ``JSEngine.lowMemory`` takes an isolate Python cannot name, and V8's
        flags, ``--expose-gc`` among them, are frozen once it has started).  A WeakRef to an
        object nothing else holds, made in a job of its own (a WeakRef keeps its target until
        the job ends), is cleared by the first full collection after it."""
        with self._ctx:
            self._gc_sentinel(True)
        for _ in range(_GC_ROUNDS):
            with self._ctx:
                if self._gc_sentinel(False):
                    return
