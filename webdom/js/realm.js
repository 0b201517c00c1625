// The global object's timers (a virtual clock), error reporting and console; see realm.py.
(function (global, log) {
  "use strict";
  // Timers on a virtual clock: https://html.spec.whatwg.org/#timers
  let now = 0, seq = 0;
  const timers = new Map();
  function add(handler, timeout, args, repeat) {
    const id = ++seq;
    const delay = Math.max(0, Number(timeout) || 0);
    timers.set(id, { handler, delay, args, repeat, at: now + delay, order: id });
    return id;
  }
  function clear(id) { timers.delete(Number(id)); }
  const define = (name, value) => Object.defineProperty(global, name, { value, writable: true, configurable: true });
  define("setTimeout", function setTimeout(handler, timeout = 0, ...args) { return add(handler, timeout, args, false); });
  define("setInterval", function setInterval(handler, timeout = 0, ...args) { return add(handler, timeout, args, true); });
  define("clearTimeout", function clearTimeout(id) { clear(id); });
  define("clearInterval", function clearInterval(id) { clear(id); });
  // https://html.spec.whatwg.org/#animation-frames: no rendering, so a frame is a 16 ms timer
  // whose callback gets the virtual clock's time.
  define("requestAnimationFrame", function requestAnimationFrame(callback) {
    if (typeof callback !== "function") throw new TypeError("requestAnimationFrame: not a function");
    return add(() => callback(now), 16, [], false);
  });
  define("cancelAnimationFrame", function cancelAnimationFrame(id) { clear(id); });
  define("queueMicrotask", function queueMicrotask(f) { Promise.resolve().then(() => f()); });
  // Run the earliest timer; false when none is left.
  function runTimer() {
    let next = null;
    for (const t of timers.values()) {
      if (next === null || t.at < next.at || (t.at === next.at && t.order < next.order)) next = t;
    }
    if (next === null) return false;
    const id = [...timers].find(([, t]) => t === next)[0];
    now = Math.max(now, next.at);
    if (next.repeat) { next.at = now + Math.max(1, next.delay); next.order = ++seq; } else timers.delete(id);
    try {
      if (typeof next.handler === "function") next.handler.apply(global, next.args);
      else (0, eval)(String(next.handler));
    } catch (e) { reportError(e); }
    return true;
  }
  // https://html.spec.whatwg.org/#report-an-exception: a cancelable ErrorEvent at the global
  // (its onerror handler gets the five members); an exception while one is being reported only
  // goes to the console (the global's "in error reporting mode").
  let reporting = false;
  function reportError(e) {
    // (V8's stack starts with the error's own line; SpiderMonkey's and QuickJS's do not)
    const stack = e && e.stack ? String(e.stack) : "";
    log("error", [String(stack ? (stack.startsWith(String(e)) ? stack : e + "\n" + stack) : e)]);
    if (reporting) return;
    reporting = true;
    try {
      if (typeof global.ErrorEvent === "function" && typeof global.dispatchEvent === "function") {
        global.dispatchEvent(new global.ErrorEvent("error", { cancelable: true, message: String(e && e.message), error: e }));
      } else if (typeof global.onerror === "function") {  // a global that is not a Window
        global.onerror.call(global, String(e && e.message), "", 0, 0, e);
      }
    } catch (err) { /* reported once */ } finally { reporting = false; }
  }
  const console = {};
  for (const level of ["log", "info", "warn", "error", "debug", "trace"]) {
    console[level] = function (...args) { log(level, args.map((a) => { try { return String(a); } catch (e) { return "?"; } })); };
  }
  define("console", console);
  return { runTimer, reportError, pending: () => timers.size };
})
