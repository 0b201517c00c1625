"""Element and its attribute list (https://dom.spec.whatwg.org/#interface-element).

Attributes live in lxml (``lx.attrib``) under keys made by :mod:`dom.lxml_mirror`; the wrapper keeps
only what lxml cannot: the prefix of namespaced attributes and true values with XML-illegal
characters (``_attr_extra``: key -> (prefix, true value or None)), or, while it keeps nothing,
whether lxml's keys are all plain (:data:`PLAIN_KEYS`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar, cast

from lxml import etree

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase, ascii_uppercase
from webidl import (
    DOMSyntaxError,
    InUseAttributeError,
    InvalidCharacterError,
    NotFoundError,
    to_dom_string,
)
from webidl.operations import attributes, converts_inline, operations

from .. import registry  # the selector engine (dom.selectors) stands above; shadow roots and slots build on this
from ..collections import HTMLCollection
from ..lxml_mirror import attr_key_for, attr_name_from_key, xml_safe
from ..memo import MemoKey
from ..mutation_observers import queue_mutation_record
from ..mutation_observers import state as _observers
from ..tag_types import ParentNodeTagTypes
from ..tokenlist import DOMTokenList
from . import mutation
from .aria import ARIAMixin
from .attr import Attr, NamedNodeMap
from .attribute_guard import guarded_setattr
from .dom_parsing import ElementDOMParsing
from .identity import ELEMENT_WRAPPER_FIELDS, node_for
from .names import (
    ElementName,
    is_valid_attribute_local_name,
    validate_and_extract,
)
from .node import ELEMENT_NODE, LxmlParent, Node, SlotOwner
from .parent_node import ChildNodeMixin, ParentNodeMixin
from .proxy_release import has_parent
from .rare_state import RareField, RareState
from .speedups import extension

if TYPE_CHECKING:
    from webidl.dictionary_types import CheckVisibilityOptions, GetRootNodeOptions, ShadowRootInit

    from ..events import EventTargetState
    from ..html.elements import HTMLSlotElement
    from .document import Document
    from .shadow import ShadowRoot

_T = TypeVar("_T")
_N = TypeVar("_N", bound=Node)

# The wrapper of an lxml element is an Element: node_for and the identity map's get, typed so
# for the element accessors below (aliases, so no cast or check is added per call).
if TYPE_CHECKING:

    def _element_for(lx: etree._Element, document: Document) -> Element: ...

    def _element_get(nodes: dict[Any, SlotOwner], lx: etree._Element, /) -> Element | None: ...

else:
    _element_for = node_for
    _element_get = dict.get

__all__ = [
    "PLAIN_KEYS",
    "PLAIN_WRAPPER_INITS",
    "Element",
]

AttrExtra = dict[str, tuple[str | None, str | None]]


class _PlainKeys(AttrExtra):
    """The type of :data:`PLAIN_KEYS`: empty, and never written."""

    __slots__ = ()

    def __setitem__(self, key: str, value: tuple[str | None, str | None]) -> None:
        raise TypeError("PLAIN_KEYS is shared: replace it with a dict of the element's own")


# An element's _attr_extra while it keeps nothing beside lxml and lxml's keys were seen to be
# all plain (none namespaced or escaped), so lxml's own lookup answers getAttribute: None means
# nothing kept and the keys not looked at yet.  One shared instance, a field's worth of state.
PLAIN_KEYS: AttrExtra = _PlainKeys()

_TOPMOST = etree.XPath("ancestor-or-self::*[last()]")
# The walk in C with its memo of every 64th ancestor's top for one version of the document
# (dom/nodes/tree_root_speedups.c: isConnected over every element of a deep tree stays linear).
_TOPMOST_ELEMENT: Any = getattr(extension, "topmost_element", None)
TREE_TOPS = MemoKey("topmost elements of ancestors")


def topmost_lx(document: Any, lx: Any) -> Any:
    """The topmost element ancestor of lxml element *lx* of *document*'s trees (*lx* itself when
    it has no element parent): the root of its lxml tree below the document (its root element,
    a fragment's container, a detached subtree's top).  Not ``getroottree().getroot()``: lxml
    keeps a removed element's link to the document it left."""
    if _TOPMOST_ELEMENT is None:
        return _TOPMOST(lx)[0]
    if not has_parent(lx):  # (the root of a tree: no memo needed)
        return lx
    return _TOPMOST_ELEMENT(lx, document._memoized(TREE_TOPS, None, dict))


