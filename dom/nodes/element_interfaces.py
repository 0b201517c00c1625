"""The element interface (https://dom.spec.whatwg.org/#concept-element-interface): which class an
element of a given namespace and local name is made with.  The node tree owns the table; HTML,
SVG, MathML and the user register their interfaces in it (register_element_class and
register_element_interface_rule), and every way of making an element (the parser, createElement,
cloning, innerHTML, wrapping a stored element) looks its class up here."""

from __future__ import annotations

from collections.abc import Callable

from ..lxml_mirror import ESCAPED_NS, name_from_tag
from .element import PLAIN_WRAPPER_INITS, Element
from .names import ElementName
from .speedups import extension

__all__ = ["register_element_class", "register_element_interface_rule", "element_class", "for_tag", "FOR_TAG",
           "ESCAPED_TAG"]

# (namespace, local name) -> class; (namespace, None) -> the default class of that namespace.
_ELEMENT_CLASSES: dict[tuple[str | None, str | None], type[Element]] = {}
_ELEMENT_RULES: dict[str | None, Callable[[str], type[Element]]] = {}


def register_element_class(namespace: str | None, local_name: str | None, cls: type[Element]) -> None:
    """Make *cls* the interface of elements with this namespace and local name (None: every
    local name of the namespace without a more specific entry).  The parser, createElement,
    cloning and innerHTML all create elements through this table (the element interface of
    https://dom.spec.whatwg.org/#concept-element-interface)."""
    _ELEMENT_CLASSES[(namespace, local_name)] = cls
    _names_changed()


def register_element_interface_rule(namespace: str | None, rule: Callable[[str], type[Element]]) -> None:
    """Make *rule(local_name)* the interface of the elements of *namespace* that have no entry of
    their own (HTML's: HTMLElement for a custom element name, else HTMLUnknownElement)."""
    _ELEMENT_RULES[namespace] = rule
    _names_changed()


def _names_changed() -> None:
    for table in FOR_TAG.values():
        table.clear()
    if extension is not None:
        extension.forget()  # the names it learnt from wrappers made before


# HTML document? -> lxml tag -> ElementName: wrapping an element looks its tag up once instead
# of decoding it and finding its class each time (in its document's table, Document._tag_table:
# no key to build per element), and the wrapper keeps the tuple found as its names.  It is *plain*
# when the class makes its wrappers as Element does (see PLAIN_WRAPPER_INITS) and the tag alone
# gives the prefix: the C extension makes such wrappers itself.
# Page content names the keys (custom elements, any XML name): a table that reaches the limit
# is emptied and learns again, so a crawler fed random tag names keeps a bounded table while a
# page's few hundred names stay found (a miss costs one decoding, not a wrapper's correctness).
FOR_TAG: dict[bool, dict[str, ElementName]] = {True: {}, False: {}}
_FOR_TAG_LIMIT = 10_000
ESCAPED_TAG = "{" + ESCAPED_NS + "}"


def for_tag(tag: str, is_html: bool) -> ElementName:
    table = FOR_TAG[is_html]
    if len(table) >= _FOR_TAG_LIMIT:
        table.clear()  # in place: each document holds its kind's table (Document._tag_table)
    namespace, prefix, local = name_from_tag(tag, is_html)
    cls = element_class(namespace, local)
    plain = cls._init_wrapper in PLAIN_WRAPPER_INITS and (prefix is not None or namespace is None or tag[0] != "{")
    found = table[tag] = ElementName(cls, namespace, prefix, local, plain)
    return found



def element_class(namespace: str | None, local_name: str) -> type[Element]:
    cls = _ELEMENT_CLASSES.get((namespace, local_name))
    if cls is None:
        rule = _ELEMENT_RULES.get(namespace)
        cls = rule(local_name) if rule is not None else _ELEMENT_CLASSES.get((namespace, None), Element)
    return cls


