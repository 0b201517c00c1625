"""innerText over shadow hosts (webdom issues 27 and 33): the lxml walk (dom/html/inner_text_lxml.py)
stops at each host and takes the host's tokens from the walk over wrappers along the flat tree
(https://drafts.csswg.org/css-scoping/#flat-tree); what it gives is what the reference walk over
wrappers (dom/html/inner_text.py) gives over the whole element, on generated documents with
several hosts: open and closed, named and default slots, unassigned children, ``:host`` and
``::slotted()`` rules, hosts in hosts, hosts under ``display: none``, in preserved white space
and in tables; with the C walk and with the walk in Python."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dom
from dom.html import inner_text
from dom.html import inner_text_lxml as inner_text_lxml_module
from dom.html.inner_text import reference_get_the_text
from dom.html.inner_text_lxml import CLOSE_BLOCK, OPEN_BLOCK, rendered_text


def fast_text(element: Any) -> tuple[str, int]:
    """innerText by the lxml walk over *element*, the hosts under it by the flat tree's walk, and
    how many hosts that walk was asked for (None for an element the reference answers alone:
    a host, or one in a shadow tree)."""
    style = inner_text._style_if_rendered(element)
    if style is None:
        return str(element.textContent or ""), 0
    hosts = inner_text._hosts_for_the_lxml_walk(element)
    if hosts is None:
        return reference_get_the_text(element), 0
    asked = []

    def host_items(host: Any, parent: Any) -> Any:
        asked.append(host)
        return inner_text._host_items(host, parent)

    return rendered_text(element, style, hosts, host_items), len(asked)


def assert_same(document: Any) -> tuple[int, int]:
    """Compare the two walks on every HTML element of *document*'s tree (not the shadow trees':
    their elements are the reference's alone); (elements compared, hosts met by the lxml walk)."""
    compared = hosts = 0
    for element in document.querySelectorAll("*"):
        if not hasattr(element, "innerText"):
            continue
        text, met = fast_text(element)
        assert text == reference_get_the_text(element), element.outerHTML[:600]
        assert element.innerText == text
        compared += 1
        hosts += met
    return compared, hosts


