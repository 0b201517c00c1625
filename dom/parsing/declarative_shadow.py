"""Declarative shadow roots (https://html.spec.whatwg.org/#parsing-main-inhead, the "template"
start tag with ``shadowrootmode``), as a pass over a finished parse.

The tree builders build ``<template shadowrootmode=open>`` as an ordinary template; this pass
then does what the tree construction stage does at the start tag: when the template's parent
(the adjusted current node) can host a shadow root and has none, a shadow root is attached with
the template's settings, takes the template's contents, and the template leaves the tree.
Working on the finished tree keeps it independent of the parser backend.  Templates are met in
tree order, so a second declarative template in one host stays a template, as in the parser.
"""

from __future__ import annotations

import re
from typing import Any

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase
from webidl import DOMException

from ..nodes.element import Element
from ..nodes.identity import node_for
from ..nodes.mutation import insert, remove
from ..nodes.shadow import attach_shadow_root
from ..nodes.shadow_host import shadow_root_of
from ..nodes.speedups import extension
from .tag_starts import contains_tag, remembered

__all__ = ["attach_declarative_shadow_roots", "may_declare_shadow_roots"]

_TEMPLATE_TAGS = ("template", "{" + HTML_NAMESPACE + "}template")
_SHADOWROOTMODE = re.compile("shadowrootmode", re.IGNORECASE)


def may_declare_shadow_roots(markup: str) -> bool:
    """Whether *markup* can hold a declarative shadow root: the tokenizer makes the attribute
    name only from those letters in some ASCII case, so without them the pass below is skipped
    (it visits every template of the tree).  The attribute counts only on a template start tag,
    so markup without one is answered by a quicker search, for ``<template``."""
    if not contains_tag(markup, "<template"):
        return False
    return remembered(markup, "shadowrootmode", lambda: _contains_shadowrootmode(markup))


def _contains_shadowrootmode(markup: str) -> bool:
    if extension is not None:  # a search in C that skips most of a long text
        found: bool = extension.contains_ascii_case_insensitive(markup, "shadowrootmode")
        return found
    return _SHADOWROOTMODE.search(markup) is not None


def _templates_in(container: Any) -> list[Any]:
    """The HTML template elements of *container*'s tree (a Document, fragment or shadow root),
    in tree order; template contents are separate trees, not visited here."""
    if container.nodeType == 9:
        element = container.documentElement
        if element is None:
            return []
        lx, document = element._lx, container
    else:
        lx, document = container._lx, container._doc
    found = (node_for(x, document) for x in lx.iter(*_TEMPLATE_TAGS))
    return [t for t in found if isinstance(t, Element) and t._ns == HTML_NAMESPACE and t._local == "template"]


def attach_declarative_shadow_roots(root: Any) -> None:
    """Turn the declarative shadow root templates of *root* (a Document or DocumentFragment
    just parsed with "allow declarative shadow roots"), and of the trees inside it, into shadow
    roots of their parents."""

    work = [root]
    while work:
        container = work.pop()
        topmost = container.documentElement if container.nodeType == 9 else None
        for template in _templates_in(container):
            mode = ascii_lowercase(template.getAttribute("shadowrootmode") or "")
            host = template.parentNode
            if (
                mode not in ("open", "closed")
                or host is None
                or host.nodeType != 1
                or host is topmost  # the adjusted current node must not be the topmost element
                or shadow_root_of(host) is not None  # step 10.9: stays an ordinary template
            ):
                work.append(template.content)
                continue
            slot_assignment = (
                "manual" if ascii_lowercase(template.getAttribute("shadowrootslotassignment") or "") == "manual"
                else "named"
            )
            try:
                shadow = attach_shadow_root(
                    host, mode, template.hasAttribute("shadowrootclonable"),
                    template.hasAttribute("shadowrootserializable"), template.hasAttribute("shadowrootdelegatesfocus"),
                    slot_assignment,
                )
            except DOMException:  # step 10.10.2: the template is inserted as it is
                work.append(template.content)
                continue
            shadow._declarative = True
            shadow._available_to_element_internals = True
            # The template's contents are the shadow root: its parsed children move there.
            for child in template.content._children():
                insert(child, shadow, None, suppress_observers=True)
            remove(template, suppress_observers=True)
            work.append(shadow)
