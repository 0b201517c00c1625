"""DOMException and the simple exceptions of the ECMAScript binding.

https://webidl.spec.whatwg.org/#idl-DOMException
https://webidl.spec.whatwg.org/#idl-DOMException-error-names
https://webidl.spec.whatwg.org/#dfn-simple-exception

Each name of the DOMException names table gets a Python subclass, so ``except IndexSizeError``
works, and ``DOMException("msg", "IndexSizeError")`` builds an instance of that subclass.
JS TypeError is Python's :class:`TypeError`; JS RangeError is :class:`RangeError`, a
:class:`ValueError`.
"""

from __future__ import annotations

from typing import Any, ClassVar

# https://webidl.spec.whatwg.org/#dfn-error-names-table: name -> legacy code (0 where none).
ERROR_NAMES: dict[str, int] = {
    "IndexSizeError": 1,
    "HierarchyRequestError": 3,
    "WrongDocumentError": 4,
    "InvalidCharacterError": 5,
    "NoModificationAllowedError": 7,
    "NotFoundError": 8,
    "NotSupportedError": 9,
    "InUseAttributeError": 10,
    "InvalidStateError": 11,
    "SyntaxError": 12,
    "InvalidModificationError": 13,
    "NamespaceError": 14,
    "InvalidAccessError": 15,
    "TypeMismatchError": 17,
    "SecurityError": 18,
    "NetworkError": 19,
    "AbortError": 20,
    "URLMismatchError": 21,
    "QuotaExceededError": 22,
    "TimeoutError": 23,
    "InvalidNodeTypeError": 24,
    "DataCloneError": 25,
    "EncodingError": 0,
    "NotReadableError": 0,
    "UnknownError": 0,
    "ConstraintError": 0,
    "DataError": 0,
    "TransactionInactiveError": 0,
    "ReadOnlyError": 0,
    "VersionError": 0,
    "OperationError": 0,
    "NotAllowedError": 0,
    "OptOutError": 0,
}

# The legacy code constants of the DOMException interface (INDEX_SIZE_ERR = 1, ...), including
# the ones whose names left the table (DOMSTRING_SIZE_ERR, NO_DATA_ALLOWED_ERR, VALIDATION_ERR).
LEGACY_CODES: dict[str, int] = {
    "INDEX_SIZE_ERR": 1,
    "DOMSTRING_SIZE_ERR": 2,
    "HIERARCHY_REQUEST_ERR": 3,
    "WRONG_DOCUMENT_ERR": 4,
    "INVALID_CHARACTER_ERR": 5,
    "NO_DATA_ALLOWED_ERR": 6,
    "NO_MODIFICATION_ALLOWED_ERR": 7,
    "NOT_FOUND_ERR": 8,
    "NOT_SUPPORTED_ERR": 9,
    "INUSE_ATTRIBUTE_ERR": 10,
    "INVALID_STATE_ERR": 11,
    "SYNTAX_ERR": 12,
    "INVALID_MODIFICATION_ERR": 13,
    "NAMESPACE_ERR": 14,
    "INVALID_ACCESS_ERR": 15,
    "VALIDATION_ERR": 16,
    "TYPE_MISMATCH_ERR": 17,
    "SECURITY_ERR": 18,
    "NETWORK_ERR": 19,
    "ABORT_ERR": 20,
    "URL_MISMATCH_ERR": 21,
    "QUOTA_EXCEEDED_ERR": 22,
    "TIMEOUT_ERR": 23,
    "INVALID_NODE_TYPE_ERR": 24,
    "DATA_CLONE_ERR": 25,
}


class DOMException(Exception):
    """https://webidl.spec.whatwg.org/#idl-DOMException

    ``DOMException(message="", name="Error")``.  When *name* is in the names table the instance
    is of the matching subclass (``isinstance(DOMException("", "NotFoundError"), NotFoundError)``).
    """

    _by_name: ClassVar[dict[str, type[DOMException]]] = {}
    default_name: ClassVar[str] = "Error"

    def __new__(cls, message: Any = "", name: Any = None) -> DOMException:
        if cls is DOMException and name is not None:
            cls = DOMException._by_name.get(str(name), DOMException)
        return super().__new__(cls)

    def __init__(self, message: Any = "", name: Any = None) -> None:
        # https://webidl.spec.whatwg.org/#dom-domexception-domexception: both are DOMStrings.
        self.message = _to_str(message)
        self.name = type(self).default_name if name is None else _to_str(name)
        super().__init__(self.message)

    @property
    def code(self) -> int:
        """https://webidl.spec.whatwg.org/#dom-domexception-code"""
        return ERROR_NAMES.get(self.name, 0)

    def __reduce__(self) -> tuple[Any, ...]:
        return (DOMException, (self.message, self.name))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, name={self.name!r})"

    def __str__(self) -> str:
        return f"{self.name}: {self.message}" if self.message else self.name


