"""The UI Events interfaces (https://w3c.github.io/uievents/): UIEvent, FocusEvent, MouseEvent,
WheelEvent, InputEvent, KeyboardEvent, CompositionEvent and TextEvent.

Each is an event interface as the DOM defines them (https://dom.spec.whatwg.org/#defining-event-interfaces):
a constructor taking its init dictionary (a Mapping, an object with attributes, or keyword
arguments), read-only attributes initialized from it, and the legacy ``init*Event`` methods the
UI Events IDL keeps.  ``document.createEvent("MouseEvent")`` and its other rows give these
classes (https://dom.spec.whatwg.org/#dom-document-createevent).

Nothing here is fired by the library except the ``click`` of ``HTMLElement.click()`` (a
PointerEvent, a MouseEvent): there is no user, so no input.  FocusEvent's and MouseEvent's
``relatedTarget`` is the DOM's associated relatedTarget of the event, which dispatch retargets
across shadow trees (dom/event_path.py).
"""

from __future__ import annotations

from typing import Any

from webidl import (
    to_boolean,
    to_dom_string,
    to_double,
    to_long,
    to_nullable_dom_string,
    to_short,
    to_unsigned_long,
    to_unsigned_short,
    undefined,
)
from webidl.operations import operations

from . import registry  # the Window interface (dom.html.window) stands above
from .events import CREATE_EVENT_INTERFACES, Event, EventTarget

__all__ = [
    "UIEvent", "FocusEvent", "MouseEvent", "WheelEvent", "InputEvent", "KeyboardEvent",
    "CompositionEvent", "TextEvent",
]


def _window_or_null(value: Any, what: str) -> Any:
    """A ``Window?`` member or argument (https://webidl.spec.whatwg.org/#js-interface)."""
    if value is None or value is undefined:
        return None
    if not isinstance(value, registry.window_interface):
        raise TypeError(f"{what}: {type(value).__name__} is not a Window")
    return value


def _event_target_or_null(value: Any, what: str) -> Any:
    """An ``EventTarget?`` member or argument."""
    if value is None or value is undefined:
        return None
    if not isinstance(value, EventTarget):
        raise TypeError(f"{what}: {type(value).__name__} is not an EventTarget")
    return value


class UIEvent(Event):
    """https://w3c.github.io/uievents/#interface-uievent"""

    __slots__ = ("_view", "_detail", "_which")
    _init_members: tuple[str, ...] = (*Event._init_members, "detail", "view", "which")

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._view = _window_or_null(dictionary.get("view"), "UIEventInit.view")
        self._detail = to_long(dictionary.get("detail", 0))
        self._which = to_unsigned_long(dictionary.get("which", 0))

    @property
    def view(self) -> Any:
        """https://w3c.github.io/uievents/#dom-uievent-view"""
        return self._view

    @property
    def detail(self) -> int:
        """https://w3c.github.io/uievents/#dom-uievent-detail"""
        return self._detail

    @property
    def which(self) -> int:
        """https://w3c.github.io/uievents/#dom-uievent-which (legacy)"""
        return self._which

    def initUIEvent(self, typeArg: Any, bubblesArg: Any = False, cancelableArg: Any = False,
                    viewArg: Any = None, detailArg: Any = 0) -> None:
        """https://w3c.github.io/uievents/#dom-uievent-inituievent (legacy): as initEvent, and
        the view and detail."""
        type_ = to_dom_string(typeArg)
        view = _window_or_null(viewArg, "initUIEvent")
        detail = to_long(detailArg)
        if self._dispatching:
            return
        self._initialize(type_, to_boolean(bubblesArg), to_boolean(cancelableArg))
        self._view = view
        self._detail = detail


class FocusEvent(UIEvent):
    """https://w3c.github.io/uievents/#interface-focusevent"""

    __slots__ = ()
    _init_members = (*UIEvent._init_members, "relatedTarget")

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._related_target = _event_target_or_null(dictionary.get("relatedTarget"), "FocusEventInit.relatedTarget")

    @property
    def relatedTarget(self) -> Any:
        """https://w3c.github.io/uievents/#dom-focusevent-relatedtarget"""
        return self._related_target


