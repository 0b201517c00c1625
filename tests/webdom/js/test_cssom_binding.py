"""CSSOM through the JS binding (webdom/js/idl/cssom.webidl): style sheets and their rules,
``document.styleSheets``, ``getComputedStyle`` and ``checkVisibility`` as page scripts use them.
Runs in a child process (one JS global per process); skips without the ``js`` extra."""

from __future__ import annotations

from tests.webdom.js.child import check_in_child
from tests.webdom.js.test_binding import SCRIPT

_SHEET = ("var s = document.createElement('style'); s.textContent = '.h { display: none } "
          "@media (min-width: 1px) { p { color: red } } @import url(x.css) print; @layer a, b;';"
          " document.head.appendChild(s); ")

CASES = {
    _SHEET + "[document.styleSheets.length, document.styleSheets[0] === s.sheet, s.sheet instanceof CSSStyleSheet,"
    " s.sheet instanceof StyleSheet, document.styleSheets instanceof StyleSheetList]": [1, True, True, True, True],
    # https://drafts.csswg.org/css-syntax/#parse-a-css-stylesheet: a misplaced @import is dropped
    _SHEET + "var r = s.sheet.cssRules; [r.length, r instanceof CSSRuleList, r[0] instanceof CSSStyleRule,"
    " r[0].selectorText, r[0].type === CSSRule.STYLE_RULE, r[0].parentStyleSheet === s.sheet]":
        [3, True, True, ".h", True, True],
    _SHEET + "var m = s.sheet.cssRules[1]; [m instanceof CSSMediaRule, m instanceof CSSConditionRule,"
    " m instanceof CSSGroupingRule, m.conditionText, m.media.mediaText, m.media instanceof MediaList,"
    " m.cssRules[0].parentRule === m, m.cssRules[0].style.color]":
        [True, True, True, "(min-width: 1px)", "(min-width: 1px)", True, True, "red"],
    _SHEET + "var l = s.sheet.cssRules[2]; [l instanceof CSSLayerStatementRule, l.nameList.join()]": [True, "a,b"],
    _SHEET + "s.sheet.insertRule('i { color: blue }', 0); [s.sheet.cssRules.length, s.sheet.cssRules[0].cssText]":
        [4, "i { color: blue; }"],
    _SHEET + "try { s.sheet.insertRule('i {', 9) } catch (e) { [e instanceof DOMException, e.name] }":
        [True, "IndexSizeError"],
    _SHEET + "var p = document.getElementById('a'); p.className = 'h';"
    " [getComputedStyle(p).display, p.checkVisibility(), getComputedStyle(p) instanceof CSSStyleDeclaration]":
        ["none", False, True],
    _SHEET + "[getComputedStyle(document.querySelector('b')).color, document.body.checkVisibility({checkOpacity: true})]":
        ["rgb(255, 0, 0)", True],
    "var c = new CSSStyleSheet({media: 'print', disabled: true}); c.replaceSync('a { top: 1px }');"
    " [c.media.mediaText, c.disabled, c.cssRules[0].style.top, c.ownerNode, String(c.media)]":
        ["print", True, "1px", None, "print"],
    "try { getComputedStyle({}) } catch (e) { e instanceof TypeError }": True,
    # https://drafts.csswg.org/css-cascade-6/#the-cssscoperule-interface
    "var s = document.createElement('style'); s.textContent = '@scope (.a) to (.b) { color: red; > p { color: blue } }"
    " @scope {}'; document.head.appendChild(s); var r = s.sheet.cssRules;"
    " [r[0] instanceof CSSScopeRule, r[0] instanceof CSSGroupingRule, r[0].start, r[0].end, r[1].start, r[1].end,"
    " r[0].cssRules[0] instanceof CSSNestedDeclarations, r[0].cssRules[0].style.color, r[0].cssRules[1].selectorText,"
    " r[0].insertRule('+ i { top: 1px }', 2), r[0].cssRules.length]":
        [True, True, ".a", ".b", None, None, True, "red", "> p", 2, 3],
    # https://drafts.csswg.org/cssom-view/#dom-window-matchmedia (a realm renders with scripting enabled)
    "var m = matchMedia('(SCRIPTING), print'); [m instanceof MediaQueryList, m instanceof EventTarget, m.media,"
    " m.matches, matchMedia('print').matches, typeof m.addListener, m.onchange,"
    " new MediaQueryListEvent('change', {media: 'x', matches: true}).matches]":
        [True, True, "(scripting), print", True, False, "function", None, True],
    "document.createElement('link').sheet": None,
    # https://drafts.csswg.org/cssom/#dom-documentorshadowroot-adoptedstylesheets
    "var e = document.body.appendChild(document.createElement('i')); e.id = 'adopted';"
    " var n = document.styleSheets.length, c = new CSSStyleSheet(); c.replaceSync('#adopted { display: none }');"
    " document.adoptedStyleSheets = [c];"
    " var r = [document.adoptedStyleSheets.length, document.adoptedStyleSheets[0] === c, e.checkVisibility(),"
    " document.styleSheets.length === n];"
    " try { document.adoptedStyleSheets = [c, document.createElement('style')] } catch (x) { r.push(x.name) }"
    " r.push(document.adoptedStyleSheets.length); document.adoptedStyleSheets = []; r.push(e.checkVisibility()); r":
        [1, True, False, True, "TypeError", 1, True],
    # https://webidl.spec.whatwg.org/#es-observable-array: the same array, whose changes are the document's
    "var e = document.body.appendChild(document.createElement('u')); e.id = 'pushed';"
    " var c = new CSSStyleSheet(); c.replaceSync('#pushed { display: none }'); var a = document.adoptedStyleSheets;"
    " var r = [a === document.adoptedStyleSheets, Array.isArray(a)]; a.push(c); r.push(a.length, e.checkVisibility());"
    " var st = document.createElement('style'); document.head.append(st);"
    " try { a.push(st.sheet) } catch (x) { r.push(x.name) } r.push(a.length); a.splice(0, 1);"
    " r.push(a.length, e.checkVisibility()); r": [True, True, 1, False, "NotAllowedError", 1, 0, True],
}


def test_cssom_binding() -> None:
    check_in_child(SCRIPT, list(CASES), list(CASES.items()))
