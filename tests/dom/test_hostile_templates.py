"""Nested ``<template>`` elements at depths far past Python's recursion limit (issue 28, item
3): each template's contents are a DocumentFragment of their own, so a walk that follows them
by calling itself nests one call per template.  Parsing (the fragment parser's end-of-file
handling pops one template per pass), serializing and cloning follow them with work lists."""

from __future__ import annotations

import os

import pytest

import dom

DEPTH = 100_000 if os.environ.get("WEBDOM_SLOW") == "1" else 25_000  # the old code failed from 400


def _innermost(document: dom.Document, depth: int) -> dom.Element:
    template = document.querySelector("template")
    for _ in range(depth - 1):
        template = template.content.firstChild
    return template


def test_nested_templates_parse_serialize_clone_import() -> None:
    markup = "<template>" * DEPTH + "<p>x</p>"
    document = dom.parse_html(markup)
    assert _innermost(document, DEPTH).content.firstChild.outerHTML == "<p>x</p>"
    expected = "<template>" * DEPTH + "<p>x</p>" + "</template>" * DEPTH
    assert document.head.innerHTML == expected
    clone = document.head.cloneNode(True)
    assert clone.innerHTML == expected
    other = dom.parse_html("")
    imported = other.importNode(document.head, True)
    assert imported.ownerDocument is other and imported.outerHTML == "<head>" + expected + "</head>"
    assert document.head.isEqualNode(imported)


@pytest.mark.parametrize("setter", ["innerHTML", "setHTMLUnsafe", "outerHTML"])
def test_nested_templates_through_the_fragment_parser(setter: str) -> None:
    document = dom.parse_html("<div><section></section></div>")
    section = document.querySelector("section")
    markup = "<template>" * DEPTH + "x"
    if setter == "setHTMLUnsafe":
        section.setHTMLUnsafe(markup)
    else:
        setattr(section, setter, markup)
    holder = document.querySelector("div") if setter == "outerHTML" else section
    assert holder.innerHTML == "<template>" * DEPTH + "x" + "</template>" * DEPTH


def test_nested_clonable_shadow_roots_clone() -> None:
    depth = DEPTH // 10
    markup = '<div><template shadowrootmode="open" shadowrootclonable>' * depth + "x"
    document = dom.parse_html(markup)
    host = document.body.firstChild
    clone = host.cloneNode(True)
    for _ in range(depth - 1):
        clone = clone.shadowRoot.firstChild
    assert clone.shadowRoot.textContent == "x"


def test_nested_templates_adopted() -> None:
    markup = "<template>" * DEPTH + "<p>x</p>"
    expected = "<template>" * DEPTH + "<p>x</p>" + "</template>" * DEPTH
    other = dom.parse_html("")
    head = other.adoptNode(dom.parse_html(markup).head)
    assert head.ownerDocument is other and head.innerHTML == expected
    inner = _innermost_in(head)
    assert inner.content.ownerDocument is head.querySelector("template").content.ownerDocument
    xml = dom.parse_xml("<r/>")
    xml.documentElement.append(dom.parse_html(markup).head)  # adopted by the insertion
    assert xml.documentElement.firstChild.innerHTML.count("<template") == DEPTH


def test_nested_templates_through_document_write() -> None:
    document = dom.parse_html("")
    document.open()
    document.write("<template>" * DEPTH + "x")
    document.close()
    assert document.head.innerHTML == "<template>" * DEPTH + "x" + "</template>" * DEPTH


def _innermost_in(root: dom.Element) -> dom.Element:
    template = root.querySelector("template")
    while template.content.firstChild is not None and template.content.firstChild.localName == "template":
        template = template.content.firstChild
    return template
