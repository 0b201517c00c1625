"""Reflecting content attributes in IDL attributes.

https://html.spec.whatwg.org/#reflecting-content-attributes-in-idl-attributes

One descriptor class per reflection kind; element classes declare one line per attribute
(``maxLength = ReflectNonNegative("maxlength")``), mirroring the IDL's ``[Reflect]``,
``[ReflectURL]``, ``[ReflectNonNegative]``, ``[ReflectPositive]``,
``[ReflectPositiveWithFallback]``, ``[ReflectRange]`` and ``[ReflectDefault]`` extended
attributes (https://html.spec.whatwg.org/#using-reflect-via-idl-extended-attributes).  Every
descriptor keeps its kind and parameters as plain attributes so tests can compare the
declarations with the IDL file.

The descriptors only use the element's public attribute API (``getAttribute``/``setAttribute``
/``removeAttribute``) and ``ownerDocument`` for URL resolution, so they work on any element-like
object.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Literal, Self, TypeVar, cast, overload

from html_infra.infra import ascii_lowercase, convert_to_scalar_value_string
from html_infra.microsyntaxes import parse_float, parse_integer, parse_non_negative_integer
from webidl import (
    IndexSizeError,
    number_to_string,
    to_boolean,
    to_dom_string,
    to_double,
    to_long,
    to_unsigned_long,
    to_usv_string,
    undefined,
)
from webidl.conversions import converter

from .memo import MemoKey
from .tokenlist import DOMTokenList

if TYPE_CHECKING:
    from html_infra.url import URLRecord

    from .nodes.document import Document
    from .nodes.element import Element

__all__ = [
    "Reflection",
    "Reflect",
    "ReflectNullable",
    "ReflectURL",
    "ReflectFormAction",
    "ReflectEnum",
    "ReflectBool",
    "ReflectLong",
    "ReflectNonNegative",
    "ReflectUnsigned",
    "ReflectPositive",
    "ReflectPositiveWithFallback",
    "ReflectRange",
    "ReflectDouble",
    "ReflectPositiveDouble",
    "ReflectTokenList",
    "ReflectElement",
    "document_base_url",
    "fallback_base_url",
    "set_about_base_url",
    "document_base_url_record",
    "parse_reflected_integer",
    "encoding_parse_and_serialize_url",
]

# https://html.spec.whatwg.org/#document-base-url (about the document's URL), and that URL parsed.
DOCUMENT_BASE_URL = MemoKey("document base URL")
PARSED_BASE_URL = MemoKey("parsed base URL")

_LONG_MAX = 2147483647
_LONG_MIN = -2147483648


def parse_reflected_integer(value: str, non_negative: bool) -> int | None:
    """Integer parsing for the numeric getters, also for numbers too long for ``int()`` (over
    4300 digits): those keep their sign and become a magnitude outside every reflected range,
    so a clamped attribute still clamps them to its maximum."""
    try:
        return parse_non_negative_integer(value) if non_negative else parse_integer(value)
    except ValueError:
        m = _LONG_DIGITS.match(value)
        if m is None:  # pragma: no cover - the parser only fails on long digit runs
            return None
        digits = m.group(2).lstrip("0")
        magnitude = int(digits) if len(digits) <= 4000 else 1 << 64
        number = -magnitude if m.group(1) == "-" else magnitude
        return None if non_negative and number < 0 else number


_LONG_DIGITS = re.compile(r"[\t\n\x0c\r ]*([-+]?)([0-9]+)")


_V = TypeVar("_V")
_E = TypeVar("_E", bound="str | None")  # a reflected enumerated attribute: DOMString or DOMString?


class Reflection(Generic[_V]):
    """Base of every reflection descriptor: knows the reflected content attribute name; *_V* is
    the IDL attribute's type (what the getter returns, and what a typed caller sets: the
    binding converts any value as JS would, but ``a.href = 3`` is a type error to mypy)."""

    kind = "DOMString"

    def __init__(self, content_attribute: str | None = None) -> None:
        # None: the content attribute is the IDL attribute's name lowercased ([Reflect] with no
        # argument uses the IDL name; every such HTML attribute is lowercase in content).
        self.content_attribute = content_attribute or ""  # "": set by __set_name__
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name.rstrip("_")
        if not self.content_attribute:
            self.content_attribute = ascii_lowercase(self.name)

    @overload
    def __get__(self, element: None, owner: type | None = None) -> Self: ...
    @overload
    def __get__(self, element: object, owner: type | None = None) -> _V: ...
    def __get__(self, element: Any, owner: type | None = None) -> Self | _V:
        if element is None:
            return self
        return self.get(element)

    def __set__(self, element: Any, value: _V) -> None:
        self.set(element, value)

    def get(self, element: Any) -> _V:  # pragma: no cover - every kind overrides
        raise NotImplementedError

    def set(self, element: Any, value: Any) -> None:  # pragma: no cover
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.content_attribute!r})"


class Reflect(Reflection[str]):
    """DOMString (and plain USVString): the content attribute verbatim, "" when absent."""

    def __init__(self, content_attribute: str | None = None, *, usv: bool = False, null_to_empty: bool = False) -> None:
        super().__init__(content_attribute)
        self.usv = usv
        self.null_to_empty = null_to_empty  # [LegacyNullToEmptyString]
        if usv:
            self.kind = "USVString"

    def get(self, element: Any) -> str:
        value = element.getAttribute(self.content_attribute)
        if value is None:
            return ""
        return convert_to_scalar_value_string(value) if self.usv else value

    def set(self, element: Any, value: Any) -> None:
        if value is None and self.null_to_empty:
            value = ""
        element.setAttribute(self.content_attribute, to_usv_string(value) if self.usv else to_dom_string(value))


class ReflectNullable(Reflection["str | None"]):
    """DOMString?: null when absent; setting null removes the attribute."""

    kind = "DOMString?"

    def get(self, element: Any) -> str | None:
        value: str | None = element.getAttribute(self.content_attribute)
        return value

    def set(self, element: Any, value: Any) -> None:
        if value is None or value is undefined:
            element.removeAttribute(self.content_attribute)
        else:
            element.setAttribute(self.content_attribute, to_dom_string(value))


def document_base_url(document: Document) -> str:
    """https://html.spec.whatwg.org/#document-base-url -- the frozen base URL of the first
    ``base`` element with an ``href`` attribute, else the document's fallback base URL (its URL).

    Cached with the document's mutation counter (and URL), so reading ``href`` of every link
    of a page costs one search for ``<base>``, not one per link."""
    return document._memoized(DOCUMENT_BASE_URL, document.URL, lambda: _compute_base_url(document))


def document_base_url_record(document: Document) -> URLRecord | None:
    """:func:`document_base_url` parsed, once per document version: resolving every link of a
    page parses the base URL once, not once per link (None if it does not parse)."""
    # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
    from html_infra.url.parser import basic_url_parse

    base = document_base_url(document)
    return document._memoized(PARSED_BASE_URL, base, lambda: basic_url_parse(base))


# https://html.spec.whatwg.org/#concept-document-about-base-url: set for an about:blank or srcdoc
# document by whoever creates it (a frame: its container document's base URL), else absent.
_ABOUT_BASE_URL: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()


def set_about_base_url(document: Any, url: str | None) -> None:
    """Set *document*'s about base URL (the base URL of the document that created it); it is
    the fallback base URL of an ``about:blank`` or ``about:srcdoc`` document."""
    if url is None:
        _ABOUT_BASE_URL.pop(document, None)
    else:
        _ABOUT_BASE_URL[document] = url
    if hasattr(document, "_version"):
        document._version += 1  # the cached document base URL depends on it


def fallback_base_url(document: Any) -> str:
    """https://html.spec.whatwg.org/#fallback-base-url"""
    url: str = document.URL
    about = _ABOUT_BASE_URL.get(document) if _ABOUT_BASE_URL else None
    if about is not None:
        # 1. an iframe srcdoc document; 2. a URL matching about:blank (query and fragment aside)
        rest = url[len("about:"):] if url.startswith("about:") else None
        if rest is not None and re.split(r"[?#]", rest, maxsplit=1)[0] in ("srcdoc", "blank"):
            return about
    return url


