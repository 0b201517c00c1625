"""``window.getComputedStyle(element)`` (https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle)
without layout: a live, read-only CSSStyleDeclaration of the element's computed values
(dom/cssom/computed_values.py) from the cascade (dom/cssom/cascade.py).

Resolved values (https://drafts.csswg.org/cssom/#resolved-values) that need layout -- ``width``,
``height``, margins, paddings and insets as used px for a rendered box -- are the computed
values here (``auto``, percentages, calc()), which is what CSSOM gives for an element that is
not rendered.  ``::before``, ``::after`` and ``::marker`` have their own values
(pseudo_element_styles.py); another or an invalid ``pseudoElt`` gives an empty declaration, as
does an element that is not connected to its document.
"""

from __future__ import annotations

from typing import Any

from html_infra.infra import HTML_NAMESPACE
from webidl import NoModificationAllowedError, to_dom_string, to_unsigned_long

from .. import registry
from ..css.declared_values import canonical_name
from ..css.media_queries import Viewport
from ..css.properties import SHORTHANDS
from ..css_style_declaration import ATTRIBUTE_PROPERTIES, CSSStyleDeclaration, _Declaration
from ..cyclic_collection import paused
from ..nodes.document import Document
from ..nodes.element import Element
from ..nodes.identity import node_for
from ..nodes.shadow_host import shadow_hosts
from ..nodes.speedups import extension
from .cascade import CSS_CASCADE, Cascade, cascade_of
from .computed_values import LONGHANDS, compute, handed_down
from .css_rules import changes
from .document_style_sheets import configuration_changes
from .presentational_hints import ALWAYS_HINTED, HINT_ATTRIBUTES, HINTED_TAGS
from .pseudo_element_styles import pseudo_element_type, pseudo_element_values
from .scoping import NOT_IN_FLAT_TREE, SLOTTED, TOP, flat_parent, other_contexts, tree_cascade

__all__ = ["ComputedStyleDeclaration", "computed_values_of", "getComputedStyle", "get_computed_style"]

_TH = frozenset(("th", f"{{{HTML_NAMESPACE}}}th"))  # a th element's lxml tags


def computed_values_of(element: Any, cascade: Cascade | None = None, alone: bool = False) -> dict[str, str] | None:
    """The element's computed values (custom properties included), computed with those of its
    ancestors that are not yet known, from the root down without recursion; None when it is
    not in its document's tree.  In a document with shadow trees, along the flat tree
    (scoping.py).  *alone*: never with every element at once (innerText asks for its hosts')."""
    document = element._doc
    if cascade is None:
        cascade = cascade_of(document)
    known = cascade.computed
    lx = element._lx
    found: dict[str, str] | None = known.get(lx)
    if found is not None:
        return found
    root_lx = cascade.root_lx
    if root_lx is None:
        return None
    if _SHARE is not None and not alone and not cascade.walked and cascade.html_document:
        # The first element asked for in this version is computed alone (a script that changes
        # the tree and reads one style does not restyle the page each time); a second one, all
        # of them at once.
        if cascade.asked:
            _every_element(cascade, document)
            found = known.get(lx)
            if found is not None:
                return found
        cascade.asked = True
    if document in shadow_hosts:
        return _in_flat_tree(element, cascade)
    chain = [lx]
    node = lx.getparent()
    parent = None
    while node is not None:
        parent = known.get(node)
        if parent is not None:
            break
        chain.append(node)
        node = node.getparent()
    if node is None and chain[-1] is not root_lx:
        return None  # not in the document's tree
    nodes = document._nodes
    shared = cascade.shared
    centred = cascade.th_centred
    for current in reversed(chain):  # (_compute's steps, inline: this runs for every element of a page)
        is_root = current is root_lx
        cascaded = cascade.cascaded(current, nodes.get(current))
        if current.tag in _TH and "text-align" not in cascaded and parent is not None and (
                parent["text-align"] == "start") and cascade._html_local(current) == "th":
            centre = centred.get(id(cascaded))
            if centre is None:
                centre = centred[id(cascaded)] = {**cascaded, "text-align": "center"}
            cascaded = centre
        key = (id(parent), is_root, id(cascaded))
        values = shared.get(key)
        if values is None:
            values = _computed(cascade, cascaded, parent, is_root)
            shared[key] = values = parent if values == parent else values  # (see _compute)
        if is_root:
            cascade.root_px = float(values["font-size"][:-2])
        known[current] = values
        parent = values
    return known[lx]


