"""CharacterData, Text, CDATASection, Comment, ProcessingInstruction.

https://dom.spec.whatwg.org/#interface-characterdata

Offsets and lengths are in UTF-16 code units, as in JS: an astral character counts 2.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any, Self, cast

from webidl import (
    IndexSizeError,
    InvalidCharacterError,
    join_surrogate_pairs,
)
from webidl.operations import attributes, operations

from .. import live_ranges, registry  # registry: the default document and slots build on this module
from ..lxml_mirror import needs_escape, xml_safe
from ..mutation_observers import queue_mutation_record, queue_tree_mutation_record
from ..mutation_observers import state as _observers
from .identity import node_for
from .names import is_valid_attribute_local_name
from .node import (
    CDATA_SECTION_NODE,
    COMMENT_NODE,
    PROCESSING_INSTRUCTION_NODE,
    TEXT_NODE,
    Node,
    SlotOwner,
    is_exclusive_text,
)
from .parent_node import ChildNodeMixin
from .proxy_release import has_parent

if TYPE_CHECKING:
    from lxml import etree

    from ..html.elements import HTMLSlotElement
    from .document import Document

__all__ = ["CharacterData", "Text", "CDATASection", "Comment", "ProcessingInstruction"]

# Nodes are made past EventTarget.__new__ (a Python call per Text node made).
_new_object = object.__new__


def _units(s: str) -> bytes:
    return s.encode("utf-16-le", "surrogatepass")


def _from_units(b: bytes) -> str:
    return b.decode("utf-16-le", "surrogatepass")


def _length(s: str) -> int:
    if s.isascii():
        return len(s)
    return len(_units(s)) // 2


@attributes("CharacterData", "data")
@attributes("Node", "nodeValue", "textContent")
@operations("CharacterData", "substringData", "appendData", "insertData", "deleteData", "replaceData")
class CharacterData(ChildNodeMixin, Node):
    """https://dom.spec.whatwg.org/#interface-characterdata"""

    __slots__ = ()

    def _get_data(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def _set_data(self, value: str) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    @property
    def data(self) -> str:
        """https://dom.spec.whatwg.org/#dom-characterdata-data"""
        return self._get_data()

    @data.setter
    def data(self, value: str) -> None:
        self._replace_data(0, self.length, value)  # ([LegacyNullToEmptyString]: None came as "")

    def _set_node_value(self, value: str | None) -> None:
        """https://dom.spec.whatwg.org/#dom-node-nodevalue and #dom-node-textcontent for
        CharacterData: null is the empty string, then replace data."""
        self._replace_data(0, self.length, "" if value is None else value)

    nodeValue = property(cast(property, data).fget, _set_node_value, doc="https://dom.spec.whatwg.org/#dom-node-nodevalue")
    textContent = property(cast(property, data).fget, _set_node_value, doc="https://dom.spec.whatwg.org/#dom-node-textcontent")

    @property
    def length(self) -> int:
        """https://dom.spec.whatwg.org/#dom-characterdata-length (UTF-16 code units)."""
        return _length(self._get_data())

    def _replace_data(self, offset: int, count: int, data: str) -> None:
        """https://dom.spec.whatwg.org/#concept-cd-replace"""
        current = self._get_data()
        length = _length(current)
        if offset > length:
            raise IndexSizeError(f"offset {offset} is greater than the length {length}")
        if offset + count > length:
            count = length - offset
        if _observers["active"]:  # step 4: queue a "characterData" mutation record
            queue_mutation_record("characterData", self, old_value=current)
        if current.isascii() and data.isascii():
            new = current[:offset] + data + current[offset + count :]
        else:
            units = _units(current)
            new = _from_units(units[: 2 * offset] + _units(data) + units[2 * (offset + count) :])
        self._set_data(new)
        if self._doc._live_ranges:  # steps 8-11: live range offsets in this node
            live_ranges.live_range_replace_data(self, offset, count, _length(data))
        # step 13: the parent's children changed steps (mutation.children_changed_steps)
        hook = getattr(self.parentNode, "_children_changed", None)
        if hook is not None:
            hook()

    def substringData(self, offset: int, count: int) -> str:
        """https://dom.spec.whatwg.org/#concept-cd-substring"""
        current = self._get_data()
        length = _length(current)
        if offset > length:
            raise IndexSizeError(f"offset {offset} is greater than the length {length}")
        if current.isascii():
            return current[offset : offset + count]
        units = _units(current)
        return _from_units(units[2 * offset : 2 * min(offset + count, length)])

    def appendData(self, data: str) -> None:
        """https://dom.spec.whatwg.org/#dom-characterdata-appenddata"""
        self._replace_data(self.length, 0, data)

    def insertData(self, offset: int, data: str) -> None:
        """https://dom.spec.whatwg.org/#dom-characterdata-insertdata"""
        self._replace_data(offset, 0, data)

    def deleteData(self, offset: int, count: int) -> None:
        """https://dom.spec.whatwg.org/#dom-characterdata-deletedata"""
        self._replace_data(offset, count, "")

    def replaceData(self, offset: int, count: int, data: str) -> None:
        """https://dom.spec.whatwg.org/#dom-characterdata-replacedata"""
        self._replace_data(offset, count, data)

    def __repr__(self) -> str:
        data = self._get_data()
        return f"<{type(self).__name__} {data[:40]!r}{'...' if len(data) > 40 else ''}>"


def _position(run: list[Text], text: Text) -> int:
    for i, candidate in enumerate(run):
        if candidate is text:
            return i
    return -1


def _first_lxml_child(lx: Any) -> Any:
    for child in lx:
        return child
    return None


@operations("Text", "splitText", "__init__")
class Text(CharacterData):
    """https://dom.spec.whatwg.org/#interface-text

    ``_owner`` is the wrapper whose ``.text`` (``_in_tail`` false) or ``.tail`` slot holds this
    node, or None when the node has no parent.
    """

    __slots__ = ("_data", "_owner", "_in_tail", "_event_target_state")
    nodeType = TEXT_NODE

    _data: str
    _owner: SlotOwner | None
    _in_tail: bool

    def __init__(self, data: str = "") -> None:
        """https://dom.spec.whatwg.org/#dom-text-text -- a Text in no document yet is given
        one when inserted; ``Text()`` alone belongs to a fresh owner-less document."""
        self._doc = registry.default_document()
        self._data = data
        self._owner = None
        self._in_tail = False

    @property
    def assignedSlot(self) -> HTMLSlotElement | None:
        """https://dom.spec.whatwg.org/#dom-slotable-assignedslot"""
        return cast("HTMLSlotElement | None", registry.assigned_slot_for_bindings(self))

    @classmethod
    def _new(cls, document: Document, data: str) -> Self:
        node = _new_object(cls)
        node._doc = document
        node._data = data
        node._owner = None
        node._in_tail = False
        if needs_escape(data):
            document._escaped_text = True
        return node

    @classmethod
    def _new_in_slot(cls, document: Document, data: str, owner: SlotOwner, tail: bool) -> Self:
        node = cls._new(document, data)
        node._owner = owner
        node._in_tail = tail
        return node

    @property
    def nodeName(self) -> str:
        return "#text"

    def _get_data(self) -> str:
        return self._data

    def _set_data(self, value: str) -> None:
        self._data = value
        if needs_escape(value):
            self._doc._escaped_text = True
        owner = self._owner
        if owner is not None:
            run = owner._tail_run if self._in_tail else owner._text_run
            assert run is not None
            owner._write_slot(self._in_tail, run)

    @property
    def parentNode(self) -> Node | None:
        owner = self._owner
        if owner is None:
            return None
        if not self._in_tail:
            return owner
        return owner.parentNode

    # Siblings from the run and the neighbouring lxml nodes, without listing the parent's children.
    @property
    def previousSibling(self) -> Node | None:
        if self.parentNode is None:
            return None
        run = self._run()
        i = _position(run, self)
        if i > 0:
            return run[i - 1]
        owner = self._owner
        if owner is None:
            return None
        return owner if self._in_tail else None

    @property
    def nextSibling(self) -> Node | None:
        if self.parentNode is None:
            return None
        run = self._run()
        i = _position(run, self)
        if i < 0:
            return None
        if i + 1 < len(run):
            return run[i + 1]
        owner = self._owner
        assert owner is not None
        if self._in_tail:
            # (a document's top-level nodes are lxml siblings of its root but not DOM siblings
            # of text, which cannot be a document's child)
            following = owner._lx.getnext() if has_parent(owner._lx) else None
        else:
            following = _first_lxml_child(owner._lx)
        return node_for(following, self._doc) if following is not None else None

    def _run(self) -> list[Text]:
        owner = self._owner
        assert owner is not None
        run = owner._slot_run(self._in_tail)
        if not any(t is self for t in run):  # lxml was edited directly: we were dropped
            self._owner = None
            return []
        return run

    @property
    def wholeText(self) -> str:
        """https://dom.spec.whatwg.org/#dom-text-wholetext"""
        parent = self.parentNode
        if parent is None:
            return self._data
        siblings = parent._children()
        index = next(i for i, n in enumerate(siblings) if n is self)
        before: list[str] = []  # the data of the contiguous exclusive Text nodes before, nearest first
        for node in reversed(siblings[:index]):
            if not is_exclusive_text(node):
                break
            before.append(node._data)
        data = [*reversed(before), self._data]
        for node in siblings[index + 1 :]:
            if not is_exclusive_text(node):
                break
            data.append(node._data)
        return join_surrogate_pairs("".join(data))

    def splitText(self, offset: int) -> Text:
        """https://dom.spec.whatwg.org/#concept-text-split"""
        length = self.length
        if offset > length:
            raise IndexSizeError(f"offset {offset} is greater than the length {length}")
        new_data = self.substringData(offset, length - offset)
        new_node = type(self)._new(self._doc, new_data)
        owner = self._owner
        if owner is not None:
            if self._doc._live_ranges:
                # steps 7.1-7.5: live ranges follow (run before the run below is changed: a
                # run whose data differs from its lxml slot would be rebuilt by index lookups)
                live_ranges.live_range_split(self, new_node, offset, self.parentNode)
            following = self.nextSibling if _observers["active"] else None
            run = self._run()
            index = next(i for i, t in enumerate(run) if t is self)
            run.insert(index + 1, new_node)
            new_node._owner = owner
            new_node._in_tail = self._in_tail
            # The slot's string is unchanged until the data is cut below, which rewrites it.
            if _observers["active"]:
                # step 7.1 inserts the new node: https://dom.spec.whatwg.org/#concept-node-insert
                # queues its tree mutation record (before step 8's "characterData" one)
                queue_tree_mutation_record(self.parentNode, [new_node], [], self, following)
        self._replace_data(offset, length - offset, "")
        if owner is not None and not new_data:
            slot_run = owner._tail_run if self._in_tail else owner._text_run
            assert slot_run is not None  # it holds this node
            owner._write_slot(self._in_tail, slot_run)
        return new_node

    def _detach(self) -> None:
        self._owner = None
        self._in_tail = False


class CDATASection(Text):
    """https://dom.spec.whatwg.org/#interface-cdatasection (XML documents only)."""

    __slots__ = ()
    nodeType = CDATA_SECTION_NODE

    @property
    def nodeName(self) -> str:
        return "#cdata-section"


class _LxmlCharacterData(CharacterData, SlotOwner):
    """Comment and ProcessingInstruction: lxml nodes (with a ``.tail`` slot).

    ``_override`` holds the true data when lxml holds a sanitized copy (XML-illegal
    characters), else None.
    """

    __slots__ = ("_override", "_event_target_state")
    _override: str | None

    def _get_data(self) -> str:
        if self._override is not None and xml_safe(self._override) == (self._lx.text or ""):
            return self._override
        return self._lx.text or ""

    def _set_data(self, value: str) -> None:
        safe = xml_safe(value)
        self._lx.text = safe
        self._override = value if safe != value else None
        # a change of the parent's children's data, logged: what is derived from other subtrees
        # (the cascade, serializations) stays valid (a version step alone outdates it all)
        self._doc._changed(self._lx.getparent())

    @property
    def parentNode(self) -> Node | None:
        parent_lx = self._lx.getparent()
        if parent_lx is None:
            return self._doc._top_level_parent(self)
        return node_for(parent_lx, self._doc)


@operations("Comment", "__init__")
class Comment(_LxmlCharacterData):
    """https://dom.spec.whatwg.org/#interface-comment"""

    __slots__ = ()
    nodeType = COMMENT_NODE

    def __init__(self, data: str = "") -> None:
        """https://dom.spec.whatwg.org/#dom-comment-comment"""
        made = registry.default_document().createComment(data)
        self._doc = made._doc
        self._lx = made._lx
        self._override = made._override
        self._text_run = self._tail_run = None
        self._doc._nodes[self._lx] = self

    @property
    def nodeName(self) -> str:
        return "#comment"


@operations("ProcessingInstruction", "__init__", "getAttribute", "hasAttribute", "setAttribute", "removeAttribute",
            "toggleAttribute")
class ProcessingInstruction(_LxmlCharacterData):
    """https://dom.spec.whatwg.org/#interface-processinginstruction

    ``_target`` holds a target lxml refuses (the HTML parser accepts more than XML names).
    """

    __slots__ = ("_target", "_pi_attributes")
    nodeType = PROCESSING_INSTRUCTION_NODE

    _lx: etree._ProcessingInstruction

    _target: str | None
    _pi_attributes: tuple[str, dict[str, str]]  # (the data it was computed for, the map)

    def __init__(self, target: str, data: str = "") -> None:
        """https://dom.spec.whatwg.org/#dom-processinginstruction-processinginstruction"""
        made = registry.default_document().createProcessingInstruction(target, data)
        self._doc = made._doc
        self._lx = made._lx
        self._text_run = self._tail_run = None
        self._override = made._override
        self._target = getattr(made, "_target", None)
        self._doc._nodes[self._lx] = self

    # -- the attribute map (https://dom.spec.whatwg.org/#concept-pi-attribute-map) --------------
    # It is a function of the data except after setAttribute() with a name that is not an XML
    # Name, so it is kept with the data it was computed for and recomputed when the data changed.

    def _attribute_map(self) -> dict[str, str]:
        data = self.data
        cached = getattr(self, "_pi_attributes", None)
        if cached is not None and cached[0] == data:
            result: dict[str, str] = cached[1]
            return result
        # https://dom.spec.whatwg.org/#pi-update-attributes-from-data
        attributes = parse_pseudo_attributes(data) or {}
        self._pi_attributes = (data, attributes)
        return attributes

    def _update_data_from_attributes(self, attributes: dict[str, str]) -> None:
        """https://dom.spec.whatwg.org/#pi-update-data-from-attributes"""
        parts = []
        for name, value in attributes.items():
            escaped = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            parts.append(f'{name}="{escaped}"')
        data = " ".join(parts)
        self.data = data
        self._pi_attributes = (self.data, attributes)

    def hasAttributes(self) -> bool:
        """https://dom.spec.whatwg.org/#dom-processinginstruction-hasattributes"""
        return bool(self._attribute_map())

    def getAttributeNames(self) -> list[str]:
        """https://dom.spec.whatwg.org/#dom-processinginstruction-getattributenames"""
        return list(self._attribute_map())

    def getAttribute(self, name: str) -> str | None:
        """https://dom.spec.whatwg.org/#dom-processinginstruction-getattribute"""
        return self._attribute_map().get(name)

    def hasAttribute(self, name: str) -> bool:
        """https://dom.spec.whatwg.org/#dom-processinginstruction-hasattribute"""
        return name in self._attribute_map()

    def setAttribute(self, name: str, value: str) -> None:
        """https://dom.spec.whatwg.org/#dom-processinginstruction-setattribute"""
        if not is_valid_attribute_local_name(name):
            raise InvalidCharacterError(f"{name!r} is not a valid attribute name")
        attributes = dict(self._attribute_map())
        attributes[name] = value
        self._update_data_from_attributes(attributes)

    def removeAttribute(self, name: str) -> None:
        """https://dom.spec.whatwg.org/#dom-processinginstruction-removeattribute"""
        attributes = dict(self._attribute_map())
        attributes.pop(name, None)
        self._update_data_from_attributes(attributes)

    def toggleAttribute(self, name: str, force: bool | None = None) -> bool:
        """https://dom.spec.whatwg.org/#dom-processinginstruction-toggleattribute"""
        if not is_valid_attribute_local_name(name):
            raise InvalidCharacterError(f"{name!r} is not a valid attribute name")
        attributes = dict(self._attribute_map())
        if name not in attributes:
            if force is None or force:
                attributes[name] = ""
                self._update_data_from_attributes(attributes)
                return True
            return False
        if force is None or not force:
            del attributes[name]
            self._update_data_from_attributes(attributes)
            return False
        return True

    @property
    def target(self) -> str:
        """https://dom.spec.whatwg.org/#dom-processinginstruction-target"""
        try:
            override = self._target
        except AttributeError:
            override = None
        return self._lx.target if override is None else override

    nodeName = target


# https://www.w3.org/TR/xml-stylesheet/#dt-parsing -- the rules for parsing pseudo-attributes:
#   PseudoAtts ::= (S? PseudoAtt (S PseudoAtt)*)? S?
#   PseudoAtt  ::= Name S? '=' S? PseudoAttValue
#   PseudoAttValue ::= '"' ([^"<&] | CharRef | PredefEntityRef)* '"' | "'" (... with ') "'"
_S = "\x20\x09\x0d\x0a"
# https://www.w3.org/TR/xml/#NT-Name
_NAME_START = (
    ":A-Z_a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c-\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff"
)


@cache
def _xml_name() -> re.Pattern[str]:
    # Compiled on first use: classes reaching past the BMP cost re ~10 ms to compile.
    return re.compile(f"[{_NAME_START}][{_NAME_START}\\-.0-9\u00b7\u0300-\u036f\u203f-\u2040]*")


def is_xml_name(name: str) -> bool:
    """Whether *name* matches XML's Name production."""
    return _xml_name().fullmatch(name) is not None
_PREDEFINED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def parse_pseudo_attributes(data: str) -> dict[str, str] | None:
    """The parsing result (name -> value, in order), or None when *data* is not pseudo-attributes."""
    result: dict[str, str] = {}
    i, n = 0, len(data)
    while True:
        start = i
        while i < n and data[i] in _S:
            i += 1
        if i >= n:
            return result
        if result and i == start:  # pseudo-attributes are separated by white space
            return None
        name_end = i
        while name_end < n and data[name_end] not in _S and data[name_end] != "=":
            name_end += 1
        name = data[i:name_end]
        if not is_xml_name(name) or name in result:
            return None
        i = name_end
        while i < n and data[i] in _S:
            i += 1
        if i >= n or data[i] != "=":
            return None
        i += 1
        while i < n and data[i] in _S:
            i += 1
        if i >= n or data[i] not in "\"'":
            return None
        quote = data[i]
        i += 1
        value: list[str] = []
        while True:
            if i >= n or data[i] == "<":
                return None
            c = data[i]
            if c == quote:
                i += 1
                break
            if c == "&":
                end = data.find(";", i)
                if end < 0:
                    return None
                ref = data[i + 1 : end]
                if ref in _PREDEFINED:
                    value.append(_PREDEFINED[ref])
                elif ref[:2] == "#x" and len(ref) > 2 and all(h in "0123456789abcdefABCDEF" for h in ref[2:]):
                    value.append(chr(int(ref[2:], 16)) if int(ref[2:], 16) <= 0x10FFFF else "\ufffd")
                elif ref[:1] == "#" and len(ref) > 1 and ref[1:].isascii() and ref[1:].isdigit():
                    value.append(chr(int(ref[1:])) if int(ref[1:]) <= 0x10FFFF else "\ufffd")
                else:
                    return None
                i = end + 1
                continue
            value.append(c)
            i += 1
        result[name] = "".join(value)


registry.text_in_slot = Text._new_in_slot
