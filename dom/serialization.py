"""Serializing HTML fragments (https://html.spec.whatwg.org/#serialising-html-fragments).

Iterative (an explicit stack), so documents of any depth serialize.  Follows the current text:
``<`` and ``>`` are escaped in attribute values too, and processing instructions end with
``?>`` (the standard changed after the 2026-06-28 snapshot; the current standard wins).
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from html_infra.infra import (
    HTML_NAMESPACE,
    MATHML_NAMESPACE,
    SVG_NAMESPACE,
    XLINK_NAMESPACE,
    XML_NAMESPACE,
    XMLNS_NAMESPACE,
)
from webidl import join_surrogate_pairs, to_boolean, undefined

from .storage import attr_name_from_key, name_from_tag

# Some imports are inside functions: the modules they name import this one while loading
# (an import cycle), so they are imported on first use.

__all__ = [
    "serialize_fragment", "serialize_node", "serialize_children", "get_html", "escape_string", "VOID_ELEMENTS",
    "fragment_serializing_algorithm_steps",
]

# https://html.spec.whatwg.org/#void-elements, plus the legacy names that
# https://html.spec.whatwg.org/#serializes-as-void adds.
VOID_ELEMENTS = frozenset({
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    "basefont", "bgsound", "frame", "keygen", "param",
})
_RAW_TEXT_PARENTS = frozenset({"style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"})
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "\u00a0": "&nbsp;", "<": "&lt;", ">": "&gt;"})
_ATTR_ESCAPES = str.maketrans({"&": "&amp;", "\u00a0": "&nbsp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})
_PLAIN_NAMESPACES = (HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE)


def escape_string(s: str, attribute_mode: bool = False) -> str:
    """https://html.spec.whatwg.org/#escapingString"""
    return s.translate(_ATTR_ESCAPES if attribute_mode else _TEXT_ESCAPES)


def _serializes_as_void(node: Any) -> bool:
    """https://html.spec.whatwg.org/#serializes-as-void"""
    return node.nodeType == 1 and node._ns == HTML_NAMESPACE and node._local in VOID_ELEMENTS


def _attribute_name(namespace: str | None, prefix: str | None, local: str) -> str:
    """https://html.spec.whatwg.org/#attribute's-serialised-name"""
    if namespace is None:
        return local
    if namespace == XML_NAMESPACE:
        return "xml:" + local
    if namespace == XMLNS_NAMESPACE:
        return "xmlns" if local == "xmlns" else "xmlns:" + local
    if namespace == XLINK_NAMESPACE:
        return "xlink:" + local
    return local if prefix is None else f"{prefix}:{local}"


def get_html(node: Any, options: Any) -> str:
    """https://html.spec.whatwg.org/#dom-element-gethtml and #dom-shadowroot-gethtml: the HTML
    fragment serialization with GetHTMLOptions (a dict, or an object with the attributes)."""

    if options is None or options is undefined:
        options = {}
    elif not isinstance(options, dict) and isinstance(options, (str, bytes, int, float, list, tuple)):
        raise TypeError("GetHTMLOptions must be a dictionary")
    get = options.get if isinstance(options, dict) else (lambda key, default=None: getattr(options, key, default))
    serializable = to_boolean(get("serializableShadowRoots", False))
    roots = get("shadowRoots", None)
    roots = [] if roots is None or roots is undefined else list(roots)
    for root in roots:
        if not getattr(root, "_is_shadow_root", False):
            raise TypeError("GetHTMLOptions.shadowRoots must hold ShadowRoot objects")
    return serialize_fragment(node, False, serializable, roots)


def _children_of(node: Any) -> list[Any]:
    if node.nodeType == 1 and node._ns == HTML_NAMESPACE and node._local == "template":
        node = node.content  # step 3: a template serializes its contents
    children: list[Any] = node._children()
    return children


def _shadow_template(node: Any, serializable_shadow_roots: bool, shadow_roots: list[Any]) -> Any:
    """Step 4 of the fragment serialization: the shadow root of *node* to serialize as a
    declarative ``<template>``, or None."""
    try:
        shadow = node._shadow_root  # an element's declared field, set once it hosts a shadow root
    except AttributeError:
        return None
    if (serializable_shadow_roots and shadow._serializable) or any(r is shadow for r in shadow_roots):
        return shadow
    return None


