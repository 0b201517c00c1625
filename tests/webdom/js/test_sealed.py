"""The sealed JS world: script reaches DOM wrappers and ECMAScript values, never a Python object.

pythonmonkey hands a Python object to JS as a proxy whose properties are the object's Python
attributes (``__class__``, and from there the interpreter, files and sockets), and keeps
SpiderMonkey's Debugger in a second global (``debuggerGlobal``) from which a debuggee's closures
can be read.  These tests try the known routes and then crawl everything a script can reach:
every global, every prototype, every getter and operation of every platform object it meets
(called with no argument and with one), the arguments and ``this`` of callbacks, and objects
from the engine's second global.  A value is a Python object when it answers ``__class__``,
``__init__`` or ``__dict__``, which no JS value has.  Runs in a child process (one JS global per
process); skips when the ``js`` extra is not installed.
"""

from __future__ import annotations

import json

from tests.webdom.js.child import check_in_child
from tests.webdom.js.test_binding import SCRIPT

ESCAPES = {
    # the route an independent probe found: a Python object handed out by a getter (audioTracks
    # was a plain Python object) and then __class__.__base__.__subclasses__() to os and open
    "var a = document.createElement('audio'); [a.audioTracks.__class__, a.videoTracks.__init__, a.textTracks.__dict__]":
        [None, None, None],
    "var a = document.createElement('video'); [String(a.audioTracks), a.audioTracks === a.audioTracks,"
    " a.videoTracks.selectedIndex, a.textTracks.length, a.textTracks[0], a.audioTracks instanceof EventTarget]":
        ["[object AudioTrackList]", True, -1, 0, None, True],
    # the other route: SpiderMonkey's Debugger, from the second global pythonmonkey keeps
    "[typeof Debugger, typeof debuggerGlobal.Debugger, typeof debuggerGlobal.eval, typeof debuggerGlobal.Function,"
    " Object.isFrozen(debuggerGlobal), Reflect.ownKeys(debuggerGlobal).length]":
        ["undefined", "undefined", "undefined", "undefined", True, 3],
    "Object.getPrototypeOf(debuggerGlobal).constructor.constructor('return typeof Debugger')()": "undefined",
    "try { Object.defineProperty(debuggerGlobal, 'x', {value: 1}); 'defined' } catch (e) { e.name }": "TypeError",
    # the engine's own globals that reach Python or the network are gone
    "['python', 'pmEval', 'require', 'internalBinding', 'ListIterator', '__core-js_shared__', 'bootstrap', 'exports',"
    " 'module'].filter((n) => n in globalThis)": [],
    # stack hooks of other engines (V8's Error.prepareStackTrace) get nothing: stacks stay strings
    "Error.prepareStackTrace = (e, frames) => frames; try { document.createElement('1') } catch (e) {"
    " [typeof e.stack, typeof new Error('x').stack] }": ["string", "string"],
    # Function/eval/constructor chains reach this realm's JS global, nothing else
    "[document.constructor.constructor('return this')() === globalThis, (0, eval)('this') === globalThis,"
    " document.body.appendChild.constructor === Function, Object.getPrototypeOf(EventTarget) === Function.prototype]":
        [True, True, True, True],
    # a Python error inside the DOM reaches script as a JS error without a Python traceback
    "try { document.createElement('1') } catch (e) { [e.name, /Traceback|\\.py/.test(String(e.message) + e.stack)] }":
        ["InvalidCharacterError", False],
    # proxies: a Proxy over a wrapper is not the platform object, as `this` or as an argument
    "var p = new Proxy(document.body, {}); [(() => { try { Node.prototype.appendChild.call(p, document.createElement('i'));"
    " return 'called' } catch (e) { return e.name } })(), (() => { try { document.body.appendChild(p); return 'called' }"
    " catch (e) { return e.name } })()]": ["TypeError", "TypeError"],
    # atob/btoa are the HTML Standard's (the engine's own were Python functions)
    "[btoa('hi\\u00ff'), atob(' aGn/ '), (() => { try { atob('a') } catch (e) { return e.name } })(),"
    " (() => { try { btoa('\\u0100') } catch (e) { return e.name } })(), atob === window.atob]":
        ["aGn/", "hi\u00ff", "InvalidCharacterError", "InvalidCharacterError", True],
}



def test_known_escapes_are_closed() -> None:
    check_in_child(SCRIPT, list(ESCAPES), list(ESCAPES.items()))  # test_binding's: each case as JSON


