"""The ``pattern`` attribute's regular expression without a JavaScript engine
(https://html.spec.whatwg.org/#compiled-pattern-regular-expression).

The spec compiles the attribute as a JavaScript RegExp with the ``v`` flag, anchored as
``^(?:pattern)$``.  Here the pattern is parsed with ECMAScript's ``v``-mode syntax and rewritten
for RE2 (``google-re2``), an automaton engine whose matching is linear in the value, as the
project's rule for hostile input asks (a backtracking engine takes exponential time on
``(\\d+)*$``, the WPT's infinite_backtracking.html).  The rewriting keeps JavaScript's meaning
where the engines differ: ``\\s`` and ``.`` use ECMAScript's WhiteSpace and LineTerminator sets,
``\\uXXXX``, ``\\u{...}`` and ``\\cX`` become code points, ``\\d``/``\\w``/``\\b`` stay ASCII.

What RE2 cannot express (lookaround, backreferences) is matched with Python's :mod:`re` instead,
only when the pattern cannot backtrack exponentially: no quantified group may contain a
quantifier, and at most two quantifiers may be unbounded.  Other such patterns, and the ``v``
flag's class set operations (``[[a-z]--[aeiou]]``, ``&&``, ``\\q{}``) and property escapes RE2
does not know, have no compiled pattern here (the attribute constrains nothing), as a pattern
that fails to compile has none in the spec.  A syntax error in ``v`` mode (``[(]``, ``a{``,
``\\a``) is no pattern, as in the spec.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

__all__ = ["CompiledPattern", "compile_pattern"]


@lru_cache(maxsize=1)
def _re2() -> tuple[Any, Any]:
    """RE2 and its options (at the first pattern compiled: the module is slow to import)."""
    import re2  # lazy: only a pattern attribute needs it

    options = re2.Options()
    options.log_errors = False  # a pattern RE2 refuses is an answer here, not a log line
    return re2, options

_SURROGATE = re.compile("[\ud800-\udfff]")

# ECMAScript WhiteSpace and LineTerminator (https://tc39.es/ecma262/#sec-white-space): \s
_JS_SPACE = [(0x9, 0xD), (0x20, 0x20), (0xA0, 0xA0), (0x1680, 0x1680), (0x2000, 0x200A), (0x2028, 0x2029),
             (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000), (0xFEFF, 0xFEFF)]
_LINE_TERMINATORS = [(0xA, 0xA), (0xD, 0xD), (0x2028, 0x2029)]
_SYNTAX = set("^$\\.*+?()[]{}|/")
# https://tc39.es/ecma262/#prod-ClassSetSyntaxCharacter and #prod-ClassSetReservedDoublePunctuator
_CLASS_SET_SYNTAX = set("()[]{}/-\\|")
_RESERVED_DOUBLE = set("&!#$%*+,.:;<=>?@^`~")
# General categories by their long names (RE2 knows the short ones).
_CATEGORIES = {
    "Letter": "L", "Cased_Letter": "LC", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll",
    "Titlecase_Letter": "Lt", "Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M", "Nonspacing_Mark": "Mn",
    "Spacing_Mark": "Mc", "Enclosing_Mark": "Me", "Number": "N", "Decimal_Number": "Nd", "Letter_Number": "Nl",
    "Other_Number": "No", "Punctuation": "P", "Connector_Punctuation": "Pc", "Dash_Punctuation": "Pd",
    "Open_Punctuation": "Ps", "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi", "Final_Punctuation": "Pf",
    "Other_Punctuation": "Po", "Symbol": "S", "Math_Symbol": "Sm", "Currency_Symbol": "Sc", "Modifier_Symbol": "Sk",
    "Other_Symbol": "So", "Separator": "Z", "Space_Separator": "Zs", "Line_Separator": "Zl",
    "Paragraph_Separator": "Zp", "Other": "C", "Control": "Cc", "Format": "Cf", "Surrogate": "Cs",
    "Private_Use": "Co", "Unassigned": "Cn", "digit": "Nd", "punct": "P",
}


class _SyntaxError(Exception):
    """The pattern is not a v-mode RegExp: no compiled pattern (spec step 4)."""


class _Unsupported(Exception):
    """Valid, but this rewriting cannot express it for the engine asked."""


class _Translator:
    """One pass over a v-mode pattern (https://tc39.es/ecma262/#sec-patterns), writing the
    pattern for RE2 (``for_re2``) or for Python's re."""

    def __init__(self, pattern: str, for_re2: bool) -> None:
        self.p = pattern
        self.i = 0
        self.re2 = for_re2
        self.out: list[str] = []
        self.needs_backtracking = False  # lookaround or backreference
        # Star height: for each open group, whether a quantifier occurred inside it.
        self.group_has_quantifier: list[bool] = []
        self.last_atom_had_quantifier = False
        self.nested_quantifier = False
        self.unbounded = 0
        self.group_names: list[str] = []
        self.group_count = 0

    # -- output helpers ---------------------------------------------------------------------

    def char(self, cp: int) -> str:
        if 0xD800 <= cp <= 0xDFFF:
            raise _Unsupported("a lone surrogate")  # RE2 matches UTF-8
        if self.re2:
            return f"\\x{{{cp:x}}}"
        return f"\\U{cp:08x}"

    def ranges(self, ranges: list[tuple[int, int]]) -> str:
        return "".join(self.char(a) if a == b else f"{self.char(a)}-{self.char(b)}" for a, b in ranges)

    # -- the pattern ------------------------------------------------------------------------

    def translate(self) -> str:
        self.count_groups()
        while self.i < len(self.p):
            self.term()
        if self.group_has_quantifier:
            raise _SyntaxError("unclosed group")
        return "".join(self.out)

    def count_groups(self) -> None:
        # Backreferences may point forward: know the capturing groups first.
        for m in re.finditer(r"\\.|\[(?:\\.|[^\]\\])*\]|\((?!\?)|\(\?<([A-Za-z_$][\w$]*)>", self.p):
            if m.group(0) == "(" or m.group(1):
                self.group_count += 1
                if m.group(1):
                    self.group_names.append(m.group(1))

    def term(self) -> None:
        c = self.p[self.i]
        start = len(self.out)
        quantifiable = True
        if c == "\\":
            self.i += 1
            quantifiable = self.escape()
        elif c == ".":
            self.i += 1
            self.out.append(f"[^{self.ranges(_LINE_TERMINATORS)}]")
        elif c == "[":
            self.i += 1
            self.out.append(self.character_class())
        elif c == "(":
            self.group()
            return
        elif c == ")":
            self.close_group()
            return
        elif c in "^$|":
            self.i += 1
            self.out.append(c)
            quantifiable = False
        elif c in "*+?{":
            raise _SyntaxError("nothing to repeat")
        elif c in "]}":
            raise _SyntaxError(f"lone {c}")
        else:
            self.i += 1
            self.out.append(self.char(ord(c)))
        if quantifiable:
            self.quantifier(start)

    def close_group(self) -> None:
        if not self.group_has_quantifier:
            raise _SyntaxError("unmatched )")
        inner = self.group_has_quantifier.pop()
        self.i += 1
        self.out.append(")")
        self.last_atom_had_quantifier = inner

    def group(self) -> None:
        p, i = self.p, self.i
        start = len(self.out)
        if p.startswith("(?:", i):
            self.out.append("(?:")
            self.i += 3
        elif p.startswith(("(?=", "(?!"), i) or p.startswith(("(?<=", "(?<!"), i):
            self.needs_backtracking = True
            size = 4 if p[i + 2] == "<" else 3
            self.out.append(p[i:i + size])
            self.i += size
        elif p.startswith("(?<", i):
            m = re.compile(r"\(\?<([A-Za-z_$][\w$]*)>").match(p, i)
            if m is None:
                raise _SyntaxError("bad group name")
            self.out.append(f"(?P<{m.group(1)}>")
            self.i = m.end()
        elif p.startswith("(?", i):
            raise _Unsupported("group modifiers")
        else:
            self.out.append("(")
            self.i += 1
        self.group_has_quantifier.append(False)
        depth = len(self.group_has_quantifier)
        while len(self.group_has_quantifier) >= depth:
            if self.i >= len(p):
                raise _SyntaxError("unclosed group")
            self.term()
        inner = self.last_atom_had_quantifier
        if self.out[start] in ("(?=", "(?!", "(?<=", "(?<!"):
            self.last_atom_had_quantifier = inner  # assertions are not quantifiable in v mode
        else:
            self.quantifier(start, inner_quantified=inner)
        if self.group_has_quantifier and (inner or self.last_atom_had_quantifier):
            self.group_has_quantifier[-1] = True

    def quantifier(self, start: int, inner_quantified: bool = False) -> None:
        p, i = self.p, self.i
        quantified = False
        if i < len(p) and p[i] in "*+?":
            self.out.append(p[i])
            self.i += 1
            quantified = True
            if p[i] != "?":
                self.unbounded += 1
        elif i < len(p) and p[i] == "{":
            m = re.compile(r"\{(\d+)(,(\d*))?\}").match(p, i)
            if m is None:
                raise _SyntaxError("lone {")
            low, comma, high = m.group(1), m.group(2), m.group(3)
            if high and int(high) < int(low):
                raise _SyntaxError("numbers out of order in quantifier")
            if comma and not high:
                self.unbounded += 1
            self.out.append(m.group(0))
            self.i = m.end()
            quantified = True
        if quantified:
            if self.i < len(p) and p[self.i] == "?":
                self.out.append("?")
                self.i += 1
            if inner_quantified:
                self.nested_quantifier = True
            if self.group_has_quantifier:
                self.group_has_quantifier[-1] = True
        self.last_atom_had_quantifier = quantified or inner_quantified

    # -- escapes ------------------------------------------------------------------------------

    def code_point_escape(self) -> int | None:
        """After the backslash: \\uXXXX (joining a surrogate pair), \\u{...}, \\xHH, \\cX,
        control escapes and \\0; None when the escape is not a character escape."""
        p, i = self.p, self.i
        c = p[i] if i < len(p) else ""
        if c == "u":
            if p.startswith("{", i + 1):
                m = re.compile(r"\{([0-9A-Fa-f]+)\}").match(p, i + 1)
                if m is None or int(m.group(1), 16) > 0x10FFFF:
                    raise _SyntaxError("bad \\u{}")
                self.i = m.end()
                return int(m.group(1), 16)
            m = re.compile(r"[0-9A-Fa-f]{4}").match(p, i + 1)
            if m is None:
                raise _SyntaxError("bad \\u")
            cp = int(m.group(0), 16)
            self.i = m.end()
            low = re.compile(r"\\u([Dd][C-Fc-f][0-9A-Fa-f]{2})").match(p, self.i)
            if 0xD800 <= cp <= 0xDBFF and low is not None:
                self.i = low.end()
                cp = 0x10000 + ((cp - 0xD800) << 10) + (int(low.group(1), 16) - 0xDC00)
            return cp
        if c == "x":
            m = re.compile(r"[0-9A-Fa-f]{2}").match(p, i + 1)
            if m is None:
                raise _SyntaxError("bad \\x")
            self.i = m.end()
            return int(m.group(0), 16)
        if c == "c":
            if i + 1 < len(p) and p[i + 1].isascii() and p[i + 1].isalpha():
                self.i += 2
                return ord(p[i + 1]) % 32
            raise _SyntaxError("bad \\c")
        if c == "0" and not (i + 1 < len(p) and p[i + 1].isdigit()):
            self.i += 1
            return 0
        controls = {"t": 9, "n": 10, "v": 11, "f": 12, "r": 13}
        if c in controls:
            self.i += 1
            return controls[c]
        return None

    def property_escape(self, negated: bool) -> str:
        m = re.compile(r"\{([A-Za-z_]+)(?:=([A-Za-z_]+))?\}").match(self.p, self.i)
        if m is None:
            raise _SyntaxError("bad \\p")
        self.i = m.end()
        name, value = m.group(1), m.group(2)
        if value is not None:
            if name not in ("General_Category", "gc", "Script", "sc"):
                raise _Unsupported("Script_Extensions and other properties")
            name = value
        name = _CATEGORIES.get(name, name)
        if not self.re2:
            raise _Unsupported("property escapes in Python's re")
        text = f"\\{'P' if negated else 'p'}{{{name}}}"
        re2, options = _re2()
        try:
            re2.compile(text, options)
        except re2.error:
            raise _Unsupported(f"the property {name}") from None  # a binary property or unknown name
        return text

    def escape(self) -> bool:
        """An AtomEscape (outside classes); returns whether it may be quantified."""
        p, i = self.p, self.i
        if i >= len(p):
            raise _SyntaxError("\\ at end of pattern")
        c = p[i]
        if c in "dwDW":
            self.i += 1
            self.out.append("\\" + c)
        elif c in "sS":
            self.i += 1
            self.out.append(f"[{'^' if c == 'S' else ''}{self.ranges(_JS_SPACE)}]")
        elif c in "bB":
            self.i += 1
            self.out.append("\\" + c)
            return False
        elif c in "pP":
            self.i += 1
            self.out.append(self.property_escape(c == "P"))
        elif c.isdigit() and c != "0":
            m = re.compile(r"\d+").match(p, i)
            assert m is not None
            if int(m.group(0)) > self.group_count:
                raise _SyntaxError("backreference to a missing group")
            self.needs_backtracking = True
            self.out.append(f"(?:\\{m.group(0)})")
            self.i = m.end()
        elif c == "k":
            m = re.compile(r"k<([A-Za-z_$][\w$]*)>").match(p, i)
            if m is None or m.group(1) not in self.group_names:
                raise _SyntaxError("bad \\k")
            self.needs_backtracking = True
            self.out.append(f"(?P={m.group(1)})")
            self.i = m.end()
        elif c in _SYNTAX:
            self.i += 1
            self.out.append(self.char(ord(c)))
        else:
            cp = self.code_point_escape()
            if cp is None:
                raise _SyntaxError(f"\\{c} is not an escape in v mode")
            self.out.append(self.char(cp))
        return True

    # -- classes (https://tc39.es/ecma262/#prod-ClassSetExpression, without set operations) --

    def character_class(self) -> str:
        p = self.p
        negated = p.startswith("^", self.i)
        if negated:
            self.i += 1
        parts: list[str] = []
        pending: int | None = None  # a code point that may start a range
        while True:
            if self.i >= len(p):
                raise _SyntaxError("unclosed class")
            c = p[self.i]
            if c == "]":
                self.i += 1
                break
            if c == "[" or p.startswith(("--", "&&"), self.i) or p.startswith("\\q{", self.i):
                raise _Unsupported("class set operations and nested classes")
            if c in _RESERVED_DOUBLE and p.startswith(c * 2, self.i):
                raise _SyntaxError("reserved double punctuator")
            if c == "-":
                if pending is None or self.i + 1 >= len(p) or p[self.i + 1] in "]-":
                    raise _SyntaxError("- outside a range")
                self.i += 1
                try:
                    high = self.class_atom()
                except _ClassEscape:
                    raise _SyntaxError("a class escape ends a range") from None
                if high[0] < pending:
                    raise _SyntaxError("range out of order")
                parts[-1] = f"{self.char(pending)}-{self.char(high[0])}"
                pending = None
                continue
            try:
                atom = self.class_atom()
            except _ClassEscape as escape:
                parts.append(escape.text)
                pending = None
                continue
            parts.append(atom[1])
            pending = atom[0]
        return f"[{'^' if negated else ''}{''.join(parts)}]" if parts else ("[^\\x00-\\x{10ffff}]" if not negated
                                                                             else "[\\x00-\\x{10ffff}]")

    def class_atom(self) -> tuple[int, str]:
        """One ClassSetCharacter as (code point, text); a class escape (\\d, \\p{...}) raises
        _ClassEscape with its text."""
        p = self.p
        c = p[self.i]
        if c != "\\":
            if c in _CLASS_SET_SYNTAX:
                raise _SyntaxError(f"{c} must be escaped in a v-mode class")
            self.i += 1
            return ord(c), self.char(ord(c))
        self.i += 1
        if self.i >= len(p):
            raise _SyntaxError("\\ at end of pattern")
        e = p[self.i]
        if e in "dwDW":
            self.i += 1
            raise _ClassEscape("\\" + e)
        if e == "s":
            self.i += 1
            raise _ClassEscape(self.ranges(_JS_SPACE))
        if e == "S":
            raise _Unsupported("\\S inside a class")
        if e in "pP":
            self.i += 1
            raise _ClassEscape(self.property_escape(e == "P"))
        if e == "b":
            self.i += 1
            return 8, self.char(8)
        if e in _CLASS_SET_SYNTAX or e in _RESERVED_DOUBLE or e == "-":
            self.i += 1
            return ord(e), self.char(ord(e))
        cp = self.code_point_escape()
        if cp is None:
            raise _SyntaxError(f"\\{e} is not an escape in v mode")
        return cp, self.char(cp)


class _ClassEscape(Exception):  # noqa: N818 -- control flow: a class escape inside a class
    def __init__(self, text: str) -> None:
        self.text = text


class CompiledPattern:
    """The anchored pattern, with the engine that matches it."""

    __slots__ = ("_match",)

    def __init__(self, match: Callable[[str], bool]) -> None:
        self._match = match

    def matches(self, value: str) -> bool:
        """https://html.spec.whatwg.org/#regexp-match-a-string"""
        return self._match(value)


def _utf8_safe(value: str) -> str:
    # RE2 matches UTF-8: a lone surrogate (possible in a DOMString) is matched as U+FFFD, a
    # code point no pattern here names either.
    return _SURROGATE.sub("\ufffd", value) if not value.isascii() else value


@lru_cache(maxsize=256)
def compile_pattern(pattern: str) -> CompiledPattern | None:
    """https://html.spec.whatwg.org/#compiled-pattern-regular-expression: None when there is
    none (a v-mode syntax error, step 4) or when it cannot be evaluated in linear time here."""
    try:
        translator = _Translator(pattern, True)
        text = translator.translate()
    except _SyntaxError:
        return None
    except _Unsupported:
        translator = None
        text = None
    if translator is not None and text is not None and not translator.needs_backtracking:
        re2, options = _re2()
        try:
            # Step 5: anchored.  RE2's fullmatch is that, and its $ never matches before a "\n".
            compiled = re2.compile(f"(?:{text})", options)
        except re2.error:
            pass  # e.g. a repetition count over RE2's 1000: try the bounded fallback
        else:
            return CompiledPattern(lambda value: compiled.fullmatch(_utf8_safe(value)) is not None)
    try:
        fallback = _Translator(pattern, False)
        text = fallback.translate()
    except (_SyntaxError, _Unsupported):
        return None
    if fallback.nested_quantifier or fallback.unbounded > 2:
        return None  # a backtracking engine could take exponential (or high polynomial) time
    try:
        python = re.compile(f"(?:{text})", re.ASCII)
    except (re.error, RecursionError, OverflowError):
        return None
    return CompiledPattern(lambda value: python.fullmatch(value) is not None)
