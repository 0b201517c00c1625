"""Scripted API cases run in Chromium (record_chromium_api.py) and in webdom's JS binding
(test_chromium_api.py): focus, moveBefore, MutationObserver order and buttons with
command/commandfor.

Each case is ``name -> (markup, script)``: the markup is put in a fresh ``<div id=root>`` in the
body, then *script* runs as the body of an async function with ``root`` and the helpers of
PRELUDE in scope; what it returns (JSON) is the case's result.  The name's prefix is its area.
"""

from __future__ import annotations

# desc(node): a short name for a node; watch(): a log of focus events caught at root;
# fstate(): where focus is (activeElement, shadow roots' activeElement, :focus, :focus-within);
# recs(list): MutationRecords as lists; tick(): a promise that settles in a later task (after a
# microtask checkpoint); ticks(n): n timers of 10ms, for tasks other task sources queue.  (A
# dialog's close event, queued on the user interaction task source, is not waited for: headless
# Chromium delivers it in some runs and not in others.)
PRELUDE = r"""
function desc(n) {
  if (n === null || n === undefined) return null;
  if (n === document) return '#document';
  if (n === window) return 'window';
  if (n.nodeType === 3) return '#text:' + n.data;
  if (n.nodeType === 8) return '#comment:' + n.data;
  if (n.nodeType === 11) return n.host ? 'shadow(' + desc(n.host) + ')' : '#fragment';
  return n.localName + (n.id ? '#' + n.id : '');
}
function watch(where) {
  const log = [];
  for (const type of ['focus', 'blur', 'focusin', 'focusout'])
    (where || root).addEventListener(type, (e) => log.push([type, desc(e.target), desc(e.relatedTarget), e.composed]), true);
  return log;
}
function all(node, out) {
  out = out || [];
  for (const e of node.querySelectorAll('*')) { out.push(e); if (e.shadowRoot) all(e.shadowRoot, out); }
  return out;
}
function fstate() {
  const els = all(root);
  const shadows = els.filter((e) => e.shadowRoot).map((e) => [desc(e), desc(e.shadowRoot.activeElement)]);
  return {active: desc(document.activeElement), shadows: shadows,
          focus: els.filter((e) => e.matches(':focus')).map(desc),
          within: els.filter((e) => e.matches(':focus-within')).map(desc)};
}
function recs(list) {
  return list.map((r) => [r.type, desc(r.target), [...r.addedNodes].map(desc), [...r.removedNodes].map(desc),
                          desc(r.previousSibling), desc(r.nextSibling), r.attributeName, r.oldValue]);
}
function tick() { return new Promise((resolve) => setTimeout(resolve, 0)); }
async function ticks(n) { for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 10)); }
function err(f) { try { f(); return 'ok'; } catch (e) { return e.name; } }
"""

FOCUS_STEP = "const log = watch(); const r = err(() => t.focus()); return [r, fstate(), log];"

# markup with an element #t, focused with t.focus()
FOCUS_TARGETS = {
    "a": "<a id=t>x</a>",
    "a href": "<a id=t href=#>x</a>",
    "a href empty": "<a id=t href>x</a>",
    "button": "<button id=t>x</button>",
    "button disabled": "<button id=t disabled>x</button>",
    "button hidden": "<button id=t hidden>x</button>",
    "button inert": "<button id=t inert>x</button>",
    "inside inert": "<div inert><button id=t>x</button></div>",
    "inside display none": "<div style=display:none><button id=t>x</button></div>",
    "display none": "<button id=t style=display:none>x</button>",
    "display contents tabindex": "<div id=t tabindex=0 style=display:contents>x</div>",
    "inside visibility hidden": "<div style=visibility:hidden><button id=t>x</button></div>",
    "visibility hidden": "<button id=t style=visibility:hidden>x</button>",
    "inside hidden": "<div hidden><button id=t>x</button></div>",
    "fieldset disabled": "<fieldset disabled><button id=t>x</button></fieldset>",
    "fieldset disabled legend": "<fieldset disabled><legend><button id=t>x</button></legend></fieldset>",
    "fieldset": "<fieldset id=t>x</fieldset>",
    "fieldset tabindex": "<fieldset id=t tabindex=0>x</fieldset>",
    "input text": "<input id=t>",
    "input disabled": "<input id=t disabled>",
    "input readonly": "<input id=t readonly>",
    "input hidden": "<input id=t type=hidden>",
    "input checkbox": "<input id=t type=checkbox>",
    "input radio": "<input id=t type=radio>",
    "input submit": "<input id=t type=submit>",
    "input image": "<input id=t type=image>",
    "input range": "<input id=t type=range>",
    "input color": "<input id=t type=color>",
    "input file": "<input id=t type=file>",
    "input date": "<input id=t type=date>",
    "select": "<select id=t><option>a</select>",
    "select disabled": "<select id=t disabled><option>a</select>",
    "option": "<select><option id=t>a</select>",
    "textarea": "<textarea id=t></textarea>",
    "textarea disabled": "<textarea id=t disabled></textarea>",
    "div": "<div id=t>x</div>",
    "div tabindex -1": "<div id=t tabindex=-1>x</div>",
    "div tabindex 0": "<div id=t tabindex=0>x</div>",
    "div tabindex 3": "<div id=t tabindex=3>x</div>",
    "div tabindex invalid": "<div id=t tabindex=abc>x</div>",
    "div tabindex empty": "<div id=t tabindex>x</div>",
    "div tabindex spaces": "<div id=t tabindex=' 2 '>x</div>",
    "div tabindex plus": "<div id=t tabindex=+1>x</div>",
    "div tabindex decimal": "<div id=t tabindex=1.5>x</div>",
    "span contenteditable": "<span id=t contenteditable>x</span>",
    "contenteditable false": "<span id=t contenteditable=false>x</span>",
    "inside contenteditable": "<div contenteditable><span id=t>x</span></div>",
    "contenteditable plaintext-only": "<div id=t contenteditable=plaintext-only>x</div>",
    "summary": "<details><summary id=t>s</summary>x</details>",
    "second summary": "<details><summary>s</summary><summary id=t>s2</summary>x</details>",
    "summary outside details": "<summary id=t>s</summary>",
    "details": "<details id=t><summary>s</summary>x</details>",
    "details no summary": "<details id=t>x</details>",
    "inside closed details": "<details><summary>s</summary><button id=t>x</button></details>",
    "inside open details": "<details open><summary>s</summary><button id=t>x</button></details>",
    "iframe": "<iframe id=t></iframe>",
    "area": "<map name=m><area id=t href=#x shape=rect coords=0,0,5,5></map><img usemap=#m width=10 height=10>",
    "area no href": "<map name=m><area id=t shape=rect coords=0,0,5,5></map><img usemap=#m width=10 height=10>",
    "area no image": "<map name=m2><area id=t href=#x></map>",
    "svg a href": "<svg><a id=t href=#x><text>x</text></a></svg>",
    "svg a": "<svg><a id=t><text>x</text></a></svg>",
    "svg rect tabindex": "<svg><rect id=t tabindex=0 width=5 height=5 /></svg>",
    "svg rect": "<svg><rect id=t width=5 height=5 /></svg>",
    "math tabindex": "<math><mi id=t tabindex=0>x</mi></math>",
    "img": "<img id=t>",
    "img tabindex": "<img id=t tabindex=0>",
    "label": "<label id=t>x<input></label>",
    "audio controls": "<audio id=t controls></audio>",
    "audio": "<audio id=t></audio>",
    "video controls": "<video id=t controls></video>",
    "dialog": "<dialog id=t open>x</dialog>",
    "dialog tabindex": "<dialog id=t open tabindex=0>x</dialog>",
    "inside closed dialog": "<dialog><button id=t>x</button></dialog>",
    "object": "<object id=t></object>",
    "embed": "<embed id=t>",
    "canvas tabindex": "<canvas id=t tabindex=0></canvas>",
    "body child template content": "<template><button>x</button></template><button id=t>y</button>",
}

