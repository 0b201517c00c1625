"""What the cascade knows of a style rule's selector before matching it: its specificity
(https://drafts.csswg.org/selectors-4/#specificity-rules) and the keys of the cascade's index (id,
class, tag and attribute name, dom/cssom/cascade.py) that every element it matches has, so that
rules are matched against the candidate elements only, as browsers' rule sets do.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any, NamedTuple

from html_infra.infra import ascii_lowercase

from ..css.values import split_top_level_commas
from ..nodes.speedups import extension
from ..selectors.parser import AttributeSelector, ClassSelector, Complex, IdSelector, PseudoClass
from ..selectors.xpath import NEVER_MATCHING

__all__ = ["AnalysedSelector", "Choice", "NO_DECLARATIONS", "analysed", "compound_keys", "exactness",
           "folded_index_keys", "index_keys", "names_tag", "ruled_out", "specificity", "tag_chain",
           "user_agent_index_keys", "with_parent_keys", "with_tags"]


def specificity(selector: Complex) -> tuple[int, int, int]:
    """https://drafts.csswg.org/selectors-4/#specificity-rules: (ids, classes, types); :is(),
    :not() and :has() count their most specific argument, :where() nothing, :nth-child(of S)
    one class and S's most specific selector."""
    ids = classes = types = 0
    for compound in selector.compounds:
        if compound.type is not None and compound.type.name != "*":
            types += 1
        if compound.pseudo_element is not None:
            types += 1 if compound.pseudo_element.then is None else 2  # (::part(x)::before: two pseudo-elements)
            if compound.pseudo_element.argument is not None:  # ::slotted(<compound>) adds its argument's
                inner = specificity(Complex((compound.pseudo_element.argument,), ()))
                ids, classes, types = ids + inner[0], classes + inner[1], types + inner[2]
        for simple in compound.simples:
            if isinstance(simple, IdSelector):
                ids += 1
            elif isinstance(simple, PseudoClass) and simple.name in ("is", "not", "has", "matches"):
                best = max((specificity(s) for s in simple.argument), default=(0, 0, 0))
                ids, classes, types = ids + best[0], classes + best[1], types + best[2]
            elif isinstance(simple, PseudoClass) and simple.name == "where":
                continue
            elif isinstance(simple, PseudoClass) and simple.name == "host" and simple.argument is not None:
                # https://drafts.csswg.org/css-scoping/#host-selector: a pseudo-class's plus its argument's
                inner = specificity(Complex((simple.argument,), ()))
                ids, classes, types = ids + inner[0], classes + inner[1] + 1, types + inner[2]
            elif isinstance(simple, PseudoClass) and simple.name.startswith("nth") and isinstance(
                    simple.argument, tuple) and len(simple.argument) == 3 and simple.argument[2]:
                best = max((specificity(s) for s in simple.argument[2]), default=(0, 0, 0))
                ids, classes, types = ids + best[0], classes + best[1] + 1, types + best[2]
            else:
                classes += 1
    return (ids, classes, types)


class AnalysedSelector(NamedTuple):
    text: str
    specificity: tuple[int, int, int]
    keys: tuple[tuple[tuple[tuple[str, str], ...], ...], ...]  # per compound, its choices (Choice) of index keys
    # 1: one compound of ids and classes, 2: one compound of a type, ids, classes, attribute
    # names, :link and :lang() (the HTML elements with all its index keys in the languages of
    # its :lang() match), 0: others
    exact: int
    declarations: dict[str, Any]
    order: int
    # for each compound left of the rightmost, whether a child or descendant combinator follows it
    # (every match is then below its elements, else below their parents)
    downward: tuple[bool, ...]
    # the choices of index keys of the compounds left of the rightmost, rarest kinds first
    ancestor_choices: tuple[tuple[tuple[str, str], ...], ...]
    langs: tuple[tuple[str, ...], ...]  # the language ranges of each :lang() of an exact selector
    layer: tuple[int, ...] = ()  # an author rule's cascade layer key (cascade_layers.py)
    # for compounds of types alone (``ul``, ``:is(ol, ul)``) joined by descendant combinators, the
    # local names of each compound (tag_chain), else ()
    tag_chain: tuple[tuple[str, ...], ...] = ()
    child: bool = False  # a child combinator joins the rightmost compound to the one before


