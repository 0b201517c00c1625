"""Element-specific members that read or write text rather than reflect an attribute:
``a.text``, ``title.text``, ``script.text`` and the option element's ``text``/``label``/
``value``/``index`` (selectedness belongs to the forms code), and HTMLElement's ``innerText`` and
``outerText``, whose steps (:mod:`.inner_text`) load when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard

from html_infra.infra import HTML_NAMESPACE, SVG_NAMESPACE, strip_and_collapse_ascii_whitespace
from webidl.operations import attributes

from ..nodes.element import Element
from ..nodes.mutation import string_replace_all

if TYPE_CHECKING:
    from ..nodes.element import Element as _ElementBase  # what the mixins below are put after
else:
    _ElementBase = object

__all__ = ["AnchorTextMixin", "ChildTextContentMixin", "InnerTextMixin", "OptionTextMixin", "child_text_content"]

_TEXT_NODE = 3
_SCRIPT_NAMESPACES = (HTML_NAMESPACE, SVG_NAMESPACE)


def child_text_content(node: Any) -> str:
    """https://dom.spec.whatwg.org/#concept-child-text-content"""
    return "".join(child.data for child in node.childNodes if child.nodeType == _TEXT_NODE)


@attributes("HTMLAnchorElement", "text")
class AnchorTextMixin(_ElementBase):
    """https://html.spec.whatwg.org/#dom-a-text -- the same as textContent."""

    __slots__ = ()

    @property
    def text(self) -> str:
        return self.textContent or ""  # an element's is never null

    @text.setter
    def text(self, value: str) -> None:
        self.textContent = value


@attributes(("HTMLScriptElement", "HTMLTitleElement"), "text")
class ChildTextContentMixin(_ElementBase):
    """``text`` of title (https://html.spec.whatwg.org/#dom-title-text) and script
    (https://html.spec.whatwg.org/#dom-script-text): the child text content; setting replaces
    all children with one Text node (string replace all)."""

    __slots__ = ()

    @property
    def text(self) -> str:
        return child_text_content(self)

    @text.setter
    def text(self, value: str) -> None:
        string_replace_all(value, self)


def _is_script(node: Any) -> bool:
    return getattr(node, "localName", None) == "script" and getattr(node, "_ns", None) in _SCRIPT_NAMESPACES


def _option_text(option: Any) -> str:
    """https://html.spec.whatwg.org/#dom-option-text: Text descendants in tree order, skipping
    the contents of script elements (HTML or SVG) below the option; stripped and collapsed."""
    parts: list[str] = []
    stack = list(reversed(option.childNodes))
    while stack:  # explicit stack: deep option contents must not hit the recursion limit
        node = stack.pop()
        if node.nodeType == _TEXT_NODE:
            parts.append(node.data)
        elif node.nodeType == 1 and not _is_script(node):
            stack.extend(reversed(node.childNodes))
    return strip_and_collapse_ascii_whitespace("".join(parts))


def _is_html(node: object, name: str) -> TypeGuard[Element]:
    return isinstance(node, Element) and node._ns == HTML_NAMESPACE and node._local == name


def _list_of_options(select: Any) -> list[Any]:
    """https://html.spec.whatwg.org/#concept-select-option-list (option children, and option
    children of optgroup children, in tree order)."""
    options = []
    for child in select.children:
        if _is_html(child, "option"):
            options.append(child)
        elif _is_html(child, "optgroup"):
            options.extend(c for c in child.children if _is_html(c, "option"))
    return options


@attributes("HTMLOptionElement", "text", "label", "value")
class OptionTextMixin(_ElementBase):
    """https://html.spec.whatwg.org/#htmloptionelement (text, label, value, index)."""

    __slots__ = ()

    @property
    def text(self) -> str:
        return _option_text(self)

    @text.setter
    def text(self, value: str) -> None:
        string_replace_all(value, self)

    @property
    def label(self) -> str:
        """https://html.spec.whatwg.org/#dom-option-label"""
        label = self.getAttributeNS(None, "label")  # the content attribute: no namespace
        return self.text if label is None else label

    @label.setter
    def label(self, value: str) -> None:
        self.setAttributeNS(None, "label", value)

    @property
    def value(self) -> str:
        """https://html.spec.whatwg.org/#dom-option-value"""
        value = self.getAttributeNS(None, "value")  # the content attribute: no namespace
        return self.text if value is None else value

    @value.setter
    def value(self, value: str) -> None:
        self.setAttributeNS(None, "value", value)

    @property
    def index(self) -> int:
        """https://html.spec.whatwg.org/#dom-option-index -- 0 when not in a select's list."""
        parent = self.parentNode
        select = parent if _is_html(parent, "select") else None
        if select is None and _is_html(parent, "optgroup") and _is_html(parent.parentNode, "select"):
            select = parent.parentNode
        if select is None:
            return 0
        for i, option in enumerate(_list_of_options(select)):
            if option is self:
                return i
        return 0


@attributes("HTMLElement", "innerText", "outerText")
class InnerTextMixin(_ElementBase):
    """https://html.spec.whatwg.org/#the-innertext-idl-attribute (HTMLElement members)."""

    __slots__ = ()

    @property
    def innerText(self) -> str:  # noqa: N802 -- IDL name
        """https://html.spec.whatwg.org/#dom-innertext"""
        from .inner_text import get_the_text  # lazy: the steps read computed styles (the CSSOM)

        return get_the_text(self)

    @innerText.setter
    def innerText(self, value: str) -> None:  # noqa: N802
        """https://html.spec.whatwg.org/#set-the-inner-text-steps"""
        from .inner_text import set_inner_text  # lazy, as the getter

        set_inner_text(self, value)

    @property
    def outerText(self) -> str:  # noqa: N802 -- IDL name
        """https://html.spec.whatwg.org/#dom-outertext"""
        from .inner_text import get_the_text  # lazy, as innerText's

        return get_the_text(self)

    @outerText.setter
    def outerText(self, value: str) -> None:  # noqa: N802
        """https://html.spec.whatwg.org/#dom-outertext (the setter steps)"""
        from .inner_text import set_outer_text  # lazy, as innerText's

        set_outer_text(self, value)

    @property
    def accessKeyLabel(self) -> str:  # noqa: N802
        """https://html.spec.whatwg.org/#dom-accesskeylabel -- no assigned access key."""
        return ""
