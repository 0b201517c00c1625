"""Nonce attributes: the [[CryptographicNonce]] internal slot and nonce hiding.

https://html.spec.whatwg.org/#nonce-attributes

The slot is the wrapper's declared ``_nonce`` field (HTML, SVG and MathML elements); the DOM
core keeps every wrapper it has created alive (its identity map), so the slot survives while the
user holds no reference.
Elements the parser created are wrapped lazily, and the parser sets attributes without running
attribute change steps, so an element whose slot was never written takes it from its ``nonce``
attribute the first time the slot is read -- the value the attribute change steps would have
stored while parsing.

Nonce hiding runs when an element "becomes browsing-context connected" in a document whose CSP
list holds a header-delivered policy (``parse_html(..., csp_header=...)``): for inserted
elements through the core's insertion hook, and for parsed documents through
:func:`hide_nonces_in_document`, which runs on a document's first wrapped element if the core
has not run it (see the report: the core should call it at the end of ``parse_html``).
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from ..nodes.identity import node_for

__all__ = ["cryptographic_nonce", "set_cryptographic_nonce", "hide_nonce", "hide_nonces_in_document"]

def cryptographic_nonce(element: Any) -> str:
    """https://html.spec.whatwg.org/#cryptographicnonce"""
    try:
        value: str = element._nonce
        return value
    except AttributeError:  # never written: the attribute's value, as while parsing
        value = element._nonce = element.getAttribute("nonce") or ""
        return value


def set_cryptographic_nonce(element: Any, value: str) -> None:
    element._nonce = value


def _has_header_delivered_csp(document: Any) -> bool:
    header = document._csp_header
    return bool(header and header.strip())


def hide_nonce(element: Any) -> None:
    """The steps run when *element* becomes browsing-context connected."""
    value = element.getAttribute("nonce")
    if value:  # has a nonce attribute whose value is not the empty string
        nonce = cryptographic_nonce(element)
        element.setAttribute("nonce", "")  # the attribute change steps empty the slot...
        set_cryptographic_nonce(element, nonce)  # ...so restore it


def hide_nonces_in_document(document: Any, current: Any = None) -> None:
    """Run nonce hiding over every connected HTML element with a nonce attribute (once).
    *current* is a wrapper being initialised and not yet in the identity map: it is used for
    its own lxml node instead of creating a second wrapper."""
    if document._nonces_hidden or not _has_header_delivered_csp(document):
        return
    document._nonces_hidden = True
    root = document.documentElement
    if root is None:
        return

    for lx in root._lx.iter(etree.Element):
        if lx.get("nonce"):
            element = current if current is not None and lx is current._lx else node_for(lx, document)
            if hasattr(element, "nonce"):
                hide_nonce(element)


def inserted(element: Any) -> None:
    """Insertion hook: *element* and its descendants became connected."""
    document = element.ownerDocument
    # The policy check first: isConnected walks to the root (cloning a deep tree inserts often).
    if document is None or not _has_header_delivered_csp(document) or not element.isConnected:
        return
    hide_nonces_in_document(document)  # a parsed document's own elements first
    for each in [element, *element.querySelectorAll("[nonce]")]:
        if hasattr(each, "nonce"):
            hide_nonce(each)
