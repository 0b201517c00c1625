"""The binding on the other engines: QuickJS-ng (``Realm(document, engine="quickjs")``,
webdom/js/engine_quickjs.py) and V8 through STPyV8 (``engine="v8"``, engine_stpyv8.py).

The same cases as on pythonmonkey, run on each: the binding's (test_binding.py,
test_conversions.py, test_frames.py, test_created_documents.py, test_cssom_binding.py,
test_network_apis.py), the lifetime of wrappers (test_lifetime.py), the sealed world's
(test_sealed.py: the known escapes that are not SpiderMonkey's Debugger, and the crawl of
everything script reaches, where a Python object would be an opaque handle), what a Python
object handed to script shows, and what only these engines have: several realms, each over its
own document, in one process.  Each engine's cases skip when its module is not installed
(quickjs-ng is in the ``js`` extra, STPyV8 in ``js-v8``).
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

from tests.webdom.js import (
    test_binding,
    test_conversions,
    test_created_documents,
    test_cssom_binding,
    test_frames,
    test_lifetime,
    test_network_apis,
    test_sealed,
)
from tests.webdom.js.child import check_in_child


class Engine(NamedTuple):
    name: str  # Realm's engine= value
    module: str  # what it needs installed
    install: str
    differences: dict[str, Any]  # case -> what this engine gives instead (its stack format)
    escapes: dict[str, Any]  # its own ways in, closed


ENGINES = [
    # QuickJS: a stack frame in its own format, with no file name (its eval takes none)
    Engine("quickjs", "quickjs", "pip install quickjs-ng",
           {"evaluate raises": ["TypeError", True, "at inner (<input>:1:19)"]}, {}),
    # STPyV8: the line and column of the throw, no file (scripts are compiled unnamed); the Python
    # callables the glue holds never reach the global
    Engine("v8", "STPyV8", "pip install 'webdom[js-v8]' (STPyV8 is large and not in the js extra)",
           {"evaluate raises": ["TypeError", True, "at <anonymous>:1:25"]},
           {"['__webdom_dispatch', '__webdom_receive'].filter((n) => n in globalThis)": []}),
]


@pytest.fixture(params=ENGINES, ids=lambda engine: engine.name)
def engine(request: pytest.FixtureRequest) -> Engine:
    found: Engine = request.param
    if importlib.util.find_spec(found.module) is None:
        pytest.skip(f"the {found.name} engine needs {found.module}: {found.install}")
    return found


_IMPORT = re.compile(r"^from webdom\.js import Realm\b.*$", re.M)


def _on(engine: Engine, script: str) -> str:
    """*script* with every Realm it makes on *engine*."""
    assert _IMPORT.search(script)
    return _IMPORT.sub(lambda m: f"{m[0]}\nimport functools\nRealm = functools.partial(Realm, engine={engine.name!r})",
                       script)


def _check(engine: Engine, script: str, payload: Any, cases: list[tuple[str, Any]]) -> None:
    check_in_child(_on(engine, script), payload, cases, engine=engine.module)


def test_binding_cases(engine: Engine) -> None:
    _check(engine, test_binding.SCRIPT, list(test_binding.CASES), list(test_binding.CASES.items()))


def test_callbacks_after_a_checkpoint(engine: Engine) -> None:
    cases = test_binding.ASYNC_CASES
    _check(engine, test_binding.ASYNC_SCRIPT, list(cases), list(cases.items()))


def _patched(engine: Engine) -> Callable[[str, object, list[tuple[str, object]]], None]:
    """check_in_child with the script's realms on *engine*, and its direct use of pythonmonkey
    (``pm.eval``) on the realm's engine."""

    def check(script: str, payload: object, cases: list[tuple[str, object]]) -> None:
        script = script.replace("import pythonmonkey as pm\n", "").replace("pm.eval(", "realm.engine.eval(")
        _check(engine, script, payload, [(name, engine.differences.get(name, want)) for name, want in cases])

    return check


