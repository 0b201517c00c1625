"""``document.all``: https://html.spec.whatwg.org/#the-htmlallcollection-interface

Python protocols: ``document.all[0]``, ``document.all["0"]`` (an array index string is an index),
``document.all["x"]`` (KeyError when nothing matches), ``document.all("x")`` (the legacy
[[Call]]), ``len()``, iteration, and ``bool(document.all) is False`` -- the [[IsHTMLDDA]] slot
makes the object falsy in JS, the one behaviour of it a Python truth test can mirror.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from html_infra.infra import HTML_NAMESPACE
from webidl import to_dom_string, undefined
from webidl.operations import operations

from ... import registry
from ...collections import HTMLCollection, OverCurrentList

if TYPE_CHECKING:
    from ...nodes.document import Document
    from ...nodes.element import Element

__all__ = ["HTMLAllCollection", "ALL_NAMED_ELEMENTS", "is_array_index"]

# https://html.spec.whatwg.org/#all-named-elements
ALL_NAMED_ELEMENTS = frozenset(
    ("a", "button", "embed", "form", "frame", "frameset", "iframe", "img", "input", "map", "meta", "object",
     "select", "textarea")
)
_MAX_ARRAY_INDEX = 2**32 - 2


def is_array_index(name: str) -> bool:
    """https://tc39.es/ecma262/#array-index -- a canonical numeric string of an integer in
    [0, 2^32 - 2] ("0", "42"; not "01", "-0", "4294967295")."""
    if not name or not name.isascii() or not name.isdigit():
        return False
    if len(name) > 1 and name[0] == "0":
        return False
    return len(name) <= 10 and int(name) <= _MAX_ARRAY_INDEX


def _is_all_named(element: Element) -> bool:
    return element._ns == HTML_NAMESPACE and element._local in ALL_NAMED_ELEMENTS


@operations("HTMLAllCollection", "item", "namedItem")
class HTMLAllCollection(OverCurrentList[Any]):
    """https://html.spec.whatwg.org/#htmlallcollection -- every element of the document, in tree
    order (``document.all``; one object per document).  Its ``item()`` and named getter give an
    element or a collection, which one item type of IndexedCollection/NamedCollection cannot
    say: they are its own, and the item type is Any but for iteration."""

    __slots__ = ("_document", "_all")

    if TYPE_CHECKING:
        def __iter__(self) -> Iterator[Element]: ...

    def __init__(self, document: Document) -> None:
        self._document = document
        self._all: HTMLCollection[Element] = HTMLCollection(document, lambda e: True)

    @classmethod
    def for_document(cls, document: Document) -> HTMLAllCollection:
        """``document.all`` ([SameObject] in effect: the same object each time)."""
        return document._same_object("all", lambda: cls(document))

    def _elements(self) -> list[Element]:
        return self._all._elements()

    @property
    def length(self) -> int:
        """https://html.spec.whatwg.org/#dom-htmlallcollection-length"""
        return len(self._elements())

    def _get_all_indexed(self, index: int) -> Element | None:
        """https://html.spec.whatwg.org/#concept-get-all-indexed"""
        elements = self._elements()
        return elements[index] if 0 <= index < len(elements) else None

    def _get_all_named(self, name: str) -> HTMLCollection[Element] | Element | None:
        """https://html.spec.whatwg.org/#concept-get-all-named"""
        if name == "":
            return None

        def keep(e: Element) -> bool:
            return (_is_all_named(e) and e.getAttribute("name") == name) or e.getAttribute("id") == name

        sub_collection: HTMLCollection[Element] = HTMLCollection(self._document, keep)
        matches = sub_collection._elements()
        if len(matches) == 1:
            return matches[0]
        if not matches:
            return None
        return sub_collection

    def _get_all_indexed_or_named(self, name_or_index: str) -> HTMLCollection[Element] | Element | None:
        """https://html.spec.whatwg.org/#concept-get-all-indexed-or-named"""
        if is_array_index(name_or_index):
            return self._get_all_indexed(int(name_or_index))
        return self._get_all_named(name_or_index)

    def namedItem(self, name: str) -> HTMLCollection[Element] | Element | None:
        """https://html.spec.whatwg.org/#dom-htmlallcollection-nameditem"""
        return self._get_all_named(name)

    # item(optional DOMString nameOrIndex): a name or an index as a string, unlike a list's item(index)
    def item(self, nameOrIndex: str | None = None) -> HTMLCollection[Element] | Element | None:  # type: ignore[override]  # noqa: N803
        """https://html.spec.whatwg.org/#dom-htmlallcollection-item (an int is converted to
        its string first, as the DOMString argument of JS would be; None: not given)."""
        if nameOrIndex is None:
            return None
        return self._get_all_indexed_or_named(nameOrIndex)

    def __call__(self, *arguments: Any) -> HTMLCollection[Element] | Element | None:
        """https://html.spec.whatwg.org/#HTMLAllCollection-call -- ``document.all("x")``."""
        if not arguments or arguments[0] is undefined:
            return None
        return self._get_all_indexed_or_named(to_dom_string(arguments[0]))

    def __getitem__(self, key: Any) -> Any:
        """The indexed getter for ints and array index strings (IndexError when out of range:
        named properties are ignored for array indexes), else the named getter (KeyError)."""
        if isinstance(key, slice):
            return self._elements()[key]
        if isinstance(key, int) and not isinstance(key, bool):
            elements = self._elements()
            if key < 0:  # Python's negative indexes, as on the other collections
                key += len(elements)
            if not 0 <= key < len(elements):
                raise IndexError(f"index {key} out of range for HTMLAllCollection of length {len(elements)}")
            return elements[key]
        name = to_dom_string(key)
        if is_array_index(name):
            element = self._get_all_indexed(int(name))
            if element is None:
                raise IndexError(name)
            return element
        result = self._get_all_named(name)
        if result is None:
            raise KeyError(name)
        return result

    def _supported_property_names(self) -> list[str]:
        """Non-empty ids of all elements and names of "all"-named elements, in tree order, an
        element's id before its name, without duplicates."""
        names: dict[str, None] = {}
        for element in self._elements():
            element_id = element.getAttribute("id")
            if element_id:
                names.setdefault(element_id)
            if _is_all_named(element):
                name = element.getAttribute("name")
                if name:
                    names.setdefault(name)
        return list(names)

    def _current(self) -> list[Element]:
        return self._elements()

    def __contains__(self, value: object) -> bool:
        if isinstance(value, str):
            return self._get_all_indexed_or_named(value) is not None
        return any(value is e for e in self._elements())

    def __bool__(self) -> bool:
        """[LegacyFalsy] / [[IsHTMLDDA]]: ToBoolean(document.all) is false."""
        return False

    def __repr__(self) -> str:
        return f"<HTMLAllCollection {self._elements()!r}>"

# The node tree, below this floor, reaches document.all through dom.registry.
registry.all_collection = HTMLAllCollection.for_document
