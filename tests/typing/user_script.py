"""A typed user script: forms, tables, links and URL editing with webdom (checked by mypy --strict)."""

from __future__ import annotations

import webdom

PAGE = b"""<!DOCTYPE html><base href="https://shop.example/fr/">
<form action=/search><input name=q value=shoes><select name=size><option>40<option selected>41</select>
<textarea name=note>n</textarea><button>Go</button></form>
<table id=prices><tr><th>item<th>price</tr><tr><td>red<td>10</tr></table>
<a href="red.html?utm_source=x">red</a><a href="https://other.example/">other</a>"""


def main() -> list[str]:
    document = webdom.parse_html(PAGE, url="https://shop.example/index.html")
    out: list[str] = []

    form = document.forms[0]
    query = form.elements.namedItem("q")
    assert isinstance(query, webdom.HTMLInputElement)
    query.value = "red shoes"
    select = document.querySelector("select")
    if select is not None:
        out.append(select.value)
        for option in select.options:
            out.append(f"{option.text} {option.selected}")
    area = document.querySelector("textarea")
    if area is not None:
        area.value = area.value.upper()
    out.append(form.action)

    table = document.querySelector("table")
    if table is not None:
        for row in table.rows:
            out.append(" | ".join(cell.textContent or "" for cell in row.cells))
        new_row = table.insertRow()
        new_row.insertCell().textContent = "blue"

    for link in document.querySelectorAll("a"):
        url = webdom.URL(link.href)
        url.searchParams.delete("utm_source")
        link.href = url.href
        out.append(f"{link.textContent}: {link.href} {url.hostname}")

    anchor = document.createElement("a")
    anchor.href = "blue.html"
    anchor.relList.add("nofollow")
    body = document.body
    if body is not None:
        body.append(anchor)
    out.append(anchor.href)

    heading = document.createElement("h1")
    heading.textContent = "Shoes"
    image = document.createElement("img")
    image.width = 100
    out.append(str(image.width))
    div = document.getElementById("prices")
    if div is not None:
        out.append(div.tagName)
    box = document.createElement("div")
    box.classList.add("card", "wide")
    box.classList = "card"  # PutForwards=value
    box.dataset["sku"] = "A1"
    box.style.setProperty("color", "red")
    box.append(document.createElement("span"))
    out.append(f"{box.className} {box.dataset['sku']} {len(box.children)} {box.attributes.length}")
    out.append(document.createElement("p").style.cssText)  # style on every HTML element
    for p in document.getElementsByTagName("td"):
        out.append(str(p.cellIndex))
    # arguments of interface, dictionary and callback types (the IDL's, as TypedDicts and aliases)
    host = document.createElement("section")
    shadow = host.attachShadow({"mode": "open", "serializable": True})
    shadow.append("inside")
    out.append(host.getHTML({"serializableShadowRoots": True}))
    clicks: list[str] = []
    host.addEventListener("click", lambda event: clicks.append(event.type), {"once": True})
    host.click()
    out.append(",".join(clicks))
    if table is not None:
        table.caption = document.createElement("caption")
        walker = document.createTreeWalker(table, 1, lambda node: 1)
        out.append(walker.currentNode.nodeName)
    return out


if __name__ == "__main__":
    print("\n".join(main()))
