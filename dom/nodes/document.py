"""Document, DocumentFragment, DocumentType and DOMImplementation.

https://dom.spec.whatwg.org/#interface-document
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from lxml import etree

from html_infra.infra import HTML_NAMESPACE, SVG_NAMESPACE, ascii_lowercase
from webidl import (
    HierarchyRequestError,
    InvalidCharacterError,
    NotSupportedError,
    to_dom_string,
)
from webidl.operations import operations

from .. import registry  # document.all (dom.html), ranges and the selection (they build on this module)
from ..collections import HTMLCollection
from ..event_handlers import DocumentEventHandlers
from ..events import create_event
from ..loader import SubresourceLoader
from ..lxml_mirror import FRAGMENT_TAG, element_nsmap, tag_for, xml_safe
from ..memo import DocumentMemo, MemoKey
from ..tag_types import DocumentTagTypes, ParentNodeTagTypes
from ..traversal import NodeFilterCallback, NodeIterator, TreeWalker
from ..xpath import XPathEvaluatorMixin
from . import mutation
from .attr import Attr
from .attribute_guard import guarded_setattr
from .character_data import CDATASection, Comment, ProcessingInstruction, Text, is_xml_name
from .document_or_shadow_root import DocumentOrShadowRootStyle
from .element import (
    ELEMENT_WRAPPER_SLOTS,
    PLAIN_KEYS,
    Element,
)
from .element_interfaces import (
    ESCAPED_TAG,
    FOR_TAG,
    element_class,
    for_tag,
    register_element_class,
    register_element_interface_rule,
)
from .html_document import HTMLDocumentMixin
from .identity import node_for
from .names import ElementName, is_valid_attribute_local_name, is_valid_element_local_name, validate_and_extract
from .node import (
    DOCUMENT_FRAGMENT_NODE,
    DOCUMENT_NODE,
    DOCUMENT_TYPE_NODE,
    LxmlParent,
    Node,
    SlotOwner,
)
from .parent_node import ChildNodeMixin, ParentNodeMixin
from .proxy_release import ANCHOR_STRIDE, anchor_elements, release_proxies
from .speedups import extension
from .tree_names import TreeNames

if TYPE_CHECKING:
    from webidl.dictionary_types import ImportNodeOptions

    from ..cssom.style_sheets import StyleSheetList
    from ..events import Event
    from ..html.forms.all_collection import HTMLAllCollection
    from ..ranges import Range
    from ..selection import Selection

_T = TypeVar("_T")

__all__ = [
    "Document", "DocumentFragment", "DocumentType", "DOMImplementation", "register_element_class",
    "register_element_interface_rule",
    "default_document", "set_default_document", "WITH_ID", "python_wrap_new",
]

_new_object = object.__new__


_DEFAULT: list[Document] = []


def _is_shadow_root(node: Node) -> bool:
    return isinstance(node, DocumentFragment) and node._is_shadow_root


def default_document() -> Document:
    """The document that ``Text()``/``Comment()`` constructors use (one per process, like a
    window's associated Document)."""
    if not _DEFAULT:
        _DEFAULT.append(Document())
    return _DEFAULT[0]


def set_default_document(document: Document) -> None:
    """Make *document* the one ``Text()``, ``Comment()``, ``DocumentFragment()``, ``Range()``...
    belong to: a global object's associated Document
    (https://html.spec.whatwg.org/multipage/nav-history-apis.html#concept-document-window), as
    "the current global object's associated Document" in those constructors' steps."""
    _DEFAULT[:] = [document]


# Candidates for getElementById: the stored id equals the lxml-safe form of the wanted one
# (the caller compares the true value).
WITH_ID = etree.XPath("descendant-or-self::*[@id = $id]")


class DocumentType(ChildNodeMixin, Node):
    """https://dom.spec.whatwg.org/#interface-documenttype (held by its document, not by lxml)."""

    __slots__ = ("name", "publicId", "systemId", "_parent", "_event_target_state")
    nodeType = DOCUMENT_TYPE_NODE

    def __init__(self, document: Document, name: str, public_id: str = "", system_id: str = "") -> None:
        self._doc = document
        self.name = name
        self.publicId = public_id
        self.systemId = system_id
        self._parent: Document | None = None

    @property
    def nodeName(self) -> str:
        return self.name

    @property
    def parentNode(self) -> Node | None:
        return self._parent


@operations("NonElementParentNode", "getElementById")
class DocumentFragment(ParentNodeTagTypes, LxmlParent, ParentNodeMixin):
    """https://dom.spec.whatwg.org/#interface-documentfragment (children in a private lxml
    container element that is never part of a document's tree)."""

    __slots__ = ("_host", "_event_target_state")
    nodeType = DOCUMENT_FRAGMENT_NODE
    _is_shadow_root = False  # a ShadowRoot's is True (dom/nodes/shadow.py, which builds on this module)

    _host: Element | None  # the shadow host or the template whose contents this is, if any

    def __init__(self) -> None:
        """https://dom.spec.whatwg.org/#dom-documentfragment-documentfragment"""
        self._init(default_document())

    def _init(self, document: Document) -> None:
        self._doc = document
        self._lx = etree.Element(FRAGMENT_TAG)
        self._text_run = None
        self._tail_run = None
        self._host = None
        document._nodes[self._lx] = self

    @classmethod
    def _new(cls, document: Document) -> DocumentFragment:
        fragment = cls.__new__(cls)
        fragment._init(document)
        return fragment

    @property
    def nodeName(self) -> str:
        return "#document-fragment"

    def getElementById(self, elementId: str) -> Element | None:
        """https://dom.spec.whatwg.org/#dom-nonelementparentnode-getelementbyid"""
        element_id = elementId
        if not element_id:  # id="" gives an element no ID (https://dom.spec.whatwg.org/#concept-id)
            return None
        for lx in WITH_ID(self._lx, id=xml_safe(element_id)):
            if lx is not self._lx:
                node = node_for(lx, self._doc)
                if isinstance(node, Element) and node.getAttribute("id") == element_id:
                    return node
        return None

    @property
    def children(self) -> HTMLCollection[Element]:
        return HTMLCollection.children_of(self)


_store_field = object.__setattr__


@operations("NonElementParentNode", "getElementById")
@operations("Document", "createTextNode", "createCDATASection", "createComment", "createProcessingInstruction",
            "createAttribute", "createAttributeNS", "createEvent", "adoptNode", "createNodeIterator",
            "createTreeWalker", "importNode")
class Document(DocumentTagTypes, ParentNodeMixin, Node, HTMLDocumentMixin, DocumentEventHandlers, XPathEvaluatorMixin,
               DocumentOrShadowRootStyle, DocumentMemo):
    """https://dom.spec.whatwg.org/#interface-document

    ``Document()`` is an XML document as in the DOM Standard; HTML documents come from
    :func:`dom.parse_html` or ``DOMImplementation.createHTMLDocument``.
    """

    __slots__ = (
        "_event_target_state",
        "_nodes",
        "_version",
        "_is_html",
        "_is_xml_document",  # implements XMLDocument (https://dom.spec.whatwg.org/#xmldocument): createDocument's
        "_children_list",
        "_escaped_text",
        "_lossy_attributes",  # an attribute value was stored with U+FFFD for what lxml cannot hold (selectors ask)
        "_content_type",
        "_url",
        "_mode",
        "_encoding",
        "_csp_header",
        "_template_owner",
        "_origin_url",  # the URL whose origin is the document's (its own, or its creator's; see _origin_from)
        "_focused_area",  # the focused element, None for the viewport (dom/html/focus.py)
        "_tag_table",  # FOR_TAG[_is_html]
        # Set by _setup; each belongs to one concept:
        "_window",  # the Window of a parsed page (dom/html/window.py), else None
        "_implementation",  # [SameObject] DOMImplementation, made on first use
        "_objects",  # other [SameObject] objects by IDL attribute name (see _same_object)
        "_live_ranges",  # WeakSet of live Ranges once one exists (dom/ranges.py)
        "_node_iterators",  # WeakSet of NodeIterators once one exists (dom/traversal.py)
        "_last_removed",  # (version, element) of the last removal (dom/collections.py)
        "_attribute_steps",  # [(version, lxml element)]: versions that were attribute changes (dom/memo.py)
        "_changes",  # [(version, lxml element or None, what, detail)]: the last changes (dom/memo.py, _changed)
        "_tree_names",  # the id and name values of its elements once asked (dom/nodes/tree_names.py), else None
        "_memo",  # derived values by key, each with the version it was computed at (dom/memo.py)
        "_memo_limit",  # the memo's size at which stale entries are dropped
        "_nonces_hidden",  # nonce hiding ran over the parsed document (dom/html/nonce.py)
        "_design_mode",  # https://html.spec.whatwg.org/#designMode
        "_written",  # document.open()'s pending document.write() strings, else None
        "_loader",  # the loader that fetched this document, serving its subresources (dom/loader.py), else None
        "_deep",  # its parser met elements nested 512 deep (dom/selectors/engine.py numbers them for queries)
        "_anchors",  # a deep tree's every 64th level's lxml proxies, kept (dom/nodes/proxy_release.py)
    )
    nodeType = DOCUMENT_NODE
    __setattr__ = guarded_setattr  # document.tilte = ... raises: did you mean 'title'?

    # The fields' types (_setup stores them)
    _nodes: dict[Any, SlotOwner]  # lxml proxy -> its wrapper (every lxml-backed node owns slots)
    _version: int
    _is_html: bool
    _is_xml_document: bool
    _tag_table: dict[str, ElementName]
    _children_list: list[Node]
    _escaped_text: bool
    _lossy_attributes: bool
    _content_type: str
    _url: str
    _origin_url: str | None
    _focused_area: Element | None
    _mode: str
    _encoding: str
    _csp_header: str | None
    _template_owner: Document | None
    _window: Any
    _implementation: DOMImplementation | None
    _objects: dict[Any, Any]
    _live_ranges: Any
    _node_iterators: Any
    _last_removed: tuple[int, int, Any] | None
    _deep: bool
    _anchors: list[Any]
    _attribute_steps: list[tuple[int, Any]]
    _changes: list[tuple[int, Any, Any, Any]]
    _tree_names: TreeNames | None
    _memo: dict[tuple[MemoKey, object], tuple[int, Any]]
    _memo_limit: int
    _nonces_hidden: bool
    _design_mode: bool
    _written: list[str] | None
    _loader: SubresourceLoader | None

    def __init__(self) -> None:
        """https://dom.spec.whatwg.org/#dom-document-document -- this's origin is the current
        global object's associated Document's (``default_document()``); the first document
        made, which becomes that default document itself, keeps an opaque origin."""
        self._setup(is_html=False, content_type="application/xml")
        if _DEFAULT:
            self._origin_from(_DEFAULT[0])

    def __del__(self) -> None:
        # Release the lxml proxies children first (dom/nodes/proxy_release.py): lxml frees a
        # proxy by walking up to the nearest ancestor that still has one (and, in a detached
        # subtree whose top has none, over the whole subtree), so freeing a deep or wide tree's
        # proxies in another order costs O(depth) or O(size) each: minutes for 100,000 nodes.
        # Wrappers can outlive this (held by caches in the same garbage cycle): their ``_lx``
        # goes first so that the identity map holds each proxy's last reference.
        nodes = getattr(self, "_nodes", None)
        if not nodes:
            return
        tops = [child._lx for child in self._children_list if isinstance(child, Element)] if self._deep else []
        for wrapper in nodes.values():
            try:
                del wrapper._lx
            except AttributeError:
                pass
        proxies = list(nodes)
        nodes.clear()
        if tops:
            # What else holds proxies (the memo's lists: a collection's members, the parsed
            # forms) lets them go while every element has one: each then stops at its parent.
            for top in tops:
                proxies.extend(top.iter())
            proxies.extend(self._anchors)
            self._anchors.clear()
            self._memo.clear()
            self._changes.clear()
        release_proxies(proxies)

    def _setup(self, is_html: bool, content_type: str, url: str = "about:blank") -> None:
        # Stored through the slots' descriptors, past guarded_setattr (the names are all
        # private): a document is made per parse, and a Python-level __setattr__ call per field
        # cost a small page's parse 5 us.
        for set_field, value in _DEFAULT_FIELDS:
            set_field(self, value)
        for set_field, make in _FRESH_FIELDS:
            set_field(self, make())
        store = _store_field
        store(self, "_doc", self)
        store(self, "_is_html", is_html)
        store(self, "_tag_table", FOR_TAG[is_html])
        store(self, "_content_type", content_type)
        store(self, "_url", url)

    def _anchor_deep_tree(self) -> None:
        """Keep the anchors of this document's tree, nested deeper than the parser's limit: the
        proxies that stop each walk up from a released one within 64 levels (proxy_release.py)."""
        self._anchors = [anchor for child in self._children_list if isinstance(child, Element)
                         for anchor in anchor_elements(child._lx, ANCHOR_STRIDE)]

    def _origin_from(self, creator: Document) -> None:
        """Give this document *creator*'s origin: a document made by DOMImplementation or a
        DOMParser has the origin of the document it was made for
        (https://dom.spec.whatwg.org/#dom-domimplementation-createdocument and friends), though
        its URL is about:blank.  The origin is kept as the URL it is the origin of."""
        self._origin_url = creator._origin_url or creator._url

    def _same_object(self, name: str, make: Callable[[], _T]) -> _T:
        """The object this document hands out for its IDL attribute *name* ([SameObject])."""
        found = self._objects.get(name)
        if found is None:
            found = self._objects[name] = make()
        return found

    @classmethod
    def _new(cls, is_html: bool, content_type: str, url: str = "about:blank") -> Document:
        document = object.__new__(cls)  # (past EventTarget.__new__, which only redirects EventTarget())
        document._setup(is_html, content_type, url)
        return document

    @property
    def all(self) -> HTMLAllCollection:
        """https://html.spec.whatwg.org/#dom-document-all (dom.html.forms.all_collection)"""
        return cast("HTMLAllCollection", registry.all_collection(self))

    @property
    def styleSheets(self) -> StyleSheetList:
        """https://drafts.csswg.org/cssom/#dom-documentorshadowroot-stylesheets
        (dom.cssom.document_style_sheets)"""
        return cast("StyleSheetList", registry.style_sheets(self))

    def createEvent(self, interface: str) -> Event:
        """https://dom.spec.whatwg.org/#dom-document-createevent (dom.events.create_event)"""
        return create_event(interface)

    def createRange(self) -> Range:
        """https://dom.spec.whatwg.org/#dom-document-createrange (dom.ranges)"""
        return registry.create_range(self)

    def getSelection(self) -> Selection | None:
        """https://w3c.github.io/selection-api/#dom-document-getselection (dom.selection)"""
        return registry.selection_of(self)

    def createNodeIterator(self, root: Node, whatToShow: int = 0xFFFFFFFF,  # noqa: N803
                           filter: NodeFilterCallback | None = None) -> NodeIterator:  # noqa: A002
        """https://dom.spec.whatwg.org/#dom-document-createnodeiterator (dom.traversal)"""
        return NodeIterator._create(root, whatToShow, filter)

    def createTreeWalker(self, root: Node, whatToShow: int = 0xFFFFFFFF,  # noqa: N803
                         filter: NodeFilterCallback | None = None) -> TreeWalker:  # noqa: A002
        """https://dom.spec.whatwg.org/#dom-document-createtreewalker (dom.traversal)"""
        return TreeWalker._create(root, whatToShow, filter)

    # -- identity -------------------------------------------------------------------------------

    def _wrap_new(self, lx: Any) -> SlotOwner:
        """Create the wrapper for an lxml node met for the first time (only node_for calls this)."""
        tag = lx.tag
        if type(tag) is str:  # an element: the common case first
            found = self._tag_table.get(tag)
            if found is None:
                found = for_tag(tag, self._is_html)
            if (
                found.prefix is None and found.namespace is not None and tag[0] == "{" and lx.prefix is not None
                and not tag.startswith(ESCAPED_TAG)  # (an escaped tag holds its prefix)
            ):
                found = found._replace(prefix=lx.prefix, plain=False)  # an XML element's own prefix
            element = _new_object(found.interface)
            element._init_wrapper(self, lx, found)
            self._nodes[lx] = element
            return element
        node: SlotOwner
        if tag is etree.Comment:
            node = _new_object(Comment)
            node._override = None
        elif tag is etree.ProcessingInstruction:
            node = _new_object(ProcessingInstruction)
            node._override = None
        else:  # entities and other lxml nodes are not part of the DOM's model
            raise TypeError(f"lxml node {lx!r} has no DOM equivalent")
        node._doc = self
        node._lx = lx
        node._text_run = node._tail_run = None
        self._nodes[lx] = node
        return node

    if TYPE_CHECKING:

        def _wrap_element(self, lx: etree._Element) -> Element:
            """_wrap_new of an lxml element (a str tag), whose wrapper is an Element."""

    else:
        _wrap_element = _wrap_new  # the same function: no call or check added

    def _top_level_parent(self, node: Node) -> Node | None:
        """The parent of an lxml-backed node whose lxml parent is None: this document if the
        node is one of its children, else None."""
        for child in self._children_list:
            if child is node:
                return self
        return None

    def _get_the_parent(self, event: Any) -> Any:
        """https://dom.spec.whatwg.org/#interface-document: null for a ``load`` event or without
        a browsing context, else the relevant global object (the Window of dom.html.window)."""
        if event.type == "load":
            return None
        return self._window

    # -- tree -----------------------------------------------------------------------------------

    @property
    def nodeName(self) -> str:
        return "#document"

    def _children(self) -> list[Node]:
        return list(self._children_list)

    @property
    def doctype(self) -> DocumentType | None:
        """https://dom.spec.whatwg.org/#dom-document-doctype"""
        for child in self._children_list:
            if isinstance(child, DocumentType):
                return child
        return None

    @property
    def documentElement(self) -> Element | None:
        """https://dom.spec.whatwg.org/#dom-document-documentelement"""
        for child in self._children_list:
            if isinstance(child, Element):
                return child
        return None

    @property
    def rootElement(self) -> Element | None:
        """https://svgwg.org/svg2-draft/struct.html#__svg__Document__rootElement (SVG 2, "Extensions
        to the Document interface"): the document element if it is an SVGSVGElement, else null.
        Every element of the SVG namespace named ``svg`` is one (dom/html/foreign.py registers the
        class), so the name tells it without reaching the HTML floor's class."""
        root = self.documentElement
        if root is not None and root._name.namespace == SVG_NAMESPACE and root._name.local == "svg":
            return root
        return None

    @property
    def children(self) -> HTMLCollection[Element]:
        return HTMLCollection.children_of(self)

    @property
    def ownerDocument(self) -> None:
        return None

    @property
    def lxml_tree(self) -> Any:
        """The lxml ElementTree whose root is the document element (None without one)."""
        root = self.documentElement
        return None if root is None else root._lx.getroottree()

    # -- properties -----------------------------------------------------------------------------

    @property
    def URL(self) -> str:  # noqa: N802
        """https://dom.spec.whatwg.org/#dom-document-url"""
        return self._url

    documentURI = URL

    @property
    def compatMode(self) -> str:
        """https://dom.spec.whatwg.org/#dom-document-compatmode"""
        return "BackCompat" if self._mode == "quirks" else "CSS1Compat"

    @property
    def characterSet(self) -> str:
        """https://dom.spec.whatwg.org/#dom-document-characterset"""
        return self._encoding

    charset = characterSet
    inputEncoding = characterSet

    @property
    def contentType(self) -> str:
        """https://dom.spec.whatwg.org/#dom-document-contenttype"""
        return self._content_type

    @property
    def implementation(self) -> DOMImplementation:
        """https://dom.spec.whatwg.org/#dom-document-implementation ([SameObject])"""
        impl = self._implementation
        if impl is None:
            impl = self._implementation = DOMImplementation(self)
        return impl

    # -- factories ------------------------------------------------------------------------------

    def _create_element(
        self, namespace: str | None, prefix: str | None, local: str, parent_lx: Any = None, attrib: Any = None
    ) -> Element:
        """https://dom.spec.whatwg.org/#concept-create-element (no custom elements here).
        *parent_lx*: made as the last child of that lxml element (cloning's fast path; the
        caller does what inserting it would do).  *attrib*: lxml keys and stored values made
        with the element (cloning: libxml2 searches the list on each later set, O(n²))."""
        tag = tag_for(namespace, prefix, local, self._is_html)
        if parent_lx is None:
            lx = etree.Element(tag, attrib, nsmap=element_nsmap(tag))
        else:
            lx = etree.SubElement(parent_lx, tag, attrib, nsmap=element_nsmap(tag))
        # The tag's names as wrapping shares them, when they are these (an XML element's own
        # prefix is not in its tag): no tuple per element for the cyclic collector to walk.
        names = self._tag_table.get(tag) or for_tag(tag, self._is_html)
        if names.local != local or names.prefix != prefix or names.namespace != namespace:
            names = ElementName(element_class(namespace, local), namespace, prefix, local)
        element = _new_object(names.interface)
        element._init_wrapper(self, lx, names)
        self._nodes[lx] = element
        return element

    if not TYPE_CHECKING:  # type checkers see DocumentTagTypes' overloads: createElement("a") -> HTMLAnchorElement

        def createElement(self, localName: Any, options: Any = None) -> Element:
            """https://dom.spec.whatwg.org/#dom-document-createelement"""
            local_name = to_dom_string(localName)
            if not is_valid_element_local_name(local_name):
                raise InvalidCharacterError(f"{local_name!r} is not a valid element name")
            if self._is_html:
                local_name = ascii_lowercase(local_name)
            namespace = HTML_NAMESPACE if self._is_html or self._content_type == "application/xhtml+xml" else None
            return self._create_element(namespace, None, local_name)

    def createElementNS(self, namespace: Any, qualifiedName: Any, options: Any = None) -> Element:
        """https://dom.spec.whatwg.org/#dom-document-createelementns"""
        ns, prefix, local = validate_and_extract(namespace, to_dom_string(qualifiedName))
        return self._create_element(ns, prefix, local)

    def createDocumentFragment(self) -> DocumentFragment:
        """https://dom.spec.whatwg.org/#dom-document-createdocumentfragment"""
        return DocumentFragment._new(self)

    def createTextNode(self, data: str) -> Text:
        """https://dom.spec.whatwg.org/#dom-document-createtextnode"""
        return Text._new(self, data)

    def createCDATASection(self, data: str) -> CDATASection:
        """https://dom.spec.whatwg.org/#dom-document-createcdatasection"""
        if self._is_html:
            raise NotSupportedError("CDATA sections cannot be created in HTML documents")
        if "]]>" in data:
            raise InvalidCharacterError("CDATA section data cannot contain ']]>'")
        return CDATASection._new(self, data)

    def createComment(self, data: str) -> Comment:
        """https://dom.spec.whatwg.org/#dom-document-createcomment"""
        lx = etree.Comment()
        lx.text = xml_safe(data)  # the .text setter accepts "--", which the factory refuses
        comment = Comment.__new__(Comment)
        comment._doc = self
        comment._lx = lx
        comment._text_run = comment._tail_run = None
        comment._override = data if xml_safe(data) != data else None
        self._nodes[lx] = comment
        return comment

    def createProcessingInstruction(self, target: str, data: str) -> ProcessingInstruction:
        """https://dom.spec.whatwg.org/#dom-document-createprocessinginstruction"""
        # https://dom.spec.whatwg.org/#concept-pi-initialize: the target is checked against XML's
        # Name production, which allows "xml" and colons; lxml refuses those, so such a target
        # is held by the wrapper (as the parser does for its targets).
        if not is_xml_name(target):
            raise InvalidCharacterError(f"{target!r} is not a valid processing instruction target")
        if "?>" in data:
            raise InvalidCharacterError("processing instruction data cannot contain '?>'")
        try:
            lx = etree.ProcessingInstruction(target)
            held = None
        except ValueError:
            lx = etree.ProcessingInstruction("x-webdom-pi")
            held = target
        lx.text = xml_safe(data)
        pi = ProcessingInstruction.__new__(ProcessingInstruction)
        pi._doc = self
        pi._lx = lx
        pi._text_run = pi._tail_run = None
        pi._override = data if xml_safe(data) != data else None
        pi._target = held
        self._nodes[lx] = pi
        return pi

    def createAttribute(self, localName: str) -> Attr:
        """https://dom.spec.whatwg.org/#dom-document-createattribute"""
        local_name = localName
        if not is_valid_attribute_local_name(local_name):
            raise InvalidCharacterError(f"{local_name!r} is not a valid attribute name")
        if self._is_html:
            local_name = ascii_lowercase(local_name)
        return Attr._detached(self, None, None, local_name, "")

    def createAttributeNS(self, namespace: str | None, qualifiedName: str) -> Attr:
        """https://dom.spec.whatwg.org/#dom-document-createattributens"""
        ns, prefix, local = validate_and_extract(namespace, qualifiedName, "attribute")
        return Attr._detached(self, ns, prefix, local, "")

    def importNode(self, node: Node, options: bool | ImportNodeOptions = False) -> Node:
        """https://dom.spec.whatwg.org/#dom-document-importnode"""
        if node.nodeType == DOCUMENT_NODE or _is_shadow_root(node):  # step 1
            raise NotSupportedError("documents and shadow roots cannot be imported")
        # 4. a boolean; 5.1 an ImportNodeOptions: subtree unless selfOnly
        deep = options if isinstance(options, bool) else not options["selfOnly"]
        return registry.clone_node(node, self, deep)

    def adoptNode(self, node: Node) -> Node:
        """https://dom.spec.whatwg.org/#dom-document-adoptnode"""
        if node.nodeType == DOCUMENT_NODE:
            raise NotSupportedError("documents cannot be adopted")
        if _is_shadow_root(node):  # step 2
            raise HierarchyRequestError("a shadow root cannot be adopted")
        mutation.adopt(node, self)
        return node

    # -- element lookups ------------------------------------------------------------------------

    def getElementById(self, elementId: str) -> Element | None:
        """https://dom.spec.whatwg.org/#dom-nonelementparentnode-getelementbyid"""
        root = self.documentElement
        if root is None:
            return None
        element_id = elementId
        if not element_id:  # id="" gives an element no ID
            return None
        for lx in WITH_ID(root._lx, id=xml_safe(element_id)):  # in C: no proxy per element
            node = node_for(lx, self)
            if isinstance(node, Element) and node.getAttribute("id") == element_id:
                return node
        return None

    def __repr__(self) -> str:
        return f"<{'HTML' if self._is_html else 'XML'} Document {self._url}>"


# The slots' setters (member descriptors' __set__) of Document._setup's fields with the same
# immutable start in every document, and of those that start as a new empty dict or list.
_DEFAULT_FIELDS: tuple[tuple[Callable[[Document, Any], None], object], ...] = tuple(
    (getattr(Document, name).__set__, value) for name, value in (
        ("_version", 0), ("_is_xml_document", False), ("_escaped_text", False), ("_lossy_attributes", False),
        ("_origin_url", None), ("_focused_area", None), ("_mode", "no-quirks"), ("_encoding", "UTF-8"),
        ("_csp_header", None), ("_template_owner", None), ("_window", None), ("_implementation", None),
        ("_live_ranges", None), ("_node_iterators", None), ("_last_removed", None), ("_deep", False),
        ("_tree_names", None), ("_memo_limit", 256), ("_nonces_hidden", False), ("_design_mode", False),
        ("_written", None), ("_loader", None)))
_FRESH_FIELDS: tuple[tuple[Callable[[Document, Any], None], Callable[[], Any]], ...] = tuple(
    (getattr(Document, name).__set__, make) for name, make in (
        ("_nodes", dict), ("_children_list", list), ("_objects", dict), ("_anchors", list),
        ("_attribute_steps", list), ("_changes", list), ("_memo", dict)))


@operations("DOMImplementation", "createDocumentType", "createHTMLDocument", "createDocument")
class DOMImplementation:
    """https://dom.spec.whatwg.org/#interface-domimplementation"""

    __slots__ = ("_document",)

    def __init__(self, document: Document) -> None:
        self._document = document

    def createDocumentType(self, name: str, publicId: str, systemId: str) -> DocumentType:  # noqa: N803
        """https://dom.spec.whatwg.org/#dom-domimplementation-createdocumenttype"""
        if any(c in "\t\n\x0c\r >" or c == "\x00" for c in name):
            raise InvalidCharacterError(f"{name!r} is not a valid doctype name")
        return DocumentType(self._document, name, publicId, systemId)

    def createDocument(self, namespace: str | None, qualifiedName: str,  # noqa: N803
                       doctype: DocumentType | None = None) -> Document:
        """https://dom.spec.whatwg.org/#dom-domimplementation-createdocument"""
        namespace = namespace or None  # "" means null
        content_type = {
            HTML_NAMESPACE: "application/xhtml+xml",
            "http://www.w3.org/2000/svg": "image/svg+xml",
        }.get(namespace or "", "application/xml")
        document = Document._new(False, content_type)
        document._is_xml_document = True  # step 1: a new XMLDocument
        document._origin_from(self._document)  # step 7: this's associated document's origin
        element = document.createElementNS(namespace, qualifiedName) if qualifiedName else None
        if doctype is not None:
            document.appendChild(doctype)
        if element is not None:
            document.appendChild(element)
        return document

    def createHTMLDocument(self, title: str | None = None) -> Document:
        """https://dom.spec.whatwg.org/#dom-domimplementation-createhtmldocument (``title`` is an
        optional DOMString without default: undefined means not given, null is "null")."""
        document = Document._new(True, "text/html")  # steps 1-2
        document._origin_from(self._document)  # step 11 (first: the children take nothing from it)
        document.appendChild(DocumentType(document, "html"))  # 3-4
        html = document.appendChild(document.createElement("html"))  # 5-6
        head = html.appendChild(document.createElement("head"))  # 7
        if title is not None:  # 8: a title element holding a Text node of *title*
            head.appendChild(document.createElement("title")).appendChild(document.createTextNode(title))
        html.appendChild(document.createElement("body"))  # 9-10
        return document

    def hasFeature(self, *args: Any) -> bool:
        """https://dom.spec.whatwg.org/#dom-domimplementation-hasfeature (always true)."""
        return True


# The reference Document._wrap_new and Element.getAttribute, kept when the C ones replace them
# (tests compare the two).
python_wrap_new = Document._wrap_new
python_get_attribute = Element.getAttribute


def _install_speedups() -> None:
    """Document._wrap_new in C, when the optional extension was built for the lxml that is
    running (dom/nodes/speedups.py); the method above stays the reference, which the C one calls
    for every case but an element whose names it has seen before."""
    if extension is None:
        return
    method = extension.configure(
        etree.Element("webdom-layout-probe"), etree._Element, Document, Element, python_wrap_new,
        (vars(Document)["_nodes"], vars(Document)["_is_html"], vars(Document)["_csp_header"]),
        ELEMENT_WRAPPER_SLOTS,
        PLAIN_KEYS,
    )
    if method is not None:
        setattr(Document, "_wrap_new", method)  # noqa: B010 (mypy keeps the reference's type)
        setattr(Document, "_wrap_element", method)  # noqa: B010
        setattr(Element, "getAttribute", extension.get_attribute_method(python_get_attribute))  # noqa: B010


_install_speedups()


# Text(), Comment() and ProcessingInstruction() (dom.nodes.character_data, on which this module
# builds) reach the default document through dom.registry.
registry.default_document = default_document
