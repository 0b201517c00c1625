"""HTML's partial interface Document: DOM tree accessors, resource metadata, dynamic markup
insertion, and the members that need a browsing context (https://html.spec.whatwg.org/#document).

Only documents from ``dom.parse_html`` have a (minimal) browsing context: ``defaultView`` and
``location`` (dom.html.window; None for other documents).  There is no navigation, focus or
cookie store, so the other members defined in terms of a browsing context return what the
standard gives a Document whose browsing context is null: ``cookie`` is "" and ignores writes
(a cookie-averse document), ``hidden`` is True, ``hasFocus()`` is False, ``domain`` cannot be set
(SecurityError).  ``write()`` has no running scripts to interleave with: text written since
``open()`` is re-parsed as one input stream and replaces the document's children each time.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, TypeVar, cast

from html_infra.infra import (
    HTML_NAMESPACE,
    SVG_NAMESPACE,
    ascii_lowercase,
    strip_and_collapse_ascii_whitespace,
)
from webidl import (
    HierarchyRequestError,
    InvalidAccessError,
    InvalidStateError,
    NotSupportedError,
    SecurityError,
    to_dom_string,
)
from webidl.operations import attributes, operations

from .. import registry  # the HTML parser (dom.parsing) stands above
from ..collections import HTMLCollection, NodeList
from .node import ELEMENT_NODE, Node

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..html.elements import (
        HTMLAnchorElement,
        HTMLAreaElement,
        HTMLElement,
        HTMLFormElement,
        HTMLHeadElement,
        HTMLImageElement,
        HTMLScriptElement,
    )
    from ..html.window import Location, Window
    from ..tag_types import HTMLCollectionOf
    from .document import Document
    from .element import Element

    _T = TypeVar("_T")

__all__ = ["HTMLDocumentMixin"]

# https://html.spec.whatwg.org/#dom-document-nameditem: elements exposed by their name.
_NAMED_BY_NAME = frozenset({"embed", "form", "iframe", "img", "object"})


def _is_html(element: Any, *local_names: str) -> bool:
    return element is not None and element._name.namespace == HTML_NAMESPACE and element._name.local in local_names



@attributes("Document", "domain", "cookie", "title", "dir", "designMode", "fgColor", "linkColor", "vlinkColor",
            "alinkColor", "bgColor", "body")
@operations("Document", "getElementsByName", "write", "writeln", "open", "execCommand", "queryCommandEnabled",
            "queryCommandIndeterm", "queryCommandState", "queryCommandSupported", "queryCommandValue")
class HTMLDocumentMixin:
    """Members of https://html.spec.whatwg.org/#the-document-object on :class:`Document`."""

    if not TYPE_CHECKING:  # (mypy would refuse the writes of Document's fields below)
        __slots__ = ()

    if TYPE_CHECKING:  # Document's fields and members this mixin uses (dom/nodes/document.py)
        _doc: Document  # the document itself (a document's node document is itself)
        _written: list[str] | None
        _is_html: bool
        _mode: str
        _window: Any

        @property
        def documentElement(self) -> Element | None: ...
        @property
        def URL(self) -> str: ...  # noqa: N802
        def _same_object(self, name: str, make: Callable[[], _T]) -> _T: ...
        def _children(self) -> list[Node]: ...
        def appendChild(self, node: Node) -> Node: ...
        def removeChild(self, child: Node) -> Node: ...
        def adoptNode(self, node: Node) -> Node: ...
        def createElement(self, localName: Any, options: Any = None) -> Element: ...
        def createElementNS(self, namespace: Any, qualifiedName: Any, options: Any = None) -> Element: ...

    # -- DOM tree accessors (https://html.spec.whatwg.org/#dom-tree-accessors) -----------------

    def _html_element(self) -> Element | None:
        """https://html.spec.whatwg.org/#the-html-element-2 -- the document element if it is
        an HTML ``html`` element."""
        element = self.documentElement
        return element if _is_html(element, "html") else None

    @property
    def head(self) -> HTMLHeadElement | None:
        """https://html.spec.whatwg.org/#dom-document-head -- the first ``head`` child of the
        html element."""
        html = self._html_element()
        if html is None:
            return None
        for child in html.children:
            if _is_html(child, "head"):
                return cast("HTMLHeadElement", child)
        return None

    @property
    def body(self) -> HTMLElement | None:
        """https://html.spec.whatwg.org/#dom-document-body -- the first ``body`` or
        ``frameset`` child of the html element."""
        html = self._html_element()
        if html is None:
            return None
        for child in html.children:
            if _is_html(child, "body", "frameset"):
                return cast("HTMLElement", child)
        return None

    @body.setter
    def body(self, value: HTMLElement | None) -> None:
        # (the value converted to HTMLElement?) 1. a body or frameset element.
        if value is None or not _is_html(value, "body", "frameset"):
            raise HierarchyRequestError("document.body must be set to a body or frameset element")
        # 2. Nothing to do when it already is the body.
        current = self.body
        if value is current:
            return
        # 3. Replace the body element within its parent.
        if current is not None:
            parent = current.parentNode
            assert parent is not None  # the body is a child of the html element
            parent.replaceChild(value, current)
            return
        # 4-5. No document element: HierarchyRequestError; else append to it.
        element = self.documentElement
        if element is None:
            raise HierarchyRequestError("the document has no document element to hold a body")
        element.appendChild(value)

    @property
    def title(self) -> str:
        """https://html.spec.whatwg.org/#document.title"""
        element = self.documentElement
        # 1. An SVG root: its first SVG title child.
        if element is not None and element._ns == SVG_NAMESPACE and element._local == "svg":
            found = next((c for c in element.children if c._ns == SVG_NAMESPACE and c._local == "title"), None)
            value = _child_text_content(found) if found is not None else ""
            return value  # (SVG titles are not whitespace-collapsed)
        # 2. Otherwise the title element (the first HTML title in tree order), stripped and collapsed.
        title = self._title_element()
        return "" if title is None else strip_and_collapse_ascii_whitespace(_child_text_content(title))

    @title.setter
    def title(self, value: str) -> None:
        element = self.documentElement
        if element is not None and element._ns == SVG_NAMESPACE and element._local == "svg":
            # 1. SVG: the first SVG title child, created as the first child when missing.
            found = next((c for c in element.children if c._ns == SVG_NAMESPACE and c._local == "title"), None)
            if found is None:
                found = self.createElementNS(SVG_NAMESPACE, "title")
                element.insertBefore(found, element.firstChild)
            found.textContent = value
        elif element is not None and element._name.namespace == HTML_NAMESPACE:
            # 2. HTML: the title element, else a new one appended to the head (if any).
            title = self._title_element()
            head = self.head
            if title is None:
                if head is None:
                    return
                title = self.createElement("title")
                head.appendChild(title)
            title.textContent = value

    def _title_element(self) -> Element | None:
        """https://html.spec.whatwg.org/#the-title-element-2"""
        root = self.documentElement
        if root is None:
            return None
        if _is_html(root, "title"):
            return root
        for element in root.getElementsByTagName("title"):
            if element._name.namespace == HTML_NAMESPACE:
                return element
        return None

    @property
    def dir(self) -> str:
        """https://html.spec.whatwg.org/#dom-document-dir -- the html element's ``dir``
        (limited to known values)."""
        html = self._html_element()
        return cast("HTMLElement", html).dir if html is not None else ""

    @dir.setter
    def dir(self, value: str) -> None:
        html = self._html_element()
        if html is not None:
            html.setAttribute("dir", value)

    def _collection(self, key: str, keep: Any) -> HTMLCollection[Any]:
        """A live HTMLCollection over the document, the same object each time ([SameObject])."""
        return self._same_object(key, lambda: HTMLCollection(self._doc, keep))  # (this document)

    @property
    def images(self) -> HTMLCollectionOf[HTMLImageElement]:
        """https://html.spec.whatwg.org/#dom-document-images"""
        return self._collection("images", lambda e: e._name.namespace == HTML_NAMESPACE and e._name.local == "img")

    @property
    def embeds(self) -> HTMLCollection[Element]:
        """https://html.spec.whatwg.org/#dom-document-embeds"""
        return self._collection("embeds", lambda e: e._name.namespace == HTML_NAMESPACE and e._name.local == "embed")

    plugins = embeds  # https://html.spec.whatwg.org/#dom-document-plugins (the same object)

    @property
    def links(self) -> HTMLCollectionOf[HTMLAnchorElement | HTMLAreaElement]:
        """https://html.spec.whatwg.org/#dom-document-links -- ``a`` and ``area`` with ``href``."""
        return self._collection(
            "links", lambda e: e._ns == HTML_NAMESPACE and e._local in ("a", "area") and e.hasAttribute("href")
        )

    @property
    def forms(self) -> HTMLCollectionOf[HTMLFormElement]:
        """https://html.spec.whatwg.org/#dom-document-forms"""
        return self._collection("forms", lambda e: e._name.namespace == HTML_NAMESPACE and e._name.local == "form")

    @property
    def scripts(self) -> HTMLCollectionOf[HTMLScriptElement]:
        """https://html.spec.whatwg.org/#dom-document-scripts"""
        return self._collection("scripts", lambda e: e._name.namespace == HTML_NAMESPACE and e._name.local == "script")

    @property
    def anchors(self) -> HTMLCollection[Element]:
        """https://html.spec.whatwg.org/#dom-document-anchors -- ``a`` elements with ``name``."""
        return self._collection(
            "anchors", lambda e: e._name.namespace == HTML_NAMESPACE and e._name.local == "a" and e.hasAttribute("name")
        )

    @property
    def applets(self) -> HTMLCollection[Element]:
        """https://html.spec.whatwg.org/#dom-document-applets -- always empty."""
        return self._collection("applets", lambda e: False)

    def getElementsByName(self, elementName: str) -> NodeList[Element]:
        """https://html.spec.whatwg.org/#dom-document-getelementsbyname -- a live NodeList of
        HTML elements whose ``name`` attribute is *elementName*."""
        name = elementName
        matches: HTMLCollection[Element] = HTMLCollection(
            self._doc,  # (this document)
            lambda e: e._name.namespace == HTML_NAMESPACE and e.getAttribute("name") == name,
        )

        class _NameNodeList(NodeList["Element"]):
            __slots__ = ()

            def _nodes(self) -> list[Element]:
                return matches._elements()

        return _NameNodeList()

    # -- named properties (https://html.spec.whatwg.org/#dom-document-nameditem) ---------------

    def _named_elements(self, name: str) -> list[Element]:
        if name == "":
            return []
        root = self.documentElement
        if root is None:
            return []
        found = []
        for element in [root, *root.getElementsByTagName("*")]:
            if element._name.namespace != HTML_NAMESPACE or not _exposed(element):
                continue
            local = element._name.local
            if local in _NAMED_BY_NAME and element.getAttribute("name") == name:
                found.append(element)
            elif local == "object" and element.getAttribute("id") == name:
                found.append(element)
            elif local == "img" and element.getAttribute("id") == name and element.getAttribute("name"):
                found.append(element)
        return found

    def _supported_property_names(self) -> list[str]:
        """https://html.spec.whatwg.org/#dom-document-nameditem: names of exposed elements, in
        tree order (name before id for the same element), without duplicates."""
        root = self.documentElement
        names: dict[str, None] = {}
        if root is None:
            return []
        for element in [root, *root.getElementsByTagName("*")]:
            if element._name.namespace != HTML_NAMESPACE or not _exposed(element):
                continue
            name = element.getAttribute("name")
            if element._name.local in _NAMED_BY_NAME and name:
                names.setdefault(name)
            if element._name.local == "object" or (element._name.local == "img" and name):
                element_id = element.getAttribute("id")
                if element_id:
                    names.setdefault(element_id)
        return list(names)

    def __getitem__(self, name: Any) -> Any:
        """``document[name]``: the named property (an element, or a live HTMLCollection when
        several match).  A lone ``iframe`` gives its content window, which does not exist here:
        None.  KeyError when nothing matches."""
        key = to_dom_string(name)
        elements = self._named_elements(key)
        if not elements:
            raise KeyError(key)
        if len(elements) == 1:
            return None if elements[0]._name.local == "iframe" else elements[0]
        return HTMLCollection(self._doc, lambda e: any(e is x for x in self._named_elements(key)))  # (this document)

    __iter__ = None  # a named getter does not make a document a sequence

    def __contains__(self, name: Any) -> bool:
        return isinstance(name, str) and bool(self._named_elements(name))

    # -- resource metadata (https://html.spec.whatwg.org/#resource-metadata-management) --------

    @property
    def location(self) -> Location | None:
        """https://html.spec.whatwg.org/#dom-document-location -- the window's Location
        (dom.html.window), None for a document without a browsing context ([PutForwards=href])."""
        window = self._window
        return None if window is None else window.location

    @location.setter
    def location(self, value: Any) -> None:
        location = self.location
        if location is not None:
            location.href = value

    @property
    def domain(self) -> str:
        """https://html.spec.whatwg.org/#dom-document-domain -- the effective domain of the
        document's origin, "" for an opaque origin."""
        # lazy: the URL modules load at the first URL parsed (`import webdom` leaves them)
        from html_infra.url.api import URL

        try:
            url = URL(getattr(self, "_origin_url", None) or self.URL)  # (Document._origin_from)
        except ValueError:
            return ""
        return "" if url.origin == "null" else url.hostname

    @domain.setter
    def domain(self, value: str) -> None:
        # Step 1: a document without a browsing context cannot relax its domain.
        raise SecurityError("document.domain cannot be set: the document has no browsing context")

    @property
    def referrer(self) -> str:
        """https://html.spec.whatwg.org/#dom-document-referrer -- "" (no referrer)."""
        return ""

    @property
    def cookie(self) -> str:
        """https://html.spec.whatwg.org/#dom-document-cookie -- a cookie-averse document: ""."""
        return ""

    @cookie.setter
    def cookie(self, value: str) -> None:
        pass  # converted by the binding, then ignored (cookie-averse)

    @property
    def lastModified(self) -> str:
        """https://html.spec.whatwg.org/#dom-document-lastmodified -- no Last-Modified header is
        known, so the current local date and time, as ``MM/DD/YYYY hh:mm:ss``."""
        return time.strftime("%m/%d/%Y %H:%M:%S")  # local time (time, unlike datetime, is loaded already)

    @property
    def readyState(self) -> str:
        """https://html.spec.whatwg.org/#dom-document-readystate -- "complete" once parsed,
        "loading" between ``open()`` and ``close()``."""
        return "loading" if self._written is not None else "complete"

    @property
    def currentScript(self) -> None:
        """https://html.spec.whatwg.org/#dom-document-currentscript -- no script runs here."""
        return None

    @property
    def defaultView(self) -> Window | None:
        """https://html.spec.whatwg.org/#dom-document-defaultview -- the Window of a document
        from dom.parse_html (dom.html.window), None for documents without a browsing context."""
        return cast("Window | None", self._window)

    def hasFocus(self) -> bool:
        """https://html.spec.whatwg.org/#dom-document-hasfocus -- never focused."""
        return False

    @property
    def activeElement(self) -> Element | None:
        """https://html.spec.whatwg.org/#dom-documentorshadowroot-activeelement (dom/html/focus.py):
        the focused element retargeted to this document, else the body element, else the
        document element, else None."""
        return registry.active_element(self)

    @property
    def hidden(self) -> bool:
        """https://html.spec.whatwg.org/#dom-document-hidden -- not rendered anywhere."""
        return True

    @property
    def visibilityState(self) -> str:
        """https://html.spec.whatwg.org/#dom-document-visibilitystate"""
        return "hidden"

    @property
    def designMode(self) -> str:
        """https://html.spec.whatwg.org/#dom-document-designmode"""
        return "on" if self._design_mode else "off"

    @designMode.setter
    def designMode(self, value: str) -> None:
        value = ascii_lowercase(value)
        if value in ("on", "off"):
            self._design_mode = value == "on"

    def execCommand(self, commandId: str, showUI: bool = False, value: str = "") -> bool:
        """https://w3c.github.io/editing/docs/execCommand/ -- no editing host is active: False."""
        return False

    def queryCommandEnabled(self, commandId: str) -> bool:
        return False

    def queryCommandIndeterm(self, commandId: str) -> bool:
        return False

    def queryCommandState(self, commandId: str) -> bool:
        return False

    def queryCommandSupported(self, commandId: str) -> bool:
        return False

    def queryCommandValue(self, commandId: str) -> str:
        return ""

    @property
    def customElementRegistry(self) -> None:
        """https://html.spec.whatwg.org/#dom-documentorshadowroot-customelementregistry --
        custom elements are not supported: no registry."""
        return None

    # -- obsolete members (https://html.spec.whatwg.org/#other-elements,-attributes-and-apis) ---

    def clear(self) -> None:
        """Does nothing (obsolete)."""

    def captureEvents(self) -> None:
        """Does nothing (obsolete)."""

    def releaseEvents(self) -> None:
        """Does nothing (obsolete)."""

    def _body_attribute(self, name: str) -> str:
        body = self.body
        if body is None or body._name.local != "body":
            return ""
        return body.getAttribute(name) or ""

    def _set_body_attribute(self, name: str, value: str) -> None:
        body = self.body
        if body is not None and body._name.local == "body":
            body.setAttribute(name, value)

    # https://html.spec.whatwg.org/#dom-document-fgcolor and friends: the body's presentational attributes.
    @property
    def fgColor(self) -> str:
        return self._body_attribute("text")

    @fgColor.setter
    def fgColor(self, value: str) -> None:
        self._set_body_attribute("text", value)

    @property
    def linkColor(self) -> str:
        return self._body_attribute("link")

    @linkColor.setter
    def linkColor(self, value: str) -> None:
        self._set_body_attribute("link", value)

    @property
    def vlinkColor(self) -> str:
        return self._body_attribute("vlink")

    @vlinkColor.setter
    def vlinkColor(self, value: str) -> None:
        self._set_body_attribute("vlink", value)

    @property
    def alinkColor(self) -> str:
        return self._body_attribute("alink")

    @alinkColor.setter
    def alinkColor(self, value: str) -> None:
        self._set_body_attribute("alink", value)

    @property
    def bgColor(self) -> str:
        return self._body_attribute("bgcolor")

    @bgColor.setter
    def bgColor(self, value: str) -> None:
        self._set_body_attribute("bgcolor", value)

    # -- dynamic markup insertion (https://html.spec.whatwg.org/#dynamic-markup-insertion) -----

    def open(self, unused1: str | None = None, unused2: str | None = None, *features: str) -> Any:
        """https://html.spec.whatwg.org/#document-open-steps (``open(url, name, features)``
        opens a window: no browsing context, InvalidAccessError)."""
        if features:
            raise InvalidAccessError("document.open(url, name, features) needs a browsing context")
        # 1. XML documents cannot be opened.
        if not self._is_html:
            raise InvalidStateError("document.open() on an XML document")
        # 11. Replace all with null within document.
        for child in list(self._children()):
            self.removeChild(child)
        # 15-17. No-quirks mode and a new script-created parser with an empty input stream.
        self._mode = "no-quirks"
        self._written = []
        return self

    def close(self) -> None:
        """https://html.spec.whatwg.org/#dom-document-close"""
        if not self._is_html:
            raise InvalidStateError("document.close() on an XML document")
        # 3. Without a script-created parser, return; 4-6: EOF ends the input stream.
        if self._written is None:
            return
        self._reparse_written()
        self._written = None

    def write(self, *text: str) -> None:
        """https://html.spec.whatwg.org/#dom-document-write"""
        self._document_write("".join(text))

    def writeln(self, *text: str) -> None:
        """https://html.spec.whatwg.org/#dom-document-writeln"""
        self._document_write("".join(text) + "\n")

    def _document_write(self, string: str) -> None:
        """https://html.spec.whatwg.org/#document-write-steps"""
        # 6. XML documents cannot be written to.
        if not self._is_html:
            raise InvalidStateError("document.write() on an XML document")
        # 9. No insertion point: run the document open steps.
        if self._written is None:
            self.open()
        # 10-11. Insert the string and let the parser process it: with no scripts to interleave,
        # parsing everything written so far again gives the same tree.
        written = self._written
        assert written is not None  # open() made it
        written.append(string)
        self._reparse_written()

    def _reparse_written(self) -> None:
        parsed = registry.parse_html("".join(self._written or ()), url=self.URL)
        for child in list(self._children()):
            self.removeChild(child)
        for child in list(parsed._children()):
            self.appendChild(self.adoptNode(child))
        self._mode = parsed._mode

    # -- HTML parsing entry points on Document ---------------------------------------------------

    @staticmethod
    def parseHTMLUnsafe(html: Any, options: Any = None) -> Any:
        """https://html.spec.whatwg.org/#dom-parsehtmlunsafe -- a new HTML document parsed from
        *html* (scripting disabled, URL about:blank) whose origin is the current global object's
        associated Document's (``default_document()``; whatwg/html#12881: the HTML parsing
        APIs' documents take their creator's origin, as DOM's createDocument() does)."""
        document = registry.parse_html_without_browsing_context(to_dom_string(html))
        document._origin_from(registry.default_document())
        return document

    @staticmethod
    def parseHTML(html: Any, options: Any = None) -> Any:
        """https://html.spec.whatwg.org/#dom-parsehtml -- needs the HTML Sanitizer API, which is
        not implemented: NotSupportedError (use :meth:`parseHTMLUnsafe`)."""
        raise NotSupportedError("Document.parseHTML needs the Sanitizer API, which webdom does not implement")


def _child_text_content(node: Any) -> str:
    """https://dom.spec.whatwg.org/#concept-child-text-content"""
    return "".join(child.data for child in node.childNodes if child.nodeType == 3)


def _exposed(element: Any) -> bool:
    """https://html.spec.whatwg.org/#exposed (simplified: no plugins are ever loaded, so an
    ``embed`` or ``object`` is exposed unless an ``object`` ancestor is)."""
    if element._name.local not in ("embed", "object"):
        return True
    parent = element.parentNode
    while parent is not None and parent.nodeType == ELEMENT_NODE:
        if parent._name.namespace == HTML_NAMESPACE and parent._name.local == "object":
            return False
        parent = parent.parentNode
    return True
