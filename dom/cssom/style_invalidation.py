"""Style invalidation: bringing a document's cascade (cascade.py) up to date after mutations of
its tree by rematching only the elements whose matched rules can change, and dropping the
computed values of only those whose cascaded values changed and of their descendants, as
browsers restyle.

What a mutation can change follows from the selectors' invalidation sets (invalidation_sets.py:
the ids, classes and attribute names each reads of other elements, with the extent of the
elements a change of one can affect).

- An attribute change rematches the element, and the descendants or siblings that the changed
  features' extents name; a ``style`` attribute or a presentational hint changes its own
  cascaded values only.
- A change of an element's children or text rematches it (``:empty``), its children where a
  selector is structural (https://drafts.csswg.org/selectors-4/#structural-pseudos, or ends
  in a sibling combinator) and their subtrees where that is left of the rightmost compound,
  and its siblings with their subtrees where its ``:empty`` is read by a sibling combinator;
  an inserted subtree is matched fresh; a removed one drops its entries.
- Selectors with element-state pseudo-classes (``:checked``, ``:disabled``, ``:dir()``,
  ``:lang()``, ``:focus-visible`` ...: their state may follow other elements, their text or
  attributes anywhere) are tested again after every change (:lang() and :dir() after the
  changes that can change a language or a direction) on the elements their rightmost
  compound's index keys allow (few, by their tag or attribute; kept as the tree changes); one
  without such keys, and ``:has()``, makes every change a rebuild.

Then an element whose cascaded values differ loses its computed values and its descendants'
(inheritance), as do inserted subtrees; the others keep theirs.  The cascade is made again
instead when the log of changes has a gap or a change outside the document element, when a
style, link or base element changes (the sheets may), when the root element's values would
change (``rem``), or when more elements would be rematched than a rebuild costs.

In a document with shadow trees, a change of the light tree that cannot reach what scoping.py
keeps for them (shadow_invalidation.py says which) is brought up to date the same way, the
shadow trees of the hosts below an element whose values change losing their computed values
too, and the shadow trees' element-state matches tested again; any other change, and any
change inside a shadow tree, makes the cascade again.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from html_infra.infra import ascii_lowercase, split_on_ascii_whitespace

from .. import registry
from ..lxml_mirror import attr_name_from_key
from ..nodes.shadow_host import shadow_hosts
from ..nodes.speedups import extension
from ..selectors.engine import (
    element_matcher,
    no_namespaced_element,
    no_namespaced_element_since,
    note_no_namespaced_element,
)
from .invalidation_sets import EMPTY, PARENT, SIBLINGS, SUBTREE, Analysis, analysis_of, changed_features
from .selector_keys import AnalysedSelector
from .shadow_invalidation import Shadows, merged, part_reach, shadows_of, tree_reach

__all__ = ["brought_up_to_date", "focused_in"]

_FOCUS = (("!", "focus"), ("!", "focus-within"))


class _Rules:
    """The selectors a cascade has matched, in the order of the entries of its elements, with
    their invalidation sets merged and an index of them by their rightmost compound's keys."""

    __slots__ = ("selectors", "origins", "by_key", "anywhere", "features", "structural", "state", "unbounded",
                 "ua_matched")

    def __init__(self, cascade: Any) -> None:
        self.ua_matched = cascade.ua_matched
        listed: list[tuple[AnalysedSelector, int]] = cascade.matched_selectors()
        self.selectors: list[AnalysedSelector] = []
        self.origins: list[int] = []
        self.by_key: dict[tuple[str, str], list[int]] = {}
        self.anywhere: list[int] = []  # selectors with no index key in their rightmost compound
        self.features: dict[tuple[str, str], int] = {}
        self.structural = 0
        self.state: list[tuple[int, frozenset[str]]] = []  # selectors with element-state pseudo-classes
        self.unbounded = False
        fold = cascade.quirks
        for selector, origin in listed:
            choices = selector.keys[-1]
            if () in choices:
                continue  # it matches nothing (:hover ...)
            analysis = analysis_of(selector.text, fold)
            if analysis is None or analysis.unbounded:
                self.unbounded = True
                continue
            index = len(self.selectors)
            self.selectors.append(selector)
            self.origins.append(origin)
            for key, extent in analysis.features.items():
                if self.features.get(key, 0) < extent:
                    self.features[key] = extent
            self.structural = max(self.structural, analysis.structural)
            usable = [choice for choice in choices if not any(kind == "!" for kind, _name in choice)]
            if analysis.states:
                if not choices:
                    self.unbounded = True  # its state may change on any element
                self.state.append((index, analysis.states))
            if not usable:
                self.anywhere.append(index)
                continue
            choice = next((c for c in usable if not any(kind == "" for kind, _name in c)), usable[0])
            for kind, name in choice:
                key = (kind, ascii_lowercase(name) if fold or kind in ("", "@") else name)
                self.by_key.setdefault(key, []).append(index)