# Every element of the HTML Standard, SVG and MathML ones, and the other objects a page meets.
_PAGE = """<!doctype html><html><head><title>t</title><base href="http://example.test/"><meta name=a content=b>
<link rel=stylesheet href=s.css><style>p{}</style><script>1</script><noscript>n</noscript></head><body>
<header><nav><a href="/x" id=link>a</a></nav></header><main><article><section><h1>h</h1><hgroup><h2>h</h2></hgroup>
<p class=c>text <b>b</b><i>i</i><em>e</em><strong>s</strong><small>s</small><s>s</s><cite>c</cite><q>q</q><dfn>d</dfn>
<abbr>a</abbr><ruby>r<rt>t</rt><rp>p</rp></ruby><data value=1>d</data><time>t</time><code>c</code><var>v</var>
<samp>s</samp><kbd>k</kbd><sub>s</sub><sup>s</sup><u>u</u><mark>m</mark><bdi>b</bdi><bdo>b</bdo><span>s</span><br><wbr>
</p><blockquote>b</blockquote><ol><li>1</ol><ul><li>2</ul><menu><li>3</menu><dl><dt>t<dd>d</dl><figure><figcaption>f
</figcaption></figure><div>d</div><hr><pre>p</pre><address>a</address><aside>a</aside><footer>f</footer>
<ins>i</ins><del>d</del><picture><source><img src=i.png alt=a usemap=#m></picture><iframe srcdoc="<p>x"></iframe>
<embed><object><param></object><video><track></video><audio></audio><map name=m><area href=a></map>
<table><caption>c</caption><colgroup><col></colgroup><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr>
</tbody><tfoot><tr><td>f</td></tr></tfoot></table><form name=f action=/go><label for=i>l</label><input id=i name=i>
<input type=checkbox name=c checked><input type=radio name=r><input type=file><button>b</button>
<select name=s><optgroup><option>o</option></optgroup></select><datalist><option>x</datalist><textarea>t</textarea>
<output>o</output><progress></progress><meter></meter><fieldset><legend>l</legend></fieldset></form>
<details><summary>s</summary>d</details><dialog>d</dialog><template><p>t</p></template><slot></slot><canvas></canvas>
<svg><g><a href=x><text>t</text></a><circle r=1></circle></g></svg><math><mi>x</mi></math><marquee>m</marquee>
<frameset></frameset><custom-el>c</custom-el><unknown>u</unknown><!-- c --></section></article></main></body></html>"""

