"""A short tour of webdom: what it does today, on embedded sample data.

Run from the repository root:  python examples/tour.py

Prints, section by section: links resolved as a browser resolves them (and the ones a browser
would refuse), a URL's components and origin, URLSearchParams, validation errors by their spec
names, Web IDL conversions as JS does them, Infra primitives, and a DOM session on a small
shop page (title and resolved links, classList/dataset edits, a live collection growing, a
form control's validity message, the URL the form's submission requests, the form's FormData,
the list's innerText, and part of the tree as ``webdom tree`` prints it).
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

section("The DOM: parse a page as a browser does, then script it")
import dom  # noqa: E402 -- kept next to the section that uses it
from dom.cli import dump_tree  # noqa: E402

page = dom.parse_html(
    """<!DOCTYPE html><title>Shoes</title><base href="https://shop.example/catalogue/">
    <ul id=items><li class="item sale" data-sku=A1><a href="red.html">Red</a>
    <li class=item data-sku=B2><a href="../blue.html?c=bleu">Blue</a></ul>
    <form action=/search><input name=q required><input name=size type=number min=30 max=48 value=52></form>""",
    url="https://shop.example/index.html",
)
print("  title:", page.title, "| links:", [a.href for a in page.links])
items = page.getElementsByClassName("item")  # a live HTMLCollection
first = page.querySelector("#items > li")
print("  first item:", first.dataset.sku, sorted(first.classList), first.classList.contains("sale"))
first.classList.toggle("sale")
first.dataset.seen = "yes"
extra = page.createElement("li")
extra.className = "item"
extra.textContent = "Green"
page.getElementById("items").append(extra)
print("  after edits:", len(items), "items;", first.outerHTML.split(">")[0] + ">")
form = page.forms[0]
size = form.elements["size"]
print("  form:", form.action, "| size", repr(size.value), "valid?", size.validity.valid, "-", size.validationMessage)
form["q"].value = "red shoes"
print("  the request it makes (steps after validation):", form.submission().url)
print("  FormData(form):", list(dom.FormData(form)))
print("  the list's innerText (as rendered):", repr(page.getElementById("items").innerText))
print("  the list as `webdom tree` prints it:")
for line in dump_tree(page.querySelector("ul")).splitlines()[:6]:
    print("    " + line)
