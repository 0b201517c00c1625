"""Form submission without a network: ports of WPT behaviours.

Sources (read, not copied): html/semantics/forms/form-submission-0/urlencoded2.window.js,
text-plain.window.js, multipart-formdata.window.js, constructing-form-data-set.html,
form-data-set-empty-file.window.js, form-data-set-usv.html, textarea.window.js,
form-submission-algorithm.html, form-submitters.html, submit-entity-body.html,
SubmitEvent.window.js, html/semantics/forms/the-form-element/form-requestsubmit.html,
form-action-submission*.html and resetting-a-form/reset-form.html.  What a browser would send
to the echo servers of WPT is compared with ``form.submission()``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import dom
from dom.html.forms.submission import (
    EntryFile,
    FormSubmission,
    construct_the_entry_list,
    multipart_form_data_encode,
    pick_an_encoding,
)
from webidl import NotFoundError

BOUNDARY = "----webdomFormBoundaryTESTTESTTESTTEST"


def doc(body: str = "", url: str = "https://example.com/dir/page.html", encoding: str = "utf-8") -> Any:
    markup = f"<!doctype html><meta charset={encoding}><body>{body}"
    return dom.parse_html(markup.encode(encoding, "xmlcharrefreplace"), url=url)


def form_of(d: Any) -> Any:
    return d.querySelector("form")


CASES: list[tuple[str, Callable[[], None]]] = []


def case(name: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        CASES.append((name, fn))
        return fn

    return register


# -- urlencoded2.window.js: the urlencoded serializer over one hidden input ----------------------

URLENCODED = [
    ("basic", "test", "utf-8", "basic=test"),
    ("a\0b", "c", "utf-8", "a%00b=c"),
    ("a", "b\0c", "utf-8", "a=b%00c"),
    ("a\nb", "c", "utf-8", "a%0D%0Ab=c"),
    ("a\rb", "c", "utf-8", "a%0D%0Ab=c"),
    ("a\r\nb", "c", "utf-8", "a%0D%0Ab=c"),
    ("a\n\rb", "c", "utf-8", "a%0D%0A%0D%0Ab=c"),
    ("a", "b\nc", "utf-8", "a=b%0D%0Ac"),
    ("a", "b\rc", "utf-8", "a=b%0D%0Ac"),
    ("a", "b\r\nc", "utf-8", "a=b%0D%0Ac"),
    ("a", "b\n\rc", "utf-8", "a=b%0D%0A%0D%0Ac"),
    ('a"b', "c", "utf-8", "a%22b=c"),
    ("a", 'b"c', "utf-8", "a=b%22c"),
    ("a'b", "c", "utf-8", "a%27b=c"),
    ("a", "b'c", "utf-8", "a=b%27c"),
    ("a\\b", "c", "utf-8", "a%5Cb=c"),
    ("a", "b\\c", "utf-8", "a=b%5Cc"),
    ("áb", "ç", "utf-8", "%C3%A1b=%C3%A7"),
    ("aəb", "c\ufffdd", "windows-1252", "a%26%23601%3Bb=c%26%2365533%3Bd"),
    ("a b", "c+d*-._~", "utf-8", "a+b=c%2Bd*-._%7E"),
]

for _name, _value, _encoding, _expected in URLENCODED:

    @case(f"urlencoded2: {_name!r}={_value!r} ({_encoding})")
    def _(name: str = _name, value: str = _value, encoding: str = _encoding, expected: str = _expected) -> None:
        d = doc()
        form = d.createElement("form")
        form.acceptCharset = encoding
        form.action = "/echo"
        form.method = "POST"
        input_ = d.createElement("input")
        input_.type = "hidden"
        input_.name = name
        input_.value = value
        form.append(input_)
        d.body.append(form)
        result = form.submission()
        assert result.body == expected.encode("ascii")
        assert result.content_type == "application/x-www-form-urlencoded" and result.method == "post"
        assert result.url == "https://example.com/echo"


@case("urlencoded2: an empty file input submits its (empty) filename")
def _() -> None:
    d = doc("<form method=post><input type=file name=basic></form>")
    assert form_of(d).submission().body == b"basic="


# -- text-plain.window.js ------------------------------------------------------------------------

TEXT_PLAIN = [
    ("basic", "test", "utf-8", b"basic=test\r\n"),
    ("a\nb", "c", "utf-8", b"a\r\nb=c\r\n"),
    ("a\rb", "c", "utf-8", b"a\r\nb=c\r\n"),
    ("a", "b\n\rc", "utf-8", b"a=b\r\n\r\nc\r\n"),
    ('a"b', "c'd\\e", "utf-8", b"a\"b=c'd\\e\r\n"),
    ("áb", "ç", "utf-8", "áb=ç\r\n".encode()),
    ("aəb", "c\ufffdd", "windows-1252", b"a&#601;b=c&#65533;d\r\n"),
]

for _name, _value, _encoding, _expected in TEXT_PLAIN:

    @case(f"text/plain: {_name!r}={_value!r} ({_encoding})")
    def _(name: str = _name, value: str = _value, encoding: str = _encoding, expected: bytes = _expected) -> None:
        d = doc("<form method=post enctype=text/plain action=/echo><input type=hidden></form>")
        form = form_of(d)
        form.acceptCharset = encoding
        input_ = d.querySelector("input")
        input_.name = name
        input_.value = value
        result = form.submission()
        assert result.body == expected and result.content_type == "text/plain"


# -- multipart-formdata.window.js ---------------------------------------------------------------


def part(name: bytes, value: bytes) -> bytes:
    return (b"--" + BOUNDARY.encode() + b'\r\nContent-Disposition: form-data; name="' + name + b'"\r\n\r\n'
            + value + b"\r\n")


MULTIPART = [
    ("basic", "test", "utf-8", part(b"basic", b"test")),
    ("a\nb", "c", "utf-8", part(b"a%0D%0Ab", b"c")),
    ("a\rb", "c", "utf-8", part(b"a%0D%0Ab", b"c")),
    ("a", "b\nc", "utf-8", part(b"a", b"b\r\nc")),
    ('a"b', "c", "utf-8", part(b"a%22b", b"c")),
    ("a", 'b"c', "utf-8", part(b"a", b'b"c')),
    ("a'b\\c", "d", "utf-8", part(b"a'b\\c", b"d")),
    ("áb", "ç", "utf-8", part("áb".encode(), "ç".encode())),
    ("aəb", "c\ufffdd", "windows-1252", part(b"a&#601;b", b"c&#65533;d")),
]

for _name, _value, _encoding, _expected in MULTIPART:

    @case(f"multipart/form-data: {_name!r}={_value!r} ({_encoding})")
    def _(name: str = _name, value: str = _value, encoding: str = _encoding, expected: bytes = _expected) -> None:
        d = doc("<form method=post enctype=multipart/form-data action=/echo><input type=hidden></form>")
        form = form_of(d)
        form.acceptCharset = encoding
        input_ = d.querySelector("input")
        input_.name = name
        input_.value = value
        result = form.submission(boundary=BOUNDARY)
        assert result.body == expected + b"--" + BOUNDARY.encode() + b"--\r\n"
        assert result.content_type == f"multipart/form-data; boundary={BOUNDARY}"


@case("multipart/form-data: an empty file input is a part with filename \"\" and octet-stream")
def _() -> None:
    d = doc("<form method=post enctype=multipart/form-data><input type=file name=f></form>")
    body = form_of(d).submission(boundary=BOUNDARY).body
    assert body == (b"--" + BOUNDARY.encode() + b'\r\nContent-Disposition: form-data; name="f"; filename=""\r\n'
                    b"Content-Type: application/octet-stream\r\n\r\n\r\n--" + BOUNDARY.encode() + b"--\r\n")


@case("multipart/form-data: file names are escaped like field names")
def _() -> None:
    body = multipart_form_data_encode([("f", EntryFile([b"xyz"], 'a"b\nc.txt', {"type": "text/plain"}))], "UTF-8", "B")
    assert body == (b'--B\r\nContent-Disposition: form-data; name="f"; filename="a%22b%0Ac.txt"\r\n'
                    b"Content-Type: text/plain\r\n\r\nxyz\r\n--B--\r\n")


@case("multipart/form-data: random boundaries look like browsers' and differ")
def _() -> None:
    d = doc("<form method=post enctype=multipart/form-data><input name=a value=1></form>")
    first, second = form_of(d).submission(), form_of(d).submission()
    boundary = first.content_type.split("boundary=")[1]
    assert boundary.startswith("----webdomFormBoundary") and len(boundary) == 38
    assert first.body.startswith(b"--" + boundary.encode()) and first.body != second.body


# -- constructing-form-data-set.html and the entry list rules -----------------------------------


@case("_charset_: the form's encoding name (accept-charset iso-8859-1 is windows-1252)")
def _() -> None:
    d = doc("<form accept-charset=iso-8859-1 action=/blank><input type=hidden name=_charset_></form>")
    assert form_of(d).submission().url == "https://example.com/blank?_charset_=windows-1252"
    d = doc("<form><input type=hidden name=_CHARSET_ value=ignored></form>")
    assert form_of(d).submission().body == b"_CHARSET_=UTF-8"


@case("buttons are left out unless they are the submitter")
def _() -> None:
    d = doc("<form action=/blank><input type=text name=foo><button type=close name=close value=true>x</button>"
            "<button type=button name=button value=true></button><button type=reset name=reset value=true></button>"
            "<button type=submit name=submit value=true></button><input type=submit name=s2 value=go></form>")
    form = form_of(d)
    assert form.submission().url.split("?")[1] == "foo="
    assert form.submission(form["submit"]).url.split("?")[1] == "foo=&submit=true"
    assert form.submission(form["close"]).url.split("?")[1] == "foo=&close=true"  # invalid type: submit
    assert form.submission(form["s2"]).url.split("?")[1] == "foo=&s2=go"


@case("image button submitter: name.x and name.y at the origin; unnamed: x and y")
def _() -> None:
    d = doc("<form method=post><input name=n1 value=v1><input type=image name=n2><input type=image id=anon></form>")
    form = form_of(d)
    assert form.submission().body == b"n1=v1"
    assert form.submission(d.querySelector("[name=n2]")).body == b"n1=v1&n2.x=0&n2.y=0"
    assert form.submission(d.getElementById("anon")).body == b"n1=v1&x=0&y=0"


@case("checkboxes and radios: only checked ones, 'on' without a value attribute")
def _() -> None:
    d = doc("<form method=post><input type=checkbox name=a checked><input type=checkbox name=b value=no>"
            "<input type=checkbox name=c value=yes checked><input type=radio name=r value=1>"
            "<input type=radio name=r value=2 checked></form>")
    form = form_of(d)
    assert form.submission().body == b"a=on&c=yes&r=2"
    d.querySelector("[name=b]").checked = True
    d.querySelector("[value='1']").checked = True
    assert form.submission().body == b"a=on&b=no&c=yes&r=1"


@case("select: each selected, enabled option; disabled optgroups skipped")
def _() -> None:
    d = doc("<form method=post><select name=s multiple><option selected>A<option value=b selected>B"
            "<option selected disabled>C<optgroup disabled><option selected>D</optgroup><option>E</select>"
            "<select name=one><option>x<option>y</select><select name=none></select></form>")
    assert form_of(d).submission().body == b"s=A&s=b&one=x"


@case("disabled controls, disabled fieldsets and datalist descendants are skipped")
def _() -> None:
    d = doc("<form method=post><input name=a value=1 disabled><fieldset disabled><legend><input name=b value=2>"
            "</legend><input name=c value=3></fieldset><datalist><input name=d value=4></datalist>"
            "<input name=e value=5></form>")
    assert form_of(d).submission().body == b"b=2&e=5"


@case("controls without a name, or with an empty one, are skipped")
def _() -> None:
    d = doc("<form method=post><input value=1><input name='' value=2><textarea>3</textarea><input name=x></form>")
    assert form_of(d).submission().body == b"x="


@case("textarea.window.js: the textarea's value, newlines as CRLF")
def _() -> None:
    d = doc("<form method=post><textarea name=t>\nline1\r\nline2\rline3</textarea></form>")
    assert form_of(d).submission().body == b"t=line1%0D%0Aline2%0D%0Aline3"
    d.querySelector("textarea").value = "a\nb"
    assert form_of(d).submission().body == b"t=a%0D%0Ab"


@case("input values: the current value, not the value attribute")
def _() -> None:
    d = doc("<form method=post><input name=q value=old><input type=number name=n value=abc></form>")
    d.querySelector("[name=q]").value = "new"
    assert form_of(d).submission().body == b"q=new&n="


@case("form-data-set-usv: lone surrogates become U+FFFD")
def _() -> None:
    d = doc("<form method=post><input type=hidden></form>")
    input_ = d.querySelector("input")
    input_.name = "a\ud800"
    input_.value = "\udc00b"
    assert form_of(d).submission().body == b"a%EF%BF%BD=%EF%BF%BDb"


@case("dirname: the control's directionality as an extra entry")
def _() -> None:
    d = doc("<form method=post><input name=c dirname=c.dir value='שלום'><textarea name=t dirname=t.dir>hi"
            "</textarea><div dir=rtl><input name=i dirname=i.dir value=x></div><input type=checkbox name=x "
            "dirname=x.dir checked><input name=e dirname='' value=v></form>")
    assert form_of(d).submission().entries == [
        ("c", "שלום"), ("c.dir", "ltr"), ("t", "hi"), ("t.dir", "ltr"), ("i", "x"), ("i.dir", "rtl"),
        ("x", "on"), ("e", "v"),
    ]
    d.querySelector("[name=c]").dir = "auto"
    assert form_of(d).submission().entries[1] == ("c.dir", "rtl")


@case("controls associated by the form attribute are submitted in tree order")
def _() -> None:
    d = doc("<input form=f name=a value=1><form id=f method=post><input name=b value=2></form>"
            "<input form=f name=c value=3><input name=outside value=4>")
    assert d.getElementById("f").submission().body == b"a=1&b=2&c=3"


@case("construct_the_entry_list with an encoding: _charset_ gets its name")
def _() -> None:
    d = doc("<form><input type=hidden name=_charset_><input name=n value=v></form>")
    assert construct_the_entry_list(form_of(d), None, "Shift_JIS") == [("_charset_", "Shift_JIS"), ("n", "v")]


# -- picking an encoding ------------------------------------------------------------------------


@case("pick an encoding: accept-charset's first known label, else the document's")
def _() -> None:
    for attribute, expected in [(None, "windows-1252"), ("bogus ISO-8859-2 utf-8", "ISO-8859-2"),
                                ("bogus nonsense", "UTF-8"), ("  UTF-8  ", "UTF-8"), ("utf-16le", "UTF-8"),
                                ("", "UTF-8")]:
        d = doc("<form></form>", encoding="windows-1252")
        if attribute is not None:
            form_of(d).setAttribute("accept-charset", attribute)
        assert pick_an_encoding(form_of(d)) == expected, attribute


@case("a windows-1252 page submits windows-1252 bytes, numeric references for the rest")
def _() -> None:
    d = doc("<form method=post action=/s><input name=q value='café €5 ☃'></form>", encoding="windows-1252")
    assert form_of(d).submission().body == b"q=caf%E9+%805+%26%239731%3B"


# -- the submission algorithm: method, action, enctype, schemes ---------------------------------


@case("GET: the query of the action URL is replaced, the fragment kept")
def _() -> None:
    d = doc("<form action='search?old=1#top'><input name=q value='a b'></form>")
    result = form_of(d).submission()
    assert result.method == "get" and result.url == "https://example.com/dir/search?q=a+b#top"
    assert result.body == b"q=a+b" and result.content_type is None


@case("GET with no controls still empties the query")
def _() -> None:
    d = doc("<form action='/x?y=1'></form>")
    assert form_of(d).submission().url == "https://example.com/x?"


@case("an empty or missing action is the document's URL")
def _() -> None:
    d = doc("<form action=''><input name=a value=1></form>", url="https://example.com/p?x=1#f")
    assert form_of(d).submission().url == "https://example.com/p?a=1#f"


@case("the action resolves against the document's base URL")
def _() -> None:
    d = doc("<base href='https://other.example/base/'><form action=go method=post></form>")
    assert form_of(d).submission().url == "https://other.example/base/go"


@case("an action that does not parse: no submission")
def _() -> None:
    d = doc("<form action='https://exa mple.com/'></form>")
    assert form_of(d).submission() is None


@case("submitter overrides: formaction, formmethod, formenctype")
def _() -> None:
    d = doc("<form action=/a method=get><input name=n value=v>"
            "<button id=b formaction=/b formmethod=POST formenctype=text/plain>go</button>"
            "<input type=submit id=s formmethod=bogus><button id=plain>x</button></form>")
    form = form_of(d)
    result = form.submission(d.getElementById("b"))
    assert (result.url, result.method, result.body) == ("https://example.com/b", "post", b"n=v\r\n")
    result = form.submission(d.getElementById("s"))
    assert result.method == "get" and result.url == "https://example.com/a?n=v"  # invalid formmethod: GET
    assert form.submission(d.getElementById("plain")).url == "https://example.com/a?n=v"


@case("invalid method and enctype values use their defaults")
def _() -> None:
    d = doc("<form method=PUT enctype=bogus action=/x><input name=a value=1></form>")
    result = form_of(d).submission()
    assert result.method == "get" and result.enctype == "application/x-www-form-urlencoded"


@case("method=dialog: the submitter's value as the dialog result, only inside a dialog")
def _() -> None:
    d = doc("<dialog><form method=dialog><button value=yes>Y</button><input type=image id=i></form></dialog>"
            "<form id=out method=dialog></form>")
    form = form_of(d)
    result = form.submission(d.querySelector("button"))
    assert (result.method, result.url, result.dialog_result) == ("dialog", None, "yes")
    assert form.submission(d.getElementById("i")).dialog_result == "0,0"
    assert d.getElementById("out").submission() is None


@case("mailto: GET puts the entries in the query with %20 for spaces")
def _() -> None:
    d = doc("<form action='mailto:a@example.com'><input name=subject value='hi there'></form>")
    assert form_of(d).submission().url == "mailto:a@example.com?subject=hi%20there"


@case("mailto: POST puts the body in a body= query parameter")
def _() -> None:
    d = doc("<form method=post action='mailto:a@example.com?cc=b' enctype=text/plain>"
            "<input name=subject value='hi there'></form>")
    assert form_of(d).submission().url == "mailto:a@example.com?cc=b&body=subject=hi%20there%0D%0A"
    form_of(d).enctype = "application/x-www-form-urlencoded"
    assert form_of(d).submission().url == "mailto:a@example.com?cc=b&body=subject=hi+there"


@case("data: GET mutates the URL, POST navigates to it unchanged; javascript: is unchanged")
def _() -> None:
    d = doc("<form action='data:text/plain,x'><input name=a value=1></form>")
    form = form_of(d)
    assert form.submission().url == "data:text/plain,x?a=1"
    form.method = "post"
    result = form.submission()
    assert result.url == "data:text/plain,x" and result.body == b""
    form.action = "javascript:void(0)"
    assert form.submission().url == "javascript:void(0)"


# -- requestSubmit / submit / SubmitEvent --------------------------------------------------------


@case("requestSubmit: the submitter must be a submit button of this form")
def _() -> None:
    d = doc("<form id=f><input id=text><button id=b type=button></button></form><form id=g>"
            "<button id=other></button></form>")
    form = d.getElementById("f")
    for bad in ("text", "b"):
        with pytest.raises(TypeError):
            form.requestSubmit(d.getElementById(bad))
    with pytest.raises(NotFoundError):
        form.requestSubmit(d.getElementById("other"))
    with pytest.raises(NotFoundError):
        form.submission(d.getElementById("other"))


@case("requestSubmit fires a bubbling, cancelable SubmitEvent with the submitter")
def _() -> None:
    d = doc("<form action=/s><input name=a value=1><button id=b name=go value=1></button></form>")
    form = form_of(d)
    seen: list[Any] = []
    d.addEventListener("submit", lambda e: seen.append((e.type, e.bubbles, e.cancelable, e.submitter, e.isTrusted)))
    result = form.requestSubmit(d.getElementById("b"))
    assert isinstance(result, FormSubmission) and result.url == "https://example.com/s?a=1&go=1"
    assert seen == [("submit", True, True, d.getElementById("b"), True)]
    form.requestSubmit()
    assert seen[-1][3] is None  # submitted from the form itself: submitter null


@case("requestSubmit: a canceled submit event stops the submission")
def _() -> None:
    d = doc("<form><input name=a></form>")
    form = form_of(d)
    form.addEventListener("submit", lambda e: e.preventDefault())
    assert form.requestSubmit() is None


@case("submit() fires no submit event; a disconnected form does not submit")
def _() -> None:
    d = doc("<form action=/s><input name=a value=1></form>")
    form = form_of(d)
    fired: list[Any] = []
    form.addEventListener("submit", fired.append)
    assert form.submit().url == "https://example.com/s?a=1" and fired == []
    form.remove()
    assert form.submit() is None and form.requestSubmit() is None
    assert form.submission().url == "https://example.com/s?a=1"  # computing it still works


@case("requestSubmit validates: an invalid control stops it unless novalidate")
def _() -> None:
    d = doc("<form><input name=a></form>")
    form = form_of(d)
    control = d.querySelector("input")
    if not hasattr(control, "checkValidity"):
        pytest.skip("constraint validation is not implemented for input")
    control.required = True
    assert form.requestSubmit() is None and form.checkValidity() is False
    form.noValidate = True
    assert form.requestSubmit() is not None


# -- reset ---------------------------------------------------------------------------------------


@case("reset(): fires reset, then resets each control of the form")
def _() -> None:
    d = doc("<form><input name=a value=orig><textarea>t</textarea><input type=checkbox checked>"
            "<select><option>1<option selected>2</select></form><input form=x value=out>")
    form = form_of(d)
    events: list[Any] = []
    form.addEventListener("reset", lambda e: events.append((e.bubbles, e.cancelable)))
    d.querySelector("[name=a]").value = "changed"
    d.querySelector("textarea").value = "changed"
    d.querySelector("[type=checkbox]").checked = False
    d.querySelector("select").selectedIndex = 0
    form.reset()
    assert events == [(True, True)]
    assert d.querySelector("[name=a]").value == "orig" and d.querySelector("textarea").value == "t"
    assert d.querySelector("[type=checkbox]").checked and d.querySelector("select").selectedIndex == 1


@case("reset(): a canceled reset event resets nothing")
def _() -> None:
    d = doc("<form><input value=orig></form>")
    form = form_of(d)
    form.addEventListener("reset", lambda e: e.preventDefault())
    d.querySelector("input").value = "changed"
    form.reset()
    assert d.querySelector("input").value == "changed"


@case("reset(): locked for reset, a nested reset() does nothing")
def _() -> None:
    d = doc("<form></form>")
    form = form_of(d)
    count: list[int] = []

    def again(event: Any) -> None:
        count.append(1)
        form.reset()

    form.addEventListener("reset", again)
    form.reset()
    assert count == [1]


# -- submit and reset buttons' activation behaviour ----------------------------------------------


@case("clicking a submit button submits its form owner from it; a reset button resets it")
def _() -> None:
    d = doc("<form id=f><input name=a value=orig required><input type=submit id=s><input type=image id=i>"
            "<button id=b>go</button><button type=button id=plain></button><input type=reset id=r>"
            "<button type=reset id=br></button><button type=reset id=dis disabled></button></form>"
            "<input type=submit id=orphan><input type=submit form=f id=outside>")
    form = form_of(d)
    submitters: list[Any] = []
    form.addEventListener("submit", lambda e: submitters.append(e.submitter.id))
    for button in ("s", "i", "b", "plain", "orphan", "outside"):
        d.getElementById(button).click()
    assert submitters == ["s", "i", "b", "outside"]
    control = d.querySelector("[name=a]")
    control.value = ""  # now invalid: validation stops the submission, as requestSubmit()'s does
    d.getElementById("s").click()
    assert submitters == ["s", "i", "b", "outside"]
    d.getElementById("dis").click()
    assert control.value == ""  # a disabled reset button does nothing
    d.getElementById("r").click()
    assert control.value == "orig"
    control.value = "x"
    d.getElementById("br").dispatchEvent(dom.ui_events.MouseEvent("click"))
    assert control.value == "orig"


@case("a canceled click does not submit")
def _() -> None:
    d = doc("<form><button id=b>go</button></form>")
    form = form_of(d)
    fired: list[Any] = []
    form.addEventListener("submit", fired.append)
    d.getElementById("b").addEventListener("click", lambda e: e.preventDefault())
    d.getElementById("b").click()
    assert fired == []


@case("a button's activation looks at its type after the click listeners; a link inside is the activation target")
def _() -> None:
    d = doc("<form><button type=button id=b>go</button><button id=outer><a href=#x id=a>x</a></button></form>")
    form = form_of(d)
    fired: list[Any] = []
    form.addEventListener("submit", lambda e: fired.append(e.submitter.id))
    button = d.getElementById("b")
    button.addEventListener("click", lambda e: button.setAttribute("type", "submit"))
    button.click()
    assert fired == ["b"]
    d.getElementById("a").click()  # the link, not the button around it, is activated
    assert fired == ["b"]


# -- runner -------------------------------------------------------------------------------------

_results: dict[str, bool] = {}


@pytest.mark.parametrize("name,fn", CASES, ids=[c[0] for c in CASES])
def test_case(name: str, fn: Callable[[], None]) -> None:
    _results[name] = False
    fn()
    _results[name] = True


def test_summary() -> None:
    print(f"\nform submission WPT ports: {sum(_results.values())}/{len(CASES)} passed")


# -- properties ---------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from html_infra.url import urlencoded_parse  # noqa: E402

_texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_texts.filter(lambda name: bool(name) and name.lower() != "_charset_"), _texts),
                max_size=5))
def test_urlencoded_body_parses_back_to_the_entries(pairs: list[tuple[str, str]]) -> None:
    """A UTF-8 urlencoded body parses back to the entries, newlines as CRLF (a hidden input
    named _charset_ submits the form's encoding name instead, a case of its own above)."""
    d = doc("<form method=post></form>")
    form = form_of(d)
    for name, value in pairs:
        field = d.createElement("input")
        field.type = "hidden"
        field.name = name
        field.value = value
        form.append(field)
    result = form.submission()

    def crlf(s: str) -> str:
        return s.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\r\n")

    assert urlencoded_parse(result.body.decode("ascii")) == [(crlf(n), crlf(v)) for n, v in pairs]
    assert result.url == "https://example.com/dir/page.html"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(_texts.filter(bool), _texts), min_size=1, max_size=4))
