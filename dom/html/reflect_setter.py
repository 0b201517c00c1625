"""IDL attributes whose setter reflects ([ReflectSetter]) but whose getter computes a value the
spec defines without rendering: ``base.href``, ``tabIndex``, the meter and progress numbers,
and the HTMLElement members ``translate``, ``draggable`` and ``hidden``.

https://html.spec.whatwg.org/#xattr-reflectsetter
"""

from __future__ import annotations

from typing import Any

from html_infra.infra import HTML_NAMESPACE, SVG_NAMESPACE, ascii_lowercase
from html_infra.microsyntaxes import parse_float
from webidl import to_boolean, to_dom_string
from webidl.conversions import converter

from ..reflection import ReflectDouble, Reflection, ReflectLong, ReflectURL, fallback_base_url, parse_reflected_integer

__all__ = [
    "Autocapitalize", "Autocorrect", "WritingSuggestions", "BaseHref", "TabIndex", "MeterNumber", "ProgressValue",
    "Translate", "Draggable", "Hidden",
]


class BaseHref(ReflectURL):
    """https://html.spec.whatwg.org/#dom-base-href -- resolved against the document's fallback
    base URL (not its base URL, which this element may itself define)."""

    def get(self, element: Any) -> str:
        document = element.ownerDocument
        url = element.getAttribute("href") or ""
        # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
        from html_infra.url.parser import parse_url
        from html_infra.url.record import serialize_url

        record = parse_url(url, fallback_base_url(document), getattr(document, "characterSet", "UTF-8"))
        return url if record is None else serialize_url(record)


# https://html.spec.whatwg.org/#dom-tabindex: elements whose default tabIndex is 0.
_FOCUSABLE_BY_DEFAULT = frozenset({"a", "area", "button", "frame", "iframe", "input", "object", "select", "textarea"})


class TabIndex(ReflectLong):
    """https://html.spec.whatwg.org/#dom-tabindex -- the attribute as an integer, else 0 for
    elements focusable by default (an SVG ``a`` too, with or without href, and a details
    element's summary), else -1."""

    def get(self, element: Any) -> int:
        value = element.getAttribute("tabindex")
        if value is not None:
            parsed = parse_reflected_integer(value, False)
            if parsed is not None and -2147483648 <= parsed <= 2147483647:
                return parsed
        name = element.localName
        namespace = getattr(element, "_ns", None)
        if (namespace == HTML_NAMESPACE and name in _FOCUSABLE_BY_DEFAULT) or (
                namespace == SVG_NAMESPACE and name == "a"):
            return 0
        if name == "summary":
            parent = element.parentNode
            if parent is not None and getattr(parent, "localName", None) == "details":
                first = next((c for c in parent.children if c.localName == "summary"), None)
                if first is element:
                    return 0
        return -1


def _number(element: Any, name: str) -> float | None:
    value = element.getAttribute(name)
    return None if value is None else parse_float(value)


class MeterNumber(ReflectDouble):
    """https://html.spec.whatwg.org/#the-meter-element -- the getters return the clamped
    minimum, maximum, actual, low, high and optimum values; setters reflect."""

    def get(self, element: Any) -> float:
        minimum = _number(element, "min")
        minimum = 0.0 if minimum is None else minimum
        maximum = _number(element, "max")
        maximum = 1.0 if maximum is None else maximum
        maximum = max(maximum, minimum)
        name = self.content_attribute
        if name == "min":
            return minimum + 0.0
        if name == "max":
            return maximum + 0.0
        if name == "value":
            v = _number(element, "value")
            v = 0.0 if v is None else v
            return min(max(v, minimum), maximum) + 0.0
        low = _number(element, "low")
        low = minimum if low is None else min(max(low, minimum), maximum)
        if name == "low":
            return low + 0.0
        high = _number(element, "high")
        high = maximum if high is None else min(max(high, low), maximum)
        if name == "high":
            return high + 0.0
        optimum = _number(element, "optimum")
        if optimum is None:
            optimum = (minimum + maximum) / 2
        return min(max(optimum, minimum), maximum) + 0.0


class ProgressValue(ReflectDouble):
    """https://html.spec.whatwg.org/#dom-progress-value -- 0 when indeterminate, else the
    current value (a non-negative parse, at most the maximum)."""

    def get(self, element: Any) -> float:
        value = element.getAttribute("value")
        if value is None:
            return 0.0
        current = parse_float(value)
        if current is None or current < 0:
            current = 0.0
        maximum = _number(element, "max")
        if maximum is None or maximum <= 0:
            maximum = 1.0
        return min(current, maximum) + 0.0


class Translate(Reflection[bool]):
    """https://html.spec.whatwg.org/#dom-translate -- the element's translation mode, inherited
    from the nearest HTML ancestor with a valid translate attribute; setting writes yes/no."""

    kind = "custom"

    def get(self, element: Any) -> bool:
        node = element
        while node is not None and getattr(node, "nodeType", 0) == 1:
            if getattr(node, "_ns", None) == HTML_NAMESPACE:
                value = node.getAttribute("translate")
                if value is not None:
                    value = ascii_lowercase(value)
                    if value in ("", "yes"):
                        return True
                    if value == "no":
                        return False
            node = node.parentNode
        return True

    def set(self, element: Any, value: Any) -> None:
        element.setAttribute("translate", "yes" if to_boolean(value) else "no")