# https://w3c.github.io/uievents/#dictdef-eventmodifierinit, in lexicographic order.
_MODIFIER_MEMBERS = (
    "altKey", "ctrlKey", "metaKey", "modifierAltGraph", "modifierCapsLock", "modifierFn", "modifierFnLock",
    "modifierHyper", "modifierNumLock", "modifierScrollLock", "modifierSuper", "modifierSymbol",
    "modifierSymbolLock", "shiftKey",
)
# https://w3c.github.io/uievents/#dom-mouseevent-getmodifierstate: key names -> init members.
_MODIFIER_KEYS = {
    "Alt": "altKey", "AltGraph": "modifierAltGraph", "CapsLock": "modifierCapsLock", "Control": "ctrlKey",
    "Fn": "modifierFn", "FnLock": "modifierFnLock", "Hyper": "modifierHyper", "Meta": "metaKey",
    "NumLock": "modifierNumLock", "ScrollLock": "modifierScrollLock", "Shift": "shiftKey",
    "Super": "modifierSuper", "Symbol": "modifierSymbol", "SymbolLock": "modifierSymbolLock",
}


# (MouseEvent declares getModifierState as KeyboardEvent does.)
@operations(("KeyboardEvent", "MouseEvent"), "getModifierState")
class _EventModifiers(UIEvent):
    """The members MouseEvent and KeyboardEvent share through EventModifierInit
    (https://w3c.github.io/uievents/#dictdef-eventmodifierinit); not an interface."""

    __slots__ = ("_modifiers",)
    _init_members = (*UIEvent._init_members, *_MODIFIER_MEMBERS)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._modifiers = frozenset(m for m in _MODIFIER_MEMBERS if to_boolean(dictionary.get(m, False)))

    def _set_modifiers(self, ctrl: Any, alt: Any, shift: Any, meta: Any) -> None:
        """The four modifiers of the legacy init methods (the others are cleared)."""
        pairs = (("ctrlKey", ctrl), ("altKey", alt), ("shiftKey", shift), ("metaKey", meta))
        self._modifiers = frozenset(name for name, value in pairs if to_boolean(value))

    @property
    def ctrlKey(self) -> bool:
        return "ctrlKey" in self._modifiers

    @property
    def shiftKey(self) -> bool:
        return "shiftKey" in self._modifiers

    @property
    def altKey(self) -> bool:
        return "altKey" in self._modifiers

    @property
    def metaKey(self) -> bool:
        return "metaKey" in self._modifiers

    def getModifierState(self, keyArg: str) -> bool:
        """https://w3c.github.io/uievents/#dom-mouseevent-getmodifierstate (and KeyboardEvent's):
        whether the modifier key named *keyArg* ("Control", "Shift", "CapsLock", ...) was active."""
        member = _MODIFIER_KEYS.get(keyArg)
        return member is not None and member in self._modifiers


