"""Every [Reflect*] attribute of idl/html.webidl is declared on the matching dom.html class with
the matching reflection kind, content attribute name, default and range; and no HTML element
interface lacks a reflecting attribute or a member this issue names.  The full list of other
missing members (browser facilities: media, forms, popovers...) is printed for information."""

from __future__ import annotations

import pytest

import dom.html as html
from dom import reflection as r
from tests.conftest import specs_path
from webidl.idl import load_idl, missing_members
from webidl.interface import python_name

# Attributes whose getter the spec computes ([ReflectSetter] or prose): the declaration is a
# custom descriptor rather than the plain kind, checked by unit tests instead.
CUSTOM = {
    ("HTMLBaseElement", "href"), ("HTMLOrSVGOrMathMLElement", "tabIndex"), ("HTMLFormElement", "action"),
    ("HTMLInputElement", "formAction"), ("HTMLButtonElement", "formAction"), ("HTMLProgressElement", "value"),
    ("HTMLMeterElement", "value"), ("HTMLMeterElement", "min"), ("HTMLMeterElement", "max"),
    ("HTMLMeterElement", "low"), ("HTMLMeterElement", "high"), ("HTMLMeterElement", "optimum"),
    ("HTMLOptionElement", "label"), ("HTMLOptionElement", "value"), ("HTMLHyperlinkElementUtils", "href"),
    ("HTMLInputElement", "size"),  # prose: limited to only positive numbers, default 20
}
# whatwg/html a95983cf (after this folder's IDL snapshot; webref 3.85.0 has it) gave these
# [Reflect] a content attribute name.
CORRECTED = {"commandForElement": "commandfor", "popoverTargetElement": "popovertarget"}
# Members outside [Reflect*] that this issue names explicitly.
NAMED = {
    "HTMLAnchorElement": ["text", "relList", "href", "origin", "protocol", "username", "password", "host",
                          "hostname", "port", "pathname", "search", "hash"],
    "HTMLAreaElement": ["relList", "href", "origin", "protocol", "host", "hostname", "port", "pathname", "search",
                        "hash"],
    "HTMLTitleElement": ["text"], "HTMLScriptElement": ["text"], "HTMLLabelElement": ["htmlFor"],
    "HTMLOptionElement": ["text", "index", "label", "value"], "HTMLTableCellElement": ["cellIndex"],
    "HTMLTableRowElement": ["rowIndex", "sectionRowIndex", "cells", "insertCell", "deleteCell"],
    "HTMLTableElement": ["caption", "tHead", "tFoot", "tBodies", "rows", "createCaption", "deleteCaption",
                         "createTHead", "deleteTHead", "createTFoot", "deleteTFoot", "createTBody", "insertRow",
                         "deleteRow"],
    "HTMLElement": ["title", "lang", "translate", "dir", "hidden", "accessKey", "draggable", "inert", "popover",
                    "writingSuggestions", "autocapitalize", "nonce", "autofocus", "tabIndex", "enterKeyHint",
                    "inputMode"],
}


@pytest.fixture(scope="module")
def model():
    return load_idl([specs_path("idl", "html.webidl")])


def html_interfaces(model):
    return sorted(n for n, d in model.definitions.items()
                  if n.startswith("HTML") and n.endswith("Element") and d.kind == "interface")


def expected_kind(member):
    ext = member.extended_attributes
    t = member.idl_type.replace("[LegacyNullToEmptyString]", "").strip()
    if "ReflectURL" in ext:
        return r.ReflectURL
    if t == "DOMTokenList":
        return r.ReflectTokenList
    if t == "boolean":
        return r.ReflectBool
    if t == "long":
        return r.ReflectNonNegative if "ReflectNonNegative" in ext else r.ReflectLong
    if t == "unsigned long":
        if "ReflectRange" in ext:
            return r.ReflectRange
        if "ReflectPositive" in ext:
            return r.ReflectPositive
        if "ReflectPositiveWithFallback" in ext:
            return r.ReflectPositiveWithFallback
        return r.ReflectUnsigned
    if t == "double":
        return r.ReflectPositiveDouble if "ReflectPositive" in ext else r.ReflectDouble
    if t in ("DOMString", "USVString"):
        return (r.Reflect, r.ReflectEnum)
    if t == "Element?":
        return r.ReflectElement
    if t == "DOMString?":
        return (r.ReflectNullable, r.ReflectEnum)
    return None  # element reflection: not declared yet


