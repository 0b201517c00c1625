"""The parser backends (``parse_html(parser=...)``): the same DOM from each, names lowercased in
ASCII only, the encoding change while parsing, and linear time on hostile markup.

The tree-construction conformance of each backend is in test_html5lib_tree.py."""

from __future__ import annotations

import pytest

import dom
from dom.parsing import PARSERS, parse_html, parse_html_fragment, turbohtml_builder
from html_infra.encoding import change_the_encoding
from tests.dom.parsing.test_html5lib_tree import dump

PAD = b"<!DOCTYPE html><!--" + b"x" * 1100 + b"-->"  # past the prescan's 1024 bytes


def test_default_backend_is_turbohtml() -> None:
    assert PARSERS[0] == "turbohtml"
    with pytest.raises(ValueError, match="unknown parser"):
        parse_html("<p>", parser="lxml")
    with pytest.raises(ValueError, match="unknown parser"):
        parse_html_fragment("<p>", parse_html("").body, parser="lxml")


SAMPLES = [
    "<!DOCTYPE html><title>t</title><p class='a  b' id=x>one<b>two<i>three</b>four</i><!--c-->",
    "<table><tr><td>a<td>b</table><svg viewBox='0 0 1 1'><path xlink:href='#a' xml:lang='en'/>"
    "<foreignObject><p>x</p></foreignObject></svg><math><mi>x</mi></math>",
    "<template><tr><td>in<template>nested</template></td></tr></template><select><option>o</select>",
    "<p foo\"bar=1 xmlns=x a:b=2>\x01\x0c\ufdd0\uffff&#1;&#xFFFE;<!--a--b-->",
    "<?php x ?><p><?target data>x",
    "<!DOCTYPE html PUBLIC '-//W3C//DTD HTML 4.01 Transitional//EN'><p><table>",
]


@pytest.mark.parametrize("markup", SAMPLES)
def test_backends_build_the_same_dom(markup: str) -> None:
    dumps = {parser: dump(parse_html(markup, parser=parser)) for parser in ("turbohtml", "justhtml")}
    assert dumps["turbohtml"] == dumps["justhtml"]
    modes = {parser: parse_html(markup, parser=parser).compatMode for parser in PARSERS}
    assert len(set(modes.values())) == 1, modes


@pytest.mark.parametrize("markup", SAMPLES + ["&#1;<p>x", "&#x0B;", "<p title='&#65535;'>", "&#9;&#10;&#13;ok"])
def test_unchecked_fast_path_builds_the_checked_store(markup: str) -> None:
    """The builder skips the per-string check for lxml-refused characters when the input cannot
    produce one; where it can, the input is flagged (and the checked store is the true one)."""
    from lxml import etree

    checked = turbohtml_builder._build_document(markup, False, checked=True)
    if turbohtml_builder._is_clean(markup):
        unchecked = turbohtml_builder._build_document(markup, False, checked=False)
        assert etree.tostring(unchecked.documentElement._lx) == etree.tostring(checked.documentElement._lx)
    assert dump(parse_html(markup)) == dump(checked)


def test_is_clean_flags_numeric_references_to_refused_characters() -> None:
    assert turbohtml_builder._is_clean("<p>&#9;&#x0a;&#13;&#x41;&amp;")
    for markup in ("&#1;", "&#x1F;", "&#65535;", "&#xfffe;", "a\x0cb", "\ud800"):
        assert not turbohtml_builder._is_clean(markup), markup


@pytest.mark.parametrize("parser", PARSERS)
def test_scripting_flag(parser: str) -> None:
    on = parse_html("<body><noscript><p>x</p></noscript>", scripting=True, parser=parser)
    off = parse_html("<body><noscript><p>x</p></noscript>", parser=parser)
    assert on.querySelector("noscript").childNodes[0].nodeType == 3
    assert off.querySelector("noscript p") is not None


