"""``form.elements`` and the form element's indexed and named properties.

- https://html.spec.whatwg.org/#the-htmlformcontrolscollection-interface (HTMLFormControlsCollection,
  RadioNodeList)
- https://html.spec.whatwg.org/#the-form-element (elements, length, the indexed and named getters,
  the past names map)

Python protocols: ``form[0]``, ``form["name"]`` (KeyError when the name is not supported),
``len(form)``, ``for control in form``, ``"name" in form``.  The form's named properties do not
shadow its attributes ([LegacyOverrideBuiltIns] is a JS binding behaviour): ``form.method`` stays
the IDL attribute; ``form["method"]`` is the control.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeGuard, cast

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase
from webidl import to_dom_string
from webidl.operations import attributes, operations

from ...collections import HTMLCollection, NodeList
from ...memo import MemoKey
from ...nodes.element import topmost_lx
from ...nodes.identity import node_for
from .all_collection import is_array_index
from .owner import LISTED, attribute, form_owner

if TYPE_CHECKING:
    from ...nodes.document import Document
    from ...nodes.element import Element
    from ...nodes.node import Node
    from ..form_elements import HTMLInputElement
    from ..html_element import HTMLElement as _ElementBase  # what the mixins below are put before
else:
    _ElementBase = object

__all__ = [
    "HTMLFormControlsCollection",
    "RadioNodeList",
    "FormControlsMixin",
    "FieldSetElementsMixin",
    "form_associated_elements",
    "listed_elements",
]

# The forms' associated elements (about a tree's root), a form's listed elements, a RadioNodeList's members.
FORM_ASSOCIATIONS = MemoKey("form associations")
LISTED_ELEMENTS = MemoKey("listed elements")
RADIO_NODE_LIST = MemoKey("radio node list")

# The ages of past names map entries (https://html.spec.whatwg.org/#past-names-map).
_ages = itertools.count()


def _is_image_button(element: Element) -> bool:
    return element._name.local == "input" and ascii_lowercase(attribute(element, "type") or "") == "image"


def _associations(root_lx: Any, document: Document) -> dict[int, list[Element]]:
    """The form-associated elements (listed elements and img) of the tree of *root_lx* grouped
    by form owner (``id(form)`` -> elements in tree order), computed in one pass over the tree
    and cached until the document next changes, so every form of a page shares the walk."""
    return document._memoized(FORM_ASSOCIATIONS, root_lx, lambda: _compute_associations(root_lx, document))


def _compute_associations(root_lx: Any, document: Any) -> dict[int, list[Element]]:
    locals_ = (*LISTED, "img")
    tags = locals_ if document._is_html else tuple("{" + HTML_NAMESPACE + "}" + n for n in locals_)
    found: dict[int, list[Node]] = {}
    for lx in root_lx.iter(*tags):
        element = node_for(lx, document)
        owner = form_owner(element)
        if owner is not None:
            found.setdefault(id(owner), []).append(element)
    return cast("dict[int, list[Element]]", found)  # the wrappers of lxml elements


def form_associated_elements(form: Element) -> list[Element]:
    """The form-associated elements (listed elements and img) whose form owner is *form*, in
    tree order (those of the form's tree: the collections are rooted at the form's root)."""
    return _associations(topmost_lx(form._doc, form._lx), form._doc).get(id(form), [])


def listed_elements(form: Element) -> list[Element]:
    """https://html.spec.whatwg.org/#dom-form-elements -- listed elements whose form owner is
    *form*, except image buttons, in tree order."""
    return form._doc._memoized(LISTED_ELEMENTS, form, lambda: [
        e for e in form_associated_elements(form) if e._name.local != "img" and not _is_image_button(e)
    ])


def _has_id_or_name(element: Element, name: str) -> bool:
    return attribute(element, "id") == name or attribute(element, "name") == name


def _names_of(elements: list[Element]) -> Iterator[str]:
    """Non-empty id then name of each element, in order (duplicates left to the caller)."""
    for element in elements:
        element_id = attribute(element, "id")
        if element_id:
            yield element_id
        name = attribute(element, "name")
        if name:
            yield name


def _past_names_map(form: Any) -> dict[str, tuple[Element, int]]:
    """The form's past names map (https://html.spec.whatwg.org/#past-names-map), HTMLFormElement's
    declared ``_past_names_map`` field, made on first use."""
    try:
        value: dict[str, tuple[Element, int]] = form._past_names_map
        return value
    except AttributeError:
        past: dict[str, tuple[Element, int]] = {}
        form._past_names_map = past
        return past

@attributes("RadioNodeList", "value")
class RadioNodeList(NodeList["Element"]):
    """https://html.spec.whatwg.org/#radionodelist -- a live NodeList of the elements that
    *source* returns (recomputed when the document changes)."""

    __slots__ = ("_source", "_document")

    def __init__(self, document: Document, source: Callable[[], list[Element]]) -> None:
        self._document = document
        self._source = source

    def _nodes(self) -> list[Element]:
        return self._document._memoized(RADIO_NODE_LIST, self, self._source)

    @property
    def value(self) -> str:
        """https://html.spec.whatwg.org/#dom-radionodelist-value"""
        for element in self._nodes():
            if _is_radio(element) and element.checked:
                value = element.getAttribute("value")
                return "on" if value is None else value
        return ""

    @value.setter
    def value(self, value: str) -> None:
        for element in self._nodes():
            if not _is_radio(element):
                continue
            attribute = element.getAttribute("value")
            if attribute == value or (value == "on" and attribute is None):
                element.checked = True
                return


