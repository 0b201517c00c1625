"""Assigning an attribute that an interface does not have raises AttributeError.

In JavaScript ``p.innerHtml = "x"`` silently adds an expando property and leaves the page as it
was; in Python a misspelt attribute would do the same on a wrapper with a ``__dict__``.  Elements
and documents therefore accept only their interface's attributes (and private ``_names``), and the
error names the member the caller probably meant (``innerHTML``, ``className``).  Data of one's own
belongs in ``element.dataset`` (``data-*`` attributes, kept in the markup) or in a dict or
``weakref.WeakKeyDictionary`` keyed by the node (nodes are hashable and keep their identity).
"""

from __future__ import annotations

from functools import cache
from typing import Any

__all__ = ["guarded_setattr", "suggestion", "unknown_attribute"]

_set = object.__setattr__


@cache
def _public_names(cls: type) -> tuple[str, ...]:
    return tuple(name for name in dir(cls) if not name.startswith("_"))


def suggestion(cls: type, name: str) -> str:
    """``"; did you mean 'innerHTML'?"`` for the member of *cls* closest to *name*, or ``""``."""
    names = _public_names(cls)
    folded = name.lower().replace("_", "").replace("-", "")
    for candidate in names:  # a case or separator slip first: innerHtml, classname, inner_html
        if candidate.lower() == folded:
            return f"; did you mean {candidate!r}?"
    import difflib  # lazy: only a mistake needs it, and it costs an import ~10 ms

    close = difflib.get_close_matches(name, names, n=1, cutoff=0.75)
    return f"; did you mean {close[0]!r}?" if close else ""


def unknown_attribute(obj: object, name: str) -> AttributeError:
    """The error for assigning *name*, which the interface of *obj* does not have."""
    kind = type(obj).__name__
    return AttributeError(
        f"{kind} has no attribute {name!r}{suggestion(type(obj), name)} (DOM objects take only their interface's "
        "attributes: keep your own data in element.dataset or in a WeakKeyDictionary keyed by the node)"
    )


def guarded_setattr(self: object, name: str, value: Any) -> None:
    """``__setattr__`` of Element and Document: refuse public names that the class does not define.

    Private names (``_value``) pass after one check of their first character: wrappers are
    created by the thousand, and their fields are all private.
    """
    if name[0] == "_" or hasattr(type(self), name):
        _set(self, name, value)
    else:
        raise unknown_attribute(self, name)
