"""HTML's event handlers (https://html.spec.whatwg.org/#event-handler-attributes): the event
handler IDL attributes (``onclick``...), their content attributes, and the mixins that carry them
(:class:`GlobalEventHandlers`, :class:`WindowEventHandlers`, :class:`DocumentEventHandlers`,
:class:`HTMLElementEventHandlers`).

* **Scripting.**  The HTML Standard says scripting is disabled for a node whose document has no
  browsing context, which would make every event handler inert here.  Browsers and WPT
  (``html/webappapis/scripting/events/event-handler-no-browsing-context.html``, whatwg/dom#1084)
  agree that only *compiling* content attributes is blocked: handlers set through the IDL
  attributes (``el.onclick = f``) run, and so they do here.
* **Content attributes.**  An event handler content attribute (``onclick="..."``) is JavaScript.
  It sets the event handler to an internal raw uncompiled handler and activates it (so it takes
  its place in the listener order, as in the spec's example); "getting the current value of the
  event handler" compiles it through the compiler a script engine registered for the element's
  document (:func:`set_handler_compiler`: webdom.js does for its realm's document).  Without
  one it fails to compile: that failure is reported (a ``NotSupportedError`` in a
  :class:`ReportedExceptionWarning`), the handler's value becomes null, and the IDL attribute
  reads ``None``.  Parsed content
  attributes are activated when the element's listener list is first needed: no listener can
  precede them then, so the order is the one activation at parse time gives.  Content Security
  Policy checks on them are not made (nothing is compiled or run).
* ``onerror`` on elements and documents takes the event like every other handler; a Window's
  (dom.html.window) takes an ErrorEvent's five members instead, and cancels it when it returns
  true.  ``onbeforeunload`` return values get no special treatment (nothing unloads here).
* **The Window's handlers.**  ``body`` and ``frameset`` forward the WindowEventHandlers and the
  window-reflecting ones (``onload``, ``onerror``...) to their node document's Window, or to
  nothing (null) when the document has none (``createHTMLDocument()``'s).  Their content
  attributes set the Window's handler the same way (a parsed one when the Window's listener
  list is first needed), compiled by the compiler of the Window's document.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from webidl import NotSupportedError, undefined

from . import registry  # the Window and ErrorEvent interfaces (dom.html) stand above
from .events import (
    JS_PRIMITIVES,
    Event,
    EventListener,
    EventTarget,
    EventTargetState,
    add_event_listener,
    remove_event_listener,
)
from .exception_reporting import report_exception

if TYPE_CHECKING:
    from .nodes.element import Element as _ElementBase  # what the mixin below is put before
else:
    _ElementBase = object

__all__ = [
    "EventHandler",
    "EventHandlerAttribute",
    "GlobalEventHandlers",
    "WindowEventHandlers",
    "DocumentEventHandlers",
    "HTMLElementEventHandlers",
    "activate_parsed_window_handlers",
    "get_current_value",
    "activate_event_handler",
    "deactivate_event_handler",
    "set_handler_compiler",
]


class EventHandler:
    """https://html.spec.whatwg.org/#event-handlers: a value (None, a callback, or a raw
    uncompiled handler) and the listener registered for it."""

    __slots__ = ("value", "listener")

    def __init__(self) -> None:
        self.value: Any = None
        self.listener: EventListener | None = None


class _UncompiledHandler:
    """https://html.spec.whatwg.org/#internal-raw-uncompiled-handler"""

    __slots__ = ("body",)

    def __init__(self, body: str) -> None:
        self.body = body


# Compiling a raw uncompiled handler needs a script engine: one registers a compiler for the
# documents whose scripting it enables (webdom.js, for its realm's document).  The compiler gets
# the element, the handler's name and the body, and answers the callback or raises what the
# engine threw (a body that does not parse).
HandlerCompiler = Callable[[Any, str, str], Any]
# Kept by the document (a compiler refers to its realm, which holds the document: a map keyed
# by the document would keep both alive for ever).
_COMPILER = "(handler compiler)"


def set_handler_compiler(document: Any, compiler: HandlerCompiler | None) -> None:
    """Let *compiler* compile the event handler content attributes of *document*'s elements
    (None: they fail to compile again, as scripting disabled)."""
    if compiler is None:
        document._objects.pop(_COMPILER, None)
    else:
        document._objects[_COMPILER] = compiler




