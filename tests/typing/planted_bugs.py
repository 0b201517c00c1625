"""The user script's kind of code with planted bugs: mypy --strict must flag every line with a
"planted" comment and no other line (tests/typing/test_typing.py)."""

from __future__ import annotations

import webdom


def main() -> None:
    document = webdom.parse_html("<table><tr><td>1</table><a href=x>x</a>", url="https://example.org/")
    print(document.querySelector("table").rows)  # planted: missing None check
    for link in document.querySelectorAll("a"):
        print(link.hreff)  # planted: typo'd attribute
    div = document.createElement("div")
    print(div.href)  # planted: a div has no href
    anchor = document.createElement("a")
    print(anchor.href.hostname)  # planted: href is a str, not a URL
    table = document.querySelector("table")
    if table is not None:
        print(table.rows.item(0).cells)  # planted: item() may be None
    cell = document.getElementsByTagName("td")[0]
    print(cell.href)  # planted: a cell has no href
    url = webdom.URL("https://example.org/")
    url.searchParams.appendd("a", "b")  # planted: typo'd method
    form = document.querySelector("form")
    print(form.action)  # planted: missing None check
    anchor.href = 3  # planted: href takes a str (the binding would convert it; mypy says so)
    box = document.createElement("input")
    box.checked = "yes"  # planted: checked takes a bool
    box.classList.add("a")
    print(box.classList.lenght)  # planted: classList is a DOMTokenList, not Any
    host = document.createElement("section")
    host.attachShadow({"mode": "opne"})  # planted: a ShadowRootMode is "open" or "closed"
    host.getHTML({"serializableShadowroots": True})  # planted: a typo'd dictionary member
    host.addEventListener("click", 3)  # planted: a listener is a function or has handleEvent
    document.createTreeWalker("body")  # planted: the root is a Node
    if table is not None:
        table.caption = document.createElement("div")  # planted: a caption element, not a div
    webdom.MouseEvent("click", {"clientX": "3"})  # planted: clientX is a long
    webdom.Event("click", bubble=True)  # planted: a keyword argument names an EventInit member
    print(document.createElement("video").buffered.lenght)  # planted: buffered is a TimeRanges
    if document.body is not None:
        print(document.body.firstElementChild.id)  # planted: firstElementChild may be None


main()