# -- names: ASCII lowercasing only (https://html.spec.whatwg.org/#tag-name-state) ----------------


@pytest.mark.parametrize("parser", PARSERS)
def test_names_lowercase_ascii_only(parser: str) -> None:
    document = parse_html("<p ÂB=1 xÄ=2 title=É>É<xÂ Ä=1>t</xÂ>after", parser=parser)
    p = document.querySelector("p")
    assert [a.name for a in p.attributes] == ["Âb", "xÄ", "title"]
    assert p.getAttribute("title") == "É"
    custom = p.children[0]
    assert custom.localName == "xÂ" and custom.textContent == "t"  # its end tag closed it
    assert p.lastChild.data == "after"
    fragment = parse_html_fragment("<i ÂB=1>", document.body, parser=parser)
    assert fragment.firstChild.getAttributeNames() == ["Âb"]


@pytest.mark.parametrize("parser", PARSERS)
def test_kelvin_sign_and_dotted_capital_i_are_not_folded(parser: str) -> None:
    document = parse_html("<p \u212a=1 \u0130d=2>", parser=parser)
    assert document.querySelector("p").getAttributeNames() == ["\u212a", "\u0130d"]


# -- changing the encoding while parsing ----------------------------------------------------------


@pytest.mark.parametrize("parser", PARSERS)
def test_meta_charset_after_the_prescan_changes_the_encoding(parser: str) -> None:
    document = parse_html(PAD + "<meta charset=utf-8><title>café".encode(), parser=parser)
    assert (document.characterSet, document.title) == ("UTF-8", "café")


@pytest.mark.parametrize("parser", PARSERS)
def test_http_equiv_windows_1252_after_the_prescan(parser: str) -> None:
    markup = PAD + b'<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><title>caf\xe9'
    document = parse_html(markup, parser=parser)
    assert (document.characterSet, document.title) == ("windows-1252", "café")
    markup = PAD + b'<meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>\xd0\x96'
    document = parse_html(markup, encoding=None, parser=parser)
    assert (document.characterSet, document.title) == ("UTF-8", "\u0416")


def test_first_declaring_meta_wins_and_certain_confidence_is_kept() -> None:
    # The prescan found UTF-8 (tentative); the parser's first meta agrees, making it certain.
    markup = b"<meta charset=utf-8>" + PAD + "<meta charset=windows-1252><title>café".encode()
    assert parse_html(markup).characterSet == "UTF-8"
    # An unknown label does not count; the next meta does.
    markup = PAD + "<meta charset=bogus><meta charset=utf-8><title>café".encode()
    assert parse_html(markup).title == "café"
    # A transport charset is certain: the meta is ignored.
    document = parse_html(PAD + "<meta charset=utf-8><title>café".encode(), encoding="iso-8859-2")
    assert document.characterSet == "ISO-8859-2"
    # A str has no encoding to change.
    assert parse_html("<meta charset=iso-8859-2>").characterSet == "UTF-8"
    # meta breaks out of foreign content: it is an HTML meta.
    markup = PAD + "<svg><meta charset=utf-8></svg><title>café".encode()
    assert parse_html(markup).characterSet == "UTF-8"


def test_utf16_and_x_user_defined_declarations() -> None:
    assert parse_html(PAD + "<meta charset=utf-16le><title>café".encode()).title == "café"
    document = parse_html(PAD + b"<meta charset=x-user-defined><title>caf\xe9")
    assert (document.characterSet, document.title) == ("windows-1252", "café")


def test_change_the_encoding_steps() -> None:
    """https://html.spec.whatwg.org/#changing-the-encoding-while-parsing"""
    assert change_the_encoding("UTF-16LE", "UTF-8") is None  # step 1
    assert change_the_encoding("windows-1252", "UTF-16BE") == "UTF-8"  # step 2
    assert change_the_encoding("UTF-8", "UTF-16LE") is None  # step 2, then step 4
    assert change_the_encoding("UTF-8", "x-user-defined") == "windows-1252"  # step 3
    assert change_the_encoding("windows-1252", "x-user-defined") is None  # step 3, then step 4
    assert change_the_encoding("windows-1252", "windows-1252") is None  # step 4
    assert change_the_encoding("windows-1252", "Shift_JIS") == "Shift_JIS"  # steps 5-6


