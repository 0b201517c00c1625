"""The cascade (https://drafts.csswg.org/css-cascade/#cascading): for each element, the
declarations of the user agent style sheet (the HTML Standard's Rendering section,
``user_agent.css``), the presentational hints of its attributes
(https://html.spec.whatwg.org/#presentational-hints), the document's style sheets and its
``style`` attribute, sorted by origin and importance, specificity
(https://drafts.csswg.org/selectors-4/#specificity-rules) and order of appearance.

Matching reuses the selector engine: each selector of a sheet is evaluated once over the whole
document in C (lxml's XPath), and a selector whose rightmost compound names an id, a class or
a tag the document does not have is skipped without a walk (the index browsers keep by id,
class and tag).  What is derived for a document is remembered until the document, a sheet
(through the CSSOM) or the viewport changes.

Cascade layers (https://drafts.csswg.org/css-cascade-5/#cascade-layering) order the author
rules before specificity (cascade_layers.py); ``revert`` rolls a property back to the user agent
origin and ``revert-layer`` to the layers below its own
(https://drafts.csswg.org/css-cascade-5/#default).

Shadow trees have cascades of their own, ordered by tree context, and ``::part()`` rules style
the parts of their hosts' shadow trees (scoping.py).  The rules of ``@scope`` match in scope of
their scoping roots, ordered by scope proximity (scoped_styles.py).  Not modelled: container
queries (their rules never apply: they need layout), layers given by ``@import ... layer()``
(imports are not fetched).
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any

from lxml import etree

from html_infra.infra import HTML_NAMESPACE, ascii_lowercase, split_on_ascii_whitespace

from .. import registry
from ..css.media_queries import Viewport
from ..css.properties import LOGICAL
from ..css.values import split_top_level_commas
from ..css_style_declaration import parse_css_declaration_block
from ..cyclic_collection import paused
from ..lxml_mirror import name_from_tag
from ..memo import MemoKey
from ..nodes.identity import node_for
from ..nodes.parsed_attribute_census import parsed_attribute_census
from ..nodes.speedups import extension
from ..selectors.engine import (
    element_matcher,
    matching_among,
    matching_below,
    matching_in_document,
    no_namespaced_element,
)
from ..selectors.parser import Complex, Compound, PseudoClass
from ..selectors.states import of_language
from .adopted_style_sheets import adopted_sheets
from .anchored_selectors import matches_from_anchors
from .applicable_rules import style_rules as _style_rules
from .cascade_layers import LayerOrder, important_key
from .cascade_origins import ORIGINS, cascade_sort
from .compound_verdicts import by_verdicts
from .css_rules import CSSStyleRule, changes
from .document_style_sheets import configuration_changes, document_sheets, shadow_root_sheets, viewport_of
from .presentational_hints import ALIGN_HINTED, ALWAYS_HINTED, HINTED_TAGS, presentational_hints
from .scope_rule import CSSNestedDeclarations, CSSScopeRule
from .scoped_styles import ScopedRule, match_scoped_rules
from .selector_keys import (
    AnalysedSelector,
    analysed,
    exactness,
    folded_index_keys,
    index_keys,
    names_tag,
    ruled_out,
    specificity,
    user_agent_index_keys,
    with_parent_keys,
    with_tags,
)
from .style_invalidation import brought_up_to_date, focused_in
from .style_sheets import CSSStyleSheet
from .type_chains import PLAIN_TAG as _PLAIN_TAG
from .type_chains import all_plain_tags, list_tags, type_chain_matches
from .user_agent_entries import user_agent_cascaded, user_agent_entry
from .user_agent_sheets import form_controls_sheet, user_agent_sheet
from .user_agent_types import Entry, by_type

__all__ = ["RENDERING", "Cascade", "cascade_of", "specificity", "user_agent_sheet"]

# The document's cascade (about the sheets' changes and the style configuration).
CSS_CASCADE = MemoKey("css cascade")

# The properties innerText's rendered text collection reads (dom/html/inner_text_style.py)
RENDERING: frozenset[str] = frozenset((
    "display", "visibility", "white-space", "white-space-collapse", "content-visibility", "text-transform", "float",
    "position",
))

# Origins and importance, in the order they win (cascade_origins.py)
_UA, _HINTS, _AUTHOR, _INLINE, _AUTHOR_IMPORTANT, _INLINE_IMPORTANT, _UA_IMPORTANT = ORIGINS


def _lower(text: str) -> str:
    """ASCII lowercase (https://infra.spec.whatwg.org/#ascii-lowercase), by str.lower where that is the same."""
    return text.lower() if text.isascii() else ascii_lowercase(text)


_COUNT = etree.XPath("count(descendant-or-self::*)")
# The index's walk by attribute name, id and class in C (dom/cssom/cascade_index_speedups.c), None without it.
_C_INDEX: Any = getattr(extension, "index_attributes", None)
# _match's loop over a selector's matches in C (dom/cssom/style_sharing_speedups.c), None without it.
_ADD_MATCHES: Any = getattr(extension, "add_matches", None)

_HEADINGS = tuple(("", f"h{level}") for level in range(1, 7))
_ALIGN_KEY = ("@", "align")
_ALIGN_HINTED_TAGS = frozenset(ALIGN_HINTED)


# A shadow tree sheet's selector that may style its host or slotted elements: the selector, its
# specificity, its rule's order, its declarations and its layer's key.
Scoped = tuple[Complex, tuple[int, int, int], int, dict[str, Any], tuple[int, ...]]


def _selectors(sheets: list[CSSStyleSheet], viewport: Viewport, layered: bool = True,
               scoped: list[Scoped] | None = None, parts: list[Scoped] | None = None,
               in_scope: list[ScopedRule] | None = None) -> list[AnalysedSelector]:
    """The selectors of the style rules of *sheets* that apply; with *scoped* (a shadow tree's
    sheets), those that may match its host or slotted elements are added to it too, and to
    *parts* those ending in ``::part()`` (they style elements of shadow trees: scoping.py).
    The rules inside @scope rules go to *in_scope* (scoped_styles.py)."""
    rules: list[tuple[CSSStyleRule | CSSNestedDeclarations, tuple[int, ...], tuple[CSSScopeRule, ...]]] = []
    layers = LayerOrder() if layered else None  # one order for all the sheets of the origin
    sheet_of: list[tuple[int, CSSStyleSheet]] = []  # (the index of its first rule, the sheet)
    for sheet in sheets:
        if not sheet.disabled and sheet.media.matches(viewport):
            sheet_of.append((len(rules), sheet))
            _style_rules(sheet._rules, viewport, rules, layers)
    out = []
    for order, (rule, layer, scopes) in enumerate(rules):
        if not rule._declarations:
            continue
        if scopes:
            if in_scope is not None:
                in_scope.append((rule, layer, order, scopes, next(s for i, s in reversed(sheet_of) if i <= order)))
            continue
        if parts is not None and "::part(" in rule._selector_text.lower():
            parts.extend((complex_, specificity(complex_), order, rule._declarations, layer)
                         for complex_ in rule._selectors if complex_.pseudo_element is not None
                         and complex_.pseudo_element.names)
        if scoped is None:  # a document's sheets: the rule's selectors as analysed once per parsed list
            for selector in analysed(rule._selectors, rule._selector_text):
                out.append(selector._replace(declarations=rule._declarations, order=order, layer=layer))
            continue
        complexes = rule._selectors
        texts = [rule._selector_text] if len(complexes) == 1 else split_top_level_commas(rule._selector_text)
        if len(texts) != len(complexes):
            texts = [rule._selector_text]
            complexes = (max(complexes, key=specificity),)
        for text, complex_ in zip(texts, complexes, strict=True):
            if scoped is not None and ((complex_.pseudo_element is not None and complex_.pseudo_element.argument
                                        is not None) or (len(complex_.compounds) == 1 and ":host" in text.lower())):
                scoped.append((complex_, specificity(complex_), order, rule._declarations, layer))
            if complex_.pseudo_element is not None:
                continue  # ::before and its likes style no element (::slotted(): the slotted ones, above)
            keys = index_keys(complex_, scoped is not None)
            ancestors = tuple(sorted((choice for compound in keys[:-1] for choice in compound), key=names_tag))
            exact = exactness(complex_)
            langs = tuple(simple.argument for simple in complex_.compounds[0].simples if isinstance(
                simple, PseudoClass) and simple.name == "lang") if exact else ()
            out.append(AnalysedSelector(text, specificity(complex_), keys, exact, rule._declarations,
                                 order, tuple(c in (" ", ">") for c in complex_.combinators), ancestors, langs,
                                 layer, child=complex_.combinators[-1:] == (">",)))
    return out


@lru_cache(maxsize=4)
def _user_agent_selectors(viewport: Viewport, quirks: bool = False) -> tuple[AnalysedSelector, ...]:
    sheets = [user_agent_sheet(), form_controls_sheet()]
    if quirks:
        sheets.append(user_agent_sheet(True))
    return tuple(_selectors(sheets, viewport, layered=False))


@lru_cache(maxsize=4)
def _user_agent_rules(viewport: Viewport, quirks: bool = False) -> tuple[tuple[AnalysedSelector, ...],
                                                                         dict[str, tuple[Entry, ...]]]:
    """The user agent selectors matched over the tree, and the entries of the others by the
    local name they match (user_agent_types.py)."""
    return by_type(_user_agent_selectors(viewport, quirks))


@lru_cache(maxsize=4)
def _user_agent_keys(viewport: Viewport, quirks: bool = False) -> tuple[tuple[str, str], ...]:
    """The index keys the user agent selectors matched over the tree name (Cascade._index)."""
    return tuple({key for selector in _user_agent_rules(viewport, quirks)[0] for compound in selector.keys
                  for choice in compound for key in choice if key[0] != "!"})


@lru_cache(maxsize=4096)
def _inline(text: str, quirks: bool) -> dict[str, Any]:
    return parse_css_declaration_block(text, quirks)


class Cascade:
    """The declarations that match each element of one document, at one version: the author
    sheets' at once, the user agent sheet's when a computed style first needs them.  With
    *shadow* (a ShadowRoot of the document), those of that shadow tree, from its own sheets and
    the user agent's (https://drafts.csswg.org/css-scoping/#shadow-cascading), with the rules of
    its sheets that style its host and the elements assigned to its slots (dom/cssom/scoping.py)."""

    __slots__ = ("document", "viewport", "matched", "html_document", "quirks", "computed", "present", "ua_matched",
                 "_author_map", "size", "shared", "alike", "later", "indexed", "deferred", "signatures",
                 "th_centred", "root_lx", "languages", "root_px", "shadow", "shadow_lx", "tree_lx", "scoped", "scopes",
                 "host_entries", "slot_entries", "part_rules", "part_entries", "walked", "asked", "selectors",
                 "entries", "invalidation", "scoped_rules", "by_name", "by_tag", "language_groups", "version",
                 "focused", "anywhere")

    def __init__(self, document: Any, shadow: Any = None) -> None:
        self.document = document
        self.shadow = shadow
        self.shadow_lx = shadow._lx if shadow is not None else None
        self.scoped: list[Scoped] = []  # a shadow tree's rules for its host and slotted elements
        self.part_rules: list[Scoped] = []  # its ::part() rules, for the shadow trees of its hosts
        self.part_entries: dict[Any, list[tuple[int, Any, int, dict[str, Any]]]] = {}  # (host, names) -> entries
        self.scopes: dict[Any, Cascade] = {}  # the document's: its shadow trees' (scoping.py)
        self.host_entries: list[tuple[int, Any, int, dict[str, Any]]] | None = None  # (scoping.py)
        self.slot_entries: dict[Any, list[tuple[Compound, tuple[int, Any, int, dict[str, Any]]]]] = {}
        self.viewport = viewport_of(document)
        self.html_document = bool(document._is_html)
        self.quirks = document._mode == "quirks"
        self.matched: defaultdict[Any, list[tuple[int, Any, int, dict[str, Any]]]] = defaultdict(list)
        self.computed: dict[Any, dict[str, str]] = {}  # lxml element -> its computed values (computed_values.py)
        self.shared: dict[Any, dict[str, str]] = {}  # (parent's values, cascaded values) -> computed values
        self.alike: dict[Any, dict[str, str]] = {}  # (what a parent hands down, cascaded values) -> the same
        self.anywhere: dict[Any, dict[str, str]] | None = None  # alike's, of every document (computed_style.py)
        self.signatures: dict[Any, dict[str, str]] = {}  # cascaded values by their sources (cascaded())
        self.th_centred: dict[int, dict[str, str]] = {}  # cascaded values with th's text-align (computed_style)
        self.languages: dict[Any, str | None] = {}  # element -> its language (selectors/states.py)
        self.language_groups: dict[int, Any] = {}  # an index list's elements by language (of_language)
        self.ua_matched = False
        self._author_map: dict[Any, dict[str, tuple[str, bool]]] | None = None
        self.present: dict[tuple[str, str], list[Any]] = {}
        self.size = 0
        self.later: tuple[AnalysedSelector, ...] = ()
        self.indexed: set[tuple[str, str]] = set()
        self.deferred: set[str] = set()  # tags indexed but not listed yet (see _index)
        root = document.documentElement
        self.root_lx = root._lx if root is not None else None
        # the lxml node whose tree the index walks: the document element, or the shadow root's container
        self.tree_lx: Any = self.shadow_lx if shadow is not None else self.root_lx
        self.root_px = 16.0  # the root's font size in px, once its values are computed
        self.walked = False  # every element's values computed at once (computed_style.py)
        self.asked = False  # an element's values computed alone (computed_style.py)
        self.selectors: tuple[AnalysedSelector, ...] = ()  # the author selectors that apply
        # each selector's entry in self.matched, by (origin, order, text): one object per
        # selector, which the signatures name by its id (kept alive here)
        self.entries: dict[tuple[int, int, str], tuple[int, Any, int, dict[str, Any]]] = {}
        self.invalidation: Any = None  # what brings it up to date after a mutation (style_invalidation.py)
        self.version: int = document._version  # the document's version it describes (cascade_of)
        self.focused: set[Any] = focused_in(document, self.tree_lx)  # what :focus(-within) matched then
        self.scoped_rules: list[ScopedRule] = []  # the @scope rules that apply (scoped_styles.py)
        # the user agent entries of type selectors alone, by local name and by lxml tag (an
        # element's are not in self.matched: user_agent_types.py), once the sheet is matched
        self.by_name: dict[str, tuple[Entry, ...]] = {}
        self.by_tag: dict[str, tuple[Entry, ...]] = {}
        if self.tree_lx is None:
            return
        # the tree's own sheets, then those it adopted (https://drafts.csswg.org/cssom/#dom-documentorshadowroot-adoptedstylesheets)
        sheets = (document_sheets(document) if shadow is None else shadow_root_sheets(shadow)) + adopted_sheets(
            document if shadow is None else shadow)
        if sheets:
            # the rules that set what innerText reads are matched now, the others when a computed
            # style first needs them (innerText then pays for no :lang() or attribute scans it
            # does not need)
            in_scope: list[ScopedRule] = []
            selectors = _selectors(sheets, self.viewport, scoped=self.scoped if shadow is not None else None,
                                   parts=self.part_rules, in_scope=in_scope)
            self.selectors = tuple(selectors)
            if in_scope:
                self.scoped_rules = in_scope
                match_scoped_rules(self, in_scope, _AUTHOR)
            now = tuple(s for s in selectors if not RENDERING.isdisjoint(s.declarations))
            if now:
                # the document's elements with an align attribute too, for author_declarations' hints
                self._index(self.tree_lx, now, lazy=True, also=(_ALIGN_KEY,) if shadow is None else ())
                self._match(now, _AUTHOR)
            self.later = tuple(s for s in selectors if RENDERING.isdisjoint(s.declarations))

    def _match_user_agent(self) -> None:
        """Match the user agent sheet, and the author rules left for later."""
        if self.ua_matched:
            return
        self.ua_matched = True
        if self.tree_lx is None:
            return
        user_agent, self.by_name = _user_agent_rules(self.viewport, self.quirks)
        with paused():  # (the match lists are kept: see dom/cyclic_collection.py)
            self._index(self.tree_lx, self.later, also=_user_agent_keys(self.viewport, self.quirks))
            self._match(user_agent, _UA)
            self._match(self.later, _AUTHOR)
        if self.later:
            self._author_map = None  # (made before: without these rules' declarations)
        self.later = ()

    def author_declarations(self) -> dict[Any, dict[str, tuple[str, bool]]]:
        """For each element that an author rule setting a property innerText reads (RENDERING)
        or an ``align`` presentational hint matches, its author-level cascaded declarations of
        those properties: property -> (value, important) (what innerText reads beside the user
        agent sheet and the style attribute, which it applies itself)."""
        if self._author_map is not None:
            return self._author_map
        found: dict[Any, dict[str, tuple[str, bool]]] = {}
        # elements matched by the same rules share their declarations (never changed)
        shared: dict[tuple[int, ...], dict[str, tuple[str, bool]]] = {}
        for lx, entries in self.matched.items():
            own = self.author_entry(entries, shared)
            if own:
                found[lx] = own
        root = self.document.documentElement
        if root is not None:
            # the elements with an align attribute where the index lists them (no walk), in tree order
            aligned: Any = ([lx for lx in self.present[_ALIGN_KEY] if lx.tag in _ALIGN_HINTED_TAGS]
                            if _ALIGN_KEY in self.indexed and self.shadow_lx is None
                            else root._lx.iter(*ALIGN_HINTED))
            for lx in aligned:
                self.align_hint(lx, found)
        self._author_map = found
        return found

    @staticmethod
    def author_entry(entries: list[tuple[int, Any, int, dict[str, Any]]],
                     shared: dict[tuple[int, ...], dict[str, tuple[str, bool]]]) -> dict[str, tuple[str, bool]]:
        """An element's author declarations (author_declarations) from its matched *entries*,
        shared by the elements matched by the same rules (*shared*)."""
        key = tuple(map(id, entries))
        own = shared.get(key)
        if own is None:
            ranked = sorted(
                ((1 if d.important else 0, (important_key(spec[0]), spec[1]) if d.important else spec, order,
                  name, d.value, d.important)
                 for origin, spec, order, declarations in entries if origin == _AUTHOR
                 for name, d in declarations.items() if LOGICAL.get(name, name) in RENDERING),
                key=lambda item: item[:3])
            own = shared[key] = {LOGICAL.get(name, name): (value, important)
                                 for _i, _s, _o, name, value, important in ranked}
        return own

    def align_hint(self, lx: Any, found: dict[Any, dict[str, tuple[str, bool]]]) -> None:
        """Add to *found* (author_declarations) the float of the ``align`` hint of the element *lx*."""
        if lx.get("align") is None or lx.tag not in _ALIGN_HINTED_TAGS:
            return
        local = self._html_local(lx)
        hints = presentational_hints(local, lx.get) if local is not None else {}
        if "float" in hints and "float" not in found.get(lx, {}):  # a hint is below every author rule
            found[lx] = {**found.get(lx, {}), "float": (hints["float"].value, False)}

    def _index(self, root: Any, selectors: tuple[AnalysedSelector, ...], lazy: bool = False,
               also: tuple[tuple[str, str], ...] = ()) -> None:
        """Index the document's elements by the index keys *selectors* name (tag, attribute
        name, id, class) that were not indexed yet, in tree order, in ``self.present``; tags and
        attribute names are compared ASCII-lowercased (selectors match HTML ones in any case),
        ids and classes too in quirks mode.  When every element is an HTML element stored under
        its local name, lxml finds tags in C: all those of *selectors* at once, or (*lazy*, for
        few selectors) each when a selector first needs it (:meth:`_elements`).  *also*: keys
        to index beside the selectors' (the user agent selectors', known once)."""
        index = self.present
        fold = self.quirks
        own = {key for selector in selectors for compound in selector.keys for choice in compound
               for key in choice if key[0] != "!"}
        named = user_agent_index_keys(also, fold) | folded_index_keys(own, fold) if own else user_agent_index_keys(
            also, fold)
        wanted = named - self.indexed
        deferred = self.deferred
        if not wanted and not (deferred and not lazy):
            return
        self.indexed |= wanted
        for key in wanted:
            index[key] = []
        tags = {name for kind, name in wanted if kind == ""}
        if tags and self.html_document and no_namespaced_element(self.document, root) and all_plain_tags(
                frozenset(tags)):
            # (an element whose local name is not lowercase matches no type selector of an
            # HTML document: https://html.spec.whatwg.org/#case-sensitivity-of-selectors)
            for tag in tags:
                del index["", tag]
            deferred |= tags
            tags = set()
        listed: set[str] = set()  # the deferred tags these selectors name, listed now (by the C walk when it can)
        if deferred and not lazy:
            listed = {tag for tag in deferred if ("", tag) in named}
            deferred -= listed
            for tag in listed:
                index["", tag] = []
        self._index_walk(root, tags, {name for kind, name in wanted if kind == "@"},
                         {name for kind, name in wanted if kind == "#"},
                         {name for kind, name in wanted if kind == "."}, listed)

    def _index_walk(self, root: Any, tags: set[str], attributes: set[str], ids: set[str],
                    classes_wanted: set[str], plain_tags: set[str]) -> None:
        """The index's lists of the tags, attribute names, ids and classes given, in one pass
        over the tree (which counts the elements too); *plain_tags* are the names of elements
        without namespace to list (lxml's tags: every element is an HTML one under its local name)."""
        if not (tags or attributes or ids or classes_wanted or plain_tags):
            if not self.size:
                self.size = int(_COUNT(root))
            return
        index = self.present
        fold = self.quirks
        lossy = self.document._lossy_attributes  # (then an id or class held with U+FFFD is read as it is)
        if _C_INDEX is not None and not tags and not lossy and not any("{" in n or "}" in n for n in attributes):
            found = _C_INDEX(root, ids, classes_wanted, attributes, fold, index, plain_tags,  # (as parsed: no walk)
                             parsed_attribute_census(self.document) if root is self.root_lx else None)
            if found is not None:
                self.size = found
                return
            for key in [("@", n) for n in attributes] + [("#", n) for n in ids] + [(".", n) for n in classes_wanted] + [
                    ("", n) for n in plain_tags]:
                index[key].clear()  # an attribute stored in a shape the C walk leaves to this one
        if plain_tags:
            for lx in root.iter(*plain_tags):
                index["", lx.tag].append(lx)
        html_document = self.html_document
        count = 0
        for lx in root.iter("*"):
            count += 1
            if tags:
                tag = lx.tag
                local = tag if "}" not in tag else name_from_tag(tag, html_document)[2]
                if local in tags:
                    index["", local].append(lx)
                else:
                    lowered = _lower(local)
                    if lowered in tags:
                        index["", lowered].append(lx)
            keys = lx.keys()
            if not keys:
                continue
            if attributes:
                for attribute in keys:
                    if attribute in attributes:
                        index["@", attribute].append(lx)
                    elif "}" not in attribute and not attribute.islower():  # else lowercasing keeps it
                        name = _lower(attribute)
                        if name in attributes:
                            index["@", name].append(lx)
            if ids and "id" in keys:
                identifier = lx.get("id")
                if lossy and identifier and "\ufffd" in identifier:
                    identifier = self._true_value(lx, "id")
                if identifier:
                    identifier = _lower(identifier) if fold else identifier
                    if identifier in ids:
                        index["#", identifier].append(lx)
            if classes_wanted and "class" in keys:
                classes = lx.get("class")
                if lossy and classes and "\ufffd" in classes:
                    classes = self._true_value(lx, "class")
                if classes:
                    # str.split() is the ASCII whitespace split for printable ASCII (it would also
                    # split at \x0b and \x1c-\x1f, which are no HTML whitespace)
                    names = classes.split() if classes.isascii() and classes.isprintable() else (
                        split_on_ascii_whitespace(classes))
                    for name in dict.fromkeys(_lower(name) if fold else name for name in names):
                        if name in classes_wanted:
                            index[".", name].append(lx)
        self.size = count

    def _true_value(self, lx: Any, name: str) -> str | None:
        """The value of the attribute *name* of *lx*, which the lxml mirror holds lossily."""
        element: Any = node_for(lx, self.document)
        value: str | None = element.getAttribute(name)
        return value

    def _elements(self, kind: str, name: str) -> list[Any]:
        """The index's elements with the key (kind, name) (name as the index folds it)."""
        found = self.present.get((kind, name))
        if found is None:
            if kind == "" and name in self.deferred:
                self.deferred.discard(name)
                found = self.present["", name] = list(self.tree_lx.iter(name))
            elif kind == "!":  # the elements :focus or :focus-within match (dom/html/focus.py)
                focus, within = registry.focus_targets(self.document)
                found = self.present[kind, name] = [element._lx for element in (
                    focus if name == "focus" else within)]
            else:
                found = []
        return found

    def _has(self, kind: str, name: str) -> bool:
        """Whether an element has the index key (kind, name): a deferred tag is looked for
        until its first element, not listed."""
        if kind == "" and name in self.deferred:
            return next(self.tree_lx.iter(name), None) is not None
        return bool(self._elements(kind, name))

    def _match(self, selectors: tuple[AnalysedSelector, ...], origin: int) -> None:
        """Each selector's matches: tested on the candidates the index gives when they are few
        (a selector keyed by a rare id, class or tag), else found by queries over the subtrees
        that hold them or over the tree."""
        matched = self.matched
        fold = self.quirks
        few = max(64, self.size // 16)
        done: dict[str, list[Any]] = {}  # the user agent sheet repeats selectors
        unrelated: list[tuple[set[str], set[str]]] = []  # (see type_chain_matches)
        html_document = self.html_document
        # (most of the user agent sheet's selectors name keys the index has listed and no
        # element has: they are passed over without the steps of _found)
        nothing = ruled_out(selectors, self.present, fold, origin == _UA)
        plain = html_document and self.shadow is None and no_namespaced_element(self.document, self.tree_lx)
        for position, selector in enumerate(selectors):
            found = [] if position in nothing else done.get(selector.text)
            if found is None:  # (by its verdicts when a compound of a type and attributes: compound_verdicts.py)
                verdicts = by_verdicts(self, selector) if plain else None
                found = done[selector.text] = verdicts if verdicts is not None else self._found(
                    selector, few, fold, html_document, unrelated)
            if not found:
                continue
            entry = self.entry(selector, origin)
            if _ADD_MATCHES is not None and type(found) is list:
                _ADD_MATCHES(matched, found, entry)
            else:
                for lx in found:
                    matched[lx].append(entry)

    def entry(self, selector: AnalysedSelector, origin: int) -> tuple[int, Any, int, dict[str, Any]]:
        """The entry of *selector* (of the origin *origin*) in the lists of self.matched."""
        if origin == _UA:  # (one for every document: see user_agent_entries.py)
            return user_agent_entry(selector)
        key = (origin, selector.order, selector.text)
        found = self.entries.get(key)
        if found is None:
            found = self.entries[key] = (origin, (selector.layer, selector.specificity) if selector.layer else (
                selector.specificity), selector.order, selector.declarations)
        return found

    def matched_selectors(self) -> list[tuple[AnalysedSelector, int]]:
        """The selectors matched so far and their origins, in the order of their entries."""
        listed = [(s, _AUTHOR) for s in self.selectors if not RENDERING.isdisjoint(s.declarations)]
        if self.ua_matched:  # (but the type selectors alone: an element's tag never changes)
            listed += [(s, _UA) for s in _user_agent_rules(self.viewport, self.quirks)[0]]
            listed += [(s, _AUTHOR) for s in self.selectors if RENDERING.isdisjoint(s.declarations)]
        return listed

    def _found(self, selector: AnalysedSelector, few: int, fold: bool, html_document: bool,
               unrelated: list[tuple[set[str], set[str]]]) -> list[Any]:
        def folded(kind: str, name: str) -> str:
            return ascii_lowercase(name) if fold and kind != "" else name

        def candidates_of(choice: tuple[tuple[str, str], ...]) -> list[Any]:
            if len(choice) == 1:  # the index's own list (never changed once made: of_language knows it again)
                return self._elements(choice[0][0], folded(*choice[0]))
            list_tags(self, [name for kind, name in choice if kind == ""])
            lists = [found for kind, name in choice if (found := self._elements(kind, folded(kind, name)))]
            return lists[0] if len(lists) == 1 else list(dict.fromkeys(lx for found in lists for lx in found))

        # an ancestor or sibling compound nothing can match: ids, classes and attributes first
        for choice in selector.ancestor_choices:
            if not any(self._has(kind, folded(kind, name)) for kind, name in choice):
                return []
        if selector.tag_chain and html_document:
            chained = type_chain_matches(self, selector.tag_chain, unrelated)
            if chained is not None:
                return chained
        choices = selector.keys[-1]
        if not choices:
            return self._below_or_all(selector, few, folded)
        # the candidates: of the smallest choice, tags (the commonest keys) only when nothing else narrows
        narrowing = [choice for choice in choices if not names_tag(choice)]
        if not narrowing:
            below = self._below_anchors(selector, choices, few, folded)
            if below is not None:
                if not below:
                    return []
                if len(below) > 8:  # (one query down from the anchors, not a test of each: .status > .support > span)
                    anchored = matches_from_anchors(self, selector, few, folded, list_tags=False)
                    if anchored is not None:
                        return anchored
                return self._tested(selector, below)
            narrowing = list(choices)
        elif html_document and any(names_tag(choice) for choice in choices) and no_namespaced_element(
                self.document, self.tree_lx):
            # tags the index has listed already narrow too (``input[type=radio i]``: the few
            # inputs, not every element with a type attribute); listing one would cost a walk.
            # (In a tree of HTML elements alone, where a tag's list holds exactly the elements
            # of that lxml tag, as _exact's test of a tag.)
            present = self.present
            narrowing += [choice for choice in choices if names_tag(choice) and all(
                key[0] == "" and key in present for key in choice)]
        options = [candidates_of(choice) for choice in narrowing]
        smallest = min(range(len(options)), key=lambda i: len(options[i]))
        candidates = options[smallest]
        if not candidates:
            return []
        if selector.exact and html_document:
            exact = self._exact(selector, choices, candidates, dict(zip(narrowing, options, strict=True)))
            if exact is not None:
                return exact
        if len(candidates) <= few:
            # every match has a key of each choice: the candidates without one need no test; in
            # a tree of HTML elements alone a choice of tags is the lxml tag (as _exact reads
            # it), listed or not (``li[type=a s]``: the few elements with a type attribute that
            # are li, not a set of the page's li)
            by_tag = html_document and no_namespaced_element(self.document, self.tree_lx)
            for choice in choices:
                if by_tag and candidates and choice and all(kind == "" for kind, _name in choice) and (
                        choice not in narrowing or options[narrowing.index(choice)] is not candidates):
                    names = {name for _kind, name in choice}
                    candidates = with_tags(candidates, names)
            for index, option in enumerate(options):
                if index != smallest and candidates and not (by_tag and all(kind == "" for kind, _name in narrowing[
                        index])):
                    others = set(option)
                    candidates = [lx for lx in candidates if lx in others]
            if selector.child and candidates and html_document and self.shadow is None and no_namespaced_element(
                    self.document, self.tree_lx):
                candidates = with_parent_keys(candidates, selector.keys[-2], self.present, folded)
            if not candidates:
                return []
            return self._tested(selector, candidates)
        return self._below_or_all(selector, few, folded)

    def _tested(self, selector: AnalysedSelector, candidates: list[Any]) -> list[Any]:
        """The *candidates* that match *selector*: by one query over them all, else a test of each."""
        if len(candidates) > 1 and self.shadow is None:
            found = matching_among(self.document, selector.text, candidates)
            if found is not None:
                return found
        test = element_matcher(self.document, selector.text, self.shadow_lx)
        return [lx for lx in candidates if test(lx)]

    def _exact(self, selector: AnalysedSelector, choices: tuple[tuple[tuple[str, str], ...], ...],
               candidates: list[Any], elements: dict[tuple[tuple[str, str], ...], list[Any]]) -> list[Any] | None:
        """The matches of a selector its index keys say all of (AnalysedSelector.exact): the
        *candidates* (the elements of one choice) that have a key of each of its choices (whose
        *elements* are known but for tags); None when an element that is not an HTML element
        under its local name would need a test."""
        # (from the fewest elements of an id, class or attribute, not of tags: those are kept by tag in C)
        found = min((elements[choice] for choice in choices if choice in elements and not names_tag(choice)),
                    key=len, default=candidates)
        for choice in choices:
            if elements.get(choice) is found:
                continue
            if names_tag(choice):
                names = {name for _kind, name in choice}
                found = with_tags(found, names)
            else:
                others = set(elements[choice])
                found = [lx for lx in found if lx in others]
        if selector.exact == 2 and not no_namespaced_element(self.document, self.tree_lx) and not all(
                isinstance(lx.tag, str) and "}" not in lx.tag for lx in found):
            return None
        for ranges in selector.langs:  # (one memo of languages for all the sheets' :lang())
            found = of_language(found, self.document, ranges, self.languages, self.language_groups,
                                self.shadow is None)
        return found

    def _below_or_all(self, selector: AnalysedSelector, few: int, folded: Any) -> list[Any]:
        """The matches of *selector*, by a query over the subtrees below :meth:`_tops` when
        they are few, else over the whole tree."""
        found = matches_from_anchors(self, selector, few, folded)
        if found is not None:
            return found
        tops = self._tops(selector, folded, True)
        if tops is None or len(tops) > few:
            return list(matching_in_document(self.document, selector.text, self.shadow_lx))
        return matching_below(self.document, selector.text, tops, self.shadow_lx)

    def _tops(self, selector: AnalysedSelector, folded: Any, tags: bool) -> list[Any] | None:
        """The elements below which every match of *selector* lies: those of the compound on
        its left whose index keys give the fewest (the nearest to the rightmost on a tie; one
        an id, class or attribute narrows unless *tags*), or their parents when a sibling
        combinator follows it (https://drafts.csswg.org/selectors-4/#combinators), none inside
        another; None when no compound has keys."""
        best: list[Any] | None = None
        downward = True
        for position, compound in enumerate(selector.keys[:-1]):
            for choice in compound:
                if tags or not names_tag(choice):
                    found = [lx for kind, name in choice for lx in self._elements(kind, folded(kind, name))]
                    if best is None or len(found) <= len(best):
                        best, downward = found, selector.downward[position]
        if best is None:
            return None
        tops = dict.fromkeys(best if downward else (lx.getparent() for lx in best))
        tops.pop(None, None)
        return [top for top in tops if not any(ancestor in tops for ancestor in top.iterancestors())]

    def _below_anchors(self, selector: AnalysedSelector, choices: tuple[tuple[tuple[str, str], ...], ...], few: int,
                       folded: Any) -> list[Any] | None:
        """Candidates for a selector whose rightmost compound names only tags (``.status >
        input``): the elements of such a tag below the elements of a compound on its left that
        an id, class or attribute narrows to few (:meth:`_tops`); None when there is no such
        compound or too many candidates."""
        root = self.tree_lx
        tags = next((choice for choice in choices if all(kind == "" for kind, _name in choice)), None)
        if (tags is None or not self.html_document or not no_namespaced_element(self.document, root)
                or not all(_PLAIN_TAG.fullmatch(name) for _kind, name in tags)):
            return None
        tops = self._tops(selector, folded, False)
        if tops is None or len(tops) > few:
            return None
        names = [name for _kind, name in tags]
        out: list[Any] = []
        for top in tops:
            out.extend(top.iterdescendants(*names))
            if len(out) > few:
                return None
        return out

    def cascaded(self, lx: Any, wrapper: Any = None, extra: tuple[tuple[int, Any], ...] = ()) -> dict[str, str]:
        """https://drafts.csswg.org/css-cascade/#cascaded: each property's winning declared
        value for the element *lx* (its wrapper, when it has one, reads the style attribute).
        Elements matched by the same rules, with the same hints and style attribute, share one
        dict (never changed): pages repeat a few hundred such signatures over thousands of
        elements.  *extra*: the entries of other tree contexts that match it, each group with
        its context's rank (its own tree's is 0: scoping.py), kept alive by their cascades."""
        if not self.ua_matched:
            self._match_user_agent()
        entries = self.matched.get(lx, ())
        hints = None
        tag = lx.tag
        named = self.by_tag.get(tag)
        if named is None:
            named = self.named(tag)
        if tag in HINTED_TAGS and (tag in ALWAYS_HINTED or lx.keys()):
            local = self._html_local(lx)
            if local is not None:
                hints = presentational_hints(local, lx.get) or None
        style = lx.get("style")
        if style is not None and wrapper is not None and wrapper._attr_extra:
            style = wrapper.getAttribute("style")  # (a value lxml cannot hold is the wrapper's)
        # (the entries are the _match tuples, one object per selector, kept by self.matched;
        # those of its name, one tuple kept by the user agent rules)
        key: tuple[Any, ...] = (id(named), tuple(map(id, entries)), tuple(
            (name, hint.value) for name, hint in hints.items()) if hints else None, style or None)
        if extra:
            key = (*key, tuple((context, tuple(map(id, group))) for context, group in extra))
        found = self.signatures.get(key)
        if found is None:
            def cascaded() -> dict[str, str]:
                return self._cascade((*named, *entries) if named else entries, hints, style, extra)

            # (user agent rules alone: the values another document cascaded, user_agent_entries.py)
            shared = None if extra else user_agent_cascaded(self.quirks, key, named, entries, cascaded)
            found = self.signatures[key] = shared if shared is not None else cascaded()
        return found

    def named(self, tag: str) -> tuple[Entry, ...]:
        """The user agent entries of type selectors alone that match an element of the lxml tag
        *tag* (none before the sheet is matched): those of its local name."""
        local = tag if "}" not in tag else name_from_tag(tag, self.html_document)[2]
        found = self.by_name.get(local, ())
        if self.ua_matched:
            self.by_tag[tag] = found
        return found

    def signature(self, lx: Any, entries: Any, get: Any) -> tuple[Any, ...]:
        """The key of :meth:`cascaded` for the element *lx* with the matched *entries* and the
        attributes *get* gives (style_invalidation.py compares an element's before and after)."""
        hints = None
        tag = lx.tag
        if tag in HINTED_TAGS:  # (with no attributes, as with the attributes it had)
            local = self._html_local(lx)
            if local is not None:
                hints = presentational_hints(local, get) or None
        named = self.by_tag.get(tag)
        if named is None:
            named = self.named(tag)
        return (id(named), tuple(map(id, entries)), tuple((name, hint.value) for name, hint in hints.items())
                if hints else None, get("style") or None)

    def _cascade(self, entries: Any, hints: dict[str, Any] | None, style: str | None,
                 extra: tuple[tuple[int, Any], ...] = ()) -> dict[str, str]:
        entries = list(entries)
        if hints:
            entries.append((_HINTS, (0, 0, 0), 0, hints))
        if style:
            entries.append((_INLINE, (0, 0, 0), 0, _inline(style, self.quirks)))
        return cascade_sort(((0, entries), *extra), bool(extra))

    def _html_local(self, lx: Any) -> str | None:
        namespace, _prefix, local = name_from_tag(lx.tag, self.html_document)
        return local if namespace == HTML_NAMESPACE else None


def cascade_of(document: Any) -> Cascade:
    """The document's cascade, made again when a sheet or the viewport changed, brought up to
    date for the elements a mutation of the document, or a change of the state of its focus
    or slots (style_state_changed), can restyle (style_invalidation.py)."""
    about = (changes[0], configuration_changes[0])
    entry = document._memo.get((CSS_CASCADE, about))  # (_memoized's hit, inline: every computed style read asks)
    if entry is not None:
        found: Cascade = entry[1]
        if entry[0] == document._version:
            return found
        if brought_up_to_date(found, found.version):
            found.version = document._version
            document._memo_store(CSS_CASCADE, about, found)
            return found
    with paused():  # (a cascade keeps the lists it makes: see dom/cyclic_collection.py)
        cascade: Cascade = document._memoized(CSS_CASCADE, about, lambda: Cascade(document))
    return cascade


def style_state_changed(document: Any) -> None:
    """The document's focus, a slot's manual assignment, a checkedness or a selectedness changed:
    its cascade is brought up to date at the next read (style_invalidation.py), with no version step."""
    document._outdate(CSS_CASCADE, (changes[0], configuration_changes[0]))


registry.style_state_changed = style_state_changed