CASES: dict[str, tuple[str, str]] = {f"focus/{name}": (markup, FOCUS_STEP) for name, markup in FOCUS_TARGETS.items()}

CASES.update({
    "focus/document.body.focus": ("", "const log = watch(document); document.body.focus(); return [fstate(), log];"),
    "focus/detached": ("", "const b = document.createElement('button'); b.focus(); return [fstate(), desc(document.activeElement)];"),
    "focus/a then b": ("<button id=a>a</button><input id=b>",
                       "const log = watch(); a.focus(); b.focus(); return [fstate(), log];"),
    "focus/then blur": ("<button id=a>a</button>", "const log = watch(); a.focus(); a.blur(); return [fstate(), log];"),
    "focus/blur unfocused": ("<button id=a>a</button><button id=b>b</button>",
                             "a.focus(); const log = watch(); b.blur(); return [fstate(), log];"),
    "focus/focus twice": ("<button id=a>a</button>", "a.focus(); const log = watch(); a.focus(); return [fstate(), log];"),
    "focus/remove focused": ("<div id=p><button id=a>a</button></div>",
                             "const log = watch(); a.focus(); a.remove(); const s = fstate(); await tick(); "
                             "return [s, fstate(), log, desc(document.activeElement)];"),
    "focus/hide focused": ("<button id=a>a</button>",
                           "a.focus(); const log = watch(); a.disabled = true; await tick(); "
                           "return [desc(document.activeElement), log];"),
    "focus/focus in focus handler": ("<button id=a>a</button><button id=b>b</button>",
                                     "const log = watch(); a.addEventListener('focus', () => b.focus()); a.focus(); "
                                     "return [fstate(), log];"),
    "focus/blur in focus handler": ("<button id=a>a</button>",
                                    "const log = watch(); a.addEventListener('focus', () => a.blur()); a.focus(); "
                                    "return [fstate(), log];"),
    "focus/event details": ("<button id=a>a</button>",
                            "const seen = []; a.addEventListener('focus', (e) => seen.push(e.constructor.name, e.bubbles, "
                            "e.cancelable, e.composed, e.isTrusted, e.detail, e.view === window)); "
                            "a.addEventListener('focusin', (e) => seen.push(e.constructor.name, e.bubbles, e.cancelable, "
                            "e.composed)); a.focus(); return seen;"),
    "focus/preventScroll option": ("<button id=a>a</button>", "a.focus({preventScroll: true}); return fstate();"),
    "focus/focus-within ancestors": ("<div id=x><p id=y><button id=a>a</button></p></div>",
                                     "a.focus(); return [fstate(), x.matches(':focus-within'), "
                                     "document.body.matches(':focus-within'), "
                                     "document.documentElement.matches(':focus-within')];"),
    "focus/autofocus attribute": ("<button id=a autofocus>a</button>", "return [a.autofocus, fstate()];"),
    "focus/tabIndex getter": ("<a id=a></a><a id=b href></a><button id=c></button><div id=d></div>"
                              "<div id=e tabindex=7></div><div id=f tabindex=x></div><span id=g contenteditable></span>"
                              "<summary id=h></summary><details><summary id=i></summary></details><iframe id=j></iframe>"
                              "<svg><a id=k href=#></a><rect id=l /></svg><area id=m href=#><input id=n type=hidden>",
                              "return [...root.querySelectorAll('[id]')].map((e) => [e.id, e.tabIndex]);"),
    "focus/delegatesFocus host": ("<div id=h></div>",
                                  "const s = h.attachShadow({mode: 'open', delegatesFocus: true}); "
                                  "s.innerHTML = '<span>x</span><button id=in>b</button>'; const log = watch(); "
                                  "h.focus(); return [fstate(), log];"),
    "focus/delegatesFocus host with tabindex": ("<div id=h tabindex=0></div>",
                                                "const s = h.attachShadow({mode: 'open', delegatesFocus: true}); "
                                                "s.innerHTML = '<button id=in>b</button>'; h.focus(); return fstate();"),
    "focus/delegatesFocus nothing focusable": ("<div id=h></div>",
                                               "const s = h.attachShadow({mode: 'open', delegatesFocus: true}); "
                                               "s.innerHTML = '<span>x</span>'; h.focus(); return fstate();"),
    "focus/delegatesFocus autofocus": ("<div id=h></div>",
                                       "const s = h.attachShadow({mode: 'open', delegatesFocus: true}); "
                                       "s.innerHTML = '<button id=one>1</button><button id=two autofocus>2</button>'; "
                                       "h.focus(); return fstate();"),
    "focus/delegatesFocus nested": ("<div id=h></div>",
                                    "const s = h.attachShadow({mode: 'open', delegatesFocus: true}); "
                                    "s.innerHTML = '<div id=h2></div><button id=b>b</button>'; "
                                    "const s2 = s.getElementById('h2').attachShadow({mode: 'open', delegatesFocus: true}); "
                                    "s2.innerHTML = '<input id=deep>'; h.focus(); return fstate();"),
    "focus/host without delegatesFocus": ("<div id=h></div>",
                                          "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<button>b</button>'; "
                                          "const r = h.focus(); return fstate();"),
    "focus/inside shadow": ("<div id=h></div>",
                            "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<button id=in>b</button>'; "
                            "const log = watch(); const inner = watch(s); s.getElementById('in').focus(); "
                            "return [fstate(), log, inner];"),
    "focus/inside closed shadow": ("<div id=h></div>",
                                   "const s = h.attachShadow({mode: 'closed'}); s.innerHTML = '<button id=in>b</button>'; "
                                   "s.getElementById('in').focus(); return [fstate(), desc(s.activeElement), "
                                   "h.matches(':focus'), h.matches(':focus-within')];"),
    "focus/between shadow and light": ("<div id=h></div><button id=l>l</button>",
                                       "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<button id=in>b</button>'; "
                                       "s.getElementById('in').focus(); const log = watch(); const inner = watch(s); "
                                       "l.focus(); return [fstate(), log, inner];"),
    "focus/within shadow": ("<div id=h></div>",
                            "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<button id=a>a</button><button id=b>b</button>'; "
                            "s.getElementById('a').focus(); const log = watch(); const inner = watch(s); "
                            "s.getElementById('b').focus(); return [fstate(), log, inner];"),
    "focus/slotted": ("<div id=h><button id=l>l</button></div>",
                      "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<p id=w><slot id=sl></slot></p>'; "
                      "l.focus(); return [fstate(), s.getElementById('w').matches(':focus-within'), "
                      "s.getElementById('sl').matches(':focus-within')];"),
    "focus/not slotted": ("<div id=h><button id=l>l</button></div>",
                          "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<p>no slot</p>'; "
                          "l.focus(); return fstate();"),
    "focus/slotted into delegatesFocus": ("<div id=h><button id=l>l</button></div>",
                                          "const s = h.attachShadow({mode: 'open', delegatesFocus: true}); "
                                          "s.innerHTML = '<slot></slot><button id=in>b</button>'; h.focus(); return fstate();"),
    "focus/host :focus": ("<div id=h></div>",
                          "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<button id=in>b</button>'; "
                          "s.getElementById('in').focus(); return [h.matches(':focus'), h.matches(':focus-within'), "
                          "s.getElementById('in').matches(':focus')];"),
    "focus/remove shadow host": ("<div id=h></div>",
                                 "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<button id=in>b</button>'; "
                                 "s.getElementById('in').focus(); h.remove(); return [desc(document.activeElement), "
                                 "desc(s.activeElement)];"),
})

