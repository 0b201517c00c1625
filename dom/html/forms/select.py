"""The select, option and optgroup elements' form behaviour and HTMLOptionsCollection.

- https://html.spec.whatwg.org/#the-select-element
- https://html.spec.whatwg.org/#the-option-element
- https://html.spec.whatwg.org/#the-htmloptionscollection-interface

State.  An option's *selectedness* and *dirtiness* live in its FormControlState (control_state.py)
(``selectedness``, ``dirtiness``; wrappers persist, see dom/README.md "identity").  An option
that was never observed has the selectedness its ``selected`` attribute gives it ("when the
element is created, its selectedness must be set to true if the element has a selected
attribute"), so parsing costs nothing.

Laziness.  The spec runs the selectedness setting algorithm from the option insertion, removing
and moving steps.  Here a select remembers its list of options and the document's mutation
counter (``synced_version``); whenever any of its state is read or written, :func:`sync` looks
at the counter and, if the list of options changed since the last look, first applies "whenever
an option element with its selectedness set to true is added to the select element's list of
options, ... set the selectedness of all the other option elements ... to false" to the options
that arrived (the one inserted last wins: options, and option children of optgroups, are stamped
by their insertion hook; options that arrived otherwise, e.g. inside a div, count as earlier and
are ordered by tree order), then runs the selectedness setting algorithm.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, cast

from html_infra.infra import HTML_NAMESPACE
from html_infra.microsyntaxes import parse_non_negative_integer
from webidl import HierarchyRequestError, NotFoundError, to_boolean, to_dom_string
from webidl.operations import attributes, operations

from ... import registry
from ...collections import HTMLCollection
from ...memo import MemoKey
from ...nodes.element import Element
from ...nodes.identity import node_for
from .control_state import form_state

if TYPE_CHECKING:
    from ...nodes.node import Node
    from ..form_elements import HTMLOptGroupElement, HTMLOptionElement
    from ..html_element import HTMLElement
    from ..html_element import HTMLElement as _ElementBase  # what the mixins below are put before
else:
    _ElementBase = object

__all__ = [
    "Option",
    "HTMLOptionsCollection",
    "SelectMixin",
    "OptionMixin",
    "OptGroupMixin",
    "list_of_options",
    "nearest_ancestor_select",
    "option_moving_steps",
    "selectedness",
    "set_selectedness",
    "sync",
]

# https://html.spec.whatwg.org/#concept-select-option-list
LIST_OF_OPTIONS = MemoKey("list of options")

# Elements whose descendants are not searched for options
# (https://html.spec.whatwg.org/#concept-select-option-list step 3.2).
_OPAQUE = frozenset(("select", "hr", "option", "datalist"))
# The largest length the options collection's length setter grows to.
_MAX_LENGTH_GROWTH = 100_000


def _html_local(node: Any) -> str | None:
    """The local name of an HTML-namespace element, else None."""
    return node._local if getattr(node, "_ns", None) == HTML_NAMESPACE else None


# -- list of options ----------------------------------------------------------------------------


def _compute_list_of_options(select: Element) -> list[HTMLOptionElement]:
    """https://html.spec.whatwg.org/#concept-select-option-list -- a pre-order walk of the
    select's descendants that does not enter select, hr, option and datalist elements, nor an
    optgroup nested in another optgroup below the select."""
    document = select._doc
    nodes = document._nodes
    options: list[Node] = []
    # (lxml element, inside an optgroup?) pairs, last is next: an explicit stack, no recursion.
    stack: list[tuple[Any, bool]] = [(lx, False) for lx in reversed(select._lx.getchildren())]
    while stack:
        lx, in_optgroup = stack.pop()
        if not isinstance(lx.tag, str):  # comments and processing instructions
            continue
        node = nodes.get(lx)
        if node is None:
            node = node_for(lx, document)
        local = _html_local(node)
        if local == "option":
            options.append(node)
        if local in _OPAQUE or (local == "optgroup" and in_optgroup):
            continue
        inner = in_optgroup or local == "optgroup"
        stack.extend((child, inner) for child in reversed(lx.getchildren()))
    return cast("list[HTMLOptionElement]", options)  # HTML option elements, by their local name


def list_of_options(select: Element) -> list[HTMLOptionElement]:
    """The select's list of options, cached with the document's mutation counter."""
    return select._doc._memoized(LIST_OF_OPTIONS, select, lambda: _compute_list_of_options(select))


def nearest_ancestor_select(element: Element) -> Element | None:
    """https://html.spec.whatwg.org/#option-element-nearest-ancestor-select"""
    ancestor_optgroup = None
    document = element._doc
    for lx in element._lx.iterancestors():
        ancestor = node_for(lx, document)
        local = _html_local(ancestor)
        if local in ("datalist", "hr", "option"):
            return None
        if local == "optgroup":
            if ancestor_optgroup is not None:
                return None
            ancestor_optgroup = ancestor
        if local == "select":
            assert isinstance(ancestor, Element)  # (an HTML select)
            return ancestor
    return None


