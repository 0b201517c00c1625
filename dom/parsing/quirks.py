"""The document's mode from its DOCTYPE token
(https://html.spec.whatwg.org/#the-initial-insertion-mode, "A DOCTYPE token").

The default parser's builder asks this of the DOCTYPE token the tokenizer reads again (the tree
does not keep the force-quirks flag, nor whether an identifier was missing); identifiers are
compared ASCII case-insensitively, and an empty system identifier is not a missing one.
"""

from __future__ import annotations

from html_infra.infra import ascii_lowercase

__all__ = ["doctype_mode"]

# "The public identifier is set to: ..."
_QUIRKS_PUBLIC_IDS = frozenset(ascii_lowercase(s) for s in (
    "-//W3O//DTD W3 HTML Strict 3.0//EN//", "-/W3C/DTD HTML 4.0 Transitional/EN", "HTML",
))
# "The system identifier is set to: ..."
_QUIRKS_SYSTEM_ID = "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd"
# "The public identifier starts with: ..."
_QUIRKS_PUBLIC_PREFIXES = tuple(ascii_lowercase(s) for s in (
    "+//Silmaril//dtd html Pro v0r11 19970101//",
    "-//AS//DTD HTML 3.0 asWedit + extensions//",
    "-//AdvaSoft Ltd//DTD HTML 3.0 asWedit + extensions//",
    "-//IETF//DTD HTML 2.0 Level 1//",
    "-//IETF//DTD HTML 2.0 Level 2//",
    "-//IETF//DTD HTML 2.0 Strict Level 1//",
    "-//IETF//DTD HTML 2.0 Strict Level 2//",
    "-//IETF//DTD HTML 2.0 Strict//",
    "-//IETF//DTD HTML 2.0//",
    "-//IETF//DTD HTML 2.1E//",
    "-//IETF//DTD HTML 3.0//",
    "-//IETF//DTD HTML 3.2 Final//",
    "-//IETF//DTD HTML 3.2//",
    "-//IETF//DTD HTML 3//",
    "-//IETF//DTD HTML Level 0//",
    "-//IETF//DTD HTML Level 1//",
    "-//IETF//DTD HTML Level 2//",
    "-//IETF//DTD HTML Level 3//",
    "-//IETF//DTD HTML Strict Level 0//",
    "-//IETF//DTD HTML Strict Level 1//",
    "-//IETF//DTD HTML Strict Level 2//",
    "-//IETF//DTD HTML Strict Level 3//",
    "-//IETF//DTD HTML Strict//",
    "-//IETF//DTD HTML//",
    "-//Metrius//DTD Metrius Presentational//",
    "-//Microsoft//DTD Internet Explorer 2.0 HTML Strict//",
    "-//Microsoft//DTD Internet Explorer 2.0 HTML//",
    "-//Microsoft//DTD Internet Explorer 2.0 Tables//",
    "-//Microsoft//DTD Internet Explorer 3.0 HTML Strict//",
    "-//Microsoft//DTD Internet Explorer 3.0 HTML//",
    "-//Microsoft//DTD Internet Explorer 3.0 Tables//",
    "-//Netscape Comm. Corp.//DTD HTML//",
    "-//Netscape Comm. Corp.//DTD Strict HTML//",
    "-//O'Reilly and Associates//DTD HTML 2.0//",
    "-//O'Reilly and Associates//DTD HTML Extended 1.0//",
    "-//O'Reilly and Associates//DTD HTML Extended Relaxed 1.0//",
    "-//SQ//DTD HTML 2.0 HoTMetaL + extensions//",
    "-//SoftQuad Software//DTD HoTMetaL PRO 6.0::19990601::extensions to HTML 4.0//",
    "-//SoftQuad//DTD HoTMetaL PRO 4.0::19971010::extensions to HTML 4.0//",
    "-//Spyglass//DTD HTML 2.0 Extended//",
    "-//Sun Microsystems Corp.//DTD HotJava HTML//",
    "-//Sun Microsystems Corp.//DTD HotJava Strict HTML//",
    "-//W3C//DTD HTML 3 1995-03-24//",
    "-//W3C//DTD HTML 3.2 Draft//",
    "-//W3C//DTD HTML 3.2 Final//",
    "-//W3C//DTD HTML 3.2//",
    "-//W3C//DTD HTML 3.2S Draft//",
    "-//W3C//DTD HTML 4.0 Frameset//",
    "-//W3C//DTD HTML 4.0 Transitional//",
    "-//W3C//DTD HTML Experimental 19960712//",
    "-//W3C//DTD HTML Experimental 970421//",
    "-//W3C//DTD W3 HTML//",
    "-//W3O//DTD W3 HTML 3.0//",
    "-//WebTechs//DTD Mozilla HTML 2.0//",
    "-//WebTechs//DTD Mozilla HTML//",
))
# Quirks without a system identifier, limited quirks with one.
_HTML401_PREFIXES = ("-//w3c//dtd html 4.01 frameset//", "-//w3c//dtd html 4.01 transitional//")
_LIMITED_QUIRKS_PREFIXES = ("-//w3c//dtd xhtml 1.0 frameset//", "-//w3c//dtd xhtml 1.0 transitional//")


def doctype_mode(name: str | None, public_id: str | None, system_id: str | None, force_quirks: bool) -> str:
    """"quirks", "limited-quirks" or "no-quirks" for a DOCTYPE token (None: a missing name or
    identifier)."""
    public = ascii_lowercase(public_id) if public_id is not None else None
    system = ascii_lowercase(system_id) if system_id is not None else None
    if force_quirks or name != "html":
        return "quirks"
    if public is not None and (public in _QUIRKS_PUBLIC_IDS or public.startswith(_QUIRKS_PUBLIC_PREFIXES)):
        return "quirks"
    if system == _QUIRKS_SYSTEM_ID:
        return "quirks"
    if public is not None and public.startswith(_HTML401_PREFIXES) and not system:
        return "quirks"
    if public is not None and (public.startswith(_LIMITED_QUIRKS_PREFIXES)
                               or (public.startswith(_HTML401_PREFIXES) and system)):
        return "limited-quirks"
    return "no-quirks"
