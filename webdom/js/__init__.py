"""The ECMAScript binding of Web IDL over webdom, through SpiderMonkey (``pythonmonkey``).

An optional extra: ``pip install 'webdom[js]'``.  :class:`Realm` sets up the process's JS global
for a document (interface objects generated from the IDL, ``window``/``document``, ``console``,
timers on a virtual clock) with no way to reach a network or a file::

    import asyncio, webdom
    from webdom.js import Realm

    document = webdom.parse_html("<p id=a>hi</p>")
    realm = Realm(document)
    realm.eval("document.getElementById('a').textContent")   # 'hi'
"""

from __future__ import annotations

try:
    import pythonmonkey  # noqa: F401
except ImportError as error:  # the optional `js` extra
    raise ImportError("webdom.js runs JavaScript with pythonmonkey: pip install 'webdom[js]'") from error

from .realm import Realm

__all__ = ["Realm"]
