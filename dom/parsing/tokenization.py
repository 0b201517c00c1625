"""HTML tokenization (https://html.spec.whatwg.org/#tokenization) for the project's own tree
construction: html5lib's tokenizer, which follows the standard's state machine, with the states
the standard added since (processing instructions) and tokens reduced to small tuples.

Token shapes: ``("start", name, attributes, self_closing)`` (attributes: a dict, first
duplicate wins), ``("end", name)``, ``("chars", data)``, ``("comment", data)``,
``("pi", target, data)``, ``("doctype",)``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from html5lib._tokenizer import HTMLTokenizer
from html5lib.constants import EOF, asciiLetters, tokenTypes

__all__ = ["Tokenizer", "Token"]

Token = tuple[Any, ...]  # one of the shapes above
_START, _END, _EMPTY = tokenTypes["StartTag"], tokenTypes["EndTag"], tokenTypes["EmptyTag"]
_CHARS, _SPACE = tokenTypes["Characters"], tokenTypes["SpaceCharacters"]
_COMMENT, _DOCTYPE, _ERROR = tokenTypes["Comment"], tokenTypes["Doctype"], tokenTypes["ParseError"]
_PI = "ProcessingInstruction"
_TARGET_CHARS = asciiLetters | frozenset("0123456789-_")
_WHITESPACE = frozenset("\t\n\x0c ")


class _StandardTokenizer(HTMLTokenizer):
    """html5lib's state machine plus the processing instruction states
    (https://html.spec.whatwg.org/#processing-instruction-open-state and the four after it)."""

    def __init__(self, stream: str, adjusted_current_node_is_foreign: Any) -> None:
        super().__init__(stream, parser=_CDATAProbe(adjusted_current_node_is_foreign))
        self.temporary = ""
        self.pi: dict[str, Any] = {}  # the processing instruction being read

    def tagOpenState(self) -> bool:
        # https://html.spec.whatwg.org/#tag-open-state: "?" now opens a processing instruction.
        data = self.stream.char()
        if data == "?":
            self.temporary = ""
            self.state = self.processingInstructionOpenState
            return True
        self.stream.unget(data)
        return super().tagOpenState()

    def processingInstructionOpenState(self) -> bool:
        data = self.stream.char()
        if data is EOF:  # eof-in-processing-instruction: nothing is emitted
            self.state = self.dataState
        elif data in asciiLetters or data == "_":
            self.stream.unget(data)
            self.state = self.processingInstructionTargetState
        else:
            self.stream.unget(data)
            self._temporary_buffer_to_comment()
        return True

    def processingInstructionTargetState(self) -> bool:
        data = self.stream.char()
        if data is EOF:
            self.state = self.dataState
        elif data in _WHITESPACE or data in "?>":
            self.stream.unget(data)
            if self.temporary.lower() in ("xml", "xml-stylesheet"):  # disallowed-processing-instruction-target
                self._temporary_buffer_to_comment()
            else:
                self.pi = {"type": _PI, "target": self.temporary, "data": ""}
                self.state = self.afterProcessingInstructionTargetState
        elif data in _TARGET_CHARS:
            self.temporary += data
        else:  # invalid-processing-instruction-target
            self.stream.unget(data)
            self._temporary_buffer_to_comment()
        return True

    def afterProcessingInstructionTargetState(self) -> bool:
        data = self.stream.char()
        if data is EOF or data not in _WHITESPACE:
            self.stream.unget(data)
            self.state = self.processingInstructionDataState
        return True

    def processingInstructionDataState(self) -> bool:
        data = self.stream.char()
        if data is EOF:
            self.state = self.dataState
        elif data == "?":
            self.state = self.processingInstructionQuestionableState
        elif data == ">":
            self._emit_pi()
            self.state = self.dataState
        else:
            self.pi["data"] += data + self.stream.charsUntil("?>")
        return True

    def processingInstructionQuestionableState(self) -> bool:
        data = self.stream.char()
        if data is EOF:
            self.state = self.dataState
        elif data == ">":
            self._emit_pi()
            self.state = self.dataState
        else:
            self.pi["data"] += "?"
            self.stream.unget(data)
            self.state = self.processingInstructionDataState
        return True

    def _emit_pi(self) -> None:
        # types-html5lib's token type knows no processing instructions, the kind this adds.
        self.tokenQueue.append(self.pi)  # type: ignore[arg-type]

    def _temporary_buffer_to_comment(self) -> None:
        """https://html.spec.whatwg.org/#convert-the-temporary-buffer-to-a-comment, then the bogus
        comment state (https://html.spec.whatwg.org/#bogus-comment-state) continues it."""
        data = "?" + self.temporary + self.stream.charsUntil(">")
        self.stream.char()  # the ">" (or EOF)
        self.tokenQueue.append({"type": _COMMENT, "data": data.replace("\x00", "\ufffd")})
        self.state = self.dataState


class _CDATAProbe:
    """What html5lib's markup declaration open state asks of its parser: whether the adjusted
    current node is a foreign element (then ``<![CDATA[`` opens a CDATA section)."""

    __slots__ = ("tree",)

    def __init__(self, is_foreign: Any) -> None:
        self.tree = _Probe(is_foreign)


class _Probe:
    __slots__ = ("_is_foreign", "defaultNamespace")

    def __init__(self, is_foreign: Any) -> None:
        self._is_foreign = is_foreign
        self.defaultNamespace = "html"

    @property
    def openElements(self) -> list[Any]:
        return [_FOREIGN if self._is_foreign() else _HTML]


class _NS:
    __slots__ = ("namespace",)

    def __init__(self, namespace: str) -> None:
        self.namespace = namespace


_FOREIGN, _HTML = _NS("foreign"), _NS("html")


class Tokenizer:
    """The tokenizer a tree builder drives: ``switch_to(state)`` is the tree construction
    stage switching the tokenizer's state ("RCDATA", "RAWTEXT", "script data", "PLAINTEXT")."""

    def __init__(self, text: str, adjusted_current_node_is_foreign: Any) -> None:
        self._machine = _StandardTokenizer(text, adjusted_current_node_is_foreign)
        machine = self._machine
        self._states = {
            "RCDATA": machine.rcdataState,
            "RAWTEXT": machine.rawtextState,
            "script data": machine.scriptDataState,
            "PLAINTEXT": machine.plaintextState,
        }

    def switch_to(self, state: str) -> None:
        self._machine.state = self._states[state]

    def __iter__(self) -> Iterator[Token]:
        for html5lib_token in self._machine:
            token: Mapping[str, Any] = html5lib_token  # with the processing instructions of _emit_pi
            kind = token["type"]
            if kind == _CHARS or kind == _SPACE:
                yield ("chars", token["data"])
            elif kind == _START or kind == _EMPTY:
                yield ("start", token["name"], token["data"], token.get("selfClosing", False))
            elif kind == _END:
                yield ("end", token["name"])
            elif kind == _COMMENT:
                yield ("comment", token["data"])
            elif kind == _PI:
                yield ("pi", token["target"], token["data"])
            elif kind == _DOCTYPE:
                yield ("doctype",)
            # parse errors are not reported
