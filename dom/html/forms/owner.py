"""Form-associated elements and their form owner.

- https://html.spec.whatwg.org/#form-associated-element (categories)
- https://html.spec.whatwg.org/#association-of-controls-and-forms (form owner, reset the form owner)
- https://html.spec.whatwg.org/#dom-fae-form, #dom-label-form, #dom-legend-form, #dom-option-form

Lazy association.  The spec keeps a form owner per element and *resets* it from the insertion,
removal and moving steps, from changes of the ``form`` attribute and from ID changes.  Each of
those resets computes the owner from the tree as it is now, so the owner is a function of the
current tree, except for two stored bits the reset does not recompute:

1. the parser's association (the *parser inserted flag*): ``<div><form></div><input>`` leaves
   the input outside the form yet associated with it, through the parser's form element
   pointer.  :func:`set_parser_form_owner` records such an association with the element's
   ancestor chain; it holds while the element has no ``form`` attribute and, when the chain
   changed (a removal of the element or an ancestor, maybe re-inserted elsewhere), while the
   form moved with the element (a removal resets the owner only when the two end up in
   different trees; an insertion does not reset a parser-inserted element).  A removal
   re-inserted at the very same place between two looks, or a form moved away after it moved
   with the element, are the cases this misses.  ``parse_html`` records
   the parser's associations (dom/parsing/form_pointer.py replays the pointer);
2. step 2 of "reset the form owner" keeps an owner that is still the nearest ancestor form,
   which is what recomputing gives anyway.

Everything else is computed on demand and cached per element with the document's mutation
counter (``document._version``), like the live collections.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard, cast

from lxml import etree

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase

from ...lxml_mirror import xml_safe
from ...memo import MemoKey
from ...nodes.document import WITH_ID
from ...nodes.element import PLAIN_KEYS, topmost_lx
from ...nodes.identity import node_for
from .control_state import form_state, form_state_if_any
from .select import nearest_ancestor_select

if TYPE_CHECKING:
    from ...nodes.document import Document
    from ...nodes.element import Element
    from ..html_element import HTMLElement as _ElementBase  # what the mixins below are put before
else:
    _ElementBase = object

__all__ = [
    "LISTED",
    "FORM_ASSOCIATED",
    "SUBMITTABLE",
    "RESETTABLE",
    "LABELABLE",
    "form_owner",
    "set_parser_form_owner",
    "attribute",
    "is_html",
    "is_listed",
    "is_submit_button",
    "is_disabled",
    "first_element_with_id",
    "labeled_control",
    "FormAssociatedMixin",
    "LabelFormMixin",
    "LegendFormMixin",
    "OptionFormMixin",
]

# A tree's first element of each id (about its root), and a form-associated element's form owner.
FIRST_ELEMENT_BY_ID = MemoKey("first element by id")
FORM_OWNER = MemoKey("form owner")
# Whether a tree (about its root's lxml element) has a fieldset with a disabled attribute
DISABLED_FIELDSETS = MemoKey("a disabled fieldset in the tree")

# node_for, typed for the lxml elements below a tree's root (a fragment's container is only ever
# a root): their wrappers are Elements.  The same function, cast once here.
_element_for = cast("Callable[[Any, Document], Element]", node_for)

# https://html.spec.whatwg.org/#category-listed (form-associated custom elements do not exist here)
LISTED = frozenset(("button", "fieldset", "input", "object", "output", "select", "textarea"))
# https://html.spec.whatwg.org/#form-associated-element
FORM_ASSOCIATED = LISTED | {"img"}
# https://html.spec.whatwg.org/#category-submit
SUBMITTABLE = frozenset(("button", "input", "select", "textarea"))
# https://html.spec.whatwg.org/#category-reset
RESETTABLE = frozenset(("input", "output", "select", "textarea"))
# https://html.spec.whatwg.org/#category-label (input only when not in the Hidden state)
LABELABLE = frozenset(("button", "input", "meter", "output", "progress", "select", "textarea"))


def attribute(element: Any, name: str) -> str | None:
    """``element.getAttribute(name)`` for a lowercase null-namespace *name*, straight from lxml
    unless the element keeps true values or prefixes beside it (dom/README.md)."""
    extra = element._attr_extra
    if extra is None or extra is PLAIN_KEYS:
        result: str | None = element._lx.get(name)
        return result
    result = element.getAttribute(name)
    return result


def is_html(node: Any, *local_names: str) -> TypeGuard[Element]:
    """Whether *node* is an HTML-namespace element with one of *local_names*."""
    return getattr(node, "_ns", None) == HTML_NAMESPACE and node._name.local in local_names


def is_listed(element: Any) -> bool:
    return getattr(element, "_ns", None) == HTML_NAMESPACE and element._name.local in LISTED


def _type_state(element: Any) -> str:
    """The element's ``type`` IDL attribute: an input's type state keyword (lowercased attribute;
    unknown values are Text), a button's type."""
    result: str = element.type
    return result


