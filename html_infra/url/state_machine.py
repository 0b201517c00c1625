"""The basic URL parser's state machine (https://url.spec.whatwg.org/#concept-basic-url-parser).

One method per state of the spec, named after it, dispatched through a table.
``state_override`` is an argument, as in the spec (the URL setters use it).  Validation errors
are reported by their spec names through ``on_error(name, pointer)``; with no listener the
checks cost nothing.  The entry points (and the fast path tried first) are in :mod:`.parser`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from ..infra import ASCII_ALPHANUMERIC, ASCII_HEX_DIGITS, convert_to_scalar_value_string
from .host import Host, host_parse
from .percent_encoding import (
    C0_CONTROL_PERCENT_ENCODE_SET,
    FRAGMENT_PERCENT_ENCODE_SET,
    PATH_PERCENT_ENCODE_SET,
    QUERY_PERCENT_ENCODE_SET,
    SPECIAL_QUERY_PERCENT_ENCODE_SET,
    USERINFO_PERCENT_ENCODE_SET,
    output_encoding,
    percent_encode_after_encoding,
    utf8_percent_encode,
)
from .record import SPECIAL_SCHEMES, URLRecord, shorten_path

__all__ = ["BasicURLParser", "STATES", "OnError", "EOF"]

OnError = Callable[[str, int], None] | None

EOF = ""  # the EOF code point: c is "" once the pointer is past the end of input


# States, by their spec names (https://url.spec.whatwg.org/#scheme-start-state ...).
STATES = (
    "scheme start state",
    "scheme state",
    "no scheme state",
    "special relative or authority state",
    "path or authority state",
    "relative state",
    "relative slash state",
    "special authority slashes state",
    "special authority ignore slashes state",
    "authority state",
    "host state",
    "hostname state",
    "port state",
    "file state",
    "file slash state",
    "file host state",
    "path start state",
    "path state",
    "opaque path state",
    "query state",
    "fragment state",
)

_FAILURE = object()  # a state's "return failure"
_RETURN = object()  # a state's plain "return" (only with a state override)

_C0_OR_SPACE = "".join(chr(i) for i in range(0x21))
_TAB_OR_NEWLINE = re.compile("[\t\n\r]")
_SCHEME_CHARS = frozenset(ASCII_ALPHANUMERIC + "+-.")
_HEX = frozenset(ASCII_HEX_DIGITS)
# A URL unit: a URL code point or "%".  Used only when reporting validation errors.
_URL_UNIT_CLASS = (
    "[0-9A-Za-z!$&'()*+,\\-./:;=?@_~%\u00a0-\ud7ff\ue000-\ufdcf\ufdf0-\ufffd"
    "\U00010000-\U0001fffd\U00020000-\U0002fffd\U00030000-\U0003fffd\U00040000-\U0004fffd"
    "\U00050000-\U0005fffd\U00060000-\U0006fffd\U00070000-\U0007fffd\U00080000-\U0008fffd"
    "\U00090000-\U0009fffd\U000a0000-\U000afffd\U000b0000-\U000bfffd\U000c0000-\U000cfffd"
    "\U000d0000-\U000dfffd\U000e0000-\U000efffd\U000f0000-\U000ffffd\U00100000-\U0010fffd]"
)


@cache
def _invalid_url_unit() -> re.Pattern[str]:
    """Where an invalid-URL-unit validation error occurs in a run of path/query/fragment input
    (compiled on first use: the class reaching past the BMP costs re ~20 ms to compile)."""
    return re.compile("[^" + _URL_UNIT_CLASS[1:] + "|%(?![0-9A-Fa-f]{2})")

# Runs of code points that a state treats one by one in the same way ("append c to buffer").
# The states consume such a run in one step: the result is the same, and a long input costs
# linear rather than quadratic time (no string grows by one code point at a time).
_SCHEME_RUN = re.compile("[A-Za-z0-9+.-]+")
_AUTHORITY_RUN = re.compile(r"[^@/?#\\]+")
_HOST_RUN = re.compile(r"[^:/?#\\\[\]]+")
_HOST_RUN_IN_BRACKETS = re.compile(r"[^/?#\\\[\]]+")
_PORT_RUN = re.compile("[0-9]+")
_FILE_HOST_RUN = re.compile(r"[^/?#\\]+")
_PATH_RUN = {  # (special, state override given) -> run
    (True, False): re.compile(r"[^/?#\\]+"),
    (True, True): re.compile(r"[^/\\]+"),
    (False, False): re.compile("[^/?#]+"),
    (False, True): re.compile("[^/]+"),
}
_OPAQUE_PATH_RUN = re.compile("[^?#]+")
_QUERY_RUN = re.compile("[^#]+")
_ANY_RUN = re.compile(".+", re.S)


def _is_windows_drive_letter(s: str) -> bool:
    """https://url.spec.whatwg.org/#windows-drive-letter"""
    return len(s) == 2 and s[0].isascii() and s[0].isalpha() and s[1] in ":|"


