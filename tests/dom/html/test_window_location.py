"""Window and Location (https://html.spec.whatwg.org/#the-window-object,
https://html.spec.whatwg.org/#the-location-interface) for documents from parse_html."""

from __future__ import annotations

import pytest

import dom
from webidl import DOMSyntaxError, NotSupportedError

URL = "https://user:pw@example.org:8080/a/b?q=1#frag"


def _doc(url: str = URL) -> dom.Document:
    return dom.parse_html("<p id=x>hi</p>", url=url)


def test_default_view_only_with_a_browsing_context() -> None:
    document = _doc()
    window = document.defaultView
    assert isinstance(window, dom.Window) and window.document is document
    assert window.window is window and window.self is window and window.frames is window
    assert window.top is window and window.parent is window and window.length == 0
    assert window.opener is None and window.frameElement is None and window.closed is False
    # Documents a browser creates without a browsing context have neither.
    implementation = document.implementation
    for other in (
        dom.DOMParser().parseFromString("<p>", "text/html"),
        dom.DOMParser().parseFromString("<a/>", "application/xml"),
        implementation.createHTMLDocument("t"),
        implementation.createDocument(None, None),
        dom.Document(),
        document.cloneNode(True),
        dom.Document.parseHTMLUnsafe("<p>"),
        document.createElement("template").content.ownerDocument,
    ):
        assert other.defaultView is None and other.location is None
    with pytest.raises(TypeError):
        dom.Window()
    with pytest.raises(TypeError):
        dom.Location()


def test_location_is_the_same_object() -> None:
    document = _doc()
    assert document.location is document.defaultView.location is document.location
    assert str(document.location) == document.location.toString() == URL


def test_window_name() -> None:
    window = _doc().defaultView
    assert window.name == ""
    window.name = 5
    assert window.name == "5"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (URL, ("https://example.org:8080", "https:", "example.org:8080", "example.org", "8080", "/a/b", "?q=1", "#frag")),
        ("https://example.org:443/?#", ("https://example.org", "https:", "example.org", "example.org", "", "/", "", "")),
        ("http://[::1]/p", ("http://[::1]", "http:", "[::1]", "[::1]", "", "/p", "", "")),
        ("file:///C:/x", ("null", "file:", "", "", "", "/C:/x", "", "")),
        ("about:blank", ("null", "about:", "", "", "", "blank", "", "")),
        ("blob:https://a.example/uuid", ("https://a.example", "blob:", "", "", "", "https://a.example/uuid", "", "")),
        ("https://xn--nxasmq6b.example/", ("https://xn--nxasmq6b.example", "https:", "xn--nxasmq6b.example",
                                          "xn--nxasmq6b.example", "", "/", "", "")),
    ],
)
def test_getters(url: str, expected: tuple[str, ...]) -> None:
    location = _doc(url).location
    names = ("origin", "protocol", "host", "hostname", "port", "pathname", "search", "hash")
    assert tuple(getattr(location, name) for name in names) == expected
    assert location.href == url.replace(":443", "")
    assert len(location.ancestorOrigins) == 0 and location.ancestorOrigins is location.ancestorOrigins


def test_fragment_navigation_updates_the_document_url() -> None:
    document = _doc()
    location = document.location
    location.hash = "top"
    assert document.URL == "https://user:pw@example.org:8080/a/b?q=1#top" and location.hash == "#top"
    location.hash = "#a b"  # the fragment percent-encode set
    assert location.hash == "#a%20b"
    location.href = "#x"  # parsed against the document's base URL
    assert document.URL.endswith("?q=1#x")
    location.assign("b?q=1#y")
    assert location.hash == "#y"
    location.replace(URL)
    assert document.URL == URL
    document.location = "#z"  # [PutForwards=href]
    assert location.hash == "#z"
    document.defaultView.location = "#w"
    assert location.hash == "#w"
    location.hash = ""  # an empty fragment is still a fragment navigation
    assert document.URL == "https://user:pw@example.org:8080/a/b?q=1#" and location.hash == ""


def test_fragment_navigation_changes_target() -> None:
    document = dom.parse_html("<p id=a></p><p id=b></p>", url="https://example.org/")
    document.location.hash = "b"
    assert document.documentElement.baseURI == "https://example.org/#b"


def test_same_fragment_is_not_a_navigation() -> None:
    document = _doc()
    document.location.hash = "frag"
    assert document.URL == URL


