"""Unit tests for dom.reflection descriptors and the HTML element table (what the WPT data
does not cover: identity of interfaces, nonce slot, keyword aliases, URL resolution)."""

import pytest

import dom
from dom.html import HTMLElement, HTMLUnknownElement
from webidl import IndexSizeError


def doc(html: str = "", url: str = "http://example.test/dir/page.html"):
    return dom.parse_html(html, url=url)


def test_interfaces_by_local_name():
    d = doc("<p><a><foo-bar></foo-bar><blink></blink><listing></listing><h3></h3>")
    assert type(d.querySelector("a")).__name__ == "HTMLAnchorElement"
    assert type(d.querySelector("listing")).__name__ == "HTMLPreElement"
    assert type(d.querySelector("h3")).__name__ == "HTMLHeadingElement"
    assert type(d.querySelector("blink")) is HTMLUnknownElement
    assert isinstance(d.querySelector("foo-bar"), HTMLElement)
    assert not isinstance(d.querySelector("foo-bar"), HTMLUnknownElement)
    assert type(d.createElement("span")).__name__ == "HTMLSpanElement"


def test_numbers():
    d = doc('<img width="100px"><input maxlength="-5" size="0">')
    assert d.querySelector("img").width == 100
    inp = d.querySelector("input")
    assert inp.maxLength == -1
    assert inp.size == 20
    with pytest.raises(IndexSizeError):
        inp.maxLength = -1
    with pytest.raises(IndexSizeError):
        inp.size = 0
    td = d.createElement("td")
    td.setAttribute("colspan", "5000")
    assert td.colSpan == 1000


def test_url_resolution_with_base_and_encoding():
    d = doc('<base href="/base/"><a href=" x?q=é ">a</a>')
    assert d.querySelector("a").href == "http://example.test/base/x?q=%C3%A9"
    d2 = dom.parse_html('<a href="http://[bad">a</a>', url="http://example.test/")
    assert d2.querySelector("a").href == "http://[bad"


def test_enumerated():
    img = doc().createElement("img")
    assert img.crossOrigin is None
    img.setAttribute("crossorigin", "bogus")
    assert img.crossOrigin == "anonymous"
    img.crossOrigin = None
    assert not img.hasAttribute("crossorigin")
    link = doc().createElement("link")
    link.as_ = "SCRIPT"
    assert getattr(link, "as") == "script"


def test_nonce_slot_survives_and_clones():
    d = doc("<script nonce=abc></script>")
    s = d.querySelector("script")
    s.nonce = "other"
    assert s.getAttribute("nonce") == "abc"
    assert s.cloneNode().nonce == "other"
    del s
    assert d.querySelector("script").nonce == "other"


def test_hyperlink_utils():
    d = doc('<a href="https://u:p@ex.com:8080/a/b?x=1#h">x</a><a>y</a>')
    a, b = d.querySelectorAll("a")
    assert (a.protocol, a.username, a.password, a.host, a.hostname, a.port) == (
        "https:", "u", "p", "ex.com:8080", "ex.com", "8080")
    assert (a.origin, a.pathname, a.search, a.hash, str(a)) == (
        "https://ex.com:8080", "/a/b", "?x=1", "#h", a.href)
    a.hostname = "example.org"
    a.search = "q=é"
    a.hash = ""
    assert a.getAttribute("href") == "https://u:p@example.org:8080/a/b?q=%C3%A9"
    assert (b.href, b.protocol, b.host) == ("", ":", "")
    b.pathname = "/x"  # url is null: nothing happens
    assert not b.hasAttribute("href")
    assert a.text == "x"


def test_base_href_uses_fallback_base_url():
    d = doc('<base href="sub/">')
    assert d.querySelector("base").href == "http://example.test/dir/sub/"
    assert d.createElement("base").href == "http://example.test/dir/page.html"


def test_tables():
    d = doc("<table><tfoot><tr><td>f</tfoot><tbody><tr><td>a<td>b</tbody><thead><tr><th>h</thead></table>")
    t = d.querySelector("table")
    assert [r.textContent for r in t.rows] == ["h", "ab", "f"]
    assert t.rows is t.rows
    row = t.insertRow(1)
    assert (row.rowIndex, row.sectionRowIndex) == (1, 0)
    cell = row.insertCell()
    assert cell.cellIndex == 0 and len(row.cells) == 1
    assert t.createCaption() is t.firstChild
    t.deleteTHead()
    assert t.tHead is None
    t.deleteRow(-1)
    assert len(t.rows) == 2
    with pytest.raises(IndexSizeError):
        t.insertRow(7)
    empty = d.createElement("table")
    empty.insertRow()
    assert empty.firstChild.localName == "tbody" and len(empty.tBodies) == 1


