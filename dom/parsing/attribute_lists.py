"""Elements with many attributes, stored in linear time.

libxml2 appends an attribute by walking the element's attribute list to its end, so lxml's
``set()`` and its attribute-dict argument both cost O(n) per attribute: 100,000 attributes on one
element (hostile markup the HTML parser accepts) would take minutes.  libxml2's own XML parser
keeps the list's end while it reads a start tag, so an element with a long attribute list is
made by parsing its start tag as XML and then moved into the tree (linear too).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lxml import etree

from html_infra.infra import XML_NAMESPACE

__all__ = ["LONG_ATTRIBUTE_LIST", "make_element"]

# Below this many attributes the quadratic walk costs less than the detour through the parser.
LONG_ATTRIBUTE_LIST = 64

_PARSER = etree.XMLParser(huge_tree=True, resolve_entities=False)
# Attribute-value normalization would turn TAB, LF and CR into spaces: write them as references.
_VALUE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", '"': "&quot;", "\t": "&#9;", "\n": "&#10;", "\r": "&#13;"})


def make_element(
    parent: Any | None, tag: str, nsmap: dict[str | None, str] | None, items: Sequence[tuple[str, str]]
) -> Any:
    """An lxml element *tag* (created with *nsmap*) holding the attributes *items* (lxml keys
    and XML-safe values, no key twice), appended to *parent* unless it is None."""
    if len(items) < LONG_ATTRIBUTE_LIST:
        lx = etree.Element(tag, nsmap=nsmap) if parent is None else etree.SubElement(parent, tag, nsmap=nsmap)
        put = lx.set  # one set() at a time: lxml takes about twice as long for an attribute dict
        for key, value in items:
            put(key, value)
        return lx
    prefixes: dict[str, str] = {}
    parts: list[str] = []
    for key, value in items:
        if key[0] == "{":
            namespace, _, local = key[1:].partition("}")
            prefix = "xml" if namespace == XML_NAMESPACE else prefixes.get(namespace)  # xml is predeclared
            if prefix is None:
                prefix = prefixes[namespace] = f"ns{len(prefixes)}"
            key = f"{prefix}:{local}"
        parts.append(f' {key}="{value.translate(_VALUE_ESCAPES)}"')
    if tag[0] == "{":
        namespace, _, local = tag[1:].partition("}")
        start = [f'<{local} xmlns="{namespace.translate(_VALUE_ESCAPES)}"']
    else:
        start = [f"<{tag}"]
    start.extend(f' xmlns:{prefix}="{namespace.translate(_VALUE_ESCAPES)}"' for namespace, prefix in prefixes.items())
    lx = etree.fromstring("".join(start + parts) + "/>", _PARSER)
    if parent is not None:
        parent.append(lx)
    return lx
