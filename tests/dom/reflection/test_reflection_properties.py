"""Invariants the reflection rules promise, for arbitrary attribute strings and values."""

from hypothesis import given, settings
from hypothesis import strategies as st

import dom
from webidl import IndexSizeError, to_usv_string

DOCUMENT = dom.parse_html("", url="http://example.test/")
LONG = st.integers(min_value=-(2**31), max_value=2**31 - 1)


@settings(max_examples=200)
@given(st.text())
def test_numeric_getters_stay_in_their_ranges(value):
    input_ = DOCUMENT.createElement("input")
    td = DOCUMENT.createElement("td")
    for name in ("maxlength", "size"):
        input_.setAttribute(name, value)
    td.setAttribute("colspan", value)
    td.setAttribute("rowspan", value)
    assert input_.maxLength == -1 or 0 <= input_.maxLength <= 2**31 - 1
    assert 1 <= input_.size <= 2**31 - 1
    assert 1 <= td.colSpan <= 1000 and 0 <= td.rowSpan <= 65534


@settings(max_examples=200)
@given(LONG)
def test_long_round_trips(number):
    ol = DOCUMENT.createElement("ol")
    ol.start = number
    assert ol.start == number and ol.getAttribute("start") == str(number)
    input_ = DOCUMENT.createElement("input")
    try:
        input_.maxLength = number
    except IndexSizeError:
        assert number < 0
    else:
        assert input_.maxLength == number


@settings(max_examples=200)
@given(st.text(), st.sampled_from(["img", "script", "link", "audio"]))
def test_cors_getter_returns_a_keyword_or_none(value, tag):
    element = DOCUMENT.createElement(tag)
    assert element.crossOrigin is None
    element.setAttribute("crossorigin", value)
    assert element.crossOrigin in ("anonymous", "use-credentials")


@settings(max_examples=200)
@given(st.text(alphabet=st.characters(codec=None)))
def test_url_getter_never_raises_and_setter_stores_verbatim(value):
    a = DOCUMENT.createElement("a")
    a.href = value
    assert isinstance(a.href, str)
    assert a.getAttribute("href") == to_usv_string(value)