CRAWL = r"""
(function () {
  "use strict";
  const LIMIT = 40000, CALL_LIMIT = 150000;
  const seen = new Set(), queue = [], leaks = [];
  let calls = 0, platform = 0;
  // A JS value never has these; a pythonmonkey proxy over a Python object answers them all.
  const isPython = (v) => {
    try { return v.__class__ !== undefined || v.__init__ !== undefined || v.__dict__ !== undefined; }
    catch (e) { return false; }
  };
  const reach = (v, path) => {
    if (v === null || (typeof v !== "object" && typeof v !== "function") || seen.has(v)) return;
    seen.add(v);
    if (isPython(v)) { leaks.push(path); return; }
    queue.push([v, path]);
  };
  const interfaceNames = new Set(Reflect.ownKeys(globalThis).filter((k) => typeof k === "string"
    && typeof globalThis[k] === "function" && globalThis[k].prototype && /^[A-Z]/.test(k)));
  // a platform object: its toString tag names an interface and it is not a prototype object
  const isPlatform = (o) => {
    try {
      const tag = Object.prototype.toString.call(o).slice(8, -1);
      return (interfaceNames.has(tag) || tag === "Window") && !Object.prototype.hasOwnProperty.call(o, "constructor");
    } catch (e) { return false; }
  };
  const call = (f, self, args, path) => {
    if (calls++ > CALL_LIMIT) return;
    try { reach(Reflect.apply(f, self, args), path); } catch (e) { reach(e, path + "!"); }
  };
  // the callbacks' arguments and `this`
  const callback = function (...args) { reach(this, "callback this"); args.forEach((a, i) => reach(a, "callback arg " + i)); };
  const SKIP = new Set(["close", "open", "write", "writeln", "stop", "print", "alert", "confirm", "prompt", "reload",
    "assign", "replace", "showModal", "requestSubmit", "submit", "click"]);
  const samples = [document, window, location, navigator, performance, document.implementation];
  for (const el of document.querySelectorAll("*")) samples.push(el);
  for (const name of interfaceNames) {
    for (const args of [[], ["x"], ["x", {}]]) {
      try { samples.push(new globalThis[name](...args)); break; } catch (e) { reach(e, "new " + name + "!"); }
    }
  }
  const observer = new MutationObserver(callback);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.body.addEventListener("ping", callback);
  document.body.addEventListener("ping", { handleEvent: callback });
  document.body.dispatchEvent(new Event("ping"));
  document.createTreeWalker(document.body, NodeFilter.SHOW_ALL, { acceptNode: callback }).nextNode();
  document.createNodeIterator(document.body, NodeFilter.SHOW_ALL, callback).nextNode();
  samples.forEach((s, i) => reach(s, "sample " + i + " " + Object.prototype.toString.call(s)));
  reach(globalThis, "globalThis");
  reach(debuggerGlobal, "debuggerGlobal");
  // a Proxy and an object with getters handed to every operation: whatever the binding passes
  // their traps and getters (keys, receivers, `this`) is reached too
  const spy = new Proxy({}, {
    get(t, key, receiver) { reach(receiver, "proxy receiver"); return undefined; },
    has(t, key) { return false; },
    ownKeys(t) { return []; },
  });
  const getters = { get type() { reach(this, "getter this"); return "x"; }, toString() { reach(this, "toString this"); return "x"; } };
  const ARGS = [[], ["x"], [document.body], [0], [spy], ["x", spy], [getters], ["x", getters], [callback]];
  while (queue.length && seen.size < LIMIT) {
    const [o, path] = queue.shift();
    let keys;
    try { keys = Reflect.ownKeys(o); } catch (e) { continue; }
    for (const k of keys) {
      let d;
      try { d = Reflect.getOwnPropertyDescriptor(o, k); } catch (e) { continue; }
      if (d === undefined) continue;
      const p = path + "." + String(k);
      if ("value" in d) reach(d.value, p); else { reach(d.get, p + "<get>"); reach(d.set, p + "<set>"); }
    }
    try { reach(Object.getPrototypeOf(o), path + ".__proto__"); } catch (e) { /* a revoked proxy */ }
    if (!isPlatform(o)) continue;
    platform++;
    // every getter and operation of its interfaces, with this object as `this`
    for (let proto = Object.getPrototypeOf(o); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const k of Reflect.ownKeys(proto)) {
        if (k === "constructor" || typeof k === "symbol") continue;
        const d = Reflect.getOwnPropertyDescriptor(proto, k);
        const p = path + "." + k;
        if (d.get) call(d.get, o, [], p);
        else if (typeof d.value === "function" && !SKIP.has(k)) for (const args of ARGS) call(d.value, o, args, p + "()");
      }
    }
  }
  globalThis.crawlLeaks = leaks;  // callbacks still to come (mutation records) add theirs
  return JSON.stringify({ visited: seen.size, calls, platform });
})()
"""

CRAWL_SCRIPT = r"""
import asyncio, json, sys, webdom
from webdom.js import Realm
data = json.loads(sys.stdin.read())
realm = Realm(webdom.parse_html(data["page"]))


async def crawl():  # in a running loop, where pythonmonkey settles promises (img.decode(), fetch())
    result = realm.eval(data["crawl"])
    await realm.run(max_tasks=1000)  # promise jobs, timers, mutation records: callbacks see them
    after = realm.eval("JSON.stringify([typeof document.createElement === 'function'])")
    return json.loads(result), realm.eval("JSON.stringify(crawlLeaks.slice(0, 50))"), after


counts, leaks, after = asyncio.run(crawl())
print(json.dumps([leaks, after, json.dumps(counts["visited"] > 2000), json.dumps(counts["platform"] > 200)]))
print(counts, file=sys.stderr)
"""


def test_crawl_reaches_no_python_object() -> None:
    """Everything reachable, called and handed to callbacks is a JS value or a DOM wrapper; the
    crawl is large enough to mean something (thousands of objects, hundreds of platform objects)."""
    cases = [("leaks", json.dumps([])), ("the realm still runs", json.dumps([True])), ("visited > 2000", "true"),
             ("platform objects > 200", "true")]
    check_in_child(CRAWL_SCRIPT, {"page": _PAGE, "crawl": CRAWL},
                   [(name, json.loads(want)) for name, want in cases])
