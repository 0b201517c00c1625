"""The JS engine under a realm: the small interface the binding's Python half speaks.

https://webidl.spec.whatwg.org/#es-type-mapping is done once, in ``binding.js`` (engine-neutral
JavaScript) and ``bridge.py`` (engine-neutral Python).  What differs between engines is how a
value crosses the boundary, which each implementation hides behind the same shape, the one
pythonmonkey gives natively:

- JS ``undefined`` is Python ``None`` and JS ``null`` is :attr:`Engine.null`;
- a JS object is a Python object that reads a property with ``o[key]`` or ``o.key``, answers
  ``key in o``, and is called with ``o(*args)`` when it is a function (:meth:`Engine.is_function`);
- a Python callable handed to JS is a JS function; a list a JS array; a dict a JS object;
  ``bytearray``/``memoryview`` a ``Uint8Array``; a ``datetime`` a ``Date``.

:func:`make_engine` gives the engine a realm asks for by name: ``"pythonmonkey"`` (SpiderMonkey,
one global per process), ``"quickjs"`` (QuickJS-ng, a context per realm, several per process) or
``"v8"`` (V8 through STPyV8, the optional ``js-v8`` extra; a context per realm too).
"""

from __future__ import annotations

import asyncio
from typing import Any

__all__ = ["ENGINES", "Engine", "EngineScriptError", "make_engine"]

ENGINES = ("pythonmonkey", "quickjs", "v8")


class EngineScriptError(Exception):
    """An exception a script threw and did not catch: its JS ``name``, ``message`` and ``stack``."""

    def __init__(self, name: str, message: str, stack: str) -> None:
        super().__init__(f"{name}: {message}")
        self.name = name
        self.message = message
        self.stack = stack


class Engine:
    """One JS global and the way values cross to and from it."""

    name = ""
    #: several engines of this kind may live in one process, each with its own global
    many_per_process = False
    #: JS null as Python holds it
    null: Any = None
    #: the global object
    global_: Any = None
    #: a JS string reaches Python as a string owned by the engine (copy it before keeping it)
    borrowed_strings = False
    #: a WeakRef's target stays until the host clears kept objects (else binding.js keeps them)
    keeps_weak_targets = True
    #: the engine runs FinalizationRegistry callbacks (else binding.js sweeps its weak references)
    runs_finalizers = True

    def eval(self, source: str, filename: str = "script") -> Any:
        """Run *source* as a global script; its completion value, or :class:`EngineScriptError`."""
        raise NotImplementedError

    def is_function(self, value: Any) -> bool:
        """Whether *value*, as it reached Python, is a JS function."""
        raise NotImplementedError

    def is_string(self, value: Any) -> bool:
        raise NotImplementedError

    def is_null(self, value: Any) -> bool:
        raise NotImplementedError

    def box(self, value: Any) -> tuple[str, Any] | None:
        """For one of binding.js's boxes (its ``Box`` class), its kind and value; else None."""
        raise NotImplementedError

    async def run_jobs(self, loop: asyncio.AbstractEventLoop) -> None:
        """Run the promise jobs queued so far, and those they queue."""
        raise NotImplementedError

    def clear_kept_objects(self) -> None:
        """https://tc39.es/ecma262/#sec-clear-kept-objects, for an engine the host must tell."""

    def collect(self) -> None:
        """Run the engine's garbage collector now."""
        raise NotImplementedError

    def binding_ready(self, api: Any) -> None:
        """binding.js has run; *api* is the object it returned to the bridge."""


def make_engine(name: str) -> Engine:
    """A new engine of the kind *name* (one of :data:`ENGINES`)."""
    # lazy: importing an engine starts it, and either may be absent
    if name == "pythonmonkey":
        from .engine_pythonmonkey import PythonMonkeyEngine

        return PythonMonkeyEngine()
    if name == "quickjs":  # lazy, as above
        from .engine_quickjs import QuickJSEngine

        return QuickJSEngine()
    if name == "v8":  # lazy, as above; STPyV8 is an optional extra of its own
        try:
            from .engine_stpyv8 import V8Engine
        except ImportError as error:
            raise ImportError("the v8 engine needs STPyV8: pip install 'webdom[js-v8]'") from error
        return V8Engine()
    raise ValueError(f"no JS engine named {name!r}: one of {', '.join(ENGINES)}")
