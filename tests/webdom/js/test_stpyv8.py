"""The binding on V8 through STPyV8 (``Realm(document, engine="v8")``, webdom/js/engine_stpyv8.py).

The same cases as on pythonmonkey and quickjs-ng (test_quickjs.py says which), run with this
engine: the binding's, the lifetime of wrappers, the sealed world's (the known escapes and the
crawl of everything script reaches: STPyV8 would hand script a Python object's attributes and
``__class__``, so the crawl counts any Python object or opaque handle as a leak), and several
realms in one process.  Skips when STPyV8 (the ``js-v8`` extra) is not installed.
"""

from __future__ import annotations

import importlib.util
import re

import pytest

from tests.webdom.js import (
    test_binding,
    test_conversions,
    test_created_documents,
    test_cssom_binding,
    test_frames,
    test_lifetime,
    test_network_apis,
    test_quickjs,
    test_sealed,
)
from tests.webdom.js.child import check_in_child

pytestmark = pytest.mark.skipif(importlib.util.find_spec("STPyV8") is None,
                                reason="the v8 engine needs STPyV8, which is large and not in the js extra: "
                                       "pip install 'webdom[js-v8]'")

_IMPORT = re.compile(r"^from webdom\.js import Realm\b.*$", re.M)


def _on_v8(script: str) -> str:
    """*script* with every Realm it makes on v8."""
    assert _IMPORT.search(script)
    return _IMPORT.sub(lambda m: m[0] + "\nimport functools\nRealm = functools.partial(Realm, engine='v8')", script)


def test_binding_cases() -> None:
    check_in_child(_on_v8(test_binding.SCRIPT), list(test_binding.CASES), list(test_binding.CASES.items()))


def test_callbacks_after_a_checkpoint() -> None:
    cases = test_binding.ASYNC_CASES
    check_in_child(_on_v8(test_binding.ASYNC_SCRIPT), list(cases), list(cases.items()))


def _patched(script: str, payload: object, cases: list[tuple[str, object]]) -> None:
    """check_in_child with the script's realms on v8, and its direct use of pythonmonkey
    (``pm.eval``) on the realm's engine."""
    script = script.replace("import pythonmonkey as pm\n", "").replace("pm.eval(", "realm.engine.eval(")
    check_in_child(_on_v8(script), payload, [(name, _DIFFERENCES.get(name, want)) for name, want in cases])


# What V8 through STPyV8 gives differently, by case: a stack as STPyV8 reports it (the line and
# column of the throw, no file: scripts are compiled unnamed).
_DIFFERENCES = {"evaluate raises": ["TypeError", True, "at <anonymous>:1:25"]}


@pytest.mark.parametrize("module", [test_binding, test_conversions, test_created_documents, test_cssom_binding, test_frames,
                                    test_network_apis], ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_other_binding_cases(module: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cases of the binding's other tests on v8."""
    monkeypatch.setattr(module, "check_in_child", _patched)
    tests = [getattr(module, name) for name in dir(module) if name.startswith("test_")]
    assert tests
    for test in tests:
        test()


def test_known_escapes_are_closed() -> None:
    escapes = {src: want for src, want in test_sealed.ESCAPES.items() if "debuggerGlobal" not in src}
    escapes["typeof debuggerGlobal"] = "undefined"
    # STPyV8's own way in: the Python callables the glue holds never reach the global
    escapes["['__webdom_dispatch', '__webdom_receive'].filter((n) => n in globalThis)"] = []
    check_in_child(_on_v8(test_binding.SCRIPT), list(escapes), list(escapes.items()))


def test_crawl_reaches_no_python_object() -> None:
    crawl = test_sealed.CRAWL
    before = """const isPython = (v) => {
    try { return v.__class__ !== undefined || v.__init__ !== undefined || v.__dict__ !== undefined; }"""
    assert before in crawl
    crawl = crawl.replace(before, test_quickjs._HANDLE).replace('reach(debuggerGlobal, "debuggerGlobal");', "")
    cases = [("leaks", []), ("the realm still runs", [True]), ("visited > 2000", True), ("platform objects > 200", True)]
    check_in_child(_on_v8(test_sealed.CRAWL_SCRIPT), {"page": test_sealed._PAGE, "crawl": crawl}, cases)


def test_several_realms_in_one_process() -> None:
    """Each realm has its own global, interface objects and document (test_quickjs.py's case)."""
    script = test_quickjs.REALMS_SCRIPT
    assert 'engine="quickjs"' in script
    cases = [(f"realm {i}", [i, f"d{i}", f"document {i}", str(i), i, True, i == 0, "undefined"]) for i in range(3)]
    cases += [("a global set in another realm", "undefined"), ("a node crosses to another realm", True)]
    check_in_child(script.replace('engine="quickjs"', 'engine="v8"'), None, cases)


def test_dropped_documents_are_collected() -> None:
    """test_lifetime.py's case: the wrappers script drops are collected with their documents
    (found by binding.js's sweep: STPyV8 runs no FinalizationRegistry callbacks)."""
    script = test_lifetime.SCRIPT
    for before, after in [("import pythonmonkey as pm\n", ""), ("pm.eval(", "realm.engine.eval("),
                          ("pm.collect()", "realm.engine.collect()"),
                          ("from webdom.js.kept_objects import clear_kept_objects\n", ""),
                          ("clear_kept_objects()", "realm.engine.clear_kept_objects()")]:
        assert before in script
        script = script.replace(before, after)
    check_in_child(_on_v8(script), None, [("documents alive", 1), ("identity map pruned", True),
                                          ("held node kept", True),
                                          ("realm document's nodes keep their wrappers", ["b", "p", True]),
                                          ("documents alive at the end", 0), ("rewrapped", True)])


def test_python_objects_stay_opaque() -> None:
    """What STPyV8 would expose of a Python object (its attributes, ``__class__``) script never
    reads: the realm's engine hands any Python object over as an empty frozen handle."""
    script = """
import json, sys, webdom
from webdom.js import Realm
realm = Realm(webdom.parse_html("<p>"), engine="v8")
class Secret:
    token = "python attribute"
probe = realm.engine.eval("(o, f) => JSON.stringify([typeof o, Object.isFrozen(o), Object.getPrototypeOf(o),"
                          " Reflect.ownKeys(o).length, o.token, o.__class__, f.__class__, f.__call__, f.__globals__,"
                          " typeof f])")
print(json.dumps([json.dumps(v) for v in json.loads(probe(Secret(), lambda: 1))]))
"""
    check_in_child(script, None, [("typeof", "object"), ("frozen", True), ("prototype", None), ("own keys", 0),
                                  ("attribute", None), ("__class__", None), ("function __class__", None),
                                  ("__call__", None), ("__globals__", None), ("a function", "function")])
