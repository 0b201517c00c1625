"""Operations whose arguments the binding converts: the IDL's declaration, not the method body.

https://webidl.spec.whatwg.org/#es-operations: an operation's steps convert each argument to its
IDL type (https://webidl.spec.whatwg.org/#es-type-mapping) before the operation runs; a missing
optional argument, or undefined for one, takes its default.  ``@operations("DOMTokenList",
"toggle", ...)`` on the class whose method implements ``DOMTokenList.toggle`` puts those steps
in front of it, from the signature the generator wrote into :mod:`webidl.operation_signatures`
(from the IDL, ahead of time: nothing is parsed at run time).  The method then receives converted values and is typed
with them (``token: str, force: bool | None = None``), which is what mypy shows its callers.

The wrapper is one generated function per operation (a call of the method with each argument
converted, no loop over a description), so a converted operation costs one Python call more
than a method that converts inline.  The method's parameters must be the IDL arguments, with
their names, in order; an optional argument must have a default (what the method receives when
the argument is missing or undefined); a variadic one is ``*name``.  Where the last argument is
a dictionary, the method may end in ``**name``: a Python caller's keyword arguments are then
members of that dictionary, given after its own (``Event("click", bubbles=True)``), and the
dictionary argument may be left out even where the IDL requires it (its required members are
then checked).  A mismatch is a TypeError when the class is defined; an operation the generated
file has no signature for is left as it is and listed by :func:`unsigned_operations` (a test
requires that list to be empty).
"""

from __future__ import annotations

import functools
import inspect
import keyword
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from .conversions import generated_converter, undefined
from .dictionaries import convert_dictionary
from .operation_signatures import ATTRIBUTES, DICTIONARIES, OVERLOADS, SIGNATURES
from .overloads import resolver
from .platform_objects import implementers, is_interface

__all__ = ["attributes", "operations", "converted_operations", "converts_inline", "implemented_in",
           "inline_conversions", "unsigned_operations"]

_F = TypeVar("_F", bound=Callable[..., Any])
_C = TypeVar("_C", bound=type)
_MISSING = object()
# (interface, operation) of every method given its conversions, for the tests and the counts.
_CONVERTED: dict[tuple[str, str], Callable[..., Any]] = {}
# Operations that keep a conversion of their own on purpose, with the reason (a test compares each
# with the generated conversion).
_INLINE: dict[tuple[str, str], tuple[Callable[..., Any], str]] = {}
# Methods marked as operations that webidl/operation_signatures.py has no signature for (it is
# stale, or the operation cannot be converted there): left as they are, and a test lists them.
_UNSIGNED: dict[tuple[str, str], str] = {}


def converted_operations() -> dict[tuple[str, str], Callable[..., Any]]:
    """(interface, operation or attribute) -> the method or setter (unwrapped) whose arguments
    :func:`operations` or :func:`attributes` convert."""
    return dict(_CONVERTED)


def inline_conversions() -> dict[tuple[str, str], tuple[Callable[..., Any], str]]:
    """(interface, operation) -> (the method, why it converts its arguments itself)."""
    return dict(_INLINE)


def converts_inline(interface: str, *names: str, reason: str) -> Callable[[_C], _C]:
    """Mark methods *names* of a class as converting their arguments themselves, for *reason*:
    an inner loop where the wrapper's extra call would show (``getAttribute`` in a walk over
    every element).  Their conversions must equal the generated ones (a test checks)."""

    def decorate(cls: _C) -> _C:
        for name in names:
            method = vars(cls).get(name)
            if not callable(method) or (interface, name) not in SIGNATURES:
                raise TypeError(f"{cls.__name__}.{name} is not a method with a generated signature of {interface}")
            _INLINE[(interface, name)] = (method, reason)
        return cls

    return decorate


def unsigned_operations() -> dict[tuple[str, str], str]:
    """(interface, operation) -> why a method marked as an operation got no conversions (empty
    while webidl/operation_signatures.py is current)."""
    return dict(_UNSIGNED)


def _idl_name(python_name: str) -> str:
    stripped = python_name[:-1] if python_name.endswith("_") else python_name
    return stripped if keyword.iskeyword(stripped) else python_name


def _converter_for(idl_type: str, flags: set[str]) -> Callable[[Any], Any] | None:
    """The argument's conversion (None for ``any``, which passes the value as it is)."""
    return None if idl_type == "any" else generated_converter(idl_type, flags)


# Values that are already of the IDL type pass without a call: the generated wrapper tests them
# inline (an ASCII str for a DOMString costs two checks, not a conversion call; isascii() reads a
# flag of the string; any other str may hold a surrogate pair to join into its one spelling).
_ALREADY: dict[str, str] = {
    "DOMString": "{v}.__class__ is str and {v}.isascii()",
    "boolean": "{v}.__class__ is bool",
    "unsigned long": "{v}.__class__ is int and 0 <= {v} <= 4294967295",
    "long": "{v}.__class__ is int and -2147483648 <= {v} <= 2147483647",
}