class _State:
    """What updates need beside the cascade: the rules; for each selector with an element-state
    pseudo-class, the elements with the index keys of one choice of its rightmost compound (kept
    as the tree changes; found when first needed), or None for the elements :focus and
    :focus-within match (those matched at the last update: the cascade's *focused*); *reach*: what
    its rules read of the light tree for other tree contexts (shadow_invalidation.py: a shadow
    tree's ``:host()`` and ``::slotted()``, the document's ``::part()``), found when first needed."""

    __slots__ = ("rules", "watched", "reach")

    def __init__(self, cascade: Any) -> None:
        self.rules = _Rules(cascade)
        self.watched: list[tuple[int, frozenset[str], frozenset[tuple[str, str]] | None, set[Any]]] | None = None
        self.reach: Analysis | None = None

    def watch(self, cascade: Any) -> list[tuple[int, frozenset[str], frozenset[tuple[str, str]] | None, set[Any]]]:
        if self.watched is not None:
            return self.watched
        rules = self.rules
        watched: list[tuple[int, frozenset[str], frozenset[tuple[str, str]] | None, set[Any]]] = []
        root = cascade.tree_lx
        fold = cascade.quirks
        predicates: set[str] = set()
        for index, states in rules.state:
            choices = rules.selectors[index].keys[-1]
            if any(kind == "!" for choice in choices for kind, _name in choice):
                watched.append((index, states, None, set()))
                continue
            choice = min(choices, key=lambda c: 0 if not any(kind == "" for kind, _name in c) else 1)
            keys = frozenset((kind, ascii_lowercase(name) if fold or kind in ("", "@") else name)
                             for kind, name in choice)
            predicates.update(_predicate(key, fold) for key in keys)
            watched.append((index, states, keys, set()))
        wanted_keys = {key for _index, _states, keys, _found in watched if keys is not None for key in keys}
        if wanted_keys and _C_INDEX is not None and cascade.html_document and not cascade.document._lossy_attributes \
                and no_namespaced_element(cascade.document, root):
            # (one walk in C for them all: the cascade's index walk)
            lists: dict[tuple[str, str], list[Any]] = {key: [] for key in wanted_keys}
            if _C_INDEX(root, *({name for kind, name in wanted_keys if kind == k} for k in "#.@"), fold, lists,
                        {name for kind, name in wanted_keys if kind == ""}) is not None:
                for _index, _states, wanted, candidates in watched:
                    for key in wanted or ():
                        candidates.update(lists[key])
                self.watched = watched
                return watched
        if predicates:  # (one walk for them all)
            for lx in etree.XPath(f"descendant-or-self::*[{' or '.join(sorted(predicates))}]")(root):
                own = _keys_of(lx, fold, cascade)
                for _index, _states, wanted, candidates in watched:
                    if wanted is not None and not wanted.isdisjoint(own):
                        candidates.add(lx)
        self.watched = watched
        return watched


_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# The cascade's index walk in C (dom/cssom/cascade_index_speedups.c), None without it
_C_INDEX: Any = getattr(extension, "index_attributes", None)
_COUNT = etree.XPath("count(descendant-or-self::*)")  # (a subtree's size, before making its proxies)


