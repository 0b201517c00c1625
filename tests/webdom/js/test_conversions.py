"""Argument and attribute conversions, checked from the IDL for every member the binding exposes
(https://webidl.spec.whatwg.org/#es-type-mapping).

The members come from the interface records the binding is built from (webdom/js/generated):
every writable attribute and every operation argument whose IDL type has a conversion to check.
From JS, each is given values that exercise its type (null for a non-nullable type, integers out
of range, NaN, a Symbol or an object for a string, the wrong interface for an interface type) and
the value that reaches Python is compared with the IDL conversion computed here, or the
TypeError is expected (the Python side is replaced by a recorder for these calls, so nothing
but the conversion runs).  From Python, each member whose conversion Python does (interface
types, [EnforceRange], restricted float/double, integers) is called on a real object with such
a value, and the TypeError (or the converted value, read back through a getter that returns it
unchanged) is checked.  Only the instances are listed here, never the members.
"""

from __future__ import annotations

from tests.conftest import specs_path
from tests.webdom.js.child import check_in_child

# JS expressions making an object of each interface (mixins: an object that includes them).
INSTANCES = {
    "Document": "document", "XMLDocument": "document.implementation.createDocument(null, 'x')",
    "Text": "document.createTextNode('t')", "Comment": "document.createComment('c')",
    "CDATASection": "document.implementation.createDocument(null, 'x').createCDATASection('c')",
    "ProcessingInstruction": "document.createProcessingInstruction('x', 'y')",
    "DocumentFragment": "document.createDocumentFragment()", "Attr": "document.createAttribute('a')",
    "DocumentType": "document.doctype", "Range": "new Range()",
    "StaticRange": "new StaticRange({startContainer: document, startOffset: 0, endContainer: document, endOffset: 0})",
    "NodeIterator": "document.createNodeIterator(document)", "TreeWalker": "document.createTreeWalker(document)",
    "Event": "new Event('e')", "CustomEvent": "new CustomEvent('e')", "UIEvent": "new UIEvent('e')",
    "MouseEvent": "new MouseEvent('e')", "KeyboardEvent": "new KeyboardEvent('e')",
    "CompositionEvent": "new CompositionEvent('e')", "FocusEvent": "new FocusEvent('e')",
    "InputEvent": "new InputEvent('e')", "WheelEvent": "new WheelEvent('e')", "ErrorEvent": "new ErrorEvent('e')",
    "EventTarget": "new EventTarget()", "AbortController": "new AbortController()",
    "AbortSignal": "new AbortController().signal", "URL": "new URL('http://a/b?c#d')",
    "URLSearchParams": "new URLSearchParams('a=b')", "DOMTokenList": "document.createElement('b').classList",
    "NamedNodeMap": "document.createElement('b').attributes", "HTMLCollection": "document.body.children",
    "NodeList": "document.body.childNodes", "DOMStringMap": "document.createElement('b').dataset",
    "CSSStyleDeclaration": "document.createElement('b').style", "MutationObserver": "new MutationObserver(() => {})",
    "TextEncoder": "new TextEncoder()", "TextDecoder": "new TextDecoder()", "DOMParser": "new DOMParser()",
    "XMLSerializer": "new XMLSerializer()", "XPathEvaluator": "new XPathEvaluator()",
    "XPathExpression": "document.createExpression('/')", "XPathResult": "document.evaluate('/', document)",
    "Selection": "getSelection()", "Window": "window", "Location": "location", "Navigator": "navigator",
    "DOMImplementation": "document.implementation", "Element": "document.createElementNS('urn:x', 'y')",
    "SVGElement": "document.createElementNS('http://www.w3.org/2000/svg', 'g')",
    "SVGAElement": "document.createElementNS('http://www.w3.org/2000/svg', 'a')",
    "MathMLElement": "document.createElementNS('http://www.w3.org/1998/Math/MathML', 'math')",
    "XMLHttpRequest": "new XMLHttpRequest()", "FormData": "new FormData()", "Blob": "new Blob([])",
    "File": "new File([], 'f')", "Headers": "new Headers()", "Request": "new Request('http://a/')",
    "Response": "new Response('')", "Body": "new Response('')",
    "HTMLFormControlsCollection": "document.createElement('form').elements",
    "HTMLOptionsCollection": "document.createElement('select').options", "HTMLAllCollection": "document.all",
    "ValidityState": "document.createElement('input').validity",
    "ShadowRoot": "document.createElement('div').attachShadow({mode: 'open'})",
    "GlobalEventHandlers": "document.createElement('b')", "ElementContentEditable": "document.createElement('b')",
    "HTMLOrSVGOrMathMLElement": "document.createElement('b')", "ElementCSSInlineStyle": "document.createElement('b')",
    "HTMLHyperlinkElementUtils": "document.createElement('a')", "HyperlinkElementUtils": "document.createElement('a')",
    "PopoverTargetAttributes": "document.createElement('button')", "WindowEventHandlers": "document.body",
}

