"""Reflection semantics that surprise scraper authors: IDL attributes are not the raw
attribute strings.  Run with ``python examples/reflection.py``.

Prints one line per case on a windows-1252 page with a ``<base>``: the markup, the IDL
attribute's value (``img.width``, ``input.maxLength``, ``a.href``, ``td.colSpan``, ...) and
why it differs from the attribute text; then what two setters do (one raises IndexSizeError).
"""

import webdom

page = (
    '<base href="https://shop.example/catalogue/">'
    '<img src="thumb.png" width="100px" height="-20" crossorigin="bogus">'
    '<input maxlength="-5" size="0" type="EMAIL">'
    '<a href="caf\xe9?q=cr\xe8me" target=_blank>caf\xe9</a>'
    '<table><tr><td colspan="5000"></td></tr></table>'
).encode("windows-1252")

document = webdom.parse_html(page, url="https://shop.example/index.html", encoding="windows-1252")
img = document.querySelector("img")
field = document.querySelector("input")
link = document.querySelector("a")

print("document encoding        ", document.characterSet)
print('img width="100px"        ', img.width, "(integer parsing stops at the first non-digit)")
print('img height="-20"         ', img.height, "(unsigned: invalid values fall back to 0)")
print('img src="thumb.png"      ', img.src, "(resolved against <base>)")
print('crossorigin="bogus"      ', repr(img.crossOrigin), "(invalid value default)")
print('input maxlength="-5"     ', field.maxLength, "(non-negative: -1 means 'no limit')")
print('input size="0"           ', field.size, "(limited to positive numbers, default 20)")
print('input type="EMAIL"       ', repr(field.type), "(canonical keyword)")
print('a href="café?q=crème"    ', link.href)
print("   path is UTF-8, query uses the page's windows-1252 encoding:", link.pathname, link.search)
print('td colspan="5000"        ', document.querySelector("td").colSpan, "(clamped to 1000)")

try:
    field.maxLength = -1
except Exception as error:  # webidl.IndexSizeError
    print("input.maxLength = -1      raises", type(error).__name__)
img.crossOrigin = None
print("img.crossOrigin = None    removes the attribute:", img.hasAttribute("crossorigin"))
