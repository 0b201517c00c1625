"""Hash-name references (https://html.spec.whatwg.org/#syntax-references): ``usemap="#shapes"``
finds ``<map name="shapes">``.

The string half (steps 1-2) is :func:`html_infra.microsyntaxes.parse_hash_name_reference`; this
module does step 3 in a tree.  The match is exact: older HTML compared names "compatibility
caseless", the current standard compares them as they are (docs/divergences.md).
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from html_infra.infra import HTML_NAMESPACE
from html_infra.microsyntaxes import parse_hash_name_reference
from webidl import to_dom_string

from ..lxml_mirror import xml_safe
from ..nodes.document import Document
from ..nodes.element import Element
from ..nodes.identity import node_for
from ..nodes.node import LxmlParent, Node

__all__ = ["hash_name_reference"]

# Candidates in tree order, found in C; the stored values are the lxml-safe forms, so the
# caller compares the true attribute values.
_WITH_ID_OR_NAME = etree.XPath("descendant-or-self::*[@id = $s or @name = $s]")


def hash_name_reference(scope: Node, value: Any, local_name: str = "map") -> Element | None:
    """https://html.spec.whatwg.org/#rules-for-parsing-a-hash-name-reference

    The first HTML element named *local_name* in *scope*'s tree, in tree order, whose ``id`` or
    ``name`` attribute is the text after the first "#" of *value*; None when there is no "#",
    nothing follows it, or no element matches.

    >>> import dom
    >>> document = dom.parse_html('<img usemap="#Shapes"><map id=a name=shapes></map><map name=Shapes>')
    >>> hash_name_reference(document.images[0], document.images[0].useMap).outerHTML
    '<map name="Shapes"></map>'
    """
    if not isinstance(scope, Node):
        raise TypeError("hash_name_reference: scope must be a Node")
    # Steps 1-2.
    s = parse_hash_name_reference(to_dom_string(value))
    if s is None:
        return None
    # Step 3: "scope's tree" is the tree rooted at scope's root.
    root = scope.getRootNode()
    if isinstance(root, Document):
        start: LxmlParent | None = root.documentElement
    elif isinstance(root, LxmlParent):  # an element or a document fragment (a shadow root too)
        start = root
    else:
        start = None                 # a lone text node or comment has no elements in its tree
    if start is None:
        return None
    document = start._doc
    for lx in _WITH_ID_OR_NAME(start._lx, s=xml_safe(s)):
        element = node_for(lx, document)
        if (
            isinstance(element, Element)
            and element.namespaceURI == HTML_NAMESPACE
            and element.localName == local_name
            and s in (element.getAttribute("id"), element.getAttribute("name"))
        ):
            return element
    return None
