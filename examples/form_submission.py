"""Fill in the forms of a page and print the exact requests a browser would send, without a
browser or a network.  Run with ``python examples/form_submission.py``.

The page is served as windows-1252 bytes (an old shop), so the form data is encoded the way a
browser encodes it for such a page: é is %E9, € is %80, and characters windows-1252 lacks
become numeric character references (☃ -> &#9731; -> %26%239731%3B).  It prints:

1. the search form's GET request: the URL with the urlencoded query that replaces the action's
   query (the fragment stays);
2. the order form's POST request submitted with its "Buy now" button: method, URL,
   Content-Type and body -- hidden fields, checked checkboxes and radio, the selected options
   of a multiple select, the textarea with CRLF newlines, the submitter's name/value and a
   dirname entry; a disabled field and an unchecked box are left out;
3. the same form submitted with the "Save for later" button, whose formaction and formenctype
   override the form's: a multipart/form-data body with a fixed boundary, the
   empty file input as an empty file part and a UTF-8 form (accept-charset) this time (the
   UTF-8 bytes are printed as \\x escapes).
"""

import webdom

PAGE = """<!DOCTYPE html>
<html><head><meta charset="windows-1252"><title>Vieux Magasin</title></head><body>
<form id="search" action="/search?from=nav#results">
  <input type="search" name="q">
  <select name="dept"><option value="all">All</option><option value="books" selected>Books</option></select>
  <input type="hidden" name="_charset_">
  <button>Search</button>
</form>

<form id="order" action="/cart/checkout" method="post">
  <input type="hidden" name="csrf" value="f3a9c0de">
  <input type="text" name="customer" dirname="customer.dir" value="">
  <input type="email" name="email" value="  renée@example.com ">
  <input type="text" name="coupon" value="OLD10" disabled>
  <label><input type="checkbox" name="gift" value="yes"> Gift wrap</label>
  <label><input type="checkbox" name="newsletter" checked> Newsletter</label>
  <label><input type="radio" name="ship" value="standard" checked> Standard</label>
  <label><input type="radio" name="ship" value="express"> Express</label>
  <select name="extras" multiple>
    <option value="insurance">Insurance</option>
    <option value="receipt" selected>Paper receipt</option>
    <option value="sticker">Sticker</option>
  </select>
  <textarea name="note"></textarea>
  <input type="file" name="photo">
  <button name="action" value="buy">Buy now</button>
  <button name="action" value="save" formaction="/cart/save" formenctype="multipart/form-data">Save for later</button>
</form>
</body></html>
""".encode("windows-1252")


def show(title: str, request) -> None:
    print(f"== {title} ==")
    print(f"{request.method.upper()} {request.url}")
    if request.method == "post":
        print(f"Content-Type: {request.content_type}")
        print()
        print(request.body.decode("ascii", "backslashreplace"))
    print()


document = webdom.parse_html(PAGE, url="https://vieux-magasin.example/catalogue/index.html")
print("page encoding:", document.characterSet)
print()

# 1. A search: type into the box, pick nothing else.
search = document.forms["search"]
search["q"].value = "café crème €5 ☃"
show("search form (GET)", search.submission())

# 2. The order form, filled in as a user would.
order = document.getElementById("order")
order["customer"].value = "Zoë Ünal"
order["gift"].checked = True
order["ship"].value = "express"  # RadioNodeList.value checks the matching radio
order["extras"].options[0].selected = True
order["note"].value = "Leave at the door.\nThanks!"
buy, save = order["action"]  # two buttons share a name: a RadioNodeList
print("controls:", ", ".join(f"{c.localName}[{c.name}]" for c in order.elements))
print()
show("order form, 'Buy now' (POST, urlencoded)", order.submission(buy))

# 3. "Save for later": multipart, sent as UTF-8 because of accept-charset.
order.acceptCharset = "utf-8"
show("order form, 'Save for later' (POST, multipart)",
     order.submission(save, boundary="----webdomFormBoundaryEXAMPLE0000000"))