def _predicate(key: tuple[str, str], fold: bool) -> str:
    """An XPath predicate true for the elements with the index key *key* (and maybe a few more:
    they are tested).  Names are compared as they are but on namespaced elements (foreign ones,
    or any of an XML document), whose names may have capitals."""
    kind, name = key
    literal = "'" + name.replace("'", "") + "'"

    def lower(text: str) -> str:
        return f"translate({text}, '{_UPPER}', '{_UPPER.lower()}')"

    if kind == "":
        return f"local-name() = {literal} or (namespace-uri() != '' and {lower('local-name()')} = {literal})"
    if kind == "@":
        return (f"@*[local-name() = {literal}] or (namespace-uri() != '' and "
                f"@*[{lower('local-name()')} = {literal}])")
    attribute = "@id" if kind == "#" else "@class"
    return f"contains({lower(attribute) if fold else attribute}, {literal})"


def focused_in(document: Any, tree_lx: Any) -> set[Any]:
    """The lxml elements of the tree whose top is *tree_lx* (the document element, or a shadow
    root's container) that :focus or :focus-within match (https://html.spec.whatwg.org/#selector-focus)."""
    if getattr(document, "_focused_area", None) is None or tree_lx is None:
        return set()
    focus, within = registry.focus_targets(document)
    return {lx for lx in (element._lx for element in (*focus, *within)) if lx.getroottree().getroot() is tree_lx}


def _attached(lx: Any, root: Any) -> bool:
    return lx is root or any(ancestor is root for ancestor in lx.iterancestors())


# The elements whose change can change the document's sheets (document_style_sheets.py): the
# style and link elements (their text, type, media, title, rel, href) and base (the links' URLs)
_SHEET_OWNERS = ("{*}style", "{*}link", "{*}base")
_SHEET_NAMES = frozenset(("style", "link", "base"))


def _local(lx: Any) -> str:
    tag: str = lx.tag
    return tag[tag.index("}") + 1:] if tag[0] == "{" else tag


def _changes_sheets(parents: dict[Any, None], subtrees: list[Any], attributes: dict[Any, Any]) -> bool:
    """Whether changes of the children or text of *parents*, the insertion or removal of
    *subtrees* or changes of the attributes of the elements of *attributes* may change the
    document's sheets (then the cascade is made again)."""
    for lx in (*parents, *attributes):
        if _local(lx) in _SHEET_NAMES or any(_local(ancestor) in _SHEET_NAMES for ancestor in lx.iterancestors()):
            return True
    return any(next(top.iter(*_SHEET_OWNERS), None) is not None for top in subtrees)