def test_text_members():
    d = doc("<title> a <b>x</b></title><select><optgroup><option> One  <script>no</script>two</option></optgroup>"
            "<option label=L value=V>z</option></select><script>let x</script>")
    title = d.querySelector("title")
    assert title.text == " a <b>x</b>"
    first, second = d.querySelectorAll("option")
    assert (first.text, first.value, first.label, first.index) == ("One two", "One two", "One two", 0)
    assert (second.label, second.value, second.index) == ("L", "V", 1)
    script = d.querySelector("script")
    script.text = "y"
    assert script.childNodes.length == 1 and script.text == "y"


def test_global_custom_getters():
    d = doc('<div translate=no><p id=p></p></div><img><a href=x></a><span hidden=UNTIL-found></span>')
    assert d.getElementById("p").translate is False
    assert d.querySelector("img").draggable is True
    assert d.querySelector("a").draggable is True
    assert d.querySelector("span").hidden == "until-found"
    assert d.querySelector("a").tabIndex == 0 and d.getElementById("p").tabIndex == -1
    meter = d.createElement("meter")
    meter.setAttribute("value", "5")
    meter.setAttribute("max", "2")
    assert meter.value == 2.0 and meter.optimum == 1.0


def test_nonce_hidden_with_header_delivered_csp():
    d = dom.parse_html('<script nonce=abc></script><style nonce=s></style>', csp_header="script-src 'nonce-abc'")
    assert 'nonce=""' in d.documentElement.outerHTML
    assert 'abc' not in d.documentElement.outerHTML
    script = d.querySelector("script")
    assert (script.nonce, script.getAttribute("nonce")) == ("abc", "")
    assert d.querySelector("style").nonce == "s"
    assert script.cloneNode().nonce == "abc"
    late = d.createElement("script")
    late.setAttribute("nonce", "zz")
    assert late.getAttribute("nonce") == "zz"  # not connected yet
    d.documentElement.appendChild(late)
    assert (late.nonce, late.getAttribute("nonce")) == ("zz", "")


def test_nonce_kept_without_csp():
    d = dom.parse_html("<script nonce=abc></script>")
    script = d.querySelector("script")
    assert (script.nonce, script.getAttribute("nonce")) == ("abc", "abc")
    script.removeAttribute("nonce")
    assert script.nonce == ""


def test_element_reflection():
    d = doc('<button id=b commandfor=t></button><div id=t></div><div id=u></div>')
    button = d.getElementById("b")
    target, other = d.getElementById("t"), d.getElementById("u")
    assert button.commandForElement is target
    button.commandForElement = other
    assert button.getAttribute("commandfor") == "" and button.commandForElement is other
    detached = d.createElement("div")
    button.commandForElement = detached
    assert button.commandForElement is None  # not in the button's tree
    button.setAttribute("commandfor", "t")  # the attribute change steps forget the element
    assert button.commandForElement is target
    button.commandForElement = None
    assert not button.hasAttribute("commandfor")
    with pytest.raises(TypeError):
        button.commandForElement = "t"


def test_url_query_uses_document_encoding():
    d = dom.parse_html('<a href="caf\xe9?q=cr\xe8me">x</a>'.encode("windows-1252"), url="https://s.example/",
                       encoding="windows-1252")
    assert d.querySelector("a").href == "https://s.example/caf%C3%A9?q=cr%E8me"


def test_example_runs():
    import runpy
    from pathlib import Path

    runpy.run_path(str(Path(__file__).parents[3] / "examples" / "reflection.py"), run_name="__main__")


def test_inert_members():
    from webidl import NotSupportedError

    d = doc('<template><p>x</p></template><map><area></map><p id=p>a<b>b</b></p>'
            '<progress value=0.5 max=2></progress><progress></progress><video></video><img src=x><img>'
            '<iframe></iframe><canvas></canvas><select multiple></select>')
    assert type(d.querySelector("template")).__name__ == "HTMLTemplateElement"
    assert d.querySelector("template").content.firstChild.localName == "p"
    assert len(d.querySelector("map").areas) == 1
    p = d.getElementById("p")
    assert p.innerText == "ab"
    p.innerText = "a\r\nb"
    assert p.innerHTML == "a<br>b"
    first, second = d.querySelectorAll("progress")
    assert (first.position, second.position) == (0.25, -1.0)
    video = d.querySelector("video")
    assert (video.canPlayType("video/mp4"), video.readyState, video.HAVE_NOTHING, video.paused) == ("", 0, 0, True)
    with pytest.raises(NotSupportedError):
        video.play()
    img_src, img_none = d.querySelectorAll("img")
    assert (img_src.complete, img_none.complete, img_src.naturalWidth) == (False, True, 0)
    assert d.querySelector("iframe").contentDocument is None
    canvas = d.querySelector("canvas")
    assert canvas.getContext("2d") is None
    with pytest.raises(NotSupportedError):
        canvas.toDataURL()
    assert d.querySelector("select").type == "select-multiple"
    assert d.createElement("script").supports("module") is True
    assert d.createElement("img").fetchPriority == "auto"


