"""Shadow hosts (https://dom.spec.whatwg.org/#element-shadow-host): an element's shadow root, and
whether any shadow root was ever attached.

The node tree's own algorithms (insertion, removal, adoption, slot assignment) ask these; the
ShadowRoot interface itself (dom/nodes/shadow.py) stands above them.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .shadow import ShadowRoot

__all__ = ["is_shadow_root", "shadow_root_of", "note_shadow_host", "shadow_hosts", "state"]

# Whether any shadow root was ever attached: the slot hooks of the mutation algorithms do nothing
# until then (a page without shadow trees pays one dictionary lookup per mutation).
state = {"active": False}
# Each document in which a shadow root was ever attached, with those hosts (its computed styles
# follow the flat tree: dom/cssom/scoping.py; the others need not look for hosts).
shadow_hosts: weakref.WeakKeyDictionary[Any, weakref.WeakSet[Any]] = weakref.WeakKeyDictionary()


def note_shadow_host(document: Any, host: Any) -> None:
    """Remember that *host*, an element of *document*, hosts a shadow root (shadow_hosts)."""
    hosts = shadow_hosts.get(document)
    if hosts is None:
        hosts = shadow_hosts[document] = weakref.WeakSet()
    hosts.add(host)


def shadow_root_of(element: Any) -> ShadowRoot | None:
    """The element's shadow root (https://dom.spec.whatwg.org/#concept-element-shadow-root), or None."""
    if getattr(element, "_rare", None) is None:
        return None  # (an element's rare fields, the shadow root among them, are unset: no exception to catch)
    try:
        result: ShadowRoot | None = element._shadow_root
        return result
    except AttributeError:  # not an element, or no shadow root attached
        return None


def is_shadow_root(node: object) -> bool:
    """Whether *node* is a ShadowRoot (https://dom.spec.whatwg.org/#concept-shadow-root)."""
    return getattr(node, "_is_shadow_root", False) is True
