"""The binding on QuickJS-ng (``Realm(document, engine="quickjs")``, webdom/js/engine_quickjs.py).

The same cases as on pythonmonkey, run with the other engine: the binding's (test_binding.py,
test_conversions.py, test_frames.py, test_created_documents.py, test_cssom_binding.py,
test_network_apis.py), the lifetime of wrappers (test_lifetime.py), the sealed world's (test_sealed.py: the known escapes that are not SpiderMonkey's Debugger, and
the crawl of everything script reaches, where a Python object would now be an opaque handle), and
what only this engine has: several realms, each over its own document, in one process.  Skips
when quickjs-ng is not installed.
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
    test_sealed,
)
from tests.webdom.js.child import check_in_child

pytestmark = pytest.mark.skipif(importlib.util.find_spec("quickjs") is None,
                                reason="the quickjs engine needs quickjs-ng: pip install quickjs-ng")

_IMPORT = re.compile(r"^from webdom\.js import Realm\b.*$", re.M)


def _on_quickjs(script: str) -> str:
    """*script* with every Realm it makes on quickjs."""
    assert _IMPORT.search(script)
    return _IMPORT.sub(lambda m: m[0] + "\nimport functools\nRealm = functools.partial(Realm, engine='quickjs')",
                       script)


def test_binding_cases() -> None:
    check_in_child(_on_quickjs(test_binding.SCRIPT), list(test_binding.CASES), list(test_binding.CASES.items()),
                   engine="quickjs")


def test_callbacks_after_a_checkpoint() -> None:
    cases = test_binding.ASYNC_CASES
    check_in_child(_on_quickjs(test_binding.ASYNC_SCRIPT), list(cases), list(cases.items()), engine="quickjs")


def _patched(script: str, payload: object, cases: list[tuple[str, object]]) -> None:
    """check_in_child with the script's realms on quickjs, and its direct use of pythonmonkey
    (``pm.eval``) on the realm's engine."""
    script = script.replace("import pythonmonkey as pm\n", "").replace("pm.eval(", "realm.engine.eval(")
    check_in_child(_on_quickjs(script), payload, [(name, _DIFFERENCES.get(name, want)) for name, want in cases],
                   engine="quickjs")


# What QuickJS gives differently, by case: a stack frame in its own format, with no file name
# (its eval takes none) and a column of its own.
_DIFFERENCES = {"evaluate raises": ["TypeError", True, "at inner (<input>:1:19)"]}


@pytest.mark.parametrize("module", [test_binding, test_conversions, test_created_documents, test_cssom_binding, test_frames,
                                    test_network_apis], ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_other_binding_cases(module: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cases of the binding's other tests (test_binding's too: the user's way in, strings), on quickjs."""
    monkeypatch.setattr(module, "check_in_child", _patched)
    tests = [getattr(module, name) for name in dir(module) if name.startswith("test_")]
    assert tests
    for test in tests:
        test()


def test_known_escapes_are_closed() -> None:
    escapes = {src: want for src, want in test_sealed.ESCAPES.items() if "debuggerGlobal" not in src}
    escapes["typeof debuggerGlobal"] = "undefined"
    check_in_child(_on_quickjs(test_binding.SCRIPT), list(escapes), list(escapes.items()), engine="quickjs")


# On this engine a Python object would reach script as a handle: a frozen, empty object with a
# null prototype (quickjs_glue.js).  The crawl counts one as a leak too.
_HANDLE = """const isPython = (v) => {
    try {
      if (Object.getPrototypeOf(v) === null && Object.isFrozen(v) && Reflect.ownKeys(v).length === 0) return true;
      return v.__class__ !== undefined || v.__init__ !== undefined || v.__dict__ !== undefined; }"""


def test_crawl_reaches_no_python_object() -> None:
    crawl = test_sealed.CRAWL
    before = """const isPython = (v) => {
    try { return v.__class__ !== undefined || v.__init__ !== undefined || v.__dict__ !== undefined; }"""
    assert before in crawl
    crawl = crawl.replace(before, _HANDLE).replace('reach(debuggerGlobal, "debuggerGlobal");', "")
    cases = [("leaks", []), ("the realm still runs", [True]), ("visited > 2000", True), ("platform objects > 200", True)]
    check_in_child(_on_quickjs(test_sealed.CRAWL_SCRIPT), {"page": test_sealed._PAGE, "crawl": crawl}, cases,
                   engine="quickjs")


REALMS_SCRIPT = r"""
import json, sys, webdom
from webdom.js import Realm
realms = [Realm(webdom.parse_html(f"<p id=p{i}>document {i}</p>"), engine="quickjs") for i in range(3)]
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


def test_several_realms_in_one_process() -> None:
    """Each realm has its own global: its var and let declarations, its interface objects (a
    property on Node.prototype stays in its realm), its document and its `new Text()`'s."""
    cases = [(f"realm {i}", [i, f"d{i}", f"document {i}", str(i), i, True, i == 0, "undefined"]) for i in range(3)]
    cases += [("a global set in another realm", "undefined"), ("a node crosses to another realm", True)]
    check_in_child(REALMS_SCRIPT, None, cases, engine="quickjs")


def test_dropped_documents_are_collected() -> None:
    """test_lifetime.py's case: the wrappers script drops are collected with their documents
    (binding.js keeps what this engine's WeakRefs do not, until the checkpoint)."""
    script = test_lifetime.SCRIPT
    for before, after in [("import pythonmonkey as pm\n", ""), ("pm.eval(", "realm.engine.eval("),
                          ("pm.collect()", "realm.engine.collect()"),
                          ("from webdom.js.kept_objects import clear_kept_objects\n", ""),
                          ("clear_kept_objects()", "realm.engine.clear_kept_objects()")]:
        assert before in script
        script = script.replace(before, after)
    check_in_child(_on_quickjs(script), None, [("documents alive", 1), ("identity map pruned", True),
                                               ("held node kept", True),
                                               ("realm document's nodes keep their wrappers", ["b", "p", True]),
                                               ("documents alive at the end", 0), ("rewrapped", True)],
                   engine="quickjs")
