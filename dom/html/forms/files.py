"""A file input's selected files: File and FileList (https://w3c.github.io/FileAPI/).

Nothing here reads a disk: without a user to pick files, a script (or a scraper test) sets
them, ``input.files = FileList([File([b"%PDF-"], "cv.pdf", {"type": "application/pdf"})])``, and
form submission sends them as a browser would.  File is :class:`html_infra.blob.File`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from html_infra.blob import File
from webidl.operations import operations

__all__ = ["File", "FileList"]


@operations("FileList", "item")
class FileList:
    """https://w3c.github.io/FileAPI/#filelist-section -- an indexed list of File objects."""

    __slots__ = ("_files",)

    def __init__(self, files: Iterable[File] = ()) -> None:
        self._files = tuple(files)
        for file in self._files:
            if not isinstance(file, File):
                raise TypeError(f"FileList holds File objects, not {type(file).__name__}")

    @property
    def length(self) -> int:
        """https://w3c.github.io/FileAPI/#dfn-length"""
        return len(self._files)

    def item(self, index: int) -> File | None:
        """https://w3c.github.io/FileAPI/#dfn-item -- None past the end."""
        return self._files[index] if index < len(self._files) else None

    def __len__(self) -> int:
        return len(self._files)

    def __getitem__(self, index: int) -> File:
        return self._files[index]

    def __iter__(self) -> Iterator[File]:
        return iter(self._files)

    def __repr__(self) -> str:
        return f"<FileList {[f.name for f in self._files]!r}>"
