"""Style invalidation (style_invalidation.py) in a document with shadow trees
(https://drafts.csswg.org/css-scoping/#shadow-dom): which mutations of the light tree leave what
scoping.py keeps for the shadow trees as a new cascade would make it, and which computed values
of the shadow trees' elements to drop with those of the light tree.

What is kept: each shadow tree's cascade (Cascade.scopes, with its matches), the entries of the
rules of other tree contexts (a scope's ``host_entries`` and ``slot_entries``, a cascade's
``part_entries``) and the computed values of the shadow trees' elements (in the document
cascade's).  It stands when no change is inside a shadow tree, none changes a host's children
(slot assignment; attachShadow() logs one too) or a host child's ``slot`` attribute, no subtree
with a host is inserted (a move, or one parsed with declarative shadow roots), no host removed
with its values, no shadow root assigns its slots manually (``slot.assign()`` takes no version
step), and none changes what the rules of other contexts read of the light tree: the argument
of ``:host()`` (matched at a host), that of ``::slotted()`` (at a host's children) and the
document's ``::part()`` selectors without their pseudo-element (at a host), each read as far
as its invalidation set (invalidation_sets.py) reaches from those anchors; an element-state
pseudo-class or ``:has()`` in one makes any change a rebuild.

When an element's cascaded values change, the shadow trees of the hosts in its subtree, and of
the hosts inside those, lose their computed values with its descendants (inheritance follows
the flat tree: https://drafts.csswg.org/css-scoping/#flat-tree).  The shadow trees' own
element-state matches (their :lang() and :dir() follow the host's ancestors) are tested again
by style_invalidation.py as the document's are.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..nodes.shadow_host import shadow_root_of
from ..selectors.engine import parse
from ..selectors.parser import Complex, Compound, PseudoClass
from .invalidation_sets import SIBLINGS, SUBTREE, Analysis, analyse, changed_features

__all__ = ["Shadows", "merged", "part_reach", "shadows_of", "tree_reach"]


def _light_reads(selector: Complex) -> list[Complex]:
    """The selectors that *selector*, of a shadow tree's sheet, matches at elements of the tree
    outside: the argument of each ``:host()`` (at the host) and of ``::slotted()`` (at what is
    assigned to a slot); its other compounds read its own tree."""
    found: list[Complex] = []

    def walk(value: Any) -> None:
        if isinstance(value, Complex):
            for compound in value.compounds:
                for simple in compound.simples:
                    if isinstance(simple, PseudoClass):
                        if simple.name == "host" and isinstance(simple.argument, Compound):
                            found.append(Complex((simple.argument,), ()))
                        else:
                            walk(simple.argument)
                pseudo = compound.pseudo_element
                if pseudo is not None and pseudo.argument is not None:
                    found.append(Complex((pseudo.argument,), ()))
        elif isinstance(value, tuple | list):
            for item in value:
                walk(item)

    walk(selector)
    return found


def merged(analyses: Iterable[Analysis]) -> Analysis:
    """One invalidation set of several: each feature at its widest extent."""
    features: dict[tuple[str, str], int] = {}
    structural, states, unbounded = 0, frozenset[str](), False
    for analysis in analyses:
        for key, extent in analysis.features.items():
            if features.get(key, 0) < extent:
                features[key] = extent
        structural = max(structural, analysis.structural)
        states |= analysis.states
        unbounded = unbounded or analysis.unbounded
    return Analysis(features, structural, states, unbounded)


def tree_reach(scope: Any) -> Analysis:
    """What the rules of a shadow tree's sheets (its cascade *scope*) read of the tree outside,
    counted from the host and its children."""
    complexes: list[Complex] = [entry[0] for entry in (*scope.scoped, *scope.part_rules)]
    for selector in scope.selectors:
        if ":host(" in selector.text.lower():
            complexes.extend(parse(selector.text))
    return merged(analyse(read, scope.quirks) for selector in complexes for read in _light_reads(selector))


def part_reach(cascade: Any) -> Analysis:
    """What the ``::part()`` rules of the document's sheets read of its tree, counted from the
    host (their selectors without the pseudo-element, as scoping.py matches them)."""
    reads = []
    for selector, *_rest in cascade.part_rules:
        last = selector.compounds[-1]
        reads.append(Complex((*selector.compounds[:-1], Compound(last.type, last.simples)), selector.combinators))
    return merged(analyse(read, cascade.quirks) for read in reads)


class Shadows:
    """The document's shadow hosts for one update: those of the light tree with their children
    (*anchors*), their inclusive ancestors (*around*), each with its shadow root's container and
    its inclusive ancestors (*light*), and each tree's hosts' containers (*trees*: by the root of
    the tree, the document element or a shadow root's container); *reach*: what the rules of
    other tree contexts read of the light tree, from the anchors."""

    __slots__ = ("anchors", "around", "hosts", "light", "trees", "reach")

    def __init__(self, reach: Analysis) -> None:
        self.reach = reach
        self.anchors: dict[Any, None] = {}
        self.around: dict[Any, None] = {}
        self.hosts: dict[Any, None] = {}
        self.light: list[tuple[set[Any], Any]] = []
        self.trees: dict[Any, list[Any]] = {}

    def reached(self, parents: Iterable[Any], placed: list[tuple[Any, Any]], olds: dict[Any, dict[str, str | None]],
                fold: bool) -> bool:
        """Whether changes of the children or text of *parents*, the insertion or removal of the
        subtrees *placed* ((parent, top) pairs) or changes of the attributes of *olds* (element
        -> attribute key -> old value) can change the flat tree or what the rules of other tree
        contexts match."""
        reach, anchors, around = self.reach, self.anchors, self.around
        features = reach.features
        for parent in parents:
            if parent in self.hosts:
                return True  # its children's slots
            if reach.structural and (parent in anchors or parent in around or parent.getparent() in around):
                return True  # (:empty of the anchors or their ancestors' siblings, their places)
        # (a subtree placed beside an anchor or its ancestors changes what a sibling combinator
        # reads: such a selector is structural, and its parent is among *parents*)
        for _parent, top in placed:
            if top in around:
                return True  # a host moved: what its ancestors are
        for lx, attributes in olds.items():
            if "slot" in attributes and lx in anchors:
                return True
            extent = max((features.get(key, 0) for key in changed_features(lx, attributes, fold)), default=0)
            if extent and (lx in anchors or (extent >= SUBTREE and lx in around) or (
                    extent >= SIBLINGS and lx.getparent() in around)):
                return True
        return False

    def drop(self, top: Any, computed: dict[Any, Any]) -> None:
        """Drop the computed values of the shadow trees of the hosts that are the light tree
        element *top* or in its subtree, and of the hosts inside those trees."""
        if top not in self.around:
            return
        pending = [container for chain, container in self.light if top in chain]
        while pending:
            container = pending.pop()
            for lx in container.iter("*"):
                computed.pop(lx, None)
            pending.extend(self.trees.get(container, ()))


def shadows_of(cascade: Any, hosts: Iterable[Any], reach: Analysis) -> Shadows | None:
    """The Shadows of the document of *cascade* (its own), whose shadow hosts are *hosts*; None
    when the cascade is to be made again whatever changed: a host removed with its computed
    values, slots assigned manually, or rules of other contexts that read element states."""
    found = Shadows(reach)
    root = cascade.root_lx
    computed = cascade.computed
    for host in hosts:
        shadow = shadow_root_of(host)
        if shadow is None:
            continue
        if shadow._slot_assignment == "manual":
            return None
        lx = host._lx
        chain = [lx, *lx.iterancestors()]
        top = chain[-1]
        found.trees.setdefault(top, []).append(shadow._lx)
        if top is root:
            found.around.update(dict.fromkeys(chain))
            found.light.append((set(chain), shadow._lx))
            found.hosts[lx] = None
            found.anchors[lx] = None
            found.anchors.update(dict.fromkeys(lx.iterchildren("*")))
        elif lx in computed and not host.isConnected:
            return None  # (a new cascade has no values for it and its shadow tree)
    if found.anchors and (reach.states or reach.unbounded):
        return None
    return found
