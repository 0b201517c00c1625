"""webdom.js frames: nested documents for iframe/frame, their windows, load events, and named
access on the window.  Runs in a child process (pythonmonkey has one JS global per process);
skips when the ``js`` extra is not installed.
"""

from __future__ import annotations

from tests.webdom.js.child import check_in_child

PAGE = ("<!doctype html><div id=test1></div><form name=fo></form>"
        "<iframe name=f1 srcdoc='<p id=q>h\u00e9</p>'></iframe><iframe src=sub.xml></iframe>")

# (script, expected JSON value); each runs after the previous one's tasks and load events.
CASES = [
    ("[typeof test1, test1 === document.getElementById('test1'), window.test1 === test1, fo.localName, typeof nosuch]",
     ["object", True, True, "form", "undefined"]),
    ("[window.length, frames[0] === document.querySelector('iframe').contentWindow, f1 === frames[0], 2 in window]",
     [2, True, True, False]),
    # a document's named property for a lone iframe is its window; a srcdoc frame's base URL is its container's
    ("['f1' in document, document.f1 === frames[0], frames[0].document.baseURI === document.baseURI]",
     [True, True, True]),
    ("var w = frames[0]; [w.document.getElementById('q').textContent, w.parent === window, w.top === window,"
     " w.frameElement === document.querySelector('iframe'), w.document.defaultView === w, w.Node === Node,"
     " w.window === w, w.length, w.document.URL]",
     ["h\u00e9", True, True, True, True, True, True, 0, "about:srcdoc"]),
    ("var x = frames[1].document; [x.documentElement.localName, x.documentElement.namespaceURI, x.URL,"
     " x instanceof XMLDocument]", ["r", None, "http://example.test/sub.xml", True]),
    # an inserted iframe: its document at once, its load event at the next task
    ("var i = document.createElement('iframe'), log = []; i.onload = (e) => log.push(e.type);"
     "window.before = i.contentDocument; document.body.appendChild(i);"
     "[before, i.contentDocument.URL, i.contentWindow.document.body.localName, window.length, log.length]",
     [None, "about:blank", "body", 3, 0]),
    ("log", ["load"]),
    ("var d = i.contentDocument; i.remove(); [i.contentDocument, i.contentWindow, window.length, d.body.localName]",
     [None, None, 2, "body"]),
    ("document.body.appendChild(i); [i.contentDocument !== d, i.contentDocument.URL]", [True, "about:blank"]),
    ("try { frames[0].location = 'http://a b/'; 'no' } catch (e) { e instanceof DOMException && e.name === 'SyntaxError' }", True),
    ("var t = new frames[0].Text('x'); [t.ownerDocument === frames[0].document, t instanceof Text,"
     " new frames[0].Range().startContainer === frames[0].document]", [True, True, True]),
    ("[open('x'), window.frameElement, self[7], typeof requestAnimationFrame]", [None, None, None, "function"]),
    # https://html.spec.whatwg.org/#dom-domparser-parsefromstring: a parser's documents take the URL of its
    # relevant global's document, a frame's for a frame's DOMParser (the method is the same function)
    ("var fp = new frames[1].DOMParser(); [fp.parseFromString('<p>', 'text/html').URL, fp instanceof DOMParser,"
     " new DOMParser().parseFromString('<r/>', 'text/xml').URL, DOMParser.prototype.parseFromString.call(fp, '<r/>',"
     " 'image/svg+xml').URL]",
     ["http://example.test/sub.xml", True, "http://example.test/a.html", "http://example.test/sub.xml"]),
    # a frame document's scripts run before its load event, their names on the frame's window
    ("var s = document.createElement('iframe'); s.src = 'scr.html'; s.onload = () => { window.loaded = "
     "s.contentWindow.inline; }; document.body.appendChild(s); typeof s.contentWindow.fromLib", "undefined"),
    ("var sw = s.contentWindow; [loaded, sw.fromLib(2), sw.doc === s.contentDocument, sw.counter, sw.bump(),"
     " typeof fromLib, typeof inline, sw.self === sw]", ["yes", 4, True, 2, 3, "undefined", "undefined", True]),
    # a form posted to a frame by its name: the frame loads the response to the request, in a task
    # ill-formed XML (here empty, or HTML markup) still makes a document of its type, its element a
    # parsererror (https://html.spec.whatwg.org/#read-xml: the document exists before the parser runs)
    ("window.bad = ['empty.xhtml', 'html.svg'].map((src) => { const f = document.createElement('iframe'); f.src = src;"
     " document.body.appendChild(f); return f; }); bad.map((f) => [f.contentDocument.contentType,"
     " f.contentDocument.documentElement.localName, f.contentDocument.createElement('x').namespaceURI,"
     " f.contentDocument instanceof XMLDocument])",
     [["application/xhtml+xml", "parsererror", "http://www.w3.org/1999/xhtml", True],
      ["image/svg+xml", "parsererror", None, True]]),
    # https://html.spec.whatwg.org/#loading-a-document: an image is a media document (an img of the
    # resource), CSS or JavaScript a text document (its text in a pre), both of their type, no-quirks
    ("window.typed = ['pic.png', 'style.css', 't.js'].map((src) => { const f = document.createElement('iframe');"
     " f.src = src; document.body.appendChild(f); return f.contentDocument; }); typed.map((d) => [d.contentType,"
     " d.compatMode, d.body.firstChild.localName, d.body.firstChild.getAttribute('src')"
     " || d.body.firstChild.textContent.slice(0, 9)])",
     [["image/png", "CSS1Compat", "img", "http://example.test/pic.png"],
      ["text/css", "CSS1Compat", "pre", "p { x: 1 "], ["application/javascript", "CSS1Compat", "pre", "var count"]]),
    ("var t = document.createElement('iframe'); t.name = 'tgt'; document.body.appendChild(t);"
     "var fm = Object.assign(document.createElement('form'), {method: 'post', action: 'echo', target: 'tgt',"
     " enctype: 'text/plain'}); fm.append(Object.assign(document.createElement('input'), {name: 'a', value: 'b'}));"
     "document.body.appendChild(fm); window.tlog = []; fm.submit();"
     "t.onload = () => tlog.push(t.contentDocument.body.textContent); tlog.length", 0),
    ("[tlog, t.contentDocument.URL, t.contentWindow.name, t.contentDocument.body.firstChild.localName]",
     [["text/plain a=b\n"], "http://example.test/echo", "tgt", "pre"]),
    # a form with no target in a frame's document navigates that frame ("_self"), which keeps its name
    ("var sf = document.createElement('iframe'); sf.name = 'selfish'; sf.srcdoc = '<form method=post action=echo"
     " enctype=text/plain><input name=c value=d></form>'; document.body.appendChild(sf); window.slog = [];"
     " sf.contentDocument.forms[0].submit(); sf.onload = () => slog.push(sf.contentDocument.body.textContent);"
     " slog.length", 0),
    ("[slog, sf.contentDocument.URL, sf.contentWindow.name]", [["text/plain c=d\n"], "http://example.test/echo",
                                                             "selfish"]),
    # a frame document's event handler content attributes compile in its scopes, the frame's window
    # last (its scripts' names): the body's onload="..." is its window's handler
    ("var hf = document.createElement('iframe'); hf.src = 'hand.html'; document.body.appendChild(hf);"
     " typeof hf.contentWindow.onloadSaw", "undefined"),
    ("var hw = hf.contentWindow; hw.document.querySelector('button').click(); [hw.onloadSaw, hw.clicked,"
     " typeof onloadSaw]", ["function", ["function", "button", "function"], "undefined"]),
]