# -- option state -------------------------------------------------------------------------------


def selectedness(option: Element) -> bool:
    """https://html.spec.whatwg.org/#concept-option-selectedness (raw: without syncing the
    option's select)."""
    state = form_state(option).selectedness
    if state is None:
        state = form_state(option).selectedness = option._lx.get("selected") is not None
    return state


def set_selectedness(option: Element, value: bool) -> None:
    form_state(option).selectedness = value
    registry.style_state_changed(option._doc)  # (:checked and its likes: no tree change)


def _dirtiness(option: Element) -> bool:
    """https://html.spec.whatwg.org/#concept-option-dirtiness"""
    return form_state(option).dirtiness


def is_option_disabled(option: Element) -> bool:
    """https://html.spec.whatwg.org/#concept-option-disabled"""
    if option.hasAttribute("disabled"):
        return True
    document = option._doc
    for lx in option._lx.iterancestors():  # reverse tree order: nearest ancestor first
        local = _html_local(node_for(lx, document))
        if local in ("select", "hr", "datalist", "option"):
            return False
        if local == "optgroup":
            return lx.get("disabled") is not None
    return False


# -- select state -------------------------------------------------------------------------------


def display_size(select: Element) -> int:
    """https://html.spec.whatwg.org/#concept-select-size"""
    size = select.getAttribute("size")
    parsed = None if size is None else parse_non_negative_integer(size)
    if parsed is not None:
        return parsed
    return 4 if select.hasAttribute("multiple") else 1


def selectedness_setting_algorithm(select: Element, options: list[HTMLOptionElement]) -> None:
    """https://html.spec.whatwg.org/#selectedness-setting-algorithm"""
    if select.hasAttribute("multiple"):
        return
    selected = [o for o in options if selectedness(o)]
    if not selected:
        if display_size(select) == 1:  # step 1
            for option in options:
                if not is_option_disabled(option):
                    set_selectedness(option, True)
                    break
        return
    for option in selected[:-1]:  # step 2: all but the last lose their selectedness
        set_selectedness(option, False)


def sync(select: Element) -> list[HTMLOptionElement]:
    """Bring the select's selectedness state up to date with the tree (see the module
    docstring) and return its list of options."""
    state = form_state(select)
    version = select._doc._version
    options = list_of_options(select)
    if state.synced_version == version and not state.select_needs_reset:
        return options
    previous = state.synced_options
    changed = previous is None or len(previous) != len(options) or any(a is not b for a, b in zip(previous, options))
    if changed:
        if not select.hasAttribute("multiple"):
            known = {id(o) for o in previous} if previous is not None else set()
            arrived = [(form_state(o).insertion_stamp, i) for i, o in enumerate(options)
                       if id(o) not in known and selectedness(o)]
            if arrived:
                winner = options[max(arrived)[1]]
                for option in options:
                    if option is not winner:
                        set_selectedness(option, False)
    needs_reset, state.select_needs_reset = state.select_needs_reset, False
    if changed or needs_reset:
        selectedness_setting_algorithm(select, options)
    state.synced_options = options
    state.synced_version = version
    return options


