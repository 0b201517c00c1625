"""String-level infrastructure with no tree: Infra, URL, HTML microsyntaxes, encodings, MIME types,
structured clone.  Depends only on :mod:`webidl`."""

from .domstringlist import DOMStringList
from .structured_clone import structuredClone

__all__ = ["DOMStringList", "structuredClone"]
