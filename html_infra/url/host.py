"""Hosts: parsing and serializing (https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)).

A host is represented as:

* ``str``: a domain, an opaque host, or the empty host ("");
* :class:`IPv4Address` (an ``int`` subclass, the 32-bit value);
* :class:`IPv6Address` (a ``tuple`` subclass of eight 16-bit pieces).

Validation errors are reported through ``on_error(name)`` when a listener is given.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from ..infra import ASCII_HEX_DIGITS
from .idna import unicode_to_ascii, unicode_to_unicode
from .percent_encoding import C0_CONTROL_PERCENT_ENCODE_SET, string_percent_decode, utf8_percent_encode

__all__ = [
    "Host",
    "IPv4Address",
    "IPv6Address",
    "host_parse",
    "opaque_host_parse",
    "ipv4_parse",
    "ipv4_number_parse",
    "ipv6_parse",
    "ends_in_a_number",
    "domain_to_ascii",
    "domain_to_unicode",
    "serialize_host",
    "serialize_ipv4",
    "serialize_ipv6",
    "FORBIDDEN_HOST_CODE_POINTS",
    "FORBIDDEN_DOMAIN_CODE_POINTS",
]

OnError = Callable[[str], None] | None


class IPv4Address(int):
    """https://url.spec.whatwg.org/#concept-ipv4 -- a 32-bit unsigned integer."""

    __slots__ = ()

    def __str__(self) -> str:
        return serialize_ipv4(self)

    def __repr__(self) -> str:
        return f"IPv4Address({serialize_ipv4(self)!r})"


class IPv6Address(tuple[int, ...]):
    """https://url.spec.whatwg.org/#concept-ipv6 -- eight 16-bit pieces."""

    __slots__ = ()

    def __str__(self) -> str:
        return serialize_ipv6(self)

    def __repr__(self) -> str:
        return f"IPv6Address({serialize_ipv6(self)!r})"


Host = str | IPv4Address | IPv6Address

# https://url.spec.whatwg.org/#forbidden-host-code-point
FORBIDDEN_HOST_CODE_POINTS = frozenset("\x00\t\n\r #/:<>?@[\\]^|")
# https://url.spec.whatwg.org/#forbidden-domain-code-point
FORBIDDEN_DOMAIN_CODE_POINTS = FORBIDDEN_HOST_CODE_POINTS | frozenset(
    [chr(i) for i in range(0x20)] + ["%", "\x7f"]
)
_FORBIDDEN_HOST_RE = re.compile(r"[\x00\t\n\r #/:<>?@\[\\\]^|]")
_FORBIDDEN_DOMAIN_RE = re.compile(r"[\x00-\x20#%/:<>?@\[\\\]^|\x7f]")
# Not a URL code point and not "%": used for the opaque host's invalid-URL-unit errors, which
# only a caller listening for validation errors asks for (compiled then: its classes over the
# astral planes take ~2 ms to compile, as much as every other pattern of the URL parser).
_NON_URL_UNIT = (
    "[^0-9A-Za-z!$&'()*+,\\-./:;=?@_~%\u00a0-\ud7ff\ue000-\ufdcf\ufdf0-\ufffd\U00010000-\U0010fffd]"
    "|[\ufffe\uffff\U0001fffe\U0001ffff\U0002fffe\U0002ffff\U0003fffe\U0003ffff\U0004fffe\U0004ffff"
    "\U0005fffe\U0005ffff\U0006fffe\U0006ffff\U0007fffe\U0007ffff\U0008fffe\U0008ffff\U0009fffe"
    "\U0009ffff\U000afffe\U000affff\U000bfffe\U000bffff\U000cfffe\U000cffff\U000dfffe\U000dffff"
    "\U000efffe\U000effff\U000ffffe\U000fffff]"
)


@cache
def _non_url_unit() -> re.Pattern[str]:
    return re.compile(_NON_URL_UNIT)


_BAD_PERCENT = re.compile("%(?![0-9A-Fa-f]{2})")


