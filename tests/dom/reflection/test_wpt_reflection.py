"""Replays WPT html/dom/reflection-*.html (shared/conformance/reflection, semantics in its
README) through the public DOM: every element x attribute x test value, counting assertions
like upstream.  Prints passed/total per page.

Exclusions (not tested upstream either): tokenlist / settable tokenlist types and the two
marquee entries with a nested-object type; the pages' "extra tests" (document.dir, itemValue)
are not replayed here.

Known disagreements, counted but not asserted (EXCLUDED): the microdata IDL attributes
(itemScope/itemType/itemId) that the embedded page adds are not in the current HTML IDL; and
hr.color, table.border, marquee.bgColor are tested with treatNullAsEmptyString upstream but carry
no [LegacyNullToEmptyString] in the current html.webidl, so null is stored as "null" here.
"""

from __future__ import annotations

import copy
import json
import math

import pytest

import dom
from tests.conftest import conformance_path
from webidl import DOMException, undefined

PAGES = [
    "reflection-metadata.html", "reflection-sections.html", "reflection-grouping.html",
    "reflection-text.html", "reflection-embedded.html", "reflection-tabular.html",
    "reflection-forms.html", "reflection-forms-weekmonth.html", "reflection-misc.html",
    "reflection-obsolete.html",
]


EXCLUDED = {("hr", "color"), ("table", "border"), ("marquee", "bgColor")}


class JSObject:
    """A JS object test value: String() -> toString, Number() -> valueOf (NaN when null)."""

    def __init__(self, s: str, n: float | None) -> None:
        self.s, self.n = s, n

    def __str__(self) -> str:
        return self.s

    def __float__(self) -> float:
        return math.nan if self.n is None else float(self.n)


def decode(v):
    if isinstance(v, dict) and "$js" in v:
        k = v["$js"]
        if k == "undefined":
            return undefined
        if k == "NaN":
            return math.nan
        if k == "Infinity":
            return math.inf
        if k == "-Infinity":
            return -math.inf
        if k == "-0":
            return -0.0
        return JSObject(v["toString"], v["valueOf"])
    if isinstance(v, list):
        return [decode(x) for x in v]
    return v


def js_string(v) -> str:
    from webidl import to_string

    return to_string(v)


def truthy(v) -> bool:
    if v is None or v is undefined or v is False or v == "":
        return False
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return not (v == 0 or math.isnan(v))
    return True


def same(a, b) -> bool:
    if isinstance(b, list):
        return any(same(a, x) for x in b)
    if isinstance(a, float) and isinstance(b, (int, float)) and not isinstance(b, bool):
        if math.isnan(a) and math.isnan(b):
            return True
        if a == 0 and b == 0:
            return math.copysign(1, a) == math.copysign(1, b)
    if isinstance(a, bool) != isinstance(b, bool):
        return False
    return a == b and type(a) is not str or (type(a) is str and a == b)


def resolve_url(value: str, document) -> str:
    from dom.reflection import encoding_parse_and_serialize_url

    r = encoding_parse_and_serialize_url(value, document)
    return value if r is None else r