@pytest.mark.parametrize(
    ("member", "value"),
    [
        ("href", "https://example.com/"),
        ("href", "/a/b?q=1"),  # same URL without a fragment: a reload, not a fragment navigation
        ("search", "z"),
        ("search", ""),
        ("pathname", "/c"),
        ("host", "example.com:1"),
        ("hostname", "example.com"),
        ("port", "81"),
        ("port", ""),
        ("protocol", "http"),
    ],
)
def test_other_navigations_raise(member: str, value: str) -> None:
    document = _doc()
    with pytest.raises(NotSupportedError):
        setattr(document.location, member, value)
    assert document.URL == URL


def test_navigation_methods() -> None:
    location = _doc().location
    with pytest.raises(NotSupportedError):
        location.assign("/elsewhere")
    with pytest.raises(NotSupportedError):
        location.replace("https://example.com/")
    with pytest.raises(NotSupportedError):
        location.reload()
    for call in (location.assign, location.replace):
        with pytest.raises(DOMSyntaxError):
            call("http://[::")
    with pytest.raises(DOMSyntaxError):
        location.href = "https://exa mple.org/"


def test_setters_that_do_not_navigate() -> None:
    # https://html.spec.whatwg.org/#dom-location-protocol: a non-HTTP(S) scheme terminates;
    # an unparsable one is a SyntaxError.
    document = _doc()
    document.location.protocol = "ftp"
    with pytest.raises(DOMSyntaxError):
        document.location.protocol = "1x"
    opaque = _doc("mailto:someone@example.org")
    for member in ("host", "hostname", "pathname", "port"):
        setattr(opaque.location, member, "x")  # opaque path / no host: returns early
    assert opaque.URL == "mailto:someone@example.org"
    with pytest.raises(NotSupportedError):  # search has no early return
        opaque.location.search = "x"
    assert document.URL == URL


def test_events_reach_the_window() -> None:
    # https://dom.spec.whatwg.org/#interface-document: a document's "get the parent" is its
    # window, except for load events.
    document = _doc()
    window = document.defaultView
    seen: list[tuple[str, int]] = []
    window.addEventListener("click", lambda event: seen.append(("bubble", event.eventPhase)))
    window.addEventListener("click", lambda event: seen.append(("capture", event.eventPhase)), True)
    window.addEventListener("load", lambda event: seen.append(("load", event.eventPhase)))
    target = document.getElementById("x")
    event = dom.Event("click", {"bubbles": True})
    target.dispatchEvent(event)
    assert seen == [("capture", 1), ("bubble", 3)]
    target.dispatchEvent(dom.Event("load", {"bubbles": True}))
    assert seen == [("capture", 1), ("bubble", 3)]
    window.dispatchEvent(dom.Event("load"))
    assert seen[-1] == ("load", 2)


def test_about_base_url_is_the_fallback_of_about_blank_and_srcdoc() -> None:
    """https://html.spec.whatwg.org/#fallback-base-url: an about:blank or srcdoc document uses
    the about base URL its creator gave it; its own <base> resolves against that."""
    from dom.reflection import fallback_base_url, set_about_base_url

    blank = dom.parse_html("", url="about:blank")
    set_about_base_url(blank, "https://example.com/dir/page.html")
    image = blank.createElement("img")
    image.setAttribute("src", "foo")
    assert fallback_base_url(blank) == "https://example.com/dir/page.html"
    assert blank.baseURI == "https://example.com/dir/page.html" and image.src == "https://example.com/dir/foo"
    base = blank.body.appendChild(blank.createElement("base"))
    base.setAttribute("href", "sub/")
    assert base.href == "https://example.com/dir/sub/" and image.src == "https://example.com/dir/sub/foo"
    srcdoc = dom.parse_html("<p>x</p>", url="about:srcdoc")
    set_about_base_url(srcdoc, "https://example.com/a/")
    assert srcdoc.baseURI == "https://example.com/a/"
    page = dom.parse_html("", url="https://example.org/p")
    set_about_base_url(page, "https://example.com/a/")  # not about:blank: its own URL
    assert page.baseURI == "https://example.org/p"
    set_about_base_url(blank, None)
    base.remove()
    assert fallback_base_url(blank) == "about:blank" and blank.baseURI == "about:blank"