def host_parse(input: str, is_opaque: bool = False, on_error: OnError = None) -> Host | None:
    """https://url.spec.whatwg.org/#concept-host-parser -- a host, or None for failure."""
    # Step 1: an IPv6 address in brackets.
    if input.startswith("["):
        if not input.endswith("]"):
            if on_error:
                on_error("IPv6-unclosed")
            return None
        return ipv6_parse(input[1:-1], on_error)
    # Step 2.
    if is_opaque:
        return opaque_host_parse(input, on_error)
    # Step 3: assert input is not empty (the URL parser guarantees it).
    # Steps 4-5: percent-decode, then UTF-8 decode without BOM (replacement for bad bytes; the
    # domain parser then fails on the U+FFFD).
    if "%" in input:
        if on_error and re.search("%[0-9A-Fa-f]{2}", input):
            on_error("domain-percent-encoded")
        domain = string_percent_decode(input).decode("utf-8", "replace")
    else:
        domain = input
    # Step 6-7.
    ascii_domain = domain_to_ascii(domain, False, on_error)
    if ascii_domain is None:
        return None
    # Step 8.  The current standard (after the 2026 snapshot in ../shared/specs) also reports
    # IPv4-non-ASCII-input when IDNA mapping made the address ("１.２.３.４", "127。0。0。1"), so
    # the parser agrees with "valid host string", which only admits ASCII digits and dots.
    if ends_in_a_number(ascii_domain):
        if on_error and not domain.isascii():
            on_error("IPv4-non-ASCII-input")
        return ipv4_parse(ascii_domain, on_error)
    return ascii_domain