MOVE = {
    "move/within parent": ("<p id=p><i id=a></i><i id=b></i><i id=c></i></p>",
                           "const mo = new MutationObserver(() => {}); mo.observe(root, {childList: true, subtree: true}); "
                           "p.moveBefore(c, a); return [recs(mo.takeRecords()), [...p.children].map(desc)];"),
    "move/to end": ("<p id=p><i id=a></i><i id=b></i></p>",
                    "const mo = new MutationObserver(() => {}); mo.observe(root, {childList: true, subtree: true}); "
                    "p.moveBefore(a, null); return [recs(mo.takeRecords()), [...p.children].map(desc)];"),
    "move/before itself": ("<p id=p><i id=a></i><i id=b></i></p>",
                           "const mo = new MutationObserver(() => {}); mo.observe(root, {childList: true, subtree: true}); "
                           "const r = err(() => p.moveBefore(a, a)); return [r, recs(mo.takeRecords()), "
                           "[...p.children].map(desc)];"),
    "move/before next sibling": ("<p id=p><i id=a></i><i id=b></i></p>",
                                 "const mo = new MutationObserver(() => {}); mo.observe(root, {childList: true, subtree: true}); "
                                 "p.moveBefore(a, b); return [recs(mo.takeRecords()), [...p.children].map(desc)];"),
    "move/between parents": ("<p id=p><i id=a></i><i id=b></i></p><q id=q><i id=c></i></q>",
                             "const mo = new MutationObserver(() => {}); mo.observe(root, {childList: true, subtree: true}); "
                             "q.moveBefore(a, c); return [recs(mo.takeRecords()), [...p.childNodes].map(desc), "
                             "[...q.childNodes].map(desc)];"),
    "move/text node": ("<p id=p>x<i id=a></i></p><q id=q></q>",
                       "const mo = new MutationObserver(() => {}); mo.observe(root, {childList: true, subtree: true}); "
                       "q.moveBefore(p.firstChild, null); return [recs(mo.takeRecords()), q.innerHTML];"),
    "move/comment": ("<p id=p><!--c--></p><q id=q></q>",
                     "q.moveBefore(p.firstChild, null); return q.innerHTML;"),
    "move/into shadow": ("<div id=h></div><i id=a></i>",
                         "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<b id=x></b>'; "
                         "const mo = new MutationObserver(() => {}); mo.observe(root, {childList: true, subtree: true}); "
                         "mo.observe(s, {childList: true, subtree: true}); const r = err(() => s.moveBefore(a, null)); "
                         "return [r, recs(mo.takeRecords()), s.innerHTML];"),
    "move/out of shadow": ("<div id=h></div><q id=q></q>",
                           "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<b id=x></b>'; "
                           "const r = err(() => q.moveBefore(s.firstChild, null)); return [r, q.innerHTML, s.innerHTML];"),
    "move/into host is slotted": ("<div id=h></div><i id=a slot=one></i>",
                                  "const s = h.attachShadow({mode: 'open'}); "
                                  "s.innerHTML = '<slot name=one id=s1></slot><slot id=s2></slot>'; "
                                  "const changes = []; s.addEventListener('slotchange', (e) => changes.push(desc(e.target))); "
                                  "h.moveBefore(a, null); const before = [desc(a.assignedSlot)]; await tick(); "
                                  "return [before, desc(a.assignedSlot), changes];"),
    "move/out of host": ("<div id=h><i id=a></i></div><q id=q></q>",
                         "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<slot id=s1></slot>'; "
                         "const changes = []; s.addEventListener('slotchange', (e) => changes.push(desc(e.target))); "
                         "await tick(); changes.length = 0; q.moveBefore(a, null); await tick(); "
                         "return [desc(a.assignedSlot), s.getElementById('s1').assignedNodes().map(desc), changes];"),
    "move/slot between hosts": ("<div id=h></div><div id=g></div>",
                                "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<slot id=s1></slot>'; "
                                "h.append(document.createElement('i')); const r = err(() => h.moveBefore(h.firstChild, null)); "
                                "return [r, s.getElementById('s1').assignedNodes().map(desc)];"),
    "move/slot itself": ("<div id=h></div>",
                         "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<p id=p1></p><p id=p2><slot id=s1></slot></p>'; "
                         "h.append(document.createElement('i')); const changes = []; "
                         "s.addEventListener('slotchange', (e) => changes.push(desc(e.target))); await tick(); changes.length = 0; "
                         "const sl = s.getElementById('s1'); s.getElementById('p1').moveBefore(sl, null); await tick(); "
                         "return [sl.assignedNodes().map(desc), changes];"),
    "move/focused element": ("<p id=p><button id=a>a</button></p><q id=q></q>",
                             "a.focus(); const log = watch(); q.moveBefore(a, null); const s = fstate(); await tick(); "
                             "return [s, fstate(), log];"),
    # (moving a focused element into a shadow root hangs Chromium 150's headless renderer: not recorded)
    "move/ancestor of focused": ("<p id=p><span id=w><button id=a>a</button></span></p><q id=q></q>",
                                 "a.focus(); const log = watch(); q.moveBefore(w, null); return [fstate(), log];"),
    "move/live range in moved": ("<p id=p>ab<i id=a>cd</i></p><q id=q>ef</q>",
                                 "const r = new Range(); r.setStart(a.firstChild, 1); r.setEnd(q.firstChild, 1); "
                                 "q.moveBefore(a, q.firstChild); return [desc(r.startContainer), r.startOffset, "
                                 "desc(r.endContainer), r.endOffset, r.collapsed];"),
    "move/live range at parent": ("<p id=p><i id=a></i><i id=b></i><i id=c></i></p><q id=q></q>",
                                  "const r = new Range(); r.setStart(p, 1); r.setEnd(p, 3); q.moveBefore(b, null); "
                                  "return [desc(r.startContainer), r.startOffset, desc(r.endContainer), r.endOffset];"),
    "move/live range same parent": ("<p id=p><i id=a></i><i id=b></i><i id=c></i></p>",
                                    "const r = new Range(); r.setStart(p, 1); r.setEnd(p, 2); p.moveBefore(c, a); "
                                    "return [desc(r.startContainer), r.startOffset, desc(r.endContainer), r.endOffset];"),
    "move/live range contains moved": ("<p id=p><i id=a>x</i></p><q id=q></q>",
                                       "const r = new Range(); r.selectNodeContents(a); q.moveBefore(a, null); "
                                       "return [desc(r.startContainer), r.startOffset, desc(r.endContainer), r.endOffset];"),
    "move/node iterator": ("<p id=p><i id=a><b id=a1></b></i><i id=b></i></p><q id=q></q>",
                           "const it = document.createNodeIterator(root, NodeFilter.SHOW_ELEMENT); let n; "
                           "while ((n = it.nextNode()) !== a1); q.moveBefore(a, null); "
                           "const ref = [desc(it.referenceNode), it.pointerBeforeReferenceNode]; "
                           "const rest = []; while ((n = it.nextNode())) rest.push(desc(n)); return [ref, rest];"),
    "move/node iterator before": ("<p id=p><i id=a></i><i id=b></i></p><q id=q></q>",
                                  "const it = document.createNodeIterator(root, NodeFilter.SHOW_ELEMENT); "
                                  "it.nextNode(); it.nextNode(); it.nextNode(); it.previousNode(); "
                                  "q.moveBefore(a, null); return [desc(it.referenceNode), it.pointerBeforeReferenceNode];"),
    "move/disconnected to connected": ("<q id=q></q>",
                                       "const d = document.createElement('div'); "
                                       "return [err(() => q.moveBefore(d, null)), d.parentNode === q];"),
    "move/connected to disconnected": ("<i id=a></i>",
                                       "const d = document.createElement('div'); "
                                       "return [err(() => d.moveBefore(a, null)), desc(a.parentNode)];"),
    "move/both disconnected": ("",
                               "const d = document.createElement('div'); const e = document.createElement('p'); "
                               "const c = document.createElement('i'); d.append(c); "
                               "return [err(() => e.moveBefore(c, null)), desc(c.parentNode)];"),
    "move/same disconnected tree": ("",
                                    "const d = document.createElement('div'); d.innerHTML = '<p id=x></p><i id=y></i>'; "
                                    "const r = err(() => d.firstChild.moveBefore(d.lastChild, null)); return [r, d.innerHTML];"),
    "move/other document": ("<q id=q></q>",
                            "const doc = document.implementation.createHTMLDocument(''); "
                            "return err(() => q.moveBefore(doc.body, null));"),
    "move/ancestor into descendant": ("<p id=p><i id=a></i></p>", "return err(() => a.moveBefore(p, null));"),
    "move/doctype": ("<q id=q></q>", "return err(() => q.moveBefore(document.doctype, null));"),
    "move/fragment": ("<q id=q></q>",
                      "const f = document.createDocumentFragment(); f.append('x'); return err(() => q.moveBefore(f, null));"),
    "move/text into document": ("", "const t = root.appendChild(document.createTextNode('x')); "
                                    "return err(() => document.moveBefore(t, null));"),
    "move/reference not child": ("<p id=p></p><i id=a></i><i id=b></i>",
                                 "return err(() => p.moveBefore(a, b));"),
    "move/into text": ("<p id=p>x</p><i id=a></i>", "return err(() => p.firstChild.moveBefore(a, null));"),
    "move/element as document child": ("",
                                       "const doc = document.implementation.createHTMLDocument(''); "
                                       "const e = doc.createElement('x'); doc.body.append(e); "
                                       "return err(() => doc.moveBefore(e, null));"),
    "move/observer callback order": ("<p id=p><i id=a></i></p><q id=q></q>",
                                     "const log = []; const mo = new MutationObserver((l) => log.push(...recs(l))); "
                                     "mo.observe(p, {childList: true}); const mo2 = new MutationObserver((l) => "
                                     "log.push(...recs(l))); mo2.observe(q, {childList: true}); q.moveBefore(a, null); "
                                     "Promise.resolve().then(() => log.push('promise')); await tick(); return log;"),
    "move/custom element callbacks": ("<p id=p></p><q id=q></q>",
                                      "const log = []; if (!customElements.get('move-ce')) customElements.define('move-ce', "
                                      "class extends HTMLElement { connectedCallback() { log.push('connected') } "
                                      "disconnectedCallback() { log.push('disconnected') } "
                                      "connectedMoveCallback() { log.push('move') } }); "
                                      "const e = document.createElement('move-ce'); p.append(e); q.moveBefore(e, null); "
                                      "return log;"),
    "move/custom element no move callback": ("<p id=p></p><q id=q></q>",
                                             "const log = []; if (!customElements.get('move-ce2')) customElements.define("
                                             "'move-ce2', class extends HTMLElement { connectedCallback() { log.push('connected') } "
                                             "disconnectedCallback() { log.push('disconnected') } }); "
                                             "const e = document.createElement('move-ce2'); p.append(e); q.moveBefore(e, null); "
                                             "return log;"),
    "move/range in ancestor": ("<p id=p><i id=a></i><i id=b></i></p><q id=q><s id=s></s></q>",
                               "const r = new Range(); r.setStart(root, 0); r.setEnd(q, 1); q.moveBefore(a, s); "
                               "return [desc(r.startContainer), r.startOffset, desc(r.endContainer), r.endOffset, "
                               "r.toString().length, [...q.childNodes].map(desc)];"),
    "move/range after in new parent": ("<p id=p><i id=a></i></p><q id=q><s id=s></s><u id=u></u></q>",
                                       "const r = new Range(); r.setStart(q, 1); r.setEnd(q, 2); q.moveBefore(a, s); "
                                       "return [desc(r.startContainer), r.startOffset, desc(r.endContainer), r.endOffset];"),
    "move/selection": ("<p id=p>ab<i id=a>cd</i></p><q id=q></q>",
                       "const sel = getSelection(); sel.removeAllRanges(); const r = new Range(); r.setStart(p, 1); "
                       "r.setEnd(p, 2); sel.addRange(r); q.moveBefore(a, null); "
                       "const out = [sel.rangeCount, desc(sel.anchorNode), sel.anchorOffset, desc(sel.focusNode), "
                       "sel.focusOffset, sel.getRangeAt(0) === r]; sel.removeAllRanges(); return out;"),
    "move/shadow host": ("<div id=h></div><q id=q></q>",
                         "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<button id=in>b</button>'; "
                         "s.getElementById('in').focus(); q.moveBefore(h, null); return [fstate(), desc(h.parentNode)];"),
    "move/within shadow": ("<div id=h></div>",
                           "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<p id=x><b id=y></b></p><p id=z></p>'; "
                           "const mo = new MutationObserver(() => {}); mo.observe(s, {childList: true, subtree: true}); "
                           "s.getElementById('z').moveBefore(s.getElementById('y'), null); "
                           "return [recs(mo.takeRecords()), s.innerHTML];"),
    "move/between slots": ("<div id=h><i id=a slot=one></i></div>",
                           "const s = h.attachShadow({mode: 'open'}); "
                           "s.innerHTML = '<slot name=one id=s1></slot><slot name=two id=s2></slot>'; await tick(); "
                           "const changes = []; s.addEventListener('slotchange', (e) => changes.push(desc(e.target))); "
                           "a.slot = 'two'; h.moveBefore(a, null); await tick(); return [desc(a.assignedSlot), changes];"),
    "move/slotted focused out of host": ("<div id=h><button id=a>a</button></div><q id=q></q>",
                                         "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<slot></slot>'; "
                                         "a.focus(); const log = watch(); q.moveBefore(a, null); "
                                         "return [fstate(), log];"),
    "move/focused into host without slot": ("<div id=h></div><button id=a>a</button>",
                                            "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<b></b>'; "
                                            "a.focus(); const log = watch(); h.moveBefore(a, null); const st = fstate(); "
                                            "await tick(); return [st, fstate(), log];"),
    "move/focused into inert": ("<div id=d inert></div><button id=a>a</button>",
                                "a.focus(); const log = watch(); d.moveBefore(a, null); const st = fstate(); "
                                "await tick(); return [st, fstate(), log];"),
    "move/document element child": ("<p id=p></p>",
                                    "const c = document.createComment('c'); document.body.before(c); "
                                    "const r = err(() => document.moveBefore(c, document.documentElement)); "
                                    "const where = desc(c.parentNode); c.remove(); return [r, where];"),
    "move/node iterator root moved": ("<p id=p><i id=a><b id=b></b></i></p><q id=q></q>",
                                      "const it = document.createNodeIterator(a, NodeFilter.SHOW_ELEMENT); it.nextNode(); "
                                      "it.nextNode(); q.moveBefore(a, null); return [desc(it.referenceNode), "
                                      "it.pointerBeforeReferenceNode, desc(it.previousNode())];"),
    "move/mutation records with attributes": ("<p id=p><i id=a class=x></i></p><q id=q></q>",
                                              "const mo = new MutationObserver(() => {}); mo.observe(root, {subtree: true, "
                                              "childList: true, attributes: true}); q.moveBefore(a, null); a.className = 'y'; "
                                              "p.moveBefore(a, null); return recs(mo.takeRecords());"),
    "move/iframe stays": ("<p id=p><iframe id=f></iframe></p><q id=q></q>",
                          "const w = f.contentWindow; q.moveBefore(f, null); return f.contentWindow === w;"),
}
CASES.update(MOVE)

