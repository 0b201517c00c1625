"""SVGElement and MathMLElement: foreign elements get the HTML Standard's shared members.

https://html.spec.whatwg.org/#htmlorsvgormathmlelement -- the mixin HTMLElement, SVGElement
(https://svgwg.org/svg2-draft/types.html#InterfaceSVGElement) and MathMLElement
(https://w3c.github.io/mathml-core/#dom-mathmlelement) include: ``dataset``, ``nonce`` (with
nonce hiding: ``<svg><script nonce>`` must not show its nonce to the page any more than an HTML
script does), ``autofocus``, ``tabIndex``.  (GlobalEventHandlers, which both also include, are not given to
them here: their ``on*`` content attributes stay plain attributes.)
"""

from __future__ import annotations

from html_infra.infra import MATHML_NAMESPACE, SVG_NAMESPACE

from ..nodes.document import register_element_class
from .html_element import HTMLElementBase, HTMLOrSVGOrMathMLElement

__all__ = ["SVGElement", "MathMLElement"]


class SVGElement(HTMLElementBase, HTMLOrSVGOrMathMLElement):
    """https://svgwg.org/svg2-draft/types.html#InterfaceSVGElement (the HTML-defined members)."""

    __slots__ = ()


class MathMLElement(HTMLElementBase, HTMLOrSVGOrMathMLElement):
    """https://w3c.github.io/mathml-core/#dom-mathmlelement"""

    __slots__ = ()


register_element_class(SVG_NAMESPACE, None, SVGElement)
register_element_class(MATHML_NAMESPACE, None, MathMLElement)
