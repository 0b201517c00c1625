"""Regenerate ``data.json`` and ``multi_byte_indexes.json`` from the Encoding Standard's data files.

Run from the repository root with the shared/ folder beside it::

    python html_infra/encoding/generate_data.py [path/to/specs/raw/encoding-data]

The data is the WHATWG Encoding Standard's (https://encoding.spec.whatwg.org/#indexes, read from
``encodings.json`` and ``indexes.json`` of whatwg/encoding), CC BY 4.0 (c) WHATWG (Apple, Google,
Mozilla, Microsoft); the package ships the generated files because users do not have shared/.

* ``data.json``: the label table and the single-byte indexes (read at import).
* ``multi_byte_indexes.json``: the CJK indexes (index Big5, EUC-KR, gb18030, gb18030 ranges,
  jis0208, jis0212, ISO-2022-JP katakana), read by :mod:`html_infra.encoding.indexes` on first
  use.  Each index but gb18030 ranges is one string whose character at a pointer is the index
  code point for that pointer, U+FFFF (a noncharacter no index holds) where the pointer is not in
  the index: half the size of a JSON list of numbers, and loaded at C speed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[2] / "shared/specs/raw/encoding-data"
    encodings = json.loads((source / "encodings.json").read_text())
    indexes = json.loads((source / "indexes.json").read_text())
    labels: dict[str, str] = {}
    single_byte: dict[str, list[int | None]] = {}
    for group in encodings:
        for encoding in group["encodings"]:
            for label in encoding["labels"]:
                labels[label] = encoding["name"]
            if group["heading"] == "Legacy single-byte encodings":
                # ISO-8859-8-I shares the ISO-8859-8 index.
                index_name = encoding["name"].lower().removesuffix("-i")
                single_byte[encoding["name"]] = indexes[index_name]
    data = {
        "licence": "WHATWG Encoding Standard data, CC BY 4.0",
        "labels": labels,
        "single_byte": single_byte,
    }
    (HERE / "data.json").write_text(json.dumps(data, separators=(",", ":"), sort_keys=True))
    write_multi_byte_indexes(indexes)


MULTI_BYTE = ("big5", "euc-kr", "gb18030", "jis0208", "jis0212", "iso-2022-jp-katakana")
UNMAPPED = 0xFFFF


def write_multi_byte_indexes(indexes: dict[str, list[int | None] | list[list[int]]]) -> None:
    lines = ['{"licence": "WHATWG Encoding Standard data (indexes.json), CC BY 4.0"']
    for name in MULTI_BYTE:
        index = indexes[name]
        # U+FFFF marks a missing pointer and U+FFFD an error in the decoders' tables: neither may
        # be an index code point.
        assert all(cp not in (UNMAPPED, 0xFFFD) for cp in index), name
        text = "".join(chr(UNMAPPED if cp is None else cp) for cp in index)  # type: ignore[arg-type]
        lines.append(f"{json.dumps(name)}: {json.dumps(text, ensure_ascii=False)}")
    # [pointer, code point] pairs, as indexes.json lists them
    lines.append(f'"gb18030-ranges": {json.dumps(indexes["gb18030-ranges"], separators=(",", ":"))}')
    (HERE / "multi_byte_indexes.json").write_text(",\n".join(lines) + "}\n", encoding="utf-8")


if __name__ == "__main__":
    main()
