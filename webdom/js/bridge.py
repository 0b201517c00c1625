"""The Python half of the ECMAScript binding: values across the boundary, calls into the DOM.

https://webidl.spec.whatwg.org/#es-type-mapping.  The engine (engine.py: pythonmonkey, or
QuickJS-ng or V8 through engine_tokens.py) carries values across in one shape; this module handles
what that shape gets wrong or cannot know (as pythonmonkey gives it):

- JS strings arrive as non-canonical Python strings and a string holding both a lone surrogate
  and an astral character is garbled either way; strings are re-decoded from UTF-16 here, and
  strings with a surrogate cross as lists of code units.
- ``undefined`` arrives as ``None`` and ``null`` as ``pythonmonkey.null``: they map to
  :data:`webidl.undefined` and ``None``.
- Numbers arrive as floats: integral ones become ints so Python's IDL conversions see ``1``.
- Platform objects cross as their JS wrapper, one per Python object (identity both ways) while
  script can reach it or its node's document; a wrapper script has dropped is collected by the
  engine and lets go of its object, so documents a page drops do not stay (binding.js's refs).
- Python exceptions become JS ``TypeError``/``RangeError``/``DOMException`` objects, and an
  exception a JS callback throws passes back through Python unchanged.
"""

from __future__ import annotations

import inspect
import json
import re
import sys
import types
from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import Any

from dom.cssom.adopted_style_sheets import AdoptedStyleSheets
from dom.event_path import invocation_target_in_shadow_tree
from dom.events import Event
from dom.html.forms.select import Option
from dom.nodes.node import Node
from dom.nodes.tree_names import may_name
from webidl import undefined
from webidl.callbacks import ScriptFunction
from webidl.exceptions import DOMException, RangeError
from webidl.interface import python_name
from webidl.promises import Promise

from .engine import Engine
from .interfaces import dictionary_specs

__all__ = ["Bridge", "JSException", "owned_copy"]

_SURROGATE = re.compile("[\ud800-\udfff]")
# pythonmonkey hands a Python string with 1- or 2-byte characters to JS as an external string
# over the Python object and, when SpiderMonkey's GC finalizes it, searches every live external
# string for it: a linear scan per string, which was half the time of string-heavy tests.  A
# string with an astral character is copied into JS instead; each string to JS gets this one
# appended (binding.js's fromPy removes it), so none stays external.
_COPY_MARK = "\U0010ffff"
# A wrapper crosses as its index in binding.js's table of wrappers followed by this mark (to_js),
# which fromPy looks up: Python holds no JS object per wrapper.  pythonmonkey roots every JS
# object a Python proxy holds, and SpiderMonkey traces every root at each nursery collection, so
# a proxy per wrapper ever made cost time in proportion to all of them (a third of
# Range-insertNode.html's run, at 190,000 wrappers).
_REF_MARK = "\U0010fffe"
_SAFE_INT = 2**53


def _arity(function: Any) -> int | None:
    """How many positional arguments *function* takes (None: any number)."""
    key = getattr(function, "__func__", function)
    if type(key) is types.BuiltinMethodType and not isinstance(key.__self__, types.ModuleType):
        # a method of a C extension type (the speedups' getAttribute) is a new object per
        # lookup and has no signature: its class and name are the key
        key = (type(key.__self__), key.__name__)
    try:
        return _ARITY[key]
    except (KeyError, TypeError):
        pass
    try:
        params = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        if type(key) is tuple:
            _ARITY[key] = None
        return None
    kinds = [p.kind for p in params]
    arity = None if inspect.Parameter.VAR_POSITIONAL in kinds else sum(
        1 for k in kinds if k in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD))
    try:
        _ARITY[key] = arity
    except TypeError:
        pass
    return arity


_ARITY: dict[Any, int | None] = {}