def _to_event_handler(value: Any) -> Any:
    """``EventHandler`` ([LegacyTreatNonObjectAsNull] callback function, nullable): objects are
    kept as they are (a non-callable one fails when invoked, and that is reported), anything
    else is null."""
    if value is None or value is undefined or isinstance(value, JS_PRIMITIVES):
        return None
    return value


def _handler_map(target: EventTarget) -> dict[str, EventHandler]:
    state = target._event_state()
    if state.handlers is None:
        state.handlers = {}
    return state.handlers


def get_current_value(target: EventTarget, name: str) -> Any:
    """https://html.spec.whatwg.org/#getting-the-current-value-of-the-event-handler

    A raw uncompiled handler (a content attribute's JavaScript) is compiled by the compiler
    registered for the element's document; without one, or when the body does not parse, the
    handler's value becomes null, the failure is reported and the result is null."""
    state = getattr(target, "_event_target_state", None)
    if state is None:
        state = target._event_state()  # activates parsed content attributes
    handlers = state.handlers
    handler = handlers.get(name) if handlers is not None else None
    if handler is None:
        return None
    if isinstance(handler.value, _UncompiledHandler):
        # an element's node document, or a Window's associated Document
        document = getattr(target, "_doc", None) or getattr(target, "_document", None)
        compiler = None if document is None else document._objects.get(_COMPILER)
        if compiler is not None:
            # step 3: compile the body with the element, its form owner and its document in scope
            try:
                handler.value = compiler(target, name, handler.value.body)
            except Exception as error:  # noqa: BLE001 -- step 3.6 (body not parsable): reported, not raised
                handler.value = None
                report_exception(error, f"event handler {name}")
                return None
            return handler.value
        handler.value = None  # without deactivating: the listener stays registered
        report_exception(
            NotSupportedError(f"cannot compile the {name} content attribute: webdom runs no JavaScript"),
            f"event handler {name}",
        )
        return None
    return handler.value


def deactivate_event_handler(target: EventTarget, name: str) -> None:
    """https://html.spec.whatwg.org/#deactivate-an-event-handler"""
    handler = _handler_map(target).get(name)
    if handler is None:
        return
    handler.value = None
    if handler.listener is not None:
        remove_event_listener(target, handler.listener)
    handler.listener = None


def activate_event_handler(target: EventTarget, name: str, event_type: str) -> None:
    """https://html.spec.whatwg.org/#activate-an-event-handler"""
    handler = _handler_map(target)[name]
    if handler.listener is not None:
        return

    def callback(event: Event) -> None:
        _event_handler_processing_algorithm(target, name, event)

    listener = EventListener(event_type, callback, False, None, False, None)
    add_event_listener(target, listener)
    handler.listener = listener


def _set_event_handler(target: EventTarget, name: str, event_type: str, value: Any) -> None:
    """The event handler IDL attribute setter and the content attribute steps, after the
    target is determined: null deactivates, anything else is stored and activates."""
    if value is None:
        deactivate_event_handler(target, name)
        return
    handlers = _handler_map(target)
    handler = handlers.get(name)
    if handler is None:
        handler = handlers[name] = EventHandler()
    handler.value = value
    activate_event_handler(target, name, event_type)


def _event_handler_processing_algorithm(target: EventTarget, name: str, event: Event) -> None:
    """https://html.spec.whatwg.org/#the-event-handler-processing-algorithm (scripting is taken
    as enabled, see the module docstring; BeforeUnloadEvent's special case does not arise)."""
    callback = get_current_value(target, name)
    if callback is None:
        return
    if not callable(callback):
        raise TypeError(f"the {name} event handler is not callable")
    # 3. special error event handling: an ErrorEvent named error at a Window
    if isinstance(event, registry.error_event_interface) and event._type == "error":
        if isinstance(event._current_target, registry.window_interface):
            # "rethrow": inner invoke reports what it raises
            if callback(event.message, event.filename, event.lineno, event.colno, event.error) is True:
                event._canceled = True
            return
    return_value = callback(event)
    if return_value is False:
        event._canceled = True


