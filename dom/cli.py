"""The ``webdom`` command line: parse URLs, query and dump HTML, run scripts against a document.

    webdom url URL [--base BASE] [--json]
    webdom query FILE|- SELECTOR [--text | --attr NAME | --count]
    webdom tree FILE|-
    webdom run SCRIPT --html FILE|-

Errors are one clear line on stderr and a non-zero exit code.
"""

from __future__ import annotations

import argparse
import json
import runpy
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["main"]


def _fail(message: str, code: int = 1) -> int:
    print(f"webdom: {message}", file=sys.stderr)
    return code


def _read_html(source: str) -> bytes:
    if source == "-":
        return sys.stdin.buffer.read()
    path = Path(source)
    if not path.is_file():
        raise FileNotFoundError(f"no such file: {source}")
    return path.read_bytes()


def _cmd_url(args: argparse.Namespace) -> int:
    from html_infra.url import URL, URLError, validation_errors

    try:
        url = URL(args.url, args.base) if args.base is not None else URL(args.url)
    except URLError:
        errors = validation_errors(args.url, args.base)
        names = ", ".join(f"{e.name}@{e.position}" for e in errors) or "no further detail"
        return _fail(f"invalid URL {args.url!r}" + (f" against {args.base!r}" if args.base else "") + f" ({names})")
    fields = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
              "search", "hash"]
    data: dict[str, Any] = {name: getattr(url, name) for name in fields}
    data["searchParams"] = [list(pair) for pair in url.searchParams]
    data["validationErrors"] = [
        {"name": e.name, "position": e.position} for e in validation_errors(args.url, args.base)
    ]
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    for name in fields:
        print(f"{name:9} {data[name]}")
    for name, value in data["searchParams"]:
        print(f"{'param':9} {name} = {value}")
    for error in data["validationErrors"]:
        print(f"{'error':9} {error['name']} at {error['position']}")
    return 0


def _cmd_query(args: argparse.Namespace) -> int:
    from dom import parse_html
    from webidl import DOMSyntaxError

    document = parse_html(_read_html(args.file), url=args.url)
    try:
        found = document.querySelectorAll(args.selector)
    except DOMSyntaxError as error:
        return _fail(f"invalid selector: {error.message}")
    if args.count:
        print(len(found))
        return 0
    for element in found:
        if args.text:
            print(element.textContent)
        elif args.attr is not None:
            value = element.getAttribute(args.attr)
            if value is not None:
                print(value)
        else:
            print(element.outerHTML)
    return 0


def _cmd_tree(args: argparse.Namespace) -> int:
    from dom import parse_html

    document = parse_html(_read_html(args.file), url=args.url)
    print(dump_tree(document))
    return 0


def dump_tree(node: Any) -> str:
    """The tree as the Live DOM Viewer shows it: node kinds, names, attributes, text runs."""
    lines: list[str] = []
    stack = [(child, 0) for child in reversed(list(node.childNodes))]
    while stack:
        item, depth = stack.pop()
        pad = "  " * depth
        kind = item.nodeType
        if kind == 10:
            lines.append(f"{pad}DOCTYPE: {item.name}")
        elif kind == 1:
            attributes = "".join(f' {a.name}="{a.value}"' for a in item.attributes)
            lines.append(f"{pad}{item.tagName}{attributes}")
            children = list(item.childNodes)
            if item.namespaceURI == "http://www.w3.org/1999/xhtml" and item.localName == "template":
                lines.append(f"{pad}  #document-fragment")
                stack.extend(reversed([(c, depth + 2) for c in item.content.childNodes]))
            stack.extend(reversed([(c, depth + 1) for c in children]))
        elif kind == 3:
            lines.append(f"{pad}#text: {item.data!r}")
        elif kind == 8:
            lines.append(f"{pad}#comment: {item.data!r}")
        elif kind == 7:
            lines.append(f"{pad}#processing-instruction: {item.target} {item.data!r}")
    return "\n".join(lines)


def _cmd_run(args: argparse.Namespace) -> int:
    from dom import parse_html

    script = Path(args.script)
    if not script.is_file():
        return _fail(f"no such script: {args.script}")
    document = parse_html(_read_html(args.html), url=args.url)
    runpy.run_path(str(script), init_globals={"document": document}, run_name="__main__")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="webdom", description="A browser's DOM layer, without a browser.")
    commands = parser.add_subparsers(dest="command", required=True)

    url = commands.add_parser("url", help="parse a URL as a browser does; print its parts and validation errors")
    url.add_argument("url")
    url.add_argument("--base", default=None, help="base URL to resolve against")
    url.add_argument("--json", action="store_true", help="print JSON")
    url.set_defaults(handler=_cmd_url)

    query = commands.add_parser("query", help="run a CSS selector over an HTML file (or - for stdin)")
    query.add_argument("file")
    query.add_argument("selector")
    what = query.add_mutually_exclusive_group()
    what.add_argument("--text", action="store_true", help="print textContent")
    what.add_argument("--attr", default=None, help="print this attribute")
    what.add_argument("--count", action="store_true", help="print the number of matches")
    query.add_argument("--url", default="about:blank", help="the document's URL (for links)")
    query.set_defaults(handler=_cmd_query)

    tree = commands.add_parser("tree", help="print the DOM tree of an HTML file (or - for stdin)")
    tree.add_argument("file")
    tree.add_argument("--url", default="about:blank")
    tree.set_defaults(handler=_cmd_tree)

    run = commands.add_parser("run", help="run a Python script with `document` bound to a parsed file")
    run.add_argument("script")
    run.add_argument("--html", required=True, help="HTML file (or - for stdin)")
    run.add_argument("--url", default="about:blank")
    run.set_defaults(handler=_cmd_run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except FileNotFoundError as error:
        return _fail(str(error))
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
