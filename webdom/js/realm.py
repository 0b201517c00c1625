"""A global object for running scripts against a webdom document.

https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-window-object (a small part):
``window``/``self``/``globalThis`` with ``document``, ``location``, the interface objects,
``console``, and timers and microtasks on a deterministic event loop (a virtual clock: a timer
runs when every earlier one has, never by wall time).

The engine is pythonmonkey by default (``engine="pythonmonkey"``): it has one SpiderMonkey
global per process, so there is one such realm per process.  ``engine="quickjs"`` runs the same
binding on QuickJS-ng (engine_quickjs.py), a context per realm: several realms, each over its own
document, live in one process; ``engine="v8"`` does the same on V8 through STPyV8
(engine_stpyv8.py, the optional ``js-v8`` extra).  pythonmonkey's
own ``URL``, ``DOMException``, ``EventTarget``, ``XMLHttpRequest``, ``fetch``, ``atob``,
``python`` and ``pmEval`` globals are removed or replaced first, and the Debugger's global is
emptied.  The world is sealed at the boundary too: only DOM wrappers and ECMAScript values cross
into JS (bridge.py's ``to_js`` refuses anything else with a TypeError), and binding.js holds the
bridge's functions, not the bridge.  Nothing in the JS world can reach a network, a file or the
Python interpreter except through the DOM; tests/webdom/js/test_sealed.py crawls what script can reach.
"""

from __future__ import annotations

import asyncio
import functools
import json
import warnings
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dom import mutation_observers, tasks
from dom.cssom.document_style_sheets import set_viewport
from dom.event_handlers import set_handler_compiler
from dom.events import ReportedExceptionWarning
from dom.html.focus import focus_fixup
from dom.html.forms.owner import form_owner
from dom.html.forms.submission import set_navigate
from dom.html.navigator import Navigator
from dom.html.window import create_window
from dom.nodes import document as document_module
from dom.parsing import parse_html
from dom.parsing.dom_parser import parse_error_document
from dom.parsing.xml import XMLParseError, parse_xml
from dom.reflection import set_about_base_url
from html_infra.encoding import decode, get_an_encoding
from html_infra.mime import parse_mime_type
from html_infra.url import parse_url
from webidl.exceptions import ERROR_NAMES, LEGACY_CODES

from .bridge import Bridge, JSException, JSFunction, owned_copy
from .engine import Engine, EngineScriptError, make_engine
from .interfaces import callback_interface_constants, interface_specs, python_classes

__all__ = ["Realm", "ScriptError"]


class ScriptError(Exception):
    """An exception a script threw and did not catch: its JS ``name``, ``message`` and ``stack``."""

    def __init__(self, name: str, message: str, stack: str) -> None:
        super().__init__(f"{name}: {message}")
        self.name = name
        self.message = message
        self.stack = stack


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None

_REMOVED = ("URL", "URLSearchParams", "DOMException", "Event", "EventTarget", "XMLHttpRequestEventTarget",
            "XMLHttpRequestUpload", "XMLHttpRequest", "ProgressEvent", "fetch", "WebSocket", "Headers", "Request",
            "Response", "FormData", "navigator", "python", "pmEval", "require",
            "exports", "module", "setImmediate", "clearImmediate", "debuggerGlobal", "setTimeout", "clearTimeout",
            "setInterval", "clearInterval", "console", "bootstrap", "internalBinding", "ListIterator",
            "__core-js_shared__", "atob", "btoa", "performance")