def _push_children(stack: list[Any], node: Any, serializable_shadow_roots: bool, shadow_roots: list[Any]) -> None:
    """Push *node*'s contents onto the serialization stack: its declarative shadow root
    template first (step 4), then its children (step 5)."""
    stack.extend(reversed(_children_of(node)))
    if not serializable_shadow_roots and not shadow_roots:
        return
    shadow = _shadow_template(node, serializable_shadow_roots, shadow_roots)
    if shadow is None:
        return
    start = '<template shadowrootmode="' + ("open" if shadow._mode == "open" else "closed") + '"'
    if shadow._delegates_focus:
        start += ' shadowrootdelegatesfocus=""'
    if shadow._serializable:
        start += ' shadowrootserializable=""'
    if shadow._slot_assignment == "manual":
        start += ' shadowrootslotassignment="manual"'
    if shadow._clonable:
        start += ' shadowrootclonable=""'
    stack.append("</template>")
    stack.extend(reversed(shadow._children()))
    stack.append(start + ">")


def serialize_fragment(node: Any, scripting: bool = False, serializable_shadow_roots: bool = False,
                       shadow_roots: list[Any] | None = None) -> str:
    """https://html.spec.whatwg.org/#html-fragment-serialisation-algorithm (children of *node*,
    after the shadow roots chosen by *serializable_shadow_roots* and *shadow_roots*)."""
    if _serializes_as_void(node):
        return ""
    roots = shadow_roots or []
    out: list[str] = []
    # The stack holds nodes to open, and strings (closing tags) to emit.
    stack: list[Any] = []
    _push_children(stack, node, serializable_shadow_roots, roots)
    while stack:
        current = stack.pop()
        if isinstance(current, str):
            out.append(current)
            continue
        kind = current.nodeType
        if kind == 1:
            tagname = current._local if current._ns in _PLAIN_NAMESPACES else current._qualified_name
            out.append("<" + tagname)
            for _key, namespace, prefix, local, value in current._attr_entries():
                out.append(f' {_attribute_name(namespace, prefix, local)}="{value.translate(_ATTR_ESCAPES)}"')
            out.append(">")
            if _serializes_as_void(current):
                continue
            stack.append(f"</{tagname}>")
            _push_children(stack, current, serializable_shadow_roots, roots)
        elif kind == 3 or kind == 4:
            parent = current.parentNode
            if (
                parent is not None
                and parent.nodeType == 1
                and parent._ns == HTML_NAMESPACE
                and (parent._local in _RAW_TEXT_PARENTS or (scripting and parent._local == "noscript"))
            ):
                out.append(current.data)
            else:
                out.append(current.data.translate(_TEXT_ESCAPES))
        elif kind == 8:
            out.append(f"<!--{current.data}-->")
        elif kind == 7:
            out.append(f"<?{current.target} {current.data}?>")
        elif kind == 10:
            out.append(f"<!DOCTYPE {current.name}>")
    return join_surrogate_pairs("".join(out))  # lone surrogates of adjacent nodes may pair up


def serialize_node(node: Any) -> str:
    """The node itself with its subtree (outerHTML's serialization): the fragment serialization
    of a stand-in parent holding only *node*."""
    if node.nodeType in (9, 11):
        return serialize_fragment(node)
    if node.nodeType == 1 and _libxml2_serializes(node):
        out: list[str] = []
        _serialize_lx(node._lx, node._doc, out, children_only=False)
        return "".join(out)
    return serialize_fragment(_Single(node))


def serialize_children(node: Any) -> str:
    """The fragment serialization of an element's or a fragment's children (innerHTML)."""
    if node.nodeType in (1, 11) and _libxml2_serializes(node) and not _serializes_as_void(node):
        out: list[str] = []
        if node.nodeType == 1 and node._ns == HTML_NAMESPACE and node._local == "template":
            node = node.content
        _serialize_lx(node._lx, node._doc, out, children_only=True)
        return "".join(out)
    return serialize_fragment(node)


