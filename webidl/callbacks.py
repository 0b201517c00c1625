"""Invoking a callback function with its callback this value
(https://webidl.spec.whatwg.org/#invoke-a-callback-function).

A Python callable has no ``this``: the DOM calls it with the arguments alone.  A function from a
script engine's binding (webdom.js) is a :class:`ScriptFunction` and gets the ``this`` the
calling algorithm names -- a MutationObserver's callback is called with the observer as ``this``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ScriptFunction", "invoke_callback_function"]


class ScriptFunction:
    """A callback function that takes a callback this value."""

    __slots__ = ()

    def call_with_this(self, this: Any, *args: Any) -> Any:
        raise NotImplementedError


def invoke_callback_function(callback: Any, this: Any, *args: Any) -> Any:
    """https://webidl.spec.whatwg.org/#invoke-a-callback-function (step 10: call F with
    thisArg and the converted arguments)."""
    if isinstance(callback, ScriptFunction):
        return callback.call_with_this(this, *args)
    return callback(*args)