Choice = tuple[tuple[str, str], ...]  # index keys of which an element has one


def index_keys(selector: Complex, shadow: bool = False) -> tuple[tuple[Choice, ...], ...]:
    """For each compound of *selector*, what every element it matches has: the index keys
    ("#", id), (".", class), ("", tag) or ("@", attribute name) of
    https://drafts.csswg.org/selectors-4/#compound, each a choice of keys of which one will do
    (``:is(ul, ol)``, ``:heading``); the rightmost compound last.  A compound the index
    cannot narrow has no choices; one that can match nothing (``:hover``; ``:host`` but in a
    *shadow* tree's sheet, where the host stands above its elements) has an empty choice."""
    return tuple(tuple(compound_keys(compound, shadow)) for compound in selector.compounds)


def compound_keys(compound: Any, shadow: bool = False) -> list[tuple[tuple[str, str], ...]]:
    choices: list[tuple[tuple[str, str], ...]] = []
    if compound.type is not None and compound.type.name != "*" and compound.type.namespace in (None, "*"):
        choices.append((("", ascii_lowercase(compound.type.name)),))
    for simple in compound.simples:
        if isinstance(simple, IdSelector):
            choices.append((("#", simple.name),))
        elif isinstance(simple, ClassSelector):
            choices.append(((".", simple.name),))
        elif isinstance(simple, AttributeSelector) and simple.namespace is None:
            choices.append((("@", ascii_lowercase(simple.name)),))
        elif isinstance(simple, PseudoClass):
            if simple.name == "host" and shadow:
                continue
            if simple.name in NEVER_MATCHING:
                choices.append(())  # (:hover, :visited ... match nothing here: no key will do)
            elif simple.name in ("focus", "focus-visible"):
                choices.append((("!", "focus"),))  # the elements :focus matches (the index's "!" keys)
            elif simple.name == "focus-within":
                choices.append((("!", "focus-within"),))
            elif simple.name == "heading":
                levels = simple.argument or range(1, 7)
                choices.append(tuple(("", f"h{level}") for level in levels if 1 <= level <= 6) or (("", "h0"),))
            elif simple.name in ("link", "any-link", "visited"):
                # https://html.spec.whatwg.org/#selector-link: a and area elements with an href
                choices.append((("@", "href"),))
                choices.append((("", "a"), ("", "area")))
            elif simple.name in ("is", "where") and simple.argument and all(
                    len(argument.compounds) >= 1 for argument in simple.argument):
                union: list[tuple[str, str]] = []
                for argument in simple.argument:
                    inner = compound_keys(argument.compounds[-1], shadow)
                    if not inner:
                        break
                    union.extend(inner[0])
                else:
                    choices.append(tuple(dict.fromkeys(union)))
    return choices


def exactness(selector: Complex) -> int:
    """Whether the index keys of *selector* say all of it (AnalysedSelector.exact): 1 for one compound
    of ids and classes (every element with its keys matches), 2 when it also has a type, attribute
    names, :link/:any-link, :heading or :lang() (every HTML element with its keys matches, in a
    language of its :lang()), else 0."""
    if len(selector.compounds) != 1:
        return 0
    compound = selector.compounds[0]
    if compound.pseudo_element is not None or (compound.type is not None and compound.type.namespace is not None):
        return 0
    exact = 1 if compound.type is None or compound.type.name == "*" else 2
    if exact == 1 and not compound.simples:
        return 0  # * alone: no key
    for simple in compound.simples:
        if isinstance(simple, AttributeSelector) and simple.namespace is None and simple.operator is None:
            exact = 2
        elif isinstance(simple, PseudoClass) and simple.name in ("link", "any-link") and simple.argument is None:
            exact = 2
        elif isinstance(simple, PseudoClass) and simple.name == "lang":
            exact = 2  # (the index's elements tested by their language: Cascade._exact)
        elif isinstance(simple, PseudoClass) and simple.name == "heading" and (
                simple.argument is None or any(1 <= level <= 6 for level in simple.argument)):
            exact = 2  # (the h1-h6 of its levels, its keys: https://html.spec.whatwg.org/#selector-heading)
        elif not isinstance(simple, (IdSelector, ClassSelector)):
            return 0
    return exact


