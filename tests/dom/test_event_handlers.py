"""HTML event handlers (dom/events.py), as html/webappapis/scripting/events checks them.

Event handler ordering, content attributes, the body's window handlers, documents without a
browsing context: a table of small cases, the module prints passed/total.

The cases are written afresh in Python; the shared harness (the case table, its counts, ``page()``)
is tests/dom/event_case_table.py.
"""

from __future__ import annotations

from typing import Any

import pytest

import dom
from dom import Event
from dom.events import ReportedExceptionWarning, fire_event
from tests.dom.event_case_table import EventCaseTable, no_reports, page
from webidl import NotSupportedError, undefined

TABLE = EventCaseTable()
case = TABLE.case


# ---------------------------------------------------------------------------------------------
# HTML event handlers (html/webappapis/scripting/events)
# ---------------------------------------------------------------------------------------------

UNCALLED = "t.step(function() { assert_unreached('First event handler.') })"


@case("event handlers")
def _spec_example_objects():
    # event-handler-spec-example: the handler listener is registered when first set to an object
    for first in (lambda e: None, object(), [1]):
        doc = page()
        button = doc.createElement("button")
        log = []
        button.onclick = first
        assert button.onclick is first
        button.addEventListener("click", lambda e: log.append(2))  # noqa: B023
        button.setAttribute("onclick", UNCALLED)
        button.addEventListener("click", lambda e: log.append(3))  # noqa: B023
        button.onclick = lambda e: log.append(1)  # noqa: B023
        button.addEventListener("click", lambda e: log.append(4))  # noqa: B023
        with no_reports():
            button.dispatchEvent(Event("click"))
        assert log == [1, 2, 3, 4] and button.getAttribute("onclick") == UNCALLED


@case("event handlers")
def _spec_example_primitives():
    for primitive in (42, None, undefined, "", "x", True):
        doc = page()
        button = doc.createElement("button")
        log = []
        button.onclick = primitive
        assert button.onclick is None
        button.addEventListener("click", lambda e: log.append(1))  # noqa: B023
        button.setAttribute("onclick", UNCALLED)  # registered here
        button.addEventListener("click", lambda e: log.append(3))  # noqa: B023
        button.onclick = lambda e: log.append(2)  # noqa: B023
        button.addEventListener("click", lambda e: log.append(4))  # noqa: B023
        button.dispatchEvent(Event("click"))
        assert log == [1, 2, 3, 4]


@case("event handlers")
def _deactivation_reorders():
    doc = page()
    button = doc.createElement("button")
    log = []
    button.addEventListener("click", lambda e: log.append("ONE"))
    button.setAttribute("onclick", "alert('NOT CALLED')")
    button.addEventListener("click", lambda e: log.append("TWO"))
    button.onclick = None
    button.addEventListener("click", lambda e: log.append("THREE"))
    button.onclick = lambda e: log.append("FOUR")
    button.addEventListener("click", lambda e: log.append("FIVE"))
    button.dispatchEvent(Event("click"))
    assert log == ["ONE", "TWO", "THREE", "FOUR", "FIVE"]


@case("event handlers")
def _content_attribute_is_not_compiled():
    doc = page()
    div = doc.createElement("div")
    div.setAttribute("onclick", "window.ran = true")
    with pytest.warns(ReportedExceptionWarning, match="onclick") as record:
        assert div.onclick is None
    assert isinstance(record[0].message.exception, NotSupportedError)
    assert div.onclick is None  # the value is null now: reported once
    div.onclick = f = (lambda e: None)
    assert div.onclick is f
    div.setAttribute("onclick", "x()")  # the content attribute replaces the IDL value
    with pytest.warns(ReportedExceptionWarning):
        assert div.onclick is None
    div.onclick = f
    div.removeAttribute("onclick")  # removing deactivates
    assert div.onclick is None


