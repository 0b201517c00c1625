"""Radio button groups (https://html.spec.whatwg.org/#radio-button-group): setting a radio's
checkedness to true unchecks the rest of its group at once.  The other phenomena that do so
(becoming connected, a name, type or form owner change) are resolved lazily: each radio whose
checkedness became true gets a stamp, and reading the checkedness of a radio makes the group
keep only its most recently stamped checked member (parsed radios share stamp 0: the last in
tree order wins, as if inserted one by one).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from html_infra.infra import HTML_NAMESPACE

from ... import registry
from ...memo import MemoKey
from ...nodes.element import Element
from ...nodes.identity import node_for

if TYPE_CHECKING:
    from ...nodes.document import Document
from .control_state import form_state
from .input_types import input_type_state
from .owner import form_owner

__all__ = [
    "radio_button_group", "checkedness_of", "set_checkedness", "stamp_checked", "resolve_group", "uncheck_others",
]

# The radio buttons of a tree by name (about its root).
RADIOS_BY_NAME = MemoKey("radios by name")

_stamps = itertools.count(1)


def stamp_checked(element: Any) -> None:
    """Record that *element*'s checkedness became true now: the most recently stamped checked
    radio of a group wins when the group is resolved (see the module docstring)."""
    form_state(element).check_stamp = next(_stamps)


def radio_button_group(element: Any) -> list[Any]:
    """https://html.spec.whatwg.org/#radio-button-group -- the radio inputs of *element*'s tree
    with the same non-empty name and the same form owner, in tree order (*element* included)."""
    radios = same_name_radios(element)
    if len(radios) < 2:
        return [element]
    owner = form_owner(element)
    return [other for other in radios if other is element or form_owner(other) is owner]


def same_name_radios(element: Any) -> list[Any]:
    """The radios of *element*'s tree with its (non-empty) name: a superset of its group."""
    entry = name_entry(element)
    return [element] if entry is None else entry[0]


def name_entry(element: Any) -> list[Any] | None:
    """[radios with *element*'s name in its tree, checkedness epoch they were last resolved at],
    or None for a radio without a name (or a non-radio)."""
    name = element._lx.get("name")
    if not name or input_type_state(element) != "radio":
        return None
    root = element._lx
    while True:  # the root of the lxml tree (a document's root, a fragment's container, ...)
        parent = root.getparent()
        if parent is None:
            break
        root = parent
    return radios_by_name(element._doc, root).get(element.getAttribute("name"))


def radios_by_name(document: Document, root: Any) -> dict[str, list[Any]]:
    """The radio inputs under an lxml root by name (each ``[radios in tree order, resolved
    epoch]``), cached per tree until the document next changes, so that reading every radio of
    a page stays linear."""
    return document._memoized(RADIOS_BY_NAME, root, lambda: index_radios(document, root))


def index_radios(document: Any, root: Any) -> dict[str, list[Any]]:
    index: dict[str, list[Any]] = {}
    for lx in root.iter("input", f"{{{HTML_NAMESPACE}}}input"):
        if lx.get("name") is None:
            continue
        other = node_for(lx, document)
        if not isinstance(other, Element) or other._ns != HTML_NAMESPACE or input_type_state(other) != "radio":
            continue
        name = other.getAttribute("name")
        if name is not None:  # (lxml's "name" is the attribute, but for a namespaced one)
            index.setdefault(name, [[], -1])[0].append(other)
    return index


# Bumped whenever a checkedness changes, so that resolved groups know when to look again.
_epoch = [0]


def checkedness_of(element: Any) -> bool:
    """https://html.spec.whatwg.org/#concept-fe-checked -- until set, the checked content
    attribute's presence (the default checkedness)."""
    state = form_state(element).checkedness
    if state is None:
        state = form_state(element).checkedness = element._lx.get("checked") is not None
    return state


def set_checkedness(element: Any, value: bool) -> None:
    form_state(element).checkedness = value
    if value:
        stamp_checked(element)
    _epoch[0] += 1
    registry.style_state_changed(element._doc)  # (:checked and its likes: no tree change)


def checked_group_members(element: Any) -> list[Any]:
    """The checked members of *element*'s radio button group other than *element* (form owners
    are only looked up for checked radios)."""
    checked = [e for e in same_name_radios(element) if e is not element and checkedness_of(e)]
    if not checked:
        return []
    owner = form_owner(element)
    return [e for e in checked if form_owner(e) is owner]


def resolve_group(element: Any) -> None:
    """Keep only the most recently checked radio of each group sharing *element*'s name (all
    groups of that name at once, then remembered until the tree or a checkedness changes)."""
    entry = name_entry(element)
    if entry is None or entry[1] == _epoch[0]:
        return
    radios = entry[0]
    checked = [e for e in radios if checkedness_of(e)]
    if len(checked) > 1:
        by_owner: dict[int, list[Any]] = {}
        for e in checked:
            by_owner.setdefault(id(form_owner(e)), []).append(e)
        for members in by_owner.values():
            if len(members) > 1:
                # the most recently checked wins; among radios untouched since parsing
                # (stamp 0) the last in tree order
                keep = max(enumerate(members), key=lambda p: (form_state(p[1]).check_stamp, p[0]))[1]
                for other in members:
                    if other is not keep:
                        form_state(other).checkedness = False
    entry[1] = _epoch[0]


def uncheck_others(element: Any) -> None:
    for other in checked_group_members(element):
        form_state(other).checkedness = False
    _epoch[0] += 1
    registry.style_state_changed(element._doc)