def _types_of(compound: Any) -> tuple[str, ...] | None:
    """The lowercase local names of a compound that is a type selector without a namespace, or
    ``:is()``/``:where()`` of such compounds alone; None for any other."""
    if compound.pseudo_element is not None:
        return None
    if compound.type is not None:
        if compound.simples or compound.type.namespace is not None or compound.type.name == "*":
            return None
        return (compound.type.name,) if compound.type.name == ascii_lowercase(compound.type.name) else None
    if len(compound.simples) != 1:
        return None
    simple = compound.simples[0]
    if not (isinstance(simple, PseudoClass) and simple.name in ("is", "where") and simple.argument):
        return None
    names: list[str] = []
    for argument in simple.argument:
        inner = _types_of(argument.compounds[0]) if len(argument.compounds) == 1 else None
        if inner is None:
            return None
        names.extend(inner)
    return tuple(dict.fromkeys(names))


def tag_chain(selector: Complex) -> tuple[tuple[str, ...], ...]:
    """For a selector of two or more compounds of types alone joined by descendant combinators
    (the user agent sheet's nested lists, ``:is(dir, menu, ol, ul) :is(dir, menu, ul)``), the
    local names of each compound: it matches an element of the last compound's names that has
    an ancestor of the one before's names, that one an ancestor of the names before, and so on
    (https://drafts.csswg.org/selectors-4/#descendant-combinators).  () for any other."""
    if len(selector.compounds) < 2 or any(combinator != " " for combinator in selector.combinators):
        return ()
    chain = []
    for compound in selector.compounds:
        names = _types_of(compound)
        if not names:
            return ()
        chain.append(names)
    return tuple(chain)


def with_parent_keys(candidates: list[Any], choices: tuple[Choice, ...], present: dict[tuple[str, str], list[Any]],
                     folded: Any) -> list[Any]:
    """The *candidates* whose parent has a key of each of *choices*: the index keys of the
    compound a child combinator joins to the rightmost (``table > tr``, whose parsed trees'
    rows are in a tbody), in a tree of HTML elements alone (a tag key is then the lxml tag);
    *present* is the cascade's index, *folded* its folding of a key's name.  A choice with a
    key the index has not listed does not narrow."""
    for choice in choices:
        names: set[str] = set()
        members: set[Any] = set()
        for kind, name in choice:
            if kind == "":
                names.add(name)
                continue
            found = present.get((kind, folded(kind, name)))
            if found is None:
                break  # (not listed)
            members.update(found)
        else:
            candidates = [lx for lx in candidates if (parent := lx.getparent()) is not None and (
                parent.tag in names or parent in members)]
    return candidates


# with_tags's filter in C (dom/cssom/style_sharing_speedups.c), None without it.
_ELEMENTS_NAMED: Any = getattr(extension, "elements_named", None)


def with_tags(elements: list[Any], names: set[str]) -> list[Any]:
    """The lxml *elements* whose tag is one of *names*, in order: in a tree of HTML elements
    alone, those a type selector of *names* matches (in C when it can: a page's links are
    thousands)."""
    if _ELEMENTS_NAMED is not None and type(elements) is list:
        found: list[Any] | None = _ELEMENTS_NAMED(elements, tuple(names))
        if found is not None:
            return found
    return [lx for lx in elements if lx.tag in names]


def folded_index_keys(keys: Iterable[tuple[str, str]], fold: bool) -> frozenset[tuple[str, str]]:
    """Index keys as the cascade's index lists them: tags and attribute names ASCII-lowercased,
    ids and classes too with *fold* (quirks mode)."""
    return frozenset((kind, ascii_lowercase(name)) if fold or kind in ("", "@") else (kind, name)
                     for kind, name in keys)


