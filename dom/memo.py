"""The document's memo: values derived from its tree, each computed once per document version.

Every tree or attribute mutation is a new version of the document (``Document._version``), and
a value derived from the tree -- a live collection's members, a form's listed elements, the
cascade -- is kept with the version it was computed at (``Document._memoized``).  What a value
is, is a :class:`MemoKey` declared at module level by the module that derives it, together with
the node or object it is about: a misspelt kind is a NameError, not a silent miss, and
``grep MemoKey`` lists every kind of derived value.

:class:`DocumentMemo` is what Document has for it: the version steps, the log of the last changes
(by which a value derived from one subtree outlives changes elsewhere, and the serializer and the
style invalidation update what they learnt for the changed elements alone), and the memo itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .nodes.tree_names import TreeNames

__all__ = ["MemoKey", "DocumentMemo", "STALE"]

_T = TypeVar("_T")

# The version of a memo entry outdated by a change of a state the tree does not hold
# (DocumentMemo._outdate): no document has it
STALE = -1


class MemoKey:
    """A kind of value derived from a document's tree (compared by identity)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<MemoKey {self.name}>"


class DocumentMemo:
    """What Document (dom/nodes/document.py) has for the memo: its version steps, the log of its
    last changes, and the values derived per version.  Document declares the fields in its
    ``__slots__`` and sets them in ``_setup``; this mixin declares none (a second base with slots
    would not fit Document's layout)."""

    if not TYPE_CHECKING:  # (mypy would refuse the writes of Document's fields below)
        __slots__ = ()

    if TYPE_CHECKING:  # Document's fields this mixin uses (dom/nodes/document.py)
        _version: int  # every tree or attribute mutation is a new version
        _memo: dict[tuple[MemoKey, object], tuple[int, Any]]  # derived values, each with its version
        _memo_limit: int  # the memo's size at which stale entries are dropped
        _changes: list[tuple[int, Any, Any, Any]]  # (version, lxml element or None, what, detail): see _changed
        _attribute_steps: list[tuple[int, Any]]  # (version, lxml element): the versions that were attribute changes
        _tree_names: TreeNames | None  # the id and name values of its elements once asked, else None

    def _memoized(self, kind: MemoKey, about: object, compute: Callable[[], _T]) -> _T:
        """The value of *kind* about *about* (a node, a collection, a configuration) derived from
        this document's current tree, that *compute* gives: computed once per document version
        (every tree or attribute mutation is a new version)."""
        version = self._version
        entry = self._memo.get((kind, about))
        if entry is not None and entry[0] == version:
            result: _T = entry[1]
            return result
        value = compute()
        self._memo_store(kind, about, value)
        return value

    def _memoized_over(self, kind: MemoKey, about: object, root_lx: Any, compute: Callable[[], _T]) -> _T:
        """As _memoized, for a value derived from lxml element *root_lx*'s subtree alone (a live
        collection of its children or descendants): it stays valid while the document changes
        only outside that subtree."""
        version = self._version
        key = (kind, about)
        entry = self._memo.get(key)
        if entry is not None and (entry[0] == version or self._unchanged_under(entry[0], root_lx)):
            if entry[0] != version:
                self._memo[key] = (version, entry[1])
            result: _T = entry[1]
            return result
        value = compute()
        self._memo_store(kind, about, value)
        return value

    def _memo_entry(self, kind: MemoKey, about: object) -> tuple[int, Any] | None:
        """The memo's (version, value) of *kind* about *about*, however old: for values that can
        be brought up to date more cheaply than recomputed (see dom/collections.py)."""
        return self._memo.get((kind, about))

    def _memo_store(self, kind: MemoKey, about: object, value: Any) -> None:
        """Remember *value* of *kind* about *about* at the current version."""
        memo = self._memo
        memo[(kind, about)] = (self._version, value)
        if len(memo) > self._memo_limit:  # drop stale entries (detached trees come and go)
            version = self._version
            self._memo = memo = {k: v for k, v in memo.items() if v[0] == version}
            self._memo_limit = max(256, 2 * len(memo))

    def _attribute_version_step(self, lx: Any, key: str | None = None, old: str | None = None) -> None:
        """The version step of a change to the attributes of lxml element *lx* (the attribute's
        lxml *key* and *old* value, when given), remembered (the last few) so that what was
        learnt about the tree before can be updated for the elements changed instead of learnt
        again (dom/serialization.py, dom/cssom/style_invalidation.py)."""
        self._changed(lx, key, old)
        if self._tree_names is not None:
            self._tree_names.note(lx, False)
        steps = self._attribute_steps
        if len(steps) >= 64:
            del steps[:32]
        steps.append((self._version, lx))

    def _outdate(self, kind: MemoKey, about: object) -> None:
        """Outdate the memo's value of *kind* about *about* (its version STALE) after a change
        of a state it reads that the tree does not hold (the cascade reads the focused area,
        the slots' manual assignments, the controls' checkedness), without a version step: the values derived from
        the tree alone (live collections, the selectors engine's) stay valid.  Such a value
        keeps the version it was derived at itself, if it is to be brought up to date."""
        key = (kind, about)
        entry = self._memo.get(key)
        if entry is not None and entry[0] != STALE:
            self._memo[key] = (STALE, entry[1])

    def _changed(self, lx: Any, what: Any = None, detail: Any = None) -> None:
        """The version step of a change to lxml element *lx*: its attributes (*what*: the
        attribute's lxml key, *detail*: its old value), its children (*what* True: *detail* the
        lxml element inserted, or a tuple of them; False: the one removed, or None) or its text
        (*what* None); *lx* None: a change elsewhere, a document's own children.  The last few
        are remembered, so that a value derived from one subtree stays valid while others change
        (see _memoized_over).  A version step taken without this (``_version += 1``) leaves a gap
        in the log, after which every such value is computed again."""
        self._version += 1
        changes = self._changes
        if len(changes) >= 64:
            del changes[:32]
        changes.append((self._version, lx, what, detail))

    def _changes_since(self, version: int) -> list[tuple[int, Any, Any, Any]] | None:
        """The logged changes after *version* (see _changed), oldest first; None when the log
        does not hold them all."""
        changes = self._changes
        count = self._version - version
        if count < 0 or count > len(changes) or (count and (
                changes[-count][0] != version + 1 or changes[-1][0] != self._version)):
            return None
        return changes[-count:] if count else []

    def _unchanged_under(self, version: int, root_lx: Any) -> bool:
        """Whether every change after *version* happened outside *root_lx*'s subtree (its
        inclusive descendants), as far as the log of changes tells."""
        changes = self._changes
        count = self._version - version
        if count <= 0 or count > len(changes) or changes[-count][0] != version + 1 or changes[-1][0] != self._version:
            return False
        for _, lx, _what, _detail in changes[-count:]:
            if lx is None or lx is root_lx:
                return False
            for ancestor in lx.iterancestors():
                if ancestor is root_lx:
                    return False
        return True

    def _attribute_changes_since(self, version: int) -> list[Any] | None:
        """The lxml elements whose attributes changed after *version*, if attribute changes were
        all that changed the tree since; else None."""
        steps = self._attribute_steps
        count = self._version - version
        if count <= 0 or count > len(steps) or steps[-count][0] != version + 1 or steps[-1][0] != self._version:
            return None
        return [lx for _, lx in steps[-count:]]
