"""Record Chromium's CJK decoders and encoders for tests/html_infra/encoding/test_chromium_cjk.py; run by
tests/dom/html/record_chromium_api.py (which has the Chromium flags), writing
tests/html_infra/encoding/data/chromium_cjk.json.gz: group -> hash, as cjk_cases.py describes."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from pathlib import Path

from tests.html_infra.encoding.cjk_cases import (
    ENCODINGS,
    FNV_JS,
    block_text,
    decoder_groups,
    encoder_blocks,
    stream_groups,
)

HERE = Path(__file__).resolve().parent

DECODE_JS = FNV_JS + r"""
globalThis.webdomOut = {};
for (const [encoding, groups] of DECODE) {
  for (const fatal of [false, true]) {
    for (const [name, hexes] of groups) {
      let h = 2166136261 >>> 0;
      for (const hex of hexes) {
        const bytes = new Uint8Array(hex.length / 2);
        for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(2 * i, 2), 16);
        const splits = name.startsWith('stream ') ? [...Array(bytes.length - 1).keys()].map((k) => k + 1) : [null];
        for (const k of splits) {
          let s;
          try {
            const decoder = new TextDecoder(encoding, {fatal});
            s = k === null ? decoder.decode(bytes)
              : decoder.decode(bytes.subarray(0, k), {stream: true}) + decoder.decode(bytes.subarray(k));
          } catch (e) { s = '\uffff'; }
          h = fnv(h, s + '\u0000');
        }
      }
      globalThis.webdomOut[encoding + ' ' + fatal + ' ' + name] = h;
    }
  }
}
globalThis.webdomDone = true;
"""

ENCODE_JS = FNV_JS + r"""
globalThis.webdomOut = {charset: document.characterSet};
for (const start of BLOCKS) {
  let s = '';
  for (let c = Math.max(start, 0x80); c < start + 256; c++) s += String.fromCodePoint(c);
  const a = document.createElement('a');
  a.setAttribute('href', '?' + s);
  globalThis.webdomOut[start] = fnv(2166136261 >>> 0, a.href);
}
globalThis.webdomDone = true;
"""


def record_cjk(workdir: Path, run_chromium: Callable[..., object], finish: str) -> None:
    assert block_text(0x80)  # the JS builds the same blocks
    decoders: dict[str, object] = {}
    for encoding in ENCODINGS:
        groups = [[name, [s.hex() for s in seqs]] for name, seqs in (*decoder_groups(encoding), *stream_groups(encoding))]
        page = (f"<!doctype html><meta charset=utf-8><script>var DECODE = {json.dumps([[encoding, groups]])};"
                f"{DECODE_JS}{finish}</script>")
        result = run_chromium(page.encode(), workdir, "decode.html")
        assert isinstance(result, dict)
        decoders.update(result)
        print(f"{encoding}: {len(result)} decoder groups")
    encoders: dict[str, object] = {}
    for encoding in ENCODINGS:
        page = (f"<!doctype html><meta charset={encoding}><base href='http://example.test/p'>"
                f"<script>var BLOCKS = {json.dumps(encoder_blocks())};{ENCODE_JS}{finish}</script>")
        result = run_chromium(page.encode(), workdir, "encode.html")
        assert isinstance(result, dict)
        print(f"{encoding}: {result.pop('charset')} {len(result)} encoder blocks")
        encoders.update({f"{encoding} {start}": h for start, h in result.items()})
    target = HERE / "data" / "chromium_cjk.json.gz"
    data = {"decoders": decoders, "encoders": encoders}
    target.write_bytes(gzip.compress(json.dumps(data, sort_keys=True, indent=0).encode(), mtime=0))
    print(f"wrote {target} ({target.stat().st_size} bytes)")
