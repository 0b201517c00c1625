"""The DataTransfer interfaces of HTML's drag and drop (https://html.spec.whatwg.org/#the-datatransfer-interface):
DataTransfer, DataTransferItemList and DataTransferItem over a drag data store
(https://html.spec.whatwg.org/#the-drag-data-store).

There is no user to drag anything here, so no drag-and-drop operation makes a DataTransfer: the
ones that exist are made by the constructor, whose drag data store stays in the read/write mode
and associated with it.  That is what scripts use them for outside a drag: building a FileList
to give a file input (``input.files = dataTransfer.files``), or a clipboard-like bag of strings.
The store's drag data store bitmap (setDragImage) is kept but never drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from html_infra.blob import File
from html_infra.infra import ascii_lowercase
from webidl import NotSupportedError
from webidl.operations import attributes, operations

from ..tasks import queue_a_task
from .forms.files import FileList

if TYPE_CHECKING:
    from ..nodes.element import Element

__all__ = ["DataTransfer", "DataTransferItemList", "DataTransferItem"]

# https://html.spec.whatwg.org/#dom-datatransfer-dropeffect and #dom-datatransfer-effectallowed
_DROP_EFFECTS = ("none", "copy", "link", "move")
_EFFECTS_ALLOWED = ("none", "copy", "copyLink", "copyMove", "link", "linkMove", "move", "all", "uninitialized")


class _DragDataItem:
    """An item of a drag data store item list (https://html.spec.whatwg.org/#drag-data-store-item-list):
    its kind ("text" or "File"), type string and data, and the DataTransferItem that represents
    it (the same object each time the list is indexed)."""

    __slots__ = ("kind", "type", "data", "wrapper")

    def __init__(self, kind: str, type_: str, data: str | File) -> None:
        self.kind = kind
        self.type = type_
        self.data = data
        self.wrapper: DataTransferItem | None = None


def _format(format_: str) -> str:
    """Steps 3-4 of setData() and 4-5 of clearData(): the format, ASCII lowercase, with "text" and
    "url" standing for text/plain and text/uri-list."""
    format_ = ascii_lowercase(format_)
    return {"text": "text/plain", "url": "text/uri-list"}.get(format_, format_)


@attributes("DataTransfer", "dropEffect", "effectAllowed")
@operations("DataTransfer", "setDragImage", "getData", "setData", "clearData")
class DataTransfer:
    """https://html.spec.whatwg.org/#datatransfer"""

    __slots__ = ("_store", "_drop_effect", "_effect_allowed", "_items", "_types", "_files", "_bitmap", "_hot_spot",
                 "__weakref__")

    def __init__(self) -> None:
        """https://html.spec.whatwg.org/#dom-datatransfer"""
        self._store: list[_DragDataItem] = []  # step 1 (step 2: the mode is read/write, always)
        self._drop_effect = self._effect_allowed = "none"  # step 3
        self._items = DataTransferItemList._new(self)
        self._types: tuple[str, ...] = ()
        self._files = FileList()
        self._bitmap: Element | None = None
        self._hot_spot = (0, 0)

    def _store_changed(self) -> None:
        """https://html.spec.whatwg.org/#concept-datatransfer-types, run when the item list
        changes, and the live FileList of #dom-datatransfer-files brought up to date."""
        kinds = [item.kind for item in self._store]
        self._types = tuple(item.type for item in self._store if item.kind == "text") + (
            ("Files",) if "File" in kinds else ())
        self._files._files = tuple(item.data for item in self._store if isinstance(item.data, File))

    @property
    def dropEffect(self) -> str:  # noqa: N802 -- IDL name
        """https://html.spec.whatwg.org/#dom-datatransfer-dropeffect"""
        return self._drop_effect

    @dropEffect.setter
    def dropEffect(self, value: str) -> None:  # noqa: N802 -- IDL name
        if value in _DROP_EFFECTS:
            self._drop_effect = value

    @property
    def effectAllowed(self) -> str:  # noqa: N802 -- IDL name
        """https://html.spec.whatwg.org/#dom-datatransfer-effectallowed"""
        return self._effect_allowed

    @effectAllowed.setter
    def effectAllowed(self, value: str) -> None:  # noqa: N802 -- IDL name
        if value in _EFFECTS_ALLOWED:  # (the mode is read/write)
            self._effect_allowed = value

    @property
    def items(self) -> DataTransferItemList:
        """https://html.spec.whatwg.org/#dom-datatransfer-items"""
        return self._items

    def setDragImage(self, image: Element, x: int, y: int) -> None:  # noqa: N802 -- IDL name
        """https://html.spec.whatwg.org/#dom-datatransfer-setdragimage (steps 3-4: kept, never drawn)"""
        self._bitmap = image
        self._hot_spot = (x, y)

    @property
    def types(self) -> tuple[str, ...]:
        """https://html.spec.whatwg.org/#dom-datatransfer-types"""
        return self._types

    def getData(self, format: str) -> str:  # noqa: N802, A002 -- IDL names
        """https://html.spec.whatwg.org/#dom-datatransfer-getdata"""
        format = ascii_lowercase(format)  # noqa: A001 -- step 3
        convert_to_url = False
        if format == "text":  # step 5
            format = "text/plain"  # noqa: A001
        elif format == "url":  # step 6
            format, convert_to_url = "text/uri-list", True  # noqa: A001
        found = next((item for item in self._store if item.kind == "text" and item.type == format), None)
        if found is None:  # step 7
            return ""
        result = str(found.data)  # step 8
        if convert_to_url:
            # step 9 (RFC 2483's text/uri-list): the first line that is not a comment
            lines = (line.strip() for line in result.replace("\r\n", "\n").split("\n"))
            result = next((line for line in lines if line and not line.startswith("#")), "")
        return result

    def setData(self, format: str, data: str) -> None:  # noqa: N802, A002 -- IDL names
        """https://html.spec.whatwg.org/#dom-datatransfer-setdata"""
        format = _format(format)  # noqa: A001 -- steps 3-4
        self._store[:] = [item for item in self._store if not (item.kind == "text" and item.type == format)]  # step 5
        self._store.append(_DragDataItem("text", format, data))  # step 6
        self._store_changed()

    def clearData(self, format: str | None = None) -> None:  # noqa: N802, A002 -- IDL names
        """https://html.spec.whatwg.org/#dom-datatransfer-cleardata"""
        if format is None:  # step 3: every text item
            self._store[:] = [item for item in self._store if item.kind != "text"]
        else:
            format = _format(format)  # noqa: A001 -- steps 4-5
            self._store[:] = [item for item in self._store if not (item.kind == "text" and item.type == format)]
        self._store_changed()

    @property
    def files(self) -> FileList:
        """https://html.spec.whatwg.org/#dom-datatransfer-files -- the same live FileList each time"""
        return self._files


@operations("DataTransferItemList", "add", "remove", "clear")
class DataTransferItemList:
    """https://html.spec.whatwg.org/#datatransferitemlist (always in the read/write mode here)."""

    __slots__ = ("_owner",)
    _owner: DataTransfer

    def __init__(self) -> None:
        raise TypeError("Illegal constructor")

    @classmethod
    def _new(cls, owner: DataTransfer) -> DataTransferItemList:
        made = cls.__new__(cls)
        made._owner = owner
        return made

    @property
    def length(self) -> int:
        """https://html.spec.whatwg.org/#dom-datatransferitemlist-length"""
        return len(self._owner._store)

    def __len__(self) -> int:
        return len(self._owner._store)

    def __getitem__(self, index: int) -> DataTransferItem:
        """https://html.spec.whatwg.org/#the-datatransferitemlist-interface: the item's
        DataTransferItem, the same object each time."""
        item = self._owner._store[index]
        if item.wrapper is None:
            item.wrapper = DataTransferItem._new(self._owner, item)
        return item.wrapper

    def add(self, data: str | File, type: str | None = None) -> DataTransferItem | None:  # noqa: A002 -- IDL name
        """https://html.spec.whatwg.org/#dom-datatransferitemlist-add (the overload resolution
        gives a File alone, or a string with its type)."""
        store = self._owner._store
        if isinstance(data, File):
            store.append(_DragDataItem("File", ascii_lowercase(data.type), data))
        else:
            assert type is not None
            type_ = ascii_lowercase(type)
            if any(item.kind == "text" and item.type == type_ for item in store):
                raise NotSupportedError(f"the drag data store already has a string of type {type_!r}")
            store.append(_DragDataItem("text", type_, data))
        self._owner._store_changed()
        return self[len(store) - 1]  # step 3

    def remove(self, index: int) -> None:
        """https://html.spec.whatwg.org/#dom-datatransferitemlist-remove"""
        store = self._owner._store
        if index < len(store):  # step 2
            del store[index]
            self._owner._store_changed()

    def clear(self) -> None:
        """https://html.spec.whatwg.org/#dom-datatransferitemlist-clear"""
        self._owner._store.clear()
        self._owner._store_changed()


@operations("DataTransferItem", "getAsString", "getAsFile")
class DataTransferItem:
    """https://html.spec.whatwg.org/#datatransferitem -- in the disabled mode once its item has
    left the drag data store."""

    __slots__ = ("_owner", "_item")
    _owner: DataTransfer
    _item: _DragDataItem

    def __init__(self) -> None:
        raise TypeError("Illegal constructor")

    @classmethod
    def _new(cls, owner: DataTransfer, item: _DragDataItem) -> DataTransferItem:
        made = cls.__new__(cls)
        made._owner, made._item = owner, item
        return made

    def _disabled(self) -> bool:
        return not any(item is self._item for item in self._owner._store)

    @property
    def kind(self) -> str:
        """https://html.spec.whatwg.org/#dom-datatransferitem-kind"""
        if self._disabled():
            return ""
        return "string" if self._item.kind == "text" else "file"

    @property
    def type(self) -> str:
        """https://html.spec.whatwg.org/#dom-datatransferitem-type"""
        return "" if self._disabled() else self._item.type

    def getAsString(self, callback: Callable[[str], Any] | None) -> None:  # noqa: N802 -- IDL name
        """https://html.spec.whatwg.org/#dom-datatransferitem-getasstring"""
        if callback is None or self._disabled() or self._item.kind != "text":  # steps 1-3
            return
        data = str(self._item.data)
        queue_a_task(lambda: callback(data))  # step 4

    def getAsFile(self) -> File | None:  # noqa: N802 -- IDL name
        """https://html.spec.whatwg.org/#dom-datatransferitem-getasfile"""
        data = self._item.data
        if self._disabled() or not isinstance(data, File):  # steps 1-2
            return None
        # step 3: a new File object with the item's data
        return File([data], data.name, {"type": data.type, "lastModified": data.lastModified})