MUTATION = {
    "mo/observer before promise": ("<p id=p><i id=a></i></p>",
                                   "const log = []; const mo = new MutationObserver(() => log.push('observer')); "
                                   "mo.observe(p, {childList: true}); a.remove(); "
                                   "Promise.resolve().then(() => log.push('promise')); await tick(); return log;"),
    "mo/promise before observer": ("<p id=p><i id=a></i></p>",
                                   "const log = []; const mo = new MutationObserver(() => log.push('observer')); "
                                   "mo.observe(p, {childList: true}); Promise.resolve().then(() => log.push('promise')); "
                                   "a.remove(); await tick(); return log;"),
    "mo/subtree removal then promise": ("<p id=p><i id=a><b id=x></b></i></p>",
                                        "const log = []; const mo = new MutationObserver((l) => log.push(recs(l))); "
                                        "mo.observe(root, {childList: true, subtree: true}); x.remove(); "
                                        "Promise.resolve().then(() => log.push('promise')); await tick(); return log;"),
    "mo/queueMicrotask interleaving": ("<p id=p></p>",
                                       "const log = []; const mo = new MutationObserver(() => { log.push('observer'); "
                                       "queueMicrotask(() => log.push('micro from observer')); }); "
                                       "mo.observe(p, {attributes: true}); queueMicrotask(() => log.push('micro 1')); "
                                       "p.setAttribute('x', 1); queueMicrotask(() => log.push('micro 2')); "
                                       "await tick(); return log;"),
    "mo/mutation in callback": ("<p id=p></p>",
                                "const log = []; let n = 0; const mo = new MutationObserver((l) => { log.push(recs(l)); "
                                "if (n++ === 0) { p.setAttribute('y', 2); Promise.resolve().then(() => log.push('promise')); } }); "
                                "mo.observe(p, {attributes: true}); p.setAttribute('x', 1); await tick(); return log;"),
    "mo/two observers order": ("<p id=p></p>",
                               "const log = []; const m2 = new MutationObserver(() => log.push('second')); "
                               "const m1 = new MutationObserver(() => log.push('first')); m1.observe(p, {attributes: true}); "
                               "m2.observe(p, {attributes: true}); p.setAttribute('x', 1); await tick(); return log;"),
    "mo/observers by creation order": ("<p id=p></p><q id=q></q>",
                                       "const log = []; const m1 = new MutationObserver(() => log.push('m1')); "
                                       "const m2 = new MutationObserver(() => log.push('m2')); "
                                       "m2.observe(p, {attributes: true}); m1.observe(q, {attributes: true}); "
                                       "p.setAttribute('x', 1); q.setAttribute('x', 1); await tick(); return log;"),
    "mo/transient": ("<p id=p><i id=a><b id=x></b></i></p>",
                     "const log = []; const mo = new MutationObserver((l) => log.push(recs(l))); "
                     "mo.observe(p, {childList: true, subtree: true, attributes: true}); a.remove(); "
                     "x.setAttribute('k', 1); await tick(); x.setAttribute('k', 2); await tick(); return log;"),
    "mo/transient no record": ("<p id=p><i id=a><b id=x></b></i></p>",
                               "const log = []; const mo = new MutationObserver((l) => log.push(recs(l))); "
                               "mo.observe(p, {subtree: true, attributes: true}); a.remove(); await tick(); "
                               "x.setAttribute('k', 1); await tick(); return log;"),
    "mo/transient no record then other": ("<p id=p><i id=a><b id=x></b></i></p><q id=q></q>",
                                          "const log = []; const mo = new MutationObserver((l) => log.push(recs(l))); "
                                          "mo.observe(p, {subtree: true, attributes: true}); a.remove(); "
                                          "const other = new MutationObserver(() => {}); other.observe(q, {attributes: true}); "
                                          "q.setAttribute('o', 1); await tick(); x.setAttribute('k', 1); await tick(); return log;"),
    "mo/observe after removal": ("<p id=p><i id=a><b id=x></b></i></p>",
                                 "const log = []; const mo = new MutationObserver((l) => log.push(recs(l))); "
                                 "mo.observe(p, {childList: true, subtree: true, attributes: true}); a.remove(); "
                                 "mo.observe(p, {childList: true, subtree: true, attributes: true}); "
                                 "x.setAttribute('k', 1); await tick(); return log;"),
    "mo/observe after removal of nested": ("<p id=p><i id=a><b id=x><u id=y></u></b></i></p>",
                                           "const log = []; const mo = new MutationObserver((l) => log.push(recs(l))); "
                                           "mo.observe(p, {childList: true, subtree: true, attributes: true}); a.remove(); "
                                           "x.remove(); mo.observe(a, {attributes: true}); "
                                           "y.setAttribute('k', 1); x.setAttribute('k', 1); await tick(); return log;"),
    "mo/transient reinserted": ("<p id=p><i id=a><b id=x></b></i></p><q id=q></q>",
                                "const log = []; const mo = new MutationObserver((l) => log.push(recs(l))); "
                                "mo.observe(p, {childList: true, subtree: true}); a.remove(); q.append(a); "
                                "x.append('t'); await tick(); return log;"),
    "mo/transient no subtree": ("<p id=p><i id=a><b id=x></b></i></p>",
                                "const log = []; const mo = new MutationObserver((l) => log.push(recs(l))); "
                                "mo.observe(p, {childList: true}); a.remove(); x.setAttribute('k', 1); x.append('t'); "
                                "await tick(); return log;"),
    "mo/disconnect drops transient": ("<p id=p><i id=a><b id=x></b></i></p>",
                                      "const log = []; const mo = new MutationObserver((l) => log.push(recs(l))); "
                                      "mo.observe(p, {childList: true, subtree: true, attributes: true}); a.remove(); "
                                      "mo.disconnect(); mo.observe(document.createElement('z'), {attributes: true}); "
                                      "x.setAttribute('k', 1); await tick(); return log;"),
    "mo/record contents": ("<p id=p class=c>t<i id=a></i></p>",
                           "const mo = new MutationObserver(() => {}); mo.observe(root, {subtree: true, childList: true, "
                           "attributes: true, attributeOldValue: true, characterData: true, characterDataOldValue: true}); "
                           "p.className = 'd'; p.setAttributeNS('urn:x', 'x:k', 'v'); p.firstChild.data = 'u'; "
                           "a.before('n'); p.replaceChildren(); p.innerHTML = '<b></b><s></s>'; p.textContent = ''; "
                           "return mo.takeRecords().map((r) => [...recs([r])[0], r.attributeNamespace]);"),
    "mo/attributeFilter": ("<p id=p></p>",
                           "const mo = new MutationObserver(() => {}); mo.observe(p, {attributeFilter: ['a'], "
                           "attributeOldValue: true}); p.setAttribute('a', 1); p.setAttribute('b', 1); "
                           "p.setAttribute('a', 2); p.removeAttribute('a'); return recs(mo.takeRecords());"),
    "mo/observe options errors": ("<p id=p></p>",
                                  "const mo = new MutationObserver(() => {}); return [err(() => mo.observe(p, {})), "
                                  "err(() => mo.observe(p, {attributeOldValue: true})), "
                                  "err(() => mo.observe(p, {attributes: false, attributeFilter: ['a']})), "
                                  "err(() => mo.observe(p, {characterData: false, characterDataOldValue: true})), "
                                  "err(() => mo.observe(p, {attributeFilter: []})), err(() => mo.observe(p, {childList: true}))];"),
    "mo/takeRecords empties": ("<p id=p></p>",
                               "const log = []; const mo = new MutationObserver((l) => log.push(recs(l))); "
                               "mo.observe(p, {attributes: true}); p.setAttribute('a', 1); const taken = recs(mo.takeRecords()); "
                               "await tick(); return [taken, log];"),
    "mo/slotchange after observers": ("<div id=h></div>",
                                      "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<slot></slot>'; await tick(); "
                                      "const log = []; s.addEventListener('slotchange', () => log.push('slotchange')); "
                                      "const mo = new MutationObserver(() => log.push('observer')); mo.observe(h, {childList: true}); "
                                      "h.append(document.createElement('i')); Promise.resolve().then(() => log.push('promise')); "
                                      "await tick(); return log;"),
    "mo/callback this and args": ("<p id=p></p>",
                                  "let seen; const mo = new MutationObserver(function (l, o) { seen = [this === mo, o === mo, "
                                  "Array.isArray(l), l.length]; }); mo.observe(p, {attributes: true}); p.id = 'q'; p.id = 'r'; "
                                  "await tick(); return seen;"),
    "mo/exception in callback": ("<p id=p></p>",
                                 "const log = []; const m1 = new MutationObserver(() => { log.push('m1'); throw new Error('x'); }); "
                                 "const m2 = new MutationObserver(() => log.push('m2')); m1.observe(p, {attributes: true}); "
                                 "m2.observe(p, {attributes: true}); const onerror = window.onerror; window.onerror = () => true; "
                                 "p.setAttribute('a', 1); await tick(); window.onerror = onerror; return log;"),
}
CASES.update(MUTATION)