for _const, _value in LEGACY_CODES.items():
    setattr(DOMException, _const, _value)


def _to_str(value: Any) -> str:
    if type(value) is str:
        return value
    from .conversions import to_dom_string  # local: conversions imports this module

    return to_dom_string(value)


class RangeError(ValueError):
    """The ECMAScript RangeError (https://webidl.spec.whatwg.org/#exceptiondef-rangeerror)."""


def _subclass(name: str, python_name: str | None = None) -> type[DOMException]:
    cls = type(python_name or name, (DOMException,), {"default_name": name, "__doc__": (
        f"The {name!r} DOMException (https://webidl.spec.whatwg.org/#{name.lower()})."
    ), "__module__": __name__})
    DOMException._by_name[name] = cls
    return cls


IndexSizeError = _subclass("IndexSizeError")
HierarchyRequestError = _subclass("HierarchyRequestError")
WrongDocumentError = _subclass("WrongDocumentError")
InvalidCharacterError = _subclass("InvalidCharacterError")
NoModificationAllowedError = _subclass("NoModificationAllowedError")
NotFoundError = _subclass("NotFoundError")
NotSupportedError = _subclass("NotSupportedError")
InUseAttributeError = _subclass("InUseAttributeError")
InvalidStateError = _subclass("InvalidStateError")
# Python's builtin SyntaxError would clash: the class is DOMSyntaxError, its .name "SyntaxError".
DOMSyntaxError = _subclass("SyntaxError", "DOMSyntaxError")
InvalidModificationError = _subclass("InvalidModificationError")
NamespaceError = _subclass("NamespaceError")
InvalidAccessError = _subclass("InvalidAccessError")
TypeMismatchError = _subclass("TypeMismatchError")
SecurityError = _subclass("SecurityError")
NetworkError = _subclass("NetworkError")
AbortError = _subclass("AbortError")
URLMismatchError = _subclass("URLMismatchError")


class QuotaExceededError(DOMException):
    """https://webidl.spec.whatwg.org/#quotaexceedederror

    A DOMException-derived interface in the current standard:
    ``QuotaExceededError(message="", {"quota": q, "requested": r})`` (or ``quota=``/``requested=``
    keywords); both are numbers or None.  ``code`` stays 22 (the legacy table entry).
    """

    default_name: ClassVar[str] = "QuotaExceededError"

    def __new__(cls, *args: Any, **kwargs: Any) -> QuotaExceededError:
        return Exception.__new__(cls)

    def __init__(
        self,
        message: Any = "",
        options: Any = None,
        *,
        quota: float | None = None,
        requested: float | None = None,
    ) -> None:
        # DOMException("m", "QuotaExceededError") dispatches here with the name as 2nd argument.
        super().__init__(message)
        opts = dict(options) if isinstance(options, dict) else {}
        if quota is not None:
            opts["quota"] = quota
        if requested is not None:
            opts["requested"] = requested
        self.quota: float | None = None
        self.requested: float | None = None
        # https://webidl.spec.whatwg.org/#dom-quotaexceedederror-quotaexceedederror steps 3-5
        from .conversions import to_double  # local: conversions imports this module

        if opts.get("quota") is not None:
            value = to_double(opts["quota"])
            if value < 0:
                raise RangeError("quota must not be negative")
            self.quota = value
        if opts.get("requested") is not None:
            value = to_double(opts["requested"])
            if value < 0:
                raise RangeError("requested must not be negative")
            self.requested = value
        if self.quota is not None and self.requested is not None and self.requested < self.quota:
            raise RangeError("requested must not be less than quota")

    def __reduce__(self) -> tuple[Any, ...]:
        # https://webidl.spec.whatwg.org/#quotaexceedederror serialization keeps both numbers
        return (QuotaExceededError, (self.message, {"quota": self.quota, "requested": self.requested}))


DOMException._by_name["QuotaExceededError"] = QuotaExceededError
# Python 3.11 has a builtin TimeoutError too.
TimeoutError_ = _subclass("TimeoutError", "TimeoutError_")
InvalidNodeTypeError = _subclass("InvalidNodeTypeError")
DataCloneError = _subclass("DataCloneError")
EncodingError = _subclass("EncodingError")
NotReadableError = _subclass("NotReadableError")
UnknownError = _subclass("UnknownError")
ConstraintError = _subclass("ConstraintError")
DataError = _subclass("DataError")
TransactionInactiveError = _subclass("TransactionInactiveError")
ReadOnlyError = _subclass("ReadOnlyError")
VersionError = _subclass("VersionError")
OperationError = _subclass("OperationError")
NotAllowedError = _subclass("NotAllowedError")
OptOutError = _subclass("OptOutError")

__all__ = ["DOMException", "RangeError", "ERROR_NAMES", "LEGACY_CODES"] + [
    cls.__name__ for cls in DOMException._by_name.values()
]
