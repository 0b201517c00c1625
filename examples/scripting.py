"""Scripting a page with the DOM API, as a browser's console would: rewrite links and classes.

Run from the repository root:  python examples/scripting.py

It parses the embedded page (with a ``<base>``) and then, with the standard DOM API only:

1. makes every link absolute (``a.href`` is already resolved against ``<base>``), marks external
   links ``target=_blank`` and ``rel="noopener external"`` (``relList``, a DOMTokenList like
   ``classList``), and tags them with a ``utm_source`` query parameter through
   ``URL.searchParams``;
2. renames the old CSS classes with ``classList.replace`` / ``toggle`` / ``remove`` and stores
   the old class in ``dataset.oldClass`` (the ``data-old-class`` attribute);
3. builds a table of contents from the headings with ``createElement`` / ``append``.

It prints each link's before/after, the class changes, and finally the rewritten ``<body>`` as
HTML (``outerHTML``), which a person can check against the sample page below.
"""

from __future__ import annotations

import webdom
from webdom import URL

PAGE = """<!DOCTYPE html>
<html><head><title>Release notes</title><base href="https://docs.example/guide/v2/"></head>
<body>
<h2 id="new">What's new</h2>
<p class="lead old-style">See the <a href="../v1/changes.html" class="btn btn-primary">old notes</a>,
the <a href="install.html#pip">install page</a> and
<a href="https://github.com/example/project" class="btn btn-primary external-link">the code</a>.</p>
<h2 id="fixes">Fixes</h2>
<ul class="old-style">
  <li><a href="//cdn.example/patch.diff">patch</a>
  <li><a href="mailto:team@docs.example">mail us</a>
</ul>
</body></html>"""

SITE = URL("https://docs.example/").origin

document = webdom.parse_html(PAGE, url="https://docs.example/guide/v2/notes.html")

print("== links ==")
for a in document.querySelectorAll("a[href]"):
    before = a.getAttribute("href")
    url = URL(a.href)  # a.href: the attribute parsed against the document's base URL
    if url.protocol in ("http:", "https:") and url.origin != SITE:
        url.searchParams.set("utm_source", "docs")
        a.target = "_blank"
        a.relList.add("noopener", "external")
    a.href = url.href  # the setter stores the serialized URL in the attribute
    print(f"  {before:36} -> {a.getAttribute('href')}")

print("== classes ==")
for element in document.querySelectorAll(".btn, .old-style, .external-link"):
    old = element.className
    classes = element.classList
    element.dataset.oldClass = old
    classes.replace("btn-primary", "button--primary")
    classes.replace("btn", "button")
    classes.remove("old-style", "external-link")
    classes.toggle("legacy", element.localName != "a")
    print(f"  <{element.localName}> {old!r:34} -> {element.className!r} (data-old-class kept)")

print("== table of contents ==")
toc = document.createElement("nav")
toc.classList.add("toc")
items = document.createElement("ol")
for heading in document.querySelectorAll("h2[id]"):
    item = document.createElement("li")
    link = document.createElement("a")
    link.href = "#" + heading.id  # resolved against <base>: browsers do the same
    link.textContent = heading.textContent
    item.append(link)
    items.append(item)
toc.append(items)
document.body.prepend(toc)
first = items.querySelector("a")
print(f"  {items.childElementCount} entries; first link: {first.getAttribute('href')!r}, whose href is {first.href}")
print("  (a fragment-only link resolves against <base>, not against the page: a classic surprise)")

print("== result ==")
print(document.body.outerHTML)
