"""The insertion modes of https://html.spec.whatwg.org/#parsing-main-inhtml, one method each,
named after the mode, over the shared state in :class:`~.tree_construction.TreeConstruction`.

Only the modes a fragment parse can reach are here: the fragment parsing algorithm starts in
the mode "reset the insertion mode appropriately" picks for its context element, so "initial",
"before html", "after frameset" and the two "after after" modes never run.

Character tokens arrive as runs of one kind (whitespace, NULs, or other characters), so one run
stands for a sequence of identical-rule character tokens.
"""

from __future__ import annotations

from typing import Any

from .table_modes import WHITESPACE, TableInsertionModes, is_html, is_whitespace_token
from .tokenization import Token
from .tree_construction import (
    HTML,
    IMPLIED_END_THOROUGH,
    MARKER,
    MATHML,
    SVG,
    TreeConstruction,
    adjust_foreign_attributes,
    adjust_mathml_attributes,
    adjust_svg_attributes,
)

__all__ = ["InsertionModes"]

_HEAD_START = frozenset("base basefont bgsound link meta noframes script style template title".split())
_BLOCK_START = frozenset(
    "address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer "
    "header hgroup main menu nav ol p search section summary ul".split()
)
_BLOCK_END = frozenset(
    "address article aside blockquote button center details dialog dir div dl fieldset figcaption figure "
    "footer header hgroup listing main menu nav ol pre search section select summary ul".split()
)
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_FORMATTING = frozenset("b big code em font i s small strike strong tt u".split())
_FORMATTING_END = _FORMATTING | {"a", "nobr"}
_IGNORED_IN_BODY = frozenset("caption col colgroup frame head tbody td tfoot th thead tr".split())


