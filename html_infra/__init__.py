"""String-level infrastructure with no tree: Infra, URL, HTML microsyntaxes, encodings, MIME types,
structured clone, Blob and File.  Depends only on :mod:`webidl`.

The names below are loaded when first used (``html_infra.URL`` imports the URL modules then), so
importing one submodule does not load all of them."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .blob import Blob, File
    from .domstringlist import DOMStringList
    from .encoding import TextDecoder, TextEncoder
    from .structured_clone import structuredClone
    from .url import URL, URLError, URLSearchParams

__all__ = ["Blob", "DOMStringList", "File", "TextDecoder", "TextEncoder", "structuredClone"]
__all__ += ["URL", "URLError", "URLSearchParams"]

_MODULES = {
    "Blob": ".blob", "File": ".blob", "DOMStringList": ".domstringlist", "TextDecoder": ".encoding",
    "TextEncoder": ".encoding", "structuredClone": ".structured_clone", "URL": ".url", "URLError": ".url",
    "URLSearchParams": ".url",
}


def __getattr__(name: str) -> Any:
    """https://peps.python.org/pep-0562/: a public name, imported from its module on first use."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
