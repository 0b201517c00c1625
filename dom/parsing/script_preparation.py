"""What the parser's "prepare the script element" leaves on scripts that never run here.

At each ``</script>`` end tag the tree builder prepares the script
(https://html.spec.whatwg.org/#parsing-main-incdata, https://html.spec.whatwg.org/#prepare-the-script-element).
Scripting is off in this package, so nothing executes, but the first steps still run and leave
the script's *force async* flag behind, which ``script.async`` reads:

* step 4 sets force async to true (a parser-inserted script without an ``async`` attribute);
* steps 6-13 return early for a script with no ``src`` and no text, one not connected (in
  template contents), or one whose type is not a script type (``text/template``);
* otherwise step 14 sets force async back to false.

So ``<script></script>`` and ``<script type="text/template">`` read ``async == true`` (WPT
html/semantics/scripting-1/the-script-element/async_011.htm).  A script the end of the input cut
short is never prepared (its "already started" flag is set instead) and keeps force async false,
as does a script in a fragment (the fragment parser marks scripts already started).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from html_infra.infra import ascii_case_insensitive_match, strip_leading_and_trailing_ascii_whitespace
from html_infra.mime import is_javascript_mime_type_essence_match

from ..html.elements import HTMLScriptElement
from ..memo import MemoKey
from ..nodes.document import Document
from ..nodes.identity import node_for
from .tag_starts import contains_tag, next_tag, tag_positions

if TYPE_CHECKING:
    from ..html.elements import HTMLTemplateElement

__all__ = ["prepare_parsed_scripts", "script_block_type"]


def script_block_type(lx: Any) -> str | None:
    """Steps 8-13 of "prepare the script element": the script's type ("classic", "module",
    "importmap", "speculationrules") or None (no script is executed)."""
    return _block_type(lx.get("type"), lx.get("language"))


@lru_cache(maxsize=256)  # a page's scripts repeat a few type attributes
def _block_type(type_attribute: str | None, language: str | None) -> str | None:
    if type_attribute == "" or (type_attribute is None and not language):  # step 8
        type_string = "text/javascript"
    elif type_attribute is not None:
        type_string = strip_leading_and_trailing_ascii_whitespace(type_attribute)
    else:
        type_string = f"text/{language}"  # (language is set here: step 8 took the other case)
    if is_javascript_mime_type_essence_match(type_string):  # step 9
        return "classic"
    for name in ("module", "importmap", "speculationrules"):  # steps 10-12
        if ascii_case_insensitive_match(type_string, name):
            return name
    return None  # step 13


def _force_async_after_preparation(lx: Any, connected: bool) -> bool:
    """Force async once the parser has prepared the script *lx* (steps 4-14)."""
    names = lx.keys()  # (one call for the four attributes looked at: most scripts have one or two)
    if "async" in names:  # step 4 does not apply; an async attribute clears it anyway
        return False
    # Step 6 reads the child text content: the parser gives a script one text node, lxml's text.
    if "src" not in names and not (lx.text or (len(lx) and "".join(lx.xpath("text()")))):
        return True
    if not connected:  # step 7
        return True
    if "type" not in names and "language" not in names:
        return False  # step 8: "text/javascript", a JavaScript MIME type (step 14 clears the flag)
    return script_block_type(lx) is None  # steps 8-13 return; step 14 clears it


# The HTML script elements of a document's tree as its parser made them, in tree order
# (note_parsed_scripts): valid until the document's next mutation, they spare the pass a walk
# over every element.
PARSED_SCRIPTS = MemoKey("script elements as parsed")


def note_parsed_scripts(document: Document, scripts: list[Any]) -> None:
    """Remember *scripts*, the lxml elements of every HTML ``script`` element of *document*'s
    tree in tree order, as the parser that built the tree found them."""
    document._memo_store(PARSED_SCRIPTS, None, scripts)


def prepare_parsed_scripts(document: Document, text: str, templates: bool = True) -> None:
    """Give every script the parser made in *document* (parsed from *text*) the force async
    flag its preparation leaves.  Only scripts whose flag ends up true get a wrapper now.
    *templates* false: the tree has no template element (its contents need no visit)."""
    root = document.documentElement
    if root is None:
        return
    parsed = document._memo_entry(PARSED_SCRIPTS, None)
    if parsed is not None and parsed[0] == document._version:  # the parser's list: no search needed
        scripts = list(parsed[1])
        may_end_in_one = bool(scripts) and _may_end_in_script(text, scripts[-1])
    elif contains_tag(text, "<script"):  # (no script start tag, no script element)
        scripts = list(root._lx.iter("script"))  # HTML elements are stored under their local name
        may_end_in_one = bool(scripts)
    else:
        return
    if may_end_in_one and _cut_short_by_end_of_input(text):
        scripts.pop()  # the last one never saw its end tag
    _mark(scripts, document, connected=True)
    # (no template start tag, no template element: most pages skip this walk over the tree)
    has_templates = templates and contains_tag(text, "<template")
    pending = [node_for(t, document) for t in root._lx.iter("template")] if has_templates else []
    while pending:  # scripts in template contents are prepared too, as not connected
        content = cast("HTMLTemplateElement", pending.pop()).content
        _mark(list(content._lx.iter("script")), content._doc, connected=False)
        pending.extend(node_for(t, content._doc) for t in content._lx.iter("template"))


def _mark(scripts: list[Any], document: Any, connected: bool) -> None:
    for lx in scripts:
        if _force_async_after_preparation(lx, connected):
            script = node_for(lx, document)
            if isinstance(script, HTMLScriptElement):  # always: lxml's "script" is the HTML one
                script._force_async = True


def _cut_short_by_end_of_input(text: str) -> bool:
    """Whether the input ends inside a script's text: its last ``<script`` start tag has no
    ``</script`` after it (https://html.spec.whatwg.org/#parsing-main-incdata: an end-of-file
    token sets the script's "already started" instead of preparing it)."""
    starts = tag_positions(text, "<script")
    if not starts:
        return False
    return next_tag(text, "</script", starts[-1] + len("<script") + 1) < 0


# How many of the input's last characters _may_end_in_script compares.
_TAIL = 64


def _may_end_in_script(text: str, last: Any) -> bool:
    """False where the input cannot end inside *last*, the last script in tree order (as the C
    tree builder stored it: its text is the parser's, unescaped), told without searching *text*:
    cut short, the script's text is all the input after its start tag, so the input's last
    characters are its text's, where the input stream's preprocessing changed none of them
    (https://html.spec.whatwg.org/#preprocessing-the-input-stream turns CR into LF, and
    https://html.spec.whatwg.org/#script-data-state U+0000 into U+FFFD); with no text, the input
    ends with the start tag's ">"."""
    content = last.text
    if not content:
        return text.endswith(">")
    n = min(len(content), _TAIL)
    tail = text[-n:]
    return "\r" in tail or "\0" in tail or tail == content[-n:]