# Every element's values in one walk in C (dom/cssom/style_sharing_speedups.c), None without it.
_SHARE: Any = getattr(extension, "share_computed_values", None)
# What the walk leaves to _compute: th (its text-align) and the elements that may have
# presentational hints: always, or with one of the attributes presentational_hints reads.
_ALWAYS = tuple(name.encode() for name in sorted({*ALWAYS_HINTED, *_TH}) if "}" not in name)
_HINTED = tuple(name.encode() for name in sorted(HINTED_TAGS) if "}" not in name)
_HINT_ATTRIBUTES = tuple(name.encode() for name in sorted(HINT_ATTRIBUTES))
_ATTR_EXTRA = vars(Element)["_attr_extra"]  # (the walk reads whether a wrapper keeps its style attribute)


def _every_element(cascade: Cascade, document: Any) -> None:
    """The computed values of every element of an HTML document's tree at once, as browsers
    restyle a document: the root's, then each element's shared by its parent's values and its
    matched rules (the keys of _compute) in C, the others by _compute.  With shadow trees, the
    hosts and their children (whose parent in the flat tree is a slot, or none) are left to
    _in_flat_tree, and the shadow trees' elements to later calls."""
    cascade.walked = True
    nodes = document._nodes
    root_lx = cascade.root_lx
    hosts = shadow_hosts.get(document)
    flat: set[Any] = set()
    for host in hosts or ():
        flat.add(host._lx)
        flat.update(host._lx)
    if root_lx in flat:
        return
    root = _compute(cascade, root_lx, cascade.cascaded(root_lx, nodes.get(root_lx)), None)

    def slow(lx: Any, parent: dict[str, str]) -> dict[str, str]:
        if lx in flat:
            values = _in_flat_tree(nodes.get(lx) or node_for(lx, document), cascade)
            if values is None:
                raise _Unwalked
            return values
        return _compute(cascade, lx, cascade.cascaded(lx, nodes.get(lx)), parent)

    # (the walk shares the values of elements matched alike under one parent, by the keys of
    # their own tree: a host or a host's child, whose other contexts and flat tree parent these
    # do not say, maps to a tuple, not a list of entries, which leaves it to slow)
    matched = {**cascade.matched, **dict.fromkeys(flat, ())} if flat else cascade.matched
    try:
        with paused():  # (the walk keeps every value it makes: see dom/cyclic_collection.py)
            _SHARE(root_lx, root, matched, cascade.signatures, cascade.shared, cascade.computed, _ALWAYS,
                   _HINTED, _HINT_ATTRIBUTES, slow,
                   {name.encode(): entries for name, entries in cascade.by_name.items()}, (), nodes, _ATTR_EXTRA)
    except _Unwalked:
        pass  # (the values computed stand: the others are computed one by one)


class _Unwalked(Exception):
    """An element of the walk has no computed values along the flat tree."""


def _in_flat_tree(element: Any, cascade: Cascade) -> dict[str, str] | None:
    """computed_values_of along the flat tree, each element cascaded in its own tree's cascade
    with the rules of the other contexts that style it."""
    document = element._doc
    known = cascade.computed
    chain: list[tuple[Any, Any]] = []  # (element, the slot it is assigned to), leaf first
    node = element._lx
    parent = None
    while True:
        up, status = flat_parent(document, node)
        chain.append((node, up if status == SLOTTED else None))
        if status == TOP:
            if node is not cascade.root_lx:
                return None  # not in the document's tree
            break
        if status == NOT_IN_FLAT_TREE:
            if not element.isConnected:  # (else reaching the document element, or a known element, says it)
                return None
            break  # no box: it inherits nothing
        parent = known.get(up)
        if parent is not None:
            break
        node = up
    nodes = document._nodes
    for current, slot in reversed(chain):
        scope = tree_cascade(cascade, current)
        if scope is None:
            return None
        cascaded = scope.cascaded(current, nodes.get(current), other_contexts(cascade, current, slot))
        parent = _compute(cascade, current, cascaded, parent)
    return known[element._lx]


