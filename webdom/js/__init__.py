"""The ECMAScript binding of Web IDL over webdom, through SpiderMonkey (``pythonmonkey``),
QuickJS-ng (``quickjs-ng``) with ``Realm(document, engine="quickjs")``, or V8 (``stpyv8``) with
``Realm(document, engine="v8")`` (engine.py).

An optional extra: ``pip install 'webdom[js]'`` (V8: ``'webdom[js-v8]'``).  :class:`Realm`
sets up the process's JS global for a document (interface objects generated from the IDL,
``window``/``document``, ``console``, timers on a virtual clock) with no way to reach a network
or a file::

    import asyncio, webdom
    from webdom.js import Realm

    document = webdom.parse_html("<p id=a>hi</p>")
    realm = Realm(document)
    realm.eval("document.getElementById('a').textContent")   # 'hi'

``eval`` reports an uncaught exception as a page's script would; ``evaluate`` raises it as
:class:`ScriptError`; ``run_until_idle()`` (or ``await realm.run()`` in a running loop) runs the
timers.
"""

from __future__ import annotations

import importlib.util
from typing import Any

__all__ = ["Realm", "ScriptError"]


def __getattr__(name: str) -> Any:
    # The engine starts on first use, not on import (the WPT runner forks after importing the
    # binding's Python half; SpiderMonkey's threads do not survive a fork).
    # The interface descriptions (webdom.js.interfaces) need no engine; a Realm needs the
    # optional `js` extra.
    if name in ("Realm", "ScriptError"):
        if all(importlib.util.find_spec(m) is None for m in ("pythonmonkey", "quickjs", "STPyV8")):
            raise ImportError("webdom.js runs JavaScript with pythonmonkey (or quickjs-ng, or STPyV8):"
                              " pip install 'webdom[js]'")
        from . import realm  # lazy: a realm's engine starts when it is made

        return getattr(realm, name)
    raise AttributeError(name)
