"""How DOM names and strings are stored in the lxml mirror (see dom/README.md).

lxml holds only XML-valid names and strings.  The DOM holds anything the HTML parser or the
API produces (``<p foo"bar=1>``, a form feed in text, a lone surrogate from a script).  This
module is the one place that translates:

* Element tags: an HTML-namespace element of an HTML document is stored under its plain local
  name (``p``), like lxml.html, so XPath ``//p`` and cssselect work; other namespaces use
  Clark notation (``{http://www.w3.org/2000/svg}svg``).  A name lxml refuses, or a namespace the
  convention cannot express (a null-namespace element in an HTML document), is stored in the
  private namespace :data:`ESCAPED_NS` with the true (namespace, prefix, local name) encoded in
  the local name, so it is recoverable from lxml alone.
* Attribute names: plain names as themselves; namespaced ones in Clark notation; names lxml
  refuses (``foo"bar``, ``xmlns``, anything in the XMLNS namespace) escaped the same way.
* Strings (text, comment data, attribute values): characters XML forbids are replaced by
  U+FFFD in lxml; the node wrapper keeps the true string (see :func:`xml_safe`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from lxml import etree

from html_infra.infra import HTML_NAMESPACE, XMLNS_NAMESPACE

__all__ = [
    "ESCAPED_NS",
    "NULL_NS",
    "FRAGMENT_TAG",
    "xml_safe",
    "needs_escape",
    "lxml_accepts_namespace",
    "tag_for",
    "tag_in_document",
    "element_nsmap",
    "name_from_tag",
    "attr_key_for",
    "attr_name_from_key",
]

ESCAPED_NS = "urn:x-webdom:escaped"
_ESCAPED_PREFIX = "{" + ESCAPED_NS + "}"
# Null-namespace elements of HTML documents (where an unnamespaced lxml tag means HTML) keep
# their local name under this namespace, so XPath local-name() and selectors still see it.
NULL_NS = "urn:x-webdom:null"
# The private container element of a DocumentFragment (never part of a document's tree).
FRAGMENT_TAG = "{urn:x-webdom}fragment"

# Characters XML 1.0 does not allow (lxml raises on them): C0 controls but TAB/LF/CR,
# surrogates, U+FFFE and U+FFFF.
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def needs_escape(s: str) -> bool:
    """True when lxml cannot store *s* as it is."""
    return _XML_ILLEGAL.search(s) is not None


def xml_safe(s: str) -> str:
    """*s* with XML-illegal characters replaced by U+FFFD (what the lxml mirror holds)."""
    if _XML_ILLEGAL.search(s) is None:
        return s
    return _XML_ILLEGAL.sub("\ufffd", s)


_NCNAME_ASCII = re.compile(r"[A-Za-z_][A-Za-z0-9._-]*")


@lru_cache(maxsize=4096)
def lxml_accepts_local(name: str) -> bool:
    """Whether lxml accepts *name* as a local (unprefixed) element/attribute name."""
    if _NCNAME_ASCII.fullmatch(name):
        return True
    if not name or ":" in name or "{" in name or needs_escape(name):  # "{ns}local" is Clark notation to lxml
        return False
    try:
        etree.Element(name)
    except ValueError:
        return False
    return True


@lru_cache(maxsize=1024)
def lxml_accepts_namespace(namespace: str) -> bool:
    """Whether lxml accepts *namespace* in a tag or attribute key.  The DOM accepts any string
    as a namespace (``"a b"``, a lone surrogate); lxml wants a URI reference in XML characters,
    so the others are stored escaped, like names lxml refuses."""
    if needs_escape(namespace) or "{" in namespace or "}" in namespace:
        return False
    try:
        etree.Element("{" + namespace + "}x")
    except ValueError:
        return False
    return True


def _encode(namespace: str | None, prefix: str | None, local: str) -> str:
    # A local name made of hex digits after "x", so it is always a valid XML name.
    raw = "\x00".join(("" if namespace is None else "n" + namespace, "" if prefix is None else "p" + prefix, local))
    return "x" + raw.encode("utf-8", "surrogatepass").hex()


def _decode(encoded: str) -> tuple[str | None, str | None, str]:
    # Split from the right: a namespace may hold NULs (the DOM accepts any string), a prefix or
    # local name never does.
    namespace, prefix, local = bytes.fromhex(encoded[1:]).decode("utf-8", "surrogatepass").rsplit("\x00", 2)
    return (namespace[1:] if namespace else None), (prefix[1:] if prefix else None), local


def tag_for(namespace: str | None, prefix: str | None, local: str, html_document: bool) -> str:
    """The lxml tag for an element with this (namespace, prefix, local name).

    Elements made with a tag in Clark notation must be created with ``nsmap={None: namespace}``
    so that lxml does not invent a prefix (see :func:`element_nsmap`).
    """
    if prefix is None and lxml_accepts_local(local):
        if namespace == HTML_NAMESPACE and html_document:
            return local
        if namespace is None:
            return local if not html_document else "{" + NULL_NS + "}" + local
        if namespace != ESCAPED_NS and namespace != NULL_NS and lxml_accepts_namespace(namespace):
            return "{" + namespace + "}" + local
    return _ESCAPED_PREFIX + _encode(namespace, prefix, local)


def tag_in_document(tag: str, name: tuple[str | None, str | None, str], html_document: bool) -> str | None:
    """The tag that stores the element stored as *tag*, whose (namespace, prefix, local name) is
    *name*, once adopted into a document of the other kind (an HTML document when
    *html_document*); None when *tag* serves there too.  A node's namespace is set when it is
    created and never changes (https://dom.spec.whatwg.org/#concept-element-namespace), but a
    plain tag means the HTML namespace in an HTML document and no namespace in an XML one.
    A namespace given to an existing lxml element comes with a prefix lxml makes up, so the
    name is escaped instead of written in Clark notation (an escaped name holds its prefix)."""
    new = tag_for(*name, html_document)
    if new == tag:
        return None
    if new[0] == "{" and not new.startswith(_ESCAPED_PREFIX) and not new.startswith("{" + NULL_NS + "}"):
        return _ESCAPED_PREFIX + _encode(*name)
    return new


def element_nsmap(tag: str) -> dict[str | None, str] | None:
    """The nsmap to create an element with *tag*: its namespace as the default one."""
    if tag[0] != "{":
        return None
    return {None: tag[1 : tag.index("}")]}


def name_from_tag(tag: str, html_document: bool) -> tuple[str | None, str | None, str]:
    """The (namespace, prefix, local name) of an lxml tag (prefix None; see tag_for)."""
    if tag[0] != "{":
        return (HTML_NAMESPACE if html_document else None), None, tag
    end = tag.index("}")
    namespace = tag[1:end]
    local = tag[end + 1 :]
    if namespace == ESCAPED_NS:
        return _decode(local)
    if namespace == NULL_NS:
        return None, None, local
    return namespace, None, local


def attr_key_for(namespace: str | None, prefix: str | None, local: str) -> str:
    """The lxml attribute key for an attribute with this (namespace, prefix, local name)."""
    if prefix is None and namespace is None and lxml_accepts_local(local) and local != "xmlns":
        return local
    if (
        namespace is not None
        and namespace not in (XMLNS_NAMESPACE, ESCAPED_NS, NULL_NS)
        and lxml_accepts_namespace(namespace)
        and lxml_accepts_local(local)
        and (prefix is None or (lxml_accepts_local(prefix) and prefix != "xmlns"))
    ):
        return "{" + namespace + "}" + local  # the prefix is kept by the owning element wrapper
    return _ESCAPED_PREFIX + _encode(namespace, prefix, local)


def attr_name_from_key(key: str) -> tuple[str | None, str | None, str]:
    """The (namespace, prefix, local name) of an lxml attribute key.  For a namespaced key the
    prefix returned is None; the element wrapper supplies the true one."""
    if key[0] != "{":
        return None, None, key
    end = key.index("}")
    namespace = key[1:end]
    local = key[end + 1 :]
    if namespace == ESCAPED_NS:
        return _decode(local)
    return namespace, None, local