# https://html.spec.whatwg.org/#attr-button-type: keyword -> state; missing and invalid: Auto.
_BUTTON_TYPES = frozenset(("submit", "reset", "button"))


def button_type_state(button: Any) -> str:
    """The state of a button element's ``type`` attribute: "submit", "reset", "button", or
    "auto" (its missing value default and invalid value default)."""
    value = button.getAttribute("type")
    if value is None:
        return "auto"
    keyword = ascii_lowercase(value)
    return keyword if keyword in _BUTTON_TYPES else "auto"


def is_submit_button(element: Any) -> bool:
    """https://html.spec.whatwg.org/#concept-submit-button: an input in the Submit Button or
    Image Button state; a button in the Submit Button state, or in the Auto state with neither a
    command nor a commandfor attribute and a parent that is not a select element."""
    if is_html(element, "button"):
        state = button_type_state(element)
        if state == "auto":
            parent = element.parentNode
            return (
                not element.hasAttribute("command")
                and not element.hasAttribute("commandfor")
                and not (parent is not None and is_html(parent, "select"))
            )
        return state == "submit"
    return is_html(element, "input") and _type_state(element) in ("submit", "image")


def _html_tag(document: Any, local: str) -> str:
    return local if document._is_html else "{" + HTML_NAMESPACE + "}" + local


def _is_connected(element: Any) -> bool:
    """https://dom.spec.whatwg.org/#connected: in the document tree (checked on the lxml tree
    first), or in a shadow tree whose host is connected."""
    document_element = element._doc.documentElement
    if document_element is not None and topmost_lx(element._doc, element._lx) is document_element._lx:
        return True
    connected: bool = element.isConnected
    return connected


HAVING_ID = etree.XPath("descendant-or-self::*[@id]")


def _first_by_id(root_lx: Any) -> dict[str, Any]:
    index: dict[str, Any] = {}
    for lx in HAVING_ID(root_lx):  # in C: no lxml proxy per element
        element_id = lx.get("id")
        if element_id not in index:
            index[element_id] = lx
    return index


def first_element_with_id(root_lx: Any, document: Any, value: str) -> Element | None:
    """The first element in tree order, in the tree of *root_lx* (included), whose ID is *value*."""
    if value == "":
        return None
    stored = xml_safe(value)  # lxml holds attribute values with XML-illegal characters replaced
    if stored == value:
        # The first element per ID, one walk per tree and document version: many controls
        # with form attributes then cost one lookup each.
        index = document._memoized(FIRST_ELEMENT_BY_ID, root_lx, lambda: _first_by_id(root_lx))
        found = index.get(value)
        if found is None:
            return None
        element = _element_for(found, document)
        if element.getAttribute("id") == value:
            return element
        # an escaped value that merely looks the same in lxml: the slow path decides
    for lx in WITH_ID(root_lx, id=stored):
        element = _element_for(lx, document)
        if element.getAttribute("id") == value:
            return element
    return None


def _ancestor_chain(lx: Any) -> list[Any]:
    return list(lx.iterancestors())