def _compute(cascade: Cascade, current: Any, cascaded: dict[str, str], parent: dict[str, str] | None) -> dict[str, str]:
    """The computed values of the lxml element *current* from its cascaded values and its
    parent's computed values, remembered in *cascade*."""
    is_root = current is cascade.root_lx
    if current.tag in _TH and "text-align" not in cascaded and parent is not None and (
            parent["text-align"] == "start") and cascade._html_local(current) == "th":
        # https://html.spec.whatwg.org/#tables-2: a user agent rule centres a th whose parent's
        # text-align is its initial value (no other rule sets it, or the cascade would hold it)
        centred = cascade.th_centred
        centre = centred.get(id(cascaded))  # (the cascade keeps its cascaded dicts: ids stay theirs)
        if centre is None:
            centre = centred[id(cascaded)] = {**cascaded, "text-align": "center"}
        cascaded = centre
    # elements with the same cascaded values (one dict: Cascade.cascaded) under the same
    # parent share one (never changed) dict of computed values
    key = (id(parent), is_root, id(cascaded))
    shared = cascade.shared
    values = shared.get(key)
    if values is None:
        values = _computed(cascade, cascaded, parent, is_root)
        # values equal to the parent's are the parent's dict: its children then share by its key
        # too (a chain of nested elements styled alike computes once, not once per level)
        shared[key] = values = parent if values == parent else values
    if is_root:
        cascade.root_px = float(values["font-size"][:-2])
    cascade.computed[current] = values
    return values


def _computed(cascade: Cascade, cascaded: dict[str, str], parent: dict[str, str] | None,
              is_root: bool) -> dict[str, str]:
    """compute's values for an element with the *cascaded* values under the *parent* values:
    those of an element with the same cascaded values under a parent that handed down the same
    (computed_values.handed_down: cousins styled alike, under parents that differ in what they
    do not pass down), else computed and remembered for the next."""
    if parent is None:  # the root (or an element with no parent's values): its own values alone
        handed: tuple[object, ...] | None = (is_root,)
    else:
        handed = None if is_root else handed_down(cascaded, parent, _HANDED)
        if handed is None:
            return compute(cascaded, parent, cascade.root_px, cascade.viewport, is_root)
        if len(_HANDED) >= _ALIKE_LIMIT:
            _HANDED.clear()
    key = (handed, cascade.root_px, id(cascaded))  # (rem lengths; the viewport is the cascade's)
    values = cascade.alike.get(key)
    if values is None:
        # the same by content, from any document: pages of one site (or one page parsed again)
        # cascade the same values under parents that hand down the same
        anywhere = cascade.anywhere
        if anywhere is None:  # (those of its viewport, found once: a Viewport hashes in Python)
            if len(_ALIKE_ANYWHERE) >= _VIEWPORTS_LIMIT:
                _ALIKE_ANYWHERE.clear()
            anywhere = cascade.anywhere = _ALIKE_ANYWHERE.setdefault(cascade.viewport, {})
        content = (handed, cascade.root_px, tuple(cascaded.items()))
        values = anywhere.get(content)
        if values is None:
            values = compute(cascaded, parent, cascade.root_px, cascade.viewport, is_root)
            if len(anywhere) >= _ALIKE_LIMIT:
                anywhere.clear()
            anywhere[content] = values
        cascade.alike[key] = values
    return values


# _computed's answers by content (never changed, as within a document) for each viewport,
# bounded: each holds a few kilobytes, and a page has a few hundred
_ALIKE_ANYWHERE: dict[Viewport, dict[Any, dict[str, str]]] = {}
_ALIKE_LIMIT = 1024
_VIEWPORTS_LIMIT = 8
# What computed values hand down (computed_values.handed_down's memo), for every document: the
# values are shared between documents, and so are their children's keys
_HANDED: dict[int, tuple[dict[str, str], tuple[object, ...]]] = {}


