"""Translating a parsed selector list to XPath 1.0 over the lxml mirror.

Selectors match right to left, and so does the XPath written here: ``.item p`` becomes
``descendant::p[ancestor::*[contains(...' item ')][1]]`` (each candidate ``p`` looks up its own
ancestors, up to the nearest match), never ``descendant-or-self::*[...]/descendant::p``, whose intermediate node-sets
grow with the depth times the breadth of the tree.  (From the top of a document's tree, ``.item p``
is the ``p`` below the outermost ``.item`` elements, whose subtrees do not overlap: see
``Translator._below_outermost``.)  A complex selector is thus a predicate on
the subject element, and the same predicate serves ``querySelectorAll`` (from the context node,
``descendant::``), ``matches`` and ``closest`` (``self::``), ``:is()``/``:not()``/``:nth-child(of S)``
(nested as boolean tests) and the siblings counted by ``:nth-child(of S)``.

What XPath over attributes cannot know (checkedness, validity, language, directionality...)
is asked of the DOM through XPath extension functions (``wd:state``, ``wd:lang``, ``wd:dir``,
``wd:nth``, see states.py), placed after the cheap tests so that they run for few elements.

Names and case (https://html.spec.whatwg.org/#case-sensitivity-of-selectors): HTML elements of
HTML documents are stored unnamespaced and lowercase (dom/lxml_mirror.py); a type selector or an
attribute name is ASCII-lowercased against them and compared exactly against other elements.
A *plain* tree (no namespaced element, the usual HTML page) lets type selectors be XPath name
tests, which libxml2 evaluates several times faster than ``local-name()`` comparisons.
"""

from __future__ import annotations

import json
import re

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase

from ..lxml_mirror import ESCAPED_NS, NULL_NS, attr_key_for, xml_safe
from .parser import (
    AttributeSelector,
    ClassSelector,
    Complex,
    Compound,
    IdSelector,
    PseudoClass,
    TypeSelector,
)

__all__ = ["Translator", "NAMESPACES", "FUNCTIONS_NS", "NEVER_MATCHING"]

FUNCTIONS_NS = "urn:x-webdom:selectors"
NAMESPACES = {"wd": FUNCTIONS_NS, "wdf": "urn:x-webdom", "h": HTML_NAMESPACE}
_FRAGMENT_TEST = "not(self::wdf:fragment)"  # a DocumentFragment's container is no element
_SAFE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
_UPPER = "'ABCDEFGHIJKLMNOPQRSTUVWXYZ'"
_LOWER = "'abcdefghijklmnopqrstuvwxyz'"
_CSS_WHITESPACE = frozenset(" \t\n\r\f")
FALSE = "false()"

# https://html.spec.whatwg.org/#case-sensitivity-of-selectors: values compared ASCII
# case-insensitively on HTML elements of HTML documents.
CASE_INSENSITIVE_ATTRIBUTES = frozenset({
    "accept", "accept-charset", "align", "alink", "axis", "bgcolor", "charset", "checked", "clear", "codetype",
    "color", "compact", "declare", "defer", "dir", "direction", "disabled", "enctype", "face", "frame", "hreflang",
    "http-equiv", "lang", "language", "link", "media", "method", "multiple", "nohref", "noresize", "noshade",
    "nowrap", "readonly", "rel", "rev", "rules", "scope", "scrolling", "selected", "shape", "target", "text",
    "type", "valign", "valuetype", "vlink",
})

