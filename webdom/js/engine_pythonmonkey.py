"""SpiderMonkey through pythonmonkey: one global per process (see engine.py for the interface).

pythonmonkey converts values itself: JS objects reach Python as proxies (``JSObjectProxy``,
``JSFunctionProxy``), ``null`` as ``pythonmonkey.null``, strings as ``JSStringProxy`` (a str over
the JS string's characters), and promise jobs wait in the running asyncio loop.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pythonmonkey as pm

from .engine import Engine, EngineScriptError
from .kept_objects import clear_kept_objects

__all__ = ["PythonMonkeyEngine"]

# JS null, a class at run time (pythonmonkey's stub declares it a type alias, which a type()
# comparison would be refused against).
_PM_NULL: object = pm.null
_JS_STRING: object = pm.JSStringProxy


class PythonMonkeyEngine(Engine):
    name = "pythonmonkey"
    many_per_process = False
    null = pm.null
    borrowed_strings = True

    def __init__(self) -> None:
        self.global_ = pm.globalThis

    def eval(self, source: str, filename: str = "script") -> Any:
        try:
            return pm.eval(source, {"filename": filename})
        except pm.SpiderMonkeyError as error:
            # "Error in file F, on line L, column C:" then "TypeError: message", then the stack
            lines = str(error).strip().splitlines()
            first = lines[1] if len(lines) > 1 else lines[0] if lines else "Error: script error"
            name, _, message = first.partition(": ")
            if not message:
                name, message = "Error", first
            raise EngineScriptError(name, message,
                                    "\n".join(lines[2:]).removeprefix("Stack Trace:").strip()) from None

    def is_function(self, value: Any) -> bool:
        return type(value) is pm.JSFunctionProxy

    def is_string(self, value: Any) -> bool:
        kind = type(value)
        return kind is _JS_STRING or kind is str  # a JS string is a str subclass (named "str" too)

    def is_null(self, value: Any) -> bool:
        return value is pm.null or type(value) is _PM_NULL

    def box(self, value: Any) -> tuple[str, Any] | None:
        if type(value) is pm.JSObjectProxy and "__webdom_box__" in value:
            return value["__webdom_box__"], value["value"]
        return None

    async def run_jobs(self, loop: asyncio.AbstractEventLoop) -> None:
        # pythonmonkey's promise jobs wait in the loop's ready queue, which typeshed leaves undeclared
        while loop._ready:  # type: ignore[attr-defined]
            await asyncio.sleep(0)

    def collect(self) -> None:
        pm.collect()

    def clear_kept_objects(self) -> None:
        clear_kept_objects()
