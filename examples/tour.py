"""A short tour of webdom: what it does today, on embedded sample data.

Run from the repository root:  python examples/tour.py
"""

from __future__ import annotations

import webidl
from html_infra import infra
from html_infra.url import URL, URLSearchParams, validation_errors

# A link list as a scraper would find it on a page whose address is BASE.
BASE = "https://shop.example/catalogue/shoes/index.html?sort=price#top"
HREFS = [
    "../bags/",
    "/search?q=red shoes&size=42",
    "HTTPS://SHOP.EXAMPLE:443/./cart/../checkout",
    "//cdn.example/img/logo.png",
    "?page=2",
    "#reviews",
    "https://xn--bcher-kva.example/",
    "https://bücher.example/Straße",
    "http://0x7f.1/admin",
    "javascript:void(0)",
    "https://user:pa ss@host.example:8080/",
    "http://[::ffff:192.168.0.1]/",
    "https://exa mple.org/",
]


def section(title: str) -> None:
    print(f"\n== {title} ==")


section("Resolving links the way a browser does (URL Standard)")
for href in HREFS:
    url = URL.parse(href, BASE)
    print(f"  {href!r:48} -> {url.href if url else 'failure (the browser would not navigate)'}")

section("URL components and origin")
u = URL("https://user:pa ss@bücher.example:8080/a/../b?x=1&y=two words#frag")
for name in ("href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
             "search", "hash"):
    print(f"  {name:9} {getattr(u, name)!r}")

section("URLSearchParams stays in sync with its URL")
params = u.searchParams
params.append("z", "ä&=")
params.sort()
print("  ", u.search, "|", list(params))
print("  ", URLSearchParams({"q": "a b", "lang": "en"}))

section("Validation errors by their spec names (for teaching)")
for text in ["https://user@example.org\\path", "https://127.0.0.1./", "https://example.org/<>"]:
    names = [f"{e.name}@{e.position}" for e in validation_errors(text)]
    print(f"  {text!r:35} {names}")

section("Web IDL value conversions, as JS would do them")
for idl_type, value in [("unsigned long", -1), ("DOMString", 1e21), ("DOMString", None), ("long", "  12 "),
                        ("octet", 300), ("boolean", "")]:
    print(f"  convert({idl_type!r}, {value!r}) = {webidl.convert(idl_type, value)!r}")
try:
    webidl.convert("double", float("inf"))
except TypeError as error:
    print(f"  convert('double', inf) raises TypeError: {error}")
print("  DOMException('x', 'IndexSizeError') ->", repr(webidl.DOMException("x", "IndexSizeError")))

section("Infra primitives")
print("  split_on_commas(' a, b,,c ,') =", infra.split_on_commas(" a, b,,c ,"))
print("  forgiving_base64_decode(' aGk= ') =", infra.forgiving_base64_decode(" aGk= "))
print("  ascii_lowercase('İSTANBUL') =", infra.ascii_lowercase("İSTANBUL"))