# A union's top-level string member (its nested sequences and records are not top-level members).
# (compiled when the first wrapper is, not at import)
@functools.cache
def _string_member() -> re.Pattern[str]:
    return re.compile(r"(?:^\(|\bor )(?:DOMString|USVString|ByteString)(?: or |\))")


def _converted(idl_type: str, flags: set[str], value: str, convert: str, namespace: dict[str, Any]) -> str:
    """The wrapper's expression converting the argument *value* with the function *convert*.
    A value of an interface type passes when its class is one already seen to implement the
    interface (:func:`webidl.platform_objects.implementers`, a set the conversion fills)."""
    test = _ALREADY.get(idl_type)
    if test is None and _string_member().search(idl_type) and idl_type.startswith("("):
        # a union with a string type: a string is that type (https://webidl.spec.whatwg.org/#es-union:
        # a primitive string reaches the string step), an ASCII str unchanged by it
        test = _ALREADY["DOMString"]
    if test is None and is_interface(idl_type.removesuffix("?")):
        namespace[f"k_{convert}"] = implementers(idl_type.removesuffix("?"))
        test = f"{{v}}.__class__ in k_{convert}"
    if test is None or flags & {"clamp", "enforce_range"}:
        return f"{convert}({value})"
    return f"({value} if {test.format(v=value)} else {convert}({value}))"


def operations(interface: str | tuple[str, ...], *names: str) -> Callable[[_C], _C]:
    """Decorate a class whose methods *names* implement those operations of *interface* (or of
    an interface mixin), named as the operations (a Python keyword with a trailing underscore):
    their arguments arrive converted to their IDL types.  (A class decorator, so that type
    checkers see each method as it is written.)

    *interface* may be a tuple: a class shared by several interfaces (the constraint validation
    API of every listed element) implements each one's operation with one method, so their
    signatures must be the same (a TypeError when the class is defined if they are not)."""
    interfaces = (interface,) if isinstance(interface, str) else interface

    def decorate(cls: _C) -> _C:
        for name in names:
            method = vars(cls).get(name)
            if not callable(method):
                raise TypeError(f"{cls.__name__} defines no method {name}")
            wrapper = operation(interfaces[0])(method)
            table = OVERLOADS if (interfaces[0], _idl_name(name)) in OVERLOADS else SIGNATURES
            for other in interfaces[1:]:
                _same_signature(interfaces[0], other, _idl_name(name), method, table=table)
            installed = []
            for attribute, value in list(vars(cls).items()):
                if value is method:  # the method and its aliases (webkitMatchesSelector = matches)
                    setattr(cls, attribute, wrapper)
                    installed.append((cls, attribute))
                    for each in interfaces:
                        if attribute != name and (each, _idl_name(attribute)) in SIGNATURES:
                            _same_signature(each, each, _idl_name(name), method, alias=_idl_name(attribute))
            if wrapper is not method:
                wrapper._installed = installed  # where the built wrapper goes
        return cls

    return decorate


def _same_signature(first: str, other: str, name: str, method: Callable[..., Any], alias: str | None = None,
                    table: Mapping[tuple[str, str], object] = SIGNATURES) -> None:
    """Record that *other*'s operation (or, with ``table=ATTRIBUTES``, attribute setter) *alias*
    (default: *name*) is the method converted from *first*'s *name*, after checking that the
    two are declared alike in *table*."""
    key = (other, alias or name)
    if key not in table:
        _UNSIGNED[key] = "no generated signature or type, or a stale operation_signatures.py"
        return
    if table[key] != table.get((first, name)):
        raise TypeError(f"{other}.{alias or name} and {first}.{name} share a method but not an IDL declaration")
    _CONVERTED[key] = method


def attributes(interface: str | tuple[str, ...], *names: str) -> Callable[[_C], _C]:
    """Decorate a class whose properties *names* implement those writable attributes of
    *interface*: the value given to each setter arrives converted to the attribute's IDL type
    (https://webidl.spec.whatwg.org/#es-attributes, the setter steps).  A tuple of interfaces
    shares the properties, which must have the same type in each."""
    interfaces = (interface,) if isinstance(interface, str) else interface

    def decorate(cls: _C) -> _C:
        for name in names:
            # (an inherited property is converted for this class alone: input's selectionStart
            # is an unsigned long?, textarea's the same property as an unsigned long)
            prop = next((vars(klass)[name] for klass in cls.__mro__ if name in vars(klass)), None)
            if not isinstance(prop, property) or prop.fset is None:
                raise TypeError(f"{cls.__name__} defines no property {name} with a setter")
            idl_name = _idl_name(name)
            setattr(cls, name, _converted_setter(interfaces[0], idl_name, prop))
            for other in interfaces[1:]:
                _same_signature(interfaces[0], other, idl_name, prop.fset, table=ATTRIBUTES)
        return cls

    return decorate


