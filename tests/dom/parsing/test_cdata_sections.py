"""CDATA sections of parsed XML are CDATASection nodes (issue 32).

https://html.spec.whatwg.org/#xml-parser (the DOM of the XML infoset) with
https://dom.spec.whatwg.org/#interface-cdatasection; serialization by
https://w3c.github.io/DOM-Parsing/#xml-serializing-a-text-node's CDATASection case as browsers write
it; https://dom.spec.whatwg.org/#concept-node-clone, #dom-node-textcontent, #dom-node-normalize
(only exclusive Text nodes merge: https://dom.spec.whatwg.org/#exclusive-text-node), #dom-text-wholetext.
"""

from __future__ import annotations

import pytest

import dom
from dom import CDATASection, Text

CDATA, TEXT = 4, 3


def _kinds(parent: dom.Node) -> list[tuple[int, str]]:
    return [(n.nodeType, n.data if n.nodeType in (TEXT, CDATA) else n.nodeName) for n in parent.childNodes]


def test_a_cdata_section_is_a_cdatasection_node() -> None:
    document = dom.DOMParser().parseFromString("<r><![CDATA[a<b]]></r>", "text/xml")
    section = document.documentElement.firstChild
    assert isinstance(section, CDATASection) and isinstance(section, Text)
    assert (section.nodeType, section.nodeName, section.data) == (CDATA, "#cdata-section", "a<b")
    assert dom.XMLSerializer().serializeToString(document) == "<r><![CDATA[a<b]]></r>"


def test_cdata_sections_between_text_elements_comments_and_pis() -> None:
    markup = ("<r>a<![CDATA[b&amp;]]>c<x/><![CDATA[]]><![CDATA[d]]>e<!--f--><![CDATA[g]]>"
              "<?p q?><y><![CDATA[h]]></y><![CDATA[i]]></r>")
    root = dom.parse_xml(markup).documentElement
    assert _kinds(root) == [(TEXT, "a"), (CDATA, "b&amp;"), (TEXT, "c"), (1, "x"), (CDATA, ""), (CDATA, "d"),
                            (TEXT, "e"), (8, "#comment"), (CDATA, "g"), (7, "p"), (1, "y"), (CDATA, "i")]
    assert _kinds(root.childNodes[10]) == [(CDATA, "h")]
    assert dom.XMLSerializer().serializeToString(root) == markup
    assert root.textContent == "ab&amp;cdeghi"  # the data of the Text descendants, CDATA sections included
    # the lxml tree stays the plain mirror: the same text, in its slots
    assert root._lx.text == "ab&amp;c" and root._lx[0].tail == "de"


def test_the_xml_parser_reads_cdata_sections_as_xml_does() -> None:
    """Newlines are normalized in CDATA sections too; entity references are not expanded there;
    entities declared in the internal subset expand before (their own CDATA sections included);
    the XHTML public identifiers' named references stay text."""
    root = dom.parse_xml(b'<?xml version="1.0" encoding="windows-1252"?><r>\xe9<![CDATA[\xe8\r\n&lt;]]>\r\n</r>').documentElement
    assert _kinds(root) == [(TEXT, "é"), (CDATA, "è\n&lt;"), (TEXT, "\n")]
    root = dom.parse_xml('<!DOCTYPE r [<!ENTITY e "<![CDATA[x]]>"><!ENTITY f "<q>y</q>">]><r>&f;&e;<![CDATA[z]]></r>').documentElement
    assert _kinds(root) == [(1, "q"), (CDATA, "x"), (CDATA, "z")]
    xhtml = ('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x"><html xmlns="http://www.w3.org/1999/xhtml">'
             "<p>a&nbsp;b<![CDATA[<&nbsp;>]]>&amp;c</p></html>")
    p = dom.parse_xml(xhtml).getElementsByTagName("p")[0]
    assert _kinds(p) == [(TEXT, "a\xa0b"), (CDATA, "<&nbsp;>"), (TEXT, "&c")]


