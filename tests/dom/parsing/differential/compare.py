"""webdom's trees for the recorded cases, in the recorder's format, and the comparison.

The dump uses only the public DOM API (childNodes, nodeType, namespaceURI, localName,
attributes, data, template ``content``), so it sees what a script would.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from dom.nodes import template as _template  # noqa: F401 -- registers the template element class
from dom.parsing import PARSERS, parse_html, parse_html_fragment

HERE = Path(__file__).resolve().parent
DATA = HERE / "chromium.jsonl.gz"
KNOWN = HERE / "known.json"
NS = {"http://www.w3.org/1999/xhtml": "html", "http://www.w3.org/2000/svg": "svg",
      "http://www.w3.org/1998/Math/MathML": "math"}
URI = {short: uri for uri, short in NS.items()}
ATTR_NS = {"http://www.w3.org/1999/xlink": "xlink ", "http://www.w3.org/XML/1998/namespace": "xml ",
           "http://www.w3.org/2000/xmlns/": "xmlns "}


def load_cases(path: Path = DATA) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The recording's header and its cases."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        header = json.loads(next(lines))
        return header, [json.loads(line) for line in lines]


def dump(node: Any) -> Any:
    kind = node.nodeType
    if kind == 1:
        out = [
            f"{NS.get(node.namespaceURI, node.namespaceURI)} {node.localName}",
            [[ATTR_NS.get(a.namespaceURI, "") + a.localName, a.value] for a in node.attributes],
            [dump(child) for child in node.childNodes],
        ]
        if node.namespaceURI == URI["html"] and node.localName == "template":
            out.append([dump(child) for child in node.content.childNodes])
        return out
    if kind == 3:
        return node.data
    if kind == 7:
        return ["#pi", node.target, node.data]
    if kind == 8:
        return ["#comment", node.data]
    if kind == 10:
        return ["#doctype", node.name, node.publicId, node.systemId]
    return ["#unknown", kind]


_HOSTS: dict[str, Any] = {}


def webdom_result(case: dict[str, Any], parser: str) -> dict[str, Any]:
    """What webdom builds for *case* with *parser*: its tree (and a document's mode)."""
    if case["context"] is None:
        document = parse_html(case["input"], parser=parser)
        return {"tree": [dump(child) for child in document.childNodes], "mode": document.compatMode}
    host = _HOSTS.get(parser)
    if host is None:
        host = _HOSTS[parser] = parse_html("<!DOCTYPE html>", parser=parser)
    namespace, name = case["context"].split(" ")
    context = host.createElementNS(URI[namespace], name)
    for attribute, value in case.get("attrs", ()):
        context.setAttribute(attribute, value)
    fragment = parse_html_fragment(case["input"], context, parser=parser)
    return {"tree": [dump(child) for child in fragment.childNodes]}


def expected(case: dict[str, Any]) -> dict[str, Any]:
    out = {"tree": case["tree"]}
    if "mode" in case:
        out["mode"] = case["mode"]
    return out


def outcome(case: dict[str, Any], parser: str) -> dict[str, Any] | str:
    """webdom's result for the case, or the exception it raised, as a string."""
    try:
        return webdom_result(case, parser)
    except Exception as error:  # a crash is a disagreement too, reported with its type
        return f"{type(error).__name__}: {error}"


def load_known(path: Path = KNOWN) -> dict[str, Any]:
    """known.json: ``standard`` maps a case id to why Chromium departs from the standard and the
    standard's tree; each backend's section maps a case id to why that backend still differs."""
    if not path.exists():
        return {"standard": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def target(case: dict[str, Any], known: dict[str, Any]) -> dict[str, Any]:
    """The answer a backend must give: Chromium's, unless the standard says otherwise."""
    override = known.get("standard", {}).get(case["id"])
    if override is not None:
        return {key: override[key] for key in ("tree", "mode") if key in override}
    return expected(case)


def backends() -> tuple[str, ...]:
    return tuple(PARSERS)


def render(tree: Any, depth: int = 0) -> Iterator[str]:
    """html5lib-tests' indented tree format, for readable failure output."""
    pad = "| " + "  " * depth
    for node in tree:
        if isinstance(node, str):
            yield f'{pad}"{node}"'
        elif node[0] == "#comment":
            yield f"{pad}<!-- {node[1]} -->"
        elif node[0] == "#doctype":
            yield f"{pad}<!DOCTYPE {node[1]} {node[2]!r} {node[3]!r}>"
        elif node[0] == "#pi":
            yield f"{pad}<?{node[1]} {node[2]}>"
        else:
            namespace, local = node[0].split(" ", 1)
            yield f"{pad}<{local if namespace == 'html' else node[0]}>"
            for name, value in sorted(node[1]):
                yield f'{pad}  {name}="{value}"'
            yield from render(node[2], depth + 1)
            if len(node) > 3:
                yield f"{pad}  content"
                yield from render(node[3], depth + 2)


def describe(case: dict[str, Any], got: dict[str, Any] | str, want: dict[str, Any]) -> str:
    lines = [f"{case['id']} context={case['context']} {case.get('attrs') or ''} input={case['input']!r}"]
    lines.append("want:" + (f" mode={want['mode']}" if "mode" in want else ""))
    lines.extend(render(want["tree"]))
    if isinstance(got, str):
        lines.append(f"got: {got}")
    else:
        lines.append("got:" + (f" mode={got['mode']}" if "mode" in got else ""))
        lines.extend(render(got["tree"]))
    return "\n".join(lines)
