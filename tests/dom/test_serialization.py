"""HTML fragment serialization and innerHTML/outerHTML/insertAdjacentHTML."""

import pytest

from dom import parse_html
from webidl import DOMSyntaxError, NoModificationAllowedError


def test_round_trip_of_a_page():
    doc = parse_html('<!DOCTYPE html><p class="a&quot;b" title="<x>">1 &lt; 2 &amp;&nbsp;<br>x<!--c--></p>')
    body = doc.documentElement.lastChild
    assert body.innerHTML == '<p class="a&quot;b" title="&lt;x&gt;">1 &lt; 2 &amp;&nbsp;<br>x<!--c--></p>'
    assert doc.documentElement.outerHTML.startswith("<html><head></head><body>")


def test_raw_text_void_foreign_and_template():
    doc = parse_html("<script>if (a < b && c) {}</script><svg viewBox='0 0 1 1'><a xlink:href='#u'/></svg>"
                     "<template><b>t</b></template><img src=x><p foo\"bar=1>")
    body = doc.documentElement.lastChild
    html = body.innerHTML
    assert "<script>if (a < b && c) {}</script>" in doc.documentElement.firstChild.innerHTML + html
    assert '<svg viewBox="0 0 1 1"><a xlink:href="#u"></a></svg>' in html
    assert "<template><b>t</b></template>" in html and '<img src="x">' in html
    assert '<p foo"bar="1"></p>' in html


def test_inner_html_setter_and_template():
    doc = parse_html("<div id=d></div><template id=t></template>")
    div = doc.getElementById("d")
    div.innerHTML = "<b>x</b>y<td>z"
    assert div.innerHTML == "<b>x</b>yz" and div.firstChild.tagName == "B"
    div.innerHTML = None
    assert div.innerHTML == "" and div.childNodes.length == 0
    template = doc.getElementById("t")
    template.innerHTML = "<i>in</i>"
    assert template.childNodes.length == 0 and template.content.firstChild.tagName == "I"
    assert template.innerHTML == "<i>in</i>"


def test_outer_html_and_insert_adjacent():
    doc = parse_html("<div id=a><span id=s>old</span></div>")
    span = doc.getElementById("s")
    span.outerHTML = "<em>new</em><b>!</b>"
    assert doc.getElementById("a").innerHTML == "<em>new</em><b>!</b>" and span.parentNode is None
    with pytest.raises(NoModificationAllowedError):
        doc.documentElement.outerHTML = "<html></html>"
    target = doc.getElementById("a")
    target.insertAdjacentHTML("afterbegin", "<i>1</i>")
    target.insertAdjacentHTML("BeforeEnd", "<i>2</i>")
    target.insertAdjacentHTML("beforebegin", "<hr>")
    target.insertAdjacentHTML("afterend", "text")
    body = doc.documentElement.lastChild
    assert body.innerHTML == '<hr><div id="a"><i>1</i><em>new</em><b>!</b><i>2</i></div>text'
    with pytest.raises(DOMSyntaxError):
        target.insertAdjacentHTML("middle", "x")


def test_processing_instructions_and_odd_strings():
    doc = parse_html("<p>a\x0cb</p>")
    p = doc.documentElement.lastChild.firstChild
    assert p.innerHTML == "a\x0cb"
    pi = doc.createProcessingInstruction("x", "y")
    p.appendChild(pi)
    assert p.innerHTML == "a\x0cb<?x y?>"
