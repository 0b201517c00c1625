"""Selectors Level 4 syntax and tree matching (https://drafts.csswg.org/selectors-4/) through
querySelectorAll, matches and closest, with the HTML Standard's case rules
(https://html.spec.whatwg.org/#case-sensitivity-of-selectors).  Element-state pseudo-classes
are in test_selectors_state.py; the WPT data in test_wpt_selectors.py."""

from __future__ import annotations

import pytest

from dom import parse_html, parse_xml
from webidl import DOMException, DOMSyntaxError

PAGE = """<!DOCTYPE html><html lang=en><head><title>t</title>
<link id=css rel=Stylesheet href=a.css><link id=alt rel="alternate STYLESHEET" href=b.css></head><body>
<div id=main class="box Main">
  <ul id=list>
    <li id=l1 class=x>one</li><li id=l2>two</li><li id=l3 class=x>three</li>
    <li id=l4 class=x>four</li><li id=l5>five</li>
  </ul>
  <p id=p1 lang=EN-us>text <a id=a1 href=/x>link</a> <a id=a2>anchor</a></p>
  <p id=p2 dir=rtl></p><p id=p3> </p><p id=p4><!-- c --></p>
  <section id=s1><h2 id=h2>h</h2><p id=p5>x</p><span id=sp1></span><p id=p6>y</p></section>
  <map><area id=ar href=/y></map>
  <svg id=svg viewBox="0 0 1 1"><foreignObject id=fo></foreignObject><rect id=rect class=x /></svg>
  <my-widget id=mw></my-widget><font-face id=ff></font-face>
</div></body></html>"""


@pytest.fixture(scope="module")
def doc():
    return parse_html(PAGE)


def ids(node, selector):
    return [e.getAttribute("id") for e in node.querySelectorAll(selector)]


# -- combinators and compounds ------------------------------------------------------------------


@pytest.mark.parametrize("selector, expected", [
    ("#list > li.x", ["l1", "l3", "l4"]),
    ("ul li", ["l1", "l2", "l3", "l4", "l5"]),
    ("li + li.x", ["l3", "l4"]),
    ("#l1 ~ li", ["l2", "l3", "l4", "l5"]),
    ("#s1 h2 ~ p", ["p5", "p6"]),
    ("section > :first-child + p", ["p5"]),
    ("div p a[href]", ["a1"]),
    ("li.x, h2, li.x", ["l1", "l3", "l4", "h2"]),  # tree order, no duplicates
    ("*|li#l2", ["l2"]),
    (".box.Main > ul", ["list"]),
    (".main", []),  # classes are case-sensitive outside quirks mode
])
def test_combinators(doc, selector, expected):
    assert ids(doc, selector) == expected


def test_combinators_look_past_the_nearest_relatives():
    # the related element may be any ancestor or preceding sibling, not only the nearest one
    document = parse_html("<div class=x id=outer><section><div id=inner><span id=s>a</span></div></section></div>"
                          "<p id=p1></p><i></i><p id=p2 class=y></p><b></b><ul id=u></ul>")
    assert ids(document, ".x span") == ["s"]
    assert ids(document, ".x section div span") == ["s"]
    assert ids(document, "div div span") == ["s"]
    assert ids(document, "p#p1 ~ ul") == ["u"]
    assert ids(document, "p#p1 ~ p.y") == ["p2"]
    assert ids(document, "i ~ p") == ["p2"]
    span = document.getElementById("s")
    assert span.matches("#outer span") and not span.matches("#outer > span")
    assert span.closest(".x div").getAttribute("id") == "inner"


def test_descendant_combinator_on_a_deep_chain():
    depth = 3000
    document = parse_html("<!DOCTYPE html><body>" + "<div class=r><a>x</a>" * depth + "</div>" * depth)
    assert document.querySelectorAll(".r a").length == depth
    assert document.querySelectorAll(".r div > a").length == depth - 1
    assert document.querySelectorAll("section a").length == 0


def test_context_ancestors_outside_the_scope_count(doc):
    ul = doc.getElementById("list")
    assert ids(ul, "div li.x") == ["l1", "l3", "l4"]
    assert ids(ul, ":scope > li:nth-child(2)") == ["l2"]
    assert ids(ul, "ul") == []  # the context itself is not its own descendant


# -- case rules of the HTML Standard ------------------------------------------------------------