class ComputedStyleDeclaration(CSSStyleDeclaration):
    """A computed style: read-only (https://drafts.csswg.org/cssom/#cssstyledeclaration-readonly-flag),
    live (its values follow the document), every longhand of the property table in order; of a
    pseudo-element, its values (pseudo_element_styles.py), or none ("": obj is null)."""

    # (CSSStyleDeclaration's own slots stay unset: the methods that read them are replaced here,
    # or refuse a change first; getComputedStyle sets one slot, not eight: an element's style has
    # no pseudo-element (a class attribute), that of a pseudo-element is a _PseudoElementStyle,
    # and _state is unset until _block first needs it)
    __slots__ = ("_element", "_state")
    _element: Any
    _pseudo: str | None = None
    _state: tuple[dict[str, str], dict[str, _Declaration]] | None  # computed values, their declarations

    def __init__(self) -> None:
        raise TypeError("Illegal constructor: use window.getComputedStyle(element)")

    def _block(self) -> dict[str, _Declaration]:
        values = self._values()
        if values is None:
            return {}
        state = getattr(self, "_state", None)
        if state is None or state[0] is not values:
            state = (values, {name: _Declaration(values[name], False) for name in LONGHANDS})
            _SET_STATE(self, state)
        return state[1]

    def _quirks(self) -> bool:
        return False

    def item(self, index: Any) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-item: the longhands in order."""
        names = LONGHANDS if self._block() else ()
        index = to_unsigned_long(index)
        return names[index] if index < len(names) else ""

    @property
    def parentRule(self) -> None:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-parentrule: none."""
        return None

    def _check_writable(self) -> None:
        raise NoModificationAllowedError("a computed style cannot be changed")

    def _values(self) -> dict[str, str] | None:
        values = computed_values_of(self._element)  # None unless in its document's tree
        pseudo = self._pseudo
        if pseudo is None or values is None:
            return values
        return pseudo_element_values(self._element, pseudo, values) if pseudo else None

    def getPropertyValue(self, property: Any) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-getpropertyvalue (custom
        properties included): read from the computed values directly."""
        name = to_dom_string(property)
        if not name.startswith("--"):
            name = canonical_name(name.lower())
        return self._value_of(name)

    def _value_of(self, name: str) -> str:
        if self._pseudo is None:  # (_values, inline: most callers read one property of each style)
            element = self._element
            values = cascade_of(element._doc).computed.get(element._lx) or computed_values_of(element)
            if values is None:
                return ""
        else:
            values = self._values()
            if values is None:
                return ""
        value = values.get(name)
        if value is not None:
            return value
        if name in SHORTHANDS:
            return super()._value_of(name)  # recombined from the longhands
        return ""

    @property
    def cssText(self) -> str:
        """https://drafts.csswg.org/cssom/#dom-cssstyledeclaration-csstext: "" for a computed style."""
        return ""

    @cssText.setter
    def cssText(self, value: Any) -> None:
        raise NoModificationAllowedError("a computed style cannot be changed")

    def __repr__(self) -> str:
        return f"<CSSStyleDeclaration (computed) of {self._element!r}>"


class _PseudoElementStyle(ComputedStyleDeclaration):
    """The computed style of a pseudo-element (``""``: obj is null, an unknown one)."""

    __slots__ = ("_pseudo",)
    _pseudo: str | None


def _computed_attribute(name: str, inherited: property) -> property:
    """The camel-cased or dashed attribute of longhand *name* on an element's computed style:
    its value read straight from the computed values (_value_of's steps, inline: a page's scripts
    read one property of each element's style); setting or deleting it fails as
    CSSStyleDeclaration's."""

    def get(self: ComputedStyleDeclaration) -> str:
        element = self._element
        document = element._doc
        # (cascade_of's hit, inline: the document's cascade of this version, with the element's values)
        entry = document._memo.get((CSS_CASCADE, (changes[0], configuration_changes[0])))
        if entry is not None and entry[0] == document._version:
            values: dict[str, str] | None = entry[1].computed.get(element._lx)
            if values is not None:
                return values.get(name, "")
        values = computed_values_of(element)
        return values.get(name, "") if values is not None else ""

    return property(get, inherited.fset, inherited.fdel, inherited.__doc__)