def test_multipart_has_one_part_per_entry(pairs: list[tuple[str, str]]) -> None:
    d = doc("<form method=post enctype=multipart/form-data></form>")
    form = form_of(d)
    for name, value in pairs:
        field = d.createElement("textarea")
        field.name = name
        field.value = value
        form.append(field)
    body = form.submission(boundary=BOUNDARY).body
    delimiter = b"--" + BOUNDARY.encode()
    assert body.count(delimiter + b"\r\n") == len(pairs) and body.endswith(delimiter + b"--\r\n")


# -- the navigation hook (https://html.spec.whatwg.org/#plan-to-navigate) ------------------------


def test_navigate_hook_gets_the_request_and_target() -> None:
    from dom.html.forms.submission import set_navigate

    doc = dom.parse_html(
        "<base target=fromBase><form method=post enctype=text/plain action=/echo>"
        "<input name=a value=b><button formtarget=btn>go</button></form>", url="http://example.test/p")
    form = doc.querySelector("form")
    calls: list[tuple[Any, FormSubmission, str]] = []
    form.submit()  # no hook: nothing navigates, the submission is still computed
    set_navigate(doc, lambda f, sub, target: calls.append((f, sub, target)))
    result = form.submit()
    assert calls == [(form, result, "fromBase")]
    assert (result.method, result.url, result.body, result.content_type) == (
        "post", "http://example.test/echo", b"a=b\r\n", "text/plain")
    form.target = "frame1"
    form.requestSubmit()
    assert calls[-1][2] == "frame1"
    form.requestSubmit(doc.querySelector("button"))  # the submitter's formtarget wins
    assert calls[-1][2] == "btn"
    form.addEventListener("submit", lambda e: e.preventDefault())
    form.requestSubmit()  # a canceled submission does not navigate
    assert len(calls) == 3
    set_navigate(doc, None)
    form.submit()
    assert len(calls) == 3


def test_navigate_hook_not_called_for_dialogs() -> None:
    from dom.html.forms.submission import set_navigate

    doc = dom.parse_html("<dialog open><form method=dialog target=x></form></dialog>")
    calls: list[str] = []
    set_navigate(doc, lambda f, sub, target: calls.append(target))
    assert doc.querySelector("form").submit() is not None
    assert calls == []


def test_navigate_hook_not_called_when_formdata_disconnects_the_form() -> None:
    from dom.html.forms.submission import set_navigate

    doc = dom.parse_html("<form action=/x target=f><input name=a value=b></form>", url="http://example.test/")
    form = doc.querySelector("form")
    calls: list[str] = []
    set_navigate(doc, lambda f, sub, target: calls.append(target))
    form.addEventListener("formdata", lambda e: form.remove())
    assert form.submit() is None
    assert calls == []
