"""The loader of a document's subresources, when the user gave one.

A parsed document never fetches anything.  A document loaded through a loader the user made
(``webdom.Session``, which stands above this package) keeps it in ``document._loader``, and the
members whose answer needs a subresource (a frame's ``contentDocument``) ask it.  This module
declares what such a loader offers, so that the floors below the front door can call it without
knowing the HTTP client behind it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .nodes.document import Document
    from .nodes.element import Element

__all__ = ["SubresourceLoader"]


class SubresourceLoader(Protocol):
    """What a document's loader does for it."""

    def nested_document(self, container: Element) -> Document | None:
        """The document an iframe or frame element shows (its src fetched and parsed, its
        srcdoc parsed), None when it shows none; loaded once per URL and kept."""
        ...