# Pseudo-classes that need a user, a navigation, focus, layout, shadow trees or media playback.
_NEVER = frozenset({
    "visited", "hover", "active", "target", "user-valid",
    "user-invalid", "fullscreen", "picture-in-picture", "host", "xr-overlay", "autofill", "-webkit-autofill",
    "playing", "seeking", "buffering", "stalled", "volume-locked", "state",
    # no navigation to a fragment, so no target element (as :target); no timeline (:current(S) too)
    "target-within", "current", "past", "future",
})
NEVER_MATCHING = _NEVER  # (the cascade skips a selector that needs one of them)
# Element-state pseudo-classes answered by states.py, with the HTML elements they can match.
_STATE_ELEMENTS = {
    "checked": ("input", "option"),
    "default": ("input", "option", "button"),
    "enabled": ("button", "input", "select", "textarea", "optgroup", "option", "fieldset"),
    "disabled": ("button", "input", "select", "textarea", "optgroup", "option", "fieldset"),
    "required": ("input", "select", "textarea"),
    "optional": ("input", "select", "textarea"),
    "valid": ("input", "select", "textarea", "button", "form", "fieldset"),
    "invalid": ("input", "select", "textarea", "button", "form", "fieldset"),
    "in-range": ("input",),
    "out-of-range": ("input",),
    "placeholder-shown": ("input", "textarea"),
    "modal": ("dialog",),
}


def literal(value: str) -> str:
    """*value* as an XPath 1.0 string literal (concat() when it holds both quote kinds), with
    the characters the lxml mirror cannot hold replaced as the mirror replaces them."""
    value = xml_safe(value)
    if "'" not in value:
        return f"'{value}'"
    if '"' not in value:
        return f'"{value}"'
    return "concat(" + ", \"'\", ".join(f"'{part}'" for part in value.split("'")) + ")"


def lossy(value: str) -> bool:
    """Whether the lxml mirror cannot tell *value* from other strings: it holds U+FFFD for the
    characters XML cannot hold (NUL, lone surrogates...), so a literal test only finds candidates
    and the true value is compared in Python (``wd:attribute-is``, ``wd:has-class``)."""
    return "\ufffd" in value or xml_safe(value) != value


def _true_literal(value: str) -> str:
    """*value* as JSON in an XPath literal: ASCII only, so NUL and lone surrogates survive."""
    return literal(json.dumps(value))


def _step(axis_and_test: str, predicates: list[str]) -> str:
    return axis_and_test + "".join(f"[{p}]" for p in predicates)


def _nth_formula(a: int, b: int, position: str) -> str:
    """position = a*n + b for some n >= 0 (https://drafts.csswg.org/css-syntax-3/#anb-microsyntax)."""
    if a == 0:
        return f"{position} = {b}"
    return f"({position} - {b}) mod {a} = 0 and ({position} - {b}) div {a} >= 0"


def _nth_child_formula(a: int, b: int, preceding: str) -> str:
    """:data:`_nth_formula` of the position ``count(preceding) + 1``, *preceding* counted once
    where it can be (libxml2 evaluates an expression as often as it is written): with a > 0 and
    b <= 1, n = (position - b) / a is never negative (the position is at least 1)."""
    if a > 0 and b <= 1:
        return f"count({preceding}) mod {a} = 0" if b == 1 else f"(count({preceding}) + {1 - b}) mod {a} = 0"
    return _nth_formula(a, b, f"(count({preceding}) + 1)")


