"""webdom.js holds documents and objects weakly: what script and Python both drop is collected,
while a node keeps its wrapper (identity, its own properties) as long as script can reach it or
its document."""

from __future__ import annotations

from tests.webdom.js.child import check_in_child

SCRIPT = r"""
import gc, json, weakref, webdom
import pythonmonkey as pm
from webdom.js import Realm
realm = Realm(webdom.parse_html("<p id=a>hi</p>"))
bridge = realm.bridge


def python_of(source):
    return bridge.from_js(bridge.api.toPy(pm.eval(source)))


def collect():
    realm.eval("0")  # a checkpoint: ClearKeptObjects, and the bridge forgets collected wrappers
    pm.collect()
    realm.eval("0")
    gc.collect()


out = []
# the documents a page makes and drops, 1,000 of them, each with nodes, a Range and a NodeList
refs = []
for i in range(1000):
    realm.eval("var d = document.implementation.createHTMLDocument('t" + str(i) + "');"
               "d.body.appendChild(d.createElement('p')).textContent = 'x'; d.body.firstChild.mark = 1;"
               "var r = new Range(); r.selectNodeContents(d.body); var l = d.querySelectorAll('p');")
    refs.append(weakref.ref(python_of("d")))
realm.eval("var held = d.body.firstChild; d = r = l = null")
collect()
out.append(sum(ref() is not None for ref in refs))  # only the last one, whose node script holds
out.append(len(bridge._wrappers) < 100)
# what script still holds keeps its wrapper, its document's wrapper and their properties
out.append(realm.eval("held.mark === 1 && held.ownerDocument.body.firstChild === held"))
# nodes of the realm's document keep their wrappers (and own properties) while it lives
realm.eval("document.body.mark = 'b'; document.getElementById('a').mark = 'p'")
collect()
out.append(realm.eval("[document.body.mark, document.getElementById('a').mark, document.body === document.body]"))
realm.eval("held = null")
collect()
out.append(sum(ref() is not None for ref in refs))
# an object Python still holds gets a new wrapper after script dropped the old one, even before
# the bridge has heard of the collection, and a list of it holds one wrapper twice
kept = python_of("new Range()")
from webdom.js.kept_objects import clear_kept_objects
clear_kept_objects()
pm.collect()  # no checkpoint since: the bridge still has the index of the collected wrapper
is_same = pm.eval("(pair) => pair[0] === pair[1] && pair[0] instanceof Range")
out.append(is_same(bridge.js_value([kept, kept])))
print(json.dumps([json.dumps(v) for v in out]))
"""


def test_dropped_documents_are_collected() -> None:
    check_in_child(SCRIPT, None, [("documents alive", 1), ("identity map pruned", True), ("held node kept", True),
                                  ("realm document's nodes keep their wrappers", ["b", "p", True]),
                                  ("documents alive at the end", 0), ("rewrapped", True)])