# Attribute names that lxml's own lookup answers as getAttribute does (lowercase ASCII, no
# prefix): remembered, so the common names ("class", "href") pass one set lookup per call.
_PLAIN_NAMES: set[str] = set()


def _is_plain_name(name: str) -> bool:
    if name.islower() and name.isascii() and ":" not in name and "{" not in name:
        if len(_PLAIN_NAMES) < 4096:  # bounded: names come from callers' input
            _PLAIN_NAMES.add(name)
        return True
    return False


@operations("Element", "getAttributeNS", "hasAttribute", "hasAttributeNS", "setAttribute", "setAttributeNS",
            "removeAttribute", "removeAttributeNS", "toggleAttribute", "matches", "closest", "insertAdjacentText",
            "getAttributeNode", "getAttributeNodeNS", "setAttributeNode", "removeAttributeNode",
            "insertAdjacentElement", "attachShadow", "checkVisibility")
@attributes("Element", "id", "className", "slot")
@converts_inline("Element", "getAttribute", reason="a scraper's inner loop: one lxml look-up for a plain name")
class Element(ParentNodeTagTypes, ElementDOMParsing, LxmlParent, ParentNodeMixin, ChildNodeMixin, ARIAMixin):
    """https://dom.spec.whatwg.org/#interface-element"""

    # The element's state, all declared (no __dict__: a misspelt field fails), all set when the
    # wrapper is made.  Few fields: a wrapper is made per element touched (see Document._wrap_new).
    # _name: its namespace, prefix and local name, one tuple shared per tag;
    # _attr_extra: see the module's docstring;
    # _rare: None, or the RareState holding the fields below once one is set (dom/nodes/rare_state.py).
    # HTML element classes declare their own concepts' state (dom/html/elements.py).
    __slots__ = ("_name", "_attr_extra", "_rare")
    nodeType = ELEMENT_NODE
    __setattr__ = guarded_setattr  # p.innerHtml = ... raises: did you mean 'innerHTML'?

    _name: ElementName
    _attr_extra: AttrExtra | None
    _rare: RareState | None
    # Kept in _rare, unset (AttributeError) until first written:
    # {lxml key: Attr}, the Attr objects handed out ([SameObject] per attribute);
    _attr_nodes: RareField[dict[str, Attr]] = RareField("attr_nodes")
    # other objects handed out for identity, by IDL attribute name (see _same_object), and the
    # values of a user subclass's plain class attributes (see _SubclassField);
    _objects: RareField[dict[str, Any]] = RareField("objects")
    # the element's shadow root (dom/nodes/shadow.py);
    _shadow_root: RareField[ShadowRoot] = RareField("shadow_root")
    # its event listeners and handlers (dom/events.py): most elements never get any.
    _event_target_state: RareField[EventTargetState] = RareField("event_target_state")

    @property
    def _ns(self) -> str | None:
        return self._name.namespace

    @property
    def _prefix(self) -> str | None:
        return self._name.prefix

    @property
    def _local(self) -> str:
        return self._name.local

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # An element class of the user's (register_element_class) whose instances have no
        # __dict__ keeps its plain class attributes settable per element (see _SubclassField).
        super().__init_subclass__(**kwargs)
        if cls.__module__.partition(".")[0] in ("dom", "webdom") or cls.__dictoffset__:
            return
        for name, value in list(vars(cls).items()):
            if name[0] != "_" and not callable(value) and not hasattr(value, "__get__"):
                setattr(cls, name, _SubclassField(name, value))

    def _same_object(self, name: str, make: Callable[[], _T]) -> _T:
        """The object this element hands out for its IDL attribute *name* ([SameObject]:
        ``el.classList is el.classList``), made by *make* the first time.  Reflected token
        lists use their content attribute's name with an ``@`` (``"@rel"``), reflected
        element references their content attribute's name with a ``#``."""
        rare = self._rare
        if rare is None:
            rare = self._rare = RareState()
        try:
            objects = rare.objects
        except AttributeError:
            objects = rare.objects = {}
        found = objects.get(name)
        if found is None:
            found = objects[name] = make()
        return found

    def _held_object(self, name: str) -> Any:
        """The object :meth:`_same_object` made for *name*, or None if none was made."""
        rare = self._rare
        if rare is None:
            return None
        try:
            return rare.objects.get(name)
        except AttributeError:
            return None

    def _attr_node_map(self) -> dict[str, Attr]:
        try:
            return self._attr_nodes
        except AttributeError:
            nodes: dict[str, Attr] = {}
            self._attr_nodes = nodes
            return nodes

    def _init_wrapper(self, document: Document, lx: Any, name: ElementName) -> None:
        """The fields of a new wrapper for lxml element *lx*, whose names are *name*
        (ELEMENT_WRAPPER_FIELDS: the C extension's Document._wrap_new stores the same)."""
        # Through the slot descriptors, past guarded_setattr: wrappers are made by the thousand
        # and a Python-level __setattr__ call per field made each one 40% slower.
        _store_node(self, document)
        _store_lx(self, lx)
        _store_text_run(self, None)
        _store_tail_run(self, None)
        # What _may_have_namespaced_attribute would remember on its first lookup.
        _store_attr_extra(self, None if any(key[0] == "{" for key in lx.keys()) else PLAIN_KEYS)
        _store_name(self, name)
        _store_rare(self, None)

    # -- names ----------------------------------------------------------------------------------

    @property
    def namespaceURI(self) -> str | None:
        """https://dom.spec.whatwg.org/#dom-element-namespaceuri"""
        return self._ns

    @property
    def prefix(self) -> str | None:
        """https://dom.spec.whatwg.org/#dom-element-prefix"""
        return self._prefix

    @property
    def localName(self) -> str:
        """https://dom.spec.whatwg.org/#dom-element-localname"""
        return self._local

    @property
    def _qualified_name(self) -> str:
        return self._local if self._prefix is None else f"{self._prefix}:{self._local}"

    @property
    def tagName(self) -> str:
        """https://dom.spec.whatwg.org/#dom-element-tagname (the HTML-uppercased qualified name)."""
        qualified = self._qualified_name
        if self._ns == HTML_NAMESPACE and self._doc._is_html:
            return ascii_uppercase(qualified)
        return qualified

    nodeName = tagName

    @property
    def parentNode(self) -> Node | None:
        parent_lx = self._lx.getparent()
        if parent_lx is None:
            return self._doc._top_level_parent(self)
        return node_for(parent_lx, self._doc)

    def getRootNode(self, options: GetRootNodeOptions | None = None) -> Node:
        """https://dom.spec.whatwg.org/#dom-node-getrootnode -- the topmost lxml ancestor found
        in C (at most 64 steps up and a few lookups per call, with the memo of this document
        version: ``isConnected`` stays cheap in a 100,000-deep tree), then the DOM parents above it
        (its document or nothing)."""
        lx = self._lx
        top_lx = topmost_lx(self._doc, lx)
        top = self if top_lx is lx else node_for(top_lx, self._doc)
        return Node.getRootNode(top, options)

    # -- attributes -----------------------------------------------------------------------------

    def _attr_entries(self) -> Iterator[tuple[str, str | None, str | None, str, str]]:
        """Each attribute as (key, namespace, prefix, local name, value), in order."""
        extra = self._attr_extra
        attrib = self._lx.attrib
        # lxml's items() looks each value up by name (O(n) each); XPath reads the list in one pass.
        items = attrib.items() if len(attrib) < 64 else [(a.attrname, str(a)) for a in self._lx.xpath("@*")]
        for key, stored in items:
            namespace, prefix, local = attr_name_from_key(key)
            value = stored
            if extra is not None and key in extra:
                true_prefix, true_value = extra[key]
                if key[0] == "{" and not key.startswith("{urn:x-webdom:"):
                    prefix = true_prefix
                if true_value is not None and xml_safe(true_value) == stored:
                    value = true_value
            yield key, namespace, prefix, local, value

    def _value_for_key(self, key: str) -> str | None:
        """The value of the attribute stored under lxml *key* (``attr_key_for``: one namespace
        and local name, https://dom.spec.whatwg.org/#concept-element-attributes-get-by-namespace),
        or None; the true value where lxml holds a sanitized copy, as in ``_attr_entries``."""
        stored = self._lx.get(key)
        extra = self._attr_extra
        if stored is not None and extra is not None and key in extra:
            true_value = extra[key][1]
            if true_value is not None and xml_safe(true_value) == stored:
                return true_value
        return stored

    def _find_by_qualified_name(self, qualified_name: str) -> tuple[str, str] | None:
        """https://dom.spec.whatwg.org/#concept-element-attributes-get-by-name -> (key, value)."""
        if self._ns == HTML_NAMESPACE and self._doc._is_html:
            qualified_name = ascii_lowercase(qualified_name)
        extra = self._attr_extra
        if (extra is None or extra is PLAIN_KEYS) and ":" not in qualified_name:
            try:
                value = self._lx.get(qualified_name) if "{" not in qualified_name else None
            except ValueError:  # a name lxml refuses (control characters) is only stored escaped
                value = None
            # An earlier unprefixed attribute in a namespace has the same qualified name: only
            # a tree without namespaced attributes can answer from lxml's lookup.
            if not self._may_have_namespaced_attribute():
                return None if value is None else (qualified_name, value)
        for key, _ns, prefix, local, value in self._attr_entries():
            if (local if prefix is None else f"{prefix}:{local}") == qualified_name:
                return key, value
        return None

    def _may_have_namespaced_attribute(self) -> bool:
        """Whether some lxml key is namespaced or escaped (``{...}``), so a name lookup must
        look past ``lxml.get``.  A "no" is remembered (:data:`PLAIN_KEYS`) until
        ``_store_attribute`` stores such a key: scanning every key per lookup made n
        ``setAttribute`` calls O(n²)."""
        extra = self._attr_extra
        if extra is PLAIN_KEYS:
            return False
        if any(k[0] == "{" for k in self._lx.keys()):
            return True
        if extra is None:
            self._attr_extra = PLAIN_KEYS
        return False

    def getAttribute(self, qualifiedName: str) -> str | None:
        """https://dom.spec.whatwg.org/#dom-element-getattribute"""
        extra = self._attr_extra
        if (
            (extra is PLAIN_KEYS or extra is None)
            and type(qualifiedName) is str
            and (qualifiedName in _PLAIN_NAMES or _is_plain_name(qualifiedName))
        ):
            # Lowercase already, no prefix, and lxml holds the true values: lxml's own lookup,
            # whose answer (a miss too) is the answer unless some key is namespaced or escaped.
            try:
                value = self._lx.get(qualifiedName)
            except ValueError:  # a name lxml refuses is only stored escaped
                value = None
            if extra is PLAIN_KEYS or not self._may_have_namespaced_attribute():
                return value
        found = self._find_by_qualified_name(to_dom_string(qualifiedName))
        return None if found is None else found[1]

    def getAttributeNS(self, namespace: str | None, localName: str) -> str | None:
        """https://dom.spec.whatwg.org/#dom-element-getattributens"""
        namespace = namespace or None  # "" means null
        local_name = localName
        for _key, ns, _prefix, local, value in self._attr_entries():
            if ns == namespace and local == local_name:
                return value
        return None

    def hasAttribute(self, qualifiedName: str) -> bool:
        """https://dom.spec.whatwg.org/#dom-element-hasattribute"""
        return self._find_by_qualified_name(qualifiedName) is not None

    def hasAttributeNS(self, namespace: str | None, localName: str) -> bool:
        """https://dom.spec.whatwg.org/#dom-element-hasattributens"""
        return self.getAttributeNS(namespace, localName) is not None

    def hasAttributes(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-element-hasattributes"""
        return len(self._lx.attrib) > 0

    def getAttributeNames(self) -> list[str]:
        """https://dom.spec.whatwg.org/#dom-element-getattributenames"""
        return [local if prefix is None else f"{prefix}:{local}" for _k, _n, prefix, local, _v in self._attr_entries()]

    def _store_attribute(self, key: str, prefix: str | None, value: str) -> None:
        """Change or append an attribute in lxml, keeping what lxml cannot hold on the wrapper.
        (https://dom.spec.whatwg.org/#concept-element-attributes-change and -append)"""
        old = self._lx.get(key)
        self._lx.set(key, xml_safe(value))
        self._attribute_stored(key, prefix, value, old)

    def _inserted(self) -> None:
        """Insertion steps (run by dom.nodes.mutation): the names a script may look up on its
        document come with the element's subtree."""
        names = self._doc._tree_names
        if names is not None:
            names.note(self._lx, True)

    def _attribute_stored(self, key: str, prefix: str | None, value: str, old: str | None) -> None:
        """What follows the lxml write of ``_store_attribute`` (cloning makes the lxml
        attributes with the element, then runs this for each)."""
        safe = xml_safe(value)
        extra = self._attr_extra
        if key[0] == "{" and extra is PLAIN_KEYS:
            extra = self._attr_extra = None
        needs_prefix = key[0] == "{" and not key.startswith("{urn:x-webdom:") and prefix is not None
        if safe != value or needs_prefix or (extra is not None and key in extra):
            self._writable_attr_extra()[key] = (prefix, value if safe != value else None)
            if safe != value:
                self._doc._lossy_attributes = True
        self._doc._attribute_version_step(self._lx, key, old)
        namespace, _prefix, local = attr_name_from_key(key)
        if _observers["active"]:  # https://dom.spec.whatwg.org/#handle-attribute-changes
            queue_mutation_record("attributes", self, local, namespace, old)
        self._attribute_changed(local, old, value, namespace)

    def _writable_attr_extra(self) -> AttrExtra:
        """The element's own ``_attr_extra`` dict, made if it has none."""
        extra = self._attr_extra
        if extra is None or extra is PLAIN_KEYS:
            extra = self._attr_extra = {}
        return extra

    def _attribute_changed(self, local_name: str, old: str | None, value: str | None, namespace: str | None) -> None:
        """Attribute change steps (https://dom.spec.whatwg.org/#concept-element-attributes-change-ext);
        element classes of later layers extend this."""
        if (local_name == "slot" or local_name == "name") and namespace is None:
            registry.slot_attribute_changed(self, local_name, old, value)  # https://dom.spec.whatwg.org/#shadow-tree-slots

    def setAttribute(self, qualifiedName: str, value: str) -> None:
        """https://dom.spec.whatwg.org/#dom-element-setattribute"""
        qualified_name = qualifiedName
        if not is_valid_attribute_local_name(qualified_name):
            raise InvalidCharacterError(f"{qualified_name!r} is not a valid attribute name")
        if self._ns == HTML_NAMESPACE and self._doc._is_html:
            qualified_name = ascii_lowercase(qualified_name)
        found = self._find_by_qualified_name(qualified_name)
        if found is None:
            self._store_attribute(attr_key_for(None, None, qualified_name), None, value)
        else:
            key = found[0]
            prefix = self._attr_extra[key][0] if self._attr_extra and key in self._attr_extra else None
            self._store_attribute(key, prefix, value)

    def setAttributeNS(self, namespace: str | None, qualifiedName: str, value: str) -> None:
        """https://dom.spec.whatwg.org/#dom-element-setattributens"""
        ns, prefix, local = validate_and_extract(namespace, qualifiedName, "attribute")
        for key, existing_ns, existing_prefix, existing_local, _v in self._attr_entries():
            if existing_ns == ns and existing_local == local:
                self._store_attribute(key, existing_prefix, value)
                return
        self._store_attribute(attr_key_for(ns, prefix, local), prefix, value)

    def _remove_key(self, key: str) -> None:
        # A removed attribute's Attr object lives on, element-less, with its last value.
        try:
            cache: dict[str, Attr] | None = self._attr_nodes
        except AttributeError:
            cache = None
        if cache is not None and key in cache:
            attr = cache.pop(key)
            attr._detached_value = attr.value
            attr._element = None
            attr._key = None
        old = self._lx.attrib.pop(key, None)
        if self._attr_extra is not None:
            self._attr_extra.pop(key, None)
        self._doc._attribute_version_step(self._lx, key, old)
        namespace, _prefix, local = attr_name_from_key(key)
        if _observers["active"]:  # https://dom.spec.whatwg.org/#handle-attribute-changes
            queue_mutation_record("attributes", self, local, namespace, old)
        self._attribute_changed(local, old, None, namespace)

    def removeAttribute(self, qualifiedName: str) -> None:
        """https://dom.spec.whatwg.org/#dom-element-removeattribute"""
        found = self._find_by_qualified_name(qualifiedName)
        if found is not None:
            self._remove_key(found[0])

    def removeAttributeNS(self, namespace: str | None, localName: str) -> None:
        """https://dom.spec.whatwg.org/#dom-element-removeattributens"""
        namespace = namespace or None  # "" means null
        local_name = localName
        for key, ns, _prefix, local, _value in self._attr_entries():
            if ns == namespace and local == local_name:
                self._remove_key(key)
                return

    def toggleAttribute(self, qualifiedName: str, force: bool | None = None) -> bool:
        """https://dom.spec.whatwg.org/#dom-element-toggleattribute (*force* None: not given)"""
        qualified_name = qualifiedName
        if not is_valid_attribute_local_name(qualified_name):
            raise InvalidCharacterError(f"{qualified_name!r} is not a valid attribute name")
        if self._ns == HTML_NAMESPACE and self._doc._is_html:
            qualified_name = ascii_lowercase(qualified_name)
        found = self._find_by_qualified_name(qualified_name)
        if found is None:
            if force is None or force:
                self._store_attribute(attr_key_for(None, None, qualified_name), None, "")
                return True
            return False
        if force is None or not force:
            self._remove_key(found[0])
            return False
        return True

    # -- Attr nodes (https://dom.spec.whatwg.org/#dom-element-getattributenode) ------------------

    def getAttributeNode(self, qualifiedName: str) -> Attr | None:
        """https://dom.spec.whatwg.org/#dom-element-getattributenode"""
        return self.attributes.getNamedItem(qualifiedName)

    def getAttributeNodeNS(self, namespace: str | None, localName: str) -> Attr | None:
        """https://dom.spec.whatwg.org/#dom-element-getattributenodens"""
        return self.attributes.getNamedItemNS(namespace, localName)

    def setAttributeNode(self, attr: Attr) -> Attr | None:
        """https://dom.spec.whatwg.org/#concept-element-attributes-set"""
        # 1. An attribute of another element is in use.
        if attr._element is not None and attr._element is not self:
            raise InUseAttributeError("the attribute is in use by another element")
        # 2-3. The existing attribute with the same namespace and local name.
        old_key = None
        for key, ns, _prefix, local, _value in self._attr_entries():
            if ns == attr.namespaceURI and local == attr.localName:
                old_key = key
                break
        old_attr = self.attributes.getNamedItemNS(attr.namespaceURI, attr.localName) if old_key else None
        if old_attr is attr:
            return attr
        value = attr.value
        if old_attr is not None and old_key is not None:  # (old_attr implies old_key)
            # 4. Replace: old_attr leaves (element-less, keeping its value), attr takes its place.
            old_attr._detached_value = old_attr.value
            old_attr._element = None
            old_attr._key = None
            key = old_key
        else:
            key = attr_key_for(attr.namespaceURI, attr.prefix, attr.localName)
        attr._doc = self._doc
        attr._element = self
        attr._key = key
        self._attr_node_map()[key] = attr
        self._store_attribute(key, attr.prefix, value)
        return old_attr

    setAttributeNodeNS = setAttributeNode

    def removeAttributeNode(self, attr: Attr) -> Attr:
        """https://dom.spec.whatwg.org/#dom-element-removeattributenode"""
        key = attr._key
        if attr._element is not self or key is None:
            raise NotFoundError("the attribute is not an attribute of this element")
        self._remove_key(key)
        return attr

    @property
    def attributes(self) -> NamedNodeMap:
        """https://dom.spec.whatwg.org/#dom-element-attributes ([SameObject] NamedNodeMap)."""
        return self._same_object("attributes", lambda: NamedNodeMap(self))

    # -- reflected basics -----------------------------------------------------------------------

    @property
    def id(self) -> str:
        """https://dom.spec.whatwg.org/#dom-element-id"""
        return self.getAttribute("id") or ""

    @id.setter
    def id(self, value: str) -> None:
        self.setAttribute("id", value)

    @property
    def className(self) -> str:
        """https://dom.spec.whatwg.org/#dom-element-classname"""
        return self.getAttribute("class") or ""

    @className.setter
    def className(self, value: str) -> None:
        self.setAttribute("class", value)

    @property
    def classList(self) -> DOMTokenList:
        """https://dom.spec.whatwg.org/#dom-element-classlist ([SameObject, PutForwards=value]
        DOMTokenList of ``class``, cached with the reflected token lists)."""
        return self._same_object("@class", lambda: DOMTokenList(self, "class"))

    @classList.setter
    def classList(self, value: str) -> None:
        self.classList.value = value

    @property
    def part(self) -> DOMTokenList:
        """https://drafts.csswg.org/css-shadow-parts/#dom-element-part ([SameObject, PutForwards=value]
        DOMTokenList of ``part``: the names ``::part()`` selects this element by)."""
        return self._same_object("@part", lambda: DOMTokenList(self, "part"))

    @part.setter
    def part(self, value: str) -> None:
        self.part.value = value

    # -- ParentNode / ChildNode / NonDocumentTypeChildNode (element parts) -----------------------

    @property
    def children(self) -> HTMLCollection[Element]:
        """https://dom.spec.whatwg.org/#dom-parentnode-children (live HTMLCollection)."""
        return HTMLCollection.children_of(self)

    @property
    def firstElementChild(self) -> Element | None:
        lx = self._lx
        if not len(lx):  # len and [0] in C: half the time of an iterator over the children
            return None
        child: etree._Element | None = lx[0]
        while child is not None:
            if type(child.tag) is str:
                doc = self._doc
                node = _element_get(doc._nodes, child)  # not ``get() or ...``: that calls Node.__bool__
                return doc._wrap_element(child) if node is None else node
            child = child.getnext()
        return None

    @property
    def parentElement(self) -> Element | None:
        """https://dom.spec.whatwg.org/#dom-node-parentelement, straight from lxml (an element
        whose lxml parent is None is a document's child or has no parent)."""
        parent_lx = self._lx.getparent()
        if parent_lx is None:
            return None
        doc = self._doc
        parent = doc._nodes.get(parent_lx)
        if parent is None:
            parent = doc._wrap_new(parent_lx)
        return parent if isinstance(parent, Element) else None  # (else a DocumentFragment)

    @property
    def lastElementChild(self) -> Element | None:
        for child in self._lx.iterchildren(tag="*", reversed=True):
            node = node_for(child, self._doc)
            if isinstance(node, Element):
                return node
        return None

    @property
    def childElementCount(self) -> int:
        return sum(1 for _ in self._lx.iterchildren(tag="*"))

    @property
    def previousElementSibling(self) -> Element | None:
        for sibling in self._lx.itersiblings(tag="*", preceding=True):
            return _element_for(sibling, self._doc)
        return None

    @property
    def nextElementSibling(self) -> Element | None:
        sibling = self._lx.getnext()
        while sibling is not None:
            if type(sibling.tag) is str:
                doc = self._doc
                node = _element_get(doc._nodes, sibling)
                return doc._wrap_element(sibling) if node is None else node
            sibling = sibling.getnext()
        return None

    # -- selectors (https://dom.spec.whatwg.org/#dom-element-matches) ---------------------------

    def matches(self, selectors: str) -> bool:
        """https://dom.spec.whatwg.org/#dom-element-matches"""
        return registry.matches(self, selectors)

    webkitMatchesSelector = matches

    def closest(self, selectors: str) -> Element | None:
        """https://dom.spec.whatwg.org/#dom-element-closest"""
        return registry.closest(self, selectors)

    def checkVisibility(self, options: CheckVisibilityOptions = {}) -> bool:  # noqa: B006 -- read only
        """https://drafts.csswg.org/cssom-view/#dom-element-checkvisibility, from computed
        values without layout (dom.cssom.visibility)."""
        return registry.check_visibility(self, options)

    # -- insert adjacent (https://dom.spec.whatwg.org/#insert-adjacent); innerHTML and the other
    # markup members are in dom/nodes/dom_parsing.py

    def _insert_adjacent(self, where: str, node: _N) -> _N | None:
        where = ascii_lowercase(where)
        if where == "beforebegin":
            parent = self.parentNode
            return None if parent is None else mutation.pre_insert(node, parent, self)
        if where == "afterbegin":
            return mutation.pre_insert(node, self, self.firstChild)
        if where == "beforeend":
            return mutation.pre_insert(node, self, None)
        if where == "afterend":
            parent = self.parentNode
            return None if parent is None else mutation.pre_insert(node, parent, self.nextSibling)
        raise DOMSyntaxError(f"{where!r} is not one of beforebegin, afterbegin, beforeend, afterend")

    def insertAdjacentElement(self, where: str, element: Element) -> Element | None:
        """https://dom.spec.whatwg.org/#dom-element-insertadjacentelement"""
        return self._insert_adjacent(where, element)

    def insertAdjacentText(self, where: str, data: str) -> None:
        """https://dom.spec.whatwg.org/#dom-element-insertadjacenttext"""
        self._insert_adjacent(where, self._doc.createTextNode(data))

    # -- shadow trees (dom/nodes/shadow.py, dom/nodes/slots.py) ---------------------------------

    @property
    def shadowRoot(self) -> ShadowRoot | None:
        """https://dom.spec.whatwg.org/#dom-element-shadowroot (None for a closed one)."""
        try:
            shadow = self._shadow_root
        except AttributeError:  # no shadow root attached
            return None
        return None if shadow._mode == "closed" else shadow

    def attachShadow(self, init: ShadowRootInit) -> ShadowRoot:
        """https://dom.spec.whatwg.org/#dom-element-attachshadow"""
        return registry.attach_shadow(self, init)

    @property
    def assignedSlot(self) -> HTMLSlotElement | None:
        """https://dom.spec.whatwg.org/#dom-slotable-assignedslot"""
        return cast("HTMLSlotElement | None", registry.assigned_slot_for_bindings(self))

    @property
    def slot(self) -> str:
        """https://dom.spec.whatwg.org/#dom-element-slot (reflects ``slot``)."""
        return self.getAttribute("slot") or ""

    @slot.setter
    def slot(self, value: str) -> None:
        self.setAttribute("slot", value)

    @property
    def customElementRegistry(self) -> None:
        """https://dom.spec.whatwg.org/#dom-element-customelementregistry -- custom elements
        are not implemented: None."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._qualified_name}>"


def _slot(name: str) -> Any:
    """The member descriptor of an element wrapper's field, from the class that declares it."""
    return next(vars(cls)[name] for cls in Element.__mro__ if name in vars(cls).get("__slots__", ()))


# The slots of ELEMENT_WRAPPER_FIELDS, in its order: _init_wrapper stores through their __set__,
# and the C extension is configured with them (Document._wrap_new).
ELEMENT_WRAPPER_SLOTS: tuple[Any, ...] = tuple(_slot(name) for name in ELEMENT_WRAPPER_FIELDS)
_store_node: Callable[[Node, Document], None]
_store_lx: Callable[[Node, etree._Element], None]
_store_text_run: Callable[[Node, None], None]
_store_tail_run: Callable[[Node, None], None]
_store_attr_extra: Callable[[Element, AttrExtra | None], None]
_store_name: Callable[[Element, ElementName], None]
_store_rare: Callable[[Element, None], None]
_store_node, _store_lx, _store_text_run, _store_tail_run, _store_attr_extra, _store_name, _store_rare = (
    slot.__set__ for slot in ELEMENT_WRAPPER_SLOTS
)

# The _init_wrapper methods that do no more than Element's, or more only under conditions that
# Document._wrap_new checks itself (a document with a CSP header): the C extension makes the
# wrappers of classes with these itself, once it has seen one made by the reference.
PLAIN_WRAPPER_INITS: set[Callable[..., None]] = {Element._init_wrapper}


class _SubclassField:
    """A plain class attribute (``extra = None``) of a user's element subclass that declares no
    fields of its own: each element's value is kept in its declared ``_objects`` mapping under
    ``"." + name``, the class value being the default."""

    __slots__ = ("key", "default")

    def __init__(self, name: str, default: Any) -> None:
        self.key = "." + name
        self.default = default

    def __get__(self, element: Element | None, owner: type | None = None) -> Any:
        if element is None:
            return self.default
        try:
            return element._objects[self.key]
        except (AttributeError, KeyError):  # never set on this element
            return self.default

    def __set__(self, element: Element, value: Any) -> None:
        try:
            objects = element._objects
        except AttributeError:
            objects = element._objects = {}
        objects[self.key] = value