# -- hostile input stays linear (sizes at which quadratic work would not finish) -----------------


def test_hostile_inputs_stay_linear() -> None:
    n = 100_000
    many_attributes = "<p " + " ".join(f"a{i}={i}" for i in range(n)) + " x:y=1>"
    element = parse_html(many_attributes).querySelector("p")
    assert element.attributes.length == n + 1 and element.getAttribute(f"a{n - 1}") == str(n - 1)
    assert element.getAttribute("x:y") == "1"  # a search through all of them
    assert parse_html("<p " + "a=1 " * n + ">").querySelector("p").attributes.length == 1
    assert len(parse_html("<table><tr><td>" * 5_000).getElementsByTagName("table")) == 5_000
    assert parse_html("<b><i><u>x" * 10_000 + "</p>" * 1000).body is not None
    assert len(parse_html("<a><p>" * 5_000).getElementsByTagName("a")) >= 5_000  # the adoption agency
    assert parse_html("<div>" * n).getElementsByTagName("div").length == n
    assert parse_html("<!--" + "-" * n).firstChild.nodeType == 8
    assert len(parse_html("&amp;" * n + "&#1;" * 1000).body.textContent) == n + 1000
    assert parse_html("<table>" + "x<b>" * 20_000).body.textContent.count("x") == 20_000


@pytest.mark.parametrize("parser", ["justhtml"])  # html5lib's own tokenizer is quadratic here
def test_many_attributes_on_other_backends(parser: str) -> None:
    n = 20_000
    markup = "<p " + " ".join(f"a{i}={i}" for i in range(n)) + "><svg><g " + " ".join(f"xml:a{i}='\t{i}'" for i in range(100))
    document = parse_html(markup + " xml:lang=en>", parser=parser)
    assert document.querySelector("p").attributes.length == n
    g = document.querySelector("g")
    assert g.getAttribute("xml:a5") == "\t5" and g.getAttributeNS("http://www.w3.org/XML/1998/namespace", "lang") == "en"
    assert g.attributes[100].prefix == "xml"


def test_dom_module_exports_parsers() -> None:
    assert dom.parse_html is parse_html


# -- what the tree builder does beside the tree ---------------------------------------------------


@pytest.mark.parametrize("parser", PARSERS)
def test_form_element_pointer_after_a_form_the_parser_closed(parser: str) -> None:
    """https://html.spec.whatwg.org/#create-an-element-for-the-token: the form element pointer
    associates controls created while it is set (real pages: forms opened between table rows)."""
    document = parse_html("<table><tr><form id=f><td><input id=i></td></tr></table>", parser=parser)
    form, control = document.getElementById("f"), document.getElementById("i")
    assert control.form is form and form.elements.length == 1 and form.elements[0] is control
    document = parse_html("<div><form id=f></div><img id=m name=pic><input id=j></form><input id=k>", parser=parser)
    form = document.getElementById("f")
    assert document.getElementById("j").form is form
    assert document.getElementById("k").form is None  # </form> cleared the pointer
    assert form["pic"] is document.getElementById("m")
    # A form start tag while the pointer is set is ignored; a template hides the pointer.
    document = parse_html("<div><form id=f></div><form id=g><template><input id=t></template>", parser=parser)
    assert document.getElementById("g") is None
    template_input = document.querySelector("template").content.firstChild
    assert template_input.form is None