class MouseEvent(_EventModifiers):
    """https://w3c.github.io/uievents/#interface-mouseevent"""

    __slots__ = ("_screen_x", "_screen_y", "_client_x", "_client_y", "_button", "_buttons")
    _is_mouse_event = True  # its "click" is an activation event (DOM dispatch step 5.3)
    _init_members = (*_EventModifiers._init_members, "button", "buttons", "clientX", "clientY",
                     "relatedTarget", "screenX", "screenY")

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._button = to_short(dictionary.get("button", 0))
        self._buttons = to_unsigned_short(dictionary.get("buttons", 0))
        self._client_x = to_long(dictionary.get("clientX", 0))
        self._client_y = to_long(dictionary.get("clientY", 0))
        self._related_target = _event_target_or_null(dictionary.get("relatedTarget"), "MouseEventInit.relatedTarget")
        self._screen_x = to_long(dictionary.get("screenX", 0))
        self._screen_y = to_long(dictionary.get("screenY", 0))

    @property
    def screenX(self) -> int:
        return self._screen_x

    @property
    def screenY(self) -> int:
        return self._screen_y

    @property
    def clientX(self) -> int:
        return self._client_x

    @property
    def clientY(self) -> int:
        return self._client_y

    @property
    def button(self) -> int:
        """https://w3c.github.io/uievents/#dom-mouseevent-button"""
        return self._button

    @property
    def buttons(self) -> int:
        """https://w3c.github.io/uievents/#dom-mouseevent-buttons"""
        return self._buttons

    @property
    def relatedTarget(self) -> Any:
        """https://w3c.github.io/uievents/#dom-mouseevent-relatedtarget (retargeted by dispatch)"""
        return self._related_target

    def initMouseEvent(self, typeArg: Any, bubblesArg: Any = False, cancelableArg: Any = False,
                       viewArg: Any = None, detailArg: Any = 0, screenXArg: Any = 0, screenYArg: Any = 0,
                       clientXArg: Any = 0, clientYArg: Any = 0, ctrlKeyArg: Any = False,
                       altKeyArg: Any = False, shiftKeyArg: Any = False, metaKeyArg: Any = False,
                       buttonArg: Any = 0, relatedTargetArg: Any = None) -> None:
        """https://w3c.github.io/uievents/#dom-mouseevent-initmouseevent (legacy)"""
        type_ = to_dom_string(typeArg)
        view = _window_or_null(viewArg, "initMouseEvent")
        numbers = [to_long(v) for v in (detailArg, screenXArg, screenYArg, clientXArg, clientYArg)]
        button = to_short(buttonArg)
        related = _event_target_or_null(relatedTargetArg, "initMouseEvent")
        if self._dispatching:
            return
        self._initialize(type_, to_boolean(bubblesArg), to_boolean(cancelableArg))
        self._view = view
        self._detail, self._screen_x, self._screen_y, self._client_x, self._client_y = numbers
        self._set_modifiers(ctrlKeyArg, altKeyArg, shiftKeyArg, metaKeyArg)
        self._button = button
        self._related_target = related


class WheelEvent(MouseEvent):
    """https://w3c.github.io/uievents/#interface-wheelevent"""

    __slots__ = ("_delta_x", "_delta_y", "_delta_z", "_delta_mode")
    DOM_DELTA_PIXEL = 0x00
    DOM_DELTA_LINE = 0x01
    DOM_DELTA_PAGE = 0x02
    _init_members = (*MouseEvent._init_members, "deltaMode", "deltaX", "deltaY", "deltaZ")

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._delta_mode = to_unsigned_long(dictionary.get("deltaMode", 0))
        self._delta_x = to_double(dictionary.get("deltaX", 0.0))
        self._delta_y = to_double(dictionary.get("deltaY", 0.0))
        self._delta_z = to_double(dictionary.get("deltaZ", 0.0))

    @property
    def deltaX(self) -> float:
        return self._delta_x

    @property
    def deltaY(self) -> float:
        return self._delta_y

    @property
    def deltaZ(self) -> float:
        return self._delta_z

    @property
    def deltaMode(self) -> int:
        return self._delta_mode


class InputEvent(UIEvent):
    """https://w3c.github.io/uievents/#interface-inputevent"""

    __slots__ = ("_data", "_is_composing", "_input_type")
    _init_members = (*UIEvent._init_members, "data", "inputType", "isComposing")

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._data = to_nullable_dom_string(dictionary.get("data"))
        self._input_type = to_dom_string(dictionary.get("inputType", ""))
        self._is_composing = to_boolean(dictionary.get("isComposing", False))

    @property
    def data(self) -> str | None:
        return self._data

    @property
    def isComposing(self) -> bool:
        return self._is_composing

    @property
    def inputType(self) -> str:
        return self._input_type