# SpiderMonkey's Debugger lives in a second global that pythonmonkey keeps on the first as the
# non-configurable, read-only ``debuggerGlobal``: a Debugger made there reads the environments of
# the binding's closures (the Python objects behind platform objects).  The property cannot go,
# so the global behind it is emptied and frozen; the realm refuses to start if anything is left.
_SEAL = """(g, removed) => {
  "use strict";
  for (const name of removed) Reflect.deleteProperty(g, name);
  // QuickJS's global says "global": the Window's tag is Window.prototype's
  Reflect.deleteProperty(g, Symbol.toStringTag);
  const d = g.debuggerGlobal;
  if (d !== undefined && d !== null) {
    for (const key of Reflect.ownKeys(d)) Reflect.deleteProperty(d, key);
    Object.freeze(d);
  }
  const left = removed.filter((name) => Object.prototype.hasOwnProperty.call(g, name) && name !== "debuggerGlobal");
  const frozen = ["undefined", "NaN", "Infinity"];  // non-configurable, and harmless
  if (d !== undefined && d !== null) left.push(...Reflect.ownKeys(d).map(String).filter((k) => !frozen.includes(k)));
  return left.join(" ");
}"""



class Realm:
    """A JS global set up for *document*, on the JS engine named *engine* (engine.py's ENGINES).

    *read* gives the bytes of a URL a frame's ``src`` names (None: not available), or the bytes
    and their Content-Type; without it every frame with a ``src`` gets an empty document
    (nothing is fetched here).  A form submitted to a frame by POST asks ``read(url, body,
    content_type)`` for the response to its request.

    ``realm.eval(source)`` runs a script; ``realm.run()`` runs microtasks and timers until none
    is left (call it inside a running asyncio loop: pythonmonkey schedules promise jobs there).
    """

    _current: Realm | None = None
    # the realm whose script runs now: Python warnings of reported exceptions go to its global
    _active: Realm | None = None

    def __init__(self, document: Any, url: str | None = None, log: Callable[[str, list[str]], None] | None = None,
                 read: Callable[..., bytes | tuple[bytes, str | None] | None] | None = None,
                 engine: str = "pythonmonkey"):
        self.engine: Engine = make_engine(engine)
        if not self.engine.many_per_process:
            if Realm._current is not None:
                raise RuntimeError("pythonmonkey has one global per process: one Realm per process")
            Realm._current = self
        Realm._active = self
        js = self.engine
        self.messages: list[tuple[str, list[str]]] = []
        self._log = log or (lambda level, args: self.messages.append((level, [str(a) for a in args])))
        global_ = js.global_
        left = js.eval(_SEAL)(global_, list(_REMOVED))  # the engine's own globals
        if left:
            raise RuntimeError(f"the JS engine's own globals could not be removed: {left}")
        specs = interface_specs()
        self.bridge = Bridge(python_classes(), specs, self.engine)
        source = (Path(__file__).with_name("binding.js")).read_text(encoding="utf-8")
        payload = _payload(not self.engine.keeps_weak_targets, not self.engine.runs_finalizers)
        self.bridge.api = js.eval(source, "webdom/js/binding.js")(self.bridge.host(), js.eval(payload), global_)
        js.binding_ready(self.bridge.api)
        realm_js = Path(__file__).with_name("realm.js").read_text(encoding="utf-8")
        self.loop = js.eval(realm_js, "webdom/js/realm.js")(
            global_, lambda level, args: self._log(level, [self.bridge.from_js(a) for a in args]))
        js.eval("(g) => { g.window = g; g.self = g; g.frames = g; g.top = g; g.parent = g; }")(global_)
        self.document = document
        self._report_dom_exceptions()
        # https://html.spec.whatwg.org/#concept-document-window: the document that `new Text()`,
        # `new Comment()`, `new DocumentFragment()` and `new Range()` belong to is the global's.
        document_module._DEFAULT[:] = [document]
        # scripts run here: the document renders with scripting enabled (@media (scripting), noscript hidden)
        set_viewport(document, scripting="enabled")
        # The global is the document's window: document.defaultView answers it (webdom's own
        # Window object stands for it on the Python side).
        js.eval("""(g, d) => {
          Object.defineProperty(g, 'document', { get() { return d; }, configurable: true });
          Object.defineProperty(d, 'defaultView', { get() { return g; }, configurable: true });
        }""")(global_, self.bridge.js_value(document))
        # https://w3c.github.io/selection-api/#dom-window-getselection: the global's is its document's.
        js.eval("""(g, d) => Object.defineProperty(g, 'getSelection', { value: function getSelection() {
          return d.getSelection(); }, writable: true, enumerable: true, configurable: true })""")(
            global_, self.bridge.js_value(document))
        if document.defaultView is not None:
            self.bridge.set_window(document.defaultView, global_)
        self._own_loop: asyncio.AbstractEventLoop | None = None
        if url is None and document.defaultView is not None:
            # https://html.spec.whatwg.org/#dom-location: the Window's Location, which follows the
            # document's URL ([LegacyUnforgeable] and [PutForwards=href], as binding.js gives instances)
            js.eval("""(g, loc) => Object.defineProperty(g, "location", {
              get: function location() { return loc; }, set: function location(v) { loc.href = v; },
              enumerable: true, configurable: false })""")(global_, self.bridge.js_value(document.defaultView.location))
        else:
            self._location_record(global_, url if url is not None else document.URL)
        self._no_network(global_)
        self._read = read
        frames_js = Path(__file__).with_name("frames.js").read_text(encoding="utf-8")
        self.frames = js.eval(frames_js, "webdom/js/frames.js")(
            global_, self.bridge.js_value(document), self._load_frame, self._read_script if read is not None else None,
            self._in_document)
        self.frames["reconcileAll"]()
        self._planned: weakref.WeakKeyDictionary[Any, object] = weakref.WeakKeyDictionary()
        set_navigate(document, self._navigate_form)
        self._compile = self.engine.eval(_COMPILE_HANDLER)
        set_handler_compiler(document, self._compile_handler)

    def _in_document(self, document: Any, make: Any) -> Any:
        """make() with *document* (a frame's) as the current global object's associated Document
        (https://html.spec.whatwg.org/#concept-document-window), for the constructors frames.js
        calls through a frame's window."""
        saved = document_module._DEFAULT[:]
        document_module._DEFAULT[:] = [self.bridge.from_js(self.bridge.api.toPy(document))]
        try:
            return make()
        finally:
            document_module._DEFAULT[:] = saved

    def _compile_handler(self, element: Any, name: str, body: str, frame_document: Any = None) -> JSFunction:
        """https://html.spec.whatwg.org/#getting-the-current-value-of-the-event-handler step 3
        for an element of the realm's document: a function of `event` whose scope is the
        element, its form owner, its document, then the global; for the realm's Window (a
        body's onload="..."), the global alone, and a Window's onerror takes `event, source,
        lineno, colno, error`.  With *frame_document*, for an element or the Window of that
        frame's document, the frame's window standing for the global (frames.js).  Raises what
        the body's compilation throws (a SyntaxError)."""
        value = self.bridge.js_value
        null = self.engine.null
        params = "event"
        window = getattr(element, "nodeType", None) is None
        if window and name == "onerror":
            params = "event, source, lineno, colno, error"
        form = None if window else form_owner(element)
        if frame_document is not None:
            made = self.frames["compileHandler"](value(frame_document), null if window else value(element),
                                                 value(form) if form is not None else null, value(name), value(body),
                                                 params)
        elif window:
            made = self._compile(null, null, null, value(name), value(body), params)
        else:
            made = self._compile(value(element.ownerDocument), value(form) if form is not None else null,
                                 value(element), value(name), value(body), params)
        if not made[0]:
            raise JSException(made[1])
        return JSFunction(self.bridge, made[1])

    def _location_record(self, global_: Any, url: str) -> None:
        """A read-only Location record for *url* (navigation is out of scope), where the global
        has no Window of the document's or another URL was asked for."""
        self.engine.eval("""(g, href) => {
          const u = new URL(href), location = { href, toString() { return href; } };
          for (const k of ["origin", "protocol", "host", "hostname", "port", "pathname", "search", "hash"]) {
            location[k] = u[k];
          }
          Object.defineProperty(g, "location", { value: location, writable: true, enumerable: true,
            configurable: true });
        }""")(global_, url)

    def _no_network(self, global_: Any) -> None:
        """The networking APIs without a network: ``fetch()`` makes its Request (whose errors
        reject, https://fetch.spec.whatwg.org/#dom-global-fetch step 2) and rejects with the
        TypeError of a network error; ``navigator.sendBeacon()`` queues nothing; XMLHttpRequest
        (dom/xhr.py) and WebSocket (dom/websockets.py) fail in a task (dom/tasks.py), run here
        by a timer on the virtual clock."""
        self.engine.eval("""(g) => {
          const fetch = { fetch(input, init = undefined) {
            try { new g.Request(input, init); } catch (e) { return Promise.reject(e); }
            return Promise.reject(new TypeError("fetch: network error (webdom.js does no networking)"));
          } }.fetch;
          Object.defineProperty(fetch, "length", { value: 1 });
          Object.defineProperty(g, "fetch", { value: fetch, writable: true, enumerable: true, configurable: true });
        }""")(global_)
        # https://html.spec.whatwg.org/#dom-navigator: the document's Window's (sendBeacon())
        window = getattr(self.document, "_window", None)
        navigator = window.navigator if window is not None else Navigator._new()
        self.engine.eval("""(g, n) => Object.defineProperty(g, "navigator", { get: function navigator() { return n; },
          enumerable: true, configurable: true })""")(global_, self.bridge.js_value(navigator))
        schedule = self.engine.eval("(run) => { setTimeout(() => { run(); }, 0); }")
        tasks.on_queue[:] = [lambda: schedule(lambda: tasks.run_tasks() and None)]

    def _read_script(self, url: str) -> str | None:
        """The text of a classic script a frame's document names (https://html.spec.whatwg.org/#fetch-a-classic-script,
        read through *read*; UTF-8), or None."""
        data = self._read(owned_copy(url)) if self._read is not None else None
        if isinstance(data, tuple):
            data = data[0]
        return None if data is None else data.decode("utf-8", "replace")

    def _load_frame(self, kind: str, value: Any, creator_base: Any = None, container_url: Any = None,
                    container_encoding: Any = None) -> Any:
        """A new document for a frame (https://html.spec.whatwg.org/#process-the-iframe-attributes):
        "blank" (about:blank), "srcdoc" (its markup) or "url" (read through *read*; an unreadable
        or ill-formed one is an empty document at that URL), with its Window.  An HTML document
        from a URL of its container document's origin decodes, failing a BOM, charset or
        ``<meta>``, with the container's encoding (https://html.spec.whatwg.org/#determining-the-character-encoding
        step 6)."""
        if isinstance(value, str):
            value = owned_copy(value)
        else:  # UTF-16 code units
            value = b"".join(int(u).to_bytes(2, "little") for u in value).decode("utf-16-le", "surrogatepass")
        kind = owned_copy(kind)
        # https://html.spec.whatwg.org/#concept-document-about-base-url: the container document's
        # base URL, the fallback base URL of an about:blank or srcdoc frame document
        creator = owned_copy(creator_base) if isinstance(creator_base, str) else None
        if kind == "srcdoc":
            srcdoc = parse_html(value, url="about:srcdoc")
            set_about_base_url(srcdoc, creator)
            return self._frame_document(srcdoc)
        data = self._read(value) if kind == "url" and self._read is not None else None
        inherited = None
        if isinstance(container_url, str) and isinstance(container_encoding, str):
            here, there = parse_url(value), parse_url(owned_copy(container_url))
            if here is not None and there is not None and here.origin.same_origin(there.origin):
                inherited = owned_copy(container_encoding)
        document = self._document_of_response(value, data, inherited) if data is not None else None
        if document is None:
            document = parse_html(b"", url=value if kind == "url" else "about:blank")
            if kind != "url":
                set_about_base_url(document, creator)
        return self._frame_document(document)

    def _frame_document(self, document: Any) -> Any:
        """*document*, a frame's, for frames.js: its forms' submissions navigate too, and it renders
        with scripting enabled as the top one does."""
        set_navigate(document, self._navigate_form)
        set_viewport(document, scripting="enabled")
        set_handler_compiler(document, lambda element, name, body: self._compile_handler(element, name, body, document))
        return self.bridge.js_value(document)

    @staticmethod
    def _document_of_response(url: str, data: bytes | tuple[bytes, str | None],
                              container_encoding: str | None = None) -> Any:
        """The document a frame loads from a response (https://html.spec.whatwg.org/#loading-a-document
        step 2): *data* is the body, or (body, Content-Type); without a type, the URL's extension
        picks XML or HTML.  A JavaScript, JSON, CSS, plain text or WebVTT type gives a text
        document (#navigate-text), an image, audio or video type a media document
        (#navigate-media); ill-formed XML a document of its type holding a parsererror element,
        as browsers make it.  None for another type, or when it does not parse."""
        body, content_type = data if isinstance(data, tuple) else (data, None)
        mime = parse_mime_type(content_type) if content_type else None
        if mime is None:
            path = url.split("?")[0].split("#")[0]
            xml = {".xml": "application/xml", ".xhtml": "application/xhtml+xml", ".svg": "image/svg+xml"}
            mime = parse_mime_type(next((t for ext, t in xml.items() if path.endswith(ext)), "text/html"))
            assert mime is not None
        essence = mime.essence
        try:
            if mime.is_html:
                return parse_html(body, url=url, container_encoding=container_encoding)
            if mime.is_xml:
                try:
                    document = parse_xml(body, url=url, content_type=essence)
                except XMLParseError as error:
                    # still a document of its type (created before the parser runs, #read-xml)
                    document = parse_error_document(error, essence, url)
                # an XMLDocument, as browsers make a loaded XML document (the HTML Standard's "create and
                # initialize a Document object" says Document; DOMParser's are Documents in both)
                document._is_xml_document = True
                create_window(document)
                return document
            if mime.is_javascript or mime.is_json or essence in ("text/css", "text/plain", "text/vtt"):
                # https://html.spec.whatwg.org/#navigate-text: a pre element holding the text, as
                # the parser in its PLAINTEXT state makes it
                document = Realm._document_of_type(url, essence)
                pre = document.createElement("pre")
                # https://encoding.spec.whatwg.org/#decode: a BOM, else the charset's encoding
                charset = mime.parameters.get("charset")
                text = decode(body, (get_an_encoding(charset) if charset else None) or "UTF-8")
                # the input stream's newline normalization (#normalize-newlines)
                pre.textContent = text.replace("\r\n", "\n").replace("\r", "\n")
                document.body.appendChild(pre)
                return document
            if mime.is_image or mime.is_audio_or_video:
                # https://html.spec.whatwg.org/#navigate-media: an img, video or audio element
                # whose src is the resource's URL
                document = Realm._document_of_type(url, essence)
                host = document.createElement("img" if mime.is_image else "audio" if mime.type == "audio" else "video")
                host.setAttribute("src", url)
                document.body.appendChild(host)
                return document
            return None
        except Exception:  # noqa: BLE001 -- an ill-formed file is an empty document, as a failed load
            return None

    @staticmethod
    def _document_of_type(url: str, essence: str) -> Any:
        """A document of the HTML kind whose content type is *essence*, in no-quirks mode and
        populated with html/head/body (https://html.spec.whatwg.org/#populate-with-html/head/body):
        the start of a text or media document."""
        document = parse_html(b"", url=url)
        document._content_type = essence
        document._mode = "no-quirks"
        return document

    def _navigate_form(self, form: Any, submission: Any, target: str) -> None:
        """A form's submission navigating a frame it targets (https://html.spec.whatwg.org/#plan-to-navigate,
        https://html.spec.whatwg.org/#navigate with a POST resource: the request's body and
        Content-Type go to *read*).  Only a child frame found by its target name, or for "_self"
        the frame whose document the form is in, navigates: the top document's own navigable and
        new ones (_blank) do not exist here."""
        if target.lower() in ("_parent", "_top", "_blank", "_unfencedtop"):
            return
        # "" is "_self" (https://html.spec.whatwg.org/#the-rules-for-choosing-a-navigable step 4):
        # the form's document's own frame, when it is a frame's
        name = None if target == "" or target.lower() == "_self" else target
        url = submission.url

        def make() -> Any:
            data = None
            if self._read is not None:
                if submission.method == "post":
                    data = self._read(url, submission.body, submission.content_type)
                else:
                    data = self._read(url)
            document = self._document_of_response(url, data) if data is not None else None
            return self._frame_document(document if document is not None else parse_html(b"", url=url))

        commit = self.frames["planNavigation"](self.bridge.js_value(form.ownerDocument), self.bridge.js_value(name))
        if commit is None or self.engine.is_null(commit):  # no such frame (JS null)
            return
        # the form's planned navigation, run in a task unless a later submission of the same
        # form replaces it first (form submission algorithm, "plan to navigate" steps 1-4)
        token = object()
        self._planned[form] = token

        def navigate() -> None:
            if self._planned.get(form) is token:
                del self._planned[form]
                commit(make)

        tasks.queue_a_task(navigate)

    def eval(self, source: str, filename: str = "script") -> Any:
        """Run *source* as a classic script and return its completion value; an uncaught
        exception is reported (``window.onerror``, "error" listeners, ``realm.messages``), not
        raised, as a page's scripts' are.  :meth:`evaluate` raises it instead.

        A global script, not an indirect ``eval``: its top-level ``let``/``const``/``class``
        declarations stay visible to later scripts, as between a page's scripts.  Outside a
        running asyncio loop the realm runs the script in its own loop and performs a microtask
        checkpoint after it (https://html.spec.whatwg.org/#clean-up-after-running-script):
        promise reactions and mutation observers have run when it returns."""
        try:
            return self._in_a_loop(source, filename)
        except ScriptError as error:
            self.loop["reportError"](self.engine.eval("(m) => new Error(m)")(f"{error.name}: {error.message}"))
            return None

    def evaluate(self, source: str, filename: str = "script") -> Any:
        """Like :meth:`eval`, but an uncaught exception is raised as :class:`ScriptError`
        (its JS name, message and stack)."""
        return self._in_a_loop(source, filename)

    def run_until_idle(self, timers: bool = True, max_tasks: int = 100_000) -> None:
        """:meth:`run` for code without a running asyncio loop: the realm's own loop runs the
        microtasks and timers (inside a running loop, ``await realm.run()``)."""
        if _running_loop() is not None:
            raise RuntimeError("an asyncio loop is running: await realm.run() instead")
        self._loop().run_until_complete(self.run(timers, max_tasks))

    def _loop(self) -> asyncio.AbstractEventLoop:
        if self._own_loop is None:
            self._own_loop = asyncio.new_event_loop()
        return self._own_loop

    def _in_a_loop(self, source: str, filename: str) -> Any:
        if _running_loop() is not None:
            return self._run_script(source, filename)

        async def script_then_checkpoint() -> Any:
            value = self._run_script(source, filename)
            await self._microtasks(asyncio.get_running_loop(), 100_000)
            self._end_checkpoint()
            self._update_the_rendering()
            await self._microtasks(asyncio.get_running_loop(), 100_000)
            self._end_checkpoint()
            return value

        return self._loop().run_until_complete(script_then_checkpoint())

    def _run_script(self, source: str, filename: str) -> Any:
        self._enter()
        try:
            return self.bridge.from_js(self.engine.eval(source, filename))
        except EngineScriptError as error:
            raise ScriptError(error.name, error.message, error.stack) from None

    def _enter(self) -> None:
        """Make this realm the current one: with several realms in a process (quickjs, v8),
        `new Text()` takes this realm's document and reported exceptions reach this global."""
        Realm._active = self
        document_module._DEFAULT[:] = [self.document]

    def _report_dom_exceptions(self) -> None:
        """The DOM reports an exception a listener throws (https://html.spec.whatwg.org/#report-an-exception)
        as a Python warning; in the JS world it reaches ``window.onerror`` and "error" listeners."""
        warnings.simplefilter("always", ReportedExceptionWarning)
        if not _SHOWN:  # one hook for every realm: one per realm, each wrapping the last, would keep them all
            _SHOWN.append(warnings.showwarning)
            warnings.showwarning = _show

    async def run(self, timers: bool = True, max_tasks: int = 100_000) -> None:
        """Run microtasks, then (with *timers*) timers one at a time, each followed by its
        microtasks, in the order of their due times on the virtual clock."""
        loop = asyncio.get_running_loop()
        self._enter()
        for _ in range(max_tasks):
            await self._microtasks(loop, max_tasks)
            self._end_checkpoint()
            self._update_the_rendering()
            await self._microtasks(loop, max_tasks)
            self._end_checkpoint()
            self.frames["reconcileAll"]()  # frames inserted since the last task get their documents
            if not timers or not self.loop["runTimer"]():
                return

    def _update_the_rendering(self) -> None:
        """The parts of https://html.spec.whatwg.org/#update-the-rendering webdom has, after each
        task and its microtasks: the focus fixup (step 17), which fires blur at a focused
        element that has stopped being focusable (the caller then runs the microtasks its
        listeners queued)."""
        focus_fixup(self.document)

    def _end_checkpoint(self) -> None:
        """https://html.spec.whatwg.org/#perform-a-microtask-checkpoint's last steps: ClearKeptObjects,
        and the bridge forgets the objects whose wrappers the engine has collected."""
        self.engine.clear_kept_objects()
        self.bridge.release_collected()

    async def _microtasks(self, loop: asyncio.AbstractEventLoop, max_tasks: int) -> None:
        """Perform a microtask checkpoint: promise jobs, and the mutation observer microtask
        (https://dom.spec.whatwg.org/#queue-a-mutation-observer-compound-microtask) whenever the
        DOM has queued one."""
        for _ in range(max_tasks):
            await self.engine.run_jobs(loop)
            if not mutation_observers.state["pending"]:
                return
            mutation_observers.notify_mutation_observers()


