"""Which element wrappers hold state beyond their lxml element: every wrapper sets a few
declared fields when it is made, the rest only when the element first gets such state (form
control state, a nonce, a shadow root, handed-out objects ...; see Element.__slots__)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .element import Element

__all__ = ["has_lazy_state"]

# Fields every element wrapper sets when it is made; the others are set lazily, when the
# element first gets such state (see Element.__slots__).
_MADE_WITH = frozenset(("_doc", "__weakref__", "_event_target_state", "_lx", "_text_run", "_tail_run", "_ns",
                        "_prefix", "_local", "_attr_extra", "_plain_keys"))


@cache
def _lazy_fields(cls: type) -> tuple[str, ...]:
    """The names of *cls*'s lazily set slots, its own classes' included."""
    return tuple(
        name for base in cls.__mro__ for name in vars(base).get("__slots__", ()) if name not in _MADE_WITH
    )


_UNSET = object()


def has_lazy_state(element: Element) -> bool:
    """Whether *element* holds any lazily set field (form control state, a nonce, a shadow
    root, handed-out objects ...): cloning and the like consult its wrapper only then."""
    # getattr with a default answers an unset slot inside C; a Python try/except per field made
    # a deep clone of a warm page spend most of its time raising and catching AttributeError.
    cls: type = type(element)  # a class is hashable (mypy reads Element's __eq__ as making it not)
    for name in _lazy_fields(cls):
        if getattr(element, name, _UNSET) is not _UNSET:
            return True
    return False
