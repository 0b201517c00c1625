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

from typing import TYPE_CHECKING, Any, Unpack, cast

from webidl.operations import operations

from .events import CREATE_EVENT_INTERFACES, Event, EventTarget

if TYPE_CHECKING:
    from webidl.dictionary_types import (
        CompositionEventInit,
        FocusEventInit,
        InputEventInit,
        KeyboardEventInit,
        MouseEventInit,
        UIEventInit,
        WheelEventInit,
    )

    from .html.window import Window

__all__ = [
    "UIEvent", "FocusEvent", "MouseEvent", "WheelEvent", "InputEvent", "KeyboardEvent",
    "CompositionEvent", "TextEvent",
]


@operations("UIEvent", "__init__", "initUIEvent")
class UIEvent(Event):
    """https://w3c.github.io/uievents/#interface-uievent"""

    __slots__ = ("_view", "_detail", "_which")
    _detail: int
    _which: int
    _init_dictionary = "UIEventInit"

    def __init__(self, type: str, eventInitDict: UIEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[UIEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._view = dictionary["view"]
        self._detail = dictionary["detail"]
        self._which = dictionary["which"]

    @property
    def view(self) -> Window | None:
        """https://w3c.github.io/uievents/#dom-uievent-view"""
        return cast("Window | None", self._view)

    @property
    def detail(self) -> int:
        """https://w3c.github.io/uievents/#dom-uievent-detail"""
        return self._detail

    @property
    def which(self) -> int:
        """https://w3c.github.io/uievents/#dom-uievent-which (legacy)"""
        return self._which

    def initUIEvent(self, typeArg: str, bubblesArg: bool = False, cancelableArg: bool = False,  # noqa: N803
                    viewArg: Window | None = None, detailArg: int = 0) -> None:
        """https://w3c.github.io/uievents/#dom-uievent-inituievent (legacy): as initEvent, and
        the view and detail."""
        if self._dispatching:
            return
        self._initialize(typeArg, bubblesArg, cancelableArg)
        self._view = viewArg
        self._detail = detailArg


@operations("FocusEvent", "__init__")
class FocusEvent(UIEvent):
    """https://w3c.github.io/uievents/#interface-focusevent"""

    __slots__ = ()
    _init_dictionary = "FocusEventInit"

    def __init__(self, type: str, eventInitDict: FocusEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[FocusEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._related_target = dictionary["relatedTarget"]

    @property
    def relatedTarget(self) -> EventTarget | None:
        """https://w3c.github.io/uievents/#dom-focusevent-relatedtarget"""
        return cast("EventTarget | None", self._related_target)


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
    _init_dictionary = "EventModifierInit"

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._modifiers = frozenset(m for m in _MODIFIER_MEMBERS if dictionary[m])

    def _set_modifiers(self, ctrl: bool, alt: bool, shift: bool, meta: bool) -> None:
        """The four modifiers of the legacy init methods, converted (the others are cleared)."""
        pairs = (("ctrlKey", ctrl), ("altKey", alt), ("shiftKey", shift), ("metaKey", meta))
        self._modifiers = frozenset(name for name, value in pairs if value)

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


@operations("MouseEvent", "__init__", "initMouseEvent")
class MouseEvent(_EventModifiers):
    """https://w3c.github.io/uievents/#interface-mouseevent"""

    __slots__ = ("_screen_x", "_screen_y", "_client_x", "_client_y", "_button", "_buttons")
    _screen_x: int
    _screen_y: int
    _client_x: int
    _client_y: int
    _button: int
    _buttons: int
    _is_mouse_event = True  # its "click" is an activation event (DOM dispatch step 5.3)
    _init_dictionary = "MouseEventInit"

    def __init__(self, type: str, eventInitDict: MouseEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[MouseEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._button = dictionary["button"]
        self._buttons = dictionary["buttons"]
        self._client_x = dictionary["clientX"]
        self._client_y = dictionary["clientY"]
        self._related_target = dictionary["relatedTarget"]
        self._screen_x = dictionary["screenX"]
        self._screen_y = dictionary["screenY"]

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
    def relatedTarget(self) -> EventTarget | None:
        """https://w3c.github.io/uievents/#dom-mouseevent-relatedtarget (retargeted by dispatch)"""
        return cast("EventTarget | None", self._related_target)

    def initMouseEvent(self, typeArg: str, bubblesArg: bool = False, cancelableArg: bool = False,  # noqa: N803
                       viewArg: Window | None = None, detailArg: int = 0, screenXArg: int = 0, screenYArg: int = 0,
                       clientXArg: int = 0, clientYArg: int = 0, ctrlKeyArg: bool = False,
                       altKeyArg: bool = False, shiftKeyArg: bool = False, metaKeyArg: bool = False,
                       buttonArg: int = 0, relatedTargetArg: EventTarget | None = None) -> None:
        """https://w3c.github.io/uievents/#dom-mouseevent-initmouseevent (legacy)"""
        if self._dispatching:
            return
        self._initialize(typeArg, bubblesArg, cancelableArg)
        self._view = viewArg
        self._detail, self._screen_x, self._screen_y = detailArg, screenXArg, screenYArg
        self._client_x, self._client_y = clientXArg, clientYArg
        self._set_modifiers(ctrlKeyArg, altKeyArg, shiftKeyArg, metaKeyArg)
        self._button = buttonArg
        self._related_target = relatedTargetArg


@operations("WheelEvent", "__init__")
class WheelEvent(MouseEvent):
    """https://w3c.github.io/uievents/#interface-wheelevent"""

    __slots__ = ("_delta_x", "_delta_y", "_delta_z", "_delta_mode")
    _delta_x: float
    _delta_y: float
    _delta_z: float
    _delta_mode: int
    DOM_DELTA_PIXEL = 0x00
    DOM_DELTA_LINE = 0x01
    DOM_DELTA_PAGE = 0x02
    _init_dictionary = "WheelEventInit"

    def __init__(self, type: str, eventInitDict: WheelEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[WheelEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._delta_mode = dictionary["deltaMode"]
        self._delta_x = dictionary["deltaX"]
        self._delta_y = dictionary["deltaY"]
        self._delta_z = dictionary["deltaZ"]

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


@operations("InputEvent", "__init__")
class InputEvent(UIEvent):
    """https://w3c.github.io/uievents/#interface-inputevent"""

    __slots__ = ("_data", "_is_composing", "_input_type")
    _data: str | None
    _is_composing: bool
    _input_type: str
    _init_dictionary = "InputEventInit"

    def __init__(self, type: str, eventInitDict: InputEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[InputEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._data = dictionary["data"]
        self._input_type = dictionary["inputType"]
        self._is_composing = dictionary["isComposing"]

    @property
    def data(self) -> str | None:
        return self._data

    @property
    def isComposing(self) -> bool:
        return self._is_composing

    @property
    def inputType(self) -> str:
        return self._input_type


@operations("KeyboardEvent", "__init__", "initKeyboardEvent")
class KeyboardEvent(_EventModifiers):
    """https://w3c.github.io/uievents/#interface-keyboardevent"""

    __slots__ = ("_key", "_code", "_location", "_repeat", "_is_composing", "_char_code", "_key_code")
    _key: str
    _code: str
    _location: int
    _repeat: bool
    _is_composing: bool
    _char_code: int
    _key_code: int
    DOM_KEY_LOCATION_STANDARD = 0x00
    DOM_KEY_LOCATION_LEFT = 0x01
    DOM_KEY_LOCATION_RIGHT = 0x02
    DOM_KEY_LOCATION_NUMPAD = 0x03
    _init_dictionary = "KeyboardEventInit"

    def __init__(self, type: str, eventInitDict: KeyboardEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[KeyboardEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._char_code = dictionary["charCode"]
        self._code = dictionary["code"]
        self._is_composing = dictionary["isComposing"]
        self._key = dictionary["key"]
        self._key_code = dictionary["keyCode"]
        self._location = dictionary["location"]
        self._repeat = dictionary["repeat"]

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

    def initKeyboardEvent(self, typeArg: str, bubblesArg: bool = False, cancelableArg: bool = False,  # noqa: N803
                          viewArg: Window | None = None, keyArg: str = "", locationArg: int = 0,
                          ctrlKey: bool = False, altKey: bool = False, shiftKey: bool = False,  # noqa: N803
                          metaKey: bool = False) -> None:  # noqa: N803
        """https://w3c.github.io/uievents/#dom-keyboardevent-initkeyboardevent (legacy)"""
        if self._dispatching:
            return
        self._initialize(typeArg, bubblesArg, cancelableArg)
        self._view = viewArg
        self._key = keyArg
        self._location = locationArg
        self._set_modifiers(ctrlKey, altKey, shiftKey, metaKey)


@operations("CompositionEvent", "__init__", "initCompositionEvent")
class CompositionEvent(UIEvent):
    """https://w3c.github.io/uievents/#interface-compositionevent"""

    __slots__ = ("_data",)
    _data: str
    _init_dictionary = "CompositionEventInit"

    def __init__(self, type: str, eventInitDict: CompositionEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[CompositionEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._data = dictionary["data"]

    @property
    def data(self) -> str:
        return self._data

    def initCompositionEvent(self, typeArg: str, bubblesArg: bool = False,  # noqa: N803
                             cancelableArg: bool = False, viewArg: Window | None = None,  # noqa: N803
                             dataArg: str = "") -> None:  # noqa: N803
        """https://w3c.github.io/uievents/#dom-compositionevent-initcompositionevent (legacy)"""
        if self._dispatching:
            return
        self._initialize(typeArg, bubblesArg, cancelableArg)
        self._view = viewArg
        self._data = dataArg


@operations("TextEvent", "initTextEvent")
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

    def initTextEvent(self, type: str, bubbles: bool = False, cancelable: bool = False,  # noqa: A002
                      view: Window | None = None, data: str = "undefined") -> None:
        """https://w3c.github.io/uievents/#dom-textevent-inittextevent (legacy)"""
        if self._dispatching:
            return
        self._initialize(type, bubbles, cancelable)
        self._view = view
        self._data = data


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
