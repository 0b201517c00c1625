"""textarea and output values: ports of WPT html/semantics/forms/the-textarea-element/
{value-defaultValue-textContent, textarea-textLength, cloning-steps}.html and
the-output-element/output.html behaviours (read, not copied), plus the selection APIs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import dom
from webidl import IndexSizeError
from webidl.idl import missing_members

CASES: list[tuple[str, Callable[[], None]]] = []


def case(fn: Callable[[], None]) -> Callable[[], None]:
    CASES.append((fn.__doc__ or fn.__name__, fn))
    return fn


def doc(body: str = "") -> Any:
    return dom.parse_html(f"<!doctype html><body>{body}")


def textarea() -> Any:
    return doc().createElement("textarea")


@case
def empty() -> None:
    """defaultValue and value are the empty string by default"""
    t = textarea()
    assert t.defaultValue == "" and t.value == ""


@case
def text_content() -> None:
    """defaultValue and value follow textContent, nodeValue and data changes"""
    t = textarea()
    t.textContent = "foo bar"
    assert t.defaultValue == "foo bar" and t.value == "foo bar"
    t.textContent = "some text"
    t.firstChild.nodeValue = "foo bar"
    assert t.defaultValue == "foo bar" and t.value == "foo bar"
    t.firstChild.data = "baz"
    assert t.value == "baz"


@case
def appended_text_and_fragment() -> None:
    """appending text nodes and a fragment: the child text content, not textContent"""
    d = doc()
    t = d.createElement("textarea")
    t.textContent = "foo bar"
    fragment = d.createDocumentFragment()
    fragment.appendChild(d.createTextNode(" baz"))
    span = d.createElement("span")
    span.appendChild(d.createTextNode("qux?"))
    fragment.appendChild(span)
    fragment.appendChild(d.createTextNode(" fizz"))
    t.appendChild(fragment)
    t.appendChild(d.createTextNode(" whee"))
    assert t.defaultValue == "foo bar baz fizz whee" and t.value == "foo bar baz fizz whee"
    assert t.textContent == "foo bar bazqux? fizz whee"


@case
def default_value_setter() -> None:
    """setting defaultValue replaces every child, elements included"""
    d = doc()
    t = d.createElement("textarea")
    t.appendChild(d.createTextNode("foo bar"))
    span = d.createElement("span")
    span.textContent = "baz"
    t.appendChild(span)
    t.defaultValue = "foo"
    assert t.childNodes.length == 1 and t.defaultValue == "foo" and t.value == "foo" and t.textContent == "foo"


@case
def newlines() -> None:
    """value normalizes CRLF and CR to LF, even across text nodes; defaultValue keeps them"""
    d = doc()
    t = d.createElement("textarea")
    t.textContent = "foo\r\nbar\rbaz\nqux"
    assert t.defaultValue == "foo\r\nbar\rbaz\nqux" and t.value == "foo\nbar\nbaz\nqux"
    u = d.createElement("textarea")
    u.appendChild(d.createTextNode("foo\r"))
    u.appendChild(d.createTextNode("\nbar\rbaz\nqux"))
    assert u.value == "foo\nbar\nbaz\nqux"


@case
def value_setter() -> None:
    """the value setter sets the raw value only; null is the empty string"""
    t = textarea()
    t.textContent = "foo"
    t.value = "baz"
    assert t.defaultValue == "foo" and t.textContent == "foo" and t.value == "baz"
    t.value = "foo\r\nbar\rbaz\nqux"
    assert t.value == "foo\nbar\nbaz\nqux"
    t.value = None
    assert t.value == ""
    t.textContent = "changed"  # dirty: children no longer change the value
    assert t.value == ""


@case
def nul() -> None:
    """U+0000 survives in defaultValue, textContent and value"""
    t = textarea()
    t.defaultValue = "foo\0"
    assert t.defaultValue == "foo\0" and t.textContent == "foo\0" and t.value == "foo\0"
    t.textContent = "bar\0"
    assert t.value == "bar\0"
    t.value = "baz\0"
    assert t.defaultValue == "bar\0" and t.value == "baz\0"


@case
def text_length() -> None:
    """textLength counts UTF-16 code units of the API value"""
    t = textarea()
    t.value = "Hello, World!"
    assert t.textLength == 13
    t.value = "\u4f60\u597d\uff0c\u4e16\u754c\uff01"
    assert t.textLength == 6
    t.value = "a\r\nb\U0001f600"
    assert t.textLength == 5


@case
def parsed() -> None:
    """a parsed textarea: the leading newline is dropped by the parser, entities decoded"""
    d = doc("<textarea id=t>\nline1\r\nline2 &amp; <b>not markup</b></textarea>")
    t = d.getElementById("t")
    assert t.value == "line1\nline2 & <b>not markup</b>"
    assert t.type == "textarea"


@case
def reset() -> None:
    """_reset restores the child text content and clears the dirty flag"""
    t = textarea()
    t.textContent = "default"
    t.value = "typed"
    t._reset()
    assert t.value == "default"
    t.textContent = "new default"
    assert t.value == "new default"


@case
def cloning() -> None:
    """cloning copies the raw value and the dirty value flag"""
    d = doc()
    t = d.createElement("textarea")
    t.textContent = "default"
    t.value = "typed"
    clone = t.cloneNode(True)
    assert clone.value == "typed" and clone.defaultValue == "default"
    clean = d.createElement("textarea")
    clean.textContent = "x"
    copy = clean.cloneNode(True)
    assert copy.value == "x"
    copy.textContent = "y"
    assert copy.value == "y"


@case
def selection() -> None:
    """selection APIs use the API value (setRangeText example of the spec)"""
    t = textarea()
    t.value = "A\r\nB"
    t.setRangeText("replaced", 0, 2)
    assert t.value == "replacedB"
    t.value = "hello world"
    assert (t.selectionStart, t.selectionEnd) == (11, 11)
    t.setSelectionRange(0, 5, "forward")
    t.setRangeText("HELLO")
    assert t.value == "HELLO world" and (t.selectionStart, t.selectionEnd) == (0, 5)
    t.setRangeText("hi", 6, 11, "select")
    assert t.value == "HELLO hi" and (t.selectionStart, t.selectionEnd) == (6, 8)
    t.selectionDirection = "backward"
    assert t.selectionDirection == "backward"
    t.selectionEnd = 1
    assert (t.selectionStart, t.selectionEnd) == (1, 1)
    with pytest.raises(IndexSizeError):
        t.setRangeText("x", 2, 1)
    with pytest.raises(TypeError):
        t.setRangeText("x", 0, 1, "sideways")
    t.value = "ab"
    t.setSelectionRange(0, 2)
    t.textContent = "ignored"  # dirty: no value change
    assert t.selectionEnd == 2


@case
def set_range_text_on_a_clean_textarea() -> None:
    """setRangeText on a textarea whose value still follows its children edits that value, and
    the value stops following them (the dirty value flag keeps the text it had)"""
    t = textarea()
    t.defaultValue = "something"
    t.selectionStart, t.selectionEnd = 4, 6
    t.setRangeText("xyz")
    assert t.value == "somexyzing"
    t.defaultValue = "other"
    assert t.value == "somexyzing"
    clean = textarea()
    clean.defaultValue = "abc"
    with pytest.raises(IndexSizeError):  # the flag is set before the check: the value stays
        clean.setRangeText("x", 2, 1)
    clean.defaultValue = "changed"
    assert clean.value == "abc"


@case
def select_event_in_a_task() -> None:
    """a change of the selection queues a task firing a bubbling select event; no change, no
    event (https://html.spec.whatwg.org/#set-the-selection-range step 6)"""
    from dom import tasks

    tasks.run_tasks()
    t = textarea()
    t.defaultValue = "foobar"
    fired: list[tuple[bool, bool, bool]] = []
    t.addEventListener("select", lambda e: fired.append((e.bubbles, e.cancelable, e.isTrusted)))
    t.select()
    t.select()  # the same selection: nothing queued
    assert fired == []  # not synchronously
    assert tasks.run_tasks() == 1 and fired == [(True, False, True)]
    t.setSelectionRange(1, 2, "backward")
    t.selectionDirection = "backward"  # unchanged
    tasks.run_tasks()
    assert len(fired) == 2
    t.setSelectionRange(1, 2)
    t.setRangeText("x", 1, 2, "select")  # same range and direction, text replaced: unchanged
    tasks.run_tasks()
    assert len(fired) == 3 and t.value == "fxobar"


# -- output -------------------------------------------------------------------------------------


@case
def output_value() -> None:
    """output: value is the descendant text content; setting it keeps the default value"""
    d = doc("<output id=o>some <b>text</b></output>")
    o = d.getElementById("o")
    assert o.value == "some text" and o.defaultValue == "some text"
    o.value = "new"
    assert o.value == "new" and o.defaultValue == "some text" and o.textContent == "new"
    o.defaultValue = "other default"
    assert o.value == "new" and o.defaultValue == "other default"
    o._reset()
    assert o.value == "other default" and o.defaultValue == "other default"
    o.defaultValue = "follows"  # override null again: defaultValue writes the content
    assert o.value == "follows" and o.textContent == "follows"
    assert o.type == "output"


@case
def _children_changed_clamp_the_selection() -> None:
    """children changed steps clamp the selection of a clean textarea (selection-start-end-extra)"""
    t = textarea()
    t.textContent = "foobar"
    t.selectionStart, t.selectionEnd = 3, 5
    t.firstChild.remove()  # the value shrinks to "" ...
    t.appendChild(t.ownerDocument.createTextNode("foobar"))  # ... and grows back
    assert (t.selectionStart, t.selectionEnd) == (0, 0)
    t.selectionStart, t.selectionEnd = 3, 5
    t.firstChild.data = "fo"  # replace data runs them too
    t.firstChild.data = "foobar"
    assert (t.selectionStart, t.selectionEnd) == (2, 2)
    t.selectionStart, t.selectionEnd = 3, 5
    t.firstChild.data = "FOOBAR!"  # a longer value keeps the selection
    assert (t.selectionStart, t.selectionEnd) == (3, 5)
    t.value = "typed"  # dirty: the children no longer make the value
    t.selectionStart, t.selectionEnd = 1, 4
    t.textContent = ""
    assert (t.selectionStart, t.selectionEnd) == (1, 4)


# -- runner -------------------------------------------------------------------------------------

_results: dict[str, bool] = {}


@pytest.mark.parametrize("name,fn", CASES, ids=[c[0] for c in CASES])
def test_case(name: str, fn: Callable[[], None]) -> None:
    _results[name] = False
    fn()
    _results[name] = True


def test_summary() -> None:
    print(f"\ntextarea/output WPT ports: {sum(_results.values())}/{len(CASES)} passed")


def test_idl_coverage() -> None:
    from dom.html.elements import HTMLOutputElement, HTMLTextAreaElement

    allowed = {"form", "labels", "willValidate", "validity", "validationMessage", "checkValidity",
               "reportValidity", "setCustomValidity"}
    for name, cls in (("HTMLTextAreaElement", HTMLTextAreaElement), ("HTMLOutputElement", HTMLOutputElement)):
        left = set(missing_members(name, cls, inherited=False))
        assert left <= allowed, (name, left)
