"""The ``webdom`` command line: parse URLs, query and dump HTML, run scripts against a document.

    webdom url URL [--base BASE] [--json]
    webdom query FILE|URL|- SELECTOR [--text | --attr NAME | --prop NAME | --count] [--url URL] [--encoding LABEL]
    webdom tree FILE|URL|- [--url URL] [--encoding LABEL]
    webdom run SCRIPT --html FILE|URL|- [--url URL] [--encoding LABEL] [--] [ARGS...]
    webdom --version

``python -m webdom`` (and ``python -m dom``) is the same program.  An http, https or file URL
in place of FILE is loaded with :func:`webdom.load` (``--timeout``, ``--user-agent``; the page's
URL is the one it came from, after redirects).  HTML is read as bytes (``-``
reads standard input) and decoded by the HTML encoding sniffing algorithm, as a browser would (``--encoding`` plays the
part of the HTTP charset; ``--url`` must be an absolute URL).  Results are printed as they are
produced, and a reader closing the pipe early (``| head``) ends the program quietly.  Errors are one clear line
on stderr and a non-zero exit code; a failing ``run`` script prints its own traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import runpy
import sys
import traceback
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from dom import parse_html
from dom.nodes.attribute_guard import suggestion
from html_infra.encoding import get_an_encoding
from html_infra.url import URL, URLError, parse_url, validation_errors
from webdom import __version__
from webidl import to_dom_string
from webidl.exceptions import DOMSyntaxError, NotSupportedError

from .loading import DEFAULT_TIMEOUT, LoadError, load

__all__ = ["main", "dump_tree", "iter_tree"]

_HTML_NS = "http://www.w3.org/1999/xhtml"


class CLIError(Exception):
    """An error reported as one line on stderr (exit code 1)."""


def _fail(message: str, code: int = 1) -> int:
    print(f"webdom: {message}", file=sys.stderr)
    return code


def _read_html(source: str) -> bytes:
    if source == "-":
        return sys.stdin.buffer.read()
    path = Path(source)
    if path.is_dir():
        raise CLIError(f"{source} is a directory, not an HTML file")
    if not path.is_file():
        raise CLIError(f"no such file: {source}")
    return path.read_bytes()


def _loadable_url(source: str) -> bool:
    """Whether SOURCE names a page to load rather than a file: an absolute http, https or file URL."""
    record = parse_url(source)
    return record is not None and record.scheme in ("http", "https", "file")


def _parse(source: str, args: argparse.Namespace) -> Any:
    if args.encoding is not None and get_an_encoding(args.encoding) is None:
        raise CLIError(f"unknown encoding label {args.encoding!r}")
    if _loadable_url(source):
        if args.url != "about:blank":
            raise CLIError("--url is for files and standard input: a loaded page's URL is the one it came from")
        options: dict[str, Any] = {"encoding": args.encoding, "timeout": args.timeout}
        if args.user_agent is not None:
            options["user_agent"] = args.user_agent
        try:
            return load(source, **options)
        except (LoadError, NotSupportedError) as error:
            raise CLIError(error.message) from None
    if parse_url(args.url) is None:
        raise CLIError(f"--url {args.url!r} is not an absolute URL (e.g. https://example.org/page.html)")
    return parse_html(_read_html(source), url=args.url, encoding=args.encoding)


def _errors_text(errors: list[Any]) -> str:
    return ", ".join(f"{e.name} at {e.position}" for e in errors) or "no validation error reported"


def _cmd_url(args: argparse.Namespace) -> int:
    if args.base is not None and parse_url(args.base) is None:
        raise CLIError(f"invalid base URL {args.base!r} ({_errors_text(validation_errors(args.base))})")
    try:
        url = URL(args.url, args.base) if args.base is not None else URL(args.url)
    except URLError:
        where = f" against {args.base!r}" if args.base is not None else ""
        details = _errors_text(validation_errors(args.url, args.base))
        raise CLIError(f"invalid URL {args.url!r}{where} ({details})") from None
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
    document = _parse(args.file, args)
    try:
        found = document.querySelectorAll(args.selector)
    except DOMSyntaxError:
        raise CLIError(f"invalid selector {args.selector!r} (SyntaxError)") from None
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
        elif args.prop is not None:
            value = _idl_attribute(element, args.prop)
            if value is not None:
                print(value)
        else:
            print(element.outerHTML)
    if args.prop is not None and found.length and not any(hasattr(e, args.prop) for e in found):
        hint = suggestion(type(found[0]), args.prop)
        raise CLIError(f"--prop {args.prop!r}: the matched elements have no such IDL attribute{hint}")
    return 0


def _idl_attribute(element: Any, name: str) -> str | None:
    """The IDL attribute *name* of *element* as JS ``String(element[name])`` gives it (``href``
    resolved, ``colSpan`` clamped); None when the element's interface has no such attribute
    or it is null."""
    if name.startswith("_") or not hasattr(element, name):
        return None
    value = getattr(element, name)
    if callable(value):
        raise CLIError(f"--prop {name!r} is a method, not an IDL attribute")
    return None if value is None else to_dom_string(value)


def iter_tree(node: Any) -> Iterator[str]:
    """Yield the lines of the tree under *node* as the Live DOM Viewer shows it.

    One line per node, indented two spaces per level: ``DOCTYPE: name``, an element's
    ``tagName`` and its attributes, ``#text: '...'``, ``#comment: '...'``,
    ``#processing-instruction: target '...'``; a ``<template>``'s contents appear under a
    ``#document-fragment`` line.  Walks with an explicit stack: deep trees do not recurse.
    """
    stack = [(child, 0) for child in reversed(list(node.childNodes))]
    while stack:
        item, depth = stack.pop()
        pad = "  " * depth
        kind = item.nodeType
        if kind == 10:
            yield f"{pad}DOCTYPE: {item.name}"
        elif kind == 1:
            attributes = "".join(f' {a.name}="{a.value}"' for a in item.attributes)
            yield f"{pad}{item.tagName}{attributes}"
            children = [(c, depth + 1) for c in item.childNodes]
            if item.namespaceURI == _HTML_NS and item.localName == "template":
                children.insert(0, (_FragmentMarker(item.content), depth + 1))
            stack.extend(reversed(children))
        elif kind == 11:
            yield f"{pad}#document-fragment"
            stack.extend(reversed([(c, depth + 1) for c in item.childNodes]))
        elif kind == 3:
            yield f"{pad}#text: {item.data!r}"
        elif kind == 4:
            yield f"{pad}#cdata-section: {item.data!r}"
        elif kind == 8:
            yield f"{pad}#comment: {item.data!r}"
        elif kind == 7:
            yield f"{pad}#processing-instruction: {item.target} {item.data!r}"


class _FragmentMarker:
    """A template's contents, shown as a child of the template as the Live DOM Viewer does."""

    nodeType = 11

    def __init__(self, fragment: Any) -> None:
        self.childNodes = fragment.childNodes