def test_type_and_attribute_names_fold_for_html_elements_only(doc):
    assert ids(doc, "LI#L1, li#l1") == ["l1"]
    assert ids(doc, "SVG") == []  # names of other namespaces compare as written...
    assert ids(doc, "foreignObject") == ["fo"]
    assert ids(doc, "foreignobject") == []  # ...so SVG's camelCase must match exactly
    assert ids(doc, "[viewBox]") == ["svg"]
    assert ids(doc, "[viewbox]") == []
    assert ids(doc, "P[ID=p1]") == ["p1"]


def test_listed_attribute_values_are_case_insensitive_on_html_elements(doc):
    # https://html.spec.whatwg.org/#case-sensitivity-of-selectors
    assert ids(doc, "link[rel~=stylesheet]") == ["css", "alt"]
    assert ids(doc, "[lang|=en]") == [None, "p1"]  # <html lang=en> and lang=EN-us
    assert ids(doc, "p[lang|=en]") == ["p1"]
    assert ids(doc, "p[lang='en-US']") == ["p1"]
    assert ids(doc, "[dir=RTL]") == ["p2"]
    assert ids(doc, "link[rel~=stylesheet s]") == []  # the s flag keeps case
    assert ids(doc, "[id=P1]") == []  # id is not on the list
    assert ids(doc, "[id=P1 i]") == ["p1"]  # the i flag folds any attribute
    assert ids(doc, "[class~=x i]") == ["l1", "l3", "l4", "rect"]


def test_quirks_mode_ids_and_classes_fold():
    quirks = parse_html("<p id=Foo class=Bar>x")
    assert quirks.compatMode == "BackCompat"
    assert ids(quirks, "#foo.bar") == ["Foo"]
    assert ids(quirks, "[class=bar]") == []  # attribute selectors keep their case


def test_xml_documents_compare_exactly():
    document = parse_xml('<root xmlns="http://www.w3.org/1999/xhtml"><P id="a" lang="EN"/><p id="b"/></root>')
    assert ids(document, "p") == ["b"]
    assert ids(document, "P") == ["a"]
    assert ids(document, "[lang=en]") == []


@pytest.mark.parametrize("selector, expected", [
    ("[class^=bo]", ["main"]),
    ("[class$=ain]", ["main"]),
    ("[class*='x M']", ["main"]),
    ("[class^='']", []),
    ("[class$='']", []),
    ("[class*='']", []),
    ("[class~='']", []),
    ("[class~='box Main']", []),
    ("a:not([href])", ["a2"]),
    ("[href='/x']", ["a1"]),
    ("[*|id=l1]", ["l1"]),
    ("[|id=l1]", ["l1"]),
    ('[title="it\'s \\"q\\""]', ["q"]),
])
def test_attribute_operators(selector, expected):
    document = parse_html(PAGE.replace("<a id=a2>", "<a id=a2><b id=q title='it&#39;s \"q\"'></b>"))
    assert ids(document, selector) == expected


# -- logical and structural pseudo-classes -------------------------------------------------------


@pytest.mark.parametrize("selector, expected", [
    (":is(h2, #p5)", ["h2", "p5"]),
    (":where(section) > p", ["p5", "p6"]),
    ("li:not(.x, :first-child)", ["l2", "l5"]),
    ("li:not(ul > .x)", ["l2", "l5"]),  # a complex selector inside :not()
    ("p:not(#main p)", []),
    (":is(:unknown-thing, h2)", ["h2"]),  # :is() forgives what it cannot parse
    (":is()", []),
    ("section:has(> h2 + p)", ["s1"]),
    ("div:has(li.x)", ["main"]),
    ("h2:has(~ span)", ["h2"]),
    ("p:has(+ span)", ["p5"]),
    ("li:nth-child(2n+1)", ["l1", "l3", "l5"]),
    ("li:nth-child(-n+2)", ["l1", "l2"]),
    ("li:nth-last-child(2)", ["l4"]),
    ("li:nth-child(2 of .x)", ["l3"]),
    ("li:nth-last-child(1 of .x)", ["l4"]),
    ("li:nth-child(odd of :not(.x))", ["l2"]),
    ("#s1 > p:nth-of-type(2)", ["p6"]),
    ("#s1 > :nth-last-of-type(1)", ["h2", "sp1", "p6"]),
    ("#s1 > :first-of-type", ["h2", "p5", "sp1"]),
    ("#s1 > :only-of-type", ["h2", "sp1"]),
    ("#s1 > p:last-of-type", ["p6"]),
    ("li:first-child, li:last-child", ["l1", "l5"]),
    ("h2:only-child", []),
    ("#p3:empty, #p4:empty, #p2:empty, #sp1:empty", ["p2", "p4", "sp1"]),
    (":root", ["html"]),
    (":scope", ["html"]),  # for a document, :scope is :root
    (":any-link", ["a1", "ar"]),
    (":link", ["a1", "ar"]),
    (":visited, :hover, :focus, :target, :active", []),
    (":not(:defined)", ["mw"]),
    (":heading, :heading(1, 3)", ["h2"]),
    (":heading(2)", ["h2"]),
    ("p::before, li::marker, a:hover::after", []),
    ("& > body", ["body"]),
])
def test_pseudo_classes(doc, selector, expected):
    found = [e.getAttribute("id") or e.localName for e in doc.querySelectorAll(selector)]
    assert found == expected


