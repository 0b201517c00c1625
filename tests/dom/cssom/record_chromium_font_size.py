"""Record Chromium's computed font sizes for tests/dom/cssom/test_chromium_font_size.py (issue 33,
goal 5; needs Debian's ``chromium``; CI does not).

    python tests/dom/cssom/record_chromium_font_size.py

Writes tests/dom/cssom/data/font_size_chromium.json.gz: for each generated document of
``documents()`` (font-size keywords, lengths, em, %, larger and smaller on elements whose
font-family is the generic monospace alone and on others, nested both ways, the ``font``
shorthand, ``<font size>``, a monospace root, and keywords in quirks mode), the computed
``font-size`` and ``font-family`` of every element from the root down (the recording script
excepted).  Chromium runs headless with no network, as tests/dom/html/record_inner_text.py
does (whose helpers this uses).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from tests.dom.cssom.record_chromium_shadow import CSP, NONCE, write_record  # noqa: E402
from tests.dom.html.record_inner_text import run_chromium  # noqa: E402

KEYWORDS = ("xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large")
# Every element from the root down but the script: [font-size, font-family].
SCRIPT = (f"<script nonce={NONCE}>(function(){{var me=document.currentScript;var out=[];"
          "[document.documentElement].concat([].slice.call(document.documentElement.querySelectorAll('*')))"
          ".forEach(function(e){if(e===me)return;var s=getComputedStyle(e);"
          "out.push([s.getPropertyValue('font-size'),s.getPropertyValue('font-family')]);});"
          "document.documentElement.setAttribute('data-webdom-out',JSON.stringify(out));})()</script>")


def _body(content: str) -> str:
    return f"<!DOCTYPE html><body>{content}"


def documents() -> list[str]:
    """The generated documents' sources (each given a CSP meta and the script, at its end)."""
    out = []
    for keyword in KEYWORDS:  # the keyword table at the default (16px) and at the monospace default (13px)
        out.append(_body(f"<div style='font-size:{keyword}'>a<code>c</code><span style='font-family:monospace'>m"
                         f"</span><span style='font-size:1em'>e</span></div><pre style='font-size:{keyword}'>p"
                         f"<span>s</span><b style='font-family:serif'>b</b><i style='font-size:2em'>i</i>"
                         f"<u style='font-family:serif;font-size:2em'>u</u></pre>"
                         f"<code style='font:{keyword} monospace'>f</code><tt><i style='font-size:{keyword}'>t</i></tt>"))
    for element in ("pre", "code", "kbd", "tt", "samp", "listing", "xmp"):
        out.append(_body(f"<{element}>a<span>b<em>c</em></span></{element}><div><{element}>d</{element}></div>"))
    out.extend(_body(content) for content in (
        # nesting and absolute lengths up the chain
        "<pre>a<span>b<code>c</code></span></pre><code>a<pre>b</pre></code><code><code>c</code></code>",
        "<div style='font-size:20px'><code>c<span style='font-size:2em'>e</span></code><pre>p</pre></div>",
        "<div style='font-size:12pt'><code>c</code></div><div style='font-size:1in'><kbd>k</kbd></div>",
        "<div style='font-size:16px'><code>c</code><div style='font-size:2em'><code>d</code></div></div>",
        "<div style='font-size:20px'><span style='font-size:larger'><code>c</code></span></div>",
        "<div style='font-size:20px'><div style='font-size:150%'><pre>p<span style='font-family:serif'>s</span></pre>"
        "</div></div>",
        "<code style='font-size:20px'>c<span style='font-family:serif'>s<tt>t</tt></span></code>",
        # em, %, larger, smaller on and around monospace
        "<code style='font-size:2em'>a<span style='font-family:serif'>s</span></code>"
        "<code style='font-size:150%'>b</code><code style='font-size:larger'>c</code>"
        "<code style='font-size:smaller'>d</code><code style='font-size:100%'>e</code><code style='font-size:1em'>f</code>",
        "<div style='font-size:2em'><code>a</code></div><div style='font-size:150%'><code>b</code></div>"
        "<div style='font-size:larger'><code>c</code></div><div style='font-size:smaller'><code>d</code></div>",
        "<pre><span style='font-size:2em'>a</span><span style='font-size:150%'>b</span>"
        "<span style='font-size:larger'>c<span style='font-size:larger'>d</span></span>"
        "<span style='font-size:smaller'>e<span style='font-family:serif'>f</span></span></pre>",
        "<pre style='font-size:2em'><span style='font-family:sans-serif'>a<code>b</code></span></pre>",
        "<pre><span style='font-family:serif;font-size:2em'>a</span><span style='font-family:serif;font-size:larger'>b"
        "</span><span style='font-family:serif;font-size:x-large'>c</span></pre>",
        "<div style='font-size:0.8em'><pre>a<span style='font-family:serif'>b</span></pre></div>",
        "<pre style='font-size:1rem'>a</pre><pre style='font-size:2rem'>b</pre><pre style='font-size:12pt'>c</pre>",
        "<div style='font-size:20px'><pre style='font-size:1rem'>a<span style='font-family:serif'>b</span></pre></div>",
        # the CSS-wide keywords
        "<pre style='font-size:inherit'>a</pre><pre style='font-size:initial'>b</pre><pre style='font-size:unset'>c</pre>"
        "<div style='font-size:20px'><pre style='font-size:initial'>d</pre><pre style='font-size:inherit'>e</pre></div>",
        "<div style='font-size:large'><pre style='font-size:inherit'>a</pre><pre>b</pre></div>",
        "<pre><span style='font-family:inherit'>a</span><span style='font-family:initial'>b</span></pre>",
        # families: only the generic monospace alone
        "<div style='font-family:monospace, serif'>a<span style='font-family:monospace'>b</span></div>"
        "<div style='font-family:\"monospace\"'>c</div><div style='font-family:MONOSPACE'>d</div>"
        "<div style='font-family:monospace, monospace'>e</div><div style='font-family:Courier, monospace'>f</div>"
        "<div style='font-family:ui-monospace'>g</div><div style='font-family:serif, monospace'>h</div>"
        "<div style='font-family:monospace;font-size:small'>i</div>",
        "<div style='font-family:monospace, serif;font-size:small'>a<code>b</code></div>"
        "<div style='font-family:\"monospace\";font-size:x-large'>c<code>d</code></div>",
        "<code style='font-family:monospace, monospace'>a</code><code style='font-family:Courier'>b</code>",
        # the font shorthand
        "<div style='font:12px monospace'>a<span style='font-family:serif'>b</span></div>"
        "<div style='font:medium monospace'>c</div><div style='font:1em monospace'>d</div>"
        "<div style='font:150% monospace'>e</div><div style='font:bold small monospace'>f</div>"
        "<div style='font:12px serif'><code>g</code></div>",
        # <font size> (keywords) in and around monospace
        "<pre><font size=1>1</font><font size=2>2</font><font size=3>3</font><font size=4>4</font><font size=5>5"
        "</font><font size=6>6</font><font size=7>7</font><font size=+1>+</font><font size=-1>-</font></pre>",
        "<font size=5><code>a</code><pre>b</pre></font><font size=1><kbd>c</kbd></font>",
        # headings, small and big containing code
        "<h1>a<code>b</code></h1><h2>c<code>d</code></h2><h3><code>e</code></h3><h4><code>f</code></h4>"
        "<h5><code>g</code></h5><h6><code>h</code></h6>",
        "<p><small>a<code>b</code></small><big>c<code>d</code></big><sub><code>e</code></sub></p>",
        "<code><small>a</small><sub>b</sub><h1>c</h1></code>",
        # below Chromium's smallest logical size
        "<div style='font-size:0.3em'>a<span style='font-size:2em'>b</span><code>c</code></div>"
        "<div style='font-size:4px'>d<span style='font-size:2em'>e</span></div><code style='font-size:0.4em'>f</code>"
        "<div style='font-size:0'>g<code>h</code></div><div style='font-size:xx-small'><code style='font-size:smaller'>"
        "i</code></div>",
    ))
    # the root element itself monospace
    out.extend((
        "<!DOCTYPE html><html style='font-family:monospace'><body>a<p>b<span style='font-family:serif'>c</span>"
        "<span style='font-size:2em'>d</span><span style='font-size:1rem'>e</span></p>",
        "<!DOCTYPE html><html style='font-family:monospace;font-size:2em'><body>a<p style='font-family:serif'>b</p>",
        "<!DOCTYPE html><html style='font:medium monospace'><body><p style='font-family:serif'>a</p>",
        "<!DOCTYPE html><html style='font-family:monospace;font-size:20px'><body><p style='font-family:serif'>a</p>",
        "<!DOCTYPE html><html><body style='font-family:monospace'><p>a<span style='font-family:serif'>b</span></p>",
        "<!DOCTYPE html><html style='font-family:monospace;font-size:large'><body><p style='font-family:serif'>a</p>",
    ))
    # quirks mode (Blink's quirks table at 13px)
    out.append("<html><body>" + "".join(f"<pre style='font-size:{keyword}'>p</pre>" for keyword in KEYWORDS)
               + "<pre><font size=2>f</font></pre>")
    return out


def page(source: str) -> bytes:
    """*source* with the CSP meta first in its head and the script at its end."""
    head = source.index("<html") if "<html" in source else len("<!DOCTYPE html>")
    if "<html" in source:
        head = source.index(">", head) + 1
    return (source[:head] + f"<head>{CSP}</head>" + source[head:] + SCRIPT).encode()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cases = {source: run_chromium(page(source), Path(tmp)) for source in documents()}
    write_record("font_size_chromium.json.gz", {"documents": cases},
                 f"{len(cases)} documents, {sum(map(len, cases.values()))} elements")


if __name__ == "__main__":
    main()
