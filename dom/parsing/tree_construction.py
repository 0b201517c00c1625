"""The HTML Standard's tree construction stage (https://html.spec.whatwg.org/#tree-construction)
over a small tree of plain nodes: the stack of open elements, the list of active formatting
elements, the element pointers, creating and inserting nodes (foster parenting included), the
scopes, "reset the insertion mode appropriately", the adoption agency algorithm and the rules
for foreign content.  The insertion modes themselves are in :mod:`.insertion_modes`.

It serves the fragment parsing algorithm (:mod:`.fragment`): the parts that only a document
parse reaches ("initial", "before html", the document's own children) are not here.
"""

from __future__ import annotations

import re
from typing import Any, cast

from html5lib.constants import adjustSVGAttributes

from html_infra.infra import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE

from .parse_state import MARKER, ActiveFormatting, OpenElements
from .tokenization import Token
from .tree_store import FOREIGN_ATTRIBUTES

__all__ = [
    "ParserNode", "ParserElement", "ParserText", "ParserComment", "ParserProcessingInstruction", "TreeConstruction",
    "MARKER",
]

HTML, MATHML, SVG = HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE


class ParserNode:
    __slots__ = ("parent", "children")

    def __init__(self) -> None:
        self.parent: ParserNode | None = None
        self.children: list[Any] = []


class ParserElement(ParserNode):
    """An element; ``attributes`` maps a name, or (prefix, local name, namespace) for an adjusted
    foreign attribute, to its value.  A template's children live in ``content``."""

    __slots__ = ("name", "namespace", "attributes", "content")

    def __init__(self, name: str, namespace: str, attributes: dict[str, str]) -> None:
        super().__init__()
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.content: ParserNode | None = ParserNode() if name == "template" and namespace == HTML else None


class ParserText:
    __slots__ = ("parent", "parts")

    def __init__(self, data: str) -> None:
        self.parent: ParserNode | None = None
        self.parts = [data]


class ParserComment:
    __slots__ = ("parent", "data")

    def __init__(self, data: str) -> None:
        self.parent: ParserNode | None = None
        self.data = data


class ParserProcessingInstruction:
    __slots__ = ("parent", "target", "data")

    def __init__(self, target: str, data: str) -> None:
        self.parent: ParserNode | None = None
        self.target = target
        self.data = data


# https://html.spec.whatwg.org/#special
_SPECIAL = {
    HTML: frozenset(
        "address applet area article aside base basefont bgsound blockquote body br button caption center col "
        "colgroup dd details dir div dl dt embed fieldset figcaption figure footer form frame frameset h1 h2 h3 "
        "h4 h5 h6 head header hgroup hr html iframe img input keygen li link listing main marquee menu meta nav "
        "noembed noframes noscript object ol p param plaintext pre script search section select source style "
        "summary table tbody td template textarea tfoot th thead title tr track ul wbr xmp".split()
    ),
    MATHML: frozenset("mi mo mn ms mtext annotation-xml".split()),
    SVG: frozenset("foreignObject desc title".split()),
}
# https://html.spec.whatwg.org/#has-an-element-in-scope and the scopes built on it
_SCOPE = {
    HTML: frozenset("applet caption html table td th marquee object select template".split()),
    MATHML: frozenset("mi mo mn ms mtext annotation-xml".split()),
    SVG: frozenset("foreignObject desc title".split()),
}
_LIST_ITEM_SCOPE = {**_SCOPE, HTML: _SCOPE[HTML] | {"ol", "ul"}}
_BUTTON_SCOPE = {**_SCOPE, HTML: _SCOPE[HTML] | {"button"}}
_TABLE_SCOPE = {HTML: frozenset({"html", "table", "template"})}
# https://html.spec.whatwg.org/#generate-implied-end-tags
IMPLIED_END = frozenset("dd dt li optgroup option p rb rp rt rtc".split())
IMPLIED_END_THOROUGH = IMPLIED_END | frozenset("caption colgroup tbody td tfoot th thead tr".split())
_MATHML_TEXT_INTEGRATION = frozenset("mi mo mn ms mtext".split())
_FOSTER_TARGETS = frozenset("table tbody tfoot thead tr".split())
# https://html.spec.whatwg.org/#parsing-main-inforeign: the tag names that leave foreign content
_BREAKOUT = frozenset(
    "b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing "
    "menu meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var".split()
)
# the tag name table of "any other start tag" in foreign content (lowercase -> SVG name)
SVG_TAG_NAMES = {
    name.lower(): name
    for name in (
        "altGlyph altGlyphDef altGlyphItem animateColor animateMotion animateTransform clipPath feBlend "
        "feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap "
        "feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge "
        "feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence "
        "foreignObject glyphRef linearGradient radialGradient textPath"
    ).split()
}
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_CHARACTER_RUNS = re.compile(r"[\t\n\x0c\r ]+|\x00+|[^\t\n\x0c\r \x00]+")