@pytest.mark.parametrize("module", [test_binding, test_conversions, test_created_documents, test_cssom_binding, test_frames,
                                    test_network_apis], ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_other_binding_cases(engine: Engine, module: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cases of the binding's other tests (test_binding's too: the user's way in, strings)."""
    monkeypatch.setattr(module, "check_in_child", _patched(engine))
    tests = [getattr(module, name) for name in dir(module) if name.startswith("test_")]
    assert tests
    for test in tests:
        test()


def test_known_escapes_are_closed(engine: Engine) -> None:
    escapes = {src: want for src, want in test_sealed.ESCAPES.items() if "debuggerGlobal" not in src}
    escapes["typeof debuggerGlobal"] = "undefined"
    escapes.update(engine.escapes)
    _check(engine, test_binding.SCRIPT, list(escapes), list(escapes.items()))


# On these engines a Python object would reach script as a handle: a frozen, empty object with a
# null prototype (engine_tokens.py's glue).  The crawl counts one as a leak too.
_HANDLE = """const isPython = (v) => {
    try {
      if (Object.getPrototypeOf(v) === null && Object.isFrozen(v) && Reflect.ownKeys(v).length === 0) return true;
      return v.__class__ !== undefined || v.__init__ !== undefined || v.__dict__ !== undefined; }"""


def test_crawl_reaches_no_python_object(engine: Engine) -> None:
    crawl = test_sealed.CRAWL
    before = """const isPython = (v) => {
    try { return v.__class__ !== undefined || v.__init__ !== undefined || v.__dict__ !== undefined; }"""
    assert before in crawl
    crawl = crawl.replace(before, _HANDLE).replace('reach(debuggerGlobal, "debuggerGlobal");', "")
    cases = [("leaks", []), ("the realm still runs", [True]), ("visited > 2000", True), ("platform objects > 200", True)]
    _check(engine, test_sealed.CRAWL_SCRIPT, {"page": test_sealed._PAGE, "crawl": crawl}, cases)


def test_python_objects_stay_opaque(engine: Engine) -> None:
    """What an engine would expose of a Python object (STPyV8: its attributes, ``__class__``)
    script never reads: the realm's engine hands any Python object over as an empty frozen handle."""
    script = """
import json, sys, webdom
from webdom.js import Realm
realm = Realm(webdom.parse_html("<p>"))
class Secret:
    token = "python attribute"
probe = realm.engine.eval("(o, f) => JSON.stringify([typeof o, Object.isFrozen(o), Object.getPrototypeOf(o),"
                          " Reflect.ownKeys(o).length, o.token, o.__class__, f.__class__, f.__call__, f.__globals__,"
                          " typeof f])")
print(json.dumps([json.dumps(v) for v in json.loads(probe(Secret(), lambda: 1))]))
"""
    _check(engine, script, None, [("typeof", "object"), ("frozen", True), ("prototype", None), ("own keys", 0),
                                  ("attribute", None), ("__class__", None), ("function __class__", None),
                                  ("__call__", None), ("__globals__", None), ("a function", "function")])


REALMS_SCRIPT = r"""
import json, sys, webdom
from webdom.js import Realm
realms = [Realm(webdom.parse_html(f"<p id=p{i}>document {i}</p>")) for i in range(3)]
for i, realm in enumerate(realms):
    realm.eval(f"var mine = {i}; let declared = 'd{i}'; document.body.dataset.realm = '{i}'; Node.prototype.tag = {i};")
out = []
for i, realm in enumerate(realms):
    out.append(realm.eval(
        "JSON.stringify([mine, declared, document.querySelector('p').textContent, document.body.dataset.realm,"
        " document.body.tag, new Text('t').ownerDocument === document, document.getElementById('p0') !== null,"
        " typeof otherRealm])"))
realms[2].eval("globalThis.otherRealm = 1")
out.append(realms[0].eval("JSON.stringify(typeof otherRealm)"))
# a node of one realm's document handed to another realm's script is that realm's own wrapper
node = realms[0].document.getElementById("p0")
out.append(json.dumps(realms[1].bridge.from_js(realms[1].bridge.api.toPy(realms[1].bridge.js_value(node))) is node))
print(json.dumps(out))
"""


def test_several_realms_in_one_process(engine: Engine) -> None:
    """Each realm has its own global: its var and let declarations, its interface objects (a
    property on Node.prototype stays in its realm), its document and its `new Text()`'s."""
    cases = [(f"realm {i}", [i, f"d{i}", f"document {i}", str(i), i, True, i == 0, "undefined"]) for i in range(3)]
    cases += [("a global set in another realm", "undefined"), ("a node crosses to another realm", True)]
    _check(engine, REALMS_SCRIPT, None, cases)


def test_dropped_documents_are_collected(engine: Engine) -> None:
    """test_lifetime.py's case: the wrappers script drops are collected with their documents
    (quickjs: binding.js keeps what its WeakRefs do not, until the checkpoint; STPyV8 runs no
    FinalizationRegistry callbacks: binding.js's sweep after a full collection finds them)."""
    script = test_lifetime.SCRIPT
    for before, after in [("import pythonmonkey as pm\n", ""), ("pm.eval(", "realm.engine.eval("),
                          ("pm.collect()", "realm.engine.collect()"),
                          ("from webdom.js.kept_objects import clear_kept_objects\n", ""),
                          ("clear_kept_objects()", "realm.engine.clear_kept_objects()")]:
        assert before in script
        script = script.replace(before, after)
    _check(engine, script, None, [("documents alive", 1), ("identity map pruned", True), ("held node kept", True),
                                  ("realm document's nodes keep their wrappers", ["b", "p", True]),
                                  ("documents alive at the end", 0), ("rewrapped", True)])


DROPPED_REALMS_SCRIPT = """
import gc, json, weakref, warnings
import webdom
from webdom.js import Realm
warnings.simplefilter("ignore")
documents = []
for i in range(4):
    document = webdom.parse_html(b"<style>p { color: red }</style><p onclick='void 0'>x</p>")
    realm = Realm(document)
    realm.eval("document.querySelector('p').click(); getComputedStyle(document.querySelector('p')).color;"
               "document.body.addEventListener('x', () => { throw new Error('e'); });"
               "document.body.dispatchEvent(new Event('x')); document.body.append('y');")
    documents.append(weakref.ref(document))
    del document, realm
    gc.collect()
print(json.dumps([json.dumps([ref() is not None for ref in documents])]))
"""


def test_dropped_realms_free_their_documents(engine: Engine) -> None:
    """A realm the caller drops goes with its document (a crawl runs a realm per page): only the
    last realm, the active one, is kept."""
    _check(engine, DROPPED_REALMS_SCRIPT, None, [("documents alive", [False, False, False, True])])