class InsertionModes(TableInsertionModes):
    """The insertion modes of one parser; ``tree.mode`` holds one of these bound methods."""

    def __init__(self, tree: TreeConstruction) -> None:
        self.t = tree
        tree.modes = self
        # "in template", bound once: the stack of template insertion modes holds it for each
        # open template, and each read of self.in_template makes a new bound method.
        self.template_mode = self.in_template

    # -- https://html.spec.whatwg.org/#the-before-head-insertion-mode --------------------------------

    def before_head(self, token: Token) -> None:
        t, kind = self.t, token[0]
        if is_whitespace_token(token) or kind == "doctype":
            return
        if kind == "comment":
            t.insert_comment(token[1])
        elif kind == "pi":
            t.insert_processing_instruction(token[1], token[2])
        elif kind == "start" and token[1] == "html":
            self.in_body(token)
        elif kind == "start" and token[1] == "head":
            t.head_pointer = t.insert_html_element("head", token[2])
            t.mode = self.in_head
        elif kind == "end" and token[1] not in ("head", "body", "html", "br"):
            return
        else:
            t.head_pointer = t.insert_html_element("head")
            t.mode = self.in_head
            t.reprocess(token)

    # -- https://html.spec.whatwg.org/#parsing-main-inhead -------------------------------------------

    def in_head(self, token: Token) -> None:
        t, kind = self.t, token[0]
        name = token[1] if kind in ("start", "end") else None
        if is_whitespace_token(token):
            t.insert_characters(token[1])
        elif kind == "comment":
            t.insert_comment(token[1])
        elif kind == "pi":
            t.insert_processing_instruction(token[1], token[2])
        elif kind == "doctype":
            return
        elif kind == "start" and name == "html":
            self.in_body(token)
        elif kind == "start" and name in ("base", "basefont", "bgsound", "link", "meta"):
            t.insert_html_element(name, token[2])
            t.open_elements.pop()  # a meta's encoding declaration changes nothing in a fragment
        elif kind == "start" and name == "title":
            t.parse_text_element(name, token[2], "RCDATA")
        elif kind == "start" and (name in ("noframes", "style") or (name == "noscript" and t.scripting)):
            t.parse_text_element(name, token[2], "RAWTEXT")
        elif kind == "start" and name == "noscript":
            t.insert_html_element(name, token[2])
            t.mode = self.in_head_noscript
        elif kind == "start" and name == "script":
            t.insert_html_element(name, token[2])  # already started: the fragment case never runs it
            t.tokenizer.switch_to("script data")
            t.original_mode = t.mode
            t.mode = self.text
        elif kind == "end" and name == "head":
            t.open_elements.pop()
            t.mode = self.after_head
        elif kind == "start" and name == "template":
            t.active_formatting.append(MARKER)
            t.frameset_ok = False
            t.mode = self.in_template
            t.template_modes.append(self.template_mode)
            t.insert_html_element(name, token[2])  # declarative shadow roots are not allowed here
        elif kind == "end" and name == "template":
            if not t.has_template():
                return
            t.generate_implied_end_tags(names=IMPLIED_END_THOROUGH)
            t.pop_until("template")
            t.clear_active_formatting_to_marker()
            t.template_modes.pop()
            t.reset_insertion_mode()
        elif (kind == "start" and name == "head") or (kind == "end" and name not in ("body", "html", "br")):
            return
        else:
            t.open_elements.pop()
            t.mode = self.after_head
            t.reprocess(token)

    # -- https://html.spec.whatwg.org/#parsing-main-inheadnoscript -----------------------------------

    def in_head_noscript(self, token: Token) -> None:
        t, kind = self.t, token[0]
        name = token[1] if kind in ("start", "end") else None
        if kind == "doctype":
            return
        if kind == "start" and name == "html":
            self.in_body(token)
        elif kind == "end" and name == "noscript":
            t.open_elements.pop()
            t.mode = self.in_head
        elif is_whitespace_token(token) or kind in ("comment", "pi") or (
            kind == "start" and name in ("basefont", "bgsound", "link", "meta", "noframes", "style")
        ):
            self.in_head(token)
        elif (kind == "start" and name in ("head", "noscript")) or (kind == "end" and name != "br"):
            return
        else:
            t.open_elements.pop()
            t.mode = self.in_head
            t.reprocess(token)

    # -- https://html.spec.whatwg.org/#the-after-head-insertion-mode ---------------------------------

    def after_head(self, token: Token) -> None:
        t, kind = self.t, token[0]
        name = token[1] if kind in ("start", "end") else None
        if is_whitespace_token(token):
            t.insert_characters(token[1])
        elif kind == "comment":
            t.insert_comment(token[1])
        elif kind == "pi":
            t.insert_processing_instruction(token[1], token[2])
        elif kind == "doctype":
            return
        elif kind == "start" and name == "html":
            self.in_body(token)
        elif kind == "start" and name == "body":
            t.insert_html_element(name, token[2])
            t.frameset_ok = False
            t.mode = self.in_body
        elif kind == "start" and name == "frameset":
            t.insert_html_element(name, token[2])
            t.mode = self.in_frameset
        elif kind == "start" and name in _HEAD_START:
            head = t.head_pointer
            assert head is not None
            t.open_elements.append(head)
            self.in_head(token)
            t.open_elements.remove(head)
        elif kind == "end" and name == "template":
            self.in_head(token)
        elif (kind == "start" and name == "head") or (kind == "end" and name not in ("body", "html", "br")):
            return
        else:
            t.insert_html_element("body")
            t.mode = self.in_body
            t.reprocess(token)

    # -- https://html.spec.whatwg.org/#parsing-main-inbody -------------------------------------------

    def in_body(self, token: Token) -> None:
        t, kind = self.t, token[0]
        if kind == "chars":
            data = token[1]
            if data[0] == "\x00":
                return
            t.reconstruct_active_formatting()
            t.insert_characters(data)
            if data[0] not in WHITESPACE:
                t.frameset_ok = False
        elif kind == "start":
            self._in_body_start(token[1], token[2], token[3], token)
        elif kind == "end":
            self._in_body_end(token[1], token)
        elif kind == "comment":
            t.insert_comment(token[1])
        elif kind == "pi":
            t.insert_processing_instruction(token[1], token[2])
        elif kind == "eof" and t.template_modes:
            self.in_template(token)
        # a DOCTYPE is ignored; otherwise end-of-file stops parsing

    def _in_body_start(self, name: str, attributes: dict[str, str], self_closing: bool, token: Token) -> None:
        t = self.t
        stack = t.open_elements
        if name == "html":
            if not t.has_template():
                for key, value in attributes.items():
                    stack[0].attributes.setdefault(key, value)
        elif name in _HEAD_START:
            self.in_head(token)
        elif name == "body":
            if len(stack) == 1 or not is_html(stack[1], "body") or t.has_template():
                return  # fragment case or a template on the stack
            t.frameset_ok = False
            for key, value in attributes.items():
                stack[1].attributes.setdefault(key, value)
        elif name == "frameset":
            if len(stack) == 1 or not is_html(stack[1], "body") or not t.frameset_ok:
                return
            body = stack[1]
            if body.parent is not None:
                body.parent.children.remove(body)
                body.parent = None
            del stack[1:]
            t.insert_html_element(name, attributes)
            t.mode = self.in_frameset
        elif name in _BLOCK_START:
            self._close_p_in_button_scope()
            t.insert_html_element(name, attributes)
        elif name in _HEADINGS:
            self._close_p_in_button_scope()
            if t.current_is(*_HEADINGS):
                stack.pop()
            t.insert_html_element(name, attributes)
        elif name in ("pre", "listing"):
            self._close_p_in_button_scope()
            t.insert_html_element(name, attributes)
            t.skip_newline = True
            t.frameset_ok = False
        elif name == "form":
            if t.form_pointer is not None and not t.has_template():
                return
            self._close_p_in_button_scope()
            element = t.insert_html_element(name, attributes)
            if not t.has_template():
                t.form_pointer = element
        elif name == "li" or name in ("dd", "dt"):
            t.frameset_ok = False
            closes = ("li",) if name == "li" else ("dd", "dt")
            for node in reversed(stack) if any(stack.count_of(close) for close in closes) else ():
                if node.namespace == HTML and node.name in closes:
                    t.generate_implied_end_tags(node.name)
                    t.pop_until(node.name)
                    break
                if t.is_special(node) and not is_html(node, "address", "div", "p"):
                    break
            self._close_p_in_button_scope()
            t.insert_html_element(name, attributes)
        elif name == "plaintext":
            self._close_p_in_button_scope()
            t.insert_html_element(name, attributes)
            t.tokenizer.switch_to("PLAINTEXT")
        elif name == "button":
            if t.has_in_scope("button"):
                t.generate_implied_end_tags()
                t.pop_until("button")
            t.reconstruct_active_formatting()
            t.insert_html_element(name, attributes)
            t.frameset_ok = False
        elif name == "a":
            entry = t.last_active_formatting("a")
            if entry is not None:
                if not t.adoption_agency("a"):
                    self._any_other_end_tag("a")
                if entry in t.active_formatting:
                    t.active_formatting.remove(entry)
                if entry in stack:
                    stack.remove(entry)
            t.reconstruct_active_formatting()
            t.push_active_formatting(t.insert_html_element(name, attributes))
        elif name in _FORMATTING:
            t.reconstruct_active_formatting()
            t.push_active_formatting(t.insert_html_element(name, attributes))
        elif name == "nobr":
            t.reconstruct_active_formatting()
            if t.has_in_scope("nobr"):
                if not t.adoption_agency("nobr"):
                    self._any_other_end_tag("nobr")
                t.reconstruct_active_formatting()
            t.push_active_formatting(t.insert_html_element(name, attributes))
        elif name in ("applet", "marquee", "object"):
            t.reconstruct_active_formatting()
            t.insert_html_element(name, attributes)
            t.active_formatting.append(MARKER)
            t.frameset_ok = False
        elif name == "table":
            if not t.quirks:
                self._close_p_in_button_scope()
            t.insert_html_element(name, attributes)
            t.frameset_ok = False
            t.mode = self.in_table
        elif name in ("area", "br", "embed", "img", "keygen", "wbr"):
            t.reconstruct_active_formatting()
            t.insert_html_element(name, attributes)
            stack.pop()
            t.frameset_ok = False
        elif name == "input":
            if is_html(t.context, "select"):
                return  # fragment case with a select context
            if t.has_in_scope("select"):
                t.pop_until("select")
            t.reconstruct_active_formatting()
            t.insert_html_element(name, attributes)
            stack.pop()
            if str(attributes.get("type", "")).lower() != "hidden":
                t.frameset_ok = False
        elif name in ("param", "source", "track"):
            t.insert_html_element(name, attributes)
            stack.pop()
        elif name == "hr":
            self._close_p_in_button_scope()
            if t.has_in_scope("select"):
                t.generate_implied_end_tags()
            t.insert_html_element(name, attributes)
            stack.pop()
            t.frameset_ok = False
        elif name == "image":
            self.in_body(("start", "img", attributes, self_closing))
        elif name == "textarea":
            t.insert_html_element(name, attributes)
            t.skip_newline = True
            t.tokenizer.switch_to("RCDATA")
            t.original_mode = t.mode
            t.frameset_ok = False
            t.mode = self.text
        elif name == "xmp":
            self._close_p_in_button_scope()
            t.reconstruct_active_formatting()
            t.frameset_ok = False
            t.parse_text_element(name, attributes, "RAWTEXT")
        elif name == "iframe":
            t.frameset_ok = False
            t.parse_text_element(name, attributes, "RAWTEXT")
        elif name == "noembed" or (name == "noscript" and t.scripting):
            t.parse_text_element(name, attributes, "RAWTEXT")
        elif name == "select":
            if is_html(t.context, "select"):
                return  # fragment case
            if t.has_in_scope("select"):
                t.pop_until("select")
                return
            t.reconstruct_active_formatting()
            t.insert_html_element(name, attributes)
            t.frameset_ok = False
        elif name in ("option", "optgroup"):
            if t.has_in_scope("select"):
                t.generate_implied_end_tags("optgroup" if name == "option" else None)
            elif t.current_is("option"):
                stack.pop()
            t.reconstruct_active_formatting()
            t.insert_html_element(name, attributes)
        elif name in ("rb", "rtc", "rp", "rt"):
            if t.has_in_scope("ruby"):
                t.generate_implied_end_tags(None if name in ("rb", "rtc") else "rtc")
            t.insert_html_element(name, attributes)
        elif name in ("math", "svg"):
            t.reconstruct_active_formatting()
            if name == "math":
                attributes, namespace = adjust_mathml_attributes(attributes), MATHML
            else:
                attributes, namespace = adjust_svg_attributes(attributes), SVG
            t.insert_foreign_element(name, adjust_foreign_attributes(attributes), namespace)
            if self_closing:
                stack.pop()
        elif name in _IGNORED_IN_BODY:
            return
        else:
            t.reconstruct_active_formatting()
            t.insert_html_element(name, attributes)

    def _close_p_in_button_scope(self) -> None:
        if self.t.has_in_button_scope("p"):
            self.t.close_p_element()

    def _in_body_end(self, name: str, token: Token) -> None:
        t = self.t
        stack = t.open_elements
        if name == "template":
            self.in_head(token)
        elif name in ("body", "html"):
            if not t.has_in_scope("body"):
                return
            t.mode = self.after_body
            if name == "html":
                t.reprocess(token)
        elif name in _BLOCK_END:
            if not t.has_in_scope(name):
                return
            t.generate_implied_end_tags()
            t.pop_until(name)
        elif name == "form":
            if not t.has_template():
                node, t.form_pointer = t.form_pointer, None
                if node is None or not t.has_in_scope("form", target=node):
                    return
                t.generate_implied_end_tags()
                stack.remove(node)
            else:
                if not t.has_in_scope("form"):
                    return
                t.generate_implied_end_tags()
                t.pop_until("form")
        elif name == "p":
            if not t.has_in_button_scope("p"):
                t.insert_html_element("p")
            t.close_p_element()
        elif name == "li":
            if t.has_in_list_item_scope("li"):
                t.generate_implied_end_tags("li")
                t.pop_until("li")
        elif name in ("dd", "dt"):
            if t.has_in_scope(name):
                t.generate_implied_end_tags(name)
                t.pop_until(name)
        elif name in _HEADINGS:
            if any(t.has_in_scope(heading) for heading in _HEADINGS):
                t.generate_implied_end_tags()
                t.pop_until(*_HEADINGS)
        elif name in _FORMATTING_END:
            if not t.adoption_agency(name):
                self._any_other_end_tag(name)
        elif name in ("applet", "marquee", "object"):
            if t.has_in_scope(name):
                t.generate_implied_end_tags()
                t.pop_until(name)
                t.clear_active_formatting_to_marker()
        elif name == "br":  # treated as a <br> start tag without attributes
            self._in_body_start("br", {}, False, ("start", "br", {}, False))
        else:
            self._any_other_end_tag(name)

    def _any_other_end_tag(self, name: str) -> None:
        t = self.t
        stack = t.open_elements
        for index in range(len(stack) - 1, -1, -1):
            node = stack[index]
            if node.name == name and node.namespace == HTML:
                t.generate_implied_end_tags(name)
                del stack[index:]
                return
            if t.is_special(node):
                return

    # -- https://html.spec.whatwg.org/#parsing-main-incdata ------------------------------------------

    def text(self, token: Token) -> None:
        t, kind = self.t, token[0]
        if kind == "chars":
            t.insert_characters(token[1])
        elif kind == "eof":
            t.open_elements.pop()
            t.mode = t.original_mode
            t.reprocess(token)
        elif kind == "end":
            t.open_elements.pop()
            t.mode = t.original_mode

    # -- https://html.spec.whatwg.org/#parsing-main-intemplate ---------------------------------------

    def in_template(self, token: Token) -> None:
        t, kind = self.t, token[0]
        name = token[1] if kind in ("start", "end") else None
        if kind in ("chars", "comment", "pi", "doctype"):
            self.in_body(token)
        elif (kind == "start" and name in _HEAD_START) or (kind == "end" and name == "template"):
            self.in_head(token)
        elif kind == "start":
            mode: Any = {
                "caption": self.in_table, "colgroup": self.in_table, "tbody": self.in_table,
                "tfoot": self.in_table, "thead": self.in_table, "col": self.in_column_group,
                "tr": self.in_table_body, "td": self.in_row, "th": self.in_row,
            }.get(token[1], self.in_body)
            t.template_modes[-1] = mode
            t.mode = mode
            t.reprocess(token)
        elif kind == "eof":
            if not t.has_template():
                return  # fragment case: stop parsing
            t.pop_until("template")
            t.clear_active_formatting_to_marker()
            t.template_modes.pop()
            t.reset_insertion_mode()
            t.reprocess(token)
        # any other end tag is ignored

    # -- https://html.spec.whatwg.org/#parsing-main-afterbody ----------------------------------------

    def after_body(self, token: Token) -> None:
        t, kind = self.t, token[0]
        if is_whitespace_token(token) or (kind == "start" and token[1] == "html"):
            self.in_body(token)
        elif kind == "comment":
            t.insert_comment(token[1], (t.open_elements[0], None))
        elif kind == "pi":
            t.insert_processing_instruction(token[1], token[2], (t.open_elements[0], None))
        elif kind in ("doctype", "eof") or (kind == "end" and token[1] == "html"):
            return  # an html end tag is the fragment case's parse error
        else:
            t.mode = self.in_body
            t.reprocess(token)

    # -- https://html.spec.whatwg.org/#parsing-main-inframeset ---------------------------------------

    def in_frameset(self, token: Token) -> None:
        t, kind = self.t, token[0]
        name = token[1] if kind in ("start", "end") else None
        if is_whitespace_token(token):
            t.insert_characters(token[1])
        elif kind == "comment":
            t.insert_comment(token[1])
        elif kind == "pi":
            t.insert_processing_instruction(token[1], token[2])
        elif kind == "start" and name == "html":
            self.in_body(token)
        elif kind == "start" and name == "frameset":
            t.insert_html_element(name, token[2])
        elif kind == "end" and name == "frameset":
            if len(t.open_elements) > 1:  # the root html element stays (fragment case)
                t.open_elements.pop()
        elif kind == "start" and name == "frame":
            t.insert_html_element(name, token[2])
            t.open_elements.pop()
        elif kind == "start" and name == "noframes":
            self.in_head(token)
        # anything else (end-of-file included) is ignored
