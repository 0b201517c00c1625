"""String-level infrastructure with no tree: Infra, URL, HTML microsyntaxes, encodings, MIME types,
structured clone.  Depends only on :mod:`webidl`."""

from .domstringlist import DOMStringList
from .structured_clone import structuredClone
from .url import URL, URLError, URLSearchParams

__all__ = ["DOMStringList", "structuredClone"]
__all__ += ["URL", "URLError", "URLSearchParams"]
