"""CDATA sections of a parsed XML document, kept as CDATASection nodes.

https://html.spec.whatwg.org/#xml-parser: the XML parser makes the DOM of the XML infoset, where a
CDATA section is a CDATASection node (https://dom.spec.whatwg.org/#interface-cdatasection), not
text merged into its neighbours.  lxml's tree cannot tell them apart: its ``.text`` and ``.tail``
give CDATA content as plain text.  So, when the markup holds ``<![CDATA[``, a second pass with
expat (which reports where each CDATA section starts and ends) lists the pieces of every text
slot that holds one, and the slot's run of Text nodes (dom/README.md, "Text nodes over text slots")
is made of those pieces: Text nodes and CDATASection nodes whose data concatenates to the lxml
slot, so lxml's tree is unchanged.

A slot is found by the element that holds it (its position among the document's elements in
document order, the same for both parsers) and by how many child nodes of that element come
before it (0: the element's ``.text``; k: the ``.tail`` of its k-th lxml child, comments and
processing instructions included).  A slot whose text expat reads differently from lxml (an
input neither parser reads the same way) keeps its plain Text node.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lxml import etree

from ..nodes.character_data import CDATASection, Text
from ..nodes.identity import node_for

if TYPE_CHECKING:
    from ..nodes.document import Document
    from ..nodes.node import SlotOwner

__all__ = ["MARKER", "keep_cdata_sections"]

# Only markup that holds this can have a CDATA section (the second parse costs nothing otherwise).
MARKER = b"<![CDATA["

# (element's position in document order, child nodes before the slot) -> the slot's pieces
# as (is a CDATA section, data), for the slots holding at least one CDATA section.
_Slots = dict[tuple[int, int], list[tuple[bool, str]]]


class _Reader:
    """The expat handlers: the pieces of the text slot being read, kept when it holds a CDATA
    section (a slot's character data comes between two structural events)."""

    def __init__(self) -> None:
        self.slots: _Slots = {}
        self.elements = 0  # elements started so far
        self.open: list[list[int]] = []  # per open element: [its position, child nodes so far]
        self.pieces: list[tuple[bool, str]] = []  # of the slot being read
        self.has_cdata = False
        self.in_cdata = False

    def _end_slot(self) -> None:
        if self.has_cdata:
            position, children = self.open[-1]
            self.slots[(position, children)] = self.pieces
        self.pieces = []
        self.has_cdata = False

    def start_element(self, name: str, attributes: object) -> None:
        if self.open:
            self._end_slot()
            self.open[-1][1] += 1
        self.open.append([self.elements, 0])
        self.elements += 1

    def end_element(self, name: str) -> None:
        self._end_slot()
        self.open.pop()

    def child_node(self, *args: object) -> None:  # a comment or a processing instruction
        if self.open:
            self._end_slot()
            self.open[-1][1] += 1

    def text(self, data: str) -> None:
        if not self.open:
            return
        pieces = self.pieces
        if pieces and pieces[-1][0] == self.in_cdata:  # (a CDATA section's start adds its piece)
            pieces[-1] = (self.in_cdata, pieces[-1][1] + data)
        else:
            pieces.append((False, data))

    def skipped_entity(self, name: str, is_parameter_entity: int) -> None:
        # A reference to an entity of an external DTD that expat does not read: the only ones
        # lxml expands are the HTML named character references of the XHTML public identifiers.
        if not is_parameter_entity:
            from html.entities import html5  # lazy: rare, and the table is slow to load

            self.text(html5.get(name + ";", ""))

    def start_cdata(self) -> None:
        if self.open:
            self.pieces.append((True, ""))
            self.has_cdata = True
        self.in_cdata = True

    def end_cdata(self) -> None:
        self.in_cdata = False


def _cdata_slots(data: bytes) -> _Slots:
    """The slots of the UTF-8 XML document *data* that hold a CDATA section, with their pieces
    (none when expat does not read *data* through)."""
    from xml.parsers import expat  # lazy: only XML documents with CDATA sections need it

    reader = _Reader()
    parser = expat.ParserCreate("utf-8")
    parser.buffer_text = False
    parser.StartElementHandler = reader.start_element
    parser.EndElementHandler = reader.end_element
    parser.CommentHandler = reader.child_node
    parser.ProcessingInstructionHandler = reader.child_node
    parser.CharacterDataHandler = reader.text
    parser.SkippedEntityHandler = reader.skipped_entity
    parser.StartCdataSectionHandler = reader.start_cdata
    parser.EndCdataSectionHandler = reader.end_cdata
    try:
        parser.Parse(data, True)
    except expat.ExpatError:
        return {}
    return reader.slots


def keep_cdata_sections(document: Document, data: bytes) -> None:
    """Make the CDATA sections of *document*, just parsed by lxml from the UTF-8 bytes *data*,
    CDATASection nodes of its text runs."""
    if MARKER not in data:
        return
    slots = _cdata_slots(data)
    if not slots:
        return
    wanted = {position for position, _ in slots}
    root = document.lxml_tree.getroot()
    for position, lx in enumerate(root.iter(etree.Element)):
        if position not in wanted:
            continue
        for (at, children), pieces in slots.items():
            if at == position:
                _make_run(document, lx, children, pieces)
        wanted.discard(position)
        if not wanted:
            break


def _make_run(document: Document, lx: etree._Element, children: int, pieces: list[tuple[bool, str]]) -> None:
    tail = children > 0
    owner_lx = lx[children - 1] if tail else lx
    if "".join(data for _, data in pieces) != ((owner_lx.tail if tail else owner_lx.text) or ""):
        return  # read differently by the two parsers: plain text
    owner: SlotOwner = node_for(owner_lx, document)
    run: list[Text] = [(CDATASection if is_cdata else Text)._new_in_slot(document, data, owner, tail)
                       for is_cdata, data in pieces if is_cdata or data]
    if tail:
        owner._tail_run = run
    else:
        owner._text_run = run
