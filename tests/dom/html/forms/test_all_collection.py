"""document.all (HTMLAllCollection): ports of WPT behaviours.

Sources (read, not copied): html/infrastructure/common-dom-interfaces/collections/
htmlallcollection.html (length, indexed getter, array index names, named getter returning an
element or a collection, namedItem, item, the legacy caller, [LegacyFalsy]) and
html/dom/documents/dom-tree-accessors/document.all-*.  JS ``undefined`` is
``webidl.undefined``; JS ``null`` is None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import dom
from dom.collections import HTMLCollection
from dom.html.forms.all_collection import HTMLAllCollection, is_array_index
from webidl import undefined
from webidl.idl import missing_members

PAGE = (
    "<!doctype html><html id=root><head><title>t</title></head><body id=tags>"
    "<img name=picture><a name=foo></a><a name=foo></a>"
    "<span id=42></span><span id=043></span><div id=4294967294></div><div id=4294967295></div>"
    "<div id=undefined></div><div id=null></div><div name=divwithname></div><div id=-0></div>"
)
LENGTH = 15  # html head title body img a a span span div*6


def page() -> Any:
    return dom.parse_html(PAGE)


def by_id(d: Any, value: str) -> Any:
    return d.getElementById(value)


CASES: list[tuple[str, Callable[[], None]]] = []


def case(name: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        CASES.append((name, fn))
        return fn

    return register


@case("document.all is an HTMLAllCollection, the same object each time")
def _() -> None:
    d = page()
    assert isinstance(d.all, HTMLAllCollection) and d.all is d.all


@case("length attribute and len()")
def _() -> None:
    d = page()
    assert d.all.length == LENGTH and len(d.all) == LENGTH


@case("indexed property getter")
def _() -> None:
    d = page()
    assert d.all[0] is d.documentElement
    assert d.all[LENGTH - 1] is by_id(d, "-0")
    assert d.all["0"] is d.documentElement  # an array index string is an index


@case("indexed property getter out of range")
def _() -> None:
    d = page()
    for key in (LENGTH, 42, "42", "4294967294"):
        with pytest.raises(IndexError):
            d.all[key]


@case("named property getter")
def _() -> None:
    d = page()
    assert d.all["root"] is d.documentElement
    assert d.all["picture"].localName == "img"
    assert d.all["tags"] is d.body


@case("named property getter with invalid name")
def _() -> None:
    with pytest.raises(KeyError):
        page().all["noexist"]
    with pytest.raises(KeyError):
        page().all[""]


@case("named property getter returning collection")
def _() -> None:
    d = page()
    foo = d.all["foo"]
    assert isinstance(foo, HTMLCollection) and foo.length == 2
    assert [e.localName for e in foo] == ["a", "a"]


@case("named property getter with non-index numeric names")
def _() -> None:
    d = page()
    assert d.all["043"] is by_id(d, "043")  # leading zero: not an array index
    assert d.all["4294967295"] is by_id(d, "4294967295")  # 2^32 - 1 is not an array index
    assert d.all["-0"] is by_id(d, "-0")


@case("named property getter with undefined and null names")
def _() -> None:
    d = page()
    assert d.all["undefined"] is by_id(d, "undefined")
    assert d.all[None] is by_id(d, "null")  # null converts to the string "null"


@case("named getter: only all-named elements match by name")
def _() -> None:
    d = page()
    with pytest.raises(KeyError):
        d.all["divwithname"]


@case("namedItem method")
def _() -> None:
    d = page()
    assert d.all.namedItem("picture").localName == "img"
    assert d.all.namedItem("noexist") is None
    assert d.all.namedItem("") is None
    assert d.all.namedItem("foo").length == 2
    assert d.all.namedItem("divwithname") is None


@case("namedItem method with array index names looks names up")
def _() -> None:
    d = page()
    assert d.all.namedItem("42") is by_id(d, "42")
    assert d.all.namedItem("4294967294") is by_id(d, "4294967294")
    assert d.all.namedItem(None) is by_id(d, "null")


@case("item method")
def _() -> None:
    d = page()
    assert d.all.item() is None
    assert d.all.item(undefined) is None
    assert d.all.item(0) is d.documentElement
    assert d.all.item("0") is d.documentElement
    assert d.all.item("picture").localName == "img"
    assert d.all.item("noexist") is None
    assert d.all.item("foo").length == 2
    assert d.all.item(None) is by_id(d, "null")


@case("item method with array index names")
def _() -> None:
    d = page()
    assert d.all.item("42") is None  # out-of-range index, not the element with id 42
    assert d.all.item(42) is None
    assert d.all.item("043") is by_id(d, "043")
    assert d.all.item(4294967294) is None
    assert d.all.item(4294967295) is by_id(d, "4294967295")
    assert d.all.item(LENGTH - 1) is by_id(d, "-0")


@case("legacy caller")
def _() -> None:
    d = page()
    assert d.all() is None
    assert d.all(undefined) is None
    assert d.all(None) is by_id(d, "null")
    assert d.all("picture").localName == "img"
    assert d.all("foo").length == 2
    assert d.all("noexist") is None
    assert d.all("") is None


@case("legacy caller with array index names, as numbers and strings")
def _() -> None:
    d = page()
    assert d.all(0) is d.documentElement
    assert d.all("0") is d.documentElement
    assert d.all(42) is None and d.all("42") is None
    assert d.all("043") is by_id(d, "043")
    assert d.all(4294967294) is None
    assert d.all(4294967295) is by_id(d, "4294967295")
    assert d.all(1.5) is None  # "1.5" is neither an index nor a name here


@case("[LegacyFalsy]: bool(document.all) is False even when not empty")
def _() -> None:
    d = page()
    assert not d.all and len(d.all) == LENGTH


@case("live: new elements appear, removed ones leave")
def _() -> None:
    d = page()
    coll = d.all
    span = d.createElement("span")
    span.id = "late"
    d.body.appendChild(span)
    assert coll.length == LENGTH + 1 and coll["late"] is span and coll[LENGTH] is span
    span.remove()
    assert coll.length == LENGTH and "late" not in coll


@case("the named-result collection is live")
def _() -> None:
    d = page()
    foo = d.all["foo"]
    extra = d.createElement("form")
    extra.setAttribute("name", "foo")
    d.body.appendChild(extra)
    assert foo.length == 3


@case("ids of any element and names of all-named HTML elements; svg names do not count")
def _() -> None:
    d = dom.parse_html("<body><svg><g id=gid name=gname></g></svg><embed name=e><meta name=m><map name=mp>"
                       "<iframe name=fr></iframe><object name=o></object>")
    assert d.all["gid"].localName == "g"
    assert d.all.namedItem("gname") is None
    for name in ("e", "m", "mp", "fr", "o"):
        assert d.all[name].getAttribute("name") == name


@case("id and name matches in one collection, tree order")
def _() -> None:
    d = dom.parse_html("<body><input name=x><p id=x></p><a name=x id=x></a>")
    result = d.all("x")
    assert [e.localName for e in result] == ["input", "p", "a"]


@case("supported property names: tree order, id before name, no duplicates")
def _() -> None:
    d = dom.parse_html("<html><body id=b><img id=i name=n><p name=pn id=p></p><img name=i><a name=z id=z>")
    assert d.all._supported_property_names() == ["b", "i", "n", "p", "z"]


@case("iteration and membership")
def _() -> None:
    d = page()
    assert list(d.all)[:4] == [d.documentElement, d.head, d.querySelector("title"), d.body]
    assert d.body in d.all and "picture" in d.all and "noexist" not in d.all
    assert d.all[-1] is by_id(d, "-0") and d.all[1:3] == [d.head, d.querySelector("title")]


@case("an XML document has document.all too")
def _() -> None:
    d = dom.parse_xml("<root xmlns='http://www.w3.org/1999/xhtml'><form name='f'/></root>")
    assert d.all.length == 2 and d.all["f"].localName == "form"


@case("is_array_index: canonical decimal strings up to 2^32 - 2")
def _() -> None:
    for value, expected in [("0", True), ("7", True), ("4294967294", True), ("4294967295", False),
                            ("01", False), ("-1", False), ("1.0", False), ("", False), ("١", False),
                            (" 1", False), ("99999999999", False)]:
        assert is_array_index(value) is expected, value


# -- runner -------------------------------------------------------------------------------------

_results: dict[str, bool] = {}


@pytest.mark.parametrize("name,fn", CASES, ids=[c[0] for c in CASES])
def test_case(name: str, fn: Callable[[], None]) -> None:
    _results[name] = False
    fn()
    _results[name] = True


def test_summary() -> None:
    print(f"\nHTMLAllCollection WPT ports: {sum(_results.values())}/{len(CASES)} passed")


def test_idl_coverage() -> None:
    assert missing_members("HTMLAllCollection", HTMLAllCollection, inherited=True) == []
