"""webdom.js: the networking APIs without a network (fetch, Request/Response/Headers,
XMLHttpRequest, WebSocket, navigator.sendBeacon) as scripts see them, promises and tasks
included.  Runs in a child process (one JS global per process); skips without pythonmonkey."""

from __future__ import annotations

from tests.webdom.js.child import check_in_child

# Each script pushes what it observes into `log` (after the realm's microtasks and tasks ran).
CASES = {
    "fetch('http://example.com/').then(() => log.push('ok'), (e) => log.push(e instanceof TypeError))": [True],
    "fetch('http://a b/').catch((e) => log.push(e.constructor.name))": ["TypeError"],
    "new Response('a=1&b=2', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData()"
    ".then((fd) => log.push(fd instanceof FormData, [...fd].join(';')))": [True, "a,1;b,2"],
    "const r = new Request('http://x/', { method: 'POST', body: 'hi' }); r.text().then((t) => log.push(t, r.bodyUsed));"
    "r.text().catch((e) => log.push(e instanceof TypeError))": ["hi", True, True],
    "new Response('{\"a\":[1]}').json().then((v) => log.push(v.a[0]))": [1],
    "new Response('ab').arrayBuffer().then((b) => log.push(b instanceof ArrayBuffer, b.byteLength))": [True, 2],
    "Response.json({ a: 1 }).text().then((t) => log.push(t))": ['{"a":1}'],
    "new Response('x').formData().catch((e) => log.push(e instanceof TypeError))": [True],
    "log.push(new Request('/p?q').url, Response.redirect('/x', 301).headers.get('Location'))":
        ["http://example.test/p?q", "http://example.test/x"],
    "try { new Request('http://u:p@x/') } catch (e) { log.push(e instanceof TypeError) }": [True],
    "try { new Request('http://x/', { method: 'GET', body: 'a' }) } catch (e) { log.push(e instanceof TypeError) }":
        [True],
    "try { new Response('', { status: 99 }) } catch (e) { log.push(e instanceof RangeError) }": [True],
    "const h = new Headers([['b', '1'], ['A', '2']]); h.append('b', ' 3 '); log.push([...h].join(';'), h.get('B'))":
        ["a,2;b,1, 3", "1, 3"],
    "try { new Headers({ 'a b': 'x' }) } catch (e) { log.push(e instanceof TypeError) }": [True],
    "const x = new XMLHttpRequest(); x.onreadystatechange = () => log.push('rsc' + x.readyState);"
    "x.onloadstart = (e) => log.push(e.type); x.onerror = (e) => log.push(e.type, e instanceof ProgressEvent);"
    "x.onloadend = (e) => log.push(e.type); x.open('GET', 'a.txt'); x.send(); log.push('sent')":
        ["rsc1", "loadstart", "sent", "rsc4", "error", True, "loadend"],
    "const x = new XMLHttpRequest(); try { x.open('GET', 'http://a b') } catch (e) { log.push(e.name) }"
    "try { x.open('TRACE', '/') } catch (e) { log.push(e.name) }": ["SyntaxError", "SecurityError"],
    "const x = new XMLHttpRequest(); x.open('GET', '/', false); try { x.send() } catch (e) { log.push(e.name) }":
        ["NetworkError"],
    "const w = new WebSocket('http://example.test/s'); log.push(w.url, w.readyState);"
    "w.onerror = () => log.push('error'); w.onclose = (e) => log.push(e.code, e.wasClean, w.readyState)":
        ["ws://example.test/s", 0, "error", 1006, False, 3],
    "try { new WebSocket('ftp://x/') } catch (e) { log.push(e.name) }": ["SyntaxError"],
    "log.push(navigator.sendBeacon('/b', 'data')); try { navigator.sendBeacon('http://a b') } catch (e) {"
    " log.push(e instanceof TypeError) }": [False, True],
    "const f = new FormData(); f.append('a', 'b'); log.push(new URLSearchParams(f).toString())": ["a=b"],
}

SCRIPT = r"""
import asyncio, json, sys, webdom
from webdom.js import Realm
realm = Realm(webdom.parse_html("<p>x", url="http://example.test/"), url="http://example.test/")
out = []

async def main():
    for src in json.loads(sys.stdin.read()):
        realm.eval("var log = []; {" + src + "}")
        await realm.run()
        out.append(realm.eval("JSON.stringify(log)"))

asyncio.run(main())
print(json.dumps(out))
print(realm.messages, file=sys.stderr)
"""


def test_network_apis() -> None:
    check_in_child(SCRIPT, list(CASES), list(CASES.items()))
