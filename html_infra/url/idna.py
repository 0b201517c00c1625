"""Domain to ASCII / to Unicode: UTS #46 processing with the URL Standard's flags.

https://url.spec.whatwg.org/#idna and https://www.unicode.org/reports/tr46/#Processing

The mapping data (status and replacement of every code point) comes from the ``idna``
package's UTS #46 table, a well-kept generated copy of the Unicode data; the processing
steps and validity criteria are written here because ``idna.encode()`` applies IDNA2008 rules
and different flags than the URL Standard asks for.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any

from .punycode import punycode_decode, punycode_encode

# NFC, general categories and bidi classes must come from the same Unicode version as the
# mapping table (``UTS46_VERSION``); the standard library's unicodedata lags behind Python's
# release (Unicode 14 in 3.11), so the unicodedata2 backport is preferred when installed.
if TYPE_CHECKING:
    import unicodedata  # unicodedata2 ships no stubs; its API is the standard module's
else:
    try:
        import unicodedata2 as unicodedata
    except ImportError:  # pragma: no cover - depends on the environment
        import unicodedata

UNICODE_DATA_VERSION: str = unicodedata.unidata_version

__all__ = ["UNICODE_DATA_VERSION", "UTS46_VERSION", "unicode_to_ascii", "unicode_to_unicode"]  # noqa: F822 (__getattr__)

_VALID, _MAPPED, _DEVIATION, _IGNORED = b"VMDI"
_STD3_ASCII = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


# The idna package's table (uts46_starts, uts46_statuses, uts46_replacements), loaded when a
# non-ASCII domain first needs it: importing it takes ~5 ms, and ASCII domains never read it.
_table: tuple[Any, Any, Any] | None = None


def _load_table() -> tuple[Any, Any, Any]:
    global _table
    from idna.uts46data import uts46_replacements, uts46_starts, uts46_statuses  # lazy: see _table

    _table = (uts46_starts, uts46_statuses, uts46_replacements)
    return _table


def __getattr__(name: str) -> str:
    """UTS46_VERSION, the Unicode version of the table, read from it on first use."""
    if name == "UTS46_VERSION":
        from idna.uts46data import __version__  # lazy: see _table

        return str(__version__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _status(cp: int) -> tuple[int, str | None]:
    starts, statuses, replacements = _table or _load_table()
    i = cp if cp < 256 else bisect.bisect_right(starts, cp) - 1
    return statuses[i], replacements[i]


def _map(domain: str) -> tuple[str, bool]:
    """UTS #46 §4 step 1 (Map), non-transitional: returns (mapped, error)."""
    if domain.isascii():
        return domain.lower(), False  # the only ASCII mappings are A-Z -> a-z
    out = []
    error = False
    for c in domain:
        status, replacement = _status(ord(c))
        if status == _VALID or status == _DEVIATION:
            out.append(c)
        elif status == _MAPPED:
            out.append(replacement or "")
        elif status == _IGNORED:
            pass
        else:  # disallowed: record an error, keep the code point
            error = True
            out.append(c)
    return "".join(out), error


def _is_bidi_domain(labels: list[str]) -> bool:
    # RFC 5893 §1.4: a domain with at least one RTL label (a character of class R, AL or AN).
    bidi = unicodedata.bidirectional
    return any(bidi(c) in ("R", "AL", "AN") for label in labels for c in label if not c.isascii())


