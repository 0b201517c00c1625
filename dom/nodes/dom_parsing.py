"""The Element members of HTML's DOM parsing and serialization APIs
(https://html.spec.whatwg.org/#dom-parsing-and-serialization): innerHTML, outerHTML,
insertAdjacentHTML, getHTML, setHTMLUnsafe and setHTML, over the fragment parsing and
serializing algorithms (dom/parsing, dom/serialization.py), which stand above the node tree
and put themselves in dom.registry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase
from webidl import DOMSyntaxError, NoModificationAllowedError, NotSupportedError
from webidl.operations import attributes, operations

from .. import registry  # the parser and the serializer (dom.parsing, dom.serialization) stand above
from . import mutation

if TYPE_CHECKING:
    from webidl.dictionary_types import GetHTMLOptions, SetHTMLOptions, SetHTMLUnsafeOptions

    from .names import ElementName
    from .node import LxmlParent as _ElementBase  # what the mixin is put before
else:
    _ElementBase = object

__all__ = ["ElementDOMParsing"]


@operations("Element", "insertAdjacentHTML", "getHTML", "setHTMLUnsafe", "setHTML")
@attributes("Element", "innerHTML", "outerHTML")
class ElementDOMParsing(_ElementBase):
    """The markup members of Element (a base class of Element)."""

    __slots__ = ()
    _name: ElementName  # Element's

    @property
    def innerHTML(self) -> str:
        """https://html.spec.whatwg.org/#dom-element-innerhtml (the fragment serialization; XML
        in XML documents)."""
        return registry.fragment_serializing_algorithm_steps(self, True)

    @innerHTML.setter
    def innerHTML(self, value: str) -> None:
        markup = value  # ([LegacyNullToEmptyString]: None came as "")
        fragment = registry.fragment_parsing_algorithm_steps(self, markup)
        context = registry.children_holder(self)
        mutation.replace_all(fragment, context)

    @property
    def outerHTML(self) -> str:
        """https://html.spec.whatwg.org/#dom-element-outerhtml"""
        return registry.fragment_serializing_algorithm_steps(self, True, outer=True)

    @outerHTML.setter
    def outerHTML(self, value: str) -> None:
        markup = value  # ([LegacyNullToEmptyString]: None came as "")
        parent = self.parentNode
        if parent is None:
            return
        if parent.nodeType == 9:
            raise NoModificationAllowedError("the document element cannot be replaced through outerHTML")
        context = parent
        if parent.nodeType == 11:
            context = self._doc._create_element(HTML_NAMESPACE, None, "body")
        fragment = registry.fragment_parsing_algorithm_steps(context, markup)
        mutation.replace(self, fragment, parent)

    def insertAdjacentHTML(self, position: str, string: str) -> None:
        """https://html.spec.whatwg.org/#dom-element-insertadjacenthtml"""
        where = ascii_lowercase(position)
        markup = string
        if where in ("beforebegin", "afterend"):
            context = self.parentNode
            if context is None or context.nodeType == 9:
                raise NoModificationAllowedError("the element has no parent element to insert beside")
        elif where in ("afterbegin", "beforeend"):
            context = self
        else:
            raise DOMSyntaxError(f"{position!r} is not one of beforebegin, afterbegin, beforeend, afterend")
        if not isinstance(context, ElementDOMParsing) or (
            self._doc._is_html and context._name.local == "html" and context._name.namespace == HTML_NAMESPACE
        ):
            context = self._doc._create_element(HTML_NAMESPACE, None, "body")
        fragment = registry.fragment_parsing_algorithm_steps(context, markup)
        if where == "afterbegin":
            mutation.insert(fragment, self, self.firstChild)
        elif where == "beforeend":
            mutation.insert(fragment, self, None)
        else:
            parent = self.parentNode
            assert parent is not None  # (checked above)
            mutation.insert(fragment, parent, self if where == "beforebegin" else self.nextSibling)

    def getHTML(self, options: GetHTMLOptions = {}) -> str:  # noqa: B006 -- read only, as the IDL's "= {}"
        """https://html.spec.whatwg.org/#dom-element-gethtml -- the HTML fragment serialization,
        with the shadow roots that are serializable (``serializableShadowRoots``) or listed
        (``shadowRoots``) as declarative ``<template shadowrootmode>`` elements."""
        return registry.get_html(self, options)

    def setHTMLUnsafe(self, html: str, options: SetHTMLUnsafeOptions = {}) -> None:  # noqa: B006 -- read only
        """https://html.spec.whatwg.org/#dom-element-sethtmlunsafe -- the fragment parsing
        algorithm with this element as context and declarative shadow roots allowed, replacing
        its children (a template's content)."""
        fragment = registry.fragment_parsing_algorithm_steps(self, html)
        registry.attach_declarative_shadow_roots(fragment)
        context = registry.children_holder(self)
        mutation.replace_all(fragment, context)

    def setHTML(self, html: str, options: SetHTMLOptions = {}) -> None:  # noqa: B006 -- read only
        """https://html.spec.whatwg.org/#dom-element-sethtml -- needs the HTML Sanitizer API,
        which webdom does not implement: NotSupportedError (use :meth:`setHTMLUnsafe`)."""
        raise NotSupportedError("Element.setHTML needs the Sanitizer API, which webdom does not implement")