class KeyboardEvent(_EventModifiers):
    """https://w3c.github.io/uievents/#interface-keyboardevent"""

    __slots__ = ("_key", "_code", "_location", "_repeat", "_is_composing", "_char_code", "_key_code")
    DOM_KEY_LOCATION_STANDARD = 0x00
    DOM_KEY_LOCATION_LEFT = 0x01
    DOM_KEY_LOCATION_RIGHT = 0x02
    DOM_KEY_LOCATION_NUMPAD = 0x03
    _init_members = (*_EventModifiers._init_members, "charCode", "code", "isComposing", "key", "keyCode",
                     "location", "repeat")

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._char_code = to_unsigned_long(dictionary.get("charCode", 0))
        self._code = to_dom_string(dictionary.get("code", ""))
        self._is_composing = to_boolean(dictionary.get("isComposing", False))
        self._key = to_dom_string(dictionary.get("key", ""))
        self._key_code = to_unsigned_long(dictionary.get("keyCode", 0))
        self._location = to_unsigned_long(dictionary.get("location", 0))
        self._repeat = to_boolean(dictionary.get("repeat", False))

    @property
    def key(self) -> str:
        return self._key

    @property
    def code(self) -> str:
        return self._code

    @property
    def location(self) -> int:
        return self._location

    @property
    def repeat(self) -> bool:
        return self._repeat

    @property
    def isComposing(self) -> bool:
        return self._is_composing

    @property
    def charCode(self) -> int:
        """https://w3c.github.io/uievents/#dom-keyboardevent-charcode (legacy)"""
        return self._char_code

    @property
    def keyCode(self) -> int:
        """https://w3c.github.io/uievents/#dom-keyboardevent-keycode (legacy)"""
        return self._key_code

    def initKeyboardEvent(self, typeArg: Any, bubblesArg: Any = False, cancelableArg: Any = False,
                          viewArg: Any = None, keyArg: Any = "", locationArg: Any = 0, ctrlKey: Any = False,
                          altKey: Any = False, shiftKey: Any = False, metaKey: Any = False) -> None:
        """https://w3c.github.io/uievents/#dom-keyboardevent-initkeyboardevent (legacy)"""
        type_ = to_dom_string(typeArg)
        view = _window_or_null(viewArg, "initKeyboardEvent")
        key = to_dom_string(keyArg)
        location = to_unsigned_long(locationArg)
        if self._dispatching:
            return
        self._initialize(type_, to_boolean(bubblesArg), to_boolean(cancelableArg))
        self._view = view
        self._key = key
        self._location = location
        self._set_modifiers(ctrlKey, altKey, shiftKey, metaKey)


class CompositionEvent(UIEvent):
    """https://w3c.github.io/uievents/#interface-compositionevent"""

    __slots__ = ("_data",)
    _init_members = (*UIEvent._init_members, "data")

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._data = to_dom_string(dictionary.get("data", ""))

    @property
    def data(self) -> str:
        return self._data

    def initCompositionEvent(self, typeArg: Any, bubblesArg: Any = False, cancelableArg: Any = False,
                             viewArg: Any = None, dataArg: Any = "") -> None:
        """https://w3c.github.io/uievents/#dom-compositionevent-initcompositionevent (legacy)"""
        type_ = to_dom_string(typeArg)
        view = _window_or_null(viewArg, "initCompositionEvent")
        data = to_dom_string(dataArg)
        if self._dispatching:
            return
        self._initialize(type_, to_boolean(bubblesArg), to_boolean(cancelableArg))
        self._view = view
        self._data = data


class TextEvent(UIEvent):
    """https://w3c.github.io/uievents/#textevent (legacy; no constructor: only
    ``document.createEvent("TextEvent")`` makes one)."""

    __slots__ = ("_data",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("Illegal constructor: TextEvent has no constructor (use document.createEvent)")

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._data = ""

    @property
    def data(self) -> str:
        return self._data

    def initTextEvent(self, type: Any, bubbles: Any = False, cancelable: Any = False, view: Any = None,
                      data: Any = "undefined") -> None:
        """https://w3c.github.io/uievents/#dom-textevent-inittextevent (legacy)"""
        type_ = to_dom_string(type)
        view_ = _window_or_null(view, "initTextEvent")
        data_ = to_dom_string(data)
        if self._dispatching:
            return
        self._initialize(type_, to_boolean(bubbles), to_boolean(cancelable))
        self._view = view_
        self._data = data_


# https://dom.spec.whatwg.org/#dom-document-createevent: the [[UIEVENTS]] rows.
CREATE_EVENT_INTERFACES.update({
    "compositionevent": CompositionEvent,
    "focusevent": FocusEvent,
    "keyboardevent": KeyboardEvent,
    "mouseevent": MouseEvent,
    "mouseevents": MouseEvent,
    "textevent": TextEvent,
    "uievent": UIEvent,
    "uievents": UIEvent,
})