# -- the same serialization, mostly by libxml2 ------------------------------------------------
#
# libxml2's HTML serializer (lxml's method="html") writes what the algorithm above writes for
# most of a page, 10-20x faster.  Where the two differ, the subtree is not handed to libxml2:
# the elements below ("problems") and their ancestors are written here, each of their other
# children by libxml2.  The differences (libxml2 2.14; a probe at import checks them and turns
# the route off if the serializer behaves otherwise):
#
# * U+00A0 is written as itself: replaced by "&nbsp;" on libxml2's output, which is right in
#   text and attribute values but not in raw text or comments (problems when they hold one);
# * "\r" becomes "&#13;"; a value holding '"' goes in single quotes; boolean attribute names
#   (checked, selected...) are written bare; href, src, action and a's name drop leading
#   whitespace and percent-encode whitespace and non-ASCII characters;
# * source, track, wbr, keygen, bgsound and embed get an end tag (removed from the output: raw
#   text and comments then must not hold "></"); isindex is void; an empty li has no end tag;
#   xmp, iframe, noembed, noframes and plaintext are escaped; PIs end in ">";
# * namespaced elements and attributes bring xmlns attributes, and a subtree under namespace
#   declarations repeats them on its top (removed from the output);
# * what only wrappers know: template contents, and true values where lxml holds U+FFFD (a
#   document whose text has such characters is written by the algorithm above).
#
# Element-level problems are found by lxml's C tag matcher; attribute-level ones are looked for
# in libxml2's output first (a "&#13;", a single-quoted value, a bare boolean name, an xmlns or
# a URI attribute on an unexpected element, inside a start tag), and only then in every element.
_END_TAGS_OF_VOIDS = ("source", "track", "wbr", "keygen", "bgsound", "embed")
_ESCAPED_RAW_TEXT = ("xmp", "iframe", "noembed", "noframes", "plaintext")
_SPECIAL_TAGS = ("template", "isindex", "li", "script", "style", *_END_TAGS_OF_VOIDS, *_ESCAPED_RAW_TEXT)
_BOOLEAN = frozenset(("checked", "compact", "declare", "defer", "disabled", "ismap", "multiple", "nohref",
                      "noresize", "noshade", "nowrap", "readonly", "selected"))
_URI_ATTRIBUTES = ("href", "src", "action")
_URI_ATTRIBUTES_OF_A = (*_URI_ATTRIBUTES, "name")
# Where URI attributes are expected; on any other element the output scan sends it to the full check.
_URI_TAGS = ("a", "area", "link", "base", "img", "script", "iframe", "frame", "audio", "video", "source",
             "track", "embed", "input", "form")
_URI_UNSAFE = re.compile(r"[\x00-\x20\x7f-\U0010ffff]")
_VOID_END_TAG = re.compile("></(?:" + "|".join(_END_TAGS_OF_VOIDS) + ")>")
_DECLARATION = re.compile(r' xmlns(:[^\s=>]+)?="([^"]*)"')
_BARE_BOOLEAN = re.compile(" (?:" + "|".join(sorted(_BOOLEAN)) + ")(?=[ >])")
_URI_ATTRIBUTE = re.compile(" (?:href|src|action)=")
_TOSTRING = etree.tostring


def _probe() -> bool:
    """Whether libxml2 serializes as described above (else every node takes the algorithm)."""
    div = etree.Element("div", {"class": "a\u00a0<&>", "title": ""})
    div.text = "t\u00a0<&>"
    for tag in ("li", "wbr", "br", "script"):
        etree.SubElement(div, tag)
    etree.SubElement(div, "a", {"href": " x\u00e9", "checked": ""}).tail = "\r"
    expected = (
        '<div class="a\u00a0&lt;&amp;&gt;" title="">t\u00a0&lt;&amp;&gt;<li><wbr></wbr><br><script></script>'
        '<a href="x%C3%A9" checked></a>&#13;</div>'
    )
    try:
        return _TOSTRING(div, method="html", encoding="unicode", with_tail=False) == expected
    except Exception:  # noqa: BLE001 - any surprise turns the route off
        return False


_LIBXML2_OK = _probe()


def _libxml2_serializes(node: Any) -> bool:
    """Whether the libxml2 route applies: an HTML document whose text lxml holds as it is."""
    document = node._doc
    return _LIBXML2_OK and bool(document._is_html) and not document._escaped_text


def _inherited(parent: Any) -> tuple[str, ...]:
    """The namespace declarations lxml repeats on the top of a subtree of *parent*, as written."""
    if parent is None:
        return ()
    return tuple(
        (" xmlns" if prefix is None else f" xmlns:{prefix}") + f'="{uri.translate(_ATTR_ESCAPES)}"'
        for prefix, uri in parent.nsmap.items()
    )


def _from_libxml2(lx: Any, inherited: tuple[str, ...]) -> str:
    out: str = _TOSTRING(lx, method="html", encoding="unicode", with_tail=False)
    if inherited:
        head = out.find(">")
        tag = out[:head]
        for declaration in inherited:
            tag = tag.replace(declaration, "", 1)
        out = tag + out[head:]
    if "\u00a0" in out:
        out = out.replace("\u00a0", "&nbsp;")
    if "></" in out:
        out = _VOID_END_TAG.sub(">", out)
    return out


