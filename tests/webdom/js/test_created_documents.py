"""Documents made by script, through the JS binding (issue 32): their origin, the SVG
``rootElement`` of parsed SVG documents, XML CDATA sections.

The binding makes the window's document the current (and the DOMParser's relevant) global
object's associated Document, so ``new DOMParser()``, ``Document.parseHTMLUnsafe()`` and
``new Document()`` take the page's origin (https://html.spec.whatwg.org/#dom-domparser-parsefromstring,
#dom-parsehtmlunsafe with whatwg/html#12881; https://dom.spec.whatwg.org/#dom-document-document).
"""

from __future__ import annotations

from tests.webdom.js.child import check_in_child

CASES = {
    "var d = new DOMParser().parseFromString('<p>', 'text/html'); [d.URL, d.domain]":
        ["https://sub.example.com/a/b", "sub.example.com"],
    "var d = new DOMParser().parseFromString('<r/>', 'text/xml'); [d.URL, d.domain]":
        ["https://sub.example.com/a/b", "sub.example.com"],
    "var d = Document.parseHTMLUnsafe('<p>'); [d.URL, d.domain]": ["about:blank", "sub.example.com"],
    "var d = new Document(); [d.URL, d.domain]": ["about:blank", "sub.example.com"],
    "document.implementation.createHTMLDocument('').domain": "sub.example.com",
    # https://svgwg.org/svg2-draft/struct.html#InterfaceSVGSVGElement and #__svg__Document__rootElement
    "var d = new DOMParser().parseFromString('<svg xmlns=\"http://www.w3.org/2000/svg\"/>', 'image/svg+xml');"
    "[d.rootElement === d.documentElement, d.rootElement instanceof SVGSVGElement,"
    " Object.getPrototypeOf(SVGSVGElement.prototype) === SVGGraphicsElement.prototype]": [True, True, True],
    "var d = new DOMParser().parseFromString('<svg xmlns=\"http://www.w3.org/2000/svg\"/>', 'text/xml');"
    "d.rootElement === d.documentElement": True,
    "[document.rootElement, new DOMParser().parseFromString('<svg/>', 'text/xml').rootElement]": [None, None],
    # https://dom.spec.whatwg.org/#interface-cdatasection: the XML parser keeps CDATA sections
    "var d = new DOMParser().parseFromString('<r><![CDATA[a<b]]></r>', 'text/xml'); var s = d.documentElement.firstChild;"
    "[s instanceof CDATASection, s.nodeType, s.data, new XMLSerializer().serializeToString(d),"
    " d.documentElement.cloneNode(true).firstChild instanceof CDATASection]":
        [True, 4, "a<b", "<r><![CDATA[a<b]]></r>", True],
}

SCRIPT = r"""
import json, sys, webdom
from webdom.js import Realm
realm = Realm(webdom.parse_html("<p id=a>hi</p>", url="https://sub.example.com/a/b"))
out = []
for src in json.loads(sys.stdin.read()):
    value = realm.eval("JSON.stringify(" + "eval(" + json.dumps(src) + "))")
    out.append(value if isinstance(value, str) else None)
print(json.dumps(out))
print(realm.messages, file=sys.stderr)
"""


def test_created_documents() -> None:
    check_in_child(SCRIPT, list(CASES), list(CASES.items()))
