"""Shadow trees (https://dom.spec.whatwg.org/#shadow-trees): ShadowRoot and attaching one.

A shadow root is a DocumentFragment whose private lxml container element holds the shadow
tree; the host keeps it in its wrapper's declared ``_shadow_root`` field.  The container is
never an lxml child of the host, so the lxml mirror of the page (XPath, cssselect, the light
tree's serialization) sees only the light DOM, as template contents are kept (template.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from html_infra.infra import HTML_NAMESPACE
from webidl import NotSupportedError
from webidl.operations import attributes, operations

from .. import registry  # the parser and the serializer (dom.parsing, dom.serialization) stand above
from ..event_handlers import EventHandlerAttribute
from . import mutation
from .document import DocumentFragment
from .document_or_shadow_root import DocumentOrShadowRootStyle
from .element import Element
from .names import is_valid_element_local_name
from .node import Node
from .shadow_host import note_shadow_host, shadow_root_of, state

if TYPE_CHECKING:
    from webidl.dictionary_types import GetHTMLOptions, SetHTMLOptions, SetHTMLUnsafeOptions, ShadowRootInit

    from ..cssom.style_sheets import StyleSheetList

_T = TypeVar("_T")

__all__ = [
    "ShadowRoot", "attach_shadow_root", "is_valid_custom_element_name", "is_valid_shadow_host_name",
    "shadow_including_root",
]

_RESERVED_CUSTOM_NAMES = frozenset({
    "annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri", "font-face-format",
    "font-face-name", "missing-glyph",
})
_SHADOW_HOST_NAMES = frozenset({
    "article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header",
    "main", "nav", "p", "section", "span",
})


def is_valid_custom_element_name(name: str) -> bool:
    """https://html.spec.whatwg.org/#valid-custom-element-name"""
    return (
        is_valid_element_local_name(name)
        and "a" <= name[0] <= "z"
        and not any("A" <= c <= "Z" for c in name)
        and "-" in name
        and name not in _RESERVED_CUSTOM_NAMES
    )


def is_valid_shadow_host_name(name: str) -> bool:
    """https://dom.spec.whatwg.org/#valid-shadow-host-name"""
    return name in _SHADOW_HOST_NAMES or is_valid_custom_element_name(name)


def shadow_including_root(node: Node) -> Node:
    """https://dom.spec.whatwg.org/#concept-shadow-including-root"""
    root = node.getRootNode()
    while isinstance(root, ShadowRoot):
        root = root._host.getRootNode()
    return root