def _in_a_tag(out: str, position: int) -> bool:
    """Whether *position* of libxml2's output may be inside a start tag (text and attribute
    values have no raw "<" or ">"; raw text and comments may say yes wrongly, which only costs
    the full check)."""
    return out.rfind("<", 0, position) > out.rfind(">", 0, position)


def _special(lx: Any) -> bool:
    tag = lx.tag
    if tag == "template" or tag == "isindex":
        return True
    if tag == "li":
        return lx.text is None and next(iter(lx), None) is None
    if tag in _END_TAGS_OF_VOIDS:
        return bool(lx.text) or next(iter(lx), None) is not None
    text = "".join(lx.itertext())
    if tag == "script" or tag == "style":
        return "\u00a0" in text or "></" in text
    return any(c in text for c in "&<>\u00a0")


def _element_problem(lx: Any) -> bool:
    """The full check of one element's name, attributes and text."""
    if lx.tag[0] == "{" or "\r" in (lx.text or ""):
        return True
    if any("\r" in (child.tail or "") for child in lx):
        return True
    for key, value in lx.items():
        if key[0] == "{" or key in _BOOLEAN or '"' in value or "\r" in value or "\ufffd" in value:
            return True
        if (key in _URI_ATTRIBUTES or (key == "name" and lx.tag == "a")) and _URI_UNSAFE.search(value):
            return True
    return False


def _in_tags(out: str, needle: str) -> bool:
    """Whether *needle* occurs inside a start tag of libxml2's output (or may: see _in_a_tag)."""
    position = out.find(needle)
    while position >= 0:
        if _in_a_tag(out, position):
            return True
        position = out.find(needle, position + 1)
    return False


def _problems(top: Any, out: str, full: bool) -> list[Any]:
    """The problem elements in *top*'s subtree, given libxml2's output *out* for it (*full*:
    check every element whatever the output says)."""
    found = [lx for lx in top.iter(*_SPECIAL_TAGS) if _special(lx)]
    for lx in top.iter(etree.Comment, etree.ProcessingInstruction):
        data = lx.text or ""
        if lx.tag is etree.ProcessingInstruction or "\u00a0" in data or "></" in data or "\ufffd" in data:
            found.append(lx.getparent())
    # (libxml2 leaves out an isindex's children, so its output says nothing about them)
    full = full or "&#13;" in out or _in_tags(out, "='") or _in_tags(out, "\ufffd")
    full = full or any(lx.tag == "isindex" for lx in found)
    if not full:
        # written bare: " checked>" or " checked " (one regular expression pass: thirteen
        # str.find passes over a large non-ASCII output cost several times more)
        full = any(_in_a_tag(out, m.start()) for m in _BARE_BOOLEAN.finditer(out))
    if not full and "xmlns" in out:
        # Namespaced elements bring their declarations: find them by namespace in C; a prefixed
        # attribute name sends everything to the full check.
        namespaces = dict(_DECLARATION.findall(out))
        if any(_in_tags(out, f" {prefix[1:]}:") for prefix in namespaces if prefix) or any(
            "&" in uri for uri in namespaces.values()
        ):
            full = True
        else:
            found.extend(top.iter(*(f"{{{uri}}}*" for uri in set(namespaces.values()))))
    if not full:
        for m in _URI_ATTRIBUTE.finditer(out):
            position = m.start()
            start = out.rfind("<", 0, position)
            if start > out.rfind(">", 0, position) and out[start + 1 : out.index(" ", start)] not in _URI_TAGS:
                full = True
                break
    if full:
        found.extend(lx for lx in top.iter(etree.Element) if _element_problem(lx))
        return found
    for lx in top.iter(*_URI_TAGS):
        get = lx.get
        for key in _URI_ATTRIBUTES_OF_A if lx.tag == "a" else _URI_ATTRIBUTES:
            value = get(key)
            # (what _URI_UNSAFE finds, by three string methods: a regular expression search
            # per value cost more than all of them)
            if value is not None and not (value.isascii() and value.isprintable() and " " not in value):
                found.append(lx)
                break
    return found