def _bidi_rule(label: str) -> bool:
    """RFC 5893 §2, the Bidi Rule, for one label of a Bidi domain name."""
    if not label:
        return True
    bidi = unicodedata.bidirectional
    classes = [bidi(c) for c in label]
    first = classes[0]
    if first in ("R", "AL"):  # an RTL label
        allowed = {"R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"}
        if any(c not in allowed for c in classes):  # rule 2
            return False
        i = len(classes) - 1
        while i >= 0 and classes[i] == "NSM":
            i -= 1
        if i < 0 or classes[i] not in ("R", "AL", "EN", "AN"):  # rule 3
            return False
        if "EN" in classes and "AN" in classes:  # rule 4
            return False
        return True
    if first == "L":  # an LTR label
        allowed = {"L", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"}
        if any(c not in allowed for c in classes):  # rule 5
            return False
        i = len(classes) - 1
        while i >= 0 and classes[i] == "NSM":
            i -= 1
        return i >= 0 and classes[i] in ("L", "EN")  # rule 6
    return False  # rule 1: the first character must be L, R or AL


def _valid_joiners(label: str) -> bool:
    from idna import core as _idna_core  # lazy: only labels with a joiner need its CONTEXTJ rule

    for pos, c in enumerate(label):
        if c in "\u200c\u200d":
            try:
                if not _idna_core.valid_contextj(label, pos):
                    return False
            except Exception:  # idna refuses over-long labels / unnamed code points
                return False
    return True


def _label_is_valid(label: str, check_hyphens: bool, check_joiners: bool, use_std3: bool) -> bool:
    """UTS #46 §4.1 Validity Criteria (non-transitional), except the Bidi check."""
    if unicodedata.normalize("NFC", label) != label:  # 1
        return False
    if check_hyphens:  # 2
        if label[2:4] == "--" or label.startswith("-") or label.endswith("-"):
            return False
    elif label.startswith("xn--"):  # 3
        return False
    if "." in label:  # 4
        return False
    if label and unicodedata.category(label[0]).startswith("M"):  # 5
        return False
    for c in label:  # 6
        if c.isascii():
            if use_std3 and c not in _STD3_ASCII:
                return False
            continue
        status, _ = _status(ord(c))
        if status != _VALID and status != _DEVIATION:
            return False
    if check_joiners and not _valid_joiners(label):  # 7
        return False
    return True


def _process(
    domain: str, check_hyphens: bool, check_bidi: bool, check_joiners: bool, use_std3: bool
) -> tuple[list[str], bool]:
    """UTS #46 §4 Processing: returns the (Unicode) labels and whether an error was recorded."""
    mapped, error = _map(domain)  # step 1
    if not mapped.isascii():
        mapped = unicodedata.normalize("NFC", mapped)  # step 2
    labels = mapped.split(".")  # step 3
    for i, label in enumerate(labels):  # step 4
        if label.startswith("xn--"):
            if not label.isascii():
                error = True
                continue
            decoded = punycode_decode(label[4:])
            if decoded is None:
                error = True
                continue
            if not decoded or decoded.isascii():
                error = True
            labels[i] = decoded
            if not _label_is_valid(decoded, check_hyphens, check_joiners, use_std3):
                error = True
        elif not _label_is_valid(label, check_hyphens, check_joiners, use_std3):
            error = True
    if check_bidi and not error and _is_bidi_domain(labels):
        if not all(_bidi_rule(label) for label in labels):
            error = True
    return labels, error


def unicode_to_ascii(
    domain: str,
    *,
    check_hyphens: bool,
    check_bidi: bool,
    check_joiners: bool,
    use_std3_ascii_rules: bool,
    verify_dns_length: bool,
) -> str | None:
    """https://www.unicode.org/reports/tr46/#ToASCII (Transitional_Processing false,
    IgnoreInvalidPunycode false); returns None where UTS #46 records an error."""
    labels, error = _process(domain, check_hyphens, check_bidi, check_joiners, use_std3_ascii_rules)
    if error:
        return None
    out = []
    for label in labels:
        if label.isascii():
            out.append(label)
        else:
            out.append("xn--" + punycode_encode(label))  # linear-ish: Python's codec is O(n²)
    result = ".".join(out)
    if verify_dns_length:
        trimmed = result[:-1] if result.endswith(".") else result
        if not 1 <= len(trimmed) <= 253 or any(not 1 <= len(label) <= 63 for label in trimmed.split(".")):
            return None
    return result


def unicode_to_unicode(
    domain: str, *, check_hyphens: bool, check_bidi: bool, check_joiners: bool, use_std3_ascii_rules: bool
) -> tuple[str, bool]:
    """https://www.unicode.org/reports/tr46/#ToUnicode: (result, error recorded)."""
    labels, error = _process(domain, check_hyphens, check_bidi, check_joiners, use_std3_ascii_rules)
    return ".".join(labels), error