def run_reflects(document, tag, spec, idl_name, content_name, types, counts):
    if isinstance(spec, str):
        spec = {"type": spec}
    t = spec["type"]
    if not isinstance(t, str) or t not in types:
        return
    typ = copy.deepcopy(types[t])
    el = document.createElement(tag)
    nullable = spec.get("isNullable", False)
    default = spec["defaultVal"] if "defaultVal" in spec else decode(typ["defaultVal"])
    if (tag == "form" and content_name == "action") or (tag in ("button", "input") and idl_name == "formAction"):
        default = document.URL

    def check(ok):
        counts[0] += 1
        counts[1] += bool(ok)

    def get():
        return getattr(el, idl_name)

    js_type = typ["jsType"]
    v = get() if hasattr(el, idl_name) else AttributeError
    if v is AttributeError:  # missing attribute: every assertion fails
        expected_typeof_ok = False
    else:
        if nullable and spec.get("defaultVal", 0) is None:
            expected_typeof_ok = v is None
        else:
            expected_typeof_ok = {"string": str, "boolean": bool, "number": (int, float)}[js_type]
            expected_typeof_ok = isinstance(v, expected_typeof_ok) and (js_type == "boolean" or not isinstance(v, bool))
    check(expected_typeof_ok)
    if v is AttributeError:
        return
    if not spec.get("customGetter") and (default is not None or nullable):
        check(same(get(), default))
    dom_tests = decode(typ["domTests"])
    dom_expected = [default if x is None else x for x in decode(typ["domExpected"])]
    idl_tests = decode(typ["idlTests"])
    idl_dom_expected = [default if x is None else x for x in decode(typ["idlDomExpected"])]
    idl_idl_expected = [default if x is None else x for x in decode(typ["idlIdlExpected"])]
    if t == "url":
        dom_expected = [resolve_url(js_string(x), document) for x in dom_tests]
        idl_idl_expected = [resolve_url(js_string(x), document) for x in idl_tests]
    if t == "boolean":
        dom_tests.append(content_name)
        dom_expected.append(True)
    elif t == "string" and "treatNullAsEmptyString" in spec:
        for i, x in enumerate(idl_tests):
            if x is None:
                idl_dom_expected[i] = idl_idl_expected[i] = ""
    elif t == "enum":
        invalid = spec.get("invalidVal", default)
        extra = []
        kws = spec["keywords"]
        for k in kws:
            if k != "":
                extra += [k, "x" + k, k + "\0"]
            if len(k) > 1 and k[1:] not in kws:
                extra.append(k[1:])
            if k.lower() != k:
                extra.append(k.lower())
            if k.upper() != k:
                extra.append(k.upper())
            if "k" in k:
                extra.append(k.replace("k", "\u212a"))
            if "s" in k:
                extra.append(k.replace("s", "\u017f"))
        dom_tests += extra
        idl_tests += extra
        non_canon = spec.get("nonCanon", {})

        def enum_expect(v):
            s = js_string(v)
            low = s.translate({c: c + 32 for c in range(65, 91)})
            result = invalid
            for k in kws:
                if k.translate({c: c + 32 for c in range(65, 91)}) == low:
                    result = k
                    break
            if isinstance(result, str) and result in non_canon:
                result = non_canon[result]
            return result

        dom_expected = [enum_expect(v) for v in dom_tests]
        idl_dom_expected = [js_string(v) for v in idl_tests]
        idl_idl_expected = [enum_expect(v) for v in idl_tests]
        for i, v in enumerate(idl_tests):
            if nullable and (v is None or v is undefined):
                idl_dom_expected[i] = None
                idl_idl_expected[i] = None
    elif t == "clamped unsigned long":
        lo, hi = spec["min"], spec["max"]
        for v in (lo - 1, lo, hi, hi + 1):
            if v not in dom_tests:
                dom_tests.append(v)
            if 0 <= v <= 4294967295 and v not in idl_tests:
                idl_tests.append(v)
                idl_dom_expected.append(v)

        def clamp_parse(v):
            from html_infra.microsyntaxes import parse_non_negative_integer

            p = parse_non_negative_integer(js_string(v))
            if p is None:
                return default
            return lo if p < lo else hi if p > hi else p

        dom_expected = [clamp_parse(v) for v in dom_tests]
        idl_idl_expected = []
        for v in idl_tests:
            n = 0 if v == "-0" else v
            idl_idl_expected.append(default if n > 2147483647 else lo if n < lo else hi if n > hi else n)
    if tag == "canvas" and content_name in ("width", "height"):
        keep = [i for i, e in enumerate(dom_expected) if e < 1000]
        dom_tests = [dom_tests[i] for i in keep]
        dom_expected = [dom_expected[i] for i in keep]
        keep = [i for i, e in enumerate(idl_idl_expected) if e < 1000]
        idl_tests = [idl_tests[i] for i in keep]
        idl_dom_expected = [idl_dom_expected[i] for i in keep]
        idl_idl_expected = [idl_idl_expected[i] for i in keep]
    if default == document.URL and ((tag == "form" and content_name == "action") or idl_name == "formAction"):
        dom_expected = [document.URL if x == "" else e for x, e in zip(dom_tests, dom_expected)]
        idl_idl_expected = [document.URL if x == "" else e for x, e in zip(idl_tests, idl_idl_expected)]
    if spec.get("customGetter"):
        dom_tests = []
        idl_idl_expected = [None] * len(idl_tests)
    for v, exp in zip(dom_tests, dom_expected):
        if exp is None and not nullable:
            continue
        el.setAttribute(content_name, js_string(v))
        check(el.getAttribute(content_name) == js_string(v))
        try:
            check(same(get(), exp))
        except Exception:
            check(False)
    for i, v in enumerate(idl_tests):
        if (t == "limited long" and v < 0) or (t == "limited unsigned long" and v == 0):
            try:
                setattr(el, idl_name, v)
                check(False)
            except DOMException as e:
                check(e.name == "IndexSizeError")
            continue
        if t == "limited double" and v <= 0:
            el.setAttribute(content_name, "previous value")
            before = get()
            try:
                setattr(el, idl_name, v)
                ok = True
            except Exception:
                ok = False
            check(ok and el.getAttribute(content_name) == "previous value")
            check(same(get(), before))
            continue
        previous = el.getAttribute(content_name)
        try:
            setattr(el, idl_name, v)
        except Exception:
            check(False)
            continue
        if t == "boolean":
            check(el.hasAttribute(content_name) == truthy(v))
        elif idl_dom_expected[i] is not None or nullable:
            if nullable and idl_dom_expected[i] is None:
                expected = None
            else:
                expected = js_string(idl_dom_expected[i])
            if idl_name == "nonce":
                expected = previous
            check(el.getAttribute(content_name) == expected)
        exp = idl_idl_expected[i]
        if t == "enum":
            got = get()
            nc = spec.get("nonCanon", {})
            if isinstance(got, str) and nc.get(got):
                check(got == nc[got])
        if isinstance(exp, list):
            check(same(get(), exp))
        elif exp is not None or nullable:
            check(same(get(), exp))


@pytest.fixture(scope="module")
def data():
    elements = json.loads(conformance_path("reflection", "elements.json").read_text())
    types = json.loads(conformance_path("reflection", "types.json").read_text())["types"]
    return elements, types


@pytest.mark.parametrize("page", PAGES)
def test_reflection_page(page, data):
    elements, types = data
    info = elements["pages"][page]
    document = dom.parse_html("", url=elements["exampleDocumentURLPattern"].replace("<page>", page))
    counts = [0, 0]
    failures = []
    for tag, entry in info["elements"].items():
        attrs = [(g["idlName"], g["contentAttribute"], g["spec"]) for g in elements["globalAttributes"]]
        attrs += [(a["idlName"], a["contentAttribute"], a["spec"]) for a in entry["attributes"]]
        for idl_name, content_name, spec in attrs:
            before = list(counts)
            run_reflects(document, tag, spec, idl_name, content_name, types, counts)
            lost = (counts[0] - before[0]) - (counts[1] - before[1])
            if lost and (tag, idl_name) not in EXCLUDED and idl_name not in ("itemScope", "itemType", "itemId"):
                failures.append(f"{tag}.{idl_name}: {lost} failed")
    print(f"\n{page}: {counts[1]}/{counts[0]} assertions")
    assert not failures, failures[:40]
