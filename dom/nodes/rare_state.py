"""Which element wrappers hold state beyond their lxml element: every wrapper sets a few
declared fields when it is made, the rest only when the element first gets such state (form
control state, a nonce, a shadow root, handed-out objects ...; see Element.__slots__).

The state any element may get but nearly none has (Attr objects and other handed-out objects,
event listeners,
a shadow root, HTML's nonce and popover state) lives in one :class:`RareState` per element,
made on first need: the element's one ``_rare`` field is None until then, so whether an
element holds such state is one read (a deep clone asks it of every element)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from .identity import ELEMENT_WRAPPER_FIELDS

if TYPE_CHECKING:
    from ..events import EventTargetState
    from .attr import Attr
    from .element import Element
    from .shadow import ShadowRoot

_T = TypeVar("_T")

__all__ = ["RareField", "RareState", "declares_lazy_fields", "has_lazy_state"]


class RareState:
    """The rarely set fields of one element; an unset field is an unset slot."""

    __slots__ = (
        "attr_nodes",  # {lxml key: Attr}: the Attr objects handed out ([SameObject] per attribute)
        "objects",  # other objects handed out for identity, by IDL attribute name (Element._same_object)
        "shadow_root",  # https://dom.spec.whatwg.org/#concept-element-shadow-root (dom/nodes/shadow.py)
        "nonce",  # https://html.spec.whatwg.org/#cryptographicnonce (dom/html/nonce.py)
        "popover_open",  # https://html.spec.whatwg.org/#popover-visibility-state: True when showing
        "event_target_state",  # event listeners and handlers (dom/events.py)
    )
    attr_nodes: dict[str, Attr]
    objects: dict[str, Any]
    shadow_root: ShadowRoot
    nonce: str
    popover_open: bool
    event_target_state: EventTargetState


class RareField(Generic[_T]):
    """An element field kept in its :class:`RareState`: reads like an unset slot (AttributeError)
    until first written."""

    __slots__ = ("name", "member")

    def __init__(self, name: str) -> None:
        self.name = name
        self.member: Any = vars(RareState)[name]  # the holder's slot descriptor

    @overload
    def __get__(self, element: None, owner: type | None = None) -> RareField[_T]: ...
    @overload
    def __get__(self, element: object, owner: type | None = None) -> _T: ...

    def __get__(self, element: Any, owner: type | None = None) -> Any:
        if element is None:
            return self
        rare = element._rare
        if rare is None:
            raise AttributeError(self.name)
        return self.member.__get__(rare)

    def __set__(self, element: Any, value: _T) -> None:
        rare = element._rare
        if rare is None:
            rare = element._rare = RareState()
        self.member.__set__(rare, value)

    def get(self, element: Any) -> _T | None:
        """The field's value on *element*, or None while unset (no exception raised and caught:
        cloning asks it of every element)."""
        rare = element._rare
        if rare is None:
            return None
        value: _T | None = getattr(rare, self.name, None)
        return value

    def __delete__(self, element: Any) -> None:
        rare = element._rare
        if rare is None:
            raise AttributeError(self.name)
        self.member.__delete__(rare)


# Fields every element wrapper sets when it is made, and caches that are not state; the others
# are set lazily, when the element first gets such state (see Element.__slots__).
_MADE_WITH = frozenset(("__weakref__", *ELEMENT_WRAPPER_FIELDS))


@cache
def _lazy_fields(cls: type) -> tuple[str, ...]:
    """The names of *cls*'s own lazily set slots (form control state, a dialog's return value
    ...), its bases' included: empty for most element classes."""
    return tuple(
        name for base in cls.__mro__ for name in vars(base).get("__slots__", ()) if name not in _MADE_WITH
    )


def declares_lazy_fields(cls: type) -> bool:
    """Whether elements of *cls* have lazily set slots of their own class (form control state,
    a dialog's return value ...), beside the RareState every element may get."""
    return bool(_lazy_fields(cls))


_UNSET = object()


def has_lazy_state(element: Element) -> bool:
    """Whether *element* holds any lazily set field (form control state, a nonce, a shadow
    root, handed-out objects ...): cloning and the like consult its wrapper only then."""
    if element._rare is not None:
        return True
    cls: type = type(element)  # a class is hashable (mypy reads Element's __eq__ as making it not)
    # getattr with a default answers an unset slot inside C (a Python try/except per unset
    # field costs an exception raised and caught).
    for name in _lazy_fields(cls):
        if getattr(element, name, _UNSET) is not _UNSET:
            return True
    return False