# (every document's cascade indexes the user agent selectors' keys: folded once per mode)
user_agent_index_keys = lru_cache(maxsize=16)(folded_index_keys)


def names_tag(choice: tuple[tuple[str, str], ...]) -> bool:
    """Whether a choice of index keys names a tag (the commonest keys)."""
    return any(kind == "" for kind, _name in choice)


# The positions of the selectors of a tuple matched again and again (the user agent's) by each
# choice of index keys they have, by the tuple's identity (the entry holds it)
_BY_CHOICE: dict[int, tuple[tuple[AnalysedSelector, ...], dict[Choice, list[int]]]] = {}


def ruled_out(selectors: tuple[AnalysedSelector, ...], present: dict[tuple[str, str], list[Any]], fold: bool,
              remember: bool) -> set[int]:
    """The positions in *selectors* of those that match nothing for want of index keys: with a
    choice of keys (of the rightmost compound, or of one on its left) the cascade's index
    *present* has listed, each with no element (names ASCII-lowercased but tags' with *fold*,
    quirks mode); each choice asked once (*remember*: for the next calls with the same tuple)."""
    entry = _BY_CHOICE.get(id(selectors))
    if entry is None or entry[0] is not selectors:
        by_choice: dict[Choice, list[int]] = {}
        for position, selector in enumerate(selectors):
            for choice in selector.keys[-1] + selector.ancestor_choices:
                by_choice.setdefault(choice, []).append(position)
        entry = (selectors, by_choice)
        if remember:
            if len(_BY_CHOICE) >= 8:
                _BY_CHOICE.clear()
            _BY_CHOICE[id(selectors)] = entry
    out: set[int] = set()
    for choice, positions in entry[1].items():
        for kind, name in choice:
            if present.get((kind, ascii_lowercase(name)) if fold and kind else (kind, name)) != []:
                break
        else:  # (every key of the choice listed, with no element)
            out.update(positions)
    return out


# The analysis of a rule's selector list by the identity of its parsed list, which the copies of
# a parsed sheet's rules share (css_rules.parsed_rules): (the list, its text, its _Selectors with
# no declarations, order or layer yet).  The entry holds the list, so no other takes its id.
_ANALYSED: dict[int, tuple[tuple[Complex, ...], str, tuple[AnalysedSelector, ...]]] = {}
_ANALYSED_LIMIT = 8192


def analysed(complexes: tuple[Complex, ...], selector_text: str) -> tuple[AnalysedSelector, ...]:
    """The _Selectors of a style rule whose selector list is *complexes* (its text
    *selector_text*), the ones with a pseudo-element left out, without declarations."""
    entry = _ANALYSED.get(id(complexes))
    if entry is not None and entry[0] is complexes and entry[1] == selector_text:
        return entry[2]
    texts = [selector_text] if len(complexes) == 1 else split_top_level_commas(selector_text)
    listed = complexes
    if len(texts) != len(listed):
        texts = [selector_text]
        listed = (max(listed, key=specificity),)
    found = []
    for text, complex_ in zip(texts, listed, strict=True):
        if complex_.pseudo_element is not None:
            continue  # ::before and its likes style no element
        keys = index_keys(complex_)
        ancestors = tuple(sorted((choice for compound in keys[:-1] for choice in compound), key=names_tag))
        exact = exactness(complex_)
        langs = tuple(simple.argument for simple in complex_.compounds[0].simples if isinstance(
            simple, PseudoClass) and simple.name == "lang") if exact else ()
        found.append(AnalysedSelector(text, specificity(complex_), keys, exact, NO_DECLARATIONS, 0,
                               tuple(c in (" ", ">") for c in complex_.combinators), ancestors, langs,
                               tag_chain=tag_chain(complex_), child=complex_.combinators[-1:] == (">",)))
    if len(_ANALYSED) >= _ANALYSED_LIMIT:
        _ANALYSED.clear()
    _ANALYSED[id(complexes)] = (complexes, selector_text, tuple(found))
    return tuple(found)


NO_DECLARATIONS: dict[str, Any] = {}
