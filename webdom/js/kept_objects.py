"""ClearKeptObjects for pythonmonkey's engine (https://tc39.es/ecma262/#sec-clear-kept-objects).

A ``WeakRef``'s target is kept alive until the host clears the agent's kept objects, which HTML
does at the end of every microtask checkpoint
(https://html.spec.whatwg.org/#perform-a-microtask-checkpoint).  pythonmonkey never does, so
no ``WeakRef`` target would ever be collected: the binding's table of wrappers (binding.js's
``refs``) would keep every wrapper, and through it every Python object that ever crossed.  The
realm calls :func:`clear_kept_objects` at the end of its checkpoints; SpiderMonkey's
``JS::ClearKeptObjects`` is called through ctypes with pythonmonkey's context.  When either
symbol is missing (another build), it does nothing and wrappers are kept for the realm's life.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable

__all__ = ["clear_kept_objects"]

_CLEAR: list[Callable[[], None]] = []


def _load() -> Callable[[], None]:
    import pythonmonkey  # lazy: the engine starts on import

    folder = os.path.dirname(pythonmonkey.__file__)
    try:
        module = ctypes.CDLL(os.path.join(folder, "pythonmonkey.so"), mode=os.RTLD_NOLOAD)
        engine = next(ctypes.CDLL(os.path.join(folder, name), mode=os.RTLD_NOLOAD)
                      for name in sorted(os.listdir(folder)) if name.startswith("libmozjs"))
        context = ctypes.c_void_p.in_dll(module, "GLOBAL_CX")
        clear = engine._ZN2JS16ClearKeptObjectsEP9JSContext  # JS::ClearKeptObjects(JSContext*)
    except (OSError, AttributeError, ValueError, StopIteration):
        return lambda: None
    clear.argtypes = [ctypes.c_void_p]
    clear.restype = None
    return lambda: clear(context)


def clear_kept_objects() -> None:
    """Let the engine collect the targets of WeakRefs made or dereferenced so far."""
    if not _CLEAR:
        _CLEAR.append(_load())
    _CLEAR[0]()
