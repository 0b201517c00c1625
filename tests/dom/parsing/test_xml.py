"""parse_xml (hardened lxml parsing), wrap (a Document over an lxml tree) and DOMParser."""

from __future__ import annotations

import lxml.etree
import lxml.html
import pytest

import dom
from dom import XMLParseError, parse_xml, wrap

XMLNS = "http://www.w3.org/2000/xmlns/"

BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<lolz>&lol9;</lolz>"""


def test_parse_xml_document() -> None:
    doc = parse_xml(
        b'<?xml version="1.0" encoding="ISO-8859-1"?><!DOCTYPE r SYSTEM "r.dtd" [<!ENTITY e "ent">]>'
        b'<!--c--><r xmlns="urn:d" xmlns:x="urn:x" x:a="1" b="2"><x:c>&e;&amp;\xe9</x:c><?pi data?></r><!--after-->',
        url="https://example.com/doc.xml",
    )
    assert doc.contentType == "application/xml" and doc.characterSet == "windows-1252"
    assert doc.URL == "https://example.com/doc.xml"
    assert [n.nodeName for n in doc.childNodes] == ["r", "#comment", "r", "#comment"]
    assert (doc.doctype.name, doc.doctype.systemId) == ("r", "r.dtd")
    root = doc.documentElement
    assert root.namespaceURI == "urn:d" and root.tagName == "r"  # no HTML uppercasing
    assert root.getAttributeNames() == ["xmlns", "xmlns:x", "x:a", "b"]
    assert root.getAttributeNS(XMLNS, "x") == "urn:x"
    assert root.getAttributeNodeNS("urn:x", "a").prefix == "x"
    c = root.firstChild
    assert (c.prefix, c.localName, c.namespaceURI, c.textContent) == ("x", "c", "urn:x", "ent&\xe9")
    assert c.lookupNamespaceURI(None) == "urn:d" and c.lookupPrefix("urn:x") == "x"
    assert root.lastChild.nodeName == "pi" and root.lastChild.data == "data"
    assert doc.getElementsByTagNameNS("urn:x", "c")[0] is c
    assert doc.querySelector("c") is c


def test_parse_xml_str_and_xhtml() -> None:
    doc = parse_xml(
        '<?xml version="1.0" encoding="windows-1252"?><html xmlns="http://www.w3.org/1999/xhtml">'
        "<body><p>caf\xe9</p></body></html>",
        content_type="application/xhtml+xml",
    )
    p = doc.querySelector("p")
    assert type(p).__name__ == "HTMLParagraphElement"
    assert p.tagName == "p" and p.textContent == "caf\xe9"
    assert doc.body is doc.querySelector("body")
    with pytest.raises(ValueError):
        parse_xml("<a/>", content_type="text/html")


@pytest.mark.parametrize(
    "markup",
    [
        "<a><b></a>",
        "",
        "<a/><b/>",
        '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>',
        '<!DOCTYPE r [<!ENTITY x SYSTEM "http://example.invalid/x">]><r>&x;</r>',
        "<r>&undefined;</r>",
    ],
)
def test_parse_xml_errors(markup: str) -> None:
    with pytest.raises(XMLParseError) as info:
        parse_xml(markup)
    assert isinstance(info.value, ValueError)


def test_entity_bomb_is_refused_fast() -> None:
    with pytest.raises(XMLParseError, match="amplification"):
        parse_xml(BOMB)


def test_external_dtd_is_not_loaded(tmp_path) -> None:  # type: ignore[no-untyped-def]
    dtd = tmp_path / "x.dtd"
    dtd.write_text('<!ENTITY secret "leaked">')
    doc = parse_xml(f'<!DOCTYPE r SYSTEM "{dtd.as_uri()}"><r>x</r>')
    assert doc.documentElement.textContent == "x"
    with pytest.raises(XMLParseError):
        parse_xml(f'<!DOCTYPE r SYSTEM "{dtd.as_uri()}"><r>&secret;</r>')


def test_deep_and_large_xml() -> None:
    doc = parse_xml("<a>" * 2000 + "</a>" * 2000)
    assert len(doc.getElementsByTagName("a")) == 2000
    big = "x" * 20_000_000
    assert len(parse_xml(f"<r>{big}</r>").documentElement.textContent) == len(big)


def test_wrap_html_tree_in_place() -> None:
    tree = lxml.html.fromstring("<html><head><title>T</title></head><body><p class=a>hi<!--x--></p></body></html>")
    doc = wrap(tree)
    assert doc.contentType == "text/html" and doc.title == "T"
    p = doc.querySelector("p.a")
    assert p.tagName == "P" and p.textContent == "hi"
    assert wrap(tree) is doc and wrap(tree.getroottree()) is doc
    assert p._lx is tree.find(".//p")
    p.setAttribute("id", "new")
    p.appendChild(doc.createElement("b")).textContent = "!"
    assert lxml.html.tostring(tree) == b'<html><head><title>T</title></head><body><p class="a" id="new">hi<!--x--><b>!</b></p></body></html>'
    assert p.childNodes.length == 3


def test_wrap_xml_tree() -> None:
    root = lxml.etree.fromstring('<r xmlns:x="urn:x"><x:c x:a="1">t</x:c><!--k--></r>')
    doc = wrap(root)
    assert doc.contentType == "application/xml"
    c = doc.documentElement.firstChild
    assert (c.prefix, c.namespaceURI, c.localName) == ("x", "urn:x", "c")
    assert c.getAttributeNodeNS("urn:x", "a").name == "x:a"
    assert doc.documentElement.getAttributeNames() == []  # nsmap is not turned into attributes
    with pytest.raises(TypeError):
        wrap("<r/>")


def test_wrap_replaces_entity_references() -> None:
    root = lxml.etree.fromstring("<r>a<b/>c</r>")
    root[0].addprevious(lxml.etree.Entity("nbsp"))
    doc = wrap(root)
    assert doc.documentElement.textContent == "a&nbsp;c"


def test_dom_parser() -> None:
    parser = dom.DOMParser()
    html = parser.parseFromString("<p>x", "text/html")
    assert html.contentType == "text/html" and html.body.textContent == "x"
    svg = parser.parseFromString('<svg xmlns="http://www.w3.org/2000/svg"><title>t</title></svg>', "image/svg+xml")
    assert svg.contentType == "image/svg+xml" and svg.title == "t"
    bad = parser.parseFromString("<a><b>", "application/xml")
    assert bad.documentElement.localName == "parsererror"
    assert bad.documentElement.namespaceURI == "http://www.mozilla.org/newlayout/xml/parsererror.xml"
    with pytest.raises(TypeError):
        parser.parseFromString("<a/>", "text/plain")


def test_xhtml_public_identifiers_get_html_entities() -> None:
    doc = parse_xml(
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
        '"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">'
        '<html xmlns="http://www.w3.org/1999/xhtml"><body>a&nbsp;&eacute;&LT;&AMP;&NotEqualTilde;</body></html>'
    )
    assert doc.body.textContent == "a\xa0\xe9<&\u2242\u0338"
    with pytest.raises(XMLParseError):
        parse_xml('<!DOCTYPE html SYSTEM "about:legacy-compat"><html>&nbsp;</html>')


def test_parse_xml_transport_encoding() -> None:
    # RFC 7303 section 3.2: a BOM, then the charset parameter, then the XML declaration.
    declared = b"<?xml version='1.0' encoding='utf-8'?><p>cr\xe8me</p>"
    document = parse_xml(declared, encoding="latin1")
    assert document.characterSet == "windows-1252" and document.documentElement.textContent == "crème"
    with_bom = b"\xef\xbb\xbf<p>cr\xc3\xa8me</p>"
    assert parse_xml(with_bom, encoding="windows-1252").documentElement.textContent == "crème"
    with pytest.raises(ValueError):
        parse_xml(b"<p/>", encoding="no-such-label")
    with pytest.raises(XMLParseError):
        parse_xml(b"<p/>", encoding="iso-2022-kr")  # a "replacement" label
