"""The Python half of the ECMAScript binding: values across the boundary, calls into the DOM.

https://webidl.spec.whatwg.org/#es-type-mapping.  pythonmonkey converts primitives itself; this
module handles what it gets wrong or cannot know:

- JS strings arrive as non-canonical Python strings and a string holding both a lone surrogate
  and an astral character is garbled either way; strings are re-decoded from UTF-16 here, and
  strings with a surrogate cross as lists of code units.
- ``undefined`` arrives as ``None`` and ``null`` as ``pythonmonkey.null``: they map to
  :data:`webidl.undefined` and ``None``.
- Numbers arrive as floats: integral ones become ints so Python's IDL conversions see ``1``.
- Platform objects cross as their JS wrapper, one per Python object (identity both ways).
- Python exceptions become JS ``TypeError``/``RangeError``/``DOMException`` objects, and an
  exception a JS callback throws passes back through Python unchanged.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pythonmonkey as pm

from dom.events import Event
from webidl import undefined
from webidl.exceptions import DOMException, RangeError
from webidl.interface import python_name

__all__ = ["Bridge", "JSException"]

_SURROGATE = re.compile("[\ud800-\udfff]")
_SAFE_INT = 2**53
# JS null, a class at run time (pythonmonkey's stub declares it a type alias, which a type()
# comparison would be refused against).
_PM_NULL: object = pm.null


def _arity(function: Any) -> int | None:
    """How many positional arguments *function* takes (None: any number)."""
    key = getattr(function, "__func__", function)
    try:
        return _ARITY[key]
    except (KeyError, TypeError):
        pass
    try:
        params = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
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


def _is_box(value: Any) -> bool:
    return type(value) is pm.JSObjectProxy and "__webdom_box__" in value


class JSValue:
    """A JS object held by Python."""

    def __init__(self, bridge: Bridge, value: Any) -> None:
        self._bridge = bridge
        self._js = value

    def _property(self, name: str) -> Any:
        value = self._bridge.api.getProperty(self._js, name)
        if _is_box(value):
            raise JSException(value["value"])
        return self._bridge.from_js(self._bridge.api.toPy(value), this=self._js)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return self._property(name)

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


class JSFunction(JSValue):
    """A JS function the DOM may call: arguments go to JS as wrappers, the result comes back."""

    def __init__(self, bridge: Bridge, value: Any, this: Any = None) -> None:
        super().__init__(bridge, value)
        self._this = this

    def __call__(self, *args: Any) -> Any:
        bridge = self._bridge
        this = self._this
        if this is None and args and isinstance(args[0], Event):
            # https://dom.spec.whatwg.org/#concept-event-listener-inner-invoke: this is currentTarget
            this = bridge.to_js(args[0].currentTarget)
        result = bridge.api.invoke(self._js, this, [bridge.to_js(a) for a in args])
        if _is_box(result):
            raise JSException(result["value"])
        return bridge.from_js(bridge.api.toPy(result))


class Bridge:
    """Called from ``binding.js``; owns the identity map from Python objects to JS wrappers."""

    def __init__(self, classes: dict[str, type], specs: dict[str, Any]) -> None:
        self.classes = classes
        self.specs = specs
        self.api: Any = None  # the object binding.js returns, set by the realm
        self._wrappers: dict[int, tuple[Any, Any]] = {}
        self._interface_of: dict[type, str | None] = {}

    # -- values ---------------------------------------------------------------------------------

    def interface_of(self, cls: type) -> str | None:
        try:
            return self._interface_of[cls]
        except KeyError:
            name = next((c.__name__ for c in cls.__mro__ if c.__name__ in self.specs
                         and self.classes.get(c.__name__) is c), None)
            self._interface_of[cls] = name
            return name

    def to_js(self, value: Any) -> Any:
        if value is None:
            return pm.null
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
            return value
        if isinstance(value, JSValue):
            return value._js
        entry = self._wrappers.get(id(value))
        if entry is not None:
            return entry[1]
        iface = self.interface_of(kind)
        if iface == "Document" and not getattr(value, "_is_html", True) and "XMLDocument" in self.specs:
            iface = "XMLDocument"  # https://dom.spec.whatwg.org/#xmldocument: one Python class for both
        if iface is not None:
            wrapper = self.api.wrap(iface, value)
            self._wrappers[id(value)] = (value, wrapper)
            return wrapper
        if isinstance(value, list | tuple):
            return self.api.array(*[self.to_js(v) for v in value])
        if isinstance(value, dict):
            return self.api.object(list(value), [self.to_js(v) for v in value.values()])
        return value

    def from_js(self, value: Any, this: Any = None) -> Any:
        kind = type(value)
        if kind is str:
            return value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
        if kind is float:
            return int(value) if value.is_integer() and abs(value) < _SAFE_INT and (value or str(value)[0] != "-") \
                else value
        if value is None:
            return undefined
        if value is pm.null or kind is _PM_NULL:
            return None
        if kind is pm.JSObjectProxy and "__webdom_box__" in value:
            box = value["__webdom_box__"]
            if box == "units":
                units = [int(u) for u in value["value"]]
                raw = b"".join(u.to_bytes(2, "little") for u in units)
                return raw.decode("utf-16-le", "surrogatepass")
            if box == "array":
                return [self.from_js(v) for v in value["value"]]
        if kind is pm.JSFunctionProxy:
            return JSFunction(self, value, this)
        return value

    def _args(self, args: Any) -> list[Any]:
        return [self.from_js(a) for a in args]

    def _guard(self, thunk: Any) -> Any:
        try:
            return self.to_js(thunk())
        except JSException as e:
            return self.api.rethrow(e.value)
        except DOMException as e:
            return self.api.error("DOMException", e.name, str(e.args[0]) if e.args else "")
        except RangeError as e:
            return self.api.error("RangeError", "RangeError", str(e))
        except (TypeError, AttributeError, KeyError, IndexError, ValueError) as e:
            return self.api.error("TypeError", "TypeError", str(e))
        except RecursionError as e:
            return self.api.error("RangeError", "RangeError", f"too much recursion: {e}")

    # -- called from binding.js -----------------------------------------------------------------

    def callback(self, value: Any, is_function: bool) -> JSValue:
        return JSFunction(self, value) if is_function else JSCallback(self, value)

    def get(self, obj: Any, name: str) -> Any:
        return self._guard(lambda: getattr(obj, python_name(name)))

    def set(self, obj: Any, name: str, value: Any) -> Any:
        return self._guard(lambda: setattr(obj, python_name(name), self.from_js(value)))

    def call(self, obj: Any, name: str, args: Any) -> Any:
        return self._guard(lambda: _call(getattr(obj, python_name(name)), self._args(args)))

    def construct(self, iface: str, args: Any) -> Any:
        return self._guard(lambda: _call(self.classes[iface], self._args(args)))

    def staticGet(self, iface: str, name: str) -> Any:  # noqa: N802 -- called by binding.js
        return self._guard(lambda: getattr(self.classes[iface], python_name(name)))

    def staticCall(self, iface: str, name: str, args: Any) -> Any:  # noqa: N802
        return self._guard(lambda: _call(getattr(self.classes[iface], python_name(name)), self._args(args)))

    def length(self, obj: Any) -> int:
        return len(obj)

    def index(self, obj: Any, i: float) -> Any:
        n = int(i)
        return self._guard(lambda: obj.item(n) if n < len(obj) else undefined)

    def hasNamed(self, obj: Any, name: Any) -> bool:  # noqa: N802
        try:
            return obj.namedItem(self.from_js(name)) is not None
        except Exception:
            return False

    def named(self, obj: Any, name: Any) -> Any:
        return self._guard(lambda: obj.namedItem(self.from_js(name)))

    def names(self, obj: Any) -> Any:
        names = getattr(obj, "_supported_names", None)
        return self.api.array(*[self.to_js(n) for n in (names() if callable(names) else [])])

    def pairAt(self, obj: Any, index: float) -> Any:  # noqa: N802
        def pair() -> Any:
            pairs = list(obj)
            return list(pairs[int(index)]) if index < len(pairs) else None
        return self._guard(pair)

    def stringify(self, obj: Any) -> Any:
        return self._guard(lambda: str(obj))