def _compute_base_url(document: Any) -> str:
    fallback: str = fallback_base_url(document)
    base = document.querySelector("base[href]") if document.documentElement is not None else None
    if base is None:
        return fallback
    # https://html.spec.whatwg.org/#set-the-frozen-base-url (the parse uses the document's
    # encoding; a failure, or a data:/javascript: base, falls back).
    # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
    from html_infra.url.parser import parse_url
    from html_infra.url.record import serialize_url

    record = parse_url(base.getAttribute("href") or "", fallback, _document_encoding(document))
    if record is None or record.scheme in ("data", "javascript"):
        return fallback
    return serialize_url(record)


def _document_encoding(document: Any) -> str:
    encoding: str = getattr(document, "characterSet", "UTF-8")
    return encoding


def encoding_parse_and_serialize_url(url: str, document: Any) -> str | None:
    """https://html.spec.whatwg.org/#encoding-parsing-and-serializing-a-url -- None on failure."""
    # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
    from html_infra.url.parser import basic_url_parse
    from html_infra.url.record import serialize_url

    base = document_base_url_record(document)
    record = None if base is None else basic_url_parse(url, base, _document_encoding(document))
    return None if record is None else serialize_url(record)


class ReflectURL(Reflection[str]):
    """USVString treated as a URL ([ReflectURL]): resolved against the node document's base URL
    with its encoding; the raw value (as a scalar value string) when it does not parse.
    ``usv=False`` for the one such attribute declared a DOMString (object's codeBase), whose
    setter keeps lone surrogates."""

    kind = "URL"

    def __init__(self, content_attribute: str | None = None, *, usv: bool = True) -> None:
        super().__init__(content_attribute)
        self.usv = usv

    def get(self, element: Any) -> str:
        value = element.getAttribute(self.content_attribute)
        if value is None:
            return ""
        resolved = encoding_parse_and_serialize_url(value, element.ownerDocument)
        return resolved if resolved is not None else convert_to_scalar_value_string(value)

    def set(self, element: Any, value: Any) -> None:
        element.setAttribute(self.content_attribute, to_usv_string(value) if self.usv else to_dom_string(value))