_insertion_counter = itertools.count(1)


def _stamp_insertion(option: Any) -> None:
    """Remember when an option was inserted, so that :func:`sync` can order options that
    arrived between two reads as the eager insertion steps would have (latest wins)."""
    form_state(option).insertion_stamp = next(_insertion_counter)


_OPTION_TAGS = ("option", "{" + HTML_NAMESPACE + "}option")  # as HTML and XML documents store it


def option_moving_steps(moved: Any) -> None:
    """The option HTML element moving steps (https://html.spec.whatwg.org/#dom-trees:concept-node-move-ext),
    for the options among a moved node's inclusive descendants: "update an option's nearest
    ancestor select", which here (selectedness is brought up to date lazily, by :func:`sync`) is
    what the insertion steps do: the option counts as arriving now in the select it is in.
    (An option in a shadow tree of a moved host keeps its nearest ancestor select.)"""
    lx = getattr(moved, "_lx", None)
    if lx is None or not isinstance(lx.tag, str):  # Text, comments and PIs hold no option
        return
    document = moved._doc
    for found in lx.iter(*_OPTION_TAGS):
        option = node_for(found, document)
        if _html_local(option) == "option":
            _stamp_insertion(option)


registry.moving_steps = option_moving_steps


def _needs_reset(select: Element) -> None:
    """Make the next :func:`sync` run the selectedness setting algorithm.

    The spec snapshot runs it only from the option insertion/removal steps and when an option
    asks for a reset; implementations and WPT (html/semantics/forms/the-select-element/
    select-attribute-change-reset.html, option-selectedness-script-mutation.html) also run it
    when a select's ``size`` or ``multiple``, an option's or optgroup's ``disabled`` or an
    option's ``selected`` attribute changes, so that a single-line select never shows nothing
    while it has an enabled option.  Those attribute changes were made first (they are
    synchronous and bump the mutation counter), so the pending state is flushed here, before
    the flag is set."""
    sync(select)
    form_state(select).select_needs_reset = True


def _select_of(option: Element) -> Element | None:
    """The select whose list of options holds *option*, if any."""
    select = nearest_ancestor_select(option)
    if select is None:
        return None
    options = list_of_options(select)
    return select if any(o is option for o in options) else None


def _option_selectedness_set_to_true(select: Element, option: Element, options: list[HTMLOptionElement]) -> None:
    """"If the multiple attribute is absent, whenever an option element in the select element's
    list of options has its selectedness set to true, ... set the selectedness of all the other
    option elements in its list of options to false." """
    if not select.hasAttribute("multiple"):
        for other in options:
            if other is not option:
                set_selectedness(other, False)


def selected_index(select: Element) -> int:
    """https://html.spec.whatwg.org/#select-selected-index"""
    for i, option in enumerate(sync(select)):
        if selectedness(option):
            return i
    return -1


def set_selected_index(select: Element, value: int) -> None:
    """https://html.spec.whatwg.org/#set-the-selected-index"""
    first_matching = None
    for i, option in enumerate(sync(select)):
        set_selectedness(option, False)
        if first_matching is None and i == value:
            first_matching = option
    if first_matching is not None:
        set_selectedness(first_matching, True)
        form_state(first_matching).dirtiness = True
    # "update a select's selectedcontent": selectedcontent cloning is not implemented.


def reset_select(select: Element) -> None:
    """https://html.spec.whatwg.org/#the-select-element: the reset algorithm (user validity is
    not tracked: there is no user)."""
    options = sync(select)
    for option in options:
        set_selectedness(option, option.hasAttribute("selected"))
        form_state(option).dirtiness = False
    selectedness_setting_algorithm(select, options)


# -- HTMLOptionsCollection ----------------------------------------------------------------------


