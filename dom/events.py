"""DOM events (https://dom.spec.whatwg.org/#events).

Public names: :class:`Event`, :class:`CustomEvent`, :class:`EventTarget` and
:class:`ReportedExceptionWarning`.  Aborting (AbortController, AbortSignal) is
:mod:`dom.aborting`; HTML's event handlers (``onclick`` and the mixins that carry them) are
:mod:`dom.event_handlers`.  Both build on this module (AbortSignal is an EventTarget), which
reaches AbortSignal, for the ``signal`` listener option, through :mod:`dom.registry`.

How this library maps the standards (each choice is the one a browser-less, JavaScript-less DOM
can honestly make):

* **Callbacks.**  An event listener's callback is a Python callable, called with the event as its
  only argument (JavaScript's ``this`` is the event's ``currentTarget``), or any other object whose
  ``handleEvent`` attribute is looked up and called at each invocation ("call a user object's
  operation", https://webidl.spec.whatwg.org/#call-a-user-objects-operation).  A primitive
  (``str``, ``int``, ``float``, ``bool``) is a TypeError, as a non-object is in JavaScript.
  Listeners are matched by identity of the callback; bound methods, which Python creates afresh
  on each attribute access, are matched by equality so ``removeEventListener("x", obj.meth)``
  works.
* **Reporting exceptions.**  When a listener raises, the DOM "reports the exception"
  (https://html.spec.whatwg.org/#report-an-exception) and dispatch goes on with the next
  listener.  Here that is a :class:`ReportedExceptionWarning` issued with :func:`warnings.warn`;
  the original exception (with its traceback) is its ``exception`` attribute, and the warning
  is attributed to the caller's line (the ``dispatchEvent`` call).  Standard warning filters
  apply (the default one shows a given message once per line);
  ``warnings.simplefilter("error", ReportedExceptionWarning)`` turns reports into errors (the
  dispatch then stops at the first one, leaving the event reset).  Only ``Exception``
  subclasses are reported; ``KeyboardInterrupt`` and ``SystemExit`` propagate.
* **The event path.**  A node's "get the parent" is its parent (there are no slots or shadow
  trees).  A document's "get the parent" (https://dom.spec.whatwg.org/#interface-document) is
  its Window (dom.html.window: documents from ``parse_html``), or null for a ``load`` event or a
  document without a browsing context.
  Activation behaviour is wired into dispatch (:meth:`EventTarget._activation_behavior`); a
  MouseEvent's ``click`` triggers it (MouseEvent and the other UI Events: :mod:`dom.ui_events`).
* **Time.**  ``timeStamp`` is milliseconds (a float, coarsened to 0.1 ms) since this module's
  import, which stands in for the time origin of the (absent) global object.
"""


from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from types import MethodType
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeAlias, Unpack, cast

from html_infra.infra import ascii_lowercase
from webidl import (
    InvalidStateError,
    NotSupportedError,
    to_dom_string,
    undefined,
)
from webidl.dictionaries import convert_dictionary
from webidl.operations import attributes, operations

from . import registry  # AbortSignal, the event path (they build on this module); the Window (dom.html)
from .exception_reporting import ReportedExceptionWarning, report_exception

if TYPE_CHECKING:
    from webidl.dictionary_types import AddEventListenerOptions, CustomEventInit, EventInit, EventListenerOptions

    from .aborting import AbortSignal
    from .event_handlers import EventHandler
    from .nodes.node import Node

__all__ = [
    "Event",
    "CustomEvent",
    "EventTarget",
    "ReportedExceptionWarning",
    "report_exception",
    "create_event",
    "fire_event",
    "dispatch",
    "CREATE_EVENT_INTERFACES",
    "TIME_ORIGIN",
    "coarse_now",
]

NONE = 0
CAPTURING_PHASE = 1
AT_TARGET = 2
BUBBLING_PHASE = 3

TIME_ORIGIN = time.perf_counter()