def test_html_keeps_no_cdata_sections() -> None:
    """https://html.spec.whatwg.org/#markup-declaration-open-state: in HTML content ``<![CDATA[``
    is a bogus comment (only foreign content has CDATA sections, and they become text)."""
    body = dom.DOMParser().parseFromString("<p><![CDATA[x]]></p><svg><![CDATA[y]]></svg>", "text/html").body
    assert _kinds(body.firstChild) == [(8, "#comment")]
    assert _kinds(body.lastChild) == [(TEXT, "y")]


@pytest.mark.parametrize("deep_copy", ["cloneNode", "importNode", "importNode into HTML"])
def test_cloning_keeps_cdata_sections(deep_copy: str) -> None:
    """https://dom.spec.whatwg.org/#concept-node-clone: a copy of a CDATASection is a
    CDATASection (a node that implements the same interfaces)."""
    root = dom.parse_xml("<r>a<![CDATA[b]]><x><![CDATA[c]]></x><![CDATA[d]]></r>").documentElement
    if deep_copy == "cloneNode":
        copy = root.cloneNode(True)
    else:
        other = dom.parse_xml("<o/>") if deep_copy == "importNode" else dom.parse_html("")
        copy = other.importNode(root, True)
    assert _kinds(copy) == _kinds(root) == [(TEXT, "a"), (CDATA, "b"), (1, "x"), (CDATA, "d")]
    assert _kinds(copy.childNodes[2]) == [(CDATA, "c")]
    assert all(type(a) is type(b) for a, b in zip(copy.childNodes, root.childNodes, strict=True))
    assert root.isEqualNode(copy)


def test_text_algorithms_over_cdata_sections() -> None:
    root = dom.parse_xml("<r>a<![CDATA[b]]>c</r>").documentElement
    root.normalize()  # CDATA sections are not exclusive Text nodes: nothing merges
    assert _kinds(root) == [(TEXT, "a"), (CDATA, "b"), (TEXT, "c")]
    assert root.firstChild.wholeText == "a" and root.lastChild.wholeText == "c"
    second = root.childNodes[1].splitText(0)  # https://dom.spec.whatwg.org/#concept-text-split: the same interface
    assert type(second) is CDATASection and _kinds(root) == [(TEXT, "a"), (CDATA, ""), (CDATA, "b"), (TEXT, "c")]
    root.textContent = "z"  # replaces them all with one Text node
    assert _kinds(root) == [(TEXT, "z")]


def test_pickling_keeps_cdata_sections() -> None:
    import pickle

    document = dom.parse_xml("<r>a<![CDATA[b<c]]>d</r>")
    again = pickle.loads(pickle.dumps(document))
    assert _kinds(again.documentElement) == [(TEXT, "a"), (CDATA, "b<c"), (TEXT, "d")]


def test_xml_fragment_parsing_keeps_cdata_sections() -> None:
    """https://html.spec.whatwg.org/#xml-fragment-parsing-algorithm (innerHTML in an XML document)."""
    root = dom.parse_xml("<r/>").documentElement
    root.innerHTML = "a<![CDATA[<b>]]>"
    assert _kinds(root) == [(TEXT, "a"), (CDATA, "<b>")]
    assert root.innerHTML == "a<![CDATA[<b>]]>"


def test_mutating_around_cdata_sections() -> None:
    document = dom.parse_xml("<r>a<![CDATA[b]]>c</r>")
    root = document.documentElement
    section = root.childNodes[1]
    root.insertBefore(document.createElement("e"), section)
    assert _kinds(root) == [(TEXT, "a"), (1, "e"), (CDATA, "b"), (TEXT, "c")]
    assert root.childNodes[2] is section and section.previousSibling.nodeName == "e"
    section.data = "b2"
    assert dom.XMLSerializer().serializeToString(root) == "<r>a<e/><![CDATA[b2]]>c</r>"
    root.removeChild(section)
    assert _kinds(root) == [(TEXT, "a"), (1, "e"), (TEXT, "c")] and section.parentNode is None
