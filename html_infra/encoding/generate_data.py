"""Regenerate ``data.json`` from the Encoding Standard's data files.

Run from the repository root with the shared/ folder beside it::

    python html_infra/encoding/generate_data.py [path/to/specs/raw/encoding-data]

The data (label table and single-byte indexes) is the WHATWG Encoding Standard's, CC BY 4.0
(c) WHATWG (Apple, Google, Mozilla, Microsoft); the package ships the generated file because
users do not have shared/.
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


if __name__ == "__main__":
    main()
