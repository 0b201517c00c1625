// The ECMAScript binding of Web IDL (https://webidl.spec.whatwg.org/#es-platform-objects) over
// webdom's Python objects.  Evaluated once per realm as a function of (py, specs, global):
// `py` is the Python bridge (webdom/js/bridge.py), `specs` the interface descriptions generated
// from the IDL (webdom/js/interfaces.py).  Every platform object is a JS object whose prototype is
// its interface's prototype object; it holds its Python object in a private slot, and the bridge
// keeps the reverse map so the same node is the same JS object however reached.
(function (py, specs, global) {
  "use strict";
  // platform object (its wrapper, a Proxy for collections) -> its Python object; a WeakMap, not
  // a property, so an object inheriting from a platform object is not taken for one.
  const pyOf = new WeakMap();
  const interfaces = Object.create(null);   // name -> interface object
  const prototypes = Object.create(null);   // name -> interface prototype object
  const unforgeables = Object.create(null); // name -> [[attribute name, descriptor]] for instances

  // Values the bridge returns that are not plain JS values.
  class Box { constructor(kind, value) { this.__webdom_box__ = kind; this.value = value; } }
  function box(kind, value) { return new Box(kind, value); }

  // https://webidl.spec.whatwg.org/#idl-DOMException: a real exception class whose prototype's
  // [[Prototype]] is Error.prototype, with name, message and code.
  const codes = specs.domexceptionCodes;
  // name, message and code are brand-checked accessors on the prototype, as for any interface.
  const exceptionData = new WeakMap();
  const exceptionField = (self, key) => {
    const data = exceptionData.get(self);
    if (data === undefined) throw new TypeError(`Illegal invocation: get DOMException.${key}`);
    return data[key];
  };
  class DOMException extends Error {
    constructor(message = undefined, name = undefined) {
      super();
      exceptionData.set(this, { message: message === undefined ? "" : String(message),
        name: name === undefined ? "Error" : String(name) });
    }
    get name() { return exceptionField(this, "name"); }
    get message() { return exceptionField(this, "message"); }
    get code() { return codes[exceptionField(this, "name")] || 0; }
  }
  for (const key of ["name", "message", "code"]) {
    Object.defineProperty(DOMException.prototype, key, { ...Object.getOwnPropertyDescriptor(DOMException.prototype, key), enumerable: true });
  }
  Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { value: "DOMException", configurable: true });
  for (const [n, c] of Object.entries(specs.domexceptionConstants)) {
    Object.defineProperty(DOMException, n, { value: c, enumerable: true });
    Object.defineProperty(DOMException.prototype, n, { value: c, enumerable: true });
  }

  function makeError(kind, name, message) {
    if (kind === "DOMException") return new DOMException(message, name);
    const ctor = { TypeError, RangeError, SyntaxError }[kind] || Error;
    return new ctor(message);
  }

  // A value from Python into JS: unbox strings sent as UTF-16 code units and rethrow exceptions.
  function fromPy(r) {
    // strings come with a U+10FFFF appended so that they are copied (bridge.py's _COPY_MARK)
    // and a wrapper as its index in `refs` with a U+10FFFE appended (bridge.py's _REF_MARK)
    if (typeof r === "string") {
      if (r.endsWith("\u{10FFFF}")) return r.slice(0, -2);
      return r.endsWith("\u{10FFFE}") ? wrapperAt(+r.slice(0, -2)) : r;
    }
    if (r instanceof Box) {
      if (r.__webdom_box__ === "throw") throw r.value;
      if (r.__webdom_box__ === "units") return String.fromCharCode.apply(null, Array.from(r.value));
      // a settled webidl.promises.Promise: https://webidl.spec.whatwg.org/#es-promise
      if (r.__webdom_box__ === "promise") return r.value[0] ? Promise.resolve(fromPy(r.value[1])) : Promise.reject(r.value[1]);
    }
    return r;
  }

  // Strings with a surrogate code unit go to Python as code units (pythonmonkey garbles them).
  const SURROGATE = /[\uD800-\uDFFF]/;
  function strToPy(s) {
    return SURROGATE.test(s) ? box("units", Array.prototype.map.call(s, (c) => c.charCodeAt(0))) : s;
  }

  // https://html.spec.whatwg.org/#dom-window-event: the event being dispatched to a listener.
  // Its accessors act on a Window only (https://webidl.spec.whatwg.org/#dfn-attribute-getter
  // step 1.1.2.3, #dfn-attribute-setter step 4.5.4): this global, or it for an undefined this.
  let currentEvent;
  const eventThis = (self) => {
    const v = self === undefined || self === null ? global : self;
    if (v !== global) throw new TypeError("'event' called on an object that does not implement interface Window");
    return v;
  };
  // (accessors of an object literal: their names are "get event" and "set event")
  const { get: eventGetter, set: eventSetter } = Object.getOwnPropertyDescriptor({
    get event() { eventThis(this); return currentEvent; },
    set event(v) {
      // [Replaceable]: a data property on the Window replaces the accessor
      Object.defineProperty(eventThis(this), "event", { value: v, writable: true, enumerable: true, configurable: true });
    },
  }, "event");
  Object.defineProperty(global, "event", { get: eventGetter, set: eventSetter, enumerable: true, configurable: true });

  const dictionaries = JSON.parse(py.dictionarySpecs());
  // https://webidl.spec.whatwg.org/#es-dictionary: a dictionary goes to Python as a dict of the
  // members present, converted (getters run once each, inherited members first, in order).
  function dictionaryToPy(name, v, what) {
    if (v !== null && v !== undefined && typeof v !== "object" && typeof v !== "function") {
      throw new TypeError(`${what}: the value is not a dictionary`);
    }
    const chain = [];
    for (let d = name; d && dictionaries[d]; d = dictionaries[d].parent) chain.unshift(dictionaries[d]);
    const flat = [];
    for (const d of chain) {
      for (const [member, type, required] of d.members) {
        const value = v === null || v === undefined ? undefined : v[member];
        if (value === undefined) {
          if (required) throw new TypeError(`${what}: required member ${member} is undefined`);
          continue;
        }
        flat.push(member, convert(type, value, what));
      }
    }
    return box("dict", flat);
  }
  // https://webidl.spec.whatwg.org/#es-union for a union with a sequence or record: an object
  // with @@iterator (a platform object too) is a sequence, any other object a record.
  function unionToPy(v, strings, what) {
    if (v === null || (typeof v !== "object" && typeof v !== "function")) return strToPy(String(typeofSymbolCheck(v)));
    const iterator = v[Symbol.iterator];
    if (iterator !== undefined && iterator !== null) {
      if (typeof iterator !== "function") throw new TypeError(`${what}: @@iterator is not callable`);
      return box("array", Array.from({ [Symbol.iterator]: () => iterator.call(v) },
        (item) => (item !== null && typeof item === "object" && !pyOf.has(item) ? unionToPy(item, strings, what) : toPy(item))));
    }
    const flat = [];
    for (const key of Reflect.ownKeys(v)) {
      const desc = Reflect.getOwnPropertyDescriptor(v, key);
      if (desc === undefined || !desc.enumerable || typeof key === "symbol") continue;
      const value = v[key];
      flat.push(strToPy(key), strings ? strToPy(String(typeofSymbolCheck(value))) : toPy(value));
    }
    return box("dict", flat);
  }

  const callbacks = new WeakMap();
  function callbackToPy(v) {
    let cb = callbacks.get(v);
    if (cb === undefined) {
      cb = py.callback(v, typeof v === "function");
      callbacks.set(v, cb);
    }
    return cb;
  }

  // https://html.spec.whatwg.org/#concept-document-window: the global is its document's Window
  // (UIEvent.view, MessageEvent.source), set by the realm.
  let windowPy;

  // A JS value to Python, untyped: platform objects to their Python objects, strings made safe.
  function toPy(v) {
    switch (typeof v) {
      case "string": return strToPy(v);
      case "undefined": case "number": case "boolean": return v;
      case "bigint": return Number(v);
      case "symbol": return v;
      case "function": return callbackToPy(v);
    }
    if (v === null) return v;
    if (pyOf.has(v)) return pyOf.get(v);
    if (v === global && windowPy !== undefined) return windowPy;
    if (Array.isArray(v)) return box("array", v.map(toPy));
    // https://webidl.spec.whatwg.org/#js-buffer-source-types: pythonmonkey hands typed arrays and
    // ArrayBuffers to Python as memoryviews over the same memory (a DataView it would copy into
    // a dict: it goes as the bytes it views), and Dates as datetimes.
    if (v instanceof DataView) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer || v instanceof Date) return v;
    // https://webidl.spec.whatwg.org/#es-union: an object with an @@iterator is a sequence
    // (URLSearchParams' init, Node.append(...)), any other object a dictionary or record.
    if (typeof v[Symbol.iterator] === "function") return box("array", Array.from(v, toPy));
    return callbackToPy(v);
  }

  // Argument/attribute conversions done on the JS side (they may call user code: toString,
  // valueOf, Symbol.toPrimitive); Python converts the resulting primitive again by its IDL type.
  function convert(type, v, what) {
    if (type === "any") return toPy(v);
    let nullable = false;
    if (type[0] === "?") { nullable = true; type = type.slice(1); }
    if (nullable && (v === null || v === undefined)) return null;
    switch (type) {
      case "s": return strToPy(String(typeofSymbolCheck(v)));
      case "S": return v === null ? "" : strToPy(String(typeofSymbolCheck(v)));
      case "n": return Number(v);
      case "l": return Number(v) | 0;
      case "L": return Number(v) >>> 0;
      case "h": return (Number(v) << 16) >> 16;
      case "H": return Number(v) & 0xFFFF;
      case "y": return (Number(v) << 24) >> 24;
      case "o": return Number(v) & 0xFF;
      case "u": return unionToPy(v, false, what);
      case "us": return unionToPy(v, true, what);
      case "b": return !!v;
      case "f": if (typeof v === "function") return callbackToPy(v); return nullable ? null : v;
      case "c": if (v !== null && (typeof v === "object" || typeof v === "function")) return callbackToPy(v);
        throw new TypeError(`${what}: not a callback`);
    }
    if (type.startsWith("d:")) return dictionaryToPy(type.slice(2), v, what);
    if (type.startsWith("t:")) {
      // https://webidl.spec.whatwg.org/#js-buffer-source-types: an object of exactly that kind
      if (!isBufferOf(type.slice(2), v)) throw new TypeError(`${what}: the value is not of type '${type.slice(2)}'`);
      return toPy(v);
    }
    if (type.startsWith("o:")) {
      if (type === "o:Window" && v === global && windowPy !== undefined) return windowPy;
      const proto = prototypes[type.slice(2)];
      if (v !== null && typeof v === "object" && pyOf.has(v) && (!proto || proto.isPrototypeOf(v))) return pyOf.get(v);
      throw new TypeError(`${what}: the value is not of type '${type.slice(2)}'`);
    }
    return toPy(v);
  }
  // The constructors' prototypes, taken before any page script runs (it may replace the globals).
  const bufferPrototypes = Object.fromEntries(["ArrayBuffer", "DataView", "Int8Array", "Int16Array", "Int32Array",
    "Uint8Array", "Uint16Array", "Uint32Array", "Uint8ClampedArray", "BigInt64Array", "BigUint64Array",
    "Float32Array", "Float64Array"].filter((n) => typeof globalThis[n] === "function")
    .map((n) => [n, globalThis[n].prototype]));
  const typedArrayTag = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Int8Array.prototype), Symbol.toStringTag).get;
  function isBufferOf(name, v) {
    if (v === null || typeof v !== "object" || !(name in bufferPrototypes)) return false;
    if (name === "ArrayBuffer") {
      try { Reflect.apply(Object.getOwnPropertyDescriptor(bufferPrototypes.ArrayBuffer, "byteLength").get, v, []); return true; }
      catch { return false; }
    }
    if (name === "DataView") {
      try { Reflect.apply(Object.getOwnPropertyDescriptor(bufferPrototypes.DataView, "byteLength").get, v, []); return true; }
      catch { return false; }
    }
    return Reflect.apply(typedArrayTag, v, []) === name;  // the internal slot, not the prototype chain
  }
  function typeofSymbolCheck(v) {
    if (typeof v === "symbol") throw new TypeError("Cannot convert a Symbol value to a string");
    return v;
  }

  // https://webidl.spec.whatwg.org/#es-overloads: the overload resolution algorithm, then the
  // argument conversions of the chosen overload.  Trailing undefined optional arguments are
  // missing (Python's defaults apply); more arguments than the overload takes are ignored unless
  // it is variadic (the last conversion repeats).
  function resolveArguments(op, args, what) {
    const overloads = op.overloads;
    if (op.maxarg === undefined) op.maxarg = Math.max(...overloads.map((o) => o.types.length));
    const argcount = Math.min(op.maxarg, args.length);
    let candidates = overloads.length === 1 ? (overloads[0].required <= argcount ? overloads : [])
      : overloads.filter((o) => o.required <= argcount && argcount <= o.types.length);
    if (candidates.length === 0) {
      const shortest = Math.min(...overloads.map((o) => o.required));
      throw new TypeError(`${what}: ${shortest} argument${shortest === 1 ? "" : "s"} required, but only ${args.length} present.`);
    }
    if (candidates.length > 1) {
      let d = 0;
      while (d < argcount && candidates.every((o) => o.types[d] === candidates[0].types[d])) d++;
      if (d < argcount) candidates = [pickOverload(candidates, d, args[d], what)];
    }
    const o = candidates[0];
    const n = op.variadic ? args.length : Math.min(args.length, o.types.length);
    const out = [];
    // a variadic argument is never "missing": undefined there is a value like any other
    const optional = op.variadic ? Math.min(o.types.length - 1, o.required) : o.required;
    const last = op.variadic ? o.types.length - 1 : Infinity;
    for (let i = 0; i < n; i++) {
      const type = o.types[Math.min(i, o.types.length - 1)] || "any";
      out.push(args[i] === undefined && i >= optional && i < last ? undefined : convert(type, args[i], what));
    }
    while (out.length > optional && out.length - 1 < last && out[out.length - 1] === undefined) out.pop();
    return out;
  }
  const NUMERIC = new Set(["n", "l", "L", "h", "H", "y", "o"]);
  // Step 12 of the algorithm, for the types the binding tells apart.
  function pickOverload(candidates, d, v, what) {
    const type = (o) => (o.types[d] || "any").replace(/^\?/, "");
    const find = (test) => candidates.find(test);
    let found;
    if (v === undefined) found = find((o) => d >= o.required);
    if (!found && (v === null || v === undefined)) found = find((o) => (o.types[d] || "")[0] === "?");
    if (!found && v !== null && typeof v === "object" && pyOf.has(v)) {
      found = find((o) => type(o).startsWith("o:") && prototypes[type(o).slice(2)] && prototypes[type(o).slice(2)].isPrototypeOf(v));
    }
    if (!found && typeof v === "function") found = find((o) => type(o) === "f" || type(o) === "c");
    if (!found && v !== null && typeof v === "object") {
      found = find((o) => type(o) === "c" || type(o).startsWith("d:") || type(o)[0] === "u" || type(o) === "any");
    }
    if (!found && typeof v === "boolean") found = find((o) => type(o) === "b");
    if (!found && typeof v === "number") found = find((o) => NUMERIC.has(type(o)));
    if (!found) found = find((o) => type(o) === "s" || type(o) === "S") || find((o) => NUMERIC.has(type(o)))
      || find((o) => type(o) === "b") || find((o) => type(o) === "any");
    if (!found) throw new TypeError(`${what}: no overload takes this argument`);
    return found;
  }

  function thisPy(self, name, what) {
    // https://webidl.spec.whatwg.org/#dfn-create-operation-function step 2.1.1: a null or
    // undefined this is the global (a bare `addEventListener(...)` call)
    if (self === undefined || self === null) self = global;
    if (pyOf.has(self) && prototypes[name].isPrototypeOf(self)) return pyOf.get(self);
    throw new TypeError(`Illegal invocation: ${what}`);
  }

  // https://html.spec.whatwg.org/#HTMLAllCollection-call: document.all has a custom [[Call]]
  // (document.all(i), document.all("id")); a Proxy is callable only over a callable target: an
  // arrow function (no own prototype) stripped of its own length and name.  ([[IsHTMLDDA]], its
  // typeof "undefined", is beyond a binding: typeof is "function".)
  const ALL_CALL = "HTMLAllCollection";
  function callableTarget(proto) {
    const f = () => undefined;
    delete f.length;
    delete f.name;
    Object.setPrototypeOf(f, proto);
    return f;
  }

  // Every wrapper made for Python, by index: the bridge's identity map holds indexes, not JS
  // objects (see bridge.py's _REF_MARK).  A wrapper is held weakly (the global strongly): one
  // script no longer reaches is collected and lets go of its Python object, and the registry
  // reports its index, which the bridge then forgets (Bridge.release_collected) and which is
  // used again.  WeakRef targets are released at the realm's microtask checkpoint (ClearKeptObjects,
  // realm.py).
  const refs = [];
  const freeIndexes = [];
  const finalized = [];
  const registry = new FinalizationRegistry((i) => finalized.push(i));
  // A node's wrapper keeps its document's wrapper and is kept by it, as browsers preserve the
  // wrappers of nodes: while script can reach a document or any of its nodes, every wrapper made
  // for its nodes stays, with its own properties (`document.body.x = 1` is still there later).
  const documentOf = new WeakMap();   // node wrapper -> its document's wrapper
  const nodesOf = new WeakMap();      // document wrapper -> Set of its nodes' wrappers
  // An engine that does not keep a WeakRef's target until the host clears kept objects
  // (https://tc39.es/ecma262/#sec-addtokeptobjects; QuickJS-ng) gets the same lifetime here: the
  // wrappers made or looked up since the last checkpoint, until the realm calls clearKept.
  const kept = specs.keepWrappers ? new Set() : null;
  // An engine that runs no FinalizationRegistry callbacks (STPyV8 runs none of V8's tasks) has
  // its collected wrappers found by a sweep of the references instead, after each full
  // collection: the one that cleared a WeakRef to an object nothing else holds.
  let gcSentinel = specs.sweepRefs === true ? new WeakRef({}) : null;
  function wrapperAt(i) {
    const r = refs[i];
    const w = r instanceof WeakRef ? r.deref() : r;
    if (w !== undefined) {
      if (kept !== null) kept.add(w);
      return w;
    }
    // collected while the bridge still had its index (not yet released): a new wrapper there
    return fromPy(py.rewrap(i));
  }
  function keep(wrapper, at) {
    const i = at >= 0 ? at : freeIndexes.length ? freeIndexes.pop() : refs.length;
    if (kept !== null) kept.add(wrapper);
    refs[i] = new WeakRef(wrapper);
    registry.register(wrapper, i);
    return i;
  }

  function wrap(iface, obj) {
    let target = iface === ALL_CALL ? callableTarget(prototypes[iface]) : Object.create(prototypes[iface] || Object.prototype);

    // https://webidl.spec.whatwg.org/#LegacyUnforgeable: own, non-configurable accessors
    for (const [n, desc] of unforgeables[iface] || []) Object.defineProperty(target, n, desc);
    const spec = specs.interfaces[iface];
    if (spec && (spec.indexed || spec.named)) target = collectionProxy(target, spec, obj);
    pyOf.set(target, obj);
    return target;
  }

  // https://webidl.spec.whatwg.org/#legacy-platform-object-abstract-ops: indexed and named
  // properties as a Proxy over the wrapper.
  function isIndex(p) { return typeof p === "string" && /^(0|[1-9][0-9]*)$/.test(p) && +p < 4294967295; }
  function collectionProxy(target, spec, obj) {
    // a document's named property for a lone iframe is its content window (frames.js's)
    const namedValue = (p) => {
      const v = fromPy(py.named(obj, strToPy(p)));
      return prototypes.Document && prototypes.Document.isPrototypeOf(target) && prototypes.HTMLIFrameElement
        && prototypes.HTMLIFrameElement.isPrototypeOf(v) ? v.contentWindow : v;
    };
    // https://webidl.spec.whatwg.org/#invoke-indexed-setter (HTMLOptionsCollection, select)
    const setIndexed = (i, value) => fromPy(py.setIndex(obj, i, convert(spec.indexedSetter, value, "Failed to set an indexed property")));
    // an array index is a named property's name where there are no indexed properties (dataset[9])
    const nameLike = (p) => spec.named && typeof p === "string" && !(spec.indexed && isIndex(p));
    const hasOwn = (o, p) => Object.prototype.hasOwnProperty.call(o, p);
    // https://webidl.spec.whatwg.org/#dfn-named-property-visibility: an own property (an expando
    // set before the name was supported) hides it even with [LegacyOverrideBuiltIns]
    const named = (p) => nameLike(p) && (spec.overrideBuiltins ? !hasOwn(target, p) : !(p in target))
      && py.hasNamed(obj, strToPy(p));
    const traps = {
      apply(t, thisArg, args) {  // HTMLAllCollection's [[Call]]: item(nameOrIndex)
        if (args.length === 0 || args[0] === undefined) return null;
        return fromPy(py.call(obj, py.nameId("item"), [strToPy(String(typeofSymbolCheck(args[0])))]));
      },
      get(t, p, receiver) {
        if (spec.indexed && isIndex(p)) return fromPy(py.index(obj, +p));
        if (named(p)) return namedValue(p);
        return Reflect.get(t, p, receiver);
      },
      has(t, p) {
        if (spec.indexed && isIndex(p)) return +p < py.length(obj);
        if (named(p)) return true;
        return Reflect.has(t, p);
      },
      getOwnPropertyDescriptor(t, p) {
        if (spec.indexed && isIndex(p)) {
          if (+p >= py.length(obj)) return undefined;
          return { value: fromPy(py.index(obj, +p)), writable: false, enumerable: true, configurable: true };
        }
        if (named(p)) {
          // https://webidl.spec.whatwg.org/#LegacyPlatformObjectGetOwnProperty step 2.7
          return { value: namedValue(p), writable: !!spec.namedSetter,
            enumerable: !spec.unenumerableNamed, configurable: true };
        }
        return Reflect.getOwnPropertyDescriptor(t, p);
      },
      defineProperty(t, p, desc) {
        if (spec.indexed && isIndex(p)) {
          if (!spec.indexedSetter || !("value" in desc) || "get" in desc || "set" in desc) return false;
          setIndexed(+p, desc.value);
          return true;
        }
        if (spec.namedSetter && typeof p === "string") {
          if (!("value" in desc) || "get" in desc || "set" in desc) return false;
          fromPy(py.setNamed(obj, strToPy(p), strToPy(String(desc.value))));
          return true;
        }
        // https://webidl.spec.whatwg.org/#legacy-platform-object-defineownproperty step 2: not
        // creating (a supported name) without a named setter
        if (nameLike(p) && (spec.overrideBuiltins || !hasOwn(t, p)) && py.hasNamed(obj, strToPy(p))) return false;
        return Reflect.defineProperty(t, p, desc);
      },
      set(t, p, value, receiver) {
        if (spec.indexed && isIndex(p)) {
          if (!spec.indexedSetter || receiver !== proxy) return false;
          setIndexed(+p, value);
          return true;
        }
        // https://webidl.spec.whatwg.org/#legacy-platform-object-set
        if (spec.namedSetter && typeof p === "string" && receiver === proxy) {
          fromPy(py.setNamed(obj, strToPy(p), strToPy(String(typeofSymbolCheck(value)))));
          return true;
        }
        return Reflect.set(t, p, value, receiver);
      },
      deleteProperty(t, p) {
        if (spec.indexed && isIndex(p)) return !(+p < py.length(obj));
        if (named(p)) {
          if (!spec.namedDeleter) return false;
          fromPy(py.deleteNamed(obj, strToPy(p)));
          return true;
        }
        return Reflect.deleteProperty(t, p);
      },
      ownKeys(t) {
        const keys = [];
        if (spec.indexed) { const n = py.length(obj); for (let i = 0; i < n; i++) keys.push(String(i)); }
        if (spec.named) for (const k of Array.from(fromPy(py.names(obj)))) if (!keys.includes(k) && !(k in t)) keys.push(String(k));
        return keys.concat(Reflect.ownKeys(t));
      },
    };
    if (typeof target !== "function") delete traps.apply;
    const proxy = new Proxy(target, traps);
    return proxy;
  }

  // https://webidl.spec.whatwg.org/#es-observable-array: one array per object and attribute whose
  // contents are the platform object's list; a change made through it (push, splice, an index,
  // length) sets the whole list through the attribute's setter, whose checks may refuse it (the
  // list is then as it was).
  const observableArrays = new WeakMap();
  function observableArray(object, self, id, a, what) {
    let arrays = observableArrays.get(object);
    if (!arrays) { arrays = new Map(); observableArrays.set(object, arrays); }
    if (arrays.has(a.name)) return arrays.get(a.name);
    const backing = [];
    const refresh = () => { backing.length = 0; backing.push(...Array.from(fromPy(py.get(self, id)))); };
    const commit = (change) => {
      refresh();
      const result = change();
      try { fromPy(py.set(self, id, convert(a.type, backing.slice(), `Failed to set an item of ${what}`))); }
      catch (e) { refresh(); throw e; }
      return result;
    };
    const proxy = new Proxy(backing, {
      get(t, p, receiver) { if (p === "length" || isIndex(p)) refresh(); return Reflect.get(t, p, receiver); },
      has(t, p) { refresh(); return Reflect.has(t, p); },
      getOwnPropertyDescriptor(t, p) { refresh(); return Reflect.getOwnPropertyDescriptor(t, p); },
      ownKeys(t) { refresh(); return Reflect.ownKeys(t); },
      set(t, p, value) {
        if (p !== "length" && !isIndex(p)) return Reflect.set(t, p, value);
        return commit(() => Reflect.set(t, p, value));
      },
      deleteProperty(t, p) {
        if (!isIndex(p)) return Reflect.deleteProperty(t, p);
        return commit(() => { if (+p === t.length - 1) { t.length -= 1; return true; } return false; });
      },
      defineProperty(t, p, descriptor) {
        if (p !== "length" && !isIndex(p)) return Reflect.defineProperty(t, p, descriptor);
        return commit(() => Reflect.defineProperty(t, p, descriptor));
      },
    });
    arrays.set(a.name, proxy);
    return proxy;
  }

  function defineInterface(name) {
    if (interfaces[name]) return;
    const spec = specs.interfaces[name];
    if (spec.parent && specs.interfaces[spec.parent]) defineInterface(spec.parent);
    const parentCtor = spec.parent ? interfaces[spec.parent] : undefined;
    const parentProto = spec.parent ? prototypes[spec.parent] : Object.prototype;
    // https://webidl.spec.whatwg.org/#create-an-interface-object
    const ctor = {
      [name]: function (...args) {
        if (spec.ctor === null) throw new TypeError("Illegal constructor");
        if (new.target === undefined) throw new TypeError(`Failed to construct '${name}': Please use the 'new' operator`);
        const made = fromPy(py.construct(name, resolveArguments(spec.ctor, args, `Failed to construct '${name}'`)));
        if (new.target !== ctor && new.target.prototype) Object.setPrototypeOf(made, new.target.prototype);
        return made;
      },
    }[name];
    if (parentCtor) Object.setPrototypeOf(ctor, parentCtor);
    Object.defineProperty(ctor, "length", { value: spec.ctor ? spec.ctor.length : 0 });
    const proto = Object.create(parentProto);
    Object.defineProperty(ctor, "prototype", { value: proto, writable: false, enumerable: false, configurable: false });
    Object.defineProperty(proto, "constructor", { value: ctor, writable: true, enumerable: false, configurable: true });
    Object.defineProperty(proto, Symbol.toStringTag, { value: name, configurable: true });
    interfaces[name] = ctor;
    prototypes[name] = proto;
    unforgeables[name] = (spec.parent && unforgeables[spec.parent] || []).slice();
    for (const [n, value] of spec.consts) {
      for (const o of [ctor, proto]) Object.defineProperty(o, n, { value, enumerable: true });
    }
    for (const a of spec.attrs) {
      const target = a.static ? ctor : proto;
      const id = py.nameId(a.name);  // the Python attribute, looked up once
      const get = { [`get ${a.name}`]: function () {
        const self = a.static ? null : thisPy(this, name, `get ${name}.${a.name}`);
        if (a.observable) return observableArray(this, self, id, a, `${name}.${a.name}`);
        return fromPy(a.static ? py.staticGet(name, a.name) : py.get(self, id));
      } }[`get ${a.name}`];
      let set;
      if (!a.readonly || a.putForwards || a.replaceable) {
        set = { [`set ${a.name}`]: function (v) {
          if (a.replaceable) { Object.defineProperty(this, a.name, { value: v, writable: true, enumerable: true, configurable: true }); return; }
          const self = thisPy(this, name, `set ${name}.${a.name}`);
          if (a.putForwards) { const inner = fromPy(py.get(self, id)); inner[a.putForwards] = v; return; }
          fromPy(py.set(self, id, convert(a.type, v, `Failed to set '${a.name}' on '${name}'`)));
        } }[`set ${a.name}`];
      }
      if (a.unforgeable && !a.static) unforgeables[name].push([a.name, { get, set, enumerable: true, configurable: false }]);
      else Object.defineProperty(target, a.name, { get, set, enumerable: true, configurable: true });
    }
    // https://webidl.spec.whatwg.org/#interface-prototype-object: @@unscopables
    const unscopable = [...spec.attrs, ...spec.ops].filter((m) => m.unscopable && !m.static).map((m) => m.name);
    if (unscopable.length) {
      const object = Object.create(null);
      for (const n of unscopable) object[n] = true;
      Object.defineProperty(proto, Symbol.unscopables, { value: object, writable: false, enumerable: false, configurable: true });
    }
    for (const op of spec.ops) {
      const target = op.static ? ctor : proto;
      const id = py.nameId(op.name);
      const run = { [op.name]: function (...args) {
        const self = op.static ? null : thisPy(this, name, `${name}.${op.name}`);
        const what = `Failed to execute '${op.name}' on '${name}'`;
        const converted = resolveArguments(op, args, what);
        const result = fromPy(op.static ? py.staticCall(name, op.name, converted, !!op.void) : py.call(self, id, converted, !!op.void));
        return op.void ? undefined : result;
      } }[op.name];
      // https://webidl.spec.whatwg.org/#dfn-create-operation-function step 2: an operation
      // returning a promise rejects it instead of throwing; an ArrayBuffer crosses as bytes.
      const f = op.promise ? { [op.name]: function (...args) {
        try {
          // A Python method may return the value itself or a webidl Promise (a JS promise here).
          const p = Promise.resolve(run.apply(this, args));
          return op.promise === "ArrayBuffer" ? p.then((v) => (ArrayBuffer.isView(v) ? v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength) : v)) : p;
        } catch (e) { return Promise.reject(e); }
      } }[op.name] : run;
      Object.defineProperty(f, "length", { value: op.length });
      Object.defineProperty(target, op.name, { value: f, writable: true, enumerable: true, configurable: true });
    }
    if (spec.stringifier && !spec.ops.some((o) => o.name === "toString")) {
      Object.defineProperty(proto, "toString", { value: function toString() {
        return fromPy(py.stringify(thisPy(this, name, `${name}.toString`)));
      }, writable: true, enumerable: true, configurable: true });
    }
    // https://webidl.spec.whatwg.org/#es-iterators
    if (spec.iterable === "value" || (spec.indexed && spec.iterable !== "pair")) {
      Object.defineProperty(proto, Symbol.iterator, { value: Array.prototype[Symbol.iterator], writable: true, configurable: true });
      if (spec.iterable === "value") {
        for (const k of ["entries", "keys", "values", "forEach"]) {
          Object.defineProperty(proto, k, { value: Array.prototype[k], writable: true, enumerable: true, configurable: true });
        }
      }
    } else if (spec.iterable === "pair") {
      // https://webidl.spec.whatwg.org/#es-default-iterator-object: the index moves over the
      // live list, so changes during the iteration are seen.
      const pairs = (self, kind) => {
        const obj = thisPy(self, name, `${name}.${kind}`);
        let i = 0;
        const it = Object.create(iteratorProto);
        it.next = function () {
          const pair = fromPy(py.pairAt(obj, i++));
          if (pair === null) return { value: undefined, done: true };
          const [k, v] = Array.from(pair);
          return { value: kind === "keys" ? k : kind === "values" ? v : [k, v], done: false };
        };
        return it;
      };
      const entries = function entries() { return pairs(this, "entries"); };
      for (const [k, f] of [["entries", entries], ["keys", function keys() { return pairs(this, "keys"); }],
        ["values", function values() { return pairs(this, "values"); }]]) {
        Object.defineProperty(proto, k, { value: f, writable: true, enumerable: true, configurable: true });
      }
      Object.defineProperty(proto, "forEach", { value: function forEach(callback) {
        const thisArg = arguments[1];
        if (typeof callback !== "function") throw new TypeError("forEach: callback is not a function");
        for (const [k, v] of entries.call(this)) callback.call(thisArg, v, k, this);
      }, writable: true, enumerable: true, configurable: true });
      Object.defineProperty(proto, Symbol.iterator, { value: entries, writable: true, configurable: true });
    }
  }
  const iteratorProto = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));

  for (const name of Object.keys(specs.interfaces)) defineInterface(name);
  for (const name of Object.keys(interfaces)) {
    if (!specs.interfaces[name].noInterfaceObject) {
      Object.defineProperty(global, name, { value: interfaces[name], writable: true, enumerable: false, configurable: true });
    }
  }
  Object.defineProperty(global, "DOMException", { value: DOMException, writable: true, configurable: true });
  // https://webidl.spec.whatwg.org/#LegacyWindowAlias
  for (const [name, spec] of Object.entries(specs.interfaces)) {
    for (const alias of spec.aliases || []) {
      Object.defineProperty(global, alias, { value: interfaces[name], writable: true, enumerable: false, configurable: true });
    }
  }
  // https://webidl.spec.whatwg.org/#legacy-factory-functions: the steps of HTML's three
  // (https://html.spec.whatwg.org/#dom-image, #dom-audio, #dom-option), on the global's document.
  const factorySteps = {
    Image(width, height) {
      const img = global.document.createElement("img");
      if (width !== undefined) img.setAttribute("width", String(width >>> 0));
      if (height !== undefined) img.setAttribute("height", String(height >>> 0));
      return img;
    },
    Audio(src) {
      const audio = global.document.createElement("audio");
      audio.setAttribute("preload", "auto");
      if (src !== undefined) audio.setAttribute("src", String(src));
      return audio;
    },
    Option(text = "", value = undefined, defaultSelected = false, selected = false) {
      // the Python factory sets the selectedness without the dirtiness the selected setter sets
      const args = [strToPy(String(typeofSymbolCheck(text))), value === undefined ? null : strToPy(String(typeofSymbolCheck(value))),
        !!defaultSelected, !!selected];
      return fromPy(py.legacyFactory("Option", pyOf.get(global.document), args));
    },
  };
  for (const [name, spec] of Object.entries(specs.interfaces)) {
    for (const factory of spec.factories || []) {
      const steps = factorySteps[factory];
      if (!steps || !interfaces[name]) continue;
      const f = { [factory]: function (...args) {
        if (new.target === undefined) throw new TypeError(`Failed to construct '${factory}': Please use the 'new' operator`);
        return steps(...args);
      } }[factory];
      Object.defineProperty(f, "length", { value: 0 });
      Object.defineProperty(f, "prototype", { value: prototypes[name], writable: false, enumerable: false, configurable: false });
      Object.defineProperty(global, factory, { value: f, writable: true, enumerable: false, configurable: true });
    }
  }
  // https://webidl.spec.whatwg.org/#legacy-callback-interface-object (NodeFilter)
  for (const [name, consts] of Object.entries(specs.callbackInterfaces || {})) {
    const object = { [name]() { throw new TypeError("Illegal constructor"); } }[name];  // no .prototype
    for (const [n, value] of consts) Object.defineProperty(object, n, { value, enumerable: true });
    Object.defineProperty(global, name, { value: object, writable: true, enumerable: false, configurable: true });
  }

  // Called by the bridge.
  return {
    wrapRef(iface, obj, owner, at) {
      const wrapper = wrap(iface, obj);
      if (owner !== null) {
        const doc = fromPy(owner);
        documentOf.set(wrapper, doc);
        let nodes = nodesOf.get(doc);
        if (nodes === undefined) nodesOf.set(doc, nodes = new Set());
        nodes.add(wrapper);
      }
      return keep(wrapper, at);
    },
    clearKept() { if (kept !== null) kept.clear(); },
    // The indexes whose wrapper was collected, now free for new wrappers.
    collected() {
      const out = [];
      if (gcSentinel !== null && gcSentinel.deref() === undefined) {
        gcSentinel = new WeakRef({});
        for (let i = 0; i < refs.length; i++) if (refs[i] instanceof WeakRef) finalized.push(i);
      }
      for (const i of finalized.splice(0)) {
        const r = refs[i];
        if (r instanceof WeakRef && r.deref() === undefined) { refs[i] = undefined; freeIndexes.push(i); out.push(i); }
      }
      return out;
    },
    setWindow(w) {
      windowPy = w;
      // https://html.spec.whatwg.org/#the-window-object: the global is a Window, so its
      // prototype chain holds Window.prototype and EventTarget.prototype, and their members
      // act on the Python Window (window.addEventListener, the document's event path).
      pyOf.set(global, w);
      if (prototypes.Window && !prototypes.Window.isPrototypeOf(global)) Object.setPrototypeOf(global, prototypes.Window);
      return refs.push(global) - 1;
    },
    error: (kind, name, message) => box("throw", makeError(kind, fromPy(name), fromPy(message))),
    promise: (fulfilled, value) => box("promise", [fulfilled, value]),
    rethrow: (e) => box("throw", e),
    units: (list) => box("units", list),
    array: (...items) => items.map(fromPy),
    object: (keys, values) => { const o = {}; Array.from(keys).forEach((k, i) => { o[fromPy(k)] = fromPy(values[i]); }); return o; },
    // Call a JS callback from Python: arguments arrive as JS values already.
    invoke(f, thisArg, args, event) {
      const saved = currentEvent;
      if (event !== undefined) currentEvent = fromPy(event);
      try { return f.apply(fromPy(thisArg), Array.from(args).map(fromPy)); } catch (e) { return box("throw", e); } finally { currentEvent = saved; }
    },
    getProperty(o, name) {
      try { return o[name]; } catch (e) { return box("throw", e); }
    },
    ownKeys: (o) => Object.keys(o).map(strToPy),
    toPy,
    fromPy,
    interfaces,
    DOMException,
    Box,  // for an engine that tells boxes from other objects as they cross (engine_quickjs.py)
  };
});