def _is_element_of(node: Any, local: str) -> bool:
    return _html_local(node) == local


@operations("HTMLOptionsCollection", "remove", "add")
@attributes("HTMLOptionsCollection", "length", "selectedIndex")
class HTMLOptionsCollection(HTMLCollection["HTMLOptionElement"]):
    """https://html.spec.whatwg.org/#htmloptionscollection -- rooted at a select, its filter
    matches the select's list of options."""

    __slots__ = ()
    _root: Element  # the select

    def __init__(self, select: Element) -> None:
        super().__init__(select, lambda e: True)

    def _elements(self) -> list[HTMLOptionElement]:
        return list_of_options(self._root)

    @property
    def length(self) -> int:
        """https://html.spec.whatwg.org/#dom-htmloptionscollection-length"""
        return len(self._elements())

    @length.setter
    def length(self, value: int) -> None:
        current = len(self._elements())
        if value > current:
            if value > _MAX_LENGTH_GROWTH:
                return
            _append_new_option_elements(self._root, value - current)
        elif value < current:
            for option in self._elements()[value:]:
                option.remove()

    def __setitem__(self, index: Any, option: Any) -> None:
        """Setting an indexed property: ``collection[i] = option`` or ``= None``."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"HTMLOptionsCollection indices must be integers, not {type(index).__name__}")
        if index < 0:  # a negative number is no array index: JS would make it an own property
            raise IndexError(f"index {index} out of range for HTMLOptionsCollection")
        self._set_indexed(index, option)

    def _set_indexed(self, index: int, value: Any) -> None:
        """https://html.spec.whatwg.org/#the-htmloptionscollection-interface (set the value of
        a new or existing indexed property)."""
        if value is None:
            self._remove_an_option(index)
            return
        if not _is_element_of(value, "option"):
            raise TypeError("the value must be an HTMLOptionElement or None")
        select = self._root
        length = len(self._elements())
        delta = index - length
        if delta > 0:
            _append_new_option_elements(select, delta)
        if delta >= 0:
            select.appendChild(value)
        else:
            old = self._elements()[index]
            parent = old.parentNode
            assert parent is not None  # (an option of the select)
            parent.replaceChild(value, old)

    def add(self, element: HTMLOptionElement | HTMLOptGroupElement, before: HTMLElement | int | None = None) -> None:
        """https://html.spec.whatwg.org/#dom-htmloptionscollection-add"""
        select = self._root
        # step 1: element is an ancestor of the select
        node = select.parentNode
        while node is not None:
            if node is element:
                raise HierarchyRequestError("the element to add is an ancestor of the select")
            node = node.parentNode
        if before is not None and not isinstance(before, int) and not select.contains(before) or before is select:
            raise NotFoundError("before is not a descendant of the select")
        if element is before:
            return
        reference: HTMLElement | None = None
        if isinstance(before, int):
            options = self._elements()
            if 0 <= before < len(options):
                reference = options[before]
        elif before is not None:
            reference = before
        parent = reference.parentNode if reference is not None else select
        assert parent is not None  # (reference is a descendant of the select)
        parent.insertBefore(element, reference)

    def remove(self, index: int) -> None:
        """https://html.spec.whatwg.org/#dom-htmloptionscollection-remove"""
        self._remove_an_option(index)

    def _remove_an_option(self, index: int) -> None:
        """https://html.spec.whatwg.org/#htmloptionscollection-remove-an-option"""
        options = self._elements()
        if not options or not 0 <= index < len(options):
            return
        options[index].remove()

    @property
    def selectedIndex(self) -> int:
        """https://html.spec.whatwg.org/#dom-htmloptionscollection-selectedindex"""
        return selected_index(self._root)

    @selectedIndex.setter
    def selectedIndex(self, value: int) -> None:
        set_selected_index(self._root, value)

    def __repr__(self) -> str:
        return f"<HTMLOptionsCollection {self._elements()!r}>"


