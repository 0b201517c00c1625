"""DOMException and its per-name subclasses (https://webidl.spec.whatwg.org/#idl-DOMException)."""

import pickle

import pytest

import webidl
from webidl import DOMException, DOMSyntaxError, IndexSizeError, RangeError
from webidl.exceptions import ERROR_NAMES


def test_defaults():
    e = DOMException()
    assert (e.message, e.name, e.code) == ("", "Error", 0)
    assert isinstance(e, Exception)


@pytest.mark.parametrize("name, code", sorted(ERROR_NAMES.items()))
def test_every_name_has_a_subclass_and_code(name, code):
    e = DOMException("msg", name)
    assert type(e) is not DOMException and isinstance(e, DOMException)
    assert (e.name, e.code, e.message) == (name, code, "msg")
    cls = type(e)
    assert getattr(webidl, cls.__name__) is cls
    direct = cls("other")
    assert (direct.name, direct.code) == (name, code)
    restored = pickle.loads(pickle.dumps(e))
    assert type(restored) is cls and restored.message == "msg" and restored.name == name


def test_syntax_error_name_and_python_class():
    e = DOMSyntaxError("bad selector")
    assert e.name == "SyntaxError" and e.code == 12 and DOMException.SYNTAX_ERR == 12
    assert not isinstance(e, SyntaxError)  # Python's builtin is a different thing
    assert repr(e) == "DOMSyntaxError('bad selector', name='SyntaxError')"


def test_unknown_name_and_conversions():
    e = DOMException(5, "CustomThing")
    assert type(e) is DOMException and e.message == "5" and e.code == 0
    assert DOMException(None).message == "null"


def test_legacy_constants_and_catching():
    assert DOMException.INDEX_SIZE_ERR == 1 and DOMException.VALIDATION_ERR == 16
    with pytest.raises(IndexSizeError):
        raise DOMException("x", "IndexSizeError")
    assert issubclass(RangeError, ValueError)


def test_quota_exceeded_error_interface() -> None:
    # https://webidl.spec.whatwg.org/#quotaexceedederror
    import pickle

    import pytest

    from webidl import DOMException, QuotaExceededError, RangeError

    e = QuotaExceededError("full", {"quota": 200, "requested": 250})
    assert (e.name, e.code, e.message, e.quota, e.requested) == ("QuotaExceededError", 22, "full", 200.0, 250.0)
    assert isinstance(e, DOMException)
    plain = DOMException("m", "QuotaExceededError")
    assert isinstance(plain, QuotaExceededError) and plain.quota is None and plain.requested is None
    assert QuotaExceededError(quota=1).quota == 1.0
    back = pickle.loads(pickle.dumps(e))
    assert (type(back), back.message, back.quota, back.requested) == (QuotaExceededError, "full", 200.0, 250.0)
    with pytest.raises(RangeError):
        QuotaExceededError("", {"quota": -1})
    with pytest.raises(RangeError):
        QuotaExceededError("", {"requested": -1})
    with pytest.raises(RangeError):
        QuotaExceededError("", {"quota": 10, "requested": 5})
    with pytest.raises(TypeError):
        QuotaExceededError("", {"quota": float("nan")})
