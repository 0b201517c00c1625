"""The ``id`` and ``name`` values of a document's elements, which the named properties of
Document and Window are looked up by (https://html.spec.whatwg.org/#dom-document-nameditem,
https://html.spec.whatwg.org/#named-access-on-the-window-object).

A script asks about them on every property read of ``document`` ([LegacyOverrideBuiltIns] lets
an element named ``createElement`` hide the method), so the question "may *name* be a named
property?" must not cost a walk of the tree after each change: a script that creates and
appends n elements would pay O(n²).  :class:`TreeNames` is a superset of the values in the
tree, made by one walk and then kept up to date from what changed since it was last read: the
elements inserted (their subtrees) and the elements whose attributes changed, which the
document notes (:meth:`TreeNames.note`) once someone has asked.  Values of removed elements
stay until the next walk, which comes when catching up would cost more than walking again;
a value found here is only a candidate, looked up exactly by the caller.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

__all__ = ["TreeNames", "may_name"]

# Catching up is never allowed to cost less than this many elements before a walk is preferred.
_MINIMUM_BUDGET = 256


class TreeNames:
    """The ``id`` and ``name`` values of a document's elements (None among them), and the
    changes not yet read into them."""

    __slots__ = ("names", "log", "budget", "spent")

    def __init__(self) -> None:
        self.names: set[str | None] = set()
        # (lxml element, whether its subtree came with it): elements inserted or whose
        # attributes changed since the last read; None when the next read walks the tree.
        self.log: list[tuple[Any, bool]] | None = None
        self.budget = _MINIMUM_BUDGET  # elements that catching up may read before a walk
        self.spent = 0  # elements read while catching up since the last walk

    def note(self, lx: Any, subtree: bool) -> None:
        """Element *lx* was inserted (*subtree*: with its descendants) or its attributes changed."""
        log = self.log
        if log is None:
            return
        if len(log) >= self.budget:  # a walk costs less than reading more than that
            self.log = None
            return
        log.append((lx, subtree))

    def _walk(self, document: Any) -> None:
        names: set[str | None] = set()
        count = 0
        root = document.documentElement
        if root is not None:
            for lx in root._lx.iter(tag=etree.Element):
                names.add(lx.get("name"))
                names.add(lx.get("id"))
                count += 1
        self.names = names
        self.log = []
        self.budget = max(_MINIMUM_BUDGET, count)
        self.spent = 0

    def _catch_up(self, document: Any) -> None:
        log = self.log
        assert log is not None
        names = self.names
        read: set[Any] = set()  # elements whose whole subtree was read (lxml proxies, held by the log)
        allowed = self.budget - self.spent
        for lx, subtree in log:
            if lx in read:
                continue
            if not subtree:
                names.add(lx.get("name"))
                names.add(lx.get("id"))
                continue
            for element in lx.iter(tag=etree.Element):
                read.add(element)
                names.add(element.get("name"))
                names.add(element.get("id"))
            if len(read) > allowed:  # catching up has cost as much as a walk
                self._walk(document)
                return
        self.spent += len(read) + len(log)
        log.clear()
        if self.spent > self.budget:  # forget the values of removed elements now and then
            self.log = None

    def read(self, document: Any) -> set[str | None]:
        """The values, brought up to date."""
        if self.log is None:
            self._walk(document)
        elif self.log:
            self._catch_up(document)
        return self.names


def may_name(document: Any, name: str) -> bool:
    """Whether *name* may be the ``id`` or ``name`` of an element of *document*'s tree (false
    only when it is not)."""
    names = document._tree_names
    if names is None:
        names = document._tree_names = TreeNames()
    if any(not " " <= c <= "~" for c in name):  # lxml keeps such values escaped: ask the DOM
        return True
    return name in names.read(document)
