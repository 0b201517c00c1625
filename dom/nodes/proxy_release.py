"""Dropping many lxml proxies in linear time.

lxml frees a proxy's node with it when nothing else of the tree needs the node: on the proxy's
dealloc it walks up from the node to the first ancestor that still has a proxy, or to the
document.  Freeing the proxies of elements whose ancestors have none therefore costs
O(depth) each: a list of the forms of 16,000 nested tables took seconds to drop.  So
:func:`release_proxies` first gives every ancestor of the list's nodes a proxy (up to one that
has one), then drops each of them only after every child of it among them was dropped: every walk
up then stops at the parent.  The C version (proxy_release_speedups.c) passes by the ancestors
whose proxies are held elsewhere; this reference, which cannot tell them apart, holds them too.

Proxies made and dropped one at a time (a walk's, a getparent's) have the same cost.  A parsed
tree nested deeper than the parser's limit (512) keeps the proxies of :func:`anchor_elements` for
its life: every 64th level's, so that no walk up from a released proxy passes more than 64
ancestors.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from .speedups import extension

__all__ = ["release_proxies", "has_parent", "anchor_elements", "ANCHOR_STRIDE"]

# The levels between the anchors a deep tree keeps (see the module docstring).
ANCHOR_STRIDE = 64


def _release_proxies(proxies: list[Any]) -> None:
    """Drop the lxml proxies of *proxies* (the list is emptied), children first."""
    pending: dict[Any, int] = dict.fromkeys(proxies, 0)  # proxy -> its children here not yet dropped
    proxies.clear()
    order = list(pending)
    for lx in order:  # (grows while read: the ancestors are added at its end)
        parent = lx.getparent() if hasattr(lx, "getparent") else None
        if parent is None:
            continue
        if parent not in pending:
            pending[parent] = 0
            order.append(parent)
        pending[parent] += 1
    leaves = [lx for lx in order if pending[lx] == 0]
    order.clear()
    while leaves:
        lx = leaves.pop()
        parent = lx.getparent() if hasattr(lx, "getparent") else None
        del pending[lx]
        del lx  # the last reference: its parent still has a proxy here
        if parent is not None:
            pending[parent] -= 1
            if pending[parent] == 0:
                leaves.append(parent)
            del parent


release_proxies: Any = getattr(extension, "release_proxies", None) or _release_proxies


def _has_parent(lx: Any) -> bool:
    """Whether lxml node *lx* has a parent (an element: lxml gives none for the document)."""
    return lx.getparent() is not None


# (C: asked without making the parent's proxy, whose release would walk up its ancestors)
has_parent: Any = getattr(extension, "has_parent", None) or _has_parent


def _anchor_elements(lx: Any, stride: int) -> list[Any]:
    """The proxies of the elements of *lx*'s subtree that have children (not text), at the depths
    below *lx* that are multiples of *stride*, in tree order."""
    every = list(lx.iter(etree.Element))  # (all held: none is dropped while the walk runs)
    depth = {lx: 0}
    anchors = []
    for element in every[1:]:
        level = depth[element.getparent()] + 1
        depth[element] = level
        if level % stride == 0 and len(element):
            anchors.append(element)
    depth.clear()
    release_proxies(every)
    return anchors


anchor_elements: Any = getattr(extension, "anchor_elements", None) or _anchor_elements