# An element's ancestors kept as nested pairs, (parent, the parent's own pairs), nearest first:
# the elements the parser associates share all but the head of their chains (a list each would
# hold n ancestors for each of n controls below them: 100 MB for 3,000 inputs 3,000 deep).
Chain = tuple[Any, "Chain"] | None
# the chain of each ancestor met, for one version of the document
ANCESTOR_CHAINS = MemoKey("shared ancestor chains")


def _shared_chain(lx: Any, document: Any) -> Chain:
    """The ancestors of lxml element *lx* as a chain (see Chain), its pairs shared with those of
    every element whose chain was asked for at this version of *document*."""
    chains: dict[Any, Chain] = document._memoized(ANCESTOR_CHAINS, None, dict)
    passed = []
    ancestor = lx.getparent()
    while ancestor is not None and ancestor not in chains:
        passed.append(ancestor)
        ancestor = ancestor.getparent()
    chain = None if ancestor is None else chains[ancestor]
    for ancestor in reversed(passed):
        chain = chains[ancestor] = (ancestor, chain)
    return chain


def _chain_list(chain: Chain) -> list[Any]:
    found = []
    while chain is not None:
        found.append(chain[0])
        chain = chain[1]
    return found


def set_parser_form_owner(element: Element, form: Element) -> None:
    """Record the HTML parser's association of *element* with *form* (the form element
    pointer, https://html.spec.whatwg.org/#create-an-element-for-the-token step 15) and set
    its parser inserted flag; call it once the element is in its parsed place."""
    document = element._doc
    form_state(element).parser_form = (form, _shared_chain(element._lx, document), document._version)


def _compute_form_owner(element: Element) -> Element | None:
    """https://html.spec.whatwg.org/#reset-the-form-owner, steps 3-5, with the parser's
    association kept while nothing would have reset it."""
    lx = element._lx
    document = element._doc
    listed = element._name.local in LISTED
    form_attribute = attribute(element, "form") if listed else None
    state = form_state_if_any(element)
    if state is not None and state.parser_form is not None:
        parser_form, kept_chain, version = state.parser_form
        if form_attribute is None and version == document._version:  # nothing moved since
            return cast("Element", parser_form)
        chain = _chain_list(kept_chain)
        current = _ancestor_chain(lx)
        if form_attribute is None:
            if len(current) == len(chain) and all(a is b for a, b in zip(current, chain)):
                result: Element | None = parser_form
                return result
            # The element or an ancestor was removed (and maybe inserted elsewhere): the
            # removing steps reset the owner only when the element and its owner are no longer
            # in the same tree, and the insertion steps leave a parser-inserted element alone
            # (https://html.spec.whatwg.org/#html-element-removing-steps step 4, and the
            # insertion steps' step 2.1).  The subtree that moved with the element is the top
            # of the unchanged part of its ancestor chain; the association held if the form
            # moved with it.
            kept = 0
            for a, b in zip(current, chain):
                if a is not b:
                    break
                kept += 1
            unit = chain[kept - 1] if kept else lx
            form_lx = parser_form._lx
            if form_lx is unit or any(a is unit for a in form_lx.iterancestors()):
                state.parser_form = (parser_form, _shared_chain(lx, document), document._version)
                result = parser_form
                return result
        # A form attribute change, or a removal that separated the element from the form, reset
        # the owner, which unsets the parser inserted flag for good.
        state.parser_form = None
    if form_attribute is not None and _is_connected(element):
        # Step 4: the first element with that ID, if it is a form; a connected element with a
        # form attribute does not fall back to its ancestors ("Otherwise" in step 5).
        candidate = first_element_with_id(topmost_lx(document, lx), document, form_attribute)
        return candidate if is_html(candidate, "form") else None
    # Step 5: the nearest ancestor form element.
    for ancestor in lx.iterancestors(_html_tag(document, "form")):
        return _element_for(ancestor, document)
    return None


