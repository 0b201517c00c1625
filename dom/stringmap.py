"""DOMStringMap, the ``dataset`` of an element (https://html.spec.whatwg.org/#domstringmap).

A live view of the element's ``data-*`` attributes: ``data-foo-bar`` is the named property
``fooBar``.  Nothing is stored on the map; every access reads the element's attribute list.

Python protocol.  The map is a :class:`collections.abc.MutableMapping` over the supported
property names (in attribute order): ``ds["fooBar"]``, ``ds["fooBar"] = v`` (any value, converted
like JS: ``5`` -> ``"5"``, None -> ``"null"``), ``del ds["fooBar"]``, ``"fooBar" in ds``,
``len(ds)``, iteration over the names (keys are property names, so like JS a non-string key
converts to a string: ``ds[5]`` is ``ds["5"]``), ``keys()``/``values()``/``items()``/``get()``/``pop()``/
``update()``, and ``==`` with a dict.  Attribute access works as in JS: ``ds.fooBar``,
``ds.fooBar = "x"``, ``del ds.fooBar``.

Where JS answers ``undefined`` for a name that is not there, Python raises: ``KeyError`` for
``ds[name]`` and ``del ds[name]``, ``AttributeError`` for ``ds.name`` and ``del ds.name``;
``ds.get(name)`` returns None (or a default).  Deleting a missing name changes nothing before
raising, as the JS deleter is not called for it either.

Attribute access cannot reach a name that is also a member of the map (``keys``, ``get``,
``items``, ...), nor a dunder name: use ``ds["keys"]`` for ``data-keys``.  (JS's
[LegacyOverrideBuiltIns] would let the data attribute win; in Python the methods must stay
callable.)  Setting such a name as an attribute still sets the data attribute.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, MutableMapping
from typing import Any

from webidl import DOMSyntaxError, InvalidCharacterError, to_dom_string

from .lxml_mirror import attr_key_for
from .nodes.element import Element
from .nodes.names import is_valid_attribute_local_name

__all__ = ["DOMStringMap"]

_HYPHEN_LOWER = re.compile("-([a-z])")
_UPPER = re.compile("[A-Z]")


def _camel_case(name: str) -> str:
    # Step 3 of getting the name-value pairs: "-" + ASCII lower alpha -> the upper alpha.
    return _HYPHEN_LOWER.sub(lambda m: m.group(1).upper(), name) if "-" in name else name


def _attribute_name(name: str) -> str:
    # Each ASCII upper alpha -> "-" + its lowercase, then the "data-" prefix.
    if _UPPER.search(name) is None:
        return "data-" + name
    return "data-" + _UPPER.sub(lambda m: "-" + m.group(0).lower(), name)


class DOMStringMap(MutableMapping[str, str]):
    """https://html.spec.whatwg.org/#domstringmap -- ``DOMStringMap(element)``; see the module
    docstring for the Python protocol."""

    # One private slot under a mangled name, so attribute access reaches every other name.
    __slots__ = ("_DOMStringMap__element",)
    __element: Element

    def __init__(self, element: Element) -> None:
        object.__setattr__(self, "_DOMStringMap__element", element)

    # -- the standard's algorithms ------------------------------------------------------------------

    def _pairs(self) -> list[tuple[str, str]]:
        """https://html.spec.whatwg.org/#concept-domstringmap-pairs"""
        element = self.__element
        pairs = []
        entries = getattr(element, "_attr_entries", None)
        if entries is not None:
            attributes: Any = (
                (local if prefix is None else f"{prefix}:{local}", value) for _k, _ns, prefix, local, value in entries()
            )
        else:
            attributes = ((attr.name, attr.value) for attr in element.attributes)
        # 2. Attributes whose (qualified) name starts with "data-" and has no ASCII upper alpha
        # after it, in attribute order, then 3. the hyphen-lowercase -> uppercase conversion.
        for name, value in attributes:
            if name.startswith("data-"):
                rest = name[5:]
                if _UPPER.search(rest) is None:
                    pairs.append((_camel_case(rest), value))
        return pairs

    def _named_value(self, name: str) -> str | None:
        """https://html.spec.whatwg.org/#dom-domstringmap-nameditem (None: not a supported
        property name).

        The value of the first pair named *name*, found without listing the pairs: the pair
        names never contain "-" + ASCII lower alpha (step 3 removes every such hyphen), and for
        any other name exactly one attribute name maps to it -- each ASCII upper alpha can only
        come from "-" + its lowercase, as the attribute part after "data-" has no upper alpha.
        So the pair is the first attribute with that qualified name (a property test checks this
        against :meth:`_pairs`)."""
        if _HYPHEN_LOWER.search(name) is not None:
            return None
        return self.__element.getAttribute(_attribute_name(name))

    def _set_named(self, name: str, value: str) -> None:
        """https://html.spec.whatwg.org/#dom-domstringmap-setitem"""
        # 1.
        if _HYPHEN_LOWER.search(name) is not None:
            raise DOMSyntaxError(f"{name!r}: a '-' followed by a lowercase ASCII letter cannot be a dataset name")
        # 2-3.
        attribute = _attribute_name(name)
        # 4.
        if not is_valid_attribute_local_name(attribute):
            raise InvalidCharacterError(f"{attribute!r} is not a valid attribute local name")
        # 5. Set an attribute value (null namespace, the whole name as local name: "data-a:b"
        # has no prefix here, so setAttributeNS, which would split it, is not used).
        element = self.__element
        if getattr(element, "_lx", None) is None:
            element.setAttributeNS(None, attribute, value)
        else:
            element._store_attribute(attr_key_for(None, None, attribute), None, value)

    def _delete_named(self, name: str) -> None:
        """https://html.spec.whatwg.org/#dom-domstringmap-removeitem (remove an attribute by
        name: the qualified name)."""
        self.__element.removeAttribute(_attribute_name(name))

    # -- mapping protocol ---------------------------------------------------------------------------

    def __getitem__(self, name: str) -> str:
        value = self._named_value(to_dom_string(name))
        if value is None:
            raise KeyError(name)
        return value

    def __setitem__(self, name: str, value: Any) -> None:
        self._set_named(to_dom_string(name), to_dom_string(value))

    def __delitem__(self, name: str) -> None:
        # Web IDL calls the deleter only for a supported property name.
        key = to_dom_string(name)
        if self._named_value(key) is None:
            raise KeyError(name)
        self._delete_named(key)

    def __iter__(self) -> Iterator[str]:
        return iter([name for name, _value in self._pairs()])

    def __len__(self) -> int:
        return len(self._pairs())

    def __contains__(self, name: object) -> bool:
        return self._named_value(to_dom_string(name)) is not None

    def __repr__(self) -> str:
        return f"<DOMStringMap {dict(self._pairs())!r}>"

    # -- attribute access, as JS property access ----------------------------------------------------

    def __getattr__(self, name: str) -> str:
        # Called only when normal lookup failed, so methods and the slot are never shadowed.
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        value = self._named_value(name)
        if value is None:
            raise AttributeError(f"DOMStringMap has no {name!r} (no data-* attribute for it)")
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("__") and name.endswith("__") or name == "_DOMStringMap__element":
            object.__setattr__(self, name, value)
            return
        self._set_named(name, to_dom_string(value))

    def __delattr__(self, name: str) -> None:
        if name.startswith("__") and name.endswith("__") or name == "_DOMStringMap__element":
            object.__delattr__(self, name)
            return
        if self._named_value(name) is None:
            raise AttributeError(f"DOMStringMap has no {name!r} (no data-* attribute for it)")
        self._delete_named(name)

    def __dir__(self) -> list[str]:
        return sorted(set(super().__dir__()) | set(self))
