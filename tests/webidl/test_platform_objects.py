"""Which interfaces a value implements (webidl.platform_objects): read from its class, through the
generated IMPLEMENTS table, it must be what the IDL's inheritance says for every class of
webdom.implemented_interfaces -- a Python base class that the IDL does not make an inherited
interface would let a wrong object pass an interface-typed argument."""

from __future__ import annotations

import dom
from webdom.implemented_interfaces import IMPLEMENTED, implementation
from webidl.operation_signatures import IMPLEMENTS
from webidl.platform_objects import implements, interfaces_of, is_interface, is_platform_object


def test_each_class_implements_exactly_its_interface_and_the_inherited_ones() -> None:
    wrong = {}
    for interface, target in IMPLEMENTED.items():
        if target not in IMPLEMENTS:  # an interface mixin: no type, so not listed
            continue
        assert interface in IMPLEMENTS[target]
        found = interfaces_of(implementation(interface))
        if found != frozenset(IMPLEMENTS[target]):
            wrong[interface] = sorted(found ^ frozenset(IMPLEMENTS[target]))
    assert wrong == {}
    assert len(IMPLEMENTS) > 150


def test_values() -> None:
    document = dom.parse_html("<p>t</p>")
    p = document.querySelector("p")
    assert implements(p, "HTMLParagraphElement") and implements(p, "Node") and implements(p, "EventTarget")
    assert not implements(p, "Text") and not implements(p.firstChild, "Element")
    assert implements(document, "Document") and not implements(document, "Element")
    assert not is_platform_object("p") and not is_platform_object(None) and is_platform_object(p)
    assert is_interface("Node") and not is_interface("DOMString") and not is_interface("GlobalEventHandlers")