def test_base_url_cache_follows_mutations():
    d = doc('<a href="x">a</a>')
    a = d.querySelector("a")
    assert a.href == "http://example.test/dir/x"
    base = d.createElement("base")
    base.setAttribute("href", "https://other.example/")
    d.documentElement.firstChild.appendChild(base)
    assert a.href == "https://other.example/x"
    base.remove()
    assert a.href == "http://example.test/dir/x"


def test_autocapitalize_and_writing_suggestions():
    d = doc('<form autocapitalize=words><input id=i></form><div autocapitalize=off id=o></div>'
            '<div autocapitalize=bogus id=b></div><div writingsuggestions=false><p id=p></p></div>')
    assert d.getElementById("i").autocapitalize == "words"
    assert d.getElementById("o").autocapitalize == "none"
    assert d.getElementById("b").autocapitalize == "sentences"
    assert d.createElement("div").autocapitalize == ""
    assert d.getElementById("p").writingSuggestions == "false"
    assert d.createElement("p").writingSuggestions == "true"


def test_script_async_force_async():
    # The parser prepares each script at its end tag: step 4 of "prepare the script element" sets
    # force async, and only a script that would run (src or text, a script type) clears it again
    # (https://html.spec.whatwg.org/#prepare-the-script-element; WPT async_011).  An empty parsed
    # script therefore reads true, as in browsers; this test said false before the parser ran
    # those steps.
    d = doc("<script></script><script>x()</script><div></div>")
    assert d.querySelector("script").async_ is True
    assert d.querySelectorAll("script")[1].async_ is False
    created = d.createElement("script")
    assert created.async_ is True and getattr(created, "async") is True
    created.async_ = False
    assert created.async_ is False and not created.hasAttribute("async")
    other = d.createElement("script")
    other.setAttribute("async", "")
    other.removeAttribute("async")
    assert other.async_ is False  # adding the attribute cleared force async


def test_huge_numbers_are_errors_not_crashes():
    d = doc()
    cases = [("input", "maxlength", "maxLength", -1), ("td", "colspan", "colSpan", 1000), ("p", "tabindex", "tabIndex", -1),
             ("ol", "start", "start", 1), ("textarea", "cols", "cols", 20)]
    for tag, content, idl, expected in cases:
        element = d.createElement(tag)
        element.setAttribute(content, "9" * 10000)
        assert getattr(element, idl) == expected, (tag, idl)
    zeros = d.createElement("td")
    zeros.setAttribute("rowspan", "0" * 10000 + "7")
    assert zeros.rowSpan == 7
    negative = d.createElement("input")
    negative.setAttribute("maxlength", "-" + "9" * 10000)
    assert negative.maxLength == -1
    meter = d.createElement("meter")
    meter.setAttribute("value", "9" * 100000)
    assert meter.value == 0.0


def test_autocorrect():
    d = doc('<form autocorrect=off><input id=s type=search><textarea id=t autocorrect=on></textarea></form>'
            '<input id=e type=email autocorrect=on>')
    assert d.getElementById("s").autocorrect is False
    assert d.getElementById("t").autocorrect is True
    assert d.getElementById("e").autocorrect is False
    div = d.createElement("div")
    assert div.autocorrect is True
    div.autocorrect = False
    assert div.getAttribute("autocorrect") == "off"


def test_url_reflection_encodes_a_lone_surrogate_as_the_replacement_character() -> None:
    """The URL parser's input is a scalar value string: an attribute value's lone surrogate is
    U+FFFD, encoded %EF%BF%BD as URL() does (in a windows-1252 query, as &#65533;)."""
    import webdom

    a = webdom.parse_html("<a>x</a>", url="http://x/").querySelector("a")
    a.setAttribute("href", "/\ud800?\udc00")
    assert a.href == "http://x/%EF%BF%BD?%EF%BF%BD" == webdom.URL("/\ud800?\udc00", "http://x/").href
    legacy = webdom.parse_html(b"<meta charset=windows-1252><a>x</a>", url="http://x/").querySelector("a")
    legacy.setAttribute("href", "/?\ud800")
    assert legacy.search == "?%26%2365533%3B"