class EventHandlerAttribute:
    """An event handler IDL attribute (https://html.spec.whatwg.org/#event-handler-idl-attributes).

    The getter returns the handler (a callable, or None); the setter takes a callable, another
    object (kept; reported when invoked, as a non-callable object would be) or None, and
    strings, numbers and booleans are null ([LegacyTreatNonObjectAsNull]).  *window* marks the
    handlers that ``body`` and ``frameset`` forward to their node document's Window: without
    one their target is null, so they read None and ignore assignments."""

    __slots__ = ("name", "event_type", "window")

    def __init__(self, event_type: str | None = None, *, window: bool = False) -> None:
        self.name = ""
        self.event_type = event_type or ""
        self.window = window

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        if not self.event_type:
            self.event_type = name[2:]

    def _target(self, obj: Any) -> Any:
        """https://html.spec.whatwg.org/#determining-the-target-of-an-event-handler: a body or
        frameset element's Window handlers are its node document's Window's (None without one:
        not an active document)."""
        if not self.window or getattr(obj, "nodeType", None) is None:  # not a node: the Window itself
            return obj
        return getattr(obj.ownerDocument, "_window", None)

    def __get__(self, obj: Any, objtype: type | None = None) -> Any:
        if obj is None:
            return self
        target = self._target(obj)
        return None if target is None else get_current_value(target, self.name)

    def __set__(self, obj: Any, value: Any) -> None:
        target = self._target(obj)
        if target is not None:
            _set_event_handler(target, self.name, self.event_type, _to_event_handler(value))


def _handlers(*names: str, window: bool = False) -> dict[str, EventHandlerAttribute]:
    """Event handler attributes whose event type is the name without "on"."""
    return {name: EventHandlerAttribute(window=window) for name in names}


# https://html.spec.whatwg.org/#globaleventhandlers (html.webidl); the webkit* handlers listen for
# camel-cased event types.
_GLOBAL_EVENT_HANDLER_NAMES = (
    "onabort", "onauxclick", "onbeforeinput", "onbeforematch", "onbeforetoggle", "onblur", "oncancel",
    "oncanplay", "oncanplaythrough", "onchange", "onclick", "onclose", "oncommand", "oncontextlost",
    "oncontextmenu", "oncontextrestored", "oncopy", "oncuechange", "oncut", "ondblclick", "ondrag",
    "ondragend", "ondragenter", "ondragleave", "ondragover", "ondragstart", "ondrop", "ondurationchange",
    "onemptied", "onended", "onerror", "onfocus", "onformdata", "oninput", "oninvalid", "onkeydown",
    "onkeypress", "onkeyup", "onload", "onloadeddata", "onloadedmetadata", "onloadstart", "onmousedown",
    "onmouseenter", "onmouseleave", "onmousemove", "onmouseout", "onmouseover", "onmouseup", "onpaste",
    "onpause", "onplay", "onplaying", "onprogress", "onratechange", "onreset", "onresize", "onscroll",
    "onscrollend", "onsecuritypolicyviolation", "onseeked", "onseeking", "onselect", "onslotchange",
    "onstalled", "onsubmit", "onsuspend", "ontimeupdate", "ontoggle", "onvolumechange", "onwaiting",
    "onwheel",
)
_WEBKIT_HANDLERS = {
    "onwebkitanimationend": "webkitAnimationEnd",
    "onwebkitanimationiteration": "webkitAnimationIteration",
    "onwebkitanimationstart": "webkitAnimationStart",
    "onwebkittransitionend": "webkitTransitionEnd",
}
# https://html.spec.whatwg.org/#windoweventhandlers
_WINDOW_EVENT_HANDLER_NAMES = (
    "onafterprint", "onbeforeprint", "onbeforeunload", "onhashchange", "onlanguagechange", "onmessage",
    "onmessageerror", "onoffline", "ononline", "onpagehide", "onpagereveal", "onpageshow", "onpageswap",
    "onpopstate", "onrejectionhandled", "onstorage", "onunhandledrejection", "onunload",
)
# https://html.spec.whatwg.org/#window-reflecting-body-element-event-handler-set
_WINDOW_REFLECTING_BODY_NAMES = ("onblur", "onerror", "onfocus", "onload", "onresize", "onscroll")