def dump_tree(node: Any) -> str:
    """The tree under *node* as one string (see :func:`iter_tree`)."""
    return "\n".join(iter_tree(node))


def _cmd_tree(args: argparse.Namespace) -> int:
    document = _parse(args.file, args)
    for line in iter_tree(document):
        print(line)
    return 0


_RUN_OPTIONS = ("--html", "--url", "--encoding", "--timeout", "--user-agent")


def _split_run_arguments(args: argparse.Namespace) -> list[str]:
    """The script's own arguments.  webdom's options may come before SCRIPT or right after it;
    the first other argument, or everything after ``--``, goes to the script."""
    rest = list(args.script_args)
    while rest:
        option, equals, value = rest[0].partition("=")
        if rest[0] == "--":
            return rest[1:]
        if option not in _RUN_OPTIONS:
            break
        if not equals:
            if len(rest) < 2:
                raise CLIError(f"{option} needs a value")
            value = rest[1]
            del rest[0]
        del rest[0]
        setattr(args, option[2:].replace("-", "_"), _seconds(value) if option == "--timeout" else value)
    return rest


def _seconds(value: str) -> float:
    try:
        return float(value)  # as argparse's type=float does for the options before SCRIPT
    except ValueError:
        raise CLIError(f"--timeout needs a number of seconds, not {value!r}") from None