class Translator:
    """Selector AST -> XPath for one kind of tree.

    ``html_document``: names fold case and HTML elements are unnamespaced; ``plain``: no element
    of the tree is namespaced; ``fragment``: the tree's top is a DocumentFragment's container,
    which ancestor and parent steps must skip; ``quirks``: IDs and classes match ASCII
    case-insensitively (https://dom.spec.whatwg.org/#concept-document-quirks).
    ``shadow``: that container is a shadow root's, standing for the featureless shadow host
    (see :meth:`featureless`).  ``lossy``: an attribute value of the document holds characters
    the lxml mirror cannot (dom/lxml_mirror.py: U+FFFD there), so a class or ``~=`` test, which
    splits the value at ASCII whitespace (a form feed among it), asks the true value of those.
    ``variables`` collects the XPath variables the translation uses ($root, $scope, $host).
    """

    def __init__(self, html_document: bool, plain: bool, fragment: bool, quirks: bool, shadow: bool = False,
                 lossy: bool = False) -> None:
        self.html_document = html_document
        self.plain = plain
        self.fragment = fragment
        self.quirks = quirks
        self.shadow = shadow
        self.lossy = lossy
        self.h = "" if html_document else "h:"  # how an XPath name test reaches HTML elements
        self.variables: set[str] = set()

    # -- whole selectors --------------------------------------------------------------------------

    def query(self, selectors: tuple[Complex, ...], axis: str = "descendant") -> str:
        """An XPath finding, in tree order, the descendants of the context node that match
        (with *axis* "descendant-or-self", the context node too: the top of a document's tree)."""
        parts = []
        for selector in selectors:
            if selector.pseudo_element is not None:
                continue  # valid, but represents no element
            below = self._below_outermost(selector) if axis == "descendant-or-self" else None
            if below is None:
                test, predicates = self.complex(selector)
                below = _step(f"{axis}::{test}", predicates)
            parts.append(below)
        return " | ".join(parts) or "self::*[false()]"

    def _below_outermost(self, selector: Complex) -> str | None:
        """``X Y`` queried from the top of a document's tree, where every ancestor of an element
        is in the tree searched: the Y elements below the outermost X elements (those with no X
        ancestor), whose subtrees are disjoint, so that each element is visited at most once
        and X is tested once per element rather than once per ancestor of each Y.  Only for an
        X of type, id, class and attribute selectors (cheap to test on every element); None
        otherwise."""
        if self.fragment or len(selector.compounds) != 2 or selector.combinators[0] != " ":
            return None
        left, subject = selector.compounds
        if not all(isinstance(simple, (IdSelector, ClassSelector, AttributeSelector)) for simple in left.simples):
            return None
        test, predicates = self.compound(left)
        if any("$" in predicate or "wd:" in predicate for predicate in predicates):
            return None
        # no X parent, then no X ancestor: in a chain of nested X, the parent decides at once
        parent = _step(f"parent::{test}", predicates)
        nearest = _step(f"ancestor::{test}", predicates) + "[1]"
        outermost = _step(f"descendant-or-self::{test}", [*predicates, f"not({parent})", f"not({nearest})"])
        subject_test, subject_predicates = self.compound(subject)
        return f"{outermost}/{_step(f'descendant::{subject_test}', subject_predicates)}"

    def test(self, selectors: tuple[Complex, ...]) -> str:
        """An XPath boolean: the context element matches."""
        parts = [_step(f"self::{test}", predicates) for test, predicates in self._subjects(selectors)]
        return f"boolean({' | '.join(parts)})" if parts else FALSE

    def among(self, selectors: tuple[Complex, ...], variable: str) -> str:
        """An XPath finding, in tree order, the elements of the node-set variable *variable*
        that match (test's expression for many elements at once)."""
        parts = [_step(f"${variable}/self::{test}", predicates) for test, predicates in self._subjects(selectors)]
        return " | ".join(parts) or "self::*[false()]"

    def _subjects(self, selectors: tuple[Complex, ...]) -> list[tuple[str, list[str]]]:
        # A selector with a pseudo-element is valid but represents no element.
        return [self.complex(selector) for selector in selectors if selector.pseudo_element is None]

    def matches(self, selectors: tuple[Complex, ...]) -> str:
        """A boolean expression: the context element matches one of *selectors* (for :is() and
        friends)."""
        parts = [_step(f"self::{test}", predicates) for test, predicates in self._subjects(selectors)]
        if not parts:
            return FALSE
        return parts[0] if len(parts) == 1 else "(" + " or ".join(parts) + ")"

    # -- complex selectors, right to left ----------------------------------------------------------

    def complex(self, selector: Complex, index: int | None = None) -> tuple[str, list[str]]:
        """(name test, predicates) of the compound at *index* (the subject by default), its
        predicates ending with the relation to the compounds on its left."""
        if index is None:
            index = len(selector.compounds) - 1
        test, predicates = self.compound(selector.compounds[index])
        if index > 0:
            predicates.append(self._relation(selector.combinators[index - 1], selector, index - 1))
        return test, predicates

    def _relation(self, combinator: str, selector: Complex, index: int) -> str:
        """The predicate: the element related by *combinator* matches the compound at *index*.
        On the many-node axes (ancestors, preceding siblings) it ends with ``[1]``, the nearest
        match: the same truth value, and libxml2 stops at the first match instead of testing
        every ancestor (a descendant combinator on a deep tree costs the distance to the nearest
        match, not the depth).  A descendant combinator asks the parent first: libxml2 still
        gathers the whole ancestor axis before it tests, which a match in the parent skips."""
        test, predicates = self.complex(selector, index)
        if combinator in (" ", ">"):
            axis = "ancestor" if combinator == " " else "parent"
            nearest = "[1]" if combinator == " " else ""
            if self.fragment and test == "*":
                # In a shadow tree the host stands where the shadow root is; it has no parent
                # or sibling there, so only a leftmost compound can match it.
                host = self.featureless(selector.compounds[index]) if self.shadow and index == 0 else None
                if host is not None:
                    light = " and ".join([_FRAGMENT_TEST, *predicates])
                    return f"{axis}::*[({light}) or (self::wdf:fragment and {host})]{nearest}"
                predicates.insert(0, _FRAGMENT_TEST)
            if combinator == " " and not self.fragment:
                # the parent first: libxml2 gathers every ancestor before testing the nearest,
                # so a match in the parent (nested lists, a link in its block) costs one test
                return f"({_step('parent::' + test, predicates)} or {_step(f'ancestor::{test}', predicates)}[1])"
            return _step(f"{axis}::{test}", predicates) + nearest
        if combinator == "~":
            return _step(f"preceding-sibling::{test}", predicates) + "[1]"
        # "+": the nearest preceding element sibling, whatever its name
        if test != "*":
            predicates.insert(0, f"self::{test}")
        return _step("preceding-sibling::*[1]", predicates)

    def relative(self, selector: Complex) -> str:
        """A relative selector of :has(), left to right from the anchor element."""
        steps = []
        for combinator, compound in zip(selector.combinators, selector.compounds):
            test, predicates = self.compound(compound)
            if combinator == " ":
                steps.append(_step(f"descendant::{test}", predicates))
            elif combinator == ">":
                steps.append(_step(f"child::{test}", predicates))
            elif combinator == "~":
                steps.append(_step(f"following-sibling::{test}", predicates))
            else:
                if test != "*":
                    predicates.insert(0, f"self::{test}")
                steps.append(_step("following-sibling::*[1]", predicates))
        return "/".join(steps)

    # -- the featureless shadow host (https://drafts.csswg.org/css-scoping/#host-element-in-tree) --

    def featureless(self, compound: Compound) -> str | None:
        """An XPath boolean for *compound* matching the shadow host from inside its shadow tree,
        where the host is featureless (https://drafts.csswg.org/selectors-4/#featureless): only
        :host and :host() match it, and the logical combinations whose arguments may (:is(:host)
        does; :not(.x) and :host.x do not).  None when the compound cannot match it at all."""
        kind = compound.type
        if kind is not None and not (kind.name == "*" and kind.namespace in (None, "*")):
            return None  # a type selector never matches a featureless element
        tests = [self._featureless_simple(simple) for simple in compound.simples]
        found = [test for test in tests if test is not None]
        if not found or len(found) < len(tests):
            return None
        return " and ".join(found)

    def _featureless_simple(self, simple: object) -> str | None:
        if not isinstance(simple, PseudoClass):
            return None
        name, argument = simple.name, simple.argument
        if name == "host":
            if argument is None:
                return "true()"
            # :host(<compound>) tests the host itself, with its features, in its own tree
            self.variables.add("host")
            inner = Translator(self.html_document, False, False, self.quirks, lossy=self.lossy)
            test, predicates = inner.compound(argument)
            self.variables |= inner.variables
            return f"boolean({_step(f'$host/self::{test}', predicates)})"
        if name in ("is", "where"):
            parts = [p for selector in argument if (p := self._featureless_complex(selector)) is not None]
            return "(" + " or ".join(parts) + ")" if parts else None
        if name == "not":
            found = [self._featureless_complex(selector) for selector in argument]
            tests = [test for test in found if test is not None]
            return None if not found or len(tests) < len(found) else "not(" + " or ".join(tests) + ")"
        if name == "has":  # the host's children, here, are the shadow tree's top-level nodes
            return self.pseudo_class(simple)
        return None

    def _featureless_complex(self, selector: Complex) -> str | None:
        found = self.featureless(selector.compounds[-1])
        if found is None or len(selector.compounds) == 1:
            return found
        return FALSE  # nothing is the host's parent or sibling inside its shadow tree

    # -- compound and simple selectors -------------------------------------------------------------

    def compound(self, compound: Compound) -> tuple[str, list[str]]:
        test, predicates = self.type_selector(compound.type)
        python: list[str] = []  # tests calling into Python go last: they are the slowest
        for simple in compound.simples:
            fold = "true()" if self.quirks else "false()"
            if isinstance(simple, IdSelector):
                predicates.append(self._string_match("@id", simple.name, self.quirks))
                if lossy(simple.name):
                    python.append(f"wd:attribute-is('id', {_true_literal(simple.name)}, {fold})")
            elif isinstance(simple, ClassSelector):
                predicates.append(self._class(simple.name))
                if lossy(simple.name):
                    python.append(f"wd:has-class({_true_literal(simple.name)}, {fold})")
            elif isinstance(simple, AttributeSelector):
                predicates.append(self.attribute(simple))
            else:
                expression = self.pseudo_class(simple, test)
                (python if "wd:" in expression else predicates).append(expression)
        return test, predicates + python

    def type_selector(self, selector: TypeSelector | None) -> tuple[str, list[str]]:
        """https://drafts.csswg.org/selectors-4/#type-selectors (with the HTML case rule)."""
        if selector is None:
            return "*", []
        namespace, name = selector.namespace, selector.name
        if namespace == "":  # |name: elements in no namespace
            if self.html_document:
                if self.plain:  # no null-namespace element in the tree
                    return "*", [FALSE]
                found = [f"namespace-uri() = '{NULL_NS}'"]
                return "*", found + ([] if name == "*" else [f"local-name() = {literal(name)}"])
            if name == "*":
                return "*", ["namespace-uri() = ''"]
            if _SAFE_NAME.fullmatch(name):
                return name, []
            return "*", [f"local-name() = {literal(name)}", "namespace-uri() = ''"]
        if name == "*":
            return "*", []
        if self.plain:  # every element is unnamespaced (HTML elements in an HTML document)
            name = ascii_lowercase(name) if self.html_document else name
            return (name, []) if _SAFE_NAME.fullmatch(name) else ("*", [f"local-name() = {literal(name)}"])
        lower = ascii_lowercase(name)
        # An element whose name lxml cannot hold is stored under an encoded name
        # (dom/lxml_mirror.py): its true local name is asked of the DOM.
        escaped = f"(namespace-uri() = '{ESCAPED_NS}' and wd:local-name-is({_true_literal(name)}))"
        if not self.html_document or lower == name:
            return "*", [f"local-name() = {literal(name)} or {escaped}"]
        return "*", [
            f"(namespace-uri() = '' and local-name() = {literal(lower)})"
            f" or (namespace-uri() != '' and local-name() = {literal(name)}) or {escaped}"
        ]

    def _string_match(self, node: str, value: str, fold: bool) -> str:
        if fold:
            return f"translate({node}, {_UPPER}, {_LOWER}) = {literal(ascii_lowercase(value))}"
        return f"{node} = {literal(value)}"

    def _class(self, name: str) -> str:
        if not name or any(c in _CSS_WHITESPACE for c in name):
            return FALSE
        classes = "concat(' ', normalize-space(@class), ' ')"
        if self.quirks:
            classes = f"translate({classes}, {_UPPER}, {_LOWER})"
            name = ascii_lowercase(name)
        # "@class and" first: most elements have no class, and libxml2 then skips building a string;
        # then the name anywhere in the attribute (implied by the token test, and much cheaper: no
        # normalize-space and concat strings built for the elements whose class cannot match)
        prefilter = "" if self.quirks else f"contains(@class, {literal(name)}) and "
        found = f"@class and {prefilter}contains({classes}, {literal(' ' + name + ' ')})"
        if not self.lossy:
            return found
        # a class value held lossily may hold a form feed, which XPath's normalize-space keeps
        fold = "true()" if self.quirks else "false()"
        return f"({found} or (contains(@class, '\ufffd') and wd:has-class({_true_literal(name)}, {fold})))"

    # -- attribute selectors (https://drafts.csswg.org/selectors-4/#attribute-selectors) -----------

    def attribute(self, selector: AttributeSelector) -> str:
        name = selector.name
        lower = ascii_lowercase(name)
        insensitive = selector.flag == "i"
        # HTML elements of an HTML document: lowercased name, listed values case-insensitive
        html_fold = insensitive or (selector.flag is None and lower in CASE_INSENSITIVE_ATTRIBUTES)
        namespace = selector.namespace
        html_branch = self._attribute_test(selector, self._attribute_nodes(namespace, lower, lower), html_fold)
        other_branch = self._attribute_test(selector, self._attribute_nodes(namespace, name, name), insensitive)
        if not self.html_document:
            found = other_branch
        elif self.plain or html_branch == other_branch:
            found = html_branch
        else:
            found = f"(namespace-uri() = '' and {html_branch}) or (namespace-uri() != '' and {other_branch})"
        return self._true_value_test(selector, found, html_fold)

    def _true_value_test(self, selector: AttributeSelector, found: str, html_fold: bool) -> str:
        """*found* (an attribute selector's test of the lxml mirror's values) with the true value
        asked where the mirror's U+FFFD could mislead it (dom/lxml_mirror.py): a selector value
        the mirror cannot hold would also find other values the mirror holds alike, and ``~=``
        splits at ASCII whitespace, which a form feed among the characters held lossily is.
        (Attribute selectors in no namespace, ``[|a]`` too, and in any, ``[*|a]``.)"""
        operator, value, namespace = selector.operator, selector.value, selector.namespace
        if operator is None or namespace not in (None, "", "*"):
            return found
        lossy_value = lossy(value)
        if not lossy_value and not (self.lossy and operator == "~="):
            return found
        any_namespace = namespace == "*"
        check = (f"wd:attribute-matches({literal(selector.name)}, '{operator}', {_true_literal(value)}, "
                 f"{'true()' if html_fold else 'false()'}, {'true()' if selector.flag == 'i' else 'false()'}, "
                 f"{'true()' if any_namespace else 'false()'})")
        in_no_namespace = "" if any_namespace else "namespace-uri() = '' and "
        held_lossily = f"@*[{in_no_namespace}contains(., '\ufffd')]"
        if lossy_value:  # the mirror's test finds candidates, the true value says
            return f"(({found}) or {held_lossily}) and {check}"
        return f"({found}) or ({held_lossily} and {check})"

    @staticmethod
    def _attribute_nodes(namespace: str | None, name: str, namespaced_name: str) -> str:
        """The attribute nodes a selector's name designates (*name* for attributes in no
        namespace, *namespaced_name* for the others, as browsers fold both on HTML elements)."""
        key = attr_key_for(None, None, name)
        if _SAFE_NAME.fullmatch(key):
            plain = f"@{key}"
        elif key[0] != "{":
            plain = f"@*[local-name() = {literal(key)} and namespace-uri() = '']"
        else:  # a name lxml cannot hold, stored escaped (dom/lxml_mirror.py)
            plain = f"@*[namespace-uri() = '{ESCAPED_NS}' and local-name() = {literal(key[len(ESCAPED_NS) + 2 :])}]"
        if namespace != "*":
            return plain
        return f"({plain} | @*[local-name() = {literal(namespaced_name)} and namespace-uri() != ''])"

    def _attribute_test(self, selector: AttributeSelector, nodes: str, fold: bool) -> str:
        operator, value = selector.operator, selector.value
        if operator is None:
            return nodes
        node = f"translate(., {_UPPER}, {_LOWER})" if fold else "."
        if fold:
            value = ascii_lowercase(value)
        text = literal(value)
        if operator == "=":
            condition = f"{node} = {text}"
        elif operator == "~=":
            if not value or any(c in _CSS_WHITESPACE for c in value):
                return FALSE
            condition = f"contains(concat(' ', normalize-space({node}), ' '), {literal(' ' + value + ' ')})"
        elif operator == "|=":
            condition = f"{node} = {text} or starts-with({node}, {literal(value + '-')})"
        elif not value:  # ^=, $= and *= with an empty value match nothing
            return FALSE
        elif operator == "^=":
            condition = f"starts-with({node}, {text})"
        elif operator == "$=":
            condition = f"substring({node}, string-length({node}) - {len(value) - 1}) = {text}"
        else:
            condition = f"contains({node}, {text})"
        return f"{nodes}[{condition}]"

    # -- pseudo-classes ----------------------------------------------------------------------------

    def _html(self, *names: str) -> str:
        """The context element is an HTML element with one of these local names."""
        tests = [f"self::{self.h}{name}" for name in names]
        return tests[0] if len(tests) == 1 else "(" + " or ".join(tests) + ")"

    def _is_html_element(self) -> str:
        return "namespace-uri() = ''" if self.html_document else f"namespace-uri() = '{HTML_NAMESPACE}'"

    def _member(self, variable: str) -> str:
        self.variables.add(variable)
        return f"count(. | ${variable}) = count(${variable})"

    def pseudo_class(self, pseudo: PseudoClass, test: str = "*") -> str:
        """XPath boolean for a pseudo-class; *test* is the compound's name test (``*`` when the
        type is unknown or not a plain name)."""
        name, argument = pseudo.name, pseudo.argument
        if name in _NEVER:
            return FALSE
        if name in ("is", "where"):
            return self.matches(argument)
        if name == "not":
            return f"not({self.matches(argument)})"
        if name == "has":
            paths = [self.relative(selector) for selector in argument]
            return paths[0] if len(paths) == 1 else "(" + " or ".join(paths) + ")"
        if name in ("nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type"):
            a, b, of = argument
            kind = name.removeprefix("nth-")
            return self._nth(kind, a, b, of, test if kind.endswith("of-type") else "*")
        simple = _STRUCTURAL.get(name)
        if simple is not None:
            return simple
        if name in ("first-of-type", "last-of-type", "only-of-type"):
            return self._of_type(name, test)
        if name == "root":
            # https://drafts.csswg.org/selectors-4/#the-root-pseudo: the document element
            return self._member("root")
        if name in ("focus", "focus-visible", "focus-within"):
            # https://html.spec.whatwg.org/#selector-focus (with the shadow hosts of the focused
            # element), #selector-focus-visible (no pointer here: focus is always made evident,
            # on the focused element), https://drafts.csswg.org/selectors-4/#focus-within-pseudo
            return self._member(name.replace("-", "_"))
        if name == "scope":
            return self._member("scope")
        if name in ("link", "any-link"):
            # https://html.spec.whatwg.org/#selector-link: a and area elements with href
            return f"{self._html('a', 'area')} and @href"
        if name == "local-link":
            return f"{self._html('a', 'area')} and @href and wd:state('local-link')"
        if name == "defined":
            # https://html.spec.whatwg.org/#selector-defined: only custom elements can be
            # undefined, and no custom element is ever defined here; a name the store escapes
            # (<prefix:x-y>) is asked of states.py
            plain = f"not({self._is_html_element()} and contains(local-name(), '-'))"
            return f"({plain} and namespace-uri() != '{ESCAPED_NS}') or wd:state('defined')"
        if name == "lang":
            return "wd:lang(" + ", ".join(literal(r) for r in argument) + ")"
        if name == "dir":
            return f"wd:dir('{argument}')" if argument in ("ltr", "rtl") else FALSE
        if name == "heading":
            levels = argument if argument is not None else range(1, 7)
            names = [f"h{level}" for level in levels if 1 <= level <= 6]
            return self._html(*names) if names else FALSE
        if name == "indeterminate":
            # https://html.spec.whatwg.org/#selector-indeterminate
            progress, input_ = self._html("progress"), self._html("input")
            return f"({progress} and not(@value)) or ({input_} and wd:state('indeterminate'))"
        if name == "open":
            return f"{self._html('details', 'dialog')} and @open"
        if name == "popover-open":
            return f"{self._is_html_element()} and @popover and wd:state('popover-open')"
        if name in ("paused", "muted"):  # nothing plays here: every media element is paused
            media = self._html("audio", "video")
            return media if name == "paused" else f"{media} and @muted"
        if name in ("read-write", "read-only"):
            return f"wd:state('{name}')"
        elements = _STATE_ELEMENTS[name]
        extra = " and @placeholder" if name == "placeholder-shown" else ""
        return f"{self._html(*elements)}{extra} and wd:state('{name}')"

    def _nth(self, kind: str, a: int, b: int, of: tuple[Complex, ...] | None, test: str = "*") -> str:
        """https://drafts.csswg.org/selectors-4/#child-index.  Counting siblings in XPath costs the
        position, quadratic over a long list, so past :data:`_COUNTED` siblings the position
        comes from wd:nth, which indexes each parent's children once per query."""
        last = kind.startswith("last")
        axis = "following-sibling" if last else "preceding-sibling"
        if of is not None:
            # :nth-child(An+B of S): the position among the siblings matching S
            matching = self.matches(of)
            return f"{matching} and {_nth_formula(a, b, f'(count({axis}::*[{matching}]) + 1)')}"
        if a == 0 and b < 1:
            return FALSE
        if test == "*" and kind.endswith("of-type"):  # the type is the candidate's own
            return f"wd:nth({a}, {b}, '{kind}')"
        if a == 0 and b <= _COUNTED:  # the b-th: libxml2 stops at the b-th sibling
            return f"{axis}::{test}[{b - 1}] and not({axis}::{test}[{b}])" if b > 1 else f"not({axis}::{test}[1])"
        counted = _nth_child_formula(a, b, f"{axis}::{test}")
        many = f"{axis}::{test}[{_COUNTED}]"
        return f"(not({many}) and {counted}) or ({many} and wd:nth({a}, {b}, '{kind}'))"

    def _of_type(self, name: str, test: str) -> str:
        if name == "only-of-type":
            return f"{self._of_type('first-of-type', test)} and {self._of_type('last-of-type', test)}"
        return self._nth("of-type" if name == "first-of-type" else "last-of-type", 0, 1, None, test)


# Siblings counted in XPath before the position is asked of wd:nth (a Python call per element,
# which costs about as much as counting a hundred siblings in libxml2).
_COUNTED = 128

_STRUCTURAL = {
    # https://drafts.csswg.org/selectors-4/#the-empty-pseudo (as browsers: whitespace is content)
    "empty": "not(*) and not(text())",
    "first-child": "not(preceding-sibling::*[1])",
    "last-child": "not(following-sibling::*[1])",
    "only-child": "not(preceding-sibling::*[1]) and not(following-sibling::*[1])",
}