def _pseudo_element_attribute(name: str, inherited: property) -> property:
    """The attribute of longhand *name* on a pseudo-element's computed style."""

    def get(self: ComputedStyleDeclaration) -> str:
        values = self._values()
        return values.get(name, "") if values is not None else ""

    return property(get, inherited.fset, inherited.fdel, inherited.__doc__)


for _attribute, _name in ATTRIBUTE_PROPERTIES.items():
    if _name not in SHORTHANDS:  # (a shorthand is recombined from its longhands by _value_of)
        _inherited = getattr(CSSStyleDeclaration, _attribute)
        setattr(ComputedStyleDeclaration, _attribute, _computed_attribute(_name, _inherited))
        setattr(_PseudoElementStyle, _attribute, _pseudo_element_attribute(_name, _inherited))
del _attribute, _name, _inherited

# The same attributes in C (dom/cssom/computed_style_speedups.c), each falling back on the one above.
_C_ATTRIBUTES: Any = getattr(extension, "computed_attributes", None)
if _C_ATTRIBUTES is not None:
    for _attribute, _descriptor in _C_ATTRIBUTES(
            {attribute: (name, vars(ComputedStyleDeclaration)[attribute]) for attribute, name in
             ATTRIBUTE_PROPERTIES.items() if name not in SHORTHANDS},
            (ComputedStyleDeclaration, Element, Document, Cascade, *(getattr(cls, name) for cls, name in (
                (ComputedStyleDeclaration, "_element"), (Element, "_doc"), (Element, "_lx"), (Document, "_memo"),
                (Document, "_version"), (Cascade, "computed"))), CSS_CASCADE, changes, configuration_changes)).items():
        setattr(ComputedStyleDeclaration, _attribute, _descriptor)
    del _attribute, _descriptor

_SET_ELEMENT, _SET_STATE = (getattr(ComputedStyleDeclaration, name).__set__ for name in ("_element", "_state"))
_SET_PSEUDO = vars(_PseudoElementStyle)["_pseudo"].__set__
_NEW = object.__new__


def get_computed_style(element: Any, pseudo_element: Any = None) -> ComputedStyleDeclaration:
    """https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle from Python without a Window:
    the binding's conversions of Window.getComputedStyle, then its steps."""
    if not isinstance(element, Element):
        raise TypeError("getComputedStyle: argument 1 is not an Element")
    return getComputedStyle(None, element, None if pseudo_element is None else to_dom_string(pseudo_element))


def getComputedStyle(self: Any, elt: Element, pseudoElt: str | None = None) -> ComputedStyleDeclaration:  # noqa: N802, N803
    """https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle without layout: Window's
    method itself, its arguments converted by the binding (a script asks for every element's)."""
    # (the slots' own setters: CSSStyleDeclaration.__setattr__ sets properties, and
    # object.__setattr__ costs half as much again)
    declaration: ComputedStyleDeclaration
    if pseudoElt:
        declaration = _NEW(_PseudoElementStyle)
        _SET_PSEUDO(declaration, pseudo_element_type(pseudoElt))
    else:
        declaration = _NEW(ComputedStyleDeclaration)
    _SET_ELEMENT(declaration, elt)
    return declaration


# Window.getComputedStyle's common call (one Element) in C (dom/cssom/computed_style_speedups.c:
# a script asks for every element's style), put in the class as this module loads -- the wrapper
# webidl.operations.implemented_in builds at the first call serves that call -- with the binding
# that was there (its conversions, then the steps above) for every other call.
_C_METHOD: Any = getattr(extension, "computed_style_method", None)
_WINDOW: Any = getattr(registry, "window_interface", None)
if _C_METHOD is not None and _WINDOW is not None:
    _WINDOW.getComputedStyle = _C_METHOD(_WINDOW, vars(_WINDOW)["getComputedStyle"], Element, ComputedStyleDeclaration,
                                         vars(ComputedStyleDeclaration)["_element"])