class ReflectFormAction(ReflectURL):
    """form.action / formAction ([ReflectSetter]): the getter returns the document's URL when
    the attribute is missing or empty (https://html.spec.whatwg.org/#dom-fs-action)."""

    def get(self, element: Any) -> str:
        value = element.getAttribute(self.content_attribute)
        if not value:
            url: str = element.ownerDocument.URL
            return url
        return super().get(element)


class ReflectEnum(Reflection[_E]):
    """A DOMString (or DOMString?) limited to only known values of an enumerated attribute.

    https://html.spec.whatwg.org/#enumerated-attribute

    *keywords* maps each keyword (lowercase) to its state's canonical keyword, or to None for a
    state with no keyword value; a plain sequence means every keyword is its own state.
    *missing*/*invalid*/*empty* are the missing value default, invalid value default and empty
    value default, given as canonical keywords (None: no such default, i.e. no state).
    """

    kind = "enum"

    @overload
    def __init__(
        self: ReflectEnum[str],
        content_attribute: str | None,
        keywords: Sequence[str] | Mapping[str, str | None],
        *,
        missing: str | None = None,
        invalid: str | None = None,
        empty: str | None = None,
        nullable: Literal[False] = False,
    ) -> None: ...
    @overload
    def __init__(
        self: ReflectEnum[str | None],
        content_attribute: str | None,
        keywords: Sequence[str] | Mapping[str, str | None],
        *,
        missing: str | None = None,
        invalid: str | None = None,
        empty: str | None = None,
        nullable: Literal[True],
    ) -> None: ...
    def __init__(
        self,
        content_attribute: str | None,
        keywords: Sequence[str] | Mapping[str, str | None],
        *,
        missing: str | None = None,
        invalid: str | None = None,
        empty: str | None = None,
        nullable: bool = False,
    ) -> None:
        super().__init__(content_attribute)
        if isinstance(keywords, Mapping):
            self.keywords: dict[str, str | None] = dict(keywords)
        else:
            self.keywords = {k: k for k in keywords}
        self.missing = missing
        self.invalid = invalid
        self.empty = empty
        self.nullable = nullable
        if nullable:
            self.kind = "enum?"

    def state(self, value: str | None) -> str | None:
        """The canonical keyword of the state *value* is in (None: no state or no keyword)."""
        if value is None:
            return self.missing
        if value == "" and self.empty is not None:
            return self.empty
        lowered = ascii_lowercase(value)
        if lowered in self.keywords:
            return self.keywords[lowered]
        return self.invalid

    def get(self, element: Any) -> _E:
        state = self.state(element.getAttribute(self.content_attribute))
        if state is None:
            return cast(_E, None if self.nullable else "")
        return cast(_E, state)

    def set(self, element: Any, value: Any) -> None:
        if self.nullable and (value is None or value is undefined):  # IDL nullable: undefined -> null
            element.removeAttribute(self.content_attribute)
        else:
            element.setAttribute(self.content_attribute, to_dom_string(value))