SCRIPT = r"""
import asyncio, json, sys, webdom
from webdom.js import Realm
cases = json.loads(sys.stdin.read())
files = {"pic.png": (b"\\x89PNG", "image/png"), "style.css": (b"p { x: 1 }", "text/css"),
         "t.js": (b"var count = 1;", "application/javascript"),
         "sub.xml": b"<r>xml</r>", "empty.xhtml": b"", "html.svg": b"<!doctype html><title></title>", "lib.js": b"var count = 0;\nfunction fromLib(x) { return x * 2; }\n"
         b"function bump() { return ++count + 1; }\n",
         "scr.html": b"<script src=lib.js></script><script>'use strict';\nvar inline = 'yes', doc = document;\n"
         b"var counter = bump();</script>",
         "hand.html": b"<script src=lib.js></script><body onload='window.onloadSaw = typeof fromLib'><button onclick="
         b"'window.clicked = [typeof fromLib, localName, typeof getElementById]'>b</button>"}
def read(href, body=None, content_type=None):
    if body is not None:  # a POST: the echo of its Content-Type and body
        return content_type.encode() + b" " + body, "text/plain"
    return files.get(href.removeprefix("http://example.test/").split("#")[0])  # no fragment is sent
realm = Realm(webdom.parse_html(cases["page"], url="http://example.test/a.html"), url="http://example.test/a.html",
              read=read)
out = []
async def main():
    for src in cases["scripts"]:
        value = realm.eval("JSON.stringify(" + "eval(" + json.dumps(src) + "))")
        out.append(value if isinstance(value, str) else None)
        await realm.run()
asyncio.run(main())
print(json.dumps(out))
print(realm.messages, file=sys.stderr)
"""


def test_frames() -> None:
    check_in_child(SCRIPT, {"page": PAGE, "scripts": [src for src, _ in CASES]}, CASES)
