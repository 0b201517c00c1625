"""QuickJS-ng through the ``quickjs`` module: a context per realm, several per process.

quickjs-ng hands Python only primitives and opaque ``quickjs.Object`` values, and maps both
``null`` and ``undefined`` to None: values cross as tokens (engine_tokens.py, quickjs_glue.js).
Script reaches no Python object by construction.

Differences from pythonmonkey that a caller sees: typed arrays cross as copies of their bytes
(``memoryview`` over a new ``bytearray``), a script's completion value ``null`` reads as
``undefined`` (the module's ``eval`` tells them apart no more), stacks name no file, and
WeakRef targets are released by the engine itself (no ClearKeptObjects to call).
"""

from __future__ import annotations

import asyncio
from typing import Any

import quickjs

from .engine import EngineScriptError
from .engine_tokens import JSFunctionObject, JSObject, TokenEngine

__all__ = ["JSFunctionObject", "JSObject", "QuickJSEngine"]


class QuickJSEngine(TokenEngine):
    name = "quickjs"
    _opaque = (quickjs.Object,)
    _script_errors = (quickjs.JSException,)

    def __init__(self) -> None:
        self._ctx = quickjs.Context()
        super().__init__()

    def _define(self, name: str, function: Any) -> None:
        self._ctx.add_callable(name, function)

    def _raw_eval(self, source: str) -> Any:
        return self._ctx.eval(source)

    def _script_error(self, error: BaseException) -> EngineScriptError:
        text = str(error).strip()
        first, _, stack = text.partition("\n")
        name, _, message = first.partition(": ")
        if not message or " " in name:
            name, message = "Error", first
        return EngineScriptError(name, message, stack.strip())

    async def run_jobs(self, loop: asyncio.AbstractEventLoop) -> None:
        while True:
            try:
                if not self._ctx.execute_pending_job():
                    return
            except quickjs.JSException:
                continue

    def collect(self) -> None:
        self._ctx.gc()
