"""DOMStringMap (dom.stringmap), the ``dataset`` of HTML elements.

Table-driven ports of what WPT checks in html/dom/elements/global-attributes/dataset-get.html,
dataset-get-invalid-names.html, dataset-set.html, dataset-delete.html, dataset-enumeration.html
and dataset-prototype.html, written from the current HTML Standard
(https://html.spec.whatwg.org/#domstringmap); the cases are our own.  Where WPT still expects the
old XML-Name check (``dataset['\\u037Efoo'] = v`` throwing), the current "valid attribute local
name" rule accepts the name and so do we.  Counts are printed per group.  Also the Python
protocol (mapping + attribute access) and a hypothesis round trip.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dom
from dom.stringmap import DOMStringMap
from tests.conftest import CaseCounts
from webidl import DOMException

_record = CaseCounts("DOMStringMap ports")


def _div() -> Any:
    return dom.Document().implementation.createHTMLDocument("t").createElement("div")


# -- getting ----------------------------------------------------------------------------------------

# (attribute set with setAttribute on an HTML element, the property name that reads it)
GET_CASES = [
    ("data-foo", "foo"),
    ("data-foo-bar", "fooBar"),
    ("data--", "-"),
    ("data--foo", "Foo"),
    ("data---foo", "-Foo"),
    ("data---foo--bar", "-Foo-Bar"),
    ("data---foo---bar", "-Foo--Bar"),
    ("data-foo-", "foo-"),
    ("data-foo--", "foo--"),
    ("data-Foo", "foo"),  # setAttribute lowercases on an HTML element of an HTML document
    ("data-", ""),
    ("data-\xe0", "\xe0"),
    ("data-to-string", "toString"),
    ("data-1-a", "1A"),
    ("data-a-1", "a-1"),  # only an ASCII lower alpha after "-" is upper-cased
    ("data-a-\xe9", "a-\xe9"),
    ("data-a-_b", "a-_b"),
    ("data-x:y-z", "x:yZ"),
]


@pytest.mark.parametrize("attribute,name", GET_CASES)
def test_get(attribute: str, name: str) -> None:
    element = _div()
    element.setAttribute(attribute, "value")
    ds = element.dataset
    ok = ds[name] == "value" and name in ds and list(ds) == [name] and ds.get(name) == "value"
    if name.isidentifier():
        ok = ok and getattr(ds, name) == "value"
    _record("get", ok)
    assert ok, dict(ds)


# (attribute set with setAttributeNS(null, ...), a property name that must not be there)
INVALID_NAME_CASES = [
    ("aria-label", "label"),
    ("title", ""),
    ("class", ""),
    ("dataxfoo", "foo"),
    ("dataFoo", "Foo"),
    ("data-Foo", "Foo"),
    ("data-Foo", "foo"),
    ("data-fooBar", "fooBar"),
    ("data-foo-bar", "foo-bar"),
    ("data-foo-bar-baz", "foo-barBaz"),
    ("Data-foo", "foo"),
    ("data_foo", "foo"),
]


@pytest.mark.parametrize("attribute,name", INVALID_NAME_CASES)
@pytest.mark.parametrize("extra", [False, True], ids=["alone", "with-id"])
def test_get_invalid_names(attribute: str, name: str, extra: bool) -> None:
    element = _div()
    element.setAttributeNS(None, attribute, "value")
    if extra:
        element.setAttributeNS(None, "id", "x")
    ds = element.dataset
    ok = name not in ds and ds.get(name) is None
    try:
        ds[name]
        ok = False
    except KeyError:
        pass
    _record("get-invalid-names", ok)
    assert ok


def test_get_missing_raises() -> None:
    ds = _div().dataset
    with pytest.raises(KeyError):
        ds["nope"]
    with pytest.raises(AttributeError):
        ds.nope  # noqa: B018
    assert ds.get("nope", "fallback") == "fallback"
    assert 5 not in ds and None not in ds
    # Keys are property names: like JS, a non-string key converts to a string.
    ds[5] = "five"
    ds[None] = "null"
    assert ds[5] == "five" and "5" in ds and 5 in ds and ds["null"] == "null" and None in ds
    del ds[5]
    assert 5 not in ds and list(ds) == ["null"]
    _record("get", True)


def test_namespaced_attributes_count_by_qualified_name() -> None:
    # "each content attribute ... whose first five characters are data-": the attribute's name
    # is its qualified name, so a prefixed attribute counts when its prefix starts "data-".
    element = _div()
    element.setAttributeNS("urn:x", "data-p:q-r", "1")
    element.setAttributeNS("urn:x", "p:data-s", "2")
    ds = element.dataset
    ok = dict(ds) == {"p:qR": "1"}
    del ds["p:qR"]  # remove an attribute by (qualified) name
    ok = ok and element.getAttributeNS("urn:x", "q-r") is None and element.getAttributeNS("urn:x", "data-s") == "2"
    _record("get", ok)
    assert ok


# -- setting ----------------------------------------------------------------------------------------

# (property name, attribute created) or (property name, error name)
SET_CASES: list[tuple[str, str]] = [
    ("foo", "data-foo"),
    ("fooBar", "data-foo-bar"),
    ("-", "data--"),
    ("Foo", "data--foo"),
    ("-Foo", "data---foo"),
    ("", "data-"),
    ("\xe0", "data-\xe0"),
    ("\u0bc6foo", "data-\u0bc6foo"),
    ("\u037efoo", "data-\u037efoo"),  # valid attribute local name in the current DOM Standard
    ("fooBAR", "data-foo-b-a-r"),
    ("a1", "data-a1"),
    ("a-1", "data-a-1"),
    ("a:b", "data-a:b"),  # no prefix: the whole name is the local name
    ("toString", "data-to-string"),
    ("\x1f\x01", "data-\x1f\x01"),  # control characters: valid, stored escaped under lxml
    ("-foo", "SyntaxError"),
    ("foo-bar", "SyntaxError"),
    ("Foo-bar", "SyntaxError"),
    ("a-z", "SyntaxError"),
    ("foo ", "InvalidCharacterError"),
    ("foo\t", "InvalidCharacterError"),
    ("a/b", "InvalidCharacterError"),
    ("a>b", "InvalidCharacterError"),
    ("a=b", "InvalidCharacterError"),
    ("a\x00b", "InvalidCharacterError"),
    ("\x0c", "InvalidCharacterError"),
    ("-foo bar", "SyntaxError"),  # the hyphen check comes first
]


@pytest.mark.parametrize("name,expected", SET_CASES)
def test_set(name: str, expected: str) -> None:
    element = _div()
    ds = element.dataset
    try:
        ds[name] = "value"
        outcome = "ok"
    except DOMException as error:
        outcome = error.name
    if expected.startswith("data-"):
        ok = (
            outcome == "ok"
            and element.getAttribute(expected) == "value"
            and element.getAttributeNS(None, expected) == "value"
            and element.attributes.item(0).prefix is None
            and ds[name] == "value"
        )
    else:
        ok = outcome == expected and not element.hasAttributes()
    _record("set", ok)
    assert ok, outcome


@pytest.mark.parametrize("value,stored", [(5, "5"), (1.0, "1"), (2.5, "2.5"), (None, "null"), (True, "true"),
                                          ("", ""), ("a b", "a b")])
def test_set_converts_like_js(value: Any, stored: str) -> None:
    element = _div()
    element.dataset["x"] = value
    element.dataset.y = value
    ok = element.getAttribute("data-x") == stored == element.getAttribute("data-y")
    _record("set", ok)
    assert ok


def test_set_existing_keeps_attribute_order() -> None:
    element = _div()
    element.setAttribute("data-a", "1")
    element.setAttribute("id", "i")
    element.setAttribute("data-b-c", "2")
    element.dataset.a = "3"
    element.dataset["bC"] = "4"
    element.dataset.d = "5"
    ok = (
        element.getAttributeNames() == ["data-a", "id", "data-b-c", "data-d"]
        and list(element.dataset.items()) == [("a", "3"), ("bC", "4"), ("d", "5")]
    )
    _record("set", ok)
    assert ok


def test_set_ignores_a_namespaced_attribute_of_the_same_local_name() -> None:
    element = _div()
    element.setAttributeNS("urn:x", "data-foo", "ns")
    element.dataset.foo = "plain"
    ok = element.getAttributeNS(None, "data-foo") == "plain" and element.getAttributeNS("urn:x", "data-foo") == "ns"
    _record("set", ok)
    assert ok


# -- deleting ---------------------------------------------------------------------------------------

DELETE_CASES = [
    ("data-foo", "foo"),
    ("data-foo-bar", "fooBar"),
    ("data--", "-"),
    ("data--foo", "Foo"),
    ("data---foo", "-Foo"),
    ("data-", ""),
    ("data-\xe0", "\xe0"),
    ("data-to-string", "toString"),
]


@pytest.mark.parametrize(
    "attribute,name,how",
    [(a, n, "item") for a, n in DELETE_CASES] + [(a, n, "attr") for a, n in DELETE_CASES if n.isidentifier()],
)
def test_delete(attribute: str, name: str, how: str) -> None:
    element = _div()
    element.setAttribute(attribute, "value")
    element.setAttribute("data-other", "x")
    if how == "item":
        del element.dataset[name]
    else:
        delattr(element.dataset, name)
    ok = not element.hasAttribute(attribute) and element.getAttribute("data-other") == "x" and name not in element.dataset
    _record("delete", ok)
    assert ok


def test_delete_name_that_is_not_there() -> None:
    element = _div()
    element.setAttribute("data--foo", "value")
    ds = element.dataset
    checks = ["-foo" not in ds]
    with pytest.raises(KeyError):
        ds["-foo"]
    with pytest.raises(KeyError):
        del ds["-foo"]  # the deleter is not called: data--foo stays
    with pytest.raises(KeyError):
        del ds["foo"]
    with pytest.raises(AttributeError):
        del ds.foo
    checks.append(element.getAttribute("data--foo") == "value" and element.getAttributeNames() == ["data--foo"])
    _record("delete", all(checks))
    assert all(checks)


# -- enumeration ------------------------------------------------------------------------------------

ENUMERATION_CASES = [
    (["data-foo", "data-bar", "data-baz"], ["foo", "bar", "baz"]),
    (["data-foo", "data-bar", "dataFoo"], ["foo", "bar"]),
    (["id", "data-z", "class", "data-a-b", "data-"], ["z", "aB", ""]),
    ([], []),
    (["title", "lang"], []),
    (["data-b", "data-a"], ["b", "a"]),  # attribute order, not sorted
]


@pytest.mark.parametrize("attributes,names", ENUMERATION_CASES)
def test_enumeration(attributes: list[str], names: list[str]) -> None:
    element = _div()
    for attribute in attributes:
        element.setAttribute(attribute, attribute)
    ds = element.dataset
    ok = (
        list(ds) == names and list(ds.keys()) == names and len(ds) == len(names)
        and [v for v in ds.values()] == [element.getAttribute("data-" + a) for a in [
            ("" if n == "" else {"aB": "a-b"}.get(n, n)) for n in names]]
        and all(n in dir(ds) for n in names)
    )
    _record("enumeration", ok)
    assert ok


def test_enumeration_skips_uppercase_namespaced_names() -> None:
    element = _div()
    element.setAttributeNS(None, "data-Foo", "1")
    element.setAttributeNS(None, "data-foo", "2")
    ok = dict(element.dataset) == {"foo": "2"}
    _record("enumeration", ok)
    assert ok


# -- the object itself (dataset-prototype.html) -------------------------------------------------------


def test_same_object_and_type() -> None:
    element = _div()
    ds = element.dataset
    ok = isinstance(ds, DOMStringMap) and element.dataset is ds
    parsed = dom.parse_html("<p data-x-y=1>").querySelector("p")
    ok = ok and isinstance(parsed.dataset, DOMStringMap) and parsed.dataset.xY == "1"
    _record("prototype", ok)
    assert ok


def test_members_shine_through_and_are_not_shadowed() -> None:
    # The Python counterpart of "Object.prototype shines through": the mapping's own members
    # stay reachable by attribute; the data attribute is reached by item access.
    element = _div()
    element.setAttribute("data-keys", "k")
    element.setAttribute("data-get", "g")
    ds = element.dataset
    ok = callable(ds.keys) and callable(ds.get) and ds["keys"] == "k" and ds["get"] == "g"
    ds.items = "i"  # setting always means the data attribute
    ok = ok and element.getAttribute("data-items") == "i" and callable(ds.items)
    ok = ok and "expando" not in ds and not hasattr(ds, "expando")
    _record("prototype", ok)
    assert ok


def test_live_view() -> None:
    element = _div()
    ds = element.dataset
    element.setAttribute("data-a", "1")
    checks = [dict(ds) == {"a": "1"}]
    element.removeAttribute("data-a")
    checks.append(dict(ds) == {})
    element.innerHTML = "<span data-q='2'></span>"
    span = element.firstChild
    checks.append(span.dataset == {"q": "2"})
    span.getAttributeNode("data-q").value = "3"
    checks.append(span.dataset.q == "3")
    clone = span.cloneNode()
    clone.dataset.q = "4"
    checks.append(span.dataset.q == "3" and clone.dataset.q == "4" and clone.dataset is not span.dataset)
    _record("live", all(checks))
    assert all(checks), checks


def test_mapping_methods() -> None:
    element = _div()
    ds = element.dataset
    ds.update({"a": "1", "bC": 2})
    checks = [element.getAttribute("data-b-c") == "2", ds.setdefault("a", "x") == "1", ds.pop("a") == "1"]
    checks.append(ds.pop("a", None) is None and not element.hasAttribute("data-a"))
    element.setAttribute("id", "keep")
    ds.clear()
    checks.append(element.getAttributeNames() == ["id"] and len(ds) == 0)
    checks.append(repr(ds) == "<DOMStringMap {}>")
    _record("python protocol", all(checks))
    assert all(checks), checks


@pytest.mark.parametrize("ns", ["http://www.w3.org/2000/svg", "http://www.w3.org/1998/Math/MathML"])
def test_svg_and_mathml_have_dataset(ns: str) -> None:
    element = dom.Document().implementation.createHTMLDocument("t").createElementNS(ns, "g")
    element.setAttribute("data-x", "1")
    assert element.dataset["x"] == "1"


def test_other_elements_have_no_dataset() -> None:
    element = dom.Document().implementation.createHTMLDocument("t").createElementNS("urn:x", "g")
    ok = not hasattr(element, "dataset")
    _record("prototype", ok)
    assert ok


# -- hypothesis: set/get round trip -------------------------------------------------------------------

_name = st.text(
    alphabet=st.characters(blacklist_characters="\t\n\x0c\r />=\x00", blacklist_categories=("Cs",)), max_size=10
).filter(lambda s: not any(a == "-" and "a" <= b <= "z" for a, b in zip(s, s[1:])))


@settings(max_examples=200, deadline=None)
@given(_name, st.text(max_size=10))
def test_round_trip(name: str, value: str) -> None:
    element = _div()
    ds = element.dataset
    ds[name] = value
    # The attribute name converts back to exactly the property name.
    assert list(ds) == [name]
    assert ds[name] == value
    attribute = element.getAttributeNames()[0]
    assert attribute.startswith("data-") and not any("A" <= c <= "Z" for c in attribute)
    del ds[name]
    assert not element.hasAttributes()


_attr_name = st.builds(
    lambda prefix, rest: prefix + rest,
    st.sampled_from(["data-", "data-", "data", "Data-", "x"]),
    st.text(alphabet="-aAbZz1:_\xe0", max_size=6),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(_attr_name, max_size=5), st.lists(st.text(alphabet="-aAbZz1:_\xe0", max_size=6), max_size=5))
def test_named_lookup_matches_the_pairs(attributes: list[str], names: list[str]) -> None:
    # The direct lookup (one attribute by qualified name) agrees with the standard's
    # definition (the first of the name-value pairs with that name), also for non-HTML
    # elements, whose attribute names keep their case.
    document = dom.Document().implementation.createHTMLDocument("t")
    for element in (document.createElement("div"), document.createElementNS("urn:x", "e")):
        for i, attribute in enumerate(attributes):
            element.setAttribute(attribute, str(i))
        ds = DOMStringMap(element)
        pairs = ds._pairs()
        for name in names + [n for n, _v in pairs]:
            expected = next((v for n, v in pairs if n == name), None)
            assert ds.get(name) == expected