_ASCII_LABEL_FAST = re.compile(r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?")


def _strict_ascii_shortcut(domain: str) -> bool:
    # Lowercase LDH labels without "--" in positions 3-4 (CheckHyphens; this also excludes
    # "xn--"), within the DNS lengths: strict UTS #46 ToASCII returns these unchanged.
    if not _ASCII_LABEL_FAST.fullmatch(domain):
        return False
    trimmed = domain[:-1] if domain.endswith(".") else domain
    if len(trimmed) > 253:
        return False
    return all(len(label) <= 63 and label[2:4] != "--" for label in trimmed.split("."))


def domain_to_ascii(domain: str, be_strict: bool = False, on_error: OnError = None) -> str | None:
    """https://url.spec.whatwg.org/#concept-domain-to-ascii (the "domain parser")."""
    # Steps 1-2: the strict pass only produces a validation error, so skip it when nobody
    # listens -- except when be_strict is true, where its result is the answer.
    if on_error is not None or be_strict:
        if _strict_ascii_shortcut(domain):
            strict_result: str | None = domain
        else:
            strict_result = unicode_to_ascii(
                domain,
                check_hyphens=True,
                check_bidi=True,
                check_joiners=True,
                use_std3_ascii_rules=True,
                verify_dns_length=True,
            )
        if strict_result is None and on_error is not None:
            on_error("domain-to-ASCII")
        # Step 3.
        if be_strict:
            return strict_result
    # Steps 5-6.
    if domain.isascii():
        result = domain.lower()  # web compatibility: ASCII input is only lowercased
    else:
        converted = unicode_to_ascii(
            domain,
            check_hyphens=False,
            check_bidi=True,
            check_joiners=True,
            use_std3_ascii_rules=False,
            verify_dns_length=False,
        )
        if converted is None:
            return None
        result = converted
    # Steps 7-8.
    if result == "" or _FORBIDDEN_DOMAIN_RE.search(result):
        return None
    return result


def domain_to_unicode(domain: str) -> str:
    """https://url.spec.whatwg.org/#concept-domain-to-unicode"""
    result, error = unicode_to_unicode(
        domain, check_hyphens=False, check_bidi=True, check_joiners=True, use_std3_ascii_rules=False
    )
    return domain if error else result


def ends_in_a_number(input: str) -> bool:
    """https://url.spec.whatwg.org/#ends-in-a-number-checker"""
    parts = input.split(".")
    if parts[-1] == "":
        if len(parts) == 1:
            return False
        parts.pop()
    last = parts[-1]
    if last != "" and last.isascii() and last.isdigit():
        return True
    return ipv4_number_parse(last) is not None


_RADIX_DIGITS = {8: "01234567", 10: "0123456789", 16: "0123456789abcdefABCDEF"}


def ipv4_number_parse(input: str) -> tuple[int, bool] | None:
    """https://url.spec.whatwg.org/#ipv4-number-parser -> (number, validationError) or None."""
    if input == "":
        return None
    validation_error = False
    radix = 10
    if len(input) >= 2 and input[:2] in ("0x", "0X"):
        validation_error = True
        input = input[2:]
        radix = 16
    elif len(input) >= 2 and input[0] == "0":
        validation_error = True
        input = input[1:]
        radix = 8
    if input == "":
        return 0, True
    digits = _RADIX_DIGITS[radix]
    for c in input:
        if c not in digits:
            return None
    significant = input.lstrip("0")
    if len(significant) > 16:
        # Far above any valid part (< 2**32); the IPv4 parser only compares it with bounds, and
        # int() refuses decimal strings over 4300 digits.
        return 2**64, validation_error
    return int(significant or "0", radix), validation_error


def ipv4_parse(input: str, on_error: OnError = None) -> IPv4Address | None:
    """https://url.spec.whatwg.org/#concept-ipv4-parser"""
    parts = input.split(".")
    if parts[-1] == "":
        if on_error:
            on_error("IPv4-empty-part")
        if len(parts) > 1:
            parts.pop()
    if len(parts) < 4 and on_error:
        on_error("IPv4-too-few-parts")
    if len(parts) > 4:
        if on_error:
            on_error("IPv4-too-many-parts")
        return None
    numbers = []
    for part in parts:
        result = ipv4_number_parse(part)
        if result is None:
            if on_error:
                on_error("IPv4-non-numeric-part")
            return None
        if result[1] and on_error:
            on_error("IPv4-non-decimal-part")
        numbers.append(result[0])
    if on_error and any(n > 255 for n in numbers):
        on_error("IPv4-out-of-range-part")
    if any(n > 255 for n in numbers[:-1]):
        return None
    if numbers[-1] >= 256 ** (5 - len(numbers)):
        return None
    ipv4 = numbers[-1]
    for counter, n in enumerate(numbers[:-1]):
        ipv4 += n * 256 ** (3 - counter)
    return IPv4Address(ipv4)


def ipv6_parse(input: str, on_error: OnError = None) -> IPv6Address | None:
    """https://url.spec.whatwg.org/#concept-ipv6-parser"""

    # Typed as the parser's result so ``return fail(...)`` reads as the spec's "return failure".
    def fail(name: str) -> IPv6Address | None:
        if on_error:
            on_error(name)
        return None

    address = [0] * 8
    piece_index = 0
    compress: int | None = None
    pointer = 0
    n = len(input)

    def c_at(p: int) -> str:
        return input[p] if p < n else ""  # "" is the EOF code point

    if c_at(0) == ":":
        if c_at(1) != ":":
            return fail("IPv6-invalid-compression")
        pointer += 2
        piece_index += 1
        compress = piece_index
    while c_at(pointer) != "":
        if piece_index == 8:
            return fail("IPv6-too-many-pieces")
        if c_at(pointer) == ":":
            if compress is not None:
                return fail("IPv6-multiple-compression")
            pointer += 1
            piece_index += 1
            compress = piece_index
            continue
        value = length = 0
        while length < 4 and c_at(pointer) != "" and c_at(pointer) in ASCII_HEX_DIGITS:
            value = value * 0x10 + int(c_at(pointer), 16)
            pointer += 1
            length += 1
        if c_at(pointer) == ".":
            if length == 0:
                return fail("IPv4-in-IPv6-invalid-code-point")
            pointer -= length
            if piece_index > 6:
                return fail("IPv4-in-IPv6-too-many-pieces")
            numbers_seen = 0
            while c_at(pointer) != "":
                ipv4_piece: int | None = None
                if numbers_seen > 0:
                    if c_at(pointer) == "." and numbers_seen < 4:
                        pointer += 1
                    else:
                        return fail("IPv4-in-IPv6-invalid-code-point")
                if not ("0" <= c_at(pointer) <= "9" and c_at(pointer) != ""):
                    return fail("IPv4-in-IPv6-invalid-code-point")
                while c_at(pointer) != "" and "0" <= c_at(pointer) <= "9":
                    number = int(c_at(pointer))
                    if ipv4_piece is None:
                        ipv4_piece = number
                    elif ipv4_piece == 0:
                        return fail("IPv4-in-IPv6-invalid-code-point")
                    else:
                        ipv4_piece = ipv4_piece * 10 + number
                    if ipv4_piece > 255:
                        return fail("IPv4-in-IPv6-out-of-range-part")
                    pointer += 1
                assert ipv4_piece is not None
                address[piece_index] = address[piece_index] * 0x100 + ipv4_piece
                numbers_seen += 1
                if numbers_seen in (2, 4):
                    piece_index += 1
            if numbers_seen != 4:
                return fail("IPv4-in-IPv6-too-few-parts")
            break
        elif c_at(pointer) == ":":
            pointer += 1
            if c_at(pointer) == "":
                return fail("IPv6-invalid-code-point")
        elif c_at(pointer) != "":
            return fail("IPv6-invalid-code-point")
        if length > 1 and value < 0x10 ** (length - 1) and on_error:
            on_error("IPv6-piece-leading-zero")
        address[piece_index] = value
        piece_index += 1
    if compress is not None:
        swaps = piece_index - compress
        piece_index = 7
        while piece_index != 0 and swaps > 0:
            address[piece_index], address[compress + swaps - 1] = address[compress + swaps - 1], address[piece_index]
            piece_index -= 1
            swaps -= 1
    elif piece_index != 8:
        return fail("IPv6-too-few-pieces")
    return IPv6Address(address)


def opaque_host_parse(input: str, on_error: OnError = None) -> str | None:
    """https://url.spec.whatwg.org/#concept-opaque-host-parser"""
    if _FORBIDDEN_HOST_RE.search(input):
        if on_error:
            on_error("host-invalid-code-point")
        return None
    if on_error:
        if _non_url_unit().search(input):
            on_error("invalid-URL-unit")
        if _BAD_PERCENT.search(input):
            on_error("invalid-URL-unit")
    return utf8_percent_encode(input, C0_CONTROL_PERCENT_ENCODE_SET)


def serialize_ipv4(address: int) -> str:
    """https://url.spec.whatwg.org/#concept-ipv4-serializer"""
    return f"{address >> 24}.{(address >> 16) & 255}.{(address >> 8) & 255}.{address & 255}"


def _compressed_piece_index(address: tuple[int, ...]) -> int | None:
    """https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index"""
    longest_index, longest_size = None, 1
    found_index, found_size = None, 0
    for i, piece in enumerate(address):
        if piece != 0:
            if found_size > longest_size:
                longest_index, longest_size = found_index, found_size
            found_index, found_size = None, 0
        else:
            if found_index is None:
                found_index = i
            found_size += 1
    if found_size > longest_size:
        return found_index
    return longest_index


def serialize_ipv6(address: tuple[int, ...]) -> str:
    """https://url.spec.whatwg.org/#concept-ipv6-serializer"""
    output = []
    compress = _compressed_piece_index(address)
    ignore0 = False
    for i, piece in enumerate(address):
        if ignore0 and piece == 0:
            continue
        ignore0 = False
        if compress == i:
            output.append("::" if i == 0 else ":")
            ignore0 = True
            continue
        output.append(f"{piece:x}")
        if i != 7:
            output.append(":")
    return "".join(output)


def serialize_host(host: Host) -> str:
    """https://url.spec.whatwg.org/#concept-host-serializer"""
    if isinstance(host, IPv4Address):
        return serialize_ipv4(host)
    if isinstance(host, IPv6Address):
        return f"[{serialize_ipv6(host)}]"
    return host