@case("event handlers")
def _content_attribute_compiled_by_the_documents_compiler():
    # https://html.spec.whatwg.org/#getting-the-current-value-of-the-event-handler step 3, by the
    # compiler a script engine registered for the element's document (webdom.js's, its realm's)
    from dom.event_handlers import set_handler_compiler

    doc, other = page(), page()
    compiled, log = [], []

    def compiler(element: Any, name: str, body: str) -> Any:
        if body == "bad(":
            raise SyntaxError("unexpected end of script")
        compiled.append((element, name, body))
        return lambda event: log.append((name, body, event.type))

    set_handler_compiler(doc, compiler)
    try:
        div = doc.createElement("div")
        div.setAttribute("onclick", "go()")
        with no_reports():
            div.dispatchEvent(Event("click"))
            assert div.onclick is div.onclick  # compiled once: the handler's value is the callback now
        assert log == [("onclick", "go()", "click")] and compiled == [(div, "onclick", "go()")]
        div.setAttribute("onclick", "bad(")  # a body that does not parse: null, and reported
        with pytest.warns(ReportedExceptionWarning, match="unexpected end"):
            assert div.onclick is None
        elsewhere = other.createElement("div")  # another document's element: no compiler
        elsewhere.setAttribute("onclick", "go()")
        with pytest.warns(ReportedExceptionWarning, match="onclick"):
            assert elsewhere.onclick is None
    finally:
        set_handler_compiler(doc, None)
    div.setAttribute("onclick", "go()")
    with pytest.warns(ReportedExceptionWarning, match="onclick"):
        assert div.onclick is None


@case("event handlers")
def _content_attribute_dispatch_reports_and_continues():
    doc = page()
    div = doc.createElement("div")
    div.setAttribute("onclick", "x()")
    log = []
    div.addEventListener("click", lambda e: log.append(1))
    with pytest.warns(ReportedExceptionWarning):
        assert div.dispatchEvent(Event("click", cancelable=True)) is True
    assert log == [1]


@case("event handlers")
def _parsed_content_attribute_registers_first():
    doc = dom.parse_html('<button onclick="alert(1)">b</button><i onmouseover="x">i</i>')
    button = doc.querySelector("button")
    log = []
    button.addEventListener("click", lambda e: log.append("listener"))
    button.onclick = lambda e: log.append("handler")
    button.dispatchEvent(Event("click"))
    assert log == ["handler", "listener"]
    italic = doc.querySelector("i")
    with pytest.warns(ReportedExceptionWarning):
        assert italic.dispatchEvent(Event("mouseover")) is True  # the handler listener exists


@case("event handlers")
def _return_false_cancels():
    doc = page()
    div = doc.getElementById("outer")
    for name in ("onmouseover", "onclick", "onblur", "ondblclick"):
        setattr(div, name, lambda e: False)
        ev = Event(name[2:], cancelable=True)
        div.dispatchEvent(ev)
        assert ev.defaultPrevented is True, name
        setattr(div, name, lambda e: True)
        ev = Event(name[2:], cancelable=True)
        div.dispatchEvent(ev)
        assert ev.defaultPrevented is False, name
        setattr(div, name, lambda e: 0)
        ev = Event(name[2:], cancelable=True)
        div.dispatchEvent(ev)
        assert ev.defaultPrevented is False, name


@case("event handlers")
def _handler_errors_are_reported():
    doc = page()
    div = doc.getElementById("outer")
    div.onclick = lambda e: 1 / 0
    log = []
    div.addEventListener("click", lambda e: log.append(1))
    with pytest.warns(ReportedExceptionWarning) as record:
        div.dispatchEvent(Event("click"))
    assert isinstance(record[0].message.exception, ZeroDivisionError) and log == [1]
    div.onclick = object()  # kept, but not callable: reported when invoked
    with pytest.warns(ReportedExceptionWarning) as record:
        div.dispatchEvent(Event("click"))
    assert isinstance(record[0].message.exception, TypeError)


@case("event handlers")
def _handle_event_ignored_for_handlers():
    # event-handler-handleEvent-ignored: an object handler is not a callback interface
    doc = page()
    div = doc.getElementById("outer")
    called = []

    class WithHandleEvent:
        def handleEvent(self, e):
            called.append(1)

    div.onclick = WithHandleEvent()
    with pytest.warns(ReportedExceptionWarning):
        div.dispatchEvent(Event("click"))
    assert called == []