def test_nth_child_on_a_long_list_is_exact():
    # positions past the XPath-counted siblings come from the per-query index
    document = parse_html("<ul>" + "".join(f"<li id=i{i} class={'x' if i % 3 == 0 else 'y'}>" for i in range(1, 301)) + "</ul>")
    assert ids(document, "li:nth-child(100)") == ["i100"]
    assert ids(document, "li:nth-last-child(100)") == ["i201"]
    assert ids(document, "li:nth-child(200)") == ["i200"]  # past the counted siblings: the index
    assert ids(document, "li:nth-child(2n+1)") == [f"i{i}" for i in range(1, 301, 2)]
    assert ids(document, "li:nth-child(2n)") == [f"i{i}" for i in range(2, 301, 2)]
    assert len(ids(document, "li:nth-child(7n+3)")) == len(range(3, 301, 7))
    assert ids(document, "li:nth-child(3n+1)")[-1] == "i298"
    assert ids(document, "li:nth-of-type(250)") == ["i250"]
    assert ids(document, "li:nth-child(50 of .x)") == ["i150"]
    assert ids(document, "li:last-child") == ["i300"]


def test_root_is_the_document_element_only(doc):
    detached = doc.createElement("div")
    detached.innerHTML = "<p id=d>x</p>"
    assert not detached.matches(":root")
    assert ids(detached, ":root p") == []
    fragment = doc.createDocumentFragment()
    fragment.append(doc.createElement("p"))
    assert ids(fragment, ":root, :scope") == []
    assert ids(fragment, "* > p") == []  # a fragment is no element parent
    assert len(fragment.querySelectorAll(":first-child")) == 1


def test_type_selector_namespaces(doc):
    assert ids(doc, "*|rect") == ["rect"]
    assert ids(doc, "|rect") == []  # no element here is in no namespace
    element = doc.createElementNS(None, "rect")
    element.id = "null-rect"
    doc.body.append(element)
    try:
        assert ids(doc, "|rect") == ["null-rect"]
        assert ids(doc, "rect") == ["rect", "null-rect"]
    finally:
        element.remove()


# -- matches and closest use the same engine -----------------------------------------------------


def test_matches_and_closest(doc):
    l3 = doc.getElementById("l3")
    assert l3.matches("li:nth-child(2 of .x)")
    assert l3.matches("ul > li.x:not(:first-child)")
    assert l3.matches(":scope")
    assert not l3.matches("li:nth-child(2)")
    assert l3.closest("div:has(> ul)").id == "main"
    assert l3.closest(":scope").id == "l3"
    assert l3.closest("p") is None
    assert doc.getElementById("a1").closest("[lang|=en]").id == "p1"


# -- invalid selectors --------------------------------------------------------------------------


@pytest.mark.parametrize("selector, words", [
    ("", "empty"),
    ("div,", "missing after ','"),
    (",div", "missing before the first ','"),
    ("a >", "missing after the combinator '>'"),
    ("div:example", "unknown pseudo-class :example"),
    ("::example", "unknown pseudo-element ::example"),
    ("ns|div", "namespace prefix 'ns' is not declared"),
    ("[ns|a]", "namespace prefix 'ns' is not declared"),
    (".a..b", "class name must follow '.'"),
    ("#5", "not a valid ID selector"),
    (":nth-child(foo)", "An+B"),
    (":nth-of-type(2 of p)", "'of' is not allowed"),
    (":nth-child(2 of)", "a selector must follow 'of'"),
    (":has(:has(a))", "cannot be nested"),
    (":not(::before)", "pseudo-element cannot appear inside"),
    ("::before span", "nothing may follow the pseudo-element"),
    ("::before.x", "after the pseudo-element"),
    ("[a=b c]", "flags are i and s"),
    ("[a=]", "needs a value"),
    ("a)", "unmatched ')'"),
    ("div[x]p", "must come first"),
    (":lang()", ":lang() takes"),
    (":has()", "empty"),
    ("a || b", "'||'"),
])
def test_invalid_selectors_say_why(doc, selector, words):
    with pytest.raises(DOMSyntaxError) as caught:
        doc.querySelectorAll(selector)
    assert isinstance(caught.value, DOMException) and caught.value.name == "SyntaxError"
    assert words in caught.value.message
    assert "cssselect" not in caught.value.message and "<" not in caught.value.message.split(":", 1)[1]
    with pytest.raises(DOMSyntaxError):
        doc.body.matches(selector)
    with pytest.raises(DOMSyntaxError):
        doc.body.closest(selector)