def _converted_setter(interface: str, name: str, prop: property) -> property:
    declared = ATTRIBUTES.get((interface, name))
    fset = prop.fset
    assert fset is not None
    if declared is None:
        _UNSIGNED[(interface, name)] = "no generated attribute type, or a stale operation_signatures.py"
        return prop
    idl_type, flag_text = declared
    flags = set(flag_text.split(",")) - {""}
    convert = _converter_for(idl_type, flags)
    if convert is None:
        return prop
    setter = _setter(fset, convert, idl_type if not flags & {"clamp", "enforce_range"} else "")
    functools.update_wrapper(setter, fset)
    _CONVERTED[(interface, name)] = fset
    return property(prop.fget, setter, prop.fdel, prop.__doc__)


def _keywords(method: Callable[..., Any]) -> bool:
    """Whether *method* takes ``**keywords`` (its last IDL argument's dictionary members)."""
    code = getattr(method, "__code__", None)
    if code is None:
        return any(p.kind is inspect.Parameter.VAR_KEYWORD for p in inspect.signature(method).parameters.values())
    return bool(code.co_flags & inspect.CO_VARKEYWORDS)


def _parameters(method: Callable[..., Any]) -> list[tuple[str, str, Any]]:
    """The method's parameters after self as (name, kind, default): kind "variadic", "optional"
    or "required" (read from its code object: cheaper at import than inspect.signature)."""
    code = getattr(method, "__code__", None)
    if code is None:
        return [(p.name, "variadic" if p.kind is inspect.Parameter.VAR_POSITIONAL
                 else "required" if p.default is inspect.Parameter.empty else "optional", p.default)
                for p in list(inspect.signature(method).parameters.values())[1:]]
    count = code.co_argcount
    defaults = getattr(method, "__defaults__", None) or ()
    first_default = count - len(defaults)
    found = [(code.co_varnames[i], "optional" if i >= first_default else "required",
              defaults[i - first_default] if i >= first_default else None) for i in range(1, count)]
    if code.co_flags & inspect.CO_VARARGS:
        found.append((code.co_varnames[count + code.co_kwonlyargcount], "variadic", None))
    return found


def _setter(fset: Callable[[Any, Any], None], convert: Callable[[Any], Any],
            idl_type: str) -> Callable[[Any, Any], None]:
    """The setter converting its value (a closure, not compiled text: a setter has one argument;
    the shortcuts are those of :data:`_ALREADY`)."""
    if idl_type == "DOMString":
        def setter(self: Any, value: Any) -> None:
            fset(self, value if value.__class__ is str and value.isascii() else convert(value))
    elif idl_type == "boolean":
        def setter(self: Any, value: Any) -> None:
            fset(self, value if value.__class__ is bool else convert(value))
    elif is_interface(idl_type.removesuffix("?")):
        known = implementers(idl_type.removesuffix("?"))

        def setter(self: Any, value: Any) -> None:
            fset(self, value if value.__class__ in known else convert(value))
    else:
        def setter(self: Any, value: Any) -> None:
            fset(self, convert(value))
    return setter


def operation(interface: str) -> Callable[[_F], _F]:
    """Wrap the method implementing an operation of *interface* in its argument conversions
    (:func:`operations` applies it to a class's methods).

    The method's parameters are checked against the signature at once (a TypeError here); the
    wrapper itself is compiled at the first call (compiling every wrapper would add its time to
    ``import webdom``): until then a stand-in builds it, and :func:`operations` puts the built
    wrapper in the stand-in's place in the class."""

    def decorate(method: _F) -> _F:
        name = "constructor" if method.__name__ == "__init__" else _idl_name(method.__name__)
        arguments = SIGNATURES.get((interface, name))
        if arguments is None and (interface, name) in OVERLOADS:
            return cast("_F", _overloaded(method, interface, name))
        if arguments is None:
            # Not an error here: the generator itself imports these classes to write the file.
            _UNSIGNED[(interface, name)] = ("no generated signature (an overloaded operation, or an argument type "
                                            "webidl.conversions does not convert), or a stale operation_signatures.py")
            return method
        parameters = _parameters(method)
        declared = [argument_name for argument_name, _, _ in arguments]
        if [p[0] for p in parameters] != declared:
            raise TypeError(f"{interface}.{name}: the method's parameters {[p[0] for p in parameters]} are not "
                            f"the IDL arguments {declared}")
        for (argument, _, flag_text), (_, kind, _) in zip(arguments, parameters, strict=True):
            if "variadic" in flag_text and kind != "variadic":
                raise TypeError(f"{interface}.{name}: the variadic argument {argument} must be *{argument}")
            if "optional" in flag_text and kind != "optional":
                raise TypeError(f"{interface}.{name}: the optional argument {argument} needs a default")
        if _keywords(method) and (not arguments or arguments[-1][1] not in DICTIONARIES):
            raise TypeError(f"{interface}.{name}: **keywords stand for members of a last argument of a dictionary type")
        _CONVERTED[(interface, name)] = method
        built: list[Callable[..., Any]] = []

        def stand_in(self: Any, *args: Any, **kwargs: Any) -> Any:
            if not built:
                load = getattr(method, "_load_steps", None)  # (see implemented_in)
                built.append(_compiled(method if load is None else load(), arguments, parameters))
                for owner, attribute in getattr(stand_in, "_installed", ()):
                    if vars(owner).get(attribute) is stand_in:  # (what a load put there stays)
                        setattr(owner, attribute, built[0])
            return built[0](self, *args, **kwargs)

        functools.update_wrapper(stand_in, method)
        return cast("_F", stand_in)

    return decorate