def _cmd_run(args: argparse.Namespace) -> int:
    script_args = _split_run_arguments(args)
    if args.html is None:
        raise CLIError("run needs --html FILE (or --html - for standard input)")
    script = Path(args.script)
    if not script.is_file():
        raise CLIError(f"no such script: {args.script}")
    document = _parse(args.html, args)
    saved_argv = sys.argv
    sys.argv = [str(script), *script_args]  # as `python SCRIPT ARGS...` would see it
    try:
        runpy.run_path(str(script), init_globals={"document": document}, run_name="__main__")
    except SystemExit as stop:
        if stop.code is None or isinstance(stop.code, int):
            return stop.code or 0
        print(stop.code, file=sys.stderr)
        return 1
    except BrokenPipeError:
        raise  # the reader went away: main() ends quietly
    except Exception as error:
        # Show the script's frames only: the runner's own frames are noise to the user.
        tb = error.__traceback__
        script_path = str(script.resolve())
        while tb is not None and str(Path(tb.tb_frame.f_code.co_filename).resolve()) != script_path:
            tb = tb.tb_next
        traceback.print_exception(type(error), error, tb or error.__traceback__)
        return 1
    finally:
        sys.argv = saved_argv
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="webdom",
        description="A browser's DOM layer, without a browser.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n"
        "  webdom url '../a b?q=1' --base https://example.org/dir/page --json\n"
        "  webdom query page.html 'a[href]' --attr href --url https://example.org/page.html\n"
        "  curl -s https://example.org/ | webdom tree -\n"
        "  webdom run script.py --html page.html -- -v out.csv   # the script sees `document` and sys.argv",
    )
    parser.add_argument("--version", action="version", version=f"webdom {_version()}")
    commands = parser.add_subparsers(dest="command", required=True)

    url = commands.add_parser("url", help="parse a URL as a browser does; print its parts and validation errors")
    url.add_argument("url")
    url.add_argument("--base", default=None, help="base URL to resolve against")
    url.add_argument("--json", action="store_true", help="print JSON")
    url.set_defaults(handler=_cmd_url)

    def document_options(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--url", default="about:blank", help="the document's URL (relative links resolve on it)")
        sub.add_argument("--encoding", default=None, help="the transport charset (as HTTP's Content-Type would)")
        sub.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds to load a URL (default 30)")
        sub.add_argument("--user-agent", default=None, help="the User-Agent header sent when loading a URL")

    query = commands.add_parser("query", help="run a CSS selector over an HTML file, URL or - (stdin)")
    query.add_argument("file")
    query.add_argument("selector")
    what = query.add_mutually_exclusive_group()
    what.add_argument("--text", action="store_true", help="print textContent")
    what.add_argument("--attr", default=None, help="print this attribute (elements without it are skipped)")
    what.add_argument(
        "--prop", default=None, help="print this IDL attribute as a browser gives it (href resolved, colSpan clamped)"
    )
    what.add_argument("--count", action="store_true", help="print the number of matches")
    document_options(query)
    query.set_defaults(handler=_cmd_query)

    tree = commands.add_parser("tree", help="print the DOM tree of an HTML file, URL or - (stdin)")
    tree.add_argument("file")
    document_options(tree)
    tree.set_defaults(handler=_cmd_tree)

    run = commands.add_parser(
        "run", help="run a Python script with `document` bound to a parsed file; ARGS go to the script's sys.argv"
    )
    run.add_argument("--html", default=None, help="HTML file (or - for stdin); required")
    document_options(run)
    run.add_argument("script")
    run.add_argument("script_args", nargs=argparse.REMAINDER, metavar="ARGS", help="the script's arguments")
    run.set_defaults(handler=_cmd_run)
    return parser


def _version() -> str:
    return __version__


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with *argv* (default ``sys.argv[1:]``); return the exit code."""
    args = _parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except CLIError as error:
        return _fail(str(error))
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            # The reader went away (`webdom tree big.html | head`): stop quietly.
            # (the Python docs' recipe: point stdout at devnull so the exit flush does not fail).
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return 0
        return _fail(f"{error.strerror or error}: {error.filename}" if error.filename else str(error))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