@case("event handlers")
def _handlers_in_documents_without_browsing_context():
    # event-handler-no-browsing-context: IDL handlers run, content attributes do not
    for doc in (dom.Document().implementation.createHTMLDocument(""), dom.parse_html("<div></div>")):
        element = doc.createElement("div")
        doc.body.appendChild(element)
        count = []
        element.onclick = lambda e: count.append(1)  # noqa: B023
        element.dispatchEvent(Event("click"))
        assert count == [1]


@case("event handlers")
def _event_type_of_each_handler():
    doc = page()
    div = doc.getElementById("outer")
    for name, event_type in (("onclick", "click"), ("onwebkitanimationend", "webkitAnimationEnd"),
                             ("onwebkittransitionend", "webkitTransitionEnd"), ("onscrollend", "scrollend")):
        seen = []
        setattr(div, name, lambda e: seen.append(e.type))  # noqa: B023
        div.dispatchEvent(Event(event_type))
        div.dispatchEvent(Event(event_type.upper()))
        assert seen == [event_type], name
        setattr(div, name, None)


@case("event handlers")
def _document_handlers():
    doc = page()
    log = []
    doc.onreadystatechange = lambda e: log.append(e.type)
    doc.onclick = lambda e: log.append("doc click")
    doc.onvisibilitychange = lambda e: log.append(e.type)
    doc.dispatchEvent(Event("readystatechange"))
    doc.dispatchEvent(Event("visibilitychange"))
    doc.getElementById("inner").dispatchEvent(Event("click", bubbles=True))
    assert log == ["readystatechange", "visibilitychange", "doc click"]
    assert not hasattr(doc.body, "onreadystatechange")


@case("event handlers")
def _body_window_handlers_have_no_target():
    # event-handler-attributes-windowless-body: no Window, so these read null and do nothing
    doc = dom.parse_html("").implementation.createHTMLDocument("")
    doc.body.innerHTML = ""
    doc.documentElement.replaceChild(dom.parse_html('<body onload="x()" onclick="y()">').body, doc.body)
    body = doc.body
    for name in ("onload", "onblur", "onerror", "onfocus", "onresize", "onscroll", "onhashchange",
                 "onmessage", "onbeforeunload", "onunload"):
        setattr(body, name, lambda e: None)
        assert getattr(body, name) is None, name
    log = []
    body.addEventListener("load", lambda e: log.append("listener"))
    with no_reports():
        body.dispatchEvent(Event("load"))  # no handler listener from the content attribute
    assert log == ["listener"]
    with pytest.warns(ReportedExceptionWarning):
        assert body.onclick is None  # a GlobalEventHandlers member: the body's own
    div = doc.createElement("div")
    div.onload = f = (lambda e: None)
    assert div.onload is f
    frameset = doc.createElement("frameset")
    frameset.onload = f
    assert frameset.onload is None and frameset.onclick is None


@case("event handlers")
def _body_window_handlers_act_on_the_window():
    # https://html.spec.whatwg.org/#determining-the-target-of-an-event-handler: the body's and a
    # frameset's Window handlers are their (active) node document's Window's
    doc = dom.parse_html("<body onload=x()>")
    window, body, frameset = doc.defaultView, doc.body, doc.createElement("frameset")
    log = []
    body.onload = f = (lambda e: log.append((e.type, e.target is doc, e.currentTarget is window)))
    assert window.onload is f and frameset.onload is f and body.onclick is None
    frameset.onhashchange = g = (lambda e: log.append(e.type))
    assert window.onhashchange is g
    with no_reports():  # the IDL attribute replaced the content attribute's handler before it compiled
        fire_event("load", window, legacy_target_override=True)
        window.dispatchEvent(Event("hashchange"))
        doc.dispatchEvent(Event("load"))  # a document's load does not reach the window
    assert log == [("load", True, True), "hashchange"]
    window.onload = None
    assert body.onload is None


