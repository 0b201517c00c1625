"""The table insertion modes (https://html.spec.whatwg.org/#parsing-main-intable through
https://html.spec.whatwg.org/#parsing-main-intd), one method each, named after the mode; mixed
into :class:`~.insertion_modes.InsertionModes`, which has the modes they defer to."""

from __future__ import annotations

from typing import Any

from .tokenization import Token
from .tree_construction import HTML, MARKER, TreeConstruction

__all__ = ["TableInsertionModes", "is_html", "is_whitespace_token"]

WHITESPACE = "\t\n\x0c\r "
_TABLE_SECTIONS = ("tbody", "tfoot", "thead")
_CELL_CLOSERS = frozenset("caption col colgroup tbody td tfoot th thead tr".split())


def is_whitespace_token(token: Token) -> bool:
    return token[0] == "chars" and token[1][0] in WHITESPACE


def is_html(node: Any, *names: str) -> bool:
    return node.namespace == HTML and node.name in names


class TableInsertionModes:
    t: TreeConstruction
    in_body: Any
    in_head: Any

    # -- https://html.spec.whatwg.org/#parsing-main-intable ------------------------------------------

    def in_table(self, token: Token) -> None:
        t, kind = self.t, token[0]
        name = token[1] if kind in ("start", "end") else None
        if kind == "chars" and t.current_is("table", "tbody", "template", "tfoot", "thead", "tr"):
            t.pending_table_characters = []
            t.original_mode = t.mode
            t.mode = self.in_table_text
            t.mode(token)
        elif kind == "comment":
            t.insert_comment(token[1])
        elif kind == "pi":
            t.insert_processing_instruction(token[1], token[2])
        elif kind == "doctype":
            return
        elif kind == "start" and name == "caption":
            self._clear_stack_back_to("table", "template", "html")
            t.active_formatting.append(MARKER)
            t.insert_html_element(name, token[2])
            t.mode = self.in_caption
        elif kind == "start" and name == "colgroup":
            self._clear_stack_back_to("table", "template", "html")
            t.insert_html_element(name, token[2])
            t.mode = self.in_column_group
        elif kind == "start" and name == "col":
            self._clear_stack_back_to("table", "template", "html")
            t.insert_html_element("colgroup")
            t.mode = self.in_column_group
            t.reprocess(token)
        elif kind == "start" and name in _TABLE_SECTIONS:
            self._clear_stack_back_to("table", "template", "html")
            t.insert_html_element(name, token[2])
            t.mode = self.in_table_body
        elif kind == "start" and name in ("td", "th", "tr"):
            self._clear_stack_back_to("table", "template", "html")
            t.insert_html_element("tbody")
            t.mode = self.in_table_body
            t.reprocess(token)
        elif kind == "start" and name == "table":
            if t.has_in_table_scope("table"):
                t.pop_until("table")
                t.reset_insertion_mode()
                t.reprocess(token)
        elif kind == "end" and name == "table":
            if t.has_in_table_scope("table"):
                t.pop_until("table")
                t.reset_insertion_mode()
        elif kind == "end" and name in (
            "body", "caption", "col", "colgroup", "html", "tbody", "td", "tfoot", "th", "thead", "tr",
        ):
            return
        elif (kind == "start" and name in ("style", "script", "template")) or (kind == "end" and name == "template"):
            self.in_head(token)
        elif kind == "start" and name == "input" and str(token[2].get("type", "")).lower() == "hidden":
            t.insert_html_element(name, token[2])
            t.open_elements.pop()
        elif kind == "start" and name == "form":
            if t.has_template() or t.form_pointer is not None:
                return
            t.form_pointer = t.insert_html_element(name, token[2])
            t.open_elements.pop()
        elif kind == "eof":
            self.in_body(token)
        else:
            self._in_table_anything_else(token)

    def _in_table_anything_else(self, token: Token) -> None:
        self.t.foster_parenting = True
        try:
            self.in_body(token)
        finally:
            self.t.foster_parenting = False

    def _clear_stack_back_to(self, *names: str) -> None:
        """Clear the stack back to a table (body, row) context."""
        stack = self.t.open_elements
        while not is_html(stack[-1], *names):
            stack.pop()

    # -- https://html.spec.whatwg.org/#parsing-main-intabletext --------------------------------------

    def in_table_text(self, token: Token) -> None:
        t = self.t
        if token[0] == "chars":
            if token[1][0] != "\x00":
                t.pending_table_characters.append(token[1])
            return
        pending = "".join(t.pending_table_characters)
        t.pending_table_characters = []
        if pending.strip(WHITESPACE):
            for run in t.character_runs(pending):
                self._in_table_anything_else(("chars", run))
        elif pending:
            t.insert_characters(pending)
        t.mode = t.original_mode
        t.reprocess(token)

    # -- https://html.spec.whatwg.org/#parsing-main-incaption ----------------------------------------

    def in_caption(self, token: Token) -> None:
        t, kind = self.t, token[0]
        name = token[1] if kind in ("start", "end") else None
        if (kind == "end" and name in ("caption", "table")) or (kind == "start" and name in _CELL_CLOSERS):
            if not t.has_in_table_scope("caption"):
                return
            t.generate_implied_end_tags()
            t.pop_until("caption")
            t.clear_active_formatting_to_marker()
            t.mode = self.in_table
            if name != "caption" or kind == "start":
                t.reprocess(token)
        elif kind == "end" and name in (
            "body", "col", "colgroup", "html", "tbody", "td", "tfoot", "th", "thead", "tr",
        ):
            return
        else:
            self.in_body(token)

    # -- https://html.spec.whatwg.org/#parsing-main-incolgroup ---------------------------------------

    def in_column_group(self, token: Token) -> None:
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
        elif kind == "start" and name == "col":
            t.insert_html_element(name, token[2])
            t.open_elements.pop()
        elif kind == "end" and name == "colgroup":
            if t.current_is("colgroup"):
                t.open_elements.pop()
                t.mode = self.in_table
        elif kind == "end" and name == "col":
            return
        elif name == "template":
            self.in_head(token)
        elif kind == "eof":
            self.in_body(token)
        elif t.current_is("colgroup"):
            t.open_elements.pop()
            t.mode = self.in_table
            t.reprocess(token)

    # -- https://html.spec.whatwg.org/#parsing-main-intbody ------------------------------------------

    def in_table_body(self, token: Token) -> None:
        t, kind = self.t, token[0]
        name = token[1] if kind in ("start", "end") else None
        if kind == "start" and name == "tr":
            self._clear_stack_back_to("tbody", "tfoot", "thead", "template", "html")
            t.insert_html_element(name, token[2])
            t.mode = self.in_row
        elif kind == "start" and name in ("th", "td"):
            self._clear_stack_back_to("tbody", "tfoot", "thead", "template", "html")
            t.insert_html_element("tr")
            t.mode = self.in_row
            t.reprocess(token)
        elif kind == "end" and name in _TABLE_SECTIONS:
            if t.has_in_table_scope(name):
                self._clear_stack_back_to("tbody", "tfoot", "thead", "template", "html")
                t.open_elements.pop()
                t.mode = self.in_table
        elif (kind == "start" and name in ("caption", "col", "colgroup", "tbody", "tfoot", "thead")) or (
            kind == "end" and name == "table"
        ):
            if any(t.has_in_table_scope(section) for section in _TABLE_SECTIONS):
                self._clear_stack_back_to("tbody", "tfoot", "thead", "template", "html")
                t.open_elements.pop()
                t.mode = self.in_table
                t.reprocess(token)
        elif kind == "end" and name in ("body", "caption", "col", "colgroup", "html", "td", "th", "tr"):
            return
        else:
            self.in_table(token)

    # -- https://html.spec.whatwg.org/#parsing-main-intr ---------------------------------------------

    def in_row(self, token: Token) -> None:
        t, kind = self.t, token[0]
        name = token[1] if kind in ("start", "end") else None
        if kind == "start" and name in ("th", "td"):
            self._clear_stack_back_to("tr", "template", "html")
            t.insert_html_element(name, token[2])
            t.mode = self.in_cell
            t.active_formatting.append(MARKER)
        elif kind == "end" and name == "tr":
            if t.has_in_table_scope("tr"):
                self._clear_stack_back_to("tr", "template", "html")
                t.open_elements.pop()
                t.mode = self.in_table_body
        elif (kind == "start" and name in ("caption", "col", "colgroup", "tbody", "tfoot", "thead", "tr")) or (
            kind == "end" and name in ("table", "tbody", "tfoot", "thead")
        ):
            if name in _TABLE_SECTIONS and kind == "end" and not t.has_in_table_scope(name):
                return
            if t.has_in_table_scope("tr"):
                self._clear_stack_back_to("tr", "template", "html")
                t.open_elements.pop()
                t.mode = self.in_table_body
                t.reprocess(token)
        elif kind == "end" and name in ("body", "caption", "col", "colgroup", "html", "td", "th"):
            return
        else:
            self.in_table(token)

    # -- https://html.spec.whatwg.org/#parsing-main-intd ---------------------------------------------

    def in_cell(self, token: Token) -> None:
        t, kind = self.t, token[0]
        name = token[1] if kind in ("start", "end") else None
        if kind == "end" and name in ("td", "th"):
            if t.has_in_table_scope(name):
                t.generate_implied_end_tags()
                t.pop_until(name)
                t.clear_active_formatting_to_marker()
                t.mode = self.in_row
        elif kind == "start" and name in _CELL_CLOSERS:
            self._close_the_cell()
            t.reprocess(token)
        elif kind == "end" and name in ("body", "caption", "col", "colgroup", "html"):
            return
        elif kind == "end" and name in ("table", "tbody", "tfoot", "thead", "tr"):
            if t.has_in_table_scope(name):
                self._close_the_cell()
                t.reprocess(token)
        else:
            self.in_body(token)

    def _close_the_cell(self) -> None:
        """https://html.spec.whatwg.org/#close-the-cell"""
        t = self.t
        t.generate_implied_end_tags()
        t.pop_until("td", "th")
        t.clear_active_formatting_to_marker()
        t.mode = self.in_row
