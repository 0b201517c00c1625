"""Adopted style sheets (https://drafts.csswg.org/cssom/#dom-documentorshadowroot-adoptedstylesheets):
constructed sheets (``CSSStyleSheet()``) that a document or a shadow root applies after its own
sheets, without an owner element.

``document.adoptedStyleSheets`` is an ObservableArray<CSSStyleSheet>
(https://webidl.spec.whatwg.org/#idl-observable-array): here a mutable sequence whose changes
run the CSSOM's "set an indexed value" steps (a sheet that was not constructed, or was
constructed for another document, is a NotAllowedError) and restyle.  Assigning a sequence
replaces its contents, checked whole first.  A sheet's constructor document is "the associated
Document of the current global object"; Python has no current global, so a sheet constructed
from Python belongs to the first document that adopts it (in a webdom.js realm too: its
sheets are adopted by the realm's document).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Iterator, MutableSequence
from typing import Any, overload

from webidl import NotAllowedError

from .. import registry
from .document_style_sheets import configuration_changes
from .style_sheets import CSSStyleSheet

__all__ = ["AdoptedStyleSheets", "adopted_sheets"]


class AdoptedStyleSheets(MutableSequence[CSSStyleSheet]):
    """https://webidl.spec.whatwg.org/#idl-observable-array of a document or shadow root."""

    __slots__ = ("_owner", "_sheets", "__weakref__")
    _owner: weakref.ref[Any]
    _sheets: list[CSSStyleSheet]

    def __init__(self) -> None:
        raise TypeError("Illegal constructor: use document.adoptedStyleSheets")

    @classmethod
    def _new(cls, owner: Any) -> AdoptedStyleSheets:
        array = cls.__new__(cls)
        array._owner = weakref.ref(owner)
        array._sheets = []
        return array

    def _check(self, sheet: object) -> CSSStyleSheet:
        """https://drafts.csswg.org/cssom/#dom-documentorshadowroot-adoptedstylesheets, the set an
        indexed value algorithm (the value converted to CSSStyleSheet first)."""
        if not isinstance(sheet, CSSStyleSheet):
            raise TypeError(f"adoptedStyleSheets holds CSSStyleSheet objects, not {type(sheet).__name__}")
        owner = self._owner()
        if owner is None:  # (the array outlived its document or shadow root)
            raise NotAllowedError("adoptedStyleSheets: the document is gone")
        document = owner.ownerDocument or owner  # its node document (a Document's is itself)
        if not sheet._constructed:
            raise NotAllowedError("adoptedStyleSheets: only a constructed style sheet can be adopted")
        if sheet._constructor_document is None:  # constructed from Python: it belongs to its first adopter
            sheet._constructor_document = document
        if sheet._constructor_document is not document:
            raise NotAllowedError("adoptedStyleSheets: the sheet was constructed for another document")
        return sheet

    @staticmethod
    def _changed() -> None:
        configuration_changes[0] += 1  # the cascade is made again

    def __len__(self) -> int:
        return len(self._sheets)

    @overload
    def __getitem__(self, index: int) -> CSSStyleSheet: ...
    @overload
    def __getitem__(self, index: slice) -> list[CSSStyleSheet]: ...
    def __getitem__(self, index: int | slice) -> CSSStyleSheet | list[CSSStyleSheet]:
        return self._sheets[index]

    @overload
    def __setitem__(self, index: int, value: CSSStyleSheet) -> None: ...
    @overload
    def __setitem__(self, index: slice, value: Iterable[CSSStyleSheet]) -> None: ...
    def __setitem__(self, index: int | slice, value: Any) -> None:
        if isinstance(index, slice):
            self._sheets[index] = [self._check(sheet) for sheet in value]
        else:
            self._sheets[index] = self._check(value)
        self._changed()

    def __delitem__(self, index: int | slice) -> None:
        del self._sheets[index]  # https://webidl.spec.whatwg.org/#observable-array-exotic-object: delete steps
        self._changed()

    def insert(self, index: int, value: CSSStyleSheet) -> None:
        self._sheets.insert(index, self._check(value))
        self._changed()

    def __iter__(self) -> Iterator[CSSStyleSheet]:
        return iter(list(self._sheets))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, list) and self._sheets == other)

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return f"AdoptedStyleSheets({self._sheets!r})"


def adopted_style_sheets(owner: Any) -> AdoptedStyleSheets:
    """The getter: the same array each time (https://webidl.spec.whatwg.org/#es-observable-array),
    kept by its owner (its sheets refer to their document: a map keyed by the owner would keep
    the document alive)."""
    array: AdoptedStyleSheets = owner._same_object("adoptedStyleSheets", lambda: AdoptedStyleSheets._new(owner))
    return array


def set_adopted_style_sheets(owner: Any, value: Iterable[CSSStyleSheet]) -> None:
    """The setter (https://webidl.spec.whatwg.org/#es-observable-array, set the attribute): its
    contents replaced by *value*'s, every sheet checked before any is taken."""
    array = adopted_style_sheets(owner)
    sheets = [array._check(sheet) for sheet in value]
    array._sheets = sheets
    array._changed()


def adopted_sheets(owner: Any) -> list[CSSStyleSheet]:
    """The sheets *owner* adopted, in order: the cascade takes them after its own sheets."""
    array = (owner._objects or {}).get("adoptedStyleSheets")  # (a shadow root's is None until it keeps one)
    return list(array._sheets) if array is not None else []


registry.adopted_style_sheets = adopted_style_sheets
registry.set_adopted_style_sheets = set_adopted_style_sheets
