"""FormData (https://xhr.spec.whatwg.org/#interface-formdata) and FormDataEvent
(https://html.spec.whatwg.org/#the-formdataevent-interface).

``FormData(form, submitter)`` holds the entry list the form would submit (the same algorithm
:mod:`.submission` runs, which fires ``formdata`` at the form); ``FormData()`` starts empty.
Values are strings or :class:`html_infra.blob.File` objects; a Blob appended becomes a File named
"blob", as in browsers.  ``URLSearchParams(form_data)`` reads it as a sequence of pairs (a file
then reads as "[object File]", as JS's String(file)).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from html_infra.blob import Blob, File
from webidl import InvalidStateError, NotFoundError, undefined
from webidl.operations import operations

from ...events import Event
from . import submission
from .owner import form_owner, is_submit_button

if TYPE_CHECKING:
    from webidl.dictionary_types import FormDataEventInit

    from ..form_elements import HTMLFormElement
    from ..html_element import HTMLElement

__all__ = ["FormData", "FormDataEvent", "FormDataEntryValue", "create_an_entry"]

FormDataEntryValue = str | File
Entry = tuple[str, FormDataEntryValue]


def create_an_entry(name: str, value: str | Blob, filename: str | None = None) -> Entry:
    """https://xhr.spec.whatwg.org/#create-an-entry (of converted values: step 1's and step 4's
    conversions to scalar value strings are the binding's; *filename* None: not given)"""
    if isinstance(value, Blob):
        if not isinstance(value, File):  # step 2: a Blob becomes a File named "blob"
            value = File([value], "blob", {"type": value.type})
        if filename is not None:  # step 3: a copy with the given name
            value = File([value], filename, {"type": value.type, "lastModified": value.lastModified})
    return name, value


@operations("FormData", "__init__", "delete", "get", "getAll", "has", "append", "set")
class FormData:
    """https://xhr.spec.whatwg.org/#interface-formdata"""

    __slots__ = ("_entries",)

    def __init__(self, form: HTMLFormElement | None = None, submitter: HTMLElement | None = None) -> None:
        """https://xhr.spec.whatwg.org/#dom-formdata (*form* None: not given; the binding makes
        a null one a TypeError, HTMLFormElement not being nullable)"""
        self._entries: list[Entry] = []
        if form is None:
            return
        if submitter is not None:  # step 1.1
            if not is_submit_button(submitter):
                raise TypeError("The submitter is not a submit button")
            if form_owner(submitter) is not form:
                raise NotFoundError("The submitter is not owned by this form")

        entry_list = submission.construct_the_entry_list(form, submitter)  # step 1.2
        if entry_list is None:  # step 1.3: the form is already constructing its entry list
            raise InvalidStateError("The form is already constructing its entry list")
        self._entries = entry_list  # step 1.4

    @classmethod
    def _with_entries(cls, entries: list[Entry]) -> FormData:
        data = cls()
        data._entries = entries
        return data

    def append(self, name: str, value: str | Blob, filename: str | None = None) -> None:
        """https://xhr.spec.whatwg.org/#dom-formdata-append"""
        self._entries.append(create_an_entry(name, value, filename))

    def delete(self, name: str) -> None:
        """https://xhr.spec.whatwg.org/#dom-formdata-delete"""
        self._entries[:] = [entry for entry in self._entries if entry[0] != name]

    def get(self, name: str) -> FormDataEntryValue | None:
        """https://xhr.spec.whatwg.org/#dom-formdata-get -- the first value, or None."""
        return next((value for key, value in self._entries if key == name), None)

    def getAll(self, name: str) -> list[FormDataEntryValue]:  # noqa: N802 -- IDL name
        """https://xhr.spec.whatwg.org/#dom-formdata-getall"""
        return [value for key, value in self._entries if key == name]

    def has(self, name: str) -> bool:
        """https://xhr.spec.whatwg.org/#dom-formdata-has"""
        return any(key == name for key, _ in self._entries)

    def set(self, name: str, value: str | Blob, filename: str | None = None) -> None:
        """https://xhr.spec.whatwg.org/#dom-formdata-set -- replaces the first entry with the
        name and removes the others, or appends."""
        entry = create_an_entry(name, value, filename)
        for index, (key, _) in enumerate(self._entries):
            if key == entry[0]:
                self._entries[index] = entry
                self._entries[index + 1 :] = [e for e in self._entries[index + 1 :] if e[0] != entry[0]]
                return
        self._entries.append(entry)

    # iterable<USVString, FormDataEntryValue> (https://webidl.spec.whatwg.org/#idl-iterable):
    # the iterators see entries added or removed while iterating, as a JS iterator does.
    def entries(self) -> Iterator[Entry]:
        """https://webidl.spec.whatwg.org/#es-iterable-entries"""
        index = 0
        while index < len(self._entries):
            yield self._entries[index]
            index += 1

    def keys(self) -> Iterator[str]:
        """https://webidl.spec.whatwg.org/#es-iterable-keys"""
        return (key for key, _ in self.entries())

    def values(self) -> Iterator[FormDataEntryValue]:
        """https://webidl.spec.whatwg.org/#es-iterable-values"""
        return (value for _, value in self.entries())

    def forEach(self, callback: Any, thisArg: Any = undefined) -> None:  # noqa: N802,N803 -- IDL names
        """https://webidl.spec.whatwg.org/#es-forEach -- callback(value, key, form_data)."""
        for key, value in self.entries():
            callback(value, key, self)

    def __iter__(self) -> Iterator[Entry]:
        return self.entries()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.has(name)

    def __repr__(self) -> str:
        return f"FormData({self._entries!r})"


@operations("FormDataEvent", "__init__")
class FormDataEvent(Event):
    """https://html.spec.whatwg.org/#the-formdataevent-interface"""

    __slots__ = ("_form_data",)
    _init_dictionary = "FormDataEventInit"

    def __init__(self, type: str, eventInitDict: FormDataEventInit) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        form_data = dictionary.get("formData", undefined)
        if not isinstance(form_data, FormData):  # a required member of type FormData
            raise TypeError("FormDataEvent init: formData is required and must be a FormData")
        self._form_data = form_data

    @property
    def formData(self) -> FormData:  # noqa: N802 -- IDL name
        """https://html.spec.whatwg.org/#dom-formdataevent-formdata"""
        return self._form_data
