"""querySelector(All), matches and closest: one engine, compiled selectors cached.

https://dom.spec.whatwg.org/#scope-match-a-selectors-string

A selectors string is parsed once (parser.py), translated to XPath for the kind of tree it runs
on (xpath.py) and compiled by lxml; the compiled pair (find the matching descendants / test one
element) is cached per (string, HTML or XML document, plain tree, fragment tree, quirks mode,
shadow tree, attribute values held lossily in the document).
``querySelectorAll`` runs the search from the context node itself: the translated XPath looks
at ancestors and siblings from each candidate, so ancestors outside the context still count
(``el.querySelectorAll("div p")`` finds p inside el whose div is above el) without searching
the whole tree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from lxml import etree

from html_infra.infra import ascii_lowercase
from webidl import DOMSyntaxError

from .. import registry  # the focused element (dom.html.focus, which reads style sheets matched here)
from ..lxml_mirror import FRAGMENT_TAG
from ..nodes.element import topmost_lx
from ..nodes.identity import node_for, nodes_for
from ..nodes.parsed_attribute_census import parsed_attribute_census
from ..nodes.speedups import extension
from . import states
from .namespaced_elements import no_namespaced_element_in, no_namespaced_element_since, note_no_namespaced_element
from .parser import (
    AttributeSelector,
    ClassSelector,
    Complex,
    Compound,
    IdSelector,
    InvalidSelector,
    PseudoClass,
    parse_selector_list,
)
from .xpath import NAMESPACES, Translator, lossy

if TYPE_CHECKING:
    from ..nodes.document import Document
    from ..nodes.element import Element
    from ..nodes.node import Node

__all__ = ["query_all", "query_first", "matches", "closest", "parse", "note_no_namespaced_element",
           "no_namespaced_element", "no_namespaced_element_since"]


@lru_cache(maxsize=1024)
def parse(selectors: str) -> tuple[Complex, ...]:
    """https://drafts.csswg.org/selectors-4/#parse-a-selector, or a "SyntaxError" DOMException
    naming what is wrong."""
    try:
        return parse_selector_list(selectors)
    except InvalidSelector as error:
        raise DOMSyntaxError(f"{selectors!r} is not a valid selector: {error}") from None
    except RecursionError:
        raise DOMSyntaxError(f"{selectors[:80]!r}... is not a valid selector: nested too deeply") from None


@dataclass(frozen=True)
class Compiled:
    """One selector list compiled for one kind of tree."""

    descendants: etree.XPath  # the matching descendants of the context node, in tree order
    inclusive: etree.XPath  # the same with the context node itself (a document's root)
    test: etree.XPath  # whether the context element matches
    variables: frozenset[str]  # XPath variables used: "root", "scope", "host", "focus", ...
    python: bool  # calls into states.py (needs states.evaluating)
    required: tuple[tuple[str, ...], ...] | None = None  # (see _required_attributes)


def _xpath(text: str) -> etree.XPath:
    """The XPath object of *text*, with the functions of states.py where it calls them."""
    return etree.XPath(text, namespaces=NAMESPACES, extensions=states.EXTENSIONS if "wd:" in text else None)


@lru_cache(maxsize=2048)
def compile_selectors(
    selectors: str, html_document: bool, plain: bool, fragment: bool, quirks: bool, shadow: bool = False,
    lossy: bool = False,
) -> Compiled:
    parsed = parse(selectors)
    translator = Translator(html_document, plain, fragment, quirks, shadow, lossy)
    try:
        query = translator.query(parsed, "descendant")
        test = translator.test(parsed)
        compiled = Compiled(
            _xpath(query),
            _xpath(translator.query(parsed, "descendant-or-self")),
            _xpath(test),
            frozenset(translator.variables),
            "wd:" in query,
            _required_attributes(parsed),
        )
    except (etree.XPathError, RecursionError) as error:
        raise DOMSyntaxError(f"{selectors[:200]!r} could not be evaluated: {error}") from None
    return compiled



# Attribute names the census can answer for: those lxml stores as they are (dom/lxml_mirror.py)
_PLAIN_ATTRIBUTE = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*\Z")


def _required_attributes(parsed: tuple[Complex, ...]) -> tuple[tuple[str, ...], ...] | None:
    """For each selector of the list, the names of the attributes without namespace its
    compounds test (presence or value: an element without the attribute matches no such test),
    where they are plain names; None where a selector tests none.  A tree that holds, for every
    selector, one of its names nowhere has no element the list matches."""
    required = []
    for selector in parsed:
        names = tuple(sorted({simple.name for compound in selector.compounds for simple in compound.simples
                              if type(simple) is AttributeSelector and simple.namespace is None
                              and _PLAIN_ATTRIBUTE.match(simple.name) and simple.name[:3].lower() != "xml"}))
        if not names:
            return None
        required.append(names)
    return tuple(required)


def _none_can_match(document: Any, lx: Any, compiled: Compiled) -> bool:
    """Whether the attribute census (dom/nodes/parsed_attribute_census.py) tells that no element
    of *lx*'s tree matches *compiled*: the tree is the document's as the parser made it, and for
    each selector of the list one attribute it tests is on no element, in any ASCII case (an
    answer the census cannot give is False)."""
    required = compiled.required
    if required is None or _CENSUS_MAY_HOLD is None or document._lossy_attributes:
        return False
    census = parsed_attribute_census(document)
    if census is None:
        return False
    root = document.documentElement
    if root is None or topmost_lx(document, lx) is not root._lx:  # (a detached subtree, template contents...)
        return False
    names = tuple({name for names in required for name in names})
    if len(names) > 64:
        return False
    held = dict(zip(names, _CENSUS_MAY_HOLD(census, names), strict=True))
    return all(not all(held[name] for name in names) for names in required)


def _tree(document: Any, lx: Any) -> tuple[Any, bool]:
    """(top of *lx*'s lxml tree, whether no element of that tree is namespaced), the latter
    remembered until the document's next mutation."""
    top = topmost_lx(document, lx)  # (in C with a memo: a deep tree's queries do not each walk to the top)
    return top, no_namespaced_element_in(document, top)


def no_namespaced_element(document: Any, lx: Any) -> bool:
    """Whether no element of *lx*'s tree is namespaced (every one of an HTML document is then an
    HTML element stored under its local name), remembered until the document's next mutation."""
    return _tree(document, lx)[1]


def _compiled_for(document: Any, lx: Any, selectors: str) -> tuple[Compiled, Any]:
    """The compiled selectors for *lx*'s tree, and the shadow host when that tree is a shadow
    tree (https://drafts.csswg.org/css-scoping/#shadow-tree: the selectors are then evaluated
    in its context, where :host matches the host)."""
    top, plain = _tree(document, lx)
    fragment = top.tag == FRAGMENT_TAG
    host = None
    if fragment:
        wrapper = document._nodes.get(top)
        host = getattr(wrapper, "_host", None) if getattr(wrapper, "_is_shadow_root", False) else None
    compiled = compile_selectors(
        selectors, document._is_html, plain, fragment, document._mode == "quirks", host is not None,
        document._lossy_attributes,
    )
    return compiled, host


def _variables(compiled: Compiled, document: Any, scope: Any, host: Any = None) -> dict[str, Any]:
    if not compiled.variables:
        return {}
    root = document.documentElement
    found: dict[str, Any] = {}
    if "host" in compiled.variables:
        found["host"] = [] if host is None else [host._lx]
    if "root" in compiled.variables:
        found["root"] = [] if root is None else [root._lx]
    if compiled.variables & {"focus", "focus_visible", "focus_within"}:
        focus, within = registry.focus_targets(document)
        found["focus"] = [element._lx for element in focus]
        found["focus_visible"] = [element._lx for element in focus[:1]]
        found["focus_within"] = [element._lx for element in within]
    if "scope" in compiled.variables:
        found["scope"] = scope if scope is not None else ([] if root is None else [root._lx])
    return found


# libxml2's document-order keys on a subtree while a query over it runs (document_order_speedups.c):
# None without the extension.  Only the outermost query numbers (a :has() or state test may query
# again from inside, over the same tree).
_NUMBER: Any = getattr(extension, "number_elements", None)
_UNNUMBER: Any = getattr(extension, "unnumber_elements", None)
_numbering = [0]


def _run_all(xpath: etree.XPath, compiled: Compiled, document: Any, lx: Any, variables: dict[str, Any]) -> Any:
    """_run of a query for the elements of *lx*'s subtree (the node-set libxml2 sorts into tree
    order: by keys, not walks to the root, on a deep tree: one the parser met, or one that looks
    deep from *lx*)."""
    if _NUMBER is None or _numbering[0] or not _NUMBER(lx, document._deep):
        return _run(xpath, compiled, document, lx, variables)
    _numbering[0] = 1
    try:
        return _run(xpath, compiled, document, lx, variables)
    finally:
        _UNNUMBER(lx)
        _numbering[0] = 0


def _run(xpath: etree.XPath, compiled: Compiled, document: Any, lx: Any, variables: dict[str, Any]) -> Any:
    try:
        if compiled.python:
            with states.evaluating(document):
                return xpath(lx, **variables)
        return xpath(lx, **variables)
    except etree.XPathError as error:  # pragma: no cover - libxml2 limits (e.g. nesting depth)
        raise DOMSyntaxError(f"the selector could not be evaluated: {error}") from None


# The wrappers of an lxml element's subtree in tree order, by a walk in C (dom/nodes/identity_speedups.c),
# None without the extension.
_SUBTREE_WRAPPERS: Any = getattr(extension, "subtree_wrappers", None)


# Compounds joined by descendant, child and sibling combinators in one walk in C
# (dom/selectors/descendant_combinator_speedups.c), None without it.
_DESCENDANTS_BELOW: Any = getattr(extension, "descendants_below", None)
# Whether the parser's attribute census may hold attributes of given names (cascade_index_speedups.c)
_CENSUS_MAY_HOLD: Any = getattr(extension, "census_may_hold", None)
CompoundKeys = tuple[str | None, str | None, tuple[str, ...], tuple[tuple[int, int, int], ...]]
# The child-index pseudo-classes the walk takes, as conditions (a, b, counted from the end)
# (https://drafts.csswg.org/selectors-4/#child-index)
_PLACES = {"first-child": ((0, 1, 0),), "last-child": ((0, 1, 1),), "only-child": ((0, 1, 0), (0, 1, 1))}
_SERIES = {"nth-child": 0, "nth-last-child": 1}


@lru_cache(maxsize=512)
def combinator_chain(selectors: str) -> tuple[tuple[CompoundKeys, ...], str] | None:
    """For a selector of up to 8 compounds joined by descendant, child and sibling combinators
    (``X Y``, ``ul > li a``, ``p ~ ul``, ``h2 + p``; one compound, with a child index:
    ``li:nth-child(odd)``), each of at most a
    type (no namespace prefix), one id, classes and child-index pseudo-classes without ``of S``:
    each compound as (type lowercased (https://html.spec.whatwg.org/#case-sensitivity-of-selectors)
    or None, id or None, classes, child-index conditions (a, b, from the end)), and the
    combinators; None for any other selector."""
    try:
        parsed = parse_selector_list(selectors)
    except (InvalidSelector, RecursionError):
        return None
    if len(parsed) != 1 or len(parsed[0].compounds) > 8 or not set(parsed[0].combinators) <= {" ", ">", "+", "~"}:
        return None
    chain: list[CompoundKeys] = []
    for compound in parsed[0].compounds:
        if compound.pseudo_element is not None or (compound.type is not None and compound.type.namespace is not None):
            return None
        tag = compound.type.name if compound.type is not None and compound.type.name != "*" else None
        ids: list[str] = []
        classes: list[str] = []
        places: list[tuple[int, int, int]] = []
        for simple in compound.simples:
            if isinstance(simple, IdSelector):
                ids.append(simple.name)
            elif isinstance(simple, ClassSelector):
                classes.append(simple.name)
            elif isinstance(simple, PseudoClass) and simple.name in _PLACES:
                places.extend(_PLACES[simple.name])
            elif isinstance(simple, PseudoClass) and simple.name in _SERIES and simple.argument[2] is None and all(
                    abs(number) < 2**31 for number in simple.argument[:2]):
                places.append((simple.argument[0], simple.argument[1], _SERIES[simple.name]))
            else:
                return None
        # (a name the lxml mirror cannot hold as it is -- U+FFFD, NUL... -- is compared with the
        # true value in Python: xpath.lossy)
        if len(ids) > 1 or len(classes) > 8 or len(places) > 4 or any(
                lossy(name) for name in (tag or "", *ids, *classes)):
            return None
        chain.append((ascii_lowercase(tag) if tag is not None else None, ids[0] if ids else None, tuple(classes),
                      tuple(places)))
    if len(chain) == 1 and not chain[0][3]:
        return None  # (one compound without a child index: XPath's own walk finds it as fast)
    return tuple(chain), "".join(parsed[0].combinators)


def _descendants_below(document: Any, lx: Any, inclusive: bool, selectors: str) -> list[Any] | None:
    """The lxml elements matching *selectors* below *lx* (and *lx* itself with *inclusive*) by
    the walk in C, when the selector is a combinator_chain and *lx*'s tree an HTML document's
    tree of HTML elements; else None (the XPath query answers)."""
    if _DESCENDANTS_BELOW is None or not document._is_html or document._lossy_attributes:
        return None  # (a class the lxml mirror holds lossily is split in Python: xpath.Translator)
    chain = combinator_chain(selectors)
    if chain is None:
        return None
    top, plain = _tree(document, lx)
    if not plain or top.tag == FRAGMENT_TAG:
        return None
    found: list[Any] | None = _DESCENDANTS_BELOW(lx, inclusive, chain[0], chain[1], document._mode == "quirks")
    return found


def query_all(root: Node, selectors: str) -> list[Element]:
    """https://dom.spec.whatwg.org/#dom-parentnode-queryselectorall -> elements in tree order."""

    document: Any = root._doc if root.nodeType != 9 else root
    lx = getattr(root, "_lx", None)
    if root.nodeType in (1, 9) and (" " in selectors or ">" in selectors or "-child" in selectors
                                    or "~" in selectors or "+" in selectors):
        # compounds of a type, an id, classes and child indexes joined by descendant, child and
        # sibling combinators (``.content a``, ``ul > li``, ``tr:nth-child(odd) td``, ``p ~ ul``),
        # the commonest queries, in one walk
        start = lx if lx is not None else getattr(cast("Document", root).documentElement, "_lx", None)
        below = None if start is None else _descendants_below(document, start, lx is None, selectors)
        if below is not None:
            return cast("list[Element]", nodes_for(below, document))
    if selectors == "*":
        # Every element: lxml's iterator gives them in tree order at a third of the cost of
        # XPath's node-set (a walk over a page starts here), a walk over libxml2's nodes in C
        # faster still.
        if lx is None:
            element = cast("Document", root).documentElement
            if element is None:
                return []
            if _SUBTREE_WRAPPERS is not None:
                wrapped = _SUBTREE_WRAPPERS(element._lx, document, True)
                if wrapped is not None:
                    return cast("list[Element]", wrapped)
            found: Any = element._lx.iter(etree.Element)
        else:
            if _SUBTREE_WRAPPERS is not None and root.nodeType == 1:
                wrapped = _SUBTREE_WRAPPERS(lx, document, False)
                if wrapped is not None:
                    return cast("list[Element]", wrapped)
            found = lx.iterdescendants(etree.Element)
        return cast("list[Element]", nodes_for(found, document))
    if lx is None:  # a Document: search from its document element, included
        element = cast("Document", root).documentElement
        if element is None:
            parse(selectors)  # a syntax error is still thrown
            return []
        lx = element._lx
        compiled, _ = _compiled_for(document, lx, selectors)
        if _none_can_match(document, lx, compiled):  # (an attribute no element has: no walk)
            return []
        found = _run_all(compiled.inclusive, compiled, document, lx, _variables(compiled, document, None))
    else:
        compiled, host = _compiled_for(document, lx, selectors)
        if _none_can_match(document, lx, compiled):
            return []
        scope = [lx] if root.nodeType == 1 else []  # a DocumentFragment is no element
        found = _run_all(compiled.descendants, compiled, document, lx, _variables(compiled, document, scope, host))
    return cast("list[Element]", nodes_for(found, document))


def query_first(root: Node, selectors: str) -> Element | None:
    """https://dom.spec.whatwg.org/#dom-parentnode-queryselector"""
    found = query_all(root, selectors)
    return found[0] if found else None


def matches(element: Element, selectors: str) -> bool:
    """https://dom.spec.whatwg.org/#dom-element-matches"""
    document = element._doc
    lx = element._lx
    compiled, host = _compiled_for(document, lx, selectors)
    return bool(_run(compiled.test, compiled, document, lx, _variables(compiled, document, [lx], host)))


def closest(element: Element, selectors: str) -> Element | None:
    """https://dom.spec.whatwg.org/#dom-element-closest"""

    document = element._doc
    lx = element._lx
    compiled, host = _compiled_for(document, lx, selectors)
    variables = _variables(compiled, document, [lx], host)
    node: etree._Element | None = lx
    while node is not None and node.tag != FRAGMENT_TAG:
        if _run(compiled.test, compiled, document, node, variables):
            return cast("Element", node_for(node, document))
        node = node.getparent()
    return None


def matching_in_document(document: Any, selectors: str, shadow: Any = None) -> list[Any]:
    """The lxml elements of *document*'s tree (its document element included) that match
    *selectors*, in tree order, without wrapping them: the cascade (dom/cssom/cascade.py) asks
    this once per selector of a style sheet.  With *shadow* (a shadow root's lxml container),
    those of that shadow tree, as its own style sheets match it."""
    if shadow is not None:
        compiled, host = _compiled_for(document, shadow, selectors)
        variables = _variables(compiled, document, None, host)
        return list(_run_all(compiled.descendants, compiled, document, shadow, variables))
    element = document.documentElement
    if element is None:
        return []
    lx = element._lx
    found = _descendants_below(document, lx, True, selectors)
    if found is not None:
        return found
    compiled, _ = _compiled_for(document, lx, selectors)
    return list(_run_all(compiled.inclusive, compiled, document, lx, _variables(compiled, document, None)))


def matching_below(document: Any, selectors: str, tops: list[Any], shadow: Any = None) -> list[Any]:
    """The lxml elements below each of *tops* (lxml elements of *document*'s tree, or of the
    shadow tree whose container is *shadow*, none inside another) that match *selectors* as a
    style sheet's selectors match the whole tree: the cascade asks this where every match lies
    below a few elements it knows."""
    top = shadow
    if top is None:
        element = document.documentElement
        if element is None:
            return []
        top = element._lx
    compiled, host = _compiled_for(document, top, selectors)
    variables = _variables(compiled, document, None, host)
    found: list[Any] = []
    for top in tops:
        found.extend(_run_all(compiled.descendants, compiled, document, top, variables))
    return found


@lru_cache(maxsize=512)
def _compile_from_anchors(selectors: str, position: int, html_document: bool, plain: bool,
                          quirks: bool, lossy: bool) -> Compiled | None:
    """The query of :func:`matching_from_anchors`, or None when *selectors* is not one complex
    selector whose compound at *position* is followed by a child combinator and the others
    right of it by child and next-sibling combinators."""
    parsed = parse(selectors)
    if len(parsed) != 1 or parsed[0].pseudo_element is not None:
        return None
    selector = parsed[0]
    combinators = selector.combinators
    if not 0 <= position < len(combinators) or combinators[position] != ">" or not all(
            combinator in (">", "+") for combinator in combinators[position:]):
        return None
    translator = Translator(html_document, plain, False, quirks, lossy=lossy)

    def step(test: str, predicates: list[str]) -> str:
        return test + "".join(f"[{predicate}]" for predicate in predicates)

    # the anchor's compound with its relations to the compounds on its left (right to left, as
    # everywhere), then a child step to each compound a child combinator precedes, the last of
    # a run joined by next-sibling combinators, tested right to left against the run (a step
    # along the siblings would make libxml2 merge node-sets with a test for duplicates)
    test, predicates = translator.complex(Complex(selector.compounds[:position + 1], combinators[:position]))
    steps = [step("$anchors/self::" + test, predicates)]
    first = position + 1
    for index in range(position + 1, len(selector.compounds)):
        if index + 1 == len(selector.compounds) or combinators[index] == ">":
            compounds = selector.compounds[first:index + 1]
            # a run that starts with :first-child is the run's length-th element child, a lone
            # :last-child the last (its position then says it): libxml2 takes one child of each
            # parent, and tests it, not every one
            lead = compounds[0]
            place = None
            for name, where in (("first-child", str(len(compounds))), ("last-child", "last()")):
                positional = PseudoClass(name, None)
                if place is None and positional in lead.simples and (name == "first-child" or len(compounds) == 1):
                    place = where
                    compounds = (replace(lead, simples=tuple(s for s in lead.simples if s != positional)),
                                 *compounds[1:])
            test, predicates = translator.complex(Complex(compounds, combinators[first:index]))
            if place is not None:
                predicates = ([] if test == "*" else [f"self::{test}"]) + predicates
                test = f"*[{place}]"
            steps.append(step("child::" + test, predicates))
            first = index + 1
    query = "/".join(steps)
    try:
        xpath = _xpath(query)
    except (etree.XPathError, RecursionError):  # pragma: no cover - libxml2 limits: the caller's other ways
        return None
    return Compiled(xpath, xpath, xpath, frozenset(translator.variables), "wd:" in query)


def matching_from_anchors(document: Any, selectors: str, position: int, anchors: list[Any]) -> list[Any] | None:
    """The lxml elements of *document*'s tree that match *selectors* (one complex selector),
    in tree order, found left to right from *anchors*: a list of lxml elements of the tree that
    holds every element matching its compound at *position*, right of which come only child
    and next-sibling combinators (``#table > tbody > tr > td:first-child + td``: a few steps
    down from each anchor, where a query over the tree would test every ``td`` upwards).  None
    when the selector is not of that shape.  The cascade asks this for selectors whose
    compound there its index narrows to few elements."""
    element = document.documentElement
    if element is None:
        return []
    lx = element._lx
    top, plain = _tree(document, lx)
    if top.tag == FRAGMENT_TAG:
        return None
    compiled = _compile_from_anchors(selectors, position, document._is_html, plain, document._mode == "quirks",
                                     document._lossy_attributes)
    if compiled is None:
        return None
    variables = _variables(compiled, document, None)
    variables["anchors"] = anchors
    return list(_run_all(compiled.descendants, compiled, document, lx, variables))


@lru_cache(maxsize=1024)
def _compile_among(selectors: str, html_document: bool, plain: bool, quirks: bool, lossy: bool) -> etree.XPath | None:
    translator = Translator(html_document, plain, False, quirks, lossy=lossy)
    try:
        return _xpath(translator.among(parse(selectors), "candidates"))
    except (etree.XPathError, RecursionError):  # pragma: no cover - libxml2 limits: the caller tests each
        return None


def matching_among(document: Any, selectors: str, candidates: list[Any]) -> list[Any] | None:
    """The *candidates*, lxml elements of *document*'s tree, that match *selectors*, in their
    order, by one query over them all (the cascade's few candidates from its index: one
    evaluation, not one per element); None where each needs its own (``:scope`` is the element
    tested) or the tree is not the document's."""
    element = document.documentElement
    if element is None:
        return None
    compiled, host = _compiled_for(document, element._lx, selectors)
    if "scope" in compiled.variables or host is not None:
        return None
    top, plain = _tree(document, element._lx)
    if top.tag == FRAGMENT_TAG:
        return None
    xpath = _compile_among(selectors, document._is_html, plain, document._mode == "quirks", document._lossy_attributes)
    if xpath is None:
        return None
    variables = _variables(compiled, document, None)
    variables["candidates"] = candidates
    found = set(_run(xpath, compiled, document, element._lx, variables))
    return [lx for lx in candidates if lx in found]


def element_matcher(document: Any, selectors: str, shadow: Any = None) -> Any:
    """A function telling whether an lxml element of *document*'s tree (or of the shadow tree
    whose container is *shadow*) matches *selectors* (the cascade tests its candidates from an
    index with it, where few elements can match)."""
    if shadow is not None:
        compiled, host = _compiled_for(document, shadow, selectors)
    else:
        element = document.documentElement
        if element is None:
            return lambda lx: False
        compiled, host = _compiled_for(document, element._lx, selectors)
    test = compiled.test
    if not compiled.variables and not compiled.python:
        return lambda lx: bool(test(lx))
    return lambda lx: bool(_run(test, compiled, document, lx, _variables(compiled, document, [lx], host)))


@lru_cache(maxsize=512)
def _compile_one(selector: Complex | Compound, html_document: bool, plain: bool, fragment: bool, quirks: bool,
                 shadow: bool, host: bool, lossy: bool) -> tuple[etree.XPath | None, frozenset[str], bool]:
    translator = Translator(html_document, plain, fragment, quirks, shadow, lossy)
    if host:
        assert isinstance(selector, Compound)
        found = translator.featureless(selector)
        if found is None:
            return None, frozenset(), False
        text = f"boolean({found})"
    elif isinstance(selector, Compound):
        text = translator.test((Complex((selector,), ()),))
    else:
        text = translator.test((selector,))
    try:
        return _xpath(text), frozenset(translator.variables), "wd:" in text
    except etree.XPathError as error:  # pragma: no cover - libxml2 limits
        raise DOMSyntaxError(f"the selector could not be evaluated: {error}") from None


def parsed_matcher(document: Any, lx: Any, selector: Complex | Compound) -> Any:
    """A function telling whether an lxml element of *lx*'s tree matches *selector*, a parsed
    complex selector (its pseudo-element, if any, dropped by the caller) or compound selector:
    the cascade tests slots and the elements assigned to them with it
    (https://drafts.csswg.org/css-scoping/#slotted-pseudo)."""
    top, plain = _tree(document, lx)
    fragment = top.tag == FRAGMENT_TAG
    wrapper = document._nodes.get(top) if fragment else None
    host = getattr(wrapper, "_host", None) if getattr(wrapper, "_is_shadow_root", False) else None
    xpath, variables, python = _compile_one(selector, document._is_html, plain, fragment,
                                            document._mode == "quirks", host is not None, False,
                                            document._lossy_attributes)
    assert xpath is not None
    compiled = Compiled(xpath, xpath, xpath, variables, python)
    if not variables and not python:
        return lambda node: bool(xpath(node))
    return lambda node: bool(_run(xpath, compiled, document, node, _variables(compiled, document, [node], host)))


def matches_shadow_host(document: Any, shadow: Any, compound: Compound) -> bool:
    """Whether *compound*, the only compound of a selector of a shadow tree's style sheet,
    matches that tree's host, featureless there (https://drafts.csswg.org/css-scoping/#host-element-in-tree):
    only through :host and :host() (https://drafts.csswg.org/css-scoping/#host-selector).
    *shadow* is the shadow root's lxml container."""
    _top, plain = _tree(document, shadow)
    wrapper = document._nodes.get(shadow)
    host = getattr(wrapper, "_host", None)
    if host is None:
        return False
    xpath, variables, python = _compile_one(compound, document._is_html, plain, True, document._mode == "quirks",
                                            True, True, document._lossy_attributes)
    if xpath is None:
        return False
    compiled = Compiled(xpath, xpath, xpath, variables, python)
    return bool(_run(xpath, compiled, document, shadow, _variables(compiled, document, None, host)))


def matching_in_scope(document: Any, selectors: str, root: Any, shadow: Any = None) -> list[Any]:
    """The lxml elements of *root*'s subtree (*root* included) that match *selectors* with
    ``:scope`` meaning *root*, as the selectors of an ``@scope`` rule match from one of its
    scoping roots (https://drafts.csswg.org/css-cascade-6/#scope-atrule); the other compounds
    match anywhere in the tree (of *document*, or the shadow tree whose container is *shadow*)."""
    compiled, host = _compiled_for(document, shadow if shadow is not None else root, selectors)
    return list(_run(compiled.inclusive, compiled, document, root, _variables(compiled, document, [root], host)))


# The node tree, below this floor, reaches the selector engine (querySelector, matches, closest)
# through dom.registry, whose stand-ins load this module when one is first called (dom/__init__.py).
registry.query_first = query_first
registry.query_all = query_all
registry.matches = matches
registry.closest = closest