def owned_copy(value: str) -> str:
    """A Python-owned copy of a string from JS.  pythonmonkey's strings point into the JS
    string's characters, which SpiderMonkey's GC may move or free: one kept by Python (a dict
    key, an attribute name in a type's method cache) later reads freed memory, the crashes
    seen on string-heavy tests.  UTF-16 both ways keeps lone surrogates."""
    return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


_NAMES: dict[str, str] = {}


def _name(name: str) -> str:
    """The Python attribute for an IDL member name, from a Python-owned string."""
    key = owned_copy(name)
    found = _NAMES.get(key)
    if found is None:
        found = _NAMES[key] = python_name(key)
    return found


def _call(function: Any, args: list[Any]) -> Any:
    """Call a Python method with JS arguments: extra arguments are ignored, as JS ignores them."""
    arity = _arity(function)
    return function(*(args if arity is None else args[:arity]))


class JSException(Exception):
    """An exception thrown by JS code that Python called (a callback); carries the JS value."""

    def __init__(self, value: Any) -> None:
        super().__init__(_describe(value))
        self.value = value


def _describe(value: Any) -> str:
    try:
        return f"{value['name']}: {value['message']}"
    except Exception:  # a thrown non-Error value
        return repr(value)


class JSValue:
    """A JS object held by Python."""

    def __init__(self, bridge: Bridge, value: Any) -> None:
        self._bridge = bridge
        self._js = value

    def _property(self, name: str) -> Any:
        value = self._bridge.api.getProperty(self._js, name)
        boxed = self._bridge.engine.box(value)
        if boxed is not None:
            raise JSException(boxed[1])
        found = self._bridge.from_js(self._bridge.api.toPy(value), this=self._js)
        if isinstance(found, JSFunction) and found._this is None:
            # a method read off an object is called with the object as `this` (handleEvent)
            return JSFunction(self._bridge, found._js, self._js)
        return found

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        value = self._property(name)
        if value is undefined:  # a dictionary member not present: getattr(init, key, default) works
            raise AttributeError(name)
        return value

    def __getitem__(self, name: str) -> Any:
        return self._property(name)

    def get(self, name: str, default: Any = None) -> Any:
        value = self._property(name)
        return default if value is undefined else value

    def __contains__(self, name: object) -> bool:
        return self._property(str(name)) is not undefined


class JSCallback(JSValue):
    """A JS object passed where the DOM takes a callback interface (EventListener, NodeFilter),
    a dictionary or a record: attributes and ``[]`` read the JS object's properties."""

    def keys(self) -> list[str]:
        return [self._bridge.from_js(k) for k in self._bridge.api["ownKeys"](self._js)]

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.keys())

    def items(self) -> list[tuple[str, Any]]:
        return [(k, self[k]) for k in self.keys()]


Mapping.register(JSCallback)


class JSFunction(JSValue, ScriptFunction):
    """A JS function the DOM may call: arguments go to JS as wrappers, the result comes back."""

    def __init__(self, bridge: Bridge, value: Any, this: Any = None) -> None:
        super().__init__(bridge, value)
        self._this = this

    def call_with_this(self, this: Any, *args: Any) -> Any:
        """https://webidl.spec.whatwg.org/#invoke-a-callback-function with *this* as thisArg."""
        return self._invoke(self._bridge.to_js(this), args)

    def __call__(self, *args: Any) -> Any:
        return self._invoke(self._this, args)

    def _invoke(self, this: Any, args: tuple[Any, ...]) -> Any:
        bridge = self._bridge
        event: Any = None
        if args and isinstance(args[0], Event):
            # https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke: this is currentTarget,
            # and the global's current event (window.event) is the event unless the path item's
            # invocation target was in a shadow tree when the path was built
            target: Any = args[0].currentTarget
            if this is None:
                this = bridge.to_js(target)
            event = None if invocation_target_in_shadow_tree(args[0]) else bridge.to_js(args[0])
        result = bridge.api.invoke(self._js, this, [bridge.to_js(a) for a in args], event)
        boxed = bridge.engine.box(result)
        if boxed is not None:
            raise JSException(boxed[1])
        return bridge.from_js(bridge.api.toPy(result))


