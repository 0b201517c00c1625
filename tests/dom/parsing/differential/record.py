"""Record what headless Chromium builds for the generated cases (regenerates chromium.jsonl.gz).

    python -m tests.dom.parsing.differential.record [--fragments N] [--documents N] [--seed S]

Each batch of cases is written into a page served from 127.0.0.1.  The page's own harness
script (the only script that runs) reads the cases from a JSON data block and parses each one
inertly: a document with ``DOMParser.parseFromString(input, "text/html")`` (scripting disabled,
as ``dom.parse_html`` by default), a fragment by setting ``innerHTML`` on a context element
created in such a document (so the fragment parser runs with scripting disabled too, and no
script in the markup ever runs).  It dumps the resulting trees as JSON into a data block, and
``chromium --headless --dump-dom`` prints the page.  Requests to anything but 127.0.0.1 fail.

Tree format (shared with ``compare.py``): a text node is a string; an element is
``["ns localName", [[attr, value], ...], children]`` with a fourth item holding a template's
contents; ``["#comment", data]``; ``["#doctype", name, publicId, systemId]``;
``["#pi", target, data]``.  ``ns`` is html, svg or math; a namespaced attribute is
``"xlink href"`` (xlink, xml, xmlns).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import shutil
import subprocess
import tempfile
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from .generate import cases as generate_cases

HERE = Path(__file__).resolve().parent
DATA = HERE / "chromium.jsonl.gz"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]

HARNESS = r"""
const NS = {"http://www.w3.org/1999/xhtml": "html", "http://www.w3.org/2000/svg": "svg",
            "http://www.w3.org/1998/Math/MathML": "math"};
const URI = {html: "http://www.w3.org/1999/xhtml", svg: "http://www.w3.org/2000/svg",
             math: "http://www.w3.org/1998/Math/MathML"};
const ATTR_NS = {"http://www.w3.org/1999/xlink": "xlink ", "http://www.w3.org/XML/1998/namespace": "xml ",
                 "http://www.w3.org/2000/xmlns/": "xmlns "};
function dump(node) {
  switch (node.nodeType) {
    case 1: {
      const out = [NS[node.namespaceURI] + " " + node.localName,
                   Array.from(node.attributes, a => [(a.namespaceURI ? ATTR_NS[a.namespaceURI] : "") + a.localName, a.value]),
                   Array.from(node.childNodes, dump)];
      if (node.namespaceURI === URI.html && node.localName === "template") out.push(Array.from(node.content.childNodes, dump));
      return out;
    }
    case 3: return node.data;
    case 7: return ["#pi", node.target, node.data];
    case 8: return ["#comment", node.data];
    case 10: return ["#doctype", node.name, node.publicId, node.systemId];
  }
  return ["#unknown", node.nodeType];
}
const parser = new DOMParser();
const host = parser.parseFromString("<!DOCTYPE html>", "text/html");
const results = [];
for (const c of JSON.parse(document.getElementById("cases").textContent)) {
  try {
    if (c.context === null) {
      const doc = parser.parseFromString(c.input, "text/html");
      results.push({id: c.id, tree: Array.from(doc.childNodes, dump), mode: doc.compatMode});
    } else {
      const [ns, name] = c.context.split(" ");
      const context = host.createElementNS(URI[ns], name);
      for (const [attr, value] of c.attrs) context.setAttribute(attr, value);
      context.innerHTML = c.input;
      const holder = ns === "html" && name === "template" ? context.content : context;
      results.push({id: c.id, tree: Array.from(holder.childNodes, dump)});
    }
  } catch (e) {
    results.push({id: c.id, error: String(e)});
  }
}
document.getElementById("results").textContent = JSON.stringify(results).replace(/</g, "\\u003c");
"""


def _page(batch: list[dict[str, Any]]) -> str:
    data = json.dumps(batch).replace("<", "\\u003c")
    return (
        "<!DOCTYPE html><meta charset=utf-8><title>differential</title>"
        f'<script type="application/json" id="cases">{data}</script>'
        '<script type="application/json" id="results"></script>'
        f"<script>{HARNESS}</script>"
    )


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise SystemExit("no chromium on PATH (Debian: apt-get install -y chromium)")


def run_batches(batches: list[list[dict[str, Any]]]) -> tuple[str, list[dict[str, Any]]]:
    """Serve each batch's page on 127.0.0.1 and dump it with headless Chromium."""
    chromium = _chromium()
    version = subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip()
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as root:
        pages = Path(root, "pages")
        pages.mkdir()
        for index, batch in enumerate(batches):
            Path(pages, f"{index}.html").write_text(_page(batch), encoding="utf-8")
        server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(pages)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            for index, batch in enumerate(batches):
                url = f"http://127.0.0.1:{server.server_address[1]}/{index}.html"
                profile = Path(root, f"profile{index}")
                done = subprocess.run(
                    [chromium, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
                    capture_output=True, text=True, encoding="utf-8", timeout=600,
                )
                match = re.search(r'<script type="application/json" id="results">(.*?)</script>', done.stdout, re.S)
                if not match or not match.group(1):
                    raise SystemExit(f"batch {index}: no results\n{done.stderr[-2000:]}")
                got = json.loads(match.group(1))
                if len(got) != len(batch):
                    raise SystemExit(f"batch {index}: {len(got)} results for {len(batch)} cases")
                results.extend(got)
                print(f"batch {index + 1}/{len(batches)}: {len(got)} cases", flush=True)
        finally:
            server.shutdown()
    return version, results


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    options.add_argument("--fragments", type=int, default=3000)
    options.add_argument("--documents", type=int, default=1500)
    options.add_argument("--seed", type=int, default=12)
    options.add_argument("--batch", type=int, default=500)
    options.add_argument("--out", type=Path, default=DATA)
    args = options.parse_args()
    cases = generate_cases(args.fragments, args.documents, args.seed)
    batches = [cases[i:i + args.batch] for i in range(0, len(cases), args.batch)]
    version, results = run_batches(batches)
    by_id = {result["id"]: result for result in results}
    with gzip.open(args.out, "wt", encoding="utf-8", compresslevel=9) as out:
        out.write(json.dumps({"browser": version, "seed": args.seed, "cases": len(cases)}) + "\n")
        for case in cases:
            result = by_id[case["id"]]
            if "error" in result:
                print(f"{case['id']}: {result['error']}")
                continue
            record = {**case, "tree": result["tree"]}
            if "mode" in result:
                record["mode"] = result["mode"]
            if not record.get("attrs"):
                record.pop("attrs", None)
            out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"wrote {len(cases)} cases to {args.out}")


if __name__ == "__main__":
    main()
