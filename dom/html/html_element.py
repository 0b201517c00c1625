"""HTMLElement and what it shares with SVG and MathML elements
(https://html.spec.whatwg.org/#htmlelement, #htmlorsvgormathmlelement), and the mixins several
element interfaces include (HyperlinkElementUtils, PopoverTargetAttributes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webidl.operations import attributes, operations

from .. import registry
from ..element_css_inline_style import ElementCSSInlineStyle
from ..event_handlers import HTMLElementEventHandlers
from ..nodes import Element
from ..nodes.element import PLAIN_WRAPPER_INITS
from ..nodes.rare_state import RareField
from ..reflection import (
    Reflect,
    ReflectBool,
    ReflectElement,
    ReflectEnum,
    ReflectRange,
)
from ..stringmap import DOMStringMap
from .attribute_tables import (
    POPOVER,
)
from .browser_facilities import (
    InnerTextMixin,
)
from .focus import focusing_steps, unfocusing_steps
from .hyperlink import HTMLHyperlinkElementUtilsMixin
from .interaction import UserInteractionMixin
from .nonce import cryptographic_nonce, hide_nonces_in_document, set_cryptographic_nonce
from .nonce import inserted as nonce_inserted
from .popover import PopoverMixin
from .reflect_setter import (
    Autocapitalize,
    Autocorrect,
    Draggable,
    Hidden,
    TabIndex,
    Translate,
    WritingSuggestions,
)

if TYPE_CHECKING:
    from webidl.dictionary_types import FocusOptions

# https://html.spec.whatwg.org/#cryptographicnonce (see dom/html/nonce.py), kept with the
# element's other rarely set fields
_NONCE: RareField[str] = RareField("nonce")


@attributes("HTMLOrSVGOrMathMLElement", "nonce")
class HTMLElementBase(Element):
    """Element plus the HTML hooks every HTML element shares: the [[CryptographicNonce]] slot
    (https://html.spec.whatwg.org/#cryptographicnonce) kept in sync with the ``nonce`` content
    attribute and copied by cloning."""

    __slots__ = ()
    _nonce = _NONCE

    @property
    def nonce(self) -> str:
        """https://html.spec.whatwg.org/#dom-noncedelement-nonce"""
        return cryptographic_nonce(self)

    @nonce.setter
    def nonce(self, value: str) -> None:
        set_cryptographic_nonce(self, value)

    @property
    def dataset(self) -> DOMStringMap:
        """https://html.spec.whatwg.org/#dom-dataset ([SameObject]; DOMStringMap from
        dom/stringmap.py, constructed as ``DOMStringMap(element)``)."""
        return self._same_object("dataset", lambda: DOMStringMap(self))

    def _init_wrapper(self, document: Any, lx: Any, name: Any) -> None:
        super()._init_wrapper(document, lx, name)
        # A parsed document with a header-delivered CSP hides its nonces before anything of
        # it is observed through the DOM (see dom.html.nonce).
        if document._csp_header and not document._nonces_hidden:
            hide_nonces_in_document(document, self)

    def _inserted(self) -> None:
        parent = getattr(super(), "_inserted", None)
        if parent is not None:
            parent()
        nonce_inserted(self)

    def _attribute_changed(self, local_name: str, old: str | None, value: str | None, namespace: str | None) -> None:
        super()._attribute_changed(local_name, old, value, namespace)
        # https://html.spec.whatwg.org/#nonce-attributes (attribute change steps)
        if local_name == "nonce" and namespace is None:
            set_cryptographic_nonce(self, "" if value is None else value)
        if namespace is None:
            ReflectElement.attribute_changed(self, local_name)

    def _cloning_steps(self, original: Any) -> None:
        # https://html.spec.whatwg.org/#nonce-attributes (cloning steps)
        parent = getattr(super(), "_cloning_steps", None)
        if parent is not None:
            parent(original)
        nonce = _NONCE.get(original)
        if nonce is None:
            # Never written: the original's slot is its nonce attribute's value (see
            # dom.html.nonce), which the copy has too; reading it would store a RareState on
            # both elements, original and copy, of every clone.
            return
        set_cryptographic_nonce(self, nonce)


# Its own step runs only with a CSP header, which Document._wrap_new checks before making a
# wrapper inline.
PLAIN_WRAPPER_INITS.add(HTMLElementBase._init_wrapper)


@operations("HTMLOrSVGOrMathMLElement", "focus")
class HTMLOrSVGOrMathMLElement(ElementCSSInlineStyle):
    """https://html.spec.whatwg.org/#htmlorsvgormathmlelement"""

    __slots__ = ()

    autofocus = ReflectBool("autofocus")
    tabIndex = TabIndex("tabindex")

    def focus(self, options: FocusOptions = {}) -> None:  # noqa: B006 -- read only, as the IDL's "= {}"
        """https://html.spec.whatwg.org/#dom-focus: the focusing steps (dom/html/focus.py); the
        options (preventScroll, focusVisible) concern scrolling and drawing, which do not happen here."""
        element: Any = self
        if element.isConnected:
            focusing_steps(element)

    def blur(self) -> None:
        """https://html.spec.whatwg.org/#dom-blur: the unfocusing steps."""
        unfocusing_steps(self)


class ElementContentEditable:
    """https://html.spec.whatwg.org/#elementcontenteditable"""

    __slots__ = ()

    enterKeyHint = ReflectEnum("enterkeyhint", ("enter", "done", "go", "next", "previous", "search", "send"))
    inputMode = ReflectEnum("inputmode", ("none", "text", "tel", "url", "email", "numeric", "decimal", "search"))


class HyperlinkElementUtils:
    """https://html.spec.whatwg.org/#hyperlinkelementutils"""

    __slots__ = ()

    hreflang = Reflect("hreflang")
    type = Reflect("type")


class HTMLHyperlinkElementUtils(HTMLHyperlinkElementUtilsMixin):
    """https://html.spec.whatwg.org/#htmlhyperlinkelementutils (URL members in dom.html.hyperlink)"""

    __slots__ = ()

    target = Reflect("target")


class PopoverTargetAttributes:
    """https://html.spec.whatwg.org/#popovertargetattributes"""

    __slots__ = ()

    # https://html.spec.whatwg.org/#attr-popovertargetaction
    popoverTargetAction = ReflectEnum("popovertargetaction", ("toggle", "show", "hide"), missing="toggle",
                                      invalid="toggle")
    # Reflect="popovertarget": whatwg/html a95983cf corrected the IDL that this copy predates
    popoverTargetElement = ReflectElement("popovertarget")


class HTMLElement(HTMLElementEventHandlers, PopoverMixin, UserInteractionMixin, HTMLElementBase,
                  ElementContentEditable, HTMLOrSVGOrMathMLElement, InnerTextMixin):
    """https://html.spec.whatwg.org/#htmlelement"""

    __slots__ = ()
    # https://html.spec.whatwg.org/#popover-visibility-state: True when showing, kept with the
    # element's other rarely set fields
    _popover_open: RareField[bool] = RareField("popover_open")

    title = Reflect("title")
    lang = Reflect("lang")
    dir = ReflectEnum("dir", ("ltr", "rtl", "auto"))
    hidden = Hidden("hidden")
    translate = Translate("translate")
    draggable = Draggable("draggable")
    inert = ReflectBool("inert")
    accessKey = Reflect("accesskey")
    writingSuggestions = WritingSuggestions("writingsuggestions")
    autocapitalize = Autocapitalize("autocapitalize")
    autocorrect = Autocorrect("autocorrect")
    popover = ReflectEnum("popover", POPOVER, invalid="manual", nullable=True)
    headingOffset = ReflectRange("headingoffset", 0, 8)
    headingReset = ReflectBool("headingreset")


# SubmitEventInit's submitter (dom.html.forms.submission, on which this module builds) is checked
# against HTMLElement through dom.registry.
registry.html_element_interface = HTMLElement
