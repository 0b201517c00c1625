"""The parser's form element pointer, replayed over a finished tree.

When the tree builder creates a form-associated element while its form element pointer is set
(and no ``template`` is open), it associates the element with that form
(https://html.spec.whatwg.org/#create-an-element-for-the-token, the step on form-associated
elements).  The pointer is set by a ``<form>`` start tag and cleared only by a ``</form>`` end
tag (https://html.spec.whatwg.org/#parsing-main-inbody), so a form the parser closed early keeps
collecting controls that end up outside it::

    <table><tr><form id=f><td><input>      in a table the form is inserted and popped at once
    <div><form id=f></div><input>          </div> pops the form; the pointer stays

No backend reports its pointer, so it is replayed: the tokenizer's start and end tags, read in
source order, say when the pointer was set and cleared, and the k-th ``<form>`` (or ``<input>``,
...) start tag that made an element is the k-th such element of the tree in document order,
checked attribute by attribute.  Where that pairing does not hold (foster parenting reordered
two controls of one kind, a start tag the tree builder ignored, foreign content), nothing is
associated: the ancestor rule of "reset the form owner" applies as before.  Only elements the
pointer form is not an ancestor of are recorded; for the others the ancestor rule gives the same
form.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any, cast

import turbohtml

from ..html.forms.owner import FORM_ASSOCIATED, LISTED, set_parser_form_owner
from ..lxml_mirror import xml_safe
from ..memo import MemoKey
from ..nodes.document import Document
from ..nodes.identity import node_for
from ..nodes.proxy_release import release_proxies
from .tag_starts import contains_tag, next_tag, tag_positions

if TYPE_CHECKING:
    from ..nodes.element import Element

__all__ = ["associate_with_form_element_pointer"]

# A form's stretch of tokens is cut after at most this many ``</form`` that were not end tags.
_MAX_EXTENSIONS = 8
_START, _END, _TEXT = turbohtml.TokenType.START_TAG, turbohtml.TokenType.END_TAG, turbohtml.TokenType.TEXT
# https://html.spec.whatwg.org/#parsing-main-inforeign: start tags that leave foreign content.
_BREAKOUT = frozenset(
    "b big blockquote body br center code dd div dl dt em embed h1 h2 h3 h4 h5 h6 head hr i img li listing menu "
    "meta nobr ol p pre ruby s small span strong strike sub sup table tt u ul var".split()
)


class _Mismatch(Exception):
    """The tokens and the tree do not pair up."""


# The HTML form elements of a document's tree as its parser made them, in tree order
# (note_parsed_forms): valid until the document's next mutation, they spare the pass a walk over
# every element when each form's pointer stays inside it.
PARSED_FORMS = MemoKey("form elements as parsed")


def note_parsed_forms(document: Document, forms: list[Any]) -> None:
    """Remember *forms*, the lxml elements of every HTML ``form`` element of *document*'s tree
    in tree order, as the parser that built the tree found them."""
    document._memo_store(PARSED_FORMS, None, forms)


def associate_with_form_element_pointer(
    document: Document, text: str, scripting: bool = False, templates: bool = True
) -> None:
    """Record the form element pointer's associations in *document*, parsed from *text* with
    the scripting flag *scripting*.  *templates* false: the tree has no template element."""
    root = document.documentElement
    if root is None:
        return
    parsed = document._memo_entry(PARSED_FORMS, None)
    forms: list[Any] | None = parsed[1] if parsed is not None and parsed[0] == document._version else None
    if forms == []:
        return  # no form element
    starts = _form_starts(text)
    if not starts:  # no form start tag, no form element
        return
    elements: list[Any] = []  # the tree's forms and form-associated elements (plain local names: HTML)
    try:
        if forms is None:
            elements = list(root._lx.iter("form", *FORM_ASSOCIATED))
            if _pointer_stays_inside([lx for lx in elements if lx.tag == "form"], starts, text, scripting,
                                     templates):
                return
        elif _pointer_stays_inside(forms, starts, text, scripting, templates):
            return
        else:
            elements = list(root._lx.iter("form", *FORM_ASSOCIATED))
        if not _has_candidates(elements):
            return
        try:
            associations = _replay(elements, text, scripting)
        except _Mismatch:
            return
        for lx, form_lx in associations:
            set_parser_form_owner(cast("Element", node_for(lx, document)),
                                  cast("Element", node_for(form_lx, document)))
    finally:
        release_proxies(elements)  # (on a deep tree, in the order that frees them in linear time)


def _has_candidates(elements: list[Any]) -> bool:
    """Whether some form-associated element outside every form could have been made while the
    pointer was set: one that follows a form, or one that precedes a form inside a table.  The
    second is foster parenting's (https://html.spec.whatwg.org/#foster-parent): in
    ``<table><form id=f><input></table>`` the input, made with the pointer at f, is inserted
    before the table.  *elements*: the tree's forms and form-associated elements in tree order.

    Each ancestor search runs in lxml's C loop and wraps only a match: on deep trees an
    unwrapped parent would cost a walk up to the root when its wrapper is freed."""
    form_seen = outside_seen = False
    for lx in elements:
        if lx.tag == "form":
            if outside_seen and next(lx.iterancestors("table"), None) is not None:
                return True
            form_seen = True
        # (before the first form, one control outside every form is all the second case needs)
        elif (form_seen or not outside_seen) and next(lx.iterancestors("form"), None) is None:
            if form_seen:
                return True
            outside_seen = True
    return False


def _form_starts(text: str) -> list[int]:
    """Where *text* holds ``<form`` as the start of a tag, in order."""
    return tag_positions(text, "<form")


def _pointer_stays_inside(forms: list[Any], starts: list[int], text: str, scripting: bool,
                          templates: bool = True) -> bool:
    """Whether every element made while the pointer was set is inside the pointer's form, shown
    by reading only each form's stretch of tokens (from its start tag to the first ``</form>``
    end tag, which clears the pointer) rather than the whole input.

    While its form is on the stack of open elements, every element the tree builder makes lands
    inside it (the insertion location is the current node, or a foster parent inside a table
    opened after the form).  Once popped (by ``</div>``, ``</td>``, in a table at once) it never
    returns.  So a stretch making no more form-associated elements than the form has inside it
    made none outside it: either the form was open throughout, or it was popped and all it holds
    was made before.  This holds when every ``<form`` in the text is the start tag of one form
    of the tree, in order (none in a script, a comment, a template or ignored), which is checked
    first; otherwise the whole input is replayed.  *forms*: the tree's form elements in tree
    order; *starts*: where the text holds ``<form`` (:func:`_form_starts`)."""
    if len(starts) != len(forms) or (templates and contains_tag(text, "<template")):
        return False
    for form_lx, start in zip(forms, starts, strict=True):
        stretch = _pointer_stretch(text, start, scripting)
        if stretch is None:
            return False
        form_token, made = stretch
        try:
            _check_attributes(form_lx, form_token)
        except _Mismatch:
            return False
        if made > sum(1 for _ in islice(form_lx.iter(*FORM_ASSOCIATED), made)):  # (counted up to made)
            return False
    return True


def _pointer_stretch(text: str, start: int, scripting: bool) -> tuple[Any, int] | None:
    """(the form start tag at *start*, how many form-associated elements the tags after it make
    before the next ``</form>`` end tag or the end of the input); None when *start* is not a
    form start tag.  The text is cut after a ``</form`` found by pattern; one that turns out not
    to be an end tag (it was in a script's text, a comment) extends the cut to the next."""
    search_from = start
    for _ in range(_MAX_EXTENSIONS):
        found = next_tag(text, "</form", search_from)
        if found < 0:
            stop = len(text)
        else:
            end = found + len("</form") + 1  # past the character that ends the name
            close = text.find(">", end - 1)
            stop = len(text) if close < 0 else close + 1
        form_token = None
        made = 0
        for is_start, name, token in _html_tags(text[start:stop], scripting):
            if form_token is None:
                if not is_start or name != "form":
                    return None
                form_token = token
            elif is_start:
                made += name in FORM_ASSOCIATED
            elif name == "form":
                return form_token, made
        if found < 0:
            return None if form_token is None else (form_token, made)
        search_from = end
    return None


def _tokens(text: str, scripting: bool) -> Iterator[Any]:
    """The tokenizer's tokens as the tree builder sees them.  Alone, the tokenizer reads a
    noscript element's contents as raw text, which the tree builder asks for only with the
    scripting flag set (https://html.spec.whatwg.org/#parsing-main-inhead); with it unset
    they are markup (``<noscript><img></noscript>`` makes an img), tokenized again."""
    tokens = iter(turbohtml.tokenize(text))
    for token in tokens:
        yield token
        if not scripting and token.type is _START and token.tag == "noscript" and not token.self_closing:
            following = next(tokens, None)
            if following is None:
                return
            if following.type is _TEXT:
                yield from _tokens(following.data or "", scripting)
            else:
                yield following


def _html_tags(text: str, scripting: bool) -> Iterator[tuple[bool, str, Any]]:
    """(start tag?, name, token) for the tags the tree builder handles as HTML elements' tags
    outside template contents and foreign content (``<image>`` named img, as it makes one)."""
    templates = 0  # open template elements: their contents are not in the document's tree
    foreign = 0  # open svg/math elements
    for token in _tokens(text, scripting):
        kind = token.type
        if kind is _START:
            name = token.tag
            if foreign:
                if name in _BREAKOUT or (name == "font" and token.attrs):
                    foreign = 0
                elif not token.self_closing:
                    foreign += 1
                    continue
                else:
                    continue
            if name in ("svg", "math"):
                foreign = 0 if token.self_closing else 1
                continue
            if name == "template":
                templates += 1
                continue
            if templates:
                continue
            if name == "image":  # https://html.spec.whatwg.org/#parsing-main-inbody: "Don't ask."
                name = "img"
            yield True, name, token
        elif kind is _END:
            name = token.tag
            if foreign:
                foreign -= 1
            elif name == "template":
                templates = max(0, templates - 1)
            elif not templates:
                yield False, name, token


def _replay(elements: list[Any], text: str, scripting: bool) -> list[tuple[Any, Any]]:
    queues: dict[str, list[Any]] = {}
    for lx in elements:
        queues.setdefault(lx.tag, []).append(lx)
    for queue in queues.values():
        queue.reverse()  # popped from the end: document order
    pointer = None
    associations = []
    for is_start, name, token in _html_tags(text, scripting):
        if is_start:
            if name == "form":
                if pointer is not None:
                    continue  # the tree builder ignores it
                pointer = _next(queues, name, token)
            elif name in FORM_ASSOCIATED:
                lx = _next(queues, name, token)
                if pointer is None or (name in LISTED and lx.get("form") is not None):
                    continue
                if not any(ancestor is pointer for ancestor in lx.iterancestors("form")):
                    associations.append((lx, pointer))
        elif name == "form":
            pointer = None
    if any(queues.values()):
        raise _Mismatch
    return associations


def _next(queues: dict[str, list[Any]], name: str, token: Any) -> Any:
    """The element the start tag *token* made: the next one of its name, if its attributes agree."""
    queue = queues.get(name)
    if not queue:
        raise _Mismatch
    lx = queue.pop()
    _check_attributes(lx, token)
    return lx


def _check_attributes(lx: Any, token: Any) -> None:
    """Raise _Mismatch unless start tag *token* has the attributes element *lx* was made with."""
    attributes = token.attrs or ()
    if len(attributes) != len(lx.attrib):
        raise _Mismatch
    for attribute, value in attributes:
        try:
            stored = lx.get(attribute)  # None for a name stored escaped
        except ValueError:  # a name lxml refuses
            continue
        if stored is not None and stored != value and stored != xml_safe(value):
            raise _Mismatch
