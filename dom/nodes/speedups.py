"""The optional C extension that runs the identity map's hot path (dom/nodes/identity_speedups.c).

``extension`` is the module ``_webdom_speedups`` when the package was built with it (setup.py:
it needs a C compiler) and ``WEBDOM_PURE_PYTHON`` is not set, else None.  node.py's node_for and
Document._wrap_new stay the reference: the extension does what they do for an element whose
names were seen before and hands every other case to them.
"""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["extension"]

extension: ModuleType | None = None
if not os.environ.get("WEBDOM_PURE_PYTHON"):
    try:
        import _webdom_speedups as extension
    except ImportError:  # built without a C compiler, or from a source tree
        extension = None