def _append_new_option_elements(select: Element, count: int) -> None:
    """https://html.spec.whatwg.org/#append-new-option-elements"""
    document = select._doc
    fragment = document.createDocumentFragment()
    for _ in range(count):
        fragment.appendChild(document.createElementNS(HTML_NAMESPACE, "option"))
    select.appendChild(fragment)


class _SelectedOptions(HTMLCollection["HTMLOptionElement"]):
    """``select.selectedOptions``: the options of the list whose selectedness is true.
    Selectedness changes without a tree mutation, so nothing is cached here."""

    __slots__ = ()
    _root: Element  # the select

    def __init__(self, select: Element) -> None:
        super().__init__(select, lambda e: True)

    def _elements(self) -> list[HTMLOptionElement]:
        return [o for o in sync(self._root) if selectedness(o)]


# -- the element mixins -------------------------------------------------------------------------


@operations("HTMLSelectElement", "item", "namedItem", "add", "remove")
@attributes("HTMLSelectElement", "length", "selectedIndex", "value")
class SelectMixin(_ElementBase):
    """The form members of HTMLSelectElement (https://html.spec.whatwg.org/#htmlselectelement)."""

    __slots__ = ()

    @property
    def options(self) -> HTMLOptionsCollection:
        """https://html.spec.whatwg.org/#dom-select-options ([SameObject])"""
        found = self._same_object("options", lambda: HTMLOptionsCollection(self))
        return found

    @property
    def selectedOptions(self) -> HTMLCollection[HTMLOptionElement]:
        """https://html.spec.whatwg.org/#dom-select-selectedoptions ([SameObject])"""
        found = self._same_object("selectedOptions", lambda: _SelectedOptions(self))
        return found

    @property
    def length(self) -> int:
        """https://html.spec.whatwg.org/#dom-select-length"""
        return len(list_of_options(self))

    @length.setter
    def length(self, value: int) -> None:
        self.options.length = value

    def item(self, index: int) -> Element | None:
        """https://html.spec.whatwg.org/#dom-select-item"""
        return self.options.item(index)

    def namedItem(self, name: str) -> Element | None:
        """https://html.spec.whatwg.org/#dom-select-nameditem"""
        return self.options.namedItem(name)

    def add(self, element: HTMLOptionElement | HTMLOptGroupElement, before: HTMLElement | int | None = None) -> None:
        """https://html.spec.whatwg.org/#dom-select-add"""
        self.options.add(element, before)

    def remove(self, *index: int) -> None:
        """https://html.spec.whatwg.org/#dom-select-remove -- with no argument this is
        ChildNode's ``remove()`` (the select leaves its parent), with one the options
        collection's ``remove(index)``."""
        if not index:
            super().remove()
            return
        if len(index) > 1:
            raise TypeError("remove() takes at most one argument")
        self.options.remove(index[0])

    # Python protocols: the select mirrors its options collection.
    def __getitem__(self, index: Any) -> Any:
        return self.options[index]

    def __setitem__(self, index: Any, option: Any) -> None:
        self.options[index] = option

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Any:
        return iter(self.options)

    def __bool__(self) -> bool:  # an element is always truthy, even with no options
        return True

    @property
    def selectedIndex(self) -> int:
        """https://html.spec.whatwg.org/#dom-select-selectedindex"""
        return selected_index(self)

    @selectedIndex.setter
    def selectedIndex(self, value: int) -> None:
        set_selected_index(self, value)

    @property
    def value(self) -> str:
        """https://html.spec.whatwg.org/#dom-select-value"""
        for option in sync(self):
            if selectedness(option):
                return option.value
        return ""

    @value.setter
    def value(self, value: str) -> None:
        first_matching = None
        for option in sync(self):
            set_selectedness(option, False)
            if first_matching is None and option.value == value:
                first_matching = option
        if first_matching is not None:
            set_selectedness(first_matching, True)
            form_state(first_matching).dirtiness = True

    def _reset(self) -> None:
        """https://html.spec.whatwg.org/#the-select-element (the reset algorithm)"""
        reset_select(self)

    def _attribute_changed(self, local_name: str, old: str | None, value: str | None, namespace: str | None) -> None:
        super()._attribute_changed(local_name, old, value, namespace)
        if namespace is None and local_name in ("size", "multiple"):
            _needs_reset(self)


