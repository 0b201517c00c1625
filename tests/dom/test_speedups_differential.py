"""A differential fuzzer for the identity map's two paths: the C extension and its Python reference.

Random, seeded sequences of DOM calls (creating and parsing elements of every kind of name,
moving, cloning, adopting between HTML and XML documents, reading through every accessor) run
once in a child with the extension and once with ``WEBDOM_PURE_PYTHON=1``; after each call the
child records what a script could observe -- the serialization, each wrapper's interface and
names, and whether each way of reaching a node gives the same object -- and the two records must
be equal.  ``WEBDOM_FUZZ=long`` runs 50x the sequences.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dom.nodes.speedups import extension

ROOT = Path(__file__).resolve().parent.parent.parent
SEQUENCES = 40 * (50 if os.environ.get("WEBDOM_FUZZ") == "long" else 1)
STEPS = 60

CHILD = r"""
import json, random, sys
import dom, webidl
from dom.nodes.speedups import extension

seed, sequences, steps = json.loads(sys.stdin.read())
SVG, MATH, XHTML = "http://www.w3.org/2000/svg", "http://www.w3.org/1998/Math/MathML", "http://www.w3.org/1999/xhtml"
NAMES = ["p", "div", "a", "span", "template", "select", "option", "input", "table", "tr", "td", "svg", "circle",
         "math", "mi", "my-widget", "x-\u00e9l\u00e9ment", "Unknown-Tag", "foreignObject", "slot", "form", "img"]
NAMESPACES = [None, XHTML, SVG, MATH, "urn:x"]
MARKUP = ["<p>a<b>b</b></p>", "<svg><circle/><foreignObject><p>x</p></foreignObject></svg>", "<table><td>c</table>",
          "<template><i>t</i></template>", "<my-widget><p></my-widget>", "<math><mi>x</mi></math>", "<select><option>o"]


def describe(node):
    # what script sees of a wrapper: its interface and names
    if node is None:
        return None
    return [type(node).__name__, node.nodeName, getattr(node, "namespaceURI", None), getattr(node, "localName", None)]


def observe(docs):
    out = []
    for doc in docs:
        root = doc.documentElement
        out.append(dom.XMLSerializer().serializeToString(doc) if root is not None else None)
        if root is None:
            continue
        elements = list(doc.getElementsByTagName("*"))
        out.append([describe(e) for e in elements])
        walked = list(doc.querySelectorAll("*"))  # nodes_for: the same wrappers, made or found
        out.append(len(walked) == len(elements) and all(a is b for a, b in zip(walked, elements)))
        # every way of reaching each element gives the one wrapper
        same = []
        for e in elements:
            parent = e.parentNode
            if parent is not None:
                same.append(e in list(parent.childNodes) and any(c is e for c in parent.childNodes))
            same.append(any(x is e for x in doc.querySelectorAll(e.localName.replace(":", "\\:")))
                        if e.localName.isascii() and e.localName.replace("-", "").isalnum() else True)
        out.append(same)
    return out


def run(rnd):
    html = dom.parse_html("<!DOCTYPE html><body><div id=a></div></body>")
    xml = html.implementation.createDocument(None, "root", None)
    docs = [html, xml]
    trace = []
    for _ in range(steps):
        doc = rnd.choice(docs)
        pool = list(doc.getElementsByTagName("*")) if doc.documentElement is not None else []
        op = rnd.randrange(8)
        try:
            if op == 0:
                node = doc.createElementNS(rnd.choice(NAMESPACES), rnd.choice(NAMES)) if rnd.random() < 0.5 \
                    else doc.createElement(rnd.choice(NAMES))
                if pool:
                    rnd.choice(pool).appendChild(node)
                trace.append(describe(node))
            elif op == 1 and pool:
                target = rnd.choice(pool)
                if doc is html:
                    target.innerHTML = rnd.choice(MARKUP)
                else:
                    target.appendChild(doc.createElementNS(rnd.choice(NAMESPACES), rnd.choice(NAMES)))
            elif op == 2 and len(pool) > 1:
                a, b = rnd.choice(pool), rnd.choice(pool)
                b.insertBefore(a, b.firstChild) if not a.contains(b) else None
            elif op == 3 and pool:
                clone = rnd.choice(pool).cloneNode(True)
                trace.append([describe(n) for n in [clone, *clone.querySelectorAll("*")]])
                if pool:
                    rnd.choice(pool).appendChild(clone)
            elif op == 4 and pool:
                other = docs[1] if doc is html else docs[0]
                node = other.adoptNode(rnd.choice(pool)) if rnd.random() < 0.5 else other.importNode(rnd.choice(pool), True)
                if other.documentElement is not None:
                    other.documentElement.appendChild(node)
                trace.append(describe(node))
            elif op == 5 and pool:
                e = rnd.choice(pool)
                trace.append([describe(e.firstElementChild), describe(e.lastElementChild), describe(e.nextElementSibling),
                              describe(e.previousElementSibling), describe(e.parentElement), len(e.children)])
            elif op == 6 and pool:
                rnd.choice(pool).remove()
            elif op == 7:
                fragment = dom.DOMParser().parseFromString(rnd.choice(MARKUP), "text/html")
                trace.append([describe(n) for n in fragment.querySelectorAll("*")])
        except webidl.DOMException as error:
            trace.append(["DOMException", error.name])
        except Exception as error:  # a defect, which the robustness fuzzers chase; here both paths must agree on it
            trace.append([type(error).__name__, str(error)])
        trace.append(observe(docs))
    return trace


results = [run(random.Random(f"{seed}:{i}")) for i in range(sequences)]
print(json.dumps({"c": extension is not None, "traces": results}))
"""


def _run(pure: bool, seed: str) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "WEBDOM_PURE_PYTHON"}
    if pure:
        env["WEBDOM_PURE_PYTHON"] = "1"
    done = subprocess.run([sys.executable, "-c", CHILD], input=json.dumps([seed, SEQUENCES, STEPS]), cwd=ROOT, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return found


@pytest.mark.skipif(extension is None, reason="the C extension is not in use: nothing to compare the reference with")
def test_c_path_equals_the_reference() -> None:
    seed = os.environ.get("WEBDOM_FUZZ_SEED", "20261205")
    with_c, reference = _run(False, seed), _run(True, seed)
    assert with_c["c"] is True and reference["c"] is False
    c_traces, ref_traces = with_c["traces"], reference["traces"]
    assert isinstance(c_traces, list) and isinstance(ref_traces, list)
    for i, (a, b) in enumerate(zip(c_traces, ref_traces, strict=True)):
        assert a == b, f"sequence {i} (seed {seed}) differs between the C path and the reference"


@pytest.mark.skipif(extension is None or not hasattr(extension, "nodes_for"), reason="the C extension is not built")
def test_nodes_for_equals_the_reference() -> None:
    """nodes_for in C gives, for each lxml node, the wrapper node_for gives (made on first use)."""
    import dom
    from dom.nodes.identity import node_for, nodes_for, python_nodes_for

    document = dom.parse_html("<!DOCTYPE html><p id=a>x<svg><circle/></svg><my-el><!-- c --><b>y</b></my-el>")
    lxs = list(document.documentElement._lx.iter())  # elements and a comment
    held = document.getElementById("a")
    made = nodes_for(iter(lxs), document)
    assert [type(n).__name__ for n in made] == [type(node_for(lx, document)).__name__ for lx in lxs]
    assert all(a is node_for(lx, document) for a, lx in zip(made, lxs)) and held in made
    assert all(a is b for a, b in zip(python_nodes_for(lxs, document), made))
