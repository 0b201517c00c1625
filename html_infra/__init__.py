"""String-level infrastructure with no tree: Infra, URL, HTML microsyntaxes, encodings, MIME types,
structured clone, Blob and File.  Depends only on :mod:`webidl`."""

from .blob import Blob, File
from .domstringlist import DOMStringList
from .encoding import TextDecoder, TextEncoder
from .structured_clone import structuredClone
from .url import URL, URLError, URLSearchParams

__all__ = ["Blob", "DOMStringList", "File", "TextDecoder", "TextEncoder", "structuredClone"]
__all__ += ["URL", "URLError", "URLSearchParams"]
