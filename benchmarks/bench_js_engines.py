"""The JavaScript engines webdom's binding could use, measured on this machine (docs/js_engines.md).

    python benchmarks/bench_js_engines.py [--quick] [--calls N]

Candidates: pythonmonkey (SpiderMonkey, what webdom.js uses), STPyV8 (V8), mini-racer (V8) and
quickjs-ng (QuickJS); one not installed is left out (``pip install pythonmonkey stpyv8
mini-racer quickjs-ng``; the ``quickjs`` distribution installs the same module name, so only one
of the two can be present).  Each engine runs in its own child process (a crash is that
engine's result, and two engines need not share a process).

Rows: installed size (the files its distributions list); importing it and making a first
context; contexts per process (up to 200 made in one process, each with its own global, and
whether a global of one is invisible to another), the time of one and the resident memory they
add; DOM-call-like round trips per second (a loop in JS calling a Python function with a string
argument that returns a number, ``--calls`` times, default 100,000; an engine whose Python
functions are asynchronous to JS is timed per awaited call on fewer); what of Python script can
reach from a Python object or function handed to it (``__class__``, ``__globals__``: the escape
surface, before any sealing a binding adds); whether a lone surrogate and an astral character
survive a round trip; and hostile scripts (unbounded recursion, a throw through a Python frame,
a 16 MB string) with the child's exit status; and the binding itself, webdom.js, on the engines
it runs on (pythonmonkey, quickjs-ng, STPyV8): the first ``Realm`` (the engine's start and the interface
objects), 20 more in the same process where the engine allows it (the time and resident memory
each adds), and DOM calls per second through the first (``body.getAttribute('a' + i)`` in a
loop, ``--calls`` times).  Times are CPU times of the child (``time.process_time``).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

ENGINES = {"pythonmonkey": ("pythonmonkey", ["pythonmonkey"]), "STPyV8": ("STPyV8", ["stpyv8"]),
           "mini-racer": ("py_mini_racer", ["mini-racer"]), "quickjs-ng": ("quickjs", ["quickjs-ng"])}
LOOP = "let t = 0; for (let i = 0; i < N; i++) t += f('abc' + i); t"
PROBE_SURROGATES = "\ud800x\U0001f600"
CALL_THROWER = "(() => { try { thrower(); } catch (e) { return 'caught'; } })()"
RECURSION = "(() => { function r() { return r() + 1; } try { r(); } catch (e) { return 'caught'; } })()"


class Probe:
    """A Python object handed to script: can script reach Python through it?"""

    secret = "python attribute"

    def method(self) -> str:
        return "called"


def _rss_kib() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def installed_size(distributions: list[str]) -> int:
    total = 0
    for name in distributions:
        dist = importlib.metadata.distribution(name)
        for file in dist.files or []:
            path = file.locate()
            if path.is_file():
                total += path.stat().st_size
    return total


# -- one child per engine: each returns a dict of results -------------------------------------

def run_pythonmonkey(calls: int) -> dict[str, Any]:
    t0 = time.process_time()
    import pythonmonkey as pm  # optional: a candidate

    pm.eval("1")
    out: dict[str, Any] = {"first context s": time.process_time() - t0}
    # one global per process: pythonmonkey has no API for a second
    out["contexts"] = 1
    out["isolated globals"] = "n/a (one global)"

    def f(s: str) -> int:
        return len(s)

    loop = pm.eval(f"(f, N) => {{ {LOOP.removesuffix(' t')} return t; }}")
    t0 = time.process_time()
    loop(f, calls)
    out["round trips/s"] = calls / (time.process_time() - t0)
    probe = pm.eval("(o, f) => [typeof o.secret, typeof o.__class__, typeof f.__globals__,"
                    " (() => { try { return typeof o.__class__.__mro__; } catch (e) { return 'error'; } })()]")
    out["escape"] = _escape(probe(Probe(), f))
    echo = pm.eval("(f, s) => f(s)")
    out["strings"] = echo(lambda s: s, PROBE_SURROGATES) == PROBE_SURROGATES
    call_thrower = pm.eval("(f) => { try { f(); } catch (e) { return 'caught'; } }")
    out["hostile"] = _hostile(lambda src: pm.eval(src), call_thrower)
    # the real binding: a DOM call with a string argument, through webdom.js

    out.update(_webdom_realms("pythonmonkey", calls, 1))
    return out


def _webdom_realms(engine: str, calls: int, realms: int) -> dict[str, Any]:
    """The binding itself on *engine*: the first Realm (its engine's start, the interface
    objects), *realms* - 1 more in the same process, and DOM calls through the first."""
    import webdom  # lazy: only the children need it
    from webdom.js import Realm

    out: dict[str, Any] = {}
    t0 = time.process_time()
    made = [Realm(webdom.parse_html("<p id=a>"), engine=engine)]
    out["webdom.js first Realm s"] = time.process_time() - t0
    if realms > 1:
        rss = _rss_kib()
        t0 = time.process_time()
        made.extend(Realm(webdom.parse_html(f"<p id=a{i}>"), engine=engine) for i in range(realms - 1))
        out["webdom.js further Realm ms"] = (time.process_time() - t0) / (realms - 1) * 1000
        out["webdom.js MiB per Realm"] = (_rss_kib() - rss) / 1024 / (realms - 1)
    t0 = time.process_time()
    made[0].eval(f"{{ const b = document.body; for (let i = 0; i < {calls}; i++) b.getAttribute('a' + i); }}")
    out["webdom.js DOM calls/s"] = calls / (time.process_time() - t0)
    return out


def run_stpyv8(calls: int) -> dict[str, Any]:
    t0 = time.process_time()
    import STPyV8  # optional: a candidate

    class Global(STPyV8.JSClass):  # type: ignore[misc, name-defined]
        def f(self, s: str) -> int:
            return len(s)

        probe = Probe()

    ctx = STPyV8.JSContext(Global())
    ctx.enter()
    ctx.eval("1")
    out: dict[str, Any] = {"first context s": time.process_time() - t0}
    rss = _rss_kib()
    t0 = time.process_time()
    contexts = []
    for i in range(200):
        c = STPyV8.JSContext()
        with c:
            c.eval(f"var mine = {i}")
        contexts.append(c)
    out["context ms"] = (time.process_time() - t0) / 200 * 1000
    out["contexts"] = len(contexts)
    out["MiB per context"] = (_rss_kib() - rss) / 1024 / 200
    with contexts[1]:
        out["isolated globals"] = contexts[1].eval("mine") == 1
    t0 = time.process_time()
    ctx.eval(f"var N = {calls}; {LOOP}")
    out["round trips/s"] = calls / (time.process_time() - t0)
    out["escape"] = _escape(list(ctx.eval(
        "[typeof probe.secret, typeof probe.__class__, typeof f.__globals__,"
        " (() => { try { return typeof probe.__class__.__mro__; } catch (e) { return 'error'; } })()]")))
    ctx.locals.echo = lambda s: s
    out["strings"] = ctx.eval("echo('\\ud800x\\u{1f600}')") == PROBE_SURROGATES

    def thrower() -> None:
        raise ValueError("from Python")

    ctx.locals.thrower = thrower
    out["hostile"] = _hostile(ctx.eval, lambda fn: ctx.eval(CALL_THROWER))
    out.update(_webdom_realms("v8", calls, 21))
    return out


def run_mini_racer(calls: int) -> dict[str, Any]:
    t0 = time.process_time()
    import asyncio

    import py_mini_racer  # optional: a candidate

    mr = py_mini_racer.MiniRacer()
    mr.eval("1")
    out: dict[str, Any] = {"first context s": time.process_time() - t0}
    rss = _rss_kib()
    t0 = time.process_time()
    racers = []
    for i in range(200):
        r = py_mini_racer.MiniRacer()
        r.eval(f"var mine = {i}")
        racers.append(r)
    out["context ms"] = (time.process_time() - t0) / 200 * 1000
    out["contexts"] = len(racers)
    out["MiB per context"] = (_rss_kib() - rss) / 1024 / 200
    out["isolated globals"] = racers[1].eval("mine") == 1
    for r in racers:
        r.close()
    # Python functions are async to JS: each call is a Promise, awaited in JS
    n = max(1, calls // 50)

    async def f(s: Any) -> int:
        return len(str(s))

    async def timed() -> float:
        mr = py_mini_racer.MiniRacer()  # made in the loop its Python functions run in
        async with mr.wrap_py_function(f) as jsf:
            loop = mr.eval(f"(async (f) => {{ let t = 0; for (let i = 0; i < {n}; i++) t += await f('abc' + i);"
                           " return t; })")
            t0 = time.process_time()
            await loop(jsf)
            return time.process_time() - t0

    out["round trips/s"] = n / asyncio.run(timed())
    out["round trips"] = f"{n} awaited (Python functions are async to JS)"
    out["escape"] = "values are copied; a Python function is an async JS function (no attributes)"
    try:
        out["strings"] = mr.eval("(s) => s")(PROBE_SURROGATES) == PROBE_SURROGATES
    except Exception as error:  # noqa: BLE001 -- the result is the exception
        out["strings"] = type(error).__name__
    out["hostile"] = _hostile(mr.eval, None)
    return out


def run_quickjs(calls: int) -> dict[str, Any]:
    t0 = time.process_time()
    import quickjs  # optional: a candidate

    ctx = quickjs.Context()
    ctx.eval("1")
    out: dict[str, Any] = {"first context s": time.process_time() - t0}
    rss = _rss_kib()
    t0 = time.process_time()
    contexts = []
    for i in range(200):
        c = quickjs.Context()
        c.eval(f"var mine = {i}")
        contexts.append(c)
    out["context ms"] = (time.process_time() - t0) / 200 * 1000
    out["contexts"] = len(contexts)
    out["MiB per context"] = (_rss_kib() - rss) / 1024 / 200
    out["isolated globals"] = contexts[1].eval("mine") == 1
    ctx.add_callable("f", lambda s: len(s))
    t0 = time.process_time()
    ctx.eval(f"var N = {calls}; {LOOP}")
    out["round trips/s"] = calls / (time.process_time() - t0)
    out["escape"] = _escape([ctx.eval("typeof f.secret"), ctx.eval("typeof f.__class__"),
                             ctx.eval("typeof f.__globals__"), "undefined"])
    ctx.add_callable("echo", lambda s: s)
    try:
        out["strings"] = ctx.eval("echo('\\ud800x\\u{1f600}')") == PROBE_SURROGATES
    except Exception as error:  # noqa: BLE001 -- the result is the exception
        out["strings"] = f"{type(error).__name__}"

    def thrower() -> None:
        raise ValueError("from Python")

    ctx.add_callable("thrower", thrower)
    out["hostile"] = _hostile(ctx.eval, lambda fn: ctx.eval(CALL_THROWER))
    out.update(_webdom_realms("quickjs", calls, 21))
    return out


def _escape(kinds: list[Any]) -> str:
    names = ["an attribute", "__class__", "__globals__", "__class__.__mro__"]
    reached = [n for n, k in zip(names, kinds, strict=True) if k not in ("undefined", "error", None)]
    return "Python reachable: " + ", ".join(reached) if reached else "nothing of Python"


def _hostile(evaluate: Callable[[str], Any], throw_through: Callable[[Any], Any] | None) -> str:
    results = []
    for name, source in [("recursion", RECURSION), ("16 MB string", "'x'.repeat(1 << 24).length")]:
        try:
            results.append(f"{name}: {evaluate(source)}")
        except Exception as error:  # noqa: BLE001 -- the result is the exception
            results.append(f"{name}: {type(error).__name__}")
    if throw_through is not None:
        def raiser() -> None:
            raise ValueError("from Python")
        try:
            results.append(f"throw through Python: {throw_through(raiser)}")
        except Exception as error:  # noqa: BLE001
            results.append(f"throw through Python: {type(error).__name__}")
    return "; ".join(results)


RUNNERS = {"pythonmonkey": run_pythonmonkey, "STPyV8": run_stpyv8, "mini-racer": run_mini_racer,
           "quickjs-ng": run_quickjs}


def measure(engine: str, calls: int) -> dict[str, Any]:
    """Run *engine*'s probes in a child; a crash or a hang is its result."""
    module, distributions = ENGINES[engine]
    if importlib.util.find_spec(module) is None:
        return {"skipped": "not installed"}
    result: dict[str, Any] = {"installed MB": installed_size(distributions) / 1e6}
    try:
        proc = subprocess.run([sys.executable, "-m", "benchmarks.bench_js_engines", "--child", engine,
                               "--calls", str(calls)], capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return result | {"crash": "timeout"}
    if proc.returncode != 0:
        return result | {"crash": f"exit {proc.returncode}: {proc.stderr.strip().splitlines()[-1:]}"}
    return result | json.loads(proc.stdout.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="10,000 round trips")
    parser.add_argument("--calls", type=int, default=None)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    calls = args.calls or (10_000 if args.quick else 100_000)
    if args.child:
        print(json.dumps(RUNNERS[args.child](calls)))
        return
    rows = ["installed MB", "first context s", "contexts", "context ms", "MiB per context", "isolated globals",
            "round trips/s", "round trips", "webdom.js DOM calls/s", "webdom.js first Realm s",
            "webdom.js further Realm ms", "webdom.js MiB per Realm", "escape", "strings", "hostile", "crash", "skipped"]
    results = {engine: measure(engine, calls) for engine in ENGINES}
    print(f"{calls:,} round trips; Python {sys.version.split()[0]}")
    print("| | " + " | ".join(results) + " |")
    print("|---" * (len(results) + 1) + "|")
    for row in rows:
        cells = [results[e].get(row) for e in results]
        if all(c is None for c in cells):
            continue
        text = [("" if c is None else f"{c:,.0f}" if isinstance(c, float) and c >= 100
                 else f"{c:.2f}" if isinstance(c, float) else str(c)) for c in cells]
        print(f"| {row} | " + " | ".join(text) + " |")


if __name__ == "__main__":
    main()
