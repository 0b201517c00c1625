"""Serializing HTML fragments (https://html.spec.whatwg.org/#serialising-html-fragments).

Iterative (an explicit stack), so documents of any depth serialize.  Follows the current text:
``<`` and ``>`` are escaped in attribute values too, and processing instructions end with
``?>`` (the standard changed after the 2026-06-28 snapshot; the current standard wins).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

from lxml import etree

from html_infra.infra import (
    HTML_NAMESPACE,
    MATHML_NAMESPACE,
    SVG_NAMESPACE,
    XLINK_NAMESPACE,
    XML_NAMESPACE,
    XMLNS_NAMESPACE,
)
from webidl import join_surrogate_pairs

from . import registry
from . import xml_serialization as xml_serializer  # it imports this module (as a module)
from .lxml_mirror import FRAGMENT_TAG, attr_name_from_key, name_from_tag
from .memo import MemoKey
from .nodes.speedups import extension

if TYPE_CHECKING:
    from webidl.dictionary_types import GetHTMLOptions

__all__ = [
    "serialize_fragment", "serialize_node", "serialize_children", "get_html", "escape_string", "VOID_ELEMENTS",
    "fragment_serializing_algorithm_steps", "children_holder", "markup_children",
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
    return node.nodeType == 1 and node._name.namespace == HTML_NAMESPACE and node._name.local in VOID_ELEMENTS


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


def get_html(node: Any, values: GetHTMLOptions) -> str:
    """https://html.spec.whatwg.org/#dom-element-gethtml and #dom-shadowroot-gethtml: the HTML
    fragment serialization with the converted GetHTMLOptions."""
    serializable = values["serializableShadowRoots"]
    roots = list(values["shadowRoots"])
    return serialize_fragment(node, False, serializable, roots)


def children_holder(node: Any) -> Any:
    """The node whose children stand for *node*'s in markup: a template element's template
    contents (https://html.spec.whatwg.org/#template-contents), which a template serializes
    and innerHTML replaces, else *node* itself."""
    if node.nodeType == 1 and node._name.namespace == HTML_NAMESPACE and node._name.local == "template":
        return node.content
    return node


def markup_children(node: Any) -> list[Any]:
    """The children *node* serializes (step 3 of the serialization algorithm: a template's are
    its contents')."""
    children: list[Any] = children_holder(node)._children()
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
    stack.extend(reversed(markup_children(node)))
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
            tagname = current._name.local if current._name.namespace in _PLAIN_NAMESPACES else current._qualified_name
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
                and parent._name.namespace == HTML_NAMESPACE
                and (parent._name.local in _RAW_TEXT_PARENTS or (scripting and parent._name.local == "noscript"))
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


def _in_c(lx: Any, document: Any, children_only: bool) -> str | None:
    """The serialization by the C extension (dom/serialization_speedups.c), for an HTML document
    whose text lxml holds as it is; None where it declines (or is not built)."""
    if _C_SERIALIZE is None or not document._is_html or document._escaped_text:
        return None

    def template_content(template_lx: Any, nodes: dict[Any, Any]) -> tuple[Any, Any] | None:
        wrapper = nodes.get(template_lx)  # (a nested template's map is its content document's)
        if wrapper is None:
            return None
        content = wrapper.content
        if content._doc._escaped_text:
            return None
        return content._lx, content._doc._nodes

    result: str | None = _C_SERIALIZE(lx, children_only, document._nodes, template_content)
    return result


def serialize_node(node: Any) -> str:
    """The node itself with its subtree (outerHTML's serialization): the fragment serialization
    of a stand-in parent holding only *node*."""
    if node.nodeType in (9, 11):
        return serialize_fragment(node)
    if node.nodeType == 1 and (written := _in_c(node._lx, node._doc, False)) is not None:
        return written
    if node.nodeType == 1 and _libxml2_serializes(node):
        out: list[str] = []
        _serialize_lx(node._lx, node._doc, out, children_only=False)
        return "".join(out)
    return serialize_fragment(_Single(node))


def serialize_children(node: Any) -> str:
    """The fragment serialization of an element's or a fragment's children (innerHTML)."""
    if node.nodeType in (1, 11) and not _serializes_as_void(node):
        holder = children_holder(node)
        if holder.nodeType == 1 or holder._lx.tag == FRAGMENT_TAG:
            written = _in_c(holder._lx, holder._doc, True)
            if written is not None:
                return written
    if node.nodeType in (1, 11) and _libxml2_serializes(node) and not _serializes_as_void(node):
        out: list[str] = []
        node = children_holder(node)
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
# * element and attribute names are matched without regard to case ("BR" made by
#   createElementNS is void to libxml2, "HREF" a URI attribute, "CHECKED" boolean);
# * namespaced elements and attributes bring xmlns attributes, and a subtree under namespace
#   declarations repeats them on its top (removed from the output);
# * what only wrappers know: template contents, and true values where lxml holds U+FFFD (a
#   document whose text has such characters is written by the algorithm above).
#
# Element-level problems are found by lxml's C tag matcher, URI values by XPath (in C).  The
# attribute-level rest is looked for in libxml2's output (a "&#13;", a single-quoted value, a
# U+FFFD, a bare boolean name, an uppercase name, a prefixed name): each such "alarm" inside a
# start tag names that tag, and only the elements of that name are checked one by one (an alarm
# that raw text or a comment raises costs one such check, never a wrong answer).
_END_TAGS_OF_VOIDS = ("source", "track", "wbr", "keygen", "bgsound", "embed")
_ESCAPED_RAW_TEXT = ("xmp", "iframe", "noembed", "noframes", "plaintext")
_SPECIAL_TAGS = ("template", "isindex", "script", "style", *_END_TAGS_OF_VOIDS, *_ESCAPED_RAW_TEXT)  # and li
_BOOLEAN = frozenset(("checked", "compact", "declare", "defer", "disabled", "ismap", "multiple", "nohref",
                      "noresize", "noshade", "nowrap", "readonly", "selected"))
_URI_ATTRIBUTES = frozenset(("href", "src", "action"))
# The attributes libxml2 writes its own way, when named so in any case ("name" only on a).
_LIBXML2_ATTRIBUTES = _BOOLEAN | _URI_ATTRIBUTES | {"name"}
_URI_UNSAFE = re.compile(r"[^\x21-\x7e]")  # beyond printable ASCII (the complement compiles fast)
# Where URI attributes are expected: their values are read element by element; a URI attribute
# in a start tag of any other name sends that name to the element-by-element check.
_URI_TAGS = ("a", "area", "link", "base", "img", "script", "iframe", "frame", "audio", "video", "source",
             "track", "embed", "input", "form")
_URI_ATTRIBUTE = re.compile(" (?:href|src|action)=")
_VOID_END_TAG = re.compile("></(?:" + "|".join(_END_TAGS_OF_VOIDS) + ")>")
_DECLARATION = re.compile(r' xmlns(:[^\s=>]+)?="([^"]*)"')
_UPPERCASE_TAG = re.compile("<[a-z]*[A-Z]")
_TAG_NAME = re.compile(r"[^\s/>{}<='\"]+")
_CR_IN_TEXT = etree.XPath("descendant-or-self::text()[contains(., '\r')]/..")
_TOSTRING = etree.tostring


def _name_trie(words: set[str]) -> str:
    """A regular expression matching exactly *words*, as a trie (one pass tries a few
    characters at each position, where an alternation of all the words would try each)."""
    tree: dict[str, Any] = {}
    for word in words:
        node = tree
        for c in word:
            node = node.setdefault(c, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        branches: dict[str, list[str]] = {}
        for c, sub in node.items():
            if c:
                branches.setdefault(emit(sub), []).append(c)
        alternatives = [(c[0] if len(c) == 1 else "[" + "".join(c) + "]") + rest for rest, c in branches.items()]
        if not alternatives:
            return ""
        body = alternatives[0] if len(alternatives) == 1 and "" not in node else "(?:" + "|".join(alternatives) + ")"
        return body + ("?" if "" in node else "")

    return emit(tree)


def _spellings(word: str) -> set[str]:
    """*word* in every mix of cases."""
    spellings = {""}
    for c in word:
        spellings = {s + v for s in spellings for v in (c, c.upper())}
    return spellings


# A boolean name written bare (" checked>" or " Checked "), or a URI name in another case
# (" HREF="); lowercase URI names are checked from the tree.  Compiled on first use: the trie of
# every spelling costs 16 ms, which an import that never serializes should not pay.
_FIRST_LETTERS = "".join(sorted({name[0] for name in _LIBXML2_ATTRIBUTES}))


@cache
def _name_alarm() -> re.Pattern[str]:
    return re.compile(
        f" (?=[{_FIRST_LETTERS}{_FIRST_LETTERS.upper()}])(?:"  # (the look-ahead turns most spaces away fast)
        + _name_trie(set().union(*map(_spellings, _BOOLEAN)))
        + "(?=[ >])|"
        + _name_trie(set().union(*map(_spellings, _URI_ATTRIBUTES | {"name"})) - _URI_ATTRIBUTES - {"name"})
        + "=)"
    )


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
# The algorithm in C over the libxml2 nodes (dom/serialization_speedups.c), tried first.
_C_SERIALIZE: Any = getattr(extension, "serialize", None)


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


def _tag_at(out: str, position: int) -> str | None:
    """The name of the start tag of libxml2's output that *position* is in, or None when it is
    in none (text and attribute values have no raw "<" or ">"; in raw text and comments the
    answer may be a wrong name, which costs only a needless check of that name)."""
    start = out.rfind("<", 0, position)
    if start < 0 or out.rfind(">", 0, position) > start:
        return None
    name = _TAG_NAME.match(out, start + 1)
    return None if name is None else name.group()


def _special(lx: Any) -> bool:
    tag = lx.tag
    if tag == "template" or tag == "isindex":
        return True
    if tag in _END_TAGS_OF_VOIDS:
        return bool(lx.text) or next(iter(lx), None) is not None
    text = "".join(lx.itertext())
    if tag == "script" or tag == "style":
        return "\u00a0" in text or _VOID_END_TAG.search(text) is not None
    return any(c in text for c in "&<>\u00a0")


def _true_values_differ(lx: Any, nodes: Any) -> bool:
    """Whether the wrapper of *lx* holds attribute values other than lxml's (U+FFFD stands
    for the characters lxml cannot hold); no wrapper, no other values."""
    wrapper = nodes.get(lx)
    return wrapper is not None and any(entry[4] != lx.get(entry[0]) for entry in wrapper._attr_entries())


def _element_problem(lx: Any, nodes: Any) -> bool:
    """The full check of one element's name, attributes and text."""
    tag = lx.tag
    if tag[0] == "{" or not tag.islower() or "\r" in (lx.text or ""):
        return True
    if any("\r" in (child.tail or "") for child in lx):
        return True
    for key, value in lx.items():
        if key[0] == "{" or key in _BOOLEAN or '"' in value or "\r" in value:
            return True
        if "\ufffd" in value and _true_values_differ(lx, nodes):
            return True
        if not key.islower() and key.lower() in _LIBXML2_ATTRIBUTES:
            return True
        if (key in _URI_ATTRIBUTES or (key == "name" and tag == "a")) and _URI_UNSAFE.search(value):
            return True
    return False


def _problems(top: Any, out: str, inherited: dict[str | None, str], nodes: Any) -> list[Any]:
    """The problem elements in *top*'s subtree, given libxml2's output *out* for it, the
    namespace declarations *inherited* from its ancestors and the document's wrappers *nodes*."""
    found = [lx for lx in top.iter("li") if lx.text is None and not len(lx)]  # no end tag when empty
    found.extend(lx for lx in top.iter(*_SPECIAL_TAGS) if _special(lx))
    for lx in top.iter("isindex"):  # libxml2 leaves out its children: the output says nothing of them
        found.extend(lx.iter(etree.Element))
    for lx in top.iter(etree.Comment, etree.ProcessingInstruction):
        data = lx.text or ""
        if lx.tag is etree.ProcessingInstruction or "\u00a0" in data or _VOID_END_TAG.search(data) is not None:
            found.append(lx.getparent())
        elif "\ufffd" in data and (wrapper := nodes.get(lx)) is not None and wrapper.data != data:
            found.append(lx.getparent())
    # Namespaced elements (every one a problem) bring their declarations, or inherit them.
    uris = set(inherited.values())
    prefixes = {prefix for prefix in inherited if prefix}
    if "xmlns" in out:
        import html  # lazy: html loads its entity table and compiles its patterns (~3 ms)

        for prefix, uri in _DECLARATION.findall(out):
            uris.add(html.unescape(uri))
            if prefix:
                prefixes.add(prefix[1:])
    if uris:
        found.extend(top.iter(*(f"{{{uri}}}*" for uri in uris)))
    # Alarms in start tags: the names of the tags to check element by element.
    suspects: set[str] = set()
    for m in _name_alarm().finditer(out):
        name = _tag_at(out, m.start())
        if name is not None:
            suspects.add(name)
    for m in _UPPERCASE_TAG.finditer(out):
        tag = _TAG_NAME.match(out, m.start() + 1)
        if tag is not None:
            suspects.add(tag.group())
    # "\r" in a value, a value holding '"' (single-quoted), U+FFFD (the true value may differ),
    # a prefixed attribute name (str.find passes: one regular expression for all is slower)
    for needle in ("&#13;", "='", "\ufffd", *(f" {prefix}:" for prefix in prefixes)):
        position = out.find(needle)
        while position >= 0:
            name = _tag_at(out, position)
            if name is not None:
                suspects.add(name)
            position = out.find(needle, position + 1)
    # URI values libxml2 would write otherwise: one string per attribute name checked at once,
    # the elements only when it holds such a character.
    elements = list(top.iter(*_URI_TAGS))
    anchors = [lx for lx in elements if lx.tag == "a"]
    for key, owners in (("href", elements), ("src", elements), ("action", elements), ("name", anchors)):
        values = [lx.get(key) or "" for lx in owners]
        if _URI_UNSAFE.search("!".join(values)):
            found.extend(lx for lx, value in zip(owners, values) if _URI_UNSAFE.search(value))
    for m in _URI_ATTRIBUTE.finditer(out):
        position = m.start()
        start = out.rfind("<", 0, position)
        if start > out.rfind(">", 0, position):
            tag_match = _TAG_NAME.match(out, start + 1)
            if tag_match is not None and tag_match.group() not in _URI_TAGS:
                suspects.add(tag_match.group())
    names = [name for name in suspects if ":" not in name]  # (prefixed names: namespaced, found above)
    if names:
        found.extend(lx for lx in top.iter(*names) if _element_problem(lx, nodes))
    if "&#13;" in out:  # "\r" in text (in raw text it stays "\r")
        found.extend(_CR_IN_TEXT(top))
    return found


# The problem elements of a subtree (an lxml node on top): they hold while nothing under it
# changes, and attribute changes alone are checked one element each.
SERIALIZATION_PROBLEMS = MemoKey("serialization problems")


def _note_attribute_changes(top: Any, problems: list[Any], changed: list[Any], nodes: Any) -> None:
    """Update the *problems* of subtree *top* after changes to the attributes of the elements
    *changed* (and nothing else): an element's attributes matter to its own check alone, and a
    needless problem costs only time (its element takes the algorithm's route)."""
    for lx in dict.fromkeys(changed):
        if (lx is top or any(ancestor is top for ancestor in lx.iterancestors())) and _element_problem(lx, nodes):
            problems.append(lx)


class _Subtree:
    """A subtree on the serialization stack of :func:`_serialize_lx`: an lxml node *top* of
    *document*, written whole or (*children_only*) its children alone.  Template contents go on
    the stack as one, so nested templates are written by the same loop, at any depth."""

    __slots__ = ("top", "document", "children_only")

    def __init__(self, top: Any, document: Any, children_only: bool) -> None:
        self.top = top
        self.document = document
        self.children_only = children_only


class _Spine:
    """What the loop knows of one subtree it writes element by element: the document's
    wrappers, the elements on the way to a problem, and the namespace declarations in scope
    of the spine elements (what libxml2 writes the other children under)."""

    __slots__ = ("nodes", "elements", "declared", "subtree")

    def __init__(self, nodes: Any, elements: set[Any], subtree: _Subtree) -> None:
        self.nodes = nodes
        self.elements = elements
        self.declared: dict[Any, tuple[str, ...]] = {}
        self.subtree = subtree


def _problems_of(subtree: _Subtree) -> tuple[list[Any], str | None]:
    """The problem elements of *subtree*'s top (and libxml2's output for it when that was
    needed to find them): known while the document's version holds."""
    top, document = subtree.top, subtree.document
    parent = top.getparent()
    # Known while nothing under *top* changed since they were found and the namespace
    # declarations in scope above it are the same (a move elsewhere is a change outside it): a
    # document serialized again unchanged, or changed elsewhere, is written by libxml2 in one
    # pass, checked once.
    scope = {} if parent is None else parent.nsmap
    entry = document._memo_entry(SERIALIZATION_PROBLEMS, top)
    whole = None
    if entry is None or entry[1][0] != scope:
        whole = _from_libxml2(top, _inherited(parent))
        problems = _problems(top, whole, scope, document._nodes)
    elif entry[0] == document._version or document._unchanged_under(entry[0], top):
        problems = entry[1][1]
    elif (changed := document._attribute_changes_since(entry[0])) is not None:
        problems = entry[1][1]
        _note_attribute_changes(top, problems, changed, document._nodes)
    else:
        whole = _from_libxml2(top, _inherited(parent))
        problems = _problems(top, whole, scope, document._nodes)
    if entry is None or entry[0] != document._version or whole is not None:
        document._memo_store(SERIALIZATION_PROBLEMS, top, (scope, problems))
    return problems, whole


def _serialize_lx(top: Any, document: Any, out: list[str], children_only: bool) -> None:
    """Append the serialization of lxml node *top* (or of its children) to *out*: the elements
    on the way to a problem here, every other subtree by libxml2.  One loop over an explicit
    stack holding strings to write, subtrees to start and (element, its spine) pairs."""
    stack: list[Any] = [_Subtree(top, document, children_only)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        if isinstance(item, _Subtree):
            problems, whole = _problems_of(item)
            if not problems and not item.children_only:
                out.append(_from_libxml2(item.top, _inherited(item.top.getparent())) if whole is None else whole)
                continue
            elements = {item.top}
            for lx in problems:
                while lx not in elements:
                    elements.add(lx)
                    lx = lx.getparent()
            stack.append((item.top, _Spine(item.document._nodes, elements, item)))
            continue
        lx, spine = item
        if lx not in spine.elements:
            parent = lx.getparent()
            declarations = spine.declared.get(parent)
            if declarations is None:
                declarations = spine.declared[parent] = _inherited(parent)
            out.append(_from_libxml2(lx, declarations))
            continue
        _open_spine_element(lx, spine, stack)


def _open_spine_element(item: Any, spine: _Spine, stack: list[Any]) -> None:
    """Write the start tag of spine element *item* onto *stack* with its end tag and its
    contents (children, or a template's contents), last first."""
    nodes = spine.nodes
    wrapper = nodes.get(item)
    if wrapper is not None and wrapper.nodeType != 1:  # a fragment's container
        ns = prefix = local = None
    elif wrapper is not None:
        ns, prefix, local = wrapper._name.namespace, wrapper._name.prefix, wrapper._name.local
    else:
        tag = item.tag
        ns, prefix, local = name_from_tag(tag, True)
        if prefix is None and tag[0] == "{":
            prefix = item.prefix
    start: list[str] = []
    if item is not spine.subtree.top or not spine.subtree.children_only:
        assert local is not None  # only a fragment's container has no name, and it is never written
        tagname = local if ns in _PLAIN_NAMESPACES or prefix is None else f"{prefix}:{local}"
        start.append("<" + tagname)
        entries = wrapper._attr_entries() if wrapper is not None else _lx_attr_entries(item)
        for _key, attr_ns, attr_prefix, attr_local, value in entries:
            start.append(f' {_attribute_name(attr_ns, attr_prefix, attr_local)}="{value.translate(_ATTR_ESCAPES)}"')
        start.append(">")
        if ns == HTML_NAMESPACE and local in VOID_ELEMENTS:
            stack.append("".join(start))
            return
        stack.append(f"</{tagname}>")
    if ns == HTML_NAMESPACE and local == "template":
        # the template's contents (a fragment of their own), not lxml children
        content = wrapper.content if wrapper is not None else None
        if content is not None:
            stack.append(_Subtree(content._lx, content._doc, True))
        stack.append("".join(start))
        return
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
            parts.append((child, spine))
        if child.tail:
            parts.append(child.tail if raw else child.tail.translate(_TEXT_ESCAPES))
    stack.extend(reversed(parts))
    stack.append("".join(start))


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

    if outer:
        return xml_serializer.xml_serialization(node, require_well_formed)
    return "".join(xml_serializer.xml_serialization(child, require_well_formed) for child in markup_children(node))


# The node tree, below this floor, reaches the serializers (innerHTML, getHTML) through dom.registry.
registry.fragment_serializing_algorithm_steps = fragment_serializing_algorithm_steps
registry.get_html = get_html
registry.children_holder = children_holder
