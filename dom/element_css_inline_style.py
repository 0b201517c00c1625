"""The ElementCSSInlineStyle mixin (https://drafts.csswg.org/cssom/#the-elementcssinlinestyle-mixin):
``element.style``, the declaration block over the ``style`` attribute.

A module of its own, apart from CSSStyleDeclaration (dom/css_style_declaration.py): the mixin is
part of every HTML element class, while the declaration block, with the CSS parser and the
property table, loads when a style is first asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .css_style_declaration import CSSStyleDeclaration

__all__ = ["ElementCSSInlineStyle"]

_T = TypeVar("_T")


class ElementCSSInlineStyle:
    """The ``style`` attribute of HTML elements ([SameObject, PutForwards=cssText]):
    https://drafts.csswg.org/cssom/#dom-elementcssinlinestyle-style."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Element member the property uses (HTMLElement takes the property over)

        def _same_object(self, name: str, make: Callable[[], _T]) -> _T: ...

    @property
    def style(self) -> CSSStyleDeclaration:
        from .css_style_declaration import CSSStyleDeclaration  # lazy: the CSS parser loads when first used

        return self._same_object("style", lambda: CSSStyleDeclaration._for_element(self))

    @style.setter
    def style(self, value: Any) -> None:
        self.style.cssText = value