def _serialize_lx(top: Any, document: Any, out: list[str], children_only: bool) -> None:
    """Append the serialization of lxml node *top* (or of its children) to *out*: the elements
    on the way to a problem here, every other subtree by libxml2."""
    inherited = _inherited(top.getparent())
    whole = _from_libxml2(top, inherited)
    # Under inherited declarations, namespaced names need no xmlns of their own: check all.
    problems = _problems(top, whole, full=bool(inherited))
    if not problems and not children_only:
        out.append(whole)
        return
    spine = {top}
    for lx in problems:
        while lx not in spine:
            spine.add(lx)
            lx = lx.getparent()
    nodes = document._nodes
    inherited: dict[Any, tuple[str, ...]] = {}  # per spine element
    stack: list[Any] = [top]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        if item not in spine:
            parent = item.getparent()
            declarations = inherited.get(parent)
            if declarations is None:
                declarations = inherited[parent] = _inherited(parent)
            out.append(_from_libxml2(item, declarations))
            continue
        wrapper = nodes.get(item)
        if wrapper is not None and wrapper.nodeType != 1:  # a fragment's container
            ns = prefix = local = None
        elif wrapper is not None:
            ns, prefix, local = wrapper._ns, wrapper._prefix, wrapper._local
        else:
            tag = item.tag
            ns, prefix, local = name_from_tag(tag, True)
            if prefix is None and tag[0] == "{":
                prefix = item.prefix
        if item is not top or not children_only:
            tagname = local if ns in _PLAIN_NAMESPACES or prefix is None else f"{prefix}:{local}"
            out.append("<" + tagname)
            entries = wrapper._attr_entries() if wrapper is not None else _lx_attr_entries(item)
            for _key, attr_ns, attr_prefix, attr_local, value in entries:
                out.append(f' {_attribute_name(attr_ns, attr_prefix, attr_local)}="{value.translate(_ATTR_ESCAPES)}"')
            out.append(">")
            if ns == HTML_NAMESPACE and local in VOID_ELEMENTS:
                continue
            stack.append(f"</{tagname}>")
        if ns == HTML_NAMESPACE and local == "template":
            # the template's contents (a fragment of their own), not lxml children
            content = wrapper.content if wrapper is not None else None
            if content is not None:
                inner: list[str] = []
                _serialize_lx(content._lx, content._doc, inner, children_only=True)
                stack.append("".join(inner))
            continue
        raw = ns == HTML_NAMESPACE and local in _RAW_TEXT_PARENTS
        parts: list[Any] = []
        if item.text:
            parts.append(item.text if raw else item.text.translate(_TEXT_ESCAPES))
        for child in item:
            tag = child.tag
            if tag is etree.Comment:
                data = nodes[child].data if child in nodes else child.text or ""
                parts.append(f"<!--{data}-->")
            elif tag is etree.ProcessingInstruction:
                pi = nodes.get(child)
                data = pi.data if pi is not None else child.text or ""
                parts.append(f"<?{pi.target if pi is not None else child.target} {data}?>")
            elif isinstance(tag, str):
                parts.append(child)
            if child.tail:
                parts.append(child.tail if raw else child.tail.translate(_TEXT_ESCAPES))
        stack.extend(reversed(parts))


def _lx_attr_entries(lx: Any) -> list[tuple[str, str | None, str | None, str, str]]:
    """An unwrapped element's attributes, as ``Element._attr_entries`` gives them (no wrapper:
    no prefixes or true values beside what lxml holds)."""
    return [(key, *attr_name_from_key(key), value) for key, value in lx.attrib.items()]


class _Single:
    """A pretend parent whose only child is the given node (for outerHTML)."""

    nodeType = 11

    def __init__(self, node: Any) -> None:
        self._node = node

    def _children(self) -> list[Any]:
        return [self._node]


def fragment_serializing_algorithm_steps(node: Any, require_well_formed: bool, outer: bool = False) -> str:
    """https://html.spec.whatwg.org/#fragment-serializing-algorithm-steps -- the HTML fragment
    serialization in HTML documents, the XML serialization (InvalidStateError where it would
    not be well-formed) in XML documents.  *outer* stands for outerHTML's "fictional node whose
    only child is this".  For innerHTML the XML serialization is of the node's children, as in
    browsers (the node itself would repeat the element in its own innerHTML)."""
    document = node if node.nodeType == 9 else node._doc
    if document._is_html:
        return serialize_node(node) if outer else serialize_children(node)
    from .xml_serialization import xml_serialization

    if outer:
        return xml_serialization(node, require_well_formed)
    if node.nodeType == 1 and node._ns == HTML_NAMESPACE and node._local == "template":
        node = node.content
    return "".join(xml_serialization(child, require_well_formed) for child in node._children())