def adjust_mathml_attributes(attributes: dict[str, str]) -> dict[str, str]:
    """https://html.spec.whatwg.org/#adjust-mathml-attributes"""
    if "definitionurl" not in attributes:
        return attributes
    return {("definitionURL" if name == "definitionurl" else name): value for name, value in attributes.items()}


def adjust_svg_attributes(attributes: dict[str, str]) -> dict[str, str]:
    """https://html.spec.whatwg.org/#adjust-svg-attributes"""
    return {adjustSVGAttributes.get(name, name): value for name, value in attributes.items()}


def adjust_foreign_attributes(attributes: dict[str, str]) -> dict[Any, str]:
    """https://html.spec.whatwg.org/#adjust-foreign-attributes: (prefix, local, namespace) keys."""
    out: dict[Any, str] = {}  # a name, or (prefix, local, namespace) for the adjusted ones
    for name, value in attributes.items():
        if name in FOREIGN_ATTRIBUTES:
            namespace, prefix, local = FOREIGN_ATTRIBUTES[name]
            out[(prefix, local, namespace)] = value
        else:
            out[name] = value
    return out


class TreeConstruction:
    """The parser state the insertion modes share.  *context* is the fragment parsing
    algorithm's context element (a :class:`ParserElement` standing for it)."""

    def __init__(self, context: ParserElement, quirks: bool, scripting: bool, form: Any) -> None:
        self.context = context
        self.quirks = quirks
        self.scripting = scripting
        self.root = ParserElement("html", HTML, {})
        self.open_elements = OpenElements(self.root)
        self.active_formatting = ActiveFormatting()
        self.template_modes: list[Any] = []
        self.head_pointer: ParserElement | None = None
        self.form_pointer: Any = form
        self.frameset_ok = True
        self.foster_parenting = False
        self.skip_newline = False
        self.tokenizer: Any = None
        self.mode: Any = None
        self.original_mode: Any = None
        self.pending_table_characters: list[str] = []
        self.end_of_file_again = False  # see finish()

    # -- the stack of open elements (https://html.spec.whatwg.org/#stack-of-open-elements) ------------

    @property
    def current_node(self) -> ParserElement:
        return self.open_elements[-1]

    @property
    def adjusted_current_node(self) -> ParserElement:
        """https://html.spec.whatwg.org/#adjusted-current-node"""
        return self.context if len(self.open_elements) == 1 else self.open_elements[-1]

    def adjusted_current_node_is_foreign(self) -> bool:
        return self.adjusted_current_node.namespace != HTML

    def has_in_scope(
        self, name: str, scope: dict[str, frozenset[str]] = _SCOPE, target: ParserElement | None = None
    ) -> bool:
        """https://html.spec.whatwg.org/#has-an-element-in-the-specific-scope for an HTML element
        named *name* (or the very element *target*)."""
        if target is None and not self.open_elements.count_of(name):
            return False
        for node in reversed(self.open_elements):
            if target is not None:
                if node is target:
                    return True
            elif node.name == name and node.namespace == HTML:
                return True
            if node.name in scope.get(node.namespace, ()):
                return False
        return False

    def has_in_list_item_scope(self, name: str) -> bool:
        return self.has_in_scope(name, _LIST_ITEM_SCOPE)

    def has_in_button_scope(self, name: str) -> bool:
        return self.has_in_scope(name, _BUTTON_SCOPE)

    def has_in_table_scope(self, name: str) -> bool:
        return self.has_in_scope(name, _TABLE_SCOPE)

    def has_template(self) -> bool:
        return self.open_elements.count_of("template") > 0

    def pop_until(self, *names: str) -> None:
        """Pop elements until an HTML element named one of *names* has been popped."""
        while len(self.open_elements) > 1:
            node = self.open_elements.pop()
            if node.name in names and node.namespace == HTML:
                return

    def pop_until_node(self, target: ParserElement) -> None:
        while self.open_elements:
            if self.open_elements.pop() is target:
                return

    def current_is(self, *names: str) -> bool:
        node = self.open_elements[-1]
        return node.name in names and node.namespace == HTML

    @staticmethod
    def is_special(node: ParserElement) -> bool:
        return node.name in _SPECIAL.get(node.namespace, ())

    def generate_implied_end_tags(self, exclude: str | None = None, names: frozenset[str] = IMPLIED_END) -> None:
        """https://html.spec.whatwg.org/#generate-implied-end-tags"""
        while True:
            node = self.open_elements[-1]
            if node.namespace != HTML or node.name not in names or node.name == exclude:
                return
            self.open_elements.pop()

    def close_p_element(self) -> None:
        """https://html.spec.whatwg.org/#close-a-p-element"""
        self.generate_implied_end_tags("p")
        self.pop_until("p")

    # -- creating and inserting nodes (https://html.spec.whatwg.org/#creating-and-inserting-nodes) ----

    def appropriate_place(self, override_target: ParserElement | None = None) -> tuple[ParserNode, Any]:
        """https://html.spec.whatwg.org/#appropriate-place-for-inserting-a-node: (parent, the
        child to insert before or None)."""
        target = override_target if override_target is not None else self.open_elements[-1]
        if self.foster_parenting and target.namespace == HTML and target.name in _FOSTER_TARGETS:
            stack = self.open_elements
            if stack.count_of("table") or stack.count_of("template"):
                # the last template or table, whichever is lower (more recently added)
                for index in range(len(stack) - 1, -1, -1):
                    node = stack[index]
                    if node.namespace != HTML:
                        continue
                    if node.name == "template":
                        return cast(ParserNode, node.content), None  # a template has its content
                    if node.name == "table":
                        if node.parent is not None:
                            return node.parent, node
                        return stack[index - 1], None
            return stack[0], None  # no table (fragment case): after the root's last child
        if target.content is not None:
            return target.content, None
        return target, None

    @staticmethod
    def insert_at(place: tuple[ParserNode, Any], node: Any) -> None:
        parent, before = place
        node.parent = parent
        if before is None:
            parent.children.append(node)
        else:
            parent.children.insert(parent.children.index(before), node)

    def create_element(self, name: str, namespace: str, attributes: dict[str, str]) -> ParserElement:
        """https://html.spec.whatwg.org/#create-an-element-for-the-token (no custom elements run
        in the fragment case; form association happens when the fragment is inserted)."""
        return ParserElement(name, namespace, dict(attributes))

    def insert_foreign_element(self, name: str, attributes: dict[str, str], namespace: str) -> ParserElement:
        """https://html.spec.whatwg.org/#insert-a-foreign-element"""
        place = self.appropriate_place()
        element = self.create_element(name, namespace, attributes)
        self.insert_at(place, element)
        self.open_elements.append(element)
        return element

    def insert_html_element(self, name: str, attributes: dict[str, str] | None = None) -> ParserElement:
        """https://html.spec.whatwg.org/#insert-an-html-element"""
        return self.insert_foreign_element(name, attributes or {}, HTML)

    def insert_characters(self, data: str) -> None:
        """https://html.spec.whatwg.org/#insert-a-character (a run of them)."""
        parent, before = self.appropriate_place()
        children = parent.children
        index = len(children) if before is None else children.index(before)
        if index and type(children[index - 1]) is ParserText:
            children[index - 1].parts.append(data)
            return
        text = ParserText(data)
        text.parent = parent
        children.insert(index, text)

    def insert_comment(self, data: str, place: tuple[ParserNode, Any] | None = None) -> None:
        """https://html.spec.whatwg.org/#insert-a-comment"""
        self.insert_at(place or self.appropriate_place(), ParserComment(data))

    def insert_processing_instruction(
        self, target: str, data: str, place: tuple[ParserNode, Any] | None = None
    ) -> None:
        """https://html.spec.whatwg.org/#insert-a-processing-instruction"""
        self.insert_at(place or self.appropriate_place(), ParserProcessingInstruction(target, data))

    def parse_text_element(self, name: str, attributes: dict[str, str], state: str) -> None:
        """https://html.spec.whatwg.org/#generic-raw-text-element-parsing-algorithm (*state* RAWTEXT)
        and the generic RCDATA element parsing algorithm (*state* RCDATA)."""
        self.insert_html_element(name, attributes)
        self.tokenizer.switch_to(state)
        self.original_mode = self.mode
        self.mode = self.modes.text

    # -- the list of active formatting elements ------------------------------------------------------

    def push_active_formatting(self, element: ParserElement) -> None:
        """https://html.spec.whatwg.org/#push-onto-the-list-of-active-formatting-elements"""
        entries = self.active_formatting
        if entries.count_same(element) >= 3:  # the Noah's Ark clause: the earliest of them goes
            seen = 0
            for index in range(len(entries) - 1, -1, -1):
                entry = entries[index]
                if entry.name == element.name and entry.namespace == element.namespace and (
                    entry.attributes == element.attributes
                ):
                    seen += 1
                    if seen == 3:
                        del entries[index]
                        break
        entries.append(element)

    def reconstruct_active_formatting(self) -> None:
        """https://html.spec.whatwg.org/#reconstruct-the-active-formatting-elements"""
        entries = self.active_formatting
        if not entries or entries[-1] is MARKER or entries[-1] in self.open_elements:
            return
        index = len(entries) - 1
        while index > 0:  # rewind
            previous = entries[index - 1]
            if previous is MARKER or previous in self.open_elements:
                break
            index -= 1
        for position in range(index, len(entries)):  # advance and create
            entry = entries[position]
            entries[position] = self.insert_html_element(entry.name, entry.attributes)

    def clear_active_formatting_to_marker(self) -> None:
        """https://html.spec.whatwg.org/#clear-the-list-of-active-formatting-elements-up-to-the-last-marker"""
        while self.active_formatting:
            if self.active_formatting.pop() is MARKER:
                return

    def last_active_formatting(self, name: str) -> ParserElement | None:
        """The last element named *name* in the list of active formatting elements after the
        last marker, if any."""
        if not self.active_formatting.count_named(name):
            return None
        for entry in reversed(self.active_formatting):
            if entry is MARKER:
                return None
            if entry.name == name:
                found: ParserElement = entry
                return found
        return None

    def adoption_agency(self, subject: str) -> bool:
        """https://html.spec.whatwg.org/#adoption-agency-algorithm; False means "act as described
        in the 'any other end tag' entry"."""
        current = self.open_elements[-1]
        if current.name == subject and current.namespace == HTML and current not in self.active_formatting:
            self.open_elements.pop()
            return True
        for _outer in range(8):
            formatting = self.last_active_formatting(subject)
            if formatting is None:
                return False
            if formatting not in self.open_elements:
                self.active_formatting.remove(formatting)
                return True
            if not self.has_in_scope(subject, target=formatting):
                return True
            formatting_index = self.open_elements.index(formatting)
            furthest_block = None
            for node in self.open_elements[formatting_index + 1:]:
                if self.is_special(node):
                    furthest_block = node
                    break
            if furthest_block is None:
                del self.open_elements[formatting_index:]
                self.active_formatting.remove(formatting)
                return True
            common_ancestor = self.open_elements[formatting_index - 1]
            bookmark = self.active_formatting.index(formatting)
            node = last_node = furthest_block
            node_index = self.open_elements.index(node)
            inner = 0
            while True:
                inner += 1
                node_index -= 1
                node = self.open_elements[node_index]
                if node is formatting:
                    break
                if inner > 3 and node in self.active_formatting:
                    position = self.active_formatting.index(node)
                    del self.active_formatting[position]
                    if position < bookmark:
                        bookmark -= 1
                if node not in self.active_formatting:
                    del self.open_elements[node_index]
                    continue
                clone = self.create_element(node.name, HTML, node.attributes)
                self.active_formatting[self.active_formatting.index(node)] = clone
                self.open_elements[node_index] = clone
                node = clone
                if last_node is furthest_block:
                    bookmark = self.active_formatting.index(clone) + 1
                _detach(last_node)
                self.insert_at((node, None), last_node)
                last_node = node
            _detach(last_node)
            self.insert_at(self.appropriate_place(common_ancestor), last_node)
            element = self.create_element(formatting.name, HTML, formatting.attributes)
            for child in furthest_block.children:
                child.parent = element
            element.children, furthest_block.children = furthest_block.children, []
            self.insert_at((furthest_block, None), element)
            position = self.active_formatting.index(formatting)
            del self.active_formatting[position]
            if position < bookmark:
                bookmark -= 1
            self.active_formatting.insert(bookmark, element)
            self.open_elements.remove(formatting)
            self.open_elements.insert(self.open_elements.index(furthest_block) + 1, element)
        return True

    # -- insertion modes -------------------------------------------------------------------------------

    def reset_insertion_mode(self) -> None:
        """https://html.spec.whatwg.org/#reset-the-insertion-mode-appropriately"""
        modes = self.modes
        last = False
        for index in range(len(self.open_elements) - 1, -1, -1):
            node = self.open_elements[index]
            if index == 0:
                last = True
                node = self.context  # fragment case
            if node.namespace == HTML:
                name = node.name
                if name in ("td", "th") and not last:
                    self.mode = modes.in_cell
                    return
                found = {
                    "tr": modes.in_row, "tbody": modes.in_table_body, "thead": modes.in_table_body,
                    "tfoot": modes.in_table_body, "caption": modes.in_caption,
                    "colgroup": modes.in_column_group, "table": modes.in_table,
                }.get(name)
                if found is not None:
                    self.mode = found
                    return
                if name == "template":
                    self.mode = self.template_modes[-1]
                    return
                if name == "head" and not last:
                    self.mode = modes.in_head
                    return
                if name == "body":
                    self.mode = modes.in_body
                    return
                if name == "frameset":
                    self.mode = modes.in_frameset
                    return
                if name == "html":
                    self.mode = modes.before_head if self.head_pointer is None else modes.after_head
                    return
            if last:
                self.mode = modes.in_body
                return

    # -- the tree construction dispatcher ------------------------------------------------------------

    def is_html_integration_point(self, node: ParserElement) -> bool:
        """https://html.spec.whatwg.org/#html-integration-point"""
        if node.namespace == MATHML:
            return node.name == "annotation-xml" and str(node.attributes.get("encoding", "")).lower() in (
                "text/html", "application/xhtml+xml",
            )
        return node.namespace == SVG and node.name in ("foreignObject", "desc", "title")

    def dispatch(self, token: Token) -> None:
        """https://html.spec.whatwg.org/#tree-construction-dispatcher"""
        if self.skip_newline:
            self.skip_newline = False
            if token[0] == "chars" and token[1].startswith("\n"):
                if len(token[1]) == 1:
                    return
                token = ("chars", token[1][1:])
        if token[0] == "chars":
            for run in _CHARACTER_RUNS.findall(token[1]):
                self.reprocess(("chars", run))
        else:
            self.reprocess(token)

    @staticmethod
    def character_runs(data: str) -> list[str]:
        """*data* as runs of whitespace, of NULs and of other characters: the character tokens of
        one run are all handled by the same rule."""
        return _CHARACTER_RUNS.findall(data)

    def reprocess(self, token: Token) -> None:
        """One token through the dispatcher (what "reprocess the token" does as well)."""
        node = self.adjusted_current_node
        namespace = node.namespace
        kind = token[0]
        if kind == "eof":  # reprocessed by finish()'s loop
            self.end_of_file_again = True
            return
        if (
            namespace == HTML
            or (namespace == MATHML and node.name in _MATHML_TEXT_INTEGRATION and (
                kind == "chars" or (kind == "start" and token[1] not in ("mglyph", "malignmark"))
            ))
            or (namespace == MATHML and node.name == "annotation-xml" and kind == "start" and token[1] == "svg")
            or (kind in ("start", "chars") and self.is_html_integration_point(node))
        ):
            self.mode(token)
        else:
            self.foreign_content(token)

    def finish(self) -> None:
        """The end-of-file token, in the current insertion mode (always HTML content).

        Every rule that reprocesses an end-of-file token does it as its last step ("in
        template" after popping one template, "text", "in head" ...), so the reprocessing is a
        loop here, not a call from inside the rule: 100,000 nested templates pop one template
        per pass instead of nesting 100,000 calls."""
        self.end_of_file_again = True
        while self.end_of_file_again:
            self.end_of_file_again = False
            self.mode(("eof",))

    # -- https://html.spec.whatwg.org/#parsing-main-inforeign ---------------------------------------

    def foreign_content(self, token: Token) -> None:
        kind = token[0]
        if kind == "chars":
            data = token[1]
            if data[0] == "\x00":
                self.insert_characters("\ufffd" * len(data))
            else:
                self.insert_characters(data)
                if data[0] not in "\t\n\x0c\r ":
                    self.frameset_ok = False
        elif kind == "comment":
            self.insert_comment(token[1])
        elif kind == "pi":
            self.insert_processing_instruction(token[1], token[2])
        elif kind == "start":
            name, attributes, self_closing = token[1], token[2], token[3]
            if name in _BREAKOUT or (name == "font" and ("color" in attributes or "face" in attributes or (
                "size" in attributes
            ))):
                self._leave_foreign_content(token)
                return
            adjusted = self.adjusted_current_node
            namespace = adjusted.namespace
            if namespace == MATHML:
                attributes = adjust_mathml_attributes(attributes)
            elif namespace == SVG:
                name = SVG_TAG_NAMES.get(name, name)
                attributes = adjust_svg_attributes(attributes)
            self.insert_foreign_element(name, adjust_foreign_attributes(attributes), namespace)
            if self_closing:
                self.open_elements.pop()  # an SVG script's end tag would only pop it too
        elif kind == "end":
            name = token[1]
            if name in ("br", "p"):
                self._leave_foreign_content(token)
                return
            node = self.open_elements[-1]
            index = len(self.open_elements) - 1
            while True:
                if index == 0:
                    return  # fragment case
                if node.name.translate(_ASCII_LOWER) == name:
                    del self.open_elements[index:]
                    return
                index -= 1
                node = self.open_elements[index]
                if node.namespace == HTML:
                    self.mode(token)
                    return
        # a DOCTYPE token is ignored

    def _leave_foreign_content(self, token: Token) -> None:
        while True:
            node = self.open_elements[-1]
            if (
                node.namespace == HTML
                or (node.namespace == MATHML and node.name in _MATHML_TEXT_INTEGRATION)
                or self.is_html_integration_point(node)
            ):
                break
            self.open_elements.pop()
        self.mode(token)

    modes: Any  # the insertion modes (set by .insertion_modes.InsertionModes)


def _detach(node: Any) -> None:
    if node.parent is not None:
        node.parent.children.remove(node)
        node.parent = None
