"""The DocumentOrShadowRoot mixin's members that CSSOM adds
(https://drafts.csswg.org/cssom/#extensions-to-the-document-or-shadow-root-interface), shared by
Document and ShadowRoot; the sheets themselves are dom.cssom's (through dom.registry: the node
tree stands below the CSSOM)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from webidl.operations import attributes

from .. import registry

if TYPE_CHECKING:
    from ..cssom.adopted_style_sheets import AdoptedStyleSheets
    from ..cssom.style_sheets import CSSStyleSheet

__all__ = ["DocumentOrShadowRootStyle"]


@attributes("DocumentOrShadowRoot", "adoptedStyleSheets")
class DocumentOrShadowRootStyle:
    """https://drafts.csswg.org/cssom/#dom-documentorshadowroot-adoptedstylesheets"""

    __slots__ = ()

    @property
    def adoptedStyleSheets(self) -> AdoptedStyleSheets:  # noqa: N802 -- IDL name
        """The constructed sheets applied after this tree's own (dom.cssom.adopted_style_sheets)."""
        sheets: AdoptedStyleSheets = registry.adopted_style_sheets(self)
        return sheets

    @adoptedStyleSheets.setter
    def adoptedStyleSheets(self, value: Iterable[CSSStyleSheet]) -> None:  # noqa: N802
        registry.set_adopted_style_sheets(self, value)