class GlobalEventHandlers:
    """https://html.spec.whatwg.org/#globaleventhandlers (the mixin once called
    DocumentAndElementEventHandlers, with oncopy/oncut/onpaste, is merged into it)."""

    __slots__ = ()



class DocumentEventHandlers(GlobalEventHandlers):
    """GlobalEventHandlers plus the handlers only documents have
    (https://html.spec.whatwg.org/#handler-onreadystatechange)."""

    __slots__ = ()

    onreadystatechange = EventHandlerAttribute()
    onvisibilitychange = EventHandlerAttribute()


class HTMLElementEventHandlers(GlobalEventHandlers, _ElementBase):
    """GlobalEventHandlers for HTML elements, whose handlers are also content attributes: the
    attribute change steps of https://html.spec.whatwg.org/#event-handler-content-attributes.
    Put it before the element base class so its ``_attribute_changed`` runs."""

    __slots__ = ()

    def _attribute_changed(self, local_name: str, old: str | None, value: str | None, namespace: str | None) -> None:
        super()._attribute_changed(local_name, old, value, namespace)
        if namespace is not None or not local_name.startswith("on"):
            return
        attribute = getattr(type(self), local_name, None)
        if not isinstance(attribute, EventHandlerAttribute):
            return  # not an event handler content attribute
        if attribute.window:
            # https://html.spec.whatwg.org/#determining-the-target-of-an-event-handler: the node
            # document's Window (nothing when it has none)
            window = attribute._target(self)
            if window is not None:
                _set_event_handler(window, local_name, attribute.event_type,
                                   None if value is None else _UncompiledHandler(value))
            return
        if getattr(self, "_event_target_state", None) is None:
            if value is not None:
                self._event_state()  # activates every parsed handler attribute, this one included
            return  # (a removal before any activation has nothing to undo)
        _set_event_handler(self, local_name, attribute.event_type, None if value is None else _UncompiledHandler(value))

    def _event_state_created(self, state: EventTargetState) -> None:
        super()._event_state_created(state)
        cls = type(self)
        for _key, namespace, _prefix, local, value in self._attr_entries():
            if namespace is None and local.startswith("on"):
                attribute = getattr(cls, local, None)
                if isinstance(attribute, EventHandlerAttribute) and not attribute.window:
                    _set_event_handler(self, local, attribute.event_type, _UncompiledHandler(value))

    def _event_listeners_for_dispatch(self) -> list[EventListener] | None:
        return self._event_state().listeners  # parsed handler attributes take part too


def activate_parsed_window_handlers(window: EventTarget, document: Any) -> None:
    """The Window handlers of the parsed content attributes of *document*'s ``body`` or
    ``frameset`` (the parser puts them under the root; those set later come through the
    attribute change steps), for a Window whose listener list is being made."""
    root = document.documentElement
    for element in root.children if root is not None else ():
        cls = type(element)
        if not isinstance(element, HTMLElementEventHandlers):
            continue
        for _key, namespace, _prefix, local, value in element._attr_entries():
            attribute = getattr(cls, local, None) if namespace is None and local.startswith("on") else None
            if isinstance(attribute, EventHandlerAttribute) and attribute.window:
                _set_event_handler(window, local, attribute.event_type, _UncompiledHandler(value))


class WindowEventHandlers:
    """https://html.spec.whatwg.org/#windoweventhandlers on the Window, and on ``body`` and
    ``frameset`` with the window-reflecting body element event handlers: there all of them act
    on the element's node document's Window, and without one they read None and ignore
    assignments (their content attributes are not forwarded, see the module docstring)."""

    __slots__ = ()


def _install(cls: type, attributes: dict[str, EventHandlerAttribute]) -> None:
    """Add event handler IDL attributes to a class, one per name, as if declared in its body."""
    for name, attribute in attributes.items():
        setattr(cls, name, attribute)
        attribute.__set_name__(cls, name)


_install(GlobalEventHandlers, _handlers(*_GLOBAL_EVENT_HANDLER_NAMES))
_install(GlobalEventHandlers, {name: EventHandlerAttribute(t) for name, t in _WEBKIT_HANDLERS.items()})
_install(WindowEventHandlers, _handlers(*_WINDOW_EVENT_HANDLER_NAMES, *_WINDOW_REFLECTING_BODY_NAMES, window=True))
