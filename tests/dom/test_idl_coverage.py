"""Every interface of idl/dom.webidl that webdom implements, and the platform interfaces of
other IDL files listed below, has all its IDL members on its Python class
(webidl.idl.missing_members, with inherited members and mixins), except the ones listed here
with the reason."""

from __future__ import annotations

import importlib

import pytest

from tests.conftest import specs_path
from webidl.idl import load_idl, missing_members

# interface -> "module:Class"
IMPLEMENTED = {
    "Node": "dom:Node", "Document": "dom:Document", "XMLDocument": "dom:Document",
    "DocumentFragment": "dom:DocumentFragment", "DocumentType": "dom:DocumentType",
    "DOMImplementation": "dom:DOMImplementation", "Element": "dom:Element",
    "Attr": "dom.nodes.attr:Attr", "NamedNodeMap": "dom.nodes.attr:NamedNodeMap",
    "CharacterData": "dom:CharacterData", "Text": "dom:Text", "CDATASection": "dom:CDATASection",
    "Comment": "dom:Comment", "ProcessingInstruction": "dom:ProcessingInstruction",
    "NodeList": "dom.collections:NodeList", "HTMLCollection": "dom.collections:HTMLCollection",
    "DOMTokenList": "dom.tokenlist:DOMTokenList",
    "EventTarget": "dom:EventTarget", "Event": "dom:Event", "CustomEvent": "dom:CustomEvent",
    "AbortController": "dom:AbortController", "AbortSignal": "dom:AbortSignal",
    "XPathResult": "dom.xpath:XPathResult", "XPathExpression": "dom.xpath:XPathExpression",
    "XPathEvaluator": "dom.xpath:XPathEvaluator",
    "MutationObserver": "dom:MutationObserver", "MutationRecord": "dom:MutationRecord",
    "NodeFilter": "dom:NodeFilter", "NodeIterator": "dom:NodeIterator", "TreeWalker": "dom:TreeWalker",
    "AbstractRange": "dom:AbstractRange", "StaticRange": "dom:StaticRange", "Range": "dom:Range",
    "ShadowRoot": "dom:ShadowRoot",
    # outside dom.webidl: html.webidl, encoding.webidl
    "FormDataEvent": "dom:FormDataEvent", "XMLSerializer": "dom:XMLSerializer",
    "TextDecoder": "html_infra:TextDecoder", "TextEncoder": "html_infra:TextEncoder",
    "Location": "dom:Location",
    # shadow trees' HTML side: slots, and declarative shadow roots on template
    "HTMLSlotElement": "dom.html:HTMLSlotElement", "HTMLTemplateElement": "dom.html:HTMLTemplateElement",
}
# Members deliberately absent, with why.
ALLOWED: dict[str, set[str]] = {}
# Interfaces of dom.webidl not implemented, with why (checked so the list stays honest).
NOT_IMPLEMENTED = {
    "XSLTProcessor": "XSLT is not part of the DOM layer webdom implements",
}


@pytest.fixture(scope="module")
def idl():  # type: ignore[no-untyped-def]
    return load_idl(sorted(specs_path("idl").glob("*.webidl")))


def _resolve(target: str) -> type:
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]


@pytest.mark.parametrize("interface", sorted(IMPLEMENTED))
def test_interface_complete(idl, interface: str) -> None:  # type: ignore[no-untyped-def]
    cls = _resolve(IMPLEMENTED[interface])
    missing = [m for m in missing_members(interface, cls, idl, inherited=True) if m not in ALLOWED.get(interface, set())]
    assert missing == [], f"{interface} lacks {missing}"


def test_counts(idl) -> None:  # type: ignore[no-untyped-def]
    complete = sum(1 for i in IMPLEMENTED if not missing_members(i, _resolve(IMPLEMENTED[i]), idl, inherited=True))
    print(f"\nDOM interfaces, IDL coverage: {complete}/{len(IMPLEMENTED)} complete "
          f"({len(NOT_IMPLEMENTED)} not implemented: {', '.join(sorted(NOT_IMPLEMENTED))})")