COMMAND = {
    "command/type getter": ("<form><button id=a></button><button id=b commandfor=x></button><button id=c command=close>"
                            "</button><button id=d type=submit commandfor=x></button><button id=e type=reset command=close>"
                            "</button><button id=f type=bogus commandfor=x></button><button id=g type=bogus></button>"
                            "<button id=h commandfor></button><button id=i command></button></form>"
                            "<button id=j></button><button id=k commandfor=x></button>",
                            "return [...root.querySelectorAll('button')].map((b) => [b.id, b.type]);"),
    "command/submits": ("<form id=f action=javascript:void(0)><button id=a>a</button><button id=b commandfor=x>b</button>"
                        "<button id=c command=--x>c</button><button id=d type=submit commandfor=x>d</button>"
                        "<button id=e type=bogus commandfor=x>e</button><button id=g commandfor>g</button>"
                        "<input id=i value=1 name=n></form><div id=x></div>",
                        "const log = []; f.addEventListener('submit', (e) => { e.preventDefault(); log.push('submit'); }); "
                        "f.addEventListener('reset', (e) => log.push('reset')); const out = []; "
                        "for (const b of f.querySelectorAll('button')) { log.length = 0; b.click(); out.push([b.id, ...log]); } "
                        "return out;"),
    "command/custom event": ("<button id=b commandfor=x command=--Do-It>b</button><div id=x></div>",
                             "const log = []; root.addEventListener('command', (e) => log.push([desc(e.target), "
                             "desc(e.currentTarget), e.command, desc(e.source), e.bubbles, e.cancelable, e.composed, "
                             "e.isTrusted, e.constructor.name]), true); b.click(); return log;"),
    "command/command normalised": ("<button id=a command=SHOW-MODAL></button><button id=b command=--Foo></button>"
                                   "<button id=c command=bogus></button><button id=d></button><button id=e command=''>"
                                   "</button><button id=f command=Toggle-Popover></button><button id=g command=request-close>"
                                   "</button><button id=h command=-x></button>",
                                   "return [...root.querySelectorAll('button')].map((b) => [b.id, b.command]);"),
    "command/commandForElement": ("<button id=b commandfor=x></button><div id=x></div>",
                                  "const r = [desc(b.commandForElement), b.getAttribute('commandfor')]; "
                                  "b.commandForElement = null; r.push(b.getAttribute('commandfor')); "
                                  "b.commandForElement = x; r.push(b.getAttribute('commandfor'), desc(b.commandForElement)); "
                                  "b.setAttribute('commandfor', 'nope'); r.push(desc(b.commandForElement)); return r;"),
    "command/commandForElement in shadow": ("<div id=h></div><div id=x></div>",
                                            "const s = h.attachShadow({mode: 'open'}); "
                                            "s.innerHTML = '<button id=b commandfor=x command=--a>b</button><div id=x></div>'; "
                                            "const b = s.getElementById('b'); const log = []; "
                                            "s.getElementById('x').addEventListener('command', (e) => log.push('inner', e.command)); "
                                            "x.addEventListener('command', () => log.push('outer')); b.click(); "
                                            "return [desc(b.commandForElement), b.commandForElement === x, log];"),
    "command/invalid command no event": ("<button id=b commandfor=x command=bogus>b</button><div id=x></div>",
                                         "const log = []; x.addEventListener('command', (e) => log.push(e.command)); "
                                         "b.click(); return log;"),
    "command/no command attribute": ("<button id=b commandfor=x>b</button><div id=x></div>",
                                     "const log = []; x.addEventListener('command', (e) => log.push(e.command)); "
                                     "b.click(); return log;"),
    "command/disabled": ("<button id=b commandfor=x command=--a disabled>b</button><div id=x></div>",
                         "const log = []; x.addEventListener('command', (e) => log.push(e.command)); b.click(); return log;"),
    "command/builtin on wrong element": ("<button id=b commandfor=x command=show-modal>b</button><div id=x></div>",
                                         "const log = []; x.addEventListener('command', (e) => log.push(e.command)); "
                                         "b.click(); return log;"),
    "command/show-popover": ("<button id=b commandfor=p command=show-popover>b</button><div id=p popover>p</div>",
                             "const log = []; p.addEventListener('command', (e) => log.push(e.command)); "
                             "p.addEventListener('beforetoggle', (e) => log.push('beforetoggle ' + e.newState)); "
                             "b.click(); const r = [p.matches(':popover-open')]; b.click(); r.push(p.matches(':popover-open')); "
                             "return [r, log];"),
    "command/hide-popover": ("<button id=b commandfor=p command=hide-popover>b</button><div id=p popover>p</div>",
                             "p.showPopover(); b.click(); return p.matches(':popover-open');"),
    "command/toggle-popover": ("<button id=b commandfor=p command=toggle-popover>b</button><div id=p popover>p</div>",
                               "const r = []; b.click(); r.push(p.matches(':popover-open')); b.click(); "
                               "r.push(p.matches(':popover-open')); return r;"),
    "command/popover on non-popover": ("<button id=b commandfor=p command=show-popover>b</button><div id=p>p</div>",
                                       "const log = []; p.addEventListener('command', (e) => log.push(e.command)); "
                                       "b.click(); return [log, p.matches(':popover-open')];"),
    "command/prevented": ("<button id=b commandfor=p command=show-popover>b</button><div id=p popover>p</div>",
                          "p.addEventListener('command', (e) => e.preventDefault()); b.click(); "
                          "return p.matches(':popover-open');"),
    "command/show-modal": ("<button id=b commandfor=d command=show-modal>b</button><dialog id=d>x</dialog>",
                           "const log = []; d.addEventListener('command', (e) => log.push(e.command)); b.click(); "
                           "return [d.open, d.matches(':modal'), log];"),
    "command/show-modal open": ("<button id=b commandfor=d command=show-modal>b</button><dialog id=d open>x</dialog>",
                                "b.click(); return [d.open, d.matches(':modal')];"),
    "command/close": ("<button id=b commandfor=d command=close value=v>b</button><dialog id=d>x</dialog>",
                      "d.showModal(); b.click(); return [d.open, d.returnValue, d.matches(':modal')];"),
    "command/close no value": ("<button id=b commandfor=d command=close>b</button><dialog id=d>x</dialog>",
                               "d.show(); d.returnValue = 'old'; b.click(); return [d.open, d.returnValue];"),
    "command/close closed": ("<button id=b commandfor=d command=close value=v>b</button><dialog id=d>x</dialog>",
                             "const log = []; d.addEventListener('command', (e) => log.push(e.command)); b.click(); "
                             "return [d.open, d.returnValue, log];"),
    "command/request-close": ("<button id=b commandfor=d command=request-close value=r>b</button><dialog id=d>x</dialog>",
                              "const log = []; d.addEventListener('cancel', () => log.push('cancel')); "
                              "d.showModal(); b.click(); return [d.open, d.returnValue, log];"),
    "command/request-close prevented": ("<button id=b commandfor=d command=request-close value=r>b</button>"
                                        "<dialog id=d>x</dialog>",
                                        "d.addEventListener('cancel', (e) => e.preventDefault()); d.showModal(); b.click(); "
                                        "return [d.open, d.returnValue];"),
    "command/custom on dialog": ("<button id=b commandfor=d command=--x>b</button><dialog id=d>x</dialog>",
                                 "const log = []; d.addEventListener('command', (e) => log.push(e.command)); b.click(); "
                                 "return [d.open, log];"),
    "command/input button": ("<input type=button id=b commandfor=x command=--a><div id=x></div>",
                             "const log = []; x.addEventListener('command', (e) => log.push(e.command)); b.click(); "
                             "return [log, 'commandForElement' in b];"),
    "command/popovertarget and commandfor": ("<button id=b commandfor=x command=--a popovertarget=p>b</button>"
                                             "<div id=x></div><div id=p popover>p</div>",
                                             "const log = []; x.addEventListener('command', (e) => log.push(e.command)); "
                                             "b.click(); return [log, p.matches(':popover-open')];"),
    "command/CommandEvent constructor": ("<div id=x></div>",
                                         "const e = new CommandEvent('command', {command: 'show-modal', source: x}); "
                                         "const d = new CommandEvent('x'); return [e.command, desc(e.source), d.command, "
                                         "d.source, e.bubbles, e.cancelable];"),
    "command/source retargeted": ("<div id=h></div><div id=x></div>",
                                  "const s = h.attachShadow({mode: 'open'}); s.innerHTML = '<button id=b>b</button>'; "
                                  "const b = s.getElementById('b'); b.commandForElement = x; b.command = '--go'; "
                                  "const log = []; x.addEventListener('command', (e) => log.push(desc(e.source), e.command)); "
                                  "b.click(); return log;"),
}
CASES.update(COMMAND)

