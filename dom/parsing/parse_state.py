"""The parse state's two lists (https://html.spec.whatwg.org/#parse-state): the stack of open
elements and the list of active formatting elements, each keeping the counts the tree builder
asks about so that deep or wide hostile markup stays linear ("is there a p on the stack", "is
this element on the stack", "is there an a after the last marker", the Noah's Ark count).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from html_infra.infra import HTML_NAMESPACE

if TYPE_CHECKING:
    from .tree_construction import ParserElement

__all__ = ["MARKER", "OpenElements", "ActiveFormatting"]

MARKER = object()  # https://html.spec.whatwg.org/#concept-parser-marker


class OpenElements(list["ParserElement"]):
    """https://html.spec.whatwg.org/#stack-of-open-elements with the HTML elements on it counted
    by name and its members known."""

    __slots__ = ("counts", "members")

    def __init__(self, root: Any) -> None:
        super().__init__()
        self.counts: dict[str, int] = {}
        self.members: set[int] = set()
        self.append(root)

    def _add(self, element: Any) -> None:
        self.members.add(id(element))
        if element.namespace == HTML_NAMESPACE:
            self.counts[element.name] = self.counts.get(element.name, 0) + 1

    def _drop(self, element: Any) -> None:
        self.members.discard(id(element))
        if element.namespace == HTML_NAMESPACE:
            self.counts[element.name] -= 1

    def count_of(self, name: str) -> int:
        """How many HTML elements named *name* are on the stack."""
        return self.counts.get(name, 0)

    def __contains__(self, element: object) -> bool:
        return id(element) in self.members

    def append(self, element: Any) -> None:
        super().append(element)
        self._add(element)

    def insert(self, index: Any, element: Any) -> None:
        super().insert(index, element)
        self._add(element)

    def pop(self, index: Any = -1) -> ParserElement:
        element = super().pop(index)
        self._drop(element)
        return element

    def remove(self, element: Any) -> None:
        for index in range(len(self) - 1, -1, -1):
            if self[index] is element:
                del self[index]
                return
        raise ValueError("not on the stack of open elements")

    def __delitem__(self, key: Any) -> None:
        removed = self[key] if isinstance(key, slice) else [self[key]]
        super().__delitem__(key)
        for element in removed:
            self._drop(element)

    def __setitem__(self, index: Any, element: Any) -> None:
        old = self[index]
        super().__setitem__(index, element)
        self._drop(old)
        self._add(element)


def _signature(element: Any) -> tuple[Any, ...]:
    """What the Noah's Ark clause compares: tag name, namespace and the attributes as parsed."""
    return (element.name, element.namespace, frozenset(element.attributes.items()))


class ActiveFormatting(list[Any]):  # elements and MARKER
    """https://html.spec.whatwg.org/#list-of-active-formatting-elements with, for the entries
    after the last marker, counts by tag name and by Noah's Ark signature."""

    __slots__ = ("members", "_names", "_signatures", "_home")

    def __init__(self) -> None:
        super().__init__()
        self.members: set[int] = set()
        self._names: list[dict[str, int]] = [{}]  # one per marker segment
        self._signatures: list[dict[tuple[Any, ...], int]] = [{}]
        self._home: dict[int, tuple[dict[str, int], dict[tuple[Any, ...], int], tuple[Any, ...]]] = {}

    def _add(self, element: Any) -> None:
        names, signatures = self._names[-1], self._signatures[-1]
        signature = _signature(element)
        names[element.name] = names.get(element.name, 0) + 1
        signatures[signature] = signatures.get(signature, 0) + 1
        self._home[id(element)] = (names, signatures, signature)
        self.members.add(id(element))

    def _drop(self, element: Any) -> None:
        if element is MARKER:
            self._names.pop()
            self._signatures.pop()
            return
        names, signatures, signature = self._home.pop(id(element))
        names[element.name] -= 1
        signatures[signature] -= 1
        self.members.discard(id(element))

    def count_named(self, name: str) -> int:
        """How many entries after the last marker have the tag name *name*."""
        return self._names[-1].get(name, 0)

    def count_same(self, element: Any) -> int:
        """How many entries after the last marker are the same as *element* for Noah's Ark."""
        return self._signatures[-1].get(_signature(element), 0)

    def __contains__(self, element: object) -> bool:
        return id(element) in self.members

    def append(self, entry: Any) -> None:
        super().append(entry)
        if entry is MARKER:
            self._names.append({})
            self._signatures.append({})
        else:
            self._add(entry)

    def insert(self, index: Any, element: Any) -> None:
        super().insert(index, element)
        self._add(element)

    def pop(self, index: Any = -1) -> Any:
        entry = super().pop(index)
        self._drop(entry)
        return entry

    def remove(self, element: Any) -> None:
        for index in range(len(self) - 1, -1, -1):
            if self[index] is element:
                del self[index]
                return
        raise ValueError("not in the list of active formatting elements")

    def index(self, element: Any, *args: Any) -> int:
        for index in range(len(self) - 1, -1, -1):
            if self[index] is element:
                return index
        raise ValueError("not in the list of active formatting elements")

    def __delitem__(self, index: Any) -> None:
        entry = self[index]
        super().__delitem__(index)
        self._drop(entry)

    def __setitem__(self, index: Any, element: Any) -> None:
        old = self[index]
        super().__setitem__(index, element)
        self._drop(old)
        self._add(element)
