"""Cascade layers' order (https://drafts.csswg.org/css-cascade-5/#layer-ordering): the layers of
an origin in the order their names are first declared (``@layer`` statements and blocks, in
the order of the style sheets), a nested layer ordered among its parent's sublayers, before the
parent's own rules; the unlayered rules form an implicit last layer.

Each layer is given a sort key (a tuple of its and its ancestors' positions, then a terminator
larger than any position): normal declarations of a later key win, important ones of an
earlier key (https://drafts.csswg.org/css-cascade-5/#cascade-layering).  No key is a prefix of
another, so negating each position reverses the order for important declarations.
"""

from __future__ import annotations

__all__ = ["UNLAYERED", "LayerOrder", "important_key"]

_LAST = 1 << 30  # after every declared layer: a layer's own rules after its sublayers
UNLAYERED: tuple[int, ...] = (_LAST,)


class LayerOrder:
    """The layers declared so far in one origin, each under its parent."""

    __slots__ = ("_children", "_anonymous")

    def __init__(self) -> None:
        self._children: dict[tuple[str, ...], list[str]] = {}
        self._anonymous = 0

    def declare(self, parent: tuple[str, ...], name: str) -> tuple[str, ...]:
        """https://drafts.csswg.org/css-cascade-5/#layer-names: the layer *name* (dotted names
        declare each of their parts; "" is a new anonymous layer) inside *parent*, as a path."""
        path = parent
        if not name:
            self._anonymous += 1
            parts = [f" anonymous {self._anonymous}"]  # a name no rule can write
        else:
            parts = [part.strip() for part in name.split(".")]
        for part in parts:
            children = self._children.setdefault(path, [])
            if part not in children:
                children.append(part)
            path = (*path, part)
        return path

    def key(self, path: tuple[str, ...]) -> tuple[int, ...]:
        """The sort key of the rules directly in layer *path* (() is the unlayered rules)."""
        positions = [self._children[path[:depth]].index(path[depth]) for depth in range(len(path))]
        return (*positions, _LAST)


def important_key(key: tuple[int, ...]) -> tuple[int, ...]:
    """The key that orders important declarations: the layers' order reversed."""
    return tuple(-position for position in key)