@case("event handlers")
def _body_content_attributes_set_the_windows_handlers():
    # https://html.spec.whatwg.org/#event-handler-content-attributes with the target of
    # #determining-the-target-of-an-event-handler: a body's onload="..." (parsed, or set later) is
    # the Window's handler, compiled by the compiler of the Window's document
    from dom.event_handlers import set_handler_compiler

    doc = dom.parse_html("<body onload=started() onclick=clicked()>")
    window, body = doc.defaultView, doc.body
    compiled, log = [], []

    def compiler(target: Any, name: str, body_text: str) -> Any:
        compiled.append((target, name, body_text))
        return lambda event: log.append((name, body_text, event.type))

    set_handler_compiler(doc, compiler)
    try:
        with no_reports():
            fire_event("load", window, legacy_target_override=True)
            body.dispatchEvent(Event("click"))
        assert log == [("onload", "started()", "load"), ("onclick", "clicked()", "click")]
        assert compiled[0] == (window, "onload", "started()") and compiled[1][0] is body
        body.setAttribute("onhashchange", "changed()")
        body.setAttribute("onload", "again()")
        with no_reports():
            window.dispatchEvent(Event("hashchange"))
            fire_event("load", window, legacy_target_override=True)
        assert log[2:] == [("onhashchange", "changed()", "hashchange"), ("onload", "again()", "load")]
        body.removeAttribute("onload")
        assert window.onload is None and body.onload is None
    finally:
        set_handler_compiler(doc, None)
    # without a compiler it fails to compile, as another element's would
    doc = dom.parse_html("<body onload=started()>")
    with pytest.warns(ReportedExceptionWarning, match="onload"):
        assert doc.defaultView.onload is None


@case("event handlers")
def _window_onerror_gets_an_error_events_members():
    # https://html.spec.whatwg.org/#the-event-handler-processing-algorithm steps 3-5: an ErrorEvent
    # named error at a Window gives its five members, and a true return value cancels it
    from dom.html.event_interfaces import ErrorEvent

    doc = dom.parse_html("")
    window = doc.defaultView
    seen = []
    window.onerror = lambda *args: (seen.append(args), True)[1]
    event = ErrorEvent("error", {"message": "m", "filename": "f.js", "lineno": 3, "colno": 4, "error": 5,
                                 "cancelable": True})
    assert window.dispatchEvent(event) is False and seen == [("m", "f.js", 3, 4, 5)]
    assert ErrorEvent("error").error is undefined
    # other targets, other events: the event itself, and false cancels
    doc.body.onerror = lambda e: seen.append(e) or False
    plain = Event("error", cancelable=True)
    assert window.dispatchEvent(plain) is False and seen[-1] is plain  # body.onerror is the window's
    div = doc.createElement("div")
    div.onerror = lambda e: seen.append(e.type)
    div.dispatchEvent(ErrorEvent("error"))
    assert seen[-1] == "error"


@case("event handlers")
def _namespaced_or_foreign_attributes_ignored():
    doc = page()
    div = doc.createElement("div")
    div.setAttributeNS("urn:x", "x:onclick", "a()")
    div.setAttribute("onunknown", "b()")
    with no_reports():
        assert div.onclick is None
    svg = doc.createElementNS("http://www.w3.org/2000/svg", "svg")
    svg.setAttribute("onclick", "c()")
    log = []
    svg.addEventListener("click", lambda e: log.append(1))
    with no_reports():
        svg.dispatchEvent(Event("click"))
    assert log == [1]


@case("event handlers")
def _cloned_content_attribute():
    doc = dom.parse_html('<button onclick="a()">b</button>')
    clone = doc.querySelector("button").cloneNode(True)
    log = []
    clone.addEventListener("click", lambda e: log.append("listener"))
    clone.onclick = lambda e: log.append("handler")
    clone.dispatchEvent(Event("click"))
    assert log == ["handler", "listener"]


# ---------------------------------------------------------------------------------------------
# The table runner
# ---------------------------------------------------------------------------------------------

test_events = TABLE.runner()
_report = TABLE.report()
