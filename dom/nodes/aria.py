"""ARIAMixin: ``role`` and the ``aria*`` attributes reflecting ARIA's content attributes.

https://w3c.github.io/aria/#ARIAMixin (WAI-ARIA, which ``Element includes ARIAMixin``): each is a
``DOMString?`` reflecting the content attribute of the same name lowercased with ``aria-`` in
front (``ariaKeyShortcuts`` is ``aria-keyshortcuts``): null when absent, and setting null removes
it (https://html.spec.whatwg.org/#reflecting-content-attributes-in-idl-attributes).  The element
reference ones (``ariaActiveDescendantElement``, ``ariaLabelledByElements``, ...) are not here.
"""

from __future__ import annotations

from ..reflection import ReflectNullable

__all__ = ["ARIAMixin"]


class ARIAMixin:
    """https://w3c.github.io/aria/#ARIAMixin (the attributes that reflect strings)."""

    __slots__ = ()

    role = ReflectNullable("role")
    ariaAtomic = ReflectNullable("aria-atomic")
    ariaAutoComplete = ReflectNullable("aria-autocomplete")
    ariaBrailleLabel = ReflectNullable("aria-braillelabel")
    ariaBrailleRoleDescription = ReflectNullable("aria-brailleroledescription")
    ariaBusy = ReflectNullable("aria-busy")
    ariaChecked = ReflectNullable("aria-checked")
    ariaColCount = ReflectNullable("aria-colcount")
    ariaColIndex = ReflectNullable("aria-colindex")
    ariaColIndexText = ReflectNullable("aria-colindextext")
    ariaColSpan = ReflectNullable("aria-colspan")
    ariaCurrent = ReflectNullable("aria-current")
    ariaDescription = ReflectNullable("aria-description")
    ariaDisabled = ReflectNullable("aria-disabled")
    ariaExpanded = ReflectNullable("aria-expanded")
    ariaHasPopup = ReflectNullable("aria-haspopup")
    ariaHidden = ReflectNullable("aria-hidden")
    ariaInvalid = ReflectNullable("aria-invalid")
    ariaKeyShortcuts = ReflectNullable("aria-keyshortcuts")
    ariaLabel = ReflectNullable("aria-label")
    ariaLevel = ReflectNullable("aria-level")
    ariaLive = ReflectNullable("aria-live")
    ariaModal = ReflectNullable("aria-modal")
    ariaMultiLine = ReflectNullable("aria-multiline")
    ariaMultiSelectable = ReflectNullable("aria-multiselectable")
    ariaOrientation = ReflectNullable("aria-orientation")
    ariaPlaceholder = ReflectNullable("aria-placeholder")
    ariaPosInSet = ReflectNullable("aria-posinset")
    ariaPressed = ReflectNullable("aria-pressed")
    ariaReadOnly = ReflectNullable("aria-readonly")
    ariaRelevant = ReflectNullable("aria-relevant")
    ariaRequired = ReflectNullable("aria-required")
    ariaRoleDescription = ReflectNullable("aria-roledescription")
    ariaRowCount = ReflectNullable("aria-rowcount")
    ariaRowIndex = ReflectNullable("aria-rowindex")
    ariaRowIndexText = ReflectNullable("aria-rowindextext")
    ariaRowSpan = ReflectNullable("aria-rowspan")
    ariaSelected = ReflectNullable("aria-selected")
    ariaSetSize = ReflectNullable("aria-setsize")
    ariaSort = ReflectNullable("aria-sort")
    ariaValueMax = ReflectNullable("aria-valuemax")
    ariaValueMin = ReflectNullable("aria-valuemin")
    ariaValueNow = ReflectNullable("aria-valuenow")
    ariaValueText = ReflectNullable("aria-valuetext")