# Conversions webdom does not do as the IDL says, each with its reason: "Interface.member[index]
# value" (index -1: an attribute setter).
KNOWN: dict[str, str] = {}

SCRIPT = r"""
import json, math, sys, webdom
import pythonmonkey as pm
from dom.html.elements import ELEMENT_INTERFACES
from webdom.js.bridge import Bridge
from webdom.js.interfaces import binding_idl_paths, interface_specs
from webidl.idl import load_idl
from webidl import undefined
from webidl.interface import python_name

instances, known = json.loads(sys.stdin.read())
recording = []


def recorder(original, arguments):
    def method(self, obj, name, value, *rest):
        if recording:
            recording.append(self.from_js(value) if not arguments else self._args(value))
            return self.to_js(undefined)
        return original(self, obj, name, value, *rest)
    return method


Bridge.set = recorder(Bridge.set, False)
Bridge.call = recorder(Bridge.call, True)
from webdom.js import Realm
realm = Realm(webdom.parse_html("<!doctype html><p id=a>hi</p>"))
bridge = realm.bridge
specs = interface_specs()
for tag, cls in ELEMENT_INTERFACES.items():
    instances.setdefault(cls.__name__, f"document.createElement('{tag}')")
# an interface without an object of its own is tested on an object of an interface inheriting from it
made = {}
for name, expr in sorted(instances.items()):
    if name not in specs:
        continue
    ok = realm.eval(f"(() => {{ try {{ globalThis.I ??= {{}}; I[{json.dumps(name)}] = {expr}; return I[{json.dumps(name)}] != null; }}"
                    " catch (e) { return false; } })()")
    if ok:
        made[name] = name
for name in sorted(made):
    parent = specs[name].get("parent")
    while parent:
        made.setdefault(parent, name)
        parent = specs.get(parent, {}).get("parent")
for name in specs:
    for alias in specs[name].get("aliases") or []:
        if alias in made:
            made.setdefault(name, made[alias])


realm.eval("I.$comment = document.createComment('c'); I.$range = new Range()")


def instance_of(iface):
    return f"I[{json.dumps(made[iface])}]" if iface in made else None


def instance_is(value, iface):
    cls = bridge.classes.get(iface)
    return cls is not None and isinstance(value, cls)


INTEGERS = {"y": (8, True), "o": (8, False), "h": (16, True), "H": (16, False), "l": (32, True), "L": (32, False)}


def wrap_integer(x, bits, signed):
    # https://webidl.spec.whatwg.org/#abstract-opdef-converttoint steps 5-12 (no [Clamp]/[EnforceRange])
    if x != x or x in (math.inf, -math.inf):
        return 0
    x = int(x) % 2 ** bits
    return x - 2 ** bits if signed and x >= 2 ** (bits - 1) else x


TypeErr = "TypeError"
COMMENT_ANCESTORS = set()
ancestor = "Comment"
while ancestor:
    COMMENT_ANCESTORS.add(ancestor)
    ancestor = specs.get(ancestor, {}).get("parent")


def cases(code):
    # (JS expression, expected Python value or TypeErr); None: this type is not checked from JS
    nullable = code.startswith("?")
    base = code.lstrip("?")
    out = [("null", None)] if nullable else []
    if base == "s":
        out += [("1.5", "1.5"), ("({toString() { return 'x'; }})", "x"), ("Symbol()", TypeErr)]
        if not nullable:
            out += [("null", "null")]
    elif base == "S":
        out += [("null", "") if not nullable else ("null", None), ("7", "7"), ("Symbol()", TypeErr)]
    elif base == "b":
        out += [("0", False), ("''", False), ("'a'", True), ("NaN", False), ("({})", True)]
        if not nullable:
            out += [("null", False)]
    elif base in INTEGERS:
        bits, signed = INTEGERS[base]
        for v in (2 ** 32 + 5, -1, 2 ** 31, 2 ** 15 + 1, 300, 3.9, -3.9, math.nan, math.inf):
            js = "NaN" if v != v else "Infinity" if v == math.inf else repr(v)
            out.append((js, wrap_integer(v, bits, signed)))
        out += [("'17'", 17), ("Symbol()", TypeErr)]
        if not nullable:
            out += [("null", 0)]
    elif base.startswith("o:"):
        iface = base[2:]
        # made beforehand: a call made while recording would reach the recorder, not the DOM
        wrong = "I.$range" if iface in COMMENT_ANCESTORS else "I.$comment"
        out += [("({})", TypeErr), (wrong, TypeErr)]
        if not nullable:
            out += [("null", TypeErr)]
        if instance_of(iface):
            out += [(instance_of(iface), ("instance", iface))]
    elif base.startswith("d:"):
        out += [("5", TypeErr), ("'x'", TypeErr)]
    elif base.startswith("t:"):  # a buffer source of one kind: any other object is refused
        other = "new Int8Array(2)" if base != "t:Int8Array" else "new Uint8Array(2)"
        out += [("({})", TypeErr), (other, TypeErr), ("new DataView(new ArrayBuffer(2))", TypeErr), ("'x'", TypeErr)]
        if not nullable:
            out += [("null", TypeErr)]
    else:
        return []
    return out


def default(code):
    base = code.lstrip("?")
    if code.startswith("?"):
        return "null"
    if base in ("s", "S"):
        return "'a'"
    if base == "b":
        return "false"
    if base in INTEGERS or base == "n":
        return "0"
    if base.startswith("o:"):
        return instance_of(base[2:])
    if base.startswith("d:"):
        return "({})"
    if base.startswith("t:"):
        return "new DataView(new ArrayBuffer(8))" if base == "t:DataView" else f"new {base[2:]}(8)"
    if base in ("u", "us"):
        return "[]"
    if base == "f":
        return "(function () {})"
    if base == "c":
        return "({handleEvent() {}})"
    return "undefined"


def same(have, want):
    if isinstance(want, tuple):
        return instance_is(have, want[1])
    if isinstance(want, float) and want != want:
        return isinstance(have, float) and have != have
    return type(have) is type(want) and have == want


members = set()
checked = 0
failures = []
for iface, spec in sorted(specs.items()):
    target = instance_of(iface)
    if target is None:
        continue
    jobs = []  # (member label, index, statement template with {v}, code)
    for attr in spec["attrs"]:
        if not attr["readonly"] and not attr["static"] and not attr["replaceable"]:
            jobs.append((attr["name"], -1, f"{target}[{json.dumps(attr['name'])}] = {{v}}", attr["type"]))
    for op in spec["ops"]:
        if op["static"] or len(op["overloads"]) != 1:
            continue
        types, required = op["overloads"][0]["types"], op["overloads"][0]["required"]
        for i, code in enumerate(types):
            # the other arguments: valid values for every required one and those before this one
            others = [default(t) for t in types[:max(i + 1, required)]]
            if None in others[:i] + others[i + 1:]:
                continue
            args = ", ".join(others[:i] + ["{v}"] + others[i + 1:])
            jobs.append((op["name"], i, f"{target}[{json.dumps(op['name'])}]({args})", code))
    for name, index, template, code in jobs:
        for js, want in cases(code):
            label = f"{iface}.{name}[{index}] {js}"
            members.add((iface, name))
            checked += 1
            recording[:] = [True]
            try:
                outcome = realm.eval("(() => { try { " + template.replace("{v}", js) + "; return 'ok'; }"
                                     " catch (e) { return e instanceof TypeError ? 'TypeError' : 'other: ' + e; } })()")
            finally:
                got = recording[1:]
                recording[:] = []
            if want == TypeErr:
                ok = outcome == "TypeError"
                have = outcome if not got else got[-1]
            else:
                have = outcome if not got else got[-1] if index < 0 else got[-1][index]
                ok = outcome == "ok" and bool(got) and same(have, want)
            if not ok and label not in known:
                failures.append(f"{label}: expected {want!r}, got {have!r}")

js_checked, js_members = checked, len(members)

# The conversions Python does (also for a script's calls): interface types, [EnforceRange],
# restricted float and double.  Called on the real objects, from Python and from JS.
model = load_idl(binding_idl_paths())
python_members = set()
checked = 0


def python_instance(iface):
    expr = instance_of(iface)
    return None if expr is None else bridge.from_js(bridge.api.toPy(pm.eval(expr)))


comment = bridge.from_js(bridge.api.toPy(pm.eval("I.$comment")))
range_ = bridge.from_js(bridge.api.toPy(pm.eval("I.$range")))


def python_default(code):
    base = code.lstrip("?")
    if code.startswith("?") or base == "any":
        return None
    if base in ("s", "S"):
        return "a"
    if base == "b":
        return False
    if base in INTEGERS or base == "n":
        return 0
    if base.startswith("o:"):
        return python_instance(base[2:]) or KeyError
    if base.startswith("d:"):
        return {}
    if base == "t:Uint8Array":
        return bytearray(8)
    if base in ("u", "us"):
        return []
    if base == "f":
        return lambda *args: None
    return KeyError


def python_cases(code, idl_type):
    # (Python value, JS expression or None): each must raise TypeError
    nullable = code.startswith("?")
    base = code.lstrip("?")
    text = " ".join(idl_type.split())
    plain = text.split("] ")[-1].rstrip("?")
    if base.startswith("o:"):
        wrong = range_ if base[2:] in COMMENT_ANCESTORS else comment
        return [(object(), None), (wrong, None)] + ([] if nullable else [(None, None)])
    if "EnforceRange" in text:
        out = [(2 ** 53, "2 ** 53"), (math.nan, "NaN"), (math.inf, "Infinity")]
        return out + ([(-1, "-1")] if plain.startswith("unsigned") else [])
    if plain in ("double", "float"):
        return [(math.nan, "NaN"), (math.inf, "Infinity"), (-math.inf, "-Infinity")]
    return []


for iface, spec in sorted(specs.items()):
    if iface not in made:
        continue
    try:
        idl = {m.name: m for m in model.members(iface) if m.kind in ("attribute", "operation")}
    except Exception:  # an interface of webdom's own IDL without a model entry
        continue
    target = python_instance(iface)
    jobs = []  # (name, index, code, idl type, JS statement with {v}, Python call)
    for attr in spec["attrs"]:
        member = idl.get(attr["name"])
        if member is None or attr["readonly"] or attr["static"] or attr["replaceable"]:
            continue
        attribute = python_name(attr["name"])
        jobs.append((attr["name"], -1, attr["type"], member.idl_type, f"{instance_of(iface)}[{json.dumps(attr['name'])}] = {{v}}",
                     lambda v, attribute=attribute: setattr(target, attribute, v)))
    for op in spec["ops"]:
        member = idl.get(op["name"])
        if member is None or len(op["overloads"]) != 1:
            continue
        types, required = op["overloads"][0]["types"], op["overloads"][0]["required"]
        owner = f"I[{json.dumps(made[iface])}]" if not op["static"] else iface
        function = getattr(bridge.classes[iface] if op["static"] else target, python_name(op["name"]), None)
        if function is None:
            continue
        for i, code in enumerate(types[:len(member.arguments)]):
            width = max(i + 1, required)
            others = [python_default(t) for t in types[:width]]
            js_others = [default(t) for t in types[:width]]
            if KeyError in others[:i] + others[i + 1:] or None in js_others[:i] + js_others[i + 1:]:
                continue
            args = ", ".join(js_others[:i] + ["{v}"] + js_others[i + 1:])
            jobs.append((op["name"], i, code, member.arguments[i][0], f"{owner}[{json.dumps(op['name'])}]({args})",
                         lambda v, f=function, o=others, i=i: f(*o[:i], v, *o[i + 1:])))
    for name, index, code, idl_type, template, call in jobs:
        for value, js in python_cases(code, idl_type):
            python_members.add((iface, name))
            label = f"{iface}.{name}[{index}] {js or type(value).__name__}"
            checked += 1
            try:
                call(value)
                outcome = "no exception"
            except TypeError:
                outcome = "TypeError"
            except Exception as error:
                outcome = type(error).__name__
            if outcome != "TypeError" and "Python " + label not in known:
                failures.append(f"Python {label}: expected TypeError, got {outcome}")
            if js is not None:
                checked += 1
                outcome = realm.eval("(() => { try { " + template.replace("{v}", js) + "; return 'no exception'; }"
                                     " catch (e) { return e instanceof TypeError ? 'TypeError' : 'other: ' + e; } })()")
                if outcome != "TypeError" and "JS " + label not in known:
                    failures.append(f"JS {label}: expected TypeError, got {outcome}")

print(json.dumps([json.dumps(failures), json.dumps(js_members > 1500), json.dumps(js_checked > 7000),
                  json.dumps(len(python_members) > 60)]))
print(f"JS (recorded): {js_checked} conversions over {js_members} members of {len(specs)} interfaces; "
      f"Python conversions from Python and JS: {checked} over {len(python_members)} members; "
      f"{len(failures)} unexpected failures", file=sys.stderr)
"""


def test_conversions_from_js() -> None:
    specs_path("idl")  # the Python pass reads the IDL's extended attributes ([EnforceRange], [Clamp])
    check_in_child(SCRIPT, [INSTANCES, KNOWN], [("unexpected failures", []), ("members covered from JS", True),
                                                ("conversions checked from JS", True),
                                                ("members covered from Python", True)])
