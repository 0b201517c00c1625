"""Adoption between HTML and XML documents (issue 28, item 5).  A node's namespace is set when
it is created and never changes (https://dom.spec.whatwg.org/#concept-element-namespace), but
the lxml mirror stores an element's name differently in the two kinds of document (a plain tag
is an HTML element in one, a null-namespace element in the other): adoption restores the
names, so no element changes its namespace, prefix, local name or interface on the way."""

from __future__ import annotations

from typing import Any

import dom

HTML_NS = "http://www.w3.org/1999/xhtml"
SVG_NS = "http://www.w3.org/2000/svg"


def _names(root: Any) -> list[tuple[Any, ...]]:
    return [(e.namespaceURI, e.prefix, e.localName, type(e).__name__) for e in [root, *root.getElementsByTagName("*")]]


def test_html_subtree_adopted_by_an_xml_document() -> None:
    html = dom.parse_html("<div id=d><p>a<b>c</b></p><template><i>t</i></template>"
                          "<svg><g/><foreignObject><q>z</q></foreignObject></svg></div>")
    div = html.getElementById("d")
    before = _names(div)
    assert [name[0] for name in before] == [HTML_NS] * 4 + [SVG_NS] * 3 + [HTML_NS]
    xml = dom.parse_xml("<root/>")
    xml.adoptNode(div)
    assert _names(div) == before
    xml.documentElement.appendChild(div)
    serialized = dom.XMLSerializer().serializeToString(xml)
    assert 'xmlns=""' not in serialized
    assert serialized == (
        '<root><div xmlns="http://www.w3.org/1999/xhtml" id="d"><p>a<b>c</b></p><template><i>t</i></template>'
        '<svg xmlns="http://www.w3.org/2000/svg"><g/><foreignObject><q xmlns="http://www.w3.org/1999/xhtml">z</q>'
        "</foreignObject></svg></div></root>"
    )
    template = div.getElementsByTagName("template")[0]
    assert template.content.firstChild.namespaceURI == HTML_NS
    clone = div.cloneNode(True)
    assert _names(clone) == before
    assert clone.isEqualNode(div)
    assert clone.getElementsByTagName("template")[0].content.firstChild.localName == "i"
    back = dom.parse_html("")
    back.body.append(div)  # and home again
    assert _names(div) == before
    assert back.body.innerHTML.startswith('<div id="d"><p>a<b>c</b></p><template><i>t</i></template>')


def test_xml_subtree_adopted_by_an_html_document() -> None:
    xml = dom.parse_xml(
        "<root xmlns:h='http://www.w3.org/1999/xhtml'><x><script>alert(1)</script><h:p>a</h:p>"
        "<p xmlns='http://www.w3.org/1999/xhtml'>d</p></x></root>"
    )
    x = xml.documentElement.firstChild
    before = _names(x)
    assert before == [
        (None, None, "x", "Element"),
        (None, None, "script", "Element"),
        (HTML_NS, "h", "p", "HTMLParagraphElement"),
        (HTML_NS, None, "p", "HTMLParagraphElement"),
    ]
    html = dom.parse_html("")
    html.body.appendChild(x)
    assert _names(x) == before  # the script stays a null-namespace Element: it never runs
    assert html.getElementsByTagName("script")[0].namespaceURI is None
    assert _names(x.cloneNode(True)) == before
    assert _names(html.importNode(x, True)) == before
    again = dom.parse_xml("<r/>")
    again.documentElement.appendChild(x)
    assert _names(x) == before
