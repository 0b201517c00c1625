// Nested documents and named access on the global; see realm.py.  Evaluated once per realm as a
// function of (global, topDocument, load, readScript, inDocument): `load(kind, value)` asks Python
// for a new document ("blank", "srcdoc" with its markup, or "url" with an absolute URL) and
// answers its wrapper; `inDocument(doc, make)` runs make() with doc as the current global
// object's associated Document.
//
// https://html.spec.whatwg.org/#the-iframe-element: a connected iframe/frame has a content
// navigable, its document and its window.  pythonmonkey gives one global per process, so a
// frame's window is a WindowProxy-like Proxy over its document's Window whose other names
// (interface objects, ECMAScript built-ins) are the top realm's: `frames[0].Node === Node`.
// A frame's document is created when it is first observed after the iframe became connected
// (contentDocument, contentWindow, window.length, window[i], named access) or at the next task,
// which fires its load event; a frame whose iframe is no longer connected is discarded.  A
// frame document's classic scripts run before its load event (see runScripts).
(function (global, topDocument, load, readScript, inDocument) {
  "use strict";
  const XHTML = "http://www.w3.org/1999/xhtml";
  const records = new Map();     // iframe/frame element -> its frame record
  const children = new Map();    // document -> the windows of its document-tree child navigables
  const windowOf = new Map();    // document -> its window (the global for the top document)
  const pendingLoads = [];
  windowOf.set(topDocument, global);

  const isIndex = (p) => typeof p === "string" && /^(0|[1-9][0-9]*)$/.test(p);
  const isFrame = (el) => el.namespaceURI === XHTML && (el.localName === "iframe" || el.localName === "frame");

  // https://html.spec.whatwg.org/#process-the-iframe-attributes: srcdoc, else src (resolved
  // against the element's base URL; about:blank when absent or unparsable), else about:blank.
  function source(el) {
    if (el.localName === "iframe" && el.hasAttribute("srcdoc")) return ["srcdoc", el.getAttribute("srcdoc")];
    const src = el.getAttribute("src");
    if (src) {
      let url = null;
      try { url = new URL(src, el.baseURI).href; } catch (e) { /* failure: about:blank */ }
      if (url !== null && url !== "about:blank") return ["url", url];
    }
    return ["blank", ""];
  }

  function navigate(record) {
    const [kind, value] = source(record.element);
    record.source = kind + ":" + value;
    // non-ASCII strings cross as UTF-16 code units (pythonmonkey garbles some)
    const doc = load(kind, /^[\x00-\x7f]*$/.test(value) ? value : Array.prototype.map.call(value, (c) => c.charCodeAt(0)),
      kind === "url" ? undefined : record.element.ownerDocument.baseURI,
      record.element.ownerDocument.URL, record.element.ownerDocument.characterSet);
    install(record, doc, record.element.getAttribute("name"));
  }

  // The frame's new document and window, its load event queued.
  function install(record, doc, name) {
    if (record.document) { windowOf.delete(record.document); discardChildren(record.document); }
    record.document = doc;
    record.inner = doc.defaultView;   // the Python Window, wrapped
    windowOf.set(doc, record.window);
    Object.defineProperty(doc, "defaultView", { get() { return windowOf.get(doc) || null; }, configurable: true });
    if (name !== null) { try { record.inner.name = name; } catch (e) { /* a read-only name */ } }
    pendingLoads.push(record);
    global.setTimeout(flushLoads, 0);
  }

  // https://html.spec.whatwg.org/#navigate for a form submission (see realm.py's _navigate_form):
  // the frame whose target name is `name` (https://html.spec.whatwg.org/#the-rules-for-choosing-a-navigable,
  // the form's document's child frames first) is chosen now; null when there is none, else a
  // function that, given make(), gives the frame the document make() answers (in the task the
  // submission planned), its load event in a task after.  A load of the frame not yet run is
  // aborted.  The iframe's src is unchanged, so reconciling does not navigate it back.
  // A name of null chooses doc's own frame ("_self", https://html.spec.whatwg.org/#valid-navigable-target-name-or-keyword):
  // null for the top document, whose navigable is not modelled.
  function planNavigation(doc, name) {
    if (windowOf.has(doc)) reconcile(doc);
    const nameOf = (r) => { try { return r.inner ? String(r.inner.name) : r.element.getAttribute("name"); } catch (e) { return null; } };
    const candidates = [...records.values()].filter((r) => r.element.isConnected && r.document
      && (name === null ? r.document === doc : nameOf(r) === name));
    const record = candidates.find((r) => name === null || r.element.ownerDocument === doc) || candidates[0];
    if (!record) return null;
    const keep = name === null ? nameOf(record) : name;   // the navigable's target name stays
    for (let i = pendingLoads.indexOf(record); i !== -1; i = pendingLoads.indexOf(record)) pendingLoads.splice(i, 1);
    return (make) => {
      if (records.get(record.element) !== record || !record.element.isConnected) return;
      for (let i = pendingLoads.indexOf(record); i !== -1; i = pendingLoads.indexOf(record)) pendingLoads.splice(i, 1);
      install(record, make(), keep);
    };
  }

  function create(el, parentWindow) {
    const record = { element: el, parentWindow, document: null, inner: null, source: null };
    record.window = windowProxy(record);
    records.set(el, record);
    navigate(record);
    return record;
  }

  function discard(el) {
    const record = records.get(el);
    if (!record) return;
    records.delete(el);
    windowOf.delete(record.document);
    discardChildren(record.document);
    record.document = null;
  }
  function discardChildren(doc) {
    children.delete(doc);
    // a nested discard may already have removed a later record of the snapshot
    for (const el of [...records.keys()]) {
      const record = records.get(el);
      if (record && (record.parentWindow === windowOf.get(doc) || el.ownerDocument === doc)) discard(el);
    }
  }

  // Bring doc's frames up to date: new connected frames get a document, moved-out ones are
  // discarded, a changed src/srcdoc navigates.
  function reconcile(doc) {
    const win = windowOf.get(doc);
    if (!win) return [];
    const list = Array.prototype.filter.call(doc.querySelectorAll("iframe, frame"), isFrame);
    const windows = [];
    for (const el of list) {
      let record = records.get(el);
      if (!record) record = create(el, win);
      else if (record.source !== source(el).join(":")) navigate(record);
      windows.push(record.window);
    }
    for (const [el, record] of [...records]) {
      if (record.parentWindow === win && !el.isConnected) discard(el);
    }
    children.set(doc, windows);
    return windows;
  }
  function reconcileAll() {
    for (const doc of [...windowOf.keys()]) if (windowOf.has(doc)) reconcile(doc);
  }

  function recordOf(el) {
    if (!el.isConnected) { discard(el); return null; }
    const doc = el.ownerDocument;
    if (!windowOf.has(doc)) return null;
    reconcile(doc);
    // a connected frame in a shadow tree has a navigable too, though not in window.frames
    return records.get(el) || create(el, windowOf.get(doc));
  }

  // The classic scripts of a frame's document, in tree order, before its load event
  // (https://html.spec.whatwg.org/#prepare-the-script-element, parser-inserted ones).  With one
  // global per process, a script runs as the body of a sloppy function inside `with (scope)`,
  // scope resolving names on the frame's window first: its top-level `var`s are created on that
  // window beforehand, its top-level function declarations copied there as it starts, so later
  // scripts and the parent document see them (`iframe.contentWindow.run()`).  Strict mode and
  // script-level `let`/`const` are not kept; an exception is logged.
  // the names a frame's window answers itself (windowProxy's special and local names)
  const FRAME_NAMES = new Set(["window", "self", "frames", "globalThis", "parent", "top", "frameElement", "length",
    "open", "opener", "closed", "Text", "Comment", "DocumentFragment", "Range", "DOMParser"]);
  const SCRIPT_TYPES = /^(|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript)$/i;
  function runScripts(record) {
    const doc = record.document;
    for (const script of Array.from(doc.getElementsByTagName("script"))) {
      if (record.document !== doc || script.namespaceURI !== XHTML) return;
      const type = script.getAttribute("type");
      if (type !== null ? !SCRIPT_TYPES.test(type.trim()) : (script.getAttribute("language") || "").trim() !== ""
        && !/^javascript$/i.test(script.getAttribute("language").trim())) continue;
      let source = script.textContent;
      if (script.hasAttribute("src")) {
        let url;
        try { url = new URL(script.getAttribute("src"), doc.baseURI).href; } catch (e) { continue; }
        source = readScript(url);
        if (source === null || source === undefined) continue;
      }
      runScript(record, String(source));
    }
  }
  // The names a script's unindented `var` statements declare (`var a = f(x, y), b;`: a, b).
  function varNames(source) {
    const names = [];
    for (const m of source.matchAll(/^var[ \t]+/gm)) {
      let i = m.index + m[0].length, depth = 0, quote = null, expectName = true;
      while (i < source.length) {
        const c = source[i];
        if (expectName) {
          const name = /^[A-Za-z_$][\w$]*/.exec(source.slice(i, i + 200));
          if (!name) break;
          names.push(name[0]);
          i += name[0].length;
          expectName = false;
          continue;
        }
        if (quote) { if (c === "\\") i++; else if (c === quote) quote = null; }
        else if (c === '"' || c === "'" || c === "`") quote = c;
        else if ("([{".includes(c)) depth++;
        else if (")]}".includes(c)) depth--;
        else if (depth === 0 && (c === ";" || c === "\n")) break;
        else if (depth === 0 && c === ",") { expectName = true; i++; while (/\s/.test(source[i] || "")) i++; continue; }
        i++;
      }
    }
    return names;
  }
  // The scope a frame's scripts and handlers resolve names in: the frame's window first.
  function scopeOf(record) {
    const win = record.window;
    // the top global's own names (built-ins, interface objects) are found without asking the
    // frame's document for named elements, unless the frame's window has its own
    const shared = (p) => !FRAME_NAMES.has(p) && !(p in record.inner) && Object.prototype.hasOwnProperty.call(global, p);
    return new Proxy(Object.create(null), {
      has(t, p) { return typeof p === "string" && p !== "__webdom_window" && p.slice(0, 7) !== "webdom$"
        && (shared(p) || p in win); },
      get(t, p) { return typeof p !== "string" ? undefined : shared(p) ? global[p] : win[p]; },
      set(t, p, v) { win[p] = v; return true; },
    });
  }
  function runScript(record, source) {
    const win = record.window;
    const fns = [...source.matchAll(/^(?:async[ \t]+)?function\b[ \t]*\*?[ \t]*([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]);
    for (const n of varNames(source)) if (!(n in record.inner)) win[n] = undefined;
    const scope = scopeOf(record);
    const exports = fns.map((n) => `__webdom_window.${n} = ${n};`).join(" ");
    try {
      // eslint-disable-next-line no-new-func
      new Function("__webdom_window", `with (__webdom_window) { ${exports}\n${source}\n}`).call(win, scope);
    } catch (e) { global.console.error(String(e && e.stack ? e + "\n" + e.stack : e)); }
  }

  // https://html.spec.whatwg.org/#getting-the-current-value-of-the-event-handler step 3 for a
  // frame document's element or Window (element null): the body as a function of `params` in
  // the scopes of the element, its form owner and its document, then the frame's window, as
  // its scripts see it.  [true, the function] or [false, what compiling threw].
  function compileHandler(doc, element, form, name, body, params) {
    let record = null;
    for (const r of records.values()) if (r.document === doc) { record = r; break; }
    if (record === null) return [false, new global.TypeError("not the document of a frame")];
    try {
      Function(params, body);  // a body that does not parse alone (one closing the function early)
      const scopes = element === null ? "" : "with (webdom$d) with (webdom$f) with (webdom$e) ";
      const make = Function("webdom$w", "webdom$d", "webdom$f", "webdom$e", "with (webdom$w) " + scopes
        + "return function " + name + "(" + params + ") {\n" + body + "\n};");
      return [true, make(scopeOf(record), doc, form === null ? Object.create(null) : form, element)];
    } catch (e) { return [false, e]; }
  }

  // https://html.spec.whatwg.org/#iframe-load-event-steps: the frame's window, then the element.
  function flushLoads() {
    while (pendingLoads.length) {
      const record = pendingLoads.shift();
      if (!records.has(record.element) || !record.document) continue;
      if (readScript) runScripts(record);
      try { record.inner.dispatchEvent(new global.Event("load")); } catch (e) { global.console.error(String(e)); }
      try { record.element.dispatchEvent(new global.Event("load")); } catch (e) { global.console.error(String(e)); }
    }
  }

  for (const iface of ["HTMLIFrameElement", "HTMLFrameElement"]) {
    const proto = global[iface] && global[iface].prototype;
    if (!proto) continue;
    const check = (self, what) => {
      if (!(self instanceof global[iface])) throw new TypeError(`Illegal invocation: ${what}`);
    };
    Object.defineProperty(proto, "contentDocument", { get: function contentDocument() {
      check(this, "contentDocument");
      const record = recordOf(this);
      return record ? record.document : null;
    }, enumerable: true, configurable: true });
    Object.defineProperty(proto, "contentWindow", { get: function contentWindow() {
      check(this, "contentWindow");
      const record = recordOf(this);
      return record ? record.window : null;
    }, enumerable: true, configurable: true });
  }

  // https://html.spec.whatwg.org/#named-access-on-the-window-object: the supported names are
  // child navigables' target names, embed/form/img/object names and every element's id, in the
  // document tree.
  const NAMED = new Set(["embed", "form", "img", "object"]);
  function named(doc, name) {
    if (typeof name !== "string" || name === "") return undefined;
    for (const w of children.get(doc) || []) {
      const record = [...records.values()].find((r) => r.window === w);
      if (record && record.element.getAttribute("name") === name) return w;
    }
    const found = [];
    const byId = doc.getElementById(name);
    for (const el of doc.getElementsByName(name)) {
      if (el.namespaceURI === XHTML && NAMED.has(el.localName)) found.push(el);
    }
    if (byId === null && found.length === 0) return undefined;
    if (found.length === 0 || (found.length === 1 && found[0] === byId)) {
      // one element, unless another shares the id
      const all = doc.querySelectorAll(`[id="${name.replace(/["\\]/g, "\\$&")}"]`);
      return all.length > 1 ? all : byId;
    }
    const escaped = name.replace(/["\\]/g, "\\$&");
    const all = doc.querySelectorAll(`[id="${escaped}"], embed[name="${escaped}"], form[name="${escaped}"], `
      + `img[name="${escaped}"], object[name="${escaped}"]`);
    return all.length === 1 ? all[0] : all;
  }

  const first = (args) => (args.length && args[0] !== undefined ? args[0] : "");
  const LOCAL = {
    Text: (d, args) => d.createTextNode(first(args)),
    Comment: (d, args) => d.createComment(first(args)),
    DocumentFragment: (d) => d.createDocumentFragment(),
    Range: (d) => d.createRange(),
    // a DOMParser's documents take its relevant global's document's URL (realm.py's inDocument)
    DOMParser: (d) => inDocument(d, () => new global.DOMParser()),
  };

  // The frame's window: its Window's IDL members, its frames and named elements, then the top
  // realm's globals.
  function windowProxy(record) {
    const special = {
      window: () => proxy, self: () => proxy, frames: () => proxy, globalThis: () => proxy,
      parent: () => record.parentWindow, top: () => global, frameElement: () => record.element,
      length: () => (record.document ? reconcile(record.document).length : 0),
      open: () => open, opener: () => null, closed: () => !records.has(record.element),
      // https://html.spec.whatwg.org/#dom-window-event: set only while a listener of the frame's
      // own realm runs; frame scripts run in the one top realm, so no listener is the frame's
      event: () => undefined,
    };
    // Constructors whose nodes belong to "the current global object's associated Document"
    // (https://dom.spec.whatwg.org/#dom-text-text and siblings) make them in the frame's.
    const local = {};
    for (const [name, make] of Object.entries(LOCAL)) {
      local[name] = { [name]: function (...args) {
        if (new.target === undefined) throw new TypeError(`Failed to construct '${name}': Please use the 'new' operator`);
        return make(record.document, args);
      } }[name];
      Object.defineProperty(local[name], "prototype", { value: global[name].prototype });
    }
    // The Window's operations (getSelection, addEventListener...) called on the proxy act on
    // the Window: bound to it, one function per name and Window (so fw.f === fw.f).  The
    // window's own properties (functions its scripts declare) are answered as they are.
    const bound = new Map();
    const own = (p, v) => {
      if (typeof v !== "function" || p === "constructor" || Object.prototype.hasOwnProperty.call(record.inner, p)) return v;
      const found = bound.get(p);
      if (found && found.inner === record.inner && found.f === v) return found.g;
      const inner = record.inner;
      const g = { [String(p)]: function (...args) { return v.apply(inner, args); } }[String(p)];
      Object.defineProperty(g, "length", { value: v.length });
      bound.set(p, { inner, f: v, g });
      return g;
    };
    const lookup = (p) => {
      if (typeof p === "string" && Object.prototype.hasOwnProperty.call(special, p)) return { value: special[p]() };
      if (typeof p === "string" && Object.prototype.hasOwnProperty.call(local, p)) return { value: local[p] };
      if (!record.inner) return undefined;
      if (p in record.inner) return { value: own(p, Reflect.get(record.inner, p, record.inner)) };
      if (record.document && isIndex(p)) {
        const w = reconcile(record.document)[+p];
        return w === undefined ? undefined : { value: w };
      }
      if (record.document) {
        const v = named(record.document, p);
        if (v !== undefined) return { value: v };
      }
      return p in global ? { value: global[p] } : undefined;
    };
    const proxy = new Proxy({}, {
      get(t, p) { const found = lookup(p); return found ? found.value : undefined; },
      has(t, p) { return lookup(p) !== undefined; },
      set(t, p, v) {
        if (!record.inner) return true;
        if (p === "location") {
          // https://html.spec.whatwg.org/#dom-location-href: a URL that does not parse throws
          // a "SyntaxError" DOMException; navigating to another document is not done here.
          try { new global.URL(String(v), record.document.baseURI); } catch (e) {
            throw new global.DOMException(`Failed to set 'href' on 'Location': '${v}' is not a valid URL.`, "SyntaxError");
          }
          return true;
        }
        return Reflect.set(record.inner, p, v, record.inner);
      },
      getOwnPropertyDescriptor(t, p) {
        const found = lookup(p);
        return found ? { value: found.value, writable: true, enumerable: true, configurable: true } : undefined;
      },
      defineProperty(t, p, desc) { return record.inner ? Reflect.defineProperty(record.inner, p, desc) : false; },
      deleteProperty(t, p) { return record.inner ? Reflect.deleteProperty(record.inner, p) : true; },
      ownKeys() { return record.inner ? Reflect.ownKeys(record.inner).filter((k) => k !== "prototype") : []; },
      getPrototypeOf() { return record.inner ? Object.getPrototypeOf(record.inner) : null; },
    });
    return proxy;
  }

  // https://html.spec.whatwg.org/#dom-open: an unparsable URL is a SyntaxError (window open
  // steps, step 7.1); no new browsing context is made here, so the answer is null.
  function open(url = "") {
    url = String(url);
    if (url !== "") {
      try { new global.URL(url, topDocument.baseURI); } catch (e) { throw new global.DOMException(`open: '${url}' is not a valid URL`, "SyntaxError"); }
    }
    return null;
  }

  // The top global: its frames and named properties through a Proxy in its prototype chain
  // (where the spec puts the named properties object, https://html.spec.whatwg.org/#windowproperties).
  const base = Object.getPrototypeOf(global);
  // (its target inherits from base, so the chain goes on through base itself: Window.prototype)
  const namedObject = new Proxy(Object.create(base), {
    has(t, p) {
      if (Reflect.has(t, p)) return true;
      if (isIndex(p)) return +p < reconcile(topDocument).length;
      return named(topDocument, p) !== undefined;
    },
    get(t, p, receiver) {
      if (isIndex(p)) return reconcile(topDocument)[+p];
      if (typeof p === "string" && !Reflect.has(t, p)) {
        const v = named(topDocument, p);
        if (v !== undefined) return v;
      }
      return Reflect.get(t, p, receiver);
    },
  });
  Object.setPrototypeOf(global, namedObject);
  const define = (name, get) => Object.defineProperty(global, name, { get, set(v) {
    Object.defineProperty(global, name, { value: v, writable: true, enumerable: true, configurable: true });
  }, enumerable: true, configurable: true });
  define("length", () => reconcile(topDocument).length);
  define("frameElement", () => null);
  define("opener", () => null);
  Object.defineProperty(global, "open", { value: open, writable: true, configurable: true });

  return { reconcileAll, flushLoads, planNavigation, compileHandler, pending: () => pendingLoads.length };
})
