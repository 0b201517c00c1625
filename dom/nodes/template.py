"""The template element's contents (https://html.spec.whatwg.org/#the-template-element).

The contents are a DocumentFragment owned by the template's "appropriate template contents
owner document" (an inert document), not lxml children of the template, so queries and the
lxml mirror of the page do not see them -- as in a browser.
"""

from __future__ import annotations

from typing import Any

from html_infra.infra import HTML_NAMESPACE

from .. import registry  # adoption (dom.nodes.mutation) asks for the template contents owner document
from .document import Document, DocumentFragment
from .element import Element
from .element_interfaces import register_element_class

__all__ = ["TemplateElement", "template_contents_owner_document"]


def template_contents_owner_document(document: Document) -> Document:
    """https://html.spec.whatwg.org/#appropriate-template-contents-owner-document"""
    if document._template_owner is None:
        inert = Document._new(document._is_html, document._content_type)
        inert._template_owner = inert  # an inert document's own owner is itself
        document._template_owner = inert
    return document._template_owner


class TemplateElement(Element):
    """The DOM core's part of HTMLTemplateElement: ``content`` ([SameObject])."""

    # The template contents, made on first need: a field of its own rather than an entry in
    # the element's RareState, which would be two more objects per template (a RareState and
    # its dict) for the cyclic garbage collector to walk -- a page of many templates, or a
    # deep clone of nested ones, holds one per template.  Read where unset: None from
    # getattr(element, "_template_contents", None).
    __slots__ = ("_template_contents",)
    _template_contents: DocumentFragment

    @property
    def content(self) -> DocumentFragment:
        """https://html.spec.whatwg.org/#dom-template-content ([SameObject])"""
        try:
            return self._template_contents
        except AttributeError:
            pass
        # https://html.spec.whatwg.org/#the-template-element: the contents are a fragment of
        # the appropriate template contents owner document, whose host is the template
        fragment = DocumentFragment._new(template_contents_owner_document(self._doc))
        fragment._host = self
        self._template_contents = fragment
        return fragment

    def _cloning_steps(self, original: Any) -> None:
        """https://html.spec.whatwg.org/#the-template-element:concept-node-clone-ext (deep
        clones copy the contents; done by the caller's deep flag in clone_node)."""


register_element_class(HTML_NAMESPACE, "template", TemplateElement)


registry.template_contents_owner_document = template_contents_owner_document
