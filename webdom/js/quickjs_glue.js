// How values cross between Python and a QuickJS-ng or STPyV8 context (webdom/js/engine_tokens.py).
// Both engines hand a Python callable only primitives and opaque objects, both ways (STPyV8 would
// hand script a Python object's attributes, which never happens here), and map null and
// undefined alike to None: every crossing here is a flat list of tokens, each a number, a
// boolean, a string, an opaque JS object, or a string starting with the mark M (U+10FFFD on
// QuickJS-ng; a BMP character on STPyV8, whose strings from Python lose astral characters) that
// says what comes next (u undefined, n null, s a string as UTF-16 code units, [ ] an array,
// { } an object, g the global, h a Python object's handle, p a Python callable, f a JS function, B a box of
// binding.js, b bytes to JS, x bytes from JS in hex, d a Date, e an exception a Python callable
// raised).  A Python object crosses as a frozen empty object with no prototype (its handle):
// script can hold it but reads nothing of Python from it.  Evaluated once per context as a
// function of the dispatcher (calls a Python callable by its number and its arguments, or by the
// tokens received before), the receiver (takes tokens in chunks: a result of more than one, or a
// call's arguments), the mark, the most arguments a call to Python may take, whether Python
// holds JS objects by number, and whether the engine runs no FinalizationRegistry callbacks (then
// collected() looks for collected handles itself, after each full collection).
(function (dispatch, receive, M, MAX, BY_NUMBER, SWEEP) {
  "use strict";
  const L = M.length, M0 = M.charCodeAt(0);
  // a lone surrogate, which QuickJS cannot give to Python, or NUL, where its strings to Python end
  const UNSAFE = /[\0\uD800-\uDFFF]/u;
  const handles = new Map();        // handle number -> WeakRef to its object
  const handleIds = new WeakMap();  // handle object -> its number
  const freed = [];
  const registry = new FinalizationRegistry((id) => freed.push(id));
  const functions = new Map();      // Python callable number -> WeakRef to its JS function
  const freedFunctions = [];
  const functionRegistry = new FinalizationRegistry((id) => freedFunctions.push(id));
  // With BY_NUMBER, Python holds a JS object as a number in this table (o an object, F a
  // function, r one back from Python), released when Python drops it: STPyV8 hands an object it
  // gave Python back to script as itself only once, then as a Python proxy over it.
  const held = new Map();
  let heldNext = 0;
  function hold(v) { held.set(++heldNext, v); return heldNext; }
  function opaque(v) { return BY_NUMBER ? M + "o" + hold(v) : v; }
  let gcSentinel = SWEEP ? new WeakRef({}) : null;
  let Box = null;                   // binding.js's box class, once there is one
  const getTime = Date.prototype.getTime;

  function units(s) {
    const out = new Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out.join(",");
  }
  function fromUnits(t) {
    if (t === "") return "";
    const codes = t.split(",");
    let s = "";
    for (let i = 0; i < codes.length; i += 4096) s += String.fromCharCode.apply(null, codes.slice(i, i + 4096).map(Number));
    return s;
  }
  const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));
  function hex(view) {
    const out = new Array(view.length);
    for (let i = 0; i < view.length; i++) out[i] = HEX[view[i]];
    return out.join("");
  }

  // The typed arrays a Python callable was given, by call: what it writes into one
  // (TextEncoder.encodeInto, crypto.getRandomValues) is written back (writeBack).
  const given = [];
  function enc(v, out, views) {
    switch (typeof v) {
      case "undefined": out.push(M + "u"); return;
      case "number": case "boolean": out.push(v); return;
      case "bigint": out.push(Number(v)); return;
      case "string": out.push(v.startsWith(M) || UNSAFE.test(v) ? M + "s" + units(v) : v); return;
      case "function": if (BY_NUMBER) out.push(M + "F" + hold(v)); else out.push(M + "f", v); return;
      case "symbol": out.push(opaque(v)); return;
    }
    if (v === null) { out.push(M + "n"); return; }
    const id = handleIds.get(v);
    if (id !== undefined) { out.push(M + "h" + id); return; }
    if (Box !== null && v instanceof Box) {
      out.push(M + "B" + v.__webdom_box__, opaque(v));
      enc(v.value, out, views);
      return;
    }
    if (Array.isArray(v)) {
      out.push(M + "[");
      for (let i = 0; i < v.length; i++) enc(v[i], out, views);
      out.push(M + "]");
      return;
    }
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) {
      const bytes = v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
      if (views !== undefined) views.push(bytes);
      out.push(M + "x" + hex(bytes));
      return;
    }
    if (v instanceof Date) {
      try { out.push(M + "d" + Reflect.apply(getTime, v, [])); return; } catch { /* not a Date */ }
    }
    out.push(opaque(v));
  }

  function handle(id) {
    const r = handles.get(id);
    let h = r === undefined ? undefined : r.deref();
    if (h === undefined) {
      h = Object.freeze(Object.create(null));
      handles.set(id, new WeakRef(h));
      handleIds.set(h, id);
      registry.register(h, id);
    }
    return h;
  }

  function pyFunction(id) {
    const r = functions.get(id);
    let f = r === undefined ? undefined : r.deref();
    if (f === undefined) {
      f = function (...args) {
        const out = [id], views = [];
        for (let i = 0; i < args.length; i++) enc(args[i], out, views);
        given.push(views);
        try { return result(out.length > MAX ? (send(out), dispatch(M + "T")) : dispatch(...out)); } finally { given.pop(); }
      };
      functions.set(id, new WeakRef(f));
      functionRegistry.register(f, id);
    }
    return f;
  }

  // Decode a list of tokens from Python into its values.
  function dec(tokens) {
    let pos = 0;
    function one() {
      const t = tokens[pos++];
      if (typeof t !== "string" || t.charCodeAt(0) !== M0 || !t.startsWith(M)) return t;
      const rest = t.slice(L + 1);
      switch (t[L]) {
        case "u": return undefined;
        case "n": return null;
        case "s": return fromUnits(rest);
        case "[": {
          const a = [];
          while (tokens[pos] !== M + "]") a.push(one());
          pos++;
          return a;
        }
        case "{": {
          const o = {};
          while (tokens[pos] !== M + "}") {
            const key = one();
            Object.defineProperty(o, key, { value: one(), writable: true, enumerable: true, configurable: true });
          }
          pos++;
          return o;
        }
        case "g": return globalThis;
        case "r": return held.get(+rest);
        case "h": return handle(+rest);
        case "p": return pyFunction(+rest);
        case "b": return Uint8Array.from(rest, (c) => c.charCodeAt(0));
        case "d": return new Date(+rest);
      }
      throw new TypeError("webdom: an unknown token from Python");
    }
    const values = [];
    while (pos < tokens.length) values.push(one());
    return values;
  }

  // Tokens to the receiver, at most MAX arguments a call (STPyV8 takes no more in a call to Python).
  function send(out) {
    for (let i = 0; i < out.length; i += MAX) receive(...out.slice(i, i + MAX));
  }

  // A value for Python: one token is the answer itself, more go through the receiver.
  function output(v) {
    const out = [];
    enc(v, out);
    if (out.length === 1) return out[0];
    send(out);
    return M + "T";
  }

  let stashed = [];
  function result(r) {
    if (typeof r !== "string" || !r.startsWith(M)) return r;
    if (r === M + "T") { const t = stashed; stashed = []; return dec(t)[0]; }
    if (r[L] === "e") throw new Error(r.slice(L + 1));
    return dec([r])[0];
  }

  return {
    // each takes tokens and answers as output() does
    call(...tokens) {
      const [f, self, ...args] = dec(tokens);
      return output(Reflect.apply(f, self, args));
    },
    out: (v) => output(v),
    release(...numbers) { for (const n of numbers) held.delete(n); },
    get(...tokens) { const [o, key] = dec(tokens); return output(o[key]); },
    has(...tokens) { const [o, key] = dec(tokens); return key in o; },
    stash(...tokens) { stashed = tokens; },
    // the new bytes of the i-th typed array the running Python callable was given
    writeBack(i, bytes) {
      const view = given[given.length - 1][i];
      for (let k = 0; k < view.length && k < bytes.length; k++) view[k] = bytes.charCodeAt(k);
    },
    setBox(...tokens) { Box = dec(tokens)[0]; },
    // the handles whose objects the engine has collected, and (negated) the numbers of the
    // Python callables whose functions it has collected, now forgotten
    collected() {
      const out = [];
      if (gcSentinel !== null && gcSentinel.deref() === undefined) {  // a full collection since
        gcSentinel = new WeakRef({});
        for (const [id, r] of handles) if (r.deref() === undefined) freed.push(id);
        for (const [id, r] of functions) if (r.deref() === undefined) freedFunctions.push(id);
      }
      for (const id of freed.splice(0)) {
        const r = handles.get(id);
        if (r !== undefined && r.deref() === undefined) { handles.delete(id); out.push(id); }
      }
      for (const id of freedFunctions.splice(0)) {
        const r = functions.get(id);
        if (r !== undefined && r.deref() === undefined) { functions.delete(id); out.push(-id); }
      }
      return output(out);
    },
  };
})
