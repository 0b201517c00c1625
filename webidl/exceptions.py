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

from typing import TYPE_CHECKING, Any, ClassVar

from .conversions import to_dom_string, to_double

if TYPE_CHECKING:
    from .dictionary_types import QuotaExceededErrorOptions

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

    def __init_subclass__(cls, name: str | None = None, **kwargs: Any) -> None:
        # ``class IndexSizeError(DOMException, name="IndexSizeError")`` registers a names-table entry.
        super().__init_subclass__(**kwargs)
        if name is not None:
            cls.default_name = name
            if cls.__doc__ is None:
                cls.__doc__ = f"The {name!r} DOMException (https://webidl.spec.whatwg.org/#{name.lower()})."
            DOMException._by_name[name] = cls

    def __new__(cls, message: str = "", name: str | None = None) -> DOMException:
        if cls is DOMException and name is not None:
            cls = DOMException._by_name.get(str(name), DOMException)
        return super().__new__(cls)

    def __init__(self, message: str = "", name: str | None = None) -> None:
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

    return to_dom_string(value)


class RangeError(ValueError):
    """The ECMAScript RangeError (https://webidl.spec.whatwg.org/#exceptiondef-rangeerror)."""


class IndexSizeError(DOMException, name="IndexSizeError"):
    pass


class HierarchyRequestError(DOMException, name="HierarchyRequestError"):
    pass


class WrongDocumentError(DOMException, name="WrongDocumentError"):
    pass


class InvalidCharacterError(DOMException, name="InvalidCharacterError"):
    pass


class NoModificationAllowedError(DOMException, name="NoModificationAllowedError"):
    pass


class NotFoundError(DOMException, name="NotFoundError"):
    pass


class NotSupportedError(DOMException, name="NotSupportedError"):
    pass


class InUseAttributeError(DOMException, name="InUseAttributeError"):
    pass


class InvalidStateError(DOMException, name="InvalidStateError"):
    pass


# Python's builtin SyntaxError would clash: the class is DOMSyntaxError, its .name "SyntaxError".
class DOMSyntaxError(DOMException, name="SyntaxError"):
    pass


class InvalidModificationError(DOMException, name="InvalidModificationError"):
    pass


class NamespaceError(DOMException, name="NamespaceError"):
    pass


class InvalidAccessError(DOMException, name="InvalidAccessError"):
    pass


class TypeMismatchError(DOMException, name="TypeMismatchError"):
    pass


class SecurityError(DOMException, name="SecurityError"):
    pass


class NetworkError(DOMException, name="NetworkError"):
    pass


class AbortError(DOMException, name="AbortError"):
    pass


class URLMismatchError(DOMException, name="URLMismatchError"):
    pass



class QuotaExceededError(DOMException, name="QuotaExceededError"):
    """https://webidl.spec.whatwg.org/#quotaexceedederror

    A DOMException-derived interface in the current standard:
    ``QuotaExceededError(message="", {"quota": q, "requested": r})`` (or ``quota=``/``requested=``
    keywords); both are numbers or None.  ``code`` stays 22 (the legacy table entry).
    """

    def __new__(cls, *args: Any, **kwargs: Any) -> QuotaExceededError:
        return Exception.__new__(cls)

    def __init__(
        self,
        message: str = "",
        options: QuotaExceededErrorOptions | str | None = None,
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


# Python 3.11 has a builtin TimeoutError too.
class TimeoutError_(DOMException, name="TimeoutError"):
    pass


class InvalidNodeTypeError(DOMException, name="InvalidNodeTypeError"):
    pass


class DataCloneError(DOMException, name="DataCloneError"):
    pass


class EncodingError(DOMException, name="EncodingError"):
    pass


class NotReadableError(DOMException, name="NotReadableError"):
    pass


class UnknownError(DOMException, name="UnknownError"):
    pass


class ConstraintError(DOMException, name="ConstraintError"):
    pass


class DataError(DOMException, name="DataError"):
    pass


class TransactionInactiveError(DOMException, name="TransactionInactiveError"):
    pass


class ReadOnlyError(DOMException, name="ReadOnlyError"):
    pass


class VersionError(DOMException, name="VersionError"):
    pass


class OperationError(DOMException, name="OperationError"):
    pass


class NotAllowedError(DOMException, name="NotAllowedError"):
    pass


class OptOutError(DOMException, name="OptOutError"):
    pass


__all__ = [
    "DOMException", "RangeError", "ERROR_NAMES", "LEGACY_CODES", "QuotaExceededError",
    "IndexSizeError", "HierarchyRequestError", "WrongDocumentError", "InvalidCharacterError",
    "NoModificationAllowedError", "NotFoundError", "NotSupportedError", "InUseAttributeError", "InvalidStateError",
    "DOMSyntaxError", "InvalidModificationError", "NamespaceError", "InvalidAccessError", "TypeMismatchError",
    "SecurityError", "NetworkError", "AbortError", "URLMismatchError", "TimeoutError_", "InvalidNodeTypeError",
    "DataCloneError", "EncodingError", "NotReadableError", "UnknownError", "ConstraintError", "DataError",
    "TransactionInactiveError", "ReadOnlyError", "VersionError", "OperationError", "NotAllowedError",
    "OptOutError",
]