# A document's named properties are elements with that name or id
# (https://html.spec.whatwg.org/#dom-document-nameditem); [LegacyOverrideBuiltIns] makes every
# property read of `document` ask, so only a name that an element of the tree may have is looked
# up (dom/nodes/tree_names.py keeps the candidates up to date as the tree changes).
def _may_name_in_document(document: Any, name: str) -> bool:
    if getattr(document, "_tree_names", False) is False:  # not a Document of dom's
        return True
    return may_name(document, name)


def _attribute_names(attributes: Any) -> list[str]:
    """https://dom.spec.whatwg.org/#ref-for-dfn-supported-property-names%E2%91%A0: the attributes'
    qualified names without duplicates; an HTML element in an HTML document leaves out names
    with ASCII upper alphas (its getNamedItem lowercases, so they could not be reached)."""
    element = getattr(attributes, "_element", None)
    html = bool(element is not None and element.namespaceURI == "http://www.w3.org/1999/xhtml"
                and getattr(element.ownerDocument, "_is_html", False))
    names: dict[str, None] = {}
    for attr in attributes:
        if not (html and any("A" <= c <= "Z" for c in attr.name)):
            names.setdefault(attr.name)
    return list(names)


def _supported_names(bridge: Bridge, obj: Any) -> list[str]:
    for hook in ("supported_property_names", "_supported_property_names", "_supported_names"):
        method = getattr(obj, hook, None)
        if method is not None:
            return list(method())
    if bridge.interface_of(type(obj)) == "NamedNodeMap":
        return _attribute_names(obj)
    return [n for n in obj] if hasattr(obj, "_set_named") else []


# The bridge's methods binding.js calls (Bridge.host).
_HOST_FUNCTIONS = ("call", "callback", "construct", "deleteNamed", "dictionarySpecs", "get", "hasNamed", "index",
                   "legacyFactory", "length", "nameId", "named", "names", "pairAt", "rewrap", "set", "setIndex",
                   "setNamed", "staticCall", "staticGet", "stringify")