class Draggable(Reflection[bool]):
    """https://html.spec.whatwg.org/#dom-draggable -- true/false from the attribute, else true
    only for img elements and a elements with an href."""

    kind = "custom"

    def get(self, element: Any) -> bool:
        value = element.getAttribute("draggable")
        if value is not None:
            value = ascii_lowercase(value)
            if value == "true":
                return True
            if value == "false":
                return False
        name = element.localName
        return name == "img" or (name == "a" and element.hasAttribute("href") is True)

    def set(self, element: Any, value: Any) -> None:
        element.setAttribute("draggable", "true" if to_boolean(value) else "false")


_to_hidden_value = converter("(boolean or unrestricted double or DOMString)?")


class Hidden(Reflection[bool | str]):
    """https://html.spec.whatwg.org/#dom-hidden -- "until-found", true or false; setting a
    string "until-found" stores it, a falsy value removes the attribute, anything else sets ""."""

    kind = "custom"

    def get(self, element: Any) -> bool | str:
        value = element.getAttribute("hidden")
        if value is None:
            return False
        return "until-found" if ascii_lowercase(value) == "until-found" else True

    def set(self, element: Any, value: Any) -> None:
        # (boolean or unrestricted double or DOMString)?: an object becomes its string
        value = _to_hidden_value(value)
        if value.__class__ is str and ascii_lowercase(value) == "until-found":
            element.setAttribute("hidden", "until-found")
        elif value is None or value is False or value == "" or (
            value.__class__ is not bool and value.__class__ is not str and (value == 0 or value != value)
        ):
            element.removeAttribute("hidden")
        else:
            element.setAttribute("hidden", "")


# https://html.spec.whatwg.org/#attr-autocapitalize: keyword -> state keyword (None is "none").
_AUTOCAPITALIZE_STATES = {"off": "none", "none": "none", "on": "sentences", "sentences": "sentences",
                          "words": "words", "characters": "characters"}
# https://html.spec.whatwg.org/#autocapitalize-and-autocorrect-inheriting-element
_INHERITING = frozenset({"button", "fieldset", "input", "output", "select", "textarea"})


def _form_owner(element: Any) -> Any:
    """The nearest ancestor form (the form attribute's association is the forms code's job)."""
    node = element.parentNode
    while node is not None and getattr(node, "nodeType", 0) == 1:
        if node.localName == "form" and getattr(node, "_ns", None) == HTML_NAMESPACE:
            return node
        node = node.parentNode
    return None


class Autocapitalize(Reflection[str]):
    """https://html.spec.whatwg.org/#dom-autocapitalize -- the own autocapitalization hint
    ("" for Default); setting reflects ([ReflectSetter])."""

    kind = "custom"

    def _own_hint(self, element: Any) -> str:
        value = element.getAttribute("autocapitalize")
        if value:
            return _AUTOCAPITALIZE_STATES.get(ascii_lowercase(value), "sentences")  # invalid: Sentences
        if element.localName in _INHERITING:
            owner = _form_owner(element)
            if owner is not None:
                return self._own_hint(owner)
        return ""  # Default

    def get(self, element: Any) -> str:
        return self._own_hint(element)

    def set(self, element: Any, value: Any) -> None:
        element.setAttribute("autocapitalize", to_dom_string(value))


class WritingSuggestions(Reflection[str]):
    """https://html.spec.whatwg.org/#dom-writingsuggestions -- the computed writing suggestions
    value ("false" inherited from the nearest ancestor in the False state); setting reflects."""

    kind = "custom"

    def get(self, element: Any) -> str:
        node = element
        while node is not None and getattr(node, "nodeType", 0) == 1:
            value = node.getAttribute("writingsuggestions")
            if value is not None:
                # "" and invalid values are the True state; only "false" is False.
                return "false" if ascii_lowercase(value) == "false" else "true"
            node = node.parentNode
        return "true"

    def set(self, element: Any, value: Any) -> None:
        element.setAttribute("writingsuggestions", to_dom_string(value))


class Autocorrect(Reflection[bool]):
    """https://html.spec.whatwg.org/#dom-autocorrect -- true iff the used autocorrection state
    is On; setting writes "on" or "off"."""

    kind = "custom"

    @staticmethod
    def _state(element: Any) -> bool:
        value = element.getAttribute("autocorrect")
        # missing, empty and invalid values are all On
        return value is None or ascii_lowercase(value) != "off"

    def get(self, element: Any) -> bool:
        # https://html.spec.whatwg.org/#used-autocorrection-state
        if element.localName == "input" and ascii_lowercase(element.getAttribute("type") or "") in (
            "url", "email", "password"
        ):
            return False
        if element.hasAttribute("autocorrect"):
            return self._state(element)
        if element.localName in _INHERITING:
            owner = _form_owner(element)
            if owner is not None:
                return self._state(owner)
        return True

    def set(self, element: Any, value: Any) -> None:
        element.setAttribute("autocorrect", "on" if to_boolean(value) else "off")
