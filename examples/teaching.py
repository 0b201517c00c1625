"""Three things the standards do that surprise people, shown step by step.

Run from the repository root:  python examples/teaching.py [url|collections|reflection]

1. ``url`` -- how the URL parser reads an input: the preprocessing (leading/trailing spaces
   stripped, tabs and newlines removed), every state of the state machine it passes through with
   the text consumed there, each validation error by its spec name with a caret under the place
   it was found (the URL still parses: validation errors are not failures), the resulting URL
   record and its serialization, and two inputs that fail.
2. ``collections`` -- a live HTMLCollection (``getElementsByClassName``, ``children``) changing
   length as the tree changes, beside a static NodeList from ``querySelectorAll``, and the classic
   bug of removing items from a live collection while looping over it by index (one item is
   skipped; the output shows which).
3. ``reflection`` -- how IDL attributes map odd content attribute values: a table of
   ``<tag attr="value">`` -> ``element.idlAttribute``, then what the setters write back.

With no argument all three sections are printed, each under a ``== title ==`` line.
"""

from __future__ import annotations

import sys

import dom
from html_infra.url import URL, URLRecord, parse_url, serialize_url
from html_infra.url import state_machine as url_parser

# Short explanations of the validation errors met below (the URL Standard lists them all in
# https://url.spec.whatwg.org/#validation-error-writing).
EXPLAIN = {
    "invalid-URL-unit": "not a URL code point, or a % not followed by two hex digits",
    "invalid-credentials": "the URL has credentials (user:password@)",
    "invalid-reverse-solidus": "a backslash used as a slash in a special URL",
    "special-scheme-missing-following-solidus": "a special scheme not followed by //",
    "IPv4-non-decimal-part": "an IPv4 part written in hex or octal",
    "IPv4-too-few-parts": "fewer than four IPv4 parts",
    "port-out-of-range": "the port is above 65535",
    "domain-invalid-code-point": "the host contains a forbidden code point",
    "domain-to-ASCII": "the host fails domain to ASCII",
    "IPv6-unclosed": "an IPv6 address without its closing ]",
    "missing-scheme-non-relative-URL": "no scheme and no usable base URL",
}


def section(title: str) -> None:
    print(f"\n== {title} ==")


def trace_url(text: str, base: str | None = None) -> None:
    """Print the steps of the basic URL parser for *text*."""
    base_record = parse_url(base) if base is not None else None
    print(f"input {text!r}" + (f" against base {base!r}" if base else ""))
    errors: list[tuple[str, int]] = []
    steps: list[list] = []  # [state, first pointer, last pointer]
    # The parser's state machine is internal; this peeks at it to print each state it visits.
    machine = url_parser.BasicURLParser(
        text, base_record, "UTF-8", None, None, lambda name, at: errors.append((name, at))
    )
    for name, state_function in list(machine.table.items()):
        def traced(c: str, run=state_function) -> object:
            state, start = machine.state, machine.pointer
            result = run(c)
            if steps and steps[-1][0] == state:
                steps[-1][2] = max(steps[-1][2], machine.pointer)
            else:
                steps.append([state, start, machine.pointer])
            return result

        machine.table[name] = traced
    # Errors reported while preprocessing (before any state) come first.
    preprocessing = list(errors)
    del errors[:]
    record = machine.run()
    processed = machine.input
    if processed != text:
        print(f"  preprocessing: the input becomes {processed!r}")
        stripped = text.strip("".join(map(chr, range(0x21))))
        reasons = (["leading/trailing C0 control or space removed"] if stripped != text else []) + (
            ["tab or newline removed"] if stripped != processed else []
        )
        for (name, _at), reason in zip(preprocessing, reasons):
            print(f"  validation error {name}: {reason}")
    print("  states visited (text consumed; a state that hands over at once consumes nothing):")
    for state, start, end in steps:
        chunk = processed[max(start, 0): end + 1]
        print(f"    {state:40} {chunk!r}")
    if any(state == "authority state" for state, _start, _end in steps):
        print("    (the authority state reads to the end of the authority looking for '@', then rewinds)")
    for name, at in errors:
        print(f"  validation error {name} at {at}: {EXPLAIN.get(name, '')}")
        print(f"    {processed}\n    {' ' * at}^")
    if record is None:
        print("  result: failure (URL.parse returns None; new URL() raises TypeError)")
        return
    show(record)


def show(record: URLRecord) -> None:
    host = record.host
    path = record.path if isinstance(record.path, str) else "/".join([""] + record.path)
    print(f"  record: scheme={record.scheme!r} username={record.username!r} password={record.password!r}")
    print(f"          host={host!r} port={record.port!r} path={path!r} query={record.query!r} "
          f"fragment={record.fragment!r}")
    print(f"  serialized: {serialize_url(record)}")


