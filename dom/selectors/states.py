"""Element state for selectors: what XPath over attributes cannot see.

https://html.spec.whatwg.org/#pseudo-classes defines the input pseudo-classes by element state
(checkedness, selectedness, disabledness, constraint validation, mutability...) that scripts
and the forms code change without touching attributes; Selectors defines :lang() by inherited
language and :dir() by directionality.  Each is a function of the DOM element, reached from the
XPath that xpath.py writes through lxml extension functions in the ``wd`` namespace:

* ``wd:state('checked')`` and the other state names of :data:`STATES`;
* ``wd:lang(range, ...)`` and ``wd:dir('ltr'|'rtl')``;
* ``wd:nth(a, b, kind)``: child-index pseudo-classes, each parent's children indexed once per
  evaluation (lxml gives every XPath evaluation its own ``eval_context`` dict).

The engine names the document being searched with :func:`evaluating` before it runs an XPath
that calls these, since an lxml node alone does not lead to its DOM wrapper.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from lxml import etree

from html_infra.infra import HTML_NAMESPACE, XML_NAMESPACE, ascii_lowercase, split_on_ascii_whitespace
from html_infra.url import parse_url, serialize_url

from ..html.directionality import directionality
from ..html.forms.controls_collection import form_associated_elements
from ..html.forms.input import InputAttributes, input_type_state, maximum_of, minimum_of, radio_button_group
from ..html.forms.owner import form_owner, is_disabled, is_submit_button
from ..html.forms.select import is_option_disabled
from ..html.forms.validity import is_barred, validity_flags
from ..html.popover import is_modal, popover_showing
from ..nodes.identity import node_for
from ..nodes.shadow import is_valid_custom_element_name
from ..nodes.shadow_host import is_shadow_root
from ..nodes.speedups import extension
from .xpath import FUNCTIONS_NS

__all__ = ["EXTENSIONS", "STATES", "evaluating", "matches_lang"]

# The documents being searched, innermost last, each with a memo for the query (an element's
# validity is read once even when its form, its fieldset and itself are all tested).
_documents: list[tuple[Any, dict[Any, Any]]] = []


@contextmanager
def evaluating(document: Any) -> Iterator[None]:
    """Let the extension functions find DOM wrappers in *document* while an XPath runs."""
    _documents.append((document, {}))
    try:
        yield
    finally:
        _documents.pop()


def _element(context: Any) -> Any:
    return node_for(context.context_node, _documents[-1][0])


def _is_html(element: Any, *names: str) -> bool:
    return getattr(element, "_ns", None) == HTML_NAMESPACE and element._name.local in names


# -- https://html.spec.whatwg.org/#pseudo-classes -----------------------------------------------

_REQUIRED_APPLIES = frozenset((
    "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local",
    "number", "checkbox", "radio", "file",
))
_READONLY_APPLIES = frozenset((
    "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local", "number",
))
_PLACEHOLDER_APPLIES = frozenset(("text", "search", "tel", "url", "email", "password", "number"))
_RANGE_APPLIES = frozenset(("date", "month", "week", "time", "datetime-local", "number", "range"))


def checked(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-checked: checkbox and radio inputs by checkedness
    (one per radio group), options by selectedness (a select's first option when none is)."""
    if _is_html(element, "input"):
        return input_type_state(element) in ("checkbox", "radio") and bool(element.checked)
    return _is_html(element, "option") and bool(element.selected)


