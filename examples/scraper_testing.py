"""Links as a browser resolves them, beside what a typical Python scraper computes.

Run from the repository root:  python examples/scraper_testing.py

The embedded page is windows-1252 bytes (declared by ``<meta charset>``), served at PAGE_URL,
with a ``<base href>`` and the kinds of hrefs real pages have: relative paths, a leading/trailing
space, backslashes, a tab inside ``javascript:``, non-ASCII in the path and in the query, an IDN
host, a hex IPv4 host, an unparsable URL, and a link inside ``<template>``.

For every link it prints three columns:

* ``browser`` -- webdom: ``document.links`` and ``a.href`` (the URL Standard against the
  document's base URL, the query encoded in the page's encoding, as a browser does);
* ``urljoin`` -- ``urllib.parse.urljoin(<base href>, href)``, a careful scraper that did find
  the ``<base>``;
* ``naive`` -- BeautifulSoup ``find_all("a", href=True)`` joined to the page's own URL with
  ``urljoin`` (skipped with a note if ``beautifulsoup4`` is not installed);

Each link starts with ``=`` where all agree or ``!`` where a column differs from the browser
(the differing values are printed under it; values with whitespace are shown quoted).  The last
lines count the differences: 13 links, urljoin differs on 7, the naive scrape on 11.
"""

from __future__ import annotations

from urllib.parse import urljoin

import webdom
from webdom import URL

PAGE_URL = "https://shop.example/fr/catalogue/index.html"
PAGE = """<!DOCTYPE html>
<html><head><meta charset="windows-1252">
<title>Catalogue d'\xe9t\xe9</title>
<base href="/fr/boutique/">
<base href="https://ignored.example/">
</head><body>
<a href="cr\xe8me.html?q=cr\xe8me br\xfbl\xe9e&tri=prix">cr\xe8me</a>
<a href="../aide/">aide</a>
<a href=" /panier ">panier (spaces around the href)</a>
<a href="//cdn.example/img/logo.png">logo</a>
<a href="HTTPS://SHOP.EXAMPLE:443/a/./b/../c">normalised</a>
<a href="\\\\evil.example\\steal">backslashes</a>
<a href="https:produits">scheme-relative special URL</a>
<a href="java\tscript:alert(1)">tab inside javascript:</a>
<a href="?page=2">page 2</a>
<a href="http://0x7f.1/admin">hex IPv4</a>
<a href="https://b\xfccher.example/">IDN host</a>
<a href="https://exa mple.example/">unparsable</a>
<map><area href="plan.html" alt="plan"></map>
<template><a href="fant\xf4me.html">inside a template: not a link of the document</a></template>
</body></html>""".encode("windows-1252")


def show(value: str) -> str:
    """The value as is, or its repr where whitespace would hide a difference."""
    return repr(value) if any(c.isspace() for c in value) else value


def browser_links() -> list[tuple[str, str]]:
    document = webdom.parse_html(PAGE, url=PAGE_URL)
    print(f"page encoding: {document.characterSet}; document base URL: {document.baseURI}")
    return [(link.getAttribute("href"), link.href) for link in document.links]


def naive_links() -> dict[str, str] | None:
    try:
        from bs4 import BeautifulSoup
    except ImportError:
        return None
    soup = BeautifulSoup(PAGE, "html.parser")
    return {a["href"]: urljoin(PAGE_URL, a["href"]) for a in soup.find_all("a", href=True)}


def main() -> None:
    links = browser_links()
    base_href = urljoin(PAGE_URL, "/fr/boutique/")  # what a careful scraper gets from <base>
    naive = naive_links()
    differ = {"urljoin": 0, "naive": 0}
    for href, resolved in links:
        joined = urljoin(base_href, href)
        scraped = None if naive is None else naive.get(href, "(not found by the scrape)")
        marks = []
        if joined != resolved:
            marks.append(("urljoin", joined))
        if scraped is not None and scraped != resolved:
            marks.append(("naive", scraped))
        print(f"\n{'!' if marks else '='} href={href!r}")
        note = "" if URL.canParse(href, base_href) else "   (does not parse: a.href is the attribute as is)"
        print(f"    browser  {show(resolved)}{note}")
        for name, value in marks:
            differ[name] += 1
            print(f"    {name:8} {show(value)}")
    if naive is not None:
        extra = sorted(set(naive) - {href for href, _ in links})
        for href in extra:
            differ["naive"] += 1
            print(f"\n! href={href!r}\n    browser  (not a link of the document)\n    naive    {naive[href]}")
    print()
    print(f"{len(links)} links in document.links")
    print(f"urljoin with the <base> differs from the browser on {differ['urljoin']} of them")
    if naive is None:
        print("naive BeautifulSoup column skipped: pip install beautifulsoup4")
    else:
        print(f"the naive BeautifulSoup scrape differs on {differ['naive']} (extra links included)")


if __name__ == "__main__":
    main()
