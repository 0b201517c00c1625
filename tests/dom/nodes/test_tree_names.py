"""The candidates for a document's named properties (dom/nodes/tree_names.py): every id and
name in the tree is among them after any change, and keeping them up to date costs no walk of
the tree per change (issue 28: a script creating and appending n elements paid O(n²))."""

from __future__ import annotations

import random
import sys
from typing import Any

import dom
from dom.nodes.tree_names import may_name


def _tree_values(document: Any) -> set[str]:
    root = document.documentElement
    if root is None:
        return set()
    values = set()
    for element in [root, *root.getElementsByTagName("*")]:
        for attribute in ("id", "name"):
            value = element.getAttribute(attribute)
            if value is not None:
                values.add(value)
    return values


def _check(document: Any, never: list[str]) -> None:
    missing = [value for value in _tree_values(document) if not may_name(document, value)]
    assert not missing
    assert not any(may_name(document, value) for value in never)


def test_names_follow_every_kind_of_change() -> None:
    rng = random.Random(28)
    document = dom.parse_html("<div id=d0><form name=f0><input name=i0></form></div>")
    other = dom.parse_html("<p id=o0><b name=o1></b></p>")
    never = ["createElement", "body", "nowhere"]
    _check(document, never)
    counter = 0

    def fresh() -> str:
        nonlocal counter
        counter += 1
        return f"v{counter}"

    def elements() -> list[Any]:
        return [document.documentElement, *document.documentElement.getElementsByTagName("*")]

    for _ in range(400):
        target = rng.choice(elements())
        kind = rng.randrange(10)
        if kind == 0:  # a new element, its id set before insertion
            element = document.createElement(rng.choice(["div", "form", "img", "object"]))
            element.id = fresh()
            target.append(element)
        elif kind == 1:  # an attribute set on an element in the tree
            target.setAttribute(rng.choice(["id", "name"]), fresh())
        elif kind == 2:  # a subtree from markup
            if target.localName not in ("html", "head"):
                target.innerHTML = f"<span id={fresh()}><i name={fresh()}></i></span>"
        elif kind == 3:  # a clone of a subtree with a changed copy
            copy = target.cloneNode(True)
            copy.setAttribute("name", fresh())
            document.body.append(copy)
        elif kind == 4:  # adoption from another document
            element = other.createElement("em")
            element.setAttribute("name", fresh())
            other.body.append(element)
            document.body.append(element)
        elif kind == 5 and target.parentNode is not None and target.localName not in ("html", "body", "head"):
            target.remove()
        elif kind == 6:  # an Attr's value, and a detached element built then inserted
            attribute = document.createAttribute("id")
            holder = document.createElement("div")
            holder.setAttributeNode(attribute)
            attribute.value = fresh()
            wrapper = document.createElement("section")
            wrapper.append(holder)
            document.body.append(wrapper)
        elif kind == 7:  # a deep chain built from the bottom, detached, then inserted
            node = document.createElement("b")
            node.setAttribute("name", fresh())
            for _ in range(5):
                parent = document.createElement("div")
                parent.append(node)
                node = parent
            target.append(node)
        elif kind == 8:
            target.outerHTML if target.parentNode is None else None  # noqa: B018 (a read)
            if target.localName not in ("html", "body", "head") and target.parentNode is not None:
                target.outerHTML = f"<a name={fresh()}></a>"
        else:
            target.removeAttribute(rng.choice(["id", "name"]))
        _check(document, never)


def test_a_new_document_element_and_document_write() -> None:
    document = dom.parse_html("<p id=a>")
    assert may_name(document, "a") and not may_name(document, "b")
    html = document.documentElement
    html.remove()
    replacement = document.createElement("html")
    replacement.innerHTML = "<body><p id=b></p></body>"
    document.append(replacement)
    assert may_name(document, "b")
    document.open()
    document.write("<form name=w></form>")
    document.close()
    assert may_name(document, "w")


def _calls_to_create_and_append(count: int) -> int:
    """Function calls made by *count* rounds of create, append and ask (as a script's loop does:
    each property read of document asks)."""
    document = dom.parse_html("<p id=a></p>")
    may_name(document, "a")
    body = document.body
    calls = 0

    def counter(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(counter)
    try:
        for i in range(count):
            element = document.createElement("div")
            if i % 7 == 0:
                element.id = f"e{i}"
            body.appendChild(element)
            may_name(document, "createElement")
    finally:
        sys.setprofile(None)
    return calls


def test_create_append_and_ask_stays_linear() -> None:
    assert _calls_to_create_and_append(4000) <= 5 * _calls_to_create_and_append(1000)