def test_end_of_input_closes_blocks_and_strings(doc):
    assert ids(doc, "#p1[lang='EN-us") == ["p1"]
    assert ids(doc, "li:nth-child(2") == ["l2"]
    assert ids(doc, "li:is(.x") == ["l1", "l3", "l4"]


def test_hostile_selectors_raise_cleanly(doc):
    with pytest.raises(DOMSyntaxError):
        doc.querySelectorAll(":is(" * 5000 + "a")
    deep = ":not(" * 50 + "a" + ")" * 50
    assert len(doc.querySelectorAll(deep)) == 2  # 50 negations: the anchors
    assert len(doc.querySelectorAll(", ".join(["li.x"] * 2000))) == 3


def test_type_selectors_match_elements_stored_under_an_encoded_name():
    """https://drafts.csswg.org/selectors-4/#type-selectors: an element whose names lxml cannot
    hold as they are (a prefixed HTML element of an XML document, dom/lxml_mirror.py) is still
    matched by its local name, with the HTML case rule in an HTML document."""
    html_ns = "http://www.w3.org/1999/xhtml"
    xml = parse_xml("<r xmlns='urn:x'><y/></r>")
    prefixed = xml.createElementNS(html_ns, "x:y")
    xml.documentElement.appendChild(prefixed)
    assert prefixed._lx.tag.startswith("{urn:x-webdom:escaped}")
    assert [e.namespaceURI for e in xml.querySelectorAll("y")] == ["urn:x", html_ns]
    assert prefixed.matches("r > y") and not prefixed.matches("Y") and xml.querySelector("r y") is not None
    doc = parse_html("<p></p>")
    mixed = doc.createElementNS(html_ns, "x:Yz")
    doc.body.appendChild(mixed)
    other = doc.createElementNS("urn:o", "x:Yz")
    doc.body.appendChild(other)
    # HTML's rule: the selector's name is lowercased for HTML elements, compared as is for others
    assert list(doc.querySelectorAll("Yz")) == [other]
    lower = doc.createElementNS(html_ns, "x:yz")
    doc.body.appendChild(lower)
    assert list(doc.querySelectorAll("YZ")) == [lower]


def test_descendant_queries_from_the_document_equal_the_per_element_test():
    """``X Y`` from a document is queried below the outermost X elements (dom/selectors/xpath.py,
    Translator._below_outermost): the same elements, in tree order, as testing each element --
    with X nested in X, Y as X, X at the root, a list mixing both forms, in quirks mode too."""
    import random

    rng = random.Random(27)
    tags = ["div", "p", "span", "a", "ul", "li", "section"]
    selectors = [".x a", "div span", ".x .x", "[data-k] li", "#r .y", "div.x p", ".x a, p span", "li .y",
                 "html div", "* a", ".x > a", ".x a:first-child", "section [data-k=v] span"]

    def element(depth: int) -> str:
        tag = rng.choice(tags)
        attributes = "".join(rng.choice(["", " class=x", " class='y x'", " class=y", " data-k=v", " data-k"])
                             for _ in range(2))
        inner = "".join(element(depth + 1) for _ in range(rng.randint(0, 3))) if depth < 7 else "t"
        return f"<{tag}{attributes}>{inner}</{tag}>"

    for case in range(40):
        doctype = "<!DOCTYPE html>" if case % 4 else ""  # every fourth document in quirks mode
        document = parse_html(f"{doctype}<html id=r class=x><body>{''.join(element(0) for _ in range(4))}")
        every = document.querySelectorAll("*")
        for selector in selectors:
            assert list(document.querySelectorAll(selector)) == [e for e in every if e.matches(selector)], selector
