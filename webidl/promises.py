"""Promise types (https://webidl.spec.whatwg.org/#idl-promise) for operations that settle at once.

webdom runs no event loop, so an operation whose IDL return type is ``Promise<T>`` and that
needs nothing but its arguments (the Fetch body readers ``text()``, ``json()``, ``formData()``...)
returns a :class:`Promise` that is already fulfilled or rejected.  Python reads it with
``promise.result()`` (the value, or the rejection raised) or ``await promise``; the JS binding
turns it into a JS promise settled the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

__all__ = ["Promise", "promise_from"]


class Promise:
    """A settled promise: ``state`` is "fulfilled" or "rejected"."""

    __slots__ = ("state", "_value")
    state: str
    _value: Any

    def __init__(self) -> None:
        raise TypeError("Illegal constructor: use Promise.resolved(value) or Promise.rejected(exception)")

    @classmethod
    def resolved(cls, value: Any) -> Promise:
        """https://webidl.spec.whatwg.org/#a-promise-resolved-with"""
        promise = cls.__new__(cls)
        promise.state = "fulfilled"
        promise._value = value
        return promise

    @classmethod
    def rejected(cls, reason: BaseException) -> Promise:
        """https://webidl.spec.whatwg.org/#a-promise-rejected-with"""
        promise = cls.__new__(cls)
        promise.state = "rejected"
        promise._value = reason
        return promise

    @property
    def reason(self) -> BaseException | None:
        """The rejection reason (None when fulfilled)."""
        return self._value if self.state == "rejected" else None

    def result(self) -> Any:
        """The fulfillment value; a rejected promise raises its reason."""
        if self.state == "rejected":
            raise self._value
        return self._value

    def __await__(self) -> Generator[Any, None, Any]:
        return self.result()
        yield  # a generator: ``await`` reads the value without suspending

    def __repr__(self) -> str:
        return f"<Promise {self.state}: {self._value!r}>"


def promise_from(steps: Callable[[], Any]) -> Promise:
    """Run *steps*; a promise fulfilled with what they return, or rejected with what they raise
    (https://webidl.spec.whatwg.org/#dfn-create-operation-function step 2: an operation that
    returns a promise rejects it instead of throwing)."""
    try:
        return Promise.resolved(steps())
    except Exception as error:  # noqa: BLE001 -- every exception becomes the rejection
        return Promise.rejected(error)