def url_section() -> None:
    section("How a URL is parsed, step by step")
    trace_url("  HTTPS://user:pw@EXAMPLE.com:443/a/./b/../c d?q=\u00e4#top ")
    print()
    trace_url("https:\\\\example.org\\path\t\n/more")
    print()
    trace_url("http://0x7f.1/")
    print()
    trace_url("../up?x", "https://example.org/a/b/c")
    print()
    trace_url("http://[::1/")
    print()
    trace_url("https://example.org:99999/")
    print("\n  The URL class reports the same in one call:")
    print("   ", URL.parse("HTTP://EXAMPLE.com:80/a b"), "/ URL.canParse('http://[::1') =", URL.canParse("http://[::1"))


def collections_section() -> None:
    section("Live collections change with the tree; querySelectorAll does not")
    document = dom.parse_html(
        "<ul id=tasks><li class=todo>write<li class=todo>test<li class=todo>ship<li>done</ul>"
    )
    tasks = document.getElementById("tasks")
    todo = document.getElementsByClassName("todo")  # HTMLCollection: live
    snapshot = document.querySelectorAll(".todo")  # NodeList: static
    children = tasks.children  # HTMLCollection: live
    print(f"  start:               todo={len(todo)} snapshot={len(snapshot)} children={len(children)}")
    extra = document.createElement("li")
    extra.className = "todo"
    extra.textContent = "celebrate"
    tasks.append(extra)
    print(f"  after append(li):    todo={len(todo)} snapshot={len(snapshot)} children={len(children)}")
    todo[0].remove()
    print(f"  after todo[0].remove(): todo={len(todo)} snapshot={len(snapshot)} children={len(children)}"
          f"  (the snapshot still holds the removed element: {snapshot[0].isConnected=})")

    print("  The classic bug -- removing the class while looping by index:")
    print("    i = 0; while i < len(todo): todo[i].classList.remove('todo'); i += 1")
    i = 0
    while i < len(todo):
        todo[i].classList.remove("todo")
        i += 1
    left = [li.textContent for li in todo]
    print(f"    still marked todo: {left} (each removal shifted the live list under the index)")
    print("  The fixes: loop over a static copy (list(todo), querySelectorAll) or take todo[0] until empty:")
    while len(todo):
        todo[0].classList.remove("todo")
    print(f"    still marked todo: {[li.textContent for li in todo]}")


CASES = [
    ("input", "maxlength", "maxLength", ["12", "  12abc", "+5", "0x10", "-1", ""]),
    ("td", "colspan", "colSpan", ["0", "3.9", "2000", "x"]),
    ("img", "width", "width", ["100px", "-3", "1e3"]),
    ("input", "type", "type", ["EMAIL", "bogus"]),
    ("img", "crossorigin", "crossOrigin", ["", "BOGUS", "use-credentials"]),
    ("form", "method", "method", ["POST", "put"]),
    ("div", "hidden", "hidden", ["false", ""]),
    ("div", "tabindex", "tabIndex", ["1.5", "x"]),
    ("a", "href", "href", ["  ../x y ", "http://[::1", ""]),
]


def reflection_section() -> None:
    section("Reflected attributes: content attribute -> IDL attribute")
    document = dom.parse_html("", url="https://example.org/dir/page.html")
    print("  (document URL https://example.org/dir/page.html)")
    for tag, content, idl, values in CASES:
        for value in values:
            element = document.createElement(tag)
            element.setAttribute(content, value)
            shown = f'<{tag} {content}="{value}">'
            print(f"  {shown:36} {tag + '.' + idl:17} = {getattr(element, idl)!r}")
    print("  Setters write the canonical string back:")
    div = document.createElement("div")
    div.setAttribute("hidden", "false")
    div.hidden = False
    print(f"    div.hidden = False           -> hasAttribute('hidden') = {div.hasAttribute('hidden')}")
    img = document.createElement("img")
    img.width = 3.7
    print(f"    img.width = 3.7              -> width=\"{img.getAttribute('width')}\"")
    cell = document.createElement("td")
    cell.colSpan = 0
    print(f"    td.colSpan = 0               -> colspan=\"{cell.getAttribute('colspan')}\", colSpan = {cell.colSpan}")
    field = document.createElement("input")
    try:
        field.maxLength = -1
    except Exception as error:  # webidl.IndexSizeError, as in a browser
        print(f"    input.maxLength = -1         -> raises {type(error).__name__} ({error.name})")


SECTIONS = {"url": url_section, "collections": collections_section, "reflection": reflection_section}

if __name__ == "__main__":
    chosen = sys.argv[1:] or list(SECTIONS)
    for name in chosen:
        if name not in SECTIONS:
            sys.exit(f"unknown section {name!r}; choose from {', '.join(SECTIONS)}")
        SECTIONS[name]()
