"""Pickling documents and nodes (for multiprocessing, Dask, caches).

A Document pickles as a flat list of node records in tree order (no recursion: a 100,000-deep
tree pickles like a flat one) with what markup cannot carry: its URL, encoding, mode, content
type, CSP header, and per element the state the HTML Standard keeps outside attributes (form
control values and dirty flags, checkedness, selectedness, selected files, the hidden nonce).
Unpickling builds the tree as cloning does (https://dom.spec.whatwg.org/#concept-node-clone):
same names, prefixes, attribute storage, Text node boundaries and template contents.  Shadow
roots pickle with their hosts (whatever their clonable flag: pickling copies the whole state),
and a document with a Window (a parsed page) comes back with one, which a pickled Window
stands for (``pickle.dumps([doc, doc.defaultView])`` keeps ``doc.defaultView is window``).

A node pickles with its tree: ``(its root, the path of child indexes from the root)``.  Pickle
memoizes the root, so nodes pickled together (``pickle.dumps([doc, a, b])``) come back in one
document, with ``a.ownerDocument is doc`` and ``a.parentNode`` the same object as before.  A node
outside any document pickles with its detached root, the same way.

Live collections other than ``childNodes`` cannot be pickled: pickle ``list(collection)``.
"""

from __future__ import annotations

import copyreg
from typing import Any

from .. import registry  # form control state and the Window (dom.html) stand above
from ..collections import ChildNodeList, HTMLCollection, StaticNodeList
from ..tokenlist import DOMTokenList
from .attr import Attr
from .character_data import CDATASection, Comment, ProcessingInstruction, Text
from .document import Document, DocumentFragment, DocumentType
from .element import Element
from .mutation import insert, insertion_steps
from .node import Node
from .shadow import attach_shadow_root
from .slots import assign_slottables_for_a_tree
from .template import TemplateElement

__all__ = [
    "reduce_node", "reduce_window", "document_records", "document_from_records",
    "ELEMENT_STATE", "FORM_CONTROL_STATE", "DOCUMENT_STATE",
]

# The element state markup cannot carry (https://html.spec.whatwg.org/#concept-fe-value,
# #concept-fe-dirty, #concept-fe-checked, #concept-input-checked-dirty-flag, #concept-option-selectedness,
# #concept-option-dirtiness, #concept-textarea-raw-value, #concept-input-type-file-selected,
# #cryptographicnonce, #script-force-async): declared element fields, and the fields of a form
# control's FormControlState.  Caches, stamps and the parser's form association are left out:
# they are recomputed on first use.
ELEMENT_STATE = ("_nonce", "_force_async")
FORM_CONTROL_STATE = (
    "value",
    "dirty_value",
    "checkedness",
    "dirty_checkedness",
    "indeterminate",
    "selectedness",
    "dirtiness",
    "textarea_raw_value",
    "selection_state",
    "selected_files",
)
DOCUMENT_STATE = ("_nonces_hidden", "_design_mode", "_is_xml_document")


def _state(obj: Any, names: tuple[str, ...]) -> dict[str, Any] | None:
    state = {}
    for name in names:
        try:
            state[name] = object.__getattribute__(obj, name)
        except AttributeError:  # a field this class does not declare, or one never set
            continue
    return state or None


def _element_state(element: Element) -> dict[str, Any] | None:
    state = _state(element, ELEMENT_STATE)
    form = registry.form_state_if_any(element)
    if form is not None:
        state = state or {}
        state["_form_state"] = _state(form, FORM_CONTROL_STATE)
    return state


def _restore_state(obj: Any, state: dict[str, Any] | None) -> None:
    for name, value in (state or {}).items():
        if name == "_form_state":
            _restore_state(registry.form_state(obj), value)
        else:
            object.__setattr__(obj, name, value)


# -- a tree as records ------------------------------------------------------------------------------

# Record kinds; each record is (kind, parent index, ...); index 0 is the root.
_DOCUMENT, _FRAGMENT, _DOCTYPE, _ELEMENT, _TEXT, _CDATA, _COMMENT, _PI, _CONTENTS, _SHADOW = range(10)
_SHADOW_STATE = ("_mode", "_delegates_focus", "_slot_assignment", "_clonable", "_serializable", "_declarative")


