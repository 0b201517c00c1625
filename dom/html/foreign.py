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

from ..nodes.element_interfaces import register_element_class
from ..reflection import Reflect, ReflectTokenList
from .attribute_tables import HYPERLINK_REL_SUPPORTED
from .html_element import HTMLElementBase, HTMLOrSVGOrMathMLElement

__all__ = ["SVGElement", "SVGGraphicsElement", "SVGSVGElement", "SVGAElement", "MathMLElement"]


class SVGElement(HTMLElementBase, HTMLOrSVGOrMathMLElement):
    """https://svgwg.org/svg2-draft/types.html#InterfaceSVGElement (the HTML-defined members)."""

    __slots__ = ()


class SVGGraphicsElement(SVGElement):
    """https://svgwg.org/svg2-draft/types.html#InterfaceSVGGraphicsElement (no members of its own
    here: they need layout)."""

    __slots__ = ()


class SVGSVGElement(SVGGraphicsElement):
    """https://svgwg.org/svg2-draft/struct.html#InterfaceSVGSVGElement: the interface of every
    ``svg`` element of the SVG namespace (its members need layout or SMIL and are not
    implemented); ``Document.rootElement`` returns a document element of this interface."""

    __slots__ = ()


class SVGAElement(SVGGraphicsElement):
    """https://svgwg.org/svg2-draft/linking.html#InterfaceSVGAElement: the members reflecting
    plain attributes as HTML's ``a`` does, ``relList`` with the same supported tokens
    (``target`` and ``href``, SVGAnimatedString, are not implemented)."""

    __slots__ = ()

    download = Reflect("download")
    ping = Reflect("ping", usv=True)
    rel = Reflect("rel")
    relList = ReflectTokenList("rel", HYPERLINK_REL_SUPPORTED)
    hreflang = Reflect("hreflang")
    type = Reflect("type")


class MathMLElement(HTMLElementBase, HTMLOrSVGOrMathMLElement):
    """https://w3c.github.io/mathml-core/#dom-mathmlelement"""

    __slots__ = ()


register_element_class(SVG_NAMESPACE, None, SVGElement)
register_element_class(SVG_NAMESPACE, "a", SVGAElement)
register_element_class(SVG_NAMESPACE, "svg", SVGSVGElement)
register_element_class(MATHML_NAMESPACE, None, MathMLElement)
