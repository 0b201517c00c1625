"""Decoding a 1 MB page in each multi-byte encoding: webdom's decoder (the spec's handlers, with
runs decoded by table), the handler alone (on the first 100 KB, scaled), and Python's closest C
codec for comparison (which decodes some bytes differently: it is not a reference).

    python benchmarks/bench_encodings.py [--size BYTES]

The page is generated: markup around paragraphs of characters drawn from each encoding's own
index, written in that encoding.  Best of three; the handler-alone figure is one run.  The last
column is the time for four times the page divided by the time for the page (about 4: linear;
a little more once the input outgrows the processor's caches).
"""

from __future__ import annotations

import argparse
import random
import time

from html_infra.encoding import decode_no_bom, encode, encode_or_fail
from html_infra.encoding.encodings import multi_byte_decoder
from html_infra.encoding.indexes import UNMAPPED, index
from html_infra.encoding.io_queue import ByteQueue, process_a_queue

# encoding, Python codec, index the text is drawn from, first pointer of its main block
CASES = [
    ("gb18030", "gb18030", "gb18030", 6000),
    ("Big5", "big5hkscs", "big5", 5500),
    ("EUC-JP", "euc_jp", "jis0208", 1410),
    ("Shift_JIS", "cp932", "jis0208", 1410),
    ("EUC-KR", "cp949", "euc-kr", 9026),
    ("ISO-2022-JP", "iso2022_jp", "jis0208", 1410),
]


def page(encoding: str, name: str, start: int, size: int) -> bytes:
    rng = random.Random(1)
    pool = [c for c in index(name)[start : start + 3000]
            if c != UNMAPPED and all(isinstance(x, bytes) for x in encode_or_fail(c, encoding))][:1500]

    def paragraph() -> str:
        return "".join(rng.choice(pool) for _ in range(rng.randint(20, 200)))

    parts = []
    length = 0
    while length < size:
        part = (f'<div class="item-{rng.randint(1, 999)}"><a href="/news/{rng.randint(1, 99999)}.html">'
                f"{paragraph()}</a><p>{paragraph()} {paragraph()}</p></div>\n")
        parts.append(part)
        length += len(part) * 2  # about two bytes a character
    return encode("".join(parts), encoding)


def best(function: object, runs: int = 3) -> float:
    assert callable(function)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--quick", action="store_true", help="a 200 KB page per encoding")
    args = parser.parse_args()
    if args.quick:
        args.size = 200_000
    print(f"{'encoding':12} {'MB':>5} {'webdom ms':>10} {'MB/s':>6} {'handler alone ms':>17} "
          f"{'Python codec ms':>16} {'4x page':>8}")
    for encoding, codec, name, start in CASES:
        data = page(encoding, name, start, args.size)
        decode_no_bom(data[:100], encoding)  # the tables, built on first use
        ours = best(lambda: decode_no_bom(data, encoding))  # noqa: B023
        data4 = data * 4
        four = best(lambda: decode_no_bom(data4, encoding))  # noqa: B023
        theirs = best(lambda: data.decode(codec, "replace"))  # noqa: B023
        decoder = multi_byte_decoder(encoding)
        assert decoder is not None
        alone = type("HandlerAlone", (decoder,), {"__slots__": (), "run": lambda self, data, pos: None})
        sample = data[:100_000]
        handler = best(lambda: process_a_queue(alone(), ByteQueue(sample), True, False), 1)  # noqa: B023
        print(f"{encoding:12} {len(data) / 1e6:5.2f} {ours * 1000:10.1f} {len(data) / ours / 1e6:6.1f} "
              f"{handler * len(data) / len(sample) * 1000:17.0f} {theirs * 1000:16.1f} {four / ours:7.1f}x")


if __name__ == "__main__":
    main()