def document_records(root: Node) -> list[tuple[Any, ...]]:
    """The subtree of *root* (a Document, or the root of a detached tree) as flat records."""
    records: list[tuple[Any, ...]] = []
    if isinstance(root, Document):
        records.append((
            _DOCUMENT, -1, root._is_html, root._content_type, root._url, root._encoding, root._mode,
            root._csp_header, _state(root, DOCUMENT_STATE), _window_record(root),
        ))
        stack: list[tuple[Node, int]] = [(child, 0) for child in reversed(root._children())]
    else:
        records.append((_FRAGMENT, -1, root._doc._is_html, root._doc._url))
        stack = [(root, 0)] if not isinstance(root, DocumentFragment) else [
            (child, 0) for child in reversed(root._children())
        ]
    while stack:
        node, parent = stack.pop()
        index = len(records)
        if isinstance(node, Element):
            attributes = tuple((key, prefix, value) for key, _ns, prefix, _local, value in node._attr_entries())
            state = _element_state(node)
            records.append((_ELEMENT, parent, node._ns, node._prefix, node._local, attributes, state))
            children = [(child, index) for child in node._children()]
            content = getattr(node, "_template_contents", None)
            if content is not None:  # template contents: a fragment hung on the element
                records.append((_CONTENTS, index))
                children += [(child, index + 1) for child in content._children()]
            shadow = getattr(node, "_shadow_root", None)
            if shadow is not None:  # https://dom.spec.whatwg.org/#concept-element-shadow-root
                shadow_index = len(records)
                records.append((_SHADOW, index, *(getattr(shadow, name) for name in _SHADOW_STATE)))
                children = [(child, shadow_index) for child in shadow._children()] + children
            stack.extend(reversed(children))
        elif isinstance(node, CDATASection):
            records.append((_CDATA, parent, node._data))
        elif isinstance(node, Text):
            records.append((_TEXT, parent, node._data))
        elif isinstance(node, Comment):
            records.append((_COMMENT, parent, node.data))
        elif isinstance(node, ProcessingInstruction):
            records.append((_PI, parent, node.target, node.data))
        elif isinstance(node, DocumentType):
            records.append((_DOCTYPE, parent, node.name, node.publicId, node.systemId))
        else:
            raise TypeError(f"cannot pickle {node!r}")
    return records


def document_from_records(records: list[tuple[Any, ...]], document: Document | None = None) -> Node:
    """Build the tree of :func:`document_records`; a detached tree is built in *document*."""
    head = records[0]
    root: Node
    if head[0] == _DOCUMENT:
        _kind, _parent, is_html, content_type, url, encoding, mode, csp_header, doc_state, window = head
        root = document = Document._new(is_html, content_type, url)
        document._encoding, document._mode = encoding, mode
    else:
        if document is None:
            document = Document._new(head[2], "text/html" if head[2] else "application/xml", head[3])
        root = DocumentFragment._new(document)
    nodes: list[Node] = [root]
    states: list[tuple[Element, dict[str, Any]]] = []
    shadows: list[Any] = []
    for record in records[1:]:
        kind, parent_index = record[0], record[1]
        parent = nodes[parent_index]
        node: Node
        if kind == _ELEMENT:
            parent_lx = getattr(parent, "_lx", None)
            node = document._create_element(record[2], record[3], record[4], parent_lx)
            for key, prefix, value in record[5]:
                node._store_attribute(key, prefix, value)
            if parent_lx is not None:  # made in place as the last child, as cloning does
                document._version += 1
                insertion_steps(node)
            else:
                insert(node, parent, None)
            if record[6]:
                states.append((node, record[6]))
        elif kind == _CONTENTS:
            node = parent.content
        elif kind == _SHADOW:
            mode, delegates_focus, slot_assignment, clonable, serializable, declarative = record[2:]
            node = attach_shadow_root(parent, mode, clonable, serializable, delegates_focus, slot_assignment)
            node._declarative = declarative
            shadows.append(node)
        else:
            if kind == _TEXT:
                node = Text._new(document, record[2])
            elif kind == _CDATA:
                node = CDATASection._new(document, record[2])
            elif kind == _COMMENT:
                node = document.createComment(record[2])
            elif kind == _PI:
                node = document.createProcessingInstruction(record[2], record[3])
            else:
                node = DocumentType(document, record[2], record[3], record[4])
            insert(node, parent, None)
        nodes.append(node)
    # State last: inserting options and radio buttons ran the selectedness and checkedness
    # algorithms, whose outcome the pickled state overrides.
    for element, state in states:
        _restore_state(element, state)
    if shadows:  # light children made in place were not assigned as they came
        for shadow in shadows:
            assign_slottables_for_a_tree(shadow)
    if head[0] == _DOCUMENT:
        document._csp_header = csp_header
        _restore_state(document, doc_state)
        if window is not None:
            registry.create_window(document)._name = window[0]
    return root


def _window_record(document: Document) -> tuple[str] | None:
    """(name,) of the document's Window, or None when it has none."""
    window = document._window
    return None if window is None else (window._name,)