# The body is checked alone first (a body that closes the function early does not parse), then
# compiled in `with` scopes for the element, its form owner and its document (sloppy code, as
# a handler's outer scopes are object environments).
_COMPILE_HANDLER = r"""(doc, form, element, name, body, params) => {
  try {
    Function(params, body);
    const scopes = element === null ? "" : "with (webdom$d) with (webdom$f) with (webdom$e) ";
    const make = Function("webdom$d", "webdom$f", "webdom$e", scopes + "return "
      + "function " + name + "(" + params + ") {\n" + body + "\n};");
    return [true, make(doc, form === null ? Object.create(null) : form, element)];
  } catch (e) { return [false, e]; }
}"""


# the warnings.showwarning that _show wraps, once it does
_SHOWN: list[Any] = []


def _show(message: Any, category: Any, filename: str, lineno: int, file: Any = None, line: Any = None) -> None:
    """Show a warning; an exception the DOM reported goes to the active realm's global."""
    realm = Realm._active
    if isinstance(message, ReportedExceptionWarning) and realm is not None:
        realm.loop["reportError"](realm.bridge.js_error(message.exception))
    else:
        _SHOWN[0](message, category, filename, lineno, file, line)


@functools.cache
def _payload(keep_wrappers: bool, sweep_refs: bool = False) -> str:
    """binding.js's second argument, as a JS expression: the same for every realm of a process."""
    payload = {
        "interfaces": interface_specs(),
        "domexceptionCodes": dict(_domexception_codes()),
        "domexceptionConstants": _domexception_constants(),
        "callbackInterfaces": callback_interface_constants(),
        "keepWrappers": keep_wrappers,
        "sweepRefs": sweep_refs,
    }
    return f"({json.dumps(payload)})"


def _domexception_codes() -> dict[str, int]:
    return dict(ERROR_NAMES)


def _domexception_constants() -> dict[str, int]:
    return dict(LEGACY_CODES)