def form_owner(element: Any) -> Element | None:
    """https://html.spec.whatwg.org/#form-owner of a form-associated element (None for other
    elements), cached until the document next changes."""
    if getattr(element, "_ns", None) != HTML_NAMESPACE or element._name.local not in FORM_ASSOCIATED:
        return None
    document = element._doc
    result: Element | None = document._memoized(FORM_OWNER, element, lambda: _compute_form_owner(element))
    return result


def is_disabled(element: Any) -> bool:
    """https://html.spec.whatwg.org/#concept-fe-disabled -- a button, input, select, textarea
    (or fieldset) with a ``disabled`` attribute, or inside a disabled fieldset but not inside
    that fieldset's first legend child."""
    if element.hasAttribute("disabled") and element._name.local != "output":
        return True
    lx = element._lx
    document = element._doc
    fieldset_tag = _html_tag(document, "fieldset")
    top = topmost_lx(document, lx)
    if not document._memoized(DISABLED_FIELDSETS, top, lambda: any(
            fieldset.get("disabled") is not None for fieldset in top.iter(fieldset_tag))):
        return False  # (most trees: no walk up from every control)
    legend_tag = _html_tag(document, "legend")
    legends = None  # the element's legend ancestors, asked for at the first disabled fieldset
    # (lxml's C walks match the tags: only fieldsets and legends get proxies, not every ancestor)
    for ancestor in lx.iterancestors(fieldset_tag):
        if ancestor.get("disabled") is not None:
            fieldset = _element_for(ancestor, document)
            if fieldset.getAttribute("disabled") is not None:
                # "first legend element child": descendants of it stay enabled
                legend = next(ancestor.iterchildren(legend_tag), None)
                if legend is None:
                    return True
                if legends is None:
                    legends = list(lx.iterancestors(legend_tag))
                if not any(found is legend for found in legends):
                    return True
    return False


def labeled_control(label: Element) -> Element | None:
    """https://html.spec.whatwg.org/#labeled-control"""

    def labelable(node: Any) -> bool:
        if getattr(node, "_ns", None) != HTML_NAMESPACE or node._name.local not in LABELABLE:
            return False
        return node._name.local != "input" or _type_state(node) != "hidden"

    for_value = label.getAttribute("for")
    document = label._doc
    if for_value is not None:
        candidate = first_element_with_id(topmost_lx(document, label._lx), document, for_value)
        return candidate if labelable(candidate) else None
    for lx in label._lx.iterdescendants("*"):
        node = _element_for(lx, document)
        if labelable(node):
            return node
    return None


class FormAssociatedMixin(_ElementBase):
    """The ``form`` IDL attribute of listed elements (https://html.spec.whatwg.org/#dom-fae-form)."""

    __slots__ = ()

    @property
    def form(self) -> Element | None:
        return form_owner(self)


class LabelFormMixin(_ElementBase):
    """``label.control`` and ``label.form`` (https://html.spec.whatwg.org/#dom-label-control)."""

    __slots__ = ()

    @property
    def control(self) -> Element | None:
        return labeled_control(self)

    @property
    def form(self) -> Element | None:
        """https://html.spec.whatwg.org/#dom-label-form"""
        control = labeled_control(self)
        if control is None or control._name.local not in FORM_ASSOCIATED:
            return None
        return form_owner(control)


class LegendFormMixin(_ElementBase):
    """https://html.spec.whatwg.org/#dom-legend-form -- the parent fieldset's form owner."""

    __slots__ = ()

    @property
    def form(self) -> Element | None:
        parent = self.parentNode
        return form_owner(parent) if is_html(parent, "fieldset") else None


class OptionFormMixin(_ElementBase):
    """https://html.spec.whatwg.org/#dom-option-form -- the form owner of the option's nearest
    ancestor select (https://html.spec.whatwg.org/#option-element-nearest-ancestor-select)."""

    __slots__ = ()

    @property
    def form(self) -> Element | None:
        select = nearest_ancestor_select(self)
        return None if select is None else form_owner(select)
