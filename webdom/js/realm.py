"""A global object for running scripts against a webdom document.

https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-window-object (a small part):
``window``/``self``/``globalThis`` with ``document``, ``location``, the interface objects,
``console``, and timers and microtasks on a deterministic event loop (a virtual clock: a timer
runs when every earlier one has, never by wall time).

pythonmonkey has one SpiderMonkey global per process, so there is one realm per process.  Its
own ``URL``, ``DOMException``, ``EventTarget``, ``XMLHttpRequest``, ``fetch``, ``python`` and
``pmEval`` globals are removed or replaced first: nothing in the JS world can reach a network,
a file or the Python interpreter except through the DOM.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pythonmonkey as pm

from webidl.exceptions import ERROR_NAMES, LEGACY_CODES

from .bridge import Bridge
from .interfaces import interface_specs, python_classes

__all__ = ["Realm"]

_REMOVED = ("URL", "URLSearchParams", "DOMException", "Event", "EventTarget", "XMLHttpRequestEventTarget",
            "XMLHttpRequestUpload", "XMLHttpRequest", "ProgressEvent", "fetch", "python", "pmEval", "require",
            "exports", "module", "setImmediate", "clearImmediate", "debuggerGlobal", "setTimeout", "clearTimeout",
            "setInterval", "clearInterval", "console", "bootstrap")



class Realm:
    """The JS global of this process, set up for *document*.

    ``realm.eval(source)`` runs a script; ``realm.run()`` runs microtasks and timers until none
    is left (call it inside a running asyncio loop: pythonmonkey schedules promise jobs there).
    """

    _current: Realm | None = None

    def __init__(self, document: Any, url: str = "about:blank", log: Callable[[str, list[str]], None] | None = None):
        if Realm._current is not None:
            raise RuntimeError("pythonmonkey has one global per process: one Realm per process")
        Realm._current = self
        self.messages: list[tuple[str, list[str]]] = []
        self._log = log or (lambda level, args: self.messages.append((level, [str(a) for a in args])))
        global_ = pm.globalThis
        for name in _REMOVED:
            pm.eval(f"delete globalThis[{json.dumps(name)}]")
        specs = interface_specs()
        self.bridge = Bridge(python_classes(), specs)
        source = (Path(__file__).with_name("binding.js")).read_text(encoding="utf-8")
        payload = {
            "interfaces": specs,
            "domexceptionCodes": {name: code for name, code in _domexception_codes().items()},
            "domexceptionConstants": _domexception_constants(),
        }
        self.bridge.api = pm.eval(source, {"filename": "webdom/js/binding.js"})(
            self.bridge, pm.eval(f"({json.dumps(payload)})"), global_)
        realm_js = Path(__file__).with_name("realm.js").read_text(encoding="utf-8")
        self.loop = pm.eval(realm_js, {"filename": "webdom/js/realm.js"})(
            global_, lambda level, args: self._log(level, [self.bridge.from_js(a) for a in args]))
        pm.eval("(g) => { g.window = g; g.self = g; g.frames = g; g.top = g; g.parent = g; }")(global_)
        self.document = document
        pm.eval("(g, d) => { Object.defineProperty(g, 'document', { get() { return d; }, configurable: true }); }")(
            global_, self.bridge.to_js(document))
        # A read-only Location record (navigation is out of scope).
        pm.eval("""(g, href) => {
          const u = new URL(href), location = { href, toString() { return href; } };
          for (const k of ["origin", "protocol", "host", "hostname", "port", "pathname", "search", "hash"]) {
            location[k] = u[k];
          }
          g.location = location;
        }""")(global_, url)

    def eval(self, source: str, filename: str = "script") -> Any:
        """Run *source* as a classic script; an uncaught exception is reported, not raised."""
        runner = pm.eval("(src, report) => { try { return (0, eval)(src); } catch (e) { report(e); } }")
        return self.bridge.from_js(runner(source, self.loop["reportError"]))

    async def run(self, timers: bool = True, max_tasks: int = 100_000) -> None:
        """Run microtasks, then (with *timers*) timers one at a time, each followed by its
        microtasks, in the order of their due times on the virtual clock."""
        loop = asyncio.get_running_loop()
        for _ in range(max_tasks):
            # pythonmonkey's promise jobs wait in the loop's ready queue, which typeshed leaves undeclared
            while loop._ready:  # type: ignore[attr-defined]
                await asyncio.sleep(0)
            if not timers or not self.loop["runTimer"]():
                return


def _domexception_codes() -> dict[str, int]:
    return dict(ERROR_NAMES)


def _domexception_constants() -> dict[str, int]:
    return dict(LEGACY_CODES)