def brought_up_to_date(cascade: Any, version: int) -> bool:
    """Bring *cascade*, made (or brought up to date) at the document's *version*, up to date with
    the document's changes since, for an answer the same as a new cascade's; False (the cascade
    left to be made again) when the changes cannot be bounded."""
    document = cascade.document
    changes = document._changes_since(version)
    root = cascade.root_lx
    if (changes is None or root is None or cascade.shadow is not None
            or cascade.scoped_rules):  # (@scope rules: matched again)
        return False
    state: _State | None = cascade.invalidation
    if state is None or state.rules.ua_matched != cascade.ua_matched:
        state = cascade.invalidation = _State(cascade)
    rules = state.rules
    if rules.unbounded:
        return False
    hosts = shadow_hosts.get(document)
    shadows = None
    if hosts or cascade.scopes:
        shadows = _shadows(cascade, state, hosts or ())
        if shadows is None:
            return False
    parents: dict[Any, None] = {}
    inserted: list[Any] = []
    removed: list[Any] = []
    placed: list[tuple[Any, Any]] = []  # (parent, top) of the subtrees inserted or removed
    olds: dict[Any, dict[str, str | None]] = {}  # element -> attribute key -> its value before the changes
    nodes = document._nodes
    for _version, lx, what, detail in changes:
        if lx is None:
            return False
        if shadows is not None:
            top = lx.getroottree().getroot()
            if top is not root and getattr(nodes.get(top), "_is_shadow_root", False):
                return False  # a change inside a shadow tree
        if what is None or type(what) is bool:  # children or text
            parents[lx] = None
            if what is not None and detail is not None:
                found = inserted if what else removed
                tops = detail if type(detail) is tuple else (detail,)
                found.extend(tops)
                placed.extend((lx, top) for top in tops)
            continue
        olds.setdefault(lx, {}).setdefault(what, detail)
    if _changes_sheets(parents, inserted + removed, olds):
        return False
    if shadows is not None and shadows.reached(parents, placed, olds, cascade.quirks):
        return False
    budget = max(200, cascade.size // 40)
    rematch: dict[Any, None] = {}
    empty = rules.features.get(EMPTY, 0)  # (what reads a parent's :empty beside its subtree)
    for parent in parents:
        if not _attached(parent, root):
            continue
        rematch[parent] = None  # :empty
        if rules.structural == 1:
            rematch.update(dict.fromkeys(parent.iterchildren("*")))
        elif rules.structural == 2:
            if _COUNT(parent) > budget:
                return False
            rematch.update(dict.fromkeys(parent.iter("*")))
        if empty >= SIBLINGS and not _spread(parent, empty, rematch, budget):
            return False
        if len(rematch) > budget:
            return False
    moved = []  # the tops of the inserted subtrees: their values inherit from a new parent
    for top in dict.fromkeys(inserted):
        if _attached(top, root):
            if _COUNT(top) > budget:
                return False
            moved.append(top)
            rematch.update(dict.fromkeys(top.iter("*")))  # matched fresh
            if len(rematch) > budget:
                return False
    for lx, attributes in olds.items():
        if not _attached(lx, root):
            continue
        rematch[lx] = None
        extent = max((rules.features.get(key, 0) for key in changed_features(lx, attributes, cascade.quirks)),
                     default=0)
        if extent >= SUBTREE:
            if _COUNT(lx) > budget:
                return False
            rematch.update(dict.fromkeys(lx.iter("*")))
        if extent >= SIBLINGS and not _spread(lx, extent, rematch, budget):
            return False
        if len(rematch) > budget:
            return False
    dropped = [top for top in dict.fromkeys(removed) if not _attached(top, root)]
    if no_namespaced_element_since(document, root, version) and not any(
            lx.tag[0] == "{" for top in moved for lx in top.iter("*")):
        note_no_namespaced_element(document, root)  # (what the selectors engine would walk the tree for)
    changed = {attr_name_from_key(key)[2] for attributes in olds.values() for key in attributes}
    _recheck_states(cascade, state, rematch, dropped, changed, bool(parents), bool(inserted or removed))
    if len(rematch) > budget:
        return False
    if shadows is not None and not _shadow_states_kept(cascade, changed, bool(parents), bool(inserted or removed)):
        return False
    return _rematch(cascade, state, rematch, olds, dropped + moved, shadows)


def _spread(lx: Any, extent: int, rematch: dict[Any, None], budget: int) -> bool:
    """Add to *rematch* the siblings of *lx* that a change of a feature of *lx* with *extent*
    SIBLINGS (the following ones) or PARENT (all) can restyle, with their subtrees; False when
    more than *budget* elements would be rematched."""
    top = lx.getparent() if extent == PARENT else None
    size = len(rematch)
    for sibling in (top.iterchildren("*") if top is not None else lx.itersiblings("*")):
        size += _COUNT(sibling)
        if size > budget:
            return False
        rematch.update(dict.fromkeys(sibling.iter("*")))
    return True


def _shadows(cascade: Any, state: _State, hosts: Any) -> Shadows | None:
    """The document's shadow hosts and what the rules of other tree contexts read of its light
    tree (shadow_invalidation.py), for the update of its cascade whose _State is *state*; None
    when the cascade is to be made again."""
    if state.reach is None:
        state.reach = part_reach(cascade)
    reaches = [state.reach]
    for scope in cascade.scopes.values():
        if scope.scoped_rules:
            return None  # (@scope rules: matched again)
        own: _State | None = scope.invalidation
        if own is None or own.rules.ua_matched != scope.ua_matched:
            own = scope.invalidation = _State(scope)
        if own.rules.unbounded:
            return None
        if own.reach is None:
            own.reach = tree_reach(scope)
        reaches.append(own.reach)
    return shadows_of(cascade, hosts, merged(reaches))


def _shadow_states_kept(cascade: Any, changed: set[str], children: bool, elements: bool) -> bool:
    """Whether the matches of the shadow trees' selectors with element-state pseudo-classes stand
    after the changes (_recheck_states' arguments) of the light tree: their :lang() and :dir()
    follow the host's ancestors, their :focus-within a slotted element."""
    for scope in cascade.scopes.values():
        found: dict[Any, None] = {}
        _recheck_states(scope, scope.invalidation, found, [], changed, children, elements)
        if found:
            return False
        scope.languages.clear()  # (a language may follow the light tree's)
        scope.language_groups.clear()
    return True


# What can change the state of the elements for :lang() (https://html.spec.whatwg.org/#language:
# lang attributes, a Content-Language pragma) and :dir() (dir attributes, and for dir=auto the
# text or an input's value), but a subtree inserted, which is matched fresh
_TRIGGERS = {"lang": frozenset(("lang", "http-equiv", "content")), "dir": frozenset(("dir", "value", "type"))}


def _recheck_states(cascade: Any, state: _State, rematch: dict[Any, None], removed: list[Any],
                    changed: set[str], children: bool, elements: bool) -> None:
    """Add to *rematch* the elements that a selector with an element-state pseudo-class matches
    now and did not, or the reverse, of those its rightmost compound's keys allow (kept up to
    date with the elements of *rematch*, changed or inserted, and the *removed* subtrees): after
    any change, but for :lang() and :dir() only, after a change of the attributes (local names
    *changed*) that can change them, or (*children*) of children or text (:dir()), or of
    (*elements*) elements inserted or removed (:lang(): a pragma)."""
    rules = state.rules
    if not rules.state:
        return
    watched = state.watch(cascade)
    document = cascade.document
    fold = cascade.quirks
    keys = {lx: _keys_of(lx, fold, cascade) for lx in rematch}
    gone = [lx for top in removed for lx in top.iter("*")]
    focused: set[Any] | None = None
    for index, states, wanted, candidates in watched:
        if wanted is None:
            if focused is None:  # (those of its tree: a shadow tree's are matched by its cascade)
                focused = focused_in(document, cascade.tree_lx)
            # (the focused elements of the last update that a removal took out are gone too)
            candidates = (cascade.focused | focused).difference(gone)
        else:
            candidates.difference_update(gone)
            for lx, own in keys.items():
                if wanted.isdisjoint(own):
                    candidates.discard(lx)
                else:
                    candidates.add(lx)
        if all(name in _TRIGGERS and _TRIGGERS[name].isdisjoint(changed) and not (children and name == "dir")
               for name in states) and not (elements and "lang" in states):
            continue
        selector = rules.selectors[index]
        entry = cascade.entry(selector, rules.origins[index])
        test = element_matcher(document, selector.text, cascade.shadow_lx)
        matched = cascade.matched
        for lx in candidates:
            if lx not in rematch and any(e is entry for e in matched.get(lx, ())) != test(lx):
                rematch[lx] = None
    if focused is not None:
        cascade.focused = focused


def _keys_of(lx: Any, fold: bool, cascade: Any) -> set[tuple[str, str]]:
    """The index keys of the element *lx* (*cascade*'s): its local name, id, classes and
    attribute names (an id or class the lxml mirror holds lossily as it is)."""
    keys: set[tuple[str, str]] = set()
    tag = lx.tag
    keys.add(("", ascii_lowercase(tag[tag.index("}") + 1:] if "}" in tag else tag)))
    for key in lx.keys():
        _namespace, _prefix, local = attr_name_from_key(key)
        keys.add(("@", ascii_lowercase(local)))
    identifier = lx.get("id")
    lossy = cascade.document._lossy_attributes
    if identifier and lossy and "\ufffd" in identifier:
        identifier = cascade._true_value(lx, "id")
    if identifier:
        keys.add(("#", ascii_lowercase(identifier) if fold else identifier))
    classes = lx.get("class")
    if classes and lossy and "\ufffd" in classes:
        classes = cascade._true_value(lx, "class")
    if classes:
        for name in split_on_ascii_whitespace(classes):
            keys.add((".", ascii_lowercase(name) if fold else name))
    return keys


def _rematch(cascade: Any, state: _State, rematch: dict[Any, None], olds: dict[Any, dict[str, str | None]],
             removed: list[Any], shadows: Shadows | None) -> bool:
    """Match the elements of *rematch* again; drop the computed values of those whose cascaded
    values changed, and their descendants', and those of the *removed* subtrees and of the
    subtrees inserted (with the entries of the removed ones); False when the root element's
    values would change."""
    rules = state.rules
    document = cascade.document
    fold = cascade.quirks
    matched = cascade.matched
    computed = cascade.computed
    tests: dict[int, Any] = {}
    nodes = document._nodes
    changed: list[Any] = []
    author_changes: list[Any] = []
    for lx in rematch:
        indices = set(rules.anywhere)
        for key in _keys_of(lx, fold, cascade):
            found = rules.by_key.get(key)
            if found:
                indices.update(found)
        entries = []
        for index in sorted(indices):
            test = tests.get(index)
            if test is None:
                test = tests[index] = element_matcher(document, rules.selectors[index].text)
            if test(lx):
                entries.append(cascade.entry(rules.selectors[index], rules.origins[index]))
        before = matched.get(lx, [])
        if [id(e) for e in entries] == [id(e) for e in before] and lx not in olds:
            continue
        author_changes.append(lx)
        if lx in computed:
            old_attributes = olds.get(lx, {})

            def old_get(name: str, lx: Any = lx, old_attributes: dict[str, str | None] = old_attributes) -> Any:
                return old_attributes[name] if name in old_attributes else lx.get(name)

            if entries:
                matched[lx] = entries
            else:
                matched.pop(lx, None)
            old_signature = cascade.signature(lx, before, old_get)
            wrapper = nodes.get(lx)
            if cascade.signatures.get(old_signature) is not cascade.cascaded(lx, wrapper) or (
                    wrapper is not None and wrapper._attr_extra and lx.get("style") is not None):
                changed.append(lx)
        elif entries:
            matched[lx] = entries
        else:
            matched.pop(lx, None)
    if cascade.root_lx in changed:
        return False
    dropped = []
    for top in removed:
        if top in rematch:  # inserted
            changed.append(top)
            continue
        for lx in top.iter("*"):
            dropped.append(lx)
            matched.pop(lx, None)
            computed.pop(lx, None)
    for top in changed:
        if top in computed:
            for lx in top.iter("*"):
                computed.pop(lx, None)
            if shadows is not None:  # (the shadow trees of its hosts inherit too)
                shadows.drop(top, computed)
    author = cascade._author_map
    if author is not None and (author_changes or dropped):
        author = dict(author)  # (a new map: innerText's scripting map follows the map's identity)
        shared: dict[tuple[int, ...], dict[str, tuple[str, bool]]] = {}
        for lx in author_changes:
            own = cascade.author_entry(matched.get(lx, []), shared)
            if own:
                author[lx] = own
            else:
                author.pop(lx, None)
            cascade.align_hint(lx, author)
        for lx in dropped:
            author.pop(lx, None)
        cascade._author_map = author
    # the index and the languages describe the tree before: made again when needed
    cascade.present.clear()
    cascade.indexed.clear()
    cascade.deferred.clear()
    cascade.languages.clear()
    cascade.language_groups.clear()
    cascade.asked = False
    return True
