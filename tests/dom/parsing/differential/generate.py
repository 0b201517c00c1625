"""Random tag soup for the browser differential: fragments (with a context element) and documents.

The generator is deterministic for a seed, so ``record.py`` regenerates the same cases.  It leans
on the parser's hard corners: misnested formatting elements, tables and foster parenting, select,
foreign content and its integration points, template, raw-text elements, ``html``/``head``/
``body``/``frameset`` in odd places, entities, NULs, CRs, comments, bogus comments, processing
instructions and CDATA.  Names are ASCII (non-ASCII letters go into text and attribute values).
"""

from __future__ import annotations

import random
from typing import Any

# Context elements: "namespace localName", optionally with the context's attributes (these
# matter for annotation-xml, an HTML integration point only with the right encoding).
CONTEXTS: list[tuple[str, list[list[str]]]] = [
    (f"html {name}", [])
    for name in (
        "body div p span pre listing textarea title style script xmp iframe noembed noframes noscript "
        "plaintext table tbody thead tfoot tr td th caption colgroup select optgroup option template "
        "html head frameset form button a li ul dl dd h1 ruby rt object applet marquee label "
        "nobr b font address"
    ).split()
] + [
    ("svg svg", []),
    ("svg foreignObject", []),
    ("svg desc", []),
    ("svg title", []),
    ("svg g", []),
    ("svg path", []),
    ("math math", []),
    ("math mi", []),
    ("math mtext", []),
    ("math annotation-xml", []),
    ("math annotation-xml", [["encoding", "text/html"]]),
    ("math annotation-xml", [["encoding", "application/xhtml+xml"]]),
]
# The contexts the examples use, weighted up.
FAVOURED = ["html pre", "html tr", "html table", "math math", "svg svg", "html select", "html template",
            "html body", "html html", "html td", "html tbody", "html caption"]

HTML_NAMES = (
    "a b big code em font i s small strike strong tt u nobr p div span address article aside blockquote "
    "center details dialog dir dl dd dt fieldset figcaption figure footer header hgroup main menu nav ol "
    "ul li section summary search h1 h2 h6 pre listing form button applet marquee object table caption "
    "colgroup col tbody thead tfoot tr td th select option optgroup selectedcontent datalist input keygen "
    "textarea hr br img image area embed wbr param source track frame frameset head body html title base "
    "basefont bgsound link meta style script noscript template iframe noembed noframes plaintext xmp math "
    "svg ruby rb rp rt rtc label output isindex sarcasm x-custom menuitem"
).split()
HOT_NAMES = (
    "table tr td th tbody caption colgroup col select option optgroup form p div b i a nobr li dd dt "
    "body head html template svg math pre textarea frameset input hr"
).split()
SVG_NAMES = "svg foreignObject foreignobject desc title path g clipPath font circle".split()
MATH_NAMES = "math mi mo mn ms mtext annotation-xml mglyph malignmark".split()
ATTR_NAMES = (
    "id class type name value href encoding color face size xlink:href xml:lang xmlns xmlns:xlink "
    "definitionurl viewbox foo data-x style selected"
).split()
ATTR_VALUES = ["", "x", "hidden", "HIDDEN", "text/html", "application/xhtml+xml", "a&amp;b", "a&lt",
               "&notit;", "&#0;", "é", "1 2", "\"q\"", "TEXT/HTML", "svg"]
TEXTS = ["x", "y z", " ", "  ", "\n", "\t", "\x0c", "\r\n", "\r", "é", "\u00a0", "&amp;", "&lt", "&notin;",
         "&notit;", "&#0;", "&#x110000;", "&#128;", "&#xD800;", "&AMP", "&", "<", "<3", "\x00", "a\x00b",
         "\x01", "\u2028", "\U0001F600", "'", "\"", ">", "=", "&#9;"]
OTHER = ["<!--c-->", "<!---->", "<!-->", "<!--->", "<!-- a -- b -->", "<!--x", "<?pi x?>", "<?xml version=1?>",
         "<!x>", "</3>", "</>", "<![CDATA[c]]>", "<![CDATA[x", "<!DOCTYPE html>", "<!doctype x>", "</ x>",
         "<a b=c", "<", "</", "<div", "<p <p>", "<br/>", "</br>", "</p>", "</br x>", "<svg/>", "<math/>",
         "<td/>", "<div/>", "<input type=hidden>", "<input type=HIDDEN>", "<font color=red>",
         "<annotation-xml encoding=text/html>", "<annotation-xml encoding=application/xhtml+xml>"]
RAW = ["<script>a</b>x</script>", "<script><!--<script></script>-->x</script>", "<style>p<b></style>",
       "<textarea>\nt<b></textarea>", "<title>t&amp;<b></title>", "<xmp>x<b></xmp>", "<iframe>x<b></iframe>",
       "<noembed>x<b></noembed>", "<noframes>x<b></noframes>", "<noscript><b>x</noscript>",
       "<plaintext>p<b>", "<script>", "<style>", "<textarea>", "<pre>\nx</pre>", "<listing>\n\nx</listing>"]