@pytest.fixture(params=["c", "python"])
def walk(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The lxml walk in C (when the extension is built) and in Python (as WEBDOM_PURE_PYTHON runs it)."""
    if request.param == "python":
        monkeypatch.setattr(inner_text_lxml_module, "_C_COLLECT", None)
    elif inner_text_lxml_module._C_COLLECT is None:
        pytest.skip("the C extension is not built")
    return str(request.param)


# Generated documents.  The shadow trees' rules: :host, ::slotted() and their slots' own styles.
_SHADOW_RULES = [
    "", ":host { display: block }", ":host { display: none }", ":host { display: contents }",
    ":host { visibility: hidden }", ":host { white-space: pre }", ":host { display: inline-block }",
    ":host { text-transform: uppercase }", ":host { display: table-cell }", ":host { display: list-item }",
    "::slotted(*) { display: block }", "::slotted(span) { display: none }", "::slotted(.v) { visibility: visible }",
    "::slotted(*) { white-space: pre-line }", "slot { display: block }", "slot[name=a] { display: none }",
    "div { visibility: hidden }", ":host { display: block !important }", "::slotted(b) { display: inline-block }",
    ":host { display: revert }", "::slotted(*) { visibility: hidden !important }", "slot { white-space: pre }",
    ":host { --d: block; display: var(--d) }", "::slotted(*) { display: var(--none, none) }",
    ":host { display: inline !important; white-space: pre-wrap }",
]
_SHADOW_PARTS = ["", " s ", "shadow text", "<slot></slot>", "<slot name=a>fallback a</slot>", "<slot name=b></slot>",
                 "<div><slot name=b> fb </slot></div>", "<p><slot></slot></p>", "<span style=display:none><slot name=c>"
                 "</slot></span>", "<div style=visibility:visible>v<slot name=a></slot></div>", "<br>",
                 "<pre> p  <slot name=c></slot> </pre>", "a<img align=left alt=i>b"]
_LIGHT_PARTS = ["", " ", "light", "  two  words ", "<span>sp</span>", "<span slot=a> in a </span>",
                "<b slot=b class=v>in b</b>", "<div slot=c>div c</div>", "<i slot=nowhere>unassigned</i>",
                "<pre slot=a> p\n q </pre>", "<p>para</p>", "<br>", "<span class=v style=visibility:hidden>h</span>",
                "<span slot=a style='display:block'>st</span>", "<i style='display:none !important'>imp</i>"]
_HOST_TAGS = ["div", "span", "p", "section", "article", "x-host", "blockquote"]
_HOST_ATTRIBUTES = ["", "", "", " style='display:block'", " hidden", " style='white-space:pre-line'", " class=h",
                    " style='display: var(--d, block)'", " style='display:inline-block !important'",
                    " style='display:revert'"]
_CONTEXTS = ["{}", "<div style=display:none>{}</div>", "<pre> a {} b </pre>", "<div style='white-space:pre-wrap'>"
             " {} </div>", "<div style=display:table><div style=display:table-row><div style=display:table-cell>c1"
             "</div>{}<div style=display:table-cell>c3</div></div></div>", "<div style=visibility:hidden>{}</div>",
             "<ul><li>{}</li></ul>", "x {} y", "<p>{}</p>", "<span style=text-transform:lowercase>{}</span>",
             "<table><tr><td>{}<td>d</table>", "<details>{}</details>", "<div style=display:contents>{}</div>"]
_OUTER = ["", " ", "a", " b ", "\n", "<br>", "<p>q</p>", "<div>blk</div>", "<span>i</span>"]


@st.composite
def host(draw: st.DrawFn, depth: int = 0) -> str:
    tag = draw(st.sampled_from(_HOST_TAGS))
    attributes = draw(st.sampled_from(_HOST_ATTRIBUTES))
    mode = draw(st.sampled_from(["open", "closed"]))
    rules = " ".join(draw(st.lists(st.sampled_from(_SHADOW_RULES), max_size=3)))
    shadow = "".join(draw(st.lists(st.sampled_from(_SHADOW_PARTS), max_size=4)))
    light = draw(st.lists(st.one_of(st.sampled_from(_LIGHT_PARTS), *([host(depth + 1)] if depth < 2 else [])),
                          max_size=4))
    inner = draw(host(depth + 1)) if depth < 2 and draw(st.booleans()) else ""  # a host in the shadow tree
    return (f"<{tag}{attributes}><template shadowrootmode={mode}><style>{rules}</style>{shadow}{inner}</template>"
            f"{''.join(light)}</{tag}>")


@st.composite
def document_markup(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        parts.append(draw(st.sampled_from(_OUTER)))
        parts.append(draw(st.sampled_from(_CONTEXTS)).format(draw(host())))
    parts.append(draw(st.sampled_from(_OUTER)))
    return ("<!doctype html><style>.h { display: block } x-host { display: inline-block } section { white-space: pre }"
            f"</style><body><div id=t>{''.join(parts)}</div>")


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(document_markup())
def test_generated_documents_with_hosts(walk: str, markup: str) -> None:
    document = dom.parse_html(markup)
    compared, _hosts = assert_same(document)
    assert compared > 0


def test_the_generated_documents_reach_the_hosts(walk: str) -> None:
    """The documents above do put hosts on the lxml walk's way (the comparison is not vacuous)."""
    met = 0

    @settings(max_examples=40, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(document_markup())
    def run(markup: str) -> None:
        nonlocal met
        met += assert_same(dom.parse_html(markup))[1]

    run()
    assert met > 20


_HAND_MADE = (
    "<!doctype html><style>x-a { display: block }</style><body><div id=t> one <x-a><template shadowrootmode=open>"
    "<style>:host { white-space: pre } ::slotted(b) { display: block }</style>[<slot></slot>]<slot name=n></slot>"
    "</template>  two  <b slot=n> three </b><i slot=none>unassigned</i></x-a> four <span>"
    "<template shadowrootmode=closed><style>:host { display: none }</style></template>gone</span>"
    "<div style=display:none><p><template shadowrootmode=open>x</template>hidden</p></div>"
    "<pre>  a <span><template shadowrootmode=open><slot></slot></template> b  c </span> d  </pre>"
    "<section><template shadowrootmode=open><style>:host { display: inline-block }</style><slot></slot></template>"
    "<article><template shadowrootmode=open><p><slot></slot></p></template>nested</article></section> end</div>"
)


def test_hand_made_hosts(walk: str) -> None:
    document = dom.parse_html(_HAND_MADE)
    compared, hosts = assert_same(document)
    assert compared > 5 and hosts >= 4
    t: Any = document.getElementById("t")
    assert t.innerText == reference_get_the_text(t)
    assert t.outerText == t.innerText  # (the getter's steps are the same)


def test_imperative_shadow_roots(walk: str) -> None:
    document = dom.parse_html("<!doctype html><body><div id=t>a <span id=h>light <b>bold</b></span> z</div>")
    t: Any = document.getElementById("t")
    h: Any = document.getElementById("h")
    shadow = h.attachShadow({"mode": "closed"})
    shadow.innerHTML = "<style>:host { display: block }</style><em><slot></slot></em>"
    assert t.innerText == "a\nlight bold\nz"
    assert assert_same(document)[1] > 0
    h.appendChild(document.createElement("p")).textContent = "para"
    assert t.innerText == "a\nlight bold\n\npara\n\nz"
    assert assert_same(document)[1] > 0


def test_hosts_need_no_computed_values(walk: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hosts' content is styled by the document's model along the flat tree
    (inner_text_flat_tree.py): no computed values, which would match the user agent sheet over
    the whole document."""
    def no_computed_values(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("computed values were asked for")

    document = dom.parse_html(_HAND_MADE)
    reference = reference_get_the_text(document.body)
    monkeypatch.setattr(inner_text, "computed_values_of", no_computed_values)
    assert document.body.innerText == reference


def test_what_the_model_leaves_to_computed_values(walk: str) -> None:
    """revert, var(), a presentational hint in a shadow tree: the host's content is then styled
    by its computed values, with the same answers."""
    for host in ("<div style='display: var(--d, inline)'><template shadowrootmode=open><style>:host { display: "
                 "block }</style><slot></slot></template>light</div>",
                 "<p><template shadowrootmode=open><style>:host { display: revert }</style>s</template>light</p>",
                 "<span><template shadowrootmode=open><object align=left><slot></slot></object></template>light</span>"):
        document = dom.parse_html(f"<!doctype html><body><div id=t>a {host} b</div>")
        compared, hosts = assert_same(document)
        assert hosts > 0


def test_a_style_attribute_beside_host_rules(walk: str) -> None:
    """A host's style attribute is of the outer context: its normal declarations win over
    :host's, and :host's important ones over its important ones."""
    cases = {"<div style='display:inline'><template shadowrootmode=open><style>:host { display: block }</style>"
             "<slot></slot></template>light</div>": "a light b",
             "<div style='display:inline !important'><template shadowrootmode=open><style>:host { display: block "
             "!important }</style><slot></slot></template>light</div>": "a\nlight\nb"}
    for host, expected in cases.items():
        document = dom.parse_html(f"<!doctype html><body><div id=t>a {host} b</div>")
        t: Any = document.getElementById("t")
        assert t.innerText == expected
        assert assert_same(document)[1] > 0


def test_a_broken_join_is_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: a host whose tokens lose their block boundaries (its required
    line breaks and its line's start and end) makes the lxml walk's answer differ."""
    real = inner_text._host_items

    def without_boundaries(host: Any, parent: Any) -> Any:
        own, items = real(host, parent)
        return own, [item for item in items if item.__class__ is not int and item not in (OPEN_BLOCK, CLOSE_BLOCK)]

    monkeypatch.setattr(inner_text, "_host_items", without_boundaries)
    document = dom.parse_html(_HAND_MADE)
    with pytest.raises(AssertionError):
        assert_same(document)