class ReflectBool(Reflection[bool]):
    """boolean: true iff the content attribute is present."""

    kind = "boolean"

    def get(self, element: Any) -> bool:
        present: bool = element.hasAttribute(self.content_attribute)
        return present

    def set(self, element: Any, value: Any) -> None:
        if to_boolean(value):
            element.setAttribute(self.content_attribute, "")
        else:
            element.removeAttribute(self.content_attribute)


class ReflectLong(Reflection[int]):
    """long, optionally with a default value ([ReflectDefault])."""

    kind = "long"
    non_negative = False

    def __init__(self, content_attribute: str | None = None, *, default: int | None = None) -> None:
        super().__init__(content_attribute)
        self.default = default

    def get(self, element: Any) -> int:
        value = element.getAttribute(self.content_attribute)
        if value is not None:
            parsed = parse_reflected_integer(value, self.non_negative)
            if parsed is not None and _LONG_MIN <= parsed <= _LONG_MAX:
                return parsed
        if self.default is not None:
            return self.default
        return -1 if self.non_negative else 0

    def set(self, element: Any, value: Any) -> None:
        number = to_long(value)
        if self.non_negative and number < 0:
            raise IndexSizeError(f"{self.name} cannot be negative ({number})")
        element.setAttribute(self.content_attribute, str(number))


class ReflectNonNegative(ReflectLong):
    """long limited to only non-negative numbers ([ReflectNonNegative]): -1 by default,
    IndexSizeError on a negative set."""

    kind = "long non-negative"
    non_negative = True


class ReflectUnsigned(Reflection[int]):
    """unsigned long, optionally with a default value; the subclasses add the limits."""

    kind = "unsigned long"
    minimum = 0
    throw_on_zero = False

    def __init__(self, content_attribute: str | None = None, *, default: int | None = None) -> None:
        super().__init__(content_attribute)
        self.default = default

    def _range(self) -> tuple[int, int]:
        return self.minimum, _LONG_MAX

    def get(self, element: Any) -> int:
        value = element.getAttribute(self.content_attribute)
        minimum, maximum = self._range()
        if value is not None:
            parsed = parse_reflected_integer(value, True)
            if parsed is not None:
                if minimum <= parsed <= maximum:
                    return parsed
                if isinstance(self, ReflectRange):
                    return minimum if parsed < minimum else maximum
        if self.default is not None:
            return self.default
        return minimum

    def set(self, element: Any, value: Any) -> None:
        number = to_unsigned_long(value)
        if self.throw_on_zero and number == 0:
            raise IndexSizeError(f"{self.name} must be greater than zero")
        new_value = self.minimum if self.default is None else self.default
        if self.minimum <= number <= _LONG_MAX:
            new_value = number
        element.setAttribute(self.content_attribute, str(new_value))


class ReflectPositive(ReflectUnsigned):
    """unsigned long limited to only positive numbers ([ReflectPositive])."""

    kind = "unsigned long positive"
    minimum = 1
    throw_on_zero = True


class ReflectPositiveWithFallback(ReflectUnsigned):
    """unsigned long limited to only positive numbers with fallback ([ReflectPositiveWithFallback])."""

    kind = "unsigned long positive with fallback"
    minimum = 1


class ReflectRange(ReflectUnsigned):
    """unsigned long clamped to the range [clampedMin, clampedMax] ([ReflectRange])."""

    kind = "unsigned long clamped"

    def __init__(self, content_attribute: str | None, low: int, high: int, *, default: int | None = None) -> None:
        super().__init__(content_attribute, default=default)
        self.low = low
        self.high = high

    def _range(self) -> tuple[int, int]:
        return self.low, self.high