def coarse_now() -> float:
    """https://w3c.github.io/hr-time/#dfn-relative-high-resolution-coarse-time (100 us steps,
    the resolution for contexts that are not cross-origin isolated)."""
    return ((time.perf_counter() - TIME_ORIGIN) * 10_000 // 1) / 10


# ---------------------------------------------------------------------------------------------
# Dictionaries and callbacks (the few Web IDL conversions events need)
# ---------------------------------------------------------------------------------------------

JS_PRIMITIVES = (str, int, float, bool, bytes)


def _same_callback(a: Any, b: Any) -> bool:
    """Callbacks are the same JS object; a bound method counts as the same when equal (Python
    makes a new bound method object each time ``obj.meth`` is read)."""
    return a is b or (type(a) is MethodType and a == b)


def _call_handle_event(callback: Any, event: Event) -> Any:
    """https://webidl.spec.whatwg.org/#call-a-user-objects-operation with "handleEvent"."""
    if callable(callback):
        return callback(event)
    method = getattr(callback, "handleEvent", undefined)
    if not callable(method):
        raise TypeError(f"{type(callback).__name__} object has no callable handleEvent")
    return method(event)


# ---------------------------------------------------------------------------------------------
# Event
# ---------------------------------------------------------------------------------------------


@operations("Event", "__init__", "initEvent")
@attributes("Event", "cancelBubble", "returnValue")
class Event:
    """https://dom.spec.whatwg.org/#interface-event

    ``Event(type, eventInitDict)``; the dictionary may be a Mapping, an object with attributes,
    or given as keyword arguments: ``Event("click", bubbles=True, cancelable=True)``.

    Defining an event interface (https://dom.spec.whatwg.org/#defining-event-interfaces): a
    subclass names its init dictionary in ``_init_dictionary`` (its members, types and defaults
    come from the IDL: :func:`webidl.dictionaries.convert_dictionary`) and overrides
    ``_init_from_dictionary`` to initialize its attributes from the converted members, calling
    ``super()`` first; the constructor, :func:`create_event` and :func:`fire_event` all go
    through it.  A subclass with a constructor declares it as Event's below, typed with its
    dictionary, for the generated layer to convert its arguments (webidl.operations).
    """

    __slots__ = (
        "_type", "_target", "_current_target", "_phase", "_bubbles", "_cancelable", "_composed",
        "_is_trusted", "_time_stamp", "_path", "_stop", "_stop_immediate", "_canceled",
        "_in_passive", "_initialized", "_dispatching", "_related_target", "__weakref__",
    )

    NONE = NONE
    CAPTURING_PHASE = CAPTURING_PHASE
    AT_TARGET = AT_TARGET
    BUBBLING_PHASE = BUBBLING_PHASE

    # True for MouseEvent and its subclasses: a "click" of those is an activation event
    # (https://dom.spec.whatwg.org/#concept-event-dispatch step 6.4); dom.ui_events sets it.
    _is_mouse_event = False

    # The IDL dictionary of the constructor's eventInitDict.
    _init_dictionary = "EventInit"

    def __init__(self, type: str, eventInitDict: EventInit = {}, **init: Unpack[EventInit]) -> None:  # noqa: B006
        """https://dom.spec.whatwg.org/#concept-event-constructor ({} is read only, as the IDL's
        default; the keyword arguments arrive merged into the dictionary)."""
        self._construct(type, eventInitDict)

    def _construct(self, type: str, dictionary: Mapping[str, Any]) -> None:
        """The constructor's steps after its arguments' conversion (the dictionary's members are
        those of the class's own dictionary, defaults included)."""
        self._inner_create(coarse_now(), cast("dict[str, Any]", dictionary))
        self._type = type

    def _inner_create(self, time_stamp: float, dictionary: dict[str, Any]) -> None:
        """https://dom.spec.whatwg.org/#inner-event-creation-steps (on an object already made)."""
        self._type = ""
        self._target: EventTarget | None = None
        self._current_target: EventTarget | None = None
        self._phase = NONE
        self._bubbles = False
        self._cancelable = False
        self._composed = False
        self._is_trusted = False
        self._path: list[tuple[Any, Any, bool, bool, Any, bool]] = []
        self._stop = self._stop_immediate = self._canceled = False
        self._in_passive = self._dispatching = False
        # https://dom.spec.whatwg.org/#event-relatedtarget: the DOM's associated relatedTarget,
        # exposed by FocusEvent and MouseEvent (dom.ui_events), retargeted by dispatch.
        self._related_target: Any = None
        self._initialized = True
        self._time_stamp = time_stamp
        self._init_from_dictionary(dictionary)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        """Step 4 of the inner event creation steps: members initialize same-named attributes;
        subclasses extend this for their own members (converted, with their defaults)."""
        self._bubbles = dictionary["bubbles"]
        self._cancelable = dictionary["cancelable"]
        self._composed = dictionary["composed"]

    # -- attributes -----------------------------------------------------------------------------

    @property
    def type(self) -> str:
        """https://dom.spec.whatwg.org/#dom-event-type"""
        return self._type

    @property
    def target(self) -> EventTarget | None:
        """https://dom.spec.whatwg.org/#dom-event-target"""
        return self._target

    @property
    def srcElement(self) -> EventTarget | None:
        """https://dom.spec.whatwg.org/#dom-event-srcelement (legacy alias of target)"""
        return self._target

    @property
    def currentTarget(self) -> EventTarget | None:
        """https://dom.spec.whatwg.org/#dom-event-currenttarget"""
        return self._current_target

    def composedPath(self) -> list[EventTarget]:
        """https://dom.spec.whatwg.org/#dom-event-composedpath (closed shadow trees the current
        target is outside of are left out; dom/event_path.py)."""
        if not self._path:
            return []
        return registry.composed_path(self)

    @property
    def eventPhase(self) -> int:
        """https://dom.spec.whatwg.org/#dom-event-eventphase"""
        return self._phase

    def stopPropagation(self) -> None:
        """https://dom.spec.whatwg.org/#dom-event-stoppropagation"""
        self._stop = True

    @property
    def cancelBubble(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-event-cancelbubble"""
        return self._stop

    @cancelBubble.setter
    def cancelBubble(self, value: bool) -> None:
        if value:
            self._stop = True

    def stopImmediatePropagation(self) -> None:
        """https://dom.spec.whatwg.org/#dom-event-stopimmediatepropagation"""
        self._stop = True
        self._stop_immediate = True

    @property
    def bubbles(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-event-bubbles"""
        return self._bubbles

    @property
    def cancelable(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-event-cancelable"""
        return self._cancelable

    def _set_the_canceled_flag(self) -> None:
        """https://dom.spec.whatwg.org/#set-the-canceled-flag"""
        if self._cancelable and not self._in_passive:
            self._canceled = True

    @property
    def returnValue(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-event-returnvalue (legacy)"""
        return not self._canceled

    @returnValue.setter
    def returnValue(self, value: bool) -> None:
        if not value:
            self._set_the_canceled_flag()

    def preventDefault(self) -> None:
        """https://dom.spec.whatwg.org/#dom-event-preventdefault"""
        self._set_the_canceled_flag()

    @property
    def defaultPrevented(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-event-defaultprevented"""
        return self._canceled

    @property
    def composed(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-event-composed"""
        return self._composed

    @property
    def isTrusted(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-event-istrusted: false for every event made with a
        constructor or dispatched with dispatchEvent(); true for those the library fires (the
        abort event of an AbortSignal)."""
        return self._is_trusted

    @property
    def timeStamp(self) -> float:
        """https://dom.spec.whatwg.org/#dom-event-timestamp (milliseconds, see module docstring)"""
        return self._time_stamp

    def _initialize(self, type: str, bubbles: bool, cancelable: bool) -> None:
        """https://dom.spec.whatwg.org/#concept-event-initialize"""
        self._initialized = True
        self._stop = self._stop_immediate = self._canceled = False
        self._is_trusted = False
        self._target = None
        self._type = type
        self._bubbles = bubbles
        self._cancelable = cancelable

    def initEvent(self, type: str, bubbles: bool = False, cancelable: bool = False) -> None:
        """https://dom.spec.whatwg.org/#dom-event-initevent (legacy)"""
        if self._dispatching:
            return
        self._initialize(type, bubbles, cancelable)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} type={self._type!r}>"


@operations("CustomEvent", "initCustomEvent")
@operations("CustomEvent", "__init__")
class CustomEvent(Event):
    """https://dom.spec.whatwg.org/#interface-customevent"""

    __slots__ = ("_detail",)
    _init_dictionary = "CustomEventInit"

    def __init__(self, type: str, eventInitDict: CustomEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[CustomEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        self._detail = dictionary["detail"]

    @property
    def detail(self) -> Any:
        """https://dom.spec.whatwg.org/#dom-customevent-detail"""
        return self._detail

    def initCustomEvent(self, type: str, bubbles: bool = False, cancelable: bool = False, detail: Any = None) -> None:
        """https://dom.spec.whatwg.org/#dom-customevent-initcustomevent (legacy)"""
        if self._dispatching:
            return
        self._initialize(type, bubbles, cancelable)
        self._detail = detail


# https://dom.spec.whatwg.org/#dom-document-createevent: the rows whose interface exists here
# (dom.ui_events and dom.html.event_interfaces add theirs).
CREATE_EVENT_INTERFACES: dict[str, type[Event]] = {
    "customevent": CustomEvent,
    "event": Event,
    "events": Event,
    "htmlevents": Event,
    "svgevents": Event,
}


def create_event(interface: Any) -> Event:
    """The steps of ``document.createEvent(interface)``
    (https://dom.spec.whatwg.org/#dom-document-createevent): an uninitialized event, which
    ``dispatchEvent`` refuses until ``initEvent`` is called.  Interfaces this library does not
    implement (DeviceMotionEvent, TouchEvent, ...) are NotSupportedError, as unexposed ones are."""
    name = to_dom_string(interface)
    cls = CREATE_EVENT_INTERFACES.get(ascii_lowercase(name))
    if cls is None:
        raise NotSupportedError(f"the event interface {name!r} is not supported")
    event = cls.__new__(cls)
    # "create an event": the dictionary is undefined converted to eventInterface's (its defaults)
    event._inner_create(coarse_now(), convert_dictionary(cls._init_dictionary, undefined, name))
    event._type = ""
    event._is_trusted = False
    event._initialized = False
    return event


def fire_event(name: str, target: EventTarget, cls: type[Event] = Event, *, legacy_target_override: bool = False,
               **attributes: Any) -> bool:
    """https://dom.spec.whatwg.org/#concept-event-fire: create a trusted event of *cls* named
    *name*, initialize the attributes given (``bubbles=True``, ``cancelable=True``, ``detail=``,
    ``isTrusted=False``) and dispatch it to *target* (with *legacy_target_override*: a Window's
    event whose target is its document, as HTML fires ``load``)."""
    event = cls.__new__(cls)
    trusted = attributes.pop("isTrusted", True)
    # "create an event", then the attributes given (converted as the init dictionary's members)
    event._inner_create(coarse_now(), convert_dictionary(cls._init_dictionary, undefined, name, attributes))
    event._type = name
    event._is_trusted = bool(trusted)
    return dispatch(event, target, legacy_target_override)


# ---------------------------------------------------------------------------------------------
# EventTarget
# ---------------------------------------------------------------------------------------------


class _HandleEvent(Protocol):
    def handleEvent(self, event: Event) -> Any: ...  # noqa: N802 -- the IDL name


# What an EventListener argument takes (https://dom.spec.whatwg.org/#callbackdef-eventlistener, a
# callback interface): a function of the event, or an object with handleEvent.
EventListenerCallback: TypeAlias = Callable[[Event], Any] | _HandleEvent


class EventListener:
    """https://dom.spec.whatwg.org/#concept-event-listener"""

    __slots__ = ("type", "callback", "capture", "passive", "once", "signal", "removed")

    def __init__(self, type: str, callback: Any, capture: bool, passive: bool | None, once: bool,
                 signal: AbortSignal | None) -> None:
        self.type = type
        self.callback = callback
        self.capture = capture
        self.passive = passive
        self.once = once
        self.signal = signal
        self.removed = False


class EventTargetState:
    """The event listener list and, once used, the event handler map of one EventTarget."""

    __slots__ = ("listeners", "handlers")

    def __init__(self) -> None:
        self.listeners: list[EventListener] = []
        self.handlers: dict[str, EventHandler] | None = None


ActivationBehavior = tuple[Callable[["Event"], Any], "Callable[[], Any] | None", "Callable[[], Any] | None"]

# https://dom.spec.whatwg.org/#default-passive-value
_DEFAULT_PASSIVE_TYPES = frozenset({"touchstart", "touchmove", "wheel", "mousewheel"})


@operations("EventTarget", "dispatchEvent", "addEventListener", "removeEventListener")
class EventTarget:
    """https://dom.spec.whatwg.org/#interface-eventtarget

    Its state is one field, ``_event_target_state``, created on first use; the node's wrapper
    is kept alive by its document's identity map, and the listeners with it.  Each subclass
    with ``__slots__`` declares that field: a slot, or, for Element, a field of its rarely set
    state (most elements never get a listener).
    """

    __slots__ = ()
    _event_target_state: EventTargetState  # absent until first use

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A class of the user's with __slots__ (no __dict__) must give the listeners a place,
        # as the library's classes do: said when the class is made, not at its first listener.
        if (
            cls.__module__.partition(".")[0] not in ("dom", "webdom")
            and not cls.__dictoffset__
            and not hasattr(cls, "_event_target_state")
        ):
            raise TypeError(
                f"{cls.__name__} declares __slots__ without '_event_target_state', the field where an "
                "EventTarget keeps its event listeners: add it to the __slots__"
            )

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # ``EventTarget()`` itself makes a _StandaloneEventTarget, the subclass that declares
        # the field.  (The library makes its nodes with object.__new__, past this call.)
        if cls is EventTarget:
            return cast(Self, object.__new__(_StandaloneEventTarget))  # (Self is EventTarget here)
        return object.__new__(cls)

    def __init__(self) -> None:
        """https://dom.spec.whatwg.org/#dom-eventtarget-eventtarget (does nothing)"""

    # -- internal hooks -------------------------------------------------------------------------

    def _event_state(self) -> EventTargetState:
        try:
            return self._event_target_state
        except AttributeError:
            state = EventTargetState()
            subclass: Any = self  # the field is declared by each subclass (see the class docstring)
            subclass._event_target_state = state
            self._event_state_created(state)
            return state

    def _event_state_created(self, state: EventTargetState) -> None:
        """Hook run once, when the listener list is first needed (HTML elements activate the
        event handlers of their parsed content attributes here)."""

    def _event_listeners_for_dispatch(self) -> list[EventListener] | None:
        state = getattr(self, "_event_target_state", None)
        return None if state is None else state.listeners

    def _get_the_parent(self, event: Event) -> EventTarget | None:
        """https://dom.spec.whatwg.org/#get-the-parent (null unless specified otherwise)."""
        return None

    def _activation_behavior(self) -> ActivationBehavior | None:
        """https://dom.spec.whatwg.org/#eventtarget-activation-behavior: None, or the triple
        (activation behavior taking the event, legacy-pre-activation behavior or None,
        legacy-canceled-activation behavior or None) -- the spec gives the last two together or
        not at all.  Element classes with activation behaviour override this; dispatch only
        consults it for a ``click`` event whose class sets ``_is_mouse_event`` (a MouseEvent)."""
        return None

    # -- IDL ------------------------------------------------------------------------------------

    def addEventListener(self, type: str, callback: EventListenerCallback | None,  # noqa: A002
                         options: AddEventListenerOptions | bool = {}) -> None:  # noqa: B006 -- read only
        """https://dom.spec.whatwg.org/#dom-eventtarget-addeventlistener

        *options* is a boolean (capture) or an AddEventListenerOptions dictionary: ``capture``,
        ``once``, ``passive``, ``signal`` (an AbortSignal; None is a TypeError, as null is)."""
        capture, passive, once, signal = _flatten_more(options)
        add_event_listener(self, EventListener(type, callback, capture, passive, once, signal))

    def removeEventListener(self, type: str, callback: EventListenerCallback | None,  # noqa: A002
                            options: EventListenerOptions | bool = {}) -> None:  # noqa: B006 -- read only
        """https://dom.spec.whatwg.org/#dom-eventtarget-removeeventlistener"""
        type_ = type
        capture = _flatten(options)
        state = getattr(self, "_event_target_state", None)
        if state is None or callback is None:
            return
        for listener in state.listeners:
            if listener.type == type_ and listener.capture == capture and _same_callback(listener.callback, callback):
                remove_event_listener(self, listener)
                return

    def dispatchEvent(self, event: Event) -> bool:
        """https://dom.spec.whatwg.org/#dom-eventtarget-dispatchevent"""
        if event._dispatching or not event._initialized:
            raise InvalidStateError("the event is already being dispatched or is not initialized")
        event._is_trusted = False
        return dispatch(event, self)


class _StandaloneEventTarget(EventTarget):
    """An object made by ``EventTarget()``: an EventTarget and nothing more."""

    __slots__ = ("_event_target_state", "__weakref__")


def _flatten(options: EventListenerOptions | bool) -> bool:
    """https://dom.spec.whatwg.org/#concept-flatten-options (of the converted union)"""
    if isinstance(options, bool):
        return options
    return options["capture"]


def _flatten_more(options: AddEventListenerOptions | bool) -> tuple[bool, bool | None, bool, AbortSignal | None]:
    """https://dom.spec.whatwg.org/#event-flatten-more (of the converted union: its signal is an
    AbortSignal, null a TypeError)"""
    if isinstance(options, bool):
        return options, None, False, None
    signal = cast("AbortSignal | None", options.get("signal"))
    return options["capture"], options.get("passive"), options["once"], signal


def _default_passive_value(type: str, target: EventTarget) -> bool:
    """https://dom.spec.whatwg.org/#default-passive-value"""
    if type not in _DEFAULT_PASSIVE_TYPES:
        return False
    if isinstance(target, registry.window_interface):
        return True
    node_type = getattr(target, "nodeType", None)
    if node_type is None:
        return False
    if node_type == 9:  # a node whose node document is target: target is a Document
        return True
    document = cast("Node", target).ownerDocument  # it has a nodeType: a Node
    return document is not None and (target is document.documentElement or target is getattr(document, "body", None))


def add_event_listener(target: EventTarget, listener: EventListener) -> None:
    """https://dom.spec.whatwg.org/#add-an-event-listener"""
    signal = listener.signal
    if signal is not None and signal.aborted:
        return
    if listener.callback is None:
        return
    if listener.passive is None:
        listener.passive = _default_passive_value(listener.type, target)
    state = target._event_state()
    for existing in state.listeners:
        if (existing.type == listener.type and existing.capture == listener.capture
                and _same_callback(existing.callback, listener.callback)):
            break
    else:
        state.listeners.append(listener)
        if listener.type == "abort" and isinstance(target, registry.abort_signal_interface):
            target._pin()
    if signal is not None:
        signal._add_algorithm(lambda: remove_event_listener(target, listener))


def remove_event_listener(target: EventTarget, listener: EventListener) -> None:
    """https://dom.spec.whatwg.org/#remove-an-event-listener"""
    listener.removed = True
    state = getattr(target, "_event_target_state", None)
    if state is None:
        return
    listeners = state.listeners
    for i, candidate in enumerate(listeners):
        if candidate is listener:
            del listeners[i]
            return


# ---------------------------------------------------------------------------------------------
# Dispatch
# ---------------------------------------------------------------------------------------------

# https://dom.spec.whatwg.org/#concept-event-listener-invoke step 11.2
_LEGACY_TYPES = {
    "animationend": "webkitAnimationEnd",
    "animationiteration": "webkitAnimationIteration",
    "animationstart": "webkitAnimationStart",
    "transitionend": "webkitTransitionEnd",
}


def dispatch(event: Event, target: EventTarget, legacy_target_override: bool = False) -> bool:
    """https://dom.spec.whatwg.org/#concept-event-dispatch

    With *legacy_target_override* (a Window target), the target listeners see is the Window's
    associated Document (step 3's targetOverride).

    Without touch targets: build the path across shadow trees (target, then each "get the
    parent", retargeting the target and the relatedTarget at hosts: dom/event_path.py), run the
    capturing pass from the root, then the bubbling pass from the target, reset the event
    (clearing a target or relatedTarget left in a shadow tree), then run the activation
    target's activation behaviour (see :meth:`EventTarget._activation_behavior`).
    """
    event._dispatching = True
    activation_target: EventTarget | None = None
    behavior: ActivationBehavior | None = None
    clear_targets = False
    try:
        is_activation_event = event._is_mouse_event and event._type == "click"
        # Each path item: (invocation target, shadow-adjusted target, root-of-closed-tree,
        # slot-in-closed-tree, relatedTarget), built across shadow trees by dom/event_path.py.
        related_target = registry.retarget(event._related_target, target)  # step 4
        if target is not related_target or target is event._related_target:  # step 5
            override: EventTarget = target  # step 3: targetOverride
            if legacy_target_override:  # a Window's associated Document
                assert isinstance(target, registry.window_interface)
                override = target._document
            activation_target, clear_targets = registry.build_path(event, target, is_activation_event, override)
        else:  # the relatedTarget retargets to the target itself: no listener is invoked
            event._path = []
        path = event._path
        behavior = activation_target._activation_behavior() if activation_target is not None else None
        if behavior is not None and behavior[1] is not None:
            behavior[1]()  # legacy-pre-activation behavior
        for index in range(len(path) - 1, -1, -1):
            event._phase = AT_TARGET if path[index][1] is not None else CAPTURING_PHASE
            _invoke(index, event, True)
        for index, item in enumerate(path):
            if item[1] is not None:
                event._phase = AT_TARGET
            else:
                if not event._bubbles:
                    continue
                event._phase = BUBBLING_PHASE
            _invoke(index, event, False)
    finally:
        # Also reached when a listener raises something that is not reported
        # (KeyboardInterrupt, or a report turned into an error): the event is left reusable.
        event._phase = NONE
        event._current_target = None
        event._path = []
        event._dispatching = event._stop = event._stop_immediate = False
        event._in_passive = False
    if clear_targets:  # step 8: a target inside a shadow tree is not kept after dispatch
        event._target = None
        event._related_target = None
    if behavior is not None:
        if not event._canceled:
            behavior[0](event)
        elif behavior[2] is not None:
            behavior[2]()  # legacy-canceled-activation behavior
    return not event._canceled


def _invoke(index: int, event: Event, capturing: bool) -> None:
    """https://dom.spec.whatwg.org/#concept-event-listener-invoke (of the path item at *index*)"""
    path = event._path
    adjusted = index
    while path[adjusted][1] is None:  # 1. the nearest shadow-adjusted target at or before it
        adjusted -= 1
    event._target = path[adjusted][1]
    event._related_target = path[index][4]  # 3. the item's relatedTarget
    if event._stop:
        return
    current = path[index][0]
    event._current_target = current
    listeners = current._event_listeners_for_dispatch()
    if not listeners:
        found = False
    else:
        found = _inner_invoke(event, list(listeners), capturing)  # a clone: later additions do not run
    if not found and event._is_trusted:
        original = event._type
        legacy = _LEGACY_TYPES.get(original)
        if legacy is None or not listeners:
            return
        event._type = legacy
        try:
            _inner_invoke(event, list(listeners), capturing)
        finally:
            event._type = original


def _inner_invoke(event: Event, listeners: list[EventListener], capturing: bool) -> bool:
    """https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke"""
    found = False
    for listener in listeners:
        if listener.removed:
            continue
        if event._type != listener.type:
            continue
        found = True
        if capturing != listener.capture:
            continue
        if listener.once and (current := event._current_target) is not None:  # set while invoking
            remove_event_listener(current, listener)
        if listener.passive:
            event._in_passive = True
        try:
            _call_handle_event(listener.callback, event)
        except Exception as exception:
            report_exception(exception, f"uncaught exception in a {event._type!r} event listener")
        finally:
            event._in_passive = False
        if event._stop_immediate:
            break
    return found