class OptGroupMixin(_ElementBase):
    """An optgroup's ``disabled`` attribute changes whether its options are disabled, so the
    select runs its selectedness setting algorithm (see :func:`_needs_reset`)."""

    __slots__ = ()

    def _inserted(self) -> None:
        super()._inserted()
        for child in self.children:
            if _html_local(child) == "option":
                _stamp_insertion(child)

    def _attribute_changed(self, local_name: str, old: str | None, value: str | None, namespace: str | None) -> None:
        super()._attribute_changed(local_name, old, value, namespace)
        if namespace is None and local_name == "disabled":
            select = nearest_ancestor_select(self)
            if select is not None:
                _needs_reset(select)


@attributes("HTMLOptionElement", "selected")
class OptionMixin(_ElementBase):
    """The selectedness members of HTMLOptionElement (https://html.spec.whatwg.org/#htmloptionelement)."""

    __slots__ = ()

    @property
    def selected(self) -> bool:
        """https://html.spec.whatwg.org/#dom-option-selected"""
        select = _select_of(self)
        if select is not None:
            sync(select)
        return selectedness(self)

    @selected.setter
    def selected(self, value: bool) -> None:
        select = _select_of(self)
        options = sync(select) if select is not None else []
        set_selectedness(self, value)
        form_state(self).dirtiness = True
        if select is not None:
            if value:
                _option_selectedness_set_to_true(select, self, options)
            # "ask for a reset" (https://html.spec.whatwg.org/#ask-for-a-reset)
            selectedness_setting_algorithm(select, options)

    @property
    def index(self) -> int:
        """https://html.spec.whatwg.org/#dom-option-index"""
        select = nearest_ancestor_select(self)
        if select is None:
            return 0
        for i, option in enumerate(list_of_options(select)):
            if option is self:
                return i
        return 0

    def _inserted(self) -> None:
        super()._inserted()
        _stamp_insertion(self)

    def _attribute_changed(self, local_name: str, old: str | None, value: str | None, namespace: str | None) -> None:
        super()._attribute_changed(local_name, old, value, namespace)
        # https://html.spec.whatwg.org/#concept-option-selectedness: adding or removing the
        # selected attribute sets the selectedness of an option that is not dirty.
        if namespace is not None:
            return
        if local_name == "disabled":
            select = _select_of(self)
            if select is not None:
                _needs_reset(select)
            return
        if local_name != "selected" or (old is None) == (value is None):
            return
        state = form_state(self)
        if state.selectedness is None:  # never observed: it had its creation-time selectedness
            state.selectedness = old is not None
        if state.dirtiness:
            return
        select = _select_of(self)
        options = sync(select) if select is not None else []
        state.selectedness = value is not None
        if select is not None:
            if value is not None:
                _option_selectedness_set_to_true(select, self, options)
            selectedness_setting_algorithm(select, options)  # see _needs_reset


def Option(  # noqa: N802 -- the IDL name of the legacy factory function
    document: Any, text: Any = "", value: Any = None, defaultSelected: Any = False, selected: Any = False  # noqa: N803
) -> Element:
    """https://html.spec.whatwg.org/#dom-option -- the legacy factory function ``new Option()``.
    There is no current global object here, so the document is the first argument."""
    text = to_dom_string(text)
    option = document.createElementNS(HTML_NAMESPACE, "option")
    if text != "":
        option.appendChild(document.createTextNode(text))
    if value is not None:
        option.setAttribute("value", to_dom_string(value))
    if to_boolean(defaultSelected):
        option.setAttribute("selected", "")
    set_selectedness(option, to_boolean(selected))
    result: Element = option
    return result