class ReflectDouble(Reflection[float]):
    """double, optionally with a default value."""

    kind = "double"
    positive = False

    def __init__(self, content_attribute: str | None = None, *, default: float | None = None) -> None:
        super().__init__(content_attribute)
        self.default = default

    def get(self, element: Any) -> float:
        value = element.getAttribute(self.content_attribute)
        if value is not None:
            parsed = parse_float(value)
            if parsed is not None and (parsed > 0 or not self.positive):
                return parsed + 0.0  # -0 reads back as +0
        return float(self.default) if self.default is not None else 0.0

    def set(self, element: Any, value: Any) -> None:
        number = to_double(value)
        if self.positive and not number > 0:
            return
        # "the best representation of the number as a floating-point number": JS formatting.
        element.setAttribute(self.content_attribute, number_to_string(number))


class ReflectPositiveDouble(ReflectDouble):
    """double limited to only positive numbers ([ReflectPositive] on a double)."""

    kind = "double positive"
    positive = True


_to_element = converter("Element?")


class ReflectElement(Reflection["Element | None"]):
    """Element? (https://html.spec.whatwg.org/#reflecting-content-attributes-in-idl-attributes,
    "If a reflected IDL attribute has the type T?"): the explicitly set attr-element (a weak
    reference) while it is in the same tree, else the first element of the element's tree with
    the content attribute as its ID.  Setting an element stores "" in the content attribute; any
    change of the content attribute forgets the explicitly set element (the element class's
    attribute change steps call :meth:`attribute_changed`)."""

    kind = "Element?"

    @staticmethod
    def _explicit(element: Element) -> dict[str, Any]:
        return element._same_object("#attr-elements", dict)

    def get(self, element: Any) -> Any:
        ref = (element._held_object("#attr-elements") or {}).get(self.content_attribute)
        if ref is not None:
            target = ref()
            # "a descendant of any of element's shadow-including ancestors": in the tree of
            # element or of one of its shadow hosts (out to the document), and not a root.
            if target is not None and element.parentNode is not None:
                target_root = target.getRootNode()
                root = element.getRootNode()
                while target is not target_root:
                    if root is target_root:
                        found: Element = target
                        return found
                    host = root._host if getattr(root, "_is_shadow_root", False) else None
                    if host is None:
                        break
                    root = host.getRootNode()
            return None
        value = element.getAttribute(self.content_attribute)
        if value is None:
            return None
        for candidate in _tree_elements(element.getRootNode()):
            if candidate.getAttribute("id") == value:
                return candidate
        return None

    def set(self, element: Any, value: Any) -> None:
        value = _to_element(value)  # the setter's conversion to Element? (webidl)
        if value is None:
            self._explicit(element).pop(self.content_attribute, None)
            element.removeAttribute(self.content_attribute)
            return
        element.setAttribute(self.content_attribute, "")
        self._explicit(element)[self.content_attribute] = weakref.ref(value)

    @staticmethod
    def attribute_changed(element: Any, local_name: str) -> None:
        """The attribute change steps: forget the explicitly set element of *local_name*."""
        explicit = element._held_object("#attr-elements")
        if explicit:
            explicit.pop(local_name, None)


def _tree_elements(root: Any) -> Iterator[Element]:
    """Elements of *root*'s tree in tree order (root included when it is an element)."""
    if getattr(root, "nodeType", None) == 1:
        yield root
    yield from root.querySelectorAll("*")


class ReflectTokenList(Reflection[DOMTokenList]):
    """DOMTokenList ([SameObject, PutForwards=value, Reflect]): the same object every time;
    assigning sets the content attribute (PutForwards=value)."""

    kind = "DOMTokenList"

    def __init__(self, content_attribute: str | None = None, supported_tokens: Sequence[str] | None = None) -> None:
        super().__init__(content_attribute)
        self.supported_tokens = supported_tokens

    def get(self, element: Any) -> Any:
        return element._same_object(
            "@" + self.content_attribute, lambda: DOMTokenList(element, self.content_attribute, self.supported_tokens)
        )

    def __set__(self, element: Any, value: str) -> None:  # type: ignore[override]  # PutForwards=value: a string
        self.set(element, value)

    def set(self, element: Any, value: Any) -> None:
        element.setAttribute(self.content_attribute, to_dom_string(value))