def _is_radio(element: Element) -> TypeGuard[HTMLInputElement]:
    return (
        element._name.namespace == HTML_NAMESPACE
        and element._name.local == "input"
        and ascii_lowercase(element.getAttribute("type") or "") == "radio"
    )


@operations("HTMLFormControlsCollection", "namedItem")
class HTMLFormControlsCollection(HTMLCollection[Any]):
    """https://html.spec.whatwg.org/#htmlformcontrolscollection -- ``form.elements``.  Its
    ``namedItem()`` may give a RadioNodeList, which HTMLCollection's one item type cannot say
    (lib.dom.d.ts makes it an HTMLCollectionBase for this): the item type is Any but where
    declared below."""

    __slots__ = ()
    _root: Element  # the form

    if TYPE_CHECKING:
        def item(self, index: Any) -> Element | None: ...
        def __iter__(self) -> Iterator[Element]: ...

    def __init__(self, form: Element) -> None:
        super().__init__(form, lambda e: True)

    def _elements(self) -> list[Element]:
        return listed_elements(self._root)

    def namedItem(self, name: str) -> RadioNodeList | Element | None:
        """https://html.spec.whatwg.org/#dom-htmlformcontrolscollection-nameditem"""
        if name == "":
            return None
        matches = [e for e in self._elements() if _has_id_or_name(e, name)]
        if not matches:
            return None
        if len(matches) == 1:
            return matches[0]
        return RadioNodeList(self._root._doc, lambda: [e for e in self._elements() if _has_id_or_name(e, name)])

    def _supported_property_names(self) -> list[str]:
        """Non-empty ids and names in tree order, id first, without duplicates."""
        return list(dict.fromkeys(_names_of(self._elements())))

    def __contains__(self, value: object) -> bool:
        if isinstance(value, str):
            return value in self._supported_property_names()
        return any(value is e for e in self._elements())

    def __repr__(self) -> str:
        return f"<HTMLFormControlsCollection {self._elements()!r}>"