@attributes("ShadowRoot", "innerHTML")
@operations("ShadowRoot", "getHTML", "setHTMLUnsafe", "setHTML")
class ShadowRoot(DocumentOrShadowRootStyle, DocumentFragment):
    """https://dom.spec.whatwg.org/#interface-shadowroot (``host`` is the fragment's host)."""

    _is_shadow_root = True

    __slots__ = ("_mode", "_delegates_focus", "_slot_assignment", "_clonable", "_serializable", "_declarative",
                 "_available_to_element_internals", "_objects")
    _host: Element  # a shadow root always has its host (set when it is attached)
    _mode: str  # "open" or "closed"
    _delegates_focus: bool
    _slot_assignment: str  # "named" or "manual"
    _clonable: bool
    _serializable: bool
    _declarative: bool
    _available_to_element_internals: bool
    _objects: dict[str, Any] | None  # see _same_object

    onslotchange = EventHandlerAttribute()

    def __init__(self) -> None:
        raise TypeError("Illegal constructor: use element.attachShadow({'mode': 'open'})")

    def _same_object(self, name: str, make: Callable[[], _T]) -> _T:
        """The object this shadow root hands out for its IDL attribute *name* ([SameObject]),
        made by *make* the first time: kept by the root, so it lives and dies with it."""
        objects = self._objects
        if objects is None:
            objects = self._objects = {}
        found = objects.get(name)
        if found is None:
            found = objects[name] = make()
        return cast("_T", found)

    @property
    def mode(self) -> str:
        """https://dom.spec.whatwg.org/#dom-shadowroot-mode"""
        return self._mode

    @property
    def delegatesFocus(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-shadowroot-delegatesfocus"""
        return self._delegates_focus

    @property
    def slotAssignment(self) -> str:
        """https://dom.spec.whatwg.org/#dom-shadowroot-slotassignment"""
        return self._slot_assignment

    @property
    def clonable(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-shadowroot-clonable"""
        return self._clonable

    @property
    def serializable(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-shadowroot-serializable"""
        return self._serializable

    @property
    def host(self) -> Element:
        """https://dom.spec.whatwg.org/#dom-shadowroot-host"""
        return self._host

    @property
    def customElementRegistry(self) -> None:
        """https://dom.spec.whatwg.org/#dom-documentorshadowroot-customelementregistry --
        custom elements are not implemented: None."""
        return None

    @property
    def activeElement(self) -> Element | None:
        """https://html.spec.whatwg.org/#dom-documentorshadowroot-activeelement (dom/html/focus.py):
        the focused element retargeted to this shadow root, if it is in this tree."""
        return registry.active_element(self)

    @property
    def styleSheets(self) -> StyleSheetList:
        """https://drafts.csswg.org/cssom/#dom-documentorshadowroot-stylesheets
        (dom.cssom.document_style_sheets)"""
        return cast("StyleSheetList", registry.shadow_root_style_sheets(self))

    def _get_the_parent(self, event: Any) -> Any:
        """https://dom.spec.whatwg.org/#get-the-parent for a shadow root: null when the event is
        not composed and this is the root of the first path item's invocation target, else the host."""
        if not event._composed and event._path and event._path[0][0].getRootNode() is self:
            return None
        return self._host

    # -- https://html.spec.whatwg.org/#dom-parsing-and-serialization ---------------------------

    @property
    def innerHTML(self) -> str:
        """https://html.spec.whatwg.org/#dom-shadowroot-innerhtml (the fragment serialization)."""
        return registry.fragment_serializing_algorithm_steps(self, True)

    @innerHTML.setter
    def innerHTML(self, value: str) -> None:
        # ([LegacyNullToEmptyString]: None came as "")
        mutation.replace_all(registry.fragment_parsing_algorithm_steps(self._host, value), self)

    def getHTML(self, options: GetHTMLOptions = {}) -> str:  # noqa: B006 -- read only, as the IDL's "= {}"
        """https://html.spec.whatwg.org/#dom-shadowroot-gethtml"""
        return registry.get_html(self, options)

    def setHTMLUnsafe(self, html: str, options: SetHTMLUnsafeOptions = {}) -> None:  # noqa: B006 -- read only
        """https://html.spec.whatwg.org/#dom-shadowroot-sethtmlunsafe -- fragment parsing with
        the host as context and declarative shadow roots allowed, replacing the children."""
        fragment = registry.fragment_parsing_algorithm_steps(self._host, html)
        registry.attach_declarative_shadow_roots(fragment)
        mutation.replace_all(fragment, self)

    def setHTML(self, html: str, options: SetHTMLOptions = {}) -> None:  # noqa: B006 -- read only
        """https://html.spec.whatwg.org/#dom-shadowroot-sethtml -- needs the Sanitizer API, which
        webdom does not implement: NotSupportedError (use :meth:`setHTMLUnsafe`)."""
        raise NotSupportedError("ShadowRoot.setHTML needs the Sanitizer API, which webdom does not implement")

    @property
    def nodeName(self) -> str:
        return "#document-fragment"

    def cloneNode(self, subtree: Any = False) -> Node:
        """https://dom.spec.whatwg.org/#dom-node-clonenode step 1: a shadow root is cloned only
        with its host."""
        raise NotSupportedError("a shadow root cannot be cloned (clone its host)")

    def __repr__(self) -> str:
        return f"<ShadowRoot ({self._mode}) of {self._host!r}>"


def attach_shadow_root(
    element: Element, mode: str, clonable: bool, serializable: bool, delegates_focus: bool, slot_assignment: str,
) -> ShadowRoot:
    """https://dom.spec.whatwg.org/#concept-attach-a-shadow-root"""
    # 1-2. Only HTML elements with a valid shadow host name.
    if element._ns != HTML_NAMESPACE or not is_valid_shadow_host_name(element._local):
        raise NotSupportedError(f"<{element._qualified_name}> cannot host a shadow root")
    # 3. (No custom element definitions exist here, so none disables shadow.)
    # 4. Re-attaching: only over a declarative root of the same mode, which is emptied.
    current = shadow_root_of(element)
    if current is not None:
        if not current._declarative or current._mode != mode:
            raise NotSupportedError("the element already hosts a shadow root")

        for child in current._children():
            mutation.remove(child)
        current._declarative = False
        return current
    # 5-12. A new shadow root.
    shadow = ShadowRoot.__new__(ShadowRoot)
    shadow._init(element._doc)
    shadow._host = element
    shadow._mode = mode
    shadow._delegates_focus = delegates_focus
    shadow._available_to_element_internals = False  # 7. no custom element states here
    shadow._slot_assignment = slot_assignment
    shadow._declarative = False
    shadow._clonable = clonable
    shadow._serializable = serializable
    shadow._objects = None
    # 13. The element's shadow root.
    element._shadow_root = shadow
    state["active"] = True
    # (the host's children leave the flat tree: what was derived from the tree, styles among it, is derived again)
    note_shadow_host(element._doc, element)
    element._doc._changed(element._lx)
    return shadow


def attach_shadow(element: Element, values: ShadowRootInit) -> ShadowRoot:
    """https://dom.spec.whatwg.org/#dom-element-attachshadow (of the converted ShadowRootInit)."""
    # 1. (registry steps: custom element registries are not implemented)
    return attach_shadow_root(element, values["mode"], values["clonable"], values["serializable"],
                              values["delegatesFocus"], values["slotAssignment"])


def clone_shadow_root(original: Element, copy: Element, pending: list[Any]) -> None:
    """Step 7 of https://dom.spec.whatwg.org/#concept-node-clone: a clonable shadow root is
    cloned with its host (its children deeply, whatever the subtree flag: the caller clones
    them, from the pair added to its work list *pending*)."""
    shadow = shadow_root_of(original)
    if shadow is None or not shadow._clonable:
        return

    # 7.3-7.4 Attach a shadow root with the same settings; keep declarative.
    new = attach_shadow_root(copy, shadow._mode, True, shadow._serializable, shadow._delegates_focus,
                             shadow._slot_assignment)
    new._declarative = shadow._declarative
    pending.append((shadow, new))  # 7.5


# Element.attachShadow (dom.nodes.element, on which this module builds) reaches it through dom.registry.
registry.attach_shadow = attach_shadow