def _name(rng: random.Random, names: list[str]) -> str:
    name = rng.choice(names)
    roll = rng.random()
    if roll < 0.08:
        return name.upper()
    if roll < 0.12:
        return name[:1].upper() + name[1:]
    return name


def _attributes(rng: random.Random) -> str:
    out = []
    for _ in range(rng.choice((0, 0, 0, 1, 1, 2))):
        name = _name(rng, ATTR_NAMES)
        roll = rng.random()
        if roll < 0.2:
            out.append(f" {name}")
        elif roll < 0.6:
            out.append(f' {name}="{rng.choice(ATTR_VALUES)}"')
        else:
            value = rng.choice(ATTR_VALUES).replace(" ", "").replace('"', "") or "v"
            out.append(f" {name}={value}")
    if out and rng.random() < 0.1:
        out.append(out[0])  # a duplicate attribute: the first wins
    return "".join(out)


def _token(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.30:
        names = HOT_NAMES if rng.random() < 0.5 else HTML_NAMES
        slash = "/" if rng.random() < 0.05 else ""
        return f"<{_name(rng, names)}{_attributes(rng)}{slash}>"
    if roll < 0.48:
        names = HOT_NAMES if rng.random() < 0.5 else HTML_NAMES
        return f"</{_name(rng, names)}>"
    if roll < 0.56:
        names = SVG_NAMES if rng.random() < 0.5 else MATH_NAMES
        slash = "/" if rng.random() < 0.15 else ""
        return f"<{_name(rng, names)}{_attributes(rng)}{slash}>"
    if roll < 0.60:
        return f"</{_name(rng, SVG_NAMES + MATH_NAMES)}>"
    if roll < 0.80:
        return rng.choice(TEXTS)
    if roll < 0.93:
        return rng.choice(OTHER)
    return rng.choice(RAW)


def tag_soup(rng: random.Random, low: int = 1, high: int = 12) -> str:
    return "".join(_token(rng) for _ in range(rng.randint(low, high)))


DOCTYPES = ["<!DOCTYPE html>", "<!doctype HTML>", "", "", "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\">",
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\">", "<!DOCTYPE x>",
            "<!DOCTYPE html SYSTEM \"about:legacy-compat\">", "<!-- pre -->"]
HEAD = ["<meta charset=utf-8>", "<title>t</title>", "<base href=/b/>", "<link rel=x>", "<style>s{}</style>",
        "<script>1<2</script>", "<noscript><p>n</noscript>", "<template><tr>t</template>", " ", "x",
        "<head>", "</head>", "<body>", "<html lang=x>"]
TAIL = ["</body>", "</html>", "<!--end-->", " ", "x", "<p>", "</body></html>\n", "</html><!--z-->y",
        "<frameset>", "<body id=late>", "<html a=b>", "<head>"]


def document(rng: random.Random) -> str:
    """A whole document: a doctype, optional html/head/body structure around tag soup."""
    parts = [rng.choice(DOCTYPES)]
    if rng.random() < 0.5:
        parts.append("<html>" if rng.random() < 0.7 else "<HTML class=h>")
    if rng.random() < 0.6:
        parts.append("<head>" + "".join(rng.choice(HEAD) for _ in range(rng.randint(0, 3))))
        if rng.random() < 0.7:
            parts.append("</head>")
    if rng.random() < 0.1:
        parts.append("<frameset><frame>" + tag_soup(rng, 0, 3) + "</frameset>")
    else:
        if rng.random() < 0.6:
            parts.append("<body>")
        parts.append(tag_soup(rng, 2, 16))
    for _ in range(rng.randint(0, 2)):
        parts.append(rng.choice(TAIL))
    return "".join(parts)


# The examples that prompted the differential, kept as fixed cases.
FIXED = [
    ("html pre", "</form><BODY>\"</BODY>"),
    ("html tr", "<optgroup><div><form><i></i>"),
    ("html table", "<dd>\"<tr><3"),
    ("math math", "<html><hr>"),
    ("html td", "<head><body x=1>y<html lang=z>"),
    ("html form", "<form><input></form>x"),
    ("html table", "a<form>b<td>"),
    ("svg svg", "<html><body><p>"),
]


def cases(fragments: int, documents: int, seed: int = 12) -> list[dict[str, Any]]:
    """*fragments* fragment cases and *documents* document cases.  A fragment case names its
    context ("namespace localName") and the context's attributes; a document case has none."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = [
        {"id": f"x{index}", "context": context, "attrs": [], "input": markup}
        for index, (context, markup) in enumerate(FIXED)
    ]
    for index in range(fragments):
        if rng.random() < 0.35:
            context = rng.choice(FAVOURED)
            attributes: list[list[str]] = []
        else:
            context, attributes = rng.choice(CONTEXTS)
        out.append({"id": f"f{index}", "context": context, "attrs": attributes, "input": tag_soup(rng)})
    for index in range(documents):
        out.append({"id": f"d{index}", "context": None, "input": document(rng)})
    return out
