"""Scrolling to a fragment (https://html.spec.whatwg.org/#scrolling-to-a-fragment): a document's
indicated part and its target element, the element ``:target`` matches.

Nothing navigates here on its own: whoever loads a document for a navigable (webdom.js's frames)
calls :func:`scroll_to_the_fragment` once it is loaded.  There is no viewport to scroll, so the
algorithm's scrolling steps only set the target element and run the focusing steps.
"""

from __future__ import annotations

import weakref
from typing import Any

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase
from html_infra.url import parse_url, string_percent_decode, urls_equal

from .. import registry
from .focus import focusing_steps

__all__ = ["TOP_OF_THE_DOCUMENT", "find_a_potential_indicated_element", "scroll_to_the_fragment",
           "select_the_indicated_part", "target_element"]

# https://html.spec.whatwg.org/#top-of-the-document
TOP_OF_THE_DOCUMENT = object()

# https://html.spec.whatwg.org/#target-element: initially null (absent)
_TARGET_ELEMENTS: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def target_element(document: Any) -> Any:
    """The document's target element, or None."""
    return _TARGET_ELEMENTS.get(document)


def scroll_to_the_fragment(document: Any) -> None:
    """https://html.spec.whatwg.org/#scroll-to-the-fragment-identifier"""
    part = select_the_indicated_part(document, document.URL)  # the indicated part of an HTML document
    if part is None or part is TOP_OF_THE_DOCUMENT:  # 1., 2.1 (2.2, scrolling, needs a viewport)
        _TARGET_ELEMENTS.pop(document, None)
        return
    _TARGET_ELEMENTS[document] = part  # 3.1-3.3
    # 3.4-3.5: the ancestor revealing algorithm and scrolling into view need rendering.
    # 3.6: the focusing steps; the viewport as fallback target is the document's unfocused state
    # (dom.html.focus), which a document being loaded still has.
    focusing_steps(part)


def select_the_indicated_part(document: Any, url: str) -> Any:
    """https://html.spec.whatwg.org/#select-the-indicated-part: an element,
    :data:`TOP_OF_THE_DOCUMENT`, or None."""
    record, here = parse_url(url), parse_url(document.URL)
    if record is None or here is None:
        return None
    if not urls_equal(here, record, exclude_fragments=True):  # 1.
        return None
    fragment = record.fragment  # 2.
    if fragment is None:  # no fragment identifies nothing
        return None
    if fragment == "":  # 3.
        return TOP_OF_THE_DOCUMENT
    element = find_a_potential_indicated_element(document, fragment)  # 4.
    if element is not None:  # 5.
        return element
    decoded = string_percent_decode(fragment).decode("utf-8", "replace")  # 6.-7. (UTF-8 decode without BOM)
    element = find_a_potential_indicated_element(document, decoded)  # 8.
    if element is not None:  # 9.
        return element
    if ascii_lowercase(decoded) == "top":  # 10.
        return TOP_OF_THE_DOCUMENT
    return None  # 11.


def find_a_potential_indicated_element(document: Any, fragment: str) -> Any:
    """https://html.spec.whatwg.org/#find-a-potential-indicated-element"""
    element = document.getElementById(fragment) if fragment else None  # 1.
    if element is not None:
        return element
    for anchor in document.getElementsByTagName("a"):  # 2.
        if anchor.namespaceURI == HTML_NAMESPACE and anchor.getAttribute("name") == fragment:
            return anchor
    return None  # 3.


# :target in dom.selectors, a floor below
registry.target_element = target_element