def test_form_element_pointer_replay_gives_up_when_tokens_and_tree_disagree() -> None:
    # Foster parenting puts b before a: the pairing fails, and the ancestor rule applies.
    markup = "<div><form id=f></div><table><tr><td><input id=a></td></tr><input id=b></table>"
    document = parse_html(markup)
    assert document.getElementById("a").form in (None, document.getElementById("f"))


@pytest.mark.parametrize("parser", PARSERS)
def test_parsed_scripts_force_async(parser: str) -> None:
    """https://html.spec.whatwg.org/#prepare-the-script-element steps 4-14 (WPT async_011)."""
    markup = (
        "<script></script><script type=text/template>{{x}}</script><script>x()</script>"
        "<script src=a.js></script><script type=module>x</script><script language=''>x</script>"
        "<script language=vbscript>x</script><script async></script>"
        "<template><script>x()</script></template><script>cut short"
    )
    document = parse_html(markup, parser=parser)
    scripts = document.querySelectorAll("script")
    assert [s.async_ for s in scripts] == [True, True, False, False, False, False, True, True, False]
    assert document.querySelector("template").content.firstChild.async_ is True  # not connected
    scripts[0].async_ = False  # the setter clears force async
    assert scripts[0].async_ is False and not scripts[0].hasAttribute("async")
    scripts[1].setAttribute("async", "")
    scripts[1].removeAttribute("async")
    assert scripts[1].async_ is False  # adding the attribute cleared force async
    document.body.innerHTML = "<script></script>"  # the fragment parser marks scripts already started
    assert document.body.firstChild.async_ is False
    assert document.createElement("script").async_ is True


# A script of a type that is no script's: prepared, its force async stays true.
_INERT = "<script type=text/x-template>"


@pytest.mark.parametrize("parser", PARSERS)
@pytest.mark.parametrize(("markup", "cut_short"), [
    (_INERT + "x()</script>x()", False),  # the input ends as the script's text does
    (_INERT + "x()</script><p>y", False),
    (_INERT + "x()\r\n", True),  # the input's CR LF is the text's LF
    (_INERT + "x()\r", True),
    (_INERT + "x()\0", True),  # U+0000 is U+FFFD in the script's text
    ("<p>x</p><script>", True),  # no text: the input ends with the start tag
    ("<script></script>", False),
    ("<script>x()</script><script></script>\n", False),
])
def test_script_cut_short_by_the_end_of_the_input(parser: str, markup: str, cut_short: bool) -> None:
    """A script whose end tag the input lacks is never prepared, and its force async stays
    false (https://html.spec.whatwg.org/#parsing-main-incdata, an end-of-file token); prepared,
    an inert or empty script keeps it true."""
    last = parse_html(markup, parser=parser).querySelectorAll("script")[-1]
    assert last.async_ is not cut_short


@pytest.mark.parametrize("parser", PARSERS)
def test_no_nesting_limit(parser: str) -> None:
    """The HTML Standard sets no nesting limit (turbohtml, like Chromium, stops at 512 open
    elements; such trees are parsed again with justhtml)."""
    document = parse_html("<body>" + "<div>" * 600 + "leaf", parser=parser)
    node, depth = document.body, 0
    while node.firstElementChild is not None:
        node, depth = node.firstElementChild, depth + 1
    assert (depth, node.textContent) == (600, "leaf")
    fragment = parse_html_fragment("<b>" * 600 + "x", document.body, parser=parser)
    assert len(fragment.querySelectorAll("b b")) == 599


def test_a_frame_document_takes_its_container_documents_encoding() -> None:
    # https://html.spec.whatwg.org/#determining-the-character-encoding step 6 (WPT encoding/utf-32.html)
    document = parse_html("<title>café</title>".encode(), container_encoding="UTF-8")
    assert (document.characterSet, document.title) == ("UTF-8", "café")
    document = parse_html("<meta charset=windows-1252><title>café</title>".encode(), container_encoding="UTF-8")
    assert document.characterSet == "windows-1252"
    assert parse_html(b"<title>x</title>").characterSet == "windows-1252"