def _starts_with_windows_drive_letter(s: str, start: int) -> bool:
    """https://url.spec.whatwg.org/#start-with-a-windows-drive-letter (from index *start*)."""
    return (
        len(s) - start >= 2
        and _is_windows_drive_letter(s[start : start + 2])
        and (len(s) - start == 2 or s[start + 2] in "/\\?#")
    )


def _is_double_dot_segment(s: str) -> bool:
    """https://url.spec.whatwg.org/#double-dot-path-segment"""
    return s in ("..", ".%2e", ".%2E", "%2e.", "%2E.", "%2e%2e", "%2E%2E", "%2e%2E", "%2E%2e")


def _is_single_dot_segment(s: str) -> bool:
    """https://url.spec.whatwg.org/#single-dot-path-segment"""
    return s in (".", "%2e", "%2E")


class BasicURLParser:
    """One run of the basic URL parser: ``BasicURLParser(...).run()`` is the URL record or None."""

    __slots__ = (
        "input",
        "base",
        "encoding",
        "url",
        "state_override",
        "on_error",
        "state",
        "buffer",
        "at_sign_seen",
        "inside_brackets",
        "password_token_seen",
        "pointer",
        "table",
    )

    def __init__(
        self,
        input: str,
        base: URLRecord | None,
        encoding: str,
        url: URLRecord | None,
        state_override: str | None,
        on_error: OnError,
    ) -> None:
        self.on_error = on_error
        if not input.isascii():
            # The input is a scalar value string, but HTML hands attribute values (DOMStrings)
            # to the parser: a lone surrogate is U+FFFD (encoded %EF%BF%BD, as URL() does).
            # (The fast path takes ASCII only.)
            input = convert_to_scalar_value_string(input)
        # Step 1.
        if url is None:
            url = URLRecord()
            stripped = input.strip(_C0_OR_SPACE)
            if on_error is not None and stripped != input:
                on_error("invalid-URL-unit", 0)
            input = stripped
        # Steps 2-3.
        if "\t" in input or "\n" in input or "\r" in input:
            found = _TAB_OR_NEWLINE.search(input)
            if on_error is not None and found is not None:
                on_error("invalid-URL-unit", found.start())
            input = _TAB_OR_NEWLINE.sub("", input)
        self.input = input
        self.base = base
        self.url = url
        self.state_override = state_override
        # Step 4.
        self.state = state_override or "scheme start state"
        # Step 5: the output encoding (UTF-16BE/LE and replacement become UTF-8).
        self.encoding = output_encoding(encoding)
        # Steps 6-8.
        self.buffer = ""
        self.at_sign_seen = self.inside_brackets = self.password_token_seen = False
        self.pointer = 0
        self.table = {
            "scheme start state": self.scheme_start_state,
            "scheme state": self.scheme_state,
            "no scheme state": self.no_scheme_state,
            "special relative or authority state": self.special_relative_or_authority_state,
            "path or authority state": self.path_or_authority_state,
            "relative state": self.relative_state,
            "relative slash state": self.relative_slash_state,
            "special authority slashes state": self.special_authority_slashes_state,
            "special authority ignore slashes state": self.special_authority_ignore_slashes_state,
            "authority state": self.authority_state,
            "host state": self.host_state,
            "hostname state": self.host_state,
            "port state": self.port_state,
            "file state": self.file_state,
            "file slash state": self.file_slash_state,
            "file host state": self.file_host_state,
            "path start state": self.path_start_state,
            "path state": self.path_state,
            "opaque path state": self.opaque_path_state,
            "query state": self.query_state,
            "fragment state": self.fragment_state,
        }

    # -- helpers ------------------------------------------------------------------------------

    def _error(self, name: str) -> None:
        if self.on_error is not None:
            self.on_error(name, self.pointer)

    def _remaining_starts_with(self, s: str) -> bool:
        return self.input.startswith(s, self.pointer + 1)

    def _take(self, run: re.Pattern[str], c: str) -> str:
        """The run of code points matching *run* that starts at c (or just c); the pointer
        moves to the run's last code point."""
        m = run.match(self.input, self.pointer)
        if m is None:
            return c
        self.pointer = m.end() - 1
        return m.group()

    def _check_url_units(self, start: int, end: int) -> None:
        # _check_url_unit for each code point of input[start:end]; leaves the pointer at end - 1.
        for m in _invalid_url_unit().finditer(self.input, start, end):
            self.pointer = m.start()
            self._error("invalid-URL-unit")
        self.pointer = end - 1

    def _host_parse(self, input: str, is_opaque: bool) -> Host | None:
        on_error = self.on_error
        pointer = self.pointer
        listener = None if on_error is None else (lambda name: on_error(name, pointer))
        return host_parse(input, is_opaque, listener)

    # -- the loop -----------------------------------------------------------------------------

    def run(self) -> URLRecord | None:
        """Step 9: keep running the state machine; step 10: return url."""
        input = self.input
        n = len(input)
        table = self.table
        while True:
            p = self.pointer
            c = input[p] if 0 <= p < n else EOF
            result = table[self.state](c)
            if result is not None:
                return None if result is _FAILURE else self.url
            if self.pointer >= n:
                return self.url
            self.pointer += 1

    # -- the states ---------------------------------------------------------------------------

    def scheme_start_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#scheme-start-state"""
        if c and c.isascii() and c.isalpha():
            self.buffer += c.lower()
            self.state = "scheme state"
        elif self.state_override is None:
            self.state = "no scheme state"
            self.pointer -= 1
        else:
            return _FAILURE
        return None

    def scheme_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#scheme-state"""
        url = self.url
        if c and c in _SCHEME_CHARS:
            self.buffer += self._take(_SCHEME_RUN, c).lower()
        elif c == ":":
            buffer = self.buffer
            if self.state_override is not None:
                if url.scheme in SPECIAL_SCHEMES and buffer not in SPECIAL_SCHEMES:
                    return _RETURN
                if url.scheme not in SPECIAL_SCHEMES and buffer in SPECIAL_SCHEMES:
                    return _RETURN
                if (url.includes_credentials or url.port is not None) and buffer == "file":
                    return _RETURN
                if url.scheme == "file" and url.host == "":
                    return _RETURN
            url.scheme = buffer
            if self.state_override is not None:
                if url.port is not None and url.port == SPECIAL_SCHEMES.get(url.scheme):
                    url.port = None
                return _RETURN
            self.buffer = ""
            if url.scheme == "file":
                if not self._remaining_starts_with("//"):
                    self._error("special-scheme-missing-following-solidus")
                self.state = "file state"
            elif url.scheme in SPECIAL_SCHEMES and self.base is not None and self.base.scheme == url.scheme:
                self.state = "special relative or authority state"
            elif url.scheme in SPECIAL_SCHEMES:
                self.state = "special authority slashes state"
            elif self._remaining_starts_with("/"):
                self.state = "path or authority state"
                self.pointer += 1
            else:
                url.path = ""
                self.state = "opaque path state"
        elif self.state_override is None:
            self.buffer = ""
            self.state = "no scheme state"
            self.pointer = -1  # start over from the first code point
        else:
            return _FAILURE
        return None

    def no_scheme_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#no-scheme-state"""
        base = self.base
        if base is None or (base.has_opaque_path and c != "#"):
            self._error("missing-scheme-non-relative-URL")
            return _FAILURE
        url = self.url
        if base.has_opaque_path and c == "#":
            url.scheme = base.scheme
            url.path = base.path
            url.query = base.query
            url.fragment = ""
            self.state = "fragment state"
        elif base.scheme != "file":
            self.state = "relative state"
            self.pointer -= 1
        else:
            self.state = "file state"
            self.pointer -= 1
        return None

    def special_relative_or_authority_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#special-relative-or-authority-state"""
        if c == "/" and self._remaining_starts_with("/"):
            self.state = "special authority ignore slashes state"
            self.pointer += 1
        else:
            self._error("special-scheme-missing-following-solidus")
            self.state = "relative state"
            self.pointer -= 1
        return None

    def path_or_authority_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#path-or-authority-state"""
        if c == "/":
            self.state = "authority state"
        else:
            self.state = "path state"
            self.pointer -= 1
        return None

    def relative_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#relative-state"""
        url, base = self.url, self.base
        assert base is not None and base.scheme != "file"
        url.scheme = base.scheme
        if c == "/":
            self.state = "relative slash state"
        elif url.scheme in SPECIAL_SCHEMES and c == "\\":
            self._error("invalid-reverse-solidus")
            self.state = "relative slash state"
        else:
            url.username = base.username
            url.password = base.password
            url.host = base.host
            url.port = base.port
            url.path = list(base.path)
            url.query = base.query
            if c == "?":
                url.query = ""
                self.state = "query state"
            elif c == "#":
                url.fragment = ""
                self.state = "fragment state"
            elif c != EOF:
                url.query = None
                shorten_path(url)
                self.state = "path state"
                self.pointer -= 1
        return None

    def relative_slash_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#relative-slash-state"""
        url, base = self.url, self.base
        assert base is not None
        if url.scheme in SPECIAL_SCHEMES and c in ("/", "\\") and c:
            if c == "\\":
                self._error("invalid-reverse-solidus")
            self.state = "special authority ignore slashes state"
        elif c == "/":
            self.state = "authority state"
        else:
            url.username = base.username
            url.password = base.password
            url.host = base.host
            url.port = base.port
            self.state = "path state"
            self.pointer -= 1
        return None

    def special_authority_slashes_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#special-authority-slashes-state"""
        if c == "/" and self._remaining_starts_with("/"):
            self.state = "special authority ignore slashes state"
            self.pointer += 1
        else:
            self._error("special-scheme-missing-following-solidus")
            self.state = "special authority ignore slashes state"
            self.pointer -= 1
        return None

    def special_authority_ignore_slashes_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#special-authority-ignore-slashes-state"""
        if c != "/" and c != "\\":
            self.state = "authority state"
            self.pointer -= 1
        else:
            self._error("special-scheme-missing-following-solidus")
        return None

    def authority_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#authority-state"""
        url = self.url
        if c == "@":
            self._error("invalid-credentials")
            if self.at_sign_seen:
                self.buffer = "%40" + self.buffer
            self.at_sign_seen = True
            # Percent-encode the buffer into username/password, splitting at the first ":"
            # unless a previous "@" section already saw the password token.
            buffer = self.buffer
            if not self.password_token_seen and ":" in buffer:
                user_part, _, password_part = buffer.partition(":")
                url.username += utf8_percent_encode(user_part, USERINFO_PERCENT_ENCODE_SET)
                self.password_token_seen = True
                url.password += utf8_percent_encode(password_part, USERINFO_PERCENT_ENCODE_SET)
            elif self.password_token_seen:
                url.password += utf8_percent_encode(buffer, USERINFO_PERCENT_ENCODE_SET)
            else:
                url.username += utf8_percent_encode(buffer, USERINFO_PERCENT_ENCODE_SET)
            self.buffer = ""
            # Each further "@" right after this one appends "%40" (its empty buffer, prefixed)
            # to the same field: do a run of them at once.
            end = self.pointer + 1
            input = self.input
            while end < len(input) and input[end] == "@":
                end += 1
            count = end - (self.pointer + 1)
            if count:
                for position in range(self.pointer + 1, end):
                    self.pointer = position
                    self._error("invalid-credentials")
                if self.password_token_seen:
                    url.password += "%40" * count
                else:
                    url.username += "%40" * count
        elif c == EOF or c in "/?#" or (c == "\\" and url.scheme in SPECIAL_SCHEMES):
            if self.at_sign_seen and self.buffer == "":
                self._error("host-missing")
                return _FAILURE
            self.pointer -= len(self.buffer) + 1
            self.buffer = ""
            self.state = "host state"
        else:
            self.buffer += self._take(_AUTHORITY_RUN, c)
        return None

    def host_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#host-state and https://url.spec.whatwg.org/#hostname-state"""
        url = self.url
        override = self.state_override
        if override is not None and url.scheme == "file":
            self.pointer -= 1
            self.state = "file host state"
        elif c == ":" and not self.inside_brackets:
            if self.buffer == "":
                self._error("host-missing")
                return _FAILURE
            if override == "hostname state":
                return _FAILURE
            host = self._host_parse(self.buffer, url.scheme not in SPECIAL_SCHEMES)
            if host is None:
                return _FAILURE
            url.host = host
            self.buffer = ""
            self.state = "port state"
        elif c == EOF or c in "/?#" or (c == "\\" and url.scheme in SPECIAL_SCHEMES):
            self.pointer -= 1
            if url.scheme in SPECIAL_SCHEMES and self.buffer == "":
                self._error("host-missing")
                return _FAILURE
            if (
                override is not None
                and self.buffer == ""
                and (url.includes_credentials or url.port is not None)
            ):
                return _FAILURE
            host = self._host_parse(self.buffer, url.scheme not in SPECIAL_SCHEMES)
            if host is None:
                return _FAILURE
            url.host = host
            self.buffer = ""
            self.state = "path start state"
            if override is not None:
                return _RETURN
        else:
            if c == "[":
                self.inside_brackets = True
            elif c == "]":
                self.inside_brackets = False
            else:
                c = self._take(_HOST_RUN_IN_BRACKETS if self.inside_brackets else _HOST_RUN, c)
            self.buffer += c
        return None

    hostname_state = host_state

    def port_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#port-state"""
        url = self.url
        if c and "0" <= c <= "9":
            self.buffer += self._take(_PORT_RUN, c)
        elif (
            c == EOF
            or c in "/?#"
            or (c == "\\" and url.scheme in SPECIAL_SCHEMES)
            or self.state_override is not None
        ):
            if self.buffer != "":
                # Leading zeros do not count; more than five digits are out of range anyway
                # (and int() refuses very long digit strings).
                digits = self.buffer.lstrip("0")
                port = int(digits or "0") if len(digits) <= 5 else 65536
                if port > 65535:
                    self._error("port-out-of-range")
                    return _FAILURE
                url.port = None if port == SPECIAL_SCHEMES.get(url.scheme, -1) else port
                self.buffer = ""
                if self.state_override is not None:
                    return _RETURN
            if self.state_override is not None:
                return _FAILURE
            self.state = "path start state"
            self.pointer -= 1
        else:
            self._error("port-invalid")
            return _FAILURE
        return None

    def file_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#file-state"""
        url, base = self.url, self.base
        url.scheme = "file"
        url.host = ""
        if c == "/" or c == "\\":
            if c == "\\":
                self._error("invalid-reverse-solidus")
            self.state = "file slash state"
        elif base is not None and base.scheme == "file":
            url.host = base.host
            url.path = list(base.path)
            url.query = base.query
            if c == "?":
                url.query = ""
                self.state = "query state"
            elif c == "#":
                url.fragment = ""
                self.state = "fragment state"
            elif c != EOF:
                url.query = None
                if not _starts_with_windows_drive_letter(self.input, self.pointer):
                    shorten_path(url)
                else:
                    self._error("file-invalid-Windows-drive-letter")
                    url.path = []
                self.state = "path state"
                self.pointer -= 1
        else:
            self.state = "path state"
            self.pointer -= 1
        return None

    def file_slash_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#file-slash-state"""
        url, base = self.url, self.base
        if c == "/" or c == "\\":
            if c == "\\":
                self._error("invalid-reverse-solidus")
            self.state = "file host state"
        else:
            if base is not None and base.scheme == "file":
                url.host = base.host
                if (
                    not _starts_with_windows_drive_letter(self.input, self.pointer)
                    and isinstance(base.path, list)
                    and base.path
                    and len(base.path[0]) == 2
                    and _is_windows_drive_letter(base.path[0])
                    and base.path[0][1] == ":"
                ):
                    path = url.path
                    assert isinstance(path, list)  # a file URL's path is a list
                    path.append(base.path[0])
            self.state = "path state"
            self.pointer -= 1
        return None

    def file_host_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#file-host-state"""
        url = self.url
        if c == EOF or c in "/\\?#":
            self.pointer -= 1
            if self.state_override is None and _is_windows_drive_letter(self.buffer):
                self._error("file-invalid-Windows-drive-letter-host")
                self.state = "path state"  # the buffer is kept and used by the path state
            elif self.buffer == "":
                url.host = ""
                if self.state_override is not None:
                    return _RETURN
                self.state = "path start state"
            else:
                host = self._host_parse(self.buffer, url.scheme not in SPECIAL_SCHEMES)
                if host is None:
                    return _FAILURE
                if host == "localhost":
                    host = ""
                url.host = host
                if self.state_override is not None:
                    return _RETURN
                self.buffer = ""
                self.state = "path start state"
        else:
            self.buffer += self._take(_FILE_HOST_RUN, c)
        return None

    def path_start_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#path-start-state"""
        url = self.url
        if url.scheme in SPECIAL_SCHEMES:
            if c == "\\":
                self._error("invalid-reverse-solidus")
            self.state = "path state"
            if c != "/" and c != "\\":
                self.pointer -= 1
        elif self.state_override is None and c == "?":
            url.query = ""
            self.state = "query state"
        elif self.state_override is None and c == "#":
            url.fragment = ""
            self.state = "fragment state"
        elif c != EOF:
            self.state = "path state"
            if c != "/":
                self.pointer -= 1
        elif self.state_override is not None and url.host is None:
            path = url.path
            assert isinstance(path, list)  # the path start state's URL has no opaque path
            path.append("")
        return None

    def path_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#path-state"""
        url = self.url
        special = url.scheme in SPECIAL_SCHEMES
        if (
            c == EOF
            or c == "/"
            or (special and c == "\\")
            or (self.state_override is None and (c == "?" or c == "#"))
        ):
            if special and c == "\\":
                self._error("invalid-reverse-solidus")
            buffer = self.buffer
            path = url.path
            assert isinstance(path, list)
            slash = c == "/" or (special and c == "\\")
            if _is_double_dot_segment(buffer):
                shorten_path(url)
                if not slash:
                    path.append("")
            elif _is_single_dot_segment(buffer):
                if not slash:
                    path.append("")
            else:
                if url.scheme == "file" and not path and _is_windows_drive_letter(buffer):
                    buffer = buffer[0] + ":"
                path.append(buffer)
            self.buffer = ""
            if c == "?":
                url.query = ""
                self.state = "query state"
            elif c == "#":
                url.fragment = ""
                self.state = "fragment state"
        else:
            start = self.pointer
            run = self._take(_PATH_RUN[special, self.state_override is not None], c)
            if self.on_error is not None:
                self._check_url_units(start, start + len(run))
            self.buffer += utf8_percent_encode(run, PATH_PERCENT_ENCODE_SET)
        return None

    def opaque_path_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state"""
        url = self.url
        if c == "?":
            url.query = ""
            self.state = "query state"
        elif c == "#":
            url.fragment = ""
            self.state = "fragment state"
        elif c != EOF:
            # The run up to the next "?" or "#", at once.  Each U+0020 SPACE is an
            # invalid-URL-unit and stays a space, except one right before "?" or "#", which
            # becomes "%20" (only the run's last code point can be that one).
            start = self.pointer
            run = self._take(_OPAQUE_PATH_RUN, c)
            end = start + len(run)
            if self.on_error is not None:
                self._check_url_units(start, end)
            encoded = utf8_percent_encode(run, C0_CONTROL_PERCENT_ENCODE_SET)
            if encoded[-1] == " " and end < len(self.input):
                encoded = encoded[:-1] + "%20"
            path = url.path
            assert isinstance(path, str)  # the opaque path state's URL has an opaque path
            url.path = path + encoded
        return None

    def query_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#query-state"""
        url = self.url
        if self.encoding != "UTF-8" and (url.scheme not in SPECIAL_SCHEMES or url.scheme in ("ws", "wss")):
            self.encoding = "UTF-8"
        if (self.state_override is None and c == "#") or c == EOF:
            encode_set = (
                SPECIAL_QUERY_PERCENT_ENCODE_SET if url.scheme in SPECIAL_SCHEMES else QUERY_PERCENT_ENCODE_SET
            )
            encoded = percent_encode_after_encoding(self.encoding, self.buffer, encode_set)
            url.query = (url.query or "") + encoded
            self.buffer = ""
            if c == "#":
                url.fragment = ""
                self.state = "fragment state"
        elif c != EOF:
            start = self.pointer
            run = self._take(_QUERY_RUN if self.state_override is None else _ANY_RUN, c)
            if self.on_error is not None:
                self._check_url_units(start, start + len(run))
            self.buffer += run
        return None

    def fragment_state(self, c: str) -> object:
        """https://url.spec.whatwg.org/#fragment-state"""
        if c != EOF:
            # Everything up to the end of input, at once.
            start = self.pointer
            run = self._take(_ANY_RUN, c)
            if self.on_error is not None:
                self._check_url_units(start, start + len(run))
            self.url.fragment = (self.url.fragment or "") + utf8_percent_encode(run, FRAGMENT_PERCENT_ENCODE_SET)
        return None
