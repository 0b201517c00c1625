"""HTML element interfaces (https://html.spec.whatwg.org/#element-interfaces); importing this
package registers them with the DOM core."""

from . import elements, foreign
from .elements import *  # noqa: F403 -- every HTML*Element interface
from .elements import ELEMENT_INTERFACES, element_interface

__all__ = [name for name in dir(elements) if name.startswith("HTML") and name.endswith("Element")]
__all__ += ["element_interface", "ELEMENT_INTERFACES", "SVGElement", "MathMLElement"]
SVGElement = foreign.SVGElement
MathMLElement = foreign.MathMLElement