def _restore_window(document: Document) -> Any:
    return document.defaultView


def reduce_window(window: Any) -> tuple[Any, ...]:
    """A Window pickles as its document's window (its document carries it)."""
    return _restore_window, (window._document,)


# -- nodes ------------------------------------------------------------------------------------------


def _locate(node: Node) -> tuple[Node, tuple[Any, ...]]:
    """(root, path): child indexes from the root; "content" steps into a template's contents."""
    path: list[Any] = []
    current = node
    while True:
        parent = current.parentNode
        if parent is None:
            host = getattr(current, "_host", None)
            if isinstance(current, DocumentFragment) and host is not None:
                path.append("shadow" if getattr(current, "_is_shadow_root", False) else "content")
                current = host
                continue
            break
        path.append(_child_index(parent, current))
        current = parent
    path.reverse()
    return current, tuple(path)


def _child_index(parent: Node, child: Node) -> int:
    for i, candidate in enumerate(parent._children()):
        if candidate is child:
            return i
    raise ValueError(f"{child!r} is not a child of {parent!r}")  # pragma: no cover - tree invariant


def _follow(root: Node, path: tuple[Any, ...]) -> Node:
    node = root
    for step in path:
        if step == "shadow":
            assert isinstance(node, Element)  # _locate stepped out of its shadow root
            node = node._shadow_root
        elif step == "content":
            assert isinstance(node, TemplateElement)  # _locate stepped out of its contents
            node = node.content
        else:
            node = node._children()[step]
    return node


def _restore_document(records: list[tuple[Any, ...]]) -> Node:
    return document_from_records(records)


def _restore_detached(document: Document, records: list[tuple[Any, ...]], is_fragment: bool) -> Node:
    fragment = document_from_records(records, document)
    if is_fragment:
        return fragment
    child = fragment._children()[0]
    fragment.removeChild(child)
    return child


def _restore_node(root: Node, path: tuple[Any, ...]) -> Node:
    return _follow(root, path)


def _restore_attr(element: Element | None, namespace: str | None, local_name: str, document: Document | None,
                  prefix: str | None, value: str) -> Attr:
    if element is not None:
        found = element.getAttributeNodeNS(namespace, local_name)
        if found is not None:
            result: Attr = found
            return result
    assert document is not None
    return Attr._detached(document, namespace, prefix, local_name, value)


def reduce_node(node: Node) -> tuple[Any, ...]:
    """``Node.__reduce__``: see the module docstring."""
    if isinstance(node, Document):
        return _restore_document, (document_records(node),)
    if isinstance(node, Attr):
        owner = node.ownerElement
        document = None if owner is not None else node.ownerDocument
        return _restore_attr, (owner, node.namespaceURI, node.localName, document, node.prefix, node.value)
    root, path = _locate(node)
    if root is node:  # the top of a detached tree
        return _restore_detached, (node.ownerDocument, document_records(node), isinstance(node, DocumentFragment))
    return _restore_node, (root, path)


# -- collections ------------------------------------------------------------------------------------


def _restore_child_nodes(node: Node) -> Any:
    return node.childNodes


def _restore_static(nodes: list[Node]) -> StaticNodeList[Node]:
    return StaticNodeList(nodes)


def _restore_token_list(element: Element, local_name: str, supported: Any) -> DOMTokenList:
    # The element's [SameObject] cache: element.classList is this object afterwards.
    def make() -> DOMTokenList:
        made = DOMTokenList(element, local_name)
        made._supported = supported
        return made

    return element._same_object("@" + local_name, make)


def _refuse_live(collection: Any) -> Any:
    raise TypeError(
        f"a live {type(collection).__name__} cannot be pickled: pickle list(collection) (its nodes pickle "
        "with their document and keep their identity)"
    )


copyreg.pickle(ChildNodeList, lambda nodes: (_restore_child_nodes, (nodes._node,)))
copyreg.pickle(StaticNodeList, lambda nodes: (_restore_static, (list(nodes._list),)))
copyreg.pickle(
    DOMTokenList, lambda tokens: (_restore_token_list, (tokens._element, tokens._local_name, tokens._supported))
)


def _register_live_refusals(cls: type) -> None:
    copyreg.pickle(cls, _refuse_live)
    sub: type
    for sub in cls.__subclasses__():
        _register_live_refusals(sub)


def register_collections() -> None:
    """Refuse every live collection class defined so far (called once the HTML interfaces exist)."""
    _register_live_refusals(HTMLCollection)

    copyreg.pickle(registry.window_interface, reduce_window)


# Node.__reduce__ (dom.nodes.node, on which this module builds) reaches reduce_node through dom.registry.
registry.reduce_node = reduce_node
