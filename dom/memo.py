"""The document's memo: values derived from its tree, each computed once per document version.

Every tree or attribute mutation is a new version of the document (``Document._version``), and
a value derived from the tree -- a live collection's members, a form's listed elements, the
cascade -- is kept with the version it was computed at (``Document._memoized``).  What a value
is, is a :class:`MemoKey` declared at module level by the module that derives it, together with
the node or object it is about: a misspelt kind is a NameError, not a silent miss, and
``grep MemoKey`` lists every kind of derived value.
"""

from __future__ import annotations

__all__ = ["MemoKey"]


class MemoKey:
    """A kind of value derived from a document's tree (compared by identity)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<MemoKey {self.name}>"