def default(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-default"""
    if _is_html(element, "option"):
        return bool(element.hasAttribute("selected"))
    if _is_html(element, "input") and input_type_state(element) in ("checkbox", "radio"):
        return bool(element.hasAttribute("checked"))
    if not is_submit_button(element):
        return False
    # https://html.spec.whatwg.org/#default-button: the first submit button in tree order
    # whose form owner is the form
    form = form_owner(element)
    if form is None:
        return False

    return next((e for e in form_associated_elements(form) if is_submit_button(e)), None) is element


def indeterminate(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-indeterminate (the input part)"""
    state = input_type_state(element)
    if state == "checkbox":
        return bool(element.indeterminate)
    if state == "radio":
        return not any(radio.checked for radio in radio_button_group(element))
    return False


def disabled(element: Any) -> bool:
    """https://html.spec.whatwg.org/#concept-element-disabled (actually disabled)"""
    if _is_html(element, "option"):
        return is_option_disabled(element)
    if _is_html(element, "optgroup"):
        return bool(element.hasAttribute("disabled"))
    return _is_html(element, "button", "input", "select", "textarea", "fieldset") and is_disabled(element)


def enabled(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-enabled"""
    return _is_html(element, "button", "input", "select", "textarea", "optgroup", "option", "fieldset") and not (
        disabled(element)
    )


def required(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-required"""
    if not element.hasAttribute("required"):
        return False
    return not _is_html(element, "input") or input_type_state(element) in _REQUIRED_APPLIES


def optional(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-optional: inputs to which ``required`` applies,
    selects and textareas, that are not required."""
    if _is_html(element, "input") and input_type_state(element) not in _REQUIRED_APPLIES:
        return False
    return not element.hasAttribute("required")


def _satisfies_constraints(element: Any) -> bool | None:
    """None when *element* is no candidate for constraint validation, else whether it is valid."""
    memo = _documents[-1][1] if _documents else {}
    key = ("valid", id(element))
    if key not in memo:
        memo[key] = None if is_barred(element) else not any(validity_flags(element).values())
    satisfied: bool | None = memo[key]
    return satisfied


def _invalid_within(element: Any) -> bool:
    """A form owning, or a fieldset containing, a candidate that does not satisfy its constraints."""
    controls: list[Any]
    if _is_html(element, "form"):
        controls = form_associated_elements(element)
    else:
        document = element._doc
        names: tuple[str, ...] = ("button", "input", "select", "textarea")
        if not document._is_html:
            names = tuple(f"{{{HTML_NAMESPACE}}}{name}" for name in names)
        controls = [node_for(lx, document) for lx in element._lx.iterdescendants(*names)]
    return any(_satisfies_constraints(control) is False for control in controls)


def valid(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-valid"""
    if _is_html(element, "form", "fieldset"):
        return not _invalid_within(element)
    return _satisfies_constraints(element) is True


def invalid(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-invalid"""
    if _is_html(element, "form", "fieldset"):
        return _invalid_within(element)
    return _satisfies_constraints(element) is False


def _range_state(element: Any) -> bool | None:
    """None unless *element* is a candidate with range limitations, else whether it is in range
    (https://html.spec.whatwg.org/#have-range-limitations)."""
    state = input_type_state(element)
    if state not in _RANGE_APPLIES or is_barred(element):
        return None
    attrs = InputAttributes(element)
    if minimum_of(state, attrs) is None and maximum_of(state, attrs) is None:
        return None
    flags = validity_flags(element)
    return not (flags["rangeUnderflow"] or flags["rangeOverflow"])


def in_range(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-in-range"""
    return _range_state(element) is True


def out_of_range(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-out-of-range"""
    return _range_state(element) is False


def read_write(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-read-write: mutable inputs and textareas, editing
    hosts and editable elements."""
    if _is_html(element, "input"):
        return (
            input_type_state(element) in _READONLY_APPLIES
            and not element.hasAttribute("readonly")
            and not is_disabled(element)
        )
    if _is_html(element, "textarea"):
        return not element.hasAttribute("readonly") and not is_disabled(element)
    editable = getattr(element, "isContentEditable", None)
    if editable is not None:
        return bool(editable)
    parent = element.parentElement  # an element of another namespace inside an editing host
    return parent is not None and bool(getattr(parent, "isContentEditable", False))


def read_only(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-read-only: every other element."""
    return not read_write(element)


def placeholder_shown(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-placeholder-shown: the placeholder is presented
    (its value, without line breaks, is not empty) while the control's value is empty."""
    if _is_html(element, "input") and input_type_state(element) not in _PLACEHOLDER_APPLIES:
        return False
    placeholder = (element.getAttribute("placeholder") or "").replace("\r", "").replace("\n", "")
    return placeholder != "" and element.value == ""


def modal(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-modal (dialogs; nothing is fullscreen here)"""
    return element.hasAttribute("open") and is_modal(element)


def popover_open(element: Any) -> bool:
    """https://html.spec.whatwg.org/#selector-popover-open"""
    return popover_showing(element)


def defined(element: Any) -> bool:
    """https://dom.spec.whatwg.org/#concept-element-defined: an HTML element with a valid
    custom element name (``<prefix:x-y>`` from the parser too) is undefined until a definition
    exists, and none exists here."""
    return element._ns != HTML_NAMESPACE or not is_valid_custom_element_name(element._name.local)


def local_link(element: Any) -> bool:
    """https://drafts.csswg.org/selectors-4/#local-link-pseudo: a link whose target's URL is the
    document's URL, fragments compared only when the link has one."""
    if not _is_html(element, "a", "area") or not element.hasAttribute("href"):
        return False
    target = parse_url(element.href)
    here = parse_url(element.ownerDocument.URL)
    if target is None or here is None:
        return False
    return serialize_url(target, exclude_fragment=target.fragment is None) == serialize_url(
        here, exclude_fragment=target.fragment is None)


STATES: dict[str, Callable[[Any], bool]] = {
    "checked": checked,
    "default": default,
    "indeterminate": indeterminate,
    "enabled": enabled,
    "disabled": disabled,
    "required": required,
    "optional": optional,
    "valid": valid,
    "invalid": invalid,
    "in-range": in_range,
    "out-of-range": out_of_range,
    "read-write": read_write,
    "read-only": read_only,
    "placeholder-shown": placeholder_shown,
    "modal": modal,
    "popover-open": popover_open,
    "defined": defined,
    "local-link": local_link,
}


def _state(context: Any, name: str) -> bool:
    return STATES[name](_element(context))


# -- :lang() (https://drafts.csswg.org/selectors-4/#the-lang-pseudo) ----------------------------

_XML_LANG = f"{{{XML_NAMESPACE}}}lang"


def _pragma_language(document: Any) -> str | None:
    """https://html.spec.whatwg.org/#pragma-set-default-language from the last
    ``<meta http-equiv=content-language>`` whose content has no comma."""
    found = None
    for meta in document.getElementsByTagName("meta"):
        if ascii_lowercase(meta.getAttribute("http-equiv") or "") != "content-language":
            continue
        content = meta.getAttribute("content")
        if content is None or "," in content:
            continue
        content = content.strip(" \t\n\f\r")
        candidate = content.split()[0] if content.split() else ""
        if candidate:
            found = candidate
    return found


def language(lx: Any, document: Any, memo: dict[Any, str | None]) -> str | None:
    """https://html.spec.whatwg.org/#language: the nearest xml:lang or lang attribute of the
    element or a shadow-including ancestor (``lang=""``: known to be untagged, ""): an element
    whose parent is a shadow root has its host's language; failing that, in a document, its
    pragma-set default language; None when the language is unknown."""
    walked = []
    node = lx
    found: str | None = None
    known = False
    while node is not None:
        if node in memo:
            found, known = memo[node], True
            break
        walked.append(node)
        value = node.get(_XML_LANG)
        if value is None:
            value = node.get("lang")
        if value is not None:
            found, known = value, True
            break
        top = node
        node = node.getparent()
        if node is None:  # a shadow root's container (its tree's top): on at its host
            wrapper = document._nodes.get(top)
            if is_shadow_root(wrapper):
                node = wrapper._host._lx
    if not known:
        root = document.documentElement
        connected = root is not None and root._lx is top
        found = _pragma_language(document) if connected else None
    for node in walked:
        memo[node] = found
    return found


def _extended_filter(language_range: str, tag: str) -> bool:
    """RFC 4647 §3.3.2 extended filtering, ASCII case-insensitive, as Selectors 4 asks."""
    ranges = ascii_lowercase(language_range).split("-")
    subtags = ascii_lowercase(tag).split("-")
    if ranges[0] != "*" and ranges[0] != subtags[0]:
        return False
    i = j = 1
    while i < len(ranges):
        if ranges[i] == "*":
            i += 1
        elif j >= len(subtags):
            return False
        elif ranges[i] == subtags[j]:
            i += 1
            j += 1
        elif len(subtags[j]) == 1:
            return False
        else:
            j += 1
    return True


def matches_lang(lx: Any, document: Any, ranges: tuple[str, ...], memo: dict[Any, str | None]) -> bool:
    """https://drafts.csswg.org/selectors-4/#the-lang-pseudo: whether the element's language
    (:func:`language`, with *memo*) matches one of the language *ranges*."""
    tag = language(lx, document, memo)
    if tag is None:  # unknown language
        return False
    if tag == "":  # known to be untagged: only :lang("") matches
        return "" in ranges
    return _tag_matches(tag, ranges)


# The language attributes of a tree (their elements: getparent(); by attribute: a test of each
# element is several times slower)
_LANGUAGE_ATTRIBUTES = etree.XPath("descendant-or-self::*/@lang | descendant-or-self::*/@xml:lang")
_MANY = 256  # elements, or elements with a language attribute (see _language_spans)
# Their elements by a walk in C (dom/selectors/document_order_speedups.c), None without it.
_HOLDERS: Any = getattr(extension, "language_holders", None)


def _language_spans(document: Any) -> tuple[dict[Any, str | None], str | None] | None:
    """The languages (:func:`language`) of the elements of the document's tree, from the
    elements that have a language attribute, each giving its own to its subtree (an inner one
    after the outer: over it): (the elements whose language may differ from the others' -> it,
    the others' language: the document element's or the pragma-set default); None when many
    elements have a language attribute."""
    root = document.documentElement
    if root is None:
        return None
    holders = _HOLDERS(root._lx) if _HOLDERS is not None else None
    if holders is None:
        holders = list(dict.fromkeys(attribute.getparent() for attribute in _LANGUAGE_ATTRIBUTES(root._lx)))
    if len(holders) > _MANY:
        return None
    own: dict[Any, str | None] = {}
    if holders and holders[0] is root._lx:
        default = holders[0].get(_XML_LANG)
        if default is None:
            default = holders[0].get("lang")
    else:
        default = _pragma_language(document)
    for holder in holders:  # (in tree order)
        value = holder.get(_XML_LANG)
        if value is None:
            value = holder.get("lang")
        # a holder that says the language it inherits changes nothing below it (``lang=en`` on
        # a page's content in a ``lang=en`` page): its subtree is not walked
        if holder is not root._lx and value != own.get(holder, default):
            for lx in holder.iter(etree.Element):
                own[lx] = value
    return own, default


def _matches_tag(tag: str | None, ranges: tuple[str, ...]) -> bool:
    """Whether an element of the language *tag* matches :lang() of *ranges* (matches_lang)."""
    return tag is not None and ("" in ranges if tag == "" else _tag_matches(tag, ranges))


def of_language(elements: list[Any], document: Any, ranges: tuple[str, ...], memo: dict[Any, str | None],
                groups: dict[int, Any] | None = None, in_document: bool = False) -> list[Any]:
    """The *elements* whose language matches one of *ranges* (matches_lang over a list: the
    cascade tests a :lang() selector's candidates at once), in their order.  *groups* keeps, by
    the list's identity, the positions of its elements of each language (when they are many:
    its elements of each language but the document's default, the commonest -- a page's sheets
    ask several :lang() of the same elements, its links, which have one or two languages), and
    the document's languages (:func:`_language_spans`) under 0.  *in_document*: the elements are of the document's tree
    (then many are not walked up one by one)."""
    grouped = None if groups is None else groups.get(id(elements))
    if grouped is None or grouped[0] is not elements:
        grouped = None
        if in_document and len(elements) >= _MANY and elements[0] not in memo:
            spans = None if groups is None else groups.get(0)
            if spans is None:
                spans = _language_spans(document)
                if groups is not None and spans is not None:
                    groups[0] = spans
            if spans is not None:
                own, default = spans
                members = set(elements) if own else set()
                others: dict[str | None, list[Any]] = {}  # (its elements of other languages, in tree order)
                for lx, tag in own.items():
                    if tag != default and lx in members:
                        others.setdefault(tag, []).append(lx)
                grouped = (elements, others, True, default)  # (the elements not listed: of the default)
        if grouped is None:
            by_language: dict[str | None, list[int]] = {}
            for index, lx in enumerate(elements):
                by_language.setdefault(memo[lx] if lx in memo else language(lx, document, memo), []).append(index)
            grouped = (elements, by_language, False, None)
        if groups is not None:
            groups[id(elements)] = grouped  # (which holds the list: its id stays its own)
    _listed, by_tag, rest, default = grouped
    if rest:  # (by_tag holds elements, the few not of the default language)
        if _matches_tag(default, ranges):
            excluded = {lx for tag, listed in by_tag.items() if not _matches_tag(tag, ranges) for lx in listed}
            return [lx for lx in elements if lx not in excluded] if excluded else list(elements)
        found = [lx for tag, listed in by_tag.items() if _matches_tag(tag, ranges) for lx in listed]
        if len(found) > 1:  # (in the list's order)
            kept = set(found)
            return [lx for lx in elements if lx in kept]
        return found
    positions = sorted(index for tag, positions in by_tag.items() if _matches_tag(tag, ranges) for index in positions)
    return [elements[index] for index in positions]


@lru_cache(maxsize=1024)
def _tag_matches(tag: str, ranges: tuple[str, ...]) -> bool:
    """Whether language *tag* matches one of *ranges* (a page has few languages and few
    :lang() arguments, asked of every element a :lang() selector is tested on)."""
    return any(r != "" and _extended_filter(r, tag) for r in ranges)


def _lang(context: Any, *ranges: str) -> bool:
    return matches_lang(context.context_node, _documents[-1][0], ranges, context.eval_context.setdefault("lang", {}))


def _dir(context: Any, value: str) -> bool:
    """https://html.spec.whatwg.org/#selector-ltr"""
    return directionality(_element(context), context.eval_context.setdefault("dir", {})) == value


# -- child indexes (https://drafts.csswg.org/selectors-4/#child-index) --------------------------


def _nth(context: Any, a: float, b: float, kind: str) -> bool:
    node = context.context_node
    parent = node.getparent()
    if parent is None:
        position = 1
    else:
        of_type = kind.endswith("of-type")
        key = (parent, node.tag if of_type else None)
        positions = context.eval_context.get(key)
        if positions is None:
            siblings = parent.iterchildren(node.tag) if of_type else parent.iterchildren(etree.Element)
            positions = {child: index for index, child in enumerate(siblings, 1)}
            positions[None] = len(positions)
            context.eval_context[key] = positions
        position = positions[node]
        if kind.startswith("last"):
            position = positions[None] - position + 1
    step, offset = int(a), int(b)
    if step == 0:
        return position == offset
    n, remainder = divmod(position - offset, step)
    return remainder == 0 and n >= 0


# -- ID and class selectors whose value the lxml mirror holds lossily (xpath.lossy) ---------------
# https://drafts.csswg.org/selectors-4/#id-selectors: "#zero\\0" is U+FFFD and must not match an
# element whose ID holds NUL, which the mirror also stores as U+FFFD.


def _attribute_is(context: Any, name: str, encoded: str, fold: bool) -> bool:
    actual = _element(context).getAttribute(name)
    if actual is None:
        return False
    value = json.loads(encoded)
    return ascii_lowercase(actual) == ascii_lowercase(value) if fold else actual == value


def _has_class(context: Any, encoded: str, fold: bool) -> bool:
    """https://drafts.csswg.org/selectors-4/#class-html: the class attribute split on ASCII
    whitespace (a form feed among it; not NUL or U+000B, which str.split() would split at)."""
    classes = split_on_ascii_whitespace(_element(context).getAttribute("class") or "")
    value = json.loads(encoded)
    if fold:
        return ascii_lowercase(value) in {ascii_lowercase(c) for c in classes}
    return value in classes


def _attribute_matches(context: Any, name: str, operator: str, encoded: str, html_fold: bool, fold: bool,
                       any_namespace: bool = False) -> bool:
    """https://drafts.csswg.org/selectors-4/#attribute-selectors on the element's true value of
    the attribute *name* in no namespace (the name ASCII-lowercased on an HTML element of an HTML
    document, whose values then compare as *html_fold* says, *fold* elsewhere), or with
    *any_namespace* (``[*|name]``) on that of any attribute whose local name is *name* too."""
    element = _element(context)
    html = element._ns == HTML_NAMESPACE and element._doc._is_html
    local, fold = (ascii_lowercase(name), html_fold) if html else (name, fold)
    values = [element.getAttributeNS(None, local)]
    if any_namespace:
        values += [a.value for a in element.attributes if a.namespaceURI is not None and a.localName == local]
    value = json.loads(encoded)
    return any(actual is not None and _value_matches(actual, operator, value, fold) for actual in values)


def _value_matches(actual: str, operator: str, value: str, fold: bool) -> bool:
    """Whether the attribute value *actual* matches *value* by *operator* (ASCII case-insensitively
    when *fold*): https://drafts.csswg.org/selectors-4/#attribute-selectors."""
    if fold:
        actual, value = ascii_lowercase(actual), ascii_lowercase(value)
    if operator == "=":
        return bool(actual == value)
    if operator == "~=":
        return bool(value) and value in split_on_ascii_whitespace(actual)
    if operator == "|=":
        return bool(actual == value or actual.startswith(value + "-"))
    if not value:  # ^=, $= and *= with an empty value match nothing
        return False
    if operator == "^=":
        return bool(actual.startswith(value))
    if operator == "$=":
        return bool(actual.endswith(value))
    return value in actual


def _local_name_is(context: Any, encoded: str) -> bool:
    """https://drafts.csswg.org/selectors-4/#type-selectors for an element stored under an
    encoded name, with https://html.spec.whatwg.org/#case-sensitivity-of-selectors: an HTML
    element of an HTML document matches the selector's name ASCII-lowercased."""
    element = _element(context)
    name = json.loads(encoded)
    if element._ns == HTML_NAMESPACE and element._doc._is_html:
        name = ascii_lowercase(name)
    return bool(element.localName == name)


# The functions, given to the XPath objects that call them (dom/selectors/engine.py), not
# registered in lxml's global FunctionNamespace: lxml registers every global function into each
# XPath evaluation's context, which made any XPath call in the process (lxml's own users' too)
# 2-4x slower once this module was imported.
EXTENSIONS: dict[tuple[str, str], Any] = {
    (FUNCTIONS_NS, "local-name-is"): _local_name_is,
    (FUNCTIONS_NS, "attribute-is"): _attribute_is,
    (FUNCTIONS_NS, "has-class"): _has_class,
    (FUNCTIONS_NS, "attribute-matches"): _attribute_matches,
    (FUNCTIONS_NS, "state"): _state,
    (FUNCTIONS_NS, "lang"): _lang,
    (FUNCTIONS_NS, "dir"): _dir,
    (FUNCTIONS_NS, "nth"): _nth,
}
