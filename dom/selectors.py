"""Selectors over the lxml mirror: querySelector(All), matches, closest.

https://dom.spec.whatwg.org/#scope-match-a-selectors-string

cssselect (a well-kept CSS-to-XPath translator) turns a selector list into XPath, which lxml
evaluates at C speed; this module adapts the translation to the DOM's rules and to how
dom/storage.py stores names:

* type selectors: HTML elements of HTML documents are stored unnamespaced, lowercase, and
  match the selector ASCII-lowercased; elements of other namespaces match case-sensitively by
  local name (``svg rect``, ``foreignObject``), as a type selector without a default namespace
  matches any namespace;
* selectors the DOM knows to be valid but that need a browser (``:hover``, ``:focus``,
  ``:visited``, ``:target``...) match nothing; anything cssselect cannot parse is a
  "SyntaxError" DOMException;
* querySelectorAll matches the selector against the whole tree, then keeps the context's
  descendants (``el.querySelectorAll("div p")`` finds p inside el whose div ancestor may be
  outside el).

Translations are cached per (selector, document kind).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cssselect import ExpressionError, GenericTranslator, HTMLTranslator, SelectorError, parse
from cssselect.parser import CombinedSelector, parse_series
from cssselect.xpath import XPathExpr, is_safe_name
from lxml import etree

from webidl import DOMSyntaxError

from .storage import FRAGMENT_TAG

if TYPE_CHECKING:
    from .nodes.element import Element
    from .nodes.node import Node

__all__ = ["query_all", "query_first", "matches", "closest"]


class _DOMTranslator(HTMLTranslator):
    """cssselect's HTML translator, adapted to the DOM's matching rules and our storage.

    In an HTML document's lxml tree, the empty namespace means HTML and null-namespace elements
    live in ``urn:x-webdom:null``; in an XML document the empty namespace is the null namespace
    and names match case-sensitively.
    """

    def __init__(self, html_document: bool, plain: bool = False) -> None:
        super().__init__()
        self.html_document = html_document
        # A "plain" translation is only used on trees without namespaced elements (checked per
        # tree and mutation, see _plain_tree): there a type selector is an XPath name test,
        # which libxml2 evaluates several times faster than local-name() comparisons.
        self.plain = plain
        self.lower_case_element_names = html_document
        self.lower_case_attribute_names = html_document

    def xpath_element(self, selector: Any) -> XPathExpr:
        element = selector.element
        namespace = selector.namespace
        if namespace == _NULL_PREFIX:
            namespace = ""
        if namespace not in (None, "*", ""):
            # No @namespace rules exist for the DOM APIs, so every prefix is undeclared.
            raise ExpressionError(f"undeclared namespace prefix {namespace!r}")
        xpath = XPathExpr(element="*")
        null = "'urn:x-webdom:null'" if self.html_document else "''"
        if not element or element == "*":
            if namespace == "":
                xpath.add_condition(f"namespace-uri() = {null}")
            return xpath
        if namespace == "":
            if self.plain:  # no element of the tree is namespaced, none is in the null namespace
                return xpath.add_condition("0") if self.html_document else _name_test(xpath, element)
            return xpath.add_condition(f"local-name() = {self.xpath_literal(element)} and namespace-uri() = {null}")
        lower = element.lower() if element.isascii() and self.html_document else element
        if self.plain:  # every element is unnamespaced: HTML elements (HTML document) or null
            return _name_test(xpath, lower)
        if lower == element:  # both branches below compare the local name with the same string
            return xpath.add_condition(f"local-name() = {self.xpath_literal(element)}")
        # HTML elements (unnamespaced in lxml) match the lowercased name; others match exactly.
        xpath.add_condition(
            f"(namespace-uri() = '' and local-name() = {self.xpath_literal(lower)})"
            f" or (namespace-uri() != '' and local-name() = {self.xpath_literal(element)})"
        )
        return xpath

    # Element-type dependent pseudo-classes need the element's own name in XPath 1.0.
    def _same_type(self) -> str:
        return "*[local-name() = local-name(current()) and namespace-uri() = namespace-uri(current())]"

    # Pseudo-classes that depend on user interaction or navigation never match here.
    def _never(self, xpath: XPathExpr) -> XPathExpr:
        return xpath.add_condition("0")

    xpath_hover_pseudo = xpath_active_pseudo = xpath_focus_pseudo = _never
    xpath_visited_pseudo = xpath_target_pseudo = _never

    def xpath_focus_within_pseudo(self, xpath: XPathExpr) -> XPathExpr:
        return self._never(xpath)

    def xpath_focus_visible_pseudo(self, xpath: XPathExpr) -> XPathExpr:
        return self._never(xpath)

    def xpath_any_link_pseudo(self, xpath: XPathExpr) -> XPathExpr:
        return xpath.add_condition(
            "@href and (local-name() = 'a' or local-name() = 'area') and namespace-uri() = ''"
        )

    def xpath_link_pseudo(self, xpath: XPathExpr) -> XPathExpr:
        return self.xpath_any_link_pseudo(xpath)

    def xpath_defined_pseudo(self, xpath: XPathExpr) -> XPathExpr:
        return xpath  # no custom elements here: every element is defined

    def xpath_required_pseudo(self, xpath: XPathExpr) -> XPathExpr:
        return xpath.add_condition(
            "@required and namespace-uri() = '' and "
            "(local-name() = 'input' or local-name() = 'select' or local-name() = 'textarea')"
        )

    def xpath_optional_pseudo(self, xpath: XPathExpr) -> XPathExpr:
        return xpath.add_condition(
            "not(@required) and namespace-uri() = '' and "
            "(local-name() = 'input' or local-name() = 'select' or local-name() = 'textarea')"
        )


    # :nth-of-type and friends, for any element type: XPath 1.0 cannot say "siblings with my
    # name" inside a predicate, so the position among same-type siblings comes from an XPath
    # extension function (see _of_type_position below).
    def _of_type(self, xpath: XPathExpr, a: int, b: int, last: bool) -> XPathExpr:
        position = f"webdom:of-type-position({'true()' if last else 'false()'})"
        if a == 0:
            return xpath.add_condition(f"{position} = {b}")
        return xpath.add_condition(f"(({position} - {b}) mod {a}) = 0 and (({position} - {b}) * {a}) >= 0")

    def xpath_nth_of_type_function(self, xpath: XPathExpr, function: Any) -> XPathExpr:
        a, b = parse_series(function.arguments)
        return self._of_type(xpath, a, b, last=False)

    def xpath_nth_last_of_type_function(self, xpath: XPathExpr, function: Any) -> XPathExpr:
        a, b = parse_series(function.arguments)
        return self._of_type(xpath, a, b, last=True)

    def xpath_first_of_type_pseudo(self, xpath: XPathExpr) -> XPathExpr:
        return self._of_type(xpath, 0, 1, last=False)

    def xpath_last_of_type_pseudo(self, xpath: XPathExpr) -> XPathExpr:
        return self._of_type(xpath, 0, 1, last=True)

    def xpath_only_of_type_pseudo(self, xpath: XPathExpr) -> XPathExpr:
        return xpath.add_condition("webdom:of-type-position(false()) = 1 and webdom:of-type-position(true()) = 1")


def _name_test(xpath: XPathExpr, name: str) -> XPathExpr:
    """*xpath* restricted to unnamespaced elements named *name*, as a name test if it can be."""
    if is_safe_name(name):
        xpath.element = name
        return xpath
    return xpath.add_condition(f"local-name() = {GenericTranslator.xpath_literal(name)} and namespace-uri() = ''")


_TRANSLATORS = {
    (True, False): _DOMTranslator(True),
    (False, False): _DOMTranslator(False),
    (True, True): _DOMTranslator(True, plain=True),
    (False, True): _DOMTranslator(False, plain=True),
}
_FUNCTIONS_NS = "urn:x-webdom:selectors"


def _of_type_position(context: Any, from_end: bool) -> int:
    """1-based position of the context element among its siblings of the same type."""
    node = context.context_node
    tag = node.tag
    siblings = node.itersiblings(tag=tag) if from_end else node.itersiblings(tag=tag, preceding=True)
    return 1 + sum(1 for _ in siblings)


etree.FunctionNamespace(_FUNCTIONS_NS)["of-type-position"] = _of_type_position
_NAMESPACES = {"webdom": _FUNCTIONS_NS}


# https://drafts.csswg.org/css-pseudo-4/ and friends: the pseudo-elements a browser knows.  They
# are valid in a selector list (and never match an element); an unknown one is a syntax error.
KNOWN_PSEUDO_ELEMENTS = frozenset({
    "before", "after", "first-line", "first-letter", "marker", "placeholder", "selection", "backdrop",
    "file-selector-button", "target-text", "spelling-error", "grammar-error", "highlight", "slotted", "part",
    "cue", "cue-region", "details-content", "picker", "picker-icon", "checkmark", "scroll-marker",
    "scroll-marker-group", "scroll-button", "column", "view-transition", "view-transition-group",
    "view-transition-image-pair", "view-transition-old", "view-transition-new",
})
# "|name" (the null namespace) is lost by cssselect's parser; it is rewritten to this prefix first.
_NULL_PREFIX = "webdom-null-namespace"
_NULL_NAMESPACE_BAR = re.compile(r"(?<![\\\w*|-])\|(?=[\w*\\-])")


def _close_at_eof(selectors: str) -> str:
    """CSS error recovery at the end of input: close open strings, brackets and parentheses
    (https://drafts.csswg.org/css-syntax/#consume-simple-block), so ``[a="b"`` is ``[a="b"]``."""
    closers: list[str] = []
    quote = ""
    i = 0
    n = len(selectors)
    while i < n:
        c = selectors[i]
        if c == "\\":
            i += 2
            continue
        if quote:
            if c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c == "[":
            closers.append("]")
        elif c == "(":
            closers.append(")")
        elif c in ")]" and closers and closers[-1] == c:
            closers.pop()
        i += 1
    if not quote and not closers:
        return selectors
    return selectors + quote + "".join(reversed(closers))


@lru_cache(maxsize=1024)
def _compile(
    selectors: str, html_document: bool = True, plain: bool = False
) -> tuple[etree.XPath, etree.XPath | None]:
    """(XPath over a whole tree, XPath testing one element or None) for a selector list.

    The one-element test exists only for lists without combinators: a ``self::`` path cannot
    look at ancestors or siblings, so those are tested by membership in the tree-wide result.
    """
    try:
        parsed = parse(_NULL_NAMESPACE_BAR.sub(_NULL_PREFIX + "|", _close_at_eof(selectors)))
        # A selector with a pseudo-element is valid but matches no element.
        for sel in parsed:
            pseudo = sel.pseudo_element
            name = pseudo if isinstance(pseudo, str) else getattr(pseudo, "name", None)
            if pseudo is not None and (name or "").lower() not in KNOWN_PSEUDO_ELEMENTS:
                raise ExpressionError(f"unknown pseudo-element ::{name}")
        kept = [sel for sel in parsed if sel.pseudo_element is None]
        translator = _TRANSLATORS[html_document, plain]
        tree_parts = [translator.selector_to_xpath(sel, "descendant-or-self::") for sel in kept]
        simple = all(not isinstance(sel.parsed_tree, CombinedSelector) for sel in kept)
        self_parts = [translator.selector_to_xpath(sel, "self::") for sel in kept] if simple else None
    except (SelectorError, ExpressionError, ValueError, TypeError) as error:
        raise DOMSyntaxError(f"{selectors!r} is not a valid selector: {error}") from None
    never = "self::*[0]"
    tree_xpath = " | ".join(tree_parts) or never
    self_xpath = (" | ".join(self_parts) or never) if self_parts is not None else None
    try:
        return (
            etree.XPath(tree_xpath, namespaces=_NAMESPACES),
            etree.XPath(self_xpath, namespaces=_NAMESPACES) if self_xpath else None,
        )
    except etree.XPathError as error:  # pragma: no cover - a translation we cannot evaluate
        raise DOMSyntaxError(f"{selectors!r} could not be evaluated: {error}") from None


def _tree_root_lx(node: Node) -> Any:
    """The lxml node from which the whole tree containing *node* can be searched."""
    lx = getattr(node, "_lx", None)
    if lx is None:  # a Document
        root = node.documentElement  # type: ignore[attr-defined]
        return None if root is None else root._lx
    top = lx
    parent = top.getparent()
    while parent is not None:
        top = parent
        parent = top.getparent()
    return top


_HAS_NAMESPACED = etree.XPath("boolean(descendant::*[namespace-uri() != ''])")


def _plain_tree(document: Any, top: Any) -> bool:
    """Whether no element of the lxml tree under *top* is namespaced (the usual parsed HTML
    page without SVG or MathML), remembered until the document's next mutation."""
    cached = document.__dict__.get("_plain_tree")
    version = document._version
    if cached is not None and cached[0] == version and cached[1] is top:
        return cached[2]  # type: ignore[no-any-return]
    # A DocumentFragment's container (never matched by a type selector) does not count.
    tag = top.tag
    plain = (tag[0] != "{" or tag == FRAGMENT_TAG) and not _HAS_NAMESPACED(top)
    document.__dict__["_plain_tree"] = (version, top, plain)
    return plain


def query_all(root: Node, selectors: str) -> list[Element]:
    """https://dom.spec.whatwg.org/#dom-parentnode-queryselectorall -> elements in tree order."""
    from .nodes.node import node_for

    document: Any = root._doc if root.nodeType != 9 else root
    top = _tree_root_lx(root)
    if top is None:
        _compile(selectors, document._is_html)  # a syntax error is still thrown
        return []
    tree_xpath, _ = _compile(selectors, document._is_html, _plain_tree(document, top))
    found = tree_xpath(top)  # elements only: every translated path ends in an element step
    get = document._nodes.get
    context_lx = getattr(root, "_lx", None)
    if context_lx is not None and context_lx is not top:
        inside = _descendant_test(context_lx)
        found = [lx for lx in found if inside(lx)]
    elif context_lx is not None:  # the root of its tree: everything but itself
        found = [lx for lx in found if lx is not context_lx]
    return [n if (n := get(lx)) is not None else node_for(lx, document) for lx in found]  # type: ignore[misc]


def _descendant_test(context_lx: Any) -> Any:
    def inside(lx: Any) -> bool:
        parent = lx.getparent()
        while parent is not None:
            if parent is context_lx:
                return True
            parent = parent.getparent()
        return False

    return inside


def query_first(root: Node, selectors: str) -> Element | None:
    """https://dom.spec.whatwg.org/#dom-parentnode-queryselector"""
    found = query_all(root, selectors)
    return found[0] if found else None


def matches(element: Element, selectors: str) -> bool:
    """https://dom.spec.whatwg.org/#dom-element-matches"""
    tree_xpath, self_xpath = _compile(selectors, element._doc._is_html)
    if self_xpath is not None:
        return bool(self_xpath(element._lx))
    lx = element._lx
    return any(found is lx for found in tree_xpath(_tree_root_lx(element)))


def closest(element: Element, selectors: str) -> Element | None:
    """https://dom.spec.whatwg.org/#dom-element-closest"""
    tree_xpath, self_xpath = _compile(selectors, element._doc._is_html)
    matched = None if self_xpath is not None else set(tree_xpath(_tree_root_lx(element)))
    node: Any = element
    while node is not None and node.nodeType == 1:
        if (self_xpath(node._lx) if self_xpath is not None else node._lx in matched):  # type: ignore[operator]
            return node
        node = node.parentNode
    return None
