"""Media queries (https://drafts.csswg.org/mediaqueries-4/): parsing a media query list and
evaluating it for a configurable :class:`Viewport`, and MediaList
(https://drafts.csswg.org/cssom/#the-medialist-interface).

There is no screen: the viewport's width and height, resolution and preferences are what the
user configures (defaults: a 1280x720 desktop screen at 1 dppx, light colour scheme, a fine
pointer that hovers); webdom renders with scripting disabled, so ``(scripting)`` is ``none``.
Features this module does not know evaluate to false, as "unknown" does
(https://drafts.csswg.org/mediaqueries-4/#evaluating).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import tinycss2

from webidl import NotFoundError
from webidl.interface import IndexedCollection
from webidl.operations import attributes, operations

from .values import as_given, preprocess, too_deep

__all__ = ["MediaList", "Viewport", "media_query_list_matches", "parse_media_query_list"]


@dataclass(frozen=True)
class Viewport:
    """What media queries are evaluated against."""

    width: float = 1280
    height: float = 720
    resolution: float = 1.0  # dppx
    media_type: str = "screen"
    prefers_color_scheme: str = "light"
    prefers_reduced_motion: str = "no-preference"
    hover: str = "hover"
    pointer: str = "fine"
    scripting: str = "none"


_NOT_ALL = "not all"
_TYPES = frozenset(("all", "screen", "print", "speech", "tty", "tv", "projection", "handheld", "braille",
                    "embossed", "aural"))
_RESERVED = frozenset(("and", "or", "not", "only", "layer"))


def _split(tokens: list[Any]) -> list[list[Any]]:
    queries: list[list[Any]] = [[]]
    for token in tokens:
        if token.type == "literal" and token.value == ",":
            queries.append([])
        elif token.type not in ("whitespace", "comment"):
            queries[-1].append(token)
    return queries


def parse_media_query_list(text: str) -> list[str]:
    """https://drafts.csswg.org/mediaqueries-4/#parse-a-media-query-list, each query
    serialized (https://drafts.csswg.org/cssom/#serialize-a-media-query); an invalid query
    becomes "not all".  An empty list matches everything."""
    tokens = tinycss2.parse_component_value_list(preprocess(text), skip_comments=True)
    if not any(t.type not in ("whitespace", "comment") for t in tokens):
        return []
    if too_deep(tokens):
        return [_NOT_ALL]  # nested past any real query: no query, without recursing
    return [_serialize_query(query) for query in _split(tokens)]


def _serialize_query(query: list[Any]) -> str:
    if not query:
        return _NOT_ALL
    words: list[str] = []
    index = 0
    if query[0].type == "ident" and query[0].lower_value in ("not", "only"):
        words.append(query[0].lower_value)
        index = 1
    if index < len(query) and query[index].type == "ident":
        media_type = query[index].lower_value
        if media_type in _RESERVED:
            return _NOT_ALL
        words.append(media_type)
        index += 1
        expect_and = True
    else:
        if words:
            return _NOT_ALL
        expect_and = False
    while index < len(query):
        token = query[index]
        if expect_and:
            if not (token.type == "ident" and token.lower_value in ("and", "or")) or index + 1 >= len(query):
                return _NOT_ALL
            if token.lower_value == "or" and words and words[0] != "(":  # "screen or (...)" is invalid
                return _NOT_ALL
            words.append(token.lower_value)
            index += 1
            expect_and = False
            continue
        if token.type == "ident" and token.lower_value == "not" and index + 1 < len(query):
            words.append("not")
            index += 1
            continue
        if token.type != "() block":
            return _NOT_ALL
        words.append(f"({_serialize_feature(token.content)})")
        index += 1
        expect_and = True
    if words and words[-1] in ("not", "only"):
        return _NOT_ALL
    if len(words) == 1 and words[0] == "all":
        return "all"
    text = " ".join(words)
    return text[8:] if text.startswith("all and (") else text


def _serialize_feature(content: list[Any]) -> str:
    """https://drafts.csswg.org/cssom/#serialize-a-media-feature: the name lowercased, ": ",
    the value; in a boolean context the name alone."""
    tokens = [t for t in content if t.type not in ("whitespace", "comment")]
    if len(tokens) == 1 and tokens[0].type == "ident":
        return str(tokens[0].lower_value)
    if len(tokens) >= 3 and tokens[0].type == "ident" and tokens[1].type == "literal" and tokens[1].value == ":":
        return f"{tokens[0].lower_value}: {as_given(tokens[2:])}"
    return as_given(content)


def media_query_list_matches(queries: list[str], viewport: Viewport) -> bool:
    """https://drafts.csswg.org/mediaqueries-4/#mq-list: true when the list is empty or any
    query matches."""
    if not queries:
        return True
    return any(_query_matches(query, viewport) for query in queries)


def _query_matches(query: str, viewport: Viewport) -> bool:
    tokens: list[Any] = [t for t in tinycss2.parse_component_value_list(query, skip_comments=True)
                         if t.type not in ("whitespace", "comment")]
    negate = False
    index = 0
    if tokens and tokens[0].type == "ident" and tokens[0].lower_value in ("not", "only"):
        negate = tokens[0].lower_value == "not"
        index = 1
    result = True
    if index < len(tokens) and tokens[index].type == "ident":
        media_type = tokens[index].lower_value
        result = media_type == "all" or (media_type == viewport.media_type and media_type in _TYPES)
        index += 1
    conjunction = "and"
    invert_next = False
    results: list[bool] = []
    while index < len(tokens):
        token = tokens[index]
        index += 1
        if token.type == "ident" and token.lower_value in ("and", "or"):
            conjunction = token.lower_value
            continue
        if token.type == "ident" and token.lower_value == "not":
            invert_next = True
            continue
        value = _condition(token.content, viewport) if token.type == "() block" else False
        results.append(value != invert_next)
        invert_next = False
    if results:
        condition = any(results) if conjunction == "or" else all(results)
        result = result and condition
    return result != negate


def _condition(content: list[Any], viewport: Viewport) -> bool:
    """A media feature or a nested condition in parentheses."""
    tokens = [t for t in content if t.type not in ("whitespace", "comment")]
    if any(t.type == "() block" for t in tokens):  # a nested condition: (a) and (b), not (a)
        results, conjunction, invert = [], "and", False
        for token in tokens:
            if token.type == "ident" and token.lower_value in ("and", "or"):
                conjunction = token.lower_value
            elif token.type == "ident" and token.lower_value == "not":
                invert = True
            elif token.type == "() block":
                results.append(_condition(token.content, viewport) != invert)
                invert = False
        return any(results) if conjunction == "or" else all(results)
    if len(tokens) == 1 and tokens[0].type == "ident":
        return _boolean_feature(tokens[0].lower_value, viewport)
    if len(tokens) >= 3 and tokens[0].type == "ident" and tokens[1].type == "literal" and tokens[1].value == ":":
        return _feature(tokens[0].lower_value, tokens[2:], viewport)
    return _range(tokens, viewport)


def _boolean_feature(name: str, viewport: Viewport) -> bool:
    values = {"color": True, "monochrome": False, "grid": False, "hover": viewport.hover != "none",
              "any-hover": viewport.hover != "none", "pointer": viewport.pointer != "none",
              "any-pointer": viewport.pointer != "none", "width": viewport.width > 0, "height": viewport.height > 0,
              "scripting": viewport.scripting != "none", "prefers-reduced-motion": viewport.prefers_reduced_motion != (
                  "no-preference"), "orientation": True, "prefers-color-scheme": True}
    return values.get(name, False)


def _px(tokens: list[Any]) -> float | None:
    """A length in px (font-relative units against the initial font size, 16px)."""
    if len(tokens) != 1:
        return None
    token = tokens[0]
    if token.type == "number" and token.value == 0:
        return 0.0
    if token.type != "dimension":
        return None
    factor = {"px": 1, "em": 16, "rem": 16, "ex": 8, "ch": 8, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4,
              "q": 96 / 101.6, "pt": 96 / 72, "pc": 16}.get(token.lower_unit)
    return None if factor is None else token.value * factor


def _number(tokens: list[Any], feature: str) -> float | None:
    if feature in ("width", "height", "device-width", "device-height"):
        return _px(tokens)
    if feature == "resolution" and len(tokens) == 1 and tokens[0].type == "dimension":
        factor = {"dppx": 1, "x": 1, "dpi": 1 / 96, "dpcm": 2.54 / 96}.get(tokens[0].lower_unit)
        return None if factor is None else tokens[0].value * factor
    if feature == "aspect-ratio":
        numbers = [t.value for t in tokens if t.type == "number"]
        return numbers[0] / numbers[1] if len(numbers) == 2 and numbers[1] else None
    if len(tokens) == 1 and tokens[0].type == "number":
        return float(tokens[0].value)
    return None


def _actual(feature: str, viewport: Viewport) -> float | None:
    return {"width": viewport.width, "height": viewport.height, "device-width": viewport.width,
            "device-height": viewport.height, "resolution": viewport.resolution,
            "-webkit-device-pixel-ratio": viewport.resolution, "aspect-ratio": viewport.width / viewport.height,
            "color": 8.0, "monochrome": 0.0, "color-index": 0.0}.get(feature)


def _feature(name: str, value: list[Any], viewport: Viewport) -> bool:
    if len(value) == 1 and value[0].type == "ident":
        word = value[0].lower_value
        keywords = {"orientation": "portrait" if viewport.height >= viewport.width else "landscape",
                    "prefers-color-scheme": viewport.prefers_color_scheme,
                    "prefers-reduced-motion": viewport.prefers_reduced_motion, "hover": viewport.hover,
                    "any-hover": viewport.hover, "pointer": viewport.pointer, "any-pointer": viewport.pointer,
                    "scripting": viewport.scripting, "display-mode": "browser", "update": "fast",
                    "prefers-contrast": "no-preference", "forced-colors": "none", "color-gamut": "srgb"}
        return bool(keywords.get(name) == word)
    prefix = name[:4] if name.startswith(("min-", "max-")) else ""
    feature = name[len(prefix):]
    if feature.startswith("-webkit-min-") or feature.startswith("-webkit-max-"):
        prefix, feature = feature[8:12], "-webkit-" + feature[12:]
    wanted = _number(value, feature.removeprefix("-webkit-") if "pixel-ratio" not in feature else "")
    actual = _actual(feature, viewport)
    if wanted is None or actual is None:
        return False
    if prefix == "min-":
        return actual >= wanted
    if prefix == "max-":
        return actual <= wanted
    return actual == wanted


_COMPARE = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
            ">=": lambda a, b: a >= b, "=": lambda a, b: a == b}


def _range(tokens: list[Any], viewport: Viewport) -> bool:
    """https://drafts.csswg.org/mediaqueries-4/#mq-range-context: (width >= 600px),
    (400px < width < 800px)."""
    parts: list[Any] = []  # values (token lists), operator strings and the feature name
    for token in tokens:
        if token.type == "literal" and token.value in "<>=":
            if parts and isinstance(parts[-1], str) and parts[-1] in ("<", ">") and token.value == "=":
                parts[-1] += "="
            else:
                parts.append(token.value)
        else:
            parts.append([token])
    names = [i for i, p in enumerate(parts) if isinstance(p, list) and p[0].type == "ident"]
    if len(names) != 1 or len(parts) not in (3, 5):
        return False
    feature = parts[names[0]][0].lower_value
    actual = _actual(feature, viewport)
    if actual is None:
        return False
    for left in range(0, len(parts) - 2, 2):
        op = parts[left + 1]
        if not isinstance(op, str) or op not in _COMPARE:
            return False
        a = actual if left == names[0] else _number(parts[left], feature)
        b = actual if left + 2 == names[0] else _number(parts[left + 2], feature)
        if a is None or b is None or not _COMPARE[op](a, b):
            return False
    return True


@attributes("MediaList", "mediaText")
@operations("MediaList", "item", "appendMedium", "deleteMedium")
class MediaList(IndexedCollection[str]):
    """https://drafts.csswg.org/cssom/#the-medialist-interface"""

    __slots__ = ("_queries", "_on_change")
    _queries: list[str]
    _on_change: Any

    def __init__(self) -> None:
        raise TypeError("Illegal constructor")

    @classmethod
    def _new(cls, text: str, on_change: Any = None) -> MediaList:
        media = cls.__new__(cls)
        media._queries = parse_media_query_list(text)
        media._on_change = on_change
        return media

    @property
    def mediaText(self) -> str:
        """https://drafts.csswg.org/cssom/#dom-medialist-mediatext"""
        return ", ".join(self._queries)

    @mediaText.setter
    def mediaText(self, value: str) -> None:
        self._queries = parse_media_query_list(value)  # ([LegacyNullToEmptyString]: None came as "")
        if self._on_change is not None:
            self._on_change()

    @property
    def length(self) -> int:
        return len(self._queries)

    def item(self, index: int) -> str | None:
        return self._queries[index] if index < len(self._queries) else None

    def appendMedium(self, medium: str) -> None:
        """https://drafts.csswg.org/cssom/#dom-medialist-appendmedium"""
        parsed = parse_media_query_list(medium)
        if len(parsed) == 1 and parsed[0] not in self._queries:
            self._queries.append(parsed[0])

    def deleteMedium(self, medium: str) -> None:
        """https://drafts.csswg.org/cssom/#dom-medialist-deletemedium"""
        parsed = parse_media_query_list(medium)
        if len(parsed) != 1 or parsed[0] not in self._queries:
            raise NotFoundError(f"{medium!r} is not in the media list")
        self._queries.remove(parsed[0])

    def matches(self, viewport: Viewport) -> bool:
        return media_query_list_matches(self._queries, viewport)

    def __str__(self) -> str:
        return self.mediaText