def test_reflect_declarations_match_idl(model):
    mismatches = []
    checked = 0
    owners = html_interfaces(model) + ["HTMLOrSVGOrMathMLElement", "HTMLHyperlinkElementUtils",
                                       "HyperlinkElementUtils", "ElementContentEditable"]
    for name in owners:
        cls = getattr(html.elements, name, None)
        if cls is None:
            mismatches.append(f"{name}: no class")
            continue
        for member in model.get(name).members:
            ext = member.extended_attributes
            if member.kind != "attribute" or not any(k.startswith("Reflect") for k in ext):
                continue
            if (name, member.name) in CUSTOM or "ReflectSetter" in ext:
                continue
            kind = expected_kind(member)
            if kind is None:
                continue
            descriptor = cls.__dict__.get(python_name(member.name)) or getattr(cls, python_name(member.name), None)
            checked += 1
            if not isinstance(descriptor, kind):
                mismatches.append(f"{name}.{member.name}: {descriptor!r} is not {kind}")
                continue
            reflect_name = next((v for k, v in ext.items() if k in (
                "Reflect", "ReflectURL", "ReflectNonNegative", "ReflectPositive", "ReflectPositiveWithFallback")
                and v), None)
            content = CORRECTED.get(member.name) or reflect_name or member.name.lower()
            if descriptor.content_attribute != content:
                mismatches.append(f"{name}.{member.name}: content attribute {descriptor.content_attribute!r} "
                                  f"!= {content!r}")
            default = getattr(descriptor, "default", None)
            if "ReflectDefault" in ext and (default is None or float(default) != float(ext["ReflectDefault"])):
                mismatches.append(f"{name}.{member.name}: default {descriptor.default!r} != {ext['ReflectDefault']}")
            if "ReflectRange" in ext:
                low, high = (int(x) for x in ext["ReflectRange"].strip("()").split(","))
                if (descriptor.low, descriptor.high) != (low, high):
                    mismatches.append(f"{name}.{member.name}: range {(descriptor.low, descriptor.high)}")
            if "LegacyNullToEmptyString" in member.idl_type and not getattr(descriptor, "null_to_empty", False):
                mismatches.append(f"{name}.{member.name}: [LegacyNullToEmptyString] not honoured")
    print(f"\n[Reflect*] declarations checked against html.webidl: {checked - len(mismatches)}/{checked}")
    assert not mismatches, mismatches


def test_no_missing_reflecting_or_named_members(model):
    problems = []
    others = {}
    for name in html_interfaces(model):
        cls = getattr(html.elements, name, None)
        assert cls is not None, name
        reflecting = {m.name for m in model.reflecting_attributes(name)}
        missing = missing_members(name, cls, model)
        wanted = [m for m in missing if m in reflecting or m in NAMED.get(name, [])]
        if wanted:
            problems.append(f"{name}: {wanted}")
        rest = [m for m in missing if m not in wanted]
        if rest:
            others[name] = rest
    missing_global = [m for m in NAMED["HTMLElement"] if not hasattr(html.HTMLElement, m)]
    print("\nother IDL members not provided (browser facilities or other issues):")
    for name, rest in others.items():
        print(f"  {name}: {', '.join(rest)}")
    assert not problems and not missing_global, (problems, missing_global)


def test_every_interface_in_the_element_table_is_registered():
    import dom

    document = dom.parse_html("")
    for local_name, cls in html.ELEMENT_INTERFACES.items():
        assert isinstance(document.createElement(local_name), cls)