_NOT_NAMES = {"in", "do", "if", "for", "var", "new", "let"}

# Runs every case in order, one fresh #root each, and leaves the results (name -> JSON text, or
# "threw Name") in globalThis.webdomOut; globalThis.webdomDone is true at the end.
RUNNER = r"""
var root = null;
globalThis.webdomDone = false;
globalThis.webdomFocus = {};
async function webdomRun(cases) {
  const AsyncFunction = (async function () {}).constructor;
  const out = globalThis.webdomOut = {};
  for (const [name, markup, script] of cases) {
    if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
    if (root) root.remove();
    root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    root.innerHTML = markup;
    globalThis.webdomFocus[name] = document.hasFocus();
    const ids = [...root.querySelectorAll('[id]')].map((e) => e.id)
      .filter((id, i, a) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(id) && !NOT_NAMES.includes(id) && a.indexOf(id) === i);
    try {
      const f = new AsyncFunction('root', ...ids, script);
      out[name] = JSON.stringify(await f(root, ...ids.map((id) => root.querySelector('#' + id))));
    } catch (e) {
      out[name] = 'threw ' + (e && e.name);
    }
  }
  if (root) root.remove();
  globalThis.webdomDone = true;
}
""".replace("NOT_NAMES", repr(sorted(_NOT_NAMES)))


def script_source(start: str = "webdomRun(CASES);") -> str:
    """PRELUDE, the cases as JSON (``CASES``), RUNNER, and *start*, which runs them."""
    import json

    cases = json.dumps([[name, markup, script] for name, (markup, script) in CASES.items()])
    return PRELUDE + "\nvar CASES = " + cases.replace("</", "<\\/") + ";\n" + RUNNER + start