class Bridge:
    """Called from ``binding.js``; owns the identity map from Python objects to JS wrappers."""

    def __init__(self, classes: dict[str, type], specs: dict[str, Any], engine: Engine) -> None:
        self.engine = engine
        self._null = engine.null
        self._borrowed = engine.borrowed_strings
        self.classes = classes
        self.specs = specs
        self.api: Any = None  # the object binding.js returns, set by the realm
        # The identity map: id(object) -> (object, its wrapper's reference), and the reverse by
        # wrapper index.  The object is held here only until binding.js reports its wrapper
        # collected (release_collected): a wrapper lives while script reaches it, and holds its
        # object, so nothing here keeps an object alive that neither side can reach.
        self._wrappers: dict[int, tuple[Any, str]] = {}
        self._objects: dict[int, tuple[Any, str]] = {}
        self._interface_of: dict[type, str | None] = {}
        self._member_names: list[str] = []

    def host(self) -> Any:
        """What ``binding.js`` may call: the bridge's entry points in a frozen JS object, each a
        native JS function over a bound method (JS reads no Python attribute of a function).
        The Bridge itself never crosses: a proxy over it would expose ``__class__``."""
        functions = {name: getattr(self, name) for name in _HOST_FUNCTIONS}
        return self.engine.eval("(fs) => Object.freeze(Object.assign(Object.create(null), fs))")(functions)

    def set_window(self, window: Any, global_: Any) -> None:
        """The global object stands for *window* (the realm's document's Window) both ways."""
        index = int(self.api.setWindow(window))
        self._wrappers[id(window)] = (window, f"{index}{_REF_MARK}")
        self._objects[index] = (window, "Window")

    def release_collected(self) -> int:
        """Forget the objects whose wrappers the JS engine has collected; returns how many."""
        released = 0
        for index in self.api.collected():
            value, _iface = self._objects.pop(int(index))
            self._wrappers.pop(id(value), None)
            released += 1
        return released

    def rewrap(self, index: float) -> str:
        """A new wrapper, at the same *index*, for the object whose wrapper there was collected
        before :meth:`release_collected` forgot it (the object itself is still alive here)."""
        value, iface = self._objects[int(index)]
        return self._wrap(value, iface, int(index))

    # -- values ---------------------------------------------------------------------------------

    def interface_of(self, cls: type) -> str | None:
        try:
            return self._interface_of[cls]
        except KeyError:
            name = next((c.__name__ for c in cls.__mro__ if c.__name__ in self.specs
                         and self.classes.get(c.__name__) is c), None)
            self._interface_of[cls] = name
            return name

    def to_js(self, value: Any, iface: str | None = None) -> Any:
        if value is None:
            return self._null
        if value is undefined:
            return None
        kind = type(value)
        if kind is bool or kind is float:
            return value
        if kind is int:
            return value if -_SAFE_INT < value < _SAFE_INT else float(value)
        if kind is str:
            if not value.isascii() and _SURROGATE.search(value):
                raw = value.encode("utf-16-le", "surrogatepass")
                return self.api.units([raw[i] | raw[i + 1] << 8 for i in range(0, len(raw), 2)])
            return value + _COPY_MARK
        if isinstance(value, JSValue):
            return value._js
        if kind is Promise:
            return self.api.promise(value.state == "fulfilled", self.to_js(value._value) if value.state == "fulfilled"
                                    else self.js_error(value._value))
        entry = self._wrappers.get(id(value))
        if entry is not None:
            return entry[1]
        iface = iface or self.interface_of(kind)
        if iface == "Document" and getattr(value, "_is_xml_document", False) and "XMLDocument" in self.specs:
            iface = "XMLDocument"  # https://dom.spec.whatwg.org/#xmldocument: one Python class for both
        if iface is not None:
            return self._wrap(value, iface, -1)
        if isinstance(value, list | tuple | AdoptedStyleSheets):  # (an observable array crosses as a copy)
            return self.api.array(*[self.to_js(v) for v in value])
        if kind is bytes:
            return bytearray(value)  # a Uint8Array
        if isinstance(value, dict):
            return self.api.object([self.to_js(str(k)) for k in value], [self.to_js(v) for v in value.values()])
        if isinstance(value, str):  # a subclass (lxml's string results) crosses as its plain value
            return self.to_js(str(value))
        if isinstance(value, int | float):
            return self.to_js(float(value) if isinstance(value, float) else int(value))
        if kind is bytearray or kind is memoryview or isinstance(value, datetime):
            return value  # a typed array over its bytes, a Date: JS values, no Python object behind them
        # The sealed boundary: pythonmonkey would hand any other Python object to JS as a proxy
        # whose properties are the object's Python attributes (``__class__`` and on to the
        # interpreter), so nothing the IDL does not declare crosses.
        raise TypeError(f"a {kind.__name__} is not a value the binding can hand to script")

    def _wrap(self, value: Any, iface: str, index: int) -> str:
        """A new wrapper for *value*, at *index* in binding.js's table (-1: a free one)."""
        # a node's wrapper and its document's keep each other (binding.js's nodesOf)
        owner = value._doc if isinstance(value, Node) and value._doc is not None and value._doc is not value else None
        # one str object per interface name: each new one would stay in pythonmonkey's list of
        # external strings (see _COPY_MARK) until a GC, which scans that list per string
        made = int(self.api.wrapRef(sys.intern(iface), value, self.to_js(owner), index))
        ref = f"{made}{_REF_MARK}"
        self._wrappers[id(value)] = (value, ref)
        self._objects[made] = (value, iface)
        return ref

    def js_value(self, value: Any) -> Any:
        """The JS value for *value* itself, for a JS function Python calls directly (to_js's
        results are for binding.js, whose fromPy reads them)."""
        return self.api.fromPy(self.to_js(value))

    def from_js(self, value: Any, this: Any = None) -> Any:
        kind = type(value)
        engine = self.engine
        if kind is str or engine.is_string(value):
            return owned_copy(value) if self._borrowed else value
        if kind is float:
            return int(value) if value.is_integer() and abs(value) < _SAFE_INT and (value or str(value)[0] != "-") \
                else value
        if value is None:
            return undefined
        if value is self._null or engine.is_null(value):
            return None
        boxed = engine.box(value)
        if boxed is not None:
            box, content = boxed
            if box == "units":
                units = [int(u) for u in content]
                raw = b"".join(u.to_bytes(2, "little") for u in units)
                return raw.decode("utf-16-le", "surrogatepass")
            if box == "array":
                return [self.from_js(v) for v in content]
            if box == "dict":  # a dictionary or record, converted by binding.js: [k1, v1, k2, v2, ...]
                flat = [self.from_js(v) for v in content]
                return dict(zip(flat[::2], flat[1::2], strict=True))
        if engine.is_function(value):
            return JSFunction(self, value, this)
        return value

    def _args(self, args: Any) -> list[Any]:
        return [self.from_js(a) for a in args]

    def _guard(self, thunk: Any, iface: str | None = None) -> Any:
        try:
            return self.to_js(thunk(), iface)
        except JSException as e:
            return self.api.rethrow(e.value)
        except DOMException as e:
            return self._error("DOMException", e.name, str(e.args[0]) if e.args else "")
        except RangeError as e:
            return self._error("RangeError", "RangeError", str(e))
        except (TypeError, AttributeError, KeyError, IndexError, ValueError) as e:
            return self._error("TypeError", "TypeError", str(e))
        except RecursionError as e:
            return self._error("RangeError", "RangeError", f"too much recursion: {e}")
        except Exception as e:  # noqa: BLE001 -- a defect of webdom's: script sees a TypeError, not a traceback
            return self._error("TypeError", "TypeError", f"{type(e).__name__}: {e}")

    def _error(self, kind: str, name: str, message: str) -> Any:
        """A boxed JS exception of *kind* (a literal); its name and message cross as any string
        does (to_js), not as external strings."""
        return self.api.error(kind, self.to_js(name), self.to_js(message))

    # -- called from binding.js -----------------------------------------------------------------

    def js_error(self, error: BaseException) -> Any:
        """The JS value for a Python exception (a JS exception passes through unchanged)."""
        if isinstance(error, JSException):
            return error.value
        if isinstance(error, DOMException):
            made = self._error("DOMException", error.name, str(error.args[0]) if error.args else "")
        elif isinstance(error, RangeError | RecursionError):
            made = self._error("RangeError", "RangeError", str(error))
        else:
            made = self._error("TypeError", "TypeError", str(error))
        return made["value"]

    def dictionarySpecs(self) -> str:  # noqa: N802 -- called by binding.js
        """The dictionaries' members and conversions, as JSON (read once by binding.js)."""
        return json.dumps(dictionary_specs())

    def callback(self, value: Any, is_function: bool) -> JSValue:
        return JSFunction(self, value) if is_function else JSCallback(self, value)

    def nameId(self, name: str) -> int:  # noqa: N802
        """A number for an IDL member name, which ``get``/``set``/``call`` take instead of the
        name: no string crosses and no name is converted per call."""
        self._member_names.append(_name(name))
        return len(self._member_names) - 1

    def get(self, obj: Any, name: float) -> Any:
        return self._guard(lambda: getattr(obj, self._member_names[int(name)]))

    def set(self, obj: Any, name: float, value: Any) -> Any:
        return self._guard(lambda: setattr(obj, self._member_names[int(name)], self.from_js(value)))

    def call(self, obj: Any, name: float, args: Any, void: bool = False) -> Any:
        """Call an operation; an ``undefined`` one's Python result (``form.submit()`` returns
        the submission, for Python callers) stays on this side."""
        def run() -> Any:
            result = _call(getattr(obj, self._member_names[int(name)]), self._args(args))
            return undefined if void else result
        return self._guard(run)

    def construct(self, iface: str, args: Any) -> Any:
        # the new object is of the interface constructed (``new Document()`` is no XMLDocument)
        iface = owned_copy(iface)
        return self._guard(lambda: _call(self.classes[iface], self._args(args)), iface)

    def staticGet(self, iface: str, name: str) -> Any:  # noqa: N802 -- called by binding.js
        return self._guard(lambda: getattr(self.classes[owned_copy(iface)], _name(name)))

    def staticCall(self, iface: str, name: str, args: Any, void: bool = False) -> Any:  # noqa: N802
        def run() -> Any:
            result = _call(getattr(self.classes[owned_copy(iface)], _name(name)), self._args(args))
            return undefined if void else result
        return self._guard(run)

    def length(self, obj: Any) -> int:
        return len(obj)

    def index(self, obj: Any, i: float) -> Any:
        n = int(i)
        # an unnamed indexed getter (form[i], select[i] has item()) is the Python __getitem__
        getter = getattr(obj, "item", None) or obj.__getitem__
        return self._guard(lambda: getter(n) if n < len(obj) else undefined)

    # https://webidl.spec.whatwg.org/#idl-named-properties: webdom's classes expose a named
    # getter through the IDL operation when it has a name (namedItem, getNamedItem), else
    # through one of these Python hooks.
    def _named_value(self, obj: Any, name: str) -> Any:
        op = self.specs[self.interface_of(type(obj)) or ""].get("named")
        if isinstance(op, str):
            return getattr(obj, python_name(op))(name)
        for hook in ("_named_value", "_named_property"):
            method = getattr(obj, hook, None)
            if method is not None:
                return method(name)
        try:
            value = obj[name]
        except (KeyError, IndexError, TypeError):
            return None
        if value is None and hasattr(obj, "_named_elements"):
            # https://html.spec.whatwg.org/#dom-document-nameditem step 2: a lone iframe's
            # content window, which the JS side (frames.js) has: binding.js takes it from the element
            elements = obj._named_elements(name)
            if len(elements) == 1 and elements[0]._local == "iframe":
                return elements[0]
        return value

    def hasNamed(self, obj: Any, name: Any) -> bool:  # noqa: N802
        try:
            key = self.from_js(name)
            if getattr(obj, "_is_html", None) is not None and not _may_name_in_document(obj, key):
                return False
            return self._named_value(obj, key) is not None
        except Exception:
            return False

    def named(self, obj: Any, name: Any) -> Any:
        return self._guard(lambda: self._named_value(obj, self.from_js(name)))

    def legacyFactory(self, name: str, document: Any, args: Any) -> Any:  # noqa: N802 -- called by binding.js
        """https://webidl.spec.whatwg.org/#legacy-factory-functions implemented in Python (Option)."""
        factories = {"Option": Option}
        return self._guard(lambda: factories[owned_copy(name)](document, *self._args(args)))

    def setIndex(self, obj: Any, i: float, value: Any) -> Any:  # noqa: N802 -- called by binding.js
        def assign() -> None:
            obj[int(i)] = self.from_js(value)
        return self._guard(assign)

    def setNamed(self, obj: Any, name: Any, value: Any) -> Any:  # noqa: N802
        return self._guard(lambda: obj._set_named(self.from_js(name), self.from_js(value)))

    def deleteNamed(self, obj: Any, name: Any) -> Any:  # noqa: N802
        return self._guard(lambda: obj._delete_named(self.from_js(name)))

    def names(self, obj: Any) -> Any:
        """The supported property names, in order."""
        return self._guard(lambda: _supported_names(self, obj))

    def pairAt(self, obj: Any, index: float) -> Any:  # noqa: N802
        def pair() -> Any:
            pairs = list(obj)
            return list(pairs[int(index)]) if index < len(pairs) else None
        return self._guard(pair)

    def stringify(self, obj: Any) -> Any:
        return self._guard(lambda: str(obj))