def implemented_in(load: Callable[[], Callable[..., Any]]) -> Callable[[_F], _F]:
    """Mark a method of :func:`operations` whose steps are a function of a module loaded at the
    operation's first call (lazy: a module slow to import that few programs need): *load*
    imports it and returns the function, which the built wrapper then calls in the method's
    place.  The method keeps the signature the IDL's is checked against, and its body calls
    ``load()`` too.  A module that, as it loads, puts a method of its own in the class (a faster
    one for the common call) keeps it there: the built wrapper serves that first call only."""

    def mark(method: _F) -> _F:
        method._load_steps = load  # type: ignore[attr-defined]
        return method

    return mark


def _overloaded(method: Callable[..., Any], interface: str, name: str) -> Callable[..., Any]:
    """The wrapper of a method implementing an overloaded operation (webidl.overloads), after
    checking that it takes as many arguments as the longest overload, positionally."""
    overloads = OVERLOADS[(interface, name)]
    parameters = _parameters(method)
    longest = max(len(arguments) for arguments in overloads)
    if len(parameters) < longest and not any(kind == "variadic" for _, kind, _ in parameters):
        raise TypeError(f"{interface}.{name}: the method takes fewer arguments than the longest overload ({longest})")
    _CONVERTED[(interface, name)] = method
    return resolver(method, overloads, f"{interface}.{name}")


def _compiled(method: Callable[..., Any], arguments: tuple[tuple[str, str, str], ...],
              parameters: list[tuple[str, str, Any]]) -> Callable[..., Any]:
    """The wrapper: one generated function calling *method* with each argument converted."""
    # (in the method's module: a frame of the wrapper counts as one of that module's)
    namespace: dict[str, Any] = {"impl": method, "_M": _MISSING, "_U": undefined, "__name__": method.__module__}
    params: list[str] = []
    passed: list[str] = []
    keywords = _keywords(method)
    for index, ((argument, idl_type, flag_text), (_, _, default)) in enumerate(zip(arguments, parameters, strict=True)):
        flags = set(flag_text.split(",")) - {""}
        convert = _converter_for(idl_type, flags)
        namespace[f"c{index}"] = convert
        value = argument if convert is None else _converted(idl_type, flags, argument, f"c{index}", namespace)
        if keywords and index == len(arguments) - 1:
            # the dictionary with the caller's keyword arguments as further members
            namespace[f"m{index}"] = functools.partial(convert_dictionary, idl_type)
            params.append(f"{argument}=_U")
            passed.append(f"(m{index}({argument}, {idl_type!r}, members) if members else c{index}({argument}))")
        elif "variadic" in flags:
            params.append(f"*{argument}")
            passed.append(f"*{argument}" if convert is None else f"*[c{index}(v) for v in {argument}]")
        elif "empty_dictionary" in flags:
            # a default of {} (a dictionary's, https://webidl.spec.whatwg.org/#idl-operations) is
            # converted like a value given: the method gets the members' defaults
            params.append(f"{argument}=_U")
            passed.append(f"c{index}({argument})")
        elif "optional" in flags:
            namespace[f"d{index}"] = default
            params.append(f"{argument}=_M")
            passed.append(f"(d{index} if {argument} is _M or {argument} is _U else {value})")
        else:
            params.append(argument)
            passed.append(value)
    if keywords:
        params.append("**members")
    source = (f"def {method.__name__}(self, {', '.join(params)}):\n"
              f"    return impl(self, {', '.join(passed)})\n")
    exec(source, namespace)  # noqa: S102 -- the text is made above from the generated signature
    wrapper: Callable[..., Any] = namespace[method.__name__]
    functools.update_wrapper(wrapper, method)
    return wrapper
