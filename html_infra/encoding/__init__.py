"""The Encoding Standard's entry points that the rest of the project needs.

https://encoding.spec.whatwg.org/

* ``get_an_encoding(label)``: the WHATWG label table (all 228 labels), shipped as data
  generated from the spec (``data.json``; see ``generate_data.py``).  The ``webencodings``
  package was not used: its table predates several spec changes, and a dictionary lookup is no
  reason for a dependency.
* Decoders/encoders: the single-byte encodings are built from the spec's own indexes (Python's
  ``cp1252`` & co. differ: e.g. bytes 0x81, 0x8D, 0x8F, 0x90, 0x9D of windows-1252 decode to
  U+0081... per the spec, where Python raises).  The multi-byte encodings (gb18030 and GBK,
  Big5, EUC-JP, ISO-2022-JP, Shift_JIS, EUC-KR) are the spec's decoder handlers and encoders,
  written from its text over its own indexes (:mod:`.indexes`, data generated into the package
  by ``generate_data.py`` and read on first use), in :mod:`.simplified_chinese`,
  :mod:`.traditional_chinese`, :mod:`.japanese` and :mod:`.korean`; :mod:`.io_queue` runs a
  decoder over its I/O queue, whole or streaming.  No behaviour depends on Python's CJK
  codecs.  UTF-8 and UTF-16 use Python's UTF codecs, which decode as the spec's decoders do.
  x-user-defined and replacement are implemented here.
* The labels, decoders and encoders live in :mod:`html_infra.encoding.encodings`; HTML's encoding
  sniffing in :mod:`html_infra.encoding.sniffing`; the TextDecoder and TextEncoder API in
  :mod:`html_infra.encoding.api`.  All are re-exported here.
"""

from .api import TextDecoder, TextEncoder
from .encodings import (
    BOM_SNIFF,
    LABELS,
    SINGLE_BYTE,
    bom_sniff,
    decode,
    decode_no_bom,
    encode,
    encode_or_fail,
    get_an_encoding,
    get_an_output_encoding,
    multi_byte_decoder,
    utf8_decode,
    utf8_decode_without_bom,
    utf8_decode_without_bom_or_fail,
    utf8_encode,
)
from .sniffing import (
    change_the_encoding,
    extract_character_encoding_from_meta,
    get_an_xml_encoding,
    prescan_for_encoding,
    sniff_html_encoding,
)

__all__ = [
    "LABELS",
    "get_an_encoding",
    "get_an_output_encoding",
    "decode",
    "encode",
    "encode_or_fail",
    "utf8_decode",
    "utf8_decode_without_bom",
    "utf8_decode_without_bom_or_fail",
    "utf8_encode",
    "BOM_SNIFF",
    "bom_sniff",
    "sniff_html_encoding",
    "prescan_for_encoding",
    "extract_character_encoding_from_meta",
    "get_an_xml_encoding",
    "TextDecoder",
    "TextEncoder",
    "change_the_encoding",
    "SINGLE_BYTE", "decode_no_bom", "multi_byte_decoder",
]