class FormControlsMixin(_ElementBase):
    """HTMLFormElement's ``elements``, ``length`` and its indexed and named getters."""

    __slots__ = ()

    @property
    def elements(self) -> HTMLFormControlsCollection:
        """https://html.spec.whatwg.org/#dom-form-elements ([SameObject])"""
        return self._same_object("elements", lambda: HTMLFormControlsCollection(self))

    @property
    def length(self) -> int:
        """https://html.spec.whatwg.org/#dom-form-length"""
        return len(listed_elements(self))

    def _past_names(self) -> dict[str, tuple[Element, int]]:
        """The past names map, without the entries whose element changed form owner ("its
        entries must be removed from that map"; checked lazily, on each use)."""
        past = _past_names_map(self)
        for name in [n for n, (e, _) in past.items() if form_owner(e) is not self]:
            del past[name]
        return past

    def _named_property(self, name: str) -> Element | RadioNodeList | None:
        """https://html.spec.whatwg.org/#the-form-element: the value of a named property."""
        form: Any = self

        def listed_candidates() -> list[Element]:
            return [
                e
                for e in form_associated_elements(form)
                if e._name.local != "img" and not _is_image_button(e) and _has_id_or_name(e, name)
            ]

        def img_candidates() -> list[Element]:
            return [e for e in form_associated_elements(form) if e._name.local == "img" and _has_id_or_name(e, name)]

        source = listed_candidates
        candidates = source()
        if not candidates:
            source = img_candidates
            candidates = source()
        if not candidates:
            entry = self._past_names().get(name)
            return None if entry is None else entry[0]
        if len(candidates) > 1:
            # the same live list each time, as browsers give (form.d === form.d)
            kind = "listed" if source is listed_candidates else "img"
            return self._same_object(f"radio:{kind}:{name}", lambda: RadioNodeList(form._doc, source))
        self._past_names()[name] = (candidates[0], next(_ages))
        return candidates[0]

    def _supported_property_names(self) -> list[str]:
        """https://html.spec.whatwg.org/#the-form-element: supported property names."""
        associated = form_associated_elements(self)
        position = {id(e): i for i, e in enumerate(associated)}
        sourced: list[tuple[int, int, int, str]] = []  # (tree position, source, age, name)
        for element in associated:
            if element._name.local != "img" and _is_image_button(element):
                continue
            # listed elements are added before img elements, but sorting by tree order
            # interleaves them anyway
            for source, name_attribute in ((0, "id"), (1, "name")):
                value = attribute(element, name_attribute)
                if value is not None:
                    sourced.append((position[id(element)], source, 0, value))
        for name, (element, age) in self._past_names().items():
            # an element in the map has this form as owner, so it is in the associated list
            sourced.append((position.get(id(element), len(associated)), 2, age, name))
        sourced.sort(key=lambda entry: entry[:3])
        return list(dict.fromkeys(name for _, _, _, name in sourced if name))

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, int) and not isinstance(key, bool):
            return self.elements[key]
        if isinstance(key, slice):
            return self.elements[key]
        # Only supported property names reach the named getter: non-empty ones, each matched
        # by an element or the past names map.
        name = to_dom_string(key)
        if is_array_index(name):  # "0" is an index in JS too; named properties are ignored
            element = self.elements.item(int(name))
            if element is None:
                raise IndexError(name)
            return element
        result = self._named_property(name) if name else None
        if result is None:
            raise KeyError(name)
        return result

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Iterator[Element]:
        return iter(self.elements)

    def __contains__(self, value: object) -> bool:
        if isinstance(value, str):
            return value in self._supported_property_names()
        return any(value is e for e in listed_elements(self))

    def __bool__(self) -> bool:  # an element is truthy even with no controls
        return True


class FieldSetElementsMixin(_ElementBase):
    """``fieldset.elements`` (https://html.spec.whatwg.org/#dom-fieldset-elements): the listed
    elements among the fieldset's descendants, live; the same object each time."""

    __slots__ = ()

    @property
    def elements(self) -> HTMLCollection[Element]:
        return self._same_object("elements", lambda: HTMLCollection(
            self,
            lambda e: e._name.namespace == HTML_NAMESPACE and e._name.local in LISTED,
        ))
